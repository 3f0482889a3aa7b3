"""``pycombat verify FILE`` on a shipped example, run once per test session and read by every test that checks it:
its report, exit code, ``--json`` document and text, made as the command makes them (the same loading, the deciding
readings, the game's printing into a 132-column console as into a pipe).

The first process to ask for a file makes its run and writes it to the session's folder (``PYCOMBAT_TEST_RUNS``,
made by ``tests/conftest.py`` before any worker starts); a process asking at the same time waits on the file's lock
and reads it, so with ``pytest -n N`` each file is still verified once. Without that folder (a test module run
alone) each process makes its own runs.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import io
import json
import os
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the environment variable naming the session's folder of runs
FOLDER = "PYCOMBAT_TEST_RUNS"


@dataclass(frozen=True)
class VerifyRun:
    report: Any
    code: int  #: the command's exit code
    json: dict  #: ``--json``, as written and read back
    text: str  #: the text it prints


def verify_run(path: Path) -> VerifyRun:
    """The run of ``pycombat verify PATH`` (once per file and test session)."""
    return _run(Path(path).resolve())


@functools.cache
def _run(path: Path) -> VerifyRun:
    folder = os.environ.get(FOLDER)
    if not folder or not Path(folder).is_dir():
        return _make(path)
    import pycombat

    # the file's text and the package that reads it (a nested run of the tests on other sources makes its own)
    key = "\0".join((str(path), path.read_text(encoding="utf-8"), str(Path(pycombat.__file__).resolve().parent)))
    name = hashlib.sha256(key.encode()).hexdigest()[:24]
    saved, lock = Path(folder) / f"{name}.pickle", Path(folder) / f"{name}.lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # one process makes it; the others wait, then read it
        if saved.exists():
            return pickle.loads(saved.read_bytes())
        run = _make(path)
        part = saved.with_suffix(".part")
        part.write_bytes(pickle.dumps(run))
        part.replace(saved)
        return run


def _make(path: Path) -> VerifyRun:
    from rich.console import Console

    from pycombat import api, registry
    from pycombat.cli import _emit_json
    from pycombat.verdicts import readings_shown

    scenario = api.load(str(path), {})
    with readings_shown("deciding"):
        report = scenario.run("verify")
    buf = io.StringIO()
    _emit_json(report.to_json(), None, out=buf)
    out = io.StringIO()
    console = Console(file=out, width=132, highlight=False, markup=False, soft_wrap=True)
    registry.get(scenario.game).verb("verify").resolve_present()(report, console)
    return VerifyRun(report, report.exit_code, json.loads(buf.getvalue()), out.getvalue())
