"""RB-ORD-2, RB-ORD-4, RB-ORD-8: "X must get lethal damage before Y gets any" and "X and Y may be assigned damage in
either order" are claims on the order the rules put the units in (Tank first, one tier in any order), not on the
splits of one board: a board whose damage reaches neither unit (a 0-Might attacker, a Tank taking the whole total)
answers from that order, and a claim and its mirror are never both TRUE."""
from __future__ import annotations

import pytest

from pycombat import api


def _verdicts(might: int, defenders: list[dict]) -> dict[str, dict]:
    doc = {"game": "riftbound", "title": "order",
           "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": might}]},
           "defender": {"player": "Bo", "units": [{"custom": True, **d} for d in defenders]},
           "claims": [{"id": "xy", "claim": "X must get lethal damage before Y gets any"},
                      {"id": "yx", "claim": "Y must get lethal damage before X gets any"},
                      {"id": "any", "claim": "X and Y may be assigned damage in either order"}]}
    return {c["id"]: c for c in api.load(doc).verify().to_json()["claims"]}


@pytest.mark.parametrize("might", [0, 1, 2])
def test_a_tank_comes_first_whatever_the_total(might):
    """Y is a Tank: Y before X holds (RB-ORD-2) and X before Y does not, also when the attacker has nothing to
    assign (Might 0) or only enough for the Tank."""
    got = _verdicts(might, [{"name": "X", "might": 1}, {"name": "Y", "might": 1, "keywords": ["Tank"]}])
    assert {k: c["verdict"] for k, c in got.items()} == {"xy": False, "yx": True, "any": False}
    assert all("RB-ORD-2" in [r["rule"] for r in c["reasons"]] for c in got.values())


def test_nothing_to_assign_is_said_in_the_note():
    got = _verdicts(0, [{"name": "X", "might": 1}, {"name": "Y", "might": 1, "keywords": ["Tank"]}])
    assert any("no legal split gives Y or X any damage" in n and "total is 0" in n for n in got["yx"]["notes"])


@pytest.mark.parametrize("might", [0, 3, 8])
def test_units_of_one_tier_need_no_order_whatever_the_total(might):
    """X and Y of one tier behind a Tank T (lethal 5): with 3 damage none reaches them, with 8 both die; in every
    case either order is allowed (RB-ORD-4) and neither must come first."""
    got = _verdicts(might, [{"name": "T", "might": 5, "keywords": ["Tank"]}, {"name": "X", "might": 1},
                            {"name": "Y", "might": 1}])
    assert {k: c["verdict"] for k, c in got.items()} == {"xy": False, "yx": False, "any": True}
    assert "RB-ORD-4" in [r["rule"] for r in got["any"]["reasons"]]


def test_a_unit_that_cannot_be_dealt_damage_is_never_first():
    """RB-ORD-7: a unit that cannot be dealt damage has no lethal amount: no damage waits for it, and the other may
    not be claimed to come after it either way."""
    got = _verdicts(2, [{"name": "X", "might": 1, "immune": True}, {"name": "Y", "might": 1}])
    assert got["xy"]["verdict"] is False
    assert got["any"]["verdict"] is False
    assert not (got["xy"]["verdict"] and got["yx"]["verdict"])
