"""`pycombat verify` on the WotR rulings in examples/rulings/wotr: every claim gets its expected
verdict on every run, cites real rule ids, and names the flag that decides it where one does."""
from __future__ import annotations

import contextlib
import functools
import io
import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.rulebook import load_rulebook
from verify_runs import verify_run  # noqa: E402

RULINGS = sorted((Path(__file__).resolve().parents[2] / "examples" / "rulings" / "wotr").glob("*.yaml"))


@functools.cache
def _verify_json(path: Path, *flags: str) -> tuple[int, dict]:
    """`pycombat verify PATH --json` once per file (and flags) for the whole module; without flags, the run the
    other tests of the file share."""
    if not flags:
        run = verify_run(path)
        return run.code, run.json
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["verify", str(path), "--json", *flags])
    return code, json.loads(buf.getvalue())


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in RULINGS])
def test_rulings_get_their_expected_verdicts(path):
    code, data = _verify_json(path)
    book = load_rulebook("wotr")
    assert data["claims"]
    for c in data["claims"]:
        assert "expected" in c, f"{path.name}: claim {c['id']} states no expected verdict"
        assert c["as_expected"], c
        assert c["reasons"], c
        for r in c["reasons"]:
            assert r["rule"] in book.rules
    assert code == 0


def test_each_ruling_file_has_true_and_false_claims():
    for path in RULINGS:
        verdicts = {c["verdict"] for c in _verify_json(path)[1]["claims"]}
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


def _verdicts_by_rule() -> dict[str, set[bool]]:
    seen: dict[str, set[bool]] = {}
    for path in RULINGS:
        for c in _verify_json(path)[1]["claims"]:
            for r in c["reasons"]:
                seen.setdefault(r["rule"], set()).add(c["verdict"])
    return seen


def test_every_movement_dice_and_card_rule_decides_a_true_and_a_false_claim():
    """Every WOTR-MOVE, WOTR-CHMOVE, WOTR-DICE and WOTR-EVT rule id of the digest has, among the
    rulings, a claim that holds and one that fails with that rule among its reasons."""
    seen = _verdicts_by_rule()
    book = load_rulebook("wotr")
    areas = ("MOVE", "CHMOVE", "DICE", "EVT")
    ids = [rid for rid in book.rules if rid.split("-")[1] in areas]
    assert len(ids) == 38  # the digest's 35 and card_flags.md's WOTR-EVT-8/9/10
    missing = {rid: sorted({True, False} - seen.get(rid, set())) for rid in ids if seen.get(rid) != {True, False}}
    assert not missing, f"rule ids without a true and a false claim: {missing}"
    for rid in ("WOTR-CARD-1", "WOTR-ATK-9", "WOTR-POL-3", "WOTR-POL-4", "WOTR-STACK-1", "WOTR-SIEGE-6"):
        assert seen.get(rid) == {True, False}, rid


@pytest.mark.parametrize("stem,claim,flag", [
    ("moves_army_shadow", "over-ten", "stacking_check=trim_at_end"),
    ("moves_army_free_peoples", "rohan-leader", "non_at_war_leaders=may_attack"),
    ("moves_shadow_characters", "mouth-fp-stronghold", "mouth_of_sauron_stronghold=seed"),
    ("dice_and_cards", "muster-card-over-five", "stacking_check=trim_at_end"),
])
def test_movement_flags_flip_their_claims(stem, claim, flag):
    path = next(p for p in RULINGS if p.stem == stem)
    before = {c["id"]: c for c in _verify_json(path)[1]["claims"]}[claim]
    name = flag.split("=")[0]
    assert name in before["decided_by_flags"]
    code, data = _verify_json(path, "--flag", flag)
    assert code == 1
    after = {c["id"]: c for c in data["claims"]}[claim]
    assert after["verdict"] is not before["verdict"]


@pytest.mark.parametrize("stem,claim", [("moves_army_shadow", "over-ten"), ("dice_and_cards", "muster-card-over-five")])
def test_each_stacking_reading_cites_its_own_rule(stem, claim):
    """stacking_check=forbid_move refuses the move or placement (WOTR-STACK-1); trim_at_end allows it
    and removes the excess at the end (WOTR-STACK-2): each verdict cites its reading's rule only."""
    path = next(p for p in RULINGS if p.stem == stem)
    forbid = {c["id"]: c for c in _verify_json(path)[1]["claims"]}[claim]
    trim = {c["id"]: c for c in _verify_json(path, "--flag", "stacking_check=trim_at_end")[1]["claims"]}[claim]
    forbid_rules, trim_rules = ({r["rule"] for r in c["reasons"]} for c in (forbid, trim))
    assert "WOTR-STACK-1" in forbid_rules and "WOTR-STACK-2" not in forbid_rules
    assert "WOTR-STACK-2" in trim_rules and "WOTR-STACK-1" not in trim_rules


@pytest.mark.parametrize("reading,verdict", [("rulebook", False), ("seed", True)])
def test_the_mouth_steps_from_his_own_region_into_a_free_peoples_stronghold_only_under_the_seed(reading, verdict):
    """WOTR-CHMOVE-9 [mouth_of_sauron_stronghold]: one step, from the Mouth's own region (Osgiliath)
    into Minas Tirith, which the Shadow does not besiege: refused by the rulebook, allowed by Seed-FR
    (the ruling file's claim takes three regions; this one is the first step)."""
    import pycombat

    doc = {"game": "wotr", "title": "the Mouth next to Minas Tirith",
           "politics": {"Sauron": "at_war", "Gondor": "at_war"},
           "position": {"regions": {"Osgiliath": {"characters": ["The Mouth of Sauron"]}}},
           "action": {"side": "shadow", "die": "character"},
           "claims": [{"id": "mouth-in", "claim": "The Mouth of Sauron may move from Osgiliath to Minas Tirith"}]}
    (claim,) = pycombat.load(doc, {"mouth_of_sauron_stronghold": reading}).verify().to_json()["claims"]
    assert claim["verdict"] is verdict and claim["decided"] is True


def test_card_play_verdicts_cite_the_two_event_decks():
    """WOTR-EVT-1 (each side's two Event decks) decides who holds a card and which die plays it: a
    card play's verdict cites it, beside the rules of the die or the Combat card."""
    import pycombat

    want = {("combat_cards.yaml", "ents-att"): {"WOTR-EVT-1"},
            ("combat_cards.yaml", "relentless"): {"WOTR-CARD-1", "WOTR-EVT-1"},
            ("dice_and_cards.yaml", "character-plays-character"): {"WOTR-DICE-3", "WOTR-DICE-8", "WOTR-EVT-1"}}
    for (name, claim_id), rules in want.items():
        (path,) = [p for p in RULINGS if p.name == name]
        (claim,) = [c for c in pycombat.load(path).verify().to_json()["claims"] if c["id"] == claim_id]
        assert {r["rule"] for r in claim["reasons"]} == rules, (claim_id, claim["reasons"])
