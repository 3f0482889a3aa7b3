"""`pycombat card NAME`: a card's stats, modelled effects and unmodelled parts; unknown names suggest."""
from __future__ import annotations

import json

from pycombat.cli import main


def test_card_text_and_json(capsys):
    assert main(["card", "Glamdring", "--game", "meccg"]) == 0
    text = capsys.readouterr().out
    assert "TW-244" in text and "max 9 if opponent_race=Orc" in text
    assert main(["card", "Glamdring", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cards"][0]["id"] == "TW-244" and data["cards"][0]["stats"]["prowess_bonus"] == 3


def test_unknown_card_suggests_on_words(capsys):
    assert main(["card", "Aragorn the Twelfth", "--game", "meccg"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Aragorn II" in err
