"""``pycombat VERB FILE`` for riftbound scenarios (``game: riftbound``): parse-time options and printing only.

The game layer is ``pycombat/games/riftbound/`` (imported inside :func:`run`, so that
``pycombat --help`` stays light); the rules are in ``asp_rules/riftbound``.

* ``enumerate``: each side's legal damage splits (count and list), with the units each kills;
* ``optimize``: each side's best split (RB-MODEL-7) and the joint view (both assignments as
  one game, solved by the engine), with the outcome classes (RB-MODEL-4);
* ``odds``: the resulting board, step by step (deterministic: no dice);
* ``verify``: the claims of the scenario, with the rule ids that decide them;
* ``tree``: the joint game tree to GraphML, DOT or PNG.
"""
from __future__ import annotations

import argparse
from fractions import Fraction

from .errors import PycombatError

#: the verbs this game answers
VERBS = ("enumerate", "odds", "optimize", "verify", "tree")
_PROTECT = (("--protect",), {"action": "append", "default": [], "metavar": "UNIT",
                             "help": "Riftbound: a unit the assigner prefers to leave alive (e.g. one whose Deathknell "
                                     "helps its owner); repeatable; spared first, before the objective"})
_OBJECTIVE = (("--objective",), {})
_CHARACTER = (("--character",), {})
#: verb -> [(flags, argparse keywords)], options of this game beyond FILE, --json, --flag, -o, --depth, --max-nodes
OPTIONS: dict[str, list[tuple[tuple[str, ...], dict]]] = {
    "enumerate": [(("--limit",), {}), (("--count",), {}), (("--max-list",), {}),
                  (("--side",), {"choices": ("attacker", "defender"), "default": None,
                                 "help": "Riftbound: only this side's splits (default: both)"})],
    "odds": [(("--plot",), {})],
    "optimize": [_OBJECTIVE, _CHARACTER, _PROTECT],
    "tree": [_OBJECTIVE, _CHARACTER, _PROTECT],
}
DEFAULT_MAX_LIST = 100_000


def run(verb: str, args: argparse.Namespace, scenario, note: str | None) -> int:
    return {"enumerate": _enumerate, "odds": _odds, "optimize": _optimize, "verify": _verify,
            "tree": _tree}[verb](args, scenario, note)


# ---- shared ----------------------------------------------------------------------------------
def _flags_line(scenario) -> str:
    changed = [f"{k}={v} ({scenario.flag_origin.get(k, 'default')})" for k, v in scenario.flags.items()
               if scenario.flag_origin.get(k, "default") != "default"]
    main = ", ".join(f"{k}={scenario.flags[k]}" for k in ("excess_damage", "marked_damage", "split_repr"))
    return "Flags: " + (", ".join(changed) if changed else "all defaults") + f"; {main}"


def _units_line(scenario, board, side: str) -> str:
    s = scenario.side(side)
    present = {u.name for u in board.side(side)}
    parts = []
    entered = tuple(u for u in scenario.reserve if u.side == side and u.name in present)
    for u in s.units + entered:
        if u.name in present:
            parts.append(board.unit(u.name).describe())
        else:
            how = next((h for n, _, h in reversed(board.removed) if n == u.name), "moved away")
            parts.append(f"{u.name} ({how} in the showdown)")
    return f"{side.capitalize()}: {s.player}: " + "; ".join(parts)


def _board_header(console, scenario, board) -> None:
    if scenario.battlefield:
        console.print(f"Battlefield: {scenario.battlefield}" + (" (the Attacker already scored it this turn)"
                                                                if scenario.scored_this_turn else ""))
    console.print(_units_line(scenario, board, "attacker"))
    console.print(_units_line(scenario, board, "defender"))
    console.print(_flags_line(scenario))
    from .games.riftbound.showdown import play_showdown
    for line in play_showdown(scenario).unmodelled_lines():
        console.print(line)


def _receivers_text(derived, side: str, board) -> str:
    out = []
    for n in derived.targets[side]:
        tier = derived.tiers[side].get(n)
        tag = {0: "Tank, ", 2: "Backline, "}.get(tier, "") if n not in derived.duals[side] else "Tank+Backline, "
        lethal = derived.lethal.get(n)
        out.append(f"{n} ({tag}lethal {'never' if lethal is None else lethal})")
    out += [f"{n} (cannot be dealt damage: leftover only, RB-ORD-7)" for n in derived.dumps[side]]
    from .games.riftbound.model import other

    skipped = [u.name for u in board.side(other(side)) if u.immune and u.name not in derived.dumps[side]]
    text = ", ".join(out) or "nobody"
    if skipped:
        text += f"; {', '.join(skipped)} cannot be dealt damage and gets none (RB-ORD-7, immune_targets=exclude)"
    return text


def _kills(board, side: str, split) -> list[str]:
    from .games.riftbound.model import other

    return [u.name for u in board.side(other(side)) if u.dies_with(split.get(u.name))]


# ---- enumerate -------------------------------------------------------------------------------------
def _enumerate(args: argparse.Namespace, scenario, note: str | None) -> int:
    import itertools

    from rich.text import Text

    from .cli import _emit_json, _header
    from .errors import TooLargeError
    from .games.riftbound.model import SIDES, other
    from .games.riftbound.outcome import OUTCOME_TEXT, outcome_classes
    from .games.riftbound.showdown import play_showdown
    from .games.riftbound.splits import LegalSplits

    showdown = play_showdown(scenario)
    board = showdown.board
    max_list = args.max_list or DEFAULT_MAX_LIST
    sides = [args.side] if args.side else list(SIDES)
    report = {}
    for side in sides:
        view = LegalSplits(board, side)
        try:
            count = view.count()
        except TooLargeError as exc:
            if args.count or not args.limit:
                raise TooLargeError(f"{exc}; use --limit N to list the first N") from None
            listed = list(itertools.islice(view, args.limit))
            report[side] = (view, None, listed, True)
            continue
        listed, truncated = [], False
        if not args.count:
            if args.limit is None and count > max_list:
                raise TooLargeError(f"the {side} has {count:,} legal splits: too many to list (the limit is "
                                    f"{max_list:,}). Use --count for the number, --limit N for the first N, or "
                                    f"--max-list {count} to list them all.")
            if count <= max_list:  # all of them, in a stable order: most damage on the first units first
                listed = sorted(view, key=_sort_key(view))[: args.limit or None]
            else:  # --limit N of a huge set: the first N the solver streams
                listed = list(itertools.islice(view, args.limit))
            truncated = count > len(listed)
        report[side] = (view, count, listed, truncated)
    classes = outcome_classes(board)
    if args.json:
        out = {"game": "riftbound", "scenario": scenario.file, "title": scenario.title, "flags": dict(scenario.flags),
               "damage_step": board.damage_step, "sides": {},
               "outcomes": sorted(classes.outcomes), "outcome_reason": classes.explain(),
               "unmodelled": showdown.unmodelled_json()}
        from .games.riftbound.judge import judge_json
        for side, (view, count, listed, truncated) in report.items():
            d = view.derived
            entry = {"player": scenario.side(side).player, "total": d.pool[side], "assigns": d.to_assign[side],
                     "total_lethal": d.total_lethal[side], "excess": d.excess[side],
                     "receivers": [{"unit": n, "lethal": d.lethal.get(n), "tier": d.tiers[side].get(n),
                                    "dual": n in d.duals[side]} for n in d.targets[side]]
                     + [{"unit": n, "immune": True} for n in d.dumps[side]],
                     "representation": view.representation, "count": count}
            if not args.count:
                entry["splits"] = [{**sp.as_json(), "kills": _kills(board, side, sp)} for sp in listed]
                if truncated:
                    entry["truncated"] = True
            entry["judge"] = judge_json(board, side, scenario.splits.get(side))
            out["sides"][side] = entry
        return _emit_json(out)
    console = _header(scenario, note)
    _board_header(console, scenario, board)
    if not board.damage_step:
        console.print("No damage step: one side has no units left at the battlefield after the showdown (RB-DMG-1).")
    for side, (view, count, listed, truncated) in report.items():
        d = view.derived
        console.print("")
        player = scenario.side(side).player
        head = (f"{player} ({side}) assigns {d.to_assign[side]} damage among the {other(side)}s: "
                f"{_receivers_text(d, side, board)}.")
        console.print(head)
        if d.to_assign[side] and d.big[side]:
            how = ("wherever " + player + " likes" if scenario.flags["excess_damage"] == "free"
                   else "on the last unit assigned")
            if d.excess[side]:
                console.print(f"  {d.to_assign[side]} >= total lethal {d.total_lethal[side]}: every unit gets lethal "
                              f"damage and {d.excess[side]} is left over, {how} (RB-DMG-9, "
                              f"excess_damage={scenario.flags['excess_damage']}).")
            else:
                console.print(f"  {d.to_assign[side]} = total lethal {d.total_lethal[side]}: every unit gets exactly "
                              "its lethal damage (RB-DMG-6, RB-DMG-7).")
        elif d.to_assign[side]:
            never = any(d.lethal.get(n) is None for n in d.targets[side])
            console.print(f"  {d.to_assign[side]} < total lethal {'never reached' if never else d.total_lethal[side]}"
                          ": units get lethal damage one at a time, only the last one may be left short "
                          "(RB-DMG-6, RB-DMG-7, RB-DMG-8).")
        noun = "sequences" if view.representation == "sequence" else "splits"
        if count is None:
            console.print(Text(f"too many legal {noun} to count; the first {len(listed):,} found:", style="bold"))
        else:
            console.print(Text(f"{count:,} legal {noun}" if count != 1 else f"1 legal {noun[:-1]}", style="bold"))
        if args.count or not listed:
            continue
        console.print(_splits_table(view, listed, board, side))
        if truncated and count is not None:
            console.print(f"... {count - len(listed):,} more (shown: {len(listed):,}; use --limit N to show more)")
        from .games.riftbound.judge import judge_lines
        for line in judge_lines(board, side, scenario.splits.get(side)):
            console.print(line)
    console.print("")
    texts = "; ".join(OUTCOME_TEXT[o] for o in sorted(classes.outcomes))
    how = "whichever legal splits are chosen" if len(classes.outcomes) == 1 else "depending on the splits"
    console.print(f"Outcome {how}: {texts} (RB-MODEL-4: {classes.explain()}).")
    return 0


def _sort_key(view):
    rank = {n: i for i, n in enumerate(view.derived.receivers(view.side))}
    if view.representation == "sequence":
        return lambda sp: tuple((rank.get(u, 99), -a) for u, a in sp.steps)
    names = list(rank)
    return lambda sp: tuple(-sp.get(n) for n in names)


def _splits_table(view, listed, board, side):
    from rich.table import Table

    d = view.derived
    table = Table(title=None, show_header=True)
    table.add_column("#", justify="right")
    if view.representation == "sequence":
        table.add_column("assignments, in order")
        table.add_column("kills")
        for i, sp in enumerate(listed, start=1):
            table.add_row(str(i), " -> ".join(f"{u} {a}" for u, a in sp.steps) or "nothing",
                          ", ".join(_kills(board, side, view.as_vector(sp))) or "-")
        return table
    names = list(d.receivers(side))
    for n in names:
        table.add_column(n, justify="right")
    table.add_column("kills")
    for i, sp in enumerate(listed, start=1):
        table.add_row(str(i), *[str(sp.get(n)) if sp.get(n) else "-" for n in names],
                      ", ".join(_kills(board, side, sp)) or "-")
    return table


def _unmodelled_json(scenario) -> list[dict]:
    """RB-CARD-4: the card clauses of the showdown the model does not interpret."""
    from .games.riftbound.showdown import play_showdown

    return play_showdown(scenario).unmodelled_json()


# ---- odds ------------------------------------------------------------------------------------------
def _odds(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .cli import _emit_json, _header
    from .dice import Dist, as_json, fmt
    from .games.riftbound.game import kill_classes
    from .games.riftbound.model import SIDES, other
    from .games.riftbound.outcome import OUTCOME_TEXT, outcome_classes, resolve

    r = resolve(scenario)
    board = r.board
    classes = outcome_classes(board)
    shares: dict[str, dict[str, Fraction]] = {}
    kills_dist: dict[str, Dist] = {}
    for side in SIDES:
        if not board.damage_step:
            continue
        kcs = kill_classes(board, side)
        total = sum(c.count for c in kcs)
        for u in board.side(other(side)):
            shares[u.name] = Fraction(sum(c.count for c in kcs if u.name in c.killed), total)
        kills_dist[side] = Dist((len(c.killed), Fraction(c.count, total)) for c in kcs)
    if args.plot:
        from .plot import plot_distributions

        plot_distributions({f"{scenario.side(s).player} ({s}): units its split kills": kills_dist[s]
                            for s in kills_dist}, args.plot,
                           title=(scenario.title or "Riftbound combat") + " (share of legal splits)",
                           xlabel="enemy units killed")
    if args.json:
        return _emit_json({
            "game": "riftbound", "scenario": scenario.file, "title": scenario.title, "flags": dict(scenario.flags),
            "splits": {s: {**sp.as_json(), "chosen": r.chosen[s]} for s, sp in r.splits.items()},
            "dealt": dict(r.dealt), "died": list(r.died), "survivors": {s: list(v) for s, v in r.survivors.items()},
            "outcome": r.outcome, "outcome_text": OUTCOME_TEXT[r.outcome], "scores": r.scores,
            "probability": as_json(Fraction(1)), "outcomes_over_all_legal_splits": sorted(classes.outcomes),
            "outcome_reason": classes.explain(), "unmodelled": _unmodelled_json(scenario),
            "death_share": {n: as_json(p) for n, p in shares.items()},
            "steps": [{"text": ln.text, "rules": list(ln.rules)} for ln in r.lines]})
    console = _header(scenario, note)
    _board_header(console, scenario, board)
    console.print("")
    for ln in r.lines:
        console.print(f"{ln.text}  [{', '.join(ln.rules)}]")
    console.print("")
    certain = len(classes.outcomes) == 1
    console.print(f"Outcome: {OUTCOME_TEXT[r.outcome]}; probability {fmt(Fraction(1))}: no dice in Riftbound combat."
                  + (" Every pair of legal splits gives this outcome (RB-MODEL-4)." if certain else
                     " Other legal splits give: " + ", ".join(OUTCOME_TEXT[o] for o in sorted(classes.outcomes)
                                                            if o != r.outcome) + "."))
    if shares:
        console.print("Share of the opponent's legal splits that kill each unit (a count over splits, not a "
                      "probability of play):")
        for n, p in shares.items():
            console.print(f"  {n}: {fmt(p)}")
    if args.plot:
        console.print(f"kill counts drawn to {args.plot}")
    return 0


# ---- optimize / tree -----------------------------------------------------------------------------
def _objective(args, scenario, board):
    from .games.riftbound.optimize import objective_from

    protect = list(args.protect or []) + ([args.character] if args.character else [])
    return objective_from(args.objective, protect, scenario, board)


def _optimize(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .cli import _console, _emit_json, _header, _progress_bar
    from .dice import fmt
    from .games.riftbound.model import SIDES
    from .games.riftbound.optimize import optimize, root_alternatives
    from .games.riftbound.outcome import OUTCOME_TEXT
    from .games.riftbound.showdown import play_showdown
    from .tree import format_fraction

    board = play_showdown(scenario).board
    objective = _objective(args, scenario, board)
    console = _console() if args.json else _header(scenario, note)
    bar, progress = _progress_bar(console)
    with bar:
        opt = optimize(board, objective, max_nodes=args.max_nodes, progress=progress)
    game = opt.game
    last = opt.line[-1]
    final_killed = _final_killed(opt)
    if args.json:
        return _emit_json({
            "game": "riftbound", "scenario": scenario.file, "objective": objective.name,
            "unmodelled": _unmodelled_json(scenario),
            "protect": list(objective.protect), "flags": dict(scenario.flags),
            "sides": {s: {"best": [sp.as_json() for sp in b.splits], "kills": list(b.killed),
                          "score": format_fraction(game.score(s, b.killed)), "legal_splits": b.legal,
                          "kill_classes": [{"kills": list(c.killed), "splits": c.count,
                                            "example": c.splits[0].as_json(),
                                            "score": format_fraction(game.score(s, c.killed))} for c in b.classes]}
                      for s, b in opt.sides.items()},
            "joint": {"value": format_fraction(opt.value), "line": [st.action for st in opt.line if st.action],
                      "killed": {"by_attacker": list(final_killed[0]), "by_defender": list(final_killed[1])},
                      "outcome": last.state.rsplit(": ", 1)[-1],
                      "tree": {"nodes": opt.tree.stats().nodes, "edges": opt.tree.stats().edges}},
            "outcomes_over_all_legal_splits": sorted(opt.classes.outcomes),
            "outcome_reason": opt.classes.explain(), "seconds": round(opt.seconds, 3)})
    _board_header(console, scenario, board)
    console.print(f"Objective: {objective.describe()} (best_split_objective; RB-MODEL-7: a convention, not a rule)")
    for side in SIDES:
        b = opt.sides[side]
        player = scenario.side(side).player
        console.print("")
        console.print(f"{player} ({side}) has {b.legal:,} legal split{'s' if b.legal != 1 else ''}; best "
                      f"({len(b.splits)} optimal):")
        for sp in b.splits[:10]:
            console.print(f"  * {sp.label()}  -> kills {', '.join(_kills(board, side, sp)) or 'nobody'}"
                          f" ({_score_text(game, side, _kills(board, side, sp))})")
        if len(b.splits) > 10:
            console.print(f"  ... {len(b.splits) - 10} more optimal splits")
        if len(b.classes) > 1:
            console.print("  every choice of units to kill, best first:")
            top = game.score(side, b.classes[0].killed)
            for c in b.classes:
                mark = "*" if game.score(side, c.killed) == top else " "
                console.print(f"  {mark} {c.label()}  ({_score_text(game, side, c.killed)})")
    console.print("")
    console.print("Joint view: the Attacker splits, then the Defender, knowing it (RB-DMG-3); both land at once "
                  "(RB-DMG-4). Solved as one zero-sum game (Attacker's score minus Defender's):")
    stats = opt.tree.stats()
    ka, kd = final_killed
    console.print(f"  game tree: {stats.nodes:,} nodes, {stats.edges:,} edges; value for the Attacker {fmt(opt.value)}"
                  f" = {format_fraction(game.score('attacker', ka))} ({_score_text(game, 'attacker', ka)}) - "
                  f"{format_fraction(game.score('defender', kd))} ({_score_text(game, 'defender', kd)}); "
                  f"{game.scale()}")
    for st in opt.line:
        if st.action:
            who = "Attacker" if st.player == 0 else "Defender"
            console.print(f"  {who}: {st.action}")
        else:
            console.print(f"  => {st.state}")
    alts = root_alternatives(opt)
    if len(alts) > 1:
        console.print("  the Attacker's alternatives with the Defender's best reply (value for the Attacker):")
        for a in alts[:10]:
            console.print(f"  {'*' if a.best else ' '} {fmt(a.value[0]):>14}  {a.label}")
    console.print("")
    texts = "; ".join(OUTCOME_TEXT[o] for o in sorted(opt.classes.outcomes))
    console.print(f"Outcome over all legal splits: {texts} (RB-MODEL-4: {opt.classes.explain()}).")
    return 0


def _final_killed(opt):
    g = opt.game
    st = g.new_initial_state()
    for step in opt.line:
        if step.action is None:
            break
        node = opt.tree.node(step.node)
        st = st.child(node["best_action"])
    return st.killed()


def _score_text(game, side: str, killed) -> str:
    mights = sum(max(0, game.board.unit(n).current_might) for n in killed)
    name = game.objective.name
    parts = [f"{len(killed)} kill{'s' if len(killed) != 1 else ''}", f"{mights} Might"]
    if name == "might_then_kills":
        parts.reverse()
    if name == "custom":
        value = sum((game.board.unit(n).value or 0 for n in killed), Fraction(0))
        parts.insert(0, f"value {value}")
    lost = [n for n in killed if n in game.objective.protect]
    if lost:
        parts.insert(0, f"kills the protected {', '.join(lost)}")
    return ", ".join(parts)


def _tree(args: argparse.Namespace, scenario, note: str | None) -> int:
    from pathlib import Path

    from .cli import _header, _progress_bar
    from .games.riftbound.game import JointGame
    from .games.riftbound.showdown import play_showdown
    from .tree import build_tree, solve, to_dot, to_graphml, to_png

    out = Path(args.output)
    kind = out.suffix.lower()
    if kind not in (".graphml", ".dot", ".png"):
        raise PycombatError(f"-o {args.output}: the extension must be .graphml, .dot or .png")
    board = play_showdown(scenario).board
    objective = _objective(args, scenario, board)
    console = _header(scenario, note)
    bar, progress = _progress_bar(console)
    game = JointGame(board, objective)
    with bar:
        tree = build_tree(game.new_initial_state(), max_nodes=args.max_nodes, max_depth=args.depth, progress=progress)
    if args.depth is None:
        solve(tree)
    names = ("attacker", "defender")
    if kind == ".graphml":
        to_graphml(tree, out)
    elif kind == ".dot":
        to_dot(tree, out, player_names=names)
    else:
        to_png(tree, out, player_names=names)
    console.print(f"wrote {out}: {tree.stats()}" + ("" if args.depth is None else f" (first {args.depth} plies, "
                                                                                  "not solved)"))
    return 0


# ---- verify ------------------------------------------------------------------------------------------
def _verify(args: argparse.Namespace, scenario, note: str | None) -> int:
    from .cli import print_verdicts
    from .games.riftbound.claims import verify

    if not scenario.claims:
        raise PycombatError(f"{args.file}: claims: the scenario has no claims to verify")
    from .games.riftbound.showdown import play_showdown
    sd = play_showdown(scenario)
    return print_verdicts(args, scenario, note, verify(scenario, list(scenario.claims)), game="riftbound",
                          detail=_detail, reading="another reading", lead=sd.unmodelled_lines(),
                          json_extra={"unmodelled": sd.unmodelled_json()})


def _detail(d) -> str:
    if isinstance(d, list) and d and isinstance(d[0], str):
        return f"{d[0]}(" + ", ".join(_detail(x) for x in d[1:]) + ")"
    return str(d)
