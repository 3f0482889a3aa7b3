"""MECCG CvCC strikes: modified prowess and body, exact two-sided odds, body checks, kill MPs.

Given a scenario with a ``combat:`` block (a complete assignment in the defender's strike
order, plus each strike's choices), this module

* checks the choices against the strike sequence (MECCG-SEQ-2..9, card requirements);
* computes each side's final prowess and body with a breakdown citing rule ids;
* gives the exact distribution of each strike's outcome (attacker 2d6, or the best of two,
  against defender 2d6; then the loser's body check) in :class:`fractions.Fraction`;
* combines the strikes, which are independent once the choices are fixed, into the
  distribution of kill MPs for each side and each character's fate;
* replays a combat with given dice, narrating each step with the rules applied.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Iterable, NamedTuple

from ...dice import Dist, best_of, two_d6
from ...errors import ScenarioError
from .assign import Assignment, LegalAssignments
from .effects import Effect, load_effects
from .model import Company, Member, Scenario, StrikeChoice

HAZARD_NOTE = "MECCG-STRUCT-8"


@dataclass(frozen=True)
class Mod:
    """One modification of a value, with the rule (or card) that makes it."""

    amount: int
    what: str
    rule: str


@dataclass(frozen=True)
class Side:
    """One side of a strike after steps 1-6: final prowess and body with their breakdowns."""

    member: Member
    role: str  #: attacker | defender
    prowess: int
    prowess_mods: tuple[Mod, ...]
    body: int
    body_mods: tuple[Mod, ...]
    rolls: int  #: 2d6 rolled this many times, best kept (MECCG-SEQ-13)
    stays_untapped: bool  #: took -3 (or -1 for The Balrog) not to tap
    prewounded: bool  #: wounded before this strike: +1 to a body check against it (MECCG-BODY-1)
    discard_on: tuple[int, ...]  #: body-check results that discard it (MECCG-BODY-2), moved by body mods
    ringwraith: bool
    cards: tuple[Effect, ...]


@dataclass(frozen=True)
class StrikeSetup:
    index: int  #: 1-based, in the defender's order
    choice: StrikeChoice
    attacker: Side
    defender: Side
    cancelled_by: Effect | None  #: a card that cancels the strike (MECCG-SEQ-12)
    supporters: tuple[str, ...]
    forced_excess: tuple[str, ...]  #: excess strikes forced onto the last strike (MECCG-SEQ-3)
    notes: tuple[str, ...] = ()


class Outcome(NamedTuple):
    """What one strike did. ``fate`` is the loser's: survives, eliminated, discarded, returned."""

    result: str  #: fails (defender higher), succeeds (attacker higher), tie, cancelled
    loser: str | None
    fate: str | None
    kill_mp_defender_player: int  #: kill MPs the defending player scores (MECCG-BODY-5)
    kill_mp_attacker_player: int
    penalty_defender_player: int  #: printed "-N MP if eliminated" and avatar -5 (MECCG-BODY-7/9)
    penalty_attacker_player: int


# ---- prowess and body ---------------------------------------------------------------------
def _race(m: Member) -> str:
    return (m.race or "").casefold()


def _has_skill(m: Member, skill: str) -> bool:
    return skill.casefold() in {s.casefold() for s in m.skills}


def _weapon_value(item, bearer: Member, opponent: Member, scenario: Scenario) -> tuple[int, int | None, str] | None:
    """(bonus, maximum, label) of a weapon for this strike, or None if it gives nothing."""
    if item.prowess_bonus is None:
        return None
    if item.prowess_warrior_only and not _has_skill(bearer, "Warrior"):
        return None
    bonus, maximum, label = item.prowess_bonus, item.prowess_max, item.name
    for cond in item.conditional_bonuses:
        applies = False
        if "against" in cond:
            applies = _race(opponent) in {r.casefold() for r in cond["against"]}
            why = f"against {opponent.race}"
        elif "bearer_race" in cond:
            applies = _race(bearer) == str(cond["bearer_race"]).casefold()
            why = f"{bearer.race} bearer"
        elif "when" in cond and "Doors of Night" in str(cond["when"]):
            # MECCG-SEQ-14 [aiglos_doors_of_night]: the seed says Aiglos keeps only its normal bonus
            applies = (scenario.flags.get("aiglos_doors_of_night") == "applies"
                       and any(c.name == "Doors of Night" for c in scenario.in_play))
            why = "Doors of Night in play"
        else:
            continue
        if applies:
            bonus = cond.get("prowess_bonus", bonus)
            maximum = cond.get("prowess_max", maximum)
            label = f"{item.name} ({why})"
    return bonus, maximum, label


def _best_weapon(m: Member, opponent: Member, scenario: Scenario, chosen: str | None):
    best = None
    for item in m.items:
        if chosen is not None and item.id != chosen:
            continue
        v = _weapon_value(item, m, opponent, scenario)
        if v is None:
            continue
        base = m.prowess or 0
        gain = (min(base + v[0], v[1]) if v[1] is not None else base + v[0]) - base
        if best is None or gain > best[0]:
            best = (gain, item, v)
    return best


def _penalty_not_to_tap(m: Member) -> int:
    # MECCG-CARD-1: The Balrog (BA-3) takes -1 instead of -3.
    if m.card_id == "BA-3":
        return 1
    return 3


def build_side(scenario: Scenario, choice: StrikeChoice, role: str, me: Member, opponent: Member,
               excess: Iterable[str], supporters: Iterable[str], cards: tuple[Effect, ...]) -> Side:
    """Steps 1-7 of the strike sequence for one side (MECCG-SEQ-2..9).

    ``me.status`` is the status when the strike starts (a member that tapped earlier in the
    combat, e.g. for an ally's ability, is tapped by then).
    """
    flags = scenario.flags
    base = me.prowess or 0
    mods: list[Mod] = []
    body_mods: list[Mod] = []
    untapped_by_card = any(c.untap for c in cards)
    # MECCG-SEQ-9 (1): the weapon first, with its maximum.
    weapon = _best_weapon(me, opponent, scenario, choice.attacker_weapon if role == "attacker" else choice.defender_weapon)
    others: list[Mod] = []
    # MECCG-SEQ-9 (2): the other modifications.
    if me.status == "wounded":
        others.append(Mod(-2, "wounded", "MECCG-SEQ-9"))
    elif me.status == "tapped" and not untapped_by_card:
        others.append(Mod(-1, "tapped", "MECCG-SEQ-9"))
    if role == "defender":
        for e in excess:
            others.append(Mod(-1, f"excess strike of {e}", "MECCG-SEQ-3"))
    took = choice.attacker_untapped if role == "attacker" else choice.defender_untapped
    if took:
        pen = _penalty_not_to_tap(me)
        rule = "MECCG-CARD-1" if pen == 1 else ("MECCG-SEQ-4" if role == "attacker" else "MECCG-SEQ-5")
        others.append(Mod(-pen, f"-{pen} not to tap", rule))
    if role == "defender":
        for s in supporters:
            others.append(Mod(1, f"support of {s}", "MECCG-SEQ-6"))
    for c in cards:
        if c.untap and me.status == "tapped":
            others.append(Mod(0, f"{c.name}: untapped, no penalty for being tapped", c.rule))
        if c.prowess and (c.target_race is None or _race(me) == c.target_race.casefold()):
            others.append(Mod(c.prowess, c.name, c.rule))
        if c.body:
            body_mods.append(Mod(c.body, c.name, c.rule))
    for pm in me.prowess_mods:
        against = pm.get("against")
        if against and isinstance(against, list) and _race(opponent) in {r.casefold() for r in against}:
            others.append(Mod(int(pm["value"]), f"{me.card_name}: {pm['value']:+d} against {opponent.race}",
                              "MECCG-SEQ-9"))
    if weapon is not None:
        gain, item, (bonus, maximum, label) = weapon
        # a weapon whose bonus Doors of Night would raise (Aiglos) is decided by MECCG-SEQ-14
        wrule = "MECCG-SEQ-14" if any("Doors of Night" in str(c.get("when", "")) for c in item.conditional_bonuses) \
            else "MECCG-SEQ-9"
        if flags.get("weapon_max_order") == "cap_total" and maximum is not None:
            # MECCG-SEQ-9 [weapon_max_order=cap_total]: the weapon never lifts the total past its maximum
            rest = sum(m.amount for m in others)
            total = min(base + bonus + rest, max(maximum, base + rest))
            mods.append(Mod(total - base - rest, f"{label}: +{bonus}, total capped at {maximum}", wrule))
        else:
            cap = f", max {maximum}" if maximum is not None else ""
            mods.append(Mod(gain, f"{label}: +{bonus}{cap}", wrule))
        if item.body_bonus:
            new_body = (me.body or 0) + item.body_bonus
            if item.body_max is not None:
                new_body = max(me.body or 0, min(new_body, item.body_max))
            if new_body != (me.body or 0):
                body_mods.append(Mod(new_body - (me.body or 0), item.name, "MECCG-SEQ-9"))
    for item in me.items:
        if item.prowess_bonus is not None and item.prowess_warrior_only and not _has_skill(me, "Warrior"):
            mods.append(Mod(0, f"{item.name}: warrior only, no bonus for {me.name}", "MECCG-SEQ-9"))
    mods.extend(others)
    prowess = base + sum(m.amount for m in mods)
    body_shift = sum(m.amount for m in body_mods)
    return Side(member=me, role=role, prowess=prowess, prowess_mods=tuple(mods), body=(me.body or 0) + body_shift,
                body_mods=tuple(body_mods), rolls=max([c.rolls for c in cards] + [1]), stays_untapped=took,
                prewounded=me.status == "wounded",
                discard_on=tuple(n + body_shift for n in me.discard_on_body_check),
                ringwraith=_race(me) == "ringwraith", cards=cards)


# ---- validating the plan ------------------------------------------------------------------
def _err(scenario: Scenario, path: str, message: str) -> ScenarioError:
    return ScenarioError(message, file=scenario.file, path=path)


def setup_strikes(scenario: Scenario) -> list[StrikeSetup]:
    """Check the combat plan against the rules and compute every strike's two sides."""
    combat = scenario.combat
    if combat is None:
        raise ScenarioError("needs a `combat:` block: the strikes (defender, attacker) in the defender's order, "
                            "with each strike's choices (see examples/meccg/wind_throne.yaml; `pycombat "
                            "enumerate` lists the legal assignments)", file=scenario.file, path="combat")
    if not combat.strikes:
        raise ScenarioError("lists no strikes", file=scenario.file, path=f"{combat.path}.strikes")
    _check_assignment(scenario)
    reg = load_effects()
    att, dfn = scenario.attacker, scenario.defender
    assigned_defenders = {s.defender for s in combat.strikes}
    allocated: dict[str, str] = {}
    tapped_supporters: set[str] = set()
    used_allies: set[str] = set()
    struck: set[str] = set()
    setups = []
    last = len(combat.strikes)
    for i, ch in enumerate(combat.strikes, start=1):
        # MECCG-SEQ-3: excess strikes are allocated by the attacker, once each.
        for e in ch.excess:
            if e not in combat.excess:
                raise _err(scenario, f"{ch.path}.excess", f"{e!r} is not an excess strike (its strike is assigned; "
                           f"excess: {', '.join(combat.excess) or 'none'}) (MECCG-SEQ-3)")
            if e in allocated:
                raise _err(scenario, f"{ch.path}.excess", f"{e!r}'s excess strike was already allocated "
                           f"({allocated[e]}) (MECCG-SEQ-3)")
            allocated[e] = ch.path
        forced: tuple[str, ...] = ()
        if i == last:
            # MECCG-SEQ-3: whatever is not allocated before the last strike must go on it.
            forced = tuple(e for e in combat.excess if e not in allocated)
        excess = ch.excess + forced
        # MECCG-SEQ-6: support from untapped defending members not facing a strike.
        for s in ch.support:
            m = dfn.member(s)
            if s in assigned_defenders:
                raise _err(scenario, f"{ch.path}.support", f"{s!r} faces a strike and may not support (MECCG-SEQ-6)")
            if m.status != "untapped" or s in tapped_supporters:
                raise _err(scenario, f"{ch.path}.support", f"{s!r} is not untapped and may not tap to support "
                           "(MECCG-SEQ-6)")
            tapped_supporters.add(s)
        a_cards = _cards(scenario, ch, "attacker", att, att.member(ch.attacker), reg, used_allies, struck)
        d_cards = _cards(scenario, ch, "defender", dfn, dfn.member(ch.defender), reg, used_allies, struck)
        for who, took in (("attacker", ch.attacker_untapped), ("defender", ch.defender_untapped)):
            company = att if who == "attacker" else dfn
            m = company.member(ch.attacker if who == "attacker" else ch.defender)
            if took and m.status != "untapped" and not any(c.untap for c in (a_cards if who == "attacker" else d_cards)):
                rule = "MECCG-SEQ-4" if who == "attacker" else "MECCG-SEQ-5"
                raise _err(scenario, f"{ch.path}.{who}_untapped",
                           f"{m.name} is {m.status}: taking -3 not to tap needs an untapped character ({rule})")
        a_m, d_m = att.member(ch.attacker), dfn.member(ch.defender)
        # a member that tapped for its ability earlier in this combat is tapped now (MECCG-SEQ-9)
        if a_m.name in used_allies and a_m.status == "untapped":
            a_m = replace(a_m, status="tapped")
        if d_m.name in used_allies and d_m.status == "untapped":
            d_m = replace(d_m, status="tapped")
        struck.update((ch.attacker, ch.defender))
        a_side = build_side(scenario, ch, "attacker", a_m, d_m, (), (), a_cards)
        d_side = build_side(scenario, ch, "defender", d_m, a_m, excess, ch.support, d_cards)
        cancel = next((c for c in d_cards + a_cards if c.cancel_strike), None)
        setups.append(StrikeSetup(index=i, choice=ch, attacker=a_side, defender=d_side, cancelled_by=cancel,
                                  supporters=ch.support, forced_excess=forced))
    return setups


def _check_assignment(scenario: Scenario) -> None:
    """The combat's pairs must be a legal complete assignment (MECCG-ASSIGN, check mode)."""
    combat = scenario.combat
    pairs = tuple((s.attacker, s.defender) for s in combat.strikes)
    view = LegalAssignments(scenario)
    violations = view.violations(Assignment(pairs, combat.excess))
    if violations:
        from ...rulebook import load_rulebook

        book = load_rulebook("meccg")
        why = "; ".join(f"{v.rule}: {book.rule(v.rule).summary}" for v in violations[:3])
        raise ScenarioError(f"is not a legal complete assignment: {why}", file=scenario.file,
                            path=f"{combat.path}.strikes")


def _cards(scenario: Scenario, ch: StrikeChoice, role: str, company: Company, me: Member, reg,
           used_allies: set[str], struck: set[str]) -> tuple[Effect, ...]:
    ids = ch.attacker_cards if role == "attacker" else ch.defender_cards
    step = "1" if role == "attacker" else "6"
    rule_step = "MECCG-SEQ-2" if role == "attacker" else "MECCG-SEQ-7"
    path = f"{ch.path}.{role}_cards"
    effects = tuple(reg.effects[i] for i in ids)
    skill_cards = [e for e in effects if e.skill_card]
    if len(skill_cards) > 1:
        raise _err(scenario, path, f"at most one card that needs a skill at step {step} ({rule_step}); got "
                   + ", ".join(e.name for e in skill_cards))
    for e in effects:
        if e.needs_skill and not _has_skill(me, e.needs_skill):
            raise _err(scenario, path, f"{e.name} needs a {e.needs_skill}; {me.name} is not one ({e.rule})")
        if e.needs_race and _race(me) != e.needs_race.casefold():
            raise _err(scenario, path, f"{e.name} needs a {e.needs_race}; {me.name} is a {me.race} ({e.rule})")
        if e.bearer and not me.card_name.casefold().startswith(e.bearer.casefold()):
            raise _err(scenario, path, f"{e.name} works only for {e.bearer} ({e.rule})")
        if e.source == "item" and e.id not in {i.id for i in me.items}:
            raise _err(scenario, path, f"{me.name} does not carry {e.name} ({e.rule})")
        if e.source == "ally":
            allies = [m for m in company.members if m.card_id == e.id]
            if not allies:
                raise _err(scenario, path, f"{e.name} is not in the {role}'s company ({e.rule})")
            ally = allies[0]
            if ally.status != "untapped" or ally.name in used_allies:
                raise _err(scenario, path, f"{ally.name} must be untapped to tap for its effect ({e.rule})")
            if ally.name in struck:
                raise _err(scenario, path, f"{ally.name} already faced its own strike: after it, it is tapped or "
                           f"wounded unless it took -3 and won, which pycombat does not assume ({e.rule})")
            used_allies.add(ally.name)
    return effects


# ---- odds ---------------------------------------------------------------------------------
def roll_dist(n: int) -> Dist:
    """A player's 2d6, rolled ``n`` times keeping the best (MECCG-SEQ-13)."""
    return best_of(two_d6(), n)


def body_result(loser: Side, roll: int, scorer_alignment: str, flags) -> tuple[str, int, int]:
    """A body check's (fate, kill MP to the scorer, MP the owner loses) for a 2d6 ``roll``."""
    m = loser.member
    result = roll + (1 if loser.prewounded else 0)  # MECCG-BODY-1: +1 if wounded before this strike
    if loser.ringwraith and roll in (7, 8):  # MECCG-BODY-3: unmodified 7 or 8
        return ("returned", 0, 0)
    if result in loser.discard_on:  # MECCG-BODY-2: exactly N discards an Orc or Troll
        return ("discarded", 0, 0)
    if result > loser.body:  # MECCG-BODY-1: greater than body eliminates
        return ("eliminated", kill_mp(m, scorer_alignment), owner_penalty(m, flags))
    return ("survives", 0, 0)


def body_check(loser: Side, scorer_alignment: str, flags) -> Dist:
    """The body check against ``loser`` (MECCG-BODY-1..9): Dist of (fate, kill MP, owner penalty)."""
    return two_d6().map(lambda roll: body_result(loser, roll, scorer_alignment, flags))


def kill_mp(m: Member, scorer_alignment: str) -> int:
    """MECCG-BODY-5: the printed MP (none printed: 0); MECCG-BODY-8: 1 for a Fallen-wizard player."""
    mp = max(m.mp or 0, 0)
    if scorer_alignment == "fallen-wizard" and mp >= 1:
        return 1
    return mp


def owner_penalty(m: Member, flags) -> int:
    """MECCG-BODY-9 [elimination_mp_clauses] and MECCG-BODY-7: MPs the owner loses."""
    if flags.get("elimination_mp_clauses") != "apply":
        return 0
    pen = -(m.mp_if_eliminated or 0) if (m.mp_if_eliminated or 0) < 0 else 0
    if m.avatar:
        pen += 5
    return pen


def strike_outcomes(setup: StrikeSetup, scenario: Scenario) -> Dist:
    """The exact distribution of a strike's :class:`Outcome` (MECCG-SEQ-9/10, MECCG-BODY)."""
    if setup.cancelled_by is not None:
        return Dist.point(Outcome("cancelled", None, None, 0, 0, 0, 0))
    a, d = setup.attacker, setup.defender
    att_al, def_al = scenario.attacker.alignment, scenario.defender.alignment

    def resolve(result: str) -> Dist:
        if result == "fails":  # D > A: the attacker is wounded, the defending player checks its body
            return body_check(a, def_al, scenario.flags).map(
                lambda f: Outcome("fails", a.member.name, f[0], f[1], 0, 0, f[2]))
        if result == "succeeds":  # D < A: the defender is wounded
            return body_check(d, att_al, scenario.flags).map(
                lambda f: Outcome("succeeds", d.member.name, f[0], 0, f[1], f[2], 0))
        return Dist.point(Outcome("tie", None, None, 0, 0, 0, 0))

    return compare_dist(a.prowess, a.rolls, d.prowess, d.rolls).bind(resolve)


def compare_dist(attacker_prowess: int, attacker_rolls: int, defender_prowess: int, defender_rolls: int) -> Dist:
    """MECCG-SEQ-9/10: both roll 2d6 (best of ``*_rolls``) and add prowess; Dist over
    ``fails`` (defender higher), ``tie`` and ``succeeds`` (attacker higher).

    >>> compare_dist(6, 1, 6, 1)["tie"]
    Fraction(73, 648)
    """
    def verdict(ra: int, rd: int) -> str:
        diff = (defender_prowess + rd) - (attacker_prowess + ra)
        return "fails" if diff > 0 else ("succeeds" if diff < 0 else "tie")

    return roll_dist(attacker_rolls).combine(roll_dist(defender_rolls), verdict)


@dataclass
class CombatOdds:
    setups: list[StrikeSetup]
    per_strike: list[Dist]
    kill_mp: Dist  #: joint (defending player's kill MPs, attacking player's kill MPs)
    fates: dict[str, Dist] = field(default_factory=dict)  #: member -> Dist of fate


def combat_odds(scenario: Scenario) -> CombatOdds:
    setups = setup_strikes(scenario)
    per = [strike_outcomes(s, scenario) for s in setups]
    joint = Dist.point((0, 0))
    for dist in per:  # strikes are independent once the choices are fixed
        joint = joint.combine(dist, lambda acc, o: (acc[0] + o.kill_mp_defender_player,
                                                    acc[1] + o.kill_mp_attacker_player))
    fates: dict[str, Dist] = {}
    for s, dist in zip(setups, per):
        for name in (s.attacker.member.name, s.defender.member.name):
            fates[name] = dist.map(lambda o, n=name: ("cancelled" if o.result == "cancelled" else
                                                      (o.fate if o.loser == n else "unhurt")))
    return CombatOdds(setups=setups, per_strike=per, kill_mp=joint, fates=fates)


def strike_summary(dist: Dist) -> dict[str, Fraction]:
    """P(defender wins), P(tie), P(defender loses), P(cancelled) of one strike."""
    return {
        "defender_wins": dist.prob(lambda o: o.result == "fails"),
        "tie": dist.prob(lambda o: o.result == "tie"),
        "defender_loses": dist.prob(lambda o: o.result == "succeeds"),
        "cancelled": dist.prob(lambda o: o.result == "cancelled"),
    }


# ---- replay -------------------------------------------------------------------------------
@dataclass
class ReplayStep:
    text: str
    rules: tuple[str, ...] = ()


@dataclass
class Replay:
    strikes: list[tuple[StrikeSetup, list[ReplayStep], Outcome]]
    preamble: list[ReplayStep]
    kill_mp: tuple[int, int]  #: (defending player, attacking player)


class RollSource:
    """Dice for a replay: per strike from the file, or one flat sequence from --rolls."""

    def __init__(self, flat: list[int] | None):
        self.flat = list(flat) if flat is not None else None
        self.pos = 0

    def take(self, given: tuple[int, ...], n: int, what: str, path: str, file: str | None) -> list[int]:
        if self.flat is not None:
            if self.pos + n > len(self.flat):
                raise ScenarioError(f"--rolls ran out of dice at {what} (needs {self.pos + n} rolls, "
                                    f"got {len(self.flat)})")
            out = self.flat[self.pos:self.pos + n]
            self.pos += n
            return out
        if len(given) != n:
            raise ScenarioError(f"{what} needs {n} roll{'s' if n > 1 else ''} (2d6 totals), the file gives "
                                f"{len(given)}", file=file, path=f"{path}.rolls")
        return list(given)


def _fmt_mods(base: int, mods: Iterable[Mod]) -> str:
    parts = [str(base)] + [f"{m.amount:+d} ({m.what}, {m.rule})" for m in mods if m.amount]
    return " ".join(parts)


def replay(scenario: Scenario, flat_rolls: list[int] | None = None) -> Replay:
    setups = setup_strikes(scenario)
    src = RollSource(flat_rolls)
    preamble = []
    hazards = [c.name for c in scenario.in_play if getattr(c, "type", None) == "hazard"]
    if hazards:
        preamble.append(ReplayStep(
            f"In play: {', '.join(hazards)}: hazards, no effect on company vs. company combat "
            f"[hazard_scope={scenario.flags['hazard_scope']}]", ("MECCG-STRUCT-8",)))
    for m in scenario.attacker.members:
        if m.may_not_face_strikes_at_site and scenario.flags["site_barred_ally_strikes"] == "strike":
            preamble.append(ReplayStep(
                f"{m.name} strikes although he may not face strikes at a site [site_barred_ally_strikes=strike]: "
                "the seed's reading; under CoE he commits no strike", ("MECCG-STRUCT-2",)))
    if scenario.combat.excess:
        preamble.append(ReplayStep(f"Excess strikes: {', '.join(scenario.combat.excess)}, -1 each where the attacker "
                                   "allocates them", ("MECCG-ASSIGN-5", "MECCG-STRUCT-9")))
    out = []
    tot_d = tot_a = 0
    for s in setups:
        steps: list[ReplayStep] = []
        a, d, ch = s.attacker, s.defender, s.choice
        steps.append(ReplayStep(f"Strike {s.index}: {d.member.name} ({d.member.status}) faces {a.member.name}'s "
                                f"strike ({a.member.status}); the defender chose the order", ("MECCG-SEQ-1",)))
        for c in a.cards:
            steps.append(ReplayStep(f"Step 1: the attacker plays {c.name}", ("MECCG-SEQ-2", c.rule)))
        for e in ch.excess:
            steps.append(ReplayStep(f"Step 2: the attacker allocates {e}'s excess strike to {d.member.name}: -1",
                                    ("MECCG-SEQ-3",)))
        for e in s.forced_excess:
            steps.append(ReplayStep(f"Step 2: last strike: {e}'s unallocated excess strike must go on "
                                    f"{d.member.name}: -1", ("MECCG-SEQ-3",)))
        if ch.attacker_untapped:
            steps.append(ReplayStep(f"Step 3: {a.member.name} takes the penalty not to tap", ("MECCG-SEQ-4",)))
        elif a.member.status == "untapped":
            steps.append(ReplayStep(f"Step 3: {a.member.name} takes no -3: full prowess, will tap", ("MECCG-SEQ-4",)))
        if ch.defender_untapped:
            steps.append(ReplayStep(f"Step 4: {d.member.name} takes -3 not to tap", ("MECCG-SEQ-5",)))
        elif d.member.status == "untapped":
            steps.append(ReplayStep(f"Step 4: {d.member.name} takes no -3: full prowess, will tap", ("MECCG-SEQ-5",)))
        for sup in s.supporters:
            steps.append(ReplayStep(f"Step 5: {sup} taps to support {d.member.name}: +1", ("MECCG-SEQ-6",)))
        for c in d.cards:
            steps.append(ReplayStep(f"Step 6: the defender plays {c.name}", ("MECCG-SEQ-7", c.rule)))
            if c.id == "TW-252":
                steps.append(ReplayStep("(the seed credits Halfling Stealth to the attacker; it is the hero "
                                        "player's card, played by the defender)", ("MECCG-CARD-9",)))
        if s.cancelled_by is not None:
            who = s.cancelled_by.name
            taps = scenario.flags["cancelled_strike_taps"] == "yes"
            steps.append(ReplayStep(
                f"{who} cancels the strike: no roll, no wound, no body check; "
                f"{'both characters tap' if taps else 'nobody taps'} "
                f"[cancelled_strike_taps={scenario.flags['cancelled_strike_taps']}]"
                + (f" (the seed taps {a.member.name})" if not taps else "")
                + f". {d.member.name} would have been at {d.prowess}, {a.member.name} at {a.prowess}",
                ("MECCG-SEQ-12", s.cancelled_by.rule)))
            out.append((s, steps, Outcome("cancelled", None, None, 0, 0, 0, 0)))
            continue
        boosting = [c.name for c in scenario.in_play if getattr(c, "type", None) == "hazard"
                    and any("prowess" in t for t in getattr(c, "effect_tags", ()))]
        nothing = (f"; {', '.join(boosting)} gives nothing (a hazard)" if boosting else "")
        steps.append(ReplayStep(f"Prowess: {a.member.name} {_fmt_mods(a.member.prowess or 0, a.prowess_mods)} = "
                                f"{a.prowess}; {d.member.name} {_fmt_mods(d.member.prowess or 0, d.prowess_mods)} = "
                                f"{d.prowess}{nothing}", ("MECCG-SEQ-9",) + (("MECCG-STRUCT-8",) if boosting else ())))
        ra = src.take(ch.rolls.attacker if ch.rolls else (), a.rolls, f"strike {s.index} (attacker)", ch.path,
                      scenario.file)
        rd = src.take(ch.rolls.defender if ch.rolls else (), d.rolls, f"strike {s.index} (defender)", ch.path,
                      scenario.file)
        ka, kd = max(ra), max(rd)
        A, D = a.prowess + ka, d.prowess + kd
        rolled_a = f"{' and '.join(map(str, ra))}, keeps {ka}" if len(ra) > 1 else str(ka)
        rules = ("MECCG-SEQ-9", "MECCG-SEQ-13") if len(ra) > 1 or len(rd) > 1 else ("MECCG-SEQ-9",)
        steps.append(ReplayStep(f"Step 7: the attacker rolls {rolled_a}: {a.prowess} + {ka} = {A}; the defender "
                                f"rolls {', '.join(map(str, rd))}: {d.prowess} + {kd} = {D}", rules))
        if D == A:
            taps = [x.member.name for x in (a, d) if not x.stays_untapped and x.member.status == "untapped"]
            steps.append(ReplayStep(f"Step 8: {D} = {A}: ineffectual, nobody is wounded"
                                    + (f"; {', '.join(taps)} tap{'s' if len(taps) == 1 else ''}" if taps else ""),
                                    ("MECCG-SEQ-10",)))
            out.append((s, steps, Outcome("tie", None, None, 0, 0, 0, 0)))
            continue
        winner, loser = (d, a) if D > A else (a, d)
        verdict = "fails" if D > A else "succeeds"
        tap = (f"{winner.member.name} taps" if winner.member.status == "untapped" and not winner.stays_untapped
               else f"{winner.member.name} does not tap")
        steps.append(ReplayStep(f"Step 8: {max(A, D)} > {min(A, D)}: the strike {verdict}; {tap}, "
                                f"{loser.member.name} is wounded and the "
                                f"{'defending' if D > A else 'attacking'} player makes the body check",
                                ("MECCG-SEQ-10", "MECCG-BODY-1")))
        body = src.take((ch.rolls.body,) if ch.rolls and ch.rolls.body is not None else (), 1,
                        f"strike {s.index} (body check)", ch.path, scenario.file)[0]
        scorer_al = scenario.defender.alignment if D > A else scenario.attacker.alignment
        fate, kmp, pen = body_result(loser, body, scorer_al, scenario.flags)
        result = body + (1 if loser.prewounded else 0)
        bmods = "".join(f" {m.amount:+d} ({m.what})" for m in loser.body_mods)
        body_txt = f"body {loser.member.body}{bmods} = {loser.body}" if loser.body_mods else f"body {loser.body}"
        rolled = f"{body} + 1 (wounded before this strike) = {result}" if loser.prewounded else f"{body}"
        if fate == "eliminated":
            text = f"Body check: {rolled} > {body_txt}"
            if loser.discard_on:
                text += f", not the discard number {', '.join(map(str, loser.discard_on))}"
            text += f": {loser.member.name} is eliminated; {kmp} kill MP to the {'defending' if D > A else 'attacking'} player"
            rules = ("MECCG-BODY-1", "MECCG-BODY-5")
            if loser.discard_on:
                rules = rules + ("MECCG-BODY-2",)
        elif fate == "discarded":
            text = f"Body check: {rolled} is {loser.member.name}'s discard number: discarded, no kill MP"
            rules = ("MECCG-BODY-2", "MECCG-BODY-5")
        elif fate == "returned":
            text = f"Body check: {body} against a Ringwraith: returns to its player's hand, no kill MP"
            rules = ("MECCG-BODY-3",)
        else:
            text = f"Body check: {rolled} is not greater than {body_txt}: {loser.member.name} survives, wounded"
            rules = ("MECCG-BODY-1",)
        steps.append(ReplayStep(text, rules))
        o = Outcome(verdict, loser.member.name, fate, kmp if D > A else 0, kmp if D < A else 0,
                    pen if D < A else 0, pen if D > A else 0)
        tot_d += o.kill_mp_defender_player
        tot_a += o.kill_mp_attacker_player
        out.append((s, steps, o))
    if src.flat is not None and src.pos != len(src.flat):
        raise ScenarioError(f"--rolls gives {len(src.flat)} rolls but the combat uses {src.pos}")
    return Replay(strikes=out, preamble=preamble, kill_mp=(tot_d, tot_a))


# ---- reports (plain data for the CLI and JSON) -----------------------------------------------
FATES = ("wounded", "eliminated", "discarded", "returned")


def defaults_used(scenario: Scenario) -> list[str]:
    """What the plan leaves to defaults, said in words (the output states them)."""
    out = []
    combat = scenario.combat
    if combat is None:
        return out
    allocated = {e for s in combat.strikes for e in s.excess}
    if combat.excess and set(combat.excess) - allocated:
        out.append("excess strikes not allocated in the file go on the last strike (MECCG-SEQ-3): "
                   + ", ".join(e for e in combat.excess if e not in allocated))
    for s in combat.strikes:
        missing = []
        if not s.attacker_cards:
            missing.append("no attacker card")
        if not s.defender_cards:
            missing.append("no defender card")
        if not s.attacker_untapped:
            missing.append("the attacker taps (no -3)")
        if not s.defender_untapped:
            missing.append("the defender taps (no -3)")
        if not s.support:
            missing.append("no support")
        out.append(f"{s.defender} vs {s.attacker}: " + ", ".join(missing) if missing else
                   f"{s.defender} vs {s.attacker}: every choice given")
    return out


def member_fates(dist: Dist, name: str) -> dict[str, Fraction]:
    """P(name loses the strike, i.e. is wounded) and P(each body-check fate)."""
    return {
        "wounded": dist.prob(lambda o: o.loser == name),
        "eliminated": dist.prob(lambda o: o.loser == name and o.fate == "eliminated"),
        "discarded": dist.prob(lambda o: o.loser == name and o.fate == "discarded"),
        "returned": dist.prob(lambda o: o.loser == name and o.fate == "returned"),
    }


def marginal(joint: Dist, index: int) -> Dist:
    return joint.map(lambda k: k[index])
