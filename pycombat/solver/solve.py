"""One grounded ASP program and the questions asked of it (:class:`Solver`: stream, count,
optimize, brave and cautious consequences, under assumptions), and check mode (:func:`check`:
which rule ids a candidate violates)."""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import clingo
import clingo.ast

from ..errors import SolverError
from .cache import _CONTROLS, _ENABLED, _STATS, _THEN_STATEMENTS, _cached, _Grounded, _remember
from .programs import _clingo_logger, _file_statements, _text_statements
from .symbols import Answer, Decoder, FactLike, Violation, _facts_text, to_python, to_symbol

#: grounded programs kept at most (the least recently used go first)
_CONTROLS_MAX = 6
#: a query's answer sets are remembered when there are at most this many
_ANSWER_CACHE_MAX = 5000
#: the program part of the rules Solver.then_facts grounds on a kept grounding
_THEN_PART = "pycombat_then"


def _configure(g: _Grounded, *, models: int = 0, project: bool = False, enum: str = "auto",
               opt: str = "opt") -> None:
    config = (models, project, enum, opt)
    if g.config == config:
        return
    conf = g.ctl.configuration.solve
    conf.models = str(models)
    conf.project = "show" if project else "no"
    conf.enum_mode = enum
    conf.opt_mode = opt
    g.config = config


def _with_externals(g: _Grounded, assumed: list[tuple[clingo.Symbol, bool]]) -> list[tuple[clingo.Symbol, bool]]:
    """The assumptions of a solve, externals included.

    An ``#external`` is false unless told otherwise, and clingo holds that value fixed: assuming it
    true would be unsatisfiable. An external a query assumes is therefore made free once, and from
    then on every solve of that grounding assumes its value (false unless the query says true).
    Changing an external's value instead would update the program before each solve, which costs
    more than the solve of a small board."""
    given = {sym for sym, _ in assumed}
    for sym in given - g.free:
        atom = g.ctl.symbolic_atoms[sym]
        if atom is not None and atom.is_external:
            g.ctl.assign_external(sym, None)
            g.free.add(sym)
    return assumed + [(sym, False) for sym in g.free if sym not in given]


@dataclass
class Solver:
    """One grounded ASP program: rule files + constants + facts.

    ``files`` are resources (see :func:`rule_files`) or paths; ``texts`` extra program text;
    ``consts`` the ``#const`` overrides (values are ASP terms, e.g. ``"mandatory"``).
    Grounding happens on first use; the parsed files and the grounded program are shared by
    every query (and every Solver) of the same program in this process (see :mod:`pycombat.solver.cache`).
    """

    files: Sequence[Traversable | Path] = ()
    texts: Sequence[str] = ()
    consts: Mapping[str, str] = field(default_factory=dict)
    facts: Iterable[FactLike] = ()
    decoder: Decoder | None = None
    threads: int = 1
    #: clasp options of this program (part of its identity), e.g. ``("--configuration=crafty",)``:
    #: a search configuration can change the time to enumerate many answers several-fold
    options: Sequence[str] = ()

    def __post_init__(self) -> None:
        self._facts = list(self.facts)
        self._facts_text = _facts_text(self._facts)
        self._key: tuple | None = None
        self._parts: list[list] | None = None
        self._prepared: clingo.Control | None = None

    # -- set-up ---------------------------------------------------------------------------
    def _statements(self) -> tuple[tuple, list[list]]:
        """The keys of the rule files and texts and their parsed statements (the files are looked
        up, and stat'ed, once per Solver: its key and its Control read the same ones)."""
        keys, parts = [], []
        for f in self.files:
            k, stmts = _file_statements(f)
            keys.append(k)
            parts.append(stmts)
        for t in self.texts:
            keys.append(("text", t))
            parts.append(_text_statements(t))
        self._parts = parts
        return tuple(keys), parts

    def _control(self, extra_args: Sequence[str] = ()) -> clingo.Control:
        args = [f"--const={k}={v}" for k, v in self.consts.items()]
        if self.threads > 1:
            args.append(f"--parallel-mode={self.threads}")
        args.extend(self.options)
        args.extend(extra_args)
        ctl = clingo.Control(args, logger=_clingo_logger, message_limit=100)
        parts = self._parts if self._parts is not None and _ENABLED[0] else self._statements()[1]
        try:
            with clingo.ast.ProgramBuilder(ctl) as builder:
                for stmts in parts:
                    for stmt in stmts:
                        builder.add(stmt)
            if self._facts_text:
                ctl.add("base", [], self._facts_text)
        except RuntimeError as exc:
            raise SolverError(f"ASP program does not parse: {exc}") from exc
        return ctl

    def key(self) -> tuple:
        """A hashable identity of the program (rule files, texts, constants, facts): equal keys,
        equal answers.  A game may remember what it made of the answers under it."""
        return self._program_key()

    def _program_key(self) -> tuple:
        if self._key is None:
            keys, _ = self._statements()
            self._key = (keys, tuple(sorted(self.consts.items())), self._facts_text, self.threads,
                         tuple(self.options))
        return self._key

    def _fresh(self, extra_args: Sequence[str] = ()) -> clingo.Control:
        ctl = self._control(extra_args)
        ctl.ground([("base", [])])
        _STATS["grounded"] += 1
        return ctl

    def _prepare(self, ctl: clingo.Control) -> None:
        # The decoder decodes lazily (each shown symbol once, remembered): decoding every ground
        # atom of its signatures up front costs more than it saves for the few answers most
        # queries have.  Symbols are values, equal across groundings, so nothing goes stale.
        self._prepared = ctl

    def _acquire(self) -> _Grounded:
        """The grounded program (from the process cache when an idle one is there)."""
        key = self._program_key()
        got = _CONTROLS.get(key)
        if got is not None and not got.busy:
            _STATS["ground_hits"] += 1
            _CONTROLS.move_to_end(key)
        else:
            got = _Grounded(self._fresh())
            if _ENABLED[0] and key not in _CONTROLS:  # a busy one stays where it is; this one is used once
                _CONTROLS[key] = got
                if len(_CONTROLS) > _CONTROLS_MAX:
                    _CONTROLS.popitem(last=False)
        self._prepare(got.ctl)
        return got

    def _solve(self, *, models: int = 0, project: bool = False, enum: str = "auto",
               opt: str = "opt", assumptions: Sequence[tuple[FactLike, bool]] = ()) -> Iterator[clingo.Model]:
        g = self._acquire()
        g.busy = True
        try:
            _configure(g, models=models, project=project, enum=enum, opt=opt)
            assumed = [(to_symbol(a), bool(v)) for a, v in assumptions]
            if assumed or g.free:
                assumed = _with_externals(g, assumed)
            with g.ctl.solve(yield_=True, assumptions=assumed) as handle:
                yield from handle
        finally:
            g.busy = False

    # -- more rules on a grounding --------------------------------------------------------
    def then_facts(self, files: Sequence[Traversable | Path] = (), texts: Sequence[str] = (), *,
                   signatures: Sequence[tuple[str, int]], decoder: Callable[[clingo.Symbol], Any] | None = None
                   ) -> list[Any] | None:
        """Ground more rules (``files``, ``texts``) on this program's kept grounding, after the questions
        already asked of it, and return the atoms of ``signatures`` that are facts then, decoded: a
        deterministic program read off the grounding of another one that holds its first part (the
        same facts and the rules it shares), without a Control, a grounding of that part or a solve
        of its own.

        The atoms of this program that are no facts (what its choices decide) are left out; an atom
        the new rules derive must be a fact, else the answer is None. The questions asked before
        keep their answers (they were those of this program alone); the grounding then holds another
        program, so it leaves the cache. The new rules may not define an atom this program defines
        (clingo refuses a redefinition across steps). None, and nothing is grounded, when this
        program has no idle kept grounding (ask the other program on its own then).

        >>> s = Solver(texts=["{ p(1..2) } = 1. q(3). #show p/1."])
        >>> s.count()
        2
        >>> s.then_facts(texts=["r(X + 1) :- q(X)."], signatures=[("r", 1), ("q", 1), ("p", 1)])
        [('r', 4), ('q', 3)]
        >>> s.count()  # (answered from the cache: the program alone)
        2
        """
        key = self._program_key()
        g = _CONTROLS.get(key) if _ENABLED[0] else None
        if g is None or g.busy:
            return None
        stmts = _then_statements(files, texts)
        g.busy = True  # (for good: it leaves the cache)
        _CONTROLS.pop(key, None)
        atoms = g.ctl.symbolic_atoms
        chosen = {sa.symbol for name, arity in signatures for sa in atoms.by_signature(name, arity) if not sa.is_fact}
        try:
            with clingo.ast.ProgramBuilder(g.ctl) as builder:
                for st in stmts:
                    builder.add(st)
            g.ctl.ground([(_THEN_PART, [])])
        except RuntimeError as exc:
            raise SolverError(f"then_facts: the rules do not ground on this program: {exc}") from exc
        decode = decoder or to_python
        out = []
        for name, arity in signatures:
            for sa in atoms.by_signature(name, arity):
                if sa.is_fact:
                    out.append(decode(sa.symbol))
                elif sa.symbol not in chosen:
                    return None
        return out

    # -- enumeration ----------------------------------------------------------------------
    def models(self, *, limit: int = 0, project: bool = False, args: Sequence[str] = (),
               assumptions: Sequence[tuple[FactLike, bool]] = (), fresh: bool = False) -> Iterator[Answer]:
        """Stream answer sets lazily (``limit=0``: all of them), of the answer sets where each
        ``(atom, value)`` of ``assumptions`` holds (one grounding answers several questions).

        The answers come in the solver's order. A kept grounding that answered questions before
        has learnt from them, which changes that order; ``fresh=True`` solves a grounding of its
        own, whose order is the same in every process whatever was asked before (for a caller that
        gives the first answers of a set it cannot sort whole)."""
        decode = self.decoder or to_python
        assumed = tuple((to_symbol(a), bool(v)) for a, v in assumptions)
        if args or fresh:  # clingo options, or the order of a first solve: a program of its own, not cached
            extra = list(args) + (["--project=show"] if project else [])
            ctl = self._fresh(extra)
            if self.decoder is not None:
                self.decoder.prepare(ctl)
            ctl.configuration.solve.models = str(limit)
            plain = _with_externals(_Grounded(ctl), list(assumed))
            with ctl.solve(yield_=True, assumptions=plain) as handle:
                for n, m in enumerate(handle, start=1):
                    syms = tuple(m.symbols(shown=True))
                    yield Answer(n, syms, tuple(decode(s) for s in syms), tuple(m.cost), m.optimality_proven)
            return
        akey = (self._program_key(), "models", limit, project, assumed)
        cached = _cached(akey)
        if cached is not None:
            for n, syms, cost, optimal in cached:
                yield Answer(n, syms, tuple(decode(s) for s in syms), cost, optimal)
            return
        if 0 < limit <= _ANSWER_CACHE_MAX:
            # a bounded question (``next(models(limit=1))`` is common): solved to the end at once, so
            # the grounding is free again (and its answers cached) even when the caller stops early
            got, size = [], 0
            for n, m in enumerate(self._solve(models=limit, project=project, assumptions=assumed), start=1):
                syms = tuple(m.symbols(shown=True))
                got.append((n, syms, tuple(m.cost), m.optimality_proven))
                size += len(syms) + 1
            _remember(akey, tuple(got), size)
            if len(got) < limit:  # every answer: the unbounded question and the count are answered too
                _remember((self._program_key(), "models", 0, project, assumed), tuple(got), size)
                _remember((self._program_key(), "count", 0, project, assumed), len(got))
            for n, syms, cost, optimal in got:
                yield Answer(n, syms, tuple(decode(s) for s in syms), cost, optimal)
            return
        seen: list | None = []
        size = 0
        for n, m in enumerate(self._solve(models=limit, project=project, assumptions=assumed), start=1):
            syms = tuple(m.symbols(shown=True))
            cost, optimal = tuple(m.cost), m.optimality_proven
            if seen is not None:
                seen.append((n, syms, cost, optimal))
                size += len(syms) + 1
                if len(seen) > _ANSWER_CACHE_MAX:
                    seen = None
            yield Answer(n, syms, tuple(decode(s) for s in syms), cost, optimal)
        if seen is not None:
            _remember(akey, tuple(seen), size)
            if not limit or len(seen) < limit:  # every answer was seen: that is the count too
                _remember((self._program_key(), "count", 0, project, assumed), len(seen))

    def count(self, *, project: bool = False, limit: int = 0,
              assumptions: Sequence[tuple[FactLike, bool]] = ()) -> int:
        """The number of answer sets (projected onto ``#show`` atoms when ``project``), at most
        ``limit`` when it is not 0, of the answer sets where each ``(atom, value)`` of
        ``assumptions`` holds (an atom the program cannot derive is false)."""
        assumed = tuple((to_symbol(a), bool(v)) for a, v in assumptions)
        key = (self._program_key(), "count", limit, project, assumed)
        cached = _cached(key)
        if cached is None:
            every = _cached((self._program_key(), "count", 0, project, assumed))
            if every is not None:
                cached = min(every, limit) if limit else every
        if cached is not None:
            return cached
        n = 0
        for _ in self._solve(models=limit, project=project, assumptions=assumed):
            n += 1
        _remember(key, n)
        return n

    def satisfiable(self, assumptions: Sequence[tuple[FactLike, bool]] = ()) -> bool:
        """Whether the program has an answer set (where the ``assumptions`` hold)."""
        return self.count(limit=1, assumptions=assumptions) > 0

    def optimize(self) -> list[Answer]:
        """All optimal answer sets (clingo's ``optN`` mode)."""
        decode = self.decoder or to_python
        key = (self._program_key(), "optN")
        got = _cached(key)
        if got is None:
            got, size = [], 0
            for n, m in enumerate(self._solve(models=0, opt="optN"), start=1):
                if m.optimality_proven:
                    syms = tuple(m.symbols(shown=True))
                    got.append((n, syms, tuple(m.cost)))
                    size += len(syms) + 1
            got = tuple(got)
            _remember(key, got, size)
        return [Answer(n, syms, tuple(decode(s) for s in syms), cost, True) for n, syms, cost in got]

    def _consequences(self, mode: str) -> list[Any] | None:
        key = (self._program_key(), mode)
        got = _cached(key)
        if got is None:
            last = None
            for m in self._solve(models=0, enum=mode):
                last = tuple(m.symbols(shown=True))
            got = (last,)
            _remember(key, got, len(last or ()) + 1)
        last = got[0]
        if last is None:
            return None
        decode = self.decoder or to_python
        return [decode(s) for s in last]

    def brave(self) -> list[Any] | None:
        """Shown atoms true in at least one answer set (``None`` if unsatisfiable)."""
        return self._consequences("brave")

    def cautious(self) -> list[Any] | None:
        """Shown atoms true in every answer set (``None`` if unsatisfiable)."""
        return self._consequences("cautious")


def _then_statements(files: Sequence[Traversable | Path], texts: Sequence[str]) -> list:
    """The statements of ``files`` and ``texts`` in the program part of :meth:`Solver.then_facts`
    (parsed once, moved once)."""
    keys = [_file_statements(f) for f in files]
    key = (tuple(k for k, _ in keys), tuple(texts))
    got = _THEN_STATEMENTS.get(key)
    if got is None:
        program = clingo.ast.ASTType.Program
        stmts = [st for _, part in keys for st in part] + [st for t in texts for st in _text_statements(t)]
        if any(st.ast_type == program and (st.name != "base" or st.parameters) for st in stmts):
            raise SolverError("then_facts: only rules of the base program part")
        got = [st.update(name=_THEN_PART) if st.ast_type == program else st for st in stmts]
        if _ENABLED[0]:
            if len(_THEN_STATEMENTS) >= 16:
                _THEN_STATEMENTS.clear()
            _THEN_STATEMENTS[key] = got
    return got



def check(files: Sequence[Traversable | Path], facts: Iterable[FactLike], *, consts: Mapping[str, str] | None = None,
          violation: str = "violation") -> list[Violation]:
    """Check mode: which rules does the candidate in ``facts`` break?

    The program must be deterministic given the facts (no choice rules) and derive
    ``violation(RuleId, Detail)`` for every broken rule.  Returns them sorted, deduplicated.

    >>> check([], [], consts={})
    []
    """
    return check_answer(files, facts, consts=consts, violation=violation)[0]


def check_answer(files: Sequence[Traversable | Path], facts: Iterable[FactLike], *,
                 consts: Mapping[str, str] | None = None, decoder: Decoder | None = None,
                 violation: str = "violation", show: Sequence[str] = ()) -> tuple[list[Violation], Answer]:
    """:func:`check`, with the one answer set it read: what else the program shows (its
    ``#show`` statements and ``show``'s signatures, e.g. ``"engaged/2"``, decoded by ``decoder``) comes
    from the same grounding."""
    solver = Solver(files=files, consts=consts or {}, facts=facts,
                    texts=[f"#show {violation}/2."] + [f"#show {sig}." for sig in show], decoder=decoder)
    answers = list(solver.models(limit=2))
    if len(answers) != 1:
        raise SolverError(f"check mode expects exactly one answer set, got {len(answers)}")
    out = set()
    for sym in answers[0].symbols:
        if sym.name == violation and len(sym.arguments) == 2:
            out.add(Violation(to_python(sym.arguments[0]), to_python(sym.arguments[1])))
    return sorted(out, key=lambda v: (v.rule, repr(v.detail))), answers[0]
