"""Model faults found by the units' oracle (tests/riftbound/test_unit_oracle.py) as it read Katarina, Reckless, Rell,
Magnetic, Zilean, Time Mage, Karma, Channeler, Mask Mother and Stalking Wolf: each on its smallest scenario, a strict
xfail until the model is fixed (none left: the one found is fixed), with a control."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

MASK, KAT = "Mask Mother", "Katarina - Reckless"


def _custom(name, might):
    return {"name": name, "custom": True, "might": might}


def _run(doc):
    return play_showdown(scenario_from_dict({"game": "riftbound", **doc}, file="<t>"))


def _mask(extra=()):
    """The attacker's Get Excited! discards Mask Mother and deals her Energy cost (3) to A2, his only unit: A2 dies, and
    "When you discard me, you may pay 1 Energy to give a friendly unit +2 Might this turn" fires from the trash with
    no friendly unit in play."""
    return _run({"attacker": {"units": [_custom("A2", 2)]}, "defender": {"units": [_custom("D5", 5)]},
                 "showdown": [{"play": "Get Excited!", "by": "attacker", "target": "A2", "discard": MASK},
                              *extra]})


def test_mask_mother_with_no_friendly_unit_does_nothing_and_names_nothing():
    """RB-CARD-10 / RB-CARD-1: an event trigger whose one target no unit fits does nothing and is not a missing choice,
    a "you may" one too (fixed: events.py `_nothing_fits`; it named Mask Mother NOT MODELLED unless declined)."""
    sd = _mask()
    assert ("A2", "attacker", "killed") in sd.board.removed
    assert sd.unmodelled_json() == []


def test_control_a_stated_decline_and_katarina_with_no_enemy_unit_name_nothing():
    sd = _mask([{"trigger": MASK, "when": "discard", "decline": True}])
    assert ("A2", "attacker", "killed") in sd.board.removed and sd.unmodelled_json() == []
    # Katarina's "deal 2 to an enemy unit" fired by her player's second card from facedown, no enemy unit left: nothing
    # to choose, nothing named
    sd = _run({"attacker": {"units": [_custom("A2", 2)]}, "defender": {"units": [KAT]},
               "showdown": [{"play": "Wages of Pain", "by": "defender", "target": "A2", "facedown": True},
                            {"trigger": KAT, "when": "play", "target": "A2"},
                            {"play": "Wages of Pain", "by": "defender", "target": KAT, "facedown": True}]})
    assert ("A2", "attacker", "killed") in sd.board.removed and sd.unmodelled_json() == []
