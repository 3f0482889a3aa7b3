"""``pycombat VERB FILE`` for War of the Ring scenarios (``game: wotr``): a thin shim over the registered game.

The verbs, their options and their printers are declared once in :mod:`pycombat.games.wotr` (the
game contract, :mod:`pycombat.registry`); this module only hands them to the generic CLI
(``VERBS``, ``OPTIONS``) and runs one: the registered ``run`` gives a report, printed as JSON with
``--json`` or by the registered ``present``. Nothing here knows a rule.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import sys

from .errors import PycombatError
from .registry import get as _registered

_GAME = _registered("wotr")
#: the verbs this game answers
VERBS = tuple(_GAME.verbs)
#: verb -> [(flags, argparse keywords)], options of this game beyond FILE, --json, --flag (from the registry)
OPTIONS: dict[str, list[tuple[tuple[str, ...], dict]]] = {
    name: [(o.flags, dict(o.kwargs)) for o in verb.options] for name, verb in _GAME.verbs.items()}


def run(verb: str, args: argparse.Namespace, scenario, note: str | None) -> int:
    from .present import make_console, progress_bar

    if note:  # FILE omitted: the built-in example is MECCG's; a WotR verb needs its own file
        raise PycombatError("give a WotR scenario FILE, e.g. examples/wotr/ten_vs_ten.yaml")
    v = _GAME.verb(verb)
    fn = v.resolve_run()
    options = {o.dest: getattr(args, o.dest, o.default) for o in v.options}
    bar, progress = contextlib.nullcontext(), None
    if v.progress:  # a bar (on a terminal) while the tree is built
        bar, progress = progress_bar()
    with bar:
        report = fn(scenario, **options, **({"progress": progress} if progress is not None else {}))
    if getattr(args, "json", False):
        json.dump(report.to_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        v.resolve_present()(report, make_console())
    return report.exit_code
