"""A strike the attacker cancelled at step 1 (Orc Stealth for his Orc scout) is never rolled (MECCG-SEQ-12):
the defender may not cancel it again at step 6 (Halfling Stealth for the Hobbit facing it). The one play
check refuses it, so odds and replay refuse the file, verify answers the claim "no", and the game optimize
and tree solve does not offer it (MECCG-SEQ-7)."""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.errors import ScenarioError

ORC_STEALTH, HALFLING_STEALTH = "LE-217", "TW-252"


def _doc(defender_cards=("Halfling Stealth",), attacker_cards=("Orc Stealth",)):
    strike = {"defender": "Frodo", "attacker": "Grishnákh"}
    if attacker_cards:
        strike["attacker_cards"] = list(attacker_cards)
    if defender_cards:
        strike["defender_cards"] = list(defender_cards)
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Grishnákh"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Frodo"]},
            "combat": {"strikes": [strike]}}


@pytest.mark.parametrize("verb", ["odds", "replay"])
def test_odds_and_replay_refuse_a_second_cancel(verb):
    with pytest.raises(ScenarioError) as e:
        pycombat.load(_doc()).run(verb)
    words = str(e.value)
    assert "combat.strikes[0].defender_cards" in words and "Orc Stealth already cancelled" in words
    assert "MECCG-SEQ-7" in words


def test_a_cancel_of_a_strike_not_cancelled_is_still_played():
    assert pycombat.load(_doc(attacker_cards=())).run("odds") is not None
    assert pycombat.load(_doc(defender_cards=())).run("odds") is not None


def test_verify_says_no_after_the_attackers_cancel_and_yes_without_it():
    claim = {"claim": "Halfling Stealth may be played at step 6 of the strike against Frodo"}
    verdicts = {}
    for attacker_cards in (("Orc Stealth",), ()):
        doc = _doc(defender_cards=(), attacker_cards=attacker_cards)
        doc["claims"] = [copy.deepcopy(claim)]
        got = pycombat.load(doc).run("verify").to_json()["claims"][0]
        verdicts[bool(attacker_cards)] = (got["verdict"], [r["rule"] for r in got["reasons"]])
    assert verdicts[True] == (False, ["MECCG-SEQ-7"])
    assert verdicts[False][0] is True


def test_the_game_does_not_offer_the_second_cancel():
    from pycombat.games.meccg.combat.game import AttackerStep, CvccGame, CvccState
    from pycombat.games.meccg.schema import scenario_from_dict

    doc = _doc()
    del doc["combat"]
    doc["attacker"]["hand"], doc["defender"]["hand"] = ["Orc Stealth"], ["Halfling Stealth"]
    game = CvccGame(scenario_from_dict(doc, file="<t>"))
    offered = {}
    for a_cards in ((), (ORC_STEALTH,)):
        s = CvccState(game, "defend", remaining=(("Grishnákh", "Frodo"),), current=("Grishnákh", "Frodo"),
                      hand_d=(HALFLING_STEALTH,), a_step=AttackerStep(cards=a_cards))
        offered[a_cards] = {step.cards for step in game.defender_steps(s)}
    assert offered == {(): {(), (HALFLING_STEALTH,)}, (ORC_STEALTH,): {()}}


def test_the_matching_solver_gives_the_defender_no_second_cancel():
    from pycombat.games.meccg.combat.matching import _Matching

    m = _Matching.__new__(_Matching)
    m.cancels = frozenset({ORC_STEALTH, HALFLING_STEALTH})
    plays = [((), (HALFLING_STEALTH,)), ((HALFLING_STEALTH,), ())]
    assert m._answers((ORC_STEALTH,), plays) == [((), (HALFLING_STEALTH,))]
    assert m._answers((), plays) == plays
