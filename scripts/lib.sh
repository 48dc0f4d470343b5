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
BUILD_PACKAGES=(pkg-config libmicrohttpd-dev libphonenumber-dev libre2-dev libzxcvbn-dev libcurl4)

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
