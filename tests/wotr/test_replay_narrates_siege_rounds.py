"""A replayed siege battle says why a second round is fought: the attacker reduced an Elite to a Regular
(WOTR-SIEGE-3, flag siege_extension), or the battle's Event makes the siege battle last several rounds
(WOTR-EVT-9, Grond); the besieged Army never retreats (WOTR-SIEGE-5). The ceasing and retreat policies of a
field battle (WOTR-ROUND-3) are not what continues a siege battle, and the reduction is never silent."""
from __future__ import annotations

import json

from pycombat.cli import main

SIEGE = """game: wotr
politics: {Isengard: at_war, Rohan: at_war}
attacker:
  region: Helm's Deep
  units: {Isengard: {regulars: 2, elites: 2}}
defender:
  region: Helm's Deep
  besieged: true
  units: {Rohan: {regulars: 1, elites: 1}}
battle: {action: army, kind: siege}
rules: {casualty_policy: regulars_first, siege_extension: extend_if_elite}
rolls:
  - {attacker: {combat: [6, 2, 3, 4]}, defender: {combat: [5, 1]}}
  - {attacker: {combat: [6, 6, 3]}, defender: {combat: [2]}}
"""

GROND = """game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Minas Tirith
  units: {Sauron: {regulars: 3, elites: 1}}
  characters: [The Witch-king]
defender:
  region: Minas Tirith
  besieged: true
  units: {Gondor: {regulars: 1, elites: 1, leaders: 1}}
battle: {action: event, card: "Grond, Hammer of the Underworld", kind: siege}
rules: {casualty_policy: regulars_first}
rolls:
  - {attacker: {combat: [2, 2, 2, 2], reroll: [2, 2]}, defender: {combat: [2, 2], reroll: [2]}}
  - {attacker: {combat: [6, 2, 2, 2], reroll: [2, 2]}, defender: {combat: [2, 2], reroll: [2]}}
"""


def _replay(tmp_path, capsys, text: str, *opts) -> str:
    path = tmp_path / "siege.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), *opts]) == 0
    return capsys.readouterr().out


def test_the_elite_reduction_that_extends_a_siege_is_narrated(tmp_path, capsys):
    rounds = json.loads(_replay(tmp_path, capsys, SIEGE, "--json"))["rounds"]
    end = rounds[0]["end"]
    # round 1: one hit each; the attacker 2R 2E -> 1R 2E, then reduces an Elite: 2R 1E, 3 dice in round 2
    assert end["kind"] == "siege_reduction" and end["reduced"] == ["Isengard"]
    assert end["rules"] == ["WOTR-SIEGE-3", "WOTR-SIEGE-5"]
    assert "1R 2E -> 2R 1E" in end["text"] and "siege_extension=extend_if_elite" in end["text"]
    assert rounds[1]["attacker"]["combat_roll"]["dice"] == 3
    text = _replay(tmp_path, capsys, SIEGE)
    assert "the attacker reduces an Isengard Elite to a Regular to fight another round" in text
    assert "attacker_continue" not in text and "defender_retreat" not in text


def test_the_rounds_of_a_grond_siege_battle_are_narrated_with_its_rule(tmp_path, capsys):
    rounds = json.loads(_replay(tmp_path, capsys, GROND, "--json"))["rounds"]
    assert [r["end"]["kind"] for r in rounds] == ["siege_round", "siege_round"]
    assert all(r["end"]["rules"] == ["WOTR-EVT-9", "WOTR-SIEGE-5"] for r in rounds)
    assert "it lasts 3 rounds (round 2 fought)" in rounds[1]["end"]["text"]
