"""RB-CARD-4 with RB-CARD-19: what a unit's death fires (its Deathknell, a "when a unit dies") comes after that death
and cannot undo it: a claim on whether that unit dies is decided, with a note naming the clause set aside; a claim on
any other unit or on the outcome stays NOT DECIDED."""
from __future__ import annotations

import pycombat

DOC = {"game": "riftbound",
       "attacker": {"player": "Ann", "units": [{"name": "Scout", "custom": True, "might": 3},
                                               {"name": "Brute", "custom": True, "might": 9}],
                    "base": ["Kog'Maw, Caustic"]},
       "defender": {"player": "Bo", "units": [{"name": "Sentry", "custom": True, "might": 4},
                                              {"name": "Warden", "custom": True, "might": 7}]},
       "showdown": [{"play": "Final Spark", "by": "defender", "target": "Kog'Maw, Caustic"}],
       "claims": ["Kog'Maw, Caustic dies", "Kog'Maw, Caustic survives", "Scout survives",
                  "the attacker conquers the battlefield"]}


def test_a_unit_killed_at_its_base_dies_whatever_its_death_fires():
    dies, survives, scout, outcome = pycombat.load(DOC).run("verify").verdicts
    assert dies.verdict is True and survives.verdict is False
    for v in (dies, survives):
        assert "RB-CARD-4" in v.rules
        assert any("cannot undo it" in n and "its death at its base" in n for n in v.notes)
    assert scout.verdict is None and outcome.verdict is None


def test_its_own_cleanup_deathknell_cannot_change_whether_it_dies():
    doc = {"game": "riftbound", "battlefield": "Forgotten Monument",
           "attacker": {"player": "Ann", "units": ["Kog'Maw, Caustic", {"name": "Scout", "custom": True, "might": 3}]},
           "defender": {"player": "Bo", "units": [{"name": "Sentry", "custom": True, "might": 2},
                                                  {"name": "Warden", "custom": True, "might": 9}]},
           "claims": ["Kog'Maw, Caustic can die", "Sentry can survive"]}
    kog, sentry = pycombat.load(doc).run("verify").verdicts
    assert kog.verdict is True and sentry.verdict is None
