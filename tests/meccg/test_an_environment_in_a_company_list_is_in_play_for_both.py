"""An environment (Doors of Night, The Sun Shone Fiercely ...) is in play for every company, whichever
``in_play:`` list names it (MECCG-FX-7, MECCG-FX-11): The Sun Shone Fiercely in the defending company's list
still gives the attacking Orc -1 with Doors of Night in the attacking company's list (-2 without it), in
odds, replay and verify alike. And a card's site condition refused names the site's kind or region in words."""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict

BOARD = {"game": "meccg",
         "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"], "in_play": ["Doors of Night"]},
         "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"],
                      "in_play": ["The Sun Shone Fiercely"]},
         "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat",
                                 "rolls": {"attacker": 7, "defender": 7, "body": 5}}]}}


@pytest.mark.parametrize("doors, want", [(True, 5), (False, 4)])
def test_the_sun_shone_fiercely_in_the_other_companys_list(doors, want):
    doc = copy.deepcopy(BOARD)
    if not doors:
        doc["attacker"]["in_play"] = []
    s = scenario_from_dict(doc, file="<t>")
    assert combat_odds(s).setups[0].attacker.prowess == want  # Shagrat 6, -1 with Doors of Night, else -2
    assert replay(s, None).strikes[0][0].attacker.prowess == want
    doc["claims"] = [{"id": "p", "claim": f"the final prowess of Shagrat in strike 1 is {want}"},
                     {"id": "e", "claim": "The Sun Shone Fiercely has an effect in this combat"}]
    assert [v.verdict for v in pycombat.load(doc).run("verify").verdicts] == [True, True]


def test_doors_of_night_in_a_company_list_switches_a_card_of_the_other():
    doc = copy.deepcopy(BOARD)
    doc["claims"] = [{"id": "d", "claim": "Doors of Night has an effect in this combat"}]
    assert [v.verdict for v in pycombat.load(doc).run("verify").verdicts] == [True]


@pytest.mark.parametrize("site, card, words", [
    ("Moria", "Farmer Maggot", "Moria is in Redhorn Gate"),
    ("Minas Tirith", "Farmer Maggot", "Minas Tirith is in Anórien"),
    ("Rivendell", "All the Bells Ringing", "Rivendell is a haven"),
    ("Weathertop", "All the Bells Ringing", "Weathertop is a ruins-and-lairs")])
def test_a_site_condition_refused_names_the_sites_kind_or_region(site, card, words):
    doc = {"game": "meccg", "attacker": {"alignment": "minion", "site": site, "members": ["Shagrat"]},
           "defender": {"alignment": "hero", "site": site, "members": ["Aragorn II"]},
           "claims": [{"id": "c", "claim": f"{card} cancels the attack"}]}
    v = pycombat.load(doc).run("verify").verdicts[0]
    assert v.verdict is False
    assert any(words in n for n in v.notes), v.notes
