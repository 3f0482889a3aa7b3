"""[Repeat] (RB-CARD-25): "You may pay the additional cost to repeat this spell's effect."

A spell's Repeat costs are read from its printed text: "[Repeat] :rb_energy_2::rb_rune_fury:" is one
instance costing 2 Energy and 1 Power; "[Repeat] — :rb_energy_1: / :rb_rune_rainbow: / ..." (Curtain Call)
is one instance per cost, each paid at most once; "[Repeat] — Discard 1" (Square Up) is an instance whose
cost is not Energy or Power. A unit's static ability may give its player's spells another instance: "While
I'm in a showdown, your spells have [Repeat] :rb_energy_2::rb_rune_chaos:" (Syndra, Transcendent) while the
unit is at the battlefield of this showdown (:func:`granted`).

Each instance paid executes the spell's instructions once more, with its own choices, all made as the spell
is played (the entry's ``repeat:``, :func:`read`); the spell is played once (its "When you play a spell"
triggers fire once) and, countered, none of its executions happen (RB-CARD-3).

>>> from .spells import load_cards
>>> [i.cost for i in printed(load_cards().card("Piercing Light"))]
[(2, 1)]
>>> [i.cost for i in printed(load_cards().card("Curtain Call"))]
[(1, 0), (0, 1), (1, 1)]
>>> [(i.cost, i.other) for i in printed(load_cards().card("Square Up"))]
[((0, 0), 'Discard 1')]
>>> printed(load_cards().card("Incinerate"))
()
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from pycombat.errors import ScenarioError
from pycombat.scenario import Node
from ..spec import DESTINATIONS

RULE = "RB-CARD-25"
#: the printed keyword line: "[Repeat] COST" or "[Repeat] — COST / COST ..." up to its reminder text
_LINE = re.compile(r"\[Repeat\]\s*(?:—\s*)?([^(\n]*)")
_SYMBOL = re.compile(r":rb_(energy_(\d+)|rune_\w+):")
#: how a unit's grant words the cost ("2 energy, 1 chaos rune")
_WORDS = re.compile(r"^\s*(\d+) energy(?:,\s*(\d+) [\w-]+ runes?)?\s*$")
#: a unit's static ability giving its player's spells [Repeat] as the data writes it: its condition, its target
IN_SHOWDOWN = "While I'm in a showdown"
_SPELLS = {"count": "all", "side": "friendly", "kind": "spell"}


@dataclass(frozen=True)
class Instance:
    """One [Repeat] a spell has: its cost (Energy, Power), a cost that is neither (``other``), and where it
    comes from (the card itself, or the unit giving it)."""

    cost: tuple[int, int]
    other: str | None = None
    source: str | None = None  #: the unit whose static ability gives it (None: printed on the card)

    def text(self) -> str:
        if self.other:
            what = self.other
        else:
            what = " + ".join(p for p in (f"{self.cost[0]} Energy" if self.cost[0] or not self.cost[1] else "",
                                          f"{self.cost[1]} Power" if self.cost[1] else "") if p)
        return what + (f", given by {self.source}" if self.source else "")


def _cost(text: str) -> Instance:
    symbols = _SYMBOL.findall(text)
    if symbols and not _SYMBOL.sub("", text).strip():
        energy = sum(int(n) for _, n in symbols if n)
        return Instance((energy, sum(1 for s, n in symbols if not n)))
    return Instance((0, 0), other=" ".join(text.split()))


def printed(card) -> tuple[Instance, ...]:
    """The [Repeat] instances printed on ``card`` (a spell), in printed order."""
    if card.type != "spell" or "[Repeat]" not in card.text:
        return ()
    out: list[Instance] = []
    for m in _LINE.finditer(card.text):
        body = m.group(1).strip()
        parts = [p for p in (x.strip() for x in body.split(" / ")) if p] if "/" in body else [body]
        out += [_cost(p) for p in parts if p]
    return tuple(out)


def grants(e: Mapping[str, Any]) -> bool:
    """Whether unit ability ``e`` is the static "your spells have [Repeat] COST while I'm in a showdown" read
    here (its cost in Energy and runes)."""
    return (e.get("effect") == "grant_keyword" and e.get("keyword") == "Repeat" and e.get("target") == _SPELLS
            and e.get("condition") == IN_SHOWDOWN and e.get("duration") == "static"
            and _WORDS.match(str(e.get("value") or "")) is not None)


def granted(units: Mapping[str, Any], present, by: str) -> tuple[Instance, ...]:
    """The [Repeat] instances ``by``'s spells get now from his units at this showdown's battlefield (RB-CARD-9)."""
    out = []
    for n in present:
        u = units[n]
        if u.side != by:
            continue
        for e in u.statics:
            if grants(e):
                m = _WORDS.match(str(e["value"]))
                out.append(Instance((int(m[1]), int(m[2] or 0)), source=n))
    return tuple(out)


def instances(card, units: Mapping[str, Any], present, by: str) -> tuple[Instance, ...]:
    """Every [Repeat] ``by`` may pay as he plays spell ``card`` now: the printed ones, then the granted ones."""
    return printed(card) + (granted(units, present, by) if card.type == "spell" else ())


#: the choices a repeated execution may make anew (the entry's ``repeat:`` mapping), as :class:`~.plays.Play`
#: fields
CHOICES = ("target", "mode", "amounts", "discard", "trash", "to", "condition", "cost")


def read(node, play, target_of, chosen_of) -> Any:
    """``play`` with the executions its entry's ``repeat:`` adds (RB-CARD-25): ``true`` (once more, with the same
    choices), a mapping of the choices made anew (:data:`CHOICES`; one not given is the first execution's, and
    ``cost: N`` says which of the spell's [Repeat] it pays, 1, 2 ... in printed order then the granted ones; not
    given: the next one), or a list of those (one per [Repeat] paid). ``target_of(node, i)`` reads the ``i``-th
    target and ``chosen_of(node)`` the choices made as it resolves, as the entry's own are read."""
    from pycombat.frozen import replace

    if not node.has("repeat"):
        return play
    r = node.child("repeat")
    items = [Node(v, file=r.file, path=f"{r.path}[{i}]") for i, v in enumerate(r.value)] \
        if isinstance(r.value, list) else [r]
    if not items:
        raise r.error(f"give `true`, the choices made anew, or a list of those, one per [Repeat] paid ({RULE})")
    out = []
    for k, item in enumerate(items, 1):
        if isinstance(item.value, bool):
            if not item.value:
                if len(items) > 1:
                    raise item.error(f"`false` in a list: list only the [Repeat] paid ({RULE})")
                return play  # not paid
            out.append(replace(play, again=k, repeats=(), paid=None, path=item.path))
            continue
        if not isinstance(item.value, dict):
            raise item.error(f"must be true, false or a mapping of the choices made anew ({', '.join(CHOICES)}), "
                             f"not {type(item.value).__name__} ({RULE})")
        fields: dict[str, Any] = {}
        if item.has("target"):
            t = item.child("target")
            subs = [Node(v, file=t.file, path=f"{t.path}[{i}]") for i, v in enumerate(t.value)] \
                if isinstance(t.value, list) else [t]
            fields["targets"] = tuple(target_of(s, i) for i, s in enumerate(subs))
        if item.has("mode"):
            fields["mode"] = item.int("mode", minimum=1)
        if item.has("condition"):
            fields["condition"] = item.bool("condition")
        if item.has("to"):
            fields["to"] = item.str("to", choices=DESTINATIONS)
        fields.update(chosen_of(item))  # what the player chooses as it resolves: amounts, discard, trash
        fields["repeat_cost"] = item.int("cost", None, minimum=1)
        item.finish(CHOICES)
        out.append(replace(play, again=k, repeats=(), paid=None, path=item.path, **fields))
    firsts = [t[0] if t else None for t in [play.targets] + [x.targets for x in out]]
    out = [replace(x, earlier_targets=tuple(t for t in firsts[:k] if t)) for k, x in enumerate(out, 1)]
    return replace(play, repeats=tuple(out))


def check(play, units: Mapping[str, Any], present) -> list[tuple[Instance, Any]]:
    """RB-CARD-25: the [Repeat] each of ``play``'s repeated executions pays, in order, or a refusal naming the
    entry: more executions than the spell has [Repeat] (printed, and given by its player's units at the
    battlefield now), one paid twice, a card with none."""
    if not play.repeats:
        return []
    have = instances(play.card, units, present, play.by)
    if not have:
        raise play_error(play, f"`repeat:`: {play.card.name} has no [Repeat] (printed, or given by a unit of its "
                         "player's at the battlefield)", RULE, "repeat")
    if len(play.repeats) > len(have):
        raise play_error(play, f"`repeat:` lists {len(play.repeats)} executions more; {play.card.name} has "
                         f"{len(have)} [Repeat] ({'; '.join(i.text() for i in have)}), each paid at most once",
                         RULE, "repeat")
    used: list[int] = []
    for r in play.repeats:
        k = r.repeat_cost or next(i for i in range(1, len(have) + 1) if i not in used)
        if k > len(have):
            raise play_error(r, f"`cost: {k}`: {play.card.name} has {len(have)} [Repeat]", RULE, "cost")
        if k in used:
            raise play_error(r, f"`cost: {k}`: each [Repeat] is paid at most once", RULE, "cost")
        used.append(k)
    return [(have[k - 1], r) for k, r in zip(used, play.repeats)]


def play_error(play, message: str, rule: str, field: str) -> ScenarioError:
    """A refusal naming the card, the entry's field and the rule (worded as every play's refusal is)."""
    return ScenarioError(f"{play.card.name}: {message} ({rule})", path=f"{play.path}.{field}")


def cost(play, units: Mapping[str, Any], present) -> tuple[int, int, str]:
    """RB-CARD-2 with RB-CARD-25: the Energy and Power the [Repeat] paid for ``play`` add to its cost, in words."""
    paid = [i for i, _ in check(play, units, present)]
    energy, power = sum(i.cost[0] for i in paid), sum(i.cost[1] for i in paid)
    return energy, power, f"{energy} Energy + {power} Power for its [Repeat] ({RULE})"

