// Random edits moved through random maps by the web client's own `rebase` (clients/web/smarttext.js),
// written as JSON on standard output: the JVM client's test checks that EditSession.rebase moves them
// the same way. Fixed seed, so a failure replays.
import { rebase } from "../../../../web/smarttext.js";

/** mulberry32, as in the web client's tests. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(20261201);
const int = (n) => Math.floor(next() * n);
const cases = [];
for (let i = 0; i < 2000; i++) {
  // A text of `length` shown, answered with a text of `answerLength`: every position's place in it.
  const length = int(12);
  const answerLength = length + int(6);
  const map = Array.from({ length: length + 1 }, () => int(answerLength + 1)).sort((a, b) => a - b);
  const edits = [];
  let shown = length;
  for (let n = int(7); n > 0; n--) {
    const start = int(shown + 1);
    const end = start + int(shown - start + 1);
    const replacement = ["", "x", "xy", "xyz", "👍", "x👍"][int(6)];
    const anchor = [undefined, "caret", "start", "end", "all"][int(5)];
    edits.push(anchor ? { start, end, replacement, anchor } : { start, end, replacement });
    shown += replacement.length - (end - start);
  }
  const moved = rebase(edits, map);
  cases.push({ map, edits, moved: moved.edits, resultMap: moved.map });
}
process.stdout.write(JSON.stringify(cases));
