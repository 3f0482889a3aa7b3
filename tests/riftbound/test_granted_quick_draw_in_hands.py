"""RB-CARD-9 with RB-SHOW-4: "Your Equipment everywhere have [Quick-Draw]" (Jax, Unmatched) gives his player's
Equipment Reaction in a hand as in a stated play: the hand reader accepts a Normal-speed Equipment of that player's,
and each play of it is decided by the one play check (the interpreter), which refuses it once no such unit is in
play; the other player's is refused as the hand is read."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(jax_side="attacker", where="units"):
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens",
           "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
           "defender": {"player": "Bo", "units": [{"name": "D", "custom": True, "might": 9 if where == "units" else 4}]},
           "hand": {"attacker": ["Doran's Blade"]}}
    doc[jax_side].setdefault(where, []).append("Jax - Unmatched")
    return doc


@pytest.mark.parametrize("where", ["units", "base"])
def test_an_equipment_given_quick_draw_is_played_from_hand(where):
    sol = verbs.optimize(scenario_from_dict(_doc(where=where))).solution
    played = [e for e in sol.resolved if e.card == "Doran's Blade"]
    assert played and played[0].targets[0] in ("A3", "Jax - Unmatched")


def test_without_the_grant_the_hand_refuses_it():
    with pytest.raises(ScenarioError, match=r"hand\.attacker\[0\]|Doran's Blade.*RB-SHOW-4") as got:
        scenario_from_dict(_doc(jax_side="defender"))
    assert got.value.path == "hand.attacker[0]"


def test_the_play_check_refuses_it_once_the_giver_is_gone():
    doc = _doc()
    doc["showdown"] = [{"play": "Final Spark", "by": "defender", "target": "Jax - Unmatched"}]
    scenario = scenario_from_dict(doc)
    sol = verbs.optimize(scenario).solution
    assert not [e for e in sol.resolved if e.card == "Doran's Blade"]
