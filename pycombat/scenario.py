"""Reading scenario files, game-neutral: YAML or JSON in, a checked tree out.

Every game's schema is written with :class:`Node`, which remembers the file and the field
path of each value, so that every mistake is reported as ``file: field.path: reason``.
Keys a schema does not read are errors (with the closest known key suggested): nothing the
user wrote is silently dropped.  Duplicate YAML keys are errors too.

>>> n = Node({"game": "meccg", "rules": {"phase2_assignment": "optional"}}, file="x.yaml")
>>> n.str("game")
'meccg'
>>> n.child("rules").path
'rules'
>>> n.str("site")
Traceback (most recent call last):
...
pycombat.errors.ScenarioError: x.yaml: site: is required
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import yaml

from .errors import ScenarioError
from .names import closest


class _UniqueKeyLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml's parser when installed
    """A YAML loader that refuses duplicate keys instead of keeping the last one."""


def _construct_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    mapping: dict = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in mapping:
            line = key_node.start_mark.line + 1
            raise ScenarioError(f"line {line}: duplicate key {key!r}")
        mapping[key] = loader.construct_object(value_node, deep=deep)
    return mapping


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_document(path: str | Path) -> dict:
    """Load a scenario file (``.json`` as JSON, anything else as YAML) into a mapping."""
    p = Path(path)
    label = str(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError("no such file", file=label) from None
    except IsADirectoryError:
        raise ScenarioError("is a directory, not a scenario file", file=label) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"not UTF-8 text ({exc.reason} at byte {exc.start})", file=label) from None
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror}", file=label) from None
    return parse_document(text, label=label, json_only=p.suffix.lower() == ".json")


def parse_document(text: str, *, label: str = "<scenario>", json_only: bool = False) -> dict:
    """Parse scenario text (YAML, which includes JSON) into a mapping."""
    try:
        if json_only:
            data = json.loads(text, object_pairs_hook=_json_pairs)
        else:
            data = yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except ScenarioError as exc:
        raise ScenarioError(exc.message, file=label) from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", file=label) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioError(f"invalid YAML: {where}{problem}", file=label) from None
    if data is None:
        raise ScenarioError("the file is empty", file=label)
    if not isinstance(data, dict):
        raise ScenarioError(f"the top level must be a mapping (with a `game:` key), not {_kind(data)}", file=label)
    return data


def _json_pairs(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise ScenarioError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


_MISSING = object()


class Node:
    """A value of a scenario tree with its file and field path (see the module docstring).

    Reading a key marks it used; :meth:`finish` reports keys that nothing read.
    """

    def __init__(self, value: Any, *, file: str | None = None, path: str = ""):
        self.value = value
        self.file = file
        self.path = path
        self._used: set[str] = set()

    # -- errors -----------------------------------------------------------------------------
    def error(self, message: str, key: str | int | None = None) -> ScenarioError:
        return ScenarioError(message, file=self.file, path=self._sub(key) if key is not None else (self.path or None))

    def _sub(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    # -- mappings ---------------------------------------------------------------------------
    def _mapping(self) -> dict:
        if not isinstance(self.value, dict):
            raise self.error(f"must be a mapping, not {_kind(self.value)}")
        return self.value

    def has(self, key: str) -> bool:
        return key in self._mapping()

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        m = self._mapping()
        if key not in m:
            if default is _MISSING:
                raise self.error("is required", key)
            return default
        self._used.add(key)
        return m[key]

    def child(self, key: str, default: Any = _MISSING) -> "Node":
        return Node(self.raw(key, default), file=self.file, path=self._sub(key))

    def str(self, key: str, default: Any = _MISSING, *, choices: Sequence[str] | None = None) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.error(f"must be a string, not {_kind(value)}", key)
        value = str(value).strip()
        if not value:
            raise self.error("must not be empty", key)
        if choices is not None and value not in choices:
            raise self.error(self._choice_message(value, choices), key)
        return value

    @staticmethod
    def _choice_message(value: str, choices: Sequence[str]) -> str:
        hint = closest(value, list(choices), n=1)
        extra = f"; did you mean {hint[0]!r}?" if hint else ""
        return f"{value!r} is not one of {', '.join(choices)}{extra}"

    def int(self, key: str, default: Any = _MISSING, *, minimum: int | None = None) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"must be a whole number, not {_kind(value)}", key)
        if minimum is not None and value < minimum:
            raise self.error(f"must be at least {minimum}, not {value}", key)
        return value

    def bool(self, key: str, default: Any = _MISSING) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, bool):
            raise self.error(f"must be true or false, not {_kind(value)}", key)
        return value

    def list(self, key: str, default: Any = _MISSING) -> list["Node"]:
        value = self.raw(key, default)
        if value is None:
            value = []
        if not isinstance(value, list):
            raise self.error(f"must be a list, not {_kind(value)}", key)
        base = self._sub(key)
        return [Node(v, file=self.file, path=f"{base}[{i}]") for i, v in enumerate(value)]

    def items(self) -> Iterator[tuple[str, "Node"]]:
        for k in list(self._mapping()):
            self._used.add(k)
            yield k, Node(self._mapping()[k], file=self.file, path=self._sub(k))

    def finish(self, known: Sequence[str] | None = None) -> None:
        """Fail on any key that was not read (``known`` lists keys worth suggesting)."""
        if not isinstance(self.value, dict):
            return
        for key in self.value:
            if key not in self._used:
                candidates = list(known) if known is not None else sorted(self._used)
                hint = closest(str(key), candidates, n=1) if candidates else []
                extra = f"; did you mean {hint[0]!r}?" if hint else ""
                where = f" in {self.path}" if self.path else ""
                raise ScenarioError(f"unknown field {key!r}{where}{extra}", file=self.file,
                                    path=self._sub(str(key)))

    # -- scalars ----------------------------------------------------------------------------
    def as_str(self) -> str:
        if isinstance(self.value, bool) or not isinstance(self.value, (str, int, float)):
            raise self.error(f"must be a string, not {_kind(self.value)}")
        text = str(self.value).strip()
        if not text:
            raise self.error("must not be empty")
        return text


def parse_flag_assignments(pairs: Sequence[str]) -> dict[str, str]:
    """``["a=b", "c=d"]`` (from ``--flag NAME=VALUE``) as a mapping; malformed ones are errors."""
    out: dict[str, str] = {}
    for item in pairs:
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise ScenarioError(f"--flag {item!r}: expected NAME=VALUE, e.g. phase2_assignment=optional")
        if name in out and out[name] != value:
            raise ScenarioError(f"--flag {name} is given twice with different values ({out[name]!r}, {value!r})")
        out[name] = value
    return out


Reader = Callable[[Node], Any]


def read_flags(root: Node, game: str, cli: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """A game's interpretation flags: the digest's defaults, then the file's ``rules:``, then the
    command line's ``--flag NAME=VALUE``; and where each value came from (default, scenario,
    command line). Unknown flags and values are errors naming the file and field."""
    from .rulebook import load_rulebook

    book = load_rulebook(game)
    given: dict[str, Any] = {}
    if root.has("rules"):
        rules = root.child("rules")
        if rules.value is None:
            rules.value = {}
        for name, node in rules.items():
            given[name] = node.value
    flags = book.resolve_flags(given, file=root.file, path_prefix="rules")
    origin = {name: "default" for name in flags}
    origin.update({name: "scenario" for name in given})
    for name, value in cli.items():
        try:
            flags = book.resolve_flags({**flags, name: value}, file=None, path_prefix=None)
        except ScenarioError as exc:
            raise ScenarioError(f"--flag {name}={value}: {exc.message}") from None
        origin[name] = "command line"
    return flags, origin
