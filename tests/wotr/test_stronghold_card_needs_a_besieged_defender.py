"""A Combat card whose requirement is "the defending Army in a Stronghold" (Devilry of Orthanc) holds only
while the defending Army is inside its Stronghold, i.e. besieged in a siege battle (WOTR-CARD-5;
WOTR-SITE-4: the figures that retreat into a siege "are now inside the Stronghold"). Besiegers defending
against a sortie (WOTR-SIEGE-6) or against a relieving Army (WOTR-SIEGE-7), and an Army fighting a field
battle in a Stronghold region (WOTR-SITE-3), stand in the region, outside the Stronghold. One place decides
(cards/combat_round.py `playable`): `verify`'s claim and `odds`' refusal of a named card agree."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pycombat.cli import main

HEAD = "game: wotr\npolitics: {Isengard: at_war, Rohan: at_war, Gondor: at_war}\n"

#: battle kind -> (attacker block, defender block, battle block, the role that plays the Shadow card)
BATTLES = {
    "siege": ("""attacker:
  region: Helm's Deep
  units: {Isengard: {regulars: 2, elites: 2}}
defender:
  region: Helm's Deep
  besieged: true
  units: {Rohan: {regulars: 1, elites: 1}}
""", "battle: {action: army, kind: siege}\n", "attacker"),
    "sortie": ("""attacker:
  region: Helm's Deep
  besieged: true
  units: {Rohan: {regulars: 2, elites: 1, leaders: 1}}
defender:
  region: Helm's Deep
  units: {Isengard: {regulars: 3, elites: 1}}
""", "battle: {action: army, kind: sortie}\n", "defender"),
    "relief": ("""attacker:
  region: Fords of Isen
  units: {Rohan: {regulars: 2, elites: 1, leaders: 1}}
defender:
  region: Helm's Deep
  units: {Isengard: {regulars: 3, elites: 1}}
""", "battle: {action: army, garrison: {units: {Rohan: {regulars: 1}}}}\n", "defender"),
    "field": ("""attacker:
  region: Fords of Isen
  units: {Isengard: {regulars: 3, elites: 1}}
defender:
  region: Helm's Deep
  units: {Rohan: {regulars: 2, elites: 1, leaders: 1}}
""", "battle: {action: army}\n", "attacker"),
}


def _write(tmp_path, kind: str, card: bool) -> tuple:
    armies, battle, role = BATTLES[kind]
    text = HEAD + armies + battle + "rules: {casualty_policy: regulars_first}\n"
    if card:
        text = text.replace(f"{role}:\n  region:", f"{role}:\n  card: Devilry of Orthanc\n  region:", 1)
    else:
        text += f"claims:\n  - {{id: devilry, claim: the {role} may play Devilry of Orthanc}}\n"
    path = tmp_path / f"{kind}.yaml"
    path.write_text(text, encoding="utf-8")
    return path, role


@pytest.mark.parametrize("kind, playable", [("siege", True), ("sortie", False), ("relief", False),
                                            ("field", False)])
def test_devilry_of_orthanc_needs_the_defender_inside_its_stronghold(tmp_path, capsys, kind, playable):
    path, _ = _write(tmp_path, kind, card=False)
    assert main(["verify", str(path), "--json"]) == 0
    claim, = json.loads(capsys.readouterr().out)["claims"]
    assert claim["decided"] is True
    assert claim["verdict"] is playable
    note = next(n for n in claim["notes"] if "the defending Army in a Stronghold" in n)
    assert note.endswith(": yes" if playable else ": no")
    assert ("; besieged in it)" if playable else "; outside it, ") in note


@pytest.mark.parametrize("kind", ["sortie", "relief", "field"])
def test_odds_refuses_devilry_named_for_a_defender_outside_the_stronghold(tmp_path, capsys, kind):
    path, role = _write(tmp_path, kind, card=True)
    assert main(["odds", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())  # (the message may be wrapped to the terminal's width)
    assert f"{role}.card: the {role} cannot play Devilry of Orthanc here" in err
    assert "; outside it, " in err and "(WOTR-CARD-5)" in err and "Traceback" not in err


def test_devilry_in_a_siege_adds_one_to_the_besiegers_combat_roll(tmp_path, capsys):
    """4 Isengard dice hitting on 6, +1: each hits on 5 or 6 (1/3) in the siege battle's one round."""
    path, _ = _write(tmp_path, "siege", card=True)
    assert main(["odds", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    wins = Fraction(out["policies"]["regulars_first"]["outcomes"]["attacker_wins"]["exact"])
    # the defender (1 Regular, 1 Elite: 3 hits with replacements) is eliminated by 3 or 4 hits of 4 dice at 1/3
    # while the attacker keeps a unit (it always does: 2 defender dice take at most 2 of its 6 hit points)
    p = Fraction(1, 3)
    assert wins == 4 * p ** 3 * (1 - p) + p ** 4
