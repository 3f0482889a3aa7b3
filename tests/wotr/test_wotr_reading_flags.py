"""Each reading flag a ruling file of examples/rulings/wotr/reading_*.yaml is about decides its claims
both ways: under the default every claim gets its expected verdict and names the flag as deciding it;
under the other value every verdict is the opposite (and the file's expectations fail, exit 1). Each
probability a file states, and each "may", is checked under both readings against the dice face by face."""
from __future__ import annotations

import contextlib
import io
import itertools
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import pycombat
from pycombat.cli import main
from pycombat.in_force import removed

ROOT = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr"
#: ruling file -> (the flag, its default, the other reading)
FILES = {
    "reading_dice_reduction": ("dice_reduction_target", "dice", "strength"),
    "reading_replacement_pool": ("replacement_pool", "tracked", "unlimited"),
    "reading_cancelled_card": ("cancelled_card_counts_as_played", "yes", "no"),
    "political_order": ("political_activation_order", "activate_first", "advance_first"),
    "reading_witch_king_target": ("witch_king_as_nazgul_target", "yes", "no"),
    "reading_black_breath_hits": ("black_breath_companion_hits", "leader_reroll", "all"),
    "reading_leader_reroll": ("leader_reroll", "full", "choose"),
    "reading_siege_reduction": ("siege_reduction_needs_regular", "yes", "no"),
}
#: the other flags that decide a file's claims under the defaults: with replacement_pool=unlimited a
#: Regular is always at hand to reduce an Elite (WOTR-CAS-5), so that reading decides them too
ALSO = {"reading_siege_reduction": {"replacement_pool": "tracked"}}


def _verify(path: Path, *flags: str) -> tuple[int, dict]:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["verify", str(path), "--json", *flags])
    return code, json.loads(buf.getvalue())


@pytest.mark.parametrize("stem", sorted(FILES))
def test_the_flag_decides_every_claim_both_ways(stem):
    flag, default, other = FILES[stem]
    path = ROOT / f"{stem}.yaml"
    code, data = _verify(path)
    assert code == 0
    first = {c["id"]: c["verdict"] for c in data["claims"]}
    assert set(first.values()) == {True, False}
    for c in data["claims"]:
        assert c["as_expected"] and c["decided_by_flags"] == {flag: default, **ALSO.get(stem, {})}, c
    code, data = _verify(path, "--flag", f"{flag}={other}")
    assert code == 1
    for c in data["claims"]:
        assert c["verdict"] is (not first[c["id"]]), c
        assert c["decided_by_flags"] == {flag: other}, c


# ---- the stated probabilities, against the dice face by face -----------------------------------------
def _faces(n: int):
    return itertools.product(range(1, 7), repeat=n)


def _rolls(dice: int, hit: int, leadership: int) -> dict[tuple[int, int], Fraction]:
    """{(hits of the Combat roll, hits of the Leader re-roll): p}, every face of every die: the missed
    dice re-rolled, at most Leadership of them (and five), each hitting on ``hit`` or more."""
    out: dict[tuple[int, int], Fraction] = Counter()
    for roll in _faces(dice):
        h = sum(f >= hit for f in roll)
        r = min(leadership, 5, dice - h)
        for again in _faces(r):
            out[(h, sum(f >= hit for f in again))] += Fraction(1, 6 ** (dice + r))
    return out


def _claims(stem: str) -> dict[str, str]:
    doc = yaml.safe_load((ROOT / f"{stem}.yaml").read_text(encoding="utf-8"))
    return {c["id"]: c["claim"] for c in doc["claims"]}


def _stated(text: str) -> Fraction | None:
    m = re.search(r"with probability (\d+(?:/\d+)?)$", text)
    return None if m is None else Fraction(m.group(1))


def _check_against(stem: str, truth: dict[str, dict[str, Fraction]]) -> None:
    """``truth``: flag value -> claim id -> the brute-force probability of the event the claim is about;
    a claim stating a probability is true exactly when it is that one, a "may" claim when it is above 0."""
    flag, default, other = FILES[stem]
    claims = _claims(stem)
    for value in (default, other):
        _, data = _verify(ROOT / f"{stem}.yaml", "--flag", f"{flag}={value}")
        got = {c["id"]: c["verdict"] for c in data["claims"]}
        for cid, p in truth[value].items():
            want = _stated(claims[cid])
            assert got[cid] is ((p > 0) if want is None else (p == want)), (value, cid, p, want)


def test_fateful_strike_takes_the_witch_king_by_the_dice():
    """The Free Peoples roll 2 dice hitting on 5 and re-roll one missed die (one Leader). Fateful Strike:
    one re-roll hit takes a Nazgûl, two a Minion instead. The Witch-king is both (WOTR-STR-10); read as
    no Nazgûl target he goes only with two re-roll hits, which one die never gives. The Shadow Army
    (6 Regulars) cannot be wiped out by at most 2 hits."""
    dist = _rolls(2, 5, 1)
    assert max(h + rr for h, rr in dist) < 6
    yes = sum((p for (h, rr), p in dist.items() if rr >= 1), Fraction(0))
    no = sum((p for (h, rr), p in dist.items() if rr >= 2), Fraction(0))
    assert (yes, no) == (Fraction(8, 27), 0)
    _check_against("reading_witch_king_target", {
        "yes": {"one-hit-takes-him": yes, "may-go": yes, "never": yes},
        "no": {"one-hit-takes-him": no, "may-go": no, "never": no}})


def test_black_breath_counts_its_hits_by_the_dice():
    """The Shadow rolls 3 dice hitting on 6 (Osgiliath, a Fortification, in round 1) and re-rolls one
    missed die (one Nazgûl). Black Breath: a re-roll hit takes the Leader, or Boromir (Level 2) instead
    when the hits counted reach 2: the re-roll's alone, or with the Combat roll's. The Gondor Army
    (5 hit points) outlasts 4 hits."""
    dist = _rolls(3, 6, 1)
    assert max(h + rr for h, rr in dist) < 5

    def chance(value: str, boromir: bool) -> Fraction:
        def takes_him(h: int, rr: int) -> bool:
            return rr >= 1 and (rr if value == "leader_reroll" else h + rr) >= 2
        return sum((p for (h, rr), p in dist.items() if rr >= 1 and takes_him(h, rr) == boromir), Fraction(0))

    truth = {v: {"boromir-safe": chance(v, True), "boromir-odds": chance(v, True), "leader-goes": chance(v, False)}
             for v in ("leader_reroll", "all")}
    assert truth["leader_reroll"]["leader-goes"] == Fraction(215, 1296) and truth["all"]["boromir-odds"] == Fraction(5, 72)
    _check_against("reading_black_breath_hits", truth)


def test_the_siege_goes_on_by_the_dice():
    """Gondor's 2 Elites (no Regular anywhere) besiege 3 Regulars and 3 Elites: the garrison rolls 5 dice
    hitting on 5, no re-roll; each hit eliminates an Elite (no Regular replaces it, WOTR-CAS-5); the
    besiegers' 2 dice hitting on 6 never wipe out the garrison. The battle may go on to round 2 when an
    Elite is left and may be reduced: only if no Regular is needed for that."""
    left = {2 - min(2, sum(f >= 5 for f in roll)) for roll in _faces(5)}  # the Elites left, by the faces
    assert left == {0, 1, 2}
    for value, needs in (("yes", True), ("no", False)):
        may = any(n > 0 for n in left) and not needs
        _, data = _verify(ROOT / "reading_siege_reduction.yaml", "--flag", f"siege_reduction_needs_regular={value}")
        got = {c["id"]: c["verdict"] for c in data["claims"]}
        assert got == {"extend": may, "round-two": may, "cannot": not may}, value


def test_the_leader_reroll_choice_by_the_dice():
    """Gondor rolls 4 dice (3 Regulars, Boromir's Captain of the West) with Leadership 2: some faces miss,
    so some die may be re-rolled; declining it is a choice only under leader_reroll=choose."""
    assert any(min(2, sum(f < 5 for f in roll)) > 0 for roll in _faces(4))
    for value in ("full", "choose"):
        _, data = _verify(ROOT / "reading_leader_reroll.yaml", "--flag", f"leader_reroll={value}")
        got = {c["id"]: c["verdict"] for c in data["claims"]}
        assert got == {"decline": value == "choose", "fewer": value == "choose", "all-dice": value == "full"}


def test_a_side_with_no_die_to_re_roll_may_not_decline_under_either_reading():
    """Without Leadership there is no re-roll to decline: false under both readings, decided by neither."""
    doc = yaml.safe_load((ROOT / "reading_leader_reroll.yaml").read_text(encoding="utf-8"))
    doc["claims"] = [{"id": "shadow", "claim": "the defender may decline the Leader re-roll", "expect": False}]
    for value in ("full", "choose"):
        s = pycombat.load(doc, {"leader_reroll": value})
        (c,) = s.verify().to_json()["claims"]
        assert c["verdict"] is False and not c.get("decided_by_flags"), c


# ---- the rules the elimination claims rest on, switched off ----------------------------------------
def _one(doc: dict, claim: str, **flags):
    doc = {**doc, "claims": [claim]}
    (v,) = pycombat.load(doc, flags or None).verify().verdicts
    return v


def test_the_witch_king_is_a_nazgul_target_only_by_wotr_str_10():
    doc = yaml.safe_load((ROOT / "reading_witch_king_target.yaml").read_text(encoding="utf-8"))
    claim = "the Witch-king may be eliminated in round 1"
    v = _one(doc, claim)
    assert v.verdict is True and "WOTR-STR-10" in v.rules
    with removed("WOTR-STR-10"):
        assert _one(doc, claim).verdict is False
    with removed("WOTR-CARDX-3"):
        assert _one(doc, claim).verdict is False


def _wiped(claim: str) -> dict:
    """3 Sauron Regulars (3 dice hitting on 5+, no re-roll) attack 1 Gondor Regular with a Leader and
    Boromir in North Ithilien (no Settlement): one hit wipes the Army out, and its figures go with it."""
    return {"game": "wotr", "title": "wiped out", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 3}}},
            "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 1, "leaders": 1}},
                         "characters": ["Boromir"], "retreat_to": []},
            "claims": [claim]}


def test_figures_go_with_their_army_wiped_out():
    """WOTR-CAS-7: P(a Leader / Boromir eliminated in round 1) = P(at least one hit of 3 dice), by the faces."""
    p = Fraction(sum(1 for f in _faces(3) if any(x >= 5 for x in f)), 6 ** 3)
    assert p == Fraction(19, 27)
    for claim in (f"the defender loses a Leader in round 1 with probability {p}",
                  f"Boromir is eliminated in round 1 with probability {p}", "a Companion may be eliminated in round 1"):
        v = _one(_wiped(claim), claim)
        assert v.verdict is True and v.rules == ["WOTR-CAS-7"] + (["WOTR-HIT-8"] if "probability" in claim else []), \
            (claim, v.rules, v.notes)
        with removed("WOTR-CAS-7"):
            assert _one(_wiped(claim), claim).verdict is False
    assert _one(_wiped(""), "the attacker loses a Nazgûl in round 1 with probability 0").verdict is True


@pytest.mark.parametrize("claim, field", [
    ("Gandalf the Purple may be eliminated in round 1", "Gandalf the Purple"),
    ("the attacker loses a Companion in round 1 with probability 1/2", "Companion"),
    ("Boromir is eliminated in round 2 with probability 1/2", "round"),
    ("the attacker may extend the siege battle", "siege"),
])
def test_a_bad_elimination_or_siege_claim_is_one_clear_error(claim, field):
    from pycombat.errors import ScenarioError

    with pytest.raises(ScenarioError, match=field) as exc:
        _one(_wiped(claim), claim)
    assert exc.value.path and exc.value.path.startswith("claims[0]")
