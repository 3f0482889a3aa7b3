"""A card's optional additional cost whose payment its own effects read (RB-CARD-8, RB-CARD-2).

"You may pay [fury] as an additional cost to play me. When you play me, if you paid the additional cost, ready me and
give me +2 Might this turn" (Pyke, Dockside Butcher); "As an additional cost to play this, you may discard 1. Deal 3
to a unit at a battlefield. If you paid the additional cost, deal 5 to it instead" (Ruthless Strike). Whether its
player paid is the play's ``condition: true|false`` (the entry states it; not stated, the effects reading it are NOT
MODELLED, RB-CARD-4). The additional cost is read from the printed clause that offers it: its Energy and runes are
paid with the card's cost under ``card_costs=stated`` (RB-CARD-2: the entry's ``paid:`` covers them), and what is not
Energy or runes (a card discarded, XP spent, a gear killed, the legend exhausted) is a resource the scenario does not
hold: the showdown game from both hands plays such a card both paid and not paid, and says how its value depends on
whether the player could pay (:mod:`..play.solve`).

>>> c = optional_cost("You may pay :rb_rune_fury: as an additional cost to play me.\\nWhen you play me, ...")
>>> c.words, c.energy, c.power, c.other
('pay a Fury rune', 0, 1, None)
>>> c = optional_cost("[Action] (...)\\nAs an additional cost to play this, you may discard 1.\\nDeal 3 ...")
>>> c.words, c.energy, c.power, c.other
('discard 1', 0, 0, 'discard 1')
>>> optional_cost("As you play this, you may pay :rb_rune_body: as an additional cost.").power
1
>>> optional_cost("You may pay :rb_energy_1::rb_rune_fury: as an additional cost to play me.").words
'pay 1 Energy and a Fury rune'
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

RULES = ("RB-CARD-8", "RB-CARD-2")
#: the conditions of a card's effects that read whether its player paid its optional additional cost (the data's
#: words); Safety Inspector's "If you paid my additional cost, you don't kill a unit this way" too
#: (:data:`.interpreter.SPARED_IF_PAID`)
PAID_CONDITIONS = ("you paid the additional cost", "if you paid the additional cost",
                   "you don't kill a unit this way if you paid the additional cost")
#: the printed clauses that offer an optional additional cost, the cost in ``what``
_CLAUSES = (re.compile(r"^You may (?P<what>.+?) as an additional cost to play (?:me|this)\.$", re.I),
            re.compile(r"^As an additional cost to play (?:me|this), you may (?P<what>.+?)\.$", re.I),
            re.compile(r"^As you play (?:me|this), you may (?P<what>.+?) as an additional cost\.$", re.I))
_PAY = re.compile(r"^pay (?P<symbols>(?::rb_(?:energy_\d+|rune_\w+):)+)$")
_SYMBOL = re.compile(r":rb_(?:energy_(?P<energy>\d+)|rune_(?P<rune>\w+)):")


@dataclass(frozen=True)
class AdditionalCost:
    """An optional additional cost as printed: in words, its Energy and runes (Power), and what else it takes."""

    words: str
    energy: int = 0
    power: int = 0
    #: the part that is no Energy or rune (a card discarded, XP spent, a gear killed ...), in the card's words; None
    other: str | None = None


def optional_cost(text: str) -> AdditionalCost | None:
    """The optional additional cost a card's printed ``text`` offers (:data:`_CLAUSES`), or None."""
    for line in str(text or "").split("\n"):
        for rx in _CLAUSES:
            m = rx.match(line.strip())
            if m is None:
                continue
            what = m["what"].strip()
            pay = _PAY.match(what)
            if pay is None:
                return AdditionalCost(words=what, other=what)
            energy = sum(int(s["energy"]) for s in _SYMBOL.finditer(pay["symbols"]) if s["energy"])
            runes = [s["rune"] for s in _SYMBOL.finditer(pay["symbols"]) if s["rune"]]
            parts = ([f"{energy} Energy"] if energy else []) + [
                f"{n} {d.capitalize() if d != 'rainbow' else 'any-domain'} runes" if n > 1 else
                f"{'an' if d == 'order' else 'a'} {d.capitalize() if d != 'rainbow' else 'any-domain'} rune"
                for d, n in dict.fromkeys((d, runes.count(d)) for d in runes)]
            return AdditionalCost(words="pay " + " and ".join(parts), energy=energy, power=len(runes))
    return None


def reads_payment(effects: Iterable[Mapping[str, Any]]) -> bool:
    """Whether one of ``effects`` happens only if (or unless) its player paid the card's optional additional cost."""
    return any(str(e.get("condition") or "") in PAID_CONDITIONS for e in effects)


@functools.lru_cache(maxsize=1024)
def of_card(name: str) -> AdditionalCost | None:
    """The optional additional cost of the spell, gear or unit card called ``name`` when its effects (a unit's
    abilities: its "When you play me" ones) read whether it was paid; else None."""
    from .spells import load_cards
    from .units import load_units, printed_texts

    card = load_cards().find(name)
    if card is not None:
        return optional_cost(card.text) if reads_payment(card.effects) else None
    unit = load_units().unit(name)
    if not reads_payment(unit.abilities):  # (the data gives these conditions only to its "When you play me" ones)
        return None
    return optional_cost(printed_texts().get(unit.id) or printed_texts().get(unit.reprint_of or "", ""))


def of_play(card: Any) -> AdditionalCost | None:
    """:func:`of_card` for a card as the interpreter reads it (a spell or gear, or a unit card played from hand, whose
    card is named as the unit); None for an ability."""
    if getattr(card, "type", None) not in ("spell", "gear", "unit"):
        return None
    from pycombat.errors import PycombatError

    try:
        return of_card(card.name)
    except PycombatError:  # (a card of a name the data does not know: read elsewhere)
        return None
