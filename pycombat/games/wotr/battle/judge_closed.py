"""The attack judge's check program (``input.lp``, ``flags.lp``, ``strength.lp``, ``attack.lp``,
``split_legal.lp``, ``show.lp``) evaluated in Python over the same facts: the violated rules (with the
rule ids and details the ASP derives) and the shown numbers.

The ASP programs stay the one definition: each rule below is the rule of the same id in those files,
read literally over the facts :func:`.facts.scenario_facts` and :func:`.facts.split_facts` make
(aggregates with ASP's set semantics: ``#sum { C, G : ... }`` counts each ``(C, G)`` once), and
``tests/wotr/test_wotr_judge_closed.py`` checks that it derives exactly what a grounding of those files
derives, on hypothesis-drawn fact sets (every predicate of ``input.lp``, legal and illegal) and on
diverse battles. :func:`verdict_facts` answers None (the ASP judges) when the facts hold anything it
does not read or a role other than ``attacker``/``defender``, when the rules are read from
another folder than the shipped one (``pycombat.solver.RULES_DIR_VARIABLE``: a changed copy of the
rules is judged by itself), or inside :func:`pycombat.solver.asp_only` (for the tests of the ASP paths: the judge,
check mode, the prefetch's grounding).
"""
from __future__ import annotations

from pycombat.solver import Violation, asp_only, closed_forms  # noqa: F401  (asp_only: the tests' switch)
from .facts import AlsoActivated, Action, Adjacent, AtWar, Attack, AttackCard, BattleKind, Besieged, Captain, \
    CharLeadership, Controls, CountsAsNazgul, EventKind, EventNeed, EventNeedGroup, EventRelief, EventRequirementUnmet, EventSide, Garrison, GroupFact, \
    MouthInPlay, NotAttackingCard, ProtectedRegion, RegionOf, SarumanInPlay, Side, StrongholdAt, WhiteRider, \
    WhiteRiderChar

UNIT_KINDS = ("regular", "elite")
LEADER_KINDS = ("leader", "nazgul", "character")
ARMY_RESULTS = ("army", "army_muster", "will_of_the_west")
ROLES = ("attacker", "defender")

#: the relation each input predicate fills
_SETS = {AtWar: "at_war", Captain: "captain", CountsAsNazgul: "as_nazgul", WhiteRiderChar: "rider_char",
         Action: "action", BattleKind: "kind", Besieged: "besieged", StrongholdAt: "stronghold",
         NotAttackingCard: "not_attacking", EventRelief: "event_relief"}
_FLAGS = {AttackCard: "attack_card", SarumanInPlay: "saruman", MouthInPlay: "mouth", WhiteRider: "white_rider"}


#: what the check program answers: the violations, the shown numbers by (name, role), relief
Judged = tuple[list[Violation], dict[tuple[str, str], int], bool]


def verdict_facts(facts: list, consts: dict[str, str]) -> Judged | None:
    """The violations (distinct, unsorted), the shown numbers ``{(name, role): value}`` (strength,
    dice, leadership, reroll_max) and whether it is a relief battle (``relief``), as the check program
    derives them from ``facts`` with the constants ``consts``; None when this evaluation does not
    cover the facts (then the ASP answers)."""
    if not closed_forms():
        return None
    return evaluate(facts, consts)


def evaluate(facts: list, consts: dict[str, str]) -> Judged | None:
    """:func:`verdict_facts` whichever folder the rules are read from (for the tests that compare it
    with the ASP)."""
    sets: dict[str, set] = {v: set() for v in _SETS.values()}
    flags: set[str] = set()
    side: dict[str, set] = {"attacker": set(), "defender": set()}
    region: dict[str, set] = {"attacker": set(), "defender": set()}
    groups: list[tuple[str, int, str, str, int]] = []
    lead: dict[int, set] = {}
    adjacent: set[tuple[str, str]] = set()
    protected: list[tuple[str, str]] = []
    garrison: list[tuple[int, str]] = []
    also: list[tuple[int, str, str]] = []
    attack: list[tuple[int, int]] = []
    event_side: set[tuple[str, str]] = set()
    event_kind: set[tuple[str, str]] = set()
    event_need: set[tuple[str, int, str]] = set()
    event_need_group: set[tuple[str, int, int]] = set()
    event_unmet: set[tuple[str, str]] = set()
    controls: set[tuple[str, str]] = set()
    for f in facts:
        t = type(f)
        name = _SETS.get(t)
        if name is not None:
            sets[name].add(f[0])
            continue
        name = _FLAGS.get(t)
        if name is not None:
            flags.add(name)
        elif t is GroupFact:
            groups.append((f.role, f.group, f.kind, f.nation, f.count))
        elif t is Attack:
            attack.append((f.group, f.count))
        elif t is Side:
            if f.role not in side:
                return None
            side[f.role].add(f.side)
        elif t is RegionOf:
            if f.role not in region:
                return None
            region[f.role].add(f.region)
        elif t is Adjacent:
            adjacent.add((f.a, f.b))
        elif t is CharLeadership:
            lead.setdefault(f.group, set()).add(f.leadership)
        elif t is ProtectedRegion:
            protected.append((f.region, f.card))
        elif t is Garrison:
            garrison.append((f.units, f.side))
        elif t is AlsoActivated:
            also.append((f.i, f.does, f.die))
        elif t is Controls:
            controls.add((f.region, f.side))
        elif t is EventRequirementUnmet:
            event_unmet.add((f.card, f.text))
        elif t is EventSide:
            event_side.add((f.card, f.side))
        elif t is EventKind:
            event_kind.add((f.card, f.kind))
        elif t is EventNeed:
            event_need.add((f.card, f.i, f.what))
        elif t is EventNeedGroup:
            event_need_group.add((f.card, f.i, f.group))
        else:
            return None  # a predicate this evaluation does not read
    if not sets["besieged"] <= set(ROLES):
        return None
    v: set[Violation] = set()
    out = v.add
    at_war, action, kind, besieged = sets["at_war"], sets["action"], sets["kind"], sets["besieged"]
    saruman = "saruman" in flags

    # ---- strength.lp ---------------------------------------------------------------------------------
    group_of: dict[tuple[str, int], list[tuple[str, str, int]]] = {}
    for role, g, k, n, c in groups:
        group_of.setdefault((role, g), []).append((k, n, c))
    fight = {("attacker", g, c) for g, c in attack} | {("defender", g, c) for role, g, _, _, c in groups
                                                      if role == "defender"}  # WOTR-SPLIT-1/4, WOTR-SPLIT-6
    rider = "white_rider" in flags and any(c == 1 and g in sets["rider_char"] for _, g, c in fight)  # WOTR-STR-11
    forfeits = sets["rider_char"] if rider else set()
    numbers: dict[tuple[str, str], int] = {}
    leads: set[str] = set()
    for role in ROLES:
        mine = [(g, c) for r, g, c in fight if r == role]
        units = sum(c for c, g in {(c, g) for g, c in mine for k, _, _ in group_of.get((role, g), ())
                                   if k in UNIT_KINDS})  # WOTR-STR-2
        captains = len({g for g, c in mine if c == 1 and g in sets["captain"]})  # WOTR-STR-8
        strength = 0 if units == 0 else (units + captains if units > 0 else None)  # WOTR-STR-2, WOTR-STR-8
        parts: set[tuple[int, int]] = set()  # lead_part(R, G, L) as (L, G)
        for g, c in mine:
            kinds = group_of.get((role, g), ())
            for k, n, _ in kinds:
                if k == "leader":  # WOTR-STR-4
                    parts.add((c, g))
                elif k == "nazgul" and not rider:  # WOTR-STR-4, WOTR-STR-11
                    parts.add((c, g))
                elif k == "elite" and n == "isengard" and saruman:  # WOTR-STR-9
                    parts.add((c, g))
                if c > 0 and (k in LEADER_KINDS or (saruman and k == "elite" and n == "isengard")):
                    leads.add(role)  # WOTR-ATK-5, WOTR-STR-9
            if c == 1:
                for lv in lead.get(g, ()):
                    if g in sets["as_nazgul"]:
                        if not rider:  # WOTR-STR-10, WOTR-STR-11
                            parts.add((lv, g))
                    elif g not in forfeits:  # WOTR-STR-4, WOTR-STR-11
                        parts.add((lv, g))
        leadership = sum(lv for lv, _ in parts)  # WOTR-STR-4
        numbers["leadership", role] = leadership
        if strength is not None:
            numbers["strength", role] = strength
            dice = strength if strength <= 5 else 5  # WOTR-STR-3, WOTR-STR-6
            numbers["dice", role] = dice
            numbers["reroll_max", role] = min(leadership, dice, 5)  # WOTR-STR-5, WOTR-STR-6

    # ---- attack.lp ----------------------------------------------------------------------------------
    army_units = {role: sum(c for c, g in {(c, g) for r, g, k, _, c in groups if r == role and k in UNIT_KINDS})
                  for role in ROLES}
    same_region = bool(region["attacker"] & region["defender"])
    for s in side["attacker"] & side["defender"]:
        out(Violation("WOTR-ATK-1", ("not_an_enemy", s)))
    if "event" in action and "attack_card" not in flags:
        out(Violation("WOTR-ATK-1", "event_without_attack_card"))
    if "event" in action:
        for card in sets["not_attacking"]:
            out(Violation("WOTR-EVT-9", ("not_an_attacking_card", card)))
    if "shadow" in side["attacker"]:
        for reg, card in protected:
            if reg in region["defender"]:
                out(Violation("WOTR-EVT-10", ("protected_by_card", reg, card)))
    muster_as_army = "muster" in action and "mouth" in flags and "shadow" in side["attacker"]
    if "muster" in action and not muster_as_army:
        out(Violation("WOTR-ATK-6", ("cannot_attack_with", "muster")))
    if "eye" in action:
        out(Violation("WOTR-ATK-6", ("cannot_attack_with", "eye")))
    if "will_of_the_west" in action and "shadow" in side["attacker"]:  # WOTR-DICE-1
        out(Violation("WOTR-DICE-1", ("no_such_face", "shadow", "will_of_the_west")))
    if not any(r == "attacker" and k in UNIT_KINDS and c > 0 and n in at_war for r, _, k, n, c in groups):
        out(Violation("WOTR-ATK-2", "no_unit_of_a_nation_at_war"))
    if army_units["defender"] == 0:
        out(Violation("WOTR-CAS-8", "defender_has_no_army_unit"))
    if "field" in kind:
        for a in region["attacker"]:
            for d in region["defender"]:
                if a != d and (a, d) not in adjacent:
                    out(Violation("WOTR-ATK-3", ("not_adjacent", a, d)))
        if same_region:
            out(Violation("WOTR-ATK-3", "same_region_needs_siege_or_sortie"))
    if not same_region:
        for k in kind:
            if k != "field":
                out(Violation("WOTR-ATK-3", ("not_in_the_same_region", k)))
    if "defender" in besieged and "siege" not in kind:
        out(Violation("WOTR-SIEGE-1", "besieged_army_attacked_in_a_field_battle"))
    if "siege" in kind and "defender" not in besieged:
        out(Violation("WOTR-SIEGE-1", "defender_not_besieged"))
    if "sortie" in kind and "attacker" not in besieged:
        out(Violation("WOTR-SIEGE-6", "attacker_not_besieged"))
    if "attacker" in besieged and "sortie" not in kind:
        out(Violation("WOTR-SIEGE-6", "besieged_army_attacks_only_by_sortie"))
    relief = (any(s in side["attacker"] for _, s in garrison) and "field" in kind
              and bool(region["defender"] & sets["stronghold"]) and not same_region)  # WOTR-SIEGE-7
    if garrison and not relief:
        out(Violation("WOTR-SIEGE-7", "not_a_relief"))
    if "event" in action:  # WOTR-EVT-8: the starting Event card's requirement
        for card, text in event_unmet:
            out(Violation("WOTR-EVT-8", ("requirement_not_met", card, text)))
    if "event" in action:  # WOTR-EVT-9: the Army the starting Event card lets attack
        for card, s in event_side:
            if s not in side["attacker"]:
                out(Violation("WOTR-EVT-9", ("card_attacks_only_with", card, s)))
        for card, k in event_kind:
            if k not in kind:
                out(Violation("WOTR-EVT-9", ("card_attacks_only_in", card, k)))
        relieved = relief or ("field" in kind and not same_region and any(
            (d, s) in controls for d in region["defender"] & sets["stronghold"] for s in side["attacker"]))
        for card in sets["event_relief"]:
            if not relieved:
                out(Violation("WOTR-EVT-9", ("card_attacks_only_to_relieve_a_siege", card)))
        met = {(card, i) for card, i, g in event_need_group for ga, c in attack if ga == g and c > 0}
        for card, i, what in event_need:
            if (card, i) not in met:
                out(Violation("WOTR-EVT-9", ("attacking_army_lacks", card, what)))
    for n, _ in garrison:
        if n > 5:
            out(Violation("WOTR-SITE-5", ("over_five_besieged", "garrison", n)))
    if army_units["attacker"] > 10:
        out(Violation("WOTR-STACK-2", ("over_stacked", "attacker", army_units["attacker"])))
    if army_units["defender"] > 10 and "defender" not in besieged:
        out(Violation("WOTR-STACK-1", ("over_stacked", "defender", army_units["defender"])))
    for role in besieged:
        if army_units[role] > 5:
            out(Violation("WOTR-SITE-5", ("over_five_besieged", role, army_units[role])))
    army_result = bool(action & set(ARMY_RESULTS)) or muster_as_army  # WOTR-DICE-2, WOTR-ATK-6
    for i, does, die in also:
        if die != "same":
            continue
        if does == "attack" and army_result:
            out(Violation("WOTR-ATK-4", ("second_army_attacks_with_the_same_result", i)))
        if does == "move" and army_result:
            out(Violation("WOTR-DICE-2", ("attack_and_move_with_one_army_result", i)))
        if "character" in action:
            out(Violation("WOTR-DICE-3", ("second_army_with_one_character_result", i)))

    # ---- split_legal.lp -----------------------------------------------------------------------------
    attacker_groups = [(g, k, n, c) for r, g, k, n, c in groups if r == "attacker"]
    rearguard = {(g, c - a) for g, _, _, c in attacker_groups for ga, a in attack if ga == g}
    split = any(c > 0 for _, c in rearguard)
    kinds_of: dict[int, set] = {}
    for g, k, _, _ in attacker_groups:
        kinds_of.setdefault(g, set()).add(k)
    attacking_units = sum(c for c, g in {(c, g) for g, c in attack if kinds_of.get(g, set()) & set(UNIT_KINDS)})
    rearguard_units = sum(c for c, g in {(c, g) for g, c in rearguard if kinds_of.get(g, set()) & set(UNIT_KINDS)})
    leads_whole = any(c > 0 and (k in LEADER_KINDS or (saruman and k == "elite" and n == "isengard"))
                      for _, k, n, c in attacker_groups)
    for g, a in attack:
        mine = [x for x in attacker_groups if x[0] == g]
        for _, _, _, c in mine:
            if a > c:
                out(Violation("WOTR-SPLIT-1", ("not_in_the_army", g, a, c)))
        if not mine:
            out(Violation("WOTR-SPLIT-1", ("not_in_the_army", g, a, 0)))
        if a > 0:
            for _, k, n, _ in mine:
                if k in UNIT_KINDS and n not in at_war:
                    out(Violation("WOTR-SPLIT-5", ("attacks_while_not_at_war", n, k)))
                if k == "leader" and n not in at_war and consts.get("non_at_war_leaders", "rearguard") == "rearguard":
                    out(Violation("WOTR-SPLIT-5", ("attacks_while_not_at_war", n, "leader")))
    if attacking_units == 0:
        out(Violation("WOTR-ATK-8", "no_attacking_unit"))
    if split and rearguard_units == 0:
        out(Violation("WOTR-SPLIT-2", "rearguard_without_units"))
    if "character" in action and "attacker" not in leads:
        if not leads_whole:
            out(Violation("WOTR-ATK-5", "no_leader_or_character"))
        elif split:
            out(Violation("WOTR-SPLIT-3", "no_leader_or_character_in_the_attacking_part"))
    return list(v), numbers, relief

