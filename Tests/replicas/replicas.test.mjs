// Many replicas, one behaviour (issue 31): three SmartText replicas on 127.0.0.1 behind HAProxy (round robin,
// keep-alive to the backends, health checks on /readyz), and the web client's own attach() under jsdom typing
// continuously through it, with Node's fetch.
//
// - While a registry change reaches the replicas one after another (each one's file rewritten, then SIGHUP,
//   150 ms apart), the field never flips back to the old layout once it showed the new one, loses no
//   character, reports no problem, and ends with the new registry's text. Three roll-outs in a row.
// - A replica killed (SIGKILL) and another drained (SIGTERM) while the user types, through the pool without
//   the balancer's retries: everything shown stays, the client's retry takes each failed request to another
//   replica, and the final text is the service's for every key typed.
//
//   SMARTTEXT_SERVER=.build/debug/smarttext-server NODE_PATH=/usr/share/nodejs node --test Tests/replicas/
//
// Needs haproxy (Debian's package; HAPROXY names another binary) and jsdom (Debian's node-jsdom).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

const require = createRequire(import.meta.url);
const binary = process.env.SMARTTEXT_SERVER;
const haproxyBinary = process.env.HAPROXY || "/usr/sbin/haproxy";
const skip = !binary && "SMARTTEXT_SERVER does not name the server binary";

// The same twelve digits, laid out differently by each version of the registry.
const layouts = {
  v1: "#### #### ####",
  v2: "###-###-###-###",
  v3: "## ## ## ## ## ##",
  v4: "######.######",
};
const registry = (version) =>
  JSON.stringify({ version, fields: { account: { formatters: [{ mask: { pattern: layouts[version] } }] } } });

/** What `version` shows for `digits`: the mask's literals up to the last digit typed, and those right after
 * it once its group is full (`1234 `). */
function laidOut(version, digits) {
  let out = "";
  let next = 0;
  for (const slot of layouts[version]) {
    if (slot === "#") {
      if (next === digits.length) break;
      out += digits[next++];
    } else if (next > 0) {
      out += slot;
    }
  }
  return out;
}

/** Each separator of a text or mask as `digits before it:the separator`. */
function separators(text, digit = /[0-9]/) {
  const found = [];
  let digits = 0;
  for (const character of text) {
    if (digit.test(character)) digits++;
    else found.push(`${digits}:${character}`);
  }
  return found;
}

/**
 * Which version's layout a text is in: the one whose mask has each of its separators where it stands (a key
 * shown before its answer adds a digit, not a separator). Null with no separator yet, or for a text more
 * than one version lays out so; `other: …` for one no version does.
 */
function layoutOf(text) {
  const shown = separators(text);
  if (shown.length === 0) return null;
  const found = Object.keys(layouts).filter((version) => {
    const mask = new Set(separators(layouts[version], /#/));
    return shown.every((separator) => mask.has(separator));
  });
  if (found.length === 0) return `other: ${JSON.stringify(text)}`;
  return found.length === 1 ? found[0] : null;
}

const folder = mkdtempSync(join(tmpdir(), "smarttext-replicas-"));
const replicas = [];
let balancer;
let base;
let plainBase;
let dom;

async function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url, ready = (response) => response.ok, attempts = 200) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if (ready(await fetch(url))) return;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer`);
}

/** A replica with its own registry file (so a roll-out can reach one replica at a time). */
async function startReplica(name, version) {
  const config = join(folder, `${name}.json`);
  writeFileSync(config, registry(version));
  const port = await freePort();
  const process_ = spawn(binary, ["--host", "127.0.0.1", "--port", String(port), "--config", config, "--no-builtin"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const replica = { name, config, port, process: process_, log: "" };
  process_.stderr.on("data", (chunk) => { replica.log += chunk; });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  return replica;
}

async function startBalancer() {
  const port = await freePort();
  const plainPort = await freePort();
  const config = join(folder, "haproxy.cfg");
  writeFileSync(config, [
    "global",
    "  maxconn 512",
    "defaults",
    "  mode http",
    "  timeout connect 1s",
    "  timeout client 10s",
    "  timeout server 10s",
    "  retries 2",
    "  option redispatch",
    "  retry-on conn-failure empty-response response-timeout",
    "  option http-keep-alive",
    "  http-reuse always",
    "frontend typing",
    `  bind 127.0.0.1:${port}`,
    "  default_backend smarttext",
    "backend smarttext",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  default-server inter 100ms fall 1 rise 1",
    ...replicas.map((replica) => `  server ${replica.name} 127.0.0.1:${replica.port} check`),
    // The same pool without the balancer's own retries: what reaches a replica that is gone fails, and
    // the client's retry has to take it to another one.
    "frontend plain",
    `  bind 127.0.0.1:${plainPort}`,
    "  default_backend plain",
    "backend plain",
    "  balance roundrobin",
    "  retries 0",
    "  no option redispatch",
    "  retry-on none",
    "  option httpchk GET /readyz",
    "  default-server inter 100ms fall 1 rise 1",
    ...replicas.map((replica) => `  server ${replica.name} 127.0.0.1:${replica.port} check`),
    "",
  ].join("\n"));
  balancer = spawn(haproxyBinary, ["-db", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
  balancer.log = "";
  balancer.stderr.on("data", (chunk) => { balancer.log += chunk; });
  base = `http://127.0.0.1:${port}`;
  plainBase = `http://127.0.0.1:${plainPort}`;
  await waitFor(`${base}/readyz`);
  await waitFor(`${plainBase}/readyz`);
}

before(async () => {
  if (skip) return;
  for (const name of ["a", "b", "c"]) replicas.push(await startReplica(name, "v1"));
  await startBalancer();
  const { JSDOM } = require("jsdom");
  dom = new JSDOM("<!doctype html><html><body></body></html>", { url: base });
  for (const name of ["window", "document", "navigator", "HTMLElement", "HTMLInputElement", "Event", "CustomEvent",
                      "InputEvent", "KeyboardEvent", "Node"]) {
    globalThis[name] = dom.window[name];
  }
});

after(() => {
  balancer?.kill("SIGKILL");
  for (const replica of replicas) replica.process.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

/** A field attached to the pool, with every event it dispatches recorded. */
async function attachedField(baseURL = base) {
  const { attach } = await import("../../clients/web/smarttext.js");
  const input = document.createElement("input");
  document.body.append(input);
  input.focus();
  const events = { answers: [], unavailable: [], problems: [] };
  input.addEventListener("smarttext:answer", (event) => events.answers.push(event.detail.answer));
  input.addEventListener("smarttext:unavailable", (event) => events.unavailable.push(event.detail.error?.message));
  input.addEventListener("smarttext:problem", (event) => events.problems.push(event.detail.problem));
  const controller = attach(input, { field: "account", baseURL, fetch: globalThis.fetch.bind(globalThis) });
  await controller.ready;
  return { input, controller, events };
}

/** One key as a browser sends it: a cancelable beforeinput. */
function press(input, inputType, data = null) {
  input.dispatchEvent(new InputEvent("beforeinput", { inputType, data, cancelable: true, bubbles: true }));
}

/**
 * The layouts the field showed whenever an answer left nothing pending (what the service laid out, with no key
 * typed since), in order, each run of one counted once.
 */
function watchLayouts(input) {
  const seen = [];
  const note = () => {
    const layout = layoutOf(input.value);
    if (layout !== null && seen[seen.length - 1] !== layout) seen.push(layout);
  };
  input.addEventListener("smarttext:answer", note);
  return { seen, stop: () => { input.removeEventListener("smarttext:answer", note); note(); } };
}

async function rollOut(version) {
  for (const replica of replicas) {
    if (replica.process.exitCode !== null || replica.process.signalCode !== null) continue;
    writeFileSync(replica.config, registry(version));
    replica.process.kill("SIGHUP");
    await sleep(150);
  }
}

test("registry roll-outs reach the replicas one by one: no flip back, nothing lost, the new registry's text", { skip }, async () => {
  const { input, controller, events } = await attachedField();
  const versions = ["v1", "v2", "v3", "v4"];
  let digits = "";
  for (let round = 1; round < versions.length; round++) {
    const [old, next] = [versions[round - 1], versions[round]];
    const watch = watchLayouts(input);
    digits = "";
    let rolling = null;
    for (let key = 0; key < 12; key++) {
      const digit = String((key * 7 + round) % 10);
      digits += digit;
      input.setSelectionRange(input.value.length, input.value.length);
      press(input, "insertText", digit);
      assert.equal(input.value.replace(/[^0-9]/g, ""), digits, `round ${round}: every key shows at once`);
      if (key === 3) rolling = rollOut(next);
      await sleep(40);
    }
    await rolling;
    // Once every replica serves the new version, the next key (a Backspace and the same digit again) and
    // its answer show it.
    await sleep(300);
    input.setSelectionRange(input.value.length, input.value.length);
    press(input, "deleteContentBackward");
    press(input, "insertText", digits[11]);
    await controller.settled();
    await sleep(50);
    watch.stop();
    assert.equal(input.value, laidOut(next, digits), `round ${round}: the new registry's text`);
    assert.ok(!watch.seen.some((layout) => layout.startsWith("other")), `round ${round}: ${watch.seen}`);
    const firstNew = watch.seen.indexOf(next);
    assert.ok(firstNew >= 0, `round ${round}: ${watch.seen}`);
    assert.ok(watch.seen.slice(firstNew).every((layout) => layout === next),
              `round ${round}: back to the old layout after the new one: ${watch.seen}`);
    assert.ok(watch.seen.slice(0, firstNew).every((layout) => layout === old), `round ${round}: ${watch.seen}`);
    // Clear the field for the next round.
    input.setSelectionRange(0, input.value.length);
    press(input, "deleteContentBackward");
    await controller.settled();
    assert.equal(input.value, "");
  }
  assert.deepEqual(events.unavailable, [], "the service was always there");
  assert.deepEqual(events.problems, [], "no request was refused");
  const last = events.answers[events.answers.length - 1];
  assert.equal(last.registry, "v4");
});

test("a replica killed and another drained mid-typing lose nothing the field showed", { skip }, async () => {
  // Through the pool without the balancer's retries: the client's own retry takes each request that
  // reached a gone replica to another.
  const { input, controller, events } = await attachedField(plainBase);
  const version = "v4"; // what the roll-outs above left
  let digits = "";
  for (let key = 0; key < 12; key++) {
    const digit = String((key * 3 + 1) % 10);
    digits += digit;
    input.setSelectionRange(input.value.length, input.value.length);
    press(input, "insertText", digit);
    // Every character typed so far stays shown, whatever happens to the replicas.
    assert.equal(input.value.replace(/[^0-9]/g, ""), digits);
    if (key === 3) replicas[0].process.kill("SIGKILL");
    if (key === 7) replicas[1].process.kill("SIGTERM");
    // Fast keys right after each, before the balancer's health checks (every 100 ms) take the replica out.
    await sleep(key >= 3 ? 10 : 40);
  }
  await controller.settled();
  await sleep(50);
  assert.equal(input.value.replace(/[^0-9]/g, ""), digits, "nothing lost");
  assert.equal(input.value, laidOut(version, digits), "the service's text for every key");
  assert.deepEqual(events.problems, [], "no request was refused");
  assert.deepEqual(events.unavailable, [], "every request was answered, by another replica where one had gone");
  for (let wait = 0; wait < 120 && replicas[1].process.exitCode === null; wait++) await sleep(50);
  assert.equal(replicas[1].process.exitCode, 0, `the drained replica exited cleanly: ${replicas[1].log}`);
});
