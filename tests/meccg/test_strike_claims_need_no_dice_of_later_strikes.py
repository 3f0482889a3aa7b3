"""A claim on strike N is decided by the dice of strike N and of the earlier strikes that can change it:
strikes resolve one after the other (MECCG-SEQ-1), so a later strike whose roll or body check the file does not
give changes nothing of strike N. ``verify`` decides it; a claim on the later strike still asks for its die. (An
earlier strike that cannot change strike N needs no die either:
test_result_claims_need_only_the_dice_that_change_them.py.)"""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import verify


def _doc(claims, second_rolls=None) -> dict:
    second = {"defender": "Éomer", "attacker": "Odoacer"}
    if second_rolls:
        second["rolls"] = second_rolls
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Horseman in the Night", "Odoacer"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Éomer", "Faramir"]},
            "combat": {"strikes": [
                # Horseman 3 - 3 (no tap) + 10 = 10; Aragorn II 6 + 1 (Faramir) + 3 = 10: ineffectual (MECCG-SEQ-10)
                {"defender": "Aragorn II", "attacker": "Horseman in the Night", "attacker_untapped": True,
                 "support": ["Faramir"], "rolls": {"attacker": 10, "defender": 3}},
                second]},
            "claims": [{"id": str(i), "claim": c} for i, c in enumerate(claims)]}


STRIKE_1 = ["Horseman in the Night taps in strike 1", "Aragorn II taps in strike 1", "strike 1 is ineffectual"]


@pytest.mark.parametrize("second_rolls", [None, {"attacker": 9, "defender": 2}])  # no die; no body-check die
def test_claims_on_strike_1_need_no_die_of_strike_2(second_rolls):
    s = scenario_from_dict(_doc(STRIKE_1, second_rolls), file="<t>")
    assert [v.verdict for v in verify(s).verdicts] == [False, True, True]


def test_a_claim_on_strike_2_still_asks_for_its_die():
    s = scenario_from_dict(_doc(STRIKE_1 + ["Odoacer taps in strike 2"]), file="<t>")
    with pytest.raises(ScenarioError, match=r"strike 2 \(attacker\) needs 1 roll"):
        verify(s)
