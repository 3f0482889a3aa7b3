"""The fact boundary: WotR scenarios <-> the ASP predicates of ``asp_rules/wotr``.

Input predicates are documented in ``asp_rules/wotr/input.lp``; the shown ones in ``show.lp``.
Both directions go through these clorm classes (and the group table), never through strings.
"""
from __future__ import annotations

from dataclasses import dataclass

from clorm import ConstantField, IntegerField, Predicate, StringField

from pycombat.solver import memo
from ..board import load_board, load_nations
from ..characters import load_characters
from ..model import Contingent, Force, Scenario


def _pred(name: str, **fields):
    meta = type("Meta", (), {"name": name})
    return type(f"P_{name}", (Predicate,), {**fields, "Meta": meta})


Side = _pred("side", role=ConstantField, side=ConstantField)
GroupFact = _pred("group", role=ConstantField, group=IntegerField, kind=ConstantField, nation=ConstantField,
                  count=IntegerField)
CharLeadership = _pred("char_leadership", group=IntegerField, leadership=IntegerField)
Captain = _pred("captain_of_the_west", group=IntegerField)
CountsAsNazgul = _pred("counts_as_nazgul", group=IntegerField)
WhiteRiderChar = _pred("white_rider_char", group=IntegerField)
AtWar = _pred("at_war", nation=ConstantField)
Action = _pred("action", action=ConstantField)
AttackCard = _pred("attack_card")
BattleKind = _pred("battle_kind", kind=ConstantField)
RegionOf = _pred("region_of", role=ConstantField, region=StringField)
Adjacent = _pred("adjacent", a=StringField, b=StringField)
ProtectedRegion = _pred("protected_region", region=StringField, card=StringField)
NotAttackingCard = _pred("not_attacking_card", card=StringField)
#: WOTR-EVT-9: the Army the Event card that starts the attack lets attack (data/event_attackers.yaml)
EventSide = _pred("event_side", card=StringField, side=ConstantField)
EventKind = _pred("event_kind", card=StringField, kind=ConstantField)
EventRelief = _pred("event_relief", card=StringField)
EventNeed = _pred("event_need", card=StringField, i=IntegerField, what=StringField)
EventNeedGroup = _pred("event_need_group", card=StringField, i=IntegerField, group=IntegerField)
EventRequirementUnmet = _pred("event_requirement_unmet", card=StringField, text=StringField)
Besieged = _pred("besieged", role=ConstantField)
Garrison = _pred("garrison", units=IntegerField, side=ConstantField)
StrongholdAt = _pred("stronghold", region=StringField)
Controls = _pred("controls", region=StringField, side=ConstantField)
SarumanInPlay = _pred("saruman_in_play")
MouthInPlay = _pred("mouth_in_play")
WhiteRider = _pred("white_rider")
AlsoActivated = _pred("also_activated", i=IntegerField, does=ConstantField, die=ConstantField)
#: candidate (check mode) and answer (generate mode): the attacking part holds C figures of group G
Attack = _pred("attack", group=IntegerField, count=IntegerField)
#: answers (show.lp)
Strength = _pred("strength", role=ConstantField, value=IntegerField)
Dice = _pred("dice", role=ConstantField, value=IntegerField)
Leadership = _pred("leadership", role=ConstantField, value=IntegerField)
RerollMax = _pred("reroll_max", role=ConstantField, value=IntegerField)
Relief = _pred("relief")
SHOWN = (Attack, Strength, Dice, Leadership, RerollMax, Relief)

KIND_LABEL = {"regular": "Regular", "elite": "Elite", "leader": "Leader"}

#: facts made before, by (class, field values): clorm facts are immutable values, and the same ones
#: recur from scenario to scenario (sides, groups, regions and their adjacencies); emptied with the
#: solver's caches
_MADE: dict[tuple, Predicate] = memo(limit=100_000)


def _fact(cls, *args) -> Predicate:
    """``cls(*args)``, the one made before when there is one (see :data:`_MADE`)."""
    key = (cls, *args)
    got = _MADE.get(key)
    if got is None:
        if len(_MADE) >= 100_000:
            _MADE.clear()
        got = _MADE[key] = cls(*args)
    return got


@dataclass(frozen=True)
class Group:
    """All figures of one kind of one Nation in one Army, or one Character."""

    id: int
    role: str
    kind: str  #: regular | elite | leader | nazgul | character
    nation: str | None
    count: int
    character: str | None = None

    def label(self, plural: bool = False) -> str:
        if self.kind == "character":
            return load_characters().characters[self.character].name
        if self.kind == "nazgul":
            return "Nazgûl"

        name = load_nations().nations[self.nation].name
        word = KIND_LABEL[self.kind] + ("s" if plural else "")
        return f"{name} {word}"


def groups_of(s: Scenario) -> list[Group]:
    """The figure groups of both Armies (attacker first), numbered from 1."""
    out: list[Group] = []
    for role in ("attacker", "defender"):
        for kind, who, n in s.army(role).force.iter_groups():
            gid = len(out) + 1
            if kind == "character":
                out.append(Group(gid, role, kind, None, 1, who))
            else:
                out.append(Group(gid, role, kind, who, n))
    return out


def scenario_facts(s: Scenario, groups: list[Group] | None = None) -> list[Predicate]:
    """Every input fact of the scenario except the candidate split."""
    groups = groups if groups is not None else groups_of(s)
    chars = load_characters().characters
    board = load_board()
    facts: list[Predicate] = [_fact(Side, "attacker", s.attacker.side), _fact(Side, "defender", s.defender.side)]
    for g in groups:
        facts.append(_fact(GroupFact, g.role, g.id, g.kind, g.nation or "none", g.count))
        if g.kind == "character":
            c = chars[g.character]
            facts.append(_fact(CharLeadership, g.id, c.leadership))
            if c.captain_of_the_west:
                facts.append(_fact(Captain, g.id))
            if c.counts_as_nazgul:
                facts.append(_fact(CountsAsNazgul, g.id))
            if c.white_rider:
                facts.append(_fact(WhiteRiderChar, g.id))
    for nation, pol in s.politics.items():
        if pol.at_war:
            facts.append(_fact(AtWar, nation))
    facts.append(_fact(Action, s.action))
    if s.card:  # WOTR-ATK-1, WOTR-EVT-9: a shipped Event card starts an attack only if its data says so
        from ..cards.event_battle import event_card, starts_attack

        rec = event_card(s.card)
        if rec is None or starts_attack(rec):
            facts.append(_fact(AttackCard))
            if rec is not None and s.action == "event":
                from ..cards.event_battle import battle_requirement_unmet

                facts += _event_attacker_facts(rec, groups)
                facts += [_fact(EventRequirementUnmet, rec["title"], t) for t in battle_requirement_unmet(rec, s)]
        else:
            facts.append(_fact(NotAttackingCard, rec["title"]))
    facts.append(_fact(BattleKind, s.kind))
    from ..cards.event_battle import table_protected

    for region, card in table_protected(s.table):  # WOTR-EVT-10
        facts.append(_fact(ProtectedRegion, region, card))
    for role in ("attacker", "defender"):
        army = s.army(role)
        facts.append(_fact(RegionOf, role, army.region.id))
        if army.besieged:
            facts.append(_fact(Besieged, role))
    if s.defender.region.settlement == "stronghold":
        facts.append(_fact(StrongholdAt, s.defender.region.id))
    if s.action == "event" and s.defender.region.settlement and s.controller(s.defender.region):
        facts.append(_fact(Controls, s.defender.region.id, s.controller(s.defender.region)))  # WOTR-EVT-9
    if s.garrison is not None:  # WOTR-SIEGE-7: the besieged Army beside a relief battle
        facts.append(_fact(Garrison, s.garrison.units, s.attacker.side))
    for a in (s.attacker.region, s.defender.region):
        for b in board.neighbours(a):
            facts.append(_fact(Adjacent, a.id, b.id))
    in_play = s.characters_in_play()
    if "saruman" in in_play:
        facts.append(_fact(SarumanInPlay))
    if "mouth-of-sauron" in in_play:
        facts.append(_fact(MouthInPlay))
    if s.white_rider:
        facts.append(_fact(WhiteRider))
    for i, act in enumerate(s.also_activates):  # WOTR-ATK-4: other Armies the action would activate
        facts.append(_fact(AlsoActivated, i + 1, act.does, act.die))
    return facts


def _event_attacker_facts(rec, groups: list[Group]) -> list[Predicate]:
    """WOTR-EVT-9, WOTR-ATK-1: the Army the card lets attack, as data says (``event_attackers.yaml``): its
    side, the battle, a relief, and for each figure it must hold the attacker's groups that are one."""
    from ..cards.event_battle import attacker_conditions, figure_matches, figure_words

    title = rec["title"]
    out: list[Predicate] = []
    i = 0
    for _who, cond in attacker_conditions(rec):
        if "side" in cond:
            out.append(_fact(EventSide, title, cond["side"]))
        if "kind" in cond:
            out.append(_fact(EventKind, title, cond["kind"]))
        if cond.get("relief"):
            out.append(_fact(EventRelief, title))
        for f in cond.get("with", ()):
            i += 1
            out.append(_fact(EventNeed, title, i, figure_words(f)))
            for g in groups:
                if g.role == "attacker" and figure_matches(f, g.kind, g.nation, g.character):
                    out.append(_fact(EventNeedGroup, title, i, g.id))
    return out


def split_facts(force: Force, groups: list[Group]) -> list[Predicate]:
    """The candidate ``attack(G, C)`` facts of an attacking part."""
    out = []
    for g in groups:
        if g.role != "attacker":
            continue
        out.append(_fact(Attack, g.id, count_in(force, g)))
    return out


def count_in(force: Force, g: Group) -> int:
    if g.kind == "character":
        return int(g.character in force.characters)
    if g.kind == "nazgul":
        return force.nazgul
    c = force.contingent(g.nation)
    return {"regular": c.regulars, "elite": c.elites, "leader": c.leaders}[g.kind]


def force_from(counts: dict[int, int], groups: list[Group], like: Force) -> Force:
    """The Force with ``counts[group id]`` figures of each attacker group (Nation order of ``like``)."""
    by_nation: dict[str, dict[str, int]] = {c.nation: {"regular": 0, "elite": 0, "leader": 0}
                                            for c in like.contingents}
    nazgul = 0
    chars = []
    for g in groups:
        if g.role != "attacker":
            continue
        n = counts.get(g.id, 0)
        if g.kind == "character":
            if n:
                chars.append(g.character)
        elif g.kind == "nazgul":
            nazgul = n
        else:
            by_nation[g.nation][g.kind] = n
    contingents = tuple(Contingent(nat, v["regular"], v["elite"], v["leader"]) for nat, v in by_nation.items())
    return Force(contingents, nazgul, tuple(ch for ch in like.characters if ch in chars))


def consts(s: Scenario) -> dict[str, str]:
    """The flags as ``#const`` overrides (every flag of flags.lp)."""
    return {k: str(v) for k, v in s.flags.items()}
