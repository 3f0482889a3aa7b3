"""A War of the Ring battle position, as plain immutable Python objects.

The scenario reader (:mod:`.schema`) builds these from a file; :mod:`.battle.facts` turns them into
ASP facts (``asp_rules/wotr/input.lp``); :mod:`.battle.process` solves the battle.

Figures (digest terms): an Army *unit* is a Regular or an Elite of one Nation; a *Leader* is a
Free Peoples Leader figure (of a Nation) or a Nazgûl; a *Character* is a Companion or a Minion.
A :class:`Force` is a set of figures: a whole Army, its attacking part or its rearguard.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Iterator, Mapping

from .board import Region

ROLES = ("attacker", "defender")
#: what the attack uses (WOTR-ATK-1, WOTR-ATK-6, WOTR-DICE-1..6): an action die result or an Event card
ACTIONS = ("army", "character", "army_muster", "muster", "event", "will_of_the_west", "eye")
#: field battle against an adjacent region, siege (besieger attacks), sortie (besieged attacks) (WOTR-ATK-3)
KINDS = ("field", "siege", "sortie")


@dataclass(frozen=True)
class Contingent:
    """The figures of one Nation in a Force."""

    nation: str  #: nation id (nations.json)
    regulars: int = 0
    elites: int = 0
    leaders: int = 0  #: Free Peoples Leader figures of this Nation

    @property
    def units(self) -> int:
        return self.regulars + self.elites

    def is_empty(self) -> bool:
        return not (self.regulars or self.elites or self.leaders)


@dataclass(frozen=True)
class Force:
    """A set of figures: Army units and Leaders per Nation, Nazgûl, Characters (ids)."""

    contingents: tuple[Contingent, ...] = ()
    nazgul: int = 0
    characters: tuple[str, ...] = ()

    @property
    def units(self) -> int:
        return sum(c.units for c in self.contingents)

    @property
    def regulars(self) -> int:
        return sum(c.regulars for c in self.contingents)

    @property
    def elites(self) -> int:
        return sum(c.elites for c in self.contingents)

    @property
    def leaders(self) -> int:
        return sum(c.leaders for c in self.contingents)

    @property
    def nations(self) -> tuple[str, ...]:
        return tuple(c.nation for c in self.contingents)

    def contingent(self, nation: str) -> Contingent:
        for c in self.contingents:
            if c.nation == nation:
                return c
        return Contingent(nation)

    def is_empty(self) -> bool:
        return not (self.units or self.leaders or self.nazgul or self.characters)

    def minus(self, other: "Force") -> "Force":
        """The figures of ``self`` that are not in ``other`` (``other`` must be a part of it)."""
        out = []
        for c in self.contingents:
            o = other.contingent(c.nation)
            out.append(Contingent(c.nation, c.regulars - o.regulars, c.elites - o.elites, c.leaders - o.leaders))
        chars = list(self.characters)
        for ch in other.characters:
            chars.remove(ch)
        return Force(tuple(out), self.nazgul - other.nazgul, tuple(chars))

    def contains(self, other: "Force") -> bool:
        if other.nazgul > self.nazgul or any(ch not in self.characters for ch in other.characters):
            return False
        for o in other.contingents:
            c = self.contingent(o.nation)
            if o.regulars > c.regulars or o.elites > c.elites or o.leaders > c.leaders:
                return False
        return True

    def iter_groups(self) -> Iterator[tuple[str, str | None, int]]:
        """``(kind, nation or character id, count)`` for every kind of figure present."""
        for c in self.contingents:
            for kind, n in (("regular", c.regulars), ("elite", c.elites), ("leader", c.leaders)):
                if n:
                    yield kind, c.nation, n
        if self.nazgul:
            yield "nazgul", None, self.nazgul
        for ch in self.characters:
            yield "character", ch, 1


@dataclass(frozen=True)
class Army:
    """One side's Army in the battle region(s)."""

    role: str  #: attacker | defender
    side: str  #: free_peoples | shadow
    region: Region
    force: Force  #: every figure of the Army in its region
    rearguard: Force | None = None  #: attacker only: the figures the file leaves out of the battle
    besieged: bool = False  #: inside its Stronghold, under siege
    replacements: Mapping[str, int] = field(default_factory=dict)  #: nation -> Regulars available (WOTR-CAS-5)
    replacements_origin: Mapping[str, str] = field(default_factory=dict)  #: nation -> scenario | default
    retreat_to: tuple[str, ...] | None = None  #: region ids the file allows for a retreat (None: derived)
    player: str | None = None


@dataclass(frozen=True)
class Politics:
    """A Nation's place on the Political Track (WOTR-POL)."""

    steps: int  #: steps from "At War" (0 = At War)
    active: bool
    origin: str = "setup"  #: setup | scenario

    @property
    def at_war(self) -> bool:
        return self.steps == 0


@dataclass(frozen=True)
class Effects:
    """What Combat cards do to one side's dice in one round (WOTR-CARD-7, WOTR-HIT-2/3)."""

    combat_roll: int = 0  #: added to every die of the Combat roll
    reroll: int = 0  #: added to every die of the Leader re-roll
    hit: int | None = None  #: hit number of the Combat roll (and of the re-roll unless reroll_hit)
    reroll_hit: int | None = None
    dice: int = 0  #: more or fewer Combat roll dice (minimum one; flag dice_reduction_target)
    leadership: int = 0  #: more or less Leadership for this round
    no_reroll: bool = False

    def plus(self, other: "Effects") -> "Effects":
        def pick(a, b):
            return b if b is not None else a
        return Effects(self.combat_roll + other.combat_roll, self.reroll + other.reroll, pick(self.hit, other.hit),
                       pick(self.reroll_hit, other.reroll_hit), self.dice + other.dice,
                       self.leadership + other.leadership, self.no_reroll or other.no_reroll)

    def is_empty(self) -> bool:
        return self == Effects()


@dataclass(frozen=True)
class CardPlay:
    """A Combat card played in one round (WOTR-CARD-2): its effect on each side's rolls."""

    round: int
    by: str  #: attacker | defender
    name: str
    attacker: Effects = Effects()
    defender: Effects = Effects()
    initiative: int | None = None
    path: str = ""


@dataclass(frozen=True)
class Scenario:
    """A whole battle position plus the interpretation flags to judge it by."""

    attacker: Army
    defender: Army
    action: str
    kind: str
    politics: Mapping[str, Politics]
    flags: Mapping[str, str]
    flag_origin: Mapping[str, str] = field(default_factory=dict)
    card: str | None = None  #: the Event card that allows the attack (action event)
    cards: tuple[CardPlay, ...] = ()  #: Combat cards, per round
    in_play: tuple[str, ...] = ()  #: character ids in play elsewhere on the board (Saruman, the Mouth)
    table: tuple[str, ...] = ()  #: titles of the Persistent Event cards on the table (WOTR-EVT-10)
    garrison: Any = None  #: a relief battle's besieged Army (a Force of the attacker's side), or None (WOTR-SIEGE-7)
    white_rider: bool = False  #: Gandalf the White forfeits his Leadership to cancel the Nazgûl's (WOTR-STR-11)
    control: Mapping[str, str] = field(default_factory=dict)  #: region id -> side controlling its Settlement
    title: str | None = None
    file: str | None = None
    claims: tuple[Any, ...] = ()  #: the `claims:` entries (:class:`pycombat.scenario.Node` s), read by `verify`
    game: str = "wotr"
    card_plan: Any = None  #: named Combat cards (card_battle.CardPlan) or None
    rolls: Any = None  #: the dice for ``replay`` (checked by replay.read_rolls)
    also_activates: tuple[Any, ...] = ()  #: other Armies the action activates (consequences.Activation)

    def army(self, role: str) -> Army:
        return self.attacker if role == "attacker" else self.defender

    def at_war(self, nation: str) -> bool:
        return self.politics[nation].at_war

    @property
    def battle_region(self) -> Region:
        """Where the battle is fought: the defender's region (the attacker stays in his, WOTR-ATK-7)."""
        return self.defender.region

    def controller(self, region: Region) -> str | None:
        return self.control.get(region.id, region.initial_control)

    def characters_in_play(self) -> set[str]:
        out = set(self.in_play)
        for army in (self.attacker, self.defender):
            out.update(army.force.characters)
        return out


# ---- a scenario's content as a key -----------------------------------------------------------------
#: the fields that name a scenario without changing what any verb computes from it
IDENTITY_FIELDS = ("title", "file")


def content_key(s: Scenario) -> tuple | None:
    """A hashable value that is equal for two scenarios only when they hold the same content (every
    field but :data:`IDENTITY_FIELDS`: the frozen dataclasses and values by their equality, mappings
    and lists item by item, any other object by its own equality, identity unless it defines one),
    or None when some part cannot be a key. What is computed from a scenario's content alone (the
    attack's legality, say) may be remembered under it for the next scenario of a batch."""
    global _LAST
    last = _LAST  # the scenario asked last (one verb asks for the key of its scenario more than once)
    if last[0] is s:
        return last[1]
    try:
        key = tuple(_frozen(getattr(s, name)) for name in _names(type(s)) if name not in IDENTITY_FIELDS)
    except TypeError:
        key = None
    _LAST = (s, key)
    return key


_LAST: tuple = (None, None)


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(t: type) -> tuple[str, ...]:
    got = _NAMES.get(t)
    if got is None:
        got = _NAMES[t] = tuple(f.name for f in fields(t))
    return got


_ATOMS = frozenset({str, int, bool, float, type(None)})


def frozen_key(x: Any) -> Any:
    """A hashable value equal for two values of equal content (:func:`content_key`'s reading of one value);
    ``TypeError`` when some part cannot be a key."""
    return _frozen(x)


def _frozen(x: Any) -> Any:
    t = type(x)
    if t in _ATOMS:
        return x
    if is_dataclass(x) and _by_fields(t):
        got = _SEEN.get(id(x))
        if got is not None and got[0] is x:  # the same (immutable) Army or Region again
            return got[1]
        key = (t, tuple(_frozen(getattr(x, name)) for name in _names(t)))
        if t.__dataclass_params__.frozen:
            if len(_SEEN) >= 1024:
                _SEEN.clear()
            _SEEN[id(x)] = (x, key)  # holds x: its id is not reused while the entry lives
        return key
    try:
        hash(x)
        return x
    except TypeError:
        pass
    if t is dict or isinstance(x, Mapping):
        items = tuple(x.items())
        try:
            hash(items)
        except TypeError:
            items = tuple((k, _frozen(v)) for k, v in items)
        return (Mapping, items)
    if t is list or t is tuple:
        return (t, tuple(_frozen(v) for v in x))
    if is_dataclass(x):
        return (t, tuple(_frozen(getattr(x, name)) for name in _names(t)))
    raise TypeError(f"{t.__name__} cannot be part of a key")


_BY_FIELDS: dict[type, bool] = {}
#: id -> (object, key) of the frozen dataclasses keyed field by field lately (a batch's scenarios read
#: under other names share their Armies, and every Army of a region its Region)
_SEEN: dict[int, tuple[Any, Any]] = {}


def _by_fields(t: type) -> bool:
    """Whether a dataclass may hold mappings or lists (an Army, a Region): keyed field by field
    always (so that equal values give equal keys), not by trying its hash first."""
    got = _BY_FIELDS.get(t)
    if got is None:
        got = _BY_FIELDS[t] = any(any(w in str(f.type) for w in ("Mapping", "dict", "list", "Any"))
                                  for f in fields(t))
    return got
