"""A named Combat card's choice that the battle cannot give is refused when the file is read, naming the
field and the rule, by every verb (one check, cards/battle.py check_plan, WOTR-CARD-5, WOTR-CARDX-2):
Heroic Death sacrificing a Companion or a Leader the Army does not have, Dread and Despair forfeiting
more Nazgûl Leadership than the Army has. Never turned quietly into another choice."""
from __future__ import annotations

import pytest

from pycombat.cli import main

HEROIC_DEATH = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 5}}
  nazgul: 2
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 3, leaders: 1}}
  retreat_to: []
  card: {name: Heroic Death, sacrifice: companion}
rules: {casualty_policy: regulars_first, max_rounds: 1}
claims:
  - {id: dice, claim: the attacker rolls 5 dice}
rolls:
  - attacker: {combat: [6, 5, 5, 2, 2], reroll: [2, 2]}
    defender: {combat: [2, 2, 2], reroll: [2]}
"""
VERBS = ("odds", "replay", "verify", "optimize", "enumerate")


@pytest.mark.parametrize("verb", VERBS)
def test_heroic_death_sacrificing_an_absent_companion_is_refused(tmp_path, capsys, verb):
    path = tmp_path / "hd.yaml"
    path.write_text(HEROIC_DEATH, encoding="utf-8")
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert "defender.card.sacrifice" in err and "Traceback" not in err
    assert "no Companion in the battle" in err and "WOTR-CARD-5" in err


@pytest.mark.parametrize("verb", VERBS)
def test_heroic_death_sacrificing_an_absent_leader_is_refused(tmp_path, capsys, verb):
    path = tmp_path / "hd.yaml"
    path.write_text(HEROIC_DEATH.replace("regulars: 3, leaders: 1", "regulars: 3")
                    .replace("retreat_to: []", "retreat_to: []\n  characters: [Legolas]")
                    .replace("sacrifice: companion", "sacrifice: leader"), encoding="utf-8")
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert "defender.card.sacrifice" in err and "no Leader in the battle" in err


def test_heroic_death_with_the_figure_it_names_is_played(tmp_path, capsys):
    path = tmp_path / "hd.yaml"
    path.write_text(HEROIC_DEATH.replace("retreat_to: []", "retreat_to: []\n  characters: [Boromir]")
                    .replace("combat: [2, 2, 2], reroll: [2]", "combat: [2, 2, 2, 2], reroll: [2, 2]"),
                    encoding="utf-8")  # Boromir: Captain of the West (+1 die), Leadership 1
    assert main(["replay", str(path)]) == 0
    assert "Heroic Death: the defender sacrifices Boromir: 2 of the attacker's hits cancelled" in capsys.readouterr().out


@pytest.mark.parametrize("verb", VERBS)
def test_dread_and_despair_forfeiting_more_than_the_nazgul_have_names_the_field(tmp_path, capsys, verb):
    path = tmp_path / "dd.yaml"
    path.write_text(HEROIC_DEATH.replace("  card: {name: Heroic Death, sacrifice: companion}\n", "")
                    .replace("nazgul: 2", "nazgul: 2\n  card: {name: Dread and Despair, forfeit: 9}"),
                    encoding="utf-8")
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert "attacker.card.forfeit" in err and "the attacker has 2 (WOTR-CARD-5)" in err
