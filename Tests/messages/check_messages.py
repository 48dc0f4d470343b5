#!/usr/bin/env python3
"""Checks the message catalogues: the engine's (Sources/SmartTextEngine/Messages/messages.json), which lists
the service's languages, and each other rule module's (Sources/*/Messages/messages.json), in those languages.

Usage: python3 Tests/messages/check_messages.py [path/to/messages.json ...]

Fails (exit status 1, one readable line per problem) unless:
- each file is UTF-8 (no byte order mark) JSON with no duplicate key at any level;
- the engine's has "languages" (tag -> name), another module's none (it speaks the engine's), and each has
  "messages" (key -> {tag: text}) and optionally "terms" (words inserted into messages, same shape);
- no key is in two catalogues (a rule's texts live in its own module);
- every entry has a text for every language of "languages", and no other;
- every text has the same multiset of {placeholder}s as its English text;
- braces are balanced: every "{" is closed by a "}" before the next "{",
  no "}" without its "{", and a placeholder's name is an identifier;
- no text is empty or starts or ends with white space;
- no text contains a bidirectional control character (U+061C, U+200E,
  U+200F, U+202A-U+202E, U+2066-U+2069) or another control or format
  character (Unicode categories Cc and Cf, line and paragraph separators).

Python 3 standard library only.
"""

import collections
import glob
import json
import os
import re
import sys
import unicodedata

SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources")
ENGINE_PATH = os.path.join(SOURCES, "SmartTextEngine", "Messages", "messages.json")
BIDI_CONTROLS = {0x061C, 0x200E, 0x200F} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
PLACEHOLDER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
SECTIONS = ("messages", "terms")


class DuplicateKey(Exception):
    pass


def no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            keys = ", ".join(json.dumps(k, ensure_ascii=False) for k, _ in pairs)
            raise DuplicateKey(f"{json.dumps(key, ensure_ascii=False)} in the object with the keys {keys}")
        seen[key] = value
    return seen


def placeholders(text):
    """The placeholder names of a text, and the problems with its braces."""
    names, problems = [], []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "}":
            problems.append(f'"}}" at offset {index} closes nothing')
        elif char == "{":
            close = text.find("}", index + 1)
            reopen = text.find("{", index + 1)
            if close == -1 or (reopen != -1 and reopen < close):
                problems.append(f'"{{" at offset {index} is not closed')
            else:
                name = text[index + 1 : close]
                if PLACEHOLDER_NAME.match(name):
                    names.append(name)
                else:
                    problems.append(f"placeholder {{{name}}} at offset {index} is not a name")
                index = close
        index += 1
    return names, problems


def character_problems(text):
    problems = []
    for offset, char in enumerate(text):
        code = ord(char)
        category = unicodedata.category(char)
        if code in BIDI_CONTROLS:
            problems.append(f"bidirectional control character U+{code:04X} at offset {offset}")
        elif category in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            problems.append(f"control or unassigned character U+{code:04X} ({category}) at offset {offset}")
    return problems


def describe(counter):
    return ", ".join(f"{{{name}}}" + (f" x{count}" if count > 1 else "") for name, count in sorted(counter.items()))


def check(path, engine_languages=None):
    """The problems of the catalogue at `path`; `engine_languages` the languages of the engine's catalogue, for
    another module's (which lists none of its own)."""
    errors = []
    try:
        raw = open(path, "rb").read()
    except OSError as error:
        return [f"{path}: cannot read: {error}"], 0, 0, {}
    if raw.startswith(b"\xef\xbb\xbf"):
        errors.append(f"{path}: starts with a UTF-8 byte order mark")
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return [f"{path}: not valid UTF-8: {error}"], 0, 0, {}
    try:
        catalogue = json.loads(text, object_pairs_hook=no_duplicates)
    except DuplicateKey as error:
        return [f"{path}: duplicate key {error}"], 0, 0, {}
    except json.JSONDecodeError as error:
        return [f"{path}: not valid JSON: {error}"], 0, 0, {}

    if not isinstance(catalogue, dict):
        return [f"{path}: the top level must be an object"], 0, 0, {}
    for key in catalogue:
        if key not in ("languages",) + SECTIONS:
            errors.append(f'{path}: unknown top-level key "{key}" (expected languages, messages, terms)')
    languages = catalogue.get("languages")
    if engine_languages is not None:
        if languages is not None:
            errors.append(f'{path}: lists "languages": a module\'s catalogue speaks the engine\'s languages')
        languages = engine_languages
    if not isinstance(languages, dict) or not languages:
        return errors + [f'{path}: "languages" must be a non-empty object of tag -> name'], 0, 0, {}
    for tag, name in languages.items():
        if not isinstance(name, str) or not name.strip() or name != name.strip():
            errors.append(f'languages.{tag}: the name must be a non-empty text without surrounding spaces')
    if "en" not in languages:
        errors.append('languages: "en" is missing (every text is compared with the English one)')
    if not isinstance(catalogue.get("messages"), dict) or not catalogue["messages"]:
        errors.append(f'{path}: "messages" must be a non-empty object')

    counts = {}
    texts_checked = 0
    for section in SECTIONS:
        entries = catalogue.get(section)
        if entries is None or not isinstance(entries, dict):
            if section in catalogue:
                errors.append(f'{path}: "{section}" must be an object')
            continue
        counts[section] = len(entries)
        for key, texts in entries.items():
            where = f"{section}.{key}"
            if not key or key != key.strip():
                errors.append(f"{where}: the key is empty or has surrounding spaces")
            if not isinstance(texts, dict):
                errors.append(f"{where}: must be an object of language tag -> text")
                continue
            for tag in languages:
                if tag not in texts:
                    errors.append(f"{where}: no {tag} text")
            for tag in texts:
                if tag not in languages:
                    errors.append(f'{where}: language "{tag}" is not listed in "languages"')
            english = texts.get("en")
            english_names = None
            if isinstance(english, str):
                names, _ = placeholders(english)
                english_names = collections.Counter(names)
            for tag, value in texts.items():
                label = f"{where} [{tag}]"
                if not isinstance(value, str):
                    errors.append(f"{label}: must be a text, not {type(value).__name__}")
                    continue
                texts_checked += 1
                if not value.strip():
                    errors.append(f"{label}: empty text")
                    continue
                if value != value.strip():
                    errors.append(f"{label}: leading or trailing white space in {json.dumps(value, ensure_ascii=False)}")
                names, brace_problems = placeholders(value)
                errors.extend(f"{label}: {problem}" for problem in brace_problems)
                errors.extend(f"{label}: {problem}" for problem in character_problems(value))
                if english_names is not None and tag != "en":
                    found = collections.Counter(names)
                    if found != english_names:
                        missing = english_names - found
                        extra = found - english_names
                        detail = []
                        if missing:
                            detail.append("missing " + describe(missing))
                        if extra:
                            detail.append("not in English " + describe(extra))
                        errors.append(f"{label}: placeholders differ from English: " + "; ".join(detail))
    return errors, texts_checked, len(languages), counts


def report(path, errors, texts_checked, language_count, counts):
    """Prints the problems of one catalogue and its summary; True when it has none."""
    for error in errors:
        print("FAIL " + error)
    parts = [f"{count} {section}" for section, count in counts.items()]
    if not language_count:
        print(f"{path}: not checked further: {len(errors)} problem(s)")
        return False
    summary = (
        f"{path}: {' + '.join(parts) if parts else 'no entries'} x {language_count} languages"
        f" = {texts_checked} texts checked"
    )
    print(f"{summary}: {len(errors)} problem(s)" if errors else f"{summary}: OK")
    return not errors


def keys(path):
    """The keys of a catalogue's sections, as (section, key) pairs; empty when it cannot be read."""
    try:
        catalogue = json.load(open(path, encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    return {(section, key) for section in SECTIONS for key in (catalogue.get(section) or {})}


def main(argv):
    """The engine's catalogue first (its languages are the service's), then the others."""
    if len(argv) > 1:
        paths = [os.path.normpath(path) for path in argv[1:]]
    else:
        others = glob.glob(os.path.join(SOURCES, "*", "Messages", "messages.json"))
        paths = [os.path.normpath(ENGINE_PATH)] + sorted(
            os.path.normpath(path) for path in others if os.path.normpath(path) != os.path.normpath(ENGINE_PATH)
        )
    ok = True
    engine_languages = None
    owners = {}
    for index, path in enumerate(paths):
        errors, texts_checked, language_count, counts = check(path, engine_languages if index else None)
        if index == 0:
            try:
                engine_languages = json.load(open(path, encoding="utf-8")).get("languages")
            except (OSError, ValueError):
                engine_languages = None
        for section, key in sorted(keys(path)):
            if (section, key) in owners:
                errors.append(f"{section}.{key}: in {owners[(section, key)]} and in {path} (one module owns it)")
            owners[(section, key)] = path
        ok = report(path, errors, texts_checked, language_count, counts) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
