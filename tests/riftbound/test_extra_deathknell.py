"""Karthus, Eternal: "Your [Deathknell] effects trigger an additional time" (RB-CARD-9 with RB-CARD-19): a friendly
unit's Deathknell fired in the showdown resolves once more for each such unit of its side in play (or dying with it:
its ability looked back on); both copies go on the chain before the first resolves."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _run(att, dfd, showdown):
    doc = {"game": "riftbound", "attacker": {"units": att}, "defender": {"units": dfd}, "showdown": showdown}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return {u.name: u.marked for u in sd.board.attacker + sd.board.defender}, sd


BIG = {"name": "R", "custom": True, "might": 9}
ENEMY = {"name": "S", "custom": True, "might": 9}
KILL = [{"kill": "Kog'Maw - Caustic", "by": "defender"}]


def test_kogmaw_deathknell_resolves_twice_with_karthus():
    without, _ = _run([{"name": "Kog'Maw - Caustic"}, BIG], [ENEMY], KILL)
    with_, sd = _run([{"name": "Kog'Maw - Caustic"}, {"name": "Karthus - Eternal"}, BIG], [ENEMY], KILL)
    assert (without["R"], without["S"]) == (4, 4)
    assert (with_["R"], with_["S"]) == (8, 8)
    assert any("triggers an additional time (Karthus - Eternal" in ln.text and "RB-CARD-9" in ln.rules
               for ln in sd.lines)
    assert not sd.unmodelled


def test_karthus_killed_by_the_first_copy_still_gives_the_second():
    """The second copy was on the chain before the first killed Karthus (3 Might, 4 damage)."""
    got, sd = _run([{"name": "Kog'Maw - Caustic"}, {"name": "Karthus - Eternal"}, BIG], [ENEMY], KILL)
    assert "Karthus - Eternal" not in got and got["S"] == 8


def test_an_enemy_karthus_does_not_double_it():
    got, _ = _run([{"name": "Kog'Maw - Caustic"}, BIG], [ENEMY, {"name": "Karthus - Eternal", "might": 9}], KILL)
    assert got["S"] == 4


def test_kogmaws_dying_together_each_keep_the_copy_counted_as_they_died():
    """Anivia's attack trigger (3 to each enemy unit) kills two Kog'Maws in one cleanup, Karthus (buffed: 4 Might)
    in play: all four copies are on the chain before the first resolves, so the second Kog'Maw's Deathknell
    resolves twice although the first one's killed Karthus before it resolved: 16 damage on S, not 12."""
    kogs = [{"name": "Kog'Maw - Caustic", "label": "K1"}, {"name": "Kog'Maw - Caustic", "label": "K2"}]
    got, sd = _run([{"name": "Anivia - Primal", "label": "A"}, {"name": "S", "custom": True, "might": 20}],
                   kogs + [{"name": "Karthus - Eternal", "buffed": True}], [{"trigger": "A"}])
    assert "Karthus - Eternal" not in got and got["S"] == 16
    copies = [ln.text for ln in sd.lines if "triggers an additional time (Karthus - Eternal" in ln.text]
    assert [t.split("'s Deathknell")[0] for t in copies] == ["K1", "K2"]
