#!/usr/bin/env python3
"""Differential checks of the `email`, `iban` and `credit_card` verdicts (issue 32) against reference
libraries, through a live server's /v1/validate.

    check_validators.py PATH/TO/smarttext-server

- email: a few hundred generated domains (ASCII, accented Latin, CJK, Arabic and Hebrew for the Bidi rule,
  ZWJ/ZWNJ for ContextJ, full-width, emoji, symbols, A-labels, lengths at the limits, mixed) as addresses;
  the service's verdict and `meta.asciiDomain` against `idna.encode(domain, uts46=True, std3_rules=True)`
  (IDNA2008 + UTS 46). The e-mail rules' own additions are applied to the oracle's answer: two labels or
  more, a top-level label of two or more characters that is not all digits. One documented difference: RFC
  5893 applies the Bidi rule to every label of a name that has a right-to-left label, which
  `idna.encode` does for right-to-left labels only; the expected verdict asks `idna.core.check_bidi(label,
  check_ltr=True)` of every label of such names.
- iban: for every country of the SWIFT IBAN registry, generated valid IBANs and one-character corruptions
  (a letter where the BBAN has a digit and the reverse, with check digits recomputed so that only the
  structure is wrong; wrong check digits; one character more or less), against python-stdnum's
  `iban.validate(..., check_country=False)` (ISO 13616 without national check digits); the service's
  `meta.bankCode` and `meta.branchCode` against the registry positions in schwifty's copy of the registry;
  and the project's own table of BBAN structures against stdnum's.
- credit_card: generated numbers of every length from 11 to 20 for every brand prefix, against
  python-stdnum's Luhn check and the brands' published lengths.

Exits 1 on any difference, printing each. Fixed seed: the same vectors every run.
"""
import json
import os
import random
import re
import sys
import unicodedata
import urllib.request

import idna
import idna.core
import schwifty
from stdnum import iban as stdnum_iban
from stdnum import luhn as stdnum_luhn
from stdnum.exceptions import ValidationError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from live_server import LiveServer  # noqa: E402 - Tests/support

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SEED = 32
failures = []


# MARK: the server

def validate(port, field, value):
    body = json.dumps({"values": {field: value}, "event": "submit"}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/validate", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)["fields"][field]


def differ(kind, value, expected, actual):
    failures.append(f"{kind}: {value!r}: expected {expected}, the service says {actual}")


# MARK: email against idna

RTL = {"R", "AL", "AN"}


counts = {"valid": 0, "refused by idna": 0, "refused by the Bidi rule on every label": 0}


def oracle_domain(domain):
    """The A-label form the oracle gives, or None when IDNA2008 + UTS 46 refuse the name; with the e-mail
    rules and RFC 5893's rule for every label of a Bidi domain name."""
    try:
        ascii_form = idna.encode(domain, uts46=True, std3_rules=True).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        counts["refused by idna"] += 1
        return None
    if ascii_form.endswith("."):
        return None
    labels = [idna.decode(label) if label.startswith("xn--") else label for label in ascii_form.split(".")]
    if any(unicodedata.bidirectional(c) in RTL for label in labels for c in label):
        try:
            bidi = all(idna.core.check_bidi(label, check_ltr=True) for label in labels)
        except idna.IDNAError:
            bidi = False
        if not bidi:
            counts["refused by the Bidi rule on every label"] += 1
            return None
    top = labels[-1]
    if len(labels) < 2 or len(top) < 2 or top.isdigit():
        return None
    counts["valid"] += 1
    return ascii_form


def email_domains(rng):
    words = ["example", "mail", "shop", "post", "net", "web", "bank", "data", "cloud", "news"]
    tlds = ["com", "org", "de", "cn", "jp", "ru", "info", "example", "xn--p1ai", "中国", "рф", "ישראל", "مصر"]
    unicode_labels = [
        "bücher", "münchen", "straße", "faß", "café", "españa", "ñandú", "øresund", "łódź", "ελλάδα", "ς",
        "россия", "пример", "中文", "例子", "日本語", "テスト", "한국", "도메인", "ไทย", "भारत", "हिन्दी",
        "שלום", "עברית", "مثال", "اختبار", "مصر", "ایران", "ශ්‍රී", "क्‍ष", "می‌خواهم", "ab\u200ccd", "a\u200db",
        "l·l", "a·b", "ｇｍａｉｌ", "ＥＸＡＭＰＬＥ", "Bücher", "ĲSSEL", "ẞtraße", "ma\u00adil", "™", "①②",
        "♥", "★", "❤", "😀", "👍🏽", "i❤", "a_b", "-ab", "ab-", "ab--cd", "xn--bcher-kva", "xn--abc",
        "xn--a", "XN--BCHER-KVA", "1abc", "abc1", "a1b2", "٠١٢", "۰۱۲", "٠۱", "\u0301a", "a\u0301", "e\u0301e",
        "\ue000", "a\u200b", "\u3002", "פ1", "1פ", "עב-רית", "שלוםabc", "abcשלום",
    ]
    domains = set()
    # Plain ASCII names, some with mistakes.
    for _ in range(80):
        labels = [rng.choice(words) + rng.choice(["", str(rng.randrange(100)), "-" + rng.choice(words)])
                  for _ in range(rng.randrange(1, 4))]
        domain = ".".join(labels + [rng.choice(tlds[:9])])
        mistake = rng.randrange(8)
        if mistake == 0:
            domain = domain.replace("-", "_", 1) if "-" in domain else "_" + domain
        elif mistake == 1:
            domain = "-" + domain
        elif mistake == 2:
            domain = domain.upper()
        domains.add(domain)
    # Internationalized labels, alone and mixed with each other and with ASCII.
    for label in unicode_labels:
        domains.add(label + "." + rng.choice(tlds))
        domains.add(rng.choice(words) + "." + label + "." + rng.choice(tlds[:9]))
    for _ in range(160):
        labels = [rng.choice(unicode_labels + words) for _ in range(rng.randrange(1, 4))]
        domains.add(".".join(labels + [rng.choice(tlds)]))
    # A-labels of valid names, and lengths at the limits.
    for label in ["bücher", "中文", "שלום", "ශ්‍රී", "ελλάδα"]:
        domains.add(idna.encode(label, uts46=True).decode() + ".example")
    for length in [62, 63, 64]:
        domains.add("a" * length + ".com")
        domains.add("ä" + "a" * (length - 8) + ".com")
    for total in [251, 253, 254]:
        body = "abcdefgh." * (total // 9)
        domains.add((body + "a" * (total - len(body) - 4))[: total - 4].rstrip(".") + ".com")
    return sorted(domains)


def check_email(port):
    rng = random.Random(SEED)
    domains = email_domains(rng)
    for domain in domains:
        address = "user@" + domain
        expected = oracle_domain(domain)
        answer = validate(port, "email", address)
        actual = answer["meta"].get("asciiDomain") if answer["valid"] else None
        if (expected is None) != (not answer["valid"]):
            differ("email", address, f"valid={expected is not None}", f"valid={answer['valid']} {answer['results']}")
        elif expected is not None and actual != expected:
            differ("email", address, f"asciiDomain {expected}", f"asciiDomain {actual}")
    print(f"email: {len(domains)} domains against idna {idna.__version__} (IDNA2008 + UTS 46): "
          + ", ".join(f"{count} {kind}" for kind, count in counts.items()))


# MARK: IBAN against python-stdnum and the registry

def registry_structures():
    """The BBAN structure of every country in stdnum's copy of the SWIFT registry."""
    path = os.path.join(os.path.dirname(stdnum_iban.__file__), "iban.dat")
    structures = {}
    for line in open(path, encoding="utf-8"):
        match = re.match(r'(\w\w) country="[^"]*" bban="([^"]*)"', line)
        if match:
            structures[match[1]] = match[2]
    return structures


def project_structures():
    """The project's own table (Sources/SmartTextEngine/Formatters/IBANCountry.swift)."""
    path = os.path.join(ROOT, "Sources", "SmartTextEngine", "Formatters", "IBANCountry.swift")
    text = open(path, encoding="utf-8").read()
    table = text[text.index('registry = """'):]
    rows = {}
    for line in table.splitlines()[1:]:
        fields = line.split()
        if fields == ['"""']:
            break
        rows[fields[0]] = fields[1:]
    return rows


def kinds(structure):
    result = []
    for count, kind in re.findall(r"(\d+)!([nac])", structure):
        result += [kind] * int(count)
    return result


ALPHABET = {"n": "0123456789", "a": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "c": "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"}


def with_check_digits(country, bban):
    return country + stdnum_iban.calc_check_digits(country + "00" + bban) + bban


def oracle_iban(value):
    try:
        stdnum_iban.validate(value, check_country=False)
    except ValidationError:
        return False
    # ISO 7064 MOD 97-10 check digits are 02 to 98 (stdnum does not ask).
    return 2 <= int(value[2:4]) <= 98


def check_iban(port):
    rng = random.Random(SEED)
    structures = registry_structures()
    ours = project_structures()
    if sorted(ours) != sorted(structures):
        differ("iban table", "countries", sorted(structures), sorted(ours))
    positions_path = os.path.join(os.path.dirname(schwifty.__file__), "iban_registry", "generated.json")
    positions = {code: entry.get("positions", {}) for code, entry in json.load(open(positions_path)).items()}
    checked = 0
    for country, structure in sorted(structures.items()):
        if ours.get(country, [None])[0] != structure:
            differ("iban table", country, structure, ours.get(country))
        layout = kinds(structure)
        for _ in range(3):
            bban = "".join(rng.choice(ALPHABET[kind]) for kind in layout)
            valid = with_check_digits(country, bban)
            cases = [valid]
            digits = [i for i, kind in enumerate(layout) if kind == "n"]
            letters = [i for i, kind in enumerate(layout) if kind == "a"]
            if digits:
                i = rng.choice(digits)
                cases.append(with_check_digits(country, bban[:i] + rng.choice(ALPHABET["a"]) + bban[i + 1:]))
            if letters:
                i = rng.choice(letters)
                cases.append(with_check_digits(country, bban[:i] + rng.choice(ALPHABET["n"]) + bban[i + 1:]))
            wrong = (int(valid[2:4]) - 2 + rng.randrange(1, 96)) % 97 + 2
            cases.append(valid[:2] + f"{wrong:02d}" + valid[4:])
            cases.append(valid[:-1])
            cases.append(with_check_digits(country, bban + rng.choice(ALPHABET["n"])))
            for value in cases:
                expected = oracle_iban(value)
                answer = validate(port, "iban", value)
                checked += 1
                if answer["valid"] != expected:
                    differ("iban", value, f"valid={expected}", f"valid={answer['valid']} {answer['results']}")
                    continue
                if not expected:
                    continue
                meta = answer.get("meta", {})
                for key, name in [("bank_code", "bankCode"), ("branch_code", "branchCode")]:
                    span = positions.get(country, {}).get(key)
                    code = value[4 + span[0]:4 + span[1]] if span and span[1] > span[0] else None
                    if meta.get(name) != code:
                        differ("iban", value, f"{name} {code}", f"{name} {meta.get(name)}")
    print(f"iban: {checked} IBANs of {len(structures)} countries against python-stdnum and the registry's positions")


# MARK: cards against the Luhn check and the published lengths

BRANDS = [  # prefix, published lengths
    ("4", range(13, 20)), ("51", [16]), ("55", [16]), ("2221", [16]), ("2720", [16]), ("34", [15]), ("37", [15]),
    ("300", range(14, 20)), ("36", range(14, 20)), ("38", range(14, 20)), ("6011", range(16, 20)),
    ("65", range(16, 20)), ("3528", range(16, 20)), ("3589", range(16, 20)), ("62", range(16, 20)),
]


def check_cards(port):
    rng = random.Random(SEED)
    checked = 0
    for prefix, lengths in BRANDS:
        for length in range(11, 21):
            body = prefix + "".join(rng.choice("0123456789") for _ in range(length - len(prefix) - 1))
            for number in [body + stdnum_luhn.calc_check_digit(body), body + str((int(stdnum_luhn.calc_check_digit(body)) + 1) % 10)]:
                expected = stdnum_luhn.is_valid(number) and length in lengths
                answer = validate(port, "credit_card", number)
                checked += 1
                if answer["valid"] != expected:
                    differ("credit_card", number, f"valid={expected}", f"valid={answer['valid']} {answer['results']}")
    print(f"credit_card: {checked} numbers against python-stdnum's Luhn check and the brands' lengths")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with LiveServer(sys.argv[1]) as live:
        check_email(live.port)
        check_iban(live.port)
        check_cards(live.port)
    for failure in failures:
        print("FAIL " + failure)
    print(f"validators: {len(failures)} difference(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
