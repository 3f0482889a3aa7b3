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

A combat trigger's additional cost ("When I attack, you may pay 1 Energy to ...", "you may kill me to
...") is paid as it resolves: the entry stating the trigger says the player used it and paid. Energy
and runes are checked as a card's cost with ``card_costs = stated`` (the entry's ``paid:``, RB-CARD-2);
"kill me" kills the unit first, and the rest happens only if it did (RB-CARD-8). Any other cost (XP,
[Burn], a buff spent) is not modelled (RB-CARD-4).
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from .interpreter import KILLED_FOR_COST, MIGHT_OF_CHOSEN_HERE, Play, Unmodelled
from .spells import Card
from .statics import EMPOWERED
from .units import load_units


#: a combat trigger's additional cost that kills its own unit ("you may kill me to ...")
KILL_ME = "kill me"
_ENERGY = re.compile(r"^(\d+) energy$")
_RUNES = re.compile(r"^(\d+) [\w-]+ runes?$")


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
PAID_EVENT_TRIGGERS = ("When a unit you control becomes [Mighty]",)


def cost_read(e: Mapping[str, Any]) -> bool:
    """Whether ``e`` is a combat trigger's effect whose additional cost the model reads (RB-CARD-10, RB-CARD-2)."""
    from .units import COMBAT_TRIGGERS, MOVE_TRIGGERS

    if not e.get("cost") or e.get("trigger") not in (*COMBAT_TRIGGERS, *MOVE_TRIGGERS, *PAID_EVENT_TRIGGERS) \
            or e.get("activated"):
        return False
    _, _, kill, unread = trigger_cost(e)
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
    read = [as_ability(e, own_cost=True) for e in effects]
    if any(c[2] for c in costs.values()):
        read = [{"effect": "kill", "target": {"ref": "source"}}] + [{**e, "condition": KILLED_FOR_COST} for e in read]
    read = same_unit(read)
    return Card(id=f"{unit.card_id}/trigger", name=f"{unit.name}'s " + (f'"{when}"' if when else _when(read, unit))
                + " ability", type="ability",
                speed="action", showdown_playable=True, energy_cost=energy or None, power_cost=power or None,
                effects=read, unparsed=0, domains=unit.domains,
                keywords=(("cost", ", ".join(costs)),) if costs else ())


def _when(effects, unit) -> str:
    card = load_units().unit(unit.card_id) if unit.card_id else None
    trig = next((e.get("trigger") for e in (card.abilities if card else ()) if e.get("trigger")), None)
    return f'"{trig}"' if trig else "combat"


def triggers_of(unit) -> tuple[dict, ...]:
    """The unit's combat trigger effects on its side (RB-SHOW-2)."""
    if unit.card_id is None:
        return ()
    return load_units().unit(unit.card_id).combat_triggers(unit.side)


def needs_choice(effects: Iterable[Mapping[str, Any]]) -> str | None:
    """What the player chooses for the trigger (None: nothing, it resolves by itself)."""
    for e in effects:
        t = e.get("target") or {}
        if e.get("mode_option"):
            return "which option"
        if e.get("optional"):
            return "whether to use it"
        if e.get("condition"):
            return f"whether {e['condition']}"
        if e.get("split"):
            return "how the damage is split"
        if str(e.get("value_from") or "").startswith(MIGHT_OF_CHOSEN_HERE):
            return "the unit whose Might it takes"
        if t and t.get("ref") != "self" and t.get("count") != "all":
            return "its target"
    return None


def _no_target(unit, effects, scenario) -> bool:
    """RB-CARD-10 with RB-CARD-1: the trigger's choice is only its target, and no unit of the battlefield
    fits it as the combat begins (Yuumi, Magical Cat attacking alone: "one of your other units here"):
    there is nothing to choose and it resolves doing nothing. Only a target rule of side, "other" and
    tag is judged here; any other rule leaves the choice to the scenario. A "you may" trigger whose every part
    chooses a unit is judged alike: with no unit to choose there is nothing to use."""
    from .statics import untargetable

    fighting = scenario.attacker.units + scenario.defender.units
    board = {v.name: v for v in fighting + tuple(scenario.reserve)}
    present, base = [v.name for v in fighting], [v.name for v in scenario.reserve]
    for e in effects:
        t = e.get("target") or {}
        if e.get("mode_option") or e.get("condition") or e.get("split"):
            return False
        if not t or t.get("ref") == "self" or t.get("count") == "all":
            if e.get("optional"):
                return False  # a part of a "you may" with no unit to choose: the player may still use it
            continue
        if t.get("ref") or set(t) - {"count", "side", "kind", "other", "tag", "location"} \
                or t.get("location") not in (None, "same_location", "battlefield") \
                or t.get("kind") not in (None, "unit"):
            return False
        for v in fighting:
            side = t.get("side")
            if side == "friendly" and v.side != unit.side or side == "enemy" and v.side == unit.side:
                continue
            if t.get("other") and v.name == unit.name or t.get("tag") and t["tag"] not in v.tags:
                continue
            if untargetable(board, present, (base, []), unit.side, v.name) is not None:
                continue  # RB-CARD-9: it can't be chosen by the enemy's abilities
            return False  # a unit fits: the player chooses
    return True


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


def choice_of(unit, effects: Iterable[Mapping[str, Any]]) -> str | None:
    """What the player chooses for the trigger (None: nothing); an "instead if I'm [Empowered]" is decided by the
    unit's stated status, not by the player (RB-CARD-8)."""
    return needs_choice([e for e in effects if not (e.get("replaces_previous") and e.get("condition") == EMPOWERED
                                                     and unit.empowered is not None)])


def combat_chain(scenario, stated: list[Play]) -> tuple[list[Play], list[Unmodelled], list[str]]:
    """The combat triggers in the order they resolve: the Defender's, then the Attacker's (RB-SHOW-2),
    each player's stated ones in the scenario's order, then those that resolve by themselves; and the
    triggers that need a choice the scenario does not state (not modelled), and the names of the
    units whose trigger resolved by itself."""
    said = {p.trigger_of for p in stated}
    chain: list[Play] = []
    missing: list[Unmodelled] = []
    auto: list[str] = []
    for side in ("defender", "attacker"):
        chain += [p for p in stated if p.by == side]
        for u in scenario.side(side).units:
            effects = empowered_only(u, triggers_of(u))
            if not effects or u.name in said:
                continue
            choice = choice_of(u, effects)
            if choice in ("its target", "whether to use it") and _no_target(u, effects, scenario):
                effects = tuple({**e, "optional": True} for e in effects)  # no unit to take: nothing happens
                choice = None
            if choice is None:
                chain.append(Play(card=ability_card(u, effects), by=side, trigger_of=u.name,
                                  path=f"{u.path}.trigger"))
                auto.append(u.name)
            elif choice == f"whether {EMPOWERED}":  # the unit's status, not a choice (RB-CARD-9)
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"whether the unit is Empowered decides it: give {u.name} "
                                          "`empowered: true|false` (RB-CARD-9, RB-CARD-8)"))
            else:
                missing.append(Unmodelled(u.card_name or u.name, f"its combat trigger ({_when(effects, u)}, unit {u.name})",
                                          f"{choice} is the player's: state it as a showdown entry "
                                          f"`{{trigger: {u.name}, target: ...}}` before the others (RB-SHOW-2)"))
    return chain, missing, auto
