"""The ``pycombat`` command: parse arguments, call the game layer, print. No rules here.

Exit codes: 0 answered; 2 the input is wrong or too large (one clear message, no traceback).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from typing import Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .errors import PycombatError
from .games import load_scenario
from .rulebook import load_rulebook
from .scenario import parse_flag_assignments

EPILOG = """\
Flags: every interpretation flag of ../shared/rules/<game>.md can be set with
--flag NAME=VALUE (it wins over the scenario's `rules:` block). Without FILE,
the built-in Wind Throne example (examples/meccg/wind_throne.yaml) is used.
"""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pycombat", description="Rules solver for tabletop and card-game combat.",
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--verbose", "-v", action="store_true", help="log the solver's messages to stderr")
    sub = p.add_subparsers(dest="verb", metavar="VERB", required=True)

    e = sub.add_parser("enumerate", help="every legal strike assignment (MECCG)",
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
    return p


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
        return _enumerate(args)
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


def _enumerate(args: argparse.Namespace) -> int:
    from .games.meccg.assign import example_path
    from .games.meccg.enumerate import DEFAULT_MAX_LIST, enumerate_assignments

    flags = parse_flag_assignments(args.flag)
    path = args.file
    note = None
    if path is None:
        path = str(example_path("wind_throne.yaml"))
        note = "no FILE given: using the built-in example examples/meccg/wind_throne.yaml"
    scenario = load_scenario(path, flags)
    report = enumerate_assignments(scenario, limit=args.limit, count_only=args.count, traces=args.traces,
                                   max_list=args.max_list or DEFAULT_MAX_LIST)
    if args.json:
        json.dump(report.as_json(), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    console = Console(width=max(Console().width, 120) if sys.stdout.isatty() else 132, highlight=False, markup=False)
    if note:
        console.print(Text(note, style="dim"))
    _print_report(console, report, count_only=args.count)
    return 0


def _member_label(scenario, name: str) -> str:
    m = scenario.member(name)
    return name if m.status == "untapped" else f"{name} ({m.status})"


def _print_report(console: Console, report, *, count_only: bool) -> None:
    s = report.scenario
    book = load_rulebook("meccg")
    if s.title:
        console.print(Text(s.title, style="bold"))
    a, d = s.attacker, s.defender
    console.print(f"Attacker: {a.player} ({a.alignment}, {report.attack.kinds[0]} company) at {a.site}")
    console.print(f"Defender: {d.player} ({d.alignment}, {report.attack.kinds[1]} company) at {d.site}")
    changed = [f"{k}={v} ({s.flag_origin.get(k, 'default')})" for k, v in s.flags.items()
               if s.flag_origin.get(k, "default") != "default"]
    console.print("Flags: " + (", ".join(changed) if changed else "all defaults")
                  + f"; phase2_assignment={s.flags['phase2_assignment']}")
    if not report.attack.legal:
        console.print(Text("The attack is not legal:", style="bold red"))
        for r in report.reasons():
            detail = f" [{_fmt_detail(r['detail'])}]" if r.get("detail") is not None else ""
            console.print(f"  {r['rule']}{detail}: {r['text']} (source: {r['source'].rstrip('.')})")
        return
    console.print("The attack is legal: " + "; ".join(
        f"{r['rule']} ({r['source'].rstrip('.')})" for r in report.reasons()))
    console.print(f"Strikes ({len(report.attack.strikes)}): "
                  + ", ".join(_member_label(s, n) for n in report.attack.strikes))
    for member, rule in report.attack.no_strike:
        console.print(f"  no strike from {member}: {book.cite(rule)}")
    console.print(f"Targets ({len(report.attack.targets)}): "
                  + ", ".join(_member_label(s, n) for n in report.attack.targets))
    for member, rule in report.attack.no_target:
        console.print(f"  {member} is no target: {book.cite(rule)}")
    noun = "traces" if report.traces else "complete assignments"
    console.print(Text(f"{report.count:,} legal {noun}", style="bold"))
    if count_only or not report.options:
        return
    console.print(_traces_table(report) if report.traces else _assignments_table(report))
    if report.truncated:
        console.print(f"... {report.count - len(report.options):,} more (shown: {len(report.options):,}; "
                      f"use --limit N to show more)")


def _assignments_table(report) -> Table:
    targets = report.attack.targets
    table = Table(title="strike of (attacking member) -> each defending target", title_justify="left")
    table.add_column("#", justify="right")
    for t in targets:
        table.add_column(_member_label(report.scenario, t))
    table.add_column("excess")
    for i, o in enumerate(report.options, start=1):
        by_target = {t: s for s, t in o.pairs}
        table.add_row(str(i), *[by_target.get(t, "-") for t in targets], ", ".join(o.excess) or "-")
    return table


def _traces_table(report) -> Table:
    table = Table(title="phase I (defender) / phase II (attacker) / phase III (defender)", title_justify="left")
    table.add_column("#", justify="right")
    for name in ("phase I", "phase II", "phase III", "excess"):
        table.add_column(name)
    for i, o in enumerate(report.options, start=1):
        cells = []
        for p in (1, 2, 3):
            cells.append(", ".join(f"{t} <- {s}" for s, t, ph in o.steps if ph == p) or "-")
        table.add_row(str(i), *cells, ", ".join(o.excess) or "-")
    return table


def _fmt_detail(detail) -> str:
    if isinstance(detail, list):
        return f"{detail[0]}(" + ", ".join(_fmt_detail(x) for x in detail[1:]) + ")"
    return str(detail)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
