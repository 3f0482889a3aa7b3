"""The ``pycombat`` command: a thin layer over the Python API (:mod:`pycombat.api`). No rules here.

The parser is built from the game registry: every verb, with every option any game declares for
it; the scenario's ``game:`` key picks the game, an option that game does not read is refused
(never ignored), the verb's report is printed by the game's presenter or as JSON.

Exit codes: 0 answered; 1 a claim's ``expect:`` is not met; 2 the input is wrong or too large
(one clear message, no traceback); 130 interrupted.
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from typing import Any, Mapping, Sequence

from . import jsontext, registry
from .errors import PycombatError, tidy
from .scenario import parse_flag_assignments
from .verdicts import READINGS, readings_shown

#: the verbs in the order ``--help`` lists them
VERB_ORDER = ("enumerate", "odds", "replay", "verify", "optimize", "tree")
#: options every game's verbs take (not declared by the games)
COMMON_DESTS = {"help", "verbose", "verb", "file", "json", "flag", "pretty", "save", "readings"}

EPILOG = """\
The scenario file's `game:` key picks the game ({games}). Flags: every interpretation flag of
the game's rule digest (pycombat/rules/<game>.md, shipped with pycombat: its interpretation-flag
table) can be set with --flag NAME=VALUE (it wins over the scenario's `rules:` block).{default}
"""


def _epilog(default: bool = True) -> str:
    """The help's closing lines; ``default``: with the built-in example a verb without FILE reads."""
    found = registry.default_example() if default else None
    default = (f" Without FILE, the built-in example examples/{found[0].name}/{found[1].name} is used."
               if found else "")
    return EPILOG.format(games=", ".join(registry.names()), default=default)


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line (``pycombat VERB: error: ...``), exit 2."""

    def error(self, message: str):  # type: ignore[override]
        import re

        from .names import did_you_mean

        m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if m:  # a verb, a game, an option's value: the closest accepted one
            message += did_you_mean(m.group(1), re.findall(r"'([^']*)'", m.group(2)))
        self.exit(2, f"{self.prog}: error: {tidy(message)} (see {self.prog} --help)\n")


class _VersionAction(argparse.Action):
    """``--version``: print :func:`version_text` and exit 0 (made only when asked: it reads the digests)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: Any, values: Any, option_string: Any = None):
        print(version_text())
        parser.exit(0)


def version_text() -> str:
    """pycombat's version, clingo's, and each shipped rules digest's version: its number of rules and
    the first 12 hex digits of the SHA-256 of its text (two installs citing the same rule ids from
    different digests tell apart by it).

    >>> version_text().splitlines()[0].startswith("pycombat ")
    True
    """
    from .rulebook import digest_versions
    from .solver import clingo_version

    from . import __version__

    lines = [f"pycombat {__version__} (clingo {clingo_version()})"]
    for game, (rules, digest) in digest_versions().items():
        lines.append(f"  rules digest {game}: {rules} rules, sha256 {digest}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every verb of every registered game (and which options belong to which game)."""
    games = registry.all_games()
    epilog = _epilog()
    fmt = argparse.RawDescriptionHelpFormatter
    p = _Parser(prog="pycombat", description="Rules solver for tabletop and card-game combat.",
                                epilog=epilog, formatter_class=fmt)
    p.add_argument("--verbose", "-v", action="store_true", help="log the solver's messages to stderr")
    p.add_argument("--version", action=_VersionAction,
                   help="print pycombat's version, clingo's and each rules digest's (its rule count and digest)")
    sub = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    allowed: dict[str, dict[str, set[str]]] = {g.name: {} for g in games}
    verbs = [v for v in VERB_ORDER if any(v in g.verbs for g in games)]
    verbs += sorted({v for g in games for v in g.verbs} - set(verbs))
    for verb in verbs:
        offering = [g for g in games if verb in g.verbs]
        first = offering[0].verbs[verb]
        names = ", ".join(g.name for g in offering)
        helptext = f"{first.help or registry.VERB_HELP.get(verb, verb)} ({names})"
        needs_file = all(g.verbs[verb].needs_file for g in offering)
        vp = sub.add_parser(verb, help=helptext, description=helptext[0].upper() + helptext[1:] + ".",
                            epilog=(_epilog(default=False) if needs_file else epilog)
                            + "".join(f"\n{g.help}\n" for g in offering if g.help),
                            formatter_class=fmt)
        vp.add_argument("file", nargs=None if needs_file else "?", help="scenario file (YAML or JSON)")
        vp.add_argument("--json", action="store_true", help="print one JSON object (fractions as \"n/d\" strings)")
        vp.add_argument("--pretty", action="store_true", help="indent the JSON (default: compact, one line)")
        vp.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE",
                        help="set an interpretation flag")
        if verb == "verify":  # rulings that last (pycombat/rulings.py)
            vp.add_argument("--save", metavar="RULING.json",
                            help="also write the ruling (scenario, flags, verdicts with their rules' texts, "
                                 "versions, content hash) to RULING.json; `pycombat verify RULING.json` checks "
                                 "it again later")
            vp.add_argument("--readings", choices=READINGS, default=None,
                            help="the interpretation flags whose readings are shown side by side per claim: "
                                 "`deciding` (default: those whose other value flips the verdict) or `all` (every "
                                 "flag the claim was decided under again)")
        readers: dict[int, tuple[argparse.Action, list[str]]] = {}
        for g in offering:
            dests = set(COMMON_DESTS)
            for opt in g.verbs[verb].options:
                existing = [vp._option_string_actions[f] for f in opt.flags if f in vp._option_string_actions]
                action = existing[0] if existing else vp.add_argument(*opt.flags, **_argparse_kwargs(opt))
                readers.setdefault(id(action), (action, []))[1].append(g.name)
                dests.add(action.dest)
            allowed[g.name][verb] = dests
        if len(offering) > 1:  # an option only some games read says which (the others refuse it)
            for action, readers_of in readers.values():
                if len(readers_of) < len(offering) and action.help and not action.help.endswith("]"):
                    action.help += f" [{', '.join(readers_of)}]"
    s = sub.add_parser("schema", help="print the JSON Schema of a game's scenario files",
                       description="Print the JSON Schema of a game's scenario files (validate scenarios and get "
                                   "completion in an editor: see docs/schema.md).")
    s.add_argument("game", choices=[g.name for g in games], help="the game")
    c = sub.add_parser("card", help="a card of the shipped data: its stats and what the model does with it",
                       description="Print a card's stats, its modelled effects and what is not modelled; unknown "
                                   "names get the closest matches.")
    c.add_argument("name", nargs="?", help="the card's name (or id)")
    c.add_argument("--coverage", action="store_true",
                   help="instead of one card: every card of --game's data, modelled whole, in part, not, or with no "
                        "combat text, and why (for a game whose card lookup offers it)")
    c.add_argument("--game", choices=[g.name for g in games if g.card is not None] or None,
                   help="the game whose data to search (default: every game with a card lookup)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--pretty", action="store_true", help="indent the JSON (default: compact, one line)")
    sub.add_parser("games", help="list the registered games and their verbs")
    from . import batch

    batch.add_parser(sub)
    w = sub.add_parser("serve", help="a local web page: build a scenario, see its answers (pycombat/web)",
                       description="Serve a local web page over the Python API: pick a game and an example, edit the "
                                   "scenario, run every verb. Listens on 127.0.0.1 only unless --host is given.")
    w.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
    w.add_argument("--host", default=None, help="the address to listen on (default 127.0.0.1; another one is "
                                                "reachable from other machines: a warning is printed)")
    w.add_argument("--open", action="store_true", help="open the page in the default browser")
    w.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                   help="time budget of one request's solve (default 60)")
    w.add_argument("--max-nodes", type=registry.positive_int, default=2_000_000, metavar="N",
                   help="node budget of one request's tree (default 2,000,000)")
    w.add_argument("--memory", type=registry.positive_int, default=1500, metavar="MB",
                   help="memory budget of one request's solve, in MB of address space (default 1500)")
    p.set_defaults(_allowed=allowed)
    return p


def _argparse_kwargs(opt: registry.Option) -> dict:
    kw = dict(opt.kwargs)
    if kw.get("required"):  # required for the games that declare it; checked when the game is known
        kw["required"] = False
        kw.setdefault("help", "")
        kw["help"] = kw["help"] + " (required)"
        kw["_required"] = True
    kw.pop("_required", None)
    return kw


def _refuse_foreign_options(args: argparse.Namespace, parser: argparse.ArgumentParser, game: registry.Game) -> None:
    """An option given that the scenario's game does not read is an error, never silently ignored."""
    verb = game.verb(args.verb)  # a verb the game does not answer: one clear error
    allowed = args._allowed[game.name][args.verb]
    vp = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[args.verb]
    for action in vp._actions:
        if action.dest in allowed or not action.option_strings:
            continue
        if getattr(args, action.dest, action.default) != action.default:
            raise PycombatError(f"{action.option_strings[-1]} is not an option of {args.verb} for {game.name} "
                                "scenarios")
    for opt in verb.options:
        if opt.kwargs.get("required") and getattr(args, opt.dest, None) is None:
            raise PycombatError(f"{'/'.join(opt.flags)} is required")


#: the parser of the games registered (by their objects): made once, parsed again by every later command in the process
_PARSERS: dict[tuple, argparse.ArgumentParser] = {}


def _parser() -> argparse.ArgumentParser:
    key = tuple((g.name, id(g)) for g in registry.all_games())
    parser = _PARSERS.get(key)
    if parser is None:
        _PARSERS.clear()
        parser = _PARSERS[key] = build_parser()
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(name)s: %(message)s")
    try:
        if getattr(args, "pretty", False) and not getattr(args, "json", True):  # (refused, never ignored)
            raise PycombatError("--pretty indents the JSON output: give --json too")
        if args.verb == "schema":
            return _emit_json(_api().schema(args.game), indent=2)
        if args.verb == "games":
            return _games()
        if args.verb == "card":
            return _card(args)
        if args.verb == "batch":
            from . import batch

            return batch.main(args)
        if args.verb == "serve":
            return _serve(args)
        return _run_verb(args, parser)
    except PycombatError as exc:
        text = str(exc)
        file = getattr(args, "file", None)
        if file and file not in text and not text.startswith("--"):  # a refusal names the file (or the option)
            text = f"{file}: {args.verb}: {text}"
        print(f"pycombat: {tidy(text)}", file=sys.stderr)
        for line in getattr(exc, "help", ()):  # what is accepted, in the program's own words
            print(f"  {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pycombat: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `pycombat enumerate --json | head`: the reader left early
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def _api():
    from . import api

    return api


def _run_verb(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from .present import make_console, progress_bar

    api = _api()
    flags = parse_flag_assignments(args.flag)
    note = None
    path = args.file
    if path is None:
        found = registry.default_example()
        if found is None:
            raise PycombatError("give a scenario FILE")
        game, example = found
        if args.verb not in game.verbs:
            raise PycombatError(f"give a scenario FILE (the built-in example is {game.name}'s, which does not "
                                f"answer {args.verb})")
        path = str(example)
        note = f"no FILE given: using the built-in example examples/{game.name}/{example.name}"
    if api.is_ruling(path):  # a saved ruling: verify checks it again on this version; no other verb reads it
        if args.verb != "verify":
            raise PycombatError(f"{path} is a saved ruling: only verify reads it (not {args.verb})")
        return _recheck(args, path, flags)
    scenario = api.load(path, flags)
    game = registry.get(scenario.game)
    _refuse_foreign_options(args, parser, game)
    verb = game.verb(args.verb)
    options = {opt.dest: getattr(args, opt.dest, opt.default) for opt in verb.options}
    console = make_console()
    if note and not args.json:
        from rich.text import Text

        console.print(Text(note, style="dim"))
    if verb.progress:
        bar, progress = progress_bar(console)
        with bar:
            report = scenario.run(args.verb, progress=progress, **options)
    elif getattr(args, "save", None):
        with readings_shown(getattr(args, "readings", None) or "deciding"):
            report = api.save_ruling(path, args.save, flags)
        if not args.json:
            console.print(f"ruling saved to {args.save}; check it again with: pycombat verify {args.save}",
                          highlight=False, markup=False)
    else:
        with readings_shown(getattr(args, "readings", None) or "deciding"):
            report = scenario.run(args.verb, **options)
    indent = 1 if args.pretty else None
    if args.json:
        _emit_json(report.to_json(), indent)
    else:
        present = verb.resolve_present()
        if present is None:
            _emit_json(report.to_json(), indent)
        else:
            present(report, console)
    return report.exit_code


def _recheck(args: argparse.Namespace, path: str, flags: Mapping[str, str]) -> int:
    """``pycombat verify RULING.json``: the saved ruling checked again (its own flags; none given)."""
    from .present import make_console
    from .rulings import recheck_lines

    if flags or getattr(args, "save", None):
        raise PycombatError(f"{path} is a saved ruling: it is checked under its own flags (no --flag, no --save)")
    if getattr(args, "readings", None) is not None:  # (the check says STANDS or CHANGED per claim: no readings)
        raise PycombatError(f"{path} is a saved ruling: its check says per claim whether the verdict stands; "
                            "--readings is for verifying a scenario's claims")
    report = _api().recheck_ruling(path)
    if args.json:
        _emit_json(report.to_json(), 1 if args.pretty else None)
    else:
        console = make_console()
        for line in recheck_lines(report):
            console.print(line, highlight=False, markup=False)
    return report.exit_code


def _emit_json(obj: Any, indent: int | None = None, out: Any = None) -> int:
    """Write ``obj`` as JSON (:func:`pycombat.jsontext.dumps`): compact by default (``indent`` for
    ``--pretty``), streamed: a long list is encoded and written a chunk of items at a time (no
    whole-document string)."""
    out = out or sys.stdout
    if indent == 1:
        out.write(jsontext.dumps(obj, pretty=True))
    elif indent is not None:
        json.dump(obj, out, ensure_ascii=False, indent=indent)
    else:
        _stream_compact(obj, out)
    out.write("\n")
    return 0


_STREAM_CHUNK = 2000


def _stream_compact(obj: Any, out: Any) -> None:
    dumps = jsontext.dumps
    if isinstance(obj, list) and len(obj) > _STREAM_CHUNK:
        out.write("[")
        for start in range(0, len(obj), _STREAM_CHUNK):
            if start:
                out.write(",")
            out.write(dumps(obj[start:start + _STREAM_CHUNK])[1:-1])
        out.write("]")
    elif isinstance(obj, dict) and any(isinstance(v, (list, dict)) for v in obj.values()):
        out.write("{")
        for i, (key, value) in enumerate(obj.items()):
            if i:
                out.write(",")
            out.write(dumps(str(key)) + ":")
            _stream_compact(value, out)
        out.write("}")
    else:
        out.write(dumps(obj))


def _games() -> int:
    for g in registry.all_games():
        print(f"{g.name}: {g.title}; verbs: {', '.join(g.verbs)}")
    return 0


def _card(args: argparse.Namespace) -> int:
    from .present import make_console

    if args.coverage:
        report = _coverage(args.game)
    elif args.name is None:
        raise PycombatError("card: give a card NAME, or --coverage with --game")
    else:
        report = _api().card(args.name, game=args.game)
    indent = 1 if args.pretty else None
    if args.json:
        return _emit_json(report.to_json(), indent)
    game = registry.get(report.game)
    printer = game.card_coverage_present if args.coverage else game.card_present
    present = registry.resolve(printer) if printer else None
    if present is None:
        return _emit_json(report.to_json(), indent)
    present(report, make_console())
    return 0


def _coverage(game_name: str | None):
    """The coverage listing of ``--game``'s cards (:func:`pycombat.api.card_coverage`)."""
    if game_name is None:
        raise PycombatError("card --coverage: give --game")
    return _api().card_coverage(game_name)


def _serve(args: argparse.Namespace) -> int:
    from .web.server import DEFAULT_HOST, serve

    return serve(host=args.host or DEFAULT_HOST, port=args.port, open_browser=args.open,
                 explicit_host=args.host is not None, timeout=args.timeout, max_nodes=args.max_nodes,
                 memory_mb=args.memory)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
