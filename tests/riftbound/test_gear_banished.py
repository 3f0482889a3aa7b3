"""Ravenbloom Prefect: "When an opponent plays a gear, you may banish me to banish it." (RB-CARD-10 with RB-CARD-22):
fired once the gear an opponent played is in play (Long Sword, [Quick-Draw]: played, it attaches to a unit its player
controls); used (`{trigger: Ravenbloom Prefect, when: play}`) the Prefect is banished as the cost, then the gear: the
unit it was attached to loses its Might bonus; declined (`decline: true`) nothing happens; not stated: named NOT
MODELLED. Checked against the printed text."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

PREFECT = "Ravenbloom Prefect"
SWORD = {"play": "Long Sword", "by": "attacker", "target": "A"}  # [Quick-Draw]: +2 Might to the unit it attaches to


def _run(showdown, prefect_side="defender"):
    a = [{"name": "A", "custom": True, "might": 3}] + ([PREFECT] if prefect_side == "attacker" else [])
    d = [{"name": "D", "custom": True, "might": 4}] + ([PREFECT] if prefect_side == "defender" else [])
    return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": a},
                                             "defender": {"units": d}, "showdown": showdown}, file="<t>"))


@pytest.mark.parametrize("entry, a_might, prefect_here, named", [
    ({"trigger": PREFECT, "when": "play"}, 3, False, False),       # used: the Prefect and the Sword banished
    ({"trigger": PREFECT, "when": "play", "decline": True}, 5, True, False),
    (None, 5, True, True)])
def test_an_opponents_gear_played_may_be_banished_with_the_prefect(entry, a_might, prefect_here, named):
    sd = _run([SWORD] + ([entry] if entry else []))
    a = sd.board.unit("A")
    assert a.current_might == a_might and (a.equipment == ("Long Sword",)) == prefect_here
    assert (PREFECT in [u.name for u in sd.board.defender]) == prefect_here
    assert bool([u for u in sd.unmodelled if u.card == PREFECT]) is named
    if not prefect_here:
        assert (PREFECT, "defender", "banished") in sd.board.removed


def test_its_own_players_gear_fires_nothing_and_the_card_is_modelled():
    sd = _run([SWORD], prefect_side="attacker")
    assert sd.board.unit("A").current_might == 5 and not sd.unmodelled
    with pytest.raises(ScenarioError):  # an entry for a trigger that did not fire is left over
        _run([SWORD, {"trigger": PREFECT, "when": "play"}], prefect_side="attacker")
    assert not card_report(PREFECT)["unmodelled"]
