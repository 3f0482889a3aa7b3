"""The combat triggers whose choices the scenario leaves to their players, chosen in the showdown game.

As the Attacker's units move in, their "When I move" abilities go on the chain and resolve before the combat
is held (RB-COMB-2); as the showdown begins, the units' "When I attack" / "When I defend" abilities go on the
chain, the Attacker's first, then the Defender's (RB-SHOW-2). Each player makes their choices as they go on
it: a target, a "Choose one" option, whether to use a "you may" ability (and pay its cost), how damage
is split (RB-CARD-10, RB-CARD-21). A scenario may state them (``{trigger: UNIT, target: ...}``); those it
does not state are, in the game from both hands, decisions of their players before anyone has Focus, in
two stages (the move triggers, then the combat triggers, each stage's chain then open to Reactions,
:mod:`.responses`):

* the Attacker states each of his awaiting triggers, in the order he chooses (the order they resolve
  in, among his), then the Defender his, knowing the Attacker's; a side's triggers that resolve by themselves
  are stated with them where one of its triggers awaits, or two or more resolve by themselves (only their place in
  that order is chosen);
* an option is a trigger entry the scenario reader accepts with the entries before it, the file's own
  after them (:func:`options`: the reader and the interpreter are the one legality check, as for plays);
* once every awaiting trigger is stated, the showdown game proper begins on the scenario read again with
  those entries first (:class:`.game.ShowdownGame`, one a set of choices, sharing its damage games).

Once a stage's triggers are stated, a trigger their resolution fires whose choice is its player's and not stated
(Ruined Rex's Deathknell as Yasuo's combat trigger kills it, RB-CARD-19; another trigger on an event, RB-CARD-10) is
his decision too, as it goes on the chain (:meth:`TriggerChoices.fired`): its entry ``{trigger: UNIT, when: KIND,
...}`` right after the entry whose resolution fires it.

A trigger whose choice is a fact rather than a decision (what it reveals, whether its unit is
[Empowered]) or that plays a card (RB-CARD-27) stays named NOT MODELLED, as it is in every verb; so does
an awaiting trigger for which no entry tried is accepted.
"""
from __future__ import annotations

import itertools
import math
import weakref
from dataclasses import dataclass, field, replace
from typing import Any, Hashable

from pycombat.errors import ScenarioError, TooLargeError, as_value
from ..model import SIDES
from .entries import Lines
from .trigger_entries import FIRED, WHEN, Awaiting, _sided, _when, entries, trigger_label

_SERIAL = itertools.count()  #: numbers the stages of trigger choices (in their states' keys)

#: the most entries tried for one trigger (each read with the scenario): beyond, the game is refused up front
MAX_TRIED = 2_000


def awaiting(lines: Lines) -> tuple[Awaiting, ...]:
    """The triggers of the file's showdown that wait for their players' choices: the Attacker's move triggers
    (RB-COMB-2, RB-CARD-10), then the combat triggers, the Attacker's first (RB-SHOW-2); each player's in the
    order the board lists the units."""
    root = lines.root()
    if isinstance(root, ScenarioError):
        return ()
    from ..cards.moves import stated_effects
    from ..cards.triggers import triggers_of

    progress = root.progress
    found = [u.awaiting for u in progress.head if getattr(u, "awaiting", None) is not None]
    scenario = lines.scenario
    out = [Awaiting(side, name, when, tuple(stated_effects(progress.units[name], scenario) if when == "move"
                                            else triggers_of(progress.units[name])))
           for side, name, when in found if name in progress.units]
    # RB-SHOW-2: each player orders his own combat triggers; where one of a side's waits for his choice, or two or more
    # resolve by themselves, those that resolve by themselves are ordered by him too (stated as they are)
    autos = [side for side, _, _ in progress.auto_triggers]
    choosing = {a.side for a in out if a.when == "combat"} | {s for s in autos if autos.count(s) > 1}
    out += [Awaiting(side, name, "combat", tuple(triggers_of(progress.units[name])), fixed=targets)
            for side, name, targets in progress.auto_triggers if side in choosing and name in progress.units]
    return tuple(sorted(out, key=lambda a: a.group))


@dataclass(frozen=True)
class Stated:
    """A trigger entry stated in the game: a game action (hashable)."""

    side: str
    unit: str
    items: tuple  #: the entry as sorted ``(key, value)`` pairs, lists as tuples
    #: a trigger fired as the entries stated before it resolved: where its entry goes (:attr:`Awaiting.at`)
    at: int | None = None

    @staticmethod
    def of(side: str, entry: dict, at: int | None = None) -> "Stated":
        def frozen(v):
            if isinstance(v, dict):
                return tuple(sorted((k, frozen(x)) for k, x in v.items()))
            return tuple(v) if isinstance(v, list) else v
        return Stated(side, entry["trigger"], tuple(sorted((k, frozen(v)) for k, v in entry.items())), at)

    def pair(self) -> tuple:
        """``(side, entry)``, or ``(side, entry, where it goes)`` for a trigger fired by those before it
        (:meth:`TriggerChoices._document`)."""
        return (self.side, self.entry()) if self.at is None else (self.side, self.entry(), self.at)

    def entry(self) -> dict:
        out: dict[str, Any] = {}
        for k, v in self.items:
            if k in ("amounts", "paid"):
                out[k] = dict(v)
            elif k == "target":
                out[k] = list(v)
            else:
                out[k] = v
        return out

    @property
    def when(self) -> str:
        return _when(dict(self.items))

    def label(self) -> str:
        e = self.entry()
        text = trigger_label(self.unit, self.when if self.at is None else f"\"{self.when}\"", e)
        return text if e.get("decline") else f"states {text}"


class TriggerChoices:
    """One stage of the awaiting triggers' choices (:func:`awaiting`) before the showdown game proper: the
    Attacker's move triggers (``stage="move"``), or the combat triggers; the options at each step (the reader's
    check, once a set of choices), the game of each complete set of choices (:meth:`game`), and what follows it:
    that stage's chain open to Reactions (:mod:`.responses`), then the next stage (:meth:`next_stage`)."""

    def __init__(self, base, pending: tuple[Awaiting, ...], stage: str = "combat", *, hands: tuple | None = None,
                 made: list | None = None):
        self.base = base  #: the :class:`.game.ShowdownGame` of the file as stated (or as the stage before left it)
        self.scenario = base.lines.scenario
        #: which triggers this stage chooses: ``move`` (the Attacker's, as his units moved in, RB-COMB-2), or
        #: ``combat`` (RB-SHOW-2); each stage's chain is then open to Reactions (:mod:`.responses`)
        self.stage = stage
        #: the cards left in the hands as the stage begins (the Attacker's, the Defender's)
        self.hands = hands if hands is not None else tuple(tuple(sorted(h.name for h in base.hands[s])) for s in SIDES)
        self.serial = next(_SERIAL)  #: this stage's number, in its states' keys
        self.made = made if made is not None else []  #: every game made by the stages of one search (:meth:`reads`)
        at = base.showdown(())
        names, units = at.names, at.progress.units
        flags = dict(self.scenario.flags)
        self._options: dict[tuple, list[Stated]] = {}
        self._games: dict[tuple, Any] = {}
        self._read: dict[tuple, Any] = {}
        self._fired: dict[tuple, Awaiting | None] = {}  #: chosen -> :meth:`fired`
        #: chosen -> :class:`.responses.Responses`, held weakly (each holds this stage: no reference cycle); alive while
        #: a state of its chain is
        self._responses: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self._after: dict[tuple, tuple] = {}  #: (id of a game, hands) -> (it, the next stage's first state)
        # the entries the reader accepts for each trigger stated alone (tried again after the others stated): an
        # awaiting trigger for which none is accepted stays unstated (named NOT MODELLED by the showdown)
        tried = {a: entries(a, _sided(a, names, units), flags) for a in pending}
        for a, es in tried.items():
            if len(es) > MAX_TRIED:
                raise TooLargeError(f"{self.scenario.file or 'the scenario'}: {a.unit}'s {a.when} trigger has "
                                    f"{len(es):,} choices to try, more than {MAX_TRIED:,} (each is the scenario read "
                                    f"again); state it as a showdown entry `{{trigger: {a.unit}, ...}}` (RB-SHOW-2)")
        self._tried = {a: [e for e in es if self._accepted(((a.side, e),)) is not None] for a, es in tried.items()}
        self.pending = tuple(a for a in pending if self._tried[a])

    def size(self) -> int:
        """About how many sets of choices there are (each trigger's entries accepted alone, each player's
        orders)."""
        out = 1
        for group in dict.fromkeys(a.group for a in self.pending):
            mine = [a for a in self.pending if a.group == group]
            out *= math.factorial(len(mine))
            for a in mine:
                out *= len(self._tried[a])
        return out

    def document(self, chosen: tuple[tuple[str, dict], ...], responses: list[dict] = ()) -> tuple[dict, int]:
        """The file with the trigger entries ``chosen`` (:meth:`_document`) and ``responses``, the plays made while
        this stage's triggers are on the chain (listed as they resolve) right after them (:mod:`.responses`:
        ``respond: true`` after the combat triggers, RB-SHOW-2; ``respond: move`` after the move triggers,
        RB-COMB-2); and where the responses begin in its ``showdown:``."""
        doc = self._document(chosen)
        out = doc["showdown"]
        if self.stage == "move":
            moves = [i for i, k in enumerate(self._kinds_of(out)) if k is not None and k[0] == "move"]
            at = moves[-1] + 1 if moves else 0
            while at < len(out) and isinstance(out[at], dict) and _when(out[at]) in FIRED:  # (fired by a move)
                at += 1
        else:
            at = self._first_play(out)
        out[at:at] = list(responses)
        return doc, at

    def read(self, doc: dict):
        """``(scenario, lines)`` for the document ``doc``, or the ScenarioError the reader or the showdown's start
        raises."""
        from ..schema import scenario_from_dict

        try:
            scenario = scenario_from_dict(doc, file=self.scenario.file, flag_overrides=self.scenario.flag_overrides)
            lines = Lines(scenario, shared=self.base.lines)
            root = lines.root()
        except ScenarioError as exc:
            return as_value(exc)
        return root if isinstance(root, ScenarioError) else (scenario, lines)

    def _document(self, chosen: tuple[tuple[str, dict], ...]) -> dict:
        """The file with ``chosen`` among its showdown entries, listed as the triggers resolve: the move triggers
        first (RB-COMB-2), then the combat triggers, the Defender's first (RB-SHOW-2); each player's in the order
        he stated them, after the file's own entries of the same kind and side (:attr:`after_stated`)."""
        doc = dict(self.scenario.document)
        own = list(doc.get("showdown") or [])
        out, kinds = list(own), self._kinds_of(own)
        fired = [c for c in chosen if len(c) == 3]
        chosen = tuple(c for c in chosen if len(c) == 2)
        for group in (("move", "attacker"), ("combat", "defender"), ("combat", "attacker")):
            mine = [e for s, e in chosen if (_when(e), s) == group]
            if not mine:
                continue
            same = [i for i, k in enumerate(kinds) if k == group]
            # (the move triggers and the plays answering them, `respond: move`, resolve before the combat, RB-COMB-2)
            moves = [i for i, k in enumerate(kinds) if k is not None and k[0] == "move"
                     or isinstance(out[i], dict) and out[i].get("respond") == "move"]
            if same:
                at = same[-1] + 1
            elif group == ("combat", "defender") and ("combat", "attacker") in kinds:
                at = kinds.index(("combat", "attacker"))
            elif group == ("combat", "attacker") and ("combat", "defender") in kinds:
                at = max(i for i, k in enumerate(kinds) if k == ("combat", "defender")) + 1
            elif moves:
                at = moves[-1] + 1
            else:
                at = 0 if group[0] == "move" else self._first_play(out)
            out[at:at] = mine
            kinds[at:at] = [group] * len(mine)
        for _, e, at in fired:  # RB-CARD-10: right after the entry whose resolution fires it, as it was found
            out.insert(at, e)
        doc["showdown"] = out
        doc["hand"] = {s: [h.name for h in self.scenario.hands.get(s, ())] for s in SIDES}
        return doc

    def _kinds_of(self, own: list) -> list[tuple[str, str] | None]:
        """For each of the file's showdown entries, the kind of trigger it states and its unit's side (None: an
        entry of another kind, or a trigger fired during the showdown)."""
        units = self.base.showdown(()).progress.units
        out: list[tuple[str, str] | None] = []
        for e in own:
            name = e.get("trigger") if isinstance(e, dict) and e.get("when") in (None, "combat", "move") else None
            out.append((_when(e), units[name].side) if isinstance(name, str) and name in units else None)
        return out

    @staticmethod
    def _first_play(own: list) -> int:
        """Where a block of combat trigger entries goes in a file stating none of them: before its first entry
        that is neither a trigger nor a play answering the move triggers (those resolve before the showdown,
        RB-COMB-2)."""
        return next((i for i, e in enumerate(own) if not (isinstance(e, dict) and ("trigger" in e
                                                                                 or e.get("respond") == "move"))),
                    len(own))

    @property
    def after_stated(self) -> list[str]:
        """The kinds and sides (``"combat triggers of the attacker"``) for which the file states some triggers and
        the search others: the search's resolve after the file's (the other orders are not weighed)."""
        kinds = self._kinds_of(list(self.scenario.document.get("showdown") or []))
        return [f"{when} triggers of the {side}" for when in WHEN for side in SIDES
                if (when, side) in kinds and any((a.when, a.side) == (when, side) for a in self.pending)]

    def _accepted(self, chosen: tuple[tuple[str, dict], ...]):
        """The scenario read with the trigger entries ``chosen`` (:meth:`_document`) and its lines, when the reader
        and the showdown's start accept them; else None."""
        key = tuple(Stated.of(*c) for c in chosen)
        if key not in self._read:
            got = self.read(self._document(chosen))
            self._read[key] = None if isinstance(got, ScenarioError) else got
        return self._read[key]

    def _next(self, chosen: tuple[Stated, ...]) -> list[Awaiting]:
        """The triggers of the first group (:attr:`Awaiting.group`) with one not stated yet, those not stated; once
        every one is stated, the first trigger their resolution fires whose choice is not stated (:meth:`fired`)."""
        done = {(s.side, s.unit, s.when) for s in chosen if s.at is None}
        left = [a for a in self.pending if (a.side, a.unit, a.when) not in done]
        if left:
            return [a for a in left if a.group == left[0].group]
        fired = self.fired(chosen)
        return [fired] if fired is not None else []

    def fired(self, chosen: tuple[Stated, ...]) -> Awaiting | None:
        """The first trigger fired as the file's entries and ``chosen`` resolve (a Deathknell as a trigger stated
        kills its unit, RB-CARD-19; another trigger on an event, RB-CARD-10) whose choice is its player's and not
        stated: his decision as it goes on the chain, its options entries ``{trigger: UNIT, when: KIND, ...}``
        placed right after the entry whose resolution fires it (the first place where the reader takes one for it
        and the firing is no longer left unstated: the reader and the interpreter are the one legality check). None
        when there is none, when no entry tried is taken (it stays named NOT MODELLED), or, in the move stage, when
        it is fired after the move triggers' chain (the combat stage chooses it)."""
        if chosen in self._fired:
            return self._fired[chosen]
        out = None
        pairs = tuple(s.pair() for s in chosen)
        if not chosen and not any(u.fired is not None for u in self.base.showdown(()).progress.unmodelled):
            first = None  # (the file as this stage begins fires none: not read again)
        else:
            got = self._accepted(pairs)
            root = got[1].root() if got is not None else None
            first = next((u for u in root.progress.unmodelled if u.fired is not None), None) if root is not None \
                else None
        if first is not None:
            side, unit, kind = first.fired
            a = Awaiting(side, unit, kind, tuple(first.fired_effects))
            names = list(dict.fromkeys(self.base.showdown(()).names + root.names))
            tried = entries(a, _sided(a, names, root.progress.units), dict(self.scenario.flags))[:MAX_TRIED]
            doc = self._document(pairs)["showdown"]
            last = len(doc)
            if self.stage == "move":  # only what the move triggers' chain fires (RB-COMB-2)
                kinds = self._kinds_of(doc)
                last = max((i + 1 for i, k in enumerate(kinds) if k is not None and k[0] == "move"
                            or isinstance(doc[i], dict) and doc[i].get("respond") == "move"), default=0)
            for at in range(1, last + 1):
                taken = [e for e in tried if self._takes(pairs, (side, e, at), first.fired)]
                if taken:
                    out = replace(a, at=at)
                    self._tried[out] = taken
                    if not chosen:  # the file's own showdown fires it: searched, not named (solve._weighed_off_the_line)
                        self.base.searched_firings.add(id(self.base.showdown(())))
                    break
        self._fired[chosen] = out
        return out

    def _takes(self, pairs: tuple, entry: tuple, fired: tuple[str, str, str]) -> bool:
        """Whether the reader takes the fired trigger's ``entry`` after ``pairs`` and it states that firing (one
        firing of it fewer is left unstated)."""
        got = self._accepted(pairs + (entry,))
        if got is None:
            return False
        before = self._accepted(pairs)[1].root().progress.unmodelled
        after = got[1].root().progress.unmodelled
        return sum(u.fired == fired for u in after) < sum(u.fired == fired for u in before)

    def mover(self, chosen: tuple[Stated, ...]) -> str | None:
        """Who states a trigger next: the Attacker's move triggers' choices first (RB-COMB-2), then the combat
        triggers', the Attacker's then the Defender's (RB-SHOW-2); None when every one is stated."""
        left = self._next(chosen)
        return left[0].chooser if left else None

    def options(self, chosen: tuple[Stated, ...]) -> list[Stated]:
        got = self._options.get(chosen)
        if got is None:
            before = tuple(s.pair() for s in chosen)
            left = self._next(chosen)  # the triggers whose choices the mover makes (:attr:`Awaiting.chooser`)
            got = [Stated.of(a.side, e, a.at) for a in left if a.chooser == left[0].chooser
                   for e in self._tried[a] if self._accepted(before + (Stated.of(a.side, e, a.at).pair(),))
                   is not None]
            self._options[chosen] = got
        return got

    def game(self, chosen: tuple[Stated, ...]):
        """The showdown game once ``chosen`` are stated (one a set of choices; its damage games shared; the file's own
        game when nothing is chosen)."""
        if not chosen:
            return self.base
        got = self._games.get(chosen)
        if got is None:
            from .game import ShowdownGame

            scenario, lines = self._accepted(tuple(s.pair() for s in chosen))
            got = self._games[chosen] = ShowdownGame(lines, dict(scenario.hands), self.base.objective,
                                                     self.base.conquer, shared=self.base)
            got.triggers, got.responses, got.fizzled = self.base.triggers + chosen, self.base.responses, \
                self.base.fizzled
            self.made.append(got)
        return got

    def initial(self):
        """This stage's first state: its trigger choices, or what follows them when it has none."""
        return TriggerState(self) if self.pending or self.fired(()) is not None else self.start(())

    def start(self, chosen: tuple[Stated, ...]):
        """What follows once ``chosen`` are stated: the Reactions played while this stage's triggers are on the
        chain when any may be (:mod:`.responses`), else the next stage (:meth:`next_stage`)."""
        from .responses import Responses

        game = self.game(chosen)
        responses = self._responses.get(chosen)
        if responses is None:
            responses = self._responses[chosen] = Responses(self, chosen, game)
        return responses.initial_state() if responses.open else self.next_stage(game, self.hands)

    def next_stage(self, game, hands: tuple):
        """After the move triggers (and their chain), the combat triggers' stage on the board they left; after
        the combat triggers, the showdown game, the Attacker with Focus (RB-SHOW-1, RB-SHOW-2)."""
        got = self._after.get((id(game), hands))
        if got is None:
            if self.stage == "move":
                pending = tuple(a for a in awaiting(game.lines) if a.when == "combat")
                state = TriggerChoices(game, pending, "combat", hands=hands, made=self.made).initial()
            else:
                from .game import ShowdownState

                state = ShowdownState(game, (), (), hands, "attacker", "attacker", 0, game.fizzled, game.showdown(()))
            got = self._after[(id(game), hands)] = (game, state)  # (the game kept: its id stays its own)
        return got[1]

    def reads(self) -> int:
        """Showdown steps played in the games of the choices made (the file's own is the caller's)."""
        return sum(g.lines.reads for g in self.made)


@dataclass(frozen=True)
class TriggerState:
    """A state of the trigger choices: the entries stated so far, in order."""

    choices: TriggerChoices = field(compare=False, hash=False, repr=False)
    chosen: tuple[Stated, ...] = ()

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return SIDES.index(self.choices.mover(self.chosen))

    def chance_outcomes(self):
        return []

    def legal_actions(self) -> list[Hashable]:
        return list(self.choices.options(self.chosen))

    def child(self, action: Stated):
        chosen = self.chosen + (action,)
        if self.choices.mover(chosen) is None:
            return self.choices.start(chosen)
        return TriggerState(self.choices, chosen)

    def returns(self):
        raise ValueError("the trigger choices are never terminal: the showdown follows")

    def action_to_string(self, action: Stated) -> str:
        return f"{action.side} {action.label()}"

    def key(self) -> Hashable:
        return ("triggers", self.choices.serial, self.chosen)

    def __str__(self) -> str:
        left = self.choices._next(self.chosen)
        whose = "" if left[0].chooser == left[0].side else f" of the {left[0].side}'s (the choice is his, RB-CARD-9)"
        if left[0].at is not None:
            rule = "RB-CARD-19" if left[0].when == "dies" else "RB-CARD-10"
            return (f"{left[0].chooser} states {left[0].unit}'s \"{left[0].when}\" trigger{whose} as it goes on the "
                    f"chain ({rule})")
        if left[0].when == "move":
            return f"{left[0].chooser} states a move trigger{whose} (RB-COMB-2)"
        return f"{left[0].chooser} states a combat trigger{whose} (RB-SHOW-2)"


def initial_state(base):
    """The game's first state from the :class:`.game.ShowdownGame` ``base`` of the file as stated, and the first
    stage's :class:`TriggerChoices`: the Attacker's move triggers' choices and their chain when there are any
    (RB-COMB-2), then the combat triggers' choices and their chain (RB-SHOW-2; :mod:`.responses` for the chains),
    then the showdown."""
    pending = awaiting(base.lines)
    moves = tuple(a for a in pending if a.when == "move")
    first = TriggerChoices(base, moves, "move") if moves or getattr(base.showdown(()).progress, "move_chain", 0) \
        else TriggerChoices(base, pending, "combat")
    return first.initial(), first
