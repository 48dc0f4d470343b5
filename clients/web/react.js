// useSmartText: the SmartText client as a React hook (React 18 or later).
//
//   import { useSmartText } from "smarttext-client/react";
//
//   function CardInput() {
//     const card = useSmartText({ field: "credit_card" });
//     return <>
//       <input {...card.inputProps} />
//       {card.errors.map((error) => <p key={error.rule}>{error.message}</p>)}
//     </>;
//   }
//
// The input stays uncontrolled: SmartText applies every key to it at once and merges the service's
// formatting in (see smarttext.js), and the hook follows along in React state: the text, the caret,
// the value to submit, the errors and state of the newest text, the field's hints. Give `inputProps`
// to exactly one <input>; do not set its `value` yourself (`reset(text)` sets it).
import React from "react";

import { attach } from "./smarttext.js";

const { useCallback, useEffect, useMemo, useRef, useState } = React;
// HTML's inputmode values (React's type of `inputMode`); a registry's other hint is not passed to the input.
const INPUT_MODES = new Set(["none", "text", "tel", "url", "email", "numeric", "decimal", "search"]);

/**
 * Options: those of `attach` (`field`, `baseURL`, `locale`, `region`, `fetch`, `timeout`, `errorElement`),
 * and `initialText`. Returns `{ inputProps, text, caret, value, errors, state, valid, complete,
 * hints, available, answer, controller, validate(event), reset(text) }`.
 */
export function useSmartText(options) {
  const { field, baseURL, locale, region, fetch, timeout, errorElement, initialText = "" } = options;
  // A new locale or region (a country picker's choice) connects the input anew.
  const key = JSON.stringify([field, baseURL ?? null, locale ?? null, region ?? null]);
  const inputRef = useRef(null);
  const controllerRef = useRef(null);
  const [element, setElement] = useState(null);
  const [snapshot, setSnapshot] = useState({
    text: initialText, caret: initialText.length, answer: null, hints: null, available: true, touched: false,
  });

  // The ref callback: React calls it with the element on mount and null on unmount.
  const ref = useCallback((node) => {
    inputRef.current = node;
    setElement(node);
  }, []);

  useEffect(() => {
    if (!element) return undefined;
    if (element.value === "" && initialText) element.value = initialText;
    const update = (changes) => setSnapshot((current) => ({ ...current, ...changes }));
    // Invalid once the field was left or submitted (as smarttext.js says it): not while a text is typed.
    const onAnswer = (event) => setSnapshot((current) => ({
      ...current, answer: event.detail.answer, touched: current.touched || event.detail.event !== "change",
    }));
    const onUnavailable = () => update({ available: false });
    const follow = () => update({ text: element.value, caret: element.selectionEnd ?? element.value.length });
    const controller = attach(element, {
      field, baseURL, locale, region, fetch, timeout,
      // Errors are React's to render; the client still needs somewhere to write them.
      errorElement: errorElement || document.createElement("div"),
    });
    controllerRef.current = controller;
    element.addEventListener("smarttext:answer", onAnswer);
    element.addEventListener("smarttext:unavailable", onUnavailable);
    // What the input shows changes by keys (input events do not fire for the client's own
    // changes): follow it on every frame the input has focus, and on its events.
    let frame = null;
    const watch = () => {
      follow();
      frame = typeof requestAnimationFrame === "function" && document.activeElement === element
        ? requestAnimationFrame(watch) : null;
    };
    const onFocus = () => watch();
    const events = ["keyup", "input", "select", "focus", "blur", "smarttext:answer"];
    for (const name of events) element.addEventListener(name, follow);
    element.addEventListener("focus", onFocus);
    controller.ready.then((description) => {
      update({ hints: description ? description.hints : null, available: controller.available });
      follow();
    });
    return () => {
      if (frame !== null && typeof cancelAnimationFrame === "function") cancelAnimationFrame(frame);
      for (const name of events) element.removeEventListener(name, follow);
      element.removeEventListener("focus", onFocus);
      element.removeEventListener("smarttext:answer", onAnswer);
      element.removeEventListener("smarttext:unavailable", onUnavailable);
      controller.detach();
      controllerRef.current = null;
    };
    // `fetch` and `errorElement` are read once per field; a new function each render must not re-attach.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [element, key]);

  const validate = useCallback((event = "blur") => controllerRef.current?.validate(event) ?? Promise.resolve(null), []);
  const reset = useCallback((text) => {
    const input = inputRef.current;
    if (!input) return;
    input.value = text;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, []);

  const { text, caret, answer, hints, available, touched } = snapshot;
  const inputProps = useMemo(() => {
    const props = { ref, defaultValue: initialText, spellCheck: false };
    if (INPUT_MODES.has(hints?.inputmode)) props.inputMode = hints.inputmode;
    if (hints?.autocomplete) props.autoComplete = hints.autocomplete;
    if (hints?.placeholder) props.placeholder = hints.placeholder;
    if (hints?.secure) props.type = "password";
    if (answer) props["aria-invalid"] = touched && answer.errors.length > 0 ? "true" : "false";
    return props;
  }, [ref, hints, answer, touched, initialText]);

  return {
    inputProps,
    text,
    caret,
    value: answer?.value ?? text,
    errors: answer?.errors ?? [],
    state: answer?.state ?? (text === "" ? "empty" : null),
    valid: answer?.valid ?? false,
    complete: answer?.complete ?? false,
    hints,
    available,
    answer,
    controller: controllerRef.current,
    validate,
    reset,
  };
}
