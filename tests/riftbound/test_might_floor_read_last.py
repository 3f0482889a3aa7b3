"""RB-CARD-9 with RB-DMG-5: "-N Might this turn, to a minimum of 1 Might" (Ahri - Inquisitive's trigger, Blastcone Fae,
Thousand-Tailed Watcher) is read after every other change for as long as it lasts, as Leona, Zealot's static floor is:
a bonus lost after it resolved (Garen - Commander's "+1 to other friendly units here", gone when Garen leaves) never
leaves the unit below the minimum."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.model import Unit


def _final(showdown):
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A1", "custom": True, "might": 1}, {"name": "Garen - Commander", "damage": 2}]},
           "defender": {"units": [{"name": "Ahri - Inquisitive", "damage": 2}, "Ezreal - Dashing"]},
           "showdown": showdown}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return {u.name: u.current_might for u in sd.board.attacker}


def test_a_bonus_lost_later_does_not_take_the_unit_below_the_minimum():
    got = _final([{"trigger": "Ahri - Inquisitive", "target": "A1"},
                  {"trigger": "Ezreal - Dashing", "target": "Garen - Commander"},
                  {"ability": "Ezreal - Dashing"}])
    assert got["A1"] == 1


def test_the_floor_is_read_against_the_might_left_by_every_other_change():
    u = Unit(name="U", side="attacker", might=1, might_changes=(1,), might_floors=((-2, 1),))
    assert u.current_might == 1  # 2, -2 to a minimum of 1: -1 now
    assert Unit(name="U", side="attacker", might=1, might_floors=((-2, 1),)).current_might == 1
    assert Unit(name="U", side="attacker", might=5, might_floors=((-2, 1),)).current_might == 3
    assert Unit(name="U", side="attacker", might=0, might_floors=((-2, 1),)).current_might == 0  # never raises it
