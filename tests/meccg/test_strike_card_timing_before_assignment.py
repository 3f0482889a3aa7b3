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


def _defender_doc(card, reading, before=False):
    doc = {"game": "meccg", "rules": {"pre_assignment_attack_effects": reading},
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": [{"name": "Gandalf", "items": ["Wizard’s Staff"]}, "Aragorn II"]}}
    if before:
        doc["combat"] = {"before_assignment": [card],
                         "strikes": [{"defender": "Aragorn II", "attacker": "Lagduf"},
                                     {"defender": "Gandalf", "attacker": "Shagrat"}]}
    else:
        doc["claims"] = [{"kind": "playable_before_assignment", "card": card}]
    return doc


@pytest.mark.parametrize("reading", ["forbidden", "allowed"])
@pytest.mark.parametrize("card", ["Wizard's Fire", "Kindling of the Spirit", "Staff Asunder"])
def test_a_defenders_strike_card_is_not_played_before_strikes_are_assigned(card, reading):
    """MECCG-SEQ-7 / MECCG-FX-8: the defender plays a card for the character facing a strike at step 6 of that
    strike's sequence; verify says so under either reading of MECCG-PRE-5, as the reader refuses the card."""
    c = pycombat.load(_defender_doc(card, reading)).run("verify").to_json()["claims"][0]
    assert c["verdict"] is False
    assert [r["rule"] for r in c["reasons"]] == ["MECCG-SEQ-7"]
    with pytest.raises(PycombatError, match=r"is a strike card.*MECCG-SEQ-7"):
        pycombat.load(_defender_doc(card, reading, before=True)).run("odds")


@pytest.mark.parametrize("card", ["Many Foes He Fought", "Wizard's Flame"])
def test_an_attack_wide_card_before_assignment_follows_pre_assignment_attack_effects(card):
    """MECCG-PRE-5: Wizard's Flame, Black Arrow and Many Foes He Fought (it changes how strikes are assigned)
    are played before strikes are assigned in the seed's reading; verify and the combat block agree."""
    allowed = pycombat.load(_defender_doc(card, "allowed")).run("verify").to_json()["claims"][0]
    assert allowed["verdict"] is True
    pycombat.load(_defender_doc(card, "allowed", before=True)).run("odds")  # accepted
    forbidden = pycombat.load(_defender_doc(card, "forbidden")).run("verify").to_json()["claims"][0]
    assert forbidden["verdict"] is False and "MECCG-PRE-5" in [r["rule"] for r in forbidden["reasons"]]
    with pytest.raises(PycombatError, match=r"MECCG-PRE-5"):
        pycombat.load(_defender_doc(card, "forbidden", before=True)).run("odds")
