"""The Witch-king's Sorcerer (characters.json: after playing a Combat card in round 1 of a battle, draw an
Event card of that type) is not played by `optimize`'s card game, which plays only the cards in hand: with
the Witch-king in the battle on a side holding a `hand:`, `optimize` names it in `unmodelled` (the card
drawn could be played in a later round); without a hand there is no card game and nothing to name."""
from __future__ import annotations

from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.unmodelled import scenario_unmodelled


def _doc(**attacker) -> dict:
    return {"game": "wotr", "title": "the Witch-king holds cards", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2, "elites": 1}},
                         "characters": ["The Witch-king"], **attacker},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 1, "elites": 1}}},
            "rules": {"max_rounds": 2}}


def test_sorcerer_named_when_the_card_game_is_played():
    s = scenario_from_dict(_doc(hand=["Deadly Strife"]))
    got = scenario_unmodelled(s, "optimize", card_game=True)
    assert [(u["card"], u["what"].split(":")[0]) for u in got] == [("The Witch-king", "sorcerer")]
    assert "draw an Event card" in got[0]["what"]


def test_nothing_named_without_a_hand():
    s = scenario_from_dict(_doc())
    assert scenario_unmodelled(s, "optimize", card_game=False) == []
    assert scenario_unmodelled(s, "odds") == []
