"""optimize with Combat cards in hand: the round-1 card choice is a zero-sum matrix game solved
exactly (checked here by the optimality conditions and the pure bounds), each cell the exact battle."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle.process import Policy, objective_of
from pycombat.games.wotr.cards.battle import card_battle_odds
from pycombat.games.wotr.cards.optimize import choose_cards, solve_matrix_game
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup
from budget import examples  # noqa: E402


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 3).flatmap(lambda m: st.integers(1, 3).flatmap(
    lambda n: st.lists(st.lists(st.integers(-4, 4), min_size=n, max_size=n), min_size=m, max_size=m))))
def test_matrix_game_solution_is_optimal(rows):
    a = [[Fraction(v) for v in r] for r in rows]
    v, x, y = solve_matrix_game(a)
    assert sum(x) == 1 and sum(y) == 1 and min(x) >= 0 and min(y) >= 0
    for j in range(len(a[0])):  # x guarantees at least v against every column
        assert sum(x[i] * a[i][j] for i in range(len(a))) >= v
    for i in range(len(a)):  # y concedes at most v to every row
        assert sum(a[i][j] * y[j] for j in range(len(a[0]))) <= v
    maximin = max(min(r) for r in a)
    minimax = min(max(a[i][j] for i in range(len(a))) for j in range(len(a[0])))
    assert maximin <= v <= minimax


def test_matching_pennies_is_mixed():
    v, x, y = solve_matrix_game([[Fraction(1), Fraction(-1)], [Fraction(-1), Fraction(1)]])
    assert v == 0 and x == [Fraction(1, 2)] * 2 and y == [Fraction(1, 2)] * 2


def test_hand_choice_cells_are_the_exact_battles():
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2}}, "nazgul": 1,
                         "hand": ["Deadly Strife", "Durin's Bane"]},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "hand": ["Shield-wall"], "retreat_to": []},
            "rules": {"casualty_policy": "regulars_first"}}
    s = scenario_from_dict(data, file="hand.yaml")
    cc = choose_cards(s, "win")
    assert cc.rows == ["no card", "Deadly Strife"] and cc.cols == ["no card", "Shield-wall"]
    assert [e["card"] for e in cc.excluded] == ["Durin's Bane"] and "WOTR-CARD-5" in cc.excluded[0]["why"]
    setup = battle_setup(s)
    from dataclasses import replace

    from pycombat.games.wotr.cards.catalog import load_combat_cards

    db = load_combat_cards()
    plan = replace(s.card_plan, cards={"attacker": db.card("Deadly Strife"), "defender": db.card("Shield-wall")})
    res = card_battle_odds(s, setup, plan, Policy()).result
    want = sum(p * objective_of(setup, "win", setup.start, o) for o, p in res.outcomes.items())
    assert cc.matrix[1][1] == want
    assert min(min(r) for r in cc.matrix) <= cc.value <= max(max(r) for r in cc.matrix)
