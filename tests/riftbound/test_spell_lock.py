"""A counter that also locks: Lilting Lullaby, "Counter a spell. Its controller can't play spells this turn"
(RB-CARD-20, RB-CARD-3). Once it resolved, a later spell of the countered spell's controller in the showdown is
refused; his other plays, the other player's spells, and a counter played on the chain above the Lullaby to
counter it (then there is no lock) are not."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

BOARD = {"game": "riftbound",
         "attacker": {"units": [{"name": "A1", "custom": True, "might": 20}]},
         "defender": {"units": [{"name": "D1", "custom": True, "might": 20}]}}
HR = {"play": "Hextech Ray", "by": "attacker", "target": "D1"}  # "Deal 3 to a unit at a battlefield"
LULLABY = {"play": "Lilting Lullaby", "by": "defender", "target": "Hextech Ray"}


def _marked(entries):
    sd = play_showdown(scenario_from_dict({**BOARD, "showdown": entries}))
    assert not sd.unmodelled
    return {u.name: u.marked for u in sd.board.attacker + sd.board.defender}


def test_the_countered_spells_controller_plays_no_later_spell():
    with pytest.raises(ScenarioError, match=r"can't play spells this turn: Lilting Lullaby countered.*RB-CARD-20"):
        _marked([HR, LULLABY, {"play": "Incinerate", "by": "attacker", "target": "D1"}])


def test_without_the_lullaby_the_same_spell_is_played():
    assert _marked([HR, {"play": "Incinerate", "by": "attacker", "target": "D1"}])["D1"] == 5


def test_the_other_player_still_plays_spells():
    assert _marked([HR, LULLABY, {"play": "Incinerate", "by": "defender", "target": "A1"}]) == {"A1": 2, "D1": 0}


def test_a_counter_of_the_lullaby_comes_before_the_lock():
    """Hard Bargain ("Counter a spell unless its controller pays 2 Energy"), not paid: the Lullaby is countered,
    Hextech Ray resolves and the attacker is not locked."""
    bargain = {"play": "Hard Bargain", "by": "attacker", "target": "Lilting Lullaby", "pays": False}
    got = _marked([HR, LULLABY, bargain, {"play": "Incinerate", "by": "attacker", "target": "D1"}])
    assert got["D1"] == 3 + 2
