"""A card whose condition is its player's avatar in play anywhere, not only in the attacked company: Hoarmûrath
Unleashed (LE-193, "Hoarmûrath the Ringwraith is your Ringwraith", cancels an attack against any one of your
companies) and Above the Abyss (AS-77, "your Ringwraith is in play"). The company's ``avatar_in_play:`` states it;
unstated and no avatar in the company, the condition is named as not stated and a claim it could change is not
decided (MECCG-FX-10); an avatar in the company decides it."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import verify


def _cancel(members, avatar=None):
    defender = {"player": "Jim", "alignment": "minion", "site": "Moria", "members": members}
    if avatar is not None:
        defender["avatar_in_play"] = avatar
    return {"game": "meccg",
            "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]},
            "defender": defender,
            "claims": [{"id": "c", "claim": "Hoarmûrath Unleashed cancels the attack"}]}


def _abyss(avatar=None, members=("Shagrat", {"name": "Lagduf", "status": "tapped"})):
    doc = _cancel(list(members), avatar)
    doc["combat"] = {"strikes": [{"defender": "Shagrat", "attacker": "Aragorn II"},
                                 {"defender": "Lagduf", "attacker": "Gimli", "defender_cards": ["Above the Abyss"]}]}
    doc["claims"] = [{"id": "a", "claim": "Above the Abyss may be played at step 6 of the strike against Lagduf"}]
    return doc


def _verdict(doc):
    (v,) = verify(scenario_from_dict(doc, file="<t>")).verdicts
    return v


@pytest.mark.parametrize("members, avatar, verdict", [
    (["Shagrat", "Grishnákh"], "Hoarmûrath the Ringwraith", True),   # in play in another company
    (["Hoarmûrath the Ringwraith", "Shagrat"], None, True),          # in the attacked company
    (["Shagrat", "Grishnákh"], "Indûr the Ringwraith", False),      # another Ringwraith is his avatar
    (["Shagrat", "Grishnákh"], "none", False),
    (["Indûr the Ringwraith", "Shagrat"], None, False),
])
def test_hoarmurath_unleashed_reads_the_players_avatar_in_play(members, avatar, verdict):
    v = _verdict(_cancel(members, avatar))
    assert v.verdict is verdict, v
    if verdict is False:
        assert "MECCG-PRE-1" in v.rules and any("as its player's avatar in play" in n for n in v.notes), v.notes


def test_hoarmurath_unleashed_with_the_avatar_unstated_is_not_decided():
    v = _verdict(_cancel(["Shagrat", "Grishnákh"]))
    assert v.verdict is None
    assert any("avatar_in_play" in e["why"] for e in v.unmodelled)
    assert any("the verdict would be True" in n for n in v.notes), v.notes


@pytest.mark.parametrize("avatar, verdict", [("Indûr the Ringwraith", True), ("none", False), (None, None)])
def test_above_the_abyss_needs_a_ringwraith_in_play_anywhere(avatar, verdict):
    assert _verdict(_abyss(avatar)).verdict is verdict


def test_above_the_abyss_with_a_ringwraith_in_the_company_is_decided():
    members = ("Shagrat", {"name": "Lagduf", "status": "tapped"}, {"name": "Indûr the Ringwraith", "status": "tapped"})
    assert _verdict(_abyss(None, members)).verdict is True


@pytest.mark.parametrize("avatar, members, says", [
    ("Shagrat", ["Shagrat"], "no avatar"),
    ("Indûr the Ringwraith", ["Hoarmûrath the Ringwraith"], "MECCG-FX-34"),
    ("none", ["Hoarmûrath the Ringwraith"], "MECCG-FX-34"),
])
def test_a_wrong_avatar_in_play_is_refused(avatar, members, says):
    with pytest.raises(ScenarioError, match=says) as err:
        scenario_from_dict(_cancel(members, avatar), file="<t>")
    assert "avatar_in_play" in str(err.value)
