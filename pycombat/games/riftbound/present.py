"""Riftbound's reports as text (a ``rich`` console): one printer a verb, beside the verbs of :mod:`.verbs`.

Every printer starts with the scenario's title; the board after the showdown, each side's units
and the interpretation flags come next (:func:`board_header`).
"""
from __future__ import annotations

import builtins
from fractions import Fraction

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ...dice import fmt
from ...present import TABLE_MAX, plain_lines, title, tree_written, verdicts
from ...tree import format_fraction
from ...tree.options import option_lines
from .model import SIDES, Board, Scenario, other
from .damage.judge import judge_text
from .damage.outcome import Control, no_damage_step_reason
from .cards.showdown import unmodelled_lines
from .damage.splits import Derived
from .verbs import EnumerateReport, OddsReport, OptimizeReport, PlayReport, SideSplits, TreeReport, kills


# ---- shared ----------------------------------------------------------------------------------
def flags_line(scenario: Scenario) -> str:
    changed = [f"{k}={v} ({scenario.flag_origin.get(k, 'default')})" for k, v in scenario.flags.items()
               if scenario.flag_origin.get(k, "default") != "default"]
    main = ", ".join(f"{k}={scenario.flags[k]}" for k in ("excess_damage", "marked_damage", "split_repr"))
    return "Flags: " + (", ".join(changed) if changed else "all defaults") + f"; {main}"


def units_line(scenario: Scenario, board: Board, side: str) -> str:
    s = scenario.side(side)
    present = {u.name for u in board.side(side)}
    parts = []
    entered = tuple(u for u in scenario.reserve if u.side == side and u.name in present)  # moved in from base
    for u in s.units + entered:
        if u.name in present:
            parts.append(board.unit(u.name).describe())
        else:
            how = next((h for n, _, h in reversed(board.removed) if n == u.name), "moved away")
            parts.append(f"{u.name} ({how} in the showdown)")
    listed = {u.name for u in s.units + entered}
    # units that joined in the showdown otherwise: played from hand (RB-CARD-16), tokens (RB-CARD-15)
    parts += [u.describe() + " (arrived after the combat was staged)" for u in board.side(side) if u.name not in listed]
    return f"{side.capitalize()}: {s.player}: " + "; ".join(parts)


def board_header(console: Console, scenario: Scenario, board: Board, unmodelled: list[dict] = ()) -> None:
    """The battlefield, each side's units after the showdown, the flags, and the card clauses not
    modelled (RB-CARD-4)."""
    control = Control.of(scenario)
    notes = ([] if control.before == "defender" else ["uncontrolled as the combat began"]) + [
        f"the {side.capitalize()} already scored it this turn" for side in ("attacker", "defender")
        if side in control.scored]
    if scenario.battlefield or notes:
        console.print(f"Battlefield: {scenario.battlefield or 'the battlefield'}"
                      + (f" ({'; '.join(notes)})" if notes else ""))
    console.print(units_line(scenario, board, "attacker"))
    console.print(units_line(scenario, board, "defender"))
    console.print(flags_line(scenario))
    for line in unmodelled_lines(list(unmodelled)):
        console.print(line)


def _receivers_text(derived: Derived, side: str, board: Board) -> str:
    out = []
    for n in derived.targets[side]:
        tier = derived.tiers[side].get(n)
        tag = {0: "Tank, ", 2: "Backline, "}.get(tier, "") if n not in derived.duals[side] else "Tank+Backline, "
        lethal = derived.lethal.get(n)
        out.append(f"{n} ({tag}lethal {'never' if lethal is None else lethal})")
    out += [f"{n} (cannot be dealt damage: leftover only, RB-ORD-7)" for n in derived.dumps[side]]
    skipped = [u.name for u in board.side(other(side)) if u.immune and u.name not in derived.dumps[side]]
    text = ", ".join(out) or "nobody"
    if skipped:
        text += f"; {', '.join(skipped)} cannot be dealt damage and gets none (RB-ORD-7, immune_targets=exclude)"
    return text


# ---- enumerate -------------------------------------------------------------------------------------
def enumerate(report: EnumerateReport, console: Console) -> None:
    scenario, board = report.combat, report.board
    title(console, report)
    board_header(console, scenario, board, report.unmodelled)
    if not board.damage_step:
        console.print(f"No damage step: {no_damage_step_reason(board)} after the showdown (RB-DMG-1).")
    for side, ss in report.sides.items():
        d = ss.derived
        console.print("")
        player = ss.player
        console.print(f"{player} ({side}) assigns {d.to_assign[side]} damage among the {other(side)}s: "
                      f"{_receivers_text(d, side, board)}.")
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
        noun = "sequences" if ss.representation == "sequence" else "splits"
        listed, count = ss.splits, ss.count
        if count is None:
            console.print(Text(f"too many legal {noun} to count; the first {len(listed):,} found:", style="bold"))
        else:
            console.print(Text(f"{count:,} legal {noun}" if count != 1 else f"1 legal {noun[:-1]}", style="bold"))
        if report.count_only or not listed:
            continue
        if len(listed) > TABLE_MAX:
            console.print(_plain_header(ss))
            plain_lines(console, _split_lines(ss), len(listed))
        else:
            console.print(_splits_table(ss))
        if ss.truncated and count is not None:
            console.print(f"... {count - len(listed):,} more (shown: {len(listed):,}; use --limit N to show more)")
        for line in judge_text(ss.judge, side):
            console.print(line)
    console.print("")
    classes = report.outcomes
    control = Control.of(report.combat)
    texts = "; ".join(control.text(o) for o in sorted(classes.outcomes))
    how = "whichever legal splits are chosen" if len(classes.outcomes) == 1 else "depending on the splits"
    console.print(f"Outcome {how}: {texts} (RB-MODEL-4: {classes.explain()}).")


def _plain_header(ss: SideSplits) -> str:
    if ss.representation == "sequence":
        return "# assignments, in order | kills"
    return f"# damage to {', '.join(ss.derived.receivers(ss.side))} | kills"


def _split_lines(ss: SideSplits):
    """One plain line per listed split (a generator): a long listing is not built as a table."""
    for i, (sp, k) in builtins.enumerate(zip(ss.splits, ss.kills), start=1):
        if ss.representation == "sequence":
            what = " -> ".join(f"{u} {a}" for u, a in sp.steps) or "nothing"
        else:
            what = ", ".join(f"{u} {a}" for u, a in sp.amounts) or "nothing"
        yield f"{i:>7}  {what} | kills: {', '.join(k) or '-'}"


def _splits_table(ss: SideSplits) -> Table:
    table = Table(title=None, show_header=True)
    table.add_column("#", justify="right")
    if ss.representation == "sequence":
        table.add_column("assignments, in order")
        table.add_column("kills")
        for i, (sp, k) in builtins.enumerate(zip(ss.splits, ss.kills), start=1):
            table.add_row(str(i), " -> ".join(f"{u} {a}" for u, a in sp.steps) or "nothing", ", ".join(k) or "-")
        return table
    names = list(ss.derived.receivers(ss.side))
    for n in names:
        table.add_column(n, justify="right")
    table.add_column("kills")
    for i, (sp, k) in builtins.enumerate(zip(ss.splits, ss.kills), start=1):
        table.add_row(str(i), *[str(sp.get(n)) if sp.get(n) else "-" for n in names], ", ".join(k) or "-")
    return table


# ---- odds ------------------------------------------------------------------------------------------
def odds(report: OddsReport, console: Console) -> None:
    r, classes = report.result, report.outcomes
    title(console, report)
    board_header(console, report.combat, report.board, report.unmodelled)
    console.print("")
    for ln in r.lines:
        console.print(f"{ln.text}  [{', '.join(ln.rules)}]")
    console.print("")
    certain = len(classes.outcomes) == 1
    console.print(f"Outcome: {r.control.text(r.outcome)}; probability {fmt(Fraction(1))}: no dice in Riftbound combat."
                  + (f" There is no Combat Damage Step: {classes.no_damage_step} (RB-DMG-1)."
                     if classes.no_damage_step else
                     " Every pair of legal splits gives this outcome (RB-MODEL-4)." if certain else
                     " Other legal splits give: " + ", ".join(r.control.text(o) for o in sorted(classes.outcomes)
                                                            if o != r.outcome) + "."))
    if report.death_share:
        console.print("Share of the opponent's legal splits that kill each unit (a count over splits, not a "
                      "probability of play):")
        for n, p in report.death_share.items():
            console.print(f"  {n}: {fmt(p)}")
    if report.plot:
        console.print(f"kill counts drawn to {report.plot}")


# ---- optimize / tree -------------------------------------------------------------------------------
def optimize(report: OptimizeReport | PlayReport, console: Console) -> None:
    if isinstance(report, PlayReport):
        return play_optimize(report, console)
    scenario, board, opt, objective = report.combat, report.board, report.optimum, report.objective
    game = opt.game
    title(console, report)
    board_header(console, scenario, board, report.unmodelled)
    console.print(f"Objective: {objective.describe()} (best_split_objective; RB-MODEL-7: a convention, not a rule)")
    for side in SIDES:
        b = opt.sides[side]
        player = scenario.side(side).player
        console.print("")
        console.print(f"{player} ({side}) has {b.legal:,} legal split{'s' if b.legal != 1 else ''}; best "
                      f"({len(b.splits)} optimal):")
        top_n = report.top
        for sp in b.splits[:top_n]:
            console.print(f"  * {sp.label()}  -> kills {', '.join(kills(board, side, sp)) or 'nobody'}"
                          f" ({_score_text(game, side, kills(board, side, sp))})")
        if len(b.splits) > top_n:
            console.print(f"  ... {len(b.splits) - top_n} more optimal splits: --json lists them all")
        if len(b.classes) > 1:
            console.print(f"  every choice of units to kill, best first, with its score ({game.scale()}) and how much "
                          "worse it is than the best:")
            top = game.score(side, b.classes[0].killed)
            for c in b.classes[:top_n]:
                score = game.score(side, c.killed)
                mark, behind = ("*", "best") if score == top else (" ", f"{format_fraction(top - score)} worse")
                console.print(f"  {mark} {c.label()}  ({_score_text(game, side, c.killed)}; score "
                              f"{format_fraction(score)}, {behind})")
            if len(b.classes) > top_n:
                console.print(f"    ... {len(b.classes) - top_n} more: --json lists them all")
    console.print("")
    console.print("Joint view: the Attacker splits, then the Defender, knowing it (RB-DMG-3); both land at once "
                  "(RB-DMG-4). Solved as one zero-sum game (Attacker's score minus Defender's):")
    stats = opt.tree.stats()
    ka, kd = report.killed
    console.print(f"  game tree: {stats.nodes:,} nodes, {stats.edges:,} edges; value for the Attacker {fmt(opt.value)}"
                  f" = {format_fraction(game.score('attacker', ka))} ({_score_text(game, 'attacker', ka)}) - "
                  f"{format_fraction(game.score('defender', kd))} ({_score_text(game, 'defender', kd)}); "
                  f"{game.scale()}")
    if report.value_rules:
        console.print(f"  the value turns on the assignment rules {', '.join(report.value_rules)} (taken away, they "
                      "let other splits be legal and the value changes)")
    for st in opt.line:
        if st.action:
            who = "Attacker" if st.player == 0 else "Defender"
            console.print(f"  {who}: {st.action}")
        else:
            console.print(f"  => {st.state}")
    options = report.joint_options()
    if len(options) > 1:
        console.print("  the Attacker's choices, each with the Defender's best reply (value for the Attacker, and how "
                      "much worse than the best):")
        for line in option_lines(options, format_fraction, top=report.top, indent="    "):
            console.print(line)
    console.print("")
    texts = "; ".join(Control.of(report.combat).text(o) for o in sorted(opt.classes.outcomes))
    console.print(f"Outcome over all legal splits: {texts} (RB-MODEL-4: {opt.classes.explain()}).")


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


def tree(report: TreeReport, console: Console) -> None:
    title(console, report)
    console.print(tree_written(report, "the whole game"))
    if report.value is not None:
        console.print(f"value for the Attacker ({report.objective}): {format_fraction(report.value)}")
    for line in unmodelled_lines(report.unmodelled):
        console.print(line, highlight=False, markup=False)


# ---- verify ------------------------------------------------------------------------------------------
def verify(report, console: Console) -> None:
    """Each verdict with its rules (:func:`pycombat.present.verdicts`)."""
    verdicts(report, console)


def play_optimize(report: PlayReport, console: Console) -> None:
    """The showdown from both hands as a game: value, every decision on the line of best play with
    each option's value for the player who moves and how much worse it is (forced ones marked), the
    line, the outcome (RB-SHOW-3, RB-SHOW-4, RB-DMG-3)."""
    from ...tree.options import Short

    scenario, sol = report.combat, report.solution
    short = Short()
    title(console, report)
    console.print(f"Attacker: {scenario.attacker.player}: {', '.join(scenario.attacker.names)}; hand: "
                  f"{', '.join(c.name for c in scenario.hands['attacker']) or 'none'}", highlight=False)
    console.print(f"Defender: {scenario.defender.player}: {', '.join(scenario.defender.names)}; hand: "
                  f"{', '.join(c.name for c in scenario.hands['defender']) or 'none'}", highlight=False)
    console.print(flags_line(scenario), highlight=False)
    if sol.objective == "conquer":
        console.print("Objective: the Attacker conquers the battlefield (1) or not (0); the Defender plays to stop "
                      "him (RB-RES-7)")
    else:
        console.print(f"Objective: {report.objective.describe()} (best_split_objective; RB-MODEL-7: a convention, "
                      "not a rule), over the whole combat (the units each side loses in the showdown and in the "
                      "damage step); the value is the Attacker's score minus the Defender's"
                      + (f"; {sol.scale}" if sol.scale else ""), highlight=False)
    if any(phase == "triggers" for phase, _ in sol.decisions):
        console.print("The triggers the file does not state are chosen by their players as they go on the chain: the "
                      "Attacker's \"When I move\" ones first (they resolve before the combat is held, RB-COMB-2), then "
                      "the combat triggers, the Attacker's (in the order he chooses) then the Defender's; the Defender's "
                      "resolve first (RB-SHOW-2, RB-CARD-10).", highlight=False)
    console.print("The showdown as a game: the Attacker has Focus first (RB-SHOW-1); the player to act plays an Action "
                  "or Reaction card, only Reaction on an open chain, and keeps priority, or passes (on an empty chain "
                  "passing Focus); both passing in turn resolves the chain's newest item only (the controller of the "
                  "next item then acts; once the chain is empty Focus passes), or, on an empty chain, ends the "
                  "showdown (RB-SHOW-3, RB-SHOW-4); then the damage splits (RB-DMG-3).", highlight=False)
    console.print(f"Value for the Attacker under optimal play by both: {short(sol.value)}  ({sol.nodes:,} states "
                  f"searched with alpha-beta pruning; the game estimated at {sol.estimate:,})", highlight=False)
    for side, v in getattr(sol, "if_unpaid", {}).items():  # RB-CARD-8: a cost the scenario cannot say he can pay
        console.print(f"  if the {side} cannot pay his cards' additional costs that are no Energy or runes (not in the "
                      f"scenario; named below): {short(v)}", highlight=False)
    forced = sum(1 for _, d in sol.decisions if d.forced)
    console.print(f"Decisions on the line of best play ({len(sol.decisions)}, {forced} forced), each option's value "
                  "for the player who moves and how much worse it is than the best:", highlight=False)
    for phase, d in sol.decisions:
        who = "Attacker" if d.player == 0 else "Defender"
        if d.forced:
            console.print(f"  {who} ({phase}) at {d.state}: forced: {d.options[0].label}", highlight=False,
                          markup=False)
            continue
        console.print(f"  {who} ({phase}) at {d.state}: {len(d.options)} options", highlight=False, markup=False)
        for line in option_lines(d.options, short, top=report.top, indent="    "):
            console.print(line, highlight=False, markup=False)
    console.print("Line of best play:")
    for phase, action in sol.line:
        console.print(f"  {action}", highlight=False, markup=False)
    ka, kd = sol.killed
    lost = [f"the {side} lost {', '.join(names)} in the showdown" for side, names in sol.lost.items() if names]
    if sol.showdown.board.damage_step:
        steps = (f"the Attacker kills {', '.join(ka) or 'nobody'}, the Defender kills {', '.join(kd) or 'nobody'} "
                 "(damage step)")
    else:  # RB-DMG-1: a side with no unit left at the battlefield: no splits, no kills there
        steps = "no Combat Damage Step: one side has no units left at the battlefield after the showdown (RB-DMG-1)"
    console.print(f"Outcome: {Control.of(scenario).text(sol.outcome)}; {steps}"
                  + (f"; {'; '.join(lost)}" if lost else "") + ".", highlight=False)
    for line in unmodelled_lines(sol.unmodelled):
        console.print(line, highlight=False, markup=False)
    if short.rounded:
        console.print(short.NOTE)
