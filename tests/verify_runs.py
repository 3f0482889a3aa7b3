"""``pycombat verify FILE`` on a shipped example, run once per test process and read by every test that checks
it: its report, exit code, ``--json`` document and text, made as the command makes them (the same loading,
the deciding readings, the game's printing into a 132-column console as into a pipe). The tests of one file
share a worker (``xdist_group``, :func:`param`), so each file is verified once per run."""
from __future__ import annotations

import functools
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


@dataclass(frozen=True)
class VerifyRun:
    report: Any
    code: int  #: the command's exit code
    json: dict  #: ``--json``, as written and read back
    text: str  #: the text it prints


def verify_run(path: Path) -> VerifyRun:
    """The run of ``pycombat verify PATH`` (once per file and test process)."""
    return _run(Path(path).resolve())


@functools.cache
def _run(path: Path) -> VerifyRun:
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


def param(*values: Any, file: Path, id: str | None = None):
    """A test parameter (``values``) that reads the verify run of ``file``, grouped with the other tests of that
    file on one worker."""
    return pytest.param(*values, id=id, marks=pytest.mark.xdist_group(f"verify:{Path(file).resolve()}"))
