"""`pycombat verify` on the disputed points in examples/rulings/meccg/: every claim's
expected verdict is checked on every run, and each file's claims cite real rule ids."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.rulebook import load_rulebook

RULINGS = sorted((Path(__file__).resolve().parent.parent / "examples" / "rulings" / "meccg").glob("*.yaml"))


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_ruling_examples_get_their_expected_verdicts(path, capsys):
    code = main(["verify", str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    book = load_rulebook("meccg")
    assert data["claims"]
    for c in data["claims"]:
        assert "expected" in c, f"{path.name}: claim {c['id']} states no expected verdict"
        assert c["as_expected"], c
        assert c["reasons"], c
        for r in c["reasons"]:
            assert r["rule"] in book.rules
    assert code == 0


def test_flag_named_when_it_decides(capsys):
    path = next(p for p in RULINGS if p.stem == "phase2_optional")
    main(["verify", str(path), "--json"])
    claims = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert claims["troll-left-as-excess"]["decided_by_flags"] == {"phase2_assignment": "mandatory"}
    # and with the other reading the verdict flips
    assert main(["verify", str(path), "--json", "--flag", "phase2_assignment=optional"]) == 1
    claims = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert claims["troll-left-as-excess"]["verdict"] is True


def test_unreadable_claim_is_a_clear_error(tmp_path, capsys):
    text = (RULINGS[0].read_text(encoding="utf-8").split("claims:")[0]
            + "claims:\n  - claim: Gandalf is the best\n")
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert "claims[0].claim: cannot read the claim 'Gandalf is the best'" in err
