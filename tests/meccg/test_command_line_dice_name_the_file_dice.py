"""``replay --rolls`` gives every die in the order rolled, in place of the file's: the file's dice (each strike's
``rolls:``, ``cancel_roll:``, ``check_roll:``, ``wound_rolls:``, ``after_attack:``) are then not read, and the
replay says so once, naming each field and its value (text and JSON ``notes``, ``file_dice_not_read``).
Nothing is said when the file gives no dice, or when --rolls is not given."""
from __future__ import annotations

import json

from pycombat.cli import main
from pycombat.games.meccg.assignment.legal import example_path
from pycombat.games.meccg.schema import load_scenario
from pycombat.games.meccg.verbs import replay

CANCELS = str(example_path("../rulings/meccg/cancel_rolls.yaml"))  # cancel_roll: 5 and two strikes' rolls
WIND = str(example_path("wind_throne.yaml"))


def test_the_file_dice_not_read_are_named_in_the_json():
    rep = replay(load_scenario(CANCELS), rolls="11")  # 11 + 2 > 7: cancelled, the one die --rolls gives
    data = rep.to_json()
    assert data["file_dice_not_read"] == [
        {"path": "combat.cancel_roll", "value": 5},
        {"path": "combat.strikes[0].rolls.attacker", "value": 7}, {"path": "combat.strikes[0].rolls.defender", "value": 8},
        {"path": "combat.strikes[0].rolls.body", "value": 6},
        {"path": "combat.strikes[1].rolls.attacker", "value": 9}, {"path": "combat.strikes[1].rolls.defender", "value": 4},
        {"path": "combat.strikes[1].rolls.body", "value": 7}]
    assert data["notes"] == [
        "--rolls gives every die, in the order rolled: the file's dice are not read (combat.cancel_roll: 5; "
        "combat.strikes[0].rolls {attacker: 7, defender: 8, body: 6}; combat.strikes[1].rolls {attacker: 9, "
        "defender: 4, body: 7})"]
    assert data["strikes"] == []  # --rolls' 11 was read, not the file's 5


def test_the_text_says_it_once(capsys):
    assert main(["replay", WIND, "--rolls", "8,8,6,6,7,9,10,7,6,8,4,8"]) == 0
    out = capsys.readouterr().out
    assert out.count("the file's dice are not read") == 1
    assert "combat.strikes[1].rolls {attacker: [8, 8], defender: 6, body: 6}" in out


def test_nothing_is_said_without_the_option_or_without_file_dice(capsys):
    assert "notes" not in replay(load_scenario(CANCELS)).to_json()
    assert main(["replay", CANCELS]) == 0
    assert "not read" not in capsys.readouterr().out
    s = load_scenario(CANCELS)
    from dataclasses import replace

    bare = replace(s, combat=replace(s.combat, cancel_roll=None,
                                     strikes=tuple(replace(c, rolls=None) for c in s.combat.strikes)))
    data = replay(bare, rolls="11").to_json()
    assert "notes" not in data and "file_dice_not_read" not in data
    json.dumps(data)
