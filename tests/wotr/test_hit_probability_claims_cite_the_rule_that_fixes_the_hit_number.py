"""A hits claim ("the attacker scores exactly 0 hits in round 1 with probability 5/6") cites the rule that
fixes the side's hit number exactly where its verdict depends on it: WOTR-SITE-1 (a City or Fortification:
the attacker hits only on 6 in round 1) and WOTR-SIEGE-2 (a siege battle: the attacker hits only on 6 in
every round). Without the rule the attacker hits on 5 and the chance differs: 1 die misses with 2/3, not 5/6.
Neither is cited for the other side's round-1 roll, for a claim false either way, nor where a card's -1
leaves only the natural 6 either way; a typed card's +1 that changes the chance cites the card rules too.
Each cited rule is one :func:`pycombat.in_force.removed` takes away."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.in_force import removed

SITE_RULES = {"WOTR-SITE-1", "WOTR-SIEGE-2"}


def _verdicts(doc: dict, *claims: str) -> dict:
    s = scenario_from_dict({"game": "wotr", **doc, "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]})
    return {v.claim.text: v for v in verbs.verify(s).verdicts}


def _osgiliath(**battle) -> dict:  # Osgiliath: a Fortification
    return {"politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 1}}},
            "defender": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 1}}, "retreat_to": []}, **battle}


def _siege() -> dict:
    return {"politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": 1, "elites": 2}}},
            "defender": {"region": "Minas Tirith", "units": {"Gondor": {"regulars": 1}}, "besieged": True},
            "rules": {"siege_extension": "extend_if_elite"}}


def test_a_fortification_is_cited_where_it_decides_the_attackers_round_one_chance():
    got = _verdicts(_osgiliath(),
                    "the attacker scores exactly 0 hits in round 1 with probability 5/6",
                    "the attacker scores at least 1 hit in round 1 with probability 1/6",
                    "the attacker scores at least 1 hit in round 1 with probability 1/2",  # 1/6 here, 1/3 without
                    "the defender scores exactly 0 hits in round 1 with probability 2/3",
                    "the attacker scores at least 1 hit in round 2 with probability 1/3")
    zero, one, half, defender, later = got.values()
    for v in (zero, one):
        assert v.verdict is True and v.rules == ["WOTR-SITE-1", "WOTR-HIT-8", "WOTR-HIT-9"], v.rules
        assert ("WOTR-SITE-1: Osgiliath has a City or Fortification: the attacker hits only on 6 in round 1; "
                "without it the claim would be FALSE") in v.notes
    assert half.verdict is False and not SITE_RULES & set(half.rules), half.rules
    assert defender.verdict is True and not SITE_RULES & set(defender.rules), defender.rules
    assert later.verdict is True and not SITE_RULES & set(later.rules), later.rules


def test_the_cited_rule_is_the_one_whose_removal_flips_the_verdict():
    doc = _osgiliath()
    claim = "the attacker scores exactly 0 hits in round 1 with probability 5/6"
    with removed("WOTR-SITE-1"):  # the attacker hits on 5: one die misses with 2/3
        (without,) = _verdicts(doc, claim).values()
        (two_thirds,) = _verdicts(doc, "the attacker scores exactly 0 hits in round 1 with probability 2/3").values()
    assert without.verdict is False and two_thirds.verdict is True
    assert "WOTR-SITE-1" not in two_thirds.rules  # the rule taken away is not cited


def test_a_siege_is_cited_for_the_besiegers_chance_in_every_round():
    got = _verdicts(_siege(),
                    "the attacker scores exactly 0 hits in round 1 with probability 125/216",  # 3 dice on 6+
                    "the defender scores exactly 0 hits in round 1 with probability 2/3",
                    "the attacker scores at least 1 hit in round 2 with probability 91/216",
                    "the defender scores at least 1 hit in round 2 with probability 1/3")
    a1, d1, a2, d2 = got.values()
    assert a1.verdict is True and a1.rules == ["WOTR-SIEGE-2", "WOTR-HIT-8", "WOTR-HIT-9"], a1.rules
    assert d1.verdict is True and not SITE_RULES & set(d1.rules), d1.rules
    # round 2 starts from 2 or 3 attacking units: 91/216 holds from some only; on 5+ it holds from none
    assert a2.verdict is None and "WOTR-SIEGE-2" in a2.rules, a2.rules
    assert d2.verdict is True and not SITE_RULES & set(d2.rules), d2.rules


def test_a_card_modifier_that_changes_the_chance_is_cited_with_the_site_rule():
    doc = _osgiliath(battle={"cards": [{"round": 1, "by": "attacker", "name": "plus one", "attacker": {"combat_roll": 1}}]})
    (v,) = _verdicts(doc, "the attacker scores exactly 0 hits in round 1 with probability 2/3").values()
    # 6+ with +1: 5s and 6s hit (1/3); without the Fortification 5+ with +1: 4s up (1/2); without the card 1/6
    assert v.verdict is True
    assert v.rules == ["WOTR-SITE-1", "WOTR-HIT-8", "WOTR-HIT-9", "WOTR-CARD-2", "WOTR-CARD-7"], v.rules


def test_a_minus_one_that_leaves_only_the_natural_six_either_way_cites_no_site_rule():
    """Advantageous Position's -1 to the Shadow's roll at Edoras (a City): on 6 or on 5, only the natural 6
    hits; the City decides nothing."""
    doc = {"politics": {"Sauron": "at_war", "Rohan": "at_war"},
           "attacker": {"region": "Folde", "units": {"Sauron": {"regulars": 2}}},
           "defender": {"region": "Edoras", "units": {"Rohan": {"regulars": 2}}, "retreat_to": [],
                        "card": {"name": "Advantageous Position", "round": 1}},
           "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"}, "battle": {"action": "army"}}
    (v,) = _verdicts(doc, "the attacker scores at least 1 hit in round 1 with probability 11/36").values()
    assert v.verdict is True and not SITE_RULES & set(v.rules), v.rules
