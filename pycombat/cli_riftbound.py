"""``pycombat VERB FILE`` for riftbound scenarios (``game: riftbound``): parse-time options and printing only.

Scaffold: the game layer (``pycombat/games/riftbound/``) is being built; until then every verb says so.
"""
from __future__ import annotations

import argparse

from .errors import PycombatError

#: the verbs this game answers
VERBS = ("enumerate", "odds", "optimize", "verify", "tree")
#: verb -> [(flags, argparse keywords)], options of this game beyond FILE, --json, --flag, -o, --depth, --max-nodes
OPTIONS: dict[str, list[tuple[tuple[str, ...], dict]]] = {}


def run(verb: str, args: argparse.Namespace, scenario, note: str | None) -> int:
    raise PycombatError(f"{verb} for riftbound scenarios is not built yet")
