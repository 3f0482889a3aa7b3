"""Cards in both hands in the strike-by-strike solver (pycombat/games/meccg/combat/matching.py).

With cards in both hands the strikes after phase III are a game without chance: the defender picks
the next strike (MECCG-SEQ-1), the attacker plays at step 1 (MECCG-SEQ-2), the defender answers at
step 6 (MECCG-SEQ-7). Its value is no sum of per-strike values and (shown here on small tables, each
checked by a brute force written in this file) not even a function of what the strikes made so far
are worth for each pair of hands left, nor the value of the game where the attacker places all his
cards first or where the defender fixes the order first: so the solver carries the strikes
themselves (their kinds, as a multiset) to the end of phase III, exactly, which limits it to small
companies or few kinds of member (ten against ten of ten different members is refused up front,
tests/meccg/test_matching_survive.py). Hypothesis checks it against the engine's full game on 3 and
4 members a side with one to three cards in each hand.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.meccg.combat.game import Objective
from pycombat.games.meccg.combat.matching import _Matching, fast_reason, prepare, solve_fast
from pycombat.games.meccg.combat.optimize import first_choices, solve_combat
from pycombat.games.meccg.schema import scenario_from_dict
from budget import examples  # noqa: E402

STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])
ATTACKER_CARDS = ["Swift Strokes", "Bold Thrust", "Orc Stealth"]
DEFENDER_CARDS = ["Risky Blow", "Dodge", "Lucky Strike"]


@st.composite
def combats(draw):
    def member(prefix, i, race, skills):
        return {"name": f"{prefix}{i}", "custom": True, "status": draw(STATUS), "prowess": draw(st.integers(1, 8)),
                "body": draw(st.integers(5, 9)), "race": race, "mp": draw(st.integers(0, 3)),
                "skills": draw(st.lists(st.sampled_from(skills), unique=True, max_size=2))}

    att = [member("A", i, "Orc", ["Warrior", "Scout"]) for i in range(draw(st.integers(3, 4)))]
    dfn = [member("D", i, "Man", ["Warrior", "Ranger"]) for i in range(draw(st.integers(3, 4)))]
    att[0]["skills"] = ["Warrior", "Scout"]  # every card playable by someone of its side
    dfn[0]["skills"] = ["Warrior"]
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att,
                         "hand": draw(st.lists(st.sampled_from(ATTACKER_CARDS), min_size=1, max_size=3))},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn,
                         "hand": draw(st.lists(st.sampled_from(DEFENDER_CARDS), min_size=1, max_size=3))},
            "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"]))}}
    return scenario_from_dict(data, file="<hypothesis>")


@settings(max_examples=examples(40), deadline=None)
@given(combats(), st.sampled_from(["kill_mp", "eliminations"]))
def test_both_hands_equal_the_full_game(scenario, objective):
    """3 or 4 members a side, one to three cards in each hand: the matching solver's value and every
    phase-I choice's value (as Fractions, in the engine's order) are the engine's."""
    obj = Objective(objective)
    assert fast_reason(scenario, obj) is None
    try:
        old = solve_combat(scenario, obj, max_nodes=2_000_000)
    except ScenarioError:  # a card its player can never play here (the game refuses it)
        assume(False)
    new = solve_fast(scenario, obj, max_nodes=2_000_000)
    assert new.value == old.value
    assert first_choices(new) == first_choices(old)


@pytest.mark.long
def test_interchangeable_members_keep_ten_against_ten_small():
    """Ten against ten with three cards in each hand, but two kinds of member a side (five untapped,
    five tapped): interchangeable members are counted, not named, so the pairs carried are of three
    kinds and the matching game stays small (the full game has 3,628,800 complete assignments)."""
    def side(prefix, prowess, mp, race, skills):
        return [{"name": f"{prefix}{i}", "custom": True, "prowess": prowess, "body": 8, "race": race, "mp": mp,
                 "skills": skills, "status": "untapped" if i < 5 else "tapped"} for i in range(10)]

    s = scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "minion", "site": "Moria", "members": side("A", 6, 1, "Orc", ["Warrior", "Scout"]),
                     "hand": ATTACKER_CARDS},
        "defender": {"alignment": "hero", "site": "Moria", "members": side("D", 5, 2, "Man", ["Warrior"]),
                     "hand": DEFENDER_CARDS}}, file="<t>")
    obj = Objective("kill_mp")
    assert fast_reason(s, obj) is None
    p = prepare(s, obj, max_nodes=2_000_000)
    m = p.m
    assert (len(m.scls), len(m.tcls), m.carried_most(), m.alloc) == (2, 2, 10, None)
    assert len({m.kind[k] for k in m.sets if m.carried(*k)}) == 3
    solved = solve_fast(s, obj, max_nodes=2_000_000, prepared=p)
    assert len(m.memo) < 10_000
    choices = first_choices(solved)
    assert len(choices) == p.n_first and [v for _, v, best in choices if best] == [solved.value]
    # the verb solves it too: its up-front bound counts the multisets of kinds carried (C(3 + 10, 10) = 286),
    # not the full game's complete assignments
    assert m.carried_kinds() == {m.kind[k] for k in m.sets if m.carried(*k)} and m.carried_multisets() == 286
    from pycombat.games.meccg import verbs

    assert verbs.optimize(s, objective="kill_mp").solved.value == solved.value


# -- the strikes' game on hand-made tables --------------------------------------------------------
# A table is what a strike adds to the defender's value for each (attacker's card, defender's card)
# played in it (one card at most a side here, nothing played: 0), as the solver's pair kinds are.

def _sets(hand):
    return [()] + [(c,) for c in dict.fromkeys(hand)]


def _strikes_game(tables, ha, hd) -> _Matching:
    """The solver's strikes' game (:meth:`_Matching.strikes`) over these tables, nothing else set up."""
    m = _Matching.__new__(_Matching)
    m.ha, m.hd = tuple(ha), tuple(hd)
    m.T = [{(0, 0, ca, cd): t.get((ca, cd), 0) for ca in _sets(ha) for cd in _sets(hd)} for t in tables]
    m.kind_sets = [(_sets(ha), _sets(hd))] * len(tables)
    m.alloc, m.memo, m.max_nodes, m.progress, m.hint = None, {}, 10 ** 9, None, str
    return m


def _game(tables, strikes, ha, hd):
    """Brute force: the defender picks the next strike, the attacker plays a card or none, the
    defender answers (MECCG-SEQ-1/2/7), every strike once; the defender's total."""
    if not strikes:
        return 0
    best = None
    for n, s in enumerate(strikes):
        rest = strikes[:n] + strikes[n + 1:]
        worst = None
        for ca in _sets(ha):
            ha2 = tuple(c for c in ha if (c,) != ca)
            top = max(tables[s].get((ca, cd), 0) + _game(tables, rest, ha2, tuple(c for c in hd if (c,) != cd))
                      for cd in _sets(hd))
            worst = top if worst is None else min(worst, top)
        best = worst if best is None else max(best, worst)
    return best


def _hands(hand):
    return [c for r in range(len(hand) + 1) for c in itertools.combinations(hand, r)]


A1, D1 = ("a1",), ("d1",)
# 0: the defender's card is worth 1 if the attacker plays none; 1: also the attacker's card is worth 1 to
# him; 2: the attacker's card is worth 1 to him unless the defender answers it (then 1 to the defender)
TABLES = [{((), D1): 1}, {((), D1): 1, (A1, ()): -1}, {(A1, ()): -1, (A1, D1): 1}]


def test_the_value_per_pair_of_hands_left_does_not_decide_the_strikes_game():
    """Strikes {1} and {0, 2} are worth the same for every pair of hands left (one card a side), yet
    with one more strike of kind 0 they differ: no rule combining what the strikes made so far are
    worth per hand left with the strikes to come is exact, so the solver carries the strikes (their
    kinds) themselves. The solver's strikes' game agrees with the brute force throughout."""
    ha, hd = ("a1",), ("d1",)
    m = _strikes_game(TABLES, ha, hd)
    for left in [(1,), (0, 2), (0, 1), (0, 0, 2)]:
        for a in _hands(ha):
            for d in _hands(hd):
                assert m.strikes(left, 0, 0, a, d) == _game(TABLES, left, a, d)
    assert [m.strikes((1,), 0, 0, a, d) for a in _hands(ha) for d in _hands(hd)] == \
        [m.strikes((0, 2), 0, 0, a, d) for a in _hands(ha) for d in _hands(hd)] == [0, 1, -1, 0]
    assert m.strikes((0, 1), 0, 0, ha, hd) == 0
    assert m.strikes((0, 0, 2), 0, 0, ha, hd) == 1


def test_the_attacker_committing_his_cards_first_is_not_the_game():
    """The attacker plays before the defender in each strike, but he also sees the defender's
    earlier cards and the order: had he to place all his cards first (the defender answering with
    all of his), he would lose 1 here. The solver plays the real order."""
    a2 = ("a2",)
    tables = [{((), D1): -1, (A1, ()): -1, (A1, D1): 1, (a2, ()): -1}, {(A1, ()): 1, (a2, ()): -1},
              {((), D1): -1, (A1, ()): 1, (a2, D1): 1}, {((), D1): -1, (A1, ()): -1, (A1, D1): 1, (a2, ()): -1}]
    ha, hd, left = ("a1", "a2"), ("d1",), (0, 1, 2, 3)

    def placements(hand):  # each card on one strike or none, one card a strike
        for where in itertools.product([None, *left], repeat=len(hand)):
            placed = [w for w in where if w is not None]
            if len(placed) == len(set(placed)):
                yield {w: (c,) for c, w in zip(hand, where) if w is not None}

    committed = min(max(sum(tables[s].get((pa.get(s, ()), pd.get(s, ())), 0) for s in left)
                        for pd in placements(hd)) for pa in placements(ha))
    m = _strikes_game(tables, ha, hd)
    assert m.strikes(left, 0, 0, ha, hd) == _game(tables, left, ha, hd) == -1
    assert committed == 0


def test_the_defender_fixing_the_order_first_is_not_the_game():
    """The defender picks each next strike knowing the cards played so far (MECCG-SEQ-1): here that is
    worth 2, while the best order fixed before the first strike (the cards still played strike by
    strike, attacker first) is worth 1. So the strikes cannot be valued in one order chosen up front."""
    a1, a2, d1, d2 = ("a1",), ("a2",), ("d1",), ("d2",)
    tables = [{((), d1): -2, ((), d2): -2, (a1, ()): -2, (a1, d1): -3, (a2, ()): -3, (a2, d1): 2, (a2, d2): 2},
              {((), d1): 3, ((), d2): 3, (a1, ()): -1, (a1, d1): -1, (a1, d2): 3, (a2, ()): -2, (a2, d1): 2,
               (a2, d2): 1},
              {((), d1): 1, ((), d2): -3, (a1, ()): 3, (a1, d1): -3, (a1, d2): -2, (a2, ()): -2, (a2, d1): -2,
               (a2, d2): 2}]
    ha, hd, left = ("a1", "a2"), ("d1", "d2"), (0, 1, 2, 2)

    def in_order(order, ha, hd):
        if not order:
            return 0
        t = tables[order[0]]
        return min(max(t.get((ca, cd), 0) + in_order(order[1:], tuple(c for c in ha if (c,) != ca),
                                                    tuple(c for c in hd if (c,) != cd)) for cd in _sets(hd))
                   for ca in _sets(ha))

    fixed = max(in_order(order, ha, hd) for order in set(itertools.permutations(left)))
    m = _strikes_game(tables, ha, hd)
    assert m.strikes(left, 0, 0, ha, hd) == _game(tables, left, ha, hd) == 2
    assert fixed == 1
