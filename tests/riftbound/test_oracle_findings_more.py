"""Boards where the units' oracle (test_unit_oracle.py) and the model disagreed and the model was wrong, each worked out
by hand from the rules and the printed text, now regression tests (the oracle draws such boards):

* Tideturner ("When you play me, you may choose a unit you control at another location. Move me to its location and
  it to my original location") swapping places with a unit at its player's base while Minotaur Reckoner ("Units can't
  move to base") is in play: Tideturner can't move to base, so it stays at the battlefield and fights there (RB-CARD-9:
  "can't move to base" stops a card's move to a base; the model's own reading for every other move, "it stays where it
  is"). The model moves it to base all the same.
* Keeper of Masks ("When you play me, play two Reflection unit tokens here. Then do this: They become copies of me")
  played from hand: its tokens are units of the combat (RB-CARD-15), named "Reflection 1" and "Reflection 2" in the
  model's own output, so a later entry may choose one. The scenario reader knows the names of the tokens a card plays,
  not those a unit's "When you play me" plays, and refuses such an entry ("'Reflection 1' is not a unit of this
  combat"). Likewise a move trigger firing a second time: the reader knows once the tokens of each unit's move
  trigger, and a unit moved in and moved again plays tokens named beyond those (Noxian Drummer's "Recruit 2").
* Overzealous Fan ("When I defend, you may kill me to move an attacking unit to its base") defending against Ruin Runner
  alone ("I can't be chosen by enemy spells and abilities"): no attacking unit it may choose, so its trigger has no
  target and does nothing (RB-CARD-10: a trigger with no unit to choose, as the model reads Sinister Poro's "you may pay
  1 Energy to move an enemy unit here to its base" then). The model names it NOT MODELLED, asking for a target that
  can't be given.
"""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(doc):
    return play_showdown(scenario_from_dict({"game": "riftbound", **doc}, file="<t>"))


def test_tideturner_cant_swap_to_base_past_minotaur_reckoner():
    """The defender plays Tideturner (2) from facedown to the battlefield and chooses Minotaur Reckoner (5) at his base:
    Reckoner moves to the battlefield; Tideturner can't move to base (Reckoner's "Units can't move to base", in play at
    the base, reaches every unit), so it stays. The defender's total is D1 1 + Reckoner 5 + Tideturner 2 = 8."""
    sd = _sd({"attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
              "defender": {"units": [{"name": "D1", "custom": True, "might": 1}], "base": ["Minotaur Reckoner"]},
              "showdown": [{"play": "Tideturner", "by": "defender", "facedown": True, "to": "battlefield",
                            "target": "Minotaur Reckoner"}]})
    assert sorted(u.name for u in sd.board.defender) == ["D1", "Minotaur Reckoner", "Tideturner"]
    assert derive(sd.board).pool["defender"] == 8


def test_tideturner_swaps_to_base_without_a_restriction():
    """The same play without Reckoner's restriction (a plain D5 at the base): the two change places, Tideturner leaves
    the combat and D5 fights (the finding above is only the restriction)."""
    sd = _sd({"attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
              "defender": {"units": [{"name": "D1", "custom": True, "might": 1}],
                           "base": [{"name": "D5", "custom": True, "might": 5}]},
              "showdown": [{"play": "Tideturner", "by": "defender", "facedown": True, "to": "battlefield",
                            "target": "D5"}]})
    assert sorted(u.name for u in sd.board.defender) == ["D1", "D5"]
    assert derive(sd.board).pool["defender"] == 6


def test_a_later_entry_may_choose_a_reflection_keeper_of_masks_played():
    """The defender plays Keeper of Masks (1) from facedown to the battlefield: Reflection 1 and Reflection 2 (copies,
    1 Might each) are played there. The attacker's Incinerate deals 2 to Reflection 1: it dies. The defender is left
    with D1, Keeper of Masks and Reflection 2: 1 + 1 + 1 = 3."""
    sd = _sd({"attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
              "defender": {"units": [{"name": "D1", "custom": True, "might": 1}]},
              "showdown": [{"play": "Keeper of Masks", "by": "defender", "facedown": True, "to": "battlefield"},
                           {"play": "Incinerate", "by": "attacker", "target": "Reflection 1"}]})
    assert sorted(u.name for u in sd.board.defender) == ["D1", "Keeper of Masks", "Reflection 2"]
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["Reflection 1"]
    assert derive(sd.board).pool["defender"] == 3


def test_keeper_of_masks_reflections_fight_when_no_entry_names_them():
    """Keeper of Masks played to the battlefield with no later entry naming a Reflection: the three fight for the
    defender, 1 + 1 + 1 with D1's 1."""
    sd = _sd({"attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
              "defender": {"units": [{"name": "D1", "custom": True, "might": 1}]},
              "showdown": [{"play": "Keeper of Masks", "by": "defender", "facedown": True, "to": "battlefield"}]})
    assert sorted(u.name for u in sd.board.defender) == ["D1", "Keeper of Masks", "Reflection 1", "Reflection 2"]
    assert derive(sd.board).pool["defender"] == 4


def test_a_later_entry_may_choose_the_token_a_second_move_trigger_played():
    """Noxian Drummer ("When I move to a battlefield, play a 1 Might Recruit unit token here") attacks: Recruit 1 is
    played at the battlefield. The attacker plays Tideturner from facedown at another battlefield and swaps it with
    Drummer: Drummer moves to that battlefield and plays Recruit 2 there (the model says so). The defender's Incinerate
    on Recruit 2 kills it there, no effect on this combat: the attacker fights with Recruit 1 and Tideturner, 1 + 2."""
    sd = _sd({"attacker": {"units": ["Noxian Drummer"]},
              "defender": {"units": [{"name": "D9", "custom": True, "might": 9}]},
              "showdown": [{"play": "Tideturner", "by": "attacker", "facedown": True, "to": "elsewhere",
                            "target": "Noxian Drummer"},
                           {"play": "Incinerate", "by": "defender", "target": "Recruit 2"}]})
    assert sorted(u.name for u in sd.board.attacker) == ["Recruit 1", "Tideturner"]
    assert derive(sd.board).pool["attacker"] == 3


def test_overzealous_fan_with_no_attacking_unit_to_choose_does_nothing():
    """Ruin Runner (5, can't be chosen by enemy spells and abilities) attacks Overzealous Fan (2): the Fan's trigger
    can't choose it, so it does nothing and nothing is open. Sinister Poro's optional trigger with no unit to choose is
    read so (the control below)."""
    sd = _sd({"attacker": {"units": ["Ruin Runner"]}, "defender": {"units": ["Overzealous Fan"]}})
    assert sd.unmodelled_json() == []
    assert sorted(u.name for u in sd.board.defender) == ["Overzealous Fan"]


def test_sinister_poro_with_no_enemy_unit_to_choose_does_nothing():
    sd = _sd({"attacker": {"units": ["Sinister Poro"]}, "defender": {"units": ["Ruin Runner"]}})
    assert sd.unmodelled_json() == [] and sorted(u.name for u in sd.board.defender) == ["Ruin Runner"]


def test_a_unit_killed_at_another_battlefield_dies_there_and_what_it_fires_is_named():
    """"Deal 2 to a unit at a battlefield" may choose a unit at another battlefield (RB-CARD-1); lethal damage kills
    it at the cleanup there, out of this combat (RB-MIGHT-1). A unit whose death fires something (Kog'Maw's
    Deathknell) is named: that is not followed away from this combat (RB-CARD-4)."""
    sd = _sd({"attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
              "defender": {"units": [{"name": "D1", "custom": True, "might": 1}]},
              "showdown": [{"play": "Here to Help", "by": "defender", "target": "Sharkling", "to": "elsewhere"},
                           {"play": "Incinerate", "by": "attacker", "target": "Sharkling"}]})
    assert ("Sharkling", "defender", "killed at another battlefield") in sd.board.removed
    assert not sd.unmodelled_json()
    sd = _sd({"attacker": {"units": [{"name": "A9", "custom": True, "might": 9}]},
              "defender": {"units": [{"name": "D1", "custom": True, "might": 1}]},
              "showdown": [{"play": "Here to Help", "by": "defender", "target": "Kog'Maw - Caustic", "to": "elsewhere"},
                           {"play": "Incinerate", "by": "attacker", "target": "Kog'Maw - Caustic"}]})
    assert ("Kog'Maw - Caustic", "defender", "killed at another battlefield") in sd.board.removed
    assert [u["what"] for u in sd.unmodelled_json()] == ["its death at another battlefield (unit Kog'Maw - Caustic)"]
