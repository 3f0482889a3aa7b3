"""MECCG-SEQ-10, MECCG-SEQ-9: the winner of a strike (both on a tie) taps unless it took -3; one already tapped
or wounded as the strike is resolved does not tap again, and the verdict says so: a wounded character is
tapped (his -2 replaces the tapped -1, MECCG-SEQ-9), which is why he does not tap."""
from __future__ import annotations

import pycombat

DOC = {"game": "meccg",
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                    "members": [{"name": "Lagduf", "status": "wounded"}, {"name": "Shagrat", "status": "tapped"}]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                    "members": [{"name": "Éomer", "status": "wounded"}, "Gimli"]},
       "combat": {"strikes": [{"defender": "Éomer", "attacker": "Lagduf",
                               "rolls": {"attacker": 9, "defender": 5, "body": 7}},
                              {"defender": "Gimli", "attacker": "Shagrat",
                               "rolls": {"attacker": 11, "defender": 2, "body": 2}}]},
       "claims": [{"claim": "Lagduf taps in strike 1"}, {"claim": "Shagrat taps in strike 2"},
                  {"claim": "Gimli taps in strike 2"}]}


def test_a_wounded_or_tapped_winner_does_not_tap_and_the_verdict_says_why():
    got = pycombat.load(DOC).run("verify").to_json()["claims"]
    assert [c["verdict"] for c in got] == [False, False, False]
    wounded, tapped = got[0], got[1]
    assert [r["rule"] for r in wounded["reasons"]] == ["MECCG-SEQ-10", "MECCG-SEQ-9"]
    assert wounded["notes"] == ["Lagduf is already wounded as strike 1 is resolved: only an untapped character "
                                "taps (a wounded character is tapped: his -2 replaces the tapped -1)"]
    assert [r["rule"] for r in tapped["reasons"]] == ["MECCG-SEQ-10"]
    assert tapped["notes"] == ["Shagrat is already tapped as strike 2 is resolved: only an untapped character taps"]
    assert "notes" not in got[2] or not any("already" in n for n in got[2]["notes"])  # the loser: wounded, no tap
