"""WOTR-POL-7 [political_activation_order]: the battle's set-up note on an attacked passive Nation
one step from war follows the flag, as the Politics line does: advanced first, its counter stays
one step away (WOTR-POL-6) and it becomes active after; activated first, it advances."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.games.wotr.battle.consequences import politics_effect

DOC = {"game": "wotr", "politics": {"Sauron": "at_war", "Rohan": {"steps": 1, "active": False}},
       "attacker": {"region": "Eastemnet", "units": {"Sauron": {"regulars": 5}}},
       "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}},
       "battle": {"action": "army"}}


@pytest.mark.parametrize("order,note,steps", [
    ("advance_first", "politics: Rohan is attacked: its counter stays 1 step from At War (a passive Nation cannot "
                      "reach it; political_activation_order=advance_first), then it becomes active", 1),
    ("activate_first", "politics: Rohan is attacked: its counter advances one step and it becomes active", 0),
])
def test_the_set_up_note_follows_the_activation_order(order, note, steps):
    from pycombat.games.wotr.battle.setup import battle_setup
    from pycombat.games.wotr.battle.splits import judge_attack

    s = pycombat.load({**DOC, "rules": {"political_activation_order": order}}).model
    setup = battle_setup(s, judge_attack(s).attacking)
    notes = [text for text, _ in setup.notes if text.startswith("politics:")]
    assert notes == [note]
    (row,) = politics_effect(s)
    assert row["after_attack"]["steps"] == steps
