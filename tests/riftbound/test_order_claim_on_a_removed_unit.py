"""RB-SHOW-4, RB-ORD-7: an order claim ("X must get lethal damage before Y gets any") on a unit killed in the showdown
says the unit is no longer at the battlefield and cites the rule that removed it. RB-ORD-7 is about units at the
battlefield that cannot be dealt damage, not about absent ones: it is neither cited nor named for such a unit."""
from __future__ import annotations

from pycombat import api

GONE = {"game": "riftbound", "title": "order with a unit killed in the showdown",
        "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": 3}]},
        "defender": {"player": "Bo", "units": [{"name": "X", "custom": True, "might": 1, "keywords": ["Tank"]},
                                               {"name": "Y", "custom": True, "might": 1}]},
        "showdown": [{"by": "attacker", "kill": "X"}],
        "claims": [{"id": "xy", "claim": "X must get lethal damage before Y gets any"},
                   {"id": "yx", "claim": "Y must get lethal damage before X gets any"},
                   {"id": "any", "claim": "X and Y may be assigned damage in either order"},
                   {"id": "dies", "claim": "X dies"}]}


def _claims() -> dict[str, dict]:
    return {c["id"]: c for c in api.load(GONE).verify().to_json()["claims"]}


def test_the_unit_killed_in_the_showdown_has_no_place_in_the_order_and_the_note_says_why():
    got = _claims()
    assert got["xy"]["verdict"] is False and got["yx"]["verdict"] is True and got["any"]["verdict"] is False
    for key in ("xy", "yx", "any"):
        notes = " ".join(got[key]["notes"])
        assert "RB-ORD-7" not in notes and "no lethal amount" not in notes, (key, notes)
        assert "X is no longer at the battlefield (killed during the showdown" in notes, (key, notes)
        rules = [r["rule"] for r in got[key]["reasons"]]
        assert "RB-ORD-7" not in rules, (key, rules)
        assert "RB-SHOW-4" in rules, (key, rules)


def test_the_order_claim_cites_what_the_fate_claim_cites_for_the_removal():
    got = _claims()
    removal = [r["rule"] for r in got["dies"]["reasons"]]
    assert set(removal) <= {r["rule"] for r in got["xy"]["reasons"]}
