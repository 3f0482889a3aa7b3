"""The MECCG company-vs-company combat position, as plain immutable Python objects.

The scenario reader (:mod:`.schema`) builds these from a file; :mod:`.assignment.facts` turns them into
ASP facts for ``asp_rules/meccg/input.lp``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

ROLES = ("attacker", "defender")
ALIGNMENTS = ("hero", "minion", "balrog", "fallen-wizard")
STATUSES = ("untapped", "tapped", "wounded")
FW_STATUSES = ("overt", "covert")


@dataclass(frozen=True)
class Member:
    """A character or ally taking part in the combat (allies count as characters, CoE 3)."""

    name: str  #: unique within the scenario; what the output shows
    card_id: str | None  #: CoE card id, None for a custom character
    card_name: str  #: the card's own name
    card_type: str  #: character | ally | avatar | agent
    race: str | None
    skills: tuple[str, ...]
    prowess: int | None
    body: int | None
    mp: int | None
    status: str = "untapped"
    items: tuple[Any, ...] = ()  #: carddb.ItemCard records
    ally_of: str | None = None
    avatar: bool = False
    keywords: tuple[str, ...] = ()
    may_not_be_attacked: bool = False
    may_not_face_strikes_at_site: bool = False
    makes_company_overt: bool = False
    fell_rider: bool = False
    mode: str | None = None  #: a Ringwraith's mode: normal | fell-rider | heralded-lord | black-rider (MECCG-FX-6)
    discard_on_body_check: tuple[int, ...] = ()
    mp_if_eliminated: int | None = None
    prowess_mods: tuple[Any, ...] = field(default=(), hash=False)  #: e.g. Gimli {value: 2, against: [Orc]}
    overridden: tuple[str, ...] = ()  #: card fields the scenario changed
    mind: int | None = None
    direct_influence: int | None = None  #: the character's direct influence (MECCG-FX-16)
    follower_of: str | None = None  #: the member whose direct influence controls this follower
    granted_skills: tuple[str, ...] = ()  #: skills in ``skills`` given by cards (an item, To Fealty Sworn)
    assignable_as_untapped: bool = False  #: may be assigned strikes as if untapped (MECCG-FX-18)
    struck_before_controller: bool = False  #: must be assigned a strike before its ``ally_of`` (MECCG-FX-18)
    discarded_with_controller: bool = False  #: discarded if its ``ally_of`` is wounded (MECCG-FX-19)
    #: corruption points the scenario states (every card on him); None: those of his items (MECCG-FX-22)
    corruption_points: int | None = None
    restored: tuple[str, ...] = ()  #: names of his items that Reforging restored (MECCG-FX-3)
    #: his printed modifier to all of his corruption checks ("All of his corruption checks are modified by +4",
    #: data/character_terms.yaml), and its printed text; added in cards/rolls.py ``check_modifiers``
    check_modifier: int = 0
    check_modifier_source: str | None = None

    @property
    def untapped(self) -> bool:
        return self.status == "untapped"

    @property
    def phase1_target(self) -> bool:
        """Whether the defender may give it a strike in phase I: untapped, or assigned strikes as if
        untapped (MECCG-ASSIGN-2, MECCG-FX-18)."""
        return self.status == "untapped" or self.assignable_as_untapped


@dataclass(frozen=True)
class Placed:
    """A card in play placed on one member (``{card: Gloom, member: Gimli}``): it reads as its card
    record (``name``, ``id``, ``type`` ...) and acts only on that member (MECCG-FX-7/11)."""

    card: Any  #: the card record (cards.database)
    on: str  #: the member's name
    item: str | None = None  #: the item of that member it is placed with (Map to Mithril: a weapon), by name

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("card", "on", "item"):  # not set yet (copy, pickle): no recursion
            raise AttributeError(name)
        return getattr(self.card, name)


@dataclass(frozen=True)
class Company:
    role: str  #: attacker (the resource player, whose turn it is) or defender
    player: str
    alignment: str  #: hero | minion | balrog | fallen-wizard
    site: str
    members: tuple[Member, ...]
    declared_status: str | None = None  #: overt | covert, Fallen-wizard companies only
    stage_points: int | None = None
    entered_site: bool = True
    declared_at: str = "end_of_site_phase"  #: when the attack is declared (MECCG-INIT-1)
    influence_attempt_this_turn: bool = False
    attacked_this_turn: bool = False
    in_play: tuple[Any, ...] = ()  #: carddb records of this player's cards in play
    hand: tuple[str, ...] = ()  #: effect ids of cards in hand that `optimize` may play in a strike
    #: the site's kind, region and whether it is in the Under-deeps (from its site card or stated;
    #: None: unknown, see :mod:`.sites`)
    site_kind: str | None = None
    site_region: str | None = None
    under_deeps: bool | None = None
    #: (card name, member): who makes the corruption check a card costs whose maker the card leaves to its
    #: player (its caster, ``{card: X, member: Y}`` in the hand, a strike's ``defender_cards`` or the
    #: combat's ``before_assignment``; card_effects.yaml ``cost_check: {stated: true}``, MECCG-FX-25/30/31)
    makers: tuple[tuple[str, str], ...] = ()
    #: the player's avatar in play wherever it is (his company's avatar member, or the stated ``avatar_in_play:``),
    #: by card name; "" when he has none in play; None when it is not known (card_effects.yaml ``avatar_in_play``)
    avatar_in_play: str | None = None
    avatar_race: str | None = None  #: that avatar's race (Ringwraith, Wizard ...), when known

    def member(self, name: str) -> Member:
        for m in self.members:
            if m.name == name:
                return m
        raise KeyError(name)


@dataclass(frozen=True)
class Rolls:
    """Dice given for a replay: the attacker's 2d6 total(s), the defender's, the body check."""

    attacker: tuple[int, ...] = ()
    defender: tuple[int, ...] = ()
    body: int | None = None
    cards: tuple[int, ...] = ()  #: rolls of cards that act only on a roll (MECCG-FX-16), in play order
    #: the body check of the member who paid a card's cost (MECCG-FX-24); a tuple: each copy's payer's, in order
    payer_body: int | tuple[int, ...] | None = None


@dataclass(frozen=True)
class StrikeChoice:
    """One strike of the combat and the players' choices in its sequence (MECCG-SEQ-1..9)."""

    defender: str  #: the defending character facing the strike
    attacker: str  #: the attacking member whose strike it is
    attacker_cards: tuple[str, ...] = ()  #: card ids played at step 1 (MECCG-SEQ-2)
    excess: tuple[str, ...] = ()  #: excess strikes allocated here, -1 each (MECCG-SEQ-3)
    attacker_untapped: bool = False  #: the attacker takes -3 not to tap (MECCG-SEQ-4)
    defender_untapped: bool = False  #: the defender takes -3 not to tap (MECCG-SEQ-5)
    support: tuple[str, ...] = ()  #: defending members tapping for +1 each (MECCG-SEQ-6)
    defender_cards: tuple[str, ...] = ()  #: card ids played at step 6 (MECCG-SEQ-7)
    attacker_weapon: str | None = None  #: item id; default the best one carried
    defender_weapon: str | None = None
    rolls: Rolls | None = None
    path: str = ""  #: where in the file (for messages)
    #: members a card played on this strike untaps besides the one it is played for, chosen by its player (MECCG-FX-1)
    untaps: tuple[str, ...] = ()
    #: members who tap to pay the cost of a card played on this strike, chosen by its player (MECCG-FX-24)
    payers: tuple[str, ...] = ()
    #: the item a card played on this strike discards (Scourge of Fire), by name; None: the only one (MECCG-FX-26)
    discards: str | None = None


@dataclass(frozen=True)
class Combat:
    """A complete assignment with its strikes in the defender's order (MECCG-SEQ-1)."""

    strikes: tuple[StrikeChoice, ...]
    excess: tuple[str, ...]  #: strikes no defender received (MECCG-ASSIGN-5)
    path: str = "combat"
    before_assignment: tuple[str, ...] = ()  #: card ids the defender plays before assignment (MECCG-PRE-1/5)
    cancel_roll: int | None = None  #: the 2d6 total a cancel on a roll got, for replay (MECCG-FX-16)
    #: the item a before-assignment card's cost discards (Token of Goodwill), by name (MECCG-FX-27)
    cost_item: str | None = None
    #: (card id, member): who taps for the cost of a before-assignment card whose cost taps a member
    #: (Concealment's scout), as ``{card: X, member: Y}`` names him (MECCG-FX-15/27)
    cost_payers: tuple[tuple[str, str], ...] = ()
    #: the 2d6 total of the corruption check a card played before strikes are assigned costs, the attack
    #: going on, for replay (MECCG-FX-31)
    check_roll: int | None = None
    #: the assignment made after that check fails (the company without its maker, MECCG-FX-31); None: the
    #: assignment above without his strike, where the three phases allow it
    after_check: "Combat | None" = None
    #: the plays before strikes are assigned were checked before that check (MECCG-FX-31): not again
    plays_checked: bool = False
    #: the dice of the strikes after the attack's a card played in it costs (MECCG-FX-32), for replay:
    #: ``(ally, roll, body, path)`` each, ``body`` None when not given
    after_attack: tuple[tuple[str, int, "int | None", str], ...] = ()
    #: the 2d6 total each member rolled for the wound rolls of a card played before strikes are assigned
    #: (Crowned with Storm, MECCG-FX-31), for replay: ``(member, roll, path)`` each
    wound_rolls: tuple[tuple[str, int, str], ...] = ()
    #: cards in play that no longer act from a strike on: ``(role, card id, strike)`` each, the card taken out of
    #: that company's ``in_play`` (the scenario's, for another role) for that strike and every later one. Never
    #: read from a file: the other reading of a card's end in the attack that the model does not interpret
    #: (Fellowship's, with fewer than four members), under which ``verify`` decides a claim again (MECCG-FX-10)
    ended_in_play: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class Scenario:
    """A whole CvCC position plus the interpretation flags to judge it by."""

    attacker: Company
    defender: Company
    flags: Mapping[str, str]
    flag_origin: Mapping[str, str] = field(default_factory=dict)  #: flag -> default | scenario | command line
    in_play: tuple[Any, ...] = ()  #: cards in play not tied to a company (e.g. environments)
    title: str | None = None
    file: str | None = None
    combat: Combat | None = None
    claims: tuple[Any, ...] = ()  #: the `claims:` entries (scenario.Node), read by `verify`

    def company(self, role: str) -> Company:
        return self.attacker if role == "attacker" else self.defender

    def member(self, name: str) -> Member:
        for c in (self.attacker, self.defender):
            for m in c.members:
                if m.name == name:
                    return m
        raise KeyError(name)
