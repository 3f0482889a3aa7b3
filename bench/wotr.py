"""War of the Ring benchmark (issue 7): exact battle odds against a Monte Carlo, in one run.

``examples/wotr/ten_vs_ten.yaml`` is a field battle of 10 units against 10 (5 Regulars and 5 Elites
each side, Leadership 5 each), fought to the end. For each deterministic casualty policy the exact
outcome distribution (what ``pycombat odds`` computes; caches cleared before every repeat) is timed
against a 100,000-trial Monte Carlo of the same battle (seeded), and each estimated probability is
checked against the exact one: within its statistical error means |estimate - exact| <= 4 standard
errors. Target: the exact solution at least 100x faster than the Monte Carlo. The whole
``pycombat odds`` command (both policies, printing included) is timed too.

Run: ``.venv/bin/python bench/wotr.py`` (``bench/run.py`` calls :func:`main`).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pycombat.games.wotr.battle import Policy, battle_odds, clear_caches
from pycombat.games.wotr.montecarlo import Z_BOUND, compare, simulate
from pycombat.games.wotr.schema import load_scenario
from pycombat.games.wotr.setup import battle_setup

FILE = Path(__file__).resolve().parent.parent / "examples" / "wotr" / "ten_vs_ten.yaml"
TARGET = 100.0


def _timed(fn, repeats: int):
    times, result = [], None
    for _ in range(repeats):
        clear_caches()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), result


def main(argv: list[str] | None = None) -> int:
    """Print the benchmark lines. ``argv`` defaults to no options (so ``bench/run.py`` can call ``main()``
    whatever its own command line is); ``python bench/wotr.py --trials N`` passes its own."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args([] if argv is None else argv)
    s = load_scenario(FILE)
    setup = battle_setup(s)
    console = Console(width=160)
    table = Table(title=f"WotR benchmark: {FILE.name}, exact (best and median of {args.repeats}, cold caches) "
                        f"vs Monte Carlo ({args.trials:,} battles, seed {args.seed})", title_justify="left")
    for col in ("policy", "exact s", "median s", "Monte Carlo s", "ratio", "target",
                "P(attacker wins)", "MC estimate", "worst |z|", f"within {Z_BOUND:g} sigma"):
        table.add_column(col, justify="left" if col == "policy" else "right", no_wrap=True)
    ok = True
    mc_times = []
    for pol in ("regulars_first", "downgrade_first"):
        policy = Policy.from_flags(s.flags, pol)
        best, med, res = _timed(lambda policy=policy: battle_odds(setup, policy), args.repeats)
        assert sum(res.outcomes.values()) == 1
        t0 = time.perf_counter()
        sim = simulate(setup, policy, args.trials, seed=args.seed)
        mc = time.perf_counter() - t0
        mc_times.append(mc)
        checks = compare(res.by_kind(), sim)
        within = all(c.within for c in checks)
        ratio = mc / best
        ok = ok and within and ratio >= TARGET
        win = next(c for c in checks if c.what == "attacker_wins")
        table.add_row(pol, f"{best:.4f}", f"{med:.4f}", f"{mc:.2f}", f"{ratio:,.0f}x",
                      f">= {TARGET:.0f}x " + ("OK" if ratio >= TARGET else "MISSED"),
                      f"{float(win.exact):.6f}", f"{win.estimate:.6f}", f"{max(abs(c.z) for c in checks):.2f}",
                      "yes" if within else "NO")
    console.print(table)
    from pycombat.cli import main as cli

    def whole_command():
        with contextlib.redirect_stdout(io.StringIO()):
            return cli(["odds", str(FILE)])

    best, med, code = _timed(whole_command, args.repeats)
    assert code == 0
    console.print(f"`pycombat odds {FILE.relative_to(FILE.parent.parent.parent)}` in process (load, ASP legality, "
                  f"both policies, printing): best {best:.3f} s, median {med:.3f} s;")
    console.print(f"  {min(mc_times) / best:,.0f}x faster than one {args.trials:,}-trial Monte Carlo of one policy")
    ok = _moves(console, args.repeats) and ok
    console.print("benchmark " + ("OK" if ok else "MISSED"))
    return 0


MOVES = Path(__file__).resolve().parent.parent / "examples" / "wotr"


def _moves(console: Console, repeats: int) -> bool:
    """Issue 8: move generation on the real map, the ASP encodings against the brute-force generator, side
    by side: counting and listing every legal move of a die result (the same sets, checked)."""
    from pycombat.games.wotr.movegen import BruteForce
    from pycombat.games.wotr.moves import count_moves, legal_moves

    table = Table(title=f"WotR move generation (best of {min(repeats, 3)}): ASP (clingo) vs brute force (Python)",
                  title_justify="left")
    for col in ("position, die", "moves", "ASP count s", "brute count s", "ASP list s", "brute list s", "same set"):
        table.add_column(col, justify="left" if col == "position, die" else "right", no_wrap=True)
    ok = True
    for name in ("moves_setup_shadow_army.yaml", "moves_siege_of_minas_tirith.yaml", "moves_companions.yaml",
                 "moves_setup_shadow_character.yaml"):
        s = load_scenario(MOVES / name)
        brute = BruteForce(s)
        n = min(repeats, 3)
        t_count = min(_time(lambda: count_moves(s).total) for _ in range(n))
        t_bcount = min(_time(brute.count) for _ in range(n))
        total = count_moves(s).total
        ok = ok and total == brute.count()
        if total <= 100_000:
            t_list = min(_time(lambda: legal_moves(s, max_list=None)) for _ in range(n))
            t_blist = min(_time(brute.moves) for _ in range(n))
            same = {m.moved for m in legal_moves(s, max_list=None)} == brute.moves()
            ok = ok and same
            cells = [f"{t_list:.3f}", f"{t_blist:.3f}", "yes" if same else "NO"]
        else:
            cells = ["refused", "-", "count only"]
        table.add_row(f"{s.title}", f"{total:,}", f"{t_count:.3f}", f"{t_bcount:.3f}", *cells)
    console.print(table)
    return ok


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
