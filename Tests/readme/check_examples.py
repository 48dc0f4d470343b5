#!/usr/bin/env python3
"""Runs every curl example of README.md against a real server and checks that
it gives the answer shown.

    check_examples.py PATH/TO/smarttext-server            # check (exit 1 on a difference)
    check_examples.py PATH/TO/smarttext-server --update   # rewrite the answers in README.md

An example is a ```sh block whose command starts with `curl` (or `$ curl`),
followed by its answer: a ```json block (compared as JSON) or a ```text block
(compared line by line; `…` on a line of its own stands for lines left out).
The examples run in order against one server started with the built-in
registry; `localhost:8080` in a command is replaced by the server's address.

Also checked: the start-up line the README shows (address and thread count
aside), and that the registry format's complete example passes
`--check-config` with the success line the README shows.
"""
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from live_server import LiveServer  # noqa: E402 - Tests/support

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
README = os.path.join(ROOT, "README.md")
BLOCK = re.compile(r"```(sh|json|text)\n(.*?)```", re.S)
WIDTH = 110


def layout(value, indent=0):
    """The README's JSON layout: one line when it fits in WIDTH columns, else expanded."""
    one_line = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(one_line) + indent <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return one_line
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {layout(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + layout(v, indent + 2) for v in value) + "\n" + " " * indent + "]"


def run(command, port):
    command = command.replace("localhost:8080", f"127.0.0.1:{port}")
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=30)
    return result.stdout


def examples(text):
    """(command block span, command, answer kind, answer span, answer text) for each example."""
    blocks = list(BLOCK.finditer(text))
    found = []
    for current, following in zip(blocks, blocks[1:]):
        if current.group(1) != "sh" or following.group(1) not in ("json", "text"):
            continue
        between = text[current.end():following.start()]
        if between.strip():
            continue
        lines = [line[2:] if line.startswith("$ ") else line for line in current.group(2).splitlines()]
        command = "\n".join(lines).strip()
        if not command.startswith("curl"):
            continue
        found.append((command, following.group(1), following.span(2), following.group(2)))
    return found


def matches_text(shown, actual):
    actual_lines = actual.splitlines()
    position = 0
    skipping = False
    for line in shown.splitlines():
        if line.strip() == "…":
            skipping = True
            continue
        if skipping:
            while position < len(actual_lines) and actual_lines[position] != line:
                position += 1
        if position >= len(actual_lines) or actual_lines[position] != line:
            return False
        position += 1
        skipping = False
    return skipping or position == len(actual_lines)


def check_startup_line(text, startup):
    """The README's start-up line, with the address and thread count of this run."""
    shown = re.search(r"`(smarttext-server \S+ listening on \S+ \(\d+ threads?, registry [^`]*\))`", text)
    if not shown:
        return ["the README shows no start-up line"]
    normalize = lambda line: re.sub(r"listening on \S+ \(\d+ threads?", "listening on ADDRESS (N threads", line)
    if normalize(shown.group(1)) != normalize(startup.strip()):
        return [f"start-up line\n  shown:  {shown.group(1)}\n  actual: {startup.strip()}"]
    return []


def check_registry_example(server, text):
    """The registry format's complete example loads, and --check-config says what the README says."""
    example = re.search(r'```json\n(\{\n  "version": "[^"]*",\n  "fields": \{.*?)```', text, re.S)
    success = re.search(r"exits 0 on a good registry \(`([^`]*)`\)", text)
    if not example or not success:
        return ["the README has no complete registry example or no --check-config success line"]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "shop.json")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(example.group(1))
        result = subprocess.run([server, "--check-config", path], capture_output=True, text=True)
    if result.returncode != 0 or result.stdout.strip() != success.group(1):
        return [f"--check-config of the registry example\n  shown:  {success.group(1)}"
                f"\n  actual: {result.stdout.strip()} {result.stderr.strip()} (exit {result.returncode})"]
    return []


def main():
    server = os.path.abspath(sys.argv[1])
    update = "--update" in sys.argv
    with open(README, encoding="utf-8") as handle:
        text = handle.read()
    live = LiveServer(server)
    port = live.port
    failures = check_registry_example(server, text)
    replacements = []
    try:
        if not update:
            failures += check_startup_line(text, live.first_line())
        found = examples(text)
        for command, kind, span, shown in found:
            actual = run(command, port)
            if kind == "json":
                try:
                    value = json.loads(actual, object_pairs_hook=collections.OrderedDict)
                except ValueError:
                    failures.append(f"{command}\n  answered non-JSON: {actual[:200]!r}")
                    continue
                if update:
                    replacements.append((span, layout(value) + "\n"))
                elif json.loads(shown) != json.loads(actual):
                    failures.append(f"{command}\n  shown:  {json.dumps(json.loads(shown), ensure_ascii=False)}"
                                    f"\n  actual: {json.dumps(json.loads(actual), ensure_ascii=False)}")
            elif not update and not matches_text(shown, actual):
                failures.append(f"{command}\n  shown:\n{shown}\n  actual:\n{actual}")
    finally:
        live.stop()
    if update:
        for (start_index, end_index), answer in sorted(replacements, reverse=True):
            text = text[:start_index] + answer + text[end_index:]
        with open(README, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"README examples: {len(replacements)} JSON answers rewritten")
        return 0
    for failure in failures:
        print("FAIL:", failure)
    print(f"README examples: {len(found)} curl examples, the start-up line and the registry example checked, "
          f"{len(failures)} differ")
    return 1 if failures or not found else 0


if __name__ == "__main__":
    sys.exit(main())
