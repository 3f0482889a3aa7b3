"""Two copies of a card with a roll or a corruption-check cost played in one strike (MECCG-FX-16/22/25): each
copy makes its own check, with its own die in the strike's ``rolls: cards:``, in odds, replay, verify and
optimize alike, and each copy's bonus acts (Kindling of the Spirit: +2 each, TW-262).

The numbers are checked against a brute force over the dice written here from the rules' words: each check
is 2d6 + the card's modifier (Kindling -2) against the maker's corruption points (above: passes; at them or
one less: discarded; lower: eliminated); the checks are made in play order and the maker's fate is that of
the first he fails (he has left play, and makes no later one); a maker facing the strike who fails leaves play
before it is rolled (not resolved, MECCG-FX-22)."""
from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product

import pytest

import pycombat
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import card_rolls, combat_odds, member_fates, replay
from pycombat.games.meccg.schema import scenario_from_dict

DICE = list(product(range(1, 7), repeat=2))
KINDLING = "Kindling of the Spirit"


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def _alatar(cp: int, copies: int, attacker: str = "Lagduf", hand: bool = False) -> dict:
    """Alatar (a Wizard: he makes Kindling's check himself) faces ``attacker`` with ``copies`` Kindlings."""
    doc = {"game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": [attacker]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Alatar", "corruption_points": cp}]},
           "combat": {"strikes": [{"defender": "Alatar", "attacker": attacker,
                                   "defender_cards": [KINDLING] * copies}]}}
    if hand:
        doc["defender"]["hand"] = [KINDLING] * copies
        del doc["combat"]
    return doc


def _check_fate(total: int, modifier: int, cp: int) -> str:
    t = total + modifier
    return "passes" if t > cp else "discarded" if t >= cp - 1 else "eliminated"


def _maker_fates(cp: int, copies: int, modifier: int = -2) -> dict[str, Fraction]:
    """The maker's fate over every roll of each copy's check: the first check he fails decides it."""
    out: dict[str, Fraction] = {}
    for dice in product(DICE, repeat=copies):
        fate = next((f for f in (_check_fate(a + b, modifier, cp) for a, b in dice) if f != "passes"), "passes")
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36 ** copies)
    return out


def _alive_brute(cp: int, copies: int, prowess: int, body: int, att_prowess: int) -> Fraction:
    """P(Alatar stays in play): every check passed, then the strike at +2 per copy not lost, or lost with a
    body check not above his body."""
    checks = _maker_fates(cp, copies).get("passes", Fraction(0))
    lose_and_die = sum((Fraction(1, 36 ** 3) for (a1, a2), (d1, d2), (b1, b2) in product(DICE, DICE, DICE)
                        if d1 + d2 + prowess + 2 * copies < a1 + a2 + att_prowess and b1 + b2 > body), Fraction(0))
    return checks * (1 - lose_and_die)


def _alive(dist, name: str) -> Fraction:
    f = member_fates(dist, name)
    return 1 - f["eliminated"] - f["discarded"] - f["returned"] - f["aside"]


def test_each_copy_is_a_roll_of_its_own():
    s = _s(_alatar(3, 2))
    setup = combat_odds(s).setups[0]
    assert [(c.name, m.name) for c, m, _r in card_rolls(setup, s)] == [(KINDLING, "Alatar")] * 2
    assert setup.defender.prowess == s.defender.member("Alatar").prowess + 4  # both copies act


@pytest.mark.parametrize("cp", [0, 3, 5, 8])
def test_odds_of_two_copies_match_the_brute_force(cp):
    s = _s(_alatar(cp, 2))
    co = combat_odds(s)
    dist = co.per_strike[0]
    fates = _maker_fates(cp, 2)
    assert dist.prob(lambda o: o.result == "corrupted") == 1 - fates["passes"]
    a, lagduf = s.defender.member("Alatar"), s.attacker.member("Lagduf")
    assert _alive(dist, "Alatar") == _alive_brute(cp, 2, a.prowess, a.body, lagduf.prowess)


def test_another_makers_fate_over_two_copies():
    """Kindling played twice for Aragorn II: Gandalf (the company's Wizard, +1 printed to his checks) makes
    both checks: 2d6 - 1 > 2 each; he is discarded when either fails, 1 - (11/12)^2."""
    doc = base = {"game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
                      "defender": {"alignment": "hero", "site": "Moria",
                                   "members": ["Aragorn II", {"name": "Gandalf", "corruption_points": 2}]},
                      "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Lagduf",
                                              "defender_cards": [KINDLING, KINDLING]}]}}
    co = combat_odds(_s(doc))
    assert co.fates["Gandalf"].prob(lambda f: f == "discarded") == _maker_fates(2, 2, modifier=-1)["discarded"]
    assert co.fates["Gandalf"].prob(lambda f: f == "discarded") == 1 - Fraction(11, 12) ** 2
    # replay and verify: the second copy's die (3) fails the check, the first (9) passes
    doc = copy.deepcopy(base)
    doc["combat"]["strikes"][0]["rolls"] = {"cards": [9, 3], "attacker": 7, "defender": 7, "body": 7}
    _setup, _steps, outcome = replay(_s(doc), None).strikes[0]
    assert dict(outcome.also).get("Gandalf") == "discarded"
    doc["claims"] = [{"id": "d", "claim": "Gandalf is discarded in strike 1"},
                     {"id": "p", "claim": "the final prowess of Aragorn II in strike 1 is 10"}]
    assert [v.verdict for v in pycombat.load(doc).run("verify").verdicts] == [True, True]


@pytest.mark.parametrize("dice,fate", [((9, 9), None), ((9, 4), "discarded"), ((4, 9), "discarded"),
                                       ((2, 9), "eliminated"), ((4, 2), "discarded")])
def test_replay_takes_a_die_per_copy(dice, fate):
    cp = 3  # 2d6 - 2 > 3 passes; 2d6 - 2 at 2 or 3 discards; lower eliminates; the first failure decides
    strike = {"attacker": [7], "defender": [7], "body": 7} if fate is None else {}
    rep = replay(_s({**_alatar(cp, 2), "combat": {"strikes": [
        {"defender": "Alatar", "attacker": "Lagduf", "defender_cards": [KINDLING] * 2,
         "rolls": {"cards": list(dice), **strike}}]}}), None)
    _setup, steps, outcome = rep.strikes[0]
    if fate is None:
        assert outcome.result == "fails"  # 7 + 4 + 7 against 5 + 7
    else:
        assert (outcome.result, outcome.loser, outcome.fate) == ("corrupted", "Alatar", fate)
    assert sum("Kindling of the Spirit's corruption check" in st.text for st in steps) == 2


def test_replay_refuses_one_die_for_two_copies():
    doc = _alatar(9, 2)
    doc["combat"]["strikes"][0]["rolls"] = {"cards": [9]}
    with pytest.raises(pycombat.errors.ScenarioError, match=r"needs 2 rolls"):
        replay(_s(doc), None)


def test_optimize_offers_both_copies_in_one_strike_and_values_them_by_the_brute_force():
    """Alatar against Shagrat with two Kindlings in hand (``survive``): playing none, one or both at the strike,
    each valued by the brute force; the value is the best of them."""
    cp = 0
    free = _s(_alatar(cp, 2, attacker="Shagrat", hand=True))
    a, shagrat = free.defender.member("Alatar"), free.attacker.member("Shagrat")
    want = max(_alive_brute(cp, n, a.prowess, a.body, shagrat.prowess) for n in (0, 1, 2))
    assert _alive_brute(cp, 2, a.prowess, a.body, shagrat.prowess) not in (
        _alive_brute(cp, n, a.prowess, a.body, shagrat.prowess) for n in (0, 1))
    got = solve_combat(free, objective_from("survive", "Alatar", free), max_nodes=10_000)
    assert got.value == want
    for n in (0, 1, 2):  # each option of odds' own combat agrees with the brute force
        s = _s(_alatar(cp, n, attacker="Shagrat"))
        assert _alive(combat_odds(s).per_strike[0], "Alatar") == _alive_brute(cp, n, a.prowess, a.body,
                                                                              shagrat.prowess)


def test_a_card_that_cannot_be_duplicated_is_not_offered_twice():
    """Driven as by a Madness "cannot be duplicated against a given attack" (MECCG-FX-8); Kindling can be."""
    from pycombat.games.meccg.combat.game import CvccGame

    def sets(doc, me, opponent):
        s = _s(doc)
        g = CvccGame(s)
        return g._card_sets(tuple(g.hand_d), s.defender.member(me), opponent)

    driven = {"game": "meccg", "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
              "defender": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"],
                           "hand": ["Driven as by a Madness"] * 2}}
    assert sets(driven, "Lagduf", "Aragorn II") and all(len(c) == len(set(c)) for c in sets(driven, "Lagduf", "Aragorn II"))
    assert max(len(c) for c in sets(_alatar(0, 2, hand=True), "Alatar", "Lagduf")) == 2


#: a supporter at risk only with his controlling character (Goldberry, Éomer's ally, MECCG-BODY-4): the check
#: Kindling costs Gandalf in strike 1 cannot take her out of play, so its die is not needed for strike 2
GOLDBERRY = {
    "game": "meccg",
    "attacker": {"alignment": "minion", "site": "The Wind Throne", "members": ["Shagrat", "Old Troll"]},
    "defender": {"alignment": "hero", "site": "The Wind Throne",
                 "members": ["Aragorn II", "Éomer", {"name": "Goldberry", "ally_of": "Éomer"},
                             {"name": "Gandalf", "corruption_points": 4}]},
    "combat": {"strikes": [{"defender": "Éomer", "attacker": "Old Troll", "defender_cards": [KINDLING],
                            "rolls": {"attacker": 2, "defender": 12}},
                           {"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Goldberry"],
                            "rolls": {"attacker": 7, "defender": 7}}]},
    "claims": [{"id": "p9", "kind": "final_prowess", "character": "Aragorn II", "strike": 2, "value": 9}]}


def test_a_card_roll_that_cannot_change_the_supporters_fate_is_not_needed():
    # Aragorn II 6 +2 (Kindling, lasting the attack) +1 (Goldberry): Éomer 3 + 2 + 12 beats Old Troll whatever
    # Gandalf's check does, so Goldberry is in play
    assert [v.verdict for v in pycombat.load(GOLDBERRY).run("verify").verdicts] == [True]
