"""`pycombat verify` on the WotR rulings in examples/rulings/wotr: every claim gets its expected
verdict on every run, cites real rule ids, and names the flag that decides it where one does."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.rulebook import load_rulebook

RULINGS = sorted((Path(__file__).resolve().parent.parent / "examples" / "rulings" / "wotr").glob("*.yaml"))


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_rulings_get_their_expected_verdicts(path, capsys):
    code = main(["verify", str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    book = load_rulebook("wotr")
    assert data["claims"]
    for c in data["claims"]:
        assert "expected" in c, f"{path.name}: claim {c['id']} states no expected verdict"
        assert c["as_expected"], c
        assert c["reasons"], c
        for r in c["reasons"]:
            assert r["rule"] in book.rules
    assert code == 0


def test_each_ruling_file_has_true_and_false_claims(capsys):
    for path in RULINGS:
        main(["verify", str(path), "--json"])
        verdicts = {c["verdict"] for c in json.loads(capsys.readouterr().out)["claims"]}
        assert verdicts == {True, False}, path.name


def test_flag_named_when_it_decides(capsys):
    path = next(p for p in RULINGS if p.stem == "splits")
    main(["verify", str(path), "--json"])
    claims = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert claims["rohan-leader-attacks"]["decided_by_flags"] == {"non_at_war_leaders": "rearguard"}
    assert "decided_by_flags" not in claims["rohan-attacks"]  # units of a Nation not At War never attack
    assert main(["verify", str(path), "--json", "--flag", "non_at_war_leaders=may_attack"]) == 1
    claims = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert claims["rohan-leader-attacks"]["verdict"] is True


def test_text_output_cites_rules(capsys):
    path = next(p for p in RULINGS if p.stem == "saruman")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "TRUE  the attack is legal  (character-die)" in out
    assert "WOTR-STR-9: While Saruman is in play, each Isengard Elite unit is also a Leader" in out
    assert "FALSE this split is legal  (split-without-elites)" in out and "WOTR-SPLIT-3" in out
