"""Environments in play together (MECCG-FX-7): Doors of Night, played, discards every resource environment;
Gates of Morning and Skies of Fire, played, discard every hazard environment. Two that discard each other's kind
are never in play together (the later discarded the other), so a board that lists both, in any of the
``in_play:`` lists, is refused as it is read, naming both entries; a hazard environment that only Gates of
Morning discards (The Sun Shone Fiercely, Glance of Arien) may be in play with it: it was played after."""
from __future__ import annotations

import re

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(**lists) -> dict:
    def company(role, alignment, members):
        return {"alignment": alignment, "site": "Moria", "members": members,
                **({"in_play": lists[role]} if role in lists else {})}

    doc = {"game": "meccg", "attacker": company("attacker", "balrog", ["The Balrog", "Shagrat"]),
           "defender": company("defender", "hero", ["Aragorn II", "Gimli"])}
    if "in_play" in lists:
        doc["in_play"] = lists["in_play"]
    return doc


@pytest.mark.parametrize("lists, path, first", [
    ({"in_play": ["Glance of Arien", "The Sun Shone Fiercely", "Gates of Morning", "Doors of Night"]},
     "in_play[3]", "in_play[2]"),
    ({"in_play": ["Doors of Night", "Gates of Morning"]}, "in_play[1]", "in_play[0]"),
    ({"in_play": ["Skies of Fire", "Doors of Night"]}, "in_play[1]", "in_play[0]"),
    ({"attacker": ["Doors of Night"], "in_play": ["Gates of Morning"]}, "in_play[0]", "attacker.in_play[0]"),
])
def test_environments_that_discard_each_other_are_refused(lists, path, first):
    with pytest.raises(ScenarioError, match=rf"\({re.escape(first)}\) are never in play together.*MECCG-FX-7") as err:
        scenario_from_dict(_doc(**lists), file="<t>")
    assert err.value.path == path


@pytest.mark.parametrize("names", [
    ["Gates of Morning", "The Sun Shone Fiercely", "Glance of Arien"],  # played after Gates of Morning
    ["Doors of Night", "The Sun Shone Fiercely", "Glance of Arien"],
    ["Doors of Night", "Doors of Night"],  # two copies: the same kind, neither discards the other
    ["Gates of Morning", "Skies of Fire"],
])
def test_environments_that_may_be_in_play_together_are_read(names):
    assert [c.name for c in scenario_from_dict(_doc(in_play=names), file="<t>").in_play] == names


def test_a_refused_board_is_refused_as_the_scenario_is_loaded():
    doc = _doc(in_play=["Gates of Morning", "Doors of Night", "Glance of Arien"])
    doc["combat"] = {"strikes": [{"defender": "Aragorn II", "attacker": "The Balrog",
                                  "rolls": {"attacker": 7, "defender": 7}}]}
    doc["claims"] = ["the final prowess of The Balrog in strike 1 is 6"]
    with pytest.raises(ScenarioError, match="Doors of Night and Gates of Morning"):
        pycombat.load(doc)
