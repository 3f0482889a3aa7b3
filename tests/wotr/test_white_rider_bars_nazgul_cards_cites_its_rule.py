"""A Shadow card needing Nazgûl Leadership (Foul Stench) may not be played once the White Rider has cancelled
all Nazgûl Leadership (WOTR-STR-11): the verdict cites that rule beside the requirement (WOTR-CARD-5), as
the refusal of a file naming the card does; without the White Rider the card may be played (the
counterfactual: the rule decides it)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.wotr.claims.battle import read, verify
from pycombat.games.wotr.schema import scenario_from_dict


def _doc(white_rider: bool, **defender) -> dict:
    return {"game": "wotr", "title": "The White Rider against the Nazgûl",
            "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Osgiliath", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "characters": ["Gandalf the White"]},
            "defender": {"region": "South Ithilien", "units": {"Sauron": {"regulars": 3}}, "nazgul": 1,
                         "characters": ["The Witch-king"], "retreat_to": [], **defender},
            "battle": {"white_rider": white_rider},
            "claims": [{"id": "fs", "claim": "the defender may play Foul Stench"}]}


def test_the_white_rider_is_cited_where_it_bars_the_card():
    s = scenario_from_dict(_doc(True))
    (v,) = verify(s, read(s))
    assert v.verdict is False and set(v.rules) == {"WOTR-CARD-5", "WOTR-STR-11"}


def test_without_the_white_rider_the_card_may_be_played():
    s = scenario_from_dict(_doc(False))
    (v,) = verify(s, read(s))
    assert v.verdict is True and "WOTR-STR-11" not in v.rules


def test_a_file_naming_the_card_is_refused_with_both_rules():
    with pytest.raises(ScenarioError) as err:
        s = scenario_from_dict(_doc(True, card="Foul Stench"))
        verify(s, read(s))
    assert "WOTR-CARD-5" in err.value.message and "WOTR-STR-11" in err.value.message
