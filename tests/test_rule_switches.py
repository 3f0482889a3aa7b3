"""The Python rule checks that read :func:`pycombat.in_force.in_force`: each, removed, gives what the
game would be without that rule, and the shipped verdicts are those with every rule in force.

The counterfactual test of minimal reasons (``tests/test_reasons_counterfactual.py``, long tier)
removes every cited rule of every ruling example; these are the quick-tier checks of each switch,
one ruling claim each, and the excess count without phase III against a brute force over the phases.
"""
from __future__ import annotations

import importlib
from dataclasses import replace
from itertools import combinations, permutations
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat import api, solver
from pycombat.in_force import in_force, removed

ROOT = Path(__file__).resolve().parent.parent


def _alone(game: str, stem: str, claim_id: str):
    """The verdict of one claim of a ruling example, verified alone under the rules in force now."""
    s = api.read_scenario(ROOT / "examples" / "rulings" / game / f"{stem}.yaml")
    (raw,) = [c for c in s.claims if isinstance(c.value, dict) and c.value.get("id") == claim_id]
    solver.clear_caches()
    try:
        return importlib.import_module(f"pycombat.games.{game}.verbs").verify(replace(s, claims=(raw,))).verdicts[0]
    finally:
        solver.clear_caches()


#: (game, file, claim, rule): the claim's verdict flips when the rule's Python check is removed
FLIPS = [
    ("meccg", "seed_attack_structure", "one-excess", "MECCG-ASSIGN-4"),  # no phase III: 1 or 2 excess
    ("meccg", "seed_attack_structure", "phase2-after-untapped", "MECCG-ASSIGN-3"),  # no phase II
    ("meccg", "seed_strike_sequence", "excess-not-cancellable", "MECCG-ASSIGN-5"),
    ("meccg", "noble_hound", "hound-in-phase-1", "MECCG-FX-18"),  # the tapped Hound is no phase-I target
    ("meccg", "scourge_of_fire", "glamdring-gone", "MECCG-FX-26"),  # Glamdring kept: its bonus applies
    ("meccg", "token_of_goodwill_cost", "dagger-gone-mod", "MECCG-FX-27"),
    ("meccg", "seed_attack_structure", "rank-upon-rank-effect", "MECCG-STRUCT-8"),  # nothing neutralises it
    ("meccg", "card_in_play", "gloom-tw41", "MECCG-FX-11"),  # Gloom is then a hazard on strikes
    ("meccg", "status_fixed_for_the_attack", "overt-after-lagduf", "MECCG-INIT-5"),  # Saruman alone: covert
    ("meccg", "status_fixed_for_the_attack", "not-covert-after-lagduf", "MECCG-INIT-5"),
    ("wotr", "reading_cancelled_card", "played", "WOTR-SITE-1"),  # Osgiliath: the attacker hits only on 6 in round 1
]


@pytest.mark.parametrize("game, stem, claim_id, rule", FLIPS, ids=lambda x: x)
def test_removing_the_rule_flips_the_verdict(game, stem, claim_id, rule):
    before = _alone(game, stem, claim_id)
    assert before.verdict is not None and rule in before.rules
    with removed(rule):
        after = _alone(game, stem, claim_id)
    assert after.verdict is not None and after.verdict != before.verdict
    assert _alone(game, stem, claim_id).verdict == before.verdict  # the rule back in force


def test_a_rule_that_another_restates_is_redundant_alone():
    """A besieged Army never retreats (WOTR-END-4 and WOTR-SIEGE-5 each say it): removing one leaves
    the verdict and its reasons."""
    before = _alone("wotr", "sieges", "no-retreat")
    assert before.verdict is False and {"WOTR-END-4", "WOTR-SIEGE-5"} <= set(before.rules)
    for rule in ("WOTR-END-4", "WOTR-SIEGE-5"):
        with removed(rule):
            after = _alone("wotr", "sieges", "no-retreat")
        assert (after.verdict, after.rules) == (before.verdict, before.rules)


def test_without_the_dice_faces_the_eye_meets_the_card_check():
    """WOTR-DICE-1 (the Free Peoples dice have no Eye face) decides "Character card may be played with
    an Eye"; without the face table the Eye reaches the card check, which refuses it on its icon."""
    before = _alone("wotr", "dice_and_cards", "no-eye-face")
    assert (before.verdict, before.rules) == (False, ["WOTR-DICE-1"])
    with removed("WOTR-DICE-1"):
        after = _alone("wotr", "dice_and_cards", "no-eye-face")
    assert after.verdict is False and "WOTR-DICE-1" not in after.rules


def test_an_undecided_negated_claim_stays_undecided():
    """Without MECCG-STRUCT-8 Rank upon Rank's bonus acts and is not modelled: "applies" and "does not
    apply" are both undecided (a negation does not turn an undecided verdict into TRUE)."""
    with removed("MECCG-STRUCT-8"):
        for claim_id in ("rank-upon-rank", "rank-upon-rank-not"):
            v = _alone("meccg", "rank_upon_rank", claim_id)
            assert v.verdict is None and v.unmodelled, claim_id


def test_every_rule_is_in_force_outside_a_removal():
    assert in_force("MECCG-ASSIGN-4")
    with removed("MECCG-ASSIGN-4", "WOTR-DICE-1"):
        assert not in_force("MECCG-ASSIGN-4") and not in_force("WOTR-DICE-1") and in_force("MECCG-ASSIGN-3")
    assert in_force("MECCG-ASSIGN-4") and in_force("WOTR-DICE-1")


# ---- the excess count without phase III, against the phases played out ---------------------------
def brute_excess_without_phase3(attackers: list[bool], targets: list[bool], optional: bool) -> set[int]:
    """Every number of strikes left unassigned when only phases I and II place strikes, by playing them
    out: phase I gives a strike (any attacking member's) to each of some untapped targets; phase II
    places untapped members' strikes left on targets left, one each, as many as it can (or any number
    when optional). ``attackers``/``targets``: untapped or not."""
    out = set()
    strikes, open_targets = range(len(attackers)), [t for t, up in enumerate(targets) if up]
    for k in range(len(open_targets) + 1):
        for chosen in combinations(open_targets, k):
            for given_ in permutations(strikes, k):
                left_strikes = [s for s in strikes if s not in given_ and attackers[s]]
                left_targets = [t for t in range(len(targets)) if t not in chosen]
                placeable = [n for n in range(len(left_strikes) + 1)
                             if n <= len(left_targets)]  # an injection of n strikes exists
                made = placeable if optional else [max(placeable)]
                out |= {len(attackers) - k - n for n in made}
    return out


@settings(max_examples=150, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=5), st.lists(st.booleans(), min_size=1, max_size=4),
       st.booleans())
def test_excess_without_phase_three_meets_the_brute_force(attackers, targets, optional):
    from pycombat.games.meccg.claims.combat import _excess_without_phase3

    names = [f"A{i}" for i in range(len(attackers))]
    tnames = [f"T{i}" for i in range(len(targets))]
    members = [SimpleNamespace(name=n, status="untapped" if up else "tapped") for n, up in zip(names, attackers)]
    defenders = {n: SimpleNamespace(untapped=up) for n, up in zip(tnames, targets)}
    s = SimpleNamespace(attacker=SimpleNamespace(members=members),
                        defender=SimpleNamespace(member=defenders.__getitem__),
                        flags={"phase2_assignment": "optional" if optional else "mandatory"})
    jv = SimpleNamespace(strikes=names, targets=tnames)
    assert _excess_without_phase3(s, jv) == brute_excess_without_phase3(attackers, targets, optional)
    # phase III only places more: without it never fewer excess strikes than the max(0, S - T) it leaves
    assert min(_excess_without_phase3(s, jv)) >= max(0, len(attackers) - len(targets))
