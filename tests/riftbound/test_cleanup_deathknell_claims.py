"""RB-CARD-4 with a Deathknell at the combat cleanup left open (RB-READ-8, the flag deathknell_at_combat_cleanup's
default): verify decides a claim fixed as the combat damage is assigned (a lethal amount, a split's legality:
RB-DMG-3..7), which that Deathknell, fired after, cannot change, and names it in a note; a claim about who dies or
who is left stays NOT DECIDED."""
from __future__ import annotations

import pycombat

DOC = {"game": "riftbound", "battlefield": "Forgotten Monument",
       "attacker": {"player": "Ann", "units": ["Kog'Maw, Caustic", {"name": "Scout", "custom": True, "might": 3}]},
       "defender": {"player": "Bo", "units": [{"name": "Sentry", "custom": True, "might": 2},
                                              {"name": "Warden", "custom": True, "might": 9}]},
       "claims": ["Sentry's lethal damage is 2", "the attacker may assign Sentry 2, Warden 2", "Sentry can survive"]}


def test_claims_fixed_at_assignment_are_decided_with_a_cleanup_deathknell_open():
    lethal, split, survive = pycombat.load(DOC).run("verify").verdicts
    assert lethal.verdict is True and split.verdict is True
    for v in (lethal, split):
        assert "RB-CARD-4" in v.rules
        assert any("before the combat cleanup" in n and "Kog'Maw" in n for n in v.notes)
    assert survive.verdict is None
