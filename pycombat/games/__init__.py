"""Per-game packages: each game's model, scenario schema, data and rules glue.

:func:`load_scenario` reads any scenario file and hands it to the reader of the game its
``game:`` key names.
"""
from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any, Mapping

from ..errors import ScenarioError
from ..names import closest
from ..scenario import read_document

#: game key -> module with ``scenario_from_dict(data, file=, flag_overrides=)``
GAMES = {"meccg": "pycombat.games.meccg.schema", "riftbound": "pycombat.games.riftbound.schema",
         "wotr": "pycombat.games.wotr.schema"}


def game_of(data: Mapping[str, Any], file: str | None) -> str:
    game = data.get("game")
    if game is None:
        raise ScenarioError(f"is required: one of {', '.join(GAMES)}", file=file, path="game")
    if not isinstance(game, str) or game not in GAMES:
        hint = closest(str(game), list(GAMES), n=1)
        extra = f"; did you mean {hint[0]!r}?" if hint else ""
        raise ScenarioError(f"unknown game {game!r} (known: {', '.join(GAMES)}){extra}", file=file, path="game")
    return game


def load_scenario(path: str | Path, flag_overrides: Mapping[str, str] | None = None) -> Any:
    """Read a scenario file of any game into that game's scenario object."""
    data = read_document(path)
    game = game_of(data, str(path))
    reader = import_module(GAMES[game])
    return reader.scenario_from_dict(data, file=str(path), flag_overrides=flag_overrides)
