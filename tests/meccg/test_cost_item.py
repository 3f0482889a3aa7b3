"""An item a cancel's cost discards (MECCG-FX-27): Token of Goodwill "discard a minor item", paid when
it is played; if its roll (2d6 + the diplomat's unused direct influence > 7) fails, the strikes are
fought without the item. ``odds`` is checked against a brute force over the dice written here."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict

DICE = list(product(range(1, 7), repeat=2))


def _doc(*, frodo_items=("Dagger of Westernesse",), cost_item="Dagger of Westernesse", before=("Token of Goodwill",)):
    combat = {"before_assignment": list(before),
              "strikes": [{"defender": "Frodo", "attacker": "Bill Ferny"}, {"defender": "Adrazar", "attacker": "Eun"}]}
    if cost_item is not None:
        combat["cost_item"] = cost_item
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Bill Ferny", "Eun"]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": ["Adrazar", {"name": "Frodo", "items": list(frodo_items)}]},
            "combat": combat}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def test_the_strikes_go_on_without_the_item_its_cost_discarded():
    s = _s(_doc())
    co = combat_odds(s)
    adrazar, frodo = s.defender.member("Adrazar"), s.defender.member("Frodo")
    di = adrazar.direct_influence or 0
    cancelled = sum((Fraction(1, 36) for a, b in DICE if a + b + di > 7), Fraction(0))
    assert co.cancel.chance == cancelled
    one = co.setups[0]
    assert one.defender.prowess == frodo.prowess  # the dagger's +1 is gone
    kept = combat_odds(_s(_doc(before=()))).setups[0]
    assert kept.defender.prowess == frodo.prowess + 1
    bill = one.attacker.prowess
    wins = sum((Fraction(1, 1296) for (a1, a2), (d1, d2) in product(DICE, DICE)
                if d1 + d2 + frodo.prowess > a1 + a2 + bill), Fraction(0))
    assert co.per_strike[0].prob(lambda o: o.result == "fails") == (1 - cancelled) * wins
    assert sum(co.per_strike[0].values()) == 1


def test_which_item_is_its_players_choice():
    with pytest.raises(ScenarioError, match="cost_item"):
        combat_odds(_s(_doc(frodo_items=("Dagger of Westernesse", "Elven Cloak"), cost_item=None)))
    co = combat_odds(_s(_doc(frodo_items=("Dagger of Westernesse", "Elven Cloak"), cost_item="Elven Cloak")))
    assert co.setups[0].defender.prowess == co.setups[0].defender.member.prowess + 1  # the dagger kept
    with pytest.raises(ScenarioError, match="Glamdring"):
        combat_odds(_s(_doc(cost_item="Glamdring")))
