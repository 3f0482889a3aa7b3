"""RB-CARD-9 with RB-CARD-4: a unit's "If you control fewer runes than an opponent at the start of your Beginning
Phase, give me +1 Might this turn" (Forsaken Baccai; Oasis Raider: +2 Might and [Ganking]) fires at the start of its
player's turn, and what it gives lasts that whole turn, through a combat fought in it. On its player's turn it is in
force when the unit states ``conditions_hold: true`` (the condition held as the turn began), not with ``false``;
not stated, it is named NOT MODELLED and ``verify`` decides only the claims it cannot change. On the other player's
turn (``turn:``) its "this turn" is over: nothing is named. ``card`` says so."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.games.riftbound.cards.lookup import card_report

D3 = {"name": "D3", "custom": True, "might": 3}
A3 = {"name": "A3", "custom": True, "might": 3}


def _doc(att, dfd, claims, turn=None):
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
           "defender": {"player": "Bo", "units": dfd}, "claims": [{"claim": c} for c in claims]}
    if turn is not None:
        doc["turn"] = turn
    return doc


def _verdicts(doc):
    report = pycombat.load(doc).run("verify").to_json()
    return [c["verdict"] for c in report["claims"]], report["unmodelled"]


def test_the_turn_start_bonus_holds_on_its_players_turn_when_stated():
    unit = {"name": "Forsaken Baccai", "conditions_hold": True}
    verdicts, missing = _verdicts(_doc([unit], [D3], ["Forsaken Baccai's might is 3", "the attacker conquers",
                                                       "the defender keeps the battlefield"], turn="attacker"))
    # 2 + 1 = 3 against a 3-Might defender: both die, nobody's
    assert verdicts == [True, False, False] and not missing


def test_oasis_raider_gets_its_might_and_ganking():
    unit = {"name": "Oasis Raider", "conditions_hold": True}
    scenario = pycombat.load(_doc([unit], [D3], [], turn="attacker"))
    enum = scenario.run("enumerate").to_json()
    assert enum["sides"]["attacker"]["total"] == 6 and not enum["unmodelled"]
    assert scenario.run("odds").to_json()["outcome"] == "conquer"
    unit = scenario.model.attacker.units[0]
    assert unit.ganking and any(k.startswith("Ganking") for k in unit.keywords)


def test_condition_stated_false_gives_nothing():
    unit = {"name": "Forsaken Baccai", "conditions_hold": False}
    verdicts, missing = _verdicts(_doc([unit], [D3], ["Forsaken Baccai's might is 2"]))
    assert verdicts == [True] and not missing


def test_on_the_other_players_turn_it_is_over():
    verdicts, missing = _verdicts(_doc([A3], ["Forsaken Baccai"], ["Forsaken Baccai's might is 2"],
                                       turn="attacker"))
    assert verdicts == [True] and not missing


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_not_stated_it_is_named_and_decides_only_what_it_can_change(role):
    baccai = "Forsaken Baccai"
    att, dfd = ([baccai], [D3]) if role == "attacker" else ([A3], [baccai])
    claims = [f"{baccai}'s might is 2", f"the {'defender' if role == 'attacker' else 'attacker'}'s total is 3"]
    verdicts, missing = _verdicts(_doc(att, dfd, claims))
    assert [u["card"] for u in missing] == [baccai]
    assert "conditions_hold" in missing[0]["why"]
    # its own Might could be 3: not decided; the other side's total is 3 either way: decided
    assert verdicts == [None, True]
    for verb in ("odds", "enumerate", "optimize"):
        assert [u["card"] for u in pycombat.load(_doc(att, dfd, [])).run(verb).to_json()["unmodelled"]] == [baccai]


def test_card_says_what_the_verbs_do():
    rep = card_report("Forsaken Baccai")
    text = " ".join(m["how"] for m in rep["modelled"] + rep.get("idle", []) if "Beginning Phase" in m["what"])
    assert "conditions_hold" in text and "cannot change" not in text
