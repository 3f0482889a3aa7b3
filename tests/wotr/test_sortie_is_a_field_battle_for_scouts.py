"""A sortie is a field battle (WOTR-SIEGE-6: "It fights a field battle"; "The besieging defender may retreat
as usual"), so a Combat card that needs "a Free Peoples Army defending in a field battle" (Scouts) may be
played by Free Peoples besiegers a Shadow sortie attacks: it retreats them before the Combat roll to an
adjacent free region (WOTR-CARDX-5, WOTR-END-3). A Free Peoples Army besieged in a siege battle may not
play it (WOTR-CARD-5)."""
from __future__ import annotations

import json
from fractions import Fraction

from pycombat.cli import main

SORTIE = """game: wotr
politics: {Isengard: at_war, Rohan: at_war}
control: {Orthanc: shadow}
attacker:
  region: Orthanc
  besieged: true
  units: {Isengard: {regulars: 2, elites: 1}}
defender:
  region: Orthanc
  units: {Rohan: {regulars: 3, elites: 1, leaders: 1}}
battle: {action: army, kind: sortie}
rules: {casualty_policy: regulars_first}
"""

SIEGE = """game: wotr
politics: {Isengard: at_war, Rohan: at_war}
attacker:
  region: Helm's Deep
  units: {Isengard: {regulars: 3, elites: 1}}
defender:
  region: Helm's Deep
  besieged: true
  units: {Rohan: {regulars: 2, elites: 1, leaders: 1}}
battle: {action: army, kind: siege}
rules: {casualty_policy: regulars_first}
"""


def _verify(tmp_path, capsys, text: str) -> dict:
    path = tmp_path / "battle.yaml"
    path.write_text(text + "claims:\n  - {id: scouts, claim: the defender may play Scouts}\n", encoding="utf-8")
    assert main(["verify", str(path), "--json"]) == 0
    claim, = json.loads(capsys.readouterr().out)["claims"]
    return claim


def test_besiegers_defending_against_a_sortie_may_play_scouts(tmp_path, capsys):
    claim = _verify(tmp_path, capsys, SORTIE)
    assert claim["decided"] is True and claim["verdict"] is True
    assert any("defending in a field battle (a sortie (a field battle), the defender): yes" in n
               for n in claim["notes"])


def test_scouts_retreats_the_besiegers_before_the_sortie_combat_roll(tmp_path, capsys):
    path = tmp_path / "sortie.yaml"
    path.write_text(SORTIE.replace("  region: Orthanc\n  units: {Rohan", "  region: Orthanc\n  card: Scouts\n"
                                                                        "  units: {Rohan", 1), encoding="utf-8")
    assert main(["odds", str(path), "--json"]) == 0
    outcomes = json.loads(capsys.readouterr().out)["policies"]["regulars_first"]["outcomes"]
    assert {k: Fraction(v["exact"]) for k, v in outcomes.items() if Fraction(v["exact"])} == \
        {"defender_retreated": Fraction(1)}


def test_a_besieged_army_may_not_play_scouts(tmp_path, capsys):
    claim = _verify(tmp_path, capsys, SIEGE)
    assert claim["decided"] is True and claim["verdict"] is False
    assert any("(a siege battle, the defender): no" in n for n in claim["notes"])
