"""Where a proposed damage split first breaks the rules (RB-JUDGE-3): the split replayed as an assignment
order, unit by unit, against lethal-first (RB-DMG-6), Tank (RB-ORD-2) and Backline (RB-ORD-3), with the rule
of the first unit where it goes wrong. The judge's view (:mod:`.judge`) and the check of a stated split
(:mod:`.outcome`) both read it."""
from __future__ import annotations

import itertools
from typing import Any, Mapping

from ..model import Board, Split, other
from .splits import derive


def _replay_context(board: Board, side: str) -> tuple[Any, Mapping[str, str], int, set[str], list[str],
                                                     Mapping[str, int | None]]:
    """What a replay of ``side``'s split reads from the board: the derived facts, the flags, the damage
    to assign, who may receive it, the targets and each unit's lethal damage."""
    d = derive(board)
    return d, board.flags, d.to_assign[side], set(d.receivers(side)), list(d.targets[side]), d.lethal


def first_break(board: Board, side: str, split: Split) -> dict[str, Any] | None:
    """RB-JUDGE-3: where a proposed split of ``side`` first breaks the rules, replayed as an
    assignment order (a sequence in the order the player gave it; a vector in the order a judge
    would take it); None when the replay finds nothing wrong."""
    if split.steps is not None:
        return _sequence_break(board, side, split)
    d, flags, total, receivers, targets, lethal = _replay_context(board, side)
    amounts = dict(split.amounts)
    for u, a in split.amounts:
        if u not in receivers and u in {x.name for x in board.side(side)}:
            return {"unit": u, "rule": "RB-DMG-3", "why": f"{u} is the {side}'s own unit"}
        if u not in receivers and u in {x.name for x in board.side(other(side))}:
            return {"unit": u, "rule": "RB-ORD-7", "why": f"{u} cannot be dealt damage"}
        if u not in receivers:
            return {"unit": u, "rule": "RB-DMG-3", "why": f"{u} is not in this combat"}
    if split.total != total:
        return {"unit": None, "rule": "RB-DMG-3", "why": f"assigns {split.total}; the {side} must assign exactly "
                f"{total}"}
    got = {u: amounts.get(u, 0) for u in targets}

    def has_lethal(u: str) -> bool:
        return lethal[u] is not None and got[u] >= lethal[u]

    duals = [u for u in targets if u in d.duals[side]]
    best: tuple[int, dict] | None = None
    for choice_ in itertools.product((0, 2), repeat=len(duals)):
        tier = {u: d.tiers[side].get(u, 1) for u in targets}
        tier.update(zip(duals, choice_))
        order = sorted((u for u in targets if got[u] > 0), key=lambda u: (tier[u], not has_lethal(u)))
        broke = _walk(order, tier, got, lethal, targets, flags, total)
        if broke is None:
            dumped = [u for u in receivers - set(targets) if amounts.get(u, 0) > 0]
            lacking = [u for u in targets if not has_lethal(u)]
            if dumped and lacking:
                return {"unit": dumped[0], "rule": "RB-ORD-7", "why": f"damage on {dumped[0]}, which cannot be dealt "
                        f"damage, while {lacking[0]} lacks lethal"}
            return None
        step, found = broke
        if best is None or step > best[0]:
            best = (step, found)
    return best[1] if best else None


def _sequence_break(board: Board, side: str, split: Split) -> dict[str, Any] | None:
    """The first step of a sequence (the player's own order) that breaks a rule."""
    d, flags, total, receivers, targets, lethal = _replay_context(board, side)
    steps = list(split.steps or ())
    for u, a in steps:
        if u not in receivers:
            own = u in {x.name for x in board.side(side)}
            return {"unit": u, "rule": "RB-DMG-3" if own or u not in {x.name for x in board.side(other(side))}
                    else "RB-ORD-7", "why": f"{u} may not receive the {side}'s damage"}
        if a <= 0:
            return {"unit": u, "rule": "RB-MODEL-6", "why": "each step assigns a positive amount"}
    # a dual unit (RB-ORD-5) counts as first unless a unit of tier 1 or 2 was taken before it
    tier = {u: d.tiers[side].get(u, 1) for u in targets}
    for x in d.duals[side]:
        first = next((k for k, (u, _) in enumerate(steps) if u == x), None)
        late = first is None or any(tier.get(v, 1) >= 1 and v not in d.duals[side] for v, _ in steps[:first])
        tier[x] = 2 if late else 0
    got = {u: 0 for u in receivers}

    def lacks(i: str) -> bool:
        return lethal.get(i) is None or got[i] < lethal[i]

    prev = None
    for k, (u, a) in enumerate(steps):
        if prev is not None and prev != u and got[prev] > 0 and prev in targets and lacks(prev):
            return {"unit": prev, "rule": "RB-DMG-6", "step": k + 1, "why": f"{prev} has {got[prev]}, less than "
                    f"its lethal, when damage goes to {u}"}
        if u not in targets:  # dumped on a unit that cannot be dealt damage (RB-ORD-7)
            lacking = [i for i in targets if lacks(i)]
            if lacking:
                return {"unit": u, "rule": "RB-ORD-7", "step": k + 1, "why": f"damage on {u} while {lacking[0]} "
                        "lacks lethal"}
        else:
            lower = [i for i in targets if tier[i] < tier[u] and lacks(i)]
            if lower:
                i = lower[0]
                if tier[u] == 2:
                    return {"unit": u, "rule": "RB-ORD-3", "step": k + 1, "why": f"{u} (Backline) gets damage "
                            f"while {i} lacks lethal"}
                return {"unit": u, "rule": "RB-ORD-2", "step": k + 1, "why": f"{u} gets damage while the Tank {i} "
                        "lacks lethal"}
        if flags.get("excess_damage") == "last" and prev is not None and prev != u \
                and not any(lacks(i) for i in targets) and u in targets:
            return {"unit": u, "rule": "RB-DMG-9", "step": k + 1, "why": f"leftover on {u}, not on the last unit "
                    f"assigned ({prev})"}
        got[u] += a
        if u in targets and lethal[u] is not None and got[u] > lethal[u]:
            lacking = [j for j in targets if j != u and lacks(j)]
            if lacking:
                return {"unit": u, "rule": "RB-DMG-7", "step": k + 1, "why": f"{u} gets {got[u]}, more than its "
                        f"lethal {lethal[u]}, while {lacking[0]} lacks lethal"}
        prev = u
    if sum(a for _, a in steps) != total:
        return {"unit": None, "rule": "RB-DMG-3", "why": f"assigns {sum(a for _, a in steps)}; the {side} must "
                f"assign exactly {total}"}
    vector = first_break(board, side, Split(side, tuple((u, n) for u, n in got.items() if n)))
    return vector  # the final vector's own breaks (e.g. RB-READ-1, a second unit left short)


def _walk(order: list[str], tier: Mapping[str, int], got: Mapping[str, int], lethal: Mapping[str, int | None],
          targets: list[str], flags: Mapping[str, str], total: int) -> tuple[int, dict] | None:
    remaining = total
    for step, u in enumerate(order):
        L = lethal[u]
        lacking_lower = [i for i in targets if tier[i] < tier[u] and (lethal[i] is None or got[i] < lethal[i])]
        if lacking_lower:
            i = lacking_lower[0]
            if tier[u] == 2:  # RB-ORD-3: a Backline unit before the others have lethal
                return step, {"unit": u, "rule": "RB-ORD-3", "why": f"{u} (Backline) gets damage while {i} lacks "
                              "lethal"}
            return step, {"unit": u, "rule": "RB-ORD-2", "why": f"{u} gets damage while the Tank {i} lacks lethal"}
        short = L is None or got[u] < L
        if short and flags.get("lethal_order") == "killable_first":
            passed = [j for j in targets if got[j] == 0 and j != u and lethal[j] is not None
                      and lethal[j] <= got[u] and tier[j] <= tier[u]]
            if passed:  # RB-READ-1 [lethal_order=killable_first]
                return step, {"unit": u, "rule": "RB-READ-1", "why": f"{u} is left short with {got[u]} while "
                              f"{passed[0]} (lethal {lethal[passed[0]]}) could be killed with it"}
        if short and step < len(order) - 1 and tier[order[step + 1]] > tier[u]:
            v = order[step + 1]  # the next unit is of a later tier while u lacks lethal
            if tier[v] == 2:  # RB-ORD-3: Backline only once the others have lethal
                return step + 1, {"unit": v, "rule": "RB-ORD-3", "why": f"{v} (Backline) gets damage while {u} "
                                  "lacks lethal"}
            return step + 1, {"unit": v, "rule": "RB-ORD-2", "why": f"{v} gets damage while the Tank {u} lacks "
                              "lethal"}
        if short and step < len(order) - 1:  # RB-DMG-6: lethal before damage goes to a different unit
            return step, {"unit": u, "rule": "RB-DMG-6", "why": f"{u} gets {got[u]}, less than its lethal "
                          f"{'(none)' if L is None else L}, while {order[step + 1]} also gets damage"}
        if L is not None and got[u] > L:
            lacking = [j for j in targets if j != u and (lethal[j] is None or got[j] < lethal[j])]
            if lacking:  # RB-DMG-7: no overkill while a unit lacks lethal
                return step, {"unit": u, "rule": "RB-DMG-7", "why": f"{u} gets {got[u]}, more than its lethal {L}, "
                              f"while {lacking[0]} lacks lethal"}
            if flags.get("excess_damage") == "last":
                holders = [j for j in order if lethal[j] is not None and got[j] > lethal[j]]
                later = [j for j in targets if tier[j] > tier[u]]
                if len(holders) > 1 or later:  # RB-DMG-9 [excess_damage=last]
                    return step, {"unit": u, "rule": "RB-DMG-9", "why": f"leftover on {u}, which cannot be the last "
                                  "unit assigned" if later else "leftover split over several units"}
        remaining -= got[u]
    return None
