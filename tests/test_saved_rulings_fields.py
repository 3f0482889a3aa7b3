"""A saved ruling's scenario refused on its check names the field where it is in the ruling's file
(``scenario.attacker``), and a batch's error line for an unknown name carries the closest names, as the web
page's error does."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pycombat
from pycombat import api, batch
from pycombat.cli import main
from pycombat.rulings import content_hash

SOURCE = Path(pycombat.__file__).resolve().parent.parent / "examples" / "rulings" / "riftbound" / "equal_totals.yaml"


def test_a_rulings_scenario_refused_names_its_field_in_the_ruling(tmp_path, capsys):
    target = tmp_path / "ruling.json"
    api.save_ruling(SOURCE, target)
    doc = json.loads(target.read_text(encoding="utf-8"))
    doc["scenario"]["attacker"] = "nobody"
    doc["content_hash"] = content_hash(doc)
    target.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["verify", str(target)]) == 2
    assert capsys.readouterr().err == f"pycombat: {target}: scenario.attacker: must be a mapping, not a string\n"


def test_a_batch_error_line_for_an_unknown_name_carries_the_closest_names(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(SOURCE.read_text(encoding="utf-8").replace("{name: A3, custom: true, might: 3}",
                                                               "Jinx - Demolitionst"), encoding="utf-8")
    out = io.StringIO()
    batch.run_batch([str(bad)], "enumerate", out=out, workers=1)
    error = json.loads(out.getvalue())["error"]
    assert error["path"] == "attacker.units[0].name" and error["suggestions"][0] == "Jinx - Demolitionist"


def test_a_rulings_check_gives_each_claim_once(tmp_path, capsys):
    target = tmp_path / "ruling.json"
    api.save_ruling(SOURCE, target)
    assert main(["verify", str(target), "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert "checks" not in checked and checked["stands"] is True
    assert [c["id"] for c in checked["claims"]] == ["nobody", "conquer", "no-result", "a2-dies"]
    assert all(c["stands"] is True and c["saved"] == c["now"] for c in checked["claims"])
