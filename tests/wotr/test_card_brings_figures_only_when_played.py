"""WOTR-EVT-6 with WOTR-DICE-1/8, WOTR-EVT-8, WOTR-EVT-3: a card brings figures into play only when it
is played. A placing claim ("X may bring N ... into R", ``kind: place`` with ``by: card``) asks first
whether the card may be played with the claim's die result or the file's (the one decision,
:func:`pycombat.games.wotr.cards.events.may_play`, as "X may be played" does): a card that may not be
played brings nothing, and the claim is FALSE on the play's grounds (never TRUE, never NOT DECIDED on
the card's recruit, which no text lifts past the die or the printed requirement)."""
from __future__ import annotations

import pytest

import pycombat

MUSTER_CARD = {"name": "Orc reinforcements", "type": "muster", "musters": True}


def _verdicts(die: str, hand: list, claims: list, politics=None, played=()) -> tuple[dict[str, dict], dict]:
    doc = {"game": "wotr", "politics": politics or {"Gondor": "at_war", "Sauron": "at_war"},
           "position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 2}}},
                                    "Grey Havens": {"units": {"Elves": {"regulars": 1, "leaders": 1}}}},
                        "fellowship": {"region": "Rivendell"}},
           "action": {"side": "shadow" if "Cirdan's Ships" not in hand else "free_peoples", "die": die},
           "hand": hand, "claims": claims}
    if played:
        doc["played"] = list(played)
    out = pycombat.load(doc).verify().to_json()
    return {c["id"]: c for c in out["claims"]}, out


def _rules(v: dict) -> set[str]:
    return {r["rule"] for r in v["reasons"]}


@pytest.mark.parametrize("die, plays", [("eye", False), ("character", False), ("army", False), ("muster", True),
                                        ("army_muster", True), ("event", True)])
def test_a_described_muster_card_places_exactly_when_the_die_plays_it(die, plays):
    got, _ = _verdicts(die, [MUSTER_CARD], [
        {"id": "play", "claim": "Orc reinforcements may be played"},
        {"id": "place", "claim": "Orc reinforcements may bring 2 Sauron Regulars into Barad-dur"},
        {"id": "place-kind", "kind": "place", "by": "card", "card": "Orc reinforcements", "nation": "Sauron",
         "figure": "regular", "count": 2, "region": "Barad-dur"}])
    assert got["play"]["verdict"] is plays
    assert got["place"]["verdict"] is plays and got["place-kind"]["verdict"] is plays
    if not plays:
        assert _rules(got["place"]) == _rules(got["play"]) == {"WOTR-DICE-8"}
        assert any("cannot be played" in n for n in got["place"]["notes"])
    else:
        assert "WOTR-EVT-6" in _rules(got["place"])


def test_the_claims_die_result_is_the_one_that_must_play_the_card():
    got, _ = _verdicts("eye", [MUSTER_CARD], [
        {"id": "char", "claim": "Orc reinforcements may bring 2 Sauron Regulars into Barad-dur with a Character die"},
        {"id": "muster", "claim": "Orc reinforcements may bring 2 Sauron Regulars into Barad-dur with a Muster die"},
        {"id": "kind-char", "kind": "place", "by": "card", "card": "Orc reinforcements", "nation": "Sauron",
         "figure": "regular", "count": 2, "region": "Barad-dur", "die": "character"},
        {"id": "neg", "claim": "Orc reinforcements cannot bring 2 Sauron Regulars into Barad-dur with a Character die"}])
    assert [got[k]["verdict"] for k in ("char", "muster", "kind-char", "neg")] == [False, True, False, True]
    assert _rules(got["char"]) == {"WOTR-DICE-8"}
    assert any("icon does not match: character, muster" in n for n in got["char"]["notes"])


def test_a_shipped_recruit_card_with_an_eye_is_decided_false_not_left_open():
    got, out = _verdicts("eye", ["Pits of Mordor"], [
        {"id": "play", "claim": "Pits of Mordor may be played"},
        {"id": "place", "claim": "Pits of Mordor may bring 2 Sauron Regulars into Barad-dur"}])
    assert got["play"]["verdict"] is False and got["place"]["verdict"] is False
    assert _rules(got["place"]) == {"WOTR-DICE-8"}
    assert not got["place"].get("unmodelled") and out["unmodelled"] == []
    assert any("set aside: Pits of Mordor's printed recruit" in n for n in got["place"]["notes"])


def test_a_printed_requirement_that_fails_stops_the_placement():
    got, _ = _verdicts("muster", ["Pits of Mordor", "The King is Revealed"], [
        {"id": "pits", "claim": "Pits of Mordor may bring 2 Sauron Regulars into Barad-dur"},
        {"id": "king", "claim": "The King is Revealed may bring 5 Sauron Regulars into Minas Morgul"}],
        politics={"Gondor": "at_war", "Sauron": {"steps": 1, "active": True}})
    assert got["pits"]["verdict"] is False and got["king"]["verdict"] is False
    assert _rules(got["pits"]) == {"WOTR-EVT-8"} and _rules(got["king"]) == {"WOTR-EVT-8"}
    assert any("Sauron is not At War" in n for n in got["pits"]["notes"])
    assert any("Aragorn not in play" in n for n in got["king"]["notes"])


def test_cirdans_ships_needs_the_elves_at_war_to_bring_anything():
    got, _ = _verdicts("muster", ["Cirdan's Ships"], [
        {"id": "play", "claim": "Cirdan's Ships may be played"},
        {"id": "place", "claim": "Cirdan's Ships may bring 2 Elven Regulars into Grey Havens"}])
    assert got["play"]["verdict"] is False and got["place"]["verdict"] is False
    assert _rules(got["place"]) == {"WOTR-EVT-8"}
    assert any("Elves is not At War" in n for n in got["place"]["notes"])


def test_a_card_already_played_brings_nothing():
    got, _ = _verdicts("muster", ["Pits of Mordor"], [
        {"id": "play", "claim": "Shadows Gather may be played"},
        {"id": "place", "claim": "Shadows Gather may bring 1 Sauron Regular into Barad-dur"}],
        played=["Shadows Gather"])
    assert got["play"]["verdict"] is False and got["place"]["verdict"] is False
    assert _rules(got["place"]) == _rules(got["play"]) == {"WOTR-EVT-3"}
