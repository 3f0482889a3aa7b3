"""RB-CARD-1: a card whose targets are tied to each other's location chooses them there, in every verb: Facebreaker's
"a friendly unit and an enemy unit at the same battlefield", Heroic Charge's "an enemy unit at its location" (the
friendly unit's), Bellows Breath's "up to three units at the same location" (any one location: this battlefield or
one player's base). A target elsewhere is refused (exit 2, naming ``showdown[i].target``) and never offered by the
showdown game."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(showdown=None, hand=None):
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens",
           "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3},
                                                   {"name": "A5", "custom": True, "might": 5}],
                        "base": [{"name": "AB2", "custom": True, "might": 2}, {"name": "AB1", "custom": True, "might": 1}]},
           "defender": {"player": "Bo", "units": [{"name": "D4", "custom": True, "might": 4},
                                                  {"name": "D2", "custom": True, "might": 2}],
                        "base": [{"name": "DB3", "custom": True, "might": 3}]}}
    if showdown is not None:
        doc["showdown"] = showdown
    if hand is not None:
        doc["hand"] = {"attacker": hand, "defender": []}
    return doc


def _play(card, targets):
    return play_showdown(scenario_from_dict(_doc([{"play": card, "by": "attacker", "target": targets}]), file="<t>"))


@pytest.mark.parametrize("card,targets,why", [
    ("Facebreaker", ["AB2", "D4"], "AB2 is not at a battlefield"),
    ("Facebreaker", ["A3", "DB3"], "DB3 is not at A3's location"),
    ("Heroic Charge", ["AB2", "D4"], "D4 is not at AB2's location"),
    ("Heroic Charge", ["A3", "DB3"], "DB3 is not at A3's location"),
    ("Bellows Breath", ["D4", "DB3"], "not all at one location"),
])
def test_a_target_away_from_the_unit_it_is_tied_to_is_refused(card, targets, why):
    with pytest.raises(ScenarioError, match=why) as e:
        _play(card, targets)
    assert e.value.path == "showdown[0].target" and "RB-CARD-1" in str(e.value)


def test_targets_at_one_location_are_accepted():
    sd = _play("Facebreaker", ["A3", "D4"])
    assert {u.name for u in sd.board.attacker + sd.board.defender if u.stunned} == {"A3", "D4"}
    sd = _play("Heroic Charge", ["A3", "D2"])
    assert {u.name for u in sd.board.defender if u.stunned} == {"D2"}
    _play("Bellows Breath", ["AB2", "AB1"])  # all at one base: one location


def test_the_cli_refuses_it_with_exit_2(tmp_path, capsys):
    f = tmp_path / "fb.yaml"
    f.write_text(yaml.safe_dump(_doc([{"play": "Facebreaker", "by": "attacker", "target": ["A3", "DB3"]}])))
    assert main(["verify", str(f)]) == 2
    assert "showdown[0].target" in capsys.readouterr().err


@pytest.mark.parametrize("card", ["Facebreaker", "Heroic Charge"])
def test_the_showdown_game_offers_only_targets_at_one_location(card, tmp_path, capsys):
    f = tmp_path / "opt.yaml"
    f.write_text(yaml.safe_dump(_doc(hand=[card])))
    assert main(["optimize", str(f), "--top", "20"]) == 0
    offered = [ln.strip() for ln in capsys.readouterr().out.splitlines() if f"plays {card} on" in ln]
    assert offered and not any(b in ln for ln in offered for b in ("AB2", "AB1", "DB3"))
