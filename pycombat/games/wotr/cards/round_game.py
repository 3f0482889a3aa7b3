"""Combat cards chosen in every round: the battle as a game of secret card choices, solved exactly.

At the start of each round both players choose, secretly and together, a Combat card of their hand or
none (WOTR-CARD-2); the round is played with those cards by :class:`.combat_round.CardRound`, the card
leaves the hand, and the next round's position is decided by the casualty, cease and retreat policy
(:class:`..battle.process.Decisions`), or, with ``decided``, by the players themselves after the
dice (:mod:`.decided`: each casualty, cease, retreat and siege decision a node of the round's tree). The value of a position with hands ``(A, D)`` is the value of
the zero-sum matrix game whose cells are the expected values of the positions each pair of choices
leads to (:func:`pycombat.matrix_game.solve_matrix_game`, exact, mixed where needed); once neither player holds a
card, the rest of the battle is the card-less battle (:func:`..battle.process.forward`).

This backward induction is exact when no position can come back with the same hands: a battle with
``max_rounds``, a siege (each further round costs an Elite), or any battle in which every round
changes the position. In a field battle without a round limit, a round in which both players pass
and nobody scores a hit repeats the position (WOTR-ROUND-1..3): the position's value is the fixed
point of its matrix game with itself as one cell, which can be irrational. The positions are first
all built (each with its cells: the outcomes they end in, the positions they lead to, the chance of
coming back), then valued after the positions they lead to (:class:`_Valuation`): a repeating one by
certified bounds from both sides (:func:`.fixed_point.solve_repeat`), exact when its fixed point is
rational; a position leading to bounded ones is bounded by its games at their lower and upper
bounds. The strategies reported are those of the lower bounds (the attacker's guarantees him at
least the lower bound). :class:`Repeats` is left for a position coming back any other way (none is
known: every other round changes the units or the hands); the caller then keeps to round 1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from pycombat.errors import TooLargeError
from pycombat.matrix_game import solve_matrix_game
from ..battle.decisions import MIN_CHANCE
from ..battle.process import (DECISIONS, Decisions, Optimal, Outcome, Policy, forward, into_siege, losses_offset,
                              objective_of, optimal_forward, transitions)
from .battle import after_card_round, card_context, lost_variant
from .choice_report import PositionChoice, figures_text, option_values, units_text
from pycombat.tree.options import grouped
from .combat_round import CardRound, Choices, RoundEnd, playable
from .decided import DecidingRound, Trees, again_of, evaluate, leaves, report, resolve
from .fixed_point import Games, Solution, solve_repeat


class Repeats(Exception):
    """A position came back to itself other than by a round without cards and hits (not expected: every
    other round changes the units or the hands)."""


@dataclass
class RoundsSolved:
    """The card game over every round: round 1's matrix and the positions valued."""

    rows: list[str]
    cols: list[str]
    matrix: list[list[Fraction]]
    value: Fraction  #: the value; when not ``exact``, its certified lower bound
    x: list[Fraction]
    y: list[Fraction]
    positions: int  #: card-choice positions valued (round 1 included)
    later: dict[int, dict[str, dict[str, Fraction]]]  #: round >= 2 -> role -> card -> chance it is played
    #: every position the optimal play reaches where a side may play a card, round 1's first, with each
    #: side's options valued (:class:`.choice_report.PositionChoice`)
    decisions: list = field(default_factory=list)
    exact: bool = True
    value_hi: Fraction | None = None  #: the certified upper bound (``value`` when exact)
    matrix_hi: list[list[Fraction]] | None = None  #: round 1's cells at the upper bounds (when not exact)
    #: positions that can repeat (a round without cards and hits), and of those the ones whose value is
    #: only bounded (an irrational fixed point, or the work budget reached)
    repeating: int = 0
    bounded: int = 0
    iterations: int = 0  #: the most value-iteration steps any repeating position took
    games_solved: int = 0  #: matrix games solved for the repeating positions
    budget_reached: bool = False
    tolerance: Fraction | None = None
    #: each repeating position's value iteration: position -> [(lo_k, hi_k) for k = 0, 1, ...]
    histories: dict = field(default_factory=dict)
    #: every position's certified bounds: position -> (lo, hi) (equal when exact)
    bounds: dict = field(default_factory=dict)
    #: the strategies reported at every position with a choice: position -> {role: {option: chance}}
    strategies: dict = field(default_factory=dict)
    #: the casualty, cease, retreat and siege decisions the optimal play reaches, every option valued
    #: (:class:`..battle.decisions.BattleDecisions`); None when they follow the policy
    play: object = None
    rounds_played: int = 0  #: card rounds played (distinct rounds: position and the two choices)


def hand_key(cards) -> tuple[str, ...]:
    return tuple(sorted(c.name for c in cards))


#: work budgets of the card game (each card round is a full CardRound, some milliseconds)
MAX_POSITIONS = 6_000
MAX_CARD_ROUNDS = 2_500
#: the default width of the interval of a value that repeats (``optimize --tolerance``)
TOLERANCE = Fraction(1, 10 ** 9)
#: matrix games the value iteration of the repeating positions may solve in all (then it stops with
#: the certified bounds it has)
MAX_GAMES = 40_000


@dataclass
class _Cell:
    """One pair of choices at a position: the expected objective of the outcomes it ends in
    (``const``), the other positions it leads to with their chances, and its chance of leading back."""

    const: Fraction = Fraction(0)
    nexts: list = field(default_factory=list)
    again: Fraction = Fraction(0)
    ends: dict = field(default_factory=dict)  #: the outcomes it ends in at once, with their chances

    def targets(self) -> list:
        """The positions it may lead to."""
        return [k2 for k2, _ in self.nexts]

    def base(self, bounds: Callable, side: int) -> Fraction:
        """Its value but the repeats, with the positions it leads to at their lower (``side`` 0) or upper bounds."""
        return self.const + sum((q * bounds(k2)[side] for k2, q in self.nexts), Fraction(0))


@dataclass
class _TreeCell(_Cell):
    """A pair of choices whose round leaves decisions to the players (:mod:`.decided`): its tree,
    valued at the positions' bounds; once valued, ``const``, ``nexts`` and ``ends`` are the play it
    chooses at the lower bounds (``choice``: decision -> (option index, option values))."""

    tree: object = None
    left: tuple = ()
    value_of: Callable | None = None
    #: the subtrees' values and choices of this valuation pass, shared by the cells whose hands are
    #: ``left`` after the round (a subtree's value depends on its leaves only): (left, side) -> (memo, choice)
    cache: dict = field(default_factory=dict)
    choice: dict = field(default_factory=dict)
    next_keys: list = field(default_factory=list)  #: every position its tree may lead to

    def targets(self) -> list:
        return self.next_keys

    def base(self, bounds: Callable, side: int) -> Fraction:
        def leaf(n):
            return self.value_of(n) if isinstance(n, Outcome) else bounds((n.lost, n.state, self.left))[side]
        got = self.cache.get((self.left, side))
        if got is None:
            got = self.cache[(self.left, side)] = ({}, {})
        memo, choice = got
        if side == 0:
            self.choice = choice
        return evaluate(self.tree, leaf, memo, choice)

    def settle(self, done: dict) -> None:
        """Fix the play chosen at the lower bounds (the last valuation pass): its outcomes, the positions
        it leads to (``done``: the distributions already resolved, by tree and hands left)."""
        k = (id(self.tree), self.left)
        dist = done.get(k)
        if dist is None:
            dist = done[k] = {}
            resolve(self.tree, self.choice, Fraction(1), dist)
        self.ends = {o: q for o, q in dist.items() if isinstance(o, Outcome)}
        self.const = sum((q * self.value_of(o) for o, q in self.ends.items()), Fraction(0))
        self.nexts = [((k[1], k[2], self.left), q) for k, q in dist.items() if not isinstance(k, Outcome)]


def solve_rounds(s, setup, plan, policy: Policy, objective: str, options: Callable, *,
                 max_positions: int = MAX_POSITIONS, max_rounds_played: int = MAX_CARD_ROUNDS,
                 tolerance: Fraction = TOLERANCE, max_games: int = MAX_GAMES, decided: bool = False,
                 regions: list[str] | None = None, first_only: bool = False) -> RoundsSolved:
    """The exact card game of ``s`` from its start (see the module docstring). ``options(role, hand,
    ctx, a, d)`` lists a side's ``(label, card, Choices)`` choices in a position (no card first). A
    position that can repeat itself (a field battle without ``max_rounds``) is valued by
    :func:`.fixed_point.solve_repeat`: exact when its fixed point is rational, else certified bounds
    at most ``tolerance`` apart at round 1 (unless ``max_games`` matrix games are not enough).
    ``decided``: casualties, ceasing, retreating and siege reductions are the players' decisions
    (:mod:`.decided`; ``regions``: the retreat regions' names), else ``policy``'s. ``first_only``:
    cards in round 1 only (the hands are not used after it)."""
    by_name = {c.name: c for h in plan.hands.values() for c in h}
    variants: dict[tuple, object] = {((), ()): setup}
    rest: dict[tuple, Fraction] = {}
    rest_ends: dict[tuple, dict] = {}  #: (variant key, state) -> the card-less rest's outcome distribution
    ends: dict[tuple, dict] = {}  #: position without a choice -> its outcome distribution
    nodes: dict[tuple, object] = {}  #: position -> Fraction (no choice left) or (opts, cells)
    on_stack: set = set()
    reach: dict[int, dict[str, dict[str, Fraction]]] = {}
    spread = [None, None]  #: the least and greatest outcome value met (the repeats' worst and best worth)

    def variant(key):
        got = variants.get(key)
        if got is None:
            got = variants[key] = lost_variant(setup, key)
        return got

    trees = Trees(variant, units_text, regions or []) if decided else None
    passes: dict = {}  #: the tree cells' shared values, emptied before each valuation pass
    leaf_lists: dict = {}  #: id(tree) -> the Next leaves under it
    strongholds: dict = {}  #: position -> the outcome of retreating into the Stronghold there (WOTR-SITE-2)
    into: dict = {}  #: position -> that outcome's value
    optimals: dict[tuple, Optimal] = {}
    offset = losses_offset(setup.start) if objective == "losses" else 0

    outcome_values: dict = {}

    def outcome_value(o: Outcome) -> Fraction:
        v = outcome_values.get(o)
        if v is not None:
            return v
        v = outcome_values[o] = objective_of(setup, objective, setup.start, o)
        spread[0] = v if spread[0] is None else min(spread[0], v)
        spread[1] = v if spread[1] is None else max(spread[1], v)
        return v

    def without_cards(key, st) -> Fraction:
        k = (key, st)
        got = rest.get(k)
        if got is None:
            var = variant(key)
            if decided:  # the no-card battle, every decision optimal
                opt = optimals.get(key)
                if opt is None:
                    opt = optimals[key] = Optimal(var, objective, policy, decide=DECISIONS)
                opt.start_value(st)
                # the value of the optimal play from ``st`` (its outcomes' mean): a position a round without
                # hits would repeat is reached by going on, and there the end-of-round decision is taken
                # again, not going on at every repetition as the solver's fold of that round does
                res = optimal_forward(opt, start=st)
                got = rest[k] = sum((p * outcome_value(o) for o, p in res.outcomes.items()), Fraction(0))
            else:
                res = forward(var, Decisions(var, policy), start=st)
                got = rest[k] = sum((p * outcome_value(o) for o, p in res.outcomes.items()), Fraction(0))
            rest_ends[k] = dict(res.outcomes)
        return got

    def build(key, st, hands) -> tuple:
        k = (key, st, hands)
        if k in nodes:
            return k
        if k in on_stack:
            raise Repeats(f"round {st[4]}: the position comes back with the same hands")
        var = variant(key)
        dec = Decisions(var, policy)
        a, pa, d, pd, rnd, _ = st
        if var.siege_retreat and not decided and dec.into_siege(st):  # WOTR-SITE-2: before the cards
            nodes[k] = outcome_value(into_siege(a, d))
            ends[k] = {into_siege(a, d): Fraction(1)}
            return k
        ctx = card_context(s, var, plan, units=(a, d), rnd=rnd)
        opts = {role: options(role, [by_name[n] for n in h], ctx, a, d) for role, h in zip(("attacker", "defender"),
                                                                                            hands)}
        if all(len(o) == 1 and o[0][1] is None for o in opts.values()):  # nobody can play a card: card-less
            nodes[k] = without_cards(key, st)
            ends[k] = rest_ends[(key, st)]
            return k
        if len(nodes) >= max_positions:
            raise TooLargeError(f"more than {max_positions:,} card-choice positions")
        on_stack.add(k)
        try:
            cells = [[_cell(k, ca, cha, cd, chd, var, dec, ctx) for _, cd, chd in opts["defender"]]
                     for _, ca, cha in opts["attacker"]]
        finally:
            on_stack.discard(k)
        nodes[k] = (opts, cells)
        if decided and var.siege_retreat:  # WOTR-SITE-2: the defender's choice before the cards
            strongholds[k] = into_siege(a, d)
            into[k] = outcome_value(strongholds[k])
        return k

    def _cell(k, ca, cha, cd, chd, var, dec, ctx) -> _Cell:
        key, st, hands = k
        rnd = st[4]
        left = tuple(_drop(h, c) for h, c in zip(hands, (ca, cd)))
        if first_only:
            left = ((), ())
        if decided:
            tree = _round(key, st, ca, cha, cd, chd, dec, ctx)
            cell = _TreeCell(again=again_of(tree), tree=tree, left=left, value_of=outcome_value, cache=passes)
            next_leaves = leaf_lists.get(id(tree))
            if next_leaves is None:
                next_leaves = leaf_lists[id(tree)] = leaves(tree, [], set())
            for n in next_leaves:
                k2 = (n.lost, n.state, left)
                if k2 == k:
                    raise Repeats(f"round {rnd}: the position can come back after a decision")
                cell.next_keys.append(build(*k2))
            return cell
        cell = _Cell()
        for rend, q in _round(key, st, ca, cha, cd, chd, dec, ctx):
            if not isinstance(rend, RoundEnd):  # a round without cards: already what follows it
                key2, nxt = key, rend
            else:
                key2, nxt = after_card_round(rend, key, rnd, variant, policy)
            if isinstance(nxt, Outcome):
                cell.const += q * outcome_value(nxt)
                cell.ends[nxt] = cell.ends.get(nxt, Fraction(0)) + q
            elif (key2, nxt, left) == k:  # no card, no hit: the same position again
                cell.again += q
            else:
                cell.nexts.append((build(key2, nxt, left), q))
        return cell

    runs: dict[tuple, list] = {}

    def _round(key, st, ca, cha, cd, chd, dec, ctx) -> list:
        """The card round from ``st`` with these choices (the same whatever else the hands hold)."""
        k = (key, st, ca and ca.name, cha, cd and cd.name, chd)
        got = runs.get(k)
        if got is None and ca is None and cd is None:
            got = runs[k] = trees.plain(key, st) if decided else _plain_round(key, st, dec)
        if got is None:
            if len(runs) >= max_rounds_played:
                raise TooLargeError(f"more than {max_rounds_played:,} card rounds to play")
            a, pa, d, pd, _, _ = st
            cards = {r: c for r, c in (("attacker", ca), ("defender", cd)) if c is not None}
            usable = {r: c for r, c in cards.items() if playable(c, r, ctx, a, d)[0]}
            if decided:
                got = runs[k] = DecidingRound(ctx, usable, {"attacker": cha, "defender": chd}, trees, key,
                                              st[4]).tree(a, pa, d, pd)
                return got
            cr = CardRound(ctx, usable, lambda role, u, q_, h: dec.casualties(role, u, q_, h, None),
                           {"attacker": cha, "defender": chd})
            got = runs[k] = cr.run(a, pa, d, pd)
        return got

    plain_ends: dict[tuple, dict] = {}

    def _plain_round(key, st, dec) -> list:
        """A round without cards, by the battle solver's own transitions (WOTR-ROUND-1..3), as card-round
        ends (no figure lost to a card); a round without hits that leads back to ``st`` is listed as ``st``."""
        var = variant(key)
        succ, n_self, power = transitions(var, dec, st, plain_ends.setdefault(key, {}))
        den = 6 ** power
        return [(nxt, Fraction(n, den)) for nxt, n in succ] + ([(st, Fraction(n_self, den))] if n_self else [])

    start = setup.start
    hands0 = (hand_key(plan.hands.get("attacker", ())), hand_key(plan.hands.get("defender", ())))
    root = build(((), ()), start, hands0)
    val = _Valuation(nodes, spread, tolerance, max_games, passes, into)
    val.run()
    tighter = tolerance
    for _ in range(3):  # the bounds of the positions round 1 leads to add up: tighten each until it fits
        if not isinstance(nodes[root], tuple) or val.budget_reached:
            break
        lo_, hi_ = val.bounds(root)
        if hi_ - lo_ <= tolerance:
            break
        tighter /= 1 << 20
        val.run(tighter)
    def rest_report(p_at: dict, strongholds_: dict):
        return report(nodes, p_at, val.solved, lambda lost, role, u: figures_text(variant(lost), role, u), MIN_CHANCE,
                      strongholds_,
                      rest=optimals.__getitem__, regions=regions, origin=start)

    if not isinstance(nodes[root], tuple):  # no side can play a card: the battle without cards
        v = nodes[root]
        return RoundsSolved(["no card"], ["no card"], [[v]], v, [Fraction(1)], [Fraction(1)], 1, {},
                            play=rest_report({root: {1: Fraction(1)}}, {}) if decided else None)
    if decided:  # the play chosen at the lower bounds, as distributions (what _reach and _Dists follow)
        done: dict = {}
        for n in nodes.values():
            if isinstance(n, tuple):
                for row in n[1]:
                    for c in row:
                        c.settle(done)
    opts = nodes[root][0]
    lo, hi = val.solved[root]
    # WOTR-SITE-2: where retreating into the Stronghold is worth less to the attacker than the fight (at
    # the lower bounds), the defender retreats: the position's game is not played
    gone = {k: o for k, o in strongholds.items() if into[k] < val.solved[k][0].bound}
    p_at = _reach(nodes, val.solved, root, reach, gone)
    play = rest_report(p_at, {k: (o, into[k], k in gone) for k, o in strongholds.items()}) if decided else None
    dists = _Dists(nodes, val.solved, {**ends, **{k: {o: Fraction(1)} for k, o in gone.items()}}, gone)
    decisions = sorted((_decision(k, rnd, p, nodes[k][0], val.solved[k], variant(k[0]), dists)
                        for k, by_round in p_at.items()
                        if isinstance(nodes[k], tuple) and k not in gone for rnd, p in by_round.items() if p),
                       key=lambda c: (c.round, -c.chance))
    n_pos = len(nodes)
    lo_v, hi_v = val.bounds(root)
    exact = lo_v == hi_v
    return RoundsSolved([lbl for lbl, _, _ in opts["attacker"]], [lbl for lbl, _, _ in opts["defender"]], lo.matrix,
                        lo_v, lo.x, lo.y, n_pos, {r: by for r, by in reach.items() if r > 1}, decisions,
                        play=play, rounds_played=len(runs),
                        exact=exact, value_hi=hi_v, matrix_hi=None if exact else hi.matrix,
                        repeating=val.repeating, bounded=val.bounded, iterations=val.iterations,
                        games_solved=val.games.solved,
                        budget_reached=val.budget_reached and hi_v - lo_v > tolerance,
                        tolerance=None if not val.repeating else tolerance, histories=val.histories,
                        bounds={k: val.bounds(k) for k in nodes},
                        strategies={k: {role: {lbl: p for (lbl, _, _), p in zip(n[0][role], mix)}
                                        for role, mix in zip(("attacker", "defender"), (val.solved[k][0].x,
                                                                                        val.solved[k][0].y))}
                                    for k, n in nodes.items() if isinstance(n, tuple)})


class _Valuation:
    """Every position valued, each after the positions it leads to (``nodes`` is in that order): the
    exact matrix game where nothing repeats and every position it leads to is exact, else certified
    bounds (:mod:`.fixed_point`). ``solved[k]`` = (lower :class:`.fixed_point.Solution`, upper)."""

    def __init__(self, nodes: dict, spread: list, tolerance: Fraction, max_games: int, passes: dict | None = None,
                 into: dict | None = None):
        self.nodes, self.tolerance, self.max_games = nodes, tolerance, max_games
        self.passes = {} if passes is None else passes
        #: position -> the value of the defender's retreat into the Stronghold before the cards (WOTR-SITE-2):
        #: the position is worth the least of it and its game (a fixed point too: the defender retreats
        #: at once or never, see :mod:`.decided`)
        self.into = {} if into is None else into
        self.worst, self.best = spread[0] or Fraction(0), spread[1] or Fraction(0)
        self.solved: dict[tuple, tuple[Solution, Solution]] = {}
        self.games = Games()
        self.repeating = self.bounded = self.iterations = 0
        self.budget_reached = False
        self.histories: dict[tuple, list] = {}  #: position -> (lo_k, hi_k) of its value iteration

    def exact(self, k) -> bool:
        lo, hi = self.bounds(k)
        return lo == hi

    def bounds(self, k) -> tuple[Fraction, Fraction]:
        n = self.nodes[k]
        if not isinstance(n, tuple):
            return n, n
        lo, hi = self.solved[k]
        v = self.into.get(k)
        if v is None:
            return lo.bound, hi.bound
        return min(lo.bound, v), min(hi.bound, v)

    def run(self, tolerance: Fraction | None = None) -> None:
        tol = self.tolerance if tolerance is None else tolerance
        bits = max(64, (1 / tol).__ceil__().bit_length() + 40)
        self.passes.clear()
        for k, n in self.nodes.items():
            if not isinstance(n, tuple):
                continue
            _, cells = n
            base_lo = [[c.base(self.bounds, 0) for c in row] for row in cells]
            base_hi = (base_lo if all(self.exact(k2) for row in cells for c in row for k2 in c.targets()) else
                       [[c.base(self.bounds, 1) for c in row] for row in cells])
            again = [[c.again for c in row] for row in cells]
            if not any(any(r) for r in again):  # every cell leads elsewhere: one game (or two: lo, hi)
                v, x, y = solve_matrix_game(base_lo)
                lo = Solution(v, base_lo, x, y)
                if base_hi == base_lo:
                    self.solved[k] = (lo, lo)
                else:
                    v2, x2, y2 = solve_matrix_game(base_hi)
                    self.solved[k] = (lo, Solution(v2, base_hi, x2, y2))
                    self.bounded += 1
                continue
            self.repeating += 1
            left = max(0, self.max_games - self.games.solved) // 2
            fp = solve_repeat(base_lo, base_hi, again, self.worst, self.best, tolerance=tol * Fraction(1, 1 << 20),
                              bits=bits, max_steps=left, games=self.games, polish=left > 0)
            self.histories[k] = fp.history
            self.iterations = max(self.iterations, fp.iterations)
            self.budget_reached |= fp.budget_reached or (not fp.exact and left == 0)
            self.bounded += not fp.exact
            self.solved[k] = (fp.lo, fp.hi)


def _decision(k: tuple, rnd: int, chance: Fraction, opts: dict, solved: tuple, var, dists: "_Dists") -> PositionChoice:
    """The reported card choice at position ``k`` (variant key, state, hands), reached in round ``rnd``
    with ``chance``: the matrix game at the value's lower bound (the exact value when it is exact); a
    side's options whose outcome distributions are identical (against the other side's mix) grouped."""
    key, st, hands = k
    lo, hi = solved
    labels = {role: [lbl for lbl, _, _ in opts[role]] for role in ("attacker", "defender")}
    options = option_values(labels, lo.matrix, lo.x, lo.y)
    options = {role: grouped(os, lambda o1, o2, role=role: dists.option(k, role, o1.order) == dists.option(
        k, role, o2.order)) for role, os in options.items()}
    return PositionChoice(rnd, chance, figures_text(var, "attacker", st[0]), figures_text(var, "defender", st[2]),
                          {"attacker": hands[0], "defender": hands[1]}, lo.bound, options, lost_to_cards=key,
                          units=(st[0], st[2]), value_hi=None if hi.bound == lo.bound else hi.bound)


def _add(acc: dict, dist: dict, w: Fraction) -> None:
    if w:
        for o, p in dist.items():
            acc[o] = acc.get(o, Fraction(0)) + w * p


class _Dists:
    """Outcome distributions (Outcome -> chance) when both sides play the strategies reported (those
    of the lower bounds): of a position, and of one side's option at a position when it takes the
    option once and the other side plays its mix (then both their mixes, the repeats included)."""

    def __init__(self, nodes: dict, solved: dict, ends: dict, gone: dict | None = None):
        self.nodes, self.solved, self.ends = nodes, solved, ends
        self.gone = gone or {}  #: positions the defender leaves into the Stronghold (their ``ends`` say so)
        self.memo: dict[tuple, dict] = {}

    def position(self, k) -> dict:
        got = self.memo.get(k)
        if got is not None:
            return got
        n = self.nodes[k]
        if not isinstance(n, tuple) or k in self.gone:
            got = self.memo[k] = self.ends[k]
            return got
        _, cells = n
        lo = self.solved[k][0]
        acc: dict = {}
        stay = Fraction(0)
        for i, row in enumerate(cells):
            for j, c in enumerate(row):
                w = lo.x[i] * lo.y[j]
                if w:
                    self._cell(acc, c, w)
                    stay += w * c.again
        got = self.memo[k] = {o: p / (1 - stay) for o, p in acc.items()} if stay else acc
        return got

    def _cell(self, acc: dict, c: "_Cell", w: Fraction) -> None:
        _add(acc, c.ends, w)
        for k2, q in c.nexts:
            _add(acc, self.position(k2), w * q)

    def option(self, k, role: str, index: int) -> dict:
        _, cells = self.nodes[k]
        lo = self.solved[k][0]
        acc: dict = {}
        if role == "attacker":
            pairs = [(cells[index][j], y) for j, y in enumerate(lo.y)]
        else:
            pairs = [(cells[i][index], x) for i, x in enumerate(lo.x)]
        again = Fraction(0)
        for c, w in pairs:
            if w:
                self._cell(acc, c, w)
                again += w * c.again
        if again:
            _add(acc, self.position(k), again)
        return acc


def _drop(hand: tuple[str, ...], card) -> tuple[str, ...]:
    if card is None or card.name not in hand:
        return hand
    i = hand.index(card.name)
    return hand[:i] + hand[i + 1:]


def _reach(nodes: dict, solved: dict, root: tuple, reach: dict, gone: dict | None = None) -> dict:
    """Per round after the first, the chance that each side plays each card (or none) when both
    follow the strategies reported (those of the lower bounds): the chance of reaching each position
    in each round (pushed forward through the positions in topological order: ``nodes`` holds every
    position after all it leads to) times its mix. The round is counted along the way: a position's
    own round index stops counting where every further round is alike (a siege, a battle without
    ``max_rounds``), and one position may be reached in different rounds. A position that can repeat
    (no card, no hit) is counted once, in the round it is first reached; its repeats are folded into
    it (what follows it is counted from the round after that). Returns position -> round -> chance
    (round 1's start first)."""
    p_at: dict[tuple, dict[int, Fraction]] = {root: {1: Fraction(1)}}
    for k in reversed(list(nodes)):
        by_round = p_at.get(k)
        n = nodes[k]
        if not by_round or not isinstance(n, tuple) or (gone and k in gone):
            continue
        opts, cells = n
        lo = solved[k][0]
        x, y = lo.x, lo.y
        stay = sum((x[i] * y[j] * c.again for i, row in enumerate(cells) for j, c in enumerate(row) if c.again),
                   Fraction(0))
        scale = 1 / (1 - stay)
        for rnd, p in by_round.items():
            if rnd == 1:
                continue
            by = reach.setdefault(rnd, {"attacker": {}, "defender": {}})
            for role, mix in (("attacker", x), ("defender", y)):
                for (lbl, _, _), m in zip(opts[role], mix):
                    if m:
                        by[role][lbl] = by[role].get(lbl, Fraction(0)) + p * m * scale
        for i, row in enumerate(cells):
            for j, c in enumerate(row):
                w = x[i] * y[j] * scale
                if not w:
                    continue
                for k2, q in c.nexts:
                    to = p_at.setdefault(k2, {})
                    for rnd, p in by_round.items():
                        to[rnd + 1] = to.get(rnd + 1, Fraction(0)) + p * w * q
    return p_at
