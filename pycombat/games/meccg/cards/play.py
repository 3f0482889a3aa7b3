"""Whether a card may be played: the one check every verb uses.

A play is a card, the player who plays it, when (a step of the strike sequence, or before strikes
are assigned), the character it is played for and, for a card that taps a member or comes from
one, that member. :func:`check` decides it once, in the solver's check mode:

* the rules of the moment: ``asp_rules/meccg/strike_cards.lp`` during a strike sequence
  (MECCG-SEQ-1/2/7/8, MECCG-STRUCT-7, MECCG-PRE-9, MECCG-FX-20), ``cards.lp`` before strikes are
  assigned (MECCG-PRE-1..10, MECCG-STRUCT-3/6/7/11, MECCG-CARD-4/8);
* the card's own terms, ``play_terms.lp``: its requirements on the character (read by the card
  interpreter, :func:`.interpreter.holds`), who may play it (MECCG-STRUCT-3, MECCG-FX-8), its
  flag (MECCG-FX-14), its source (an item carried, an untapped ally or member, MECCG-FX-3/4) and
  its cost (who taps to pay it, MECCG-FX-15).

``combat:`` blocks (``replay``, ``odds``), hands (``optimize``, ``tree``) and claims (``verify``)
all ask it: a play one verb applies is one every other verb accepts, refused with the same rule.

>>> from pycombat.games.meccg.assignment.legal import example_path
>>> from pycombat.games.meccg.schema import load_scenario
>>> s = load_scenario(example_path("wind_throne.yaml"))
>>> check(s, [Play("TW-319", "defender", 6, facing="Aragorn II")]).legal   # Risky Blow, a warrior
True
>>> r = check(s, [Play("LE-172", "defender", 6, facing="Aragorn II")])     # Bold Thrust: a minion card
>>> r.legal, r.rules
(False, ['MECCG-FX-20'])
>>> print(r.refusals[0].text)
Bold Thrust is a minion card; Bob's hero player may not play it (MECCG-FX-20)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from dataclasses import replace
from typing import Any, Iterable, Mapping, Sequence

from pycombat.errors import PycombatError, ScenarioError
from pycombat.solver import Violation, check as check_mode, predicate, rule_files
from clorm import ConstantField, IntegerField, StringField

from ..assignment.facts import asp_const, scenario_facts
from ..assignment.legal import BASE, RULES, consts
from ..model import Member, Scenario
from . import interpreter as cardfx
from .database import load_carddb
from .play_facts import (ALIGN, ATTACK_FX, COND, SIDE, STRIKE_CARD, Played, PlayedFrom, StepPlay, card_facts,
                         strike_card_facts)

#: a play made before strikes are assigned (``combat: before_assignment``, MECCG-PRE)
BEFORE = "before_assignment"
#: whose step it is (MECCG-SEQ-2: step 1, the attacker; MECCG-SEQ-7: step 6, the defender)
STEP_PLAYER = {1: "attacker", 6: "defender"}
BEFORE_PROGRAM = BASE + ("cards.lp", "play_terms.lp", "named_plays.lp")
STEP_PROGRAM = BASE + ("cards.lp", "strike_cards.lp", "play_terms.lp")
#: refusals that name a fact of the scenario the rule's text does not (the site's kind; the copy played
#: earlier in the attack): verify writes them beside its verdict
STATED_REFUSALS = ("wrong_site", "duplicated", "avatar_unmet")
#: refusals that do not depend on the character a card is played for: a card in a hand refused for
#: one of these can never be played by that player in this combat
CARD_LEVEL = frozenset({"other_alignment", "hazard", "barred", "does_not_affect_the_strike", "indirect_effect",
                        "not_facing_an_attack", "no_effect_in_cvcc"})


@dataclass(frozen=True)
class Play:
    """One card played (or an item's, ally's or member's ability used)."""

    card: str  #: the card id
    by: str  #: attacker | defender: the player who plays it
    when: int | str  #: a step of the strike sequence (1..8), or :data:`BEFORE`
    facing: str | None = None  #: the character facing the strike the card is played for (steps)
    source: str | None = None  #: the member it comes from, or who taps to pay its cost (a claim's ``from:``)
    #: the character on the other side of that strike (None: the one the scenario's `combat:` pairs
    #: with ``facing``, if any), for a card that asks who strikes (The One Ring: not an Undead or Nazgul)
    opponent: str | None = None
    #: (member, status) as it stands for this play when cards played before it at the same step changed
    #: it (Strange Rations untaps Shagrat, then Under His Blow needs him untapped, MECCG-FX-1)
    now: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Refusal:
    """A rule the play breaks, in words."""

    rule: str
    text: str
    detail: Any = None


@dataclass
class PlayCheck:
    """The answer for a set of plays made at one moment."""

    plays: tuple[Play, ...]
    refusals: list[Refusal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.refusals

    @property
    def rules(self) -> list[str]:
        """The rules the plays break (in order, each once)."""
        return list(dict.fromkeys(r.rule for r in self.refusals))

    def texts(self, kinds: Iterable[str] | None = None) -> list[str]:
        """One line per thing the plays do wrong (of these ``kinds`` of refusal only, if given): refusals with
        one detail (a rule and the card rule restating it) on one line, naming every rule."""
        groups: dict[Any, list[Refusal]] = {}
        for r in self.refusals:
            if kinds is not None and not (isinstance(r.detail, tuple) and str(r.detail[0]) in kinds):
                continue
            groups.setdefault(r.detail, []).append(r)
        out = []
        for rs in groups.values():
            text = rs[0].text
            if len(rs) > 1 and text.endswith(")"):
                head, _, cited = text.rpartition(" (")
                rules = list(dict.fromkeys([x.rule for x in rs] + [c.strip() for c in cited[:-1].split(",")]))
                text = f"{head} ({', '.join(rules)})"
            out.append(text)
        return out

    def clashes(self) -> list[tuple[str, str]]:
        """Pairs of the checked cards refused together (two that need a skill at one step, two
        cancels combined), each a refusal that names both cards."""
        cards = {p.card for p in self.plays}
        out = []
        for r in self.refusals:
            named = [a for a in (r.detail[1:] if isinstance(r.detail, tuple) else ()) if a in cards]
            if len(set(named)) == 2:
                out.append((named[0], named[1]))
        return out


# ---- the facts of the card's own terms (play_terms.lp) ------------------------------------
_p = predicate


RequirementFails = _p("requirement_fails", card=StringField, member=StringField, what=StringField)
#: the card's condition on the site of the combat (card_effects.yaml `requires`: site_kind, site_region, under_deeps)
#: fails: ``what`` the condition, ``site`` what the site is
SiteFails = _p("site_fails", card=StringField, what=StringField, site=StringField)
#: the card's condition on its player's avatar in play (card_effects.yaml `requires: avatar_in_play`) fails:
#: ``what`` the avatar's race or name it needs, ``avatar`` who the player's avatar in play is
AvatarFails = _p("avatar_fails", card=StringField, what=StringField, avatar=StringField)
#: requirements read on the playing company, not on the character a card is played for
_PLAYER_KEYS = cardfx.SITE_KEYS + cardfx.AVATAR_KEYS
#: a card that cannot be duplicated against a given attack or on a given turn (card_effects.yaml
#: ``no_duplicate: attack | turn``) was already played by the same player in this attack
Duplicated = _p("duplicated", card=StringField)
DefenderOnly = _p("defender_only", card=StringField)
CompanyOvert = _p("company_overt", company=ConstantField)
NoItemToDiscard = _p("no_item_to_discard", card=StringField, item_class=ConstantField)
FlagNoEffect = _p("flag_no_effect", card=StringField, flag=StringField)
NotCarried = _p("not_carried", card=StringField, member=StringField)
SourceMissing = _p("source_missing", card=StringField)
SourceNotUntapped = _p("source_not_untapped", card=StringField, member=StringField)
SourceUsed = _p("source_used", card=StringField, member=StringField)
SourceStruck = _p("source_struck", card=StringField, member=StringField)
PayerBusy = _p("payer_busy", card=StringField, member=StringField)
NobodyElse = _p("no_other_payer", card=StringField)
BearerMissing = _p("bearer_missing", card=StringField)
BearerNotUntapped = _p("bearer_not_untapped", card=StringField, member=StringField)
ItemSpent = _p("item_spent", card=StringField)
AttackRaceFails = _p("attack_race_fails", card=StringField, member=StringField)
CostTap = _p("cost_tap", card=StringField, kind=ConstantField, value=StringField)
CostTapConst = _p("cost_tap", card=StringField, kind=ConstantField, value=ConstantField)
Payer = _p("payer", card=StringField, member=StringField)
PlayedFor = _p("played_for", card=StringField, member=StringField)
PlayedBy = _p("played_by", card=StringField, company=ConstantField)
FromHand = _p("from_hand", card=StringField)
#: the candidate cancels the strike it is played in (its effect record ``cancel_strike``)
CancelsStrike = _p("cancels_strike", card=StringField)
#: card ``card`` cancelled this strike at an earlier step of its sequence (the attacker's at step 1)
StrikeCancelled = _p("strike_cancelled", card=StringField)

_SKILLS = ("warrior", "scout", "ranger", "sage", "diplomat")
_RACES = ("hobbit", "elf", "dwarf", "man", "dunadan", "orc", "troll", "wizard", "ringwraith")
_TAP = re.compile(r"^tap (?:an untapped |an |a |one )?(?P<what>[^()]+?)$", re.I)


def record(card_id: str) -> Any:
    """The card's data record: a combat card or item, or the character whose ability it is."""
    db = load_carddb()
    found = db.find_card(card_id)
    return found if found is not None else db.character(card_id)


_DISCARD = re.compile(r"^discard an? (?P<cls>minor|major|greater) item$", re.I)


def cost_discards(card_id: str) -> list[str]:
    """The item classes the card's cost discards ("discard a minor item", MECCG-FX-15)."""
    rec = record(card_id)
    return [m["cls"].lower() for e in getattr(rec, "effects", ()) or () for cost in e.get("cost") or ()
            if (m := _DISCARD.match(str(cost).strip()))]


def cost_taps(card_id: str) -> list[tuple[str, str]]:
    """What the card's cost taps, as ``(kind, value)``: a member with a skill (``tap scout``), of a
    race (``tap an untapped Hobbit``) or by name (``tap The Balrog``). Costs outside combat
    (corruption checks, discards) and taps of the card's own bearer or item are not tap costs
    paid by another member."""
    rec = record(card_id)
    out = []
    for e in getattr(rec, "effects", ()) or ():
        for cost in e.get("cost") or ():
            m = _TAP.match(str(cost).strip())
            if not m:
                continue
            what = m["what"].strip()
            key = asp_const(what)
            if key in _SKILLS:
                out.append(("skill", key))
            elif key in _RACES:
                out.append(("race", key))
            elif what[:1].isupper() and not what.lower().startswith(("the bearer", "your", "this")) \
                    and load_carddb().characters_named(what):
                out.append(("name", what))
    return list(dict.fromkeys(out))


def default_payer(scenario: Scenario, role: str, card_id: str, facing: str | None, busy: Iterable[str]) -> str | None:
    """The first member of ``role``'s company, in company order, who can pay ``card_id``'s tap cost for
    the character ``facing`` the strike: untapped, not busy (tapped or struck earlier in the attack),
    not that character, with the skill, race or name the cost asks (MECCG-FX-24). None: nobody."""
    busy = set(busy)
    for m in scenario.company(role).members:
        if m.name == facing or m.name in busy or m.status != "untapped":
            continue
        for kind, value in cost_taps(card_id):
            if (kind == "skill" and value.casefold() in {s.casefold() for s in m.skills}) or (
                    kind == "race" and cardfx.race_is(m, [value])) or (
                    kind == "name" and m.card_name.casefold() == value.casefold()):
                return m.name
    return None


def _source_members(scenario: Scenario, by: str, m: cardfx.CardModel) -> list[Member]:
    """The members whose card it is (an ally's, a member's ability), or for a card in play on a member
    (``source: placed``) the members it is placed on in the playing company's ``in_play:``."""
    company = scenario.company(by)
    if m.source == "placed":
        on = [getattr(c, "on", None) for c in company.in_play if c.id == m.id]
        return [x for x in company.members if x.name in on]
    return [x for x in company.members if x.card_id == m.id]


def _reach_unmodelled(card_id: str) -> str:
    """For an item refused because the character it is used for does not carry it: the not-modelled part of the
    card that would let it act there (Whip of Many Thongs' reach beyond its bearer's strike, MECCG-FX-10), named."""
    m = cardfx.model(card_id.partition("#")[0]) if card_id.partition("#")[0] in cardfx.all_models() else None
    parts = [u["what"] for u in (m.unmodelled if m is not None else ()) if "reach" in u.get("what", "")]
    return f"; not modelled (MECCG-FX-10): {parts[0]}" if parts else ""


def _duplicate_scope(card: str) -> str:
    """"against a given attack" or "on a given turn", as the card (by name) prints its limit (MECCG-FX-8)."""
    m = next((x for x in cardfx.all_models().values() if x.name == card.partition("#")[0]), None)
    return "on a given turn" if m is not None and m.no_duplicate == "turn" else "against a given attack"


def spent_card(use: str) -> str:
    """``"<role>/<card id>"`` of one entry of ``spent`` (an item's use names its copy's bearer: ``"...@<bearer>"``)."""
    return use.split("@", 1)[0]


def item_user(carriers: Sequence[Member], role: str, card_id: str, spent: Sequence[str]) -> str | None:
    """Which of ``carriers`` (in order) uses a copy of item ``card_id`` not yet used in this attack: each copy is
    used once an attack (MECCG-FX-17), so uses are counted per copy, by its bearer (``spent``: ``"<role>/<card
    id>@<bearer>"`` per use), never per name: a non-unique item borne by two members is used once by each. None:
    every copy they bear is spent."""
    uses = [u.split("@", 1)[1] if "@" in u else None for u in spent if spent_card(u) == f"{role}/{card_id}"]
    anon = uses.count(None)  # a use that names no bearer spends the first copy left
    for c in carriers:
        left = sum(1 for i in c.items if i.id == card_id) - uses.count(c.name)
        take = min(left, anon)
        left, anon = left - take, anon - take
        if left > 0:
            return c.name
    return None


def placed_source(scenario: Scenario, by: str, card_id: str) -> Member | None:
    """The member a ``source: placed`` card is in play on, who taps to use it (MECCG-FX-23)."""
    got = _source_members(scenario, by, cardfx.model(card_id))
    return got[0] if got else None


def _terms(scenario: Scenario, p: Play, used: frozenset[str], struck: frozenset[str],
           spent: Sequence[str] = ()) -> list:
    """The facts of ``p``'s own terms (play_terms.lp's input)."""
    m = cardfx.model(p.card)
    company = scenario.company(p.by)
    other = "defender" if p.by == "attacker" else "attacker"
    out: list = []
    if m.side == "defender":
        out.append(DefenderOnly(card=p.card))
    if m.flag is not None and scenario.flags.get(m.flag, "no_effect") == "no_effect":
        out.append(FlagNoEffect(card=p.card, flag=m.flag))
    sources = _source_members(scenario, p.by, m) if m.source in ("ally", "member", "placed") else []
    if m.source == "placed":  # MECCG-FX-23: its bearer taps to use it, once an attack
        if not sources:
            out.append(BearerMissing(card=p.card))
        elif sources[0].status != "untapped" or sources[0].name in used:
            out.append(BearerNotUntapped(card=p.card, member=sources[0].name))
    elif m.source in ("ally", "member"):
        if not sources:
            out.append(SourceMissing(card=p.card))
        else:
            src = sources[0]
            if src.status != "untapped" and m.source_taps != "after":  # MECCG-FX-4: it taps to be used
                out.append(SourceNotUntapped(card=p.card, member=src.name))
            if src.name in used:
                out.append(SourceUsed(card=p.card, member=src.name))
            if src.name in struck:
                out.append(SourceStruck(card=p.card, member=src.name))
    if p.when == BEFORE:
        # the card's requirement is on the attacked company: some member (the one named) meets it
        candidates = [scenario.member(p.source)] if p.source and _is_member(scenario, p.source) else \
            list(company.members)
        if m.source == "item":  # MECCG-FX-3/17: the item's bearer uses it, and he must meet its terms
            bearers = [c for c in candidates if p.card in {i.id for i in c.items}]
            if not bearers:
                out.append(NotCarried(card=p.card, member=candidates[0].name if len(candidates) == 1 else ""))
            candidates = bearers or candidates
        failed = None
        races = m.requires.get("attackers_race")
        if races:  # "an attack by R" (MECCG-PRE-3's reading): every attacking member is of one of them
            out += [AttackRaceFails(card=p.card, member=a.name) for a in scenario.attacker.members
                    if not cardfx.race_is(a, races)]
        terms = {k: v for k, v in m.requires.items() if k != "attackers_race" and k not in _PLAYER_KEYS}
        for cand in candidates:
            ctx = cardfx.Ctx(me=cand, company=company, scenario=scenario, opp_company=scenario.company(other))
            failed = cardfx.holds(terms, ctx)
            if failed is None:
                break
        if failed is not None:
            out.append(RequirementFails(card=p.card, member=candidates[0].name if len(candidates) == 1 else "",
                                        what=failed))
    elif p.facing is not None:
        me = scenario.member(p.facing)
        # "another Hobbit" (not_self): the member whose ability it is is not the one it is used for
        ctx = cardfx.Ctx(me=me, company=company, scenario=scenario, opp_company=scenario.company(other),
                         self_name=sources[0].name if sources else None, opponent=_opponent(scenario, p))
        failed = cardfx.holds({k: v for k, v in m.requires.items() if k not in _PLAYER_KEYS}, ctx)
        if failed is not None:
            out.append(RequirementFails(card=p.card, member=me.name, what=failed))
        if m.source == "item":
            # MECCG-FX-3/17: carried by the character it is used for, or by any member (carrier: company)
            carriers = list(company.members) if m.carrier == "company" else [me]
            carriers = [c for c in carriers if p.card in {i.id for i in c.items}]
            able = [c for c in carriers if cardfx.holds(m.carrier_requires, cardfx.Ctx(
                me=c, company=company, scenario=scenario, opp_company=scenario.company(other))) is None]
            if not carriers:
                out.append(NotCarried(card=p.card, member=me.name if m.carrier == "bearer" else ""))
            elif not able:  # Athelas: its bearer must be a Dúnadan
                out.append(RequirementFails(card=p.card, member=carriers[0].name,
                                            what=cardfx.holds(m.carrier_requires, cardfx.Ctx(
                                                me=carriers[0], company=company, scenario=scenario,
                                                opp_company=scenario.company(other)))))
            elif item_user(able, p.by, p.card, spent) is None:  # each copy once an attack, per its bearer
                out.append(ItemSpent(card=p.card))
    out += _site_terms(scenario, p, m, company, other)
    out += _avatar_terms(p, m, company)
    if m.no_duplicate and any(spent_card(u) == f"{p.by}/{p.card}" for u in spent):
        # "cannot be duplicated against a given attack" / "on a given turn" (the attack is in one turn)
        out.append(Duplicated(card=p.card))
    for cls in cost_discards(p.card):  # MECCG-FX-15: an item of that class to discard, in the playing company
        if not any(i.item_class == cls for x in company.members for i in x.items):
            out.append(NoItemToDiscard(card=p.card, item_class=cls))
    for kind, value in cost_taps(p.card):
        if kind == "name":
            named = [x.name for x in company.members if x.card_name.casefold() == value.casefold()]
            out.append(CostTap(card=p.card, kind=kind, value=named[0] if named else value))
        else:
            out.append(CostTapConst(card=p.card, kind=kind, value=value))
    if p.source is not None and cost_taps(p.card) and _is_member(scenario, p.source):
        out.append(Payer(card=p.card, member=scenario.member(p.source).name))
        if p.when != BEFORE:  # MECCG-FX-24: in a strike, another member, not tapped earlier in the attack
            payer = scenario.member(p.source).name
            if payer == p.facing or payer in used or payer in struck:
                out.append(PayerBusy(card=p.card, member=payer))
    elif p.when != BEFORE and cost_taps(p.card) and default_payer(scenario, p.by, p.card, p.facing,
                                                                   set(used) | set(struck)) is None:
        out.append(NobodyElse(card=p.card))  # MECCG-FX-24: nobody but the one it is played for
    return out


def _site_terms(scenario: Scenario, p: Play, m: cardfx.CardModel, company, other: str) -> list:
    """The card's conditions on the site of the combat (All the Bells Ringing: a Free-hold or Border-hold;
    Farmer Maggot: a region): read on the playing company's site (sites.json, or the company's own
    ``site_kind:``/``site_region:``/``under_deeps:``), not on a member. An unknown site fails them here
    and is named as not modelled (:func:`.coverage.unmodelled`)."""
    site = {k: v for k, v in m.requires.items() if k in cardfx.SITE_KEYS}
    if not site or not company.members:
        return []
    failed = cardfx.holds(site, cardfx.Ctx(me=company.members[0], company=company, scenario=scenario,
                                           opp_company=scenario.company(other)))
    if failed is None:
        return []
    key = failed.partition("=")[0]
    known = getattr(company, key, None)
    if known is None:
        where = f"{company.site} gives no {key.replace('_', ' ')}"
    elif key == "under_deeps":
        where = f"{company.site} is {'an Under-deeps site' if known else 'no Under-deeps site'}"
    elif key == "site_region":
        where = f"{company.site} is in {known}"
    else:
        where = f"{company.site} is {_article(known)} {known}"
    return [SiteFails(card=p.card, what=failed, site=where)]


def _avatar_terms(p: Play, m: cardfx.CardModel, company) -> list:
    """The card's condition on its player's avatar in play, wherever it is ("your Ringwraith is in play": Above
    the Abyss; "Hoarmûrath the Ringwraith is your Ringwraith": Hoarmûrath Unleashed), read on the playing
    company's ``avatar_in_play`` (its avatar member, or the file's ``avatar_in_play:``), not on a member. Not
    known, it is named as not stated (:func:`.coverage.unmodelled`) and not refused here."""
    out = []
    for key in cardfx.AVATAR_KEYS:
        want = m.requires.get(key)
        if want is None or cardfx.avatar_is(company, str(want)) is not False:
            continue
        has = (f"{company.player}'s avatar in play is {company.avatar_in_play}" if company.avatar_in_play
               else f"{company.player} has no avatar in play")
        out.append(AvatarFails(card=p.card, what=str(want), avatar=has))
    return out


def _is_member(scenario: Scenario, name: str) -> bool:
    try:
        scenario.member(name)
    except KeyError:
        return False
    return True


# ---- the check ----------------------------------------------------------------------------
def at_moment(scenario: Scenario, now: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> Scenario:
    """``scenario`` with each member's status as it stands at a moment of the attack (``now``: member ->
    untapped | tapped | wounded; members not named keep their starting status). Every check of a
    card's terms reads the status at the moment it is played, not the file's starting one (MECCG-SEQ-1:
    the steps in order; MECCG-FX-1, MECCG-FX-17, MECCG-FX-24)."""
    now = dict(now or ())
    if not now:
        return scenario
    key = (id(scenario), tuple(sorted(now.items())))
    got = _MOMENTS.get(key)
    if got is not None and got[0] is scenario:
        return got[1]
    changed = False

    def company(c):
        nonlocal changed
        members = []
        for m in c.members:
            st = now.get(m.name, m.status)
            if st != m.status:
                changed = True
                m = replace(m, status=st)
            members.append(m)
        return replace(c, members=tuple(members))

    out = replace(scenario, attacker=company(scenario.attacker), defender=company(scenario.defender))
    out = out if changed else scenario
    if len(_MOMENTS) > 256:
        _MOMENTS.clear()
    _MOMENTS[key] = (scenario, out)
    return out


#: (id of a scenario, statuses) -> (that scenario, it at that moment): a verb checks many plays at one moment
_MOMENTS: dict = {}


def cancelling(card_ids: Iterable[str]) -> str | None:
    """The first of ``card_ids``, played at step 1 of a strike, that cancels it (its effect record
    ``cancel_strike``): the strike is then over and not cancelled again at step 6 (:func:`check`'s
    ``cancelled``, MECCG-SEQ-7/12)."""
    models = cardfx.all_models()
    return next((c for c in card_ids if c in models and models[c].cancel_strike), None)


def check(scenario: Scenario, plays: Iterable[Play], *, used: Iterable[str] = (),
          struck: Iterable[str] = (), spent: Iterable[str] = (),
          now: Mapping[str, str] | None = None, cancelled: str | None = None) -> PlayCheck:
    """Whether ``plays``, made together at one moment, are legal (see the module docstring).
    ``used``: members that already tapped for an ability in this attack; ``struck``: members that
    already faced their own strike; ``spent``: the items already used (tapped or discarded) and the cards
    already played in this attack, one ``"<role>/<card id>"`` per use; ``now``: each member's status as it stands at that
    moment of the attack (:func:`at_moment`; a play's own ``now`` adds what earlier plays of its step
    changed); ``cancelled``: the id of a card that cancelled this strike at an earlier step (a cancelled
    strike is not cancelled again, MECCG-SEQ-7/12)."""
    scenario = at_moment(scenario, now)
    plays = tuple(plays)
    whens = {p.when for p in plays}
    if len(whens) != 1:
        raise ValueError("plays checked together are made at one moment")
    when = whens.pop()
    used_, struck_, spent_ = frozenset(used), frozenset(struck), tuple(spent)
    facts: list = []
    copies: dict[str, int] = {}
    for p in plays:
        one = check_facts(at_moment(scenario, p.now), p, used_, struck_, spent_)
        copies[p.card] = copies.get(p.card, 0) + 1
        if copies[p.card] > 1:  # another copy of a card: its facts under its own name ("LE-238#2")
            alias = f"{p.card}#{copies[p.card]}"
            one = [f.clone(card=alias) if getattr(f, "card", None) == p.card else f for f in one]
            if cardfx.model(p.card).no_duplicate and not any(isinstance(f, Duplicated) for f in one):
                one.append(Duplicated(card=alias))  # a copy beside the first at one step (MECCG-FX-8)
        facts += one
        if when != BEFORE and cardfx.model(p.card).cancel_strike:
            facts.append(CancelsStrike(card=p.card))
    if cancelled is not None and when != BEFORE:
        facts.append(StrikeCancelled(card=cancelled))
    program = BEFORE_PROGRAM if when == BEFORE else STEP_PROGRAM
    violations = check_mode(rule_files(RULES, program), _scenario_facts(scenario) + list(dict.fromkeys(facts)),
                            consts=consts(scenario))
    return PlayCheck(plays, [Refusal(v.rule, _words(scenario, v, plays) + _alternative(scenario, v), v.detail)
                             for v in violations], _notes(facts))


def _alternative(s: Scenario, v: Violation) -> str:
    """For a play refused for its modelled option while an unmodelled alternative of the card could be
    played here (Dark Quarrels: cancel an attack by Orcs, Trolls or Men, or, with Gates of Morning in play,
    halve its strikes, MECCG-CARD-8): that the alternative is not modelled, so the refusal is no ruling
    on it (MECCG-FX-10)."""
    from .unread_parts import active_alternative

    d = v.detail if isinstance(v.detail, tuple) else (v.detail,)
    if len(d) < 2:
        return ""
    alt = active_alternative(s, str(d[1]).partition("#")[0])
    if alt is None:
        return ""
    return f"; NOT MODELLED (MECCG-FX-10): its other option, {alt['what']}"


#: (the last scenario checked, its facts): a verb checks many plays in one scenario; one tuple,
#: replaced whole, so a thread never reads one scenario's facts for another
_LAST: list = [None]


def _scenario_facts(scenario: Scenario) -> list:
    last = _LAST[0]
    if last is None or last[0] is not scenario:
        last = (scenario, tuple(scenario_facts(scenario)))
        _LAST[0] = last
    return list(last[1])


def check_facts(scenario: Scenario, p: Play, used: frozenset[str] = frozenset(),
                struck: frozenset[str] = frozenset(), spent: Sequence[str] = ()) -> list:
    """The facts of one play alone (without the scenario's)."""
    rec = record(p.card)
    facts: list = []
    if p.when == BEFORE and p.by == "attacker" and cardfx.model(p.card).keeps_attack:
        return _keeps_facts(scenario, p, rec)
    if p.when == BEFORE and cardfx.model(p.card).wound_rolls:
        return _named_facts(scenario, p, rec)
    if p.when == BEFORE:
        facts += card_facts(rec)
        if cardfx.model(p.card).play == "before_assignment":
            facts.append(ATTACK_FX(card=p.card))
        elif cardfx.model(p.card).play == "strike":  # its time is a strike sequence's step (MECCG-SEQ-2/7)
            facts.append(STRIKE_CARD(card=p.card))
        facts.append(Played(card=p.card, company=p.by))
        if p.source is not None:
            facts.append(PlayedFrom(card=p.card, entity=_entity(scenario, p.source)))
        if any(isinstance(f, COND) and f.value == "defender_covert" for f in facts):
            from ..assignment.legal import judge_attack  # MECCG-ALIGN-6: overt from the composition

            facts += [CompanyOvert(company=role) for role in judge_attack(scenario).overt]
    else:
        facts += strike_card_facts(rec)
        facts.append(StepPlay(card=p.card, step=int(p.when)))
        facts.append(PlayedBy(card=p.card, company=p.by))
        if p.facing is not None:
            facts.append(PlayedFor(card=p.card, member=p.facing))
        if cardfx.model(p.card).source == "hand":
            facts.append(FromHand(card=p.card))
    return facts + _terms(scenario, p, used, struck, spent)


KeepsAttack = predicate("keeps_attack", card=StringField)
KeepsUnmet = predicate("keeps_unmet", card=StringField, why=StringField)


def _keeps_facts(scenario: Scenario, p: Play, rec) -> list:
    """The attacker's use of a card against the defender's cancel of his attack (MECCG-FX-29): its side
    and alignment (MECCG-FX-20), and whether the attacking company meets that use's terms."""
    m = cardfx.model(p.card)
    company = scenario.attacker
    why = cardfx.holds(m.keeps_attack.get("requires") or {},
                       cardfx.Ctx(me=company.members[0], company=company, scenario=scenario))
    facts = [f for f in card_facts(rec) if isinstance(f, (SIDE, ALIGN))]
    facts += [Played(card=p.card, company="attacker"), KeepsAttack(card=p.card)]
    return facts + ([KeepsUnmet(card=p.card, why=why)] if why is not None else [])


NamedPlay = predicate("named_play", card=StringField, company=ConstantField)
NamedUnmet = predicate("named_unmet", card=StringField, why=StringField)


def before_player(scenario: Scenario, card_id: str) -> str:
    """Who plays ``card_id`` before strikes are assigned: the defender (MECCG-PRE-1), except a card whose text
    names company vs. company combat and its player (Crowned with Storm: The Balrog's, MECCG-FX-31), played by
    the company that meets its terms (none does: the attacker, whose play the check then refuses)."""
    m = cardfx.model(card_id)
    if not m.wound_rolls:
        return "defender"
    for role in ("attacker", "defender"):
        c = scenario.company(role)
        if c.members and cardfx.holds({"company_has": m.requires.get("company_has")},
                                      cardfx.Ctx(me=c.members[0], company=c, scenario=scenario)) is None:
            return role
    return "attacker"


def before_plays(scenario: Scenario) -> list[Play]:
    """The combat's cards played before strikes are assigned, as the one play check takes them: each by its
    player (:func:`before_player`), a card whose cost taps a member with the member its entry names as its
    payer (``{card: X, member: Y}``, MECCG-FX-15)."""
    combat = scenario.combat
    named = dict(combat.cost_payers) if combat is not None else {}
    return [Play(c, before_player(scenario, c), BEFORE, source=named.get(c))
            for c in (combat.before_assignment if combat is not None else ())]


def _named_facts(scenario: Scenario, p: Play, rec) -> list:
    """A card whose text names company vs. company combat and who plays it (MECCG-FX-31): its side and
    alignment (MECCG-STRUCT-7, MECCG-FX-20), and the terms it is played under in words: the playing company's
    (``requires``: The Balrog in it, not at an Under-deeps site) and the other company's (``against``: a Wizard)."""
    m = cardfx.model(p.card)
    other = "defender" if p.by == "attacker" else "attacker"
    facts = [f for f in card_facts(rec) if isinstance(f, (SIDE, ALIGN))] + [NamedPlay(card=p.card, company=p.by)]
    why = []
    for role, terms, whose in ((p.by, m.requires, "the playing company"),
                               (other, m.wound_rolls.get("against") or {}, "the company it is played against")):
        c = scenario.company(role)
        for key, val in terms.items():
            if key == "under_deeps" and getattr(c, "under_deeps", None) is None:
                why.append(f"whether {c.site} is an Under-deeps site is not known (state the {role} company's "
                           "`under_deeps:`)")
                continue
            failed = cardfx.holds({key: val}, cardfx.Ctx(me=c.members[0], company=c, scenario=scenario)) \
                if c.members else f"{key}={val}"
            if failed is None:
                continue
            if key == "company_has":
                why.append(f"{whose} ({role}) has no {val}")
            elif key == "under_deeps":
                why.append(f"{c.site} is {'not ' if val else ''}an Under-deeps site")
            else:
                why.append(f"{whose} ({role}) fails {failed}")
    return facts + [NamedUnmet(card=p.card, why=w) for w in why]


def _opponent(s: Scenario, p: Play) -> Member | None:
    """The character on the other side of the strike ``p`` is played in: the one it names, else the
    one the scenario's `combat:` pairs with the character it is played for (None: not known)."""
    name = p.opponent
    if name is None and s.combat is not None:
        name = next((st.attacker if st.defender == p.facing else st.defender for st in s.combat.strikes
                     if p.facing in (st.defender, st.attacker)), None)
    return None if name is None or not _is_member(s, name) else s.member(name)


def _entity(s: Scenario, name: str) -> str:
    """A member's scenario name, or the name as given (an entity outside both companies)."""
    for c in (s.defender, s.attacker):
        for m in c.members:
            if name.casefold() in (m.name.casefold(), m.card_name.casefold()):
                return m.name
    return name


def _notes(facts: Sequence) -> list[str]:
    notes = []
    overt = any(isinstance(f, CompanyOvert) and f.company == "defender" for f in facts)
    for f in facts:
        if isinstance(f, COND) and f.value == "defender_covert" and not overt:
            notes.append(f"{_name(f.card)} cancels only if the defending company is covert, as it is (MECCG-ALIGN-6)")
    return notes


Carries = _p("carries", member=StringField, card=StringField)
#: a bearer term of an item (data/item_terms.yaml ``bearer``) that member M does not meet (MECCG-FX-35)
ItemBearerFails = _p("item_bearer_fails", member=StringField, card=StringField, what=StringField)
#: member M carries N > 1 copies of an item that "cannot be duplicated on a given character" (MECCG-FX-35)
DuplicatedOnCharacter = _p("duplicated_on_character", member=StringField, card=StringField, copies=IntegerField)


#: own_alignment/2 of ``asp_rules/meccg/derive.lp`` as a table: a player's alignment (an ASP
#: constant) -> the card alignments that are his besides his own (MECCG-FX-20); neutral and dual
#: cards are everyone's
_ALSO_OWN = {"balrog": ("minion",), "fallen_wizard": ("hero", "minion", "stage")}
_EVERYONE = ("neutral", "dual")


def own_card_alignments(company_alignment: str) -> tuple[str, ...]:
    """The card alignments (ASP constants) whose cards belong to a player of ``company_alignment``
    (MECCG-FX-20; derive.lp's ``own_alignment/2``).

    >>> own_card_alignments("fallen-wizard")
    ('fallen_wizard', 'hero', 'minion', 'stage', 'neutral', 'dual')
    """
    player = asp_const(company_alignment)
    return (player, *_ALSO_OWN.get(player, ()), *_EVERYONE)


def bearer_terms_fail(member: Member, item: Any) -> list[str]:
    """The bearer terms of ``item`` (data/item_terms.yaml ``bearer``, MECCG-FX-35) that ``member`` does not meet,
    each as "<term>=<wanted> (<what he is>)": his race ("Only a Wizard may bear this item"), his card ("The
    Balrog only"), his printed prowess ("a prowess of 6 or more": his card's, or the scenario's ``prowess:``).

    >>> from pycombat.games.meccg.cards.database import load_carddb
    >>> db = load_carddb()
    >>> frodo = Member(name="Frodo", card_id="TW-152", card_name="Frodo", card_type="character", race="Hobbit",
    ...                skills=("Scout",), prowess=1, body=9, mp=2)
    >>> bearer_terms_fail(frodo, db.item("TD-170")), bearer_terms_fail(frodo, db.item("AS-132"))
    (['race=Wizard/Fallen-wizard (Frodo is a Hobbit)'], ['min_prowess=6 (Frodo has prowess 1)'])
    """
    terms = getattr(item, "bearer_requires", None) or {}
    out = []
    races = terms.get("race")
    if races and (member.race or "").casefold() not in {str(r).casefold() for r in races}:
        out.append(f"race={'/'.join(races)} ({member.name} is {'a ' + member.race if member.race else 'of no race'})")
    card = terms.get("card")
    if card and member.card_name.casefold() != str(card).casefold():
        out.append(f"card={card} ({member.name} is not {card})")
    least = terms.get("min_prowess")
    if least is not None and (member.prowess is None or member.prowess < int(least)):
        out.append(f"min_prowess={least} ({member.name} has prowess {member.prowess})")
    return out


def duplicated_items(member: Member) -> list[tuple[Any, int]]:
    """(item, copies) for each item ``member`` carries more than once that "cannot be duplicated on a given
    character" (data/item_terms.yaml ``no_duplicate``, MECCG-FX-35)."""
    counts: dict[str, list[Any]] = {}
    for item in member.items:
        if getattr(item, "no_duplicate", None) == "character":
            counts.setdefault(item.id, []).append(item)
    return [(copies[0], len(copies)) for copies in counts.values() if len(copies) > 1]


def may_break_possession(scenario: Scenario) -> bool:
    """Whether some item of the scenario could break the possession rules of ``play_terms.lp``
    (MECCG-FX-20: an item of an alignment that is not its bearer's player's; MECCG-FX-3: an item
    on an ally; MECCG-FX-35: an item on a member it does not allow), read off the same table as derive.lp's ``own_alignment/2``. When it says no,
    :func:`possession` answers without grounding its program (every scenario is read through it);
    ``tests/meccg/test_possession.py`` checks, on generated scenarios, that it says yes exactly when
    the ASP rules refuse an item."""
    for company in (scenario.attacker, scenario.defender):
        own = own_card_alignments(company.alignment)
        for m in company.members:
            if m.items and (m.card_type == "ally" or any(asp_const(i.alignment) not in own for i in m.items)):
                return True
            if any(bearer_terms_fail(m, i) for i in m.items) or duplicated_items(m):  # MECCG-FX-35
                return True
    return False


def possession(scenario: Scenario) -> list[tuple[str, int, Refusal]]:
    """The items members may not carry (their alignment, MECCG-FX-20; an ally's, MECCG-FX-3), as
    ``(role, member index, refusal)``: checked once when a scenario is read, so no verb ever
    gives such an item's bonus. The rules of ``play_terms.lp`` decide, for a scenario where
    :func:`may_break_possession` finds an item they could refuse."""
    if not may_break_possession(scenario):
        return []
    return possession_by_rules(scenario)


def possession_by_rules(scenario: Scenario) -> list[tuple[str, int, Refusal]]:
    """:func:`possession` decided by the ASP rules alone (``play_terms.lp``), whatever the items."""
    facts, where = scenario_facts(scenario), {}
    for role in ("attacker", "defender"):
        for i, m in enumerate(scenario.company(role).members):
            where[m.name] = (role, i)
            for item in m.items:
                facts.append(Carries(member=m.name, card=item.id))
                facts += card_facts(item)
                facts += [ItemBearerFails(member=m.name, card=item.id, what=w) for w in bearer_terms_fail(m, item)]
            facts += [DuplicatedOnCharacter(member=m.name, card=item.id, copies=n) for item, n in duplicated_items(m)]
    if len(facts) == len(scenario_facts(scenario)):
        return []
    violations = check_mode(rule_files(RULES, BEFORE_PROGRAM), list(dict.fromkeys(facts)), consts=consts(scenario))
    return [(*where[str(v.detail[1])], Refusal(v.rule, _words(scenario, v, ()), v.detail)) for v in violations]


def hand_refusal(scenario: Scenario, role: str, card_id: str) -> Refusal | None:
    """Why ``role``'s player can never play ``card_id`` from his hand in this attack, whoever faces
    the strike (its alignment, a hazard, a card barred or with no effect in CvCC, the defender's
    card), or None."""
    company = scenario.company(role)
    step = 1 if role == "attacker" else 6
    got = check(scenario, [Play(card_id, role, step, facing=company.members[0].name)])
    return next((r for r in got.refusals if isinstance(r.detail, tuple) and r.detail[0] in CARD_LEVEL), None)


def refuse_hands(scenario: Scenario) -> None:
    """Refuse (exit 2, the field and the rule) a ``hand:`` holding a card its player can never play in this
    attack (:func:`hand_refusal`): every verb reads hands through this one check, so a hand ``optimize``
    refuses, ``odds``, ``replay``, ``enumerate`` and ``verify`` refuse too (MECCG-FX-20, MECCG-STRUCT-7)."""
    for role in ("attacker", "defender"):
        company = scenario.company(role)
        for i, card in enumerate(company.hand):
            why = hand_refusal(scenario, role, card)
            if why is not None:
                raise ScenarioError(why.text, file=scenario.file, path=f"{role}.hand[{i}]")


# ---- words --------------------------------------------------------------------------------
_PLAYER = {"hero": "hero", "minion": "minion", "balrog": "Balrog", "fallen_wizard": "Fallen-wizard",
           "fallen-wizard": "Fallen-wizard"}


def _name(card_id: Any) -> str:
    try:
        return record(str(card_id).partition("#")[0]).name
    except PycombatError:
        return str(card_id)


def _words(s: Scenario, v: Violation, plays: Sequence[Play]) -> str:
    """One line for a broken rule: what the play does wrong, and the rule."""
    d = v.detail if isinstance(v.detail, tuple) else (v.detail,)
    kind, args = d[0], d[1:]
    card = _name(args[0]) if args else ""
    text = {
        "other_alignment": lambda: (f"{card} is a {_PLAYER.get(str(args[1]), args[1])} card; "
                                    f"{_player_of(s, plays, args[0])} may not play it"),
        "hazard": lambda: f"{card} is a hazard: no hazards are played during company vs. company combat",
        "barred": lambda: f"{card}'s text bars it from company vs. company combat",
        "does_not_affect_the_strike": lambda: f"{card} does not directly affect the strike",
        "indirect_effect": lambda: f"{card} has an indirect effect (a corruption check, ring test or twilight)",
        "no_cards_at_step": lambda: f"no cards are played at step {args[1]} of a strike (only at steps 1 and 6)",
        "not_this_players_step": lambda: f"{card}: the {args[1]} does not play cards at this step",
        "two_skill_cards": lambda: (f"at most one card that needs a skill is played at a step: {card} and "
                                    f"{_name(args[1])} both do"),
        "unmet_requirement": lambda: _unmet(s, plays, card, args),
        "wrong_site": lambda: f"{card} is played only where {_site_text(str(args[1]))}; {args[2]}",
        "duplicated": lambda: f"{card} cannot be duplicated {_duplicate_scope(card)}: its player already played it "
                              "in this attack",
        "avatar_unmet": lambda: (f"{card} needs {'a ' if ' ' not in str(args[1]) else ''}{args[1]} as its player's "
                                 f"avatar in play (in any of his companies); {args[2]}"),
        "not_facing_an_attack": lambda: f"{card} works against an attack, and only the defender faces one",
        "no_effect_in_cvcc": lambda: f"{card} has no effect in CvCC [{args[1]}={s.flags.get(str(args[1]))}]",
        "not_carried": lambda: (f"{args[1]} does not carry {card}" if str(args[1])
                                else f"nobody in the {_role_of(plays, args[0])} company carries {card}")
                               + _reach_unmodelled(str(args[0])),
        "not_in_company": lambda: f"{card} is not in the playing company",
        "not_in_play_on_a_member": lambda: (f"{card} is in play on no member of the playing company (list it in its "
                                            f"in_play: as {{card: {card}, member: <its bearer>}})"),
        "bearer_not_untapped": lambda: f"{args[1]}, who bears {card}, must be untapped to tap for it (its cost)",
        "no_other_payer": lambda: (f"nobody can pay {card}'s cost in this strike: it needs another untapped member "
                                   "than the one it is played for, not tapped or struck earlier in the attack"),
        "payer_busy": lambda: (f"{args[1]} cannot pay {card}'s cost in this strike: the payer is another member "
                               "than the one it is played for, not tapped or struck earlier in the attack"),
        "not_untapped": lambda: f"{args[1]} must be untapped to tap for {card}",
        "already_tapped_for_an_ability": lambda: f"{args[1]} already tapped for an ability in this attack",
        "already_struck": lambda: (f"{args[1]} already faced its own strike: after it, it is tapped or wounded "
                                   "unless it took -3 and won, which pycombat does not assume"),
        "item_spent": lambda: f"{card} was already used in this attack (tapped or discarded)",
        "cannot_pay": lambda: f"{args[1]} cannot pay {card}'s cost ({_cost(args[0])})",
        "nobody_can_pay": lambda: f"nobody in the company can pay {card}'s cost ({_cost(args[0])})",
        "attacker_plays": lambda: f"the attacker does not face the attack: he may not cancel or change it with {card}",
        "not_during_a_strike_sequence": lambda: f"the attacker plays {card} only during a strike sequence",
        "strike_card_before_assignment": lambda: (f"{card} is a strike card: the {args[1]} plays it at step "
                                                  f"{1 if str(args[1]) == 'attacker' else 6} of a strike sequence, "
                                                  "for the character facing that strike, not before strikes are "
                                                  "assigned"),
        "member_without_listed_race": lambda: f"{args[1]} is of none of the races {card} lists",
        "named_unmet": lambda: (f"{card} is played by The Balrog's player against a company with a Wizard, not at "
                                f"an Under-deeps site: {args[1]}"),
        "keeps_unmet": lambda: (f"{card} keeps only its company's attack from being cancelled: the attacking "
                                f"company does not meet its terms ({args[1]})"),
        "combined": lambda: f"{card} and {_name(args[1])}: cancels do not combine; one card must do it alone",
        "strike_already_cancelled": lambda: (f"{card} cancels a strike that {_name(args[1])} already cancelled at an "
                                             "earlier step: a cancelled strike is over, it cannot be cancelled again"),
        "not_minion_attacking_hero": lambda: f"{card} cancels only a minion company's attack on a hero company",
        "attack_effect_before_assignment": lambda: (f"{card} changes the attack as a whole, which the defender may "
                                                    "not do before strikes are assigned "
                                                    f"[pre_assignment_attack_effects="
                                                    f"{s.flags.get('pre_assignment_attack_effects')}]"),
        "strike_count_has_no_effect": lambda: f"{card} changes the number of strikes, which has no effect in CvCC",
        "neither_cancels_nor_affects": lambda: f"{card} neither cancels nor affects the attack",
        "untaps_before_assignment": lambda: f"{card} untaps a character, which does not affect the attack",
        "not_in_attacked_company": lambda: f"{card} must come from the attacked company, not {args[1]}",
        "needs_in_company": lambda: f"{card} needs a {args[1]} in the attacked company",
        "no_item_to_discard": lambda: f"{card}'s cost discards a {args[1]} item, and nobody in the company carries one",
        "company_not_covert": lambda: f"{card} cancels only an attack on a covert company; the defending company is overt",
        "other_alignment_item": lambda: (f"{_name(args[1])} is a {_PLAYER.get(str(args[2]), args[2])} item; "
                                         f"{args[0]} is on the other side and may not carry it"),
        "ally_bears_item": lambda: f"{args[0]} is an ally, and allies bear no items ({_name(args[1])})",
        "bearer_unmet": lambda: f"{args[0]} may not bear {_name(args[1])}: its bearer must meet {args[2]}",
        "duplicated_on_character": lambda: (f"{_name(args[1])} cannot be duplicated on a given character: {args[0]} "
                                            f"carries {args[2]} copies"),
    }.get(str(kind))
    rules = [v.rule]
    if kind in ("unmet_requirement", "wrong_site", "duplicated", "avatar_unmet"):  # the card's own rule states its requirement (digest section 8)
        own = cardfx.model(str(args[0]).partition("#")[0]).rule
        rules += [own] if own not in rules else []
    return f"{text() if text else f'{card}: {kind}'} ({', '.join(rules)})"


def _role_of(plays: Sequence[Play], card_id: Any) -> str:
    by = next((p.by for p in plays if p.card == str(card_id).partition("#")[0]), "defender")
    return "attacked" if by == "defender" else "attacking"


def _player_of(s: Scenario, plays: Sequence[Play], card_id: Any) -> str:
    by = next((p.by for p in plays if p.card == card_id), "defender")
    c = s.company(by)
    return f"{c.player}'s {_PLAYER.get(c.alignment, c.alignment)} player"


def _alignments(val: str) -> str:
    """``minion or balrog`` (a requirement's alignments) in words: "minion or Balrog"."""
    return " or ".join(_PLAYER.get(a.strip(), a.strip()) for a in val.split(" or "))


def _company_words(c) -> str:
    """Whose company ``c`` is and of which alignment, in words: "Saru's attacking company (Fallen-wizard, overt)"."""
    role = "attacking" if c.role == "attacker" else "defending"
    status = getattr(c, "declared_status", None)
    kind = _PLAYER.get(c.alignment, c.alignment) + (f", {status}" if status else "")
    return f"{c.player}'s {role} company ({kind})"


def _unmet(s: Scenario, plays: Sequence[Play], card: str, args: tuple) -> str:
    who, what = str(args[1]), str(args[2])
    key, _, val = what.partition("=")
    if key in ("opponent_alignment", "own_alignment"):  # a condition on a player, not on the character
        by = next((p.by for p in plays if p.card == str(args[0]).partition("#")[0]), "defender")
        if key == "own_alignment":
            return f"{card} is played by a {_alignments(val)} player; {_company_words(s.company(by))} is not one"
        other = s.company("attacker" if by == "defender" else "defender")
        return f"{card} is played only against a {_alignments(val)} player's company; {_company_words(other)} is not one"
    if key == "status":  # the status of the character it is played for ("a tapped ... character")
        article = "an" if val[:1] in "aeiou" else "a"
        if not who:  # played before strikes are assigned: no member of the company is one
            return f"{card} is played for {article} {val} character; no member of the company is {val}"
        return f"{card} is played for {article} {val} character; {who} is not {val}"
    if key == "company_has":
        return f"{card} needs {val} in the company"
    if key == "not_self":
        return f"{card} is for another character than {who}"
    if key == "controller":
        return f"{card} acts only for the character it is an ally of, not {who}"
    if key == "source_assigned":
        return f"{card} acts only when it faces a strike of this attack too"
    if key == "itself":
        return f"{card} cancels only a strike against itself, not one against {who}"
    if key == "own_or_controller":
        return f"{card} cancels only a strike against itself or the character it is an ally of, not one against {who}"
    if key == "own_skill":  # "if the bearer is already a scout": the skill a card gives him does not count
        return (f"{card} needs a bearer already a {val.lower()} (a skill a card gives him does not count); "
                f"{who or 'nobody in the company'} is not one")
    if key == "struck":  # "a strike against X" under strike_against=targeted (MECCG-FX-12)
        return (f"{card} acts only on a strike against its bearer; under strike_against=targeted the strike "
                f"{who} faces is not one (he is in the attacking company)")
    if key == "carries":
        return f"{card} is played for a character who carries {val}; {who or 'nobody in the company'} carries none"
    if key == "not_race":
        return f"{card} is not played for a {val}; {who} is one"
    if key in ("opponent_race", "not_opponent_race"):
        against = "only against" if key == "opponent_race" else "not against"
        return f"{card} is played {against} a strike by a {val}; the strike {who} faces does not allow it"
    if key in ("company_size_min", "company_size_max"):
        most = "at least" if key == "company_size_min" else "at most"
        return f"{card} needs {most} {val} members in the company"
    phrase = {"skill": f"needs a {val}", "race": f"needs a {val}", "bearer": f"works only for {val}",
              "keyword": f"needs a {val}"}.get(key, f"needs {what}")
    return f"{card} {phrase}; {who or 'nobody in the company'} does not qualify"


def _article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (a site kind: a haven, a free-hold, ...)."""
    return "an" if str(word)[:1].lower() in "aeiou" else "a"


def _site_text(what: str) -> str:
    """A card's site condition in words: ``site_kind=free-hold or border-hold`` -> the site is a ... ."""
    key, _, val = what.partition("=")
    if key == "site_kind":
        return f"the site is {_article(val)} {val}"
    if key == "site_region":
        return f"the site is in {val}"
    if key == "under_deeps":
        return "the site is an Under-deeps site" if val == "True" else "the site is no Under-deeps site"
    return what


def _cost(card_id: Any) -> str:
    taps = cost_taps(str(card_id))
    return ", ".join(f"tap {'a ' if k != 'name' else ''}{v}" for k, v in taps)
