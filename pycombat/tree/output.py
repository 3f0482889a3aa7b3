"""A game's tree written to a file, the format chosen by the file's extension (:func:`export`:
what every game's ``tree`` verb does)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import PycombatError, TooLargeError
from .build import build_tree
from .draw import to_dot, to_png
from .graph import TreeStats, solve
from .graphml import to_graphml, write_graphml
from .state import DEFAULT_MAX_NODES, DRAW_MAX_NODES, GameState


#: the files ``export`` writes, by extension
EXPORT_FORMATS = (".graphml", ".dot", ".png")


def export_path(output: str | Path) -> Path:
    """``output`` as a path :func:`export` can write (checked before any work starts)."""
    out = Path(output)
    if out.suffix.lower() not in EXPORT_FORMATS:
        raise PycombatError(f"-o {output}: the extension must be .graphml, .dot or .png")
    return out


def _drawing_refusal(root: GameState, depth: int | None) -> str:
    """Why a tree of more than :data:`DRAW_MAX_NODES` nodes is not drawn, with the ``--depth`` that
    fits (each level tried is built with at most that many nodes, so this stays quick)."""
    fits = None
    for d in range(0, depth if depth is not None else 1_000):
        try:
            fits = (d, len(build_tree(root, max_nodes=DRAW_MAX_NODES + 1, max_depth=d)))
        except TooLargeError:
            break
    where = f"the first {depth} levels of the tree have" if depth is not None else "the tree has"
    hint = (f"use --depth {fits[0]} to draw its first levels ({fits[1]:,} nodes)" if fits
            else "not even its root level fits")
    return (f"{where} more than {DRAW_MAX_NODES:,} nodes, more than a drawing may have; {hint}, or write the "
            "whole tree as GraphML (-o FILE.graphml)")


def export(root: GameState, output: str | Path, *, depth: int | None = None, max_nodes: int = DEFAULT_MAX_NODES,
           progress: Callable[[int], Any] | None = None,
           player_names: Sequence[str] = ("player 0", "player 1"),
           value_of: Callable[[GameState], Any] | None = None) -> tuple[TreeStats, tuple[Fraction, ...] | None]:
    """Write the game tree of ``root`` to ``output`` (its extension picks GraphML, DOT or PNG): what every
    game's ``tree`` verb does.  The whole tree to GraphML is streamed (:func:`write_graphml`); otherwise the
    graph is built (the first ``depth`` plies, not solved then) and written.  Returns the tree's stats and
    the root's value (None with ``depth``, unless ``value_of`` knows it).  With ``depth``, ``value_of(state)``
    gives the value of each state it knows without the tree below, or None (:func:`build_tree`): each node
    of the file then says whether it is ``solved``.
    """
    out = export_path(output)
    kind = out.suffix.lower()
    if kind == ".graphml" and depth is None:  # streamed: no graph in memory
        return write_graphml(root, out, max_nodes=max_nodes, progress=progress, player_names=player_names)
    if kind in (".dot", ".png") and max_nodes > DRAW_MAX_NODES:
        # a drawing holds at most DRAW_MAX_NODES nodes: bound the build by that, not by --max-nodes,
        # so that a huge tree is refused at once, with the --depth that would fit
        try:
            built = build_tree(root, max_nodes=DRAW_MAX_NODES + 1, max_depth=depth, progress=progress,
                               value_of=value_of if depth is not None else None)
        except TooLargeError:
            raise TooLargeError(_drawing_refusal(root, depth)) from None
    else:
        built = build_tree(root, max_nodes=max_nodes, max_depth=depth, progress=progress,
                           value_of=value_of if depth is not None else None)
    value = solve(built) if depth is None else built.graph.nodes[built.root].get("value")
    if kind == ".graphml":
        to_graphml(built, out, player_names=player_names)
    elif kind == ".dot":
        to_dot(built, out, player_names=player_names)
    else:
        to_png(built, out, player_names=player_names)
    return built.stats(), value
