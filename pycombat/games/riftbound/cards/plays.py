"""What a card played in a showdown is, and what it may change (RB-SHOW, RB-CARD): the play, the
changes the interpreter asks the showdown to make, the board it reads and a refusal naming the
play. Shared by the interpreter (:mod:`.interpreter`) and the modules of its effect kinds
(:mod:`.equipment`, :mod:`.tokens`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from pycombat.errors import ScenarioError
from .spells import Card
from ..model import Unit


@dataclass(frozen=True)
class Play:
    """One card played in the showdown (an entry of ``showdown:`` with ``play:``)."""

    card: Card
    by: str  #: attacker | defender
    targets: tuple[str, ...] = ()  #: unit names (or, for a counter, the card it counters)
    mode: int | None = None  #: 1-based choice among the card's "Choose one" effects
    condition: bool | None = None  #: the player's statement that the card's condition holds
    #: a counter "unless its controller pays": whether the countered card's controller paid (RB-CARD-20)
    pays: bool | None = None
    #: what the player chose as the card resolves (RB-CARD-21): the card discarded ("Discard 1. Deal its Energy
    #: cost"), the damage split among units (unit, amount), the cards of its name in his trash
    discard: str | None = None
    amounts: tuple[tuple[str, int], ...] | None = None
    trash: int | None = None
    to: str | None = None  #: where a move takes the unit (battlefield | base | elsewhere)
    paid: tuple[int, int] | None = None  #: (Energy, Power) paid, for card_costs = stated
    #: XP spent for a trigger's additional cost "spend N XP" (the entry's ``paid: {xp: N}``), from the side's ``xp:``
    xp: int | None = None
    facedown: bool = False  #: a [Hidden] card played from facedown (it then has Reaction)
    #: played in response to the triggers on the chain (``respond:``): ``combat`` (the combat triggers, RB-SHOW-2) or
    #: ``move`` (the Attacker's move triggers, RB-COMB-2); it resolves before them. None: not in response
    responds: str | None = None
    path: str = ""
    trigger_of: str | None = None  #: a unit's combat trigger (:mod:`.triggers`): the unit
    #: a trigger on its unit's own move ("When I move", :mod:`.moves`), resolved before the showdown (RB-COMB-2)
    on_move: bool = False
    #: a unit's optional ("you may") trigger stated as not used (``decline: true``): it resolves doing nothing
    declined: bool = False
    #: a unit's trigger that no unit of the board may answer as the combat begins (its target, whatever its
    #: condition, :func:`.triggers.resolves_idle`): it resolves doing nothing
    idle: bool = False
    #: a unit's trigger fired during the showdown, its choice stated (``{trigger: UNIT, when: EVENT}``): the kind of
    #: event (:data:`.events.KINDS`); it is matched to that unit's next firing of such a trigger (RB-CARD-10)
    fired_by: str | None = None
    #: banished and played anew (:mod:`.replay`, RB-CARD-24): (the unit banished, the fresh unit its owner plays,
    #: the places the card lets it go), one per unit the card may banish; a token has none
    replayed: tuple[tuple[str, Any, tuple[str, ...]], ...] = ()
    attach: str | None = None  #: the Equipment an "attach or detach" card attaches (RB-CARD-14)
    detach: str | None = None  #: the Equipment a card detaches (RB-CARD-14)
    attach_from: str | None = None  #: the unit whose Equipment ``attach`` takes (else an unattached one)
    #: the other friendly unit an attached Equipment making its unit a copy chose (Shady Spectacles, RB-CARD-14)
    copy_of: str | None = None
    #: a unit's activated ability used in the showdown (``{ability: UNIT}``, :mod:`.abilities`): the unit
    ability_of: str | None = None
    #: the friendly unit whose exhaust ability the unit ``ability_of`` has and uses (RB-CARD-17, Heimerdinger, Inventor)
    ability_from: str | None = None
    #: a unit card played from hand (``{play: UNIT CARD}``, :mod:`.unitplay`): the new unit, its entry
    #: (``play_as``: how it may be played, ``to``: where it enters) checked as it resolves (RB-CARD-16)
    unit: Any = None
    #: played from facedown, revealed where it was hidden (RB-CARD-16): this battlefield when its player controls it
    #: (a unit: ``to`` says; the Attacker's hidden cards are at another battlefield, CR 187.4.b)
    revealed_here: bool = True
    #: whether its player controls this combat's battlefield (the Defender, unless nobody does, CR 187.4.b): where he
    #: may play units and tokens (CR 355.2.a); None: not known (a unit's ability or trigger)
    controls_here: bool | None = None
    play_as: str | None = None
    #: the unit's play triggers that fire but that the model cannot decide: (what, why)
    unit_unread: tuple[tuple[str, str], ...] = ()
    #: a unit card a spell plays from a hand (``play_unit``: the entry's first target, RB-CARD-16): (the new unit,
    #: built by the scenario reader from the card data under the player whose hand it came from; the places it may
    #: go; its "When you play me" abilities, not modelled, as (what, why); its card's (Energy, Power) cost); or ()
    from_hand: tuple = ()
    #: [Repeat] paid (:mod:`.repeat`, RB-CARD-25): the spell's further executions, each a play with its own choices
    repeats: tuple["Play", ...] = ()
    again: int = 0  #: this is the spell's N-th further execution (its cost was paid as the spell was played)
    #: a unit card whose additional cost kills a unit its player controls (Stalking Wolf): the unit killed (``kills:``)
    cost_kill: str | None = None
    #: [Predict] / [Vision]: the player recycled the card he looked at (True) or kept it (False); None: not stated
    recycled: bool | None = None
    #: Zilean, Time Mage's "you may play that token and an additional copy of it instead" used (True) or not (False)
    #: for the first token unit this card plays (RB-CARD-15); None: not stated
    extra_copy: bool | None = None
    #: a unit card played: where the unit tokens its own "When you play me" plays go when the card does not say (base |
    #: battlefield | elsewhere; ``to`` is the unit's own place), RB-CARD-15
    tokens_to: str | None = None
    #: a unit's trigger on its own move: the location it moved from (battlefield | base | elsewhere), where "there" of
    #: "When I move from a location, play ... there" is (RB-CARD-10, RB-CARD-15); None: not known
    moved_from: str | None = None
    #: a further execution: the first target of each execution before it (a counter choosing the same card again
    #: counters nothing more, RB-CARD-25)
    earlier_targets: tuple[str, ...] = ()
    repeat_cost: int | None = None  #: which of the spell's [Repeat] this execution pays (1, 2 ...; None: the next)
    #: for a counter: the cards it could not counter and the units whose "can't be countered" kept them (RB-CARD-9)
    spared: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: a combat trigger that plays a card (:mod:`.ability_play`, RB-CARD-27): the play of that card, resolved right
    #: after the trigger; None: it plays none
    plays: Any = None
    #: a card a unit's ability plays (RB-CARD-27): that unit; its speed is not checked, and it is on the combat chain
    played_by: str | None = None
    free: bool = False  #: played ignoring its cost (RB-CARD-27): none of its printed cost is paid

    @property
    def source_unit(self) -> str | None:
        """The unit whose ability this is ("me", "here"): a trigger's, an activated ability's, or the
        unit played whose "When you play me" ability resolves."""
        return self.trigger_of or self.ability_of or (self.unit.name if self.unit is not None else None)

    @property
    def kind(self) -> str:  # so a Play can sit among the generic showdown effects
        return "play"


@dataclass(frozen=True)
class Unmodelled:
    card: str
    what: str
    why: str
    #: a combat or move trigger whose choice (target, option, whether to use it) its player makes and the scenario
    #: does not state: ``(side, unit, "combat" | "move")``; the showdown game from both hands (``..play``) makes that
    #: choice itself (RB-SHOW-2, RB-COMB-2)
    awaiting: tuple[str, str, str] | None = field(default=None, compare=False)
    #: the unit whose own fact the scenario leaves open (its entry's ``path``), for an item of its ``unstated``
    unit_path: str | None = field(default=None, compare=False)
    #: the units whose Might alone the clause changes, whatever it does (a Might change of the units a card chose, an
    #: Equipment's Might bonus where it is attached; ``what`` names them): ``verify`` sets it aside for a claim on
    #: another unit's Might when nothing in the showdown carries one unit's Might into another's (RB-CARD-4)
    acts_on: tuple[str, ...] = field(default=(), compare=False)
    #: the unit whose death fires the clause (its Deathknell, a "when a unit dies" of another): it comes after that
    #: death and cannot undo it, so ``verify`` sets it aside for a claim on whether that unit dies (RB-CARD-4)
    after_death_of: str | None = field(default=None, compare=False)
    #: the unit whether it stays in play the clause decides (CR 372: its own death replacement banishes it, another
    #: recalls it to its base): a card listed later naming it may have been played once it was at its base (RB-CARD-11)
    stays_in_play: str | None = field(default=None, compare=False)
    #: the unit whose death the choice of one of two replacements takes the place of (CR 372): either way it does not
    #: die, so ``verify`` sets it aside for a claim on whether that unit dies (RB-CARD-4, RB-CARD-12)
    replaces_death_of: str | None = field(default=None, compare=False)
    #: a trigger fired during the showdown whose choice its player makes and the scenario does not state:
    #: ``(side, unit, kind)`` (``kind`` as the entry ``{trigger: UNIT, when: KIND}`` states it, RB-CARD-10) and its
    #: effects as fired; the showdown game from both hands makes that choice as it fires (``..play.triggers``)
    fired: tuple[str, str, str] | None = field(default=None, compare=False)
    fired_effects: tuple = field(default=(), compare=False, repr=False)
    #: the side whose combat triggers' order the scenario leaves open (RB-SHOW-2): the showdown game from both hands
    #: orders them itself where one of that side's triggers awaits a choice (``..play.triggers.awaiting``)
    orders_of: str | None = field(default=None, compare=False)

    def as_json(self) -> dict:
        return {"card": self.card, "what": self.what, "why": self.why}


@dataclass(frozen=True)
class Change:
    """One primitive change the interpreter asks the showdown to make."""

    kind: str  #: might | give | damage | stun | prevent | double_damage | remove | enter | buff | replace_death | equip | recast | gear_enters | token | hand_unit | kill_on_damage | kill_on_damage_all | spend_xp | none
    unit: str | None = None
    amount: int | None = None
    keyword: str | None = None
    how: str = ""
    rules: tuple[str, ...] = ()
    note: str = ""
    new: Any = None  #: token: the new unit (RB-CARD-15)
    #: might: "to a minimum of N", limited as it is applied and kept at that amount (snapshotted, CR 454.3.b)
    floor: int | None = None
    #: remove (killed): every unit the one effect kills at once ("Kill all units"): they would die together, so a
    #: death replacement standing on one of them still saves the others (RB-CARD-18, CR 323.5)
    together: tuple[str, ...] = ()


class Board:
    """The showdown's state as the interpreter sees it (a view on the showdown's dicts)."""

    def __init__(self, units: dict[str, Unit], present: list[str], base: list[str], away: list[str] | None = None,
                 gone: list[str] | tuple[str, ...] = (), gear: Mapping[str, list[str]] | None = None,
                 moved: list[str] | tuple[str, ...] = ()):
        self.units, self.present, self.base = units, present, base
        #: units that left the battlefield earlier in the showdown and are still in play (moved, recalled)
        self.moved = moved
        self.gear = gear if gear is not None else {}  #: each side's Equipment in play, attached to no unit
        self.gone = gone  #: units that left play earlier in the showdown (killed, banished ...)
        self.away = away if away is not None else []  #: moved to another battlefield: still in play

    def where(self, name: str) -> str | None:
        if name in self.present:
            return "battlefield"
        if name in self.base:
            return "base"
        if name in self.away:
            return "elsewhere"
        return None


def play_error(play: Play, message: str, rule: str, field: str | None = None) -> ScenarioError:
    return ScenarioError(f"{play.card.name}: {message} ({rule})", path=f"{play.path}.{field}" if field else play.path)


def event_of(play: Play) -> str | None:
    """What playing ``play`` is: ``spell``, ``gear``, ``unit`` (a unit card from hand), ``gear_ability`` (the
    [Action] activated ability of a gear in play, which is what the entry of a gear whose effects are that ability
    states: Divining Shells, Forgotten Signpost; no card is played), or None (a unit's ability, a trigger)."""
    if play.trigger_of or play.ability_of:
        return None
    if play.unit is not None:
        return "unit"
    if play.card.type == "gear" and gear_ability(play.card):
        return "gear_ability"
    return play.card.type if play.card.type in ("spell", "gear") else None


def gear_ability(card) -> bool:
    """Whether the gear card's combat effects are its activated ability (``activated``: its cost): its entry uses
    that ability of the gear in play (CR 806.1.c: an [Action] ability in a showdown), it plays no card."""
    return bool(card.effects) and all(e.get("activated") for e in card.effects)
