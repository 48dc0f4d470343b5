#!/usr/bin/env python3
"""Every place that states SmartText's version agrees with the root file VERSION.

Usage: check_versions.py SERVER_BINARY

VERSION holds the version, one line (`0.1.0`). Checked against it:
- `info.version` of openapi.yaml;
- what `SERVER_BINARY --version` prints (`smarttext-server 0.1.0`);
- the image tag of every `smarttext:` image in deploy/kubernetes/*.yaml;
- `ARG SMARTTEXT_VERSION` of the Dockerfile (the image's `org.opencontainers.image.version` label);
- a `## [VERSION]` section in CHANGELOG.md;
and, where they exist (what does not exist is skipped, and said so):
- `version` of clients/web/package.json;
- clients/jvm/VERSION, and a version declared in clients/jvm's build files (gradle.properties,
  build.gradle, build.gradle.kts, pom.xml);
- `public static let current = "…"` in Sources/SmartTextClient/SmartTextClientVersion.swift.

Prints one line per place checked. Exits 1 when any of them differs (or cannot be read), 2 on bad usage.
Needs Python 3 and PyYAML (Debian: python3-yaml).
"""

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import yaml

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# A semantic version: MAJOR.MINOR.PATCH, with an optional pre-release and build.
SEMVER = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$")
SWIFT_CLIENT = "Sources/SmartTextClient/SmartTextClientVersion.swift"
JVM = "clients/jvm"
# Folders under clients/jvm that hold build output or tool caches, not build files.
JVM_SKIPPED_FOLDERS = {"build", ".gradle", "target", "node_modules", ".idea"}


class Check:
    """Collects one line per place checked, and whether any disagreed."""

    def __init__(self, expected):
        self.expected = expected
        self.failures = 0

    def found(self, place, version):
        if version == self.expected:
            print(f"ok       {place}: {version}")
        else:
            self.failures += 1
            print(f"MISMATCH {place}: {version!r}, VERSION says {self.expected!r}")

    def failed(self, place, why):
        self.failures += 1
        print(f"FAIL     {place}: {why}")

    def skipped(self, place, why):
        print(f"skipped  {place}: {why}")


def relative(path):
    return os.path.relpath(path, ROOT)


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def check_openapi(check):
    place = "openapi.yaml info.version"
    try:
        document = yaml.safe_load(read(os.path.join(ROOT, "openapi.yaml")))
        version = document["info"]["version"]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as error:
        check.failed(place, f"cannot be read: {error}")
        return
    check.found(place, str(version))


def check_server(check, server):
    place = f"{os.path.basename(server)} --version"
    try:
        result = subprocess.run([server, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        check.failed(place, f"did not run: {error}")
        return
    output = (result.stdout + result.stderr).strip()
    match = re.fullmatch(r"smarttext-server (\S+)", output)
    if result.returncode != 0 or match is None:
        check.failed(place, f"exit {result.returncode}, printed {output!r} (expected `smarttext-server X.Y.Z`)")
        return
    check.found(place, match.group(1))


def check_manifests(check):
    folder = os.path.join(ROOT, "deploy", "kubernetes")
    if not os.path.isdir(folder):
        check.skipped("deploy/kubernetes", "no such folder")
        return
    image = re.compile(r"^\s*(?:-\s*)?image:\s*['\"]?(\S*?/)?smarttext:([^\s'\"]+)['\"]?\s*$", re.M)
    for name in sorted(os.listdir(folder)):
        if not name.endswith((".yaml", ".yml")):
            continue
        path = os.path.join(folder, name)
        tags = image.findall(read(path))
        if not tags:
            check.skipped(relative(path), "no smarttext image")
        for _, tag in tags:
            check.found(f"{relative(path)} image tag", tag)


def check_web_client(check):
    path = os.path.join(ROOT, "clients", "web", "package.json")
    if not os.path.exists(path):
        check.skipped(relative(path), "does not exist")
        return
    try:
        version = json.loads(read(path))["version"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        check.failed(relative(path), f"no readable `version`: {error}")
        return
    check.found(f"{relative(path)} version", str(version))


def gradle_versions(text):
    """Project versions a Gradle build file declares: `version = "x"`, `version 'x'`, `version=x`."""
    return re.findall(r"^\s*(?:project\.)?version\s*(?:=\s*)?[\"']([^\"']+)[\"']", text, re.M)


def properties_versions(text):
    return re.findall(r"^\s*version\s*[=:]\s*(\S+)\s*$", text, re.M)


def pom_versions(path):
    """The project's own <version> (and its parent's is not it)."""
    root = ElementTree.parse(path).getroot()
    namespace = root.tag[: root.tag.index("}") + 1] if root.tag.startswith("{") else ""
    element = root.find(f"{namespace}version")
    return [element.text.strip()] if element is not None and element.text else []


def check_jvm_client(check):
    folder = os.path.join(ROOT, JVM)
    if not os.path.isdir(folder):
        check.skipped(JVM, "does not exist")
        return
    stated = 0
    version_file = os.path.join(folder, "VERSION")
    if os.path.exists(version_file):
        stated += 1
        check.found(relative(version_file), read(version_file).strip())
    for directory, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if f not in JVM_SKIPPED_FOLDERS)
        for name in sorted(files):
            path = os.path.join(directory, name)
            try:
                if name == "gradle.properties":
                    versions = properties_versions(read(path))
                elif name in ("build.gradle", "build.gradle.kts"):
                    versions = gradle_versions(read(path))
                elif name == "pom.xml":
                    versions = pom_versions(path)
                else:
                    continue
            except (OSError, ElementTree.ParseError) as error:
                check.failed(relative(path), f"cannot be read: {error}")
                continue
            for version in versions:
                stated += 1
                check.found(f"{relative(path)} version", version)
    if stated == 0:
        check.skipped(JVM, "no VERSION file and no version in its build files")


def check_swift_client(check):
    path = os.path.join(ROOT, SWIFT_CLIENT)
    if not os.path.exists(path):
        check.skipped(SWIFT_CLIENT, "does not exist")
        return
    match = re.search(r'public\s+static\s+let\s+current\s*(?::\s*String\s*)?=\s*"([^"]*)"', read(path))
    if match is None:
        check.failed(SWIFT_CLIENT, 'no `public static let current = "X.Y.Z"`')
        return
    check.found(f"{SWIFT_CLIENT} current", match.group(1))


def check_dockerfile(check):
    place = "Dockerfile ARG SMARTTEXT_VERSION (the image's org.opencontainers.image.version)"
    try:
        found = re.findall(r"^ARG SMARTTEXT_VERSION=(\S+)$", read(os.path.join(ROOT, "Dockerfile")), re.M)
    except OSError as error:
        check.failed(place, f"cannot be read: {error}")
        return
    if len(found) != 1:
        check.failed(place, f"{len(found)} lines ARG SMARTTEXT_VERSION=...; one, please")
        return
    check.found(place, found[0])


def check_changelog(check):
    place = "CHANGELOG.md"
    text = read(os.path.join(ROOT, "CHANGELOG.md"))
    released = re.findall(r"^## \[(\d+\.\d+\.\d+[^\]]*)\]", text, re.M)
    if check.expected in released:
        print(f"ok       {place}: a section for {check.expected}")
    else:
        check.failed(place, f"no section ## [{check.expected}] (sections: {', '.join(released[:3])})")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    server = sys.argv[1]
    if not (os.path.isfile(server) and os.access(server, os.X_OK)):
        print(f"error: {server} is not an executable file", file=sys.stderr)
        return 2
    try:
        lines = read(os.path.join(ROOT, "VERSION")).splitlines()
    except OSError as error:
        print(f"FAIL: VERSION cannot be read: {error}")
        return 1
    if len(lines) != 1 or not SEMVER.match(lines[0]):
        print(f"FAIL: VERSION must hold one line with a version like 0.1.0, not {lines!r}")
        return 1
    expected = lines[0]
    print(f"VERSION: {expected}")
    check = Check(expected)
    check_openapi(check)
    check_server(check, server)
    check_manifests(check)
    check_web_client(check)
    check_jvm_client(check)
    check_swift_client(check)
    check_dockerfile(check)
    check_changelog(check)
    if check.failures:
        print(f"versions: {check.failures} place(s) disagree with VERSION ({expected}); "
              "change them to VERSION's, or VERSION and then all of them")
        return 1
    print(f"versions: every place checked says {expected}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
