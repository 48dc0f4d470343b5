#!/usr/bin/env python3
"""The Dockerfile's runtime packages are exactly the packages of the libraries the binary links.

Usage: check_runtime_packages.py SERVER_BINARY

Reads the binary's DT_NEEDED entries (readelf -d), finds each library (ldd) and the Debian package that
owns it (dpkg -S), and checks against the Dockerfile's runtime stage:
- every package of a linked library is in RUNTIME_PACKAGES, except libc6 and libgcc-s1, which
  debian:bookworm-slim has;
- every package in RUNTIME_PACKAGES but ca-certificates owns a linked library (none is left over);
- the comment above RUNTIME_PACKAGES names each package and each library it provides, as linked;
- a library no package owns is the Swift runtime's (libswift*, libdispatch, libBlocksRuntime), which the
  release build links in (`--static-swift-stdlib` in the Dockerfile's build command).
A debug build links the same C and C++ libraries as the release build the image holds (the Swift runtime
aside), so scripts/test runs this on the binary it built. Prints what it found; exits 1 on a mismatch.
"""

import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# In debian:bookworm-slim already (Essential: yes, or what libc6 needs).
BASE_PACKAGES = {"libc6", "libgcc-s1"}
# Added for what the service does, not for a linked library.
NOT_LIBRARIES = {"ca-certificates"}
SWIFT_RUNTIME = re.compile(r"^(libswift[A-Za-z_]*|libdispatch|libBlocksRuntime|libFoundation[A-Za-z]*|lib_Foundation[A-Za-z]*)\.so")


def needed(binary):
    output = subprocess.run(["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", output)


def locations(binary):
    output = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in output.splitlines():
        match = re.match(r"^\s*(\S+) => (\S+)", line)
        if match:
            found[match.group(1)] = match.group(2)
        elif re.match(r"^\s*/\S+ \(0x", line):  # the dynamic loader, named by its path
            path = line.split()[0]
            found[os.path.basename(path)] = path
    return found


def owner(path):
    """The Debian package that owns a library file (its path, resolved, or the same under /usr-merge)."""
    candidates = [path, os.path.realpath(path)]
    candidates += [re.sub(r"^/usr(/lib)", r"\1", candidate) for candidate in candidates]
    candidates += ["/usr" + candidate for candidate in candidates if candidate.startswith("/lib")]
    for candidate in candidates:
        result = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":")[0].strip()
    return None


def dockerfile():
    with open(os.path.join(ROOT, "Dockerfile"), encoding="utf-8") as file:
        text = file.read()
    packages = re.findall(r'^ARG RUNTIME_PACKAGES="([^"]*)"$', text, re.M)
    if len(packages) != 1:
        sys.exit("the Dockerfile needs exactly one line ARG RUNTIME_PACKAGES=\"...\"")
    lines = text[: text.index('ARG RUNTIME_PACKAGES="')].splitlines()
    comment = []
    for line in reversed(lines):
        if not line.startswith("#"):
            break
        comment.insert(0, line)
    return packages[0].split(), "\n".join(comment), text


def main():
    if len(sys.argv) != 2 or not os.access(sys.argv[1], os.X_OK):
        sys.exit(__doc__)
    binary = sys.argv[1]
    runtime, comment, text = dockerfile()
    where = locations(binary)
    failures = []
    by_package = {}
    for library in needed(binary):
        path = where.get(library)
        package = owner(path) if path else None
        if package is None:
            if SWIFT_RUNTIME.match(library) and "--static-swift-stdlib" in text:
                print(f"ok   {library}: the Swift runtime (linked in statically by the release build)")
                continue
            failures.append(f"{library} ({path or 'not found by ldd'}) belongs to no Debian package")
            continue
        by_package.setdefault(package, []).append(library)
    for package, libraries in sorted(by_package.items()):
        if package in BASE_PACKAGES:
            print(f"ok   {', '.join(libraries)}: {package}, in debian:bookworm-slim")
            continue
        if package not in runtime:
            failures.append(f"{', '.join(libraries)} come from {package}, which RUNTIME_PACKAGES does not list")
            continue
        line = next((line for line in comment.splitlines() if re.match(rf"^#\s+{re.escape(package)}\s", line)), None)
        block = comment[comment.index(line):] if line else ""
        # The package's line and the lines continuing it (indented further, without a package name).
        described = "\n".join([line or ""] + [l for l in block.splitlines()[1:3] if re.match(r"^#\s{10,}", l)])
        unnamed = [library for library in libraries if library not in described]
        if not line:
            failures.append(f"the comment above RUNTIME_PACKAGES does not name {package}")
        elif unnamed:
            failures.append(f"the comment's line for {package} does not name {', '.join(unnamed)}")
        else:
            print(f"ok   {', '.join(libraries)}: {package}, in RUNTIME_PACKAGES and named in its comment")
    for package in runtime:
        if package not in by_package and package not in NOT_LIBRARIES:
            failures.append(f"RUNTIME_PACKAGES lists {package}, but the binary links no library of it")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"runtime packages: {len(by_package)} packages linked, RUNTIME_PACKAGES has {len(runtime)}; "
          f"{len(failures)} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
