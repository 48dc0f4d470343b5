#!/usr/bin/env python3
"""Differential check of month names in dates (issue 28): SmartText against babel (CLDR 49), end to end over HTTP.

    check_month_names.py PATH/TO/smarttext-server

Needs babel (the venv scripts/test makes for check_locale_numbers.py, whose server start and locale list it
reuses, with ten locales more). Starts the server with a registry of its own (`DD MMM YYYY`, `MMM-DD-YYYY`,
`MMM YYYY`) and, in each locale, for every month and a few dozen generated dates (fixed seed):

1. The expected names are CLDR's abbreviations (babel's `get_month_names("abbreviated")`), as a date writes
   them (the format context: `мар.` in Russian) for the patterns with a day, as they stand alone (`март`) for the
   month alone, without a final punctuation mark (`déc.` is `déc`, `ינו׳` is `ינו`): names that can be typed
   letter by letter. Where they cannot — a digit or a space inside (`12月`, `thg 12`, Catalan's `de gen.`), an
   inner mark (`ม.ค.`), or one name the beginning of another — the service writes English's, and so does this
   check.
2. The date typed as digits, key by key through /v1/edit at each answer's caret, ends as
   `31 <name> 2024`; its `value` is the digits and `meta.date` the ISO date.
3. babel's own text (`format_date(date, "dd MMM yyyy")`, its final dot kept), its text with the full name
   (`dd MMMM yyyy`: `31 декабря 2024`) and English's (`31 December 2024`), pasted, and the name typed letter by
   letter in lower and upper case, give the same text, value and date: the service reads what CLDR writes.
4. The same through /v1/validate for the month-first pattern, and for the month alone with babel's
   `format_date(date, "LLL yyyy")`.

Where CLDR 42 (ICU 72, which the service follows) and CLDR 49 (babel) name a month differently (Hindi's
October, Finnish months in dates, seven of Ukrainian's months alone), the difference is listed in DIFFERENCES and printed, and babel's text for
that month is not pasted; any other difference fails.

Exit status 1 on any failure, with one line per problem (the first 40).
"""
import datetime
import importlib.util
import os
import random
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "check_locale_numbers", os.path.join(HERE, "..", "numbers", "check_locale_numbers.py"))
shared = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shared)
babel = shared.babel
from babel import dates  # noqa: E402 - after the shared module checked that babel is there

LOCALES = shared.LOCALES + ["en-GB", "tr-TR", "el-GR", "he-IL", "th-TH", "uk-UA", "sv-SE", "fi-FI", "cs-CZ",
                            "vi-VN"]
DATES_PER_LOCALE = 24

# Months CLDR 42 (ICU 72) and CLDR 49 (babel 2.19) abbreviate differently: (locale, month, context) -> (ICU's,
# babel's).
DIFFERENCES = {
    ("hi-IN", 10, "format"): ("अक्तू", "अक्टू"), ("hi-IN", 10, "stand-alone"): ("अक्तू", "अक्टू"),
    # Finnish dates: CLDR 42 abbreviates `tammik.`, CLDR 49 `tammi`, as the stand-alone names are in both.
    **{("fi-FI", month + 1, "format"): (name + "k", name) for month, name in enumerate(
        ["tammi", "helmi", "maalis", "huhti", "touko", "kesä", "heinä", "elo", "syys", "loka", "marras", "joulu"])},
    **{("uk-UA", month, "stand-alone"): names for month, names in [
        (4, ("кві", "квіт")), (5, ("тра", "трав")), (6, ("чер", "черв")), (8, ("сер", "серп")),
        (10, ("жов", "жовт")), (11, ("лис", "лист")), (12, ("гру", "груд"))]},
}

REGISTRY = {"fields": {
    "dmy": {"formatters": [{"date": {"pattern": "DD MMM YYYY"}}], "validators": ["date"]},
    "mdy": {"formatters": [{"date": {"pattern": "MMM-DD-YYYY"}}], "validators": ["date"]},
    "month": {"formatters": [{"date": {"pattern": "MMM YYYY"}}], "validators": ["date"]},
}}


class Service(shared.Service):
    def edit(self, field, text, start, end, replacement, input_type, tag):
        return self.post("/v1/edit", {"field": field, "text": text, "range": {"start": start, "end": end},
                                      "replacement": replacement, "inputType": input_type, "locale": tag})

    def typed(self, field, keys, tag):
        """Each key a request on the previous answer, at its caret."""
        answer = {"text": "", "caret": 0}
        for key in keys:
            answer = self.edit(field, answer["text"], answer["caret"], answer["caret"], key, "insertText", tag)
        return answer

    def validated(self, field, text, tag):
        return self.post("/v1/validate", {"values": {field: text}, "locale": tag})["fields"][field]


def typeable(name):
    """The name without a final punctuation mark, or None when it cannot be typed letter by letter."""
    while name and unicodedata.category(name[-1]) == "Po":
        name = name[:-1]
    if not name or not all(unicodedata.category(c)[0] in "LM" for c in name):
        return None
    return name


def expected_names(tag, context="format"):
    """The names the service should write in `tag` (section 1 of the docstring) in a date (`context`
    "format") or alone ("stand-alone"), and whether they are the locale's own."""
    own = dates.get_month_names("abbreviated", context=context, locale=shared.babel_locale(tag))
    names = [typeable(own[month]) for month in range(1, 13)]
    folded = [name.casefold() if name else None for name in names]
    prefix_free = None not in folded and not any(
        a != b and b.startswith(a) for a in folded for b in folded) and len(set(folded)) == 12
    if prefix_free:
        return names, True
    return expected_names("en-US", context)[0], False


def main():
    server = os.path.abspath(sys.argv[1])
    rng = random.Random(0x2812)
    failures = []
    differences = set()
    checked = 0
    fallback = {"format": [], "stand-alone": []}
    with shared.serving(server, REGISTRY) as live:
        service = Service(live.port)

        def name_of(tag, day, context, names):
            """The service's name of the month and babel's, which are the same but for DIFFERENCES (the
            service's is then the expected one). The third element is True when they differ."""
            field, digits = ("dmy", f"01{day.month:02}2000") if context == "format" else ("month", f"{day.month:02}2000")
            text = service.validated(field, digits, tag)["text"]
            ours, theirs = text[3:-5] if context == "format" else text[:-5], names[day.month - 1]
            if ours != theirs and DIFFERENCES.get((tag, day.month, context)) == (ours, theirs):
                differences.add(f"{tag} month {day.month} ({context}): ICU {ours!r}, babel {theirs!r}")
                return ours, True
            return theirs, False

        for tag in LOCALES:
            locale = shared.babel_locale(tag)
            names, own = expected_names(tag)
            alone, own_alone = expected_names(tag, "stand-alone")
            for context, is_own in (("format", own), ("stand-alone", own_alone)):
                if not is_own:
                    fallback[context].append(tag)
            days = [datetime.date(2024, month, rng.randint(1, 28)) for month in range(1, 13)]
            days += [datetime.date(1900, 1, 1) + datetime.timedelta(days=rng.randrange(73000))
                     for _ in range(DATES_PER_LOCALE)]
            for day in days:
                checked += 1
                digits = f"{day.day:02}{day.month:02}{day.year:04}"
                name, differs = name_of(tag, day, "format", names)
                expected = f"{day.day:02} {name} {day.year:04}"
                where = f"{tag} {day.isoformat()}"
                # 2. Typed as digits, key by key.
                answer = service.typed("dmy", digits, tag)
                if (answer["text"], answer["value"], answer["meta"].get("date")) != (
                        expected, digits, day.isoformat()):
                    failures.append(f"{where}: digits typed give {answer['text']!r}, value {answer['value']!r}, "
                                    f"meta.date {answer['meta'].get('date')!r}; expected {expected!r}")
                    continue
                # 3. babel's text pasted (not where CLDR 49 spells the name differently: the service knows CLDR
                # 42's); the name typed in lower and upper case.
                readings = {}
                if own and not differs:
                    readings["babel's text pasted"] = dates.format_date(day, "dd MMM yyyy", locale=locale)
                    readings["babel's full name pasted"] = dates.format_date(day, "dd MMMM yyyy", locale=locale)
                readings["the English name pasted"] = dates.format_date(day, "dd MMMM yyyy", locale="en")
                readings[f"{name.lower()!r} typed"] = f"{day.day:02} {name.lower()} {day.year:04}"
                readings[f"{name.upper()!r} typed"] = f"{day.day:02} {name.upper()} {day.year:04}"
                for how, text in readings.items():
                    if how.endswith("pasted"):
                        read = service.edit("dmy", "", 0, 0, text, "insertFromPaste", tag)
                    else:
                        read = service.typed("dmy", list(text), tag)
                    if (read["text"], read["value"], read["valid"]) != (expected, digits, True):
                        failures.append(f"{where}: {how} ({text!r}) gives {read['text']!r}, value "
                                        f"{read['value']!r}, valid {read['valid']}; expected {expected!r}")
                # 4. Month first; the month alone, as babel writes it where the names are the locale's.
                name_alone, alone_differs = name_of(tag, day, "stand-alone", alone)
                month_text = (dates.format_date(day, "LLL yyyy", locale=locale) if own_alone and not alone_differs
                              else f"{name_alone.lower()} {day.year:04}")
                for field, text, value, shown in [
                    ("mdy", f"{name} {day.day:02} {day.year:04}", f"{day.month:02}{day.day:02}{day.year:04}",
                     f"{name}-{day.day:02}-{day.year:04}"),
                    ("month", month_text, f"{day.month:02}{day.year:04}", f"{name_alone} {day.year:04}"),
                ]:
                    read = service.validated(field, text, tag)
                    if (read["text"], read["value"], read["valid"]) != (shown, value, True):
                        failures.append(f"{where} {field}: {text!r} is read as {read['text']!r}, value "
                                        f"{read['value']!r}, valid {read['valid']}; expected {shown!r}")
    print(f"month names: {checked} dates in {len(LOCALES)} locales against babel {babel.__version__} "
          f"(CLDR's abbreviations); English names where the locale's cannot be typed letter by letter: in a date "
          f"{', '.join(fallback['format'])}; alone {', '.join(fallback['stand-alone'])}")
    for line in sorted(differences):
        print(f"  CLDR 42 / 49 difference: {line}")
    shared.finish("month names", failures)


if __name__ == "__main__":
    main()
