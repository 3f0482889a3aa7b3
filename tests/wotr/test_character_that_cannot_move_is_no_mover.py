"""WOTR-CHMOVE-8: Saruman never leaves Orthanc. ``enumerate`` of a Character move lists him (and any
Character left without a legal move) under "Characters that cannot move" with the reason and rule, never
as a mover with 0 ways; the count of moves is the other movers' alone."""
from __future__ import annotations

import json

from pycombat.cli import main

POSITION = """game: wotr
politics: {Isengard: at_war, Sauron: at_war, Elves: at_war}
position:
  regions:
    Orthanc: {characters: [Saruman], units: {Isengard: {regulars: 1}}}
    Dol Guldur: {characters: [The Mouth of Sauron], units: {Sauron: {regulars: 1}, Elves: {regulars: 3}}, besieged: shadow}
    Morannon: {nazgul: 1}
action: {side: shadow, die: character}
"""


def _run(tmp_path, capsys, *flags: str) -> str:
    path = tmp_path / "orthanc.yaml"
    path.write_text(POSITION, encoding="utf-8")
    assert main(["enumerate", str(path), "--count", *flags]) == 0
    return capsys.readouterr().out


def test_saruman_is_listed_as_unable_to_move(tmp_path, capsys):
    data = json.loads(_run(tmp_path, capsys, "--json"))
    assert [m["mover"] for m in data["characters"]] == ["1 Nazgûl in Morannon"]
    assert all(m["moves"] > 0 for m in data["characters"])
    stuck = {c["figure"]: c["rules"] for c in data["cannot_move"]}
    assert stuck["Saruman in Orthanc"] == ["WOTR-CHMOVE-8"]
    # the Mouth of Sauron cannot leave his besieged Stronghold: named with the rule, not as "0 ways"
    assert "WOTR-CHMOVE-9" in stuck["The Mouth of Sauron in Dol Guldur"]
    assert data["count"]["characters"] == data["characters"][0]["moves"]


def test_text_names_the_reason(tmp_path, capsys):
    out = _run(tmp_path, capsys)
    assert "0 ways" not in out
    assert "Saruman in Orthanc: Saruman never leaves Orthanc (WOTR-CHMOVE-8)" in out
