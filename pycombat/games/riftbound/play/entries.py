"""A play of the showdown game as a ``showdown:`` entry, and the one legality check.

A play is an :class:`Entry`: the card, who plays it, its targets, its mode, where a unit goes. Whether
it may be played now is decided by the scenario reader and the card interpreter, the same code that
reads a ``showdown:`` list (RB-CARD-1 targets, RB-CARD-2 costs, RB-CARD-3 counters, RB-CARD-16 units
from hand): the entry is read after the plays resolved so far and applied to the state they reached
(:meth:`Lines.run`, never replaying them); a refusal (:class:`~pycombat.errors.ScenarioError`) means it may not. Targets are
checked against the board as it is when the card is played; when the chain resolves, a card whose
targets no longer fit is refused again and resolves with no effect (RB-CARD-11), which is named.

A chain resolves last in, first out, its newest item each time both players pass in turn (RB-SHOW-3, RB-CARD-3):
:meth:`Lines.resolve_newest`; a block of plays listed as they resolve: :func:`resolution_order`.
"""
from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass
from typing import Any

from pycombat.errors import ScenarioError, as_value
from pycombat.frozen import replace
from ..cards.showdown import Progress, Retroactive, counters, unpathed
from .hands import HandCard


@dataclass(frozen=True)
class Entry:
    """One play: a card from ``by``'s hand with its choices (hashable: a game action)."""

    card: str
    by: str
    targets: tuple[str, ...] = ()
    mode: int | None = None
    to: str | None = None  #: a unit card's destination (base | battlefield)
    counter: bool = False  #: its target is a card on the chain (RB-CARD-3)
    facedown: bool = False  #: a [Hidden] card played from facedown (RB-SHOW-4)
    attach: str | None = None  #: the Equipment an "attach or detach" card attaches (RB-CARD-14)
    detach: str | None = None  #: the Equipment a card detaches (RB-CARD-14)
    attach_from: str | None = None  #: the unit ``attach`` takes its Equipment from (else an unattached one)
    #: whether its player pays its optional cost ("You may pay ... If you do", RB-CARD-20); None: no such choice
    condition: bool | None = None
    #: each [Repeat] paid (RB-CARD-25): the targets of the spell's execution once more
    repeat: tuple[tuple[str, ...], ...] = ()
    #: a unit card whose additional cost kills a unit its player controls (Stalking Wolf): the unit killed
    kills: str | None = None
    #: the activated ability of the unit ``card`` (RB-CARD-17), used by its controller ``by``; not a card of a hand
    ability: bool = False
    #: the friendly unit whose exhaust ability the unit ``card`` has and uses (Heimerdinger, Inventor, RB-CARD-17)
    of: str | None = None
    #: the unit an Equipment ``attach`` makes its unit a copy of (Shady Spectacles, RB-CARD-14)
    copy_of: str | None = None
    #: the [Action] ability of the gear ``card`` in play (its player's ``gear:``), used by ``by`` (RB-CARD-17): written
    #: as a play of the gear, which the reader reads as that ability's use; not a card of a hand
    in_play: bool = False
    #: the choice of the trigger of the unit ``card`` (its controller ``by``'s) fired on this kind of event as the
    #: play before it resolved (``{trigger: UNIT, when: KIND, ...}``, RB-CARD-10); ``items``: that entry, frozen
    fired: str | None = None
    items: tuple = ()

    def __post_init__(self):
        # an Entry is a key of many memo tables, inside tuples of plays: its hash is worked out once
        object.__setattr__(self, "_hash", hash((self.card, self.by, self.targets, self.mode, self.to, self.counter,
                                                self.facedown, self.attach, self.detach, self.attach_from,
                                                self.condition, self.repeat, self.kills, self.ability, self.of,
                                                self.copy_of, self.in_play, self.fired, self.items)))

    def __hash__(self) -> int:
        return self._hash

    @staticmethod
    def of_fired(side: str, entry: dict) -> "Entry":
        """The trigger entry ``entry`` (``{trigger: UNIT, when: KIND, ...}``) of ``side``'s unit, as a play."""
        def frozen(v):
            if isinstance(v, dict):
                return ("dict", tuple(sorted((k, frozen(x)) for k, x in v.items())))
            return ("list", tuple(v)) if isinstance(v, list) else v
        return Entry(entry["trigger"], side, tuple(entry.get("target") or ()), fired=entry["when"],
                     items=tuple(sorted((k, frozen(v)) for k, v in entry.items())))

    def as_dict(self) -> dict:
        """The ``showdown:`` entry the reader reads."""
        if self.fired is not None:
            def thawed(v):
                if isinstance(v, tuple) and len(v) == 2 and v[0] in ("dict", "list"):
                    return {k: thawed(x) for k, x in v[1]} if v[0] == "dict" else list(v[1])
                return v
            return {k: thawed(v) for k, v in self.items}
        out: dict[str, Any] = {"ability": self.card} if self.ability else {"play": self.card, "by": self.by}
        if self.of is not None:
            out["of"] = self.of
        if self.targets:
            out["target"] = list(self.targets)
        if self.mode is not None:
            out["mode"] = self.mode
        if self.to is not None:
            out["to"] = self.to
        if self.facedown:
            out["facedown"] = True
        if self.attach is not None:
            out["attach"] = self.attach
        if self.detach is not None:
            out["detach"] = self.detach
        if self.attach_from is not None:
            out["from"] = self.attach_from
        if self.copy_of is not None:
            out["copy_of"] = self.copy_of
        if self.condition is not None:
            out["condition"] = self.condition
        if self.repeat:
            out["repeat"] = [{"target": list(t)} for t in self.repeat]
        if self.kills is not None:
            out["kills"] = self.kills
        return out

    def label(self) -> str:
        if self.fired is not None:
            from .trigger_entries import trigger_label

            return trigger_label(self.card, f"\"{self.fired}\"", self.as_dict())
        text = (f"{self.card}'s ability" + (f" (of {self.of})" if self.of else "")) if self.ability else f"{self.card}"
        if self.mode is not None:
            text += f" (mode {self.mode})"
        if self.targets:
            text += (" countering " if self.counter else " on ") + ", ".join(self.targets)
        if self.attach is not None:
            text += f" attaching {self.attach}" + (f" from {self.attach_from}" if self.attach_from else "") \
                + (f" (a copy of {self.copy_of})" if self.copy_of else "")
        if self.detach is not None:
            text += f" detaching {self.detach}"
        if self.attach_from is not None and self.attach is None:  # a gear named by the unit it is on (RB-CARD-22)
            text += f" (on {self.attach_from})"
        if self.to is not None:
            text += " to another battlefield" if self.to == "elsewhere" else f" to the {self.to}"
        if self.facedown:
            text += " from facedown"
        if self.condition is not None and not self.ability and _additional(self.card):  # RB-CARD-8
            text += " paying its additional cost" if self.condition else " not paying its additional cost"
        elif self.condition is not None:  # a unit card's optional cost of its "When you play me", or a spell taken
            text += (" paying its optional cost" if self.to is not None else " paying to take it") if self.condition \
                else " not paying"
        for t in self.repeat:  # RB-CARD-25
            text += ", repeated" + (f" on {', '.join(t)}" if t else " with no target")
        if self.kills is not None:  # RB-CARD-16: its additional cost
            text += f", killing {self.kills}"
        return text


def _additional(name: str) -> bool:
    """Whether the card ``name`` has an optional additional cost its effects read (:mod:`..cards.additional_costs`)."""
    from pycombat.errors import PycombatError
    from ..cards.additional_costs import of_card

    try:
        return of_card(name) is not None
    except PycombatError:  # (a unit's ability entry names the unit in play, not a card of a hand)
        return False


class Reached:
    """The showdown after some plays: the plays read (:class:`~..cards.interpreter.Play`), the state
    reached (:class:`~..cards.showdown.Progress`), and, when asked, the scenario with the plays in its
    ``showdown:`` and the showdown played to its end."""

    def __init__(self, base, plays: tuple, progress):
        self.base, self.plays, self.progress = base, plays, progress
        self._showdown = None
        self.state: int | None = None  #: the state's number (:meth:`Lines.state`)
        self.board: int | None = None  #: the board's number when the showdown ends here (``ShowdownGame.board_key``)
        self._names: list[str] | None = None
        self._board = None  #: :attr:`final_board`
        #: side -> the units it lost in the showdown so far (:func:`.score.showdown_losses`), when asked
        self.lost: dict | None = None
        #: those losses as a key (``ShowdownGame.lost_key``), when asked
        self.lost_key: tuple | None = None

    @property
    def scenario(self):
        return replace(self.base, effects=self.base.effects + self.plays)

    @property
    def showdown(self):
        """The showdown ended here (both players pass): its board and narration."""
        if self._showdown is None:
            self._showdown = self.progress.finish()
        return self._showdown

    @property
    def final_board(self):
        """The board at the Combat Damage Step when the showdown ends here (:attr:`showdown`'s board,
        worked out without its narration until that is asked for)."""
        if self._showdown is not None:
            return self._showdown.board
        if self._board is None:
            self._board = self.progress.board()
        return self._board

    @property
    def names(self) -> list[str]:
        """The units a play may name, in the order the scenario lists them: those at the battlefield, at
        their bases, and the units played from hand (RB-CARD-16), that are in play now: a card chooses its
        units as it is played, among those in play (RB-CARD-1; one that leaves play while the card is on the
        chain is gone for it as it resolves, RB-CARD-11)."""
        if self._names is None:
            s = self.base
            board = [u.name for u in s.attacker.units + s.defender.units + s.reserve]
            played = [u.name for u in s.played_units] + [p.unit.name for p in self.plays if p.unit is not None]
            p = self.progress
            in_play = {*p.present, *p.base, *p.away}
            self._names = [n for n in dict.fromkeys(board + played) if n in in_play]
        return self._names

    @property
    def equipment(self) -> tuple[tuple[str, str | None], ...]:
        """The Equipment in play, each once, in order: ``(Equipment, the unit it is attached to)`` for
        those attached to a unit in play, then ``(Equipment, None)`` for the unattached ones: what an
        "attach" or "detach" choice may name (RB-CARD-14)."""
        p = self.progress
        here = p.present + p.base + p.away
        attached = [(g, n) for n in here for g in p.units[n].equipment]
        loose = [(g, None) for side in ("attacker", "defender") for g in p.loose.get(side, ())]
        return tuple(dict.fromkeys(attached + loose))


class Lines:
    """The showdowns of one scenario with plays appended, each state reached once (a memo). Each play
    is read by the scenario reader's own entry reader (:func:`..schema.play_entry`) after the file's
    entries and the plays before it; it is then applied to a copy of the state the plays before it
    reached (:meth:`..cards.showdown.Progress.extend`), never replaying them. A chain resolves one
    play at a time through the states its first plays reach (remembered: the chains resolving
    through the same plays share them), except that a counter is applied in one step with the plays
    before it, so that it meets the card it counters (RB-CARD-3)."""

    def __init__(self, scenario, shared: "Lines | None" = None):
        self.scenario = scenario
        self.stated = len(scenario.document.get("showdown") or [])  #: the file's own showdown entries
        self._memo: dict[tuple[Entry, ...], Any] = {}
        self._read: dict[tuple[Entry, ...], Any] = {(): ((), frozenset(scenario.names))}
        # the states and units numbered alike with ``shared``'s (the same scenario with other combat trigger
        # choices stated, .triggers): a state reached under either is one position
        self._states: dict[Any, int] = shared._states if shared is not None else {}
        #: each unit value met, numbered (:meth:`state`)
        self._units: dict[Any, int] = shared._units if shared is not None else {}
        #: id of a unit object -> (it, its value's number)
        self._unit_objects: dict[int, tuple] = shared._unit_objects if shared is not None else {}
        self._entries: dict[tuple, Any] = {}  #: each entry read once where it stands, with the names known
        self._resolved: dict[tuple, tuple] = {}  #: (plays resolved, chain item) -> :meth:`resolve_newest`'s answer
        self.reads = 0  #: steps applied to a state (a play, or a chain resolving): the work done
        self.replays = 0  #: lines played again from the start (a counter reaching a play resolved before)
        self._deflect: dict[str, tuple[str, int]] | None = None  #: :meth:`deflect_tax`'s units

    def _card_id(self, unit: str | None) -> str | None:
        """The card of the scenario's unit ``unit`` (None for None)."""
        if unit is None:
            return None
        s = self.scenario
        return next(u.card_id for u in (*s.attacker.units, *s.defender.units, *s.reserve, *s.played_units)
                    if u.name == unit)

    def _parsed(self, plays: tuple[Entry, ...]):
        """``(Play objects, unit names known after them)`` or the reader's ScenarioError."""
        out = self._read.get(plays)
        if out is not None:
            return out
        before = self._parsed(plays[:-1])
        if isinstance(before, ScenarioError):
            out: Any = before
        else:
            from ..schema import ability_entry, fired_entry, play_entry

            path = f"showdown[{self.stated + len(plays) - 1}]"
            key = (plays[-1], before[1], path)  # the reading depends on the entry, the names known, where
            got = self._entries.get(key)
            if got is None:
                names = set(before[1])
                entry = self.entry(plays[-1])
                try:
                    read = fired_entry if plays[-1].fired else ability_entry if plays[-1].ability else play_entry
                    got = (read(entry, self.scenario, names, path), frozenset(names))
                except ScenarioError as exc:
                    got = as_value(exc)
                self._entries[key] = got
            out = got if isinstance(got, ScenarioError) else (before[0] + (got[0],), got[1])
        self._read[plays] = out
        return out

    def entry(self, e: Entry) -> dict:
        """The ``showdown:`` entry of the play ``e`` as the reader reads it: with ``card_costs=stated``, what its player
        pays (``paid:``, :meth:`payment`), so that the entry replays as the search played it."""
        out = e.as_dict()
        if self.scenario.flags.get("card_costs") == "stated" and e.fired is None:  # RB-CARD-2: its player pays the cost
            out["paid"] = self.payment(e)
        return out

    def payment(self, e: Entry) -> dict[str, int]:
        """What the play ``e`` pays as the search plays it (RB-CARD-2): its cost (a card's printed cost with the
        optional costs and [Repeat] it pays, RB-CARD-8, RB-CARD-25; an ability's, RB-CARD-17) and the Power of the
        [Deflect] of the enemy units it chooses (RB-MIGHT-10), as the entry's ``paid: {energy, power}``."""
        paid = ability_cost(e.card, self._card_id(e.of)) if e.ability else \
            cost(e.card, e.condition, e.to, e.facedown, len(e.repeat))
        paid["power"] += self.deflect_tax(e)
        return paid

    def deflect_tax(self, e: Entry) -> int:
        """RB-MIGHT-10: the Power ``e``'s player pays for the [Deflect] of the opponent's units it chooses (a unit
        of the file as stated, or a unit card of a hand as printed; a counter's first target is a card). A
        [Deflect] a unit gains during the showdown is not added: :func:`..play.solve.solve` names it."""
        if self._deflect is None:
            from ..cards.units import load_units

            s = self.scenario
            known = {u.name: (u.side, u.deflect) for u in (*s.attacker.units, *s.defender.units, *s.reserve)}
            for side, hand in getattr(s, "hands", {}).items():
                for h in hand:
                    if h.kind == "unit":
                        known.setdefault(h.name, (side, load_units().unit(h.name).deflect))
            self._deflect = known
        from ..cards.cost_changes import ignores_deflect
        from ..cards.spells import load_cards

        if not e.ability and ignores_deflect(load_cards().find(e.card) if isinstance(e.card, str) else e.card):  # "Ignore [Deflect] while paying this spell's cost" (RB-CARD-2)
            return 0
        chosen = (e.targets[1:] if e.counter else e.targets) + tuple(t for r in e.repeat for t in r)
        return sum(self._deflect[n][1] for n in dict.fromkeys(chosen) if n in self._deflect
                   and self._deflect[n][0] != e.by)


    def reached(self) -> list["Reached"]:
        """Every position the lines played so far reached (those a play refused are left out): what the search
        weighed, for the parts a play leaves not modelled off the line of best play."""
        return [r for r in self._memo.values() if isinstance(r, Reached)]

    def root(self):
        """The state the file's own showdown reaches (or the error it raises)."""
        if () not in self._memo:
            run, effects = Progress.begin(self.scenario)
            try:
                run.extend(effects)
                self._memo[()] = Reached(self.scenario, (), run)
            except ScenarioError as exc:
                self._memo[()] = as_value(exc)
        return self._memo[()]

    def run(self, plays: tuple[Entry, ...], group: tuple[Entry, ...] | None = None, at: Reached | None = None):
        """The :class:`Reached` state after ``plays`` and then ``group``
        (applied as one step to the state ``plays`` reached, ``at`` when given: a chain resolving), or the
        ScenarioError the reader or the interpreter raised. Without ``group``: ``plays`` as reached
        before, else as one step from the start."""
        if group is None:
            out = self._memo.get(plays)
            if out is not None:
                return out
            plays, group = (), plays
        key = plays + group
        out = self._memo.get(key)
        if out is not None:
            return out
        before = at if at is not None else self.root() if not plays else self.run(plays)
        parsed = self._parsed(key)
        if isinstance(parsed, ScenarioError) or isinstance(before, ScenarioError) or not group:
            out = parsed if isinstance(parsed, ScenarioError) else before
        elif len(group) > 1 and self._separable(parsed[0][-2:]):
            # the chain's last play applied to the state the plays before it reached (a memo shared
            # by every chain resolving through them); the same state as the group in one step: each
            # effect is applied in turn to the state the ones before it left, and the last one counters
            # nothing (it cannot reach back into what resolved before it)
            head = self.run(plays, group[:-1], at)
            out = head if isinstance(head, ScenarioError) else self._step(head, parsed[0], len(key) - 1)
        else:
            out = self._step(before, parsed[0], len(plays))
        self._memo[key] = out
        return out

    def _step(self, before: Reached, plays: tuple, start: int):
        """``plays[start:]`` applied to a copy of ``before``'s state (never replaying those before)."""
        self.reads += 1
        progress = before.progress.copy()
        try:
            progress.extend(list(plays[start:]))
            return Reached(self.scenario, plays, progress)
        except ScenarioError as exc:
            return as_value(exc)
        except Retroactive:  # a counter reaching a play resolved before: the line from the start
            self.replays += 1
            run, effects = Progress.begin(replace(self.scenario, effects=self.scenario.effects + plays))
            try:
                run.extend(effects)
                return Reached(self.scenario, plays, run)
            except ScenarioError as exc:
                return as_value(exc)

    def state(self, reached: Reached) -> int:
        """The state ``reached`` reached, as a number (equal states, equal numbers). Its units are
        numbered too (equal units, equal numbers), each unit object once: a step leaves most of
        them as they were."""
        if reached.state is None:
            reached.state = self._states.setdefault(reached.progress.key(self.unit_number), len(self._states))
        return reached.state

    def unit_number(self, u) -> int:
        """The number of unit ``u`` (:func:`..cards.showdown.unpathed`: equal units, equal numbers), worked out
        once a unit object."""
        got = self._unit_objects.get(id(u))
        if got is None or got[0] is not u:  # (the object is kept: its id is not reused while listed)
            got = self._unit_objects[id(u)] = (u, self._units.setdefault(unpathed(u), len(self._units)))
        return got[1]

    def legal(self, resolved: tuple[Entry, ...], entry: Entry, chain: tuple[Entry, ...] = (),
              at: Reached | None = None) -> bool:
        """Whether ``entry`` may be played on the board ``resolved`` leaves (``at``: the state it
        reached; a counter: with the card it counters, from ``chain``, just before it, and, when that card is a
        counter, the card it counters before that, and so on: :func:`counter_block`)."""
        if entry.counter:
            block = counter_block(entry, chain)
            return block is not None and not isinstance(self.run(resolved, block, at), ScenarioError)
        return not isinstance(self.run(resolved, (entry,), at), ScenarioError)

    def failing(self, plays: tuple[Entry, ...], group: tuple[Entry, ...] = (), at: Reached | None = None):
        """``(index, state)``: the index (in ``plays + group``) of the play refused, or None and the
        state reached when all resolve."""
        out = self.run(plays, group, at)
        if not isinstance(out, ScenarioError):
            return None, out
        m = re.match(r"showdown\[(\d+)\]", out.path or "")
        if m is None or int(m.group(1)) < self.stated:
            raise out  # a refusal not of a play: the file itself is wrong
        return int(m.group(1)) - self.stated, None

    def resolve_newest(self, resolved: tuple[Entry, ...], group: tuple[Entry, ...], at: Reached | None = None):
        """The newest item of a chain resolved after ``resolved`` (``at``: the state it reached), alone (RB-SHOW-3;
        CR 336, 340): ``group`` is that item, or a counter with the card it counters just before it (RB-CARD-3: both
        leave the chain). ``(kept, fizzled, state)``: ``group`` and the state reached; or, when the item is refused as
        it resolves (its targets no longer fit, or the card it counters is not one it may counter), nothing kept, the
        item with no effect (RB-CARD-11) and the state unchanged (the card it would have countered stays on the
        chain). Worked out once a chain item after the same plays."""
        got = self._resolved.get((resolved, group))
        if got is not None:
            return got
        k, reached = self.failing(resolved, group, at)
        if k is None:
            got = group, (), reached
        elif k < len(resolved):  # ``resolved`` was played before: the same plays cannot be refused now
            raise RuntimeError(f"a play resolved earlier was refused on replay: {resolved[k]}")
        else:
            got = (), group[-1:], at if at is not None else self.run(resolved)
        self._resolved[resolved, group] = got
        return got

    @staticmethod
    def _separable(last_two: tuple) -> bool:
        """Whether the last of a group of plays can be applied on its own to the state the others reach:
        it counters nothing (RB-CARD-3: a counter's target resolves just before it, in the same step)
        and neither it nor the play before it is a trigger (whose narration reads the effect after it)."""
        return not counters(last_two[-1]) and not any(getattr(p, "trigger_of", None) for p in last_two)


def cost(name: str, paid: bool | None = None, to: str | None = None, facedown: bool = False,
         repeats: int = 0) -> dict[str, int]:
    """A card's cost as a play states it paid (``paid: {energy, power}``, RB-CARD-2); ``paid``: the play's
    ``condition:``, true when its player pays its optional cost too ("you may pay ... to", RB-CARD-8), added then (a
    unit card's, as it is played ``to`` a place, from ``facedown`` or not: its "When you play me" abilities'); and the
    first ``repeats`` [Repeat] printed on a spell (RB-CARD-25)."""
    from ..cards.interpreter import option_cost
    from ..cards.repeat import printed
    from ..cards.spells import load_cards
    from ..cards.units import load_units
    from ..cards.additional_costs import of_card

    if load_cards().find(name) is not None:
        card = load_cards().card(name)
        extra = option_cost(card) if paid else (0, 0)
        for i in printed(card)[:repeats]:
            extra = (extra[0] + i.cost[0], extra[1] + i.cost[1])
    else:
        from ..cards.unitplay import play_card

        card = load_units().unit(name)
        extra = option_cost(play_card(card, to or "battlefield", facedown)[0]) if paid else (0, 0)
    more = of_card(name) if paid else None  # its optional additional cost's Energy and runes, paid (RB-CARD-2)
    if more is not None:
        extra = (extra[0] + more.energy, extra[1] + more.power)
    from ..cards.cost_changes import hidden

    if facedown and hidden(card):  # [Hidden]: "react with later for [0 Energy]"
        return {"energy": extra[0], "power": extra[1]}
    return {"energy": (card.energy_cost or 0) + extra[0], "power": (card.power_cost or 0) + extra[1]}


#: a count of units not given as a number ("any number"): every unit of the board may be chosen
ANY_NUMBER = 99


@functools.lru_cache(maxsize=4096)
def usable_abilities(unit_card: str, borrowed: bool = False) -> tuple[tuple[str, str, tuple[dict, ...]], ...]:
    """The unit card's activated abilities usable in a showdown, [Action] or [Reaction] (RB-CARD-17, RB-SHOW-4):
    ``(cost, speed, effect records)`` each; ``borrowed``: those another unit of its player has too, with an exhaust
    cost (Heimerdinger, Inventor's, :func:`..cards.abilities.borrowable`). Read once per card (the search asks at
    every position)."""
    from ..cards.abilities import activated, borrowable
    from ..cards.units import load_units

    card = load_units().unit(unit_card)
    return tuple(borrowable(card)) if borrowed else tuple(a for a in activated(card) if a[1] in ("action", "reaction"))


def ability_cost(unit_card: str, of: str | None = None) -> dict[str, int]:
    """The Energy and Power of the cost of the unit card's activated ability usable in a showdown (RB-CARD-17), as
    the entry's ``paid:`` states it (RB-CARD-2); ``of``: the card of the unit whose exhaust ability it uses."""
    from ..cards.abilities import cost_parts

    usable = usable_abilities(of, True) if of is not None else usable_abilities(unit_card)
    energy, power, _, _ = cost_parts(usable[0][0]) if usable else (0, 0, False, [])
    return {"energy": energy, "power": power}


@functools.lru_cache(maxsize=4096)
def ability_choices(unit_card: str, borrowed: bool = False) -> tuple[str, int, bool, bool, bool] | None:
    """``(speed, most targets, moves, attaches, limited)`` of the unit card's activated ability usable in a showdown
    (RB-CARD-17), read from its effect records: its speed, the most units its effects choose (:data:`ANY_NUMBER` for
    a count not given as a number: as many as the board has), whether one moves a unit with no stated destination
    (``to:`` tried), whether one attaches an Equipment (``attach:`` tried), and whether its cost or text limits its
    use (it exhausts the unit, or "use only once per turn"); None without one, or with several (the reader uses one
    per unit: the search names the others, :func:`.solve.solve`). ``borrowed``: of the abilities another unit of its
    player has (:func:`usable_abilities`). Read once per card."""
    from ..cards.abilities import cost_parts, once

    usable = usable_abilities(unit_card, borrowed)
    if len(usable) != 1:
        return None
    cost_text, speed, effects = usable[0]
    most = 0
    for e in effects:
        # the units it chooses: its target's, and a swap's other unit (``with``: Azir, Ascendant, RB-CARD-7)
        for t in (e.get("target") or {}, e.get("with") or {}):
            if t and t.get("ref") is None and t.get("count") != "all":
                n = t.get("count", 1)
                most += n if isinstance(n, int) else ANY_NUMBER
    moves = any(e.get("effect") == "move" and not e.get("to") for e in effects)
    attaches = any(e.get("effect") == "attach_equipment" for e in effects)
    limited = cost_parts(cost_text)[2] or once(effects)
    return speed, most, moves, attaches, limited


def target_bound(name: str, units: int) -> tuple[int, bool]:
    """``(most, ordered)``: the most targets a card's effects can ask for, read from its data, with
    ``units`` units on the board; longer target lists are not tried, since the interpreter refuses them
    as left over (RB-CARD-1). ``ordered``: whether the order of the targets can matter (effects taking
    different units); "any number" of units taking one effect are tried as sets. A count the data gives
    as a number is that number (``count_max``: at most that); a reference to a unit chosen earlier
    takes none; a choice of one kind of unit its count; "any number" every unit; what the data does
    not give as a number (and a gear: a Quick-Draw Equipment takes a unit besides its effects) every
    unit. A unit card's play takes at most one (its "When you play me" abilities name one unit)."""
    from ..cards.spells import load_cards

    if load_cards().find(name) is None:
        return min(1, units), True  # a unit card
    card = load_cards().card(name)
    if card.type != "spell":
        return units, True
    total, ordered, specs = 0, True, 0
    for e in card.effects:
        spec = e.get("target")
        if not isinstance(spec, dict) or not spec:
            continue
        if "ref" in spec:
            chosen = spec.get("chosen")
            if isinstance(chosen, dict) and isinstance(chosen.get("count", 1), int):
                n = chosen.get("count", 1)
            elif spec["ref"] == "the two chosen units":
                n = 2
            elif spec["ref"] in ("chosen", "chosen friendly unit"):
                n = 0  # the unit an earlier effect chose
            else:
                return units, True
        else:
            n = spec.get("count_max", spec.get("count", 1))
            if n == "all":
                continue
            if n == "any":
                n, ordered = units, specs > 0
        if not isinstance(n, int):
            return units, True
        total += n
        specs += 1
    if specs > 1:
        ordered = True
    elif specs == 1 and card.effects and len([e for e in card.effects if isinstance(e.get("target"), dict)
                                              and e.get("target")]) == 1 \
            and next(e for e in card.effects if isinstance(e.get("target"), dict) and e.get("target")).get("each"):
        ordered = False  # one effect given to each unit it chooses alike ("two friendly units each +2"): a set
    return min(total, units), ordered


def aim(chain: tuple[Entry, ...], counter: Entry, at: int | None = None) -> int | None:
    """The index in ``chain`` of the card ``counter`` counters (RB-CARD-3): the newest card on the chain below it
    (below index ``at``; the whole chain: ``counter`` is being played) of the name it gives first; None if none."""
    want = counter.targets[0].casefold()
    top = len(chain) if at is None else at
    return next((i for i in range(top - 1, -1, -1) if chain[i] is not None and chain[i].card.casefold() == want),
                None)


def counter_block(counter: Entry, chain: tuple[Entry, ...]) -> tuple[Entry, ...] | None:
    """The plays a counter played on ``chain`` is read with, as a ``showdown:`` list reads them (RB-CARD-3): the
    card it counters just before it, and, when that card is itself a counter of a card still on the chain below
    it, that card before it, and so on (the first one of the block counters nothing). None when no card on the
    chain has the name it gives.

    >>> d = Entry("Discipline", "defender", ("S",))
    >>> a, b = Entry("Defy", "attacker", ("Discipline",), counter=True), Entry("Defy", "defender", ("Defy",), counter=True)
    >>> [e.by + " " + e.card for e in counter_block(b, (d, a))]
    ['defender Discipline', 'attacker Defy', 'defender Defy']
    """
    block, top, current = [counter], None, counter
    while current.counter:
        i = aim(chain, current, top)
        if i is None:
            return None if current is counter else tuple(block)
        block.insert(0, chain[i])
        top, current = i, chain[i]
    return tuple(block)


def counter_text(counter: Entry, chain: tuple[Entry, ...]) -> str:
    """What a label adds for ``counter`` played on ``chain`` when the chain holds more than one card of the name it
    gives: whose card it counters and where that card is on the chain (it counters the newest, RB-CARD-3); else
    ''."""
    want = counter.targets[0].casefold()
    same = [i for i, c in enumerate(chain) if c is not None and c.card.casefold() == want]
    if len(same) < 2:
        return ""
    i = same[-1]
    n = sum(1 for c in chain[: i + 1] if c is not None)
    return f" (the {chain[i].by}'s, {_ordinal(n)} on the chain)"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def resolution_order(chain: tuple[Entry, ...]) -> tuple[Entry, ...]:
    """The chain last in, first out (RB-SHOW-3); a counter's target card is listed just before the
    counter (the showdown list's form of RB-CARD-3: it then has no effect wherever it stands).

    >>> a, b = Entry("Cleave", "attacker", ("X",)), Entry("Defy", "defender", ("Cleave",), counter=True)
    >>> [e.card for e in resolution_order((a, b))]
    ['Cleave', 'Defy']
    >>> [e.card for e in resolution_order((a, Entry("Blood Rush", "defender", ("Y",))))]
    ['Blood Rush', 'Cleave']
    """
    order = list(reversed(chain))
    for c in [e for e in order if e.counter]:
        at = chain.index(c)
        victim = next((v for v in reversed(chain[:at]) if v.card.casefold() == c.targets[0].casefold()), None)
        if victim is None or order.index(victim) < order.index(c):
            continue
        order.remove(victim)
        order.insert(order.index(c), victim)
    return tuple(order)


def payment_choices(name: str, payable: bool = True) -> tuple[bool | None, ...]:
    """The entry's ``condition`` to try for a card whose optional payment decides what it does ("You may pay
    [rune]. If you do, gain control of it ...; otherwise, counter it", RB-CARD-20), a unit card whose "When you
    play me" ability has one ("you may pay 2 Energy to [Stun] a unit", RB-CARD-8, RB-CARD-16), or a card whose effects
    read whether its optional additional cost was paid ("If you paid the additional cost, deal 5 to it instead",
    :mod:`..cards.additional_costs`): not paying, then paying (the spell taken keeps its own choices); ``(None,)`` for
    other cards. ``payable`` false: its player cannot pay that additional cost (not paying only)."""
    from ..cards.additional_costs import of_card
    from ..cards.interpreter import STEAL
    from ..cards.spells import load_cards

    if of_card(name) is not None:  # RB-CARD-8: the play stated paid and not paid, as a `condition:` states it
        return (False, True) if payable else (False,)
    if load_cards().find(name) is None:
        from ..cards.unitplay import paid_as_played
        from ..cards.units import load_units

        return (False, True) if any(paid_as_played(e) for e in load_units().unit(name).abilities) else (None,)
    return (False, True) if any(e.get("effect") == STEAL for e in load_cards().card(name).effects) else (None,)


def equipment_choices(name: str) -> tuple[str, ...]:
    """Which Equipment choices a card's entry states (RB-CARD-14): ``attach`` and/or ``detach`` (an
    "attach or detach" card both, a "detach an Equipment" card ``detach``, an ability taking one of a
    unit's Equipment ``attach``); none for other cards."""
    from ..cards.equipment import TAKEN
    from ..cards.spells import load_cards

    if load_cards().find(name) is None:
        return ()
    out: list[str] = []
    for e in load_cards().card(name).effects:
        kind = e.get("effect")
        if kind == "attach_or_detach_equipment":
            out += ["attach", "detach"]
        elif kind == "detach_equipment":
            out.append("detach")
        elif kind == "attach_equipment" and e.get("what") == TAKEN:
            out.append("attach")
    return tuple(dict.fromkeys(out))


def candidates(card: HandCard, by: str, names: list[str], chain: tuple[Entry, ...],
               max_targets: int = 2, modes: int = 0, equipment: tuple[tuple[str, str | None], ...] = (),
               ordered: bool = True, ways: tuple[str, ...] | None = None,
               gear: tuple[tuple[str, str | None], ...] = ()) -> list[Entry]:
    """Every entry to try for ``card``: its modes, its targets (none, or up to ``max_targets`` distinct
    units of ``names``, in order unless ``ordered`` is false), a unit's destination, a [Hidden] card from facedown; for a card that
    attaches or detaches an Equipment, each Equipment in play (``equipment``: it and the unit it is
    on) for each, attached from that unit, or none (RB-CARD-14); a counter targets a card on the chain.
    ``ways``: the card's :func:`equipment_choices` when already known. ``gear``: for a card whose targets are gear,
    the gear it may name (:func:`gear_choices`): none of them named, or each one (``from:`` the unit it is attached
    to), RB-CARD-22."""
    if gear:
        return [Entry(card.name, by, facedown=card.facedown)] + [
            Entry(card.name, by, (g,), facedown=card.facedown, attach_from=on) for g, on in gear]
    if card.counter:  # a counter that also chooses a unit names it next (RB-CARD-20)
        from ..cards.counters import chooses_a_unit
        units = [(n,) for n in names] if chooses_a_unit(card.name) else [()]
        # it names a card by its name: the newest card of that name on the chain (RB-CARD-3), so each name once
        return [Entry(card.name, by, (c, *u), counter=True, facedown=card.facedown, condition=paid)
                for c in dict.fromkeys(c.card for c in chain) for u in units for paid in payment_choices(card.name)]
    pick = itertools.permutations if ordered else itertools.combinations
    targets = [()] + [p for k in range(1, max_targets + 1) for p in pick(names, k)]
    if card.kind == "unit":  # its "When you play me" takes at most one unit; its optional cost paid or not; a unit
        # its additional cost kills (each unit named: the reader refuses those it may not kill)
        if _each_player_chooses(card.name):  # RB-CARD-9: no one player's choice (named by the search)
            targets = [()]
        return [Entry(card.name, by, t, to=to, facedown=card.facedown, condition=paid, kills=k)
                for to in _unit_places(card.name) for t in targets[: 1 + len(names)]
                for paid in payment_choices(card.name, card.payable) for k in _kills(card.name, names)]
    ways = equipment_choices(card.name) if ways is None else ways
    from ..cards.equipment import makes_copy
    from ..cards.spells import load_cards

    # an Equipment making its unit a copy (Shady Spectacles, RB-CARD-14) attached: each unit named as the one it copies
    # (the reader keeps another unit of its controller in play)
    equip = [{}] + [{how: g, **({"attach_from": on} if how == "attach" and on else {}), **({"copy_of": c} if c else {})}
                    for how in ways for g, on in dict.fromkeys(equipment)
                    for c in (names if how == "attach" and makes_copy(load_cards().card(g)) else (None,))]
    equip = list({tuple(sorted(q.items())): q for q in equip}.values())  # detach names an Equipment once
    from ..cards.replay import choices as replay_choices  # RB-CARD-24: where a unit played anew goes

    # RB-CARD-25: each [Repeat] printed on it paid or not, the execution once more with each choice of targets (the
    # [Repeat] a unit gives is not tried: named by the search)
    from ..cards.repeat import printed

    again = [()] + [r for k in range(1, len(printed(load_cards().card(card.name))) + 1)
                    for r in itertools.product(targets, repeat=k)]
    # RB-CARD-8: an optional additional cost its effects read, paid or not (``condition:``)
    paying = payment_choices(card.name, card.payable) if _additional(card.name) else (None,)
    return [Entry(card.name, by, t, mode=m, facedown=card.facedown, to=to, repeat=r, condition=paid, **q)
            for m in (range(1, modes + 1) if modes else (None,)) for t in targets for q in equip
            for to in _places(card.name, replay_choices(card.name)) for r in again for paid in paying]


def gear_choices(name: str, by: str, progress) -> tuple[tuple[str, str | None], ...]:
    """The gear ``by`` may name for a card whose targets are gear (RB-CARD-22), in the state ``progress``: each
    ``(gear, the unit it is attached to or None)``; none for any other card. A card choosing one gear ("You may kill
    up to one gear", Salvage; "Return a gear to its owner's hand", Factory Recall): each gear in play, either
    player's. "Each player kills one of their gear" (Acceptable Losses): each of ``by``'s own gear only: his
    opponent's choice is his, never made for him (the reader kills his only gear when he has no other,
    ``gear_elsewhere: 0``; :func:`.solve._each_players_own_choice` names the choice the search does not make).
    "Kill all gear" (Thermo Beam) chooses none. Which of them may be named is the reader's check."""
    from ..cards.gear import EACH_PLAYER
    from ..cards.spells import load_cards

    card = load_cards().find(name)
    specs = [e["target"] for e in (card.effects if card is not None else ()) if isinstance(e.get("target"), dict)]
    gear = [t for t in specs if t.get("kind") == "gear"]
    if not gear or len(gear) != len(specs):  # no gear target, or units chosen as well: units are named
        return ()
    if any(t.get("chooser") == EACH_PLAYER for t in gear):
        sides: tuple[str, ...] = (by,)
    elif any(t.get("count", 1) == 1 or t.get("count_max") == 1 for t in gear):
        sides = ("attacker", "defender")
    else:
        return ()
    attached = [(g, n) for n in progress.present + progress.base + progress.away
                if progress.units[n].side in sides for g in progress.units[n].equipment]
    return tuple(dict.fromkeys(attached + [(g, None) for side in sides for g in progress.loose.get(side, ())]))


def _each_player_chooses(name: str) -> bool:
    """Whether a unit card's abilities have each player choose one of his own units ("When you play me, each player
    must kill one of their units", RB-CARD-9): its player does not make his opponent's choice, so the search names
    none (each player killing one the scenario does not name; :func:`.solve._each_players_own_choice` names it)."""
    from ..cards.interpreter import EACH_PLAYER_OWN_UNIT
    from ..cards.units import load_units

    return any((e.get("target") or {}).get("chooser") == EACH_PLAYER_OWN_UNIT for e in load_units().unit(name).abilities
               if isinstance(e.get("target"), dict))


def _kills(name: str, names: list[str]) -> tuple[str | None, ...]:
    """The units to try as the one a unit card's additional cost kills (Stalking Wolf, RB-CARD-16): each unit named,
    or None for a card with no such cost."""
    from ..cards.unitplay import kill_cost
    from ..cards.units import load_units

    return tuple(names) if kill_cost(load_units().unit(name)) else (None,)


def _unit_places(name: str) -> tuple[str, ...]:
    """Where to try a unit card: the battlefield and the base, and another battlefield for one that may enter where
    the unit its cost killed was (RB-CARD-16)."""
    from ..cards.unitplay import killed_place
    from ..cards.units import load_units

    return ("battlefield", "base", "elsewhere") if killed_place(load_units().unit(name)) else ("battlefield", "base")


def _places(name: str, tos: tuple[str | None, ...]) -> tuple[str | None, ...]:
    """The entry's ``to:`` values to try: ``tos``, and for a card playing unit tokens where its player chooses
    (RB-CARD-15), this battlefield and the base too (another battlefield is out of this combat, as the base is; the
    reader refuses the places its player may not use)."""
    from ..cards.spells import load_cards

    card = load_cards().find(name)
    if card is not None and any(e.get("effect") == "create_unit_token" and not e.get("to") for e in card.effects):
        return tuple(dict.fromkeys((*tos, "battlefield", "base")))
    return tos
