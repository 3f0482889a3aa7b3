"""Rulings that last (pycombat/rulings.py): ``verify FILE --save RULING.json`` writes the scenario,
the flags, the verdicts with their rules' texts, the versions and a content hash; ``verify
RULING.json`` checks it again and says per claim whether the verdict stands and what changed."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from pycombat import api
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.rulebook import load_rulebook
from pycombat.rulings import content_hash

ROOT = Path(__file__).resolve().parent.parent
FILES = {"meccg": "examples/rulings/meccg/great_bats.yaml", "wotr": "examples/rulings/wotr/splits.yaml",
         "riftbound": "examples/rulings/riftbound/procedure.yaml"}


@pytest.fixture
def saved(tmp_path):
    def save(game: str) -> Path:
        out = tmp_path / f"{game}.json"
        api.save_ruling(ROOT / FILES[game], out)
        return out
    return save


@pytest.mark.parametrize("game", sorted(FILES))
def test_a_saved_ruling_stands_on_the_version_that_saved_it(saved, game):
    path = saved(game)
    doc = json.loads(path.read_text(encoding="utf-8"))
    verify = api.load(ROOT / FILES[game]).verify().to_json()
    assert doc["game"] == game and doc["verdicts"] == verify["claims"]
    assert doc["flags"] == verify["flags"] and set(doc["flags"]) == set(load_rulebook(game).flags)
    assert doc["content_hash"] == content_hash(doc)
    assert set(doc["versions"]["digests"]) >= {game} and doc["versions"]["pycombat"]
    report = api.recheck_ruling(path)
    assert [c.stands for c in report.checks] == [True] * len(doc["verdicts"]) and report.exit_code == 0


def _rewrite(path: Path, change) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    doc["content_hash"] = content_hash(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_a_ruling_changed_by_hand_is_refused(saved):
    path = saved("meccg")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["verdicts"][0]["verdict"] = not doc["verdicts"][0]["verdict"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ScenarioError, match="content hash does not match"):
        api.recheck_ruling(path)
    assert main(["verify", str(path)]) == 2


def test_a_changed_rule_text_is_reported(saved, monkeypatch):
    path = saved("meccg")
    book = load_rulebook("meccg")
    rule = book.rules["MECCG-FX-19"]
    monkeypatch.setitem(book.rules, "MECCG-FX-19", dataclasses.replace(rule, text=rule.text + " A sentence added on purpose."))
    report = api.recheck_ruling(path)
    bats = next(c for c in report.checks if c.id == "bats")
    assert bats.stands  # the verdict is the same: the change is a note
    assert any("the text of MECCG-FX-19 changed" in n and "on purpose" in n for n in bats.notes)


def test_a_verdict_the_model_now_answers_otherwise_is_reported(saved):
    """A ruling saved when the model answered the other way (simulated: the saved verdict flipped and
    re-hashed) is CHANGED, and since no cited rule's text changed, the model is named."""
    path = saved("meccg")
    _rewrite(path, lambda d: d["verdicts"][0].update(verdict=not d["verdicts"][0]["verdict"]))
    report = api.recheck_ruling(path)
    first = report.checks[0]
    assert not first.stands and report.exit_code == 1
    assert first.changes and first.changes[0].startswith("the model")
    assert all(c.stands for c in report.checks[1:])


def test_the_saved_flags_are_the_reading_rechecked(saved, tmp_path):
    """A ruling keeps its reading: saved under a non-default flag, it is checked under that flag."""
    out = tmp_path / "flagged.json"
    api.save_ruling(ROOT / "examples/rulings/meccg/sable_shield.yaml", out, {"unwounded_loser_taps": "no"})
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["flags"]["unwounded_loser_taps"] == "no"
    taps = next(v for v in doc["verdicts"] if v["id"] == "taps")
    assert taps["verdict"] is False
    assert api.recheck_ruling(out).exit_code == 0


def test_the_cli_saves_rechecks_and_batch_reads_a_folder(tmp_path, capsys):
    ruling = tmp_path / "bats.json"
    assert main(["verify", str(ROOT / FILES["meccg"]), "--save", str(ruling)]) == 0
    assert f"ruling saved to {ruling}" in capsys.readouterr().out
    assert main(["verify", str(ruling)]) == 0
    out = capsys.readouterr().out
    assert "STANDS  Great Bats is discarded in strike 1  (bats): TRUE" in out and "every verdict stands" in out
    assert main(["verify", str(ruling), "--flag", "cancelled_strike_taps=yes"]) == 2
    capsys.readouterr()
    folder = tmp_path / "rulings"
    folder.mkdir()
    for game in FILES:
        api.save_ruling(ROOT / FILES[game], folder / f"{game}.json")
    assert main(["batch", "--verb", "verify", "--workers", "1", str(folder)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert sorted(x["result"]["game"] for x in lines) == sorted(FILES)
    assert all(x["result"]["stands"] for x in lines)


@pytest.mark.parametrize("verb", ["enumerate", "odds", "replay", "optimize"])
def test_a_saved_ruling_given_to_another_verb_is_refused_as_one(saved, verb, capsys):
    """Only verify reads a saved ruling: any other verb says so (as batch does), never "attacker: is required"."""
    path = saved("wotr")
    assert main([verb, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"is a saved ruling: only verify reads it (not {verb})" in err and "required" not in err


@pytest.mark.parametrize("source, flags, claim, flag, where", [
    ("examples/rulings/meccg/phase2_optional.yaml", {}, "seed-assignment", "site_barred_ally_strikes",
     "in the scenario's rules:"),
    ("examples/rulings/meccg/seed_strike_results.yaml", {"cancelled_strike_taps": "yes"}, "blackbole-no-tap",
     "cancelled_strike_taps", "as a flag given with the question")])
def test_a_flag_set_explicitly_is_not_called_a_former_default(tmp_path, source, flags, claim, flag, where):
    """A verdict decided under a flag the ruling set itself (its scenario's rules:, or a flag given when it was
    saved) says so on the re-check, never that the value "is no longer the default": it never was."""
    out = tmp_path / "ruling.json"
    api.save_ruling(ROOT / source, out, flags)
    doc = json.loads(out.read_text(encoding="utf-8"))
    default = load_rulebook("meccg").defaults()[flag]
    assert doc["flags"][flag] != default
    check = next(c for c in api.recheck_ruling(out).checks if c.id == claim)
    assert f"decided under {flag}={doc['flags'][flag]}, set explicitly ({where}); the default is {default}" in check.notes
    assert not [n for n in check.notes if "no longer the default" in n]
