"""`pycombat verify` on the disputed points in examples/rulings/meccg/: every claim's
expected verdict is checked on every run, and each file's claims cite real rule ids."""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.rulebook import load_rulebook
from verify_runs import verify_run  # noqa: E402

RULINGS = sorted((Path(__file__).resolve().parents[2] / "examples" / "rulings" / "meccg").glob("*.yaml"))


@functools.cache
def _verify(path: Path) -> tuple[int, dict]:
    """``verify --json`` on a ruling file, once per test process (shared with the other tests of the file)."""
    run = verify_run(path)
    return run.code, run.json


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in RULINGS])
def test_ruling_examples_get_their_expected_verdicts(path):
    code, data = _verify(path)
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


def _verdicts(capsys) -> dict[str, set[bool]]:
    """rule id -> the verdicts of the ruling examples' claims that cite it."""
    seen: dict[str, set[bool]] = {}
    for path in RULINGS:
        for c in _verify(path)[1]["claims"]:
            for r in c["reasons"]:
                if c["verdict"] is not None:  # an undecided claim (MECCG-FX-10) decides no rule
                    seen.setdefault(r["rule"], set()).add(c["verdict"])
    return seen


def test_every_rule_decides_a_claim_that_holds_and_one_that_fails(capsys):
    """For every CvCC rule id of the digest, the ruling examples hold a claim that is true
    and one that is false with that rule among the reasons."""
    seen = _verdicts(capsys)
    book = load_rulebook("meccg")
    # MECCG-FX-10 is the rule that leaves a claim undecided (tests/meccg/test_card_effects.py checks it);
    # MECCG-STRUCT-4 only names the strike's prowess and body those of the member committing it: a
    # verdict cites the rules that change the number (tests/test_reasons_minimal.py), so none rests on it;
    # MECCG-FX-33 refuses a scenario with a unique card twice as it is read (tests/meccg/test_unique_cards.py), and
    # MECCG-FX-34 one with two avatars in a company (tests/meccg/test_unique_cards.py), and MECCG-FX-35 one with an
    # item on a member its printed text does not allow (tests/meccg/test_item_bearer_terms.py)
    missing = {rid: sorted({True, False} - seen.get(rid, set())) for rid in book.rules
               if seen.get(rid) != {True, False}
               and rid not in ("MECCG-FX-10", "MECCG-STRUCT-4", "MECCG-FX-33", "MECCG-FX-34", "MECCG-FX-35")}
    assert not missing, f"rule ids without a true and a false claim: {missing}"
    assert len(book.rules) == 79 + 35  # the digest's rules and card_flags.md's MECCG-FX-1..35


def test_negative_sentences_flip_the_positive_verdict(tmp_path, capsys):
    base = RULINGS[0].read_text(encoding="utf-8").split("claims:")[0]
    p = tmp_path / "neg.yaml"
    p.write_text(base + "claims:\n"
                 "  - {id: pos, claim: Sacrifice of Form may be played before strikes are assigned}\n"
                 "  - {id: neg, claim: Sacrifice of Form cannot be played before strikes are assigned}\n"
                 "  - {id: neg2, claim: Sacrifice of Form may not be played before strikes are assigned}\n",
                 encoding="utf-8")
    main(["verify", str(p), "--json"])
    got = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert got["pos"]["verdict"] is False
    assert got["neg"]["verdict"] is True and got["neg2"]["verdict"] is True
    assert [r["rule"] for r in got["neg"]["reasons"]] == [r["rule"] for r in got["pos"]["reasons"]]


@pytest.mark.parametrize("claim, message", [
    ("strike 9 succeeds", "claims[0]: strike: a strike number from 1 to 5"),
    ("a body-check roll of 13 eliminates Gimli", "claims[0]: roll: a 2d6 total, 2 to 12, not 13"),
    ("Nobody may support Gimli", "'Nobody' is not a member of the two companies"),
    ("the attack has 5 strikes after Bow of the Galadhrim discards Shagrat", "Shagrat is not an ally"),
    ("Gimli may take Orcrist from Aragorn II", "Aragorn II carries no 'Orcrist'"),
])
def test_bad_claims_are_clear_errors(tmp_path, capsys, claim, message):
    seed = next(p for p in RULINGS if p.stem == "seed_strike_results")
    p = tmp_path / "bad.yaml"
    p.write_text(seed.read_text(encoding="utf-8").split("claims:")[0] + f"claims:\n  - claim: {claim}\n",
                 encoding="utf-8")
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert "Traceback" not in err


def test_all_the_bells_ringing_outside_a_minion_attack_cites_the_card_and_the_rule():
    """MECCG-CARD-4 and MECCG-PRE-2 both decide it: the card's own rule (AS-44) and the rule that
    lets the defender play it at all. Each is cited, and nothing else."""
    import pycombat

    (path,) = [p for p in RULINGS if p.name == "fallen_wizard_against_heroes.yaml"]
    report = pycombat.load(path).verify()
    (claim,) = [c for c in report.to_json()["claims"] if c["id"] == "bells-no"]
    assert claim["verdict"] is False and claim["decided"] is True
    assert {r["rule"] for r in claim["reasons"]} == {"MECCG-CARD-4", "MECCG-PRE-2"}


def test_an_off_turn_play_that_neither_cancels_nor_affects_cites_the_defenders_limit(capsys):
    """MECCG-STRUCT-11: off-turn, the defender may only cancel the attack or affect a strike. Cram (an untap)
    before strikes are assigned does neither: refused with that rule among the reasons, its own words beside
    MECCG-PRE-1's (the legal plays cite it from a fixed list, so only a refused play shows the rule's check)."""
    path = next(p for p in RULINGS if p.stem == "wizards_flame_before_assignment")
    main(["verify", str(path), "--json"])
    got = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    cram = got["cram-before-assignment"]
    assert cram["verdict"] is False
    assert {"MECCG-STRUCT-11", "MECCG-PRE-1", "MECCG-PRE-6"} <= {r["rule"] for r in cram["reasons"]}
