"""WOTR-MOVE-7 (RB p.8, p.27): a Free Peoples Leader must always be with a friendly Army, and one
left without units is removed at once: a Muster die or a card may not place a Leader where the Free
Peoples have no Army unit (the position with such a Leader is refused likewise)."""
from __future__ import annotations

import pycombat

DOC = {"game": "wotr", "politics": {"Gondor": "at_war"},
       "position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 3}}},
                                "Dol Amroth": {"units": {"Gondor": {"regulars": 1}}}},
                    "reinforcements": {"Gondor": {"regulars": 3, "elites": 1, "leaders": 2}}},
       "action": {"side": "free_peoples", "die": "muster"},
       "hand": [{"name": "Gondor card", "type": "muster", "musters": True}],
       "claims": [{"id": "die-empty", "claim": "a Muster die may recruit 1 Gondor Leader in Pelargir"},
                  {"id": "card-empty", "claim": "Gondor card may bring 1 Gondor Leader into Lossarnach"},
                  {"id": "die-with-army", "claim": "a Muster die may recruit 1 Gondor Leader in Dol Amroth"},
                  {"id": "regular-empty", "claim": "a Muster die may recruit 1 Gondor Regular in Pelargir"}]}


def test_a_free_peoples_leader_is_placed_only_with_a_free_peoples_army():
    got = {c["id"]: c for c in pycombat.load(DOC).verify().to_json()["claims"]}
    assert {k: c["verdict"] for k, c in got.items()} == {"die-empty": False, "card-empty": False,
                                                          "die-with-army": True, "regular-empty": True}
    assert {r["rule"] for r in got["die-empty"]["reasons"]} == {"WOTR-MOVE-7"}
    assert {r["rule"] for r in got["card-empty"]["reasons"]} == {"WOTR-MOVE-7"}
    assert any("leader without army: Pelargir" in n for n in got["die-empty"]["notes"])
