"""The Riftbound encodings themselves: flags, rule-id citations, and for each rule id a damage
split that it makes illegal (check mode: the candidate's violation(RuleId, Detail) atoms)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pycombat.games.riftbound.model import Board, Split, Unit
from pycombat.games.riftbound.damage.splits import LegalSplits
from pycombat.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parents[2]
LP = sorted((ROOT / "asp_rules" / "riftbound").glob("*.lp"))
PY = sorted((ROOT / "pycombat" / "games" / "riftbound").rglob("*.py"))
RULE_ID = re.compile(r"RB-[A-Z]+-\d+")
BOOK = load_rulebook("riftbound")
DEFAULTS = BOOK.defaults()


def test_flags_lp_matches_the_digest():
    """Every interpretation flag of the digest has a #const with the stated default."""
    text = (ROOT / "asp_rules" / "riftbound" / "flags.lp").read_text()
    consts = {k: v.strip('"') for k, v in re.findall(r'^#const\s+(\w+)\s*=\s*("?[\w.]+"?)\.', text, re.M)}
    assert consts == DEFAULTS


def test_every_cited_rule_id_exists():
    for f in LP + PY:
        for rid in RULE_ID.findall(f.read_text()):
            assert rid in BOOK.rules, f"{f.name} cites unknown {rid}"


def test_every_digest_rule_is_referenced_by_the_asp_or_the_python():
    """Traceability: each of the digest's rule ids appears in the encodings or the game code."""
    cited = set()
    for f in LP + PY:
        cited |= set(RULE_ID.findall(f.read_text()))
    missing = sorted(set(BOOK.rules) - cited)
    assert not missing, f"rule ids never referenced: {missing}"
    # the shared digest's 57 rules, and the card/judge/reading rules of games/riftbound/card_flags.md
    assert len([r for r in BOOK.rules if not r.startswith(("RB-CARD-", "RB-JUDGE-", "RB-READ-"))]) == 57


def _statements(text: str):
    """(comment block above, statement) pairs of an .lp file."""
    comments, stmt, out = [], [], []
    for line in text.splitlines():
        s = line.strip()
        if not stmt and (s.startswith("%") or not s):
            comments = [] if not s else comments + [s]
            continue
        stmt.append(line.split("%")[0] if not s.startswith("%") else "")
        if s.split("%")[0].rstrip().endswith("."):
            out.append(("\n".join(comments), " ".join(stmt)))
            comments, stmt = [], []
    return out


@pytest.mark.parametrize("lp", LP, ids=lambda f: f.name)
def test_every_violation_rule_carries_its_rule_id(lp):
    """Each rule deriving violation/2 names its rule id in the head or in the comment above."""
    for comment, stmt in _statements(lp.read_text()):
        if stmt.lstrip().startswith("violation("):
            head = stmt.split(":-")[0]
            assert RULE_ID.search(head) or RULE_ID.search(comment) or "violation(R," in head.replace(" ", ""), stmt


@pytest.mark.parametrize("lp", [f for f in LP if f.name not in ("flags.lp", "input.lp", "show.lp", "enforce.lp")],
                         ids=lambda f: f.name)
def test_every_constraint_and_choice_is_explained(lp):
    """Rules that are not plain definitions (constraints) carry a rule id or sit under a
    commented block that gives one."""
    text = lp.read_text()
    assert RULE_ID.search(text), lp.name
    for comment, stmt in _statements(text):
        if stmt.lstrip().startswith(":-") and "violation" not in stmt:
            assert comment or lp.name in ("generate.lp",), stmt


def test_header_comment_per_input_predicate():
    text = (ROOT / "asp_rules" / "riftbound" / "input.lp").read_text()
    for comment, stmt in _statements(text):
        if stmt.startswith("#defined"):
            pred = stmt.split()[1].split("/")[0]
            assert pred in comment, f"input.lp: no comment describes {pred}"


def test_only_solver_imports_clingo():
    for f in PY:
        text = f.read_text()
        assert not re.search(r"^\s*(import clingo|from clingo)", text, re.M), f.name


# ---- each rule id makes some split illegal --------------------------------------------------------
def U(name, side, might, **kw):
    return Unit(name, side, might, **kw)


def board(att, dfd, **flags):
    return Board(tuple(att), tuple(dfd), dict(DEFAULTS, **flags))


def vec(side, **amounts):
    return Split(side, tuple(amounts.items()))


def seq(side, *steps):
    total: dict[str, int] = {}
    for u, a in steps:
        total[u] = total.get(u, 0) + a
    return Split(side, tuple(total.items()), tuple(steps))


A5 = [U("A5", "attacker", 5)]
#: rule id -> (board, candidate split, what the example shows)
ILLEGAL = {
    "RB-DMG-1": (board(A5, []), vec("attacker", X=5), "no defenders left: there is no damage step"),
    "RB-DMG-2": (board([U("A3", "attacker", 3), U("A2", "attacker", 2)], [U("D9", "defender", 9)]),
                 vec("attacker", D9=3), "the total is the sum of both units' Might (5), not one unit's"),
    "RB-DMG-3": (board(A5, [U("D2", "defender", 2), U("D9", "defender", 9)]), vec("attacker", D2=2, D9=2),
                 "assigning less than the whole total"),
    "RB-DMG-5": (board([U("A4", "attacker", 4)], [U("Z", "defender", 0), U("D3", "defender", 3)]),
                 vec("attacker", D3=4), "a 0-Might unit still needs 1 (lethal is non-zero): 4 on D3 overkills it"),
    "RB-DMG-6": (board(A5, [U(f"D{i}", "defender", 3) for i in range(4)]),
                 vec("attacker", D0=2, D1=1, D2=1, D3=1), "CR's example: 2/1/1/1 against four 3-Might units"),
    "RB-DMG-7": (board(A5, [U("D2", "defender", 2), U("D4", "defender", 4)]), vec("attacker", D2=5),
                 "dumping the rest on a unit with lethal while another lacks it (jelo-ca's 'stop')"),
    "RB-DMG-9": (board([U("A6", "attacker", 6)], [U("D1", "defender", 1), U("D2", "defender", 2)],
                       excess_damage="last"), vec("attacker", D1=2, D2=4), "[last] the leftover on two units"),
    "RB-DMG-11": (board([U("A3", "attacker", 3, marked=2)], [U("D9", "defender", 9)]), vec("attacker", D9=1),
                  "marked damage does not lower the attacker's Might or total"),
    "RB-ORD-2": (board(A5, [U("T", "defender", 3, tank=True), U("N", "defender", 3)]), vec("attacker", T=2, N=3),
                 "a non-Tank unit gets damage before the Tank has lethal"),
    "RB-ORD-3": (board(A5, [U("B", "defender", 3, backline=True), U("N", "defender", 3)]), vec("attacker", B=3, N=2),
                 "a Backline unit gets damage before the others have lethal"),
    "RB-ORD-5": (board([U("A4", "attacker", 4)], [U("T", "defender", 2, tank=True), U("C", "defender", 2, tank=True,
                 backline=True), U("N", "defender", 3)]), vec("attacker", T=2, C=1, N=1),
                 "a unit with Tank and Backline taken in between"),
    "RB-ORD-7": (board(A5, [U("K", "defender", 6, immune=True), U("D2", "defender", 2)]), vec("attacker", K=3, D2=2),
                 "damage on a unit that cannot be dealt damage (immune_targets=exclude)"),
    "RB-MIGHT-2": (board([U("A4", "attacker", 4)], [U("Z", "defender", -2), U("D3", "defender", 3)]),
                   vec("attacker", D3=4), "Might below 0 still needs 1: 4 on D3 overkills it while Z lacks lethal"),
    "RB-MIGHT-3": (board([U("A4", "attacker", 4), U("S", "attacker", 3, stunned=True)], [U("D9", "defender", 9)]),
                   vec("attacker", D9=7), "a Stunned unit adds 0 to its side's total"),
    "RB-MIGHT-4": (board([U("A2", "attacker", 2, assault=(2,))], [U("D9", "defender", 9)]), vec("attacker", D9=2),
                   "Assault 2 raises the attacker's damage to 4"),
    "RB-MIGHT-5": (board([U("A7", "attacker", 7)], [U("S", "defender", 2, shield=(1, 3)), U("D1", "defender", 1)]),
                   vec("attacker", S=5, D1=2), "Shield instances add up (Stalwart Poro with Block: Shield 4): "
                   "lethal 6, so 2 on D1 overkills it while S lacks lethal"),
    "RB-MIGHT-6": (board([U("A5", "attacker", 5)], [U("P", "defender", 2, prevent=3), U("D1", "defender", 1)]),
                   vec("attacker", P=2, D1=3), "a 2-Might unit with 'prevent the next 3' needs 5"),
    "RB-MIGHT-7": (board([U("A5", "attacker", 5)], [U("L", "defender", 4, doubled=1), U("D3", "defender", 3)],
                         rules_version="v1.4"), vec("attacker", L=4, D3=1),
                   "[v1.4] Lotus Trap: 2 doubled is lethal for a 4-Might unit, so 4 overkills it"),
    "RB-MIGHT-8": (board([U("A4", "attacker", 4)], [U("M", "defender", 4, marked=3), U("D3", "defender", 3)]),
                   vec("attacker", M=3, D3=1), "[remaining] 1 more is lethal for a unit with 3 of 4 marked"),
    "RB-MODEL-1": (board([U("A4", "attacker", 4)], [U("M", "defender", 4, marked=3), U("D3", "defender", 3)]),
                   vec("attacker", M=3, D3=1), "the threshold max(1, Might - marked) + prevent"),
    "RB-MODEL-2": (board([U("A4", "attacker", 4), U("S", "attacker", 3, stunned=True)], [U("D9", "defender", 9)]),
                   vec("attacker", D9=7), "D = sum of max(0, Might) over non-Stunned units"),
    "RB-MODEL-3": (board(A5, [U("D9", "defender", 9)]), vec("attacker", D9=-1), "a vector's amounts are >= 0"),
    "RB-MODEL-6": (board(A5, [U("D2", "defender", 2), U("D3", "defender", 3)]),
                   Split("attacker", (("D2", 2), ("D3", 3)), (("D2", 2), ("D2", 0), ("D3", 3))),
                   "a sequence's steps each assign a positive amount"),
    "RB-CARD-23": (board([U("A4", "attacker", 4)], [U("G", "defender", 3, kill_on_damage="Noxian Guillotine"),
                                                   U("D3", "defender", 3)], kill_on_damage_lethal="one"),
                   vec("attacker", G=3, D3=1), "[one] 1 is lethal for a unit Noxian Guillotine marked, so 3 on it "
                   "overkills it while D3 lacks lethal"),
    "RB-READ-1": (board([U("A3", "attacker", 3)], [U("Big", "defender", 5), U("Small", "defender", 2)],
                        lethal_order="killable_first"), vec("attacker", Big=3),
                  "[killable_first] all 3 on the 5-Might unit while the 2-Might one could be killed (RB-DMG-10)"),
}
#: rules that never make a split illegal by themselves: procedure, permissions, outcomes, conventions
#: (tests/riftbound/test_riftbound_rulings.py decides claims with each of them)
NOT_SPLIT_RULES = {
    "RB-COMB-1", "RB-COMB-2", "RB-COMB-3", "RB-COMB-4", "RB-COMB-5", "RB-COMB-6", "RB-SHOW-1", "RB-SHOW-2",
    "RB-SHOW-3", "RB-SHOW-4", "RB-DMG-4", "RB-DMG-8", "RB-DMG-10", "RB-ORD-1", "RB-ORD-4", "RB-ORD-6", "RB-ORD-8",
    "RB-MIGHT-1", "RB-MIGHT-9", "RB-MIGHT-10", "RB-MIGHT-11", "RB-MIGHT-12", "RB-RES-1", "RB-RES-2", "RB-RES-3",
    "RB-RES-4", "RB-RES-5", "RB-RES-6", "RB-RES-7", "RB-RES-8", "RB-MODEL-4", "RB-MODEL-5", "RB-MODEL-7",
    "RB-MODEL-8"}
#: games/riftbound/card_flags.md: card legality (refused as the showdown is played, tests/riftbound/test_riftbound_cards.py),
#: the judge's view (derived) and readings whose flags live in derive.lp / the showdown
NOT_SPLIT_RULES |= {f"RB-CARD-{i}" for i in range(1, 23)} | {"RB-CARD-24", "RB-CARD-25", "RB-CARD-26", "RB-CARD-27", "RB-JUDGE-1", "RB-JUDGE-2", "RB-JUDGE-3",
                                                            "RB-READ-2", "RB-READ-3", "RB-READ-4", "RB-READ-5",
                                                            "RB-READ-6", "RB-READ-7", "RB-READ-8"}


def test_every_rule_is_classified():
    assert set(ILLEGAL) | NOT_SPLIT_RULES == set(BOOK.rules)
    assert not set(ILLEGAL) & NOT_SPLIT_RULES


@pytest.mark.parametrize("rule", sorted(ILLEGAL))
def test_each_rule_makes_a_split_illegal(rule):
    b, split, why = ILLEGAL[rule]
    view = LegalSplits(b, split.side, representation="sequence" if split.steps is not None else "vector")
    got = {v.rule for v in view.violations(split)}
    assert rule in got, f"{rule} ({why}): violations {sorted(got)}"
    assert split not in view


# ---- the worked examples and what existing software gets wrong ----------------------------------------
def test_cr_example_five_damage_against_four_three_might_units():
    """CR 460.2.c.3's example (RB-DMG-6): 2/1/1/1 is illegal; at least 3 on one unit and the
    remaining 2 on another: 4 units x 3 others = 12 splits (by hand)."""
    b = board(A5, [U(f"D{i}", "defender", 3) for i in range(4)])
    splits = [s.amounts for s in LegalSplits(b, "attacker")]
    assert len(splits) == 12
    for s in splits:
        assert sorted(a for _, a in s) == [2, 3]


def test_lethal_first_does_not_force_a_kill():
    """RB-DMG-10: the first unit may be one whose lethal exceeds the whole total."""
    b = board([U("A3", "attacker", 3)], [U("Big", "defender", 5), U("Small", "defender", 2)])
    assert {s.amounts for s in LegalSplits(b, "attacker")} == {(("Big", 3),), (("Big", 1), ("Small", 2))}


def test_no_stop_and_dump_jelo_ca():
    """jelo-ca/riftbound-lethal-solver lets the assigner 'stop' and dump the rest on a subset:
    an overkill while another unit still lacks lethal (CR 460.2.c.4, RB-DMG-7)."""
    b = board(A5, [U("D2", "defender", 2), U("D4", "defender", 4)])
    legal = {s.amounts for s in LegalSplits(b, "attacker")}
    assert legal == {(("D2", 2), ("D4", 3)), (("D2", 1), ("D4", 4))}
    assert vec("attacker", D2=5) not in LegalSplits(b, "attacker")


def test_every_order_not_one_greedy_order_samelliottdlt():
    """samelliottdlt/riftbound-simulator assigns Tanks, then units in list order: one split.
    The assigner chooses the order: 4 damage over three 2-Might units gives C(3,2) = 3 splits."""
    b = board([U("A4", "attacker", 4)], [U(f"D{i}", "defender", 2) for i in range(3)])
    assert LegalSplits(b, "attacker").count() == 3


def test_pooled_not_paired_thejokersthief():
    """TheJokersThief/riftbound-rules-engine pairs each attacker with one defender; damage is one
    pool per side, lethal-first (RB-DMG-2, RB-DMG-6)."""
    b = board([U("A3", "attacker", 3), U("B3", "attacker", 3)], [U("D2", "defender", 2), U("D4", "defender", 4)])
    view = LegalSplits(b, "attacker")
    assert vec("attacker", D2=2, D4=4) in view  # pooled: both die
    paired = vec("attacker", D2=3, D4=3)  # each attacker's whole Might on one defender
    assert {v.rule for v in view.violations(paired)} >= {"RB-DMG-7"}


def test_dual_unit_may_come_last_califhornya():
    """califhornya/rbsim always treats a Tank+Backline unit as a Tank; it may be taken last
    (RB-ORD-5): here the normal unit gets damage while the dual unit gets none."""
    b = board([U("A5", "attacker", 5)], [U("C", "defender", 3, tank=True, backline=True), U("N", "defender", 3)])
    assert vec("attacker", N=3, C=2) in LegalSplits(b, "attacker")
    assert vec("attacker", C=3, N=2) in LegalSplits(b, "attacker")


def test_leftover_must_be_assigned_califhornya():
    """califhornya/rbsim leaves leftover damage unassigned; the whole total is assigned (RB-DMG-3)."""
    b = board([U("A5", "attacker", 5)], [U("D3", "defender", 3)])
    view = LegalSplits(b, "attacker")
    assert "RB-DMG-3" in {v.rule for v in view.violations(vec("attacker", D3=3))}
    assert [s.amounts for s in view] == [(("D3", 5),)]


def test_tank_has_no_extra_point_miszion():
    """Miszion/riftbound-online-backend: "Tank negates the first point"; Tank only orders the
    assignment (RB-ORD-2): lethal for a 3-Might Tank is 3."""
    b = board([U("A3", "attacker", 3)], [U("T", "defender", 3, tank=True)])
    assert [s.amounts for s in LegalSplits(b, "attacker")] == [(("T", 3),)]


def test_excess_on_a_tank_only_under_free():
    """Digest section 8: a point of excess on a Tank is legal only with excess_damage=free."""
    dfd = [U("T", "defender", 2, tank=True), U("N", "defender", 2)]
    free = board([U("A5", "attacker", 5)], dfd)
    last = board([U("A5", "attacker", 5)], dfd, excess_damage="last")
    split = vec("attacker", T=3, N=2)
    assert split in LegalSplits(free, "attacker")
    assert {v.rule for v in LegalSplits(last, "attacker").violations(split)} == {"RB-DMG-9"}
    assert [s.amounts for s in LegalSplits(last, "attacker")] == [(("T", 2), ("N", 3))]


@pytest.mark.parametrize("excess", ["free", "last"])
def test_rb_dmg_9_leftover_in_a_sequence_goes_anywhere_or_on_the_last_unit(excess):
    """RB-DMG-9 in check mode on an assignment order: 5 damage over two 2-Might units gives each its
    lethal damage and 1 left over. Given to the first unit again, that leftover is legal under
    ``excess_damage=free`` and breaks RB-DMG-9 under ``excess_damage=last``; on the last unit
    assigned it is legal under both."""
    flags = {**load_rulebook("riftbound").defaults(), "excess_damage": excess}
    board = Board((Unit(name="A0", side="attacker", might=5),),
                  (Unit(name="D0", side="defender", might=2), Unit(name="D1", side="defender", might=2)), flags)
    view = LegalSplits(board, "attacker", representation="sequence")
    back_to_first = Split("attacker", (("D0", 3), ("D1", 2)), (("D0", 2), ("D1", 2), ("D0", 1)))
    on_the_last = Split("attacker", (("D0", 2), ("D1", 3)), (("D0", 2), ("D1", 2), ("D1", 1)))
    rules = {v.rule for v in view.violations(back_to_first)}
    assert rules == (set() if excess == "free" else {"RB-DMG-9"})
    assert view.violations(on_the_last) == []
