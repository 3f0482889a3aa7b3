"""RB-CARD-14 (CR 435.4.b, 452.1): a unit leaving play (killed, returned to hand) leaves its Equipment in
play, attached to no unit, under the same controller: a later card may attach it to another of his units."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(first, then=()):
    return {"game": "riftbound",
            "attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
            "defender": {"units": [{"name": "D2", "custom": True, "might": 2, "equipment": ["B.F. Sword"]},
                                   {"name": "D5", "custom": True, "might": 5}]},
            "showdown": [first, *then]}


REATTACH = {"play": "Angle Shot", "by": "defender", "target": "D5", "attach": "B.F. Sword"}


@pytest.mark.parametrize("first", [{"play": "Falling Comet", "by": "attacker", "target": "D2"},
                                   {"play": "Rebuke", "by": "attacker", "target": "D2"}],
                         ids=["killed", "returned_to_hand"])
def test_equipment_of_a_unit_that_left_play_may_be_attached_again(first):
    sd = play_showdown(scenario_from_dict(_doc(first, [REATTACH])))
    assert {u.name: u.current_might for u in sd.board.defender} == {"D5": 8}
    text = " ".join(line.text for line in sd.lines)
    assert "D2 left play: B.F. Sword stays in play attached to no unit, under the defender" in text


def test_equipment_of_a_unit_that_left_play_stays_unattached():
    sd = play_showdown(scenario_from_dict(_doc({"play": "Falling Comet", "by": "attacker", "target": "D2"})))
    assert {u.name: u.current_might for u in sd.board.defender} == {"D5": 5}
    assert any("B.F. Sword stays in play attached to no unit" in line.text for line in sd.lines)
