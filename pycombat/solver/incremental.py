"""One scenario after another in one long-lived grounding (:class:`Judge`, :func:`judged_facts`).

A deterministic program asked about one scenario at a time (a game's attack verdict through the
Python API) pays, for every scenario, for a new Control, the program's statements added to it and
the grounding of every rule.  A :class:`Judge` keeps one Control per program (rule files, texts,
constants, the signatures read) and gives each new scenario a fresh *instance* of it: every atom
``p(X...)`` of the rules becomes ``p(k, X...)`` in a program part ``pycombat_judge(k)`` (the rules
rewritten once, as :class:`~pycombat.solver.Instances` rewrites them, with the instance as the
part's parameter instead of a variable), the scenario's facts get the instance's number, and only
that part is grounded, with the number for ``k``.  Instances share no atom, so what grounding makes of
one is what it makes of the scenario alone.

The answer is read off the grounding, without a solve: an observer sees the ground rules of the
step. When every one of them is a fact the instance's program is a set of facts, whose one answer
set is those facts, and the atoms of the asked signatures are the answer.  Anything else (a choice,
a rule with a body, a constraint, an external, a shown atom that is no fact) and :meth:`Judge.ask`
says None: the caller answers that scenario with a fresh Control of its own, as it would without a
judge.  After ``MAX_JUDGED`` instances the Control is dropped and the next scenario starts a new one,
so that memory stays bounded (``bench/judge.py --rss N`` measures it). Every answer is the one
a Control of the scenario alone gives (``tests/test_solver_incremental.py``; for the games' attack
verdicts ``tests/meccg/test_attack_judge.py`` and ``tests/wotr/test_wotr_attack_judge.py``).
"""
from __future__ import annotations

import threading
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import clingo
import clingo.ast

from ..errors import SolverError
from .cache import _ENABLED, _JUDGES
from .instances import _Instanced
from .programs import _clingo_logger, _file_key, _file_statements, _parse, _text_statements
from .symbols import FactLike, to_python, to_symbol

#: the program part of the rewritten rules and its parameter, the instance's number
_PART = "pycombat_judge"
_PARAMETER = "pycombat_k"
#: instances one Control holds before it is dropped for a new one (memory bounded; a new Control
#: costs about a millisecond: less than grounding one scenario)
MAX_JUDGED = 64
#: judges kept at most (one per program and flags; the least recently made go first)
_MAX_JUDGES = 16
#: entries of a judge's caches of fact lines and decoded atoms (emptied when full: memory bounded)
_MAX_CACHED = 20_000
_REWRITTEN_PARTS: dict[tuple, list] = {}


def _rewrite(stmts: Iterable[Any], signatures: Sequence[tuple[str, int]]) -> list[Any]:
    """The statements of one program as the part ``pycombat_judge(k)``: every atom with ``k`` first,
    the program's own ``#show`` statements left out and the asked ``signatures`` shown instead."""
    A = clingo.ast.ASTType
    head = _parse(f"#program {_PART}({_PARAMETER}).")
    out: list[Any] = list(head)
    tr = _Instanced(lambda loc: clingo.ast.Function(loc, _PARAMETER, [], 0))
    for s in stmts:
        kind = s.ast_type
        if kind == A.Program:
            if s.name != "base":
                raise SolverError(f"judge: only the base program part is supported (#program {s.name})")
        elif kind in (A.Definition, A.Comment):
            out.append(s)
        elif kind in (A.Rule, A.External):
            out.append(tr(s))
        elif kind == A.Defined:
            out.append(s.update(arity=s.arity + 1))
        elif kind in (A.ShowSignature, A.ShowTerm):
            continue  # (the asked signatures are shown below; a shown term is not an atom to read)
        else:
            raise SolverError(f"judge: a {kind.name} statement is not supported")
    out.extend(st for st in _parse("#show.\n" + "".join(f"#show {n}/{a + 1}.\n" for n, a in signatures))
               if st.ast_type != A.Program)
    return out


def _rewritten(files: Sequence[Traversable | Path], texts: Sequence[str],
               signatures: Sequence[tuple[str, int]]) -> list[Any]:
    """The statements of ``files`` and ``texts`` rewritten for a judge (_rewrite), once per process."""
    key = (tuple(_file_key(f) for f in files), tuple(texts), tuple(signatures))
    got = _REWRITTEN_PARTS.get(key)
    if got is None:
        original = [st for f in files for st in _file_statements(f)[1]] + [st for t in texts
                                                                           for st in _text_statements(t)]
        got = _rewrite(original, signatures)
        if len(_REWRITTEN_PARTS) >= 16:
            _REWRITTEN_PARTS.clear()
        _REWRITTEN_PARTS[key] = got
    return got


class _Observer:
    """What one grounding step passes to the solver: whether every ground rule is a fact, and the
    shown atoms that are facts (atom 0) -- shown atoms that are not facts make the step not plain."""

    __slots__ = ("plain", "shown")

    def __init__(self) -> None:
        self.plain = True
        self.shown: list[clingo.Symbol] = []

    def rule(self, choice: bool, head: Sequence[int], body: Sequence[int]) -> None:
        if choice or body or len(head) != 1:
            self.plain = False

    def weight_rule(self, choice: bool, head: Sequence[int], lower_bound: int, body: Sequence) -> None:
        self.plain = False

    def minimize(self, priority: int, literals: Sequence) -> None:
        self.plain = False

    def external(self, atom: int, value: Any) -> None:
        self.plain = False

    def output_atom(self, symbol: clingo.Symbol, atom: int) -> None:
        if atom:
            self.plain = False
        else:
            self.shown.append(symbol)


class Judge:
    """One Control for one program, grounding one instance a scenario (see the module).

    >>> j = Judge(texts=["r(X) :- s(X), not t(X). #show r/1."], signatures=[("r", 1)])
    >>> [j.ask([clingo.Function("s", [clingo.Number(n)])]) for n in (1, 2)]
    [[('r', 1)], [('r', 2)]]
    >>> j.ask([clingo.Function("s", [clingo.Number(3)]), clingo.Function("t", [clingo.Number(3)])])
    []
    >>> Judge(texts=["{ r(X) } :- s(X)."], signatures=[("r", 1)]).ask([clingo.Function("s", [clingo.Number(1)])])
    """

    def __init__(self, files: Sequence[Traversable | Path] = (), texts: Sequence[str] = (), *,
                 signatures: Sequence[tuple[str, int]], consts: Mapping[str, str] | None = None,
                 decoder: Callable[[clingo.Symbol], Any] | None = None, limit: int = MAX_JUDGED):
        self.files, self.texts, self.signatures = tuple(files), tuple(texts), tuple(signatures)
        self.consts = dict(consts or {})
        self.decoder = decoder or to_python
        self.limit = limit
        self._stmts = _rewritten(self.files, self.texts, self.signatures)
        self._lock = threading.Lock()
        self._ctl: clingo.Control | None = None
        self._observer = _Observer()
        self._next = 0
        #: instances judged, Controls made (for the tests and the benchmarks)
        self.judged = 0
        self.controls = 0
        #: each fact -> its line cut where the instance number goes (equal facts recur across scenarios),
        #: and each atom read -> its decoding
        self._lines: dict[clingo.Symbol, tuple[str, str]] = {}
        self._decoded: dict[clingo.Symbol, Any] = {}

    def _control(self) -> clingo.Control:
        if self._ctl is None or self._next >= self.limit:
            self._ctl = None  # (the old one is freed before the new one is made)
            ctl = clingo.Control([f"--const={k}={v}" for k, v in self.consts.items()],
                                 logger=_clingo_logger, message_limit=100)
            try:
                with clingo.ast.ProgramBuilder(ctl) as builder:
                    for stmt in self._stmts:
                        builder.add(stmt)
            except RuntimeError as exc:
                raise SolverError(f"ASP program does not parse: {exc}") from exc
            self._observer = _Observer()
            ctl.register_observer(self._observer)
            self._ctl, self._next = ctl, 0
            self.controls += 1
        return self._ctl

    def ask(self, facts: Iterable[FactLike]) -> list[Any] | None:
        """The atoms of the asked signatures (of the original program, decoded) that the program with
        ``facts`` holds, when grounding makes it a set of facts; None otherwise (answer the scenario
        with a Control of its own), and when another thread is using this judge."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            return self._ask(facts)
        finally:
            self._lock.release()

    def _ask(self, facts: Iterable[FactLike]) -> list[Any] | None:
        ctl = self._control()
        i = self._next
        self._next += 1
        number = str(i)
        written = self._lines
        if len(written) >= _MAX_CACHED:
            written.clear()
        lines = []
        for f in facts:  # (the line of a fact cut where the instance goes, as Instances writes them)
            sym = to_symbol(f)
            got = written.get(sym)
            if got is None:
                text, arity = str(sym), len(sym.arguments)
                if arity:
                    head, _, rest = text.partition("(")
                    got = (head + "(", "," + rest + ".\n")
                else:
                    got = (text + "(", ").\n")
                written[sym] = got
            lines.append(got[0] + number + got[1])
        observer = self._observer
        observer.plain, observer.shown = True, []
        part = f"pycombat_facts_{i}"
        try:
            ctl.add(part, [], "".join(lines))
            ctl.ground([(part, []), (_PART, [clingo.Number(i)])])
        except RuntimeError:
            self._ctl = None  # (a Control whose grounding failed is not asked again)
            return None
        self.judged += 1
        if not observer.plain:
            return None
        decoded, decode, out = self._decoded, self.decoder, []
        if len(decoded) >= _MAX_CACHED:
            decoded.clear()
        for sym in observer.shown:
            original = clingo.Function(sym.name, sym.arguments[1:])
            got = decoded.get(original, decoded)
            if got is decoded:
                got = decoded[original] = decode(original)
            out.append(got)
        return out


_JUDGING = [True]


def set_judging(enabled: bool) -> bool:
    """Turn the judges on or off (off: :func:`judged_facts` says None, and each scenario is answered
    with a Control of its own; for measuring and for the tests that compare both). Returns the
    previous setting."""
    previous = _JUDGING[0]
    _JUDGING[0] = bool(enabled)
    return previous


def judged_facts(files: Sequence[Traversable | Path] = (), texts: Sequence[str] = (), *,
                 facts: Iterable[FactLike], signatures: Sequence[tuple[str, int]],
                 consts: Mapping[str, str] | None = None,
                 decoder: Callable[[clingo.Symbol], Any] | None = None) -> list[Any] | None:
    """:meth:`Judge.ask` on this process's judge of the program (made at the first question; one per
    rule files, texts, constants, signatures and decoder); None when the loaded solver is off (see
    :func:`~pycombat.solver.set_loaded`: then every scenario is answered afresh), the judges are off
    (:func:`set_judging`) or the judge cannot answer. The decoder is part of the judge's identity: pass the same object each time."""
    if not (_ENABLED[0] and _JUDGING[0]):
        return None
    key = (tuple(_file_key(f) for f in files), tuple(texts), tuple(sorted((consts or {}).items())),
           tuple(signatures), decoder)
    judge = _JUDGES.get(key)
    if judge is None:
        if len(_JUDGES) >= _MAX_JUDGES:
            del _JUDGES[next(iter(_JUDGES))]
        judge = _JUDGES[key] = Judge(files, texts, signatures=signatures, consts=consts, decoder=decoder,
                                      limit=MAX_JUDGED)
    return judge.ask(facts)
