"""WOTR-SITE-7, WOTR-MOVE-3 (RB p.10, p.31): during a siege the region is free for the besieger, so a
card may bring his units into it (WOTR-EVT-6) as his Army may move into it (WOTR-SIEGE-8); one
notion of a free region for both."""
from __future__ import annotations

import pycombat


def _claims(besieged: str | None) -> dict[str, dict]:
    mt = {"units": {"Gondor": {"regulars": 3}, "Sauron": {"regulars": 4}}, "besieged": besieged} if besieged else \
        {"units": {"Gondor": {"regulars": 3}}}
    doc = {"game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
           "position": {"regions": {"Minas Tirith": mt, "Osgiliath": {"units": {"Sauron": {"regulars": 2}}}}},
           "action": {"side": "shadow", "die": "army"},
           "hand": [{"name": "Shadow recruit card", "type": "army", "musters": True}],
           "claims": [{"id": "move", "claim": "the Army in Osgiliath may move to Minas Tirith"},
                      {"id": "place", "claim": "Shadow recruit card may bring 2 Sauron Regulars into Minas Tirith"}]}
    return {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}


def test_the_besieged_strongholds_region_is_free_for_the_besieger():
    got = _claims("free_peoples")
    assert got["move"]["verdict"] is True
    assert got["place"]["verdict"] is True
    assert "WOTR-SITE-7" in {r["rule"] for r in got["place"]["reasons"]}


def test_an_unbesieged_enemy_stronghold_is_not_free():
    got = _claims(None)
    assert got["move"]["verdict"] is False
    assert got["place"]["verdict"] is False
    assert any("region not free: Minas Tirith" in n for n in got["place"]["notes"])
