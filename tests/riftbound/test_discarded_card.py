"""Mask Mother: "When you discard me, you may pay 1 Energy to give a friendly unit +2 Might this turn." A card its player
plays discards it from his hand (the entry's `discard:`, RB-CARD-21: Get Excited!, "Discard 1. Deal its Energy cost to
a unit at a battlefield"); its ability fires from the trash right after that card (RB-CARD-10), its choice stated by an
entry `{trigger: Mask Mother, when: discard, target: UNIT}` (`decline: true`: not paid). Checked against the text."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

MASK = "Mask Mother"


def _run(showdown, by="defender", **rules):
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 9}]},
           "defender": {"units": [{"name": "F", "custom": True, "might": 2}]}, "showdown": showdown,
           **({"rules": rules} if rules else {})}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _excited(card=MASK, by="defender", target="A"):
    return {"play": "Get Excited!", "by": by, "target": target, "discard": card}


def _might(sd, name):
    return sd.board.unit(name).current_might


@pytest.mark.parametrize("entry, f_might, named", [
    ({"trigger": MASK, "when": "discard", "target": "F"}, 4, False),   # paid: +2 to F
    ({"trigger": MASK, "when": "discard", "decline": True}, 2, False),  # not paid
    (None, 2, True)])                                                   # not stated: named
def test_discarding_mask_mother_fires_her_ability(entry, f_might, named):
    sd = _run([_excited()] + ([entry] if entry else []))
    assert _might(sd, "F") == f_might
    assert _might(sd, "A") == 9  # Get Excited! deals the discarded card's Energy cost to A (3: not lethal for 9)
    assert sd.board.unit("A").marked == 3
    assert bool([u for u in sd.unmodelled if u.card == MASK]) is named


def test_only_a_friendly_unit_and_only_when_she_was_discarded():
    with pytest.raises(ScenarioError, match="RB-CARD-1"):
        _run([_excited(), {"trigger": MASK, "when": "discard", "target": "A"}])
    # another card discarded: no Mask Mother to name
    with pytest.raises(ScenarioError):
        _run([_excited("Rune Prison"), {"trigger": MASK, "when": "discard", "target": "F"}])


def test_the_cost_is_paid_when_costs_are_stated_and_the_card_is_modelled():
    with pytest.raises(ScenarioError, match="RB-CARD-2"):
        _run([{**_excited(), "paid": {"energy": 2, "power": 1}}, {"trigger": MASK, "when": "discard", "target": "F"}],
             card_costs="stated")
    sd = _run([{**_excited(), "paid": {"energy": 2, "power": 1}},
               {"trigger": MASK, "when": "discard", "target": "F", "paid": {"energy": 1}}], card_costs="stated")
    assert _might(sd, "F") == 4
    assert not card_report(MASK)["unmodelled"]
