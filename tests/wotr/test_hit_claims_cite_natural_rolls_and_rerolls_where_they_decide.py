"""A hits claim cites WOTR-HIT-4 (a natural 1 always misses, a natural 6 always hits) exactly when the
natural faces change the chance of a die it rolls, with the Combat cards' modifiers counted, and the
Leader re-roll rules (WOTR-HIT-6, WOTR-STR-5) only when a die is re-rolled; the same with a named Combat
card in round 1, in a later round, and with typed card effects."""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.wotr import verbs
from pycombat.games.wotr.battle.dice import hit_chance, naturals_decide
from pycombat.games.wotr.schema import scenario_from_dict

REROLL_RULES = {"WOTR-HIT-6", "WOTR-STR-5"}


def _verdicts(doc: dict, *claims: str):
    s = scenario_from_dict({"game": "wotr", **doc, "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]})
    return verbs.verify(s).verdicts


def _edoras(card=None, rules=None) -> dict:
    defender = {"region": "Edoras", "units": {"Rohan": {"regulars": 2}}, "retreat_to": []}
    if card:
        defender["card"] = card
    return {"politics": {"Sauron": "at_war", "Rohan": "at_war"},
            "attacker": {"region": "Folde", "units": {"Sauron": {"regulars": 2}}},
            "defender": defender,
            "rules": {"max_rounds": 2, "casualty_policy": "regulars_first", **(rules or {})}, "battle": {"action": "army"}}


def test_the_natural_six_decides_a_city_hit_against_advantageous_position():
    """Edoras (a City): the Shadow hits only on 6 in round 1 (WOTR-SITE-1) and Advantageous Position gives
    -1: only the natural 6 still hits (WOTR-HIT-4), each die 1/6, two dice 11/36; without the rule 0. Without
    the card each die is 1/6 too: the card decides nothing, and no card rule is cited.
    The Shadow has no Leadership: nothing is re-rolled, so no re-roll rule is cited."""
    assert hit_chance(6, -1) == Fraction(1, 6) and naturals_decide(6, -1)
    true, false = _verdicts(_edoras("Advantageous Position"),
                            "the attacker scores at least 1 hit in round 1 with probability 11/36",
                            "the attacker scores at least 1 hit in round 1 with probability 0")
    assert (true.verdict, false.verdict) == (True, False)
    for v in (true, false):
        assert "WOTR-HIT-4" in v.rules and not REROLL_RULES & set(v.rules), v.rules
        # the card's -1 leaves each die 1/6 (only the natural 6 hits, with it or without it): the verdict
        # does not depend on the card, so no card rule is cited
        assert not {"WOTR-CARD-2", "WOTR-CARD-7"} & set(v.rules), v.rules


def test_a_modifier_the_faces_absorb_does_not_cite_the_natural_rule():
    """Round 2 at Edoras the Shadow hits on 5: -1 (typed) still lets a 6 hit as 5 (no WOTR-HIT-4); -2 makes
    the 6 hit only as a natural 6 (WOTR-HIT-4)."""
    assert not naturals_decide(5, -1) and naturals_decide(5, -2) and not naturals_decide(5, +3) \
        and naturals_decide(5, +4) and naturals_decide(7)
    for mod, cited in ((-1, False), (-2, True)):
        doc = _edoras()
        doc["battle"] = {"action": "army", "cards": [{"round": 2, "by": "defender", "name": f"{mod} to the Shadow",
                                                       "attacker": {"combat_roll": mod}}]}
        (v,) = _verdicts(doc, "the attacker scores at most 2 hits in round 2 with probability 1")
        assert v.verdict is True
        assert ("WOTR-HIT-4" in v.rules) is cited, (mod, v.rules)
        assert not REROLL_RULES & set(v.rules), v.rules


def test_no_leader_re_roll_under_foul_stench_cites_no_re_roll_rule():
    """Foul Stench (the Nazgûl's Leadership 1 against the Free Peoples' 1) takes the defender's Leader
    re-roll away: the defender's hits, in round 1 or in a later round the card is named for, cite no
    re-roll rule; the attacker, who keeps his re-roll, cites both."""
    for rnd in (1, 2):
        doc = {"politics": {"Sauron": "at_war", "Gondor": "at_war"},
               "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 5}}, "nazgul": 1,
                            "card": {"name": "Foul Stench", "round": rnd}},
               "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 5, "leaders": 1}}, "retreat_to": []},
               "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"}}
        defender, attacker = _verdicts(doc, f"the defender scores at least 1 hit in round {rnd} with probability 1/2",
                                       f"the attacker scores at least 1 hit in round {rnd} with probability 1/2")
        assert defender.verdict is False and attacker.verdict is False
        assert not REROLL_RULES & set(defender.rules), (rnd, defender.rules)
        assert REROLL_RULES <= set(attacker.rules), (rnd, attacker.rules)
        assert "WOTR-HIT-4" not in defender.rules and "WOTR-HIT-4" not in attacker.rules
