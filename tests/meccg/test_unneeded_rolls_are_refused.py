"""A roll the file gives that the combat never uses is refused, never ignored, as a missing or an extra
roll is (exit 2, one message naming the file, the strike and the field): a body-check roll for a tie
(MECCG-SEQ-10: an ineffectual strike wounds nobody, so nobody makes a body check), any roll of a
cancelled strike (MECCG-SEQ-12). Where the strikes follow another assignment than the block's after a
check before strikes are assigned (MECCG-FX-31) the block's dice serve both readings, so the unused one
is named in the replay instead ("Not used: ...")."""
from __future__ import annotations

import copy
import subprocess
import sys

import pytest
import yaml

from pycombat.errors import ScenarioError
from pycombat.games.meccg.assignment.legal import example_path
from pycombat.games.meccg.schema import load_scenario, scenario_from_dict
from pycombat.games.meccg.verbs import replay

#: strike 2: Shagrat 6 - 3 (not to tap) + 9 = 12 against Faramir 5 - 1 (tapped) + 8 = 12, a tie
TIE = {
    "game": "meccg",
    "attacker": {"player": "A", "alignment": "minion", "site": "Moria",
                 "members": [{"name": "Shagrat"}, {"name": "Lagduf", "status": "wounded"},
                             {"name": "Odoacer", "status": "tapped"}]},
    "defender": {"player": "D", "alignment": "hero", "site": "Moria",
                 "members": [{"name": "Aragorn II"}, {"name": "Éomer", "status": "wounded"},
                             {"name": "Faramir", "status": "tapped"}, {"name": "Beregond"}]},
    "combat": {"strikes": [
        {"attacker": "Lagduf", "defender": "Aragorn II", "defender_untapped": True, "support": ["Beregond"],
         "rolls": {"attacker": 5, "defender": 9, "body": 7}},
        {"attacker": "Shagrat", "defender": "Faramir", "attacker_untapped": True,
         "rolls": {"attacker": 9, "defender": 8, "body": 5}},
        {"attacker": "Odoacer", "defender": "Éomer", "rolls": {"attacker": 6, "defender": 6, "body": 7}}]},
}


def test_a_body_roll_for_a_tie_is_refused_naming_strike_and_field():
    with pytest.raises(ScenarioError) as exc:
        replay(scenario_from_dict(TIE, file="tie.yaml"))
    e = exc.value
    assert e.file == "tie.yaml" and e.path == "combat.strikes[1].rolls.body"
    assert "strike 2 needs no body-check roll" in e.message and "MECCG-SEQ-10" in e.message
    assert "body: 5" in e.message
    fixed = copy.deepcopy(TIE)
    del fixed["combat"]["strikes"][1]["rolls"]["body"]
    rep = replay(scenario_from_dict(fixed, file="tie.yaml"))
    assert [o.result for _s, _st, o in rep.replay.strikes] == ["fails", "tie", "succeeds"]


@pytest.mark.parametrize("verb", ["replay", "verify"])
def test_the_cli_exits_2_with_one_line(tmp_path, verb):
    doc = {**TIE, "claims": ["strike 2 is ineffectual"]}
    path = tmp_path / "tie.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycombat", verb, str(path)], capture_output=True, text=True)
    assert out.returncode == 2, out.stdout
    assert "Traceback" not in out.stderr
    assert str(path) in out.stderr and "combat.strikes[1].rolls.body" in out.stderr
    assert "strike 2 needs no body-check roll" in out.stderr and out.stdout == ""


def test_the_rolls_of_a_cancelled_strike_are_refused():
    """Halfling Stealth (TW-252) cancels the strike against Frodo at step 6 (MECCG-SEQ-12): nothing is rolled,
    so dice given for it are refused; without them it replays, cancelled."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Frodo"]},
           "combat": {"strikes": [{"defender": "Frodo", "attacker": "Lagduf", "defender_cards": ["Halfling Stealth"],
                                   "rolls": {"attacker": 7, "defender": 7}}]}}
    with pytest.raises(ScenarioError) as exc:
        replay(scenario_from_dict(doc, file="<t>"))
    assert exc.value.path == "combat.strikes[0].rolls.attacker"
    assert "needs no attacker roll" in exc.value.message and "MECCG-SEQ-12" in exc.value.message
    del doc["combat"]["strikes"][0]["rolls"]
    [(_s, _st, o)] = replay(scenario_from_dict(doc, file="<t>")).replay.strikes
    assert o.result == "cancelled"


def test_the_block_dice_an_assignment_after_a_check_leaves_unused_are_named():
    """examples/rulings/meccg/check_before_assignment.yaml: Gandalf fails Wizard's Flame's check (5 - 3 = 2)
    and leaves; strike 1 (Aragorn II 6 - 1 + 6 against Lagduf 5 - 2 + 8) is a tie, his strike is not
    made: the block's body roll of strike 1 and his strike's dice are named as not used."""
    s = load_scenario(str(example_path("../rulings/meccg/check_before_assignment.yaml")))
    text = "\n".join(st.text for st in replay(s).replay.preamble) + "\n" + "\n".join(
        st.text for _s, steps, _o in replay(s).replay.strikes for st in steps)
    assert "Not used: the file's body-check roll for strike 1 (body: 7)" in text
    assert "Not used: the file's dice for strike 2 of the block (Shagrat on Gandalf" in text
