"""A corruption check before strikes are assigned in an attack that goes on (MECCG-FX-31): Wizard's Flame
under pre_assignment_attack_effects=allowed, "Wizard makes a corruption check modified by -3".

The check is rolled before the assignment; a Wizard who fails leaves the company (discarded at his
corruption points or one less, eliminated below: an avatar's -5 to his player), and the assignment is
made by the company as it stands. Every figure is checked against a brute force written here: over the
36 rolls of two dice, each roll's fate from the rule's words, and for each fate the value of a scenario
written without the Wizard (the card's -2 still applied, the -2 written into the attackers' prowess).

The Wizard who makes the check is Alatar (TW-117), whose card prints no modifier to his corruption checks
(a Wizard who prints one, Gandalf's +1, is in tests/meccg/test_printed_corruption_check_modifiers.py)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.meccg import verbs
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.combat.before import RULE, pre_check
from pycombat.games.meccg.combat.game import CvccGame
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.in_force import removed

SETTINGS = settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = list(product(range(1, 7), repeat=2))
MODIFIER = -3  # combat_cards.json TW-361: "Wizard makes a corruption check modified by -3"
ATTACKERS = ["Lagduf", "Shagrat"]


def brute(cp: int) -> dict[str, Fraction]:
    """The check's fates over the 36 rolls, from the rule's words."""
    out: dict[str, Fraction] = {}
    for a, b in DICE:
        total = a + b + MODIFIER
        fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36)
    return out


def _doc(cp: int, others=("Aragorn II",), *, flag="allowed", wizard=True, card=True):
    members = ([{"name": "Alatar", "corruption_points": cp}] if wizard else []) + list(others)
    strikes = [{"defender": d if isinstance(d, str) else d["name"], "attacker": a} for d, a in zip(members, ATTACKERS)]
    combat = {"strikes": strikes}
    if card:
        combat["before_assignment"] = ["Wizard's Flame"]
    return {"game": "meccg", "rules": {"pre_assignment_attack_effects": flag},
            "attacker": {"alignment": "minion", "site": "Moria", "members": ATTACKERS},
            "defender": {"alignment": "hero", "site": "Moria", "members": members},
            "combat": combat}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def _value(s, objective="kill_mp", character=None):
    return solve_combat(s, objective_from(objective, character, s), max_nodes=200_000).value


def _without_wizard(cp: int, others) -> object:
    """The company the assignment is made by after a failed check, written out: no Alatar, and the
    card's -2 to each attacking character kept (the attack-wide effect stands, MECCG-FX-25), written
    into their printed prowess."""
    printed = {m.name: m.prowess for m in _s(_doc(cp, others, card=False)).attacker.members}
    doc = _doc(cp, others, flag="forbidden", wizard=False, card=False)
    doc["attacker"]["members"] = [{"name": a, "prowess": printed[a] - 2} for a in ATTACKERS]
    return _s(doc)


def test_the_written_out_company_faces_what_the_card_makes():
    """The test's written-out company (no Wizard, -2 written in) meets the same attacking prowess as the
    card gives, strike by strike."""
    from pycombat.games.meccg.combat.strikes import setup_strikes

    others = ("Aragorn II", "Legolas")
    doc = _doc(3, others)
    doc["combat"]["strikes"] = [{"attacker": "Lagduf", "defender": "Aragorn II"},
                                {"attacker": "Shagrat", "defender": "Legolas"}]
    with_card, written = _s(doc), _without_wizard(3, others)  # the same pairs
    got = {x.attacker.member.name: x.attacker.prowess for x in setup_strikes(with_card)}
    want = {x.attacker.member.name: x.attacker.prowess for x in setup_strikes(written)}
    assert got == want and len(got) == 2


@SETTINGS
@given(st.integers(0, 9), st.sampled_from([("Aragorn II",), ("Aragorn II", "Legolas")]))
def test_optimize_is_the_mixture_of_the_assignments_after_each_fate(cp, others):
    """kill_mp and eliminations: the value is the brute force's mixture over the fates, each fate valued by
    the optimal play of the company it leaves; the eliminated avatar costs his player 5 MP (MECCG-BODY-7)."""
    s = _s(_doc(cp, others))
    fates = brute(cp)
    plain = _s(_doc(cp, others))
    with removed(RULE):  # the passing branch: the same company, the check made
        passed = {o: _value(plain, o) for o in ("kill_mp", "eliminations")}
    gone = {o: _value(_without_wizard(cp, others), o) for o in ("kill_mp", "eliminations")}
    pay = {"kill_mp": -5, "eliminations": -1}
    for o in ("kill_mp", "eliminations"):
        want = (fates.get("passes", 0) * passed[o] + fates.get("discarded", 0) * gone[o]
                + fates.get("eliminated", 0) * (gone[o] + pay[o]))
        assert _value(s, o) == want, o


@pytest.mark.parametrize("cp", [0, 3, 6])
def test_survive_follows_each_fate(cp):
    """survive: the Wizard survives only if he passes the check (discarded or eliminated, he leaves play) and
    then stays in play in his strike; Aragorn's chance mixes the assignment after each fate."""
    s = _s(_doc(cp))
    fates = brute(cp)
    with removed(RULE):
        passed_g = _value(s, "survive", "Alatar")
        passed_a = _value(s, "survive", "Aragorn II")
    gone_a = _value(_without_wizard(cp, ("Aragorn II",)), "survive", "Aragorn II")
    assert _value(s, "survive", "Alatar") == fates.get("passes", 0) * passed_g
    assert _value(s, "survive", "Aragorn II") == (fates.get("passes", 0) * passed_a
                                                  + (1 - fates.get("passes", 0)) * gone_a)


def test_the_node_and_its_outcomes():
    """The chance node is the game's root, its chances the brute force's, and a discarded or eliminated Wizard
    is in no assignment after it (no pair names him)."""
    cp = 4
    s = _s(_doc(cp, ("Aragorn II", "Legolas")))
    root = CvccGame(s).new_initial_state()
    assert root.stage == "check"
    outs = dict(root.chance_outcomes())
    want = brute(cp)
    assert sorted(outs.values()) == sorted(want.values()) and sum(outs.values()) == 1
    for label, _p in root.chance_outcomes():
        nxt = root.child(label)
        names = {d for p1 in nxt.legal_actions() for _a, d in p1}
        assert ("Alatar" in {m.name for m in nxt.game.scenario.defender.members}) == label.endswith("passes his corruption check")
        if not label.endswith("passes his corruption check"):
            assert "Alatar" not in names


def test_only_under_the_reading_that_plays_it():
    """Under pre_assignment_attack_effects=forbidden the card is not played before the assignment (MECCG-PRE-5):
    no node; switched off, no node either, and the card's check is named not modelled."""
    assert pre_check(_s(_doc(3, flag="allowed"))) is not None
    assert pre_check(_s(_doc(3, flag="forbidden"))) is None
    with removed(RULE):
        assert pre_check(_s(_doc(3))) is None


def test_optimize_report_names_each_fate_and_drops_it_from_not_modelled():
    s = _s(_doc(2))
    rep = verbs.optimize(s)
    js = rep.to_json()
    got = js["check_before_assignment"]
    assert got["who"] == "Alatar" and got["rule"] == RULE
    assert [o["p"] for o in got["outcomes"]] == ["13/18", "7/36", "1/12"]
    assert not any("corruption check" in e["what"] for e in js["unmodelled"])
    assert any("corruption check" in e["what"] and e["card"].startswith("Wizard") for e in coverage.unmodelled(s))
    total = sum(Fraction(o["p"]) * Fraction(o["value"]) for o in got["outcomes"])
    assert total == rep.value


def _kept_doc(cp: int, *, wizard=True, card=True):
    """Vanishment played against Indûr Unleashed (MECCG-FX-29): the attack goes on, the check is still made."""
    members = ([{"name": "Alatar", "corruption_points": cp}] if wizard else []) + ["Aragorn II"]
    attackers = ["Indûr the Ringwraith", "Shagrat"]
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": attackers, "in_play": ["Indûr Unleashed"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": members},
            "combat": {"strikes": [{"defender": d if isinstance(d, str) else d["name"], "attacker": a}
                                   for d, a in zip(members, attackers)],
                       **({"before_assignment": ["Vanishment"]} if card else {})}}


@SETTINGS
@given(st.integers(0, 9))
def test_a_kept_cancel_s_check_is_the_same_node(cp):
    """A Vanishment the attacker's Indûr Unleashed keeps from cancelling: its check (-2) is made before the
    assignment of an attack that goes on, with the same mixture (kill MP and eliminations)."""
    s = _s(_kept_doc(cp))
    assert pre_check(s) is not None and pre_check(s).card == "Vanishment"
    fates: dict[str, Fraction] = {}
    for a, b in DICE:
        total = a + b - 2
        f = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        fates[f] = fates.get(f, Fraction(0)) + Fraction(1, 36)
    with removed(RULE):
        passed = {o: _value(s, o) for o in ("kill_mp", "eliminations")}
    gone = {o: _value(_s(_kept_doc(cp, wizard=False, card=False)), o) for o in ("kill_mp", "eliminations")}
    for o, pay in (("kill_mp", -5), ("eliminations", -1)):
        want = (fates.get("passes", 0) * passed[o] + fates.get("discarded", 0) * gone[o]
                + fates.get("eliminated", 0) * (gone[o] + pay))
        assert _value(s, o) == want, o


def test_enumerate_counts_the_assignments_after_each_fate():
    """enumerate lists the assignments if the Wizard passes and counts, per failed check, those of the company
    written out without him; the check is no longer named not modelled there."""
    from pycombat.games.meccg.assignment.legal import LegalAssignments

    others = ("Aragorn II", "Legolas", "Gimli")
    s = _s(_doc(4, others))
    rep = verbs.enumerate(s)
    want_gone = LegalAssignments(_without_wizard(4, others)).count_bounded(most=10_000)[0]
    want_all = LegalAssignments(_s(_doc(4, others, card=False))).count_bounded(most=10_000)[0]
    fates = brute(4)
    assert [(o["p"], o["count"]) for o in rep.after_check] == [
        (fates["passes"], want_all), (fates["discarded"], want_gone), (fates["eliminated"], want_gone)]
    assert rep.count == want_all and want_gone != want_all
    assert not any("corruption check" in e["what"] for e in rep.unmodelled)
    assert "check_before_assignment" in rep.to_json()


@pytest.mark.parametrize("cp", [1, 4, 8])
def test_verify_decides_each_roll_of_the_check(cp):
    """"a corruption-check roll of R discards / eliminates / spares Alatar": the rule's words for every total,
    for Wizard's Flame's check (MECCG-FX-31, -3) and a certain Vanishment's (MECCG-FX-30, -2); refused for a
    member who makes none."""
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    vanish = _doc(cp, flag="forbidden")
    vanish["combat"]["before_assignment"] = ["Vanishment"]
    for doc, mod, rule in ((_doc(cp), MODIFIER, RULE), (vanish, -2, "MECCG-FX-30")):
        s = _s(doc)
        claims = [Claim(id=f"{r}{w}", kind="check_roll", args={"roll": r, "result": w, "character": "Alatar"},
                        text="", path=f"claims[{i}]")
                  for i, (r, w) in enumerate((r, w) for r in range(2, 13) for w in ("discards", "eliminates", "spares"))]
        got = verify(s, claims)
        for c, v in zip(claims, got):
            total = c.args["roll"] + mod
            fate = "spares" if total > cp else "discards" if total >= cp - 1 else "eliminates"
            assert v.verdict == (c.args["result"] == fate), (c.args, v.verdict)
            assert rule in v.rules
    from pycombat.errors import PycombatError
    with pytest.raises(PycombatError, match="Aragorn II makes no corruption check"):
        verify(_s(_doc(cp)), [Claim(id="a", kind="check_roll", text="", path="claims[0]",
                                    args={"roll": 5, "result": "spares", "character": "Aragorn II"})])


@pytest.mark.parametrize("cp", [0, 2, 5])
def test_a_wizard_alone_who_fails_leaves_nobody_to_strike(cp):
    """A company of the Wizard alone: a failed check ends the attack (nobody to assign a strike to), paying only
    what the check does; under survive he survives only if he passes it and stays in play in his strike."""
    doc = _doc(cp, ())
    s = _s(doc)
    fates = brute(cp)
    with removed(RULE):
        passed = _value(s, "kill_mp")
        lives = _value(s, "survive", "Alatar")
    assert _value(s, "kill_mp") == fates.get("passes", 0) * passed - 5 * fates.get("eliminated", 0)
    assert _value(s, "survive", "Alatar") == fates.get("passes", 0) * lives
    assert [o["count"] for o in verbs.enumerate(s, count=True).after_check][1:] == \
        [0] * (len(brute(cp)) - 1)
