"""Corruption checks a cancel costs (MECCG-FX-30): Vanishment and Wizard's River-horses, "Wizard makes a
corruption check modified by -2", rolled as a chance node when the card is played.

Every verb is checked against a brute force over the 36 rolls of two dice written here from the rule's
words: 2d6 - 2 against the Wizard's corruption points (above: passes; at them or one less: discarded;
lower: eliminated, an avatar's -5 to his player), plus the Wizard's own printed modifier to all of his corruption
checks (Gandalf, Radagast: +1); the attack is cancelled whatever the check does."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.dice import Dist
from pycombat.games.meccg import verbs
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

SETTINGS = settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = list(product(range(1, 7), repeat=2))
MODIFIER = -2  # combat_cards.json TW-356, TW-364: "Wizard corruption check -2"
WIZARDS = ["Gandalf", "Radagast", "Saruman"]
#: each Wizard's printed modifier to all of his corruption checks: TW-156 Gandalf and TW-178 Radagast "+1 to all of
#: his corruption checks"; TW-181 Saruman prints none
OWN = {"Gandalf": 1, "Radagast": 1, "Saruman": 0}


def brute(cp: int, wizard: str = "Gandalf") -> dict[str, Fraction]:
    """The check's fates over the 36 rolls, from the rule's words."""
    out: dict[str, Fraction] = {}
    for a, b in DICE:
        total = a + b + MODIFIER + OWN[wizard]
        fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36)
    return out


def _doc(card: str, wizard: str, cp: int, *, others=("Aragorn II",), keeper: bool = False):
    members = [{"name": wizard, "corruption_points": cp}] + ([] if card == "Wizard's River-horses" else list(others))
    attackers = ["Indûr the Ringwraith", "Shagrat"] if keeper else ["Lagduf", "Shagrat"]
    strikes = [{"defender": d if isinstance(d, str) else d["name"], "attacker": a} for d, a in zip(members, attackers)]
    attacker = {"alignment": "minion", "site": "Moria", "members": attackers}
    if keeper:
        attacker["in_play"] = ["Indûr Unleashed"]
    return {"game": "meccg", "attacker": attacker,
            "defender": {"alignment": "hero", "site": "Moria", "members": members},
            "combat": {"strikes": strikes, "before_assignment": [card]}}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


cards = st.sampled_from(["Vanishment", "Wizard's River-horses"])


@SETTINGS
@given(cards, st.sampled_from(WIZARDS), st.integers(0, 9))
def test_odds_are_the_brute_force(card, wizard, cp):
    """odds: the attack is cancelled (no kill MP), the Wizard's fate is the check's, his player loses 5 MP
    (an avatar) exactly when he is eliminated."""
    s = _s(_doc(card, wizard, cp))
    want = brute(cp, wizard)
    co = combat_odds(s)
    assert co.cancel.chance == 1 and co.cancel.check is not None and co.cancel.check.who == wizard
    assert co.kill_mp == Dist.point((0, 0))
    fate = dict(co.fates[wizard].items())
    assert fate.get("discarded", 0) == want.get("discarded", 0)
    assert fate.get("eliminated", 0) == want.get("eliminated", 0)
    assert fate.get("cancelled", 0) == want.get("passes", 0)
    report = verbs.odds(s)
    assert report.owner_mp_lost == (5 * want.get("eliminated", 0), 0)
    assert report.eliminated[wizard] == want.get("eliminated", 0)


@SETTINGS
@given(cards, st.integers(0, 9))
def test_optimize_values_are_the_brute_force(card, cp):
    """optimize: the cancel's outcomes each pay what the check does (kill MP objective: the avatar's -5;
    eliminations: -1; survive: the Wizard survives only if he passes: discarded or eliminated, he leaves play)."""
    s = _s(_doc(card, "Gandalf", cp))
    elim = brute(cp).get("eliminated", Fraction(0))
    got = {o: solve_combat(s, objective_from(o, None, s), max_nodes=10_000).value for o in ("kill_mp", "eliminations")}
    assert got == {"kill_mp": -5 * elim, "eliminations": -elim}
    assert solve_combat(s, objective_from("survive", "Gandalf", s), max_nodes=10_000).value == \
        brute(cp).get("passes", Fraction(0))


@pytest.mark.parametrize("roll", range(2, 13))
def test_replay_rolls_one_die_for_the_check(roll):
    """replay: the check takes one die (`cancel_roll:` or the first of --rolls), its fate as the rule says."""
    cp = 5
    total = roll + MODIFIER + OWN["Gandalf"]
    fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
    doc = _doc("Vanishment", "Gandalf", cp)
    got = replay(_s(doc), [roll])
    text = got.preamble[-1].text
    assert "MECCG-FX-30" in got.preamble[-1].rules and got.strikes == []
    assert {"passes": "Gandalf passes", "discarded": "discarded", "eliminated": "eliminated"}[fate] in text
    assert ("loses 5 MP" in text) == (fate == "eliminated")
    doc["combat"]["cancel_roll"] = roll
    assert replay(_s(doc), None).preamble[-1].text == text


def test_verify_names_the_check_and_the_cancel_stands():
    """verify: the cancel cancels whatever the check does; its exact odds are in the verdict's notes."""
    s = _s(_doc("Vanishment", "Gandalf", 3))
    v = verify(s, [Claim(id="c", kind="cancels_attack", args={"card": "Vanishment"}, text="", path="claims[0]")])[0]
    assert v.verdict is True and "MECCG-FX-30" in v.rules
    want = brute(3)  # 2d6 - 2 + 1 > 3: passes 5/6, discarded 5/36, eliminated 1/36
    assert any(f"passes {want['passes']}" in n and f"eliminated {want['eliminated']}" in n for n in v.notes)


def test_a_check_before_an_attack_that_goes_on_is_named():
    """Where the attack goes on (an attacker's card keeps it, MECCG-FX-29; Wizard's Flame under
    pre_assignment_attack_effects=allowed), the check is named as not modelled, and only then."""
    kept = _s(_doc("Vanishment", "Gandalf", 3, keeper=True))
    assert any(e["card"] == "Vanishment" and "corruption check" in e["what"] for e in coverage.unmodelled(kept))
    assert combat_odds(kept).cancel.check is None
    plain = _s(_doc("Vanishment", "Gandalf", 3))
    assert not any(e["card"] == "Vanishment" for e in coverage.unmodelled(plain))
    doc = _doc("Vanishment", "Gandalf", 3)
    doc["combat"]["before_assignment"] = ["Wizard's Flame"]
    for flag, named in (("allowed", True), ("forbidden", False)):
        s = scenario_from_dict({**doc, "rules": {"pre_assignment_attack_effects": flag}}, file="<t>")
        assert any(e["card"] == "Wizard’s Flame" and "corruption check" in e["what"]
                   for e in coverage.unmodelled(s)) == named


@pytest.mark.parametrize("card", ["Vanishment", "Concealment"])
def test_a_strike_of_a_cancelled_attack_is_not_resolved(card):
    """A claim about a strike of an attack cancelled before strikes are assigned: not resolved (MECCG-PRE-1),
    decided without the check's die (MECCG-FX-30: the cancel stands whatever it does)."""
    doc = _doc("Vanishment", "Gandalf", 3)
    doc["combat"]["before_assignment"] = [card]
    s = _s(doc)
    got = verify(s, [Claim(id="c", kind="strike_result", args={"strike": 2, "result": "is cancelled"}, text="",
                           path="claims[0]"),
                     Claim(id="d", kind="strike_result", args={"strike": 1, "result": "succeeds"}, text="",
                           path="claims[1]")])
    assert [v.verdict for v in got] == [True, False]
    assert got[0].rules == ["MECCG-PRE-1"]
