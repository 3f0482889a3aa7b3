"""RB-DMG-5 in the cleanup's narration: a unit of 0 Might killed shows the lethal amount it took, at least 1 (lethal
damage is non-zero), never ">= 0"."""
from __future__ import annotations

import yaml

from pycombat.cli import main


def test_a_zero_might_unit_killed_shows_lethal_one(tmp_path, capsys):
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A0", "custom": True, "might": 0}, {"name": "A3", "custom": True, "might": 3}]},
           "defender": {"units": [{"name": "D4", "custom": True, "might": 4}]},
           "splits": {"defender": {"A0": 1, "A3": 3}}}
    f = tmp_path / "z.yaml"
    f.write_text(yaml.safe_dump(doc))
    assert main(["odds", str(f)]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Combat cleanup"))
    assert "A0 (1 >= 1: Might 0" in line and ">= 0" not in line and "A3 (3 >= 3)" in line
