"""`replay`'s "Where the figures go" heading cites no rule of its own: a fixed list (retreat, siege,
sortie, Level-0 Characters) would cite rules the battle never used. Each line under it carries the rule
of each fate it gives, and only those: at Osgiliath (a field battle the attacker wins, no retreat, no
siege) the rules cited are those of staying with the Army, the casualties and the Leaders going with it."""
from __future__ import annotations

import re
from pathlib import Path

from pycombat.games.wotr.battle.replay import replay
from pycombat.games.wotr.schema import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def _fate_block(name: str) -> list[str]:
    lines = replay(load_scenario(ROOT / "examples" / "wotr" / f"{name}.yaml")).lines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Where the figures go"))
    block = [lines[at]]
    for line in lines[at + 1:]:
        if not line.startswith("  "):
            break
        block.append(line)
    return block


def test_the_osgiliath_replay_cites_only_the_fates_it_gives():
    head, *rows = _fate_block("replay_osgiliath")
    assert head == "Where the figures go:"
    assert rows and all(re.search(r"\(WOTR-[A-Z]+-\d+\)", row) for row in rows), rows
    cited = {r for row in rows for r in re.findall(r"WOTR-[A-Z]+-\d+", row)}
    assert cited == {"WOTR-END-1", "WOTR-CAS-6", "WOTR-CAS-7"}, cited


def test_an_over_the_limit_relief_cites_the_stacking_rule_on_its_line():
    head, *rows = _fate_block("relief_over_the_limit")
    assert head == "Where the figures go:"
    assert any("removed over stacking limit" in row and "(WOTR-STACK-2)" in row for row in rows), rows
