"""The showdown game's objective (RB-MODEL-7, pycombat/games/riftbound/play/score.py): every end position scored on
ONE scale for the whole game, counting the units each side lost over the whole combat (killed in the showdown by a
spell, an ability or a trigger, and in the damage step), each with its Might as it died.

The scale of each board below, from the bounds the game reads up front (its docstring): side ``s`` can lose ``Ns``
units (its units in play, its hand's unit cards, one more a card that makes tokens) of at most ``Ms`` Might (their
Might with Assault and Shield, plus every amount, value or Might a card or ability of the scenario states); under
kills_then_might a unit lost counts ``W = 1 + Ma + Md``, a point of its Might 1; the value is the Attacker's score
of the defenders lost minus the Defender's of the attackers lost.

The three boards below were valued wrongly when each end board's damage step weighed kills on its own scale
(``1 + the Might on that board``) and a unit killed in the showdown scored nothing."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.play import game as play_game
from pycombat.games.riftbound.play.score import Bounds, Scale, ScaleBroken, bounds
from pycombat.games.riftbound.schema import scenario_from_dict


def _unit(name: str, might: int, **more) -> dict:
    return {"name": name, "custom": True, "might": might, **more}


def _doc(att: list[dict], dfn: list[dict], hand_a: list[str], hand_d: list[str]) -> dict:
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
            "defender": {"player": "Bo", "units": dfn}, "hand": {"attacker": hand_a, "defender": hand_d}}


def OB2() -> dict:  # per-leaf kill weight flipped the kills-first objective
    return _doc([_unit("A2", 2), _unit("B2", 2)], [_unit("Big", 30, damage=29), _unit("E1", 1)], ["Keeper's Verdict"],
                [])


def OB1() -> dict:  # the same kills valued differently
    return _doc([_unit("A3", 3)], [_unit("D1", 1), _unit("E1", 1)], ["Primal Strength"], [])


def AM3() -> dict:  # a kill in the showdown scored nothing
    return _doc([_unit("A2", 2)], [_unit("D4", 4)], [], ["Hextech Ray"])


def solve(doc: dict, **kw):
    return verbs.optimize(scenario_from_dict(doc), **kw).solution


def options(sol, phase: str = "showdown") -> dict[str, Fraction]:
    """The first undecided decision of ``phase`` on the line: option -> its value for the player who moves."""
    d = next(d for ph, d in sol.decisions if ph == phase and not d.forced)
    return {o.label: o.value for o in d.options}


def test_ob2_kills_first_prefers_verdict_on_big():
    """A2, B2 (2 each) attack Big (30, 29 damage marked) and E1 (1); the Attacker holds Keeper's Verdict (Big or E1
    goes to its owner's deck: it leaves play, not killed). Bounds: the Attacker 4 Might, the Defender 31 (no card
    adds Might): W = 36.
    * pass: the Attacker's 4 kill Big (1 more) and E1 (36*2 + 31), Big's 30 and E1's 1 kill A2 and B2 (36*2 + 4): 27;
    * Verdict on Big: 4 kill E1 (36 + 1), E1's 1 kills nobody: 37, the best (one kill ahead, where passing is even);
    * Verdict on E1: 4 kill Big (36 + 30), Big kills A2 and B2 (72 + 4): -10."""
    sol = solve(OB2())
    assert sol.value == 37
    assert options(sol) == {"attacker plays Keeper's Verdict on Big": 37, "attacker passes": 27,
                            "attacker plays Keeper's Verdict on E1": -10}
    assert sol.scale.startswith("a unit lost counts 36, a point of its Might 1")


def test_ob1_the_same_result_is_the_same_value():
    """A3 (3) attacks D1 (1) and E1 (1); the Attacker holds Primal Strength (+7). Bounds: the Attacker 3 + 7 = 10,
    the Defender 2 + 7 = 9: W = 20.
    * pass, or Primal Strength on A3: A3 kills D1 and E1 (20*2 + 2), their 2 do not kill A3: 42 both (before: 28, 14);
    * Primal Strength on D1 (8) or E1 (8): 3 kill the other one (20 + 1), 9 kill A3 (20 + 3): -2."""
    sol = solve(OB1())
    assert sol.value == 42
    assert options(sol) == {"attacker passes": 42, "attacker plays Primal Strength on A3": 42,
                            "attacker plays Primal Strength on D1": -2, "attacker plays Primal Strength on E1": -2}


def test_am3_a_kill_in_the_showdown_counts():
    """A2 (2) attacks D4 (4); the Defender holds Hextech Ray (3 damage). Bounds: the Attacker 2 + 3 = 5, the
    Defender 4 + 3 = 7: W = 13.
    * pass: A2's 2 do not kill D4, D4's 4 kill A2: -(13 + 2) = -15;
    * Hextech Ray on A2: A2 dies in the showdown with its Might 2: -15 as well (it scored 0 before, "9 worse");
    * Hextech Ray on D4: 3 damage, then A2's 2 kill it (13 + 4), D4 kills A2 (13 + 2): 2.
    The Defender's values are shown for him (negated)."""
    sol = solve(AM3())
    assert sol.value == -15
    assert options(sol) == {"defender passes": 15, "defender plays Hextech Ray on A2": 15,
                            "defender plays Hextech Ray on D4": -2}


def test_a_unit_killed_by_its_own_side_is_its_sides_loss():
    """AM3 with D1 (1) beside D4: bounds the Attacker 5, the Defender 5 + 3 = 8: W = 14. Hextech Ray on the Defender's
    own D1 kills it: a loss of the Defender (14 + 1 to the Attacker), not a kill of the Attacker's; then D4 kills A2
    (14 + 2): -1, as passing (A2's 2 kill D1, 14 + 1; D4 and D1 kill A2): -1. Ray on A2 (-(14 + 2) = -16) is best; Ray
    on D4 lets A2 kill both (28 + 5 - 16 = 17)."""
    doc = AM3()
    doc["defender"]["units"].append(_unit("D1", 1))
    sol = solve(doc)
    assert sol.value == -16
    assert options(sol) == {"defender plays Hextech Ray on A2": 16, "defender passes": 1,
                            "defender plays Hextech Ray on D1": 1, "defender plays Hextech Ray on D4": -17}
    assert sol.lost == {"attacker": ("A2",), "defender": ()}
    assert sol.killed == ((), ())  # the damage step's kills: A2 was lost in the showdown


def test_might_then_kills_on_one_scale():
    """AM3 under might_then_kills: each side can lose 1 unit, so a point of Might counts 1 + 1 + 1 = 3, a unit 1:
    pass and Ray on A2 -(2*3 + 1) = -7; Ray on D4: (4*3 + 1) - 7 = 6."""
    sol = solve(AM3(), objective="might_then_kills")
    assert sol.value == -7
    assert options(sol) == {"defender passes": 7, "defender plays Hextech Ray on A2": 7,
                            "defender plays Hextech Ray on D4": -6}
    assert sol.scale.startswith("a point of Might lost counts 3, a unit lost 1")


def test_custom_values_on_one_scale():
    """OB1 with values A3 2, D1 5, E1 1/2 under custom: a point of value counts 1, a unit lost 1/((1 + 1 + 2) * 2) =
    1/8 (the Attacker can lose 1 unit, the Defender 2; the values' denominator 2). Pass or Primal Strength on A3:
    D1 and E1 lost, 5 + 1/2 + 2/8 = 23/4; on E1 (8): A3 kills D1 (5 + 1/8), E1 and D1 kill A3 (2 + 1/8): 3; on D1:
    A3 kills E1 (1/2 + 1/8), A3 lost (2 + 1/8): -3/2."""
    doc = OB1()
    doc["attacker"]["units"][0]["value"] = 2
    doc["defender"]["units"][0]["value"] = 5
    doc["defender"]["units"][1]["value"] = "1/2"
    sol = solve(doc, objective="custom")
    assert sol.value == Fraction(23, 4)
    assert options(sol) == {"attacker passes": Fraction(23, 4), "attacker plays Primal Strength on A3": Fraction(23, 4),
                            "attacker plays Primal Strength on E1": 3,
                            "attacker plays Primal Strength on D1": Fraction(-3, 2)}
    assert all(isinstance(v, Fraction) for v in options(sol).values())


def test_protect_on_one_scale():
    """OB1 sparing D1 first (the Attacker prefers it alive): W = 20; a protected unit lost costs 1 + the most each
    side's other score can be: (20*2 + 9) + (20*1 + 10) + 1 = 80. Pass (or A3 +7): A3's 3 must give D1 lethal damage
    (no overkill while others remain): -80 + 42 = -38; Primal Strength on D1 (8): A3 kills E1 only (20 + 1), loses
    A3 (20 + 3): -2, the best; on E1 (8): killing D1 costs 80, so A3 kills nobody, and is killed: -23."""
    sol = solve(OB1(), protect=["D1"])
    assert sol.value == -2
    assert options(sol) == {"attacker plays Primal Strength on D1": -2, "attacker plays Primal Strength on E1": -23,
                            "attacker passes": -38, "attacker plays Primal Strength on A3": -38}


def test_conquer_is_unchanged():
    """conquer: 1 when the Attacker conquers, else 0 (RB-RES-7): Keeper's Verdict on Big, then A2 and B2 kill E1."""
    assert solve(OB2(), objective="conquer").value == 1
    assert solve(AM3(), objective="conquer").value == 0
    assert solve(OB1(), objective="conquer").scale is None


def test_the_bounds_are_read_from_the_scenario():
    from pycombat.games.riftbound.damage.game import Objective

    b = bounds(scenario_from_dict(OB1()), Objective())
    assert b.units == {"attacker": 1, "defender": 2} and b.might == {"attacker": 10, "defender": 9}


def test_a_broken_bound_solves_again_with_larger_weights(monkeypatch):
    """Bounds too small (nothing can be lost) are broken at the first end position: the game is solved again with
    larger ones until every end position reached holds, and ranks the options as with the bounds read up front."""
    made = []

    def tiny(scenario, objective):
        made.append(1)
        return Bounds({"attacker": 0, "defender": 0}, {"attacker": 0, "defender": 0})

    want = solve(OB1())
    monkeypatch.setattr(play_game, "bounds", tiny)
    got = solve(OB1())
    assert made  # the tiny bounds were used first
    w = int(re.match(r"a unit lost counts (\d+),", got.scale).group(1))
    assert w > 1 + 2  # grown: at least the 2 Might the Defender loses
    assert got.value == 2 * w + 2  # D1 and E1 lost, nothing lost by the Attacker: the same end position
    ranks = lambda sol: sorted(options(sol), key=lambda k: (-options(sol)[k], k))  # noqa: E731
    assert ranks(got) == ranks(want)
    best = lambda sol: {k for k, v in options(sol).items() if v == max(options(sol).values())}  # noqa: E731
    assert best(got) == best(want)


def test_the_scale_checks_its_bounds():
    from pycombat.games.riftbound.damage.game import Objective
    from pycombat.games.riftbound.play.score import Lost

    scale = Scale(Objective(), Bounds({"attacker": 1, "defender": 1}, {"attacker": 3, "defender": 3}))
    assert scale.value({"attacker": (), "defender": (Lost("D", 3, None),)}) == 1 + 3 + 3 + 3
    with pytest.raises(ScaleBroken) as broken:
        scale.value({"attacker": (), "defender": (Lost("D", 4, None),)})
    assert broken.value.bounds.might["defender"] >= 6 and broken.value.bounds.units == {"attacker": 1, "defender": 1}
    with pytest.raises(ScaleBroken):
        scale.value({"attacker": (Lost("A", 1, None), Lost("B", 1, None)), "defender": ()})
