"""A saved ruling is read as strictly as a scenario: a file whose hash was computed again after an
edit is still checked field by field (the game, the scenario's game, each verdict, each flag), a claim
of the scenario the ruling holds no verdict for does not stand, a flag it does not hold is named, a
verdict decided by a flag whose default has changed since says so, and a ruling is one whatever the
name of its file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from pycombat import api, rulebook
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.rulings import content_hash

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "examples/rulings/meccg/seed_strike_results.yaml"


#: the claims of the seed's ruling these tests read (its verdicts re-decided by every check of a saved file):
#: one decided by the flag cancelled_strike_taps, one by steal_item, and others decided by neither
KEPT = ("strike-1-cancelled", "strike-1-not-rolled", "blackbole-no-tap", "troll-two-rolls", "steal")


@pytest.fixture(scope="module")
def saved_doc(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("ruling")
    doc = yaml.safe_load(SEED.read_text(encoding="utf-8"))
    doc["claims"] = [c for c in doc["claims"] if c["id"] in KEPT]
    assert [c["id"] for c in doc["claims"]] == list(KEPT)
    scenario = folder / "seed.yaml"
    scenario.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    path = folder / "seed.json"
    api.save_ruling(scenario, path)
    return json.loads(path.read_text(encoding="utf-8"))


def _write(tmp_path: Path, doc: dict, name: str = "ruling.json") -> Path:
    doc = json.loads(json.dumps(doc))
    doc["content_hash"] = content_hash(doc)
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _edited(doc: dict, change) -> dict:
    doc = json.loads(json.dumps(doc))
    change(doc)
    return doc


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(game="wotr"), "scenario.game"),
    (lambda d: d["verdicts"][0].update(verdict="FALSE"), "verdicts[0].verdict"),
    (lambda d: d["verdicts"][1].update(id=d["verdicts"][0]["id"]), "verdicts[1].id"),
    (lambda d: d["verdicts"][0].update(reasons="MECCG-SEQ-9"), "verdicts[0].reasons"),
    (lambda d: d["flags"].update(cancelled_strike_taps=True), "flags"),
])
def test_an_edit_with_its_hash_computed_again_is_refused_naming_the_field(tmp_path, saved_doc, change, field, capsys):
    path = _write(tmp_path, _edited(saved_doc, change))
    with pytest.raises(ScenarioError, match=f"is no valid saved ruling: {field.replace('[', '.').replace(']', '.')}"):
        api.recheck_ruling(path)
    assert main(["verify", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_a_flag_value_no_flag_allows_is_refused_as_the_rulings_field(tmp_path, saved_doc, capsys):
    path = _write(tmp_path, _edited(saved_doc, lambda d: d["flags"].update(cancelled_strike_taps="maybe")))
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "flags.cancelled_strike_taps: 'maybe' is not an allowed value" in err and "--flag" not in err


def test_a_claim_without_a_saved_verdict_does_not_stand(tmp_path, saved_doc):
    dropped = saved_doc["verdicts"][0]["id"]
    report = api.recheck_ruling(_write(tmp_path, _edited(saved_doc, lambda d: d["verdicts"].pop(0))))
    check = next(c for c in report.checks if c.id == dropped)
    assert check.saved == "missing" and not check.stands and report.exit_code == 1
    assert check.changes == ["the saved ruling holds no verdict for this claim of its scenario"]


def test_a_flag_the_ruling_does_not_hold_is_named_on_each_verdict(tmp_path, saved_doc):
    report = api.recheck_ruling(_write(tmp_path, _edited(saved_doc, lambda d: d["flags"].pop("steal_item"))))
    default = rulebook.load_rulebook("meccg").defaults()["steal_item"]
    assert report.exit_code == 0
    assert all(f"the ruling holds no value of flag steal_item: read at its default ({default})" in c.notes
               for c in report.checks)


def test_a_verdict_decided_by_a_flag_whose_default_changed_says_so(tmp_path, saved_doc, monkeypatch):
    real = rulebook.Rulebook.defaults

    def later_defaults(self):
        out = real(self)
        if self.game == "meccg":
            out["cancelled_strike_taps"] = "yes"
        return out

    monkeypatch.setattr(rulebook.Rulebook, "defaults", later_defaults)
    report = api.recheck_ruling(_write(tmp_path, saved_doc))
    by_id = {c.id: c for c in report.checks}
    note = "decided under cancelled_strike_taps=no, which is no longer the default (yes)"
    assert note in by_id["blackbole-no-tap"].notes
    assert not [c.id for c in report.checks if note in c.notes and c.id != "blackbole-no-tap"]


def test_a_ruling_saved_under_any_name_is_checked_again(tmp_path, capsys):
    path = tmp_path / "hits.ruling"
    assert main(["verify", str(ROOT / "examples/rulings/wotr/hits.yaml"), "--save", str(path)]) == 0
    capsys.readouterr()
    assert api.is_ruling(path)
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("every verdict stands")
