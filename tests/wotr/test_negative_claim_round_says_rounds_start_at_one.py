"""A claim's `round:` below 1 is refused (exit 2) saying rounds are counted from 1, for -1 as for 0
(WOTR-ROUND-1), never "0 or more"."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.wotr.claims.battle import read, verify
from pycombat.games.wotr.schema import scenario_from_dict


@pytest.mark.parametrize("rnd", [-1, 0])
def test_a_round_below_one_is_refused_as_a_round_number(rnd):
    s = scenario_from_dict({
        "game": "wotr", "title": "Round below one", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
        "attacker": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 3}}},
        "defender": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2}}, "retreat_to": []},
        "claims": [{"id": "k", "kind": "hit_number", "role": "attacker", "round": rnd, "value": 5}]})
    with pytest.raises(ScenarioError) as err:
        verify(s, read(s))
    assert "round: a round number, 1 or more" in err.value.message and "0 or more" not in err.value.message
