"""The Riftbound combat position, as plain immutable Python objects.

The scenario reader (:mod:`.schema`) builds a :class:`Scenario`; :mod:`.cards.showdown` plays its
showdown effects in order and gives the :class:`Board` at the Combat Damage Step;
:mod:`.damage.facts` turns that board into ASP facts for ``asp_rules/riftbound``.

The arithmetic below (current Might, each side's total, lethal thresholds) is also derived
in ASP (``derive.lp``); ``tests/riftbound/test_riftbound_bruteforce.py`` checks that both agree. Python needs
it for the showdown's cleanups, the combat cleanup and the brute-force oracle.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from pycombat.frozen import replace

SIDES = ("attacker", "defender")
OUTCOMES = ("conquer", "keep", "recall", "nobody")
#: what a unit is without each modifier rule's effect (RB-MIGHT-3 Stun, RB-MIGHT-4 Assault, RB-MIGHT-5 Shield:
#: what it adds to its side's total; RB-MIGHT-6 prevention, RB-MIGHT-7 doubling, RB-MIGHT-8 marked damage: what
#: kills it): the board a verdict would be read on without that rule (the claims' counterfactuals, and the outcome
#: classes with the rule taken away, :func:`.damage.outcome.in_force_board`)
WITHOUT_MODIFIER = {"RB-MIGHT-3": {"stunned": False}, "RB-MIGHT-4": {"assault": ()}, "RB-MIGHT-5": {"shield": ()},
                    "RB-MIGHT-6": {"prevent": 0, "prevent_all": False}, "RB-MIGHT-7": {"doubled": 0},
                    "RB-MIGHT-8": {"marked": 0}}


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


#: how the showdown's removals ``(unit, side, how)`` name a unit that died (RB-MIGHT-1, a card's kill): ``killed`` at
#: the battlefield, ``killed at its base``, ``killed at another battlefield``
KILLED = "killed"


def died(how: str) -> bool:
    """Whether a showdown removal ``(unit, side, how)`` is a death, wherever the unit died (at the battlefield, at its
    base, at another battlefield), not a unit leaving play another way (returned to a hand, recalled, banished, put
    into a deck) or a death replaced ("recalled instead of dying"). The one reading of a removal's ``how`` for every
    verb: the showdown game's losses (:mod:`.play.score`) and the claims on a unit's fate (:mod:`.claims`)."""
    return how == KILLED or how.startswith(KILLED + " at ")


def designate(unit: "Unit", here: bool) -> "Unit":
    """``unit`` with its designation as it is put at the battlefield (``here``) or away from it, at its base or at
    another battlefield (RB-COMB-4): whether its Assault or Shield counts (RB-MIGHT-4, RB-MIGHT-5)."""
    return unit if unit.designated == here else replace(unit, designated=here)


@dataclass(frozen=True)
class Player:
    """What the scenario states of a unit's controller and his turn, read by the unit's static abilities
    (RB-CARD-9): each None when not stated (those abilities are then named NOT MODELLED, RB-CARD-4).
    Held as the showdown begins; the board's own parts (the token units and gear a scenario lists) are
    counted from the board whenever read."""

    points: int | None = None  #: the player's points
    trash: int | None = None  #: cards in the player's trash
    runes: int | None = None  #: runes the player controls
    power_spent: int | None = None  #: Power (runes of any domain) the player spent this turn
    spell_energy: int | None = None  #: the most Energy the player spent to play one spell this turn
    gained_xp: bool | None = None  #: the player gained XP this turn
    discarded: bool | None = None  #: the player discarded a card this turn before the showdown
    tokens_elsewhere: int | None = None  #: token units the player controls that the scenario does not list
    gear_elsewhere: int | None = None  #: gear the player controls that the scenario does not list
    cards_played: int | None = None  #: cards the player played this turn before the showdown
    #: the gear the scenario lists for the player as the showdown begins: Equipment attached to his units (at the
    #: battlefield and at his base) and his ``gear:``
    gear_listed: int = 0


@dataclass(frozen=True)
class Unit:
    """A unit at the battlefield, with everything that matters for combat damage."""

    name: str  #: unique within the scenario; what the output shows
    side: str  #: attacker | defender (RB-COMB-4)
    might: int  #: printed Might (or the scenario's override), before combat modifiers
    card_id: str | None = None  #: None for a custom unit
    card_name: str | None = None
    tank: bool = False  #: RB-ORD-2
    backline: bool = False  #: RB-ORD-3
    assault: tuple[int, ...] = ()  #: Assault instances (RB-MIGHT-4)
    shield: tuple[int, ...] = ()  #: Shield instances (RB-MIGHT-5)
    stunned: bool = False  #: RB-MIGHT-3
    marked: int = 0  #: damage already marked (RB-MIGHT-8)
    immune: bool = False  #: cannot be dealt damage (RB-ORD-7)
    no_combat_damage: bool = False  #: card text: deals no combat damage (RB-DMG-2)
    ignores_tank: bool = False  #: card text: its controller ignores Tank assigning here (Dune Surfer)
    deflect: int = 0  #: RB-MIGHT-10: no effect on assignment
    ganking: bool = False  #: RB-MIGHT-11: no effect on damage
    value: Fraction | None = None  #: what killing it is worth (best_split_objective=custom)
    keywords: tuple[str, ...] = ()  #: every keyword as written (for display)
    domains: tuple[str, ...] = ()  #: the card's domains (spell targets, RB-CARD-1)
    tags: tuple[str, ...] = ()  #: the card's tags (spell targets, RB-CARD-1)
    buffed: bool = False  #: has a buff (+1 Might, at most one; RB-CARD-6)
    exhausted: bool = False  #: exhausted (an ability whose cost exhausts it needs it ready, RB-CARD-17)
    equipment: tuple[str, ...] = ()  #: Equipment attached (their Might bonus is in might_changes, RB-CARD-5)
    #: the printed Might bonus the scenario states for an attached Equipment whose bonus the data lacks
    #: (Equipment name -> bonus; it is in might_changes too, RB-CARD-5)
    stated_bonus: tuple[tuple[str, int], ...] = ()
    #: it moved this turn (an attacker at the battlefield did: the move staging the combat, RB-COMB-1); None:
    #: not stated. Its "When I move" triggers resolve before the showdown (:mod:`.cards.moves`, RB-CARD-10)
    moved: bool | None = None
    empowered: bool | None = None  #: [Empowered] (its "I'm [Empowered]" abilities apply); None: not stated
    #: how many times it is [Empowered], for a card that "can be [Empowered] up to N times" (0: not); None: not stated
    empowered_times: int | None = None
    #: the spell it named as it was played ("name a spell", for its static ability reading that name); None: not stated
    named: str | None = None
    xp: int | None = None  #: its controller's XP ([Level N] abilities apply at N+ XP); None: not stated
    #: the XP its controller spent earlier in the showdown (RB-CARD-2), each (who spent it, how much), in order: ``xp``
    #: is the scenario's stated XP less these (what a message names; not part of the unit's value)
    xp_spent: tuple[tuple[str, int], ...] = field(default=(), compare=False, hash=False, repr=False)
    #: the unit card it is a copy of (an attached Shady Spectacles, RB-CARD-14): ``card_id``, ``card_name``, its printed
    #: Might, keywords and abilities are that card's; None: its own card's
    copy_of: str | None = None
    #: the unit as it was before it became a copy (its own card's; it is that again once the Equipment leaves it,
    #: :func:`.cards.copies.recast`), for a copy; else None
    uncopied: Any = field(default=None, compare=False, hash=False, repr=False)
    #: the keywords it was given beyond its card's (the scenario's `keywords:`, a card's or ability's grants), also in
    #: ``keywords`` (and ``tank``, ``assault``, ...): what stays with it when it becomes a copy (RB-CARD-14)
    granted: tuple[str, ...] = ()
    token: bool = False  #: a unit token (played by a card, or a custom unit stated `token: true`; RB-CARD-15)
    #: it has its side's Attacker or Defender designation: it is at the battlefield in this combat (RB-COMB-4). A
    #: unit at its base or at another battlefield has none, so its Assault and Shield add nothing there
    #: (RB-MIGHT-4, RB-MIGHT-5); the showdown sets it as units move (:mod:`.cards.showdown`)
    designated: bool = True
    player: Player = Player()  #: what the scenario states of its controller (its static abilities read it, RB-CARD-9)
    #: the card's clauses the scenario leaves open: (what, why) pairs, reported as not modelled (RB-CARD-4)
    unstated: tuple[tuple[str, str], ...] = ()
    # -- set by showdown effects -------------------------------------------------------
    #: Might changes, in the order played; a "-N Might this turn, to a minimum of M" change is held at the amount it
    #: took as it was applied (snapshotted, CR 454.3.b)
    might_changes: tuple[int, ...] = ()
    prevent: int = 0  #: damage prevention left (RB-MIGHT-6)
    prevent_all: bool = False  #: "prevent all" (RB-MIGHT-6)
    prevent_next: bool = False  #: "the next time it would be dealt damage this turn, prevent it" (RB-CARD-18)
    doubled: int = 0  #: effects doubling damage dealt to it (RB-MIGHT-7, Lotus Trap)
    #: the card whose "kill it the next time it takes damage" waits on it (RB-CARD-23), or None
    kill_on_damage: str | None = None
    #: it took damage under such an effect in the showdown: killed at the next cleanup (RB-CARD-23)
    doomed: str | None = None
    path: str = ""  #: where in the scenario file
    #: the card's static abilities read by :mod:`.cards.statics` (RB-CARD-9): effect records
    statics: tuple[Any, ...] = field(default=(), hash=False, compare=False)
    #: Might from static abilities reaching it now: (source, amount), worked out from the board (RB-CARD-9)
    static: tuple[tuple[str, int], ...] = ()
    #: the next time it would die, this happens instead: (what happens, the card), first first (RB-CARD-12)
    death_replacement: tuple[tuple[str, str], ...] = ()

    # -- RB-MIGHT / RB-MODEL arithmetic ------------------------------------------------
    @property
    def current_might(self) -> int:
        """Current Might: printed + showdown changes + Assault while attacking (RB-MIGHT-4) or
        Shield while defending (RB-MIGHT-5), so neither at a base or another battlefield (RB-COMB-4).
        Damage never lowers it (RB-DMG-11)."""
        bonus = self.designation_bonus
        return self.might + sum(self.might_changes) + sum(a for _, a in self.static) + bonus

    @property
    def designation_bonus(self) -> int:
        """What Assault (RB-MIGHT-4) or Shield (RB-MIGHT-5) adds now: its side's, while it has the designation."""
        if not self.designated:
            return 0
        return sum(self.assault) if self.side == "attacker" else sum(self.shield)

    @property
    def contribution(self) -> int:
        """What it adds to its side's total (RB-MODEL-2): 0 below 0 Might (RB-MIGHT-2), 0 when
        Stunned (RB-MIGHT-3) or when its text says it deals no combat damage (RB-DMG-2)."""
        if self.stunned or self.no_combat_damage:
            return 0
        return max(0, self.current_might)

    def lethal(self, flags: Mapping[str, str]) -> int | None:
        """The assignment threshold L (RB-MODEL-1), or None when no amount is lethal.

        RB-DMG-5 / RB-MIGHT-2: non-zero, at least 1; RB-MIGHT-8 [marked_damage]: marked
        damage lowers it under ``remaining``; RB-MIGHT-6: prevention raises it ("prevent all":
        never lethal); RB-MIGHT-7 [rules_version=v1.4]: with damage doubled, the smallest raw
        amount that is lethal once doubled. RB-MIGHT-3: Stun does not lower it.
        """
        if self.prevent_all:
            return None
        if self.kill_on_damage and flags.get("kill_on_damage_lethal", "might") == "one":
            need = 1 + self.prevent  # RB-CARD-23 [kill_on_damage_lethal=one]: 1 damage dealt kills it
            if flags.get("rules_version") == "v1.4" and self.doubled:
                return -(-need // 2 ** self.doubled)
            return need
        counted = self.marked if flags.get("marked_damage", "remaining") == "remaining" else 0
        need = max(1, self.current_might - counted) + self.prevent
        if flags.get("rules_version") == "v1.4" and self.doubled:
            factor = 2 ** self.doubled
            return -(-need // factor)
        return need

    def dealt(self, assigned: int) -> int:
        """Damage actually dealt by ``assigned`` combat damage (RB-DMG-4): doubled by each
        Lotus Trap effect (RB-MIGHT-7), less prevention (RB-MIGHT-6); none to an immune unit."""
        if self.immune or self.prevent_all or assigned <= 0:
            return 0
        return max(0, assigned * 2 ** self.doubled - self.prevent)

    def dies_with(self, assigned: int) -> bool:
        """RB-MIGHT-1 (CR 143.2.a, 323.5) at the combat cleanup (RB-RES-1): non-zero damage
        marked at least equal to its Might; RB-CARD-23: any damage dealt kills a unit marked by
        "kill it the next time it takes damage" (none dealt, all prevented: it took none)."""
        dealt = self.dealt(assigned)
        if self.kill_on_damage and dealt > 0:
            return True
        total = self.marked + dealt
        return total > 0 and total >= self.current_might

    def describe(self) -> str:
        """``"A4 (Might 4, Tank, Assault 2)"``: the name and what matters in combat."""
        parts = [f"Might {self.current_might}"]
        if self.current_might != self.might:
            parts[0] += f" = {self.might}" + "".join(f" {c:+d}" for c in self.might_changes) \
                + "".join(f" {a:+d} ({src})" for src, a in self.static)
            if self.designated and self.side == "attacker" and self.assault:
                parts[0] += f" +{sum(self.assault)} Assault"
            if self.designated and self.side == "defender" and self.shield:
                parts[0] += f" +{sum(self.shield)} Shield"
        if self.tank:
            parts.append("Tank")
        if self.backline:
            parts.append("Backline")
        if self.assault and self.side == "defender":
            parts.append(f"Assault {sum(self.assault)} (no effect while defending)")
        if self.shield and self.side == "attacker":
            parts.append(f"Shield {sum(self.shield)} (no effect while attacking)")
        own = self.assault if self.side == "attacker" else self.shield
        if own and not self.designated:
            parts.append(f"{'Assault' if self.side == 'attacker' else 'Shield'} {sum(own)} (no effect outside the combat)")
        if self.stunned:
            parts.append("Stunned")
        if self.marked:
            parts.append(f"{self.marked} damage marked")
        if self.prevent_all:
            parts.append("all damage prevented")
        elif self.prevent:
            parts.append(f"prevents {self.prevent}")
        if self.doubled:
            parts.append("damage dealt to it doubled" + (f" x{self.doubled}" if self.doubled > 1 else ""))
        if self.kill_on_damage:
            parts.append(f"killed the next time it takes damage ({self.kill_on_damage}, RB-CARD-23)")
        if self.immune:
            parts.append("cannot be dealt damage")
        if self.no_combat_damage:
            parts.append("deals no combat damage")
        if self.ignores_tank:
            parts.append("ignores Tank here")
        if self.copy_of:
            parts.insert(0, f"a copy of {self.copy_of}")
        return f"{self.name} ({', '.join(parts)})"


@dataclass(frozen=True)
class Side:
    role: str  #: attacker | defender
    player: str
    units: tuple[Unit, ...]
    cards_played: int | None = None  #: cards its player played this turn before the showdown (None: not stated)

    def unit(self, name: str) -> Unit:
        for u in self.units:
            if u.name == name:
                return u
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(u.name for u in self.units)


@dataclass(frozen=True)
class Effect:
    """One showdown effect, in the order played (RB-SHOW-3/4)."""

    kind: str  #: might | prevent | stun | remove | damage | double_damage | give | immune
    unit: str
    amount: int | None = None  #: might: the change; prevent: N (None = all); damage: N
    keyword: str | None = None  #: give: Tank | Backline | Assault | Shield
    how: str = "removed"  #: remove: killed | recalled | banished | moved | removed
    by: str | None = None  #: attacker | defender (who played it)
    card: str | None = None  #: the card's name, for the narrative
    path: str = ""


@dataclass(frozen=True)
class Split:
    """One side's damage split: the final vector (``amounts``), and, when given as a sequence,
    the ordered assignments (``steps``). Units not named get 0."""

    side: str  #: the assigning side
    amounts: tuple[tuple[str, int], ...]  #: (unit, damage > 0), in the receiving side's unit order
    steps: tuple[tuple[str, int], ...] | None = None  #: ordered (unit, damage) assignments

    def get(self, unit: str) -> int:
        for u, a in self.amounts:
            if u == unit:
                return a
        return 0

    @property
    def total(self) -> int:
        return sum(a for _, a in self.amounts)

    def label(self) -> str:
        """``"D3 5"``, ``"A1 1, A4 2"``; a sequence as ``"A1 1 -> A4 2"``; ``"nothing"``."""
        if self.steps is not None:
            return " -> ".join(f"{u} {a}" for u, a in self.steps) or "nothing"
        return ", ".join(f"{u} {a}" for u, a in self.amounts) or "nothing"

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"side": self.side, "damage": {u: a for u, a in self.amounts}}
        if self.steps is not None:
            out["sequence"] = [{"unit": u, "damage": a} for u, a in self.steps]
        return out


@dataclass(frozen=True)
class Scenario:
    """A whole Riftbound combat plus the interpretation flags to judge it by."""

    game = "riftbound"
    attacker: Side
    defender: Side
    flags: Mapping[str, str]
    flag_origin: Mapping[str, str] = field(default_factory=dict)
    battlefield: str | None = None
    scored_this_turn: bool = False  #: the Attacker already scored this battlefield this turn (RB-RES-5)
    #: the Defender already scored this battlefield this turn (RB-RES-5): at a battlefield nobody controlled, his
    #: gaining control of it is then no Conquer
    defender_scored_this_turn: bool = False
    #: who controls the battlefield during the combat: "defender" or None (nobody); RB-CARD-16
    controlled_by: str | None = "defender"
    #: whose turn it is: "attacker", "defender", or None (not stated): "on your turn" abilities read it
    turn: str | None = None
    effects: tuple[Any, ...] = ()  #: the showdown, in order: Effect or interpreter.Play
    reserve: tuple[Unit, ...] = ()  #: units at their base that cards may move in (RB-COMB-4)
    #: each side's Equipment in play attached to no unit (``gear:``), which a card may attach (RB-CARD-14)
    gear: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    splits: Mapping[str, Split] = field(default_factory=dict)  #: chosen splits (odds, verify)
    claims: tuple[Any, ...] = ()
    title: str | None = None
    file: str | None = None
    #: the document it was read from (verify reads it again with the facts it leaves open stated, :mod:`.claims`)
    source: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)

    def side(self, role: str) -> Side:
        return self.attacker if role == "attacker" else self.defender

    def unit(self, name: str) -> Unit:
        for s in (self.attacker, self.defender):
            for u in s.units:
                if u.name == name:
                    return u
        for u in self.reserve:  # a unit at its base (cards may move it in)
            if u.name == name:
                return u
        for u in self.played_units:  # a unit card played from hand in the showdown (RB-CARD-16)
            if u.name == name:
                return u
        raise KeyError(name)

    @property
    def played_units(self) -> tuple[Unit, ...]:
        """The units played from hand in the showdown (RB-CARD-16), those a unit's trigger plays (RB-CARD-27), and those
        a card plays anew (RB-CARD-24), in order."""
        plays = [p for e in self.effects if getattr(e, "kind", None) == "play"
                 for p in (e, getattr(e, "plays", None)) if p is not None]  # RB-CARD-27: the card a trigger plays, after it
        return tuple(u for e in plays for u in ((e.unit,) if e.unit is not None else ()) + tuple(f for _, f, _ in e.replayed))

    def with_flags(self, **changes: str) -> "Scenario":
        return replace(self, flags={**self.flags, **changes})


@dataclass(frozen=True)
class Board:
    """The units still at the battlefield when the showdown ends (the Combat Damage Step's
    input), with the showdown's effects applied."""

    attacker: tuple[Unit, ...]
    defender: tuple[Unit, ...]
    flags: Mapping[str, str]
    removed: tuple[tuple[str, str, str], ...] = ()  #: (unit, side, how) during the showdown

    def side(self, role: str) -> tuple[Unit, ...]:
        return self.attacker if role == "attacker" else self.defender

    def unit(self, name: str) -> Unit:
        for u in self.attacker + self.defender:
            if u.name == name:
                return u
        raise KeyError(name)

    @property
    def damage_step(self) -> bool:
        """RB-DMG-1 (CR 460.1): both sides still have units at the battlefield."""
        return bool(self.attacker) and bool(self.defender)

    def pool(self, role: str) -> int:
        """RB-DMG-2 / RB-MODEL-2: the side's total, the damage it assigns."""
        return sum(u.contribution for u in self.side(role))

    def ignores_tank(self, role: str) -> bool:
        """Card text such as Dune Surfer's: this side ignores Tank while assigning here."""
        return any(u.ignores_tank for u in self.side(role))

    def key(self) -> "BoardKey":
        """What the board's programs depend on, as a memo key (its hash computed once)."""
        got = self.__dict__.get("_key")
        if got is None:  # (a frozen dataclass: remembered beside its fields)
            got = BoardKey((self.attacker, self.defender, tuple(sorted(self.flags.items()))))
            object.__setattr__(self, "_key", got)
        return got


class BoardKey:
    """A board's content as a memo key: compared by value, its hash computed once (a board's units are
    dataclasses, and hashing them again at every look-up cost a tenth of a batch of small boards)."""

    __slots__ = ("value", "_hash")

    def __init__(self, value: tuple):
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, BoardKey) and self._hash == other._hash
                                 and self.value == other.value)

    def __repr__(self) -> str:
        return f"BoardKey({self.value!r})"
