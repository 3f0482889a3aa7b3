"""RB-CARD-9 with RB-DMG-2, RB-DMG-5 and RB-MIGHT-2: "-N Might this turn, to a minimum of M" (Smoke Screen, Stupefy,
Ahri - Inquisitive's trigger) is limited as it is applied and kept at the amount it took while it lasts (snapshotted,
CR 454.3.b: "-4 to a minimum of 1" on a 2-Might unit gives -1 until end of turn). It never raises a unit already
below M, never limits another card's change (Frigid Touch's -2 has no minimum), and a bonus gained or lost later
moves the unit from where the snapshot left it."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _might(showdown, might=2):
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 3}]},
           "defender": {"units": [{"name": "D1", "custom": True, "might": might}]},
           "showdown": showdown}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return {u.name: u.current_might for u in sd.board.defender}["D1"]


def test_a_later_increase_adds_to_the_snapshotted_decrease():
    # 2, Smoke Screen -4 to a minimum of 1: -1 kept; Primal Strength +7: 2 - 1 + 7 = 8
    assert _might([{"play": "Smoke Screen", "by": "attacker", "target": "D1"},
                   {"play": "Primal Strength", "by": "defender", "target": "D1"}]) == 8


def test_a_later_decrease_without_a_minimum_goes_below_it():
    # 5, Smoke Screen: -4 kept (1); Frigid Touch -2: -1, which counts as 0 toward the total (RB-MIGHT-2)
    assert _might([{"play": "Smoke Screen", "by": "attacker", "target": "D1"},
                   {"play": "Frigid Touch", "by": "attacker", "target": "D1"}], might=5) == -1
    # 2, Stupefy -1 to a minimum of 1: -1 (1); Frigid Touch: -1
    assert _might([{"play": "Stupefy", "by": "attacker", "target": "D1"},
                   {"play": "Frigid Touch", "by": "attacker", "target": "D1"}]) == -1


def test_the_minimum_never_raises_a_unit_already_below_it():
    # 1, Frigid Touch: -1; Smoke Screen takes 0 and leaves it at -1 (never up to 1)
    assert _might([{"play": "Frigid Touch", "by": "attacker", "target": "D1"},
                   {"play": "Smoke Screen", "by": "attacker", "target": "D1"}], might=1) == -1
    # 5, Frigid Touch: 3; Smoke Screen: -2 (to 1)
    assert _might([{"play": "Frigid Touch", "by": "attacker", "target": "D1"},
                   {"play": "Smoke Screen", "by": "attacker", "target": "D1"}], might=5) == 1


def test_a_bonus_lost_later_takes_the_unit_below_the_minimum():
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 1}, {"name": "Garen - Commander", "damage": 2}]},
           "defender": {"units": [{"name": "Ahri - Inquisitive", "damage": 2}, "Ezreal - Dashing"]},
           "showdown": [{"trigger": "Ahri - Inquisitive", "target": "A1"},
                        {"trigger": "Ezreal - Dashing", "target": "Garen - Commander"},
                        {"ability": "Ezreal - Dashing"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    # A1: 1 + 1 (Garen's "other friendly units here") = 2; Ahri's -N to a minimum of 1 takes -1; Garen gone: 0
    assert {u.name: u.current_might for u in sd.board.attacker}["A1"] == 0
