#!/usr/bin/env python3
"""What the slowest request `--max-work` lets through costs, and what the others wait meanwhile.

Usage: work_budget.py PATH/TO/smarttext-server [--max-work N] [--quick] [--seconds S]

Run against a release build (`swift build -c release --product smarttext-server`); RELIABILITY.md quotes
its output. It is a measurement, not a test: it exits 0 whatever the figures are, and 1 only when something
is broken (a 5xx, a request over the budget answered 200 in place of 422, a refusal of another type).

1. For each shape of heavy request (formatting, a keystroke, Backspace, Delete, a paste of characters the
   field accepts and of characters that expand when case-mapped, typed edits in a batch, a form check) and
   each of several compositions of built-in fields, the largest size the budget lets through is found by
   bisection on the server's own answers (200 or 422 `work-budget`); that request is then timed (the median
   of five). The slowest of them is the slowest request that passes.
2. The attack of issue 25 (8 composed fields, 100 edits, a 10,000-digit text) and the heaviest shapes at
   full size are sent: each must be a 422 `work-budget`, and how long the refusal takes is printed.
3. Two clients send the slowest passing request in a loop (each one at a time, on a server with
   --threads 2, both threads busy); meanwhile /healthz is timed 200 times, each on a new connection.
"""
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

FIELDS = ['email', 'password', 'username', 'phone_cn', 'phone_us', 'phone', 'credit_card', 'card_expiry',
          'card_cvc', 'amount', 'iban', 'cn_resident_id', 'date', 'local_date', 'time', 'full_name']
# Compositions: single fields, the ones that cost most per character, and mixes of eight.
COMPOSITIONS = [[name] for name in FIELDS] + [
    ["amount"] * 8, ["iban"] * 8, ["full_name"] * 8, ["username"] * 8, ["password"] * 8, ["phone"] * 8,
    ["email"] * 8, ["date"] * 8, ["card_cvc"] * 8, ["phone_us"] * 8,
    ['amount', 'credit_card', 'phone', 'email', 'iban', 'date', 'full_name', 'username'],
    ['password', 'time', 'iban', 'iban', 'date', 'phone_cn', 'card_expiry', 'email'],
]
ALPHABETS = {"digits": "1234567890", "letters": "abcdefghijXYZ", "mixed": "1a2b-3 c.4/5:+@", "pairs": "12",
             # Characters that cost more than their count: emoji with skin tones and joiners (grapheme
             # clusters of several scalars), combining marks, full-width digits (normalized), spaces (collapsed).
             "emoji": ["\U0001F600", "\U0001F44D\U0001F3FD", "\U0001F468\u200D\U0001F469\u200D\U0001F467", "1"],
             "combining": ["e\u0301", "a\u0308\u0323", "\u0915\u094D\u0937", "1"],
             "fullwidth": "\uFF11\uFF12\uFF13\uFF14\uFF15\uFF10-",
             "spaces": "  \t1 a"}


def start(binary, flags):
    process = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", "0", "--threads", "2"] + flags,
        stderr=subprocess.PIPE, text=True, env={k: v for k, v in os.environ.items() if not k.startswith("SMARTTEXT_")})
    line = process.stderr.readline()
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)", line).group(1))
    return process, port


class Client:
    def __init__(self, port):
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def post(self, path, body):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        started = time.perf_counter()
        try:
            self.connection.request("POST", path, data, {"Content-Type": "application/json"})
            response = self.connection.getresponse()
            payload = response.read()
        except (http.client.HTTPException, OSError):
            # A body over --max-body: answered 413 and closed, perhaps before it was all sent.
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            return 0, b"", time.perf_counter() - started
        elapsed = time.perf_counter() - started
        return response.status, payload, elapsed


def cpu_ns(pid):
    """CPU time the server's threads have run, in nanoseconds (the first field of each task's schedstat):
    a request's own cost, whatever else the machine is running."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except OSError:
            pass
    return total


def text_of(kind, length, rng):
    """About `length` UTF-16 code units of the alphabet's characters (never more)."""
    alphabet = ALPHABETS[kind]
    pieces, units = [], 0
    while True:
        piece = rng.choice(alphabet)
        size = len(piece.encode("utf-16-le")) // 2
        if units + size > length:
            return "".join(pieces)
        pieces.append(piece)
        units += size


# Each shape: (name, route, build(composition, size, rng) -> body or None). `size` grows until refused.
def shapes():
    def fmt(kind):
        return lambda fields, size, rng: ("/v1/format", {"field": fields, "text": text_of(kind, size, rng)})

    def keystroke(where, alphabet="digits"):
        def build(fields, size, rng):
            text = text_of(alphabet, size, rng)
            count = len(text)
            at = {"end": count, "start": 0, "middle": count // 2}[where]
            return "/v1/edit", {"field": fields, "text": text, "range": {"start": at, "end": at}, "replacement": "5",
                                "units": "scalars"}
        return build

    def deletion(kind, where, alphabet="mixed"):
        def build(fields, size, rng):
            text = text_of(alphabet, max(size, 2), rng)
            # Offsets in scalars (`units`), so that a range never splits a surrogate pair.
            count = len(text)
            at = {"end": count, "start": 1, "middle": count // 2}[where]
            return "/v1/edit", {"field": fields, "text": text, "range": {"start": at - 1, "end": at},
                                "replacement": "", "inputType": kind, "units": "scalars"}
        return build

    def paste(kind, text_length):
        def build(fields, size, rng):
            text = text_of("digits", text_length, rng)
            replacement = {"accepted": text_of("mixed", size, rng), "expanding": "ß" * size,
                           "digits": text_of("digits", size, rng), "emoji": text_of("emoji", size, rng),
                           "combining": text_of("combining", size, rng)}[kind]
            return "/v1/edit", {"field": fields, "text": text, "range": {"start": len(text), "end": len(text)},
                                "replacement": replacement, "inputType": "insertFromPaste"}
        return build

    def typed(count):
        def build(fields, size, rng):
            text = text_of("digits", size, rng)
            edits = []
            for index in range(count):
                at = rng.randrange(0, size + index + 1)
                edits.append({"range": {"start": at, "end": at}, "replacement": rng.choice("1234567890a-")})
            return "/v1/edit", {"field": fields, "text": text, "caret": 0, "edits": edits}
        return build

    def typed_deletions(count):
        # Backspace and Delete at random places in a text of letters, digits and separators.
        def build(fields, size, rng):
            text = text_of("mixed", size + count + 1, rng)
            edits = []
            length = len(text)
            for index in range(count):
                at = rng.randrange(1, length)
                edits.append({"range": {"start": at - 1, "end": at}, "replacement": "",
                              "inputType": rng.choice(["deleteContentBackward", "deleteContentForward"])})
                length -= 1
            return "/v1/edit", {"field": fields, "text": text, "caret": 0, "edits": edits}
        return build

    def typed_large(count):
        # Edits that each paste `size` characters at the start.
        def build(fields, size, rng):
            edits = [{"range": {"start": 0, "end": 0}, "replacement": "ß" * size, "inputType": "insertFromPaste"}
                     for _ in range(count)]
            return "/v1/edit", {"field": fields, "text": text_of("letters", 200, rng), "caret": 0, "edits": edits}
        return build

    def validate(fields, size, rng):
        # Loose fields: each built-in field once, `size` characters each.
        return "/v1/validate", {"values": {name: text_of("pairs" if name == "password" else "mixed", size, rng)
                                           for name in FIELDS}}

    found = [(f"format {kind}", fmt(kind)) for kind in ALPHABETS]
    found += [(f"keystroke at {where}", keystroke(where)) for where in ("end", "start", "middle")]
    found += [(f"keystroke in {alphabet}", keystroke("middle", alphabet)) for alphabet in ("emoji", "combining")]
    found += [(f"{kind} at {where}", deletion(kind, where))
              for kind in ("deleteContentBackward", "deleteContentForward") for where in ("end", "start", "middle")]
    found += [(f"deleteContentBackward in {alphabet}", deletion("deleteContentBackward", "middle", alphabet))
              for alphabet in ("emoji", "combining", "spaces")]
    found += [(f"paste {kind} into {length}", paste(kind, length))
              for kind in ("accepted", "expanding", "digits", "emoji", "combining") for length in (20, 1000, 5000)]
    found += [(f"{count} typed edits", typed(count)) for count in (10, 100)]
    found += [(f"{count} typed deletions", typed_deletions(count)) for count in (10, 100)]
    found += [(f"{count} typed pastes", typed_large(count)) for count in (4, 100)]
    found.append(("validate every field", validate))
    return found


def largest_passing(client, build, fields, seed, limit=10_000):
    """The largest size the server answers 200 (not 422 work-budget), by bisection; (size, route, body)."""
    def attempt(size):
        route, body = build(fields, size, random.Random(seed))
        status, payload, _ = client.post(route, body)
        if status >= 500:
            raise SystemExit(f"a {status} for {route} {fields} size {size}: {payload[:200]!r}")
        return status == 200, route, body

    passed, route, body = attempt(limit)
    if passed:
        return limit, route, body
    # Refused at the limit (the budget, or the text too long once formatted): the largest size passing.
    low, high, best = 0, limit, None
    while low < high:
        middle = (low + high + 1) // 2
        passed, route, body = attempt(middle)
        if passed:
            low, best = middle, (middle, route, body)
        else:
            high = middle - 1
    return best if best else (0, None, None)


def timed(client, pid, route, body, repeats=5):
    """The median wall time and the median CPU time of the server's threads for the request, in seconds."""
    data = json.dumps(body).encode()
    times, cpu = [], []
    for _ in range(repeats):
        before = cpu_ns(pid)
        status, payload, elapsed = client.post(route, data)
        cpu.append((cpu_ns(pid) - before) / 1e9)
        if status != 200:
            raise SystemExit(f"expected 200, got {status}: {payload[:200]!r}")
        times.append(elapsed)
    return statistics.median(times), statistics.median(cpu), len(data)


def main():
    args = sys.argv[1:]
    binary = args[0]
    flags = []
    if "--max-work" in args:
        flags += ["--max-work", args[args.index("--max-work") + 1]]
    quick = "--quick" in args
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 10.0
    verbose = "--verbose" in args
    process, port = start(binary, flags)
    # A second server that refuses everything: its 422 says what a request costs, without doing it.
    oracle_process, oracle_port = start(binary, ["--max-work", "1"])
    try:
        client = Client(port)
        oracle = Client(oracle_port)

        def cost(route, body):
            status, payload, _ = oracle.post(route, body)
            found = re.search(r"= ([\d,]+) units", json.loads(payload).get("detail", "")) if status == 422 else None
            return int(found.group(1).replace(",", "")) if found else 0
        rows = []
        compositions = COMPOSITIONS[::4] if quick else COMPOSITIONS
        for name, build in shapes():
            for index, fields in enumerate(compositions):
                size, route, body = largest_passing(client, build, fields, seed=index)
                if body is None:
                    continue
                median, cpu, length = timed(client, process.pid, route, body)
                rows.append((cpu, median, name, fields, size, length, route, body, cost(route, body)))
        rows.sort(key=lambda row: -row[0])
        print("slowest requests that pass (median of 5; CPU time of the server's threads, then wall time):")
        for cpu, median, name, fields, size, length, _, _, units in rows[:len(rows) if verbose else 15]:
            per_unit = cpu * 1e9 / units if units else 0
            print(f"  {cpu * 1000:7.2f} ms CPU {median * 1000:7.2f} ms  {name:32} size {size:5}  body {length:5} B  "
                  f"{units:7,} units ({per_unit:4.0f} ns CPU each)  {','.join(fields)}")
        slowest = rows[0][1:]

        print("refused (each must be a 422 work-budget):")
        digits = "1" * 9900
        attack = {"field": ['amount', 'credit_card', 'phone', 'email', 'iban', 'date', 'full_name', 'username'],
                  "text": digits, "caret": 9900,
                  "edits": [{"range": {"start": 9900 + i, "end": 9900 + i}, "replacement": "1"} for i in range(100)]}
        refused = [("issue 25: 8 fields x 100 edits x 9,900 digits", "/v1/edit", attack),
                   ("8 x iban, 9,700 characters, a 300-character paste of ß", "/v1/edit",
                    {"field": ["iban"] * 8, "text": "A" * 9700, "range": {"start": 9700, "end": 9700},
                     "replacement": "ß" * 300, "inputType": "insertFromPaste"}),
                   ("username, 9,700 characters, a 300-character paste of ß", "/v1/edit",
                    {"field": "username", "text": "a" * 9700, "range": {"start": 9700, "end": 9700},
                     "replacement": "ß" * 300, "inputType": "insertFromPaste"})]
        for name, route, body in refused:
            status, payload, elapsed = client.post(route, body)
            answer = json.loads(payload)
            kind = answer.get("type", "")
            print(f"  {elapsed * 1000:8.2f} ms  {status} {kind}  {name}")
            print(f"              {answer.get('detail', '')}")
            if status != 422 or not kind.endswith(":work-budget"):
                raise SystemExit(f"expected a 422 work-budget for {name}")

        print(f"/healthz while two clients send the slowest passing request ({slowest[1]}, "
              f"{slowest[2]}) in a loop for {seconds:.0f} s:")
        running = threading.Event()
        running.set()
        sent = [0, 0]
        data = json.dumps(slowest[6]).encode()

        def sender(slot):
            loop_client = Client(port)
            while running.is_set():
                status, _, _ = loop_client.post(slowest[5], data)
                if status != 200:
                    raise SystemExit(f"the loop got {status}")
                sent[slot] += 1
        # One connection each; the second connects while the first request is being answered, so that the
        # two land on different threads of the server (libmicrohttpd gives a connection to the thread that
        # accepts it, and a busy thread accepts none): both threads busy, the worst case for a health check.
        threads = [threading.Thread(target=sender, args=(slot,), daemon=True) for slot in range(2)]
        threads[0].start()
        time.sleep(min(0.005, slowest[0] / 4))
        threads[1].start()
        time.sleep(0.5)
        latencies = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and len(latencies) < 200:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            started = time.perf_counter()
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            response.read()
            latencies.append(time.perf_counter() - started)
            connection.close()
            if response.status != 200:
                raise SystemExit(f"/healthz answered {response.status}")
            time.sleep(0.02)
        running.clear()
        for thread in threads:
            thread.join()
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"  {len(latencies)} health checks: median {statistics.median(latencies) * 1000:.2f} ms, "
              f"p99 {p99 * 1000:.2f} ms, max {latencies[-1] * 1000:.2f} ms; "
              f"{sum(sent)} heavy requests answered meanwhile")
    finally:
        for running_process in (process, oracle_process):
            running_process.terminate()
            running_process.wait()


if __name__ == "__main__":
    main()
