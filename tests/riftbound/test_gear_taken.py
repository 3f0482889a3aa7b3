"""Akshan, Mischievous: "You may pay [body][body] as an additional cost to play me. When you play me, if you paid the
additional cost, move an enemy gear to your base. You control it until I leave the board. If it's an Equipment, attach
it to me." (its clause structured in data/effects_overlay.yaml). He has no [Reaction]: in a showdown a card or an
ability plays him (Rek'Sai, Swarm Queen, RB-CARD-27); the play's `condition:` says whether the additional cost was
paid (RB-CARD-8), its `attach:` names the enemy gear (`from:` the enemy unit it is on). An Equipment changes controller
and is attached to him with its Might bonus, leaving the enemy unit (RB-CARD-14, RB-CARD-5); another gear goes to his
player's base, and what it does there is named NOT MODELLED (RB-CARD-4)."""
from __future__ import annotations

import json
from importlib.resources import files

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

REK, AKSHAN = "Rek'Sai - Swarm Queen", "Akshan - Mischievous"


def _records(name: str) -> dict[str, dict]:
    raw = files("pycombat.games.riftbound.data").joinpath(name).read_text(encoding="utf-8")
    return {r["name"]: r for r in json.loads(raw)["records"]}


UNITS, GEAR = _records("units.json"), _records("gear.json")
#: Equipment with a Might bonus in the data (the brute force reads it from the records)
BONUS = {n: r["equip_might_bonus"] for n, r in GEAR.items() if r.get("equip_might_bonus") is not None}


def _run(play: dict, dfd: list, showdown_after=(), rules=None, **defender):
    doc = {"game": "riftbound", "attacker": {"units": [REK]}, "defender": {"units": dfd, **defender},
           "showdown": [{"trigger": REK, "plays": {"play": AKSHAN, "to": "battlefield", **play}}, *showdown_after]}
    if rules:
        doc["rules"] = rules
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd) -> dict:
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(BONUS)), st.integers(1, 6), st.integers(0, 1), st.booleans())
def test_the_equipment_taken_moves_its_bonus_as_the_brute_force_says(gear, might, holder, paid):
    """The enemy Equipment on D0 or D1 (the one ``holder`` says), taken when the cost was paid: the holder loses its
    bonus, Akshan gets it; not paid: nothing moves."""
    dfd = [{"name": f"D{i}", "custom": True, "might": might + i, **({"equipment": [gear]} if i == holder else {})}
           for i in range(2)]
    play = {"condition": paid, **({"attach": gear, "from": f"D{holder}"} if paid else {})}
    got = _might(_run(play, dfd))
    want = {REK: UNITS[REK]["might"], AKSHAN: UNITS[AKSHAN]["might"] + (BONUS[gear] if paid else 0)}
    want.update({f"D{i}": might + i + (BONUS[gear] if i == holder and not paid else 0) for i in range(2)})
    assert got == want


def test_an_unattached_enemy_equipment_changes_controller():
    """The Defender's unattached Long Sword (his `gear:`) is taken: his later Angle Shot ("an Equipment with the same
    controller") can no longer attach it to his unit."""
    dfd = [{"name": "D", "custom": True, "might": 3}]
    sd = _run({"condition": True, "attach": "Long Sword"}, dfd, gear=["Long Sword"])
    assert _might(sd)[AKSHAN] == UNITS[AKSHAN]["might"] + BONUS["Long Sword"]
    angle = {"play": "Angle Shot", "by": "defender", "target": "D", "attach": "Long Sword"}
    with pytest.raises(ScenarioError, match="controls no Long Sword"):
        _run({"condition": True, "attach": "Long Sword"}, dfd, [angle], gear=["Long Sword"])
    assert _might(_run({"condition": False}, dfd, [angle], gear=["Long Sword"]))["D"] == 3 + BONUS["Long Sword"]


def test_another_gear_goes_to_the_base_named_and_wrong_choices_are_refused():
    dfd = [{"name": "D", "custom": True, "might": 3, "equipment": ["Long Sword"]}]
    sd = _run({"condition": True, "attach": "Zhonya's Hourglass"}, dfd)
    assert _might(sd)[AKSHAN] == UNITS[AKSHAN]["might"] and _might(sd)["D"] == 3 + BONUS["Long Sword"]
    assert [u.card for u in sd.unmodelled] == ["Zhonya's Hourglass"]
    with pytest.raises(ScenarioError, match="give `attach: GEAR`"):
        _run({"condition": True}, dfd)
    with pytest.raises(ScenarioError, match="controls no B.F. Sword"):
        _run({"condition": True, "attach": "B.F. Sword"}, dfd)
    with pytest.raises(ScenarioError, match="not an enemy unit with Long Sword"):
        _run({"condition": True, "attach": "Long Sword", "from": REK}, dfd)


def test_the_cost_and_the_choice_unstated():
    dfd = [{"name": "D", "custom": True, "might": 3, "equipment": ["Long Sword"]}]
    sd = _run({}, dfd)  # whether the additional cost was paid: not stated
    assert any(u.card == AKSHAN for u in sd.unmodelled) and _might(sd)["D"] == 3 + BONUS["Long Sword"]
    rules = {"card_costs": "stated"}
    cost = UNITS[AKSHAN]["energy_cost"]
    with pytest.raises(ScenarioError, match="RB-CARD-2"):  # his cost and the 2 runes
        _run({"condition": True, "attach": "Long Sword", "paid": {"energy": cost}}, dfd, rules=rules)
    sd = _run({"condition": True, "attach": "Long Sword", "paid": {"energy": cost, "power": 2}}, dfd, rules=rules)
    assert _might(sd)["D"] == 3
    assert not card_report(AKSHAN)["unmodelled"]


@pytest.mark.parametrize("enemy, named", [({"gear_elsewhere": 0}, False), ({}, True),
                                          ({"gear_elsewhere": 0, "gear": ["Long Sword"]}, True),
                                          ({"gear_elsewhere": 1}, True)])
def test_played_anew_with_no_enemy_gear_it_takes_none(enemy, named):
    """Arcane Shift banishes Akshan and his owner plays him anew (RB-CARD-24): his "When you play me" fires. With the
    enemy controlling no gear (none listed, none attached, `gear_elsewhere: 0`) it has nothing to take and does
    nothing, named nowhere; with gear he may hold (listed, or not stated), whether he uses it is his (named)."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 9}], **enemy},
           "defender": {"units": [{"name": AKSHAN, "label": "AK"}, {"name": "D", "custom": True, "might": 5}]},
           "showdown": [{"play": "Arcane Shift", "by": "defender", "target": ["AK", "A"], "to": "base"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [u.card for u in sd.unmodelled] == ([AKSHAN] if named else [])
    none = [ln for ln in sd.lines if "the enemy controls no gear" in ln.text]
    assert len(none) == (0 if named else 1) and all("RB-CARD-1" in ln.rules for ln in none)
