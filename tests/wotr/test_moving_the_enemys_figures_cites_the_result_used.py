"""A player moves only his own figures: a move claim about the enemy's figures is FALSE citing the rule of
the die result used (WOTR-DICE-2 for an Army result, WOTR-DICE-3 for a Character result), not the Character
result's rule whatever the die."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _verdicts(die: str, *claims: str):
    s = scenario_from_dict({
        "game": "wotr", "title": "the enemy's figures", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
        "position": {"regions": {"Osgiliath": {"units": {"Sauron": {"regulars": 2}}, "nazgul": 1},
                                 "Lossarnach": {"units": {"Gondor": {"regulars": 2}}}},
                     "fellowship": {"region": "Lorien"}},
        "action": {"side": "free_peoples", "die": die},
        "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]})
    return verbs.verify(s).verdicts


def test_an_army_result_does_not_move_the_enemys_army():
    (v,) = _verdicts("army_muster", "2 Sauron Regulars may move from Osgiliath to Dead Marshes")
    assert v.verdict is False and v.rules == ["WOTR-DICE-2"], v.rules
    assert any("not yours" in n for n in v.notes), v.notes


def test_a_character_result_does_not_move_the_enemys_nazgul():
    (v,) = _verdicts("character", "1 Nazgul may move from Osgiliath to Dead Marshes")
    assert v.verdict is False and v.rules == ["WOTR-DICE-3"], v.rules
