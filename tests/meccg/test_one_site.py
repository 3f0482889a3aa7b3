"""MECCG-INIT-2: both companies are at one site, so they state one set of facts about it. A fact the two state
differently (`under_deeps:`, `site_region:`; not `site_kind:`, which is each player's own site card) is refused with one error naming the defender's
field (exit 2); a fact only one of them states holds for both (The Sun Shone Fiercely then reads one answer)."""
from __future__ import annotations

import copy

import pytest
import yaml

import pycombat
from pycombat.cli import main
from pycombat.errors import ScenarioError

DOC = {"game": "meccg", "in_play": ["The Sun Shone Fiercely"],
       "attacker": {"player": "Jim", "alignment": "minion", "site": "Nowhere", "under_deeps": True,
                    "members": ["Shagrat"]},
       "defender": {"player": "Bob", "alignment": "hero", "site": "Nowhere", "under_deeps": False,
                    "members": ["Gimli"]},
       "combat": {"strikes": [{"defender": "Gimli", "attacker": "Shagrat"}]}}


@pytest.mark.parametrize("key, a, d", [("under_deeps", True, False), ("site_region", "Rhudaur", "Arthedain")])
def test_two_answers_about_one_site_are_refused(key, a, d, tmp_path, capsys):
    doc = copy.deepcopy(DOC)
    doc["attacker"][key], doc["defender"][key] = a, d
    if key != "under_deeps":
        del doc["attacker"]["under_deeps"], doc["defender"]["under_deeps"]
    with pytest.raises(ScenarioError) as e:
        pycombat.load(doc)
    assert e.value.path == f"defender.{key}" and "MECCG-INIT-2" in str(e.value)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert main(["odds", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_fact_one_company_states_holds_for_both():
    doc = copy.deepcopy(DOC)
    del doc["defender"]["under_deeps"]
    s = pycombat.load(doc)
    doc["claims"] = [{"claim": "the final prowess of Gimli in strike 1 is 7"}]  # no -2 from the Sun: Under-deeps
    assert [c["verdict"] for c in pycombat.load(doc).run("verify").to_json()["claims"]] == [True]
    assert s is not None
