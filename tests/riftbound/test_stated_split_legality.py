"""The file's `splits:` is checked in one place (:func:`pycombat.games.riftbound.damage.outcome.stated_splits`,
RB-DMG-2, RB-DMG-3, RB-DMG-6..9, RB-ORD) and every verb applies that check: an illegal split is refused by
enumerate, odds, optimize, tree and verify alike (exit 2, the same one-line error naming the file and
`splits.<side>`, the rules it breaks and where it first breaks them, RB-JUDGE-3), never answered; a legal one
is accepted by every verb. The one exception is verify's claim on that split ("this split is legal"): it answers
FALSE with the rules the split breaks (exit 0)."""
from __future__ import annotations

import pytest
import yaml

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.schema import example_path, scenario_from_dict

VERBS = ["enumerate", "odds", "optimize", "tree", "verify"]

#: a 4-Might attacker against a 3-Might defender: the attacker assigns exactly 4 (RB-DMG-2, RB-DMG-3)
OVER = {"game": "riftbound", "battlefield": "X",
        "attacker": {"player": "A", "units": [{"name": "A4", "custom": True, "might": 4}]},
        "defender": {"player": "B", "units": [{"name": "D3", "custom": True, "might": 3}]},
        "splits": {"attacker": {"D3": 9}}}


def _args(verb: str, path, tmp_path) -> list[str]:
    return [verb, str(path)] + (["-o", str(tmp_path / "t.dot")] if verb == "tree" else [])


def _errors(capsys, tmp_path, doc: dict) -> dict[str, tuple[int, str]]:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    out = {}
    for verb in VERBS:
        code = main(_args(verb, path, tmp_path))
        out[verb] = (code, capsys.readouterr().err)
    return out


def test_an_illegal_stated_split_is_refused_by_every_verb_with_one_error(capsys, tmp_path):
    got = _errors(capsys, tmp_path, OVER)
    assert {code for code, _ in got.values()} == {2}, got
    errors = {err for _, err in got.values()}
    assert len(errors) == 1, got
    (err,) = errors
    assert "splits.attacker: D3 9 is not a legal split of the attacker's damage (RB-DMG-2, RB-DMG-3" in err
    assert "it first breaks RB-DMG-3 (assigns 9; the attacker must assign exactly 4; RB-JUDGE-3)" in err
    assert "Traceback" not in err


def test_an_illegal_stated_split_with_hands_is_refused_by_every_verb(capsys, tmp_path):
    """With `hand:` the file's `splits:` is checked on the board the file's own showdown leaves, as odds deals it;
    optimize and tree, which play the hands as a game, refuse the same file with the same error."""
    doc = yaml.safe_load(example_path("showdown_hands.yaml").read_text(encoding="utf-8"))
    doc["splits"] = {"attacker": {"Blue Sentinel": 99}}
    got = _errors(capsys, tmp_path, doc)
    assert {code for code, _ in got.values()} == {2}, got
    assert len({err for _, err in got.values()}) == 1, got
    assert "splits.attacker: Blue Sentinel 99 is not a legal split of the attacker's damage" in got["optimize"][1]


@pytest.mark.parametrize("verb", VERBS)
def test_every_verb_of_the_api_refuses_an_illegal_stated_split(verb, tmp_path):
    import pycombat

    scenario = pycombat.load(OVER)
    options = {"output": str(tmp_path / "t.dot")} if verb == "tree" else {}
    with pytest.raises(ScenarioError, match=r"splits\.attacker: D3 9 is not a legal split"):
        scenario.run(verb, **options)


def test_a_legal_stated_split_is_accepted_by_every_verb(capsys, tmp_path):
    doc = {**OVER, "splits": {"attacker": {"D3": 4}}, "claims": [{"claim": "D3 dies", "expect": True}]}
    got = _errors(capsys, tmp_path, doc)
    assert {code for code, _ in got.values()} == {0}, got


def test_the_one_check_returns_the_stated_splits_as_vectors():
    from pycombat.games.riftbound.cards.showdown import play_showdown
    from pycombat.games.riftbound.damage.outcome import stated_splits

    s = scenario_from_dict(yaml.safe_load(example_path("seed_example.yaml").read_text(encoding="utf-8")))
    got = stated_splits(s, play_showdown(s).board)
    assert got["attacker"].amounts == (("D3", 5),)
    assert dict(got["defender"].amounts) == {"A1": 1, "A4": 2} and got["defender"].steps == (("A1", 1), ("A4", 2))


#: CR 460.2.c.3's own example (RB-DMG-6): 5 damage against four 3-Might units, stated as 2/1/1/1
LETHAL_FIRST = {"game": "riftbound", "battlefield": "X",
                "attacker": {"player": "A", "units": [{"name": "A5", "custom": True, "might": 5}]},
                "defender": {"player": "B", "units": [{"name": f"D3{c}", "custom": True, "might": 3} for c in "abcd"]},
                "splits": {"attacker": {"D3a": 2, "D3b": 1, "D3c": 1, "D3d": 1}},
                "claims": [{"id": "legal", "claim": "this split is legal", "expect": False}]}


def _write(tmp_path, doc: dict):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


def test_verify_judges_an_illegal_stated_split_a_claim_is_about(capsys, tmp_path):
    """"this split is legal" on an illegal `splits:` is FALSE with the rule it breaks (RB-DMG-6), exit 0: the
    claim's answer, not an error."""
    path = _write(tmp_path, LETHAL_FIRST)
    assert main(["verify", str(path), "--json"]) == 0
    import json

    (claim,) = json.loads(capsys.readouterr().out)["claims"]
    assert claim["verdict"] is False and claim["as_expected"] is True
    assert [r["rule"] for r in claim["reasons"]] == ["RB-DMG-6"]
    assert {v["rule"] for v in claim["violations"]} == {"RB-DMG-6"}


def test_verify_judges_the_stated_split_of_the_side_a_claim_names(capsys, tmp_path):
    doc = {**LETHAL_FIRST, "claims": [{"kind": "split_legal", "side": "attacker", "expect": False}]}
    assert main(["verify", str(_write(tmp_path, doc))]) == 0


@pytest.mark.parametrize("verb", ["enumerate", "odds", "optimize", "tree"])
def test_the_other_verbs_still_refuse_that_split(verb, capsys, tmp_path):
    path = _write(tmp_path, LETHAL_FIRST)
    assert main(_args(verb, path, tmp_path)) == 2
    assert "splits.attacker: D3a 2, D3b 1, D3c 1, D3d 1 is not a legal split of the attacker's damage (RB-DMG-6)" \
        in capsys.readouterr().err


def test_a_claim_that_reads_the_illegal_split_as_played_is_refused(capsys, tmp_path):
    """With both splits stated, "the defender keeps the battlefield" reads them as dealt: an illegal one cannot be
    dealt, so the file is refused (exit 2, the same error), even beside a claim judging the split."""
    doc = {**LETHAL_FIRST, "splits": {**LETHAL_FIRST["splits"], "defender": {"A5": 12}},
           "claims": LETHAL_FIRST["claims"] + [{"claim": "the defender keeps the battlefield"}]}
    assert main(["verify", str(_write(tmp_path, doc))]) == 2
    assert "is not a legal split of the attacker's damage (RB-DMG-6)" in capsys.readouterr().err
