"""An item bonus "when tapping to face a strike" (Stabbing Tongue of Fire BA-81 and Whip of Many Thongs BA-82: +1
prowess when The Balrog taps to face a strike; Mechanical Bow WH-53: -1 to the body of a strike its bearer faces
if he taps to face it) needs a bearer who taps to face it: untapped as the strike starts and taking no -3 not to
tap (MECCG-SEQ-4/5). A tapped or wounded bearer does not tap to face it, nor does one who takes the -3; the item
terms are read in one place (cards/interpreter.py ``holds``, key ``taps``)."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict

PENALTY = {"untapped": 0, "tapped": -1, "wounded": -2}  # MECCG-SEQ-9: a tapped -1, a wounded -2


def _balrog(status: str, untapped: bool = False):
    strike = {"defender": "The Balrog", "attacker": "Aragorn II"}
    if untapped:
        strike["defender_untapped"] = True
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
        "defender": {"alignment": "balrog", "site": "Moria", "members": [
            {"name": "The Balrog", "status": status, "items": ["Stabbing Tongue of Fire", "Whip of Many Thongs"]}]},
        "combat": {"strikes": [strike]}}, file="<t>")


@pytest.mark.parametrize("status, untapped, want", [
    ("untapped", False, 8 + 2),      # he taps to face it: +1 and +1
    ("untapped", True, 8 - 1),       # he takes his -1 not to tap (MECCG-CARD-1): no bonus
    ("tapped", False, 8 - 1),        # tapped already: -1, he does not tap to face it
    ("wounded", False, 8 - 2)])
def test_the_balrogs_bonuses_need_him_to_tap_to_face_the_strike(status, untapped, want):
    assert combat_odds(_balrog(status, untapped)).setups[0].defender.prowess == want


@pytest.mark.parametrize("status, untapped, body", [("untapped", False, 9 - 1), ("untapped", True, 9),
                                                    ("tapped", False, 9), ("wounded", False, 9)])
def test_mechanical_bow_lowers_the_body_only_when_its_bearer_taps_to_face(status, untapped, body):
    strike = {"defender": "Lagduf", "attacker": "Aragorn II"}
    if untapped:
        strike["defender_untapped"] = True
    s = scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
        "defender": {"alignment": "minion", "site": "Moria",
                     "members": [{"name": "Lagduf", "status": status, "items": ["Mechanical Bow"]}]},
        "combat": {"strikes": [strike]}}, file="<t>")
    assert combat_odds(s).setups[0].attacker.body == body  # Aragorn II's printed body 9
