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


def test_a_cost_that_discards_a_minor_item_needs_one_in_the_company():
    """MECCG-FX-15: Token of Goodwill discards a minor item: refused without one, played with one."""
    def cancels(items):
        s = scenario_from_dict({"game": "meccg",
                                "attacker": {"alignment": "minion", "site": "Moria",
                                             "members": [{"name": "E", "custom": True, "race": "Man", "prowess": 5,
                                                          "body": 7}]},
                                "defender": {"alignment": "hero", "site": "Moria",
                                             "members": [{"name": "Aragorn II", "items": items}, "Elrond"]}},
                               file="<t>")
        return verify(s, [Claim(id="c", kind="cancels_attack", text="", args={"card": "Token of Goodwill"})])[0]

    none = cancels([])
    assert none.verdict is False and "MECCG-FX-15" in none.rules
    some = cancels(["Dagger of Westernesse"])
    assert some.verdict is True and "MECCG-FX-15" not in some.rules
