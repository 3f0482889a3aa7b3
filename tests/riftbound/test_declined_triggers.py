"""A unit's optional ("you may") trigger stated as not used: `{trigger: UNIT, decline: true}` (RB-CARD-10). It
resolves doing nothing and pays nothing, so an answer that hangs on the choice is decided both ways: used, declined
and not stated give three different answers (the last: NOT MODELLED, RB-CARD-4). A trigger that is not optional
cannot be declined, and a declined one chooses nothing."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.units import load_units
from pycombat.games.riftbound.schema import scenario_from_dict

Q = {"name": "Q", "custom": True, "might": 4}


def _sd(att, dfd, showdown):
    return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"units": att},
                                             "defender": {"units": dfd}, "showdown": showdown}))


@pytest.mark.parametrize("name, gain", [("Shadow Order Disciple", 1), ("Baccai Reaper", 2)])
def test_used_declined_and_not_stated(name, gain):
    """Shadow Order Disciple: "you may [Burn 1] to give me +1 Might"; Baccai Reaper: "you may pay ... to give me
    +2 Might" (the printed Might plus Assault the base either way)."""
    declined = _sd([{"name": name}], [Q], [{"trigger": name, "decline": True}])
    used = _sd([{"name": name}], [Q], [{"trigger": name}])
    open_ = _sd([{"name": name}], [Q], [])
    base = declined.board.attacker[0].current_might
    assert base == load_units().unit(name).might + sum(load_units().unit(name).assault or ())  # nothing added
    assert used.board.attacker[0].current_might == base + gain
    assert not declined.unmodelled and not used.unmodelled
    assert [u for u in open_.unmodelled if "whether to use it" in u.why]
    assert any("not used" in ln.text and "RB-CARD-10" in ln.rules for ln in declined.lines)


def test_a_declined_move_trigger_deals_nothing():
    """Akali, Deadly Weapon: "When I move, you may deal 1 to a unit here" (2 instead if Empowered)."""
    me = {"name": "Akali, Deadly Weapon", "empowered": True}
    sd = _sd([me], [Q], [{"trigger": "Akali, Deadly Weapon", "when": "move", "decline": True}])
    assert [u.marked for u in sd.board.defender] == [0] and not sd.unmodelled
    sd = _sd([me], [Q], [{"trigger": "Akali, Deadly Weapon", "when": "move", "target": "Q"}])
    assert [u.marked for u in sd.board.defender] == [2]


def test_a_trigger_that_is_not_optional_cannot_be_declined():
    with pytest.raises(ScenarioError, match=r"not optional as a whole.*RB-CARD-10"):
        _sd([{"name": "Yasuo - Remorseful"}], [Q], [{"trigger": "Yasuo - Remorseful", "decline": True}])


def test_a_declined_trigger_chooses_nothing():
    with pytest.raises(ScenarioError, match=r"declined trigger chooses nothing"):
        _sd([{"name": "Icevale Archer"}], [Q], [{"trigger": "Icevale Archer", "decline": True, "target": "Q"}])
