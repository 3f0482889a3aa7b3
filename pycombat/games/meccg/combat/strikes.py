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
from functools import partial
from itertools import combinations, product
from fractions import Fraction
from typing import Callable, Iterable, NamedTuple, Sequence

from pycombat.dice import Dist, best_of, fmt, two_d6
from pycombat.errors import ScenarioError
from pycombat.in_force import in_force, removed_rules
from pycombat.names import normalize
from ..assignment.legal import Assignment, LegalAssignments
from ..cards import interpreter as cardfx
from ..cards import keeps, play, rolls
from ..cards.interpreter import CardModel
from ..cards.strike_effects import Effect, load_effects
from ..model import Company, Member, Scenario, StrikeChoice  # noqa: F401

HAZARD_NOTE = "MECCG-STRUCT-8"


@dataclass(frozen=True)
class Mod:
    """One modification of a value, with the rule (or card) that makes it."""

    amount: int
    what: str
    rule: str
    #: made by a card lasting until the end of its turn (:func:`lasts_the_turn`): taking MECCG-FX-7 away
    #: keeps it (that removal is of the card's end with an earlier turn, :func:`ended_with_its_turn`)
    turn: bool = field(default=False, compare=False)


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
    body_roll_mod: int = 0  #: added to body-check rolls against this side (Blow Turned -1, MECCG-FX-9)
    no_tap: bool = False  #: does not tap after the strike unless wounded (Block, Dodge, MECCG-FX-1)
    untapped_by_card: bool = False  #: tapped when the strike began, untapped by a card (MECCG-FX-1)
    #: the item that keeps it from being wounded by a strike it loses (Sable Shield, MECCG-FX-17), and
    #: the roll its bearer then makes: above it the item is discarded (after the strike)
    unwounded_by: tuple[str, int] | None = None
    #: the opposing card that discards it when it loses its strike and survives the body check
    #: (Mount Slain against a Ringwraith, MECCG-FX-14)
    discarded_if_survives: str | None = None
    #: the opposing card by which, when it loses its strike, it makes no body check and is put off to
    #: the side instead (No Better Use, MECCG-FX-28)
    off_to_side: str | None = None

    @property
    def untapped(self) -> bool:
        """Untapped when it resolves: untapped from the start, or untapped by a card this strike."""
        return self.member.status == "untapped" or self.untapped_by_card


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
    #: a card that makes the strike ineffectual: nothing is rolled, the strike ties (MECCG-SEQ-10, MECCG-FX-17)
    ineffectual_by: Effect | None = None
    #: cards played in this strike that act only on a roll (MECCG-FX-16): ``(probability, the cards
    #: whose roll failed, the strike then)`` for every way their rolls can go; empty: no such card
    rolled: tuple[tuple[Fraction, frozenset, "StrikeSetup"], ...] = field(default=(), compare=False)
    #: (member, card) the cards played on this strike untap besides the ones they are played for (MECCG-FX-1)
    untaps_others: tuple[tuple[str, str], ...] = ()
    #: (member, card) of this strike's characters that a card untapped earlier in the attack (MECCG-FX-1)
    untapped_earlier: tuple[tuple[str, str], ...] = ()
    #: (member, why) of the defending members who may not tap to support this strike because of what
    #: happened earlier in the attack or their status (MECCG-SEQ-6): the check the ``support:`` of a
    #: ``combat:`` block makes, for the claims that ask it
    support_barred: tuple[tuple[str, str], ...] = ()
    #: (member, fate, card): a corruption check a card played here called for failed (MECCG-FX-22): the
    #: member is discarded or eliminated before the strike is rolled, which is then not resolved
    corrupted: tuple[str, str, str] | None = None
    #: role -> (payer's Side, card name): a member who tapped to pay a card's cost for the character of
    #: that side, and makes a body check if that character loses the strike (MECCG-FX-24)
    payer_checks: tuple[tuple[str, "Side", str], ...] = ()
    #: (card name, member) for each card played here whose cost another member tapped to pay (MECCG-FX-24)
    payers: tuple[tuple[str, str], ...] = ()
    #: (member, fate, card, role, MP penalty): another member than the one facing the strike failed the
    #: corruption check a card played here cost (MECCG-FX-25): discarded or eliminated, the strike goes on
    checked: tuple[tuple[str, str, str, str, int], ...] = ()
    #: the cards' rolls of :func:`card_rolls`, kept when the variants are made
    card_checks: tuple = field(default=(), compare=False)
    #: (member, item, card): an item a card played here discarded before the roll (MECCG-FX-26)
    items_discarded: tuple[tuple[str, str, str], ...] = ()
    #: (supporters gone, the strike then) for each set of this strike's supporters who may leave play
    #: earlier in the attack (an ally with its controlling character, MECCG-BODY-4; a member whose check
    #: or body check an earlier strike called for, MECCG-FX-24/25): a supporter who left play taps for
    #: nothing, and the strike is fought without his +1 (MECCG-SEQ-6)
    unsupported: tuple[tuple[frozenset, "StrikeSetup"], ...] = field(default=(), compare=False)
    #: (supporter, rule) of each supporter who may leave play before this strike: with his controlling
    #: character (MECCG-BODY-4), else by a check an earlier card called for (MECCG-FX-24/25)
    support_at_risk: tuple[tuple[str, tuple[str, ...]], ...] = field(default=(), compare=False)
    #: the members who tap, when the loser of this strike is put off to the side instead of making his body
    #: check, to pay for the card that does it (No Better Use: "tap your character", paid when the body check
    #: would be made, not when the card is played, MECCG-FX-28)
    aside_taps: tuple[str, ...] = ()
    #: the members of this strike (its two, a supporter, the bearer of such a card played here) who may have
    #: tapped so in an earlier strike, as its result decides (MECCG-FX-28)
    tap_watch: frozenset = field(default=frozenset(), compare=False)
    #: (members tapped, the strike then) for each set of :attr:`tap_watch`: tapped, a member faces his strike
    #: tapped (MECCG-SEQ-9), supports it no more (MECCG-SEQ-6) and cannot tap for such a card again
    if_tapped: tuple[tuple[frozenset, "StrikeSetup"], ...] = field(default=(), compare=False)

    def with_tapped(self, tapped: "frozenset[str] | set[str]") -> "StrikeSetup":
        """This strike when the members in ``tapped`` tapped in an earlier strike to put its loser off to the
        side (:attr:`if_tapped`)."""
        names = frozenset(tapped) & self.tap_watch
        if not names:
            return self
        for got, setup in self.if_tapped:
            if got == names:
                return setup
        raise AssertionError(f"strike {self.index}: no variant with {sorted(names)} tapped")

    def without_supporters(self, gone: "frozenset[str] | set[str]") -> "StrikeSetup":
        """This strike when the supporters in ``gone`` left play before it (:attr:`unsupported`)."""
        lost = frozenset(gone) & frozenset(self.supporters)
        if not lost:
            return self
        for names, setup in self.unsupported:
            if names == lost:
                return setup
        raise AssertionError(f"strike {self.index}: no variant without {sorted(lost)}")


class Outcome(NamedTuple):
    """What one strike did. ``fate`` is the loser's: survives, eliminated, discarded, returned."""

    result: str  #: fails (defender higher), succeeds (attacker higher), tie, cancelled, corrupted (MECCG-FX-22)
    loser: str | None
    fate: str | None
    kill_mp_defender_player: int  #: kill MPs the defending player scores (MECCG-BODY-5)
    kill_mp_attacker_player: int
    penalty_defender_player: int  #: printed "-N MP if eliminated" and avatar -5 (MECCG-BODY-7/9)
    penalty_attacker_player: int
    #: (member, fate) of a member who paid a card's cost and made a body check too (MECCG-FX-24)
    also: tuple[tuple[str, str], ...] = ()
    #: the loser, when an opposing card put him off to the side instead of his body check (``fate``
    #: None: no body check; he leaves play, no kill MP, MECCG-FX-28)
    aside: str | None = None


# ---- prowess and body ----------------------------------------------------------------------
def _race(m: Member) -> str:
    return (m.race or "").casefold()


def _has_skill(m: Member, skill: str) -> bool:
    return skill.casefold() in {s.casefold() for s in m.skills}


OPPOSING = ("opponent_prowess", "opponent_body", "opponent_body_check_roll", "halve_opponent_body",
            "opponent_discarded_if_survives", "opponent_off_to_side")
#: the weapon "chosen" when the opposing card cancels it: no item has this id
NO_WEAPON = ""


def _flag_off(scenario: Scenario, card: CardModel) -> bool:
    """An unclear card (card_flags.md) whose flag reads it as having no effect in CvCC."""
    return card.flag is not None and scenario.flags.get(card.flag, "no_effect") == "no_effect"


#: the rule by which a card in play lasting until the end of the turn acts on the attacking company only
TURN_RULE = "MECCG-FX-7"
#: the words that name such a card on the defending company in a side's breakdown (a zero modification)
ENDED_WORDS = "it lasted until the end of an earlier turn"
#: the rules a prowess modification may carry that are not switched by :func:`acts`: the roll's own computation
#: (MECCG-SEQ-9: printed prowess, the weapon's step, tapped and wounded)
NOT_SWITCHED = ("MECCG-SEQ-9",)


def acts(m: "Mod") -> bool:
    """A prowess modification is made: the rule it carries is in force (:func:`pycombat.in_force.in_force`: the
    counterfactual that takes a modification's rule away, e.g. support MECCG-SEQ-6 or a race bonus MECCG-FX-4;
    not the rules of :data:`NOT_SWITCHED`). Taking MECCG-FX-7 away takes away what the cards in play give
    (Fellowship's +1) but not what a card lasting the turn gives (``Mod.turn``): for those it is their end with
    an earlier turn that goes (:func:`ended_with_its_turn`), so on the defending company they act."""
    if m.rule == TURN_RULE and m.turn:
        return True
    return m.rule in NOT_SWITCHED or in_force(m.rule)


def _maximum(v) -> int | None:
    """A bonus's maximum as MECCG-FX-2 reads it (None: no maximum, or the rule taken away)."""
    return v.maximum if v is not None and in_force("MECCG-FX-2") else None


def lasts_the_turn(m: CardModel) -> bool:
    """A card in play, or a member's ability used on a company, whose effect lasts until the end of the turn
    it was played or used in (card_effects.yaml ``lasts: turn``: Drughu, Praise to Elbereth, Gloom, Glance of
    Arien, Potion of Prowess ...; ``turn_fx``: Dwar the Ringwraith)."""
    return m.lasts == "turn" or bool(m.turn_fx)


def ended_with_its_turn(m: CardModel, role: str) -> bool:
    """MECCG-FX-7: a card lasting the turn (:func:`lasts_the_turn`) that would act on a member of the company of
    ``role``: on the defending company it was played in an earlier turn and has ended, for the attack is made in
    the attacker's own turn (MECCG-INIT-1), in which the defender plays no resource and takes no action before it
    and hazards are played on the attacker's companies."""
    return role == "defender" and lasts_the_turn(m) and in_force(TURN_RULE)


def ended_text(scenario: Scenario) -> str:
    """Why a card lasting the turn gives the defending company nothing (MECCG-FX-7, MECCG-INIT-1), in words."""
    a, d = scenario.attacker.player, scenario.defender.player
    return (f"it lasts until the end of the turn it was played or used in, and on {d}'s defending company that "
            f"was an earlier turn: this attack is made in {a}'s own turn")


def ended_note(m: Mod) -> bool:
    """A side's zero modification naming a card in play that ended with an earlier turn (:func:`build_side`)."""
    return not m.amount and m.rule == TURN_RULE and ENDED_WORDS in m.what


def standing_cards(scenario: Scenario, role: str, me: Member) -> list[CardModel]:
    """The card models acting on ``me`` without being played in this strike: its own abilities,
    its company's and the scenario's cards in play, and the Ringwraith mode cards (MECCG-FX-4/6/7)."""
    return _standing(scenario, role, me)[0]


def ended_cards(scenario: Scenario, role: str, me: Member) -> list[CardModel]:
    """The cards in play lasting the turn that would act on ``me`` but ended with an earlier turn (MECCG-FX-7:
    :func:`ended_with_its_turn`)."""
    return _standing(scenario, role, me)[1]


def _standing(scenario: Scenario, role: str, me: Member) -> tuple[list[CardModel], list[CardModel]]:
    """``(acting, ended)``: :func:`standing_cards` and :func:`ended_cards`, read in one pass."""
    company = scenario.company(role)
    out: list[CardModel] = []
    ended: list[CardModel] = []
    if me.card_id:
        own = cardfx.model(me.card_id)
        if own.play == "ability":
            out.append(own)
        elif own.fx and own.kind == "character":  # a tapping ability: its plain records still act
            out.append(cardfx.CardModel(id=own.id, name=own.name, kind="character", play="ability", rule=own.rule,
                                        fx=tuple(f for f in own.fx if f.cond and ("mode" in f.cond
                                                                                  or "opponent_race" in f.cond))))
    for other in company.members:  # another member's abilities for its company (MECCG-FX-4)
        if other.name != me.name and other.card_id:
            om = cardfx.model(other.card_id)
            if om.company_fx:
                out.append(cardfx.CardModel(id=om.id, name=om.name, kind="character", play="ability",
                                            rule=om.rule, fx=om.company_fx))
    other = scenario.company("defender" if role == "attacker" else "attacker")
    # an environment the other company lists is in play for this one too, as the scenario's (MECCG-FX-7)
    placed = [(c, False) for c in company.in_play] + [(c, True) for c in scenario.in_play] + \
        [(c, True) for c in other.in_play if cardfx.is_environment(c)]
    for card, global_ in placed:
        if getattr(card, "type", None) == "hazard" and cardfx.hazards_off(scenario):
            continue  # MECCG-STRUCT-8 [hazard_scope=all]: no hazard has an effect (Gloom, The Sun Shone Fiercely)
        m = cardfx.model(card.id)
        gone = ended_with_its_turn(m, role)  # on the defending company: played in an earlier turn (MECCG-FX-7)
        if m.turn_fx:  # a member's ability used on this company earlier in the turn (Dwar, MECCG-FX-4)
            if not global_:
                (ended if gone else out).append(cardfx.CardModel(
                    id=m.id, name=m.name if gone else f"{m.name} (used earlier this turn)", kind=m.kind,
                    play="in_play", rule=m.rule, fx=m.turn_fx))
            continue
        if m.placed_on and getattr(card, "on", None) != me.name:
            continue  # placed on another member, or on none (then named as not modelled, cards/coverage.py)
        if global_ and getattr(card, "type", None) == "resource" and not m.placed_on:
            continue  # a resource under no company: reported as unmodelled (cards/coverage.py)
        if m.play == "in_play" and m.side == "defender" and role != "defender":
            continue  # a card only the company facing the attack plays (MECCG-STRUCT-3): named by cards/coverage.py
        if m.play == "in_play" and m.kind != "item" and not _flag_off(scenario, m):
            if m.placed_with and getattr(card, "item", None):  # its weapon bonus acts on the item it is placed with
                m = replace(m, fx=tuple(replace(f, cond={**f.cond, "carries": [card.item]})
                                        if f.what == "weapon_prowess" else f for f in m.fx))
            (ended if gone else out).append(m)
        elif m.play != "in_play" and m.lasts == "turn" and not global_:  # an item used earlier this turn (MECCG-FX-17)
            (ended if gone else out).append(m)
    for m in cardfx.mode_cards():
        if m.whole_company and any(x.mode == m.mode for x in company.members):
            out.append(m)
        elif not m.whole_company and me.mode == m.mode:
            out.append(m)
    return out, ended


def _records(cards: Iterable[CardModel], ctx: cardfx.Ctx, scenario: Scenario) -> list[tuple[cardfx.Fx, CardModel]]:
    """The records of ``cards`` whose card requirements and own conditions hold in ``ctx``."""
    out = []
    for c in cards:
        if cardfx.holds(c.requires, ctx) is not None:
            continue
        for f in c.fx:
            if cardfx.holds(f.cond, ctx) is None:
                out.append((f, c))
    return out


@dataclass(frozen=True)
class StandingEffect:
    """What a card in play does to one member of either company (MECCG-FX-7, MECCG-FX-11), as a strike's
    side reads it: ``acts`` the records that modify him ("prowess -2"), or ``unmet`` the condition that
    keeps the card off him, in words."""

    member: str
    role: str
    acts: tuple[str, ...] = ()
    unmet: str | None = None
    #: it would act on him, but it lasted until the end of an earlier turn (MECCG-FX-7): ``unmet`` says so
    ended: bool = False


def _strike_opponent(scenario: Scenario, role: str, name: str) -> Member | None:
    """The member facing ``name``'s strike in the combat block (None without one)."""
    combat = getattr(scenario, "combat", None)
    for st in (combat.strikes if combat is not None else ()):
        mine, theirs = (st.attacker, st.defender) if role == "attacker" else (st.defender, st.attacker)
        if mine == name:
            try:
                return scenario.company("defender" if role == "attacker" else "attacker").member(theirs)
            except KeyError:
                return None
    return None


def _unmet_words(failed: str, company: Company) -> str:
    """A card's failing condition (:func:`cardfx.holds`' ``key=value``) in words, for ``company``'s member."""
    key, _, val = failed.partition("=")
    if key == "under_deeps":
        known = getattr(company, "under_deeps", None)
        where = "away from the Under-deeps" if val == "False" else "at an Under-deeps site"
        if known is None:
            return f"it acts only {where}, and whether {company.site} is an Under-deeps site is not known"
        return f"it acts only {where}, and {company.site} is {'an' if known else 'no'} Under-deeps site"
    if key in ("bearer", "race"):
        names = val.split(" or ")
        one = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        return f"it acts on {one} only" if key == "bearer" else f"it acts only on a character of race {one}"
    if key in ("doors_of_night", "gates_of_morning"):
        card = key.replace("_", " ").title().replace(" Of ", " of ")
        return f"it acts {'only with' if val == 'True' else 'only without'} {card} in play"
    return f"its condition {failed} does not hold"


def standing_effects(scenario: Scenario, card_name: str) -> list[StandingEffect]:
    """MECCG-FX-7, MECCG-FX-11: what the card in play named ``card_name`` does to each member of either company,
    read as every strike's side reads it (:func:`standing_cards` and :func:`_records`, with the opponent of the
    member's strike in the combat block): the records that act on him, or the condition that keeps it off him.
    A member it does not reach at all (placed on another member, its card flag reading it as no effect, every
    hazard neutralised under hazard_scope=all, MECCG-STRUCT-8) is left out."""
    want = normalize(card_name)
    out: list[StandingEffect] = []
    for role in ("attacker", "defender"):
        company = scenario.company(role)
        other = scenario.company("defender" if role == "attacker" else "attacker")
        for me in company.members:
            acting, ended = _standing(scenario, role, me)
            models = [m for m in acting if normalize(m.name) == want]
            ctx = cardfx.Ctx(me=me, company=company, scenario=scenario,
                             opponent=_strike_opponent(scenario, role, me.name), opp_company=other)
            gone = [m for m in ended if normalize(m.name) == want]
            if not models and gone and _records(gone, ctx, scenario):  # it would act: it ended (MECCG-FX-7)
                out.append(StandingEffect(me.name, role, (), ended_text(scenario), ended=True))
                continue
            models = models or gone  # its own condition keeps it off him anyway: that condition is said
            if not models:
                continue
            acts: list[str] = []
            unmet: str | None = None
            for m in models:
                failed = cardfx.holds(m.requires, ctx)
                if failed is None:
                    recs = [f for f in m.fx if cardfx.holds(f.cond, ctx) is None]
                    acts += [f"{f.what.replace('_', ' ')} {f.amount:+d}" for f in recs]
                    failed = None if recs else next((cardfx.holds(f.cond, ctx) for f in m.fx), None)
                if failed is not None and unmet is None:
                    unmet = _unmet_words(failed, company)
            out.append(StandingEffect(me.name, role, tuple(acts), None if acts else unmet or "no record of it acts"))
    return out


def ended_in_play(scenario: Scenario) -> list[dict]:
    """MECCG-FX-7: the cards in play lasting the turn that would act on members of the defending company but ended
    with an earlier turn (:func:`ended_with_its_turn`): ``{card, id, members, where, why, rules}`` each, in the
    order listed; a card whose own conditions hold for none of them is left out (it would give nothing anyway)."""
    company, other = scenario.defender, scenario.attacker
    found: dict[str, dict] = {}
    for me in company.members:
        ctx = cardfx.Ctx(me=me, company=company, scenario=scenario,
                         opponent=_strike_opponent(scenario, "defender", me.name), opp_company=other)
        for _f, c in _records(ended_cards(scenario, "defender", me), ctx, scenario):
            e = found.setdefault(c.id, {"card": c.name, "id": c.id, "members": [], "rules": [TURN_RULE, "MECCG-INIT-1"],
                                        "why": ended_text(scenario)})
            if me.name not in e["members"]:
                e["members"].append(me.name)
    for e in found.values():
        e["where"] = ("defender.in_play" if any(c.id == e["id"] for c in company.in_play) else "in_play")
    return list(found.values())


def ended_lines(entries: Iterable[dict]) -> list[str]:
    """The text lines of :func:`ended_in_play` (empty if there is none)."""
    return [f"{e['card']} ({e['where']}; on {', '.join(e['members'])}): no effect in this attack: {e['why']} "
            f"({', '.join(e['rules'])})" for e in entries]


@dataclass(frozen=True)
class Switched:
    """What a card in play with no modification of its own (an environment other cards read: Doors of Night,
    MECCG-CARD-13) does to one side of the combat, found by computing that side with the card and without it
    (:func:`switched_by`): ``acts`` the modifications that differ ("Aiglos (Doors of Night in play): +5, max 11"),
    ``held`` the zero notes of a rule that keeps another card from reading it ("Aiglos: normal bonus only
    [aiglos_doors_of_night=ignored]", MECCG-SEQ-14), with the rules of each."""

    member: str
    where: str  #: "strike N", or "" without a combat block
    acts: tuple[str, ...] = ()
    act_rules: tuple[str, ...] = ()
    held: tuple[str, ...] = ()
    held_rules: tuple[str, ...] = ()

    def text(self) -> str:
        at = f" in {self.where}" if self.where else ""
        if self.acts:
            return f"{self.member}{at}: {'; '.join(self.acts)}"
        return f"{self.member}{at}: {'; '.join(self.held)}"


def switches_only(card) -> bool:
    """An environment with no modification of its own, which only switches other cards' conditions (MECCG-FX-7:
    Doors of Night, Gates of Morning, Skies of Fire; not The Sun Shone Fiercely, which modifies characters)."""
    m = cardfx.model(card.id)
    return "Environment" in (getattr(card, "keywords", ()) or ()) and m.play == "state" and not m.fx


def without_card(scenario: Scenario, card_name: str) -> Scenario:
    """``scenario`` with every copy of the card named ``card_name`` taken out of play (the scenario's and
    both companies' ``in_play``)."""
    want = normalize(card_name)

    def keep(cards):
        return tuple(c for c in cards if normalize(getattr(c, "name", "") or "") != want)

    return replace(scenario, in_play=keep(scenario.in_play),
                   attacker=replace(scenario.attacker, in_play=keep(scenario.attacker.in_play)),
                   defender=replace(scenario.defender, in_play=keep(scenario.defender.in_play)))


def _standing_mods(scenario: Scenario) -> dict[tuple[str, str], list[Mod]]:
    """Without a combat block: each member's modifications from the cards in play, his own abilities and his
    items, as a strike's side reads them (:func:`standing_cards`, :func:`_records`, :func:`_item_mods`)."""
    out: dict[tuple[str, str], list[Mod]] = {}
    for role in ("attacker", "defender"):
        company = scenario.company(role)
        other = scenario.company("defender" if role == "attacker" else "attacker")
        for me in company.members:
            ctx = cardfx.Ctx(me=me, company=company, scenario=scenario,
                             opponent=_strike_opponent(scenario, role, me.name), opp_company=other)
            mods = [Mod(f.amount, f"{c.name}: {f.what.replace('_', ' ')} {f.amount:+d}", c.rule or "")
                    for f, c in _records(standing_cards(scenario, role, me), ctx, scenario)]
            weapon, rest, body = _item_mods(scenario, me, ctx, None, me.prowess or 0, [])
            out[(me.name, "")] = mods + weapon + rest + [replace(m, what=f"body: {m.what}") for m in body]
    return out


def _strike_mods(scenario: Scenario) -> dict[tuple[str, str], list[Mod]]:
    """With a combat block: each strike's two sides as :func:`setup_strikes` computes them."""
    out: dict[tuple[str, str], list[Mod]] = {}
    for st in setup_strikes(scenario):
        for side in (st.attacker, st.defender):
            out[(side.member.name, f"strike {st.index}")] = list(side.prowess_mods) + [
                replace(m, what=f"body: {m.what}") for m in side.body_mods]
    return out


def switched_by(scenario: Scenario, card_name: str) -> list[Switched]:
    """MECCG-CARD-13: what changes in this combat because the card named ``card_name`` is in play, for a card
    with no modification of its own that other cards read (Doors of Night: Aiglos +5 under
    aiglos_doors_of_night=applies, MECCG-SEQ-14; The Sun Shone Fiercely -1 instead of -2, MECCG-FX-11; Praise to
    Elbereth +1, MECCG-FX-14). Every side of the combat (each strike of the combat block; without one, each member
    of either company) is computed with the card and without it: a modification that differs is what the card
    changes; a zero note present only with it is a rule keeping another card from reading it. Sides the card
    changes nothing for are left out."""
    return list(kept_on(scenario, ("switched_by", card_name), lambda: tuple(_switched_by(scenario, card_name))))


def _switched_by(scenario: Scenario, card_name: str) -> list[Switched]:
    mods = _strike_mods if getattr(scenario, "combat", None) is not None and scenario.combat.strikes \
        else _standing_mods
    now = mods(scenario)
    was = mods(without_card(scenario, card_name))
    out: list[Switched] = []
    for key, with_it in now.items():
        before = was.get(key, [])
        keyed = {(m.amount, m.what) for m in before}
        kept = {(m.amount, m.what) for m in with_it}
        new = [m for m in with_it if m.amount and (m.amount, m.what) not in keyed]
        gone = [m for m in before if m.amount and (m.amount, m.what) not in kept]
        held = [m for m in with_it if not m.amount and (m.amount, m.what) not in keyed]
        if not (new or gone or held):
            continue
        acts = [f"{m.what} ({m.amount:+d})" for m in new] + [f"no {m.what} ({m.amount:+d})" for m in gone
                                                            if not any(n.rule == m.rule for n in new)]
        out.append(Switched(key[0], key[1], tuple(acts),
                            tuple(dict.fromkeys(m.rule for m in new + gone if m.rule)),
                            tuple(m.what for m in held), tuple(dict.fromkeys(m.rule for m in held if m.rule))))
    return out


def unmet_text(effects: Iterable[StandingEffect]) -> str:
    """The members a card does not act on, grouped by the condition that keeps it off them."""
    by: dict[str, list[str]] = {}
    effects = list(effects)
    if not effects:
        return "it is on no member of either company"
    for e in effects:
        if not e.acts:
            by.setdefault(e.unmet or "", []).append(e.member)
    return "; ".join(f"{', '.join(names)}: {why}" for why, names in by.items())


def _boosted(scenario: Scenario, item, pv: "cardfx.ItemVariant | None",
             boosts: Iterable[tuple[cardfx.Fx, CardModel]]) -> tuple["cardfx.ItemVariant | None", list[str]]:
    """A weapon's bonus raised by the cards that add to it (``weapon_prowess``: Biter and Beater!
    +2 to Sword of Gondolin, Orcrist, Glamdring, MECCG-FX-21), and how each raise is named: the weapon
    gives that much more, and its maximum stays, capping the raised bonus (MECCG-FX-2), unless the
    record's card flag reads it ``raised`` (the maximum rises by as much)."""
    labels: list[str] = []
    if pv is None:
        return None, labels
    for f, c in boosts:
        named = f.cond.get("carries") or ()
        names = {normalize(n) for n in ([named] if isinstance(named, str) else named)}
        if names and normalize(item.name) not in names:
            continue
        reading = scenario.flags.get(f.flag, "kept") if f.flag else "kept"
        raised = reading == "raised" and pv.maximum is not None
        pv = replace(pv, bonus=pv.bonus + f.amount, maximum=pv.maximum + f.amount if raised else pv.maximum)
        how = f" ({f.flag}={reading})" if f.flag and pv.maximum is not None else ""
        labels.append(f"{item.name} with {c.name}{how}: {f.amount:+d}"
                      f"{f', max {pv.maximum}' if pv.maximum is not None else ''}")
    return pv, labels


def _untap_relief(scenario: Scenario, me: Member, ctx: cardfx.Ctx, m: CardModel) -> int:
    """How much of the penalty for not tapping (MECCG-SEQ-4/5: -3, or less by a standing ability) item ``m``
    spares ``me`` when he takes it (``ctx.taps`` False): its carried "no penalty" record, where it holds."""
    if ctx.taps is not False:
        return 0
    own = [f.amount for f in cardfx.carried_fx(m) if f.what == "untap_penalty" and cardfx.holds(f.cond, ctx) is None]
    if not own:
        return 0
    role = getattr(ctx.company, "role", "defender")
    standing = [f.amount for f, _c in _records(standing_cards(scenario, role, me), ctx, scenario)
                if f.what == "untap_penalty"]
    return max(0, min(standing + [3]) - min(own))


def _item_mods(scenario: Scenario, me: Member, ctx: cardfx.Ctx, chosen: str | None, base: int,
               others: list[Mod], boosts: Iterable[tuple[cardfx.Fx, CardModel]] = ()
               ) -> tuple[list[Mod], list[Mod], list[Mod]]:
    """MECCG-SEQ-9 (1) and MECCG-FX-2/3: the weapon (the chosen one, else the best), then one item
    of each other slot (the best) and every slotless item. Returns (weapon mods, other item
    prowess mods, body mods). ``boosts``: the records adding to a weapon's bonus (:func:`_boosted`)."""
    flags = scenario.flags
    boosts = tuple(boosts)
    by_slot: dict[str | None, list] = {}
    notes: list[Mod] = []
    for item in me.items:
        m = cardfx.model(item.id)
        pv = cardfx.item_variant(m, "prowess", ctx)
        bv = cardfx.item_variant(m, "body", ctx)
        base_p = next((v for v in m.variants if v.stat == "prowess"), None)
        if pv is not None and pv.cond.get("doors_of_night") and flags.get("aiglos_doors_of_night") != "applies":
            # MECCG-SEQ-14 [aiglos_doors_of_night]: only the normal bonus in CvCC
            pv = base_p if base_p is not None and cardfx.holds(base_p.cond, ctx) is None else None
            notes.append(Mod(0, f"{item.name}: normal bonus only [aiglos_doors_of_night="
                                f"{flags.get('aiglos_doors_of_night')}]", "MECCG-SEQ-14"))
        if pv is None and base_p is not None and base_p.cond.get("skill"):
            notes.append(Mod(0, f"{item.name}: {base_p.cond['skill'].lower()} only, no bonus for {me.name}",
                             "MECCG-SEQ-9"))
        if pv is None and bv is None:
            continue
        plain, raises = pv, []
        if m.slot == "Weapon" and boosts:
            pv, raises = _boosted(scenario, item, pv, boosts)
        if chosen is not None and m.slot == "Weapon" and item.id != chosen:
            continue
        by_slot.setdefault(m.slot, []).append((item, m, pv, bv, plain, raises))
    weapon: list[Mod] = []
    rest: list[Mod] = []
    body: list[Mod] = []
    body_now = me.body or 0

    def gain(v, before):
        return cardfx.weapon_bonus(before, v.bonus, _maximum(v)) if v is not None else 0

    wrule = "MECCG-SEQ-9"  # step 1 of the roll: the weapon with its maximum (formula: MECCG-FX-2)
    # the weapon first (MECCG-SEQ-9 step 1), then the other items, capped after it
    for slot, entries in sorted(by_slot.items(), key=lambda kv: kv[0] != "Weapon"):
        # the best of a slot: the most prowess it leaves him with, its bonus and the -3 it spares him (Thong of
        # Fire's "no -3 for not tapping" when he takes it, MECCG-SEQ-5), then the most body
        picks = entries if slot is None else [max(entries, key=lambda e: (
            gain(e[2], base) + _untap_relief(scenario, me, ctx, e[1]), gain(e[3], body_now)))]
        for item, m, pv, bv, plain, raises in picks:
            if pv is not None:
                label = plain.label or item.name
                cap = f", max {plain.maximum}" if plain.maximum is not None else ""
                rule = "MECCG-SEQ-14" if any(v.cond.get("doors_of_night") for v in m.variants) else \
                    cardfx.ITEM_RULE if plain.cond and not set(plain.cond) <= {"skill"} else wrule
                if slot == "Weapon":
                    def given(v):
                        if flags.get("weapon_max_order") == "cap_total" and _maximum(v) is not None:
                            # MECCG-SEQ-9 [weapon_max_order=cap_total]: the weapon never lifts the total past its maximum
                            total_rest = sum(x.amount for x in others)
                            return min(base + v.bonus + total_rest, max(v.maximum, base + total_rest)) - base - total_rest
                        return gain(v, base)
                    if flags.get("weapon_max_order") == "cap_total" and _maximum(plain) is not None:
                        weapon.append(Mod(given(plain),
                                          f"{label}: +{plain.bonus}, total capped at {plain.maximum} (weapon_max_order="
                                          "cap_total: with every other modification counted, the weapon lifts the "
                                          "total to at most its maximum and never lowers it)", rule))
                    else:
                        weapon.append(Mod(given(plain), f"{label}: {plain.bonus:+d}{cap}", rule))
                    if raises:  # a card adding to the weapon's bonus: what it adds under the maximum (MECCG-FX-2/3)
                        weapon.append(Mod(given(pv) - given(plain), "; ".join(raises), cardfx.WEAPON_CARD_RULE))
                else:
                    before = base + sum(x.amount for x in weapon)
                    rest.append(Mod(gain(pv, before), f"{label}: {pv.bonus:+d}{cap}", cardfx.ITEM_RULE))
            if bv is not None:
                g = gain(bv, body_now)
                if g:
                    cap = f", max {bv.maximum}" if bv.maximum is not None else ""
                    body.append(Mod(g, f"{item.name}: body {bv.bonus:+d}{cap}", cardfx.ITEM_RULE))
                    body_now += g
    return weapon, rest + notes, body


def _opponent_items(scenario: Scenario, opponent: Member, octx: cardfx.Ctx,
                    chosen: str | None) -> list[tuple[cardfx.Fx, CardModel]]:
    """What the opponent's items do to the character facing him (MECCG-FX-3, MECCG-FX-12: Aiglos's
    -2 to the body of the strike its bearer faces): a weapon's only when it is the weapon he uses
    (the one named in the strike, else the one :func:`_item_mods` picks), other items' always."""
    used = _weapon_used(scenario, opponent, octx, chosen)
    out = []
    for item in opponent.items:
        m = cardfx.model(item.id)
        if m.slot == "Weapon" and item.id != used:
            continue  # another weapon; an item used as a card (Poison) acts when it is played
        out += [(f, m) for f in cardfx.carried_fx(m) if f.what in OPPOSING and cardfx.holds(f.cond, octx) is None]
    return out


DISCARD_RULE = "MECCG-FX-26"
#: a cost paid in full when the card is played (an item it puts out of play: Staff Asunder's staff)
COST_RULE = "MECCG-FX-15"
#: how :func:`discard_items` names an item a card's own cost took (``items_discarded``' card)
PAID_SUFFIX = "'s cost"


def paid_by(card: str) -> str:
    """The name :func:`discard_items` gives an item taken by ``card``'s cost (``Staff Asunder's cost``)."""
    return card + PAID_SUFFIX


def item_gone_rule(card: str) -> str:
    """The rule an item in ``items_discarded`` left by: a card's cost (MECCG-FX-15), else Scourge of Fire's
    discard (MECCG-FX-26)."""
    return COST_RULE if card.endswith(PAID_SUFFIX) else DISCARD_RULE


def discard_items(scenario: Scenario, ch: StrikeChoice, a_m: Member, d_m: Member, a_cards, d_cards,
                  failed: frozenset = frozenset()) -> tuple[Member, Member, tuple[tuple[str, str, str], ...]]:
    """The strike's two characters once the cards played on it that discard an item of the character
    facing their player's (Scourge of Fire, MECCG-FX-26) have acted, before the roll: the item named by
    the strike's ``discards:`` (its player's choice), else the opposing character's only item; and
    ``(member, item, card)`` for each item discarded."""
    gone: list[tuple[str, str, str]] = []
    out = {"attacker": a_m, "defender": d_m}
    if in_force(COST_RULE):  # MECCG-FX-15: an item a card's cost puts out of play, when the card is played
        for role, cards in (("attacker", a_cards), ("defender", d_cards)):
            for c in cards:
                for name in c.pays_item:
                    me = out[role]
                    item = next((i for i in me.items if normalize(i.name) == normalize(name)), None)
                    if item is None:  # the play check requires him to carry it (``requires: carries``)
                        continue
                    if item.id in (ch.attacker_weapon, ch.defender_weapon):
                        raise _err(scenario, f"{ch.path}.{role}_weapon", f"{item.name} goes to its player's "
                                   f"marshalling point pile as {c.name}'s cost when it is played: {me.name} cannot "
                                   f"use it ({COST_RULE})")
                    out[role] = replace(me, items=tuple(i for i in me.items if i is not item))
                    gone.append((me.name, item.name, paid_by(c.name)))
    a_m, d_m = out["attacker"], out["defender"]
    if not in_force(DISCARD_RULE):  # without the rule the card discards nothing
        return a_m, d_m, tuple(gone)
    for role, cards in (("attacker", a_cards), ("defender", d_cards)):
        other = "defender" if role == "attacker" else "attacker"
        for c in acting_copies(cards, role, failed):
            if not any(f.what == "discard_opponent_item" for f in c.fx):
                continue
            victim = out[other]
            items = list(victim.items)
            if ch.discards is not None:
                match = [i for i in items if i.name.casefold() == ch.discards.casefold() or i.id == ch.discards.upper()]
                if not match:
                    raise _err(scenario, f"{ch.path}.discards", f"{victim.name} bears no {ch.discards!r} for {c.name} to "
                               f"discard (bears: {', '.join(i.name for i in items) or 'nothing'}) ({DISCARD_RULE})")
            elif len(items) == 1:
                match = items
            else:
                raise _err(scenario, f"{ch.path}.discards",
                           f"{c.name} discards one item {victim.name} bears: name it (`discards:`, its player's choice; "
                           f"bears: {', '.join(i.name for i in items) or 'nothing'}) ({DISCARD_RULE})")
            item = match[0]
            if item.id in (ch.attacker_weapon, ch.defender_weapon):
                raise _err(scenario, f"{ch.path}.discards", f"{item.name} is discarded by {c.name} before the roll: "
                           f"{victim.name} cannot use it ({DISCARD_RULE})")
            out[other] = replace(victim, items=tuple(i for i in items if i is not item))
            gone.append((victim.name, item.name, c.name))
    return out["attacker"], out["defender"], tuple(gone)


def _own_items(scenario: Scenario, me: Member, ctx: cardfx.Ctx, chosen: str | None) -> list[tuple[cardfx.Fx, CardModel]]:
    """What ``me``'s items do for him besides their bonuses (MECCG-FX-3): the Troth-ring's -1 to body
    checks against its bearer, a penalty-free -3 ... (a weapon's only when it is the one he uses)."""
    used = _weapon_used(scenario, me, ctx, chosen)
    out = []
    for item in me.items:
        m = cardfx.model(item.id)
        if m.slot == "Weapon" and item.id != used:
            continue
        out += [(f, m) for f in cardfx.carried_fx(m) if f.what not in OPPOSING and cardfx.holds(f.cond, ctx) is None]
    return out


def _weapon_used(scenario: Scenario, me: Member, ctx: cardfx.Ctx, chosen: str | None) -> str | None:
    """The id of the weapon ``me`` uses in this strike: the one named, else the best (MECCG-FX-3)."""
    if chosen is not None:
        return chosen
    weapons = [i for i in me.items if cardfx.model(i.id).slot == "Weapon"]
    if len(weapons) <= 1:
        return weapons[0].id if weapons else None
    weapon, _, _ = _item_mods(scenario, me, ctx, None, me.prowess or 0, [])
    for w in weapons:
        if any(w.name in mod.what for mod in weapon):  # a weapon's modification is labelled with its name
            return w.id
    return weapons[0].id


def build_side(scenario: Scenario, choice: StrikeChoice, role: str, me: Member, opponent: Member,
               excess: Iterable[str], supporters: Iterable[str], cards: tuple[CardModel, ...],
               their_cards: tuple[CardModel, ...] = (), lasting: tuple[CardModel, ...] = (),
               their_lasting: tuple[CardModel, ...] = (), failed: frozenset = frozenset()) -> Side:
    """Steps 1-7 of the strike sequence for one side (MECCG-SEQ-2..9), every card effect read by
    the one interpreter (:mod:`..cards.interpreter`, MECCG-FX).

    ``me.status`` is the status when the strike starts (a member that tapped earlier in the
    combat, e.g. for an ally's ability, is tapped by then). ``cards`` are played in this strike
    for ``me`` (``their_cards`` for the opponent); ``lasting`` are cards played earlier in the
    attack that last it (MECCG-FX-8). ``failed``: ids of cards played whose roll failed (MECCG-FX-16):
    played, with no effect.
    """
    other = "defender" if role == "attacker" else "attacker"
    shown = tuple(cards)  # every card played, acting or not
    if failed:
        cards = acting_copies(cards, role, failed)
        their_cards = acting_copies(their_cards, other, failed)
    company, opp_company = scenario.company(role), scenario.company(other)
    took = choice.attacker_untapped if role == "attacker" else choice.defender_untapped
    their_took = choice.defender_untapped if role == "attacker" else choice.attacker_untapped
    ctx = cardfx.Ctx(me=me, company=company, scenario=scenario, opponent=opponent, opp_company=opp_company,
                     taps=not took)
    octx = cardfx.Ctx(me=opponent, company=opp_company, scenario=scenario, opponent=me, opp_company=company,
                      taps=not their_took)
    # every copy acts: a copy played earlier in the attack that lasts it adds to one of the same card
    # played now (two Potions of Prowess: +1 each, MECCG-FX-8, MECCG-FX-17)
    played = tuple(cards) + tuple(lasting)
    # the weapon each uses: the one named, else the best; none when the other side's card cancels it
    # (Whip of Many Thongs, MECCG-FX-17): NO_WEAPON matches no item
    my_weapon = choice.attacker_weapon if role == "attacker" else choice.defender_weapon
    their_weapon = choice.defender_weapon if role == "attacker" else choice.attacker_weapon
    if any(f.what == "no_opponent_weapon" for c in tuple(their_cards) + tuple(their_lasting) for f in c.fx):
        my_weapon = NO_WEAPON
    if any(f.what == "no_opponent_weapon" for c in played for f in c.fx):
        their_weapon = NO_WEAPON
    acting, ended = _standing(scenario, role, me)
    mine = _records(acting, ctx, scenario)
    # a card in play lasting the turn that ended with an earlier one gives nothing: named (MECCG-FX-7)
    gone_by: dict[str, set[str]] = {}
    for f, c in _records(ended, ctx, scenario):
        gone_by.setdefault(c.name, set()).add(f.what)
    mine += _own_items(scenario, me, ctx, my_weapon)
    # cards played for me: the play was checked when it was made (requirements, MECCG-SEQ-2/7)
    mine += [(f, c) for c in played for f in c.fx if cardfx.holds(f.cond, ctx) is None]
    theirs = _records(standing_cards(scenario, other, opponent), octx, scenario)
    theirs += [(f, c) for c in tuple(their_cards) + tuple(their_lasting) for f in c.fx
               if cardfx.holds(f.cond, octx) is None]
    theirs += _before_assignment(scenario, role, opp_company)
    theirs += _opponent_items(scenario, opponent, octx, their_weapon)
    theirs = [(f, c) for f, c in theirs if f.what in OPPOSING]
    base = me.prowess or 0
    body_mods: list[Mod] = []
    others: list[Mod] = []
    healer = next((c for f, c in mine if f.what == "heal"), None)
    if healer is not None and me.status == "wounded":  # healed: tapped, no longer wounded (MECCG-FX-17)
        me = replace(me, status="tapped")
        others.append(Mod(0, f"{healer.name}: healed, no longer wounded", healer.rule))
    untapped_by_card = any(f.what == "untap" for f, _ in mine)
    # MECCG-SEQ-9 (2): the other modifications.
    if me.status == "wounded":
        others.append(Mod(-2, "wounded", "MECCG-SEQ-9"))
    elif me.status == "tapped" and not untapped_by_card:
        others.append(Mod(-1, "tapped", "MECCG-SEQ-9"))
    if role == "defender":
        for e in excess:
            others.append(Mod(-1, f"excess strike of {e}", "MECCG-SEQ-3"))
    pen_fx = [(f, c) for f, c in mine if f.what == "untap_penalty"]
    if took:
        pen = min([f.amount for f, _ in pen_fx] + [3])
        rule = next((c.rule for f, c in pen_fx if f.amount == pen),
                    "MECCG-SEQ-4" if role == "attacker" else "MECCG-SEQ-5")
        others.append(Mod(-pen, f"-{pen} not to tap", rule))
    if role == "defender":
        for s in supporters:
            others.append(Mod(1, f"support of {s}", "MECCG-SEQ-6"))
    for f, c in mine:
        if f.what == "untap" and me.status == "tapped":
            others.append(Mod(0, f"{c.name}: untapped, no penalty for being tapped", c.rule))
        elif f.what == "prowess" and f.maximum is None:
            others.append(Mod(f.amount, _label(c, f, me), f.rule or c.rule, turn=lasts_the_turn(c)))
        elif f.what == "body" and f.maximum is None:
            body_mods.append(Mod(f.amount, _label(c, f, me), f.rule or c.rule, turn=lasts_the_turn(c)))
    for name, whats in gone_by.items():
        label = f"{name}: no effect, {ENDED_WORDS} (this attack is in {scenario.attacker.player}'s turn)"
        if "prowess" in whats:
            others.append(Mod(0, label, TURN_RULE))
        if "body" in whats:
            body_mods.append(Mod(0, label, TURN_RULE))
    for f, c in theirs:
        if f.what == "opponent_prowess":
            others.append(Mod(f.amount, f"{c.name} ({opponent.name}'s side)", f.rule or c.rule,
                              turn=lasts_the_turn(c)))
        elif f.what == "opponent_body":
            body_mods.append(Mod(f.amount, f"{c.name} ({opponent.name}'s side)", f.rule or c.rule,
                                 turn=lasts_the_turn(c)))
    others = [m for m in others if acts(m)]  # (a modification whose rule is taken away is not made)
    weapon, item_rest, item_body = _item_mods(scenario, me, ctx, my_weapon, base, others,
                                              [(f, c) for f, c in mine if f.what == "weapon_prowess"])
    weapon, item_rest = [m for m in weapon if acts(m)], [m for m in item_rest if acts(m)]
    if my_weapon == NO_WEAPON and any(cardfx.model(i.id).slot == "Weapon" for i in me.items):
        weapon = [Mod(0, f"no weapon: {next(c.name for c in tuple(their_cards) + tuple(their_lasting) if any(f.what == 'no_opponent_weapon' for f in c.fx))} cancels it", cardfx.ITEM_ABILITY_RULE)]
    body_mods = item_body + body_mods
    mods = weapon + item_rest + others
    prowess = base + sum(m.amount for m in mods)
    body = (me.body or 0) + sum(m.amount for m in body_mods)
    for f, c in mine:  # a prowess bonus with a maximum (Andúril), after the others (MECCG-FX-2/3)
        if f.what == "prowess" and f.maximum is not None and acts(Mod(0, "", f.rule or c.rule, turn=lasts_the_turn(c))):
            gain = cardfx.weapon_bonus(prowess, f.amount, _maximum(f))
            mods.append(Mod(gain, f"{_label(c, f, me)}, max {f.maximum}", f.rule or c.rule))
            prowess += gain
    for f, c in mine:  # a body bonus with a maximum, after the others (MECCG-FX-2: never past it, never lower)
        if f.what == "body" and f.maximum is not None:
            gain = cardfx.weapon_bonus(body, f.amount, f.maximum)
            body_mods.append(Mod(gain, f"{_label(c, f, me)}, max {f.maximum}", f.rule or c.rule))
            body += gain
    halve = [(f, c) for f, c in theirs if f.what == "halve_opponent_body"]
    if halve:  # MECCG-FX-5: "opponent's body halved (round up)", after the other body modifications
        half = -(-body // 2)
        body_mods.append(Mod(half - body, f"{halve[0][1].name}: body halved (round up)",
                             halve[0][0].rule or halve[0][1].rule))
        body = half
    body_shift = body - (me.body or 0)
    roll_mod = sum(f.amount for f, _ in mine if f.what == "body_check_roll") + \
        sum(f.amount for f, _ in theirs if f.what == "opponent_body_check_roll")
    no_discard = any(f.what == "no_discard" for f, _ in mine)
    return Side(member=me, role=role, prowess=prowess, prowess_mods=tuple(mods), body=body,
                body_mods=tuple(body_mods), rolls=max([f.amount for f, _ in mine if f.what == "rolls"] + [1]),
                stays_untapped=took, prewounded=me.status == "wounded",
                discard_on=() if no_discard else tuple(n + body_shift for n in me.discard_on_body_check),
                ringwraith=_race(me) == "ringwraith", cards=shown, body_roll_mod=roll_mod,
                no_tap=any(f.what == "no_tap" for f, _ in mine),
                untapped_by_card=me.status == "tapped" and untapped_by_card,
                unwounded_by=next(((c.name, f.amount) for f, c in mine if f.what == "no_wound"), None),
                discarded_if_survives=next((c.name for f, c in theirs if f.what == "opponent_discarded_if_survives"),
                                           None),
                off_to_side=next((c.name for f, c in theirs if f.what == "opponent_off_to_side"
                                  and _aside_paid(scenario, other, c, opponent, their_took)), None))


def _aside_paid(scenario: Scenario, role: str, c: CardModel, striker: Member, took: bool) -> bool:
    """Whether ``role``'s card ``c`` that puts the loser off to the side can be paid when the body check would be
    made (MECCG-FX-28): not by the bearer who wins his own strike, who taps on winning (MECCG-SEQ-10) unless he
    took -3 not to tap (MECCG-SEQ-4/5)."""
    return not taps_at_body_check(c) or took or aside_payer(scenario, role, c) != striker.name


def _label(c: CardModel, f: cardfx.Fx, me: Member) -> str:
    """How a modification is named in the breakdown (the card, and the condition that made it)."""
    if "opponent_race" in f.cond:
        return f"{c.name}: {f.amount:+d} against {'/'.join(f.cond['opponent_race'])}"
    if "mode" in f.cond:
        return f"{c.name}: {f.amount:+d} in {f.cond['mode']} mode"
    return c.name


def _before_assignment(scenario: Scenario, role: str, opp_company: Company) -> list:
    """The defender's cards played before strikes are assigned (``combat: before_assignment``):
    attack-wide effects on the attacking characters (MECCG-FX-13). The plays were checked by
    :func:`setup_strikes` (MECCG-PRE-5 [pre_assignment_attack_effects] among others)."""
    combat = scenario.combat
    if role != "attacker" or combat is None or not combat.before_assignment:
        return []
    return [(f, c) for c in map(cardfx.model, combat.before_assignment) for f in c.fx]


@dataclass(frozen=True)
class AttackCancel:
    """The defender's card that cancels the attack before strikes are assigned (``combat:
    before_assignment:``, MECCG-PRE-1), with the chance it does: 1, or its roll's (MECCG-FX-16)."""

    card: str
    chance: Fraction
    roll: "rolls.CancelRoll | None" = None
    #: the attacker's card that keeps the attack from being cancelled (MECCG-FX-29): chance 0, nothing rolled
    kept_by: "keeps.AttackKept | None" = None
    #: the corruption check the cancel costs (MECCG-FX-30), rolled when it is played: ``who`` makes it
    check: "rolls.StrikeRoll | None" = None
    check_role: str = "defender"  #: whose member makes it
    check_penalty: int = 0  #: the MPs his player loses if he is eliminated (MECCG-BODY-7/9)

    @property
    def rules(self) -> tuple[str, ...]:
        if self.kept_by is not None:
            return ("MECCG-PRE-1", keeps.RULE)
        on_roll = ("MECCG-PRE-1", rolls.RULE) if self.roll is not None else ("MECCG-PRE-1",)
        return on_roll + (CANCEL_CHECK_RULE,) if self.check is not None else on_roll

    def text(self) -> str:
        if self.kept_by is not None:
            return self.kept_by.text(self.card) + ": the attack goes on, nothing is rolled for it"
        if self.check is not None:
            fates = ", ".join(f"{_CHECK_WORDS[f]} {fmt(p)}" for f, p in self.check.fates().items())
            if self.roll is not None:  # two independent rolls: the cancel's and the check (MECCG-FX-16/30)
                return (f"{self.card} cancels the attack on a roll: {self.roll.text()}; its cost, rolled beside "
                        f"it whatever it does, {self.check.text()}: {fates} ({', '.join(self.rules)})")
            return (f"{self.card} cancels the attack; its cost, {self.check.text()}: {fates} "
                    f"(MECCG-PRE-1, {CANCEL_CHECK_RULE})")
        if self.roll is None:
            return f"{self.card} cancels the attack: nothing is rolled (MECCG-PRE-1)"
        return f"{self.card} cancels the attack on a roll: {self.roll.text()} (MECCG-PRE-1, {rolls.RULE})"

    def as_json(self) -> dict:
        from pycombat.dice import as_json
        out = {"card": self.card, "chance": as_json(self.chance), "rules": list(self.rules),
               "roll": None if self.roll is None else self.roll.as_json()}
        if self.kept_by is not None:
            out["kept_by"] = self.kept_by.as_json()
        if self.check is not None:
            out["corruption_check"] = {"who": self.check.who, "modifier": self.check.bonus,
                                       "corruption_points": self.check.greater_than,
                                       "fates": {f: as_json(p) for f, p in self.check.fates().items()},
                                       "rule": CANCEL_CHECK_RULE}
        return out

    def check_outcome(self, fate: str) -> "Outcome":
        """The attack cancelled, with the check's ``fate`` for its maker: no kill MP (no body check),
        an eliminated maker's MP penalty to his player (MECCG-BODY-7/9)."""
        also = ((self.check.who, fate),) if self.check is not None and fate in ("discarded", "eliminated") else ()
        pen = self.check_penalty if fate == "eliminated" else 0
        return Outcome("cancelled", None, None, 0, 0, pen if self.check_role == "defender" else 0,
                       pen if self.check_role == "attacker" else 0, also=also)

    def branches(self) -> list[tuple[str, Fraction, "Outcome | None"]]:
        """The chance node the cancel makes before strikes are assigned: ``(label, chance, outcome)`` for
        each way it goes, outcome None for the attack that goes on (MECCG-PRE-1, MECCG-FX-16/30)."""
        out: list[tuple[str, Fraction, Outcome | None]] = []
        if self.check is None:
            out.append((CANCELLED_TEXT, self.chance, self.check_outcome("passes")))
        else:
            for fate, p in self.check.fates().items():
                out.append((f"{CANCELLED_TEXT}; {self.check.who} {_CHECK_WORDS[fate]}", self.chance * p,
                            self.check_outcome(fate)))
        out.append((GOES_ON_TEXT, 1 - self.chance, None))
        return [b for b in out if b[1]]

    def outcome_of(self, label: str) -> "Outcome | None":
        """The outcome of the branch labelled ``label`` (:meth:`branches`)."""
        return next(o for lab, _p, o in self.branches() if lab == label)

    def cancelled_dist(self) -> Dist:
        """The cancelled attack's outcomes: one, or one per way the cancel's check goes (MECCG-FX-30)."""
        if self.check is None:
            return Dist.point(self.check_outcome("passes"))
        return Dist({self.check_outcome(f): p for f, p in self.check.fates().items()})


#: the labels of the cancel's chance node (the game's CANCELLED, GOES_ON)
CANCELLED_TEXT, GOES_ON_TEXT = "the attack is cancelled", "the attack goes on"
CANCEL_CHECK_RULE = "MECCG-FX-30"  #: a corruption check a cancel costs, rolled when it is played
_CHECK_WORDS = {"passes": "passes his corruption check", "discarded": "fails his corruption check: discarded",
                "eliminated": "fails his corruption check: eliminated"}


def _cancel_check(scenario: Scenario, m: CardModel, roll: "rolls.CancelRoll | None" = None
                  ) -> tuple["rolls.StrikeRoll | None", str, int]:
    """The corruption check the cancel ``m`` costs (MECCG-FX-30): made by the first member of the
    defending company of the race it names (Vanishment's Wizard), by the member who makes its ``roll``
    (``roller: true``: Token of Goodwill's diplomat), or none."""
    if not m.cost_check or m.play != "cancel":  # another card's check before the assignment: MECCG-FX-31
        return None, "defender", 0
    if not in_force(CANCEL_CHECK_RULE):  # (the rule switched off: the cancel costs no check)
        return None, "defender", 0
    company = scenario.defender
    if m.cost_check.get("roller"):
        if roll is None or roll.roller is None:
            return None, "defender", 0
        check = rolls.strike_roll(m, company.member(roll.roller), company)
    else:
        check = rolls.strike_roll(m, company.members[0], company)
    if check is None:  # a maker of a race that makes none ("unless a Ringwraith")
        return None, "defender", 0
    maker = company.member(check.who)
    return check, "defender", owner_penalty(maker, scenario.flags)


def attack_cancel(scenario: Scenario) -> AttackCancel | None:
    """The cancel card among the defender's plays before strikes are assigned (the play check lets
    one card alone cancel, MECCG-PRE-4), or None. A chance the data cannot fix is refused. Against the
    attacker's card that keeps the attack (MECCG-FX-29) the cancel is played but its chance is 0: nothing
    is rolled for it, and a `cancel_roll:` given for it is refused."""
    combat = scenario.combat
    if combat is None:
        return None
    for cid in combat.before_assignment:
        m = cardfx.model(cid)
        if m.play != "cancel":
            continue
        kept = keeps.attack_kept(scenario)
        if kept is not None:
            if combat.cancel_roll is not None:
                raise _err(scenario, f"{combat.path}.cancel_roll", f"no roll is made for {m.name}: "
                           f"{kept.text(m.name)}")
            return AttackCancel(m.name, Fraction(0), kept_by=kept)
        r = rolls.cancel_roll(scenario, cid, "defender")
        if r is None:
            check, role, pen = _cancel_check(scenario, m)
            return AttackCancel(m.name, Fraction(1), check=check, check_role=role, check_penalty=pen)
        if r.why is not None:  # no single number, or nobody who may roll: refused, as verify refuses it
            raise _err(scenario, f"{combat.path}.before_assignment", f"{r.text()} ({rolls.RULE})")
        check, role, pen = _cancel_check(scenario, m, r)  # its roller's check, rolled beside it (MECCG-FX-30)
        return AttackCancel(m.name, r.chance, r, check=check, check_role=role, check_penalty=pen)
    return None


def with_cancel(dist: Dist, cancel: AttackCancel | None, cancelled) -> Dist:
    """``dist`` when the attack is not cancelled, mixed with ``cancelled`` at the cancel's chance."""
    if cancel is None or cancel.chance == 0:
        return dist
    gone = cancelled if isinstance(cancelled, Dist) else Dist.point(cancelled)  # one way, or the check's (MECCG-FX-30)
    return Dist({True: cancel.chance, False: 1 - cancel.chance}).bind(lambda c: gone if c else dist)


# ---- validating the plan ------------------------------------------------------------------
def _err(scenario: Scenario, path: str, message: str) -> ScenarioError:
    return ScenarioError(message, file=scenario.file, path=path)


COST_ITEM_RULE = "MECCG-FX-27"


def cost_item_paid(scenario: Scenario) -> tuple[str, str, str] | None:
    """``(member, item, card)``: the item the cost of a card played before strikes are assigned
    discards (Token of Goodwill: "discard a minor item", MECCG-FX-27): the one the combat's
    ``cost_item:`` names (its player's choice), else the only one of that class the playing company
    bears. None: no such card. It is paid when the card is played, whatever its roll does."""
    combat = scenario.combat
    if combat is None or not in_force(COST_ITEM_RULE):  # without the rule no cost discards an item
        return None
    for cid in combat.before_assignment:
        classes = play.cost_discards(cid)
        if not classes:
            continue
        card = cardfx.model(cid).name
        company = scenario.defender
        bearing = [(m, i) for m in company.members for i in m.items
                   if (getattr(i, "item_class", "") or "").casefold() in classes]
        if combat.cost_item is not None:
            named = [(m, i) for m, i in bearing if i.name.casefold() == combat.cost_item.casefold()]
            if not named:
                raise _err(scenario, f"{combat.path}.cost_item",
                           f"no member of the defending company bears a {' or '.join(classes)} item "
                           f"{combat.cost_item!r} for {card}'s cost (bears: "
                           f"{', '.join(i.name for _m, i in bearing) or 'none'}) ({COST_ITEM_RULE})")
            bearing = named[:1]
        elif len(bearing) > 1:
            raise _err(scenario, f"{combat.path}.cost_item",
                       f"{card}'s cost discards one {' or '.join(classes)} item: name it (`cost_item:`, its player's "
                       f"choice; borne: {', '.join(f'{i.name} ({m.name})' for m, i in bearing)}) ({COST_ITEM_RULE})")
        if bearing:  # none: the play check refuses the card (MECCG-FX-15)
            m, i = bearing[0]
            return m.name, i.name, card
    return None


def cost_taps_paid(scenario: Scenario) -> list[tuple[str, str]]:
    """``(member, card)`` for each card played before strikes are assigned whose cost taps a member of the
    playing company (Concealment: "tap a scout"): the member its ``{card: X, member: Y}`` names (its player's
    choice), else the first who can pay it (:func:`.cards.play.default_payer`, MECCG-FX-24's order). It is paid
    when the card is played, whatever the card then does (MECCG-FX-27): if the attack goes on (an attacker's
    card keeps it, MECCG-FX-29; a roll that fails, MECCG-FX-16) he is tapped for the assignment and the strikes."""
    combat = scenario.combat
    if combat is None or not in_force(COST_ITEM_RULE):
        return []
    named = dict(combat.cost_payers)
    out: list[tuple[str, str]] = []
    for cid in combat.before_assignment:
        if not play.cost_taps(cid):
            continue
        role = play.before_player(scenario, cid)
        who = named.get(cid) or play.default_payer(scenario, role, cid, None, [w for w, _c in out])
        if who is not None:  # none: the play check refuses the card (MECCG-FX-15)
            out.append((who, cardfx.model(cid).name))
    return out


def after_costs(scenario: Scenario) -> Scenario:
    """``scenario`` as the costs of the cards played before strikes are assigned leave it: without the item
    a cost discarded (:func:`cost_item_paid`), with the member a cost tapped tapped (:func:`cost_taps_paid`);
    the strikes, if the attack goes on, are fought so (MECCG-FX-27)."""
    paid = cost_item_paid(scenario)
    taps = cost_taps_paid(scenario)
    if paid is None and not taps:
        return scenario
    if paid is not None:
        who, item, _card = paid
        company = scenario.defender
        members = tuple(replace(m, items=tuple(i for i in m.items if i.name != item)) if m.name == who else m
                        for m in company.members)
        scenario = replace(scenario, defender=replace(company, members=members))
    tapped = {who for who, _card in taps}
    for role in ("attacker", "defender"):
        company = scenario.company(role)
        if any(m.name in tapped for m in company.members):
            members = tuple(replace(m, status="tapped") if m.name in tapped and m.status == "untapped" else m
                            for m in company.members)
            scenario = replace(scenario, **{role: replace(company, members=members)})
    return scenario


@dataclass(frozen=True)
class AttackSoFar:
    """What the strikes of a ``combat:`` block before one strike did, as its step 1 starts: each member's
    status where it changed (``now``), who tapped for an ability or a cost (``used``), who faced his own
    strike (``struck``) and the items used and cards played (``spent``, one ``"<role>/<card id>"`` per use)."""

    now: dict
    used: frozenset
    struck: frozenset
    spent: tuple


def attack_so_far(scenario: Scenario, index: int) -> AttackSoFar:
    """The attack as it stands when strike ``index`` (1-based) of the ``combat:`` block starts, from the
    strikes before it as the block gives them (checked as replay checks them): what ``verify`` reads for
    a claim about a play in that strike, so it agrees with ``odds`` and ``replay`` (MECCG-SEQ-1)."""
    return setup_strikes(scenario, stop_before=index)


def _tap_now(now: dict[str, str], company: Company, name: str) -> None:
    """``name`` taps (for an ability, a cost, support or his strike): tapped, unless wounded."""
    if now.get(name, company.member(name).status) != "wounded":
        now[name] = "tapped"


def status_after(status: str, cards: Iterable[CardModel]) -> str:
    """A character's status after ``cards`` played for him, in order: an untap untaps a tapped one, a heal
    makes a wounded one tapped (MECCG-FX-1, MECCG-FX-17: healed is tapped, not wounded). A record's
    ``if: {status: ...}`` is read on his status as the card is played."""
    for c in cards:
        start = status
        for f in c.fx:
            cond = (f.cond or {}).get("status")
            if cond is not None and start not in cond:
                continue
            if f.what == "heal" and status == "wounded":
                status = "tapped"
            elif f.what == "untap" and status == "tapped":
                status = "untapped"
    return status


def setup_strikes(scenario: Scenario, stop_before: int | None = None) -> list[StrikeSetup]:
    """Check the combat plan against the rules and compute every strike's two sides (without an item a
    card played before strikes are assigned discarded to pay its cost, MECCG-FX-27). ``stop_before``:
    stop as strike ``stop_before`` starts and return the attack so far (:func:`attack_so_far`).

    The whole attack's setups are a function of the (frozen) scenario alone, so they are kept on it: a
    ruling's claims and their readings set up each scenario once."""
    if stop_before is not None:
        return _setup_strikes(scenario, stop_before)
    return list(kept_on(scenario, ("setup_strikes",), lambda: tuple(_setup_strikes(scenario))))


def kept_on(scenario: Scenario, key: tuple, make):
    """``make()``, kept on the (frozen) ``scenario`` under ``key`` for the next call: for what is a function
    of the scenario alone, asked again by a ruling's claims and their readings. The cache is an attribute
    beside the dataclass fields: never compared, printed or copied by ``replace``. ``make`` returns a
    value its callers do not change (a tuple)."""
    kept = scenario.__dict__.get(_KEPT)
    if kept is None:
        kept = {}
        object.__setattr__(scenario, _KEPT, kept)
    key = (key, removed_rules())  # (what is made with a rule taken away is kept apart, pycombat.in_force)
    if key not in kept:
        kept[key] = make()
    return kept[key]


#: the attribute of a scenario that keeps what :func:`kept_on` computed for it
_KEPT = "_kept"


def _setup_strikes(scenario: Scenario, stop_before: int | None = None) -> list[StrikeSetup]:
    combat = scenario.combat
    if combat is None:
        raise ScenarioError("needs a `combat:` block: the strikes (defender, attacker) in the defender's order, "
                            "with each strike's choices (see examples/meccg/wind_throne.yaml; `pycombat "
                            "enumerate` lists the legal assignments)", file=scenario.file, path="combat")
    if not combat.strikes:
        raise ScenarioError("lists no strikes", file=scenario.file, path=f"{combat.path}.strikes")
    _check_assignment(scenario)
    keeps.attack_kept(scenario)  # the attacker's card against a cancel meets its terms (MECCG-FX-29)
    # the defender's plays before strikes are assigned: the one play check (made once, before a check that
    # changed the company, MECCG-FX-31)
    if combat.before_assignment and not combat.plays_checked:
        got = play.check(scenario, play.before_plays(scenario))
        if not got.legal:
            raise _err(scenario, f"{combat.path}.before_assignment", got.refusals[0].text)
    scenario = after_costs(scenario)  # its cost paid: the strikes without the item (MECCG-FX-27)
    reg = load_effects()
    att, dfn = scenario.attacker, scenario.defender
    assigned_defenders = {s.defender for s in combat.strikes}
    allocated: dict[str, str] = {}
    tapped_supporters: set[str] = set()
    used_allies: set[str] = set()
    spent: list[str] = []  # the items used and cards played so far in this attack, one per use (MECCG-FX-8/17)
    struck: set[str] = set()
    lasting: dict[str, tuple[CardModel, ...]] = {"attacker": (), "defender": ()}  # MECCG-FX-8
    untapped_by: dict[str, CardModel] = {}  # member -> the card that untapped him earlier in the attack (MECCG-FX-1)
    # member -> his status as it stands now in the attack, where it is not his starting one (MECCG-SEQ-1:
    # the steps in order; every check of a card's terms or of -3 reads it, MECCG-FX-1/17/24)
    now: dict[str, str] = {}
    setups = []
    decided: set[str] = set()  # the members whose fate an earlier strike decides (strike_members)
    # member -> (strike, card): he taps for the card if the loser of that strike is put off to the side, so
    # whether he is tapped after it hangs on its result (No Better Use, MECCG-FX-28)
    aside_pending: dict[str, tuple[int, str]] = {}
    last = len(combat.strikes)
    for i, ch in enumerate(combat.strikes, start=1):
        if stop_before is not None and i >= stop_before:
            return AttackSoFar(dict(now), frozenset(used_allies), frozenset(struck), tuple(spent))
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
        barred = tuple(_support_barred(dfn, untapped_by, tapped_supporters, used_allies))
        # MECCG-SEQ-6: support from untapped defending members not facing a strike.
        for s in ch.support:
            m = dfn.member(s)
            if s in assigned_defenders:
                raise _err(scenario, f"{ch.path}.support", f"{s!r} faces a strike and may not support (MECCG-SEQ-6)")
            if s in dict(barred) or s in tapped_supporters:  # (or named twice)
                raise _err(scenario, f"{ch.path}.support", f"{s!r} is not untapped and may not tap to support "
                           "(MECCG-SEQ-6)")
            tapped_supporters.add(s)
            _tap_now(now, dfn, s)
        paid: dict[str, str] = {}
        # step 1: the attacker's cards, on the attack as it stands (MECCG-SEQ-2)
        a_cards = _cards(scenario, ch, "attacker", att, att.member(ch.attacker), reg, used_allies, struck, spent, paid,
                         now=now)
        for n in used_allies:
            if any(m.name == n for m in att.members):
                _tap_now(now, att, n)
        # steps 3 and 4: -3 not to tap needs the character untapped as he stands then: after the cards of
        # step 1 (an untap card played for him), before those of step 6 (MECCG-SEQ-1, MECCG-SEQ-4/5)
        a_now = status_after(now.get(ch.attacker, att.member(ch.attacker).status), a_cards)
        d_now = now.get(ch.defender, dfn.member(ch.defender).status)
        for who, took, st in (("attacker", ch.attacker_untapped, a_now), ("defender", ch.defender_untapped, d_now)):
            company = att if who == "attacker" else dfn
            m = company.member(ch.attacker if who == "attacker" else ch.defender)
            if took and st != "untapped":
                rule = "MECCG-SEQ-4" if who == "attacker" else "MECCG-SEQ-5"
                step = 3 if who == "attacker" else 4
                why = "" if st == m.status else (
                    f" (he {'tapped' if st == 'tapped' else 'was wounded'} earlier in the attack, MECCG-FX-24)"
                    if m.status == "untapped" else "")
                later = "" if who == "attacker" or not any(c.untap or any(f.what == "heal" for f in c.fx)
                                                           for c in d_cards_named(scenario, ch)) else (
                    "; a card played at step 6 comes after step 4 (MECCG-SEQ-1, MECCG-SEQ-7)")
                raise _err(scenario, f"{ch.path}.{who}_untapped",
                           f"{m.name} is {st} at step {step}{why}: taking -3 not to tap needs an untapped "
                           f"character{later} ({rule})")
        if a_now != now.get(ch.attacker, att.member(ch.attacker).status):
            now[ch.attacker] = a_now
        # step 6: the defender's cards (MECCG-SEQ-7)
        d_cards = _cards(scenario, ch, "defender", dfn, dfn.member(ch.defender), reg, used_allies, struck, spent, paid,
                         tapped_supporters, now=now, cancelled=play.cancelling(c.id for c in a_cards))
        for n in used_allies:
            if any(m.name == n for m in dfn.members):
                _tap_now(now, dfn, n)
        if ch.discards is not None and not any(f.what == "discard_opponent_item" for c in a_cards + d_cards
                                               for f in c.fx):
            # `discards:` names the item a card played here discards (MECCG-FX-26): with none, nothing is discarded
            raise _err(scenario, f"{ch.path}.discards", f"no card played on this strike discards an item, so "
                       f"{ch.discards!r} is not discarded (`discards:` names the item a card such as Scourge of "
                       f"Fire discards, {DISCARD_RULE})")
        a_m, d_m = att.member(ch.attacker), dfn.member(ch.defender)
        # a member that tapped for its ability earlier in this combat is tapped now (MECCG-SEQ-9)
        if a_m.name in used_allies and a_m.status == "untapped":
            a_m = replace(a_m, status="tapped")
        if d_m.name in used_allies and d_m.status == "untapped":
            d_m = replace(d_m, status="tapped")
        struck.update((ch.attacker, ch.defender))
        a_last = tuple(c for c in lasting["attacker"] if cardfx.holds(c.requires, member_ctx(scenario, "attacker", a_m)) is None)
        d_last = tuple(c for c in lasting["defender"] if cardfx.holds(c.requires, member_ctx(scenario, "defender", d_m)) is None)
        a_last += untapped_earlier(untapped_by, a_m)
        d_last += untapped_earlier(untapped_by, d_m)
        earlier = tuple((m.name, untapped_by[m.name].name) for m in (d_m, a_m) if untapped_earlier(untapped_by, m))
        others = untaps_others(scenario, ch, (("attacker", a_m, a_cards), ("defender", d_m, d_cards)),
                               {**{n: "tapped" for n in used_allies}, **{n: "untapped" for n in untapped_by}})
        here = in_play_at(scenario, i)  # the cards in play as they stand in this strike

        def make(failed, i=i, ch=ch, a_m=a_m, d_m=d_m, a_cards=a_cards, d_cards=d_cards, a_last=a_last,
                 d_last=d_last, excess=excess, forced=forced, paid=dict(paid), barred=barred, support=ch.support,
                 scenario=here):
            a_m, d_m, dropped = discard_items(scenario, ch, a_m, d_m, a_cards, d_cards, failed)
            a_side = build_side(scenario, ch, "attacker", a_m, d_m, (), (), a_cards, d_cards, a_last, d_last, failed)
            d_side = build_side(scenario, ch, "defender", d_m, a_m, excess, support, d_cards, a_cards, d_last,
                                a_last, failed)
            cancel = next((c for c in acting_copies(d_cards, "defender", failed) + acting_copies(a_cards, "attacker", failed)
                           if c.cancel_strike), None)
            return StrikeSetup(index=i, choice=ch, attacker=a_side, defender=d_side, cancelled_by=cancel,
                               supporters=support, forced_excess=forced,
                               ineffectual_by=ineffectual(scenario, d_cards, a_cards, failed),
                               untaps_others=tuple((n, c.name) for n, c in others.items()), untapped_earlier=earlier,
                               support_barred=barred,
                               payer_checks=payer_sides(scenario, ch, paid, (("attacker", a_m, d_m, a_cards),
                                                                             ("defender", d_m, a_m, d_cards)), failed),
                               payers=tuple((reg.effects[copy_card(k)].name, who) for k, who in paid.items()),
                               items_discarded=dropped)

        # the cards that act on later strikes of their company (MECCG-FX-8; one for its own character only does not)
        lasting["attacker"] += tuple(c for c in a_cards if c.lasts_for_company)
        lasting["defender"] += tuple(c for c in d_cards if c.lasts_for_company)
        for name, card in others.items():
            untapped_by[name] = card
            tapped_supporters.discard(name)
            now[name] = "untapped"
        # after the strike both are tapped or wounded, unless one took -3 and won, which is not assumed
        _tap_now(now, att, ch.attacker)
        _tap_now(now, dfn, ch.defender)
        setup = with_card_rolls(make(frozenset()), a_cards + d_cards, make, here)
        # a supporter who may leave play in an earlier strike (an ally with its controller, MECCG-BODY-4; a
        # payer or a check's maker, MECCG-FX-24/25): the strike without his support, for each set of them
        at_risk = [n for n in ch.support if n in decided or dfn.member(n).ally_of in decided]
        risk_rules = tuple((n, (ALLY_RULE,) if dfn.member(n).ally_of in decided else ("MECCG-FX-24", "MECCG-FX-25"))
                           for n in at_risk)
        variants = []
        for k in range(1, len(at_risk) + 1):
            for lost in combinations(at_risk, k):
                kept = tuple(n for n in ch.support if n not in lost)
                variants.append((frozenset(lost), with_card_rolls(make(frozenset(), support=kept), a_cards + d_cards,
                                                                  partial(make, support=kept), here)))
        if variants:
            setup = replace(setup, unsupported=tuple(variants), support_at_risk=risk_rules)
        setup = _with_aside_taps(scenario, ch, setup, make, here, a_m, d_m, a_cards, d_cards, aside_pending,
                                 bool(variants))
        for who in setup.aside_taps:
            aside_pending.setdefault(who, (i, next(c.name for c in a_cards + d_cards if taps_at_body_check(c))))
        setups.append(setup)
        decided.update(strike_members(setup))
    return setups


def _with_aside_taps(scenario: Scenario, ch: StrikeChoice, setup: StrikeSetup, make, here: Scenario, a_m: Member,
                     d_m: Member, a_cards: tuple, d_cards: tuple, pending: dict, unsupported: bool) -> StrikeSetup:
    """``setup`` with the members who tap for a card like No Better Use if its loser is put off to the side
    (:attr:`StrikeSetup.aside_taps`: the bearer; not the winner of his own strike, who taps on winning unless he
    took -3 not to tap and then has nothing to tap, MECCG-SEQ-4/5/10), and the strike as it is when members
    of it tapped so in an earlier strike (:attr:`StrikeSetup.if_tapped`, MECCG-FX-28)."""
    pays = []
    for role, cards, mine, took in (("attacker", a_cards, a_m.name, ch.attacker_untapped),
                                    ("defender", d_cards, d_m.name, ch.defender_untapped)):
        for c in cards:
            who = aside_payer(scenario, role, c) if taps_at_body_check(c) else None
            if who is not None and (who != mine or took):
                pays.append(who)
    setup = replace(setup, aside_taps=tuple(dict.fromkeys(pays)))
    bearers = {aside_payer(scenario, r, c) for r, cs in (("attacker", a_cards), ("defender", d_cards)) for c in cs
               if taps_at_body_check(c)}
    for card, who in setup.payers:  # tapped, he could not pay it: another would, or nobody (MECCG-FX-24)
        if who in pending:
            raise _err(scenario, f"{ch.path}.payers",
                       f"{who} pays {card}'s cost here, but he taps for {pending[who][1]} if the loser of strike "
                       f"{pending[who][0]} is put off to the side, and then cannot: who pays hangs on that strike's "
                       "result, which pycombat does not model; name another payer (MECCG-FX-24, MECCG-FX-28, "
                       "MECCG-FX-10)")
    watch = frozenset(pending) & ({a_m.name, d_m.name} | set(ch.support) | bearers)
    if not watch:
        return setup
    for role, m, took in (("attacker", a_m, ch.attacker_untapped), ("defender", d_m, ch.defender_untapped)):
        if m.name in watch and took:
            k, card = pending[m.name]
            raise _err(scenario, f"{ch.path}.{role}_untapped",
                       f"{m.name} taps for {card} if the loser of strike {k} is put off to the side, so whether he is "
                       "untapped to take -3 not to tap here hangs on that strike's result; pycombat does not model "
                       "that choice (MECCG-FX-28, MECCG-FX-10)")
    if unsupported:
        raise _err(scenario, f"{ch.path}.support",
                   f"a supporter here may leave play earlier in the attack, and {', '.join(sorted(watch))} may have "
                   f"tapped for {pending[min(watch)][1]} in strike {pending[min(watch)][0]}: pycombat does not model "
                   "both at once (MECCG-FX-28, MECCG-FX-10)")
    out = []
    for k in range(1, len(watch) + 1):
        for names in combinations(sorted(watch), k):
            tapped = frozenset(names)

            def tap(m: Member) -> Member:
                return replace(m, status="tapped") if m.name in tapped and m.status == "untapped" else m

            def keep(cards: tuple, role: str) -> tuple:  # tapped, he cannot tap for such a card again
                return tuple(c for c in cards if not (taps_at_body_check(c) and aside_payer(scenario, role, c) in tapped))
            a_c, d_c = keep(a_cards, "attacker"), keep(d_cards, "defender")
            made = partial(make, a_m=tap(a_m), d_m=tap(d_m), a_cards=a_c, d_cards=d_c,
                           support=tuple(n for n in ch.support if n not in tapped))
            variant = with_card_rolls(made(frozenset()), a_c + d_c, made, here)
            out.append((tapped, replace(variant, aside_taps=tuple(w for w in setup.aside_taps if w not in tapped))))
    return replace(setup, tap_watch=watch, if_tapped=tuple(out))


def in_play_at(scenario: Scenario, index: int) -> Scenario:
    """``scenario`` as strike ``index`` sees it: without the cards in play that no longer act from an earlier
    strike on (the combat's ``ended_in_play``: the other reading of an end the model does not interpret,
    MECCG-FX-10), taken out of their company's ``in_play`` (the scenario's, for another role)."""
    combat = scenario.combat
    gone = [(role, cid) for role, cid, k in (combat.ended_in_play if combat is not None else ()) if index >= k]
    if not gone:
        return scenario

    def keep(cards, role):
        return tuple(c for c in cards if (role, getattr(c, "id", None)) not in gone)

    return replace(scenario, in_play=keep(scenario.in_play, "in_play"),
                   attacker=replace(scenario.attacker, in_play=keep(scenario.attacker.in_play, "attacker")),
                   defender=replace(scenario.defender, in_play=keep(scenario.defender.in_play, "defender")))


def _support_barred(company, untapped_by: dict, tapped_supporters: set[str], used_allies: set[str]):
    """(member, why) for each member of the defending ``company`` who may not tap to support now
    (MECCG-SEQ-6: an untapped character; one who tapped earlier in the attack is tapped)."""
    for m in company.members:
        if m.name in tapped_supporters:
            yield m.name, "already tapped to support an earlier strike"
        elif m.name in used_allies:
            yield m.name, "tapped earlier in the attack for a card or an ability"
        elif m.status != "untapped" and m.name not in untapped_by:
            yield m.name, f"is {m.status}"


def untaps_others(scenario: Scenario, ch: StrikeChoice, plays, now: dict[str, str]) -> dict[str, CardModel]:
    """The members the cards played on this strike untap besides the one they are played for
    (MECCG-FX-1: Narya "untaps all unwounded characters in Gandalf's company", Waybread one other
    character, chosen by its player in the strike's ``untaps:``). ``plays``: (role, member, cards)
    per side; ``now``: members whose status changed earlier in the attack. Refused (exit 2) when
    ``untaps:`` names a member no card played here may untap."""
    out: dict[str, CardModel] = {}
    named = list(ch.untaps)
    for role, me, cards in plays:
        company = scenario.company(role)
        for c in cards:
            for f in c.fx:
                if f.what != "untap_others":
                    continue
                mine = [replace(m, status=now.get(m.name, m.status)) for m in company.members if m.name != me.name]
                can = [m for m in mine if m.status == "tapped"
                       and cardfx.holds(f.cond, member_ctx(scenario, role, m)) is None]
                if f.amount == 0:  # every such member
                    out.update({m.name: c for m in can})
                    continue
                chosen = [n for n in named if n in {m.name for m in company.members}][:f.amount]
                for n in chosen:
                    if n not in {m.name for m in can}:
                        raise _err(scenario, f"{ch.path}.untaps", f"{c.name} untaps another tapped, unwounded "
                                   f"character of {me.name}'s company; {n} is {now.get(n, company.member(n).status)}"
                                   f"{' or is the one it is played for' if n == me.name else ''} (MECCG-FX-1)")
                    out[n] = c
                    named.remove(n)
    if named:
        raise _err(scenario, f"{ch.path}.untaps", f"no card played on this strike untaps {named[0]} "
                   "(untaps: names the members a card such as Waybread untaps besides its bearer, MECCG-FX-1)")
    return out


def untapped_earlier(untapped_by: dict[str, CardModel], m: Member) -> tuple[CardModel, ...]:
    """For a member a card untapped earlier in the attack and still tapped when his strike starts:
    that untap, as a record acting on his strike (no -1 for being tapped, MECCG-FX-1)."""
    card = untapped_by.get(m.name)
    if card is None or m.status != "tapped":
        return ()
    return (cardfx.CardModel(id=card.id, name=f"{card.name} (earlier in the attack)", kind=card.kind, play="strike",
                             rule=card.rule, fx=(cardfx.Fx("untap"),)),)


def cancelled_tappers(setup: StrikeSetup, scenario: Scenario) -> list[str]:
    """Who taps in a cancelled strike (MECCG-SEQ-12): nobody, or under ``cancelled_strike_taps=yes`` each of
    its two characters untapped as it began who neither took -3 not to tap (MECCG-SEQ-4/5) nor played a card
    by which he does not tap (MECCG-FX-1)."""
    if scenario.flags["cancelled_strike_taps"] != "yes":
        return []
    return [x.member.name for x in (setup.attacker, setup.defender)
            if x.untapped and not x.stays_untapped and not x.no_tap]


def member_ctx(scenario: Scenario, role: str, m: Member) -> cardfx.Ctx:
    return cardfx.Ctx(me=m, company=scenario.company(role), scenario=scenario)


def _check_assignment(scenario: Scenario) -> None:
    """The combat's pairs must be a legal complete assignment (MECCG-ASSIGN, check mode)."""
    combat = scenario.combat
    pairs = tuple((s.attacker, s.defender) for s in combat.strikes)
    view = LegalAssignments(scenario)
    violations = view.violations(Assignment(pairs, combat.excess))
    if violations:
        from pycombat.rulebook import load_rulebook

        book = load_rulebook("meccg")
        rules = list(dict.fromkeys(v.rule for v in violations))
        raise ScenarioError(f"is not a legal complete assignment (it breaks {', '.join(rules)}; `enumerate` lists "
                            "the legal ones)", file=scenario.file, path=f"{combat.path}.strikes",
                            help=tuple(f"{r}: {book.rule(r).summary}" for r in rules))


def d_cards_named(scenario: Scenario, ch: StrikeChoice) -> list[CardModel]:
    """The defender's cards the strike names (their models, unchecked): for a refusal's words."""
    out = []
    for c in ch.defender_cards:
        try:
            out.append(cardfx.model(c))
        except Exception:  # noqa: BLE001 - words only; the play check names a bad card
            pass
    return out


def taps_at_body_check(e: CardModel) -> bool:
    """A card in play on a member whose cost, tapping him, is paid only when an opposing character's body check
    is replaced (No Better Use: "tap your character (once) to have the opponent's character placed off to the
    side ... instead of making a body check", MECCG-FX-28): not when it is played at step 1 or 6."""
    return e.source == "placed" and any(f.what == "opponent_off_to_side" for f in e.fx)


def aside_payer(scenario: Scenario, role: str, e: CardModel) -> str | None:
    """The member who taps for card ``e`` of :func:`taps_at_body_check`, played by ``role``: its bearer."""
    src = play.placed_source(scenario, role, e.id)
    return src.name if src is not None else None


def _item_bearer(scenario: Scenario, company: Company, role: str, me: Member, e: CardModel, spent: list[str]) -> str:
    """The member whose copy of item card ``e`` is used for ``me`` (MECCG-FX-17): ``me`` for an item its bearer
    uses, else the first member of the company able to use it with a copy not yet used in this attack."""
    if e.carrier != "company":
        return me.name
    able = [c for c in company.members if any(i.id == e.id for i in c.items)
            and cardfx.holds(e.carrier_requires, cardfx.Ctx(me=c, company=company, scenario=scenario)) is None]
    return play.item_user(able, role, e.id, spent) or me.name


def _cards(scenario: Scenario, ch: StrikeChoice, role: str, company: Company, me: Member, reg,
           used_allies: set[str], struck: set[str], spent: list[str],
           paid: dict[str, str] | None = None, supporters: Iterable[str] = (),
           now: dict[str, str] | None = None, cancelled: str | None = None) -> tuple[CardModel, ...]:
    """The cards ``role`` plays in this strike, refused (exit 2, the rule) unless the play check
    (:func:`..cards.play.check`, the one every verb asks) allows them. A card whose cost taps another
    member is paid by the one the strike's ``payers:`` names, else the first who can (MECCG-FX-24): each
    copy by its own member (two copies tap two members); ``paid`` gets each copy's key (:func:`copy_key`)
    -> that member. ``cancelled``: the card that cancelled this strike at an earlier step (MECCG-SEQ-7/12)."""
    ids = ch.attacker_cards if role == "attacker" else ch.defender_cards
    named = [n for n in ch.payers if any(m.name == n for m in company.members)]
    if not ids and not named:
        return ()
    if not ids:
        raise _err(scenario, f"{ch.path}.payers", f"no card played on this strike by the {role} has a cost "
                   f"{named[0]} pays (payers: names who taps for a cost such as No Waiting to Wonder's Hobbit, "
                   "MECCG-FX-24)")
    step = 1 if role == "attacker" else 6
    plays, payers, unpaid = [], {}, []
    at_now = play.at_moment(scenario, now)
    mine = now.get(me.name, me.status) if now else me.status  # as cards played before at this step leave him
    for i in ids:
        src = None
        if play.cost_taps(i):
            src = named.pop(0) if named else play.default_payer(at_now, role, i, me.name,
                                                            used_allies | struck | set(supporters)
                                                            | set(payers.values()))
            if src is not None and src in set(payers.values()):
                raise _err(scenario, f"{ch.path}.payers", f"{src} already tapped to pay a cost in this strike: "
                           f"each copy of {reg.effects[i].name} needs its own untapped member to tap (MECCG-FX-24)")
            if src is not None and src in set(supporters):
                raise _err(scenario, f"{ch.path}.payers", f"{src} tapped to support (step 5) and cannot pay "
                           f"{reg.effects[i].name}'s cost at step 6 (MECCG-FX-24)")
            if src is None:  # the play check names the rule first (MECCG-FX-15: nobody at all; else FX-24)
                unpaid.append(i)
            else:
                payers[len(plays)] = src  # this copy's payer (by its place among the cards)
        plays.append(play.Play(i, role, step, facing=me.name, source=src,
                               now=((me.name, mine),) if mine != (now or {}).get(me.name, me.status) else ()))
        mine = status_after(mine, (reg.effects[i],)) if i in reg.effects else mine
    got = play.check(scenario, plays, used=used_allies, struck=struck, spent=spent, now=now, cancelled=cancelled)
    if unpaid and all(isinstance(r.detail, tuple) and str(r.detail[0]) in ("nobody_can_pay", "no_other_payer")
                      for r in got.refusals):
        alone = play.check(scenario, [play.Play(unpaid[0], role, step, facing=me.name)])
        if not alone.legal:  # nobody in the company at all (MECCG-FX-15), as the play check says it
            raise _err(scenario, f"{ch.path}.{role}_cards", alone.refusals[0].text)
        raise _err(scenario, f"{ch.path}.{role}_cards", f"nobody can pay {reg.effects[unpaid[0]].name}'s cost for "
                   f"{me.name}: it needs another untapped member of the company, not tapped or struck "
                   "earlier in the attack (MECCG-FX-24)")
    if not got.legal:
        raise _err(scenario, f"{ch.path}.{role}_cards", got.refusals[0].text)
    if named:
        raise _err(scenario, f"{ch.path}.payers", f"no card played on this strike by the {role} has a cost "
                   f"{named[0]} pays (payers: names who taps for a cost such as No Waiting to Wonder's Hobbit, "
                   "MECCG-FX-24)")
    effects = tuple(reg.effects[i] for i in ids)
    copies: dict[str, int] = {}
    for at, e in enumerate(effects):
        copies[e.id] = copies.get(e.id, 0) + 1
        # an item used (MECCG-FX-17), or a card played: one its player may not play again (MECCG-FX-8)
        spent.append(f"{role}/{e.id}" + (f"@{_item_bearer(scenario, company, role, me, e, spent)}"
                                          if e.source == "item" else ""))
        if e.source in ("ally", "member"):
            used_allies.add(next(m.name for m in company.members if m.card_id == e.id))
        if e.source == "placed" and not taps_at_body_check(e):  # its bearer taps to use it (MECCG-FX-23)
            used_allies.add(play.placed_source(scenario, role, e.id).name)
        if payers.get(at) is not None:  # he taps to pay it (MECCG-FX-24), this copy's cost
            used_allies.add(payers[at])
            if paid is not None:
                paid[copy_key(role, e.id, copies[e.id])] = payers[at]
    return effects


def payer_sides(scenario: Scenario, choice: StrikeChoice, paid: dict[str, str], plays, failed: frozenset) -> tuple:
    """``(role, the payer's Side, card name)`` for each copy of a card played here whose payer makes a body
    check if its character loses (MECCG-FX-24): each copy's own payer (``paid``: :func:`copy_key` -> member), a
    copy played without effect (``failed``, MECCG-FX-16) none; ``plays``: (role, the member it is for,
    opponent, cards)."""
    out = []
    for role, _me, opponent, cards in plays:
        seen: dict[str, int] = {}
        for c in cards:
            seen[c.id] = seen.get(c.id, 0) + 1
            key = copy_key(role, c.id, seen[c.id])
            if key in failed:
                continue
            who = paid.get(key)
            if c.payer_body_check and who is not None:
                m = scenario.company(role).member(who)
                m = m if m.status == "wounded" else replace(m, status="tapped")
                out.append((role, build_side(scenario, choice, role, m, opponent, (), (), ()), c.name))
    return tuple(out)


# ---- odds ---------------------------------------------------------------------------------
def roll_dist(n: int) -> Dist:
    """A player's 2d6, rolled ``n`` times keeping the best (MECCG-SEQ-13)."""
    return best_of(two_d6(), n)


def body_result(loser: Side, roll: int, scorer_alignment: str, flags) -> tuple[str, int, int]:
    """A body check's (fate, kill MP to the scorer, MP the owner loses) for a 2d6 ``roll``."""
    m = loser.member
    # MECCG-BODY-1: +1 if wounded before this strike; card modifiers to the roll (MECCG-FX-9)
    result = roll + (1 if loser.prewounded else 0) + loser.body_roll_mod
    if loser.ringwraith and roll in (7, 8):  # MECCG-BODY-3: unmodified 7 or 8
        return ("returned", 0, 0)
    if result in loser.discard_on:  # MECCG-BODY-2: exactly N discards an Orc or Troll
        return ("discarded", 0, 0)
    if result > loser.body:  # MECCG-BODY-1: greater than body eliminates
        return ("eliminated", kill_mp(m, scorer_alignment), owner_penalty(m, flags))
    if loser.discarded_if_survives:  # survives, then discarded by the opposing card (MECCG-FX-14)
        return ("discarded", 0, 0)
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


def penalty_rules(m: Member) -> tuple[str, ...]:
    """The rules by which eliminating ``m`` costs its owner MPs: MECCG-BODY-7 (an avatar), MECCG-BODY-9 (a printed
    "-N marshalling points if eliminated"); none when it costs nothing under either reading."""
    return (("MECCG-BODY-7",) if m.avatar else ()) + (("MECCG-BODY-9",) if (m.mp_if_eliminated or 0) < 0 else ())


def penalty_text(m: Member, pen: int, flags) -> str:
    """What eliminating ``m`` costs its owner, for a replay's body-check step ("" when no rule makes it cost MPs):
    the MPs under elimination_mp_clauses=apply, none under ignore (MECCG-BODY-7/9)."""
    if not penalty_rules(m):
        return ""
    flag = flags.get("elimination_mp_clauses")
    return (f"; his player loses {pen} MP" if pen else "; his player loses no MP") + f" [elimination_mp_clauses={flag}]"


def ineffectual(scenario: Scenario, d_cards: Iterable[CardModel], a_cards: Iterable[CardModel],
                failed: frozenset = frozenset()) -> CardModel | None:
    """The card played in a strike that makes it ineffectual (Enruned Shield, Iron Shield of Old; the
    play check saw to their terms, "a strike against the bearer" read by the flag strike_against), or None."""
    return next((c for c in (*acting_copies(d_cards, "defender", failed), *acting_copies(a_cards, "attacker", failed))
                 if c.ineffectual), None)


def copy_key(role: str, card_id: str, n: int) -> str:
    """The key of the ``n``-th copy (1-based) of ``card_id`` played on one side of a strike (``role``): each copy
    makes its own roll or check (MECCG-FX-16/22/25), and a copy whose roll failed is played without effect while
    another copy of the same card may act (:func:`acting_copies`)."""
    return f"{role}/{card_id}/{n}"


def copy_card(key: str) -> str:
    """The card id of a copy's key (:func:`copy_key`)."""
    return key.split("/")[1]


def acting_copies(cards: Iterable[CardModel], role: str, failed: frozenset) -> tuple[CardModel, ...]:
    """The cards played on side ``role`` of a strike that act: every copy but those whose key
    (:func:`copy_key`) is in ``failed`` (MECCG-FX-16: played, with no effect)."""
    cards = tuple(cards)
    if not failed:
        return cards
    seen: dict[str, int] = {}
    out = []
    for c in cards:
        seen[c.id] = seen.get(c.id, 0) + 1
        if copy_key(role, c.id, seen[c.id]) not in failed:
            out.append(c)
    return tuple(out)


def _keyed_rolls(setup: StrikeSetup, scenario: Scenario | None = None) -> list[tuple[str, CardModel, Member, "rolls.StrikeRoll"]]:
    """:func:`card_rolls` with each copy's key (:func:`copy_key`)."""
    if setup.card_checks:
        return list(setup.card_checks)
    out = []
    costs = in_force("MECCG-FX-25")  # a corruption check a card costs is rolled when it is played
    for side in (setup.attacker, setup.defender):
        company = (scenario.attacker if side.role == "attacker" else scenario.defender) if scenario else None
        seen: dict[str, int] = {}
        for c in side.cards:
            seen[c.id] = seen.get(c.id, 0) + 1
            if c.roll or (c.cost_check and costs):  # each copy played makes its own roll or check
                r = rolls.strike_roll(c, side.member, company)
                if r is not None:
                    who = scenario.member(r.who) if scenario and r.who else side.member
                    out.append((copy_key(side.role, c.id, seen[c.id]), c, who, r))
    return out


def card_rolls(setup: StrikeSetup, scenario: Scenario | None = None) -> list[tuple[CardModel, Member, "rolls.StrikeRoll"]]:
    """The cards played in the strike that act only on a roll or cost a corruption check, in play order
    (the attacker's at step 1, then the defender's at step 6), one entry per copy played (each copy makes
    its own roll or check, with its own die), each with the member who rolls (the one it is played for,
    or the one of his company who makes the check it costs) and its roll (MECCG-FX-16, MECCG-FX-22,
    MECCG-FX-25)."""
    return [(c, m, r) for _k, c, m, r in _keyed_rolls(setup, scenario)]


def _way(setup: StrikeSetup, rolled, fates) -> tuple[frozenset, tuple[str, str, str] | None, tuple]:
    """One way the strike's card rolls go (``fates``, one per :func:`_keyed_rolls` entry): the key of the
    variant (the copies that do not act, and what the checks did), the member facing the strike who
    failed a corruption check (he leaves play: the strike is not resolved, MECCG-FX-22/25), and
    ``(name, fate, card)`` of another member who failed the check a card costs (MECCG-FX-25). Copies of
    one card on one side are alike: the ones that do not act are keyed as the first so many copies. A
    member's fate is that of the first check he fails: he has left play, and makes no later one."""
    facing = {setup.attacker.member.name, setup.defender.member.name}
    lost_copies: dict[tuple[str, str], int] = {}
    for (k, c, _m, r), f in zip(rolled, fates):
        if f != "passes" and not r.cost:
            role = k.split("/", 1)[0]
            lost_copies[(role, c.id)] = lost_copies.get((role, c.id), 0) + 1
    failed = frozenset(copy_key(role, cid, n) for (role, cid), many in lost_copies.items()
                       for n in range(1, many + 1))
    lost: list[tuple[str, str, str]] = []
    for (_k, c, m, _r), f in zip(rolled, fates):
        if f in ("discarded", "eliminated") and all(x[0] != m.name for x in lost):
            lost.append((m.name, f, c.name))
    corrupt = next((x for x in lost if x[0] in facing), None)
    checked = tuple(x for x in lost if x[0] not in facing)
    key = failed | ({f"corrupted:{corrupt[1]}"} if corrupt else set()) | {f"checked:{n}:{f}" for n, f, _c in checked}
    return key, corrupt, checked


def with_card_rolls(setup: StrikeSetup, cards: Iterable[CardModel], make, scenario: Scenario | None = None) -> StrikeSetup:
    """``setup`` with its rolled variants (MECCG-FX-16): for the cards played in the strike that act
    only on a roll, every way their rolls can go, each strike made by ``make(failed card ids)``. A
    corruption check that fails (MECCG-FX-22) discards or eliminates the member it was made for: that
    way of the rolls is the strike not resolved (``corrupted``), whatever the other rolls did. A check
    a card costs (MECCG-FX-25) leaves the card acting; made by another member of the company, his
    failing it is his fate beside the strike's (``checked``)."""
    rolled = _keyed_rolls(setup, scenario)
    if not rolled:
        return setup
    ways: list[tuple[Fraction, frozenset, StrikeSetup]] = []
    order = ("passes", "fails", "discarded", "eliminated")  # the card acting first
    per_card = [sorted(r.fates().items(), key=lambda kv: order.index(kv[0])) for _k, _c, _m, r in rolled]
    for combo in product(*per_card):
        p = Fraction(1)
        for _fate, q in combo:
            p *= q
        if not p:
            continue
        key, corrupt, checked = _way(setup, rolled, [f for f, _q in combo])
        failed = frozenset(k for k in key if ":" not in k)  # the copies that do not act (copy_key)
        got = setup if not failed else make(failed)
        if corrupt is not None:
            got = replace(got, corrupted=corrupt)
        if checked:
            pens = {m.name: (owner_penalty(m, scenario.flags) if scenario else 0) for _k, _c, m, _r in rolled}
            roles = {m.name: ("defender" if scenario and m in scenario.defender.members else "attacker")
                     for _k, _c, m, _r in rolled}
            got = replace(got, checked=tuple((n, f, c, roles[n], pens[n] if f == "eliminated" else 0)
                                             for n, f, c in checked))
        ways.append((p, key, got))
    return replace(setup, rolled=tuple(ways), card_checks=tuple(rolled))


def _with_checked(o: "Outcome", setup: StrikeSetup) -> "Outcome":
    """Outcome ``o`` with the fates of members who failed the corruption check a card played here cost
    (MECCG-FX-25): no kill MP (no body check), an eliminated one's MP penalty to his player."""
    for name, fate, _card, role, pen in setup.checked:
        o = o._replace(also=o.also + ((name, fate),),
                       penalty_defender_player=o.penalty_defender_player + (pen if role == "defender" else 0),
                       penalty_attacker_player=o.penalty_attacker_player + (pen if role == "attacker" else 0))
    return o


#: the rule by which a character's allies leave play with him (CoE 3.I.2: "Its other non-follower cards are
#: discarded"; a character discarded, returned to hand or put off to the side takes them with him too)
ALLY_RULE = "MECCG-BODY-4"


def allies_of(scenario: Scenario, name: str) -> tuple[str, ...]:
    """The allies (``ally_of:``) whose controlling character is ``name``, in his company."""
    for company in (scenario.attacker, scenario.defender):
        if any(m.name == name for m in company.members):
            return tuple(m.name for m in company.members if m.ally_of == name)
    return ()


def with_allies_gone(o: Outcome, scenario: Scenario, gone: frozenset = frozenset()) -> Outcome:
    """Outcome ``o`` with the allies of each character who leaves play in it (the loser eliminated,
    discarded, returned to hand or put off to the side; a payer or a check's maker who does,
    MECCG-FX-24/25) discarded with him (MECCG-BODY-4): ``(ally, "discarded")`` in ``also``. Such an ally
    faces no strike of its own later in the attack and scores nothing (no body check: no kill MP). An ally
    that lost its own strike here and survived it wounded is discarded with him too; one that already leaves
    play in ``o`` (eliminated in its own strike) or left in an earlier strike (``gone``) does not leave again."""
    leaving = ([o.loser] if o.loser and (o.fate in LEAVES_PLAY or o.aside == o.loser) else []) + \
        [n for n, f in o.also if f in LEAVES_PLAY]
    out = set(gone) | {n for n in leaving}
    add = tuple((a, "discarded") for n in leaving for a in allies_of(scenario, n) if a not in out)
    return o._replace(also=o.also + tuple(dict.fromkeys(add))) if add else o


def without_gone_allies(o: Outcome, scenario: Scenario, gone: frozenset) -> Outcome:
    """Outcome ``o`` of a strike resolved after members ``gone`` left play: an ally among them (gone with its
    controlling character, or eliminated in its own strike) does not leave play again with its controller here
    (MECCG-BODY-4): its ``(ally, "discarded")`` is dropped. Each member's fate over the attack is the first by
    which he leaves play."""
    keep = tuple((n, f) for n, f in o.also if not (n in gone and scenario.member(n).ally_of))
    return o if len(keep) == len(o.also) else o._replace(also=keep)


def strike_outcomes(setup: StrikeSetup, scenario: Scenario) -> Dist:
    """The exact distribution of a strike's :class:`Outcome` (MECCG-SEQ-9/10, MECCG-BODY); a card
    that acts only on a roll makes it a mixture over how its roll goes (MECCG-FX-16). The allies of a
    character who leaves play in it leave with him (MECCG-BODY-4, :func:`with_allies_gone`)."""
    dist = _strike_outcomes(setup, scenario)
    if not any(m.ally_of for c in (scenario.attacker, scenario.defender) for m in c.members):
        return dist
    return dist.map(lambda o: with_allies_gone(o, scenario))


def _strike_outcomes(setup: StrikeSetup, scenario: Scenario) -> Dist:
    if setup.rolled:
        ways = setup.rolled
        return Dist({i: p for i, (p, _f, _s) in enumerate(ways)}).bind(
            lambda i: _strike_outcomes(replace(ways[i][2], rolled=()), scenario))
    if setup.checked:  # MECCG-FX-25: another member's failed check, beside whatever the strike does
        return _strike_outcomes(replace(setup, checked=()), scenario).map(lambda o: _with_checked(o, setup))
    if setup.corrupted is not None:
        return Dist.point(corrupted_outcome(setup, scenario))
    if setup.cancelled_by is not None:
        return Dist.point(Outcome("cancelled", None, None, 0, 0, 0, 0))
    if setup.ineffectual_by is not None:  # no roll: the strike ties, nobody is wounded (MECCG-SEQ-10)
        return Dist.point(Outcome("tie", None, None, 0, 0, 0, 0))
    a, d = setup.attacker, setup.defender
    att_al, def_al = scenario.attacker.alignment, scenario.defender.alignment

    def resolve(result: str) -> Dist:
        loser = a if result == "fails" else d if result == "succeeds" else None
        if loser is not None and loser.unwounded_by:  # not wounded, so no body check (MECCG-FX-17)
            return Dist.point(Outcome(result, None, None, 0, 0, 0, 0))
        if loser is not None and loser.off_to_side:  # no body check: put off to the side (MECCG-FX-28)
            got = Dist.point(Outcome(result, loser.member.name, None, 0, 0, 0, 0, aside=loser.member.name))
            return _with_payer_check(got, setup, loser.role, att_al if loser.role == "defender" else def_al, scenario)
        if result == "fails":  # D > A: the attacker is wounded, the defending player checks its body
            got = body_check(a, def_al, scenario.flags).map(
                lambda f: Outcome("fails", a.member.name, f[0], f[1], 0, 0, f[2]))
            return _with_payer_check(got, setup, "attacker", def_al, scenario)
        if result == "succeeds":  # D < A: the defender is wounded
            got = body_check(d, att_al, scenario.flags).map(
                lambda f: Outcome("succeeds", d.member.name, f[0], 0, f[1], f[2], 0))
            return _with_payer_check(got, setup, "defender", att_al, scenario)
        return Dist.point(Outcome("tie", None, None, 0, 0, 0, 0))

    return compare_dist(a.prowess, a.rolls, d.prowess, d.rolls).bind(resolve)


def _with_payer_check(dist: Dist, setup: StrikeSetup, loser_role: str, scorer_alignment: str,
                      scenario: Scenario) -> Dist:
    """``dist`` with the body check of the member who paid a card's cost for the losing side's
    character, where the card says so (MECCG-FX-24): his fate, his kill MP to the scorer."""
    for role, payer, _card in setup.payer_checks:
        if role != loser_role:
            continue

        def add(o: Outcome, f, role=role, payer=payer) -> Outcome:
            fate, kmp, pen = f
            if role == "defender":
                return o._replace(kill_mp_attacker_player=o.kill_mp_attacker_player + kmp,
                                  penalty_defender_player=o.penalty_defender_player + pen,
                                  also=o.also + ((payer.member.name, fate),))
            return o._replace(kill_mp_defender_player=o.kill_mp_defender_player + kmp,
                              penalty_attacker_player=o.penalty_attacker_player + pen,
                              also=o.also + ((payer.member.name, fate),))
        dist = dist.combine(body_check(payer, scorer_alignment, scenario.flags), add)
    return dist


def corrupted_outcome(setup: StrikeSetup, scenario: Scenario) -> Outcome:
    """The strike whose member failed a corruption check a card called for (MECCG-FX-22): not
    resolved; he is discarded or eliminated, no kill MP is scored for him (kill MPs come from body
    checks), and an eliminated one's printed MP penalty counts against his player (MECCG-BODY-7/9)."""
    name, fate, _card = setup.corrupted
    side = setup.attacker if setup.attacker.member.name == name else setup.defender
    pen = owner_penalty(side.member, scenario.flags) if fate == "eliminated" else 0
    d_pen, a_pen = (pen, 0) if side is setup.defender else (0, pen)
    return Outcome("corrupted", name, fate, 0, 0, d_pen, a_pen)


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
    cancel: AttackCancel | None = None  #: the attack cancelled before strikes are assigned (a chance node)


def combat_odds(scenario: Scenario) -> CombatOdds:
    """Every strike's outcomes, the joint kill MPs and each member's fate. A cancel played before
    strikes are assigned is a chance node first: with its chance nothing is rolled (every strike
    "cancelled", no kill MPs), else the strikes as planned (MECCG-PRE-1, MECCG-FX-16)."""
    setups = setup_strikes(scenario)
    for k, role, card, who, rule in sources_at_risk(scenario, setups)[:1]:
        # MECCG-FX-4, MECCG-BODY-4: a member out of play uses no ability; whether he still is hangs on the dice
        raise _err(scenario, f"{setups[k - 1].choice.path}.{role}_cards",
                   f"{card} is used in strike {k}" + ("" if card == who else f" (by {who})") + f", but {who} may "
                   f"leave play in an earlier strike ({rule}): whether "
                   f"it can be used there hangs on that strike's dice, which odds does not follow for a card (it "
                   f"does for support); give the dice and use `replay`, or play it in an earlier strike")
    cancel = attack_cancel(scenario)
    per = raw = [strike_outcomes(s, scenario) for s in setups]
    if any(gone_members(o) for dist in per for o in dist) or any(s.tap_watch for s in setups):
        per, joint = _with_members_gone(setups, per, scenario)
    else:
        joint = Dist.point((0, 0))
        for dist in per:  # strikes are independent once the choices are fixed
            joint = joint.combine(dist, lambda acc, o: (acc[0] + o.kill_mp_defender_player,
                                                        acc[1] + o.kill_mp_attacker_player))
    none = Outcome("cancelled", None, None, 0, 0, 0, 0)
    # the cancelled attack: nothing rolled, or the check its cancel costs, its maker's fate and his player's
    # MP penalty carried once, on the strike he would have faced, else the first (MECCG-FX-30)
    cancelled = cancel.cancelled_dist() if cancel is not None else Dist.point(none)
    fates: dict[str, Dist] = {}
    seen: dict[str, int] = {}
    for s in setups:
        for name in strike_members(s):
            seen[name] = seen.get(name, 0) + 1
    for s, dist in zip(setups, raw):  # an ally who may leave play with its controller in his strike (MECCG-BODY-4)
        for name in {n for o in dist for n in gone_members(o)} - set(strike_members(s)):
            if name in seen:
                seen[name] += 1

    def fate_cancelled(n: str) -> Dist:
        return cancelled.map(lambda o: dict(o.also).get(n, "cancelled"))

    for s, dist in zip(setups, per):
        for name in strike_members(s):
            if seen[name] > 1:  # in two strikes (a payer or a check's maker, then his own): over the attack
                fates[name] = with_cancel(_attack_fate(setups, raw, name), cancel, fate_cancelled(name))
                continue
            fates[name] = with_cancel(dist, cancel, cancelled).map(
                lambda o, n=name: (dict(o.also).get(n, "cancelled") if o.result == "cancelled"
                                   else (_fate_of(o, n) or "unhurt")))
    if cancel is not None and cancel.check is not None and cancel.check.who not in fates:  # he faces no strike
        fates[cancel.check.who] = with_cancel(Dist.point("unhurt"), cancel, fate_cancelled(cancel.check.who))
    maker = cancel.check.who if cancel is not None and cancel.check is not None else None
    at = next((i for i, s in enumerate(setups) if maker in strike_members(s)), 0)  # his strike, else the first
    per_strike = [with_cancel(d, cancel, cancelled if i == at else none) for i, d in enumerate(per)]
    return CombatOdds(setups=setups, per_strike=per_strike,
                      kill_mp=with_cancel(joint, cancel, (0, 0)), fates=fates, cancel=cancel)


def _attack_fate(setups: list[StrikeSetup], per: list[Dist], name: str) -> Dist:
    """``name``'s fate over the whole attack when he takes part in more than one strike (he paid a card's
    cost or made the check it cost in one, MECCG-FX-24/25, and faces his own): the strikes in order, a
    strike of a member gone earlier not resolved; the first fate by which he leaves play is his."""
    state = Dist.point((frozenset(), None))

    def step(st, s, dist):
        pair = {s.attacker.member.name, s.defender.member.name}
        if st[0] & pair:
            return Dist.point(st)

        def after(o):
            f = _fate_of(o, name)
            fate = st[1] if st[1] in LEAVES_PLAY or f is None else f
            return (st[0] | gone_members(o) | ({o.loser} if (o.fate in LEAVES_PLAY or o.aside) and o.loser else set()), fate)
        return dist.map(after)
    for s, dist in zip(setups, per):
        state = state.bind(lambda st, s=s, dist=dist: step(st, s, dist))
    return state.map(lambda st: st[1] or "unhurt")


def _with_members_gone(setups: list[StrikeSetup], per: list[Dist], scenario: Scenario) -> tuple[list[Dist], Dist]:
    """The strikes in order when one can make a member besides its two leave play (MECCG-FX-24/25, an
    ally with its controller, MECCG-BODY-4): a later strike of his is not resolved (``result``
    ``absent``: no roll, no wound, no kill MP), and a later strike he was to support is fought without
    his +1 (MECCG-SEQ-6); likewise a member who tapped in an earlier strike to put its loser off to the side
    (No Better Use, MECCG-FX-28) faces his strike tapped and supports no more (:meth:`StrikeSetup.with_tapped`).
    Each strike's distribution and the joint kill MPs, over every way the earlier strikes went."""
    # kill MPs so far, the members gone so far, the members who tapped to put a loser off to the side
    state = Dist.point((0, 0, frozenset(), frozenset()))
    marginals = []
    absent = Outcome("absent", None, None, 0, 0, 0, 0)
    unsupported: dict[tuple[int, frozenset], Dist] = {}
    tapped_variants: dict[tuple[int, frozenset], tuple[StrikeSetup, Dist]] = {}

    def strike(s: StrikeSetup, dist: Dist, gone: frozenset, tapped: frozenset = frozenset()) -> Dist:
        if {s.attacker.member.name, s.defender.member.name} & gone:
            return Dist.point(absent)
        if tapped & s.tap_watch:
            key = (s.index, tapped & s.tap_watch)
            if key not in tapped_variants:
                v = s.with_tapped(tapped)
                tapped_variants[key] = (v, strike_outcomes(v, scenario))
            s, dist = tapped_variants[key]
        lost = gone & frozenset(s.supporters)
        if lost:
            key = (s.index, lost)
            if key not in unsupported:
                unsupported[key] = strike_outcomes(s.without_supporters(lost), scenario)
            dist = unsupported[key]
        if gone & allies:  # an ally gone earlier does not leave play again with its controller (MECCG-BODY-4)
            dist = dist.map(lambda o: without_gone_allies(o, scenario, gone))
        return dist

    def left(o: Outcome) -> frozenset:  # every member who leaves play in ``o``, the loser too
        return gone_members(o) | ({o.loser} if o.loser and (o.fate in LEAVES_PLAY or o.aside == o.loser) else set())

    def paid_aside(s: StrikeSetup, o: Outcome, tapped: frozenset) -> frozenset:  # who tapped for it (MECCG-FX-28)
        payers = s.with_tapped(tapped).aside_taps if s.tap_watch else s.aside_taps
        return frozenset(payers[:1]) if o.aside and payers else frozenset()

    allies = frozenset(m.name for c in (scenario.attacker, scenario.defender) for m in c.members if m.ally_of)
    for s, dist in zip(setups, per):
        step = state.bind(lambda st, d=dist, s=s: strike(s, d, st[2], st[3]).map(lambda o, st=st: (st, o)))
        marginals.append(step.map(lambda x: x[1]))
        state = step.map(lambda x, s=s: (x[0][0] + x[1].kill_mp_defender_player,
                                         x[0][1] + x[1].kill_mp_attacker_player,
                                         x[0][2] | gone_members(x[1]) | (left(x[1]) & allies),
                                         x[0][3] | paid_aside(s, x[1], x[0][3])))
    return marginals, state.map(lambda st: (st[0], st[1]))


def strike_summary(dist: Dist) -> dict[str, Fraction]:
    """P(defender wins), P(tie), P(defender loses), P(cancelled), P(a failed corruption check) of one strike."""
    return {
        "defender_wins": dist.prob(lambda o: o.result == "fails"),
        "tie": dist.prob(lambda o: o.result == "tie"),
        "defender_loses": dist.prob(lambda o: o.result == "succeeds"),
        "cancelled": dist.prob(lambda o: o.result == "cancelled"),
        # a corruption check a card called for failed: the strike is not resolved (MECCG-FX-22)
        "corrupted": dist.prob(lambda o: o.result == "corrupted"),
        # one of its characters left play in an earlier strike (MECCG-FX-24/25): not resolved
        "absent": dist.prob(lambda o: o.result == "absent"),
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
    #: MPs each player's owner loses through "if eliminated" clauses and avatars (MECCG-BODY-7/9): (defending
    #: player, attacking player)
    owner_mp_lost: tuple[int, int] = (0, 0)
    #: the strikes after the attack's strikes a card played in it costs (MECCG-FX-32): ``(strike, steps,
    #: result)`` each (:class:`.after_attack.AfterStrike`, :class:`.after_attack.AfterResult`)
    after_attack: list = field(default_factory=list)
    #: ``(ally, controller)`` of each ally that left play with its controlling character (MECCG-BODY-4)
    allies_gone: list = field(default_factory=list)


class RollSource:
    """Dice for a replay: per strike from the file, or one flat sequence from --rolls."""

    def __init__(self, flat: list[int] | None):
        self.flat = list(flat) if flat is not None else None
        self.pos = 0
        #: ``(path, field)`` of each ``rolls:`` field of the file a strike used (:func:`_refuse_unused_rolls`)
        self.used: set[tuple[str, str]] = set()

    def take(self, given: tuple[int, ...], n: int, what: str, path: str, file: str | None,
             field: str | None = None) -> list[int]:
        if field is not None:
            self.used.add((path, field))
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


#: a strike's ``rolls:`` fields, with the words for each in a refusal
ROLL_FIELDS = (("attacker", "attacker roll"), ("defender", "defender roll"), ("cards", "card roll"),
               ("body", "body-check roll"), ("payer_body", "payer's body-check roll"))


def _why_unused(s: StrikeSetup, o: Outcome, field: str) -> tuple[str, tuple[str, ...]]:
    """Why strike ``s``, gone as ``o``, needs no ``field`` roll, and the rules that say so."""
    if o.result == "absent":
        return ("a character of it left play earlier in the attack, so it is not resolved",
                ("MECCG-FX-24", "MECCG-FX-25"))
    if o.result == "corrupted":
        return f"{o.loser} fails the corruption check a card called for, so it is not resolved", ("MECCG-FX-22",)
    if o.result == "cancelled":
        return "it is cancelled: no roll, no wound, no body check", ("MECCG-SEQ-12",)
    if field == "cards":
        return "no card played in it acts on a roll or calls for a corruption check", ("MECCG-FX-16", "MECCG-FX-22")
    if o.result == "tie":
        if s.ineffectual_by is not None and field in ("attacker", "defender"):
            return f"{s.ineffectual_by.name} makes it ineffectual: nothing is rolled", ("MECCG-SEQ-10",)
        return "it is ineffectual (a tie): nobody is wounded, so nobody makes a body check", ("MECCG-SEQ-10",)
    loser = s.attacker if o.result == "fails" else s.defender
    if o.aside:
        return f"{o.aside} is put off to the side instead of making a body check", ("MECCG-FX-28",)
    if o.loser is None:
        if loser.unwounded_by:
            return (f"{loser.member.name} is not wounded by the strike he loses ({loser.unwounded_by[0]}), so he "
                    "makes no body check", ("MECCG-FX-17",))
        return "nobody is wounded in it", ("MECCG-SEQ-10",)
    return f"nobody tapped to pay a card's cost for {o.loser}, who lost it", ("MECCG-FX-24",)


class BodyRollMissing(ScenarioError):
    """The file gives no body-check roll for a strike its dice decide is lost (``strike``, resolved up to
    the body check as ``outcome``, whose fate is not known; ``before``: the strikes resolved before it).
    A claim on the strike's result alone does not need that die."""

    def __init__(self, message: str, *, strike: int, setup: StrikeSetup, outcome: Outcome, before: tuple,
                 **kw):
        super().__init__(message, **kw)
        self.strike, self.setup, self.outcome, self.before = strike, setup, outcome, before


class StrikeRollsMissing(ScenarioError):
    """The file gives no attacker's or no defender's roll (MECCG-SEQ-9) for strike ``strike``, resolved up to
    its roll as ``setup`` (its two sides' final prowess and how many dice each rolls, MECCG-SEQ-13);
    ``before``: the strikes resolved before it. A claim the strikes before it decide does not need them."""

    def __init__(self, message: str, *, strike: int, setup: StrikeSetup, before: tuple, **kw):
        super().__init__(message, **kw)
        self.strike, self.setup, self.before = strike, setup, before


class CardRollsMissing(ScenarioError):
    """The file gives no die for the rolls or checks of the cards played in strike ``strike`` (its ``rolls:
    cards:``, MECCG-FX-16/22/25), set up as ``setup`` (:func:`card_rolls`: one die per copy played). A claim
    that every way those rolls can go decides alike does not need them."""

    def __init__(self, message: str, *, strike: int, setup: StrikeSetup, **kw):
        super().__init__(message, **kw)
        self.strike, self.setup = strike, setup


def _with_rules(text: str, rules: tuple[str, ...]) -> str:
    """``text (RULE, RULE)``: a reason as the messages write it, its rules named by id."""
    return f"{text} ({', '.join(rules)})"


def _refuse_unused_rolls(src: RollSource, s: StrikeSetup, o: Outcome, scenario: Scenario,
                         steps: list | None = None, strike_steps: list | None = None,
                         other_reading: "OtherReading | None" = None) -> None:
    """A roll the file gives for strike ``s`` that its resolution (outcome ``o``) never needed is refused,
    never ignored: a body-check roll for a tie (MECCG-SEQ-10), the attacker's roll for a cancelled strike
    (MECCG-SEQ-12), and so on. (With ``--rolls`` the file's dice are not read.) With ``steps`` (the strikes
    follow another assignment than the block's, after a check before strikes are assigned, MECCG-FX-31, or
    ``verify`` replays the block as given beside that: the block's dice serve both) it is said there instead.
    A die another value of an interpretation flag rolls (``other_reading``, the caller's search of the other
    readings, :func:`.before_outcomes.used_under_other_reading`: ``verify`` decides the claims under every
    value) is not refused either: ``strike_steps`` says it is not used under this reading, naming the
    reading that uses it. With a rule taken away (:func:`pycombat.in_force.removed`: a verdict's
    counterfactual) a die left unused is no fault of the file, which is checked under the rules in force:
    not refused, and no other reading searched."""
    ch = s.choice
    if src.flat is not None or ch.rolls is None or removed_rules():
        return
    for field, words in ROLL_FIELDS:
        value = getattr(ch.rolls, field)
        given = () if value is None else value if isinstance(value, tuple) else (value,)
        if given and (ch.path, field) not in src.used:
            shown = given[0] if len(given) == 1 else list(given)
            text, rules = _why_unused(s, o, field)
            if o.result == "absent" and strike_steps and strike_steps[0].rules:  # who left, and by which rule
                text = strike_steps[0].text.partition(": ")[2].partition(": the strike")[0] + ", so it is not resolved"
                rules = strike_steps[0].rules
            why = _with_rules(text, rules)
            if steps is not None:
                steps.append(ReplayStep(f"Not used: the file's {words} for strike {s.index} ({field}: {shown}): {why}",
                                        rules))
                continue
            other = other_reading(scenario, ch.path, field) if other_reading is not None else None
            if other is not None:
                if strike_steps is not None:
                    strike_steps.append(ReplayStep(
                        f"Not used under this reading: the file's {words} for strike {s.index} ({field}: {shown}): "
                        f"{why}; the reading {other} rolls it", rules))
                continue
            raise ScenarioError(f"strike {s.index} needs no {words}: {why}; the file gives "
                                f"{len(given)} ({field}: {shown})", file=scenario.file, path=f"{ch.path}.rolls.{field}")


def _given(value) -> tuple[int, ...]:
    """A ``rolls:`` field's dice as a tuple (none: empty)."""
    return () if value is None else value if isinstance(value, tuple) else (value,)


def _shown(given: tuple[int, ...]):
    """Dice as a message writes them: one number, or the list."""
    return given[0] if len(given) == 1 else list(given)


def cancel_fields(cancel: AttackCancel) -> tuple[str, ...]:
    """The combat block's fields whose dice a cancel that cancels the attack uses (``replay``): its roll
    (MECCG-FX-16) from ``cancel_roll:``; the corruption check it costs (MECCG-FX-30) from ``cancel_roll:``
    when it has no roll, else from ``check_roll:``."""
    if cancel.roll is not None:
        return ("cancel_roll", "check_roll") if cancel.check is not None else ("cancel_roll",)
    return ("cancel_roll",) if cancel.check is not None else ()


def cancelled_on_the_file(scenario: Scenario) -> AttackCancel | None:
    """The cancel played before strikes are assigned that cancels the attack on the file's dice: one with no
    roll (MECCG-PRE-1), or one on a roll whose ``cancel_roll:`` beats its number (MECCG-FX-16). None: no
    cancel, one the attacker keeps the attack from (MECCG-FX-29), one whose roll is not given or fails, or a
    play the one play check refuses or whose roll the data cannot fix (refused as the strikes are set up,
    :func:`setup_strikes`, and as the cancel is rolled, :func:`attack_cancel`: not a cancelled attack)."""
    combat = scenario.combat
    if combat is None or not combat.before_assignment:
        return None
    try:
        if not combat.plays_checked and not play.check(scenario, [play.Play(c, play.before_player(scenario, c),
                                                                            play.BEFORE)
                                                                  for c in combat.before_assignment]).legal:
            return None
        cancel = attack_cancel(scenario)
    except ScenarioError:
        return None
    if cancel is None or cancel.kept_by is not None:
        return None
    if cancel.roll is None:
        return cancel
    given = scenario.combat.cancel_roll
    return cancel if given is not None and given + cancel.roll.bonus > cancel.roll.greater_than else None


def refuse_dice_after_cancel(scenario: Scenario, cancel: AttackCancel) -> None:
    """The attack cancelled before strikes are assigned (MECCG-PRE-1): no strike is made and nothing but the
    cancel's own dice (:func:`cancel_fields`) is rolled, so a die the combat block gives for anything after it
    is refused, never ignored (exit 2, naming the field): a strike's ``rolls:`` (those of ``after_check:``
    too), a ``cancel_roll:`` or ``check_roll:`` the cancel does not use, ``wound_rolls:``, ``after_attack:``.
    No other reading of the file rolls them: the cancel is decided by the file's own dice."""
    combat = scenario.combat
    used = cancel_fields(cancel)
    rules = ("MECCG-PRE-1",) + ((rolls.RULE,) if cancel.roll is not None else ())
    why = f"the attack is cancelled before strikes are assigned ({cancel.card}; {', '.join(rules)}): no strike is made"
    for block, of in ((combat, ""), (combat.after_check, " of `after_check:`")):
        for i, c in enumerate(block.strikes if block is not None else (), 1):
            for key, words in ROLL_FIELDS:
                given = _given(getattr(c.rolls, key)) if c.rolls is not None else ()
                if given:
                    raise _err(scenario, f"{c.path}.rolls.{key}",
                               f"strike {i}{of} needs no {words}: {why}; the file gives {len(given)} "
                               f"({key}: {_shown(given)})")
    for key in ("cancel_roll", "check_roll"):
        value = getattr(combat, key)
        if value is not None and key not in used:
            raise _err(scenario, f"{combat.path}.{key}", f"the combat needs no `{key}:`: {why}, nothing but the "
                       f"cancel is rolled; the file gives {key}: {value}")
    for name, roll, path in combat.wound_rolls:
        raise _err(scenario, f"{path}.roll", f"{name} makes no wound roll: {why}; the file gives roll: {roll}")
    for ally, roll, body, path in combat.after_attack:
        raise _err(scenario, f"{path}.roll", f"{ally} makes no strike after the attack: {why}; the file gives "
                   + ", ".join(f"{k}: {v}" for k, v in (("roll", roll), ("body", body)) if v is not None))


def file_dice(scenario: Scenario) -> list[tuple[str, object]]:
    """Every die the combat block gives, ``(path, value)`` in the file's order: ``cancel_roll:``,
    ``check_roll:``, ``wound_rolls:``, each strike's ``rolls:`` (those of ``after_check:`` too) and
    ``after_attack:``; what ``replay --rolls`` does not read."""
    combat = scenario.combat
    if combat is None:
        return []
    out: list[tuple[str, object]] = [(f"{combat.path}.{k}", getattr(combat, k)) for k in ("cancel_roll", "check_roll")
                                     if getattr(combat, k) is not None]
    out += [(f"{path}.roll", roll) for _n, roll, path in combat.wound_rolls]
    for block in (combat, combat.after_check):
        for c in block.strikes if block is not None else ():
            out += [(f"{c.path}.rolls.{k}", _shown(_given(getattr(c.rolls, k))))
                    for k, _w in ROLL_FIELDS if c.rolls is not None and _given(getattr(c.rolls, k))]
    for _ally, roll, body, path in combat.after_attack:
        out += [(f"{path}.{k}", v) for k, v in (("roll", roll), ("body", body)) if v is not None]
    return out


def _fmt_mods(base: int, mods: Iterable[Mod]) -> str:
    parts = [str(base)] + [f"{m.amount:+d} ({m.what}, {m.rule})" for m in mods if m.amount]
    return " ".join(parts)


def _replay_body_check(s: StrikeSetup, ch, src, scenario: Scenario, loser: Side, verdict: str, won: bool,
                       steps: list) -> Outcome:
    """``replay``'s body check of the strike's loser (MECCG-BODY): its step, appended to ``steps``, and
    the strike's outcome; ``won``: the defender won the strike."""
    body = src.take((ch.rolls.body,) if ch.rolls and ch.rolls.body is not None else (), 1,
                    f"strike {s.index} (body check)", ch.path, scenario.file, field="body")[0]
    scorer_al = scenario.defender.alignment if won else scenario.attacker.alignment
    fate, kmp, pen = body_result(loser, body, scorer_al, scenario.flags)
    result = body + (1 if loser.prewounded else 0) + loser.body_roll_mod
    bmods = "".join(f" {m.amount:+d} ({m.what})" for m in loser.body_mods)
    body_txt = f"body {loser.member.body}{bmods} = {loser.body}" if loser.body_mods else f"body {loser.body}"
    parts = ([" + 1 (wounded before this strike)"] if loser.prewounded else []) + \
        ([f" {loser.body_roll_mod:+d} (card modifiers to the roll, MECCG-FX-9)"] if loser.body_roll_mod else [])
    rolled = f"{body}{''.join(parts)} = {result}" if parts else f"{body}"
    if fate == "eliminated":
        text = f"Body check: {rolled} > {body_txt}"
        if loser.discard_on:
            text += f", not the discard number {', '.join(map(str, loser.discard_on))}"
        text += f": {loser.member.name} is eliminated; {kmp} kill MP to the {'defending' if won else 'attacking'} player"
        text += penalty_text(loser.member, pen, scenario.flags)
        rules = ("MECCG-BODY-1", "MECCG-BODY-5")
        if loser.discard_on:
            rules = rules + ("MECCG-BODY-2",)
        rules = rules + penalty_rules(loser.member)
    elif fate == "discarded" and loser.discarded_if_survives and result not in loser.discard_on:
        text = (f"Body check: {rolled} is not greater than {body_txt}: {loser.member.name} survives, and "
                f"{loser.discarded_if_survives} discards him: no kill MP "
                f"[{cardfx.card_model(loser.discarded_if_survives).flag}=applies]")
        rules = ("MECCG-BODY-1", "MECCG-FX-14")
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
    return Outcome(verdict, loser.member.name, fate, kmp if won else 0, kmp if not won else 0,
                   pen if not won else 0, pen if won else 0)


#: ``(scenario, path, field) -> "flag=value"`` of another reading under which the file's ``field`` die of the
#: strike at ``path`` is rolled, or None (:func:`.before_outcomes.used_under_other_reading`)
OtherReading = Callable[[Scenario, str, str], "str | None"]


def replay(scenario: Scenario, flat_rolls: list[int] | None = None, before_strikes=None, after_attack=None,
           refuse_unused: bool = True, record: set | None = None,
           other_reading: OtherReading | None = None) -> Replay:
    """The combat block resolved with its dice (or ``flat_rolls``). ``before_strikes(src, preamble)``:
    what happens once the attack goes on and before strikes are assigned (a check a card played then
    costs, MECCG-FX-31), its steps appended to ``preamble``; it returns the scenario whose combat block
    the strikes follow, or None when no strike is made. ``after_attack(src, scenario, strikes)``: the
    strikes after the attack's that a card played in it costs (MECCG-FX-32), rolled once every strike of
    the attack is resolved, as :attr:`Replay.after_attack` entries. A roll of the file a strike never
    needs is refused (:func:`_refuse_unused_rolls`); named in its steps instead when ``refuse_unused`` is
    False or the strikes follow another assignment than the block's after a check before it."""
    setups = setup_strikes(scenario)
    src = RollSource(flat_rolls)
    if record is not None:  # the ``(path, field)`` of each die of the file used, for the caller
        src.used = record
    preamble = []
    hazards = [c.name for c in scenario.in_play if getattr(c, "type", None) == "hazard"]
    # MECCG-FX-11: a hazard that modifies characters (Gloom, The Sun Shone Fiercely) acts under CoE's reading;
    # with hazard_scope=all no hazard does (MECCG-STRUCT-8)
    acting = [] if cardfx.hazards_off(scenario) else [
        c.name for c in scenario.in_play if getattr(c, "type", None) == "hazard" and cardfx.model(c.id).fx]
    hazards = [h for h in hazards if h not in acting]
    # each acts where its own conditions hold (MECCG-FX-11): on whom it acts, or why on no one
    reach = {h: standing_effects(scenario, h) for h in acting}
    idle = [h for h in acting if not any(e.acts for e in reach[h])]
    acting = [h for h in acting if h not in idle]
    if acting:
        on = "; ".join(f"{h} on {', '.join(e.member for e in reach[h] if e.acts)}" for h in acting)
        preamble.append(ReplayStep(
            f"In play: {', '.join(acting)}: hazards that modify characters, not attacks or strikes: they act "
            f"[hazard_scope={scenario.flags['hazard_scope']}]: {on}", ("MECCG-STRUCT-8", "MECCG-FX-11")))
    for h in idle:
        preamble.append(ReplayStep(
            f"In play: {h}: a hazard that modifies characters; it acts on no one in this combat "
            f"({unmet_text(reach[h])})", ("MECCG-FX-11",) + ((TURN_RULE, "MECCG-INIT-1")
                                                              if any(e.ended for e in reach[h]) else ())))
    # MECCG-FX-7: an environment with no modification of its own (Doors of Night) acts only through the cards
    # that read it: what it switches in this combat, or that nothing here reads it
    switching = [c for c in scenario.in_play if c.name in hazards and switches_only(c)]
    hazards = [h for h in hazards if h not in {c.name for c in switching}]
    for c in switching:
        changed = switched_by(scenario, c.name)
        acts = [s.text() for s in changed if s.acts]
        held = [s.text() for s in changed if not s.acts and s.held]
        rules = tuple(dict.fromkeys(r for s in changed for r in (s.act_rules if s.acts else s.held_rules)))
        said = "; ".join(([f"the cards that read it change: {'; '.join(acts)}"] if acts else [])
                         + ([f"read but held: {'; '.join(held)}"] if held else [])) or "no card of this combat reads it"
        preamble.append(ReplayStep(f"In play: {c.name}: an environment with no effect of its own; {said}",
                                   ("MECCG-FX-7", *rules)))
    if hazards:
        preamble.append(ReplayStep(
            f"In play: {', '.join(hazards)}: hazards, no effect on company vs. company combat "
            f"[hazard_scope={scenario.flags['hazard_scope']}]", ("MECCG-STRUCT-8",)))
    for e in [e for e in ended_in_play(scenario) if e["card"] not in idle]:  # MECCG-FX-7: lasting the turn, ended
        preamble.append(ReplayStep(f"In play: {e['card']} ({e['where']}; on {', '.join(e['members'])}): no effect "
                                   f"in this attack: {e['why']}", tuple(e["rules"])))
    for m in scenario.attacker.members:
        if m.may_not_face_strikes_at_site and scenario.flags["site_barred_ally_strikes"] == "strike":
            preamble.append(ReplayStep(
                f"{m.name} strikes although he may not face strikes at a site [site_barred_ally_strikes=strike]: "
                "the seed's reading; under CoE he commits no strike", ("MECCG-STRUCT-2",)))
    if scenario.combat.excess and before_strikes is None:  # else said with the assignment that follows
        preamble.append(ReplayStep(f"Excess strikes: {', '.join(scenario.combat.excess)}, -1 each where the attacker "
                                   "allocates them", ("MECCG-ASSIGN-5", "MECCG-STRUCT-9")))
    out = []
    tot_d = tot_a = 0
    cancel = attack_cancel(scenario)
    if cancel is not None and cancel.kept_by is not None:  # MECCG-FX-29: played, cost paid, no cancel
        preamble.append(ReplayStep(cancel.text(), cancel.rules))
        paid = cost_item_paid(scenario)
        if paid is not None:  # MECCG-FX-27: its cost was paid when it was played
            preamble.append(ReplayStep(f"{paid[2]}'s cost discarded {paid[0]}'s {paid[1]}: the strikes are fought "
                                       "without it", (COST_ITEM_RULE,)))
    elif cancel is not None:  # MECCG-PRE-1: played before strikes are assigned, so rolled first
        combat = scenario.combat
        if cancel.roll is None and cancel.check is not None:  # MECCG-FX-30: the check its cost is, one die
            preamble.append(ReplayStep(f"{cancel.card} cancels the attack; its cost, "
                                       + _cancel_check_rolled(cancel, src, scenario, "cancel_roll"), cancel.rules))
            return _cancelled(src, scenario, cancel, preamble)
        if cancel.roll is None:
            preamble.append(ReplayStep(cancel.text(), cancel.rules))
            return _cancelled(src, scenario, cancel, preamble)
        r = cancel.roll
        rolled = src.take((combat.cancel_roll,) if combat.cancel_roll is not None else (), 1,
                          f"{r.card}'s roll (cancel_roll)", combat.path, scenario.file)[0]
        total = rolled + r.bonus
        adds = "".join(f" {a:+d} ({why})" for a, why in r.terms)
        who = f"{r.roller} rolls" if r.roller else "the defender rolls"
        if total > r.greater_than:
            if cancel.check is not None:  # its roller's check, rolled beside it (MECCG-FX-30): the combat's check_roll
                preamble.append(ReplayStep(
                    f"{r.card}: {who} {rolled}{adds} = {total} > {r.greater_than}: the attack is cancelled; its cost, "
                    + _cancel_check_rolled(cancel, src, scenario, "check_roll"), cancel.rules))
                return _cancelled(src, scenario, cancel, preamble)
            preamble.append(ReplayStep(f"{r.card}: {who} {rolled}{adds} = {total} > {r.greater_than}: the attack is "
                                       "cancelled, nothing else is rolled", cancel.rules))
            return _cancelled(src, scenario, cancel, preamble)
        preamble.append(ReplayStep(f"{r.card}: {who} {rolled}{adds} = {total}, not more than {r.greater_than}: the "
                                   "attack goes on", cancel.rules))
        paid = cost_item_paid(scenario)
        if paid is not None:  # MECCG-FX-27: its cost was paid when it was played
            preamble.append(ReplayStep(f"{paid[2]}'s cost discarded {paid[0]}'s {paid[1]}: the strikes are fought "
                                       "without it", (COST_ITEM_RULE,)))
    block = scenario.combat
    if before_strikes is not None:  # the company as it stands when strikes are assigned (MECCG-FX-31)
        after = before_strikes(src, preamble)
        # the strikes follow another assignment than the block's (or none is made): its dice are the block's
        # too (verify reads them as given), so one a strike here leaves unused is named, not refused
        made = {(c.attacker, c.defender) for c in after.combat.strikes} if after is not None else set()
        for i, c in enumerate(block.strikes, 1):  # a strike of the block no longer made: its dice are not used
            given = [f for f, _w in ROLL_FIELDS if c.rolls is not None and getattr(c.rolls, f) not in (None, ())]
            if (c.attacker, c.defender) not in made and given and src.flat is None:
                preamble.append(ReplayStep(f"Not used: the file's dice for strike {i} of the block ({c.attacker} on "
                                           f"{c.defender}: {', '.join(given)}): that strike is not made in the "
                                           "assignment after the check", ("MECCG-FX-31",)))
        if after is None:
            return _no_more_dice(src, Replay(strikes=[], preamble=preamble, kill_mp=(0, 0)))
        scenario = after
        setups = setup_strikes(scenario)
        refuse_unused = refuse_unused and scenario.combat.strikes == block.strikes

    def unused(entry) -> None:
        # (a strike of a stated `after_check:` assignment has dice of its own: refused there too)
        shared = not refuse_unused and entry[0].choice in block.strikes
        _refuse_unused_rolls(src, entry[0], entry[2], scenario, entry[1] if shared else None,
                             strike_steps=entry[1], other_reading=other_reading)
    for s in setups:
        if out:  # the strike before, resolved: a roll it never needed is refused
            unused(out[-1])
        steps: list[ReplayStep] = []
        # a member who left play earlier in the attack besides a strike's two (MECCG-FX-24/25), or an ally
        # who left with its controlling character (MECCG-BODY-4)
        checked = {c[0] for s_, _st, _o in out for c in s_.checked if c[1] in LEAVES_PLAY}
        checked |= {a for n in checked for a in allies_of(scenario, n)}
        gone = checked | {n for _s, _st, o_ in out for n in gone_members(o_)}
        left = [n for n in (s.defender.member.name, s.attacker.member.name) if n in gone]
        if left:
            allied = [n for n in left if scenario.member(n).ally_of]
            rules = ((ALLY_RULE,) if allied else ()) + (
                () if len(allied) == len(left) else ("MECCG-FX-25",) if set(left) & checked else ("MECCG-FX-24",))
            who = [n + (f" (with {scenario.member(n).ally_of}, its controller)" if n in allied else "") for n in left]
            out.append((s, [ReplayStep(
                f"Strike {s.index}: {', '.join(who)} left play earlier in the attack: the strike is not resolved "
                "(no roll, no wound, no body check)", rules)],
                Outcome("absent", None, None, 0, 0, 0, 0)))
            continue
        out_of_play = gone | {o_.loser for _s, _st, o_ in out
                              if o_.loser and (o_.fate in LEAVES_PLAY or o_.aside == o_.loser)}
        for role, card, who in card_sources(scenario, s.choice):
            if who in out_of_play:  # MECCG-FX-4, MECCG-BODY-4: a member out of play uses no ability
                ally = scenario.member(who).ally_of
                raise _err(scenario, f"{s.choice.path}.{role}_cards",
                           f"{card}: {who} left play earlier in the attack"
                           + (f" (with {ally}, its controlling character, MECCG-BODY-4)" if ally in out_of_play
                              else "") + " and cannot be used in this strike (MECCG-FX-4)")
        lost = [n for n in s.supporters if n in gone]  # a supporter who left play earlier supports no more
        if lost:
            s = s.without_supporters(gone)
        # a member who tapped to put an earlier strike's loser off to the side (No Better Use, MECCG-FX-28)
        aside_tapped = {s_.aside_taps[0]: (s_.index, o_.aside) for s_, _st, o_ in out if o_.aside and s_.aside_taps}
        watched = s.tap_watch
        s = s.with_tapped(set(aside_tapped))
        s, rolled_steps = _roll_cards(s, src, scenario)
        a, d, ch = s.attacker, s.defender, s.choice
        earlier = dict(s.untapped_earlier)

        def status(m: Member) -> str:
            if m.name in aside_tapped and m.name in watched:
                k, who = aside_tapped[m.name]
                return f"tapped: he tapped in strike {k} to put {who} off to the side"
            return f"tapped, untapped by {earlier[m.name]} earlier in the attack" if m.name in earlier else m.status
        steps.append(ReplayStep(f"Strike {s.index}: {d.member.name} ({status(d.member)}) faces {a.member.name}'s "
                                f"strike ({status(a.member)}); the defender chose the order",
                                ("MECCG-SEQ-1",) + (("MECCG-FX-1",) if earlier else ())))
        paid_by: dict[str, list[str]] = {}  # card name -> the payer of each copy, in the order played
        for name, who in s.payers:
            paid_by.setdefault(name, []).append(who)

        def pays(c) -> str:  # MECCG-FX-24: who tapped to pay this copy's cost
            left = paid_by.get(c.name) or []
            return f"; {left.pop(0)} taps to pay its cost" if left else ""
        for c in a.cards:
            paying = bool(paid_by.get(c.name))
            steps.append(ReplayStep(f"Step 1: the attacker plays {c.name}{pays(c)}",
                                    ("MECCG-SEQ-2", c.rule) + (("MECCG-FX-24",) if paying else ())))
        for e in ch.excess:
            steps.append(ReplayStep(f"Step 2: the attacker allocates {e}'s excess strike to {d.member.name}: -1",
                                    ("MECCG-SEQ-3",)))
        for e in s.forced_excess:
            steps.append(ReplayStep(f"Step 2: last strike: {e}'s unallocated excess strike must go on "
                                    f"{d.member.name}: -1", ("MECCG-SEQ-3",)))
        if ch.attacker_untapped:
            steps.append(ReplayStep(f"Step 3: {a.member.name} takes the penalty not to tap", ("MECCG-SEQ-4",)))
        elif a.member.status == "untapped" or a.member.name in earlier:
            steps.append(ReplayStep(f"Step 3: {a.member.name} takes no -3: full prowess, will tap", ("MECCG-SEQ-4",)))
        if ch.defender_untapped:
            steps.append(ReplayStep(f"Step 4: {d.member.name} takes -3 not to tap", ("MECCG-SEQ-5",)))
        elif d.member.status == "untapped" or d.member.name in earlier:
            steps.append(ReplayStep(f"Step 4: {d.member.name} takes no -3: full prowess, will tap", ("MECCG-SEQ-5",)))
        for sup in s.supporters:
            steps.append(ReplayStep(f"Step 5: {sup} taps to support {d.member.name}: +1", ("MECCG-SEQ-6",)))
        for sup in lost:
            ally = scenario.member(sup).ally_of
            steps.append(ReplayStep(f"Step 5: {sup} left play earlier in the attack"
                                    + (f" (with {ally}, its controller)" if ally else "") + ": no support from it",
                                    ("MECCG-SEQ-6", ALLY_RULE) if ally else ("MECCG-SEQ-6", "MECCG-FX-24", "MECCG-FX-25")))
        for c in d.cards:
            paying = bool(paid_by.get(c.name))
            steps.append(ReplayStep(f"Step 6: the defender plays {c.name}{pays(c)}",
                                    ("MECCG-SEQ-7", c.rule) + (("MECCG-FX-24",) if paying else ())))
            untapped = [n for n, card in s.untaps_others if card == c.name]
            if untapped:
                steps.append(ReplayStep(f"{c.name} also untaps {', '.join(untapped)}, for the rest of the attack",
                                        tuple(dict.fromkeys(("MECCG-FX-1", c.rule)))))
            if c.id == "TW-252":
                steps.append(ReplayStep("(the seed credits Halfling Stealth to the attacker; it is the hero "
                                        "player's card, played by the defender)", ("MECCG-CARD-9",)))
        for who, item, card in s.items_discarded:  # MECCG-FX-15: a cost, paid when the card is played
            if item_gone_rule(card) == COST_RULE:
                steps.append(ReplayStep(f"{card}: {who}'s {item} goes to its player's marshalling point pile when "
                                        "the card is played: it gives him nothing from then on (its bonuses and "
                                        "corruption points gone)", (COST_RULE,)))
        steps += rolled_steps
        for who, item, card in s.items_discarded:  # MECCG-FX-26: gone before the roll
            if item_gone_rule(card) == COST_RULE:
                continue
            steps.append(ReplayStep(f"{card} discards {who}'s {item} before the roll: it gives him nothing in this "
                                    "strike", (DISCARD_RULE,)))
        if s.corrupted is not None:  # MECCG-FX-22: he leaves play before the strike is rolled
            o = corrupted_outcome(s, scenario)
            name, fate, card = s.corrupted
            lost = o.penalty_defender_player or o.penalty_attacker_player
            steps.append(ReplayStep(
                f"{name} fails the corruption check {card} called for and is {fate}: the strike is not resolved "
                f"(no roll, no wound, no body check), no kill MP for him"
                + (f"; his player loses {lost} MP [elimination_mp_clauses={scenario.flags['elimination_mp_clauses']}]"
                   if lost else ""), ("MECCG-FX-22",) + (("MECCG-BODY-9",) if lost else ())))
            _push(out, scenario, s, steps, o)
            continue
        if s.cancelled_by is not None:
            who = s.cancelled_by.name
            flag = scenario.flags["cancelled_strike_taps"]
            tappers = cancelled_tappers(s, scenario)
            kept = [x for x in (a, d) if x.untapped and x.member.name not in tappers]
            # the flag covers the strike's two characters only: a supporter tapped at step 5 (MECCG-SEQ-6)
            taps = ("both characters tap" if len(tappers) == 2 else f"{tappers[0]} taps" if tappers
                    else f"neither {d.member.name} nor {a.member.name} taps")
            why = "".join(f"; {x.member.name} took -3 not to tap" if x.stays_untapped
                          else f"; {x.member.name} does not tap (a card)" if x.no_tap else "" for x in kept) \
                if flag == "yes" else ""
            rules = ("MECCG-SEQ-12", s.cancelled_by.rule) + tuple(
                dict.fromkeys("MECCG-SEQ-4" if x.role == "attacker" else "MECCG-SEQ-5"
                              for x in kept if x.stays_untapped and flag == "yes"))
            steps.append(ReplayStep(
                f"{who} cancels the strike: no roll, no wound, no body check; {taps}{why} "
                f"[cancelled_strike_taps={flag}]"
                + (f" (the seed taps {a.member.name})" if flag != "yes" else "")
                + f". {d.member.name} would have been at {d.prowess}, {a.member.name} at {a.prowess}", rules))
            _push(out, scenario, s, steps, Outcome("cancelled", None, None, 0, 0, 0, 0))
            continue
        if s.ineffectual_by is not None:  # nothing is rolled: a tie (MECCG-SEQ-10)
            taps = [x.member.name for x in (a, d) if not x.stays_untapped and not x.no_tap and x.untapped]
            steps.append(ReplayStep(f"{s.ineffectual_by.name} makes the strike ineffectual: no roll, nobody is "
                                    "wounded" + (f"; {', '.join(taps)} tap{'s' if len(taps) == 1 else ''}"
                                                 if taps else ""), ("MECCG-SEQ-10", s.ineffectual_by.rule)))
            _push(out, scenario, s, steps, Outcome("tie", None, None, 0, 0, 0, 0))
            continue
        # a hazard in play that STRUCT-8 neutralises gives nothing; one that modifies characters (MECCG-FX-11)
        # gives nothing here when its conditions hold for neither character of this strike
        # (one that modifies the attacks of some races only, on a strike by one of them: there it could act)
        dark = "doors of night" in cardfx._in_play_names(scenario, scenario.attacker)
        boosting = [c.name for c in scenario.in_play if getattr(c, "type", None) == "hazard"
                    and any("prowess" in t for t in getattr(c, "effect_tags", ())) and c.name not in reach
                    and _could_modify(c, a.member, dark)]
        here = {a.member.name, d.member.name}
        unmet = {h: [e for e in reach[h] if e.member in here] for h in reach}
        unmet = {h: es for h, es in unmet.items() if es and not any(e.acts for e in es)}
        nothing = (f"; {', '.join(boosting)} gives nothing (a hazard)" if boosting else "") + "".join(
            f"; {h} gives nothing here ({unmet_text(es)})" for h, es in unmet.items())
        ended_here = [(x.member.name, m) for x in (a, d) for m in x.prowess_mods
                      if ended_note(m) and m.what.split(":")[0] not in unmet]  # (a hazard's said above)
        nothing += "".join(f"; {m.what.split(':')[0]} gives {who} nothing ({ENDED_WORDS}, {TURN_RULE})"
                           for who, m in ended_here)
        steps.append(ReplayStep(f"Prowess: {a.member.name} {_fmt_mods(a.member.prowess or 0, a.prowess_mods)} = "
                                f"{a.prowess}; {d.member.name} {_fmt_mods(d.member.prowess or 0, d.prowess_mods)} = "
                                f"{d.prowess}{nothing}", ("MECCG-SEQ-9",) + (("MECCG-STRUCT-8",) if boosting else ())
                                + (("MECCG-FX-11",) if unmet else ())
                                + ((TURN_RULE,) if ended_here or any(e.ended for es in unmet.values() for e in es)
                                   else ())))
        for side in (a, d):  # body modifications (items, cards, the opponent's items) before any body check
            changed = [m for m in side.body_mods if m.amount]
            if changed:
                steps.append(ReplayStep(f"Body: {side.member.name} {_fmt_mods(side.member.body or 0, changed)} = "
                                        f"{side.body}", tuple(dict.fromkeys(m.rule for m in changed))))
        given_a, given_d = (ch.rolls.attacker, ch.rolls.defender) if ch.rolls else ((), ())
        if src.flat is None and (not given_a or not given_d):  # a strike roll the file does not give
            what = "attacker" if not given_a else "defender"
            n = a.rolls if not given_a else d.rolls
            raise StrikeRollsMissing(
                f"strike {s.index} ({what}) needs {n} roll{'s' if n > 1 else ''} (2d6 totals), the file gives 0",
                file=scenario.file, path=f"{ch.path}.rolls", strike=s.index, setup=s, before=tuple(out))
        ra = src.take(given_a, a.rolls, f"strike {s.index} (attacker)", ch.path, scenario.file, field="attacker")
        rd = src.take(given_d, d.rolls, f"strike {s.index} (defender)", ch.path, scenario.file, field="defender")
        ka, kd = max(ra), max(rd)
        A, D = a.prowess + ka, d.prowess + kd
        rolled_a = f"{' and '.join(map(str, ra))}, keeps {ka}" if len(ra) > 1 else str(ka)
        rules = ("MECCG-SEQ-9", "MECCG-SEQ-13") if len(ra) > 1 or len(rd) > 1 else ("MECCG-SEQ-9",)
        steps.append(ReplayStep(f"Step 7: the attacker rolls {rolled_a}: {a.prowess} + {ka} = {A}; the defender "
                                f"rolls {', '.join(map(str, rd))}: {d.prowess} + {kd} = {D}", rules))
        if D == A:
            taps = [x.member.name for x in (a, d)
                    if not x.stays_untapped and not x.no_tap and x.untapped]
            steps.append(ReplayStep(f"Step 8: {D} = {A}: ineffectual, nobody is wounded"
                                    + (f"; {', '.join(taps)} tap{'s' if len(taps) == 1 else ''}" if taps else ""),
                                    ("MECCG-SEQ-10",)))
            _push(out, scenario, s, steps, Outcome("tie", None, None, 0, 0, 0, 0))
            continue
        winner, loser = (d, a) if D > A else (a, d)
        verdict = "fails" if D > A else "succeeds"
        tap = (f"{winner.member.name} taps" if winner.untapped and not winner.stays_untapped
               and not winner.no_tap else f"{winner.member.name} does not tap")
        if loser.unwounded_by:  # the strike it lost does not wound it: no body check (MECCG-FX-17)
            item, above = loser.unwounded_by
            flag = scenario.flags.get(cardfx.UNWOUNDED_TAPS_FLAG, "yes")
            lt = ("taps" if flag == "yes" and loser.untapped and not loser.stays_untapped else "does not tap")
            steps.append(ReplayStep(f"Step 8: {max(A, D)} > {min(A, D)}: the strike {verdict}; {tap}; "
                                    f"{item}: {loser.member.name} is not wounded, so no body check, and {lt} "
                                    f"[{cardfx.UNWOUNDED_TAPS_FLAG}={flag}]. "
                                    f"{loser.member.name}'s player rolls for the {item}: above {above} it is "
                                    f"discarded ({fmt(rolls.chance_above(0, above))}), after the strike",
                                    ("MECCG-SEQ-10", cardfx.ITEM_ABILITY_RULE)))
            _push(out, scenario, s, steps, Outcome(verdict, None, None, 0, 0, 0, 0))
            continue
        scorer_al = scenario.defender.alignment if D > A else scenario.attacker.alignment
        if loser.off_to_side:  # no body check: put off to the side instead (MECCG-FX-28)
            payer = f" ({s.aside_taps[0]} taps for it)" if s.aside_taps else ""
            steps.append(ReplayStep(f"Step 8: {max(A, D)} > {min(A, D)}: the strike {verdict}; {tap}, "
                                    f"{loser.member.name} is wounded; {loser.off_to_side}{payer}: he makes no body "
                                    "check and is put off to the side: he leaves play, no kill MP",
                                    ("MECCG-SEQ-10", "MECCG-FX-28")))
            o = Outcome(verdict, loser.member.name, None, 0, 0, 0, 0, aside=loser.member.name)
        else:
            steps.append(ReplayStep(f"Step 8: {max(A, D)} > {min(A, D)}: the strike {verdict}; {tap}, "
                                    f"{loser.member.name} is wounded and the "
                                    f"{'defending' if D > A else 'attacking'} player makes the body check",
                                    ("MECCG-SEQ-10", "MECCG-BODY-1")))
            winner, w_role = (d, "defender") if D > A else (a, "attacker")
            for c in winner.cards:  # his own card he cannot pay: he tapped on winning (MECCG-FX-28)
                if taps_at_body_check(c) and aside_payer(scenario, w_role, c) == winner.member.name:
                    steps.append(ReplayStep(f"{c.name}: {winner.member.name} tapped on winning his strike (he took "
                                            "no -3 not to tap), so he cannot tap for it: no one is put off to the "
                                            "side", ("MECCG-FX-28", "MECCG-SEQ-10")))
            if src.flat is None and (ch.rolls is None or ch.rolls.body is None):
                raise BodyRollMissing(
                    f"strike {s.index} (body check) needs 1 roll (2d6 totals), the file gives 0", file=scenario.file,
                    path=f"{ch.path}.rolls", strike=s.index, setup=s,
                    outcome=Outcome(verdict, loser.member.name, None, 0, 0, 0, 0), before=tuple(out))
            o = _replay_body_check(s, ch, src, scenario, loser, verdict, D > A, steps)
        # MECCG-FX-24: who paid for the loser checks his body too, each copy's payer his own roll (`payer_body:`
        # one total, or a list in the order the cards were played)
        checks = [(payer, card) for role, payer, card in s.payer_checks if role == loser.role]
        given = ch.rolls.payer_body if ch.rolls and ch.rolls.payer_body is not None else ()
        given = given if isinstance(given, tuple) else (given,)
        payer_rolls = src.take(given, len(checks), f"strike {s.index} (payer_body: the body check of "
                               f"{' and '.join(p.member.name for p, _c in checks)})", ch.path, scenario.file,
                               field="payer_body") if checks else []
        for (payer, card), pb in zip(checks, payer_rolls):
            role = loser.role
            pfate, pkmp, ppen = body_result(payer, pb, scorer_al, scenario.flags)
            total = pb + (1 if payer.prewounded else 0) + payer.body_roll_mod
            said = {"eliminated": f"eliminated; {pkmp} kill MP to the {'defending' if D > A else 'attacking'} player"
                                  + penalty_text(payer.member, ppen, scenario.flags),
                    "discarded": "discarded (his discard number), no kill MP",
                    "survives": "survives"}.get(pfate, pfate)
            steps.append(ReplayStep(f"{card}: {loser.member.name} lost the strike, so {payer.member.name}, who tapped "
                                    f"to pay it, makes a body check: {total} against body {payer.body}: {said}",
                                    ("MECCG-FX-24", "MECCG-BODY-1") + (("MECCG-BODY-5",) + penalty_rules(payer.member)
                                                                       if pfate == "eliminated" else ())))
            if role == "defender":
                o = o._replace(kill_mp_attacker_player=o.kill_mp_attacker_player + pkmp,
                               penalty_defender_player=o.penalty_defender_player + ppen,
                               also=o.also + ((payer.member.name, pfate),))
            else:
                o = o._replace(kill_mp_defender_player=o.kill_mp_defender_player + pkmp,
                               penalty_attacker_player=o.penalty_attacker_player + ppen,
                               also=o.also + ((payer.member.name, pfate),))
        tot_d += o.kill_mp_defender_player
        tot_a += o.kill_mp_attacker_player
        _push(out, scenario, s, steps, o)
    if out:
        unused(out[-1])
    for i, (s, steps, o) in enumerate(out):  # MECCG-FX-25: another member's failed check, beside the strike
        for name, fate, card, _role, pen in s.checked:
            steps.append(ReplayStep(f"{name} failed the corruption check {card} cost and is {fate}: no kill MP "
                                    "(no body check)" + (f"; his player loses {pen} MP" if pen else ""),
                                    ("MECCG-FX-25",) + (("MECCG-BODY-9",) if pen else ())))
        if s.checked:
            _push(out, scenario, s, steps, _with_checked(o, s), at=i)
    after = after_attack(src, scenario, out) if after_attack is not None else []
    tot_a += sum(r.kill_mp for _a, _st, r in after)  # MECCG-BODY-5: the opposing (attacking) player's
    # MECCG-BODY-7/9: what the owners lose, the strikes' losers, payers and checks', and the defending
    # characters the strikes after the attack eliminate
    lost = (sum(o.penalty_defender_player for _s, _st, o in out) + sum(r.penalty for _a, _st, r in after),
            sum(o.penalty_attacker_player for _s, _st, o in out))
    gone_allies = [(n, scenario.member(n).ally_of) for _s, _st, o in out for n, _f in o.also
                   if scenario.member(n).ally_of]  # a payer or a check's maker is a character, never an ally
    return _no_more_dice(src, Replay(strikes=out, preamble=preamble, kill_mp=(tot_d, tot_a), owner_mp_lost=lost,
                                     after_attack=after, allies_gone=gone_allies))


def _could_modify(card, striker: Member, doors_of_night: bool) -> bool:
    """A hazard that modifies attacks (taken away in CvCC, MECCG-STRUCT-8) could modify the strike of ``striker``:
    he is of a race whose attacks it modifies (:func:`..cards.interpreter.hazard_attack_races`), or the data does
    not limit it to some races."""
    races = cardfx.hazard_attack_races(card.id, doors_of_night)
    return races is None or cardfx.race_is(striker, races)


def _push(out: list, scenario: Scenario, s: StrikeSetup, steps: list[ReplayStep], o: Outcome,
          at: int | None = None) -> None:
    """Strike ``s`` resolved as ``o`` with its ``steps`` into the replay's ``out`` (at index ``at``, else
    appended), the allies of a character who left play in it discarded with him, each with its step
    (MECCG-BODY-4)."""
    gone = frozenset(n for _s, _st, e in out[:len(out) if at is None else at] for n in gone_members(e)) | frozenset(
        e.loser for _s, _st, e in out[:len(out) if at is None else at]
        if e.loser and (e.fate in LEAVES_PLAY or e.aside == e.loser))
    got = with_allies_gone(o, scenario, gone)
    for ally, _fate in got.also[len(o.also):]:
        ctrl = scenario.member(ally).ally_of
        steps.append(ReplayStep(f"{ally}, {ctrl}'s ally, leaves play with him: discarded, no kill MP; it faces no "
                                "strike of its own later in the attack", (ALLY_RULE,)))
    if at is None:
        out.append((s, steps, got))
    else:
        out[at] = (s, steps, got)


def _roll_cards(s: StrikeSetup, src: RollSource, scenario: Scenario) -> tuple[StrikeSetup, list[ReplayStep]]:
    """The rolls of the strike's cards that act only on a roll (MECCG-FX-16) or call for a corruption
    check (MECCG-FX-22), taken in play order; the strike as they went, and a step for each."""
    if not s.rolled:
        return s, []
    ch = s.choice
    keyed = _keyed_rolls(s)
    cards = [(c, m, r) for _k, c, m, r in keyed]
    given = ch.rolls.cards if ch.rolls else ()
    if src.flat is None and not given:  # no die for them in the file
        n = len(cards)
        raise CardRollsMissing(f"strike {s.index} (cards' rolls) needs {n} roll{'s' if n > 1 else ''} (2d6 totals), "
                               "the file gives 0", file=scenario.file, path=f"{ch.path}.rolls", strike=s.index,
                               setup=s)
    got = src.take(given, len(cards), f"strike {s.index} (cards' rolls)", ch.path, scenario.file, field="cards")
    fates = [r.fate(n) for (_c, _m, r), n in zip(cards, got)]
    failed, _corrupt, _checked = _way(s, keyed, fates)
    steps = [ReplayStep(r.text(n) if r.check else
                        f"{c.name}: rolls {n}: " + (f"more than {r.greater_than}, it acts" if f == "passes"
                                                    else f"not more than {r.greater_than}, no effect"),
                        (r.rule, c.rule) if r.rule != c.rule else (r.rule,))
             for (c, _m, r), n, f in zip(cards, got, fates)]
    return next(v for _p, f, v in s.rolled if f == failed), steps


def _cancel_check_rolled(cancel, src, scenario: Scenario, field: str) -> str:
    """The corruption check a cancel of the attack costs, rolled from the combat's ``field`` (``cancel_roll`` or
    ``check_roll``) or the next ``--rolls`` (MECCG-FX-30), in words with the MPs an elimination costs his player
    (MECCG-BODY-7/9); nothing else is rolled after it."""
    combat = scenario.combat
    given = getattr(combat, field)
    die = src.take((given,) if given is not None else (), 1, f"{cancel.card}'s corruption check ({field})",
                   combat.path, scenario.file)[0]
    lost = cancel.check_penalty if cancel.check.fate(die) == "eliminated" else 0
    return (cancel.check.text(die) + (f"; his player loses {lost} MP [elimination_mp_clauses="
                                      f"{scenario.flags['elimination_mp_clauses']}]" if lost else "")
            + "; nothing else is rolled")


def _cancelled(src: RollSource, scenario: Scenario, cancel: AttackCancel, preamble: list) -> Replay:
    """``replay`` of an attack cancelled before strikes are assigned (MECCG-PRE-1): no strike; a die of the file
    for what follows the cancel is refused (:func:`refuse_dice_after_cancel`), one more of --rolls too."""
    if src.flat is None:
        refuse_dice_after_cancel(scenario, cancel)
    return _no_more_dice(src, Replay(strikes=[], preamble=preamble, kill_mp=(0, 0)))


def _no_more_dice(src: RollSource, replay: Replay) -> Replay:
    """``replay``, once every die of --rolls was used (more is an error, never ignored)."""
    if src.flat is not None and src.pos != len(src.flat):
        raise ScenarioError(f"--rolls gives {len(src.flat)} rolls but the combat uses {src.pos}")
    return replay


# ---- reports (plain data for the CLI and JSON) -----------------------------------------------
FATES = ("wounded", "eliminated", "discarded", "returned", "aside")


def defaulted_payers(scenario: Scenario) -> list[tuple[str, str, list[str]]]:
    """``(card, member, others)`` for each cost paid before strikes are assigned (:func:`cost_taps_paid`) whose payer
    the file does not name: the member who pays by default and the others who could have paid it (the player's
    choice, MECCG-FX-24)."""
    combat = scenario.combat
    if combat is None:
        return []
    named = {cardfx.model(cid).name for cid in dict(combat.cost_payers)}
    out = []
    for who, card in cost_taps_paid(scenario):
        if card in named:
            continue
        cid = next(c for c in combat.before_assignment if cardfx.model(c).name == card)
        role = play.before_player(scenario, cid)
        others, busy = [], [who]
        while (nxt := play.default_payer(scenario, role, cid, None, busy)) is not None:
            others.append(nxt)
            busy.append(nxt)
        out.append((card, who, others))
    return out


def defaults_used(scenario: Scenario) -> list[str]:
    """What the plan leaves to defaults, said in words (the output states them)."""
    out = []
    combat = scenario.combat
    if combat is None:
        return out
    for card, who, others in defaulted_payers(scenario):
        out.append(f"{card}'s cost taps {who}, the first who can pay it (MECCG-FX-24)"
                   + (f"; {', '.join(others)} could pay it instead: name the payer as {{card: {card}, member: NAME}}"
                      if others else ""))
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


#: the fates by which a member leaves play
LEAVES_PLAY = ("discarded", "eliminated", "returned", "aside")


def card_sources(scenario: Scenario, ch: StrikeChoice) -> list[tuple[str, str, str]]:
    """(role, card name, member) for each card the file plays in strike ``ch`` that is a member's own: an ally's or
    a character's ability, or a card in play on a member who taps to use it (MECCG-FX-4, MECCG-FX-23)."""
    out = []
    for role, ids in (("attacker", ch.attacker_cards), ("defender", ch.defender_cards)):
        for cid in ids:
            m = cardfx.model(cid.partition("#")[0])
            if m.source in ("ally", "member", "placed"):
                for src in play._source_members(scenario, role, m)[:1]:
                    out.append((role, m.name, src.name))
    return out


def sources_at_risk(scenario: Scenario, setups: Sequence["StrikeSetup"]) -> list[tuple[int, str, str, str, str]]:
    """(strike, role, card, member, rule) for each card of :func:`card_sources` whose member may leave play in an
    earlier strike: one whose fate an earlier strike decides (its own, a payer's or a check maker's,
    MECCG-FX-24/25), or an ally whose controlling character's it decides (MECCG-BODY-4)."""
    out, decided = [], {}
    for s in setups:
        for role, card, who in card_sources(scenario, s.choice):
            ally = scenario.member(who).ally_of
            if who in (s.attacker.member.name, s.defender.member.name):
                continue  # one of the strike's own two: gone, the strike is not resolved at all
            if who in decided or ally in decided:
                out.append((s.index, role, card, who, decided[who] if who in decided else ALLY_RULE))
        payers = {p.member.name for _r, p, _c in s.payer_checks}
        for name in strike_members(s):
            decided.setdefault(name, "MECCG-FX-24" if name in payers else "MECCG-BODY-1"
                               if name in (s.attacker.member.name, s.defender.member.name) else "MECCG-FX-25")
    return out


def others_left(scenario: Scenario, s: "StrikeSetup", o: Outcome) -> list[tuple[str, str, str]]:
    """(member, fate, rule) for each member besides strike ``s``'s loser who left play in its outcome ``o``: the
    member who paid a card's cost and lost his body check (MECCG-FX-24), an ally with its controlling character
    (MECCG-BODY-4), the one who failed the corruption check a card cost (MECCG-FX-25)."""
    payers = {p.member.name for _r, p, _c in s.payer_checks}
    return [(n, f, "MECCG-FX-24" if n in payers else ALLY_RULE if scenario.member(n).ally_of else "MECCG-FX-25")
            for n, f in o.also if f in LEAVES_PLAY]


def gone_members(o: Outcome) -> frozenset:
    """The members besides the strike's loser who left play in strike outcome ``o``: a payer's body
    check (MECCG-FX-24), a failed corruption check a card cost (MECCG-FX-25)."""
    return frozenset(n for n, f in o.also if f in LEAVES_PLAY)


def strike_members(s: StrikeSetup) -> tuple[str, ...]:
    """Everyone whose fate a strike decides: its two characters, a member who paid a card's cost
    (MECCG-FX-24) and one who made the corruption check a card cost (MECCG-FX-25)."""
    return tuple(dict.fromkeys((s.defender.member.name, s.attacker.member.name,
                                *(p.member.name for _r, p, _c in s.payer_checks),
                                *(m.name for _c, m, _r in card_rolls(s)))))


def fate_names(s: StrikeSetup, dist: Dist) -> tuple[str, ...]:
    """Everyone whose fate strike ``s`` (its outcomes ``dist``) can decide: :func:`strike_members`, then the
    allies that leave play with their controlling character in it (MECCG-BODY-4)."""
    return tuple(dict.fromkeys(strike_members(s) + tuple(n for o in dist for n, _f in o.also)))


def absent_reasons(setups: Sequence[StrikeSetup], per: Sequence[Dist], index: int) -> tuple[str, tuple[str, ...]]:
    """Why strike ``setups[index]`` may not be resolved, in words, and the rules: one of its characters may leave
    play in an earlier strike: a payer's body check or a failed check a card cost (MECCG-FX-24/25), or an ally
    going with its controlling character (MECCG-BODY-4)."""
    s = setups[index]
    earlier = {n for d in per[:index] for o in d for n in gone_members(o)}
    left = [side.member for side in (s.defender, s.attacker) if side.member.name in earlier]
    allies = [m for m in left if m.ally_of]
    words, rules = [], []
    if allies:
        words.append(", ".join(f"{m.name} leaves play with {m.ally_of} if he does" for m in allies))
        rules.append(ALLY_RULE)
    if len(allies) < len(left):
        words.append("one of its characters may leave play in an earlier strike")
        rules += ["MECCG-FX-24", "MECCG-FX-25"]
    return "; ".join(words), tuple(rules)


def support_lost(setups: Sequence[StrikeSetup], per: Sequence[Dist],
                 index: int) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    """Each supporter of strike ``setups[index]`` who may leave play in an earlier strike: the chance he
    has left before it, when the strike is fought without his +1 (MECCG-SEQ-6), and the rules by which he
    leaves (:attr:`StrikeSetup.support_at_risk`). A member leaves play once, so the chances of the
    earlier strikes add up."""
    out: dict[str, tuple[Fraction, tuple[str, ...]]] = {}
    for name, rule in setups[index].support_at_risk:
        p = sum((d.prob(lambda o, n=name: n in gone_members(o)) for d in per[:index]), Fraction(0))
        if p:
            out[name] = (p, rule)
    return out


def aside_tapped(setups: Sequence[StrikeSetup], per: Sequence[Dist], index: int) -> dict[str, Fraction]:
    """Each member of strike ``setups[index]`` who may have tapped in an earlier strike to put its loser off to
    the side (No Better Use, MECCG-FX-28; :attr:`StrikeSetup.tap_watch`): the chance he did (he taps once, so the
    earlier strikes' chances add up). Tapped, he faces the strike at -1 and supports it no more."""
    out: dict[str, Fraction] = {}
    for name in sorted(setups[index].tap_watch):
        p = sum((d.prob(lambda o: bool(o.aside)) for st, d in zip(setups[:index], per[:index])
                 if st.aside_taps[:1] == (name,)), Fraction(0))
        if p:
            out[name] = p
    return out


def _fate_of(o: Outcome, name: str) -> str | None:
    """``name``'s fate in strike outcome ``o``: the loser's, or a payer's body check (MECCG-FX-24); a loser who
    survives wounded and then leaves play in it (an ally discarded with its controlling character, MECCG-BODY-4)
    has the fate by which he leaves."""
    if o.loser == name:
        own = "aside" if o.aside == name else o.fate
        if own in LEAVES_PLAY:
            return own
        return next((f for n, f in o.also if n == name and f in LEAVES_PLAY), own)
    return next((f for n, f in o.also if n == name), None)


def leaves_play(o: Outcome, name: str) -> bool:
    """``name`` leaves play in strike outcome ``o``: eliminated (MECCG-BODY-1), discarded (MECCG-BODY-2, or
    by an opposing card, MECCG-FX-14), returned to hand (MECCG-BODY-3), put off to the side (MECCG-FX-28),
    as the loser or by a payer's body check or a failed corruption check a card cost (MECCG-FX-24/25).
    A character "survives" a strike when he does not: he stays in play in his company."""
    return _fate_of(o, name) in LEAVES_PLAY


def member_fates(dist: Dist, name: str) -> dict[str, Fraction]:
    """P(name loses the strike, i.e. is wounded) and P(each body-check fate)."""
    return {
        "wounded": dist.prob(lambda o: o.loser == name and o.result != "corrupted"),
        "eliminated": dist.prob(lambda o: _fate_of(o, name) == "eliminated"),
        "discarded": dist.prob(lambda o: _fate_of(o, name) == "discarded"),
        "returned": dist.prob(lambda o: _fate_of(o, name) == "returned"),
        "aside": dist.prob(lambda o: _fate_of(o, name) == "aside"),
    }


def marginal(joint: Dist, index: int) -> Dist:
    return joint.map(lambda k: k[index])
