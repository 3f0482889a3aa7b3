"""A card the file describes (a hand mapping, ``action.card``) under a title close to a shipped Event card's (the
closeness of every "did you mean", ``pycombat.names.closest``) is a misspelling until the file says otherwise:
refused with exit 2, naming the field and the shipped title, unless marked ``custom: true``. A misspelt title
never silently drops the printed card (Shadows Gather: its 3 regions, its end among another Shadow Army, its
requirement). A shipped title is always the printed card (``custom: true`` on it is refused); a Combat card's
title described as an Event card is refused unless marked custom."""
from __future__ import annotations

import copy

import pytest

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.schema import scenario_from_dict

SHADOWS_GATHER = {
    "game": "wotr", "title": "Shadows Gather",
    "politics": {"Sauron": "at_war", "Gondor": "at_war", "Southrons": {"steps": 1}},
    "position": {"regions": {
        "Minas Morgul": {"units": {"Sauron": {"regulars": 4}}, "nazgul": 1},
        "North Ithilien": {"units": {"Gondor": {"regulars": 1}}},
        "Osgiliath": {"units": {"Sauron": {"regulars": 2}}},
        "Dagorlad": {"units": {"Sauron": {"regulars": 1}}},
        "West Harondor": {"units": {"Sauron": {"regulars": 2}}},
        "Near Harad": {"units": {"Southrons": {"regulars": 3}}},
        "Minas Tirith": {"units": {"Gondor": {"regulars": 3}, "Sauron": {"regulars": 2}}, "besieged": "free_peoples"}}},
    "action": {"side": "shadow", "die": "event", "card": {"name": "Shadows Gatherr", "moves": 3}},
}


def _count(doc: dict) -> int:
    return verbs.enumerate(scenario_from_dict(copy.deepcopy(doc), file="card.yaml"), count=True).counted.total


def _refusal(doc: dict) -> str:
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(copy.deepcopy(doc), file="card.yaml")
    return str(exc.value)


def test_misspelt_action_card_title_is_refused_with_the_shipped_title():
    msg = _refusal(SHADOWS_GATHER)
    assert msg.startswith("card.yaml: action.card.name: 'Shadows Gatherr' is no shipped Event card; "
                          "did you mean 'Shadows Gather'?")
    assert "`custom: true`" in msg


def test_misspelt_hand_mapping_title_is_refused(tmp_path, capsys):
    path = tmp_path / "hand.yaml"
    path.write_text("""game: wotr
politics: {Sauron: at_war}
position:
  regions:
    Morannon: {units: {Sauron: {regulars: 2}}}
action: {side: shadow, die: army}
hand: [{name: Shadows Gatherr, type: army}]
claims:
  - {claim: Shadows Gatherr may be played}
""", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "hand.yaml: hand[0].name: 'Shadows Gatherr' is no shipped Event card; did you mean 'Shadows Gather'?" in err
    assert "Traceback" not in err


def test_the_shipped_title_moves_as_printed_and_a_custom_card_as_described():
    printed = copy.deepcopy(SHADOWS_GATHER)
    printed["action"]["card"] = {"name": "Shadows Gather"}
    assert _count(printed) == 74  # it must end with another Shadow Army not under siege (WOTR-MOVE-10)
    custom = copy.deepcopy(SHADOWS_GATHER)
    custom["action"]["card"]["custom"] = True
    assert _count(custom) == 320  # a card of the file's own: 3 regions, no printed end


def test_custom_hand_card_with_a_close_title_is_read():
    doc = copy.deepcopy(SHADOWS_GATHER)
    doc["action"] = {"side": "shadow", "die": "army"}
    doc["hand"] = [{"name": "Shadows Gatherr", "type": "army", "custom": True}]
    s = scenario_from_dict(doc, file="card.yaml")
    assert [(c.name, c.icon, c.shipped, c.requirement) for c in s.hand] == [("Shadows Gatherr", "army", False, None)]


def test_a_title_far_from_every_shipped_one_needs_no_marker():
    doc = copy.deepcopy(SHADOWS_GATHER)
    doc["action"]["card"] = {"name": "a card moving one Army up to three regions", "moves": 3}
    assert _count(doc) == 320


def test_custom_on_a_shipped_title_is_refused():
    doc = copy.deepcopy(SHADOWS_GATHER)
    doc["action"]["card"] = {"name": "Shadows Gather", "custom": True}
    assert "action.card.custom: Shadows Gather is a shipped Event card" in _refusal(doc)
    doc["action"] = {"side": "shadow", "die": "army"}
    doc["hand"] = [{"name": "Shadows Gather", "custom": True}]
    assert "hand[0].custom: Shadows Gather is a shipped Event card" in _refusal(doc)


def test_a_combat_title_described_in_the_hand_is_refused_unless_custom():
    doc = copy.deepcopy(SHADOWS_GATHER)
    doc["action"] = {"side": "free_peoples", "die": "character"}
    doc["hand"] = [{"name": "Mighty Attack", "type": "army"}]
    assert "hand[0].name: 'Mighty Attack' is the Combat card printed on" in _refusal(doc)
    doc["hand"] = [{"name": "Mighty Attack", "type": "army", "custom": True}]
    assert scenario_from_dict(copy.deepcopy(doc), file="card.yaml").hand[0].name == "Mighty Attack"
