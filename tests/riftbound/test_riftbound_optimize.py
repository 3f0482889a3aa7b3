"""The best split (ASP optimize.lp, every optimal split) against the Python ranking of kill
classes, and the joint view on the engine's tree (build_tree, solve, principal_line)."""
from __future__ import annotations

from fractions import Fraction
import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_riftbound_bruteforce import boards

from pycombat.games.riftbound.damage.game import JointGame, Objective, kill_classes
from pycombat.games.riftbound.model import Board, Unit, other
from pycombat.games.riftbound.damage.optimize import optimize
from pycombat.games.riftbound.schema import example_path, load_scenario
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import LegalSplits, best_splits
from pycombat.tree import CHANCE, TERMINAL, build_tree, solve
from budget import examples  # noqa: E402

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _killed(board, side, split):
    return tuple(u.name for u in board.side(other(side)) if u.dies_with(split.get(u.name)))


@SETTINGS
@given(boards(max_defenders=3), st.sampled_from(["kills_then_might", "might_then_kills"]), st.booleans())
def test_asp_best_splits_are_the_top_kill_classes(board, objective, protect_one):
    protect = (board.defender[0].name,) if protect_one else ()
    game = JointGame(board, Objective(objective, protect))
    for side in ("attacker", "defender"):
        best = best_splits(board, side, objective=objective, protect=protect)
        top = max(game.score(side, c.killed) for c in game.classes[side])
        assert best.splits
        for sp in best.splits:
            assert game.score(side, _killed(board, side, sp)) == top, (side, sp)
        # and every split of a top class is among the ASP's optima
        every = {s.amounts for s in LegalSplits(board, side)}
        top_splits = {s for s in every if game.score(side, _killed(board, side, Split_(side, s))) == top}
        assert {s.amounts for s in best.splits} == top_splits


def Split_(side, amounts):
    from pycombat.games.riftbound.model import Split

    return Split(side, amounts)


@SETTINGS
@given(boards(max_defenders=3))
def test_joint_value_is_the_difference_of_the_best_scores(board):
    """Each split only touches the other side's units, so optimal joint play is each side's
    best split: value = best Attacker score - best Defender score, found by the tree solver."""
    game = JointGame(board, Objective())
    tree = build_tree(game.new_initial_state())
    value = solve(tree)
    best_a = max(game.score("attacker", c.killed) for c in game.classes["attacker"])
    best_d = max(game.score("defender", c.killed) for c in game.classes["defender"])
    assert value == (best_a - best_d, best_d - best_a)
    stats = tree.stats()
    ka, kd = len(game.classes["attacker"]), len(game.classes["defender"])
    assert stats.nodes == 1 + ka + ka * kd and stats.terminal == ka * kd


def test_state_api_contract():
    board = play_showdown(load_scenario(example_path("dune_surfer.yaml"))).board
    game = JointGame(board, Objective())
    s = game.new_initial_state()
    assert s.current_player() == 0 and s.num_players() == 2 and s.legal_actions() == [0, 1, 2, 3]
    d = s.child(0)
    assert d.current_player() == 1 and d.key() != s.key() and str(d).startswith("Defender splits")
    t = d.child(0)
    assert t.current_player() == TERMINAL and t.current_player() != CHANCE
    assert sum(t.returns()) == 0 and all(isinstance(x, Fraction) for x in t.returns())
    assert t.outcome() == "recall"


def test_kill_classes_cover_every_split():
    board = play_showdown(load_scenario(example_path("eight_defenders.yaml"))).board
    classes = kill_classes(board, "attacker")
    assert sum(c.count for c in classes) == 87
    assert len({c.killed for c in classes}) == len(classes)


def test_custom_values_and_a_scoring_function():
    """best_split_objective=custom: the units' value: (or a caller's function), then kills."""
    att = (Unit("A6", "attacker", 6),)
    dfd = (Unit("D6", "defender", 6, value=Fraction(7, 2)), Unit("D2", "defender", 2, value=Fraction(1)),
           Unit("D3", "defender", 3, value=Fraction(2)))
    flags = dict(load_scenario(example_path("seed_example.yaml")).flags, best_split_objective="custom")
    board = Board(att, dfd, flags)
    values = {u.name: u.value for u in dfd}
    best = best_splits(board, "attacker", objective="custom", values=values)
    assert [_killed(board, "attacker", s) for s in best.splits] == [("D6",)]  # 7/2 beats 1 + 2
    opt = optimize(board, Objective("custom", score=lambda killed: Fraction(len(killed) * 10 - ("D6" in killed))))
    assert opt.sides["attacker"].killed == ("D2", "D3")


def test_optimize_seed_line():
    board = play_showdown(load_scenario(example_path("seed_example.yaml"))).board
    opt = optimize(board, Objective())
    assert [st.action for st in opt.line][:2] == ["kill D3: D3 5", "kill A1: A4 2, A1 1"]
    assert opt.classes.outcomes == {"conquer"}
    assert opt.sides["defender"].legal == 2 and opt.sides["defender"].killed == ("A1",)


@pytest.mark.parametrize("objective, killed", [("custom", ("D6",)), ("kills_then_might", ("D2", "D3"))])
def test_the_outcome_takes_each_sides_best_split_under_the_flag(objective, killed):
    """A side without a stated split takes its first best split under best_split_objective (with the
    units' value: for custom): the outcome's damage step kills what that split kills."""
    from pycombat.games.riftbound.damage.outcome import chosen_splits
    from pycombat.games.riftbound.schema import scenario_from_dict

    doc = {"game": "riftbound", "rules": {"best_split_objective": objective},
           "attacker": {"units": [{"name": "A6", "custom": True, "might": 6}]},
           "defender": {"units": [{"name": "D6", "custom": True, "might": 6, "value": "7/2"},
                                  {"name": "D2", "custom": True, "might": 2, "value": 1},
                                  {"name": "D3", "custom": True, "might": 3, "value": 2}]}}
    s = scenario_from_dict(doc, file="<t>")
    board = play_showdown(s).board
    splits, how = chosen_splits(s, board)
    assert _killed(board, "attacker", splits["attacker"]) == killed and how["attacker"] == f"best ({objective})"


def test_every_choice_of_units_to_kill_shows_its_score_and_how_much_worse_it_is(capsys):
    """optimize ranks each side's choices of units to kill with their score and its difference from the
    best: at Dune Surfer's board, sparing Black Rose Dignitary, a kill weighs 17, a point of Might 1 and
    the protected unit killed -123 (worked out by hand: 17 + 6, 17 + 2, 2 * 17 + 4 - 123, 17 + 2 - 123)."""
    from pycombat import api
    from pycombat.cli import main

    path = example_path("dune_surfer.yaml")
    j = api.load(path).optimize(protect=["Black Rose Dignitary"]).to_json()
    ranked = [(c["kills"], c["score"], c["difference"]) for c in j["sides"]["attacker"]["kill_classes"]]
    assert ranked == [(["Galio - Indefatigable"], "23", "0"), (["Lecturing Yordle"], "19", "4"),
                      (["Lecturing Yordle", "Black Rose Dignitary"], "-85", "108"),
                      (["Black Rose Dignitary"], "-104", "127")]
    assert [c["difference"] for c in j["sides"]["defender"]["kill_classes"]] == ["0", "0"]  # a tie: both best
    # the joint game: the Attacker's choices, the Defender replying at his best (each kills one unit of 3
    # Might, 17 + 3 = 20): 23 - 20, 19 - 20, -85 - 20, -104 - 20
    joint = [(o["value"]["exact"], o["difference"]["exact"], o["chosen"]) for o in j["joint"]["alternatives"]]
    assert joint == [("3/1", "0/1", True), ("-1/1", "4/1", False), ("-105/1", "108/1", False),
                     ("-124/1", "127/1", False)]
    assert main(["optimize", str(path), "--protect", "Black Rose Dignitary", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "(1 kill, 2 Might; score 19, 4 worse)" in out and "(1 kill, 6 Might; score 23, best)" in out
    assert "kills the protected Black Rose Dignitary, 2 kills" not in out  # the third choice: past --top 2
    assert out.count("... 2 more") == 2 and "-1  (4 worse)" in out
