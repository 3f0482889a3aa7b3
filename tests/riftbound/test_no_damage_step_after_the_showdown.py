"""RB-DMG-1 in the game from both hands: when the showdown leaves one side with no unit at the battlefield there is no
Combat Damage Step, so the game ends there: no split decisions (forced or not) on the line, no "Attacker splits first"
node after such a line in the tree, and the outcome says there was no damage step. The value does not change."""
from __future__ import annotations

import json

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import ShowdownGame
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.cli import main
from pycombat.tree import TERMINAL

#: Bo Gusts Ann's only unit back to her hand (the best play for him): nobody is left to fight D1
DOC = {"game": "riftbound", "attacker": {"player": "Ann", "units": [{"name": "A2", "custom": True, "might": 2}]},
       "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1}]},
       "hand": {"defender": ["Gust"]}}


def test_no_damage_decisions_when_the_showdown_leaves_one_side_alone():
    report = verbs.optimize(scenario_from_dict(DOC))
    sol = report.solution
    assert sol.value == 0 and sol.outcome == "keep"
    assert not sol.showdown.board.damage_step
    assert [ph for ph, _ in sol.decisions if ph == "damage"] == []
    assert not any("splits" in action for _, action in sol.line)
    assert report.to_json()["damage_step"] is False


def test_the_outcome_says_there_was_no_damage_step(tmp_path, capsys):
    path = tmp_path / "gust.json"
    path.write_text(json.dumps(DOC), encoding="utf-8")
    assert main(["optimize", str(path)]) == 0
    text = capsys.readouterr().out
    assert "(damage)" not in text  # no decision of the damage step listed
    outcome = next(ln for ln in text.splitlines() if ln.startswith("Outcome:"))
    assert "(damage step)" not in outcome and "no Combat Damage Step" in outcome and "RB-DMG-1" in outcome


def test_the_game_ends_with_the_showdown_when_one_side_has_no_unit_left():
    game = ShowdownGame(Lines(scenario := scenario_from_dict(DOC)), dict(scenario.hands), Objective())
    state = game.new_initial_state()
    for action in ("pass", "gust", "pass", "pass", "pass", "pass"):  # Gust A2 resolves, then both pass
        state = state.child("pass" if action == "pass" else next(
            a for a in state.legal_actions() if a != "pass" and a.targets == ("A2",)))
    assert state.current_player() == TERMINAL  # no split to make
    assert state.returns() == (0, 0)
    assert "no Combat Damage Step (RB-DMG-1)" in str(state)


def test_tree_has_split_nodes_only_where_both_sides_keep_units(tmp_path):
    out = tmp_path / "tree.dot"
    verbs.tree(scenario_from_dict(DOC), output=str(out))
    text = out.read_text(encoding="utf-8")
    # only the line where Bo keeps Gust in hand reaches the damage step; Gust on A2 or on D1 ends the game there
    assert text.count('tooltip="Attacker splits first"') == 1
    assert text.count("no Combat Damage Step (RB-DMG-1)") == 2
