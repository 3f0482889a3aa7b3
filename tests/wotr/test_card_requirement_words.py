"""A Combat card's requirement and its lack of effect are said in the card's words: a refused
Advantageous Position names the requirement as printed ("inside the borders of a Free Peoples
Nation") and what the region is (WOTR-CARD-5); in `odds`, Mighty Attack after Words of Power has
cancelled its only Companion's Leadership says it has no effect and why (WOTR-CARDX-4), as `replay` does."""
from __future__ import annotations

import json

from pycombat.cli import main

ADVANTAGEOUS = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: ATTACKER
  units: {Sauron: {regulars: 5, elites: 1}}
defender:
  region: REGION
  units: {Gondor: {regulars: 3, elites: 1, leaders: 1}}
  retreat_to: []
  card: Advantageous Position
rules: {casualty_policy: regulars_first, max_rounds: 1}
"""

WORDS_VS_MIGHTY = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 5, elites: 1}}
  nazgul: 2
  card: Words of Power
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 3, elites: 1, leaders: 1}}
  retreat_to: []
  characters: [COMPANIONS]
  card: Mighty Attack
rules: {casualty_policy: regulars_first, max_rounds: 1}
"""


def _odds(tmp_path, capsys, text: str, *extra: str):
    path = tmp_path / "battle.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["odds", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_refused_requirement_is_said_as_printed_with_the_region(tmp_path, capsys):
    code, out, err = _odds(tmp_path, capsys, ADVANTAGEOUS.replace("REGION", "Osgiliath").replace("ATTACKER", "South Ithilien"))
    assert code == 2 and not out
    assert "inside the borders of a Free Peoples Nation (Osgiliath: no Nation, a fortification)" in err
    assert "fp nation" not in err and "WOTR-CARD-5" in err


def test_the_requirement_met_plays_the_card(tmp_path, capsys):
    code, out, err = _odds(tmp_path, capsys, ADVANTAGEOUS.replace("REGION", "Minas Tirith").replace("ATTACKER", "Osgiliath"))
    assert code == 0, err
    assert "the defender plays Advantageous Position" in out


def test_mighty_attack_with_every_companion_cancelled_says_it_has_no_effect(tmp_path, capsys):
    code, out, err = _odds(tmp_path, capsys, WORDS_VS_MIGHTY.replace("COMPANIONS", "Gimli"))
    assert code == 0, err
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("- Mighty Attack"))
    assert "no effect" in line and "Gimli" in line and "WOTR-CARDX-4" in line
    code, out, _ = _odds(tmp_path, capsys, WORDS_VS_MIGHTY.replace("COMPANIONS", "Gimli"), "--json")
    assert any("Mighty Attack: no effect" in str(x) for x in json.dumps(json.loads(out)).split('"'))


def test_mighty_attack_with_a_companion_left_is_not_said_idle(tmp_path, capsys):
    code, out, err = _odds(tmp_path, capsys, WORDS_VS_MIGHTY.replace("COMPANIONS", "Gimli, Meriadoc"))
    assert code == 0, err
    assert "Mighty Attack: no effect" not in out
