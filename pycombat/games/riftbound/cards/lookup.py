"""The card lookup (``pycombat card NAME --game riftbound``): a unit, spell or gear card of the
shipped data with its combat facts, what the interpreter does with each of its effects and what
it does not model (RB-CARD-4). :func:`card_report` gives JSON-ready data, :func:`card_lines` the
text; :func:`card` wraps them as the report the generic ``card`` verb returns (registered in
:mod:`pycombat.games.riftbound`), :func:`present` prints it.

>>> r = card("blood rush")
>>> r.to_json()["name"], r.to_json()["showdown_playable"]
('Blood Rush', True)
>>> card("Blod Rush")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pycombat.errors.UnknownNameError: unknown card 'Blod Rush'; did you mean 'Blood Rush' or ...?
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from pycombat.errors import UnknownNameError
from pycombat.names import closest
from pycombat.report import Report
from .statics import BORROW, BORROW_UNREAD, EMPOWERED, describe as describe_static, keyword_static
from .interpreter import effect_support
from .triggers import ONE_ON_ONE, as_ability, cost_read, needs_choice, xp_cost
from .records import effect_text, immunity
from .acting import can_act, idle_reason, unread_reason
from .units import COMBAT_KEYWORDS, COMBAT_TRIGGERS, MOVE_TRIGGERS, SCORING_WHY, UnitCard, load_units, \
    result_scoring, unparsed_reason
from . import ability_play, unitplay
from .abilities import reads as ability_reads
from .unitplay import PLAY_TRIGGERS
from .replacements import unit_saver
from . import deathknell, events, moves
from .spells import Card, load_cards
from .interpreter import describe_effects, reveals

#: the condition "while I'm Mighty" (5+ Might) of a conditional keyword, decided from the board (RB-CARD-9)
MIGHTY = "While I'm [Mighty]"


@dataclass
class CardReport(Report):
    """A card looked up by name (:func:`card_report`'s data); ``to_json()`` is that data after ``game``."""

    card: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"game": self.game, **self.card}


def card(name: str) -> CardReport:
    """The card called ``name`` (any case; a unit, spell or gear card); an unknown name is an
    :class:`~pycombat.errors.UnknownNameError` with the closest names."""
    data = card_report(name)
    if data.get("type") is None:
        raise UnknownNameError("card", name, data.get("suggestions") or [])
    return CardReport(game="riftbound", verb="card", scenario=None, title=data["name"], card=data)


def present(report: Report, console: Console) -> None:
    """:func:`card_lines` of a card report."""
    for line in card_lines(report.card):
        console.print(line, highlight=False, markup=False)


def _earlier_note(e: dict) -> str:
    """RB-CARD-9: for a "this turn" Might or keyword trigger whose event may have come before the showdown, how the
    scenario states that it fired then (:func:`.units.is_earlier`); else nothing."""
    from .units import EARLIER_TRIGGERS, is_earlier

    if not is_earlier(e):
        return ""
    return ("; fired earlier this turn, before the showdown, what it gave lasts through the combat: the unit's "
            "`fired_this_turn: N` (" + ("0 or 1" if EARLIER_TRIGGERS[e["trigger"]] == "once" else "times it fired")
            + "), or its side's `cards_played` / `discarded_this_turn` where they decide it; not decided: named "
            "NOT MODELLED (RB-CARD-9)")


def card_report(name: str) -> dict:
    """A unit, spell or gear card as JSON-ready data: its combat facts, each effect with what
    the interpreter does with it (``modelled``) or why not (``unmodelled``), and for an unknown
    name the closest names among all cards (``suggestions``)."""
    units, cards = load_units(), load_cards()
    card = cards.find(name)
    if card is not None:
        return _with_additional_cost(spell_report(card))
    found = units._index.lookup(name) or units._index.lookup(name.replace(",", " "))
    if found:
        u = [c for c in found if c.reprint_of is None][0] if any(c.reprint_of is None for c in found) else found[0]
        return _with_additional_cost(unit_report(u))
    every = list(dict.fromkeys(cards.names + units.names))
    return {"name": name, "type": None, "error": f"unknown card {name!r}", "suggestions": closest(name, every, n=3)}


def _with_additional_cost(report: dict) -> dict:
    """RB-CARD-8, RB-CARD-2: how the card's optional additional cost that its effects read is stated and paid
    (:mod:`.additional_costs`), added to its ``modelled`` list."""
    from .additional_costs import of_card

    cost = of_card(report["name"])
    if cost is not None:
        report["modelled"].append({
            "what": f"its optional additional cost ({cost.words})",
            "how": "whether its player paid it is the play's `condition: true|false` (not stated: the effects reading "
                   "it are NOT MODELLED, RB-CARD-4); the showdown game from both hands plays it paid and not paid"
                   + (f"; with card_costs=stated a paid play's `paid:` covers its {cost.energy} Energy + {cost.power} "
                      "Power too" if cost.energy or cost.power else
                      f"; whether its player can {cost.other} is not in the scenario: the game names the value if he "
                      "cannot") + " (RB-CARD-8, RB-CARD-2)"})
    return report


def spell_report(card: Card) -> dict:
    """A spell or gear card as :func:`card_report` gives it."""
    modelled, unmodelled = describe_effects(card)
    out: dict[str, Any] = {
        "name": card.name, "id": card.id, "type": card.type, "speed": card.speed,
        "showdown_playable": card.showdown_playable, "hidden": any(k == "Hidden" for k, _ in card.keywords),
        "cost": {"energy": card.energy_cost,
                                                              "power": card.power_cost},
        "rule": "RB-SHOW-4",
        "modelled": modelled, "unmodelled": unmodelled,
    }
    if card.equipment:
        out["equipment"] = {"might_bonus": card.equip_might_bonus}
    return out


def unit_report(u: UnitCard) -> dict:
    """A unit card as :func:`card_report` gives it: its keywords, the static abilities and combat
    triggers the model reads, the abilities that cannot act in a combat, and what is not modelled."""
    unmodelled: list[dict] = []
    read: list[dict] = []  # what the model reads beyond the keywords, static abilities and triggers
    conditional = {e.get("effect") for e in u.abilities if e.get("effect") in ("no_combat_damage", "ignore_tank")
                   and not u.read_as_flag(e)}  # read as an ability, and named NOT MODELLED below
    if u.no_combat_damage and "no_combat_damage" not in conditional:
        read.append({"what": "deals no combat damage", "how": "adds 0 to its side's total (RB-DMG-2)"})
    if u.ignores_tank_here and "ignore_tank" not in conditional:
        read.append({"what": "its controller ignores Tank here", "how": "Tank does not order its side's split "
                                                                        "(RB-ORD-2 set aside by the card text)"})
    for ck in u.conditional_keywords:
        what = f"conditional keyword {ck.get('keyword')}" + (f" {ck.get('value')}" if ck.get("value") else "")
        if ck.get("keyword") not in COMBAT_KEYWORDS:  # Deflect, Ganking, ...: no combat damage either way
            read.append({"what": f"{what} ({ck.get('condition')})",
                         "how": "no effect on combat damage (RB-MIGHT-10, RB-MIGHT-11, RB-CARD-5)"})
        elif ck.get("condition") == MIGHTY:
            read.append({"what": f"{what} ({ck.get('condition')})",
                         "how": "held while the unit has 5+ Might, worked out from the board (RB-CARD-9, RB-READ-5)"})
        elif keyword_static(ck) is not None:
            read.append({"what": f"{what} ({ck.get('condition')})",
                         "how": f"a static ability worked out from the board: {describe_static(keyword_static(ck))} "
                                "(RB-CARD-9)"})
        elif ck.get("condition") == "Empowered":  # RB-CARD-9: the unit's stated Empowered status settles it
            read.append({"what": f"{what} (Empowered)",
                         "how": "held while the unit is Empowered, as the scenario states it (`empowered: "
                                "true|false`, as for its \"if I'm [Empowered]\" static abilities; not stated, the "
                                "answer names it NOT MODELLED) (RB-CARD-9)"})
        elif str(ck.get("condition")).startswith("equal to the number of"):  # a count the board does not hold
            unmodelled.append({"card": u.name, "what": what, "why": (
                f"its number of instances ({ck.get('condition')}) counts what a scenario does not hold (every gear "
                "its controller controls: a scenario names the gear with a combat effect, RB-CARD-22): state it as "
                f"`conditions_hold: false` with `keywords: [{ck.get('keyword')} N]` (`conditions_hold: true` is "
                "refused: a yes/no is no count) (RB-CARD-4)")})
        elif ck.get("condition") == events.DISCARDED:
            read.append({"what": f"{what} ({ck.get('condition')})",
                         "how": "held when its player discarded a card this turn before the showdown, as the side "
                                "states it (`discarded_this_turn: true|false`; not stated, the answer names it NOT "
                                "MODELLED), and from the card he discards in the showdown (`discard:`, RB-CARD-21) on "
                                "(RB-CARD-9)"})
        else:
            unmodelled.append({"card": u.name, "what": what, "why": f"only while {ck.get('condition')}: give "
                                                                    "`conditions_hold: true|false` in the scenario"})
    if u.damage_immunity_text:  # RB-ORD-7: its condition stated by the scenario as the showdown begins
        clause = next((e for e in u.abilities if immunity(e)), None)
        read.append({"what": "a 'don't take damage' clause" + (f": {effect_text(clause)}" if clause else ""),
                     "how": "the scenario states whether it holds as the showdown begins (`immune: true|false`; not "
                            "stated: named as not modelled, RB-CARD-4); while it holds the unit cannot be dealt "
                            "damage: no lethal amount, exempt from mandatory assignment (RB-ORD-7), leftover damage "
                            "on it as the flag immune_targets says (RB-READ-4); a move during the showdown that its "
                            "condition counts is named as not modelled as it moves (RB-CARD-4)"})
    idle: list[dict] = []
    triggered: list[dict] = []
    playable_ways = unitplay.ways(u) + (("facedown",) if unitplay.hidden(u) else ())
    if playable_ways:  # RB-CARD-16: a unit card that can be played from hand in a showdown
        read.append({"what": "played from hand in a showdown (" + ", ".join(
            {"reaction": "[Reaction]", "ambush": "[Ambush]", "facedown": "[Hidden], from facedown"}[w]
            for w in playable_ways) + ")",
            "how": "`{play: UNIT, by: SIDE, to: battlefield|base}`: enters where its player may play it and fights "
                   "there; its \"When you play me\" abilities resolve as it enters (RB-CARD-16)"})
    for e, label in u.unread_abilities():  # RB-CARD-4: what a board with the unit names NOT MODELLED
        if e.get("trigger") in COMBAT_TRIGGERS and not e.get("activated"):
            ok, why = effect_support(as_ability(e, own_cost=True))
            if ok:  # RB-CARD-10: resolved by the interpreter as the showdown begins
                cost = ((f"; its additional cost ({e['cost']}) paid as it resolves from its player's XP (the side's "
                         "`xp:`), stated by the entry's `paid: {xp: N}` and refused when he has less; the XP left is "
                         "what his units' \"[Level N]\" static abilities read after it (RB-CARD-2)") if xp_cost(e) else
                        (f"; its additional cost ({e['cost']}) paid as it resolves: Energy and runes checked with "
                         "card_costs=stated (the entry's `paid:`, RB-CARD-2), \"kill me\" kills it first and the rest "
                         "happens only if it died (RB-CARD-8)")) if cost_read(e) else ""
                split = "; the split stated as `amounts: {UNIT: N}` (RB-CARD-21)" if e.get("split") else ""
                decline = "; not used: `{trigger: UNIT, decline: true}`" if e.get("optional") else ""
                revealed = {"domain": "revealed: DOMAIN, ", "count": "revealed: N, "}.get(reveals([e]), "")
                split += f"; {why}" if revealed else ""  # what it reveals: a fact its entry states (RB-CARD-10)
                chosen = "target: ..."
                if (who := (e.get("target") or {}).get("chooser")) is not None:  # RB-CARD-9: whose choice it is
                    split += (f"; the unit is chosen by {who} (the data's `chooser`), not by its player: the showdown "
                              "game gives that choice to him (RB-CARD-9)")
                if e.get("effect") == ability_play.KIND:  # RB-CARD-27: the card it plays, the entry's `plays:`
                    chosen, split = "plays: {play: CARD, ...}", f"{split}; {why}"
                t = e.get("target") or {}
                if t.get("count") == 1 and not any(e.get(k) for k in ("optional", "cost", "condition", "mode_option",
                                                                       "split")) and not revealed:
                    # RB-CARD-10, RB-CARD-1 (cards/triggers.py, forced_target): nothing to choose with one unit to choose
                    decline += ("; with exactly one unit it may choose as the combat begins (an enemy one without "
                                "[Deflect]), it resolves on that unit by itself")
                if e["trigger"] in ONE_ON_ONE:  # RB-READ-7
                    decline += ("; it fires only if the unit attacks or defends one on one as the showdown begins: "
                                "one unit on each side (flag one_on_one=both_sides, the default) or the unit alone on "
                                "its side (one_on_one=own_side) (RB-READ-7)")
                triggered.append({"what": f"combat trigger {e['trigger']}: {effect_text(e)}",
                                  "how": "on the chain as the showdown begins; its choice stated as "
                                         f"`{{trigger: UNIT, {revealed}{chosen}}}`{decline} (RB-SHOW-2, RB-CARD-10)"
                                         f"{split}{cost}"})
                if cost and playable_ways and e["trigger"] in PLAY_TRIGGERS:  # RB-CARD-16: as it is played
                    if unitplay.paid_as_played(e):
                        triggered.append({"what": f"played from hand: {effect_text(e)}",
                                          "how": unitplay.PAID_AS_PLAYED.format(cost=e["cost"])})
                    else:
                        unmodelled.append({"card": u.name, "what": f"played from hand: {label}",
                                           "why": f"its additional cost ({e['cost']}) as the unit is played is not "
                                                  "modelled"})
            else:
                unmodelled.append({"card": u.name, "what": label, "why": why})
            continue
        if e.get("trigger") in MOVE_TRIGGERS and not e.get("activated"):  # RB-CARD-10: before the showdown
            ok, why = moves.support(e)
            if ok:
                choice = needs_choice([moves.read(e)])
                triggered.append({"what": f"trigger {e['trigger']}: {effect_text(e)}",
                                  "how": "on the chain as the unit moved, resolved before the showdown (RB-COMB-2) "
                                         "through the interpreter: an attacker moved in (RB-COMB-1), another unit "
                                         "as its `moved:` states (earlier in the turn: its Might and keyword changes "
                                         "apply, the rest is the board as stated); "
                                         + ("whether it is Empowered: the unit's `empowered: true|false`"
                                            if choice == f"whether {EMPOWERED}" else
                                            f"{choice} stated as `{{trigger: UNIT, when: move, "
                                            + ("condition: true|false" if choice.startswith("whether ") and
                                               choice != "whether to use it" else "target: ...") + "}`"
                                            if choice else "it needs no choice")
                                         + "; a unit a card or ability moves during the showdown fires it as it moves, "
                                           "and it resolves right after what moved it (a choice there stated by an entry "
                                           "`{trigger: UNIT, when: move, ...}` right after the entry that moves it)"
                                         + f" (RB-CARD-10): {why}"})
            else:
                unmodelled.append({"card": u.name, "what": label, "why": why})
            continue
        if e.get("trigger") == deathknell.TRIGGER:  # RB-CARD-19
            if deathknell.is_read(e, u):
                triggered.append({"what": f"Deathknell: {effect_text(e)}",
                                  "how": deathknell.how(deathknell.read(u))})
                if not deathknell.at_base_only(e):  # (at its player's base: the battlefield is left as it is)
                    unmodelled.append({"card": u.name, "what": f"Deathknell at the combat cleanup: {effect_text(e)}",
                                       "why": deathknell.AFTER_COMBAT})  # RB-READ-8: its default reading, open
            else:
                unmodelled.append({"card": u.name, "what": label, "why": next(
                    (w for x, w in deathknell.unread(u) if x is e), "its Deathknell is not fired (RB-CARD-19)")})
            continue
        if unit_saver(e):  # RB-CARD-18
            triggered.append({"what": f"static death replacement: {effect_text(e)}",
                              "how": "a friendly unit here with less Might than it, the moment it would die, is "
                                     "healed, exhausted and recalled instead, also at the combat cleanup (RB-CARD-18)"})
            continue
        if e.get("activated") and e.get("speed") in ("action", "reaction"):  # RB-CARD-17
            ok, why = ability_reads(e)
            if ok:
                triggered.append({"what": f"activated ability ({e['activated']}, [{e['speed'].capitalize()}]): "
                                          f"{effect_text(e)}",
                                  "how": "used by an entry `{ability: UNIT, target: ...}`, its cost checked as a "
                                         "card's (RB-CARD-17, RB-CARD-2)"})
            else:
                unmodelled.append({"card": u.name, "what": label, "why": why})
            continue
        if playable_ways and (e.get("trigger") in PLAY_TRIGGERS or e.get("effect") == "play_location"):
            ok, why = _play_part(e)  # RB-CARD-16: what acts when it is played from hand in a showdown
            if ok:
                triggered.append({"what": f"played from hand: {effect_text(e)}", "how": why})
            else:
                unmodelled.append({"card": u.name, "what": label, "why": why})
            continue
        if e.get("trigger") in events.EVENTS and not e.get("activated"):  # RB-CARD-10, fired as it happens
            ok, why = events.reads(e)
            if ok:
                triggered.append({"what": f"trigger {e['trigger']}: {effect_text(e)}",
                                  "how": "fired in the showdown as its event happens, on the chain and resolved "
                                         "through the interpreter: a card played, before that card (the second "
                                         "card counted from the side's `cards_played:`); the unit chosen by its player's card, ability or "
                                         "trigger, before it; a stun, a token played or "
                                         "the unit readied while exhausted (`exhausted:`), right after the card; "
                                         "an opponent's unit played, right after it is in play; a friendly unit's "
                                         "death or a unit becoming Mighty, after the cleanup that finds it "
                                         "(RB-CARD-10)" + ("" if events._alone(e)[0] else
                                                           f"; {why}") + _earlier_note(e)})
            else:
                unmodelled.append({"card": u.name, "what": label, "why": why})
            continue
        if u.damage_immunity_text and immunity(e):  # read with the clause above (RB-ORD-7)
            continue
        acts = [r for r in ("attacker", "defender") if can_act(e, r, u)]
        if not acts:
            idle.append({"what": label, "how": idle_reason(e)})
            continue
        why = unread_reason(e) + ("" if len(acts) == 2 else f" (it can act only as the {acts[0]})")
        unmodelled.append({"card": u.name, "what": label, "why": why})
    for clause in u.unparsed:
        unmodelled.append({"card": u.name, "what": f"clause {clause!r}", "why": unparsed_reason(u, clause)})
    for clause, _ in result_scoring(u):  # RB-CARD-4, RB-RES-5: points scored by the combat's result
        unmodelled.append({"card": u.name, "what": f"clause {clause!r}", "why": SCORING_WHY})
    for e in u.static_abilities():  # RB-CARD-17: a legend's exhaust abilities it would have too (no legend data)
        if e.get("effect") == BORROW:
            unmodelled.append({"card": u.name, "what": "the exhaust abilities of its player's legend",
                               "why": BORROW_UNREAD})
    return {"name": u.name, "id": u.id, "type": "unit", "might": u.might, "keywords": list(u.keywords),
            "keywords_from_text": list(u.keywords_from_text),
            "tank": u.tank, "backline": u.backline, "assault": u.assault, "shield": u.shield,
            "no_combat_damage": u.no_combat_damage, "ignores_tank_here": u.ignores_tank_here,
            "modelled": [{"what": k, "how": _UNIT_KEYWORD_RULES.get(k.split()[0], "no effect on combat damage")}
                         for k in u.keywords]
            + [{"what": f"static ability: {describe_static(e)}",
                "how": "applied while the unit is in play and its condition holds (RB-CARD-9)"}
               for e in u.static_abilities()] + read + triggered + idle
            # RB-CARD-10: the option of its "When I become ready, choose one" chosen before the showdown (no keyword
            # printed): a fact of the scenario, as the unit's other unstated facts
            + [{"what": events.READY_CHOICE_WHAT.format(", ".join(options)), "how": events.READY_CHOICE_HOW}
               for options in [events.ready_options(u)] if options],
            "unmodelled": unmodelled}


def _play_part(e: dict) -> tuple[bool, str]:
    """``(read, how or why not)`` for a unit's "When you play me" ability or play permission, when the
    unit is played from hand in a showdown (RB-CARD-16)."""
    if e.get("effect") == "play_location":
        if e.get("where") in unitplay.PERMISSIONS:
            return True, "a location it may be played to (CR 355.2.b; RB-CARD-16)"
        if e.get("where") == unitplay.KILLED_ONES:
            return True, ("a location it may be played to: the battlefield where the unit killed for its cost was "
                          "(`kills:`), this one or another, with no other unit of its player there (CR 355.2.b; "
                          "RB-CARD-16)")
        return False, f"a permission to be played to {e.get('where')} is not modelled"
    ok, why = effect_support(as_ability(e))
    if unitplay.PLAY_TRIGGERS[e["trigger"]] == "facedown_own_turn":  # whose turn: the scenario's `turn:`
        return ok, (f"resolves as it enters from face down on its player's turn, as the scenario's `turn:` states "
                    f"(not stated: named as not modelled): {why} (RB-CARD-10, RB-CARD-16)" if ok else why)
    return ok, (f"resolves as it enters: {why} (RB-CARD-10, RB-CARD-16)" if ok else why)


_UNIT_KEYWORD_RULES = {
    "Tank": "assigned lethal damage before non-Tank units (RB-ORD-2)",
    "Backline": "assigned damage only after the others have lethal (RB-ORD-3)",
    "Assault": "+X Might while attacking (RB-MIGHT-4)",
    "Shield": "+X Might while defending (RB-MIGHT-5)",
    "Deflect": "targeting tax only; no effect on damage assignment (RB-MIGHT-10)",
    "Ganking": "a move between battlefields; no effect on damage (RB-MIGHT-11)",
    "Deathknell": "marks its \"When I die\" ability, listed below (RB-CARD-19)",
}


def card_lines(report: dict) -> list[str]:
    """The text form of :func:`card_report`."""
    if report.get("type") is None:
        hint = report.get("suggestions") or []
        return [report["error"] + ("; did you mean " + " or ".join(repr(h) for h in hint) + "?" if hint else "")]
    lines = []
    if report["type"] == "unit":
        lines.append(f"{report['name']} ({report['id']}): unit, Might {report['might']}")
        if report["keywords"]:
            from_text = report.get("keywords_from_text") or []
            lines.append("  keywords: " + ", ".join(report["keywords"]) + (
                f" ({', '.join(from_text)} printed without brackets: read from the card's text)" if from_text else ""))
    else:
        cost = report["cost"]
        lines.append(f"{report['name']} ({report['id']}): {report['type']}, {report['speed']}, cost "
                     f"{cost['energy'] or 0} Energy" + (f" + {cost['power']} Power" if cost["power"] else ""))
        lines.append("  " + ("playable in a showdown (Action or Reaction)" if report["showdown_playable"]
                             else "playable in a showdown only from facedown ([Hidden]: it then has Reaction)"
                             if report.get("hidden")
                             else "not playable in a showdown: only Action and Reaction cards are") + " (RB-SHOW-4)")
        if "equipment" in report:
            b = report["equipment"]["might_bonus"]
            lines.append("  Equipment: " + (f"+{b} Might when attached" if b is not None
                                           else "Might bonus unknown (in no source)"))
    for m in report["modelled"]:
        lines.append(f"  modelled: {m['what']}: {m['how']}")
    for u in report["unmodelled"]:
        lines.append(f"  NOT modelled: {u['what']}: {u['why']}")
    if not report["modelled"] and not report["unmodelled"]:
        lines.append("  no combat effect in the data")
    return lines
