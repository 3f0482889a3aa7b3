"""The Combat Damage Step as a two-player game, on the engine's state API (:mod:`pycombat.tree`).

Player 0 is the Attacker, player 1 the Defender. The Attacker assigns first; the Defender
assigns knowing the Attacker's split (RB-DMG-3); both splits are dealt at once (RB-DMG-4).
There is no chance.

A split matters to the players only through *which units it kills* (RB-MODEL-4: the outcome
class does not depend on the split; RB-MODEL-7: the real choice is which units die), so an
action is a **kill class**: the set of enemy units a split kills, with the legal splits that
do it (at least one shown). The payoff is zero-sum: the Attacker's score of the defenders
killed minus the Defender's score of the attackers killed, each score read lexicographically
as the objective says (:class:`Objective`), in exact fractions.

>>> from pycombat.games.riftbound.schema import example_path, load_scenario
>>> from pycombat.games.riftbound.cards.showdown import play_showdown
>>> from pycombat.tree import build_tree, solve
>>> board = play_showdown(load_scenario(example_path("seed_example.yaml"))).board
>>> game = JointGame(board, Objective())
>>> [c.label() for c in game.classes["defender"]]
['kill A1: A4 2, A1 1', 'kill nobody: A4 3']
>>> tree = build_tree(game.new_initial_state())
>>> solve(tree)[0] == game.score("attacker", ("D3",)) - game.score("defender", ("A1",))
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Hashable, Sequence

from pycombat.errors import TooLargeError
from pycombat.solver import is_loaded, memo
from pycombat.tree import TERMINAL
from ..model import SIDES, Board, Split, other
from .outcome import outcome_of
from .splits import LegalSplits, derive, fewer_splits

ATTACKER, DEFENDER = 0, 1
OBJECTIVES = ("kills_then_might", "might_then_kills", "custom")
#: enumerate at most this many splits of one side to group them by kill class
MAX_SPLITS = 200_000


@dataclass(frozen=True)
class Objective:
    """What each assigner plays for (RB-MODEL-7: a convention, not a game rule).

    ``name``: ``kills_then_might`` (most kills, then most current Might killed),
    ``might_then_kills`` or ``custom`` (the units' ``value:``, or ``score``, then kills);
    ``protect``: units the assigner prefers to leave alive, above everything else (e.g. one
    whose Deathknell would help its owner); ``score``: a caller-supplied function of the
    killed units (``custom`` only).
    """

    name: str = "kills_then_might"
    protect: tuple[str, ...] = ()
    score: Callable[[Sequence[str]], Fraction] | None = field(default=None, compare=False)

    def describe(self) -> str:
        text = {"kills_then_might": "most kills, then most Might killed",
                "might_then_kills": "most Might killed, then most kills",
                "custom": "most value killed (the caller's scores), then most kills"}[self.name]
        if self.protect:
            text = f"spare {', '.join(self.protect)} first; then {text}"
        return text


@dataclass
class KillClass:
    """The legal splits of one side that kill exactly ``killed`` (enemy units, board order)."""

    side: str
    killed: tuple[str, ...]
    splits: list[Split]  #: examples (all of them unless the class is huge)
    count: int  #: how many legal splits kill exactly these

    def label(self) -> str:
        who = ", ".join(self.killed) or "nobody"
        more = f" (+{self.count - 1:,} more split{'s' if self.count > 2 else ''})" if self.count > 1 else ""
        return f"kill {who}: {self.splits[0].label()}{more}"


#: (board content, side, max_splits) -> its kill classes (:func:`kill_classes`): the same board met again (another
#: line of play, or a call on the same scenario) is not grouped again; weighed by the splits kept
_CLASSES = memo(limit=4096, weigh=lambda classes: sum(len(c.splits) for c in classes), budget=100_000)


def kill_classes(board: Board, side: str, *, max_splits: int = MAX_SPLITS) -> list[KillClass]:
    """``side``'s legal splits grouped by the enemy units they kill (RB-MIGHT-1 at the cleanup): a new list, of
    classes shared by the boards of equal content (:meth:`~..model.Board.key`; not to be changed)."""
    key = (board.key(), side, max_splits) if is_loaded() else None
    return list(_CLASSES.remember(key, lambda: _kill_classes(board, side, max_splits)))


def _kill_classes(board: Board, side: str, max_splits: int) -> list[KillClass]:
    d = derive(board)
    enemies = board.side(other(side))
    view = LegalSplits(board, side, representation="vector")
    if d.big[side]:
        # every target receives at least its lethal damage: the same units die whatever the split
        first = next(iter(view))
        killed = tuple(u.name for u in enemies if u.dies_with(first.get(u.name)))
        return [KillClass(side, killed, [first], view.count())]
    bound = view.upper_bound()
    if bound > max_splits:  # a loose bound: count, the solver stopping past the limit
        n = view.count_at_most(max_splits + 1)
        bound = bound if n > max_splits else n
    if bound > max_splits:
        raise TooLargeError(f"the {side} may have up to {bound:,} legal splits: too many to group by the units they "
                            f"kill (limit {max_splits:,}); {fewer_splits(side)}")
    groups: dict[tuple[str, ...], KillClass] = {}
    for sp in view:
        killed = tuple(u.name for u in enemies if u.dies_with(sp.get(u.name)))
        kc = groups.get(killed)
        if kc is None:
            groups[killed] = KillClass(side, killed, [sp], 1)
        else:
            kc.count += 1
            if len(kc.splits) < 20:
                kc.splits.append(sp)
    return list(groups.values())


class JointGame:
    """Both sides' damage assignment as one game (see the module docstring)."""

    def __init__(self, board: Board, objective: Objective, *, max_splits: int = MAX_SPLITS, control=None):
        self.board = board
        self.objective = objective
        #: who controlled the battlefield (:class:`.outcome.Control`): an end state's label says where the Defender
        #: establishes control of a battlefield nobody controlled (RB-RES-4, RB-RES-5); None: the Defender's
        self.control = control
        units = board.attacker + board.defender
        self._might = {u.name: max(0, u.current_might) for u in units}
        self._value = {u.name: u.value for u in units}
        self._n = len(units)
        # weights that make the lexicographic objectives one exact number
        self._w_might = 1 + sum(self._might.values())  # one kill outweighs any Might
        den = math.lcm(*(v.denominator for v in self._value.values() if v is not None)) if any(
            v is not None for v in self._value.values()) else 1
        self._eps = Fraction(1, (self._n + 1) * den)  # all kills together weigh less than any value step
        top = max((abs(self._base(s, tuple(u.name for u in board.side(other(s))))) for s in SIDES), default=0)
        self._w_protect = 2 * top + 1  # sparing one protected unit outweighs everything else
        self.classes = {s: kill_classes(board, s, max_splits=max_splits) for s in SIDES}
        for s in SIDES:  # best first for the assigner (the tree breaks ties by this order)
            self.classes[s].sort(key=lambda c: (-self.score(s, c.killed), c.splits[0].label()))

    def _base(self, side: str, killed: Sequence[str]) -> Fraction:
        kills = len(killed)
        might = sum(self._might[n] for n in killed)
        name = self.objective.name
        if name == "might_then_kills":
            return Fraction(might * (self._n + 1) + kills)
        if name == "custom":
            if self.objective.score is not None:
                value = Fraction(self.objective.score(tuple(killed)))
            else:
                value = sum((self._value[n] or Fraction(0) for n in killed), Fraction(0))
            return value + kills * self._eps
        return Fraction(kills * self._w_might + might)

    def scale(self) -> str:
        """How the lexicographic objective is weighed as one number."""
        name = self.objective.name
        if name == "might_then_kills":
            text = f"a point of Might killed counts {self._n + 1}, a kill 1"
        elif name == "custom":
            text = f"a point of value counts 1, a kill {self._eps}"
        else:
            text = f"a kill counts {self._w_might}, a point of Might killed 1"
        if self.objective.protect:
            text += f", a protected unit killed -{self._w_protect}"
        return text

    def score(self, side: str, killed: Sequence[str]) -> Fraction:
        """What ``side``'s split killing ``killed`` is worth to ``side`` (exact)."""
        base = self._base(side, killed)
        lost = sum(1 for n in killed if n in self.objective.protect)
        return base - lost * self._w_protect if lost else base

    def new_initial_state(self) -> "JointState":
        return JointState(self, "attacker")


@dataclass(frozen=True)
class JointState:
    game: JointGame = field(compare=False, hash=False)
    stage: str  #: attacker | defender | end
    a: int | None = None  #: the Attacker's kill class (index)
    d: int | None = None  #: the Defender's kill class (index)

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return {"attacker": ATTACKER, "defender": DEFENDER}.get(self.stage, TERMINAL)

    def legal_actions(self) -> list[int]:
        return list(range(len(self.game.classes[self.stage])))

    def chance_outcomes(self):  # no chance in the damage step
        return []

    def child(self, action: Hashable) -> "JointState":
        if self.stage == "attacker":
            return JointState(self.game, "defender", a=int(action))
        return JointState(self.game, "end", a=self.a, d=int(action))

    def killed(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(defenders killed by the Attacker, attackers killed by the Defender)."""
        g = self.game
        ka = g.classes["attacker"][self.a].killed if self.a is not None else ()
        kd = g.classes["defender"][self.d].killed if self.d is not None else ()
        return ka, kd

    def returns(self) -> tuple[Fraction, Fraction]:
        ka, kd = self.killed()
        v = self.game.score("attacker", ka) - self.game.score("defender", kd)
        return (v, -v)

    def outcome(self) -> str:
        ka, kd = self.killed()
        b = self.game.board
        return outcome_of(any(u.name not in kd for u in b.attacker), any(u.name not in ka for u in b.defender))

    def action_to_string(self, action: Hashable) -> str:
        return self.game.classes[self.stage][int(action)].label()

    def key(self) -> Hashable:
        return (self.stage, self.a, self.d)

    def __str__(self) -> str:
        b = self.game.board
        if self.stage == "attacker":
            return "Attacker splits first"
        ka, kd = self.killed()
        if self.stage == "defender":
            return f"Defender splits; Attacker kills {', '.join(ka) or 'nobody'}"
        dead = ka + kd
        left = [u.name for u in b.attacker + b.defender if u.name not in dead]
        outcome = self.outcome()
        label = outcome if self.game.control is None else self.game.control.short(outcome)
        if not b.damage_step:
            return f"no Combat Damage Step (RB-DMG-1); {', '.join(left) or 'nobody'} left: {label}"
        return f"{', '.join(dead) or 'nobody'} die; {', '.join(left) or 'nobody'} left: {label}"
