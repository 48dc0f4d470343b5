#!/usr/bin/env python3
"""Differential check of weekday names in dates (issue 28): SmartText against babel (CLDR 49) and Python's own
calendar, end to end over HTTP.

    check_weekday_names.py PATH/TO/smarttext-server

Needs babel (the venv scripts/test makes for check_locale_numbers.py). Starts the server with a registry of its
own (`EEE, DD.MM.YYYY`, `DD.MM.YYYY (EEE)`, `EEE, DD MMM YYYY`) and, in each of check_month_names.py's 29
locales, for a week of days and a few dozen generated dates from year 1 to 9999 (fixed seed):

1. The expected weekday is Python's `date.weekday()` (not the service's arithmetic), its name CLDR's
   abbreviation in a date (babel's `get_day_names("abbreviated", context="format")`, Monday first); English's
   where the locale's are written with a digit (Vietnamese's `Thứ 2`).
2. The date typed as digits, key by key through /v1/edit at each answer's caret, ends as
   `<name>, 31.12.2024` (the weekday first) and `31.12.2024 (<name>)` with the caret before ` (` (the weekday
   last); `value` is the digits and `meta.date` the ISO date. Backspace then takes the year's last digit and
   the weekday with it.
3. babel's own text (`format_date(day, "EEE, dd.MM.yyyy")`) and English's, pasted, give the locale's text; the
   same through /v1/validate is valid, and babel's text with another day's name is not.
4. With the month's name too (`EEE, dd MMM yyyy`), the digits typed give the weekday and the month's name
   check_month_names.py expects.

Where CLDR 42 (ICU 72, which the service follows) and CLDR 49 (babel) abbreviate a weekday differently, the
difference is listed in DIFFERENCES and printed, and babel's text with that name is not pasted; any other
difference fails.

Exit status 1 on any failure, with one line per problem (the first 40).
"""
import datetime
import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_month_names", os.path.join(HERE, "check_month_names.py"))
months = importlib.util.module_from_spec(spec)
spec.loader.exec_module(months)
shared = months.shared
from babel import dates  # noqa: E402 - after the shared module checked that babel is there

DATES_PER_LOCALE = 30

# Weekdays CLDR 42 (ICU 72) and CLDR 49 (babel 2.19) abbreviate differently in a date: (locale, ISO weekday)
# -> (ICU's, babel's).
DIFFERENCES = {
    # Thai: CLDR 42 abbreviates with a letter and a dot (`จ.`), CLDR 49 writes the short name (`จันทร์`).
    **{("th-TH", weekday + 1): names for weekday, names in enumerate([
        ("จ.", "จันทร์"), ("อ.", "อังคาร"), ("พ.", "พุธ"), ("พฤ.", "พฤหัส"), ("ศ.", "ศุกร์"), ("ส.", "เสาร์"),
        ("อา.", "อาทิตย์")])},
}

REGISTRY = {"fields": {
    "first": {"formatters": [{"date": {"pattern": "EEE, DD.MM.YYYY"}}], "validators": ["date"]},
    "last": {"formatters": [{"date": {"pattern": "DD.MM.YYYY (EEE)"}}], "validators": ["date"]},
    "named": {"formatters": [{"date": {"pattern": "EEE, DD MMM YYYY"}}], "validators": ["date"]},
}}


def main():
    server = os.path.abspath(sys.argv[1])
    rng = random.Random(0x2807)
    failures = []
    differences = set()
    checked = 0
    fallback = []
    with shared.serving(server, REGISTRY) as live:
        service = months.Service(live.port)
        for tag in months.LOCALES:
            locale = shared.babel_locale(tag)
            babel_names = dates.get_day_names("abbreviated", context="format", locale=locale)
            if any(character.isdecimal() for name in babel_names.values() for character in name):
                # Written with a digit (Vietnamese's `Thứ 2`): the digits tell where a weekday ends, so English's.
                babel_names = dates.get_day_names("abbreviated", context="format", locale="en")
                fallback.append(tag)
            month_names = months.expected_names(tag)[0]
            week = [datetime.date(2024, 12, 30) + datetime.timedelta(days=offset) for offset in range(7)]
            days = week + [datetime.date(1, 1, 1) + datetime.timedelta(days=rng.randrange(3_652_058))
                           for _ in range(DATES_PER_LOCALE)]
            for day in days:
                checked += 1
                weekday = day.weekday()
                theirs = babel_names[weekday]
                digits = f"{day.day:02}{day.month:02}{day.year:04}"
                shown = f"{day.day:02}.{day.month:02}.{day.year:04}"
                where = f"{tag} {day.isoformat()}"
                # 2. Typed as digits, the weekday first and last.
                answer = service.typed("first", digits, tag)
                ours = answer["text"][:-len(shown) - 2]
                if ours != theirs and DIFFERENCES.get((tag, weekday + 1)) == (ours, theirs):
                    differences.add(f"{tag} weekday {weekday + 1}: ICU {ours!r}, babel {theirs!r}")
                    name = ours
                else:
                    name = theirs
                expected = f"{name}, {shown}"
                if (answer["text"], answer["value"], answer["meta"].get("date")) != (
                        expected, digits, day.isoformat()):
                    failures.append(f"{where}: digits typed give {answer['text']!r}, value {answer['value']!r}, "
                                    f"meta.date {answer['meta'].get('date')!r}; expected {expected!r}")
                    continue
                last = service.typed("last", digits, tag)
                if (last["text"], last["caret"]) != (f"{shown} ({name})", len(shown)):
                    failures.append(f"{where}: digits typed after a date give {last['text']!r} caret "
                                    f"{last['caret']}; expected {shown} ({name}) caret {len(shown)}")
                back = service.edit("last", last["text"], len(shown) - 1, len(shown), "", "deleteContentBackward", tag)
                if back["text"] != shown[:-1]:
                    failures.append(f"{where}: Backspace after the year gives {back['text']!r}, not {shown[:-1]!r}")
                # 3. babel's and English's texts pasted and validated; another day's name is not valid.
                readings = {"the English text": dates.format_date(day, "EEE, dd.MM.yyyy", locale="en")}
                if name == theirs and tag not in fallback:
                    readings["babel's text"] = dates.format_date(day, "EEE, dd.MM.yyyy", locale=locale)
                for how, text in readings.items():
                    pasted = service.edit("first", "", 0, 0, text, "insertFromPaste", tag)
                    validated = service.validated("first", text, tag)
                    for what, read in (("pasted", pasted), ("validated", validated)):
                        if (read["text"], read["value"], read["valid"]) != (expected, digits, True):
                            failures.append(f"{where}: {how} {what} ({text!r}) gives {read['text']!r}, value "
                                            f"{read['value']!r}, valid {read['valid']}; expected {expected!r}")
                other = babel_names[(weekday + 1 + rng.randrange(6)) % 7]
                wrong = service.validated("first", f"{other}, {shown}", tag)
                if wrong["valid"] or wrong["value"] != digits:
                    failures.append(f"{where}: {other}, {shown} validated is valid {wrong['valid']}, value "
                                    f"{wrong['value']!r}; expected invalid")
                # 4. With the month's name.
                named = service.typed("named", digits, tag)
                month = months.DIFFERENCES.get((tag, day.month, "format"), (month_names[day.month - 1],))[0]
                text = f"{name}, {day.day:02} {month} {day.year:04}"
                if (named["text"], named["value"]) != (text, digits):
                    failures.append(f"{where}: digits typed with the month's name give {named['text']!r}, value "
                                    f"{named['value']!r}; expected {text!r}")
    print(f"weekday names: {checked} dates in {len(months.LOCALES)} locales against babel {shared.babel.__version__} "
          f"(CLDR's abbreviations in a date) and Python's calendar; English's names in {', '.join(fallback)}")
    for line in sorted(differences):
        print(f"  CLDR 42 / 49 difference: {line}")
    shared.finish("weekday names", failures)


if __name__ == "__main__":
    main()
