"""Where the Leader re-roll decides a verdict, its rules are cited, and only there:

* a card that takes away a re-roll the side would have made (Foul Stench, typed ``no_reroll``) makes a
  hits claim cite WOTR-HIT-7 (the re-roll is a "can" a card may remove); a card whose condition fails,
  or a side with no re-roll to lose, does not;
* an ``eliminated`` claim cites the re-roll's bounds, Leadership (WOTR-STR-5) and the missed dice
  (WOTR-HIT-6), only where lifting the bound changes the chance claimed (or, with no chance claimed,
  whether there is one), and the per-die chance (WOTR-HIT-8) only where the chance is neither 0 nor 1;
  each of the three is a switch of the Combat-card interpreter (``in_force``);
* a ``hit_number`` claim cites a round's Combat card (WOTR-CARD-2) only where it changes the number needed,
  and never WOTR-CARD-7 (a modifier acts on the roll, not on the number, WOTR-HIT-3).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from pycombat import api
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.in_force import removed

ROOT = Path(__file__).resolve().parents[2]


def _verdicts(doc: dict, *claims: str):
    s = scenario_from_dict({"game": "wotr", **doc, "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]})
    return verbs.verify(s).verdicts


def _osgiliath(defender_chars=(), card="Foul Stench", battle=None) -> dict:
    defender = {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2, "leaders": 1}}, "retreat_to": []}
    if defender_chars:
        defender["characters"] = list(defender_chars)
    attacker = {"region": "South Ithilien", "units": {"Sauron": {"regulars": 4}}, "nazgul": 1}
    if card:
        attacker["card"] = card
    doc = {"politics": {"Gondor": "at_war", "Sauron": "at_war"}, "attacker": attacker, "defender": defender,
           "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"}}
    if battle:
        doc["battle"] = battle
    return doc


def test_foul_stench_taking_the_re_roll_cites_that_the_re_roll_may_be_taken_away():
    """Nazgûl Leadership 1 against Gondor's 1: Foul Stench takes the re-roll; two dice on 5 give 5/9."""
    true, false = _verdicts(_osgiliath(), "the defender scores at least 1 hit in round 1 with probability 5/9",
                            "the defender scores at least 1 hit in round 1 with probability 19/27")
    assert (true.verdict, false.verdict) == (True, False)
    for v in (true, false):
        assert "WOTR-HIT-7" in v.rules, v.rules
        assert not {"WOTR-HIT-6", "WOTR-STR-5"} & set(v.rules), v.rules
    assert any("WOTR-HIT-7" in n and "Foul Stench" in n for n in true.notes), true.notes


def test_foul_stench_without_effect_cites_no_taken_re_roll():
    """With Boromir Gondor's Leadership (3) exceeds the Nazgûl's (1): Foul Stench does nothing, the defender
    re-roll stands (WOTR-HIT-6, WOTR-STR-5) and WOTR-HIT-7 is not cited; the attacker never loses his."""
    defender, attacker = _verdicts(_osgiliath(["Boromir"]),
                                   "the defender scores at least 1 hit in round 1 with probability 1/2",
                                   "the attacker scores at least 1 hit in round 1 with probability 1/2")
    assert "WOTR-HIT-7" not in defender.rules and {"WOTR-HIT-6", "WOTR-STR-5"} <= set(defender.rules)
    assert "WOTR-HIT-7" not in attacker.rules


def test_typed_no_reroll_cites_that_the_re_roll_may_be_taken_away():
    """A typed effect ``no_reroll`` in round 1 against Gondor's one Leader: the same 5/9 and WOTR-HIT-7."""
    battle = {"action": "army", "cards": [{"round": 1, "by": "attacker", "name": "no re-roll for Gondor",
                                           "defender": {"no_reroll": True}}]}
    (v,) = _verdicts(_osgiliath(card=None, battle=battle),
                     "the defender scores at least 1 hit in round 1 with probability 5/9")
    assert v.verdict is True and "WOTR-HIT-7" in v.rules, v.rules


def test_a_combat_card_that_changes_no_number_needed_is_not_cited_for_the_hit_number():
    """Foul Stench changes no number needed: Gondor still hits on 5 (WOTR-HIT-1). A card's modifier acts on
    the roll, never on the number needed (WOTR-HIT-3), so WOTR-CARD-7 decides no hit number, and a card that
    changes no number (WOTR-CARD-2) decides none either: neither is cited, as without the card."""
    (v,) = _verdicts(_osgiliath(), "the defender hits on 5 in round 1")
    assert v.verdict is True
    assert v.rules == ["WOTR-HIT-1"], v.rules
    (plain,) = _verdicts(_osgiliath(card=None), "the defender hits on 5 in round 1")
    assert plain.rules == ["WOTR-HIT-1"], plain.rules


def test_a_typed_card_that_changes_the_number_needed_cites_the_card_played():
    """A typed card effect making the defender hit on 6 in round 1: WOTR-CARD-2 (the card played at the
    round's start, whose removal gives 5 again) beside WOTR-HIT-2 (cards may change the number)."""
    battle = {"action": "army", "cards": [{"round": 1, "by": "attacker", "name": "six for Gondor",
                                           "defender": {"hit": 6}}]}
    (v,) = _verdicts(_osgiliath(card=None, battle=battle), "the defender hits on 6 in round 1")
    assert v.verdict is True and v.rules == ["WOTR-HIT-1", "WOTR-HIT-2", "WOTR-CARD-2"], v.rules
    with removed("WOTR-CARD-2"):
        (without,) = _verdicts(_osgiliath(card=None, battle=battle), "the defender hits on 6 in round 1")
    assert without.verdict is False


def _black_breath():
    return api.read_scenario(ROOT / "examples/rulings/wotr/reading_black_breath_hits.yaml")


def test_eliminated_cites_the_re_roll_bounds_only_where_they_change_the_answer():
    """Black Breath, one Nazgûl (Leadership 1): Boromir (Level 2) is never taken because one die at most is
    re-rolled (WOTR-STR-5 decides it; the missed dice do not, WOTR-HIT-6 not cited, and a chance of 0 does not
    come from the dice, no WOTR-HIT-8). The Leader goes on a re-roll hit: 215/1296, which both bounds shape.
    Fateful Strike "may" take the Witch-king whatever the bounds: neither is cited there."""
    by_id = {v.claim.id: v for v in verbs.verify(_black_breath()).verdicts}
    assert by_id["boromir-safe"].rules == ["WOTR-STR-5"]
    assert by_id["boromir-odds"].rules == ["WOTR-STR-5"]
    assert {"WOTR-STR-5", "WOTR-HIT-6", "WOTR-HIT-8", "WOTR-CARDX-3"} <= set(by_id["leader-goes"].rules)
    wk = api.read_scenario(ROOT / "examples/rulings/wotr/reading_witch_king_target.yaml")
    by_id = {v.claim.id: v for v in verbs.verify(wk).verdicts}
    assert not {"WOTR-STR-5", "WOTR-HIT-6", "WOTR-HIT-8"} & set(by_id["may-go"].rules), by_id["may-go"].rules
    assert {"WOTR-STR-5", "WOTR-HIT-6", "WOTR-HIT-8"} <= set(by_id["one-hit-takes-him"].rules)


def test_the_re_roll_bounds_and_die_chance_are_switches_of_the_card_interpreter():
    """Without WOTR-STR-5 the Nazgûl re-rolls every missed die, so Boromir may go; without WOTR-HIT-6 one
    die is re-rolled even when all three hit, so the Leader goes more often; without WOTR-HIT-8 the round
    has no chance to give."""
    s = _black_breath()
    safe, leader = s.claims[0], s.claims[1]

    def one(claim):
        from dataclasses import replace
        return verbs.verify(replace(s, claims=(claim,))).verdicts[0]

    assert one(safe).verdict is False
    with removed("WOTR-STR-5"):
        assert one(safe).verdict is True
    base = one(leader)
    assert base.verdict is True
    with removed("WOTR-HIT-6"):
        assert one(leader).verdict is False
    with removed("WOTR-HIT-8"):
        with pytest.raises(ScenarioError, match="WOTR-HIT-8"):
            one(leader)


def test_a_re_roll_count_a_card_takes_away_cites_the_card_played():
    """"the defender re-rolls up to 0 dice" under Foul Stench: true, and it cites the card played
    (WOTR-CARD-2, which takes the re-roll away) beside the allowance rules, not the re-roll's being a "can"
    (WOTR-HIT-7: the number is the card's, no choice of the side); without the card the allowance is one die
    and neither rule is cited."""
    (v,) = _verdicts(_osgiliath(), "the defender re-rolls up to 0 dice")
    assert v.verdict is True and "WOTR-CARD-2" in v.rules and "WOTR-HIT-7" not in v.rules, v.rules
    with removed("WOTR-CARD-2"):  # no Combat card played: the Leader's one die is re-rolled
        (off,) = _verdicts(_osgiliath(), "the defender re-rolls up to 0 dice")
        assert off.verdict is False
    (plain,) = _verdicts(_osgiliath(card=None), "the defender re-rolls up to 1 dice")
    assert plain.verdict is True and not {"WOTR-HIT-7", "WOTR-CARD-2"} & set(plain.rules), plain.rules


def test_foul_stench_named_for_a_later_round_cites_the_taken_re_roll_there():
    """Foul Stench named for round 2: the defender's round-2 hits cite WOTR-HIT-7 (from every position round 2
    starts from); the attacker, whose re-roll stands, does not."""
    doc = _osgiliath(card={"name": "Foul Stench", "round": 2})
    defender, attacker = _verdicts(doc, "the defender scores at least 1 hit in round 2 with probability 1/2",
                                   "the attacker scores at least 1 hit in round 2 with probability 1/2")
    assert "WOTR-HIT-7" in defender.rules and "WOTR-HIT-7" not in attacker.rules, (defender.rules, attacker.rules)
