"""The ``pycombat`` command: parse arguments, call the game layer, print. No rules here.

Exit codes: 0 answered; 2 the input is wrong or too large (one clear message, no traceback).
"""
from __future__ import annotations

import argparse
import contextlib
import json
from fractions import Fraction
import logging
import os
import sys
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .errors import PycombatError
from .games import load_scenario
from .games.meccg.coverage import unmodelled_json, unmodelled_lines  # MECCG-FX-10: nothing silently ignored
from .rulebook import load_rulebook
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


def _enumerate(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .games.meccg.enumerate import DEFAULT_MAX_LIST, enumerate_assignments

    report = enumerate_assignments(scenario, limit=args.limit, count_only=args.count, traces=args.traces,
                                   max_list=args.max_list or DEFAULT_MAX_LIST)
    if args.json:
        return _emit_json({**report.as_json(), "unmodelled": unmodelled_json(scenario)})
    console = _console()
    if note:
        console.print(Text(note, style="dim"))
    _print_report(console, report, count_only=args.count)
    _print_lines(console, unmodelled_lines(scenario))
    return 0


def _odds(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .dice import as_json, fmt
    from .games.meccg.strike import combat_odds, defaults_used, marginal, member_fates, strike_summary

    co = combat_odds(scenario)
    a, d = scenario.attacker, scenario.defender
    kill_d, kill_a = marginal(co.kill_mp, 0), marginal(co.kill_mp, 1)
    eliminated = {name: dist["eliminated"] for name, dist in co.fates.items()}
    # MECCG-BODY-7/9 [elimination_mp_clauses]: MPs the owners lose on top of the kill MPs
    pen_d = sum((dist.expectation(lambda o: o.penalty_defender_player) for dist in co.per_strike), Fraction(0))
    pen_a = sum((dist.expectation(lambda o: o.penalty_attacker_player) for dist in co.per_strike), Fraction(0))
    if args.plot:
        from .plot import plot_distributions

        plot_distributions({f"{d.player} (defender) kill MPs": kill_d, f"{a.player} (attacker) kill MPs": kill_a},
                           args.plot, title=scenario.title or "kill MPs", xlabel="kill MPs")
    if args.json:
        strikes = []
        for s, dist in zip(co.setups, co.per_strike):
            strikes.append({
                "index": s.index, "defender": s.defender.member.name, "attacker": s.attacker.member.name,
                "cancelled_by": s.cancelled_by.name if s.cancelled_by else None,
                "defender_prowess": s.defender.prowess, "attacker_prowess": s.attacker.prowess,
                "defender_body": s.defender.body, "attacker_body": s.attacker.body,
                "attacker_rolls": s.attacker.rolls, "defender_rolls": s.defender.rolls,
                "modifiers": {side.member.name: [{"amount": m.amount, "what": m.what, "rule": m.rule}
                                                 for m in side.prowess_mods + side.body_mods]
                              for side in (s.defender, s.attacker)},
                "probabilities": {k: as_json(v) for k, v in strike_summary(dist).items()},
                "fates": {n: {k: as_json(v) for k, v in member_fates(dist, n).items()}
                          for n in (s.defender.member.name, s.attacker.member.name)},
            })
        out = {"game": "meccg", "scenario": scenario.file, "title": scenario.title, "flags": dict(scenario.flags),
               "defaults": defaults_used(scenario), "strikes": strikes,
               "kill_mp": {"defender_player": {str(k): as_json(v) for k, v in kill_d.items()},
                           "attacker_player": {str(k): as_json(v) for k, v in kill_a.items()}},
               "expected_kill_mp": {"defender_player": as_json(kill_d.expectation()),
                                    "attacker_player": as_json(kill_a.expectation())},
               "eliminated": {n: as_json(p) for n, p in eliminated.items()},
               "expected_owner_mp_lost": {"defender_player": as_json(pen_d), "attacker_player": as_json(pen_a),
                                          "flag": f"elimination_mp_clauses={scenario.flags['elimination_mp_clauses']}"}}
        if args.plot:
            out["plot"] = args.plot
        out["unmodelled"] = unmodelled_json(scenario)
        return _emit_json(out)
    console = _header(scenario, note)
    console.print(f"{d.player} defends ({d.alignment}); {a.player} attacks ({a.alignment}). Strikes in "
                  f"{d.player}'s order (MECCG-SEQ-1).")
    console.print("Choices not given in the file take these defaults:")
    for line in defaults_used(scenario):
        console.print(f"  - {line}")
    _print_lines(console, unmodelled_lines(scenario))
    table = Table(title="Each strike (exact probability, decimal)", title_justify="left")
    for col in ("#", "defender (prowess/body)", "attacker (prowess/body)", "defender wins", "tie",
                "defender loses"):
        table.add_column(col)
    for s, dist in zip(co.setups, co.per_strike):
        summ = strike_summary(dist)
        dname = f"{s.defender.member.name} ({s.defender.prowess}/{s.defender.body})"
        rolls = ", best of 2 rolls" if s.attacker.rolls > 1 else ""
        aname = f"{s.attacker.member.name} ({s.attacker.prowess}/{s.attacker.body}{rolls})"
        if s.cancelled_by:
            table.add_row(str(s.index), dname, aname, f"cancelled by {s.cancelled_by.name}", "", "")
        else:
            table.add_row(str(s.index), dname, aname, fmt(summ["defender_wins"]), fmt(summ["tie"]),
                          fmt(summ["defender_loses"]))
    console.print(table)
    fates = Table(title="Each character in a strike", title_justify="left")
    for col in ("character", "wounded", "eliminated", "discarded", "returned to hand"):
        fates.add_column(col)
    for s, dist in zip(co.setups, co.per_strike):
        for n in (s.defender.member.name, s.attacker.member.name):
            f = member_fates(dist, n)
            fates.add_row(n, *[fmt(f[k]) if f[k] else "0" for k in ("wounded", "eliminated", "discarded", "returned")])
    console.print(fates)
    for who, dist in ((f"{d.player} (defender) kill MPs", kill_d), (f"{a.player} (attacker) kill MPs", kill_a)):
        console.print(Text(who, style="bold"))
        for k, p in dist.items():
            console.print(f"  {k}: {fmt(p)}")
        console.print(f"  expected: {fmt(dist.expectation())}")
    console.print(f"Expected MPs the owners lose through \"if eliminated\" clauses and avatars "
                  f"[elimination_mp_clauses={scenario.flags['elimination_mp_clauses']}] (MECCG-BODY-7, MECCG-BODY-9): "
                  f"{d.player} {fmt(pen_d)}, {a.player} {fmt(pen_a)}")
    if args.plot:
        console.print(f"kill-MP distributions drawn to {args.plot}")
    return 0


def _replay(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .games.meccg.strike import replay
    from .rulebook import load_rulebook

    rolls = None
    if args.rolls is not None:
        try:
            rolls = [int(x) for x in args.rolls.replace(" ", "").split(",") if x]
        except ValueError:
            raise PycombatError(f"--rolls {args.rolls!r}: expected 2d6 totals separated by commas, e.g. 8,8,6,6") from None
        bad = [r for r in rolls if not 2 <= r <= 12]
        if bad:
            raise PycombatError(f"--rolls: {bad[0]} is not a 2d6 total (2 to 12)")
    r = replay(scenario, rolls)
    book = load_rulebook("meccg")
    d, a = scenario.defender, scenario.attacker
    if args.json:
        out = {"game": "meccg", "scenario": scenario.file, "flags": dict(scenario.flags),
               "preamble": [{"text": st.text, "rules": list(st.rules)} for st in r.preamble],
               "strikes": [{"index": s.index, "defender": s.defender.member.name, "attacker": s.attacker.member.name,
                            "steps": [{"text": st.text, "rules": list(st.rules)} for st in steps],
                            "result": o.result, "loser": o.loser, "fate": o.fate}
                           for s, steps, o in r.strikes],
               "kill_mp": {"defender_player": r.kill_mp[0], "attacker_player": r.kill_mp[1]},
               "unmodelled": unmodelled_json(scenario)}
        return _emit_json(out)
    console = _header(scenario, note)
    _print_lines(console, unmodelled_lines(scenario))
    for st in r.preamble:
        console.print(f"{st.text}  [{', '.join(st.rules)}]")
    for s, steps, o in r.strikes:
        console.print("")
        for st in steps:
            console.print(f"{st.text}  [{', '.join(st.rules)}]")
    console.print("")
    console.print(Text(f"Result: {d.player} (defender) scores {r.kill_mp[0]} kill MP, {a.player} (attacker) "
                       f"{r.kill_mp[1]}; no trophies ({book.rule('MECCG-BODY-6').id})", style="bold"))
    hurt = [(o.loser, o.fate) for _, _, o in r.strikes if o.loser]
    for name, fate in hurt:
        console.print(f"  {name}: {'wounded' if fate == 'survives' else fate}")
    return 0


def _verify(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .games.meccg.claims import verify

    if not scenario.claims:
        raise PycombatError(f"{args.file}: claims: the scenario has no claims to verify")
    return print_verdicts(args, scenario, note, verify(scenario, list(scenario.claims)), game="meccg")


def print_verdicts(args: argparse.Namespace, scenario, note: str | None, verdicts: list, *, game: str,
                   json_extra: dict | None = None, lead: Sequence[str] = (), sources: bool = True,
                   detail: Callable[[Any], str] | None = None, reading: str = "the other reading") -> int:
    """`verify`'s output for every game: each verdict with the rules that decide it (and their
    sources), the rules a candidate violates (``detail`` formats them), notes, the flags whose
    other value flips it, and whether the claim's ``expect:`` is met (exit code 1 if not)."""
    missed = [v for v in verdicts if v.claim.expect is not None and v.claim.expect != v.verdict]
    if args.json:
        _emit_json({"game": game, **(json_extra or {}), "scenario": scenario.file, "flags": dict(scenario.flags),
                    "claims": [v.as_json() for v in verdicts]})
        return 1 if missed else 0
    console = _header(scenario, note)
    for line in lead:
        console.print(line)
    for v in verdicts:
        j = v.as_json()
        mark = "NOT DECIDED" if v.verdict is None else "TRUE " if v.verdict else "FALSE"
        console.print(Text(f"{mark} {j['claim']}  ({j['id']})", style="bold yellow" if v.verdict is None
                           else "bold green" if v.verdict else "bold red"))
        for r in j["reasons"]:
            source = f" (source: {r['source'].rstrip('.')})" if sources and r["source"] else ""
            console.print(f"    {r['rule']}: {r['text']}{source}")
        if detail is not None:
            for d in j.get("violations", []):
                console.print(f"    violated {d['rule']}: {detail(d['detail'])}")
        for n in j.get("notes", []):
            console.print(f"    note: {n}")
        if v.deciding_flags:
            console.print("    decided by " + ", ".join(f"{k}={val}" for k, val in v.deciding_flags.items())
                          + f" ({reading} gives the opposite verdict)")
        if v.claim.expect is not None and v.claim.expect != v.verdict:
            console.print(Text(f"    expected {v.claim.expect}: NOT MET", style="bold red"))
    if missed:
        console.print(Text(f"{len(missed)} claim(s) did not get the expected verdict", style="bold red"))
        return 1
    return 0


def _print_lines(console: Console, lines: Sequence[str]) -> None:
    for text in lines:
        console.print(Text(text))


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


def _progress_bar(console: Console):
    """A rich progress bar fed with the number of tree nodes built (on stderr, TTY only)."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    if not sys.stderr.isatty():
        return contextlib.nullcontext(), None
    bar = Progress(SpinnerColumn(), TextColumn("building the game tree: {task.completed:,} nodes"),
                   TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    task = bar.add_task("tree", total=None)
    return bar, (lambda n: bar.update(task, completed=n))


def _optimize(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .dice import fmt
    from .games.meccg.optimize import first_choices, line, objective_from, shown_outcomes, solve_combat, who

    objective = objective_from(args.objective, args.character, scenario)
    console = _console() if args.json else _header(scenario, note)
    bar, progress = _progress_bar(console)
    with bar:
        solved = solve_combat(scenario, objective, max_nodes=args.max_nodes, progress=progress)
    stats = solved.solution.stats
    choices = first_choices(solved)
    steps = line(solved)
    if args.json:
        from .tree import format_fraction

        return _emit_json({
            "objective": objective.name, "character": objective.character,
            "value": format_fraction(solved.value), "value_float": float(solved.value),
            "first_choices": [{"choice": c, "value": format_fraction(v), "best": b} for c, v, b in choices],
            "principal_line": [{"kind": st.kind, "player": st.player, "state": st.state, "action": st.action,
                                "prob": format_fraction(st.prob) if st.prob is not None else None}
                               for st in steps],
            "tree": {"nodes": stats.nodes, "edges": stats.edges, "transpositions": stats.transpositions,
                     "merged_edges": stats.merged_edges}, "seconds": round(solved.seconds, 3),
            "unmodelled": unmodelled_json(scenario)})
    _print_lines(console, unmodelled_lines(scenario))
    console.print(f"Objective: {objective.describe()}")
    console.print(f"Value under optimal play by both sides: {fmt(solved.value)}")
    console.print(f"Tree: {stats.nodes:,} nodes, {stats.edges:,} edges, {stats.transpositions:,} transpositions "
                  f"merged; solved in {solved.seconds:.1f} s")
    console.print(f"{who(solved.solution.root.current_player(), scenario)}'s first choice, every alternative with its exact value:")
    for label, value, best in choices:
        console.print(f"  {'*' if best else ' '} {fmt(value):>24}  {label}")
    console.print("Principal line (decisions as played; at chance, the most probable outcome):")
    for st in steps:
        if st.kind == "decision":
            console.print(f"  {who(st.player, scenario)}: {st.action}")
        elif st.kind == "chance":
            outs = shown_outcomes(solved, st)
            if len(outs) > 1:  # outcomes that lead to the same future
                console.print(f"  dice at {st.state}: " + "; ".join(f"{lab} {fmt(p)}" for lab, p in outs))
            else:
                console.print(f"  dice at {st.state}: {outs[0][0]} (p {fmt(st.prob)})")
    return 0


def _tree(args: argparse.Namespace, scenario, note: str | None) -> int:
    from pathlib import Path

    from .games.meccg.game import CvccGame
    from .games.meccg.optimize import objective_from
    from .tree import build_tree, solve, to_dot, to_graphml, to_png

    objective = objective_from(args.objective, args.character, scenario)
    out = Path(args.output)
    kind = out.suffix.lower()
    if kind not in (".graphml", ".dot", ".png"):
        raise PycombatError(f"-o {args.output}: the extension must be .graphml, .dot or .png")
    console = _header(scenario, note)
    bar, progress = _progress_bar(console)
    game = CvccGame(scenario, objective)
    with bar:
        tree = build_tree(game.new_initial_state(), max_nodes=args.max_nodes, max_depth=args.depth,
                          progress=progress)
    if args.depth is None:
        solve(tree)
    if kind == ".graphml":
        to_graphml(tree, out)
    elif kind == ".dot":
        to_dot(tree, out, player_names=("defender", "attacker"))
    else:
        to_png(tree, out, player_names=("defender", "attacker"))
    console.print(f"wrote {out}: {tree.stats()}" + ("" if args.depth is None else f" (first {args.depth} plies, "
                                                                                  "not solved)"))
    return 0
