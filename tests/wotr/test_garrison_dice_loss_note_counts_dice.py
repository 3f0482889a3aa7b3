"""WOTR-EVT-9, Help Unlooked For: the besiegers roll one die fewer per unit of the besieged garrison. The
battle's note says how many: "1 die fewer", "2 dice fewer" (the plural for every count but one)."""
from __future__ import annotations

import pytest

import pycombat


def _notes(garrison: int) -> list[str]:
    doc = {"game": "wotr", "title": "Help Unlooked For relief",
           "politics": {"Rohan": "at_war", "Gondor": "at_war", "Sauron": "at_war"},
           "control": {"Minas Tirith": "free_peoples"},
           "attacker": {"region": "Druadan Forest", "units": {"Rohan": {"regulars": 3}}},
           "defender": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 4, "elites": 4}}},
           "battle": {"action": "event", "card": "Help Unlooked For",
                      "garrison": {"units": {"Gondor": {"regulars": garrison}}}},
           "rules": {"casualty_policy": "regulars_first", "max_rounds": 1}}
    out = pycombat.load(doc).run("odds").to_json()
    return [n["text"] for n in out["notes"] if n["text"].startswith("Help Unlooked For:")]


@pytest.mark.parametrize("garrison, words", [(1, "1 die fewer"), (2, "2 dice fewer"), (5, "5 dice fewer")])
def test_the_besiegers_dice_lost_read_in_number(garrison, words):
    notes = _notes(garrison)
    assert len(notes) == 1
    assert f"the besiegers roll {words} in every round" in notes[0]
