# Shared helpers for the scripts in this folder. Source it; do not run it.

# Runs a command as root: directly when root, else through sudo.
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Installs the Debian packages given that are not installed yet.
ensure_packages() {
    local missing=()
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing Debian packages: ${missing[*]}" >&2
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# The C and C++ libraries the service builds against, and libcurl4, which the
# toolchain's FoundationNetworking (used by the Swift client and its tests) loads.
BUILD_PACKAGES=(pkg-config libmicrohttpd-dev libphonenumber-dev libre2-dev libzxcvbn-dev libicu-dev libcurl4)

# `swift build` with the arguments given, once more when the package manager itself dies of a signal (seen
# once here: swift-build crashed in libdispatch's event loop, exit 139, in a CI run on 2026-12-04); a failed
# compilation exits 1 and is not retried. The retry is reported.
swift_build() {
    local status=0
    swift build "$@" || status=$?
    if [ "$status" -ge 128 ]; then
        echo "swift build $* died of signal $((status - 128)): building once more" >&2
        status=0
        swift build "$@" || status=$?
    fi
    return "$status"
}

# Fails with a clear message when the Swift toolchain is missing.
require_swift() {
    command -v swift >/dev/null 2>&1 && return 0
    echo "error: the Swift 6 toolchain is needed (swift not found on PATH); see https://swift.org/install" >&2
    exit 1
}

# The folder of the repository.
repo_root() {
    cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd
}

# Starts SERVER on a free port of 127.0.0.1 with any further flags given, its standard error in
# LOG (its standard output beside it, LOG.out), and waits until it says where it listens. Sets
# server_pid and base (http://127.0.0.1:PORT); stop_server stops it, and so does the calling script's
# exit. Exits the script with the server's log when it stops or stays silent for 30 s.
start_server() {
    local binary="$1" log="$2"
    shift 2
    "$binary" --host 127.0.0.1 --port 0 "$@" >"$log.out" 2>"$log" &
    server_pid=$!
    trap stop_server EXIT
    # The start-up line can arrive in pieces: wait for the port and the space after it.
    local port="" attempt
    for attempt in $(seq 300); do
        port="$(grep -oE 'listening on http://127\.0\.0\.1:[0-9]+ ' "$log" | grep -oE '[0-9]+ $' | tr -d ' ' || true)"
        [ -n "$port" ] && break
        if ! kill -0 "$server_pid" 2>/dev/null; then
            echo "error: the server exited before listening:" >&2
            cat "$log" >&2
            exit 1
        fi
        sleep 0.1
    done
    if [ -z "$port" ]; then
        echo "error: the server did not say where it listens within 30 s:" >&2
        cat "$log" >&2
        exit 1
    fi
    base="http://127.0.0.1:$port"
}

# Stops the server start_server started (and waits for it).
stop_server() {
    if kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
}
