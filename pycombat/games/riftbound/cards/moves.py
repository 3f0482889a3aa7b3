"""A unit's triggers on its own move (RB-CARD-10): "When I move", "When I move to a battlefield", "The first
time I move each turn", "When I move from a location", resolved before the showdown.

The Attacker's units moved onto the battlefield, staging the combat (RB-COMB-1): their move triggers go
on the chain then, and the combat is held only once the chain is empty (RB-COMB-2), so they resolve
before the showdown begins, each read like a card by the one interpreter (:mod:`.interpreter`), as an
ability of Action speed whose additional cost ("you may pay a rune to ...") is paid as it resolves (as a
combat trigger's, :mod:`.triggers`). What they play "here" is at the battlefield and fights for their
player (RB-COMB-4: a unit there as the combat begins gets its player's designation); a unit they move
away or kill is not in the combat. The scenario's attacking units are the ones that moved in, before
their triggers resolved. The staging move is taken as each attacker's first this turn ("The first time
I move each turn" fires on it).

A unit not attacking (a defender, a unit at its base) moved this turn only as the scenario states it
(``moved: true``), earlier in the turn, before the combat was staged: of its move triggers, those that
only change Might or keywords this turn resolve as the combat begins (the board cannot state them
otherwise); the others (tokens played, damage dealt, units moved or readied) resolved then, and the
board as the scenario states it holds their result. At its base, only "When I move" surely fired (its
move may have been to the base). ``moved`` not stated: NOT MODELLED (RB-CARD-4).

A trigger that needs no choice resolves by itself; one that needs a choice (a target, an option, a
condition the board does not decide, an optional "you may") is stated as a showdown entry
``{trigger: UNIT, when: move, target: ...}`` listed before the combat triggers, or it is NOT MODELLED
(RB-CARD-4).
"""
from __future__ import annotations

import re
from typing import Iterable, Mapping

from pycombat.frozen import replace
from .interpreter import Play, Unmodelled, effect_support
from .tokens import MOVED_FROM
from .records import effect_text
from .triggers import ability_card, as_ability, choice_of, empowered_only, resolves_idle, trigger_cost
from .units import ANY_MOVE, MOVE_TRIGGERS, load_units

RULES = ("RB-CARD-10", "RB-COMB-2")
#: effect kinds whose result a scenario cannot state for a unit that moved earlier in the turn: "this turn"
#: changes of Might and keywords (the rest, tokens, damage, moves, readying, is the board as stated)
THIS_TURN = ("might_modifier", "grant_keyword")


#: target locations of a move trigger as the data words them, read as the interpreter's: "a battlefield I moved to
#: or from" is the battlefield (an attacker moved to it; one it moved from holds no unit of the scenario)
LOCATIONS = {"a battlefield I moved to or from": "battlefield"}
#: target keys and locations the interpreter checks (RB-CARD-1); a move trigger asking for another is not read
TARGET_KEYS = {"count", "side", "kind", "location", "state", "other", "might_max", "might_less_than", "ref", "chosen",
               "tag", "domain"}
TARGET_LOCATIONS = (None, "same_location", "battlefield", "in_combat")


#: an additional cost with no effect on a combat: "[Burn N]" puts the top N cards of the Main Deck into the trash
BURN = re.compile(r"^\[Burn \d+\]$")
#: "When I move from a battlefield" (Harpoon Squad): on a move made before the combat was staged (an attacker's
#: move in, a defender's or a base unit's earlier move) where the unit came from is not in the scenario: a condition
#: the entry states (`condition: true` = from a battlefield, RB-CARD-8); on a move during the showdown it is known
FROM_BATTLEFIELD = "When I move from a battlefield"
CAME_FROM = "I moved from a battlefield (not from my base)"


def _read(e: dict) -> dict:
    """A move trigger effect as the interpreter reads it: its target's location in the interpreter's words; a
    "[Burn N]" cost left out (the player who states the trigger pays it; no combat number changes); an option set
    by a card drawn or revealed ("do the following based on the discarded card's type"), the only option of the
    card that changes a combat, read as a condition the entry states (`condition:`, RB-CARD-8)."""
    t = e.get("target")
    if e.get("trigger") == FROM_BATTLEFIELD and not e.get("condition"):
        e = {**e, "condition": CAME_FROM}
    if isinstance(t, dict) and t.get("location") in LOCATIONS:
        e = {**e, "target": {**t, "location": LOCATIONS[t["location"]]}}
    if BURN.match(str(e.get("cost") or "")):
        e = {k: v for k, v in e.items() if k != "cost"}
    if e.get("mode_option") and e.get("mode_rule") and e.get("mode_label") and not e.get("condition"):
        e = {**{k: v for k, v in e.items() if k not in ("mode_option", "mode_rule", "mode_label")},
             "condition": f"{e['mode_rule']}: {e['mode_label']}"}
    return e


read = _read  #: a move trigger effect as the interpreter reads it


def move_effects(unit) -> tuple[dict, ...]:
    """The unit card's triggers on its own move (:data:`MOVE_TRIGGERS`), in text order (an option set by a card
    drawn is read so only when it is the card's one option in its data)."""
    if unit.card_id is None:
        return ()
    es = [e for e in load_units().unit(unit.card_id).abilities
          if e.get("trigger") in MOVE_TRIGGERS and not e.get("activated")]
    labels = {e.get("mode_label") for e in es if e.get("mode_option")}
    return tuple(_read(e) if len(labels) <= 1 else e for e in es)


def attacking(unit, scenario) -> bool:
    """The unit is one of the Attacker's at the battlefield: it moved in (RB-COMB-1)."""
    return unit.side == "attacker" and any(u.name == unit.name for u in scenario.attacker.units)


def cost_support(e: Mapping) -> tuple[bool, str]:
    """A move trigger's additional cost: Energy and runes are read (paid as it resolves, RB-CARD-2); any other
    ([Burn], XP, kill me) is not."""
    if not e.get("cost"):
        return True, ""
    _, _, kill, unread = trigger_cost(e)
    if kill or unread:
        return False, f"its additional cost ({e['cost']}) is not modelled"
    return True, f"its additional cost ({e['cost']}) paid as it resolves: checked with card_costs=stated (RB-CARD-2)"


def support(e: Mapping) -> tuple[bool, str]:
    """``(read, how or why not)`` for one move trigger effect, read as the interpreter reads an ability."""
    e = _read(dict(e))
    ok, why = cost_support(e)
    if not ok:
        return ok, why
    t = e.get("target") or {}
    if isinstance(t, dict) and (set(t) - TARGET_KEYS or t.get("location") not in TARGET_LOCATIONS):
        return False, f"its target ({effect_text(e)}) asks for what the interpreter does not check (RB-CARD-1)"
    ok, how = effect_support(as_ability({k: v for k, v in e.items() if k != "cost"}))
    return ok, (f"{how}; {why}" if ok and why else how)


def firing(unit, scenario) -> tuple[tuple[dict, ...], list[tuple[str, str]]]:
    """The unit's move triggers that resolve before the showdown, and those left open: (what, why)."""
    effects = move_effects(unit)
    if not effects:
        return (), []
    if attacking(unit, scenario):
        return effects, []
    label = [f"ability {e['trigger']}: {effect_text(e)}" for e in effects]
    if unit.moved is None:
        return (), [(w, "fired when the unit moved (before the combat was staged): whether it moved this turn is not "
                        "stated: give the unit `moved: true|false` (RB-CARD-10)") for w in dict.fromkeys(label)]
    if not unit.moved:
        return (), []
    at_base = any(u.name == unit.name for u in scenario.reserve)
    # at its base after moving this turn, its last move was from a battlefield (a move to a base starts at one)
    fired = [e if not at_base else {k: v for k, v in e.items() if not (k == "condition" and v == CAME_FROM)}
             for e in effects if not at_base or e["trigger"] in ANY_MOVE + (FROM_BATTLEFIELD,)]
    open_ = [(f"ability {e['trigger']}: {effect_text(e)}", "fired as the unit moved, before the showdown: at its "
              "base, whether its move this turn was to a battlefield is not in the scenario")
             for e in effects if at_base and e["trigger"] not in ANY_MOVE + (FROM_BATTLEFIELD,)]
    if any(e["effect"] not in THIS_TURN for e in fired):  # its result is the board as stated
        return (), list(dict.fromkeys(open_))
    return tuple(fired), list(dict.fromkeys(open_))


def _unwrapped(e: dict) -> dict:
    """``e`` with a "choose a unit, then ..." target read as the unit it chooses (and "the unit chosen" as the
    trigger's own choice made already), to judge whether any unit fits as the combat begins (RB-CARD-1)."""
    t = e.get("target") or {}
    if t.get("ref") == "chosen":
        return {**e, "target": dict(t["chosen"]) if "chosen" in t else {"ref": "self"}}
    return e


def stated_effects(unit, scenario) -> tuple[dict, ...]:
    """The move trigger effects a ``{trigger: UNIT, when: move}`` entry resolves (empty: none fires)."""
    return empowered_only(unit, firing(unit, scenario)[0])


def move_chain(scenario, stated: Iterable[Play]) -> tuple[list[Play], list[Unmodelled], list[str]]:
    """The move triggers resolving before the showdown, in order: those of the units not attacking (they moved
    earlier in the turn), then the Attacker's (the move staging the combat), each time the stated ones as listed,
    then those that need no choice; the triggers left open (NOT MODELLED, RB-CARD-4); the names of the units
    whose trigger resolved by itself."""
    stated = list(stated)
    said = {p.trigger_of for p in stated}
    chain, missing, auto = [], [], []
    earlier = [u for u in scenario.reserve + scenario.defender.units if not attacking(u, scenario)]
    staging = list(scenario.attacker.units)
    for units in (earlier, staging):  # the moves earlier in the turn, then the one staging the combat
        names = {u.name for u in units}
        came = {u.name: came_from(u) for u in units} if units is staging else {}
        chain += [replace(p, moved_from=came.get(p.trigger_of)) for p in stated if p.trigger_of in names]
        start = len(chain)
        _auto(scenario, units, said, chain, missing, auto, units is staging)
        chain[start:] = [replace(p, moved_from=came.get(p.trigger_of)) for p in chain[start:]]
        for u in units if units is staging else ():
            if came[u.name] is None and any(e.get("to") == MOVED_FROM for e in move_effects(u)):
                missing.append(Unmodelled(u.card_name or u.name, f"where the unit moved from (unit {u.name})",
                                          "with [Ganking] it came from its base or another battlefield, which the "
                                          "scenario does not say: what its move trigger plays \"there\" is played at "
                                          "another battlefield, out of this combat either way (RB-CARD-4, RB-CARD-15)"))
    return chain, missing, auto


def came_from(unit) -> str | None:
    """Where an attacking unit came from as it moved onto the battlefield, staging the combat (RB-COMB-1): its base,
    unless it has [Ganking] (it may move from battlefield to battlefield, RB-MIGHT-11): then None, not known."""
    ganking = unit.ganking or any(str(k).split()[0] == "Ganking" for k in unit.keywords)
    return None if ganking else "base"


def _auto(scenario, units, said, chain: list, missing: list, auto: list, staging: bool = False) -> None:
    """The move triggers of ``units`` that resolve by themselves (added to ``chain``), or that are left open (those
    of the move ``staging`` the combat await their player's choice: the showdown game from both hands makes it)."""
    for u in units:
        effects, open_ = firing(u, scenario)
        card = u.card_name or u.name
        missing += [Unmodelled(card, f"{what} (unit {u.name})", why) for what, why in open_]
        effects = empowered_only(u, effects)
        if not effects or u.name in said:
            continue
        unread = [(e, why) for e in effects for ok, why in [support(e)] if not ok]
        if unread:
            missing += [Unmodelled(card, f"ability {e['trigger']}: {effect_text(e)} (unit {u.name})", why)
                        for e, why in unread]
            continue
        choice = choice_of(u, effects)
        if (idle := resolves_idle(u, effects, choice, scenario, [_unwrapped(e) for e in effects])) is not None:
            effects, choice = idle, None  # no unit to take: nothing happens
        if choice is None:
            chain.append(Play(card=ability_card(u, effects, effects[0]["trigger"]), by=u.side, trigger_of=u.name,
                              on_move=True, idle=idle is not None,
                              path=f"{u.path}.moved"))
            auto.append(u.name)
        elif any(u.name == r.name for r in scenario.reserve):
            missing.append(Unmodelled(card, f"its move trigger ({effects[0]['trigger']}, unit {u.name})",
                                      f"{choice} is the player's, and an entry states it only for a unit at the "
                                      "battlefield (RB-CARD-10)"))
        else:
            what = "condition: true|false" if choice.startswith("whether") and choice != "whether to use it" \
                else "target: ..."
            said = f"{choice} is the player's" if choice != f"whether {CAME_FROM}" else \
                "where it moved from (another battlefield, or its base) is not in the scenario"
            missing.append(Unmodelled(card, f"its move trigger ({effects[0]['trigger']}, unit {u.name})",
                                      f"{said}: state it as a showdown entry "
                                      f"`{{trigger: {u.name}, when: move, {what}}}` before the others "
                                      "(RB-CARD-10, RB-COMB-2)",
                                      awaiting=(u.side, u.name, "move") if staging and choice != f"whether {CAME_FROM}"
                                      else None))


def tokens_played(units, used: Iterable[str], firings: int = 1) -> set[str]:
    """The names of the unit tokens ``units``' move triggers may play (RB-CARD-15): the attacking units' as they
    moved in, any unit's a card or ability moves during the showdown (up to ``firings`` times each), known before
    the showdown's entries are read so that they may name them (the interpreter names them alike, the first
    numbers free; a name no token got is refused as the entry naming it resolves)."""
    from .tokens import token_name, token_names

    names = set(used)
    for _ in range(firings):
        for u in units:
            for e in move_effects(u):
                if e["effect"] == "create_unit_token" and isinstance(e.get("count"), int) and support(e)[0]:
                    names.update(token_names(token_name(e), e["count"], names))
    return names - set(used)


# ---- a unit a card or ability moves after the combat was staged ----------------------------------------------
#: which moves fire each trigger on the unit's own move: (from, to) -> fires; a place is ``battlefield`` (this one),
#: ``elsewhere`` (another battlefield) or ``base``
FIRES = {"When I move": lambda src, dst: True, "When I move from a location": lambda src, dst: True,
         "When I move to a battlefield": lambda src, dst: dst != "base",
         FROM_BATTLEFIELD: lambda src, dst: src != "base",
         "The first time I move each turn": lambda src, dst: True}
FIRST = "The first time I move each turn"
#: the showdown's turn effects note each unit moved during it (its next move is not its first this turn)
MOVED_KEY = "moved during the showdown: "


def first_move(run, name: str) -> bool | None:
    """Whether moving ``name`` now is its first move this turn (None: the scenario does not say): not after a move
    earlier in this showdown nor for an attacker (the move that staged the combat, RB-COMB-1); for another unit of
    the scenario as its ``moved:`` states; a unit that entered play during the showdown had not moved."""
    sc = run.scenario
    if run.turn.get(MOVED_KEY + name) or any(u.name == name for u in sc.attacker.units):
        return False
    if any(u.name == name for u in sc.defender.units + tuple(sc.reserve)):
        moved = run.units[name].moved
        return None if moved is None else not moved
    return True


def on_moves(run, moves: list[tuple[str, str, str]], cause: str) -> None:
    """RB-CARD-10: each unit ``cause`` (a card, an ability, a trigger) moved during the showdown, or before it as a
    move trigger resolved, puts its own move triggers on the chain as it moves; they resolve right after ``cause``
    and its cleanup (RB-MIGHT-1), in the order the units moved, each read by the one interpreter like a combat
    trigger, "me" and "here" being the unit where it now is. One that needs a choice (a target, an option, a
    condition the board does not decide, a "you may", its additional cost) has it stated by an entry ``{trigger:
    UNIT, when: move, ...}`` right after the entry whose resolution moved the unit (:mod:`.events`); not stated it
    is named NOT MODELLED (RB-CARD-4), as is one the interpreter does not read. Then "When a friendly unit moves from
    my location" of each other unit of its side that was where it moved from (:func:`followers`). The units their
    effects move fire theirs in turn. ``run`` is a showdown :class:`~.showdown.Progress`."""
    for name, src, dst in moves:
        u = run.units.get(name)
        _counted_move(run, name, u, cause)
        first = first_move(run, name)
        run.turn[MOVED_KEY + name] = True
        with_it = followers(run, name, src)  # triggered as it moves, resolved after its own triggers
        if u is not None and u.card_id is not None:
            _own(run, name, u, src, dst, first, cause)
        _follow(run, name, src, dst, with_it, cause)


def _counted_move(run, name: str, u, cause: str) -> None:
    """RB-CARD-4: a unit whose "don't take damage" clause counts its moves this turn (Kayn: "if I have moved twice")
    moved during the showdown: the scenario's ``immune:`` says whether it held as the showdown began, not whether
    this move makes it hold; named NOT MODELLED unless it holds already (RB-ORD-7)."""
    from .records import MOVE_COUNTED, immunity
    from .units import load_units

    if u is None or u.card_id is None or u.immune:
        return
    for e in load_units().unit(u.card_id).abilities:
        if immunity(e) and MOVE_COUNTED in str(e.get("condition")):
            run.unmodelled.append(Unmodelled(u.card_name or name, f"its 'don't take damage' clause (unit {name}), if "
                                             f"{e['condition']}", f"{cause} moved it during the showdown: whether this "
                                             "move makes it hold is not stated (`immune:` is as the showdown begins, "
                                             "RB-ORD-7, RB-CARD-4)"))
            run.say(f"  not modelled: whether {name}'s move makes its 'don't take damage' clause hold ({e['condition']})",
                    ("RB-CARD-4",))


def followers(run, name: str, src: str) -> list[str]:
    """The units in play whose "When a friendly unit moves from my location" the move of ``name`` from ``src``
    fires: of its side, not itself, at ``src`` (the battlefield, or their base; another battlefield is not told
    apart from a second one: :func:`_follow` names it)."""
    from .events import triggered

    side = run.units[name].side if name in run.units else None
    at = {"battlefield": run.present, "base": run.base, "elsewhere": run.away}.get(src, [])
    return [m for m in list(at) if m != name and run.units[m].side == side and triggered(run.units[m], "follow")]


def _follow(run, name: str, src: str, dst: str, units: list[str], cause: str) -> None:
    """RB-CARD-10: "When a friendly unit moves from my location, I may be moved with it": each of ``units`` moves to
    where ``name`` went, the player's choice stated by an entry ``{trigger: UNIT, when: move}`` (or ``decline:
    true``) right after the entry whose resolution moved ``name``."""
    from . import events

    for m in units:
        if src == "elsewhere":  # "my location": the model holds one place for every other battlefield
            u = run.units[m]
            _open(run, u.card_name or m, f"ability \"When a friendly unit moves from my location\" (unit {m})",
                  f"{name} moved from another battlefield, where {m} is: whether it is the same one is not in the "
                  "model (RB-CARD-4)")
            continue
        events.fire(run, [(m, "follow")], f"{cause} moving {name} from "
                    + ("the battlefield" if src == "battlefield" else "their base") + f" to {_PLACE[dst]}", to=dst)


_PLACE = {"battlefield": "the battlefield", "base": "their base", "elsewhere": "another battlefield"}


def _own(run, name: str, u, src: str, dst: str, first: bool | None, cause: str) -> None:
    """RB-CARD-10: the own move triggers of ``u`` (``name``) moved from ``src`` to ``dst`` by ``cause``."""
    card = u.card_name or name
    groups: dict[str, list[dict]] = {}
    for e in move_effects(u):
        if FIRES.get(e["trigger"], lambda s, d: False)(src, dst):  # where it came from is known now
            e = {k: v for k, v in e.items() if not (k == "condition" and v == CAME_FROM)}
            groups.setdefault(e["trigger"], []).append(e)
    for trig, effects in groups.items():
        what = f"ability {trig}: {'; '.join(effect_text(e) for e in effects)} (unit {name})"
        if trig == FIRST and first is None:
            _open(run, card, what, f"whether moving it by {cause} is its first move this turn is not stated: "
                                   f"give {name} `moved: true|false` (RB-CARD-10)")
            continue
        if trig == FIRST and not first:
            continue
        if name not in run.present + run.base + run.away:
            if all(_on_itself(e) for e in effects):  # RB-CARD-11: what it acts on is gone
                run.say(f"{cause} moving {name} triggers its \"{trig}\" ability, but {name} left play before it "
                        "resolved: it acts only on the unit, so it does nothing.", ("RB-CARD-11",))
                continue
            _open(run, card, what, f"it left play before its trigger resolved, by {cause}: where its effects "
                                   "act is not read")
            continue
        effects = list(empowered_only(u, tuple(effects)))
        if not effects:
            continue
        unread = [why for e in effects for ok, why in [support(e)] if not ok]
        choice = None if unread else choice_of(u, effects)
        paid = [str(e["cost"]) for e in map(_read, effects) if e.get("cost")]
        from . import events

        stated = events.stated(run, name, events.OWN_MOVE) if not unread else None
        if stated is None and (unread or choice is not None or paid):
            _open(run, card, what, f"it fires as {cause} moves the unit during the showdown; " + (
                "; ".join(unread) if unread else
                f"{choice} is the player's" if choice is not None else
                f"its additional cost ({', '.join(paid)}) is paid as it resolves, by its player,")
                + (f", and no showdown entry states it: give an entry `{{trigger: {name}, when: move, ...}}` right "
                   "after the entry that moves it" if not unread else "") + " (RB-CARD-4)")
            continue
        more: list = []
        play = Play(card=ability_card(u, effects, trig), by=u.side, trigger_of=name, path=f"{u.path}.moved",
                    moved_from=src)  # ("there" of "When I move from a location")
        if stated is not None:  # RB-CARD-10: the player's choice, stated by the entry
            play = replace(events.as_stated(stated, play, trig), moved_from=src)
        seen = events.on_play(run, play)
        said, missing = run.resolve(play, more)
        run.unmodelled.extend(missing)
        run.say(f"{cause} moving {name} triggers its \"{trig}\" ability; it goes on the chain and resolves: "
                + ("; ".join(x.text for x in said) or "no modelled effect") + ".",
                tuple(dict.fromkeys(RULES[:1] + tuple(r for x in said for r in x.rules))))
        for m in missing:
            run.say(f"  not modelled: {m.what} ({m.why})", ("RB-CARD-4",))
        run._settle()  # the cleanup after it resolves (RB-MIGHT-1)
        events.after(run, play, seen)  # the unit tokens it played are units played (RB-CARD-10)
        on_moves(run, more, f"{name}'s \"{trig}\" ability")


def _on_itself(effect: dict) -> bool:
    """Whether ``effect`` acts only on the unit whose ability it is ("give me +2 Might this turn"), with no option
    set by a card drawn or revealed: gone from play, the unit makes it do nothing (RB-CARD-11)."""
    return effect.get("target") == {"ref": "self"} and not any(k.startswith("mode_") for k in effect)


def _open(run, card: str, what: str, why: str) -> None:
    run.unmodelled.append(Unmodelled(card, what, why))
    run.say(f"  not modelled: {what} ({why})", ("RB-CARD-4",))
