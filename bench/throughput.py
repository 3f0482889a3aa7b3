"""`make bench`: throughput and scale, side by side in one run.

1. `pycombat batch` over N small distinct scenarios per game (bench/scenarios.py: MECCG 3 v 3
   `enumerate`, Riftbound 2-3 units a side `enumerate`, WotR small battle `odds`): scenarios per
   second (and per core, and per CPU second: the rate per core other work on the machine does
   not distort) with the loaded solver on, in process (1 worker), in a local pool of 2 processes
   and on a Dask LocalCluster of 2 worker processes, and off (every query parsed and grounded
   afresh, as before the loaded solver existed; on the first 100 only).  Target: 500 per second per core.
2. `pycombat enumerate eight_vs_eight.yaml --json` (in process, to /dev/null) against a bare
   itertools.permutations + compact json.dumps of the same options.  Target <= 3x and < 1 s.
3. `pycombat optimize wind_throne.yaml`, the whole command (a new process).  Target < 2 s.
4. `pycombat tree wind_throne.yaml -o x.graphml`, the whole command: time (wall, and the CPU time
   of the process, which other work on a shared machine does not stretch) and peak memory.
   Target < 3 s and < 200 MB.

The machine is shared: each time is the best of ``--repeats``; `uptime`'s load is printed.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import scenarios  # noqa: E402

from pycombat import example, load, solver  # noqa: E402
from pycombat.batch import run_batch  # noqa: E402
from pycombat.games.wotr.battle import process as wotr_battle  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


AFRESH = 100


def batch_rates(n: int, dask: bool) -> list[tuple]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game, (gen, verb) in scenarios.GENERATORS.items():
            data = gen(n)
            path = Path(tmp) / f"{game}.jsonl"
            path.write_text("".join(json.dumps(d) + "\n" for d in data))
            # the "before" rate is measured on the first AFRESH scenarios (a Riftbound board grounds
            # its program again for each of its queries then: 1,000 would take minutes)
            first = Path(tmp) / f"{game}_first.jsonl"
            first.write_text("".join(json.dumps(d) + "\n" for d in data[:AFRESH]))
            configs = [("in process, loaded solver", dict(workers=1), True, path),
                       (f"in process, solver parsed + grounded afresh (before; first {min(n, AFRESH)})",
                        dict(workers=1), False, first),
                       ("process pool, 2 workers", dict(workers=2), True, path)]
            if dask:
                configs.append(("Dask LocalCluster, 2 worker processes", dict(workers=2, dask=True), True, path))
            reference = None
            for label, kw, loaded, source in configs:
                # every configuration starts cold: a process pool forks this process, and its workers
                # would otherwise inherit the answers the previous configuration cached
                solver.clear_caches()
                wotr_battle.clear_caches()
                previous = solver.set_loaded(loaded)
                out = io.StringIO()
                before = os.times()
                try:
                    summary = run_batch([str(source)], verb, out=out, **kw)
                finally:
                    solver.set_loaded(previous)
                cpu = _cpu_since(before)
                lines = out.getvalue().replace(str(source), "<input>").splitlines()  # (the file names differ)
                if reference is None:
                    reference = lines
                same = "same lines" if lines == reference[:len(lines)] and lines else "DIFFERENT LINES"
                cores = kw["workers"]
                per_cpu = summary.total / cpu if cpu > 0 else 0.0
                verdict = "OK" if per_cpu >= 500 else "MISSED"
                rows.append((f"{game} {verb} x{n}: {label}", summary.total, summary.seconds, summary.rate,
                             summary.rate / cores, f"{per_cpu:,.0f} per CPU second (target 500: {verdict}); "
                                                   f"{summary.failed} failed; {same}"))
    return rows


def _cpu_since(before: os.times_result) -> float:
    """CPU seconds used since ``before`` by this process and its finished children (pool and Dask
    workers are children: they are counted once they exit). A rate per CPU second is the rate per
    core that other work on a shared machine does not distort."""
    now = os.times()
    return sum(getattr(now, f) - getattr(before, f) for f in ("user", "system", "children_user", "children_system"))


def json_output(repeats: int) -> list[tuple]:
    from pycombat.cli import main

    eight = str(example("meccg", "eight_vs_eight.yaml"))
    s = load(eight)
    strikes = [m.name for m in s.model.attacker.members]
    targets = [m.name for m in s.model.defender.members]

    def bare():
        with open(os.devnull, "w") as f:
            opts = [{"pairs": [{"attacker": a, "defender": d} for a, d in zip(p, targets)], "excess": []}
                    for p in itertools.permutations(strikes)]
            f.write(json.dumps({"count": len(opts), "options": opts}, ensure_ascii=False, separators=(",", ":")))
            f.write("\n")

    def ours():
        with open(os.devnull, "w") as f, contextlib.redirect_stdout(f):
            assert main(["enumerate", eight, "--json"]) == 0

    def best(fn):
        times = []
        for _ in range(repeats):
            solver.clear_caches()
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return min(times)

    b, o = best(bare), best(ours)
    return [("bare itertools.permutations + compact json (baseline)", 40320, b, None, None, ""),
            ("enumerate eight_vs_eight --json (in process)", 40320, o, None, None,
             f"{o / b:.2f}x baseline; target <= 3x and < 1 s: " + ("OK" if o / b <= 3 and o < 1 else "MISSED"))]


def whole_command(argv: list[str], repeats: int) -> tuple[float, int, float]:
    """Best wall time of a new process running the command, its peak memory (MB) and its best CPU
    time (user + system seconds)."""
    import resource

    probe = ("import resource, sys, io, contextlib\nfrom pycombat.cli import main\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n    rc = main(sys.argv[1:])\n"
             "print(rc, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)")
    best, peak, cpu = None, 0, None
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, cwd=ROOT)
        took = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        rc, mb = done.stdout.split()[-2:]
        assert rc == "0", done.stderr
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = took if best is None else min(best, took)
        cpu = used if cpu is None else min(cpu, used)
        peak = max(peak, int(mb))
    return best, peak, cpu


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000, help="scenarios per game in the batch runs")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--only", choices=["batch", "json", "optimize", "tree"], action="append")
    args = ap.parse_args()
    only = set(args.only or ["batch", "json", "optimize", "tree"])
    print(f"load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rows: list[tuple] = []
    if "json" in only:
        rows += json_output(args.repeats)
    if "optimize" in only:
        t, mb, cpu = whole_command(["optimize", "examples/meccg/wind_throne.yaml"], args.repeats)
        rows.append(("optimize wind_throne (whole command)", None, t, None, None,
                     f"{cpu:.2f} s CPU, {mb} MB; target < 2 s: " + ("OK" if t < 2 else "MISSED")))
    if "tree" in only:
        with tempfile.TemporaryDirectory() as tmp:
            t, mb, cpu = whole_command(["tree", "examples/meccg/wind_throne.yaml", "-o", f"{tmp}/x.graphml"],
                                       args.repeats)
        rows.append(("tree wind_throne -o x.graphml (whole command)", None, t, None, None,
                     f"{cpu:.2f} s CPU, {mb} MB peak; target < 3 s and < 200 MB: "
                     + ("OK" if t < 3 and mb < 200 else "MISSED")))
    if "batch" in only:
        rows += batch_rates(args.n, not args.no_dask)
    for what, n, secs, rate, per_core, note in rows:
        parts = [f"{what}:", f"{secs:.3f} s"]
        if rate is not None:
            parts.append(f"{rate:,.1f}/s ({per_core:,.1f}/s per core)")
        print("  ".join(parts) + (f"  [{note}]" if note else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
