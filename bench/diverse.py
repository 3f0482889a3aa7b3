"""`make bench`'s diverse rows: throughput when every scenario of a batch is different.

The batches come from :mod:`diverse_scenarios` (seeded; real names drawn from each game's shipped
data: MECCG companies of 1-4 characters a side with items, statuses and sites, Riftbound boards of
1-4 real units a side with Might 1-8, WotR Armies of 1-10 units with Leaders in real regions); no
two scenarios of a batch have the same canonical JSON. Each game's default verb (``enumerate`` for
MECCG and Riftbound, ``odds`` for WotR) runs over the batch, each configuration starting cold:

1. in process through the Python API (``pycombat.load(mapping).run(verb)``, then the report's JSON
   as ``--json`` writes it): one worker. This run is also the check that every generated scenario is
   a valid input: each one refused is counted and named (never dropped);
2. ``pycombat.batch.run_batch`` with 1 worker (in process) and with 2 (a process pool);
3. ``run_batch`` on a Dask LocalCluster of 2 worker processes on 127.0.0.1;
4. for WotR, for comparison, ``run_batch`` with 1 worker under ``--flag casualty_policy=regulars_first``:
   the default (``enumerate``) makes ``odds`` solve each of the two named policies, this row one.

Each row gives the wall time, the rate per wall second (and per core) and the rate per CPU second:
this process's CPU time and that of its finished children (pool and Dask workers), which other
work on a shared machine does not distort. The batch rows are checked to write the same lines, and
their results to equal the API's. The rows have the shape of ``bench/throughput.py``'s ("similar
scenarios"); ``--similar`` prints those too, from the same run, in one table.

    python bench/diverse.py                  # 1,000 a game, every configuration
    python bench/diverse.py --quick          # 40 a game, no Dask: a minute
    python bench/diverse.py --similar        # the similar rows (bench/throughput.py) as well
    python bench/diverse.py --no-judge       # the API path without its long-lived attack judges
"""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import diverse_scenarios  # noqa: E402
import throughput  # noqa: E402  (its CPU clock and its "similar scenarios" rows)

import pycombat  # noqa: E402
from pycombat import jsontext, solver  # noqa: E402
from pycombat.batch import run_batch  # noqa: E402
from pycombat.games.wotr.battle import process as wotr_battle  # noqa: E402

#: the rate a game's default verb should reach per CPU second (a core), one worker
TARGET = 500
QUICK_N = 40
#: per game, the flag settings of an extra row for comparison (the default verb under one named policy)
ONE_POLICY = {"wotr": (("casualty_policy", "regulars_first"),)}
#: a row: what, scenarios, wall seconds, rate per wall second, rate per core, note (bench/throughput.py)
Row = tuple[str, "int | None", float, "float | None", "float | None", str]


def cold() -> None:
    """Empty every cache a previous configuration filled (the loaded solver's, the games' memos and
    the WotR battle process's): each configuration starts as a new process would."""
    solver.clear_caches()
    wotr_battle.clear_caches()


def api_answers(batch: Sequence[dict], verb: str) -> tuple[list[Any], dict[int, str]]:
    """Each scenario through the Python API as ``--json`` writes it: the results (JSON text; None for
    a scenario refused) and, by index, why each refused one was refused."""
    results: list[Any] = []
    invalid: dict[int, str] = {}
    for i, scenario in enumerate(batch):
        try:
            report = pycombat.load(scenario).run(verb)
            results.append(jsontext.dumps(report.to_json()))
        except Exception as exc:  # noqa: BLE001 - a refused scenario is counted and named, never dropped
            results.append(None)
            invalid[i] = f"{type(exc).__name__}: {exc}"
    return results, invalid


def validate(batch: Sequence[dict], verb: str) -> dict[int, str]:
    """Why each scenario of ``batch`` the API refuses is refused (by index); empty when all are valid."""
    cold()
    return api_answers(batch, verb)[1]


def _unnamed(result: Any) -> Any:
    """A result without the input's name (``scenario``: the batch names each line, the API a mapping not)."""
    return {k: v for k, v in result.items() if k != "scenario"} if isinstance(result, dict) else result


def warm(batch: Sequence[dict], verb: str) -> None:
    """Import what the verb needs and parse the game's rules once, then empty the caches: every
    configuration then measures the scenarios, not the modules' first import (a pool forks this
    process; Dask's workers start afresh and import it themselves, their start included)."""
    if batch:
        api_answers(batch[:1], verb)
    cold()


def _measure(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    """``fn()``, its wall seconds and the CPU seconds of this process and its finished children."""
    before = os.times()
    t0 = time.perf_counter()
    got = fn()
    wall = time.perf_counter() - t0
    return got, wall, throughput._cpu_since(before)


def _row(what: str, done: int, wall: float, cpu: float, cores: int, note: str, target: bool = True) -> Row:
    per_cpu = done / cpu if cpu > 0 else 0.0
    verdict = f" (target {TARGET}: {'OK' if per_cpu >= TARGET else 'MISSED'})" if target else ""
    rate = done / wall if wall > 0 else 0.0
    return (what, done, wall, rate, rate / cores, f"{per_cpu:,.0f} per CPU second{verdict}; {note}")


def game_rows(game: str, n: int, seed: int, dask: bool, tmp: Path) -> tuple[list[Row], dict[int, str]]:
    """The rows of one game's diverse batch of ``n``, and the scenarios the API refused."""
    generate, verb = diverse_scenarios.GENERATORS[game]
    batch = generate(n, seed)
    label = f"{game} {verb} x{n} diverse"
    rows: list[Row] = []

    warm(batch, verb)
    (answers, invalid), wall, cpu = _measure(lambda: api_answers(batch, verb))
    rows.append(_row(f"{label}: in process, Python API (1 worker)", len(batch), wall, cpu, 1,
                     f"{len(invalid)} invalid; {batch.redrawn} redrawn"))

    path = tmp / f"{game}_diverse.jsonl"
    path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in batch), encoding="utf-8")
    configs = [("in process, run_batch (1 worker)", dict(workers=1), 1),
               ("process pool, run_batch (2 workers)", dict(workers=2), 2)]
    if dask:
        configs.append(("Dask LocalCluster, 2 worker processes", dict(workers=2, dask=True), 2))
    reference = None
    for what, kw, cores in configs:
        cold()
        out = io.StringIO()
        summary, wall, cpu = _measure(lambda: run_batch([str(path)], verb, out=out, **kw))
        lines = out.getvalue().replace(str(path), "<input>").splitlines()
        if reference is None:
            reference = lines
            same = [_unnamed(json.loads(line).get("result")) for line in lines] == [
                None if a is None else _unnamed(json.loads(a)) for a in answers]
            agree = "results equal the API's" if same else "RESULTS DIFFER FROM THE API'S"
        else:
            agree = "same lines" if lines == reference else "DIFFERENT LINES"
        rows.append(_row(f"{label}: {what}", summary.total, wall, cpu, cores,
                         f"{summary.failed} failed; {agree}"))
    for name, value in ONE_POLICY.get(game, ()):
        # for comparison, not the target's row: the same batch under one named policy of a flag whose
        # default solves several (WotR's casualty_policy=enumerate: `odds` solves each named policy)
        cold()
        summary, wall, cpu = _measure(lambda: run_batch([str(path)], verb, out=io.StringIO(), workers=1,
                                                        flags={name: value}))
        rows.append(_row(f"{label}: in process, run_batch (1 worker), --flag {name}={value}", summary.total, wall,
                         cpu, 1, f"{summary.failed} failed; for comparison: one policy solved, not the default's two",
                         target=False))
    return rows, invalid


def print_rows(rows: Sequence[Row], out=None) -> None:
    """The rows as ``bench/throughput.py`` prints them: one a line."""
    out = out or sys.stdout
    for what, _n, secs, rate, per_core, note in rows:
        parts = [f"{what}:", f"{secs:.3f} s"]
        if rate is not None:
            parts.append(f"{rate:,.1f}/s ({per_core:,.1f}/s per core)")
        print("  ".join(parts) + (f"  [{note}]" if note else ""), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="scenarios per game (default 1000)")
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--quick", action="store_true", help=f"{QUICK_N} scenarios a game and no Dask cluster")
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--game", choices=sorted(diverse_scenarios.GENERATORS), action="append")
    ap.add_argument("--similar", action="store_true",
                    help="also the similar-scenarios rows of bench/throughput.py (same N), in the same table")
    ap.add_argument("--no-judge", action="store_true",
                    help="the API path's attack verdicts each in a Control of its own, without the long-lived "
                         "judges (pycombat.solver.set_judging(False)): the rows to compare with")
    args = ap.parse_args(argv)
    if args.no_judge:
        solver.set_judging(False)
    n = QUICK_N if args.quick else args.n
    dask = not (args.no_dask or args.quick)
    print(f"load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    rows: list[Row] = []
    refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.game or diverse_scenarios.GENERATORS:
            got, invalid = game_rows(game, n, args.seed, dask, Path(tmp))
            rows += got
            refused += len(invalid)
            for i, why in sorted(invalid.items()):
                print(f"invalid {game} #{i}: {why}", file=sys.stderr)
    if args.similar:
        rows += throughput.batch_rates(n, dask)
    print_rows(rows)
    if refused:
        print(f"{refused} generated scenarios were refused as input (listed on stderr)", file=sys.stderr)
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
