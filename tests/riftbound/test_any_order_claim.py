"""RB-ORD-4: "X and Y may be assigned damage in either order" holds when some legal assignment order
damages X before Y and some damages Y before X, where a unit left without damage comes after the one
damaged (the order of assignment is over every unit; the total need not reach both). Checked against
a brute force over every order of the units."""
from __future__ import annotations

import itertools

import pytest

from pycombat import api


def _board(might_a: int, defenders: list[tuple[str, int, bool]]) -> dict:
    return {"game": "riftbound", "title": "order",
            "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": might_a}]},
            "defender": {"player": "Bo", "units": [
                {"name": n, "custom": True, "might": m, **({"keywords": ["Tank"]} if tank else {})}
                for n, m, tank in defenders]},
            "claims": [{"id": f"{x}{y}", "claim": f"{x} and {y} may be assigned damage in either order"}
                       for x, y in itertools.combinations([n for n, _, _ in defenders], 2)]}


def _brute(total: int, defenders: list[tuple[str, int, bool]]) -> dict[str, bool]:
    """Every order of the units that puts Tanks first (RB-ORD-2); the damage goes lethal by lethal in
    that order (RB-DMG-6..8); a pair may be taken in either order if each comes first in some order
    among the units the total reaches."""
    firsts: dict[tuple[str, str], set[str]] = {}
    for order in itertools.permutations(defenders):
        tanks = [t for _, _, t in order]
        if tanks != sorted(tanks, reverse=True):
            continue
        left, damaged = total, []
        for name, might, _ in order:
            if left <= 0:
                break
            damaged.append(name)
            left -= might
        for (x, _, _), (y, _, _) in itertools.combinations(defenders, 2):
            first = next((u for u in damaged if u in (x, y)), None)
            if first is not None:
                firsts.setdefault((x, y), set()).add(first)
    return {f"{x}{y}": firsts.get((x, y), set()) == {x, y}
            for (x, _, _), (y, _, _) in itertools.combinations(defenders, 2)}


@pytest.mark.parametrize("total, defenders", [
    (2, [("X", 2, False), ("Y", 2, False)]),               # the total reaches one of them only
    (4, [("X", 2, False), ("Y", 2, False)]),
    (1, [("T", 3, True), ("D", 2, False)]),                 # the Tank is always first
    (5, [("T", 3, True), ("D", 2, False), ("E", 4, False)]),
    (3, [("T", 3, True), ("U", 2, True), ("D", 1, False)]),  # two Tanks in any order
])
def test_either_order_agrees_with_every_order_of_the_units(total, defenders):
    claims = api.load(_board(total, defenders)).verify().to_json()["claims"]
    assert {c["id"]: c["verdict"] for c in claims} == _brute(total, defenders)
