"""An effect that happens "unless" a player does something (RB-CARD-8): Shakedown, "Choose an enemy unit. Deal 6
to it unless its controller has you draw 2". That player's choice as it resolves is stated by the entry's
`pays: true|false` (he did: no damage; he did not: 6 damage); not stated, the damage is NOT MODELLED (RB-CARD-4)
and a verdict that hangs on it is not decided."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.claims import book, verify
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.verdicts import parse_claims


def _doc(**entry):
    return {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 3}]},
            "defender": {"units": [{"name": "Q", "custom": True, "might": 6}]},
            "showdown": [{"play": "Shakedown", "by": "attacker", "target": "Q", **entry}]}


@pytest.mark.parametrize("pays, left", [(False, []), (True, ["Q"])])
def test_the_stated_choice_decides(pays, left):
    sd = play_showdown(scenario_from_dict(_doc(pays=pays)))
    assert [u.name for u in sd.board.defender] == left and not sd.unmodelled
    assert any("RB-CARD-8" in ln.rules and "draw 2" in ln.text for ln in sd.lines) == pays


def test_not_stated_it_is_not_modelled():
    sd = play_showdown(scenario_from_dict(_doc()))
    assert [u.name for u in sd.board.defender] == ["Q"]
    assert [u for u in sd.unmodelled if "`pays: true|false`" in u.why and "draw 2" in u.why]


def test_pays_on_a_card_without_such_a_choice_is_refused():
    doc = _doc(pays=True)
    doc["showdown"][0]["play"] = "Incinerate"
    with pytest.raises(ScenarioError, match="pays"):
        play_showdown(scenario_from_dict(doc))


def _verdict(**entry):
    s = scenario_from_dict({**_doc(**entry), "claims": ["the attacker conquers"]})
    (v,) = verify(s, parse_claims(s.claims, book(), s))
    return v.verdict


def test_verify_decides_only_when_the_choice_is_stated():
    """A 3 Might attacker against a 6 Might defender conquers only if the 6 damage kills it."""
    assert _verdict(pays=False) is True
    assert _verdict(pays=True) is False
    assert _verdict() is None
