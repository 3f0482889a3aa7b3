"""One program grounded in two parts on one Control (:class:`Staged`): a deterministic first part
read off the grounding (no solve needed for its facts), then the rules that need switches grounded
on it, and each question asked under its own switches.

A query that grounds the same rules in several programs (a board's numbers, then each side's splits
over the same numbers) pays for a Control, the statements added and a grounding each time; here the
first part is grounded once and the second part on top of it, only for the switches asked (as
:meth:`~pycombat.solver.instances.Instances.cases` does for a batch of instances, without the instance
argument).
"""
from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import clingo
import clingo.ast

from ..errors import SolverError
from .cache import _STATS
from .instances import _signatures
from .programs import _clingo_logger, _file_key, _file_statements, _text_statements
from .solve import _THEN_PART, _then_statements
from .symbols import Answer, Decoder, FactLike, _facts_text, to_python, to_symbol


class Staged:
    """``files`` + ``texts`` + ``facts`` under ``consts``, grounded at once (the first part).

    * :meth:`facts`: the atoms of some signatures, when grounding made them all facts (else None);
    * :meth:`more`: more rules grounded on the first part (once), with the ``#external`` switches they read;
    * :meth:`answers`: the answer sets with some switches true (every other switch false).

    >>> s = Staged(texts=["r(X) :- s(X). #show r/1."], facts=[clingo.Function("s", [clingo.Number(1)])])
    >>> s.facts([("r", 1)])
    [('r', 1)]
    >>> s.more(texts=["{ p(X; X + 1) } = 1 :- r(X), on. #show p/1."], externals=[clingo.Function("on")])
    >>> [[str(x) for x in a.symbols] for a in s.answers()]
    [['r(1)']]
    >>> sorted(str(x) for a in s.answers([clingo.Function("on")]) for x in a.symbols)
    ['p(1)', 'p(2)', 'r(1)', 'r(1)']
    >>> s.answers([clingo.Function("on")], limit=1) is None
    True
    """

    def __init__(self, files: Sequence[Traversable | Path] = (), texts: Sequence[str] = (), *,
                 facts: Iterable[FactLike] = (), consts: Mapping[str, str] | None = None,
                 decoder: Decoder | None = None, options: Sequence[str] = ()):
        self.decoder = decoder or to_python
        args = [f"--const={k}={v}" for k, v in (consts or {}).items()] + list(options)
        self._ctl = clingo.Control(args, logger=_clingo_logger, message_limit=100)
        self._switches: list[clingo.Symbol] = []
        self._more = False
        self._taken = _signatures_of(files, texts)[2]
        facts = list(facts)
        self._taken |= {(f.name, len(f.arguments)) for f in map(to_symbol, facts)}
        try:
            with clingo.ast.ProgramBuilder(self._ctl) as builder:
                for f in files:
                    for st in _file_statements(f)[1]:
                        builder.add(st)
                for t in texts:
                    for st in _text_statements(t):
                        builder.add(st)
            text = _facts_text(facts)
            if text:
                self._ctl.add("base", [], text)
        except RuntimeError as exc:
            raise SolverError(f"ASP program does not parse: {exc}") from exc
        self._ctl.ground([("base", [])])
        _STATS["grounded"] += 1

    def facts(self, signatures: Sequence[tuple[str, int]]) -> list[Any] | None:
        """The atoms of ``signatures`` (decoded), when grounding made every one of them a fact: what
        every answer set holds (a deterministic part of the program). None when one is not a fact."""
        out = []
        atoms = self._ctl.symbolic_atoms
        for name, arity in signatures:
            for sa in atoms.by_signature(name, arity):
                if not sa.is_fact:
                    return None
                out.append(self.decoder(sa.symbol))
        return out

    def more(self, files: Sequence[Traversable | Path] = (), texts: Sequence[str] = (), *,
             externals: Sequence[FactLike] = ()) -> None:
        """Ground more rules on the first part (once), with ``externals``: the switches
        :meth:`answers` may turn on (each false otherwise).  The rules may not define an atom the first
        part defines, reads or has as a fact (SolverError: a redefinition across parts is not the
        program's meaning)."""
        if self._more:
            raise SolverError("staged: more rules are grounded once")
        self._more = True
        clash = _signatures_of(files, texts)[0] & self._taken
        if clash:
            raise SolverError("staged: the more rules define what the first part defines or reads: "
                              + ", ".join(f"{n}/{a}" for n, a in sorted(clash)))
        switches = [to_symbol(e) for e in externals]
        try:
            with clingo.ast.ProgramBuilder(self._ctl) as builder:
                for st in _then_statements(files, texts):
                    builder.add(st)
            self._ctl.add(_THEN_PART, [], "".join(f"#external {s}.\n" for s in switches))
            self._ctl.ground([(_THEN_PART, [])])
        except RuntimeError as exc:
            raise SolverError(f"staged: the rules do not ground on the first part: {exc}") from exc
        for s in switches:  # (free: each solve assumes its value, which leaves the program as it is)
            self._ctl.assign_external(s, None)
        self._switches = switches

    def answers(self, switches: Sequence[FactLike] = (), limit: int = 0) -> list[Answer] | None:
        """The answer sets with ``switches`` true and every other switch false; None when there are
        more than ``limit`` (when not 0)."""
        on = {to_symbol(s) for s in switches}
        if not on <= set(self._switches):
            raise SolverError("staged: a switch is not an external of the program")
        self._ctl.configuration.solve.models = str(limit + 1 if limit else 0)
        decode = self.decoder
        out: list[Answer] = []
        with self._ctl.solve(yield_=True, assumptions=[(s, s in on) for s in self._switches]) as handle:
            for m in handle:
                syms = tuple(m.symbols(shown=True))
                out.append(Answer(len(out) + 1, syms, tuple(decode(s) for s in syms)))
        if limit and len(out) > limit:
            return None
        return out


_SIGNATURES: dict[tuple, tuple[frozenset, frozenset, frozenset]] = {}


def _signatures_of(files: Sequence[Traversable | Path], texts: Sequence[str]) -> tuple[frozenset, frozenset, frozenset]:
    """The signatures the statements of ``files`` and ``texts`` define, use, and either (worked out once
    per process)."""
    key = (tuple(_file_key(f) for f in files), tuple(texts))
    got = _SIGNATURES.get(key)
    if got is None:
        stmts = [st for f in files for st in _file_statements(f)[1]] + [st for t in texts for st in _text_statements(t)]
        defined, used = _signatures(stmts)
        got = (defined, used, defined | used)
        if len(_SIGNATURES) >= 64:
            _SIGNATURES.clear()
        _SIGNATURES[key] = got
    return got
