"""WOTR-POL-1, WOTR-END-7: a Free Peoples Nation becomes active when its region is entered by an enemy Army,
Settlement or not. The Shadow defeating Rohan units in the Druadan Forest (a Gondor region without a
Settlement) may advance into it: that entry activates a passive Gondor and moves no step on its counter
(WOTR-POL-2 counts attacks on its units and captures of its Settlements only). ``odds`` reports it with the
chance of the region being won, ``replay`` at the battle's end, and verify's politics claims agree."""
from __future__ import annotations

import json
from fractions import Fraction

from pycombat.cli import main

BATTLE = """game: wotr
title: Druadan Forest entered
politics: {{Sauron: at_war, Gondor: {{steps: 2, active: false}}, Rohan: at_war}}
attacker:
  region: {attacker}
  units:
    {army}: {{regulars: 5}}
defender:
  region: Druadan Forest
  units:
    {defender}: {{regulars: 1}}
  retreat_to: []
rules: {{casualty_policy: regulars_first}}
"""
SHADOW = dict(attacker="Dead Marshes", army="Sauron", defender="Rohan")


def _run(tmp_path, capsys, text: str, *argv: str) -> str:
    path = tmp_path / "druadan.yaml"
    path.write_text(text, encoding="utf-8")
    code = main([argv[0], str(path), *argv[1:]])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_odds_reports_the_entry_activation(tmp_path, capsys):
    data = json.loads(_run(tmp_path, capsys, BATTLE.format(**SHADOW), "odds", "--json"))
    row = next(r for r in data["politics"] if r.get("entry"))
    assert (row["nation"], row["region"]) == ("Gondor", "Druadan Forest")
    won = Fraction(data["policies"]["regulars_first"]["outcomes"]["attacker_wins"]["exact"])
    assert Fraction(row["p_region_won"]["exact"]) == won  # no retreat here: winning is eliminating the defender
    assert {k: row["track"]["entered"][k] for k in ("steps", "active")} == {"steps": 2, "active": True}
    assert {k: row["track"]["not_entered"][k] for k in ("steps", "active")} == {"steps": 2, "active": False}
    assert row["rules"][0] == "WOTR-POL-1"
    text = _run(tmp_path, capsys, BATTLE.format(**SHADOW), "odds")
    assert any("Gondor becomes active" in x and x.startswith("Politics:") for x in text.splitlines())


def test_replay_end_names_the_activation(tmp_path, capsys):
    text = BATTLE.format(**SHADOW) + "rolls: [{attacker: {combat: [6, 5, 3, 2, 2]}, defender: {combat: [4]}}]\n"
    data = json.loads(_run(tmp_path, capsys, text, "replay", "--json"))
    rows = data["after_the_battle"]["politics"]
    assert [(r["nation"], r["region_won"], r["track_if_entered"]["active"]) for r in rows] == [("Gondor", True, True)]
    assert "WOTR-POL-1" in rows[0]["rules"]


def test_no_entry_row_for_an_active_owner_or_a_free_peoples_attacker(tmp_path, capsys):
    # the Free Peoples attacking Sauron there: not an enemy Army for Gondor
    fp = BATTLE.format(attacker="Minas Tirith", army="Gondor", defender="Sauron").replace(
        "Gondor: {steps: 2, active: false}", "Gondor: at_war")
    assert not [r for r in json.loads(_run(tmp_path, capsys, fp, "odds", "--json"))["politics"] if r.get("entry")]
    # the attack on Gondor's own units activates it already: the entry adds nothing
    own = BATTLE.format(attacker="Dead Marshes", army="Sauron", defender="Gondor")
    assert not [r for r in json.loads(_run(tmp_path, capsys, own, "odds", "--json"))["politics"] if r.get("entry")]


def test_verify_politics_claims_agree_with_the_entry(tmp_path, capsys):
    claims = """claims:
  - {id: steps, claim: "after the attack, Gondor is 2 steps from At War"}
  - {id: attack, claim: "after the attack, Gondor is active"}
  - {id: advance, claim: "if the attacker advances, Gondor becomes active"}
  - {id: rohan, claim: "if the attacker advances, Rohan is passive"}
"""
    data = json.loads(_run(tmp_path, capsys, BATTLE.format(**SHADOW) + claims, "verify", "--json"))
    got = {v["id"]: v["verdict"] for v in data["claims"]}
    assert got == {"steps": True, "attack": False, "advance": True, "rohan": False}
    advance = next(v for v in data["claims"] if v["id"] == "advance")
    assert "WOTR-POL-1" in [r["rule"] for r in advance["reasons"]]
