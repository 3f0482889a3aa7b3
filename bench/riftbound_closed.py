"""Riftbound's closed forms against the encodings alone: the same answers, and how much faster.

``pycombat.games.riftbound.damage.splits.CLOSED_FORMS`` switches the closed forms of
:mod:`pycombat.games.riftbound.damage.closed` (derive.lp's numbers, the few legal vector splits of a
side and whether they wipe out the other side) on or off.  This runs, in one process and each run
cold (every cache emptied, the rules parsed once):

1. ``enumerate`` over the diverse batch of ``bench/diverse.py`` (1,000 boards of 1-4 real units a
   side, Might 1-8) through the Python API, then through ``pycombat.batch.run_batch`` with one
   worker, each with the closed forms off, on, and off again (the machine is shared: the two "off"
   runs show the noise), and checks that the JSON of every scenario is byte-identical;
2. every verb (but ``tree``) on every shipped example, its JSON and its text, under ``examples/riftbound`` and ``examples/rulings/riftbound`` with the closed
   forms off and on: byte-identical (``seconds`` dropped: optimize says how long it took).

Rates are per CPU second of this process (what other work on the machine does not distort).

    python bench/riftbound_closed.py            # 1,000 diverse boards
    python bench/riftbound_closed.py --n 200
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import diverse  # noqa: E402
import diverse_scenarios  # noqa: E402

import pycombat  # noqa: E402
from rich.console import Console  # noqa: E402
from pycombat import registry  # noqa: E402
from pycombat.batch import run_batch  # noqa: E402
from pycombat.games.riftbound.damage import splits  # noqa: E402

ROOT = Path(pycombat.__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "riftbound").glob("*.yaml")) + sorted(
    (ROOT / "examples" / "rulings" / "riftbound").glob("*.yaml"))
VERBS = ("enumerate", "odds", "optimize", "verify")


def _api(batch: Sequence[dict]) -> tuple[list, float]:
    diverse.warm(batch, "enumerate")
    t0 = time.process_time()
    got, _invalid = diverse.api_answers(batch, "enumerate")
    return got, time.process_time() - t0


def _batch(path: Path) -> tuple[list, float]:
    diverse.cold()
    out = io.StringIO()
    t0 = time.process_time()
    run_batch([str(path)], "enumerate", out=out, workers=1)
    return out.getvalue().splitlines(), time.process_time() - t0


def _text(report) -> str:
    """The report as the command line prints it (``took`` lines dropped: optimize says how long)."""
    console = Console(file=io.StringIO(), width=160, color_system=None)
    registry.get("riftbound").verb(report.verb).resolve_present()(report, console)
    return "\n".join(line for line in console.file.getvalue().splitlines() if " s" not in line or "took" not in line)


def _examples() -> dict[tuple[str, str], str]:
    got = {}
    for path in EXAMPLES:
        for verb in VERBS:
            diverse.cold()
            try:
                report = pycombat.load(path).run(verb)
                result = report.to_json()
            except Exception as exc:  # noqa: BLE001 - an error is an answer to compare too
                got[str(path.relative_to(ROOT)), verb] = f"{type(exc).__name__}: {exc}"
                continue
            result.pop("seconds", None)
            got[str(path.relative_to(ROOT)), verb] = json.dumps(result, ensure_ascii=False) + "\n" + _text(report)
    return got


def run(flag: bool, fn, *args):
    splits.CLOSED_FORMS = flag
    try:
        return fn(*args)
    finally:
        splits.CLOSED_FORMS = True


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--no-examples", action="store_true")
    args = ap.parse_args(argv)
    generate, _verb = diverse_scenarios.GENERATORS["riftbound"]
    batch = generate(args.n, args.seed)
    n = len(batch)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "riftbound.jsonl"
        path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in batch), encoding="utf-8")
        for what, fn, arg in (("Python API", _api, batch), ("run_batch, 1 worker", _batch, path)):
            runs = [(flag, *run(flag, fn, arg)) for flag in (False, True, False)]
            same = runs[0][1] == runs[1][1] == runs[2][1]
            failed += not same
            rates = ", ".join(f"{'closed forms' if flag else 'solver only'} {n / cpu:,.0f}/s"
                              for flag, _got, cpu in runs)
            speedup = (runs[0][2] + runs[2][2]) / 2 / runs[1][2]
            print(f"riftbound enumerate x{n} diverse, {what}: {rates} per CPU second; x{speedup:.1f}; "
                  f"{'identical JSON' if same else 'JSON DIFFERS'}")
    if not args.no_examples:
        off, on = run(False, _examples), run(True, _examples)
        differ = sorted(k for k in off if off[k] != on.get(k))
        failed += bool(differ)
        print(f"shipped examples x verbs ({len(off)} answers): "
              + ("identical JSON" if not differ else f"DIFFER: {differ}"))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
