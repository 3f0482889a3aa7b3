"""`pycombat card` shows every effect the model applies: a card in play whose own records also cancel the attack
(Great Shadow, BA-62: "The Balrog may tap to cancel an attack against his company", which verify decides by
MECCG-PRE-1) shows that cancel and its cost (MECCG-FX-15)."""
from __future__ import annotations

import json

from pycombat.cli import main


def test_great_shadow_shows_its_cancel(capsys):
    assert main(["card", "Great Shadow"]) == 0
    out = capsys.readouterr().out
    assert "effect: cancels an attack before strikes are assigned; its cost: tap The Balrog" in out
    assert "MECCG-PRE-1" in out and "MECCG-FX-15" in out
    assert main(["card", "Great Shadow", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["cards"][0]["cancels_attack"]
    assert got["rule"] == "MECCG-PRE-1" and got["costs"] == ["tap The Balrog"]


def test_a_card_played_as_a_cancel_does_not_repeat_it(capsys):
    assert main(["card", "Concealment", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"][0]["cancels_attack"] is None
