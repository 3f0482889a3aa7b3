"""MECCG-SEQ-6 / MECCG-STRUCT-10: who may support a strike is settled before any die of it is rolled, so
"X may support Y" about a `combat:` block without `rolls:` is decided (not refused for want of dice), and
still reads what the block's earlier strikes did (a member who tapped to pay a cost may not support)."""
from __future__ import annotations

import pycombat

DOC = {"game": "meccg",
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                    "members": ["Aragorn II", "Gimli", "Frodo"]},
       "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"},
                              {"defender": "Gimli", "attacker": "Lagduf"}]},
       "claims": [{"claim": "Frodo may support Gimli"}, {"claim": "Frodo may support Aragorn II"}]}


def test_a_support_claim_needs_no_rolls():
    got = pycombat.load(DOC).run("verify").to_json()["claims"]
    assert [c["verdict"] for c in got] == [True, True]
    assert all("MECCG-SEQ-6" in [r["rule"] for r in c["reasons"]] for c in got)


def test_a_support_claim_reads_the_earlier_strikes_without_rolls():
    doc = {**DOC, "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Frodo"]},
                                         {"defender": "Gimli", "attacker": "Lagduf"}]},
           "claims": [{"claim": "Frodo may support Gimli"}]}
    got = pycombat.load(doc).run("verify").to_json()["claims"]
    assert [c["verdict"] for c in got] == [False]
