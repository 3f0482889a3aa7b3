"""WOTR-DICE-7 (RB p.21): the Free Peoples never use an Elven Ring to get a Will of the West result;
the Shadow may turn a die into an Eye, but never change a die already showing an Eye. A Ring changes a
die to another result: the result it already shows is no change."""
from __future__ import annotations

import pytest

from pycombat.cli import main


def _verify(tmp_path, capsys, side: str, die: str, result: str):
    path = tmp_path / "ring.yaml"
    path.write_text(f"""game: wotr
title: elven ring
politics: {{Gondor: at_war, Sauron: at_war}}
position:
  regions:
    North Ithilien: {{units: {{Sauron: {{regulars: 3}}}}}}
action: {{side: {side}, die: {die}, elven_rings: 1}}
claims:
  - {{id: r, claim: "an Elven Ring may change the die to {result}"}}
""", encoding="utf-8")
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize("side,die,result,verdict,note", [
    ("free_peoples", "character", "Will of the West", "FALSE", "WOTR-DICE-7: free peoples ring to will of the west"),
    ("free_peoples", "will_of_the_west", "Army/Muster", "TRUE", "WOTR-DICE-7: changes the die"),
    ("free_peoples", "character", "Muster", "TRUE", "WOTR-DICE-7: changes the die"),
    ("shadow", "eye", "Army", "FALSE", "WOTR-DICE-7: shadow ring on an eye"),
    ("shadow", "character", "Eye", "TRUE", "WOTR-DICE-7: changes the die: character, eye"),
    ("free_peoples", "muster", "Muster", "FALSE", "the die already shows Muster: an Elven Ring changes a die to "
                                                  "another result"),
    ("shadow", "army", "Army", "FALSE", "WOTR-DICE-7: die already shows: army"),
    ("free_peoples", "muster", "Army/Muster", "TRUE", "WOTR-DICE-7: changes the die: muster, army muster"),
])
def test_elven_ring_limits(tmp_path, capsys, side, die, result, verdict, note):
    out = _verify(tmp_path, capsys, side, die, result)
    claim = next(line for line in out.splitlines() if line.endswith("(r)"))
    assert claim.split()[0] == verdict, claim
    assert note in out
