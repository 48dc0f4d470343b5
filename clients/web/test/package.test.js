// The package as an application installs it from a local path: its files (package.json's `files`)
// copied into node_modules/smarttext-client beside react, react-dom and jsdom (Debian's node-react,
// node-react-dom, node-jsdom); its TypeScript declarations checked with tsc (Debian's
// node-typescript) on a typed usage example, and refusing a wrong one; its React hook run under
// jsdom. Needs those packages: scripts/test installs them.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, test } from "node:test";

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, "..");
const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8"));
const require = createRequire(import.meta.url);
let app;

/** Where a Debian node package lives (node's own paths, then /usr/share/nodejs). */
function located(name) {
  for (const root of ["/usr/share/nodejs", "/usr/lib/nodejs", "/usr/share/javascript"]) {
    if (existsSync(join(root, name, "package.json"))) return join(root, name);
  }
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

before(() => {
  app = mkdtempSync(join(tmpdir(), "smarttext-app-"));
  const installed = join(app, "node_modules", "smarttext-client");
  mkdirSync(installed, { recursive: true });
  for (const file of ["package.json", ...manifest.files]) cpSync(join(packageRoot, file), join(installed, file));
  for (const name of ["react", "react-dom", "jsdom"]) {
    const source = located(name);
    if (source) symlinkSync(source, join(app, "node_modules", name));
  }
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "an-app", private: true, type: "module" }));
  for (const fixture of ["usage.ts", "misuse.ts", "react-hook.js"]) cpSync(join(here, "fixtures", fixture), join(app, fixture));
});

after(() => rmSync(app, { recursive: true, force: true }));

test("the package declares every export it has, and its files are its exports", async () => {
  const module = await import(pathToFileURL(join(app, "node_modules", "smarttext-client", "smarttext.js")));
  const declarations = readFileSync(join(packageRoot, "smarttext.d.ts"), "utf8");
  for (const name of Object.keys(module)) {
    assert.match(declarations, new RegExp(`export (function|const) ${name}\\b`), `${name} has no declaration`);
  }
  for (const target of Object.values(manifest.exports).flatMap(Object.values)) {
    assert.ok(manifest.files.includes(target.replace("./", "")), `${target} is exported but not in files`);
  }
});

const typescript = spawnSync("tsc", ["--version"]).status === 0;

test("tsc accepts a typed use of the package and refuses a wrong one", { skip: !typescript && "tsc not found" }, () => {
  const config = (files) => JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, target: "es2022", module: "node16", moduleResolution: "node16",
      lib: ["es2022", "dom"], types: [], skipLibCheck: false,
    },
    files,
  });
  writeFileSync(join(app, "tsconfig.json"), config(["usage.ts"]));
  execFileSync("tsc", ["-p", app], { encoding: "utf8" });
  writeFileSync(join(app, "tsconfig.misuse.json"), config(["misuse.ts"]));
  const wrong = spawnSync("tsc", ["-p", join(app, "tsconfig.misuse.json")], { encoding: "utf8" });
  assert.notEqual(wrong.status, 0, "a wrong option and a wrong type passed the type check");
  assert.match(wrong.stdout, /feild/);
  assert.match(wrong.stdout, /misuse.ts\(7,/, "the wrong type of caret passed");
});

const react = ["react", "react-dom", "jsdom"].every(located);

test("the React hook under jsdom: hints, keys at once, answers in React state", { skip: !react && "react, react-dom or jsdom not found" }, () => {
  // Its own process, so that jsdom's globals and the installed layout are the app's alone; NODE_PATH
  // lets Debian's react-dom find its own dependencies (scheduler) under /usr/share/nodejs.
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", "await import('./react-hook.js')"], {
    cwd: app, encoding: "utf8", env: { ...process.env, NODE_PATH: "/usr/share/nodejs:/usr/lib/nodejs" },
  });
  assert.equal(run.status, 0, run.stderr + run.stdout);
});

const npm = spawnSync("npm", ["--version"]).status === 0;

test("npm pack makes the package of package.json's files, README and LICENSE, offline", { skip: !npm && "npm not found" }, () => {
  const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--offline", "--ignore-scripts"], {
    cwd: packageRoot, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" },
  }))[0];
  const files = packed.files.map((file) => file.path).sort();
  assert.deepEqual(files, ["package.json", ...manifest.files].sort(), "the tarball's files");
  assert.equal(packed.name, manifest.name);
  assert.equal(packed.version, manifest.version);
  assert.equal(readFileSync(join(packageRoot, "LICENSE"), "utf8"), readFileSync(join(packageRoot, "..", "..", "LICENSE"), "utf8"),
    "clients/web/LICENSE is not the repository's LICENSE");
});

test("the manifest says where it comes from, what it runs on, and that importing it does nothing", () => {
  assert.match(manifest.repository?.url ?? "", /^git\+https:\/\//);
  assert.equal(manifest.repository.directory, "clients/web");
  assert.match(manifest.engines?.node ?? "", /^>=\d+/);
  assert.equal(manifest.sideEffects, false);
  // `npm test` runs the tests only, not the fixtures beside them.
  const tested = execFileSync("sh", ["-c", `for file in ${manifest.scripts.test.replace(/^node --test /, "")}; do echo "$file"; done`], {
    cwd: packageRoot, encoding: "utf8",
  }).trim().split("\n");
  assert.ok(tested.length >= 3 && tested.every((file) => /^test\/[a-z-]+\.test\.js$/.test(file)), tested.join(", "));
});

const reactTypes = existsSync("/usr/share/nodejs/@types/react/index.d.ts") && existsSync("/usr/share/nodejs/csstype/index.d.ts");

test("npm run typecheck: the declarations, and <input {...inputProps} /> under strict TypeScript with React's types",
  { skip: (!typescript || !reactTypes) && "tsc or Debian's React types (node-react, node-csstype, node-prop-types) not found" }, () => {
    const run = spawnSync("tsc", ["-p", join(packageRoot, "tsconfig.json")], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });
