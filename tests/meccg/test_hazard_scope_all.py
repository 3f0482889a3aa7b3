"""MECCG-STRUCT-8 [hazard_scope=all]: the seed's reading, no hazard has any effect in CvCC. Gloom and The Sun
Shone Fiercely (hazards that modify characters, MECCG-FX-11) act under the default reading and under `all` act
nowhere: not in odds, replay or a prowess claim, as verify already says of "has an effect"."""
from __future__ import annotations

import yaml

import pycombat
from pycombat.cli import main

# Gloom on the attacking Shagrat: played on his company in its player's turn, the turn of the attack (MECCG-FX-7)
DOC = {"game": "meccg", "in_play": [{"card": "Gloom", "member": "Shagrat"}, "The Sun Shone Fiercely"],
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
       "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat",
                               "rolls": {"attacker": 7, "defender": 7, "body": 5}}]},
       "claims": [{"claim": "the final prowess of Aragorn II in strike 1 is 6"},
                  {"claim": "the final prowess of Shagrat in strike 1 is 6"},
                  {"claim": "Gloom has an effect in this combat"}]}


def _verdicts(flags):
    got = pycombat.load(DOC, flags=flags).run("verify").to_json()["claims"]
    return [c["verdict"] for c in got]


def test_with_hazard_scope_all_no_hazard_changes_prowess():
    assert _verdicts({"hazard_scope": "all"}) == [True, True, False]
    assert _verdicts({}) == [True, False, True]  # CoE: they modify characters (MECCG-FX-11): Shagrat 6 - 2 - 1


def test_replay_says_which_hazards_act(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({k: v for k, v in DOC.items() if k != "claims"}))
    # with no hazard acting, 6 + 7 = 6 + 7 is a tie: nobody is wounded, so the file's body-check roll is
    # not needed under this reading; the default reading (Gloom acts) rolls it, so it is named, not refused
    assert main(["replay", str(path), "--flag", "hazard_scope=all"]) == 0
    out = capsys.readouterr().out
    assert "Not used under this reading: the file's body-check roll for strike 1 (body: 5)" in out
    assert "hazard_scope=attack_or_strike rolls it" in out
    tie = {k: v for k, v in DOC.items() if k != "claims"}
    tie["combat"] = {"strikes": [{**DOC["combat"]["strikes"][0], "rolls": {"attacker": 7, "defender": 7}}]}
    path.write_text(yaml.safe_dump(tie))
    assert main(["replay", str(path), "--flag", "hazard_scope=all"]) == 0
    text = capsys.readouterr().out
    assert "Gloom, The Sun Shone Fiercely: hazards, no effect" in text and "Aragorn II 6 = 6" in text
    path.write_text(yaml.safe_dump({k: v for k, v in DOC.items() if k != "claims"}))
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "they act [hazard_scope=attack_or_strike]" in text and "MECCG-FX-11" in text
