"""MECCG-SEQ-2, MECCG-PRE-8: a strike card (Swift Strokes) is played at step 1 of a strike sequence, never
before strikes are assigned, under either reading of attacker_offstrike_resources: the seed's step 1 lets the
attacker play only his *other* resources outside the strike phase (an environment such as Skies of Fire).
verify's play check and the reader of a ``combat: before_assignment:`` agree."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.errors import PycombatError


def _doc(card, before=False):
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat",
                                   "rolls": {"attacker": 7, "defender": 7}}]},
           "claims": [{"kind": "playable_before_assignment", "card": card, "by": "attacker"}]}
    if before:
        doc["combat"]["before_assignment"] = [card]
    return doc


def _claim(doc, reading):
    return pycombat.load(doc, flags={"attacker_offstrike_resources": reading}).run("verify").to_json()["claims"][0]


@pytest.mark.parametrize("reading", ["forbidden", "allowed"])
def test_a_strike_card_is_not_played_before_strikes_are_assigned(reading):
    c = _claim(_doc("Swift Strokes"), reading)
    assert c["verdict"] is False
    assert [r["rule"] for r in c["reasons"]] == ["MECCG-SEQ-2"]
    assert c.get("decided_by_flags", {}) == {}


def test_another_resource_is_played_early_only_in_the_seeds_reading():
    assert _claim(_doc("Skies of Fire"), "forbidden")["verdict"] is False
    c = _claim(_doc("Skies of Fire"), "allowed")
    assert c["verdict"] is True and [r["rule"] for r in c["reasons"]] == ["MECCG-PRE-8"]
    assert c.get("decided_by_flags") == {"attacker_offstrike_resources": "allowed"}


@pytest.mark.parametrize("reading", ["forbidden", "allowed"])
def test_the_reader_refuses_a_strike_card_before_assignment_citing_the_same_rule(reading):
    doc = _doc("Swift Strokes", before=True)
    doc["rules"] = {"attacker_offstrike_resources": reading}
    with pytest.raises(PycombatError, match=r"Swift Strokes is a strike card.*MECCG-SEQ-2"):
        pycombat.load(doc).run("odds")
