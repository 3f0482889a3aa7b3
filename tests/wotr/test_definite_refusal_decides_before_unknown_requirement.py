"""A card play that fails on a definite ground is decided FALSE even when the position cannot state the
card's requirement (WOTR-EVT-8): an Army result never plays a Character card and an Eye result plays no
card (WOTR-DICE-8). The unknown requirement is named as set aside; with a die that could play the card it
leaves the play NOT DECIDED."""
from __future__ import annotations

from pycombat.games.wotr import verbs
from pycombat.games.wotr.position.scenario import scenario_from_dict


def _claims(die: str, claims: list[str]) -> list[dict]:
    d = {"game": "wotr", "position": {"fellowship": {"region": "Rivendell"}}, "action": {"side": "shadow", "die": die},
         "hand": ["Nazgul Search", "Morgul Wound"], "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}
    return verbs.verify(scenario_from_dict(d, file="track.yaml")).to_json()["claims"]


def test_an_army_result_never_plays_a_character_card_whatever_the_track():
    for got in _claims("army", ["Nazgul Search may be played", "Morgul Wound may be played"]):
        assert got["verdict"] is False, got
        assert [r["rule"] for r in got["reasons"]] == ["WOTR-DICE-8"]
        assert any("set aside" in n for n in got["notes"]), got["notes"]


def test_an_eye_result_plays_no_card_whatever_the_track():
    (got,) = _claims("eye", ["Nazgul Search may be played"])
    assert got["verdict"] is False and [r["rule"] for r in got["reasons"]] == ["WOTR-DICE-8"]


def test_a_matching_die_leaves_the_unknown_requirement_undecided():
    got = _claims("character", ["Nazgul Search may be played", "Nazgul Search may be played with an Army die"])
    assert got[0]["verdict"] is None
    assert got[1]["verdict"] is False
