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
from .breaks import first_break
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
