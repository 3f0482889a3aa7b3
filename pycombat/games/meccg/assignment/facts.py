"""The fact boundary: MECCG model objects <-> the ASP predicates of ``asp_rules/meccg``.

Input predicates are documented in ``asp_rules/meccg/input.lp``; output predicates in
``show.lp``.  Both directions go through these clorm classes, never through string parsing.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Iterable, Iterator

from clorm import ConstantField, IntegerField, Predicate, StringField

from pycombat.in_force import in_force
from ..model import Company, Member, Scenario


# ---- input ---------------------------------------------------------------------------------
class Player(Predicate):
    company = ConstantField
    alignment = ConstantField

    class Meta:
        name = "player"


class Declared(Predicate):
    company = ConstantField
    status = ConstantField

    class Meta:
        name = "declared"


class AtSite(Predicate):
    company = ConstantField
    site = StringField

    class Meta:
        name = "at_site"


class EnteredSite(Predicate):
    company = ConstantField

    class Meta:
        name = "entered_site"


class DeclaredAt(Predicate):
    company = ConstantField
    moment = ConstantField

    class Meta:
        name = "declared_at"


class InfluenceAttempt(Predicate):
    company = ConstantField

    class Meta:
        name = "influence_attempt"


class AttackedThisTurn(Predicate):
    company = ConstantField

    class Meta:
        name = "attacked_this_turn"


class StagePoints(Predicate):
    company = ConstantField
    points = IntegerField

    class Meta:
        name = "stage_points"


class InPlay(Predicate):
    company = ConstantField
    card = StringField

    class Meta:
        name = "in_play"


class MemberOf(Predicate):
    company = ConstantField
    member = StringField

    class Meta:
        name = "member"


class Ally(Predicate):
    member = StringField

    class Meta:
        name = "ally"


class Avatar(Predicate):
    member = StringField

    class Meta:
        name = "avatar"


class Race(Predicate):
    member = StringField
    race = ConstantField

    class Meta:
        name = "race"


class Keyword(Predicate):
    member = StringField
    keyword = ConstantField

    class Meta:
        name = "keyword"


class Skill(Predicate):
    member = StringField
    skill = ConstantField

    class Meta:
        name = "skill"


class Status(Predicate):
    member = StringField
    status = ConstantField

    class Meta:
        name = "status"


class MayNotBeAttacked(Predicate):
    member = StringField

    class Meta:
        name = "may_not_be_attacked"


class SiteBarred(Predicate):
    member = StringField

    class Meta:
        name = "site_barred"


class MakesOvert(Predicate):
    member = StringField

    class Meta:
        name = "makes_overt"


class AssignableAsUntapped(Predicate):
    member = StringField

    class Meta:
        name = "assignable_as_untapped"


class BeforeController(Predicate):
    member = StringField
    controller = StringField

    class Meta:
        name = "before_controller"


class FellRider(Predicate):
    member = StringField

    class Meta:
        name = "fell_rider"


# ---- candidates and output -------------------------------------------------------------
class Assign(Predicate):
    """assign(S, T): the strike of attacking member S goes to defending member T."""

    strike = StringField
    target = StringField

    class Meta:
        name = "assign"


class ClaimedExcess(Predicate):
    strike = StringField

    class Meta:
        name = "claimed_excess"


class TAssign(Predicate):
    """tassign(S, T, P): trace pair made in phase P."""

    strike = StringField
    target = StringField
    phase = IntegerField

    class Meta:
        name = "tassign"


class StrikeProfile(Predicate):
    strike = StringField
    profile = ConstantField

    class Meta:
        name = "strike_profile"


OUTPUT_PREDICATES = (Assign, TAssign, StrikeProfile)


@lru_cache(maxsize=4096)
def asp_const(text: str) -> str:
    """A data value (race, keyword, alignment) as an ASP constant: ``"Dúnadan"`` -> ``dunadan``.

    >>> asp_const("Fallen-wizard"), asp_const("Dúnadan"), asp_const("Half-orc")
    ('fallen_wizard', 'dunadan', 'half_orc')
    """
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    out = "".join(c if c.isalnum() else "_" for c in plain).strip("_")
    return out if out and out[0].isalpha() else f"k_{out}"


def site_key(site: str) -> str:
    """Same named site whatever the alignment version of its card (MECCG-INIT-2 note)."""
    plain = unicodedata.normalize("NFKD", site)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.casefold().replace("’", "'").split())


def member_facts(role: str, m: Member) -> Iterator[Predicate]:
    yield MemberOf(company=role, member=m.name)
    yield Status(member=m.name, status=m.status)
    if m.card_type == "ally":
        yield Ally(member=m.name)
    if m.avatar:
        yield Avatar(member=m.name)
    if m.race:
        yield Race(member=m.name, race=asp_const(m.race))
    for k in m.keywords:
        yield Keyword(member=m.name, keyword=asp_const(k))
    for sk in m.skills:
        yield Skill(member=m.name, skill=asp_const(sk))
    if m.may_not_be_attacked:
        yield MayNotBeAttacked(member=m.name)
    if m.may_not_face_strikes_at_site:
        yield SiteBarred(member=m.name)
    if m.makes_company_overt:
        yield MakesOvert(member=m.name)
    if m.fell_rider:
        yield FellRider(member=m.name)
    if m.assignable_as_untapped:
        yield AssignableAsUntapped(member=m.name)
    if m.struck_before_controller and m.ally_of:
        yield BeforeController(member=m.name, controller=m.ally_of)


def company_facts(c: Company) -> Iterator[Predicate]:
    role = c.role
    yield Player(company=role, alignment=asp_const(c.alignment))
    if c.declared_status:
        yield Declared(company=role, status=c.declared_status)
    yield AtSite(company=role, site=site_key(c.site))
    yield DeclaredAt(company=role, moment=c.declared_at)
    if c.entered_site:
        yield EnteredSite(company=role)
    if c.influence_attempt_this_turn:
        yield InfluenceAttempt(company=role)
    if c.attacked_this_turn:
        yield AttackedThisTurn(company=role)
    if c.stage_points is not None:
        yield StagePoints(company=role, points=c.stage_points)
    for card in c.in_play:
        yield InPlay(company=role, card=card.id)
    for m in c.members:
        yield from member_facts(role, m)


def scenario_facts(s: Scenario) -> list[Predicate]:
    """All input facts of a scenario (see ``asp_rules/meccg/input.lp``), a new list each call.

    The facts of a company are made once for equal companies (frozen values): every verb asks
    several programs about one scenario, and a batch asks about the same companies again."""
    return list(_company_facts(s.attacker) + _company_facts(s.defender))


def _company_facts(c: Company) -> tuple[Predicate, ...]:
    try:
        facts = _company_facts_of(c)
    except TypeError:  # a company holding an unhashable value: made afresh
        facts = tuple(company_facts(c))
    if not in_force("MECCG-FX-18"):  # the abilities that change the strike assignment do nothing
        facts = tuple(f for f in facts if not isinstance(f, (AssignableAsUntapped, BeforeController)))
    return facts


@lru_cache(maxsize=256)
def _company_facts_of(c: Company) -> tuple[Predicate, ...]:
    return tuple(company_facts(c))


def assignment_facts(pairs: Iterable[tuple[str, str]], excess: Iterable[str] | None = None) -> list[Predicate]:
    """A candidate complete assignment as facts for check mode."""
    out: list[Predicate] = [Assign(strike=s, target=t) for s, t in pairs]
    if excess is not None:
        out.extend(ClaimedExcess(strike=s) for s in excess)
    return out


def trace_facts(triples: Iterable[tuple[str, str, int]]) -> list[Predicate]:
    return [TAssign(strike=s, target=t, phase=p) for s, t, p in triples]
