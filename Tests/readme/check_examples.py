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
"""
import collections
import json
import os
import re
import socket
import subprocess
import sys
import time

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


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(server):
    port = free_port()
    process = subprocess.Popen([server, "--host", "127.0.0.1", "--port", str(port)],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.1):
                return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    sys.exit("the server did not start")


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


def main():
    server = os.path.abspath(sys.argv[1])
    update = "--update" in sys.argv
    with open(README, encoding="utf-8") as handle:
        text = handle.read()
    process, port = start(server)
    failures = []
    replacements = []
    try:
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
        process.terminate()
        process.wait(timeout=10)
    if update:
        for (start_index, end_index), answer in sorted(replacements, reverse=True):
            text = text[:start_index] + answer + text[end_index:]
        with open(README, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"README examples: {len(replacements)} JSON answers rewritten")
        return 0
    for failure in failures:
        print("FAIL:", failure)
    print(f"README examples: {len(found)} checked, {len(failures)} differ")
    return 1 if failures or not found else 0


if __name__ == "__main__":
    sys.exit(main())
