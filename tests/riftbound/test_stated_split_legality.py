"""The file's `splits:` is checked in one place (:func:`pycombat.games.riftbound.damage.outcome.stated_splits`,
RB-DMG-2, RB-DMG-3, RB-DMG-6..9, RB-ORD) and every verb applies that check: an illegal split is refused by
enumerate, odds, optimize, tree and verify alike (exit 2, the same one-line error naming the file and
`splits.<side>`, the rules it breaks and where it first breaks them, RB-JUDGE-3), never answered; a legal one
is accepted by every verb."""
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
