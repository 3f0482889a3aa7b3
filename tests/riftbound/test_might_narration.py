"""The showdown's lines say a unit's Might as the effects left it, and say when static abilities still apply to it
(RB-CARD-9): Leona, Zealot gives stunned enemy units here -8 Might (to a minimum of 1); Punch First's +5 on a stunned
Mega-Mech (8) is "now 13, before static abilities", and its Might is 5."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def test_a_might_line_says_it_is_before_static_abilities():
    doc = {"game": "riftbound", "attacker": {"units": ["Leona - Determined", "Leona - Zealot"]},
           "defender": {"units": ["Mega-Mech", "Playful Phantom"]},
           "showdown": [{"trigger": "Leona - Determined", "target": "Mega-Mech"},
                        {"play": "Punch First", "by": "defender", "target": "Mega-Mech"}]}
    sd = play_showdown(scenario_from_dict(doc))
    line = next(ln.text for ln in sd.lines if "plays Punch First" in ln.text)
    assert "Mega-Mech gets +5 Might (now 13, before static abilities)" in line
    assert sd.board.unit("Mega-Mech").current_might == 5
    plain = play_showdown(scenario_from_dict({**doc, "attacker": {"units": ["Leona - Determined"]}}))
    assert "Mega-Mech gets +5 Might (now 13);" in next(ln.text for ln in plain.lines if "plays Punch First" in ln.text)
