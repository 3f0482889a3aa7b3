"""The War of the Ring scenario schema (``game: wotr``): a file -> a checked :class:`~.model.Scenario`.

Armies name their Nations, Characters and regions; numbers come from the shipped data
(``pycombat/games/wotr/data``). The fields (see ``docs/wotr.md`` and ``examples/wotr/``)::

    game: wotr
    title: ...
    politics: {Sauron: at_war, Gondor: {steps: 1, active: true}}   # default: the setup position
    attacker:
      region: Osgiliath
      units: {Sauron: {regulars: 6, elites: 2}}                   # per Nation; leaders: for Free Peoples
      nazgul: 1
      characters: [The Witch-king]
      rearguard: {units: {Sauron: {regulars: 1}}}                  # optional split (WOTR-SPLIT)
      replacements: {Sauron: 8}                                    # Regulars available (WOTR-CAS-5)
    defender: {region: Minas Tirith, units: {Gondor: {regulars: 3, elites: 1, leaders: 1}}}
    battle:
      action: army          # army | character | army_muster | muster | event | will_of_the_west | eye
      kind: field           # field | siege | sortie (default: field between two regions)
      cards: [{round: 1, by: attacker, name: ..., attacker: {combat_roll: 1}}]
    in_play: [Saruman]      # Characters in play elsewhere on the board
    control: {Pelargir: shadow}
    rules: {casualty_policy: regulars_first}
    claims: [...]           # for `pycombat verify`

Every mistake is a :class:`~pycombat.errors.ScenarioError` naming the file, the field path and
the reason; unknown keys are errors with the closest known key; unknown names of Nations,
regions and Characters suggest the closest ones.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from ...errors import ScenarioError
from ...scenario import Node, read_document
from ...schemaspec import validate
from ...solver import is_loaded, memo
from .board import Board, Nations, control_refusal, load_board, load_nations, settlement_words, side_of_name
from .cards.plan import read_plan
from .characters import CharacterDB, load_characters
from .battle.consequences import read_activations
from .model import ACTIONS, KINDS, Army, CardPlay, Effects, Force, Scenario
from .position.scenario import scenario_from_dict as position_scenario
from .reading import _count, _flags, _force, _politics

from .spec import ARMY, BATTLE, BATTLE_SCENARIO, CARD, EFFECTS

# the keys each part accepts: declared once, in .spec (which also gives the JSON Schema)
TOP_KEYS = BATTLE_SCENARIO.keys
ARMY_KEYS = ARMY.keys
BATTLE_KEYS = BATTLE.keys
CARD_KEYS = CARD.keys
EFFECT_KEYS = EFFECTS.keys
#: the most Army units a region holds (WOTR-STACK-1); a besieged Stronghold holds 5 (WOTR-SITE-5)
STACK_LIMIT, SIEGE_STACK_LIMIT = 10, 5


def example_path(name: str) -> Path:
    """A scenario shipped with the package (``examples/wotr/<name>`` in the repository).

    >>> example_path("ten_vs_ten.yaml").name
    'ten_vs_ten.yaml'
    """
    from importlib.resources import files

    return Path(str(files("pycombat.examples").joinpath("wotr", name)))


def load_scenario(path: str | Path, flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    """Read and check a WotR scenario file; ``flag_overrides`` come from ``--flag``."""
    return scenario_from_dict(read_document(path), file=str(path), flag_overrides=flag_overrides)


def scenario_from_dict(data: Mapping[str, Any], *, file: str | None = None,
                       flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    root = Node(dict(data), file=file)
    game = root.str("game")
    if game != "wotr":
        raise root.error(f"this reader is for `game: wotr`, not {game!r}", "game")
    if "position" in data or "action" in data:  # a position with an action die, not a battle
        battle_keys = [k for k in ("attacker", "defender", "battle", "in_play", "control") if k in data]
        if battle_keys:
            raise root.error(f"a scenario is a battle (attacker/defender/battle) or a position (position/action), "
                             f"not both: remove {battle_keys[0]!r} or the position blocks", battle_keys[0])
        return position_scenario(data, file=file, flag_overrides=flag_overrides)
    validate(BATTLE_SCENARIO, dict(data), file=file)  # types, ranges and unknown keys: one place (.spec)
    key = _read_key(data, flag_overrides) if is_loaded() else None
    got = _READ.get(key) if key is not None else None
    if got is not None:  # the same content read before under another title or file
        return replace(got, title=root.str("title", None), file=file)
    board, nations, chars = load_board(), load_nations(), load_characters()
    title = root.str("title", None)
    root.raw("description", None)
    control = _control(root, board)
    in_play = tuple(chars.character(n.as_str(), file=n.file, path=n.path).id for n in root.list("in_play", []))
    table = tuple(_table_card(n) for n in root.list("table", []))
    attacker = _army(root.child("attacker"), "attacker", board, nations, chars)
    defender = _army(root.child("defender"), "defender", board, nations, chars)
    if attacker.side == defender.side:
        raise root.error(f"both Armies are {attacker.side.replace('_', ' ')}: a battle is fought against an enemy "
                         "Army (WOTR-ATK-1)", "defender")
    politics = _politics(root, nations)
    battle = root.child("battle", {}) if root.has("battle") else Node({}, file=file, path="battle")
    battle._mapping()
    action = battle.str("action", "army", choices=ACTIONS)
    card = battle.str("card", None)
    if card is not None and action != "event":
        raise battle.error("`card` names the Event card that allows the attack: use it with `action: event`", "card")
    kind = battle.str("kind", None, choices=KINDS)
    if kind is None:
        kind = "field" if attacker.region.id != defender.region.id else _same_region_kind(battle, attacker, defender)
    white_rider = battle.bool("white_rider", False)
    garrison = _garrison(battle, attacker, defender, nations, chars)
    card_plan = read_plan(root, battle, attacker, defender)
    also = read_activations(battle, lambda n: _army(n, "attacker", board, nations, chars), attacker)
    cards = tuple(_card_play(n) for n in battle.list("cards", []))
    _one_card_per_round(battle, cards)
    battle.finish(BATTLE_KEYS)
    flags, origin = _flags(root, flag_overrides or {})
    scenario = Scenario(attacker=attacker, defender=defender, action=action, kind=kind, politics=politics,
                        flags=flags, flag_origin=origin, card=card, cards=cards, in_play=in_play,
                        white_rider=white_rider, control=control, title=title, file=file, card_plan=card_plan, table=table,
                        garrison=garrison,
                        rolls=root.raw("rolls", None), also_activates=also)
    _check_characters(root, scenario, chars)
    scenario = _with_default_replacements(scenario, nations)
    if root.has("claims"):  # read by `verify` (pycombat.verdicts.parse_claims), once the scenario is built
        scenario = replace(scenario, claims=tuple(root.list("claims", [])))
    root.finish(TOP_KEYS)
    if key is not None and not scenario.claims and scenario.card_plan is None:
        _READ[key] = scenario  # claims and card plans keep their file's name in their nodes: read afresh
        if len(_READ) > 1024:
            del _READ[next(iter(_READ))]
    return scenario


#: with the loaded solver, a batch's scenarios read by content (every key but the title, and the
#: flags given), emptied with the solver's caches
_READ: dict[tuple, Scenario] = memo()


def _read_key(data: Mapping[str, Any], flag_overrides: Mapping[str, str] | None) -> tuple | None:
    """What a (valid) battle scenario's reading depends on besides its title and file name, or None
    when some value is not plain data."""
    try:
        return (tuple((k, _raw_key(v)) for k, v in data.items() if k != "title"),
                tuple((k, _raw_key(v)) for k, v in (flag_overrides or {}).items()))
    except TypeError:
        return None


def _raw_key(x: Any) -> Any:
    t = type(x)
    if t is str:
        return x
    if t is dict:
        return (dict, tuple((_raw_key(k), _raw_key(v)) for k, v in x.items()))
    if t is list or t is tuple:
        return (t, tuple(_raw_key(v) for v in x))
    if t in (int, float, bool) or x is None:
        return (t, x)  # typed: 1, 1.0 and True read differently
    raise TypeError(t.__name__)


# ---- armies ----------------------------------------------------------------------------------
def _army(node: Node, role: str, board: Board, nations: Nations, chars: CharacterDB) -> Army:
    node._mapping()
    region = board.region(node.str("region"), file=node.file, path=f"{node.path}.region")
    force = _force(node, nations, chars, top=True)
    if force.units == 0 and not force.leaders and not force.nazgul and not force.characters:
        raise node.error("an Army needs at least one figure", "units")
    side = _side(node, force, nations, chars)
    rearguard = None
    if node.has("rearguard"):
        if role != "attacker":
            raise node.error("only the attacker splits off a rearguard; every defending figure takes part in the "
                             "battle (WOTR-SPLIT-6)", "rearguard")
        rg_node = node.child("rearguard")
        rg_node._mapping()
        rearguard = _force(rg_node, nations, chars, top=False)
        if not force.contains(rearguard):
            raise rg_node.error("the rearguard must be figures of the attacking Army (it has more of some kind "
                                "than the Army)")
    besieged = node.bool("besieged", False)
    replacements: dict[str, int] = {}
    origin: dict[str, str] = {}
    if node.has("replacements"):
        rep = node.child("replacements")
        for key, n in rep.items():
            nation = nations.nation(key, file=n.file, path=n.path)
            if nation.id not in force.nations:
                raise n.error(f"{nation.name} has no units in this Army")
            replacements[nation.id] = _count(n)
            origin[nation.id] = "scenario"
    retreat_to = None
    if node.has("retreat_to"):
        if role != "defender":
            raise node.error("only the defender retreats (WOTR-END-3)", "retreat_to")
        retreat_to = tuple(board.region(n.as_str(), file=n.file, path=n.path).id
                           for n in node.list("retreat_to"))
        for rid, n in zip(retreat_to, node.list("retreat_to")):
            if not board.adjacent(region, rid):
                raise n.error(f"{board.regions[rid].name} is not adjacent to {region.name}: a retreat goes to an "
                              "adjacent region (WOTR-END-3)")
    player = node.str("player", None)
    node.raw("card", None), node.raw("hand", None)  # named Combat cards: read by card_plan_reader
    node.finish(ARMY_KEYS)
    if besieged:
        if region.settlement != "stronghold":
            raise node.error(f"{region.name} has no Stronghold (it has {settlement_words(region.settlement)}): only "
                             "an Army in a Stronghold is besieged (WOTR-SITE-4)", "besieged")
    return Army(role=role, side=side, region=region, force=force, rearguard=rearguard, besieged=besieged,
                replacements=replacements, replacements_origin=origin, retreat_to=retreat_to, player=player)


def _side(node: Node, force: Force, nations: Nations, chars: CharacterDB) -> str:
    sides = {}
    for c in force.contingents:
        sides.setdefault(nations.nations[c.nation].side, nations.nations[c.nation].name)
    if force.nazgul:
        sides.setdefault("shadow", "Nazgûl")
    for ch in force.characters:
        sides.setdefault(chars.characters[ch].side, chars.characters[ch].name)
    given = side_of_name(node.str("side"), file=node.file, path=f"{node.path}.side") if node.has("side") else None
    if len(sides) > 1:
        raise node.error("an Army holds figures of one side only: " + " and ".join(
            f"{who} ({s.replace('_', ' ')})" for s, who in sides.items()))
    found = next(iter(sides), None)
    if given and found and given != found:
        raise node.error(f"side is {given} but the figures are {found.replace('_', ' ')} ({sides[found]})", "side")
    if not (given or found):
        raise node.error("cannot tell the side: give `side:` or some figures", "side")
    return given or found


def _control(root: Node, board: Board) -> dict[str, str]:
    out: dict[str, str] = {}
    if not root.has("control"):
        return out
    for key, n in root.child("control").items():
        region = board.region(key, file=n.file, path=n.path)
        refusal = control_refusal(region)
        if refusal:
            raise n.error(refusal)
        out[region.id] = side_of_name(n.as_str(), file=n.file, path=n.path)
    return out


def _garrison(battle: Node, attacker: Army, defender: Army, nations, chars):
    """``battle.garrison``: the besieged Army a relief battle is fought for (WOTR-SIEGE-7): in the Stronghold
    of the defender's region, of the attacker's side; it does not fight."""
    from .reading import _force

    if not battle.has("garrison"):
        return None
    node = battle.child("garrison")
    node._mapping()
    force = _force(node, nations, chars, top=False)
    region = defender.region
    if region.settlement != "stronghold" or attacker.region.id == region.id:
        raise node.error("a garrison is the besieged Army of a relief battle: the defender's region must hold a "
                         "Stronghold, attacked from another region (WOTR-SIEGE-7)")
    sides = {load_nations().nations[c.nation].side for c in force.contingents}
    if sides - {attacker.side}:
        raise node.error(f"the garrison is of the attacker's side ({attacker.side.replace('_', ' ')}): it is the "
                         "Army the relief is for (WOTR-SIEGE-7)")
    return force


def _table_card(n: Node) -> str:
    """A Persistent Event card on the table, by its title (WOTR-EVT-5/10)."""
    from pycombat.errors import UnknownNameError
    from pycombat.names import closest
    from .cards.event_battle import event_card
    from .cards.requirements import event_records

    rec = event_card(n.as_str())
    if rec is None:
        raise UnknownNameError("Event card", n.as_str(), closest(n.as_str(), sorted(event_records())), file=n.file,
                               path=n.path)
    if not rec["persistent"]:
        raise n.error(f"{rec['title']} is not a card that stays on the table (WOTR-EVT-4/5)")
    return rec["title"]


def _same_region_kind(battle: Node, attacker: Army, defender: Army) -> str:
    if defender.besieged:
        return "siege"
    if attacker.besieged:
        return "sortie"
    raise battle.error(f"both Armies are in {attacker.region.name}: say `kind: siege` or `kind: sortie` (and mark the "
                       "besieged Army `besieged: true`) (WOTR-ATK-3)", "kind")


# ---- combat cards ---------------------------------------------------------------------------
def _card_play(node: Node) -> CardPlay:
    node._mapping()
    rnd = node.int("round", minimum=1)
    by = node.str("by", choices=("attacker", "defender"))
    name = node.str("name", f"card of the {by}")
    initiative = node.int("initiative", None, minimum=0)
    effects = {}
    for role in ("attacker", "defender"):
        effects[role] = _effects(node.child(role)) if node.has(role) else Effects()
    node.finish(CARD_KEYS)
    if effects["attacker"].is_empty() and effects["defender"].is_empty():
        raise node.error("a Combat card needs an effect on `attacker:` or `defender:` rolls, e.g. "
                         "{attacker: {combat_roll: 1}}")
    return CardPlay(round=rnd, by=by, name=name, attacker=effects["attacker"], defender=effects["defender"],
                    initiative=initiative, path=node.path)


def _effects(node: Node) -> Effects:
    node._mapping()
    kw: dict[str, Any] = {}
    for key in ("combat_roll", "reroll", "dice", "leadership"):
        if node.has(key):
            kw[key] = node.int(key)
    for key in ("hit", "reroll_hit"):
        if node.has(key):
            v = node.int(key, minimum=1)
            if v > 7:
                raise node.error(f"a hit number is 1 to 7 (a natural 6 always hits, WOTR-HIT-4), not {v}", key)
            kw[key] = v
    if node.has("no_reroll"):
        kw["no_reroll"] = node.bool("no_reroll")
    node.finish(EFFECT_KEYS)
    return Effects(**kw)


def _one_card_per_round(node: Node, cards: tuple[CardPlay, ...]) -> None:
    seen: dict[tuple[int, str], CardPlay] = {}
    for c in cards:
        key = (c.round, c.by)
        if key in seen:
            raise ScenarioError(f"the {c.by} already plays {seen[key].name!r} in round {c.round}: at most one Combat "
                                "card per player per round (WOTR-CARD-2)", file=node.file, path=c.path)
        seen[key] = c


# ---- cross-checks ---------------------------------------------------------------------------
def _check_characters(root: Node, s: Scenario, chars: CharacterDB) -> None:
    everywhere: dict[str, str] = {}
    for role in ("attacker", "defender"):
        army = s.army(role)
        for ch in army.force.characters:
            everywhere[ch] = role
            c = chars.characters[ch]
            if c.servants_of_the_white_hand and army.region.id != "orthanc":
                raise ScenarioError(f"{c.name} never leaves Orthanc (WOTR-CHMOVE-8); this Army is in "
                                    f"{army.region.name}", file=root.file, path=f"{role}.characters")
    for ch in s.in_play:
        if ch in everywhere:
            raise ScenarioError(f"{chars.characters[ch].name} is already in the {everywhere[ch]}'s Army",
                                file=root.file, path="in_play")
    present = set(everywhere) | set(s.in_play)
    for c in chars:
        if c.replaces and c.id in present and c.replaces in present:
            raise ScenarioError(f"{c.name} replaces {chars.characters[c.replaces].name}: they are never in play "
                                "together (digest section 19)", file=root.file,
                                path=f"{everywhere.get(c.id, 'in_play')}.characters")
    if s.white_rider and "gandalf-white" not in s.defender.force.characters + s.attacker.force.characters:
        raise ScenarioError("white_rider needs Gandalf the White in one of the Armies (WOTR-STR-11)",
                            file=root.file, path="battle.white_rider")
    a_naz, d_naz = s.attacker.force.nazgul, s.defender.force.nazgul
    if a_naz + d_naz > 8:
        role = "attacker" if d_naz == 0 else "defender"  # the Army whose Nazgûl go beyond the figures
        both = f": the attacker has {a_naz} and the defender {d_naz}" if a_naz and d_naz else ""
        raise ScenarioError(f"there are 8 Nazgûl figures (digest section 19){both}", file=root.file,
                            path=f"{role}.nazgul")


def _with_default_replacements(s: Scenario, nations: Nations) -> Scenario:
    """Regulars available to replace Elites (WOTR-CAS-5), per Nation of each Army.

    Default: the Nation's figure total (RB p.6) less its Regulars in this battle's Armies: every
    other Regular of the Nation is taken to be in the reinforcements or among the casualties,
    none elsewhere on the map. A file that knows better says ``replacements: {Nation: N}``.
    Only matters with ``replacement_pool=tracked``.
    """
    used: dict[str, int] = {}
    for army in (s.attacker, s.defender):
        for c in army.force.contingents:
            used[c.nation] = used.get(c.nation, 0) + c.regulars
            total = nations.nations[c.nation].figures_total
            if c.regulars > total["regular"] or c.elites > total["elite"] or c.leaders > total["leader"]:
                raise ScenarioError(
                    f"{nations.nations[c.nation].name} has only {total['regular']} Regular, {total['elite']} Elite and "
                    f"{total['leader']} Leader figures (digest section 19)", file=s.file, path=f"{army.role}.units")
    armies = []
    for army in (s.attacker, s.defender):
        rep = dict(army.replacements)
        origin = dict(army.replacements_origin)
        for c in army.force.contingents:
            if c.nation not in rep:
                rep[c.nation] = max(0, nations.nations[c.nation].figures_total["regular"] - used[c.nation])
                origin[c.nation] = "default"
        armies.append(replace(army, replacements=rep, replacements_origin=origin))
    return replace(s, attacker=armies[0], defender=armies[1])
