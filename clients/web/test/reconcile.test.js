// Unit tests of the web client's reconciliation (createEditModel, rebase), without a browser or a
// server: a small service written here (digits grouped by four, as a card number) answers the batches.
// Run: node --test clients/web/test/
import assert from "node:assert/strict";
import { test } from "node:test";

import { acceptedPart, createEditModel, formattingOf, rebase } from "../smarttext.js";
import { random, typeThroughModel } from "./support.js";

// MARK: - A service for one field: digits in groups of four, at most 16

/** Formats `input`: its digits, a space before every fourth; `sources[i]` is the input index of output i, or -1. */
function format(input) {
  const text = [];
  const sources = [];
  let digits = 0;
  for (let index = 0; index < input.length && digits < 16; index++) {
    if (!/[0-9]/.test(input[index])) continue;
    if (digits > 0 && digits % 4 === 0) {
      text.push(" ");
      sources.push(-1);
    }
    text.push(input[index]);
    sources.push(index);
    digits++;
  }
  return { text: text.join(""), sources };
}

/** For each input position 0...count, the output position after the last output from an earlier input. */
function leftPositions(sources, count) {
  const last = new Array(count).fill(-1);
  sources.forEach((input, output) => { if (input >= 0 && input < count) last[input] = Math.max(last[input], output); });
  const positions = [0];
  let running = -1;
  for (let input = 0; input < count; input++) {
    running = Math.max(running, last[input]);
    positions.push(running + 1);
  }
  return positions;
}

/** One edit, with the service's rules: the answer, and where each typed position lands. */
function applyEdit(text, start, end, replacement, inputType) {
  let deleteStart = start;
  const deleteEnd = end;
  const before = format(text);
  if (replacement === "" && start < end && inputType === "deleteContentBackward") {
    const kept = new Set(before.sources.filter((source) => source >= 0));
    let onlySeparators = true;
    for (let index = start; index < end; index++) if (/[0-9]/.test(text[index])) onlySeparators = false;
    if (onlySeparators) {
      for (let index = start - 1; index >= 0; index--) if (kept.has(index)) { deleteStart = index; break; }
    }
  }
  const raw = text.slice(0, deleteStart) + replacement + text.slice(deleteEnd);
  const after = format(raw);
  const positions = leftPositions(after.sources, raw.length);
  const typedCount = text.length - (end - start) + replacement.length;
  const keptInsertion = after.sources.some((source) => source >= deleteStart && source < deleteStart + replacement.length);
  if (replacement !== "" && !keptInsertion) {
    const old = leftPositions(before.sources, text.length);
    const inOld = (typed) => typed <= start ? typed : typed <= start + replacement.length ? start : typed - replacement.length + end - start;
    const map = [];
    for (let typed = 0; typed <= typedCount; typed++) map.push(old[inOld(typed)]);
    return { text: before.text, caret: old[start], map };
  }
  let caret = positions[deleteStart + replacement.length];
  if (replacement !== "" && after.sources.slice(caret).every((source) => source < 0)) caret = after.text.length;
  const map = [];
  for (let typed = 0; typed <= typedCount; typed++) {
    let input;
    if (typed <= start) input = typed < deleteStart ? typed : deleteStart;
    else if (typed <= start + replacement.length) input = deleteStart + (typed - start);
    else input = typed - replacement.length + end - start - deleteEnd + deleteStart + replacement.length;
    map.push(positions[input]);
  }
  return { text: after.text, caret, map };
}

/** The service's batch: anchored edits at their anchor, others moved through the map. */
function answerBatch({ text, caret, edits }) {
  let typed = text;
  let shown = text;
  let shownCaret = caret;
  let map = [...Array(text.length + 1).keys()];
  let answer = null;
  for (const edit of edits) {
    let start;
    let end;
    if (edit.anchor === "all") [start, end] = [0, shown.length];
    else if (edit.anchor) {
      const at = edit.anchor === "caret" ? shownCaret : edit.anchor === "start" ? 0 : shown.length;
      [start, end] = [at, at];
      if (edit.replacement === "" && edit.inputType === "deleteContentBackward") start = Math.max(0, at - 1);
      if (edit.replacement === "" && edit.inputType === "deleteContentForward") end = Math.min(shown.length, at + 1);
    } else {
      start = map[edit.start];
      end = Math.max(map[edit.end], start);
    }
    answer = applyEdit(shown, start, end, edit.replacement, edit.inputType);
    const inserted = edit.replacement.length;
    const count = typed.length - (edit.end - edit.start) + inserted;
    const next = [];
    for (let position = 0; position <= count; position++) {
      let inAnswer;
      if (position <= edit.start) inAnswer = Math.min(map[position], start);
      else if (position <= edit.start + inserted) inAnswer = start + position - edit.start;
      else inAnswer = Math.max(map[position - inserted + edit.end - edit.start], end) - end + start + inserted;
      next.push(answer.map[inAnswer]);
    }
    typed = typed.slice(0, edit.start) + edit.replacement + typed.slice(edit.end);
    map = next;
    shown = answer.text;
    shownCaret = answer.caret;
  }
  return { text: answer.text, caret: answer.caret, map, errors: [] };
}

// MARK: - Keys, with no latency and with the model

const accepts = { digits: true, letters: false, whitespace: false, others: false, characters: " " };

/** The edit a key makes on `text` with `selection`, or a caret move (null). */
function keyEdit(key, text, selection) {
  const { start, end } = selection;
  if (key.type) return { start, end, replacement: key.type, inputType: "insertText" };
  if (key === "backspace") return { start: start === end ? Math.max(0, start - 1) : start, end, replacement: "", inputType: "deleteContentBackward" };
  if (key === "delete") return { start, end: start === end ? Math.min(text.length, end + 1) : end, replacement: "", inputType: "deleteContentForward" };
  return null;
}

function oneAtATime(keys) {
  let text = "";
  let selection = { start: 0, end: 0 };
  for (const key of keys) {
    if (key === "home") { selection = { start: 0, end: 0 }; continue; }
    if (key === "end") { selection = { start: text.length, end: text.length }; continue; }
    if (key === "all") { selection = { start: 0, end: text.length }; continue; }
    const edit = keyEdit(key, text, selection);
    if (edit.start === edit.end && edit.replacement === "") continue;
    const answer = answerBatch({ text, caret: selection.end, edits: [{ ...edit, anchor: null }] });
    text = answer.text;
    selection = { start: answer.caret, end: answer.caret };
  }
  return { text, caret: selection.end };
}

/** The model, the service above answering each request after `delays[i]` more keys. */
function optimistic(keys, delays) {
  return typeThroughModel({ keys, delays, accepts, keyEdit, answer: async (request) => answerBatch(request) });
}

// MARK: - Tests

test("rebase moves a range through the map and extends the map over each edit", () => {
  // "42424" shown, answered "4242 4": the map puts the fifth digit after the space.
  const map = [0, 1, 2, 3, 4, 6];
  const { edits, map: after } = rebase(
    [{ start: 5, end: 5, replacement: "2", anchor: "caret" }, { start: 0, end: 0, replacement: "1", anchor: null }], map);
  assert.deepEqual(edits.map(({ start, end }) => [start, end]), [[6, 6], [0, 0]]);
  assert.equal(edits[0].anchor, "caret");
  // "1424242" shown over "1" + "4242 42": every old position moved one to the right.
  assert.deepEqual(after, [0, 1, 2, 3, 4, 5, 7, 8]);
});

test("keys typed while a request is in flight are moved onto its answer and sent next", () => {
  const model = createEditModel("", 0);
  model.edit(0, 0, "4", "insertText");
  const first = model.nextRequest();
  assert.equal(model.nextRequest(), null, "at most one request in flight");
  for (const digit of "2424") model.edit(model.shown.length, model.shown.length, digit, "insertText");
  assert.equal(model.shown, "42424");
  model.receive(answerBatch(first), first);
  assert.equal(model.shown, "42424");
  const second = model.nextRequest();
  assert.equal(second.text, "4");
  assert.equal(second.edits.length, 4);
  assert.equal(model.receive(answerBatch(second), second), true);
  assert.deepEqual([model.shown, model.selection.end], ["4242 4", 6]);
});

test("the issue's example: eight digits, Home, 1, all before the first answer", async () => {
  const keys = [..."42424242"].map((digit) => ({ type: digit })).concat(["home", { type: "1" }]);
  assert.deepEqual(await optimistic(keys, [keys.length]), { text: "1424 2424 2", caret: 1 });
  assert.deepEqual(oneAtATime(keys), { text: "1424 2424 2", caret: 1 });
});

test("a letter in a digits field never shows", () => {
  assert.equal(acceptedPart("4a2 b", accepts), "42 ");
  assert.equal(acceptedPart("４２", accepts), "４２", "full-width digits are digits");
  assert.equal(acceptedPart("x", null), "x", "without the field's set everything shows");
  const model = createEditModel("42", 2);
  model.select(0, 2, "all");
  model.refuse();
  assert.deepEqual([model.shown, model.selection.start, model.selection.end, model.anchor], ["42", 0, 0, "start"]);
});

test("an answer for an older text is dropped after a reset (undo, a failure)", () => {
  const model = createEditModel("", 0);
  model.edit(0, 0, "4", "insertText");
  const request = model.nextRequest();
  model.reset("1", { start: 1, end: 1 });
  assert.equal(model.receive(answerBatch(request), request), false);
  assert.equal(model.shown, "1");
});

test("a failed request keeps everything shown as the new starting point", () => {
  const model = createEditModel("", 0);
  model.edit(0, 0, "4", "insertText");
  const request = model.nextRequest();
  model.edit(1, 1, "2", "insertText");
  model.fail();
  assert.deepEqual([model.shown, model.base, model.busy], ["42", "42", false]);
  model.edit(2, 2, "4", "insertText");
  const next = model.nextRequest();
  assert.deepEqual([next.text, next.edits.length], ["42", 1]);
  assert.ok(request.generation < next.generation);
});

test("random keys with random answer delays end as keys sent one at a time", async () => {
  const next = random(20261201);
  const pick = (list) => list[Math.floor(next() * list.length)];
  for (let round = 0; round < 2000; round++) {
    const keys = Array.from({ length: 1 + Math.floor(next() * 24) }, () =>
      pick([{ type: "4" }, { type: "2" }, { type: "7" }, { type: "x" }, { type: " " }, { type: "12" }, "backspace",
        "backspace", "delete", "home", "end", "all"]));
    const expected = oneAtATime(keys);
    for (const delays of [keys.map(() => 0), [keys.length], keys.map(() => Math.floor(next() * 5))]) {
      assert.deepEqual(await optimistic(keys, delays), expected, `${JSON.stringify(keys)} with answers after ${delays}`);
    }
  }
});

test("during a registry roll-out, an answer of the version the field left is not taken and its edits go again", () => {
  const withVersion = (answer, registry) => ({ ...answer, registry });
  const model = createEditModel("", 0);
  model.edit(0, 0, "4", "insertText");
  let request = model.nextRequest();
  assert.equal(model.receive(withVersion(answerBatch(request), "v1"), request), true);
  model.edit(1, 1, "2", "insertText");
  request = model.nextRequest();
  assert.equal(model.receive(withVersion(answerBatch(request), "v2"), request), true, "a new version is taken");
  assert.equal(model.registry, "v2");
  model.edit(2, 2, "4", "insertText");
  request = model.nextRequest();
  model.edit(3, 3, "2", "insertText");
  // A replica the roll-out has not reached yet answers: not taken; both keys go again, in order.
  assert.equal(model.receive(withVersion(answerBatch(request), "v1"), request), false);
  assert.deepEqual([model.shown, model.registry, model.busy], ["4242", "v2", true]);
  const again = model.nextRequest();
  assert.deepEqual([again.text, again.edits.map((edit) => edit.replacement)], ["42", ["4", "2"]]);
  assert.equal(model.receive(withVersion(answerBatch(again), "v2"), again), true);
  assert.deepEqual([model.shown, model.registry], ["4242", "v2"]);
});

test("after three answers of a left version in a row the field takes it: the pool went back", () => {
  const model = createEditModel("", 0);
  for (const [digit, registry] of [["4", "v1"], ["2", "v2"]]) {
    model.edit(model.shown.length, model.shown.length, digit, "insertText");
    const request = model.nextRequest();
    model.receive({ ...answerBatch(request), registry }, request);
  }
  model.edit(2, 2, "4", "insertText");
  for (let attempt = 0; attempt < 3; attempt++) {
    const request = model.nextRequest();
    assert.equal(model.receive({ ...answerBatch(request), registry: "v1" }, request), false);
  }
  const request = model.nextRequest();
  assert.equal(model.receive({ ...answerBatch(request), registry: "v1" }, request), true);
  assert.deepEqual([model.shown, model.registry], ["424", "v1"]);
});

// MARK: - Answers that lay the text out again (issue 28): placeholders and separators the layout moves

test("a Backspace typed meanwhile deletes where the service will, though the answer moved what it was typed against", () => {
  // A MAC address mask with placeholders (`HH:HH:HH:HH:HH:HH`, `_`): the service's answers, as it gives them.
  const model = createEditModel("00:1A:2B:__:__:__", 9);
  model.select(17, 17, "end");
  // Backspace after the placeholders: shown at once as the browser would (a `_` goes), sent.
  model.edit(16, 17, "", "deleteContentBackward");
  const first = model.nextRequest();
  // A second Backspace before the answer comes: locally it takes the `_` before the caret.
  model.edit(15, 16, "", "deleteContentBackward");
  assert.equal(model.shown, "00:1A:2B:__:__:");
  // The answer: the first Backspace deleted the B (placeholders are passed over as separators), the caret after
  // the 2, and every position from the B on maps there.
  model.receive({ text: "00:1A:2_:__:__:__", caret: 7, map: [0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7],
    errors: [] }, first);
  // The second Backspace shows where the service makes it, at that caret: the 2 goes. (Moved through the map
  // alone its range was empty, and the 2 stayed shown until the next answer.)
  assert.deepEqual([model.shown, model.selection.start, model.selection.end], ["00:1A:_:__:__:__", 6, 6]);
  // A key typed now shows after 00:1A, as typing with no latency gives, never as 00:1A:22.
  model.edit(6, 6, "2", "insertText");
  assert.equal(model.shown, "00:1A:2_:__:__:__");
  const second = model.nextRequest();
  assert.deepEqual([second.text, second.caret], ["00:1A:2_:__:__:__", 7]);
  assert.deepEqual(second.edits.map(({ start, end, replacement, anchor }) => [start, end, replacement, anchor]),
    [[6, 7, "", "caret"], [6, 6, "2", "caret"]]);
  assert.equal(model.receive({ text: "00:1A:2_:__:__:__", caret: 7,
    map: [0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], errors: [] }, second), true);
  assert.deepEqual([model.shown, model.selection.end], ["00:1A:2_:__:__:__", 7]);
});

test("a key typed meanwhile shows at the caret the answer left, past the literals it added", () => {
  // A Brazilian phone mask `(##) ####[#]-####`: "11" is answered "(11) " with the caret after the space.
  const model = createEditModel("(1", 2);
  model.edit(2, 2, "1", "insertText");
  const first = model.nextRequest();
  model.edit(3, 3, "9", "insertText");
  model.receive({ text: "(11) ", caret: 5, map: [0, 1, 2, 3], errors: [] }, first);
  // Through the map alone the 9 would show inside the parentheses, "(119) ".
  assert.deepEqual([model.shown, model.selection.end], ["(11) 9", 6]);
});

test("Backspace after formatting the answer showed takes the character before it, as the service will", () => {
  // The answers of a MAC address mask with placeholders, as the service gives them (`value` tells what is
  // formatting: the `:` and `_` it leaves out).
  const model = createEditModel("", 0);
  model.edit(0, 0, "001a2b", "insertFromPaste");
  const first = model.nextRequest();
  model.receive({ text: "00:1A:2B:__:__:__", caret: 9, value: "001A2B", map: [0, 1, 2, 4, 5, 7, 8], errors: [] },
    first);
  assert.deepEqual(formattingOf("00:1A:2B:__:__:__", "001A2B").map(Number).join(""), "00100100111111111");
  // End, then Backspace twice and a 2, all before the next answer: shown as the service makes them (the
  // first Backspace passes over the placeholders and takes the B), never a text with a key lost or moved.
  model.select(17, 17, "end");
  const past = model.deletion(17, true);
  assert.deepEqual(past, { start: 7, end: 8 });
  model.edit(past.start, past.end, "", "deleteContentBackward");
  assert.deepEqual([model.shown, model.selection.end], ["00:1A:2:__:__:__", 7]);
  assert.equal(model.deletion(7, true), null, "the character before the caret is the 2, no formatting");
  model.edit(6, 7, "", "deleteContentBackward");
  model.edit(6, 6, "2", "insertText");
  assert.equal(model.shown, "00:1A:2:__:__:__");
  const second = model.nextRequest();
  assert.deepEqual(second.edits.map(({ start, end, anchor }) => [start, end, anchor]),
    [[7, 8, "end"], [6, 7, "caret"], [6, 6, "caret"]]);
  assert.equal(model.receive({ text: "00:1A:2_:__:__:__", caret: 7, value: "001A2",
    map: [0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], errors: [] }, second), true);
  assert.deepEqual([model.shown, model.selection.end], ["00:1A:2_:__:__:__", 7]);
  // With the field's `backspace` `moveCaret`, the service only moves the caret over formatting: no guess.
  model.deletePrevious = false;
  assert.equal(model.deletion(8, true), null);
});

test("End pressed while keys wait for their answer keeps the caret at the end of the answer's text", () => {
  const model = createEditModel("", 0);
  model.edit(0, 0, "0", "insertText");
  const first = model.nextRequest();
  for (const [at, key] of [[1, "0"], [2, "1"]]) model.edit(at, at, key, "insertText");
  model.select(3, 3, "end");
  model.receive({ text: "0_:__:__:__:__:__", caret: 1, value: "0", map: [0, 1], errors: [] }, first);
  // The keys show where the service makes them (at the caret: "001"), and the caret at the end, where End put
  // it (before, through the map, it stayed after the 1, and a Backspace then took the 1 instead of the end's).
  assert.deepEqual([model.shown, model.selection.end], ["001_:__:__:__:__:__", 19]);
});
