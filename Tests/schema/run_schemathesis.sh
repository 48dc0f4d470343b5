#!/usr/bin/env bash
# Schema conformance of the live server against openapi.yaml (issue 9).
#
#   Tests/schema/run_schemathesis.sh SERVER_BINARY
#
# 1. Sets up .build/schema-venv with Debian's python3 and the pinned schemathesis of
#    Tests/schema/requirements.txt (rebuilt when that file or the Python changes).
# 2. Starts SERVER_BINARY on a free port of 127.0.0.1 with the built-in registry.
# 3. Runs schemathesis on openapi.yaml (the file) against it: every check (no 5xx, each answer's
#    status, Content-Type, headers and body as documented, schema-valid requests accepted, invalid
#    ones rejected, undocumented methods answered 405), valid and invalid (negative) data, the
#    examples, coverage and fuzzing phases (stateful off), a fixed seed and a bounded number of
#    examples per operation.
# 4. Checks that every status each operation documents can be produced (check_statuses.py).
# Prints a summary and exits non-zero on any failure, error or unreachable status.
#
# Settings: SCHEMA_MAX_EXAMPLES (default 1000, under 2 minutes on 2 cores), SCHEMA_SEED (default
# 20261129), SCHEMA_PYTHON (default /usr/bin/python3, Debian's), SCHEMA_OPENAPI (default
# openapi.yaml, to try a changed contract). Reports go to artifacts/schema/.
#
# HEAD and OPTIONS operations are left out of the generated runs: they take no body and only the
# headers GET takes, so they would add about 2/3 more generated cases for nothing new; each of their
# documented statuses is produced by check_statuses.py below, and Tests/contract/check_contract.py
# validates their answers.
#
# One worker on purpose: schemathesis's workers are threads, and CPython up to 3.11.7 and 3.12.1
# (Debian's 3.11.2 too) can raise a spurious SystemError ("AST constructor recursion depth
# mismatch", gh-106905) when two threads build ASTs at once (hypothesis parses source for
# constants and reprs), which schemathesis reports as a "Runtime Error". With one worker no two
# threads do; the run is CPU-bound Python under one GIL, so a second thread bought nothing anyway.
set -euo pipefail

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 SERVER_BINARY" >&2
    exit 2
fi
server="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
spec="$(realpath "${SCHEMA_OPENAPI:-$root/openapi.yaml}")"
source "$root/scripts/lib.sh"
cd "$root"

max_examples="${SCHEMA_MAX_EXAMPLES:-1000}"
seed="${SCHEMA_SEED:-20261129}"
python="${SCHEMA_PYTHON:-/usr/bin/python3}"
venv="$root/.build/schema-venv"
scratch="$root/.build/schema-work"
reports="$root/artifacts/schema"
started=$SECONDS

# --- the virtual environment -------------------------------------------------------------
[ "$python" = /usr/bin/python3 ] && ensure_packages python3 python3-venv
stamp="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1) $("$python" -c 'import sys; print(sys.version.split()[0])')"
if [ ! -x "$venv/bin/schemathesis" ] || [ "$(cat "$venv/.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "== setting up $venv ($("$python" --version))"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
    "$venv/bin/pip" check --disable-pip-version-check >/dev/null
    echo "$stamp" >"$venv/.stamp"
fi

# --- the server --------------------------------------------------------------------------
rm -rf "$reports"
mkdir -p "$reports"
start_server "$server" "$reports/server.log"

# --- schemathesis ------------------------------------------------------------------------
echo "== schemathesis against $base: $max_examples examples per operation, seed $seed"
# Run from a scratch folder, so that nothing (hypothesis's .hypothesis/) lands in the work tree.
rm -rf "$scratch"
mkdir -p "$scratch"
set +e
(
    cd "$scratch"
    HYPOTHESIS_STORAGE_DIRECTORY="$scratch/hypothesis" exec "$venv/bin/schemathesis" \
        --config-file "$here/schemathesis.toml" \
        run "$spec" \
        --url "$base" \
        --checks all \
        --mode all \
        --phases examples,coverage,fuzzing \
        --exclude-method HEAD --exclude-method OPTIONS \
        --max-examples "$max_examples" \
        --seed "$seed" \
        --workers 1 \
        --continue-on-failure \
        --generation-database none \
        --request-timeout 10 \
        --no-color \
        --report json,junit \
        --report-json-path "$reports/schemathesis.json" \
        --report-junit-path "$reports/schemathesis-junit.xml"
) 2>&1 | tee "$reports/schemathesis.log"
schemathesis_status=${PIPESTATUS[0]}

# --- every documented status -------------------------------------------------------------
echo "== every status openapi.yaml documents, produced by the live server"
SMARTTEXT_SERVER="$server" "$venv/bin/python" "$here/check_statuses.py" "$spec" "$base" | tee "$reports/statuses.log"
statuses_status=${PIPESTATUS[0]}
set -e

server_alive=1
kill -0 "$server_pid" 2>/dev/null || server_alive=0
stop_server

# --- summary -----------------------------------------------------------------------------
echo
echo "== schema conformance summary ($((SECONDS - started)) s in all)"
summary_status=1
if [ -f "$reports/schemathesis.json" ]; then
    set +e
    "$venv/bin/python" "$here/summarize.py" "$reports/schemathesis.json" "$reports/schemathesis.log"
    summary_status=$?
    set -e
else
    echo "schemathesis wrote no report (exit $schemathesis_status); see its output above"
fi
tail -n 1 "$reports/statuses.log"
[ "$server_alive" -eq 1 ] || echo "the server died during the run; its log: $reports/server.log"
echo "reports: ${reports#"$root"/}/"

if [ "$schemathesis_status" -ne 0 ] || [ "$summary_status" -ne 0 ] || [ "$statuses_status" -ne 0 ] \
    || [ "$server_alive" -ne 1 ]; then
    echo "schema conformance: FAILED"
    exit 1
fi
echo "schema conformance: ok"
