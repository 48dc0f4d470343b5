#!/usr/bin/env python3
"""The clients' hand-written models against openapi.yaml (issue 26: each fact declared once, the copies checked).

    check_client_models.py

The web client's TypeScript declarations (clients/web/smarttext.d.ts), the JVM client's classes
(clients/jvm/src/main/java/dev/smarttext/client) and the Swift client's models (Sources/SmartTextClient/Models)
each mirror the answer schemas of openapi.yaml. For every answer schema below, every member openapi.yaml
declares must be read by each client: a TypeScript interface member, a Java `json.x("member")` read, a Swift
stored property (or CodingKeys case) — or the model keeps every member it does not name (an index signature,
a Java class that copies the whole object, a Swift `extra`), which the table says. And no client reads a
member openapi.yaml does not declare (a renamed or removed member). One line per difference; exit status 1
when there is one. No server is needed.
"""
import os
import re
import sys

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
JAVA = os.path.join(ROOT, "clients/jvm/src/main/java/dev/smarttext/client")
SWIFT = os.path.join(ROOT, "Sources/SmartTextClient/Models")

# openapi schema: (TypeScript interface, (Java file, class), (Swift file, struct)); None where the client has no
# model of it. A trailing "*" on a name: the model keeps every member it does not name.
MODELS = {
    "EditAnswer": ("EditAnswer", ("EditAnswer.java", "EditAnswer"), ("EditAnswer.swift", "EditAnswer")),
    "TextChange": (None, ("TextChange.java", "TextChange"), ("EditAnswer.swift", "Change")),
    "FieldVerdict": ("FieldVerdict", ("ValidateAnswer.java", "FieldVerdict"), ("ValidateAnswer.swift", "FieldVerdict")),
    "ValidateAnswer": ("ValidateAnswer", ("ValidateAnswer.java", "ValidateAnswer"),
                       ("ValidateAnswer.swift", "ValidateAnswer")),
    "RuleError": ("RuleError", ("RuleFailure.java", "RuleFailure"), ("RuleReports.swift", "RuleFailure")),
    "RuleResult": ("RuleResult*", ("RuleOutcome.java", "RuleOutcome*"), ("RuleReports.swift", "RuleOutcome*")),
    "FormError": (None, ("ValidateAnswer.java", "FormError"), ("ValidateAnswer.swift", "FormError")),
    "Hints": ("InputHints", ("InputHints.java", "InputHints"), ("InputHints.swift", "InputHints")),
    "AcceptedCharacters": ("AcceptedCharacters", ("AcceptedCharacters.java", "AcceptedCharacters"),
                           ("TypedEdits.swift", "AcceptedCharacters")),
    "FieldDescription": ("FieldDescription", ("FieldDescription.java", "FieldDescription"),
                         ("FieldDescription.swift", "FieldDescription")),
    "FormDescription": ("FormDescription", ("FormDescription.java", "FormDescription"),
                        ("FormDescription.swift", "FormDescription")),
    # The web client declares a form's fields inline in FormDescription.
    "FormField": (None, ("FormField.java", "FormField"), ("FormDescription.swift", "Field")),
}


def block(text, opening):
    """The text between the `{` that ends the first match of `opening` and its closing brace, or None."""
    match = re.search(opening, text, re.M)
    if not match:
        return None
    start = text.index("{", match.start())
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1:index]
    return None


def top_level(body):
    """`body` without the insides of the braces nested in it (nested types, functions, inline objects)."""
    out, depth = [], 0
    for character in body:
        if character == "{":
            depth += 1
        elif character == "}":
            depth -= 1
        elif depth == 0:
            out.append(character)
    return "".join(out)


def without_nested(body, opening):
    """`body` without the blocks of the types declared in it (they read their own members)."""
    while True:
        match = re.search(opening, body)
        if not match:
            return body
        start = body.index("{", match.start())
        inner = block(body[match.start():], opening)
        body = body[:match.start()] + body[start + len(inner) + 2:]


def typescript_members(name):
    text = open(os.path.join(ROOT, "clients/web/smarttext.d.ts")).read()
    body = block(text, rf"^export interface {name}\b")
    if body is None:
        return None
    return {m.group(1) for m in re.finditer(r"^\s*(\w+)\??\s*:", top_level(body), re.M)}


def java_members(file, name):
    text = open(os.path.join(JAVA, file)).read()
    body = block(text, rf"\bclass {name}\b")
    if body is None:
        return None
    body = without_nested(body, r"\bstatic final class \w+")
    reads = re.findall(r"\bjson\.\w+\(\s*\"(\w+)\"", body)
    reads += re.findall(r"(?<!\.of)\(json,\s*\"(\w+)\"", body)
    reads += re.findall(r"\bjson\.map\.get\(\"(\w+)\"\)", body)
    return set(reads)


def swift_members(file, name):
    text = open(os.path.join(SWIFT, file)).read()
    body = block(text, rf"\bstruct {name}\b")
    if body is None:
        return None
    body = without_nested(body, r"\bstruct \w+")
    keys = block(body, r"enum CodingKeys\b")
    if keys is not None:
        members = set()
        for case in re.findall(r"\bcase\s+([^\n}]+)", keys):
            for item in case.split(","):
                item = item.strip()
                if "=" in item:
                    members.add(item.split("=", 1)[1].strip().strip('"'))
                elif item:
                    members.add(item)
        return members
    # A model that keeps every member it does not name keeps them in `extra`.
    return set(re.findall(r"^\s*public (?:var|let) (\w+)\s*:", top_level(body), re.M)) - {"extra"}


def schema_members(schemas, name):
    schema = schemas[name]
    members = set(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        if "$ref" in part:
            members |= schema_members(schemas, part["$ref"].rsplit("/", 1)[1])
        members |= set(part.get("properties", {}))
    return members


def main():
    spec = yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml")))
    schemas = spec["components"]["schemas"]
    problems, compared = [], 0
    for schema, (typescript, java, swift) in MODELS.items():
        declared = schema_members(schemas, schema)
        clients = []
        if typescript:
            clients.append(("web " + typescript, typescript.endswith("*"), typescript_members(typescript.rstrip("*"))))
        if java:
            clients.append((f"JVM {java[1]}", java[1].endswith("*"), java_members(java[0], java[1].rstrip("*"))))
        if swift:
            clients.append((f"Swift {swift[1]}", swift[1].endswith("*"), swift_members(swift[0], swift[1].rstrip("*"))))
        for client, keeps_others, members in clients:
            compared += 1
            if members is None:
                problems.append(f"{schema}: the {client} model is not where the table says")
                continue
            missing = sorted(declared - members) if not keeps_others else []
            unknown = sorted(members - declared)
            if missing:
                problems.append(f"{schema}: the {client} model lacks {', '.join(missing)}")
            if unknown:
                problems.append(f"{schema}: the {client} model reads {', '.join(unknown)}, which openapi.yaml does not declare")
    for line in problems:
        print(line)
    print(f"client models: {compared} models of {len(MODELS)} answer schemas against openapi.yaml, "
          f"{len(problems)} differences")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
