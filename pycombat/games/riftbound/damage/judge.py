"""The judge's view of a damage split, per side (RB-JUDGE): what a judge tells the players.

* the damage still needed: the most units the side's total can kill, how much more the next
  kill would need, and how much more killing every unit would need (RB-JUDGE-1);
* whether the assigning player has a real choice: one legal split or many, and whether the
  legal splits kill different units (RB-JUDGE-2);
* for a proposed split the rules reject (the ASP's check mode decides), the first unit where
  it breaks lethal-first, Tank or Backline order, with the rule id (RB-JUDGE-3).

:func:`judge_json` gives JSON-ready data, :func:`judge_lines` the text.

>>> from pycombat.games.riftbound.schema import example_path, load_scenario
>>> from pycombat.games.riftbound.cards.showdown import play_showdown
>>> board = play_showdown(load_scenario(example_path("seed_example.yaml"))).board
>>> j = judge_json(board, "defender")
>>> j["total"], j["kills_possible"], j["next_kill"], j["all_kills"]["more_needed"], j["choice"]
(3, 1, {'needs': 5, 'more_needed': 2}, 2, 'many')
"""
from __future__ import annotations

import itertools
from typing import Any, Mapping

from pycombat.errors import TooLargeError
from ..model import Board, Split, other
from .splits import LegalSplits, derive


#: the legal splits are grouped by the units they kill only up to this many
MAX_GROUPED = 5_000


def _orders(d, side: str) -> list[list[str]]:
    """The kill orders that take the fewest damage first: by tier (RB-ORD-2/3; a dual unit
    first or last, RB-ORD-5), cheapest lethal first inside a tier; units that cannot be
    killed close their tier (nothing after them can be reached)."""
    targets = list(d.targets[side])
    duals = [u for u in targets if u in d.duals[side]]
    out = []
    for choice in itertools.product((0, 2), repeat=len(duals)):
        tier = {u: d.tiers[side].get(u, 1) for u in targets}
        tier.update(zip(duals, choice))
        out.append(sorted(targets, key=lambda u: (tier[u], d.lethal[u] is None, d.lethal[u] or 0)))
    return out or [[]]


def _cost(d, order: list[str], k: int) -> int | None:
    """Damage that kills the first ``k`` units of ``order`` (None if one cannot be killed)."""
    total = 0
    for u in order[:k]:
        if d.lethal[u] is None:
            return None
        total += d.lethal[u]
    return total


def _short_kills(board: Board, d, side: str) -> dict[str, int]:
    """RB-CARD-23: the units a short amount still kills (marked by "kill it the next time it takes
    damage"), each with the least damage assigned that deals it any: the last unit taken may get that
    instead of its lethal amount (RB-DMG-6 leaves one unit short)."""
    out = {}
    for u in board.side(other(side)):
        if u.kill_on_damage and d.lethal.get(u.name) is not None and u.name in d.targets[side]:
            out[u.name] = min(d.lethal[u.name], u.prevent // 2 ** u.doubled + 1)
    return out


def _short_cost(d, side: str, order: list[str], k: int, short: Mapping[str, int]) -> int | None:
    """The least damage that kills ``k`` units when the k-th is one of ``short`` left short: every unit
    of a lower tier (``order``'s tiers: it lists them by tier) and the cheapest others of its tier have
    lethal (RB-ORD-2, RB-ORD-3, RB-DMG-6)."""
    tiers = d.tiers[side]
    best = None
    for x, amount in short.items():
        if x not in order:
            continue
        rank = _rank(d, side, order, x, tiers)
        below = [u for u in order if _rank(d, side, order, u, tiers) < rank]
        same = sorted((u for u in order if u != x and _rank(d, side, order, u, tiers) == rank),
                      key=lambda u: (d.lethal[u] is None, d.lethal[u] or 0))
        full = (below + same)[:k - 1]
        if len(full) < k - 1 or any(d.lethal[u] is None for u in full) or any(u not in full for u in below):
            continue
        cost = sum(d.lethal[u] for u in full) + amount
        best = cost if best is None else min(best, cost)
    return best


def _rank(d, side: str, order: list[str], u: str, tiers: Mapping[str, int]) -> int:
    """``u``'s tier in ``order`` (a dual unit's tier is where ``order`` put it: first or last)."""
    if u in d.duals[side]:
        first = [v for v in order if v not in d.duals[side]]
        return 0 if not first or order.index(u) < order.index(first[0]) else 2
    return tiers.get(u, 1)


def needs(board: Board, side: str) -> dict[str, Any]:
    """RB-JUDGE-1: the damage still needed by ``side`` for the next kill and for all kills."""
    d = derive(board)
    pool = d.to_assign[side]
    targets = d.targets[side]
    orders = _orders(d, side)
    short = _short_kills(board, d, side) if board.flags.get("kill_on_damage_lethal", "might") != "one" else {}
    if board.flags.get("marked_damage") == "ignore":
        # RB-MIGHT-1: lethal-first asks for the full Might (marked_damage=ignore, RB-DMG-5), but the damage marked
        # before still counts at the cleanup: the unit left short dies once the two together reach its Might
        for u in board.side(other(side)):
            if u.marked and u.name in targets and d.lethal.get(u.name) is not None:
                dies = max(1, d.lethal[u.name] - u.marked)
                if dies < short.get(u.name, d.lethal[u.name]):
                    short[u.name] = dies

    def cheapest(k: int) -> int | None:
        costs = [c for c in (_cost(d, o, k) for o in orders) if c is not None]
        if short:  # RB-CARD-23: the k-th unit killed short of lethal
            costs += [c for c in (_short_cost(d, side, o, k, short) for o in orders) if c is not None]
        return min(costs) if costs else None

    kills = 0
    while kills < len(targets) and (c := cheapest(kills + 1)) is not None and c <= pool:
        kills += 1
    nxt = cheapest(kills + 1) if kills < len(targets) else None
    every = None if any(d.lethal[u] is None for u in targets) else sum(d.lethal[u] for u in targets)
    if short and every is not None and targets:  # RB-CARD-23: the last unit may be killed short of lethal
        every = min(every, cheapest(len(targets)) or every)
    return {
        "side": side, "total": pool, "receivers": len(targets), "kills_possible": kills,
        "next_kill": None if nxt is None else {"needs": nxt, "more_needed": nxt - pool},
        "all_kills": {"needs": every, "more_needed": None if every is None else max(0, every - pool)},
        "rules": ["RB-JUDGE-1", "RB-DMG-6", "RB-ORD-2", "RB-ORD-3", "RB-MODEL-1"]
        + (["RB-CARD-23"] if any(u.kill_on_damage for u in board.side(other(side))) and short else [])
        + (["RB-MIGHT-1"] if board.flags.get("marked_damage") == "ignore" and short else []),
    }


def choice(board: Board, side: str) -> dict[str, Any]:
    """RB-JUDGE-2: one legal split or many, and how many different sets of victims."""
    from .game import kill_classes

    view = LegalSplits(board, side, representation="vector")
    try:
        count = view.count()
    except TooLargeError:
        count = None
    classes = None  # grouping by victims enumerates the splits: only for a modest number of them
    if derive(board).big[side]:
        classes = 1  # every target receives at least its lethal damage: the same units die whatever the split
    elif count is not None and count <= MAX_GROUPED:
        classes = len(kill_classes(board, side))
    kind = "forced" if count == 1 else "many"
    return {"split_count": count, "choice": kind, "kill_choices": classes,
            "real_choice": bool(classes and classes > 1), "rules": ["RB-JUDGE-2", "RB-MODEL-3", "RB-MODEL-7"]}


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


def judge_json(board: Board, side: str, proposed: Split | None = None) -> dict[str, Any]:
    """The judge's view of ``side``'s damage assignment (and of a proposed split)."""
    out = {**needs(board, side), **{k: v for k, v in choice(board, side).items() if k != "rules"}}
    out["rules"] = out["rules"] + ["RB-JUDGE-2"]
    if proposed is not None:
        view = LegalSplits(board, side, representation="sequence" if proposed.steps is not None else "vector")
        violations = view.violations(proposed)
        legal = not violations
        entry: dict[str, Any] = {"split": proposed.label(), "legal": legal,
                                 "violated": sorted({v.rule for v in violations})}
        if not legal:
            brk = first_break(board, side, proposed)
            if brk is None:  # the replay found no step: name the rule check mode names
                brk = {"unit": None, "rule": sorted({v.rule for v in violations})[0], "why": "see the violations"}
            entry["first_break"] = brk
            entry["rules"] = ["RB-JUDGE-3", brk["rule"]]
        out["proposed"] = entry
    return out


def judge_lines(board: Board, side: str, proposed: Split | None = None) -> list[str]:
    """The text form of :func:`judge_json`."""
    return judge_text(judge_json(board, side, proposed), side)


def judge_text(j: Mapping[str, Any], side: str) -> list[str]:
    """The text form of a computed :func:`judge_json` of ``side``."""
    who = side.capitalize()
    lines = [f"Judge ({who}): total {j['total']}; it can kill {j['kills_possible']} of {j['receivers']} unit(s)"]
    if j["next_kill"] is not None:
        lines.append(f"  the next kill needs {j['next_kill']['needs']} ({j['next_kill']['more_needed']} more) "
                     "(RB-JUDGE-1)")
    a = j["all_kills"]
    if a["needs"] is None:
        lines.append("  not every unit can be killed (one cannot be dealt lethal damage)")
    else:
        lines.append(f"  killing every unit needs {a['needs']}" + (f" ({a['more_needed']} more)" if a["more_needed"]
                                                                   else ": done with this total"))
    if j["split_count"] == 1:
        lines.append("  no choice: exactly one legal split (RB-JUDGE-2)")
    else:
        n = "many" if j["split_count"] is None else f"{j['split_count']:,}"
        k = "?" if j["kill_choices"] is None else j["kill_choices"]
        lines.append(f"  a choice: {n} legal splits, {k} different set(s) of units killed (RB-JUDGE-2)")
    p = j.get("proposed")
    if p is not None:
        if p["legal"]:
            lines.append(f"  proposed {p['split']}: legal")
        else:
            b = p["first_break"]
            at = (f" at {b['unit']}" if b["unit"] else "") + (f" (step {b['step']})" if b.get("step") else "")
            lines.append(f"  proposed {p['split']}: illegal; first breaks {b['rule']}{at}: {b['why']} (RB-JUDGE-3)")
    return lines
