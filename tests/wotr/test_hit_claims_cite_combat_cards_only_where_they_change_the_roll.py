"""A hits claim in a round with a Combat card cites the card rules only where the card decides the chance
claimed: WOTR-CARD-2 (the card played at the round's start) when the hits with the card differ from the
same round's without it, WOTR-CARD-7 (its modifier on the Combat roll or the Leader re-roll) only when a
modifier changes that side's roll besides. Foul Stench taking away no re-roll (the Free Peoples have no
Leader) changes no roll: neither is cited, in round 1 (a card named) or a later round; taking one away it
changes the defender's hits (WOTR-CARD-2, WOTR-HIT-7) with no modifier (no WOTR-CARD-7); a card's +1 to the
Combat roll cites both."""
from __future__ import annotations

import pytest

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict

CARD_RULES = {"WOTR-CARD-2", "WOTR-CARD-7"}


def _verdicts(doc: dict, *claims: str):
    s = scenario_from_dict({"game": "wotr", **doc, "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]})
    return verbs.verify(s).verdicts


def _dagorlad(card: dict, *, gondor_leaders: int, role: str = "attacker",
              regions: tuple[str, str] = ("Ash Mountains", "Dagorlad")) -> dict:
    attacker = {"region": regions[0], "units": {"Sauron": {"regulars": 5}}, "nazgul": 1}
    defender = {"region": regions[1], "units": {"Gondor": {"regulars": 5, "leaders": gondor_leaders}},
                "retreat_to": []}
    (attacker if role == "attacker" else defender)["card"] = card
    return {"politics": {"Sauron": "at_war", "Gondor": "at_war"}, "attacker": attacker, "defender": defender,
            "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"}}


@pytest.mark.parametrize("rnd", [1, 2])
def test_foul_stench_taking_no_re_roll_cites_no_card_rule(rnd):
    doc = _dagorlad({"name": "Foul Stench", "round": rnd}, gondor_leaders=0)
    for v in _verdicts(doc, f"the defender scores at least 1 hit in round {rnd} with probability 1/2",
                       f"the attacker scores at least 1 hit in round {rnd} with probability 1/2"):
        assert v.verdict is False
        assert not CARD_RULES & set(v.rules), (rnd, v.claim.text, v.rules)
        assert "WOTR-HIT-7" not in v.rules


@pytest.mark.parametrize("rnd", [1, 2])
def test_foul_stench_taking_a_re_roll_cites_the_card_played_not_a_modifier(rnd):
    doc = _dagorlad({"name": "Foul Stench", "round": rnd}, gondor_leaders=1)
    defender, attacker = _verdicts(doc, f"the defender scores at least 1 hit in round {rnd} with probability 1/2",
                                   f"the attacker scores at least 1 hit in round {rnd} with probability 1/2")
    assert "WOTR-CARD-2" in defender.rules and "WOTR-HIT-7" in defender.rules, defender.rules
    assert "WOTR-CARD-7" not in defender.rules, defender.rules
    assert not CARD_RULES & set(attacker.rules), attacker.rules  # the attacker's roll is the same with or without


def test_a_combat_roll_modifier_cites_both_card_rules_where_it_changes_the_roll():
    """Advantageous Position's -1 to the Shadow's Combat roll at Edoras (a Rohan City): in round 1 the Shadow
    hits on 6 only (WOTR-SITE-1), each die 1/6 with or without the -1 (the natural 6 hits): no card rule; in
    round 2 it hits on 5, and the -1 leaves only the 6: both card rules."""
    def doc(rnd: int) -> dict:
        return {"politics": {"Sauron": "at_war", "Rohan": "at_war"},
                "attacker": {"region": "Folde", "units": {"Sauron": {"regulars": 2}}},
                "defender": {"region": "Edoras", "units": {"Rohan": {"regulars": 2}}, "retreat_to": [],
                             "card": {"name": "Advantageous Position", "round": rnd}},
                "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"}, "battle": {"action": "army"}}

    (first,) = _verdicts(doc(1), "the attacker scores at least 1 hit in round 1 with probability 11/36")
    assert first.verdict is True and not CARD_RULES & set(first.rules), first.rules
    (second,) = _verdicts(doc(2), "the attacker scores at least 1 hit in round 2 with probability 1/2")
    assert CARD_RULES <= set(second.rules), second.rules
