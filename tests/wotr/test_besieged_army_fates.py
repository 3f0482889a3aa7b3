"""Where a besieged Army's figures go after a siege battle (WOTR-SIEGE-4, WOTR-SITE-6): inside the
Stronghold, still besieged, while the besieging Army has units in the region (the siege battle ends with
both sides left, or only the attacking part is eliminated and the rearguard stays); back in the region,
the siege over, when the whole besieging Army is eliminated. Never "with army" (the fate of an Army that
stands in a region)."""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _siege(attacker_units: dict, rolls=None, rearguard=None) -> object:
    d = {"game": "wotr", "title": "a siege battle", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
         "control": {"Minas Tirith": "free_peoples"},
         "attacker": {"region": "Minas Tirith", "units": {"Sauron": attacker_units}, "nazgul": 1},
         "defender": {"region": "Minas Tirith", "besieged": True,
                      "units": {"Gondor": {"regulars": 2, "leaders": 1}}, "characters": ["Boromir"]},
         "battle": {"action": "army", "kind": "siege"}}
    if rolls is not None:
        d["rolls"] = rolls
    if rearguard is not None:
        d["attacker"]["rearguard"] = rearguard
    return scenario_from_dict(d)


def _rows(fates: dict, role: str) -> dict:
    return {row["figure"]: row["fates"] for row in fates[role]}


def test_replay_a_siege_that_goes_on_keeps_the_defenders_besieged():
    # the besieger misses everything, the besieged hit once: both sides are left, the siege goes on
    s = _siege({"regulars": 3}, rolls=[{"attacker": {"combat": [1, 2, 3], "reroll": [1]},
                                        "defender": {"combat": [5, 1, 1], "reroll": [1, 1]}}])
    fates = verbs.replay(s).to_json()["fates"]
    assert _rows(fates, "defender") == {"Gondor Regular": {"besieged": 2}, "Gondor Leader": {"besieged": 1},
                                        "Boromir": {"besieged": 1}}
    assert fates["rules"]["besieged"] == "WOTR-SIEGE-4"
    assert _rows(fates, "attacker")["Sauron Regular"] == {"with_army": 2, "reinforcements": 1}


def test_replay_the_besieging_army_eliminated_lifts_the_siege():
    # one besieging Regular, hit: the whole besieging Army is eliminated, the siege ends (WOTR-SITE-6)
    s = _siege({"regulars": 1}, rolls=[{"attacker": {"combat": [1], "reroll": [1]},
                                        "defender": {"combat": [5, 1, 1], "reroll": [1, 1]}}])
    fates = verbs.replay(s).to_json()["fates"]
    assert _rows(fates, "defender") == {"Gondor Regular": {"siege_lifted": 2}, "Gondor Leader": {"siege_lifted": 1},
                                        "Boromir": {"siege_lifted": 1}}
    assert fates["rules"]["siege_lifted"] == "WOTR-SITE-6"


def test_replay_the_attacking_part_eliminated_with_a_rearguard_left_keeps_the_siege():
    # two besieging Regulars, one attacks and is hit; the other stays in the region: the siege goes on
    s = _siege({"regulars": 2}, rolls=[{"attacker": {"combat": [1], "reroll": [1]},
                                        "defender": {"combat": [5, 1, 1], "reroll": [1, 1]}}],
               rearguard={"units": {"Sauron": {"regulars": 1}}})
    fates = verbs.replay(s).to_json()["fates"]
    assert _rows(fates, "defender")["Gondor Regular"] == {"besieged": 2}


def test_odds_split_the_survivors_between_besieged_and_siege_lifted_exactly():
    """A survivor of the besieged Army is besieged exactly when the siege goes on (the after-the-battle
    move "besieged") and back in the region exactly when the besieging Army is eliminated ("stays": the
    siege ends): the Leader's per-figure chances equal those moves' chances."""
    s = _siege({"regulars": 2})
    data = verbs.odds(s).to_json()
    for pol, fates in data["fates"].items():
        moves = {m["move"]: Fraction(m["p"]["exact"]) for m in data["after_the_battle"][pol]["moves"]["defender"]}
        leader = next(r for r in fates["defender"] if r["figure"] == "Gondor Leader")["per_figure"]
        assert "with_army" not in leader
        assert Fraction(leader["besieged"]["exact"]) == moves["besieged"]
        assert Fraction(leader["siege_lifted"]["exact"]) == moves["stays"]
        assert sum(Fraction(v["exact"]) for v in leader.values()) == 1


def test_odds_text_names_the_besieged_fates_and_their_rules():
    from pycombat.games.wotr.battle.odds_details import fates_lines

    lines = fates_lines(verbs.odds(_siege({"regulars": 2})).to_json()["fates"])
    assert lines[0].endswith("; the besieged Army, WOTR-SIEGE-4, WOTR-SITE-6):")
    leader = next(x for x in lines if "defender Gondor Leader" in x)
    assert "besieged" in leader and "siege lifted" in leader and "with army" not in leader
