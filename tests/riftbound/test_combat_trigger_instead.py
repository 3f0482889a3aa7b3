"""A combat trigger's "... instead if I'm [Empowered]" (RB-CARD-8, RB-CARD-9): the unit's stated Empowered status
decides which effect resolves, for a combat trigger as for a move trigger: Empowered, the "instead" effect replaces
the one before it; not Empowered, the first one resolves; not stated, the trigger waits for `empowered:`.
No printed card has such a combat trigger today, so the trigger is given to a unit without combat text here; the
same shared reading is checked on Akali, Deadly Weapon's move trigger in test_moved_triggers.py."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound.cards import triggers
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

UNIT = "Clockwork Keeper"  # Might 2, no combat text
BASE, INSTEAD = 1, 3
EFFECTS = (
    {"effect": "might_modifier", "value": BASE, "target": {"ref": "self"}, "duration": "this_turn",
     "trigger": "When I attack"},
    {"effect": "might_modifier", "value": INSTEAD, "target": {"ref": "self"}, "duration": "this_turn",
     "trigger": "When I attack", "replaces_previous": True, "condition": "I'm [Empowered]"},
)


@pytest.fixture
def instead_trigger(monkeypatch):
    orig = triggers.triggers_of
    monkeypatch.setattr(triggers, "triggers_of", lambda u: EFFECTS if u.name == UNIT else orig(u))


def _run(empowered):
    me = {"name": UNIT, **({} if empowered is None else {"empowered": empowered})}
    doc = {"game": "riftbound", "attacker": {"units": [me]},
           "defender": {"units": [{"name": "P", "custom": True, "might": 1}]}, "showdown": []}
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker}[UNIT], sd


@pytest.mark.parametrize("empowered, might", [(True, 2 + INSTEAD), (False, 2 + BASE)])
def test_the_stated_status_picks_the_effect(instead_trigger, empowered, might):
    got, sd = _run(empowered)
    assert got == might and not sd.unmodelled
    assert any("RB-CARD-10" in ln.rules or "RB-SHOW-2" in ln.rules for ln in sd.lines)


def test_not_stated_it_waits_for_the_status(instead_trigger):
    got, sd = _run(None)
    assert got == 2
    assert [u for u in sd.unmodelled if "`empowered: true|false`" in u.why and UNIT in u.why]


def test_without_the_trigger_no_change():
    got, sd = _run(True)
    assert got == 2 and not sd.unmodelled


@pytest.mark.parametrize("empowered", [True, False, None])
def test_the_reading_keeps_the_instead_condition(empowered):
    """The instead effect keeps its condition for the interpreter (dropping it made the interpreter read a
    condition "None" and leave the Empowered case open); a plain "if I'm [Empowered]" effect loses it."""
    class U:
        pass
    u = U()
    u.empowered = empowered
    plain = {"effect": "might_modifier", "value": 2, "target": {"ref": "self"}, "condition": "I'm [Empowered]"}
    got = triggers.empowered_only(u, (*EFFECTS, plain))
    if empowered is None:
        assert got == (*EFFECTS, plain)
    elif empowered:
        assert got[1]["condition"] == "I'm [Empowered]" and "condition" not in got[2]
        assert triggers.choice_of(u, got) is None
    else:
        assert got == EFFECTS[:1]
