"""Boards where the units' oracle (test_unit_oracle.py) and the model disagreed and the model was wrong, each worked out
by hand from the rules and the printed text (the oracle draws such boards too):

* A unit moved from another battlefield into this one joins the combat: it fights for its side, its designation at
  the next cleanup (RB-COMB-4, RB-CARD-7).
* A unit moved into the battlefield before the showdown begins (by a "When I move" trigger, resolved before the
  combat is held, RB-COMB-2) is at the battlefield as the combat begins: it gets its side's designation then (RB-COMB-4)
  and its "When I defend" fires (RB-SHOW-2); it counts for "one on one" (RB-READ-7).
* Mischievous Marai ("When you play me to a battlefield, deal 2 to an enemy unit here") played from facedown to another
  battlefield: the enemy units there are not on the board, so nothing it does reaches this combat, and the play is
  accepted. Played to this battlefield with no enemy unit left here, its ability has no target and does nothing (as a
  combat trigger with none does, RB-CARD-10).
"""
from __future__ import annotations


from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(doc):
    return play_showdown(scenario_from_dict({"game": "riftbound", **doc}, file="<t>"))


def _might(sd, name):
    return next(u.current_might for u in sd.board.attacker + sd.board.defender if u.name == name)


def test_a_unit_moved_in_from_another_battlefield_joins_the_combat():
    """Vex, Mocking at the defender's base moves to another battlefield on its first stun there (Vex, Apathetic
    stunning the attacker's Shadow played anew there), then into this one on the second (Rune Prison on the attacking
    Vex, Mocking): it is at this battlefield, fighting for the defender."""
    sd = _sd({"attacker": {"units": [{"name": "Vex - Mocking", "label": "A0 Vex - Mocking"},
                                     {"name": "Shadow", "label": "A1 Shadow", "stunned": True}]},
              "defender": {"units": [{"name": "Vex - Apathetic", "label": "D0 Vex - Apathetic", "stunned": True}],
                           "base": [{"name": "Vex - Mocking", "label": "B Vex - Mocking"}]},
              "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": ["A1 Shadow"], "to": "elsewhere"},
                           {"trigger": "B Vex - Mocking", "when": "stun"},
                           {"play": "Rune Prison", "by": "defender", "target": ["A0 Vex - Mocking"]},
                           {"trigger": "B Vex - Mocking", "when": "stun"}]})
    assert sorted(u.name for u in sd.board.defender) == ["B Vex - Mocking", "D0 Vex - Apathetic"]


def test_a_unit_moved_in_before_the_showdown_defends():
    """Irresistible Faefolk attacks; its "When I move to a battlefield" moves Kha'Zix, Mutating Horror in from the
    defender's base before the combat is held. As the combat begins Kha'Zix defends: "When I attack or defend, if an
    enemy unit is alone here, give me +2 Might this turn" fires (Faefolk is alone): 4 + 2."""
    sd = _sd({"attacker": {"units": ["Irresistible Faefolk"]},
              "defender": {"units": [{"name": "D2", "custom": True, "might": 2}],
                           "base": ["Kha'Zix - Mutating Horror"]},
              "showdown": [{"trigger": "Irresistible Faefolk", "when": "move", "target": "Kha'Zix - Mutating Horror"},
                           {"trigger": "Kha'Zix - Mutating Horror"}]})
    assert _might(sd, "Kha'Zix - Mutating Horror") == 6


def test_a_unit_moved_in_before_the_showdown_counts_for_one_on_one():
    """Fiora, Peerless defends alone as stated, but Irresistible Faefolk's move trigger brings D2 in from the
    defender's base before the combat begins: Fiora does not defend one on one (RB-READ-7, both sides), her Might
    stays 3."""
    sd = _sd({"attacker": {"units": ["Irresistible Faefolk"]},
              "defender": {"units": ["Fiora - Peerless"], "base": [{"name": "D2", "custom": True, "might": 2}]},
              "showdown": [{"trigger": "Irresistible Faefolk", "when": "move", "target": "D2"}]})
    assert _might(sd, "Fiora - Peerless") == 3


def test_marai_played_to_another_battlefield_leaves_this_combat_alone():
    """Mischievous Marai played from facedown by the attacker to another battlefield (where it was hidden): its damage
    goes to an enemy unit there, none of this combat's: D3 keeps no damage and the play is accepted."""
    sd = _sd({"attacker": {"units": [{"name": "A4", "custom": True, "might": 4}]},
              "defender": {"units": [{"name": "D3", "custom": True, "might": 3}]},
              "showdown": [{"play": "Mischievous Marai", "by": "attacker", "facedown": True, "to": "elsewhere"}]})
    assert [(u.name, u.marked) for u in sd.board.defender] == [("D3", 0)]


def test_marai_played_with_no_enemy_unit_here_does_nothing():
    """Emperor's Divide moves the attacker's only unit to its base; the defender then plays Mischievous Marai from
    facedown to the battlefield: "deal 2 to an enemy unit here" has no unit to choose and does nothing; Marai is at the
    battlefield."""
    sd = _sd({"attacker": {"units": [{"name": "A3", "custom": True, "might": 3}]},
              "defender": {"units": [{"name": "D3", "custom": True, "might": 3}]},
              "showdown": [{"play": "Emperor's Divide", "by": "attacker", "target": ["A3"]},
                           {"play": "Mischievous Marai", "by": "defender", "facedown": True, "to": "battlefield"}]})
    assert sorted(u.name for u in sd.board.defender) == ["D3", "Mischievous Marai"]


def test_an_attackers_unit_moved_in_from_its_base_states_its_combat_trigger():
    """Fae Porter's move trigger brings the Attacker's Baccai Reaper in from his base before the combat is held: it
    attacks (RB-COMB-4) and its "When I attack" is his to use or decline (RB-SHOW-2); stated without the move, the
    same entry is refused (the unit is not at the battlefield as the showdown begins)."""
    import pytest

    from pycombat.errors import ScenarioError

    doc = {"attacker": {"units": ["Fae Porter"], "base": [{"name": "Baccai Reaper", "label": "B Baccai Reaper"}]},
           "defender": {"units": [{"name": "D3", "custom": True, "might": 3}]},
           "showdown": [{"trigger": "Fae Porter", "when": "move", "target": "B Baccai Reaper"},
                        {"trigger": "B Baccai Reaper", "decline": True}]}
    sd = _sd(doc)
    assert "B Baccai Reaper" in [u.name for u in sd.board.attacker]
    assert any("B Baccai Reaper's \"When I attack\" ability resolves: not used" in line.text for line in sd.lines)
    with pytest.raises(ScenarioError, match="not at the battlefield as the showdown begins"):
        _sd({**doc, "showdown": doc["showdown"][1:]})
