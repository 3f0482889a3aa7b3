"""RB-CARD-1: one instruction that chooses several units ("two friendly units", "up to three units", "two units at
the same battlefield", "any number of units") chooses that many *different* units. A ``showdown:`` play naming one
unit twice for it is refused (exit 2, naming ``showdown[i].target``), by every verb alike; two copies of one card on
the board are two units ("Stalwart Poro", "Stalwart Poro (2)") and may both be chosen."""
from __future__ import annotations

import subprocess
import sys

import pytest
import yaml

import pycombat
from pycombat.errors import ScenarioError

ATTACKERS = ["Jinx - Demolitionist", "Daring Poro"]
DEFENDERS = ["Stalwart Poro", "Leona - Determined", "Sunlit Guardian"]


def _doc(play: str, target, defenders=DEFENDERS, claims=()):
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": ATTACKERS},
           "defender": {"player": "Bo", "units": list(defenders)},
           "showdown": [{"play": play, "by": "attacker", "target": target}]}
    if claims:
        doc["claims"] = list(claims)
    return doc


@pytest.mark.parametrize("play, target, times", [
    ("Bellows Breath", ["Stalwart Poro"] * 3, "3 times"),  # "Deal 1 to up to three units at the same location."
    ("Bellows Breath", ["Stalwart Poro", "Leona - Determined", "Stalwart Poro"], "twice"),
    ("Back to Back", ["Daring Poro", "Daring Poro"], "twice"),  # "Give two friendly units each +2 Might this turn."
    ("Bonds of Strength", ["Daring Poro", "Daring Poro"], "twice"),  # "Give two friendly units each +1 Might"
    ("Switcheroo", ["Daring Poro", "Daring Poro"], "twice"),  # "Swap the Might of two units at the same battlefield"
])
@pytest.mark.parametrize("verb", ["odds", "verify", "enumerate"])
def test_a_choice_of_several_units_naming_one_unit_twice_is_refused(play, target, times, verb):
    doc = _doc(play, target, claims=["the attacker conquers"])
    with pytest.raises(ScenarioError, match=rf"{play}: \S.* is named {times}: choosing .*units is choosing different "
                                            r"units.*\(RB-CARD-1\)") as err:
        pycombat.load(doc).run(verb)
    assert err.value.path == "showdown[0].target"


def test_two_copies_of_one_card_are_two_units_and_may_both_be_chosen():
    """Bellows Breath on both Stalwart Poros (each Might 3 with Shield 1) marks 1 on each: 2 left to kill each."""
    doc = _doc("Bellows Breath", ["Stalwart Poro", "Stalwart Poro (2)"],
               defenders=["Stalwart Poro", "Stalwart Poro", "Sunlit Guardian"],
               claims=["Stalwart Poro's lethal damage is 2", "Stalwart Poro (2)'s lethal damage is 2",
                       "Sunlit Guardian's lethal damage is 4"])
    assert [v.verdict for v in pycombat.load(doc).run("verify").verdicts] == [True, True, True]


def test_two_different_units_for_back_to_back_each_get_the_bonus():
    doc = _doc("Back to Back", ["Daring Poro", "Jinx - Demolitionist"],
               claims=["Daring Poro's might is 5", "Jinx - Demolitionist's might is 8", "Daring Poro's might is 7"])
    assert [v.verdict for v in pycombat.load(doc).run("verify").verdicts] == [True, True, False]


def test_the_command_line_refuses_the_play_with_exit_2(tmp_path):
    path = tmp_path / "bellows.yaml"
    path.write_text(yaml.safe_dump(_doc("Bellows Breath", ["Stalwart Poro"] * 3, claims=["Stalwart Poro dies"])))
    done = subprocess.run([sys.executable, "-m", "pycombat", "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 2
    assert "showdown[0].target" in done.stderr and "Stalwart Poro is named 3 times" in done.stderr
    assert "Traceback" not in done.stderr
