"""Mutants of the ASP encodings: each rule of ``asp_rules/<game>/*.lp`` that carries a rule id,
removed or weakened, one change at a time.

A statement carries the rule ids written in it (``violation("RB-DMG-3", ...)``) and those of the
comment lines right above it (no blank line between). Each such statement gives these mutants:

* ``rule`` (one a rule id, not a statement): every statement carrying that id removed, in every file;
* ``drop``: the statement removed (its text blanked, so line numbers stay);
* ``negate``: one condition of its body negated (``p(X)`` becomes ``not p(X)`` and back);
* ``shift``: one comparison moved by one (``<`` to ``<=``, ``>=`` to ``>``, ``=`` to ``!=`` on numbers ...);
* ``flag``: one comparison of a flag with its value turned around (``phase2_assignment = mandatory``
  becomes ``phase2_assignment != mandatory``): the other reading of that flag.

A mutant is the game's rule folder with one file changed; :func:`write` lays it out in a folder that
``PYCOMBAT_ASP_RULES`` points the solver at (see ``pycombat.solver``). ``tools/mutants.py`` runs the
tests against each mutant.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import clingo
from clingo import ast

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "asp_rules"
RULE_ID = re.compile(r"\b(?:MECCG|WOTR|RB)-[A-Z]+-\d+\b")
COMPARISON_SHIFT = {
    ast.ComparisonOperator.LessThan: ast.ComparisonOperator.LessEqual,
    ast.ComparisonOperator.LessEqual: ast.ComparisonOperator.LessThan,
    ast.ComparisonOperator.GreaterThan: ast.ComparisonOperator.GreaterEqual,
    ast.ComparisonOperator.GreaterEqual: ast.ComparisonOperator.GreaterThan,
    ast.ComparisonOperator.Equal: ast.ComparisonOperator.NotEqual,
    ast.ComparisonOperator.NotEqual: ast.ComparisonOperator.Equal,
}


@dataclass(frozen=True)
class Mutant:
    """One change of one statement of one rule file."""

    game: str
    file: str  #: the file's name in ``asp_rules/<game>/``
    line: int  #: the statement's first line (1-based)
    kind: str  #: drop, negate, shift or flag
    rule_ids: tuple[str, ...]  #: the rule ids the statement carries
    what: str  #: the change, in words
    text: str = field(repr=False)  #: the whole mutated file
    more: tuple[tuple[str, str], ...] = field(default=(), repr=False)  #: (file, whole text) of other files changed

    @property
    def key(self) -> str:
        return f"{self.game}/{self.file}:{self.line}:{self.kind}:{self.what}"


def flags_of(game: str) -> set[str]:
    """The game's flag constants (``#const NAME = ...`` of its ``flags.lp``)."""
    path = RULES / game / "flags.lp"
    if not path.exists():
        return set()
    return set(re.findall(r"^#const\s+(\w+)\s*=", path.read_text(), re.M))


def _statements(text: str) -> list:
    out: list = []
    ast.parse_string(text, out.append, logger=lambda *_: None)
    return [s for s in out if s.ast_type != ast.ASTType.Program]


def _span(lines: list[str], loc) -> tuple[int, int, int, int]:
    """(first line, first column, last line, last column) of a location: 0-based lines, columns as
    offsets into the line's text (clingo counts columns from 1, in bytes)."""
    def col(line: int, c: int) -> int:
        raw = lines[line].encode("utf-8")
        return len(raw[: c - 1].decode("utf-8", "ignore"))
    return loc.begin.line - 1, col(loc.begin.line - 1, loc.begin.column), loc.end.line - 1, \
        col(loc.end.line - 1, loc.end.column)


def _replace(lines: list[str], span: tuple[int, int, int, int], new: str) -> str:
    """The file with the statement's text at ``span`` replaced by ``new``, kept on as many lines."""
    l0, c0, l1, c1 = span
    end = lines[l1][c1:]
    # a statement ends with its period, which the location may leave out: take it too
    m = re.match(r"\s*\.", end)
    if m and not lines[l1][:c1].rstrip().endswith("."):
        end = end[m.end():]
    body = [lines[l0][:c0] + new] + [""] * (l1 - l0)
    body[-1] += end
    return "\n".join(lines[:l0] + body + lines[l1 + 1:])


def _ids_above(lines: list[str], first: int) -> set[str]:
    """Rule ids of the comment lines right above line ``first`` (0-based; no blank line between)."""
    ids: set[str] = set()
    i = first - 1
    while i >= 0 and lines[i].lstrip().startswith("%"):
        if lines[i].lstrip().startswith("% ===") or lines[i].lstrip().startswith("%%"):
            break  # a file's header block is no rule's comment
        ids |= set(RULE_ID.findall(lines[i]))
        i -= 1
    return ids


def _body(stm) -> list:
    return list(getattr(stm, "body", []) or [])


def _flip(lit):
    """The literal negated (positive <-> ``not``); None for what has no sign to flip."""
    if lit.ast_type != ast.ASTType.Literal:
        return None
    if lit.atom.ast_type == ast.ASTType.Comparison:
        return None
    sign = ast.Sign.NoSign if lit.sign != ast.Sign.NoSign else ast.Sign.Negation
    return ast.Literal(lit.location, sign, lit.atom)


def _comparisons(lit):
    """The Comparison of a body literal that is one (else None)."""
    if lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.Comparison:
        return lit.atom
    return None


def _is_flag(term, flags: set[str]) -> bool:
    return term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function \
        and not term.symbol.arguments and term.symbol.name in flags


def _with_body(stm, body: list):
    return stm.update(body=body)


def _compare(cmp, op):
    """``cmp`` with its (first) guard's operator ``op``."""
    guard = cmp.guards[0].update(comparison=op)
    return cmp.update(guards=[guard, *cmp.guards[1:]])


def mutants_of_file(game: str, path: Path, flags: set[str] | None = None) -> list[Mutant]:
    """Every mutant of one rule file."""
    flags = flags_of(game) if flags is None else flags
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    out: list[Mutant] = []
    for stm in _statements(text):
        if stm.ast_type not in (ast.ASTType.Rule,):
            continue
        span = _span(lines, stm.location)
        own = "\n".join(lines[span[0]:span[2] + 1])
        ids = tuple(sorted(set(RULE_ID.findall(own)) | _ids_above(lines, span[0])))
        if not ids:
            continue
        line = span[0] + 1

        def add(kind: str, what: str, new_stm) -> None:
            new = "" if new_stm is None else str(new_stm).rstrip(".") + "."
            out.append(Mutant(game, path.name, line, kind, ids, what, _replace(lines, span, new)))

        add("drop", "the rule removed", None)
        body = _body(stm)
        for i, lit in enumerate(body):
            flipped = _flip(lit)
            if flipped is not None:
                add("negate", f"condition {i + 1} negated ({lit} -> {flipped})",
                    _with_body(stm, body[:i] + [flipped] + body[i + 1:]))
            cmp = _comparisons(lit)
            if cmp is None:
                continue
            op = cmp.guards[0].comparison
            left, right = cmp.term, cmp.guards[0].term
            if _is_flag(left, flags) or _is_flag(right, flags):
                swap = ast.ComparisonOperator.NotEqual if op == ast.ComparisonOperator.Equal else \
                    ast.ComparisonOperator.Equal if op == ast.ComparisonOperator.NotEqual else None
                if swap is not None:
                    new_lit = lit.update(atom=_compare(cmp, swap))
                    add("flag", f"flag reading swapped ({lit} -> {new_lit})",
                        _with_body(stm, body[:i] + [new_lit] + body[i + 1:]))
                continue
            shifted = COMPARISON_SHIFT.get(op)
            if shifted is not None:
                new_lit = lit.update(atom=_compare(cmp, shifted))
                add("shift", f"comparison shifted ({lit} -> {new_lit})",
                    _with_body(stm, body[:i] + [new_lit] + body[i + 1:]))
    return out


def mutants(game: str) -> list[Mutant]:
    """Every mutant of the game's rule folder, file by file in name order."""
    flags = flags_of(game)
    out: list[Mutant] = []
    for path in sorted((RULES / game).glob("*.lp")):
        out += mutants_of_file(game, path, flags)
    return out


def _spans_by_id(game: str) -> dict[str, list[tuple[str, tuple[int, int, int, int]]]]:
    """rule id -> (file, span) of every statement that carries it."""
    out: dict[str, list] = {}
    for path in sorted((RULES / game).glob("*.lp")):
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        for stm in _statements(text):
            if stm.ast_type != ast.ASTType.Rule:
                continue
            span = _span(lines, stm.location)
            own = "\n".join(lines[span[0]:span[2] + 1])
            for r in set(RULE_ID.findall(own)) | _ids_above(lines, span[0]):
                out.setdefault(r, []).append((path.name, span))
    return out


def rule_id_mutants(game: str) -> list[Mutant]:
    """One mutant a rule id: every statement that carries it removed (in every file of the game)."""
    out = []
    for rule_id, places in sorted(_spans_by_id(game).items()):
        texts: dict[str, str] = {}
        for name in sorted({f for f, _ in places}):
            lines = (RULES / game / name).read_text(encoding="utf-8").split("\n")
            for f, span in sorted((p for p in places if p[0] == name), key=lambda p: p[1], reverse=True):
                lines = _replace(lines, span, "").split("\n")  # from the last, so earlier spans stay valid
            texts[name] = "\n".join(lines)
        names = sorted(texts)
        first = min(span[0] for f, span in places if f == names[0]) + 1
        out.append(Mutant(game, names[0], first, "rule", (rule_id,),
                          f"every rule carrying {rule_id} removed ({len(places)} in {', '.join(names)})",
                          texts[names[0]], tuple((n, texts[n]) for n in names[1:])))
    return out


def rule_ids(game: str) -> set[str]:
    """Every rule id some statement of the game's rule folder carries."""
    return {r for m in mutants(game) if m.kind == "drop" for r in m.rule_ids}


def write(mutant: Mutant, folder: Path) -> Path:
    """Lay out ``folder`` like ``asp_rules/`` with the mutant's game folder changed; returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    for game_dir in RULES.iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("_"):
            continue
        dst = folder / game_dir.name
        dst.mkdir(exist_ok=True)
        for f in game_dir.glob("*.lp"):
            (dst / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / mutant.game / mutant.file).write_text(mutant.text, encoding="utf-8")
    for name, text in mutant.more:
        (folder / mutant.game / name).write_text(text, encoding="utf-8")
    return folder


def parses(mutant: Mutant) -> bool:
    """Whether the mutated file still parses (a mutant that does not is no mutant)."""
    try:
        for text in (mutant.text, *(t for _, t in mutant.more)):
            _statements(text)
    except RuntimeError:
        return False
    return True
