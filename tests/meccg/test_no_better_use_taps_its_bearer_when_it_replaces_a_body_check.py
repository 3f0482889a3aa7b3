"""No Better Use (BA-41): "tap your character (once) to have the opponent's character placed off to the side ...
instead of making a body check" (MECCG-FX-28). Its bearer taps when the body check it replaces would be made,
not when the card is played at step 1: a strike the opposing character does not lose leaves him untapped, and
whether he is tapped in a later strike hangs on that strike's result (odds over every way it goes, replay and
verify on the file's dice). A bearer who wins his own strike taps on winning unless he took -3, and then has
nothing to tap for it."""
from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product

import pytest

import pycombat


def _doc(rolls1=None, rolls2=None, claims=()):
    s1 = {"defender": "Aragorn II", "attacker": "Shagrat", "attacker_cards": ["No Better Use"]}
    s2 = {"defender": "Gimli", "attacker": "Lagduf"}
    if rolls1:
        s1["rolls"] = rolls1
    if rolls2:
        s2["rolls"] = rolls2
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "in_play": [{"card": "No Better Use", "member": "Lagduf"}], "members": ["Shagrat", "Lagduf"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]},
           "combat": {"strikes": [s1, s2]}}
    if claims:
        doc["claims"] = [{"claim": c} for c in claims]
    return doc


def _verdicts(doc):
    return [c["verdict"] for c in pycombat.load(copy.deepcopy(doc)).run("verify").to_json()["claims"]]


def _replay_text(doc):
    got = pycombat.load(copy.deepcopy(doc)).run("replay").to_json()
    return "\n".join(st["text"] for strike in got["strikes"] for st in strike["steps"])


def test_no_body_check_replaced_no_tap():
    # Aragorn II wins strike 1 (6 + 12 against 6 + 2): nothing is put off to the side, Lagduf stays untapped
    doc = _doc({"attacker": 2, "defender": 12, "body": 5}, {"attacker": 7, "defender": 7, "body": 7},
               ["the final prowess of Lagduf in strike 2 is 5"])
    assert _verdicts(doc) == [True]
    assert "Lagduf 5 = 5" in _replay_text(doc)


def test_the_body_check_replaced_taps_him_for_the_next_strike():
    doc = _doc({"attacker": 12, "defender": 2}, {"attacker": 7, "defender": 7, "body": 7},
               ["the final prowess of Lagduf in strike 2 is 4", "Aragorn II is put off to the side in strike 1"])
    assert _verdicts(doc) == [True, True]
    text = _replay_text(doc)
    assert "No Better Use (Lagduf taps for it)" in text and "Lagduf 5 -1 (tapped, MECCG-SEQ-9) = 4" in text


def test_odds_over_both_ways_strike_1_goes():
    got = pycombat.load(_doc()).run("odds").to_json()
    rolls = [a + b for a in range(1, 7) for b in range(1, 7)]

    def chances(att, dfn):  # my own arithmetic: (defender wins, defender loses) on prowess att against dfn
        n = 36 * 36
        return (Fraction(sum(1 for x, y in product(rolls, rolls) if dfn + y > att + x), n),
                Fraction(sum(1 for x, y in product(rolls, rolls) if dfn + y < att + x), n))
    win1, lose1 = chances(6, 6)  # Shagrat 6 against Aragorn II 6; Aragorn loses: off to the side, Lagduf taps
    bob = win1 * Fraction(6, 36) * 2  # Shagrat (body 9, discarded on 9) eliminated on 10+: 2 MP
    jim = Fraction(0)
    for lagduf, p in ((4, lose1), (5, 1 - lose1)):  # Lagduf against Gimli 5 +2 against Orcs
        win, lose = chances(lagduf, 7)
        bob += p * win * Fraction(10, 36)  # Lagduf (body 8, discarded on 8) eliminated on 9+: 1 MP
        jim += p * lose * Fraction(10, 36) * 2  # Gimli (body 8) eliminated on 9+: 2 MP
    assert Fraction(got["expected_kill_mp"]["defender_player"]["exact"]) == bob
    assert Fraction(got["expected_kill_mp"]["attacker_player"]["exact"]) == jim
    assert Fraction(got["strikes"][1]["tapped_before"]["Lagduf"]["exact"]) == lose1


def test_a_claim_on_strike_2_asks_for_strike_1s_dice():
    doc = _doc(claims=["the final prowess of Lagduf in strike 2 is 5"])
    with pytest.raises(pycombat.errors.ScenarioError) as e:  # strike 1's dice decide whether Lagduf is tapped
        pycombat.load(doc).run("verify")
    assert "combat.strikes[0].rolls" in str(e.value) and "MECCG-FX-28" in str(e.value)


def test_the_bearer_who_wins_his_own_strike_without_minus_3_cannot_pay():
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "in_play": [{"card": "No Better Use", "member": "Lagduf"}], "members": ["Lagduf"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": ["No Better Use"],
                                   "rolls": {"attacker": 12, "defender": 2, "body": 5}}]},
           "claims": [{"claim": "the final prowess of Lagduf in strike 1 is 5"},
                      {"claim": "Aragorn II is put off to the side in strike 1"}]}
    assert _verdicts(doc) == [True, False]  # untapped before the roll (no -1); a body check is made
    assert "he cannot tap for it" in _replay_text(doc)
    doc["combat"]["strikes"][0]["attacker_untapped"] = True  # -3: he stays untapped and taps for it
    del doc["combat"]["strikes"][0]["rolls"]["body"]
    doc["claims"][0]["claim"] = "the final prowess of Lagduf in strike 1 is 2"
    assert _verdicts(doc) == [True, True]


def test_minus_3_for_a_bearer_who_may_have_tapped_is_refused_naming_why():
    doc = _doc()
    doc["combat"]["strikes"][1]["attacker_untapped"] = True
    with pytest.raises(pycombat.errors.ScenarioError) as e:  # whether he is untapped at step 3 hangs on strike 1
        pycombat.load(doc).run("odds")
    assert "combat.strikes[1].attacker_untapped" in str(e.value) and "MECCG-FX-28" in str(e.value)
