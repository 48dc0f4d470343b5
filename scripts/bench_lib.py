#!/usr/bin/env python3
"""Helpers for scripts/bench (Python 3 standard library only).

    bench_lib.py free-port              a free TCP port on 127.0.0.1
    bench_lib.py median N...            the median of the numbers given
    bench_lib.py wrk-summary FILE       one progress line from a wrk --latency output
    bench_lib.py cpu-snapshot PID       CPU clock ticks: machine process time, machine total,
                                        reaped children of PID (cutime + cstime), steal
    bench_lib.py scenario FILE KEY route|sample
                                        a scenario's route, or its body (placeholders filled)
    bench_lib.py wrk-script FILE KEY OUT
                                        a wrk script sending the scenario (fresh: new digits
                                        in every request)
    bench_lib.py report RUN_DIR         the results table, from the files scripts/bench wrote

RUN_DIR holds (all written by scripts/bench):
    scenarios.tsv     key, label, target text, target spec; in table order
    runs.tsv          round, key, status (ran|skipped), detail, raw wrk file (relative)
    measurements.txt  key=value lines: idle_rss_kb, peak_rss_kb, hwm_kb, startup_ms
                      (space-separated lists), service_load (1 when a service scenario
                      ran), cpu_before / cpu_after (cpu-snapshot outputs), note
                      (repeatable, printed under the table)

Target specs: "ref" (the nginx row), "-" (no target), "rps>=0.60 p99<=2" (ratios to the
nginx medians of the same run, all must hold), "peer:phone_cn_fresh>=5" (median req/s of the
named service scenario divided by this row's median req/s).
"""
import json
import os
import re
import socket
import statistics
import sys

UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0, "h": 3600000.0}


def parse_wrk(path):
    """The numbers of one wrk --latency run: req/s, p99 (ms), non-2xx, socket errors."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    rps = re.search(r"^Requests/sec:\s+([\d.]+)", text, re.M)
    p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s|m|h)\s*$", text, re.M)
    if not rps or not p99:
        raise ValueError(f"{path}: not a wrk --latency output")
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    total = re.search(r"^\s+(\d+) requests in", text, re.M)
    return {
        "rps": float(rps.group(1)),
        "p99": float(p99.group(1)) * UNITS_MS[p99.group(2)],
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "socket": sum(map(int, sock.groups())) if sock else 0,
        "socket_text": sock.group(0) if sock else "",
        "requests": int(total.group(1)) if total else 0,
    }


def fmt_ms(ms):
    if ms >= 1000:
        return f"{ms / 1000:.2f}s"
    if ms < 1:
        return f"{ms * 1000:.0f}us"
    return f"{ms:.2f}ms"


def fmt_ratio(r):
    return f"{r:.3f}" if r < 0.1 else f"{r:.2f}"


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def read_measurements(path):
    """key=value lines; "note" may repeat and is gathered into a list."""
    values = {"note": []}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("=")
                if key == "note":
                    values["note"].append(value)
                elif key:
                    values[key] = value
    return values


def numbers(text):
    return [float(x) for x in (text or "").split()]


def check(value, op, limit):
    return value >= limit if op == ">=" else value <= limit


def cpu_snapshot(pid):
    """Busy and total ticks of the machine (/proc/stat) and the CPU time of the waited-for
    children of pid: everything this benchmark started (wrk, servers, nginx, peer)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:9]]  # user nice system idle iowait irq softirq steal
    total = sum(ticks)
    # Process time only (user, nice, system): irq/softirq time (loopback traffic) is not
    # charged to processes, so counting it would inflate "other processes".
    busy = ticks[0] + ticks[1] + ticks[2]
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    children = int(fields[13]) + int(fields[14])  # cutime, cstime (fields 16 and 17 of stat)
    return busy, total, children, ticks[7]


def cpu_share(before, after):
    """Percent of all cores used by other processes, by this run's own, and stolen by the
    hypervisor, between two snapshots."""
    b0, t0, c0, s0 = before
    b1, t1, c1, s1 = after
    total = t1 - t0
    if total <= 0:
        return None
    own = c1 - c0
    return max(0.0, (b1 - b0 - own) / total * 100), own / total * 100, (s1 - s0) / total * 100


def report(run_dir):
    scenarios = read_tsv(os.path.join(run_dir, "scenarios.tsv"))
    runs = read_tsv(os.path.join(run_dir, "runs.tsv"))
    meas = read_measurements(os.path.join(run_dir, "measurements.txt"))

    rows = {}  # key -> medians and per-round figures
    for key, *_ in scenarios:
        ran = [r for r in runs if r[1] == key and r[2] == "ran"]
        skipped = [r for r in runs if r[1] == key and r[2] == "skipped"]
        per_round = [(r[0], parse_wrk(os.path.join(run_dir, r[4]))) for r in ran]
        row = {"rounds": per_round, "skipped": skipped}
        if per_round:
            figures = [p for _, p in per_round]
            row["rps"] = statistics.median(p["rps"] for p in figures)
            row["p99"] = statistics.median(p["p99"] for p in figures)
            row["non2xx"] = sum(p["non2xx"] for p in figures)
            row["socket"] = sum(p["socket"] for p in figures)
        rows[key] = row

    ref = next((rows[k] for k, _, _, spec in scenarios if spec == "ref" and "rps" in rows[k]), None)
    out, notes = [], []
    widths = (30, 10, 10, 12, 12, 9, 32)
    header = ("scenario", "req/s", "p99", "ratio(rps)", "ratio(p99)", "non-2xx", "target")
    out.append("".join(h.ljust(w) for h, w in zip(header, widths)) + "result")

    for key, label, target_text, spec in scenarios:
        row = rows[key]
        if "rps" not in row:
            detail = row["skipped"][0][3] if row["skipped"] else "did not run"
            cells = f"skipped ({detail})"
            result = "-" if spec in ("-", "ref") else "SKIP"
            out.append(label.ljust(widths[0]) + (cells + "  ").ljust(sum(widths[1:6]))
                       + target_text.ljust(widths[6]) + result)
            continue
        rps_ratio = row["rps"] / ref["rps"] if ref else None
        p99_ratio = row["p99"] / ref["p99"] if ref and ref["p99"] > 0 else None
        result = "-"
        if spec.startswith("peer:"):
            other, _, limit = spec[5:].partition(">=")
            service = rows.get(other, {})
            if "rps" not in service:
                result = f"SKIP ({other} not measured)"
            else:
                factor = service["rps"] / row["rps"]
                result = ("PASS" if factor >= float(limit) else "FAIL") + f" (service {factor:.1f} x peer)"
        elif spec not in ("-", "ref"):
            ok = True
            for cond in spec.split():
                m = re.fullmatch(r"(rps|p99)(>=|<=)([\d.]+)", cond)
                value = rps_ratio if m.group(1) == "rps" else p99_ratio
                ok = ok and value is not None and check(value, m.group(2), float(m.group(3)))
            result = "PASS" if ok else "FAIL"
        if row["non2xx"]:
            # Error answers are usually cheaper than real ones: the req/s cannot be trusted.
            result = "FAIL (errors)" if result != "-" else "! errors"
            notes.append(f"! {label}: wrk counted {row['non2xx']} non-2xx/3xx responses; its req/s includes error answers")
        if row["socket"]:
            result += " !"
            texts = "; ".join(f"round {rnd}: {p['socket_text']}" for rnd, p in row["rounds"] if p["socket"])
            notes.append(f"! {label}: socket errors ({texts})")
        if row["skipped"]:
            notes.append(f"! {label}: only {len(row['rounds'])} round(s) ran, skipped in the others ({row['skipped'][0][3]})")
        cells = (
            label,
            f"{row['rps']:.0f}",
            fmt_ms(row["p99"]),
            fmt_ratio(rps_ratio) if rps_ratio is not None else "n/a",
            fmt_ratio(p99_ratio) if p99_ratio is not None else "n/a",
            str(row["non2xx"]),
            target_text,
        )
        out.append("".join(c.ljust(w) for c, w in zip(cells, widths)) + result)

    # Memory and start-up (MB here is MiB: /proc reports KiB).
    idle = numbers(meas.get("idle_rss_kb"))
    peak = numbers(meas.get("peak_rss_kb"))
    hwm = numbers(meas.get("hwm_kb"))
    startup = numbers(meas.get("startup_ms"))
    mem = "memory: "
    if idle:
        v = statistics.median(idle) / 1024
        mem += f"idle RSS {v:.1f} MB (target <= 25) {'PASS' if v <= 25 else 'FAIL'}"
    else:
        mem += "idle RSS n/a (target <= 25) SKIP"
    if peak and meas.get("service_load") == "1":
        v = max(peak) / 1024
        mem += f", peak under load {v:.1f} MB (target <= 40) {'PASS' if v <= 40 else 'FAIL'}"
    else:
        mem += ", peak under load n/a: no service scenario ran (target <= 40) SKIP"
    out.append(mem)
    if startup:
        v = statistics.median(startup)
        out.append(f"start-up to first /healthz 200: {v:.0f} ms (target < 200) {'PASS' if v < 200 else 'FAIL'}")
    else:
        out.append("start-up to first /healthz 200: n/a (target < 200) SKIP")

    # Details: every round, so that variance is visible rather than hidden by the median.
    out.append("")
    out.append("per round (req/s, p99):")
    for key, label, _, _ in scenarios:
        row = rows[key]
        if row["rounds"]:
            parts = [f"r{rnd} {p['rps']:.0f} {fmt_ms(p['p99'])}" for rnd, p in row["rounds"]]
            rps = [p["rps"] for _, p in row["rounds"]]
            spread = (max(rps) - min(rps)) / statistics.median(rps) * 100 if len(rps) > 1 else 0
            out.append(f"  {label.ljust(28)}{' | '.join(parts)}" + (f"  (spread {spread:.0f}%)" if len(rps) > 1 else ""))
    if idle:
        out.append("  idle RSS per server start (MB): " + " ".join(f"{x / 1024:.1f}" for x in idle))
    if peak:
        out.append("  peak sampled RSS per round (MB): " + " ".join(f"{x / 1024:.1f}" for x in peak)
                   + ("; kernel VmHWM per round (MB): " + " ".join(f"{x / 1024:.1f}" for x in hwm) if hwm else ""))
    if startup:
        out.append("  start-up launches (ms): " + " ".join(f"{x:.0f}" for x in startup))
    before, after = numbers(meas.get("cpu_before")), numbers(meas.get("cpu_after"))
    share = cpu_share(before, after) if len(before) == 4 and len(after) == 4 else None
    if share:
        others, own, steal = share
        out.append(f"  CPU during the measurements (% of all {os.cpu_count()} cores): this benchmark's "
                   f"processes {own:.0f}%, other processes {others:.0f}%, hypervisor steal {steal:.0f}%")
        if others > 10:
            notes.append(f"! other processes used {others:.0f}% of the CPU during the measurements: "
                         "absolute figures are noisy (ratios less so); rerun on a quiet machine to confirm")
    notes.extend("note: " + n for n in meas["note"])
    if notes:
        out.append("")
        out.extend(notes)
    print("\n".join(out))


def load_scenario(path, key):
    """One scenario of Tests/perf/scenarios.json (route, body, headers)."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)["scenarios"][key]


FRESH = re.compile(r"\{digits:(\d+)-(\d+)\}")


def scenario_sample(scenario):
    """The body with every {digits:A-B} placeholder filled from one fixed digit string."""
    digits = "1357924680135792"
    return FRESH.sub(lambda m: digits[int(m.group(1)):int(m.group(2))], scenario["body"])


def lua_string(text):
    return "[==[" + text + "]==]"


def wrk_script(scenario):
    """A wrk script posting the scenario's body; a fresh one fills its placeholders anew in every request."""
    lines = ['wrk.method = "POST"', 'wrk.headers["Content-Type"] = "application/json"']
    for name, value in scenario.get("headers", {}).items():
        lines.append(f"wrk.headers[{lua_string(name)}] = {lua_string(value)}")
    lines.append(f"wrk.body = {lua_string(scenario_sample(scenario))}")
    if FRESH.search(scenario["body"]):
        lines += [
            f"local template = {lua_string(scenario['body'])}",
            "local function body()",
            "    local digits = {}",
            "    for i = 1, 16 do digits[i] = tostring(math.random(0, 9)) end",
            "    local d = table.concat(digits)",
            '    return (template:gsub("{digits:(%d+)%-(%d+)}", function(a, b)',
            "        return d:sub(tonumber(a) + 1, tonumber(b))",
            "    end))",
            "end",
            "local seeds = 0",
            'function setup(thread) seeds = seeds + 1; thread:set("seed", seeds) end',
            "function init(args) math.randomseed(os.time() * 100 + (seed or 0)) end",
            "function request() return wrk.format(nil, nil, nil, body()) end",
        ]
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) >= 1 and argv[0] == "free-port":
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            print(s.getsockname()[1])
    elif len(argv) >= 2 and argv[0] == "median":
        print(f"{statistics.median(float(x) for x in argv[1:]):g}")
    elif len(argv) == 2 and argv[0] == "wrk-summary":
        p = parse_wrk(argv[1])
        line = f"{p['rps']:.0f} req/s, p99 {fmt_ms(p['p99'])}, non-2xx {p['non2xx']}"
        if p["socket"]:
            line += f", {p['socket_text']}"
        print(line)
    elif len(argv) == 2 and argv[0] == "cpu-snapshot":
        print(*cpu_snapshot(argv[1]))
    elif len(argv) == 4 and argv[0] == "scenario":
        scenario = load_scenario(argv[1], argv[2])
        print(scenario["route"] if argv[3] == "route" else scenario_sample(scenario))
    elif len(argv) == 4 and argv[0] == "wrk-script":
        with open(argv[3], "w", encoding="utf-8") as f:
            f.write(wrk_script(load_scenario(argv[1], argv[2])))
    elif len(argv) == 2 and argv[0] == "report":
        report(argv[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
