"""The JSON Schema (`pycombat schema riftbound`) and the reader agree on null in a string-or-list field (a target or
targets, `repeat`, `repeat.target`, `battlefield.scored_this_turn`): the reader refuses `target: ~`, and the schema
does not validate it either (its list branch is an array, never null)."""
from __future__ import annotations

import copy

import pytest

from pycombat import api
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.spec import json_schema

jsonschema = pytest.importorskip("jsonschema")

DOC = {"game": "riftbound", "title": "a null target",
       "attacker": {"player": "Ann", "units": ["Garen, Commander", "Anivia, Primal", "Crackshot Corsair"]},
       "defender": {"player": "Bo", "units": ["Stalwart Poro", {"name": "Warden", "custom": True, "might": 6},
                                             {"name": "Scout", "custom": True, "might": 2}]}}
NULLS = {
    "trigger target": {"showdown": [{"trigger": "Crackshot Corsair", "target": None}]},
    "play target": {"showdown": [{"play": "Void Seeker", "by": "attacker", "target": None}]},
    "play repeat": {"showdown": [{"play": "Void Seeker", "by": "attacker", "target": "Warden", "repeat": None}]},
    "repeat target": {"showdown": [{"play": "Void Seeker", "by": "attacker", "target": "Warden",
                                    "repeat": {"target": None}}]},
    "repeat list target": {"showdown": [{"play": "Void Seeker", "by": "attacker", "target": "Warden",
                                         "repeat": [{"target": None}]}]},
    "ability target": {"showdown": [{"ability": "Crackshot Corsair", "target": None}]},
    "scored_this_turn": {"battlefield": {"name": "Seed", "scored_this_turn": None}},
}


def _schema_errors(doc) -> list[str]:
    return [e.message for e in jsonschema.Draft202012Validator(json_schema()).iter_errors(doc)]


@pytest.mark.parametrize("where", list(NULLS))
def test_null_is_refused_by_reader_and_schema(where):
    doc = {**copy.deepcopy(DOC), **NULLS[where]}
    with pytest.raises(ScenarioError):
        api.load(doc)
    assert _schema_errors(doc)


def test_no_string_or_list_field_takes_null():
    def lists_in_any_of(node, out):
        if isinstance(node, dict):
            for option in node.get("anyOf", []):
                if option.get("type") in ("array", ["array", "null"]):
                    out.append(option["type"])
            for v in node.values():
                lists_in_any_of(v, out)
        elif isinstance(node, list):
            for v in node:
                lists_in_any_of(v, out)
        return out

    found = lists_in_any_of(json_schema(), [])
    assert len(found) >= 11 and all(t == "array" for t in found)


def test_a_list_of_targets_is_still_valid():
    doc = {**copy.deepcopy(DOC), "showdown": [{"trigger": "Crackshot Corsair", "target": "Scout"}]}
    assert api.load(doc) is not None and not _schema_errors(doc)
