"""A Character result moves an Army only with a Leader or Character in the moving part (WOTR-MOVE-1,
WOTR-MOVE-8). An Army in Orthanc whose only Character is Saruman holds one, but he never leaves Orthanc
(WOTR-CHMOVE-8): its units may not move with a Character result, and the verdict cites that he never moves,
not that the Army has no Leader or Character."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict


def _claims(orthanc: dict) -> dict:
    d = {"game": "wotr", "politics": {"Isengard": "at_war"},
         "position": {"regions": {"Orthanc": orthanc}},
         "action": {"side": "shadow", "die": "character"},
         "claims": [{"id": "regular", "claim": "1 Isengard Regular may move from Orthanc to Fords of Isen"}]}
    return {c["id"]: c for c in verbs.verify(scenario_from_dict(d, file="orthanc.yaml")).to_json()["claims"]}


def test_units_with_saruman_alone_cite_that_he_never_moves():
    got = _claims({"units": {"Isengard": {"regulars": 1}}, "characters": ["Saruman"]})["regular"]
    assert got["verdict"] is False
    assert [r["rule"] for r in got["reasons"]] == ["WOTR-CHMOVE-8"]
    assert got["notes"] == ["WOTR-CHMOVE-8: only leader never moves: Saruman, Orthanc"]


def test_units_without_any_leader_or_character_cite_move_1():
    got = _claims({"units": {"Isengard": {"regulars": 1}}})["regular"]
    assert got["verdict"] is False
    assert [r["rule"] for r in got["reasons"]] == ["WOTR-MOVE-1"]
    assert got["notes"] == ["WOTR-MOVE-1: no leader or character: Orthanc"]


def test_an_isengard_elite_leads_while_saruman_stays():
    # with Saruman in play Isengard Elites are Leaders (WOTR-STR-9): the moving part holds one
    d = {"units": {"Isengard": {"regulars": 1, "elites": 1}}, "characters": ["Saruman"]}
    s = scenario_from_dict({"game": "wotr", "politics": {"Isengard": "at_war"},
                            "position": {"regions": {"Orthanc": d}}, "action": {"side": "shadow", "die": "character"},
                            "claims": ["1 Isengard Regular and 1 Isengard Elite may move from Orthanc to Fords of Isen",
                                       "1 Isengard Regular may move from Orthanc to Fords of Isen"]}, file="o.yaml")
    got = verbs.verify(s).to_json()["claims"]
    assert [c["verdict"] for c in got] == [True, False]
    assert [r["rule"] for r in got[1]["reasons"]] == ["WOTR-MOVE-8"]
