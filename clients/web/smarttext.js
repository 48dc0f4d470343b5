// SmartText browser client: as-you-type formatting, a correct caret and
// friendly validation for <input> elements, from a SmartText service.
//
//   import { attach, attachForm } from "/smarttext.js";
//   attach(document.querySelector("#card"), { field: "credit_card" });
//   attachForm(document.querySelector("#signup"), { form: "signup" });
//
// How it works: every edit the user makes arrives as a `beforeinput` event,
// which is cancelled and sent to the service (`POST /v1/edit`) with the text
// before the edit, the range it replaces and its `inputType`. The answer's
// `change` is applied with `document.execCommand("insertText")`, the one way
// that keeps the browser's own undo and redo working (assigning `value` or
// calling `setRangeText` clears or bypasses the undo history in Chromium), and
// the caret is put where the answer says. Edits are sent one at a time, in
// order, each on the text the previous answer gave; a validation answer
// (blur, submit) older than the newest request is dropped. IME composition
// is left to the browser and sent as one edit when it ends.
// When the service cannot be reached (a network error, a 5xx answer, or a
// field it does not know) the input behaves as a plain input from then on.
// When it refuses one edit with another 4xx (a text over its --max-text,
// say), that edit is not made, the problem's detail is shown under the
// input, and a `smarttext:problem` event carries the problem.
// No dependencies; an ES module.

const segmenter =
  typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The UTF-16 offset where the user-perceived character before `offset` starts. */
function previousBoundary(text, offset) {
  if (offset <= 0) return 0;
  if (segmenter) {
    let start = 0;
    for (const segment of segmenter.segment(text.slice(0, offset))) start = segment.index;
    return start;
  }
  const code = text.charCodeAt(offset - 1);
  return code >= 0xdc00 && code <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
}

/** The UTF-16 offset where the user-perceived character at `offset` ends. */
function nextBoundary(text, offset) {
  if (offset >= text.length) return text.length;
  if (segmenter) {
    const first = segmenter.segment(text.slice(offset))[Symbol.iterator]().next().value;
    return offset + (first ? first.segment.length : 1);
  }
  const code = text.charCodeAt(offset);
  return code >= 0xd800 && code <= 0xdbff ? offset + 2 : offset + 1;
}

function previousWordBoundary(text, offset) {
  let position = offset;
  while (position > 0 && /\s/.test(text[position - 1])) position--;
  while (position > 0 && !/\s/.test(text[position - 1])) position--;
  return position;
}

function nextWordBoundary(text, offset) {
  let position = offset;
  while (position < text.length && /\s/.test(text[position])) position++;
  while (position < text.length && !/\s/.test(text[position])) position++;
  return position;
}

/** The smallest replacement turning `before` into `after`. */
function difference(before, after) {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let suffix = 0;
  while (suffix < shorter - start && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { start, end: before.length - suffix, text: after.slice(start, after.length - suffix) };
}

/**
 * True when an error means the service cannot help this input: no answer at
 * all, a server error (5xx, which includes 503 while it drains), or a 404
 * (the field or form is not in its registry: a configuration mistake).
 * Other 4xx answers refuse one request; the service is still there.
 */
function unreachable(error) {
  return error.status === undefined || error.status >= 500 || error.status === 404;
}

async function requestJSON(fetchImpl, url, body) {
  const init = body === undefined
    ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body) };
  const response = await fetchImpl(url, init);
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    const error = new Error(problem.detail || `HTTP ${response.status}`);
    error.status = response.status;
    error.problem = problem;
    throw error;
  }
  return response.json();
}

/**
 * Connects an <input> to a field configuration of the service.
 *
 * Options: `field` (a name or an array of names), `baseURL` (default: this
 * page's origin), `locale` (else the browser's Accept-Language),
 * `errorElement` (where messages go; by default a `.smarttext-errors` element
 * inserted after the input), `onAnswer(answer, event)`, `fetch`.
 *
 * Returns a controller: `{ field, ready, available, answer, validate(event),
 * detach() }`. The input also dispatches `smarttext:answer` (detail:
 * `{answer, event}`) and `smarttext:unavailable` events.
 */
export function attach(input, options) {
  const field = options.field;
  const baseURL = (options.baseURL || "").replace(/\/$/, "");
  const fetchImpl = options.fetch || globalThis.fetch.bind(globalThis);
  const state = {
    seq: 0, // the newest request sent
    queue: [],
    busy: false,
    applying: false,
    composing: null,
    degraded: false,
  };
  const controller = {
    field,
    available: true,
    answer: null,
    ready: null,
    /** Asks the service for the text's verdict on `event` ("blur", "submit") and shows it. */
    validate: (event = "blur") => validate(event),
    /** Shows an answer's (or a field verdict's) errors. */
    show: (answer, event) => render(answer, event),
    detach,
  };

  // Where messages are shown.
  let errorElement = options.errorElement;
  if (!errorElement) {
    errorElement = document.createElement("div");
    errorElement.className = "smarttext-errors";
    errorElement.setAttribute("role", "alert");
    errorElement.hidden = true;
    if (input.id) {
      errorElement.id = `${input.id}-errors`;
      input.setAttribute("aria-describedby", errorElement.id);
    }
    input.after(errorElement);
  }

  const body = (extra) => {
    const request = { field, ...extra };
    if (options.locale) request.locale = options.locale;
    return request;
  };

  function degrade(error) {
    if (state.degraded) return;
    state.degraded = true;
    controller.available = false;
    if (error && error.status === 404) console.error(`SmartText: ${error.message}`);
    input.dispatchEvent(new CustomEvent("smarttext:unavailable", { bubbles: true, detail: { error } }));
  }

  /** The service refused one request (a 4xx other than 404): say why, keep the field as it is. */
  function refused(error) {
    errorElement.textContent = error.message;
    errorElement.hidden = false;
    input.dispatchEvent(new CustomEvent("smarttext:problem", { bubbles: true, detail: { problem: error.problem } }));
  }

  // Client hints from the field's configuration.
  controller.ready = requestJSON(fetchImpl, `${baseURL}/v1/fields/${encodeURIComponent([].concat(field).at(-1))}`)
    .then((description) => {
      const hints = description.hints || {};
      if (hints.inputmode && !input.hasAttribute("inputmode")) input.setAttribute("inputmode", hints.inputmode);
      if (hints.autocomplete && !input.hasAttribute("autocomplete")) input.setAttribute("autocomplete", hints.autocomplete);
      if (hints.placeholder && !input.hasAttribute("placeholder")) input.setAttribute("placeholder", hints.placeholder);
      controller.description = description;
      return description;
    })
    .catch((error) => {
      if (unreachable(error)) degrade(error);
      return null;
    });

  /** Replaces `start..<end` with `text` as one undoable step. */
  function replaceRange(start, end, text) {
    state.applying = true;
    try {
      input.setSelectionRange(start, end);
      let done = false;
      if (document.activeElement === input && typeof document.execCommand === "function") {
        done = text === "" ? document.execCommand("delete", false) : document.execCommand("insertText", false, text);
      }
      if (!done) {
        input.setRangeText(text, start, end, "end");
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    } finally {
      state.applying = false;
    }
  }

  function render(answer, event) {
    const errors = answer.errors || [];
    errorElement.textContent = errors.map((error) => error.message).join("\n");
    errorElement.hidden = errors.length === 0;
    input.setAttribute("aria-invalid", errors.length ? "true" : "false");
    controller.answer = answer;
    if (options.onAnswer) options.onAnswer(answer, event);
    input.dispatchEvent(new CustomEvent("smarttext:answer", { bubbles: true, detail: { answer, event } }));
  }

  /**
   * Applies an edit's answer to a request sent with `sentText`. Edits go one
   * at a time, so their answers come in order and none is stale; a
   * validation sent meanwhile has its own answer dropped (see `validate`).
   */
  function apply(answer, sentText) {
    const current = input.value;
    // The answer's change is relative to the text sent; if the field moved on
    // (IME text, an undo), go from what it holds now.
    const change = current === sentText ? answer.change : difference(current, answer.text);
    if (change.start !== change.end || change.text !== "") replaceRange(change.start, change.end, change.text);
    if (document.activeElement === input) input.setSelectionRange(answer.caret, answer.caret);
    render(answer, "change");
  }

  function pump() {
    if (state.busy || state.queue.length === 0) return;
    const edit = state.queue.shift();
    const text = edit.base ? edit.base.text : input.value;
    let start = edit.base ? edit.base.start : input.selectionStart;
    let end = edit.base ? edit.base.end : input.selectionEnd;
    if (start === end) {
      switch (edit.inputType) {
        case "deleteContentBackward": start = previousBoundary(text, start); break;
        case "deleteContentForward": end = nextBoundary(text, end); break;
        case "deleteWordBackward": start = previousWordBoundary(text, start); break;
        case "deleteWordForward": end = nextWordBoundary(text, end); break;
        case "deleteSoftLineBackward": case "deleteHardLineBackward": start = 0; break;
        case "deleteSoftLineForward": case "deleteHardLineForward": end = text.length; break;
      }
    }
    if (start === end && edit.replacement === "") return pump();
    state.busy = true;
    const seq = ++state.seq;
    requestJSON(fetchImpl, `${baseURL}/v1/edit`,
      body({ text, range: { start, end }, replacement: edit.replacement, inputType: edit.inputType, seq }))
      .then((answer) => apply(answer, text))
      .catch((error) => {
        if (!unreachable(error)) return refused(error);
        // The service is gone: apply the edit as a plain input would and stop intercepting.
        if (!edit.base) {
          replaceRange(start, end, edit.replacement);
        }
        degrade(error);
      })
      .finally(() => {
        state.busy = false;
        pump();
      });
  }

  function onBeforeInput(event) {
    if (state.applying || state.degraded) return;
    // An IME is composing: leave it alone until compositionend.
    if (event.isComposing || event.inputType === "insertCompositionText" || state.composing) return;
    // The browser's own undo and redo work on the history our edits keep.
    if (event.inputType === "historyUndo" || event.inputType === "historyRedo") return;
    event.preventDefault();
    if (event.inputType.startsWith("format") || event.inputType === "insertLineBreak" ||
        event.inputType === "insertParagraph") return;
    let replacement = "";
    if (event.inputType.startsWith("insert")) {
      replacement = event.data ?? (event.dataTransfer ? event.dataTransfer.getData("text/plain") : "") ?? "";
    }
    state.queue.push({ inputType: event.inputType, replacement });
    pump();
  }

  function onCompositionStart() {
    state.composing = { text: input.value, start: input.selectionStart, end: input.selectionEnd };
  }

  function onCompositionEnd(event) {
    const base = state.composing;
    state.composing = null;
    if (!base || state.degraded) return;
    // One edit for the composed text, from the text before composition began.
    state.queue.push({ inputType: "insertText", replacement: event.data || "", base });
    pump();
  }

  async function validate(event) {
    if (state.degraded) return null;
    const text = input.value;
    const seq = ++state.seq;
    try {
      const answer = await requestJSON(fetchImpl, `${baseURL}/v1/format`, body({ text, event, seq }));
      // A newer request (an edit or another validation) went out, or the text moved on: stale.
      if (answer.seq !== state.seq || input.value !== text) return answer;
      if (answer.text !== text) {
        const change = difference(text, answer.text);
        replaceRange(change.start, change.end, change.text);
      }
      render(answer, event);
      return answer;
    } catch (error) {
      if (unreachable(error)) degrade(error);
      else refused(error);
      return null;
    }
  }

  function onBlur() {
    if (options.onBlur) options.onBlur(controller);
    else validate("blur");
  }

  input.addEventListener("beforeinput", onBeforeInput);
  input.addEventListener("compositionstart", onCompositionStart);
  input.addEventListener("compositionend", onCompositionEnd);
  input.addEventListener("blur", onBlur);

  function detach() {
    input.removeEventListener("beforeinput", onBeforeInput);
    input.removeEventListener("compositionstart", onCompositionStart);
    input.removeEventListener("compositionend", onCompositionEnd);
    input.removeEventListener("blur", onBlur);
    if (!options.errorElement) errorElement.remove();
  }

  return controller;
}

/**
 * Connects a <form> to a form of the service: each input whose `name` is a
 * field of the form is attached; Enter moves to the next field (and submits
 * on the last, whose return key says "done"); leaving a field and submitting
 * check the whole form with `POST /v1/validate`, so cross-field rules
 * (a password confirmation) are shown under the right field.
 *
 * Options: `form` (the form's name), `baseURL`, `locale`, `fetch`,
 * `onSubmit(values, answer)` (called when the form is valid; without it the
 * form is submitted natively). Returns a promise of a controller:
 * `{ fields, available, validate(event), detach() }`.
 */
export async function attachForm(formElement, options) {
  const baseURL = (options.baseURL || "").replace(/\/$/, "");
  const fetchImpl = options.fetch || globalThis.fetch.bind(globalThis);
  let description;
  try {
    description = await requestJSON(fetchImpl, `${baseURL}/v1/forms/${encodeURIComponent(options.form)}`);
  } catch (error) {
    return { fields: {}, available: false, validate: async () => null, detach() {} };
  }
  const fields = {};
  const inputs = [];
  for (const formField of description.fields) {
    const input = formElement.elements.namedItem(formField.name);
    if (!input) continue;
    input.setAttribute("enterkeyhint", formField.returnKey);
    inputs.push({ formField, input });
    fields[formField.name] = attach(input, {
      field: formField.field, baseURL, locale: options.locale, fetch: fetchImpl,
      onBlur: () => validateForm("blur", formField.name),
    });
  }

  let seq = 0;
  /** Checks the whole form; shows the verdict of `only` (a field name) or of every field. */
  async function validateForm(event, only) {
    const values = {};
    for (const { formField, input } of inputs) values[formField.name] = input.value;
    const request = { form: options.form, values, event };
    if (options.locale) request.locale = options.locale;
    const mine = ++seq;
    let answer;
    try {
      answer = await requestJSON(fetchImpl, `${baseURL}/v1/validate`, request);
    } catch (error) {
      return null;
    }
    if (mine !== seq) return answer;
    for (const [name, verdict] of Object.entries(answer.fields)) {
      if (only && name !== only) continue;
      if (fields[name]) fields[name].show(verdict, event);
    }
    return answer;
  }

  function onKeyDown(event) {
    if (event.key !== "Enter" || event.isComposing) return;
    const index = inputs.findIndex(({ input }) => input === event.target);
    if (index < 0) return;
    event.preventDefault();
    const next = inputs[index].formField.next;
    const target = next && inputs.find(({ formField }) => formField.name === next);
    if (target) target.input.focus();
    else formElement.requestSubmit();
  }

  async function onSubmit(event) {
    event.preventDefault();
    const answer = await validateForm("submit");
    if (!answer || !answer.valid) return;
    const values = Object.fromEntries(Object.entries(answer.fields).map(([name, verdict]) => [name, verdict.value]));
    if (options.onSubmit) options.onSubmit(values, answer);
    else formElement.submit();
  }

  formElement.addEventListener("keydown", onKeyDown);
  formElement.addEventListener("submit", onSubmit);
  return {
    fields,
    available: true,
    description,
    validate: validateForm,
    detach() {
      formElement.removeEventListener("keydown", onKeyDown);
      formElement.removeEventListener("submit", onSubmit);
      for (const controller of Object.values(fields)) controller.detach();
    },
  };
}
