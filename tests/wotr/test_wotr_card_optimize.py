"""optimize with Combat cards in hand: the round-1 card choice is a zero-sum matrix game solved
exactly (checked here by the optimality conditions and the pure bounds), each cell the exact battle."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.games.wotr.battle.process import Policy, objective_of
from pycombat.games.wotr.cards.battle import card_battle_odds
from pycombat.games.wotr.cards.optimize import choose_cards
from pycombat.matrix_game import solve_matrix_game
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


def _hands(max_rounds=None, attacker_hand=("Deadly Strife", "Durin's Bane"), defender_hand=("Shield-wall",)):
    data = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2}}, "nazgul": 1,
                         "hand": list(attacker_hand)},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "hand": list(defender_hand), "retreat_to": []},
            "rules": {"casualty_policy": "regulars_first"}}
    if max_rounds is not None:
        data["rules"]["max_rounds"] = max_rounds
    return scenario_from_dict(data, file="hand.yaml")


def _battle_value(s, cards: dict) -> Fraction:
    from dataclasses import replace

    from pycombat.games.wotr.cards.catalog import load_combat_cards

    db = load_combat_cards()
    setup = battle_setup(s)
    plan = replace(s.card_plan, cards={r: db.card(c) if c else None for r, c in cards.items()})
    res = card_battle_odds(s, setup, plan, Policy()).result
    return sum(p * objective_of(setup, "win", setup.start, o) for o, p in res.outcomes.items())


def test_every_round_with_one_round_is_the_round_one_game():
    """WOTR-CARD-2: with max_rounds=1 the card game over every round is the round-1 matrix of the
    card battles (each cell from card_battle_odds, another path through the code)."""
    cc = choose_cards(_hands(max_rounds=1), "win")
    assert cc.rounds == "every" and cc.later == {}
    s = _hands(max_rounds=1)
    for i, a in enumerate(cc.rows):
        for j, d in enumerate(cc.cols):
            want = _battle_value(s, {"attacker": None if a == "no card" else a, "defender": None if d == "no card" else d})
            assert cc.matrix[i][j] == want


def test_every_round_cell_after_both_hands_are_spent_is_the_card_battle():
    """Once both players have played their only cards in round 1, the rest is the card-less battle: the
    cell equals card_battle_odds with those two cards (max_rounds=3: every round is chosen)."""
    s = _hands(max_rounds=3, attacker_hand=("Deadly Strife",))
    cc = choose_cards(s, "win")
    assert cc.rounds == "every" and cc.rows == ["no card", "Deadly Strife"] and cc.cols == ["no card", "Shield-wall"]
    assert cc.matrix[1][1] == _battle_value(s, {"attacker": "Deadly Strife", "defender": "Shield-wall"})
    # holding a card for later is worth something: the no-card cell is not the card-less battle
    assert cc.matrix[0][0] != _battle_value(s, {"attacker": None, "defender": None})
    for rnd, by in cc.later.items():
        assert rnd in (2, 3)
        for role, plays in by.items():
            assert sum(plays.values()) <= 1 and all(p > 0 for p in plays.values())
    js = cc.json()
    assert js["card_rounds"] == "every" and js["positions"] == cc.positions > 1


def test_a_battle_whose_positions_repeat_chooses_cards_in_every_round():
    """A field battle without max_rounds can repeat a position with the same hands (both pass, no hit):
    the cards are still chosen in every round, each repeating position valued by certified bounds
    (tests/wotr/test_wotr_unlimited_cards.py checks them), and the report says so."""
    cc = choose_cards(_hands(), "win")
    assert cc.rounds == "every" and cc.why_first_only is None and cc.repeat["positions"] > 0
    assert any("can repeat" in line for line in cc.lines())
