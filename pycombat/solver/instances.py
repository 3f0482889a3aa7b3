"""Many instances of one program in one grounding (:class:`Instances`).

gringo has a fixed cost for every program it grounds, whatever its facts (a few milliseconds for a
Riftbound board program whose answer has 250 ground rules), and a Control costs about a millisecond
to make and free.  :class:`Instances` shares both between several instances of one program: each
atom of the rules gets the instance's number as a new first argument, each instance's facts get
theirs, and one grounding holds them all, as independent parts.  Solving cannot be shared the same
way -- clasp's work for a solve grows with the whole program -- so a batch of instances is kept
small (see MAX_INSTANCES).  The rewritten program is the same rule files (no rule is written twice).
"""
from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

import clingo
import clingo.ast

from ..errors import SolverError
from .cache import _ENABLED, _INSTANCE_LINES, _INSTANCED, _STATS
from .programs import _clingo_logger, _file_key, _file_statements, _parse, _text_statements
from .symbols import Answer, Decoder, FactLike, _DECODED_MAX, to_python, to_symbol


#: the variable that carries the instance number through rewritten rules (no encoding uses it)
_INSTANCE_VAR = "PycombatInstance"
#: instances grounded together at most: measured on Riftbound boards, clasp's cost per
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


def _instanced_term(t: Any, first: Callable[[Any], Any]) -> Any:
    """The atom ``t`` with ``first(location)`` (the instance's variable or parameter) as its first
    argument."""
    loc, kind = t.location, t.ast_type
    k = first(loc)
    if kind == clingo.ast.ASTType.Function:
        return clingo.ast.Function(loc, t.name, [k, *t.arguments], t.external)
    if kind == clingo.ast.ASTType.Pool:
        return clingo.ast.Pool(loc, [_instanced_term(a, first) for a in t.arguments])
    if (kind == clingo.ast.ASTType.SymbolicTerm and t.symbol.type == clingo.SymbolType.Function
            and not t.symbol.arguments and t.symbol.positive):
        return clingo.ast.Function(loc, t.symbol.name, [k], 0)
    raise SolverError(f"cannot give an instance argument to the atom {t}")


class _Instanced(clingo.ast.Transformer):
    """Every atom with an instance argument first: by default the variable ``PycombatInstance``
    (many instances in one grounding); ``first`` gives another term (a part's parameter)."""

    def __init__(self, first: Callable[[Any], Any] | None = None):
        self.first = first or (lambda loc: clingo.ast.Variable(loc, _INSTANCE_VAR))

    def visit_SymbolicAtom(self, node: Any) -> Any:
        return node.update(symbol=_instanced_term(node.symbol, self.first))


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
    grounded once together: what a batch of small scenarios shares is the grounder's and
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
        # a fact -> its line cut where the instance goes ("p(" and ",a).\n", or "q(" and ").\n"), and its
        # signature: the same facts recur across groundings, and printing each fact with each instance
        # number as a new symbol costs more than grounding them
        written = _INSTANCE_LINES
        if len(written) >= 100_000:
            written.clear()
        for i, facts in enumerate(instances):
            lines.append(f"pycombat_instance({i}).\n")
            number = str(i)
            for f in facts:
                sym = to_symbol(f)
                got = written.get(sym)
                if got is None:
                    text, arity = str(sym), len(sym.arguments)
                    if arity:  # (a name has no parenthesis: the first one opens the arguments)
                        head, _, rest = text.partition("(")
                        got = (head + "(", "," + rest + ".\n", (sym.name, arity))
                    else:
                        got = (text + "(", ").\n", (sym.name, 0))
                    written[sym] = got
                lines.append(got[0] + number + got[1])
                signatures.add(got[2])
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
