"""MECCG-FX-24: each copy of a card whose cost taps another member (No Waiting to Wonder, "tap an untapped
Hobbit ... if the strike is successful, the Hobbit makes a body check") is paid by its own member: two copies in
one strike tap two Hobbits, and each makes his body check when the character they were played for loses. odds,
replay, verify and optimize agree, checked against a brute force over the dice."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.claims.verify import book, verify
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import parse_claims

NWTW = "No Waiting to Wonder"
TOTALS = {t: Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b == t), 36) for t in range(2, 13)}


def _doc(*, lagduf=16, cards=(NWTW, NWTW), payers=(), rolls=None, hand=None, claims=None):
    strike = {"defender": "Aragorn II", "attacker": "Lagduf", "defender_cards": list(cards), "payers": list(payers)}
    if rolls:
        strike["rolls"] = rolls
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": [{"name": "Lagduf", "prowess": lagduf}]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": ["Aragorn II", {"name": "Frodo", "body": 8}, {"name": "Sam Gamgee", "body": 9}]},
           "combat": {"strikes": [strike]}}
    if hand is not None:
        del doc["combat"]
        doc["defender"]["hand"] = list(hand)
        for m in doc["defender"]["members"][1:]:
            m["may_not_be_attacked"] = True
    if claims:
        doc["claims"] = list(claims)
    return doc


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def _loses(lagduf: int, aragorn: int = 6) -> Fraction:
    return sum(pa * pd for (a, pa), (d, pd) in product(TOTALS.items(), repeat=2) if lagduf + a > aragorn + d)


def _above(body: int) -> Fraction:
    return sum(p for t, p in TOTALS.items() if t > body)


@pytest.mark.parametrize("payers", [(), ("Frodo", "Sam Gamgee"), ("Sam Gamgee", "Frodo")])
def test_odds_has_each_copys_payer_make_his_body_check(payers):
    co = combat_odds(_s(_doc(payers=payers)))
    checks = [p.member.name for _r, p, _c in co.setups[0].payer_checks]
    assert checks == (list(payers) or ["Frodo", "Sam Gamgee"])
    lose = _loses(16 - 8)  # two copies: -4 each
    dist = co.per_strike[0]
    assert dist.prob(lambda o: ("Frodo", "eliminated") in o.also) == lose * _above(8)
    assert dist.prob(lambda o: ("Sam Gamgee", "eliminated") in o.also) == lose * _above(9)
    assert co.fates["Sam Gamgee"].prob(lambda f: f == "eliminated") == lose * _above(9)


def test_one_hobbit_cannot_pay_for_two_copies():
    with pytest.raises(ScenarioError, match="MECCG-FX-24"):
        combat_odds(_s(_doc(payers=("Frodo", "Frodo"))))


def test_replay_rolls_a_body_check_for_each_payer():
    rep = replay(_s(_doc(rolls={"attacker": 12, "defender": 2, "body": 5, "payer_body": [9, 9]})), None)
    _setup, steps, outcome = rep.strikes[0]
    assert outcome.also == (("Frodo", "eliminated"), ("Sam Gamgee", "survives"))
    assert [st.text.split(";")[1].strip() for st in steps if st.text.startswith("Step 6")] == [
        "Frodo taps to pay its cost", "Sam Gamgee taps to pay its cost"]
    with pytest.raises(ScenarioError, match="needs 2 rolls"):
        replay(_s(_doc(rolls={"attacker": 12, "defender": 2, "body": 5, "payer_body": 9})), None)


def test_verify_names_each_payers_fate():
    doc = _doc(rolls={"attacker": 12, "defender": 2, "body": 5, "payer_body": [9, 9]},
               claims=["Frodo is eliminated in strike 1", "Sam Gamgee is eliminated in strike 1"])
    s = _s(doc)
    assert [v.verdict for v in verify(s, parse_claims(s.claims, book(), s))] == [True, False]


def test_optimize_values_two_copies_as_odds_does():
    """The defender's choice at steps 5-6 for Aragorn: each Hobbit supports (+1), pays a copy, or neither; with
    two copies in hand. optimize's value is the best of those, each valued by odds."""
    s = _s(_doc(hand=[NWTW, NWTW], lagduf=12))
    solved = solve_combat(s, objective_from("kill_mp", None, s), max_nodes=50_000)

    def worth(doc):
        d = combat_odds(_s(doc)).per_strike[0]
        return sum(p * ((o.kill_mp_defender_player - o.penalty_defender_player)
                        - (o.kill_mp_attacker_player - o.penalty_attacker_player)) for o, p in d.items())

    hobbits = ["Frodo", "Sam Gamgee"]
    options = {}
    for support in ([], ["Frodo"], ["Sam Gamgee"], hobbits):
        free = [h for h in hobbits if h not in support]
        for k in range(len(free) + 1):
            doc = _doc(lagduf=12, cards=[NWTW] * k, payers=free[:k])
            doc["combat"]["strikes"][0]["support"] = support
            for m in doc["defender"]["members"][1:]:
                m["may_not_be_attacked"] = True
            options[(tuple(support), k)] = worth(doc)
    assert solved.value == max(options.values())
    assert max(options, key=options.get) == ((), 2)  # two copies, two payers: the best (the comparison can fail)
