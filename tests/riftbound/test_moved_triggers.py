"""A unit's "When I move" trigger fired before the showdown, as the unit moved this turn (RB-CARD-10):
an attacker moved in (RB-COMB-1); a defender or a unit at its base as `moved:` states. One that needs
no choice and gives the unit itself +N Might is applied as the combat starts; the others stay NOT
MODELLED with the reason."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(att, dfd, base=()):
    return {"game": "riftbound", "attacker": {"units": att},
            "defender": {"units": dfd, "base": list(base)}, "showdown": []}


def _run(doc):
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd


PLAIN = {"name": "P", "custom": True, "might": 1}


def test_an_attacker_moved_in_and_its_trigger_applies_narrated():
    got, sd = _run(_doc([{"name": "Akali, Silent"}], [PLAIN]))
    assert got["Akali, Silent"] == 4 + 2 and not sd.unmodelled
    assert any("When I move to a battlefield" in ln.text and "RB-CARD-10" in ln.rules for ln in sd.lines)


@pytest.mark.parametrize("moved, might, open_", [(True, 6, False), (False, 4, False), (None, 4, True)])
def test_a_defender_as_stated(moved, might, open_):
    me = {"name": "Akali, Silent", **({} if moved is None else {"moved": moved})}
    got, sd = _run(_doc([PLAIN], [me]))
    assert got["Akali, Silent"] == might
    assert bool([u for u in sd.unmodelled if "moved: true|false" in u.why]) == open_


def test_at_its_base_a_move_to_a_battlefield_is_not_stated():
    _, sd = _run(_doc([PLAIN], [PLAIN | {"name": "Q"}], [{"name": "Akali, Silent", "moved": True}]))
    assert any("to a battlefield is not in the scenario" in u.why for u in sd.unmodelled)
    _, sd = _run(_doc([PLAIN], [PLAIN | {"name": "Q"}], [{"name": "Akali, Silent", "moved": False}]))
    assert not sd.unmodelled


def test_a_trigger_needing_a_choice_stays_not_modelled():
    # Shadow Order Disciple: "you may pay [Burn 1]"; Hwei: an option set by a discarded card
    for name in ("Shadow Order Disciple", "Hwei - Brooding Painter"):
        got, sd = _run(_doc([{"name": name}], [PLAIN]))
        assert any("whether it moved this turn and what the trigger did" in u.why for u in sd.unmodelled), name


@pytest.mark.parametrize("unit, words", [
    ({"name": "Akali, Silent", "moved": 1}, "moved"),
    ({"name": "Akali, Silent", "moved": False}, "RB-COMB-1"),
])
def test_bad_moved_is_refused(unit, words):
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(_doc([unit], [PLAIN]))
    assert "moved" in str(exc.value) and words in str(exc.value)
