"""War of the Ring's text output: one printer per verb, reading the report objects of :mod:`.verbs`.

Nothing here computes a rule: the reports carry the answers; these functions lay them out (a
``rich`` console from :func:`pycombat.present.make_console`).
"""
from __future__ import annotations

from fractions import Fraction

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ...dice import fmt
from ...present import title, tree_written, verdicts
from ...rulebook import load_rulebook
from ...tree.options import option_lines
from .battle.process import KIND_TEXT, OBJECTIVES
from .board import SIDE_NAMES, load_board
from .battle.montecarlo import Z_BOUND
from .position.moves import force_of
from .position.scenario import POSITION_FLAGS, flags_not_applied_line
from .battle.odds import eliminated, expected_survivors, leaders_and_characters
from .battle.optimize import CALLBACK_FLAGS, decisions_for, first_round_choices, principal_line
from .battle.splits import default_split_note, describe_force
from .verbs import EnumerateReport, MovesReport, OddsReport, OptimizeReport, ReplayReport, TreeReport


# ---- shared ----------------------------------------------------------------------------------------
def _p(p: Fraction, width: int = 30) -> str:
    """``n/d (0.dddd)`` when the fraction is short, else the decimal and a mark (exact printed below)."""
    text = fmt(p)
    if len(text) <= width:
        return text
    return f"{float(p):.6f} *"


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural but for one: ``1 legal move``, ``2,135 legal moves``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _flags_line(s) -> str:
    changed = [f"{k}={v} ({s.flag_origin.get(k, 'default')})" for k, v in s.flags.items()
               if s.flag_origin.get(k, "default") != "default"]
    return "Flags: " + (", ".join(changed) if changed else "all defaults")


def _position_flags_line(s) -> str:
    """The flags a position reads (:data:`.position.scenario.POSITION_FLAGS`) that the file or the command line set,
    and the stacking check; a battle's flag set is named by :func:`.position.scenario.flags_not_applied_line`."""
    changed = [f"{k}={s.flags[k]} ({s.flag_origin.get(k, 'default')})" for k in POSITION_FLAGS
               if s.flag_origin.get(k, "default") != "default"]
    stacking = "" if s.flag_origin.get("stacking_check", "default") != "default" else \
        f"; stacking_check={s.flags['stacking_check']}"  # (named once: among the flags set, or here)
    return "Flags: " + (", ".join(changed) if changed else "all defaults") + stacking


def _battle_lines(console: Console, s, verdict) -> None:
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
    if getattr(s, "garrison", None) is not None:
        console.print(f"Besieged garrison ({SIDE_NAMES[s.attacker.side]}, in the Stronghold of {region.name}; it does "
                      f"not fight, WOTR-SIEGE-7): {describe_force(s.garrison)}")


def _unmodelled(report, console: Console) -> None:
    """What the scenario holds that the answer does not interpret (the report's ``unmodelled``, also in the
    JSON), one ``! not modelled:`` line each."""
    for line in report.unmodelled_lines:
        console.print(line)


def _detail(d) -> str:
    if isinstance(d, list):
        return f"{d[0]}(" + ", ".join(_detail(x) for x in d[1:]) + ")"
    return str(d)


# ---- enumerate -------------------------------------------------------------------------------------
def enumerate(report: EnumerateReport | MovesReport, console: Console) -> None:
    """The attack's legality and the legal splits (battles), or the legal moves (positions)."""
    if isinstance(report, MovesReport):
        _moves(report, console)
        return
    s, verdict, counts, notion = report.battle, report.attack, report.counts, report.notion
    title(console, report)
    _battle_lines(console, s, verdict)
    console.print(_flags_line(s))
    _unmodelled(report, console)
    if verdict.legal:
        console.print("This attack is legal: " + "; ".join(f"{r['rule']} ({r['source'].rstrip('.')})"
                                                           for r in verdict.reasons()))
    else:
        note = default_split_note(s, verdict)
        head = ("With the rearguard given in the file, this attack is not legal:" if s.attacker.rearguard is not None
                else "With the default split, this attack is not legal:" if note is not None
                else "This attack is not legal:")
        console.print(Text(head, style="bold red"))
        for r in verdict.reasons():
            console.print(f"  {r['rule']} [{_detail(r.get('detail'))}]: {r['text']} (source: {r['source'].rstrip('.')})")
        if note is not None:
            console.print(f"  {note[0].upper()}{note[1:]}.")
    other = "labeled" if notion == "compositions" else "compositions"
    words = {"compositions": "identical figures interchangeable", "labeled": "every figure distinct"}
    console.print(Text(f"{counts[notion]:,} legal split{'s' if counts[notion] != 1 else ''} ({words[notion]}; "
                       "the whole Army counts as one; "
                       f"split_count={notion}, WOTR-SPLIT-7); {counts[other]:,} with {words[other]}",
                       style="bold"))
    shown = report.splits
    if report.count_only or not shown:
        return
    if notion == "labeled":
        console.print("Listed by composition; 'subsets' is how many labelled splits each stands for.")
    table = Table(title="attacking part | rearguard | Strength, dice | Leadership, re-roll dice", title_justify="left")
    for col in ("#", "attacking part", "rearguard", "Str", "dice", "Lead", "re-roll") + (
            ("subsets",) if notion == "labeled" else ()):
        table.add_column(col, justify="right" if col not in ("attacking part", "rearguard") else "left")
    for i, sp in _numbered(shown):
        n = sp.numbers
        row = [str(i), describe_force(sp.attacking), "-" if sp.whole else describe_force(sp.rearguard),
               str(n.strength[0]), str(n.dice[0]), str(n.leadership[0]), str(n.reroll[0])]
        if notion == "labeled":
            row.append(f"{sp.labeled:,}")
        table.add_row(*row)
    console.print(table)
    if report.truncated:
        console.print(f"... {report.listed - len(shown):,} more (shown: {len(shown):,}; use --limit N to show more)")


def _numbered(items):
    """``(1, first), (2, second), ...`` (this module's ``enumerate`` is the verb's printer)."""
    return zip(range(1, len(items) + 1), items)


def _moves(report: MovesReport, console: Console) -> None:
    s, counted, groups = report.position, report.counted, report.groups
    by_id = {g.id: g for g in groups}
    board = load_board()
    title(console, report)
    for line in report.explanation:
        console.print(line)
    console.print(_position_flags_line(s))
    not_applied = flags_not_applied_line(s)
    if not_applied:
        console.print(not_applied)
    _unmodelled(report, console)
    console.print(Text(f"{_count(counted.total, 'legal move')}: {counted.armies:,} of Armies, {counted.characters:,} of "
                       "Characters on their own (identical figures interchangeable)", style="bold"))
    armies, whole = report.armies, report.whole
    if armies:
        two = counted.armies - report.singles
        console.print(f"One Army alone ({_count(report.singles, 'move')}): from its region to each destination, the parts of "
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
            console.print(f"Two different Armies (WOTR-MOVE-1): {_count(two, 'move')}, any two of the above from different "
                          "regions, one after the other in an order the player chooses" +
                          (", each within the stacking limit of 10 when it arrives (WOTR-STACK-1)"
                                       if s.flags["stacking_check"] == "forbid_move" else
                                       " (excess units removed at the end, WOTR-STACK-2)"))
    if counted.movers:
        console.print("Characters on their own (each mover independently; the count multiplies):")
        for who, n in counted.movers:
            console.print(f"  {who}: {_count(n, 'way')}")
        for g, ts in report.dests.items():
            if len(ts) > 50:  # a flier: say which regions it may not reach
                others = [r for r in board.regions if r not in ts and r != by_id[g].region]
                names = "every region but " + (", ".join(board.regions[r].name for r in others) or "its own")
            else:
                names = ", ".join(board.regions[t].name for t in ts)
            console.print(f"    {by_id[g].label(1)} from {board.regions[by_id[g].region].name}, alone, to "
                          f"{_count(len(ts), 'region')}: {names}")
        if s.action.side == "free_peoples":
            console.print("    (a group of Companions moves up to its highest Level, WOTR-CHMOVE-3)")
    if counted.cannot_move:
        console.print("Characters that cannot move:")
        for who, why, rules in counted.cannot_move:
            console.print(f"  {who}: {why} ({', '.join(rules)})")
    if report.count_only:
        return
    if report.refused:
        console.print(Text(f"Not listed: {report.refused}", style="bold"))
        return
    moves = report.moves
    if not moves:
        return
    table = Table(title="every legal move" if not report.truncated else f"the first {_count(len(moves), 'legal move')}",
                  title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("movements (from -> to: figures)")
    for i, m in _numbered(moves):
        table.add_row(str(i), "; ".join(f"{x['from']} -> {x['to']}: {x['figures']}" for x in m))
    console.print(table)
    if report.truncated:
        console.print(f"... {counted.total - len(moves):,} more (shown: {len(moves):,}; --limit N shows more)")


# ---- odds ------------------------------------------------------------------------------------------
def odds(report: OddsReport, console: Console) -> None:
    """The outcome table per casualty policy, survivors, lost Leaders and Characters, Monte Carlo checks."""
    s, rep = report.battle, report.result
    pols = list(rep.results)
    title(console, report)
    _battle_lines(console, s, rep.verdict)
    book = load_rulebook("wotr")
    a_hit, d_hit = report.hit_numbers
    console.print(f"Round 1 hit numbers: attacker {a_hit}+, defender {d_hit}+ ({book.rule('WOTR-HIT-1').id}); "
                  f"a natural 1 always misses, a natural 6 always hits ({book.rule('WOTR-HIT-4').id})")
    for text, rule in rep.setup.notes:
        console.print(f"  - {text} ({rule})")
    for line in report.extra_lines:  # re-roll allowance, sieges, named Combat cards
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
    if long and report.exact:
        console.print("* exact values:")
        for pol, label, p in long:
            console.print(f"  {pol}, {label}: {p.numerator}/{p.denominator}")
    elif long:
        digits = max(len(str(p.denominator)) for _, _, p in long)
        console.print(f"* exact fractions with up to {digits} digits in the denominator: --exact prints them, "
                      "--json gives them all.")
    for pol, (sim, checks, _) in rep.monte_carlo.items():
        ok = all(c.within for c in checks)
        console.print(Text(f"Monte Carlo ({pol}, {sim.trials:,} battles, seed {report.seed}): "
                           + "; ".join(f"{c.what} {c.estimate:.4f} (z {c.z:+.2f})" for c in checks)
                           + (f" - all within {Z_BOUND:g} standard errors of the exact values" if ok
                              else " - NOT all within the statistical error"), style="" if ok else "bold red"))
    if report.plot:
        console.print(f"outcomes and units left drawn to {report.plot}")


# ---- optimize ----------------------------------------------------------------------------------------
def optimize(report: OptimizeReport, console: Console) -> None:
    """The objective, the best split and its value, the best splits ranked, the optimal outcome and line."""
    s, res, objective = report.battle, report.result, report.objective
    best = res.best
    title(console, report)
    _battle_lines(console, s, res.verdict)
    console.print(_flags_line(s))
    who = {"both": "both sides play optimally", "attacker": "the attacker plays optimally, the defender follows the "
           "flags' policies", "defender": "the defender plays optimally, the attacker follows the flags' policies"}
    console.print(f"Objective: {OBJECTIVES[objective]}; the attacker maximises it, the defender minimises it; "
                  f"{who[report.decide]} (casualties WOTR-CAS-12, cease WOTR-ROUND-3, retreat WOTR-END-3/WOTR-SITE-2, "
                  "siege WOTR-SIEGE-3).")
    chosen = decisions_for(report.decide)
    for name, decision, _, _ in CALLBACK_FLAGS:
        if s.flags.get(name) == "callback" and decision in chosen:
            console.print(f"  {name}=callback is not read: optimize decides the {decision} itself (and compares no "
                          "fixed policy).")
    if objective == "win" and any(e.solver.setup.besieger_stays for e in res.ranked):
        console.print("  A split that keeps Army units in the rearguard also wins the region when its attacking part and "
                      "the besieged Army are eliminated together: the rearguard, still in the region, captures the "
                      "Stronghold (WOTR-CAPT-1).")
    if res.default_split is not None:
        console.print(f"  {res.default_split[0].upper()}{res.default_split[1:]}; optimize chooses among the legal "
                      "splits itself.")
    console.print(f"{len(res.ranked):,} legal split{'s' if len(res.ranked) != 1 else ''} solved exactly ({res.states:,} battle states, {res.seconds:.1f} s).")
    console.print(f"Best split: attack with {describe_force(best.split.attacking)}"
                  + ("" if best.split.whole else f"; rearguard {describe_force(best.split.rearguard)}"))
    own = report.file_split
    if own is not None:  # the file's rearguard: one of the splits solved, said with its value
        worse = best.value - own.value
        console.print(f"  The file's split (rearguard {describe_force(own.split.rearguard)}; optimize solves every "
                      f"legal split, WOTR-SPLIT-1): {_p(own.value, 40)}"
                      + (" (the best)" if worse == 0 else f" ({_p(worse, 40)} worse than the best)"))
    if report.cards is not None:  # the hands' card game is valued below: say which value this is
        console.print(f"Value under optimal play with the Combat cards in hand: {_p(report.cards.value, 40)} "
                      "(the card game below, WOTR-CARD-2)")
        if report.cards.rider_line():
            console.print(f"  {report.cards.rider_line()}")
        cards = report.cards
        console.print(f"Value of the same battle without Combat cards, by the same rules: "
                      f"{_p(report.without_cards, 40)}")
        console.print(f"  both values: {cards.rules_text()}")
        same = cards.battle_policy is None and report.without_cards == best.value
        if not same:  # the splits and outcomes below: the optimal play without cards, said apart
            how = {"both": "chosen by the players, WOTR-CAS-12",
                   "attacker": "of the attacker chosen by him, of the defender by the flags' policies",
                   "defender": "of the defender chosen by him, of the attacker by the flags' policies"}[report.decide]
            console.print(f"Value under optimal play without Combat cards of the best split (casualties, ceasing, "
                          f"retreats and siege reductions {how}; the splits and outcomes below): {_p(best.value, 40)}")
        else:
            console.print("  (the best split's; the splits and outcomes below are that play)")
    else:
        console.print(f"Value under optimal play: {_p(best.value, 40)}")
    if best.other_rider is not None:
        console.print(f"  Gandalf the White {'uses' if best.white_rider else 'does not use'} the White Rider "
                      f"(WOTR-STR-11){' in the battle without Combat cards' if report.cards is not None else ''}; "
                      f"the other choice gives {_p(best.other_rider, 40)}")
    for pol, v in res.fixed.items():
        console.print(f"  for comparison, both sides playing {pol} with the flags' other policies: {_p(v, 40)}")
    if len(res.ranked) > 1:
        console.print(f"The {min(report.top, len(res.ranked))} best splits (every legal split is solved), each with "
                      "how much worse it is than the best:")
        for line in option_lines(report.split_options(), lambda v: _p(v, 40), top=report.top, indent="  "):
            console.print(line)
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
    if report.decisions is not None:
        for line in report.decisions.lines(report.top):
            console.print(line)
    for line in report.cards.lines(top=report.top) if report.cards else []:
        console.print(line)
    for n in report.named_cards:
        console.print(f"Named Combat card {n['card']} (the {n['role']}, round {n['round']}): {n['applied']} "
                      f"({n['rule']}); the splits, value and decisions before the Combat card choice are the play "
                      "without Combat cards")
    _unmodelled(report, console)


# ---- replay ------------------------------------------------------------------------------------------
def replay(report: ReplayReport, console: Console) -> None:
    """The battle narrated round by round with the given dice (the report's lines), after the title and
    the battle's header (where, how, both Armies' numbers)."""
    title(console, report)
    if report.battle is not None and report.attack is not None:
        _battle_lines(console, report.battle, report.attack)
    _unmodelled(report, console)
    for line in report.lines():
        console.print(line)


# ---- verify ------------------------------------------------------------------------------------------
def verify(report, console: Console) -> None:
    """Each verdict with its rules (battle claims with their sources; positions after the die's lines)."""
    verdicts(report, console)


# ---- tree --------------------------------------------------------------------------------------------
def tree(report: TreeReport, console: Console) -> None:
    """Where the tree went, its size, and the attacker's value when the whole tree was solved."""
    title(console, report)
    console.print(tree_written(report, "the whole battle", "the whole battle is over --max-nodes; "))
    if report.value is not None:
        console.print(f"value for the attacker ({report.objective}): {_p(report.value, 40)}")
    _unmodelled(report, console)
