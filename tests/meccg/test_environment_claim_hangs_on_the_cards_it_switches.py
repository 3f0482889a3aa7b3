"""MECCG-FX-7 / MECCG-CARD-13 / MECCG-FX-10: Doors of Night has no combat effect of its own; it changes The Sun
Shone Fiercely's (-1 instead of -2). Where whether the site is an Under-deeps site is not known, The Sun Shone
Fiercely's effect is not modelled, so "Doors of Night has an effect in this combat" is NOT DECIDED, as The Sun
Shone Fiercely's own claim is, whether the cards are in a company's `in_play:` or the scenario's; with the site
known it is decided."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.claims.verify import book, verify
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import parse_claims

DOORS, SUN = "Doors of Night has an effect in this combat", "The Sun Shone Fiercely has an effect in this combat"


def _doc(where: str, under_deeps=None) -> dict:
    defender = {"player": "Bob", "alignment": "hero", "site": "Nowhere Town", "members": ["Aragorn II"]}
    if under_deeps is not None:
        defender["under_deeps"] = under_deeps
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Nowhere Town", "members": ["Shagrat"]},
           "defender": defender,
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"}]},
           "claims": [DOORS, SUN]}
    if where == "companies":
        doc["attacker"]["in_play"] = ["Doors of Night"]
        doc["defender"]["in_play"] = ["The Sun Shone Fiercely"]
    else:
        doc["in_play"] = ["Doors of Night", "The Sun Shone Fiercely"]
    return doc


def _verdicts(doc):
    s = scenario_from_dict(doc, file="<t>")
    return verify(s, parse_claims(s.claims, book(), s))


@pytest.mark.parametrize("where", ["companies", "scenario"])
def test_doors_of_night_is_not_decided_where_the_card_it_switches_is_not(where):
    doors, sun = _verdicts(_doc(where))
    assert sun.verdict is None
    assert doors.verdict is None
    assert "MECCG-FX-10" in doors.rules
    assert [u["card"] for u in doors.unmodelled] == ["The Sun Shone Fiercely"]


@pytest.mark.parametrize("where", ["companies", "scenario"])
def test_with_the_site_known_both_are_decided(where):
    doors, sun = _verdicts(_doc(where, under_deeps=False))
    assert (doors.verdict, sun.verdict) == (True, True)  # Shagrat, an Orc: -1 instead of -2
    doors, sun = _verdicts(_doc(where, under_deeps=True))
    assert (doors.verdict, sun.verdict) == (False, False)  # at an Under-deeps site the Sun acts on nobody
