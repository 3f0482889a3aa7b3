"""An Equipment whose Might bonus the card data lacks (``equip_might_bonus`` null): the scenario
states the printed bonus where the Equipment is attached (``{card: NAME, might_bonus: N}``) and it is
read as the data's bonus would be (RB-CARD-5); not stated, it stays NOT MODELLED naming the field."""
from __future__ import annotations

import json
from importlib.resources import files

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

_GEAR = json.loads(files("pycombat.games.riftbound.data").joinpath("gear.json").read_text(encoding="utf-8"))["records"]
#: Equipment of the data without a Might bonus, and with one (read from the records, not the model)
NO_BONUS = sorted({r["name"] for r in _GEAR if r.get("equipment") and r.get("equip_might_bonus") is None})
#: of those, the ones whose text also copies (a unit, or its text: tests/riftbound/test_equipment_copies.py)
COPYING = {"Shady Spectacles", "Svellsongur"}
WITH_BONUS = sorted({r["name"] for r in _GEAR if r.get("equipment") and r.get("equip_might_bonus") is not None})


def _doc(equipment, showdown=(), might=3):
    return {"game": "riftbound",
            "attacker": {"units": [{"name": "A", "custom": True, "might": might, "equipment": equipment}]},
            "defender": {"units": [{"name": "D", "custom": True, "might": 4}]},
            "showdown": list(showdown)}


def _run(doc):
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd.unmodelled


def test_the_data_has_such_equipment():
    assert "Serrated Dirk" in NO_BONUS and "Long Sword" in WITH_BONUS


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.lists(st.tuples(st.sampled_from(sorted(set(NO_BONUS) - COPYING)), st.integers(0, 5)),
                                   max_size=3))
def test_stated_bonuses_add_to_might(might, stated):
    printed = {}
    for name, bonus in stated:  # one card, one printed bonus
        printed.setdefault(name, bonus)
    entries = [{"card": n, "might_bonus": printed[n]} for n, _ in stated]
    got, unmodelled = _run(_doc(entries, might=might))
    assert got["A"] == might + sum(printed[n] for n, _ in stated)
    assert not unmodelled


def test_not_stated_is_not_modelled_and_names_the_field():
    got, unmodelled = _run(_doc(["Serrated Dirk"]))
    assert got["A"] == 3
    assert any(u.card == "Serrated Dirk" and "might_bonus" in u.why for u in unmodelled)
    row = next(r for r in coverage().cards if "Serrated Dirk" in json.dumps(r, default=str))
    assert "might_bonus" in json.dumps(row, default=str)


def test_detaching_takes_the_stated_bonus_away():
    got, unmodelled = _run(_doc([{"card": "Serrated Dirk", "might_bonus": 2}],
                                [{"play": "Angle Shot", "by": "attacker", "target": "A", "detach": "Serrated Dirk"}]))
    assert got["A"] == 3 and not unmodelled


@pytest.mark.parametrize("entry, field, words", [
    ({"card": "Long Sword", "might_bonus": 2}, "might_bonus", "in the card data"),
    ({"card": "Serrated Dirk", "might_bonus": "two"}, "might_bonus", "whole number"),
    ({"card": "Serrated Dirk", "might_bonus": -1}, "might_bonus", ""),
    ({"card": "Serrated Dirk"}, "might_bonus", "required"),
    ({"card": "Serrated Dirk", "might_bonus": 2, "bonus": 1}, "bonus", ""),
])
def test_bad_stated_bonus_is_refused_naming_the_field(entry, field, words):
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(_doc([entry]))
    assert field in str(exc.value) and words in str(exc.value)


def test_copies_state_the_same_bonus():
    for pair in ([{"card": "Serrated Dirk", "might_bonus": 2}, {"card": "Serrated Dirk", "might_bonus": 1}],
                 [{"card": "Serrated Dirk", "might_bonus": 2}, "Serrated Dirk"]):
        with pytest.raises(ScenarioError, match="alike"):
            scenario_from_dict(_doc(pair))
    got, _ = _run(_doc([{"card": "Serrated Dirk", "might_bonus": 2}] * 2))
    assert got["A"] == 7
