"""The loaded solver: parse once per process, ground once per program, remember answers.

Parsing: every rule file (and extra text) is parsed once per process into clingo's AST and
handed to each new Control through a ProgramBuilder (about twice as fast as parsing the text
again, and the files are not read again).  Grounding: a Control grounded for one program
(rule files + texts + constants + facts) is kept in a small per-process LRU and solved again
for the next query of the same program (count, list, brave, cautious, optimize: only the solve
configuration and the assumptions change; the #external atoms a query assumes are made free once
and assumed by every later solve, since changing an external's value updates the program before
the next solve, which costs more than a small solve).  Parsed rules leave out comments, which
clingo's AST keeps as statements.  Answers: what a query of a program returned (its
answer sets when there are at most ``solve._ANSWER_CACHE_MAX``, its count, its optimum, its brave or
cautious consequences) is kept in an LRU bounded by entries and by the symbols it holds, so a
batch that asks the same program again -- the same facts under another title, another hand of
cards that this question does not read -- is answered without grounding or solving, in the same
order.  :func:`loaded_stats` says how often each cache answered; :func:`clear_caches` empties them.

This module holds every cache of the solver package, its switch (:func:`set_loaded`) and the
memos games keep beside it (:func:`memo`), so that :func:`clear_caches` empties them all.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

import clingo
# (imported here, before the caches of parsed rules are made: at exit Python clears modules in the
# reverse order they finished importing, and an AST freed after clingo.ast is cleared fails in __del__)
import clingo.ast

from .symbols import _DECODED, _FACT_LINES

_FILE_CACHE: dict[tuple[str, int, int], list[clingo.ast.AST]] = {}
_TEXT_CACHE: "OrderedDict[str, list[clingo.ast.AST]]" = OrderedDict()
_CONTROLS: "OrderedDict[tuple, _Grounded]" = OrderedDict()
#: the statements Solver.then_facts grounds (solve.py), by their files' keys and texts
_THEN_STATEMENTS: dict[tuple, list[clingo.ast.AST]] = {}
_ANSWERS: "OrderedDict[tuple, Any]" = OrderedDict()
#: at most this many cached answers, holding at most ``_ANSWERS_MAX_SYMBOLS`` symbols together
_ANSWERS_MAX = 8192
_ANSWERS_MAX_SYMBOLS = 400_000
_ANSWERS_SIZE = [0]
_STATS = {"parsed": 0, "parse_hits": 0, "grounded": 0, "ground_hits": 0, "answer_hits": 0}
#: Instances (instances.py): each fact -> its line cut where the instance number goes and its signature,
#: and by decoder what it made of the symbols of groundings of instances (Instances._seen)
_INSTANCE_LINES: dict[clingo.Symbol, tuple[str, str, tuple[str, int]]] = {}
_INSTANCED: dict[Any, dict[clingo.Symbol, tuple[int, Any, Any]]] = {}
#: the per-process judges of incremental.py (one long-lived Control each), by program
_JUDGES: dict[tuple, Any] = {}


class _Grounded:
    __slots__ = ("ctl", "busy", "config", "free")

    def __init__(self, ctl: clingo.Control):
        self.ctl = ctl
        self.busy = False
        self.config: tuple | None = None  #: the solve configuration last set (setting it costs)
        self.free: set[clingo.Symbol] = set()  #: externals made free, each solve assumes their value


def _cached(key: tuple) -> Any:
    if not _ENABLED[0]:
        return None
    got = _ANSWERS.get(key)
    if got is not None:
        _STATS["answer_hits"] += 1
        _ANSWERS.move_to_end(key)
        return got[0]
    return None


def _remember(key: tuple, value: Any, size: int = 1) -> None:
    """Keep ``value`` (``size`` symbols) under ``key``, dropping the oldest past the bounds."""
    if not _ENABLED[0] or size > _ANSWERS_MAX_SYMBOLS // 4:
        return
    old = _ANSWERS.pop(key, None)
    if old is not None:
        _ANSWERS_SIZE[0] -= old[1]
    _ANSWERS[key] = (value, size)
    _ANSWERS_SIZE[0] += size
    while len(_ANSWERS) > _ANSWERS_MAX or _ANSWERS_SIZE[0] > _ANSWERS_MAX_SYMBOLS:
        _, (_, dropped) = _ANSWERS.popitem(last=False)
        _ANSWERS_SIZE[0] -= dropped


def loaded_stats() -> dict[str, int]:
    """How often the loaded solver parsed, grounded, and reused (counters since the process began).

    >>> sorted(loaded_stats())
    ['answer_hits', 'ground_hits', 'grounded', 'parse_hits', 'parsed']
    """
    return dict(_STATS)


_ENABLED = [True]


def set_loaded(enabled: bool) -> bool:
    """Turn the loaded solver's caches on or off (off: parse and ground afresh for every query, as
    the solver did before it kept them; for measuring and for tests that compare both).  Returns the previous setting."""
    previous = _ENABLED[0]
    _ENABLED[0] = bool(enabled)
    if not enabled:
        clear_caches()
    return previous


def is_loaded() -> bool:
    """Whether the loaded solver's caches are on (see :func:`set_loaded`); a game that remembers
    what it made of answers asks this first, so that "afresh" means afresh."""
    return _ENABLED[0]


class Memo(dict):
    """A dict in which a game keeps what it made of answers (by :meth:`Solver.key`, say), emptied
    with the solver's own caches by :func:`clear_caches`.  It holds the last ``limit`` made and, when
    ``weigh`` is given, at most ``budget`` of their total weight (oldest out first).

    >>> m = memo(limit=2)
    >>> [m.remember(k, lambda: k * 10) for k in (1, 2, 1, 3)]
    [10, 20, 10, 30]
    >>> sorted(m)  # the last two made
    [2, 3]
    >>> w = memo(limit=10, weigh=len, budget=5)
    >>> [len(w.remember(k, lambda: "x" * k)) for k in (2, 3, 4)]
    [2, 3, 4]
    >>> sorted(w), w.weight  # (2 + 3 + 4 > 5: the two oldest went)
    ([4], 4)
    """

    def __init__(self, limit: int = 256, weigh: Callable[[Any], int] | None = None, budget: int = 0):
        super().__init__()
        self.limit = limit
        self.weigh = weigh
        self.budget = budget
        self.weight = 0
        self._weights: dict[Any, int] = {}

    def remember(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()``, remembered under ``key`` (the last ``limit`` made); made afresh when ``key``
        is None or the loaded solver is off."""
        if key is None or not _ENABLED[0]:
            return make()
        got = self.get(key, _MISSING)
        if got is _MISSING:
            got = self[key] = make()
            if self.weigh is not None:
                w = self._weights[key] = self.weigh(got)
                self.weight += w
            while len(self) > self.limit or (self.weigh is not None and self.weight > self.budget and len(self) > 1):
                old = next(iter(self))
                del self[old]
                self.weight -= self._weights.pop(old, 0)
        return got

    def clear(self) -> None:
        super().clear()
        self._weights.clear()
        self.weight = 0


_MISSING = object()


def memo(limit: int = 256, weigh: Callable[[Any], int] | None = None, budget: int = 0) -> Memo:
    """A new :class:`Memo` of a game, emptied with the solver's caches (see Memo for ``weigh``)."""
    d = Memo(limit, weigh, budget)
    _MEMOS.append(d)
    return d


_MEMOS: list[dict] = []


def clear_caches(*, keep_parsed: bool = False) -> None:
    """Forget every grounded control, cached answer and game memo of this process, and (unless
    ``keep_parsed``: for timing one cold query of a loaded process) every parsed program."""
    for d in _MEMOS:
        d.clear()
    if not keep_parsed:
        _FILE_CACHE.clear()
        _TEXT_CACHE.clear()
        _THEN_STATEMENTS.clear()
    _CONTROLS.clear()
    _INSTANCED.clear()
    _JUDGES.clear()
    _INSTANCE_LINES.clear()
    _FACT_LINES.clear()
    for d in _DECODED.values():
        d.clear()
    _ANSWERS.clear()
    _ANSWERS_SIZE[0] = 0
