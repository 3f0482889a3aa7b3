"""Corruption checks a card costs (MECCG-FX-25): Wizard's Fire "+5 prowess to the Wizard; Wizard makes a
corruption check modified by -4", Kindling of the Spirit (the company's Wizard makes it), and the cards
"unless a Ringwraith".

Each verb is checked against a brute force over the dice written here from the rule's words: the check
is 2d6 plus the card's modifier against the maker's corruption points (above: passes; at them or one
less: discarded; lower: eliminated); the card acts whatever the check does; a maker facing the strike
who fails leaves play before it is rolled (not resolved); another maker's failure is his fate beside
the strike, which goes on.

The Wizard who makes the check is Alatar (TW-117), whose card prints no modifier to his corruption checks
(a Wizard who prints one, Gandalf's +1, is in tests/meccg/test_printed_corruption_check_modifiers.py)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.meccg.cards import coverage, rolls
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, member_fates, replay
from pycombat.games.meccg.schema import scenario_from_dict

SETTINGS = settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = list(product(range(1, 7), repeat=2))


def _doc(*, cp=3, card="Wizard's Fire", facing="Alatar", members=None, rolls_=None, hand=None, strikes=None):
    members = members if members is not None else [{"name": "Alatar", "corruption_points": cp}]
    strike = {"defender": facing, "attacker": "Lagduf", "defender_cards": [card] if card else []}
    if rolls_ is not None:
        strike["rolls"] = rolls_
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria", "members": members},
           "combat": {"strikes": strikes if strikes is not None else [strike]}}
    if hand is not None:
        doc["defender"]["hand"] = list(hand)
        del doc["combat"]
    return doc


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def check_fates(cp: int, modifier: int) -> dict[str, Fraction]:
    """The check's fates over the 36 rolls of two dice, from the rule's words."""
    out: dict[str, Fraction] = {}
    for a, b in DICE:
        total = a + b + modifier
        fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36)
    return out


def strike_loses(defender: int, attacker: int) -> Fraction:
    """P(the defender's 2d6 + prowess is lower than the attacker's): the strike succeeds."""
    return sum((Fraction(1, 1296) for (a1, a2), (d1, d2) in product(DICE, DICE)
                if d1 + d2 + defender < a1 + a2 + attacker), Fraction(0))


def body_eliminates(body: int) -> Fraction:
    return sum((Fraction(1, 36) for a, b in DICE if a + b > body), Fraction(0))


@SETTINGS
@given(cp=st.integers(min_value=0, max_value=14))
def test_odds_of_a_check_made_by_the_character_facing_the_strike(cp):
    s = _s(_doc(cp=cp))
    co = combat_odds(s)
    setup, dist = co.setups[0], co.per_strike[0]
    assert sum(dist.values()) == 1
    check = check_fates(cp, -4)
    # the card acts whatever the check does: Alatar's prowess is +5 on every way it goes
    assert setup.defender.prowess == s.defender.member("Alatar").prowess + 5
    lose = strike_loses(setup.defender.prowess, setup.attacker.prowess)
    fates = member_fates(dist, "Alatar")
    assert fates["discarded"] == check.get("discarded", 0)
    assert fates["eliminated"] == check.get("eliminated", 0) + check.get("passes", 0) * lose * body_eliminates(
        setup.defender.body)
    # a failed check leaves the strike unresolved: no roll, no kill MP
    assert dist.prob(lambda o: o.result == "corrupted") == 1 - check.get("passes", 0)
    assert all(o.kill_mp_attacker_player == 0 for o in dist if o.result == "corrupted")


@SETTINGS
@given(cp=st.integers(min_value=0, max_value=14))
def test_odds_of_a_check_made_by_another_member_leave_the_strike_to_go_on(cp):
    """Kindling of the Spirit played for Aragorn II: Alatar, the company's Wizard, makes the check."""
    s = _s(_doc(cp=cp, card="Kindling of the Spirit", facing="Aragorn II",
                members=["Aragorn II", {"name": "Alatar", "corruption_points": cp}]))
    co = combat_odds(s)
    setup, dist = co.setups[0], co.per_strike[0]
    assert sum(dist.values()) == 1
    check = check_fates(cp, -2)
    assert setup.defender.prowess == s.defender.member("Aragorn II").prowess + 2  # the card acts
    assert dist.prob(lambda o: o.result == "corrupted") == 0  # the strike is always resolved
    assert dist.prob(lambda o: o.result == "succeeds") == strike_loses(setup.defender.prowess, setup.attacker.prowess)
    fates = member_fates(dist, "Alatar")
    assert (fates["discarded"], fates["eliminated"], fates["wounded"]) == \
        (check.get("discarded", 0), check.get("eliminated", 0), 0)
    assert co.fates["Alatar"].prob(lambda f: f == "discarded") == check.get("discarded", 0)


@pytest.mark.parametrize("total", range(2, 13))
def test_replay_rolls_the_check_as_the_brute_force_says(total):
    cp = 3
    fate = "passes" if total - 4 > cp else "discarded" if total - 4 >= cp - 1 else "eliminated"
    # the strike's dice only where it is resolved: a failed check leaves it unrolled (MECCG-FX-22), and a
    # roll the strike never needs is refused
    strike_dice = {"attacker": [7], "defender": [7], "body": 7} if fate == "passes" else {}
    rep = replay(_s(_doc(cp=cp, rolls_={"cards": [total], **strike_dice})), None)
    _setup, steps, outcome = rep.strikes[0]
    if fate == "passes":
        assert outcome.result in ("fails", "succeeds", "tie")
    else:
        assert (outcome.result, outcome.loser, outcome.fate) == ("corrupted", "Alatar", fate)
    assert "MECCG-FX-25" in {r for st_ in steps for r in st_.rules}


@pytest.mark.parametrize("total", range(2, 13))
def test_replay_of_another_members_check_adds_his_fate(total):
    cp = 2
    doc = _doc(cp=cp, card="Kindling of the Spirit", facing="Aragorn II",
               members=["Aragorn II", {"name": "Alatar", "corruption_points": cp}],
               rolls_={"cards": [total], "attacker": [7], "defender": [7], "body": 7})
    _setup, _steps, outcome = replay(_s(doc), None).strikes[0]
    fate = "passes" if total - 2 > cp else "discarded" if total - 2 >= cp - 1 else "eliminated"
    assert outcome.result == "fails"  # 6 + 2 + 7 against 5 + 7: resolved whatever the check did
    assert dict(outcome.also).get("Alatar") == (None if fate == "passes" else fate)


def test_a_ringwraith_makes_no_check_where_the_card_says_unless_a_ringwraith():
    m = rolls.cardfx.card_model("Some Secret Art of Flame")
    s = _s({"game": "meccg",
            "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"alignment": "minion", "site": "Moria", "members": ["Khamûl the Ringwraith", "Lagduf"]}})
    assert rolls.check_maker(m, s.defender.member("Khamûl the Ringwraith"), s.defender) is None
    assert rolls.check_maker(m, s.defender.member("Lagduf"), s.defender).name == "Lagduf"


def test_nenya_checks_at_minus_one_at_a_haven():
    m = rolls.cardfx.card_model("Nenya")
    base = _s({"game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
               "defender": {"alignment": "hero", "site": "Moria", "members": ["Galadriel"]}})
    haven = _s({"game": "meccg", "attacker": {"alignment": "minion", "site": "Lórien", "members": ["Lagduf"]},
                "defender": {"alignment": "hero", "site": "Lórien", "members": ["Galadriel"]}})
    assert haven.defender.site_kind == "haven"
    assert rolls.strike_roll(m, base.defender.member("Galadriel"), base.defender).bonus == -3
    assert rolls.strike_roll(m, haven.defender.member("Galadriel"), haven.defender).bonus == -1


def _brute_two_strikes(cp: int, prow_g: int, prow_s: int, body_g: int) -> Fraction:
    """P(Alatar is eliminated) over strike 1 (Aragorn II vs Lagduf with Kindling: Alatar's check)
    then strike 2 (Alatar vs Shagrat), from the rule's words: a Alatar who failed the check is not
    there for strike 2; else he is eliminated when he loses it and the body check is above his body."""
    check = check_fates(cp, -2)
    lose2 = strike_loses(prow_g, prow_s) * body_eliminates(body_g)
    return check.get("eliminated", 0) + check.get("passes", 0) * lose2


def test_a_maker_who_leaves_play_faces_no_later_strike_of_his_own():
    """Kindling of the Spirit at strike 1 for Aragorn II; Alatar, who makes its check, faces strike 2:
    if the check discarded or eliminated him, strike 2 is not resolved (``absent``)."""
    for cp in (0, 2, 6):
        members = ["Aragorn II", {"name": "Alatar", "corruption_points": cp}]
        strikes = [{"defender": "Aragorn II", "attacker": "Lagduf", "defender_cards": ["Kindling of the Spirit"]},
                   {"defender": "Alatar", "attacker": "Shagrat"}]
        doc = _doc(members=members, strikes=strikes)
        doc["attacker"]["members"] = ["Lagduf", "Shagrat"]
        s = _s(doc)
        co = combat_odds(s)
        assert all(sum(d.values()) == 1 for d in co.per_strike)
        check = check_fates(cp, -2)
        assert co.per_strike[1].prob(lambda o: o.result == "absent") == 1 - check.get("passes", 0)
        two = co.setups[1]
        want = _brute_two_strikes(cp, two.defender.prowess, two.attacker.prowess, two.defender.body)
        assert co.fates["Alatar"].prob(lambda f: f == "eliminated") == want, cp
        assert not [e for e in coverage.unmodelled(s) if e["card"] == "Kindling of the Spirit"]


def test_optimize_plays_the_card_only_when_its_check_is_worth_it():
    """Alatar faces Lagduf with Wizard's Fire in hand: under ``survive`` the value is the better of
    playing it (the check, then the strike at +5) and not, each from ``odds``: he survives when he stays in
    play, neither eliminated nor discarded (a failed check discards or eliminates him, MECCG-FX-22)."""
    for cp in (0, 5, 12):
        def alive(card):
            fates = member_fates(combat_odds(_s(_doc(cp=cp, card=card))).per_strike[0], "Alatar")
            return 1 - fates["eliminated"] - fates["discarded"] - fates["returned"] - fates["aside"]

        free = _s(_doc(cp=cp, hand=["Wizard's Fire"]))
        got = solve_combat(free, objective_from("survive", "Alatar", free), max_nodes=10_000).value
        assert got == max(alive("Wizard's Fire"), alive(None)), cp
