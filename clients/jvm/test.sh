#!/usr/bin/env bash
# Builds the JVM client with javac and runs its JUnit 5 tests against a live SmartText server.
#
# Usage: clients/jvm/test.sh SERVER_BINARY
#
# Installs what it needs from Debian (openjdk-17-jdk-headless, junit5; nodejs, whose run of the web
# client's rebase the tests compare with). Compiles the library (--release 17, every lint warning an
# error) into build/smarttext-client-VERSION.jar and checks that it refers only to JDK API Android
# has; compiles the README's Android glue against stand-ins of Android's classes; compiles the tests;
# starts the server on 127.0.0.1 and a free port; runs the tests (JUnit's console launcher); stops the
# server. Exits non-zero when a test fails; the last line says how many passed and failed.
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

ensure_packages openjdk-17-jdk-headless junit5 nodejs
junit=/usr/share/java/junit-platform-console-standalone.jar
version="$(cat "$here/VERSION")"
build="$here/build"
rm -rf "$build"
mkdir -p "$build/classes" "$build/test-classes"

started=$(date +%s)
echo "== javac: the library (Java 17, no dependencies)"
find "$here/src/main/java" -name '*.java' > "$build/main-sources"
# -XDstringConcat=inline: string concatenation as StringBuilder calls, not invokedynamic
# (StringConcatFactory), so that an Android build has nothing to desugar but lambdas.
javac --release 17 -encoding UTF-8 -Xlint:all -Werror -XDstringConcat=inline -d "$build/classes" @"$build/main-sources"
jar --create --file "$build/smarttext-client-$version.jar" -C "$build/classes" .

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

echo "== javac: the tests (JUnit 5)"
find "$here/src/test/java" -name '*.java' > "$build/test-sources"
javac --release 17 -encoding UTF-8 -Xlint:all,-try -d "$build/test-classes" \
    -cp "$build/classes:$junit" @"$build/test-sources"

echo "== the web client's rebase of random cases (node), for the tests to compare"
node "$here/src/test/js/rebase-cases.mjs" > "$build/rebase-cases.json"

start_server "$server" "$build/server.log" --threads 2
url="$base"
echo "== JUnit against $url"

status=0
java -Dsmarttext.url="$url" -Dsmarttext.versionFile="$here/VERSION" \
    -Dsmarttext.rebaseCases="$build/rebase-cases.json" \
    -jar "$junit" --class-path "$build/test-classes:$build/classes" --scan-class-path \
    --disable-banner --disable-ansi-colors --details=tree --fail-if-no-tests \
    --config=junit.jupiter.execution.timeout.default=120s \
    > "$build/junit.txt" 2>&1 || status=$?
cat "$build/junit.txt"

passed="$(sed -n 's/^\[ *\([0-9]*\) tests successful *\]$/\1/p' "$build/junit.txt")"
failed="$(sed -n 's/^\[ *\([0-9]*\) tests failed *\]$/\1/p' "$build/junit.txt")"
echo "JVM client tests: $(( $(date +%s) - started )) s"
echo "jvm: ${passed:-0} passed, ${failed:-0} failed"
exit "$status"
