"""WotR ``odds`` on the diverse scenarios in instructions per scenario (valgrind's cachegrind): a measure of
the work that other load on a shared machine does not change, where CPU seconds vary by a third.

Runs this script under ``valgrind --tool=cachegrind`` twice a stage, over diverse scenarios ``0..N`` and
over scenario 0 alone, each warm (modules imported, rules parsed) with every answer cache empty, and prints the difference
of the two instruction counts per scenario, for each stage asked: the scenario read (``load``), the attack
judged and the battle set up (``judge``), the exact distributions of both casualty policies (``report``),
their fates (``fates``), the whole verb (``run``), the report as JSON-ready data (``to_json``) and the
JSON text (``full``, what ``bench/diverse.py`` times). Each stage includes those before it. ``PYTHONPATH``
pointing at a copy of an older package measures that one.

    python bench/wotr_instructions.py                     # full, 200 scenarios (about a minute)
    python bench/wotr_instructions.py --stage report --stage full --n 100
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Sequence

HERE = Path(__file__).resolve().parent
STAGES = ("load", "judge", "report", "fates", "run", "to_json", "full")


def run_stage(n: int, stage: str, seed: int) -> None:
    """The measured work: ``n`` diverse WotR scenarios through ``stage`` (in this process)."""
    sys.path.insert(0, str(HERE))
    import diverse
    import diverse_scenarios

    import pycombat
    from pycombat.games.wotr.battle import odds_details
    from pycombat.games.wotr.battle.odds import battle_report, battle_setup, judge_attack

    batch = diverse_scenarios.wotr(n, seed)
    diverse.warm(batch, "odds")
    for s in batch:
        loaded = pycombat.load(s)
        if stage == "load":
            continue
        if stage == "judge":
            battle_setup(loaded.model, judge_attack(loaded.model).attacking)
            continue
        if stage in ("report", "fates"):
            rep = battle_report(loaded.model)
            if stage == "fates":
                odds_details.fates_json(rep)
            continue
        report = loaded.run("odds")
        if stage == "run":
            continue
        data = report.to_json()
        if stage == "full":
            json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def instructions(n: int, stage: str, seed: int) -> int:
    """The instructions valgrind counts for this script's run of ``n`` scenarios through ``stage``."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, str(Path(__file__).resolve()), "--inner", "--n", str(n), "--stage", stage,
           "--seed", str(seed)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or m is None:
        raise SystemExit(f"valgrind failed ({done.returncode}): {done.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=200, help="scenarios measured (default 200)")
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--stage", choices=STAGES, action="append", help="default: full")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # the run valgrind counts
    args = ap.parse_args(argv)
    stages = args.stage or ["full"]
    if args.inner:
        run_stage(args.n, stages[0], args.seed)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed", file=sys.stderr)
        return 2
    print(f"package: {os.environ.get('PYTHONPATH') or 'the installed one'}; WotR odds, diverse scenarios "
          f"1..{args.n} (seed {args.seed})")
    for stage in stages:
        # the same stage over scenario 0 alone (the warm-up one) and over 0..n: the difference is scenarios 1..n
        # (and the drawing of n more, a small part)
        base = instructions(1, stage, args.seed)
        got = instructions(args.n + 1, stage, args.seed)
        print(f"{stage}: {(got - base) / args.n / 1e6:.2f} M instructions per scenario")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
