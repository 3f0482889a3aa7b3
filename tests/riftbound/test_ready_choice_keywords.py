"""RB-CARD-10 with RB-CARD-4: Jayce, Hammer in Hand: "When I become ready, choose one to give me this turn — [Assault 2]
[Deflect 2] [Ganking]". None of the three is printed on him (the data's printed keywords listed Deflect 2 and Ganking;
the project's overlay corrects them): he has one for the turn, his player's choice, each time he becomes ready. The one
chosen before the showdown is not in the scenario: named NOT MODELLED where it can change the combat (Assault 2 for an
attacker), unless the unit's `keywords:` states it."""
from __future__ import annotations

import json

from pycombat.cli import main
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.units import load_units
from pycombat.games.riftbound.schema import scenario_from_dict

JAYCE = "Jayce, Hammer in Hand"
CHOICE = "the keyword it got as it became ready earlier this turn (Assault 2, Deflect 2, Ganking)"


def _board(jayce, role="attacker"):
    other = {"name": "D5", "custom": True, "might": 5}
    att, dfd = ([jayce], [other]) if role == "attacker" else ([other], [jayce])
    return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": att},
                                             "defender": {"units": dfd}}, file="<t>"))


def test_the_card_has_no_printed_keyword_and_names_the_choice(capsys):
    card = load_units().unit(JAYCE)
    assert (card.keywords, card.deflect, card.ganking) == ((), 0, False)
    assert main(["card", JAYCE, "--game", "riftbound", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["keywords"] == [] and not any(m["what"].startswith(("Deflect", "Ganking")) for m in got["modelled"])
    said = [m for m in got["modelled"] if m["what"].startswith(CHOICE)]
    assert said and "`keywords:`" in said[0]["how"] and "NOT MODELLED" in said[0]["how"]


def test_an_attacking_jayce_names_the_choice_unless_his_keywords_state_it():
    sd = _board({"name": JAYCE, "exhausted": False})
    assert [u for u in sd.unmodelled if u.what.startswith(CHOICE)]
    assert sd.board.attacker[0].current_might == 5 and sd.board.attacker[0].deflect == 0
    sd = _board({"name": JAYCE, "exhausted": False, "keywords": ["Assault 2"]})
    assert not sd.unmodelled and sd.board.attacker[0].current_might == 7


def test_a_defending_jayce_has_no_choice_that_changes_the_combat():
    """As a defender, Assault adds nothing and Ganking or Deflect change no combat damage (RB-MIGHT-10, 11)."""
    sd = _board({"name": JAYCE, "exhausted": False}, role="defender")
    assert not sd.unmodelled and sd.board.defender[0].current_might == 5
