"""Counters in the chain (RB-CARD-3, RB-CARD-20), read from the data's ``counter`` records.

A counter names, as its first ``target``, the card it counters: the latest earlier play of that
card in the ``showdown:`` list not already countered (a unit's ability: by the ability's name or
by its unit's name). The chain resolves last in, first out (CR 346-348): a counter that is
itself countered counters nothing, so counters are read from the last play back. A counter countered
by a counter (played above it on the chain) leaves the chain with it, before the card it named, which
stays on the chain and resolves later: in the list, that card may come after the two (or never, when
it has no effect), and the countered counter then names no earlier play.

What a counter may counter is the data's ``what`` (one reading per phrase, never per card):

* ``spell`` / ``the chosen spell``: any spell (at most ``max_energy`` / ``max_power``);
* ``an enemy spell or ability that chooses a friendly unit or gear``: a spell or ability of the
  opponent whose chosen units (its ``target``) include one of the counter's player;
* ``an enemy spell or ability that chooses it and no other friendly unit``: the counter first
  chooses a friendly unit at the battlefield (its second ``target``); the countered spell or
  ability chooses that unit and no other unit of the counter's player;
* ``a spell if an opponent has played another spell this turn``: any spell; it is countered when
  an opponent of the counter's player played another spell this turn: decided from the list when
  an earlier play shows one, else as the entry states (``condition: true|false``), else not
  modelled (RB-CARD-4).

``unless_controller_pays_energy: N``: the countered card's controller may pay N Energy (each time,
when the counter is repeated with [Repeat]); the entry states whether he did (``pays:
true|false``), else the counter is not modelled (RB-CARD-4).

A card whose own text says "This can't be countered" (the overlay's ``uncounterable`` record on the card itself,
Decree of Rage) is countered by no counter: the counter resolves and does nothing to it (RB-CARD-3). A counter
whose card returns what it counters "to its owner's hand instead of putting it in their trash" (the overlay's
``countered_to: hand`` record, Abandon) puts it back in that hand (:func:`to_hand`).

A counter whose target is not a card it may counter is refused, citing the rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .plays import Play, Unmodelled, play_error as _err
from .records import effect_text
from .statics import givers

RULE = "RB-CARD-20"
#: whom a counter's "Its controller can't play spells this turn" locks (the data's ``spell_lock`` target)
LOCKED = "countered spell's controller"
#: the condition of "counter a spell if an opponent has played another spell this turn"
OPPONENT_SPELL = "an opponent has played another spell this turn"
#: a Might bonus "equal to the countered spell's Energy cost" (the data's ``value``)
COUNTERED_ENERGY = "countered spell's Energy cost"
#: the unit a counter's Might bonus goes to: "choose a friendly unit and a spell" (the data's ``ref``)
CHOSEN_FRIENDLY = "chosen friendly unit"


@dataclass(frozen=True)
class Reach:
    """What one counter may counter."""

    kinds: tuple[str, ...] = ("spell",)  #: the countered card's type: spell, or ability too
    enemy: bool = False  #: only the opponent's
    chooses: str | None = None  #: "friendly": chooses a unit of the counter's player; "only": just its unit
    chosen_unit: bool = False  #: the counter first chooses a friendly unit at the battlefield
    condition: str | None = None  #: a condition on the turn (OPPONENT_SPELL)
    rule: str = "RB-CARD-3"

    def text(self) -> str:
        bits = ["an enemy" if self.enemy else "a", " spell" + (" or ability" if "ability" in self.kinds else "")]
        if self.chooses == "friendly":
            bits.append(" that chooses a friendly unit")
        elif self.chooses == "only":
            bits.append(" that chooses the friendly unit it chose (at the battlefield) and no other friendly unit")
        if self.condition:
            bits.append(f", if {self.condition}")
        return "".join(bits)


#: the data's ``what`` of a counter -> what it may counter
REACH: dict[str, Reach] = {
    "spell": Reach(),
    "the chosen spell": Reach(),
    "an enemy spell or ability that chooses a friendly unit or gear": Reach(("spell", "ability"), enemy=True,
                                                                         chooses="friendly", rule=RULE),
    "an enemy spell or ability that chooses it and no other friendly unit": Reach(("spell", "ability"), enemy=True,
                                                                               chooses="only", chosen_unit=True,
                                                                               rule=RULE),
    "a spell if an opponent has played another spell this turn": Reach(condition=OPPONENT_SPELL, rule=RULE),
}


def reach(e: Mapping[str, Any]) -> Reach | None:
    """What the counter record ``e`` may counter; None when its ``what`` is not read."""
    return REACH.get(str(e.get("what")))


def support(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(modelled, how or why not)`` for a ``counter`` record."""
    r = reach(e)
    if r is None:
        return False, f"counters {e.get('what')}: what it may counter is not read"
    how = "counters " + r.text()
    if e.get("max_energy") is not None or e.get("max_power") is not None:
        how += " of cost at most " + " + ".join(
            f"{e[k]} {w}" for k, w in (("max_energy", "Energy"), ("max_power", "Power")) if e.get(k) is not None)
    if r.condition:
        how += " (decided from the showdown list, else stated: `condition: true|false`)"
    pay = e.get("unless_controller_pays_energy")
    if pay:
        how += (f" unless its controller pays {pay} Energy (each time, when repeated): the entry states whether he "
                "did, `pays: true|false`")
    return True, how + f" ({rule_of(e)}); a countered card has no effect"


def rule_of(e: Mapping[str, Any]) -> str:
    """The rule a counter record applies: RB-CARD-20 for what it checks beyond "a spell" (RB-CARD-3)."""
    r = reach(e)
    return RULE if e.get("unless_controller_pays_energy") or r is None else r.rule


def needs_unit(e: Mapping[str, Any] | None) -> bool:
    """Whether the counter first chooses a friendly unit at the battlefield (its second target)."""
    r = reach(e) if e is not None else None
    return bool(r and r.chosen_unit)


def _name_matches(p: Play, want: str) -> bool:
    if p.card.name.casefold() == want:
        return True
    of = p.ability_of or p.trigger_of  # a unit's ability, named by its unit
    return p.card.type == "ability" and of is not None and of.casefold() == want


def uncounterable(card) -> bool:
    """Whether the card's own text says "This can't be countered" (RB-CARD-3)."""
    return any(e.get("effect") == UNCOUNTERABLE and (e.get("target") or {}).get("ref") == "self"
               for e in getattr(card, "effects", ()))


def to_hand(card) -> bool:
    """Whether the counter card returns what it counters to its owner's hand instead of the trash (RB-CARD-3)."""
    return any(e.get("effect") == COUNTERED_TO and e.get("to") == "hand" for e in getattr(card, "effects", ()))


#: the overlay's effect kinds of a card countered by no counter, and of a counter sending what it counters elsewhere
UNCOUNTERABLE, COUNTERED_TO = "uncounterable", "countered_to"


def countered(plays: list, counter_of, units: Mapping[str, Any] | None = None, in_play=None,
              spared: dict | None = None, by: dict | None = None,
              links: list | None = None) -> tuple[set[int], list[Unmodelled]]:
    """RB-CARD-3, RB-CARD-20: the indexes of the plays countered, and the counters not modelled.
    ``counter_of(play)``: the play's counter record or None; ``units``: the units by name (their
    ``side``), for the counters that look at whose units a card chooses; ``in_play``: the units in play, whose
    "Your spells and abilities can't be countered" keeps their player's cards from being countered (RB-CARD-9):
    ``spared`` gets, for each counter's index, the cards it could not counter and the units that kept them (none
    named: the card's own text, "This can't be countered"); ``by`` gets, for each play countered, the index of the
    counter that countered it; ``links`` gets ``(j, i)`` for each play ``j`` a counter ``i`` chooses (countered or
    not): ``j`` was on the chain until ``i`` was played."""
    def kept(victim) -> bool:  # RB-CARD-3: its own text; RB-CARD-9: a unit of its player's makes it uncounterable
        if uncounterable(victim.card):
            if spared is not None:
                spared.setdefault(i, []).append((victim.card.name, ()))
            return True
        if units is None or in_play is None:
            return False
        who = [n for n, _ in givers(units, in_play, victim.by, "uncounterable")]
        if who and spared is not None:
            spared.setdefault(i, []).append((victim.card.name, tuple(who)))
        return bool(who)

    out: set[int] = set()
    notes: list[Unmodelled] = []
    locks: list[tuple[int, int]] = []  # (counter, the play it countered)
    for i in range(len(plays) - 1, -1, -1):  # last in, first out (CR 346-348)
        p = plays[i]
        e = counter_of(p) if p is not None else None
        if p is not None and p.pays is not None and not (e or {}).get("unless_controller_pays_energy") \
                and not any(x.get("unless") for x in getattr(getattr(p, "card", None), "effects", ())):
            raise _err(p, "`pays:` states whether a countered card's controller paid for a counter 'unless its "
                       "controller pays', or whether a player did what an 'unless' effect asks; this card has "
                       "neither", RULE, "pays")
        if e is None:
            continue
        r = reach(e)
        if r is None:
            if i not in out:
                notes.append(Unmodelled(p.card.name, effect_text(e), support(e)[1]))
            continue
        want = 2 if r.chosen_unit else 1
        if len(p.targets) < 1:
            raise _err(p, "a counter names the card it counters in `target` (first)", r.rule, "target")
        if r.chosen_unit and len(p.targets) < want:
            raise _err(p, "it chooses a friendly unit at the battlefield: give `target: [CARD, UNIT]`", r.rule,
                       "target")
        name = p.targets[0].casefold()
        j = next((j for j in range(i - 1, -1, -1) if plays[j] is not None and j not in out
                  and _name_matches(plays[j], name)), None)
        if j is None and i in out:
            # RB-CARD-3: a counter countered by a later one counters nothing; the card it named may still be on the
            # chain below it, resolving after both (listed after them), or never (it left the chain): nothing to read
            continue
        if j is None:
            raise _err(p, f"no earlier play of {p.targets[0]!r} in this showdown to counter (a counter chooses a "
                       "card on the chain)", r.rule, "target")
        _open_chain(plays, j, i)
        if links is not None:
            links.append((j, i))
        victim = plays[j]
        chosen = victim.targets[1:] if counter_of(victim) is not None else victim.targets  # its units
        unknown = _check(p, e, r, victim, chosen, units)
        if i in out:  # countered itself: it does nothing
            continue
        if unknown:
            notes.append(Unmodelled(p.card.name, effect_text(e), unknown))
            continue
        holds, why = _holds(p, e, r, plays, i, j)
        if holds is None:
            notes.append(Unmodelled(p.card.name, effect_text(e), why))
        elif holds and not kept(victim):
            out.add(j)
            locks.append((i, j))
            if by is not None:
                by[j] = i
        for again in getattr(p, "repeats", ()):  # RB-CARD-25: each [Repeat] paid counters once more
            name = (again.targets[0] if again.targets else p.targets[0]).casefold()
            k = next((k for k in range(i - 1, -1, -1) if plays[k] is not None and k not in out
                      and _name_matches(plays[k], name)), None)
            if k is None:
                if _name_matches(victim, name):
                    continue  # the card the first execution countered: nothing left to counter
                raise _err(again, f"no earlier play of {again.targets[0]!r} in this showdown to counter (a "
                           "counter chooses a card on the chain)", r.rule, "target")
            _open_chain(plays, k, i)
            if links is not None:
                links.append((k, i))
            chosen = plays[k].targets[1:] if counter_of(plays[k]) is not None else plays[k].targets
            unknown = _check(again, e, r, plays[k], chosen, units)
            holds, why = (None, unknown) if unknown else _holds(again, e, r, plays, i, k)
            if holds is None:
                notes.append(Unmodelled(p.card.name, f"{effect_text(e)} (executed again by [Repeat])", why))
            elif holds and not kept(plays[k]):
                out.add(k)
                locks.append((i, k))
                if by is not None:
                    by[k] = i
    for i, j in locks:  # "Its controller can't play spells this turn": from the counter resolving on
        if i in out or not any(x.get("effect") == "spell_lock" and (x.get("target") or {}).get("ref") == LOCKED
                               for x in plays[i].card.effects):
            continue
        who = plays[j].by
        for k in range(i + 1, len(plays)):
            q = plays[k]
            if q is None or q.by != who or q.card.type != "spell":
                continue
            if counter_of(q) is not None and q.targets and _name_matches(plays[i], q.targets[0].casefold()):
                continue  # played on the chain above the counter, to counter it: before the lock
            raise _err(q, f"the {who} can't play spells this turn: {plays[i].card.name} countered his "
                       f"{plays[j].card.name}", RULE, "play")
    return out, notes


def action_speed(q: Play | None) -> bool:
    """Whether ``q`` is a card played, or an ability used, at [Action] speed, which cannot be on an open chain (a
    Closed State, where only Reactions can be): a card of speed ``action``, not played from facedown (it then has
    Reaction), nor a unit's trigger, nor a card an ability plays; or a unit's activated ability of [Action] speed
    (RB-SHOW-4, CR 806.1.c)."""
    if q is None or q.facedown or q.trigger_of or q.played_by or q.unit is not None or q.responds:
        return False
    if q.ability_of:
        return q.card.speed == "action"
    return q.card.speed == "action" and not any(k in ("Reaction", "Quick-Draw") for k, _ in q.card.keywords)


def _open_chain(plays: list, j: int, i: int) -> None:
    """RB-SHOW-4 with RB-CARD-3 (CR 806.1.c): the counter ``plays[i]`` chooses ``plays[j]`` on the chain, so that
    card was still on the chain from its play to the counter's: every card played between them was played on an
    open chain (a Closed State), where only Reactions can be. An [Action] card among them is refused: listed after
    ``plays[j]``, it was played once that card had resolved, and the counter would then have nothing to counter."""
    for k in range(j + 1, i):
        q = plays[k]
        if action_speed(q):
            raise _err(q, f"an [Action] card, played while {plays[j].card.name} is still on the chain "
                       f"({plays[i].path} counters it): only Reactions on an open chain", "RB-SHOW-4", "play")


def _check(p: Play, e: Mapping[str, Any], r: Reach, victim: Play, chosen: tuple[str, ...],
           units: Mapping[str, Any] | None) -> str:
    """The countered card is one the counter may counter (else a refusal citing the rule); a reason
    the model cannot tell (a unit whose side is not known yet), or ''."""
    card = victim.card
    if card.type not in r.kinds:
        raise _err(p, f"{card.name} is {'an' if card.type[0] in 'aeiou' else 'a'} {card.type}: it counters "
                   + r.text(), r.rule, "target")
    if e.get("max_energy") is not None and (card.energy_cost or 0) > int(e["max_energy"]) or \
            e.get("max_power") is not None and (card.power_cost or 0) > int(e["max_power"]):
        raise _err(p, f"{card.name} costs {card.cost_text}: more than this counter allows", r.rule, "target")
    if r.enemy and victim.by == p.by:
        raise _err(p, f"{card.name} was played by the {p.by} itself: it counters " + r.text(), r.rule, "target")
    if r.chooses is None:
        return ""
    from .gear import takes as chooses_gear

    if chooses_gear(card):  # its targets are gear (RB-CARD-22)
        if r.chooses == "friendly":
            return "whose gear the card chooses is not read (only whose units)"
        chosen = ()
    sides = {n: getattr((units or {}).get(n), "side", None) for n in chosen}
    unknown = [n for n in chosen if sides[n] is None]
    if unknown:  # a unit token played in the same showdown: whose it is is read as it enters
        return (f"whose unit {', '.join(unknown)} is (played during the showdown) is not known when counters are "
                "read")
    friendly = {n for n in chosen if sides[n] == p.by}
    if r.chooses == "friendly" and not friendly:
        raise _err(p, f"{card.name} chooses no unit of the {p.by} ({', '.join(chosen) or 'no unit'}): it "
                   "counters " + r.text(), r.rule, "target")
    if r.chooses == "only" and friendly != {p.targets[1]}:
        raise _err(p, f"{card.name} must choose {p.targets[1]} and no other unit of the {p.by} (it chooses "
                   f"{', '.join(chosen) or 'no unit'})", r.rule, "target")
    return ""


def _holds(p: Play, e: Mapping[str, Any], r: Reach, plays: list, i: int, j: int) -> tuple[bool | None, str]:
    """Whether the counter counters its card: its condition on the turn and the controller's payment."""
    if r.condition == OPPONENT_SPELL:
        seen = [plays[k].card.name for k in range(i) if k != j and plays[k] is not None
                and plays[k].card.type == "spell" and plays[k].by != p.by]
        if seen:
            if p.condition is False:
                raise _err(p, f"`condition: false`, but the opponent played {seen[0]} earlier in this showdown",
                           r.rule, "condition")
        elif p.condition is None:
            return None, ("whether an opponent played another spell earlier this turn is not in the showdown list "
                          "and the entry does not state it (`condition: true|false`)")
        elif not p.condition:
            return False, ""
    pay = e.get("unless_controller_pays_energy")
    if pay:
        paid = getattr(p, "pays", None)
        if paid is None:
            return None, (f"whether its controller pays {pay} Energy is his choice and the entry does not state it "
                          "(`pays: true|false`)")
        return not paid, ""
    return True, ""


def outcome(e: Mapping[str, Any], p: Play, name: str | None) -> str:
    """The narration of a counter resolving (what it did to the card it names), or '' when that is
    read from the showdown list or not modelled (then named as such)."""
    r, pay = reach(e), e.get("unless_controller_pays_energy")
    if r is None or name is None:
        return ""
    who = dict(getattr(p, "spared", None) or ()).get(name)
    if who == ():  # RB-CARD-3: the card's own text
        return f"{name} can't be countered (its own text, RB-CARD-3): it is not countered"
    if who:  # RB-CARD-9: a unit of its player's keeps it from being countered
        return f"{name} can't be countered ({', '.join(who)}'s static ability, RB-CARD-9): it is not countered"
    if pay and p.pays:
        return f"the controller of {name} pays {pay} Energy: it is not countered"
    if r.condition and p.condition is False:
        return f"{r.condition}: no, so {name} is not countered"
    if r.condition and p.condition is None or pay and p.pays is None:
        return ""
    return f"{name} is countered: it has no effect"


def chooses_a_unit(name: str) -> bool:
    """Whether the counter card ``name`` also chooses a unit (its second target): "Choose a friendly unit
    ..." of the counter itself (Repulse) or of an effect after it (Riposte)."""
    from .spells import load_cards

    card = load_cards().find(name)
    return card is not None and any(
        e.get("effect") == "counter" and needs_unit(e) or (e.get("target") or {}).get("ref") == CHOSEN_FRIENDLY
        for e in card.effects)
