#!/usr/bin/env python3
"""Prints a short summary of a schemathesis JSON report; failures and errors apart.

Usage: summarize.py REPORT_JSON SCHEMATHESIS_LOG

A failure is a check that a response failed (a 5xx, a body or header against its schema, an
undocumented status or Content-Type): the server or openapi.yaml is wrong. An error is
schemathesis not finishing a test (a network error, or a "Runtime Error" inside schemathesis,
hypothesis or Python): the run proves nothing for that operation.
Exits 0 when the run had neither, 1 otherwise.
"""

import json
import platform
import sys


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        report = json.load(file)
    with open(sys.argv[2], encoding="utf-8", errors="replace") as file:
        log = file.read()
    operations = report["operations"]
    cases = report["test_cases"]
    failures = report.get("failures", [])
    errors = report.get("errors", [])
    phases = ", ".join(f"{name} {phase['status']}" for name, phase in report.get("phases", {}).items())
    print(f"schemathesis {report['schemathesis_version']} on Python {platform.python_version()}, "
          f"seed {report['seed']}, {report['running_time']:.0f} s")
    print(f"  phases: {phases}")
    print(f"  operations: {operations['tested']} tested of {operations['selected']}, "
          f"{operations['errored']} errored, {operations['skipped']} skipped")
    print(f"  test cases: {cases['generated']} generated, {cases['with_failures']} failed, "
          f"{cases['errored']} errored")
    if failures:
        print("  FAILURES (the server or openapi.yaml is wrong; details above):")
        for failure in failures:
            where = ", ".join(failure.get("operations", []))
            print(f"    {failure.get('code', '?')} {failure['title']} x{failure['count']}: {where}")
    else:
        print("  failures: none")
    if errors:
        print("  ERRORS inside schemathesis (not verdicts on the server; details above):")
        for error in errors:
            print(f"    {error['title']} x{error['count']}")
        if "recursion depth mismatch" in log or "SystemError" in log:
            print("    This looks like CPython gh-106905 (a thread race in the AST constructor, fixed in"
                  " 3.11.8 and 3.12.2): keep --workers 1, or use a Python without the bug.")
    else:
        print("  errors: none")
    warnings = {name: items for name, items in report.get("warnings", {}).items() if items}
    for name, items in warnings.items():
        print(f"  warning {name}: {items}")
    clean = not failures and not errors and report.get("complete", False) and operations["errored"] == 0
    return 0 if clean and report.get("exit_code", 1) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
