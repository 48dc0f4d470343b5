#!/usr/bin/env python3
"""Rewrites registry JSON files in a compact, readable layout: a value is
written on one line when it fits in 110 columns, else expanded.

    scripts/format-registry.py registry/builtin.json
"""
import collections
import json
import sys

WIDTH = 110


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def layout(value, indent):
    one_line = compact(value)
    if len(one_line) + indent <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return one_line
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {layout(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + layout(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle, object_pairs_hook=collections.OrderedDict)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(layout(data, 0) + "\n")
