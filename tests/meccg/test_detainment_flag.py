"""Paltry Ring's +3 "against detainment attacks" and the card flag cvcc_detainment: under the default
(no_effect) a company's attack is no detainment attack and the bonus acts nowhere (the exact odds are
those of the bearer without the ring, checked against a brute force over the dice); under ``applies``
the bonus is named NOT MODELLED, never silently dropped."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.cards.listing import coverage as listing
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict

DICE = list(product(range(1, 7), repeat=2))


def _s(items=("Paltry Ring",), flag=None):
    doc = {"game": "meccg",
           "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "defender": {"alignment": "minion", "site": "Moria", "members": [{"name": "Lagduf", "items": list(items)}]},
           "combat": {"strikes": [{"defender": "Lagduf", "attacker": "Aragorn II"}]}}
    if flag:
        doc["rules"] = {"cvcc_detainment": flag}
    return scenario_from_dict(doc, file="<t>")


def test_no_bonus_by_default_and_the_odds_are_the_brute_force_without_it():
    s = _s()
    co = combat_odds(s)
    d, a = co.setups[0].defender, co.setups[0].attacker
    assert d.prowess == s.defender.member("Lagduf").prowess
    wins = sum((Fraction(1, 1296) for (a1, a2), (d1, d2) in product(DICE, DICE)
                if d1 + d2 + d.prowess > a1 + a2 + a.prowess), Fraction(0))
    assert co.per_strike[0].prob(lambda o: o.result == "fails") == wins
    assert not [e for e in coverage.unmodelled(s) if e["card"] == "Paltry Ring"]


def test_the_other_reading_names_the_bonus_as_not_modelled():
    named = [e for e in coverage.unmodelled(_s(flag="applies")) if e["card"] == "Paltry Ring"]
    assert len(named) == 1 and "detainment" in named[0]["what"]


def test_the_listing_counts_it_by_flag():
    card = next(c for c in listing().cards if c["name"] == "Paltry Ring")
    assert card["status"] == "by flag"
