"""Triggers on a unit's own change of state during the showdown (RB-CARD-10), found at the cleanup (RB-MIGHT-1):
Renekton, Brute ("When my Might becomes 10 or more, empower me. [Empowered] I have [Deflect] and [Ganking].") and
Mel, Defiant Soul ("When I become [Empowered], banish an enemy unit at a battlefield with 3 Might or less."), each
against its printed text."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

RENEKTON, MEL = "Renekton, Brute", "Mel, Defiant Soul"
#: a spell of the Defender's choosing a unit (-2 Might this turn), 2 Energy
FRIGID = "Frigid Touch"


def _doc(att, dfd, showdown, costs=False):
    return {"game": "riftbound", "attacker": {"units": att}, "defender": {"units": dfd}, "showdown": showdown,
            **({"rules": {"card_costs": "stated"}} if costs else {})}


def _run(doc):
    return play_showdown(scenario_from_dict(doc, file="<t>"))


@pytest.mark.parametrize("spell, paid, might, empowered", [
    ("Primal Strength", {"energy": 4, "power": 1}, 11, True),  # 4 + 7: 10 or more, it empowers itself
    ("Punch First", {"energy": 1, "power": 2}, 9, False)])     # 4 + 5: less than 10, nothing fires
def test_renekton_empowers_itself_as_its_might_reaches_ten(spell, paid, might, empowered):
    me = {"name": RENEKTON, "empowered": False}
    pump = {"play": spell, "by": "attacker", "target": RENEKTON, "paid": paid}
    sd = _run(_doc([me], [{"name": "D", "custom": True, "might": 5}], [pump], costs=True))
    u = sd.board.unit(RENEKTON)
    assert (u.current_might, bool(u.empowered)) == (might, empowered)
    assert any("Might reaching 11" in x.text for x in sd.lines) == empowered
    assert not sd.unmodelled
    # [Empowered] it has [Deflect]: the Defender's spell choosing it then costs 1 Power more (RB-MIGHT-10)
    touch = {"play": FRIGID, "by": "defender", "target": RENEKTON, "paid": {"energy": 2}}
    doc = _doc([me], [{"name": "D", "custom": True, "might": 5}], [pump, touch], costs=True)
    if empowered:
        with pytest.raises(ScenarioError, match=r"1 Power for Renekton, Brute \[Deflect 1\]"):
            _run(doc)
        touch["paid"] = {"energy": 2, "power": 1}
    assert _run(doc).board.unit(RENEKTON).current_might == might - 2


def test_renekton_already_at_ten_does_not_become_so_again():
    """Empowered by its trigger once, a second pump finds its Might 10 or more at the cleanup before: nothing fires."""
    me = {"name": RENEKTON, "empowered": False}
    pumps = [{"play": "Primal Strength", "by": "attacker", "target": RENEKTON},
             {"play": "Punch First", "by": "attacker", "target": RENEKTON}]
    sd = _run(_doc([me], [{"name": "D", "custom": True, "might": 5}], pumps))
    assert sum("Might reaching" in x.text for x in sd.lines) == 1
    assert sd.board.unit(RENEKTON).current_might == 16


TORNADO = {"play": "Tornado Warrior", "by": "defender", "facedown": True, "to": "battlefield", "target": MEL}


@pytest.mark.parametrize("stated, banished", [("A", True), (None, False)])
def test_mel_banishes_as_she_becomes_empowered(stated, banished):
    entries = [TORNADO] + ([{"trigger": MEL, "when": "empowered", "target": stated}] if stated else [])
    sd = _run(_doc([{"name": "A", "custom": True, "might": 3}, {"name": "B", "custom": True, "might": 4}],
                   [{"name": MEL, "empowered": False}], entries))
    assert sd.board.unit(MEL).empowered
    assert [r[0] for r in sd.board.removed] == (["A"] if banished else [])
    # not stated, the firing is named: the choice is the player's (RB-CARD-4)
    assert [u.card for u in sd.unmodelled] == ([] if stated else [MEL])


def test_mel_can_banish_only_a_unit_with_three_might_or_less():
    entries = [TORNADO, {"trigger": MEL, "when": "empowered", "target": "B"}]
    with pytest.raises(ScenarioError):
        _run(_doc([{"name": "A", "custom": True, "might": 3}, {"name": "B", "custom": True, "might": 4}],
                  [{"name": MEL, "empowered": False}], entries))


@pytest.mark.parametrize("before, named", [(True, False), (None, True)])
def test_mel_empowered_already_or_not_stated(before, named):
    """Empowered already, the card empowers nothing: no trigger (an entry for it is left over, refused); her status not
    stated, whether she becomes Empowered is not known: named NOT MODELLED."""
    me = {"name": MEL, **({"empowered": before} if before is not None else {})}
    sd = _run(_doc([{"name": "A", "custom": True, "might": 3}], [me], [TORNADO]))
    assert not sd.board.removed
    assert bool([u for u in sd.unmodelled if "Empowered" in u.why]) == named
    if before:
        with pytest.raises(ScenarioError):
            _run(_doc([{"name": "A", "custom": True, "might": 3}], [me],
                      [TORNADO, {"trigger": MEL, "when": "empowered", "target": "A"}]))
