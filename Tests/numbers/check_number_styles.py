#!/usr/bin/env python3
"""Differential check of a number field's own styles (issue 28): SmartText against babel, end to end over HTTP.

    check_number_styles.py PATH/TO/smarttext-server

Needs babel (the venv scripts/test makes for check_locale_numbers.py, whose server start, number generator and
list of known CLDR 42 / CLDR 49 differences it reuses). Starts the server with a registry of its own and, in
each of the 19 locales:

1. Percentages: babel's `format_percent` of generated fractions (up to four decimals, a quarter negative, every
   decimal kept), given to a field `{"suffix": "%", "scale": -2, "fractionDigits": 2, "allowNegative": true}` on
   `blur`, is valid and its `meta.scaled` is the fraction: the suffix and the locale's spacing before it are
   read as formatting, and the scale is exact.
2. Accounting: in the locales whose CLDR accounting pattern writes negatives in parentheses, babel's
   `format_currency(..., format_type="accounting")` of generated amounts in USD, EUR and JPY, submitted to a
   field `{"currency": code, "allowNegative": true, "negative": "parentheses"}`, is read back to its number;
   the service's own text for the number reads back as itself, and it is babel's but for the differences
   check_locale_numbers.py lists (CLDR 42 against 49, bidirectional marks).

Exit status 1 on any failure, with one line per problem (the first 40).
"""
import importlib.util
import os
import random
import sys
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_locale_numbers", os.path.join(HERE, "check_locale_numbers.py"))
shared = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shared)
numbers, babel = shared.numbers, shared.babel

CURRENCIES = ["USD", "EUR", "JPY"]
PERCENTS_PER_LOCALE = 60
AMOUNTS_PER_CURRENCY = 25

REGISTRY = {"fields": {
    "percent": {"formatters": [{"number": {"suffix": "%", "scale": -2, "fractionDigits": 2, "allowNegative": True}}],
                "validators": ["number"]},
    **{f"ledger_{code}": {"formatters": [{"number": {"currency": code, "allowNegative": True,
                                                     "negative": "parentheses"}}],
                          "validators": ["number"]} for code in CURRENCIES},
}}


def fractions(rng, count):
    """Fractions from 0 to 10^6 (as percentages: up to 10^8 %), with up to four decimals, a quarter negative."""
    values = []
    for _ in range(count):
        whole = rng.randrange(10 ** rng.randint(1, 6)) if rng.random() < 0.7 else 0
        places = rng.randint(0, 4)
        value = Decimal(whole) + Decimal(rng.randrange(10 ** places)) / 10 ** places
        if rng.random() < 0.25 and value != 0:
            value = -value
        values.append(value)
    return values


def accounting_in_parentheses(locale):
    """True where CLDR's accounting pattern writes negatives in parentheses. en-IN is left out: its accounting
    pattern groups by thousands (`$4,955,098.60`) where its numbers group as lakh, and the service writes and
    reads amounts with the locale's number grouping (`$49,55,098.60`), as check_locale_numbers.py checks."""
    if locale == "en_IN":
        return False
    pattern = babel.Locale.parse(locale).currency_formats.get("accounting")
    return pattern is not None and "(" in pattern.pattern


def main():
    server = os.path.abspath(sys.argv[1])
    rng = random.Random(0x28)
    failures = []
    counts = {difference.__name__: [] for difference in shared.DIFFERENCES}
    percents = amounts = 0
    accounting_locales = []
    with shared.serving(server, REGISTRY) as live:
        service = shared.Service(live.port)
        for tag in shared.LOCALES:
            locale = shared.babel_locale(tag)
            # 1. Percentages.
            for value in fractions(rng, PERCENTS_PER_LOCALE):
                percents += 1
                text = numbers.format_percent(value, locale=locale, decimal_quantization=False,
                                              numbering_system="default")
                answer = service.post("/v1/format", {"field": "percent", "text": text, "locale": tag,
                                                     "event": "blur"})
                scaled = answer["meta"].get("scaled")
                if not answer["valid"] or scaled is None or Decimal(scaled) != value:
                    failures.append(f"{tag} percent {value}: babel {text!r} gives {answer['text']!r}, "
                                    f"meta.scaled {scaled!r} (valid {answer['valid']})")
            # 2. Accounting, where the locale writes negatives in parentheses.
            if not accounting_in_parentheses(locale):
                continue
            accounting_locales.append(tag)
            for code in CURRENCIES:
                places = numbers.get_currency_precision(code)
                field = f"ledger_{code}"
                for value in shared.generated(rng, AMOUNTS_PER_CURRENCY, places):
                    amounts += 1
                    value = value.quantize(Decimal(1).scaleb(-places))
                    text = numbers.format_currency(value, code, locale=locale, format_type="accounting",
                                                   numbering_system="default")
                    where = f"{tag} {code} {value}: babel {text!r}"
                    ours, failure = shared.read_back(service, tag, field, value, text, where)
                    if failure:
                        failures.append(failure)
                        continue
                    applied = shared.explain(tag, code, ours, text)
                    if applied is None:
                        failures.append(f"{where}: the service writes {ours!r}")
                        continue
                    for difference in applied:
                        counts[difference.__name__].append(f"{tag} {code}: ours {ours!r}, babel {text!r}")
    print(f"number styles: {percents} percentages from babel {babel.__version__} in {len(shared.LOCALES)} locales "
          f"read with their scale; {amounts} accounting amounts in {len(accounting_locales)} locales "
          f"({', '.join(accounting_locales)}) read back and written as babel writes them, but for:")
    for difference in shared.DIFFERENCES:
        seen = counts[difference.__name__]
        if seen:
            print(f"  {difference.__name__}: {len(seen)}, e.g. {seen[0]}")
    shared.finish("number styles", failures)


if __name__ == "__main__":
    main()
