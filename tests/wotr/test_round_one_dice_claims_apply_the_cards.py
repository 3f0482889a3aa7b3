""""The X rolls N dice" and "the X re-rolls up to N dice" read round 1 with the Combat cards played in it,
named (`card:`) or typed (`battle.cards`) alike, as the hits claims of the same file do; a card that
changes the number is cited as the card played (WOTR-CARD-2): Foul Stench or a typed `no_reroll` takes the
Leader re-roll away (the re-roll dice are 0), a typed `dice: -1` leaves one die of two."""
from __future__ import annotations

from pycombat.games.wotr.claims.battle import read, verify
from pycombat.games.wotr.schema import scenario_from_dict

BASE = {"game": "wotr", "title": "Cards on round 1's dice", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
        "attacker": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 4}}, "nazgul": 1},
        "defender": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2, "leaders": 1}}, "retreat_to": []},
        "claims": [{"id": "rr", "claim": "the defender re-rolls up to 0 dice"},
                   {"id": "dice", "claim": "the defender rolls 1 die"},
                   {"id": "hits", "claim": "the defender scores at least 1 hit in round 1 with probability 1/3"}]}


def _verdicts(**extra):
    s = scenario_from_dict({**BASE, **extra})
    return {v.claim.id: v for v in verify(s, read(s))}


def test_foul_stench_takes_the_reroll_dice_as_the_card_played():
    v = _verdicts(attacker={**BASE["attacker"], "card": "Foul Stench"})["rr"]
    assert v.verdict is True and "WOTR-CARD-2" in v.rules and "WOTR-HIT-7" not in v.rules


def test_a_typed_no_reroll_takes_them_too():
    v = _verdicts(battle={"cards": [{"round": 1, "by": "attacker", "name": "stench",
                                     "defender": {"no_reroll": True}}]})["rr"]
    assert v.verdict is True and "WOTR-CARD-2" in v.rules


def test_a_typed_dice_reduction_acts_on_the_dice_claim_as_on_the_hits():
    claims = BASE["claims"][:2] + [{"id": "hits", "claim": "the defender scores at least 1 hit in round 1 with "
                                                          "probability 5/9"}]
    vs = _verdicts(battle={"cards": [{"round": 1, "by": "attacker", "name": "fewer", "defender": {"dice": -1}}]},
                   claims=claims)
    assert vs["hits"].verdict is True  # one die hitting on 5+, its miss re-rolled: 1 - (2/3)^2
    assert vs["dice"].verdict is True and "WOTR-CARD-2" in vs["dice"].rules


def test_without_a_card_nothing_changes():
    vs = _verdicts()
    assert vs["rr"].verdict is False and vs["dice"].verdict is False and "WOTR-CARD-2" not in vs["rr"].rules
