"""Sentence patterns on user text, bounded.

A claim pattern such as ``^(?P<d>.+?) may take (?P<a>.+?)'s strike$`` backtracks: on a sentence
of n characters made of its own words it takes about n² steps, hopeless for a 1 MB paste.
:class:`Guarded` wraps a compiled pattern so that text longer than :data:`MAX_SENTENCE` (the
claim reader's own limit, ``pycombat.verdicts.MAX_SENTENCE``) is answered "no match" at once;
within the limit every shipped pattern answers in milliseconds (``tests/test_claim_patterns.py``
feeds each one adversarial text at the limit and at 1 MB under a timeout).

>>> g = Guarded(re.compile(r"^(?P<a>.+?) wins$"))
>>> g.match("Gandalf wins").group("a"), g.pattern
('Gandalf', '^(?P<a>.+?) wins$')
>>> g.match("x" * 3000 + " wins") is None
True
"""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Sequence

#: the longest text a pattern is tried on (the claim reader refuses longer sentences)
MAX_SENTENCE = 2_000


class Guarded:
    """A compiled pattern that never runs on text over ``limit`` characters (then: no match)."""

    __slots__ = ("compiled", "limit")

    def __init__(self, compiled: re.Pattern | str, limit: int = MAX_SENTENCE):
        self.compiled = re.compile(compiled) if isinstance(compiled, str) else compiled
        self.limit = limit

    @property
    def pattern(self) -> str:
        return self.compiled.pattern

    @property
    def flags(self) -> int:
        return self.compiled.flags

    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def match(self, text: str, *args: Any) -> re.Match | None:
        return None if len(text) > self.limit else self.compiled.match(text, *args)

    def fullmatch(self, text: str, *args: Any) -> re.Match | None:
        return None if len(text) > self.limit else self.compiled.fullmatch(text, *args)

    def search(self, text: str, *args: Any) -> re.Match | None:
        return None if len(text) > self.limit else self.compiled.search(text, *args)

    def __repr__(self) -> str:
        return f"Guarded({self.compiled!r}, limit={self.limit})"


def guard(pairs: Iterable[tuple[Any, Any]], limit: int = MAX_SENTENCE) -> tuple[tuple[Guarded, Any], ...]:
    """``(pattern, x)`` pairs (claim templates, negations) with each pattern guarded."""
    return tuple((p if isinstance(p, Guarded) else Guarded(p, limit), x) for p, x in pairs)


def guard_reader(read: Callable[[str], Any] | None, limit: int = MAX_SENTENCE) -> Callable[[str], Any] | None:
    """A ``read_sentence(text)`` hook that answers None for text over ``limit`` characters."""
    if read is None:
        return None

    def bounded(text: str) -> Any:
        return None if len(text) > limit else read(text)

    bounded.__wrapped__ = read  # type: ignore[attr-defined]
    return bounded


# ---- a pattern as a sentence form, for a sentence no pattern reads ------------------------------------
#: how a short group name reads in a sentence form (any other one-letter name is a number: ``N``)
_GROUP_WORDS = {"a": "attacker", "c": "character", "d": "defender", "fig": "figure", "mod": "modifier"}
_PLAIN = re.compile(r"[\w' ]+(?:\|[\w' ]+)+")  # a choice of plain words: "attacker|defender"
_CHOICE, _SPACE = "\ue000", "\ue001"  # a choice's alternatives, and the spaces inside one, until shown (no whitespace)


def _group(name: str, inner: str) -> str:
    """A named group as a sentence form shows it: its words when it is a choice of plain words
    ("attacker/defender"), else ``<name>``."""
    if _PLAIN.fullmatch(inner):  # (kept as one word of the form until shown: _CHOICE between, _SPACE within)
        return _CHOICE.join(w.strip().replace(" ", _SPACE) for w in inner.split("|"))
    word = _GROUP_WORDS.get(name, "N" if len(name) == 1 else name)
    return f"<{word}>"


def _atom_end(text: str, k: int) -> int | None:
    """Past an escape (``\\d``) or a character class (``[123]``) at ``k``; None for any other character."""
    if text[k] == "\\":
        return k + 2
    if text[k] == "[":
        return text.index("]", k + 1) + 1
    return None


def _closing(text: str, i: int) -> int:
    """The index of the ``)`` that closes the ``(`` at ``i``."""
    depth, k = 0, i
    while k < len(text):
        past = _atom_end(text, k)
        if past is not None:
            k = past
            continue
        depth += text[k] == "("
        depth -= text[k] == ")"
        if depth == 0:
            return k
        k += 1
    raise ValueError(f"unbalanced pattern {text!r}")


def _alternatives(text: str) -> list[str]:
    """``text`` split at its top-level ``|``."""
    out, start, k = [], 0, 0
    while k < len(text):
        past = _closing(text, k) + 1 if text[k] == "(" else _atom_end(text, k)
        if past is not None:
            k = past
            continue
        if text[k] == "|":
            out.append(text[start:k])
            start = k + 1
        k += 1
    return out + [text[start:]]


def _render(text: str) -> str:
    """A pattern's text (one alternative) as the words of a sentence form (:func:`form_of`)."""
    out: list[str] = []
    k = 0
    while k < len(text):
        ch = text[k]
        if ch in "^$":
            k += 1
        elif ch == "(":
            end = _closing(text, k)
            inner = text[k + 1:end]
            k = end + 1
            optional = k < len(text) and text[k] in "?*"
            while k < len(text) and text[k] in "?*+":
                k += 1
            if optional:  # left out
                continue
            if inner.startswith("?P<"):
                close = inner.index(">")
                out.append(_group(inner[3:close], inner[close + 1:]))
            else:
                out.append(_render(_alternatives(inner[2:] if inner.startswith("?:") else inner)[0]))
        elif ch == "[":
            end = text.index("]", k + 1)
            out.append(text[k + 1])
            k = end + 1
        elif ch == "\\":
            nxt = text[k + 1]
            k += 2
            if k < len(text) and text[k] in "?*":  # an optional character: left out
                k += 1
                continue
            out.append({"d": "N", "s": " ", "w": "x"}.get(nxt, nxt))
        elif ch == ".":
            out.append("...")
            k += 1
        elif ch in "?*+":  # a quantifier of what came before: that kept once
            k += 1
        elif ch == "{":
            k = text.index("}", k) + 1
        else:
            out.append(ch)
            k += 1
    return "".join(out)


def form_of(pattern: str) -> str:
    """A claim pattern as a readable sentence form: its first alternative, each named group as
    ``<name>`` (a number as ``<N>``, a choice of plain words as those words), optional parts left out.

    >>> form_of(r"^the final prowess of (?P<c>.+?) in strike (?P<n>\\d+) is (?P<v>-?\\d+)$")
    'the final prowess of <character> in strike <N> is <N>'
    >>> form_of(r"^(?:the )?attack is legal$|^the attacker may attack$")
    'attack is legal'
    >>> form_of(r"^there (?:is|are) (?P<v>\\d+) legal splits?$")
    'there is <N> legal splits'
    >>> form_of(r"^the (?P<role>attacker|defender) hits on (?P<v>\\d)\\+?(?: in round (?P<r>\\d+))?$")
    'the attacker/defender hits on <N>'
    """
    return _shown(_form(pattern))


def _form(pattern: str) -> str:
    return " ".join(_render(_alternatives(pattern)[0]).split())


def _shown(form: str) -> str:
    return form.replace(_CHOICE, "/").replace(_SPACE, " ")


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.casefold())


def _slots(form: str) -> list[set[str]]:
    """The words a sentence of ``form`` must have, each a set of the words that may stand there (a
    choice's words); the placeholders left out."""
    out: list[set[str]] = []
    for token in form.split():
        if token.startswith("<"):
            continue
        if _CHOICE in token:
            out.append({w for alt in token.split(_CHOICE) for w in _words(alt.replace(_SPACE, " "))})
        else:
            out += [{w} for w in _words(token)]
    return out


def closest_form(sentence: str, patterns: Iterable[str], cutoff: float = 0.75) -> str | None:
    """The sentence form (:func:`form_of`) of ``patterns`` whose own words ``sentence`` has most of (each
    word matched letter by letter or nearly: a typo), when it has at least three quarters of them and two
    at least; else None.

    >>> closest_form("the final prowes of Aragorn II in strike 1 is 11",
    ...              [r"^(?P<card>.+?) cancels the attack$", r"^the final prowess of (?P<c>.+?) in strike (?P<n>\\d+) is (?P<v>-?\\d+)$"])
    'the final prowess of <character> in strike <N> is <N>'
    >>> closest_form("cheese", [r"^(?P<card>.+?) cancels the attack$"]) is None
    True
    """
    import difflib

    said = _words(sentence)
    best: tuple[float, int, str] | None = None
    for pattern in patterns:
        try:
            form = _form(pattern)
        except (ValueError, IndexError):  # a pattern this reading does not cover: not offered
            continue
        slots = _slots(form)
        if len(slots) < 2:
            continue
        found = sum(1 for slot in slots
                    if any(w in said or difflib.get_close_matches(w, said, n=1, cutoff=cutoff) for w in slot))
        score = found / len(slots)
        if found >= 2 and score >= 0.75 and (best is None or (score, found) > best[:2]):
            best = (score, found, _shown(form))
    return None if best is None else best[2]


__all__: Sequence[str] = ("MAX_SENTENCE", "Guarded", "closest_form", "form_of", "guard", "guard_reader")
