// The web client's reconciliation against a live SmartText server: random keys for several fields,
// the model's requests answered by the service after random numbers of keys, end as the same keys
// sent one request each. Runs when SMARTTEXT_SERVER names the server binary (scripts/test sets it).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { after, before, test } from "node:test";

import { nextBoundary, previousBoundary } from "../smarttext.js";
import { random, typeThroughModel } from "./support.js";

const binary = process.env.SMARTTEXT_SERVER;
let server;
let base;

async function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

before(async () => {
  if (!binary) return;
  const port = await freePort();
  server = spawn(binary, ["--host", "127.0.0.1", "--port", String(port)], { stdio: "ignore" });
  base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error("the server did not start");
});

after(() => server?.kill());

async function post(body) {
  const response = await fetch(`${base}/v1/edit`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const json = await response.json();
  assert.equal(response.status, 200, JSON.stringify(json));
  return json;
}

function keyEdit(key, text, { start, end }) {
  if (key.type !== undefined) return { start, end, replacement: key.type, inputType: "insertText" };
  if (key === "backspace") {
    return { start: start === end ? previousBoundary(text, start) : start, end, replacement: "", inputType: "deleteContentBackward" };
  }
  return { start, end: start === end ? nextBoundary(text, end) : end, replacement: "", inputType: "deleteContentForward" };
}

function move(key, length) {
  if (key === "home") return [{ start: 0, end: 0 }, "start"];
  if (key === "end") return [{ start: length, end: length }, "end"];
  if (key === "all") return [{ start: 0, end: length }, "all"];
  return null;
}

async function oneAtATime(field, keys) {
  let text = "";
  let selection = { start: 0, end: 0 };
  for (const key of keys) {
    const moved = move(key, text.length);
    if (moved) { [selection] = moved; continue; }
    const edit = keyEdit(key, text, selection);
    if (edit.start === edit.end && edit.replacement === "") continue;
    const answer = await post({ field, text, range: { start: edit.start, end: edit.end }, replacement: edit.replacement,
      inputType: edit.inputType });
    text = answer.text;
    selection = { start: answer.caret, end: answer.caret };
  }
  return { text, caret: selection.end };
}

function optimistic(field, accepts, keys, delays) {
  return typeThroughModel({
    keys, delays, accepts, keyEdit,
    answer: (request) => post({
      field, text: request.text, caret: request.caret,
      edits: request.edits.map((edit) => ({
        range: { start: edit.start, end: edit.end }, replacement: edit.replacement, inputType: edit.inputType,
        ...(edit.anchor ? { anchor: edit.anchor } : {}),
      })),
    }),
  });
}

const fields = {
  credit_card: ["4", "2", "7", "0", "x", " ", "4242 4242", "-"],
  phone_cn: ["1", "3", "8", "0", "+", "8", "6", " ", "a"],
  phone_us: ["2", "0", "1", "5", "(", "-", "1"],
  amount: ["1", "0", "5", ".", ",", "-", "x"],
  card_expiry: ["1", "2", "3", "0", "/", "4"],
  iban: ["D", "E", "8", "9", "3", "7", " ", "x"],
  date: ["2", "0", "1", "9", "-", "3"],
  email: ["j", "a", "@", "e", ".", "c", " "],
  // Layouts the answer changes (issue 28): a CPF re-laid as a CNPJ, an optional part, placeholders.
  tax_id_br: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "11222333000181", ".", "/", "b", "Z"],
  phone_br: ["1", "9", "8", "7", "6", "5", "4", "(", "-"],
  mac_address: ["0", "a", "F", "9", "_", ":", "b"],
  // Digits written as a month's name (`12` is `Dec`), or the name typed.
  date_month_name: ["3", "1", "1", "2", "4", " ", "d", "e", "c", "2"],
  // The weekday written once the date is whole, and gone at the next Backspace.
  date_weekday: ["3", "1", "1", "2", "2", "0", "2", "4", "5", ","],
};

for (const [field, typed] of Object.entries(fields)) {
  test(`${field}: keys answered late end as keys answered at once`, { skip: !binary && "SMARTTEXT_SERVER not set" },
    async () => {
      const accepts = (await (await fetch(`${base}/v1/fields/${field}`)).json()).accepts;
      const next = random(field.length * 7919);
      const pick = (list) => list[Math.floor(next() * list.length)];
      for (let round = 0; round < 25; round++) {
        const keys = Array.from({ length: 1 + Math.floor(next() * 14) }, () => {
          const roll = next();
          if (roll < 0.65) return { type: pick(typed) };
          if (roll < 0.8) return "backspace";
          if (roll < 0.85) return "delete";
          return pick(["home", "end", "all"]);
        });
        const expected = await oneAtATime(field, keys);
        for (const delays of [[keys.length], keys.map(() => Math.floor(next() * 4))]) {
          assert.deepEqual(await optimistic(field, accepts, keys, delays), expected,
            `${JSON.stringify(keys)} with answers after ${delays}`);
        }
      }
    });
}
