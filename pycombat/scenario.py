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
import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

import yaml

from .errors import ScenarioError
from .frozen import replace
from .names import closest

T = TypeVar("T")


#: Limits of what a scenario file may be (stated in docs and checked before any work starts).
MAX_FILE_BYTES = 1_000_000
#: deepest nesting of mappings and lists (the deepest shipped example has fewer than 10 levels)
MAX_DEPTH = 40
#: values in a document once every YAML alias is expanded (aliases cannot multiply a document past this)
MAX_EXPANDED_VALUES = 100_000
#: characters of one string value (titles, names, claim sentences, flag values)
MAX_STRING = 10_000
#: characters of a value quoted in an error message
QUOTE_CHARS = 80

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_CONTROL_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    r"""``repr`` of a value for a one-line message: at most ``limit`` characters, then ``...``.

    >>> quote("x" * 100)[-8:]
    "xxxx'..."
    >>> quote("a\x1b[2Jb")
    "'a\\x1b[2Jb'"
    """
    text = str(value) if not isinstance(value, str) else value
    short = text[:limit]
    out = repr(short)
    return out + "..." if len(text) > limit else out


def safe_text(text: str) -> str:
    r"""``text`` with terminal control characters (escape sequences, bells, backspaces) and line
    breaks written as visible escapes, so a title or a name cannot drive the terminal.

    >>> safe_text("Helm\x1b[31m's Deep")
    "Helm\\x1b[31m's Deep"
    """
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


class _UniqueKeyLoader(yaml.SafeLoader):
    """A YAML loader that refuses duplicate keys instead of keeping the last one, keys that are
    not plain scalars, nesting deeper than :data:`MAX_DEPTH` and aliases expanding a document
    past :data:`MAX_EXPANDED_VALUES` values."""

    _depth = 0

    def compose_node(self, parent, index):  # type: ignore[override]
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise ScenarioError(f"line {mark.line + 1}: nested deeper than {MAX_DEPTH} levels")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_document(self):  # type: ignore[override]
        node = super().compose_document()
        _check_expanded(node)
        return node

    def construct_yaml_int(self, node):  # type: ignore[override]
        try:
            return super().construct_yaml_int(node)
        except ValueError:  # more digits than Python reads (4,300)
            raise ScenarioError(f"line {node.start_mark.line + 1}, column {node.start_mark.column + 1}: "
                                f"{_too_long_number(str(node.value))}") from None


def _too_long_number(digits: str) -> str:
    return f"a number of {len(digits.lstrip('+-')):,} digits: no value of a scenario is that large"


_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:int", _UniqueKeyLoader.construct_yaml_int)


def _check_expanded(root: yaml.Node) -> None:
    """Count the values of the document with every alias expanded (shared nodes counted each
    time they are used), without expanding: a memo per node, so this is linear in the text."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active or depth > MAX_DEPTH:
            raise ScenarioError(f"line {node.start_mark.line + 1}: an alias refers to a value that contains it")
        active.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                total += size(child, depth + 1)
                if total > MAX_EXPANDED_VALUES:
                    break
        elif isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                total += size(k, depth + 1) + size(v, depth + 1)
                if total > MAX_EXPANDED_VALUES:
                    break
        elif isinstance(node, yaml.ScalarNode):
            total += len(node.value) // 100
        active.discard(key)
        sizes[key] = total
        if total > MAX_EXPANDED_VALUES:
            raise ScenarioError(f"line {node.start_mark.line + 1}: with its aliases expanded the document has more "
                                f"than {MAX_EXPANDED_VALUES:,} values (YAML aliases may not multiply a document)")
        return total

    try:
        if root is not None:
            size(root, 0)
    finally:
        del size  # (the function refers to itself through its closure: a cycle, broken here)


def _construct_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    mapping: dict = {}
    for key_node, value_node in node.value:
        line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode):
            what = "a list" if isinstance(key_node, yaml.SequenceNode) else "a mapping"
            raise ScenarioError(f"line {line}: a key must be a plain name, not {what}")
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise ScenarioError(f"line {line}: a key must be a plain name") from None
        if key in mapping:
            raise ScenarioError(f"line {line}: duplicate key {quote(key)}")
        mapping[key] = loader.construct_object(value_node, deep=deep)
    return mapping


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _position(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


def read_document(path: str | Path) -> dict:
    """Load a scenario file (``.json`` as JSON, anything else as YAML) into a mapping (:func:`read_text`)."""
    return parse_document(read_text(path), label=str(path), json_only=Path(path).suffix.lower() == ".json")


def read_text(path: str | Path) -> str:
    """A scenario file's text. Only regular files are read (not a FIFO or a device such as ``/dev/zero``),
    at most :data:`MAX_FILE_BYTES` bytes of UTF-8 text; a byte-order mark is dropped."""
    import os
    import stat as stat_

    p = Path(path)
    label = str(path)
    try:
        st = os.stat(p)
        if stat_.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat_.S_ISREG(st.st_mode):
            raise ScenarioError("is not a regular file (a device, a pipe or a socket); give a scenario file",
                                file=label)
        if st.st_size > MAX_FILE_BYTES:
            raise ScenarioError(f"the file has {st.st_size:,} bytes; a scenario file has at most "
                                f"{MAX_FILE_BYTES:,}", file=label)
        with open(p, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ScenarioError("no such file", file=label) from None
    except IsADirectoryError:
        raise ScenarioError("is a directory, not a scenario file", file=label) from None
    except OSError as exc:
        raise ScenarioError(f"cannot read: {exc.strerror or exc}", file=label) from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(f"the file has more than {MAX_FILE_BYTES:,} bytes, the most a scenario file may have",
                            file=label)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = data[:exc.start].decode("utf-8", errors="replace")
        raise ScenarioError(f"not UTF-8 text: byte {exc.start} ({_position(good, len(good))}) is "
                            f"{exc.reason}", file=label) from None
    return text[1:] if text.startswith("\ufeff") else text


def _json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text (outside strings), in one pass."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _check_values(value: Any, label: str, path: str = "", depth: int = 0) -> None:
    """Strings within :data:`MAX_STRING` characters and free of control characters; nesting
    within :data:`MAX_DEPTH` (the parsers check it too; this covers JSON and constructed values)."""
    if depth > MAX_DEPTH:
        raise ScenarioError(f"nested deeper than {MAX_DEPTH} levels", file=label, path=path or None)
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise ScenarioError(f"a string of {len(value):,} characters; at most {MAX_STRING:,} are allowed "
                                f"({quote(value)})", file=label, path=path or None)
        bad = _CONTROL.search(value)
        if bad:
            raise ScenarioError(f"control character U+{ord(bad.group()):04X} at character {bad.start() + 1} of "
                                f"{quote(value)}", file=label, path=path or None)
    elif isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, (str, int, float, bool)) and k is not None:
                raise ScenarioError("a key must be a plain name", file=label, path=path or None)
            _check_values(k, label, path, depth + 1)
            sub = f"{path}.{k}" if path else str(k)
            _check_values(v, label, sub, depth + 1)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_values(v, label, f"{path}[{i}]", depth + 1)
    elif isinstance(value, float) and value != value:
        raise ScenarioError("not a number (nan)", file=label, path=path or None)
    elif isinstance(value, (int, float, bool)) or value is None:
        return
    else:  # dates and times of YAML's timestamp tag, binary
        raise ScenarioError(f"must be a string, number, boolean, list or mapping, not a "
                            f"{type(value).__name__} ({quote(value)})", file=label, path=path or None)


def _json_int(text: str, digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # more digits than Python reads (4,300)
        raise ScenarioError(f"{_position(text, text.find(digits))}: {_too_long_number(digits)}") from None


#: (text, JSON only) -> the mapping read from it, for texts of at most :data:`_PARSED_MAX_TEXT` characters: one
#: command reads its file more than once (is it a saved ruling? then the scenario) and a batch or a server reads the
#: same files again; every caller gets a copy of its own
_PARSED: dict[tuple[str, bool], dict] = {}
_PARSED_MAX = 128
_PARSED_MAX_TEXT = 1 << 16


def parse_document(text: str, *, label: str = "<scenario>", json_only: bool = False) -> dict:
    """Parse scenario text (YAML, which includes JSON) into a mapping, within the limits above."""
    import copy

    got = _PARSED.get((text, json_only))
    if got is not None:
        return copy.deepcopy(got)
    data = _parse_document(text, label=label, json_only=json_only)
    if len(text) <= _PARSED_MAX_TEXT:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[(text, json_only)] = copy.deepcopy(data)
    return data


def _parse_document(text: str, *, label: str, json_only: bool) -> dict:
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(f"the document has {len(text):,} characters; a scenario has at most "
                            f"{MAX_FILE_BYTES:,}", file=label)
    bad = _CONTROL_TEXT.search(text)
    if bad:
        raise ScenarioError(f"control character U+{ord(bad.group()):04X} at {_position(text, bad.start())}",
                            file=label)
    try:
        if json_only:
            if _json_depth(text) > MAX_DEPTH:
                raise ScenarioError(f"nested deeper than {MAX_DEPTH} levels")
            data = json.loads(text, object_pairs_hook=_json_pairs, parse_int=lambda t: _json_int(text, t))
        else:
            data = yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except ScenarioError as exc:
        raise ScenarioError(exc.message, file=label, help=exc.help) from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", file=label) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        problem = " ".join(safe_text(str(problem)).split())
        raise ScenarioError(f"invalid YAML: {where}{problem}", file=label) from None
    except (RecursionError, MemoryError):
        raise ScenarioError(f"nested too deeply or too large (at most {MAX_DEPTH} levels, "
                            f"{MAX_FILE_BYTES:,} bytes)", file=label) from None
    except (ValueError, OverflowError) as exc:  # e.g. a YAML timestamp out of range, int digits limit
        raise ScenarioError(f"invalid value: {quote(exc)}", file=label) from None
    if data is None:
        raise ScenarioError("the file is empty", file=label)
    if not isinstance(data, dict):
        raise ScenarioError(f"the top level must be a mapping (with a `game:` key), not {_kind(data)}", file=label)
    _check_values(data, label)
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
    def error(self, message: str, key: str | int | None = None, *, help: tuple[str, ...] = ()) -> ScenarioError:
        return ScenarioError(message, file=self.file, path=self._sub(key) if key is not None else (self.path or None),
                             help=help)

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


def numbered_copies(items: Sequence[T]) -> list[T]:
    """``items`` (frozen dataclasses with a ``name``) with every copy after the first of a name renamed
    "Name (2)", "Name (3)", ...: two copies of one card in a scenario stay two distinct figures.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Card:
    ...     name: str
    >>> [c.name for c in numbered_copies([Card("Orc"), Card("Troll"), Card("Orc"), Card("Orc")])]
    ['Orc', 'Troll', 'Orc (2)', 'Orc (3)']
    """
    counts = Counter(x.name for x in items)  # type: ignore[attr-defined]
    seen: Counter = Counter()
    out = []
    for x in items:
        name = x.name  # type: ignore[attr-defined]
        if counts[name] > 1:
            seen[name] += 1
            if seen[name] > 1:
                x = replace(x, name=f"{name} ({seen[name]})")
        out.append(x)
    return out


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
            err = ScenarioError(f"--flag {name}={value}: {exc.message}", help=exc.help, suggestions=exc.suggestions)
            err.flag = name
            raise err from None
        origin[name] = "command line"
    return flags, origin
