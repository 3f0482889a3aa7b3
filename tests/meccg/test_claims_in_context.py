"""Claims decided on what the combat does, not only on what the file states as it begins:

* "the attacker must assign N strikes in phase II" under phase2_assignment=optional: he must assign none
  (MECCG-ASSIGN-3);
* "X may support Y" without a combat block: only when some legal complete assignment strikes Y and not X, and
  never X himself (MECCG-STRUCT-10, MECCG-SEQ-6, MECCG-ASSIGN-4);
* "X may take ITEM from Y": X not wounded when Y is eliminated (a wound in a later strike comes too late to
  stop him), X not Y (MECCG-BODY-4), X a character: an ally is not one and bears no items (MECCG-FX-3);
* "X taps in strike N": his status as the strike resolves, a card having untapped him or an ability tapped him
  earlier in the attack, as replay says (MECCG-SEQ-10, MECCG-FX-1).
"""
from __future__ import annotations

import pytest

import pycombat


def _verdicts(doc: dict, *claims: str) -> list:
    return [v.verdict for v in pycombat.load({**doc, "claims": list(claims)}).run("verify").verdicts]


def _company(alignment: str, members: list) -> dict:
    return {"player": alignment, "alignment": alignment, "site": "Moria", "members": members}


@pytest.mark.parametrize("flag, must", [("mandatory", 1), ("optional", 0)])
def test_phase_two_must_assign_nothing_when_it_is_optional(flag, must):
    doc = {"game": "meccg", "rules": {"phase2_assignment": flag},
           "attacker": _company("minion", ["Shagrat", {"name": "Lagduf", "status": "tapped"},
                                           {"name": "Old Troll", "status": "tapped"}]),
           "defender": _company("hero", ["Aragorn II", {"name": "Gimli", "status": "tapped"}])}
    claim = "if Aragorn II takes Lagduf's strike in phase I, the attacker must assign {} strikes in phase II"
    assert _verdicts(doc, claim.format(must), claim.format(1 - must)) == [True, False]


@pytest.mark.parametrize("attackers, may", [(["Shagrat", "Lagduf", "Old Troll"], False), (["Shagrat"], True)])
def test_support_without_a_combat_block_needs_an_assignment_that_leaves_the_supporter_free(attackers, may):
    """Three strikes against two characters: phase III gives each one (MECCG-ASSIGN-4), so neither may support;
    one strike: either may face it while the other supports. Nobody supports himself."""
    doc = {"game": "meccg", "attacker": _company("minion", attackers),
           "defender": _company("hero", ["Aragorn II", "Faramir"])}
    assert _verdicts(doc, "Faramir may support Aragorn II", "Aragorn II may support Aragorn II") == [may, False]


def test_items_go_to_an_unwounded_character_of_the_eliminated_ones_company():
    doc = {"game": "meccg", "attacker": _company("minion", ["Shagrat", "Old Troll"]),
           "defender": _company("hero", [{"name": "Gimli", "items": ["Glamdring"]}, "Frodo", "Sam Gamgee"]),
           "combat": {"strikes": [
               {"defender": "Frodo", "attacker": "Old Troll", "rolls": {"attacker": 9, "defender": 3, "body": 5}},
               {"defender": "Gimli", "attacker": "Shagrat", "rolls": {"attacker": 12, "defender": 2, "body": 12}}]}}
    assert _verdicts(doc, "Gimli is eliminated in strike 2", "Frodo is wounded in strike 1",
                     "Frodo may take Glamdring from Gimli", "Gimli may take Glamdring from Gimli",
                     "Sam Gamgee may take Glamdring from Gimli") == [True, True, False, False, True]
    doc["combat"]["strikes"][1]["rolls"] = {"attacker": 2, "defender": 12, "body": 2}  # Gimli wins: were he eliminated
    assert _verdicts(doc, "Sam Gamgee may take Glamdring from Gimli", "Frodo may take Glamdring from Gimli") \
        == [True, False]


@pytest.mark.parametrize("order, may", [(["Éomer", "Aragorn II"], True), (["Aragorn II", "Éomer"], False)])
def test_items_go_to_who_is_unwounded_when_the_bearer_is_eliminated(order, may):
    """MECCG-BODY-4 "when a character is eliminated": Éomer eliminated in strike 1, Aragorn II wounded only in
    strike 2, takes the dagger; wounded in strike 1 before Éomer falls in strike 2, he does not."""
    rolls = {"Éomer": ("Shagrat", {"attacker": 12, "defender": 2, "body": 12}),
             "Aragorn II": ("Lagduf", {"attacker": 12, "defender": 2, "body": 4})}
    doc = {"game": "meccg", "attacker": _company("minion", ["Shagrat", "Lagduf"]),
           "defender": _company("hero", ["Aragorn II", {"name": "Éomer", "items": ["Dagger of Westernesse"]}]),
           "combat": {"strikes": [{"defender": d, "attacker": rolls[d][0], "rolls": rolls[d][1]} for d in order]}}
    assert _verdicts(doc, "Aragorn II may take Dagger of Westernesse from Éomer",
                     f"Aragorn II is wounded in strike {order.index('Aragorn II') + 1}") == [may, True]


@pytest.mark.parametrize("attacker, defender, taker, controller, fallen, item", [
    (_company("minion", ["Shagrat"]),
     _company("hero", [{"name": "Gimli", "items": ["Glamdring"]}, "Bilbo", {"name": "Goldberry", "ally_of": "Bilbo"}]),
     "Goldberry", "Bilbo", "Gimli", "Glamdring"),
    (_company("hero", ["Aragorn II"]),
     _company("minion", [{"name": "Lagduf", "items": ["Black-hide Shield"]}, "Shagrat",
                         {"name": "Blackbole", "ally_of": "Shagrat"}]),
     "Blackbole", "Shagrat", "Lagduf", "Black-hide Shield"),
])
def test_an_ally_takes_no_item_of_an_eliminated_character(attacker, defender, taker, controller, fallen, item):
    """MECCG-BODY-4 gives the items to unwounded *characters*; an ally is not a character and bears no items
    (MECCG-FX-3), unwounded or not. The character he is an ally of may take it."""
    doc = {"game": "meccg", "attacker": attacker, "defender": defender,
           "combat": {"strikes": [{"defender": fallen, "attacker": attacker["members"][0],
                                   "rolls": {"attacker": 12, "defender": 2, "body": 12}}]}}
    got = pycombat.load({**doc, "claims": [f"{fallen} is eliminated in strike 1", f"{taker} may take {item} from {fallen}",
                                           f"{controller} may take {item} from {fallen}"]}).run("verify").verdicts
    assert [v.verdict for v in got] == [True, False, True]
    assert "MECCG-FX-3" in got[1].rules


def test_who_taps_is_read_as_the_strike_resolves():
    """Cram untaps tapped Frodo, and a tie taps the untapped (MECCG-SEQ-10, MECCG-FX-1); Great Lord of
    Goblin-gate, tapped for his ability in strike 1, makes his own strike 2 tapped: he does not tap again."""
    cram = {"game": "meccg", "attacker": _company("minion", ["Odoacer"]),
            "defender": _company("hero", [{"name": "Frodo", "status": "tapped", "items": ["Cram"]}]),
            "combat": {"strikes": [{"defender": "Frodo", "attacker": "Odoacer", "defender_cards": ["Cram"],
                                    "rolls": {"attacker": 4, "defender": 7}}]}}
    assert _verdicts(cram, "strike 1 is ineffectual", "Frodo taps in strike 1", "Odoacer taps in strike 1") \
        == [True, True, True]
    lord = {"game": "meccg",
            "attacker": _company("minion", ["Lagduf", {"name": "Great Lord of Goblin-gate", "ally_of": "Lagduf"}]),
            "defender": _company("hero", ["Aragorn II", "Éomer"]),
            "combat": {"strikes": [
                {"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": ["Great Lord of Goblin-gate"],
                 "rolls": {"attacker": 7, "defender": 7, "body": 3}},
                {"defender": "Éomer", "attacker": "Great Lord of Goblin-gate",
                 "rolls": {"attacker": 9, "defender": 5, "body": 3}}]}}
    assert _verdicts(lord, "strike 2 succeeds", "Great Lord of Goblin-gate taps in strike 2") == [True, False]


@pytest.mark.parametrize("ally", ["Goldberry", "Great Bats"])
def test_an_attacking_ally_that_may_not_be_attacked_commits_no_strike(ally):
    """MECCG-STRUCT-1: one strike for each character and each ally allowed to face a strike; Goldberry and Great
    Bats may not be attacked, so they strike no one (their printed prowess and body are none)."""
    alignment = "hero" if ally == "Goldberry" else "minion"
    lead = "Aragorn II" if ally == "Goldberry" else "Shagrat"
    doc = {"game": "meccg", "attacker": _company(alignment, [lead, {"name": ally, "ally_of": lead}]),
           "defender": _company("minion" if alignment == "hero" else "hero",
                                ["Lagduf", "Gorbag"] if alignment == "hero" else ["Aragorn II", "Éomer"])}
    report = pycombat.load(doc).run("enumerate").to_json()
    assert report["attack"]["strikes"] == [lead]
    assert _verdicts(doc, f"{ally} commits a strike", f"{lead} commits a strike") == [False, True]
