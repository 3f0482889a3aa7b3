"""A member who pays a card's cost in a strike (MECCG-FX-24): No Waiting to Wonder (DM-151), "tap an
untapped Hobbit: the strike against another character of his company -4 prowess, -1 body; if the
strike is successful, the Hobbit makes a body check".

Checked against a brute force over the dice written here from those words (the strike's two 2d6,
then the loser's body check and, when the character it is played for loses, the Hobbit's), in
``odds``, ``replay`` and ``optimize``; and the cost: the Hobbit taps (no support, tapped later), he is
not the character it is played for, and the strike's ``payers:`` names him."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict

NWTW = "No Waiting to Wonder"
TOTALS = {t: Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b == t), 36) for t in range(2, 13)}


def _doc(*, aragorn=6, frodo_body=9, cards=(NWTW,), payers=(), support=(), rolls=None, hand=None,
         members=("Aragorn II", "Frodo", "Sam Gamgee")):
    people = [{"name": "Aragorn II", "prowess": aragorn} if m == "Aragorn II" else
              {"name": "Frodo", "body": frodo_body} if m == "Frodo" else m for m in members]
    strike = {"defender": "Aragorn II", "attacker": "Lagduf", "defender_cards": list(cards),
              "payers": list(payers), "support": list(support)}
    if rolls:
        strike["rolls"] = rolls
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": [{"name": "Lagduf", "prowess": 8}]},
           "defender": {"alignment": "hero", "site": "Moria", "members": people},
           "combat": {"strikes": [strike]}}
    if hand is not None:
        del doc["combat"]
        doc["defender"]["hand"] = list(hand)
    return doc


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def brute_force(aragorn: int, frodo_body: int, lagduf: int = 8 - 4) -> dict[str, Fraction]:
    """P(Aragorn loses) and P(Frodo eliminated) from the card's words: Lagduf at prowess - 4; a loss
    by Aragorn (A > D) has Frodo roll 2d6 against his body, above it he is eliminated."""
    lose = sum(pa * pd for (a, pa), (d, pd) in product(TOTALS.items(), repeat=2) if lagduf + a > aragorn + d)
    above = sum(p for t, p in TOTALS.items() if t > frodo_body)
    return {"aragorn_loses": lose, "frodo_eliminated": lose * above}


@settings(max_examples=examples(25), deadline=None)
@given(aragorn=st.integers(min_value=0, max_value=12), frodo_body=st.integers(min_value=2, max_value=12))
def test_odds_gives_the_hobbits_body_check_as_the_brute_force(aragorn, frodo_body):
    want = brute_force(aragorn, frodo_body)
    co = combat_odds(_s(_doc(aragorn=aragorn, frodo_body=frodo_body)))
    dist = co.per_strike[0]
    assert sum(dist.values()) == 1
    assert dist.prob(lambda o: o.result == "succeeds") == want["aragorn_loses"]
    assert dist.prob(lambda o: ("Frodo", "eliminated") in o.also) == want["frodo_eliminated"]
    assert co.fates["Frodo"].prob(lambda f: f == "eliminated") == want["frodo_eliminated"]
    # a Hobbit eliminated gives the attacking player his MP: the expected kill MP carries it
    assert dist.prob(lambda o: o.result != "succeeds" and o.also) == 0


@pytest.mark.parametrize("payer_body, fate", [(10, "eliminated"), (9, "survives")])
def test_replay_rolls_the_hobbits_body_check(payer_body, fate):
    rep = replay(_s(_doc(rolls={"attacker": 12, "defender": 2, "body": 5, "payer_body": payer_body})), None)
    _setup, steps, outcome = rep.strikes[0]
    assert outcome.result == "succeeds" and outcome.also == (("Frodo", fate),)
    assert any("MECCG-FX-24" in st.rules and "Frodo" in st.text for st in steps)
    # no body check for the Hobbit when Aragorn wins (and no die for it is asked)
    won = replay(_s(_doc(rolls={"attacker": 2, "defender": 12, "body": 5})), None).strikes[0][2]
    assert won.result == "fails" and won.also == ()


def test_the_payer_is_named_or_the_first_who_can_and_not_a_supporter():
    assert combat_odds(_s(_doc())).setups[0].payer_checks[0][1].member.name == "Frodo"
    assert combat_odds(_s(_doc(payers=["Sam Gamgee"]))).setups[0].payer_checks[0][1].member.name == "Sam Gamgee"
    # Frodo supports (step 5): Sam pays; both support: nobody can
    assert combat_odds(_s(_doc(support=["Frodo"]))).setups[0].payer_checks[0][1].member.name == "Sam Gamgee"
    with pytest.raises(ScenarioError, match="nobody can pay No Waiting to Wonder's cost"):
        combat_odds(_s(_doc(support=["Frodo", "Sam Gamgee"])))
    with pytest.raises(ScenarioError, match="MECCG-FX-24"):
        combat_odds(_s(_doc(payers=["Frodo"], support=["Frodo"])))
    with pytest.raises(ScenarioError, match="payers"):
        combat_odds(_s(_doc(cards=(), payers=["Frodo"])))


def test_the_payer_taps_for_the_rest_of_the_attack():
    doc = _doc()
    doc["attacker"]["members"].append("Shagrat")
    doc["combat"]["strikes"].append({"defender": "Frodo", "attacker": "Shagrat"})
    with_card = combat_odds(_s(doc)).setups[1].defender
    doc["combat"]["strikes"][0]["defender_cards"] = []
    without = combat_odds(_s(doc)).setups[1].defender
    assert (with_card.member.status, without.member.status) == ("tapped", "untapped")
    assert with_card.prowess == without.prowess - 1  # MECCG-SEQ-9: tapped -1


def test_optimize_values_the_card_with_the_hobbits_risk():
    """Lagduf's strike can go only on Aragorn (Frodo may not be attacked here); the defender's choice
    at step 5-6 is: nothing, Frodo supports (+1), or Frodo pays No Waiting to Wonder (he cannot do
    both). optimize's value is the best of the three, each computed by ``odds`` (kill-MP objective);
    and the card is never offered for Frodo, the only Hobbit, facing a strike himself."""
    def doc(**kw):
        d = _doc(members=("Aragorn II", "Frodo"), **kw)
        d["defender"]["members"][1]["may_not_be_attacked"] = True
        return d

    s = _s(doc(hand=[NWTW]))
    solved = solve_combat(s, objective_from("kill_mp", None, s), max_nodes=20_000)

    def worth(sc):
        d = combat_odds(sc).per_strike[0]
        return sum(p * ((o.kill_mp_defender_player - o.penalty_defender_player)
                        - (o.kill_mp_attacker_player - o.penalty_attacker_player)) for o, p in d.items())
    options = [worth(_s(doc())), worth(_s(doc(cards=()))), worth(_s(doc(cards=(), support=["Frodo"])))]
    assert solved.value == max(options)
    assert options[0] != options[1]  # the card changes the value: the comparison can fail
    game = solved.game
    assert not any("DM-151" in c for c in game._card_sets(("DM-151",), s.member("Frodo"), "Lagduf"))
    assert any("DM-151" in c for c in game._card_sets(("DM-151",), s.member("Aragorn II"), "Lagduf"))
