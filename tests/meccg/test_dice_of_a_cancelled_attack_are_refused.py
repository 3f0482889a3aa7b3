"""An attack cancelled before strikes are assigned (MECCG-PRE-1) makes no strike and rolls nothing after the
cancel (and the corruption check it costs, MECCG-FX-30): a die the file gives for what follows is refused, never
ignored (exit 2, one message naming the file, the field and the rule), in ``replay`` and in ``verify`` alike,
whatever the claims. A ``cancel_roll:`` no cancel rolls for is refused by ``odds``, ``replay`` and ``verify``, as a
``check_roll:`` with no check is. Where no strike is made after a check before strikes are assigned
(MECCG-FX-31) the block's dice still serve ``verify``'s reading of the block as given, so ``replay`` names them
("Not used: ...") instead."""
from __future__ import annotations

import copy
import subprocess
import sys

import pytest
import yaml

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds, replay, verify

#: Crept Along Carefully (BA-29): 2d6 + the rangers in the company (Aragorn II, Sam Gamgee: +2) > 7 cancels
CREPT = {
    "game": "meccg",
    "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
    "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                 "members": ["Aragorn II", {"name": "Sam Gamgee", "follower_of": "Aragorn II"}, "Gimli"]},
    "combat": {"before_assignment": ["Crept Along Carefully"], "cancel_roll": 6,  # 6 + 2 = 8 > 7: cancelled
               "strikes": [{"defender": "Aragorn II", "attacker": "Lagduf", "rolls": {"attacker": 7, "defender": 8,
                                                                                     "body": 6}},
                           {"defender": "Gimli", "attacker": "Shagrat", "rolls": {"attacker": 9, "defender": 4}}]},
}


def _without_strike_dice(doc: dict) -> dict:
    out = copy.deepcopy(doc)
    for s in out["combat"]["strikes"]:
        s.pop("rolls", None)
    return out


def _s(doc: dict):
    return scenario_from_dict(copy.deepcopy(doc), file="cancelled.yaml")


def test_the_strike_dice_of_an_attack_cancelled_on_its_roll_are_refused():
    with pytest.raises(ScenarioError) as exc:
        replay(_s(CREPT))
    e = exc.value
    assert e.file == "cancelled.yaml" and e.path == "combat.strikes[0].rolls.attacker"
    assert e.message.startswith("strike 1 needs no attacker roll: the attack is cancelled before strikes are "
                                "assigned (Crept Along Carefully; MECCG-PRE-1, MECCG-FX-16): no strike is made")
    assert "the file gives 1 (attacker: 7)" in e.message
    rep = replay(_s(_without_strike_dice(CREPT))).replay  # written without them, it replays: cancelled
    assert rep.strikes == [] and "= 8 > 7: the attack is cancelled" in rep.preamble[-1].text


def test_the_dice_are_read_where_the_cancel_roll_fails():
    doc = copy.deepcopy(CREPT)
    doc["combat"]["cancel_roll"] = 5  # 5 + 2 = 7, not more than 7: the attack goes on
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": 7, "defender": 8, "body": 6}
    doc["combat"]["strikes"][1]["rolls"] = {"attacker": 9, "defender": 4, "body": 7}
    rep = replay(_s(doc)).replay
    assert [o.result for _s_, _st, o in rep.strikes] == ["fails", "succeeds"]


def test_the_strike_dice_of_a_certain_cancel_are_refused_naming_the_later_strike():
    """Concealment (TW-204, a scout in the company) cancels with no roll: strike 2's dice are refused too."""
    doc = _without_strike_dice(CREPT)
    doc["combat"]["before_assignment"] = ["Concealment"]
    del doc["combat"]["cancel_roll"]
    doc["combat"]["strikes"][1]["rolls"] = {"body": 8}
    with pytest.raises(ScenarioError) as exc:
        replay(_s(doc))
    assert exc.value.path == "combat.strikes[1].rolls.body"
    assert exc.value.message.startswith("strike 2 needs no body-check roll: the attack is cancelled before strikes "
                                        "are assigned (Concealment; MECCG-PRE-1)")


@pytest.mark.parametrize("verb", ["replay", "verify"])
def test_the_cli_refuses_them_with_one_line(tmp_path, verb):
    """verify refuses them whatever its claims: no claim reads the dice of a cancelled attack."""
    doc = {**copy.deepcopy(CREPT), "claims": ["Crept Along Carefully cancels the attack"]}
    path = tmp_path / "cancelled.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycombat", verb, str(path)], capture_output=True, text=True)
    assert out.returncode == 2, out.stdout
    assert "Traceback" not in out.stderr and out.stdout == ""
    assert str(path) in out.stderr and "combat.strikes[0].rolls.attacker" in out.stderr
    assert "strike 1 needs no attacker roll: the attack is cancelled before strikes are assigned" in out.stderr
    assert "MECCG-PRE-1" in out.stderr
    path.write_text(yaml.safe_dump(_without_strike_dice(doc), allow_unicode=True), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycombat", verb, str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


#: Token of Goodwill (DM-160): 2d6 + Adrazar's unused direct influence (1) > 7 cancels; its cost, Adrazar's
#: corruption check, is rolled beside it (`check_roll:`, MECCG-FX-30)
TOKEN = {
    "game": "meccg",
    "attacker": {"alignment": "minion", "site": "Moria", "members": ["Bill Ferny", "Eun"]},
    "defender": {"alignment": "hero", "site": "Moria",
                 "members": [{"name": "Adrazar", "corruption_points": 5},
                             {"name": "Frodo", "items": ["Dagger of Westernesse"]}]},
    "combat": {"before_assignment": ["Token of Goodwill"], "cost_item": "Dagger of Westernesse",
               "cancel_roll": 12, "check_roll": 4,
               "strikes": [{"defender": "Frodo", "attacker": "Bill Ferny"}, {"defender": "Adrazar", "attacker": "Eun"}]},
}


def test_the_cancels_own_dice_are_read_and_nothing_after_it():
    rep = replay(_s(TOKEN)).replay  # its roll and its check: both used
    assert rep.strikes == [] and "the attack is cancelled; its cost" in rep.preamble[-1].text
    assert "rolls 4 = 4: the check fails: discarded" in rep.preamble[-1].text


@pytest.mark.parametrize("field,value,path,words", [
    ("after_check", {"strikes": [{"defender": "Frodo", "attacker": "Bill Ferny", "rolls": {"attacker": 5}}]},
     "combat.after_check.strikes[0].rolls.attacker", "strike 1 of `after_check:` needs no attacker roll"),
    ("after_attack", [{"ally": "War-warg", "roll": 4, "body": 7}], "combat.after_attack[0].roll",
     "War-warg makes no strike after the attack"),
])
def test_every_other_die_after_the_cancel_is_refused(field, value, path, words):
    doc = copy.deepcopy(TOKEN)
    doc["combat"][field] = value
    with pytest.raises(ScenarioError) as exc:
        replay(_s(doc))
    assert exc.value.path == path
    assert exc.value.message.startswith(words + ": the attack is cancelled before strikes are assigned "
                                                "(Token of Goodwill; MECCG-PRE-1, MECCG-FX-16)")


@pytest.mark.parametrize("cards", [[], ["Concealment"]])
@pytest.mark.parametrize("verb", [odds, replay])
def test_a_cancel_roll_no_cancel_rolls_for_is_refused(verb, cards):
    """No card played before strikes are assigned, or one that cancels with no roll and no check: nothing reads
    `cancel_roll:`, so odds and replay (and verify) refuse it, naming the field."""
    doc = _without_strike_dice(CREPT)
    doc["combat"]["before_assignment"] = cards
    if not cards:
        doc["combat"]["strikes"][0]["rolls"] = {"attacker": 7, "defender": 8, "body": 6}
        doc["combat"]["strikes"][1]["rolls"] = {"attacker": 9, "defender": 4, "body": 7}
    with pytest.raises(ScenarioError) as exc:
        verb(_s(doc))
    assert exc.value.path == "combat.cancel_roll"
    assert "no roll is made for a cancel in this combat" in exc.value.message
    assert ("Concealment cancels the attack with no roll" if cards else "no card played before strikes") in \
        exc.value.message
    del doc["combat"]["cancel_roll"]
    verb(_s(doc))


def test_verify_refuses_them_for_a_claim_about_a_strike():
    doc = {**copy.deepcopy(CREPT), "claims": ["strike 1 fails"]}
    with pytest.raises(ScenarioError, match="strike 1 needs no attacker roll: the attack is cancelled"):
        verify(_s(doc))
    [v] = verify(_s(_without_strike_dice(doc))).verdicts
    assert v.verdict is False and "MECCG-PRE-1" in v.rules


def test_the_block_dice_no_strike_after_a_check_uses_are_named():
    """Wizard's Flame's check (MECCG-FX-31): Gandalf, alone, rolls 4 - 3 + 1 (his own) = 2 and is discarded; nobody is left to
    assign a strike to. verify reads the block as given beside it, so its dice are named, not refused."""
    doc = {"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": [{"name": "Gandalf", "corruption_points": 2}]},
           "combat": {"before_assignment": ["Wizard's Flame"], "check_roll": 4,
                      "strikes": [{"defender": "Gandalf", "attacker": "Lagduf",
                                   "rolls": {"attacker": 7, "defender": 7}}]}}
    rep = replay(_s(doc)).replay
    assert rep.strikes == []
    assert any(st.text.startswith("Not used: the file's dice for strike 1 of the block (Lagduf on Gandalf: "
                                  "attacker, defender)") and st.rules == ("MECCG-FX-31",) for st in rep.preamble)
