"""MECCG-BODY-1, MECCG-BODY-3: a body-check claim cites MECCG-BODY-3 (an unmodified 7 or 8 returns a Ringwraith
to his player's hand) only where it decides: the claim is about a return, or the return replaces what
MECCG-BODY-1 alone gives (an elimination, the roll above his body, or his being spared). A 7 against Khamûl's
body 9 never eliminates him under MECCG-BODY-1 alone; against Éowyn, who halves his body to 5 (MECCG-FX-5), it
would, and MECCG-BODY-3 decides."""
from __future__ import annotations

import pycombat


def _claims(attacker, sentences):
    doc = {"game": "meccg",
           "attacker": {"player": "Bob", "alignment": "hero", "site": "Minas Morgul", "members": [attacker]},
           "defender": {"player": "Jim", "alignment": "minion", "site": "Minas Morgul",
                        "members": ["Khamûl the Ringwraith"]},
           "combat": {"strikes": [{"defender": "Khamûl the Ringwraith", "attacker": attacker}]},
           "claims": [{"claim": s} for s in sentences]}
    return [(c["verdict"], [r["rule"] for r in c["reasons"]])
            for c in pycombat.load(doc).run("verify").to_json()["claims"]]


SENTENCES = ["a body-check roll of 7 eliminates Khamûl the Ringwraith",
             "a body-check roll of 7 returns Khamûl the Ringwraith to hand",
             "a body-check roll of 8 spares Khamûl the Ringwraith"]


def test_a_seven_below_the_body_rests_on_body_1_for_elimination():
    eliminates, returns, spares = _claims("Aragorn II", SENTENCES)
    assert eliminates == (False, ["MECCG-BODY-1"])
    assert returns == (True, ["MECCG-BODY-1", "MECCG-BODY-3"])
    assert spares == (False, ["MECCG-BODY-1", "MECCG-BODY-3"])


def test_a_seven_above_the_halved_body_is_decided_by_body_3():
    eliminates, returns, spares = _claims("Éowyn", SENTENCES)
    assert eliminates[0] is False and "MECCG-BODY-3" in eliminates[1] and "MECCG-FX-5" in eliminates[1]
    assert returns[0] is True and "MECCG-BODY-3" in returns[1]
    assert spares[0] is False and "MECCG-BODY-3" in spares[1]
