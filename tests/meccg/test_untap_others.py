"""Cards that untap other characters of the company (MECCG-FX-1): Narya untaps every unwounded
character of Gandalf's company, Waybread its bearer and one other character its player names in the
strike's ``untaps:``. The untapped character faces a later strike without the -1 for being tapped,
may take -3 not to tap, and, if he faces no strike, may support (MECCG-SEQ-6).

Checked against the same position with the character untapped from the start, and ``optimize``'s
game against the best of every written ``combat:`` block (order, the card played or not, support).
"""
from __future__ import annotations

from itertools import permutations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.combat.game import CvccGame
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds
from pycombat.tree.build import build_tree
from pycombat.tree.graph import solve


def _doc(defenders, strikes=None, hand=(), attackers=None):
    attackers = attackers or ["Shagrat", "Lagduf", "Orc Captain"][:len(strikes) if strikes else 2]
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": attackers},
           "defender": {"alignment": "hero", "site": "Moria", "members": defenders, "hand": list(hand)}}
    if strikes is not None:
        doc["combat"] = {"strikes": strikes}
    return doc


def _setups(doc):
    return combat_odds(scenario_from_dict(doc, file="<t>")).setups


GANDALF_FIRST = [{"defender": "Gandalf", "attacker": "Lagduf", "defender_cards": ["Narya"]},
                 {"defender": "Aragorn II", "attacker": "Shagrat"},
                 {"defender": "Frodo", "attacker": "Orc Captain"}]


@pytest.mark.parametrize("status", ["untapped", "tapped", "wounded"])
def test_narya_untaps_the_unwounded_for_their_later_strikes(status):
    members = ["Gandalf", {"name": "Aragorn II", "status": status}, {"name": "Frodo", "status": status}]
    got = _setups(_doc(members, GANDALF_FIRST))
    fresh = _setups(_doc(["Gandalf", "Aragorn II", "Frodo"], GANDALF_FIRST))
    plain = _setups(_doc(members, [dict(GANDALF_FIRST[0], defender_cards=[])] + GANDALF_FIRST[1:]))
    for i in (1, 2):
        want = fresh[i] if status != "wounded" else plain[i]  # a wounded character is not untapped
        assert got[i].defender.prowess == want.defender.prowess
    if status == "tapped":
        assert got[1].defender.prowess == plain[1].defender.prowess + 1  # no -1 for being tapped
        assert got[0].untaps_others == (("Aragorn II", "Narya"), ("Frodo", "Narya"))


def test_a_character_untapped_by_narya_may_take_minus_three_and_support():
    members = ["Gandalf", {"name": "Aragorn II", "status": "tapped"}, {"name": "Frodo", "status": "tapped"}]
    strikes = [GANDALF_FIRST[0], {"defender": "Frodo", "attacker": "Shagrat", "defender_untapped": True,
                                  "support": ["Aragorn II"]}]
    got = _setups(_doc(members, strikes))
    assert got[1].defender.prowess == 1 - 3 + 1  # Frodo 1, -3 not to tap, +1 Aragorn's support
    with pytest.raises(ScenarioError, match="MECCG-SEQ-6"):
        _setups(_doc(members, [dict(strikes[0], defender_cards=[]), strikes[1]]))


def test_a_character_faced_before_narya_is_not_helped():
    members = ["Gandalf", {"name": "Aragorn II", "status": "tapped"}]
    strikes = [{"defender": "Aragorn II", "attacker": "Shagrat"}, GANDALF_FIRST[0]]
    got, plain = _setups(_doc(members, strikes)), _setups(_doc(members, [strikes[0]] + [dict(strikes[1], defender_cards=[])]))
    assert got[0].defender.prowess == plain[0].defender.prowess


WAYBREAD = [{"name": "Aragorn II", "status": "tapped", "items": ["Waybread"]}, {"name": "Frodo", "status": "tapped"},
            {"name": "Sam Gamgee", "status": "tapped"}]


def _way(untaps, second="Frodo"):
    return [{"defender": "Aragorn II", "attacker": "Lagduf", "defender_cards": ["Waybread"], "untaps": untaps},
            {"defender": second, "attacker": "Shagrat"}]


def test_waybread_untaps_the_one_character_its_player_names():
    got = _setups(_doc(WAYBREAD, _way(["Frodo"])))
    plain = _setups(_doc(WAYBREAD, _way([])))
    assert got[1].defender.prowess == plain[1].defender.prowess + 1
    assert _setups(_doc(WAYBREAD, _way(["Sam Gamgee"])))[1].defender.prowess == plain[1].defender.prowess
    r = replay(scenario_from_dict(_doc(WAYBREAD, _way(["Frodo"])), file="<t>"), [7] * 6)
    assert any("Waybread also untaps Frodo" in st.text for st in r.strikes[0][1])
    assert "untapped by Waybread earlier in the attack" in r.strikes[1][1][0].text


@pytest.mark.parametrize("untaps, why", [(["Frodo", "Sam Gamgee"], "no card played on this strike untaps Sam Gamgee"),
                                         (["Aragorn II"], "MECCG-FX-1"), (["Shagrat"], "untaps Shagrat")])
def test_waybread_refuses_what_it_cannot_untap(untaps, why):
    with pytest.raises(ScenarioError, match=why):
        _setups(_doc(WAYBREAD, _way(untaps)))


def test_untaps_needs_a_card_that_untaps():
    strikes = [{"defender": "Aragorn II", "attacker": "Lagduf", "untaps": ["Frodo"]},
               {"defender": "Frodo", "attacker": "Shagrat"}]
    with pytest.raises(ScenarioError, match="no card played on this strike untaps Frodo"):
        _setups(_doc(WAYBREAD, strikes))


# ---- optimize's game agrees with the written blocks -----------------------------------------------
H_MEMBERS = ["Gandalf", {"name": "Aragorn II", "status": "tapped"}, {"name": "Frodo", "status": "tapped"}]
PAIRS = (("Lagduf", "Frodo"), ("Shagrat", "Gandalf"))


def _value(rep):
    kd, ka = rep.kill_mp
    pen_d, pen_a = rep.owner_mp_lost
    return kd.expectation() - pen_d - ka.expectation() + pen_a


def _brute():
    best = None
    for order in permutations(PAIRS):
        for narya in (False, True):
            for support in ((), ("Aragorn II",)):
                strikes = [{"attacker": a, "defender": d,
                            **({"defender_cards": ["Narya"]} if narya and d == "Gandalf" else {}),
                            **({"support": list(support)} if support and i == 1 else {})}
                           for i, (a, d) in enumerate(order)]
                doc = _doc(H_MEMBERS, strikes)
                doc["attacker"]["members"] = ["Shagrat", "Lagduf"]
                try:
                    v = _value(odds(scenario_from_dict(doc, file="<t>")))
                except ScenarioError:
                    continue  # e.g. Aragorn still tapped: he may not support
                best = v if best is None or v > best else best
    return best


def test_optimize_follows_narya_to_the_later_strikes():
    doc = _doc(H_MEMBERS, hand=["Narya"])
    doc["attacker"]["members"] = ["Shagrat", "Lagduf"]
    state = CvccGame(scenario_from_dict(doc, file="<t>")).new_initial_state()
    while state.stage in ("phase1", "phase2", "phase3"):  # the phase moves that make PAIRS
        state = state.child(next(a for a in state.legal_actions()
                                 if set(a[0] if state.stage == "phase3" else a) <= set(PAIRS)))
    assert set(state.remaining) == set(PAIRS)
    assert solve(build_tree(state))[0] == _brute()
