"""GraphML export: of a built tree (:func:`to_graphml`), and of a game's solved tree streamed
without building the graph (:func:`write_graphml`)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import gcd
from pathlib import Path
from typing import Any

from ..collector import pausing
from .errors import TreeError
from .graph import GameTree, TreeStats, _plus
from .state import CHANCE, CHANCE_NODE, DECISION, DEFAULT_MAX_NODES, TERMINAL_NODE, GameState
from .sweep import sweep


def _exact_and_float(x: Any) -> tuple[str, str]:
    """``("n/d", repr(float))`` of an exact number in one go (machine-readable ``n/d`` as
    pycombat.dice.as_json writes it; the writer's hot path: a Fraction's
    float through numbers.Rational is slow; n / d is the same float)."""
    t = type(x)
    if t is int:
        return f"{x}/1", repr(float(x))
    if t is not Fraction and t is not _Ratio:
        x = Fraction(x)
    n, d = x.numerator, x.denominator
    return f"{n}/{d}", repr(n / d)


class _Ratio:
    """A weight over a denominator, reduced, for writing only (``n/d`` and its float) without
    building a Fraction per edge of a large export."""

    __slots__ = ("numerator", "denominator")

    def __init__(self, num: int, den: int):
        g = gcd(num, den)
        self.numerator, self.denominator = num // g, den // g

    def __float__(self) -> float:
        return self.numerator / self.denominator


def _graphml_keys(num_players: int,
                  marks: bool = False) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """The (name, GraphML type, Python kind) of every node and edge attribute :func:`to_graphml` writes
    (``marks``: a depth-limited tree's nodes also say whether their value is known, ``solved``)."""
    node = [("kind", "string", "s"), ("player", "int", "i"), ("label", "string", "s"), ("depth", "int", "i")]
    if marks:
        node.append(("solved", "boolean", "b"))
    for name in ("returns", "value"):
        for i in range(num_players):
            node += [(f"{name}_{i}", "string", "s"), (f"{name}_{i}_float", "double", "f")]
    node += [("best", "string", "s"), ("best_label", "string", "s")]
    edge = [("label", "string", "s"), ("actions", "int", "i"), ("prob", "string", "s"), ("prob_float", "double", "f")]
    for i in range(num_players):
        edge += [(f"reward_{i}", "string", "s"), (f"reward_{i}_float", "double", "f")]
    return node, edge


_XML_TEXT: dict = {}


def _xml_escaped(value: Any) -> str:
    """``value`` as XML character data, made afresh (a state's label: each is written once); ``&``,
    ``<`` and ``>`` escaped as ``xml.sax.saxutils.escape`` does."""
    text = str(value).replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    # characters XML 1.0 cannot carry at all are dropped (labels are game text)
    if not text.isprintable():
        text = "".join(c for c in text if c in "\t\n\r" or c >= " ")
    return text


def _xml_text(value: Any) -> str:
    """``value`` as XML character data (action labels repeat a lot: remembered, up to a bound)."""
    got = _XML_TEXT.get(value)
    if got is not None:
        return got
    text = _xml_escaped(value)
    if len(_XML_TEXT) > 200_000:
        _XML_TEXT.clear()
    _XML_TEXT[value] = text
    return text


class _GraphmlWriter:
    """GraphML written as it goes (nodes and edges in any order, the graph's data at the end).

    The hot path of a large export: each node and edge is one string built from pieces made once
    (the ``<data key=...>`` prefixes), and the blocks that repeat (values, probabilities, rewards)
    are rendered once and remembered."""

    _BOUND = 200_000  # remembered blocks of each kind, at most (then forgotten and made again)

    def __init__(self, path: str | Path, num_players: int, marks: bool = False):
        node_keys, edge_keys = _graphml_keys(num_players, marks)
        self.nid = {name: f"n{i}" for i, (name, _, _) in enumerate(node_keys)}
        self.eid = {name: f"e{i}" for i, (name, _, _) in enumerate(edge_keys)}
        self.path = path
        #: rendered value blocks by (name, id(tuple)), and by (name, (numerator, denominator), ...):
        #: only for tuples kept alive while writing
        self.memo: dict | None = None
        k, e = self.nid, self.eid
        self._heads: dict = {}  # (kind, player) -> the node's text between its id and its label
        self._solved = f'      <data key="{k["solved"]}">' if marks else ""
        self._depth = f'</data>\n      <data key="{k["depth"]}">'
        self._best = f'      <data key="{k["best"]}">'
        self._best_label = f'</data>\n      <data key="{k["best_label"]}">'
        self._vkeys = {name: [(f'      <data key="{k[f"{name}_{i}"]}">',
                               f'</data>\n      <data key="{k[f"{name}_{i}_float"]}">')
                              for i in range(num_players)] for name in ("returns", "value")}
        self._edge_label = f'">\n      <data key="{e["label"]}">'
        self._edge_actions = f'</data>\n      <data key="{e["actions"]}">'
        self._prob = (f'      <data key="{e["prob"]}">', f'</data>\n      <data key="{e["prob_float"]}">')
        self._rkeys = [(f'      <data key="{e[f"reward_{i}"]}">', f'</data>\n      <data key="{e[f"reward_{i}_float"]}">')
                       for i in range(num_players)]
        self._probs: dict = {}  # (weight, denominator) -> the probability's block
        self._rewards: dict = {}  # reward tuple -> its block
        self._masses: dict = {}  # (reward mass, weight) -> the block of the reward mass / weight
        try:
            self.out = open(path, "w", encoding="utf-8", buffering=1 << 20)
        except OSError as exc:
            raise TreeError(f"{path}: cannot write: {exc.strerror}") from None
        self.buf: list[str] = []
        self.buf.append('<?xml version=\'1.0\' encoding=\'utf-8\'?>\n<graphml '
                        'xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-'
                        'instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
                        'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n')
        for i, (name, kind) in enumerate(_GRAPH_KEYS):
            self.buf.append(f'  <key id="g{i}" for="graph" attr.name="{name}" attr.type="{kind}" />\n')
        for name, kind, _ in node_keys:
            self.buf.append(f'  <key id="{self.nid[name]}" for="node" attr.name="{name}" attr.type="{kind}" />\n')
        for name, kind, _ in edge_keys:
            self.buf.append(f'  <key id="{self.eid[name]}" for="edge" attr.name="{name}" attr.type="{kind}" />\n')
        self.buf.append('  <graph edgedefault="directed">\n')

    def _flush(self, force: bool = False) -> None:
        if force or len(self.buf) > 4096:
            try:
                self.out.write("".join(self.buf))
            except OSError as exc:
                self.out.close()
                raise TreeError(f"{self.path}: cannot write: {exc.strerror}") from None
            self.buf.clear()

    @staticmethod
    def _block(keys: list, vals: Sequence) -> str:
        """``n/d`` and float of each component, each under its pair of keys."""
        parts = []
        for (exact_key, float_key), x in zip(keys, vals):
            exact, approx = _exact_and_float(x)
            parts.append(f"{exact_key}{exact}{float_key}{approx}</data>\n")
        return "".join(parts)

    def _values(self, name: str, vals: Sequence) -> str:
        memo = self.memo
        if memo is None:
            return self._block(self._vkeys[name], vals)
        got = memo.get((name, id(vals)))
        if got is None:
            # many states share a value without sharing the tuple: remembered by value too (by
            # numerators and denominators: hashing a Fraction costs more than writing it)
            by_value = (name, *[(x.numerator, x.denominator) for x in vals])
            got = memo.get(by_value)
            if got is None:
                got = memo[by_value] = self._block(self._vkeys[name], vals)
            memo[(name, id(vals))] = got
        return got

    def node(self, n: int, kind: str, player: int, label: str, depth: int, returns: Sequence | None = None,
             value: Sequence | None = None, best: int | None = None, best_label: str | None = None,
             solved: bool | None = None) -> None:
        head = self._heads.get((kind, player))
        if head is None:
            k = self.nid
            head = self._heads[(kind, player)] = (f'">\n      <data key="{k["kind"]}">{kind}</data>\n'
                                                  f'      <data key="{k["player"]}">{player}</data>\n'
                                                  f'      <data key="{k["label"]}">')
        text = _xml_escaped(label)  # (a state's label: not remembered, it would crowd out the actions')
        rets = "" if returns is None else self._values("returns", returns)
        if value is None:
            vals = ""
        else:
            memo = self.memo
            vals = memo.get(("value", id(value))) if memo is not None else None
            if vals is None:
                vals = self._values("value", value)
        if solved is not None:
            vals += f'{self._solved}{"true" if solved else "false"}</data>\n'
        if best is None:
            self.buf.append(f'    <node id="{n}{head}{text}{self._depth}{depth}</data>\n{rets}{vals}    </node>\n')
        else:
            bl = _XML_TEXT.get(best_label)
            if bl is None:
                bl = _xml_text(best_label)
            self.buf.append(f'    <node id="{n}{head}{text}{self._depth}{depth}</data>\n{rets}{vals}'
                            f'{self._best}{best}{self._best_label}{bl}</data>\n    </node>\n')
        if len(self.buf) > 4096:
            self._flush()

    def edge(self, u: int, v: int, label: str, actions: int, prob: Fraction | None = None,
             reward: Sequence | None = None) -> None:
        """An edge; ``prob`` for a chance edge; ``reward`` what the move paid (None or empty: nothing)."""
        p = ""
        if prob is not None:
            exact, approx = _exact_and_float(prob)
            p = f"{self._prob[0]}{exact}{self._prob[1]}{approx}</data>\n"
        r = ""
        if reward:
            memo = self._rewards
            r = memo.get(reward)
            if r is None:
                if len(memo) > self._BOUND:
                    memo.clear()
                r = memo[reward] = self._block(self._rkeys, reward)
        text = _XML_TEXT.get(label)
        if text is None:
            text = _xml_text(label)
        self.buf.append(f'    <edge source="{u}" target="{v}{self._edge_label}{text}{self._edge_actions}{actions}'
                        f'</data>\n{p}{r}    </edge>\n')
        if len(self.buf) > 4096:
            self._flush()

    def chance_edge(self, u: int, v: int, label: str, actions: int, weight: int, denom: int,
                    mass: tuple | None) -> None:
        """A chance edge of probability ``weight / denom`` paying ``mass / weight`` (None: nothing)."""
        probs = self._probs
        p = probs.get((weight, denom))
        if p is None:
            if len(probs) > self._BOUND:
                probs.clear()
            exact, approx = _exact_and_float(_Ratio(weight, denom))
            p = probs[(weight, denom)] = f"{self._prob[0]}{exact}{self._prob[1]}{approx}</data>\n"
        r = ""
        if mass is not None:  # the expected reward given the edge (written even when it is 0)
            memo = self._masses
            r = memo.get((mass, weight))
            if r is None:
                if len(memo) > self._BOUND:
                    memo.clear()
                r = memo[(mass, weight)] = self._block(self._rkeys, [Fraction(m, weight) for m in mass])
        text = _XML_TEXT.get(label)
        if text is None:
            text = _xml_text(label)
        self.buf.append(f'    <edge source="{u}" target="{v}{self._edge_label}{text}{self._edge_actions}{actions}'
                        f'</data>\n{p}{r}    </edge>\n')
        if len(self.buf) > 4096:
            self._flush()

    def close(self, root: int, num_players: int, transpositions: int, merged_edges: int, solved: bool,
              player_names: Sequence[str] | None = None) -> None:
        names = _player_names(num_players, player_names)
        values = (str(root), num_players, transpositions, merged_edges, "true" if solved else "false", names)
        for i, v in enumerate(values):
            self.buf.append(f'    <data key="g{i}">{_xml_text(v)}</data>\n')
        self.buf.append("  </graph>\n</graphml>\n")
        try:
            self._flush(force=True)
        finally:
            self.out.close()


_GRAPH_KEYS = (("root", "string"), ("num_players", "int"), ("transpositions", "int"), ("merged_edges", "int"),
               ("solved", "boolean"), ("player_names", "string"))


def _player_names(num_players: int, names: Sequence[str] | None) -> str:
    """The movers' names, comma-separated in player order (``player_names``: the game's, e.g. "attacker,defender";
    "player 0,player 1" when it names none)."""
    got = list(names or [])
    return ",".join(got[i] if i < len(got) else f"player {i}" for i in range(num_players))


def to_graphml(tree: GameTree, path: str | Path, *, player_names: Sequence[str] | None = None) -> Path:
    """Write the tree as GraphML with scalar attributes only, streamed (no XML tree in memory).

    Fractions become ``"n/d"`` strings with a float ``*_float`` companion; tuples are split
    (``returns_0``, ``value_1``, ...); actions are written as their labels (``label``,
    ``actions`` = how many were merged).  Node ids become strings (``"0"`` is the root).
    """
    g = tree.graph
    w = _GraphmlWriter(path, tree.num_players, marks="solved" in g.nodes[tree.root])
    try:
        for n, d in g.nodes(data=True):
            w.node(n, d["kind"], d["player"], d["label"], d["depth"], d.get("returns"), d.get("value"),
                   d.get("best"), d.get("best_label"), d.get("solved"))
        for u, v, d in g.edges(data=True):
            w.edge(u, v, d["label"], len(d["actions"]), d.get("prob"), d.get("reward"))
    except BaseException:
        w.out.close()
        raise
    w.close(tree.root, tree.num_players, tree.transpositions, tree.merged_edges, tree.solved, player_names)
    return Path(path)


@pausing
def write_graphml(root: GameState, path: str | Path, *, max_nodes: int = DEFAULT_MAX_NODES,
                  progress: Callable[[int], Any] | None = None,
                  player_names: Sequence[str] | None = None) -> tuple[TreeStats, tuple[Fraction, ...]]:
    """The solved game tree of ``root`` written as GraphML without building the graph.

    Makes every state once, breadth first (:func:`~pycombat.tree.sweep.sweep`: the node numbering
    and the labels of :func:`build_tree`), solves over its records, then writes each node and its
    edges in that order, the actions that reach one state merged into one edge: the same document
    as ``to_graphml`` of ``build_tree`` + ``solve`` (nodes, edges and every attribute), holding
    records, not states or a graph.  Returns the tree's :class:`TreeStats` and the root's value.
    """
    sw = sweep(root, max_nodes=max_nodes, progress=progress)
    n = sw.num_players
    values, moves, labels, players, depths, chosen = sw.values, sw.moves, sw.labels, sw.players, sw.depths, sw.chosen
    w = _GraphmlWriter(path, n)
    w.memo = {}  # the values are kept alive by ``sw`` until the end
    kinds = Counter()
    try:
        for nid, rec in enumerate(moves):
            player = players[nid]
            value = values[nid]
            if rec is None:
                kinds[TERMINAL_NODE] += 1
                w.node(nid, TERMINAL_NODE, player, labels[nid], depths[nid], returns=value, value=value)
                continue
            if player == CHANCE:
                # one edge per child state (in the order of their first outcome): probability
                # weight / denom, reward mass / weight
                denom = rec[0]
                for j in range(1, len(rec), 5):
                    w.chance_edge(nid, rec[j], rec[j + 4], rec[j + 3], rec[j + 1], denom, rec[j + 2])
                kinds[CHANCE_NODE] += 1
                w.node(nid, CHANCE_NODE, player, labels[nid], depths[nid], value=value)
                continue
            # a decision: the actions reaching one state make one edge, in the order of their first action
            kid_ids = rec[0::3]
            if len(set(kid_ids)) == len(kid_ids):  # one edge per action; the solve chose ``chosen``
                for j in range(0, len(rec), 3):
                    w.edge(nid, rec[j], rec[j + 1], 1, None, rec[j + 2])
                best, best_label = kid_ids[chosen[nid]], rec[3 * chosen[nid] + 1]
            else:
                by_child: dict = {}
                out = []
                for j in range(0, len(rec), 3):
                    cid = rec[j]
                    slot = by_child.get(cid)
                    if slot is None:
                        by_child[cid] = slot = (cid, [], rec[j + 2])
                        out.append(slot)
                    slot[1].append(rec[j + 1])
                best = best_label = None
                bn = bd = 0
                for cid, labs, reward in out:
                    cv = values[cid] if reward is None else _plus(reward, values[cid])
                    x = cv[player]
                    xn, xd = x.numerator, x.denominator
                    if best is None or xn * bd > bn * xd:  # the first largest worth for the player to move
                        best, best_label, bn, bd = cid, labs[0], xn, xd
                    w.edge(nid, cid, labs[0] if len(labs) == 1 else ", ".join(labs), len(labs), None, reward)
            kinds[DECISION] += 1
            w.node(nid, DECISION, player, labels[nid], depths[nid], value=value, best=best, best_label=best_label)
    except BaseException:
        w.out.close()
        raise
    nodes = len(moves)
    transpositions = sw.edges - (nodes - 1)
    w.close(0, n, transpositions, sw.merged_edges, True, player_names)
    stats = TreeStats(nodes=nodes, edges=sw.edges, decision=kinds[DECISION], chance=kinds[CHANCE_NODE],
                      terminal=kinds[TERMINAL_NODE], cut=0, transpositions=transpositions,
                      merged_edges=sw.merged_edges, depth=max(depths), longest_line=sw.longest_line)
    return stats, sw.value
