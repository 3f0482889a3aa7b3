"""A relief battle with its besieged garrison as a third Army (WOTR-SIEGE-7, WOTR-SITE-5/6): the
garrison is read, shown, never fights, is checked in ASP (at most five units besieged; a garrison
makes the battle a relief), and its fate follows the battle: back in the region when the besiegers
are eliminated or retreat (the siege ends, WOTR-SITE-6), still besieged otherwise. The chance that
the siege is lifted is checked against an independent brute force over every die face."""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

from hypothesis import given, settings, strategies as st

from pycombat.cli import main
from pycombat.games.wotr.battle.facts import SHOWN, StrongholdAt
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.odds_details import consequences_json, fates_json
from pycombat.games.wotr.battle.splits import BASE, RULES, _judged, judge_attack
from pycombat.games.wotr.battle.facts import consts
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.solver import Decoder, check_answer, rule_files

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "wotr" / "relief_minas_tirith.yaml"


def _relief(ra: int, rd: int, garrison: int, *, retreat: bool = False):
    return scenario_from_dict({
        "game": "wotr", "title": "relief", "politics": {"Rohan": "at_war", "Gondor": "at_war", "Sauron": "at_war"},
        "attacker": {"region": "Druadan Forest", "units": {"Rohan": {"regulars": ra}}},
        "defender": {"region": "Minas Tirith", "units": {"Sauron": {"regulars": rd}},
                     "retreat_to": ["Osgiliath"] if retreat else []},
        "battle": {"garrison": {"units": {"Gondor": {"regulars": garrison}}}},
        "rules": {"casualty_policy": "regulars_first"}}, file="relief.yaml")


def _brute_lifted(ra: int, rd: int) -> Fraction:
    """P(the besiegers are eliminated): Regulars only (no Leaders: no re-roll), both sides hit on 5+
    (a field battle in a Stronghold region, WOTR-SITE-3), a hit removes a Regular, the attacker always
    goes on, the besiegers never retreat; every face of every die enumerated."""
    memo: dict = {}

    def value(a: int, d: int) -> Fraction:
        if d == 0:
            return Fraction(1)  # the besiegers are gone (with or without the relieving Army)
        if a == 0:
            return Fraction(0)
        if (a, d) in memo:
            return memo[(a, d)]
        na, nd = min(a, 5), min(d, 5)
        total, stay = Fraction(0), Fraction(0)
        unit = Fraction(1, 6 ** (na + nd))
        for faces in product(range(1, 7), repeat=na + nd):
            ha = sum(1 for f in faces[:na] if f >= 5)
            hd = sum(1 for f in faces[na:] if f >= 5)
            if ha == 0 and hd == 0:
                stay += unit
                continue
            total += unit * value(max(0, a - hd), max(0, d - ha))
        memo[(a, d)] = total / (1 - stay)
        return memo[(a, d)]

    return value(ra, rd)


@settings(max_examples=12, deadline=None)
@given(ra=st.integers(1, 3), rd=st.integers(1, 3), garrison=st.integers(1, 5))
def test_siege_lifted_and_garrison_fates_by_brute_force(ra, rd, garrison):
    s = _relief(ra, rd, garrison)
    rep = battle_report(s)
    relief = consequences_json(rep)["siege"]["relief"]
    want = _brute_lifted(ra, rd)
    assert Fraction(relief["p_siege_lifted"]["exact"]) == want
    assert relief["garrison"]["advance_room"] == 10 - garrison  # WOTR-STACK-1
    rows = fates_json(rep)["regulars_first"]["garrison"]
    assert [(r["figure"], r["count"]) for r in rows] == [("Gondor Regular", garrison)]
    per = rows[0]["per_figure"]
    assert Fraction(per["siege_lifted"]["exact"]) == want if want else "siege_lifted" not in per
    assert sum(Fraction(v["exact"]) for v in per.values()) == 1


def test_both_destroyed_lifts_the_siege_but_allows_no_advance():
    """One Regular against one: mutual elimination (WOTR-END-9) ends the siege too (WOTR-SITE-6), but
    the relieving Army, destroyed, cannot advance."""
    rep = battle_report(_relief(1, 1, 2))
    relief = consequences_json(rep)["siege"]["relief"]
    lifted, adv = Fraction(relief["p_siege_lifted"]["exact"]), Fraction(relief["p_may_advance"]["exact"])
    both = Fraction(4, 36) / (1 - Fraction(16, 36))  # both hit in the same round, before any other end
    assert lifted - adv == both


def test_the_garrison_is_shown_and_never_fights(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["odds", "examples/wotr/relief_minas_tirith.yaml"]) == 0
    out = capsys.readouterr().out
    assert ("Besieged garrison (Free Peoples, in the Stronghold of Minas Tirith; it does not fight, WOTR-SIEGE-7): "
            "Gondor: 2 Regulars, 1 Elite, 1 Leader; Boromir") in out
    assert "Combat Strength 4, 4 dice; Leadership 1" in out  # the Rohirrim alone
    assert "garrison Boromir x1: siege lifted" in out
    s = load_scenario(EXAMPLE)
    v = judge_attack(s)
    assert v.legal and "WOTR-SIEGE-7" in [r["rule"] for r in v.reasons()] and v.numbers.relief


def test_asp_refuses_a_garrison_over_five_and_a_garrison_without_a_relief():
    """WOTR-SITE-5: six units cannot be besieged; WOTR-SIEGE-7: without a Stronghold in the defender's
    region the garrison makes no relief (the facts of a real relief with the Stronghold fact taken out)."""
    v = judge_attack(_relief(2, 2, 6))
    assert not v.legal and [x.rule for x in v.violations] == ["WOTR-SITE-5"]
    s = _relief(2, 2, 3)
    _, _, facts = _judged(s, None)
    files = rule_files(RULES, BASE + ("show.lp",))
    violations, _ = check_answer(files, facts, consts=consts(s), decoder=Decoder(SHOWN))
    assert violations == []
    no_stronghold = [f for f in facts if not isinstance(f, StrongholdAt)]
    violations, _ = check_answer(files, no_stronghold, consts=consts(s), decoder=Decoder(SHOWN))
    assert [(x.rule, x.detail) for x in violations] == [("WOTR-SIEGE-7", "not_a_relief")]


def test_replay_gives_the_garrison_its_fate():
    s = _relief(2, 1, 3)
    from pycombat.games.wotr.battle.replay import replay

    r = replay(s, [{"attacker": {"combat": [5, 2]}, "defender": {"combat": [1]}}])
    assert r.result.kind == "attacker_wins"
    assert r.json()["fates"]["garrison"] == [{"figure": "Gondor Regular", "count": 3, "fates": {"siege_lifted": 3}}]
