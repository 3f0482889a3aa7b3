"""``enumerate --count`` past the bounded count (MAX_COUNT): a count whose last orbit takes it past the
bound is still exact (n against n untapped characters: n! complete assignments, MECCG-ASSIGN-2..4), and
a count that stops early says "at least", never "more than" a number it may equal."""
from __future__ import annotations

import math

import pytest

from pycombat import api
from pycombat.errors import TooLargeError
from pycombat.games.meccg.assignment import enumerate as enumerate_module
from pycombat.games.meccg.assignment.legal import MAX_COUNT, LegalAssignments, _counted_orbits


def _companies(n: int) -> dict:
    def side(prefix: str) -> list[dict]:
        return [{"custom": True, "name": f"{prefix}{i}", "type": "character", "prowess": 5, "body": 8}
                for i in range(n)]
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": side("O")},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": side("H")}}


@pytest.mark.parametrize("n", [15, 16])
def test_n_against_n_counts_n_factorial_past_the_bound(n):
    assert math.factorial(n) > MAX_COUNT
    assert api.load(_companies(n)).count() == math.factorial(n)


def test_a_count_past_the_bound_is_exact_when_nothing_is_left_to_read():
    size = lambda r: r  # noqa: E731 (a representative is its orbit's size here)
    assert _counted_orbits([5, 5], size, most=7, models=None, keep=False)[:2] == (10, True)
    assert _counted_orbits([5, 5, 5], size, most=7, models=None, keep=False)[:2] == (10, False)
    assert _counted_orbits([5, 5, 5], size, most=None, models=2, keep=False)[:2] == (10, False)


def test_a_count_stopped_early_says_at_least(monkeypatch):
    monkeypatch.setattr(LegalAssignments, "count_bounded", lambda self, **kw: (11, False))
    monkeypatch.setattr(enumerate_module, "closed_count", lambda *a: None)  # (counted by the solver)
    with pytest.raises(TooLargeError, match=r"enumerate --count: at least 11 legal complete assignments"):
        api.load(_companies(3)).count()
