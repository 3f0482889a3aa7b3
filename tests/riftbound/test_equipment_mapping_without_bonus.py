"""An attached Equipment is named alone (`Long Sword`) or as a mapping (`{card: Long Sword}`, with `might_bonus` for a
card whose bonus the data lacks, or `copy_of`, RB-CARD-5, RB-CARD-14): the mapping with the card alone is the same as
its name alone when the data has its bonus; where the data lacks it, `might_bonus` is asked for, naming the card."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(equipment: list) -> dict:
    return {"game": "riftbound", "title": "equipment",
            "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3, "equipment": equipment}]},
            "defender": {"player": "Bo", "units": [{"name": "D3", "custom": True, "might": 3}]}}


def test_the_mapping_with_the_card_alone_reads_as_its_name():
    (a,) = scenario_from_dict(_doc([{"card": "Long Sword"}])).attacker.units
    (b,) = scenario_from_dict(_doc(["Long Sword"])).attacker.units
    assert a.current_might == b.current_might == 5  # Long Sword: +2 in the card data


def test_a_bonus_in_no_source_is_asked_for_naming_the_card():
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(_doc([{"card": "Cloth Armor"}]))
    assert err.value.path == "attacker.units[0].equipment[0].might_bonus"
    assert "Cloth Armor's Might bonus is in no source" in str(err.value)
