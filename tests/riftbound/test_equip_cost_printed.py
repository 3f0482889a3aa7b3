"""What an Equipment's [Equip] prints beyond Energy and runes is named by `card`, never dropped (RB-CARD-14, RB-CARD-4).

[Equip] has neither Action nor Reaction, so no verb uses it in a showdown (RB-SHOW-4) and no verb pays its cost, not
with card_costs=stated either: a printed change to that cost (Hextech Gauntlets: "This ability's Energy cost is
reduced by the Might of the unit you choose.") or a cost part that is no Energy or rune (Blade of the Ruined King:
"Kill a friendly unit") is named NOT MODELLED with that reason, read from the printed text.
"""
from __future__ import annotations

import json
from importlib.resources import files

import pytest

from pycombat.games.riftbound.cards.lookup import card_lines, card_report
from pycombat.games.riftbound.cards.units import DATA_PACKAGE

GAUNTLETS_CLAUSE = "This ability's Energy cost is reduced by the Might of the unit you choose."


def _equip_named(name: str) -> list[dict]:
    return [u for u in card_report(name)["unmodelled"] if u["what"].startswith("[Equip]")]


def test_hextech_gauntlets_equip_cost_reduction_is_named_with_why():
    text = next(r["text"] for r in json.loads(files(DATA_PACKAGE).joinpath("gear.json").read_text(encoding="utf-8"))[
        "records"] if r["name"] == "Hextech Gauntlets")
    assert GAUNTLETS_CLAUSE in text  # the printed text the reading quotes
    (named,) = _equip_named("Hextech Gauntlets")
    assert GAUNTLETS_CLAUSE in named["what"] and "3 Energy, a rune of any domain" in named["what"]
    assert "RB-CARD-14" in named["why"] and "RB-SHOW-4" in named["why"] and "card_costs=stated" in named["why"]
    assert any(GAUNTLETS_CLAUSE in line and line.startswith("  NOT modelled") for line in
               card_lines(card_report("Hextech Gauntlets")))


@pytest.mark.parametrize("name, part", [("Blade of the Ruined King", "Kill a friendly unit"),
                                        ("Shepherd's Heirloom", "Spend 1 XP"),
                                        ("Last Rites", "Recycle 2 cards from your trash")])
def test_equip_cost_parts_beyond_energy_and_runes_are_named(name, part):
    assert [u["what"].endswith(f'"{part}"') for u in _equip_named(name)] == [True]


@pytest.mark.parametrize("name", ["Long Sword", "Skyfall of Areion", "Jagged Cutlass", "The Zero Drive"])
def test_an_equip_cost_of_energy_and_runes_only_names_nothing(name):
    assert _equip_named(name) == []
