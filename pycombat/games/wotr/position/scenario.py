"""A War of the Ring *position* scenario: the board, an action die result and a hand of cards.

A battle scenario (:mod:`..schema`) has ``attacker:``/``defender:``/``battle:`` blocks; a position
scenario has ``position:`` and ``action:`` blocks instead (the two kinds never mix)::

    game: wotr
    title: ...
    politics: {Sauron: at_war, Gondor: {steps: 1, active: true}}   # default: the setup position
    position:
      setup: true                      # start from the 2e setup armies (regions.json); default false
      regions:                         # these regions replace the setup's content of the same regions
        Osgiliath: {units: {Sauron: {regulars: 4, elites: 1}}, nazgul: 1, characters: [The Witch-king]}
        Minas Tirith: {units: {Gondor: {regulars: 3, leaders: 1}, Sauron: {regulars: 6}}, besieged: free_peoples}
        Rivendell: {}                  # empty the region
      fellowship: {region: Rivendell, companions: [Gandalf the Grey, Strider]}  # default: see below
      control: {Pelargir: shadow}      # who controls a Settlement (default: the setup's controller)
      reinforcements: {Gondor: {regulars: 4, elites: 2, leaders: 2}}           # default: see below
    action:
      side: shadow                     # whose action it is
      die: army                        # army | character | muster | army_muster | event | will_of_the_west | eye
      card: {name: "...", moves: 2}    # an Event card that moves one Army up to N regions (WOTR-MOVE-10)
    hand: [Grond, Hammer of the Underworld, {name: "...", type: army, attack: true}]  # the acting player's hand:
                                       # a shipped card by title, or a card the file describes (WOTR-EVT)
    played: [...]                      # cards already played or discarded (WOTR-EVT-3): a shipped title, or a
                                       # card of the file's own ({name: "...", custom: true} when close to one)
    decks: {character: 0, strategy: 12}  # cards left in the acting player's two Event decks
    rules: {stacking_check: trim_at_end}
    claims: [...]

Figures of both sides may share a region only in a siege: ``besieged:`` names the side inside the
Stronghold (``true``: its controller). Characters without units may share a region with enemy
units (Companions and the Nazgûl ignore enemy Armies). The Fellowship's Companions are not on the
map; by default they are the starting Companions (``starts_in_fellowship``) not placed anywhere,
in Rivendell. The default reinforcements are each Nation's figure totals (RB p.6) less the figures
on the map.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Mapping

from pycombat.errors import ScenarioError
from pycombat.names import normalize
from pycombat.scenario import Node
from pycombat.schemaspec import validate
from ..board import (CONTROLLED, SIDE_NAMES, Board, Nations, Region, control_refusal, load_board, load_nations,
                     settlement_words, side_of_name)
from ..characters import CharacterDB, load_characters
from ..model import Contingent, Force, Politics
from ..reading import _flags, _force, _politics
from ..spec import (
    ACTION,
    DECKS,
    FELLOWSHIP,
    HAND_CARD,
    MOVE_CARD,
    PLAYED_CARD,
    POSITION,
    POSITION_SCENARIO,
    REGION,
    REINFORCEMENTS,
    UNIT,
)

#: die results a player may use (WOTR-DICE-1): faces of each side's dice
DIE_FACES = {"shadow": ("character", "army", "muster", "army_muster", "event", "eye"),
             "free_peoples": ("character", "muster", "army_muster", "event", "will_of_the_west")}
DIE_RESULTS = ("army", "character", "muster", "army_muster", "event", "will_of_the_west", "eye")
DIE_LABEL = {"army": "Army", "character": "Character", "muster": "Muster", "army_muster": "Army/Muster",
             "event": "Event", "will_of_the_west": "Will of the West", "eye": "Eye"}
# the keys each part accepts: declared once, in .spec (which also gives the JSON Schema)
TOP_KEYS = POSITION_SCENARIO.keys
POSITION_KEYS = POSITION.keys
REGION_KEYS = REGION.keys
ACTION_KEYS = ACTION.keys
MOVE_CARD_KEYS = MOVE_CARD.keys
UNIT_KEYS = UNIT.keys
REINF_KEYS = REINFORCEMENTS.value.keys
FELLOWSHIP_KEYS = FELLOWSHIP.keys
DECKS_KEYS = DECKS.keys
STACK_LIMIT, SIEGE_STACK_LIMIT = 10, 5
#: the interpretation flags a position's rules read (asp_rules/wotr/move_legal.lp and cards.lp, the brute force
#: ``movegen.py``): WOTR-STACK-2, WOTR-SPLIT-5 (Leaders of a Nation not At War), WOTR-CHMOVE-9. Every other flag
#: is a battle's (casualties, rounds, splits of an attacking Army, Combat cards): a position has no battle, so a
#: value the file or the command line gives it is named as not applied, never listed as in force
POSITION_FLAGS = ("stacking_check", "non_at_war_leaders", "mouth_of_sauron_stronghold")


@dataclass(frozen=True)
class Stack:
    """One side's figures in one region."""

    region: str  #: region id
    side: str
    force: Force
    besieged: bool = False  #: inside the region's Stronghold, under siege

    @property
    def units(self) -> int:
        return self.force.units


@dataclass(frozen=True)
class MoveCard:
    """An Event card that moves one Army up to ``moves`` regions (WOTR-MOVE-10): a card the file describes,
    or a shipped card by its title, whose printed movement (``data/event_halves.yaml``) and play
    (``printed``: its requirement and icon, decided by :func:`..cards.events.may_play`) apply."""

    name: str
    moves: int
    armies: int = 1
    type: str = "army"
    printed: "Card | None" = None  #: the shipped card (None: a card the file describes)
    with_figure: str | None = None  #: the moving part holds it: companion | nazgul | witch-king
    ends_with_other_army: bool = False  #: ends where another Army of the mover's side stands, not besieged


@dataclass(frozen=True)
class Action:
    side: str
    die: str
    card: MoveCard | None = None
    mouth_muster_used: bool = False  #: the Mouth of Sauron's Muster-as-Army already used this turn
    elven_ring_used: bool = False  #: an Elven Ring already used by this player this turn (WOTR-DICE-7)
    elven_rings: int = 0  #: Elven Rings this player holds

    def results(self, mouth_in_play: bool) -> tuple[str, ...]:
        """The movement results this die gives (WOTR-DICE-2..6): ``army`` (up to two Armies one region
        each) and/or ``character`` (one Army with a Leader or Character, or the Characters)."""
        if self.die in ("army", "army_muster"):
            return ("army",)  # WOTR-DICE-4: Army/Muster may be used as an Army result
        if self.die == "character":
            return ("character",)
        if self.die == "will_of_the_west":
            return ("army", "character")  # WOTR-DICE-6: changed to any other result
        if self.die == "muster" and self.side == "shadow" and mouth_in_play and not self.mouth_muster_used:
            return ("army",)  # CH the Mouth of Sauron: a Muster result used as an Army result
        return ()


@dataclass(frozen=True)
class Card:
    """An Event card: a shipped one by its title (cards.json), or by the facts the scenario gives."""

    name: str
    deck: str  #: character | strategy (WOTR-EVT-1)
    icon: str | None  #: character | army | muster; None: a Strategy card whose icon the file does not say
    attack: bool = False  #: an "Attack..." card: it starts an attack (WOTR-ATK-9, WOTR-POL-3)
    battle: bool = False  #: counts as a battle in which the enemy cannot fight back (WOTR-POL-3)
    persistent: bool = False  #: stays in play (WOTR-EVT-5)
    musters: bool = False  #: brings units or Leaders into play (WOTR-EVT-6; a shipped card: as its Event prints)
    side: str | None = None
    path: str = ""
    requirement: str | None = None  #: a shipped card's printed play requirement (cards.json, WOTR-EVT-8)
    shipped: bool = False  #: given by name: a card of the shipped data


@dataclass(frozen=True)
class Position:
    stacks: tuple[Stack, ...]
    control: Mapping[str, str]  #: region id -> side, for every Settlement
    politics: Mapping[str, Politics]
    fellowship_region: str | None
    fellowship: tuple[str, ...]  #: Companion ids in the Fellowship
    reinforcements: Mapping[str, Mapping[str, int]]  #: nation -> regular/elite/leader/nazgul available
    fellowship_progress: int | None = None  #: its step on the Fellowship Track (None: not given)
    fellowship_revealed: bool | None = None  #: whether it is revealed (None: not given)

    def stack(self, region: str, side: str) -> Stack | None:
        for s in self.stacks:
            if s.region == region and s.side == side:
                return s
        return None

    def stacks_at(self, region: str) -> list[Stack]:
        return [s for s in self.stacks if s.region == region]

    def at_war(self, nation: str) -> bool:
        return self.politics[nation].at_war

    def characters_in_play(self) -> set[str]:
        out = set(self.fellowship)
        for s in self.stacks:
            out.update(s.force.characters)
        return out

    def where(self, character: str) -> str | None:
        for s in self.stacks:
            if character in s.force.characters:
                return s.region
        return None

    def besieged_side(self, region: str) -> str | None:
        for s in self.stacks_at(region):
            if s.besieged:
                return s.side
        return None


@dataclass(frozen=True)
class PositionScenario:
    """A position, the action die result to judge, the acting player's cards, flags and claims."""

    position: Position
    action: Action
    flags: Mapping[str, str]
    flag_origin: Mapping[str, str] = field(default_factory=dict)
    hand: tuple[Card, ...] = ()
    played: tuple[str, ...] = ()
    decks: Mapping[str, int | None] = field(default_factory=lambda: {"character": None, "strategy": None})
    title: str | None = None
    file: str | None = None
    claims: tuple[Any, ...] = ()  #: the `claims:` entries (:class:`pycombat.scenario.Node` s), read by `verify`
    game: str = "wotr"
    kind: str = "position"

    def card(self, name: str) -> Card | None:
        for c in self.hand:
            if normalize(c.name) == normalize(name):
                return c
        return None


def flags_not_applied(s: "PositionScenario") -> list[dict[str, str]]:
    """The flags the file (``rules:``) or the command line (``--flag``) sets that a position does not read
    (:data:`POSITION_FLAGS`): ``{flag, value, origin, why}`` each, for the text and the JSON of every position verb."""
    return [{"flag": k, "value": str(v), "origin": s.flag_origin.get(k, "default"),
             "why": "a battle's flag: a position has no battle, so it changes no move, count or verdict"}
            for k, v in s.flags.items() if k not in POSITION_FLAGS and s.flag_origin.get(k, "default") != "default"]


def flags_not_applied_line(s: "PositionScenario") -> str | None:
    """The text line naming :func:`flags_not_applied` (None when there are none)."""
    out = flags_not_applied(s)
    if not out:
        return None
    named = ", ".join(f"{f['flag']}={f['value']} ({f['origin']})" for f in out)
    return (f"Not applied: {named}: a battle's flag{'s' if len(out) > 1 else ''}; a position reads only "
            + ", ".join(POSITION_FLAGS))


# ---- reading -----------------------------------------------------------------------------------
def scenario_from_dict(data: Mapping[str, Any], *, file: str | None = None,
                       flag_overrides: Mapping[str, str] | None = None) -> PositionScenario:
    validate(POSITION_SCENARIO, dict(data), file=file)  # types, ranges and unknown keys: one place (.spec)
    root = Node(dict(data), file=file)
    root.str("game")
    board, nations, chars = load_board(), load_nations(), load_characters()
    title = root.str("title", None)
    root.raw("description", None)
    politics = _politics(root, nations)
    position = _position(root.child("position"), board, nations, chars, politics)
    action = _action(root.child("action"), position, chars)
    hand = tuple(_card(n, action.side) for n in root.list("hand", []))
    _unique_cards(root, hand)
    _action_card_held(root, action, hand)
    played_nodes = root.list("played", [])
    played = tuple(_played_title(n) for n in played_nodes)
    _not_both_held_and_played(hand, played_nodes, played)
    decks = _decks(root)
    flags, origin = _flags(root, flag_overrides or {})
    s = PositionScenario(position=position, action=action, flags=flags, flag_origin=origin, hand=hand,
                         played=played, decks=decks, title=title, file=file)
    if root.has("claims"):  # read by `verify` (pycombat.verdicts.parse_claims), once the scenario is built
        s = replace(s, claims=tuple(root.list("claims", [])))
    root.finish(TOP_KEYS)
    return s


def _position(node: Node, board: Board, nations: Nations, chars: CharacterDB,
              politics: Mapping[str, Politics]) -> Position:
    if isinstance(node.value, str) and node.value.strip().lower() == "setup":
        node = Node({"setup": True}, file=node.file, path=node.path)
    node._mapping()
    setup = node.bool("setup", False)
    figures: dict[str, dict] = {}
    if setup:
        for r in board.regions.values():
            if r.starting_units:
                nation = r.starting_units_nation or r.nation
                su = r.starting_units
                force = Force((Contingent(nation, su.get("regular", 0), su.get("elite", 0), su.get("leader", 0)),)
                              if su.get("regular", 0) + su.get("elite", 0) + su.get("leader", 0) else (),
                              su.get("nazgul", 0))
                figures[r.id] = {"stacks": _by_side(force, nations, chars), "besieged": None, "path": None}
    control: dict[str, str] = {r.id: r.initial_control for r in board.regions.values() if r.settlement}
    control_paths: dict[str, str] = {}  #: region id -> the `control:` entry that set it
    if node.has("control"):
        for key, n in node.child("control").items():
            region = board.region(key, file=n.file, path=n.path)
            refusal = control_refusal(region)
            if refusal:
                raise n.error(refusal)
            control[region.id] = side_of_name(n.as_str(), file=n.file, path=n.path)
            control_paths[region.id] = n.path
    if node.has("regions"):
        regions = node.child("regions")
        if regions.value is None:
            regions.value = {}
        seen: dict[str, str] = {}
        for key, n in regions.items():
            region = board.region(key, file=n.file, path=n.path)
            if region.id in seen:
                raise n.error(f"{region.name} is listed twice (also as {seen[region.id]!r})")
            seen[region.id] = key
            figures[region.id] = _region_entry(n, region, nations, chars, control)
    stacks: list[Stack] = []
    for rid, entry in figures.items():
        besieged = entry["besieged"]
        for side, force in entry["stacks"].items():
            if not force.is_empty():
                stacks.append(Stack(rid, side, force, besieged == side))
    stacks.sort(key=lambda s: (list(board.regions).index(s.region), s.side))
    _armies_hold_their_settlements(node, stacks, figures, control, control_paths, board, nations)
    fellowship_region, fellowship, track = _fellowship(node, board, chars, stacks)
    reinforcements = _reinforcements(node, nations, stacks)
    node.finish(POSITION_KEYS)
    pos = Position(tuple(stacks), control, politics, fellowship_region, fellowship, reinforcements, *track)
    _check_position(node, pos, board, nations, chars)
    return pos


def _armies_hold_their_settlements(node: Node, stacks: list[Stack], figures: Mapping[str, dict],
                                   control: Mapping[str, str], control_paths: Mapping[str, str], board: Board,
                                   nations: Nations) -> None:
    """An Army (at least one unit) that stands in a region with a City, a Town or a Stronghold controlled by the
    enemy, without a siege, is impossible: entering the region captured the Settlement (WOTR-CAPT-1; a Stronghold
    with enemy units inside is a siege, and the besieged player keeps it, WOTR-SITE-7). Such a position is refused,
    naming the control it implies, never judged under the setup's (or the file's) controller."""
    for s in stacks:
        region = board.regions[s.region]
        if not s.units or s.besieged or region.settlement not in CONTROLLED:
            continue
        if any(o.besieged for o in stacks if o.region == s.region):
            continue  # the besieger of a Stronghold: the besieged player keeps it (WOTR-SITE-7)
        owner = control.get(region.id)
        if owner is None or owner == s.side:
            continue
        names = ", ".join(nations.nations[c.nation].name for c in s.force.contingents if c.units)
        given = control_paths.get(region.id)
        source = (f"the file's `{given}`" if given else
                  f"the setup's control (the file gives no `control:` for {region.name})")
        entry = figures.get(region.id, {}).get("path")
        path = entry or given or f"{node.path}.control"
        help_lines = [f"{region.name}: a {region.settlement.title()}, controlled by the {SIDE_NAMES[owner]} from "
                      f"{source}; the Army: {names}",
                      "WOTR-CAPT-1: an enemy Army that enters a region with a City, a Town or an unoccupied "
                      "Stronghold captures it; it stands in an enemy Stronghold's region only as its besieger, "
                      "the besieged player keeping the Stronghold (WOTR-SITE-7)"]
        if region.settlement == "stronghold":
            help_lines.append(f"a siege instead: {SIDE_NAMES[owner]} units in the region with `besieged: {owner}`")
        raise ScenarioError(
            f"an Army of the {SIDE_NAMES[s.side]} stands in {region.name}, controlled by the {SIDE_NAMES[owner]}, "
            f"without a siege: give `control: {{{region.name}: {s.side}}}` (WOTR-CAPT-1)", file=node.file, path=path,
            help=tuple(help_lines))


def _by_side(force: Force, nations: Nations, chars: CharacterDB) -> dict[str, Force]:
    """Split a Force whose figures may be of both sides into one Force per side."""
    out: dict[str, tuple[list, int, list]] = {}
    for c in force.contingents:
        out.setdefault(nations.nations[c.nation].side, ([], 0, []))[0].append(c)
    if force.nazgul:
        conts, _, ch = out.setdefault("shadow", ([], 0, []))
        out["shadow"] = (conts, force.nazgul, ch)
    for ch in force.characters:
        out.setdefault(chars.characters[ch].side, ([], 0, []))[2].append(ch)
    return {side: Force(tuple(c), n, tuple(ch)) for side, (c, n, ch) in out.items()}


def _region_entry(node: Node, region: Region, nations: Nations, chars: CharacterDB,
                  control: Mapping[str, str]) -> dict:
    if node.value is None:
        node.value = {}
    node._mapping()
    force = _force(node, nations, chars, top=True)
    besieged = None
    if node.has("besieged"):
        raw = node.raw("besieged")
        bnode = node.child("besieged")
        if raw is True:
            besieged = control.get(region.id)
        elif raw is False:
            besieged = None
        else:
            besieged = side_of_name(bnode.as_str(), file=bnode.file, path=bnode.path)
    node.finish(REGION_KEYS)
    stacks = _by_side(force, nations, chars)
    sides_with_units = [side for side, f in stacks.items() if f.units]
    if besieged is not None:
        if region.settlement != "stronghold":
            raise node.error(f"{region.name} has no Stronghold (it has {settlement_words(region.settlement)}): only "
                             "an Army in a Stronghold is besieged (WOTR-SITE-4)", "besieged")
        if control.get(region.id) != besieged:
            raise node.error(f"the Stronghold of {region.name} is controlled by "
                             f"{SIDE_NAMES[control.get(region.id)]}: the besieged Army is its controller's "
                             "(WOTR-SITE-7)", "besieged")
        if besieged not in sides_with_units or len(sides_with_units) != 2:
            raise node.error("a siege needs units of both sides in the region: the besieged Army inside the "
                             "Stronghold and the besiegers around it (WOTR-SITE-4, WOTR-SITE-6)", "besieged")
    elif len(sides_with_units) == 2 and region.settlement == "stronghold":
        raise node.error(f"units of both sides in {region.name}: that is only possible in a siege; say which side "
                         "is inside the Stronghold with `besieged: free_peoples|shadow` (WOTR-MOVE-4)", "units")
    elif len(sides_with_units) == 2:  # no siege without a Stronghold: nothing `besieged:` could say makes it legal
        raise node.error(f"units of both sides in {region.name}: that is only possible in a siege, and only a region "
                         f"with a Stronghold holds one; {region.name} has no Stronghold (it has "
                         f"{settlement_words(region.settlement)}): give the units of one side only (WOTR-MOVE-4, "
                         "WOTR-SITE-4)", "units")
    return {"stacks": stacks, "besieged": besieged, "path": node.path}


def _fellowship(node: Node, board: Board, chars: CharacterDB, stacks: list[Stack]
                ) -> tuple[str | None, tuple, tuple[int | None, bool | None]]:
    """(region, Companion ids, (Fellowship Track step, revealed)) of the ``fellowship:`` block."""
    on_map = {ch for s in stacks for ch in s.force.characters}
    region = "rivendell"
    members = None
    track: tuple[int | None, bool | None] = (None, None)
    if node.has("fellowship"):
        fnode = node.child("fellowship")
        if isinstance(fnode.value, str):
            fnode = Node({"region": fnode.value}, file=fnode.file, path=fnode.path)
        fnode._mapping()
        if fnode.has("region"):
            region = board.region(fnode.str("region"), file=fnode.file, path=f"{fnode.path}.region").id
        if fnode.has("companions"):
            members = []
            for n in fnode.list("companions"):
                c = chars.character(n.as_str(), file=n.file, path=n.path)
                if c.kind != "companion":
                    raise n.error(f"{c.name} is not a Companion")
                if c.replaces is not None:
                    raise n.error(f"{c.name} never joins the Fellowship: he comes into play outside it, replacing "
                                  f"{chars.characters[c.replaces].name} (digest section 19)")
                if c.id in on_map:
                    raise n.error(f"{c.name} is on the map, not in the Fellowship")
                if c.id in members:
                    raise n.error(f"{c.name} is listed twice")
                members.append(c.id)
        track = (fnode.int("progress", None, minimum=0), fnode.bool("revealed", None))
        fnode.finish(FELLOWSHIP_KEYS)
    if members is None:
        members = [c.id for c in chars if c.kind == "companion" and c.replaces is None and c.id not in on_map
                   and not any(o.replaces == c.id and o.id in on_map for o in chars)
                   and c.starts_in_fellowship]
    return region, tuple(members), track


def _reinforcements(node: Node, nations: Nations, stacks: list[Stack]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    on_map: dict[str, dict[str, int]] = {n.id: {"regular": 0, "elite": 0, "leader": 0, "nazgul": 0} for n in nations}
    for s in stacks:
        for c in s.force.contingents:
            on_map[c.nation]["regular"] += c.regulars
            on_map[c.nation]["elite"] += c.elites
            on_map[c.nation]["leader"] += c.leaders
        on_map["sauron"]["nazgul"] += s.force.nazgul
    for n in nations:
        total = n.figures_total
        out[n.id] = {k: max(0, total.get(k, 0) - on_map[n.id][k]) for k in ("regular", "elite", "leader", "nazgul")}
    if node.has("reinforcements"):
        for key, n in node.child("reinforcements").items():
            nation = nations.nation(key, file=n.file, path=n.path)
            n._mapping()
            got = {"regular": n.int("regulars", 0, minimum=0), "elite": n.int("elites", 0, minimum=0),
                   "leader": n.int("leaders", 0, minimum=0), "nazgul": n.int("nazgul", 0, minimum=0)}
            n.finish(REINF_KEYS)
            out[nation.id] = got
    return out


def _check_position(node: Node, pos: Position, board: Board, nations: Nations, chars: CharacterDB) -> None:
    def err(message: str, region: str | None = None) -> ScenarioError:
        where = f"{node.path}.regions.{board.regions[region].name}" if region else node.path
        return ScenarioError(message, file=node.file, path=where)

    totals: dict[str, dict[str, int]] = {}
    seen_chars: dict[str, str] = {}
    nazgul = 0
    for s in pos.stacks:
        r = board.regions[s.region]
        limit = SIEGE_STACK_LIMIT if s.besieged else STACK_LIMIT
        if s.units > limit:
            rule = "WOTR-SITE-5" if s.besieged else "WOTR-STACK-1"
            raise err(f"{s.units} {SIDE_NAMES[s.side]} Army units in {r.name}: at most {limit} "
                      f"{'in a besieged Stronghold ' if s.besieged else ''}({rule})", s.region)
        if s.side == "free_peoples" and s.force.leaders and not s.units:
            raise err(f"Free Peoples Leaders in {r.name} without Army units: a Leader is always with a friendly Army "
                      "(WOTR-MOVE-7)", s.region)
        nazgul += s.force.nazgul
        for c in s.force.contingents:
            t = totals.setdefault(c.nation, {"regular": 0, "elite": 0, "leader": 0})
            t["regular"] += c.regulars
            t["elite"] += c.elites
            t["leader"] += c.leaders
        for ch in s.force.characters:
            c = chars.characters[ch]
            if ch in seen_chars:
                raise err(f"{c.name} is in two regions ({board.regions[seen_chars[ch]].name} and {r.name})", s.region)
            seen_chars[ch] = s.region
            if c.servants_of_the_white_hand and s.region != "orthanc":
                raise err(f"{c.name} never leaves Orthanc (WOTR-CHMOVE-8)", s.region)
            if c.kind == "character":
                raise err(f"{c.name} is never on the map: he follows the Fellowship (digest section 19)", s.region)
    for ch in pos.fellowship:
        if ch in seen_chars:
            raise ScenarioError(f"{chars.characters[ch].name} is both in the Fellowship and on the map",
                                file=node.file, path=f"{node.path}.fellowship")
    present = set(seen_chars) | set(pos.fellowship)
    for c in chars:
        if c.replaces and c.id in present and c.replaces in present:
            raise err(f"{c.name} replaces {chars.characters[c.replaces].name}: they are never in play together "
                      "(digest section 19)")
    if nazgul > 8:
        raise err(f"{nazgul} Nazgûl on the map: there are 8 Nazgûl figures (digest section 19)")
    for nation, t in totals.items():
        total = nations.nations[nation].figures_total
        for k in ("regular", "elite", "leader"):
            if t[k] > total.get(k, 0):
                raise err(f"{t[k]} {nations.nations[nation].name} {k}s on the map: there are {total.get(k, 0)} "
                          "(RB p.6, digest section 19)")


def _action(node: Node, pos: Position, chars: CharacterDB) -> Action:
    node._mapping()
    side = side_of_name(node.str("side"), file=node.file, path=f"{node.path}.side")
    die = node.str("die", choices=DIE_RESULTS)
    if die not in DIE_FACES[side]:
        faces = ", ".join(DIE_FACES[side])
        raise node.error(f"the {SIDE_NAMES[side]} dice have no {DIE_LABEL[die]} face (WOTR-DICE-1): {faces}", "die")
    card = None
    if node.has("card"):
        cnode = node.child("card")
        cnode._mapping()
        from ..cards.event_battle import event_card

        rec = event_card(cnode.str("name"))
        custom = _custom(cnode, rec)
        if rec is not None:  # a shipped card: its printed movement, icon and play (WOTR-MOVE-10, WOTR-EVT-8)
            card = _shipped_move_card(cnode, rec, side)
        else:
            if not custom and not cnode.has("moves"):  # a shipped Combat card's title, not a card the file describes
                _refuse_combat_title(cnode, cnode.str("name"), "name")
            moves = cnode.int("moves", minimum=1)
            if moves > 4:
                raise cnode.error("an Event card moves an Army at most a few regions; give 1 to 4", "moves")
            card = MoveCard(cnode.str("name"), moves, cnode.int("armies", 1, minimum=1),
                            cnode.str("type", "army", choices=("army", "character", "muster")))
            if card.armies != 1:
                raise cnode.error("only cards that move one Army are modelled", "armies")
        cnode.finish(MOVE_CARD_KEYS)
        # whether the die result plays the card (its icon, WOTR-DICE-8; the Mouth of Sauron's Muster result,
        # WOTR-DICE-2) is decided by cards.events.may_play, for every verb: a card that may not be played
        # gives no legal moves, never an input error
    mouth_used = node.bool("mouth_muster_used", False)
    ring_used = node.bool("elven_ring_used", False)
    rings = node.int("elven_rings", 0, minimum=0)
    node.finish(ACTION_KEYS)
    return Action(side, die, card, mouth_used, ring_used, rings)


CARD_KEYS = HAND_CARD.keys
PLAYED_CARD_KEYS = PLAYED_CARD.keys


def _shipped_move_card(cnode: Node, rec: Mapping[str, Any], side: str) -> MoveCard:
    """``action.card`` naming a shipped Event card: the movement its Event prints (``data/event_halves.yaml``);
    a field that contradicts the print is refused, naming the printed value, and so is a card whose Event
    moves no Army or moves one the model does not apply."""
    from ..cards.event_halves import movement, movement_refusal, movement_words

    title = rec["title"]
    if rec["side"] != side:
        raise cnode.error(f"{title} is a {SIDE_NAMES[rec['side']]} card; the acting player is the "
                          f"{SIDE_NAMES[side]} (WOTR-EVT-1)", "name")
    why = movement_refusal(title)
    if why is not None:
        m = movement(title)
        printed = f" ({movement_words(m, rec['side'])})" if m else ""
        raise cnode.error(f"{title}: {why}{printed}; `action.card` applies an Event card that moves one Army up to "
                          "N regions (WOTR-MOVE-10)", "name")
    m = movement(title)
    for key, printed in (("moves", m["regions"]), ("armies", m["armies"]), ("type", rec["event_type"])):
        if cnode.has(key):
            given = cnode.int(key, minimum=1) if key != "type" else cnode.str(key, choices=("army", "character",
                                                                                           "muster"))
            if given != printed:
                rule = "WOTR-DICE-8" if key == "type" else "WOTR-MOVE-10"
                raise cnode.error(f"{title} {movement_words(m, rec['side'])} and has {'an' if rec['event_type'] == 'army' else 'a'} "
                                  f"{rec['event_type'].title()} icon as printed: `{key}: {given}` contradicts the "
                                  f"printed {printed!r} ({rule}); leave `{key}` out", key)
    card = _printed_card(rec, cnode, side)
    return MoveCard(title, m["regions"], 1, rec["event_type"], printed=card, with_figure=m.get("with"),
                    ends_with_other_army=bool(m.get("ends_with_other_army")))


def _shipped_card(node: Node, side: str) -> Card:
    """A card named by its title: deck, icon, persistence and requirement from cards.json."""
    from pycombat.errors import UnknownNameError
    from pycombat.names import closest
    from ..cards.event_battle import event_card
    from ..cards.requirements import event_records

    name = node.as_str()
    rec = event_card(name)
    if rec is None:
        _refuse_combat_title(node, name)
        raise UnknownNameError("Event card", name, closest(name, sorted(event_records())), file=node.file,
                               path=node.path)
    return _printed_card(rec, node, side)


def _custom(node: Node, rec: Mapping[str, Any] | None) -> bool:
    """Whether a card mapping (a hand entry, ``action.card``, a ``played:`` entry) marks a card the file describes
    with ``custom: true``, checked by :func:`_own_title`."""
    custom = node.bool("custom", False)
    _own_title(node, node.str("name"), rec, custom, f"{node.path}.name")
    return custom


def _own_title(node: Node, name: str, rec: Mapping[str, Any] | None, custom: bool, path: str) -> None:
    """The one check of a card title the file gives (a hand entry, ``action.card``, a ``played:`` entry): a title
    that is not a shipped Event card's but close to one (the closeness of every "did you mean":
    :func:`pycombat.names.closest`) is taken for a misspelling and refused, naming the shipped title, unless it is
    marked ``custom: true``: a misspelt title never silently drops the printed card (its icon, movement and
    requirement; a card played: WOTR-EVT-3). A shipped card's exact title (``rec``) is the printed card, never a
    custom one."""
    from pycombat.names import closest
    from ..cards.requirements import event_records

    if rec is not None:
        if custom:
            raise node.error(f"{rec['title']} is a shipped Event card: it is read as printed (cards.json); "
                             "`custom: true` is for a card the file describes under a title of its own", "custom")
        return
    if not custom:
        near = closest(name, sorted(event_records()), n=1)
        if near:
            own = f"`{{name: {name}, custom: true}}`" if isinstance(node.value, str) else "`custom: true`"
            raise ScenarioError(f"{name!r} is no shipped Event card; did you mean {near[0]!r}? (a card of the "
                                f"file's own: {own})", file=node.file, path=path,
                                help=(f"a card the file describes under a title this close to a shipped one "
                                      f"({near[0]}) is taken for a misspelling unless it is marked `custom: true`",))


def _played_title(node: Node) -> str:
    """A ``played:`` entry (WOTR-EVT-3): a shipped Event card's title (read as its printed title), a card of the
    file's own under a title no shipped card's is close to, or ``{name: ..., custom: true}`` (:func:`_own_title`,
    the check of every title the file gives)."""
    from ..cards.event_battle import event_card

    if isinstance(node.value, str):
        name, custom, path = node.as_str(), False, node.path
    else:
        node._mapping()
        name, custom, path = node.str("name"), node.bool("custom", False), f"{node.path}.name"
        node.finish(PLAYED_CARD_KEYS)
    rec = event_card(name)
    _own_title(node, name, rec, custom, path)
    if rec is None and not custom:  # a shipped Combat card's title, not an Event card's
        _refuse_combat_title(node, name, None if isinstance(node.value, str) else "name")
    return rec["title"] if rec is not None else name


def _refuse_combat_title(node: Node, name: str, key: str | None = None) -> None:
    """A name that is the title of a shipped Combat card, not of an Event card: refused, naming the Event cards
    it is printed on (one title may be printed on several: Heroic Death, Mûmakil, Foul Stench)."""
    from pycombat.names import normalize
    from ..cards.requirements import event_records

    on = [r["title"] for r in event_records().values() if normalize(r["combat_card"]) == normalize(name)]
    if on:
        which = on[0] if len(on) == 1 else ", ".join(on[:-1]) + f" and {on[-1]}"
        raise node.error(f"{name!r} is the Combat card printed on {which}: an Event card is named by its Event "
                         f"title{'' if len(on) == 1 else ' (one of them)'}", key)


def _printed_card(rec: Mapping[str, Any], node: Node, side: str) -> Card:
    """The card of the shipped record ``rec``, held by ``side``: its printed side (WOTR-EVT-1), deck, icon,
    persistence, attack, requirement (WOTR-EVT-8) and whether its Event brings figures into play (WOTR-EVT-6,
    read from ``data/event_halves.yaml`` by :func:`..cards.event_halves.musters`)."""
    from ..cards.event_battle import political_battle
    from ..cards.event_halves import musters

    if rec["side"] != side:
        raise node.error(f"{rec['title']} is a {SIDE_NAMES[rec['side']]} card; the acting player is the "
                         f"{SIDE_NAMES[side]} (WOTR-EVT-1)")
    tags = {t.get("tag") for t in rec.get("event_battle_tags") or ()}
    return Card(rec["title"], rec["deck"], rec["event_type"], attack=bool(tags & {"attack", "attack_option"}),
                battle=political_battle(rec), persistent=bool(rec["persistent"]), musters=musters(rec["title"]),
                side=side, path=node.path, requirement=rec["play_requirement"], shipped=True)


def _described_shipped_card(node: Node, rec: Mapping[str, Any], side: str) -> Card:
    """A card the file describes (``{name, ...}``) under a shipped card's title: the printed card, its fields
    checked against the print (one that contradicts it is refused, naming the printed value); a field left
    out is the printed one (``type:`` the printed icon, ``musters:`` what its Event prints)."""
    from ..cards.event_halves import musters, recruit_parts

    title, deck, icon = rec["title"], rec["deck"], rec["event_type"]
    printed_type = f"a {deck.title()} card with {'an' if icon == 'army' else 'a'} {icon.title()} icon"
    kind = node.str("type", icon, choices=("character", "army", "muster", "strategy"))
    if kind != icon and not (kind == "strategy" and deck == "strategy"):
        rule = "WOTR-EVT-1" if (kind == "character") != (deck == "character") else "WOTR-DICE-8"
        raise node.error(f"{title} is printed as {printed_type} (cards.json `event_type` {icon!r}): `type: {kind}` "
                         f"contradicts the card ({rule}); name the card by its title alone, or give `type: {icon}`",
                         "type")
    tags = {t.get("tag") for t in rec.get("event_battle_tags") or ()}
    for key, printed, words in (("attack", bool(tags & {"attack", "attack_option"}), "starts an attack"),
                                ("persistent", bool(rec["persistent"]), "is played on the table (Persistent)")):
        if node.has(key) and node.bool(key) != printed:
            raise node.error(f"{title} {'' if printed else 'never '}{words} as printed (printed: {printed}): "
                             f"`{key}: {str(not printed).lower()}` contradicts the card "
                             f"({'WOTR-ATK-9' if key == 'attack' else 'WOTR-EVT-5'})", key)
    printed = musters(title)
    if node.has("musters") and node.bool("musters") != printed:
        what = f"brings figures into play ({'; '.join(recruit_parts(title))})" if printed else \
            "brings no figures into play"
        raise node.error(f"`musters: {str(not printed).lower()}` contradicts {title} as printed (musters: "
                         f"{str(printed).lower()}; WOTR-EVT-6); leave `musters` out: its Event {what}", "musters")
    node.finish(CARD_KEYS)
    return _printed_card(rec, node, side)


def _card(node: Node, side: str) -> Card:
    if isinstance(node.value, str):  # a shipped card by its title (WOTR-EVT-8 checks its requirement)
        return _shipped_card(node, side)
    node._mapping()
    name = node.str("name")
    from ..cards.event_battle import event_card

    rec = event_card(name)
    custom = _custom(node, rec)
    if rec is not None:  # a shipped card's title: the printed card, never a blank one of that name
        return _described_shipped_card(node, rec, side)
    if not custom:  # a shipped Combat card's title, not a card the file describes
        _refuse_combat_title(node, name, "name")
    kind = node.str("type", choices=("character", "army", "muster", "strategy"))
    deck = "character" if kind == "character" else "strategy"
    icon = None if kind == "strategy" else kind
    card = Card(name, deck, icon, attack=node.bool("attack", False), persistent=node.bool("persistent", False),
                musters=node.bool("musters", False), side=side, path=node.path)
    node.finish(CARD_KEYS)
    return card


def _action_card_held(root: Node, action: Action, hand: tuple[Card, ...]) -> None:
    """A shipped card played with ``action.card`` is one of the acting player's cards: a file that lists the
    hand lists it there (a file without ``hand:`` is taken to hold it)."""
    card = action.card
    if card is None or card.printed is None or not root.has("hand"):
        return
    if normalize(card.name) not in {normalize(c.name) for c in hand}:
        names = ", ".join(c.name for c in hand) or "empty"
        raise ScenarioError(f"{card.name} is not in `hand:` (the hand: {names}): the acting player plays a card he "
                            "holds; add it to `hand:`", file=root.file, path="action.card.name")


def _unique_cards(root: Node, hand: tuple[Card, ...]) -> None:
    seen: set[str] = set()
    for c in hand:
        key = normalize(c.name)
        if key in seen:
            raise ScenarioError(f"{c.name!r} is twice in the hand (every Event card is unique)", file=root.file,
                                path=c.path)
        seen.add(key)


def _not_both_held_and_played(hand: tuple[Card, ...], played: list[Node], titles: tuple[str, ...]) -> None:
    """A card played or discarded never comes back (WOTR-EVT-3): it cannot also be in the hand, and it
    is played once."""
    held = {normalize(c.name): c.name for c in hand}
    seen: set[str] = set()
    for n, title in zip(played, titles):
        key = normalize(title)
        if key in held:
            raise n.error(f"{held[key]!r} is both in `hand:` and in `played:`: a played or discarded card never "
                          "comes back (WOTR-EVT-3); list it in one of them")
        if key in seen:
            raise n.error(f"{title!r} is twice in `played:` (every Event card is unique)")
        seen.add(key)


def _decks(root: Node) -> dict[str, int | None]:
    out: dict[str, int | None] = {"character": None, "strategy": None}
    if root.has("decks"):
        d = root.child("decks")
        d._mapping()
        for k in ("character", "strategy"):
            out[k] = d.int(k, None, minimum=0)
            if out[k] is not None and out[k] > 24:
                raise d.error("each Event deck has 24 cards (RB p.4)", k)
        d.finish(DECKS_KEYS)
    return out


def iter_groups(pos: Position) -> Iterator[tuple[Stack, str, str | None, int]]:
    """``(stack, kind, nation or character id, count)`` for every figure group on the map."""
    for s in pos.stacks:
        for kind, who, n in s.force.iter_groups():
            yield s, kind, who, n
