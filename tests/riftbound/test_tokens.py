"""Unit tokens played in a showdown (RB-CARD-15): named so later entries can choose them, at the base
(out of the combat until moved in) or at the battlefield (fighting for their side). Random boards
against the brute force: test_riftbound_cards.py (test_unit_tokens_against_the_oracle)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict

FLURRY = {"play": "Flurry of Feathers", "by": "defender", "mode": 2}


def _doc(showdown):
    return {"game": "riftbound", "attacker": {"units": ["Petty Officer"]},
            "defender": {"units": ["Stalwart Poro"]}, "showdown": showdown}


def _board(showdown):
    sd = play_showdown(scenario_from_dict(_doc(showdown)))
    assert not sd.unmodelled
    return sd


def test_tokens_at_the_base_do_not_fight_until_moved_in():
    sd = _board([{**FLURRY, "to": "base"}])
    assert [u.name for u in sd.board.defender] == ["Stalwart Poro"] and derive(sd.board).pool["defender"] == 3
    sd = _board([{**FLURRY, "to": "base"}, {"play": "Ride The Wind", "by": "defender", "target": "Bird 3"}])
    assert [u.name for u in sd.board.defender] == ["Stalwart Poro", "Bird 3"]
    assert derive(sd.board).pool["defender"] == 4


def test_tokens_at_the_battlefield_fight_and_are_numbered_on():
    sd = _board([{**FLURRY, "to": "base"}, {**FLURRY, "to": "battlefield"}])
    assert [u.name for u in sd.board.defender] == ["Stalwart Poro", "Bird 5", "Bird 6", "Bird 7", "Bird 8"]
    bird = sd.board.defender[1]
    assert (bird.might, bird.side, bird.keywords, bird.tags) == (1, "defender", ("Deflect",), ("Bird",))
    assert derive(sd.board).pool["defender"] == 7
    assert any("Bird 5 (Bird token, Might 1, Deflect) is played to the battlefield" in ln.text for ln in sd.lines)


def test_a_token_is_a_target_like_any_unit():
    sd = _board([{**FLURRY, "to": "battlefield"},
                 {"play": "Incinerate", "by": "attacker", "target": "Bird 2"}])
    assert "Bird 2" not in [u.name for u in sd.board.defender]


def test_where_the_tokens_go_must_be_said_when_the_card_does_not():
    with pytest.raises(ScenarioError, match=r"give `to: base`, `to: battlefield`.*RB-CARD-15"):
        play_showdown(scenario_from_dict(_doc([FLURRY])))


@pytest.mark.parametrize("by, to, legal", [
    ("defender", "battlefield", True), ("defender", "base", True), ("defender", "elsewhere", True),
    ("attacker", "battlefield", False), ("attacker", "base", True), ("attacker", "elsewhere", True)])
def test_tokens_go_where_their_player_may_play_units(by, to, legal):
    """A unit token is played as a unit is (CR 179.1.a, 352.2.a): to its player's base or a battlefield he controls;
    during the combat this battlefield stays the Defender's (CR 187.4.b), so the Attacker's tokens cannot enter it."""
    doc = _doc([{**FLURRY, "by": by, "to": to}])
    if not legal:
        with pytest.raises(ScenarioError, match=r"does not control this battlefield.*RB-CARD-15"):
            play_showdown(scenario_from_dict(doc))
        return
    sd = play_showdown(scenario_from_dict(doc))
    side = sd.board.defender if by == "defender" else sd.board.attacker
    assert sum(u.name.startswith("Bird") for u in side) == (4 if to == "battlefield" else 0)


@pytest.mark.parametrize("by, to, legal", [("defender", None, True), ("defender", "battlefield", True),
                                           ("defender", "base", False), ("attacker", None, True),
                                           ("attacker", "battlefield", False), ("attacker", "elsewhere", True)])
def test_a_hidden_card_plays_its_tokens_where_it_was_hidden(by, to, legal):
    """Guards! from facedown ("Play a 2 Might Sand Soldier unit token"): at the battlefield where it was hidden
    (RB-CARD-26): the Defender's here, the Attacker's at another battlefield."""
    guards = {"play": "Guards!", "by": by, "facedown": True, "condition": False, **({"to": to} if to else {})}
    doc = _doc([guards])
    if not legal:
        with pytest.raises(ScenarioError, match="RB-CARD-26"):
            play_showdown(scenario_from_dict(doc))
        return
    sd = play_showdown(scenario_from_dict(doc))
    here = [u.name for u in sd.board.attacker + sd.board.defender if u.name.startswith("Sand Soldier")]
    assert here == (["Sand Soldier 1"] if by == "defender" else [])


def test_the_other_mode_plays_no_token_and_a_later_name_is_unknown():
    doc = _doc([{"play": "Blood Rush", "by": "attacker", "target": "Petty Officer"},
                {"play": "Flurry of Feathers", "by": "defender", "mode": 1, "target": "Blood Rush"},
                {"play": "Incinerate", "by": "attacker", "target": "Bird 1"}])
    with pytest.raises(ScenarioError, match="Bird 1"):
        scenario_from_dict(doc)


def test_coverage_of_token_cards():
    rows = {c["name"]: c for c in coverage().cards}
    assert rows["Flurry of Feathers"]["status"] == "modelled"
    # [Hidden]: played from facedown; its token (exhausted) and its "you may pay a rune to ready it" are read
    assert rows["Guards!"]["status"] == "modelled"
    assert any("token=Sand Soldier" in m for m in rows["Guards!"]["modelled"])
    # Arise! is normal speed: nothing of it acts in a showdown (RB-SHOW-4)
    assert rows["Arise!"]["status"] == "none"
