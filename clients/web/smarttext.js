// SmartText browser client: as-you-type formatting, a correct caret and
// friendly validation for <input> elements, from a SmartText service.
//
//   import { attach, attachForm } from "/smarttext.js";
//   attach(document.querySelector("#card"), { field: "credit_card" });
//   attachForm(document.querySelector("#signup"), { form: "signup" });
//
// How it works: every key shows in the field at once, as in a plain input,
// and the service's formatting merges in when it arrives, whatever the round
// trip. Each edit (from a `beforeinput` event) is applied locally and recorded
// with its range on the text the user saw and, when the client knows where the
// caret was (where the previous edit left it, Home, End, select-all), that
// anchor. At most one request is in flight per field: the edits made meanwhile
// wait and go together in the next one (`POST /v1/edit` with `edits`). When an
// answer arrives, the edits made since are moved onto its text through the
// answer's `map` (each position of the text the user saw, in the answer) and
// sent on, so nothing the user did is lost or reordered; the service replays
// anchored keys exactly where they were made, so the final text and caret are
// those of typing the same keys with no latency. Characters the field can
// never accept (discovery's `accepts`) are dropped before they show.
//
// Undo and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) go back and forth between the
// texts the user saw before each key. IME composition is left to the browser
// and sent as one edit when it ends. When the service cannot be reached (a
// network error, a 5xx answer) the input behaves as a plain input; the next
// edit that gets an answer formats the whole text again. A field the service
// does not know (404) stays a plain input. When the service refuses an edit
// with another 4xx (a text over its --max-text, say), the text goes back to
// the last answer, the problem's detail is shown under the input, and a
// `smarttext:problem` event carries the problem.
// No dependencies; an ES module.

const segmenter =
  typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The UTF-16 offset where the user-perceived character before `offset` starts. */
export function previousBoundary(text, offset) {
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
export function nextBoundary(text, offset) {
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
export function difference(before, after) {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let suffix = 0;
  while (suffix < shorter - start && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { start, end: before.length - suffix, text: after.slice(start, after.length - suffix) };
}

/** `text` with `start..<end` replaced by `replacement`. */
function splice(text, start, end, replacement) {
  return text.slice(0, start) + replacement + text.slice(end);
}

const DIGIT = /^\p{Nd}$/u;
const LETTER = /^\p{Alphabetic}$/u;
const SPACE = /^\p{White_Space}$/u;

/**
 * Keeps the characters of `text` a field can accept (discovery's `accepts`,
 * classified as the service does: a full-width ASCII form as ASCII, then digit,
 * letter, white space or other). Without a set, everything is kept.
 */
export function acceptedPart(text, accepts) {
  if (!accepts) return text;
  let kept = "";
  for (const character of text) {
    const code = character.codePointAt(0);
    const ascii = code >= 0xff01 && code <= 0xff5e ? String.fromCodePoint(code - 0xfee0) : code === 0x3000 ? " " : character;
    let accepted;
    if (accepts.characters.includes(ascii)) accepted = true;
    else if (DIGIT.test(ascii)) accepted = accepts.digits;
    else if (LETTER.test(ascii)) accepted = accepts.letters;
    else if (SPACE.test(ascii)) accepted = accepts.whitespace;
    else accepted = accepts.others;
    if (accepted) kept += character;
  }
  return kept;
}

/** The characters every field of a composition accepts (a character must get through each). */
function intersectAccepts(sets) {
  if (sets.some((set) => !set)) return null;
  if (sets.length === 1) return sets[0];
  const characters = [...new Set(sets.flatMap((set) => [...set.characters]))]
    .filter((character) => sets.every((set) => acceptedPart(character, set) === character)).join("");
  return {
    digits: sets.every((set) => set.digits), letters: sets.every((set) => set.letters),
    whitespace: sets.every((set) => set.whitespace), others: sets.every((set) => set.others), characters,
  };
}

/**
 * Moves edits made on a text onto the answer for it: each edit's range through
 * `map` (every position of the text, in the answer), which is then extended
 * over the edit. Returns the moved edits (their anchors kept) and the map of
 * the last text's positions. The service moves ranges the same way.
 */
export function rebase(edits, map) {
  let positions = map;
  const moved = [];
  for (const edit of edits) {
    const inserted = edit.replacement.length;
    const start = positions[edit.start];
    const end = Math.max(positions[edit.end], start);
    moved.push({ ...edit, start, end });
    const count = positions.length - 1 - (edit.end - edit.start) + inserted;
    const next = new Array(count + 1);
    for (let position = 0; position <= count; position++) {
      if (position <= edit.start) next[position] = positions[position];
      else if (position <= edit.start + inserted) next[position] = start + position - edit.start;
      else next[position] = positions[position - inserted + edit.end - edit.start] - end + start + inserted;
    }
    positions = next;
  }
  return { edits: moved, map: positions };
}

/**
 * The reconciliation of one field, without a DOM: what the user sees
 * (`shown`, `selection`), the last answer (`base`, `baseCaret`), the edits in
 * flight (`sent`) and those made since (`queued`). The DOM glue (`attach`) and
 * the tests drive it:
 *
 *   model.edit(start, end, replacement, inputType)   // a key, applied at once
 *   model.select(start, end, anchor)                 // the caret moved ("start", "end", "all" or null)
 *   const request = model.nextRequest()              // the batch to send, or null
 *   model.receive(answer, request)                   // its answer: shown and selection updated
 *   model.fail()                                      // the request got no answer: keep what is shown
 */
export function createEditModel(text = "", caret = text.length) {
  const model = {
    base: text,
    baseCaret: caret,
    shown: text,
    selection: { start: caret, end: caret },
    /** Where the caret is in terms the service can replay: "caret", "start", "end", "all", or null (a click). */
    anchor: "caret",
    sent: null,
    queued: [],
    /** Bumped when what is shown is set from outside (undo, a failure): answers for older requests are dropped. */
    generation: 0,

    /** Shows `text` with `selection` as the new starting point; nothing pending. */
    reset(newText, selection = { start: newText.length, end: newText.length }) {
      model.base = newText;
      model.baseCaret = selection.end;
      model.shown = newText;
      model.selection = { ...selection };
      model.anchor = "caret";
      model.sent = null;
      model.queued = [];
      model.generation++;
    },

    /** True when an edit waits for its answer. */
    get busy() {
      return model.sent !== null || model.queued.length > 0;
    },

    /** A key's edit, applied to what is shown at once. */
    edit(start, end, replacement, inputType) {
      model.queued.push({ start, end, replacement, inputType, anchor: model.anchor });
      model.shown = splice(model.shown, start, end, replacement);
      const caret = start + replacement.length;
      model.selection = { start: caret, end: caret };
      model.anchor = "caret";
    },

    /** A key the field refuses: nothing changes but the selection, which collapses to its start. */
    refuse() {
      model.selection = { start: model.selection.start, end: model.selection.start };
      if (model.anchor === "all") model.anchor = "start";
    },

    /** The user moved the caret or the selection (`anchor` says how, when a key did). */
    select(start, end, anchor = null) {
      model.selection = { start, end };
      model.anchor = anchor;
    },

    /** The next batch to send, when none is in flight: `{text, caret, edits, generation}`. */
    nextRequest() {
      if (model.sent !== null || model.queued.length === 0) return null;
      model.sent = model.queued;
      model.queued = [];
      return { text: model.base, caret: model.baseCaret, edits: model.sent, generation: model.generation };
    },

    /**
     * The answer to `request`: the edits made since move onto its text.
     * Returns true when nothing is pending any more (the answer is the newest text's).
     */
    receive(answer, request) {
      if (request.generation !== model.generation || model.sent !== request.edits) return false;
      model.base = answer.text;
      model.baseCaret = answer.caret;
      model.sent = null;
      const moved = rebase(model.queued, answer.map);
      model.queued = moved.edits;
      let shown = answer.text;
      for (const edit of moved.edits) shown = splice(shown, edit.start, edit.end, edit.replacement);
      model.shown = shown;
      if (moved.edits.length > 0 || model.anchor === null) {
        model.selection = { start: moved.map[model.selection.start], end: moved.map[model.selection.end] };
      } else if (model.anchor === "caret") {
        model.selection = { start: answer.caret, end: answer.caret };
      } else if (model.anchor === "start") {
        model.selection = { start: 0, end: 0 };
      } else if (model.anchor === "end") {
        model.selection = { start: shown.length, end: shown.length };
      } else {
        model.selection = { start: 0, end: shown.length };
      }
      return model.queued.length === 0;
    },

    /** The request got no answer: what is shown stays, and becomes the starting point. */
    fail() {
      const { shown, selection, anchor } = model;
      model.reset(shown, selection);
      model.anchor = anchor;
    },
  };
  return model;
}

/**
 * True when an error means the service cannot help right now: no answer at
 * all, or a server error (5xx, which includes 503 while it drains).
 */
function unreachable(error) {
  return error.status === undefined || error.status >= 500;
}

async function requestJSON(fetchImpl, url, body, timeout = 10000) {
  const controller = typeof AbortController !== "undefined" ? new AbortController() : null;
  const timer = controller ? setTimeout(() => controller.abort(), timeout) : null;
  const init = body === undefined
    ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body) };
  if (controller) init.signal = controller.signal;
  try {
    const response = await fetchImpl(url, init);
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      const error = new Error(problem.detail || `HTTP ${response.status}`);
      error.status = response.status;
      error.problem = problem;
      throw error;
    }
    return await response.json();
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Connects an <input> to a field configuration of the service.
 *
 * Options: `field` (a name or an array of names), `baseURL` (default: this
 * page's origin), `locale` (else the browser's Accept-Language), `region`
 * (the phone region of fields without one, else the locale's: a country picker's choice),
 * `errorElement` (where messages go; by default a `.smarttext-errors` element
 * inserted after the input), `onAnswer(answer, event)`, `onBlur(controller)`,
 * `fetch`, `timeout` (ms before a request counts as unanswered; 10000).
 *
 * Returns a controller: `{ field, ready, available, answer, validate(event),
 * show(answer, event), settled(), detach() }`. The input also dispatches
 * `smarttext:answer` (detail: `{answer, event}`), `smarttext:unavailable` and
 * `smarttext:problem` events.
 */
export function attach(input, options) {
  const field = options.field;
  const names = [].concat(field);
  const baseURL = (options.baseURL || "").replace(/\/$/, "");
  const fetchImpl = options.fetch || globalThis.fetch.bind(globalThis);
  const timeout = options.timeout || 10000;
  const model = createEditModel(input.value, input.value.length);
  const state = {
    accepts: null,
    offline: false,
    unknown: false,
    composing: null,
    hint: null,
    undo: [],
    redo: [],
    seq: 0,
    waiters: [],
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
    /** Resolves once no edit waits for an answer. */
    settled,
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
    if (options.region) request.region = options.region;
    return request;
  };

  function setAvailable(available, error) {
    if (controller.available === available) return;
    controller.available = available;
    if (!available) {
      if (error && error.status === 404) console.error(`SmartText: ${error.message}`);
      input.dispatchEvent(new CustomEvent("smarttext:unavailable", { bubbles: true, detail: { error } }));
    }
  }

  /** The service refused one request (a 4xx): say why. */
  function refused(error) {
    errorElement.textContent = error.message;
    errorElement.hidden = false;
    input.dispatchEvent(new CustomEvent("smarttext:problem", { bubbles: true, detail: { problem: error.problem } }));
  }

  /** Makes the input show `text` with `selection`, changing only what differs. */
  function display(text, selection) {
    if (input.value !== text) {
      const change = difference(input.value, text);
      input.setRangeText(change.text, change.start, change.end, "preserve");
    }
    if (document.activeElement === input) input.setSelectionRange(selection.start, selection.end);
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

  function notifySettled() {
    if (model.busy) return;
    const waiters = state.waiters;
    state.waiters = [];
    for (const resolve of waiters) resolve();
  }

  function settled() {
    if (!model.busy) return Promise.resolve();
    return new Promise((resolve) => state.waiters.push(resolve));
  }

  /** Sends the edits waiting, when no request is in flight. */
  function pump() {
    if (state.unknown || state.composing) return;
    const request = model.nextRequest();
    if (!request) return notifySettled();
    const seq = ++state.seq;
    const edits = request.edits.map((edit) => {
      const sent = { range: { start: edit.start, end: edit.end }, replacement: edit.replacement };
      if (edit.inputType) sent.inputType = edit.inputType;
      if (edit.anchor) sent.anchor = edit.anchor;
      return sent;
    });
    requestJSON(fetchImpl, `${baseURL}/v1/edit`, body({ text: request.text, caret: request.caret, edits, seq }), timeout)
      .then((answer) => {
        state.offline = false;
        setAvailable(true);
        if (state.composing) {
          // Not while an IME composes: the answer waits for compositionend.
          state.composing.answers.push({ answer, request });
          return;
        }
        apply(answer, request);
      })
      .catch((error) => {
        if (request.generation !== model.generation) return;
        if (unreachable(error) || error.status === 404) {
          // No answer: the field is a plain input for now; what is shown stays.
          state.offline = true;
          if (error.status === 404) state.unknown = true;
          setAvailable(false, error);
          model.fail();
          return;
        }
        // Refused (a 4xx): back to the last answer.
        model.reset(request.text, { start: request.caret, end: request.caret });
        display(model.shown, model.selection);
        refused(error);
      })
      .finally(() => pump());
  }

  function apply(answer, request) {
    const settledNow = model.receive(answer, request);
    display(model.shown, model.selection);
    // Messages only for the newest text, never for an older one.
    if (settledNow) render(answer, "change");
  }

  /** The range a key acts on, from the selection and what it does. */
  function rangeOf(inputType, text, selection) {
    let { start, end } = selection;
    if (start === end) {
      switch (inputType) {
        case "deleteContentBackward": start = previousBoundary(text, start); break;
        case "deleteContentForward": end = nextBoundary(text, end); break;
        case "deleteWordBackward": start = previousWordBoundary(text, start); break;
        case "deleteWordForward": end = nextWordBoundary(text, end); break;
        case "deleteSoftLineBackward": case "deleteHardLineBackward": start = 0; break;
        case "deleteSoftLineForward": case "deleteHardLineForward": end = text.length; break;
      }
    }
    return { start, end };
  }

  /** A value the page set (not the user's keys) is the new starting point. */
  function syncValue() {
    if (input.value !== model.shown) {
      model.reset(input.value, { start: input.selectionStart ?? input.value.length, end: input.selectionEnd ?? input.value.length });
    }
  }

  /** Records a key's edit and shows it. */
  function localEdit(inputType, typed) {
    syncValue();
    syncSelection();
    const replacement = state.offline ? typed : acceptedPart(typed, state.accepts);
    if (typed !== "" && replacement === "") {
      // The field can never take these characters: nothing shows, as the service would refuse them.
      model.refuse();
      display(model.shown, model.selection);
      return;
    }
    const { start, end } = rangeOf(inputType, model.shown, model.selection);
    state.undo.push({ text: model.shown, selection: { ...model.selection } });
    state.redo = [];
    model.edit(start, end, replacement, inputType);
    display(model.shown, model.selection);
    pump();
  }

  /** Notes a caret move the user made (a key's `hint` says which: "start", "end", "all"). */
  function syncSelection() {
    if (document.activeElement !== input || state.composing) return;
    const { selectionStart: start, selectionEnd: end } = input;
    if (start === model.selection.start && end === model.selection.end) {
      if (state.hint) model.anchor = state.hint;
      state.hint = null;
      return;
    }
    model.select(start, end, state.hint);
    state.hint = null;
  }

  function onBeforeInput(event) {
    if (state.unknown) return;
    // An IME is composing: leave it alone until compositionend.
    if (event.isComposing || event.inputType === "insertCompositionText" || state.composing) return;
    event.preventDefault();
    if (event.inputType === "historyUndo") return undo();
    if (event.inputType === "historyRedo") return redo();
    if (event.inputType.startsWith("format") || event.inputType === "insertLineBreak" ||
        event.inputType === "insertParagraph") return;
    let replacement = "";
    if (event.inputType.startsWith("insert")) {
      replacement = event.data ?? (event.dataTransfer ? event.dataTransfer.getData("text/plain") : "") ?? "";
    }
    localEdit(event.inputType, replacement);
  }

  function onKeyDown(event) {
    if (state.unknown || event.isComposing) return;
    syncValue();
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (command && !event.altKey && (key === "z" || key === "y")) {
      event.preventDefault();
      if (key === "y" || event.shiftKey) redo(); else undo();
      return;
    }
    if (command && key === "a") state.hint = "all";
    else if (key === "Home" && !event.shiftKey) state.hint = "start";
    else if (key === "End" && !event.shiftKey) state.hint = "end";
    else if (key === "Backspace" || key === "Delete") {
      // With nothing to delete in what is shown, the browser sends no edit, but the service's text
      // may hold something there it has not shown yet: send the key anyway.
      syncSelection();
      const { start, end } = model.selection;
      const atEdge = key === "Backspace" ? start === 0 : end === model.shown.length;
      if (start === end && atEdge && !state.offline) {
        event.preventDefault();
        model.edit(start, end, "", key === "Backspace" ? "deleteContentBackward" : "deleteContentForward");
        pump();
      }
    } else if (!command) state.hint = null;
    // The caret keys move it after this event: note where it went then.
    setTimeout(syncSelection, 0);
  }

  function undo() {
    const previous = state.undo.pop();
    if (!previous) return;
    state.redo.push({ text: model.shown, selection: { ...model.selection } });
    model.reset(previous.text, previous.selection);
    display(model.shown, model.selection);
    notifySettled();
  }

  function redo() {
    const next = state.redo.pop();
    if (!next) return;
    state.undo.push({ text: model.shown, selection: { ...model.selection } });
    model.reset(next.text, next.selection);
    display(model.shown, model.selection);
    notifySettled();
  }

  function onSelectionChange() {
    if (document.activeElement === input) syncSelection();
  }

  function onCompositionStart() {
    syncSelection();
    state.composing = { text: model.shown, selection: { ...model.selection }, answers: [] };
  }

  function onCompositionEnd(event) {
    const composing = state.composing;
    state.composing = null;
    if (!composing || state.unknown) return;
    // What the IME typed is one edit, from the text and selection before composition began. The browser
    // has put it in the input already; answers that came meanwhile are applied first.
    const composed = event.data || "";
    for (const { answer, request } of composing.answers) model.receive(answer, request);
    state.undo.push({ text: model.shown, selection: { ...model.selection } });
    const { start, end } = model.selection;
    model.edit(start, end, state.offline ? composed : acceptedPart(composed, state.accepts), "insertText");
    display(model.shown, model.selection);
    pump();
  }

  /** An input event this client did not cause (the page, an extension): the new starting point. */
  function onInput(event) {
    if (state.composing || event.isComposing) return;
    syncValue();
  }

  async function validate(event) {
    if (state.unknown) return null;
    await settled();
    const text = input.value;
    const seq = ++state.seq;
    const generation = model.generation;
    try {
      const answer = await requestJSON(fetchImpl, `${baseURL}/v1/format`, body({ text, event, seq }), timeout);
      state.offline = false;
      setAvailable(true);
      // A newer request went out, or the text moved on: this verdict is for an older text.
      if (answer.seq !== state.seq || input.value !== text || model.busy || generation !== model.generation) {
        return answer;
      }
      if (answer.text !== text) {
        const caret = document.activeElement === input ? input.selectionEnd : answer.text.length;
        model.reset(answer.text, { start: Math.min(caret, answer.text.length), end: Math.min(caret, answer.text.length) });
        display(model.shown, model.selection);
      }
      render(answer, event);
      return answer;
    } catch (error) {
      if (unreachable(error) || error.status === 404) {
        state.offline = true;
        setAvailable(false, error);
      } else {
        refused(error);
      }
      return null;
    }
  }

  function onBlur() {
    if (options.onBlur) options.onBlur(controller);
    else validate("blur");
  }

  input.addEventListener("beforeinput", onBeforeInput);
  input.addEventListener("keydown", onKeyDown);
  input.addEventListener("input", onInput);
  input.addEventListener("compositionstart", onCompositionStart);
  input.addEventListener("compositionend", onCompositionEnd);
  input.addEventListener("blur", onBlur);
  input.addEventListener("mouseup", () => setTimeout(syncSelection, 0));
  document.addEventListener("selectionchange", onSelectionChange);

  // Client hints and the accepted characters from the field's configuration; a value the input
  // already holds is formatted.
  controller.ready = Promise.all(names.map((name) =>
    requestJSON(fetchImpl, `${baseURL}/v1/fields/${encodeURIComponent(name)}`, undefined, timeout)))
    .then(async (descriptions) => {
      const description = descriptions.at(-1);
      const hints = description.hints || {};
      if (hints.inputmode && !input.hasAttribute("inputmode")) input.setAttribute("inputmode", hints.inputmode);
      if (hints.autocomplete && !input.hasAttribute("autocomplete")) input.setAttribute("autocomplete", hints.autocomplete);
      if (hints.placeholder && !input.hasAttribute("placeholder")) input.setAttribute("placeholder", hints.placeholder);
      state.accepts = intersectAccepts(descriptions.map((each) => each.accepts));
      controller.description = description;
      if (input.value !== "" && !model.busy) await validate("change");
      return description;
    })
    .catch((error) => {
      if (unreachable(error) || error.status === 404) {
        state.offline = true;
        if (error.status === 404) state.unknown = true;
        setAvailable(false, error);
      }
      return null;
    });

  function detach() {
    input.removeEventListener("beforeinput", onBeforeInput);
    input.removeEventListener("keydown", onKeyDown);
    input.removeEventListener("input", onInput);
    input.removeEventListener("compositionstart", onCompositionStart);
    input.removeEventListener("compositionend", onCompositionEnd);
    input.removeEventListener("blur", onBlur);
    document.removeEventListener("selectionchange", onSelectionChange);
    if (!options.errorElement) errorElement.remove();
  }

  return controller;
}

/**
 * Connects a <form> to a form of the service: each input whose `name` is a
 * field of the form is attached; Enter moves to the next field (and submits
 * on the last, whose return key says "done"); leaving a field and submitting
 * check the whole form with `POST /v1/validate`, so cross-field rules
 * (a password confirmation) are shown under the right field. When the service
 * cannot be reached, the form is submitted as it would be without SmartText.
 *
 * Options: `form` (the form's name), `baseURL`, `locale`, `region`, `fetch`, `timeout`,
 * `onSubmit(values, answer)` (called when the form is valid, or with the raw
 * values and no answer when the service is unreachable; without it the form is
 * submitted natively). Returns a promise of a controller:
 * `{ fields, available, validate(event), detach() }`.
 */
export async function attachForm(formElement, options) {
  const baseURL = (options.baseURL || "").replace(/\/$/, "");
  const fetchImpl = options.fetch || globalThis.fetch.bind(globalThis);
  const timeout = options.timeout || 10000;
  let description;
  try {
    description = await requestJSON(fetchImpl, `${baseURL}/v1/forms/${encodeURIComponent(options.form)}`,
      undefined, timeout);
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
      field: formField.field, baseURL, locale: options.locale, region: options.region, fetch: fetchImpl, timeout,
      onBlur: () => validateForm("blur", formField.name),
    });
  }

  let seq = 0;
  /**
   * Checks the whole form; shows the verdict of `only` (a field name) or of every field.
   * Resolves to the answer, or null when the service could not be reached.
   */
  async function validateForm(event, only) {
    await Promise.all(Object.values(fields).map((controller) => controller.settled()));
    const values = {};
    for (const { formField, input } of inputs) values[formField.name] = input.value;
    const request = { form: options.form, values, event };
    if (options.locale) request.locale = options.locale;
    if (options.region) request.region = options.region;
    const mine = ++seq;
    let answer;
    try {
      answer = await requestJSON(fetchImpl, `${baseURL}/v1/validate`, request, timeout);
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

  let submitting = false;
  async function onSubmit(event) {
    if (submitting) return;
    event.preventDefault();
    const answer = await validateForm("submit");
    if (answer && !answer.valid) return;
    // Valid, or the service could not be reached: the form goes as it would without SmartText.
    const values = answer
      ? Object.fromEntries(Object.entries(answer.fields).map(([name, verdict]) => [name, verdict.value]))
      : Object.fromEntries(inputs.map(({ formField, input }) => [formField.name, input.value]));
    if (options.onSubmit) {
      options.onSubmit(values, answer);
    } else {
      submitting = true;
      try {
        formElement.submit();
      } finally {
        submitting = false;
      }
    }
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
