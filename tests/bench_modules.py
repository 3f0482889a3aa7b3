"""The benchmark's modules (``bench/``, not a package) for the tests that draw from its generators."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def bench_module(name: str):
    """``bench/NAME.py``, imported under its own name (bench/diverse.py imports bench/diverse_scenarios.py so)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod
