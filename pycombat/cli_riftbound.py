"""``pycombat VERB FILE`` for riftbound scenarios, during the move to the registry (issue 13): a thin shim.

Everything is in the game's package: the verbs and their options are declared in
``pycombat/games/riftbound/__init__.py`` (the registry), computed by :mod:`pycombat.games.riftbound.verbs`
(report objects) and printed by :mod:`pycombat.games.riftbound.present`. :func:`run` only calls
them as the generic, registry-built command line will, so that replacing this module by it changes
no output.
"""
from __future__ import annotations

import argparse
import json
import sys

from rich.text import Text

from . import registry
from .present import make_console, progress_bar


def _game() -> registry.Game:
    return registry.get("riftbound")


#: the verbs this game answers
VERBS = tuple(_game().verbs)
#: verb -> [(flags, argparse keywords)], read from the registered verbs' options
OPTIONS: dict[str, list[tuple[tuple[str, ...], dict]]] = {
    name: [(o.flags, dict(o.kwargs)) for o in verb.options] for name, verb in _game().verbs.items()}


def run(verb: str, args: argparse.Namespace, scenario, note: str | None) -> int:
    """Run the registered verb with every option it declares (as parsed, else its default), then print
    its report as JSON (``--json``) or text; the report's exit code."""
    v = _game().verb(verb)
    options = {o.dest: getattr(args, o.dest, o.default) for o in v.options}
    compute = v.resolve_run()
    console = make_console()
    if v.progress:
        bar, progress = progress_bar(console)
        with bar:
            report = compute(scenario, progress=progress, **options)
    else:
        report = compute(scenario, **options)
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps(report.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        if note:
            console.print(Text(note, style="dim"))
        v.resolve_present()(report, console)
    return report.exit_code
