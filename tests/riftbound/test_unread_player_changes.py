"""RB-CARD-4, RB-CARD-9: a unit's printed ability that changes its player's facts during the combat without the card
data structuring it (Kha'Zix, Mutating Horror's "... and gain 2 XP", Black Market Broker's Gold gear token, Corrupt
Enforcer's "discard 1") is named on the unit whose ability reads that fact, so verify decides none of the claims it
could change; with no such reader nothing is named."""
from __future__ import annotations

import pycombat

D11 = {"name": "D11", "custom": True, "might": 11}


def _verify(attacker, defender=(D11,), claim="the defender keeps the battlefield", **side):
    doc = {"game": "riftbound", "attacker": {"units": list(attacker), **side}, "defender": {"units": list(defender)},
           "claims": [claim]}
    return pycombat.load(doc).run("verify")


def test_an_xp_gain_is_named_where_a_unit_reads_it():
    """Wily Newtfish: "If you've gained XP this turn, I have +1 Might"; Kha'Zix alone against one enemy gains 2 XP:
    5 + 6 = 11 against 11 would be nobody's, not the Defender's: verify does not decide."""
    rep = _verify(["Kha'Zix - Mutating Horror", "Wily Newtfish"], gained_xp_this_turn=False)
    out = rep.to_json()
    assert any(u["card"] == "Wily Newtfish" and "Kha'Zix - Mutating Horror" in u["why"] for u in out["unmodelled"])
    assert [c["verdict"] for c in out["claims"]] == [None]


def test_nothing_is_named_when_no_unit_reads_the_fact():
    rep = _verify(["Kha'Zix - Mutating Horror"], claim="the defender keeps the battlefield")
    assert not rep.to_json().get("unmodelled") and rep.verdicts[0].verdict is True


def test_a_gear_token_and_a_discard_are_named_on_their_readers():
    gear = _verify(["Black Market Broker", "Repair Specialist"]).to_json()
    assert any(u["card"] == "Repair Specialist" and "Black Market Broker" in u["why"] for u in gear["unmodelled"])
    discard = _verify(["Corrupt Enforcer", "Raging Soul"]).to_json()
    assert any(u["card"] == "Raging Soul" and "Corrupt Enforcer" in u["why"] for u in discard["unmodelled"])
