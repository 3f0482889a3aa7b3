"""RB-CARD-4 with RB-RES-5: a unit's clause that scores points by the combat's result ("The first time I win a combat
each turn, you score 1 point", "When I die in combat, choose an opponent. They score 1 point", "When I conquer, you
score 1 point", "If a player would score 1 point from conquering ..., they draw 1 instead") changes who scores, not the
combat's numbers or outcome. The model counts only a Conquer's point: such a clause is named NOT MODELLED (in the
text, the JSON and the card lookup), a claim on who scores is NOT DECIDED, and every other claim is decided."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.units import SCORING_WHY, load_units, result_scoring

D9 = {"name": "D9", "custom": True, "might": 9}
A2 = {"name": "A2", "custom": True, "might": 2}


def _doc(att, dfd, claims):
    return {"game": "riftbound", "battlefield": "Plaza", "attacker": {"player": "Ann", "units": att},
            "defender": {"player": "Bo", "units": dfd}, "claims": [{"claim": c} for c in claims]}


@pytest.mark.parametrize("att, dfd", [([A2], ["Draven - Audacious"]),  # he defends and wins
                                      (["Draven - Audacious"], [D9])])  # he attacks and dies
def test_scoring_by_the_result_is_named_and_score_claims_are_not_decided(att, dfd):
    report = pycombat.load(_doc(att, dfd, ["the defender scores", "the attacker scores",
                                           "the defender keeps the battlefield"])).run("verify").to_json()
    named = [u for u in report["unmodelled"] if u["card"] == "Draven - Audacious"]
    assert [u["why"] for u in named] == [SCORING_WHY, SCORING_WHY]
    assert any("win a combat" in u["what"] for u in named) and any("die in combat" in u["what"] for u in named)
    assert [c["verdict"] for c in report["claims"]] == [None, None, True]


def test_odds_names_the_scoring_clauses():
    odds = pycombat.load(_doc(["Draven - Audacious"], [D9], [])).run("odds").to_json()
    assert sum(u["why"] == SCORING_WHY for u in odds["unmodelled"]) == 2


def test_a_unit_at_its_base_scores_nothing_by_its_own_combat_clauses():
    doc = _doc([A2], [D9], ["the defender scores"])
    doc["defender"]["base"] = ["Draven - Audacious"]
    report = pycombat.load(doc).run("verify").to_json()
    assert not report["unmodelled"] and [c["verdict"] for c in report["claims"]] == [False]


def test_the_clauses_scoring_by_a_result_are_found_in_the_data():
    """Draven - Audacious, Nasus, Tryndamere - Barbarian, Swain, Ivern - Friend to All and Otterpus (which changes
    a Conquer's point) score by a combat's result; drawing or playing a gear token on a win does not score."""
    names = {u.name for u in load_units().cards if result_scoring(u)}
    assert {"Draven - Audacious", "Nasus, Ascended", "Tryndamere - Barbarian", "Swain, Visionary",
            "Ivern - Friend to All", "Otterpus"} <= names
    assert not names & {"Draven - Vanquisher", "Corrupt Enforcer", "Nidalee - Cat Form", "Ahri - Alluring"}
    rep = card_report("Draven - Audacious")
    assert [u["why"] for u in rep["unmodelled"]] == [SCORING_WHY, SCORING_WHY]
