"""``pycombat VERB FILE`` for War of the Ring scenarios (``game: wotr``): options and printing only.

Battle scenarios take every verb; position scenarios (a ``position:`` and an ``action:``, issue 8)
take ``enumerate`` (every legal move of the die result) and ``verify`` (claims on moves, dice and
cards), printed by ``_enumerate_moves`` and ``_verify_moves`` below.

The verbs: ``enumerate`` (attack legality and every legal rearguard split), ``odds`` (the exact
outcome distribution of the battle), ``optimize`` (the best split and the optimal play of both
sides), ``verify`` (claims with the rules that decide them), ``tree`` (the battle's game tree).
The work is done in :mod:`pycombat.games.wotr`; nothing here knows a rule.
"""
from __future__ import annotations

import argparse
from fractions import Fraction

from .errors import PycombatError

#: the verbs this game answers
VERBS = ("enumerate", "odds", "optimize", "verify", "tree")


def _nonneg(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {n}")
    return n


def _positive(text: str) -> int:
    n = _nonneg(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


#: verb -> [(flags, argparse keywords)], options of this game beyond FILE, --json, --flag, -o, --depth, --max-nodes
OPTIONS: dict[str, list[tuple[tuple[str, ...], dict]]] = {
    "enumerate": [(("--limit",), {}), (("--count",), {}), (("--max-list",), {})],
    "odds": [(("--plot",), {}),
             (("--monte-carlo",), dict(type=_nonneg, default=0, metavar="N",
                                       help="WotR: also play N random battles and compare with the exact odds")),
             (("--seed",), dict(type=int, default=1, metavar="N", help="WotR: seed of --monte-carlo (default 1)")),
             (("--exact",), dict(action="store_true",
                                 help="WotR: print every long exact fraction in full (the table shows decimals)"))],
    "optimize": [(("--objective",), {}),
                 (("--decide",), dict(default="both", choices=("both", "attacker", "defender"),
                                      help="WotR: whose decisions are optimal (the other side follows the flags' "
                                           "policies); default both")),
                 (("--top",), dict(type=_positive, default=10, metavar="N",
                                   help="WotR: show the N best rearguard splits (default 10)"))],
    "verify": [],
    "tree": [(("--objective",), {})],
}


def run(verb: str, args: argparse.Namespace, scenario, note: str | None) -> int:
    if note:  # FILE omitted: the built-in example is MECCG's; a WotR verb needs its own file
        raise PycombatError("give a WotR scenario FILE, e.g. examples/wotr/ten_vs_ten.yaml")
    if getattr(scenario, "kind", None) == "position":  # a position with an action die (issue 8)
        if verb not in ("enumerate", "verify"):
            raise PycombatError(f"{scenario.file}: a position scenario (position/action) answers `enumerate` (the legal "
                                f"moves of the die result) and `verify` (claims), not `{verb}`; `{verb}` needs a "
                                "battle scenario (attacker/defender/battle)")
        return (_enumerate_moves if verb == "enumerate" else _verify_moves)(args, scenario)
    return {"enumerate": _enumerate, "odds": _odds, "optimize": _optimize, "verify": _verify,
            "tree": _tree}[verb](args, scenario)


# ---- shared printing -----------------------------------------------------------------------------
def _p(p: Fraction, width: int = 30) -> str:
    """``n/d (0.dddd)`` when the fraction is short, else the decimal and a mark (exact printed below)."""
    from .dice import fmt

    text = fmt(p)
    if len(text) <= width:
        return text
    return f"{float(p):.6f} *"


def _battle_lines(console, s, verdict) -> None:
    from rich.text import Text

    from .games.wotr.board import SIDE_NAMES
    from .games.wotr.splits import describe_force

    kind = {"field": "Field battle", "siege": "Siege battle", "sortie": "Sortie"}[s.kind]
    region = s.battle_region
    where = f"{region.name} ({region.settlement.title() if region.settlement else 'no Settlement'})"
    frm = "" if s.attacker.region.id == region.id else f", attacked from {s.attacker.region.name}"
    how = {"army": "an Army die result", "character": "a Character die result", "army_muster": "an Army/Muster "
           "die result", "muster": "a Muster die result", "event": f"the Event card {s.card!r}",
           "will_of_the_west": "a Will of the West die result", "eye": "an Eye result"}[s.action]
    console.print(f"{kind} in {where}{frm}, with {how} (WOTR-ATK-1, WOTR-ATK-3).")
    n = verdict.numbers
    split = not verdict.rearguard.is_empty()
    for role, force, idx in (("Attacker", verdict.attacking, 0), ("Defender", s.defender.force, 1)):
        army = s.army(role.lower())
        part = ", attacking part" if split and idx == 0 else ""
        console.print(f"{role} ({SIDE_NAMES[army.side]}{part}): {describe_force(force)}")
        console.print(f"  Combat Strength {n.strength[idx]}, {_dice(n.dice[idx])}; Leadership {n.leadership[idx]}, "
                      f"re-roll up to {_dice(n.reroll[idx])} (WOTR-STR-2..5)")
    if not verdict.rearguard.is_empty():
        console.print(f"Rearguard (out of the battle, WOTR-SPLIT-4): {describe_force(verdict.rearguard)}")
    del Text


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _flags_line(s) -> str:
    changed = [f"{k}={v} ({s.flag_origin.get(k, 'default')})" for k, v in s.flags.items()
               if s.flag_origin.get(k, "default") != "default"]
    return "Flags: " + (", ".join(changed) if changed else "all defaults")


# ---- enumerate -------------------------------------------------------------------------------------
def _enumerate(args: argparse.Namespace, s) -> int:
    from rich.table import Table
    from rich.text import Text

    from .cli import _emit_json, _header
    from .games.wotr.splits import LegalSplits, describe_force, judge_attack

    verdict = judge_attack(s)
    splits = LegalSplits(s)
    max_list = args.max_list or 100_000
    options = [] if args.count else splits.all(max_list=None if args.limit else max_list)
    if args.count:
        counts = splits.counts()
    else:
        counts = {"compositions": len(options), "labeled": sum(sp.labeled for sp in options)}
    notion = s.flags["split_count"]
    shown = options[: args.limit] if args.limit else options
    if args.json:
        return _emit_json({
            "game": "wotr", "scenario": s.file, "title": s.title, "flags": dict(s.flags),
            "attack": {"legal": verdict.legal, "reasons": verdict.reasons(),
                       "attacking": describe_force(verdict.attacking), "rearguard": describe_force(verdict.rearguard)},
            "may_attack": counts["compositions"] > 0, "count": counts[notion], "counts": counts, "notion": notion,
            **({} if args.count else {"splits": [_split_json(sp) for sp in shown],
                                      **({"truncated": True} if len(shown) < len(options) else {})})})
    console = _header(s, None)
    _battle_lines(console, s, verdict)
    console.print(_flags_line(s))
    if verdict.legal:
        console.print("This attack is legal: " + "; ".join(f"{r['rule']} ({r['source'].rstrip('.')})"
                                                           for r in verdict.reasons()))
    else:
        head = ("With the rearguard given in the file, this attack is not legal:" if s.attacker.rearguard is not None
                else "This attack is not legal:")
        console.print(Text(head, style="bold red"))
        for r in verdict.reasons():
            console.print(f"  {r['rule']} [{_detail(r.get('detail'))}]: {r['text']} (source: {r['source'].rstrip('.')})")
    other = "labeled" if notion == "compositions" else "compositions"
    words = {"compositions": "identical figures interchangeable", "labeled": "every figure distinct"}
    console.print(Text(f"{counts[notion]:,} legal splits ({words[notion]}; the whole Army counts as one; "
                       f"split_count={notion}, WOTR-SPLIT-7); {counts[other]:,} with {words[other]}",
                       style="bold"))
    if args.count or not shown:
        return 0
    if notion == "labeled":
        console.print("Listed by composition; 'subsets' is how many labelled splits each stands for.")
    table = Table(title="attacking part | rearguard | Strength, dice | Leadership, re-roll dice", title_justify="left")
    for col in ("#", "attacking part", "rearguard", "Str", "dice", "Lead", "re-roll") + (
            ("subsets",) if notion == "labeled" else ()):
        table.add_column(col, justify="right" if col not in ("attacking part", "rearguard") else "left")
    for i, sp in enumerate(shown, start=1):
        n = sp.numbers
        row = [str(i), describe_force(sp.attacking), "-" if sp.whole else describe_force(sp.rearguard),
               str(n.strength[0]), str(n.dice[0]), str(n.leadership[0]), str(n.reroll[0])]
        if notion == "labeled":
            row.append(f"{sp.labeled:,}")
        table.add_row(*row)
    console.print(table)
    if len(shown) < len(options):
        console.print(f"... {len(options) - len(shown):,} more (shown: {len(shown):,}; use --limit N to show more)")
    return 0


def _split_json(sp) -> dict:
    from .games.wotr.splits import describe_force

    n = sp.numbers
    return {"attacking": describe_force(sp.attacking), "rearguard": describe_force(sp.rearguard),
            "whole_army": sp.whole, "labeled_subsets": sp.labeled,
            "attacker": {"strength": n.strength[0], "dice": n.dice[0], "leadership": n.leadership[0],
                         "reroll_dice": n.reroll[0]},
            "defender": {"strength": n.strength[1], "dice": n.dice[1], "leadership": n.leadership[1],
                         "reroll_dice": n.reroll[1]}}


def _detail(d) -> str:
    if isinstance(d, list):
        return f"{d[0]}(" + ", ".join(_detail(x) for x in d[1:]) + ")"
    return str(d)


# ---- odds ------------------------------------------------------------------------------------------
def _odds(args: argparse.Namespace, s) -> int:
    from rich.table import Table
    from rich.text import Text

    from .cli import _emit_json, _header
    from .dice import as_json, fmt
    from .games.wotr.battle import KIND_TEXT
    from .games.wotr.montecarlo import Z_BOUND
    from .games.wotr.odds import battle_report, expected_survivors
    from .games.wotr.report_extra import odds_extra_json, odds_extra_lines
    from .rulebook import load_rulebook

    from .games.wotr.odds import eliminated

    rep = battle_report(s, monte_carlo=args.monte_carlo, seed=args.seed, max_states=2_000_000)
    pols = list(rep.results)
    if args.plot:
        from .games.wotr.plot import plot_battle

        plot_battle(rep, args.plot)
    if args.json:
        out = {"game": "wotr", "scenario": s.file, "title": s.title, "flags": dict(s.flags),
               "kind": s.kind, "attacking": _numbers_json(rep.verdict),
               "notes": [{"text": t, "rule": r} for t, r in rep.setup.notes], "policies": {}}
        out.update(odds_extra_json(rep))
        for pol, res in rep.results.items():
            out["policies"][pol] = {
                "outcomes": {k: as_json(v) for k, v in res.by_kind().items()},
                "expected_rounds": as_json(res.expected_rounds),
                "attacker_units_left": {str(k): as_json(v) for k, v in res.survivors("attacker").items()},
                "defender_units_left": {str(k): as_json(v) for k, v in res.survivors("defender").items()},
                "expected_units_left": {"attacker": as_json(expected_survivors(res, "attacker")),
                                        "defender": as_json(expected_survivors(res, "defender"))},
                "detail": [{"kind": o.kind, "attacker": [list(u) for u in o.attacker],
                            "defender": [list(u) for u in o.defender], "p": as_json(p)}
                           for o, p in res.outcomes.items()],
                "total": as_json(sum(res.outcomes.values(), Fraction(0))), "states": res.states,
                "army_eliminated": {"attacker": as_json(eliminated(res, "attacker")),
                                    "defender": as_json(eliminated(res, "defender"))}}
            if pol in rep.monte_carlo:
                sim, checks, secs = rep.monte_carlo[pol]
                out["policies"][pol]["monte_carlo"] = {
                    "trials": sim.trials, "seed": args.seed,
                    "checks": [{"outcome": c.what, "exact": float(c.exact), "estimate": c.estimate, "z": round(c.z, 3),
                                "within": c.within} for c in checks]}
        if args.plot:
            out["plot"] = args.plot
        return _emit_json(out)
    console = _header(s, None)
    _battle_lines(console, s, rep.verdict)
    book = load_rulebook("wotr")
    a0 = rep.setup.params("attacker", rep.setup.start[0], 1)
    d0 = rep.setup.params("defender", rep.setup.start[2], 1)
    console.print(f"Round 1 hit numbers: attacker {a0.hit}+, defender {d0.hit}+ ({book.rule('WOTR-HIT-1').id}); "
                  f"a natural 1 always misses, a natural 6 always hits ({book.rule('WOTR-HIT-4').id})")
    for text, rule in rep.setup.notes:
        console.print(f"  - {text} ({rule})")
    for line in odds_extra_lines(rep):
        console.print(line)
    cas = s.flags["casualty_policy"]
    head = (f"casualties {' and '.join(pols)} (casualty_policy={cas}: each shown, WOTR-CAS-12)" if cas == "enumerate"
            else f"casualties {cas} (WOTR-CAS-12)")
    console.print(f"Policies: {head}; attacker_continue={s.flags['attacker_continue']}; "
                  f"defender_retreat={s.flags['defender_retreat']}"
                  + (f"; siege_extension={s.flags['siege_extension']}" if s.kind == "siege" else ""))
    console.print(_flags_line(s))
    table = Table(title="Outcome of the battle (exact probability, decimal)", title_justify="left")
    table.add_column("outcome")
    for pol in pols:
        table.add_column(pol, justify="right")
    long: list[tuple[str, str, Fraction]] = []
    for kind in rep.kinds():
        cells = []
        for pol in pols:
            p = rep.results[pol].by_kind().get(kind, Fraction(0))
            cells.append(_p(p) if p else "0")
            if p and _p(p).endswith("*"):
                long.append((pol, KIND_TEXT[kind], p))
        table.add_row(KIND_TEXT[kind], *cells)
    rows = [("expected rounds", lambda r: r.expected_rounds),
            ("attacker's units left (expected)", lambda r: expected_survivors(r, "attacker")),
            ("defender's units left (expected)", lambda r: expected_survivors(r, "defender"))]
    for label, fn in rows:
        cells = []
        for pol in pols:
            v = fn(rep.results[pol])
            cells.append(_p(v))
            if _p(v).endswith("*"):
                long.append((pol, label, v))
        table.add_row(label, *cells)
    console.print(table)
    for pol in pols:
        res = rep.results[pol]
        for role in ("attacker", "defender"):
            dist = res.survivors(role)
            console.print(f"{role.title()}'s units left ({pol}): " + ", ".join(
                f"{k}: {float(p):.4f}" for k, p in sorted(dist.items(), reverse=True)))
    from .games.wotr.odds import eliminated, leaders_and_characters

    for role, force in (("attacker", rep.verdict.attacking), ("defender", s.defender.force)):
        who = leaders_and_characters(force)
        if who:
            cells = []
            for pol, res in rep.results.items():
                p = eliminated(res, role)
                cells.append(f"{pol} {_p(p)}")
                if _p(p).endswith("*"):
                    long.append((pol, f"the {role} loses {who}", p))
            console.print(f"With its last unit the {role} loses {who} (WOTR-CAS-7): " + ", ".join(cells))
    total = {pol: sum(r.outcomes.values(), Fraction(0)) for pol, r in rep.results.items()}
    console.print("Each distribution sums to exactly " + ", ".join(sorted({str(t) for t in total.values()})) + " ("
                  + "; ".join(f"{pol}: {len(r.outcomes):,} end positions from {r.states:,} battle states"
                              for pol, r in rep.results.items()) + ").")
    if long and args.exact:
        console.print("* exact values:")
        for pol, label, p in long:
            console.print(f"  {pol}, {label}: {p.numerator}/{p.denominator}")
    elif long:
        digits = max(len(str(p.denominator)) for _, _, p in long)
        console.print(f"* exact fractions with up to {digits} digits in the denominator: --exact prints them, "
                      "--json gives them all.")
    for pol, (sim, checks, _) in rep.monte_carlo.items():
        ok = all(c.within for c in checks)
        console.print(Text(f"Monte Carlo ({pol}, {sim.trials:,} battles, seed {args.seed}): "
                           + "; ".join(f"{c.what} {c.estimate:.4f} (z {c.z:+.2f})" for c in checks)
                           + (f" - all within {Z_BOUND:g} standard errors of the exact values" if ok
                              else " - NOT all within the statistical error"), style="" if ok else "bold red"))
    if args.plot:
        console.print(f"outcomes and units left drawn to {args.plot}")
    del fmt
    return 0


def _numbers_json(verdict) -> dict:
    from .games.wotr.splits import describe_force

    n = verdict.numbers
    return {"attacking_part": describe_force(verdict.attacking), "rearguard": describe_force(verdict.rearguard),
            "attacker": {"strength": n.strength[0], "dice": n.dice[0], "leadership": n.leadership[0],
                         "reroll_dice": n.reroll[0]},
            "defender": {"strength": n.strength[1], "dice": n.dice[1], "leadership": n.leadership[1],
                         "reroll_dice": n.reroll[1]}}


# ---- optimize ----------------------------------------------------------------------------------------
def _optimize(args: argparse.Namespace, s) -> int:
    from .cli import _emit_json, _header
    from .dice import as_json
    from .games.wotr.battle import KIND_TEXT, OBJECTIVES
    from .games.wotr.optimize import first_round_choices, optimize, principal_line
    from .games.wotr.splits import describe_force

    objective = args.objective or "win"
    if objective not in OBJECTIVES:
        raise PycombatError(f"--objective: for WotR one of {', '.join(OBJECTIVES)}, not {objective!r}")
    res = optimize(s, objective, decide=args.decide, max_states=args.max_nodes)
    best = res.best
    from .games.wotr.card_optimize import choose_cards

    cards = choose_cards(s, objective)  # Combat cards in hand (issue 15): which one to play in round 1
    from .games.wotr.report_extra import named_cards_unmodelled

    unmodelled = named_cards_unmodelled(s, "optimize")
    if args.json:
        return _emit_json({**({"combat_cards": cards.json()} if cards else {}),
                           **({"unmodelled": unmodelled} if unmodelled else {}),
            "game": "wotr", "scenario": s.file, "objective": objective, "decide": args.decide,
            "value": as_json(best.value), "white_rider": best.white_rider,
            "best_split": {"attacking": describe_force(best.split.attacking),
                           "rearguard": describe_force(best.split.rearguard)},
            "splits": [{"attacking": describe_force(e.split.attacking), "rearguard": describe_force(e.split.rearguard),
                        "value": as_json(e.value)} for e in res.ranked[: args.top]],
            "outcomes": {k: as_json(v) for k, v in best.result.by_kind().items()},
            "expected_rounds": as_json(best.result.expected_rounds),
            "fixed_policies": {k: as_json(v) for k, v in res.fixed.items()},
            "first_round_choices": first_round_choices(res), "principal_line": principal_line(res),
            "states": res.states, "seconds": round(res.seconds, 3)})
    console = _header(s, None)
    _battle_lines(console, s, res.verdict)
    console.print(_flags_line(s))
    who = {"both": "both sides play optimally", "attacker": "the attacker plays optimally, the defender follows the "
           "flags' policies", "defender": "the defender plays optimally, the attacker follows the flags' policies"}
    console.print(f"Objective: {OBJECTIVES[objective]}; the attacker maximises it, the defender minimises it; "
                  f"{who[args.decide]} (casualties WOTR-CAS-12, cease WOTR-ROUND-3, retreat WOTR-END-3/WOTR-SITE-2, "
                  "siege WOTR-SIEGE-3).")
    console.print(f"{len(res.ranked):,} legal splits solved exactly ({res.states:,} battle states, {res.seconds:.1f} s).")
    console.print(f"Best split: attack with {describe_force(best.split.attacking)}"
                  + ("" if best.split.whole else f"; rearguard {describe_force(best.split.rearguard)}"))
    console.print(f"Value under optimal play: {_p(best.value, 40)}")
    if best.other_rider is not None:
        console.print(f"  Gandalf the White {'uses' if best.white_rider else 'does not use'} the White Rider "
                      f"(WOTR-STR-11); the other choice gives {_p(best.other_rider, 40)}")
    for pol, v in res.fixed.items():
        console.print(f"  for comparison, both sides playing {pol} with the flags' other policies: {_p(v, 40)}")
    if len(res.ranked) > 1:
        console.print(f"The {min(args.top, len(res.ranked))} best splits (every legal split is solved):")
        for e in res.ranked[: args.top]:
            mark = "*" if e is best else " "
            rear = "whole Army" if e.split.whole else f"rearguard {describe_force(e.split.rearguard)}"
            console.print(f"  {mark} {_p(e.value, 40):>26}  {describe_force(e.split.attacking)} ({rear})")
    console.print("Outcome under optimal play:")
    for kind, p in best.result.by_kind().items():
        console.print(f"  {KIND_TEXT[kind]}: {_p(p, 40)}")
    console.print(f"  expected rounds: {_p(best.result.expected_rounds, 40)}")
    choices = first_round_choices(res)
    if choices:
        console.print("Best casualty choices in round 1, for each number of hits (WOTR-CAS-3..5, WOTR-CAS-12):")
        for line in choices:
            console.print(f"  {line}")
    console.print("Principal line (decisions as played; at chance, the most probable outcome):")
    for step in principal_line(res):
        console.print(f"  {step}")
    for line in cards.lines() if cards else []:
        console.print(line)
    for u in unmodelled:
        console.print(f"! not modelled: {u['card']}: {u['what']} ({u['why']})")
    return 0


# ---- verify ------------------------------------------------------------------------------------------
def _verify(args: argparse.Namespace, s) -> int:
    from .cli import print_verdicts
    from .games.wotr.claims import verify

    if not s.claims:
        raise PycombatError(f"{s.file}: claims: the scenario has no claims to verify")
    return print_verdicts(args, s, None, verify(s, list(s.claims)), game="wotr")


# ---- tree --------------------------------------------------------------------------------------------
def _tree(args: argparse.Namespace, s) -> int:
    from pathlib import Path

    from .cli import _header, _progress_bar
    from .games.wotr.battle import OBJECTIVES
    from .games.wotr.game import BattleGame
    from .games.wotr.odds import illegal
    from .games.wotr.setup import battle_setup
    from .games.wotr.splits import judge_attack
    from .tree import build_tree, solve, to_dot, to_graphml, to_png

    objective = args.objective or "win"
    if objective not in OBJECTIVES:
        raise PycombatError(f"--objective: for WotR one of {', '.join(OBJECTIVES)}, not {objective!r}")
    from .games.wotr.report_extra import refuse_named_cards_for_tree

    refuse_named_cards_for_tree(s)  # issue 15: never silently without the cards
    out = Path(args.output)
    kind = out.suffix.lower()
    if kind not in (".graphml", ".dot", ".png"):
        raise PycombatError(f"-o {args.output}: the extension must be .graphml, .dot or .png")
    verdict = judge_attack(s)
    if not verdict.legal:
        raise illegal(verdict, s)
    console = _header(s, None)
    game = BattleGame(battle_setup(s, verdict.attacking), objective)
    bar, progress = _progress_bar(console)
    with bar:
        tree = build_tree(game.new_initial_state(), max_nodes=args.max_nodes, max_depth=args.depth,
                          progress=progress)
    value = None
    if args.depth is None:
        value = solve(tree)
    names = ("attacker", "defender")
    if kind == ".graphml":
        to_graphml(tree, out)
    elif kind == ".dot":
        to_dot(tree, out, player_names=names)
    else:
        to_png(tree, out, player_names=names)
    console.print(f"wrote {out}: {tree.stats()}" + ("" if args.depth is None else f" (first {args.depth} plies, "
                                                                                  "not solved)"))
    if value is not None:
        console.print(f"value for the attacker ({objective}): {_p(value[0], 40)}")
    return 0


# ---- position scenarios (issue 8): moves of an action die result, dice and cards ------------------------------
RESULT_TEXT = {
    "army": "move up to two different Armies one region each (WOTR-DICE-2, WOTR-MOVE-1)",
    "character": "move one Army with a Leader or Character one region (WOTR-DICE-3, WOTR-MOVE-1), or {chars}",
    "card": "the Event card {card!r} moves one Army up to {n} regions (WOTR-MOVE-10)",
}
CHARS_TEXT = {"free_peoples": "the Companions outside the Fellowship, each up to its Level (WOTR-CHMOVE-2)",
              "shadow": "the Nazgûl anywhere and the Minions (WOTR-CHMOVE-7, WOTR-CHMOVE-9)"}


def _die_lines(s) -> list[str]:
    from .games.wotr.board import SIDE_NAMES
    from .games.wotr.position import DIE_LABEL

    a = s.action
    head = f"The {SIDE_NAMES[a.side]} player's {DIE_LABEL[a.die]} result"
    mouth = "mouth-of-sauron" in s.position.characters_in_play()
    if a.card is not None:
        return [f"{head}: " + RESULT_TEXT["card"].format(card=a.card.name, n=a.card.moves)]
    res = a.results(mouth)
    if not res:
        why = {"muster": "a Muster result recruits, plays a Muster card or advances a Nation: it moves nothing "
                         "(WOTR-DICE-4)",
               "event": "an Event result draws or plays a card: it moves nothing without a card (WOTR-DICE-5)",
               "eye": "the Eye goes to the Hunt Box: it is no action (WOTR-DICE-1)"}.get(a.die, "it moves nothing")
        if a.die == "muster" and mouth:
            why += "; the Mouth of Sauron's Muster-as-Army is used this turn"
        return [f"{head}: {why}."]
    lines = []
    if a.die == "will_of_the_west":
        lines.append(f"{head} is changed to any other result (WOTR-DICE-6): as an Army or a Character result.")
    if a.die == "army_muster":
        lines.append(f"{head} is used as an Army result (WOTR-DICE-4).")
    if a.die == "muster" and res:
        lines.append(f"{head} is used as an Army result: the Mouth of Sauron is in play (CH, once per turn).")
    for r in res:
        lines.append(f"As {'an Army' if r == 'army' else 'a Character'} result: "
                     + RESULT_TEXT[r].format(chars=CHARS_TEXT[a.side]) + ".")
    return lines


def _move_json(m, groups) -> list[dict]:
    from .games.wotr.board import load_board
    from .games.wotr.moves import force_of
    from .games.wotr.splits import describe_force

    board = load_board()
    by_id = {g.id: g for g in groups}
    return [{"from": board.regions[f].name, "to": board.regions[t].name,
             "figures": describe_force(force_of(carried, by_id))} for f, t, carried in m.steps()]


def _move_text(m, groups) -> str:
    return "; ".join(f"{x['from']} -> {x['to']}: {x['figures']}" for x in _move_json(m, groups))


def _enumerate_moves(args: argparse.Namespace, s) -> int:
    from rich.table import Table
    from rich.text import Text

    from .cli import _emit_json, _header
    from .errors import TooLargeError
    from .games.wotr.board import load_board
    from .games.wotr.move_facts import groups_of
    from .games.wotr.moves import DEFAULT_MAX_LIST, count_moves, first_moves, force_of, legal_moves, \
        single_army_moves, single_figure_moves
    from .games.wotr.splits import describe_force

    groups = groups_of(s)
    by_id = {g.id: g for g in groups}
    board = load_board()
    counted = count_moves(s, groups=groups)
    max_list = args.max_list or DEFAULT_MAX_LIST
    moves, truncated, refused = [], False, None
    if not args.count:
        if args.limit and counted.total > max_list:
            moves, truncated = first_moves(s, args.limit, groups=groups), True
        else:
            try:
                moves = legal_moves(s, max_list=max_list, groups=groups, count=counted.total)
            except TooLargeError as exc:
                refused = str(exc)
            if args.limit and len(moves) > args.limit:
                moves, truncated = moves[: args.limit], True
    singles = single_army_moves(s, groups) if counted.armies else []
    figures = single_figure_moves(s, groups) if counted.characters else []
    armies: dict[tuple[str, str], list] = {}
    for m in singles:
        (f, t, carried), = m.steps()
        armies.setdefault((f, t), []).append(carried)
    whole = {}
    for (f, _), parts in armies.items():
        mine = {g.id: g.count for g in groups if g.region == f and g.side == s.action.side}
        whole[f] = mine
    dests: dict[int, list[str]] = {}
    for m in figures:
        (g, f, t, c), = m.moved
        dests.setdefault(g, []).append(t)
    if args.json:
        out = {"game": "wotr", "kind": "position", "scenario": s.file, "title": s.title, "flags": dict(s.flags),
               "side": s.action.side, "die": s.action.die, "explanation": _die_lines(s),
               "count": {"total": counted.total, "armies": counted.armies, "characters": counted.characters},
               "one_army": [{"from": board.regions[f].name, "to": board.regions[t].name, "parts": len(parts),
                             "whole_army": any(p == whole[f] for p in parts)} for (f, t), parts in armies.items()],
               "characters": [{"mover": who, "moves": n} for who, n in counted.movers],
               "destinations": {by_id[g].label(1) + f" ({board.regions[by_id[g].region].name})":
                                [board.regions[t].name for t in ts] for g, ts in dests.items()}}
        if not args.count:
            out["moves"] = [_move_json(m, groups) for m in moves]
            if truncated:
                out["truncated"] = True
            if refused:
                out["refused"] = refused
        return _emit_json(out)
    console = _header(s, None)
    for line in _die_lines(s):
        console.print(line)
    console.print(_flags_line(s) + f"; stacking_check={s.flags['stacking_check']}")
    console.print(Text(f"{counted.total:,} legal moves: {counted.armies:,} of Armies, {counted.characters:,} of "
                       "Characters on their own (identical figures interchangeable)", style="bold"))
    if armies:
        two = counted.armies - len(singles)
        console.print(f"One Army alone ({len(singles):,} moves): from its region to each destination, the parts of "
                      "the Army that may go (each with at least one unit; Free Peoples Leaders follow an Army that "
                      "leaves no unit behind, WOTR-MOVE-7):")
        by_source: dict[str, list] = {}
        for (f, t), parts in armies.items():
            by_source.setdefault(f, []).append((t, parts))
        for f, items in by_source.items():
            mine = force_of(whole[f], by_id)
            console.print(f"  {board.regions[f].name} ({describe_force(mine)}):")
            for t, parts in items:
                w = ", the whole Army included" if any(p == whole[f] for p in parts) and len(parts) > 1 else ""
                one = f": {describe_force(force_of(parts[0], by_id))}" if len(parts) == 1 else ""
                console.print(f"    -> {board.regions[t].name}: {len(parts)} part{'s' if len(parts) > 1 else ''}"
                              f"{w}{one}")
        if two:
            console.print(f"Two different Armies (WOTR-MOVE-1): {two:,} moves, any two of the above from different "
                          "regions" + (", within the stacking limit of 10 (WOTR-STACK-1)"
                                       if s.flags["stacking_check"] == "forbid_move" else
                                       " (excess units removed at the end, WOTR-STACK-2)"))
    if counted.movers:
        console.print("Characters on their own (each mover independently; the count multiplies):")
        for who, n in counted.movers:
            console.print(f"  {who}: {n:,} ways")
        for g, ts in dests.items():
            if len(ts) > 50:  # a flier: say which regions it may not reach
                others = [r for r in board.regions if r not in ts and r != by_id[g].region]
                names = "every region but " + (", ".join(board.regions[r].name for r in others) or "its own")
            else:
                names = ", ".join(board.regions[t].name for t in ts)
            console.print(f"    {by_id[g].label(1)} from {board.regions[by_id[g].region].name}, alone, to "
                          f"{len(ts)} regions: {names}")
        if s.action.side == "free_peoples":
            console.print("    (a group of Companions moves up to its highest Level, WOTR-CHMOVE-3)")
    if args.count:
        return 0
    if refused:
        console.print(Text(f"Not listed: {refused}", style="bold"))
        return 0
    if not moves:
        return 0
    table = Table(title="every legal move" if not truncated else f"the first {len(moves):,} legal moves",
                  title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("movements (from -> to: figures)")
    for i, m in enumerate(moves, start=1):
        table.add_row(str(i), _move_text(m, groups))
    console.print(table)
    if truncated:
        console.print(f"... {counted.total - len(moves):,} more (shown: {len(moves):,}; --limit N shows more)")
    return 0


def _verify_moves(args: argparse.Namespace, s) -> int:
    from .cli import print_verdicts
    from .games.wotr.move_claims import verify

    if not s.claims:
        raise PycombatError(f"{s.file}: claims: the scenario has no claims to verify")
    return print_verdicts(args, s, None, verify(s, list(s.claims)), game="wotr", json_extra={"kind": "position"},
                          lead=_die_lines(s), sources=False)
