#!/usr/bin/env python3
"""Calls every operation of the Python client generated from openapi.yaml against a live server.

Usage: call_generated_client.py OPENAPI_YAML BASE_URL

The client (package `smart_text_client`) is what openapi-python-client generates from the document;
Tests/openapi/check_openapi.sh generates and installs it first. For each operation of the document:
- a success answer decoded into the generated model, with its meaningful members checked (a card
  number formatted, an edit's caret and change, a form whose confirmation does not match, the
  discovery lists, health and readiness), and the model's `to_dict()` equal to the JSON on the wire;
- the same JSON with a member added (as a later version of the service may send) still decoded;
- at least one problem answer decoded into the generated `Problem` (400, 404, 405, 413, 415 and 422
  for the POST routes; 404 for a name the registry lacks; 405 on every route);
- the generated client raises on any status its operation does not document.
Every operationId of the document must have been called. Prints one line per check; exits 1 on any
failure.

Two statuses need a request the generated functions never send: a method the route does not answer
(405) and a body that is not JSON (415). An httpx request hook of the client changes the method or
the Content-Type of the generated request; the answer still goes through the generated parser.
The 400 of the GET routes (a Transfer-Encoding other than chunked) cannot be sent through httpx at all
(h11 refuses to), so it is left to Tests/schema/check_statuses.py.
"""

import importlib
import json
import re
import sys
import traceback

import httpx
import yaml
from smart_text_client import Client
from smart_text_client.api.discovery import (
    get_field,
    get_form,
    list_country_identifiers,
    list_fields,
    list_forms,
    list_identifiers,
    list_languages,
    list_regions,
)
from smart_text_client.api.editing import apply_edit, format_text
from smart_text_client.api.operations import (
    get_health,
    get_metrics,
    get_open_api_document,
    get_playground,
    get_readiness,
    get_web_client,
)
from smart_text_client.api.validation import validate_values
from smart_text_client.errors import UnexpectedStatus
from smart_text_client.models import (
    CardBrand,
    EditAnswer,
    InputType,
    SingleEditRequest,
    TypedEdit,
    TypedEditAnchor,
    TypedEditsRequest,
    Event,
    FieldDescription,
    FieldList,
    FieldVerdict,
    FormatRequest,
    FormDescription,
    FormList,
    Health,
    IdentifierList,
    LanguageList,
    RegionList,
    Hints,
    Problem,
    Readiness,
    RuleResult,
    State,
    TextChange,
    TextRange,
    ValidateAnswer,
    ValidateRequest,
    ValidateRequestValues,
)
from smart_text_client.types import UNSET

PROBLEM = "urn:smarttext:problem:"
# Over the server's default --max-body (64 KiB) once in a JSON body.
OVER_MAX_BODY = 66_000
# One more UTF-16 code unit than the server's default --max-text.
OVER_MAX_TEXT = 10_001
# What a later version of the service might add to an answer.
ADDED_MEMBER = "addedInALaterVersion"


class CheckFailed(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def equal(actual, expected, what):
    expect(actual == expected, f"{what}: {actual!r}, expected {expected!r}")


class Calls:
    """Runs the checks of each operation and remembers which operations were called."""

    def __init__(self, base_url, operation_ids):
        self.base_url = base_url
        self.operation_ids = operation_ids
        self.called = set()
        self.passed = 0
        self.failed = 0

    def client(self, method=None, content_type=None, strict=True):
        """A generated Client that raises on a status the operation does not document (unless not
        `strict`); `method` and `content_type` rewrite its requests (see the module doc)."""

        def rewrite(request):
            if method is not None:
                request.method = method
            if content_type is not None:
                request.headers["Content-Type"] = content_type

        return Client(
            base_url=self.base_url,
            raise_on_unexpected_status=strict,
            timeout=httpx.Timeout(15.0),
            httpx_args={"event_hooks": {"request": [rewrite]}},
        )

    def check(self, operation_id, what, function):
        """Runs one check of an operation; `function` raises CheckFailed (or anything) on a failure."""
        self.called.add(operation_id)
        try:
            detail = function()
        except CheckFailed as failure:
            self.failed += 1
            print(f"FAIL {operation_id}: {what}: {failure}")
        except UnexpectedStatus as error:
            self.failed += 1
            body = error.content[:300].decode("utf-8", "replace")
            print(f"FAIL {operation_id}: {what}: status {error.status_code}, which the operation does not document: "
                  f"{body}")
        except Exception:  # noqa: BLE001 - any error of the generated client is a failure to report
            self.failed += 1
            print(f"FAIL {operation_id}: {what}: {traceback.format_exc(limit=3).strip()}")
        else:
            self.passed += 1
            print(f"ok   {operation_id}: {what}" + (f" ({detail})" if detail else ""))


def decoded(response, model, status=200):
    """The parsed answer, checked: status, generated model, to_dict() equal to the wire's JSON, and
    a copy with an added member still decoded (the member kept in additional_properties)."""
    equal(int(response.status_code), status, "status")
    expect(isinstance(response.parsed, model), f"parsed into {type(response.parsed).__name__}, not {model.__name__}")
    wire = json.loads(response.content)
    equal(response.parsed.to_dict(), wire, f"{model.__name__}.to_dict() against the JSON answer")
    equal(response.parsed.additional_properties, {}, f"members of {model.__name__} the document does not name")
    later = model.from_dict({**wire, ADDED_MEMBER: {"any": ["shape"]}})
    equal(later.additional_properties, {ADDED_MEMBER: {"any": ["shape"]}}, f"{model.__name__} with a member added")
    return response.parsed


def problem(response, status, kind, pointer=None):
    """The parsed Problem, checked against the status and the problem type expected."""
    equal(int(response.status_code), status, "status")
    content_type = response.headers.get("content-type", "")
    expect(content_type.startswith("application/problem+json"), f"Content-Type {content_type!r}")
    parsed = decoded(response, Problem, status)
    equal(parsed.type_, PROBLEM + kind, "type")
    equal(parsed.status, status, "status member")
    expect(parsed.title.strip() != "", "an empty title")
    expect(parsed.detail.strip() != "", "an empty detail")
    if pointer is not None:
        equal(parsed.pointer, pointer, "pointer")
    if status == 405:
        expect(response.headers.get("allow"), "405 without an Allow header")
    return f"{status} {kind}: {parsed.detail}"


def card_edit():
    return SingleEditRequest(field="credit_card", text="4242 4242 4242 424", range_=TextRange(start=18, end=18),
                       replacement="2", seq=41)


def check_editing(calls):
    def typing():
        answer = decoded(apply_edit.sync_detailed(client=calls.client(), body=card_edit()), EditAnswer)
        equal(answer.text, "4242 4242 4242 4242", "text")
        equal(answer.caret, 19, "caret")
        equal(answer.value, "4242424242424242", "value")
        equal((answer.state, answer.valid, answer.complete), (State.VALID, True, True), "state, valid, complete")
        equal((answer.rejected, answer.truncated, answer.deferred), (False, False, False),
              "rejected, truncated, deferred")
        expect(isinstance(answer.change, TextChange), "change is not a TextChange")
        equal((answer.change.start, answer.change.end, answer.change.text), (18, 18, "2"), "change")
        equal(answer.meta.brand, CardBrand.VISA, "meta.brand (a declared member: a CardBrand)")
        equal(answer.seq, 41, "seq")
        expect(all(isinstance(result, RuleResult) and result.valid for result in answer.results), "a failed rule")
        equal([result.rule for result in answer.results], ["notEmpty", "luhn", "cardBrand"], "rules")
        return f"{answer.text!r}, caret {answer.caret}"

    def backspace():
        body = SingleEditRequest(field="credit_card", text="4242 4242", range_=TextRange(start=4, end=5),
                                 replacement="", input_type=InputType("deleteContentBackward"))
        answer = decoded(apply_edit.sync_detailed(client=calls.client(), body=body), EditAnswer)
        equal((answer.text, answer.caret, answer.value), ("4244 242", 3, "4244242"), "text, caret, value")
        equal(answer.state, State.INCOMPLETE, "state")
        equal(answer.seq, UNSET, "seq (none sent)")
        return "the digit before the separator deleted"

    def rejected():
        body = SingleEditRequest(field="credit_card", text="4242", range_=TextRange(start=4, end=4), replacement="x")
        answer = decoded(apply_edit.sync_detailed(client=calls.client(), body=body), EditAnswer)
        equal((answer.text, answer.caret, answer.rejected), ("4242", 4, True), "text, caret, rejected")
        return "a letter in a card number"

    def formatted():
        body = FormatRequest(field="credit_card", text="4242424242424242")
        answer = decoded(format_text.sync_detailed(client=calls.client(), body=body), EditAnswer)
        equal(answer.text, "4242 4242 4242 4242", "text")
        equal((answer.caret, answer.value, answer.valid), (19, "4242424242424242", True), "caret, value, valid")
        equal((answer.meta.brand, answer.meta.additional_properties), (CardBrand.VISA, {}), "meta")
        return f"4242424242424242 -> {answer.text!r}"

    def empty_phone():
        body = FormatRequest(field="phone_cn", text="")
        answer = decoded(format_text.sync_detailed(client=calls.client(), body=body, accept_language="zh-CN"),
                         EditAnswer)
        equal((answer.state, answer.valid), (State.EMPTY, False), "state, valid")
        return "state empty, not valid"

    def typed_while_waiting():
        edits = [TypedEdit(range_=TextRange(start=index, end=index), replacement=digit,
                           anchor=TypedEditAnchor("caret")) for index, digit in enumerate("42424242")]
        edits.append(TypedEdit(range_=TextRange(start=0, end=0), replacement="1", anchor=TypedEditAnchor("start")))
        body = TypedEditsRequest(field="credit_card", text="", caret=0, edits=edits, seq=5)
        answer = decoded(apply_edit.sync_detailed(client=calls.client(), body=body), EditAnswer)
        equal((answer.text, answer.caret, answer.seq), ("1424 2424 2", 1, 5), "text, caret, seq")
        equal(answer.map_, [0, 1, 2, 3, 4, 6, 7, 8, 9, 11], "map")
        return "eight digits, Home, 1: '1424 2424 2'"

    calls.check("applyEdit", "keys typed while a request was in flight", typed_while_waiting)
    calls.check("applyEdit", "typing the last digit of a card number", typing)
    calls.check("applyEdit", "backspace right after a separator", backspace)
    calls.check("applyEdit", "a rejected edit", rejected)
    calls.check("formatText", "a card number formatted", formatted)
    calls.check("formatText", "an empty phone number, Accept-Language: zh-CN", empty_phone)

    # Problems of the two editing routes.
    for operation_id, module, body in (
        ("applyEdit", apply_edit, card_edit),
        ("formatText", format_text, lambda: FormatRequest(field="credit_card", text="4242")),
    ):
        def wrong_type(module=module, body=body):
            request = body()
            request.text = 4242  # not a string: the generated model sends it as it is
            return problem(module.sync_detailed(client=calls.client(), body=request), 400, "invalid-request", "/text")

        def unknown_field(module=module, body=body):
            request = body()
            request.field = "no_such_field"
            return problem(module.sync_detailed(client=calls.client(), body=request), 404, "unknown-field", "/field")

        def wrong_method(module=module, body=body):
            return problem(module.sync_detailed(client=calls.client(method="DELETE"), body=body()), 405,
                           "method-not-allowed")

        def too_large(module=module, body=body):
            request = body()
            request.text = "4" * OVER_MAX_BODY
            return problem(module.sync_detailed(client=calls.client(), body=request), 413, "body-too-large")

        def not_json(module=module, body=body):
            return problem(module.sync_detailed(client=calls.client(content_type="text/plain"), body=body()), 415,
                           "unsupported-media-type")

        calls.check(operation_id, "a text that is not a string", wrong_type)
        calls.check(operation_id, "an unknown field", unknown_field)
        calls.check(operation_id, "DELETE", wrong_method)
        calls.check(operation_id, "a body over --max-body", too_large)
        calls.check(operation_id, "Content-Type: text/plain", not_json)

    def range_outside():
        request = card_edit()
        request.range_ = TextRange(start=30, end=30)
        return problem(apply_edit.sync_detailed(client=calls.client(), body=request), 422, "invalid-range", "/range")

    def text_too_long():
        request = FormatRequest(field="credit_card", text="4" * OVER_MAX_TEXT)
        return problem(format_text.sync_detailed(client=calls.client(), body=request), 422, "text-too-long")

    calls.check("applyEdit", "a range past the end of the text", range_outside)
    calls.check("formatText", "a text over --max-text", text_too_long)


def signup_values(**changes):
    values = {"username": "jane_doe", "email": "jane@example.com", "phone_cn": "13800138000",
              "password": "Tr0ub4dor&3xyz!", "password_confirm": "Tr0ub4dor&3xyz?"}
    values.update(changes)
    return ValidateRequestValues.from_dict(values)


def check_validation(calls):
    def mismatch(language, message=None):
        body = ValidateRequest(form="signup", values=signup_values())
        answer = decoded(validate_values.sync_detailed(client=calls.client(), body=body, accept_language=language),
                         ValidateAnswer)
        equal((answer.valid, answer.form, answer.errors), (False, "signup", []), "valid, form, errors")
        equal(list(answer.fields.additional_properties),
              ["username", "email", "phone_cn", "password", "password_confirm"], "fields, in the form's order")
        confirm = answer.fields["password_confirm"]
        expect(isinstance(confirm, FieldVerdict), "password_confirm is not a FieldVerdict")
        equal((confirm.valid, confirm.state), (False, State.INVALID), "password_confirm: valid, state")
        equal([error.rule for error in confirm.errors], ["matchesField"], "password_confirm: errors")
        if message is not None:
            equal(confirm.errors[0].message, message, "password_confirm: message")
        phone = answer.fields["phone_cn"]
        equal((phone.text, phone.value, phone.valid), ("138 0013 8000", "13800138000", True), "phone_cn")
        others = [name for name, verdict in answer.fields.additional_properties.items() if not verdict.valid]
        equal(others, ["password_confirm"], "invalid fields")
        return f"password_confirm: {confirm.errors[0].message}"

    def matching():
        body = ValidateRequest(form="signup", values=signup_values(password_confirm="Tr0ub4dor&3xyz!"))
        answer = decoded(validate_values.sync_detailed(client=calls.client(), body=body), ValidateAnswer)
        equal(answer.valid, True, "valid")
        return "a matching confirmation: valid"

    def loose_fields():
        body = ValidateRequest(values=ValidateRequestValues.from_dict({"email": "jane@", "card_cvc": "123"}),
                               event=Event.BLUR)
        answer = decoded(validate_values.sync_detailed(client=calls.client(), body=body), ValidateAnswer)
        equal(answer.form, UNSET, "form")
        equal((answer.valid, answer.fields["email"].valid, answer.fields["card_cvc"].valid), (False, False, True),
              "valid: all, email, card_cvc")
        equal([error.rule for error in answer.fields["email"].errors], ["email"], "email: errors")
        return "without a form, each key a field"

    def unknown_key():
        body = ValidateRequest(form="login", values=ValidateRequestValues.from_dict(
            {"email": "jane@example.com", "password": "Tr0ub4dor&3xyz", "coupon": "X"}))
        answer = decoded(validate_values.sync_detailed(client=calls.client(), body=body), ValidateAnswer)
        equal(answer.valid, False, "valid")
        equal([(error.field, error.rule) for error in answer.errors], [("coupon", "unknownField")], "form errors")
        return f"a key the form does not have: {answer.errors[0].message}"

    calls.check("validateValues", "signup with a mismatching confirmation", lambda: mismatch("en"))
    calls.check("validateValues", "the same in Chinese (Accept-Language: zh-CN)",
                lambda: mismatch("zh-CN", "确认密码须与密码一致"))
    calls.check("validateValues", "signup with a matching confirmation", matching)
    calls.check("validateValues", "loose fields on blur", loose_fields)
    calls.check("validateValues", "a key the login form does not have", unknown_key)

    def body():
        return ValidateRequest(form="signup", values=signup_values())

    def wrong_type():
        request = body()
        request.form = 7
        return problem(validate_values.sync_detailed(client=calls.client(), body=request), 400, "invalid-request",
                       "/form")

    def unknown_form():
        request = body()
        request.form = "no_such_form"
        return problem(validate_values.sync_detailed(client=calls.client(), body=request), 404, "unknown-form", "/form")

    def too_large():
        request = body()
        request.values["username"] = "a" * OVER_MAX_BODY
        return problem(validate_values.sync_detailed(client=calls.client(), body=request), 413, "body-too-large")

    def value_too_long():
        request = body()
        request.values["username"] = "a" * OVER_MAX_TEXT
        return problem(validate_values.sync_detailed(client=calls.client(), body=request), 422, "text-too-long")

    calls.check("validateValues", "a form name that is not a string", wrong_type)
    calls.check("validateValues", "an unknown form", unknown_form)
    calls.check("validateValues", "DELETE", lambda: problem(
        validate_values.sync_detailed(client=calls.client(method="DELETE"), body=body()), 405, "method-not-allowed"))
    calls.check("validateValues", "a body over --max-body", too_large)
    calls.check("validateValues", "Content-Type: text/plain", lambda: problem(
        validate_values.sync_detailed(client=calls.client(content_type="text/plain"), body=body()), 415,
        "unsupported-media-type"))
    calls.check("validateValues", "a value over --max-text", value_too_long)


def not_modified(calls, response, module, **arguments):
    """The same request with If-None-Match: the answer's ETag answers 304 with nothing to parse."""
    etag = response.headers.get("etag")
    expect(etag, "no ETag")
    again = module.sync_detailed(client=calls.client(), if_none_match=etag, **arguments)
    equal(int(again.status_code), 304, "status with If-None-Match")
    equal(again.parsed, None, "parsed 304")
    return etag


def check_discovery(calls):
    def fields():
        response = list_fields.sync_detailed(client=calls.client())
        listed = decoded(response, FieldList)
        names = [field.name for field in listed.fields]
        equal(names, sorted(names), "order")
        expect({"credit_card", "phone_cn", "email", "password"} <= set(names), f"built-in fields missing: {names}")
        expect(all(isinstance(field.hints, Hints) for field in listed.fields), "hints are not Hints")
        card = next(field for field in listed.fields if field.name == "credit_card")
        equal((card.label, card.hints.inputmode, card.hints.secure), ("Card number", "numeric", False), "credit_card")
        etag = not_modified(calls, response, list_fields)
        equal(etag, f'"{listed.version}"', "ETag")
        return f"{len(names)} fields, registry {listed.version}, 304 with If-None-Match"

    def field():
        response = get_field.sync_detailed("credit_card", client=calls.client(), accept_language="zh-CN")
        described = decoded(response, FieldDescription)
        equal((described.name, described.label), ("credit_card", "卡号"), "name, label")
        equal(described.labels["en"], "Card number", "labels.en")
        equal(described.formatters, ["creditCard"], "formatters")
        equal((described.report.value, described.backspace.value), ("first", "deletePrevious"), "report, backspace")
        equal((described.hints.autocomplete, described.hints.max_length), ("cc-number", 23), "hints")
        not_modified(calls, response, get_field, name="credit_card")
        return "credit_card, label in Chinese, 304 with If-None-Match"

    def forms():
        response = list_forms.sync_detailed(client=calls.client())
        listed = decoded(response, FormList)
        forms = {form.name: form.fields for form in listed.forms}
        equal(forms.get("login"), ["email", "password"], "login's fields")
        expect("signup" in forms, "no signup form")
        not_modified(calls, response, list_forms)
        return f"{', '.join(forms)}, 304 with If-None-Match"

    def form():
        response = get_form.sync_detailed("signup", client=calls.client())
        described = decoded(response, FormDescription)
        names = [entry.name for entry in described.fields]
        equal(names, ["username", "email", "phone_cn", "password", "password_confirm"], "fields")
        first, last = described.fields[0], described.fields[-1]
        equal((first.previous, first.next_, first.return_key.value), (None, "email", "next"), "first field")
        equal((last.previous, last.next_, last.return_key.value), ("password", None, "done"), "last field")
        equal((last.field, last.hints.secure), ("password", True), "password_confirm")
        not_modified(calls, response, get_form, name="signup")
        return "signup: navigation and return keys, 304 with If-None-Match"

    def languages():
        response = list_languages.sync_detailed(client=calls.client(), accept_language="de-CH, en;q=0.5")
        listed = decoded(response, LanguageList)
        tags = [language.tag for language in listed.languages]
        equal(len(tags), 11, "languages")
        expect({"en", "zh-Hans", "zh-Hant", "de", "ar", "pt-BR"} <= set(tags), f"languages: {tags}")
        equal((listed.default, listed.negotiated), ("en", "de"), "default, negotiated")
        equal(response.headers.get("content-language"), "de", "Content-Language")
        return f"{len(tags)} languages; de-CH gets de"

    def regions():
        response = list_regions.sync_detailed(client=calls.client(), accept_language="de-CH, en;q=0.5")
        listed = decoded(response, RegionList)
        by_code = {region.region: region for region in listed.regions}
        expect(len(by_code) > 200, f"{len(by_code)} regions")
        britain = by_code["GB"]
        equal((britain.name, britain.calling_code, britain.national_prefix), ("Vereinigtes Königreich", 44, "0"), "GB")
        equal((britain.example.national, britain.example.international), ("07400 123456", "+44 7400 123456"), "GB example")
        equal(listed.negotiated, "CH", "negotiated region")
        equal(response.headers.get("content-language"), "de", "Content-Language")
        return f"{len(by_code)} regions named in German; de-CH names CH"

    calls.check("listLanguages", "the languages, de-CH negotiated", languages)
    calls.check("listRegions", "the regions, named in German", regions)
    calls.check("listLanguages", "DELETE", lambda: problem(
        list_languages.sync_detailed(client=calls.client(method="DELETE")), 405, "method-not-allowed"))
    calls.check("listFields", "every field", fields)
    calls.check("getField", "credit_card", field)
    calls.check("listForms", "every form", forms)
    calls.check("getForm", "signup", form)
    calls.check("getField", "an unknown field", lambda: problem(
        get_field.sync_detailed("no_such_field", client=calls.client()), 404, "unknown-field"))
    calls.check("getForm", "an unknown form", lambda: problem(
        get_form.sync_detailed("no_such_form", client=calls.client()), 404, "unknown-form"))
    calls.check("listFields", "DELETE", lambda: problem(
        list_fields.sync_detailed(client=calls.client(method="DELETE")), 405, "method-not-allowed"))
    calls.check("getField", "DELETE", lambda: problem(
        get_field.sync_detailed("credit_card", client=calls.client(method="DELETE")), 405, "method-not-allowed"))
    calls.check("listForms", "DELETE", lambda: problem(
        list_forms.sync_detailed(client=calls.client(method="DELETE")), 405, "method-not-allowed"))
    calls.check("getForm", "DELETE", lambda: problem(
        get_form.sync_detailed("signup", client=calls.client(method="DELETE")), 405, "method-not-allowed"))


def check_operations(calls, document_path):
    def health():
        equal(decoded(get_health.sync_detailed(client=calls.client()), Health).status, "ok", "status")
        return "ok"

    def readiness():
        ready = decoded(get_readiness.sync_detailed(client=calls.client()), Readiness)
        listed = list_fields.sync(client=calls.client())
        forms = list_forms.sync(client=calls.client())
        equal(ready.status, "ready", "status")
        equal((ready.registry.version, ready.registry.fields, ready.registry.forms),
              (listed.version, len(listed.fields), len(forms.forms)), "registry against the discovery lists")
        return f"registry {ready.registry.version}: {ready.registry.fields} fields, {ready.registry.forms} forms"

    def metrics():
        response = get_metrics.sync_detailed(client=calls.client())
        equal(int(response.status_code), 200, "status")
        expect(isinstance(response.parsed, str), "not parsed into a str")
        expect("smarttext_http_requests_total{" in response.parsed, "no smarttext_http_requests_total")
        return f"{len(response.parsed.splitlines())} lines of Prometheus text"

    def playground():
        response = get_playground.sync_detailed(client=calls.client())
        equal(int(response.status_code), 200, "status")
        expect(isinstance(response.parsed, str) and "<html" in response.parsed.lower(), "not an HTML page")
        return f"{len(response.parsed)} characters of HTML"

    def web_client():
        response = get_web_client.sync_detailed(client=calls.client())
        equal(int(response.status_code), 200, "status")
        expect(isinstance(response.parsed, str), "not parsed into a str")
        for name in ("attach", "attachForm"):
            expect(f"export function {name}" in response.parsed or f"export async function {name}" in response.parsed,
                   f"no export of {name}")
        return f"{len(response.parsed)} characters, exports attach and attachForm"

    def document():
        # openapi-python-client cannot parse an application/yaml answer: it leaves the 200 out of the
        # generated parser (its one warning, which check_openapi.sh allows), so `parsed` is None, and
        # a client that raises on undocumented statuses would raise on this 200.
        response = get_open_api_document.sync_detailed(client=calls.client(strict=False))
        equal(int(response.status_code), 200, "status")
        equal(response.parsed, None, "parsed (the generator gained application/yaml? then parse it here)")
        expect(response.headers.get("content-type", "").startswith("application/yaml"), "not application/yaml")
        with open(document_path, "rb") as file:
            committed = file.read()
        expect(response.content == committed, "the served document is not the committed openapi.yaml "
               "(was the server built from this tree?)")
        served = yaml.safe_load(response.content)
        return f"the committed file, OpenAPI {served['openapi']}, version {served['info']['version']}"

    calls.check("getHealth", "liveness", health)
    calls.check("getReadiness", "readiness", readiness)
    calls.check("getMetrics", "metrics", metrics)
    calls.check("getPlayground", "the playground page", playground)
    calls.check("getWebClient", "the browser client", web_client)
    calls.check("getOpenApiDocument", "the OpenAPI document", document)
    for operation_id, module in (
        ("getHealth", get_health),
        ("getReadiness", get_readiness),
        ("getMetrics", get_metrics),
        ("getPlayground", get_playground),
        ("getWebClient", get_web_client),
        ("getOpenApiDocument", get_open_api_document),
    ):
        calls.check(operation_id, "DELETE", lambda module=module: problem(
            module.sync_detailed(client=calls.client(method="DELETE")), 405, "method-not-allowed"))


def check_identifiers(calls):
    def every_kind():
        response = list_identifiers.sync_detailed(client=calls.client(), accept_language="de-DE")
        listed = decoded(response, IdentifierList)
        kinds = {kind.kind: kind for kind in listed.identifiers}
        expect("br.cpf" in kinds and "vat.de" in kinds, f"kinds: {sorted(kinds)[:10]}")
        expect(len(listed.postal_codes) > 150, f"{len(listed.postal_codes)} postal-code regions")
        equal(kinds["br.cpf"].country_name, "Brasilien", "br.cpf's country named in German")
        equal(response.headers.get("content-language"), "de", "Content-Language")
        return f"{len(kinds)} kinds, {len(listed.postal_codes)} postal-code regions, named in German"

    def one_country():
        listed = decoded(list_country_identifiers.sync_detailed("br", client=calls.client()), IdentifierList)
        expect(listed.identifiers and all(kind.country == "BR" for kind in listed.identifiers),
               f"countries: {[kind.country for kind in listed.identifiers]}")
        equal([code.country for code in listed.postal_codes], ["BR"], "postal codes")
        return f"BR (asked as br): {[kind.kind for kind in listed.identifiers]}"

    calls.check("listIdentifiers", "every kind and postal code", every_kind)
    calls.check("listCountryIdentifiers", "Brazil", one_country)
    calls.check("listCountryIdentifiers", "a country with none", lambda: problem(
        list_country_identifiers.sync_detailed("QQ", client=calls.client()), 404, "unknown-country"))
    calls.check("listIdentifiers", "DELETE", lambda: problem(
        list_identifiers.sync_detailed(client=calls.client(method="DELETE")), 405, "method-not-allowed"))


def check_head_and_options(calls, document_path):
    """Every HEAD and OPTIONS operation through its generated function: HEAD answers GET's status and
    headers without a body, OPTIONS a 204 whose `Allow` lists the path's methods."""
    with open(document_path, encoding="utf-8") as file:
        spec = yaml.safe_load(file)
    for path, item in spec["paths"].items():
        allowed = ", ".join(method.upper() for method in ("post", "get", "head", "options") if method in item)
        arguments = [parameter["example"] for operation in item.values() for parameter in operation.get("parameters", [])
                     if isinstance(parameter, dict) and parameter.get("in") == "path"][:1]
        for method in ("head", "options"):
            if method not in item:
                continue
            operation = item[method]
            name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", operation["operationId"]).lower()
            module = importlib.import_module(f"smart_text_client.api.{operation['tags'][0]}.{name}")

            def head(module=module, path=path, arguments=arguments):
                response = module.sync_detailed(*arguments, client=calls.client())
                equal(int(response.status_code), 200, "status")
                equal(response.content, b"", "body")
                expect(int(response.headers.get("content-length", "0")) > 0, "no Content-Length of GET's body")
                return f"HEAD {path}: 200, Content-Length {response.headers['content-length']}, no body"

            def options(module=module, path=path, arguments=arguments, allowed=allowed):
                response = module.sync_detailed(*arguments, client=calls.client())
                equal(int(response.status_code), 204, "status")
                equal(response.headers.get("allow"), allowed, "Allow")
                return f"OPTIONS {path}: 204, Allow: {allowed}"

            calls.check(operation["operationId"], f"{method.upper()} {path}", head if method == "head" else options)


def document_operation_ids(path):
    with open(path, encoding="utf-8") as file:
        spec = yaml.safe_load(file)
    return [operation["operationId"] for item in spec["paths"].values() for operation in item.values()
            if isinstance(operation, dict) and "operationId" in operation]


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    document_path, base_url = sys.argv[1], sys.argv[2].rstrip("/")
    calls = Calls(base_url, document_operation_ids(document_path))
    check_editing(calls)
    check_validation(calls)
    check_discovery(calls)
    check_operations(calls, document_path)
    check_identifiers(calls)
    check_head_and_options(calls, document_path)
    missing = [operation_id for operation_id in calls.operation_ids if operation_id not in calls.called]
    for operation_id in missing:
        calls.failed += 1
        print(f"FAIL {operation_id}: an operation of the document that no check calls")
    print(f"generated client: {len(calls.called & set(calls.operation_ids))} of {len(calls.operation_ids)} operations "
          f"called; {calls.passed} passed, {calls.failed} failed")
    return 1 if calls.failed else 0


if __name__ == "__main__":
    sys.exit(main())
