"""RB-CARD-10 with RB-CARD-1: a combat trigger whose only choice is the one unit it must choose ("When I attack, stun
an enemy unit here", Leona, Determined; "give one of your other units here +3 Might and [Tank]", Yuumi) has nothing
to choose when exactly one unit of the board fits it as the combat begins: it resolves on that unit, by itself, in
every verb, as if the scenario stated it. With two units that fit, or an enemy unit with [Deflect] (whose Power tax
is its player's to pay, RB-MIGHT-10), the choice stays the scenario's: not stated, it is named NOT MODELLED."""
from __future__ import annotations

import pytest

import pycombat

D3 = {"name": "D3", "custom": True, "might": 3}
D4 = {"name": "D4", "custom": True, "might": 4}


def _doc(att, dfd, claims=(), showdown=None):
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
           "defender": {"player": "Bo", "units": dfd}, "claims": [{"claim": c} for c in claims]}
    if showdown:
        doc["showdown"] = showdown
    return doc


def test_a_lone_enemy_is_stunned_by_itself_in_every_verb():
    # Leona, Determined (4) stuns the lone 3-Might defender: it deals no damage, she survives and conquers
    doc = _doc(["Leona, Determined"], [D3], ["the attacker conquers", "Leona, Determined survives"])
    scenario = pycombat.load(doc)
    verify = scenario.run("verify").to_json()
    assert [c["verdict"] for c in verify["claims"]] == [True, True] and not verify["unmodelled"]
    odds = scenario.run("odds").to_json()
    assert odds["outcome"] == "conquer" and odds["died"] == ["D3"] and not odds["unmodelled"]
    enum = scenario.run("enumerate").to_json()
    assert enum["sides"]["defender"]["total"] == 0 and enum["outcomes"] == ["conquer"] and not enum["unmodelled"]
    assert not scenario.run("optimize").to_json()["unmodelled"]


def test_the_same_as_stated():
    forced = pycombat.load(_doc(["Leona, Determined"], [D3])).run("odds").to_json()
    stated = pycombat.load(_doc(["Leona, Determined"], [D3],
                                showdown=[{"trigger": "Leona, Determined", "target": "D3"}])).run("odds").to_json()
    assert (forced["outcome"], forced["died"], forced["dealt"]) == (stated["outcome"], stated["died"], stated["dealt"])


def test_the_one_other_friendly_unit_gets_both_parts():
    # Yuumi defends with one other unit: it gets +3 Might and Tank (4 + 3 = 7); the 5-Might attacker cannot kill it
    doc = _doc([{"name": "A5", "custom": True, "might": 5}], ["Yuumi - Magical Cat", D4],
               ["D4's might is 7", "the attacker may assign D4 5", "the attacker may assign Yuumi - Magical Cat 1, D4 4"])
    verify = pycombat.load(doc).run("verify").to_json()
    assert [c["verdict"] for c in verify["claims"]] == [True, True, False] and not verify["unmodelled"]


@pytest.mark.parametrize("defenders", [[D3, D4], ["Navori Scout"]], ids=["two-fit", "deflect"])
def test_a_real_choice_stays_the_scenarios(defenders):
    report = pycombat.load(_doc(["Leona, Determined"], defenders, ["the attacker conquers"])).run("verify").to_json()
    assert [u["card"] for u in report["unmodelled"]] == ["Leona, Determined"]
    assert [c["verdict"] for c in report["claims"]] == [None]


def test_card_says_so():
    from pycombat.games.riftbound.cards.lookup import card_report

    how = [m["how"] for m in card_report("Leona, Determined")["modelled"] if "combat trigger" in m["what"]]
    assert len(how) == 1 and "resolves on that unit by itself" in how[0]
