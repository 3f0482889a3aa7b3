"""The page's form: a scenario document's fields, typed by the game's JSON Schema, and setting one.

:func:`fields` walks the document beside the game's JSON Schema (``pycombat.schema(game)``) and
lists every scalar field with its path (the loader's path format, ``attacker.members[2].name``),
its type, the allowed values and whether it names something of the shipped data (the schema
describes those as "a ... name from the shipped data"): the page offers those names as a
datalist. :func:`set_field` sets one field and returns the document as YAML (written afresh:
comments of the text are not kept, which the page says).

>>> out = fields("game: nosuchgame\\nplayers: [{name: A, score: 2}]\\n")
>>> [(f["path"], f["type"]) for f in out["fields"]]
[('game', 'string'), ('players[0].name', 'string'), ('players[0].score', 'integer')]
>>> print(set_field("a: {b: [1, 2]}\\n", "a.b[1]", 5), end="")
a:
  b:
  - 1
  - 5
"""
from __future__ import annotations

import re
from typing import Any

import yaml

from .. import api, registry
from ..errors import PycombatError, ScenarioError
from ..scenario import parse_document
from ..schemaspec import json_type

#: fields listed at most (a form of thousands of rows helps nobody)
MAX_FIELDS = 400
NAME_MARK = "name from the shipped data"


def _json_type(value: Any) -> str:
    """The JSON Schema type of a value (a mapping, or anything else not listed, is an object)."""
    kind = json_type(value)
    return kind if kind in ("null", "boolean", "integer", "number", "string", "array") else "object"


def _resolve(schema: Any, root: dict) -> dict:
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and seen < 20:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            return {}
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        schema = {**node, **{k: v for k, v in schema.items() if k != "$ref"}}
        seen += 1
    return schema if isinstance(schema, dict) else {}


def _types(schema: dict) -> set[str]:
    t = schema.get("type")
    if isinstance(t, list):
        return set(t)
    if isinstance(t, str):
        return {t}
    if "const" in schema:
        return {_json_type(schema["const"])}
    return set()


def _branch(schema: dict, value: Any, root: dict) -> dict:
    """The alternative of an ``anyOf``/``oneOf`` that fits ``value`` (by type, then by keys)."""
    schema = _resolve(schema, root)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            kind = _json_type(value)
            options = [_branch(s, value, root) for s in schema[key]]
            fits = [o for o in options if kind in _types(o) or (kind == "integer" and "number" in _types(o))]
            if isinstance(value, dict) and len(fits) > 1:
                keyed = [o for o in fits if set(value) <= set(o.get("properties", {}))]
                fits = keyed or fits
            chosen = fits[0] if fits else {}
            desc = schema.get("description")
            return {**chosen, "description": chosen.get("description") or desc} if desc else chosen
    return schema


def fields(text: str) -> dict:
    """Every scalar field of the document, with what the game's schema says of it."""
    doc = parse_document(text, label="scenario.yaml")
    game = doc.get("game")
    root: dict = {}
    if isinstance(game, str) and game in registry.names():
        try:
            root = api.schema(game)
        except PycombatError:
            root = {}
    out: list[dict] = []

    def walk(value: Any, schema: Any, path: str) -> None:
        if len(out) >= MAX_FIELDS:
            return
        schema = _branch(schema or {}, value, root)
        if isinstance(value, dict):
            props = schema.get("properties", {})
            extra = schema.get("additionalProperties")
            for k, v in value.items():
                sub = props.get(k, extra if isinstance(extra, dict) else {})
                walk(v, sub, f"{path}.{k}" if path else str(k))
        elif isinstance(value, list):
            prefix = schema.get("prefixItems") or []
            for i, v in enumerate(value):
                sub = prefix[i] if i < len(prefix) else schema.get("items", {})
                walk(v, sub if isinstance(sub, dict) else {}, f"{path}[{i}]")
        else:
            desc = str(schema.get("description") or "")
            enum = schema.get("enum")
            if enum is None and "const" in schema:
                enum = [schema["const"]]
            out.append({"path": path, "value": value, "type": _json_type(value), "description": desc,
                        "enum": [e for e in enum if e is not None] if enum else None,
                        "name": NAME_MARK in desc})

    walk(doc, root, "")
    return {"game": game if isinstance(game, str) else None, "fields": out, "truncated": len(out) >= MAX_FIELDS}


def set_field(text: str, path: str, value: Any) -> str:
    """The document with the field at ``path`` set to ``value``, as YAML."""
    doc = parse_document(text, label="scenario.yaml")
    steps = [(k, int(i) if i else None) for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)]
    if not steps:
        raise ScenarioError("not a field path", path=path)
    node: Any = doc
    for n, (key, index) in enumerate(steps):
        last = n == len(steps) - 1
        if key:
            if not isinstance(node, dict) or (not last and key not in node):
                raise ScenarioError("no such field in the document", path=path)
            if last:
                node[key] = value
            else:
                node = node[key]
        else:
            if not isinstance(node, list) or index >= len(node):
                raise ScenarioError("no such field in the document", path=path)
            if last:
                node[index] = value
            else:
                node = node[index]
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110)
