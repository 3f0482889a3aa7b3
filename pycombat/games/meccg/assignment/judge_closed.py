"""The attack program (``flags.lp``, ``input.lp``, ``derive.lp``, ``attack.lp``) evaluated in Python over the
same facts: the atoms it shows (``violation/2``, ``allowed_by/1``, ``kind/2``, ``strike/1``, ``target/1``,
``no_strike/2``, ``no_target/2``, ``inconsistent/2``, ``condition_met/1``, ``overt/1``, ``overt_by/3``), as
:func:`.legal.judge_attack` reads them off a grounding.

The ASP programs stay the one definition: each rule below is the rule of the same id in those files, read
literally over the facts :func:`.facts.scenario_facts` makes (set semantics: a fact given twice counts once;
attributes are keyed by member name, as the predicates are), and ``tests/meccg/test_meccg_judge_closed.py``
checks that it derives exactly the atoms a grounding of those files derives, on hypothesis-drawn fact sets
(every input predicate the program reads, legal and illegal, odd ones included) and on diverse scenarios.
:func:`verdict_atoms` answers None (the ASP judges) when the facts hold a predicate it does not read or a
company other than ``attacker``/``defender``, when a flag it reads is not given, when the rules are read from
another folder than the shipped one (``pycombat.solver.RULES_DIR_VARIABLE``: a changed copy of the rules is
judged by itself), or inside :func:`pycombat.solver.asp_only` (for the tests of the ASP paths: the judge and the prefetch's
grounding).
"""
from __future__ import annotations

from pycombat.solver import asp_only, closed_forms  # noqa: F401  (asp_only: the tests' switch)
from .facts import (AssignableAsUntapped, AtSite, AttackedThisTurn, Avatar, BeforeController, Declared, DeclaredAt,
                    EnteredSite, FellRider, InfluenceAttempt, InPlay, Keyword, MakesOvert, MayNotBeAttacked, MemberOf,
                    Player, Race, SiteBarred, Skill, StagePoints, Status)
from .facts import Ally as AllyFact

ROLES = ("attacker", "defender")
#: the flags the program reads (flags.lp)
FLAGS = ("site_barred_ally_strikes", "ptv_defender_balrog", "fw_stage_gt10")
#: the input predicates that hold one member name (their relation's name)
_MEMBER_SETS = {AllyFact: "ally", Avatar: "avatar", MayNotBeAttacked: "may_not_be_attacked",
                SiteBarred: "site_barred", MakesOvert: "makes_overt", FellRider: "fell_rider"}
#: the input predicates of two arguments (their relation's name)
_PAIRS = {MemberOf: "members", Race: "race", Keyword: "keyword", Player: "player", Declared: "declared",
          AtSite: "at_site", DeclaredAt: "declared_at", StagePoints: "stage", InPlay: "in_play"}
#: the input predicates that hold one company
_COMPANY_SETS = {EnteredSite: "entered", InfluenceAttempt: "influence", AttackedThisTurn: "attacked"}
#: read by no rule of the attack program (the strike assignment's programs read them)
_UNREAD = (Skill, Status, AssignableAsUntapped, BeforeController)
#: the company kinds of the alignment matrix (``kinds/1``) and the rule that limits each one's targets
KINDS = ("hero", "ringwraith", "balrog", "fw_overt", "fw_covert")
MATRIX_RULE = {"hero": "MECCG-ALIGN-1", "ringwraith": "MECCG-ALIGN-2", "balrog": "MECCG-ALIGN-3",
               "fw_covert": "MECCG-ALIGN-4", "fw_overt": "MECCG-ALIGN-5"}
#: may_attack_kind(A, D) of the fixed matrix (MECCG-ALIGN-1..4); MECCG-ALIGN-5's fw_overt rows are added below
_MAY_ATTACK = {("hero", "ringwraith"), ("hero", "balrog"), ("hero", "fw_overt"),
               ("ringwraith", "hero"), ("ringwraith", "fw_overt"), ("ringwraith", "fw_covert"),
               ("balrog", "hero"), ("balrog", "fw_overt"), ("balrog", "fw_covert"),
               ("fw_covert", "ringwraith"), ("fw_covert", "balrog")}
MAY_ATTACK = frozenset(_MAY_ATTACK | {("fw_overt", k) for k in KINDS} | {(k, "fw_overt") for k in KINDS})
INIT_RULES = ("MECCG-INIT-1", "MECCG-INIT-2", "MECCG-INIT-3", "MECCG-INIT-4")
PRONE_TO_VIOLENCE = "BA-42"


def verdict_atoms(facts: list, consts: dict[str, str]) -> dict[str, list[tuple]] | None:
    """The shown atoms' arguments by predicate name, as the attack program derives them from ``facts`` with the
    constants ``consts``; None when this evaluation does not cover them (then the ASP answers)."""
    if not closed_forms():
        return None
    return evaluate(facts, consts)


def evaluate(facts: list, consts: dict[str, str]) -> dict[str, list[tuple]] | None:
    """:func:`verdict_atoms` whichever folder the rules are read from (for the tests that compare it with the
    ASP)."""
    if any(f not in consts for f in FLAGS):
        return None
    sets: dict[str, set] = {v: set() for v in (*_MEMBER_SETS.values(), *_PAIRS.values(), *_COMPANY_SETS.values())}
    for f in facts:
        t = type(f)
        if t in _MEMBER_SETS:
            sets[_MEMBER_SETS[t]].add(f.member)
        elif t in _PAIRS:
            sets[_PAIRS[t]].add((f[0], f[1]))  # (the predicate's two arguments, in order)
        elif t in _COMPANY_SETS:
            sets[_COMPANY_SETS[t]].add(f.company)
        elif t not in _UNREAD:
            return None  # a predicate this evaluation does not read: the ASP answers
    player, declared, at_site, declared_at = sets["player"], sets["declared"], sets["at_site"], sets["declared_at"]
    entered, influence, attacked = sets["entered"], sets["influence"], sets["attacked"]
    stage, in_play, members = sets["stage"], sets["in_play"], sets["members"]
    race, keyword = sets["race"], sets["keyword"]
    companies = {c for c, _ in player | declared | at_site | declared_at | stage | in_play | members}
    if companies - set(ROLES) or entered - set(ROLES) or influence - set(ROLES) or attacked - set(ROLES):
        return None
    ally, avatar = sets["ally"], sets["avatar"]
    site_barred, not_attacked = sets["site_barred"], sets["may_not_be_attacked"]
    races: dict[str, set[str]] = {}
    for m, r in race:
        races.setdefault(m, set()).add(r)

    def has(m: str, r: str) -> bool:
        return r in races.get(m, ())

    out: dict[str, list[tuple]] = {}

    def show(name: str, *args) -> None:
        out.setdefault(name, []).append(args)

    # ---- derive.lp -------------------------------------------------------------------------------------------
    strikes = set()
    for c, m in members:
        if c != "attacker":
            continue
        if m in not_attacked:  # MECCG-STRUCT-1: one that may not be attacked may not face a strike
            show("no_strike", m, "MECCG-STRUCT-1")
        # MECCG-STRUCT-1: one strike for each member; MECCG-STRUCT-2 [site_barred_ally_strikes=strike]
        elif m not in site_barred or consts["site_barred_ally_strikes"] == "strike":
            strikes.add(m)
        else:  # MECCG-STRUCT-2 [site_barred_ally_strikes=none]
            show("no_strike", m, "MECCG-STRUCT-2")
    for m in strikes:
        show("strike", m)
    for c, m in members:
        if c != "defender":
            continue
        if m not in not_attacked and m not in site_barred:  # MECCG-ASSIGN-1
            show("target", m)
        if m in not_attacked:  # MECCG-CARD-6
            show("no_target", m, "MECCG-CARD-6")
        elif m in site_barred:  # MECCG-CARD-7
            show("no_target", m, "MECCG-CARD-7")

    # ---- attack.lp: overt and covert (MECCG-ALIGN-6) -------------------------------------------------------
    half_orc = {m for m, k in keyword if k == "half_orc"}
    man_or_half_orc = {m for m, r in race if r == "man"} | half_orc
    overt_by: set[tuple[str, str, str]] = set()
    for c, m in members:
        if has(m, "orc") and m not in half_orc:
            overt_by.add((c, "orc", m))
        if has(m, "troll"):
            overt_by.add((c, "troll", m))
        if has(m, "ringwraith") and m in sets["fell_rider"]:
            overt_by.add((c, "fell_rider", m))
        if has(m, "balrog") and m in avatar:
            overt_by.add((c, "balrog", m))
        if m in sets["makes_overt"]:
            overt_by.add((c, "card", m))
        if m in half_orc and any(c2 == c and m2 not in ally and m2 not in man_or_half_orc for c2, m2 in members):
            overt_by.add((c, "half_orc", m))
    overt = {c for c, _, _ in overt_by} | {c for c, s in declared if s == "overt"}
    for c, why, m in overt_by:
        show("overt_by", c, why, m)
        if (c, "covert") in declared:
            show("inconsistent", c, ("declared_covert_but_overt", why, m))
    for c in overt:
        show("overt", c)

    # ---- company kinds and the alignment matrix (MECCG-ALIGN-1..5) ------------------------------------------
    kind: set[tuple[str, str]] = set()
    for c, a in player:
        k = {"hero": "hero", "minion": "ringwraith", "balrog": "balrog"}.get(a)
        if a == "fallen_wizard":
            k = "fw_overt" if c in overt else "fw_covert"
        if k is not None:
            kind.add((c, k))
    for c, k in kind:
        show("kind", c, k)
    ka = {k for c, k in kind if c == "attacker"}
    kd = {k for c, k in kind if c == "defender"}
    allowed = {MATRIX_RULE[a] for a in ka for d in kd if (a, d) in MAY_ATTACK}
    if "fw_overt" in kd:
        allowed.add("MECCG-ALIGN-5")

    # ---- Prone to Violence (MECCG-ALIGN-7) -------------------------------------------------------------------
    minion_company = {c for c, a in player if a in ("minion", "balrog")}
    has_ringwraith = {c for c, m in members if has(m, "ringwraith")}
    has_balrog = {c for c, m in members if has(m, "balrog") and m in avatar}
    blocked = set()
    if "attacker" not in minion_company:
        blocked.add("attacker_not_minion")
    if "defender" not in minion_company:
        blocked.add("defender_not_minion")
    if "attacker" in has_ringwraith:
        blocked.add("attacker_has_ringwraith")
    if "defender" in has_ringwraith:
        blocked.add("defender_has_ringwraith")
    if "defender" in has_balrog and consts["ptv_defender_balrog"] == "forbidden":
        blocked.add("defender_has_balrog")
    ptv_attacker = ("attacker", PRONE_TO_VIOLENCE) in in_play
    if ptv_attacker and not blocked:
        allowed.add("MECCG-ALIGN-7")

    # ---- a Fallen-wizard with more than 10 stage points (MECCG-ALIGN-8, MECCG-OPT-2) --------------------------
    fallen = {c for c, a in player if a == "fallen_wizard"}
    fw_gt10 = {c for c, n in stage if n > 10 and c in fallen
               and any(c2 == c and has(m, "fallen_wizard") and m in avatar for c2, m in members)}
    fw_big = fw_gt10 if consts["fw_stage_gt10"] == "on" else set()
    if fw_big & {"attacker", "defender"}:
        allowed.add("MECCG-ALIGN-8")
    if fw_big:
        allowed.add("MECCG-OPT-2")
    for r in allowed:
        show("allowed_by", r)

    violations: set[tuple[str, object]] = set()
    if not allowed:  # not alignment_ok
        for a in ka:
            for d in kd:
                violations.add((MATRIX_RULE[a], ("cannot_attack", a, d)))
        if "fw_covert" in kd:
            violations.add(("MECCG-ALIGN-5", "defender_is_covert_fallen_wizard"))
        if fw_gt10 and consts["fw_stage_gt10"] == "off":
            violations.add(("MECCG-ALIGN-8", ("optional_rule_off", "fw_stage_gt10")))
            violations.add(("MECCG-OPT-2", ("optional_rule_off", "fw_stage_gt10")))
        if ptv_attacker:
            violations |= {("MECCG-ALIGN-7", b) for b in blocked}

    # ---- initiation (MECCG-INIT-1..4) -------------------------------------------------------------------------
    for c, p in declared_at:
        if c == "attacker" and p != "end_of_site_phase":
            violations.add(("MECCG-INIT-1", ("declared_at", p)))
    for c1, s1 in at_site:
        for c2, s2 in at_site:
            if c1 == "attacker" and c2 == "defender" and s1 != s2:
                violations.add(("MECCG-INIT-2", ("different_sites", s1, s2)))
    if "attacker" not in entered:
        violations.add(("MECCG-INIT-2", "site_not_entered"))
    if "attacker" in influence:
        violations.add(("MECCG-INIT-3", "influence_attempt_this_turn"))
    if "attacker" in attacked:
        violations.add(("MECCG-INIT-4", "already_attacked_this_turn"))
    for r, d in violations:
        show("violation", r, d)
    broken = {r for r, _ in violations}
    for r in INIT_RULES:
        if r not in broken:
            show("condition_met", r)
    return out
