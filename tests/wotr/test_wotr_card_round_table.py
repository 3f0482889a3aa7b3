"""The round table for a later round with a named Combat card: the round's numbers given that it is
fought, over the positions the card battle reaches, and the chance it is fought (equal to the
card-less battle's chance of reaching round 2, round 1 being the same)."""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.wotr.battle.process import Decisions, Policy, forward_raw
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.verbs import odds


def _doc(card):
    return {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 4, "elites": 1}}, "nazgul": 1,
                         **({"card": card} if card else {})},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 3, "elites": 1, "leaders": 1}},
                         "retreat_to": []},
            "rules": {"casualty_policy": "regulars_first"}}


def _mean(dist) -> Fraction:
    return sum(Fraction(k) * Fraction(v["exact"]) for k, v in dist.items())


def test_a_round_two_card_gets_its_row():
    s = scenario_from_dict(_doc([{"name": "Deadly Strife", "round": 2}]), file="<t>")
    rows = odds(s).to_json()["round_table"]
    assert [r["round"] for r in rows] == [1, 2]
    doc = _doc(None)
    doc["rules"]["max_rounds"] = 5  # rounds counted, so the positions at the start of round 2 are kept apart
    plain = scenario_from_dict(doc, file="<t>")
    setup = battle_setup(plain)
    _, pending, _, _ = forward_raw(setup, Decisions(setup, Policy.from_flags(plain.flags, "regulars_first")),
                                   stop_round=2)
    assert Fraction(rows[1]["reached"]["exact"]) == sum(pending.values(), Fraction(0))
    for row in rows:
        for role in ("attacker", "defender"):
            for dist in row[role].values():
                assert sum(Fraction(v["exact"]) for v in dist.values()) == 1
    # Deadly Strife (+2 to both sides' Combat rolls in round 2): more hits per die than round 1's 5+
    r2 = rows[1]["attacker"]
    assert _mean(r2["combat"]) / _mean(r2["dice"]) > Fraction(1, 3)
