"""Between clingo's symbols and Python: facts as symbols (:func:`to_symbol`), symbols as plain
Python (:func:`to_python`, :func:`symbol_of`) or as a game's typed objects (:class:`Decoder`), and
what a query answers (:class:`Answer`, :class:`Violation`)."""
from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import clingo

#: What a game may hand over as a fact: a clorm predicate instance or a clingo symbol.
FactLike = Any


def predicate(name: str, **fields: Any) -> type:
    """A clorm predicate class for the ASP predicate ``name`` with these fields, in order (the
    games' fact boundaries declare their many small predicates with it).

    >>> from clorm import IntegerField, StringField
    >>> Might = predicate("might", unit=StringField, value=IntegerField)
    >>> str(Might(unit="A", value=3))
    'might("A",3)'
    """
    from clorm import Predicate

    meta = type("Meta", (), {"name": name})
    return type(f"P_{name}", (Predicate,), {**fields, "Meta": meta})


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
        _check_names(sym)
        if len(_FACT_LINES) >= 100_000:
            _FACT_LINES.clear()
        got = _FACT_LINES[sym] = f"{sym}.\n"
    return got


#: a name clingo's parser reads back as the same function or constant (a lower-case identifier, after underscores)
_NAME = re.compile(r"_*[a-z][A-Za-z0-9_']*")


def _check_names(sym: clingo.Symbol) -> None:
    """Every function name in ``sym`` one clingo reads back as a name: the text of a fact is parsed again, so any
    other name (an upper-case word is a variable; ``x). bad(1`` a second rule) would change the program. A
    string argument is printed quoted and escaped, whatever it holds. A game building a fact from a user's word
    must make it a string or map it to a known id first: this refuses it loudly rather than parse it."""
    if sym.type == clingo.SymbolType.Function:
        if sym.name and not _NAME.fullmatch(sym.name):
            raise ValueError(f"fact {sym}: {sym.name!r} is not a name clingo reads back as one (make it a string "
                             "or an id)")
        for arg in sym.arguments:
            _check_names(arg)


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
