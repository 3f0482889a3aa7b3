"""`replay` of a siege battle that is not extended says why (WOTR-SIEGE-3): the attacker's choice
(siege_extension=never), or an Elite kept with no Regular of its Nation to replace it
(siege_reduction_needs_regular=yes, WOTR-CAS-5), not only that the siege goes on."""
from __future__ import annotations

import pytest

from pycombat.games.wotr.battle.replay import replay
from pycombat.games.wotr.schema import scenario_from_dict


def _siege(extension: str):
    """One Sauron Regular and two Elites, no Regular in the reinforcements, besiege two Gondor Regulars."""
    return scenario_from_dict({
        "game": "wotr", "title": "A siege without replacements", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "control": {"Minas Tirith": "free peoples"},
        "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 1, "elites": 2}},
                     "replacements": {"Sauron": 0}},
        "defender": {"region": "Minas Tirith", "besieged": True, "units": {"Gondor": {"regulars": 2, "leaders": 1}}},
        "battle": {"kind": "siege"}, "rules": {"siege_extension": extension, "casualty_policy": "regulars_first"}})


ROLLS = [{"attacker": {"combat": [2, 2, 2]}, "defender": {"combat": [2, 2], "reroll": [2]}}]


@pytest.mark.parametrize("extension, why, rule", [
    ("extend_if_elite", "no Regular of its Nation is available", "WOTR-CAS-5"),
    ("never", "siege_extension=never", "WOTR-SIEGE-3")])
def test_the_end_of_the_round_says_why_no_elite_is_reduced(extension, why, rule):
    rep = replay(_siege(extension), ROLLS)
    end = rep.rounds[-1]["end"]
    assert end["kind"] == "siege_goes_on" and why in end["text"] and rule in end["rules"]
