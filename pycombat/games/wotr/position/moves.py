"""Legal movement for an action die result (WOTR-MOVE, WOTR-CHMOVE, WOTR-DICE), decided by the ASP
encodings ``asp_rules/wotr/move_*.lp``.

* :func:`check_move`: check mode on one candidate (a list of movements, each ``from``, ``to`` and the
  figures it takes): the violated rule ids, or the rules that allow it (``engaged/2``).
* :func:`legal_moves` / :func:`count_moves`: generate mode: every legal way to use the die result for
  movement. One *move* is one whole action: which figures go where (identical figures
  interchangeable). Armies: up to two Armies one region each with an Army result, one Army with a
  Leader or Character with a Character result (any part of the Army, WOTR-MOVE-1/7/8). Characters
  (Character result): the Companions outside the Fellowship, or the Nazgûl and Minions, each
  choosing its destination (WOTR-CHMOVE).

Counting does not list: the movements of Characters are independent of each other (no rule links
the destination of one Nazgûl, or of one region's Companions, to another's), so their count is the
product over independent movers of (1 + that mover's legal moves), less the action that moves
nothing; each factor is counted by the ASP (the Nazgûl of one region by the legal destinations of
one of them and the number of ways to share the group among them). Two Armies' moves are linked
only by the stacking limit: pairs of Armies whose movements cannot meet multiply, the others are
counted by the ASP (:func:`_count_armies`). :class:`~pycombat.errors.TooLargeError` refuses a listing above ``max_list``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Any

from pycombat.errors import TooLargeError
from pycombat.solver import Decoder, Solver, Violation, check_answer, rule_files, to_python
from ..board import load_board
from ..characters import load_characters
from ..model import Contingent, Force
from .facts import Engaged, MGroup, Moved, candidate_facts, consts, groups_of, position_facts
from .scenario import PositionScenario
from ..battle.splits import describe_force

RULES = "pycombat.asp_rules.wotr"
BASE = ("move_input.lp", "flags.lp", "move_derive.lp", "move_legal.lp")
GENERATE = BASE + ("move_generate.lp", "enforce.lp", "move_show.lp")
DEFAULT_MAX_LIST = 100_000


@dataclass(frozen=True)
class Move:
    """One legal use of the die result for movement: ``(group id, from, to, count)`` per moving group."""

    moved: tuple[tuple[int, str, str, int], ...]

    def steps(self) -> list[tuple[str, str, dict[int, int]]]:
        """``[(from, to, {group: count})]``, one per (from, to)."""
        out: dict[tuple[str, str], dict[int, int]] = {}
        for g, f, t, c in self.moved:
            out.setdefault((f, t), {})[g] = c
        return [(f, t, carried) for (f, t), carried in sorted(out.items())]

    def kind(self, groups: dict[int, MGroup]) -> str:
        return "armies" if any(groups[g].is_unit for g, *_ in self.moved) else "characters"

    def sources(self) -> tuple[str, ...]:
        return tuple(sorted({f for _, f, _, _ in self.moved}))


@dataclass
class MoveVerdict:
    legal: bool
    violations: list[Violation] = field(default_factory=list)
    engaged: list[tuple[str, Any]] = field(default_factory=list)
    result: str | None = None  #: the result used (Will of the West: army or character)

    @property
    def rules(self) -> list[str]:
        if not self.legal:
            return list(dict.fromkeys(v.rule for v in self.violations))
        return list(dict.fromkeys(r for r, _ in self.engaged))


def results_for(s: PositionScenario) -> list[str | None]:
    """The results the die may stand for (WOTR-DICE-6: Will of the West is changed to any result)."""
    return ["army", "character"] if s.action.die == "will_of_the_west" else [None]


def force_of(carried: dict[int, int], groups: dict[int, MGroup]) -> Force:
    by_nation: dict[str, list[int]] = {}
    nazgul, chars = 0, []
    for gid, n in sorted(carried.items()):
        g = groups[gid]
        if g.kind == "character":
            chars.append(g.character)
        elif g.kind == "nazgul":
            nazgul += n
        else:
            row = by_nation.setdefault(g.nation, [0, 0, 0])
            row[("regular", "elite", "leader").index(g.kind)] += n
    return Force(tuple(Contingent(nat, *v) for nat, v in by_nation.items()), nazgul, tuple(chars))


# ---- check mode -------------------------------------------------------------------------------------------
def check_move(s: PositionScenario, steps: list[tuple[str, str, dict[int, int]]],
               groups: list[MGroup] | None = None, *, flags: dict[str, str] | None = None) -> MoveVerdict:
    """The rules these movements break (each result the die may stand for), or those they rely on."""
    groups = groups if groups is not None else groups_of(s)
    cst = consts(s) if flags is None else {k: str(v) for k, v in flags.items()}
    tried: list[MoveVerdict] = []
    for res in results_for(s):
        facts = position_facts(s, groups, as_result=res) + candidate_facts(steps)
        # (one grounding: the rules broken, and when none, the rules the movement relies on)
        violations, answer = check_answer(rule_files(RULES, BASE), facts, consts=cst, decoder=Decoder([Engaged]),
                                          show=("engaged/2",))
        if violations:
            tried.append(MoveVerdict(False, violations, result=res))
            continue
        engaged = sorted({(e.rule, _plain(e.detail)) for e in answer.decoded if isinstance(e, Engaged)},
                         key=lambda x: (x[0], repr(x[1])))
        return MoveVerdict(True, engaged=engaged, result=res)
    if len(tried) == 1:
        return tried[0]
    merged = sorted({v for t in tried for v in t.violations}, key=lambda v: (v.rule, repr(v.detail)))
    return MoveVerdict(False, merged)


def _plain(raw) -> Any:
    return to_python(raw.symbol if hasattr(raw, "symbol") else raw)


# ---- generate mode ----------------------------------------------------------------------------------------
def _solver(s: PositionScenario, groups: list[MGroup], res: str | None, texts: list[str] = ()) -> Solver:
    return Solver(files=rule_files(RULES, GENERATE), texts=list(texts), consts=consts(s),
                  facts=position_facts(s, groups, as_result=res), decoder=Decoder([Moved]))


def _decode(answer) -> Move:
    return Move(tuple(sorted((m.g, m.f, m.t, m.c) for m in answer.decoded if isinstance(m, Moved))))


ARMY_ONLY = ":- char_mode."
ONE_ARMY = ":- char_mode.\n:- #count { F : src(F) } > 1."
ONE_FIGURE = ":- not char_mode.\n:- #sum { C, G, T : moved(G, _, T, C) } != 1."
CHAR_ONLY = ":- not char_mode."


def legal_moves(s: PositionScenario, *, max_list: int | None = DEFAULT_MAX_LIST,
                groups: list[MGroup] | None = None, count: int | None = None) -> list[Move]:
    """Every legal move, in a stable order (refused above ``max_list``; ``None``: no cap)."""
    groups = groups if groups is not None else groups_of(s)
    if max_list is not None:
        n = count if count is not None else count_moves(s, groups=groups).total
        if n > max_list:
            raise TooLargeError(f"{n:,} legal moves: more than --max-list {max_list:,}; use --count, or --limit N "
                                "to list the first N")
    seen: dict[tuple, Move] = {}
    for res in results_for(s):
        for answer in _solver(s, groups, res).models():
            m = _decode(answer)
            seen.setdefault(m.moved, m)
    return sorted(seen.values(), key=_order_key)


def first_moves(s: PositionScenario, n: int, *, groups: list[MGroup] | None = None) -> list[Move]:
    """The first ``n`` legal moves in the solver's order (for ``--limit`` on huge counts): that of a
    first solve, the same whatever was asked before (:meth:`Solver.models`, ``fresh``)."""
    groups = groups if groups is not None else groups_of(s)
    seen: dict[tuple, Move] = {}
    for res in results_for(s):
        for answer in _solver(s, groups, res).models(fresh=True):
            m = _decode(answer)
            seen.setdefault(m.moved, m)
            if len(seen) >= n:
                break
        if len(seen) >= n:
            break
    return sorted(seen.values(), key=_order_key)


def _order_key(m: Move):
    return (len(m.steps()), m.sources(), m.moved)


@dataclass
class MoveCount:
    """How many legal moves, by kind."""

    armies: int  #: moves of Armies (one or two)
    characters: int  #: moves of Characters on their own
    movers: list[tuple[str, int]] = field(default_factory=list)  #: (who, legal moves) per independent mover
    #: the side's Characters that cannot move with this action: (who, why, rules); never listed as movers
    cannot_move: list[tuple[str, str, list[str]]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.armies + self.characters


def count_moves(s: PositionScenario, *, groups: list[MGroup] | None = None, cap: int = 2_000_000) -> MoveCount:
    groups = groups if groups is not None else groups_of(s)
    army_res = "army" if s.action.die == "will_of_the_west" else None
    armies = _count_armies(s, groups, army_res, cap)
    characters, movers, stuck = 0, [], []
    if s.action.die in ("character", "will_of_the_west") and s.action.card is None:
        char_res = "character" if s.action.die == "will_of_the_west" else None
        characters, movers, stuck = _count_characters(s, groups, char_res, cap)
    return MoveCount(armies, characters, movers, stuck)


def _count_armies(s: PositionScenario, groups: list[MGroup], res: str | None, cap: int) -> int:
    """One Army's moves (listed by the ASP), plus the moves of two Armies from different regions: a pair
    whose movements cannot meet (no destination of one is a destination or the start of the other, or
    stacking is trimmed at the end) has n1 * n2 of them, since only the stacking limit (WOTR-STACK-1)
    links two Armies' movements; a pair that can meet is counted by the ASP itself."""
    per_source: dict[str, list[Move]] = {}
    for m in single_army_moves(s, groups):
        per_source.setdefault(m.sources()[0], []).append(m)
    total = sum(len(v) for v in per_source.values())
    if not _two_armies(s):
        return total
    dests = {f: {m.moved[0][2] for m in ms} for f, ms in per_source.items()}
    coupled = s.flags["stacking_check"] == "forbid_move"
    srcs = sorted(per_source)
    meeting = []
    for a_i, a in enumerate(srcs):
        for b in srcs[a_i + 1:]:
            if coupled and (dests[a] & dests[b] or a in dests[b] or b in dests[a]):
                meeting.append((a, b))
            else:
                total += len(per_source[a]) * len(per_source[b])
    work = sum(len(per_source[a]) * len(per_source[b]) for a, b in meeting)
    if work > cap:
        raise TooLargeError(f"{work:,} pairs of Army moves that may meet in a region to check against the stacking "
                            f"limit: more than {cap:,}, refused")
    for a, b in meeting:
        only = f':- src(F), F != "{a}", F != "{b}".\n:- not src("{a}").\n:- not src("{b}").'
        total += _solver(s, groups, res, [ARMY_ONLY, only]).count()
    return total


def _two_armies(s: PositionScenario) -> bool:
    """Whether the die may move two Armies (an Army result, WOTR-MOVE-1)."""
    return s.action.card is None and "army" in s.action.results("mouth-of-sauron" in s.position.characters_in_play())


def _count_characters(s: PositionScenario, groups: list[MGroup], res: str | None, cap: int):
    """Character moves = prod(1 + moves of each independent mover) - 1 (see the module docstring); with the
    movers and their counts, and the Characters that cannot move: one that never moves (WOTR-CHMOVE-8) is no
    mover, and a mover without a legal move is named with that reason instead of "0 ways"."""
    mine = [g for g in groups if g.side == s.action.side]
    units: list[tuple[str, list[MGroup]]] = []
    by_region: dict[str, list[MGroup]] = {}
    stuck: list[tuple[str, str, list[str]]] = []
    for g in mine:
        if g.kind == "character":
            c = load_characters().characters[g.character]
            if c.never_moves:  # WOTR-CHMOVE-8
                stuck.append((f"{c.name} in {load_board().regions[g.region].name}", c.never_moves, ["WOTR-CHMOVE-8"]))
                continue
            if c.kind == "companion":
                by_region.setdefault(g.region, []).append(g)
            else:
                units.append((c.name, [g]))
        elif g.kind == "nazgul":
            units.append((f"{g.label()} in {load_board().regions[g.region].name}", [g]))
    for region, gs in by_region.items():
        units.append((", ".join(g.label() for g in gs) + f" in {load_board().regions[region].name}", gs))
    movers, total = [], 1
    for who, gs in units:
        ids = {g.id for g in gs}
        only = f":- moved(G, _, _, _), not mover_group(G).\n" + "".join(f"mover_group({i}).\n" for i in ids)
        if gs[0].kind == "nazgul":
            # one Nazgûl's destinations; the group shares them out (identical figures)
            single = _solver(s, groups, res, [CHAR_ONLY, only, ":- #sum { C, G, T : moved(G, _, T, C) } != 1."]).count()
            n = comb(single + gs[0].count, gs[0].count) - 1
        else:
            n = _solver(s, groups, res, [CHAR_ONLY, only]).count(limit=cap + 1)
        if n > cap:
            raise TooLargeError(f"more than {cap:,} ways to move {who}: refused")
        if n == 0:
            # the rule that moves it (the Companions, the Nazgûl, the Minions) leaves it no region
            rule = ("WOTR-CHMOVE-2" if gs[0].kind == "character" and load_characters().characters[
                gs[0].character].kind == "companion" else "WOTR-CHMOVE-7" if gs[0].kind == "nazgul" else
                "WOTR-CHMOVE-9")
            where = load_board().regions[gs[0].region].name
            why = "no legal move with this action"
            if (gs[0].kind == "character" and rule in ("WOTR-CHMOVE-2", "WOTR-CHMOVE-9")
                    and s.position.besieged_side(gs[0].region) == s.action.side):
                # WOTR-CHMOVE-6 (the Mouth of Sauron likewise, WOTR-CHMOVE-9): inside a friendly Stronghold
                # besieged by the enemy, a Companion never leaves it
                why, rule = f"inside the Stronghold of {where}, besieged by the enemy: it never leaves it", (
                    "WOTR-CHMOVE-6" if rule == "WOTR-CHMOVE-2" else "WOTR-CHMOVE-9")
            stuck.append((who if who.endswith(f" in {where}") else f"{who} in {where}", why, ["WOTR-CHMOVE-1", rule]))
            continue
        movers.append((who, n))
        total *= n + 1
    return total - 1, movers, stuck


def single_army_moves(s: PositionScenario, groups: list[MGroup] | None = None) -> list[Move]:
    """The moves of one Army alone (each source, destination and part), for the grouped listing."""
    groups = groups if groups is not None else groups_of(s)
    res = "army" if s.action.die == "will_of_the_west" else None
    return sorted({_decode(a).moved: _decode(a) for a in _solver(s, groups, res, [ONE_ARMY]).models()}.values(),
                  key=_order_key)


def single_figure_moves(s: PositionScenario, groups: list[MGroup] | None = None) -> list[Move]:
    """The moves of one Character or one Nazgûl on its own (each figure's destinations)."""
    groups = groups if groups is not None else groups_of(s)
    if s.action.die not in ("character", "will_of_the_west") or s.action.card is not None:
        return []
    res = "character" if s.action.die == "will_of_the_west" else None
    return sorted({_decode(a).moved: _decode(a) for a in _solver(s, groups, res, [ONE_FIGURE]).models()}.values(),
                  key=_order_key)


# ---- reading a move ---------------------------------------------------------------------------------------
def describe_step(f: str, t: str, carried: dict[int, int], groups: dict[int, MGroup]) -> str:
    board = load_board()
    return f"{board.regions[f].name} -> {board.regions[t].name}: {describe_force(force_of(carried, groups))}"


__all__ = ["Move", "MoveVerdict", "MoveCount", "check_move", "legal_moves", "count_moves", "first_moves",
           "results_for", "force_of", "describe_step"]
