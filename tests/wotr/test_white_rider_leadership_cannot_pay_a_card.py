"""WOTR-STR-11 with WOTR-CARD-5 / WOTR-CARDX-4: the White Rider forfeits Gandalf the White's Leadership for
the whole battle, and Leadership already forfeited cannot be forfeited again. So Mighty Attack, whose
only Companion in the battle is Gandalf the White, turns no missed die into a hit, and Daring Defiance
(forfeit the Leadership of all Companions) cancels nothing: `replay` and `odds` play neither."""
from __future__ import annotations

import json

import yaml

from pycombat.cli import main

DOC = {"game": "wotr", "title": "The White Rider pays no card", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
       "attacker": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2, "elites": 1, "leaders": 1}},
                    "characters": ["Gandalf the White"], "card": "Mighty Attack"},
       "defender": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 3, "elites": 1}}, "nazgul": 2,
                    "characters": ["The Witch-king"], "retreat_to": []},
       "battle": {"white_rider": True}, "rules": {"casualty_policy": "regulars_first"},
       "rolls": [{"attacker": {"combat": [4, 3, 2], "reroll": [2]}, "defender": {"combat": [4, 3, 2, 2]}}]}


def _json(capsys, tmp_path, doc: dict, verb: str) -> dict:
    path = tmp_path / "battle.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main([verb, str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_mighty_attack_turns_no_die_into_a_hit(capsys, tmp_path):
    (rnd,) = _json(capsys, tmp_path, DOC, "replay")["rounds"]
    conv = rnd["attacker"]["missed_dice_converted"]
    assert conv["dice"] == 0 and conv["hits_after"] == 0 and "White Rider" in conv["no_effect"]
    text = json.dumps(rnd)
    assert "forfeits Leadership 0" not in text


def test_odds_round_one_hits_are_the_dice_alone(capsys, tmp_path):
    """3 dice hitting on 5+ and 1 die re-rolled (Leadership 1, the Leader's): P(0 hits) = (2/3)^3 * 2/3."""
    (row,) = _json(capsys, tmp_path, {k: v for k, v in DOC.items() if k != "rolls"}, "odds")["round_table"]
    combat = {k: v["exact"] for k, v in row["attacker"]["combat"].items()}
    assert combat == {"0": "8/27", "1": "4/9", "2": "2/9", "3": "1/27"}  # no missed die turned into a hit
    assert row["attacker"]["scored"]["0"]["exact"] == "16/81"  # P(no hit) = (2/3)^3 * 2/3


def test_daring_defiance_cancels_nothing(capsys, tmp_path):
    doc = {**DOC, "attacker": {**DOC["attacker"], "card": "Daring Defiance"},
           "defender": {**DOC["defender"], "card": "Desperate Battle"},
           "rolls": [{"attacker": {"combat": [4, 3, 2], "reroll": [2]}, "defender": {"combat": [6, 6, 2, 2]}}]}
    (rnd,) = _json(capsys, tmp_path, doc, "replay")["rounds"]
    assert rnd["attacker"]["combat_roll"]["hits"] == 1  # Desperate Battle's +1 acts: the 4 hits
