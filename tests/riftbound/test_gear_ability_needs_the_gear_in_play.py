"""The [Action] ability of a gear (Divining Shells: "[Action] Kill this, exhaust: Give a unit +2 Might this turn") is
used by a player who controls that gear in play (RB-CARD-17): one his side's ``gear:`` lists, or one the scenario does
not list, which his ``gear_elsewhere`` must allow. "Kill this" kills it as it is used, so one gear is used once, and a
card killing gear finds it (Acceptable Losses: "Each player kills one of their gear", RB-CARD-22). The showdown game
from both hands offers the ability of a listed gear."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

SHELLS = {"play": "Divining Shells", "by": "attacker", "target": "A3", "paid": {"energy": 0, "power": 0}}
LOSSES = {"play": "Acceptable Losses", "by": "defender", "target": [], "paid": {"energy": 2, "power": 0}}


def _doc(showdown, elsewhere=0, listed=(), defender_might=4) -> dict:
    attacker = {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]}
    if elsewhere is not None:
        attacker["gear_elsewhere"] = elsewhere
    if listed:
        attacker["gear"] = list(listed)
    return {"game": "riftbound", "battlefield": "Zaun Warrens", "rules": {"card_costs": "stated"},
            "attacker": attacker,
            "defender": {"player": "Bo", "gear_elsewhere": 0,
                         "units": [{"name": "D", "custom": True, "might": defender_might}]},
            "showdown": list(showdown)}


def _might(doc) -> int:
    sd = play_showdown(scenario_from_dict(doc))
    return next(u.current_might for u in sd.board.attacker if u.name == "A3")


def test_no_gear_elsewhere_and_none_listed_refuses_the_ability():
    with pytest.raises(ScenarioError, match=r"no Divining Shells of the attacker's in play.*gear_elsewhere: 0"):
        play_showdown(scenario_from_dict(_doc([SHELLS])))


def test_acceptable_losses_then_the_ability_of_an_unlisted_gear_is_refused():
    """Ann controls no gear (`gear_elsewhere: 0`, none listed): she kills none to Acceptable Losses, and has no Divining
    Shells to use afterwards."""
    with pytest.raises(ScenarioError, match="no Divining Shells"):
        play_showdown(scenario_from_dict(_doc([LOSSES, SHELLS])))


def test_a_gear_with_an_action_ability_may_be_listed_and_used():
    assert _might(_doc([SHELLS], listed=["Divining Shells"])) == 5


def test_acceptable_losses_kills_the_listed_gear_before_its_ability_is_used():
    """Divining Shells is Ann's only gear: Acceptable Losses kills it; its ability cannot be used after."""
    doc = _doc([LOSSES], listed=["Divining Shells"])
    sd = play_showdown(scenario_from_dict(doc))
    assert "Divining Shells (the attacker's) is killed" in " ".join(ln.text for ln in sd.lines)
    with pytest.raises(ScenarioError, match="no Divining Shells"):
        play_showdown(scenario_from_dict(_doc([LOSSES, SHELLS], listed=["Divining Shells"])))


@pytest.mark.parametrize("elsewhere, listed", [(0, ["Divining Shells"]), (1, []), (0, [])])
def test_a_self_killing_gear_is_used_once(elsewhere, listed):
    """"Kill this" is its cost: one Divining Shells gives +2 once; a second use needs a second gear."""
    with pytest.raises(ScenarioError, match="no Divining Shells"):
        play_showdown(scenario_from_dict(_doc([SHELLS, SHELLS], elsewhere, listed, defender_might=6)))


@pytest.mark.parametrize("elsewhere, listed", [(None, []), (2, []), (0, ["Divining Shells", "Divining Shells"]),
                                               (1, ["Divining Shells"])])
def test_two_gear_give_two_uses(elsewhere, listed):
    assert _might(_doc([SHELLS, SHELLS], elsewhere, listed, defender_might=6)) == 7


def test_acceptable_losses_takes_the_one_unlisted_gear_allowed():
    """`gear_elsewhere: 1` and nothing listed: Acceptable Losses kills that gear, so none is left for the ability."""
    with pytest.raises(ScenarioError, match="no Divining Shells"):
        play_showdown(scenario_from_dict(_doc([LOSSES, SHELLS], elsewhere=1)))


def test_the_bad_entry_is_one_clear_error_with_exit_2(tmp_path, capsys):
    import yaml
    from pycombat.cli import main

    f = tmp_path / "shells.yaml"
    f.write_text(yaml.safe_dump(_doc([LOSSES, SHELLS])))
    assert main(["verify", str(f)]) == 2
    err = capsys.readouterr().err
    assert "showdown[1].play" in err and "Traceback" not in err


def test_the_hand_game_offers_a_listed_gears_ability():
    """A3 (3) with Divining Shells listed against D (4): Ann uses it (+2) and conquers; Bo's Acceptable Losses,
    played first or after, cannot stop both the kill and the use."""
    doc = _doc([], listed=["Divining Shells"])
    del doc["showdown"], doc["rules"]
    doc["hand"] = {"defender": ["Acceptable Losses"]}
    assert pycombat.load(doc).run("optimize", objective="conquer").solution.value == 1
    doc["attacker"].pop("gear")
    assert pycombat.load(doc).run("optimize", objective="conquer").solution.value == 0
