"""Casualties, ceasing and retreating chosen by the players inside the card game.

A round of the card game is a tree: the card choice (a matrix game, :mod:`.round_game`), then the
dice (chance nodes), then the decisions the round leaves to the players, in the order the rules
give them, each a node of its own where the player who makes it picks the option best for him
(the attacker maximises his expected objective, the defender minimises it; exact Fractions):

* each side's casualties for the hits it takes (WOTR-CAS-2, WOTR-CAS-3, WOTR-CAS-4, WOTR-CAS-12): one
  option per distinct result, the legal results of the no-card battle's own option generator
  (:func:`..battle.casualties.allocations`); the attacker removes his first, then the defender (knowing
  them); hits a card deals at once (its own attack roll, self-hits, bonus hits: WOTR-CARD-6) are a
  decision where they fall, before the next card effect acts;
* the number of self-hits of a card that leaves it open (Relentless Assault, Onslaught: WOTR-CARDX-2), chosen
  by the card's player when the effect acts, in initiative order (WOTR-CARD-4): after both Combat cards are
  revealed (the card game's cell is the pair of cards) and after the effects of lower Initiative (Relentless
  Assault's 3 follows the attack roll of a Sudden Strike or Charge, 2, and its casualties) and, for
  Onslaught, after the casualties of the Combat roll and the Leader re-roll, knowing them; one option per
  number from none to the most the Army takes for the card (:meth:`.combat_round.CardRound.most_self_hits`).
  Fixing the number with the card instead (as the card game with a casualty policy does) gives Relentless
  Assault the same value whenever one number is best against every card the opponent may reveal and no
  earlier effect changes the Army (a Sudden Strike's hit can: then the two differ);
* at the end of the round, the attacker continues or ceases (WOTR-ROUND-3, WOTR-END-2; a sortie
  WOTR-SIEGE-6), then the defender stays or retreats, one option per free region (WOTR-END-3);
* in a siege, the attacker stops or reduces an Elite to fight on (WOTR-SIEGE-3,
  :func:`..battle.process.siege_reductions`).

A round without cards is played from the battle solver's joint hit distribution
(:func:`..battle.process.round_outcomes`); in a position that comes back after a round without cards
and hits (a field battle without ``max_rounds``) that round is folded into the position's fixed point
as going on, as the no-card solver (:class:`..battle.process.Optimal`) folds it. A position where
neither side can play a card any more is the no-card battle solved optimally
(:class:`..battle.process.Optimal`, every decision).

The trees are values of their leaves (outcomes, next positions): :func:`evaluate` values one given
the positions' values (the lower or the upper bounds: max and min keep bounds), :func:`resolve`
turns it into the distribution of the play it chooses, :func:`walk` lists the decisions that play
reaches.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Callable

from ..battle.casualties import allocations, unit_count
from ..battle.process import (Outcome, ceased, into_siege, round_outcomes, siege_reductions,
                              terminal_after_casualties)
from .combat_round import ROLES, SELF_HIT_EFFECTS, CardRound, RoundEnd, _merge

#: which side makes each kind of decision (the kinds of :data:`..battle.decisions.KINDS`)
SIDE = {"attacker_casualties": "attacker", "defender_casualties": "defender", "cease": "attacker",
        "sortie_cease": "attacker", "retreat": "defender", "siege": "attacker",
        "attacker_self_hits": "attacker", "defender_self_hits": "defender"}


class Chance:
    """Dice: ``branches`` = [(node, chance)]."""

    __slots__ = ("branches",)

    def __init__(self, branches):
        self.branches = branches


class Decide:
    """A decision of ``SIDE[kind]``: ``options`` = [(label, node)] in the rules' order (ties go to the
    first, as in the no-card solver); ``units`` = (attacker's, defender's) when it is made; ``hits``
    the hits taken (casualties); ``then`` the hits the defender takes next (the attacker's casualties);
    ``lost`` the figures cards have eliminated when it is made (attacker's, defender's): the Leaders,
    Nazgûl and Characters left, which the units alone do not show."""

    __slots__ = ("kind", "options", "units", "hits", "then", "lost")

    def __init__(self, kind, options, units, hits=0, then=0, lost=((), ())):
        self.kind, self.options, self.units, self.hits, self.then = kind, options, units, hits, then
        self.lost = lost


class Next:
    """The start of the next round: ``lost`` = the figures cards eliminated so far, ``state`` the
    battle state."""

    __slots__ = ("lost", "state")

    def __init__(self, lost, state):
        self.lost, self.state = lost, state


class Again:
    """A round without cards and hits that brings the position back (folded, see the module docstring)."""


AGAIN = Again()


def maximises(kind: str) -> bool:
    return SIDE[kind] == "attacker"


def evaluate(node, leaf: Callable, memo: dict, choice: dict | None = None) -> Fraction:
    """The node's value with ``leaf(Outcome | Next)`` the value of a leaf (``AGAIN`` counts 0: its
    weight is the cell's ``again``); ``choice`` records each decision's option index."""
    key = id(node)
    got = memo.get(key)
    if got is not None:
        return got
    if isinstance(node, Chance):
        v = sum((q * evaluate(n, leaf, memo, choice) for n, q in node.branches), Fraction(0))
    elif isinstance(node, Decide):
        vals = [evaluate(n, leaf, memo, choice) for _, n in node.options]
        best = max(vals) if maximises(node.kind) else min(vals)
        k = vals.index(best)
        if choice is not None:
            choice[key] = (k, vals)
        v = best
    elif node is AGAIN:
        v = Fraction(0)
    else:
        v = leaf(node)
    memo[key] = v
    return v


def again_of(node) -> Fraction:
    """The chance of coming back (only a top-level chance branch of a round without cards)."""
    if isinstance(node, Chance):
        return sum((q for n, q in node.branches if n is AGAIN), Fraction(0))
    return Fraction(0)


def resolve(node, choice: dict, w: Fraction, out: dict) -> None:
    """Add to ``out`` (leaf -> chance; leaves keyed by ``("next", lost, state)`` or the Outcome) the
    distribution of the play ``choice`` makes from ``node``, weighted ``w``."""
    if not w:
        return
    if isinstance(node, Chance):
        for n, q in node.branches:
            resolve(n, choice, w * q, out)
    elif isinstance(node, Decide):
        resolve(node.options[choice[id(node)][0]][1], choice, w, out)
    elif node is not AGAIN:  # coming back is the cell's ``again``
        k = ("next", node.lost, node.state) if isinstance(node, Next) else node
        out[k] = out.get(k, Fraction(0)) + w


def walk(node, choice: dict, w: Fraction, seen: dict, tag=()) -> None:
    """Each decision the play ``choice`` makes reaches from ``node`` with weight ``w``: ``seen`` maps
    (tag, id(decision)) -> [decision, chance, choice]."""
    if not w:
        return
    if isinstance(node, Chance):
        for n, q in node.branches:
            walk(n, choice, w * q, seen, tag)
    elif isinstance(node, Decide):
        got = seen.get((tag, id(node)))
        if got is None:
            seen[(tag, id(node))] = [node, w, choice]
        else:
            got[1] += w
        walk(node.options[choice[id(node)][0]][1], choice, w, seen, tag)


def report(nodes: dict, p_at: dict, solved: dict, names: Callable, min_chance: Fraction, strongholds: dict,
           rest: Callable | None = None, regions: list[str] | None = None, origin=None):
    """The decisions (casualties, cease, retreat, siege) the optimal play of the card game reaches, each
    option valued (the attacker's expected objective when it is taken and play goes on optimally, at
    the lower bounds where a value is only bounded), as the no-card ``optimize`` reports them
    (:class:`..battle.decisions.BattleDecisions`). ``names(lost, role, units)`` describes a side's figures
    when the cards have eliminated ``lost`` (attacker's, defender's). ``strongholds``: position -> (the outcome of retreating
    into the Stronghold, its value, whether the defender retreats) (WOTR-SITE-2, before the cards).
    A position where neither side can play a card any more is the no-card battle played optimally:
    ``rest(variant key)`` is its solver (:class:`..battle.process.Optimal`), whose decisions from the
    positions reached there are listed the same way (:func:`..battle.decisions.decisions_reached`;
    ``regions``: the retreat regions' names, ``origin``: the battle's start)."""
    from pycombat.tree.options import grouped, rank
    from ..battle.decisions import BattleDecisions, Decision, decisions_reached

    seen: dict = {}
    out, smaller = [], 0
    #: (variant key, hands held) -> start-of-round position -> the chance it is reached
    no_cards: dict = {}
    for k, by_round in p_at.items():
        n = nodes[k]
        if not isinstance(n, tuple):
            if rest is not None:
                starts = no_cards.setdefault((k[0], k[2]), {})
                starts[k[1]] = starts.get(k[1], Fraction(0)) + sum(by_round.values(), Fraction(0))
            continue
        _, cells = n
        lo = solved[k][0]
        if k in strongholds:
            o, v, gone = strongholds[k]
            st = k[1]
            for rnd, p in by_round.items():
                if p < min_chance:
                    smaller += 1
                    continue
                opts = rank([("fight the round", lo.bound), ("retreat into the Stronghold", v)], False,
                             chosen=1 if gone else 0)
                out.append(Decision("stronghold", rnd, False, p, names(k[0], "attacker", st[0]),
                                    names(k[0], "defender", st[2]), (0, 0), opts, units=(st[0], st[2]), hands=k[2],
                                    lost_to_cards=k[0]))
            if gone:
                continue
        stay = sum((lo.x[i] * lo.y[j] * c.again for i, row in enumerate(cells) for j, c in enumerate(row)),
                   Fraction(0))
        scale = 1 / (1 - stay)
        for rnd, p in by_round.items():
            for i, row in enumerate(cells):
                for j, c in enumerate(row):
                    w = p * lo.x[i] * lo.y[j] * scale
                    if w and getattr(c, "tree", None) is not None:
                        walk(c.tree, c.choice, w, seen, (rnd, c.left))
    for ((rnd, left), _), (node, chance, choice) in seen.items():
        if chance < min_chance:
            smaller += 1
            continue
        k, vals = choice[id(node)]
        ranked = rank([(lbl, v) for (lbl, _), v in zip(node.options, vals)], maximises(node.kind), chosen=k)
        opts = grouped(ranked, lambda x, y, node=node: node.options[x.order][1] is node.options[y.order][1])
        a, d = node.units
        hits = (node.then, node.hits) if node.kind == "attacker_casualties" else (node.hits, 0)
        out.append(Decision(node.kind, rnd, False, chance, names(node.lost, "attacker", a),
                            names(node.lost, "defender", d), hits, opts, units=(a, d), hands=left,
                            lost_to_cards=node.lost))
    for (key, hands), starts in no_cards.items():
        got, fewer = decisions_reached(rest(key), starts, regions=regions or [],
                                       units=lambda role, u, key=key: names(key, role, u), origin=origin,
                                       min_chance=min_chance, hands=hands, lost_to_cards=key)
        out += got
        smaller += fewer
    out.sort(key=lambda x: (x.round, -x.chance))
    return BattleDecisions(out, min_chance, ROLES, smaller=smaller)


def leaves(node, acc: list, seen: set) -> list:
    """Every Next leaf under ``node`` (once each)."""
    if id(node) in seen:
        return acc
    seen.add(id(node))
    if isinstance(node, Chance):
        for n, _ in node.branches:
            leaves(n, acc, seen)
    elif isinstance(node, Decide):
        for _, n in node.options:
            leaves(n, acc, seen)
    elif isinstance(node, Next):
        acc.append(node)
    return acc


class Trees:
    """Builds the decision trees of one battle (a variant set-up per set of figures lost).
    ``names(setup, role, units)`` names a side's units; ``regions`` are the retreat regions' names."""

    def __init__(self, variant: Callable, names: Callable, regions: list[str]):
        self.variant, self.names, self.regions = variant, names, regions
        self._ends: dict[tuple, object] = {}
        self._cas: dict[tuple, object] = {}
        self._labels: dict[tuple, str] = {}
        #: the rest of a card round after its casualties step when no card effect is left (:class:`DecidingRound`)
        self.after_casualties: dict[tuple, object] = {}

    def casualties(self, lost, role: str, units: tuple, pool, hits: int, others: tuple, then: Callable,
                   next_hits: int = 0, now: tuple | None = None):
        """A side's casualty decision (WOTR-CAS-2..4, WOTR-CAS-12): ``then(units, pool)`` continues;
        ``next_hits``: the hits the defender takes after the attacker's casualties; ``now``: the figures
        cards have eliminated when it is made (``lost`` and those of this round so far; default ``lost``)."""
        if hits <= 0 or unit_count(units) == 0:
            return then(units, pool)
        opts = []
        for u2, p2 in allocations(units, pool, hits):
            opts.append((self._label(lost, role, u2), then(u2, p2)))
        both = (units, others) if role == "attacker" else (others, units)
        return Decide(f"{role}_casualties", opts, both, hits, next_hits if role == "attacker" else 0,
                      lost if now is None else now)

    def _label(self, lost, role, units) -> str:
        k = (role, units)
        got = self._labels.get(k)
        if got is None:
            got = self._labels[k] = f"left with {self.names(self.variant(lost), role, units)}"
        return got

    def end(self, lost, a, pa, d, pd, rnd):
        """After the casualties of round ``rnd`` (WOTR-ROUND-3, WOTR-END-1..3, WOTR-SIEGE-3)."""
        k = (lost, a, pa, d, pd, rnd)
        got = self._ends.get(k)
        if got is None:
            got = self._ends[k] = self._end(lost, a, pa, d, pd, rnd)
        return got

    def _end(self, lost, a, pa, d, pd, rnd):
        out = terminal_after_casualties(a, d)  # WOTR-CAS-7, WOTR-END-1
        if out is not None:
            return out
        s = self.variant(lost)
        last = s.max_rounds is not None and rnd >= s.max_rounds
        nxt = Next(lost, (a, pa, d, pd, s.next_round(rnd), True))
        if s.kind == "siege":
            if rnd < s.siege_rounds and not last:  # WOTR-EVT-9: the Event's siege battle goes on
                return nxt
            stop = Outcome("siege_goes_on", a, d)
            if last:
                return stop
            opts = [("stop: the siege goes on", stop)]
            for _, a2, pa2 in siege_reductions(s, a, pa):  # WOTR-SIEGE-3
                opts.append((f"reduce an Elite: {self.names(s, 'attacker', a2)}",
                             Next(lost, (a2, pa2, d, pd, s.next_round(rnd), True))))
            return Decide("siege", opts, (a, d), lost=lost)
        if last:
            return Outcome("round_limit", a, d)
        go_on = nxt
        if s.can_retreat:  # WOTR-ROUND-3 step 2, WOTR-END-3
            gone = Outcome("defender_retreated", a, d)
            go_on = Decide("retreat", [("stay", nxt)] + [(f"retreat to {r}", gone)
                                                        for r in self.regions or ["a free region"]], (a, d),
                             lost=lost)
        if s.no_cease:  # WOTR-EVT-9: the Event that started the battle bars ceasing
            return go_on
        stop = ceased(s, a, d)  # WOTR-ROUND-3 step 1, WOTR-END-2; a sortie WOTR-SIEGE-6
        label = "cease: the Army moves back into the Stronghold" if s.kind == "sortie" else "cease the attack"
        return Decide("sortie_cease" if s.kind == "sortie" else "cease", [("continue", go_on), (label, stop)], (a, d),
                      lost=lost)

    def plain(self, lost, st):
        """A round without cards from ``st`` (WOTR-ROUND-1..3): the dice, then the decisions."""
        s = self.variant(lost)
        a, pa, d, pd, rnd, _ = st
        folds = s.folds(st)
        branches = []
        for i, j, p in round_outcomes(s, st):
            if folds and i == 0 and j == 0:
                branches.append((AGAIN, p))
                continue
            branches.append((self._hits(lost, st, i, j), p))
        return Chance(branches)

    def _hits(self, lost, st, i, j):
        k = (lost, st, i, j)
        got = self._cas.get(k)
        if got is None:
            a, pa, d, pd, rnd, _ = st

            def defender(a2, pa2):
                return self.casualties(lost, "defender", d, pd, i, a2,
                                       lambda d2, pd2: self.end(lost, a2, pa2, d2, pd2, rnd))

            got = self._cas[k] = self.casualties(lost, "attacker", a, pa, j, d, defender, next_hits=i)
        return got

    def after_card_round(self, rend: RoundEnd, lost, rnd: int):
        """What follows a card round's end (its figures lost added to ``lost``)."""
        lost2 = (tuple(sorted(lost[0] + rend.lost_a)), tuple(sorted(lost[1] + rend.lost_d)))
        if rend.early == "defender_retreated":
            return Outcome("defender_retreated", rend.a, rend.d)
        if rend.early == "retreated_into_siege":
            return into_siege(rend.a, rend.d)
        return self.end(lost2, rend.a, rend.pa, rend.d, rend.pd, rnd)


class DecidingRound(CardRound):
    """The card round (:class:`.combat_round.CardRound`, the one interpreter of the card data) with the
    casualties left to the players: each hit taken is a pending decision resolved before the next
    card effect acts (WOTR-CARD-4: effects in initiative order, one at a time)."""

    #: the round's steps; those that play card effects one by one (``_step``) by their step name
    STEPS = ("before_combat", "combat_roll", "before_reroll", "leader_reroll", "after_reroll",
             "before_casualties", "casualties", "after_casualties")
    EFFECT_STEPS = {"before_combat": "before_combat_roll", "after_casualties": "after_remove_casualties"}

    def __init__(self, ctx, cards, choices, trees: Trees, lost, rnd: int):
        super().__init__(ctx, cards, None, choices)
        self.trees, self.lost, self.rnd = trees, lost, rnd
        self._memo: dict[tuple, object] = {}

    def _take(self, s, role, hits):
        if hits <= 0:
            return s
        return replace(s, pending=s.pending + ((role, hits),))

    def casualties(self, s):
        # WOTR-CAS-1/2: the attacker removes his casualties first, then the defender
        taken = (s.scored[1] + s.ones[0], s.scored[0] + s.ones[1])
        # the round's numbers (dice, hits of each roll: :class:`.combat_round.Tally`) are read up to here
        # only; dropped, rounds that differ in them alone are one branch from here on
        z = (0, 0)
        s = replace(s, scored=z, taken=z, selfhit=z, combat=z, reroll=z, pre=z, misses=z, ones=z, dice=z, rerolled=z,
                    post=z, bonus=z)
        for role, h in zip(ROLES, taken):
            s = self._take(s, role, h)
        return [(s, Fraction(1))]

    def _step(self, s, step, play):
        effects = list(self._step_effects(step))
        if s.fx >= len(effects):
            return [(s, Fraction(1))]
        _init, role, card, e = effects[s.fx]
        if s.pick is None and e.get("effect") in SELF_HIT_EFFECTS and self.choices[role].self_hits is None:
            top = self.most_self_hits(s, role, e)
            if top:  # the player's decision before the effect acts (:meth:`_build`)
                return [(replace(s, ask=(role, top)), Fraction(1))]
            s = replace(s, pick=0)
        got = play(s, role, e)
        self.applied(step, role, card, e, s, got)
        return [(replace(s2, fx=s.fx + 1, pick=None), q) for s2, q in _merge(got)]

    def tree(self, a, pa, d, pd):
        (s, _), = self.start(a, pa, d, pd)
        self._n_effects = {i: len(list(self._step_effects(self.EFFECT_STEPS[name])))
                           for i, name in enumerate(self.STEPS) if name in self.EFFECT_STEPS}
        return self._node(s, 0)

    def _node(self, s, idx):
        if idx == len(self.STEPS) - 1 and not self._n_effects[idx]:
            # after the casualties step with no card effect left: what follows depends on the units, the
            # hits still to remove and the figures lost only, the same in every card round (shared)
            k = (self.lost, self.rnd, s.a, s.pa, s.d, s.pd, s.lost, s.pending, s.end)
            memo = self.trees.after_casualties
        else:
            k, memo = (s, idx), self._memo
        got = memo.get(k)
        if got is None:
            got = memo[k] = self._build(s, idx)
        return got

    def _build(self, s, idx):
        if s.pending:
            (role, hits), rest = s.pending[0], s.pending[1:]
            u, p = s.units(role)
            other_units = s.units("defender" if role == "attacker" else "attacker")[0]

            def then(u2, p2):
                s2 = replace(s.set_units(role, u2, p2), pending=rest)
                if unit_count(s2.a) == 0 or unit_count(s2.d) == 0:  # WOTR-CAS-7, WOTR-END-1
                    s2 = replace(s2, end="eliminated")
                return self._node(s2, idx)
            now = tuple(tuple(sorted(self.lost[i] + tuple(s.lost[i]))) for i in (0, 1))
            return self.trees.casualties(self.lost, role, u, p, hits, other_units, then,
                                         next_hits=sum(h for r, h in rest if r == "defender"), now=now)
        if s.ask:  # a card's self-hits, chosen when its effect acts (WOTR-CARDX-2, WOTR-CARD-4)
            role, top = s.ask
            now = tuple(tuple(sorted(self.lost[i] + tuple(s.lost[i]))) for i in (0, 1))
            opts = [(f"{k} self-hit{'s' if k != 1 else ''} ({self.cards[role].name})",
                     self._node(replace(s, ask=(), pick=k), idx)) for k in range(top + 1)]
            return Decide(f"{role}_self_hits", opts, (s.a, s.d), top, lost=now)
        if s.end is not None or idx == len(self.STEPS):
            early = s.end if s.end in ("defender_retreated", "retreated_into_siege") else None
            rend = RoundEnd(s.a, s.pa, s.d, s.pd, tuple(sorted(s.lost[0])), tuple(sorted(s.lost[1])), early)
            return self.trees.after_card_round(rend, self.lost, self.rnd)
        branches = getattr(self, self.STEPS[idx])(s)
        n_eff = self._n_effects.get(idx)
        out = []
        for s2, q in _merge(branches):
            if n_eff is not None and s2.fx < n_eff and s2.end is None:
                nxt = idx
            else:
                nxt = idx + 1
                if s2.fx:
                    s2 = replace(s2, fx=0)
            if len(branches) == 1:  # one branch: the same node, built on (no node of its own)
                return self._build(s2, nxt) if not s2.pending and nxt < len(self.STEPS) - 1 else self._node(s2, nxt)
            out.append((self._node(s2, nxt), q))
        return out[0][0] if len(out) == 1 else Chance(out)
