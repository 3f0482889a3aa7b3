"""The sweep weighs a chance state's outcomes once per tuple a game shares between chance states
(:func:`pycombat.tree.sweep.sweep`): the records are the same as when every chance state gives its
own list, and the weighing is counted, not timed."""
from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction

import pytest

import pycombat.tree.sweep as sweep_mod
from pycombat.tree import CHANCE, TERMINAL
from pycombat.tree.errors import GameDefinitionError

#: one die of a round: faces 0, 1, 2 (and a face that never comes up)
DIE = ((0, Fraction(1, 2)), (1, Fraction(1, 4)), (2, Fraction(1, 4)), (3, Fraction(0)))
BAD_DIE = ((0, Fraction(1, 2)), (1, Fraction(1, 4)))  # sums to 3/4


class Rounds:
    """Two players; each round player ``round % 2`` either banks 1 or rolls the die (adding the face to a
    running total mod 3, face 2 paying the roller 1 at once); after ``rounds`` rounds the total decides.
    ``shared``: every chance state gives the one module-level tuple, else a list of its own."""

    def __init__(self, rounds=5, shared=True, die=DIE, r=0, total=0, rolling=False, paid=(0, 0)):
        self.rounds, self.shared, self.die = rounds, shared, die
        self.r, self.total, self.rolling, self.paid = r, total, rolling, paid

    def _next(self, **kw):
        d = dict(rounds=self.rounds, shared=self.shared, die=self.die, r=self.r, total=self.total,
                 rolling=self.rolling)
        d.update(kw)
        return Rounds(**d)

    def num_players(self):
        return 2

    def current_player(self):
        if self.r >= self.rounds:
            return TERMINAL
        return CHANCE if self.rolling else self.r % 2

    def legal_actions(self):
        return ["bank", "roll"]

    def chance_outcomes(self):
        return self.die if self.shared else list(self.die)

    def child(self, action):
        if self.rolling:
            me = self.r % 2
            paid = (1, -1) if me == 0 else (-1, 1)
            return Rounds(self.rounds, self.shared, self.die, self.r + 1, (self.total + action) % 3, False,
                          paid if action == 2 else (0, 0))
        if action == "bank":
            return Rounds(self.rounds, self.shared, self.die, self.r + 1, self.total, False,
                          (1, 0) if self.r % 2 == 0 else (0, 1))
        return self._next(rolling=True)

    def rewards(self):
        return self.paid

    def returns(self):
        return (Fraction(self.total, 2), Fraction(-self.total, 2))

    def action_to_string(self, action):
        return f"face {action}" if self.rolling else action

    def key(self):
        return (self.r, self.total, self.rolling)

    def __str__(self):
        return f"round {self.r}, total {self.total}" + (" (rolling)" if self.rolling else "")


def _weighings(monkeypatch):
    calls = []
    real = sweep_mod.integer_pairs

    def counted(state, pairs):
        calls.append(state.key())
        return real(state, pairs)

    monkeypatch.setattr(sweep_mod, "integer_pairs", counted)
    return calls


def test_shared_outcomes_give_the_same_records_weighed_once(monkeypatch):
    calls = _weighings(monkeypatch)
    shared = sweep_mod.sweep(Rounds(shared=True))
    weighed_shared = len(calls)
    calls.clear()
    own = sweep_mod.sweep(Rounds(shared=False))
    assert asdict(shared) == asdict(own)
    chance_states = sum(p == CHANCE for p in own.players)
    assert chance_states == 13  # round 0: one roll; rounds 1-4: three totals each
    assert len(calls) == chance_states  # a list of its own: weighed at every chance state
    assert weighed_shared == 1  # one tuple shared by every chance state: weighed once
    # the zero-probability face is no edge; faces 0 and 2 from total 1 reach different totals
    assert len(own.moves[2]) == 1 + 5 * 3 and own.moves[2][0] == 4


def test_shared_outcomes_forgotten_past_the_bound_still_give_the_same_records(monkeypatch):
    monkeypatch.setattr(sweep_mod, "_WEIGHED", 1)
    calls = _weighings(monkeypatch)
    assert asdict(sweep_mod.sweep(Rounds(shared=True))) == asdict(sweep_mod.sweep(Rounds(shared=False)))
    assert len(calls) == 1 + 13  # remembered once (the bound is one tuple), so weighed once in the first sweep


@pytest.mark.parametrize("shared", [True, False])
def test_outcomes_not_summing_to_one_are_refused_either_way(shared):
    with pytest.raises(GameDefinitionError, match="sum to 3/4, not exactly 1"):
        sweep_mod.sweep(Rounds(shared=shared, die=BAD_DIE))
