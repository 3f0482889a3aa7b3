"""optimize offers a character the items he carries whose ability any member may use for a character of his
company (``carrier: company``, MECCG-FX-17) for the strike he faces himself: Healing Herbs heals its wounded
bearer "from wounded to well and untapped" (no -2, no +1 on his body check) or untaps him; Athelas only when
its bearer is a Dúnadan. Their use for another character is still named in ``unmodelled``."""
from __future__ import annotations

from fractions import Fraction

import pycombat
from pycombat.games.meccg.combat.game import CvccGame, CvccState
from pycombat.games.meccg.schema import scenario_from_dict

HERBS, ATHELAS = "TW-255", "TW-195"


def _doc(defender, status="wounded", item="Healing Herbs"):
    return {"game": "meccg",
            "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                         "members": [{"name": defender, "status": status, "items": [item]}]}}


def _offered(doc, defender):
    game = CvccGame(scenario_from_dict(doc, file="<t>"))
    s = CvccState(game, "defend", remaining=(("Lagduf", defender),), current=("Lagduf", defender))
    return {step.cards for step in game.defender_steps(s)}


def test_a_wounded_bearer_is_offered_his_own_healing_herbs():
    assert _offered(_doc("Aragorn II"), "Aragorn II") == {(), (HERBS,)}
    assert _offered(_doc("Aragorn II", "tapped"), "Aragorn II") == {(), (HERBS,)}
    assert _offered(_doc("Aragorn II", "untapped"), "Aragorn II") == {()}  # neither tapped nor wounded


def test_athelas_only_for_a_dunadan_bearer():
    assert _offered(_doc("Aragorn II", item="Athelas"), "Aragorn II") == {(), (ATHELAS,)}
    assert _offered(_doc("Gimli", item="Athelas"), "Gimli") == {()}


def test_optimize_heals_him_and_values_the_strike_as_a_well_character():
    got = pycombat.load(_doc("Aragorn II")).run("optimize").to_json()
    # healed: Aragorn II 6 (no -2) against Lagduf 5; my own sum: he wins on 6 + 2d6 > 5 + 2d6, then Lagduf
    # (body 8, discarded on 8) is eliminated on 9+; he loses on 6 + 2d6 < 5 + 2d6, then he (body 9, no +1)
    # is eliminated on 10+: Bob's kill MP 1 each, Jim's 3 and Bob's -3 for Aragorn II (MECCG-BODY-9)
    rolls = [a + b for a in range(1, 7) for b in range(1, 7)]
    win = Fraction(sum(1 for x in rolls for y in rolls if 6 + y > 5 + x), 36 * 36)
    lose = Fraction(sum(1 for x in rolls for y in rolls if 6 + y < 5 + x), 36 * 36)
    assert Fraction(got["value"]) == win * Fraction(10, 36) * 1 - lose * Fraction(6, 36) * 6
    assert Fraction(got["value"]) == Fraction(-4225, 23328)
    line = [d for d in got["decisions"] if d["state"].startswith("strike")]
    assert any(o["option"] == "plays Healing Herbs" and o["chosen"] for d in line for o in d["options"])
