"""Scourge of Fire (BA-75) "Cannot be duplicated on a given turn": company vs. company combat is made in one turn,
so its player plays it once in the attack (card_effects.yaml ``no_duplicate: turn``, MECCG-FX-8): a second copy
is refused by the one play check, in every verb, and `card` says so."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import lookup
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _doc(second: bool):
    s2 = {"defender": "Éomer", "attacker": "Ufthak", "rolls": {"attacker": 6, "defender": 7}}
    if second:
        s2.update(attacker_cards=["Scourge of Fire"], discards="Dagger of Westernesse")
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "balrog", "site": "Moria", "in_play": ["Flame of Udûn"],
                     "members": ["The Balrog", "Lagduf", "Ufthak"]},
        "defender": {"alignment": "hero", "site": "Moria", "members": [
            {"name": "Aragorn II", "items": ["Glamdring"]}, {"name": "Éomer", "items": ["Dagger of Westernesse"]},
            "Gimli"]},
        "combat": {"strikes": [
            {"defender": "Aragorn II", "attacker": "Lagduf", "attacker_cards": ["Scourge of Fire"], "discards": "Glamdring",
             "rolls": {"attacker": 7, "defender": 6}},
            s2,
            {"defender": "Gimli", "attacker": "The Balrog", "rolls": {"attacker": 7, "defender": 12}}]}}, file="<t>")


def test_a_second_copy_in_the_attack_is_refused():
    with pytest.raises(ScenarioError) as exc:
        combat_odds(_doc(True))
    assert "cannot be duplicated on a given turn" in exc.value.message and "MECCG-FX-8" in exc.value.message
    got = verify(_doc(False), [Claim(id="c", kind="playable_at_step", args={
        "card": "Scourge of Fire", "step": 1, "defender": "Éomer"}, text="", path="c")])[0]
    assert got.verdict is False and "MECCG-FX-8" in got.rules


def test_the_first_copy_is_played():
    assert len(combat_odds(_doc(False)).setups) == 3
    got = verify(_doc(False), [Claim(id="c", kind="playable_at_step", args={
        "card": "Scourge of Fire", "step": 1, "defender": "Aragorn II"}, text="", path="c")])[0]
    assert got.verdict is True


def test_card_says_it():
    lines = "\n".join(lookup.card_lines(lookup.card_report("Scourge of Fire")))
    assert "cannot be duplicated on a given turn (MECCG-FX-8)" in lines
