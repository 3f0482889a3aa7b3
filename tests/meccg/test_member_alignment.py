"""MECCG-FX-20 for a company's members: a player's characters, allies and avatar are cards of his alignment, as the
items they bear are. Checked on every character record of the shipped data against a table written here from the
rule's text (a Wizard player plays hero cards, a Ringwraith player minion cards, a Balrog player minion and Balrog
cards, a Fallen-wizard player hero, minion and stage cards; the neutral agents anyone); a Balrog player's characters
are Orcs and Trolls (CoE 1.3.B4)."""
from __future__ import annotations

import json
from importlib.resources import files

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict

OWN = {"hero": {"hero", "neutral"}, "minion": {"minion", "neutral"}, "balrog": {"balrog", "minion", "neutral"},
       "fallen-wizard": {"fallen-wizard", "hero", "minion", "stage", "neutral"}}
#: the characters printed "Balrog specific" (BA-2 Azog, BA-4 Bolg, BA-5 Bûthrakaur, BA-6 Crook-legged Orc, BA-7
#: Hill-troll, BA-8 Mountain-maggot, BA-9 Umagaur): only a Balrog player's company holds them (MECCG-FX-20)
BALROG_SPECIFIC = {"BA-2", "BA-4", "BA-5", "BA-6", "BA-7", "BA-8", "BA-9"}
RECORDS = json.loads(files("pycombat.games.meccg.data").joinpath("characters.json").read_text(encoding="utf-8"))["records"]


def test_the_records_hold_every_alignment_the_table_names():
    assert {r["alignment"] for r in RECORDS} == set().union(*OWN.values())


@pytest.mark.parametrize("player", sorted(OWN))
def test_a_company_holds_exactly_its_players_cards(player):
    refused = []
    for rec in RECORDS:
        doc = {"game": "meccg",
               "attacker": {"alignment": "minion" if player != "minion" else "hero", "site": "Moria",
                            "members": [{"name": "Foe", "custom": True, "prowess": 1, "body": 1}]},
               "defender": {"alignment": player, "site": "Moria", "members": [rec["id"]]}}
        try:
            scenario_from_dict(doc, file="<t>")
        except ScenarioError as err:
            assert err.path == "defender.members[0].name" and "(MECCG-FX-20" in err.message, str(err)
            assert (f"is a {rec['alignment']} " in err.message and f"a {player} player's company" in err.message
                    or "a Balrog player's characters are Orcs and Trolls" in err.message
                    or "is Balrog specific" in err.message and f"not a {player} player's" in err.message)
            refused.append(rec["id"])
    assert refused == [r["id"] for r in RECORDS if r["alignment"] not in OWN[player] or player == "balrog"
                       and r["card_type"] in ("character", "agent") and r["race"] not in ("Orc", "Troll")
                       or player != "balrog" and r["id"] in BALROG_SPECIFIC]
    assert 0 < len(refused) < len(RECORDS)
