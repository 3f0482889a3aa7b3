"""In the showdown game from both hands a player orders all his combat triggers (RB-SHOW-2, RB-CARD-10): one that
resolves by itself (Dune Drake: "+2 Might if there is a ready enemy unit here", read off the board) is ordered with
one that waits for his choice (Sinister Poro: "you may pay 1 Energy to move an enemy unit here to its base"), not
always put after it. Drake first (+2 while R, ready, is here), then Poro moves R away: Drake 7 + Poro 1 = 8 against E
6 alone; the Attacker kills E and loses Poro."""
from __future__ import annotations

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(attacker: list) -> dict:
    return {"game": "riftbound", "title": "Drake before Poro",
            "attacker": {"player": "Ann", "units": attacker},
            "defender": {"player": "Bo", "units": [{"name": "R", "custom": True, "might": 4},
                                                   {"name": "E", "custom": True, "might": 6, "exhausted": True}]},
            "hand": {"attacker": [], "defender": []}}


def test_the_trigger_resolving_by_itself_is_ordered_first_when_that_is_best():
    for units in (["Sinister Poro", "Dune Drake"], ["Dune Drake", "Sinister Poro"]):
        report = verbs.optimize(scenario_from_dict(_doc(units)))
        # a unit lost counts 21 here (the report's scale): E (21 + 6) against Poro (21 + 1)
        assert report.solution.value == 5
        first = report.solution.decisions[0][1]
        values = {o.label: o.value for o in first.options}
        assert values["attacker states Dune Drake's combat trigger"] == 5
        assert values["attacker states Sinister Poro's combat trigger on E"] == 3
        assert report.to_json()["unmodelled"] == []


def test_a_side_with_no_trigger_waiting_keeps_its_one_trigger_by_itself():
    doc = _doc(["Dune Drake", {"name": "A1", "custom": True, "might": 1}])
    report = verbs.optimize(scenario_from_dict(doc))
    assert not any(o.label.startswith("attacker states Dune Drake") for _, d in report.solution.decisions
                   for o in d.options)


def test_two_triggers_resolving_by_themselves_are_ordered_not_named():
    # Anivia first ("deal 3 to all enemy units here"), then Warwick ("kill all damaged enemy units here"): both
    # defenders die in the showdown; the other order leaves them to the damage step (RB-SHOW-2)
    doc = {"game": "riftbound", "title": "Anivia before Warwick",
           "attacker": {"player": "Ann", "units": ["Warwick - Hunter", "Anivia - Primal"]},
           "defender": {"player": "Bo", "units": [{"name": "D9", "custom": True, "might": 9},
                                                  {"name": "D8", "custom": True, "might": 8}]},
           "hand": {"attacker": [], "defender": []}}
    report = verbs.optimize(scenario_from_dict(doc))
    first = report.solution.decisions[0][1]
    assert [o.label for o in first.options] == ["attacker states Anivia - Primal's combat trigger",
                                                "attacker states Warwick - Hunter's combat trigger"]
    out = report.to_json()
    assert out["outcome"] == "conquer" and out["lost_in_showdown"] == {"attacker": [], "defender": ["D9", "D8"]}
    assert not any("order of the attacker's combat triggers" in u["what"] for u in out["unmodelled"])
