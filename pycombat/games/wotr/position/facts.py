"""The fact boundary of the movement encodings: a position scenario <-> the ASP predicates of
``asp_rules/wotr/move_input.lp`` (documented there) and the shown ``moved/4`` (``move_show.lp``).
Both directions go through these clorm classes and the group table, never through strings.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from clorm import ConstantField, IntegerField, Predicate, RawField, StringField

from ..board import load_board, load_nations
from ..characters import load_characters
from .scenario import PositionScenario, iter_groups


def _pred(name: str, **fields):
    meta = type("Meta", (), {"name": name})
    return type(f"M_{name}", (Predicate,), {**fields, "Meta": meta})


RegionF = _pred("region", r=StringField)
Adj = _pred("adj", a=StringField, b=StringField)
InNation = _pred("in_nation", r=StringField, n=ConstantField)
StrongholdF = _pred("stronghold", r=StringField)
SettlementF = _pred("settlement", r=StringField)
Controls = _pred("controls", r=StringField, side=ConstantField)
AtWar = _pred("at_war", n=ConstantField)
Passive = _pred("passive", n=ConstantField)
Fig = _pred("fig", g=IntegerField, r=StringField, side=ConstantField, kind=ConstantField, nation=ConstantField,
            count=IntegerField)
Level = _pred("level", g=IntegerField, level=IntegerField)
Flies = _pred("flies", g=IntegerField)
Companion = _pred("companion", g=IntegerField)
Minion = _pred("minion", g=IntegerField)
NeverMoves = _pred("never_moves", g=IntegerField)
Shadowfax = _pred("shadowfax", g=IntegerField)
Hobbit = _pred("hobbit", g=IntegerField)
Besieged = _pred("besieged", r=StringField, side=ConstantField)
SarumanInPlay = _pred("saruman_in_play")
MouthInPlay = _pred("mouth_in_play")
MouthMusterUsed = _pred("mouth_muster_used")
Mover = _pred("mover", side=ConstantField)
Die = _pred("die", die=ConstantField)
As = _pred("as", result=ConstantField)
CardMove = _pred("card_move", n=IntegerField)
#: the shipped card of ``action.card`` may not be played (the rule and why, :func:`..cards.events.may_play`)
CardNotPlayable = _pred("card_not_playable", rule=StringField, why=StringField)
#: the card's moving part must hold one of these groups (its "Army containing ..."), from event_halves.yaml
CardNeedsWith = _pred("card_needs_with", what=ConstantField)
CardWithGroup = _pred("card_with_group", g=IntegerField)
#: the card's movement ends where another Army of the mover's side stands, not under siege
CardNeedsEndArmy = _pred("card_needs_end_army")
CardEndRegion = _pred("card_end_region", r=StringField)
#: a candidate movement (check mode): step I from F to T, carrying C figures of group G
Step = _pred("step", i=IntegerField, f=StringField, t=StringField)
Carry = _pred("carry", i=IntegerField, g=IntegerField, c=IntegerField)
CheckMode = _pred("check_mode")
#: the answer (generate mode)
Moved = _pred("moved", g=IntegerField, f=StringField, t=StringField, c=IntegerField)
#: check mode's explanation of a legal movement
Engaged = _pred("engaged", rule=StringField, detail=RawField)


@dataclass(frozen=True)
class MGroup:
    """All figures of one kind of one Nation of one side in one region, or one Character."""

    id: int
    region: str
    side: str
    kind: str  #: regular | elite | leader | nazgul | character
    nation: str | None
    count: int
    character: str | None = None

    def label(self, n: int | None = None) -> str:
        n = self.count if n is None else n
        if self.kind == "character":
            return load_characters().characters[self.character].name
        if self.kind == "nazgul":
            return f"{n} Nazgûl"
        word = {"regular": "Regular", "elite": "Elite", "leader": "Leader"}[self.kind]
        return f"{n} {load_nations().nations[self.nation].name} {word}{'s' if n != 1 else ''}"

    @property
    def is_unit(self) -> bool:
        return self.kind in ("regular", "elite")


def groups_of(s: PositionScenario) -> list[MGroup]:
    out: list[MGroup] = []
    for stack, kind, who, n in iter_groups(s.position):
        gid = len(out) + 1
        if kind == "character":
            out.append(MGroup(gid, stack.region, stack.side, kind, None, 1, who))
        else:
            out.append(MGroup(gid, stack.region, stack.side, kind, who if kind != "nazgul" else None, n))
    return out


def board_facts() -> list[Predicate]:
    """The map's facts (regions, adjacency, Nations, Settlements, Strongholds): the same objects every call
    (made once; the solver prints each once), in a new list."""
    return list(_board_facts())


@lru_cache(maxsize=1)
def _board_facts() -> tuple[Predicate, ...]:
    board = load_board()
    out: list[Predicate] = []
    for r in board.regions.values():
        out.append(RegionF(r=r.id))
        out.extend(Adj(a=r.id, b=o) for o in r.adjacent)
        if r.nation:
            out.append(InNation(r=r.id, n=r.nation))
        if r.settlement in ("town", "city", "stronghold"):
            out.append(SettlementF(r=r.id))
        if r.settlement == "stronghold":
            out.append(StrongholdF(r=r.id))
    return tuple(out)


def position_facts(s: PositionScenario, groups: list[MGroup] | None = None, *,
                   as_result: str | None = None) -> list[Predicate]:
    """Every input fact of the position and its action (no candidate)."""
    groups = groups if groups is not None else groups_of(s)
    chars = load_characters().characters
    pos = s.position
    facts = board_facts()
    for rid, side in pos.control.items():
        if side:
            facts.append(Controls(r=rid, side=side))
    for nation, pol in pos.politics.items():
        if pol.at_war:
            facts.append(AtWar(n=nation))
        if not pol.active:  # WOTR-POL-1: a passive Free Peoples Nation (a Shadow Nation is always active)
            facts.append(Passive(n=nation))
    for g in groups:
        facts.append(Fig(g=g.id, r=g.region, side=g.side, kind=g.kind, nation=g.nation or "none", count=g.count))
        if g.kind == "character":
            c = chars[g.character]
            if c.level is not None:
                facts.append(Level(g=g.id, level=c.level))
            if c.counts_as_nazgul:
                facts.append(Flies(g=g.id))
            facts.append(Companion(g=g.id) if c.kind == "companion" else Minion(g=g.id))
            if c.never_moves:  # WOTR-CHMOVE-8
                facts.append(NeverMoves(g=g.id))
            if c.shadowfax:
                facts.append(Shadowfax(g=g.id))
            if c.hobbit:
                facts.append(Hobbit(g=g.id))
    for st in pos.stacks:
        if st.besieged:
            facts.append(Besieged(r=st.region, side=st.side))
    in_play = pos.characters_in_play()
    if "saruman" in in_play:
        facts.append(SarumanInPlay())
    if "mouth-of-sauron" in in_play:
        facts.append(MouthInPlay())
    if s.action.mouth_muster_used:
        facts.append(MouthMusterUsed())
    facts.append(Mover(side=s.action.side))
    facts.append(Die(die=s.action.die))
    if as_result:
        facts.append(As(result=as_result))
    if s.action.card is not None:
        facts.append(CardMove(n=s.action.card.moves))
        facts += card_facts(s, groups)
    return facts


def card_facts(s: PositionScenario, groups: list[MGroup]) -> list[Predicate]:
    """A shipped ``action.card``: whether it may be played at all (the one decision, WOTR-EVT-8) and the
    movement limits its Event prints (``data/event_halves.yaml``, WOTR-MOVE-10)."""
    from ..claims.words import detail_words
    from ..cards.events import action_card_play

    card, out = s.action.card, []
    play = action_card_play(s)
    if play is not None and not play.holds:
        out += [CardNotPlayable(rule=v.rule, why=detail_words(v.detail)) for v in play.verdict.violations]
    chars = load_characters().characters
    if card.with_figure:
        out.append(CardNeedsWith(what=card.with_figure.replace("-", "_")))
        for g in groups:
            c = chars.get(g.character) if g.kind == "character" else None
            holds = {"companion": c is not None and c.kind == "companion",
                     "nazgul": g.kind == "nazgul" or (c is not None and c.counts_as_nazgul),  # WOTR-STR-10
                     "witch-king": g.character == "witch-king"}[card.with_figure]
            if g.side == s.action.side and holds:
                out.append(CardWithGroup(g=g.id))
    if card.ends_with_other_army:
        out.append(CardNeedsEndArmy())
        out += [CardEndRegion(r=st.region) for st in s.position.stacks
                if st.side == s.action.side and st.units > 0 and not st.besieged]
    return out


def candidate_facts(steps) -> list[Predicate]:
    """``steps``: ``[(from, to, {group id: count})]`` in the order the player makes them."""
    out: list[Predicate] = [CheckMode()]
    for i, (f, t, carried) in enumerate(steps, start=1):
        out.append(Step(i=i, f=f, t=t))
        out.extend(Carry(i=i, g=g, c=c) for g, c in carried.items())
    return out


def consts(s: PositionScenario) -> dict[str, str]:
    return {k: str(v) for k, v in s.flags.items()}
