"""A survival verdict ("X can survive / must die / can die") cites the assignment rules that decide it.

Which units a side's damage can kill turns on the rules that make a split legal: Tank (RB-ORD-2), Backline
(RB-ORD-3), lethal-first and no overkill (RB-DMG-6/7), the leftover under ``excess_damage=last`` (RB-DMG-9). A fate
verdict cites each of them whose effect, taken away (:func:`pycombat.in_force.removed`, read by
:mod:`pycombat.games.riftbound.damage.switched`), gives the unit the other fate in some legal split, and no other.
"""
from __future__ import annotations

from budget import examples  # noqa: E402
from hypothesis import HealthCheck, given, settings

import pycombat
from pycombat.games.riftbound.damage.game import kill_classes
from pycombat.games.riftbound.damage.switched import fates
from pycombat.games.riftbound.model import Board, Unit
from pycombat.in_force import removed
from pycombat.rulebook import load_rulebook
from test_riftbound_bruteforce import boards

def _verify(tmp_path, body: str) -> dict[str, tuple[bool | None, list[str]]]:
    path = tmp_path / "s.yaml"
    path.write_text("game: riftbound\n" + body)
    out = pycombat.load(path).verify().to_json()
    return {v["id"]: (v["verdict"], [r["rule"] for r in v["reasons"]]) for v in out["claims"]}


TANK = """attacker: {player: Ann, units: [{name: A5, custom: true, might: 5}]}
defender:
  player: Bo
  units:
    - {name: T4, custom: true, might: 4, keywords: [Tank]}
    - {name: D2, custom: true, might: 2}
claims:
  - {id: t, claim: T4 can survive}
  - {id: t2, claim: T4 must die}
  - {id: d, claim: D2 can survive}
  - {id: d2, claim: D2 can die}
"""


def test_a_tank_that_must_die_cites_the_tank_rule(tmp_path):
    """5 damage on T4 [Tank] (4) and D2 (2): the one legal split is T4 4, D2 1 (RB-ORD-2). Without Tank, D2 2 / T4 3
    is legal as well: T4 may survive and D2 may die. The answer a fate verdict rests on is the fates seen ("T4 always
    dies", "D2 never dies"), whatever was claimed, so "D2 can survive" cites what "D2 can die" cites. T4 dies also
    because all 5 must be assigned (RB-DMG-3: without it, 0 may go on T4); D2's fate does not turn on that. Without
    lethal-first or no overkill alone the fates stay."""
    got = _verify(tmp_path, TANK)
    t4 = ["RB-MIGHT-1", "RB-DMG-5", "RB-MODEL-3", "RB-DMG-3", "RB-ORD-2"]
    d2 = ["RB-MIGHT-1", "RB-DMG-5", "RB-MODEL-3", "RB-ORD-2"]
    assert got == {"t": (False, t4), "t2": (True, t4), "d": (True, d2), "d2": (False, d2)}


NO_OVERKILL = """attacker: {player: Ann, units: [{name: A5, custom: true, might: 5}]}
defender:
  player: Bo
  units:
    - {name: D2, custom: true, might: 2}
    - {name: E2, custom: true, might: 2}
claims:
  - {id: e, claim: E2 must die}
  - {id: e2, claim: E2 can survive}
"""


def test_a_unit_that_must_die_because_nothing_may_be_overkilled_cites_no_overkill(tmp_path):
    """5 damage on D2 and E2 (2 each): both always die. Without RB-DMG-7, D2 4 / E2 1 is legal (one unit short,
    RB-DMG-6 still met) and E2 survives; without lethal-first alone, no split leaves E2 short; without RB-DMG-3 less
    than the whole 5 may be assigned, 0 on E2."""
    got = _verify(tmp_path, NO_OVERKILL)
    want = ["RB-MIGHT-1", "RB-DMG-5", "RB-MODEL-3", "RB-DMG-3", "RB-DMG-7"]
    assert got == {"e": (True, want), "e2": (False, want)}


PLAIN = """attacker: {player: Ann, units: [{name: A3, custom: true, might: 3}]}
defender:
  player: Bo
  units:
    - {name: D2, custom: true, might: 2}
    - {name: E2, custom: true, might: 2}
claims:
  - {id: d, claim: D2 can survive}
  - {id: d2, claim: D2 can die}
"""


def test_a_fate_no_assignment_rule_decides_cites_none(tmp_path):
    """3 damage on D2 and E2: each can die and can survive with every rule in force; taking rules away only adds
    splits, so nothing flips and no assignment rule is cited."""
    got = _verify(tmp_path, PLAIN)
    assert got == {"d": (True, ["RB-MIGHT-1", "RB-DMG-5", "RB-MODEL-3"]),
                   "d2": (True, ["RB-MIGHT-1", "RB-DMG-5", "RB-MODEL-3"])}


def test_the_switched_model_takes_each_rule_away():
    """On the Tank board: with the rules in force T4 always dies; without Tank it may survive and D2 may die."""
    board = Board((Unit(name="A5", side="attacker", might=5),),
                  (Unit(name="T4", side="defender", might=4, tank=True), Unit(name="D2", side="defender", might=2)),
                  load_rulebook("riftbound").defaults())
    assert fates(board, "attacker", "T4") == {True} and fates(board, "attacker", "D2") == {False}
    with removed("RB-ORD-2"):
        assert fates(board, "attacker", "T4") == {True, False} and fates(board, "attacker", "D2") == {True, False}
    with removed("RB-DMG-6"):
        assert fates(board, "attacker", "T4") == {True}
    with removed("RB-DMG-7"):
        assert fates(board, "attacker", "D2") == {False}
    with removed("RB-DMG-3"):
        assert fates(board, "attacker", "T4") == {True, False} and fates(board, "attacker", "D2") == {False}


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_with_every_rule_in_force_the_switched_model_gives_the_verbs_fates(board):
    """The Python statement the counterfactuals read agrees with the verbs' kill classes (the answer-set programs
    or their closed forms) on every unit, with every rule in force."""
    for side in ("attacker", "defender"):
        classes = kill_classes(board, side)
        for u in board.side("defender" if side == "attacker" else "attacker"):
            assert fates(board, side, u.name) == frozenset(u.name in c.killed for c in classes), (side, u.name, board)


CONQUEST = NO_OVERKILL.split("claims:")[0] + """claims:
  - {id: c, claim: the attacker conquers}
  - {id: c2, claim: the attacker can conquer}
  - {id: n, claim: the attacker has 2 legal splits}
"""


def test_a_conquest_cites_what_makes_every_split_wipe_out_the_defenders(tmp_path):
    """5 damage on D2 and E2: every legal split kills both and the attacker (5 lethal, 4 damage) stays: he conquers.
    Without RB-DMG-3 (less may be assigned) or RB-DMG-7 (D2 4 / E2 1) a split leaves E2 there, so "conquers" rests
    on both; "can conquer" does not (the splits that wipe them out stay legal). The count of 2 (D2 2 / E2 3 and
    D2 3 / E2 2) is cut by no overkill as well: without it the whole 5 could go on D2 (RB-MODEL-6: counted as
    sequences there are 4, the flag split_repr decides it)."""
    got = _verify(tmp_path, CONQUEST)
    outcome = ["RB-MODEL-4", "RB-RES-1", "RB-RES-7", "RB-RES-5", "RB-MODEL-5"]
    assert got == {"c": (True, outcome + ["RB-DMG-3", "RB-DMG-7"]), "c2": (True, outcome),
                   "n": (True, ["RB-MODEL-3", "RB-DMG-7", "RB-DMG-9", "RB-MODEL-6"])}


def test_a_side_of_many_vectors_is_counted_not_walked(monkeypatch):
    """With a rule taken away a side may have millions of vectors: they are counted first (``count_leaves``, equal to
    the walk's count on small sides) and not looked at one by one past the limit, so a 6 v 6 claim costs no more
    than the limit's worth of checks per question."""
    import itertools

    from pycombat.games.riftbound.damage import bruteforce, switched
    from pycombat.games.riftbound import verbs as rb_verbs
    from pycombat.games.riftbound.schema import scenario_from_dict as read

    for caps, total in (([3, 2, 4], 5), ([1, 1, 1, 1], 3), ([6, 0, 2], 4)):
        suffix = [sum(caps[i:]) for i in range(len(caps))] + [0]
        walk = sum(1 for v in itertools.product(*(range(c + 1) for c in caps)) if sum(v) <= total)
        assert bruteforce.count_leaves(caps, suffix, total, pruned=False) == walk
        exact = sum(1 for v in itertools.product(*(range(c + 1) for c in caps)) if sum(v) == total)
        assert bruteforce.count_leaves(caps, suffix, total, pruned=True) <= walk and exact <= walk
    units = lambda side, mights: [{"name": f"{side}{i}", "custom": True, "might": m} for i, m in enumerate(mights)]
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": units("A", [3, 4, 5, 6, 3, 4])},
           "defender": {"player": "Bo", "units": units("D", [2, 3, 4, 5, 6, 2])},
           "claims": [{"id": "c1", "claim": "the attacker conquers"}]}
    checked = []
    real = bruteforce._check
    monkeypatch.setattr(bruteforce, "_check", lambda *a: checked.append(1) or real(*a))
    report = rb_verbs.verify(read(doc))
    assert [c["verdict"] for c in report.to_json()["claims"]] == [True] and len(checked) <= 4 * switched.LIMIT
