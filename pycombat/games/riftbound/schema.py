"""The Riftbound scenario schema (``game: riftbound``): a file -> a checked :class:`~.model.Scenario`.

A scenario names the battlefield, the Attacker's and the Defender's units at it (card names
from the shipped data, or custom units with their Might), the showdown's effects in the order
they resolved, optionally the damage splits the players chose, the interpretation flags
(``rules:``) and claims to verify. See ``examples/riftbound/*.yaml`` and ``docs/riftbound.md``.
Every mistake is a :class:`~pycombat.errors.ScenarioError` naming the file, the field path
and the reason; unknown keys and unit names come with the closest known ones.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from importlib.resources import files as _resource_files
from pathlib import Path
from typing import Any, Callable, Mapping

from ...errors import ScenarioError
from ...frozen import replace
from ...names import closest
from ...scenario import Node, numbered_copies, read_document, read_flags
from ...schemaspec import validate
from .cards.acting import can_act, unread_reason
from .cards.units import (
    COMBAT_KEYWORDS,
    MOVE_TRIGGERS,
    NO_EFFECT_KEYWORDS,
    TURN_START,
    TURN_START_WHY,
    UnitDB,
    load_units,
    printed_texts,
    unparsed_reason,
    split_keyword,
    is_turn_start,
    turn_start_effects,
)
from .model import SIDES, Effect, Player, Scenario, Side, Split, Unit, other
from .refs import parse_split, unit_ref
from .cards.records import effect_text
from .cards.unitplay import PLAY_TRIGGERS
from .cards.statics import (CONDITIONAL_COMBAT, EMPOWERED, PER_PLAYER, PER_SELF, changed_in_showdown, condition_parts,
                            keyword_static, level_holds, level_of, unread_change_reason, unread_changes, unstated_player)
from .cards.events import DISCARDED, READY_CHOICE_WHAT, READY_CHOICE_WHY, ready_choice_matters, ready_options, \
    waits_on_ready

from .spec import (  # noqa: F401
    ABILITY,
    BATTLEFIELD,
    EFFECT,
    EFFECT_KINDS,
    GIVABLE,
    PLAY,
    SCENARIO,
    TRIGGER,
    SIDE,
    SPLITS,
    UNIT_OBJ,
    UNIT_VALUED,
)

# the keys each part accepts: declared once, in .spec (which also gives the JSON Schema)
TOP_KEYS = SCENARIO.keys
SIDE_KEYS = SIDE.keys
UNIT_KEYS = UNIT_OBJ.keys
BATTLEFIELD_KEYS = BATTLEFIELD.keys
EFFECT_KEYS = EFFECT.keys
SPLITS_KEYS = SPLITS.keys
#: a card played in the showdown (RB-CARD, read by the one interpreter in cards/interpreter.py)
PLAY_KEYS = PLAY.keys
PAID_KEYS = PLAY.fields["paid"].keys
SPENT_KEYS = SIDE.fields["spent_this_turn"].keys
TRIGGER_KEYS = TRIGGER.keys
TRIGGER_PAID_KEYS = TRIGGER.fields["paid"].keys
ABILITY_KEYS = ABILITY.keys
#: the condition "while I'm Mighty" (5+ Might) of a conditional keyword, decided from the board
MIGHTY = "While I'm [Mighty]"


def example_path(name: str) -> Path:
    """A scenario shipped with the package (``examples/riftbound/<name>`` in the repository)."""
    return Path(str(_resource_files("pycombat.examples").joinpath("riftbound", name)))


def load_scenario(path: str | Path, flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    """Read and check a Riftbound scenario file; ``flag_overrides`` come from ``--flag``."""
    return scenario_from_dict(read_document(path), file=str(path), flag_overrides=flag_overrides)


def scenario_from_dict(data: Mapping[str, Any], *, file: str | None = None,
                       flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    # types, ranges and unknown keys: one place (.spec); an unknown top-level key is reported first
    # (it may be a misspelt required one)
    validate(SCENARIO, dict(data), file=file)
    hands = None
    has_hand, hand = "hand" in data, data.get("hand")  # each player's cards: the showdown played as a game (.play)
    if has_hand:  # (read with the units: a unit may give its player's Equipment [Quick-Draw])
        data = {k: v for k, v in data.items() if k != "hand"}
    root = Node(dict(data), file=file)
    game = root.str("game")
    if game != "riftbound":
        raise root.error(f"this reader is for `game: riftbound`, not {game!r}", "game")
    db = load_units()
    title = root.str("title", None)
    root.raw("description", None)
    battlefield, scored, controller = _battlefield(root)
    flags, origin = _flags(root, flag_overrides or {})
    turn = root.str("turn", None, choices=SIDES)  # whose turn it is ("on your turn", RB-CARD-16)
    (attacker, a_player), (defender, d_player) = (_side(root.child(role), role, db, flags, turn) for role in SIDES)
    reserve = tuple(_base_units(root.child("attacker"), "attacker", db, flags, a_player, turn)
                    + _base_units(root.child("defender"), "defender", db, flags, d_player, turn))
    attacker, defender, reserve = _unique_names(root, attacker, defender, reserve)
    gear = {role: _gear(root.child(role)) for role in SIDES}
    attacker, defender, reserve = _gear_listed(attacker, defender, reserve, gear)
    if has_hand:
        from .cards.statics import gives_quick_draw
        from .play.hands import read_hands

        # RB-CARD-9: a unit of the player's giving his Equipment [Quick-Draw] (Jax, Unmatched): his Equipment has
        # Reaction, in a hand as in a stated play (the one play check decides each play)
        givers = {u.side: u.name for u in reversed(attacker.units + defender.units + reserve) if gives_quick_draw(u)}
        hands = read_hands(hand, file, givers)
    _check_marked(root, attacker, defender, reserve, flags)
    names = {u.name for u in attacker.units + defender.units}
    all_names = names | {u.name for u in reserve}
    from .cards.moves import tokens_played

    # RB-CARD-15: played by move triggers (RB-CARD-10): the Attacker's as they moved in, any unit's a card moves later
    # (each moved at most once an entry, after moving in)
    played = tokens_played(attacker.units + defender.units + reserve, all_names,
                           firings=1 + len(root.raw("showdown", None) or ()))
    names, all_names = names | played, all_names | played
    known = {u.name: u for u in attacker.units + defender.units + reserve}  # units whose abilities may be used
    effects: list = []
    for n in root.list("showdown", []):  # RB-CARD-10: `begun`, an entry of the showdown itself came before
        # (a play answering the move triggers, `respond: move`, is before the showdown: it begins nothing)
        begun = any(not getattr(x, "on_move", False) and not getattr(x, "fired_by", None)
                    and getattr(x, "responds", None) != "move" for x in effects)
        opened = any(getattr(x, "trigger_of", None) is None and getattr(x, "responds", None) != "move"
                     for x in effects)  # a play: the combat chain resolved
        effects.append(_responding(n, lambda: _play(n, all_names, db, flags, controller, known, turn))
                       if isinstance(n.value, dict) and "play" in n.value
                       else _trigger(n, attacker, defender, all_names, {**known, **_discarded(effects)}, begun,
                                     (db, flags, controller, turn), opened)
                       if isinstance(n.value, dict) and "trigger" in n.value
                       else _ability(n, known, all_names) if isinstance(n.value, dict) and "ability" in n.value
                       else _effect(n, names | (all_names - {u.name for u in reserve})))  # units played join in
        if (inner := getattr(effects[-1], "plays", None)) is not None:
            # RB-CARD-27: a unit a trigger played, or that the card it played plays anew or from a hand (RB-CARD-24,
            # RB-CARD-16), whose abilities may be used
            for u in (([inner.unit] if inner.unit is not None else []) + [fresh for _, fresh, _ in inner.replayed]
                      + ([inner.from_hand[0]] if inner.from_hand else [])):
                known[u.name] = u
    effects = tuple(effects)
    _check_triggers(root, effects)
    _once_each_turn(effects, attacker.units + defender.units + reserve, file)
    attacker, defender, reserve = _held_facts(attacker, defender, reserve, effects)
    attacker, defender, reserve = _empowered_targets(attacker, defender, reserve, effects)
    scenario = Scenario(attacker=attacker, defender=defender, flags=flags, flag_origin=origin,
                        battlefield=battlefield, scored_this_turn="attacker" in scored,
                        defender_scored_this_turn="defender" in scored, controlled_by=controller, effects=effects, title=title, file=file,
                        reserve=reserve, gear={k: v for k, v in gear.items() if v}, turn=turn, source=data)
    if root.has("splits"):
        scenario = replace(scenario, splits=_splits(root.child("splits"), scenario, all_names))
    if root.has("claims"):  # read (pycombat.verdicts.parse_claims) once the scenario is built: .reading
        scenario = replace(scenario, claims=tuple(root.list("claims", [])))
    root.finish(TOP_KEYS)
    if hands is not None:  # the showdown from both hands (pycombat.games.riftbound.play)
        from dataclasses import fields
        from .play.hands import HandScenario

        scenario = HandScenario(**{f.name: getattr(scenario, f.name) for f in fields(scenario)}, hands=hands,
                                document=dict(data), flag_overrides=dict(flag_overrides or {}),
                                names=frozenset(all_names))
    return scenario


def _responding(node: Node, play: Callable[[], Any]):
    """The play (``play()`` reads it) as stated ``respond: true`` (or ``combat``, RB-SHOW-2): played while the
    combat triggers are on the chain, a Closed State, so a Reaction card (RB-SHOW-4): one of Reaction speed, one
    played from facedown, or a unit card (played from hand at Reaction speed, RB-CARD-16); ``respond: move``: while the
    Attacker's move triggers are (RB-COMB-2). Where it stands in the list is checked as the showdown begins."""
    said = node.raw("respond", False)
    if said is False:
        return play()
    got = play()
    speed = got.card.speed
    if not (got.facedown or got.unit is not None or speed == "reaction"):
        raise node.error(f"{got.card.name} is {'an' if speed[:1] in 'aeiou' else 'a'} {speed}-speed card: while the "
                         "combat triggers are on the chain (a Closed State) only a Reaction card may be played "
                         "(RB-SHOW-4, RB-SHOW-2)", "respond")
    return replace(got, responds="move" if said == "move" else "combat")


def play_entry(entry: Mapping[str, Any], scenario: Scenario, names: set[str], path: str):
    """One ``{play: ...}`` entry read as the ``showdown:`` list reads it, after ``scenario``'s own
    entries (``names``: the units known then, updated with those the play adds): the showdown game's
    plays (:mod:`.play.entries`). Raises the reader's ScenarioError."""
    known = {u.name: u for u in scenario.attacker.units + scenario.defender.units + scenario.reserve
             + scenario.played_units}
    return _play(Node(dict(entry), file=scenario.file, path=path), names, load_units(), scenario.flags,
                 scenario.controlled_by, known, scenario.turn)


def fired_entry(entry: Mapping[str, Any], scenario: Scenario, names: set[str], path: str):
    """One ``{trigger: UNIT, when: KIND, ...}`` entry read as the ``showdown:`` list reads it after a play of the
    showdown game (RB-CARD-10): the choice of a trigger that play's resolution fires (:mod:`.play.game`). Raises the
    reader's ScenarioError."""
    known = {u.name: u for u in scenario.attacker.units + scenario.defender.units + scenario.reserve
             + scenario.played_units}
    return _trigger(Node(dict(entry), file=scenario.file, path=path), scenario.attacker, scenario.defender, names,
                    known, True, (load_units(), scenario.flags, scenario.controlled_by, scenario.turn), True)


def ability_entry(entry: Mapping[str, Any], scenario: Scenario, names: set[str], path: str):
    """One ``{ability: UNIT, ...}`` entry read as the ``showdown:`` list reads it (RB-CARD-17), after ``scenario``'s
    own entries: a unit's activated ability used in the showdown game (:mod:`.play.entries`). Raises the reader's
    ScenarioError."""
    known = {u.name: u for u in scenario.attacker.units + scenario.defender.units + scenario.reserve
             + scenario.played_units}
    return _ability(Node(dict(entry), file=scenario.file, path=path), known, names)


# ---- parts --------------------------------------------------------------------------------------
def _battlefield(root: Node) -> tuple[str | None, frozenset[str], str | None]:
    """The battlefield's name, the sides that scored it this turn, and who controls it as the combat begins
    (RB-CARD-16, RB-RES-4: the Defender, CR 187.4.a-b, unless the scenario says nobody does)."""
    if not root.has("battlefield"):
        return None, frozenset(), "defender"
    node = root.child("battlefield")
    if isinstance(node.value, dict):
        name = node.str("name", None)
        # RB-RES-5 (CR 464.1.b): a player scores each battlefield at most once per turn
        scored = _scored(node)
        controller = node.str("controlled_by", "defender", choices=("defender", "nobody"))
        node.finish(BATTLEFIELD_KEYS)
        return name, scored, None if controller == "nobody" else controller
    return node.as_str(), frozenset(), "defender"


def _scored(node: Node) -> frozenset[str]:
    """``scored_this_turn``: ``true`` (the Attacker) or a list of the sides that scored it (RB-RES-5)."""
    value = node.raw("scored_this_turn", False)
    if isinstance(value, bool):
        return frozenset({"attacker"}) if value else frozenset()
    if not isinstance(value, list):
        raise node.error("must be true, false or a list of sides (attacker, defender)", "scored_this_turn")
    out: set[str] = set()
    for i, side in enumerate(value):
        where = f"{node._sub('scored_this_turn')}[{i}]"
        if side not in SIDES:
            raise ScenarioError(f"{side!r} is not a side: attacker or defender", file=node.file, path=where)
        if side in out:
            raise ScenarioError(f"{side} is listed twice", file=node.file, path=where)
        out.add(side)
    return frozenset(out)


def _flags(root: Node, cli: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    return read_flags(root, "riftbound", cli)


def _side(node: Node, role: str, db: UnitDB, flags: Mapping[str, str], turn: str | None = None) -> tuple[Side, Player]:
    """The side's units at the battlefield, and what it states of its player (:func:`_player`)."""
    node._mapping()
    player = node.str("player", role.capitalize())
    unit_nodes = node.list("units")
    # RB-COMB-1 / RB-COMB-3 (CR 456, 457): a combat needs units of both players at the battlefield
    if not unit_nodes:
        raise node.error(f"the {role} needs at least one unit at the battlefield (RB-COMB-1)", "units")
    xp = node.int("xp", None, minimum=0)
    played = node.int("cards_played", None, minimum=0)  # RB-CARD-10: read by the showdown (cards/events.py)
    facts = _player(node, db)  # RB-CARD-9: what its units' static abilities read of the player
    units = [_unit(n, role, db, flags, xp, player=facts, turn=turn) for n in unit_nodes]
    if node.has("base"):
        node.list("base")
    if node.has("gear"):
        node.list("gear")
    node.finish(SIDE_KEYS)
    return Side(role=role, player=player, units=tuple(units), cards_played=played), facts


def _player(node: Node, db: UnitDB) -> Player:
    """What a side states of its player and his turn, read by its units' static abilities (RB-CARD-9); the
    types and ranges are checked by the spec. Whether he discarded a card this turn (``discarded_this_turn``)
    is also what his units state with ``conditions_hold:`` when their every conditional keyword is "If you've
    discarded a card this turn" (Raging Soul) and they agree: the same fact, which the units entering play in the
    showdown read."""
    if not isinstance(node.value, dict):
        return Player()
    discarded = node.bool("discarded_this_turn", None)
    said: set[bool] = set()  # what his units whose only condition is that one say of it (`conditions_hold:`)
    for key in ("units", "base") if discarded is None else ():
        raw = node.value.get(key)
        for u in raw if isinstance(raw, list) else ():
            hold = u.get("conditions_hold") if isinstance(u, dict) and not u.get("custom") else None
            if not isinstance(hold, bool) or not isinstance(u.get("name"), str):
                continue
            try:
                card = db.unit(u["name"])
            except ScenarioError:  # (an unknown name: the unit's own reading names it)
                continue
            if card.conditional_keywords and {ck.get("condition") for ck in card.conditional_keywords} == {DISCARDED}:
                said.add(hold)
    if len(said) == 1:  # (units saying otherwise each keep their own; the player's fact is then not stated)
        discarded = said.pop()
    power = spell = None
    if node.has("spent_this_turn"):
        spent = node.child("spent_this_turn")
        spent._mapping()
        power, spell = spent.int("power", None, minimum=0), spent.int("spell_energy", None, minimum=0)
        spent.finish(SPENT_KEYS)
    return Player(points=node.int("points", None, minimum=0), trash=node.int("trash", None, minimum=0),
                  runes=node.int("runes", None, minimum=0), power_spent=power, spell_energy=spell,
                  gained_xp=node.bool("gained_xp_this_turn", None),
                  discarded=discarded,
                  tokens_elsewhere=node.int("tokens_elsewhere", None, minimum=0),
                  gear_elsewhere=node.int("gear_elsewhere", None, minimum=0),
                  cards_played=node.int("cards_played", None, minimum=0))


def _gear_listed(attacker: Side, defender: Side, reserve: tuple[Unit, ...],
                 gear: Mapping[str, tuple[str, ...]]) -> tuple[Side, Side, tuple[Unit, ...]]:
    """Each unit with the gear the scenario lists for its player as the showdown begins (the Equipment attached to
    his units at the battlefield and at his base, and his ``gear:``): "for each friendly gear" counts them with the
    side's ``gear_elsewhere`` (RB-CARD-9)."""
    everyone = attacker.units + defender.units + reserve
    listed = {role: len(gear.get(role, ())) + sum(len(u.equipment) for u in everyone if u.side == role)
              for role in SIDES}

    players: dict[tuple[Player, int], Player] = {}  # one new Player for each player and count

    def fix(u: Unit) -> Unit:
        n = listed[u.side]
        if u.player.gear_listed == n:
            return u
        key = (u.player, n)
        p = players.get(key)
        if p is None:
            p = players[key] = replace(u.player, gear_listed=n)
        return replace(u, player=p)

    return _each_unit(attacker, defender, reserve, fix)


def _each_unit(attacker: Side, defender: Side, reserve: tuple[Unit, ...],
               fix: Callable[[Unit], Unit]) -> tuple[Side, Side, tuple[Unit, ...]]:
    """The sides and the reserve with ``fix`` applied to each unit: a side whose units ``fix`` leaves as they
    are (the same objects) is kept as it is."""
    def side(s: Side) -> Side:
        units = tuple(map(fix, s.units))
        return s if all(a is b for a, b in zip(units, s.units)) else replace(s, units=units)

    return side(attacker), side(defender), tuple(map(fix, reserve))


#: a count as the cards write it ("[Empowered] three times")
_TIMES = {2: "two", 3: "three", 4: "four", 5: "five"}


def _deflect_holds(cond: Any, card, empowered: bool | None, times: int | None, xp: int | None) -> bool | None:
    """Whether a conditional keyword's condition holds as the scenario states the unit ("Empowered", "[Empowered]
    N times", "Level N"), None when it does not say (RB-CARD-9)."""
    if cond == "Empowered":
        return empowered
    if card.empower_limit is not None and cond == f"While I'm [Empowered] {_TIMES.get(card.empower_limit)} times":
        return None if times is None else times >= card.empower_limit
    return level_holds(cond, xp)


def _earlier(node: Node, card, role: str, player: Player, fresh: bool, changes: list[int],
             keywords: list[tuple[str, int | None, str]], unstated: list[tuple[str, str]]) -> None:
    """RB-CARD-9 with RB-CARD-10: the unit's triggered "give ... +N Might / a keyword this turn" abilities whose event
    may have come earlier this turn, before the showdown (:func:`.cards.units.earlier_effects`: Darius - Trifarian's
    "When you play your second card in a turn", Ravenbloom Student's "When you play a spell", Inviolus Vox's "When I
    conquer"). What it gave itself is in force as many times as it fired: the unit's ``fired_this_turn:``, else what
    its side states decides (:func:`.cards.units.fired_before`: ``cards_played``, ``discarded_this_turn``); added to
    ``changes`` (its Might) and ``keywords``. What it gave another unit is stated on that unit (its ``might``). Not
    decided: named NOT MODELLED in ``unstated``, with how to state it. A unit entering play in the showdown (``fresh``)
    fired none before it."""
    from .cards.units import earlier_effects, earlier_why, fired_before

    found = () if fresh else earlier_effects(card)
    stated = node.int("fired_this_turn", None, minimum=0)
    if stated is not None and not found:
        raise node.error("`fired_this_turn:` is for a unit with a triggered \"this turn\" Might or keyword ability "
                         f"whose event may come before the showdown; {card.name} has none that a combat reads "
                         "(RB-CARD-9)", "fired_this_turn")
    for trigger in dict.fromkeys(e["trigger"] for e in found):
        mine = [e for e in found if e["trigger"] == trigger]
        own = [e for e in mine if (e.get("target") or {}).get("ref") == "self"]
        decided = fired_before(trigger, player)
        if stated and decided == 0:  # what the side states says it cannot have fired
            raise node.error(f"`fired_this_turn: {stated}`: {card.name}'s \"{trigger}\" cannot have fired before the "
                             "showdown: its side states too few cards played (`cards_played`) or no card discarded "
                             "(`discarded_this_turn: false`) (RB-CARD-9)", "fired_this_turn")
        times = stated if stated is not None else decided
        if stated is not None and stated > 1 and _fires_once(trigger):
            raise node.error(f"`fired_this_turn: {stated}`: {card.name}'s \"{trigger}\" fires at most once a turn "
                             "(RB-CARD-9)", "fired_this_turn")
        label = f"ability {trigger}: " + "; ".join(effect_text(e) for e in mine)
        if times is None or times and len(own) < len(mine) and stated is None:
            unstated.append((label + " (earlier this turn)", earlier_why(trigger, len(own) == len(mine))))
            continue
        for _ in range(times):
            for e in own:
                if e["effect"] == "might_modifier" and isinstance(e.get("value"), int):
                    changes.append(int(e["value"]))
                elif e["effect"] == "grant_keyword":
                    n = e.get("value") if e.get("keyword") in ("Assault", "Shield", "Deflect") else None
                    keywords.append((e["keyword"], n, f"{e['keyword']}{'' if n is None else f' {n}'} (this turn, "
                                                      f"{trigger.lower()}, before the showdown)"))
                else:
                    unstated.append((label + " (earlier this turn)", f"its amount ({e.get('value')}) is not read "
                                     "(RB-CARD-4)"))


def _fires_once(trigger: str) -> bool:
    """Whether an :data:`.cards.units.EARLIER_TRIGGERS` trigger fires at most once a turn."""
    from .cards.units import EARLIER_TRIGGERS

    return EARLIER_TRIGGERS.get(trigger) == "once"


def _named(node: Node, card, statics, unstated: list, fresh: bool) -> str | None:
    """The spell the unit named as it was played (`named:`, RB-CARD-9), for a static ability reading it ("opponents
    can't play spells with that name"); not stated (or a unit entering play in the showdown), that ability is named
    NOT MODELLED."""
    from .cards.spells import load_cards
    from .cards.statics import NAMED_SPELL

    reads = any(e.get("restriction") == NAMED_SPELL for e in statics)
    if not node.has("named"):
        if reads:
            unstated.append(("ability \"opponents can't play spells with that name\"",
                             "the spell it names as it enters the showdown is not read (RB-CARD-4)" if fresh else
                             "which spell it named as it was played: give `named: SPELL` (RB-CARD-9)"))
        return None
    if not reads or fresh:
        raise node.error(f"{card.name} names no spell as it is played that the model reads" if not reads else
                         "a unit entering play in the showdown names its spell as it is played: not stated here",
                         "named")
    n = node.child("named")
    spell = load_cards().card(n.as_str(), file=n.file, path=n.path)
    if spell.type != "spell":
        raise n.error(f"{spell.name} is not a spell")
    return spell.name


def _empowered(node: Node, card) -> tuple[bool | None, int | None]:
    """The unit's stated `empowered:` (RB-CARD-9): true or false; for a card that "can be [Empowered] up to N times"
    (Kayle, Justified: +2 Might for each time), how many times, 0..N. Not stated: (None, None)."""
    limit = card.empower_limit
    if not node.has("empowered"):
        return None, None
    if limit is None:
        return node.bool("empowered"), None
    value = node.raw("empowered")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise node.error(f"{card.name} can be Empowered up to {limit} times: give how many times it is, "
                         f"`empowered: 0..{limit}`, not {value!r} (RB-CARD-9)", "empowered")
    return value > 0, value


def _empowered_targets(attacker: Side, defender: Side, reserve: tuple[Unit, ...], effects=()
                       ) -> tuple[Side, Side, tuple[Unit, ...]]:
    """RB-CARD-4: a static ability reaching its player's [Empowered] units ("Your units that are [Empowered] have
    +2 Might", Aurok General) reads each friendly unit's Empowered status: a unit of that side whose `empowered:`
    the scenario does not state is named, on that unit (RB-CARD-9), when the ability holds or a card of the showdown
    may empower its unit (Tornado Warrior)."""
    empowering = any(x.get("effect") == "empower" for p in effects for x in getattr(getattr(p, "card", None),
                                                                                   "effects", ()))
    givers = {}
    for u in (*attacker.units, *defender.units, *reserve):
        for e in u.statics:
            if (e.get("target") or {}).get("state") == "empowered" and (u.empowered is not False or empowering):
                givers.setdefault(u.side, []).append(u.name)

    def fix(u: Unit) -> Unit:
        if u.empowered is not None or u.side not in givers:
            return u
        who = ", ".join(givers[u.side])
        return replace(u, unstated=u.unstated + ((
            "whether it is Empowered", f"{who}'s static ability gives its player's [Empowered] units Might: give "
                                       "`empowered: true|false` (RB-CARD-9)"),))

    return _each_unit(attacker, defender, reserve, fix)


def _held_facts(attacker: Side, defender: Side, reserve: tuple[Unit, ...],
                effects) -> tuple[Side, Side, tuple[Unit, ...]]:
    """RB-CARD-4: a static ability reading a fact of its player that the stated showdown may change in a way the
    model does not follow (the cards it puts in his trash, the runes he pays with ...) is named, on its unit."""
    changes = unread_changes(attacker.units + defender.units + reserve, printed_texts())

    def fix(u: Unit) -> Unit:
        held = [(f"ability {effect_text(e)}: during the showdown", why) for e in u.statics
                for why in (changed_in_showdown(e, u, effects) or unread_change_reason(e, u, changes),) if why]
        # a "When you discard" trigger of a unit whose player's unit discards by an ability the data does not structure
        card = load_units().unit(u.card_id) if u.card_id is not None else None
        if card is not None and changes.get((u.side, "discard")) and (
                any(str(e.get("trigger", "")).startswith("When you discard") for e in card.abilities)
                or any(ck.get("condition") == DISCARDED for ck in card.conditional_keywords)):
            who = ", ".join(dict.fromkeys(changes[(u.side, "discard")]))
            held.append(("its ability on a discard", f"the cards {who}'s ability discards during the combat "
                         "(which the card data does not structure) neither fire a \"When you discard\" ability nor make "
                         "\"If you've discarded a card this turn\" hold"))
        return replace(u, unstated=u.unstated + tuple(held)) if held else u

    return _each_unit(attacker, defender, reserve, fix)


def _unit(node: Node, role: str, db: UnitDB, flags: Mapping[str, str], xp: int | None = None,
          fresh: bool = False, at_base: bool = False, player: Player = Player(), turn: str | None = None) -> Unit:
    """One unit of the scenario; ``xp`` its controller's XP if stated, ``player`` what the side states of him
    (RB-CARD-9); ``fresh``: a unit entering play in the showdown (not [Empowered]: Empower is paid on a unit in
    play); ``turn``: whose turn it is, as the scenario states it (None: not stated)."""
    if isinstance(node.value, str):  # shorthand: just the card name
        node = Node({"name": node.value}, file=node.file, path=node.path)
    node._mapping()
    name = node.str("name")
    custom = node.bool("custom", False)
    fields: dict[str, Any] = {}
    keywords: list[tuple[str, int | None, str]] = []  # (keyword, number, as written)
    unstated: list[tuple[str, str]] = []
    started_changes: list[int] = []  # RB-CARD-9: the Might its turn-start effects give it this turn
    if custom:
        if not node.has("might"):
            raise node.error("a custom unit (custom: true) needs `might`", "might")
        if node.has("fired_this_turn"):  # RB-CARD-9: read from a card's triggered "this turn" abilities
            raise node.error("`fired_this_turn:` counts a card's triggered \"this turn\" ability fired before the "
                             "showdown; a custom unit has no card: its `might` and `keywords` are as stated",
                             "fired_this_turn")
        for en in node.list("equipment", []):  # RB-CARD-14: its Might and keywords are its own, stated
            if isinstance(en.value, dict) and en.has("copy_of"):
                raise en.error("a custom unit states its own Might and keywords: for a unit that is a copy, give the "
                               "card it copies as the unit (`name: CARD`, `label:` for the name it goes by) "
                               "(RB-CARD-14)", "copy_of")
        # (its controller's XP and stated facts too: a unit entering play takes them from his units, RB-CARD-9)
        fields.update(card_id=None, card_name=None, token=node.bool("token", False), player=player, xp=xp,
                      empowered=False if fresh else node.bool("empowered", None))
    else:
        if node.has("token"):  # RB-CARD-15: a unit card is no token; a token is a custom unit
            raise node.error("`token:` marks a custom unit as a unit token; a unit card is not one (give custom: true)",
                             "token")
        # RB-MIGHT-12 (CR 103.1-103.2): a Chosen Champion is a unit like any other (the data
        # has units only; a Champion Legend never fights)
        card = db.unit(name, file=node.file, path=f"{node.path}.name")
        # RB-CARD-14: an attached Equipment that makes it a copy of another friendly unit (Shady Spectacles): the unit
        # is built from that card (printed Might, keywords, tags, abilities), its own name and state kept
        copied, own = _copied(node, db), card
        if copied is not None:
            fields["copy_of"] = copied.name
            card = copied
            if node.has("might") and card.might is not None:
                raise node.error(f"a copy has the Might printed on the card it copies ({card.name}: {card.might}): "
                                 "`might:` does not fit (RB-CARD-14)", "might")
        if card.might is None and not node.has("might"):
            raise node.error(f"{card.name} has no fixed Might in the card data; give `might`", "might")
        # RB-DMG-2: "I don't deal combat damage" from the card's flag, unless only under a condition (then a
        # static ability worked out from the board, RB-CARD-9: Sacred Protector)
        fields.update(card_id=card.id, card_name=card.name, might=card.might,  # (the copied card's, for a copy)
                      no_combat_damage=card.no_combat_damage and not any(
                          e.get("effect") == "no_combat_damage" and not card.read_as_flag(e) for e in card.abilities),
                      ignores_tank=card.ignores_tank_here,
                      deflect=card.deflect, ganking=card.ganking, domains=card.domains, tags=card.tags,
                      statics=card.static_abilities())
        name = own.name  # (a copy keeps its own card's name as its name in the scenario)
        for kw in card.keywords:
            k, n = split_keyword(kw)
            keywords.append((k, n, kw))
        # RB-CARD-4: a keyword the card has only under a condition is added when the scenario says
        # the condition holds (`conditions_hold: true`), left out when it says it does not, and
        # otherwise named as not modelled
        conditional = [ck for ck in card.conditional_keywords if ck.get("keyword") in CONDITIONAL_COMBAT]
        hold = node.bool("conditions_hold", None)
        # "while I'm [Mighty]" (5+ Might), "while I'm at a battlefield with exactly one other unit you control",
        # "[Assault] equal to the number of enemy units here": decided from the board as a static ability
        # (RB-CARD-9) unless the scenario states `conditions_hold`
        board: list = []
        if hold is None:
            board = [(ck, keyword_static(ck)) for ck in conditional if keyword_static(ck) is not None]
            conditional = [ck for ck in conditional if keyword_static(ck) is None]
            fields["statics"] = tuple(fields.get("statics", ())) + tuple(e for _, e in board)
        # "[Empowered]" keywords follow the unit's stated Empowered status (RB-CARD-9) before
        # `conditions_hold`, which covers the conditions the scenario cannot otherwise state
        empowered, times = (False, 0) if fresh else _empowered(node, card)
        fields["empowered_times"] = times
        fields["named"] = _named(node, card, fields.get("statics", ()), unstated, fresh)
        # RB-MIGHT-10: a conditional [Deflect] changes no combat damage; it is the Power tax on the opponent's cards
        # choosing the unit, read with `card_costs=stated` (RB-CARD-2)
        for ck in card.conditional_keywords if flags.get("card_costs") == "stated" else ():
            if ck.get("keyword") != "Deflect":
                continue
            n = int(ck.get("value") or 1)
            if keyword_static(ck) is not None:  # "while I'm [Mighty]": from the board (RB-CARD-9)
                fields["statics"] = tuple(fields.get("statics", ())) + (keyword_static(ck),)
            elif (holds := _deflect_holds(ck.get("condition"), card, empowered, times, xp)):
                fields["deflect"] = fields.get("deflect", 0) + n
            elif holds is None:
                unstated.append((f"conditional keyword Deflect {n} ({ck.get('condition')})",
                                 "its Power tax on the opponent's cards choosing it (RB-MIGHT-10) needs whether the "
                                 "condition holds: give `empowered:` or the side's `xp:` (RB-CARD-2)"))
        for ck in conditional:
            text = f"{ck['keyword']}" + (f" {ck['value']}" if ck.get("value") else "")
            hold_ck = empowered if ck.get("condition") == "Empowered" and empowered is not None else hold
            if ck.get("condition") == DISCARDED and hold is None:  # RB-CARD-9: what the side states of its player
                hold_ck = getattr(player, "discarded", None)
            # RB-CARD-4: "[Assault] equal to the number of gear you control" is a count, not a yes/no
            counted = f"{ck['keyword']} N" if str(ck.get("condition")).startswith("equal to the number of") \
                and (keyword_static(ck) is None or keyword_static(ck).get("per") in PER_PLAYER) else None
            if hold_ck and counted:
                raise node.error(f"`conditions_hold: true` cannot say how many {ck['keyword']} it has "
                                 f"({ck['condition']}): give `conditions_hold: false` and `keywords: [{counted}]`",
                                 "conditions_hold")
            if hold_ck:
                keywords.append((ck["keyword"], ck.get("value"), f"{text} ({ck.get('condition')})"))
            elif hold_ck is None:
                unstated.append((f"conditional keyword {text} ({ck.get('condition')})",
                                 "whether the unit is Empowered: give `empowered: true|false`"
                                 if ck.get("condition") == "Empowered" else
                                 "whether its player discarded a card this turn before the showdown: give the side's "
                                 "`discarded_this_turn: true|false` (or `conditions_hold:`)"
                                 if ck.get("condition") == DISCARDED else
                                 f"its number ({ck['condition']}) is not on the board: give `conditions_hold: false` "
                                 f"and `keywords: [{counted}]`" if counted else
                                 "the model does not check the condition: give `conditions_hold: true|false`"))
        # RB-CARD-9: "at the start of your Beginning Phase, give me +N Might [and a keyword] this turn": in force on its
        # player's turn when its condition held as the turn began (`conditions_hold:`); over on the other's turn
        started = () if fresh else turn_start_effects(card)
        if started and (turn is None or turn == role):
            if hold is None:
                unstated.append((f"ability {TURN_START}: " + "; ".join(effect_text(e) for e in started), TURN_START_WHY))
            elif hold:
                for e in started:
                    if e["effect"] == "might_modifier":
                        started_changes.append(int(e["value"]))
                    else:
                        n = e.get("value") if e.get("keyword") in ("Assault", "Shield", "Deflect") else None
                        keywords.append((e["keyword"], n, f"{e['keyword']}{'' if n is None else f' {n}'} (this turn, "
                                                          f"{TURN_START.lower()})"))
                        if e["keyword"] == "Ganking":
                            fields["ganking"] = True
        # RB-CARD-9: a triggered "give ... +N Might / a keyword this turn" whose event may have come earlier this turn,
        # before the showdown: in force that many times (`fired_this_turn:`, or what its side states decides it)
        _earlier(node, card, role, player, fresh, started_changes, keywords, unstated)
        # RB-CARD-4: the unit's printed abilities beyond its keywords and the flags read above
        # (no_combat_damage, ignores Tank) are not interpreted yet: each is named, so that no
        # answer silently leaves it out
        combat_triggers = card.combat_triggers(role)  # RB-SHOW-2: resolved by the showdown (cards/triggers.py)
        # RB-CARD-10: whether it moved this turn (`moved:`): its "When I move" triggers resolve before the
        # showdown (cards/moves.py); an attacker moved in
        moved = False if fresh else node.bool("moved", None)
        if role == "attacker" and not at_base and not fresh:  # RB-COMB-1: the Attacker's units moved in
            if moved is False:
                raise node.error("an attacking unit moved onto the battlefield this turn, staging the combat "
                                 "(RB-COMB-1): `moved: false` does not fit", "moved")
            moved = True
        for e, label in card.unread_abilities():
            if is_turn_start(e):
                continue  # read above (RB-CARD-9)
            if fresh and e.get("trigger") in PLAY_TRIGGERS and not e.get("activated"):
                continue  # RB-CARD-16: resolved as it is played, or named by the play (cards/unitplay.py)
            if e.get("trigger") in MOVE_TRIGGERS and not e.get("activated"):
                # RB-CARD-10: resolved before the showdown by cards/moves.py, as `moved` says; a unit entering play
                # in the showdown has not moved (a card moving it then is named by the showdown)
                continue
            if can_act(e, role, card) and not any(e is t for t in combat_triggers):
                unstated.append((label, unread_reason(e)))
        for clause in card.unparsed:
            unstated.append((f"clause {clause!r}", unparsed_reason(card, clause)))
        if not fresh and not node.has("exhausted") and waits_on_ready(card):
            unstated.append(("whether it is exhausted", "its \"When I become ready\" fires only when a card readies it "
                                                        "while exhausted: give `exhausted: true|false` (RB-CARD-10)"))
        options = ready_options(card)  # RB-CARD-10: "When I become ready, choose one to give me this turn"
        if options and not fresh and not node.has("keywords") and ready_choice_matters(options, role, flags):
            unstated.append((READY_CHOICE_WHAT.format(", ".join(options)), READY_CHOICE_WHY))
        if card.damage_immunity_text and not node.has("immune"):
            unstated.append(("a 'don't take damage' clause", "conditional: give `immune: true|false` (RB-ORD-7)"))
        # RB-CARD-9: "I'm [Empowered]" and "[Level N]" static abilities apply as the scenario states the
        # unit's Empowered status and its controller's XP; not stated, each is named (RB-CARD-4)
        for e in fields.get("statics", ()):
            cond = e.get("condition")
            if e.get("per") in PER_SELF and times is None:  # "+2 Might for each time I'm [Empowered]"
                unstated.append((f"ability {effect_text(e)}", "how many times the unit is Empowered: give "
                                                              f"`empowered: 0..{card.empower_limit}`"))
            elif EMPOWERED in condition_parts(cond) and empowered is None:
                unstated.append((f"ability \"{cond}\": {effect_text(e)}",
                                 "whether the unit is Empowered: give `empowered: true|false`"))
            elif level_of(cond) is not None and xp is None:
                unstated.append((f"ability [{cond}]: {effect_text(e)}",
                                 f"the {role}'s XP: give the side's `xp: N`"))
            elif unstated_player(e, player, role):  # RB-CARD-9: a fact of its player the side does not state
                ck = next((ck for ck, b in board if b is e), None)  # a conditional keyword read as a static ability
                unstated.append((f"conditional keyword {ck['keyword']} ({ck['condition']})" if ck else
                                 f"ability {effect_text(e)}", unstated_player(e, player, role)))
        fields.update(empowered=empowered, xp=xp, moved=moved, player=player)
        if card.backline and not any(k == "Backline" for k, _, _ in keywords):
            keywords.append(("Backline", None, "Backline (card text: assigned combat damage last)"))
    if node.has("might"):
        fields["might"] = node.int("might")
    granted: list[str] = []  # RB-CARD-14: keywords beyond the card's, which stay with it as it becomes a copy
    for kn in node.list("keywords", []):
        text = kn.as_str()
        k, n = split_keyword(text)
        canon = _keyword_name(k, db, kn)
        if canon in ("Stun", "Stunned"):
            fields["stunned"] = True
            continue
        if n is not None and canon not in ("Assault", "Shield", "Deflect", "Hunt"):
            raise kn.error(f"{canon} takes no number")
        if n is not None and n < 0:
            raise kn.error(f"{canon} {n}: the number must not be negative")
        keywords.append((canon, n, text))
        if not custom:  # (a custom unit's keywords are its own, printed)
            granted.append(text)
    tank = any(k == "Tank" for k, _, _ in keywords)  # RB-ORD-2: extra instances are redundant
    backline = any(k == "Backline" for k, _, _ in keywords)
    # RB-MIGHT-4 / RB-MIGHT-5: X is 1 if not given; instances add up
    assault = tuple(1 if n is None else n for k, n, _ in keywords if k == "Assault")
    shield = tuple(1 if n is None else n for k, n, _ in keywords if k == "Shield")
    deflect = sum(1 if n is None else n for k, n, _ in keywords if k == "Deflect")
    # RB-MIGHT-3: Stunned (a status, also accepted among the keywords as Stun)
    fields["stunned"] = node.bool("stunned", False) or fields.get("stunned", False)
    marked = node.int("damage", 0, minimum=0)
    immune = node.bool("immune", False)
    if node.has("deals_combat_damage"):
        fields["no_combat_damage"] = not node.bool("deals_combat_damage")
    value = _fraction(node.child("value")) if node.has("value") else None
    label = node.str("label", None)
    if node.has("domains"):
        fields["domains"] = tuple(d.as_str() for d in node.list("domains"))
    if node.has("tags"):
        fields["tags"] = tuple(t.as_str() for t in node.list("tags"))
    changes: list[int] = []
    # RB-CARD-6: a buff is +1 Might (a unit has at most one)
    buffed = node.bool("buffed", False)
    exhausted = node.bool("exhausted", False)  # RB-CARD-17
    if buffed:
        changes.append(1)
    changes += started_changes
    # RB-CARD-5: attached Equipment adds its Might bonus where the data has it (else: unmodelled)
    # a bonus the data lacks may be stated (`{card: NAME, might_bonus: N}`), read as the data's would be
    equipment, stated = [], []
    for en in node.list("equipment", []):
        from .cards.spells import load_cards

        entry, bonus, copy = None, None, None
        if isinstance(en.value, dict):
            entry, en = en, en.child("card")
            bonus = entry.int("might_bonus", None, minimum=0)
            copy = entry.str("copy_of", None)  # (read by _copied)
            entry.finish(("card", "might_bonus", "copy_of"))
        gear = load_cards().card(en.as_str(), file=en.file, path=en.path)
        if not gear.equipment:
            raise en.error(f"{gear.name} is not Equipment (RB-CARD-5)")
        if entry is not None and copy is None and bonus is None and gear.equip_might_bonus is None:
            raise entry.error(f"`might_bonus` is required: {gear.name}'s Might bonus is in no source, state the bonus "
                              "printed on the card (or give the card's name alone: its bonus then is not modelled) "
                              "(RB-CARD-5)", "might_bonus")
        equipment.append(gear.name)
        if bonus is not None and gear.equip_might_bonus is not None:
            raise entry.error(f"{gear.name}'s Might bonus is in the card data (+{gear.equip_might_bonus}): "
                              "give the card's name alone, without `might_bonus` (RB-CARD-5)", "might_bonus")
        unstated += _attached_unread(gear, entry, fields.get("card_id"), custom)
        if bonus is not None:
            changes.append(bonus)
            if (gear.name, bonus) not in stated:
                stated.append((gear.name, bonus))
        elif gear.equip_might_bonus is None:
            stated.append((gear.name, None))  # (checked below: every copy states the same bonus, or none does)
        # one card, one printed bonus: the copies of an Equipment on a unit state it alike
        if len({b for n, b in stated if n == gear.name}) > 1:
            raise (entry or en).error(f"{gear.name}: its copies on this unit give different Might bonuses (or only some "
                                      "state `might_bonus`): state the printed bonus alike on each (RB-CARD-5)")
        elif gear.equip_might_bonus is not None:
            changes.append(gear.equip_might_bonus)
    node.finish(UNIT_KEYS)
    unit = Unit(name=label or name, side=role, tank=tank, backline=backline, assault=assault, shield=shield,
                marked=marked, immune=immune, value=value, keywords=tuple(t for _, _, t in keywords),
                path=node.path, buffed=buffed, exhausted=exhausted, equipment=tuple(equipment), might_changes=tuple(changes),
                designated=not at_base,
                stated_bonus=tuple((n, b) for n, b in stated if b is not None),
                unstated=tuple(unstated), granted=tuple(granted),
                **{**fields, "deflect": max(deflect, fields.get("deflect", 0))})
    if unit.copy_of is not None:  # RB-CARD-14: what it is again once the Equipment leaves it
        unit = replace(unit, uncopied=_uncopied(node, role, db, flags, xp, fresh, at_base, player))
    return unit


def _uncopied(node: Node, role: str, db: UnitDB, flags: Mapping[str, str], xp, fresh: bool, at_base: bool,
              player: Player) -> Unit:
    """RB-CARD-14: the unit of ``node`` as its own card makes it, as it is once the Equipment making it a copy leaves
    it (read from the same entry, ``copy_of`` left out)."""
    from .cards.equipment import COPY_UNSTATED

    value = dict(node.value)
    kept = [{k: v for k, v in en.items() if k != "copy_of"} if isinstance(en, dict) else en
            for en in value.get("equipment", ())]
    value["equipment"] = [en["card"] if isinstance(en, dict) and set(en) == {"card"} else en for en in kept]
    own = _unit(Node(value, file=node.file, path=node.path), role, db, flags, xp, fresh, at_base, player)
    return replace(own, unstated=tuple(u for u in own.unstated if not u[0].endswith(COPY_UNSTATED)))


def _copied(node: Node, db: UnitDB):
    """RB-CARD-14: the unit card an Equipment attached to the unit made it a copy of (an entry's ``copy_of:`` on an
    Equipment whose ``while_attached`` is :data:`.cards.equipment.BECOME_COPY`), else None."""
    from .cards.equipment import makes_copy
    from .cards.spells import load_cards

    found = None
    for en in node.list("equipment", []):
        if not isinstance(en.value, dict) or not en.has("copy_of"):
            continue
        gear = load_cards().card(en.child("card").as_str(), file=en.file, path=f"{en.path}.card")
        if not makes_copy(gear):
            raise en.error(f"{gear.name} makes no unit a copy of another: `copy_of` is for an Equipment such as Shady "
                           "Spectacles (\"the equipped unit becomes a copy of that unit\", RB-CARD-14)", "copy_of")
        if found is not None:
            raise en.error("two Equipment make this unit a copy: state the one attached last (RB-CARD-14)", "copy_of")
        found = db.unit(en.str("copy_of"), file=en.file, path=f"{en.path}.copy_of")
    return found


def _attached_unread(gear, entry: Node | None, card_id: str | None, custom: bool) -> list[tuple[str, str]]:
    """RB-CARD-4: what an Equipment attached to the unit does to it that the model does not read: a copy whose unit
    the entry does not state (``copy_of:``); the copied text of a unit with printed text (RB-CARD-14)."""
    from .cards.equipment import COPY_UNSTATED, copied_text_matters, copies_text, makes_copy

    if makes_copy(gear) and (entry is None or not entry.has("copy_of")):
        return [(f"{gear.name}: {COPY_UNSTATED}",
                 "which unit it copies is not stated: give `equipment: [{card: " + gear.name + ", copy_of: UNIT, "
                 "might_bonus: N}]` (RB-CARD-14)")]
    if copies_text(gear) and copied_text_matters(None if custom else card_id):
        return [(f"{gear.name}'s copied text", why) for _, why in gear.not_modelled]
    return []


def _check_marked(root: Node, attacker: Side, defender: Side, reserve: tuple[Unit, ...],
                  flags: Mapping[str, str]) -> None:
    """RB-MIGHT-1 (CR 143.2.a): a unit whose marked damage is already lethal died at the last
    cleanup; its Might with the static abilities that reach it (RB-CARD-9)."""
    from .cards.statics import Live

    units = {u.name: u for u in attacker.units + defender.units + reserve}
    present = [u.name for u in attacker.units + defender.units]
    live = Live(units, present, ([u.name for u in reserve],), flags)
    for side in (attacker, defender):
        for u in side.units:
            v = live[u.name]
            if v.marked and v.marked >= v.current_might:
                raise ScenarioError(f"{v.marked} damage marked is lethal for its Might {v.current_might}: the unit "
                                    "was killed at the last cleanup (RB-MIGHT-1); lower `damage` or leave the unit out",
                                    file=root.file, path=f"{u.path}.damage")


def _keyword_name(k: str, db: UnitDB, node: Node) -> str:
    known = sorted(db.keyword_names | {"Stunned"})
    for name in known:
        if name.casefold() == k.casefold():
            return name
    hint = closest(k, known, n=1)
    extra = f"; did you mean {hint[0]!r}?" if hint else ""
    raise node.error(f"unknown keyword {k!r}{extra} (combat keywords: {', '.join(COMBAT_KEYWORDS)}, Stun; "
                     f"no effect on damage: {', '.join(NO_EFFECT_KEYWORDS)})")


def _fraction(node: Node) -> Fraction:
    v = node.value
    try:
        if isinstance(v, bool) or not isinstance(v, (int, str)):
            raise ValueError
        return Fraction(str(v).strip())
    except (ValueError, ZeroDivisionError):
        raise node.error(f"must be a whole number or a fraction such as 3/2, not {v!r}") from None


def _gear(node: Node) -> tuple[str, ...]:
    """The side's gear in play attached to no unit (``gear:``): Equipment, which a card may attach (RB-CARD-14); a gear
    whose death replacement the model reads (RB-CARD-18); a gear whose [Action] ability an entry may use (Divining
    Shells, RB-CARD-17). A card killing or returning gear finds each there (RB-CARD-22)."""
    from .cards.events import gear_ability
    from .cards.spells import load_cards

    if not isinstance(node.value, dict) or "gear" not in node.value:
        return ()
    out = []
    for en in node.list("gear"):
        card = load_cards().card(en.as_str(), file=en.file, path=en.path)
        from .cards.replacements import gear_card

        if not card.equipment and not gear_card(card) and not gear_ability(card):
            raise en.error(f"{card.name} is not Equipment (attached to a unit, RB-CARD-14), a gear whose death "
                           "replacement the model reads (RB-CARD-18) nor one whose [Action] ability an entry uses "
                           "(RB-CARD-17)")
        out.append(card.name)
    return tuple(out)


def _base_units(node: Node, role: str, db: UnitDB, flags: Mapping[str, str], player: Player,
                turn: str | None = None) -> list[Unit]:
    """The side's units at its base (``base:``): cards may move them into the battlefield. ``player``: what
    the side states of its player (read by :func:`_side`); ``turn``: whose turn it is (None: not stated)."""
    if not isinstance(node.value, dict) or "base" not in node.value:
        return []
    xp = node.value.get("xp") if isinstance(node.value.get("xp"), int) else None  # (checked by _side)
    return [_unit(n, role, db, flags, xp, at_base=True, player=player, turn=turn) for n in node.list("base")]


def _unique_names(root: Node, attacker: Side, defender: Side,
                  reserve: tuple[Unit, ...] = ()) -> tuple[Side, Side, tuple[Unit, ...]]:
    """Copies of one card on one side become "Name", "Name (2)", ...; a name on both sides, or
    a label given twice, is an error (the output and the claims refer to units by name)."""
    n_att = len(attacker.units)
    att_all = numbered_copies(list(attacker.units) + [u for u in reserve if u.side == "attacker"])
    dfd_all = numbered_copies(list(defender.units) + [u for u in reserve if u.side == "defender"])
    n_dfd = len(defender.units)
    att, dfd = att_all[:n_att], dfd_all[:n_dfd]
    reserve = tuple(att_all[n_att:] + dfd_all[n_dfd:])
    both = att_all + dfd_all
    counts = Counter(u.name for u in both)
    for u in dfd_all + att_all:
        if counts[u.name] > 1:
            both_sides = u.name in {a.name for a in att_all} and u.name in {d.name for d in dfd_all}
            what = "is on both sides" if both_sides else "names two units"
            raise ScenarioError(f"{u.name!r} {what}; give one of them a `label`", file=root.file, path=f"{u.path}.name")
    return replace(attacker, units=tuple(att)), replace(defender, units=tuple(dfd)), reserve


def _play(node: Node, names: set[str], db: UnitDB | None = None, flags: Mapping[str, str] | None = None,
          controller: str | None = "defender", known: dict[str, Unit] | None = None, turn: str | None = None,
          by_ability: tuple[str, tuple[str, ...]] | None = None):
    """A card played in the showdown: ``{play: Blood Rush, by: attacker, target: Vi}``; a unit card
    played from hand (RB-CARD-16): ``{play: Shen - Kinkou, by: defender, to: battlefield}``."""
    from .cards.spells import load_cards
    from .cards.interpreter import DESTINATIONS, Play, counter_effect

    node._mapping()
    cards = load_cards()
    wanted = node.str("play")
    if cards.find(wanted) is None:
        db = db or load_units()
        found = db._index.lookup(wanted) or db._index.lookup(wanted.replace(",", " "))
        if found:
            return _unit_play(node, db.unit(wanted), names, db, flags or {}, controller, known, turn, by_ability)
        from ...errors import UnknownNameError

        raise UnknownNameError("spell, gear or unit card", wanted,
                               closest(wanted, list(dict.fromkeys(cards.names + db.names)), n=2),
                               file=node.file, path=f"{node.path}.play")
    card = cards.card(wanted, file=node.file, path=f"{node.path}.play")
    from .cards import replay

    replays = [e for e in card.effects if e.get("effect") == replay.KIND]
    hand = next((e for e in card.effects if e.get("effect") == "play_unit"), None)  # RB-CARD-16: from a hand
    if node.has("label") and not replays and hand is None:
        raise node.error("`label:` names a unit card played from hand, or a unit a card plays anew; this card plays "
                         "none", "label")
    by = node.str("by", choices=SIDES)
    mode = node.int("mode", None, minimum=1)
    targets: list[str] = []
    hand_item = None
    if node.has("target"):
        t = node.child("target")
        items = [t] if not isinstance(t.value, list) else node.list("target")
        counter = counter_effect(card, mode) is not None
        gear = any(isinstance(e.get("target"), dict) and e["target"].get("kind") == "gear" for e in card.effects)
        if hand is not None and items:  # RB-CARD-16: the unit card played from a hand comes first
            hand_item, items = items[0], items[1:]
        for item in items:  # a counter's first target is a card; a gear card's targets are gear (RB-CARD-22)
            targets.append(item.as_str() if counter and not targets or gear else unit_ref(item, names))
    condition, pays = node.bool("condition", None), node.bool("pays", None)
    chosen = _chosen(node, names, cards)  # RB-CARD-21: discard, amounts, trash
    to = node.str("to", None, choices=DESTINATIONS)
    paid = None
    if node.has("paid"):
        p = node.child("paid")
        p._mapping()
        paid = (p.int("energy", 0, minimum=0), p.int("power", 0, minimum=0))
        p.finish(PAID_KEYS)
    facedown = node.bool("facedown", False)
    here = by == controller  # RB-CARD-26: where a card played from facedown was hidden
    if node.has("hidden"):
        hidden = node.str("hidden", choices=("here", "elsewhere"))
        if not facedown:
            raise node.error("`hidden:` says where a card played from facedown was hidden: give `facedown: true` "
                             "(RB-CARD-26)", "hidden")
        if hidden == "here" and not here:
            raise node.error(f"the {by} does not control this battlefield (CR 187.4.b): his hidden cards are at "
                             "another battlefield he controls, `hidden: elsewhere` (RB-CARD-26)", "hidden")
        here = hidden == "here"
    # RB-CARD-14: the Equipment the card attaches or detaches
    equip = {}
    for key in ("attach", "detach"):
        if node.has(key):
            en = node.child(key)
            gear = load_cards().card(en.as_str(), file=en.file, path=en.path)
            if not gear.equipment:
                raise en.error(f"{gear.name} is not Equipment (RB-CARD-14)")
            equip[key] = gear.name
    if node.has("from"):
        equip["attach_from"] = unit_ref(node.child("from"), names)
    if node.has("copy_of"):  # RB-CARD-14: the unit an Equipment it attaches makes its unit a copy of
        equip["copy_of"] = unit_ref(node.child("copy_of"), names)
    label = node.str("label", None)
    if node.has("revealed"):  # RB-CARD-10: a card's own effects reveal nothing the model reads
        raise node.error(f"`revealed: {node.raw('revealed')}` states what an ability reveals; {card.name} reveals "
                         "nothing the model reads (RB-CARD-10)", "revealed")
    node.raw("repeat", None)  # RB-CARD-25: read below, once the play is built
    extra_copy = _extra_copy(node, card.effects)  # RB-CARD-15: Zilean, Time Mage's additional copy of the first token
    recycled = _recycled(node, card.name, [k for k, _ in card.keywords], card)  # RB-CARD-10: [Predict]
    node.finish(PLAY_KEYS)
    replayed = _replayed(node, card, replays, targets, by, label, names, db or load_units(), flags or {}, controller,
                         known)
    from_hand = _from_hand(node, card, hand, hand_item, by, label, names, db or load_units(), flags or {}, controller,
                           known) if hand is not None else ()
    # RB-CARD-15: the unit tokens the card plays get names later entries may give as targets
    from .cards.tokens import token_names

    modes = [e for e in card.effects if e.get("mode_option")]
    extra = extra_copy
    for e in card.effects:
        if e.get("effect") == "create_unit_token" and isinstance(e.get("count"), int) and not e.get("trigger") \
                and (not e.get("mode_option") or (mode and mode <= len(modes) and modes[mode - 1] is e)):
            names.update(token_names(str(e.get("token")), e["count"] + bool(extra), names))
            extra = extra and None  # the first token played only
    play = Play(card=card, by=by, targets=tuple(targets), mode=mode, condition=condition, to=to, paid=paid,
                facedown=facedown, path=node.path, pays=pays, replayed=replayed, from_hand=from_hand,
                revealed_here=here, controls_here=by == controller, extra_copy=extra_copy,
                recycled=recycled, **chosen, **equip)
    from .cards import repeat

    def target_of(item: Node, i: int) -> str:  # a repeated execution's targets, read as the entry's own
        gear_t = any(isinstance(e.get("target"), dict) and e["target"].get("kind") == "gear" for e in card.effects)
        return item.as_str() if (counter_effect(card, mode) is not None and i == 0) or gear_t \
            else unit_ref(item, names)

    return repeat.read(node, play, target_of, lambda item: _chosen(item, names, cards))


def _discarded(effects) -> dict[str, Unit]:
    """RB-CARD-10: the unit cards the entries so far discarded whose "When you discard me" fires from the trash (Mask
    Mother), as units not in play an entry `{trigger: CARD, when: discard}` may name."""
    from .cards.events import discarded_card

    got = (discarded_card(getattr(e, "discard", None), e.by) for e in effects if getattr(e, "discard", None))
    return {u.name: u for u in got if u is not None}


def _once_each_turn(effects, units, file: str | None) -> None:
    """RB-CARD-15: Zilean, Time Mage's additional token copy is used once each turn for each Zilean of the player:
    an entry stating it beyond that number is refused."""
    from .cards.statics import TOKEN_COPY

    for side in SIDES:
        have = sum(1 for u in units if u.side == side and any(s.get("effect") == TOKEN_COPY for s in u.statics))
        used = [e for e in effects if getattr(e, "extra_copy", None) and e.by == side]
        if len(used) > have:
            raise ScenarioError(f"`extra_copy: true` once more than the {side}'s Zilean, Time Mage allow: \"once each "
                                f"turn\" ({have} of them) (RB-CARD-15)", file=file, path=f"{used[have].path}.extra_copy")


def _cost_kill(node: Node, card, by: str, names: set[str], known: dict[str, Unit] | None) -> str | None:
    """RB-CARD-16 with RB-CARD-2: the unit the entry's ``kills:`` names, killed as a unit card whose additional cost
    kills a unit its player controls is played (Stalking Wolf); required for such a card, refused for another. Its
    side and tag are checked here for the units the scenario lists; where it is, as the card is played."""
    from .cards.unitplay import kill_cost

    cost = kill_cost(card)
    if cost is None:
        if node.has("kills"):
            raise node.error(f"`kills:` names the unit killed for an additional cost; {card.name} has none "
                             "(RB-CARD-16)", "kills")
        return None
    if not node.has("kills"):
        tags = ", ".join((cost.get("target") or {}).get("tags") or ())
        raise node.error(f"{card.name}: as an additional cost to play it, its player kills a unit he controls "
                         f"({tags}): give `kills: UNIT` (RB-CARD-16, RB-CARD-2)", "kills")
    name = unit_ref(node.child("kills"), names)
    u = (known or {}).get(name)
    tags = set((cost.get("target") or {}).get("tags") or ())
    if u is not None and (u.side != by or tags and not tags & set(u.tags)):
        raise node.error(f"{name} is not a unit the {by} controls with one of the tags {', '.join(sorted(tags))} "
                         "(RB-CARD-1)", "kills")
    return name


def _recycled(node: Node, name: str, keywords, card=None) -> bool | None:
    """RB-CARD-10: the entry's ``recycled:`` (its [Predict] or [Vision] recycled the card its player looked at),
    refused for a card with neither, and for a gear whose entry uses its [Action] ability (no card is played)."""
    from .cards.events import gear_ability

    got = node.bool("recycled", None)
    if got is not None and not {"Predict", "Vision"} & set(keywords):
        raise node.error(f"`recycled:` is for a card with [Predict] or [Vision] (it looks at the top card of its "
                         f"player's Main Deck and may recycle it); {name} has neither (RB-CARD-10)", "recycled")
    if got is not None and card is not None and card.type == "gear" and gear_ability(card):
        raise node.error(f"`recycled:`: this entry uses {name}'s [Action] ability (the gear in play): no card is "
                         f"played, so its [Vision] (\"When you play this\") does not fire (RB-CARD-10)", "recycled")
    return got


def _extra_copy(node: Node, effects) -> bool | None:
    """RB-CARD-15: the entry's ``extra_copy:`` (Zilean, Time Mage's additional copy of a token played), refused for a
    card that plays no token unit; whether a Zilean allows it is checked as the card resolves (cards/tokens.py)."""
    got = node.bool("extra_copy", None)
    if got is not None and not any(e.get("effect") == "create_unit_token" for e in effects):
        raise node.error("`extra_copy:` is for a card that plays token units (Zilean, Time Mage's additional copy, "
                         "RB-CARD-15); this one plays none", "extra_copy")
    return got


def _from_hand(node: Node, card, rec: dict, item: Node | None, by: str, label: str | None, names: set[str],
               db: UnitDB, flags: Mapping[str, str], controller: str | None, known: dict[str, Unit] | None) -> tuple:
    """RB-CARD-16: the unit card a spell plays from a hand (``play_unit``), named first in ``target`` (none: no unit is
    chosen, its "you may"): the new unit under the player whose hand it came from (its printed Might and keywords,
    his stated facts, RB-CARD-9), where it may go, its "When you play me" abilities (not modelled) and its cost."""
    from .cards import unitplay
    from .cards.interpreter import hand_places

    if item is None:
        if label is not None:
            raise node.error(f"`label:` names the unit {card.name} plays; give that unit card first in `target`",
                             "label")
        return ()
    side = by if rec.get("from") == "hand" else other(by)
    unit_card = db.unit(item.as_str(), file=item.file, path=item.path)  # an unknown name: the closest ones
    name = _new_name(node, unit_card.name, label, names)
    if unit_card.might is None:
        raise item.error(f"{unit_card.name} has no fixed Might in the card data: it cannot be played from hand here "
                         "(RB-CARD-4)")
    mate = next((u for u in (known or {}).values() if u.side == side), None)  # RB-CARD-9: its player's stated facts
    fresh = _unit(Node({"name": unit_card.id, "label": name}, file=node.file, path=node.path), side, db, flags,
                  mate.xp if mate is not None else None, fresh=True,
                  player=mate.player if mate is not None else Player())
    ability, unread = unitplay.play_card(unit_card, "battlefield", False, None)
    own = tuple((f"its own \"When you play me\" ability ({effect_text(x)})", "the model plays the unit without "
                 'resolving its "When you play me" abilities (RB-CARD-4)') for x in ability.effects) + tuple(
        (effect_text(x), why) for x, why in unread)
    names.add(name)
    if known is not None:
        known[name] = fresh
    return (fresh, hand_places(rec, side, controller), own, (unit_card.energy_cost or 0, unit_card.power_cost or 0))


def _replayed(node: Node, card, replays: list[dict], targets: list[str], by: str, label: str | None, names: set[str],
              db: UnitDB, flags: Mapping[str, str], controller: str | None, known: dict[str, Unit] | None) -> tuple:
    """RB-CARD-24: for a card that banishes a unit and has its owner play it anew, the fresh unit (built from
    the card data: printed Might and keywords, nothing the old one had gained) and where the card lets it go;
    its name joins the scenario's, for later entries. A token has none (it ceases to exist)."""
    from .cards import replay, unitplay

    if not replays:
        return ()
    out = []
    taken = 0
    for e in card.effects:
        t = e.get("target") or {}
        if e.get("effect") == replay.KIND and taken < len(targets):
            old = (known or {}).get(targets[taken])
            if old is not None and not old.token:
                name = replay.replayed_name(old.name, label)
                if name in names:
                    raise node.error(f"{name!r} already names a unit of this combat; give `label:` another name for "
                                     f"the unit {card.name} plays anew", "label")
                if old.card_id is not None:
                    unit_card = db.unit(old.card_id)
                    spec = {"name": unit_card.id, "label": name, **({"might": old.might} if unit_card.might is None
                                                                    else {})}
                    # RB-CARD-9: its player's facts, as its side states them (his XP, read by "[Level N]")
                    fresh = _unit(Node(spec, file=node.file, path=node.path), old.side, db, flags, old.xp,
                                  fresh=True, player=old.player)
                    played = unitplay.locations(unit_card, "reaction", old.side, controller)
                    late = flags.get("late_designation_triggers", "no") == "yes"  # RB-READ-6
                    ability, unread = unitplay.play_card(unit_card, "battlefield", False, old.side if late else None)
                    # its "When you play me" abilities fire as it enters (cards/events.py, RB-CARD-10); the combat
                    # abilities its late designation would fire are not played (RB-READ-6)
                    own = tuple((f"its own combat abilities as it is played anew ({effect_text(x)})", "the model plays "
                                 "the fresh unit without resolving the combat abilities its designation fires "
                                 "(RB-CARD-4)") for x in ability.effects if x.get("_late")) + tuple(
                        (effect_text(x), why) for x, why in unread)
                    # an "I enter ready" whose condition the model does not decide, named when its readiness could
                    # change the showdown (an activated ability whose cost exhausts it, a trigger on its readying)
                    from .cards.abilities import activated, cost_parts

                    if waits_on_ready(unit_card) or any(cost_parts(c)[2] for c, _, _ in activated(unit_card)):
                        own += tuple((f"its ability \"{c}, I enter ready\" as it is played anew", "whether the "
                                      "condition holds is not decided by the model: it enters exhausted (RB-CARD-4)")
                                     for c in replay.undecided(unit_card, old.xp))
                    fresh = replace(fresh, unstated=fresh.unstated + own)
                else:  # a custom unit: its stated Might and keywords, nothing gained in the showdown
                    fresh = Unit(name=name, side=old.side, might=old.might, tank=old.tank, backline=old.backline,
                                 assault=old.assault, shield=old.shield, immune=old.immune,
                                 no_combat_damage=old.no_combat_damage, ignores_tank=old.ignores_tank,
                                 deflect=old.deflect, ganking=old.ganking, value=old.value, keywords=old.keywords,
                                 domains=old.domains, tags=old.tags, path=node.path)
                    played = ("base", "battlefield", "elsewhere") if old.side == controller else ("base", "elsewhere")
                out.append((old.name, fresh, replay.allowed(e, played)))
                names.add(name)
                if known is not None:
                    known[name] = fresh
        if isinstance(t, dict) and isinstance(t.get("count"), int):
            taken += t["count"]
    return tuple(out)


def _chosen(node: Node, names: set[str], cards) -> dict:
    """RB-CARD-21: what the player chose as the card resolves: ``discard: CARD``, ``amounts: {UNIT: N}``,
    ``trash: N``."""
    out: dict = {}
    if node.has("discard"):
        d = node.child("discard")
        found = cards.find(d.as_str()) or load_units()._index.lookup(d.as_str())
        if not found:
            from ...errors import UnknownNameError

            raise UnknownNameError("card", d.as_str(), closest(d.as_str(), cards.names + load_units().names, n=2),
                                   file=d.file, path=d.path)
        out["discard"] = d.as_str()
    if node.has("amounts"):
        a = node.child("amounts")
        a._mapping()
        amounts = []
        for k, sub in a.items():
            if isinstance(sub.value, bool) or not isinstance(sub.value, int) or sub.value < 0:
                raise sub.error(f"must be a whole number of at least 0, not {sub.value!r}")
            amounts.append((unit_ref(Node(k, file=a.file, path=sub.path), names), sub.value))
        out["amounts"] = tuple(amounts)
    if node.has("trash"):
        out["trash"] = node.int("trash", minimum=0)
    return out


def _targets(node: Node, names: set[str]) -> list[str]:
    if not node.has("target"):
        return []
    t = node.child("target")
    items = [t] if not isinstance(t.value, list) else node.list("target")
    return [unit_ref(item, names) for item in items]


def _paid(node: Node, keys=PAID_KEYS, xp: bool = False):
    """``paid:``: (Energy, Power), or None when not given; with ``xp``, a pair of that and the XP spent (a
    trigger's "spend N XP", RB-CARD-2; None when not given)."""
    if not node.has("paid"):
        return (None, None) if xp else None
    p = node.child("paid")
    p._mapping()
    paid = (p.int("energy", 0, minimum=0), p.int("power", 0, minimum=0))
    spent = p.int("xp", None, minimum=0) if xp else None
    p.finish(keys)
    return (paid, spent) if xp else paid


def _new_name(node: Node, card_name: str, label: str | None, names: set[str]) -> str:
    """The name of a unit entering play in the showdown: its entry's ``label``, else its card's name, numbered
    ``NAME (2)``, ``NAME (3)`` ... past the names the combat already has; a label already taken is refused."""
    name = label or card_name
    if name in names:
        if label:
            raise node.error(f"{label!r} already names a unit of this combat; give another `label`", "label")
        k = 2
        while f"{card_name} ({k})" in names:
            k += 1
        name = f"{card_name} ({k})"
    return name


def _unit_play(node: Node, card, names: set[str], db: UnitDB, flags: Mapping[str, str], controller: str | None,
               known: dict[str, Unit] | None, turn: str | None = None,
               by_ability: tuple[str, tuple[str, ...]] | None = None):
    """A unit card played from hand in the showdown (RB-CARD-16): how it may be played (RB-SHOW-4:
    [Reaction], [Ambush], or [Hidden] from facedown), where it enters (``to:``, CR 355.2), its name. ``by_ability``:
    played by a unit's ability (RB-CARD-27), ``(that unit, where the ability lets it enter)``."""
    from .cards.interpreter import DESTINATIONS, Play
    from .cards import unitplay

    by = node.str("by", choices=SIDES)
    facedown = node.bool("facedown", False)
    if node.has("hidden"):  # RB-CARD-26: a unit card enters where it was hidden
        raise node.error(f"{card.name}: a unit card played from facedown enters where it was hidden: `to:` says where "
                         "(`battlefield` or `elsewhere`), not `hidden:` (RB-CARD-26)", "hidden")
    if facedown and not unitplay.hidden(card):
        raise node.error(f"{card.name}: only a [Hidden] card can be played from facedown (RB-SHOW-4)", "facedown")
    ways = ("facedown",) if facedown else ("ability",) if by_ability else unitplay.ways(card)
    if not ways:
        extra = " (it is [Hidden]: played from facedown, `facedown: true`, it has Reaction)" \
            if unitplay.hidden(card) else ""
        raise node.error(f"{card.name}: a unit without [Reaction] or [Ambush] cannot be played in a showdown: only "
                         f"Action and Reaction cards and abilities can{extra} (RB-SHOW-4)", "play")
    granted = False  # a unit of its player's lets it be played where an enemy unit is alone (unitplay.ALONE)
    if by_ability is not None:  # RB-CARD-27: where the ability lets it enter (its speed is not checked)
        where = list(by_ability[1])
    else:
        granted = any(u.side == by and u.card_id is not None and unitplay.grants_alone(db.unit(u.card_id))
                      for u in (known or {}).values())  # (checked again on the board as it enters)
        where = sorted({w for way in ways for w in unitplay.locations(card, way, by, controller, granted)},
                       key=DESTINATIONS.index)
    to = node.str("to", None, choices=DESTINATIONS)
    if to is None:
        near = [w for w in where if w != "elsewhere"]
        if len(near) != 1:
            raise node.error(f"{card.name}: give `to:` where the {by} plays it: " + " or ".join(near or where)
                             + f" (its player's choice among the valid locations, CR 355.2; {unitplay.RULE})", "to")
        to = near[0]
    if to not in where:
        why = (f"{by_ability[0]}'s ability plays it " + " or ".join(
            {"battlefield": "here", "base": "to its base", "elsewhere": "to another battlefield"}[w] for w in where)
            + " (RB-CARD-27)" if by_ability
            else "[Ambush] plays it only to a battlefield where its player has units" if ways == ("ambush",)
               else "a hidden card is played where it was hidden, a battlefield its player controlled"
               if facedown else "units go to their base or a battlefield their player controls (CR 355.2.a), "
               "and this one stays " + ("the Defender's" if controller else "nobody's") + " (CR 187.4.b)")
        raise node.error(f"{card.name} cannot be played to "
                         f"{ {'battlefield': 'this battlefield', 'base': 'the base'}.get(to, 'another battlefield')} "
                         f"by the {by}: {why} ({unitplay.RULE})", "to")
    way = "ability" if by_ability else next(w for w in ways if to in unitplay.locations(card, w, by, controller,
                                                                                         granted))
    name = _new_name(node, card.name, node.str("label", None), names)
    mate = next((u for u in (known or {}).values() if u.side == by), None)  # RB-CARD-9: its player's stated facts
    unit = _unit(Node({"name": card.id, "label": name}, file=node.file, path=node.path), by, db, flags,
                 mate.xp if mate is not None else None, fresh=True,
                 player=mate.player if mate is not None else Player())
    names.add(name)
    if known is not None:
        known[name] = unit
    late = flags.get("late_designation_triggers", "no") == "yes"  # RB-READ-6
    # "on your turn": as the scenario's `turn:` states whose turn it is (not stated: named, RB-CARD-4)
    ability, unread = unitplay.play_card(card, to, facedown, by if late else None,
                                         own_turn=None if turn is None else turn == by)
    targets = _targets(node, names)
    mode = node.int("mode", None, minimum=1)
    condition = node.bool("condition", None)
    paid = _paid(node)
    from .cards.tokens import token_name, token_names  # RB-CARD-15: the tokens its play abilities play, for later entries

    extra = extra_copy = _extra_copy(node, ability.effects)  # RB-CARD-15: Zilean, Time Mage's additional copy
    recycled = _recycled(node, card.name, [split_keyword(k)[0] for k in card.keywords])  # RB-CARD-10: [Vision]
    cost_kill = _cost_kill(node, card, by, names, known)  # RB-CARD-16: the unit killed for its additional cost
    equip = {}  # RB-CARD-14: the gear its "When you play me" takes (Akshan, Mischievous), checked as it resolves
    if node.has("attach"):
        from .cards.spells import load_cards

        a = node.child("attach")
        equip["attach"] = load_cards().card(a.as_str(), file=a.file, path=a.path).name
    if node.has("from"):
        equip["attach_from"] = unit_ref(node.child("from"), names)
    for e in ability.effects:
        if e.get("effect") == "create_unit_token" and isinstance(e.get("count"), int):
            names.update(token_names(token_name(e), e["count"] + bool(extra), names))
            extra = extra and None
    tokens_to = node.str("tokens_to", None, choices=("base", "battlefield", "elsewhere"))
    if tokens_to is not None and not any(e.get("effect") == "create_unit_token" and e.get("to") not in ("base", "here")
                                         for e in ability.effects):
        raise node.error(f"`tokens_to:` says where the unit tokens a unit's own play ability plays go when its card does "
                         f"not say; {card.name}'s play abilities here play none of those (RB-CARD-15)", "tokens_to")
    if node.has("revealed"):  # RB-CARD-10: what its play ability (or a combat trigger it fires, RB-READ-6) revealed
        from .cards.triggers import revealed_effects

        ability = replace(ability, effects=revealed_effects(ability.effects, node.raw("revealed"), card.id, node))
    node.finish(PLAY_KEYS)
    return Play(card=ability, by=by, targets=tuple(targets), mode=mode, condition=condition, to=to, paid=paid,
                facedown=facedown, path=node.path, unit=unit, play_as=way, revealed_here=to == "battlefield",
                controls_here=by == controller,
                extra_copy=extra_copy, recycled=recycled, cost_kill=cost_kill, unit_unread=tuple((effect_text(e), why) for e, why in unread),
                tokens_to=tokens_to, **equip)


def _ability(node: Node, known: dict[str, Unit], names: set[str]):
    """A unit's activated [Action] / [Reaction] ability: ``{ability: Azir - Ascendant, target: ...}``
    (RB-CARD-17), used by the unit's controller; its cost checked as a card's (RB-CARD-2)."""
    from .cards.interpreter import DESTINATIONS, Play
    from .cards import abilities

    node._mapping()
    name = unit_ref(node.child("ability"), list(known), "unit in play")
    unit = known[name]
    source = None
    if node.has("of"):  # RB-CARD-17: an exhaust ability of another friendly unit the unit has (Heimerdinger, Inventor)
        if not abilities.borrows(unit):
            raise node.error(f"{name} has no other unit's abilities (`of:` is for a unit such as Heimerdinger, "
                             "Inventor: \"I have all [exhaust] abilities of all friendly ... units\", RB-CARD-17)", "of")
        friends = [n for n, u in known.items() if n != name and u.side == unit.side]
        from .cards.spells import load_cards

        gear = load_cards().find(node.str("of")) if node.str("of") not in friends else None
        if gear is not None and gear.type == "gear":  # a friendly gear's exhaust ability (the entry says it is his)
            card = abilities.gear_ability_card(unit, gear, node)
        else:
            source = known[unit_ref(node.child("of"), friends, f"friendly unit (or gear) of {name}")]
    if source is not None or not node.has("of"):
        card = abilities.ability_card(unit, node, source)
    targets = _targets(node, names)
    mode = node.int("mode", None, minimum=1)
    condition = node.bool("condition", None)
    to = node.str("to", None, choices=DESTINATIONS)
    paid = _paid(node)
    equip = {}
    if node.has("attach"):
        from .cards.spells import load_cards

        en = node.child("attach")
        gear = load_cards().card(en.as_str(), file=en.file, path=en.path)
        if not gear.equipment:
            raise en.error(f"{gear.name} is not Equipment (RB-CARD-14)")
        equip["attach"] = gear.name
    if node.has("copy_of"):  # RB-CARD-14: the unit an Equipment it attaches makes its unit a copy of
        equip["copy_of"] = unit_ref(node.child("copy_of"), names)
    node.finish(ABILITY_KEYS)
    return Play(card=card, by=unit.side, targets=tuple(targets), mode=mode, condition=condition, to=to, paid=paid,
                path=node.path, ability_of=name, ability_from=source.name if source is not None else None, **equip)


def _check_controller(node: Node, unit: Unit) -> None:
    """A trigger entry's ``by:``, when given, is the player whose unit it is (RB-CARD-10: a unit's ability is its
    player's)."""
    if node.has("by") and node.str("by") != unit.side:
        raise node.error(f"{unit.name} is the {unit.side}'s unit: its trigger is the {unit.side}'s, not the "
                         f"{node.str('by')}'s (RB-CARD-10)", "by")


def _trigger(node: Node, attacker: Side, defender: Side, names: set[str], known: Mapping[str, Unit] | None = None,
             begun: bool = False, context: tuple = (None, None, "defender", None), opened: bool = False):
    """A unit's combat trigger: ``{trigger: Crackshot Corsair, target: D3}`` (RB-SHOW-2, RB-CARD-10); or the
    choice of a trigger fired during the showdown, ``{trigger: UNIT, when: stun, target: D3}`` (RB-CARD-10): `when:
    move` after an entry of the showdown itself (``begun``), or for a unit not at the battlefield, is a move then."""
    from .cards.events import KINDS, kinds_of
    from .cards.interpreter import Play
    from .cards.moves import move_effects, stated_effects
    from .cards.triggers import ability_card, not_firing, player_triggers, revealed_effects, triggers_of

    node._mapping()
    fighting = {u.name: u for u in attacker.units + defender.units}
    on = node.str("when", None, choices=("combat", "move", *KINDS))
    if on in KINDS and (on != "move" or begun or node.value.get("trigger") not in fighting
                        or "move" in kinds_of(fighting[node.value.get("trigger")])
                        and not move_effects(fighting[node.value.get("trigger")])):  # RB-CARD-10: fired mid-showdown by an event; a unit in play (at its base, played earlier)
        board = {**fighting, **(known or {})}
        name = unit_ref(node.child("trigger"), list(board), "unit in play")
        unit = board[name]
        _check_controller(node, unit)
        if on not in kinds_of(unit):
            raise node.error(f"{name} has no trigger on `{on}` (its card's triggers fired during the showdown: "
                             f"{', '.join(sorted(kinds_of(unit))) or 'none'}; RB-CARD-10)", "when")
        choices, declined = _trigger_choices(node, names, load_units().unit(unit.card_id).abilities
                                             if unit.card_id is not None else ())
        if node.has("plays"):  # RB-CARD-27: only a combat trigger plays a card
            raise node.error(f"`plays:` states the card a combat trigger plays; {name}'s trigger on `{on}` plays none "
                             "(RB-CARD-27)", "plays")
        if choices.pop("revealed") is not None:  # RB-CARD-10: no trigger fired mid-showdown reveals a card
            raise node.error(f"`revealed:` states what an ability reveals; {name}'s trigger on `{on}` reveals nothing "
                             "the model reads (RB-CARD-10)", "revealed")
        if declined and any(v not in (None, (), {}) for v in choices.values()):
            raise node.error(DECLINED_CHOOSES, "decline")
        card = ability_card(unit, (), on)  # the effects as fired, read when it fires (cards/events.py)
        return Play(card=card, by=unit.side, path=node.path, trigger_of=name, declined=declined, fired_by=on,
                    **choices)
    # "When you defend at a battlefield": a unit at its base too (RB-SHOW-2, RB-CARD-10); and a unit at its base with
    # a combat trigger, which a "When I move" trigger may bring in before the combat begins (RB-COMB-2, RB-COMB-4):
    # the showdown checks it is at the battlefield then
    fighting.update({n: u for n, u in (known or {}).items() if n not in fighting
                     and (player_triggers(u) or not opened and triggers_of(u))})
    if (named := (known or {}).get(node.value.get("trigger"))) is not None and (why := not_firing(named)) is not None:
        raise node.error(why, "trigger")
    name = unit_ref(node.child("trigger"), list(fighting), "unit at the battlefield")
    unit = fighting[name]
    _check_controller(node, unit)
    effects = triggers_of(unit)
    if on is None:
        on = "move" if move_effects(unit) and not effects else "combat"
    if on == "move":  # RB-CARD-10, RB-COMB-2: a trigger on the unit's own move, before the showdown
        scenario = Scenario(attacker=attacker, defender=defender, flags={}, reserve=())
        if not move_effects(unit):
            raise node.error(f"{name} has no \"When I move\" ability (RB-CARD-10)", "when" if node.has("when") else "trigger")
        effects = stated_effects(unit, scenario)
        if not effects:
            why = ("it is not stated to have moved this turn: give it `moved: true`" if not unit.moved else
                   "it moved before the combat was staged: what its move trigger did beyond Might and keywords is "
                   "the board as the scenario states it")
            raise node.error(f"{name}'s move trigger does not resolve before this showdown: {why} (RB-CARD-10)",
                             "trigger")
    elif not effects:
        when = "When I attack" if unit.side == "attacker" else "When I defend"
        raise node.error(f"{name} has no \"{when}\" ability (the {unit.side}'s units trigger on "
                         f"{'attacking' if unit.side == 'attacker' else 'defending'}, RB-SHOW-2)", "trigger")
    choices, declined = _trigger_choices(node, names, effects)
    # RB-CARD-10: what the trigger reveals, as its entry states it (a value it does not take is refused)
    effects = revealed_effects(effects, choices.pop("revealed"), unit.card_id, node)
    card = ability_card(unit, effects, effects[0]["trigger"] if on == "move" else None)
    plays = _ability_play(node, unit, effects, names, known, declined, context)  # RB-CARD-27: the card it plays
    if plays is None and not declined and any(e.get("effect") == "play_card" for e in effects):
        if any(v not in (None, (), {}) for v in choices.values()):  # stated with no card: not used (its "you may")
            raise node.error(f"{name}'s trigger is stated without `plays:`: it plays no card, so it is not used and "
                             "chooses and pays nothing; give the card it plays, `plays: {play: CARD, ...}` "
                             "(RB-CARD-27)", "plays")
        declined = True
    if declined:  # RB-CARD-10: a "you may" trigger not used
        if not all(e.get("optional") or e.get("replaces_previous") for e in effects):
            raise node.error(f"{name}'s trigger is not optional as a whole (a part of it has no \"you may\"): it "
                             "cannot be declined (RB-CARD-10)", "decline")
        if any(v not in (None, (), {}) for v in choices.values()):
            raise node.error(DECLINED_CHOOSES, "decline")
        card = replace(card, effects=(), energy_cost=None, power_cost=None, keywords=())
    return Play(card=card, by=unit.side, path=node.path, trigger_of=name, on_move=on == "move", declined=declined,
                plays=plays, **choices)


def _ability_play(node: Node, unit: Unit, effects, names: set[str], known: Mapping[str, Unit] | None,
                  declined: bool, context: tuple):
    """RB-CARD-27: the card a combat trigger plays, its entry's ``plays:`` (a play entry without ``by``: its player is
    the trigger's), read as a ``showdown:`` play is, as played by the ability; None when it plays none."""
    from .cards import ability_play

    e = ability_play.effect_of(effects)
    if not node.has("plays"):  # none played: the trigger is not used (its "you may")
        return None
    inner = node.child("plays")
    if e is None:
        raise inner.error(f"{unit.name}'s trigger plays no card: `plays:` is for an ability that does "
                          f"({ability_play.RULE})")
    if declined:
        raise node.error(DECLINED_CHOOSES, "decline")
    inner._mapping()
    db, flags, controller, turn = context
    db = db or load_units()
    where = ability_play.places(e, unit.side, controller)
    # read as the showdown list reads a play entry (its keys checked by the spec), by the trigger's player
    entry = Node({**inner.value, "by": unit.side}, file=inner.file, path=inner.path)
    play = _play(entry, names, db, flags or {}, controller, dict(known or {}), turn, by_ability=(unit.name, where))
    if play.unit is not None:
        keywords = db.unit(play.unit.card_id).keywords
    else:
        keywords = [k for k, _ in play.card.keywords]
    if (why := ability_play.fits(e, keywords)) is not None:
        raise inner.error(f"{play.unit.card_name if play.unit is not None else play.card.name}: {why} "
                          f"({ability_play.RULE})", "play")
    return replace(play, played_by=unit.name, free=ability_play.free(e))


DECLINED_CHOOSES = ("a declined trigger chooses nothing and pays nothing: give only `trigger`, `when` and `decline` "
                    "(RB-CARD-10)")


def _trigger_choices(node: Node, names, effects) -> tuple[dict, bool]:
    """What a trigger entry chooses (targets, mode, condition, destination, a damage split, its additional cost,
    Zilean's additional token: the :class:`Play` fields; and what it revealed, ``revealed``, for the caller to put on
    its effects) and whether it declines the trigger; the entry's keys are checked. ``effects``: the unit's abilities
    the trigger may resolve (an `extra_copy:` needs one playing unit tokens)."""
    from .cards.interpreter import DESTINATIONS
    from .cards.spells import load_cards

    targets = []
    if node.has("target"):
        t = node.child("target")
        items = [t] if not isinstance(t.value, list) else node.list("target")
        targets = [unit_ref(item, names) for item in items]
    choices = {"targets": tuple(targets), "mode": node.int("mode", None, minimum=1),
               "condition": node.bool("condition", None), "to": node.str("to", None, choices=DESTINATIONS),
               "revealed": node.raw("revealed", None)}  # RB-CARD-10: what it revealed, checked on its effects
    choices.update(_chosen(node, names, load_cards()))  # RB-CARD-21: a damage split (`amounts:`)
    choices["paid"], choices["xp"] = _paid(node, TRIGGER_PAID_KEYS, xp=True)  # RB-CARD-2: its additional cost
    if choices["paid"] is not None and any(choices["paid"]):
        from .cards.triggers import trigger_cost

        if not any(trigger_cost(e)[0] or trigger_cost(e)[1] for e in effects or ()):
            raise node.error(f"{node.value.get('trigger')}'s trigger: `paid:` states Energy or Power, and this ability "
                             "has no Energy or Power cost to pay (RB-CARD-2)", "paid")
    if node.has("attach"):  # RB-CARD-14: the Equipment it plays and attaches (checked as it resolves)
        a = node.child("attach")
        choices["attach"] = load_cards().card(a.as_str(), file=a.file, path=a.path).name
    choices["extra_copy"] = _extra_copy(node, effects)  # RB-CARD-15: Zilean, Time Mage's additional copy
    declined = node.bool("decline", False)
    node.raw("plays", None)  # RB-CARD-27: the card a combat trigger plays, read by the caller
    node.finish(TRIGGER_KEYS)
    return choices, declined


def _check_triggers(root: Node, effects) -> None:
    """RB-SHOW-2: the combat triggers are on the chain as the showdown begins: stated before every
    other entry, the Defender's first (they resolve first), each unit's once."""
    seen: set[str] = set()
    moved: set[str] = set()
    last_side = None
    for i, e in enumerate(effects):
        trig = getattr(e, "trigger_of", None)
        if trig is None or getattr(e, "fired_by", None):  # RB-CARD-10: fired mid-showdown, placed after its cause
            continue
        path = f"showdown[{i}]"
        if any(getattr(x, "fired_by", None) and any(not getattr(y, "on_move", False) and not getattr(y, "fired_by", None)
                                                   for y in effects[:j]) for j, x in enumerate(effects[:i])):
            # the combat chain is ordered by side (choices of what the move triggers fire may come between)
            raise ScenarioError(f"{trig}'s trigger resolves as the showdown begins: list it before the triggers fired "
                                "during the showdown (those fired by a combat trigger go after the last combat "
                                "trigger, RB-CARD-10, RB-SHOW-2)", file=root.file, path=path)
        if e.on_move:  # RB-CARD-10, RB-COMB-2: resolved before the showdown, so before every combat trigger
            if any(getattr(x, "trigger_of", None) is None or not x.on_move for x in effects[:i]):
                raise ScenarioError(f"{trig}'s move trigger resolves before the showdown begins: list it before the "
                                    "combat triggers and the other entries (RB-COMB-2)", file=root.file, path=path)
            if trig in moved:
                raise ScenarioError(f"{trig}'s move trigger is listed twice: it fired once, as the unit moved "
                                    "(RB-CARD-10)", file=root.file, path=path)
            moved.add(trig)
            continue
        if any(getattr(x, "trigger_of", None) is None and getattr(x, "responds", None) != "move" for x in effects[:i]):
            raise ScenarioError(f"{trig}'s combat trigger resolves as the showdown begins, before any card is "
                                "played: list it before the other entries (RB-SHOW-2)", file=root.file, path=path)
        if trig in seen:
            raise ScenarioError(f"{trig}'s combat trigger is listed twice: it fires once a combat (RB-SHOW-2)",
                                file=root.file, path=path)
        if last_side == "attacker" and e.by == "defender":
            raise ScenarioError("the Defender's combat triggers resolve before the Attacker's (they go on the chain "
                                "last): list them first (RB-SHOW-2)", file=root.file, path=path)
        seen.add(trig)
        last_side = e.by


def _effect(node: Node, names: set[str]) -> Effect:
    node._mapping()
    kinds = [k for k in EFFECT_KINDS if node.has(k)]
    if len(kinds) != 1:
        unknown = [k for k in node.value if k not in EFFECT_KEYS]
        if unknown:
            node.finish(EFFECT_KEYS)
        raise node.error("a showdown effect has exactly one of: " + ", ".join(EFFECT_KINDS)
                         + (f" (this one has {', '.join(kinds)})" if kinds else ""))
    (kind,) = kinds
    by = node.str("by", None, choices=SIDES)
    card = node.str("card", None)
    amount: int | None = None
    keyword = None
    how = "removed"
    if kind in UNIT_VALUED:
        unit = unit_ref(node.child(kind), names)
        if kind in ("kill", "recall", "banish", "remove"):
            how = {"kill": "killed", "recall": "recalled", "banish": "banished", "remove": "removed"}[kind]
            kind = "remove"
    else:
        unit = unit_ref(node.child("unit"), names)
        if kind == "might":
            amount = node.int("might")
        elif kind == "damage":
            amount = node.int("damage", minimum=1)
        elif kind == "prevent":
            v = node.raw("prevent")
            if isinstance(v, str) and v.strip().lower() == "all":
                amount = None
            else:
                amount = node.int("prevent", minimum=1)
        elif kind == "give":
            k, n = split_keyword(node.str("give"))
            canon = next((g for g in GIVABLE if g.casefold() == k.casefold()), None)
            if canon is None:
                hint = closest(k, list(GIVABLE), n=1)
                raise node.error(f"can give {', '.join(GIVABLE)}, not {k!r}"
                                 + (f"; did you mean {hint[0]!r}?" if hint else ""), "give")
            if n is not None and canon not in ("Assault", "Shield"):
                raise node.error(f"{canon} takes no number", "give")
            keyword, amount = canon, (1 if n is None else n) if canon in ("Assault", "Shield") else None
    node.finish(EFFECT_KEYS)
    return Effect(kind=kind, unit=unit, amount=amount, keyword=keyword, how=how, by=by, card=card, path=node.path)


def _splits(node: Node, scenario: Scenario, joining: set[str]) -> dict[str, Split]:
    """The scenario's stated splits; ``joining``: the names of the units that may join the combat in the showdown (the
    unit tokens its cards play, RB-CARD-15)."""
    node._mapping()
    out = {}
    for side in SIDES:
        if node.has(side):
            out[side] = parse_split(node.child(side), side, scenario, joining)
    node.finish(SPLITS_KEYS)
    return out
