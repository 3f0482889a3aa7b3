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
* answer many small instances of one program from one grounding (:class:`Instances`: what
  ``pycombat batch`` uses for a chunk of Riftbound boards).

Every query takes ``assumptions``, ``(atom, value)`` pairs that hold in the answers it asks about,
so one grounding answers several questions.  An atom declared ``#external`` is false unless a
query assumes it true, for that query only: a game grounds one program with the switches it needs
(Riftbound: ``assigning(S)`` for each side) and asks each question under its own switches.

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
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib.resources import files as _resource_files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import clingo
import clingo.ast

from .errors import SolverError

log = logging.getLogger("pycombat.solver")

#: What a game may hand over as a fact: a clorm predicate instance or a clingo symbol.
FactLike = Any


def _clingo_logger(code: clingo.MessageCode, message: str) -> None:
    log.info("clingo %s: %s", code.name, message.strip())


def clingo_version() -> str:
    """The version of the clingo library in use (``5.8.0`` and the like)."""
    return clingo.__version__


#: the package that holds every game's rule folder (``asp_rules/`` of the checkout)
ASP_PACKAGE = "pycombat.asp_rules"
#: a folder laid out like ``asp_rules/`` (one folder a game) whose ``.lp`` files are read instead of
#: the installed ones: ``tools/mutants.py`` runs the tests against a changed copy this way
RULES_DIR_VARIABLE = "PYCOMBAT_ASP_RULES"


def _rules_root(package: str) -> Traversable | Path:
    """Where ``package``'s ``.lp`` files are: the installed resources, or the folder of the same
    name under ``$PYCOMBAT_ASP_RULES`` when that variable is set."""
    override = os.environ.get(RULES_DIR_VARIABLE)
    if override and package.startswith(ASP_PACKAGE + "."):
        return Path(override, *package[len(ASP_PACKAGE) + 1:].split("."))
    return _resource_files(package)


def rule_files(package: str, names: Sequence[str]) -> list[Traversable]:
    """The ``.lp`` resources ``names`` of ``package`` (works from a wheel and a checkout).

    >>> [f.name for f in rule_files("pycombat.asp_rules.meccg", ["input.lp"])]
    ['input.lp']
    """
    key = (package, tuple(names))
    got = _RULE_FILES.get(key)
    if got is not None:
        return list(got)
    root = _rules_root(package)
    out = []
    for name in names:
        res = root.joinpath(name)
        if not res.is_file():
            raise SolverError(f"rule file {package}/{name} is missing from the installation")
        out.append(res)
    _RULE_FILES[key] = tuple(out)
    return out


_RULE_FILES: dict[tuple[str, tuple[str, ...]], tuple] = {}


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


def symbol_of(value: Any) -> clingo.Symbol:
    """The clingo symbol of a plain-Python value, the inverse of :func:`to_python` for ints,
    constants (``str``) and functions (``(name, *args)``): for assumptions and tests.

    >>> str(symbol_of(("p", 1, "a")))
    'p(1,a)'
    """
    if isinstance(value, bool) or not isinstance(value, (int, str, tuple)):
        raise TypeError(f"no ASP term for {value!r}")
    if isinstance(value, int):
        return clingo.Number(value)
    if isinstance(value, str):
        return clingo.Function(value)
    name, *args = value
    return clingo.Function(name, [symbol_of(a) for a in args])


def _facts_text(facts: Sequence[FactLike]) -> str:
    # Input facts only: clingo's own printer writes them, clingo's parser reads them back.  The
    # text of the same fact objects (a game's facts made once per scenario or company) is
    # remembered by their identities (the facts are held, so the identities stay theirs).
    key = tuple(map(id, facts))
    got = _FACTS_TEXT.get(key)
    if got is not None:
        return got[1]
    text = "".join(map(_fact_line, facts))
    _FACTS_TEXT[key] = (tuple(facts), text)
    if len(_FACTS_TEXT) > 64:
        del _FACTS_TEXT[next(iter(_FACTS_TEXT))]
    return text


def _fact_line(fact: FactLike) -> str:
    # equal facts recur across scenarios (a company's members, a unit's Might): each symbol is
    # printed once (symbols are values: the text stays theirs)
    sym = to_symbol(fact)
    got = _FACT_LINES.get(sym)
    if got is None:
        if len(_FACT_LINES) >= 100_000:
            _FACT_LINES.clear()
        got = _FACT_LINES[sym] = f"{sym}.\n"
    return got


_FACTS_TEXT: dict[tuple[int, ...], tuple[tuple, str]] = {}
_FACT_LINES: dict[clingo.Symbol, str] = {}


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
        # decoders of the same predicates share what they decoded (a symbol decodes to the same
        # immutable object whatever program showed it): the next scenario's answers are looked up
        table = tuple(predicates) + tuple((functions or {}).items())
        if table not in _DECODED and len(_DECODED) >= 64:  # (tables of fresh functions each time)
            _DECODED.clear()
        self._map: dict[clingo.Symbol, Any] = _DECODED.setdefault(table, {})

    def prepare(self, ctl: clingo.Control) -> None:
        """Precompute the decoding of every ground atom of the known signatures."""
        for (name, arity), fn in self._by_sig.items():
            for sa in ctl.symbolic_atoms.by_signature(name, arity):
                self._map[sa.symbol] = fn(sa.symbol)

    def __call__(self, sym: clingo.Symbol) -> Any:
        got = self._map.get(sym)
        if got is None:
            fn = self._by_sig.get((sym.name, len(sym.arguments))) if sym.type == clingo.SymbolType.Function else None
            got = fn(sym) if fn else to_python(sym)
            if len(self._map) >= _DECODED_MAX:
                self._map.clear()
            self._map[sym] = got
        return got


#: decoded symbols by decoder table (see Decoder): at most _DECODED_MAX symbols each
_DECODED: dict[tuple, dict[clingo.Symbol, Any]] = {}
_DECODED_MAX = 200_000


# -- the loaded solver: parse once per process, ground once per program ----------------------
#
# Parsing: every rule file (and extra text) is parsed once per process into clingo's AST and
# handed to each new Control through a ProgramBuilder (about twice as fast as parsing the text
# again, and the files are not read again).  Grounding: a Control grounded for one program
# (rule files + texts + constants + facts) is kept in a small per-process LRU and solved again
# for the next query of the same program (count, list, brave, cautious, optimize: only the solve
# configuration and the assumptions change; the #external atoms a query assumes are made free once
# and assumed by every later solve, since changing an external's value updates the program before
# the next solve, which costs more than a small solve).  Parsed rules leave out comments, which
# clingo's AST keeps as statements.  Answers: what a query of a program returned (its
# answer sets when there are at most ``_ANSWER_CACHE_MAX``, its count, its optimum, its brave or
# cautious consequences) is kept in an LRU bounded by entries and by the symbols it holds, so a
# batch that asks the same program again -- the same facts under another title, another hand of
# cards that this question does not read -- is answered without grounding or solving, in the same
# order.  :func:`loaded_stats` says how often each cache answered; :func:`clear_caches` empties them.

_FILE_CACHE: dict[tuple[str, int, int], list] = {}
_TEXT_CACHE: "OrderedDict[str, list]" = OrderedDict()
_CONTROLS: "OrderedDict[tuple, _Grounded]" = OrderedDict()
_ANSWERS: "OrderedDict[tuple, Any]" = OrderedDict()
_TEXT_CACHE_MAX = 512
_CONTROLS_MAX = 6
#: at most this many cached answers, holding at most ``_ANSWERS_MAX_SYMBOLS`` symbols together
_ANSWERS_MAX = 8192
_ANSWERS_MAX_SYMBOLS = 400_000
_ANSWER_CACHE_MAX = 5000
_ANSWERS_SIZE = [0]
_STATS = {"parsed": 0, "parse_hits": 0, "grounded": 0, "ground_hits": 0, "answer_hits": 0}


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
    before issue 17; for measuring and for tests that compare both).  Returns the previous setting."""
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
    _CONTROLS.clear()
    _INSTANCED.clear()
    _INSTANCE_LINES.clear()
    _FACT_LINES.clear()
    for d in _DECODED.values():
        d.clear()
    _ANSWERS.clear()
    _ANSWERS_SIZE[0] = 0


def _parse(text: str) -> list:
    out: list = []
    try:
        clingo.ast.parse_string(text, out.append, logger=_clingo_logger, message_limit=100)
    except RuntimeError as exc:  # a syntax error in an encoding: our bug, not the user's
        raise SolverError(f"ASP program does not parse: {exc}") from exc
    _STATS["parsed"] += 1
    # comments are statements of clingo's AST too (222 of the 352 statements of a Riftbound board
    # program): added to every control they only cost time
    return [s for s in out if s.ast_type != clingo.ast.ASTType.Comment]


def parse_rules(package: str) -> int:
    """Parse every ``.lp`` file of ``package`` into this process's cache of parsed rules (what the
    loaded solver would parse at the first query that needs each); the number of files.  ``pycombat
    batch`` does it in a pool's parent before it forks the workers, which then start with them.

    >>> parse_rules("pycombat.asp_rules.riftbound") >= 10
    True
    """
    n = 0
    for res in _rules_root(package).iterdir():
        if res.name.endswith(".lp") and res.is_file():
            _file_statements(res)
            n += 1
    return n


def _file_key(f: Traversable | Path) -> tuple[str, int, int]:
    name = str(f)
    try:
        st = os.stat(name)
        return name, st.st_mtime_ns, st.st_size
    except OSError:  # a resource that is not a plain file (a zip): its name is its identity
        return name, 0, 0


def _file_statements(f: Traversable | Path) -> tuple[tuple, list]:
    key = _file_key(f)
    got = _FILE_CACHE.get(key) if _ENABLED[0] else None
    if got is None:
        text = Path(f).read_text() if isinstance(f, (str, Path)) else f.read_text()
        got = _parse(text)
        if _ENABLED[0]:
            _FILE_CACHE[key] = got
    else:
        _STATS["parse_hits"] += 1
    return key, got


def _text_statements(text: str) -> list:
    got = _TEXT_CACHE.get(text)
    if got is None:
        got = _parse(text)
        if not _ENABLED[0]:
            return got
        _TEXT_CACHE[text] = got
        if len(_TEXT_CACHE) > _TEXT_CACHE_MAX:
            _TEXT_CACHE.popitem(last=False)
    else:
        _STATS["parse_hits"] += 1
        _TEXT_CACHE.move_to_end(text)
    return got


class _Grounded:
    __slots__ = ("ctl", "busy", "config", "free")

    def __init__(self, ctl: clingo.Control):
        self.ctl = ctl
        self.busy = False
        self.config: tuple | None = None  #: the solve configuration last set (setting it costs)
        self.free: set[clingo.Symbol] = set()  #: externals made free, each solve assumes their value


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
    every query (and every Solver) of the same program in this process (see above).
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
        self._prepared: clingo.Control | None = None

    # -- set-up ---------------------------------------------------------------------------
    def _statements(self) -> tuple[tuple, list[list]]:
        keys, parts = [], []
        for f in self.files:
            k, stmts = _file_statements(f)
            keys.append(k)
            parts.append(stmts)
        for t in self.texts:
            keys.append(("text", t))
            parts.append(_text_statements(t))
        return tuple(keys), parts

    def _control(self, extra_args: Sequence[str] = ()) -> clingo.Control:
        args = [f"--const={k}={v}" for k, v in self.consts.items()]
        if self.threads > 1:
            args.append(f"--parallel-mode={self.threads}")
        args.extend(self.options)
        args.extend(extra_args)
        ctl = clingo.Control(args, logger=_clingo_logger, message_limit=100)
        _, parts = self._statements()
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

    # -- enumeration ----------------------------------------------------------------------
    def models(self, *, limit: int = 0, project: bool = False, args: Sequence[str] = (),
               assumptions: Sequence[tuple[FactLike, bool]] = ()) -> Iterator[Answer]:
        """Stream answer sets lazily (``limit=0``: all of them), of the answer sets where each
        ``(atom, value)`` of ``assumptions`` holds (one grounding answers several questions)."""
        decode = self.decoder or to_python
        assumed = tuple((to_symbol(a), bool(v)) for a, v in assumptions)
        if args:  # arbitrary clingo options: a program of its own, not cached
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
                 violation: str = "violation") -> tuple[list[Violation], Answer]:
    """:func:`check`, with the one answer set it read: what else the program shows (its
    ``#show`` statements, decoded by ``decoder``) comes from the same grounding."""
    solver = Solver(files=files, consts=consts or {}, facts=facts, texts=[f"#show {violation}/2."],
                    decoder=decoder)
    answers = list(solver.models(limit=2))
    if len(answers) != 1:
        raise SolverError(f"check mode expects exactly one answer set, got {len(answers)}")
    out = set()
    for sym in answers[0].symbols:
        if sym.name == violation and len(sym.arguments) == 2:
            out.add(Violation(to_python(sym.arguments[0]), to_python(sym.arguments[1])))
    return sorted(out, key=lambda v: (v.rule, repr(v.detail))), answers[0]


# -- many instances of one program in one grounding (issue 17) -------------------------------------
#
# gringo has a fixed cost for every program it grounds, whatever its facts (a few milliseconds for a
# Riftbound board program whose answer has 250 ground rules), and a Control costs about a millisecond
# to make and free.  :class:`Instances` shares both between several instances of one program: each
# atom of the rules gets the instance's number as a new first argument, each instance's facts get
# theirs, and one grounding holds them all, as independent parts.  Solving cannot be shared the same
# way -- clasp's work for a solve grows with the whole program -- so a batch of instances is kept
# small (see MAX_INSTANCES).  The rewritten program is the same rule files (no rule is written twice).

#: the variable that carries the instance number through rewritten rules (no encoding uses it)
_INSTANCE_VAR = "PycombatInstance"
#: instances grounded together at most: measured on Riftbound boards (issue 17), clasp's cost per
#: answer grows with the program, and 16 boards a grounding gave the least time per board
MAX_INSTANCES = 16
#: clasp's SAT preprocessing runs at each solve over the whole program: for many small independent
#: instances it cost three times the search itself (measured: 3.3 against 1.1 ms a board at 64 boards)
_INSTANCE_OPTIONS = ("--sat-prepro=0",)
_INSTANCE_TEXT = """
#show.
#external pycombat_union.
#external pycombat_picked(I) : pycombat_instance(I).
pycombat_shown(I) :- pycombat_instance(I), not pycombat_union.
pycombat_shown(I) :- pycombat_picked(I).
"""
#: the cases part (Instances.cases): a choice of one case, and the switches of the case picked
_CASES_TEXT = """
pycombat_union.
1 { pycombat_pick(C) : pycombat_case(C, _, _) } 1.
pycombat_picked(I) :- pycombat_pick(C), pycombat_case(C, I, _).
#show pycombat_pick/1.
"""
_REWRITTEN: dict[tuple, list] = {}
_INSTANCE_LINES: dict[tuple[int, clingo.Symbol], tuple[str, tuple[str, int]]] = {}
#: Instances, by decoder: what it made of the symbols of groundings of instances (Instances._seen)
_INSTANCED: dict[Any, dict[clingo.Symbol, tuple[int, Any, Any]]] = {}


def _instanced_term(t: Any) -> Any:
    """The atom ``t`` with the instance variable as its first argument."""
    loc, kind = t.location, t.ast_type
    var = clingo.ast.Variable(loc, _INSTANCE_VAR)
    if kind == clingo.ast.ASTType.Function:
        return clingo.ast.Function(loc, t.name, [var, *t.arguments], t.external)
    if kind == clingo.ast.ASTType.Pool:
        return clingo.ast.Pool(loc, [_instanced_term(a) for a in t.arguments])
    if (kind == clingo.ast.ASTType.SymbolicTerm and t.symbol.type == clingo.SymbolType.Function
            and not t.symbol.arguments and t.symbol.positive):
        return clingo.ast.Function(loc, t.symbol.name, [var], 0)
    raise SolverError(f"cannot give an instance argument to the atom {t}")


class _Instanced(clingo.ast.Transformer):
    def visit_SymbolicAtom(self, node: Any) -> Any:
        return node.update(symbol=_instanced_term(node.symbol))


def _literal(loc: Any, name: str, *args: Any) -> Any:
    return clingo.ast.Literal(loc, clingo.ast.Sign.NoSign,
                              clingo.ast.SymbolicAtom(clingo.ast.Function(loc, name, list(args), 0)))


def _binds_instance(lit: Any) -> bool:
    """Whether a (rewritten) body literal binds the instance variable: a positive atom."""
    return (lit.ast_type == clingo.ast.ASTType.Literal and lit.sign == clingo.ast.Sign.NoSign
            and lit.atom.ast_type == clingo.ast.ASTType.SymbolicAtom)


class _Signatures(clingo.ast.Transformer):
    """Collects the (name, arity) of the atoms of what it visits."""

    def __init__(self) -> None:
        self.found: set[tuple[str, int]] = set()

    def visit_SymbolicAtom(self, node: Any) -> Any:
        t = node.symbol
        if t.ast_type == clingo.ast.ASTType.Function:
            self.found.add((t.name, len(t.arguments)))
        elif t.ast_type == clingo.ast.ASTType.Pool:
            for a in t.arguments:
                self.visit_SymbolicAtom(node.update(symbol=a))
        elif t.ast_type == clingo.ast.ASTType.SymbolicTerm and t.symbol.type == clingo.SymbolType.Function:
            self.found.add((t.symbol.name, len(t.symbol.arguments)))
        return node


def _signatures(stmts: Iterable[Any]) -> tuple[frozenset, frozenset]:
    """The signatures (of the original program) that ``stmts`` define (rule heads, externals) and
    the ones their rules use at all (heads and bodies)."""
    A = clingo.ast.ASTType
    heads, used = _Signatures(), _Signatures()
    for s in stmts:
        if s.ast_type == A.Rule:
            h = s.head
            if h.ast_type in (A.Aggregate, A.Disjunction):  # (a choice's elements; not their conditions)
                for e in h.elements:
                    heads(e.literal)
            elif h.ast_type == A.HeadAggregate:
                for e in h.elements:
                    heads(e.condition.literal)
            else:
                heads(h)
        elif s.ast_type == A.External:
            heads(s.atom)
        if s.ast_type in (A.Rule, A.External, A.ShowTerm):
            used(s)
    return frozenset(heads.found), frozenset(used.found)


def _rewrite(stmts: Iterable[Any], part: str = "base") -> list[Any]:
    """The statements of one program, for many instances (see Instances), in the program part
    ``part`` (``base``: with the instances' own rules)."""
    A = clingo.ast.ASTType
    out: list[Any] = []
    extra: list[str] = []
    tr = _Instanced()
    for s in stmts:
        kind = s.ast_type
        if kind in (A.Program, A.Definition, A.Comment):
            if kind == A.Program and s.name != "base":
                raise SolverError(f"instances: only the base program part is supported (#program {s.name})")
            out.append(s.update(name=part) if kind == A.Program else s)
        elif kind == A.Rule:
            s = tr(s)
            if not any(_binds_instance(b) for b in s.body):  # (a positive atom of the body binds it)
                s = s.update(body=[*s.body, _literal(s.location, "pycombat_instance",
                                                     clingo.ast.Variable(s.location, _INSTANCE_VAR))])
            out.append(s)
        elif kind == A.Defined:
            out.append(s.update(arity=s.arity + 1))
        elif kind == A.ShowSignature:
            if not s.positive:
                raise SolverError("instances: #show of a classically negated signature is not supported")
            xs = [f"X{i}" for i in range(s.arity)]
            atom = f"{s.name}({', '.join(xs)})" if xs else s.name
            extra.append(f"#show ({_INSTANCE_VAR}, {atom}) : {s.name}({', '.join([_INSTANCE_VAR, *xs])}), "
                         f"pycombat_shown({_INSTANCE_VAR}).")
        elif kind == A.ShowTerm:
            loc = s.location
            var = clingo.ast.Variable(loc, _INSTANCE_VAR)
            body = [tr(b) for b in s.body]
            out.append(s.update(term=clingo.ast.Function(loc, "", [var, s.term], 0),
                                body=[*body, _literal(loc, "pycombat_shown", var)]))
        elif kind == A.External:
            s = tr(s)
            out.append(s.update(body=[*s.body, _literal(s.location, "pycombat_instance",
                                                        clingo.ast.Variable(s.location, _INSTANCE_VAR))]))
        else:
            raise SolverError(f"instances: a {kind.name} statement is not supported")
    for text in extra + ([_INSTANCE_TEXT] if part == "base" else []):
        out.extend(st.update(name=part) if st.ast_type == A.Program else st for st in _parse(text))
    return out


def _rewritten(files: Sequence[Traversable | Path], texts: Sequence[str], part: str = "base") -> tuple:
    """The statements of ``files`` and ``texts`` rewritten for instances (see _rewrite), with the
    signatures they define and use (_signatures), parsed and rewritten once per process."""
    key = (tuple(_file_key(f) for f in files), tuple(texts), part)
    got = _REWRITTEN.get(key) if _ENABLED[0] else None
    if got is None:
        original = [st for f in files for st in _file_statements(f)[1]] + [st for t in texts
                                                                           for st in _text_statements(t)]
        got = (_rewrite(original, part), *_signatures(original))
        if _ENABLED[0]:
            if len(_REWRITTEN) >= 16:
                _REWRITTEN.clear()
            _REWRITTEN[key] = got
    return got


class Instances:
    """Several instances of one program (rule files + texts + constants), each with its own facts,
    grounded once together (issue 17): what a batch of small scenarios shares is the grounder's and
    the Control's fixed costs.  Each atom ``p(X...)`` of the program becomes ``p(I, X...)`` for
    instance ``I``; the instances share no atom, so the program's answer sets are the products of
    theirs.

    Two questions, in this order:

    * :meth:`facts`: what each instance's answer sets hold whatever its switches (the atoms
      grounding made facts: a deterministic part of the program, as derive.lp), without a solve;
    * :meth:`cases`: the answer sets of each instance under its own switches (``#external`` atoms,
      or inputs no rule defines, made true), every case in one solve: a choice of one case makes the
      answer sets of the whole program the disjoint union of the cases' answer sets.  The rules that
      need a switch may come with the cases (their ``files`` and ``texts``): grounded then, they are
      grounded only for the instances whose cases turn the switch on.

    Answers are :class:`Answer` objects of the original program (the instance argument removed),
    decoded by ``decoder``.

    >>> inst = Instances(texts=["#external on. { p(1..2) } = 1 :- on. r(X) :- s(X). #show p/1."],
    ...                  instances=[[clingo.Function("s", [clingo.Number(1)])], []])
    >>> inst.facts([("r", 1)])
    [[('r', 1)], []]
    >>> [sorted(str(s) for a in answers for s in a.symbols) for answers in inst.cases([(1, [clingo.Function("on")])])]
    [['p(1)', 'p(2)']]
    >>> two = Instances(texts=["#defined on/0. r(X) :- s(X)."], instances=[[clingo.Function("s", [clingo.Number(1)])], []])
    >>> [[str(s) for a in answers for s in a.symbols]
    ...  for answers in two.cases([(0, [clingo.Function("on")])], texts=["q(X) :- r(X), on. #show q/1."])]
    [['q(1)']]
    """

    def __init__(self, files: Sequence[Traversable | Path] = (), texts: Sequence[str] = (), *,
                 instances: Sequence[Iterable[FactLike]], consts: Mapping[str, str] | None = None,
                 decoder: Decoder | None = None, options: Sequence[str] = ()):
        if not 0 < len(instances) <= MAX_INSTANCES:
            raise SolverError(f"instances: 1 to {MAX_INSTANCES} instances, not {len(instances)}")
        self.decoder = decoder or to_python
        self.size = len(instances)
        stmts, self._defined, self._used = _rewritten(files, texts)
        self._fact_signatures: set[tuple[str, int]] = set()
        signatures = self._fact_signatures
        args = [f"--const={k}={v}" for k, v in (consts or {}).items()]
        self._ctl = clingo.Control([*args, *options, *_INSTANCE_OPTIONS], logger=_clingo_logger, message_limit=100)
        lines = []
        written = _INSTANCE_LINES  # (instance, fact) -> its line: the same facts recur across groundings
        if len(written) >= 100_000:
            written.clear()
        for i, facts in enumerate(instances):
            lines.append(f"pycombat_instance({i}).\n")
            for f in facts:
                sym = to_symbol(f)
                got = written.get((i, sym))
                if got is None:
                    args = sym.arguments
                    got = written[(i, sym)] = (
                        f"{clingo.Function(sym.name, [clingo.Number(i), *args], sym.positive)}.\n",
                        (sym.name, len(args)))
                lines.append(got[0])
                signatures.add(got[1])
        self._ground("base", stmts, "".join(lines))
        _STATS["grounded"] += 1
        self._asked_cases = False

    def _ground(self, part: str, stmts: Sequence[Any], text: str) -> None:
        """Add rewritten statements and a text to the program part ``part`` and ground it."""
        try:
            if stmts:
                with clingo.ast.ProgramBuilder(self._ctl) as builder:
                    for stmt in stmts:
                        builder.add(stmt)
            self._ctl.add(part, [], text)
        except RuntimeError as exc:
            raise SolverError(f"ASP program does not parse: {exc}") from exc
        self._ctl.ground([(part, [])])

    def _seen(self) -> dict[clingo.Symbol, tuple[int, Any, Any]]:
        """What this decoder made of the symbols of groundings of instances (they recur across the
        groundings of a batch): an instanced atom -> (its instance, the original atom, its decoding);
        a shown term ``(I, atom)`` -> (-1, the original atom, its decoding); ``pycombat_pick(C)`` ->
        (C, None, None)."""
        if self.decoder not in _INSTANCED and len(_INSTANCED) >= 16:
            _INSTANCED.clear()
        seen = _INSTANCED.setdefault(self.decoder, {})
        if len(seen) >= _DECODED_MAX:
            seen.clear()
        return seen

    def _answers(self) -> Iterator[tuple[int, tuple[clingo.Symbol, ...], tuple[Any, ...]]]:
        """Every answer set: the case picked, and the picked instance's shown symbols (of the original
        program) with their decodings."""
        self._ctl.configuration.solve.models = "0"
        seen, decode = self._seen(), self.decoder
        with self._ctl.solve(yield_=True) as handle:
            for m in handle:
                pick, syms, decoded = -1, [], []
                for sym in m.symbols(shown=True):
                    got = seen.get(sym)
                    if got is None:
                        args = sym.arguments
                        got = seen[sym] = ((args[0].number, None, None) if sym.name == "pycombat_pick"
                                           else (-1, args[1], decode(args[1])))
                    if got[1] is None:
                        pick = got[0]
                    else:
                        syms.append(got[1])
                        decoded.append(got[2])
                yield pick, tuple(syms), tuple(decoded)

    def facts(self, signatures: Sequence[tuple[str, int]]) -> list[list[Any]] | None:
        """For each instance, its atoms of ``signatures`` (of the original program) that grounding made
        facts, decoded: what every answer set of the instance holds, whatever its switches, read off
        the grounding without a solve (a deterministic part of the program, such as derive.lp).  None
        when an atom of these signatures is not a fact (a choice or an external decides it).  That the
        instance has an answer set at all is :meth:`cases`'s check."""
        per: list[list[Any]] = [[] for _ in range(self.size)]
        seen = self._seen()
        for name, arity in signatures:
            for sa in self._ctl.symbolic_atoms.by_signature(name, arity + 1):
                if not sa.is_fact:
                    return None
                sym = sa.symbol
                got = seen.get(sym)
                if got is None:
                    args = sym.arguments
                    original = clingo.Function(name, args[1:])
                    got = seen[sym] = (args[0].number, original, self.decoder(original))
                per[got[0]].append(got[2])
        return per

    def cases(self, cases: Sequence[tuple[int, Sequence[FactLike]]], limit: int = 0, *,
              files: Sequence[Traversable | Path] = (), texts: Sequence[str] = ()) -> list[list[Answer] | None]:
        """The answer sets of each case ``(instance, the atoms it makes true)``, all in one solve;
        a case with more than ``limit`` (when not 0) answer sets gets None.  Asked once.

        A case's atoms are switches: ``#external`` atoms of the program, or atoms that no rule
        defines (``#defined`` inputs); every other instance has them false.  ``files`` and ``texts``
        are more rules of the same program, grounded with the cases: a rule that needs a switch is
        then grounded only for the instances whose cases turn it on (the switch-free part answers
        :meth:`facts` first; its rules may not use what these define).

        The same solve checks that each instance has exactly one answer set with every switch off
        (as a deterministic program should: a case that picks no instance), and raises SolverError
        if one does not: then no answer of this grounding is to be trusted (an instance without an
        answer set leaves the whole program without one; one with several multiplies every other
        instance's answers)."""
        if self._asked_cases:
            raise SolverError("instances: cases are asked once")
        self._asked_cases = True
        more: list = []
        # what a switch may not be, unless an external: defined by a rule, a fact, or read by the first
        # part's rules (grounded before the switch could be on)
        taken = self._defined | self._used | self._fact_signatures
        if files or texts:
            more, defined, _used = _rewritten(files, texts, "pycombat_cases")
            clash = defined & (self._used | self._fact_signatures)
            if clash:
                raise SolverError("instances: the rules added with the cases define what the first part uses: "
                                  + ", ".join(f"{n}/{a}" for n, a in sorted(clash)))
            taken = taken | defined
        lines, rules = [_CASES_TEXT], set()
        for c, (i, atoms) in enumerate(cases):
            if not atoms:
                raise SolverError("instances: a case makes at least one external true")
            for a in atoms:
                sym = to_symbol(a)
                n = len(sym.arguments)
                mine = self._ctl.symbolic_atoms[clingo.Function(sym.name, [clingo.Number(i), *sym.arguments])]
                if not (mine is not None and mine.is_external) and (mine is not None or (sym.name, n) in taken):
                    raise SolverError(f"instances: {sym} is neither an external nor an input no rule defines or "
                                      "the first part reads")
                lines.append(f"pycombat_case({c}, {i}, {sym}).\n")
                if (sym.name, n) not in rules:
                    rules.add((sym.name, n))
                    xs = ", ".join(f"X{k}" for k in range(n))
                    inner = f"{sym.name}({xs})" if n else sym.name
                    lines.append(f"{sym.name}({', '.join(['I'] + ([xs] if n else []))}) :- pycombat_pick(C), "
                                 f"pycombat_case(C, I, {inner}).\n")
        # a case that picks no instance: its answer sets are the products of every instance's with every
        # external false, so there is exactly one iff each instance has exactly one
        plain = len(cases)
        lines.append(f"pycombat_case({plain}, -1, pycombat_none).\n")
        self._ground("pycombat_cases", more, "".join(lines))
        out: list[list[Answer] | None] = [[] for _ in cases]
        unswitched = 0
        for c, syms, decoded in self._answers():
            if c == plain:
                unswitched += 1
                continue
            got = out[c]
            if got is not None:
                got.append(Answer(len(got) + 1, syms, decoded))
                if limit and len(got) > limit:
                    out[c] = None
        if unswitched != 1:
            raise SolverError(f"instances: {unswitched} answer sets with every external false, not one (an instance "
                              "has none or several)")
        return out
