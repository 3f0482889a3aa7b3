"""A "no result" or "scores" verdict cites the assignment and Might rules it turns on, and each of them, taken away
(:func:`pycombat.in_force.removed`), changes the verdict.

The outcome classes (RB-RES-7) those claims read are computed with the rules in force now
(:func:`pycombat.games.riftbound.damage.outcome.outcome_classes`): an assignment rule taken away lets a side's splits
break it (:mod:`pycombat.games.riftbound.damage.switched`'s walk), a Might rule taken away takes its modifier off the
units (:func:`~pycombat.games.riftbound.damage.outcome.in_force_board`: without RB-MIGHT-3 a Stunned unit adds its
Might to its side's total). With every rule in force they are what they were.
"""
from __future__ import annotations

from pycombat import api, solver
from pycombat.games.riftbound.claims import _board
from pycombat.games.riftbound.damage.outcome import outcome_classes
from pycombat.in_force import removed


def _doc(attacker: list[dict], defender: list[dict], claims: list[str], **extra) -> dict:
    return {"game": "riftbound", "battlefield": "X", **extra,
            "attacker": {"player": "Ann", "units": attacker}, "defender": {"player": "Bo", "units": defender},
            "claims": [{"id": str(i), "claim": c} for i, c in enumerate(claims)]}


def _verdicts(doc: dict, *gone: str) -> list[tuple[bool | None, list[str]]]:
    solver.clear_caches(keep_parsed=True)
    with removed(*gone):
        out = api.load(doc).verify().to_json()["claims"]
    solver.clear_caches(keep_parsed=True)
    return [(c["verdict"], [r["rule"] for r in c["reasons"]]) for c in out]


def _unit(name: str, might: int, **kw) -> dict:
    return {"name": name, "custom": True, "might": might, **kw}


#: 3 + 2 against 5: every split kills every unit (RB-MODEL-5), so nobody is left: No Result
EQUAL = _doc([_unit("A3", 3), _unit("A2", 2)], [_unit("D5", 5)], ["the combat ends in no result"])
#: 2 against a Stunned 4: the Defender assigns nothing (RB-MIGHT-3) and the Attacker's 2 does not kill: both left
STUNNED = _doc([_unit("A2", 2)], [_unit("D4", 4, stunned=True)], ["the combat ends in no result"])


def test_no_result_by_equal_totals_cites_the_whole_total_assigned_and_no_overkill():
    """With equal totals the result turns on the whole total being assigned (RB-DMG-3: without it the Attacker may
    leave D5 alive) and on no overkill (RB-DMG-7: without it the Defender may put all 5 on A3 and leave A2, a
    Conquer); lethal-first does not decide it (one unit at most is left short either way)."""
    (got,) = _verdicts(EQUAL)
    assert got == (True, ["RB-RES-3", "RB-MODEL-4", "RB-DMG-3", "RB-DMG-7"])
    for rule in ("RB-DMG-3", "RB-DMG-7"):
        assert _verdicts(EQUAL, rule)[0][0] is False, rule
    assert _verdicts(EQUAL, "RB-DMG-6")[0][0] is True


def test_no_result_that_no_assignment_rule_decides_cites_none():
    """Against a Stunned unit the Defender assigns nothing and 2 never kills a 4: taking an assignment rule away only
    lets the Attacker assign less, which leaves D4 as well. The Stun decides it (RB-MIGHT-3: without it D4 deals 4
    and kills A2: the Defender alone is left)."""
    (got,) = _verdicts(STUNNED)
    assert got == (True, ["RB-RES-3", "RB-MODEL-4", "RB-MIGHT-3"])
    assert _verdicts(STUNNED, "RB-DMG-3")[0][0] is True
    assert _verdicts(STUNNED, "RB-MIGHT-3")[0][0] is False


def test_the_outcome_classes_read_the_rules_in_force():
    """The classes and the totals they read, with a rule taken away and with every rule in force again."""
    stunned = _board(api.read_scenario(STUNNED))
    equal = _board(api.read_scenario(EQUAL))
    assert (outcome_classes(stunned).outcomes, outcome_classes(stunned).totals["defender"]) == ({"recall"}, (0, 2))
    with removed("RB-MIGHT-3"):
        oc = outcome_classes(stunned)
    assert (oc.outcomes, oc.totals["defender"]) == ({"keep"}, (4, 2))
    assert outcome_classes(equal).outcomes == {"nobody"}
    with removed("RB-DMG-3"):
        assert outcome_classes(equal).outcomes == {"conquer", "keep", "recall", "nobody"}
    assert outcome_classes(equal).outcomes == {"nobody"} and outcome_classes(stunned).outcomes == {"recall"}


def test_a_conquest_that_scores_because_the_whole_total_is_assigned():
    """A3 against D2: the Attacker's 3 kills D2 and D2's 2 leaves A3: he conquers and scores. Without RB-DMG-3 he
    may assign 1 and leave D2 (his attackers recalled): the verdict turns on it, and cites it."""
    doc = _doc([_unit("A3", 3)], [_unit("D2", 2)], ["the attacker scores"])
    (got,) = _verdicts(doc)
    assert got[0] is True and "RB-DMG-3" in got[1]
    assert _verdicts(doc, "RB-DMG-3")[0][0] is False


def test_a_stated_split_reads_the_other_sides_splits_with_the_rules_in_force():
    """The Attacker's split stated (D5 5, lethal): the Defender's splits decide whether the attackers are left. With
    all of them in force every one kills A3 and A2 (No Result); without no overkill one leaves A2 (a Conquer)."""
    doc = {**EQUAL, "splits": {"attacker": {"D5": 5}}}
    (got,) = _verdicts(doc)
    assert got[0] is True and "RB-DMG-7" in got[1]
    assert _verdicts(doc, "RB-DMG-7")[0][0] is False
