"""A Companion inside a friendly Stronghold besieged by the enemy never leaves it (WOTR-CHMOVE-6): `enumerate`
names him among the Characters that cannot move with that rule, not with the generic "no legal move", and
the count of the others' moves is the brute force's over the region map (a Level-2 Companion from
Westemnet: every region within 2 steps but the besieged Stronghold, stopping at a Shadow Stronghold)."""
from __future__ import annotations

import json

from pycombat.cli import main
from pycombat.games.wotr.board import load_board

POSITION = """game: wotr
politics: {Rohan: at_war, Isengard: at_war}
position:
  regions:
    Helm's Deep: {units: {Rohan: {regulars: 2, leaders: 1}, Isengard: {regulars: 3}}, characters: [Gimli],
                  besieged: free_peoples}
    Westemnet: {characters: [Legolas]}
  fellowship: {region: Lorien}
action: {side: free_peoples, die: character}
"""


def _within(start: str, steps: int, blocked: set[str], stop: set[str]) -> set[str]:
    board = load_board()
    seen, frontier, out = {start}, {start}, set()
    for _ in range(steps):
        nxt = set()
        for r in frontier:
            for n in board.regions[r].adjacent:
                if n in blocked:
                    continue
                out.add(n)
                if n not in seen and n not in stop:
                    nxt.add(n)
                seen.add(n)
        frontier = nxt
    return out - {start}


def test_companion_in_a_besieged_stronghold_cites_chmove_6(tmp_path, capsys):
    path = tmp_path / "position.yaml"
    path.write_text(POSITION, encoding="utf-8")
    assert main(["enumerate", str(path), "--count", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    stuck, = out["cannot_move"]
    assert stuck["figure"] == "Gimli in Helm's Deep"
    assert stuck["rules"] == ["WOTR-CHMOVE-1", "WOTR-CHMOVE-6"]
    assert "besieged by the enemy" in stuck["reason"]
    board = load_board()
    shadow_strongholds = {r.id for r in board.regions.values()
                          if r.settlement == "stronghold" and r.initial_control == "shadow"}
    legolas = _within(board.region("Westemnet").id, 2, {board.region("Helm's Deep").id}, shadow_strongholds)
    assert out["count"]["characters"] == len(legolas) == 12
