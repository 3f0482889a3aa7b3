"""A Ringwraith in Fell Rider mode (LE-183: "Discard all allies ... in the company; none may join the
company", MECCG-FX-6): a company with him and an ally is refused; without the mode, or with Heralded
Lord, the ally stays."""
from __future__ import annotations

import pytest

from pycombat import api
from pycombat.errors import ScenarioError


def _file(mode: str | None) -> dict:
    khamul = {"name": "Khamûl the Ringwraith", **({"mode": mode} if mode else {})}
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                         "members": [khamul, "Lagduf", {"name": "War-wolf", "ally_of": "Lagduf"}]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": ["Aragorn II", "Faramir", "Gimli"]}}


def test_a_fell_rider_company_with_an_ally_is_refused():
    with pytest.raises(ScenarioError) as exc:
        api.load(_file("fell-rider"))
    assert exc.value.path == "attacker.members[2]"
    assert exc.value.message == ("Khamûl the Ringwraith is in Fell Rider mode: his company holds no ally, none may "
                                 "join it (LE-183, MECCG-FX-6)")


@pytest.mark.parametrize("mode", [None, "heralded-lord"])
def test_an_ally_stays_in_another_mode(mode):
    s = api.load(_file(mode))
    assert [m.name for m in s.model.attacker.members] == ["Khamûl the Ringwraith", "Lagduf", "War-wolf"]
