"""A fight's two units take the sides the card text gives them (RB-CARD-1): the data's target is "the two chosen
units" with no side, so the interpreter reads the sides from the text ("Choose a friendly unit and an enemy unit",
"Then choose an enemy unit", "Choose another enemy unit", "Choose two units": any two)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _run(showdown):
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 4}, {"name": "A2", "custom": True, "might": 3}]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": 2}, {"name": "D2", "custom": True, "might": 5}]},
           "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_challenge_takes_a_friendly_unit_then_an_enemy_unit():
    sd = _run([{"play": "Challenge", "by": "attacker", "target": ["A1", "D1"]}])
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["D1"]
    assert {u.name: u.marked for u in sd.board.attacker} == {"A1": 2, "A2": 0}


@pytest.mark.parametrize("targets, why", [(["A1", "A2"], "A2 is not an enemy unit of the attacker"),
                                          (["D1", "A1"], "D1 is not a friendly unit of the attacker"),
                                          (["D1", "D2"], "D1 is not a friendly unit of the attacker")])
def test_challenge_refuses_two_friendly_units_or_the_wrong_order(targets, why):
    with pytest.raises(ScenarioError, match=why + ".*RB-CARD-1"):
        _run([{"play": "Challenge", "by": "attacker", "target": targets}])


def test_the_defender_plays_challenge_with_its_own_sides():
    sd = _run([{"play": "Challenge", "by": "defender", "target": ["D2", "A1"]}])
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["A1"]
    with pytest.raises(ScenarioError, match="not an enemy unit of the defender"):
        _run([{"play": "Challenge", "by": "defender", "target": ["D2", "D1"]}])


def test_gentlemens_duel_chooses_the_enemy_after_the_friendly_it_gave_might():
    sd = _run([{"play": "Gentlemen's Duel", "by": "attacker", "target": ["A2", "D2"]}])
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["D2"]  # A2 at 6 Might fights D2 (5)
    with pytest.raises(ScenarioError, match="A1 is not an enemy unit"):
        _run([{"play": "Gentlemen's Duel", "by": "attacker", "target": ["A2", "A1"]}])



def test_the_sides_read_from_each_fight_card_text():
    from pycombat.games.riftbound.cards.interpreter import pair_specs
    from pycombat.games.riftbound.cards.spells import load_cards

    got = {n: [(s["side"], s.get("location"), bool(s.get("other"))) for s in pair_specs(load_cards().card(n))]
           for n in ("Challenge", "Rampage", "Marching Orders", "Gentlemen's Duel", "Dragon's Rage", "Clash of Giants")}
    assert got == {"Challenge": [("friendly", None, False), ("enemy", None, False)],
                   "Rampage": [("friendly", None, False), ("enemy", None, False)],
                   "Marching Orders": [("friendly", None, False), ("enemy", "battlefield", False)],
                   "Gentlemen's Duel": [("enemy", None, False)], "Dragon's Rage": [("enemy", None, True)],
                   "Clash of Giants": []}
