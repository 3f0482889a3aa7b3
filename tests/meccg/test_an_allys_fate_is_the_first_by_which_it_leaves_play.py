"""An ally leaves play with its controlling character (MECCG-BODY-4) only if it is still in play: one eliminated
in its own earlier strike does not leave again, and one that lost its own strike and survived wounded does
leave with him. Each member's fate over the attack is the first by which he leaves play; the kill MPs are
unchanged. Checked against a brute force written here over the strikes' dice: The Warg-king (ally of Lagduf)
faces Aragorn II, then Lagduf faces Éomer; with Our Own Wolves (+3 to the Warg-king, its caster Lagduf's
corruption check -3 against his 0 corruption points, MECCG-FX-25) Lagduf may also leave in strike 1."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pycombat.games.meccg.combat.strikes import combat_odds, member_fates, replay
from pycombat.games.meccg.schema import scenario_from_dict

D2 = {}
for _a, _b in product(range(1, 7), repeat=2):
    D2[_a + _b] = D2.get(_a + _b, Fraction(0)) + Fraction(1, 36)


def lost_and(prowess: int, opp_prowess: int, body: int, discard_on=()) -> tuple[Fraction, Fraction]:
    """P(the character of ``prowess`` loses the strike and is eliminated), P(... and is discarded): the body
    check roll above ``body`` eliminates, a roll in ``discard_on`` discards (MECCG-BODY-1/2)."""
    lose = sum(p * q for x, p in D2.items() for y, q in D2.items() if prowess + x < opp_prowess + y)
    elim = sum(p for r, p in D2.items() if r > body and r not in discard_on)
    disc = sum(p for r, p in D2.items() if r in discard_on)
    return lose * elim, lose * disc


def _doc(wolves: bool, rolls: bool = False):
    s1 = {"defender": "The Warg-king", "attacker": "Aragorn II"}
    s2 = {"defender": "Lagduf", "attacker": "Éomer"}
    if wolves:
        s1["defender_cards"] = [{"card": "Our Own Wolves", "member": "Lagduf"}]
    if rolls:
        s1["rolls"] = {"attacker": 12, "defender": 2, "body": 12}
        s2["rolls"] = {"attacker": 12, "defender": 2, "body": 12}
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Éomer"]},
        "defender": {"alignment": "minion", "site": "Moria",
                     "members": [{"name": "Lagduf", "corruption_points": 0}, {"name": "The Warg-king", "ally_of": "Lagduf"}]},
        "combat": {"strikes": [s1, s2]}}, file="<t>")


def _attack_fates(s, name):
    co = combat_odds(s)
    total = {"eliminated": Fraction(0), "discarded": Fraction(0)}
    for d in co.per_strike:
        f = member_fates(d, name)
        total = {k: total[k] + f[k] for k in total}
    return total


def test_an_ally_eliminated_in_its_own_strike_is_not_discarded_again():
    # The Warg-king 4/8 against Aragorn II 6; Lagduf 5/8 (discarded on 8) against Éomer 3
    wk_elim, _ = lost_and(4, 6, 8)
    l_elim, l_disc = lost_and(5, 3, 8, discard_on=(8,))
    got = _attack_fates(_doc(False), "The Warg-king")
    assert got["eliminated"] == wk_elim == Fraction(1435, 7776)
    assert got["discarded"] == (1 - wk_elim) * (l_elim + l_disc) == (1 - Fraction(1435, 7776)) * Fraction(775, 7776)
    assert combat_odds(_doc(False)).fates["The Warg-king"].prob(lambda f: f == "discarded") == got["discarded"]


def test_an_ally_wounded_in_its_own_strike_leaves_with_its_controller():
    """Our Own Wolves: Lagduf's check fails (2d6 - 3 <= 0: 1/12) and he is discarded in strike 1; The Warg-king
    leaves with him unless eliminated in its own strike, wounded or not."""
    fail = sum(p for r, p in D2.items() if r - 3 <= 0)
    wk_elim, _ = lost_and(4 + 3, 6, 8)
    l_elim, l_disc = lost_and(5, 3, 8, discard_on=(8,))
    got = _attack_fates(_doc(True), "The Warg-king")
    assert fail == Fraction(1, 12)
    assert got["eliminated"] == wk_elim
    assert got["discarded"] == (1 - wk_elim) * (fail + (1 - fail) * (l_elim + l_disc))
    strike1 = member_fates(combat_odds(_doc(True)).per_strike[0], "The Warg-king")
    assert strike1["discarded"] == fail * (1 - wk_elim) == Fraction(1, 12) * Fraction(7051, 7776)


def test_replay_does_not_discard_an_ally_already_eliminated():
    rep = replay(_doc(False, rolls=True), None)
    text = " ".join(st.text for _s, steps, _o in rep.strikes for st in steps)
    assert "The Warg-king is eliminated" in text
    assert "leaves play with him" not in text
    assert rep.allies_gone == []


def test_the_kill_mps_are_unchanged():
    """2 kill MP for The Warg-king eliminated (its body check), 1 for Lagduf: none for a discarded ally."""
    co = combat_odds(_doc(False))
    wk_elim, _ = lost_and(4, 6, 8)
    l_elim, _d = lost_and(5, 3, 8, discard_on=(8,))
    expected = sum(k * p for (_d2, k), p in co.kill_mp.items())
    assert expected == 2 * wk_elim + 1 * l_elim
