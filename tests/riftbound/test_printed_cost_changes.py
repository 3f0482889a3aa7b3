"""RB-CARD-2 with card_costs=stated: a card's own printed cost change is applied as the board states it (Sky Splitter:
"reduced by the highest Might among units you control"; Shock Blast: "costs 2 less if you control something
[Empowered]"; Call to Glory: "you may spend a buff ... ignore this spell's cost"), a [Hidden] card played from facedown
costs 0 Energy, and what the board cannot decide is named NOT MODELLED; ``card`` shows each."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _sd(entry, **a5):
    doc = {"game": "riftbound", "rules": {"card_costs": "stated"},
           "attacker": {"units": [{"name": "A5", "custom": True, "might": 5, **a5}]},
           "defender": {"units": [{"name": "D4", "custom": True, "might": 4}]}, "showdown": [entry]}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_sky_splitter_costs_less_by_the_highest_might_of_its_players_units():
    _sd({"play": "Sky Splitter", "by": "attacker", "target": "D4", "paid": {"energy": 3, "power": 1}})
    with pytest.raises(ScenarioError, match="costs 3 Energy \\+ 1 Power") as e:
        _sd({"play": "Sky Splitter", "by": "attacker", "target": "D4", "paid": {"energy": 2, "power": 1}})
    assert e.value.path == "showdown[0].paid"


def test_a_hidden_card_played_from_facedown_costs_no_energy():
    sd = _sd({"play": "Block", "by": "defender", "target": "D4", "facedown": True, "paid": {"energy": 0, "power": 0}})
    assert not sd.unmodelled_json()
    with pytest.raises(ScenarioError, match="RB-CARD-2"):
        _sd({"play": "Block", "by": "defender", "target": "D4", "paid": {"energy": 0, "power": 0}})


def test_shock_blast_costs_two_less_with_an_empowered_unit():
    sd = _sd({"play": "Shock Blast", "by": "attacker", "target": "D4", "paid": {"energy": 1, "power": 1}},
             empowered=True)
    assert not sd.unmodelled_json()
    with pytest.raises(ScenarioError, match="RB-CARD-2"):  # no unit of his stated Empowered: the full cost
        _sd({"play": "Shock Blast", "by": "attacker", "target": "D4", "paid": {"energy": 1, "power": 1}},
            empowered=False)


def test_call_to_glory_is_free_only_with_a_buff_to_spend():
    sd = _sd({"play": "Call to Glory", "by": "attacker", "target": "A5", "paid": {"energy": 0, "power": 0}},
             buffed=True)
    assert any("buff spent" in u["what"] for u in sd.unmodelled_json())
    with pytest.raises(ScenarioError, match="RB-CARD-2"):
        _sd({"play": "Call to Glory", "by": "attacker", "target": "A5", "paid": {"energy": 0, "power": 0}})


@pytest.mark.parametrize("name,words", [("Sky Splitter", "highest Might"), ("Shock Blast", "Empowered"),
                                        ("Wallop", "spends a buff"), ("Facebreaker", "costs 0 Energy")])
def test_the_card_lookup_shows_the_cost_change(name, words):
    text = str(card_report(name))
    assert words in text
