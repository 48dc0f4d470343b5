// What the reconciliation tests share: a fixed-seed generator, and a typist whose keys go through the
// web client's model while a service answers each request after a given number of further keys.
import { acceptedPart, createEditModel } from "../smarttext.js";

/** A fixed-seed generator (mulberry32), so a failure replays. */
export function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Presses `keys` ("home", "end", "all", or an edit `keyEdit(key, shown, selection)` gives) through the
 * model; `answer(request)` answers each request, which arrives after `delays[i]` more keys. The text and
 * caret the model ends with.
 */
export async function typeThroughModel({ keys, delays, accepts, keyEdit, answer }) {
  const model = createEditModel("", 0);
  let inFlight = null;
  let due = null;
  let delay = 0;
  const send = (now) => {
    inFlight = model.nextRequest();
    if (inFlight) due = now + (delays[delay++] ?? 0);
  };
  const arrive = async () => {
    const request = inFlight;
    inFlight = null;
    model.receive(await answer(request), request);
  };
  for (const [now, key] of keys.entries()) {
    if (key === "home") model.select(0, 0, "start");
    else if (key === "end") model.select(model.shown.length, model.shown.length, "end");
    else if (key === "all") model.select(0, model.shown.length, "all");
    else {
      const edit = keyEdit(key, model.shown, model.selection);
      const replacement = acceptedPart(edit.replacement, accepts);
      if (edit.replacement !== "" && replacement === "") model.refuse();
      else model.edit(edit.start, edit.end, replacement, edit.inputType);
    }
    if (!inFlight) send(now);
    while (inFlight && due <= now) {
      await arrive();
      send(now + 1);
    }
  }
  while (inFlight) {
    await arrive();
    send(Infinity);
  }
  return { text: model.shown, caret: model.selection.end };
}
