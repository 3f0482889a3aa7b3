"""Riftbound: closed forms of the encodings' answers for the common boards (a fast path).

The encodings in ``asp_rules/riftbound`` stay the definition; this module computes, in Python, what
they answer on a board, for the questions a verb asks of every new board:

* :func:`derived_atoms`: the atoms of ``derive.lp`` (current Might, each side's total, lethal
  thresholds, targets, dumps, tiers, excess; RB-MIGHT-2..8, RB-DMG-1..5, RB-DMG-9, RB-ORD-1..8,
  RB-MODEL-1..3) as ``{predicate class: [field values]}``, what ``splits._derived`` reads off an
  answer set;
* :func:`vector_splits`: every legal vector split of a side (``generate.lp``, ``legal.lp``,
  ``enforce.lp``: RB-DMG-3, RB-DMG-6..9, RB-ORD-2..8, RB-READ-1), each with whether it wipes out the
  other side (``cleanup.lp``, ``outcome.lp``: RB-MIGHT-1, RB-MIGHT-6, RB-MIGHT-7, RB-RES-1).

Each returns None where it does not apply (a flag value it does not know, too many receivers); the
caller then asks the solver. ``tests/riftbound/test_closed_forms.py`` checks both against the
encodings (and the listing against a replay of every assignment order) on random boards under every
flag, and the enumerate JSON of every shipped example with the closed forms and without;
``bench/riftbound_closed.py`` compares the JSON of 1,000 diverse boards and of every verb on every
example.

The legal vectors of a side that assigns ``D > 0`` (RB-DMG-3: exactly ``D``):

* ``big`` (RB-MODEL-3, ``D`` at least every target's lethal, none unkillable): every target gets its
  lethal ``L`` plus a share of the excess ``E``, a dumped-on unit (RB-ORD-7) a share of ``E`` only
  (generate.lp); RB-DMG-9 ``excess_damage=last``: all of ``E`` on one receiver that no target of a
  later tier must follow. No target lacks lethal, so no order rule can be broken (legal.lp: every
  order violation needs a unit lacking lethal).
* otherwise every target gets 0, its lethal ``L`` (full) or, for one unit at most (RB-DMG-6), a
  positive amount short of lethal (any amount up to ``D`` for an unkillable one), never more than
  ``L`` (generate.lp's bound, RB-DMG-7) and nothing on a dumped-on unit; so a split is a set of full
  units and at most one short unit taking what is left. It must then have a tier-respecting order
  (RB-ORD-2..6, RB-ORD-8, and RB-READ-1 under ``lethal_order=killable_first``): legal.lp's options
  0 and 2 for a dual unit left short, ported rule by rule (:func:`_order_legal`).
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterator, Mapping

from . import facts as F
from ..model import Board, Unit, other

#: flag values the closed forms know (flags.lp); a board with another value goes to the solver
KNOWN = {
    "excess_damage": ("free", "last"),
    "marked_damage": ("remaining", "ignore"),
    "immune_targets": ("exclude", "dumpable"),
    "rules_version": ("v1.1", "v1.2", "v1.3", "v1.4"),
    "lethal_order": ("as_worded", "killable_first"),
    "kill_on_damage_lethal": ("might", "one"),
}
#: flags.lp's defaults of the flags read here
DEFAULTS = {"excess_damage": "free", "marked_damage": "remaining", "immune_targets": "exclude",
            "rules_version": "v1.3", "lethal_order": "as_worded", "kill_on_damage_lethal": "might"}
#: the most doubling effects on one unit handled here (2 ** 16 times any amount the limits allow
#: stays within clingo's 32-bit integers, in derive.lp and cleanup.lp alike)
MAX_DOUBLED = 16
#: the most receivers a side's splits are listed for here (the not-big listing tries every set of
#: full units: 2^n of them)
MAX_RECEIVERS = 10


def _flags(board: Board) -> dict[str, str] | None:
    got = {name: board.flags.get(name, default) for name, default in DEFAULTS.items()}
    if any(got[name] not in values for name, values in KNOWN.items()):
        return None
    return got


def _doubling(u: Unit) -> int:
    return 2 ** u.doubled


def derived_atoms(board: Board) -> dict[type, list[tuple]] | None:
    """derive.lp's atoms on ``board`` as ``{predicate class: [field values, ...]}`` (unsorted), or
    None when a flag has a value not known here.  Each line names the rule of derive.lp it follows."""
    flags = _flags(board)
    if flags is None:
        return None
    units = board.attacker + board.defender
    if len({u.name for u in units}) != len(units):
        return None  # (names are unique within a scenario: anything else is the solver's to judge)
    if any(u.doubled > MAX_DOUBLED for u in units):
        return None  # (clingo's integers have 32 bits: 2 ** K times an amount is the solver's to judge)
    got: dict[type, list[tuple]] = {p: [] for p in F.DERIVED_PREDICATES}
    damage_step = bool(board.attacker) and bool(board.defender)  # RB-DMG-1, RB-COMB-1/3
    if damage_step:
        got[F.DamageStep].append(())
    might: dict[str, int] = {}
    lethal: dict[str, int] = {}
    for u in units:
        # RB-MIGHT-4 (Assault while attacking), RB-MIGHT-5 (Shield while defending), the showdown's
        # changes and statics (RB-SHOW-4, RB-CARD-9); RB-DMG-11: damage does not lower it
        bonus = sum(u.assault) if u.side == "attacker" else sum(u.shield)
        m = u.might + sum(u.might_changes) + sum(a for _, a in u.static) + bonus
        might[u.name] = m
        got[F.Might].append((u.name, m))
        # RB-DMG-5, RB-MIGHT-2, RB-MIGHT-8 [marked_damage]: need = max(1, Might - counted marked)
        counted = u.marked if (u.marked and flags["marked_damage"] == "remaining") else 0
        need = m - counted if m - counted >= 1 else 1
        if u.kill_on_damage and flags["kill_on_damage_lethal"] == "one":
            need = 1  # RB-CARD-23 [kill_on_damage_lethal=one]: 1 dealt kills it (one_lethal(U))
        # RB-MIGHT-6 (prevention raises it), RB-MIGHT-7 [rules_version=v1.4] (doubling at assignment)
        if flags["rules_version"] == "v1.4":
            f = _doubling(u)
            lethal[u.name] = (need + u.prevent + f - 1) // f
        else:
            lethal[u.name] = need + u.prevent
        got[F.Lethal].append((u.name, lethal[u.name]))
        if u.prevent_all:  # RB-MIGHT-6: "prevent all"
            got[F.Unkillable].append((u.name,))
    for side in ("attacker", "defender"):
        opp = other(side)
        # RB-DMG-2, RB-MODEL-2, RB-MIGHT-2, RB-MIGHT-3: the side's total
        pool = sum(might[u.name] for u in board.side(side)
                   if might[u.name] > 0 and not u.stunned and not u.no_combat_damage)
        got[F.Pool].append((side, pool))
        # RB-DMG-3, RB-ORD-7 [immune_targets]: targets and dumped-on units
        targets = [u for u in board.side(opp) if not u.immune]
        dumps = [u for u in board.side(opp) if u.immune and flags["immune_targets"] == "dumpable"]
        got[F.Target] += [(side, u.name) for u in targets]
        got[F.Dump] += [(side, u.name) for u in dumps]
        to_assign = pool if (targets or dumps) and damage_step else 0
        got[F.ToAssign].append((side, to_assign))
        # RB-ORD-1 (ignores Tank), RB-ORD-2/3/5/6/8: tiers and dual units
        ignores = board.ignores_tank(side)
        for u in targets:
            tank = u.tank and not ignores
            if tank and u.backline:
                got[F.Dual].append((side, u.name))
            elif tank:
                got[F.Tier].append((side, u.name, 0))
            elif u.backline:
                got[F.Tier].append((side, u.name, 2))
            else:
                got[F.Tier].append((side, u.name, 1))
        # RB-MODEL-3, RB-MODEL-4: total lethal, big; RB-DMG-9: excess
        total = sum(lethal[u.name] for u in targets if not u.prevent_all)
        got[F.TotalLethal].append((side, total))
        big = to_assign > 0 and to_assign >= total and not any(u.prevent_all for u in targets)
        if big:
            got[F.Big].append((side,))
        got[F.Excess].append((side, to_assign - total if big else 0))
    return got


def vector_splits(board: Board, d, side: str, limit: int) -> list[tuple[tuple[tuple[str, int], ...], bool]] | None:
    """``side``'s legal vector splits on ``board`` (``d``: its :class:`~.splits.Derived`), each as
    ``(amounts, wiped_out)``: the positive amounts in the order of ``d.receivers(side)``, and whether
    the split leaves no unit of the other side (RB-RES-1).  Only ``limit + 1`` are made: a longer
    list means more than ``limit``.  None when this does not apply (see the module's docstring):
    the caller asks the solver."""
    flags = _flags(board)
    if flags is None or d.to_assign[side] <= 0 or any(u.doubled > MAX_DOUBLED for u in board.side(other(side))):
        return None
    receivers = d.receivers(side)
    if len(receivers) > MAX_RECEIVERS:
        return None
    opp_units = {u.name: u for u in board.side(other(side))}
    out = []
    for vector in _vectors(d, side, flags):
        amounts = tuple((u, vector[u]) for u in receivers if vector.get(u, 0) > 0)
        out.append((amounts, _wiped_out(d, side, opp_units, vector)))
        if len(out) > limit:
            break
    return out


def _vectors(d, side: str, flags: Mapping[str, str]) -> Iterator[dict[str, int]]:
    total = d.to_assign[side]
    targets, dumps = d.targets[side], d.dumps[side]
    if d.big[side]:
        base = {u: d.lethal[u] for u in targets}
        receivers = targets + dumps
        e = d.excess[side]
        if flags["excess_damage"] == "free" or e == 0:
            for shares in _compositions(e, len(receivers)):
                yield {u: base.get(u, 0) + x for u, x in zip(receivers, shares)}
            return
        # RB-DMG-9 [excess_damage=last]: all of it on one receiver no target of a later tier follows
        tiers = d.tiers[side]
        top = max(tiers.values(), default=0)
        for u in receivers:
            if u in tiers and tiers[u] < top:
                continue
            yield {**base, u: base.get(u, 0) + e}
        return
    killable = [u for u in targets if d.lethal[u] is not None]
    for k in range(len(killable) + 1):
        for full in combinations(killable, k):
            rest = total - sum(d.lethal[u] for u in full)
            if rest < 0:
                continue
            vector = {u: d.lethal[u] for u in full}
            if rest == 0:
                if _order_legal(d, side, vector, flags):
                    yield vector
                continue
            for u in targets:  # the one unit left short takes what is left (RB-DMG-6, RB-DMG-8)
                if u in vector:
                    continue
                lethal = d.lethal[u]
                if lethal is None or rest < lethal:
                    candidate = {**vector, u: rest}
                    if _order_legal(d, side, candidate, flags):
                        yield candidate


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``n`` as ``k`` ordered non-negative parts."""
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield (first,) + rest


def _order_legal(d, side: str, vector: Mapping[str, int], flags: Mapping[str, str]) -> bool:
    """Whether a not-big split (no unit over lethal, no dumped damage) has a tier-respecting order:
    legal.lp's ``illegal_order(S)`` (RB-ORD-2, RB-ORD-3, RB-ORD-5, RB-ORD-8, RB-READ-1) is false."""
    targets, tiers, duals = d.targets[side], d.tiers[side], d.duals[side]
    lethal = d.lethal
    full = {u for u in targets if lethal[u] is not None and vector.get(u, 0) >= lethal[u]}
    hit = {u for u, a in vector.items() if a > 0}
    short = [u for u in hit if u not in full]
    lacks = [u for u in targets if u not in full]
    for option in (0, 2):
        def etier(u: str) -> int:
            if u in tiers:
                return tiers[u]
            if u in full:
                return 0
            if u not in hit:
                return 2
            return option  # a dual unit left short
        bad = any(etier(i) < etier(j) for j in hit for i in lacks)  # breach(S, J, I, O)
        if not bad and flags["lethal_order"] == "killable_first":  # kpass(S, J, U, O), RB-READ-1
            for u in short:
                a, t = vector[u], etier(u)
                bad = bad or any(j not in hit and lethal[j] is not None and lethal[j] <= a and etier(j) <= t
                                 for j in targets)
        if not bad:
            return True
    return False


def _wiped_out(d, side: str, opp_units: Mapping[str, Unit], vector: Mapping[str, int]) -> bool:
    """outcome.lp's ``wiped_out(S)``: every unit of the other side dies at the cleanup (cleanup.lp:
    RB-MIGHT-1, RB-RES-1, RB-CARD-23; what is dealt after RB-MIGHT-6 prevention and RB-MIGHT-7 doubling; a unit
    that is no target, or is unkillable, is not dealt damage)."""
    targets = set(d.targets[side])
    for name, u in opp_units.items():
        if name not in targets or d.lethal[name] is None:
            return False
        dealt = max(0, _doubling(u) * vector.get(name, 0) - u.prevent)
        marked = u.marked + dealt
        if u.kill_on_damage and dealt > 0:  # RB-CARD-23: any damage dealt kills it
            continue
        if not (marked > 0 and marked >= d.might[name]):
            return False
    return True

