"""`odds` and `replay` with a corruption check before strikes are assigned in an attack that goes on
(MECCG-FX-31): Wizard's Flame under pre_assignment_attack_effects=allowed, "Wizard makes a corruption check
modified by -3", -2 prowess to each attacking character.

The check is a chance node before the assignment: he passes (the `combat:` block's assignment), or he is
discarded or eliminated (he has left the company: the block's `after_check:` assignment, else the block's
own without his strike, his attacker's strike then excess). Every figure of `odds` is checked against a brute
force written here: the 36 rolls of the check's two dice, each roll's fate from the rule's words, and for each
fate the strikes of its assignment over every roll of their dice (attacker's 2d6, defender's 2d6, body 2d6),
from the strike rules' words (MECCG-SEQ-9/10, MECCG-BODY-1/5/7), with custom attackers (no discard number)
and a custom ranger beside Alatar (an avatar: -5 MP to his player if eliminated, no kill MP).

The Wizard who makes the check is Alatar (TW-117), whose card prints no modifier to his corruption checks
(a Wizard who prints one, Gandalf's +1, is in tests/meccg/test_printed_corruption_check_modifiers.py)."""
from __future__ import annotations

import functools
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.cli import main
from pycombat.errors import PycombatError
from pycombat.games.meccg import verbs
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.combat.before import RULE
from pycombat.games.meccg.schema import scenario_from_dict

SETTINGS = settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
DICE = list(product(range(1, 7), repeat=2))
MODIFIER = -3  # combat_cards.json TW-361: "Wizard makes a corruption check modified by -3"
FLAME = -2  # TW-361: -2 prowess to each attacking character
ALATAR = {"prowess": 6, "body": 9, "mp": 0, "penalty": 5}  # his card; an avatar (MECCG-BODY-5, MECCG-BODY-7)


def check_fates(cp: int) -> dict[str, Fraction]:
    """The check's fates over its 36 rolls: above his corruption points he passes, at them or one less he is
    discarded, lower eliminated."""
    out: dict[str, Fraction] = {}
    for a, b in DICE:
        total = a + b + MODIFIER
        fate = "passes" if total > cp else "discarded" if total >= cp - 1 else "eliminated"
        out[fate] = out.get(fate, Fraction(0)) + Fraction(1, 36)
    return out


@functools.cache
def strike(d: tuple, a: tuple, excess: int) -> dict:
    """One strike over its dice: ``(kill MP to the defending player, to the attacking player, MPs the defending
    player loses, who is eliminated)`` -> chance. ``d``/``a``: (name, prowess, body, mp, penalty), untapped,
    unwounded, tapping; ``excess``: excess strikes allocated to the defender, -1 each."""
    out: dict = {}
    w = Fraction(1, 36 ** 3)
    for (a1, a2), (d1, d2), (b1, b2) in product(DICE, DICE, DICE):
        att, dfn, body = a[1] + a1 + a2, d[1] - excess + d1 + d2, b1 + b2
        key = (0, 0, 0, ())
        if dfn > att and body > a[2]:  # the strike fails; the defending player's body check eliminates him
            key = (a[3], 0, 0, (a[0],))
        elif dfn < att and body > d[2]:  # it succeeds; the attacking player's body check eliminates him
            key = (0, d[3], d[4], (d[0],))
        out[key] = out.get(key, Fraction(0)) + w
    return out


def combine(strikes: list[dict]) -> dict:
    """Independent strikes: the sum of their kill MPs and MPs lost, the union of the eliminated."""
    acc = {(0, 0, 0, ()): Fraction(1)}
    for s in strikes:
        nxt: dict = {}
        for (k1, k2, p1, e1), q1 in acc.items():
            for (k3, k4, p2, e2), q2 in s.items():
                key = (k1 + k3, k2 + k4, p1 + p2, e1 + e2)
                nxt[key] = nxt.get(key, Fraction(0)) + q1 * q2
        acc = nxt
    return acc


def brute(cp: int, raiders: list[tuple], ranger: tuple) -> dict:
    """The whole attack: the check, then the strikes of the assignment its fate leaves. Per fate: ``(chance,
    outcome distribution)``; the eliminated maker's 5 MP and his elimination on top."""
    g = ("Alatar", ALATAR["prowess"], ALATAR["body"], ALATAR["mp"], ALATAR["penalty"])
    r1, r2 = ((n, p + FLAME, b, mp, 0) for n, p, b, mp in raiders)
    out = {}
    for fate, p in check_fates(cp).items():
        if fate == "passes":  # the block's assignment: Alatar vs Raider A, Ranger vs Raider B
            dist = combine([strike(g, r1, 0), strike(ranger, r2, 0)])
        else:  # without his strike: Raider A's strike is excess, on the last strike (Ranger's), -1
            dist = combine([strike(ranger, r2, 1)])
            if fate == "eliminated":
                dist = {(k1, k2, pen + ALATAR["penalty"], el + ("Alatar",)): q
                        for (k1, k2, pen, el), q in dist.items()}
        out[fate] = (p, dist)
    return out


def _doc(cp: int, raiders, ranger, *, extra_defender=None) -> dict:
    members = [{"name": "Alatar", "corruption_points": cp},
               {"name": ranger[0], "custom": True, "type": "character", "race": "Dúnadan", "prowess": ranger[1],
                "body": ranger[2], "mp": ranger[3]}]
    if extra_defender:
        members.append(extra_defender)
    return {"game": "meccg", "rules": {"pre_assignment_attack_effects": "allowed"},
            "attacker": {"alignment": "minion", "site": "Moria",
                         "members": [{"name": n, "custom": True, "type": "character", "race": "Man", "prowess": p,
                                      "body": b, "mp": mp} for n, p, b, mp in raiders]},
            "defender": {"alignment": "hero", "site": "Moria", "members": members},
            "combat": {"before_assignment": ["Wizard's Flame"],
                       "strikes": [{"defender": "Alatar", "attacker": raiders[0][0]},
                                   {"defender": ranger[0], "attacker": raiders[1][0]}]}}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def _marginal(dist: dict, index: int) -> dict:
    out: dict = {}
    for key, q in dist.items():
        out[key[index]] = out.get(key[index], Fraction(0)) + q
    return {k: v for k, v in out.items() if v}


STAT = st.integers(2, 9)


@SETTINGS
@given(st.integers(0, 9), STAT, STAT, STAT, STAT, st.integers(0, 4), STAT, STAT, st.integers(0, 3))
def test_odds_is_the_brute_force_over_the_check_and_the_strike_dice(cp, p1, b1, p2, b2, mp, rp, rb, rmp):
    raiders = [("Raider A", p1, b1, mp), ("Raider B", p2, b2, mp + 1)]
    ranger = ("Ranger", rp, rb, rmp, 0)
    rep = verbs.odds(_s(_doc(cp, raiders, ranger)))
    want = brute(cp, raiders, ranger)
    # the chance node: each outcome's exact chance, in the order passes, discarded, eliminated; they sum to 1
    got = [(o.outcome.fate, o.outcome.chance) for o in rep.check.per_outcome]
    assert got == [(f, want[f][0]) for f in ("passes", "discarded", "eliminated") if f in want]
    assert sum(p for _f, p in got) == 1
    # the odds under each outcome
    for o in rep.check.per_outcome:
        dist = want[o.outcome.fate][1]
        kill = {k: v for k, v in o.kill_mp.items() if v}
        assert kill == {k: v for k, v in _pairs(dist).items() if v}, o.outcome.label
        assert o.owner_mp_lost[0] == sum(q * key[2] for key, q in dist.items())
    # over every outcome
    overall: dict = {}
    for p, dist in want.values():
        for key, q in dist.items():
            overall[key] = overall.get(key, Fraction(0)) + p * q
    assert {k: v for k, v in rep.kill_mp[0].items() if v} == _marginal(overall, 0)
    assert {k: v for k, v in rep.kill_mp[1].items() if v} == _marginal(overall, 1)
    assert rep.owner_mp_lost == (sum(q * key[2] for key, q in overall.items()), 0)
    for name in ("Alatar", "Ranger", "Raider A", "Raider B"):
        assert rep.eliminated.get(name, 0) == sum(q for key, q in overall.items() if name in key[3]), name


def _pairs(dist: dict) -> dict:
    out: dict = {}
    for key, q in dist.items():
        out[key[:2]] = out.get(key[:2], Fraction(0)) + q
    return out


def test_json_shows_each_outcome_exactly_and_the_whole():
    raiders = [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)]
    ranger = ("Ranger", 5, 8, 2, 0)
    js = verbs.odds(_s(_doc(2, raiders, ranger))).to_json()
    got = js["check_before_assignment"]
    assert got["rule"] == RULE and got["who"] == "Alatar" and RULE in got["rules"]
    assert [o["p"]["exact"] for o in got["outcomes"]] == ["13/18", "7/36", "1/12"]
    assert sum(Fraction(o["p"]["exact"]) for o in got["outcomes"]) == 1
    assert [o["assignment"] for o in got["outcomes"]] == [
        [{"defender": "Alatar", "attacker": "Raider A"}, {"defender": "Ranger", "attacker": "Raider B"}],
        [{"defender": "Ranger", "attacker": "Raider B"}], [{"defender": "Ranger", "attacker": "Raider B"}]]
    assert [o["excess"] for o in got["outcomes"]] == [[], ["Raider A"], ["Raider A"]]
    assert [o["maker_mp_lost"] for o in got["outcomes"]] == [0, 0, 5]
    # the top-level figures are over every outcome, the top-level strikes those if he passes
    want = brute(2, raiders, ranger)
    exp = sum(p * sum(q * k[0] for k, q in d.items()) for p, d in want.values())
    assert Fraction(js["expected_kill_mp"]["defender_player"]["exact"]) == exp
    assert js["strikes_if"] == "Alatar passes his corruption check" and len(js["strikes"]) == 2
    assert [len(o["strikes"]) for o in got["outcomes"]] == [2, 1, 1]
    # odds models the check: it is not named as not modelled there, and still is for the other verbs' claims
    assert not any("corruption check" in e["what"] for e in js["unmodelled"])
    assert any("corruption check" in e["what"] for e in coverage.unmodelled(_s(_doc(2, raiders, ranger))))


def test_text_names_each_outcome_and_the_whole(capsys):
    assert main(["odds", "examples/rulings/meccg/check_before_assignment.yaml"]) == 0
    out = capsys.readouterr().out
    # the ruling's Gandalf: 2d6 - 3, +1 his own printed modifier, against his 2 corruption points
    assert "If Gandalf passes his corruption check (5/6 (0.8333)) (MECCG-FX-31)" in out
    assert "If Gandalf fails his corruption check: discarded (5/36 (0.1389))" in out
    assert "If Gandalf fails his corruption check: eliminated (1/36 (0.0278))" in out
    assert "5/6 (0.8333) + 5/36 (0.1389) + 1/36 (0.0278) = 1 (1.0000)" in out
    assert "excess strikes: Shagrat (MECCG-ASSIGN-5) (combat.strikes without Gandalf's strike)" in out
    assert "not modelled" not in out.lower()


def _three(cp: int = 3):
    """Alatar, a ranger and a scout against two raiders; the scout is given no strike while Alatar is in
    the company (phase II: the attacker had no strike left for him)."""
    scout = {"name": "Scout", "custom": True, "type": "character", "race": "Hobbit", "prowess": 2, "body": 7, "mp": 1}
    return _doc(cp, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0), extra_defender=scout)


def test_a_stated_assignment_after_the_check():
    """Where the block's assignment without his strike breaks the three phases (Raider A's strike, now
    unassigned, must go to the scout in phase II, MECCG-ASSIGN-3), odds refuses and says what to add; with
    `after_check:` stated, the failed outcomes follow it, each strike over its dice."""
    doc = _three()
    with pytest.raises(PycombatError, match=r"after_check") as exc:
        verbs.odds(_s(doc))
    assert "MECCG-ASSIGN-4 (Phase III (defender)" in str(exc.value) and "combat.after_check" in str(exc.value)
    doc["combat"]["after_check"] = {"strikes": [{"defender": "Ranger", "attacker": "Raider B"},
                                                {"defender": "Scout", "attacker": "Raider A"}]}
    rep = verbs.odds(_s(doc))
    ranger = ("Ranger", 5, 8, 2, 0)
    scout = ("Scout", 2, 7, 1, 0)
    ra, rb = ("Raider A", 5 + FLAME, 7, 2, 0), ("Raider B", 6 + FLAME, 8, 3, 0)
    after = combine([strike(ranger, rb, 0), strike(scout, ra, 0)])
    for o in rep.check.per_outcome[1:]:
        assert o.outcome.source == "combat.after_check.strikes"
        assert {k: v for k, v in o.kill_mp.items() if v} == {k: v for k, v in _pairs(after).items() if v}


def _err(argv, doc, tmp_path) -> str:
    import yaml

    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([argv[0], str(p), *argv[1:]])
    assert code == 2, out.getvalue()
    return err.getvalue().replace(str(p), "FILE")


@pytest.mark.parametrize("change, field, words", [
    (lambda d: d["combat"].update(after_check={"strikes": [{"defender": "Alatar", "attacker": "Raider A"}]}),
     "combat.after_check.strikes[0].defender", "left it before strikes are assigned"),
    (lambda d: d["combat"].update(after_check={"strikes": []}), "combat.after_check.strikes",
     "is not a legal complete assignment of the company without Alatar"),
    (lambda d: d["defender"]["members"].append(
        {"name": "Pony", "custom": True, "type": "character", "race": "Hobbit", "prowess": 1, "body": 5})
     or d["combat"].update(strikes=[{"defender": "Ranger", "attacker": "Raider A", "support": ["Alatar"]},
                                    {"defender": "Pony", "attacker": "Raider B"}]),
     "combat.after_check", "combat.strikes[0].support names him"),
    (lambda d: d["combat"].update(after_check={"strikes": [], "cancel_roll": 4}), "combat.after_check.cancel_roll",
     "unknown field"),
    (lambda d: d["combat"].update(check_roll=13), "combat.check_roll", "12"),
])
def test_bad_input_is_one_clear_error(tmp_path, change, field, words):
    doc = _doc(3, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    change(doc)
    err = _err(["odds"], doc, tmp_path)
    assert f"FILE: {field}" in err and words in err, err


def test_a_check_roll_or_assignment_after_it_without_a_check_is_refused(tmp_path):
    doc = _doc(3, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    del doc["combat"]["before_assignment"]
    doc["combat"]["check_roll"] = 6
    for verb in ("odds", "replay"):
        err = _err([verb], doc, tmp_path)
        assert "FILE: combat.check_roll" in err and "no corruption check is made" in err and RULE in err
    del doc["combat"]["check_roll"]
    doc["combat"]["after_check"] = {"strikes": [{"defender": "Ranger", "attacker": "Raider B"}]}
    assert "FILE: combat.after_check" in _err(["odds"], doc, tmp_path)


def test_the_stated_assignment_is_checked_even_when_the_roll_passes(tmp_path):
    """replay refuses a bad `after_check:` whatever the roll: the scenario is wrong, not this roll."""
    doc = _three()
    doc["combat"]["after_check"] = {"strikes": [{"defender": "Ranger", "attacker": "Raider B"}]}  # phase II broken
    doc["combat"]["check_roll"] = 12
    for s in doc["combat"]["strikes"]:
        s["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    assert "FILE: combat.after_check" in _err(["replay"], doc, tmp_path)


# ---- replay ----------------------------------------------------------------------------------
def _replayed(doc, rolls=None) -> dict:
    s = _s(doc)
    return verbs.replay(s, rolls=rolls).to_json()


@pytest.mark.parametrize("roll, fate", [(8, "passes"), (6, "passes"), (5, "discarded"), (4, "discarded"),
                                        (3, "eliminated"), (2, "eliminated")])
def test_replay_rolls_the_check_then_the_assignment_after_it(roll, fate):
    """Against his 2 corruption points: roll - 3 above 2 passes, 2 or 1 discards him, lower eliminates him
    (his player loses 5 MP, MECCG-BODY-7); then the strikes of the assignment that outcome leaves."""
    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    assert fate == ("passes" if roll + MODIFIER > 2 else "discarded" if roll + MODIFIER >= 1 else "eliminated")
    doc["combat"]["check_roll"] = roll
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": 7, "defender": 9, "body": 12}  # Alatar 6+9 > 3+7
    doc["combat"]["strikes"][1]["rolls"] = {"attacker": 9, "defender": 5, "body": 12}  # Ranger 5+5 < 4+9
    js = _replayed(doc)
    got = js["check_before_assignment"]
    assert (got["roll"], got["fate"], got["who"]) == (roll, fate, "Alatar")
    first = js["preamble"][0]
    assert first["rules"][:2] == [RULE, "MECCG-FX-25"] and f"rolls {roll} - 3 = {roll - 3}" in first["text"]
    pairs = [(s["defender"], s["attacker"]) for s in js["strikes"]]
    if fate == "passes":
        assert pairs == [("Alatar", "Raider A"), ("Ranger", "Raider B")]
        assert [s["result"] for s in js["strikes"]] == ["fails", "succeeds"]
        assert js["kill_mp"] == {"defender_player": 2, "attacker_player": 2}  # both eliminated on a body roll of 12
    else:
        assert pairs == [("Ranger", "Raider B")] and got["excess"] == ["Raider A"]
        steps = " ".join(st["text"] for st in js["strikes"][0]["steps"])
        assert "excess strike of Raider A" in steps  # -1 to the ranger (MECCG-SEQ-3)
        assert js["kill_mp"] == {"defender_player": 0, "attacker_player": 2}
        assert got["maker_mp_lost"] == (5 if fate == "eliminated" else 0)
        assert ("MECCG-BODY-7" in first["rules"]) == (fate == "eliminated")


def test_replay_takes_the_check_first_from_the_rolls():
    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    js = _replayed(doc, "4,9,5,12")  # the check (4 - 3 = 1: discarded), then the ranger's strike
    assert js["check_before_assignment"]["fate"] == "discarded"
    assert [(s["defender"], s["result"]) for s in js["strikes"]] == [("Ranger", "succeeds")]


def test_replay_without_the_check_s_roll_says_what_to_add(tmp_path):
    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    err = _err(["replay"], doc, tmp_path)
    assert "FILE: combat.check_roll" in err and "check_roll:" in err


# ---- verify, consistently ----------------------------------------------------------------------
@pytest.mark.parametrize("cp", [0, 2, 5, 9])
def test_verify_s_check_roll_claims_partition_odds_outcomes(cp):
    """"a corruption-check roll of R discards / eliminates / spares Alatar": the rolls verify finds true for
    each fate, weighted by their 2d6 chance, make exactly odds' chance of that outcome."""
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    s = _s(_doc(cp, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0)))
    chance = {r: Fraction(sum(1 for a, b in DICE if a + b == r), 36) for r in range(2, 13)}
    words = {"spares": "passes", "discards": "discarded", "eliminates": "eliminated"}
    claims = [Claim(id=f"{r}{w}", kind="check_roll", args={"roll": r, "result": w, "character": "Alatar"},
                    text="", path=f"claims[{i}]") for i, (r, w) in enumerate(product(range(2, 13), words))]
    got: dict[str, Fraction] = {}
    for c, v in zip(claims, verify(s, claims)):
        assert v.verdict is not None and RULE in v.rules
        if v.verdict:
            got[words[c.args["result"]]] = got.get(words[c.args["result"]], Fraction(0)) + chance[c.args["roll"]]
    assert got == {o.outcome.fate: o.outcome.chance for o in verbs.odds(s).check.per_outcome}


def test_one_play_check_for_odds_and_verify():
    """The card odds plays is one verify finds playable; where the play check refuses it, odds refuses the
    scenario with that same refusal."""
    from pycombat.games.meccg.cards import play
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    claim = Claim(id="p", kind="playable_before_assignment", args={"card": "Wizard's Flame"}, text="", path="claims[0]")
    assert verbs.odds(_s(doc)).check is not None
    assert verify(_s(doc), [claim])[0].verdict is True
    doc["rules"]["pre_assignment_attack_effects"] = "forbidden"
    s = _s(doc)
    refusal = play.check(s, [play.Play(c, "defender", play.BEFORE) for c in s.combat.before_assignment]).refusals[0]
    with pytest.raises(PycombatError, match="combat.before_assignment") as exc:
        verbs.odds(s)
    assert refusal.text in str(exc.value)


def test_strike_claims_the_check_could_change_are_not_decided():
    """A claim about a strike's result reads the block's assignment, which holds only if he passes: without
    the check's roll verify leaves it undecided (MECCG-FX-10) rather than decide it against odds' other
    outcomes; with `check_roll:` given, the strike of the maker who failed is not made, and a claim about it
    stays undecided too (tests/meccg/test_check_roll_claims.py: the strikes the roll fixes are decided)."""
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    for s_ in doc["combat"]["strikes"]:
        s_["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    claim = Claim(id="r", kind="strike_result", args={"strike": 2, "result": "succeeds"}, text="", path="claims[0]")
    v = verify(_s(doc), [claim])[0]
    assert v.verdict is None and "MECCG-FX-10" in v.rules
    doc["combat"]["check_roll"] = 5  # 5 - 3 = 2, at his 2 corruption points: Alatar is discarded
    on_maker = Claim(id="g", kind="strike_result", args={"strike": 1, "result": "succeeds"}, text="", path="claims[0]")
    v = verify(_s(doc), [on_maker])[0]
    assert v.verdict is None and "MECCG-FX-10" in v.rules


def test_a_wizard_alone_who_fails_leaves_no_strike():
    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    doc["defender"]["members"] = doc["defender"]["members"][:1]
    doc["combat"]["strikes"] = doc["combat"]["strikes"][:1]
    rep = verbs.odds(_s(doc))
    fates = check_fates(2)
    for o in rep.check.per_outcome[1:]:
        assert o.outcome.scenario is None and o.odds is None and dict(o.kill_mp) == {(0, 0): 1}
    assert rep.eliminated["Alatar"] == fates["eliminated"] + fates["passes"] * rep.check.per_outcome[0].fates[
        "Alatar"]["eliminated"]
    doc["combat"]["check_roll"] = 3
    doc["combat"]["strikes"][0]["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    js = _replayed(doc)
    assert js["strikes"] == [] and js["check_before_assignment"]["fate"] == "eliminated"


def test_verify_refuses_the_same_bad_fields(tmp_path):
    """verify reads the same combat block: a stated assignment after the check that names its maker is
    refused there too, at the same field."""
    doc = _doc(3, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    doc["claims"] = [{"claim": "a corruption-check roll of 5 discards Alatar", "expect": True}]
    doc["combat"]["after_check"] = {"strikes": [{"defender": "Alatar", "attacker": "Raider A"}]}
    assert "FILE: combat.after_check.strikes[0].defender" in _err(["verify"], doc, tmp_path)
    del doc["combat"]["after_check"]
    doc["combat"]["check_roll"] = 5
    doc["rules"]["pre_assignment_attack_effects"] = "forbidden"
    doc["combat"]["before_assignment"] = []
    assert "FILE: combat.check_roll" in _err(["verify"], doc, tmp_path)


@pytest.mark.parametrize("cp", [1, 4])
def test_a_kept_vanishment_s_check_is_the_same_node_in_odds(cp, capsys):
    """Vanishment against Indûr Unleashed (MECCG-FX-29): the attack goes on and its check (-2) is made before
    the assignment: odds' outcomes are the check's over its 36 rolls, each with its own assignment."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Indûr the Ringwraith", "Shagrat"],
                        "in_play": ["Indûr Unleashed"]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Alatar", "corruption_points": cp}, "Aragorn II"]},
           "combat": {"before_assignment": ["Vanishment"],
                      "strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"},
                                  {"defender": "Alatar", "attacker": "Indûr the Ringwraith"}]}}
    rep = verbs.odds(_s(doc))
    want: dict[str, Fraction] = {}
    for a, b in DICE:
        f = "passes" if a + b - 2 > cp else "discarded" if a + b - 2 >= cp - 1 else "eliminated"
        want[f] = want.get(f, Fraction(0)) + Fraction(1, 36)
    assert {o.outcome.fate: o.outcome.chance for o in rep.check.per_outcome} == want
    assert rep.to_json()["attack_cancelled"]["kept_by"]["card"] == "Indûr Unleashed"
    for o in rep.check.per_outcome[1:]:
        assert o.outcome.pairs() == [("Aragorn II", "Shagrat")] and o.outcome.excess() == ("Indûr the Ringwraith",)


def test_a_certain_cancel_before_the_check_leaves_only_its_own():
    """Wizard's Flame and a Vanishment that cancels for certain: the cancel's node comes first (as optimize
    plays it), so nothing of the strikes or of the Flame's check is made; only the Vanishment's check (-2)
    can cost Alatar (MECCG-FX-30)."""
    doc = _doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0))
    doc["combat"]["before_assignment"].append("Vanishment")
    rep = verbs.odds(_s(doc))
    js = rep.to_json()
    assert js["check_before_assignment"]["attack_goes_on"]["exact"] == "0/1"
    assert dict(rep.kill_mp[0]) == {0: 1} and dict(rep.kill_mp[1]) == {0: 1}
    van = Fraction(sum(1 for a, b in DICE if a + b - 2 < 1), 36)  # below his points less one: eliminated
    assert rep.eliminated["Alatar"] == van and rep.owner_mp_lost == (5 * van, 0)


def test_replay_needs_the_assignment_after_a_failed_check_only_when_it_fails(tmp_path):
    """The block's assignment without Alatar's strike breaks the three phases here: a roll he passes replays
    the block; a roll he fails asks for `after_check:`."""
    doc = _three(cp=2)
    for s in doc["combat"]["strikes"]:
        s["rolls"] = {"attacker": 7, "defender": 7, "body": 7}
    doc["combat"]["check_roll"] = 9
    assert _replayed(doc)["check_before_assignment"]["fate"] == "passes"
    doc["combat"]["check_roll"] = 4
    err = _err(["replay"], doc, tmp_path)
    assert "FILE: combat.after_check" in err and "after_check: {strikes: [...]}" in err


def test_json_member_fates_sum_to_one_and_keep_the_check_s_fates():
    js = verbs.odds(_s(_doc(4, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0)))).to_json()
    got = js["check_before_assignment"]
    want = check_fates(4)
    assert {f: Fraction(p["exact"]) for f, p in got["fates"].items()} == want
    for name, fates in got["member_fates"].items():
        assert sum(Fraction(p["exact"]) for p in fates.values()) == 1, name
    assert Fraction(got["member_fates"]["Alatar"]["discarded"]["exact"]) == want["discarded"]


def test_verify_decides_a_strike_s_prowess_only_where_every_outcome_agrees():
    """The final prowess read on the block's assignment holds if he passes; after a failed check the
    assignment odds takes (his attacker's strike excess on the ranger's strike, -1) can change it: decided
    only where each failed outcome's gives the same (a strike not made there does not count)."""
    from pycombat.games.meccg.claims.verify import verify as _verify
    from pycombat.games.meccg.verbs import _same_after_check
    from pycombat.verdicts import Claim

    s = _s(_doc(2, [("Raider A", 5, 7, 2), ("Raider B", 6, 8, 3)], ("Ranger", 5, 8, 2, 0)))
    claims = [Claim(id=i, kind="final_prowess", args={"character": who, "strike": n, "value": val}, text="",
                    path=f"claims[{k}]")
              for k, (i, who, n, val) in enumerate([("ranger", "Ranger", 2, 5), ("raider", "Raider B", 2, 4),
                                                    ("gandalf", "Alatar", 1, 6), ("raider-a", "Raider A", 1, 3)])]
    got = _verify(s, claims)
    assert [v.verdict for v in got] == [True, True, True, True]  # the block's assignment: he passes
    _same_after_check(s, claims, got)
    # the ranger is 4 after a failed check (the excess strike); the raiders' and Alatar's own are unchanged
    # or not made there
    assert [v.verdict for v in got] == [None, True, True, True]
    assert RULE in got[0].rules and "there the verdict is False" in " ".join(got[0].notes)
