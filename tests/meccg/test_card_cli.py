"""`pycombat card NAME`: a card's stats, modelled effects and unmodelled parts; unknown names suggest."""
from __future__ import annotations

import json

import pytest

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


@pytest.mark.parametrize("name, rules", [
    ("Noble Hound", {"MECCG-FX-18"}), ("Great Troll", {"MECCG-FX-18", "MECCG-ALIGN-6"}),
    ("Blackbole", {"MECCG-STRUCT-2", "MECCG-CARD-7"}), ("Great Bats", {"MECCG-ASSIGN-1", "MECCG-FX-19"}),
    ("Regiment of Black Crows", {"MECCG-ASSIGN-1", "MECCG-FX-19"}), ("Goldberry", {"MECCG-ASSIGN-1", "MECCG-CARD-6"})])
def test_card_shows_the_abilities_the_assignment_rules_read(capsys, name, rules):
    """The abilities of characters.json (`combat_effects`, `may_not_be_attacked` ...) that the assignment and
    strike rules apply are shown with their rules, not as "no combat ability"."""
    assert main(["card", name, "--json"]) == 0
    card = json.loads(capsys.readouterr().out)["cards"][0]
    assert card["abilities"] and rules <= {r["rule"] for r in card["rules"]}
    assert main(["card", name]) == 0
    text = capsys.readouterr().out
    assert "no combat ability" not in text and "ability: " in text
