"""A final-prowess claim on a strike with a supporter who may leave play in an earlier strike (MECCG-SEQ-6:
only a member in play taps to support; MECCG-BODY-4, MECCG-FX-24/25: how he leaves) replays the earlier
strikes with the file's dice. A die the file does not give is asked for only where its value could change
whether he is still in play: not a body check whose loser's fate cannot take him (the roll of the card that
fixed his fate is given), not the dice of a strike whose result cannot, not the dice of the claimed strike or
a later one. Where the die does decide it, the refusal names the die, the supporter and the rules, uncut."""
from __future__ import annotations

import copy

import yaml

import pycombat
from pycombat.cli import main

#: Kindling of the Spirit (TW-262) costs Gandalf (4 corruption points) a corruption check at -2: the card roll
#: 3 fails it and eliminates him (MECCG-FX-25), so he gives Éomer no support in strike 2. Aragorn II 6 +2
#: beats Shagrat 6 in strike 1: Shagrat's body check is missing, and cannot change Gandalf's fate.
KINDLING = {
    "game": "meccg",
    "attacker": {"alignment": "minion", "site": "The Wind Throne", "members": ["Shagrat", "Lagduf"]},
    "defender": {"alignment": "hero", "site": "The Wind Throne",
                 "members": ["Aragorn II", "Éomer", {"name": "Gandalf", "corruption_points": 4}]},
    "combat": {"strikes": [
        {"defender": "Aragorn II", "attacker": "Shagrat", "defender_cards": ["Kindling of the Spirit"],
         "rolls": {"cards": [3], "attacker": 7, "defender": 7}},
        {"defender": "Éomer", "attacker": "Lagduf", "support": ["Gandalf"], "rolls": {"attacker": 7, "defender": 7}}]},
    "claims": [{"id": "p5", "kind": "final_prowess", "character": "Éomer", "strike": 2, "value": 5},
               {"id": "p6", "kind": "final_prowess", "character": "Éomer", "strike": 2, "value": 6}]}


def _verdicts(doc: dict) -> list:
    return [v.verdict for v in pycombat.load(doc).run("verify").verdicts]


def test_a_body_check_that_cannot_change_the_supporters_fate_is_not_needed():
    assert _verdicts(KINDLING) == [True, False]  # Éomer 3 +2 (Kindling), no +1 from Gandalf


def test_strike_rolls_that_cannot_change_the_supporters_fate_are_not_needed():
    doc = copy.deepcopy(KINDLING)
    doc["combat"]["strikes"][0]["rolls"] = {"cards": [3]}
    assert _verdicts(doc) == [True, False]


def test_the_claimed_strikes_own_dice_are_not_needed():
    doc = copy.deepcopy(KINDLING)
    del doc["combat"]["strikes"][1]["rolls"]
    assert _verdicts(doc) == [True, False]


def _goldberry(first_rolls: dict | None) -> dict:
    """Goldberry, Éomer's ally, supports Aragorn II in strike 2: she leaves play with Éomer (MECCG-BODY-4)."""
    first = {"defender": "Éomer", "attacker": "Old Troll"}
    if first_rolls is not None:
        first["rolls"] = first_rolls
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "The Wind Throne", "members": ["Shagrat", "Old Troll"]},
            "defender": {"alignment": "hero", "site": "The Wind Throne",
                         "members": ["Aragorn II", "Éomer", {"name": "Goldberry", "ally_of": "Éomer"}]},
            "combat": {"strikes": [first, {"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Goldberry"],
                                           "rolls": {"attacker": 7, "defender": 7}}]},
            "claims": [{"id": "p7", "kind": "final_prowess", "character": "Aragorn II", "strike": 2, "value": 7}]}


def test_the_body_check_of_a_controller_who_won_is_not_needed():
    # Éomer 3 + 12 beats Old Troll 5 + 2: the Troll's body check cannot take Goldberry out of play
    assert _verdicts(_goldberry({"attacker": 2, "defender": 12})) == [True]


def _refusal(doc: dict, tmp_path, capsys, monkeypatch) -> str:
    monkeypatch.chdir(tmp_path)  # a short file name: the message is not cut to fit the line (pycombat.errors)
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["verify", "s.yaml"]) == 2
    return " ".join(capsys.readouterr().err.split())


def test_the_body_check_of_a_controller_who_lost_is_asked_for(tmp_path, capsys, monkeypatch):
    # Old Troll 5 + 9 beats Éomer 3 + 2: his body check decides whether Goldberry leaves play with him
    err = _refusal(_goldberry({"attacker": 9, "defender": 2}), tmp_path, capsys, monkeypatch)
    assert ("combat.strikes[0].rolls: strike 1 (body check) needs 1 roll (2d6 totals), the file gives 0: Goldberry, "
            "who supports strike 2, may leave play in strike 1 (MECCG-SEQ-6, MECCG-BODY-4)") in err


def test_a_card_roll_that_decides_the_supporters_fate_is_asked_for_uncut(tmp_path, capsys, monkeypatch):
    doc = copy.deepcopy(KINDLING)
    del doc["combat"]["strikes"][0]["rolls"]["cards"]
    err = _refusal(doc, tmp_path, capsys, monkeypatch)
    assert err.endswith("combat.strikes[0].rolls: strike 1 (cards' rolls) needs 1 roll (2d6 totals), the file "
                        "gives 0: Gandalf, who supports strike 2, may leave play in strike 1 (MECCG-SEQ-6, MECCG-FX-24, "
                        "MECCG-FX-25)")
