// The Vue directive (vue.js) under jsdom with Debian's node-vue (Vue 2.6): the input is attached when
// mounted, keys show at once and the service's answers merge in, `onAnswer` follows the newest text, a
// new field attaches it anew, and unmounting detaches it (fixtures/vue-directive.js, in its own process).
// Skipped without node-vue or node-jsdom.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const here = dirname(fileURLToPath(import.meta.url));
const available = existsSync("/usr/share/nodejs/vue") && existsSync("/usr/share/nodejs/jsdom");

test("the Vue directive under jsdom: attached when mounted, answers followed, detached when unmounted",
  { skip: !available && "node-vue or node-jsdom not installed" }, () => {
    const run = spawnSync(process.execPath, [join(here, "fixtures", "vue-directive.js")], {
      encoding: "utf8", env: { ...process.env, NODE_PATH: "/usr/share/nodejs:/usr/lib/nodejs" },
    });
    assert.equal(run.status, 0, run.stderr + run.stdout);
  });
