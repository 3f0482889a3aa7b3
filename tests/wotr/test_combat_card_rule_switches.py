"""The switches of WOTR-CARD-2 (a Combat card is played at the start of a round) and WOTR-CARD-7 (a card's
modifier applies to the Combat roll, the Leader re-roll or both, as its text says): each, taken away
(:func:`pycombat.in_force.removed`), gives the battle without that rule (no card played in any round; the
cards' modifiers on no roll), named cards and typed card effects alike, so that a verdict that cites one is
shown to rest on it; and a verdict cites each only where taking it away changes the number claimed."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pycombat import api, solver
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.in_force import removed

ROOT = Path(__file__).resolve().parents[2]
CARD_RULES = {"WOTR-CARD-2", "WOTR-CARD-7"}


def _alone(stem: str, claim_id: str):
    """One claim of a ruling example, verified alone under the rules in force now."""
    s = api.read_scenario(ROOT / "examples" / "rulings" / "wotr" / f"{stem}.yaml")
    (raw,) = [c for c in s.claims if isinstance(c.value, dict) and c.value.get("id") == claim_id]
    solver.clear_caches()
    try:
        return verbs.verify(replace(s, claims=(raw,))).verdicts[0]
    finally:
        solver.clear_caches()


#: (file, claim, the card rules its verdict cites): each cited rule, taken away, flips the verdict
FLIPS = [
    ("hits", "natural-one", {"WOTR-CARD-2", "WOTR-CARD-7"}),  # a typed +4 to the Combat roll (round 2)
    ("hits", "reroll-modifier", {"WOTR-CARD-2", "WOTR-CARD-7"}),  # a typed -2 to the re-roll (round 3)
    ("leader_reroll_taken_away", "no-reroll", {"WOTR-CARD-2"}),  # Foul Stench (named) takes the re-roll away
]


@pytest.mark.parametrize("stem, claim_id, cited", FLIPS, ids=lambda x: x if isinstance(x, str) else None)
def test_each_cited_card_rule_taken_away_flips_the_verdict(stem, claim_id, cited):
    before = _alone(stem, claim_id)
    assert before.verdict is not None and set(before.rules) & CARD_RULES == cited, before.rules
    for rule in cited:
        with removed(rule):
            after = _alone(stem, claim_id)
        assert after.verdict is not None and after.verdict != before.verdict, rule
    assert _alone(stem, claim_id).verdict == before.verdict  # the rules back in force


#: (file, claim, card rules it rests on nowhere): none of them cited, and taking each away leaves the verdict
UNMOVED = [
    ("leader_reroll_taken_away", "no-reroll", {"WOTR-CARD-7"}),  # Foul Stench has no modifier (CARD-2 decides)
    ("leader_reroll_taken_away", "number-kept", CARD_RULES),  # a card modifies the roll, never the number needed
    ("leader_reroll_taken_away", "no-dice", {"WOTR-CARD-7"}),  # the re-roll taken away (WOTR-HIT-7), no modifier
]


@pytest.mark.parametrize("stem, claim_id, idle", UNMOVED, ids=lambda x: x if isinstance(x, str) else None)
def test_a_card_rule_not_cited_decides_nothing(stem, claim_id, idle):
    before = _alone(stem, claim_id)
    assert before.verdict is not None and not idle & set(before.rules), before.rules
    for rule in idle:
        with removed(rule):
            after = _alone(stem, claim_id)
        assert (after.verdict, after.rules) == (before.verdict, before.rules), rule


def _edoras(rnd: int) -> dict:
    """Advantageous Position (named): -1 to the Shadow's Combat roll at Edoras (a Rohan City)."""
    return {"game": "wotr", "politics": {"Sauron": "at_war", "Rohan": "at_war"},
            "attacker": {"region": "Folde", "units": {"Sauron": {"regulars": 1}}},
            "defender": {"region": "Edoras", "units": {"Rohan": {"regulars": 2}}, "retreat_to": [],
                         "card": {"name": "Advantageous Position", "round": rnd}},
            "rules": {"max_rounds": 2, "casualty_policy": "regulars_first"}, "battle": {"action": "army"}}


def _verdict(doc: dict, claim: str):
    solver.clear_caches()
    try:
        (v,) = verbs.verify(scenario_from_dict({**doc, "claims": [{"id": "c", "claim": claim}]})).verdicts
        return v
    finally:
        solver.clear_caches()


@pytest.mark.parametrize("rnd", [1, 2])
def test_a_named_card_modifier_rests_on_card_7_where_it_changes_the_chance(rnd):
    """One Shadow Regular. Round 2 (it hits on 5): the -1 leaves only the natural 6, 1/6; without WOTR-CARD-7
    the modifier acts on no roll (1/3) and the claim fails. Round 1 (on 6 only, WOTR-SITE-1): the -1 changes
    nothing; neither rule is cited and taking WOTR-CARD-7 away leaves the verdict."""
    claim = f"the attacker scores at least 1 hit in round {rnd} with probability 1/6"
    v = _verdict(_edoras(rnd), claim)
    assert v.verdict is True
    with removed("WOTR-CARD-7"):
        without = _verdict(_edoras(rnd), claim)
    if rnd == 2:
        assert CARD_RULES <= set(v.rules) and without.verdict is False
    else:
        assert not CARD_RULES & set(v.rules) and without.verdict is True


def test_without_the_card_rules_a_typed_card_changes_no_roll_in_odds():
    """The switches act for every verb: hits.yaml's +4 to the Shadow's Combat roll played in round 1, `odds`'
    round table without WOTR-CARD-2 (no card played) or WOTR-CARD-7 (its modifier on no roll) equals the same
    battle's with no `battle.cards` at all, and differs from it with the card."""
    s = api.read_scenario(ROOT / "examples" / "rulings" / "wotr" / "hits.yaml")
    plus_four = replace(s, cards=(replace(s.cards[0], round=1),), claims=())
    plain = replace(s, cards=(), claims=())
    solver.clear_caches()
    try:
        table = verbs.odds(plain).to_json()["round_table"]
        assert verbs.odds(plus_four).to_json()["round_table"] != table
        for rule in CARD_RULES:
            with removed(rule):
                assert verbs.odds(plus_four).to_json()["round_table"] == table, rule
        assert verbs.odds(plus_four).to_json()["round_table"] != table  # the rules back in force
    finally:
        solver.clear_caches()
