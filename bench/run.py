"""`make bench`: side-by-side timings in one run (ratios, not absolute targets in tests).

1. Stream all 40,320 complete assignments of examples/meccg/eight_vs_eight.yaml as `enumerate` lists
   them (the canonical order made without a grounding, assignment/listing.py), against a bare
   itertools.permutations loop that builds the same (attacker, defender) pairs. Target: < 1 s and
   <= 3x the bare loop. For reference, the solver's path (a company with a Noble Hound, MECCG-FX-18):
   the ASP's orbit representatives expanded by symmetry and merged into the canonical order, and
   the direct encoding (no symmetry breaking).
2. `--count` on examples/meccg/ten_vs_ten.yaml (3,628,800 assignments). Target: < 1 s.
3. The Wind Throne end to end (load, judge the attack, list 288), for reference.
4. `pycombat optimize` on the Wind Throne (exact expectiminimax of the whole combat,
   default objective; target < 2 s), with its node count and merged transpositions, against a
   memoized recursive expectiminimax on the same state API without building a graph.
5. Riftbound (`bench/riftbound.py`): all legal damage splits of 40 damage over 8 defenders, the
   ASP against the brute-force enumerator (target < 100 ms).
7. `optimize` by the matching solver (pycombat/games/meccg/combat/matching.py) on the Wind Throne
   (target < 1 s), eight_vs_eight (< 5 s) and ten_vs_ten (< 30 s), each with its peak memory
   (tracemalloc, in a separate run; target < 1 GB), beside today's engine (solve_combat) on the
   same scenarios: the same value and best phase-I choice where the engine finishes
   (ten_vs_ten: the engine refuses it up front, 3,628,800 complete assignments > --max-nodes).
6. War of the Ring (`bench/wotr.py`): `pycombat odds` on examples/wotr/ten_vs_ten.yaml exactly,
   against a 100,000-trial Monte Carlo of the same battle (target >= 100x faster, the
   Monte Carlo within its statistical error).

Each measurement is the best of several repeats (the machines are shared and noisy).
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import time

from rich.console import Console
from rich.table import Table

from pycombat.games.meccg.assignment.legal import LegalAssignments, example_path, judge_attack
from pycombat.games.meccg.assignment.listing import assignments as ordered_assignments, shape
from pycombat.games.meccg.assignment.enumerate import enumerate_assignments
from pycombat import solver
from pycombat.games.meccg.schema import load_scenario


def best_of(fn, repeats):
    """Cold queries of a loaded process: the rule files stay parsed, every grounding, cached answer
    and game memo is forgotten before each repeat."""
    times, result = [], None
    for _ in range(repeats):
        solver.clear_caches(keep_parsed=True)
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), result


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--skip-direct", action="store_true", help="skip the slow baselines (direct encoding, "
                    "today's engine on eight_vs_eight)")
    ap.add_argument("--skip-optimize", action="store_true", help="skip the optimize benchmarks of the matching solver")
    args = ap.parse_args()
    eight = load_scenario(example_path("eight_vs_eight.yaml"))
    ten = load_scenario(example_path("ten_vs_ten.yaml"))
    wind = load_scenario(example_path("wind_throne.yaml"))
    strikes = [m.name for m in eight.attacker.members]
    targets = [m.name for m in eight.defender.members]

    def bare():
        n = 0
        for perm in itertools.permutations(strikes):
            pairs = tuple(zip(perm, targets))
            n += len(pairs) > 0
        return n

    eight_shape = shape(eight, judge_attack(eight))

    def ours():
        return sum(1 for _ in ordered_assignments(eight_shape))

    def symmetric():
        return sum(1 for _ in LegalAssignments(eight))

    def direct():
        return sum(1 for _ in LegalAssignments(eight, symmetry=False))

    rows = []
    b_min, b_med, b_n = best_of(bare, args.repeats)
    o_min, o_med, o_n = best_of(ours, args.repeats)
    assert b_n == o_n == 40320, (b_n, o_n)
    rows.append(("bare itertools.permutations loop (baseline)", b_n, b_min, b_med, 1.0, ""))
    rows.append(("enumerate eight_vs_eight (the listing, canonical order)", o_n, o_min, o_med, o_min / b_min,
                 "target < 1 s and <= 3x" + (" OK" if o_min < 1 and o_min / b_min <= 3 else " MISSED")))
    s_min, s_med, s_n = best_of(symmetric, args.repeats)
    assert s_n == 40320
    rows.append(("eight_vs_eight, ASP + symmetry expansion (the solver's path, reference)", s_n, s_min, s_med,
                 s_min / b_min, ""))
    if not args.skip_direct:
        d_min, d_med, d_n = best_of(direct, 1)
        assert d_n == 40320
        rows.append(("enumerate eight_vs_eight, direct encoding (reference)", d_n, d_min, d_med, d_min / b_min, ""))
    c_min, c_med, c_n = best_of(lambda: LegalAssignments(ten).count(), args.repeats)
    rows.append(("--count ten_vs_ten", c_n, c_min, c_med, c_min / b_min,
                 "target < 1 s" + (" OK" if c_min < 1 else " MISSED")))
    w_min, w_med, w_n = best_of(lambda: enumerate_assignments(wind).count, args.repeats)
    rows.append(("Wind Throne: judge attack + list all", w_n, w_min, w_med, w_min / b_min, ""))

    from fractions import Fraction

    from pycombat.games.meccg.combat.game import CvccGame, Objective
    from pycombat.games.meccg.combat.optimize import solve_combat
    from pycombat.tree import CHANCE, TERMINAL, build_tree, solve

    def memo_value():
        memo: dict = {}
        game = CvccGame(wind)
        stack = [(game.new_initial_state(), False)]
        while stack:  # iterative post-order, no recursion limit
            st, expanded = stack.pop()
            k = st.key()
            if k in memo:
                continue
            p = st.current_player()
            if p == TERMINAL:
                memo[k] = Fraction(st.returns()[0])
                continue
            kids = ([(st.child(a), pr) for a, pr in st.chance_outcomes()] if p == CHANCE
                    else [(st.child(a), None) for a in st.legal_actions()])
            if not expanded:
                stack.append((st, True))
                stack.extend((c, False) for c, _ in kids if c.key() not in memo)
                continue
            vals = [(c.rewards()[0] + memo[c.key()], pr) for c, pr in kids]
            memo[k] = (sum(pr * v for v, pr in vals) if p == CHANCE
                       else (max if p == 0 else min)(v for v, _ in vals))
        return memo[game.new_initial_state().key()], len(memo)

    m_min, m_med, (m_value, m_states) = best_of(memo_value, 1)
    rows.append(("Wind Throne optimize baseline: memoized recursion, no graph", m_states, m_min, m_med,
                 m_min / b_min, f"value {m_value}"))
    z_min, z_med, solved = best_of(lambda: solve_combat(wind, Objective(), max_nodes=2_000_000), 3)
    st = solved.solution.stats
    assert solved.value == m_value, (solved.value, m_value)
    rows.append(("Wind Throne optimize (depth-first expectiminimax, transposition table)", st.nodes, z_min, z_med,
                 z_min / m_min, f"ratio vs memo; {st.transpositions:,} transpositions, {st.edges:,} edges; "
                 f"target < 2 s" + (" OK" if z_min < 2 else " MISSED")))

    def graph():
        tree = build_tree(CvccGame(wind).new_initial_state(), max_nodes=2_000_000)
        return solve(tree), tree.stats()

    g_min, g_med, (g_value, g_stats) = best_of(graph, 1)
    assert g_value[0] == m_value and g_stats.nodes == st.nodes and g_stats.transpositions == st.transpositions
    rows.append(("Wind Throne as a networkx graph + solve (what `tree` exports)", g_stats.nodes, g_min, g_med,
                 g_min / m_min, "ratio vs memo; same value and counts"))

    if not args.skip_optimize:
        rows += optimize_rows(wind, eight, ten, min(args.repeats, 3), skip_old_eight=args.skip_direct)

    table = Table(title=f"pycombat benchmarks (best and median of {args.repeats}; ratio = best / baseline best)")
    for col in ("what", "results", "best s", "median s", "ratio", "note"):
        table.add_column(col, justify="right" if col in ("results", "best s", "median s", "ratio") else "left")
    for what, n, mn, md, ratio, note in rows:
        table.add_row(what, f"{n:,}", f"{mn:.4f}", f"{md:.4f}", f"{ratio:.2f}x", note)
    Console(width=140).print(table)
    return 0


def optimize_rows(wind, eight, ten, repeats: int, *, skip_old_eight: bool = False) -> list:
    """The matching solver against today's engine (time, nodes, peak memory)."""
    import tracemalloc

    from pycombat.errors import TooLargeError
    from pycombat.games.meccg import verbs
    from pycombat.games.meccg.combat.game import Objective
    from pycombat.games.meccg.combat.optimize import first_choices, solve_combat

    def peak_mb(fn):
        tracemalloc.start()
        try:
            fn()
            return tracemalloc.get_traced_memory()[1] / 2**20
        finally:
            tracemalloc.stop()

    rows = []
    for name, scn, target, run_old in (("Wind Throne", wind, 1, True), ("eight_vs_eight", eight, 5, not skip_old_eight),
                                       ("ten_vs_ten", ten, 30, True)):
        n_min, n_med, report = best_of(lambda: verbs.optimize(scn), repeats)
        mb = peak_mb(lambda: verbs.optimize(scn))
        st = report.solved.solution.stats
        best = next(c for c in report.choices if c[2])
        ok = n_min < target and mb < 1024
        rows.append((f"optimize {name}: matching solver", st.nodes, n_min, n_med, 1.0,
                     f"value {report.value}; peak {mb:,.0f} MB (tracemalloc); target < {target} s, < 1 GB"
                     + (" OK" if ok else " MISSED")))
        if not run_old:
            continue
        t0 = time.perf_counter()
        try:
            verbs._bound(scn, 2_000_000, "optimize")  # what today's verb checks first
            old = solve_combat(scn, Objective(), max_nodes=2_000_000)
        except TooLargeError as exc:
            rows.append((f"optimize {name}: today's engine", 0, time.perf_counter() - t0, time.perf_counter() - t0,
                         float("nan"), f"refused: {str(exc)[:60]}"))
            continue
        o_s = time.perf_counter() - t0
        same = old.value == report.value and next(c for c in first_choices(old) if c[2]) == best
        rows.append((f"optimize {name}: today's engine (solve_combat)", old.solution.stats.nodes, o_s, o_s, o_s / n_min,
                     f"ratio vs matching; same value and best phase-I choice: {same}"))
        assert same, (old.value, report.value)
    return rows


def games() -> int:
    """The other games' benchmarks (each file's ``main()`` prints its own table)."""
    import importlib.util
    from pathlib import Path

    rc = 0
    for name in ("riftbound", "wotr"):
        path = Path(__file__).with_name(f"{name}.py")
        spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        rc = module.main([]) or rc  # (its own defaults: this run's options are not its)
    return rc


if __name__ == "__main__":
    raise SystemExit(main() or games())
