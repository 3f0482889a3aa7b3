"""RB-CARD-1 and RB-CARD-11 as printed: "give a unit [A] and [B]" is one unit; "each *other* enemy
unit" leaves out the one chosen; a card whose target left play earlier in the showdown resolves
without it, its other parts still happening."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

DEF = [{"name": "D3", "custom": True, "might": 3}, {"name": "D2", "custom": True, "might": 2},
       {"name": "D1", "custom": True, "might": 1}]


def _board(showdown):
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A5", "custom": True, "might": 5}]},
           "defender": {"units": DEF}, "showdown": showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_give_a_unit_two_keywords_is_one_unit():
    sd = _board([{"play": "Block", "by": "defender", "target": "D3"}])
    d3 = next(u for u in sd.board.defender if u.name == "D3")
    assert d3.tank and sum(d3.shield) == 3 and d3.current_might == 6
    assert not any(u.tank or u.shield for u in sd.board.defender if u.name != "D3")
    with pytest.raises(ScenarioError, match="D2 left over"):
        _board([{"play": "Block", "by": "defender", "target": ["D3", "D2"]}])


def test_each_other_enemy_unit_leaves_out_the_chosen_one():
    sd = _board([{"play": "Crescent Strike", "by": "attacker", "target": "D3"}])
    assert {u.name: u.marked for u in sd.board.defender} == {"D2": 1}  # D3 (4, not 5) and D1 (1) are killed
    assert any("deal 4 to D3: 4 damage marked" in ln.text and "to D3: 5" not in ln.text for ln in sd.lines)


def test_a_target_gone_before_the_card_resolves_is_skipped_and_the_rest_happens():
    sd = _board([{"kill": "D2", "by": "attacker"}, {"play": "Crescent Strike", "by": "attacker", "target": "D2"}])
    assert {u.name: u.marked for u in sd.board.defender} == {"D3": 1}
    assert any("RB-CARD-11" in ln.rules and "D2 left the battlefield" in ln.text for ln in sd.lines)
    with pytest.raises(ScenarioError, match="not a unit of this combat"):  # never in the scenario: still an error
        _board([{"play": "Crescent Strike", "by": "attacker", "target": "D9"}])


def test_a_mode_for_a_card_without_options_is_refused():
    with pytest.raises(ScenarioError, match="no 'Choose one' options"):
        _board([{"play": "Crescent Strike", "by": "attacker", "target": "D3", "mode": 2}])
