#!/usr/bin/env python3
"""openapi.yaml is a valid OpenAPI 3.1 document that client generators can use as it is.

Usage: check_document.py OPENAPI_YAML

1. Loads the file with a YAML loader that refuses duplicate keys (PyYAML's safe_load keeps the last
   of two equal keys without a word; generators that use ruamel.yaml refuse the whole document).
2. Validates it with openapi-spec-validator (OpenAPI 3.1).
3. Checks what makes a generated client usable:
   - every operation has an operationId, unique, whose snake_case form (the generated module and
     function) is neither a Python keyword nor a builtin (`format` became `format_`);
   - every operation has one tag, declared under `tags` (generators make one module per tag);
   - every JSON request body and answer is a `$ref` to components/schemas, and every object schema
     with properties inside an answer is a named component (else generators name it after the
     operation: `ListFieldsResponse200`);
   - no schema of an answer says `additionalProperties: false`, so a client generated today still
     reads an answer that gains a member later (request schemas may stay strict).

Needs PyYAML and openapi-spec-validator. Prints what it checked; exits 1 on any problem.
"""

import builtins
import keyword
import re
import sys

import yaml
from openapi_spec_validator import OpenAPIV31SpecValidator, validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
SCHEMA_REF = "#/components/schemas/"


class DuplicateKeyError(yaml.constructor.ConstructorError):
    pass


class StrictLoader(yaml.SafeLoader):
    """A SafeLoader that refuses a mapping with the same key twice."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
            seen = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                if key in seen:
                    raise DuplicateKeyError(
                        f"in the mapping starting at line {node.start_mark.line + 1}",
                        None,
                        f"duplicate key {key!r} (first at line {seen[key] + 1})",
                        key_node.start_mark,
                    )
                seen[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, StrictLoader.construct_mapping)


def load(path):
    with open(path, encoding="utf-8") as file:
        return yaml.load(file, Loader=StrictLoader)  # noqa: S506 (a SafeLoader subclass)


def snake_case(name):
    """How openapi-python-client names an operation's module and function."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).replace("-", "_").lower()


def operations(spec):
    for path, item in spec.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def json_schemas(content):
    """The schemas of the JSON media types of a request body's or a response's content."""
    for media_type, media in (content or {}).items():
        if media_type == "application/json" or media_type.endswith("+json"):
            if "schema" in media:
                yield media_type, media["schema"]


def resolve(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


class Checker:
    def __init__(self, spec):
        self.spec = spec
        self.problems = []

    def problem(self, text):
        if text not in self.problems:  # a shared schema is reached from many answers: once is enough
            self.problems.append(text)

    def check_operations(self):
        declared_tags = {tag["name"] for tag in self.spec.get("tags", [])}
        seen = {}
        for where, operation in operations(self.spec):
            operation_id = operation.get("operationId")
            if not operation_id:
                self.problem(f"{where}: no operationId")
            else:
                python_name = snake_case(operation_id)
                if operation_id in seen:
                    self.problem(f"{where}: operationId {operation_id} is also {seen[operation_id]}'s")
                seen[operation_id] = where
                if keyword.iskeyword(python_name) or keyword.issoftkeyword(python_name) \
                        or hasattr(builtins, python_name):
                    self.problem(f"{where}: operationId {operation_id} becomes `{python_name}`, "
                                 "a Python keyword or builtin")
            tags = operation.get("tags", [])
            if len(tags) != 1:
                self.problem(f"{where}: {len(tags)} tags; one, please (generators make a module per tag)")
            for tag in tags:
                if tag not in declared_tags:
                    self.problem(f"{where}: tag {tag!r} is not declared under `tags`")
        return seen

    def check_bodies(self):
        for where, operation in operations(self.spec):
            body = resolve(self.spec, operation.get("requestBody", {}))
            for media_type, schema in json_schemas(body.get("content")):
                if not str(schema.get("$ref", "")).startswith(SCHEMA_REF):
                    self.problem(f"{where} request {media_type}: an inline schema; name it under components/schemas")
            for status, response in operation.get("responses", {}).items():
                response = resolve(self.spec, response)
                for media_type, schema in json_schemas(response.get("content")):
                    label = f"{where} {status} {media_type}"
                    if not str(schema.get("$ref", "")).startswith(SCHEMA_REF):
                        self.problem(f"{label}: an inline schema; name it under components/schemas")
                    self.walk_answer(schema, label, named=False, visited=set())

    def walk_answer(self, node, where, named, visited):
        """Checks one schema of an answer and every schema inside it."""
        if not isinstance(node, dict):
            return
        reference = node.get("$ref")
        if isinstance(reference, str):
            if reference not in visited:
                visited.add(reference)
                self.walk_answer(resolve(self.spec, node), reference.removeprefix(SCHEMA_REF), True, visited)
        if "properties" in node and not named:
            self.problem(f"{where}: an inline object schema in an answer; name it under components/schemas")
        if node.get("additionalProperties") is False:
            self.problem(f"{where}: `additionalProperties: false` in an answer; "
                         "a member added later would break clients")
        for name, child in node.get("properties", {}).items():
            self.walk_answer(child, f"{where}.{name}", False, visited)
        for key in ("items", "additionalProperties", "not", "contains", "unevaluatedProperties"):
            self.walk_answer(node.get(key), f"{where}.{key}", False, visited)
        for key in ("allOf", "oneOf", "anyOf", "prefixItems"):
            for index, child in enumerate(node.get(key, [])):
                self.walk_answer(child, f"{where}.{key}[{index}]", False, visited)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    path = sys.argv[1]
    try:
        spec = load(path)
    except yaml.YAMLError as error:
        print(f"FAIL {path} is not a YAML document without duplicate keys:\n{error}")
        return 1
    print(f"ok   {path}: YAML without duplicate keys")
    try:
        validate(spec, cls=OpenAPIV31SpecValidator)
    except OpenAPIValidationError as error:
        print(f"FAIL {path} is not a valid OpenAPI 3.1 document: {error}")
        return 1
    print(f"ok   {path}: a valid OpenAPI {spec.get('openapi')} document (openapi-spec-validator)")
    checker = Checker(spec)
    operation_ids = checker.check_operations()
    checker.check_bodies()
    if checker.problems:
        for problem in checker.problems:
            print(f"FAIL {problem}")
        print(f"{path}: {len(checker.problems)} problem(s) for client generators")
        return 1
    schemas = len(spec.get("components", {}).get("schemas", {}))
    print(f"ok   {len(operation_ids)} operations ({', '.join(operation_ids)}): operationIds usable as Python names, "
          f"one declared tag each")
    print(f"ok   every JSON body a named schema ({schemas} under components/schemas), answers open to new members")
    return 0


if __name__ == "__main__":
    sys.exit(main())
