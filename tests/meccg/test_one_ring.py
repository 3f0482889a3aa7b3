"""The One Ring's cancel on a corruption check (MECCG-FX-22): "Bearer may make a corruption check
modified by -2 to cancel a strike; this does not work against Undead and Nazgul strikes".

The check is checked against a brute force over the 36 rolls of two dice written here from the
rule's words (above the bearer's corruption points: the strike is cancelled; at them or one less:
he is discarded; lower: eliminated; a failed check leaves the strike unresolved), in every verb that
rolls it: ``odds`` (the strike's exact distribution), ``replay`` (each total), ``optimize`` (the
check as a chance node, the ring as the bearer's decision), and the play check (the Nazgul clause,
the flag ``corruption_check_in_strike``)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards import rolls
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict

SETTINGS = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
RING_CP = 6  # items.json: The One Ring's corruption points
FRODO_OWN = 4  # TW-152 Frodo, printed: "All of his corruption checks are modified by +4"


def _doc(*, cp=None, items=("The One Ring",), attacker="Lagduf", cards=("The One Ring",), rolls_=None, flags=None):
    frodo = {"name": "Frodo", "items": list(items)}
    if cp is not None:
        frodo["corruption_points"] = cp
    strike = {"defender": "Frodo", "attacker": attacker, "defender_cards": list(cards)}
    if rolls_ is not None:
        strike["rolls"] = rolls_
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": [attacker]},
           "defender": {"alignment": "hero", "site": "Moria", "members": [frodo]},
           "combat": {"strikes": [strike]}}
    if flags:
        doc["rules"] = dict(flags)
    return doc


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def brute_force(cp: int, modifier: int = -2 + FRODO_OWN) -> dict[str, Fraction]:
    """The check's fates over the 36 rolls of two dice, from the rule's words: the ring's -2 and Frodo's own +4."""
    out: dict[str, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        total = a + b + modifier
        fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36)
    return out


@SETTINGS
@given(cp=st.integers(min_value=0, max_value=16))
def test_odds_gives_the_brute_force_chances_of_the_check(cp):
    want = brute_force(cp)
    dist = combat_odds(_s(_doc(cp=cp))).per_strike[0]
    assert sum(dist.values()) == 1
    assert dist.prob(lambda o: o.result == "cancelled") == want.get("passes", 0)
    for fate in ("discarded", "eliminated"):
        got = dist.prob(lambda o, f=fate: o.result == "corrupted" and o.loser == "Frodo" and o.fate == f)
        assert got == want.get(fate, 0), fate
    # a failed check leaves the strike unresolved: no wound, no body check, no kill MP for anyone
    assert dist.prob(lambda o: o.result in ("fails", "succeeds", "tie")) == 0
    assert all(o.kill_mp_attacker_player == 0 and o.kill_mp_defender_player == 0 for o in dist)


def test_the_bearers_corruption_points_are_his_items_unless_the_scenario_states_them():
    s = _s(_doc())
    frodo = s.defender.member("Frodo")
    assert rolls.corruption_points(frodo)[0] == RING_CP
    assert rolls.corruption_points(_s(_doc(cp=9)).defender.member("Frodo"))[0] == 9
    # a second item with corruption points adds them (Sting, its points read from the data)
    with_sting = _s(_doc(items=("The One Ring", "Sting")))
    sting_cp = next(i.corruption_points for i in with_sting.defender.member("Frodo").items if i.name == "Sting")
    assert sting_cp > 0 and rolls.corruption_points(with_sting.defender.member("Frodo"))[0] == RING_CP + sting_cp
    assert combat_odds(with_sting).per_strike[0].prob(lambda o: o.result == "cancelled") == \
        brute_force(RING_CP + sting_cp)["passes"]


@pytest.mark.parametrize("total", range(2, 13))
def test_replay_rolls_the_check_as_the_brute_force_says(total):
    rep = replay(_s(_doc(rolls_={"cards": [total]})), None)
    _setup, steps, outcome = rep.strikes[0]
    got = total - 2 + FRODO_OWN  # the ring's -2, Frodo's printed +4
    fate = "passes" if got > RING_CP else "discarded" if got >= RING_CP - 1 else "eliminated"
    if fate == "passes":
        assert outcome.result == "cancelled"
    else:
        assert (outcome.result, outcome.loser, outcome.fate) == ("corrupted", "Frodo", fate)
    text = " ".join(st.text for st in steps)
    assert f"rolls {total} + 2 = {got}" in text and "MECCG-FX-22" in {r for st in steps for r in st.rules}
    # the strike is never rolled either way (cancelled, MECCG-SEQ-12; or not resolved, MECCG-FX-22): dice given
    # for it are refused, naming the field, never ignored
    with pytest.raises(ScenarioError) as exc:
        replay(_s(_doc(rolls_={"cards": [total], "attacker": [7], "defender": [7]})), None)
    assert exc.value.path.endswith("rolls.attacker") and "needs no attacker roll" in str(exc.value)
    assert ("MECCG-SEQ-12" if fate == "passes" else "MECCG-FX-22") in str(exc.value)


def test_a_failed_check_that_eliminates_costs_his_player_the_printed_penalty():
    """Frodo's "-N MP if eliminated" counts when the check eliminates him (MECCG-BODY-9), not when it
    discards him; no kill MP is scored for him either way."""
    s = _s(_doc())
    frodo = s.defender.member("Frodo")
    pen = -(frodo.mp_if_eliminated or 0) if (frodo.mp_if_eliminated or 0) < 0 else 0
    assert pen > 0
    dist = combat_odds(s).per_strike[0]
    assert {o.fate for o in dist if o.result == "corrupted"} == {"discarded", "eliminated"}
    for o in dist:
        if o.result == "corrupted":
            assert o.penalty_defender_player == (pen if o.fate == "eliminated" else 0)


def test_not_against_a_nazgul_strike_and_barred_by_the_flag():
    with pytest.raises(ScenarioError, match="The One Ring"):
        combat_odds(_s(_doc(attacker="Khamûl the Ringwraith")))
    with pytest.raises(ScenarioError, match="MECCG-SEQ-8"):
        combat_odds(_s(_doc(flags={"corruption_check_in_strike": "barred"})))
    combat_odds(_s(_doc()))  # allowed by default


def test_optimize_decides_whether_to_use_the_ring_on_the_exact_odds():
    """Frodo faces Shagrat with the ring: under ``survive`` his player uses it only if the check
    (a failed one discards or eliminates him) is safer than the strike. The value is the better of the
    two, each computed by ``odds`` on the strike with and without the ring; he survives when he stays in
    play (neither eliminated nor discarded)."""
    for cp in (0, 4, 10):
        with_ring = _s(_doc(cp=cp, attacker="Shagrat"))
        without = _s(_doc(cp=cp, attacker="Shagrat", cards=()))

        def alive(s):
            return 1 - combat_odds(s).per_strike[0].prob(
                lambda o: o.loser == "Frodo" and o.fate in ("eliminated", "discarded", "returned"))

        doc = _doc(cp=cp, attacker="Shagrat", cards=())
        del doc["combat"]
        free = _s(doc)
        got = solve_combat(free, objective_from("survive", "Frodo", free), max_nodes=10_000).value
        assert got == max(alive(with_ring), alive(without)), cp
        # and the check itself, from the brute force: he stays in play only if he passes
        assert alive(with_ring) == brute_force(cp).get("passes", 0)
