"""The assignment phases made one decision at a time, for ``pycombat tree --depth N``.

:class:`.game.CvccGame` reads its phase-I, -II and -III choices from a table
(``phase1 -> phase2 -> {(phase3, excess)}``) that it otherwise builds whole from the ASP traces:
millions of rows for a ten-member company. :class:`LazyPhases` is the same table made on demand
from the attack's :class:`..assignment.listing.Shape` (the strikes, the targets, who is untapped,
who is a phase-I target, the phase2_assignment flag), so a depth-limited tree makes only the
choices of the plies it shows:

* MECCG-ASSIGN-2: in phase I each phase-I target takes the strike of any attacking member, or none;
* MECCG-ASSIGN-3: in phase II the attacker places his remaining untapped strikes on free targets,
  as many as possible under ``phase2_assignment=mandatory`` (any number under ``optional``);
* MECCG-ASSIGN-4: in phase III the remaining strikes go on the remaining targets until either runs
  out; the strikes left over are excess (MECCG-ASSIGN-5), in the attacking company's order;
* MECCG-STRUCT-5: a strike on one target, a target under one strike.

MECCG-FX-18 (an ally struck before its controller) has no shape: such a company keeps the ASP
table. :func:`ply_counts` gives the number of nodes of each of the first plies in closed form (each
phase choice is a state of its own; after phase III the states are the complete assignments,
:func:`..assignment.counting.closed_count`), so a depth too large is refused before any work.
``tests/meccg/test_tree_depth.py`` checks both against the ASP traces.
"""
from __future__ import annotations

from itertools import combinations, permutations
from math import comb, perm
from typing import Iterator

from ..assignment.listing import Shape

Pairs = tuple  #: sorted ((attacking member, defending member), ...)


def _placements(strikes: list, targets: list, k: int) -> Iterator[Pairs]:
    """Every way to put ``k`` of ``strikes`` on distinct ``targets`` (MECCG-STRUCT-5)."""
    for chosen in combinations(strikes, k):
        for seats in permutations(targets, k):
            yield tuple(sorted(zip(chosen, seats)))


class _Phase3:
    """Phase III after ``p1`` and ``p2`` (MECCG-ASSIGN-4): ``{(pairs, excess)}`` as an iterable."""

    def __init__(self, sh: Shape, used: Pairs):
        self.sh, self.used = sh, used

    def __iter__(self) -> Iterator[tuple[Pairs, tuple]]:
        sh = self.sh
        s_used = {a for a, _ in self.used}
        t_used = {d for _, d in self.used}
        rest_s = [s for s in sh.strikes if s not in s_used]
        rest_t = [t for t in sh.targets if t not in t_used]
        if len(rest_s) <= len(rest_t):  # every remaining strike placed
            for seats in permutations(rest_t, len(rest_s)):
                yield tuple(sorted(zip(rest_s, seats))), ()
        else:  # every remaining target covered; the rest excess (MECCG-ASSIGN-5)
            for chosen in permutations(rest_s, len(rest_t)):
                placed = set(chosen)
                yield tuple(sorted(zip(chosen, rest_t))), tuple(s for s in rest_s if s not in placed)


class _Phase2:
    """Phase II after ``p1`` (MECCG-ASSIGN-3): its choices, each mapped to phase III's."""

    def __init__(self, sh: Shape, p1: Pairs):
        self.sh, self.p1 = sh, p1

    def __iter__(self) -> Iterator[Pairs]:
        sh, p1 = self.sh, self.p1
        s_used = {a for a, _ in p1}
        t_used = {d for _, d in p1}
        free_s = [s for s, u in zip(sh.strikes, sh.untapped) if u and s not in s_used]
        free_t = [t for t in sh.targets if t not in t_used]
        most = min(len(free_s), len(free_t))
        for k in ([most] if sh.mandatory else range(most + 1)):
            yield from _placements(free_s, free_t, k)

    def __getitem__(self, p2: Pairs) -> _Phase3:
        return _Phase3(self.sh, self.p1 + p2)


class LazyPhases:
    """The table ``phase1 -> phase2 -> {(phase3, excess)}`` of :class:`.game.CvccGame`, made on
    demand from the attack's shape (the game iterates it sorted and indexes it by its keys)."""

    def __init__(self, sh: Shape):
        self.sh = sh

    def __iter__(self) -> Iterator[Pairs]:
        sh = self.sh
        p1_targets = [t for t, ok in zip(sh.targets, sh.phase1) if ok]  # MECCG-ASSIGN-2
        for k in range(len(p1_targets) + 1):
            for seats in combinations(p1_targets, k):
                for chosen in permutations(sh.strikes, k):
                    yield tuple(sorted(zip(chosen, seats)))

    def __getitem__(self, p1: Pairs) -> _Phase2:
        return _Phase2(self.sh, p1)


def _phase2_choices(sh: Shape, a: int, b: int) -> int:
    """How many phase-II choices ``a`` untapped strikes and ``b`` free targets give."""
    most = min(a, b)
    return sum(comb(a, k) * perm(b, k) for k in ([most] if sh.mandatory else range(most + 1)))


def ply_counts(sh: Shape, complete: int) -> list[int]:
    """The number of nodes at plies 0, 1, 2 and 3 of the game from phase I on: the phase-I state,
    its choices, every (phase I, phase II) pair, and the states after phase III, one per legal
    complete assignment (``complete``, its closed-form count)."""
    n, nu, t = len(sh.strikes), sum(sh.untapped), len(sh.targets)
    u1 = sum(sh.phase1)
    level1 = level2 = 0
    for k in range(min(u1, n) + 1):
        for j in range(k + 1):  # j of the k strikes taken in phase I are untapped
            ways = comb(u1, k) * comb(k, j) * perm(nu, j) * perm(n - nu, k - j)
            if not ways:  # more untapped strikes than there are, or more tapped ones
                continue
            level1 += ways
            level2 += ways * _phase2_choices(sh, nu - j, t - k)
    return [1, level1, level2, complete]


#: the most states a depth-limited tree solves the whole game with, for its values (beyond, the
#: assignment phases are valued by the matching game when it applies, the rest left unsolved)
FULL_SOLVE_NODES = 200_000


class PliesPlan:
    """A depth-limited tree of a combat: its game (phases made on demand), the number of nodes of
    its first plies when known in closed form, and how its nodes are valued."""

    def __init__(self, game, depth: int, counts: list[int] | None, value_of, values: str):
        self.game, self.depth, self.counts, self.value_of, self.values = game, depth, counts, value_of, values

    @property
    def nodes(self) -> int | None:
        """The nodes of the first ``depth`` plies (None: not known before building them)."""
        if self.counts is None or self.depth >= len(self.counts):
            return None
        return sum(self.counts[:self.depth + 1])


def plan_plies(scenario, objective, verdict, depth: int, max_nodes: int) -> PliesPlan:
    """The plan of ``tree --depth``: refuses (:class:`TooLargeError`) first plies of more than
    ``max_nodes`` nodes with their count, before making any of them."""
    from pycombat.errors import TooLargeError
    from pycombat.tree import solve_game
    from ..assignment.counting import closed_count
    from ..assignment.listing import shape
    from .game import CvccGame
    from .matching import PhaseValues, fast_reason

    game = CvccGame(scenario, objective)
    sh = shape(scenario, verdict)
    counts = None
    if sh is not None:
        game._phase_tree = LazyPhases(sh)  # the game's phase table, made only where the tree goes
        counts = ply_counts(sh, closed_count(scenario, verdict))
        if game.cancel is not None and game.cancel.chance > 0:  # MECCG-PRE-1: the cancel's chance first
            root = game.new_initial_state()  # its ways (the check a cancel costs, MECCG-FX-30) reach these positions
            counts = [1, len({root.child(a).key() for a, _p in root.chance_outcomes()})] + (
                counts[1:] if game.cancel.chance < 1 else [])
    if game.pre is not None:  # a check before the assignment (MECCG-FX-31): each outcome's company has its own plies
        counts = None
    where = scenario.file or "the scenario"
    shown = sum(counts[:depth + 1]) if counts is not None else None
    if shown is not None and depth < len(counts) and shown > max_nodes:
        raise TooLargeError(f"{where}: tree: the first {depth} plies have {shown:,} nodes, more than --max-nodes "
                            f"{max_nodes:,}; raise --max-nodes or ask for fewer plies")
    full = None
    complete = counts[-1] if counts is not None else None
    if complete is not None and complete <= FULL_SOLVE_NODES or game.pre is not None:
        try:
            full = solve_game(game.new_initial_state(), max_nodes=min(max_nodes, FULL_SOLVE_NODES))
        except TooLargeError:
            full = None
    if full is not None:
        return PliesPlan(game, depth, counts, full.value_of, "every node (the whole game solved)")
    if sh is not None and fast_reason(scenario, objective) is None:
        phase = PhaseValues(scenario, objective, max_nodes=max_nodes)
        m = phase.m
        hands = scenario.attacker.hand or scenario.defender.hand
        if hands and m.alloc is None and m.carried_most() > 1 and m.carried_multisets() > max_nodes and (
                complete is None or complete > max_nodes):
            # the same up-front refusal as optimize's: the pairs carried make a position at least per
            # complete assignment
            cards = ", ".join(m.carried_cards()) or "none"
            many = f"{complete:,}" if complete is not None else "too many"
            return PliesPlan(game, depth, counts, lambda s: None,
                             f"none: the matching game would carry up to {m.carried_most()} pairs that the cards in "
                             f"hand ({cards}) may change through {many} complete assignments, more than --max-nodes "
                             f"{max_nodes:,}")
        if bool(scenario.attacker.hand) != bool(scenario.defender.hand):
            # one side's cards: the same lower bound as optimize's up-front refusal, the positions of the
            # assignment phases without the strikes made (which the cards multiply), counted before any search
            from .matching import _counts

            plain = m.plain_positions(_counts(m.scls, phase.strikes), _counts(m.tcls, phase.targets), max_nodes)
            if plain >= max_nodes:  # the search stores these and more: it would pass the bound
                return PliesPlan(game, depth, counts, lambda s: None,
                                 f"none: valuing the assignment phases takes at least {plain:,} positions (counted "
                                 f"without the cards in hand, which multiply them; the search stores more), "
                                 f"and --max-nodes is {max_nodes:,}: hold fewer cards, use --objective survive or raise --max-nodes")
        return PliesPlan(game, depth, counts, phase,
                         "the assignment phases' nodes (the matching game optimize solves); the rest unsolved")
    return PliesPlan(game, depth, counts, lambda s: None,
                     f"none: the game has more than {FULL_SOLVE_NODES:,} states and the matching game does not apply")
