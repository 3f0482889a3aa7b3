"""Declaring a scenario document once: the reader checks files with it, and it prints as JSON Schema.

A game declares the shape of its scenario files with the small vocabulary below (objects with
fields, strings, whole numbers, booleans, lists, free mappings, alternatives, name references,
interpretation flags, claims).  The same declaration gives

* :func:`to_json_schema`: a JSON Schema (draft 2020-12) for editors and other tools, with the
  descriptions written beside the fields, ``additionalProperties: false`` where the reader
  refuses unknown keys;
* :func:`validate`: the structural check the game's reader runs first, raising
  :class:`~pycombat.errors.ScenarioError` with the field path in the format of
  :class:`pycombat.scenario.Node` (``attacker.members[2].name``) and the reader's one-line
  messages (an unknown key suggests the closest known one).

What needs the shipped data (is this card name known? is this region adjacent?) stays in the
reader: a name reference is declared as "a ... name from the shipped data" and checked there.

>>> unit = Obj({"name": Str("its name"), "might": Int("its Might", minimum=0)}, required=("name",))
>>> spec = Obj({"game": Const("toy"), "units": List(unit, "the units", max_items=3)}, required=("game",))
>>> validate(spec, {"game": "toy", "units": [{"name": "A", "might": 2}]})
>>> validate(spec, {"game": "toy", "units": [{"name": "A", "mihgt": 2}]}, file="t.yaml")
Traceback (most recent call last):
...
pycombat.errors.ScenarioError: t.yaml: units[0].mihgt: unknown field 'mihgt' in units[0]; did you mean 'might'?
>>> validate(spec, {"game": "toy", "units": [{"name": "A", "might": -1}]})
Traceback (most recent call last):
...
pycombat.errors.ScenarioError: units[0].might: must be at least 0, not -1
>>> schema = to_json_schema(spec, title="Toy", id="https://example.org/toy.json")
>>> schema["$schema"], schema["properties"]["units"]["maxItems"]
('https://json-schema.org/draft/2020-12/schema', 3)
>>> schema["properties"]["units"]["items"]["additionalProperties"]
False
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .errors import ScenarioError
from .names import closest

__all__ = ["Spec", "Str", "Name", "Words", "Const", "Int", "Bool", "Number", "Anything", "List", "Tuple", "Map",
           "Obj", "AnyOf", "ByKeys", "Flags", "claims_spec", "to_json_schema", "validate", "DRAFT"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"

#: limits every declared value has unless its declaration states a tighter one: the
#: JSON Schema states them (``maxLength``, ``minimum``/``maximum``, ``maxItems``)
MAX_TEXT = 1_000
MAX_INT = 1_000_000
MAX_ITEMS = 1_000
#: claims in one scenario (each is decided by a solver run; the shipped rulings have at most 46)
MAX_CLAIMS = 100


def _num(value: int) -> str:
    """A number for a message: a huge one by its size, not its 4,000 digits (counted without writing it:
    Python refuses to write an int of more than 4,300 digits).

    >>> _num(12), _num(10 ** 30), _num(10 ** 30 - 1), _num(-10 ** 5000)
    ('12', 'a number of 31 digits', 'a number of 30 digits', 'a number of 5,001 digits')
    """
    if not isinstance(value, int):
        return str(value)
    v = abs(value)
    digits = max(1, int((v.bit_length() - 1) * 0.3010299956639812) + 1)  # (the estimate is off by one at most)
    if v >= 10 ** digits:
        digits += 1
    elif digits > 1 and v < 10 ** (digits - 1):
        digits -= 1
    return str(value) if digits <= 20 else f"a number of {digits:,} digits"


# ---- paths and messages (the formats of pycombat.scenario.Node) ------------------------------------
def _sub(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _kind(value: Any) -> str:
    from .scenario import _kind as kind

    return kind(value)


def json_type(value: Any) -> str:
    """The JSON Schema type name of a Python value (``null``, ``boolean``, ``integer``, ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


@dataclass(frozen=True)
class _At:
    file: str | None
    path: str

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(message, file=self.file, path=self.path or None)

    def sub(self, key: str | int) -> "_At":
        return _At(self.file, _sub(self.path, key))


def _choice_message(value: str, choices: Sequence[str]) -> str:
    hint = closest(value, list(choices), n=1)
    extra = f"; did you mean {hint[0]!r}?" if hint else ""
    return f"{value!r} is not one of {', '.join(choices)}{extra}"


# ---- the vocabulary ----------------------------------------------------------------------------------
class Spec:
    """A declared value: :meth:`json` gives its JSON Schema, :meth:`check` validates a value."""

    description: str = ""
    #: JSON types the value may have (used to pick an alternative of :class:`AnyOf`)
    types: tuple[str, ...] = ()
    #: a noun for messages ("a string"), used when no alternative of an AnyOf fits
    noun: str = "a value"

    def json(self) -> dict:
        raise NotImplementedError

    def check(self, value: Any, at: _At) -> None:
        raise NotImplementedError

    def _described(self, schema: dict) -> dict:
        if self.description:
            return {"description": self.description, **schema}
        return schema

    def accepts_type(self, t: str) -> bool:
        return t in self.types or (t == "integer" and "number" in self.types)

    def _fail(self, message: str | None, default: str, value: Any, at: _At) -> ScenarioError:
        text = message.format(value=value, kind=_kind(value)) if message else default
        return at.error(text)


@dataclass(frozen=True)
class Str(Spec):
    """A non-empty string; ``enum`` its allowed values, ``max_length``/``pattern`` limits.

    ``message`` replaces the reader's message for a wrong value (``{value!r}`` and ``{kind}`` are
    filled in); ``nullable`` lets ``null`` stand for "not given".

    >>> Str("a phase", enum=("a", "b")).json()
    {'description': 'a phase', 'type': 'string', 'enum': ['a', 'b']}
    >>> Str(enum=("army", "event")).check("evnt", _At(None, "battle.action"))
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: battle.action: 'evnt' is not one of army, event; did you mean 'event'?
    """

    description: str = ""
    enum: tuple[str, ...] | None = None
    max_length: int | None = None  # None: MAX_TEXT (every string has a stated limit)
    pattern: str | None = None
    message: str | None = None
    nullable: bool = False
    examples: tuple[str, ...] = ()

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("string", "null") if self.nullable else ("string",)

    noun = "a string"

    @property
    def _max_length(self) -> int:
        return self.max_length if self.max_length is not None else MAX_TEXT

    def json(self) -> dict:
        out: dict[str, Any] = {"type": ["string", "null"] if self.nullable else "string"}
        if self.enum is not None:
            out["enum"] = list(self.enum) + ([None] if self.nullable else [])
        else:
            out["minLength"] = 1
            out["pattern"] = self.pattern or r"\S"
        if self.enum is None:
            out["maxLength"] = self._max_length
        if self.examples:
            out["examples"] = list(self.examples)
        return self._described(out)

    def check(self, value: Any, at: _At) -> None:
        if value is None and self.nullable:
            return
        if not isinstance(value, str):
            raise self._fail(self.message, f"must be a string, not {_kind(value)}", value, at)
        text = value.strip()
        if not text:
            raise self._fail(self.message, "must not be empty", value, at)
        if len(value) > self._max_length:
            raise self._fail(None, f"has at most {self._max_length:,} characters, not {len(value):,}",
                             value, at)
        if self.enum is not None and text not in self.enum:
            raise self._fail(self.message, _choice_message(text, self.enum), value, at)
        if self.pattern is not None and not re.search(self.pattern, value):
            raise self._fail(self.message, f"{value!r} does not have the expected form", value, at)


def Name(what: str, description: str = "", *, max_length: int | None = 200) -> Str:
    """A reference to a name of the shipped data (a card, a region, a Nation...): a string here,
    looked up by the reader (which suggests the closest name when it is unknown).

    >>> Name("card").description
    'a card name from the shipped data'
    """
    text = f"a {what} name from the shipped data" + (f": {description}" if description else "")
    return Str(text, max_length=max_length)


def _loose(word: str) -> str:
    """A regex for ``word`` ignoring case, with space, hyphen and underscore alike."""
    out = []
    for ch in word:
        if ch in " _-":
            out.append(r"[ _-]")
        elif ch.isalpha():
            out.append(f"[{ch.lower()}{ch.upper()}]")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def Words(description: str, words: Sequence[str], *, message: str | None = None) -> Str:
    """One of ``words``, ignoring case, spaces, hyphens and underscores (``At War`` = ``at_war``).

    >>> s = Words("a status", ("at_war", "active"))
    >>> s.check("At War", _At(None, "x")) is None
    True
    >>> s.json()["pattern"]
    '^\\\\s*(?:[aA][tT][ _-][wW][aA][rR]|[aA][cC][tT][iI][vV][eE])\\\\s*$'
    """
    pattern = r"^\s*(?:" + "|".join(_loose(w) for w in words) + r")\s*$"
    return Str(f"{description} (one of {', '.join(words)}; case, spaces and hyphens do not matter)",
               pattern=pattern, message=message)


@dataclass(frozen=True)
class Const(Spec):
    """Exactly ``value`` (the ``game:`` key)."""

    value: Any
    description: str = ""
    message: str | None = None

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return (json_type(self.value),)

    def json(self) -> dict:
        return self._described({"const": self.value})

    def check(self, value: Any, at: _At) -> None:
        if isinstance(self.value, str) and (not isinstance(value, str) or not value.strip()):
            raise at.error(f"must be a string, not {_kind(value)}" if not isinstance(value, str)
                           else "must not be empty")
        got = value.strip() if isinstance(value, str) else value
        if got != self.value:
            raise self._fail(self.message, f"must be {self.value!r}, not {value!r}", got, at)


@dataclass(frozen=True)
class Int(Spec):
    """A whole number (not a boolean), from ``minimum`` to ``maximum``.

    >>> Int("a 2d6 roll", minimum=2, maximum=12).json()
    {'description': 'a 2d6 roll', 'type': 'integer', 'minimum': 2, 'maximum': 12}
    >>> Int(minimum=1).check(0, _At(None, "battle.cards[0].round"))
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: battle.cards[0].round: must be at least 1, not 0
    """

    description: str = ""
    minimum: int | None = None
    maximum: int | None = None
    message: str | None = None
    #: put before the default messages ("damage " + "must be at least 0, not -1")
    prefix: str = ""

    types = ("integer",)
    noun = "a whole number"

    def json(self) -> dict:
        out: dict[str, Any] = {"type": "integer"}
        out["minimum"] = self.minimum if self.minimum is not None else -MAX_INT
        out["maximum"] = self.maximum if self.maximum is not None else MAX_INT
        return self._described(out)

    def check(self, value: Any, at: _At) -> None:
        p = self.prefix
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._fail(self.message, f"{p}must be a whole number, not {_kind(value)}", value, at)
        if self.minimum is not None and value < self.minimum:
            raise self._fail(self.message, f"{p}must be at least {self.minimum}, not {_num(value)}", value, at)
        if self.maximum is not None and value > self.maximum:
            raise self._fail(self.message, f"{p}must be at most {self.maximum}, not {_num(value)}", value, at)
        if abs(value) > MAX_INT:
            raise self._fail(None, f"{p}must be between {-MAX_INT:,} and {MAX_INT:,}, not {_num(value)}", value, at)


@dataclass(frozen=True)
class Number(Spec):
    """A number, whole or decimal (not a boolean)."""

    description: str = ""
    minimum: float | None = None
    maximum: float | None = None

    types = ("number",)
    noun = "a number"

    def json(self) -> dict:
        out: dict[str, Any] = {"type": "number"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return self._described(out)

    def check(self, value: Any, at: _At) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise at.error(f"must be a number, not {_kind(value)}")
        if self.minimum is not None and value < self.minimum:
            raise at.error(f"must be at least {self.minimum}, not {value}")
        if self.maximum is not None and value > self.maximum:
            raise at.error(f"must be at most {self.maximum}, not {value}")


@dataclass(frozen=True)
class Bool(Spec):
    """``true`` or ``false``."""

    description: str = ""
    message: str | None = None

    types = ("boolean",)
    noun = "true or false"

    def json(self) -> dict:
        return self._described({"type": "boolean"})

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, bool):
            raise self._fail(self.message, f"must be true or false, not {_kind(value)}", value, at)


@dataclass(frozen=True)
class Anything(Spec):
    """Any value (free text such as ``description:``, kept but not interpreted)."""

    description: str = ""

    types = ("null", "boolean", "integer", "number", "string", "array", "object")

    def json(self) -> dict:
        return self._described({})

    def check(self, value: Any, at: _At) -> None:
        return None


@dataclass(frozen=True)
class List(Spec):
    """A list of ``item`` s (``null`` counts as an empty list, as in the reader).

    >>> List(Int(), max_items=2).check([1, 2, 3], _At(None, "rolls"))
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: rolls: has at most 2 entries, not 3
    """

    item: Spec
    description: str = ""
    min_items: int | None = None
    max_items: int | None = None
    nullable: bool = True
    message: str | None = None
    #: the message when there are fewer than ``min_items`` entries
    few_message: str | None = None

    @property
    def _null_ok(self) -> bool:  # null reads as [], which a list with a minimum length refuses
        return self.nullable and not self.min_items

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("array", "null") if self._null_ok else ("array",)

    noun = "a list"

    def json(self) -> dict:
        out: dict[str, Any] = {"type": ["array", "null"] if self._null_ok else "array", "items": self.item.json()}
        if self.min_items is not None:
            out["minItems"] = self.min_items
        out["maxItems"] = self.max_items if self.max_items is not None else MAX_ITEMS
        return self._described(out)

    def check(self, value: Any, at: _At) -> None:
        if value is None and self.nullable:
            value = []
        if not isinstance(value, list):
            raise self._fail(self.message, f"must be a list, not {_kind(value)}", value, at)
        if self.min_items is not None and len(value) < self.min_items:
            raise self._fail(self.few_message or self.message, f"has at least {self.min_items} entries, not "
                             f"{len(value)}", value, at)
        most = self.max_items if self.max_items is not None else MAX_ITEMS
        if len(value) > most:
            raise self._fail(None, f"has at most {most:,} entries, not {len(value):,}", value, at)
        for i, v in enumerate(value):
            self.item.check(v, at.sub(i))


@dataclass(frozen=True)
class Tuple(Spec):
    """A fixed-length list, one spec per position (``[unit, damage]``)."""

    items: tuple[Spec, ...]
    description: str = ""
    message: str | None = None

    types = ("array",)
    noun = "a list"

    def json(self) -> dict:
        n = len(self.items)
        return self._described({"type": "array", "prefixItems": [s.json() for s in self.items], "items": False,
                                "minItems": n, "maxItems": n})

    def check(self, value: Any, at: _At) -> None:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise self._fail(self.message, f"must be a list of {len(self.items)} entries", value, at)
        for i, (spec, v) in enumerate(zip(self.items, value)):
            spec.check(v, at.sub(i))


@dataclass(frozen=True)
class Map(Spec):
    """A free mapping: keys named by the user (``key`` says what they are), values ``value``.

    >>> Map(Int(minimum=0), key="a Nation name from the shipped data").json()["additionalProperties"]
    {'type': 'integer', 'minimum': 0, 'maximum': 1000000}
    """

    value: Spec
    description: str = ""
    key: str = ""
    nullable: bool = False
    min_properties: int | None = None
    max_properties: int | None = None
    message: str | None = None

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("object", "null") if self.nullable else ("object",)

    noun = "a mapping"

    def json(self) -> dict:
        out: dict[str, Any] = {"type": ["object", "null"] if self.nullable else "object",
                               "additionalProperties": self.value.json()}
        if self.key:
            out["propertyNames"] = {"description": self.key}
        if self.min_properties is not None:
            out["minProperties"] = self.min_properties
        if self.max_properties is not None:
            out["maxProperties"] = self.max_properties
        return self._described(out)

    def check(self, value: Any, at: _At) -> None:
        if value is None and self.nullable:
            return
        if not isinstance(value, dict):
            raise self._fail(self.message, f"must be a mapping, not {_kind(value)}", value, at)
        n = len(value)
        if (self.min_properties is not None and n < self.min_properties) or (
                self.max_properties is not None and n > self.max_properties):
            raise self._fail(self.message, f"must have {self.min_properties} to {self.max_properties} entries, "
                             f"not {n}", value, at)
        for k, v in value.items():
            self.value.check(v, at.sub(str(k)))


@dataclass(frozen=True)
class Obj(Spec):
    """A mapping with known fields (a closed object: an unknown key is an error with the closest
    known key suggested).

    ``required``: fields that must be given; ``exactly_one``: fields of which exactly one is given
    (``exactly_one_message``, with ``{one_of}`` and ``{has}`` filled in); ``dependent_required``: field -> fields it needs;
    ``unknown_first``: report an unknown key before a missing required one (a misspelt required
    key then reads as such). Fields are checked in the declared order (the reader's order).

    >>> o = Obj({"might": Int(), "unit": Str(), "stun": Str()}, exactly_one=("might", "stun"),
    ...         dependent_required={"might": ("unit",)})
    >>> o.check({"might": 1}, _At(None, "showdown[0]"))
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: showdown[0].unit: is required
    >>> o.json()["dependentRequired"], o.json()["oneOf"]
    ({'might': ['unit']}, [{'required': ['might']}, {'required': ['stun']}])
    """

    fields: Mapping[str, Spec]
    description: str = ""
    required: tuple[str, ...] = ()
    closed: bool = True
    nullable: bool = False
    unknown_first: bool = False
    exactly_one: tuple[str, ...] = ()
    exactly_one_message: str | None = None
    dependent_required: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    message: str | None = None

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("object", "null") if self.nullable else ("object",)

    noun = "a mapping"

    @property
    def keys(self) -> tuple[str, ...]:
        """The field names, in declared order (the key tuples the reader passes to ``Node.finish``)."""
        return tuple(self.fields)

    def json(self) -> dict:
        out: dict[str, Any] = {"type": ["object", "null"] if self.nullable else "object",
                               "properties": {k: s.json() for k, s in self.fields.items()}}
        if self.required:
            out["required"] = list(self.required)
        if self.closed:
            out["additionalProperties"] = False
        if self.exactly_one:
            out["oneOf"] = [{"required": [k]} for k in self.exactly_one]
        if self.dependent_required:
            out["dependentRequired"] = {k: list(v) for k, v in self.dependent_required.items()}
        return self._described(out)

    def _unknown(self, value: dict, at: _At) -> None:
        for key in value:
            if key not in self.fields:
                hint = closest(str(key), list(self.fields), n=1)
                extra = f"; did you mean {hint[0]!r}?" if hint else ""
                where = f" in {at.path}" if at.path else ""
                raise ScenarioError(f"unknown field {key!r}{where}{extra}", file=at.file, path=_sub(at.path, str(key)))

    def check(self, value: Any, at: _At) -> None:
        if value is None and self.nullable:
            return
        if not isinstance(value, dict):
            raise self._fail(self.message, f"must be a mapping, not {_kind(value)}", value, at)
        if self.closed and self.unknown_first:
            self._unknown(value, at)
        if self.exactly_one:
            given = [k for k in self.exactly_one if k in value]
            if len(given) != 1:
                if self.closed:
                    self._unknown(value, at)
                has = f" (this one has {', '.join(given)})" if given else ""
                text = self.exactly_one_message or "needs exactly one of: {one_of}{has}"
                raise at.error(text.format(one_of=", ".join(self.exactly_one), has=has))
        for key, spec in self.fields.items():
            if key in value:
                spec.check(value[key], at.sub(key))
                for needed in self.dependent_required.get(key, ()):
                    if needed not in value:
                        raise at.sub(needed).error("is required")
            elif key in self.required:
                raise at.sub(key).error("is required")
        if self.closed:
            self._unknown(value, at)


@dataclass(frozen=True)
class AnyOf(Spec):
    """One of several shapes (a card name or a mapping; a number or ``all``).

    The validator picks the alternative by the value's type, so that an error inside it keeps its
    full path; alternatives of the same type are tried in order.

    >>> m = AnyOf((Str(), Obj({"name": Str()}, required=("name",))), "a member")
    >>> m.check({"nam": "x"}, _At(None, "members[0]"))
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: members[0].name: is required
    >>> m.check(3, _At(None, "members[0]"))
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: members[0]: must be a string or a mapping, not a number
    """

    options: tuple[Spec, ...]
    description: str = ""
    message: str | None = None

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(dict.fromkeys(t for o in self.options for t in o.types))

    def json(self) -> dict:
        return self._described({"anyOf": [o.json() for o in self.options]})

    def check(self, value: Any, at: _At) -> None:
        t = json_type(value)
        fitting = [o for o in self.options if o.accepts_type(t)]
        if not fitting:
            nouns = list(dict.fromkeys(o.noun for o in self.options))
            default = f"must be {' or '.join(nouns)}, not {_kind(value)}"
            raise self._fail(self.message, default, value, at)
        first: ScenarioError | None = None
        for o in fitting:
            try:
                o.check(value, at)
                return
            except ScenarioError as exc:
                first = first or exc
        if self.message and len(fitting) > 1:
            raise self._fail(self.message, "", value, at)
        assert first is not None
        raise first


@dataclass(frozen=True)
class ByKeys(Spec):
    """A mapping read as ``then`` when it has any of the keys ``when``, else as ``otherwise``
    (JSON Schema ``if``/``then``/``else``): two kinds of document under one ``game:``."""

    when: tuple[str, ...]
    then: Spec
    otherwise: Spec
    description: str = ""

    types = ("object",)
    noun = "a mapping"

    def json(self) -> dict:
        cond = {"anyOf": [{"required": [k]} for k in self.when]} if len(self.when) > 1 else {"required": list(self.when)}
        return self._described({"type": "object", "if": cond, "then": self.then.json(), "else": self.otherwise.json()})

    def pick(self, value: Any) -> Spec:
        return self.then if isinstance(value, dict) and any(k in value for k in self.when) else self.otherwise

    def check(self, value: Any, at: _At) -> None:
        self.pick(value).check(value, at)


@dataclass(frozen=True)
class Flags(Spec):
    """A game's ``rules:`` mapping: interpretation flags, names and values from its rule digest
    (:func:`pycombat.rulebook.load_rulebook`); checked by the digest itself, so the messages are
    the ones ``--flag`` gives.

    >>> s = Flags("meccg").json()
    >>> s["additionalProperties"], "phase2_assignment" in s["properties"]
    (False, True)
    >>> Flags("meccg").check({"phase2_asignment": "optional"}, _At("s.yaml", "rules"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycombat.errors.ScenarioError: s.yaml: rules.phase2_asignment: unknown meccg rule flag 'phase2_asignment'; ...
    """

    game: str
    description: str = ""

    types = ("object", "null")
    noun = "a mapping"

    def _book(self):
        from .rulebook import load_rulebook

        return load_rulebook(self.game)

    def json(self) -> dict:
        props = {}
        for name, flag in self._book().flags.items():
            options: list[dict] = [{"type": "string", "enum": list(flag.values)}] if flag.values else []
            words = set(flag.values)
            if words & {"on", "off", "yes", "no", "true", "false"}:
                options.append({"type": "boolean"})
            if "none" in words:
                options.append({"type": "null"})
            if flag.allows_int:
                options.append({"type": "integer", **({"minimum": flag.int_min} if flag.int_min is not None else {})})
                options.append({"type": "string", "pattern": r"^-?\d+$"})
            why = " ".join(flag.why.split())
            text = f"{why} Allowed: {flag.describe_allowed()}; default {flag.default!r}.".strip()
            props[name] = {"description": text, "default": flag.default,
                           **({"anyOf": options} if len(options) > 1 else options[0] if options else {})}
        desc = self.description or (f"interpretation flags of the {self.game} rule digest (each has a default; "
                                    "`--flag NAME=VALUE` overrides the file)")
        return {"description": desc, "type": ["object", "null"], "properties": props, "additionalProperties": False}

    def check(self, value: Any, at: _At) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise at.error(f"must be a mapping, not {_kind(value)}")
        self._book().resolve_flags(value, file=at.file, path_prefix=at.path)


def claims_spec(*, kinds: Sequence[str] | None = None, arg_keys: Sequence[str] = (),
                description: str = "") -> List:
    """The ``claims:`` list (read by :func:`pycombat.verdicts.parse_claims`): each entry a sentence,
    or a mapping with ``claim:`` (a sentence) or ``kind:`` and that kind's fields. ``kinds`` and
    ``arg_keys`` (a game's :class:`~pycombat.verdicts.ClaimBook`) close the mapping; without them
    the kind-specific fields are left open (the claim reader checks them).

    >>> c = claims_spec(kinds=("strength",), arg_keys=("role",))
    >>> c.json()["items"]["anyOf"][1]["properties"]["kind"]["enum"]
    ['strength']
    """
    from .verdicts import CLAIM_FIELDS, MAX_SENTENCE

    sentence = Str("a claim as a sentence (the game's templates read it)", max_length=MAX_SENTENCE)
    fields: dict[str, Spec] = {
        "id": AnyOf((Str(), Int()), "a short name for the claim in the report (default claim-N)"),
        "claim": sentence,
        "kind": Str("the kind of a claim given by fields instead of a sentence",
                    enum=tuple(kinds) if kinds is not None else None),
        "expect": Bool("the verdict expected: verify exits with 1 when the verdict differs"),
        "negated": Bool("a `kind:` claim stated negatively (its verdict is flipped)"),
    }
    assert tuple(fields) == tuple(CLAIM_FIELDS), "CLAIM_FIELDS changed: update claims_spec"
    for key in arg_keys:
        fields.setdefault(key, Anything(f"an argument of `kind:` claims (`{key}`)"))
    entry = Obj(fields, "a claim with its fields", closed=kinds is not None, exactly_one=("claim", "kind"))
    return List(AnyOf((sentence, entry)), max_items=MAX_CLAIMS, description=description or "claims for `pycombat verify`: each is a sentence, or a "
                "mapping with `claim:` (a sentence) or `kind:` and its fields, optionally `expect:` and `id:`")


# ---- the two entry points ---------------------------------------------------------------------------
def to_json_schema(spec: Spec, *, title: str | None = None, id: str | None = None,
                   description: str | None = None) -> dict:
    """The JSON Schema (draft 2020-12) of a document declared by ``spec``."""
    out: dict[str, Any] = {"$schema": DRAFT}
    if id:
        out["$id"] = id
    if title:
        out["title"] = title
    body = spec.json()
    if description:
        body["description"] = description
    out.update(body)
    return out


def validate(spec: Spec, data: Any, *, file: str | None = None, path: str = "") -> None:
    """Check ``data`` against ``spec``; the first mistake raises :class:`ScenarioError` with ``file``
    and the field path (the format of :class:`pycombat.scenario.Node`)."""
    spec.check(data, _At(file, path))




def with_claim_book(spec: Obj, book: Any) -> Obj:
    """``spec`` with its ``claims:`` closed by a claim book (its ``kinds`` and ``arg_keys``); as it
    is when ``book`` is None."""
    from dataclasses import replace

    if book is None or "claims" not in spec.fields:
        return spec
    claims = claims_spec(kinds=tuple(book.kinds), arg_keys=tuple(book.arg_keys))
    return replace(spec, fields={**spec.fields, "claims": claims})


def registered_claim_book(game: str, *args: Any) -> Any:
    """The claim book a game registered (``Game.claims``, called with ``args``), or None when it
    registered none."""
    from .registry import get, resolve

    try:
        ref = get(game).claims
    except KeyError:
        return None
    if ref is None:
        return None
    book = resolve(ref)
    book = book(*args) if callable(book) and not hasattr(book, "kinds") else book
    return book if hasattr(book, "kinds") and hasattr(book, "arg_keys") else None


def game_schema(game: str, spec: Spec, title: str, *, book: Any = None) -> dict:
    """The JSON Schema of game ``game``'s scenario files (``$id`` ``urn:pycombat:scenario:<game>``)."""
    if isinstance(spec, Obj):
        spec = with_claim_book(spec, book)
    return to_json_schema(spec, title=title, id=f"urn:pycombat:scenario:{game}")
