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


#: claims about one member's strike or the strikes as a whole: which members' strikes a halving removes is
#: covered by no rule (MECCG-CARD-8 option 2, MECCG-STRUCT-6)
_WHICH_STRIKES = [{"claim": "Shagrat commits a strike"},
                  {"claim": "Aragorn II may take Old Troll's strike in phase I"},
                  {"claim": "if Aragorn II takes Shagrat's strike in phase I, the attacker must assign 2 strikes in "
                            "phase II"},
                  {"kind": "assignment_legal", "pairs": {"Aragorn II": "Shagrat", "Gimli": "Lagduf",
                                                         "Frodo": "Old Troll"}}]


def test_verify_decides_no_claim_on_which_members_strike_the_halving_removes():
    doc = {**DOC, "claims": _WHICH_STRIKES}
    flags = dict(f.split("=") for f in FLAGS[1::2])
    got = pycombat.load(doc, flags=flags).run("verify").to_json()["claims"]
    assert [(c["verdict"], c["decided"]) for c in got] == [(None, False)] * len(_WHICH_STRIKES)
    assert all(any(u["card"] == "Dark Quarrels" for u in c["unmodelled"]) for c in got)
    # under the default readings the halving has no effect: each is decided
    got = pycombat.load(doc).run("verify").to_json()["claims"]
    assert [c["decided"] for c in got] == [True] * len(_WHICH_STRIKES)


def test_verify_names_what_is_not_modelled_at_the_top(tmp_path, capsys):
    doc = {**DOC, "claims": [{"claim": "Gimli may be attacked"}]}  # a claim the halving cannot change
    flags = dict(f.split("=") for f in FLAGS[1::2])
    top = pycombat.load(doc, flags=flags).run("verify").to_json()
    assert [(u["card"], u.get("alternative")) for u in top["unmodelled"]] == [("Dark Quarrels", True)]
    assert top["claims"][0]["decided"] is True
    assert pycombat.load(doc).run("verify").to_json()["unmodelled"] == []
    path = tmp_path / "dq.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert main(["verify", str(path), *FLAGS]) == 0
    out = capsys.readouterr().out
    assert "Not modelled (1; a claim one of them could change is NOT DECIDED, MECCG-FX-10):" in out
    assert "Dark Quarrels: the attack's strikes halved" in out
