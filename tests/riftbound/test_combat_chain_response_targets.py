"""RB-SHOW-2 with RB-CARD-1: a Reaction played while the combat triggers are on the chain chooses among the units in
play as the chain was made, before any trigger resolves. The showdown game from both hands (``optimize``) offers it on
a unit a trigger on the chain would kill, as ``verify`` and ``odds`` accept it stated (``respond: true``): Discipline
(+2 Might) on Stalwart Poro before Anivia, Primal's "When I attack, deal 3 to all enemy units here" resolves keeps the
Poro (Might 2 + 1 Shield + 2 = 5, 3 damage) in the combat, and its Might in the Defender's total."""
from __future__ import annotations

import pycombat

D5 = {"name": "D5", "custom": True, "might": 5}


def _doc(**more):
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Anivia - Primal"]},
            "defender": {"player": "Bo", "units": ["Stalwart Poro", D5]}, **more}


def test_the_response_on_a_unit_the_trigger_would_kill_is_stated_and_read():
    odds = pycombat.load(_doc(showdown=[{"play": "Discipline", "by": "defender", "target": "Stalwart Poro",
                                         "respond": True}])).run("odds").to_json()
    # 5 + 5 = 10 kills Anivia (8); her 8 kill both (2 + 2 left to lethal): nobody's
    assert odds["outcome"] == "nobody" and sorted(odds["died"]) == ["Anivia - Primal", "D5", "Stalwart Poro"]
    # not played, the Poro dies to the trigger and D5's 5 cannot kill her: she conquers
    assert pycombat.load(_doc()).run("odds").to_json()["outcome"] == "conquer"


def test_the_showdown_game_offers_and_plays_it():
    report = pycombat.load(_doc(hand={"attacker": [], "defender": ["Discipline"]})).run("optimize").to_json()
    assert {"phase": "combat chain", "action": "defender plays Discipline on Stalwart Poro in response"} \
        in report["line"]
    assert report["outcome"] == "nobody"
