"""WOTR-STR-11: when Gandalf the White uses the White Rider, `odds` and `replay` say so with the rule id
where they give the sides' Leadership: his Leadership forfeited, and what Nazgûl Leadership (the
Witch-king's included) is cancelled, matching the Leadership they print (Nazgûl 2 + the Witch-king 2 +
the Mouth of Sauron 2 = 6 without it, 2 with it)."""
from __future__ import annotations

import json

import pytest
import yaml

from pycombat.cli import main

DOC = {"game": "wotr", "title": "Gandalf against the Nazgûl", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
       "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 3, "elites": 1}}, "nazgul": 2,
                    "characters": ["The Witch-king", "The Mouth of Sauron"]},
       "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                    "characters": ["Gandalf the White", "Aragorn"], "retreat_to": []},
       "battle": {"white_rider": True}, "rules": {"casualty_policy": "regulars_first"},
       "rolls": [{"attacker": {"combat": [4, 4, 4, 4], "reroll": [5, 5]},
                  "defender": {"combat": [1, 6, 2], "reroll": [5, 5]}}]}


def _out(capsys, tmp_path, doc: dict, *argv) -> str:
    path = tmp_path / "battle.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main([*argv[:1], str(path), *argv[1:]]) == 0
    return capsys.readouterr().out


def _rider_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "White Rider" in line]


@pytest.mark.parametrize("verb", ["odds", "replay"])
def test_odds_and_replay_name_the_white_rider_with_its_rule(capsys, tmp_path, verb):
    text = _out(capsys, tmp_path, DOC, verb)
    (line,) = _rider_lines(text)
    assert "WOTR-STR-11" in line and "2 Nazgûl, The Witch-king" in line and "4 lower" in line
    assert "Leadership 2, re-roll up to 2 dice" in text  # 6 less the 4 cancelled
    notes = json.loads(_out(capsys, tmp_path, DOC, verb, "--json"))["notes"]
    assert any(n["rule"] == "WOTR-STR-11" for n in notes)


def test_no_white_rider_line_without_the_choice(capsys, tmp_path):
    text = _out(capsys, tmp_path, {**DOC, "battle": {}, "rolls": []}, "odds")
    assert not _rider_lines(text) and "Leadership 6, re-roll up to 4 dice" in text
