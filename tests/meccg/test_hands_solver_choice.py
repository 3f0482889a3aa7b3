"""optimize with cards in hand chooses its exact solver by the size of the full game: a combat of few
complete assignments but many strike orders and cards (six against six, three cards a hand: 720
assignments) goes to the matching solver, as its example file says, instead of the full game it would
not finish; a small one (two_on_two.yaml, a card in each hand) stays the full game, every decision valued."""
from __future__ import annotations

import pycombat
from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.legal import LegalAssignments, judge_attack


def _guess(path) -> int:
    s = pycombat.load(path).model
    n, _ = LegalAssignments(s).count_bounded(most=verbs.FULL_GAME_ASSIGNMENTS)
    return verbs._full_game_guess(s, judge_attack(s), n)


def test_six_against_six_with_hands_is_solved_by_the_matching_solver():
    path = pycombat.example("meccg", "six_vs_six_hands.yaml")
    assert _guess(path) == 720 * 720 * 2 ** 6 > verbs.FULL_GAME_GUESS
    report = pycombat.load(path).optimize()
    assert report.exit_code == 0 and report.to_json()["value"]


def test_a_small_combat_with_hands_stays_the_full_game():
    path = pycombat.example("meccg", "two_on_two.yaml")  # (a card in each hand)
    assert 0 < _guess(path) <= verbs.FULL_GAME_GUESS
    report = pycombat.load(path).optimize()
    assert len(report.to_json()["decisions"]) > 1  # (the full game values every decision on the line)
