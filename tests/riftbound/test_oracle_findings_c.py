"""Where the units' oracle (test_unit_oracle.py) and the model disagree, decided from the printed text and the rules:
each a regression test on the smallest scenario, with the control that shows the rule still acts where it should.

Noxus Saboteur: "Your opponents' [Hidden] cards can't be revealed here." (RB-CARD-9; card_flags.md: it "refuses their
plays from facedown at its battlefield"). A [Hidden] unit card is played from facedown where it was hidden, a
battlefield its player controls (RB-CARD-16), and the scenario says which with `to:`: `to: elsewhere` is another
battlefield. It is revealed there, not at the Saboteur's battlefield, so nothing stops it; the model refuses it as if
it were revealed here.

Ambessa, The Wolf: "[Empowered] I have +3 Might and can't be dealt damage unless I'm in combat." (RB-CARD-9). At its
base it is in no combat: a fight a card makes it take part in (Challenge: "They deal damage equal to their Mights to
each other") deals it no damage there, so it is not killed at its base (RB-MIGHT-1). The model deals the fight's
damage to it and kills it there (the oracle's `damage`: "[Empowered] I can't be dealt damage unless I'm in combat",
away from the battlefield)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

SAB, TEEMO = "Noxus Saboteur", "Teemo - Strategist"


@pytest.mark.parametrize("saboteur_side", ["attacker", "defender"])
def test_a_hidden_unit_revealed_at_another_battlefield_is_not_stopped_by_a_saboteur_here(saboteur_side):
    other = "defender" if saboteur_side == "attacker" else "attacker"
    doc = {"game": "riftbound", saboteur_side: {"units": [SAB]},
           other: {"units": [{"name": "X", "custom": True, "might": 3}]},
           "showdown": [{"play": TEEMO, "by": other, "facedown": True, "to": "elsewhere"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    # Teemo enters the other battlefield: this combat's units and Might are as they were, nothing named
    assert sorted(u.name for u in sd.board.attacker + sd.board.defender) == sorted([SAB, "X"])
    assert not sd.unmodelled
    if other == "defender":  # the defender's Hidden card revealed at this battlefield: refused
        here = dict(doc, showdown=[dict(doc["showdown"][0], to="battlefield")])
        with pytest.raises(ScenarioError, match="can't be revealed here"):
            play_showdown(scenario_from_dict(here, file="<t>"))


AMBESSA = "Ambessa, The Wolf"


def test_an_empowered_ambessa_at_its_base_is_dealt_no_damage_by_a_fight():
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A", "custom": True, "might": 2}],
                        "base": [{"name": AMBESSA, "empowered": True}]},
           "defender": {"units": [{"name": "D", "custom": True, "might": 5}]},
           "showdown": [{"play": "Challenge", "by": "attacker", "target": [AMBESSA, "D"]}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert not [r for r in sd.board.removed if r[0] == AMBESSA], sd.board.removed  # not killed at its base
    # in combat, the same fight deals her its damage (she has 3+3 Might: 5 does not kill her)
    doc_in = {"game": "riftbound", "attacker": {"units": [{"name": AMBESSA, "empowered": True}]},
              "defender": {"units": [{"name": "D", "custom": True, "might": 5}]},
              "showdown": [{"play": "Challenge", "by": "attacker", "target": [AMBESSA, "D"]}]}
    sd_in = play_showdown(scenario_from_dict(doc_in, file="<t>"))
    assert sd_in.board.unit(AMBESSA).marked == 5
