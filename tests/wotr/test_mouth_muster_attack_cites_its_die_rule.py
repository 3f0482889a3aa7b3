"""WOTR-ATK-6 (CH the Mouth of Sauron): a Muster result cannot attack by itself; with the Mouth of Sauron
in play the Shadow uses it as an Army result. "The attack is legal" with a Muster result rests on that
rule, so its TRUE verdict cites WOTR-ATK-6 and its note names the Mouth of Sauron; without him it is
FALSE on the same rule."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _doc(in_play: list[str]) -> dict:
    return {"game": "wotr", "title": "a Muster result attacks", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 2}}},
            "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 3}}, "retreat_to": []},
            "in_play": in_play, "battle": {"action": "muster"}, "claims": ["the attack is legal"]}


def test_muster_attack_with_the_mouth_cites_the_die_rule():
    (v,) = verbs.verify(scenario_from_dict(_doc(["The Mouth of Sauron"]))).verdicts
    assert v.verdict is True and "WOTR-ATK-6" in v.rules
    assert any("Mouth of Sauron" in n for n in v.notes)


def test_muster_attack_without_the_mouth_is_refused_on_the_die_rule():
    (v,) = verbs.verify(scenario_from_dict(_doc([]))).verdicts
    assert v.verdict is False and v.rules == ["WOTR-ATK-6"]
