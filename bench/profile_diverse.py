"""Where a distinct scenario's time goes, per game: ms per scenario in each stage.

Runs each game's default verb over a diverse batch (:mod:`diverse_scenarios`), warm (modules
imported, rules parsed once) but with every answer cache empty, so that each scenario is solved as a
new one. The time of each scenario is split, exclusively (a stage's time excludes the stages it
calls), by wrapping the entry points of each stage in timers:

* phases: ``read`` (the game's reader: parsing and checking the mapping, building the model),
  ``prefetch`` (a game's batch prefetch, with ``--batch``), ``verb`` (the verb's ``run``),
  ``to_json`` (the report as JSON-ready data), ``json`` (its text, :func:`pycombat.jsontext.dumps`);
* inside a phase: ``facts`` (the games' fact builders: every function of a module named ``*facts*``,
  and the solver's facts-to-text), ``control`` (a clingo control made and the parsed rules and facts
  added: ``Solver._control``, ``Instances._ground``'s adding, ``clingo.Control.add``), ``ground``
  (``clingo.Control.ground``), ``solve`` (``clingo.Control.solve`` and the models' iteration),
  ``decode`` (``clingo.Model.symbols``, ``Decoder``, ``to_python``), and ``python``: the rest of the
  phase (the game's own Python).

The timers read the process's CPU clock (other work on a shared machine does not count) and cost
about a microsecond a call; the table gives the instrumented total, the timed calls a scenario and
the plain total (the same run without timers), with the time of the cyclic garbage collector's runs in it.
``--cprofile K`` also prints the K functions with the most own time (cProfile).

    python bench/profile_diverse.py               # 200 a game through the API
    python bench/profile_diverse.py --batch       # through pycombat.batch.run_batch, 1 worker
"""
from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import inspect
import io
import json
import pstats
import sys
import tempfile
import time
import types
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent))

import diverse  # noqa: E402
import diverse_scenarios  # noqa: E402

import clingo  # noqa: E402
import clingo.ast  # noqa: E402
import clingo.solving  # noqa: E402

import pycombat  # noqa: E402
from pycombat import jsontext, registry  # noqa: E402
from pycombat.batch import run_batch  # noqa: E402

PHASES = ("read", "prefetch", "verb", "to_json", "json")
STAGES = ("facts", "control", "ground", "solve", "decode", "python")


class Clock:
    """Exclusive timers: the time of a wrapped call less that of the wrapped calls inside it, by
    (phase, stage)."""

    def __init__(self) -> None:
        self.totals: dict[tuple[str, str], float] = defaultdict(float)
        self.calls = 0
        self.stack: list[list] = []  # [phase, stage, start, inner]
        self.phase = "other"

    def wrap(self, fn: Callable, stage: str | None = None, phase: str | None = None) -> Callable:
        clock = self
        while getattr(fn, "_clocked", False):  # (a wrapper another Clock left: wrap what it wraps)
            fn = fn.__wrapped__

        if inspect.isgeneratorfunction(fn):
            @functools.wraps(fn)
            def gen_wrapper(*a, **k):
                it = fn(*a, **k)
                while True:
                    clock.enter(stage, phase)
                    try:
                        item = next(it)
                    except StopIteration:
                        clock.leave()
                        return
                    except BaseException:
                        clock.leave()
                        raise
                    clock.leave()
                    yield item
            gen_wrapper._clocked = True
            return gen_wrapper

        @functools.wraps(fn)
        def wrapper(*a, **k):
            clock.enter(stage, phase)
            try:
                return fn(*a, **k)
            finally:
                clock.leave()
        wrapper._clocked = True
        return wrapper

    def enter(self, stage: str | None, phase: str | None) -> None:
        outer = self.stack[-1] if self.stack else None
        ph = phase or (outer[0] if outer else "other")
        st = stage or ("python" if phase else (outer[1] if outer else "python"))
        self.calls += 1
        self.stack.append([ph, st, time.process_time(), 0.0])

    def leave(self) -> None:
        ph, st, start, inner = self.stack.pop()
        took = time.process_time() - start
        self.totals[ph, st] += took - inner
        if self.stack:
            self.stack[-1][3] += took


class GcClock:
    """The CPU time of the cyclic garbage collector's runs (a ``gc.callbacks`` entry): part of the plain
    total, spent in whatever stage allocated when a collection was due (a full collection walks every
    object the process keeps, the caches' too), counted apart by generation."""

    def __init__(self) -> None:
        self.total = 0.0
        self.runs = [0, 0, 0]
        self._start = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.process_time()
        else:
            self.total += time.process_time() - self._start
            self.runs[info["generation"]] += 1


def _patch_everywhere(original: Callable, wrapped: Callable) -> None:
    """Replace ``original`` by ``wrapped`` wherever a loaded pycombat module holds it by name."""
    for mod in list(sys.modules.values()):
        if not isinstance(mod, types.ModuleType) or not (mod.__name__ or "").startswith("pycombat"):
            continue
        for name, value in list(vars(mod).items()):
            if value is original:
                setattr(mod, name, wrapped)


def _patch_method(cls: type, name: str, clock: Clock, stage: str | None = None, phase: str | None = None) -> None:
    fn = cls.__dict__.get(name)
    if fn is not None and callable(fn):
        setattr(cls, name, clock.wrap(fn, stage, phase))


def instrument(clock: Clock) -> None:
    """Wrap every stage's entry points (after the games' modules are imported)."""
    from pycombat import report
    from pycombat.solver import instances, solve, symbols

    _patch_method(registry.Game, "read_scenario", clock, phase="read")
    _patch_method(pycombat.Scenario, "run", clock, phase="verb")
    from pycombat import batch
    batch._prefetch = clock.wrap(batch._prefetch, phase="prefetch")
    for mod in list(sys.modules.values()):
        for value in list(vars(mod).values()) if isinstance(mod, types.ModuleType) and \
                (mod.__name__ or "").startswith("pycombat") else ():
            if isinstance(value, type) and issubclass(value, report.Report) and "to_json" in value.__dict__:
                _patch_method(value, "to_json", clock, phase="to_json")
    jsontext.dumps = clock.wrap(jsontext.dumps, phase="json")
    _patch_everywhere(jsontext.__dict__["dumps"].__wrapped__, jsontext.dumps)
    # fact builders: every function of the games' *facts* modules, wherever it is held by name
    for name, mod in list(sys.modules.items()):
        if name.startswith("pycombat.games.") and "facts" in name.rsplit(".", 1)[-1]:
            for fname, fn in list(vars(mod).items()):
                # (generators are left to their callers: a timer around each item costs more than it measures)
                if isinstance(fn, types.FunctionType) and fn.__module__ == name and not inspect.isgeneratorfunction(fn):
                    _patch_everywhere(fn, clock.wrap(fn, "facts"))
    for fn in (symbols._facts_text,):
        _patch_everywhere(fn, clock.wrap(fn, "facts"))
    _patch_method(solve.Solver, "_control", clock, "control")
    _patch_method(instances.Instances, "_ground", clock, "control")
    _patch_method(clingo.Control, "add", clock, "control")
    _patch_method(clingo.Control, "ground", clock, "ground")
    _patch_method(clingo.Control, "solve", clock, "solve")
    _patch_method(clingo.solving.SolveHandle, "__next__", clock, "solve")
    _patch_method(clingo.solving.SolveHandle, "get", clock, "solve")
    _patch_method(clingo.solving.Model, "symbols", clock, "decode")
    _patch_method(symbols.Decoder, "__call__", clock, "decode")
    solve.to_python = clock.wrap(symbols.to_python, "decode")  # (the decoder of a program without one)


def _api(batch: Sequence[dict], verb: str) -> None:
    for s in batch:
        jsontext.dumps(pycombat.load(s).run(verb).to_json())


def _batch(batch: Sequence[dict], verb: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "in.jsonl"
        path.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in batch), encoding="utf-8")
        run_batch([str(path)], verb, out=io.StringIO(), workers=1)


def profile(game: str, n: int, seed: int, through_batch: bool, top: int = 0) -> dict[str, Any]:
    """One game's table: ms per scenario by (phase, stage), the plain and instrumented totals."""
    generate, verb = diverse_scenarios.GENERATORS[game]
    batch = generate(n, seed)
    run = _batch if through_batch else _api
    diverse.warm(batch, verb)
    collector = GcClock()
    gc.callbacks.append(collector)
    try:
        t0 = time.process_time()
        run(batch, verb)
        plain = time.process_time() - t0
    finally:
        gc.callbacks.remove(collector)
    out: dict[str, Any] = {"game": game, "verb": verb, "n": len(batch), "plain_ms": 1000 * plain / len(batch),
                           "gc_ms": 1000 * collector.total / len(batch), "gc_runs": collector.runs}
    if top:
        diverse.cold()
        prof = cProfile.Profile()
        prof.runcall(run, batch, verb)
        text = io.StringIO()
        pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(top)
        out["cprofile"] = text.getvalue()
    clock = Clock()
    originals = _snapshot()
    try:
        instrument(clock)
        diverse.cold()
        t0 = time.process_time()
        run(batch, verb)
        out["instrumented_ms"] = 1000 * (time.process_time() - t0) / len(batch)
        out["timed_calls"] = clock.calls / len(batch)
    finally:
        _restore(originals)
    out["ms"] = {f"{ph}/{st}": 1000 * v / len(batch) for (ph, st), v in sorted(clock.totals.items())}
    return out


def _snapshot() -> list[tuple[Any, str, Any]]:
    """Every attribute :func:`instrument` may replace, to put back afterwards."""
    saved = []
    for mod in list(sys.modules.values()):
        if isinstance(mod, types.ModuleType) and (mod.__name__ or "").startswith("pycombat"):
            saved += [(mod, k, v) for k, v in vars(mod).items() if callable(v) or isinstance(v, type)]
            for v in list(vars(mod).values()):
                if isinstance(v, type) and v.__module__ == mod.__name__:
                    saved += [(v, k, f) for k, f in v.__dict__.items() if callable(f)]
    for cls in (clingo.Control, clingo.solving.SolveHandle, clingo.solving.Model):
        saved += [(cls, k, f) for k, f in cls.__dict__.items() if callable(f)]
    saved.append((jsontext, "dumps", jsontext.dumps))
    return saved


def _restore(saved: list[tuple[Any, str, Any]]) -> None:
    for owner, name, value in saved:
        setattr(owner, name, value)


def table(results: Sequence[dict]) -> str:
    """The results as a Markdown table: a row per (phase, stage), a column per game (ms a scenario)."""
    keys = [f"{ph}/{st}" for ph in PHASES + ("other",) for st in STAGES
            if any(f"{ph}/{st}" in r["ms"] for r in results)]
    head = "| stage (ms a scenario) | " + " | ".join(f"{r['game']} `{r['verb']}`" for r in results) + " |"
    lines = [head, "|---" * (len(results) + 1) + "|"]
    for k in keys:
        vals = [r["ms"].get(k, 0.0) for r in results]
        if max(vals) < 0.005:
            continue
        lines.append(f"| {k} | " + " | ".join(f"{v:.2f}" for v in vals) + " |")
    for ph in PHASES:
        vals = [sum(v for k, v in r["ms"].items() if k.startswith(ph + "/")) for r in results]
        if max(vals) >= 0.005:
            lines.append(f"| **{ph} (all)** | " + " | ".join(f"{v:.2f}" for v in vals) + " |")
    for st in STAGES:
        vals = [sum(v for k, v in r["ms"].items() if k.endswith("/" + st)) for r in results]
        lines.append(f"| **{st} (all phases)** | " + " | ".join(f"{v:.2f}" for v in vals) + " |")
    lines.append("| **total, instrumented** | " + " | ".join(f"{r['instrumented_ms']:.2f}" for r in results) + " |")
    lines.append("| timed calls a scenario |" + " | ".join(f"{r['timed_calls']:.0f}" for r in results) + " |")
    lines.append("| **total, plain (CPU)** | " + " | ".join(f"{r['plain_ms']:.2f}" for r in results) + " |")
    lines.append("| of which the cyclic garbage collector (runs by generation) | "
                 + " | ".join(f"{r['gc_ms']:.2f} ({'/'.join(map(str, r['gc_runs']))})" for r in results) + " |")
    lines.append("| scenarios a CPU second, plain | " + " | ".join(f"{1000 / r['plain_ms']:.0f}" for r in results) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--batch", action="store_true", help="through pycombat.batch.run_batch (1 worker)")
    ap.add_argument("--game", choices=sorted(diverse_scenarios.GENERATORS), action="append")
    ap.add_argument("--cprofile", type=int, default=0, metavar="K", help="print cProfile's top K functions")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    results = [profile(g, args.n, args.seed, args.batch, args.cprofile)
               for g in args.game or diverse_scenarios.GENERATORS]
    if args.json:
        print(json.dumps([{k: v for k, v in r.items() if k != "cprofile"} for r in results], indent=1))
    else:
        print(table(results))
    for r in results:
        if "cprofile" in r:
            print(f"\n### {r['game']} {r['verb']}: cProfile, own time\n{r['cprofile']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
