"""Units' combat triggers (RB-CARD-10): "When I attack", "When I defend", "When I attack or defend".

As the combat's showdown begins, these triggers go on the chain, the Attacker's first and the
Defender's on top (RB-SHOW-2), so the Defender's resolve first; each player orders his own. A
trigger is read like a card: its effect records go through the one interpreter
(:mod:`.interpreter`), as an ability (no cost, Action speed). The scenario states a trigger that
needs a choice (a target, a split, a "choose one" option, a condition the board does not decide, an
optional "you may") as a showdown entry ``{trigger: UNIT, target: ...}``, placed before every other
entry, the Defender's first; a trigger that needs none (it acts on the unit itself or on every unit
that fits) resolves by itself when the scenario does not state it, and so does one whose only choice
is a target no unit fits as the combat begins (it does nothing; a unit that can't be chosen by enemy
abilities does not fit, RB-CARD-9). A trigger that needs a choice and is
not stated is named NOT MODELLED (RB-CARD-4). "Give a unit +N Might and [Keyword]" gives both to the
one unit chosen.

A player's combat trigger, "When you defend at a battlefield, you may move me there" (:data:`PLAYER_TRIGGERS`),
fires for each of the Defender's units in play as his combat begins, at the battlefield or at his base, and goes on
the chain with the Defender's "When I defend": stated ``{trigger: UNIT}`` (or ``decline: true``), it moves a unit at
the base into the combat (RB-CARD-7); a unit at the battlefield is there already and it resolves doing nothing.

A combat trigger's additional cost ("When I attack, you may pay 1 Energy to ...", "you may kill me to
...") is paid as it resolves: the entry stating the trigger says the player used it and paid. Energy
and runes are checked as a card's cost with ``card_costs = stated`` (the entry's ``paid:``, RB-CARD-2);
"kill me" kills the unit first, and the rest happens only if it did (RB-CARD-8). "Spend N XP" is paid from its
player's XP (the side's ``xp:``), stated by the entry (``paid: {xp: N}``) and refused when he has less; the XP left
is what his units' "[Level N]" static abilities read for the rest of the showdown (RB-CARD-2, RB-CARD-9). Any other
cost ([Burn], a buff spent) is not modelled (RB-CARD-4).

What a trigger reveals is a fact its player knows as it resolves, stated on its entry (``revealed:``, RB-CARD-10):
"reveal the top rune of your rune deck ... Do one of the following based on its domain" (the records' ``mode_rule``)
takes the rune's domain (``revealed: fury``), and the option of that domain resolves (one the records do not hold,
"mind — Draw 1", is off the board; a domain with no option does nothing); "Deal 1 to that unit for each card with
[Hidden] revealed this way" (the records' ``per``) takes how many of the cards revealed have it (``revealed: 2``, at
most the number revealed): one instance of that much damage. Not stated: the effects reading it are NOT MODELLED
(RB-CARD-4); stated for an ability that reveals nothing, or of the wrong kind, it is refused.
"""
from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Mapping, Sequence

from pycombat.frozen import replace
from .interpreter import (BOARD_CONDITIONS, KILLED_FOR_COST, MIGHT_OF_CHOSEN_HERE, REVEALED, Play, Unmodelled, revealed_count,
                          revealed_option, reveals)
from .spells import Card
from .statics import EMPOWERED, replacement_of
from .units import load_units
from .ability_play import KIND as PLAY_CARD


#: a combat trigger's additional cost that kills its own unit ("you may kill me to ...")
KILL_ME = "kill me"
_ENERGY = re.compile(r"^(\d+) energy$")
_RUNES = re.compile(r"^(\d+) [\w-]+ runes?$")
_XP = re.compile(r"^spend (\d+) XP$")


def xp_cost(e: Mapping[str, Any]) -> int:
    """The XP a trigger's additional cost spends ("spend 3 XP"; 0: none).

    >>> xp_cost({"cost": "spend 3 XP"}), xp_cost({"cost": "1 energy"})
    (3, 0)
    """
    return sum(int(m.group(1)) for part in trigger_cost(e)[3] if (m := _XP.match(part)))


def trigger_cost(e: Mapping[str, Any]) -> tuple[int, int, bool, list[str]]:
    """A combat trigger's additional cost as the data words it: (Energy, Power, kills its unit, parts not
    read). A note in brackets after it ("paid on resolution") is its timing: it is paid as it resolves.

    >>> trigger_cost({"cost": '1 fury rune (paid on resolution: "if you do")'}), trigger_cost({"cost": "kill me"})
    ((0, 1, False, []), (0, 0, True, []))
    >>> trigger_cost({"cost": "spend 3 XP"})
    (0, 0, False, ['spend 3 XP'])
    """
    energy = power = 0
    kill = False
    unread = []
    for part in (p.strip() for p in re.sub(r"\s*\(.*\)\s*$", "", str(e.get("cost") or "")).split(",")):
        if part == KILL_ME:
            kill = True
        elif m := _ENERGY.match(part):
            energy += int(m.group(1))
        elif m := _RUNES.match(part):
            power += int(m.group(1))
        elif part:
            unread.append(part)
    return energy, power, kill, unread


#: showdown event triggers (:mod:`.events`) whose additional cost ("you may pay ... to") is paid as they resolve
PAID_EVENT_TRIGGERS = ("When a unit you control becomes [Mighty]", "When you discard me")


def cost_read(e: Mapping[str, Any]) -> bool:
    """Whether ``e`` is a combat trigger's effect whose additional cost the model reads (RB-CARD-10, RB-CARD-2)."""
    from .units import COMBAT_TRIGGERS, MOVE_TRIGGERS

    if not e.get("cost") or e.get("trigger") not in (*COMBAT_TRIGGERS, *MOVE_TRIGGERS, *PAID_EVENT_TRIGGERS) \
            or e.get("activated"):
        return False
    _, _, kill, unread = trigger_cost(e)
    # "spend N XP": paid from the side's XP on a combat trigger (not on a move or event trigger)
    unread = [u for u in unread if not (_XP.match(u) and e.get("trigger") in COMBAT_TRIGGERS)]
    return not unread and not (kill and e.get("condition"))


def as_ability(e: Mapping[str, Any], own_cost: bool = False) -> dict:
    """A trigger's effect record as the interpreter reads an ability's: without its trigger, and
    "me" (``ref: self``) as the trigger's own unit (``ref: source``). ``own_cost``: resolved as a combat
    trigger, whose additional cost the model reads is the ability card's (:func:`ability_card`), not the
    effect's (elsewhere, as a unit is played, the cost stays on the effect and is not modelled)."""
    out = {k: v for k, v in e.items() if k != "trigger" and not (k == "cost" and own_cost and cost_read(e))}
    if (out.get("target") or {}).get("ref") == "self":
        out["target"] = {**out["target"], "ref": "source"}
    return out


#: a clause of the card text off the board that is the option of a rune's domain (":rb_rune_mind: — Draw 1.")
_DOMAIN_CLAUSE = re.compile(r"^:rb_rune_(?P<domain>\w+):\s*\u2014\s*(?P<text>.+)$")


@functools.cache
def _off_board_clauses() -> dict[str, tuple[str, ...]]:
    """Each unit card's clauses the data sets apart as changing no combat (``non_combat_clauses``), by card id."""
    from .units import off_board_clauses

    return off_board_clauses()



def domain_clause(card_id: str | None, domain: str) -> str | None:
    """The text of the card's option for a rune of ``domain`` among its clauses off the board, or None.

    >>> from .units import load_units
    >>> domain_clause(load_units().unit("Twisted Fate - Gambler").id, "mind")
    'Draw 1.'
    """
    for clause in _off_board_clauses().get(card_id or "", ()):
        m = _DOMAIN_CLAUSE.match(clause)
        if m and m["domain"] == domain:
            return m["text"]
    return None


def revealed_effects(effects: Iterable[Mapping[str, Any]], revealed: str | int | None, card_id: str | None,
                     node=None) -> tuple[dict, ...]:
    """RB-CARD-10: the trigger's effects with what its entry states it revealed (``revealed:``) on each effect that
    reads it (:data:`.interpreter.REVEALED`); None: as they are (named not modelled as they resolve). ``node``: the
    entry (a :class:`~pycombat.scenario.Node`), for the error of a value the effects do not take."""
    effects = [dict(e) for e in effects]
    kind = reveals(effects)
    if revealed is None:
        return tuple(effects)
    from pycombat.errors import ScenarioError

    def refuse(message: str):
        if node is not None:
            return node.error(message + " (RB-CARD-10)", "revealed")
        return ScenarioError(message + " (RB-CARD-10)")

    if kind is None:
        raise refuse(f"`revealed: {revealed}` states what an ability reveals; this one reveals nothing the model reads")
    if kind == "domain":
        from ..spec import RUNE_DOMAINS

        if not isinstance(revealed, str) or revealed not in RUNE_DOMAINS:
            raise refuse(f"`revealed: {revealed}`: it reveals a rune: give its domain, one of {', '.join(RUNE_DOMAINS)}")
        labels = {e["mode_label"] for e in effects if revealed_option(e)}
        clause = None if revealed in labels else domain_clause(card_id, revealed)
        return tuple({**e, REVEALED: (revealed, clause)} if revealed_option(e) else e for e in effects)
    top = max(revealed_count(e)[1] for e in effects if revealed_count(e) is not None)
    if not isinstance(revealed, int) or isinstance(revealed, bool):
        raise refuse(f"`revealed: {revealed}`: give how many of the {top} cards it reveals it counts, 0..{top}")
    if revealed > top:
        raise refuse(f"`revealed: {revealed}`: it reveals the top {top} cards: at most {top} of them can count")
    return tuple({**e, REVEALED: revealed} if revealed_count(e) is not None else e for e in effects)


def same_unit(effects: Iterable[Mapping[str, Any]]) -> tuple[dict, ...]:
    """RB-CARD-1: "give one of your other units here +3 Might and [Tank]" (Yuumi, Magical Cat): a keyword
    grant right after a Might change with the same one-unit target is one "give", to the unit the Might
    change chose (none if that unit left before the ability resolved, RB-CARD-11)."""
    out: list[dict] = []
    for e in effects:
        prev = out[-1] if out else None
        t = e.get("target") or {}
        if prev is not None and e.get("effect") == "grant_keyword" and prev.get("effect") == "might_modifier" \
                and t == prev.get("target") and t.get("count") == 1:
            e = {**e, "target": {"ref": "chosen", "chosen": dict(t)}, "optional": True}
        out.append(dict(e))
    return tuple(out)


def ability_card(unit, effects: Iterable[Mapping[str, Any]], when: str | None = None) -> Card:
    """The unit's combat trigger as a card for the interpreter: an ability, Action speed, costing its
    additional cost's Energy and runes (none for most); a "kill me" cost is a kill of its unit first, the
    rest conditional on that kill (RB-CARD-8). ``when``: its trigger's words (else the card's first)."""
    effects = list(effects)
    costs = {str(e["cost"]): trigger_cost(e) for e in effects if cost_read(e)}
    energy, power = sum(c[0] for c in costs.values()), sum(c[1] for c in costs.values())
    xp = sum(xp_cost({"cost": c}) for c in costs)  # one cost shared by the trigger's effects is paid once
    read = [as_ability(e, own_cost=True) for e in effects]
    if any(c[2] for c in costs.values()):
        read = [{"effect": "kill", "target": {"ref": "source"}}] + [{**e, "condition": KILLED_FOR_COST} for e in read]
    read = same_unit(read)
    return Card(id=f"{unit.card_id}/trigger", name=f"{unit.name}'s " + (f'"{when}"' if when else _when(read, unit))
                + " ability", type="ability",
                speed="action", showdown_playable=True, energy_cost=energy or None, power_cost=power or None,
                effects=read, unparsed=0, domains=unit.domains,
                keywords=(("cost", ", ".join(costs)),) if costs else (), xp_cost=xp)


def _when(effects, unit) -> str:
    card = load_units().unit(unit.card_id) if unit.card_id else None
    trig = next((e.get("trigger") for e in (card.abilities if card else ()) if e.get("trigger")), None)
    return f'"{trig}"' if trig else "combat"


#: a player's combat triggers: "When you defend at a battlefield" fires for each unit of the Defender's in play (at
#: the battlefield or at his base) as his combat begins, on the combat chain with his units' "When I defend"
#: (RB-SHOW-2); "that battlefield" is the combat's
PLAYER_TRIGGERS = {"When you defend at a battlefield": ("defender",)}
#: where a player's combat trigger moves its unit: the combat's battlefield
THAT_BATTLEFIELD = "that battlefield"


def player_triggers(unit) -> tuple[dict, ...]:
    """The unit's abilities of :data:`PLAYER_TRIGGERS` that fire for its side, wherever it is in play."""
    if unit.card_id is None:
        return ()
    return tuple(e for e in load_units().unit(unit.card_id).abilities
                 if unit.side in PLAYER_TRIGGERS.get(e.get("trigger"), ()) and not e.get("activated"))


def not_firing(unit) -> str | None:
    """Why the player's combat trigger of ``unit`` (not at the battlefield) does not fire in this combat: its side is
    not the one it fires for (RB-SHOW-2, RB-CARD-10); None if it has none or it fires."""
    if unit.card_id is None or triggers_of(unit):
        return None
    for e in load_units().unit(unit.card_id).abilities:
        if e.get("trigger") in PLAYER_TRIGGERS and not e.get("activated"):
            sides = " and ".join(f"the {r}'s" for r in PLAYER_TRIGGERS[e["trigger"]])
            return (f"{unit.name}'s \"{e['trigger']}\" fires for {sides} units, and {unit.name} is the {unit.side}'s: "
                    "it does not fire in this combat (RB-SHOW-2, RB-CARD-10)")
    return None


def triggers_of(unit) -> tuple[dict, ...]:
    """The unit's combat trigger effects on its side (RB-SHOW-2), its player's (:data:`PLAYER_TRIGGERS`) included."""
    if unit.card_id is None:
        return ()
    return load_units().unit(unit.card_id).combat_triggers(unit.side) + player_triggers(unit)


def _there_already(effects: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the trigger only moves its own unit to the combat's battlefield (RB-CARD-7): for a unit there
    already it does nothing, and there is nothing to choose."""
    effects = list(effects)
    return bool(effects) and all(e.get("effect") == "move" and (e.get("target") or {}).get("ref") == "self"
                                 and e.get("to") == THAT_BATTLEFIELD for e in effects)


def _to_combat(p: Play, effects) -> Play:
    """A stated player's combat trigger (:data:`PLAYER_TRIGGERS`) moving its unit "to that battlefield": the
    combat's, whatever else the entry says is refused (RB-CARD-10)."""
    from pycombat.errors import ScenarioError

    if not _there_already(effects):
        return p
    if p.to not in (None, "battlefield"):
        raise ScenarioError(f"{p.trigger_of}'s \"{effects[0]['trigger']}\" ability moves it to that battlefield, "
                            f"the combat's: `to: {p.to}` is not where it goes (RB-CARD-10)", path=f"{p.path}.to")
    return replace(p, to="battlefield")


def needs_choice(effects: Iterable[Mapping[str, Any]]) -> str | None:
    """What the player chooses for the trigger (None: nothing, it resolves by itself); what it reveals is a fact its
    player knows, stated on its entry as a choice is (``revealed:``)."""
    effects = list(effects)
    kind = reveals(effects)
    if kind is not None:
        return "the domain of the rune it reveals" if kind == "domain" else "how many of the cards it reveals it counts"
    for e in effects:
        t = e.get("target") or {}
        if e.get("mode_option"):
            return "which option"
        if e.get("optional"):
            return "whether to use it"
        if e.get("condition") and e["condition"] not in BOARD_CONDITIONS:  # (the board decides those, RB-CARD-8)
            return f"whether {e['condition']}"
        if e.get("split"):
            return "how the damage is split"
        if str(e.get("value_from") or "").startswith(MIGHT_OF_CHOSEN_HERE):
            return "the unit whose Might it takes"
        if e.get("effect") == "create_unit_token" and e.get("to") not in ("base", "here", "moved_from"):
            return "where its tokens are played"  # the card does not say (RB-CARD-15)
        if t and t.get("ref") != "self" and t.get("count") != "all":
            return "its target"
    return None


def _no_target(unit, effects, scenario) -> bool:
    """RB-CARD-10 with RB-CARD-1: the trigger's choice is only its target, and no unit of the battlefield
    fits it as the combat begins (Yuumi, Magical Cat attacking alone: "one of your other units here"):
    there is nothing to choose and it resolves doing nothing. Only a target rule of side, "other", the unit's own facts
    (a token, its tags, its domain: :func:`.interpreter.unit_filter_refusal`) and "attacking" is judged here; any other
    rule leaves the choice to the scenario. A "you may" trigger whose every part chooses a unit is judged alike: with no unit to choose there is nothing to use. A unit a stun may choose that
    is stunned already is none to choose when the stun changes nothing on it (:func:`stun_changes_nothing`). And a
    part under a condition
    ("When I attack while your units have all 4 tags, [Stun] an enemy unit here", Daisy!): with no unit to choose it
    does nothing whether the condition holds or not."""
    for e in effects:
        t = e.get("target") or {}
        if e.get("mode_option") or e.get("split"):
            return False
        if not t or t.get("ref") == "self" or t.get("count") == "all":
            if e.get("optional") or e.get("condition"):
                return False  # a part that chooses no unit: the player may still use it, or its condition decides it
            continue
        if not _judged(t):
            return False
        if _fitting(unit, e, scenario):
            return False  # a unit fits: the player chooses
    return True


def _judged(t: Mapping[str, Any]) -> bool:
    """Whether :func:`_fitting` judges target rule ``t``: side, "other", the unit's own facts, "attacking", at this
    battlefield or at one; any other rule leaves the choice to the scenario."""
    return not (t.get("ref") or set(t) - {"count", "side", "kind", "other", "tag", "tags", "not_tag", "token", "domain",
                                           "location", "state"}
                or t.get("location") not in (None, "same_location", "battlefield")
                or t.get("kind") not in (None, "unit") or t.get("state") not in (None, "attacking"))


def _fitting(unit, e: Mapping[str, Any], scenario, changed_only: bool = True) -> list:
    """RB-CARD-1: the units in play as the combat begins that effect ``e`` of ``unit``'s trigger may choose (its target
    rule judged by :func:`_judged`): a unit of the side it names, another unit if it says so, with the facts it asks
    (:func:`.interpreter.unit_filter_refusal`), attacking if it asks, one the enemy's abilities may choose (RB-CARD-9), and
    for a stun one it changes (:func:`stun_changes_nothing`; ``changed_only=False``: every unit it may choose, a unit
    stunned already too)."""
    from .interpreter import unit_filter_refusal
    from .statics import untargetable

    t = e.get("target") or {}
    fighting = scenario.attacker.units + scenario.defender.units
    board = {v.name: v for v in fighting + tuple(scenario.reserve)}
    present, base = [v.name for v in fighting], [v.name for v in scenario.reserve]
    # a move with no location on what it chooses ("move any number of your token units to this battlefield")
    # brings units from their base too: those are choices as well
    anywhere = t.get("location") is None and e.get("effect") == "move"
    out = []
    for v in fighting + (tuple(scenario.reserve) if anywhere else ()):
        side = t.get("side")
        if side == "friendly" and v.side != unit.side or side == "enemy" and v.side == unit.side:
            continue
        if t.get("other") and v.name == unit.name or unit_filter_refusal(v, t) is not None:
            continue  # RB-CARD-1: a token unit, a tag, a domain
        if t.get("state") == "attacking" and v.side != "attacker":  # an attacking unit: the Attacker's here
            continue
        if untargetable(board, present, (base, []), unit.side, v.name) is not None:
            continue  # RB-CARD-9: it can't be chosen by the enemy's abilities
        if changed_only and stun_changes_nothing(v, e, unit.side):
            continue  # stunned already: a stun changes nothing (nor is it a unit stunned, RB-CARD-10)
        out.append(v)
    return out


def forced_target(unit, effects, choice: str | None, scenario) -> str | None:
    """RB-CARD-10 with RB-CARD-1: the one unit a trigger must choose, when its only choice is its target (no "you may",
    no condition, no option, no split), every part of it chooses that same one unit ("give one of your other units
    here +3 Might and [Tank]"), and exactly one unit of the board fits it as the combat begins (Leona, Determined
    attacking a lone defender: "stun an enemy unit here"): the player has nothing to choose and the trigger resolves
    on that unit. A unit with [Deflect] chosen by an enemy's trigger is left to the scenario (its Power tax is the
    player's to pay, RB-MIGHT-10), and so is every target rule :func:`_no_target` does not judge. None: the player
    chooses (or nothing fits)."""
    if choice != "its target":
        return None
    effects = list(effects)
    if any(e.get("optional") or e.get("condition") or e.get("mode_option") or e.get("split") or e.get("cost")
           or e.get("replaces_previous") for e in effects):
        return None
    choosing = [e for e in effects if (e.get("target") or {}) and (e.get("target") or {}).get("ref") != "self"
                and (e.get("target") or {}).get("count") != "all"]
    t = (choosing[0].get("target") or {}) if choosing else {}
    if not choosing or t.get("count") != 1 or not _judged(t) or any(e.get("target") != t for e in choosing):
        return None
    fits = [v for v in _fitting(unit, choosing[0], scenario) if all(v in _fitting(unit, e, scenario) for e in choosing)]
    if len(fits) != 1 or (fits[0].side != unit.side and fits[0].deflect):
        return None
    if any(replacement_of(fits[0], e) is not None for e in choosing) and any(
            v is not fits[0] and all(v in _fitting(unit, e, scenario, changed_only=False) for e in choosing)
            for v in _fitting(unit, choosing[0], scenario, changed_only=False)):
        # the one unit it changes replaces it (Gangplank, Naval: +3 Might instead of a stun, RB-CARD-9), and a unit it
        # changes nothing on may be chosen instead (stunned already, RB-CARD-1): which one is the player's choice
        return None
    return fits[0].name


#: how a trigger on its player choosing the unit begins, as the data writes it ("When you choose or ready me": the
#: ``chosen`` event of :mod:`.events`)
CHOOSE_ME = "When you choose"


def fires_when_chosen(card_id: str | None) -> bool:
    """Whether a unit of card ``card_id`` has a trigger on its player choosing it (Irelia, Fervent: choosing her gives
    her +1 Might, RB-CARD-10)."""
    return card_id is not None and any(str(a.get("trigger") or "").startswith(CHOOSE_ME) and not a.get("activated")
                                       for a in load_units().unit(card_id).abilities)


def stun_changes_nothing(v, e: Mapping[str, Any], by: str) -> bool:
    """RB-CARD-10: whether effect ``e`` of ``by``'s trigger, a stun, changes nothing on unit ``v``: it is stunned
    already, no replacement of its own applies to a stun choosing it (Gangplank, Naval: "If a spell or ability that
    chooses me would stun me, ... give me +3 Might instead", RB-CARD-9), and it is not a unit of ``by``'s with a
    "When you choose me" trigger (Irelia, Fervent: choosing it gives it +1 Might)."""
    if e.get("effect") != "stun" or not v.stunned or replacement_of(v, e) is not None:
        return False
    return v.side != by or not fires_when_chosen(v.card_id)


def resolves_idle(unit, effects, choice: str | None, scenario, judged=None) -> tuple[dict, ...] | None:
    """RB-CARD-10 with RB-CARD-1: when the trigger's choice is its target, whether to use it or its condition,
    and no unit fits its target as the combat begins (:func:`_no_target`, on ``judged``: the effects as they
    choose, else ``effects``), the effects it resolves with: nothing happens, whatever its condition, and
    nothing is paid for it ("you may kill me to ..."); else None (the player chooses)."""
    if choice is None or not (choice == "its target" or choice.startswith("whether ")):
        return None
    if not _no_target(unit, list(effects if judged is None else judged), scenario):
        return None
    return tuple({**{k: v for k, v in e.items() if k not in ("cost", "condition")}, "optional": True} for e in effects)


def empowered_only(unit, effects: tuple[dict, ...]) -> tuple[dict, ...]:
    """RB-CARD-9 with RB-CARD-8: a trigger's "if I'm [Empowered]" effects as the unit's stated Empowered status
    decides them: gone when it is not; when it is, without the condition, but for an "instead" effect, whose
    condition the interpreter reads from that status (it replaces the effect before it only when it holds).
    Not stated: the condition stays, for the entry to state."""
    if unit.empowered is None:
        return effects
    out: list[dict] = []
    for e in effects:
        if e.get("condition") == EMPOWERED and not unit.empowered:
            continue
        if e.get("condition") == EMPOWERED and e.get("replaces_previous"):
            # "you may deal 1 ...; deal 2 instead": as optional as the effect it replaces (RB-CARD-8)
            out.append({**e, **({"optional": True} if out and out[-1].get("optional") else {})})
        else:
            out.append({k: v for k, v in e.items() if k != "condition" or v != EMPOWERED})
    return tuple(out)


#: combat triggers that fire only in a combat "one on one" (RB-READ-7): who is counted, by the flag one_on_one
ONE_ON_ONE = ("When I attack or defend one on one",)
#: the flag that reads "one on one", its values and default (card_flags.md, RB-READ-7)
ONE_ON_ONE_FLAG, ONE_ON_ONE_DEFAULT = "one_on_one", "both_sides"


def one_on_one(unit, scenario) -> bool:
    """RB-READ-7 [one_on_one]: whether ``unit`` attacks or defends "one on one" as the showdown begins: the only unit
    of its side at the battlefield, and (``both_sides``, the default) the enemy has one unit there too, or
    (``own_side``) whatever the enemy's number."""
    mine = [u.name for u in scenario.side(unit.side).units]
    theirs = scenario.side("defender" if unit.side == "attacker" else "attacker").units
    if mine != [unit.name]:
        return False
    return scenario.flags.get(ONE_ON_ONE_FLAG, ONE_ON_ONE_DEFAULT) == "own_side" or len(theirs) == 1


def firing(unit, effects: Iterable[Mapping[str, Any]], scenario) -> tuple[dict, ...]:
    """The unit's combat trigger effects that fire in this combat: a "one on one" trigger only when
    :func:`one_on_one` holds (RB-READ-7)."""
    return tuple(e for e in effects if e.get("trigger") not in ONE_ON_ONE or one_on_one(unit, scenario))


def one_on_one_lines(scenario) -> list[str]:
    """What the showdown says of each unit's "one on one" combat trigger as it begins (RB-READ-7)."""
    out = []
    how = scenario.flags.get(ONE_ON_ONE_FLAG, ONE_ON_ONE_DEFAULT)
    for u in scenario.attacker.units + scenario.defender.units:
        if u.card_id is None or not any(e.get("trigger") in ONE_ON_ONE for e in triggers_of(u)):
            continue
        words = ("the only unit of its side, and one enemy unit" if how == "both_sides" else
                 "the only unit of its side, whatever the enemy's number")
        verb = "attacks" if u.side == "attacker" else "defends"
        out.append(f"{u.name} {verb} one on one ({words}, flag one_on_one={how}): " + (
            "its \"one on one\" trigger fires." if one_on_one(u, scenario) else
            "it does not, and its \"one on one\" trigger does not fire."))
    return out


def choice_of(unit, effects: Iterable[Mapping[str, Any]]) -> str | None:
    """What the player chooses for the trigger (None: nothing); an "instead if I'm [Empowered]" is decided by the
    unit's stated status, not by the player (RB-CARD-8)."""
    from .interpreter import stated_player_condition

    # a condition on a fact of its player the scenario states (his `runes:`) is read from it, not chosen (RB-CARD-8)
    effects = [{k: v for k, v in e.items() if k != "condition"}
               if stated_player_condition(e.get("condition"), getattr(unit, "player", None)) is not None else e
               for e in effects]
    return needs_choice([e for e in effects if not (e.get("replaces_previous") and e.get("condition") == EMPOWERED
                                                     and unit.empowered is not None)])


def combat_chain(scenario, stated: list[Play], elsewhere: Iterable = (),
                 order: Mapping[str, Sequence[str]] | None = None) -> tuple[list[Play], list[Unmodelled], list[str]]:
    """The combat triggers in the order they resolve: the Defender's, then the Attacker's (RB-SHOW-2),
    each player's stated ones in the scenario's order, then those that resolve by themselves; and the
    triggers that need a choice the scenario does not state (not modelled), and the names of the
    units whose trigger resolved by itself. ``elsewhere``: the units in play not at the battlefield (at their
    base), whose player's combat triggers (:data:`PLAYER_TRIGGERS`) fire too. ``order``: another order of a side's
    triggers (its units' names, in the order they resolve; each player orders his own, RB-SHOW-2), for
    :func:`.showdown.play_showdown` to weigh it."""
    said = {p.trigger_of for p in stated}
    elsewhere = list(elsewhere)
    known = {v.name: v for v in list(scenario.attacker.units) + list(scenario.defender.units) + elsewhere}
    chain: list[Play] = []
    missing: list[Unmodelled] = []
    auto: list[str] = []
    for p in stated:  # RB-READ-7: a "one on one" trigger stated where it does not fire
        u = known.get(p.trigger_of)
        if u is not None and u.name in {v.name for v in scenario.side(u.side).units} and triggers_of(u) \
                and not firing(u, triggers_of(u), scenario):
            from pycombat.errors import ScenarioError

            raise ScenarioError(f"{u.name}'s combat trigger fires only one on one, and it is not (flag one_on_one="
                                f"{scenario.flags.get(ONE_ON_ONE_FLAG, ONE_ON_ONE_DEFAULT)}, RB-READ-7, RB-SHOW-2)",
                                file=scenario.file, path=p.path)
    for side in ("defender", "attacker"):
        start = len(chain)
        chain += [_to_combat(p, triggers_of(known[p.trigger_of])) if p.trigger_of in known else p
                  for p in stated if p.by == side]
        here = {v.name for v in scenario.side(side).units}
        for u in list(scenario.side(side).units) + [v for v in elsewhere if v.side == side]:
            effects = empowered_only(u, firing(u, triggers_of(u), scenario) if u.name in here else player_triggers(u))
            if not effects or u.name in said:
                continue
            if u.name in here and _there_already(effects):  # "move me there": it is there; nothing to choose (RB-CARD-7)
                chain.append(Play(card=ability_card(u, [{**e, "optional": False} for e in effects]), by=side,
                                  trigger_of=u.name, path=f"{u.path}.trigger", to="battlefield"))
                auto.append(u.name)
                continue
            choice = choice_of(u, effects)
            if (idle := resolves_idle(u, effects, choice, scenario)) is not None:
                effects, choice = idle, None
            if choice is None:
                chain.append(Play(card=ability_card(u, effects), by=side, trigger_of=u.name,
                                  path=f"{u.path}.trigger", idle=idle is not None))
                auto.append(u.name)
            elif u.name in here and (forced := forced_target(u, effects, choice, scenario)) is not None:
                # RB-CARD-10, RB-CARD-1: one unit fits its target: the player has nothing to choose
                chain.append(Play(card=ability_card(u, effects), by=side, trigger_of=u.name,
                                  path=f"{u.path}.trigger", targets=(forced,)))
                auto.append(u.name)
            elif choice == f"whether {EMPOWERED}":  # the unit's status, not a choice (RB-CARD-9)
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"whether the unit is Empowered decides it: give {u.name} "
                                          "`empowered: true|false` (RB-CARD-9, RB-CARD-8)"))
            elif u.name not in here or _there_already(effects):
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"{choice} is the player's: state it as a showdown entry "
                                          f"`{{trigger: {u.name}}}` (used), or `{{trigger: {u.name}, decline: true}}`, "
                                          "before the others (RB-SHOW-2, RB-CARD-10)",
                                          awaiting=(side, u.name, "combat")))
            elif reveals(effects) is not None:  # a fact its player knows as it resolves (RB-CARD-10)
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"{choice} is not stated: state it and the trigger's targets as a showdown "
                                          f"entry `{{trigger: {u.name}, revealed: "
                                          + ("DOMAIN" if reveals(effects) == "domain" else "N")
                                          + ", target: ...}` before the others (RB-SHOW-2, RB-CARD-10)"))
            elif any(e.get("effect") == PLAY_CARD for e in effects):  # RB-CARD-27: the card it plays, if any
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"{choice} and the card it plays are the player's: state it as a showdown "
                                          f"entry `{{trigger: {u.name}, plays: {{play: CARD, ...}}}}` (used), or "
                                          f"`{{trigger: {u.name}, decline: true}}`, before the others (RB-SHOW-2, "
                                          "RB-CARD-27)"))
            else:
                from .interpreter import STATED_CONDITIONS

                fact = next((f for e in effects for rx, f, _ in STATED_CONDITIONS
                             if rx.fullmatch(str(e.get("condition") or "").strip())), None)
                said_by = (f"{choice} is read from the side's `{fact}:`, not stated: give it (RB-CARD-8), or state "
                           f"it as a showdown entry `{{trigger: {u.name}, condition: true|false, ...}}`"
                           if fact else f"{choice} is the player's: state it as a showdown entry "
                           f"`{{trigger: {u.name}, target: ...}}`")
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"{said_by} before the others (RB-SHOW-2)",
                                          awaiting=(side, u.name, "combat")))
        if order and side in order:  # RB-SHOW-2: the side's triggers in the order given
            rank = {n: i for i, n in enumerate(order[side])}
            chain[start:] = sorted(chain[start:], key=lambda p: rank.get(p.trigger_of, len(rank)))
    return chain, missing, auto
