"""A named Combat card stated for a round the battle never reaches under ``max_rounds`` is refused (exit 2,
naming the card's field), not listed as played."""
from __future__ import annotations

from pycombat.cli import main

SCENARIO = """game: wotr
title: a card for round {rnd}
politics: {{Sauron: at_war, Gondor: at_war}}
attacker:
  region: Dagorlad
  units: {{Sauron: {{regulars: 3, elites: 1}}}}
  nazgul: 1
  card: {{name: Great Host, round: {rnd}}}
defender:
  region: North Ithilien
  units: {{Gondor: {{regulars: 2, leaders: 1}}}}
rules: {{casualty_policy: regulars_first, max_rounds: 2}}
"""


def test_a_card_beyond_max_rounds_is_refused(tmp_path, capsys):
    path = tmp_path / "late.yaml"
    path.write_text(SCENARIO.format(rnd=3), encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    err = capsys.readouterr().err
    assert "attacker.card" in err and "round 3, which is never fought" in err and "max_rounds=2" in err


def test_a_card_in_the_last_round_is_played(tmp_path, capsys):
    path = tmp_path / "last.yaml"
    path.write_text(SCENARIO.format(rnd=2), encoding="utf-8")
    assert main(["odds", str(path)]) == 0
    assert "Combat card, round 2: the attacker plays Great Host" in capsys.readouterr().out
