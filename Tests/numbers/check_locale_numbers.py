#!/usr/bin/env python3
"""Differential check of locale numbers (issue 24): SmartText against babel (CLDR 49) and ICU 72 (CLDR 42,
what the service's LocaleData reads), end to end over HTTP.

    check_locale_numbers.py PATH/TO/smarttext-server

Needs babel (`pip install babel==2.19.0`; scripts/test makes a venv for it). Starts the server with a registry
of its own (an amount with a sign, and one amount field per currency) and, in each of 19 locales, formats a
few hundred generated numbers (fixed seed) with babel: `format_decimal` for the amount (at most two decimals,
some negative) and `format_currency` in USD, EUR, JPY, EGP, INR, CHF and PLN. Then:

1. babel's string, submitted to /v1/validate in that locale, is valid and its value is the number: the
   service reads what CLDR writes, in every locale, digits and separators of the default numbering system,
   symbols, signs and bidirectional marks included;
2. the service's own text for the number (/v1/format of its value) submitted again gives the same value and
   the same text (rule 9, in every locale);
3. the service's text is babel's string, but for the differences listed in DIFFERENCES: where CLDR 42
   (ICU 72, which the service follows) and CLDR 49 (babel) disagree, where babel does not apply CLDR data, and
   where the service writes less than CLDR's patterns (bidirectional marks). Each difference is counted and
   printed with which side says what; the README lists them. A text that differs in another way fails.

Exit status 1 on any failure, with one line per problem (the first 40).
"""
import http.client
import json
import os
import random
import sys
from decimal import Decimal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from live_server import serving  # noqa: E402 - Tests/support

try:
    import babel
    from babel import numbers
except ImportError:
    sys.exit("babel is not installed: pip install babel==2.19.0")

LOCALES = ["de-DE", "en-US", "fr-FR", "es-ES", "pl-PL", "de-CH", "fr-CH", "en-IN", "hi-IN", "ar-EG", "ar-SA",
           "zh-CN", "zh-TW", "ja-JP", "ko-KR", "ru-RU", "pt-BR", "it-IT", "nl-NL"]
CURRENCIES = ["USD", "EUR", "JPY", "EGP", "INR", "CHF", "PLN"]
NUMBERS_PER_LOCALE = 120
AMOUNTS_PER_CURRENCY = 30
BIDI_MARKS = "\u200e\u200f\u061c"

REGISTRY = {"fields": {
    "signed": {"formatters": [{"number": {"allowNegative": True}}], "validators": ["number"]},
    **{f"price_{code}": {"formatters": [{"number": {"currency": code, "allowNegative": True}}],
                         "validators": ["number"]} for code in CURRENCIES},
}}


class Service:
    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, path, body):
        self.connection.request("POST", path, json.dumps(body, ensure_ascii=False).encode("utf-8"),
                                {"Content-Type": "application/json"})
        answer = self.connection.getresponse()
        data = answer.read()
        if answer.status != 200:
            raise RuntimeError(f"{path} {body}: {answer.status} {data[:300]!r}")
        return json.loads(data)


def generated(rng, count, places, negatives=True):
    """Numbers of every size (0 to 10^9), with 0 to `places` decimals, a quarter negative."""
    values = []
    for index in range(count):
        digits = rng.randint(1, 10) if index % 5 else rng.randint(1, 5)
        whole = rng.randrange(10 ** (digits - 1) if digits > 1 else 0, 10 ** digits)
        decimals = rng.randint(0, places)
        value = Decimal(whole) + (Decimal(rng.randrange(10 ** decimals)) / 10 ** decimals if decimals else 0)
        if negatives and rng.random() < 0.25 and value != 0:
            value = -value
        values.append(value)
    return values


def read_back(service, tag, field, value, text, where):
    """Checks 1 and 2: babel's `text` is read back to `value`, and the service's own text for `value` reads
    back to it, as itself. Returns that text and a failure line, or None."""
    read = service.post("/v1/validate", {"values": {field: text}, "locale": tag})["fields"][field]
    if not read["valid"] or Decimal(read["value"] or "NaN") != value:
        return None, (f"{where} is read as {read['value']!r} (valid {read['valid']}, "
                      f"{[e['message'] for e in read['errors']]}), text {read['text']!r}")
    ours = service.post("/v1/format", {"field": field, "text": str(value), "locale": tag})["text"]
    again = service.post("/v1/validate", {"values": {field: ours}, "locale": tag})["fields"][field]
    if not again["valid"] or Decimal(again["value"]) != value or again["text"] != ours:
        return ours, (f"{where}: the service's own {ours!r} is read as {again['value']!r} "
                      f"(valid {again['valid']}), text {again['text']!r}")
    return ours, None


def babel_locale(tag):
    return tag.replace("-", "_")


def strip_marks(text):
    return "".join(c for c in text if c not in BIDI_MARKS)


def group_symbol(tag):
    return numbers.get_group_symbol(babel_locale(tag), numbering_system="default")


def decimal_symbol(tag):
    return numbers.get_decimal_symbol(babel_locale(tag), numbering_system="default")


# The known differences between the service's text (ICU 72, CLDR 42) and babel's (CLDR 49), each a
# function from (locale, kind, service text, babel text) to the two texts with that difference taken out,
# or None when it does not apply. `kind` is "decimal" or a currency code.
def bidi_marks(tag, kind, ours, theirs):
    """CLDR's Arabic patterns put U+200F before an amount and U+061C before a minus sign; the service writes
    no bidirectional marks of the patterns (a symbol's own, `ج.م.‏`, it writes), and reads them all."""
    marks = lambda text: sum(c in BIDI_MARKS for c in text)
    if marks(theirs) > marks(ours):
        return strip_marks(ours), strip_marks(theirs)
    return None


def swiss_group(tag, kind, ours, theirs):
    """de-CH and fr-CH group with ’ (de-CH) and U+202F (fr-CH) in CLDR 42, with ' in CLDR 49."""
    ours_group = {"de-CH": "\u2019", "fr-CH": "\u202f"}.get(tag)
    if ours_group and ours_group in ours and ours_group not in theirs:
        return ours.replace(ours_group, "'"), theirs
    return None


def babel_quote_bug(tag, kind, ours, theirs):
    """babel 2.19 takes the ' of `1'234'567` (CLDR 49's Swiss group separator) for pattern quotes and drops
    some of them in numbers of two groups or more (`1234'567`)."""
    if group_symbol(tag) == "'" and ours.count("'") > theirs.count("'"):
        return ours.replace("'", ""), theirs.replace("'", "")
    return None


def swiss_amount_decimal(tag, kind, ours, theirs):
    """fr-CH writes amounts with `.` (CLDR 42 and 49, `currencyDecimal`); babel's format_currency does not
    apply it and writes `,`."""
    if tag == "fr-CH" and kind != "decimal" and "." in ours and "," in theirs:
        return ours, theirs.replace(",", ".")
    return None


def minimum_grouping(tag, kind, ours, theirs):
    """CLDR's minimum grouping digits (2 in es and pl, the same in CLDR 42 and 49: `1234`, `12.345`, for
    amounts too): ICU's number formatter applies them, babel does not (`1.234`)."""
    group = group_symbol(tag)
    if group not in theirs:
        return None
    start = theirs.index(group)
    digits_before = sum(c.isdigit() for c in theirs[:start])
    digits_after = 0
    for c in theirs[start + 1:]:
        if not c.isdigit():
            break
        digits_after += 1
    if digits_before == 1 and digits_after == 3 and theirs[:start] + theirs[start + 1:] == ours:
        return ours, ours
    return None


def currency_spacing(tag, kind, ours, theirs):
    """CLDR's currencySpacing puts a no-break space between a symbol that ends (or starts) with a letter and
    the digits (`EGP 18.48`, `CHF 7.38` in en-US): ICU applies it, babel does not (`EGP18.48`)."""
    if kind != "decimal" and "\u00a0" in ours and ours.replace("\u00a0", "", 1) == theirs:
        return theirs, theirs
    return None


def babel_latin_digits(tag, kind, ours, theirs):
    """babel 2.19 writes a numbering system's separators but ASCII digits (`40٫54`); CLDR's default numbering
    system in ar-EG and ar-SA has Arabic-Indic digits (`٤٠٫٥٤`), as ICU writes them."""
    latin = "".join(str(int(c)) if c.isdigit() and not c.isascii() else c for c in ours)
    if latin != ours:
        return latin, theirs
    return None


DIFFERENCES = [bidi_marks, babel_latin_digits, swiss_group, babel_quote_bug, swiss_amount_decimal, minimum_grouping, currency_spacing]


def explain(tag, kind, ours, theirs):
    """The differences that make the two texts equal, in order; None when they do not."""
    applied = []
    changed = True
    while ours != theirs and changed:
        changed = False
        for difference in DIFFERENCES:
            if difference in applied:
                continue
            result = difference(tag, kind, ours, theirs)
            if result is not None:
                ours, theirs = result
                applied.append(difference)
                changed = True
                break
    return applied if ours == theirs else None


def main():
    server = os.path.abspath(sys.argv[1])
    rng = random.Random(0x24)
    failures = []
    counts = {difference.__name__: [] for difference in DIFFERENCES}
    checked = 0
    with serving(server, REGISTRY) as live:
        service = Service(live.port)
        for tag in LOCALES:
            locale = babel_locale(tag)
            # CLDR's default numbering system (Arabic-Indic digits in ar-EG and ar-SA), and for those
            # locales the Latin digits too, which their users type with a Latin keyboard (read only).
            systems = ["default"] + (["latn"] if numbers.get_decimal_symbol(locale, numbering_system="default")
                                     != numbers.get_decimal_symbol(locale, numbering_system="latn") else [])
            cases = []
            for system in systems:
                compare = system == "default"
                cases += [("decimal", "signed", value, compare,
                           numbers.format_decimal(value, locale=locale, numbering_system=system))
                          for value in generated(rng, NUMBERS_PER_LOCALE, 2)]
                for code in CURRENCIES:
                    places = numbers.get_currency_precision(code)
                    for value in generated(rng, AMOUNTS_PER_CURRENCY, places):
                        value = value.quantize(Decimal(1).scaleb(-places))
                        cases.append((code, f"price_{code}", value, compare,
                                      numbers.format_currency(value, code, locale=locale, numbering_system=system)))
            for kind, field, value, compare, text in cases:
                checked += 1
                where = f"{tag} {kind} {value}: babel {text!r}"
                # 1. and 2.
                ours, failure = read_back(service, tag, field, value, text, where)
                if failure:
                    failures.append(failure)
                    continue
                # 3. It is babel's, but for the known differences.
                if not compare:
                    continue
                applied = explain(tag, kind, ours, text)
                if applied is None:
                    failures.append(f"{where}: the service writes {ours!r}")
                    continue
                for difference in applied:
                    counts[difference.__name__].append(f"{tag} {kind}: ours {ours!r}, babel {text!r}")
    print(f"locale numbers: {checked} strings from babel {babel.__version__} in {len(LOCALES)} locales, each read "
          f"back by the service; the service's own text read back; differences from babel:")
    for difference in DIFFERENCES:
        seen = counts[difference.__name__]
        locales = sorted({line.split(" ")[0] for line in seen})
        print(f"  {difference.__name__}: {len(seen)} ({', '.join(locales) or 'none'}) - "
              f"{' '.join(difference.__doc__.split())}")
        if seen:
            print(f"    e.g. {seen[0]}")
    finish("locale numbers", failures, grouped=True)


def finish(name, failures, grouped=False):
    """Prints the failures, the first 40 (counted by their first two words first when `grouped`), and exits
    with status 1; or says that all passed."""
    if failures:
        print(f"{len(failures)} failures:")
        if grouped:
            kinds = {}
            for line in failures:
                kinds.setdefault(" ".join(line.split(" ")[:2]), []).append(line)
            for key, lines in sorted(kinds.items()):
                print(f"  {key}: {len(lines)}, e.g. {lines[0]}")
        for line in failures[:40]:
            print("  " + line)
        sys.exit(1)
    print(f"{name}: all passed")


if __name__ == "__main__":
    main()
