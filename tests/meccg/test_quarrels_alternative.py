"""MECCG-CARD-8: Dark Quarrels / Orc Quarrels cancel an attack by Orcs, Trolls or Men, or (option 2, with Gates
of Morning / Skies of Fire in play) halve its strikes. Option 2 is not modelled (no rule says which strikes a
halving removes in CvCC, MECCG-STRUCT-6): it is named NOT MODELLED wherever it could act (MECCG-FX-10), by
`card` and by the refusal of a play whose cancel fails while option 2 could be what it is played for."""
from __future__ import annotations

import pytest
import yaml

import pycombat
from pycombat.errors import ScenarioError

from pycombat.cli import main

FLAGS = ["--flag", "strike_count_modifiers=apply", "--flag", "pre_assignment_attack_effects=allowed"]
DOC = {"game": "meccg", "in_play": ["Gates of Morning"],
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                    "members": ["Shagrat", "Lagduf", "Old Troll", "Blackbole"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                    "members": ["Aragorn II", "Gimli", "Frodo", "Sam Gamgee"]},
       "combat": {"before_assignment": ["Dark Quarrels"],
                  "strikes": [{"defender": "Aragorn II", "attacker": "Shagrat"},
                              {"defender": "Gimli", "attacker": "Lagduf"},
                              {"defender": "Frodo", "attacker": "Old Troll"}]}}


def test_card_names_the_halving_not_modelled(capsys):
    for name in ("Dark Quarrels", "Orc Quarrels"):
        assert main(["card", name]) == 0
        out = capsys.readouterr().out
        assert "NOT MODELLED" in out and "strikes halved" in out, out


def test_a_play_for_the_halving_is_refused_as_not_modelled(tmp_path, capsys):
    path = tmp_path / "dq.yaml"
    path.write_text(yaml.safe_dump(DOC))
    assert main(["odds", str(path), *FLAGS]) == 2
    assert "NOT MODELLED (MECCG-FX-10)" in capsys.readouterr().err
    with pytest.raises(ScenarioError) as e:
        pycombat.load(DOC, flags=dict(f.split("=") for f in FLAGS[1::2])).run("odds")
    assert e.value.path == "combat.before_assignment"
    assert "MECCG-PRE-3" in str(e.value) and "strikes halved" in str(e.value) and "NOT MODELLED" in str(e.value)
    # without the flags (or without Gates of Morning) option 2 has no effect: the plain refusal
    assert main(["odds", str(path)]) == 2
    assert "NOT MODELLED" not in capsys.readouterr().err
    path.write_text(yaml.safe_dump({**DOC, "in_play": []}))
    assert main(["odds", str(path), *FLAGS]) == 2
    assert "NOT MODELLED" not in capsys.readouterr().err


def test_verify_decides_nothing_the_halving_could_change():
    doc = {**DOC,  # the file plays it before strikes are assigned
           "claims": [{"claim": "Dark Quarrels may be played before strikes are assigned"},
                      {"claim": "Dark Quarrels cancels the attack"},
                      {"claim": "the attack has 3 strikes"}]}
    flags = dict(f.split("=") for f in FLAGS[1::2])
    got = pycombat.load(doc, flags=flags).run("verify").to_json()["claims"]
    # the cancel fails on Blackbole (MECCG-PRE-3) whatever the halving does; the other two hang on it
    assert [(c["verdict"], c["decided"]) for c in got] == [(None, False), (False, True), (None, False)]
    got = pycombat.load(doc).run("verify").to_json()["claims"]
    assert [c["decided"] for c in got] == [True, True, True]
