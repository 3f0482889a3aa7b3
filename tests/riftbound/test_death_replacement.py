"""RB-CARD-12: "the next time it would die, ... instead" (Tactical Retreat, Highlander: heal, exhaust
and recall; Smite: banish). The unit leaves the battlefield without dying, at a showdown cleanup or
at the combat cleanup; the replacement is used once."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.outcome import resolve
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import odds, verify

ATT = [{"name": "A5", "custom": True, "might": 5}, {"name": "A2", "custom": True, "might": 2}]
DEF = [{"name": "D3", "custom": True, "might": 3}, {"name": "D4", "custom": True, "might": 4}]


def _s(showdown, claims=()):
    return scenario_from_dict({"game": "riftbound", "attacker": {"units": ATT}, "defender": {"units": DEF},
                               "showdown": showdown, "claims": list(claims)}, file="<t>")


def test_a_death_in_the_showdown_is_replaced_once():
    sd = play_showdown(_s([{"play": "Tactical Retreat", "by": "defender", "target": "D3"},
                           {"damage": 3, "unit": "D3", "by": "attacker"}]))
    assert ("D3", "defender", "healed, exhausted and recalled instead of dying") in sd.board.removed
    assert [u.name for u in sd.board.defender] == ["D4"]
    assert any("RB-CARD-12" in ln.rules and "recalled instead" in ln.text for ln in sd.lines)


def test_a_death_at_the_combat_cleanup_is_replaced_and_claims_follow():
    s = _s([{"play": "Tactical Retreat", "by": "defender", "target": "D3"}],
           claims=[{"id": "dies", "claim": "D3 dies", "expect": False},
                   {"id": "survives", "claim": "D3 survives", "expect": True}])
    r = resolve(s)
    assert "D3" not in r.died and r.replaced == ("D3",) and "D3" not in r.survivors["defender"]
    assert odds(s).death_share["D3"] == 0
    got = {c["id"]: c["verdict"] for c in verify(s).to_json()["claims"]}
    assert got == {"dies": False, "survives": True}
    plain = _s([], claims=[{"id": "dies", "claim": "D3 dies", "expect": True}])
    assert {c["id"]: c["verdict"] for c in verify(plain).to_json()["claims"]} == {"dies": True}


def test_smite_banishes_instead():
    sd = play_showdown(_s([{"play": "Smite", "by": "attacker", "target": "D3"}]))
    assert ("D3", "defender", "banished instead of dying") in sd.board.removed
    assert sd.unmodelled_json() == []
