"""MECCG-ALIGN-6 in the play check: a cancel printed "if the defending company is covert" (Ruse,
Not Slay Needlessly) is decided from the company's members, not left as a note."""
from __future__ import annotations

from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim



def test_a_cancel_that_needs_a_covert_company_follows_the_companys_make_up():
    """MECCG-ALIGN-6: Ruse and Not Slay Needlessly cancel only on a covert company, decided from its members."""
    def cancels(members, card):
        s = scenario_from_dict({"game": "meccg",
                                "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
                                "defender": {"alignment": "minion", "site": "Moria", "members": members}}, file="<t>")
        return verify(s, [Claim(id="c", kind="cancels_attack", text="", args={"card": card})])[0]

    for card in ("Ruse", "Not Slay Needlessly"):
        overt = cancels(["Shagrat", "Ciryaher"], card)
        assert overt.verdict is False and "MECCG-ALIGN-6" in overt.rules
        covert = cancels(["Ciryaher", "Layos"], card)
        assert covert.verdict is True and "MECCG-ALIGN-6" not in covert.rules
