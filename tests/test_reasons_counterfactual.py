"""Counterfactual minimal reasons: a verdict's cited rule is one whose effect, removed, changes it.

For the claim kinds the number checks of ``tests/test_reasons_minimal.py`` do not read, every
decided verdict of every shipped ruling example (``examples/rulings/<game>/*.yaml``) is decided
again with one cited rule's effect removed, for each rule it cites:

* a rule the game's answer-set programs carry (``asp_rules/<game>/``): every statement carrying its
  id is removed (``tools/asp_mutants.py``, the mutation battery's ``rule`` mutant), the solver is
  pointed at that copy (``$PYCOMBAT_ASP_RULES``) and the claim is verified again in this process.
  The rule is relevant when the verdict flips, is no longer decided, cannot be reached at all (the
  claim, verified alone, raises), stands on other grounds and no longer cites the rule (the rule's
  citation came from its effect), or, for a number claimed wrong either way, the number it reports
  changes;
* a rule the Python claims code applies (no ASP statement carries it), or that a formula answers
  without the solver: a counterfactual of the kind written here (:data:`PYTHON_COUNTERFACTUALS`:
  Riftbound split counts against a brute force over every vector, MECCG elimination MPs and the
  best of two strike rolls), else the claim verified again with the rule taken out of the Python
  checks that read :func:`pycombat.in_force.in_force` (:func:`python_counterfactual`);
* a rule that reads an interpretation flag which decides the verdict: relevant by definition.

A cited rule that passes none of these is either a reason to drop (the claims code is fixed) or a
pair listed in :data:`UNPROVEN` with why no counterfactual exists yet; an entry there that no longer
occurs fails the test, so the list only shrinks.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pycombat import api, solver
from pycombat.in_force import removed
from pycombat.rulebook import load_rulebook
from pycombat.solver import programs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
asp_mutants = importlib.import_module("asp_mutants")
sys.path.insert(0, str(Path(__file__).resolve().parent))
minimal = importlib.import_module("test_reasons_minimal")
from budget import examples  # noqa: E402

GAMES = minimal.GAMES
FILES = minimal.FILES


def _verify(game: str, scenario) -> list:
    verbs = importlib.import_module(f"pycombat.games.{game}.verbs")
    return verbs.verify(scenario).verdicts


@functools.cache
def _baseline(game: str, path: Path) -> tuple:
    """(scenario, verdicts) with the shipped rules (once per file)."""
    s = api.read_scenario(path)
    return s, tuple(_verify(game, s))


def _kinds(game: str) -> set[str]:
    """The claim kinds these counterfactuals cover: those the number and violation checks of
    tests/test_reasons_minimal.py do not read."""
    return _claim_kinds(game) - minimal.NUMBER_CHECKED_KINDS[game]


def _claim_kinds(game: str) -> set[str]:
    return minimal._claim_kinds(game)


@dataclass(frozen=True)
class Cited:
    """One rule cited by one decided verdict."""

    game: str
    path: Path
    index: int  #: the claim's place in the file's ``claims:``
    claim_id: str
    kind: str
    rule: str


@functools.cache
def cited(game: str) -> tuple[Cited, ...]:
    """Every (verdict, cited rule) of the covered kinds in the game's ruling examples."""
    kinds = _kinds(game)
    out = []
    for g, path in FILES:
        if g != game:
            continue
        _s, verdicts = _baseline(game, path)
        for i, v in enumerate(verdicts):
            if v.verdict is None or v.claim.kind not in kinds:
                continue
            out += [Cited(game, path, i, v.claim.id, v.claim.kind, r) for r in v.rules]
    return tuple(out)


@functools.cache
def _rule_mutants(game: str) -> dict:
    """rule id -> the mutant with every ASP statement carrying it removed."""
    return {m.rule_ids[0]: m for m in asp_mutants.rule_id_mutants(game)}


def asp_carried(game: str) -> set[str]:
    return set(_rule_mutants(game))


def _shortcuts_off(game: str):
    """Make the game answer from its programs where a formula would answer without them (Riftbound:
    a split count by stars and bars); returns the function that puts the formula back."""
    if game != "riftbound":
        return lambda: None
    from pycombat.games.riftbound.damage.splits import LegalSplits

    closed = LegalSplits._closed_count
    LegalSplits._closed_count = lambda self: None

    def back() -> None:
        LegalSplits._closed_count = closed
    return back


@contextlib.contextmanager
def without_rule(game: str, rule: str):
    """The solver reads a copy of ``asp_rules/`` with every statement carrying ``rule`` removed."""
    with tempfile.TemporaryDirectory() as tmp:
        asp_mutants.write(_rule_mutants(game)[rule], Path(tmp))
        old = os.environ.get(programs.RULES_DIR_VARIABLE)
        os.environ[programs.RULES_DIR_VARIABLE] = tmp
        solver.clear_caches()
        shortcut = _shortcuts_off(game)
        try:
            yield
        finally:
            shortcut()
            if old is None:
                os.environ.pop(programs.RULES_DIR_VARIABLE, None)
            else:
                os.environ[programs.RULES_DIR_VARIABLE] = old
            solver.clear_caches()


def _outcome(before, after, rule: str) -> str:
    """How a verdict changed when ``rule``'s effect was removed ("same" when it did not)."""
    if isinstance(after, Exception):
        return f"unreachable ({type(after).__name__})"
    if after.verdict is None:
        return "undecided"
    if after.verdict != before.verdict:
        return "flipped"
    if rule not in after.rules:
        return "no longer cited"
    if list(after.notes) != list(before.notes):  # a number claim whose claimed value is wrong either way
        return "its answer changes"
    return "same"


@functools.cache
def asp_counterfactual(game: str, rule: str) -> dict[tuple[Path, str], str]:
    """(file, claim id) -> outcome, for every covered verdict citing ``rule``, with ``rule``'s ASP
    statements removed. A file whose verify raises is verified again one claim at a time, so that an
    error is charged to the claim that meets it."""
    wanted = [c for c in cited(game) if c.rule == rule]
    out: dict[tuple[Path, str], str] = {}
    with without_rule(game, rule):
        for path in sorted({c.path for c in wanted}):
            s, before = _baseline(game, path)
            mine = [c for c in wanted if c.path == path]
            try:
                after = _verify(game, s)
                got = {c.claim_id: after[c.index] for c in mine}
            except Exception:  # noqa: BLE001 - the removed rule may break another claim of the file
                got = {}
                for c in mine:
                    try:
                        got[c.claim_id] = _verify(game, replace(s, claims=(s.claims[c.index],)))[0]
                    except Exception as e:  # noqa: BLE001 - this claim cannot be decided without the rule
                        got[c.claim_id] = e
            for c in mine:
                out[(path, c.claim_id)] = _outcome(before[c.index], got[c.claim_id], rule)
    return out


def _reads_deciding_flag(game: str, rule: str, verdict) -> bool:
    return bool(set(load_rulebook(game).rules[rule].flags) & set(verdict.deciding_flags))


# ---- Riftbound split counts: an independent brute force over every vector ------------------------
#: the rules the brute force can leave out, each a constraint on a final vector
_SPLIT_RULES = ("RB-DMG-6", "RB-DMG-7", "RB-DMG-9", "RB-ORD-2", "RB-ORD-3")


def _vectors(total: int, n: int, at_most: int):
    """Every vector of ``n`` amounts >= 0 with sum ``at_most``.. ``total`` (all of them if equal)."""
    def rec(left: int, k: int):
        if k == 1:
            yield (left,)
            return
        for a in range(left + 1):
            for rest in rec(left - a, k - 1):
                yield (a, *rest)
    for t in range(at_most, total + 1):
        yield from rec(t, n)


def brute_split_count(lethal: list[int], tiers: list[int], dumps: int, total: int, without: str = "") -> int:
    """How many vectors over targets (their lethal amounts and tiers, 0 Tank, 1, 2 Backline) and
    ``dumps`` immune units meet the digest's constraints on ``total`` damage, ``without`` one of them:

    * RB-DMG-6: at most one target has some damage but less than lethal;
    * RB-DMG-7: a target gets more than lethal only when every other target has lethal;
    * RB-ORD-2 / RB-ORD-3: a target of a later tier (a non-Tank; a Backline unit) gets damage only
      when every target of an earlier tier has lethal (without the rule, that tier is an ordinary one);
    * RB-DMG-9: the whole total is assigned, also the leftover once every target has lethal (without
      it, a leftover may stay unassigned);
    * damage goes on an immune unit only when every target has lethal (RB-ORD-7).
    """
    n = len(lethal)
    tiers = [1 if (without == "RB-ORD-2" and t == 0) or (without == "RB-ORD-3" and t == 2) else t for t in tiers]
    lowest = 0 if without == "RB-DMG-9" else total
    count = 0
    for v in _vectors(total, n + dumps, lowest):
        d, dumped = v[:n], v[n:]
        full = all(d[i] >= lethal[i] for i in range(n))
        if sum(v) < total and not full:
            continue
        if any(dumped) and not full:
            continue
        if without != "RB-DMG-6" and sum(1 for i in range(n) if 0 < d[i] < lethal[i]) > 1:
            continue
        if without != "RB-DMG-7" and any(d[i] > lethal[i] and any(d[j] < lethal[j] for j in range(n) if j != i)
                                         for i in range(n)):
            continue
        if any(d[j] > 0 and d[k] < lethal[k] for j in range(n) for k in range(n) if tiers[k] < tiers[j]):
            continue
        count += 1
    return count


def _split_count_counterfactual(rule: str):
    """RB-DMG-6/7/9, RB-ORD-2/3 on a split count: the brute force's count without the rule differs.
    Boards it does not model (sequences, ``excess_damage=last``, Tank-and-Backline units, a unit no
    amount kills) are left to the ASP counterfactual."""
    def judge(s, v) -> str:
        from pycombat.games.riftbound.claims import _board, _side
        from pycombat.games.riftbound.damage.splits import LegalSplits

        side = _side(s, v.claim)
        splits = LegalSplits(_board(s), side)
        d = splits.derived
        targets = d.targets[side]
        if s.flags.get("split_repr") == "sequence" or s.flags.get("excess_damage") == "last" or d.duals[side] \
                or any(d.lethal[u] is None for u in targets):
            return "no counterfactual"
        lethal = [d.lethal[u] for u in targets]
        tiers = [d.tiers[side].get(u, 1) for u in targets]
        total = d.to_assign[side]
        # the brute force is a model of the same count: it must agree with the rules in force
        assert brute_split_count(lethal, tiers, len(d.dumps[side]), total) == splits.count(), (v.claim.id, lethal)
        if brute_split_count(lethal, tiers, len(d.dumps[side]), total, rule) != splits.count():
            return "the count changes"
        return "same"
    return judge


# ---- MECCG elimination MPs: the member without what the rule reads ------------------------------------
def _mp_counterfactual(rule: str):
    """MECCG-BODY-7 (the avatar's -5), MECCG-BODY-8 (a Fallen-wizard scorer's 1 MP), MECCG-BODY-9
    (a printed "-N if eliminated" clause): the MP the claim asks about, computed again for the member
    without the avatar, for a scorer that is no Fallen-wizard (the printed MP, BODY-5), or without
    the clause, differs."""
    def judge(s, v) -> str:
        from pycombat.games.meccg.claims.combat import _find, _role
        from pycombat.games.meccg.combat.strikes import kill_mp, owner_penalty

        owner, m = _find(s, v.claim, "character")
        role = _role(s, v.claim)
        if role != owner:
            got, without = kill_mp(m, s.company(role).alignment), max(m.mp or 0, 0)
            return "its number changes" if rule == "MECCG-BODY-8" and got != without else "same"
        changed = {"MECCG-BODY-7": {"avatar": False}, "MECCG-BODY-9": {"mp_if_eliminated": None}}.get(rule)
        if changed is None:
            return "same"
        return "its number changes" if owner_penalty(m, s.flags) != owner_penalty(replace(m, **changed), s.flags) \
            else "same"
    return judge


# ---- MECCG strike results: one roll instead of the best of several ---------------------------------
def _best_of_rolls(s, v) -> str:
    """MECCG-SEQ-13 (roll twice, keep the best): the strike replayed with the file's rolls, its
    result against the result of the first roll of each side alone (prowess + roll, the higher wins,
    equal is ineffectual: MECCG-SEQ-9/10)."""
    from pycombat.games.meccg.combat.strikes import replay

    n = int(v.claim.args.get("strike", 1))
    setup, _steps, o = replay(s).strikes[n - 1]
    rolls = s.combat.strikes[n - 1].rolls
    a, d = setup.attacker.prowess + rolls.attacker[0], setup.defender.prowess + rolls.defender[0]
    alone = "tie" if a == d else "fails" if d > a else "succeeds"
    return "its result changes" if alone != o.result else "same"


#: (game, kind, rule) -> a function (scenario, verdict) -> outcome: the counterfactual of a rule the
#: Python claims code applies (or that a formula answers without the solver), where one is written
PYTHON_COUNTERFACTUALS: dict[tuple[str, str, str], object] = {
    **{("riftbound", "split_count", r): _split_count_counterfactual(r) for r in _SPLIT_RULES},
    ("meccg", "strike_result", "MECCG-SEQ-13"): _best_of_rolls,
    **{("meccg", "elimination_mp", r): _mp_counterfactual(r) for r in ("MECCG-BODY-7", "MECCG-BODY-8", "MECCG-BODY-9")},
}

# ---- what no counterfactual proves yet, and why ------------------------------------------------------
#: the answer is a fixed statement of the digest (who does what, when an effect ends, what a rule
#: says): the claims code reads it off the rule; removing the rule removes the statement itself
TABLE = "a fixed statement of the rule's own text, read off by the claims code; no program computes it"
#: the rule says what the claim is about (what is counted, what covert means)
DEFINITION = "the rule defines what the claim asks (the thing counted or judged)"
#: the rule permits: the programs forbid only what a rule forbids, so removing a permission changes
#: nothing by construction
PERMISSION = "a permission: the programs forbid only what rules forbid, so removing it changes nothing"
#: the program's generator offers only candidates the rule allows and does not carry the rule's id
GENERATOR = "the generator only offers what the rule allows, without carrying its id: removing the " \
            "statements that carry it leaves the answer"

#: a false "X must get lethal before Y gets any" rests on a legal split that gives Y damage first;
#: removing an order rule only adds splits, so no removal flips it: the rules cited are those under
#: which that split is legal (same priority, a Tank ignored, the tier model)
WITNESS = "a false 'must come first' rests on a legal split breaking the order; removing a rule only adds splits"

#: two rules of the digest each state the check (one restates the other): removing one leaves the
#: other in force, and the answer (WOTR-END-4 / WOTR-SIEGE-5, WOTR-SITE-2 / WOTR-END-6, MECCG-STRUCT-10 /
#: MECCG-SEQ-6)
REDUNDANT = "another rule the verdict cites states the same check: removing one leaves the other in force"
#: a card rule of digest section 8 that restates, for its card, the general rule cited beside it (Rank
#: upon Rank and Doors of Night: hazards, MECCG-STRUCT-8; Goldberry: may support, MECCG-SEQ-6)
CARD_RESTATES = "a card rule restating for its card the general rule cited beside it: removing it leaves that rule"
#: a note the digest marks as a consequence of other rules it cites (MECCG-ASSIGN-6 of ASSIGN-2/3)
CONSEQUENCE = "a consequence the digest derives from other rules the verdict cites: removing it leaves them"
#: the verdict reads a card's own clause (Dune Surfer: "You ignore [Tank] while assigning combat damage
#: here", card data); the rules cited name the requirement the clause lifts
CARD_TEXT = "the verdict reads the card's own clause (card data); the rules name the requirement it lifts"

#: MECCG-INIT-5 (status fixed for the whole attack): in seed_attack_structure the members left after the
#: named elimination keep the company overt anyway; status_fixed_for_the_attack.yaml holds the claims
#: where the elimination would leave the company covert, and the rule decides them
MOOT_INIT5 = "the members left after the named elimination would keep the same status: the rule decides nothing here"

#: (game, kind) -> {cited rule no counterfactual proves: why}. A rule of the kind that is not listed
#: must be proven; an entry no verdict needs fails the test, so the table only shrinks.
UNPROVEN: dict[tuple[str, str], dict[str, str]] = {
    ("meccg", "actor"): dict.fromkeys({"MECCG-ASSIGN-2", "MECCG-ASSIGN-3", "MECCG-ASSIGN-4", "MECCG-BODY-1",
                                    "MECCG-SEQ-1", "MECCG-SEQ-3", "MECCG-SEQ-6", "MECCG-SEQ-9"}, TABLE),
    ("meccg", "lasts"): dict.fromkeys({"MECCG-SEQ-10", "MECCG-SEQ-11"}, TABLE),
    ("meccg", "company_status"): {"MECCG-ALIGN-6": DEFINITION, "MECCG-INIT-5": MOOT_INIT5},
    ("meccg", "commits_strike"): dict.fromkeys({"MECCG-STRUCT-1", "MECCG-CARD-7"}, DEFINITION),
    ("meccg", "excess_count"): dict.fromkeys({"MECCG-STRUCT-9", "MECCG-ASSIGN-5"}, DEFINITION),
    ("meccg", "phase2_count"): {"MECCG-ASSIGN-6": CONSEQUENCE},
    ("meccg", "is_target"): dict.fromkeys({"MECCG-ASSIGN-1", "MECCG-CARD-6"}, DEFINITION),
    ("meccg", "takes_strike_in_phase"): {"MECCG-ASSIGN-2": GENERATOR},
    ("meccg", "may_support"): {"MECCG-CARD-6": CARD_RESTATES, "MECCG-SEQ-6": REDUNDANT, "MECCG-STRUCT-10": REDUNDANT},
    ("meccg", "elimination_mp"): dict.fromkeys({"MECCG-BODY-5"}, DEFINITION),
    ("meccg", "hazard_effect"): dict.fromkeys({"MECCG-CARD-12", "MECCG-CARD-13"}, CARD_RESTATES),
    ("meccg", "modifier_applies"): dict.fromkeys({"MECCG-CARD-12", "MECCG-CARD-13"}, CARD_RESTATES),
    ("meccg", "steal_item"): dict.fromkeys({"MECCG-OPT-1"}, TABLE),
    ("meccg", "strike_cancellable"): {"MECCG-SEQ-7": PERMISSION, "MECCG-SEQ-12": DEFINITION},
    ("meccg", "strike_result"): dict.fromkeys({"MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-SEQ-12"}, DEFINITION),
    ("meccg", "takes_item"): dict.fromkeys({"MECCG-BODY-4", "MECCG-BODY-6"}, TABLE),
    ("meccg", "trophy"): dict.fromkeys({"MECCG-BODY-6"}, TABLE),
    ("riftbound", "rule"): dict.fromkeys({"RB-COMB-1", "RB-COMB-2", "RB-COMB-3", "RB-COMB-4", "RB-COMB-5", "RB-COMB-6",
                                       "RB-DMG-4", "RB-DMG-6", "RB-DMG-8", "RB-DMG-10", "RB-DMG-11", "RB-MIGHT-8",
                                       "RB-MIGHT-9", "RB-MIGHT-10", "RB-MIGHT-11", "RB-MIGHT-12", "RB-MODEL-7",
                                       "RB-ORD-1", "RB-RES-2", "RB-RES-6", "RB-RES-8", "RB-SHOW-2", "RB-SHOW-3",
                                       "RB-SHOW-4"}, TABLE),
    ("riftbound", "role"): dict.fromkeys({"RB-COMB-4"}, TABLE),
    ("riftbound", "focus_first"): dict.fromkeys({"RB-SHOW-1"}, TABLE),
    ("riftbound", "assigns_first"): dict.fromkeys({"RB-DMG-3"}, TABLE),
    ("riftbound", "damage_step"): dict.fromkeys({"RB-DMG-1"}, TABLE),
    ("riftbound", "best_split"): dict.fromkeys({"RB-MODEL-7"}, DEFINITION),
    ("riftbound", "split_count"): dict.fromkeys({"RB-MODEL-3", "RB-DMG-7"}, DEFINITION),
    ("riftbound", "excess_on"): dict.fromkeys({"RB-DMG-3"}, DEFINITION),
    ("riftbound", "keyword_effect"): dict.fromkeys({"RB-MIGHT-10", "RB-MIGHT-11"}, DEFINITION),  # the keyword's rule
    ("riftbound", "no_result"): dict.fromkeys({"RB-RES-3"}, DEFINITION),
    ("riftbound", "scores"): {"RB-RES-5": DEFINITION, "RB-RES-6": TABLE},
    ("riftbound", "ignore_tank"): dict.fromkeys({"RB-ORD-1", "RB-ORD-2"}, CARD_TEXT),
    ("riftbound", "any_order"): dict.fromkeys({"RB-MODEL-6", "RB-ORD-4"}, PERMISSION),
    ("riftbound", "order"): dict.fromkeys({"RB-ORD-1", "RB-ORD-2", "RB-ORD-4", "RB-ORD-8"}, WITNESS),
    ("wotr", "may_retreat"): dict.fromkeys({"WOTR-END-4", "WOTR-SIEGE-5"}, REDUNDANT),
    ("wotr", "may_retreat_into_siege"): dict.fromkeys({"WOTR-END-6", "WOTR-SITE-2"}, REDUNDANT),
    ("wotr", "move_count"): dict.fromkeys({"WOTR-CHMOVE-7"}, GENERATOR),
    ("wotr", "split_count"): dict.fromkeys({"WOTR-SPLIT-2"}, GENERATOR),
    ("wotr", "casualty_options"): {**dict.fromkeys({"WOTR-CAS-3", "WOTR-CAS-4", "WOTR-CAS-10"}, GENERATOR), "WOTR-CAS-12": DEFINITION},
}


def judge(c: Cited) -> str:
    """The outcome that proves ``c`` relevant, or "same" / "no counterfactual"."""
    s, verdicts = _baseline(c.game, c.path)
    v = verdicts[c.index]
    if _reads_deciding_flag(c.game, c.rule, v):
        return "decided by its flag"
    if c.rule in asp_carried(c.game):
        got = asp_counterfactual(c.game, c.rule)[(c.path, c.claim_id)]
        if got != "same":
            return got
    fn = PYTHON_COUNTERFACTUALS.get((c.game, c.kind, c.rule))
    if fn is not None:
        return fn(s, v)
    got = python_counterfactual(c)
    if got != "same":
        return got
    return "same" if c.rule in asp_carried(c.game) else "no counterfactual"


def python_counterfactual(c: Cited) -> str:
    """The claim verified again with ``c.rule`` taken out of the Python checks that read
    :func:`pycombat.in_force.in_force` (the claims code and the models it calls)."""
    s, verdicts = _baseline(c.game, c.path)
    solver.clear_caches()
    try:
        with removed(c.rule):
            try:
                after = _verify(c.game, replace(s, claims=(s.claims[c.index],)))[0]
            except Exception as e:  # noqa: BLE001 - the claim cannot be decided without the rule
                after = e
    finally:
        solver.clear_caches()
    return _outcome(verdicts[c.index], after, c.rule)


@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_each_cited_rule_changes_the_verdict_when_removed(game):
    """Every rule a covered verdict cites is proven relevant, or its (kind, rule) is in UNPROVEN;
    and every UNPROVEN entry of the game is still needed by some verdict."""
    bad, needed = [], set()
    for c in cited(game):
        got = judge(c)
        if got in ("same", "no counterfactual"):
            needed.add((c.kind, c.rule))
            if c.rule not in UNPROVEN.get((game, c.kind), {}):
                bad.append(f"{c.path.stem}:{c.claim_id} ({c.kind}) cites {c.rule}: {got}")
    assert not bad, "\n".join(bad)
    listed = {(k, r) for (g, k), rules in UNPROVEN.items() if g == game for r in rules}
    assert listed <= needed, f"UNPROVEN entries no verdict needs: {sorted(listed - needed)}"
    # a kind decided somewhere and proven whole belongs in COUNTERFACTUAL_KINDS, not KIND_SECTIONS
    decided = {c.kind for c in cited(game)}
    whole = decided - {k for k, _r in needed}
    assert whole <= minimal.COUNTERFACTUAL_KINDS[game], sorted(whole - minimal.COUNTERFACTUAL_KINDS[game])


@pytest.mark.parametrize("game", GAMES)
def test_the_kinds_tables_agree(game):
    """A kind proven whole has no UNPROVEN entry; a kind with one keeps the section check of
    tests/test_reasons_minimal.py (KIND_SECTIONS); every kind no number check reads is in one of
    the two tables."""
    unproven = {k for (g, k) in UNPROVEN if g == game}
    assert not unproven & minimal.COUNTERFACTUAL_KINDS[game]
    assert unproven <= set(minimal.KIND_SECTIONS[game]), sorted(unproven - set(minimal.KIND_SECTIONS[game]))
    assert _kinds(game) <= minimal.COUNTERFACTUAL_KINDS[game] | set(minimal.KIND_SECTIONS[game])


# ---- quick tier: the split-count reasons against the brute force, on drawn boards ---------------
@settings(max_examples=examples(400))
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from((0, 1, 1, 2))), min_size=2, max_size=4),
       st.integers(0, 14))
def test_split_count_cites_lethal_first_and_no_overkill_exactly_when_they_cut_the_count(units, total):
    """A short total (D < sum L): RB-DMG-6 / RB-DMG-7 are cited exactly when leaving the rule out
    of the brute force changes the count."""
    from types import SimpleNamespace

    from pycombat.games.riftbound.claims import _short_total_cuts

    lethal, tiers = [u[0] for u in units], [u[1] for u in units]
    assume(total < sum(lethal))
    names = [f"U{i}" for i in range(len(units))]
    d = SimpleNamespace(to_assign={"attacker": total}, targets={"attacker": tuple(names)},
                        lethal=dict(zip(names, lethal)), tiers={"attacker": dict(zip(names, tiers))})
    cited = set(_short_total_cuts(d, "attacker"))
    base = brute_split_count(lethal, tiers, 0, total)
    for rule in ("RB-DMG-6", "RB-DMG-7"):
        assert (rule in cited) == (brute_split_count(lethal, tiers, 0, total, rule) != base), (rule, units, total)


def test_brute_split_count_meets_the_digest_examples():
    """CR 460.2.c.3 (RB-DMG-6): 5 damage on four Might-3 units: 3 on one unit, 2 on another (12
    ways); 2/1/1/1 is out. Without lethal-first it is in; without RB-DMG-9 the leftover of 7 on two
    Might-3 units may stay unassigned."""
    assert brute_split_count([3, 3, 3, 3], [1] * 4, 0, 5) == 12
    assert brute_split_count([3, 3, 3, 3], [1] * 4, 0, 5, "RB-DMG-6") > 12
    assert brute_split_count([3, 3], [1, 1], 0, 7) == 2
    assert brute_split_count([3, 3], [1, 1], 0, 7, "RB-DMG-9") == 3  # 4/3, 3/4 and 3/3
    assert brute_split_count([3, 3], [0, 1], 0, 2) == 1 and brute_split_count([3, 3], [0, 1], 0, 2, "RB-ORD-2") == 2


# ---- quick tier: a sample of the ASP counterfactuals ----------------------------------------------
def _alone(game: str, stem: str, claim_id: str):
    """The verdict of one claim of a ruling example, verified alone (with the rules in force)."""
    s = api.read_scenario(ROOT / "examples" / "rulings" / game / f"{stem}.yaml")
    (raw,) = [c for c in s.claims if isinstance(c.value, dict) and c.value.get("id") == claim_id]
    return _verify(game, replace(s, claims=(raw,)))[0]


#: (game, file, claim, the rule it cites, a rule of the same programs it does not rest on)
SAMPLE = [("meccg", "overt_fallen_wizard", "overt", "MECCG-ALIGN-6", "MECCG-ASSIGN-1"),
          ("riftbound", "galio_recall", "tank-first", "RB-ORD-3", "RB-DMG-11"),
          ("wotr", "dice_and_cards", "persistent", "WOTR-EVT-5", "WOTR-STACK-1")]


@pytest.mark.parametrize("game, stem, claim_id, rule, other", SAMPLE, ids=lambda x: x)
def test_removing_the_cited_rule_flips_the_verdict_and_another_rule_does_not(game, stem, claim_id, rule, other):
    before = _alone(game, stem, claim_id)
    assert before.verdict is not None and rule in before.rules and other not in before.rules
    with without_rule(game, rule):
        assert _alone(game, stem, claim_id).verdict != before.verdict
    with without_rule(game, other):
        after = _alone(game, stem, claim_id)
        assert (after.verdict, after.rules) == (before.verdict, before.rules)
