"""The attack judges of the Python API path (:func:`pycombat.solver.judged_facts`): throughput with and
without them in one run, and the process's memory over many scenarios.

1. Rates: each game's default verb (``enumerate`` for MECCG, ``odds`` for WotR) over
   :mod:`diverse_scenarios`' batch through the Python API (``pycombat.load(mapping).run(verb)``, the
   report's JSON as ``--json`` writes it), with the judges off (each scenario's attack in a Control of
   its own) and on, alternately ``--rounds`` times, each pass starting cold (:func:`diverse.cold`).
   Rates per CPU second of this process (a shared machine distorts wall time, not the ratio of CPU
   times); the answers of every pass are checked to be the same text.
2. Memory (``--rss N``): the resident set size every 1,000 scenarios while the judge answers N
   diverse scenarios' attacks one after another (a judge's Control is replaced every
   ``MAX_JUDGED`` instances: the RSS must level off, not grow with N).

    python bench/judge.py                       # 1,000 a game, 2 rounds
    python bench/judge.py --rss 10000 --game meccg --rounds 0
    python bench/judge.py --rss 10000 --game meccg --rounds 0 --no-judge   # the same caches, no judge
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import diverse  # noqa: E402
import diverse_scenarios  # noqa: E402

import pycombat  # noqa: E402
from pycombat.errors import PycombatError  # noqa: E402
from pycombat.solver import MAX_JUDGED, set_judging  # noqa: E402


def judged_facts_on() -> bool:
    """Whether the judges are on (:func:`pycombat.solver.set_judging`)."""
    previous = set_judging(True)
    set_judging(previous)
    return previous


def rss_mb() -> float:
    """This process's resident set size now, in MB (``/proc/self/statm``)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def rates(game: str, n: int, seed: int, rounds: int) -> None:
    generate, verb = diverse_scenarios.GENERATORS[game]
    batch = generate(n, seed)
    diverse.warm(batch, verb)
    got: dict[bool, list[float]] = {False: [], True: []}
    reference = None
    for _ in range(rounds):
        for judging in (False, True):
            previous = set_judging(judging)
            diverse.cold()
            t0 = time.process_time()
            answers, invalid = diverse.api_answers(batch, verb)
            cpu = time.process_time() - t0
            set_judging(previous)
            got[judging].append(n / cpu)
            reference = answers if reference is None else reference
            assert answers == reference, "the answers differ with the judges on and off"
    off, on = got[False], got[True]
    print(f"{game} {verb} x{n} diverse, Python API, per CPU second: judges off "
          + ", ".join(f"{r:,.0f}" for r in off) + "; on " + ", ".join(f"{r:,.0f}" for r in on)
          + f"; on/off {sum(on) / sum(off):.2f}; {len(invalid)} invalid; answers identical")


def memory(game: str, n: int, seed: int) -> None:
    """The RSS every 1,000 scenarios while ``game``'s attacks of ``n`` diverse scenarios are judged."""
    if game == "meccg":
        from pycombat.games.meccg.assignment import legal

        def judge(s):
            return legal._judge(s, legal._attack_solver(s))
    else:
        from pycombat.games.wotr.battle import splits

        def judge(s):
            return splits._judge(s, None)
    generate, _verb = diverse_scenarios.GENERATORS[game]
    batch = generate(n, seed)
    diverse.cold()
    marks = []
    for i, doc in enumerate(batch, 1):
        try:
            judge(pycombat.load(doc).model)
        except PycombatError:
            pass  # (a refused scenario: the verb reports it; its memory counts all the same)
        if i % 1000 == 0:
            marks.append(f"{i:,}: {rss_mb():.0f} MB")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    how = f"judge (a new Control every {MAX_JUDGED})" if judged_facts_on() else "no judge (a Control a scenario)"
    print(f"{game} attacks, {n:,} diverse scenarios one after another, {how}: "
          f"RSS {'; '.join(marks)}; peak {peak:.0f} MB")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="scenarios per game for the rates (default 1000)")
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--rounds", type=int, default=2, help="passes with the judges off and on (default 2)")
    ap.add_argument("--rss", type=int, default=0, metavar="N", help="also measure the RSS over N scenarios")
    ap.add_argument("--game", choices=("meccg", "wotr"), action="append")
    ap.add_argument("--no-judge", action="store_true",
                    help="with --rss: each attack in a Control of its own (the same caches, no judge), for comparison")
    args = ap.parse_args(argv)
    if args.no_judge:
        set_judging(False)
    for game in args.game or ("meccg", "wotr"):
        if args.rounds:
            rates(game, args.n, args.seed, args.rounds)
        if args.rss:
            memory(game, args.rss, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
