"""War of the Ring benchmark: exact battle odds against a Monte Carlo, in one run.

``examples/wotr/ten_vs_ten.yaml`` is a field battle of 10 units against 10 (5 Regulars and 5 Elites
each side, Leadership 5 each), fought to the end. For each deterministic casualty policy the exact
outcome distribution (what ``pycombat odds`` computes; caches cleared before every repeat) is timed
against an independent 100,000-trial plain-Python Monte Carlo of the same battle (:func:`independent_mc`,
written here from the rules alone, seeded, in the same process), and each estimated probability is
checked against the exact one: within its statistical error means |estimate - exact| <= 4 standard
errors. Target: the exact solution at least 100x faster than the Monte Carlo, per policy. The whole
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

import math
import random

from pycombat.games.wotr.battle.process import Policy, battle_odds, clear_caches
from pycombat.games.wotr.battle.montecarlo import Z_BOUND
from pycombat.games.wotr.schema import load_scenario
from pycombat.games.wotr.battle.setup import battle_setup

FILE = Path(__file__).resolve().parent.parent / "examples" / "wotr" / "ten_vs_ten.yaml"
TARGET = 100.0


def independent_mc(trials: int, policy: str, seed: int, a0: tuple[int, int], d0: tuple[int, int],
                   lead_a: int, lead_d: int, pool_a: int, pool_d: int) -> dict[str, int]:
    """A field battle without Settlement between two single-Nation Armies, played out die by die in plain
    Python from the rules alone (shares no code with the solver): each die hits on 5 or 6 (a natural 1
    misses, a natural 6 hits; WOTR-HIT-1/4); min(Leadership, 5, misses) missed dice are re-rolled
    (WOTR-STR-5); the attacker takes his casualties first (WOTR-CAS-2): ``regulars_first`` removes a
    Regular while there is one, then replaces an Elite by a Regular from the pool; ``downgrade_first``
    replaces Elites first; with no Regular available an Elite is eliminated, two hits for one, a last
    hit for one (WOTR-CAS-3..5); the attacker never ceases, the defender never retreats."""
    rng = random.Random(seed)
    rand = rng.random
    counts = {"attacker_wins": 0, "defender_holds": 0, "both_destroyed": 0}
    down = policy == "downgrade_first"
    for _ in range(trials):
        ar, ae = a0
        dr, de = d0
        pa, pd = pool_a, pool_d
        while True:
            hits = [0, 0]
            for k, (r, e, lead) in enumerate(((ar, ae, lead_a), (dr, de, lead_d))):
                n = min(r + e, 5)
                h = 0
                for _ in range(n):
                    if int(rand() * 6) >= 4:  # faces 5 and 6
                        h += 1
                for _ in range(min(lead, 5, n - h)):
                    if int(rand() * 6) >= 4:
                        h += 1
                hits[k] = h
            for side in (0, 1):
                h = hits[1 - side]
                r, e, p = (ar, ae, pa) if side == 0 else (dr, de, pd)
                while h > 0 and r + e > 0:
                    if down and e and p > 0:
                        e, r, p = e - 1, r + 1, p - 1
                    elif r:
                        r, p = r - 1, p + 1
                    elif e and p > 0:
                        e, r, p = e - 1, r + 1, p - 1
                    else:
                        e -= 1
                        h -= 1 if h >= 2 else 0
                    h -= 1
                if side == 0:
                    ar, ae, pa = r, e, p
                else:
                    dr, de, pd = r, e, p
            gone_a, gone_d = ar + ae == 0, dr + de == 0
            if gone_a or gone_d:
                counts["both_destroyed" if gone_a and gone_d else "attacker_wins" if gone_d else "defender_holds"] += 1
                break
    return counts


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
    (a0,), pool_a, (d0,), pool_d, _, _ = setup.start
    battle = dict(a0=a0, d0=d0, lead_a=setup.attacker.leadership(setup.start[0]),
                  lead_d=setup.defender.leadership(setup.start[2]), pool_a=pool_a[0], pool_d=pool_d[0])
    console = Console(width=160)
    table = Table(title=f"WotR benchmark: {FILE.name}, exact (best and median of {args.repeats}, cold caches) "
                        f"vs independent plain-Python Monte Carlo ({args.trials:,} battles, seed {args.seed})",
                  title_justify="left")
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
        counts = independent_mc(args.trials, pol, args.seed, **battle)
        mc = time.perf_counter() - t0
        mc_times.append(mc)
        exact = res.by_kind()
        zs = {}
        for kind in set(exact) | set(counts):
            p = float(exact.get(kind, 0))
            est = counts.get(kind, 0) / args.trials
            sigma = math.sqrt(p * (1 - p) / args.trials)
            zs[kind] = (est - p) / sigma if sigma else (0.0 if est == p else math.inf)
        within = all(abs(z) <= Z_BOUND for z in zs.values())
        ratio = mc / best
        ok = ok and within and ratio >= TARGET
        table.add_row(pol, f"{best:.4f}", f"{med:.4f}", f"{mc:.2f}", f"{ratio:,.0f}x",
                      f">= {TARGET:.0f}x " + ("OK" if ratio >= TARGET else "MISSED"),
                      f"{float(exact['attacker_wins']):.6f}", f"{counts['attacker_wins'] / args.trials:.6f}",
                      f"{max(abs(z) for z in zs.values()):.2f}", "yes" if within else "NO")
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
    """Move generation on the real map, the ASP encodings against the brute-force generator, side
    by side: counting and listing every legal move of a die result (the same sets, checked)."""
    from pycombat.games.wotr.position.movegen import BruteForce
    from pycombat.games.wotr.position.moves import count_moves, legal_moves

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
