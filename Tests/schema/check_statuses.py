#!/usr/bin/env python3
"""Every status code that openapi.yaml documents is reachable on the live server.

Usage: check_statuses.py OPENAPI_YAML BASE_URL

For each operation and each status listed under its `responses`, sends one request built to
produce that status (a valid request for 200, If-None-Match with the ETag for 304, a body that is
not JSON for 400 (Transfer-Encoding: gzip where there is no body), an unknown name for 404, a method the route does not answer for 405, a body over
--max-body for 413, a text/plain body for 415, a range outside the text or a text over --max-text
for 422, a refused reload for /readyz's 503 (on a server of its own: the binary named by
SMARTTEXT_SERVER), a 16 KiB target for 414, 17 KiB of headers for 431, HTTP/2.0 for 505, OPTIONS for
204) and checks the answer: the status, a documented Content-Type, the body against the
documented schema (JSON answers), and the documented headers (ETag, Allow). A documented status
with no probe here is a failure too, so a new status in openapi.yaml needs a probe. 503 `shutting-down` is
answered only while the server stops: Tests/contract/check_contract.py produces and checks it.

Needs PyYAML and jsonschema_rs (both come with schemathesis). Exits 1 on any failure.
"""

import copy
import http.client
import json
import os
import signal
import socket
import sys
import tempfile
import time
import urllib.parse

import jsonschema_rs
import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from live_server import LiveServer  # noqa: E402 - Tests/support

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# Sent as the body for the 413 probe: more than the server's default --max-body (64 KiB).
OVERSIZED_BODY_BYTES = 160 * 1024
# One more UTF-16 code unit than the server's default --max-text.
OVER_MAX_TEXT = 10_001


def request(base, method, path, headers=None, body=None):
    """Sends one request; answers (status, headers as a lowercase dict, body bytes)."""
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=15)
    try:
        data = body if body is None or isinstance(body, bytes) else json.dumps(body).encode()
        try:
            connection.request(method, path, body=data, headers=headers or {})
        except (BrokenPipeError, ConnectionResetError):
            # The server may answer (413) and close before it has read the whole body.
            pass
        response = connection.getresponse()
        answer = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, answer
    finally:
        connection.close()


def raw_request(base, data, head=False):
    """Bytes sent as they are (what http.client will not send); answers as request() does. The server
    closes the connection after these answers."""
    url = urllib.parse.urlsplit(base)
    with socket.create_connection((url.hostname, url.port), timeout=15) as connection:
        connection.sendall(data)
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    header, _, body = answer.partition(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    if head:
        body = b""
    elif "content-length" in headers:
        body = body[: int(headers["content-length"])]
    return int(lines[0].split(" ")[1]), headers, body


# A status no request to a running server can produce: 503 `shutting-down` is answered only while the
# server stops, which Tests/contract/check_contract.py brings about (SIGTERM with a request in flight)
# and checks against openapi.yaml.
ELSEWHERE = "elsewhere"


def json_example(operation):
    """The first example of the operation's JSON request body, or None."""
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        return None
    if "example" in content:
        return copy.deepcopy(content["example"])
    for example in content.get("examples", {}).values():
        return copy.deepcopy(example["value"])
    return None


def concrete_path(path, operation, overrides=None):
    """The path with each {parameter} replaced by its example (or by `overrides`)."""
    for parameter in operation.get("parameters", []):
        if parameter.get("in") == "path":
            value = (overrides or {}).get(parameter["name"], parameter.get("example"))
            path = path.replace("{%s}" % parameter["name"], urllib.parse.quote(str(value), safe=""))
    return path


def deref(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = target
    return node


class Probes:
    """Builds, for one operation, the request meant to produce each status."""

    def __init__(self, base, path, method, operation, allowed_methods):
        self.base = base
        self.path = path
        self.method = method.upper()
        self.operation = operation
        self.allowed = allowed_methods

    @property
    def example(self):
        """A fresh copy of the documented request body example (None without a body)."""
        return json_example(self.operation)

    def send(self, method=None, path=None, headers=None, body=None):
        return request(self.base, method or self.method, path or concrete_path(self.path, self.operation), headers, body)

    def json_post(self, body, content_type="application/json"):
        return self.send(headers={"Content-Type": content_type}, body=body)

    def status_200(self):
        if self.example is not None:
            return "the documented example", self.json_post(self.example)
        return "a plain request", self.send()

    def status_304(self):
        status, headers, _ = self.send()
        etag = headers.get("etag")
        if status != 200 or not etag:
            return f"If-None-Match (but the first GET answered {status} without an ETag)", (status, headers, b"")
        return f"If-None-Match: {etag}", self.send(headers={"If-None-Match": etag})

    def status_400(self):
        if self.example is None:
            # A route without a body: a transfer coding the server does not support.
            return "Transfer-Encoding: gzip", self.send(headers={"Transfer-Encoding": "gzip"})
        return "a body that is not JSON", self.json_post(b'{"field": ')

    def status_404(self):
        if self.example is None:
            parameters = [p["name"] for p in self.operation.get("parameters", []) if p.get("in") == "path"]
            if not parameters:
                return "no probe: no path parameter or body to name something unknown", None
            path = concrete_path(self.path, self.operation, {name: "no_such_name" for name in parameters})
            return f"GET {path}", self.send(path=path)
        body = self.example
        if "form" in body:
            body["form"] = "no_such_form"
            return "an unknown form", self.json_post(body)
        if "field" in body:
            body["field"] = "no_such_field"
            return "an unknown field", self.json_post(body)
        if "values" in body:
            body["values"] = {"no_such_field": "x"}
            return "an unknown field in values", self.json_post(body)
        return "no probe: the example body names no field or form", None

    def status_405(self):
        method = next(m for m in ("DELETE", "PUT", "PATCH", "POST", "GET") if m.lower() not in self.allowed)
        return f"{method} (not documented for this path)", self.send(method=method)

    def status_413(self):
        body = json.dumps(self.example if self.example is not None else {}).encode()
        padded = body + b" " * (OVERSIZED_BODY_BYTES - len(body))
        return f"a {len(padded)}-byte body", self.json_post(padded)

    def status_415(self):
        body = json.dumps(self.example if self.example is not None else {}).encode()
        return "Content-Type: text/plain", self.json_post(body, content_type="text/plain")

    def raw(self, request_line, headers=b""):
        return raw_request(self.base, request_line + b"Host: localhost\r\n" + headers, head=self.method == "HEAD")

    def status_204(self):
        return "OPTIONS", self.send()

    def status_414(self):
        # Exactly the connection's 16 KiB buffer of request line, so that nothing is left unread.
        line = f"{self.method} {concrete_path(self.path, self.operation)}".encode()
        return "a 16 KiB request target", raw_request(self.base, line + b"a" * (16_384 - len(line)))

    def status_431(self):
        line = f"{self.method} {concrete_path(self.path, self.operation)} HTTP/1.1\r\n".encode()
        filler = b"".join(b"X-Filler-%d: %s\r\n" % (i, b"b" * 100) for i in range(170))
        return "17 KiB of headers", self.raw(line, filler)

    def status_505(self):
        line = f"{self.method} {concrete_path(self.path, self.operation)} HTTP/2.0\r\n".encode()
        return "HTTP/2.0", self.raw(line, b"\r\n")

    def status_5XX(self):
        return "Tests/contract/check_contract.py (503 while the server stops)", ELSEWHERE

    def status_4XX(self):
        parameters = [p["name"] for p in self.operation.get("parameters", []) if p.get("in") == "path"]
        if parameters:
            path = concrete_path(self.path, self.operation, {name: "no_such_name" for name in parameters})
            return f"{self.method} {path} (an unknown name)", self.send(path=path)
        return "Transfer-Encoding: gzip", self.send(headers={"Transfer-Encoding": "gzip"})

    def status_422(self):
        body = self.example
        if body is None:
            return "no probe: no request body", None
        if "range" in body:
            body["range"] = {"start": len(body.get("text", "")) + 5, "end": len(body.get("text", "")) + 5}
            return "a range past the end of the text", self.json_post(body)
        if "text" in body:
            body["text"] = "1" * OVER_MAX_TEXT
            return f"a text of {OVER_MAX_TEXT} characters (over --max-text)", self.json_post(body)
        if "values" in body and body["values"]:
            first = next(iter(body["values"]))
            body["values"][first] = "a" * OVER_MAX_TEXT
            return f"a value of {OVER_MAX_TEXT} characters (over --max-text)", self.json_post(body)
        return "no probe: the example body has no range, text or values", None

    def status_503(self):
        if self.path != "/readyz" or self.method != "GET":
            return "Tests/contract/check_contract.py (the server stopping)", ELSEWHERE
        binary = os.environ.get("SMARTTEXT_SERVER")
        if not binary:
            return "no probe: SMARTTEXT_SERVER does not name the server binary", None
        return "a reload refused (a server of its own, its registry broken, SIGHUP)", refused_reload_readiness(binary)


def refused_reload_readiness(binary):
    """/readyz of a server whose registry file was broken and reloaded."""
    with tempfile.TemporaryDirectory() as folder:
        config = os.path.join(folder, "fields.json")
        with open(config, "w", encoding="utf-8") as file:
            json.dump({"version": "v1", "fields": {"zip": {"formatters": ["digits"]}}}, file)
        live = LiveServer(binary, "--config", config)
        base = f"http://127.0.0.1:{live.port}"
        try:
            for _ in range(300):
                if request(base, "GET", "/readyz")[0] == 200:
                    break
                time.sleep(0.05)
            with open(config, "w", encoding="utf-8") as file:
                file.write("{")
            live.process.send_signal(signal.SIGHUP)
            answer = None
            for _ in range(300):
                answer = request(base, "GET", "/readyz")
                if answer[0] == 503:
                    break
                time.sleep(0.05)
            return answer
        finally:
            live.stop()


def check_answer(spec, documented, status, headers, body):
    """Problems with an answer against the documented response (empty when it conforms)."""
    problems = []
    response = deref(spec, documented)
    for name in response.get("headers", {}):
        if name.lower() not in headers:
            problems.append(f"no {name} header")
    content = response.get("content")
    content_type = headers.get("content-type", "").split(";")[0].strip().lower()
    if not content:
        if body:
            problems.append(f"a body ({len(body)} bytes) where none is documented")
        return problems
    if content_type not in content:
        problems.append(f"Content-Type {content_type or '(none)'}, documented: {', '.join(content)}")
        return problems
    schema = content[content_type].get("schema")
    if schema is not None and (content_type == "application/json" or content_type.endswith("+json")):
        try:
            instance = json.loads(body)
        except ValueError as error:
            return problems + [f"the body is not JSON: {error}"]
        validator = jsonschema_rs.Draft202012Validator({**schema, "components": spec.get("components", {})})
        for error in validator.iter_errors(instance):
            problems.append("schema: " + str(error).split("\n")[0])
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as file:
        spec = yaml.safe_load(file)
    base = sys.argv[2].rstrip("/")
    reached = failed = elsewhere = 0
    for path, item in spec["paths"].items():
        allowed = [m for m in item if m in METHODS]
        for method in allowed:
            operation = item[method]
            probes = Probes(base, path, method, operation, allowed)
            for code, documented in operation["responses"].items():
                label = f"{method.upper()} {path} {code}"
                builder = getattr(probes, f"status_{code}", None)
                if builder is None:
                    how, answer = "no probe for this status in check_statuses.py", None
                else:
                    how, answer = builder()
                if answer is None:
                    failed += 1
                    print(f"FAIL {label}: {how}")
                    continue
                if answer == ELSEWHERE:
                    elsewhere += 1
                    print(f"ok   {label}: checked in {how}")
                    continue
                status, headers, body = answer
                if str(status) != str(code) and not (code.endswith("XX") and str(status)[0] == code[0]):
                    failed += 1
                    excerpt = body[:300].decode("utf-8", "replace")
                    print(f"FAIL {label}: {how} answered {status}, not {code}: {excerpt}")
                    continue
                problems = check_answer(spec, documented, status, headers, body)
                if problems:
                    failed += 1
                    print(f"FAIL {label}: {how} answered {code} but " + "; ".join(problems))
                    continue
                reached += 1
                kind = ""
                if headers.get("content-type", "").startswith("application/problem+json") and body:
                    kind = " " + json.loads(body).get("type", "")
                print(f"ok   {label}: {how}{kind}")
    print(f"documented statuses: {reached} reachable, {elsewhere} checked in Tests/contract (503), {failed} not")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
