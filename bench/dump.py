"""The JSON of a game's default verb on the diverse scenarios, written to a file: a before/after identity check.

Runs the game's default verb (``enumerate`` for MECCG and Riftbound, ``odds`` for WotR) on
:mod:`diverse_scenarios`' batch for the game (seeded) through the Python API
(``pycombat.load(mapping).run(verb).to_json()``, as ``--json`` writes it) and through
``pycombat.batch.run_batch`` with one worker, and writes one line per scenario for each (a refused
scenario as ``REFUSED`` and why). Run it on two versions of the package (``PYTHONPATH`` pointing at a
copy of the older one) and compare the files with ``cmp`` (or, on one version, the output with
``--no-judge`` against the output without): an optimisation of that path must leave them
byte-identical.

    python bench/dump.py OUT.jsonl --game wotr [--n 1000] [--seed 34]
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import diverse  # noqa: E402
import diverse_scenarios  # noqa: E402

from pycombat.batch import run_batch  # noqa: E402
from pycombat.solver import set_judging  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--game", choices=sorted(diverse_scenarios.GENERATORS), required=True)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--no-judge", action="store_true",
                    help="judge each attack in a Control of its own (pycombat.solver.set_judging(False)): "
                         "the same version's output without the long-lived judges, to compare with cmp")
    args = ap.parse_args(argv)
    if args.no_judge:
        set_judging(False)
    generate, verb = diverse_scenarios.GENERATORS[args.game]
    batch = generate(args.n, args.seed)
    diverse.cold()
    answers, invalid = diverse.api_answers(batch, verb)
    lines = [f"api {i} " + (a if a is not None else f"REFUSED {invalid[i]}") for i, a in enumerate(answers)]
    diverse.cold()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.jsonl"
        path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in batch), encoding="utf-8")
        out = io.StringIO()
        run_batch([str(path)], verb, out=out, workers=1)
        lines += [f"batch {line.replace(str(path), '<input>')}" for line in out.getvalue().splitlines()]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(batch)} scenarios, {len(invalid)} refused: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
