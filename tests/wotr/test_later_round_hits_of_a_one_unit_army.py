"""WOTR-ROUND-1 with an Army of one unit: "the X scores ... hits in round r" (r >= 2) is decided from the
positions round r starts from, as for a larger Army. One unit keeps its dice, but not always its
Leadership: a Saruman's Isengard Elite (also a Leader, WOTR-STR-9) replaced by a Regular after one hit
(WOTR-CAS-3) re-rolls no die in the next round. A round that is never fought (the battle capped at one
round, `max_rounds`) has no roll: a claim on its hits is FALSE, never TRUE from round 1's dice and never
left not decided (no unmodelled part is involved). The numbers are checked against a brute force over
the faces."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _saruman_elite(claim: str) -> dict:
    return {"game": "wotr", "title": "one Isengard Elite", "politics": {"Isengard": "at_war", "Rohan": "at_war"},
            "attacker": {"region": "Orthanc", "units": {"Isengard": {"elites": 1}}},
            "defender": {"region": "Gap of Rohan", "units": {"Rohan": {"regulars": 3}}, "retreat_to": []},
            "in_play": ["Saruman"], "rules": {"casualty_policy": "downgrade_first"}, "claims": [claim]}


def _one_die(hit_leader: bool) -> Fraction:
    """Brute force: one die hitting on 5+, re-rolled once on a miss when the unit is a Leader."""
    rolls = list(product(range(1, 7), repeat=2))
    return Fraction(sum(1 for a, b in rolls if a >= 5 or (hit_leader and b >= 5)), len(rolls))


def _verdict(doc: dict):
    (v,) = verbs.verify(scenario_from_dict(doc)).verdicts
    return v


def test_elite_leader_replaced_after_one_hit_rolls_without_its_reroll_in_round_two():
    # round 2 starts with the Elite (no defender hit in round 1) or with the Regular that replaced it (one hit)
    as_elite, as_regular = _one_die(True), _one_die(False)
    assert (as_elite, as_regular) == (Fraction(5, 9), Fraction(1, 3))
    v = _verdict(_saruman_elite(f"the attacker scores at least 1 hit in round 2 with probability {as_elite}"))
    assert v.verdict is None  # holds from one position round 2 starts from, not from the other
    assert any("5/9" in n and "1/3" in n for n in v.notes)
    # round 1 is the Elite's alone: decided
    assert _verdict(_saruman_elite(f"the attacker scores at least 1 hit in round 1 with probability {as_elite}")
                    ).verdict is True


def test_hits_in_a_round_never_fought_are_false():
    doc = {"game": "wotr", "title": "one round", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 1}}},
           "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 3}}, "retreat_to": []},
           "rules": {"casualty_policy": "regulars_first", "max_rounds": 1}}
    for role, p in (("attacker", Fraction(1, 3)), ("defender", Fraction(19, 27))):
        v = _verdict({**doc, "claims": [f"the {role} scores at least 1 hit in round 2 with probability {p}"]})
        assert v.verdict is False
        assert any("round 2 is never fought" in n for n in v.notes)
