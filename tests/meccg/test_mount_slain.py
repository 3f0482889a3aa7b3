"""Mount Slain (AS-50) under ``mount_slain=applies`` (MECCG-FX-14): in the defending company's
``in_play:``, it discards an attacking Ringwraith who loses his strike and survives his body check.

Checked against a count over the dice written here from the printed numbers: the Ringwraith's
fates (eliminated, returned to hand on an unmodified 7 or 8 (MECCG-BODY-3), discarded instead of
surviving), under both readings, and only where the card's terms hold (its company attacked, a
Ringwraith's strike).
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds

ROLLS = [a + b for a, b in product(range(1, 7), repeat=2)]
KHAMUL = {"prowess": 9, "body": 9}  # printed (characters.json LE-55)
ARAGORN = {"prowess": 6}


def _doc(flag, *, mount_slain_with="defender", ringwraith_attacks=True):
    ringwraiths = {"alignment": "minion", "site": "Moria", "members": ["Khamûl the Ringwraith"]}
    heroes = {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]}
    heroes_role = "defender" if ringwraith_attacks else "attacker"
    doc = {"game": "meccg", "rules": {"mount_slain": flag},
           "attacker": ringwraiths if ringwraith_attacks else heroes,
           "defender": heroes if ringwraith_attacks else ringwraiths}
    if mount_slain_with == "heroes":
        doc[heroes_role]["in_play"] = ["Mount Slain"]
    first = ("Aragorn II", "Khamûl the Ringwraith") if ringwraith_attacks else ("Khamûl the Ringwraith", "Aragorn II")
    doc["combat"] = {"strikes": [{"defender": first[0], "attacker": first[1]}]}
    return doc


def _brute(discards: bool) -> dict[str, Fraction]:
    """Khamûl's fates when he loses (Aragorn's total higher) by counting strike and body rolls."""
    out = {"eliminated": Fraction(0), "returned": Fraction(0), "discarded": Fraction(0), "survives": Fraction(0)}
    for rk, ra in product(ROLLS, ROLLS):
        if ARAGORN["prowess"] + ra <= KHAMUL["prowess"] + rk:
            continue
        for b in ROLLS:
            p = Fraction(1, 36 ** 3)
            fate = ("returned" if b in (7, 8) else "eliminated" if b > KHAMUL["body"]
                    else "discarded" if discards else "survives")
            out[fate] += p
    return out


@pytest.mark.parametrize("flag, ringwraith_attacks, discards", [
    ("applies", True, True), ("no_effect", True, False),
    ("applies", False, False),  # the Ringwraith's company is attacked: no "Ringwraith attack" on the heroes
])
def test_the_ringwraith_who_survives_a_lost_strike_is_discarded(flag, ringwraith_attacks, discards):
    rep = odds(scenario_from_dict(_doc(flag, mount_slain_with="heroes", ringwraith_attacks=ringwraith_attacks),
                                  file="<t>"))
    fate = rep.odds.fates["Khamûl the Ringwraith"]
    want = _brute(discards)
    if ringwraith_attacks:
        for k in ("eliminated", "returned", "discarded", "survives"):
            assert fate[k] == want[k], k
    else:
        assert fate["discarded"] == 0
    assert sum(fate.values()) == 1


def test_without_the_card_in_play_nothing_is_discarded():
    rep = odds(scenario_from_dict(_doc("applies", mount_slain_with="nobody"), file="<t>"))
    assert rep.odds.fates["Khamûl the Ringwraith"]["discarded"] == 0
    assert rep.odds.fates["Khamûl the Ringwraith"]["survives"] == _brute(False)["survives"]


def test_mount_slain_is_modelled_whole():
    from pycombat.games.meccg.cards.lookup import card_report

    (card,) = card_report("Mount Slain")["cards"]
    assert card["unmodelled"] == [] and card["flag"] == "mount_slain"
