"""RB-CARD-8 with RB-CARD-2: a card whose effects read whether its optional additional cost was paid ("If you paid the
additional cost ..."): the showdown game from both hands plays it paid and not paid, each an option valued on its own,
as `verify` reads the entry's `condition: true|false`; with card_costs=stated the paid play pays the cost's Energy and
runes; a cost that is no Energy or runes (discard 1) is one the scenario cannot say the player can pay: the value
assumes he can, and the value if he cannot is given and named NOT MODELLED."""
from __future__ import annotations

import json

import pytest

from pycombat import api
from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict

A9_D5 = {"attacker": {"player": "Ann", "units": [{"name": "A9", "custom": True, "might": 9}]},
         "defender": {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]}}
A4_D5 = {"attacker": {"player": "Ann", "units": [{"name": "A4", "custom": True, "might": 4}]},
         "defender": {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]}}
PYKE = "Pyke - Dockside Butcher"


def _doc(board: dict, **more) -> dict:
    return {"game": "riftbound", "title": "an optional additional cost", **json.loads(json.dumps(board)), **more}


def _optimize(doc: dict, **flags) -> dict:
    return verbs.optimize(scenario_from_dict(doc, flag_overrides=flags), objective="conquer").to_json()


def _first_options(report: dict, phase: str = "showdown") -> dict[str, int]:
    for d in report["decisions"]:
        if d["phase"] == phase and not d["forced"]:
            return {o["option"]: int(o["value"]["exact"].split("/")[0]) for o in d["options"]}  # (whole numbers)
    raise AssertionError("no decision")


def _verify(doc: dict, **flags) -> dict[str, bool | None]:
    return {c["claim"]: c["verdict"] for c in api.load(doc, flags or None).verify().to_json()["claims"]}


def test_pyke_in_hand_is_played_paid_and_not_paid_as_verify_reads_them():
    report = _optimize(_doc(A9_D5, hand={"attacker": [], "defender": [PYKE]}))
    # paid: Pyke 3 + 2 and D5 deal 10 to A9 (lethal 9) while A9's 9 kills both (5 + 5): nobody's; not paid, A9 conquers
    assert report["value"] == "0"
    options = _first_options(report)  # (each option's value for the player who moves: the Defender's, -conquer)
    assert options == {f"defender plays {PYKE} to the battlefield from facedown paying its additional cost": 0,
                       "defender passes": -1,
                       f"defender plays {PYKE} to the battlefield from facedown not paying its additional cost": -1}
    assert report["unmodelled"] == [] and report["value_if_unpaid"] == {}
    for paid, conquers in ((True, False), (False, True)):
        line = _doc(A9_D5, showdown=[{"play": PYKE, "by": "defender", "facedown": True, "to": "battlefield",
                                      "condition": paid}],
                    claims=[{"claim": "the attacker conquers the battlefield"}, {"claim": "A9 dies"}])
        assert _verify(line) == {"the attacker conquers the battlefield": conquers, "A9 dies": paid}


def test_pyke_paid_pays_its_rune_with_card_costs_stated():
    report = _optimize(_doc(A9_D5, hand={"attacker": [], "defender": [PYKE]}), card_costs="stated")
    assert report["value"] == "0"
    assert report["plays_resolved"][0]["condition"] is True
    play = {"play": PYKE, "by": "defender", "facedown": True, "to": "battlefield", "condition": True}
    doc = _doc(A9_D5, rules={"card_costs": "stated"}, claims=[{"claim": "A9 dies"}])
    with pytest.raises(ScenarioError, match=r"0 Energy \+ 1 Power for its additional cost \(pay a Fury rune\)"):
        api.load({**doc, "showdown": [{**play, "paid": {"energy": 0, "power": 0}}]}).verify()
    assert _verify({**doc, "showdown": [{**play, "paid": {"energy": 0, "power": 1}}]}) == {"A9 dies": True}
    # not paid: nothing more than the card (0 Energy from facedown)
    assert _verify({**doc, "showdown": [{**play, "condition": False, "paid": {"energy": 0, "power": 0}}]}) == \
        {"A9 dies": False}


def test_ruthless_strike_discard_cost_gives_the_value_if_it_cannot_be_paid():
    report = _optimize(_doc(A4_D5, hand={"attacker": ["Ruthless Strike"], "defender": []}))
    # paid: 5 kills D5 before the damage step and A4 conquers; not paid, 3 on D5 leaves it 2 short
    assert report["value"] == "1"
    options = _first_options(report)
    assert options["attacker plays Ruthless Strike on D5 paying its additional cost"] == 1
    assert options["attacker plays Ruthless Strike on D5 not paying its additional cost"] == 0
    assert options["attacker passes"] == 0
    assert report["value_if_unpaid"] == {"attacker": "0"}
    (named,) = report["unmodelled"]
    assert named["card"] == "Ruthless Strike" and "its additional cost (discard 1) paid" in named["what"]
    assert "if he cannot, the value is 0" in named["why"]
    paid = _doc(A4_D5, showdown=[{"play": "Ruthless Strike", "by": "attacker", "target": "D5", "condition": True}],
                claims=[{"claim": "the attacker conquers the battlefield"}])
    assert _verify(paid) == {"the attacker conquers the battlefield": True}


def test_an_additional_cost_with_no_effect_on_the_value_is_not_named():
    # A4 against D1: the Attacker conquers whatever Ruthless Strike does
    board = {**A4_D5, "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1}]}}
    report = _optimize(_doc(board, hand={"attacker": ["Ruthless Strike"], "defender": []}))
    assert report["value"] == "1" and report["value_if_unpaid"] == {} and report["unmodelled"] == []


def test_card_says_how_an_optional_additional_cost_is_read():
    from pycombat.games.riftbound.cards.lookup import card_report

    pyke = {m["what"]: m["how"] for m in card_report(PYKE)["modelled"]}
    assert "0 Energy + 1 Power" in pyke["its optional additional cost (pay a Fury rune)"]
    strike = {m["what"]: m["how"] for m in card_report("Ruthless Strike")["modelled"]}
    assert "can discard 1 is not in the scenario" in strike["its optional additional cost (discard 1)"]
