"""Building the graph of every state reachable from a game's root, breadth first and without
recursion (:func:`build_tree`)."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

from ..collector import pausing
from ..errors import TooLargeError
from .errors import GameDefinitionError
from .format import chance_label
from .graph import GameTree, nx
from .state import (CHANCE, CHANCE_NODE, CUT, DECISION, DEFAULT_MAX_NODES, PROGRESS_EVERY, TERMINAL, TERMINAL_NODE,
                    GameState, _describe, _exact, _num_players, _rewards)


@pausing
def build_tree(root: GameState, *, max_nodes: int = DEFAULT_MAX_NODES, max_depth: int | None = None,
               progress: Callable[[int], Any] | None = None,
               value_of: Callable[[Any], Any] | None = None) -> GameTree:
    """Build the graph of every state reachable from ``root`` (breadth first, iteratively).

    States with equal :meth:`GameState.key` become one node.  Chance outcomes of probability
    0 are left out.  With ``max_depth`` the states ``max_depth`` plies from the root are not
    expanded: non-terminal ones become ``"cut"`` nodes (such a tree can be drawn, not solved).
    ``progress(nodes_built)`` is called every :data:`PROGRESS_EVERY` nodes and once at the
    end.  More than ``max_nodes`` nodes raise :class:`~pycombat.errors.TooLargeError` at once.
    ``value_of(state)``: the state's value (one exact number per player) when the game knows it
    without the tree below (a depth-limited tree's values), or None; each node then carries
    ``solved`` (whether it has a ``value``; a terminal node's value is its returns).
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be a positive int, got {max_nodes!r}")
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0):
        raise ValueError(f"max_depth must be a non-negative int or None, got {max_depth!r}")
    n_players = _num_players(root)
    g = nx.DiGraph()
    index: dict[Hashable, int] = {}
    queue: deque[tuple[int, Any, int]] = deque()
    transpositions = merged = 0

    def add(state: Any, key: Hashable, depth: int) -> int:
        nid = len(index)
        if nid >= max_nodes:
            raise TooLargeError(
                f"the game tree has more than {max_nodes:,} nodes (--max-nodes {max_nodes}); "
                "raise --max-nodes or draw only its first plies with --depth")
        player = state.current_player()
        attrs: dict[str, Any] = {"player": player, "label": str(state), "depth": depth}
        if player == TERMINAL:
            rets = tuple(_exact(r, "returns", state) for r in state.returns())
            if len(rets) != n_players:
                raise GameDefinitionError(
                    f"terminal state {_describe(state)}: returns() gave {len(rets)} values "
                    f"for {n_players} players")
            attrs.update(kind=TERMINAL_NODE, returns=rets)
            if value_of is not None:
                attrs.update(value=rets, solved=True)
        elif player != CHANCE and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < n_players):
            raise GameDefinitionError(
                f"state {_describe(state)}: current_player() is {player!r}, not a player "
                f"0..{n_players - 1}, CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
        elif max_depth is not None and depth >= max_depth:
            attrs["kind"] = CUT
        else:
            attrs["kind"] = CHANCE_NODE if player == CHANCE else DECISION
            queue.append((nid, state, depth))
        if value_of is not None and player != TERMINAL:
            v = value_of(state)
            attrs["solved"] = v is not None
            if v is not None:
                attrs["value"] = tuple(_exact(x, "value_of", state) for x in v)
        index[key] = nid
        g.add_node(nid, **attrs)
        if progress is not None and (nid + 1) % PROGRESS_EVERY == 0:
            progress(nid + 1)
        return nid

    def link(parent: int, order: int, action: Hashable, label: str, child: Any, depth: int,
             prob: Fraction | None) -> None:
        nonlocal transpositions, merged
        key = child.key()
        reward = _rewards(child, n_players)
        cid = index.get(key)
        if cid is None:
            cid = add(child, key, depth)
        elif g.has_edge(parent, cid):
            e = g.edges[parent, cid]
            if prob is None:
                if reward != e.get("reward"):
                    raise GameDefinitionError(
                        f"state {g.nodes[parent]['label']!r}: two actions reach the same state with different "
                        "rewards; give the states different keys")
            elif reward is not None:  # merged chance outcomes: the edge pays sum(p * reward)
                mass = e.get("reward_mass") or (0,) * n_players
                e["reward_mass"] = tuple(m + prob * r for m, r in zip(mass, reward, strict=True))
            e["actions"] += (action,)
            if prob is not None:
                e["probs"] += (prob,)
            e["labels"] += (label,)
            e["orders"] += (order,)
            if prob is None:  # (a merged chance edge's label, each outcome with its probability: at the end)
                e["label"] = ", ".join(e["labels"])
            if prob is not None:
                e["prob"] += prob
            merged += 1
            return
        else:
            transpositions += 1
        attrs: dict[str, Any] = {"action": action, "label": label, "actions": (action,),
                                 "labels": (label,), "orders": (order,)}
        if reward is not None:
            if prob is None:
                attrs["reward"] = reward
            else:
                attrs["reward_mass"] = tuple(prob * r for r in reward)
        if prob is not None:
            attrs["prob"] = prob
            attrs["probs"] = (prob,)
        g.add_edge(parent, cid, **attrs)

    add(root, root.key(), 0)
    while queue:
        nid, state, depth = queue.popleft()
        if g.nodes[nid]["kind"] == CHANCE_NODE:
            outcomes = []
            total = Fraction(0)
            for pair in state.chance_outcomes():
                action, p = pair
                p = _exact(p, f"the probability of outcome {action!r}", state)
                if p < 0:
                    raise GameDefinitionError(
                        f"chance state {_describe(state)}: outcome {action!r} has negative probability {p}")
                total += p
                outcomes.append((action, p))
            if total != 1:
                raise GameDefinitionError(
                    f"chance state {_describe(state)}: the {len(outcomes)} outcome probabilities "
                    f"sum to {total}, not exactly 1")
            for i, (action, p) in enumerate(outcomes):
                if p:
                    link(nid, i, action, state.action_to_string(action), state.child(action), depth + 1, p)
        else:
            actions = list(state.legal_actions())
            if not actions:
                raise GameDefinitionError(
                    f"state {_describe(state)}: player {g.nodes[nid]['player']} is to move "
                    "but there is no legal action (a state without actions must be TERMINAL)")
            for i, action in enumerate(actions):
                link(nid, i, action, state.action_to_string(action), state.child(action), depth + 1, None)
    labels: dict = {}  # the same outcomes merge again and again (each strike's dice): each label made once
    for _u, _v, e in g.edges(data=True):
        if "probs" in e and len(e["probs"]) > 1:
            outs = tuple(zip(e["labels"], e["probs"], strict=True))
            e["label"] = labels.get(outs) or labels.setdefault(outs, chance_label(outs))
    if progress is not None:
        progress(len(index))
    return GameTree(graph=g, root=0, num_players=n_players, transpositions=transpositions,
                    merged_edges=merged, max_depth=max_depth)
