#!/usr/bin/env python3
"""The server's memory stays within the bound the README states, whatever clients do.

Usage: check_memory_bound.py PATH/TO/smarttext-server [--report FILE]

Worst case, in the README's terms (section "Memory"):

    RSS <= BASE_AND_CACHES + --threads x PER_THREAD + --max-connections x (--max-body + PER_CONNECTION)

For the default flags and for larger settings, the server is started and driven to that worst case:

1. the caches are filled with fresh values (phone numbers of every region, passwords, e-mail
   addresses, IBANs, signup forms; every value new, so the phone layout, phone inspection and password
   verdict caches fill up to their bounds and keep evicting), and 20,000 requests each come in a locale
   tag never seen before, and 400 with a 60 KB locale;
2. --max-connections connections each send a request's headers and all but the last byte of a
   --max-body body, and hold it (the largest buffer a connection can make the server keep);
3. while they hold, RSS (VmRSS of /proc/PID/status) must be within the bound, and a new client must
   still be answered (the stalest connection makes room);
4. the connections are closed; within a few seconds RSS must come back near where it was before them
   (buffers freed when connections close), and the server must answer.

Exits 1 when a bound is passed. Prints what was measured (RELIABILITY.md quotes it).
"""
import json
import os
import random
import re
import socket
import subprocess
import sys
import time

MIB = 1024 * 1024
KIB = 1024
# The README's constants (section "Memory").
BASE_AND_CACHES = 52 * MIB
PER_THREAD = 1 * MIB
PER_CONNECTION = 24 * KIB
# After the connections close, RSS must be back within this much of where it was before them.
SETTLE_SLACK = 8 * MIB

# None: the server's default (read from --help).
SETTINGS = [
    {"threads": 2, "max_connections": None, "max_body": None},
    {"threads": 8, "max_connections": 512, "max_body": 131072},
]


def defaults(binary):
    """The defaults of --max-connections and --max-body, as --help states them."""
    usage = subprocess.run([binary, "--help"], capture_output=True, text=True).stdout
    found = {}
    for flag, key in (("--max-connections", "max_connections"), ("--max-body", "max_body")):
        found[key] = int(re.search(re.escape(flag) + r" VALUE .*\(default:? (\d+)\)", usage).group(1))
    return found


def bound(threads, max_connections, max_body):
    """The README's worst case for these flags."""
    return BASE_AND_CACHES + threads * PER_THREAD + max_connections * (max_body + PER_CONNECTION)


def rss(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+) kB", status.read()).group(1)) * KIB


def start(binary, settings, explicit):
    flags = ["--threads", str(settings["threads"]), "--timeout", "60"]
    if explicit:
        flags += ["--max-connections", str(settings["max_connections"]), "--max-body", str(settings["max_body"])]
    process = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", "0"] + flags,
        stderr=subprocess.PIPE, text=True, env={k: v for k, v in os.environ.items() if not k.startswith("SMARTTEXT_")})
    line = process.stderr.readline()
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)", line).group(1))
    return process, port


def post(connection, path, body):
    data = json.dumps(body).encode()
    connection.sendall(
        b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % (path.encode(), len(data))
        + data)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = connection.recv(65536)
        if not chunk:
            raise RuntimeError("connection closed")
        head += chunk
    header, rest = head.split(b"\r\n\r\n", 1)
    length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
    while len(rest) < length:
        rest += connection.recv(65536)
    return int(header.split(b" ")[1])


def get_status(port, path):
    """The status of a GET on a new connection, or 0 when the connection fails."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path.encode())
            return int(connection.recv(4096).split(b" ")[1])
    except (OSError, IndexError, ValueError):
        return 0


def phone_regions(port):
    """Every phone region the server knows (GET /v1/regions)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(b"GET /v1/regions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return [region["region"] for region in json.loads(answer.split(b"\r\n\r\n", 1)[1])["regions"]]


def fill_caches(port, count, rng, regions):
    """Fresh values in every cached rule, `count` requests; numbers of every phone region in turn, so
    every region's compiled numbering plan is in memory too."""
    digits = lambda n: "".join(rng.choice("0123456789") for _ in range(n))
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        for index in range(count):
            kind = index % 9
            if kind == 8:
                region = regions[(index // 9) % len(regions)]
                body = ("/v1/edit", {"field": "phone", "region": region, "text": "0" + digits(9),
                                     "range": {"start": 10, "end": 10}, "replacement": digits(1)})
            elif kind == 0:
                body = ("/v1/format", {"field": "phone_cn", "text": "13" + digits(9)})
            elif kind == 1:
                body = ("/v1/format", {"field": "phone", "text": "+44 7" + digits(9)})
            elif kind == 2:
                body = ("/v1/format", {"field": "phone_us", "text": "201" + digits(7)})
            elif kind == 3:
                body = ("/v1/format", {"field": "password", "text": "Tr0ub" + digits(12) + "&x!"})
            elif kind == 4:
                body = ("/v1/format", {"field": "email", "text": f"jane.{digits(10)}@example.com"})
            elif kind == 5:
                body = ("/v1/format", {"field": "iban", "text": "DE89" + digits(18)})
            elif kind == 6:
                n = digits(8)
                body = ("/v1/validate", {"form": "signup", "values": {
                    "username": "jane_" + n, "email": f"jane{n}@example.com", "phone_cn": "139" + n,
                    "password": f"Tr0ub{n}&xyz!", "password_confirm": f"Tr0ub{n}&xyz!"}})
            else:
                body = ("/v1/edit", {"field": "phone_cn", "text": "138 " + digits(4) + " " + digits(3),
                                     "range": {"start": 12, "end": 12}, "replacement": "0"})
            status = post(connection, *body)
            if status != 200:
                raise RuntimeError(f"{body[0]} answered {status}")


def fill_locales(port, count, rng):
    """Issue 25.3 and 25.4: `count` requests each in a locale tag never seen before (well formed, unknown to
    ICU: `qabcd-US`, or a known language with a private-use subtag), and 400 with a 60 KB `locale`, which
    must be refused. ICU keeps what it opens for every locale id, and the locale caches were keyed by the
    tag: RSS grew from 24 to 106 MiB."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        for index in range(count):
            made = "".join(rng.choice(letters) for _ in range(4))
            tag = f"q{made}-US" if index % 2 == 0 else f"de-DE-x-{made}{index % 1000}"
            status = post(connection, "/v1/format", {"field": "amount", "text": "1234,5", "locale": tag})
            if status != 200:
                raise RuntimeError(f"locale {tag} answered {status}")
        long = "de-" + "x" * 60_000
        for _ in range(400):
            status = post(connection, "/v1/validate", {"values": {"amount": "1,5"}, "locale": long})
            if status != 400:
                raise RuntimeError(f"a 60 KB locale answered {status}, not 400")


def hold_bodies(port, count, max_body):
    """`count` connections, each holding all but the last byte of a max_body body."""
    held = []
    head = (b"POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
            % max_body)
    payload = b"{" + b" " * (max_body - 2)
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", port), timeout=30)
        connection.sendall(head + payload)
        held.append(connection)
    return held


def run(binary, settings, rng, report):
    explicit = settings["max_connections"] is not None
    if not explicit:
        settings = dict(settings, **defaults(binary))
    process, port = start(binary, settings, explicit)
    try:
        time.sleep(0.5)
        idle = rss(process.pid)
        regions = phone_regions(port)
        fill_caches(port, 12000, rng, regions)
        fill_locales(port, 20000, rng)
        time.sleep(1.5)
        cached = rss(process.pid)
        held = hold_bodies(port, settings["max_connections"], settings["max_body"])
        time.sleep(1.5)
        try:
            fill_caches(port, 2000, rng, regions)  # the caches keep turning over while the bodies are held
        except (OSError, RuntimeError) as error:
            print(f"  while the bodies were held, a new client failed: {error}")
        peak = rss(process.pid)
        # A new client is still served: the stalest connection makes room.
        started = time.monotonic()
        fresh = get_status(port, "/healthz")
        fresh_seconds = time.monotonic() - started
        for connection in held:
            connection.close()
        samples = []
        for _ in range(6):
            time.sleep(1)
            samples.append(rss(process.pid))
        print("  after closing, each second:", " ".join(f"{sample / MIB:.1f}" for sample in samples))
        settled = samples[2]
        healthy = get_status(port, "/healthz")
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            print("  the server did not stop within 15 s of SIGTERM")
            process.kill()
            process.wait()
    worst = bound(settings["threads"], settings["max_connections"], settings["max_body"])
    caches_bound = BASE_AND_CACHES + settings["threads"] * PER_THREAD
    ok = peak <= worst and cached <= caches_bound and settled <= cached + SETTLE_SLACK
    ok = ok and fresh == 200 and fresh_seconds < 2 and healthy == 200
    line = (f"{'' if explicit else 'defaults: '}--threads {settings['threads']} "
            f"--max-connections {settings['max_connections']} --max-body {settings['max_body']}: "
            f"idle {idle / MIB:.1f} MiB, caches full {cached / MIB:.1f} MiB (bound {caches_bound / MIB:.0f}), "
            f"{settings['max_connections']} bodies held {peak / MIB:.1f} MiB (bound {worst / MIB:.1f}), "
            f"after they closed {settled / MIB:.1f} MiB; a new client answered {fresh} in {fresh_seconds * 1000:.0f} ms: "
            f"{'ok' if ok else 'FAILED'}")
    print(line)
    report.append(line)
    return ok


def main():
    binary = os.path.abspath(sys.argv[1])
    rng = random.Random(17)
    report = []
    ok = all([run(binary, settings, rng, report) for settings in SETTINGS])
    if "--report" in sys.argv:
        with open(sys.argv[sys.argv.index("--report") + 1], "w") as handle:
            handle.write("\n".join(report) + "\n")
    print(f"memory bound: {'OK' if ok else 'FAILED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
