"""Cards that last the attack (MECCG-FX-8: Kindling of the Spirit, +2 to every character of a
Wizard's company for the rest of the attack) played from the hand in the game ``optimize`` solves:
the game's value from the strike order on equals the best of every way to play the card (which
strike, or none) and every strike order, each computed by ``odds`` on a written ``combat:`` block.
"""
from __future__ import annotations

from itertools import permutations

import pytest

from pycombat.games.meccg.combat.game import CvccGame
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds
from pycombat.tree.build import build_tree
from pycombat.tree.graph import solve

PAIRS = (("Lagduf", "Gandalf"), ("Shagrat", "Aragorn II"))


def _doc(hand=(), strikes=None):
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Gandalf", "Aragorn II"],
                        "hand": list(hand)}}
    if strikes is not None:
        doc["combat"] = {"strikes": strikes}
    return doc


def _value(rep) -> object:
    """The kill-MP objective from odds: each player's kill MPs less what its owner loses (MECCG-BODY-5..9)."""
    kd, ka = rep.kill_mp
    pen_d, pen_a = rep.owner_mp_lost
    return kd.expectation() - pen_d - ka.expectation() + pen_a


def _brute(card: str):
    best = None
    for order in permutations(PAIRS):
        for at in (None, 0, 1):
            strikes = [{"attacker": a, "defender": d, **({"defender_cards": [card]} if i == at else {})}
                       for i, (a, d) in enumerate(order)]
            v = _value(odds(scenario_from_dict(_doc(strikes=strikes), file="<t>")))
            best = v if best is None or v > best else best
    return best


def _game_value(card: str):
    game = CvccGame(scenario_from_dict(_doc(hand=[card]), file="<t>"))
    state = game.new_initial_state()
    state = state.child(PAIRS)  # phase I: both pairs
    while state.stage in ("phase2", "phase3"):
        (only,) = state.legal_actions()
        state = state.child(only)
    assert state.stage == "order"
    return solve(build_tree(state))[0]


@pytest.mark.parametrize("card", ["Kindling of the Spirit", "Risky Blow"])
def test_the_game_follows_a_lasting_card_from_strike_to_strike(card):
    assert _game_value(card) == _brute(card)


def test_a_lasting_card_is_worth_more_played_first():
    """The reason it matters: the same card played at the first strike helps both."""
    first = _value(odds(scenario_from_dict(_doc(strikes=[
        {"attacker": "Lagduf", "defender": "Gandalf", "defender_cards": ["Kindling of the Spirit"]},
        {"attacker": "Shagrat", "defender": "Aragorn II"}]), file="<t>")))
    second = _value(odds(scenario_from_dict(_doc(strikes=[
        {"attacker": "Lagduf", "defender": "Gandalf"},
        {"attacker": "Shagrat", "defender": "Aragorn II", "defender_cards": ["Kindling of the Spirit"]}]),
        file="<t>")))
    assert first > second
    assert _game_value("Kindling of the Spirit") == first
