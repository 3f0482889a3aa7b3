"""The ``pycombat`` command: parse arguments, call the game layer, print. No rules here.

Exit codes: 0 answered; 2 the input is wrong or too large (one clear message, no traceback).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from .errors import PycombatError
from .games import load_scenario
from .scenario import parse_flag_assignments

EPILOG = """\
The scenario file's `game:` key (meccg, wotr, riftbound) picks the game; the
descriptions below are MECCG's, docs/wotr.md and docs/riftbound.md give the
others'. Flags: every interpretation flag of ../shared/rules/<game>.md can be
set with --flag NAME=VALUE (it wins over the scenario's `rules:` block).
Without FILE, the built-in Wind Throne example (examples/meccg/wind_throne.yaml)
is used.
"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pycombat", description="Rules solver for tabletop and card-game combat.",
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--verbose", "-v", action="store_true", help="log the solver's messages to stderr")
    sub = p.add_subparsers(dest="verb", metavar="VERB", required=True)

    e = sub.add_parser("enumerate", help="every legal option: strike assignments (MECCG), rearguard splits and moves (WotR), damage splits (Riftbound)",
                       description="Say whether the attack is legal and why (rule ids); then list, or count, "
                                   "every legal complete strike assignment (or every phase-by-phase trace).",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    e.add_argument("file", nargs="?", help="scenario file (YAML or JSON)")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.add_argument("--limit", type=_positive, metavar="N", help="list at most N options")
    e.add_argument("--count", action="store_true", help="print only the number (not listing them)")
    e.add_argument("--traces", action="store_true",
                   help="phase-by-phase traces (who made which pair in which phase) instead of complete assignments")
    e.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE", help="set an interpretation flag")
    e.add_argument("--max-list", type=_positive, default=None, metavar="N",
                   help="refuse to list more than N options without --limit (default 100000)")
    o = sub.add_parser("odds", help="exact odds of a combat (MECCG), a battle (WotR) or the resulting board (Riftbound)",
                       description="For a scenario with a `combat:` block (a complete assignment in the defender's "
                                   "strike order, with each strike's choices; defaults are stated): per strike the "
                                   "exact probabilities that the defender wins, ties or loses, and of wound, "
                                   "elimination and discard; for the whole combat the distribution of kill MPs of "
                                   "each side and each character's chance of elimination. Exact fractions and "
                                   "decimals.", epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    o.add_argument("file", nargs="?", help="scenario file (YAML or JSON)")
    o.add_argument("--json", action="store_true", help="print one JSON object (fractions as \"n/d\" strings)")
    o.add_argument("--plot", metavar="FILE.png", help="draw the kill-MP distributions to a PNG file")
    o.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE", help="set an interpretation flag")

    r = sub.add_parser("replay", help="resolve a combat with given dice, step by step (MECCG)",
                       description="Resolve the `combat:` block strike by strike with the dice given in the file "
                                   "(`rolls:` per strike) or with --rolls, narrating final prowess values and the "
                                   "rule applied at each step.", epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("file", nargs="?", help="scenario file (YAML or JSON)")
    r.add_argument("--rolls", metavar="N,N,...",
                   help="every 2d6 total in the order rolled (per strike: attacker, defender, body check), "
                        "instead of the file's rolls")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE", help="set an interpretation flag")
    v = sub.add_parser("verify", help="verdicts on the claims of a scenario, with the rules that decide them (all games)",
                       description="Check each claim of the scenario's `claims:` list (e.g. \"Orc Quarrels cancels the "
                                   "attack\", \"Aragorn II may take Shagrat's strike in phase 1\") in the solver's "
                                   "check mode: the verdict, the rule ids (text and source) that decide it, and the "
                                   "interpretation flags whose other value would change it. Exit code 1 if a claim's "
                                   "`expect:` is not met.", epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    v.add_argument("file", help="scenario file with a `claims:` list")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE", help="set an interpretation flag")
    z = sub.add_parser("optimize", help="optimal play by both sides, solved exactly (all games)",
                       description="Solve the combat as a two-player game by expectiminimax in exact fractions: "
                                   "phases I-III of the assignment, the strike order, and every strike's "
                                   "choices (excess strikes, support, cards from a `hand:`), with the dice as "
                                   "chance. Prints the value, the defender's phase-I choices with their values, "
                                   "and the principal line.")
    z.add_argument("file", nargs="?", help="scenario file (YAML or JSON)")
    _game_options(z)
    z.add_argument("--json", action="store_true", help="print one JSON object")
    t = sub.add_parser("tree", help="write the game tree to GraphML, DOT or PNG (all games)",
                       description="Build the combat's game tree (identical states merged) and write it; the "
                                   "file extension picks the format. PNG is drawn with Graphviz up to a node cap: "
                                   "use --depth N to draw the first N plies of a large tree.")
    t.add_argument("file", nargs="?", help="scenario file (YAML or JSON)")
    t.add_argument("-o", "--output", required=True, metavar="OUT.{graphml,dot,png}", help="where to write the tree")
    t.add_argument("--depth", type=_positive, metavar="N", help="only the first N plies (not solved then)")
    _game_options(t)
    _add_game_options(p, sub)
    return p


#: game key -> its CLI module (layer 1, like this one): ``VERBS``, ``OPTIONS`` and ``run``. MECCG's
#: verbs are the functions below.
GAME_CLIS = {"riftbound": "pycombat.cli_riftbound", "wotr": "pycombat.cli_wotr"}
#: options every game's verbs take
COMMON_DESTS = {"help", "verbose", "verb", "file", "json", "flag", "output", "depth", "max_nodes"}


def _game_cli(game: str):
    from importlib import import_module

    return import_module(GAME_CLIS[game])


def _add_game_options(p: argparse.ArgumentParser, sub) -> None:
    """Add each game's own options to the verbs, remembering which options belong to which game.

    A game module's ``OPTIONS`` maps a verb to ``[(flags, argparse keywords), ...]``; a flag that
    another game already defines is shared (same meaning), not added twice.
    """
    allowed: dict[str, dict[str, set[str]]] = {"meccg": {}}
    for verb, vp in sub.choices.items():
        allowed["meccg"][verb] = {a.dest for a in vp._actions}
    for game in GAME_CLIS:
        module = _game_cli(game)
        allowed[game] = {}
        for verb in module.VERBS:
            vp = sub.choices[verb]
            dests = set(COMMON_DESTS)
            for flags, kw in module.OPTIONS.get(verb, ()):
                existing = [vp._option_string_actions[f] for f in flags if f in vp._option_string_actions]
                action = existing[0] if existing else vp.add_argument(*flags, **kw)
                dests.add(action.dest)
            allowed[game][verb] = dests
    p.set_defaults(_allowed=allowed)


def _refuse_foreign_options(args: argparse.Namespace, parser: argparse.ArgumentParser, game: str) -> None:
    """An option given that the scenario's game does not read is an error, never silently ignored."""
    allowed = args._allowed[game]
    if args.verb not in allowed:
        games = [g for g, verbs in args._allowed.items() if args.verb in verbs]
        raise PycombatError(f"{args.verb} is not available for {game} scenarios (it is for: {', '.join(games)})")
    vp = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[args.verb]
    for action in vp._actions:
        if action.dest in allowed[args.verb] or not action.option_strings:
            continue
        if getattr(args, action.dest, action.default) != action.default:
            raise PycombatError(f"{action.option_strings[-1]} is not an option of {args.verb} for {game} scenarios")


def _game_options(p: argparse.ArgumentParser) -> None:
    """The options `optimize` and `tree` share: what the players play for, the size cap, flags."""
    p.add_argument("--objective", default=None, metavar="NAME",
                   help="MECCG: kill_mp (default): defending player's MPs minus attacking player's; survive: the "
                        "probability that --character survives; eliminations: attacking members eliminated minus "
                        "defending members eliminated. Other games: see their section in the README")
    p.add_argument("--character", metavar="NAME", help="the character of --objective survive")
    p.add_argument("--max-nodes", type=_positive, default=2_000_000, metavar="N",
                   help="refuse trees with more than N nodes (default 2,000,000)")
    p.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE", help="set an interpretation flag")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(name)s: %(message)s")
    try:
        scenario, note = _load(args)
        game = getattr(scenario, "game", "meccg")
        if game != "meccg":
            module = _game_cli(game)
            _refuse_foreign_options(args, parser, game)
            return module.run(args.verb, args, scenario, note)
        _refuse_foreign_options(args, parser, "meccg")
        return {"enumerate": _enumerate, "odds": _odds, "replay": _replay, "verify": _verify,
                "optimize": _optimize, "tree": _tree}[args.verb](args, scenario, note)
    except PycombatError as exc:
        print(f"pycombat: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pycombat: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `pycombat enumerate --json | head`: the reader left early
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _load(args: argparse.Namespace):
    """The scenario (any game) and, when FILE was omitted, a note that the built-in example is used."""
    from .games.meccg.assign import example_path

    flags = parse_flag_assignments(args.flag)
    path = args.file
    note = None
    if path is None:
        path = str(example_path("wind_throne.yaml"))
        note = "no FILE given: using the built-in example examples/meccg/wind_throne.yaml"
    return load_scenario(path, flags), note


def _console() -> Console:
    return Console(width=max(Console().width, 120) if sys.stdout.isatty() else 132, highlight=False, markup=False,
                   soft_wrap=True)


def _emit_json(obj) -> int:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def _header(scenario, note: str | None) -> Console:
    """A console, with the built-in-example note and the scenario's title printed."""
    console = _console()
    if note:
        console.print(Text(note, style="dim"))
    if scenario.title:
        console.print(Text(scenario.title, style="bold"))
    return console


def _meccg(verb: str):
    """MECCG's verbs through the game contract (transition: the registry-built CLI replaces this module)."""
    def run(args: argparse.Namespace, scenario, note: str | None) -> int:
        from . import registry
        from .present import make_console, progress_bar

        v = registry.get("meccg").verb(verb)
        options = {opt.dest: getattr(args, opt.dest, opt.default) for opt in v.options}
        console = make_console()
        as_json = getattr(args, "json", False)
        if note and not as_json:
            console.print(Text(note, style="dim"))
        if v.progress:
            bar, progress = progress_bar(console)
            with bar:
                report = v.resolve_run()(scenario, progress=progress, **options)
        else:
            report = v.resolve_run()(scenario, **options)
        if as_json:
            _emit_json(report.to_json())
        else:
            v.resolve_present()(report, console)
        return report.exit_code
    return run


_enumerate, _odds, _replay, _verify, _optimize, _tree = (_meccg(v) for v in ("enumerate", "odds", "replay", "verify",
                                                                                "optimize", "tree"))


def print_verdicts(args: argparse.Namespace, scenario, note: str | None, verdicts: list, *, game: str,
                   json_extra: dict | None = None, lead: Sequence[str] = (), sources: bool = True,
                   detail: Callable[[Any], str] | None = None, reading: str = "the other reading") -> int:
    """`verify`'s output for the games not yet on the contract (transition)."""
    from .present import verdicts as present_verdicts
    from .report import VerifyReport

    report = VerifyReport(game=game, verb="verify", scenario=scenario.file, title=scenario.title,
                          flags=dict(scenario.flags), verdicts=verdicts, extra=json_extra or {}, lead=tuple(lead),
                          sources=sources, detail=detail, reading=reading)
    if args.json:
        _emit_json(report.to_json())
        return report.exit_code
    console = _console()
    if note:
        console.print(Text(note, style="dim"))
    present_verdicts(report, console)
    return report.exit_code


def _progress_bar(console: Console):
    from .present import progress_bar

    return progress_bar(console)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
