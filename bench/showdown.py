"""`make bench`: the Riftbound showdown played from both hands, `optimize` (every option of the line
of best play valued exactly), warm in this process.

* 2 v 2, two cards a hand (``bench/latency.py``'s position: Jinx and Sharkling against Blue Sentinel
  and Leona; Rune Prison and Cleave against Defy and Unyielding Spirit): the same scenario again, and
  each call a scenario not seen before (every unit's Might changed): the median and the best of
  ``--repeats`` calls (target < 50 ms);
* with ``--three``: 3 v 3, three cards a hand (Trevor Snoozebottom and Stalwart Poro join, Blood Rush
  and Stand United too: Blood Rush's [Repeat] is searched, paid or not, with each target), ``--max-nodes``
  raised past the up-front estimate: two calls.

Prints a table: wall-clock and CPU time (on a shared machine the CPU time is the steadier), and the
game's size (states searched, showdown steps played); no target is asserted here (tests never time
anything).
"""
from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pycombat import api  # noqa: E402
from latency import RIFTBOUND_HANDS, _vary  # noqa: E402

THREE = copy.deepcopy(RIFTBOUND_HANDS)
THREE["attacker"]["units"].append({"name": "Trevor Snoozebottom"})
THREE["defender"]["units"].append({"name": "Stalwart Poro"})
THREE["hand"] = {"attacker": ["Rune Prison", "Cleave", "Blood Rush"],
                 "defender": ["Defy", "Unyielding Spirit", "Stand United"]}


def _run(docs, **options) -> tuple[list[float], list[float], dict]:
    """Wall-clock and CPU seconds of each call, and the last call's JSON."""
    wall, cpu, last = [], [], {}
    for doc in docs:
        t, c = time.perf_counter(), time.process_time()
        report = api.load(doc).optimize(**options)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        last = report.to_json()
    return wall, cpu, last


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=30)
    p.add_argument("--three", action="store_true", help="also the 3 v 3 with three cards a hand (seconds a call)")
    p.add_argument("--max-nodes", type=int, default=40_000_000)
    args = p.parse_args(argv)
    _run([RIFTBOUND_HANDS])  # warm-up: data loaded, modules imported
    print(f"{'showdown from both hands, optimize':38} {'median':>10} {'best':>10} {'CPU median':>11} {'best':>10} "
          f"{'states':>8} {'steps':>7}")
    rows = [("2 v 2, 2 cards a hand (same)", *_run([RIFTBOUND_HANDS] * args.repeats)),
            ("2 v 2, 2 cards a hand (new scenario)", *_run([_vary(RIFTBOUND_HANDS, k) for k in range(args.repeats)]))]
    if args.three:
        rows.append(("3 v 3, 3 cards a hand", *_run([THREE] * 2, max_nodes=args.max_nodes)))
    for label, wall, cpu, j in rows:
        print(f"{label:38} {statistics.median(wall) * 1000:7.2f} ms {min(wall) * 1000:7.2f} ms "
              f"{statistics.median(cpu) * 1000:8.2f} ms {min(cpu) * 1000:7.2f} ms {j['states']:8,} "
              f"{j['showdown_steps']:7,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
