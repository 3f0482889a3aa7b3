"""`pycombat odds` and `pycombat replay`: JSON shapes, exact fractions, the plot, and the
golden replay of the seed's Wind Throne combat."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.meccg.assignment.legal import example_path

WIND = str(example_path("wind_throne.yaml"))
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "wind_throne_replay.txt"


def frac(x):
    return Fraction(x["exact"])


def test_odds_json_is_exact_and_sums_to_one(capsys, tmp_path):
    png = tmp_path / "kill.png"
    assert main(["odds", WIND, "--json", "--plot", str(png)]) == 0
    data = json.loads(capsys.readouterr().out)
    for side in ("defender_player", "attacker_player"):
        dist = data["kill_mp"][side]
        assert sum(frac(v) for v in dist.values()) == 1
        assert all(isinstance(v["exact"], str) and "/" in v["exact"] for v in dist.values())
    for s in data["strikes"]:
        p = s["probabilities"]
        assert sum(frac(p[k]) for k in ("defender_wins", "tie", "defender_loses", "cancelled")) == 1
    s3 = data["strikes"][2]
    assert (s3["defender"], s3["attacker"], s3["defender_prowess"], s3["attacker_prowess"]) == ("Aragorn II", "Shagrat", 8, 6)
    assert data["strikes"][0]["cancelled_by"] == "Halfling Stealth"
    assert frac(data["eliminated"]["Frodo"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_odds_text_states_defaults(capsys):
    assert main(["odds", WIND]) == 0
    out = capsys.readouterr().out
    assert "Choices not given in the file take these defaults" in out
    assert "Gandalf vs Lagduf: no attacker card, no defender card" in out
    assert "4345/15552 (0.2794)" in out  # Gimli beats the Old Troll's best of two rolls


def test_odds_without_combat_block_is_a_clear_error(capsys, tmp_path):
    text = Path(WIND).read_text(encoding="utf-8").split("\ncombat:")[0]
    path = tmp_path / "no_combat.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["odds", str(path)]) == 2
    assert "combat: needs a `combat:` block" in capsys.readouterr().err


def test_replay_matches_the_golden_file(capsys):
    assert main(["replay", WIND]) == 0
    assert capsys.readouterr().out == GOLDEN.read_text(encoding="utf-8")


def test_replay_reproduces_the_seed(capsys):
    """The seed's account (Example): Halfling Stealth cancels Blackbole's strike on Frodo;
    Gimli 8 vs the Old Troll 8 with two rolls, wounded, survives a body check of 6; Aragorn 8
    beats Shagrat 6, a body check of 10 eliminates Shagrat, 2 kill MPs to Bob; Gandalf 5 and
    Lagduf 4 tie; Éomer 3 loses to the Horseman 4 (Rank upon Rank gives nothing), survives 8."""
    assert main(["replay", WIND, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    results = [(s["defender"], s["attacker"], s["result"], s["loser"], s["fate"]) for s in data["strikes"]]
    assert results == [
        ("Frodo", "Blackbole", "cancelled", None, None),
        ("Gimli", "Old Troll", "succeeds", "Gimli", "survives"),
        ("Aragorn II", "Shagrat", "fails", "Shagrat", "eliminated"),
        ("Gandalf", "Lagduf", "tie", None, None),
        ("Éomer", "Horseman in the Night", "succeeds", "Éomer", "survives"),
    ]
    assert data["kill_mp"] == {"defender_player": 2, "attacker_player": 0}
    texts = [st["text"] for s in data["strikes"] for st in s["steps"]]
    assert any("= 8; Gimli" in t and "= 8" in t for t in texts)
    assert any("Aragorn II 6 -1 (excess strike of Odoacer" in t and "= 8" in t for t in texts)
    assert any("Rank upon Rank gives nothing" in t for t in texts)
    rules = {r for s in data["strikes"] for st in s["steps"] for r in st["rules"]}
    assert {"MECCG-SEQ-12", "MECCG-SEQ-13", "MECCG-BODY-2", "MECCG-BODY-5", "MECCG-STRUCT-8"} <= rules


def test_replay_with_flat_rolls_equals_the_file(capsys):
    """The same dice on --rolls give the file's replay, and the file's dice, not read then, are named."""
    assert main(["replay", WIND, "--json", "--rolls", "8,8,6,6,7,9,10,7,6,8,4,8"]) == 0
    flat = json.loads(capsys.readouterr().out)
    assert len(flat.pop("notes")) == 1
    unread = [d["value"] for d in flat.pop("file_dice_not_read")]
    assert sum(len(v) if isinstance(v, list) else 1 for v in unread) == 12  # every die of the file, named
    assert main(["replay", WIND, "--json"]) == 0
    assert flat == json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("rolls,words", [("8,8,6", "ran out of dice"), ("8,8,6,6,7,9,10,7,6,8,4,8,3", "gives 13 rolls"),
                                         ("8,x", "2d6 totals"), ("8,13", "not a 2d6 total")])
def test_replay_bad_rolls(capsys, rolls, words):
    assert main(["replay", WIND, "--rolls", rolls]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["apply", "ignore"])
def test_owner_mp_clauses_body_7_9(capsys, flag):
    """MECCG-BODY-9 [elimination_mp_clauses]: Aragorn II -3 if eliminated; MECCG-BODY-7: an
    eliminated avatar (Gandalf) costs its player 5."""
    assert main(["odds", WIND, "--json", "--flag", f"elimination_mp_clauses={flag}"]) == 0
    data = json.loads(capsys.readouterr().out)
    got = frac(data["expected_owner_mp_lost"]["defender_player"])
    expected = 3 * frac(data["eliminated"]["Aragorn II"]) + 5 * frac(data["eliminated"]["Gandalf"])
    assert got == (expected if flag == "apply" else 0)
    assert frac(data["expected_owner_mp_lost"]["attacker_player"]) == 0
