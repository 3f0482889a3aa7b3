"""WOTR-POL-1/2/7, WOTR-CAPT-1: the attacker advancing into the region of a passive Free Peoples Nation
to capture its Settlement is an enemy Army entering that Nation's region, which activates it (WOTR-POL-1)
at the moment the capture advances its counter (WOTR-POL-2); one step from war the order
`political_activation_order` gives decides whether it goes At War (WOTR-POL-7). Here the defender in
Pelargir is a Rohan unit, so the attack itself leaves Gondor alone; only the capture touches it. A
Shadow Army's move into such a region in a position names the activation too."""
from __future__ import annotations

import json

import pytest

from pycombat.cli import main

BATTLE = """game: wotr
title: Pelargir capture
politics: {{Sauron: at_war, Gondor: {{steps: {steps}, active: false}}, Rohan: at_war}}
attacker:
  region: Osgiliath
  units:
    Sauron: {{regulars: 5}}
defender:
  region: Pelargir
  units:
    Rohan: {{regulars: 1}}
  retreat_to: []
rules: {{casualty_policy: regulars_first, political_activation_order: {order}}}
"""


def _capture_row(tmp_path, capsys, steps: int, order: str) -> dict:
    path = tmp_path / "pelargir.yaml"
    path.write_text(BATTLE.format(steps=steps, order=order), encoding="utf-8")
    code = main(["odds", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return next(r for r in json.loads(out)["politics"] if r.get("settlement") == "Pelargir")


@pytest.mark.parametrize("steps,order,captured,rule", [
    (1, "activate_first", {"steps": 0, "active": True}, "WOTR-POL-7"),   # activated, then it goes At War
    (1, "advance_first", {"steps": 1, "active": True}, "WOTR-POL-6"),    # the step while passive: stays, then active
    (2, "activate_first", {"steps": 1, "active": True}, "WOTR-POL-1"),
    (2, "advance_first", {"steps": 1, "active": True}, "WOTR-POL-1"),
])
def test_capture_by_entry_activates_the_passive_owner(tmp_path, capsys, steps, order, captured, rule):
    row = _capture_row(tmp_path, capsys, steps, order)
    got = {k: row["track"]["captured"][k] for k in ("steps", "active")}
    assert got == captured
    # not captured: the attacker never entered the region, the Nation stays as it was
    assert {k: row["track"]["not_captured"][k] for k in ("steps", "active")} == {"steps": steps, "active": False}
    assert "WOTR-POL-1" in row["rules"] and rule in row["rules"]


def test_capture_text_says_the_owner_goes_at_war(tmp_path, capsys):
    path = tmp_path / "pelargir.yaml"
    path.write_text(BATTLE.format(steps=1, order="activate_first"), encoding="utf-8")
    assert main(["odds", str(path)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "Pelargir (city) captured if the attacker advances" in x)
    assert "the entry activates Gondor (WOTR-POL-1) and it moves to At War" in line
    assert "stays one step" not in line


def test_shadow_army_moving_into_a_passive_nation_names_the_activation(tmp_path, capsys):
    path = tmp_path / "move.yaml"
    path.write_text("""game: wotr
title: into Gondor
politics: {Sauron: at_war, Gondor: {steps: 1, active: false}}
position:
  regions:
    Osgiliath: {units: {Sauron: {regulars: 3}}}
action: {side: shadow, die: army}
claims:
  - {id: m, claim: "the Army in Osgiliath may move to Pelargir"}
""", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "note: WOTR-POL-1: activates: Gondor, Pelargir" in out
