"""RB-ORD-4: "X and Y may be assigned damage in either order" holds when the rules' order of assignment allows X
before Y and Y before X (Tank first, RB-ORD-2; one priority in any order, RB-ORD-4), whatever the total: the total
decides only how far down that order the damage reaches. Checked against a brute force over every order of the
units, and on boards whose damage reaches neither unit."""
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
    """Every order of the units that puts Tanks first (RB-ORD-2); a pair may be taken in either order if each comes
    first in some such order (the total, however small, does not change the order the rules allow)."""
    firsts: dict[tuple[str, str], set[str]] = {}
    for order in itertools.permutations(defenders):
        tanks = [t for _, _, t in order]
        if tanks != sorted(tanks, reverse=True):
            continue
        names = [name for name, _, _ in order]
        for (x, _, _), (y, _, _) in itertools.combinations(defenders, 2):
            firsts.setdefault((x, y), set()).add(x if names.index(x) < names.index(y) else y)
    return {f"{x}{y}": firsts.get((x, y), set()) == {x, y}
            for (x, _, _), (y, _, _) in itertools.combinations(defenders, 2)}


@pytest.mark.parametrize("total, defenders", [
    (2, [("X", 2, False), ("Y", 2, False)]),               # the total reaches one of them only
    (4, [("X", 2, False), ("Y", 2, False)]),
    (1, [("T", 3, True), ("D", 2, False)]),                 # the Tank is always first
    (5, [("T", 3, True), ("D", 2, False), ("E", 4, False)]),
    (3, [("T", 3, True), ("U", 2, True), ("D", 1, False)]),  # two Tanks in any order
    (3, [("T", 5, True), ("X", 1, False), ("Y", 1, False)]),  # the Tank takes the whole total: X, Y never reached
    (0, [("X", 1, False), ("Y", 1, True)]),                 # nothing to assign at all
])
def test_either_order_agrees_with_every_order_of_the_units(total, defenders):
    claims = api.load(_board(total, defenders)).verify().to_json()["claims"]
    assert {c["id"]: c["verdict"] for c in claims} == _brute(total, defenders)


def test_units_no_damage_reaches_may_still_be_taken_in_either_order():
    """A3 against a Tank with lethal 5 and two 1-Might units: no legal split reaches X or Y, yet the rules take
    them in either order (RB-ORD-4), and neither "must come first" claim holds; the note says no split reaches
    them."""
    doc = _board(3, [("T", 5, True), ("X", 1, False), ("Y", 1, False)])
    doc["claims"] = [{"id": "any", "claim": "X and Y may be assigned damage in either order"},
                     {"id": "xy", "claim": "X must get lethal damage before Y gets any"},
                     {"id": "yx", "claim": "Y must get lethal damage before X gets any"}]
    got = {c["id"]: c for c in api.load(doc).verify().to_json()["claims"]}
    assert {k: c["verdict"] for k, c in got.items()} == {"any": True, "xy": False, "yx": False}
    assert "RB-ORD-4" in [r["rule"] for r in got["any"]["reasons"]]
    assert any("no legal split gives X or Y any damage" in n for n in got["any"]["notes"])
