"""Whether the die result plays the Event card of `action.card` is decided in one place,
cards/events.py `may_play` (cards.lp: the card's icon, WOTR-DICE-8; the Mouth of Sauron's Muster
result used as an Army result, WOTR-DICE-2): the loader has no second check of its own. A card the
die may not play gives no legal moves, each move claim FALSE citing the rule (docs/wotr.md), never an
input error; `pycombat card` names every die result that plays the card, the Mouth's Muster too."""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.cli import main

MOUTH = {"game": "wotr", "title": "Shadows Gather with the Mouth's Muster die",
         "politics": {"Sauron": "at_war", "Gondor": "at_war"},
         "position": {"regions": {
             "Dagorlad": {"units": {"Sauron": {"regulars": 2}}},
             "Dead Marshes": {"characters": ["The Witch-king"], "nazgul": 2},
             "Morannon": {"units": {"Sauron": {"regulars": 2}}, "characters": ["The Mouth of Sauron"]}}},
         "action": {"side": "shadow", "die": "muster", "card": {"name": "Shadows Gather"}},
         "hand": ["Shadows Gather", "Olog-hai"],
         "claims": [{"id": "play", "claim": "Shadows Gather may be played"},
                    {"id": "move", "claim": "the Army in Dagorlad may move to Morannon"},
                    {"id": "none", "claim": "there are 0 legal moves"}]}


def _verdicts(doc: dict) -> dict[str, dict]:
    return {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}


def _rules(claim: dict) -> set[str]:
    return {r["rule"] for r in claim["reasons"]}


def test_the_mouths_muster_result_plays_shadows_gather_with_action_card():
    got = _verdicts(MOUTH)
    assert got["play"]["verdict"] is True
    assert got["move"]["verdict"] is True
    assert got["none"]["verdict"] is False
    assert "WOTR-DICE-2" in _rules(got["move"])  # the Muster result used as an Army result plays the Army card


def test_the_mouths_muster_result_once_used_plays_no_army_card_and_moves_nothing():
    doc = copy.deepcopy(MOUTH)
    doc["action"]["mouth_muster_used"] = True
    got = _verdicts(doc)
    assert got["play"]["verdict"] is False
    assert got["move"]["verdict"] is False
    assert "WOTR-DICE-8" in _rules(got["move"])
    assert got["none"]["verdict"] is True


@pytest.mark.parametrize("die", ["eye", "character"])
def test_a_die_that_does_not_play_the_card_gives_no_moves_citing_the_icon_rule(die):
    doc = copy.deepcopy(MOUTH)
    doc["action"]["die"] = die
    doc["hand"] = ["Shadows Gather"]
    got = _verdicts(doc)
    assert got["move"]["verdict"] is False
    assert "WOTR-DICE-8" in _rules(got["move"])
    assert any("icon does not match" in n for n in got["move"]["notes"])
    assert got["none"]["verdict"] is True


def test_a_described_card_the_die_does_not_play_gives_no_moves():
    doc = copy.deepcopy(MOUTH)
    doc["action"] = {"side": "shadow", "die": "character", "card": {"name": "a march", "moves": 2, "type": "army",
                                                                   "custom": True}}
    doc.pop("hand")
    doc["claims"] = doc["claims"][1:]
    got = _verdicts(doc)
    assert got["move"]["verdict"] is False
    assert "WOTR-DICE-8" in _rules(got["move"])
    assert got["none"]["verdict"] is True
    doc["action"]["die"] = "army"
    assert _verdicts(doc)["move"]["verdict"] is True


def test_enumerate_lists_no_move_for_a_card_the_die_does_not_play(tmp_path, capsys):
    import yaml

    doc = copy.deepcopy(MOUTH)
    doc["action"]["die"] = "eye"
    path = tmp_path / "eye.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["enumerate", str(path), "--count"]) == 0
    out = capsys.readouterr().out
    assert "Shadows Gather cannot be played (WOTR-DICE-8: icon does not match: eye, army)" in out
    assert "0 legal moves" in out


def test_card_lookup_names_the_mouths_muster_result_for_an_army_card():
    from pycombat.games.wotr.cards.lookup import card

    effects = card("Shadows Gather").card["cards"][0]["event_effects"]
    mouth = [e for e in effects if "Mouth of Sauron" in e["what"]]
    assert len(mouth) == 1 and mouth[0]["rule"] == "WOTR-DICE-2" and "Muster result" in mouth[0]["what"]
    dice = next(e for e in effects if e["rule"] == "WOTR-DICE-8")["what"]
    assert dice == "played as an action with an Army result, an Army/Muster result or an Event result (position files)"
    athelas = card("Athelas").card["cards"][0]["event_effects"]
    assert not any("Mouth of Sauron" in e["what"] for e in athelas)  # a Character card: no Muster result plays it


def test_an_unknown_icon_message_uses_the_right_article(tmp_path, capsys):
    import yaml

    doc = copy.deepcopy(MOUTH)
    doc["action"] = {"side": "shadow", "die": "army"}
    doc["hand"] = [{"name": "a plan", "type": "strategy"}]
    doc["claims"] = [{"id": "p", "claim": "a plan may be played"}]
    path = tmp_path / "plan.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "whether an Army result plays it" in err
