"""The combat showdown (RB-SHOW): the scenario's effects, in the order they resolved, and
the cleanup after each (RB-MIGHT-1). The result is the :class:`~..model.Board` at the Combat
Damage Step and a narration with the rule ids applied.

>>> from pycombat.games.riftbound.schema import example_path, load_scenario
>>> sd = play_showdown(load_scenario(example_path("seed_example.yaml")))
>>> [u.name for u in sd.board.attacker], [u.name for u in sd.board.defender]
(['A4', 'A1'], ['D3'])
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields

from pycombat.errors import ScenarioError
from pycombat.frozen import replace
from ..model import Board, Effect, Scenario, Unit, designate
from . import deathknell as _deathknell, events, repeat, replacements as _replacements
from .copies import recast, with_grants
from .counters import to_hand as countered_to_hand  # RB-CARD-3: a counter returning what it counters to the hand
from .counters import action_speed  # RB-SHOW-4: a card or ability that cannot be played on an open chain
from .equipment import TAKEN_OVER  # RB-CARD-14: an Equipment whose control another player takes
from .equipment import stated_bonus  # RB-CARD-5: an Equipment's Might bonus the scenario states
from .gear import TO_HAND as GEAR_TO_HAND  # RB-CARD-22: a gear returned to its owner's hand
from .gear import ELSEWHERE_GONE as GEAR_ELSEWHERE_GONE  # RB-CARD-22: the side's gear not listed gone
from .interpreter import MOVED_ELSEWHERE, Board as View, Change, Play, Unmodelled, check_cost, counter_effect, countered, \
    interpret, stolen, takes_spell, CONQUER
from .moves import on_moves
from .spells import load_cards
from .statics import Live, extra_deathknells
from .triggers import ability_card, empowered_only
from .units import load_units


@dataclass(frozen=True)
class Line:
    """One narrated step: the text and the rule ids it applies."""

    text: str
    rules: tuple[str, ...] = ()


@dataclass
class Showdown:
    board: Board
    lines: list[Line] = field(default_factory=list)
    #: what the cards played do that the model does not (RB-CARD-4): ``interpreter.Unmodelled``
    unmodelled: list = field(default_factory=list)
    #: every unit of the showdown by name, its record as the showdown left it (no static ability applied): those at
    #: the battlefield, at a base, elsewhere or removed, and the units and tokens played during it (RB-CARD-15/16)
    units: Mapping[str, Unit] = field(default_factory=dict)

    def unmodelled_json(self) -> list[dict]:
        """``[{card, what, why}]``, each once."""
        return [u.as_json() for u in dict.fromkeys(self.unmodelled)]

    def unmodelled_lines(self) -> list[str]:
        """The text form: one line per clause not modelled, and what that means for verify."""
        return unmodelled_lines(self.unmodelled_json())


def unmodelled_lines(items: list[dict]) -> list[str]:
    """The text form of :meth:`Showdown.unmodelled_json`: one line per clause not modelled, and
    what that means for verify (RB-CARD-4)."""
    if not items:
        return []
    return ([f"NOT MODELLED: {u['card']}: {u['what']} ({u['why']})" for u in items]
            + ["Clauses above are not modelled: verify does not decide the claims they could change (RB-CARD-4)."])


def _who(scenario: Scenario, side: str | None) -> str:
    if side is None:
        return "A player"
    return f"{scenario.side(side).player} ({side})"


#: the narration's markers of the chain (RB-SHOW-2, RB-SHOW-3): it opens with the combat triggers, it closes (Focus
#: passes, or not after the combat chain), or it stays open for the cards listed next
_SHOWDOWN_BEGINS = "The showdown begins; "
_COMBAT_CHAIN = "The combat triggers go on the chain"
_CLOSED_PASSING = "The chain resolved and Focus passes."
_CLOSED_KEEPING = "The combat chain closed: Focus does not pass"
_NOT_CLOSING = "The chain does not close: "


def focus_passes(scenario: Scenario, lines: list[Line]) -> list[Line]:
    """The showdown's narration with the passes it implies said (RB-SHOW-1, RB-SHOW-3): only the player with Focus
    plays a card or uses an ability on an empty chain, so a player who does so without Focus had it passed to him:
    the player holding it passed ("Ann passes; Focus passes to Bo."). Focus begins with the Attacker (RB-SHOW-1), does
    not pass when the combat chain closes (RB-SHOW-2), and passes to the other player when a chain resolves
    (RB-SHOW-3). A card played on an open chain (a response, a card a later counter chooses) or by an ability as it
    resolves (RB-CARD-27) needs no Focus."""
    sides = ("attacker", "defender")
    acts = {side: tuple(f"{_who(scenario, side)} {verb} " for verb in ("plays", "uses", "kills")) for side in sides}
    out: list[Line] = []
    holder, begun, open_chain = "attacker", False, False
    for i, ln in enumerate(lines):
        text = ln.text
        if text.startswith(_SHOWDOWN_BEGINS):
            begun = True
        elif not begun:
            pass
        elif text.startswith(_COMBAT_CHAIN):
            open_chain = True
        elif text.startswith(_CLOSED_PASSING):
            open_chain, holder = False, ("defender" if holder == "attacker" else "attacker")
        elif text.startswith(_CLOSED_KEEPING):
            open_chain = False
        elif not open_chain and "RB-CARD-27" not in ln.rules:
            side = next((x for x in sides if text.startswith(acts[x])
                         and (not text.startswith(f"{_who(scenario, x)} kills ")
                              or " as the additional cost of " in text)), None)
            if side is not None:
                # RB-CARD-11: a card listed later was already on this chain (it names a unit this card's chain took out
                # of play): its player opened the chain, and this card was played on it in response
                side = _opener(scenario, lines, i) or side
                if side != holder:
                    # the triggers this play fires resolve before it and are told before its line ("Ann playing a spell
                    # (...) triggers ..."): the pass that gave him Focus comes before them
                    at = len(out)
                    while at and (out[at - 1].text.startswith(f"{scenario.side(side).player} playing ")
                                  or out[at - 1].text.startswith(" ")):
                        at -= 1
                    while at < len(out) and not out[at].text.startswith(f"{scenario.side(side).player} playing "):
                        at += 1
                    out.insert(at, Line(f"{scenario.side(holder).player} passes; Focus passes to "
                                        f"{scenario.side(side).player}.", ("RB-SHOW-3",)))
                    holder = side
                open_chain = True  # its chain is open until the line that closes it
        out.append(ln)
    return out


def _opener(scenario: Scenario, lines: list[Line], i: int) -> str | None:
    """The side whose card, listed later, was already on the chain the play of line ``lines[i]`` opens as the narration
    reads it (the chain's "does not close" line, :meth:`Progress._was_on_chain`, RB-CARD-11), or None."""
    for later in lines[i + 1:]:
        if later.text.startswith(_CLOSED_PASSING):
            return None
        if later.text.startswith(_NOT_CLOSING):
            return next((x for x in ("attacker", "defender")
                         if f", played by {_who(scenario, x)} and listed below" in later.text), None)
    return None


class Retroactive(Exception):
    """Effects added to a :class:`Progress` would counter a play that already resolved (RB-CARD-3 as the
    ``showdown:`` list reads it: a counter names the latest earlier play of its card not countered yet).
    The state reached cannot be extended: the whole list is played again from the start instead."""


def play_showdown(scenario: Scenario, order: Mapping[str, Sequence[str]] | None = None) -> Showdown:
    """Apply the showdown's effects in order, with a cleanup after each (RB-MIGHT-1). Cards
    played by name go through the one interpreter (:mod:`.interpreter`). A player's combat triggers that the
    scenario does not order (RB-SHOW-2: each player orders his own) are played in their listing order, and their
    order is named NOT MODELLED when another gives another board (:func:`_orders_named`); ``order`` plays a side's
    in another order."""
    run, sd = _played(scenario, order)
    if order is None:
        for item in _orders_named(scenario, sd, run.orderable):
            sd.unmodelled.append(item)
            at = next((i + 1 for i, ln in enumerate(sd.lines) if ln.text.startswith("The combat triggers go on")),
                      len(sd.lines))  # (said where they go on the chain)
            sd.lines.insert(at, Line(f"  not modelled: {item.what} ({item.why})", ("RB-CARD-4", "RB-SHOW-2")))
    return sd


def trigger_orders(scenario: Scenario) -> list[Unmodelled]:
    """The orders of a player's combat triggers that the scenario does not state and that change the board its
    showdown reaches (:func:`_orders_named`): what the showdown game of both hands names too (it searches the
    choices of the triggers, and orders a side's that resolve by themselves where one of its triggers awaits a choice
    or two or more resolve by themselves, :func:`..play.triggers.awaiting`)."""
    run, sd = _played(scenario)
    return _orders_named(scenario, sd, run.orderable)


def _played(scenario: Scenario, order: Mapping[str, Sequence[str]] | None = None) -> tuple["Progress", Showdown]:
    """The showdown's progress and what it reached, its combat triggers in the listing order or ``order``."""
    run, effects = Progress.begin(scenario, order)
    run.extend(effects)
    return run, run.finish()


#: the most other orders of one player's combat triggers tried (beyond, their order is named without trying them)
MOST_ORDERS = 23

#: how a card takes a unit out of play other than by killing it (interpreter's ``_LEAVE``): at its base or at another
#: battlefield too, the unit is one of the showdown's removals (``removed``), as it would be at the battlefield
LEFT_PLAY = ("banished", "put into its deck", "returned to its owner's hand")


def _orders_named(scenario: Scenario, sd: Showdown, orderable: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
                  ) -> list[Unmodelled]:
    """RB-SHOW-2, RB-CARD-10: each player orders his own combat triggers. For a side with two or more, one of them
    not stated (``{trigger: UNIT}`` entries give the order of those they name), every other order keeping the
    stated ones' is played; when one leaves another board (a unit's Might, damage, status or presence, a unit
    removed), the order is the player's choice the scenario does not state: the items to name NOT MODELLED
    (RB-CARD-4)."""
    seen = _board_state(sd.board)
    out: list[Unmodelled] = []
    for side, (names, stated) in orderable.items():
        others = (p for p in itertools.permutations(names)
                  if p != names and [n for n in p if n in stated] == list(stated))
        tried = math.factorial(len(names)) // math.factorial(len(stated)) - 1 <= MOST_ORDERS
        differs = not tried
        for alt in (others if tried else ()):
            try:
                differs = _board_state(play_showdown(scenario, {side: alt}).board) != seen
            except ScenarioError:
                differs = True  # (the entries after them do not fit that order: it changes what follows)
            if differs:
                break
        if differs:
            cards = dict.fromkeys(sd.units[n].card_name or n if n in sd.units else n for n in names)
            item = Unmodelled(", ".join(cards), f"the order of the {side}'s combat triggers ({', '.join(names)})",
                              "each player orders his own (RB-SHOW-2, RB-CARD-10), and "
                              + ("another order leaves another board here" if tried else "their orders are too many "
                                 "to weigh") + ": state it with an entry `{trigger: UNIT}` for each, in the order "
                              "they resolve, before the other entries (RB-CARD-4)", orders_of=side)
            out.append(item)
    return out


def _board_state(board: Board) -> tuple:
    """What a board is, whatever the order of the effects that made it: each unit with its tuples taken as sets
    (Might changes, keywords given), and the units removed."""
    def unit(u: Unit) -> tuple:
        return tuple(tuple(sorted(v, key=repr)) if isinstance(v, tuple) else v
                     for v in (getattr(u, f.name) for f in fields(u)) if not isinstance(v, Mapping))
    return (tuple(unit(u) for u in board.attacker), tuple(unit(u) for u in board.defender),
            tuple(sorted(board.removed)))


def unpathed(u: Unit) -> Unit:
    """``u`` without where in the file it was read when that is a showdown entry (a unit played from hand is the
    same unit whichever play brought it)."""
    return replace(u, path="") if u.path.startswith("showdown") else u


def _first(pair):
    return pair[0]


def _by_phase(effects) -> tuple[list, list, list, list]:
    """The stated choices of triggers fired mid-showdown (``fired_by``) that follow the move triggers resolved before
    the showdown (they wait while those resolve), those that follow the combat triggers (they wait while the
    combat chain resolves), the entries after the combat triggers, in order (RB-CARD-10, RB-SHOW-2), and the plays
    made in answer to the move triggers (``respond: move``, listed right after them, RB-COMB-2)."""
    pre, chain, rest, answers = [], [], [], []
    phase = "move"
    for e in effects:
        fired = getattr(e, "fired_by", None)
        if not fired and getattr(e, "trigger_of", None) and phase != "rest":
            phase = "move" if getattr(e, "on_move", False) and phase == "move" else "combat"
            continue
        if getattr(e, "responds", None) == "move" and phase == "move":
            answers.append(e)
            continue
        if not fired:
            phase = "rest"
        (pre if phase == "move" else chain if phase == "combat" else rest).append(e)
    return pre, chain, rest, answers


def _answered(plays: list) -> Line:
    """The narration of the plays made in answer to triggers on the chain (RB-SHOW-2, RB-SHOW-4, RB-COMB-2)."""
    played = [p for p in plays if isinstance(p, Play) and not p.fired_by]
    rules = ("RB-COMB-2", "RB-SHOW-4") if played and played[0].responds == "move" else ("RB-SHOW-2", "RB-SHOW-4")
    return Line("Before they resolve, " + ", ".join(f"{p.by} plays {p.card.name}" for p in reversed(played))
                + " in response: a Closed State, Reactions only; they resolve first, last in, first out ("
                + ", ".join(p.card.name for p in played) + ").", rules)


def _responses(scenario, rest: list, chain: list) -> tuple[list, list]:
    """``rest`` split into the plays stated ``respond: true`` at its head (with the trigger choices stated after
    them), which were played while the combat triggers were on the chain and resolve before them, and the entries
    after (RB-SHOW-2, RB-SHOW-4). Such a play stated elsewhere, or with no combat trigger on the chain, is refused."""
    k = 0
    while k < len(rest) and (getattr(rest[k], "responds", None) == "combat"
                             or (k and getattr(rest[k], "fired_by", None))):
        k += 1
    late = next((e for e in rest[k:] if getattr(e, "responds", None)), None)
    if late is not None:
        which = "the move triggers" if late.responds == "move" else "the combat triggers"
        raise ScenarioError(f"{late.card.name} responds to {which} on the chain: list it right after them, before the "
                            "other entries (RB-SHOW-2, RB-COMB-2)", file=scenario.file, path=f"{late.path}.respond")
    if k and not chain:
        raise ScenarioError(f"{rest[0].card.name} responds to the combat triggers, but none is on the chain as the "
                            "showdown begins (RB-SHOW-2)", file=scenario.file, path=f"{rest[0].path}.respond")
    return rest[:k], rest[k:]


def _chained(e, nxt) -> bool:
    """Whether ``e`` and ``nxt`` are on one chain resolved before the showdown's entries: both move triggers or
    both combat triggers (RB-COMB-2, RB-SHOW-2); a trigger's choice stated after that chain waits through it."""
    return all(isinstance(x, Play) and x.trigger_of and not x.fired_by for x in (e, nxt)) and e.on_move == nxt.on_move


class Progress:
    """The showdown part way: the state after the effects applied so far, to which more effects are
    applied one at a time (:meth:`extend`) on a copy (:meth:`copy`), never replaying those before.
    :func:`play_showdown` is :meth:`begin`, one :meth:`extend` with every effect, and :meth:`finish`:
    extending a state step by step gives the same showdown as playing the whole list at once."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.units: dict[str, Unit] = {}
        self.present: list[str] = []
        self.base: list[str] = []
        self.away: list[str] = []  # moved to another battlefield during the showdown
        self.removed: list[tuple[str, str, str]] = []
        self.loose: dict[str, list[str]] = {}  # RB-CARD-14: Equipment in play unattached
        self.lines: list[Line] = []
        self.head: list = []  # not modelled before any effect: units' clauses, untriggered combat triggers
        #: RB-SHOW-2: the combat triggers not stated that resolve by themselves (no choice), as (side, unit, targets):
        #: the showdown game from both hands has their player order them (:func:`..play.triggers.awaiting`)
        self.auto_triggers: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
        self.notes: list = []  # counters whose effect is not modelled (RB-CARD-3, RB-CARD-4)
        self.unmodelled: list = []  # not modelled as the effects resolved
        self.fired: set[str] = set()  # RB-CARD-19: the units whose Deathknell fired
        self.turn: dict[str, object] = {}  # effects on the rest of the turn (RB-CARD-18)
        self.used: dict[str, int] = {}  # RB-CARD-17: each unit's activated ability used so far this showdown
        self.plays: list = []  # every effect applied: its Play, or None (a plain effect)
        #: whether a play of ``plays`` counters a card, and whether one may take control of a spell (kept as plays
        #: are added: each step of the showdown search asks, and most lines have neither)
        self.countering, self.taking = False, False
        self.gone: set[int] = set()  # the indexes in ``plays`` countered (RB-CARD-3)
        self.taken: set[int] = set()  # the indexes in ``plays`` of spells another player took control of (RB-CARD-20)
        #: RB-CARD-3: the cards countered back to their owner's hand (Abandon), as (owner's side, card name), in order
        self.to_hand: list[tuple[str, str]] = []
        #: RB-CARD-10: the stated choices of triggers the effect resolving may fire (``Play.fired_by``)
        self.pending: list[Play] = []
        #: RB-SHOW-3, RB-CARD-3: the indexes in ``plays`` after which the chain stays open (a later counter chooses
        #: that play or one before it on the same chain), and the index of the effect being applied
        self.open_after: frozenset[int] = frozenset()
        self._at = -1
        #: RB-CARD-11: the index in ``plays`` of the play after which each unit left play (the card listed later that
        #: names it was on the chain before that play), and each "The chain resolved" line as (play index, line index)
        self.left_at: dict[str, int] = {}
        self.closes: list[tuple[int, int]] = []
        self._live = None  # the view :attr:`live`
        #: the units one effect kills at once, as they were before the first died: (its ``together``, units, where)
        self._dying = None

    @property
    def live(self):
        """The units with every static ability applied (RB-CARD-9), read from this state: a view of its
        containers (changed in place), made again only when one of them is replaced."""
        view = self._live
        if view is None or view.units is not self.units or view.present is not self.present \
                or view.elsewhere[0] is not self.base or view.elsewhere[1] is not self.away:
            view = self._live = Live(self.units, self.present, (self.base, self.away), self.scenario.flags)
        return view

    @classmethod
    def begin(cls, scenario: Scenario, order: Mapping[str, Sequence[str]] | None = None) -> tuple["Progress", list]:
        """The showdown as it begins (RB-SHOW-1, RB-SHOW-2), and the effects to apply: the combat
        triggers' chain (RB-SHOW-2), then the scenario's other effects in order. ``order``: a side's combat
        triggers in another order (:func:`.triggers.combat_chain`)."""
        from .statics import lines as static_lines
        from .moves import move_chain
        from .triggers import combat_chain

        run = cls(scenario)
        units = run.units
        units.update({u.name: u for u in scenario.attacker.units + scenario.defender.units})
        run.present = list(units)
        run.base = [u.name for u in scenario.reserve]
        units.update({u.name: u for u in scenario.reserve})
        run.loose = {side: list(scenario.gear.get(side, ())) for side in ("attacker", "defender")}  # RB-CARD-14
        from .units import SCORING_WHY, result_scoring

        for u in list(units.values()):
            for what, why in u.unstated:
                run.head.append(Unmodelled(u.card_name or u.name, f"{what} (unit {u.name})", why, unit_path=u.path))
            # RB-CARD-4, RB-RES-5: its clauses scoring points by the combat's result ("When I die in combat, ... They
            # score 1 point"): "I" only for a unit in the combat; another ("If a player would score ...") from its base
            for clause, own in result_scoring(load_units().unit(u.card_id) if u.card_id else None):
                if not own or u.name in run.present:
                    run.head.append(Unmodelled(u.card_name or u.name, f"clause {clause!r} (unit {u.name})",
                                               SCORING_WHY))
            for g in u.equipment:
                gear = load_cards().card(g)
                if gear.equip_might_bonus is None and g not in dict(u.stated_bonus):
                    run.head.append(Unmodelled(gear.name, f"Equipment Might bonus (attached to {u.name})",
                                               "in no source (equip_might_bonus is null): state the bonus printed "
                                               f"on the card, `{{card: {gear.name}, might_bonus: N}}` (RB-CARD-5)"))
        stated = [e for e in scenario.effects if getattr(e, "trigger_of", None) and not getattr(e, "on_move", False)
                  and not getattr(e, "fired_by", None)]
        pre_fired, chain_fired, rest, answers = _by_phase(scenario.effects)
        moves, unmoved, moved_auto = move_chain(scenario, [e for e in scenario.effects if getattr(e, "on_move", False)])
        run.head += unmoved
        a, d = scenario.attacker, scenario.defender
        where = f" at {scenario.battlefield}" if scenario.battlefield else ""
        lines = run.lines
        lines.append(Line(f"{a.player} moved {', '.join(a.names)} onto the battlefield{where}, where {d.player}'s "
                          f"{', '.join(d.names)} stand: it is contested and a combat is staged. {a.player} is the "
                          f"Attacker, {d.player} the Defender.", ("RB-COMB-1", "RB-COMB-4")))
        if answers and not moves:
            raise ScenarioError(f"{answers[0].card.name} responds to the move triggers, but none is on the chain "
                                "before the combat (RB-COMB-2)", file=scenario.file, path=f"{answers[0].path}.respond")
        if moves:  # RB-CARD-10, RB-COMB-2: the move triggers resolve before the combat is held
            lines.append(Line("The units' \"When I move\" triggers go on the chain; the combat is held once it is "
                              "empty (" + ", ".join(f"{p.trigger_of} ({p.by}" + (", by itself" if p.trigger_of in
                                                                                moved_auto else "") + ")"
                                                      for p in moves) + ").", ("RB-CARD-10", "RB-COMB-2")))
            if answers:  # RB-COMB-2, RB-SHOW-4: Reactions played while they are on the chain resolve first
                lines.append(_answered(answers))
            # RB-COMB-4: the combat has not begun: no unit has its Attacker or Defender designation yet, so no
            # Assault or Shield adds Might while these resolve (RB-MIGHT-4, RB-MIGHT-5)
            for n in list(units):
                units[n] = designate(units[n], False)
            # RB-CARD-10: choices of what their moves fire
            run.extend(answers + moves[:1] + pre_fired + moves[1:])
            # RB-COMB-4: the combat begins: the units at the battlefield get their side's designation
            for n in run.present:
                run.units[n] = designate(run.units[n], True)
            if any(run.units[n].designation_bonus for n in run.present):
                lines.append(Line("The chain is empty and the combat begins: the units at the battlefield get the "
                                  "Attacker or Defender designation; from now on their Assault or Shield adds Might "
                                  "(it added none while the move triggers resolved).",
                                  ("RB-COMB-4", "RB-MIGHT-4", "RB-MIGHT-5")))
        elif pre_fired:
            run.extend(pre_fired)  # refused: nothing before them fires a trigger
        run.move_chain = len(moves)  # how many move triggers went on the chain before the combat (RB-COMB-2)
        for u in unmoved:
            lines.append(Line(f"  not modelled: {u.what} ({u.why})", ("RB-CARD-4",)))
        # RB-SHOW-2: the combat triggers of the units at the battlefield as the showdown begins
        here = set(run.present)
        from .triggers import player_triggers

        for p in stated:
            if p.trigger_of not in here and not (p.trigger_of in run.base and player_triggers(run.units[p.trigger_of])):
                raise ScenarioError(f"{p.trigger_of} is not at the battlefield as the showdown begins (it left the "
                                    "battlefield before the showdown began, or no move brought it in): its combat "
                                    "trigger does not fire (RB-SHOW-2, RB-COMB-2)", file=scenario.file, path=p.path)
        gone = [side for side in ("attacker", "defender") if not any(run.units[n].side == side for n in run.present)]
        for side in gone:
            lines.append(Line(f"No {side}'s unit is left at the battlefield: the staged combat is not held, and no "
                              "\"When I attack\" or \"When I defend\" trigger fires (RB-COMB-2; CR 456.2).",
                              ("RB-COMB-2",)))
        if gone and stated:  # RB-COMB-2: no combat, so no combat trigger to state
            raise ScenarioError(f"{stated[0].trigger_of}'s combat trigger cannot fire: no {gone[0]}'s unit is left at "
                                "the battlefield, so the staged combat is not held (RB-COMB-2, RB-SHOW-2)",
                                file=scenario.file, path=stated[0].path)
        # the units at the battlefield as the combat begins, those a "When I move" trigger brought in too (RB-COMB-4)
        fighting = replace(scenario, attacker=replace(a, units=tuple(
                               run.units[n] for n in run.present if run.units[n].side == "attacker")),
                           defender=replace(d, units=tuple(
                               run.units[n] for n in run.present if run.units[n].side == "defender")))
        # RB-SHOW-2 with RB-CARD-10: "When you defend at a battlefield" of the Defender's units at his base too
        chain, untriggered, auto = combat_chain(fighting, stated, [run.units[n] for n in run.base], order) \
            if not gone else ([], [], [])
        # RB-SHOW-2: each player orders his own combat triggers; a side with two or more, one of them not stated,
        # is weighed in its other orders by play_showdown
        said = {p.trigger_of for p in stated}
        run.orderable = {side: (tuple(p.trigger_of for p in chain if p.by == side),
                                tuple(p.trigger_of for p in chain if p.by == side and p.trigger_of in said))
                         for side in ("defender", "attacker")
                         if sum(p.by == side for p in chain) > 1
                         and any(p.by == side and p.trigger_of not in said for p in chain)}
        run.head += untriggered
        run.auto_triggers = tuple((p.by, p.trigger_of, tuple(p.targets or ())) for p in chain
                                  if p.trigger_of in auto and not p.idle and p.to is None and p.trigger_of in here)
        # RB-SHOW-2, RB-SHOW-4: the Reactions played while the combat triggers are on the chain resolve before them
        responses, rest = _responses(scenario, rest, chain)
        # RB-CARD-10: the choices of the triggers the combat chain fires wait while it resolves; the others are
        # stated right after what fires them
        effects = responses + chain[:1] + chain_fired + chain[1:] + rest
        units = run.units
        for text in static_lines(units, run.present):
            lines.append(Line(text, ("RB-CARD-9",)))
        from .triggers import one_on_one_lines

        for text in one_on_one_lines(fighting):  # RB-READ-7: a combat trigger that fires only "one on one"
            lines.append(Line(text, ("RB-READ-7", "RB-SHOW-2")))
        lines.append(Line(f"The showdown begins; {a.player}, the Attacker, gains Focus. Only Action and Reaction "
                          "cards and abilities can be played.", ("RB-SHOW-1", "RB-SHOW-2", "RB-SHOW-4")))
        if chain:
            listed = ", ".join(f"{p.trigger_of} ({p.by}" + (", by itself" if p.trigger_of in auto else "") + ")"
                               for p in chain)
            sides = {p.by for p in chain}
            if len(sides) > 1:  # the Attacker's go on first, so the Defender's are on top
                said = f"the Attacker's first: the Defender's resolve first ({listed})"
            else:
                one = next(iter(sides))
                said = f"the {one.capitalize()}'s only (the {'Defender' if one == 'attacker' else 'Attacker'} has none): {listed}"
            lines.append(Line(f"The combat triggers go on the chain, {said}.", ("RB-SHOW-2",)))
        for u in untriggered:
            lines.append(Line(f"  not modelled: {u.what} ({u.why})", ("RB-CARD-4",)))
        if responses:
            lines.append(_answered(responses))
        run.combat_chain = len(chain)  # how many combat triggers went on the chain (RB-SHOW-2)
        events.start(run)  # RB-CARD-10: the units Mighty as the showdown begins (none becomes so then)
        return run, effects

    def copy(self) -> "Progress":
        """An independent copy (units are immutable values: the containers are copied)."""
        out = Progress.__new__(Progress)
        out.scenario = self.scenario
        out.units, out.present, out.base, out.away = dict(self.units), list(self.present), list(self.base), \
            list(self.away)
        out.removed, out.loose = list(self.removed), {k: list(v) for k, v in self.loose.items()}
        out.lines, out.head, out.notes, out.unmodelled = list(self.lines), self.head, self.notes, \
            list(self.unmodelled)
        out.auto_triggers = self.auto_triggers
        out.fired, out.turn, out.used = set(self.fired), dict(self.turn), dict(self.used)
        out.plays, out.gone, out.taken = list(self.plays), set(self.gone), set(self.taken)
        out.countering, out.taking = self.countering, self.taking
        out.to_hand = list(self.to_hand)
        out.pending = []
        out.open_after, out._at = self.open_after, self._at
        out.left_at, out.closes = dict(self.left_at), list(self.closes)
        out._live = None
        out._dying = None
        return out

    def key(self, unit: Callable[[Unit], Hashable] | None = None):
        """What the rest of the showdown depends on, as a hashable value: every unit in play (without
        where in the file it was read, :func:`unpathed`; of a unit no longer in play only its name: no
        card brings it back), where each is, what was removed, the Equipment in play unattached, the
        turn's effects, the abilities used, the Deathknells fired, and the card names of the plays that
        resolved uncountered (a later counter looks for one of them by name, RB-CARD-3). ``unit``: what
        stands for each unit in play instead (a number given to equal units alike, after
        :func:`unpathed`)."""
        here = set(self.present) | set(self.base) | set(self.away)
        unit = unit or unpathed
        units = tuple((n, unit(u) if n in here else None) for n, u in sorted(self.units.items(), key=_first))
        played = tuple(sorted((p.card.name, p.by) for i, p in enumerate(self.plays)
                              if p is not None and i not in self.gone))
        return (units, tuple(self.present), tuple(self.base), tuple(self.away), tuple(sorted(self.removed)),
                tuple(sorted((k, tuple(v)) for k, v in self.loose.items())), tuple(sorted(self.turn.items())),
                tuple(sorted(self.used.items())), tuple(sorted(self.fired)), played)

    def extend(self, effects: list) -> None:
        """Apply ``effects`` after those applied so far (in place; copy first to keep this state).
        Raises the ScenarioError of the first effect refused, or :class:`Retroactive`. A stated trigger choice
        (``fired_by``) goes with the effect before it: a firing of that unit's trigger as it resolves takes it
        (RB-CARD-10); one left over did not fire and is refused."""
        stated: list[list[Play]] = []
        kept: list = []
        for e in effects:
            if getattr(e, "fired_by", None):
                if not kept:
                    raise ScenarioError(f"{e.trigger_of}'s trigger on \"{e.fired_by}\" is stated before any entry that "
                                        "could fire it: list it right after the card or ability whose resolution "
                                        "fires it (RB-CARD-10)", file=self.scenario.file, path=e.path)
                stated[-1].append(e)
            else:
                kept.append(e)
                stated.append([])
        effects = kept
        new = [e if isinstance(e, Play) else None for e in effects]
        plays = self.plays + new
        spared: dict[int, list] = {}
        counter_of: dict[int, int] = {}  # each play countered -> the counter that countered it
        countering = self.countering or any(p is not None and counters(p) for p in new)
        taking = self.taking or any(takes_spell(p) for p in new)
        links: list[tuple[int, int]] = []  # (a play, a later counter choosing it): the chain open between them
        if countering:
            try:
                gone, notes = countered(plays, self.units, self.present + self.base + self.away, spared,
                                        counter_of, links)
            except ScenarioError as exc:
                raise ScenarioError(exc.message, file=self.scenario.file, path=exc.path) from None
            if any((i in gone) != (i in self.gone) for i in range(len(self.plays))):
                raise Retroactive()
        else:  # RB-CARD-3: only a counter counters; with none played, none is countered
            gone, notes = self.gone, self.notes
        try:  # RB-CARD-20: a spell taken, with new choices, resolves where it stands under its new controller
            taken = stolen(plays, gone) if taking else {}
        except ScenarioError as exc:
            raise ScenarioError(exc.message, file=self.scenario.file, path=exc.path) from None
        if any((i in taken) != (i in self.taken) for i in range(len(self.plays))):
            raise Retroactive()
        start = len(self.plays)
        if links:
            self.open_after = frozenset(k for j, i in links for k in range(j, i))
        self.plays, self.gone, self.notes, self.taken = plays, gone, notes, set(taken)
        self.countering, self.taking = countering, taking
        carry: list[Play] = []
        for i, e in enumerate(effects):
            nxt = effects[i + 1] if i + 1 < len(effects) else None
            self.pending = carry + list(stated[i])
            self._at = start + i
            in_play = set(self.present) | set(self.base) | set(self.away)
            try:
                if start + i in taken:  # RB-CARD-20: under the player who took it, with his choices
                    now, by = taken[start + i]
                    self.lines.append(Line(
                        f"{_who(self.scenario, by.by)} takes control of {e.card.name} (the {e.by}'s) with "
                        f"{by.card.name}, on the chain above it: it resolves under the {by.by}"
                        + (f", choosing {', '.join(now.targets)}" if now.targets else "")
                        + (" (new choices)" if now.targets != e.targets else " (its own choices)") + ".",
                        ("RB-CARD-20", "RB-CARD-21")))
                    self._effect(now, False, nxt, played=e)
                else:
                    if start + i in spared:  # RB-CARD-9: the cards it could not counter, named as it resolves
                        e = replace(e, spared=tuple(spared[start + i]))
                    countered_by = plays[counter_of[start + i]] if start + i in counter_of else None
                    self._effect(e, start + i in gone, nxt, to_hand=countered_by is not None
                                 and countered_to_hand(countered_by.card))
            except ScenarioError as exc:
                if exc.file is not None:
                    raise
                raise ScenarioError(exc.message, file=self.scenario.file, path=exc.path) from None
            self._was_on_chain(e, start + i)
            now_in_play = set(self.present) | set(self.base) | set(self.away)
            for n in in_play - now_in_play:
                self.left_at[n] = start + i
            carry = []
            if self.pending and nxt is not None and _chained(e, nxt):  # waits through the rest of that chain
                carry, self.pending = self.pending, []
            if self.pending:  # RB-CARD-10: stated, but its trigger did not fire as the entry before it resolved
                p = self.pending[0]
                raise ScenarioError(f"{p.trigger_of}'s trigger on \"{p.fired_by}\" did not fire as "
                                    f"{getattr(e, 'path', '') or 'the entry before it'} resolved: it fires only on "
                                    "its event, by its own player's card or ability (RB-CARD-10)",
                                    file=self.scenario.file, path=p.path)

    def _settle(self) -> None:
        """A cleanup (RB-MIGHT-1), then the Deathknell of each unit it (or the card before it) killed at
        the battlefield, each followed by its own cleanup (RB-CARD-19)."""
        DK, deathknell = _deathknell.RULE, _deathknell.read
        units, present, base, away, removed = self.units, self.present, self.base, self.away, self.removed
        live = self.live
        _cleanup(live, present, removed, self.lines, base, own=units, gear=self.loose, unmodelled=self.unmodelled)
        self._deaths_elsewhere()
        self._equipment_left()
        while new := [(n, side) for n, side, how in removed if how == "killed" and n not in self.fired]:
            dying = [m for m, _ in new]  # dying together: their static abilities looked back on (RB-CARD-9)
            # "Your [Deathknell] effects trigger an additional time": once more for each such unit of its side in
            # play as they die or dying with them, counted now: every copy goes on the chain before the first
            # resolves, so a Karthus an earlier copy kills still counts for the later ones (RB-CARD-19)
            in_play = present + base + away  # as they die: where the choice of each copy is made
            at_death = in_play + dying
            extras = {side: extra_deathknells(units, at_death, side) for side in {side for _, side in new}}
            for n, side in new:
                self.fired.add(n)
                effects = deathknell(load_units().unit(units[n].card_id)) if units[n].card_id else ()
                # RB-CARD-9 with RB-CARD-8: "if I'm [Empowered]" as the unit's stated status decides it (Noxian Emissary)
                effects = empowered_only(units[n], effects)
                if not effects:
                    continue
                extra = extras[side]
                choice = _deathknell.choice_of(effects)
                for k in range(1 + len(extra)):
                    said: list[Line] = []
                    dk = Play(card=ability_card(units[n], effects), by=side, trigger_of=n, path=units[n].path)
                    if choice is not None:  # RB-CARD-10: the player's choice as it dies, stated by an entry
                        stated = events.stated(self, n, _deathknell.KIND)
                        if stated is None:
                            self.unmodelled.append(Unmodelled(
                                units[n].card_name or n, f"its Deathknell (unit {n}), fired as it died at the battlefield",
                                f"{choice} is the player's and not stated: give an entry `{{trigger: {n}, when: "
                                f"{_deathknell.KIND}, ...}}` right after the entry whose resolution kills it (RB-CARD-4)",
                                after_death_of=n, fired=(side, n, _deathknell.KIND), fired_effects=tuple(effects)))
                            self.lines.append(Line(f"{n} died at the battlefield: its Deathknell goes on the chain; not "
                                                   f"modelled: {choice} is the player's and not stated.", (DK, "RB-CARD-4")))
                            continue
                        if out := [t for t in stated.targets if t not in in_play]:
                            raise ScenarioError(f"{n}'s Deathknell chooses its target as it goes on the chain, once {n} "
                                                f"died: {out[0]} is not in play then (RB-CARD-1, RB-CARD-19)",
                                                file=self.scenario.file, path=f"{stated.path}.target")
                        dk = events.as_stated(stated, dk, _deathknell.TRIGGER)
                    gone = [g for g, _, _ in removed if g not in present and g not in base and g not in away]
                    moved = [g for g, _, _ in removed if g not in present and (g in base or g in away)]
                    _, missing = interpret(dk, View(live, present, base, away, gone, self.loose, moved),
                                           self.scenario.flags,
                                           lambda c: said.append(Line(*_change(c, units, present, base, removed, away,
                                                                               self.loose, self.turn, self._dies,
                                                                               self.to_hand, self.unmodelled))))
                    self.unmodelled.extend(missing)
                    head = (f"{n} died at the battlefield: its Deathknell goes on the chain and resolves: " if not k else
                            f"{n}'s Deathknell triggers an additional time ({extra[k - 1]}'s static ability) and "
                            "resolves: ")
                    self.lines.append(Line(head + ("; ".join(x.text for x in said) or "no modelled effect") + ".",
                                           (DK, "RB-CARD-10") + (("RB-CARD-9",) if k else ())
                                           + tuple(dict.fromkeys(r for x in said for r in x.rules))))
                    _cleanup(live, present, removed, self.lines, base, own=units, gear=self.loose,
                             unmodelled=self.unmodelled)
                    self._equipment_left()
        events.on_deaths(self)  # RB-CARD-10: "When another friendly unit dies", after the Deathknells
        events.on_mighty(self)  # RB-CARD-10: "When a unit you control becomes [Mighty]", as the cleanup finds it
        events.on_becoming(self)  # RB-CARD-10: "When my Might becomes 10 or more", "When I become [Empowered]"

    def _equipment_left(self) -> None:
        """RB-CARD-14 (CR 435.4.b, 452.1): the Equipment of a unit that left play (killed, returned to hand,
        banished) is detached and stays in play attached to no unit, under the same controller (the side's unattached
        Equipment, :attr:`loose`), where a later card may attach it again or a card reading gear in play finds it. The
        unit keeps its Might as it was last in play (the bonus stays in its Might changes)."""
        here = set(self.present) | set(self.base) | set(self.away)
        for n, side, _ in self.removed:
            u = self.units.get(n)
            if n in here or u is None or not u.equipment:
                continue
            self.loose.setdefault(u.side, []).extend(u.equipment)
            self.units[n] = replace(u, equipment=())
            self.lines.append(Line(f"{n} left play: {', '.join(u.equipment)} "
                                   f"{'stays' if len(u.equipment) == 1 else 'stay'} in play attached to no unit, "
                                   f"under the {u.side}.", ("RB-CARD-14",)))

    def _deaths_elsewhere(self) -> None:
        """RB-MIGHT-1 away from this combat: a unit at another battlefield or at a base with lethal damage (a card
        "at a battlefield" may choose it there) dies at the cleanup too, out of this combat, unless a death
        replacement saves it (:func:`_instead`). What its death fires there (its Deathknell, "when a unit dies") is not
        followed: named when it has any (RB-CARD-4)."""
        live = self.live
        for group, where in ((self.away, "another battlefield"), (self.base, "its base")):
            dying = [n for n in group if (u := live[n]).marked > 0 and u.marked >= u.current_might]
            if not dying:
                continue
            snapshot, at = self._in_play()
            for n in dying:
                u = snapshot[n]
                said = f"Cleanup: {n} has {u.marked} damage at {where}, at least its Might {u.current_might}"
                got = _instead(n, snapshot, at, self.units, (self.present, self.base, self.away), self.removed,
                               self.loose, self.unmodelled)
                if got is not None:
                    self.lines.append(Line(f"{said}: it would die, and is {got[0]}.", ("RB-MIGHT-1",) + got[1]))
                    continue
                group.remove(n)
                self.removed.append((n, u.side, f"killed at {where}"))
                self.lines.append(Line(f"{said}: it is killed there, out of this combat.", ("RB-MIGHT-1",)))
                fires = [e for e in (load_units().unit(u.card_id).abilities if u.card_id else ())
                         if "Deathknell" in str(e.get("trigger")) or "die" in str(e.get("trigger")).split()]
                fires += [e for m in self.present + self.base + self.away if live[m].card_id
                          for e in load_units().unit(live[m].card_id).abilities if "dies" in str(e.get("trigger"))]
                if fires:
                    self.unmodelled.append(Unmodelled(u.card_name or n, f"its death at {where} (unit {n})",
                                                      "what its death fires away from this combat (a Deathknell, a "
                                                      "\"when a unit dies\") is not followed (RB-CARD-4)",
                                                      after_death_of=n))

    def _in_play(self) -> tuple[dict[str, Unit], dict[str, str | None]]:
        """The units in play as they are now (every static ability applied) and where each is: ``battlefield``,
        ``base``, or None (another battlefield: not known to be the same one as another unit's)."""
        live = self.live
        at: dict[str, str | None] = {n: "battlefield" for n in self.present}
        at.update({n: "base" for n in self.base})
        at.update({n: None for n in self.away})
        return {n: live[n] for n in at}, at

    def _dies(self, c) -> tuple[str, tuple[str, ...]] | None:
        """RB-CARD-7 with RB-CARD-12, RB-CARD-18: the unit a card or ability kills (change ``c``) would die: the
        narration of the replacement that applies instead (:func:`_instead`), or None: it dies. Units one effect kills
        at once (``c.together``) would die together: each is read as they all were before the first of them died."""
        n = c.unit
        memo = self._dying
        if c.together and memo is not None and memo[0] is c.together:
            snapshot, at = memo[1], memo[2]
        else:
            snapshot, at = self._in_play()
            self._dying = (c.together, snapshot, at) if c.together else None
        if n not in snapshot:
            return None
        side = snapshot[n].side
        # a gear saves one of several friendly units killed at once only by its controller's choice (not modelled)
        several = [m for m in c.together if m in snapshot and snapshot[m].side == side]
        gear_ok = len(several) <= 1
        if not gear_ok and several[0] == n and any(
                _replacements.gear_card(load_cards().card(g)) for g in self.loose.get(side, ())):
            self.unmodelled.append(Unmodelled(next(g for g in self.loose[side] if _replacements.gear_card(
                load_cards().card(g))), f"which of {', '.join(several)} it saves", "several friendly units would die "
                f"at once: its controller's choice ({_replacements.RULE})"))
        got = _instead(n, snapshot, at, self.units, (self.present, self.base, self.away), self.removed, self.loose,
                       self.unmodelled, gear_ok=gear_ok)
        if got is None:
            return None
        return f"{n} would die, and is {got[0]}", tuple(dict.fromkeys(c.rules + got[1]))

    def on_moves(self, moving: list, cause: str) -> None:
        """RB-CARD-10: the own move triggers of the units ``cause`` moved (``(unit, from, to)``, :func:`move_of`),
        resolved now (:func:`.moves.on_moves`)."""
        on_moves(self, moving, cause)

    def say(self, text: str, rules: tuple[str, ...]) -> None:
        """Add a line to the showdown's account."""
        self.lines.append(Line(text, rules))

    def view(self) -> View:
        """The board as the interpreter reads it now (:class:`~.plays.Board`)."""
        gone = [g for g, _, _ in self.removed if g not in self.present and g not in self.base and g not in self.away]
        moved = [g for g, _, _ in self.removed if g not in self.present and (g in self.base or g in self.away)]
        return View(self.live, self.present, self.base, self.away, gone, self.loose, moved)

    def resolve(self, play: Play, moving: list | None = None) -> tuple[list[Line], list]:
        """Resolve a triggered ability ``play`` on the board as it stands, through the one interpreter: the lines
        of its changes (applied in place) and what it leaves unmodelled; the units it moves added to ``moving``
        as ``(unit, from, to)`` (:func:`move_of`)."""
        said: list[Line] = []
        gone = [g for g, _, _ in self.removed if g not in self.present and g not in self.base and g not in self.away]
        moved = [g for g, _, _ in self.removed if g not in self.present and (g in self.base or g in self.away)]

        def apply(c):
            if moving is not None and (m := move_of(c, self.present, self.base)) is not None:
                moving.append(m)
            said.append(Line(*_change(c, self.units, self.present, self.base, self.removed, self.away, self.loose,
                                      self.turn, self._dies, self.to_hand, self.unmodelled)))

        _, missing = interpret(play, View(self.live, self.present, self.base, self.away, gone, self.loose, moved),
                               self.scenario.flags, apply)
        return said, missing

    def _effect(self, e, countered_now: bool, nxt, played: Play | None = None, to_hand: bool = False) -> None:
        """Apply one effect (in place): a card played (countered: no effect, RB-CARD-3), a unit card
        played from hand (RB-CARD-16), an ability (RB-CARD-17), a trigger, or a plain effect; then the
        cleanup (RB-MIGHT-1) and the chain's close (RB-SHOW-3)."""
        scenario, units, present, base, away, removed = (self.scenario, self.units, self.present, self.base,
                                                         self.away, self.removed)
        lines, unmodelled, loose, turn = self.lines, self.unmodelled, self.loose, self.turn
        if isinstance(e, Play):
            first = played or e
            if e.repeats:  # RB-CARD-25: every execution's choices are made as the spell is played
                first = replace(first, targets=first.targets + tuple(t for r in e.repeats for t in r.targets))
            seen = events.on_play(self, first)  # its "When you play" triggers: the player who played it
            if countered_now:
                back = " It goes back to its owner's hand instead of the trash." if to_hand else ""
                lines.append(Line(f"{_who(scenario, e.by)} plays {e.card.name}: it is countered and has no effect."
                                  + back, ("RB-CARD-3",)))
                if to_hand:  # RB-CARD-3: "Return it to its owner's hand instead of putting it in their trash"
                    self.to_hand.append((e.by, e.card.name))
                return
            said, moving = [], []
            left = [g for _, who in e.spared for g in who if g not in present and g not in base and g not in away]
            if left:  # RB-CARD-9: decided as the showdown list was read, with the units then in play
                unmodelled.append(Unmodelled(e.card.name, "the cards it could not counter", f"{', '.join(left)} left "
                                             "play before it resolved: the card it kept from being countered would "
                                             "be countered then, which is not followed (RB-CARD-4)"))

            def apply(c, said=said):
                if (m := move_of(c, present, base)) is not None:
                    moving.append(m)  # a move (a recall is none, RB-COMB-6)
                text, rules = _change(c, units, present, base, removed, away, loose, turn, self._dies,
                                      self.to_hand, unmodelled)
                said.append(Line(text, rules))

            try:
                gone = [n for n, _, _ in removed if n not in present and n not in base and n not in away]
                moved = [n for n, _, _ in removed if n not in present and (n in base or n in away)]
                view = View(self.live, present, base, away, gone, loose, moved)
                if e.unit is not None:  # RB-CARD-16: a unit card played from hand enters first
                    from .statics import reveal_refused
                    from .unitplay import enter

                    if e.facedown and e.revealed_here and (why := reveal_refused(self.live, present, e.by)) is not None:
                        raise ScenarioError(f"{e.unit.card_name}: {why} (RB-CARD-9)", path=f"{e.path}.facedown")
                    check_cost(e, scenario.flags)
                    killed_at = None
                    if e.cost_kill:  # RB-CARD-16 with RB-CARD-2: its additional cost, paid as it is played
                        killed_at = _cost_kill(e, view)
                        text, rules = _change(Change("remove", e.cost_kill, how="killed", rules=("RB-CARD-2",)),
                                              units, present, base, removed, away, loose, turn, self._dies)
                        lines.append(Line(f"{_who(scenario, e.by)} kills {e.cost_kill} as the additional cost of "
                                          f"{e.unit.card_name}: {text}.", ("RB-CARD-16",) + tuple(rules)))
                    lines.append(Line(f"{_who(scenario, e.by)} plays {enter(e, units, present, base, away, killed_at)}.",
                                      (("RB-CARD-27",) if e.played_by else ("RB-SHOW-4",)) + ("RB-CARD-16",)
                                      + (("RB-COMB-4",) if e.to == "battlefield" else ())))
                    unmodelled += [Unmodelled(e.unit.card_name or e.unit.name, f"{what} (unit {e.unit.name})", why)
                                   for what, why in e.unit.unstated]
                    unmodelled += [Unmodelled(e.unit.card_name or e.unit.name, f"ability {what}", why)
                                   for what, why in e.unit_unread]
                    if not e.card.effects:
                        if e.targets:
                            from .triggers import triggers_of

                            late = (" (its combat trigger does not fire for a unit arriving during the combat: "
                                    "RB-READ-6, flag late_designation_triggers)" if triggers_of(e.unit) else "")
                            late += "".join(f" (its ability {what} is not read: {why})" for what, why in e.unit_unread)
                            raise ScenarioError(f"{e.unit.name}: nothing it does as it enters takes a target; "
                                                f"{', '.join(e.targets)} left over{late} (RB-CARD-1)",
                                                path=f"{e.path}.target")
                        self._settle()
                        events.after(self, e, seen)  # RB-CARD-10: "When a friendly unit is played this turn"
                        self._close(e, nxt)
                        return
                elif e.ability_of is not None:  # RB-CARD-17: a unit's activated ability, its cost paid
                    from .abilities import use

                    unmodelled += use(e, view, self.used, units)
                paying = repeat.check(e, self.live, present)  # RB-CARD-25: the [Repeat] each further one pays
                _, missing = interpret(e, view, scenario.flags, apply)
                for instance, again in paying:  # executed once more each, with its own choices
                    said.append(Line(f"[Repeat] ({instance.text()}): executed again", (repeat.RULE,)))
                    gone = [n for n, _, _ in removed if n not in present and n not in base and n not in away]
                    moved = [n for n, _, _ in removed if n not in present and (n in base or n in away)]
                    view = View(self.live, present, base, away, gone, loose, moved)
                    _, more = interpret(replace(again, spared=e.spared), view, scenario.flags, apply)
                    missing += [m for m in more if m not in missing]
                    if instance.other:  # "[Repeat] — Discard 1": a cost that is not Energy or Power
                        missing.append(Unmodelled(e.card.name, f"[Repeat] cost ({instance.other})",
                                                  "what the cost takes (the card discarded) is not followed: a "
                                                  "unit's \"if you've discarded a card this turn\" or \"when you "
                                                  "discard\" does not see it (RB-CARD-4)"))
            except ScenarioError as exc:
                raise ScenarioError(exc.message, file=scenario.file, path=exc.path) from None
            unmodelled += missing
            what = "; ".join(x.text for x in said) or (
                "no unit it may choose (or none it would change) as the combat begins: it does nothing" if e.idle
                else "no modelled effect on this combat")
            verb = f"{e.card.name} resolves" if e.trigger_of else f"{_who(scenario, e.by)} plays {e.card.name}"
            if events.event_of(e) == "gear_ability":  # RB-CARD-10: the [Action] ability of a gear in play, no card
                verb = f"{_who(scenario, e.by)} uses {e.card.name}'s [Action] ability"
            if played is not None:  # RB-CARD-20: a spell taken resolves under its new controller
                verb = f"{e.card.name} resolves under {_who(scenario, e.by)}"
            if e.unit is not None:
                verb = f"{e.unit.name}'s abilities as it enters resolve"
            elif e.ability_of is not None:
                from .abilities import cost_of

                verb = f"{_who(scenario, e.by)} uses {e.card.name} (cost: {cost_of(e.card)})"
            lines.append(Line(f"{verb}: {what}.", tuple(dict.fromkeys(
                              (("RB-CARD-10", "RB-COMB-2") if e.on_move else ("RB-SHOW-2", "RB-CARD-10"))[
                                  : 2 if e.trigger_of else 0]
                              + (("RB-CARD-1",) if e.idle and not said else ())
                              + (("RB-CARD-10", "RB-CARD-16") if e.unit is not None else ())
                              + (("RB-READ-6",) if e.unit is not None and any(
                                  x.get("_late") for x in e.card.effects) else ())
                              + (("RB-CARD-17",) if e.ability_of is not None else ())
                              + (("RB-CARD-27",) if e.played_by else ())
                              + tuple(r for x in said for r in x.rules))) or ("RB-SHOW-4",)))
            for m in missing:
                lines.append(Line(f"  not modelled: {m.what} ({m.why})", ("RB-CARD-4",)))
            self._settle()
            events.after(self, e, seen)  # RB-CARD-10: "When you stun an enemy unit", tokens played
            on_moves(self, moving, e.card.name)  # RB-CARD-10: the moved units' own "When I move" triggers
            if e.plays is not None and not e.declined:  # RB-CARD-27: the card the trigger played resolves next
                self._effect(e.plays, False, nxt)
                return
            self._close(e, nxt)
            return
        if e.unit not in present:
            gone = next((how for n, _, how in removed if n == e.unit), "gone")
            raise ScenarioError(f"{e.unit} is no longer at the battlefield (it was {gone} earlier in the showdown)",
                                file=scenario.file, path=f"{e.path}")
        u = units[e.unit]
        card = f"{e.card}: " if e.card else "a card or ability: "  # (an effect stated without its card)
        instead = self._dies(Change("remove", e.unit, how="killed", rules=("RB-CARD-7",))) \
            if e.kind == "remove" and e.how == "killed" else None
        if e.kind == "damage":
            damage_order(e.unit, u, unmodelled)
        text, rules = instead or _apply(e, u, units, self.turn)
        lines.append(Line(f"{_who(scenario, e.by)} plays {card}{text}.", rules))
        if e.kind == "remove" and instead is None:
            present.remove(e.unit)
            removed.append((e.unit, u.side, e.how))
        self._settle()
        self.closes.append((self._at, len(lines)))
        lines.append(Line("The chain resolved and Focus passes.", ("RB-SHOW-3",)))

    def _was_on_chain(self, e, at: int) -> None:
        """RB-CARD-11: a card naming a unit that left play after a play listed before it was on the chain before that
        play (the list is in resolution order): the chain did not close after the plays listed between, which were
        played on it in response. Their "The chain resolved" lines say so instead; an [Action] card or ability among
        them, which cannot be played on an open chain, is refused (RB-SHOW-4)."""
        if getattr(e, "trigger_of", None) or getattr(e, "counter", None) or not getattr(e, "card", None):
            return
        since = [self.left_at[t] for t in getattr(e, "targets", ()) if t in self.left_at and t in self.units]
        if not since:
            return
        first = min(since)
        who = _who(self.scenario, e.by)
        gone = next(t for t in e.targets if self.left_at.get(t) == first and t in self.units)
        # RB-SHOW-4: each card resolved in between went on the chain above it, in response, so at Reaction speed; not
        # asked of a card that takes a spell on the chain with new choices (RB-CARD-20: they are that spell's), nor for
        # a unit whose leaving play is a choice not stated (CR 372: recalled instead, it is still in play and a card
        # played after that may name it; the choice is named NOT MODELLED)
        certain = not takes_spell(e) and not any(u.stays_in_play == gone for u in self.unmodelled)
        for k in range(first, at) if certain else ():
            q = self.plays[k]
            if action_speed(q):
                what = "ability" if q.ability_of else "card"
                raise ScenarioError(
                    f"{q.card.name} is an [Action] {what}: {e.card.name} ({e.path}) names {gone}, "
                    + ("which it took out of play" if k == first else
                       f"gone once {self.plays[first].card.name} resolved")
                    + f", so it went on an open chain above {e.card.name}: Reactions only (RB-SHOW-4, RB-CARD-11)",
                    file=self.scenario.file, path=f"{q.path}.{'ability' if q.ability_of else 'play'}",
                    help=(f"the showdown lists cards in the order they resolved: {e.card.name}, listed after "
                          f"{q.card.name} and naming {gone}, was already on the chain when {gone} left play (RB-CARD-11), "
                          f"so {q.card.name} was played on it in response, in a Closed State (CR 806.1.c)",
                          f"played on the empty chain, {q.card.name} resolves before {e.card.name} is played, and a "
                          f"card chooses units in play as it is played (RB-CARD-1)"))
        for play, line in self.closes:
            if first <= play < at and line < len(self.lines):
                card = getattr(self.plays[play], "card", None) if play < len(self.plays) else None
                above = getattr(card, "name", card) or "the card listed before"
                self.lines[line] = Line(
                    f"{_NOT_CLOSING}{e.card.name}, played by {who} and listed below, was already on it "
                    f"(it names a unit that left play since); {above} went on the chain above it and resolved first, "
                    f"and {e.card.name} resolves after it (the showdown lists cards in the order they resolved).",
                    ("RB-SHOW-3", "RB-CARD-11"))

    def _close(self, e: Play, nxt) -> None:
        """The chain's close after ``e`` resolved: Focus passes (RB-SHOW-3), or the combat chain closes once its
        last trigger (and a card one played, RB-CARD-27) resolved (RB-SHOW-2); a move trigger's, before the
        showdown, closes nothing (RB-COMB-2)."""
        if e.on_move or e.responds:  # (a response to the combat triggers: they resolve after it, RB-SHOW-2)
            return
        if not (e.trigger_of or e.played_by) and self._at in self.open_after:  # RB-CARD-3: a later counter chooses it
            self.lines.append(Line(f"{e.card.name} stays on the chain: the cards listed next are played on it, in "
                                   "response, and the chain resolves after them.", ("RB-SHOW-3", "RB-CARD-3")))
        elif not (e.trigger_of or e.played_by):
            self.closes.append((self._at, len(self.lines)))
            self.lines.append(Line("The chain resolved and Focus passes.", ("RB-SHOW-3",)))
        elif not getattr(nxt, "trigger_of", None):
            self.lines.append(Line("The combat chain closed: Focus does not pass (the Attacker keeps it).",
                                   ("RB-SHOW-2",)))

    def finish(self) -> Showdown:
        """Both players pass in turn: the showdown ends (RB-SHOW-3). The board at the Combat Damage Step
        (RB-CARD-18 replacements and prevention read there) and the narration; this state is unchanged."""
        lines = focus_passes(self.scenario, self.lines) + [Line("Both players pass in turn: the showdown ends.",
                                                                 ("RB-SHOW-3",))]
        unmodelled = self.head + self.notes + self.unmodelled
        live = self.live
        board, final = self._final(unmodelled)
        later = _deathknells_after_combat(board)
        if _deathknell.after_result(board.flags):  # RB-READ-8: resolved after the Result, it cannot change it
            for u in dict.fromkeys(n for n, _ in later):
                lines.append(Line(f"Should {u} die at the combat cleanup, its Deathknell resolves after the combat's "
                                  "result is decided (flag deathknell_at_combat_cleanup=after_result): it cannot change "
                                  "the outcome, and the units it kills die after this combat.",
                                  ("RB-READ-8", "RB-CARD-19", "RB-RES-3")))
        else:
            unmodelled += [m for _, m in later]
        for n, ability in self.turn.get(CONQUER, ()):  # granted this turn (Relentless Pursuit): after the result
            if n in self.present:
                lines.append(Line(f"{n} has \"{ability}\" this turn: it triggers only if the {self.units[n].side} "
                                  "conquers the battlefield, which the Resolution Step decides after the combat's "
                                  "result, so it changes no number or outcome of this combat.",
                                  ("RB-RES-5", "RB-RES-3")))
        for n, v in final.items():
            if v.prevent_all and live[n].prevent_next:
                lines.append(Line(f"{n}: the next time it would be dealt damage is the combat damage, dealt at once: "
                                  "none is dealt to it.", ("RB-CARD-18", "RB-DMG-4")))
            for how, src in v.death_replacement[len(live[n].death_replacement):]:
                lines.append(Line(f"{n}: if it would die at the combat cleanup, it is {how} instead ({src}).",
                                  ("RB-CARD-18",)))
        return Showdown(board, lines, unmodelled, dict(self.units))

    def board(self) -> Board:
        """The board at the Combat Damage Step if both players pass now: :meth:`finish`'s board, without
        its narration and what it does not model (this state is unchanged)."""
        return self._final([])[0]

    def _final(self, unmodelled: list) -> tuple[Board, dict[str, Unit]]:
        """The board at the Combat Damage Step (RB-CARD-18 replacements and prevention read there), and
        the units at the battlefield as they are on it; what is not modelled added to ``unmodelled``."""
        live, present, units = self.live, self.present, self.units
        final = {n: live[n] for n in present}
        final.update(combat_replacements(live, present, self.loose, unmodelled))
        doom = self.turn.get("kill_on_damage")
        if doom:  # RB-CARD-23: "when any unit takes damage this turn, kill it" reaches the combat damage
            final = {n: v if v.kill_on_damage else replace(v, kill_on_damage=doom) for n, v in final.items()}
        board = Board(attacker=tuple(final[n] for n in present if units[n].side == "attacker"),
                      defender=tuple(final[n] for n in present if units[n].side == "defender"),
                      flags=self.scenario.flags, removed=tuple(self.removed))
        return board, final


_COUNTERS: dict[tuple[int, int | None], tuple] = {}


def counters(p: Play) -> bool:
    """Whether play ``p`` counters a card (RB-CARD-3: its card has a counter effect in the mode
    chosen), read once a card object and mode."""
    got = _COUNTERS.get((id(p.card), p.mode))
    if got is None or got[0] is not p.card:
        if len(_COUNTERS) >= 4096:  # cards made for abilities come and go: the memo stays small
            _COUNTERS.clear()
        got = _COUNTERS[id(p.card), p.mode] = (p.card, counter_effect(p.card, p.mode) is not None)
    return got[1]


def move_of(c, present: list[str], base: list[str]) -> tuple[str, str, str] | None:
    """The move an interpreter change makes, before it is applied: ``(unit, from, to)``, each ``battlefield`` (this
    one), ``base`` or ``elsewhere`` (another battlefield); None for any other change (a recall is no move,
    RB-COMB-6)."""
    if c.kind == "enter":
        to = "battlefield"
    elif c.kind == "remove" and c.how in ("moved to its base", "moved away"):
        to = "base" if c.how == "moved to its base" else "elsewhere"
    elif c.kind == "none" and c.how == MOVED_ELSEWHERE and c.unit:  # outside this battlefield (RB-CARD-7)
        to = "base" if c.keyword == "base" else "elsewhere"
    else:
        return None
    n = c.unit
    return n, "battlefield" if n in present else "base" if n in base else "elsewhere", to


def _deathknells_after_combat(board: Board) -> list:
    """RB-CARD-19: the Deathknell of each unit left at the battlefield that the combat cleanup may kill (RB-RES-1):
    not fired there, so named NOT MODELLED with the rules question (RB-CARD-4). A unit no legal split can kill is
    not named: no Combat Damage Step (RB-DMG-1), no enemy damage (RB-MODEL-2), no amount lethal for it (RB-MODEL-1,
    RB-ORD-7), or less enemy damage than its lethal amount (RB-DMG-3: at most the enemy total reaches it). Each as
    ``(unit, Unmodelled)``; under RB-READ-8 [deathknell_at_combat_cleanup=after_result] the showdown says instead that
    it resolves after the Result. One acting only at its player's base is not named (:func:`.deathknell.at_base_only`)."""
    from .records import effect_text

    AFTER_COMBAT, TRIGGER, read = _deathknell.AFTER_COMBAT, _deathknell.TRIGGER, _deathknell.read
    out = []
    for u in board.attacker + board.defender:
        # (one acting only at its player's base cannot change who is left at the battlefield: not named)
        effects = [e for e in (read(load_units().unit(u.card_id)) if u.card_id else ())
                   if not _deathknell.at_base_only(e)]
        if not effects or not _may_die_in_combat(u, board):
            continue
        for e in effects:
            out.append((u.name, Unmodelled(u.card_name or u.name, f"ability {TRIGGER}: {effect_text(e)} (unit {u.name})",
                                           AFTER_COMBAT, after_death_of=u.name)))
    return out


def _may_die_in_combat(u: Unit, board: Board) -> bool:
    """Whether some legal split of the enemy's combat damage may kill ``u`` at the combat cleanup (an upper bound:
    the enemy total at least its lethal amount; a unit killed by any damage needs 1)."""
    if not board.damage_step or u.immune and board.flags.get("immune_targets", "exclude") == "exclude":
        return False
    pool = board.pool("defender" if u.side == "attacker" else "attacker")
    if pool <= 0:
        return False
    if u.kill_on_damage or u.doomed:
        return True
    lethal = u.lethal(board.flags)
    return lethal is not None and pool >= lethal


def _cleanup(units, present: list[str], removed: list, lines: list[Line], base: list[str] | None = None,
             own: dict[str, Unit] | None = None, gear: dict[str, list[str]] | None = None,
             unmodelled: list | None = None) -> None:
    """RB-MIGHT-1 (CR 143.2.a, 323.5): at each cleanup, lethal marked damage kills, every such unit at
    once; a unit whose static ability held another up (RB-CARD-9) takes it away as it dies, so the check
    runs again. A death may be replaced (:func:`_instead`, the one place a death is replaced)."""
    RULE, gear_card = _replacements.RULE, _replacements.gear_card
    own = units if own is None else own  # ``units`` may be a read-only view (statics.Live)
    gear = gear if gear is not None else {}
    base = base if base is not None else []
    while True:
        dying = [n for n in present if (u := units[n]).doomed or (u.marked > 0 and u.marked >= u.current_might)]
        if not dying:
            return
        snapshot = {n: units[n] for n in present}  # as they are when they would die, all at once
        where = {n: "battlefield" for n in present}
        savers = {side: [g for g in gear.get(side, ()) if gear_card(load_cards().card(g))] for side in ("attacker",
                                                                                                       "defender")}
        by_gear: dict[str, list[str]] = {}
        for name in dying:
            v = snapshot[name]
            if not v.death_replacement and _saved_by(name, snapshot, where) is None and savers[v.side]:
                by_gear.setdefault(v.side, []).append(name)
        for side, names in by_gear.items():
            if len(names) > 1 and unmodelled is not None:
                unmodelled.append(Unmodelled(savers[side][0], f"which of {', '.join(names)} it saves",
                                             "several friendly units would die at once: its controller's choice "
                                             f"({RULE})"))
        for name in dying:
            v = snapshot[name]
            lethal = v.marked > 0 and v.marked >= v.current_might
            static = ("RB-CARD-9",) if v.static and lethal else ()
            static += ("RB-CARD-23",) if not lethal else ()  # killed for taking damage
            said = (f"has {v.marked} damage, at least its Might {v.current_might}" if lethal else
                    f"took damage and {v.doomed} kills it")
            got = _instead(name, snapshot, where, own, (present, base, []), removed, gear, unmodelled,
                           gear_ok=by_gear.get(v.side) == [name])
            if got is None:
                present.remove(name)
                removed.append((name, v.side, "killed"))
                lines.append(Line(f"Cleanup: {name} {said}: it is killed.", ("RB-MIGHT-1",) + static))
                continue
            text, rules = got
            lines.append(Line(f"Cleanup: {name} {said}: it would die, and is {text}.", ("RB-MIGHT-1",) + rules + static))


def _instead(name: str, snapshot: Mapping[str, Unit], where: Mapping[str, str | None], own: dict[str, Unit],
             places: tuple[list[str], list[str], list[str]], removed: list, gear: dict[str, list[str]],
             unmodelled: list | None, gear_ok: bool = True) -> tuple[str, tuple[str, ...]] | None:
    """The one place a unit's death is replaced, whatever kills it (a card's or ability's kill, RB-CARD-7; lethal
    damage or "killed when it takes damage" at a cleanup, RB-MIGHT-1, RB-CARD-23), wherever it is: the unit's own
    "the next time it would die" (RB-CARD-12), else a static one of a friendly unit at its location with more Might
    (Soraka, Wanderer) or of a gear in play (Zhonya's Hourglass, when ``gear_ok``: not one of several units it could
    save at once) (RB-CARD-18; CR 372: the controller's choice between two with different results is named).

    ``snapshot``: the units in play as they are when it would die (with those dying at the same moment);
    ``where``: their locations (``battlefield``, ``base``, None: another battlefield, not known to be the same one);
    ``places``: the showdown's (battlefield, base, elsewhere) lists. Applied in place: the unit healed, exhausted and
    recalled to its base (or banished), the replacement used, the gear killed. The narration ("healed, exhausted and
    recalled instead (CARD)") and its rule ids, or None: nothing replaces it, it dies (the caller kills it)."""
    RECALLED, RULE, gear_card = _replacements.RECALLED, _replacements.RULE, _replacements.gear_card
    present, base, away = places
    v = snapshot[name]
    src = _saved_by(name, snapshot, where)
    used_gear = None
    u = own[name]
    if u.death_replacement:  # RB-CARD-12: the next time it would die, something else happens
        (how, card), rest = u.death_replacement[0], u.death_replacement[1:]
        _choice(name, how, card, src, unmodelled)
        own_choice(name, u.death_replacement, unmodelled)
        rules: tuple[str, ...] = ("RB-CARD-12",)
    elif src is not None:  # RB-CARD-18: a friendly unit's static replacement
        how, card, rest, rules = RECALLED, src, u.death_replacement, (RULE,)
    else:
        savers = [g for g in gear.get(v.side, ()) if gear_card(load_cards().card(g))] if gear_ok else []
        if not savers:
            if name in away and unmodelled is not None:  # a saver at another battlefield: the same one or not?
                for m, s in snapshot.items():
                    if m != name and s.side == v.side and m in away and _replacements.savers(s) \
                            and v.current_might < s.current_might:
                        unmodelled.append(Unmodelled(s.card_name or m, f"whether it saves {name} (both at another "
                                                     "battlefield)", "whether they are at the same battlefield is "
                                                     f"not stated: {name} is killed (RB-CARD-4, {RULE})"))
            return None
        used_gear = savers[0]  # RB-CARD-18: the gear is killed instead
        gear[v.side].remove(used_gear)
        how, card, rest, rules = RECALLED, used_gear, u.death_replacement, (RULE,)
    own[name] = replace(u, death_replacement=rest, marked=0 if "healed" in how else u.marked,
                        exhausted=True if "exhausted" in how else u.exhausted, doomed=None)
    if name in present:  # it leaves the battlefield without dying
        present.remove(name)
        removed.append((name, v.side, f"{how} instead of dying"))
    elif name in away:
        away.remove(name)
    if "recalled" in how:  # to its base (at its base already: it stays there)
        if name not in base:
            base.append(name)
        own[name] = designate(own[name], False)  # RB-COMB-4
    elif name in base:  # banished from its base
        base.remove(name)
    extra = f" ({used_gear} is killed instead)" if used_gear else ""
    return f"{how} instead ({card}){extra}", rules


def _choice(name: str, how: str, card: str, board_saver: str | None, unmodelled: list | None) -> None:
    """CR 372 (RB-CARD-18): a unit's own replacement and one on the board both apply to its death; its
    controller chooses which applies. With different results (Smite's banish, Soraka's recall) that
    choice is NOT MODELLED (the unit's own is applied)."""
    RECALLED, RULE = _replacements.RECALLED, _replacements.RULE
    if board_saver is not None and how != RECALLED and unmodelled is not None:
        unmodelled.append(Unmodelled(board_saver, f"whether it or {card} replaces {name}'s death",
                                     f"both apply: its controller chooses (CR 372; {RULE})",
                                     stays_in_play=name))  # (the board's replacement recalls it: still in play)


def own_choice(name: str, reps: tuple, unmodelled: list | None) -> None:
    """CR 372 (RB-CARD-12): two death replacements of the unit's own (``reps``: ``(how, card)``, the earliest first)
    with different results (Smite's banish, Highlander's recall) both apply to its death; its controller chooses which
    applies. As for a unit's own and one on the board (:func:`_choice`), that choice is NOT MODELLED (the earliest is
    applied)."""
    if unmodelled is None or len({how for how, _ in reps}) < 2:
        return
    (how, card), other = reps[0], next(r for r in reps[1:] if r[0] != reps[0][0])
    unmodelled.append(Unmodelled(other[1], f"whether it or {card} replaces {name}'s death",
                                 f"both apply: its controller chooses (CR 372; RB-CARD-12); applied here, {card}'s: "
                                 f"{name} is {how}", stays_in_play=name, replaces_death_of=name))


def _saved_by(name: str, snapshot, where) -> str | None:
    return _replacements.saved_by(name, snapshot, where)


def damage_order(n: str, u: Unit, unmodelled: list | None) -> None:
    """CR 372 (RB-CARD-18): damage dealt to a unit both doubled (RB-MIGHT-7: Lotus Trap) and partly prevented
    (RB-MIGHT-6: Ki Barrier, "prevent the next N"): both replace that damage, and its controller chooses which
    applies first (prevented first, less is dealt and less of the prevention is used). The model applies the doubling
    first: the choice is NOT MODELLED. A prevention of all of it (Counter Strike, "prevent all") leaves nothing to
    order."""
    if unmodelled is not None and u.doubled and u.prevent > 0 and not (u.immune or u.prevent_all or u.prevent_next):
        what = f"the order of the doubling and the prevention of the damage dealt to {n}"
        unmodelled.append(Unmodelled(u.card_name or n, what,
                                     f"both replace that damage: its controller chooses which applies first (CR 372; "
                                     f"{_replacements.RULE}); applied here, the doubling first"))


def combat_replacements(live, present: list[str], gear: dict[str, list[str]], unmodelled: list) -> dict[str, Unit]:
    """RB-CARD-18 at the combat cleanup: the units at the battlefield a static replacement would save if
    they died there (a unit's, a gear's), each with that replacement added after its own (RB-CARD-12);
    and the prevention of the next damage, which is the combat damage (RB-DMG-4)."""
    RECALLED, RULE, gear_card = _replacements.RECALLED, _replacements.RULE, _replacements.gear_card
    snapshot = {n: live[n] for n in present}
    where = {n: "battlefield" for n in present}
    # the sides with a unit whose own static replacement may save another (none: no unit is saved so)
    saving = {v.side for v in snapshot.values() if _replacements.savers(v)}
    out = {}
    for n, v in snapshot.items():
        damage_order(n, v, unmodelled)  # the combat damage dealt to it
        own_choice(n, v.death_replacement, unmodelled)  # if the combat damage kills it
        extra = ()
        src = _saved_by(n, snapshot, where) if v.side in saving else None
        if src is not None:
            extra = ((RECALLED, src),)
        else:
            savers = [g for g in gear.get(v.side, ()) if gear_card(load_cards().card(g))]
            mine = [m for m in snapshot if snapshot[m].side == v.side]
            if savers and len(mine) == 1:
                extra = ((RECALLED, savers[0]),)
            elif savers:
                unmodelled.append(Unmodelled(savers[0], "which unit it saves at the combat cleanup",
                                             f"its controller's choice among the units the split kills ({RULE})"))
        if extra and v.death_replacement:  # CR 372: two replacements for one death
            _choice(n, v.death_replacement[0][0], v.death_replacement[0][1], extra[0][1], unmodelled)
        if extra or v.prevent_next:
            out[n] = replace(v, death_replacement=v.death_replacement + extra,
                             prevent_all=v.prevent_all or v.prevent_next, prevent_next=False)
    return out


def _entered(c, head: str, units: dict[str, Unit], present: list[str], base: list[str], away: list[str]) -> str:
    """Put the unit the change ``c`` plays where it goes (``c.how``: battlefield | base | elsewhere); the narration,
    ``head`` first."""
    n = c.unit
    units[n] = designate(units[n], c.how == "battlefield")  # RB-COMB-4
    if c.how == "battlefield":
        present.append(n)
        return f"{head} to the battlefield: it fights for the {c.new.side} (designation at the next cleanup)"
    (base if c.how == "base" else away).append(n)
    return f"{head} to {'its base' if c.how == 'base' else 'another battlefield'}: not in this combat unless a card " \
        "moves it in"


def _now(units: Mapping[str, Unit], n: str) -> str:
    """"now N": the unit's Might as the effects left it; with a static ability in play, said to be before static
    abilities, which apply where the Might is read (RB-CARD-9: Leona, Zealot's -8 to stunned enemies)."""
    from .statics import sources

    m = units[n].current_might
    return f"now {m}, before static abilities" if sources(units) else f"now {m}"


#: the turn's key (with the player's side) of how much more a buff gives this turn (RB-CARD-6)
BUFF_BONUS = "buff_bonus:"


def _change(c, units: dict[str, Unit], present: list[str], base: list[str], removed: list,
            away: list[str], gear: dict[str, list[str]] | None = None,
            turn: dict | None = None,
            dies: Callable[[Change], tuple[str, tuple] | None] | None = None,
            to_hand: list[tuple[str, str]] | None = None, unmodelled: list | None = None) -> tuple[str, tuple]:
    """Apply one interpreter change (in place); its narration and rule ids. ``dies``: a unit killed would die, and
    a death replacement may apply instead (:meth:`Progress._dies`: its narration, or None: it dies). ``to_hand``:
    the cards gone back to their owner's hand (:attr:`Progress.to_hand`), a gear returned to hand added to it."""
    n = c.unit
    note = f"{c.note}: " if c.note else ""
    turn = turn if turn is not None else {}
    if c.kind == "gear_enters":  # RB-CARD-14: an Equipment played attached to no unit, under its player
        (gear if gear is not None else {}).setdefault(c.how, []).append(c.keyword)
        if c.note:  # RB-CARD-11: a Quick-Draw Equipment whose unit left play before it resolved
            return (f"{c.keyword} enters play attached to no unit, under the {c.how} ({c.note}: its \"attach it to a "
                    "unit you control\" has no unit and does nothing)"), c.rules
        return (f"{c.keyword} enters play attached to no unit, under the {c.how} (not played from face down: its "
                "\"When you play this from face down\" does not fire)"), c.rules
    if c.kind == "gear_in_play":  # RB-CARD-18: a gear whose death replacement stands while it is in play
        (gear if gear is not None else {}).setdefault(c.how, []).append(c.keyword)
        return (f"{c.keyword} is in play under the {c.how}: the next time a friendly unit would die, it is killed "
                "instead and that unit healed, exhausted and recalled"), c.rules
    if c.kind == "prevent_next":
        units[n] = replace(units[n], prevent_next=True)
        return f"the next time {n} would be dealt damage this turn, it is prevented", c.rules
    if c.kind == "kill_on_damage":  # RB-CARD-23
        units[n] = replace(units[n], kill_on_damage=c.keyword)
        return f"{n} is killed the next time it takes damage this turn", c.rules
    if c.kind == "kill_on_damage_all":  # RB-CARD-23: every unit, for the rest of the turn
        turn["kill_on_damage"] = c.keyword
        return "when any unit takes damage this turn, it is killed", c.rules
    if c.kind == "on_unit_played":  # RB-CARD-10: for the rest of the turn, each friendly unit played (events.py)
        key = events.PLAYED_KEY + c.how
        turn[key] = tuple(turn.get(key, ())) + (c.keyword,)
        return (f"for the rest of the turn, each unit the {c.how} plays triggers {c.keyword}'s ability as it enters",
                c.rules)
    if c.kind == "buff_bonus":  # RB-CARD-6: for the rest of the turn, a buff of this player's units counts more
        turn[BUFF_BONUS + c.how] = turn.get(BUFF_BONUS + c.how, 0) + c.amount
        return f"for the rest of the turn, the {c.how}'s buffs give +{c.amount} Might more", c.rules
    if c.kind == "prevent_spell_damage":
        turn["no_spell_damage"] = c.keyword
        return "all spell and ability damage is prevented this turn (combat damage is not)", c.rules
    if c.kind == "damage" and turn.get("no_spell_damage"):
        return f"deal {c.amount} to {n}: prevented ({turn['no_spell_damage']}: spell and ability damage)", (
            "RB-CARD-18",)
    if c.kind == "none" and c.how == CONQUER and n:  # a granted "When I conquer": told at the showdown's end
        turn[CONQUER] = tuple(turn.get(CONQUER, ())) + ((n, c.keyword or ""),)
    if c.kind == "none":
        return (c.note or "no effect"), c.rules
    if c.kind == "spend_xp":  # RB-CARD-2: a cost in XP; its player's "[Level N]" static abilities read what is left
        for m, u in list(units.items()):
            if u.side == c.how and u.xp is not None:
                units[m] = replace(u, xp=u.xp - c.amount, xp_spent=u.xp_spent + ((c.keyword or c.how, c.amount),))
        return c.note, c.rules
    if c.kind == "equip":
        return _equip(c, units, gear if gear is not None else {})
    if c.kind == "recast":  # RB-CARD-14: a unit becoming a copy of another, or its own card again
        u = units[n]
        if c.new[0] == "copy":
            src = units[c.new[1]]
            units[n] = recast(u, src, src.card_name or src.name, u.uncopied or u)
            return (f"{n} becomes a copy of {c.new[1]} ({c.keyword}): {units[n].describe()}, its damage, buff, Might "
                    "changes and the keywords it was given kept"), c.rules
        units[n] = recast(u, u.uncopied, None, None)
        return f"{c.keyword} left {n}: it is no longer a copy, its own card again: {units[n].describe()}", c.rules
    if c.kind == "token":  # RB-CARD-15: a new unit, at its player's base or at the battlefield
        units[n] = designate(c.new, c.how == "battlefield")  # RB-COMB-4
        kws = f", {', '.join(c.new.keywords)}" if c.new.keywords else ""
        kws = f", {c.note}{kws}" if c.note else kws  # a token become a copy of a unit (RB-CARD-15)
        state = " (exhausted)" if c.new.exhausted else " (ready)"  # units enter play exhausted unless played ready
        if c.how == "battlefield":
            present.append(n)
            return (f"{n} ({c.keyword} token, Might {c.amount}{kws}) is played to the battlefield{state} and fights "
                    f"for the {c.new.side}", c.rules)
        if c.how == "elsewhere":  # "here" for a unit at another battlefield
            away.append(n)
            return (f"{n} ({c.keyword} token, Might {c.amount}{kws}) is played at another battlefield, where its "
                    "unit is: not in this combat", c.rules)
        base.append(n)
        return (f"{n} ({c.keyword} token, Might {c.amount}{kws}) is played to its base: not in this combat unless a "
                "card moves it in", c.rules)
    if c.kind == "replay":  # RB-CARD-24: a fresh unit of the banished one's card, played by its owner
        old = units[c.keyword]
        left = ""
        if old.equipment:  # RB-CARD-14: attached Equipment stays in play, unattached, under its controller
            (gear if gear is not None else {}).setdefault(old.side, []).extend(old.equipment)
            left = f"; {', '.join(old.equipment)} stays in play unattached"
            units[c.keyword] = replace(old, equipment=())  # (released once)
        units[n] = c.new
        state = "exhausted" if c.new.exhausted else "ready"
        head = (f"{left[2:] + '; ' if left else ''}its owner plays {c.keyword}'s card anew, ignoring its cost: {n} "
                f"(Might {c.amount}, no damage, no buff, {state})")
        return _entered(c, head, units, present, base, away), c.rules
    if c.kind == "hand_unit":  # RB-CARD-16: a unit card a spell plays from a hand
        units[n] = c.new
        state = "exhausted" if c.new.exhausted else "ready"
        head = (f"the {c.new.side} plays {c.new.card_name or n} from hand, {c.keyword}: {n} (Might {c.amount}, "
                f"{state})")
        return _entered(c, head, units, present, base, away), c.rules
    if c.kind == "enter":  # from its base, or from another battlefield (a swap, RB-CARD-7)
        (base if n in base else away).remove(n)
        present.append(n)
        units[n] = designate(units[n], True)  # RB-COMB-4: its designation (at the next cleanup)
        return (f"{n} moves into the battlefield and fights for the {units[n].side} (designation at the next "
                "cleanup)", ("RB-COMB-4",))
    if c.kind == "remove":
        if c.how == "killed" and dies is not None and (instead := dies(c)) is not None:
            return instead  # RB-CARD-12, RB-CARD-18: it does not die
        u = units[n]
        for where, elsewhere in ((base, "its base"), (away, "another battlefield")):
            if n in where:
                where.remove(n)
                if c.how == "killed":  # RB-CARD-10: it died ("When another friendly unit dies", events.on_deaths)
                    turn[events.DIED_AWAY_KEY] = tuple(turn.get(events.DIED_AWAY_KEY, ())) + (
                        (n, u.side, "base" if where is base else "elsewhere"),)
                if c.how == "moved to its base":
                    base.append(n)
                elif c.how == "moved away":
                    away.append(n)
                if c.how == "killed":  # it dies: not in this combat, its friends' death triggers fire (events.py)
                    # a death like one at the battlefield (the showdown's removals, read by every verb through
                    # :func:`..model.died`); its friends' triggers fire from DIED_AWAY_KEY above, not from this entry
                    removed.append((n, u.side, f"killed at {elsewhere}"))
                    return f"{n} is killed at {elsewhere}: it is not in this combat", c.rules
                if c.how in LEFT_PLAY:  # out of play (its Equipment left attached to no unit, RB-CARD-14)
                    removed.append((n, u.side, c.how))
                return f"{n} is {c.how} from {elsewhere}: no effect on this combat", c.rules
        present.remove(n)
        removed.append((n, u.side, c.how))
        if c.how in ("moved to its base", "recalled"):  # still in play, at its base (a card may move it back)
            base.append(n)
        elif c.how == "moved away":  # at another battlefield, still in play
            away.append(n)
        if n in base or n in away:  # RB-COMB-4: in play out of the combat, its Assault or Shield adds nothing (a
            units[n] = designate(u, False)  # unit that left play keeps what it had last)
        return f"{n} is {c.how} and leaves the battlefield", c.rules
    if c.kind == "replace_death":
        u = units[n]
        units[n] = replace(u, death_replacement=u.death_replacement + ((c.how, c.keyword or "a card"),))
        return f"the next time {n} would die this turn, it is {c.how} instead", c.rules
    if c.kind == "empower":  # RB-CARD-9: its "I'm [Empowered]" abilities and keywords apply from now on
        return _empowered(n, units)
    if c.kind == "heal":  # marked damage removed (RB-MIGHT-8)
        units[n] = replace(units[n], marked=0)
        return f"{n} is healed: its marked damage is removed", c.rules
    if c.kind == "gear_gone" and c.how.startswith(GEAR_ELSEWHERE_GONE):  # RB-CARD-22: one of the gear not listed
        (gear if gear is not None else {}).setdefault(c.how, []).append(c.keyword)
        return f"one of the {c.how[len(GEAR_ELSEWHERE_GONE):]}'s gear the scenario does not list is gone", c.rules
    if c.kind == "gear_gone":  # RB-CARD-22: a gear killed or returned to hand leaves play
        (gear if gear is not None else {}).get(c.how, []).remove(c.keyword)
        if c.note == GEAR_TO_HAND and to_hand is not None:  # in its owner's hand again: he may play it again
            to_hand.append((c.how, c.keyword))
        return f"{c.keyword} (the {c.how}'s) is {c.note}", c.rules
    if c.kind == "ready":  # RB-CARD-10: tracked for "When I become ready"; no change to combat damage
        units[n] = replace(units[n], exhausted=False)
        return c.note, c.rules
    if c.kind == "unbuff":  # RB-CARD-21: a buff spent as a cost
        u = units[n]
        from .statics import ready_refused

        ready = u.exhausted and ready_refused(units, present, (base, away), n) is None
        worth = 1 + turn.get(BUFF_BONUS + u.side, 0)  # (with what makes buffs count more this turn, RB-CARD-6)
        units[n] = replace(u, buffed=False, might_changes=u.might_changes + (-worth,),
                           exhausted=u.exhausted and not ready)
        return f"{note}{n} loses its buff: -{worth} Might ({_now(units, n)})", c.rules
    if c.kind == "buff":
        u = units[n]
        from .statics import unlimited_buffs  # RB-CARD-9: "I can have any number of buffs"

        more = turn.get(BUFF_BONUS + u.side, 0)  # RB-CARD-6: buffs give more this turn (Stand United)
        extra = (more,) if more else ()
        said = f" and +{more} more: its player's buffs count more this turn" if more else ""
        if u.buffed and unlimited_buffs(u):
            units[n] = replace(u, might_changes=u.might_changes + (1,) + extra)
            return (f"{n} gets another buff (it can have any number): +1 Might{said} ({_now(units, n)})",
                    ("RB-CARD-6", "RB-CARD-9"))
        if u.buffed:
            return f"{n} already has a buff: no more Might", ("RB-CARD-6",)
        units[n] = replace(u, buffed=True, might_changes=u.might_changes + (1,) + extra)
        return f"{n} gets a buff: +1 Might{said} ({_now(units, n)})", ("RB-CARD-6",)
    if n not in present:
        # a change to a unit at its base: kept (it may still move in), narrated
        pass
    kind = {"might": "might", "give": "give", "damage": "damage", "stun": "stun", "prevent": "prevent",
            "double_damage": "double_damage"}[c.kind]
    if c.kind == "might" and c.floor is not None:
        # "-N this turn, to a minimum of M": limited as it is applied and kept at that amount for as long as it lasts
        # (snapshotted, CR 454.3.b): it never raises the unit, never limits another card's change, and a bonus gained
        # or lost later moves the unit from there
        from .statics import with_statics  # read on the Might it has as it is applied, static abilities included

        before = with_statics(units, present, (base, away), n, guards=False).current_might
        taken = min(0, max(c.amount, c.floor - before))
        units[n] = replace(units[n], might_changes=units[n].might_changes + (taken,))
        how = f" ({c.how})" if c.how else ""
        return note + (f"{n} gets {c.amount:+d} Might{how}, to a minimum of {c.floor}: {taken:+d} ("
                       f"{_now(units, n)}), kept at that amount while it lasts"), \
            tuple(dict.fromkeys(c.rules + ("RB-CARD-9", "RB-DMG-2", "RB-DMG-5")))
    eff = Effect(kind=kind, unit=n, amount=c.amount, keyword=c.keyword)
    if kind == "damage":
        damage_order(n, units[n], unmodelled)
    text, rules = _apply(eff, units[n], units, turn)
    if c.kind == "damage" and c.how:  # an amount read from the board (RB-CARD-13)
        text = text.replace(f"deal {c.amount} to {n}", f"deal {c.amount} to {n} ({c.how})", 1)
    if c.kind == "might" and c.how:  # an amount read from the board (RB-CARD-13)
        text = text.replace(f"{n} gets {c.amount:+d} Might", f"{n} gets {c.amount:+d} Might ({c.how})", 1)
    return note + text, tuple(dict.fromkeys(c.rules + rules))


def _cost_kill(e: Play, view: View) -> str:
    """RB-CARD-16 with RB-CARD-2: where the unit ``e``'s entry names (``kills:``) is, checked as the one its additional
    cost kills as the unit card is played (Stalking Wolf: "kill a Bird, Cat, Dog, or Poro you control")."""
    from .unitplay import kill_cost

    n = e.cost_kill
    cost = kill_cost(load_units().unit(e.unit.card_id)) or {}
    u, where = view.units.get(n), view.where(n)
    tags = set((cost.get("target") or {}).get("tags") or ())
    if u is None or where is None:
        raise ScenarioError(f"{e.unit.card_name}: {n} is not a unit in play to kill for its cost (RB-CARD-1)",
                            path=f"{e.path}.kills")
    if u.side != e.by or tags and not tags & set(u.tags):
        raise ScenarioError(f"{e.unit.card_name}: {n} is not a unit the {e.by} controls with one of the tags "
                            f"{', '.join(sorted(tags))} (RB-CARD-1)", path=f"{e.path}.kills")
    return where


def _empowered(n: str, units: dict[str, Unit]) -> tuple[str, tuple]:
    """A unit a card or ability empowers (RB-CARD-9): [Empowered] from now on (once more, for a card that can be up to
    N times), its keywords held "[Empowered]" given to it."""
    u = units[n]
    card = load_units().unit(u.card_id) if u.card_id else None
    limit = card.empower_limit if card is not None else None
    if u.empowered and (limit is None or u.empowered_times is None or u.empowered_times >= limit):
        return f"{n} is [Empowered] already: nothing changes", ("RB-CARD-9",)
    times = (u.empowered_times or 0) + 1 if limit is not None and u.empowered_times is not None else u.empowered_times
    got, said = replace(u, empowered=True, empowered_times=times), []
    for ck in card.conditional_keywords if card is not None and not u.empowered else ():
        if ck.get("condition") != "Empowered":
            continue
        k, v = ck.get("keyword"), int(ck.get("value") or 1)
        if k in ("Assault", "Shield"):
            got = replace(got, **{k.lower(): getattr(got, k.lower()) + (v,)}, keywords=got.keywords + (f"{k} {v}",))
        elif k in ("Tank", "Backline"):
            got = replace(got, **{k.lower(): True}, keywords=got.keywords + (k,))
        elif k == "Deflect":
            got = replace(got, deflect=got.deflect + v)
        else:
            continue
        said.append(f"{k}" + (f" {v}" if k in ("Assault", "Shield", "Deflect") else ""))
    units[n] = got
    return (f"{n} becomes [Empowered]" + (f" ({times} times)" if times and limit else "")
            + ": its \"I'm [Empowered]\" abilities apply from now on" + (f"; it has {', '.join(said)}" if said else ""),
            ("RB-CARD-9",))


def _equip(c, units: dict[str, Unit], gear: dict[str, list[str]]) -> tuple[str, tuple]:
    """RB-CARD-14: an Equipment attached to or detached from unit ``c.unit``; its Might bonus
    (``c.amount``, None when the data has none) comes or goes with it. A detached Equipment stays in
    play unattached (its controller's ``gear``), where a later card may attach it again."""
    n, what = c.unit, c.keyword
    u = units[n]
    changes = list(u.might_changes)
    if c.how == "attach":
        # from the unattached ones in play (not a card just played): its controller's, or the enemy's it takes
        pool = gear.setdefault(c.new[1] if isinstance(c.new, tuple) else u.side, [])
        if what in pool and c.new != "played":
            pool.remove(what)
        stated = u.stated_bonus
        if c.amount is None and (bonus := stated_bonus(units, what)) is not None:  # RB-CARD-5: the card's, stated
            c = replace(c, amount=bonus)
            stated = stated + (((what, bonus),) if (what, bonus) not in stated else ())
        if c.amount is not None:
            changes.append(c.amount)
        units[n] = replace(u, equipment=u.equipment + (what,), might_changes=tuple(changes), stated_bonus=stated)
        bonus = f": +{c.amount} Might ({_now(units, n)})" if c.amount is not None else \
            ": its Might bonus is in no source"
        return (c.note or f"{what} is attached to {n}") + bonus, c.rules
    kept = list(u.equipment)
    kept.remove(what)
    stated = dict(u.stated_bonus)
    if c.amount is None and what in stated:  # the bonus the scenario stated for it (RB-CARD-5)
        c = replace(c, amount=stated[what])
    if c.amount is not None:  # the bonus it gave (RB-CARD-5) goes: one such change, or a change taking it back
        if c.amount in changes:
            changes.reverse()
            changes.remove(c.amount)
            changes.reverse()
        else:
            changes.append(-c.amount)
    units[n] = replace(u, equipment=tuple(kept), might_changes=tuple(changes))
    bonus = f": -{c.amount} Might ({_now(units, n)})" if c.amount is not None else ""
    if c.new == TAKEN_OVER:  # RB-CARD-14: another player takes control of it (Akshan, Mischievous)
        return f"{what} is detached from {n}, its control taken{bonus}", c.rules
    gear.setdefault(u.side, []).append(what)
    return f"{what} is detached from {n}{bonus}", c.rules


def _apply(e: Effect, u: Unit, units: dict[str, Unit], turn: dict | None = None) -> tuple[str, tuple[str, ...]]:
    """Apply one effect to ``units`` (in place); the narration and its rule ids. ``turn``: the effects on
    the rest of the turn (RB-CARD-18, RB-CARD-23)."""
    n = e.unit
    if e.kind == "might":
        units[n] = replace(u, might_changes=u.might_changes + (e.amount,))
        return (f"{n} gets {e.amount:+d} Might ({_now(units, n)}); Might counts toward damage dealt and "
                "lethal alike", ("RB-DMG-2", "RB-DMG-5"))
    if e.kind == "stun":
        units[n] = replace(u, stunned=True)
        return (f"{n} is Stunned: it adds 0 to its side's total but still needs its full Might to die",
                ("RB-MIGHT-3",))
    if e.kind == "prevent":
        if e.amount is None:
            units[n] = replace(u, prevent_all=True)
            return f"prevent all damage to {n}: no amount is lethal for it", ("RB-MIGHT-6",)
        units[n] = replace(u, prevent=u.prevent + e.amount)
        return (f"prevent the next {e.amount} damage to {n}: its lethal amount rises by {e.amount}",
                ("RB-MIGHT-6",))
    if e.kind == "double_damage":
        units[n] = replace(u, doubled=u.doubled + 1)
        return (f"double the damage dealt to {n} (the threshold is read after the doubling from v1.4; before, when "
                "dealt)", ("RB-MIGHT-7",))
    if e.kind == "immune":
        units[n] = replace(u, immune=True)
        return f"{n} cannot be dealt damage: it has no lethal amount", ("RB-ORD-7",)
    if e.kind == "give":
        text = e.keyword if e.keyword in ("Tank", "Backline") else f"{e.keyword} {e.amount}"
        units[n] = with_grants(u, (text,))  # (kept apart too: it stays with the unit as it becomes a copy, RB-CARD-14)
        if e.keyword == "Tank":
            return f"{n} gains Tank", ("RB-ORD-2",)
        if e.keyword == "Backline":
            return f"{n} gains Backline", ("RB-ORD-3",)
        if e.keyword == "Assault":
            return f"{n} gains Assault {e.amount} (instances add up)", ("RB-MIGHT-4",)
        if e.keyword == "Deflect":
            return (f"{n} gains Deflect {e.amount}: no effect on combat damage, {e.amount} Power more for the "
                    "opponent's spells and abilities choosing it"), ("RB-MIGHT-10",)
        return f"{n} gains Shield {e.amount} (instances add up)", ("RB-MIGHT-5",)
    if e.kind == "damage":
        if u.prevent_next and not (u.immune or u.prevent_all):  # RB-CARD-18: this is the next time
            units[n] = replace(u, prevent_next=False)
            return f"deal {e.amount} to {n}: prevented (the next time it would be dealt damage)", ("RB-CARD-18",)
        if u.immune or u.prevent_all:
            return f"deal {e.amount} to {n}: none is dealt", ("RB-ORD-7",) if u.immune else ("RB-MIGHT-6",)
        raw = e.amount * 2 ** u.doubled
        stopped = min(u.prevent, raw)
        units[n] = replace(u, marked=u.marked + raw - stopped, prevent=u.prevent - stopped)
        extra = f" ({stopped} prevented)" if stopped else ""
        doom = u.kill_on_damage or (turn or {}).get("kill_on_damage")
        if doom and raw - stopped > 0 and not u.doomed:  # RB-CARD-23: it took damage: killed at the cleanup
            units[n] = replace(units[n], doomed=doom, kill_on_damage=None)
            return (f"deal {e.amount} to {n}{extra}: it takes damage and is killed ({doom})",
                    ("RB-DMG-11", "RB-CARD-23") + (("RB-MIGHT-6",) if stopped else ()))
        return (f"deal {e.amount} to {n}{extra}: {units[n].marked} damage marked; damage does not lower Might",
                ("RB-DMG-11",) + (("RB-MIGHT-6",) if stopped else ()))
    # remove: killed, recalled (RB-COMB-6: not a move), banished, moved away
    rules = ("RB-COMB-6",) if e.how == "recalled" else ("RB-SHOW-4",)
    return f"{n} is {e.how} and leaves the battlefield", rules
