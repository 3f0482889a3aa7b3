"""``replay`` reports what eliminations cost the owners (MECCG-BODY-7: an avatar's -5; MECCG-BODY-9: a printed
"-N marshalling points if eliminated"), under ``elimination_mp_clauses``, as ``odds`` (its expectation) and
``verify`` ("eliminating X gives the defender -N MP") do: in the body-check step, the result and the JSON."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds, replay

DOC = {"game": "meccg",
       "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
       "defender": {"alignment": "hero", "site": "Moria",
                    "members": ["Aragorn II", {"name": "Gandalf", "status": "tapped"}]},
       "combat": {"strikes": [
           {"defender": "Aragorn II", "attacker": "Shagrat", "rolls": {"attacker": 12, "defender": 2, "body": 12}},
           {"defender": "Gandalf", "attacker": "Lagduf", "rolls": {"attacker": 12, "defender": 2, "body": 12}}]}}


@pytest.mark.parametrize("reading, lost", [("apply", 8), ("ignore", 0)])
def test_replay_counts_the_owners_mp_lost_through_clauses_and_avatars(reading, lost):
    s = scenario_from_dict(DOC, file="<t>", flag_overrides={"elimination_mp_clauses": reading})
    rep = replay(s)
    assert rep.replay.kill_mp == (0, 3)  # Aragorn II's 3 MP; Gandalf, an avatar, prints none (MECCG-BODY-5)
    assert rep.replay.owner_mp_lost == (lost, 0)  # Aragorn II -3 (TW-120) + Gandalf -5 (CoE 2.2)
    js = rep.to_json()
    assert js["owner_mp_lost"] == {"defender_player": lost, "attacker_player": 0,
                                   "flag": f"elimination_mp_clauses={reading}"}
    steps = [st for _s, sts, _o in rep.replay.strikes for st in sts if st.text.startswith("Body check")]
    assert "MECCG-BODY-9" in steps[0].rules and "MECCG-BODY-7" in steps[1].rules
    said = "3 MP" if reading == "apply" else "no MP"
    assert f"his player loses {said} [elimination_mp_clauses={reading}]" in steps[0].text


def test_replay_and_odds_agree_on_the_owners_loss_when_the_dice_are_certain():
    """Odds' expectation and replay's count are one quantity: with every die fixed by the file, a replay's loss
    is one of the values odds weighs (here the worst case: both eliminated)."""
    s = scenario_from_dict(DOC, file="<t>")
    assert odds(s).owner_mp_lost[0] > 0
    assert replay(s).replay.owner_mp_lost[0] == 3 + 5
