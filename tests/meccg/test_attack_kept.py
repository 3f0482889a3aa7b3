"""An attack its attacker keeps from being cancelled (MECCG-FX-29): Indûr Unleashed and Great Fissure,
in the attacking company's ``in_play:``, make the defender's cancel of the attack fail in every verb.

The independent reference is the same combat without the cancel card: with the attacker's card the
cancel changes nothing (``odds``, ``optimize``), rolls no die (``replay``) and ``verify`` finds it does
not cancel; without the attacker's card the same cancel cancels (so each test fails if the rule is
dropped)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.dice import Dist
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

SETTINGS = settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: defender's cancels that cancel with no roll and no race condition, with a company that may play them
CANCELS = {"Concealment": ["Frodo", "Aragorn II"], "Vanishment": ["Gandalf", "Aragorn II"],
           "Wizard's River-horses": ["Gandalf"]}
#: the attacker's card and a company it keeps the attack of
KEEPERS = {"Indûr Unleashed": ("minion", ["Indûr the Ringwraith", "Shagrat"]),
           "Great Fissure": ("balrog", ["The Balrog", "Shagrat"])}


def _doc(card: str | None, keeper: str | None, cancel: str | None, *, heroes=None, attackers=None):
    alignment, members = KEEPERS[card or "Indûr Unleashed"]
    members = attackers or members
    heroes = heroes or CANCELS[cancel or "Concealment"]
    attacker = {"alignment": alignment, "site": "Moria", "members": members}
    if keeper:
        attacker["in_play"] = [keeper]
    strikes = [{"defender": d, "attacker": a} for d, a in zip(heroes, members)]
    return {"game": "meccg", "attacker": attacker,
            "defender": {"alignment": "hero", "site": "Moria", "members": [
                {"name": h, "corruption_points": 0} if h == "Gandalf" else h for h in heroes]},
            "combat": {"strikes": strikes, "before_assignment": [cancel] if cancel else []}}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def _paid(doc, cancel="Concealment"):
    """``doc`` (no cancel) with the member who paid ``cancel``'s tap cost tapped: Concealment's scout, the first
    of the company (Frodo), pays it when it is played, the attack going on (MECCG-FX-15/27)."""
    if cancel != "Concealment":
        return doc
    members = [{"name": m, "status": "tapped"} if m == "Frodo" else m for m in doc["defender"]["members"]]
    return {**doc, "defender": {**doc["defender"], "members": members}}


def _verdict(s, kind, **args):
    return verify(s, [Claim(id="c", kind=kind, args=args, text="", path="claims[0]")])[0]


@SETTINGS
@given(st.sampled_from(sorted(KEEPERS)), st.sampled_from(sorted(CANCELS)))
def test_odds_are_the_combat_without_the_cancel(keeper, cancel):
    """MECCG-FX-29: with the attacker's card, the cancel's chance is 0 and every figure is the one of
    the same combat without the cancel, its cost paid (Concealment's scout tapped, MECCG-FX-27); without it,
    the cancel cancels (nothing rolled, no kill MP)."""
    kept = combat_odds(_s(_doc(keeper, keeper, cancel)))
    plain = combat_odds(_s(_paid(_doc(keeper, keeper, None, heroes=CANCELS[cancel]), cancel)))
    assert kept.cancel is not None and kept.cancel.chance == 0
    assert kept.cancel.kept_by is not None and kept.cancel.kept_by.card == keeper
    assert "MECCG-FX-29" in kept.cancel.rules
    assert kept.kill_mp == plain.kill_mp
    assert kept.per_strike == plain.per_strike
    assert kept.fates == plain.fates
    cancelled = combat_odds(_s(_doc(keeper, None, cancel)))  # the rule's other side: no attacker's card
    assert cancelled.cancel.chance == 1
    assert cancelled.kill_mp == Dist.point((0, 0))


@pytest.mark.parametrize("keeper", sorted(KEEPERS))
def test_verify_decides_the_cancel_with_the_rule(keeper):
    """"<cancel> cancels the attack" is false by MECCG-FX-29 with the attacker's card, true without;
    the cancel may still be played; the attacker's card may be played by the attacker, and does not
    itself cancel (MECCG-PRE-7)."""
    s = _s(_doc(keeper, keeper, "Concealment"))
    v = _verdict(s, "cancels_attack", card="Concealment")
    assert v.verdict is False and "MECCG-FX-29" in v.rules
    assert _verdict(_s(_doc(keeper, None, "Concealment")), "cancels_attack", card="Concealment").verdict is True
    assert _verdict(s, "playable_before_assignment", card="Concealment").verdict is True
    own = _verdict(s, "playable_before_assignment", card=keeper, by="attacker")
    assert own.verdict is True and own.rules == ["MECCG-FX-29"]
    mine = _verdict(s, "cancels_attack", card=keeper, by="attacker")
    assert mine.verdict is False and "MECCG-PRE-7" in mine.rules


def test_verify_refuses_the_attackers_card_without_its_character():
    """Indûr Unleashed needs Indûr in the attacking company: with Orcs alone it may not be played."""
    s = _s(_doc("Indûr Unleashed", None, "Concealment", attackers=["Lagduf", "Shagrat"]))
    v = _verdict(s, "playable_before_assignment", card="Indûr Unleashed", by="attacker")
    assert v.verdict is False and v.rules == ["MECCG-FX-29"]


@pytest.mark.parametrize("keeper", sorted(KEEPERS))
def test_replay_rolls_no_die_for_the_cancel(keeper):
    """The cancel is named and rolls nothing: the strikes take the same dice, with the same results, as
    the combat without it; without the attacker's card nothing is rolled at all; a `cancel_roll:` is refused."""
    doc = _doc(keeper, keeper, "Concealment")
    plain = _s(_paid(_doc(keeper, keeper, None)))
    dice = [3, 11, 7, 9, 4, 8, 6, 10, 5, 12, 2, 7]
    for n in range(4, len(dice) + 1):  # the dice the combat without the cancel uses
        try:
            want = replay(plain, dice[:n])
            break
        except ScenarioError:
            continue
    got = replay(_s(doc), dice[:n])
    assert any("MECCG-FX-29" in step.rules for step in got.preamble)
    assert [[x.text for x in steps] for _s_, steps, _o in got.strikes] == \
        [[x.text for x in steps] for _s_, steps, _o in want.strikes]
    assert got.kill_mp == want.kill_mp
    assert replay(_s(_doc(keeper, None, "Concealment")), None).strikes == []  # cancelled: no strike
    doc["combat"]["cancel_roll"] = 9
    with pytest.raises(ScenarioError) as err:
        replay(_s(doc), dice[:n])
    assert "cancel_roll" in err.value.path


def test_a_cost_outside_a_cancelled_attack_is_named_when_the_attack_goes_on():
    """Escape's wound, shown as outside the combat it cancels, is inside it when the attack goes on:
    named as not modelled, so a claim on the strikes it could change is not decided."""
    doc = _doc("Indûr Unleashed", "Indûr Unleashed", "Escape", heroes=["Faramir", "Frodo"])
    s = _s(doc)
    named = [e for e in coverage.unmodelled(s) if e["card"] == "Escape"]
    assert named and "MECCG-FX-29" in named[0]["why"]
    v = _verdict(s, "final_prowess", character="Faramir", strike=1, value=5)
    assert v.verdict is None
    assert not [e for e in coverage.unmodelled(_s(_doc("Indûr Unleashed", None, "Escape", heroes=["Faramir", "Frodo"])))
                if e["card"] == "Escape" and "MECCG-FX-29" in e["why"]]


@pytest.mark.parametrize("objective", ["kill_mp", "eliminations"])
def test_optimize_value_is_the_combat_without_the_cancel(objective):
    """optimize: no chance node for the cancel, the value of the combat without it."""
    def value_with(doc):
        s = scenario_from_dict({**doc, "combat": {"strikes": doc["combat"]["strikes"], "before_assignment": ["Concealment"]}},
                               file="<t>")
        return solve_combat(s, objective_from(objective, None, s), max_nodes=200_000)

    doc = _doc("Indûr Unleashed", "Indûr Unleashed", "Concealment")
    kept = value_with(doc)
    assert kept.game.new_initial_state().stage != "cancel"
    plain = scenario_from_dict(_paid({**doc, "combat": {"strikes": doc["combat"]["strikes"]}}), file="<t>")
    assert kept.value == solve_combat(plain, objective_from(objective, None, plain), max_nodes=200_000).value
    cancelled = value_with(_doc("Indûr Unleashed", None, "Concealment"))
    assert cancelled.value == 0 and cancelled.game.cancel.chance == 1


def test_the_attackers_card_without_its_character_is_refused(tmp_path: Path):
    """Bad input: Indûr Unleashed in a company without Indûr: one error naming the place, exit 2."""
    doc = _doc("Indûr Unleashed", "Indûr Unleashed", "Concealment", attackers=["Lagduf", "Shagrat"])
    with pytest.raises(ScenarioError) as err:
        combat_odds(_s(doc))
    assert err.value.path == "attacker.in_play[0]" and "MECCG-FX-29" in str(err.value)
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    got = subprocess.run([sys.executable, "-m", "pycombat", "odds", str(f)], capture_output=True, text=True)
    assert got.returncode == 2 and "attacker.in_play[0]" in got.stderr + got.stdout


def test_coverage_names_the_card_only_where_it_acts():
    """In the attacker's in_play it is modelled (nothing listed); in the defender's it is misplaced."""
    s = _s(_doc("Indûr Unleashed", "Indûr Unleashed", "Concealment"))
    assert not [e for e in coverage.unmodelled(s) if e["card"] == "Indûr Unleashed"]
    doc = _doc("Indûr Unleashed", None, "Concealment")
    doc["defender"]["in_play"] = ["Great Fissure"]
    doc["attacker"] = {"alignment": "minion", "site": "Moria", "members": ["Indûr the Ringwraith", "Shagrat"]}
    doc["defender"] = {"alignment": "balrog", "site": "Moria", "members": ["The Balrog", "Lagduf"],
                       "in_play": ["Great Fissure"]}
    doc["combat"] = {"strikes": [{"defender": "The Balrog", "attacker": "Indûr the Ringwraith"}]}
    listed = [e for e in coverage.unmodelled(_s(doc)) if e["card"] == "Great Fissure"]
    assert listed and listed[0]["where"] == "defender.in_play"
