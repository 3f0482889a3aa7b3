"""The page's form: a scenario document's fields, typed by the game's JSON Schema; editing it.

:func:`fields` walks the document beside the game's JSON Schema (``pycombat.schema(game)``) and
lists, in document order, every scalar field with its path (the loader's path format,
``attacker.members[2].name``), its type, the allowed values and the kind of shipped-data name it
takes (the schema describes those as "a <kind> name from the shipped data": the page completes
them from ``/api/games/{game}/names``); and every list and mapping of names the schema allows
(``rows`` of kind ``list``/``map``, with their entries as ``item`` rows), present or not, and the
required fields and sections the document lacks (``absent`` rows), so that the page can add and
remove entries and build a scenario from an empty one. :func:`edit` sets a field, appends an entry (a default built
from the schema: its ``default``, first ``enum`` value, first shipped name of the field's kind that the
game's reader accepts at that entry, required properties), adds a key to a mapping, removes an entry or moves a list entry up or down
(the order of showdown effects, card plays and members matters); it returns the document as
YAML (written afresh: comments of the text are not kept, which the page says).

>>> out = fields("game: nosuchgame\\nplayers: [{name: A, score: 2}]\\n")
>>> [(f["path"], f["type"]) for f in out["fields"]]
[('game', 'string'), ('players[0].name', 'string'), ('players[0].score', 'integer')]
>>> [(r["row"], r["path"]) for r in out["rows"]][:3]
[('field', 'game'), ('list', 'players'), ('item', 'players[0]')]
>>> print(set_field("a: {b: [1, 2]}\\n", "a.b[1]", 5), end="")
a:
  b:
  - 1
  - 5
>>> print(edit("a: {b: [1, 2]}\\n", "remove", "a.b[0]"), end="")
a:
  b:
  - 2
>>> default_of({"type": "object", "properties": {"n": {"type": "integer", "minimum": 2}}, "required": ["n"]}, {})
{'n': 2}
"""
from __future__ import annotations

import copy
import re
from typing import Any, Callable

import yaml

from .. import api, registry
from ..errors import PycombatError, ScenarioError
from ..scenario import parse_document
from ..schemaspec import json_type

#: rows listed at most (a form of thousands of rows helps nobody)
MAX_FIELDS = 400
NAME_MARK = "name from the shipped data"
_KIND = re.compile(r"\ban? (.+?) name from the shipped data")
#: entries a list may reach through the form
MAX_ITEMS = 200


def name_kind(description: Any) -> str | None:
    """The kind of shipped-data name a schema description declares (``"a region name from ..."`` -> region).

    >>> name_kind("a character or ally name from the shipped data: the card"), name_kind("a count")
    ('character or ally', None)
    """
    m = _KIND.search(str(description or ""))
    return m.group(1) if m else None


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
    if "properties" in schema or "additionalProperties" in schema:
        return {"object"}
    if "items" in schema or "prefixItems" in schema:
        return {"array"}
    return set()


def _holds(cond: Any, value: Any) -> bool:
    """Whether ``value`` meets an ``if`` of the schema (only ``required`` and ``anyOf``/``allOf`` of them)."""
    if not isinstance(cond, dict):
        return False
    if "required" in cond and not (isinstance(value, dict) and all(k in value for k in cond["required"])):
        return False
    if "anyOf" in cond and not any(_holds(c, value) for c in cond["anyOf"]):
        return False
    if "allOf" in cond and not all(_holds(c, value) for c in cond["allOf"]):
        return False
    return True


def _branch(schema: dict, value: Any, root: dict) -> dict:
    """The alternative of an ``anyOf``/``oneOf`` (or ``if``/``then``/``else``) that fits ``value``."""
    schema = _resolve(schema, root)
    if "if" in schema and ("then" in schema or "else" in schema):
        chosen = schema.get("then" if _holds(schema["if"], value) else "else", {})
        rest = {k: v for k, v in schema.items() if k not in ("if", "then", "else")}
        return _branch({**rest, **_resolve(chosen, root)}, value, root)
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


def _alternatives(schema: dict, root: dict) -> list[dict]:
    schema = _resolve(schema, root)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return [a for s in schema[key] for a in _alternatives(s, root)]
    if "if" in schema:
        return _alternatives(schema.get("then", {}), root) + _alternatives(schema.get("else", {}), root)
    return [schema]


def _container(schema: dict, root: dict) -> tuple[str | None, dict]:
    """Whether a schema (any alternative of it) is a list (``"list"``, the items' schema) or a mapping of
    names (``"map"``, the values' schema: only mappings whose keys the schema describes)."""
    for alt in _alternatives(schema, root):
        if "array" in _types(alt) and isinstance(alt.get("items"), dict) and not alt.get("prefixItems"):
            return "list", alt["items"]
    for alt in _alternatives(schema, root):
        extra = alt.get("additionalProperties")
        if "object" in _types(alt) and isinstance(extra, dict) and not alt.get("properties") \
                and isinstance(alt.get("propertyNames"), dict):
            return "map", extra
    return None, {}


def _schema_root(game: Any) -> dict:
    if isinstance(game, str) and game in registry.names():
        try:
            return api.schema(game)
        except PycombatError:
            return {}
    return {}


def _item_view(schema: dict, root: dict) -> dict:
    alts = _alternatives(schema, root)
    desc = str(_resolve(schema, root).get("description") or next((a.get("description") for a in alts
                                                                  if a.get("description")), "") or "")
    kind = next((name_kind(a.get("description")) for a in alts if "string" in _types(a)
                 and name_kind(a.get("description"))), None)
    return {"item_description": desc, "item_kind": kind}


def fields(text: str) -> dict:
    """Every scalar field and every list or mapping of the document, with what the game's schema says of it."""
    doc = parse_document(text, label="scenario.yaml")
    game = doc.get("game")
    root = _schema_root(game)
    rows: list[dict] = []

    def container_row(kind: str, path: str, value: Any, schema: dict, item: dict, depth: int) -> None:
        row = {"row": kind, "path": path, "present": value is not None, "depth": depth,
               "description": str(_resolve(schema, root).get("description") or ""), **_item_view(item, root)}
        if kind == "list":
            row["count"] = len(value) if isinstance(value, list) else 0
            row["max"] = min(MAX_ITEMS, int(_branch(schema, value if value is not None else [], root)
                                            .get("maxItems", MAX_ITEMS)))
        else:
            keys = _branch(schema, value if value is not None else {}, root).get("propertyNames", {})
            row["count"] = len(value) if isinstance(value, dict) else 0
            row["key_description"] = str(keys.get("description") or "")
            row["key_kind"] = name_kind(keys.get("description"))
        rows.append(row)

    def walk(value: Any, schema: Any, path: str, depth: int) -> None:
        if len(rows) >= MAX_FIELDS:
            return
        if path:
            kind, item = _container(schema or {}, root)
            if isinstance(value, list) and kind is None and not _branch(schema or {}, value, root).get("prefixItems"):
                kind, item = "list", {}
            if kind == "list" and isinstance(value, list):
                container_row("list", path, value, schema, item, depth)
                for i, v in enumerate(value):
                    rows.append({"row": "item", "path": f"{path}[{i}]", "depth": depth + 1, "container": path})
                    walk(v, item, f"{path}[{i}]", depth + 1)
                return
            if kind == "map" and isinstance(value, dict):
                container_row("map", path, value, schema, item, depth)
                for k, v in value.items():
                    rows.append({"row": "item", "path": f"{path}.{k}", "depth": depth + 1, "container": path,
                                 "key": str(k)})
                    walk(v, item, f"{path}.{k}", depth + 1)
                return
        schema = _branch(schema or {}, value, root)
        if isinstance(value, dict):
            props = schema.get("properties", {})
            extra = schema.get("additionalProperties")
            for k, v in value.items():
                sub = props.get(k, extra if isinstance(extra, dict) else {})
                walk(v, sub, f"{path}.{k}" if path else str(k), depth)
            required = set(schema.get("required", []))
            for k, sub in props.items():  # the lists and mappings the document could have
                if k not in value and k != "claims":
                    where = f"{path}.{k}" if path else str(k)
                    kind, item = _container(sub, root)
                    if kind is not None:
                        container_row(kind, where, None, sub, item, depth)
                    elif k in required or (not path and default_of(sub, root)):
                        # a field the document lacks: required, or a section of the scenario
                        rows.append({"row": "absent", "path": where, "depth": depth, "required": k in required,
                                     "description": str(_resolve(sub, root).get("description") or "")})
        elif isinstance(value, list):
            prefix = schema.get("prefixItems") or []
            for i, v in enumerate(value):
                sub = prefix[i] if i < len(prefix) else schema.get("items", {})
                walk(v, sub if isinstance(sub, dict) else {}, f"{path}[{i}]", depth)
        else:
            desc = str(schema.get("description") or "")
            enum = schema.get("enum")
            if enum is None and "const" in schema:
                enum = [schema["const"]]
            rows.append({"row": "field", "path": path, "value": value, "type": _json_type(value),
                         "description": desc, "enum": [e for e in enum if e is not None] if enum else None,
                         "name": NAME_MARK in desc, "kind": name_kind(desc), "depth": depth})

    walk(doc, root, "", 0)
    return {"game": game if isinstance(game, str) else None, "rows": rows,
            "fields": [r for r in rows if r["row"] == "field"], "truncated": len(rows) >= MAX_FIELDS}


# ---- defaults from the schema ------------------------------------------------------------------
def default_of(schema: Any, root: dict, first_name: Callable[[str], str | None] = lambda kind: None,
               depth: int = 0) -> Any:
    """A sensible new value for ``schema``: its default, its first enum value, the first shipped name of
    its kind, an object with its required properties (or, when it has none and only counts, zeros)."""
    schema = _resolve(schema, root)
    if depth > 8:
        return None
    if "default" in schema:
        return schema["default"]
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return next((e for e in schema["enum"] if e is not None), None)
    alts = _alternatives(schema, root)
    if len(alts) > 1:  # a name of the shipped data first (a member by its card), then the simplest
        named = [a for a in alts if "string" in _types(a) and name_kind(a.get("description"))]
        order = named + [a for a in alts if a not in named]
        return default_of(order[0], root, first_name, depth + 1)
    types = _types(schema) - {"null"}
    if "string" in types:
        kind = name_kind(schema.get("description"))
        name = first_name(kind) if kind else None
        return name if name is not None else "new"
    if "integer" in types or "number" in types:
        low = schema.get("minimum", schema.get("exclusiveMinimum", -1) + 1)
        return max(0, low) if schema.get("maximum", 0) >= 0 else low
    if "boolean" in types:
        return False
    if "array" in types:
        n = int(schema.get("minItems") or 0)
        return [default_of(schema.get("items", {}), root, first_name, depth + 1) for _ in range(min(n, 3))]
    if "object" in types or "properties" in schema:
        props = schema.get("properties", {})
        required = [k for k in schema.get("required", []) if k in props]
        if not required and props and all(_types(_resolve(p, root)) & {"integer"} for p in props.values()):
            required = list(props)
        return {k: default_of(props[k], root, first_name, depth + 1) for k in required}
    return None


# ---- editing -----------------------------------------------------------------------------------
#: a field path: keys joined by dots, a list's entry as ``[N]`` (``attacker.members[0].name``)
_PATH = re.compile(r"[^.\[\]]+(?:\.[^.\[\]]+|\[\d+\])*")


def _steps(path: str) -> list[tuple[str, int | None]]:
    if not _PATH.fullmatch(path):
        raise ScenarioError("not a field path (keys joined by dots, a list's entry as [N], e.g. "
                            "attacker.members[0].name)", path=path)
    return [(k, int(i) if i else None) for k, i in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)]


def _walk_to(doc: Any, root: dict, steps: list, *, create: bool, path: str) -> tuple[Any, Any, Any]:
    """The parent container of the last step, the last step's key/index, and the schema of the last step."""
    node, schema = doc, root
    for n, (key, index) in enumerate(steps):
        last = n == len(steps) - 1
        here = _branch(schema, node, root)
        if key:
            if not isinstance(node, dict):
                raise ScenarioError("no such field in the document", path=path)
            props = here.get("properties", {})
            extra = here.get("additionalProperties")
            sub = props.get(key, extra if isinstance(extra, dict) else {})
            if last:
                return node, key, sub
            if key not in node or node[key] is None:
                if not create:
                    raise ScenarioError("no such field in the document", path=path)
                node[key] = {}
            node, schema = node[key], sub
        else:
            if not isinstance(node, list) or index >= len(node):
                raise ScenarioError("no such field in the document", path=path)
            kind, item = _container(schema, root)
            sub = item if kind == "list" else here.get("items", {})
            if last:
                return node, index, sub
            node, schema = node[index], sub
    raise ScenarioError("not a field path", path=path)


def _dump(doc: Any) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=110)


def edit(text: str, op: str, path: str, value: Any = None, *, key: str | None = None,
         names: Callable[[str], list[str]] | None = None) -> str:
    """The document with one change, as YAML: ``set`` the field at ``path`` to ``value``; ``create`` the
    field at ``path`` (``value``, or a default from the schema: a missing section); ``append`` an
    entry (``value``, or a default from the schema) to the list at ``path`` (made when missing); ``add``
    key ``key`` to the mapping at ``path``; ``remove`` the entry (or field) at ``path``; ``move`` the
    list entry at ``path`` up (``value`` -1) or down (1), swapping it with its neighbour.

    >>> print(edit("effects: [a, b, c]\\n", "move", "effects[2]", -1), end="")
    effects:
    - a
    - c
    - b
    """
    doc = parse_document(text, label="scenario.yaml")
    root = _schema_root(doc.get("game"))
    steps = _steps(path)

    used: set[str] = set()

    def collect(node: Any) -> None:
        if isinstance(node, str):
            used.add(node)
        elif isinstance(node, list):
            for x in node:
                collect(x)
        elif isinstance(node, dict):
            for x in node.values():
                collect(x)

    collect(doc)

    def first_name(kind: str) -> str | None:
        """The first name of the kind the document does not use yet (a second unit is not the first's copy)."""
        found = names(kind) if names else []
        fresh = next((n for n in found if n not in used), found[0] if found else None)
        if fresh is not None:
            used.add(fresh)
        return fresh

    if op == "set":
        parent, last, _ = _walk_to(doc, root, steps, create=False, path=path)
        if isinstance(parent, dict) and last not in parent and len(steps) > 1:
            pass  # a new field of an existing object
        parent[last] = value
    elif op == "remove":
        parent, last, _ = _walk_to(doc, root, steps, create=False, path=path)
        if isinstance(parent, dict):
            if last not in parent:
                raise ScenarioError("no such field in the document", path=path)
            del parent[last]
        else:
            del parent[last]
    elif op == "create":
        parent, last, schema = _walk_to(doc, root, steps, create=True, path=path)
        if not isinstance(parent, dict):
            raise ScenarioError("only a field of a mapping is created", path=path)
        if last in parent:
            raise ScenarioError("is already in the document", path=path)
        parent[last] = value if value is not None else default_of(schema, root, first_name)
    elif op in ("append", "add"):
        parent, last, schema = _walk_to(doc, root, steps, create=True, path=path)
        kind, item = _container(schema, root)
        current = parent[last] if (isinstance(parent, dict) and last in parent) or isinstance(parent, list) else None
        if op == "append":
            if current is None:
                current = []
            if not isinstance(current, list):
                raise ScenarioError("is not a list: entries are added to lists", path=path)
            if len(current) >= MAX_ITEMS:
                raise ScenarioError(f"has {len(current)} entries; the form adds at most {MAX_ITEMS}", path=path)
            if isinstance(parent, dict):
                parent[last] = current
            given = value is not None
            if value is None:
                value = _readable_default(doc, current, f"{path}[{len(current)}]",
                                          lambda: default_of(item, root, first_name), used)
            if value is None and current:  # no schema: a copy of the last entry
                value = copy.deepcopy(current[-1])
            elif not given and item:  # a default the reader refuses at the entry: the schema's other values are tried
                value = _accepted_value(doc, current, len(current), f"{path}[{len(current)}]", item, root,
                                        lambda kind: None, first=value)
            current.append(value)
        else:
            if not isinstance(key, str) or not key.strip():
                raise ScenarioError("the key to add is required", path=path)
            key = key.strip()  # the key as stored: " max_rounds" is the key max_rounds, checked as such
            if current is None:
                current = {}
            if not isinstance(current, dict):
                raise ScenarioError("is not a mapping: keys are added to mappings", path=path)
            if key in current:
                raise ScenarioError(f"already has {key!r}", path=f"{path}.{key}")
            parent[last] = current
            if value is None:
                value = _accepted_value(doc, current, key, f"{path}.{key}", item, root, first_name)
            current[key] = value
        parent[last] = current
    elif op == "move":
        parent, last, _ = _walk_to(doc, root, steps, create=False, path=path)
        if not isinstance(parent, list):
            raise ScenarioError("only an entry of a list moves", path=path)
        if type(value) is not int or value not in (-1, 1):
            raise ScenarioError("a move is -1 (up) or 1 (down)", path="value")
        to = last + value
        if not 0 <= to < len(parent):
            raise ScenarioError(f"cannot move {'up' if value < 0 else 'down'}: it is the "
                                f"{'first' if value < 0 else 'last'} entry", path=path)
        parent[last], parent[to] = parent[to], parent[last]
    else:
        raise ScenarioError(f"unknown edit {op!r} (set, create, append, add, remove, move)", path="op")
    return _dump(doc)


#: shipped names tried at most for a new entry the scenario must read with (:func:`_readable_default`)
MAX_DEFAULT_TRIES = 400


def _readable_default(doc: dict, entries: list, entry: str, make: Callable[[], Any], used: set[str]) -> Any:
    """A new entry for ``entries`` (at path ``entry``) from ``make()``, whose shipped name is the first not used yet
    with which the game's reader accepts the entry (a minion company's new member is a minion character, and no
    unique one twice): each name it refuses at that entry is passed over. When none is accepted (or the document is
    refused for something else, or names no game) the first default is kept."""
    first = None
    for _ in range(MAX_DEFAULT_TRIES):
        before = len(used)
        value = make()
        first = value if first is None else first
        if value is None or len(used) == before:  # no shipped name in it: nothing else to try
            return first
        entries.append(value)
        try:
            refused = _refused_at(doc, entry)
        finally:
            entries.pop()
        if not refused:
            return value
    return first


#: words a description offers as values (``"one of at_war, active, passive"``, ``"free_peoples or shadow"``)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def _candidates(schema: Any, root: dict, first_name: Callable[[str], str | None]) -> list[Any]:
    """New values for ``schema``, the likeliest first: its default (:func:`default_of`), the words its
    descriptions name that its pattern (if any) allows, each alternative's default, and 0."""
    schema = _resolve(schema, root)
    out: list[Any] = [default_of(schema, root, first_name)]
    alts = _alternatives(schema, root) or [schema]
    for alt in [schema, *alts]:
        if "string" not in _types(alt) or name_kind(alt.get("description")):
            continue
        pattern = alt.get("pattern")
        for word in _WORD.findall(str(alt.get("description") or "")):
            try:
                if pattern is None or re.search(pattern, word):
                    out.append(word)
            except re.error:
                break
    for alt in alts:
        out.append(default_of(alt, root, first_name))
    if _types(schema) & {"integer", "number"} or any(_types(a) & {"integer", "number"} for a in alts):
        out.append(0)
    seen: list[Any] = []
    for value in out:
        if value is not None and value not in seen:
            seen.append(value)
    return seen[:MAX_DEFAULT_TRIES]


def _accepted_value(doc: dict, container: Any, key: Any, entry: str, schema: Any, root: dict,
                    first_name: Callable[[str], str | None], first: Any = None) -> Any:
    """A new value of ``container[key]`` (a mapping's new key, or a list's next entry) that the game's reader
    accepts at ``entry`` (``politics.Elves``: ``at_war``, not a placeholder it refuses): ``first`` (else the
    schema's default) if it reads, else the first of :func:`_candidates` that does. When none reads (the
    key itself is refused, or the document for something else) ``first`` (or the default) is kept, and the
    loader's message says why."""
    tried = ([first] if first is not None else []) + _candidates(schema, root, first_name)
    chosen = tried[0] if tried else None

    def put(value: Any) -> None:
        if isinstance(container, list):
            container.append(value)
        else:
            container[key] = value

    def take() -> None:
        if isinstance(container, list):
            container.pop()
        else:
            container.pop(key, None)

    for value in tried:
        put(value)
        try:
            refused = _refused_at(doc, entry)
        finally:
            take()
        if not refused:
            return value
    return chosen


def _refused_at(doc: dict, entry: str) -> bool:
    """Whether the game's reader refuses ``doc`` at ``entry`` (or inside it)."""
    game = doc.get("game")
    if not isinstance(game, str) or game not in registry.names():
        return False
    try:
        api.load(copy.deepcopy(doc))
    except PycombatError as err:
        where = getattr(err, "path", None) or ""
        return where == entry or where.startswith((entry + ".", entry + "["))
    return False


def set_field(text: str, path: str, value: Any) -> str:
    """The document with the field at ``path`` set to ``value``, as YAML."""
    return edit(text, "set", path, value)
