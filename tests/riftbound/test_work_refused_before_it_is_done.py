"""Work is bounded before it is done (docs/limits.md): a side whose legal splits all tie is answered without clingo's
optN, a loose upper bound of a side's splits is counted before grouping them is refused, a showdown game from hands
estimated past the states ``--max-nodes`` allows is refused before any search (and a search past them stops there),
and a depth-limited tree from hands is built without solving the game. Each test counts the work the refused or
skipped step would have done (a solver call, a search), never the time."""
from __future__ import annotations

import pytest

from pycombat.errors import TooLargeError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage import game as damage_game
from pycombat.games.riftbound.damage import splits as splits_mod
from pycombat.games.riftbound.damage.game import kill_classes
from pycombat.games.riftbound.damage.splits import LegalSplits, best_splits
from pycombat.games.riftbound.play import solve as play_solve
from pycombat.games.riftbound.schema import example_path, load_scenario, scenario_from_dict


def _units(prefix: str, mights: list[int]) -> list[dict]:
    return [{"name": f"{prefix}{i}", "custom": True, "might": m} for i, m in enumerate(mights)]


def _doc(att: list[int], dfn: list[int], hand: dict | None = None) -> dict:
    doc = {"game": "riftbound", "title": "sizes", "battlefield": "Zaun Warrens",
           "attacker": {"player": "Ann", "units": _units("A", att)},
           "defender": {"player": "Bo", "units": _units("D", dfn)}}
    if hand:
        doc["hand"] = hand
    return doc


def test_a_side_whose_splits_all_tie_is_listed_without_clingos_optn(monkeypatch):
    # 20 damage over 8 defenders of total lethal 17: every split kills them all, 3 left over: C(10, 7) = 120 splits
    board = play_showdown(scenario_from_dict(_doc([5, 5, 5, 5], [2, 2, 2, 2, 2, 2, 2, 3]))).board
    legal = sorted(LegalSplits(board, "attacker", representation="vector"), key=lambda s: sorted(s.amounts))

    def no_solver(*args, **kwargs):
        raise AssertionError("clingo asked")

    monkeypatch.setattr(splits_mod.Solver, "optimize", no_solver)
    monkeypatch.setattr(splits_mod.Solver, "models", no_solver)
    got = best_splits(board, "attacker").splits
    assert len(got) == len(legal) == 120
    assert [s.amounts for s in got] == [s.amounts for s in legal]


def test_a_twenty_against_twenty_board_is_answered():
    # the attacker's 97 damage gives every defender lethal (8,855 splits, all tied); the defender's 93 damage has an
    # upper bound of 11,534,336 splits and 125 of them: counted (stopping past the limit), then grouped
    att = [2 + i % 7 for i in range(20)]
    dfn = [1 + i % 9 for i in range(20)]
    scenario = scenario_from_dict(_doc(att, dfn))
    board = play_showdown(scenario).board
    assert LegalSplits(board, "defender").upper_bound() == 11_534_336
    assert sum(c.count for c in kill_classes(board, "defender")) == 125
    report = verbs.odds(scenario)
    assert report.result.outcome == "conquer"
    assert sum(c.count for c in kill_classes(board, "attacker")) == 8_855


def test_too_many_splits_to_group_says_what_to_change(monkeypatch):
    board = play_showdown(scenario_from_dict(_doc([3, 4], [4, 4, 4, 4, 4, 4]))).board  # 7 damage over 6 defenders
    monkeypatch.setattr(LegalSplits, "__iter__", lambda self: (_ for _ in ()).throw(AssertionError("listed")))
    with pytest.raises(TooLargeError) as err:
        damage_game._kill_classes(board, "attacker", 10)
    assert str(err.value).endswith("legal splits: too many to group by the units they kill (limit 10); give the "
                                   "defender fewer units or the attacker less Might; `pycombat enumerate --side "
                                   "attacker --limit N` lists its first N splits")


def test_a_game_from_hands_past_the_budget_is_refused_before_any_search(monkeypatch):
    doc = _doc([3, 4, 5, 6, 3, 4], [3, 4, 5, 6, 7, 3], {"attacker": ["Feral Strength"], "defender": ["Frigid Touch"]})
    searched = []
    monkeypatch.setattr(play_solve, "solve_zero_sum", lambda *a, **k: searched.append(1))
    with pytest.raises(TooLargeError) as err:
        verbs.optimize(scenario_from_dict(doc), max_nodes=100_000)
    assert "is estimated at about 195,940 states, more than --max-nodes 100,000; give fewer cards in `hand:` or " \
           "raise --max-nodes to 195,940" in str(err.value)
    assert searched == []


def test_a_game_estimated_past_the_search_budget_is_still_searched(monkeypatch):
    """The estimate counts the whole game, of which alpha-beta pruning often searches a hundredth: a game estimated
    past the states the search may visit, but not past --max-nodes, is searched (and stops at the budget if it
    must); its value is the one found with any budget."""
    s = load_scenario(example_path("showdown_hands.yaml"))
    plain = verbs.optimize(s).solution.value
    monkeypatch.setattr(play_solve, "estimate", lambda game: 150_000)  # past the 100,000 states searched
    assert verbs.optimize(s).solution.value == plain


def test_a_whole_tree_from_hands_past_the_states_it_may_build_is_refused(monkeypatch, tmp_path):
    s = load_scenario(example_path("showdown_hands.yaml"))
    monkeypatch.setattr(play_solve, "estimate", lambda game: 150_000)
    with pytest.raises(TooLargeError, match=r"estimated at about 150,000 states, more than the 100,000 --max-nodes "
                                            r"2,000,000 allows \(20 nodes a state\); use --depth N"):
        verbs.tree(s, output=str(tmp_path / "t.graphml"))


def test_a_search_past_the_budget_stops_there(monkeypatch):
    s = load_scenario(example_path("showdown_hands.yaml"))
    monkeypatch.setattr(play_solve, "estimate", lambda game: 1)  # an estimate far under the truth
    with pytest.raises(TooLargeError, match=r"needs more than the 50 states searched --max-nodes 1,000 allows "
                                            r"\(20 nodes a state\) \(estimated at 1\); give fewer cards in `hand:` "
                                            r"or raise --max-nodes"):
        verbs.optimize(s, max_nodes=1_000)


def test_a_tree_of_the_first_plies_from_hands_does_not_solve_the_game(monkeypatch, tmp_path):
    doc = _doc([3, 4, 5, 6, 3, 4], [3, 4, 5, 6, 7, 3], {"attacker": ["Feral Strength"], "defender": ["Frigid Touch"]})

    def no_search(*args, **kwargs):
        raise AssertionError("the game solved")

    monkeypatch.setattr(play_solve, "solve_zero_sum", no_search)
    monkeypatch.setattr(play_solve, "solve", no_search)
    report = verbs.tree(scenario_from_dict(doc), output=str(tmp_path / "t.graphml"), depth=2)
    assert (report.stats.nodes, report.depth) == (471, 2)
    assert isinstance(report.unmodelled, list)
    with pytest.raises(TooLargeError, match="estimated at about 195,940 states"):  # the whole game: refused first
        verbs.tree(scenario_from_dict(doc), output=str(tmp_path / "t.graphml"))
