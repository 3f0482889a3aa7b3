"""marked_damage=ignore (RB-DMG-5, RB-MIGHT-8): lethal-first asks for a unit's full Might, but the damage marked on it
before still counts at the cleanup (RB-MIGHT-1). The judge's view (RB-JUDGE-1) and the outcome's reason say what the
split table shows: D5 (Might 5, 3 marked) dies of 3 more."""
from __future__ import annotations

import itertools

import pytest

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.judge import needs
from pycombat.games.riftbound.damage.outcome import outcome_classes
from pycombat.games.riftbound.damage.splits import LegalSplits
from pycombat.games.riftbound.schema import scenario_from_dict


def _board(defenders, attack, flag="ignore"):
    doc = {"game": "riftbound", "rules": {"marked_damage": flag},
           "attacker": {"units": [{"name": "A", "custom": True, "might": attack}]},
           "defender": {"units": [{"name": n, "custom": True, "might": m, "damage": k} for n, m, k in defenders]}}
    return play_showdown(scenario_from_dict(doc)).board


def _most_kills(board) -> int:
    """The most defenders one legal split of the Attacker kills, from the split table (a unit dies when its
    damage, with what was marked before, reaches its Might: RB-MIGHT-1)."""
    return max(sum(1 for u in board.defender if u.dies_with(sp.get(u.name)))
               for sp in LegalSplits(board, "attacker", representation="vector"))


def test_the_judge_counts_the_kill_the_split_table_shows():
    board = _board([("D5", 5, 3)], 3)
    j = needs(board, "attacker")
    assert _most_kills(board) == 1
    assert j["kills_possible"] == 1 and j["all_kills"] == {"needs": 2, "more_needed": 0}
    assert "RB-MIGHT-1" in j["rules"]
    why = outcome_classes(board).explain()
    assert "3 >= their total lethal 5" not in why and "with the damage marked on them before" in why


@pytest.mark.parametrize("marked, attack", list(itertools.product(range(0, 5), range(1, 10))))
def test_the_judge_agrees_with_the_splits_on_two_units(marked, attack):
    """Every Might the Attacker can have against D5 (Might 5, ``marked`` marked) and D4: the judge's most kills is
    the most a legal split kills, under either reading of marked damage."""
    for flag in ("ignore", "remaining"):
        board = _board([("D5", 5, marked), ("D4", 4, 0)], attack, flag)
        assert needs(board, "attacker")["kills_possible"] == _most_kills(board), (flag, marked, attack)
