#!/usr/bin/env bash
# Builds the JVM client with Maven (offline, Debian's maven and repository) and runs its JUnit 5 tests
# against a live SmartText server.
#
# Usage: clients/jvm/test.sh SERVER_BINARY
#
# Installs what it needs from Debian (openjdk-17-jdk-headless, maven, junit5 and the Maven plugins pom.xml
# names; nodejs, whose run of the web client's rebase the tests compare with). Starts the server on
# 127.0.0.1 and a free port, then `mvn -o package` with /usr/share/maven-repo as the repository: the library
# compiled (--release 17, every lint warning an error), the tests run (surefire, JUnit 5), and
# target/smarttext-client-VERSION.jar (Automatic-Module-Name, the version in its manifest), -sources.jar and
# -javadoc.jar made. Then checks that the library refers only to JDK API Android has, and compiles the
# README's Android glue against stand-ins of Android's classes. Exits non-zero when a test or a check fails;
# the last line says how many tests passed and failed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../../scripts/lib.sh
source "$here/../../scripts/lib.sh"

if [ $# -ne 1 ]; then
    echo "usage: $0 SERVER_BINARY" >&2
    exit 2
fi
server="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
if [ ! -x "$server" ]; then
    echo "error: $1 is not an executable file" >&2
    exit 2
fi

ensure_packages openjdk-17-jdk-headless maven junit5 libsurefire-java libmaven-compiler-plugin-java \
    libmaven-jar-plugin-java libmaven-source-plugin-java libmaven-javadoc-plugin-java \
    libmaven-resources-plugin-java libmaven-install-plugin-java nodejs
version="$(cat "$here/VERSION")"
pom_version="$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' "$here/pom.xml")"
if [ "$pom_version" != "$version" ]; then
    echo "error: pom.xml's <version> is $pom_version, clients/jvm/VERSION says $version" >&2
    exit 1
fi
build="$here/target"
rm -rf "$build"
mkdir -p "$build"

started=$(date +%s)
echo "== the web client's rebase of random cases (node), for the tests to compare"
node "$here/src/test/js/rebase-cases.mjs" > "$build/rebase-cases.json"

start_server "$server" "$build/server.log" --threads 2
echo "== mvn -o package: compile, JUnit 5 against $base, the jar, sources and javadoc jars"
status=0
# -o: offline; /usr/share/maven-repo is Debian's repository (maven-repo-helper), read only here.
(cd "$here" && mvn -o -B --no-transfer-progress -Dmaven.repo.local=/usr/share/maven-repo \
    -Dsmarttext.url="$base" -Dsmarttext.rebaseCases="$build/rebase-cases.json" package) \
    > "$build/maven.log" 2>&1 || status=$?
stop_server
grep -E '^\[(INFO|ERROR|WARNING)\] (Tests run|Running|BUILD|Building jar|FAIL|ERROR)|^\[ERROR\]' "$build/maven.log" || true
summary="$(grep -E '^\[(INFO|ERROR|WARNING)\] Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+, Skipped: [0-9]+$' \
    "$build/maven.log" | tail -1 || true)"
run="$(sed -n 's/.*Tests run: \([0-9]*\),.*/\1/p' <<<"$summary")"
failures="$(sed -n 's/.*Failures: \([0-9]*\),.*/\1/p' <<<"$summary")"
errors="$(sed -n 's/.*Errors: \([0-9]*\),.*/\1/p' <<<"$summary")"
run=${run:-0}
failed=$(( ${failures:-0} + ${errors:-0} ))
if [ "$status" -ne 0 ]; then
    echo "error: mvn package failed; the whole log: clients/jvm/target/maven.log" >&2
    tail -40 "$build/maven.log" >&2
    echo "jvm: $(( run - failed )) passed, $failed failed"
    exit "$status"
fi
jar="$build/smarttext-client-$version.jar"
for made in "$jar" "$build/smarttext-client-$version-sources.jar" "$build/smarttext-client-$version-javadoc.jar"; do
    [ -s "$made" ] || { echo "error: mvn package did not make ${made#"$build/"}" >&2; exit 1; }
done
manifest="$(unzip -p "$jar" META-INF/MANIFEST.MF | tr -d '\r')"
grep -qx 'Automatic-Module-Name: dev.smarttext.client' <<<"$manifest" \
    && grep -qx "Implementation-Version: $version" <<<"$manifest" \
    || { echo "error: the jar's manifest lacks Automatic-Module-Name or Implementation-Version $version:" >&2; echo "$manifest" >&2; exit 1; }

echo "== the library uses only JDK classes and methods Android has since API level 19"
# Every class, method and field of java.* the library refers to must be in src/test/android-api-19.txt,
# a list reviewed against Android's API (there is no Android SDK here to compile against). A new call
# fails here until it is checked and added.
javap -c -p "$build"/classes/dev/smarttext/client/*.class \
    | grep -oE '(Method|InterfaceMethod|Field|class) java/[A-Za-z0-9_/$]+(\.[A-Za-z0-9_<>$]+)?' \
    | sed -E 's/^(Method|InterfaceMethod|Field|class) //' | LC_ALL=C sort -u > "$build/jdk-references.txt"
unlisted="$(LC_ALL=C comm -23 "$build/jdk-references.txt" <(LC_ALL=C sort -u "$here/src/test/android-api-19.txt"))"
if [ -n "$unlisted" ]; then
    echo "error: the library refers to JDK API not in src/test/android-api-19.txt (check Android has it):" >&2
    echo "$unlisted" >&2
    exit 1
fi
if javap -v "$build"/classes/dev/smarttext/client/*.class | grep -qE 'StringConcatFactory|ObjectMethods|java/lang/Record'; then
    echo "error: the library uses string-concatenation indy or records; Android would need more desugaring" >&2
    exit 1
fi

echo "== javac: the README's Android glue, against stand-ins of the Android classes it names"
# Not an Android build (there is no Android SDK here): src/test/android-stubs declares the few Android
# members the example uses, so this checks the example's Java and its calls into the library.
mkdir -p "$build/glue"
awk -v dir="$build/glue" '
    /^### Android and the JVM/ { section = 1 }
    /^### Any other client/ { section = 0 }
    section && /^```java$/ { block = ""; collecting = 1; next }
    collecting && /^```$/ {
        collecting = 0
        if (match(block, /public (final )?class [A-Za-z]+/)) {
            name = substr(block, RSTART, RLENGTH); sub(/.* /, "", name)
            if (name == "SmartTextWatcher" || name == "SmartEditText") printf "%s", block > (dir "/" name ".java")
        }
        next
    }
    collecting { block = block $0 "\n" }
' "$here/../../README.md"
for glue in SmartTextWatcher SmartEditText; do
    if [ ! -s "$build/glue/$glue.java" ]; then
        echo "error: README.md's Android section has no \`\`\`java block with class $glue" >&2
        exit 1
    fi
done
find "$here/src/test/android-stubs" -name '*.java' > "$build/glue-sources"
javac --release 17 -encoding UTF-8 -Xlint:all -Werror -d "$build/glue-classes" -cp "$build/classes" \
    @"$build/glue-sources" "$build/glue/SmartTextWatcher.java" "$build/glue/SmartEditText.java"

echo "JVM client build and tests: $(( $(date +%s) - started )) s"
echo "jvm: $(( run - failed )) passed, $failed failed (jar, sources and javadoc jars in clients/jvm/target/)"
