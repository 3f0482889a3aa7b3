"""`pycombat verify` on examples/rulings/riftbound/: every claim gets its expected verdict, cites
real rule ids, and every rule id of the digest decides a claim that holds and one that fails."""
from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.rulebook import load_rulebook
from verify_runs import verify_run  # noqa: E402

RULINGS = sorted((Path(__file__).resolve().parents[2] / "examples" / "rulings" / "riftbound").glob("*.yaml"))
BOOK = load_rulebook("riftbound")
#: a solver convention (the digest's suggested ASP shape), not a game rule: no claim is about it
NOT_A_GAME_RULE = {"RB-MODEL-8"}
#: the rules of games/riftbound/card_flags.md (card legality, the judge's view, readings) are tested in
#: tests/riftbound/test_riftbound_cards.py, not by the rulings files
NOT_A_GAME_RULE |= {r for r in BOOK.rules if r.startswith(("RB-CARD-", "RB-JUDGE-", "RB-READ-"))}


def _verify(path, capsys, *extra):
    code = main(["verify", str(path), "--json", *extra])
    return code, json.loads(capsys.readouterr().out)


@functools.cache
def _verified(path: Path):
    """``pycombat verify PATH --json`` once per file (shared with the other tests of the file)."""
    run = verify_run(path)
    return run.code, run.json


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in RULINGS])
def test_ruling_examples_get_their_expected_verdicts(path):
    code, data = _verified(path)
    assert data["claims"]
    for c in data["claims"]:
        assert "expected" in c, f"{path.name}: claim {c['id']} states no expected verdict"
        assert c["as_expected"], c
        assert c["reasons"], c
        for r in c["reasons"]:
            assert r["rule"] in BOOK.rules
    assert code == 0


def test_every_rule_decides_a_claim_that_holds_and_one_that_fails():
    seen: dict[str, set[bool]] = {}
    for path in RULINGS:
        _, data = _verified(path)
        for c in data["claims"]:
            for r in c["reasons"]:
                seen.setdefault(r["rule"], set()).add(c["verdict"])
    missing = {rid: sorted({True, False} - seen.get(rid, set())) for rid in BOOK.rules
               if rid not in NOT_A_GAME_RULE and seen.get(rid) != {True, False}}
    assert not missing, f"rule ids without a true and a false claim: {missing}"


def test_flags_that_decide_are_named(capsys):
    path = next(p for p in RULINGS if p.stem == "excess_on_a_tank")
    _, data = _verified(path)
    claims = {c["id"]: c for c in data["claims"]}
    assert claims["tank-excess"]["decided_by_flags"] == {"excess_damage": "free"}
    assert "decided_by_flags" not in claims["n-leftover"]
    # and the other reading flips it, as excess_on_a_tank_last.yaml states
    code, data = _verify(path, capsys, "--flag", "excess_damage=last")
    assert code == 1
    assert {c["id"]: c["verdict"] for c in data["claims"]}["tank-excess"] is False


def test_marked_damage_and_rules_version_decide():
    path = next(p for p in RULINGS if p.stem == "showdown_tricks")
    _, data = _verified(path)
    claims = {c["id"]: c for c in data["claims"]}
    assert claims["leona-lethal"]["decided_by_flags"] == {"marked_damage": "remaining"}
    assert claims["trevor-lethal"]["decided_by_flags"] == {"rules_version": "v1.3"}


def test_citations_follow_rules_version(capsys):
    path = next(p for p in RULINGS if p.stem == "seed_example")
    main(["verify", str(path), "--json", "--flag", "rules_version=v1.1"])
    data = json.loads(capsys.readouterr().out)
    sources = [r["source"] for c in data["claims"] for r in c["reasons"] if r["rule"] == "RB-DMG-6"]
    assert sources and all(s.startswith("CR1.1 439.1.c.3 [v1.3: CR 460.2.c.3]") for s in sources)


def test_illegal_split_lists_the_violated_rules(capsys):
    path = next(p for p in RULINGS if p.stem == "seed_example")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    block = out.split("(overkill-a1)", 1)[1].split("(a4-then-a1)", 1)[0]
    assert "RB-DMG-7" in block and ("violated RB-DMG-7: the defender assigns A1 more than its lethal damage while A4 "
                                    "still lacks lethal damage") in block


@pytest.mark.parametrize("claim, message", [
    ("Gandalf dies", "claims[0]: unit: 'Gandalf' is not a unit of this combat"),
    ("the attacker may assign D3", "cannot read 'D3' as `<unit> <damage>`"),
    ("the attacker is the best", "cannot read the claim 'the attacker is the best'"),
    ("Carol is the attacker", "player: 'Carol' is neither Ann nor Bo"),
])
def test_bad_claims_are_clear_errors(tmp_path, capsys, claim, message):
    seed = next(p for p in RULINGS if p.stem == "seed_example")
    p = tmp_path / "bad.yaml"
    p.write_text(seed.read_text(encoding="utf-8").split("claims:")[0] + f"claims:\n  - claim: {claim}\n",
                 encoding="utf-8")
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert "Traceback" not in err


#: one sentence of each form the claim reader has (each template, and a procedure statement)
SENTENCES = [
    "the defender may assign A1 1, A4 2", "this split is legal", "the attacker conquers",
    "the attacker can conquer the battlefield", "the defender keeps the battlefield", "the defender can hold the battlefield",
    "the attackers are recalled", "the attackers can be recalled", "the battlefield is nobody's",
    "the battlefield can be nobody's", "the attacker's total is 5", "the defender deals 3 damage",
    "D3's lethal damage is 3", "D3 needs 3 damage to die", "D3's lethal damage is never", "A4's might is 4",
    "the defender has 2 legal splits", "the attacker has 1 legal split", "the attacker's excess damage is 2",
    "the attacker assigns first",
    "the attacker gains focus first", "Ann is the attacker", "the damage step happens",
    "A4 must be assigned lethal damage before A1 gets any", "A4 may get the defender's leftover damage",
    "A4 can survive", "A1 dies", "A1 must die", "A4 survives", "the defender's best split is A4 2, A1 1",
    "the defender's best split is A4 2 then A1 1", "the attacker scores", "the defender scores a hold",
    "the combat ends in no result", "D3's deflect changes the legal splits", "damage marked counts toward lethal",
    "the attacker ignores tank", "A4 and A1 may be assigned damage in either order", "a recall is a move",
]


@pytest.mark.parametrize("sentence", SENTENCES)
def test_a_kind_claim_is_shown_as_the_sentence_that_says_it(sentence):
    """A claim given as ``kind:`` and its fields is shown (and saved) as a sentence, which the reader
    reads back as the same claim: each form's sentence read, described, and read again."""
    from pycombat.games.riftbound.claims import book

    b = book()
    kind, args, negated = b.read(sentence)
    assert not negated
    text = b.describe(kind, args, False)
    assert not text.startswith(f"{kind} "), text  # a sentence, not the kind and its fields
    assert b.read(text) == (kind, args, False), text
    assert b.describe(kind, args, True) == "it is not so that " + text


def test_every_claim_kind_has_a_sentence():
    from pycombat.games.riftbound.claims import CLAIM_KINDS, book

    b = book()
    read = {b.read(s)[0] for s in SENTENCES}
    assert read == set(CLAIM_KINDS)  # every kind is covered above
    # a kind claim with a mapping for its split reads as the sentence of that split
    assert b.describe("split_legal", {"side": "attacker", "split": {"D3": 5}}) == "the attacker may assign D3 5"
    assert b.describe("best_split", {"side": "defender", "split": [{"A4": 2}, {"A1": 1}]}) == \
        "the defender's best split is A4 2 then A1 1"


def test_a_battlefield_scored_already_is_won_but_not_conquered_by_either_side():
    """RB-RES-7's table calls the Attacker left alone "conquers" (the outcome class); RB-RES-5: gaining control of a
    battlefield scored already this turn is no Conquer and scores nothing. "conquers" reads RB-RES-5 for both sides:
    the Attacker left alone at a battlefield he scored does not conquer it (as the Defender at an uncontrolled one he
    scored), and the JSON's ``conquers`` is null for both."""
    import pycombat

    doc = {"game": "riftbound", "battlefield": {"name": "Somewhere", "scored_this_turn": True},
           "attacker": {"units": ["Mega-Mech"]}, "defender": {"units": ["Vanguard Sergeant"]},
           "claims": ["the attacker conquers", "the attacker scores"]}
    conquers, scores = pycombat.load(doc).run("verify").verdicts
    assert conquers.verdict is False and "RB-RES-5" in conquers.rules
    assert any("no Conquer" in n and "RB-RES-5" in n for n in conquers.notes)
    assert scores.verdict is False
    odds = pycombat.load({k: v for k, v in doc.items() if k != "claims"}).run("odds").to_json()
    assert odds["control"]["after"]["conquer"] == {"controller": "attacker", "gains_control": "attacker",
                                                   "conquers": None, "scorer": None}
    defender = {"game": "riftbound", "battlefield": {"name": "Somewhere", "controlled_by": "nobody",
                                                     "scored_this_turn": ["defender"]},
                "attacker": {"units": ["Vanguard Sergeant"]}, "defender": {"units": ["Mega-Mech"]},
                "claims": ["the defender conquers the battlefield"]}
    assert pycombat.load(defender).run("verify").verdicts[0].verdict is False
    odds = pycombat.load({k: v for k, v in defender.items() if k != "claims"}).run("odds").to_json()
    assert odds["control"]["after"]["keep"]["conquers"] is None
    fresh = pycombat.load({**doc, "battlefield": {"name": "Somewhere"}}).run("verify").verdicts[0]
    assert fresh.verdict is True and not any("no Conquer" in n for n in fresh.notes)
