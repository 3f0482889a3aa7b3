"""A named Combat card that ends up doing nothing is narrated with the reason, in the text and the
JSON: Mighty Attack after Words of Power has cancelled Boromir's Leadership has no Leadership left to
forfeit (WOTR-CARDX-4)."""
from __future__ import annotations

import json

from pycombat.cli import main

SCENARIO = """game: wotr
title: "Words of Power vs Mighty Attack"
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Dagorlad
  units: {Sauron: {regulars: 5}}
  nazgul: 1
  card: Words of Power
defender:
  region: North Ithilien
  units: {Gondor: {regulars: 3}}
  characters: [Boromir]
  card: Mighty Attack
rules: {max_rounds: 1, casualty_policy: regulars_first}
rolls:
  - attacker: {combat: [1, 1, 1, 1, 1], reroll: [1]}
    defender: {combat: [DEFENDER]}
"""


def _replay(tmp_path, capsys, defender: str, *extra: str):
    path = tmp_path / "wop_ma.yaml"
    path.write_text(SCENARIO.replace("DEFENDER", defender), encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_mighty_attack_without_leadership_to_forfeit_is_narrated(tmp_path, capsys):
    out = _replay(tmp_path, capsys, "1, 1, 1")
    line = next(ln for ln in out.splitlines() if "Mighty Attack" in ln and "defender" in ln)
    assert line.strip().startswith("defender Mighty Attack: no effect")
    assert "Boromir's Leadership is cancelled this round by the attacker's Words of Power" in line
    assert "WOTR-CARDX-4" in line
    record = json.loads(_replay(tmp_path, capsys, "1, 1, 1", "--json"))
    cv = record["rounds"][0]["defender"]["missed_dice_converted"]
    assert cv["card"] == "Mighty Attack" and cv["dice"] == 0 and "Words of Power" in cv["no_effect"]


def test_mighty_attack_with_no_missed_die_is_narrated(tmp_path, capsys):
    out = _replay(tmp_path, capsys, "6, 6, 6")
    assert "defender Mighty Attack: no effect, no die of the Combat roll missed" in out
