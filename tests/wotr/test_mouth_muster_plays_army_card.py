"""The Mouth of Sauron (CH; digest section 19): while he is in play and his ability is unused this
turn, the Shadow player's Muster result is used as an Army result, for a card as for a move: it plays
an Army card (WOTR-DICE-2, WOTR-DICE-8), as it moves an Army."""
from __future__ import annotations

import pytest

import pycombat


def _claims(characters: list[str], used: bool = False) -> dict[str, dict]:
    doc = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
           "position": {"regions": {"Morannon": {"units": {"Sauron": {"regulars": 5}}, "characters": characters}}},
           "action": {"side": "shadow", "die": "muster", "mouth_muster_used": used}, "hand": ["Olog-hai"],
           "claims": [{"id": "moves", "claim": "the Army in Morannon may move to Gorgoroth"},
                      {"id": "plays", "claim": "Olog-hai may be played"}]}
    return {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}


@pytest.mark.parametrize("characters,used,verdict", [
    (["The Mouth of Sauron"], False, True),   # a Muster result used as an Army result
    (["The Mouth of Sauron"], True, False),   # once per turn
    ([], False, False),                       # without the Mouth, a Muster result plays no Army card
])
def test_a_muster_result_plays_an_army_card_as_it_moves_an_army(characters, used, verdict):
    got = _claims(characters, used)
    assert got["moves"]["verdict"] is verdict
    assert got["plays"]["verdict"] is verdict
    rules = {r["rule"] for r in got["plays"]["reasons"]}
    assert ("WOTR-DICE-2" in rules) is verdict and "WOTR-DICE-8" in rules
