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


__all__: Sequence[str] = ("MAX_SENTENCE", "Guarded", "guard", "guard_reader")
