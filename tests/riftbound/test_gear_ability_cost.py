"""RB-CARD-2 with RB-CARD-17: the entry of a gear whose combat effect is its [Action] ability (Divining Shells:
"[Action] Kill this, exhaust: Give a unit +2 Might this turn"; Forgotten Signpost: "[Action] Exhaust a unit you
control, exhaust: ...") uses that ability of the gear in play: no card is played, so with ``card_costs=stated`` it is
charged the ability's printed cost (no Energy, no runes), never the gear card's; [Deflect] on an enemy unit it chooses
is an ability's Power tax all the same (RB-MIGHT-10)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(entry, defender_units=None):
    return {"game": "riftbound", "rules": {"card_costs": "stated"},
            "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
            "defender": {"player": "Bo", "units": defender_units or [{"name": "D4", "custom": True, "might": 4}],
                         "base": [{"name": "B2", "custom": True, "might": 2}]},
            "showdown": [entry]}


def _mights(doc):
    board = verbs.odds(scenario_from_dict(doc)).board
    return {u.name: u.current_might for u in board.attacker + board.defender}


def test_divining_shells_ability_costs_no_energy():
    got = _mights(_doc({"play": "Divining Shells", "by": "attacker", "target": "A3", "paid": {"energy": 0, "power": 0}}))
    assert got == {"A3": 5, "D4": 4}


def test_forgotten_signpost_ability_costs_no_energy():
    got = _mights(_doc({"play": "Forgotten Signpost", "by": "defender", "target": "B2",
                        "paid": {"energy": 0, "power": 0}}))
    assert got == {"A3": 3, "D4": 4, "B2": 2}


def test_the_ability_still_states_what_was_paid():
    with pytest.raises(ScenarioError, match=r"give `paid: \{energy: 0, power: 0\}`"):
        _mights(_doc({"play": "Divining Shells", "by": "attacker", "target": "A3"}))


def test_deflect_on_an_enemy_unit_it_chooses_is_paid():
    deflecting = [{"name": "D4", "custom": True, "might": 4, "keywords": ["Deflect 1"]}]
    with pytest.raises(ScenarioError, match=r"the ability costs 0 Energy \+ 0 Power.*1 Power for D4.*RB-CARD-2"):
        _mights(_doc({"play": "Divining Shells", "by": "attacker", "target": "D4", "paid": {"energy": 0, "power": 0}},
                     deflecting))
    got = _mights(_doc({"play": "Divining Shells", "by": "attacker", "target": "D4", "paid": {"energy": 0, "power": 1}},
                       deflecting))
    assert got == {"A3": 3, "D4": 6}
