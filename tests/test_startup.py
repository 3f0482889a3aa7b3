"""Start-up: `pycombat --help` and a verb on one game import neither another game's modules
nor clingo / networkx / Dask unless that verb needs them."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pycombat import registry

EX = Path(__file__).resolve().parent.parent / "examples"
HEAVY = ("clingo", "networkx", "distributed", "dask", "matplotlib")


def _loaded_after(code: str) -> list[str]:
    probe = (f"import sys, io, contextlib\n{code}\n"
             "print(__import__('json').dumps(sorted(m for m in sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def test_help_imports_no_solver_no_graph_library_no_dask():
    loaded = _loaded_after("from pycombat.cli import main\n"
                           "with contextlib.redirect_stdout(io.StringIO()):\n"
                           "    try:\n        main(['--help'])\n    except SystemExit:\n        pass")
    assert [m for m in HEAVY if m in loaded] == []
    assert [m for m in loaded if m.startswith("pycombat.games.") and m.count(".") > 2] == []


@pytest.mark.parametrize("game,example", [("riftbound", "seed_example.yaml"), ("wotr", "skirmish.yaml"),
                                          ("meccg", "two_on_two.yaml")])
def test_a_verb_on_one_game_imports_only_that_game(game, example):
    loaded = _loaded_after("from pycombat.cli import main\n"
                           "with contextlib.redirect_stdout(io.StringIO()):\n"
                           f"    main(['enumerate', {str(EX / game / example)!r}, '--json'])")
    others = [m for m in loaded if m.startswith("pycombat.games.") and m.count(".") > 2
              and not m.startswith(f"pycombat.games.{game}.")]
    assert others == []
    assert any(m.startswith(f"pycombat.games.{game}.") for m in loaded)  # the probe did run the verb
    assert [m for m in ("networkx", "distributed", "dask", "matplotlib") if m in loaded] == []
    assert set(registry.names()) >= {game}
