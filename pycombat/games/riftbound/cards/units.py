"""The shipped Riftbound unit data (``data/units.json``, a copy of ``../shared/data/riftbound``).

Only combat facts are read: Might, the intrinsic keywords (Tank, Backline, Assault N,
Shield N, Deflect, Ganking) and the text flags that change damage assignment. Names are
matched with :mod:`pycombat.names` (case, accents, hyphens), ids such as ``OGN-001`` too;
an unknown name raises :class:`~pycombat.errors.UnknownNameError` with the closest names.

>>> db = load_units()
>>> db.unit("Stalwart Poro").shield
1
>>> db.unit("caitlyn patrolling").backline, db.unit("Caitlyn, Patrolling").id
(True, 'OGN-068')
>>> db.unit("Stalwart Porro")
Traceback (most recent call last):
...
pycombat.errors.UnknownNameError: unknown unit card 'Stalwart Porro'; did you mean 'Stalwart Poro' or 'Stealthy Pursuer'?
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib.resources import files as _resource_files

from pycombat.errors import ScenarioError, UnknownNameError
from pycombat.names import NameIndex
from .overlay import DATA_PACKAGE, OVERLAY, clauses_of, overlay
from .records import effect_text

#: keywords that change damage assignment or Might in combat (the rest are accepted, and ignored)
COMBAT_KEYWORDS = ("Tank", "Backline", "Assault", "Shield")
#: keywords with no effect on damage assignment (RB-MIGHT-10 Deflect, RB-MIGHT-11 Ganking)
NO_EFFECT_KEYWORDS = ("Deflect", "Ganking")
_KEYWORD = re.compile(r"^\s*([A-Za-z][A-Za-z' ]*?)\s*(-?\d+)?\s*$")


@dataclass(frozen=True)
class UnitCard:
    """One unit card's combat facts."""

    id: str
    name: str
    set: str
    supertype: str | None
    might: int | None
    keywords: tuple[str, ...]
    assault: int
    shield: int
    tank: bool
    backline: bool
    backline_by_text: bool
    deflect: int
    ganking: bool
    no_combat_damage: bool
    damage_immunity_text: bool
    ignores_tank_here: bool
    conditional_keywords: tuple[dict, ...] = ()
    domains: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    reprint_of: str | None = None  #: id of the earlier record this one reprints (same combat facts)
    #: the unit's abilities that can change a combat (``effects`` whose kind is in ``combat_effects``)
    #: and the clauses the data could not structure (``unparsed_clauses``)
    abilities: tuple[dict, ...] = ()
    unparsed: tuple[str, ...] = ()
    #: why the model does not read an unparsed clause, where the project's overlay says (its ``not_modelled``)
    unparsed_why: tuple[tuple[str, str], ...] = ()
    energy_cost: int | None = None  #: its cost, checked when it is played in a showdown (RB-CARD-2, RB-CARD-16)
    power_cost: int | None = None
    #: its "I enter ready" abilities (``enters_ready``, with the card's condition) and its static abilities making
    #: other units enter ready (``units_enter_ready``): read as a unit is played anew (RB-CARD-24, :mod:`.replay`)
    entering: tuple[dict, ...] = ()
    #: N of its "I can be [Empowered] up to N times" (the scenario states how many times, RB-CARD-9), else None
    empower_limit: int | None = None
    #: the keywords among ``keywords`` read from a line of its printed text that names one without brackets (the
    #: data lists none: :mod:`.printed_keywords`)
    keywords_from_text: tuple[str, ...] = ()

    def unread_abilities(self) -> list[tuple[dict, str]]:
        """The abilities the model does not read (all but :data:`ABILITIES_READ`), each with its
        label (``ability <trigger>: <effect in words>``), in text order."""
        from .statics import reads

        return [(e, f"ability {e['trigger'] + ': ' if e.get('trigger') else ''}{effect_text(e)}")
                for e in self.abilities if not self.read_as_flag(e) and reads(e) is not None]

    def read_as_flag(self, e: dict) -> bool:
        """Whether ability ``e`` is what the card's flag says and the model applies (RB-DMG-2 "I don't
        deal combat damage", Dune Surfer's "you ignore Tank here"): only with no condition, and for "no
        combat damage" only on the unit itself; another unit's (Vilemaw's "enemy units here with less
        Might than me") or a conditional one is an ability the model does not read (RB-CARD-4)."""
        if e.get("effect") not in ABILITIES_READ or e.get("condition"):
            return False
        if e["effect"] == "no_combat_damage":
            return self.no_combat_damage and (e.get("target") or {}).get("ref") == "self"
        return self.ignores_tank_here

    def combat_triggers(self, role: str) -> tuple[dict, ...]:
        """Its "When I attack" / "When I defend" abilities that fire on ``role``'s side (RB-SHOW-2)."""
        return tuple(e for e in self.abilities if role in COMBAT_TRIGGERS.get(e.get("trigger"), ())
                     and not e.get("activated"))

    def static_abilities(self) -> tuple[dict, ...]:
        """The static abilities :mod:`.statics` reads (RB-CARD-9)."""
        from .statics import reads

        return tuple(e for e in self.abilities if reads(e) is None)


#: the triggers that fire as a combat's showdown begins, and on whose side (RB-SHOW-2, CR 459.2.d.1)
COMBAT_TRIGGERS = {"When I attack": ("attacker",), "When I defend": ("defender",),
                   "When I attack or defend": ("attacker", "defender"),
                   # fires only in a combat "one on one", as the flag one_on_one reads it (RB-READ-7, cards/triggers.py)
                   "When I attack or defend one on one": ("attacker", "defender"),
                   # for a unit on the board, "when you play me" is past: only its attack fires here
                   "When you play me or I attack": ("attacker",)}
#: the triggers on the unit's own move: they fire as it moves, before any showdown (:mod:`.moves`, RB-CARD-10)
MOVE_TRIGGERS = ("When I move", "When I move to a battlefield", "The first time I move each turn",
                 "When I move from a location", "When I move from a battlefield")
#: of those, the ones any move fires (a unit at its base that moved this turn surely fired them)
ANY_MOVE = ("When I move", "The first time I move each turn", "When I move from a location")
#: the ability kinds that make a unit enter play ready: its own ("I enter ready"), another unit's ("Other friendly
#: units enter ready")
ENTERING = ("enters_ready", "units_enter_ready")
#: effect kinds that can change a combat wherever they act: a token unit played anywhere counts for "+1 Might for
#: each token unit you control" (Illaoi), "two or more other units in your base", the tags among "your units"
#: (RB-CARD-9). The data's ``combat_effects`` leaves out tokens made outside "here" (its README)
EVERYWHERE = ("create_unit_token",)
#: unit ability kinds read from the card's flags (RB-DMG-2 no combat damage; Dune Surfer's ignore Tank)
ABILITIES_READ = ("no_combat_damage", "ignore_tank")
#: the "When you play me" triggers with a second event outside a combat, and when that event comes
COMPOUND_PLAY = {
    "When I'm played and when I conquer": "comes as the unit conquers, after the combat's outcome (RB-RES-5)",
    "When you play me or when I conquer": "comes as the unit conquers, after the combat's outcome (RB-RES-5)",
    "When you play me or when I score": "comes as its player scores a battlefield, conquering it after the combat's "
                                        "outcome (RB-RES-5) or holding it at the start of a turn (RB-RES-6)",
    "When you play me or at the start of your Beginning Phase": "comes at the start of a turn (RB-RES-6)"}
#: triggers that cannot change a combat staged on the board as the scenario states it: the unit is
#: already there (its "when you play me" happened before; its lasting effects are the board), holding
#: and the Beginning Phase come at the start of a turn (RB-RES-6), conquering after the combat's outcome
#: (RB-RES-5), scoring as a battlefield is conquered or held (both of those), and the end of a combat after its
#: outcome too (RB-RES-8). A unit played in the showdown fires its "When you play me or ..." as it enters
#: (:data:`.unitplay.PLAY_TRIGGERS`)
OUTSIDE_TRIGGERS = ("When you play me", "When you play me to a battlefield", "When you play me from face down",
                    "When you play me from face down on your turn", "When I hold",
                    "When I hold (resolves at the start of your next Main Phase)", "When a combat that I was in ends",
                    "At the start of your Beginning Phase", "When I conquer", *COMPOUND_PLAY,
                    "The first time I conquer each turn", "When I conquer a battlefield that was uncontrolled",
                    "When I conquer after an attack",
                    # hiding is done on its player's turn in an Open State, never during a chain or a showdown
                    # (CR 811.1.b; RiftJudge FAQ): not during a combat
                    "When you hide a card")


#: the trigger at the start of its player's turn (RB-RES-6): what it gives its own unit "this turn" lasts that whole turn,
#: through a combat fought in it (Forsaken Baccai: "If you control fewer runes than an opponent at the start of your
#: Beginning Phase, give me +1 Might this turn"), read by :func:`turn_start_effects`
TURN_START = "At the start of your Beginning Phase"
#: the effect kinds of such a trigger that a combat reads: its Might and its keywords
TURN_START_KINDS = ("might_modifier", "grant_keyword")


def is_turn_start(e: dict) -> bool:
    """RB-CARD-9: whether unit ability ``e`` is a :data:`TURN_START` effect on its own unit that lasts "this turn" (a
    Might change, a keyword): on its player's turn it is in force during the combat when its condition held as the turn
    began (the unit's ``conditions_hold:``), else not; on the other player's turn it is over."""
    return e.get("trigger") == TURN_START and e.get("duration") == "this_turn" and not e.get("activated") \
        and (e.get("target") or {}).get("ref") == "self" and e.get("effect") in TURN_START_KINDS


def turn_start_effects(card: "UnitCard") -> tuple[dict, ...]:
    """The unit card's abilities :func:`is_turn_start` holds for, in text order."""
    return tuple(e for e in card.abilities if is_turn_start(e))


#: why a unit's :func:`turn_start_effects` are named when the scenario does not say whether they are in force (RB-CARD-4)
TURN_START_WHY = ("it fired at the start of its player's turn and lasts this turn: whether it is his turn and its "
                  "condition held as it began is not stated: give the unit `conditions_hold: true|false` (RB-CARD-9)")


#: RB-CARD-9 with RB-CARD-10: the triggers of a unit's "give ... +N Might / a keyword this turn" whose event may have
#: come earlier in the turn, before the showdown (a card played, a unit dying, a conquest ...): what it gave then lasts
#: through the combat. Each -> whether it fires at most once a turn (``once``) or at each such event (``any``). Its
#: own moves (`moved:`), its turn start (`conditions_hold:`, :data:`TURN_START`) and a "choose one" as it became ready
#: (`keywords:`, :func:`.events.ready_options`) are read elsewhere; its combat triggers fire in this combat.
EARLIER_TRIGGERS = {
    "When you play your second card in a turn": "once",
    "When you play me": "once",
    "When you play a spell": "any",
    "When you play a spell that costs :rb_energy_5: or more": "any",
    "When you play a token unit": "any",
    "When you play another unit": "any",
    "When you play a card from [Hidden]": "any",
    "When you discard one or more cards": "any",
    "When another friendly unit dies": "any",
    "When you stun an enemy unit": "any",
    "When you use an activated ability of a gear": "any",
    "When I become ready": "any",
    "When you choose or ready me": "any",
    "When I conquer": "any",
}
#: of those, the ones only a card its player plays fires: none fired before the showdown when he played none this turn
#: (his side's ``cards_played: 0``)
CARD_PLAYED_TRIGGERS = ("When you play your second card in a turn", "When you play me", "When you play a spell",
                        "When you play a spell that costs :rb_energy_5: or more", "When you play a token unit",
                        "When you play another unit", "When you play a card from [Hidden]")
#: the effect kinds of such a trigger a combat reads
EARLIER_KINDS = ("might_modifier", "grant_keyword")


def is_earlier(e: dict) -> bool:
    """RB-CARD-9: whether unit ability ``e`` is a triggered "this turn" Might or keyword change (:data:`EARLIER_KINDS`)
    whose event may have come earlier this turn, before the showdown (:data:`EARLIER_TRIGGERS`); a "choose one" option
    is read from the unit's `keywords:` instead."""
    return e.get("trigger") in EARLIER_TRIGGERS and e.get("duration") == "this_turn" and not e.get("activated") \
        and e.get("effect") in EARLIER_KINDS and not e.get("mode_option")


def earlier_effects(card: "UnitCard") -> tuple[dict, ...]:
    """The unit card's abilities :func:`is_earlier` holds for, in text order."""
    return tuple(e for e in card.abilities if is_earlier(e))


def fired_before(trigger: str, player) -> int | None:
    """How many times a unit's :data:`EARLIER_TRIGGERS` ``trigger`` fired this turn before the showdown, as far as what
    its side states of its player (``player``: :class:`~..model.Player`) decides it: none when he played no card
    (``cards_played: 0``) for a trigger only a card played fires; "your second card" once when he played two or more,
    none with fewer; "When you discard" none when he discarded no card (``discarded_this_turn: false``). None: the
    scenario does not say."""
    played = getattr(player, "cards_played", None)
    if trigger == "When you play your second card in a turn" and played is not None:
        return 1 if played >= 2 else 0
    if trigger in CARD_PLAYED_TRIGGERS and played == 0:
        return 0
    if trigger == "When you discard one or more cards" and getattr(player, "discarded", None) is False:
        return 0
    return None


def earlier_why(trigger: str, self_only: bool) -> str:
    """Why a unit's :func:`earlier_effects` are named NOT MODELLED when the scenario does not say how many times they
    fired before the showdown (RB-CARD-4), with how to state it."""
    side = ("its side's `cards_played: N` decides it" if trigger == "When you play your second card in a turn" else
            "its side's `cards_played: 0` says it did not" if trigger in CARD_PLAYED_TRIGGERS else
            "its side's `discarded_this_turn: false` says it did not" if trigger == "When you discard one or more cards"
            else "")
    once = EARLIER_TRIGGERS[trigger] == "once"
    how = ("give the unit `fired_this_turn: 0|1`" if once else
           "give the unit `fired_this_turn` (how many times it fired before the showdown)")
    if not self_only:
        how = ("give the unit `fired_this_turn` (0: it did not; more: what it gave another unit is stated on that "
               "unit, its `might`)")
    return (f"it may have fired earlier this turn, before the showdown, and what it gave lasts this turn (RB-CARD-9): "
            f"{how}" + (f", or {side}" if side else ""))


_LIMIT = re.compile(r"I can be \[Empowered\] up to (\w+) times")
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5}


def empower_limit(text: str) -> int | None:
    """N of a card's "I can be [Empowered] up to N times", else None.

    >>> empower_limit("I can be [Empowered] up to three times."), empower_limit("Empower me.")
    (3, None)
    """
    m = _LIMIT.search(text)
    return None if m is None else _NUMBERS.get(m.group(1), int(m.group(1)) if m.group(1).isdigit() else None)


class UnitDB:
    """Lookup of unit cards by id or name (several printings of one card are one record)."""

    def __init__(self, records: list[dict]):
        # the deduplicated data has one record per id (README: the first copy of each is kept)
        ids = [r["id"] for r in records]
        if len(set(ids)) != len(ids):
            dup = sorted({i for i in ids if ids.count(i) > 1})
            raise ValueError(f"units.json: ids must be unique; repeated: {', '.join(dup[:5])}")
        self.cards: list[UnitCard] = []
        self._index: NameIndex[UnitCard] = NameIndex([])
        self.keyword_names: set[str] = set()
        for r in records:
            card = UnitCard(
                id=r["id"], name=r["name"], set=r.get("set", ""), supertype=r.get("supertype"),
                might=r.get("might"), keywords=tuple(r.get("keywords") or ()), assault=int(r.get("assault") or 0),
                shield=int(r.get("shield") or 0), tank=bool(r.get("tank")), backline=bool(r.get("backline")),
                backline_by_text=bool(r.get("backline_by_text")), deflect=int(r.get("deflect") or 0),
                ganking=bool(r.get("ganking")), no_combat_damage=bool(r.get("no_combat_damage")),
                damage_immunity_text=bool(r.get("damage_immunity_text")),
                ignores_tank_here=bool(r.get("ignores_tank_here")),
                conditional_keywords=tuple(r.get("conditional_keywords") or ()),
                domains=tuple(r.get("domains") or ()), tags=tuple(r.get("tags") or ()),
                reprint_of=r.get("reprint_of"),
                abilities=tuple(e for e in (r.get("effects") or ())
                                if e.get("effect") in (r.get("combat_effects") or ()) or e.get("effect") in EVERYWHERE),
                unparsed=tuple(r.get("unparsed_clauses") or ()),
                unparsed_why=tuple((r.get("unparsed_why") or {}).items()),
                energy_cost=r.get("energy_cost"), power_cost=r.get("power_cost"),
                entering=tuple(e for e in (r.get("effects") or ()) if e.get("effect") in ENTERING),
                empower_limit=empower_limit(str(r.get("text") or "")),
                keywords_from_text=tuple(r.get("keywords_from_text") or ()))
            self.cards.append(card)
            self._index.add(card.name, card.id, card)
            for kw in card.keywords:
                self.keyword_names.add(split_keyword(kw)[0])
            for extra in (r.get("other_keyword_mentions") or ()):
                self.keyword_names.add(str(extra))
            for ck in card.conditional_keywords:
                self.keyword_names.add(str(ck.get("keyword")))
        self.keyword_names.update(COMBAT_KEYWORDS + NO_EFFECT_KEYWORDS)
        self._found: dict[str, UnitCard] = {}  #: :meth:`unit`'s answers by the name asked (found ones)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def names(self) -> list[str]:
        return self._index.names

    def unit(self, name: str, *, file: str | None = None, path: str | None = None) -> UnitCard:
        """The card called ``name`` (or with id ``name``); reprints equal in combat facts are one."""
        got = self._found.get(name)
        if got is not None:
            return got
        found = self._index.lookup(name)
        if not found and "," in name:  # official names use a comma ("Caitlyn, Patrolling"), the data a hyphen
            found = self._index.lookup(name.replace(",", " "))
        if not found:
            raise UnknownNameError("unit card", name, self._index.suggest(name), file=file, path=path)
        if len(found) > 1:  # a reprint (VEN) of an earlier card is that card: keep the original record
            found = [c for c in found if c.reprint_of is None] or found
        first = found[0]
        differing = [c for c in found[1:] if _combat_facts(c) != _combat_facts(first)]
        if differing:
            ids = ", ".join(c.id for c in [first, *differing])
            raise ScenarioError(f"{name!r} names several cards with different combat facts ({ids}); "
                                "give the card id instead", file=file, path=path)
        self._found[name] = first
        return first


def _combat_facts(c: UnitCard) -> tuple:
    return (c.might, c.assault, c.shield, c.tank, c.backline, c.no_combat_damage)


def split_keyword(text: str) -> tuple[str, int | None]:
    """``"Assault 2"`` -> ``("Assault", 2)``; ``"Tank"`` -> ``("Tank", None)``.

    >>> split_keyword("Shield 3"), split_keyword(" tank ")
    (('Shield', 3), ('tank', None))
    """
    m = _KEYWORD.match(str(text))
    if not m:
        return str(text).strip(), None
    return m.group(1).strip(), int(m.group(2)) if m.group(2) is not None else None


@functools.cache
def load_units() -> UnitDB:
    """The shipped unit data (cached), with the project's overlay records for units (:func:`with_overlay`)."""
    from .printed_keywords import with_unit_keywords

    raw = _resource_files(DATA_PACKAGE).joinpath("units.json").read_text(encoding="utf-8")
    records = [with_unit_keywords(r) for r in json.loads(raw)["records"]]  # a keyword printed without brackets
    return UnitDB(with_overlay(records, tuple(o for o in overlay() if o.get("kind") == "unit")))


@functools.cache
def printed_texts() -> dict[str, str]:
    """Each unit card's printed text by id (``text`` of units.json)."""
    raw = _resource_files(DATA_PACKAGE).joinpath("units.json").read_text(encoding="utf-8")
    return {r["id"]: str(r.get("text") or "") for r in json.loads(raw)["records"]}


#: why a unit's clause is unread when the overlay gives no reason
UNSTRUCTURED = "the card data could not structure it"


#: RB-CARD-4 with RB-RES-5: a clause the data sets apart as off the board (``non_combat_clauses``) that scores points,
#: or changes the points a Conquer scores, by this combat's result: on winning a combat, dying in combat, conquering.
#: Such a clause changes no number or outcome of the combat, but it changes who scores: the model does not count the
#: points it scores, so it is named NOT MODELLED with :data:`SCORING_WHY` and a claim on who scores is not decided
#: (every other claim is). A clause about holding or a third move is no result of this combat.
_RESULT = re.compile(r"\b(?:win a combat|die in combat|conquer(?:s|ing)?)\b", re.I)
_SCORE = re.compile(r"\bscores?\b", re.I)
#: a clause about the unit itself ("When I win a combat"): it acts only with the unit in the combat, at the battlefield
_OWN = re.compile(r"\bI\b")
SCORING_WHY = ("it scores points (or changes the points scored) by the combat's result, after the Resolution Step "
               "(RB-RES-5): the model counts only a Conquer's point, so a claim on who scores is not decided; the "
               "combat's numbers and outcome do not depend on it (RB-CARD-4)")


@functools.cache
def off_board_clauses() -> dict[str, tuple[str, ...]]:
    """Each unit card's clauses the data sets apart as changing no combat (``non_combat_clauses``), by card id."""
    raw = json.loads(_resource_files(DATA_PACKAGE).joinpath("units.json").read_text(encoding="utf-8"))["records"]
    return {r["id"]: tuple(r["non_combat_clauses"]) for r in raw if r.get("non_combat_clauses")}


def result_scoring(card: "UnitCard | None") -> tuple[tuple[str, bool], ...]:
    """The unit card's clauses off the board that score points by a combat's result (:data:`SCORING_WHY`), each with
    whether it is about the unit itself (it acts only with the unit in the combat).

    >>> result_scoring(load_units().unit("Draven - Audacious"))[0]
    ('The first time I win a combat each turn, you score 1 point.', True)
    >>> result_scoring(load_units().unit("Corrupt Enforcer"))
    ()
    """
    return () if card is None else _scoring(card.id, card.reprint_of)


@functools.cache
def _scoring(card_id: str, reprint_of: str | None) -> tuple[tuple[str, bool], ...]:
    clauses = off_board_clauses().get(card_id) or off_board_clauses().get(reprint_of or "", ())
    return tuple((c, bool(_OWN.search(c))) for c in clauses if _RESULT.search(c) and _SCORE.search(c))


def unparsed_reason(card: UnitCard, clause: str) -> str:
    """Why the model does not read the unit card's unparsed ``clause`` (RB-CARD-4)."""
    return dict(card.unparsed_why).get(clause, UNSTRUCTURED)


def _corrected(r: dict, o: dict, where: str) -> dict:
    """The unit record ``r`` with the overlay record ``o``'s corrections of what the data reads from the printed clause:
    ``corrections``, each ``{match: {KEY: VALUE, ...}, set: {KEY: VALUE, ...}}`` setting keys of every effect of the
    card whose keys match (one at least must), and ``card_facts``, record fields replaced (``keywords``, ``deflect``,
    ``ganking`` ...: the card's printed keywords, which a keyword only chosen or granted is not)."""
    from pycombat.errors import DataError

    r = dict(r)
    effects = [dict(e) for e in r.get("effects") or ()]
    for k, fix in enumerate(o.get("corrections") or ()):
        match, new = dict(fix.get("match") or {}), dict(fix.get("set") or {})
        hits = [e for e in effects if match and all(e.get(key) == v for key, v in match.items())]
        if not hits or not new:
            raise DataError(f"{where}: corrections[{k}]: no effect of the card matches {match} (or nothing to set)")
        for e in hits:
            e.update(new)
    r["effects"] = effects
    facts = dict(o.get("card_facts") or {})
    unknown = sorted(set(facts) - set(r))
    if unknown:
        raise DataError(f"{where}: card_facts: the unit record has no field {', '.join(unknown)}")
    r.update(facts)
    return r


def with_overlay(records: list[dict], extra: tuple[dict, ...]) -> list[dict]:
    """``records`` with each overlay record's effects (``data/effects_overlay.yaml``) added to its unit card (by id,
    and to its reprints), the clause it structures no longer unparsed. A card whose name or printed text no longer
    fits is refused (the data changed under the overlay)."""
    from pycombat.errors import DataError

    out = list(records)
    for k, o in enumerate(extra):
        where = f"{OVERLAY}: records[{k}] ({o.get('name')})"
        hits = [i for i, r in enumerate(out) if o["id"] in (r["id"], r.get("reprint_of"))]
        if not hits:
            raise DataError(f"{where}: no unit card {o['id']} in the data")
        for i in hits:
            r = dict(out[i])
            fixes = o.get("corrections") or o.get("card_facts")
            if r["name"] != o.get("name") or not (o.get("effects") or o.get("not_modelled") or fixes):
                raise DataError(f"{where}: no unit {o['id']} called {o.get('name')!r} with `effects` to add, a "
                                "`not_modelled` reason, `corrections` or `card_facts`")
            clauses = clauses_of(o)
            text = " ".join(str(r.get("text") or "").split())
            if not clauses or any(" ".join(c.split()) not in text for c in clauses):
                raise DataError(f"{where}: the card's printed text no longer contains the clause quoted")
            if fixes:  # the data's reading of the clause, corrected (`why` says how the data misreads it)
                if not o.get("why"):
                    raise DataError(f"{where}: a correction needs `why` (how the data misreads the clause)")
                out[i] = r = _corrected(r, o, where)
                if not (o.get("effects") or o.get("not_modelled")):
                    continue
            if o.get("not_modelled"):  # RB-CARD-4: still unparsed, with the project's reason
                r["unparsed_why"] = {**(r.get("unparsed_why") or {}), **{c: str(o["not_modelled"]) for c in clauses}}
                out[i] = r
                continue
            effects = [dict(e) for e in o["effects"]]
            r["effects"] = list(r.get("effects") or ()) + effects
            r["combat_effects"] = list(dict.fromkeys([*(r.get("combat_effects") or ()),
                                                      *(e["effect"] for e in effects)]))
            r["unparsed_clauses"] = [c for c in r.get("unparsed_clauses") or () if c not in clauses]
            out[i] = r
    return out

