"""Scourge of Fire (BA-75, MECCG-FX-26): "discard one item the opposing company bears" (The Balrog
untapped, Flame of Udûn in play), played in a strike, so on an item of the character facing its
player's, discarded before the roll.

``odds`` is checked against a brute force over the dice written here (the opposing character at his
printed prowess, without the item); ``optimize`` against the better of playing it and not; the
choice of item and its refusals against the rule's words."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import unoffered
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict

DICE = list(product(range(1, 7), repeat=2))


def _doc(*, items=("Glamdring",), cards=("Scourge of Fire",), discards=None, balrog="untapped", hand=None):
    strike = {"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": list(cards)}
    if discards is not None:
        strike["discards"] = discards
    doc = {"game": "meccg",
           "attacker": {"alignment": "balrog", "site": "Moria", "in_play": ["Flame of Udûn"],
                        "members": [{"name": "The Balrog", "status": balrog}, "Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Aragorn II", "items": list(items)}, "Éomer"]},
           "combat": {"strikes": [strike, {"defender": "Éomer", "attacker": "The Balrog"}]}}
    if hand is not None:
        doc["attacker"]["hand"] = list(hand)
        del doc["combat"]
    return doc


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def brute_defender_wins(defender: int, attacker: int) -> Fraction:
    return sum((Fraction(1, 1296) for (a1, a2), (d1, d2) in product(DICE, DICE)
                if d1 + d2 + defender > a1 + a2 + attacker), Fraction(0))


def test_odds_strike_the_opposing_character_without_the_item():
    s = _s(_doc())
    co = combat_odds(s)
    one = co.setups[0]
    aragorn, lagduf = s.defender.member("Aragorn II"), s.attacker.member("Lagduf")
    assert one.items_discarded == (("Aragorn II", "Glamdring", "Scourge of Fire"),)
    assert one.defender.prowess == aragorn.prowess  # no Glamdring bonus, nothing else here
    without = combat_odds(_s(_doc(cards=()))).setups[0]
    assert without.defender.prowess > aragorn.prowess  # Glamdring's bonus when kept
    assert co.per_strike[0].prob(lambda o: o.result == "fails") == brute_defender_wins(aragorn.prowess, lagduf.prowess)


def test_replay_shows_the_discard_before_the_roll():
    doc = _doc()
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    doc["combat"]["strikes"][1]["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    _setup, steps, _o = replay(_s(doc), None).strikes[0]
    texts = [st.text for st in steps]
    at = next(i for i, t in enumerate(texts) if "discards Aragorn II's Glamdring" in t)
    assert at < next(i for i, t in enumerate(texts) if t.startswith("Step 7"))
    assert "MECCG-FX-26" in steps[at].rules


def test_the_item_is_its_players_choice_among_several():
    with pytest.raises(ScenarioError, match="discards"):
        combat_odds(_s(_doc(items=("Glamdring", "Elven Cloak"))))
    co = combat_odds(_s(_doc(items=("Glamdring", "Elven Cloak"), discards="Elven Cloak")))
    assert co.setups[0].items_discarded == (("Aragorn II", "Elven Cloak", "Scourge of Fire"),)
    with pytest.raises(ScenarioError, match="bears no 'Orcrist'"):
        combat_odds(_s(_doc(discards="Orcrist")))


def test_refused_without_its_conditions():
    with pytest.raises(ScenarioError, match="Scourge of Fire"):
        combat_odds(_s(_doc(balrog="tapped")))
    with pytest.raises(ScenarioError, match="Scourge of Fire"):
        combat_odds(_s(_doc(items=())))


def test_optimize_plays_it_when_worth_it_and_names_the_choice_it_does_not_offer():
    free = _s(_doc(hand=["Scourge of Fire"]))
    assert not [e for e in unoffered(free) if e["card"] == "Scourge of Fire"]  # one item: nothing to choose
    obj = objective_from("kill_mp", None, free)
    got = solve_combat(free, obj, max_nodes=200_000).value
    no_card = solve_combat(_s(_doc(hand=[])), objective_from("kill_mp", None, _s(_doc(hand=[]))),
                           max_nodes=200_000).value
    # The Balrog must be untapped when it is played (as he stands then, MECCG-SEQ-1): after his own strike he is
    # tapped, and the defender, who orders the strikes (MECCG-SEQ-1), resolves his first; played in his own strike
    # it could only discard an item of Éomer, who bears none (MECCG-SEQ-8). So the card is worth nothing here ...
    assert got == no_card
    # ... but against Aragorn alone (one strike, the other an excess strike) it is played while The Balrog is
    # untapped, whoever strikes: with the card in his hand he has one more option, the discard of Glamdring,
    # which pays (the value is the defending player's net MPs, which the Balrog's player lowers)
    alone = _doc(hand=["Scourge of Fire"])
    alone["defender"]["members"] = alone["defender"]["members"][:1]
    empty = {**alone, "attacker": {**alone["attacker"], "hand": []}}
    got = solve_combat(_s(alone), objective_from("kill_mp", None, _s(alone)), max_nodes=200_000).value
    no_card = solve_combat(_s(empty), objective_from("kill_mp", None, _s(empty)), max_nodes=200_000).value
    assert got < no_card
    several = _s(_doc(items=("Glamdring", "Elven Cloak"), hand=["Scourge of Fire"]))
    assert [e["card"] for e in unoffered(several)] == ["Scourge of Fire"]
