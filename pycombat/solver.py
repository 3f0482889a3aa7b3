"""The ASP engine: the only module of pycombat that imports clingo.

It knows nothing about any game.  A game hands it rule files (``.lp`` resources shipped in
the package), constants (one ``#const`` per interpretation flag) and facts (clorm
predicates or clingo symbols), and asks it to

* stream answer sets lazily (:meth:`Solver.models`), decoded through a symbol map that is
  built once after grounding (never by parsing strings);
* count them (:meth:`Solver.count`), optionally projected;
* optimize (:meth:`Solver.optimize`);
* answer brave / cautious questions (:meth:`Solver.brave`, :meth:`Solver.cautious`);
* check a candidate (:func:`check`): the candidate is added as facts to a program whose
  legality rules derive ``violation(RuleId, Detail)`` atoms instead of failing, and the
  violations are reported with the rule ids that decide them.

clingo's informational messages are routed to the ``pycombat.solver`` logger, never printed.

Example (a tiny program given as text):

>>> s = Solver(texts=["{ p(1..3) } = 1. #show p/1."])
>>> s.count()
3
>>> sorted(to_python(a) for m in s.models() for a in m.symbols)
[('p', 1), ('p', 2), ('p', 3)]
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from importlib.resources import files as _resource_files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import clingo

from .errors import SolverError

log = logging.getLogger("pycombat.solver")

#: What a game may hand over as a fact: a clorm predicate instance or a clingo symbol.
FactLike = Any


def _clingo_logger(code: clingo.MessageCode, message: str) -> None:
    log.info("clingo %s: %s", code.name, message.strip())


def rule_files(package: str, names: Sequence[str]) -> list[Traversable]:
    """The ``.lp`` resources ``names`` of ``package`` (works from a wheel and a checkout).

    >>> [f.name for f in rule_files("pycombat.asp_rules.meccg", ["input.lp"])]
    ['input.lp']
    """
    root = _resource_files(package)
    out = []
    for name in names:
        res = root.joinpath(name)
        if not res.is_file():
            raise SolverError(f"rule file {package}/{name} is missing from the installation")
        out.append(res)
    return out


def to_symbol(fact: FactLike) -> clingo.Symbol:
    """A clorm fact or clingo symbol as a clingo symbol."""
    if isinstance(fact, clingo.Symbol):
        return fact
    raw = getattr(fact, "raw", None)
    if isinstance(raw, clingo.Symbol):
        return raw
    raise TypeError(f"not a fact: {fact!r}")


def to_python(sym: clingo.Symbol) -> Any:
    """A clingo symbol as plain Python: ints, strs, tuples ``(name, *args)`` for functions.

    Constants become their name (a ``str``); tuples become Python tuples.

    >>> to_python(clingo.Function("f", [clingo.Number(1), clingo.String("a")]))
    ('f', 1, 'a')
    """
    t = sym.type
    if t == clingo.SymbolType.Number:
        return sym.number
    if t == clingo.SymbolType.String:
        return sym.string
    if t == clingo.SymbolType.Function:
        args = tuple(to_python(a) for a in sym.arguments)
        if not sym.name:
            return args
        if not args:
            return sym.name
        return (sym.name, *args)
    if t == clingo.SymbolType.Infimum:
        return float("-inf")
    return float("inf")


def _facts_text(facts: Iterable[FactLike]) -> str:
    # Input facts only: clingo's own printer writes them, clingo's parser reads them back.
    return "".join(f"{to_symbol(f)}.\n" for f in facts)


@dataclass(frozen=True)
class Answer:
    """One answer set: the shown symbols, decoded where a decoder knew them."""

    number: int
    symbols: tuple[clingo.Symbol, ...]
    decoded: tuple[Any, ...]
    cost: tuple[int, ...] = ()
    optimal: bool = False


@dataclass(frozen=True)
class Violation:
    """A rule that a checked candidate breaks: ``rule`` is the digest id, ``detail`` plain Python."""

    rule: str
    detail: Any = None


class Decoder:
    """Maps shown symbols to typed Python objects through a table built once per grounding.

    ``predicates`` are clorm predicate classes (or callables ``Symbol -> object`` keyed by
    ``(name, arity)``).  Unknown symbols decode to :func:`to_python`.
    """

    def __init__(self, predicates: Sequence[Any] = (), functions: Mapping[tuple[str, int], Callable] | None = None):
        self._by_sig: dict[tuple[str, int], Callable[[clingo.Symbol], Any]] = {}
        for cls in predicates:
            meta = cls.meta
            self._by_sig[(meta.name, meta.arity)] = cls._unify
        for sig, fn in (functions or {}).items():
            self._by_sig[sig] = fn
        self._map: dict[clingo.Symbol, Any] = {}

    def prepare(self, ctl: clingo.Control) -> None:
        """Precompute the decoding of every ground atom of the known signatures."""
        self._map.clear()
        for (name, arity), fn in self._by_sig.items():
            for sa in ctl.symbolic_atoms.by_signature(name, arity):
                self._map[sa.symbol] = fn(sa.symbol)

    def __call__(self, sym: clingo.Symbol) -> Any:
        got = self._map.get(sym)
        if got is None:
            fn = self._by_sig.get((sym.name, len(sym.arguments))) if sym.type == clingo.SymbolType.Function else None
            got = fn(sym) if fn else to_python(sym)
            self._map[sym] = got
        return got


@dataclass
class Solver:
    """One grounded ASP program: rule files + constants + facts.

    ``files`` are resources (see :func:`rule_files`) or paths; ``texts`` extra program text;
    ``consts`` the ``#const`` overrides (values are ASP terms, e.g. ``"mandatory"``).
    Grounding happens on first use.
    """

    files: Sequence[Traversable | Path] = ()
    texts: Sequence[str] = ()
    consts: Mapping[str, str] = field(default_factory=dict)
    facts: Iterable[FactLike] = ()
    decoder: Decoder | None = None
    threads: int = 1

    def __post_init__(self) -> None:
        self._grounded = False
        self._ctl: clingo.Control | None = None
        self._facts = list(self.facts)

    # -- set-up ---------------------------------------------------------------------------
    def _control(self, extra_args: Sequence[str] = ()) -> clingo.Control:
        args = [f"--const={k}={v}" for k, v in self.consts.items()]
        if self.threads > 1:
            args.append(f"--parallel-mode={self.threads}")
        args.extend(extra_args)
        ctl = clingo.Control(args, logger=_clingo_logger, message_limit=100)
        try:
            for f in self.files:
                ctl.add("base", [], Path(f).read_text() if isinstance(f, (str, Path)) else f.read_text())
            for t in self.texts:
                ctl.add("base", [], t)
            if self._facts:
                ctl.add("base", [], _facts_text(self._facts))
        except RuntimeError as exc:  # a syntax error in an encoding: our bug, not the user's
            raise SolverError(f"ASP program does not parse: {exc}") from exc
        return ctl

    def _ground(self, extra_args: Sequence[str] = ()) -> clingo.Control:
        ctl = self._control(extra_args)
        ctl.ground([("base", [])])
        if self.decoder is not None:
            self.decoder.prepare(ctl)
        return ctl

    # -- enumeration ----------------------------------------------------------------------
    def models(self, *, limit: int = 0, project: bool = False, args: Sequence[str] = ()) -> Iterator[Answer]:
        """Stream answer sets lazily (``limit=0``: all of them)."""
        extra = list(args)
        if project:
            extra.append("--project=show")
        ctl = self._ground(extra)
        ctl.configuration.solve.models = str(limit)
        decode = self.decoder or to_python
        with ctl.solve(yield_=True) as handle:
            for n, m in enumerate(handle, start=1):
                syms = tuple(m.symbols(shown=True))
                yield Answer(n, syms, tuple(decode(s) for s in syms), tuple(m.cost), m.optimality_proven)

    def count(self, *, project: bool = False, limit: int = 0) -> int:
        """The number of answer sets (projected onto ``#show`` atoms when ``project``)."""
        extra = ["--project=show"] if project else []
        ctl = self._ground(extra)
        ctl.configuration.solve.models = str(limit)
        n = 0
        with ctl.solve(yield_=True) as handle:
            for _ in handle:
                n += 1
        return n

    def satisfiable(self) -> bool:
        ctl = self._ground()
        return bool(ctl.solve().satisfiable)

    def optimize(self) -> list[Answer]:
        """All optimal answer sets (clingo's ``optN`` mode)."""
        ctl = self._ground(["--opt-mode=optN"])
        ctl.configuration.solve.models = "0"
        decode = self.decoder or to_python
        out: list[Answer] = []
        with ctl.solve(yield_=True) as handle:
            for n, m in enumerate(handle, start=1):
                if m.optimality_proven:
                    syms = tuple(m.symbols(shown=True))
                    out.append(Answer(n, syms, tuple(decode(s) for s in syms), tuple(m.cost), True))
        return out

    def _consequences(self, mode: str) -> list[Any] | None:
        ctl = self._ground([f"--enum-mode={mode}"])
        ctl.configuration.solve.models = "0"
        last = None
        with ctl.solve(yield_=True) as handle:
            for m in handle:
                last = tuple(m.symbols(shown=True))
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


def check(files: Sequence[Traversable | Path], facts: Iterable[FactLike], *, consts: Mapping[str, str] | None = None,
          violation: str = "violation") -> list[Violation]:
    """Check mode: which rules does the candidate in ``facts`` break?

    The program must be deterministic given the facts (no choice rules) and derive
    ``violation(RuleId, Detail)`` for every broken rule.  Returns them sorted, deduplicated.

    >>> check([], [], consts={})
    []
    """
    solver = Solver(files=files, consts=consts or {}, facts=facts,
                    texts=[f"#show {violation}/2."])
    answers = list(solver.models(limit=2))
    if len(answers) != 1:
        raise SolverError(f"check mode expects exactly one answer set, got {len(answers)}")
    out = set()
    for sym in answers[0].symbols:
        if sym.name == violation and len(sym.arguments) == 2:
            out.add(Violation(to_python(sym.arguments[0]), to_python(sym.arguments[1])))
    return sorted(out, key=lambda v: (v.rule, repr(v.detail)))
