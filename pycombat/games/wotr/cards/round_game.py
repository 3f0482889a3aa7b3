"""Combat cards chosen in every round: the battle as a game of secret card choices, solved exactly.

At the start of each round both players choose, secretly and together, a Combat card of their hand or
none (WOTR-CARD-2); the round is played with those cards by :class:`.combat_round.CardRound`, the card
leaves the hand, and the next round's position is decided by the casualty, cease and retreat policy
(:class:`..battle.process.Decisions`). The value of a position with hands ``(A, D)`` is the value of
the zero-sum matrix game whose cells are the expected values of the positions each pair of choices
leads to (:func:`pycombat.matrix_game.solve_matrix_game`, exact, mixed where needed); once neither player holds a
card, the rest of the battle is the card-less battle (:func:`..battle.process.forward`).

This backward induction is exact when no position can come back with the same hands: a battle with
``max_rounds``, a siege (each further round costs an Elite), or any battle in which every round
changes the position. In a field battle without a round limit, a round in which both players pass
and nobody scores a hit repeats the position; the value of such a game can be irrational, so
:func:`solve_rounds` reports the repeat (:class:`Repeats`) and the caller keeps to round 1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from pycombat.errors import TooLargeError
from pycombat.matrix_game import solve_matrix_game
from ..battle.process import Decisions, Outcome, Policy, forward, into_siege, objective_of, transitions
from .battle import after_card_round, card_context, lost_variant
from .choice_report import PositionChoice, option_values, units_text
from .combat_round import CardRound, Choices, RoundEnd, playable


class Repeats(Exception):
    """A position came back with the same hands (both passed and nobody scored a hit)."""


@dataclass
class RoundsSolved:
    """The card game over every round: round 1's matrix and the positions valued."""

    rows: list[str]
    cols: list[str]
    matrix: list[list[Fraction]]
    value: Fraction
    x: list[Fraction]
    y: list[Fraction]
    positions: int  #: card-choice positions valued (round 1 included)
    later: dict[int, dict[str, dict[str, Fraction]]]  #: round >= 2 -> role -> card -> chance it is played
    #: every position the optimal play reaches where a side may play a card, round 1's first, with each
    #: side's options valued (:class:`.choice_report.PositionChoice`)
    decisions: list = field(default_factory=list)


def hand_key(cards) -> tuple[str, ...]:
    return tuple(sorted(c.name for c in cards))


#: work budgets of the card game (each card round is a full CardRound, some milliseconds)
MAX_POSITIONS = 4_000
MAX_CARD_ROUNDS = 400


def solve_rounds(s, setup, plan, policy: Policy, objective: str, options: Callable, *,
                 max_positions: int = MAX_POSITIONS, max_rounds_played: int = MAX_CARD_ROUNDS) -> RoundsSolved:
    """The exact card game of ``s`` from its start (see the module docstring). ``options(role, hand,
    ctx, a, d)`` lists a side's ``(label, card, Choices)`` choices in a position (no card first)."""
    by_name = {c.name: c for h in plan.hands.values() for c in h}
    variants: dict[tuple, object] = {((), ()): setup}
    rest: dict[tuple, Fraction] = {}
    memo: dict[tuple, tuple] = {}
    on_stack: set = set()
    reach: dict[int, dict[str, dict[str, Fraction]]] = {}

    def variant(key):
        got = variants.get(key)
        if got is None:
            got = variants[key] = lost_variant(setup, key)
        return got

    def outcome_value(o: Outcome) -> Fraction:
        return objective_of(setup, objective, setup.start, o)

    def without_cards(key, st) -> Fraction:
        k = (key, st)
        got = rest.get(k)
        if got is None:
            var = variant(key)
            res = forward(var, Decisions(var, policy), start=st)
            got = rest[k] = sum((p * outcome_value(o) for o, p in res.outcomes.items()), Fraction(0))
        return got

    succ: dict[tuple, dict[tuple, list]] = {}  #: position -> (row, col) -> [(next position, q)]

    def value(key, st, hands) -> Fraction:
        return node(key, st, hands)[0]

    def node(key, st, hands) -> tuple:
        k = (key, st, hands)
        got = memo.get(k)
        if got is not None:
            return got
        if k in on_stack:
            raise Repeats(f"round {st[4]}: the position repeats with the same hands")
        var = variant(key)
        dec = Decisions(var, policy)
        a, pa, d, pd, rnd, _ = st
        if var.siege_retreat and dec.into_siege(st):  # WOTR-SITE-2: before the cards
            got = memo[k] = (outcome_value(into_siege(a, d)), None)
            return got
        ctx = card_context(s, var, plan, units=(a, d), rnd=rnd)
        opts = {role: options(role, [by_name[n] for n in h], ctx, a, d) for role, h in zip(("attacker", "defender"),
                                                                                            hands)}
        if all(len(o) == 1 for o in opts.values()):  # nobody can play a card: the rest is card-less
            got = memo[k] = (without_cards(key, st), None)
            return got
        if len(memo) >= max_positions:
            raise TooLargeError(f"more than {max_positions:,} card-choice positions")
        on_stack.add(k)
        try:
            matrix, nexts = [], {}
            for i, (_, ca, cha) in enumerate(opts["attacker"]):
                row = []
                for j, (_, cd, chd) in enumerate(opts["defender"]):
                    v_ij, nexts[i, j] = _cell(key, st, hands, ca, cha, cd, chd, var, dec, ctx)
                    row.append(v_ij)
                matrix.append(row)
        finally:
            on_stack.discard(k)
        v, x, y = solve_matrix_game(matrix)
        succ[k] = nexts
        got = memo[k] = (v, (opts, matrix, x, y))
        return got

    def _cell(key, st, hands, ca, cha, cd, chd, var, dec, ctx) -> tuple[Fraction, list]:
        a, pa, d, pd, rnd, _ = st
        left = tuple(_drop(h, c) for h, c in zip(hands, (ca, cd)))
        total, nexts = Fraction(0), []
        for rend, q in _round(key, st, ca, cha, cd, chd, dec, ctx):
            if not isinstance(rend, RoundEnd):  # a round without cards: already what follows it
                if isinstance(rend, Outcome):
                    total += q * outcome_value(rend)
                else:
                    total += q * value(key, rend, left)
                    nexts.append(((key, rend, left), q))
                continue
            key2, nxt = after_card_round(rend, key, rnd, variant, policy)
            if isinstance(nxt, Outcome):
                total += q * outcome_value(nxt)
            else:
                total += q * value(key2, nxt, left)
                nexts.append(((key2, nxt, left), q))
        return total, nexts

    runs: dict[tuple, list] = {}

    def _round(key, st, ca, cha, cd, chd, dec, ctx) -> list:
        """The card round from ``st`` with these choices (the same whatever else the hands hold)."""
        k = (key, st, ca and ca.name, cha, cd and cd.name, chd)
        got = runs.get(k)
        if got is None and ca is None and cd is None:
            got = runs[k] = _plain_round(key, st, dec)
        if got is None:
            if len(runs) >= max_rounds_played:
                raise TooLargeError(f"more than {max_rounds_played:,} card rounds to play")
            a, pa, d, pd, _, _ = st
            cards = {r: c for r, c in (("attacker", ca), ("defender", cd)) if c is not None}
            usable = {r: c for r, c in cards.items() if playable(c, r, ctx, a, d)[0]}
            cr = CardRound(ctx, usable, lambda role, u, q_, h: dec.casualties(role, u, q_, h, None),
                           {"attacker": cha, "defender": chd})
            got = runs[k] = cr.run(a, pa, d, pd)
        return got

    plain_ends: dict[tuple, dict] = {}

    def _plain_round(key, st, dec) -> list:
        """A round without cards, by the battle solver's own transitions (WOTR-ROUND-1..3), as card-round
        ends (no figure lost to a card)."""
        var = variant(key)
        succ, n_self, power = transitions(var, dec, st, plain_ends.setdefault(key, {}))
        if n_self:
            raise Repeats(f"round {st[4]}: the position repeats with the same hands")
        den = 6 ** power
        return [(nxt, Fraction(n, den)) for nxt, n in succ]

    start = setup.start
    hands0 = (hand_key(plan.hands.get("attacker", ())), hand_key(plan.hands.get("defender", ())))
    v, info = node(((), ()), start, hands0)
    if info is None:
        return RoundsSolved(["no card"], ["no card"], [[v]], v, [Fraction(1)], [Fraction(1)], len(memo), {})
    opts, matrix, x, y = info
    p_at = _reach(memo, succ, ((), ()), start, hands0, reach)
    decisions = sorted((_decision(k, rnd, p, memo[k], variant(k[0])) for k, by_round in p_at.items()
                        if memo[k][1] is not None for rnd, p in by_round.items() if p),
                       key=lambda c: (c.round, -c.chance))
    return RoundsSolved([lbl for lbl, _, _ in opts["attacker"]], [lbl for lbl, _, _ in opts["defender"]], matrix, v,
                        x, y, len(memo), {r: by for r, by in reach.items() if r > 1}, decisions)


def _decision(k: tuple, rnd: int, chance: Fraction, got: tuple, var) -> PositionChoice:
    """The reported card choice at position ``k`` (variant key, state, hands), reached in round ``rnd``
    with ``chance``."""
    key, st, hands = k
    v, (opts, matrix, x, y) = got
    labels = {role: [lbl for lbl, _, _ in opts[role]] for role in ("attacker", "defender")}
    return PositionChoice(rnd, chance, units_text(var, "attacker", st[0]), units_text(var, "defender", st[2]),
                          {"attacker": hands[0], "defender": hands[1]}, v, option_values(labels, matrix, x, y),
                          lost_to_cards=key, units=(st[0], st[2]))


def _drop(hand: tuple[str, ...], card) -> tuple[str, ...]:
    if card is None:
        return hand
    i = hand.index(card.name)
    return hand[:i] + hand[i + 1:]


def _reach(memo: dict, succ: dict, key0, start, hands0, reach: dict) -> dict:
    """Per round after the first, the chance that each side plays each card (or none) when both
    follow the optimal strategies: the chance of reaching each position in each round (pushed forward
    through the positions in topological order: ``memo`` holds every position after all it leads to)
    times its mix. The round is counted along the way: a position's own round index stops counting
    where every further round is alike (a siege, a battle without ``max_rounds``), and one position
    may be reached in different rounds. Returns position -> round -> chance (round 1's start first)."""
    p_at: dict[tuple, dict[int, Fraction]] = {(key0, start, hands0): {1: Fraction(1)}}
    for k in reversed(list(memo)):
        by_round = p_at.get(k)
        info = memo[k][1]
        if not by_round or info is None:
            continue
        opts, _, x, y = info
        for rnd, p in by_round.items():
            if rnd == 1:
                continue
            by = reach.setdefault(rnd, {"attacker": {}, "defender": {}})
            for role, mix in (("attacker", x), ("defender", y)):
                for (lbl, _, _), m in zip(opts[role], mix):
                    if m:
                        by[role][lbl] = by[role].get(lbl, Fraction(0)) + p * m
        for (i, j), nexts in succ[k].items():
            w = x[i] * y[j]
            if not w:
                continue
            for k2, q in nexts:
                to = p_at.setdefault(k2, {})
                for rnd, p in by_round.items():
                    to[rnd + 1] = to.get(rnd + 1, Fraction(0)) + p * w * q
    return p_at
