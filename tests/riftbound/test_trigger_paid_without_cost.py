"""A trigger entry's `paid:` states its additional cost (RB-CARD-2): Energy or Power stated for an ability that has no
such cost is refused, naming the entry's field, as `amounts:` or `revealed:` a trigger does not ask for are; a trigger
that has one still takes it."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(unit: str, entry: dict, **extra) -> dict:
    return {"game": "riftbound", "title": "paid", **extra,
            "attacker": {"player": "Ann", "units": [unit]},
            "defender": {"player": "Bo", "units": [{"name": "D3", "custom": True, "might": 3}]},
            "showdown": [{"trigger": unit, "target": "D3", **entry}]}


@pytest.mark.parametrize("flags", [{}, {"rules": {"card_costs": "stated"}}])
def test_energy_stated_for_a_trigger_without_a_cost_is_refused(flags):
    with pytest.raises(ScenarioError) as err:
        play_showdown(scenario_from_dict(_doc("Crackshot Corsair", {"paid": {"energy": 1}}, **flags)))
    assert err.value.path == "showdown[0].paid"
    assert "Crackshot Corsair's trigger" in str(err.value) and "RB-CARD-2" in str(err.value)


def test_energy_stated_for_a_trigger_with_an_energy_cost_is_read():
    doc = _doc("Sinister Poro", {"paid": {"energy": 1}}, rules={"card_costs": "stated"})
    sd = play_showdown(scenario_from_dict(doc))
    assert [u.name for u in sd.board.defender] == []  # D3 moved to its base
