"""MECCG's printing: each verb's report as text on a rich console (no rules here)."""
from __future__ import annotations

import builtins

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ...dice import fmt
from ...errors import detail_text
from ...present import TABLE_MAX, plain_lines, title, verdicts
from ...rulebook import load_rulebook
from ...tree.options import option_lines as valued_option_lines
from .cards.coverage import lines_of

__all__ = ["enumerate", "odds", "replay", "verify", "optimize", "tree"]


def _member_label(scenario, name: str) -> str:
    m = scenario.member(name)
    return name if m.status == "untapped" else f"{name} ({m.status})"


def enumerate(report, console: Console) -> None:
    """The attack's legality with its rules, the strikes and targets, the count and a table; then
    what the model does not interpret (MECCG-FX-10)."""
    _enumerate(report, console)
    for o in report.after_check:  # a check before strikes are assigned (MECCG-FX-31)
        listed = " (listed above)" if o.get("listed") and not report.count_only else ""
        console.print(f"  if {o['outcome']} ({fmt(o['p'])}): {o['count']} legal assignments of the company it "
                      f"leaves{listed} ({o['rule']})")
    _lines(console, lines_of(report.unmodelled))


def _lines(console: Console, lines) -> None:
    for text in lines:
        console.print(Text(text))


def _enumerate(report, console: Console) -> None:
    result = report.result
    s = result.scenario
    book = load_rulebook("meccg")
    title(console, report)
    a, d = s.attacker, s.defender
    console.print(f"Attacker: {a.player} ({a.alignment}, {result.attack.kinds[0]} company) at {a.site}")
    console.print(f"Defender: {d.player} ({d.alignment}, {result.attack.kinds[1]} company) at {d.site}")
    changed = [f"{k}={v} ({s.flag_origin.get(k, 'default')})" for k, v in s.flags.items()
               if s.flag_origin.get(k, "default") != "default"]
    console.print("Flags: " + (", ".join(changed) if changed else "all defaults")
                  + f"; phase2_assignment={s.flags['phase2_assignment']}")
    if not result.attack.legal:
        console.print(Text("The attack is not legal:", style="bold red"))
        for r in result.reasons():
            detail = f" [{detail_text(r['detail'])}]" if r.get("detail") is not None else ""
            console.print(f"  {r['rule']}{detail}: {r['text']} (source: {r['source'].rstrip('.')})")
        return
    console.print("The attack is legal: " + "; ".join(
        f"{r['rule']} ({r['source'].rstrip('.')})" for r in result.reasons()))
    console.print(f"Strikes ({len(result.attack.strikes)}): "
                  + ", ".join(_member_label(s, n) for n in result.attack.strikes))
    for member, rule in result.attack.no_strike:
        console.print(f"  no strike from {member}: {book.cite(rule)}")
    console.print(f"Targets ({len(result.attack.targets)}): "
                  + ", ".join(_member_label(s, n) for n in result.attack.targets))
    for member, rule in result.attack.no_target:
        console.print(f"  {member} is no target: {book.cite(rule)}")
    noun = "traces" if result.traces else "complete assignments"
    at_least = "" if getattr(result, "count_exact", True) else "at least "
    console.print(Text(f"{at_least}{result.count:,} legal {noun}", style="bold"))
    if report.count_only or not result.options:
        return
    if len(result.options) > TABLE_MAX:
        _plain_listing(result, console)
    else:
        console.print(_traces_table(result) if result.traces else _assignments_table(result))
    if result.truncated:
        console.print(f"... {at_least}{result.count - len(result.options):,} more (shown: {len(result.options):,}; "
                      f"use --limit N to show more)")
    if not getattr(result, "ordered", True):
        console.print("(in the canonical order among the first orbits the solver gave only, the rest in its order: "
                      "the attack has too many orbits of alike strikes to order them all)")




def option_lines(result):
    """One plain line per listed option (a generator: nothing is built ahead)."""
    if result.traces:
        for i, o in builtins.enumerate(result.options, start=1):
            cells = [", ".join(f"{t} <- {s}" for s, t, ph in o.steps if ph == p) or "-" for p in (1, 2, 3)]
            yield f"{i:>7}  I: {cells[0]} | II: {cells[1]} | III: {cells[2]} | excess: {', '.join(o.excess) or '-'}"
        return
    targets = result.attack.targets
    for i, o in builtins.enumerate(result.options, start=1):
        by_target = {t: s for s, t in o.pairs}
        yield (f"{i:>7}  " + "; ".join(f"{t} <- {by_target.get(t, '-')}" for t in targets)
               + f" | excess: {', '.join(o.excess) or '-'}")


def _plain_listing(result, console: Console) -> None:
    """A long listing as plain lines written straight to the console's file (no table is built); on
    a terminal only the first PAGE_LINES, then how many remain."""
    console.print(("phase I (defender) | phase II (attacker) | phase III (defender) | excess" if result.traces
                   else "each defending target <- the strike of (attacking member) | excess"))
    plain_lines(console, option_lines(result), len(result.options))


def _assignments_table(result) -> Table:
    targets = result.attack.targets
    table = Table(title="strike of (attacking member) -> each defending target", title_justify="left")
    table.add_column("#", justify="right")
    for t in targets:
        table.add_column(_member_label(result.scenario, t))
    table.add_column("excess")
    for i, o in builtins.enumerate(result.options, start=1):
        by_target = {t: s for s, t in o.pairs}
        table.add_row(str(i), *[by_target.get(t, "-") for t in targets], ", ".join(o.excess) or "-")
    return table


def _traces_table(result) -> Table:
    table = Table(title="phase I (defender) / phase II (attacker) / phase III (defender)", title_justify="left")
    table.add_column("#", justify="right")
    for name in ("phase I", "phase II", "phase III", "excess"):
        table.add_column(name)
    for i, o in builtins.enumerate(result.options, start=1):
        cells = []
        for p in (1, 2, 3):
            cells.append(", ".join(f"{t} <- {s}" for s, t, ph in o.steps if ph == p) or "-")
        table.add_row(str(i), *cells, ", ".join(o.excess) or "-")
    return table


def odds(report, console: Console) -> None:
    """Each strike's exact result probabilities, each character's fates, the kill-MP distributions; with
    a check before strikes are assigned (MECCG-FX-31), those after each of its outcomes, then over all."""
    co = report.odds
    (dp, ap), (dal, aal) = report.players, report.alignments
    title(console, report)
    console.print(f"{dp} defends ({dal}); {ap} attacks ({aal}). Strikes in {dp}'s order (MECCG-SEQ-1).")
    console.print("Choices not given in the file take these defaults:")
    for line in report.defaults:
        console.print(f"  - {line}")
    _lines(console, _unmodelled_text(report))
    _lines(console, _ended_text(report))
    if report.check is not None:
        _check_odds(report, console)
    else:
        if co.cancel is not None:
            console.print(f"{co.cancel.text()}; every figure below includes that chance")
        _strike_tables(co, console)
    for ally, v in report.discarded_with_controller.items():
        console.print(f"{ally} is discarded if {v['controller']} is wounded: {fmt(v['p'])} ({v['rule']})")
    for item, v in report.items_discarded.items():
        console.print(f"{item} keeps {v['bearer']} unwounded by a strike he loses, then is discarded on a roll "
                      f"above {v['above']}: {fmt(v['p'])} ({v['rule']})")
    _kill_mp(report, report.kill_mp, report.owner_mp_lost, console)
    if report.after_attack is not None:
        _after_attack(report, console)
    if report.plot:
        console.print(f"kill-MP distributions drawn to {report.plot}")


def _after_attack(report, console: Console) -> None:
    """The strikes after the attack's strikes a card played in it costs (MECCG-FX-32), with their kill MPs."""
    from .combat.after_attack import RULES

    after = report.after_attack
    console.print(Text(f"After the attack's strikes ({', '.join(RULES)})", style="bold"))
    for i in range(len(after.strikes)):
        a, p = after.strikes[i], after.per_strike(i)
        ways = ", ".join(f"{k} {fmt(v)}" for k, v in p.items() if v)
        console.print(f"  {a.card}: {a.ally} strikes {a.controller} at prowess {a.prowess}: {ways}")
    kill = after.kill_mp()
    console.print(f"  {report.players[1]} (attacker) kill MPs from them: "
                  + ", ".join(f"{k}: {fmt(p)}" for k, p in kill.items())
                  + f"; expected {fmt(kill.expectation())} (besides the attack's above); "
                  f"expected MPs {report.players[0]} loses through them (MECCG-BODY-7/9): {fmt(after.owner_mp_lost())}")


def _kill_mp(report, kill, lost, console: Console, indent: str = "") -> None:
    """The kill-MP distributions of both players and the MPs the owners lose (MECCG-BODY-5..9)."""
    dp, ap = report.players
    for who, dist in ((f"{dp} (defender) kill MPs", kill[0]), (f"{ap} (attacker) kill MPs", kill[1])):
        console.print(Text(f"{indent}{who}", style="bold"))
        for k, p in dist.items():
            console.print(f"{indent}  {k}: {fmt(p)}")
        console.print(f"{indent}  expected: {fmt(dist.expectation())}")
    console.print(f"{indent}Expected MPs the owners lose through \"if eliminated\" clauses and avatars "
                  f"[elimination_mp_clauses={report.flags['elimination_mp_clauses']}] (MECCG-BODY-7, MECCG-BODY-9): "
                  f"{dp} {fmt(lost[0])}, {ap} {fmt(lost[1])}")


def _check_odds(report, console: Console) -> None:
    """The check before strikes are assigned (MECCG-FX-31): each outcome with its chance, its assignment and
    the odds of the strikes after it; then the chance of each fate over all of them."""
    from .combat.before_outcomes import check_line
    from .combat.strikes import marginal

    check = report.check
    if check.cancel is not None:
        console.print(f"{check.cancel.text()}; if the attack goes on ({fmt(1 - check.cancel.chance)}):")
    elif report.odds is not None and report.odds.cancel is not None:  # a cancel the attacker keeps (MECCG-FX-29)
        console.print(report.odds.cancel.text())
    console.print(check_line(check))
    for o in check.per_outcome:
        console.print("")
        console.print(Text(f"If {o.outcome.label} ({fmt(o.outcome.chance)}) ({check.pre.rule}): the assignment: "
                           f"{o.outcome.assignment_text()}", style="bold"))
        if o.outcome.penalty:
            console.print(f"  {check.pre.who} is eliminated by the check: his player loses {o.outcome.penalty} MP "
                          f"[elimination_mp_clauses={report.flags['elimination_mp_clauses']}] (MECCG-BODY-7, "
                          "MECCG-BODY-9)")
        if o.odds is not None:
            _strike_tables(o.odds, console)
        _kill_mp(report, (marginal(o.kill_mp, 0), marginal(o.kill_mp, 1)), o.owner_mp_lost, console, "  ")
    console.print("")
    total = sum((o.outcome.chance for o in check.per_outcome), 0)
    node = "the check's" if check.pre.who is not None else "the wound rolls'"  # MECCG-FX-31: a check, or rolls
    over = f"over {node} outcomes" + (" and the cancel's" if check.cancel is not None else "")
    console.print(Text(f"Over every outcome ({' + '.join(fmt(o.outcome.chance) for o in check.per_outcome)} = "
                       f"{fmt(total)}; {check.pre.rule}):", style="bold"))
    for n, dist in check.fates.items():
        shown = [f"{'survives wounded' if f == 'survives' else f} {fmt(p)}"
                 for f, p in dist.items() if p and f != "unhurt"]
        if shown:
            console.print(f"  {n} {over}: " + ", ".join(shown))


def _strike_tables(co, console: Console) -> None:
    """The strikes' table, the notes on their rolls and each character's fates."""
    from .combat.strikes import (absent_reasons, card_rolls, fate_names, member_fates, strike_members, strike_summary,
                                 support_lost, aside_tapped)

    table = Table(title="Each strike (exact probability, decimal)", title_justify="left")
    cols = ["#", "defender (prowess/body)", "attacker (prowess/body)", "defender wins", "tie", "defender loses"]
    # a strike left unresolved (a failed corruption check a card calls for or costs, MECCG-FX-22/25; one of its
    # characters gone in an earlier strike, MECCG-FX-24): its own column, so each row sums to 1
    unresolved = [0 if s.cancelled_by and s.rolled else strike_summary(d)["corrupted"] + strike_summary(d)["absent"]
                  for s, d in zip(co.setups, co.per_strike)]
    if any(unresolved):
        cols.append("not resolved")
    if co.cancel is not None:
        cols.append("attack cancelled")
    for col in cols:
        table.add_column(col)
    for s, dist, gone in zip(co.setups, co.per_strike, unresolved):
        summ = strike_summary(dist)
        dname = f"{s.defender.member.name} ({s.defender.prowess}/{s.defender.body})"
        rolls = ", best of 2 rolls" if s.attacker.rolls > 1 else ""
        aname = f"{s.attacker.member.name} ({s.attacker.prowess}/{s.attacker.body}{rolls})"
        extra = ([fmt(gone) if gone else "0"] if any(unresolved) else []) + (
            [fmt(co.cancel.chance)] if co.cancel is not None else [])
        if s.cancelled_by and s.rolled:  # cancelled only on a roll: every way it goes, in the note below
            table.add_row(str(s.index), dname, aname,
                          f"{fmt(summ['defender_wins'])}; cancelled by {s.cancelled_by.name} {fmt(summ['cancelled'])}"
                          + (f", not resolved {fmt(summ['corrupted'])}" if summ["corrupted"] else "")
                          + (f", a character gone earlier {fmt(summ['absent'])}" if summ["absent"] else ""),
                          fmt(summ["tie"]), fmt(summ["defender_loses"]), *extra)
        elif s.cancelled_by:
            table.add_row(str(s.index), dname, aname, f"cancelled by {s.cancelled_by.name}", "", "", *extra)
        else:
            table.add_row(str(s.index), dname, aname, fmt(summ["defender_wins"]), fmt(summ["tie"]),
                          fmt(summ["defender_loses"]), *extra)
    console.print(table)
    for i, (s, dist) in builtins.enumerate(zip(co.setups, co.per_strike)):
        absent = strike_summary(dist)["absent"]
        if absent:  # one of its characters may leave play in an earlier strike (MECCG-FX-24/25, MECCG-BODY-4)
            why, rules = absent_reasons(co.setups, co.per_strike, i)
            console.print(f"Strike {s.index} is not resolved {fmt(absent)}: {why} ({', '.join(rules)}); the row's "
                          "chances are over every way it goes")
        for name, p in aside_tapped(co.setups, co.per_strike, i).items():
            console.print(f"Strike {s.index}: {name} may have tapped earlier to put a loser off to the side {fmt(p)} "
                          "(MECCG-FX-28): then he is tapped in it (-1 facing it, no support); the prowess shown is "
                          "untapped, the row's chances are over every way it goes")
        for name, (p, rules) in support_lost(co.setups, co.per_strike, i).items():
            console.print(f"Strike {s.index}: {name} may leave play before it {fmt(p)} ({', '.join(rules)}): then the "
                          "strike is fought without that support's +1 (MECCG-SEQ-6); the prowess shown counts it, the "
                          "row's chances are over every way it goes")
    for s in co.setups:
        for c, m, r in card_rolls(s):
            f = r.fates()
            if r.check:
                console.print(f"Strike {s.index}: {r.text()}: passes {fmt(f.get('passes', 0))}, {m.name} discarded "
                              f"{fmt(f.get('discarded', 0))}, eliminated {fmt(f.get('eliminated', 0))} "
                              f"({r.rule}): " + ("a failed check leaves the strike unresolved"
                                                 if m.name in (s.attacker.member.name, s.defender.member.name)
                                                 else "the card acts whatever it does, and the strike goes on")
                              + "; the probabilities mix every way the check goes")
                continue
            console.print(f"Strike {s.index}: {c.name} acts only on a roll above {r.greater_than}, "
                          f"{fmt(f.get('passes', 0))} ({r.rule}): the probabilities mix both ways its roll goes; the "
                          "prowess and body shown are those when it acts")
    fates = Table(title="Each character in a strike", title_justify="left")
    rows = [(n, member_fates(dist, n)) for s, dist in zip(co.setups, co.per_strike) for n in strike_members(s)]
    # an ally that leaves play with its controlling character in his strike (MECCG-BODY-4): on its own row
    for s, dist in zip(co.setups, co.per_strike):
        for n in fate_names(s, dist)[len(strike_members(s)):]:
            i = next((i for i, (m, _f) in builtins.enumerate(rows) if m == n), None)
            if i is not None:
                rows[i] = (n, {k: v + member_fates(dist, n)[k] for k, v in rows[i][1].items()})
    # the "off to the side" column (MECCG-FX-28) only where a character may be put there
    keys = ("wounded", "eliminated", "discarded", "returned") + (("aside",) if any(f["aside"] for _n, f in rows) else ())
    cols = ("character", "wounded", "eliminated", "discarded", "returned to hand", "off to the side")
    for col in cols[:len(keys) + 1]:
        fates.add_column(col)
    for n, f in rows:
        fates.add_row(n, *[fmt(f[k]) if f[k] else "0" for k in keys])
    console.print(fates)


def replay(report, console: Console) -> None:
    """Each step of each strike with its rule ids, then the kill MPs and who was hurt."""
    r = report.replay
    book = load_rulebook("meccg")
    dp, ap = report.players
    title(console, report)
    _lines(console, _unmodelled_text(report))
    _lines(console, report.notes)  # the file's dice --rolls replaced, named once
    for st in r.preamble:
        console.print(f"{st.text}  [{', '.join(st.rules)}]")
    for _s, steps, _o in r.strikes:
        console.print("")
        for st in steps:
            console.print(f"{st.text}  [{', '.join(st.rules)}]")
    for _a, steps, _res in r.after_attack:  # MECCG-FX-32: once every strike of the attack is resolved
        console.print("")
        for st in steps:
            console.print(f"{st.text}  [{', '.join(st.rules)}]")
    console.print("")
    console.print(Text(f"Result: {dp} (defender) scores {r.kill_mp[0]} kill MP, {ap} (attacker) "
                       f"{r.kill_mp[1]}; no trophies ({book.rule('MECCG-BODY-6').id})", style="bold"))
    if any(r.owner_mp_lost):
        console.print(f"MPs the owners lose through \"if eliminated\" clauses and avatars "
                      f"[elimination_mp_clauses={report.flags['elimination_mp_clauses']}] (MECCG-BODY-7, MECCG-BODY-9): "
                      f"{dp} {r.owner_mp_lost[0]}, {ap} {r.owner_mp_lost[1]}")
    for _s, _steps, o in r.strikes:
        if o.loser:
            fate = ("put off to the side (MECCG-FX-28)" if o.aside == o.loser
                    else "wounded" if o.fate == "survives" else o.fate)
            console.print(f"  {o.loser}: {fate}")
    allies = {a for a, _c in r.allies_gone}
    for others in report.others_left:  # a payer's body check, a failed check a card cost (MECCG-FX-24/25)
        for who, fate, rule in others:
            if who not in allies:
                console.print(f"  {who}: {'returned to hand' if fate == 'returned' else fate} ({rule})")
    for ally, ctrl in r.allies_gone:
        if ally in {a for a, _c in report.discarded_with_controller}:
            continue  # its own line below (MECCG-FX-19)
        console.print(f"  {ally}: discarded with {ctrl}, its controller (MECCG-BODY-4)")
    for a, _steps, res in r.after_attack:
        if res.result == "succeeds":
            console.print(f"  {a.controller}: {'wounded' if res.fate == 'survives' else res.fate} by {a.ally}'s "
                          f"strike after the attack (MECCG-FX-32)")
    if report.check is not None and report.check[0].changes:  # MECCG-FX-31: the wound rolls before the assignment
        for n, c in report.check[0].changes:
            if c in ("wounded", "eliminated", "discarded"):
                console.print(f"  {n}: {c} by {report.check_card}'s wound rolls, before strikes were assigned (MECCG-FX-31)")
    elif report.check is not None and report.check[0].fate != "passes":  # MECCG-FX-31: before the assignment
        o = report.check[0]
        lost = f", his player loses {o.penalty} MP" if o.penalty else ""
        console.print(f"  {report.check_who}: {o.fate} by the corruption check {report.check_card} cost, before "
                      f"strikes were assigned{lost} (MECCG-FX-31)")
    for ally, ctrl in report.discarded_with_controller:
        console.print(f"  {ally}: discarded, {ctrl} was wounded (MECCG-FX-19)")


verify = verdicts


def optimize(report, console: Console) -> None:
    """The value, the first decision's alternatives with their values, and the principal line."""
    from .combat.optimize import first_decision, shown_outcomes, who

    solved = report.solved
    scenario = solved.game.scenario
    stats = solved.solution.stats
    title(console, report)
    _lines(console, _unmodelled_text(report))
    _lines(console, _ended_text(report))
    console.print(f"Objective: {report.objective.describe()}")
    console.print(f"Value under optimal play by both sides: {fmt(solved.value)}")
    console.print(f"Tree: {stats.nodes:,} nodes, {stats.edges:,} edges, {stats.transpositions:,} transpositions "
                  f"merged; solved in {solved.seconds:.1f} s")
    root = solved.solution.root
    cancel = solved.game.cancel
    if cancel is not None:
        console.print(cancel.text())
    if solved.game.pre is not None:  # a check before strikes are assigned (MECCG-FX-31)
        console.print(solved.game.pre.text())
    for label, p, v in report.check_outcomes:
        console.print(f"  {label} ({fmt(p)}): value {fmt(v)}, with the assignment after it")
    if report.choices:  # the first decision: after the cancel's chance, the attack's that goes on
        first = first_decision(root)
        n = len(report.choices)
        ifs = (["the attack goes on"] if cancel is not None and cancel.chance else []) + \
            ([report.check_outcomes[0][0]] if report.check_outcomes else [])  # MECCG-FX-16, MECCG-FX-31
        console.print(f"{'If ' + ' and '.join(ifs) + ', ' if ifs else ''}{who(first.current_player(), scenario)}"
                      f"'s first choice: {n} option{'s' if n != 1 else ''}, best first, each with its exact value "
                      "and how much worse it is than the best:")
        for line in valued_option_lines(report.first_options(), fmt, top=report.top, indent="  "):
            console.print(line, highlight=False, markup=False)
    later = [d for d in report.decisions[1:] if not d.forced]
    if later:
        console.print("Decisions on the principal line (forced ones left out), each option's value for the "
                      "player who moves:")
        for d in later:
            console.print(f"  {who(d.player, scenario)} at {d.state}: {len(d.options)} options")
            for line in valued_option_lines(d.options, fmt, top=report.top, indent="    "):
                console.print(line, highlight=False, markup=False)
    console.print("Principal line (decisions as played; at chance, the most probable outcome):")
    for st in report.line:
        if st.kind == "decision":
            console.print(f"  {who(st.player, scenario)}: {st.action}")
        elif st.kind == "chance":
            outs = shown_outcomes(solved, st)
            if len(outs) > 1:  # outcomes that lead to the same future
                console.print(f"  dice at {st.state}: " + "; ".join(f"{lab} {fmt(p)}" for lab, p in outs))
            else:
                console.print(f"  dice at {st.state}: {outs[0][0]} (p {fmt(st.prob)})")


def tree(report, console: Console) -> None:
    title(console, report)
    if report.depth is None:
        console.print(f"wrote {report.output}: {report.stats}")
    else:
        console.print(f"wrote {report.output}: {report.stats} (first {report.depth} plies)")
        console.print(f"values on {report.valued:,} of {report.nodes:,} nodes: {report.values}; a node without its "
                      "value is marked solved=false")
    _lines(console, _unmodelled_text(report))
    _lines(console, _ended_text(report))



def _unmodelled_text(report) -> list[str]:
    return lines_of(report.unmodelled)


def _ended_text(report) -> list[str]:
    """The cards in play lasting the turn that give the defending company nothing (MECCG-FX-7)."""
    from .combat.strikes import ended_lines

    return ended_lines(getattr(report, "ended", ()))


def card(report, console: Console) -> None:
    """``pycombat card``'s text."""
    from .cards.lookup import card_lines

    _lines(console, card_lines(report.card))
