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
// answer's `map` (each position of the text the user saw, in the answer), a
// key made where the caret was shown at that place of the answer (its anchor:
// where the answer left the caret, Home, End, everything), and sent on, so
// nothing the user did is lost or reordered, even when the answer lays the text
// out again (a CPF becoming a CNPJ, placeholders: a Backspace or Delete next to
// what the answer showed as formatting takes the character past it, as the
// service does); the service replays
// anchored keys exactly where they were made, so the final text and caret are
// those of typing the same keys with no latency. Characters the field can
// never accept (discovery's `accepts`) are dropped before they show.
//
// Undo and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) go back and forth between the
// texts the user saw before each key. An IME's composition (an Android
// keyboard recomposing the word before the caret on every key, an
// autocorrection, a suggestion) and an uncancellable `beforeinput` are left to
// the browser; what they changed is one edit, sent when the composition ends.
// A value set without keys (autofill, a password manager) is one edit too, not
// a step of undo. Errors are linked to the input (aria-describedby,
// aria-errormessage) and said once in a polite live region. When the service cannot be reached (a
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

/**
 * The replacement turning `before` into `after` whose inserted text ends at `caret` (a position of
 * `after`) when the two texts allow it: what an edit the browser made itself (an IME's composition, an
 * autocorrection, an autofill) changed, placed where the caret says when a repeated character leaves
 * the smallest difference ambiguous ("44" to "444" with the caret at 1 is an insertion at 0).
 */
export function differenceAt(before, after, caret = after.length) {
  const change = difference(before, after);
  const inserted = change.text.length;
  const removed = change.end - change.start;
  // The smallest change can slide left as long as it still turns `before` into `after`.
  let start = change.start;
  while (start > 0 && start + inserted > caret) {
    const candidate = start - 1;
    const text = after.slice(candidate, candidate + inserted);
    if (splice(before, candidate, candidate + removed, text) !== after) break;
    start = candidate;
  }
  return { start, end: start + removed, text: after.slice(start, start + inserted) };
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
 * Where an anchored edit is made on `text` (the caret at `caret`), as the service makes it: at its anchor, a
 * deletion taking the character (word, line) next to it there. Null for an edit without an anchor.
 */
function anchoredRange(edit, text, caret, formatting) {
  if (!edit.anchor) return null;
  if (edit.anchor === "all") return { start: 0, end: text.length };
  const at = edit.anchor === "caret" ? Math.min(caret, text.length) : edit.anchor === "start" ? 0 : text.length;
  let start = at;
  let end = at;
  if (edit.replacement === "") {
    const inputType = edit.inputType || "deleteContentBackward";
    const past = formatting && (inputType === "deleteContentBackward" || inputType === "deleteContentForward")
      ? deletionPastFormatting(text, formatting, at, inputType === "deleteContentBackward") : null;
    if (past) return past;
    switch (inputType) {
      case "deleteContentBackward": start = previousBoundary(text, at); break;
      case "deleteContentForward": end = nextBoundary(text, at); break;
      case "deleteWordBackward": start = previousWordBoundary(text, at); break;
      case "deleteWordForward": end = nextWordBoundary(text, at); break;
      case "deleteSoftLineBackward": case "deleteHardLineBackward": start = 0; break;
      case "deleteSoftLineForward": case "deleteHardLineForward": end = text.length; break;
    }
  }
  return { start, end };
}

/**
 * Moves edits made on a text onto the answer for it: each edit's range through
 * `map` (every position of the text, in the answer), which is then extended
 * over the edit. Returns the moved edits (their anchors kept) and the map of
 * the last text's positions. The service moves ranges the same way.
 *
 * With `on` (the answer's `{text, caret}`), an anchored edit is made where the service makes it: at its
 * anchor on the answer's text with the edits before it (a Backspace at the caret the answer left deletes the
 * character before that caret, even when the answer laid out again the one it was typed against: a
 * placeholder or a separator the layout moved). `text` and `caret` are then what the edits show. With
 * `on.formatting` (which characters of `on.text` are formatting), a deletion next to formatting takes the
 * character past it, as the service's `deletePrevious` rule does.
 */
export function rebase(edits, map, on = null) {
  let positions = map;
  let text = on ? on.text : null;
  let caret = on ? on.caret : 0;
  const formatting = on && on.formatting ? [...on.formatting] : null;
  const moved = [];
  for (const edit of edits) {
    const inserted = edit.replacement.length;
    const anchored = on ? anchoredRange(edit, text, caret, formatting) : null;
    const start = anchored ? anchored.start : positions[edit.start];
    const end = anchored ? anchored.end : Math.max(positions[edit.end], start);
    moved.push({ ...edit, start, end });
    const count = positions.length - 1 - (edit.end - edit.start) + inserted;
    const next = new Array(count + 1);
    for (let position = 0; position <= count; position++) {
      if (position <= edit.start) next[position] = Math.min(positions[position], start);
      else if (position <= edit.start + inserted) next[position] = start + position - edit.start;
      else next[position] = Math.max(positions[position - inserted + edit.end - edit.start], end) - end + start + inserted;
    }
    positions = next;
    if (on) {
      text = splice(text, start, end, edit.replacement);
      caret = start + inserted;
      if (formatting) formatting.splice(start, end - start, ...new Array(inserted).fill(false));
    }
  }
  return on ? { edits: moved, map: positions, text, caret, formatting } : { edits: moved, map: positions };
}

/**
 * Which characters of an answer's `text` are formatting (a separator, a literal, a placeholder the layout
 * shows), as far as its `value` tells: `value` is the text with formatting removed, so where it is the text's
 * characters in order, the others are formatting. Where it is not (a value normalized otherwise: a decimal
 * comma written as a point, a mapped domain), nothing is taken for formatting.
 */
export function formattingOf(text, value) {
  const formatting = new Array(text.length).fill(true);
  let next = 0;
  for (let index = 0; index < text.length; index++) {
    if (next < value.length && text[index] === value[next]) {
      formatting[index] = false;
      next++;
    }
  }
  return next === value.length ? formatting : new Array(text.length).fill(false);
}

/**
 * The character a Backspace (`backward`) or a Delete at `caret` takes by the service's `deletePrevious` rule
 * when the character next to the caret is `formatting`: the one before (after) the formatting there, which
 * stays (`4242 |` Backspace takes the 2; `00:1A:2B:__:__:__|` the B). Null when it is not formatting, or when
 * nothing but formatting is on that side.
 */
function deletionPastFormatting(text, formatting, caret, backward) {
  if (backward ? !formatting[caret - 1] : !formatting[caret]) return null;
  if (backward) {
    let position = caret - 1;
    while (position > 0 && formatting[position - 1]) position--;
    if (position === 0) return null;
    return { start: previousBoundary(text, position), end: position };
  }
  let position = caret + 1;
  while (position < text.length && formatting[position]) position++;
  if (position >= text.length) return null;
  return { start: position, end: nextBoundary(text, position) };
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
 *
 * `registry` is the version of the registry the answers taken came from. While a registry change reaches
 * the replicas of a pool one by one, an answer may come from a replica the change has not reached: once
 * the field has taken an answer of a new version, answers of the versions it left are not taken (up to
 * three in a row: after that the pool went back), and their edits go again. An answer of a new version
 * lays out the whole text with it, so the field changes layout once.
 */
export function createEditModel(text = "", caret = text.length) {
  const model = {
    base: text,
    baseCaret: caret,
    shown: text,
    /** For each character shown, true when the last answer showed it as formatting (see `formattingOf`). */
    formatting: new Array(text.length).fill(false),
    /** The field's `backspace` is `deletePrevious` (the default): a deletion next to formatting passes it. */
    deletePrevious: true,
    selection: { start: caret, end: caret },
    /** Where the caret is in terms the service can replay: "caret", "start", "end", "all", or null (a click). */
    anchor: "caret",
    sent: null,
    queued: [],
    /** Bumped when what is shown is set from outside (undo, a failure): answers for older requests are dropped. */
    generation: 0,
    /** The registry version of the answers taken (null before the first), and the versions left behind. */
    registry: null,
    retired: new Set(),
    /** Answers of a left version not taken in a row. */
    staleAnswers: 0,

    /** Shows `text` with `selection` as the new starting point; nothing pending. `value`: an answer's. */
    reset(newText, selection = { start: newText.length, end: newText.length }, value = null) {
      model.base = newText;
      model.baseCaret = selection.end;
      model.shown = newText;
      model.formatting = value === null ? new Array(newText.length).fill(false) : formattingOf(newText, value);
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
      model.formatting.splice(start, end - start, ...new Array(replacement.length).fill(false));
      const caret = start + replacement.length;
      model.selection = { start: caret, end: caret };
      model.anchor = "caret";
    },

    /** A key the field refuses: nothing changes but the selection, which collapses to its start. */
    refuse() {
      model.selection = { start: model.selection.start, end: model.selection.start };
      if (model.anchor === "all") model.anchor = "start";
    },

    /**
     * The range a Backspace (`backward`) or a Delete at a collapsed caret takes, as the service's default
     * `deletePrevious` rule takes it: right after (before) formatting the last answer showed, the character
     * before (after) that formatting, which the formatting stays around (`4242 |` Backspace takes the 2;
     * `00:1A:2B:__:__:__|` takes the B). Null where the character next to the caret is not formatting.
     */
    deletion(caret, backward) {
      return model.deletePrevious ? deletionPastFormatting(model.shown, model.formatting, caret, backward) : null;
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
      if (answer.registry !== undefined && model.registry !== null && answer.registry !== model.registry) {
        if (model.retired.has(answer.registry) && model.staleAnswers < 3) {
          // A replica the roll-out has not reached: not taken; its edits go again with those made since.
          model.staleAnswers++;
          model.queued = model.sent.concat(model.queued);
          model.sent = null;
          return false;
        }
        model.retired.add(model.registry);
        model.retired.delete(answer.registry);
      }
      if (answer.registry !== undefined) model.registry = answer.registry;
      model.staleAnswers = 0;
      model.base = answer.text;
      model.baseCaret = answer.caret;
      model.sent = null;
      // Keys made meanwhile show where the service will make them (an anchored one at its anchor).
      const formatting = answer.value === undefined
        ? new Array(answer.text.length).fill(false) : formattingOf(answer.text, answer.value);
      const moved = rebase(model.queued, answer.map, {
        text: answer.text, caret: answer.caret, formatting: model.deletePrevious ? formatting : null });
      model.queued = moved.edits;
      const shown = moved.text;
      model.shown = shown;
      model.formatting = formatting;
      for (const edit of moved.edits) {
        model.formatting.splice(edit.start, edit.end - edit.start, ...new Array(edit.replacement.length).fill(false));
      }
      // The selection where the user left it: after the last key (where the service makes it), at the start
      // or the end (Home, End), everything, or where a click put it (through the map).
      if (model.anchor === null) {
        model.selection = { start: moved.map[model.selection.start], end: moved.map[model.selection.end] };
      } else if (model.anchor === "caret") {
        model.selection = { start: moved.caret, end: moved.caret };
      } else if (model.anchor === "start") {
        model.selection = { start: 0, end: 0 };
      } else if (model.anchor === "end") {
        model.selection = { start: shown.length, end: shown.length };
      } else {
        model.selection = { start: 0, end: shown.length };
      }
      return model.queued.length === 0;
    },

    /**
     * The service refused `request`, whose edits must not be lost (a value set from outside): they
     * are the starting point as they are, unformatted; the edits made since stay queued on it.
     */
    keep(request) {
      if (request.generation !== model.generation || model.sent !== request.edits) return false;
      let text = request.text;
      for (const edit of request.edits) text = splice(text, edit.start, edit.end, edit.replacement);
      model.base = text;
      model.baseCaret = text.length;
      model.sent = null;
      return true;
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

/** How many inputs got an error element with a made-up id (an input without an id of its own). */
let attachedInputs = 0;

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
    /** The user left the field or submitted it once: `aria-invalid` says what its errors say. */
    touched: false,
    /** What was shown before an edit the browser makes itself (an uncancellable `beforeinput`). */
    native: null,
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

  // Where messages are shown, linked to the input (aria-describedby, aria-errormessage), and a polite
  // live region beside it that says each new message once: a screen reader hears an error when it
  // appears, not the field again on every key.
  let errorElement = options.errorElement;
  let liveRegion = null;
  if (!errorElement) {
    errorElement = document.createElement("div");
    errorElement.className = "smarttext-errors";
    errorElement.hidden = true;
    errorElement.id = `${input.id || `smarttext-${++attachedInputs}`}-errors`;
    liveRegion = document.createElement("div");
    liveRegion.className = "smarttext-live";
    liveRegion.setAttribute("aria-live", "polite");
    liveRegion.setAttribute("aria-atomic", "true");
    // Visually hidden, still in the accessibility tree (a live region must be there before it speaks).
    liveRegion.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap";
    input.after(errorElement, liveRegion);
  }
  if (errorElement.id) {
    const described = (input.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    if (!described.includes(errorElement.id)) input.setAttribute("aria-describedby", [...described, errorElement.id].join(" "));
    input.setAttribute("aria-errormessage", errorElement.id);
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
    if (liveRegion) liveRegion.textContent = error.message;
    input.dispatchEvent(new CustomEvent("smarttext:problem", { bubbles: true, detail: { problem: error.problem } }));
  }

  /**
   * Whether the page can read and set the input's selection (not in an `email` or `number` input:
   * there the client keeps the caret it knows from the keys, and a new text is set whole).
   */
  function hasSelection() {
    return input.selectionStart !== null;
  }

  /** Makes the input show `text` with `selection`, changing only what differs. */
  function display(text, selection) {
    if (!hasSelection()) {
      if (input.value !== text) input.value = text;
      return;
    }
    if (input.value !== text) {
      const change = difference(input.value, text);
      input.setRangeText(change.text, change.start, change.end, "preserve");
    }
    if (document.activeElement === input) input.setSelectionRange(selection.start, selection.end);
  }

  function render(answer, event) {
    const errors = answer.errors || [];
    const messages = errors.map((error) => error.message).join("\n");
    // Changed only when the messages do, so that nothing is read again while they stay.
    if (errorElement.textContent !== messages) errorElement.textContent = messages;
    errorElement.hidden = errors.length === 0;
    if (liveRegion && liveRegion.textContent !== messages) liveRegion.textContent = messages;
    // Invalid once the user left the field or submitted it: not while a text is still being typed.
    if (event === "blur" || event === "submit") state.touched = true;
    input.setAttribute("aria-invalid", state.touched && errors.length > 0 ? "true" : "false");
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
    const payload = body({ text: request.text, caret: request.caret, edits, seq });
    // No answer (a replica killed, draining, a balancer's 502): the same request goes again at once, twice
    // at most — behind a balancer, to another replica.
    const send = (attempt) => requestJSON(fetchImpl, `${baseURL}/v1/edit`, payload, timeout).catch((error) => {
      if (attempt < 2 && unreachable(error) && request.generation === model.generation) return send(attempt + 1);
      throw error;
    });
    send(0)
      .then((answer) => {
        state.offline = false;
        setAvailable(true);
        if (state.composing) {
          // Not while an IME composes: the answer waits for compositionend.
          state.composing.answers.push({ answer, request });
          return;
        }
        // A value set meanwhile with no event (a password manager) is taken in first, never shown over.
        if (!state.native) syncValue();
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
        if (request.edits.some((edit) => edit.external)) {
          // A value set from outside stays, unformatted, whatever the service says of it.
          model.keep(request);
          refused(error);
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

  /**
   * A value set without the user's keys (an autofill, a password manager, the page) replaces what is
   * shown: one edit, formatted like any other, made after the edits still pending (nothing typed before
   * is lost or comes back over it). It is not a step of undo: the history starts again from it.
   */
  function syncValue() {
    if (input.value === model.shown) return;
    const value = input.value;
    const caret = document.activeElement === input ? input.selectionEnd ?? value.length : value.length;
    const change = differenceAt(model.shown, value, caret);
    state.undo = [];
    state.redo = [];
    if (state.offline || state.unknown) {
      model.reset(value, { start: caret, end: caret });
      return;
    }
    model.anchor = null;
    model.edit(change.start, change.end, acceptedPart(change.text, state.accepts), "insertReplacementText");
    model.queued.at(-1).external = true;
    display(model.shown, model.selection);
    pump();
  }

  /**
   * An edit the browser made itself, that the client could not make instead (an uncancellable
   * `beforeinput`, an IME's composition): what changed from `before` (what was shown, `selection`)
   * is recorded as one edit of `inputType`, then shown as the field accepts it.
   */
  function nativeEdit(before, selection, inputType) {
    const caret = input.selectionEnd ?? input.value.length;
    const change = differenceAt(before, input.value, caret);
    if (change.start === change.end && change.text === "") return false;
    const replacement = state.offline ? change.text : acceptedPart(change.text, state.accepts);
    state.undo.push({ text: before, selection: { ...selection } });
    state.redo = [];
    // Made where the selection was, the service may replay it there; elsewhere (a word the IME took
    // over), its range is moved onto the formatted text.
    if (change.start !== selection.start || change.end !== selection.end) model.anchor = null;
    const type = replacement !== "" ? "insertText"
      : inputType.startsWith("delete") ? inputType : "deleteContentBackward";
    if (replacement === "" && change.start === change.end) {
      model.refuse();
    } else {
      model.edit(change.start, change.end, replacement, type);
    }
    return true;
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
    let { start, end } = rangeOf(inputType, model.shown, model.selection);
    if (model.selection.start === model.selection.end &&
        (inputType === "deleteContentBackward" || inputType === "deleteContentForward")) {
      // Next to a separator or a placeholder the service showed, the key takes what it will take.
      const past = model.deletion(model.selection.start, inputType === "deleteContentBackward");
      if (past) ({ start, end } = past);
    }
    state.undo.push({ text: model.shown, selection: { ...model.selection } });
    state.redo = [];
    model.edit(start, end, replacement, inputType);
    display(model.shown, model.selection);
    pump();
  }

  /** Notes a caret move the user made (a key's `hint` says which: "start", "end", "all"). */
  function syncSelection() {
    if (document.activeElement !== input || state.composing) return;
    if (!hasSelection()) {
      // Only the keys say where the caret is.
      const length = model.shown.length;
      if (state.hint === "start") model.select(0, 0, "start");
      else if (state.hint === "end") model.select(length, length, "end");
      else if (state.hint === "all") model.select(0, length, "all");
      state.hint = null;
      return;
    }
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
    if (!event.cancelable || event.inputType === "insertReplacementText") {
      // The browser makes this edit whatever the page does (Android keyboards' edits, a spelling
      // suggestion replacing a word): let it, and record what it changed at the input event.
      syncValue();
      syncSelection();
      state.native = { text: model.shown, selection: { ...model.selection } };
      return;
    }
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
    if (event.keyCode === 229 || key === "Process" || key === "Unidentified") return;
    if (command && !event.altKey && (key === "z" || key === "y")) {
      event.preventDefault();
      if (key === "y" || event.shiftKey) redo(); else undo();
      return;
    }
    if (command && key === "a") state.hint = "all";
    else if (key === "Home" && !event.shiftKey) state.hint = "start";
    else if (key === "End" && !event.shiftKey) state.hint = "end";
    else if (!hasSelection() && (key === "ArrowLeft" || key === "ArrowRight") && !event.shiftKey && !command) {
      const { start, end } = model.selection;
      const caret = key === "ArrowLeft"
        ? (start === end ? previousBoundary(model.shown, start) : start)
        : (start === end ? nextBoundary(model.shown, end) : end);
      model.select(caret, caret, null);
    }
    else if (key === "Backspace" || key === "Delete") {
      // With nothing to delete in what is shown, the browser sends no edit, but the service's text
      // may hold something there it has not shown yet: send the key anyway.
      syncSelection();
      const { start, end } = model.selection;
      const atEdge = key === "Backspace" ? start === 0 : end === model.shown.length;
      if (start === end && atEdge && !state.offline) {
        // Each key's own deletion: a word with Ctrl (Alt on a Mac), to the line's edge with Cmd.
        event.preventDefault();
        const direction = key === "Backspace" ? "Backward" : "Forward";
        const unit = event.metaKey ? "SoftLine" : event.ctrlKey || event.altKey ? "Word" : "Content";
        model.edit(start, end, "", `delete${unit}${direction}`);
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
    if (state.unknown) return;
    syncValue();
    syncSelection();
    state.composing = { text: model.shown, selection: { ...model.selection }, answers: [] };
  }

  function onCompositionEnd() {
    const composing = state.composing;
    state.composing = null;
    if (!composing || state.unknown) return;
    // What the IME did is one edit: from the text and selection before composition began to what the
    // input holds now (an Android keyboard recomposes the whole word on each key, an autocorrection or a
    // suggestion replaces a word, with a trailing space). It is made on that text, then the answers that
    // came meanwhile move it onto theirs.
    nativeEdit(composing.text, composing.selection, "insertText");
    for (const { answer, request } of composing.answers) model.receive(answer, request);
    display(model.shown, model.selection);
    if (composing.answers.length > 0 && !model.busy) render(composing.answers.at(-1).answer, "change");
    pump();
  }

  /** After an edit the browser made itself, or a value set from outside (an autofill, the page). */
  function onInput(event) {
    if (state.unknown || state.composing || event.isComposing) return;
    const native = state.native;
    state.native = null;
    // A password manager's or a spelling suggestion's replacement is a value from outside, like autofill.
    if (!native || event.inputType === "insertReplacementText") return syncValue();
    if (nativeEdit(native.text, native.selection, event.inputType || "insertText")) {
      display(model.shown, model.selection);
      pump();
    }
  }

  /**
   * A value a password manager set with no event (or with only `change`) shows formatted once the
   * user comes to the field, or at that `change`.
   */
  function onFocus() {
    if (!state.composing && !state.unknown) syncValue();
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
        const caret = document.activeElement === input ? input.selectionEnd ?? answer.text.length : answer.text.length;
        model.reset(answer.text, { start: Math.min(caret, answer.text.length), end: Math.min(caret, answer.text.length) },
          answer.value);
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
  input.addEventListener("focus", onFocus);
  input.addEventListener("change", onFocus);
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
      model.deletePrevious = descriptions.every((each) => (each.backspace || "deletePrevious") === "deletePrevious");
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
    input.removeEventListener("focus", onFocus);
    input.removeEventListener("change", onFocus);
    document.removeEventListener("selectionchange", onSelectionChange);
    if (!options.errorElement) {
      errorElement.remove();
      liveRegion.remove();
    }
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
 * submitted natively; it may return, or resolve to, a `/v1/validate`-shaped answer of the
 * team's own backend, whose errors are then shown on their fields), `checks` (per field name, an
 * asynchronous check of the value the service found valid, a username taken say: it resolves to a
 * message, a list of messages or `{rule, message}` errors, or nothing; run `checkDelay` ms, default
 * 300, after the last key, and on blur and submit; its errors are shown like the service's).
 * Returns a promise of a controller:
 * `{ fields, available, validate(event), showErrors(answer, event), detach() }`.
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
    return { fields: {}, available: false, validate: async () => null, showErrors: () => [], detach() {} };
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

  // MARK: a team's own checks (debounced) and a backend's answers

  const checks = options.checks || {};
  const checkDelay = options.checkDelay ?? 300;
  /** Per checked field: the last value checked and its errors, the debounce timer, a token per run. */
  const checked = {};
  let merging = false;

  function asErrors(result) {
    if (!result) return [];
    return [].concat(result).filter(Boolean)
      .map((each) => (typeof each === "string" ? { rule: "check", message: each } : each));
  }

  /** The check's errors for `value` (the last run's when it is for the same value). */
  async function runCheck(name, value) {
    const entry = checked[name] ||= { value: null, errors: [], timer: null, token: 0 };
    clearTimeout(entry.timer);
    if (entry.value === value) return entry.errors;
    const token = ++entry.token;
    let errors;
    try {
      errors = asErrors(await checks[name](value));
    } catch (error) {
      errors = [];
    }
    if (token === entry.token) Object.assign(entry, { value, errors });
    return errors;
  }

  /** Shows a verdict with more errors (a check's, a backend's) as the service's own. */
  function showWith(name, verdict, extra, event) {
    const controller = fields[name];
    if (!controller || !verdict) return;
    const errors = [...(verdict.errors || []), ...extra];
    merging = true;
    try {
      controller.show({ ...verdict, errors, valid: verdict.valid !== false && extra.length === 0 }, event);
    } finally {
      merging = false;
    }
  }

  /** After each answer a checked field gets while typing: its check, once the keys pause. */
  function onFieldAnswer(name, event) {
    if (merging || event.detail.event !== "change") return;
    const answer = event.detail.answer;
    const entry = checked[name] ||= { value: null, errors: [], timer: null, token: 0 };
    clearTimeout(entry.timer);
    if (!answer.valid) return;
    if (entry.value === answer.value) return showWith(name, answer, entry.errors, "change");
    entry.timer = setTimeout(async () => {
      const errors = await runCheck(name, answer.value);
      const current = fields[name].answer;
      if (current && current.value === answer.value && errors.length > 0) showWith(name, current, errors, "change");
    }, checkDelay);
  }

  /**
   * Shows a `/v1/validate`-shaped answer (a team's backend's): each field's errors, and the form's
   * errors that name a field, on that field. Returns the fields it showed errors on.
   */
  function showErrors(answer, event = "submit") {
    const shown = [];
    const byField = {};
    for (const error of answer.errors || []) {
      if (error.field && fields[error.field]) (byField[error.field] ||= []).push(error);
    }
    for (const name of new Set([...Object.keys(answer.fields || {}), ...Object.keys(byField)])) {
      const controller = fields[name];
      if (!controller) continue;
      const verdict = (answer.fields || {})[name] || controller.answer || { text: "", value: "", errors: [] };
      const formErrors = (byField[name] || []).filter((error) =>
        !(verdict.errors || []).some((own) => own.rule === error.rule && own.message === error.message));
      showWith(name, { ...controller.answer, ...verdict }, formErrors, event);
      if ((verdict.errors || []).length + formErrors.length > 0) shown.push(name);
    }
    return shown;
  }

  for (const { formField, input } of inputs) {
    if (checks[formField.name]) {
      input.addEventListener("smarttext:answer", (event) => onFieldAnswer(formField.name, event));
    }
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
    // The team's checks, on the values the service found valid.
    const extra = {};
    await Promise.all(Object.keys(checks).map(async (name) => {
      const verdict = answer.fields[name];
      if (!verdict || !verdict.valid || (only && name !== only)) return;
      const errors = await runCheck(name, verdict.value);
      if (errors.length > 0) extra[name] = errors;
    }));
    if (mine !== seq) return answer;
    for (const [name, verdict] of Object.entries(answer.fields)) {
      if (only && name !== only) continue;
      showWith(name, verdict, extra[name] || [], event);
    }
    if (Object.keys(extra).length > 0) {
      answer = { ...answer, valid: false, fields: { ...answer.fields } };
      for (const [name, errors] of Object.entries(extra)) {
        answer.fields[name] = { ...answer.fields[name], valid: false, errors: [...answer.fields[name].errors, ...errors] };
      }
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
      // The team's backend may answer as /v1/validate does: its errors go on their fields.
      const backend = await options.onSubmit(values, answer);
      if (backend && typeof backend === "object" && (backend.fields || backend.errors)) showErrors(backend, "submit");
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
    showErrors,
    detach() {
      formElement.removeEventListener("keydown", onKeyDown);
      formElement.removeEventListener("submit", onSubmit);
      for (const controller of Object.values(fields)) controller.detach();
    },
  };
}
