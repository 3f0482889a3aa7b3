"""TW-240 Fellowship (MECCG-FX-7, MECCG-FX-10): "+1 prowess, +1 to corruption checks" while its company has four or
more members, discarded when one leaves. Its size is read as the attack begins, so where an earlier strike can take
the company below four before a later strike, that end is named NOT MODELLED; where it cannot, it is not."""
from __future__ import annotations

import pycombat


def _doc(members, attackers):
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": attackers},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "in_play": ["Fellowship"],
                         "members": members},
            "combat": {"strikes": [{"defender": d, "attacker": a} for d, a in zip(members, attackers)]}}


def _fellowship_parts(doc):
    out = pycombat.load(doc).run("odds").to_json()
    return [u for u in out.get("unmodelled", []) if u["card"] == "Fellowship"]


def test_fellowship_end_is_named_where_an_earlier_strike_can_break_the_company():
    parts = _fellowship_parts(_doc(["Gimli", "Gandalf", "Aragorn II", "Legolas"], ["Shagrat", "Lagduf"]))
    assert len(parts) == 1 and "leaves the company" in parts[0]["what"]


def test_fellowship_end_is_not_named_with_a_single_strike():
    assert _fellowship_parts(_doc(["Gimli", "Gandalf", "Aragorn II", "Legolas"], ["Shagrat"])) == []


def test_fellowship_end_is_not_named_where_the_company_keeps_four():
    members = ["Gimli", "Gandalf", "Aragorn II", "Legolas", "Frodo", "Faramir"]
    assert _fellowship_parts(_doc(members, ["Shagrat", "Lagduf"])) == []


def test_fellowship_claim_on_a_later_strike_is_not_decided():
    doc = _doc(["Gimli", "Gandalf", "Aragorn II", "Legolas"], ["Shagrat", "Lagduf"])
    doc["claims"] = [{"kind": "final_prowess", "character": "Gandalf", "strike": 2, "value": 7}]
    c = pycombat.load(doc).run("verify").to_json()["claims"][0]
    assert c["verdict"] is None
