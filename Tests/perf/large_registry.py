#!/usr/bin/env python3
"""What a large registry costs: load time, memory, the field list, a reload, SIGTERM during one.

Usage: large_registry.py PATH/TO/smarttext-server [FIELDS]      (FIELDS: 100000 by default)

Run against a release build; RELIABILITY.md and the README ("Reloading", "Memory") quote its output. It is a
measurement: it exits 0 whatever the figures are, and 1 only when something is broken (a failed check, a
non-zero exit).

The registry has FIELDS fields of four kinds in turn: digits with a length and a label in two languages,
an upper-case mask, a field that `extends` the one two before it, and a trimmed name; each has validators.

1. `--check-config`: wall time and peak RSS (the child's maxrss).
2. A live server (--threads 2): time to the start-up line, RSS then; `GET /v1/fields` five times (time,
   size, RSS; the list is written with the registry, before the start-up line).
3. SIGHUP: time to the "now serving" line, RSS after, peak RSS (VmHWM).
4. SIGHUP then SIGTERM 0.1 s later: time to exit and the exit status (the README promises 5 s).
"""
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

MIB = 1024 * 1024


def registry(count):
    fields = {}
    for index in range(count):
        name = f"field_{index:06d}"
        kind = index % 4
        if kind == 0:
            field = {"label": {"en": f"Field {index}", "de": f"Feld {index}"},
                     "formatters": ["digits", {"maxLength": {"max": 5}}],
                     "validators": ["notEmpty", {"length": {"min": 5, "max": 5}}],
                     "hints": {"inputmode": "numeric", "placeholder": "12345"}}
        elif kind == 1:
            field = {"label": f"Code {index}", "formatters": ["uppercase", {"mask": {"pattern": "AA-####"}}],
                     "validators": ["notEmpty"]}
        elif kind == 2:
            field = {"extends": f"field_{index - 2:06d}", "label": {"en": f"Other {index}"}}
        else:
            field = {"label": f"Name {index}", "formatters": ["trim", "collapseWhitespace"],
                     "validators": [{"length": {"max": 40}}]}
        fields[name] = field
    return {"version": f"large-{count}", "fields": fields}


def status_kib(pid, key):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(key + r":\s+(\d+) kB", status.read()).group(1)) * 1024


def wait_for(process, text, lines):
    while True:
        line = process.stderr.readline()
        if not line:
            raise SystemExit(f"the server exited waiting for {text!r}: {lines[-5:]}")
        lines.append(line)
        if text in line:
            return line


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    env = {k: v for k, v in os.environ.items() if not k.startswith("SMARTTEXT_")}
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "fields.json")
        with open(path, "w") as out:
            json.dump(registry(count), out)
        print(f"registry: {count:,} fields, {os.path.getsize(path) / MIB:.1f} MiB of JSON")

        started = time.monotonic()
        check = subprocess.Popen([binary, "--check-config", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 env=env)
        _, status, usage = os.wait4(check.pid, 0)
        output = check.stdout.read().decode().strip()
        if status != 0:
            raise SystemExit(f"--check-config failed: {check.stderr.read().decode()}")
        print(f"--check-config: {time.monotonic() - started:.2f} s, peak RSS {usage.ru_maxrss * 1024 / MIB:.0f} MiB"
              f" ({output})")

        started = time.monotonic()
        server = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--threads", "2", "--config", path],
                                  stderr=subprocess.PIPE, text=True, env=env)
        lines = []
        line = wait_for(server, "listening on", lines)
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)", line).group(1))
        print(f"start-up: {time.monotonic() - started:.2f} s to the start-up line, RSS "
              f"{status_kib(server.pid, 'VmRSS') / MIB:.0f} MiB (peak {status_kib(server.pid, 'VmHWM') / MIB:.0f})")
        for attempt in range(5):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            begun = time.perf_counter()
            connection.request("GET", "/v1/fields")
            response = connection.getresponse()
            body = response.read()
            elapsed = time.perf_counter() - begun
            connection.close()
            if response.status != 200:
                raise SystemExit(f"/v1/fields answered {response.status}")
            print(f"GET /v1/fields #{attempt + 1}: {elapsed * 1000:.0f} ms, {len(body) / MIB:.1f} MiB, RSS "
                  f"{status_kib(server.pid, 'VmRSS') / MIB:.0f} MiB")

        server.send_signal(signal.SIGHUP)
        begun = time.monotonic()
        wait_for(server, "SIGHUP: registry", lines)
        print(f"SIGHUP: {time.monotonic() - begun:.2f} s to the new registry, RSS "
              f"{status_kib(server.pid, 'VmRSS') / MIB:.0f} MiB after (peak {status_kib(server.pid, 'VmHWM') / MIB:.0f})")

        server.send_signal(signal.SIGHUP)
        time.sleep(0.1)
        begun = time.monotonic()
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=60)
        rest = server.stderr.read()
        abandoned = "abandoned" in rest
        print(f"SIGTERM 0.1 s after SIGHUP: exit {code} after {time.monotonic() - begun:.2f} s"
              f"{' (the reload was abandoned)' if abandoned else ''}")
        if code != 0:
            raise SystemExit("the server did not exit 0")


if __name__ == "__main__":
    main()
