"""Action dice and Event cards (WOTR-DICE, WOTR-EVT, WOTR-CARD-1, WOTR-ATK-9, WOTR-POL-3/4), decided
by ``asp_rules/wotr/cards.lp`` in check mode.

A card in ``hand:`` is a shipped Event card named by its title (its deck, icon, persistence and
printed play requirement from ``cards.json``; the requirement checked in the position by
:mod:`.requirements`, WOTR-EVT-8), or what the scenario says it is: its deck (Character or
Strategy), its action icon (Character, Army or Muster), whether it is an "Attack..." card,
Persistent, or brings figures into play. :func:`judge` asks the encoding one question (a
``q_*`` fact) and returns the rules that forbid it (``violation/2``) or allow it (``engaged/2``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from clorm import ConstantField, IntegerField, Predicate, RawField, StringField

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.names import closest, normalize, with_article
from pycombat.solver import Decoder, Solver, Violation, check, predicate, rule_files, to_python
from ..board import load_board, load_nations
from ..position.scenario import Card, PositionScenario

RULES = "pycombat.asp_rules.wotr"
FILES = ("flags.lp", "cards.lp")


_pred = predicate


Mover = _pred("mover", side=ConstantField)
Die = _pred("die", die=ConstantField)
CardF = _pred("card", c=StringField, deck=ConstantField, icon=ConstantField)
InHand = _pred("in_hand", c=StringField)
Played = _pred("played", c=StringField)
AttackCard = _pred("attack_card", c=StringField)
Persistent = _pred("persistent_card", c=StringField)
MusterCard = _pred("muster_card", c=StringField)
DeckLeft = _pred("deck_left", deck=ConstantField, n=IntegerField)
Rings = _pred("rings", n=IntegerField)
RingUsed = _pred("ring_used")
AtWar = _pred("at_war", n=ConstantField)
SettlementF = _pred("settlement", r=StringField)
MusterAsArmy = _pred("muster_as_army")
BattleCard = _pred("battle_card", c=StringField)
Besieged = _pred("besieged", r=StringField, side=ConstantField)
SettlementOf = _pred("settlement_of", r=StringField, n=ConstantField)
StrongholdOf = _pred("stronghold_of", r=StringField, n=ConstantField)
Controls = _pred("controls", r=StringField, side=ConstantField)
Reinf = _pred("reinforcements", n=ConstantField, kind=ConstantField, a=IntegerField)
UnitsAt = _pred("units_at", r=StringField, side=ConstantField, u=IntegerField)
NationSide = _pred("nation_side", n=ConstantField, side=ConstantField)
QPlay = _pred("q_play", c=StringField)
QCombat = _pred("q_combat", c=StringField)
QAttack = _pred("q_attack", c=StringField)
QDiscarded = _pred("q_discarded", c=StringField)
QHand = _pred("q_hand")
QDraw = _pred("q_draw", deck=ConstantField)
QRing = _pred("q_ring", r=ConstantField)
QFace = _pred("q_face", side=ConstantField, die=ConstantField)
QPlace = _pred("q_place", how=ConstantField, c=StringField, n=ConstantField, kind=ConstantField, count=IntegerField,
               r=StringField)
Engaged = _pred("engaged", rule=StringField, detail=RawField)
ReqFails = _pred("requirement_fails", c=StringField, why=StringField)
ReqMet = _pred("requirement_met", c=StringField, why=StringField)


@dataclass
class CardVerdict:
    holds: bool
    violations: list[Violation] = field(default_factory=list)
    engaged: list[tuple[str, Any]] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        src = [v.rule for v in self.violations] if not self.holds else [r for r, _ in self.engaged]
        return list(dict.fromkeys(src))


def _card_id(name: str) -> str:
    return normalize(name)


def base_facts(s: PositionScenario, die: str | None = None) -> list[Predicate]:
    a = s.action
    out: list[Predicate] = [Mover(side=a.side), Die(die=die or a.die), Rings(n=a.elven_rings)]
    if a.elven_ring_used:
        out.append(RingUsed())
    acting = replace(a, die=die or a.die)
    if acting.die == "muster" and "army" in acting.results("mouth-of-sauron" in s.position.characters_in_play()):
        out.append(MusterAsArmy())  # CH the Mouth of Sauron: this Muster result may be used as an Army result
    for c in s.hand:
        cid = _card_id(c.name)
        out.append(CardF(c=cid, deck=c.deck, icon=c.icon or "unknown"))
        out.append(InHand(c=cid))
        if c.attack:
            out.append(AttackCard(c=cid))
        if c.battle:
            out.append(BattleCard(c=cid))
        if c.persistent:
            out.append(Persistent(c=cid))
        if c.musters:
            out.append(MusterCard(c=cid))
        if c.requirement:  # WOTR-EVT-8: a shipped card's printed requirement, checked in the position
            held, why = requirement_check(s, c)
            if held is True:
                out.append(ReqMet(c=cid, why=why))
            elif held is False:
                out.append(ReqFails(c=cid, why=why))
    for name in s.played:
        out.append(Played(c=_card_id(name)))
    for deck, n in s.decks.items():
        if n is not None:
            out.append(DeckLeft(deck=deck, n=n))
    return out


@dataclass
class PlayVerdict:
    """Whether the acting player may play an Event card as an action (:func:`may_play`)."""

    verdict: CardVerdict
    #: ``[{card, what, why}]``: what the position cannot state and could change this verdict (its printed
    #: requirement, when nothing else forbids the play); the play is then not decided
    open: list[dict[str, str]] = field(default_factory=list)
    #: what the position cannot state but cannot change this verdict (the play fails on a definite ground)
    set_aside: list[str] = field(default_factory=list)

    @property
    def holds(self) -> bool:
        return self.verdict.holds


def may_play(s: PositionScenario, name: str, *, die: str | None = None,
             flags: dict[str, str] | None = None) -> PlayVerdict:
    """Whether the acting player may play the Event card ``name`` of the hand as an action, with the file's
    die result or ``die``: the one decision every verb uses (``verify``'s "X may be played", the movement
    an Event card gives, ``action.card``). Decided by cards.lp: the die result and the card's icon
    (WOTR-DICE-2..8), a card already played (WOTR-EVT-3), its printed requirement (WOTR-EVT-8). A
    requirement the position cannot state leaves the play open only when nothing definite forbids it:
    a play refused on a definite ground (an Army result for a Character card) is decided, the unknown
    requirement set aside."""
    s2 = s if not die or die == s.action.die else replace(s, action=replace(s.action, die=die))
    v = judge(s2, [QPlay(c=card_key(name))], flags=flags)
    card = s.card(name)
    out = PlayVerdict(v)
    if card is not None and card.shipped and card.requirement:
        held, why = requirement_check(s, card)
        if held is None:
            if v.holds:
                out.open.append({"card": card.name, "what": f"its requirement: {card.requirement}", "why": why})
            else:
                out.set_aside.append(f"set aside: {card.name}'s requirement ({card.requirement}: {why}) cannot "
                                     "change this verdict: the play fails on the grounds above")
    return out


#: :func:`action_card_play`'s answers, by scenario parts (the movement verbs ask once per solve)
_ACTION_PLAYS: dict[tuple, tuple[Any, PlayVerdict]] = {}


def action_card_play(s: PositionScenario) -> PlayVerdict | None:
    """Whether the Event card that moves an Army (``action.card``) may be played (:func:`may_play`, the same
    decision as ``verify``'s "X may be played"): a shipped card as printed, a card the file describes with
    its ``type:`` as its icon (a Character card from the Character deck, the others Strategy cards); None: no
    card. A file without ``hand:`` holds the card (it is checked as if in hand)."""
    card = s.action.card
    if card is None:
        return None
    key = (id(s.position), s.action, tuple(c.name for c in s.hand), s.played, tuple(sorted(s.flags.items())))
    got = _ACTION_PLAYS.get(key)
    if got is not None and got[0] is s.position:
        return got[1]
    held_card = card.printed or Card(card.name, "character" if card.type == "character" else "strategy", card.type,
                                     side=s.action.side, path="action.card")
    held = s if s.card(card.name) is not None else replace(s, hand=s.hand + (held_card,))
    play = may_play(held, card.name)
    if len(_ACTION_PLAYS) > 256:
        _ACTION_PLAYS.clear()
    _ACTION_PLAYS[key] = (s.position, play)
    return play


def playing_results(side: str, deck: str, icon: str) -> list[tuple[str, bool]]:
    """The die results of ``side`` that play a card of ``deck`` with ``icon`` as an action, as cards.lp decides
    them (the same rules as :func:`may_play`, WOTR-DICE-2..8), requirement and hand aside: ``(die, mouth)``,
    ``mouth`` True for a Muster result that plays the card only while the Mouth of Sauron's Muster-as-Army is
    unused this turn (CH, digest section 19)."""
    from ..position.scenario import DIE_FACES

    out = []
    for die in DIE_FACES[side]:
        for mouth in ((False, True) if side == "shadow" and die == "muster" else (False,)):
            facts = [Mover(side=side), Die(die=die), CardF(c="c", deck=deck, icon=icon), InHand(c="c"), QPlay(c="c")]
            if mouth:
                facts.append(MusterAsArmy())
            if not check(rule_files(RULES, FILES), facts, consts={}):
                if not (mouth and (die, False) in out):
                    out.append((die, mouth))
                break
    return out


def requirement_check(s: PositionScenario, card) -> tuple[bool | None, str]:
    """Whether ``card``'s printed play requirement holds in the position (:mod:`.requirements`)."""
    from .requirements import check, requirement_of

    return check(s.position, requirement_of(card.requirement))


def placement_facts(s: PositionScenario) -> list[Predicate]:
    """The board facts a question about bringing figures into play needs (whether a region is free
    for a side is derived from them in cards.lp, WOTR-MOVE-3, WOTR-SITE-7)."""
    board, pos = load_board(), s.position
    out: list[Predicate] = []
    for n in load_nations():
        out.append(NationSide(n=n.id, side=n.side))
        if pos.at_war(n.id):
            out.append(AtWar(n=n.id))
        for kind, k in (("regular", "regular"), ("elite", "elite"), ("leader", "leader"), ("nazgul", "nazgul")):
            out.append(Reinf(n=n.id, kind=kind, a=pos.reinforcements[n.id][k]))
    for r in board.regions.values():
        if r.settlement in ("town", "city", "stronghold"):
            out.append(SettlementF(r=r.id))
            if r.nation:
                out.append(SettlementOf(r=r.id, n=r.nation))
                if r.settlement == "stronghold":
                    out.append(StrongholdOf(r=r.id, n=r.nation))
        ctrl = pos.control.get(r.id)
        if ctrl:
            out.append(Controls(r=r.id, side=ctrl))
        for side in ("free_peoples", "shadow"):
            mine = pos.stack(r.id, side)
            out.append(UnitsAt(r=r.id, side=side, u=mine.units if mine else 0))
    for st in pos.stacks:
        if st.besieged:
            out.append(Besieged(r=st.region, side=st.side))
    return out


def judge(s: PositionScenario, question: list[Predicate], *, die: str | None = None,
          placement: bool = False, flags: dict[str, str] | None = None) -> CardVerdict:
    facts = base_facts(s, die) + (placement_facts(s) if placement else []) + question
    consts = {k: str(v) for k, v in (flags or s.flags).items()}
    violations = check(rule_files(RULES, FILES), facts, consts=consts)
    solver = Solver(files=rule_files(RULES, FILES), texts=["#show engaged/2."], consts=consts, facts=facts,
                    decoder=Decoder([Engaged]))
    answer = next(solver.models(limit=1))
    engaged = sorted({(e.rule, to_python(e.detail.symbol if hasattr(e.detail, "symbol") else e.detail))
                      for e in answer.decoded if isinstance(e, Engaged)}, key=lambda x: (x[0], repr(x[1])))
    return CardVerdict(not violations, violations, engaged)


def q_place(how: str, card: str | None, nation: str, kind: str, n: int, region: str) -> Predicate:
    """The question: may ``how`` (``card`` C or ``muster_die``) put ``n`` figures of ``kind`` into ``region``."""
    return QPlace(how=how, c=_card_id(card) if card else "", n=nation, kind=kind, count=n, r=region)


def hand_card(s: PositionScenario, name: str, *, file: str | None, path: str | None, played_ok: bool = True):
    """The card called ``name``: in the hand, or (``played_ok``) among the played ones."""
    c = s.card(name)
    if c is not None:
        return c
    if played_ok and normalize(name) in {normalize(p) for p in s.played}:
        return None
    known = [c.name for c in s.hand] + list(s.played)
    near = closest(name, known)
    if not near:
        from .requirements import event_records

        key = normalize(name)
        shipped = [r for r in event_records().values()
                   if key in (normalize(r["title"]), normalize(r["combat_card"]), normalize(r["id"]))]
        if shipped:  # a shipped card, but not this player's: say so, not "unknown"
            hand = ", ".join(c.name for c in s.hand) or "empty"
            titles = [r["title"] for r in shipped]
            what = repr(titles[0]) if normalize(name) in {normalize(t) for t in titles} else \
                f"{name!r} (the Combat card of {', '.join(titles)})"
            raise ScenarioError(f"{what} is not in the hand (the hand: {hand}"
                                + (f"; played: {', '.join(s.played)}" if s.played else "")
                                + "): add it to `hand:` to ask about it", file=file, path=path)
    raise UnknownNameError("card", name, near, file=file, path=path)


def card_key(name: str) -> str:
    return _card_id(name)


def unknown_icon_error(s: PositionScenario, name: str, die: str, file, path) -> ScenarioError:
    return ScenarioError(f"{name!r} is a Strategy card whose icon the file does not give: whether {with_article(die + ' result')} plays "
                         "it depends on its icon (army or muster; WOTR-DICE-8): give `type: army` or `type: muster`",
                         file=file, path=path)
