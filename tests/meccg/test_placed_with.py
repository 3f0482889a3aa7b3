"""Cards placed with one item or on one member, the choice named in the scenario (MECCG-FX-7, MECCG-FX-21):
Map to Mithril (TD-133, +3 to a non-unique weapon it is placed with), Barrow-blade (DM-119, +1 to a
Dagger of Westernesse it is placed with: its +3 against Undead and Nazgûl is for those creatures,
+1 in CvCC) and Well-preserved (AS-108, a minion card: -1 body to the character it untapped before the
attack, here the attacking Orc Gorbag).

``{card, member, item}`` names the weapon; a choice the card does not allow is refused (exit 2,
one line, the rule). Checked against a brute force over the 36 x 36 strike rolls and the 36
body-check rolls, written here from the printed numbers and CoE 3.V.vii's maximum (a bonus never
lifts prowess past the weapon's maximum), not from the strike code.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.cards.lookup import card_report
from pycombat.games.meccg.combat.strikes import setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds

ROLLS = [a + b for a, b in product(range(1, 7), repeat=2)]
GIMLI = (5, 8, 2)  # prowess, body, +2 against Orcs (characters.json)
DAGGER = (1, 8)  # Dagger of Westernesse: +1, max 8 (items.json)
GORBAG = (6, 9)  # prowess, body (discarded on a body-check result of 9)
ADDS = {None: 0, "Barrow-blade": 1, "Map to Mithril": 3}
STATUS = {"untapped": 0, "tapped": -1, "wounded": -2}


def _doc(card=None, status="untapped", preserved=False, item="Dagger of Westernesse", items=None):
    in_play = [{"card": card, "member": "Gimli", "item": item}] if card else []
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Gorbag"],
                         "in_play": [{"card": "Well-preserved", "member": "Gorbag"}] if preserved else []},
            "defender": {"alignment": "hero", "site": "Moria", "in_play": in_play,
                         "members": [{"name": "Gimli", "status": status,
                                      "items": items or ["Dagger of Westernesse"]}]},
            "combat": {"strikes": [{"attacker": "Gorbag", "defender": "Gimli"}]}}


def _brute(card, status, preserved):
    """(Gimli's prowess, P(Gimli eliminated), P(Gorbag wounded), P(Gorbag eliminated)) by counting:
    Gorbag is discarded, not eliminated, on a result equal to his body, which Well-preserved lowers."""
    base, body, vs_orc = GIMLI
    bonus, maximum = DAGGER[0] + ADDS[card], DAGGER[1]
    prowess = base + max(0, min(bonus, maximum - base)) + STATUS[status] + vs_orc
    gorbag_body = GORBAG[1] - (1 if preserved else 0)
    n = Fraction(1, 36 * 36)
    loses = sum(n for ra, rd in product(ROLLS, ROLLS) if GORBAG[0] + ra > prowess + rd)
    wins = sum(n for ra, rd in product(ROLLS, ROLLS) if prowess + rd > GORBAG[0] + ra)
    # a body check gets +1 against a character wounded before the strike (MECCG-BODY-1)
    elim = loses * Fraction(sum(1 for b in ROLLS if b + (status == "wounded") > body), 36)
    return prowess, elim, wins, wins * Fraction(sum(1 for b in ROLLS if b > gorbag_body), 36)


@settings(max_examples=15, deadline=None)
@given(card=st.sampled_from(list(ADDS)), status=st.sampled_from(list(STATUS)), preserved=st.booleans())
def test_odds_match_the_brute_force(card, status, preserved):
    s = scenario_from_dict(_doc(card, status, preserved), file="<t>")
    prowess, elim, wins, gorbag_elim = _brute(card, status, preserved)
    (setup,) = setup_strikes(s)
    assert setup.defender.prowess == prowess
    assert setup.attacker.body == GORBAG[1] - (1 if preserved else 0)
    rep = odds(s)
    assert rep.eliminated["Gimli"] == elim
    assert rep.eliminated["Gorbag"] == gorbag_elim
    assert rep.odds.fates["Gorbag"].prob(lambda f: f not in ("unhurt", "cancelled")) == wins
    assert unmodelled(s) == []


def test_the_bonus_goes_to_the_weapon_named_only():
    """Gimli carries a Dagger and Glamdring: Map to Mithril with the Dagger (+1+3, max 8: 8) ties
    Glamdring against an Orc (+3, max 9: 8); with the Sword of Gondolin named it lifts that one instead."""
    items = ["Dagger of Westernesse", "Sword of Gondolin"]
    dag = setup_strikes(scenario_from_dict(_doc("Map to Mithril", items=items), file="<t>"))[0].defender
    sword = setup_strikes(scenario_from_dict(_doc("Map to Mithril", item="Sword of Gondolin", items=items),
                                             file="<t>"))[0].defender
    assert dag.prowess == 5 + 3 + 2 and sword.prowess == 5 + 3 + 2  # both capped at 8 before his +2
    assert any(m.what.startswith("Dagger of Westernesse with Map to Mithril") for m in dag.prowess_mods)
    assert any(m.what.startswith("Sword of Gondolin with Map to Mithril") for m in sword.prowess_mods)


@pytest.mark.parametrize("card, item, items, words", [
    ("Barrow-blade", None, None, "name it"),
    ("Barrow-blade", "Sword of Gondolin", ["Dagger of Westernesse", "Sword of Gondolin"], "is not Dagger of Westernesse"),
    ("Map to Mithril", "Glamdring", ["Glamdring"], "not a non-unique item"),
    ("Map to Mithril", "Elven Cloak", ["Elven Cloak"], "is not a Weapon"),
    ("Map to Mithril", "Glamdring", None, "carries no 'Glamdring'"),
])
def test_a_choice_the_card_does_not_allow_is_refused(card, item, items, words):
    doc = _doc(card, item=item, items=items)
    if item is None:
        del doc["defender"]["in_play"][0]["item"]
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(doc, file="<t>")
    text = str(err.value)
    assert words in text and "(MECCG-FX-21)" in text and "\n" not in text and ".item" in text


def test_a_card_placed_with_no_item_names_none():
    doc = _doc()
    doc["attacker"]["in_play"] = [{"card": "Well-preserved", "member": "Gorbag", "item": "Dagger of Westernesse"}]
    with pytest.raises(ScenarioError, match=r"not placed with an item.*MECCG-FX-7"):
        scenario_from_dict(doc, file="<t>")


def test_listed_by_name_the_choice_is_named_as_not_modelled():
    doc = _doc()
    doc["defender"]["in_play"] = ["Map to Mithril"]
    s = scenario_from_dict(doc, file="<t>")
    assert [u["what"] for u in unmodelled(s)] == ["with which item of which member"]
    assert setup_strikes(s)[0].defender.prowess == 5 + 1 + 2  # nothing applied


def test_the_cards_are_modelled_whole():
    for name in ("Map to Mithril", "Barrow-blade", "Well-preserved"):
        (card,) = card_report(name)["cards"]
        assert card["unmodelled"] == [], name
    assert card_report("Map to Mithril")["cards"][0]["placed_with"] == {"slot": "Weapon", "unique": False}
