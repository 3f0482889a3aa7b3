"""The attack judge's Python evaluation (:mod:`pycombat.games.wotr.battle.judge_closed`) derives exactly
what a grounding of the check program (input.lp, flags.lp, strength.lp, attack.lp, split_legal.lp,
show.lp) derives: the same violations (rule ids WOTR-ATK-*, WOTR-SPLIT-*, WOTR-STACK-*, WOTR-SIEGE-*,
WOTR-SITE-5, WOTR-CAS-8, WOTR-EVT-9/10, WOTR-DICE-2/3 and their details) and the same numbers (WOTR-STR-*),
on hypothesis-drawn fact sets over every input predicate (legal and illegal, odd ones included), on
diverse battles, on every shipped battle example and on their legal rearguard splits."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples
from pycombat import registry
from pycombat.errors import PycombatError
from pycombat.games.wotr.battle import facts as F
from pycombat.games.wotr.battle import splits
from pycombat.games.wotr.battle.judge_closed import evaluate, verdict_facts
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.solver import RULES_DIR_VARIABLE, Decoder, check_answer, rule_files

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import diverse_scenarios  # noqa: E402  (real names from the shipped data, seeded)

FILES = rule_files(splits.RULES, splits.BASE + ("show.lp",))
NATIONS = ("gondor", "rohan", "isengard", "sauron", "none")
REGIONS = ("a", "b", "c")
ACTIONS = ("army", "character", "army_muster", "muster", "event", "will_of_the_west", "eye")


def _asp(facts, consts):
    violations, answer = check_answer(FILES, facts, consts=consts, decoder=Decoder(F.SHOWN))
    return violations, splits._numbers(answer.decoded)


def _closed(facts, consts):
    got = evaluate(facts, consts)
    assert got is not None
    violations, vals, relief = got

    def pair(name):
        return (vals.get((name, "attacker"), 0), vals.get((name, "defender"), 0))

    return (sorted(violations, key=lambda v: (v.rule, repr(v.detail))),
            splits.Numbers(pair("strength"), pair("dice"), pair("leadership"), pair("reroll_max"), relief))


@st.composite
def fact_sets(draw):
    """Facts over every input predicate; half of them ``tame`` (enemy sides, an Army result, a field battle
    between adjacent regions, every Nation At War, a unit on each side): mostly legal attacks."""
    tame = draw(st.booleans())
    sa = draw(st.sampled_from(("free_peoples", "shadow")))
    sd = ({"free_peoples": "shadow", "shadow": "free_peoples"}[sa] if tame
          else draw(st.sampled_from(("free_peoples", "shadow"))))
    facts = [F.Side("attacker", sa), F.Side("defender", sd)]
    gid = 0
    attacker_ids = []
    for role in ("attacker", "defender"):
        kinds = [draw(st.sampled_from(("regular", "elite", "leader", "nazgul", "character")))
                 for _ in range(draw(st.integers(0, 5)))]
        if tame:
            kinds = ["regular"] + kinds[:3]
        for kind in kinds:
            gid += 1
            if kind == "character":
                facts.append(F.GroupFact(role, gid, kind, "none", 1))
                facts.append(F.CharLeadership(gid, draw(st.integers(0, 3))))
                for cls in (F.Captain, F.CountsAsNazgul, F.WhiteRiderChar):
                    if draw(st.integers(0, 3)) == 0:
                        facts.append(cls(gid))
            else:
                nation = "none" if kind == "nazgul" else draw(st.sampled_from(NATIONS[:4]))
                count = draw(st.integers(1, 2) if tame else st.integers(0, 7))
                facts.append(F.GroupFact(role, gid, kind, nation, count))
            if role == "attacker":
                attacker_ids.append((gid, facts[-1].count if kind != "character" else 1))
    facts += [F.AtWar(n) for n in (NATIONS[:4] if tame else draw(st.sets(st.sampled_from(NATIONS[:4]))))]
    facts.append(F.Action("army" if tame else draw(st.sampled_from(ACTIONS))))
    if draw(st.booleans()):
        facts.append(F.AttackCard())
    if not tame and draw(st.integers(0, 4)) == 0:
        facts.append(F.NotAttackingCard("Some Card"))
    if draw(st.integers(0, 2)) == 0:  # WOTR-EVT-8/9: the Army the starting Event card lets attack
        card = draw(st.sampled_from(("Card A", "Card B")))
        if draw(st.booleans()):
            facts.append(F.EventSide(card, draw(st.sampled_from(("free_peoples", "shadow")))))
        if draw(st.booleans()):
            facts.append(F.EventKind(card, draw(st.sampled_from(("field", "siege", "sortie")))))
        if draw(st.integers(0, 2)) == 0:
            facts.append(F.EventRelief(card))
        if draw(st.integers(0, 2)) == 0:
            facts.append(F.EventRequirementUnmet(card, "a requirement"))
        if draw(st.booleans()):
            facts.append(F.Controls(draw(st.sampled_from(REGIONS)), draw(st.sampled_from(("free_peoples", "shadow")))))
        for i in range(draw(st.integers(0, 2))):
            facts.append(F.EventNeed(card, i + 1, f"figure {i + 1}"))
            for g in draw(st.sets(st.integers(1, gid + 1), max_size=3)):
                facts.append(F.EventNeedGroup(card, i + 1, g))
    facts.append(F.BattleKind("field" if tame else draw(st.sampled_from(("field", "field", "siege", "sortie")))))
    ra, rd = ("a", "b") if tame else (draw(st.sampled_from(REGIONS)), draw(st.sampled_from(REGIONS)))
    facts += [F.RegionOf("attacker", ra), F.RegionOf("defender", rd)]
    facts += [F.Adjacent(a, b) for a, b in draw(st.sets(st.tuples(st.sampled_from(REGIONS), st.sampled_from(REGIONS))))
              | ({("a", "b")} if tame else set())]
    if not tame:
        facts += [F.Besieged(r) for r in draw(st.sets(st.sampled_from(("attacker", "defender"))))]
    if draw(st.booleans()):
        facts.append(F.StrongholdAt(rd))
    if not tame and draw(st.integers(0, 3)) == 0:
        facts.append(F.Garrison(draw(st.integers(0, 7)), draw(st.sampled_from(("free_peoples", "shadow")))))
    if not tame and draw(st.integers(0, 3)) == 0:
        facts.append(F.ProtectedRegion(draw(st.sampled_from(REGIONS)), "A Card"))
    for cls in (F.SarumanInPlay, F.MouthInPlay, F.WhiteRider):
        if draw(st.booleans()):
            facts.append(cls())
    for i in range(0 if tame else draw(st.integers(0, 2))):
        facts.append(F.AlsoActivated(i + 1, draw(st.sampled_from(("attack", "move"))),
                                     draw(st.sampled_from(("same", "own")))))
    for g, n in attacker_ids:  # the candidate split: most often within the group, now and then not
        if not tame and draw(st.integers(0, 9)) == 0:
            continue
        facts.append(F.Attack(g, draw(st.integers(0, n + 1)) if draw(st.integers(0, 5)) else n))
    if not tame and draw(st.integers(0, 9)) == 0:
        facts.append(F.Attack(draw(st.integers(1, gid + 2)), draw(st.integers(0, 3))))
    consts = {"non_at_war_leaders": draw(st.sampled_from(("rearguard", "may_attack")))}
    return facts, consts


@settings(max_examples=examples(800), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fact_sets())
def test_closed_judge_equals_the_check_program_on_drawn_facts(case):
    facts, consts = case
    assert _closed(facts, consts) == _asp(facts, consts)


def _cases(battles):
    out = []
    for s in battles:
        try:
            out.append((s, *splits._judged(s, None)))
        except PycombatError:
            continue
    return out


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32 - 1))
def test_closed_judge_equals_the_check_program_on_diverse_battles(seed):
    copy = os.environ.get(RULES_DIR_VARIABLE)  # a changed copy of the rules (the mutation battery) is judged by itself
    for s, _, _, facts in _cases([scenario_from_dict(d) for d in diverse_scenarios.wotr(10, seed)]):
        if not copy:
            assert verdict_facts(facts, F.consts(s)) is not None  # (the closed form covers them: the path used)
        assert _closed(facts, F.consts(s)) == _asp(facts, F.consts(s))


def test_closed_judge_equals_the_check_program_on_the_examples_and_their_splits():
    shipped = Path(registry.get("wotr").examples)
    paths = sorted(shipped.rglob("*.yaml")) + sorted((shipped.parent / "rulings" / "wotr").rglob("*.yaml"))
    battles = []
    for p in paths:
        try:
            s = load_scenario(p)
        except PycombatError:
            continue
        if getattr(s, "kind", None) != "position":
            battles.append(s)
    assert len(battles) >= 25
    seen = set()
    for s in battles:
        cands = [None] + [sp.attacking for sp in splits.LegalSplits(s)][:6]
        for attacking in cands:
            try:
                _, _, facts = splits._judged(s, attacking)
            except PycombatError:
                continue
            closed, asp = _closed(facts, F.consts(s)), _asp(facts, F.consts(s))
            assert closed == asp, (s.file, attacking)
            seen.add(not asp[0])
            seen.update(v.rule for v in asp[0])
    assert True in seen and False in seen and len(seen) > 4  # (legal and illegal attacks, several rules)
