"""Digest section 19: there are 8 Nazgûl figures. A file with more is refused naming the field of the Army
that holds them (`defender.nazgul` when only the defender has Nazgûl), never the other Army's."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.wotr.schema import scenario_from_dict


def _doc(nazgul: int) -> dict:
    return {"game": "wotr", "title": "Nine Nazgûl", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2}}},
            "defender": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 3}}, "nazgul": nazgul,
                         "retreat_to": []}}


def test_the_defenders_nazgul_are_named_as_the_defenders():
    with pytest.raises(ScenarioError) as err:
        scenario_from_dict(_doc(9))
    assert err.value.path == "defender.nazgul" and "8 Nazgûl figures" in err.value.message


def test_eight_are_accepted():
    assert scenario_from_dict(_doc(8)).defender.force.nazgul == 8
