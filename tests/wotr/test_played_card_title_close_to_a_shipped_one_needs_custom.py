"""WOTR-EVT-3: a card in ``played:`` never comes back. Its title gets the check every title the file gives gets
(a hand mapping, ``action.card``): a title close to a shipped Event card's is a misspelling, refused with exit 2
naming the field and the shipped title, unless written ``{name: ..., custom: true}``, so that a typo never drops
the played card and lets "X may be played" hold for a card the file says was played."""
from __future__ import annotations

import copy

import pytest

import pycombat
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr.schema import scenario_from_dict

DOC = {"game": "wotr", "title": "a card played",
       "politics": {"Sauron": "at_war", "Gondor": "at_war", "Isengard": "at_war"},
       "position": {"regions": {"Osgiliath": {"units": {"Sauron": {"regulars": 5}}}}},
       "action": {"side": "shadow", "die": "event"},
       "hand": ["Pits of Mordor"],
       "claims": [{"id": "sg", "claim": "Shadows Gather may be played"}]}


def _with_played(played: list, hand=("Pits of Mordor",)) -> dict:
    doc = copy.deepcopy(DOC)
    doc["played"], doc["hand"] = played, list(hand)
    return doc


def _refusal(played: list) -> str:
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(_with_played(played), file="played.yaml")
    return str(exc.value)


def test_a_misspelt_played_title_is_refused_naming_the_shipped_card(tmp_path, capsys):
    msg = _refusal(["Shadows Gatherr"])
    assert msg.startswith("played.yaml: played[0]: 'Shadows Gatherr' is no shipped Event card; "
                          "did you mean 'Shadows Gather'?")
    assert "custom: true" in msg
    path = tmp_path / "played.yaml"
    path.write_text("""game: wotr
politics: {Sauron: at_war, Gondor: at_war}
position:
  regions:
    Osgiliath: {units: {Sauron: {regulars: 5}}}
action: {side: shadow, die: event}
hand: [Pits of Mordor]
played: [Shadows Gatherr]
claims: [Shadows Gather may be played]
""", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "played[0]" in err and "did you mean 'Shadows Gather'" in err and "Traceback" not in err


def test_the_shipped_title_played_stops_the_card():
    got = {c["id"]: c for c in pycombat.load(_with_played(["shadows gather"])).verify().to_json()["claims"]}
    assert got["sg"]["verdict"] is False
    assert {r["rule"] for r in got["sg"]["reasons"]} == {"WOTR-EVT-3"}


def test_a_card_of_the_files_own_may_be_played_under_a_close_title_marked_custom():
    s = scenario_from_dict(_with_played([{"name": "Shadows Gatherr", "custom": True}, "Spent card"]), file="p.yaml")
    assert s.played == ("Shadows Gatherr", "Spent card")
    doc = _with_played([{"name": "Shadows Gatherr", "custom": True}], hand=("Shadows Gather",))
    got = {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}
    assert got["sg"]["verdict"] is True


def test_a_shipped_title_marked_custom_or_a_combat_title_is_refused():
    assert "played[0].custom: Shadows Gather is a shipped Event card" in _refusal([{"name": "Shadows Gather",
                                                                                    "custom": True}])
    assert "is the Combat card printed on" in _refusal(["Shield-wall"])
