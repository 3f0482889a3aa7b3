"""The replay's line for the combat triggers put on the chain as the showdown begins (RB-SHOW-2): the
Attacker's go on first, so with both players' the Defender's resolve first; with one player's only, the line
says so and does not speak of the other's."""
from __future__ import annotations

import json

import pycombat


def _line(attacker: list, defender: list, showdown: list) -> str:
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens",
           "attacker": {"player": "Ann", "units": attacker}, "defender": {"player": "Bo", "units": defender},
           "showdown": showdown}
    text = json.dumps(pycombat.load(doc).odds().to_json())
    got = [ln for ln in _texts(json.loads(text)) if "combat triggers go on the chain" in ln]
    assert len(got) == 1, text
    return got[0]


def _texts(x) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [t for v in x.values() for t in _texts(v)]
    if isinstance(x, list):
        return [t for v in x for t in _texts(v)]
    return []


SCOUT = {"name": "Scout", "custom": True, "might": 2}


def test_the_attackers_alone():
    line = _line(["Anivia, Primal"], [{"name": "Warden", "custom": True, "might": 6}], [])
    assert "the Attacker's only (the Defender has none): Anivia - Primal (attacker, by itself)" in line
    assert "Defender's resolve first" not in line


def test_the_defenders_alone():
    line = _line([SCOUT], ["Ezreal - Dashing"], [{"trigger": "Ezreal - Dashing", "target": "Scout"}])
    assert "the Defender's only (the Attacker has none): Ezreal - Dashing (defender)" in line


def test_both_players():
    line = _line(["Anivia, Primal"], ["Ezreal - Dashing"], [{"trigger": "Ezreal - Dashing", "target": "Anivia, Primal"}])
    assert "the Attacker's first: the Defender's resolve first (" in line
    assert "(defender)" in line and "(attacker" in line
