"""The Reactions played while triggers are on the chain, before they resolve (RB-SHOW-2, RB-COMB-2, RB-SHOW-4).

The same step follows each stage of :mod:`.triggers`: the Attacker's move triggers on the chain before the
combat is held (``respond: move``, RB-COMB-2; then the combat triggers' stage), and the combat triggers as the
showdown begins (``respond: true``, described below; then the showdown game).

As the showdown begins the units' combat triggers go on the chain (:mod:`.triggers`); the chain is open, a
Closed State, so only Reaction cards may be played (RB-SHOW-4), beginning with the Attacker, who has Focus
(RB-SHOW-1). Each play goes on the chain above the triggers and its player keeps priority (CR 337.1.c.3): he
may add more, or pass, and the other player may answer; both passing in turn closes it: the plays resolve last
in, first out (a counter's target just before it, RB-CARD-3; one whose targets no longer fit has no effect,
RB-CARD-11), then the triggers, the Defender's first. Focus does not pass when that chain closes (RB-SHOW-2):
the Attacker acts first in the showdown game that follows. Unlike the showdown game's chains (:mod:`.game`),
where both passing resolves the newest item only and both may add Reactions again before the next, every
Reaction here is played before any of them resolves (the ``respond:`` entries read each play on the board as it
was before the chain resolved): a Reaction played after one of them, or between two triggers, resolved is not
weighed, and :func:`.solve.solve` names that.

A play is a ``showdown:`` entry with ``respond: true``, listed right after the combat triggers in the order
they resolve; whether it may be played is the scenario reader's check of the file with it there (on the board
as it was before anything on the chain resolved), and the game that follows is the file read again with the
plays, once a chain (:class:`.game.ShowdownGame`, sharing the positions of the others). When the file states
such plays itself, or no combat trigger is on the chain, or neither hand holds a Reaction card, there is no
such step.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Hashable

from pycombat.errors import ScenarioError
from ..model import SIDES, other
from .entries import Entry, candidates, counter_block, counter_text, equipment_choices, resolution_order, \
    target_bound
from .game import PASS, PLAYER, ShowdownGame, played_from


_SERIAL = itertools.count()  #: numbers the chains' steps (in their states' keys)


def chain_names(at) -> list[str]:
    """RB-SHOW-2 with RB-CARD-1: the units a Reaction played while the triggers are on the chain may name: those in play
    as the chain was made, before any of it resolved (the file's units, at the battlefield, at their bases and played
    from hand, in the order it lists them, and those in play now, such as the tokens a move trigger played), a unit a
    trigger on the chain would kill or move away included (Discipline on the unit Anivia's "deal 3 to all enemy units
    here" would kill). ``at``: the file's showdown with no play (:class:`.entries.Line`), where the chain resolved; the
    reader refuses a name no longer in play when the Reaction is played (RB-CARD-1)."""
    s = at.base
    listed = [u.name for u in s.attacker.units + s.defender.units + s.reserve + tuple(s.played_units)]
    return list(dict.fromkeys(listed + list(at.names)))


class Responses:
    """The plays made on a stage's chain for one set of trigger choices (``chosen``, :mod:`.triggers`): the legal
    ones at each step and what each chain leads to (the next stage, or the showdown game)."""

    def __init__(self, choices, chosen: tuple, game: ShowdownGame):
        #: the :class:`.triggers.TriggerChoices` stage this step follows: held by the step (and so by each of its
        #: states, which stay usable once the search that made them is over: ``tree`` walks them after); the stage
        #: keeps its steps weakly, so that the two make no reference cycle (which only the cyclic garbage collector
        #: frees, after scanning every position of the search)
        self.choices = choices
        self.chosen, self.game = chosen, game
        self.base = choices.base
        #: which chain: ``combat`` (the combat triggers', RB-SHOW-2) or ``move`` (the move triggers', RB-COMB-2)
        self.kind = choices.stage
        self.serial = next(_SERIAL)
        at = game.showdown(())
        said = "move" if self.kind == "move" else "combat"
        stated = any(isinstance(e, dict) and (e.get("respond") is True and said == "combat" or e.get("respond") == said)
                     for e in choices.scenario.document.get("showdown") or ())
        reactions = any(self._card(side, n).speed == "reaction" for side in SIDES
                        for n in choices.hands[PLAYER[side]])
        on_chain = getattr(at.progress, "combat_chain" if self.kind == "combat" else "move_chain", 0)
        #: whether the step is played: a trigger on the chain, a Reaction card in a hand, none stated by the file
        self.open = bool(on_chain) and reactions and not stated
        self._names = chain_names(at)
        self._equipment = self.base.showdown(()).equipment
        self._options: dict[tuple, list[Entry]] = {}
        self._after: dict[tuple, Any] = {}
        self._accepted: dict[tuple, bool] = {}

    def _card(self, side: str, name: str):
        return next(h for h in self.base.hands[side] if h.name == name)

    def initial_state(self) -> "ResponseState":
        # the Attacker acts first: he has Focus as the showdown begins (RB-SHOW-1), and it is his turn as he moves
        return ResponseState(self, (), self.choices.hands, "attacker", 0)

    def entry(self, e: Entry) -> dict:
        """``e`` as its ``showdown:`` entry: ``respond: true`` (``move`` on the move triggers' chain), its cost paid
        under ``card_costs=stated`` (RB-CARD-2, with the [Deflect] tax, RB-MIGHT-10), as the showdown game's plays
        are."""
        out = {**e.as_dict(), "respond": True if self.kind == "combat" else "move"}
        if self.choices.scenario.flags.get("card_costs") == "stated":
            out["paid"] = self.base.lines.payment(e)
        return out

    def _read(self, block: tuple[Entry, ...]):
        doc, at = self.choices.document(tuple(s.pair() for s in self.chosen),
                                        [self.entry(e) for e in block])
        return self.choices.read(doc), at

    def _legal(self, e: Entry, played: tuple[Entry, ...]) -> bool:
        """Whether ``e`` may be played now: the reader's check of the file with it on the combat chain, on the board
        before anything there resolved (a counter with the card it counters just before it, and so on down a chain of
        counters: :func:`.entries.counter_block`, RB-CARD-3)."""
        if e.counter:
            block = counter_block(e, played)
            if block is None:
                return False
        else:
            block = (e,)
        got = self._accepted.get(block)
        if got is None:
            got = self._accepted[block] = not isinstance(self._read(block)[0], ScenarioError)
        return got

    def options(self, played: tuple[Entry, ...], hands: tuple, mover: str) -> list[Entry]:
        """The mover's legal plays: a Reaction card of his hand with each choice tried (as the showdown game's)."""
        key = (played, hands[PLAYER[mover]], mover)
        got = self._options.get(key)
        if got is None:
            got = []
            for name in dict.fromkeys(hands[PLAYER[mover]]):
                card = self._card(mover, name)
                if card.speed != "reaction" or card.plays_unit:
                    continue
                if card.counter:
                    tried = candidates(card, mover, self._names, played)
                else:
                    most, ordered = target_bound(card.name, len(self._names))
                    tried = candidates(card, mover, self._names, (), most, self.base.modes(card.name),
                                       self._equipment, ordered, equipment_choices(card.name))
                got += [e for e in tried if self._legal(e, played)]
            self._options[key] = got
        return got

    def after(self, played: tuple[Entry, ...], hands: tuple):
        """What follows once the chain closed with ``played`` on it: the next stage (:meth:`.triggers.TriggerChoices.
        next_stage`: after the combat chain the showdown game, the Attacker keeping Focus, RB-SHOW-2); a play refused as
        it resolves has no effect (RB-CARD-11)."""
        key = (played, hands)
        got = self._after.get(key)
        if got is None:
            order = list(resolution_order(played))
            fizzled: list[Entry] = []
            while True:
                read, at = self._read(tuple(order))
                if not isinstance(read, ScenarioError):
                    break
                m = re.match(r"showdown\[(\d+)\]", read.path or "")
                k = int(m.group(1)) - at if m else -1
                if not 0 <= k < len(order):
                    raise read  # not one of the plays: the file itself is refused (it was accepted without them)
                fizzled.append(order.pop(k))
            scenario, lines = read
            game = ShowdownGame(lines, dict(self.base.hands), self.base.objective, self.base.conquer,
                                shared=self.base)
            game.triggers = self.game.triggers
            game.responses = self.game.responses + tuple(self.entry(e) for e in order)
            game.fizzled = self.game.fizzled + tuple(fizzled)
            self.choices.made.append(game)
            got = self._after[key] = self.choices.next_stage(game, hands)
        return got


def chains(base: ShowdownGame, pending: tuple) -> int:
    """About how many chains there are to read (each the scenario read again): on one chain, for each order of the
    Reaction cards played on it, the product of their choices tried (as the search tries them, before the reader
    refuses some), the cards played split between the chains that may be open, the move triggers' and the combat
    triggers' (``pending``: the triggers that await a choice, :mod:`.triggers`)."""
    import math

    at = base.showdown(())
    stages = sum(1 for kind, on in (("move", "move_chain"), ("combat", "combat_chain"))
                 if getattr(at.progress, on, 0) or any(a.when == kind for a in pending))
    if not stages:
        return 1
    names = at.names
    counts = []
    for side in SIDES:
        for card in base.hands.get(side, ()):
            if card.speed != "reaction" or card.plays_unit:
                continue
            if card.counter:
                counts.append(max(1, len(counts)))
                continue
            most, ordered = target_bound(card.name, len(names))
            counts.append(max(1, len(candidates(card, side, names, (), most, base.modes(card.name), at.equipment,
                                                ordered, equipment_choices(card.name)))))
    e = [1] + [0] * len(counts)  # elementary symmetric sums: e[k] over k cards played
    for c in counts:
        for k in range(len(counts), 0, -1):
            e[k] += e[k - 1] * c
    # each card is played once at most: on two chains, k cards played in an order are split between them k + 1 ways
    return sum(math.factorial(k) * e[k] * (k + 1 if stages == 2 else 1) for k in range(len(counts) + 1))


@dataclass(frozen=True)
class ResponseState:
    """A state of the combat chain: the plays made on it so far, the hands, who acts, the passes in turn."""

    responses: Responses = field(compare=False, hash=False, repr=False)
    played: tuple[Entry, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    mover: str
    passes: int

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return PLAYER[self.mover]

    def chance_outcomes(self):
        return []

    def legal_actions(self) -> list[Hashable]:
        return [PASS] + self.responses.options(self.played, self.hands, self.mover)

    def child(self, action: Hashable):
        if isinstance(action, str) and action == PASS:
            if self.passes + 1 < 2:
                return ResponseState(self.responses, self.played, self.hands, other(self.mover), self.passes + 1)
            return self.responses.after(self.played, self.hands)  # the combat chain closes (RB-SHOW-2)
        # the player who added the newest item keeps priority (CR 337.1.c.3): he may add more before passing
        return ResponseState(self.responses, self.played + (action,),
                             played_from(self.hands, PLAYER[self.mover], action.card), self.mover, 0)

    def returns(self):
        raise ValueError("the combat chain is never terminal: the showdown follows")

    def action_to_string(self, action: Hashable) -> str:
        if action == PASS:
            return f"{self.mover} passes"
        which = counter_text(action, self.played) if action.counter else ""  # which card of that name (RB-CARD-3)
        return f"{self.mover} plays {action.label()}{which} in response"

    def key(self) -> Hashable:
        return ("responses", self.responses.serial, self.played, self.hands, self.mover, self.passes)

    def __str__(self) -> str:
        chain = ", ".join(e.card for e in self.played)
        return (f"{self.mover} to act (the {self.responses.kind} triggers on the chain"
                + (f", then {chain}" if chain else "") + ")")
