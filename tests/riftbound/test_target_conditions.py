"""A condition on the unit a card chooses that the interpreter does not check is named NOT MODELLED, never dropped
(RB-CARD-4, RB-CARD-1): Decree of Focus, "Choose a friendly unit that's in combat with an enemy Fury unit or that's
being chosen by an enemy Fury spell. Give it +4 Might this turn", played with no Fury unit in the combat; verify then
decides nothing that +4 could change."""
from __future__ import annotations

import pycombat
from pycombat.games.riftbound.cards.interpreter import effect_support
from pycombat.games.riftbound.cards.spells import load_cards


def test_decree_of_focus_names_its_condition():
    (effect,) = load_cards().card("Decree of Focus").effects
    ok, why = effect_support(effect)
    assert not ok and "in combat with an enemy Fury unit" in why
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 6}]},
           "defender": {"units": [{"name": "D", "custom": True, "might": 4}]},
           "showdown": [{"play": "Decree of Focus", "by": "defender", "target": "D"}],
           "claims": ["the attacker conquers"]}
    report = pycombat.load(doc).run("verify")
    assert [u["card"] for u in report.to_json()["unmodelled"]] == ["Decree of Focus"]
    assert [v.verdict for v in report.verdicts] == [None]
