"""One place decides whether a named Combat card may be played in a battle (cards/battle.py
check_plan, WOTR-CARD-5, WOTR-EVT-9): `verify` refuses a battle file whose named card its side may
not play, as `odds` does, before deciding any claim (Grond: no Free Peoples Combat card in round 1
without a Companion in the battle)."""
from __future__ import annotations

import pytest

from pycombat.cli import main

GROND = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: Minas Tirith
  units: {Sauron: {regulars: 6, elites: 2}}
  characters: [The Witch-king]
defender:
  region: Minas Tirith
  units: {Gondor: {regulars: 2, elites: 1, leaders: 1}}
  besieged: true
  card: Shield-wall
battle: {action: event, card: "Grond, Hammer of the Underworld"}
rules: {casualty_policy: regulars_first}
claims:
  - {id: atk-hits, claim: the attacker hits on 6 in round 1}
"""


@pytest.mark.parametrize("verb", ["odds", "verify"])
def test_a_card_its_side_may_not_play_is_refused_by_every_verb(tmp_path, capsys, verb):
    path = tmp_path / "grond.yaml"
    path.write_text(GROND, encoding="utf-8")
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert "defender.card: the defender cannot play Shield-wall here" in err
    assert "no Free Peoples Combat card in the first round" in err


def test_with_a_companion_the_card_is_played_and_verify_decides(tmp_path, capsys):
    path = tmp_path / "grond.yaml"
    path.write_text(GROND.replace("leaders: 1}}\n", "leaders: 1}}\n  characters: [Boromir]\n", 1), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert "TRUE  the attacker hits on 6 in round 1" in capsys.readouterr().out
