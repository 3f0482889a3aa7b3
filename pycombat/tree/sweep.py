"""A game's tree in one breadth-first pass, kept as flat records without states or a graph
(:func:`sweep`), then solved over those records: what a streamed export reads (:mod:`.graphml`).

Every state is made once, as :func:`~pycombat.tree.build.build_tree` makes it: numbered in the
order it is first reached breadth first, labelled by that first state (its ``str`` and its
actions' labels), so the records describe the very graph ``build_tree`` builds.  Values are then
worked out over the records in reverse topological order (the reverse numbering when every edge
goes to a later state, the common case; else a depth-first post-order that also finds cycles),
with the tie-breaks of :func:`~pycombat.tree.graph.solve`.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import TooLargeError
from .errors import GameDefinitionError
from .format import _short, chance_label
from .graph import _plus
from .search import _chance_value, checked_rewards, integer_pairs
from .state import CHANCE, DEFAULT_MAX_NODES, PROGRESS_EVERY, TERMINAL, _describe, _exact, _num_players

#: the most chance outcome tuples a sweep remembers at once (then forgotten and weighed again)
_WEIGHED = 16_384


@dataclass
class Sweep:
    """Every state reachable from a root, by number (breadth-first order, the root is 0).

    ``moves[n]`` is one flat tuple: a decision's ``(child, label, reward, child, label, reward,
    ...)``, one triple per legal action in order (``reward`` what the move paid, or None); a chance
    state's ``(denominator, child, weight, mass, k, label, child, ...)``, one group per child state
    in the order of their first outcome: the ``k`` outcomes of non-zero probability that reach it
    (their labels joined by ", "), their probability ``weight / denominator`` and ``mass`` the sum
    of weight * reward over those that paid something (None if none did); None for a terminal.
    """

    num_players: int
    labels: list  #: number -> str(state)
    players: list  #: number -> current_player()
    depths: list  #: number -> plies from the root where first reached
    moves: list
    values: list  #: number -> value (a tuple of Fractions, one per player)
    chosen: list  #: number -> the index of the best legal action (decisions), else None
    edges: int  #: distinct parent-child pairs
    merged_edges: int  #: actions and outcomes folded into an existing edge
    longest_line: int  #: the most plies of any line of play

    @property
    def value(self) -> tuple[Fraction, ...]:
        return self.values[0]


def sweep(root: Any, *, max_nodes: int = DEFAULT_MAX_NODES,
          progress: Callable[[int], Any] | None = None) -> Sweep:
    """Every state reachable from ``root``, breadth first, each made once, as records; then solved.

    Refuses more than ``max_nodes`` states (:class:`~pycombat.errors.TooLargeError`) and games
    whose states repeat (:class:`GameDefinitionError`), as :func:`~pycombat.tree.search.solve_game`.
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    n = _num_players(root)
    zeros = (0,) * n
    has_rewards = callable(getattr(root, "rewards", None))
    ids: dict = {root.key(): 0}  # state key -> its number
    ids_get = ids.get
    labels: list = []
    players: list = []
    depths: list = [0]
    moves: list = []
    values: list = []
    shared: dict = {}  # one copy of each label and reward mass, however many edges carry it
    merged_labels: dict = {}  # (denominator, ((label, weight), ...)) -> the merged chance edge's label
    # id of a chance state's outcomes a game gave as a tuple (chance states with the same outcomes may share
    # one) -> (that tuple, common denominator, [(outcome, weight), ...] without the zero ones, weights' sum)
    weighed: dict = {}
    queue: deque = deque([root])
    edges = merged = 0
    forward = True  # every edge goes to a state numbered later (then the reverse numbering is topological)

    def new(c: Any, ck: Any, parent: int) -> int:
        """Number and queue child state ``c`` (key ``ck``), reached for the first time."""
        cid = len(depths)
        if cid >= max_nodes:
            raise TooLargeError(
                f"the game tree has more than {max_nodes:,} nodes (max_nodes={max_nodes}); raise max_nodes")
        ids[ck] = cid
        depths.append(depths[parent] + 1)
        queue.append(c)
        if progress is not None and (cid + 1) % PROGRESS_EVERY == 0:
            progress(cid + 1)
        return cid

    nid = -1
    while queue:
        state = queue.popleft()
        nid += 1
        labels.append(str(state))
        player = state.current_player()
        players.append(player)
        if player == CHANCE:
            # the probabilities as integer weights over their common denominator; outcomes that
            # reach one state are one group (weights added, rewards folded into a mass)
            pairs = state.chance_outcomes()
            got = weighed.get(id(pairs)) if type(pairs) is tuple else None
            if got is None:
                outcomes, denom = integer_pairs(state, pairs)
                ws = [(action, num * (denom // d)) for action, num, d in outcomes if num]
                got = (pairs, denom, ws, sum(w for _, w in ws))
                if type(pairs) is tuple:  # (kept alive here, so its id stands for it)
                    if len(weighed) >= _WEIGHED:
                        weighed.clear()
                    weighed[id(pairs)] = got
            _, denom, ws, total = got
            taken = len(ws)
            groups: dict = {}  # child number -> [weight, outcome labels, reward mass]
            label_of = state.action_to_string
            for action, w in ws:
                c = state.child(action)
                r = c.rewards() if has_rewards else zeros
                r = None if r == zeros else checked_rewards(c, r, n)  # the common case, decided in C
                ck = c.key()
                cid = ids_get(ck)
                if cid is None:
                    cid = new(c, ck, nid)
                elif cid <= nid:
                    forward = False
                slot = groups.get(cid)
                if slot is None:
                    groups[cid] = [w, [(label_of(action), w)], None if r is None else [w * x for x in r]]
                    continue
                slot[0] += w
                slot[1].append((label_of(action), w))
                if r is not None:
                    m = slot[2]
                    if m is None:
                        slot[2] = [w * x for x in r]
                    else:
                        for j in range(n):
                            m[j] += w * r[j]
            if total != denom:
                raise GameDefinitionError(
                    f"chance state {_describe(state)}: the outcome probabilities sum to {Fraction(total, denom)}, "
                    "not exactly 1")
            flat = [denom]
            for cid, (w, outs, m) in groups.items():
                if m is not None:
                    m = tuple(m)
                    m = shared.setdefault(m, m)
                if len(outs) == 1:
                    label = outs[0][0]
                else:  # the same outcomes merge again and again (each strike's dice): each label made once
                    key = (denom, tuple(outs))
                    label = merged_labels.get(key)
                    if label is None:
                        label = merged_labels[key] = chance_label([(lab, Fraction(x, denom)) for lab, x in outs])
                flat += (cid, w, m, len(outs), shared.setdefault(label, label))
            moves.append(tuple(flat))
            values.append(None)
            edges += len(groups)
            merged += taken - len(groups)
            continue
        if player == TERMINAL:
            rets = tuple(_exact(r, "returns", state) for r in state.returns())
            if len(rets) != n:
                raise GameDefinitionError(
                    f"terminal state {_describe(state)}: returns() gave {len(rets)} values for {n} players")
            moves.append(None)
            values.append(rets)
            continue
        if type(player) is not int or not 0 <= player < n:
            raise GameDefinitionError(
                f"state {_describe(state)}: current_player() is {player!r}, not a player 0..{n - 1}, "
                f"CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
        flat = []
        label_of = state.action_to_string
        for action in state.legal_actions():
            c = state.child(action)
            r = c.rewards() if has_rewards else zeros
            r = None if r == zeros else checked_rewards(c, r, n)
            ck = c.key()
            cid = ids_get(ck)
            if cid is None:
                cid = new(c, ck, nid)
            elif cid <= nid:
                forward = False
            label = label_of(action)
            flat += (cid, shared.setdefault(label, label), r)
        if not flat:
            raise GameDefinitionError(f"decision state {_describe(state)} has no legal action")
        kids = flat[0::3]
        distinct = len(set(kids))
        edges += distinct
        merged += len(kids) - distinct
        moves.append(tuple(flat))
        values.append(None)
    ids.clear()
    if progress is not None:
        progress(len(labels))
    result = Sweep(num_players=n, labels=labels, players=players, depths=depths, moves=moves, values=values,
                   chosen=[None] * len(labels), edges=edges, merged_edges=merged, longest_line=0)
    _solve(result, forward)
    return result


def _children(rec: tuple, player: int) -> tuple:
    """The child numbers of a state's record (repeated when several moves reach one)."""
    return rec[1::5] if player == CHANCE else rec[0::3]


def _solve(sw: Sweep, forward: bool) -> None:
    """The value, chosen action and longest line of every state, children before parents."""
    n, values, moves, players, chosen = sw.num_players, sw.values, sw.moves, sw.players, sw.chosen
    plies = [0] * len(values)
    order = range(len(values) - 1, -1, -1) if forward else _post_order(sw)
    for nid in order:
        rec = moves[nid]
        if rec is None:
            continue
        player = players[nid]
        if player == CHANCE:
            denom = rec[0]
            mass: list = [0] * n
            kids = []
            for j in range(1, len(rec), 5):
                m = rec[j + 2]
                if m is not None:
                    for i in range(n):
                        mass[i] += m[i]
                kids.append((rec[j + 1], values[rec[j]]))
            if len(kids) == 1 and n == 2 and type(mass[0]) is int and type(mass[1]) is int:
                a, b = kids[0][1]  # one next state: (mass + w * v) / w, w == denom
                m0, m1 = mass
                values[nid] = (Fraction(a.numerator * denom + m0 * a.denominator, a.denominator * denom) if m0 else a,
                               Fraction(b.numerator * denom + m1 * b.denominator, b.denominator * denom) if m1 else b)
            else:
                values[nid] = _chance_value(denom, mass, kids, n)
            plies[nid] = 1 + (plies[rec[1]] if len(rec) == 6 else max([plies[c] for c in rec[1::5]]))
            continue
        best = bn = bd = None
        bi = 0
        for j in range(0, len(rec), 3):
            c, r = rec[j], rec[j + 2]
            cv = values[c] if r is None else _plus(r, values[c])
            x = cv[player]
            xn, xd = x.numerator, x.denominator
            if best is None or xn * bd > bn * xd:  # x > best[player], in integers: the first largest
                best, bn, bd, bi = cv, xn, xd, j // 3
        values[nid] = best
        chosen[nid] = bi
        plies[nid] = 1 + max([plies[c] for c in rec[0::3]])
    sw.longest_line = plies[0]


def _post_order(sw: Sweep) -> list[int]:
    """The states reachable from the root, each after all its children (depth first, iterative);
    a state reached again from itself is refused (:class:`GameDefinitionError`)."""
    moves, players = sw.moves, sw.players
    mark = [0] * len(moves)  # 0 not seen, 1 on the current line, 2 done
    order: list[int] = []
    mark[0] = 1
    stack = [(0, iter(() if moves[0] is None else _children(moves[0], players[0])))]
    while stack:
        nid, kids = stack[-1]
        for c in kids:
            if mark[c] == 0:
                mark[c] = 1
                stack.append((c, iter(() if moves[c] is None else _children(moves[c], players[c]))))
                break
            if mark[c] == 1:
                raise GameDefinitionError(
                    f"the game's states repeat (state {_short(sw.labels[c], 80)!r} is reached again from itself), "
                    "so it has no finite tree; make the state key include what changes (e.g. a move counter)")
        else:
            stack.pop()
            mark[nid] = 2
            order.append(nid)
    return order
