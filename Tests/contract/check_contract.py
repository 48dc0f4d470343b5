#!/usr/bin/env python3
"""The contract: every answer the service sends is one openapi.yaml declares, member by member, and the
models two generators make from openapi.yaml keep all of it.

    check_contract.py PATH/TO/smarttext-server

Run by scripts/test in .build/contract-venv (Tests/contract/requirements.txt: openapi-core,
openapi-python-client, datamodel-code-generator, pinned). Starts the server on 127.0.0.1 and a free port
with the built-in registry, and sends:

- every curl example of README.md (read as Tests/readme/check_examples.py reads them; the command is
  parsed, not run, so that the whole answer, status and headers included, is kept);
- for every field of the registry (the built-in one and the fields of Tests/contract/registry.json, which
  use the formatters and options the built-in fields leave out), its example formatted, typed one character at a time (each edit's
  answer), deleted with Backspace, and checked in a validation request; inputs that make every formatter
  write its `meta` members and every rule its extra members (`score`, `feedback`, `type`, `region`,
  `brand`, `characters`);
- every operation, with HEAD and OPTIONS on every path;
- a request for every problem `type` openapi.yaml lists, the HTTP-level ones (414, 431, 505, framing,
  Host, chunked body) over a raw socket, and `shutting-down` by keeping a connection busy while the
  server stops.

Each answer is checked three ways:
1. openapi-core validates it (status, headers, media type, body) against the operation of openapi.yaml;
2. every member of a JSON answer must be declared in its schema (an open schema lets an undeclared member
   through; a generated model would then drop it);
3. the JSON answer goes through the models of openapi-python-client (`from_dict` then `to_dict`) and of
   datamodel-code-generator (pydantic v2: `model_validate` then `model_dump`), each generated from
   openapi.yaml into .build/contract/, and must come back equal: nothing lost, nothing changed.
Also: every problem type of the enum is answered at least once, and every `meta` and rule member the
document declares is seen in some answer (a declared member that nothing sends is a stale document).

Prints a summary and each failure; exits 1 on any.
"""

import collections
import copy
import http.client
import importlib
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time

import yaml
from openapi_schema_validator import OAS31Validator
from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SPEC_PATH = os.path.join(ROOT, "openapi.yaml")
WORK = os.path.join(ROOT, ".build", "contract")
BIN = os.path.dirname(sys.executable)
sys.path.insert(0, os.path.join(ROOT, "Tests", "readme"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "support"))
import check_examples  # noqa: E402 - the README's examples, read the same way
from live_server import LiveServer  # noqa: E402 - Tests/support

PROBLEM = "urn:smarttext:problem:"
SERVER_URL = "http://localhost:8080"  # openapi.yaml's server: openapi-core matches requests on it


class Exchange:
    """One request and the service's whole answer."""

    def __init__(self, label, method, target, status, headers, body):
        self.label, self.method, self.target = label, method, target
        self.status, self.headers, self.body = status, headers, body

    @property
    def media_type(self):
        return self.headers.get("content-type", "").split(";")[0].strip()

    def json(self):
        return json.loads(self.body, object_pairs_hook=collections.OrderedDict)


# MARK: - Talking to the server


class Server(LiveServer):
    def __init__(self, binary):
        # The built-in registry and Tests/contract/registry.json's fields: the formatters and options the
        # built-in fields leave out.
        super().__init__(binary, "--config", os.path.join(ROOT, "Tests", "contract", "registry.json"))

    def send(self, label, method, target, headers=None, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, target, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return Exchange(label, method, target, response.status,
                            {name.lower(): value for name, value in response.getheaders()}, data)
        finally:
            connection.close()

    def json(self, label, target, value, headers=None):
        body = value if isinstance(value, bytes) else json.dumps(value, ensure_ascii=False).encode()
        return self.send(label, "POST", target, {"Content-Type": "application/json", **(headers or {})}, body)

    def raw(self, label, data, method, target, close_write=True):
        """Bytes sent as they are; the answer read until the server closes."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as connection:
            connection.sendall(data)
            if close_write:
                connection.shutdown(socket.SHUT_WR)
            answer = b""
            try:
                while chunk := connection.recv(65536):
                    answer += chunk
            except ConnectionResetError:
                pass
        return parse_answer(label, method, target, answer)


def parse_answer(label, method, target, answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if method == "HEAD" or status in (204, 304):
        body = b""
    elif "content-length" in headers:
        body = body[: int(headers["content-length"])]
    return Exchange(label, method, target, status, headers, body)


def readme_exchanges(server):
    """The README's curl examples, parsed into requests (a pipe's filter left out: the whole answer)."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        text = file.read()
    found = []
    for command, _, _, _ in check_examples.examples(text):
        words = shlex.split(command.replace("\\\n", " "), posix=True)
        if "|" in words:
            words = words[: words.index("|")]
        method, headers, body, url = None, {}, None, None
        index = 1
        while index < len(words):
            word = words[index]
            if word in ("-H", "--header"):
                name, _, value = words[index + 1].partition(":")
                headers[name.strip()] = value.strip()
                index += 2
            elif word in ("-d", "--data", "--data-binary", "--data-raw"):
                body = words[index + 1].encode()
                index += 2
            elif word in ("-X", "--request"):
                method = words[index + 1]
                index += 2
            elif word.startswith("-"):
                index += 1
            else:
                url = word
                index += 1
        match = re.match(r"^(?:https?://)?[^/]+(/.*)$", url or "")
        if not match:
            raise SystemExit(f"README example without a URL: {command}")
        method = method or ("POST" if body is not None else "GET")
        found.append(server.send(f"README: {command.splitlines()[0][:90]}", method, match.group(1), headers, body))
    return found


# MARK: - What is sent

# Texts that make the formatters write each member of `meta`, by field.
META_INPUTS = [
    ("credit_card", "4242424242424242"),  # brand
    ("credit_card", "378282246310005"),  # amex
    ("email", "jane@bücher.example"),  # asciiDomain
    ("iban", "GB82WEST12345698765432"),  # country, bankCode, branchCode
    ("phone", "+44 7624 123456"),  # region IM, type, e164
    ("phone_us", "2015550123"),
    ("date", "2024-12-31"),  # date
    ("local_date", "31.12.2024"),
    ("time", "14:30"),  # time
    ("time", "2:30 pm"),
    ("br_cpf", "11144477735"),  # kind, country, compact
    ("br_cpf_cnpj", "11222333000181"),
    ("tax_id_br", "11222333000181"),  # mask (cnpj)
    ("vat_number", "DE136695976"),
    ("postal_code", "SW1A1AA"),
]

# Texts that make rules add their members to `results[]`.
RULE_INPUTS = [
    ("password", "password"),  # score, feedback (warning, suggestions)
    ("password", "Tr0ub4dor&3xyz!correct-horse"),
    ("phone_us", "+44 7400 123456"),  # region of another region
    ("phone_cn", "800 810 8888"),  # type: a toll-free number in a mobile or landline field
    ("credit_card", "6759649826438453"),  # brand: a Maestro card where the field does not take it
    ("username", "jane doe!"),  # characters
    ("credit_card", "4242 42ab"),
]


def field_exchanges(server, fields):
    found = []
    for field in fields:
        name, example = field["name"], field["hints"]["example"] or "12345"
        found.append(server.json(f"format {name}", "/v1/format", {"field": name, "text": example}))
        text = ""
        # Every character typed in turn, each on the answer's text (the caret where the answer put it).
        for character in example:
            answer = server.json(f"type into {name}", "/v1/edit", {
                "field": name, "text": text, "range": {"start": len(text.encode("utf-16-le")) // 2,
                                                       "end": len(text.encode("utf-16-le")) // 2},
                "replacement": character, "seq": len(found)})
            found.append(answer)
            if answer.status != 200:
                break
            text = answer.json()["text"]
        units = len(text.encode("utf-16-le")) // 2
        if units:
            found.append(server.json(f"backspace in {name}", "/v1/edit", {
                "field": name, "text": text, "range": {"start": units - 1, "end": units},
                "replacement": "", "inputType": "deleteContentBackward"}))
        found.append(server.json(f"typed while waiting into {name}", "/v1/edit", {
            "field": name, "text": "", "caret": 0, "units": "scalars",
            "edits": [{"range": {"start": 0, "end": 0}, "replacement": example[:3], "anchor": "caret"},
                      {"range": {"start": 0, "end": 0}, "replacement": example[3:5], "anchor": "end"}]}))
        found.append(server.json(f"validate {name}", "/v1/validate", {"values": {name: example}, "event": "blur"}))
        found.append(server.send(f"field {name}", "GET", f"/v1/fields/{name}", {"Accept-Language": "de"}))
    for name, text in META_INPUTS + RULE_INPUTS:
        found.append(server.json(f"format {name} {text!r}", "/v1/format", {"field": name, "text": text}))
        found.append(server.json(f"validate {name} {text!r}", "/v1/validate", {"values": {name: text}},
                                 {"Accept-Language": "fr"}))
    found.append(server.json("format a composed field", "/v1/format", {"field": ["full_name", "username"],
                                                                        "text": " jane  doe "}))
    found.append(server.json("format with a locale and region", "/v1/format", {
        "field": "phone", "text": "07400 123456", "locale": "de-DE", "region": "GB", "event": "submit"}))
    found.append(server.json("format an amount in ar-EG", "/v1/format", {"field": "amount", "text": "1234.5",
                                                                          "locale": "ar-EG"}))
    return found


def operation_exchanges(server, spec):
    """Every operation of the document: GET routes with and without If-None-Match, HEAD, OPTIONS (and a
    CORS preflight)."""
    found = []
    for path, item in spec["paths"].items():
        target = path.replace("{name}", "credit_card" if "fields" in path else "signup").replace("{country}", "BR")
        if "get" in item:
            answer = server.send(f"GET {path}", "GET", target, {"Accept-Language": "ja"})
            found.append(answer)
            if "etag" in answer.headers:
                found.append(server.send(f"GET {path} If-None-Match", "GET", target,
                                         {"If-None-Match": answer.headers["etag"]}))
            found.append(server.send(f"HEAD {path}", "HEAD", target))
        found.append(server.send(f"OPTIONS {path}", "OPTIONS", target))
        found.append(server.send(f"OPTIONS {path} preflight", "OPTIONS", target,
                                 {"Origin": "https://shop.example", "Access-Control-Request-Method": "POST"}))
    for country in ("de", "GB", "IN", "US"):
        found.append(server.send(f"identifiers of {country}", "GET", f"/v1/identifiers/{country}"))
    found.append(server.send("HEAD of an unknown field", "HEAD", "/v1/fields/nope"))
    return found


def problem_exchanges(server):
    """A request for every problem type, with the type expected."""
    edit = {"field": "credit_card", "text": "4242", "range": {"start": 4, "end": 4}, "replacement": "4"}
    host = b"Host: localhost\r\n"
    cases = [
        ("invalid-json", server.json("invalid JSON", "/v1/edit", b'{"field": ')),
        ("invalid-json", server.json("duplicate keys", "/v1/format", b'{"field":"amount","field":"x","text":""}')),
        ("invalid-request", server.json("a string range", "/v1/edit", {**edit, "range": {"start": "4", "end": 4}})),
        ("invalid-request", server.json("an unknown member", "/v1/format", {"field": "amount", "text": "", "x": 1})),
        ("invalid-request", server.json("a bad locale", "/v1/format", {"field": "amount", "text": "", "locale": "!"})),
        ("unsupported-transfer-coding", server.raw("gzip coding", b"POST /v1/format HTTP/1.1\r\n" + host
                                                   + b"Transfer-Encoding: gzip\r\n\r\n", "POST", "/v1/format")),
        ("unsupported-transfer-coding", server.raw("gzip coding on GET", b"GET /v1/fields HTTP/1.1\r\n" + host
                                                   + b"Transfer-Encoding: gzip\r\n\r\n", "GET", "/v1/fields")),
        ("ambiguous-framing", server.raw("two lengths", b"POST /v1/format HTTP/1.1\r\n" + host
                                         + b"Content-Type: application/json\r\nContent-Length: 2\r\n"
                                         + b"Content-Length: 3\r\n\r\n{}", "POST", "/v1/format")),
        ("invalid-host", server.raw("no Host", b"GET /healthz HTTP/1.1\r\n\r\n", "GET", "/healthz")),
        ("invalid-request-line", server.raw("NUL in the path", b"GET /v1/fields%00 HTTP/1.1\r\n" + host + b"\r\n",
                                            "GET", "/v1/fields")),
        ("malformed-request", server.raw("a bad chunk", b"POST /v1/edit HTTP/1.1\r\n" + host
                                         + b"Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
                                         + b"zz\r\n\r\n", "POST", "/v1/edit")),
        ("not-found", server.send("no such route", "GET", "/v2/edit")),
        ("unknown-field", server.json("an unknown field", "/v1/edit", {**edit, "field": "phone_xx"})),
        ("unknown-field", server.send("an unknown field's description", "GET", "/v1/fields/phone_xx")),
        ("unknown-field", server.json("an unknown field in values", "/v1/validate", {"values": {"nope": "1"}})),
        ("unknown-form", server.send("an unknown form", "GET", "/v1/forms/nope")),
        ("unknown-form", server.json("validate an unknown form", "/v1/validate", {"form": "nope", "values": {}})),
        ("unknown-country", server.send("an unknown country", "GET", "/v1/identifiers/QQ")),
        ("method-not-allowed", server.send("DELETE an edit", "DELETE", "/v1/edit")),
        ("method-not-allowed", server.send("POST the fields", "POST", "/v1/fields", {"Content-Type": "text/plain"},
                                           b"x")),
        ("body-too-large", server.json("a body over --max-body", "/v1/format",
                                       {"field": "amount", "text": "1" * 70_000})),
        ("body-too-large", server.send("a body on GET over --max-body", "GET", "/healthz", {}, b"x" * 70_000)),
        ("uri-too-long", server.raw("a 16 KiB target", b"GET /" + b"a" * 16_384, "GET", "/", close_write=False)),
        ("header-fields-too-large", server.raw("16 KiB of headers", b"GET /healthz HTTP/1.1\r\n" + host + b"".join(
            b"X-Filler-%d: %s\r\n" % (i, b"b" * 100) for i in range(170)), "GET", "/healthz", close_write=False)),
        ("http-version-not-supported", server.raw("HTTP/2.0", b"GET /healthz HTTP/2.0\r\n" + host + b"\r\n",
                                                  "GET", "/healthz")),
        ("unsupported-media-type", server.send("text/plain", "POST", "/v1/format", {"Content-Type": "text/plain"},
                                               b'{"field":"amount","text":"1"}')),
        ("unsupported-media-type", server.send("no Content-Type", "POST", "/v1/validate", {}, b'{"values":{}}')),
        ("invalid-range", server.json("a range past the text", "/v1/edit", {**edit, "range": {"start": 1, "end": 80}})),
        ("invalid-range", server.json("a split surrogate pair", "/v1/edit", {
            "field": "full_name", "text": "a😀", "range": {"start": 2, "end": 2}, "replacement": "b"})),
        ("text-too-long", server.json("a text over --max-text", "/v1/format", {"field": "amount", "text": "1" * 10_001})),
        ("too-many-edits", server.json("101 edits", "/v1/edit", {
            "field": "credit_card", "text": "", "edits": [{"range": {"start": i, "end": i}, "replacement": "4"}
                                                          for i in range(101)]})),
        ("unknown-region", server.json("region QQ", "/v1/format", {"field": "phone", "text": "1", "region": "QQ"})),
        ("too-many-fields", server.json("9 fields", "/v1/format", {"field": ["full_name"] * 9, "text": "a"})),
        ("too-many-values", server.json("65 values", "/v1/validate", {"values": {f"f{i}": "" for i in range(65)}})),
        ("work-budget", server.json("a paste past the budget", "/v1/edit", {
            "field": "username", "text": "a" * 9_700, "range": {"start": 9_700, "end": 9_700},
            "replacement": "ß" * 300, "inputType": "insertFromPaste"})),
    ]
    return cases


def shutting_down(server):
    """After SIGTERM the server answers as usual for half of its 4.5 s grace while a request is in
    flight, then sheds new ones with 503 `shutting-down`; it accepts no new connection meanwhile. So: a
    slow request keeps it busy (its body sent a byte at a time), and connections opened before the signal
    send one request each from 2.4 s on, until one is shed."""
    waiting = []
    for _ in range(10):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.connect()
        waiting.append(connection)
    body = b'{"field": "amount", "text": "1"}' + b" " * 28
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    slow.sendall(b"POST /v1/format HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n" % len(body))
    time.sleep(0.2)  # every connection accepted by the server, not only by the kernel
    signalled = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    shed = None
    try:
        for byte in body:
            slow.sendall(bytes([byte]))
            time.sleep(0.07)
            if shed is None and waiting and time.monotonic() - signalled > 2.4:
                connection = waiting.pop()
                try:
                    connection.request("GET", "/v1/languages")
                    response = connection.getresponse()
                    if response.status == 503:
                        shed = Exchange("a request while stopping", "GET", "/v1/languages", 503,
                                        {name.lower(): value for name, value in response.getheaders()},
                                        response.read())
                except (OSError, http.client.HTTPException):
                    pass
    except OSError:
        pass
    finally:
        slow.close()
        for connection in waiting:
            connection.close()
    return shed


# MARK: - The checks


def resolve(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def operation_of(spec, method, target):
    path = target.split("?")[0]
    for template, item in spec["paths"].items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path) and method.lower() in item:
            return template, item[method.lower()]
    return None, None


def answer_schema(spec, operation, exchange):
    """The `$ref` name and the schema of an exchange's JSON answer."""
    responses = operation["responses"]
    response = responses.get(str(exchange.status)) or responses.get(f"{str(exchange.status)[0]}XX") \
        or responses.get("default")
    response = resolve(spec, response or {})
    media = (response.get("content") or {}).get(exchange.media_type)
    if not media or "schema" not in media or not re.match(r"^application/(.+\+)?json$", exchange.media_type):
        return None, None
    reference = media["schema"].get("$ref", "")
    return reference.rsplit("/", 1)[-1], media["schema"]


def undeclared(spec, schema, value, where, found, seen_members):
    """Members of `value` its schema does not declare; records which declared members were seen."""
    name = schema.get("$ref", "").rsplit("/", 1)[-1] if isinstance(schema, dict) else ""
    schema = resolve(spec, schema)
    if not isinstance(schema, dict):
        return
    for part in schema.get("allOf", []):
        undeclared(spec, part, value, where, found, seen_members)
    if isinstance(value, dict):
        properties = schema.get("properties")
        extra = schema.get("additionalProperties")
        for key, member in value.items():
            if properties is not None and key in properties:
                if name:
                    seen_members.add(f"{name}.{key}")
                undeclared(spec, properties[key], member, f"{where}/{key}", found, seen_members)
            elif isinstance(extra, dict):
                undeclared(spec, extra, member, f"{where}/{key}", found, seen_members)
            elif properties is not None:
                found.append(f"{where}/{key}")
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            undeclared(spec, schema["items"], item, f"{where}/{index}", found, seen_members)


def openapi_core_errors(openapi, exchange):
    request = MockRequest(SERVER_URL, exchange.method.lower(), exchange.target.split("?")[0],
                          headers={"Host": "localhost:8080"}, content_type="application/json")
    response = MockResponse(exchange.body, status_code=exchange.status, headers=exchange.headers,
                            content_type=exchange.headers.get("content-type", ""))
    return [str(error) + (f": {error.__cause__}" if error.__cause__ else "")
            for error in openapi.iter_response_errors(request, response)]


def same(a, b):
    return json.dumps(a, sort_keys=True, ensure_ascii=False) == json.dumps(b, sort_keys=True, ensure_ascii=False)


def generate_models(spec_path):
    """Generates both sets of models into .build/contract/ (anew each run) and imports them."""
    for folder in ("opc", "dcg"):
        shutil.rmtree(os.path.join(WORK, folder), ignore_errors=True)
    environment = {**os.environ, "PATH": BIN + os.pathsep + os.environ.get("PATH", "")}
    started = time.monotonic()
    subprocess.run([os.path.join(BIN, "openapi-python-client"), "generate", "--path", spec_path, "--meta", "none",
                    "--output-path", os.path.join(WORK, "opc", "smart_text_client")],
                   check=True, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.makedirs(os.path.join(WORK, "dcg"))
    subprocess.run([os.path.join(BIN, "datamodel-codegen"), "--input", spec_path, "--input-file-type", "openapi",
                    "--output", os.path.join(WORK, "dcg", "dcg_models.py"),
                    "--output-model-type", "pydantic_v2.BaseModel", "--disable-timestamp"],
                   check=True, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    sys.path.insert(0, os.path.join(WORK, "opc"))
    sys.path.insert(0, os.path.join(WORK, "dcg"))
    return importlib.import_module("smart_text_client.models"), importlib.import_module("dcg_models"), \
        time.monotonic() - started


def round_trips(opc, dcg, name, value):
    """The differences after each generator's model, empty when nothing is lost."""
    failures = []
    opc_model = getattr(opc, name, None)
    if opc_model is None:
        failures.append(f"openapi-python-client made no model {name}")
    else:
        back = opc_model.from_dict(copy.deepcopy(value)).to_dict()
        if not same(back, value):
            failures.append(f"openapi-python-client {name}: {json.dumps(back, ensure_ascii=False)[:300]}")
    dcg_model = getattr(dcg, name, None)
    if dcg_model is None:
        failures.append(f"datamodel-code-generator made no model {name}")
    else:
        back = dcg_model.model_validate(copy.deepcopy(value)).model_dump(mode="json", by_alias=True,
                                                                        exclude_unset=True)
        if not same(back, value):
            failures.append(f"datamodel-code-generator {name}: {json.dumps(back, ensure_ascii=False)[:300]}")
    return failures


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    started = time.monotonic()
    os.makedirs(WORK, exist_ok=True)
    with open(SPEC_PATH, encoding="utf-8") as file:
        spec = yaml.safe_load(file)
    # openapi-core reads application/json and text/* bodies itself; the others its caller names.
    openapi = OpenAPI.from_dict(spec, config=Config(extra_media_type_deserializers={
        "application/problem+json": json.loads,
        "application/yaml": lambda data, **parameters: yaml.safe_load(data),
        "text/javascript": lambda data, **parameters: data.decode() if isinstance(data, bytes) else data,
    }))
    opc, dcg, generation = generate_models(SPEC_PATH)

    server = Server(os.path.abspath(sys.argv[1]))
    try:
        exchanges = readme_exchanges(server)
        readme_count = len(exchanges)
        fields = json.loads(server.send("fields", "GET", "/v1/fields").body)["fields"]
        exchanges += field_exchanges(server, fields)
        exchanges += operation_exchanges(server, spec)
        problems = problem_exchanges(server)
        stopping = shutting_down(server)
    finally:
        server.stop()
    if stopping is not None:
        problems.append(("shutting-down", stopping))
    exchanges += [exchange for _, exchange in problems]

    failures = []
    seen_types, seen_members, models_checked = set(), set(), 0
    for expected, exchange in problems:
        kind = exchange.json().get("type", "") if exchange.media_type == "application/problem+json" else ""
        seen_types.add(kind.removeprefix(PROBLEM))
        if kind != PROBLEM + expected:
            failures.append(f"{exchange.label}: expected {expected}, got {exchange.status} {kind or exchange.body[:120]}")
    for exchange in exchanges:
        template, operation = operation_of(spec, exchange.method, exchange.target)
        if operation is not None:
            for error in openapi_core_errors(openapi, exchange):
                failures.append(f"{exchange.label}: {exchange.status} {exchange.media_type}: openapi-core: {error[:400]}")
            name, schema = answer_schema(spec, operation, exchange)
        elif exchange.status in (404, 405) and exchange.media_type == "application/problem+json":
            # A path or a method the document does not have: the problem every route answers.
            name, schema = "Problem", {"$ref": "#/components/schemas/Problem"}
            validator = OAS31Validator({**schema, "components": spec["components"]})
            errors = [error.message for error in validator.iter_errors(exchange.json())]
            failures += [f"{exchange.label}: {exchange.status} Problem: {error[:300]}" for error in errors]
        else:
            failures.append(f"{exchange.label}: {exchange.status} for {exchange.method} {exchange.target}, "
                            "which openapi.yaml does not have")
            continue
        if name is None:
            continue
        try:
            value = exchange.json()
        except ValueError:
            failures.append(f"{exchange.label}: {exchange.status} {exchange.media_type} is not JSON: {exchange.body[:120]}")
            continue
        members = []
        undeclared(spec, schema, value, "", members, seen_members)
        for member in members:
            failures.append(f"{exchange.label}: {exchange.status} answer member {member} is not declared in {name}")
        for failure in round_trips(opc, dcg, name, value):
            failures.append(f"{exchange.label}: {failure}")
        models_checked += 1

    all_types = {kind.removeprefix(PROBLEM) for kind in resolve(spec, {"$ref": "#/components/schemas/ProblemType"})["enum"]}
    for kind in sorted(all_types - seen_types):
        failures.append(f"problem type {kind} of openapi.yaml was never answered")
    for kind in sorted(seen_types - all_types - {""}):
        failures.append(f"problem type {kind} was answered but is not in openapi.yaml's enum")
    for schema_name in ("FormatterMeta", "RuleResult", "PasswordFeedback"):
        for member in resolve(spec, {"$ref": f"#/components/schemas/{schema_name}"})["properties"]:
            if f"{schema_name}.{member}" not in seen_members:
                failures.append(f"{schema_name}.{member} is declared but no answer had it")

    operations = {(method, template) for template, item in spec["paths"].items() for method in item
                  if method in ("get", "post", "head", "options")}
    covered = {(exchange.method.lower(), operation_of(spec, exchange.method, exchange.target)[0])
               for exchange in exchanges}
    for method, template in sorted(operations - covered):
        failures.append(f"{method.upper()} {template}: no request covered it")

    for failure in failures:
        print("FAIL:", failure)
    statuses = collections.Counter(exchange.status for exchange in exchanges)
    print(f"contract: {len(exchanges)} answers ({readme_count} README examples; statuses "
          + ", ".join(f"{status}×{count}" for status, count in sorted(statuses.items()))
          + f") validated by openapi-core; {models_checked} JSON answers round-tripped through the models of "
          f"openapi-python-client and datamodel-code-generator (generated in {generation:.1f} s); "
          f"{len(seen_types & all_types)} of {len(all_types)} problem types answered; "
          f"{len(operations & covered)} of {len(operations)} operations; {len(failures)} failures "
          f"({time.monotonic() - started:.1f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
