"""`pycombat VERB FILE` on riftbound scenarios: text and JSON output, options, and clear errors
(file, field, reason; exit code 2; never a traceback)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.riftbound.schema import example_path

SEED = str(example_path("seed_example.yaml"))
EX = Path(SEED).parent


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(capsys, *args) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_enumerate_seed_text(capsys):
    code, out, _ = run(capsys, "enumerate", SEED)
    assert code == 0
    assert "Ann (attacker) assigns 5 damage among the defenders: D3 (lethal 3)." in out
    assert "1 legal split\n" in out and "2 legal splits\n" in out
    assert "Outcome whichever legal splits are chosen: the Attacker conquers the battlefield" in out


def test_enumerate_json(capsys):
    data = run_json(capsys, "enumerate", SEED)
    assert data["game"] == "riftbound" and data["outcomes"] == ["conquer"]
    d = data["sides"]["defender"]
    assert d["count"] == 2 and d["total"] == 3 and d["total_lethal"] == 5
    assert [s["damage"] for s in d["splits"]] == [{"A4": 3}, {"A4": 2, "A1": 1}]
    assert [s["kills"] for s in d["splits"]] == [[], ["A1"]]
    assert data["sides"]["attacker"]["excess"] == 2


def test_enumerate_side_count_limit(capsys):
    data = run_json(capsys, "enumerate", str(EX / "eight_defenders.yaml"), "--side", "attacker", "--limit", "3")
    a = data["sides"]["attacker"]
    assert set(data["sides"]) == {"attacker"} and a["count"] == 87 and len(a["splits"]) == 3 and a["truncated"]
    data = run_json(capsys, "enumerate", str(EX / "eight_defenders.yaml"), "--count")
    assert "splits" not in data["sides"]["attacker"] and data["sides"]["attacker"]["count"] == 87


def test_enumerate_sequences_by_flag(capsys):
    data = run_json(capsys, "enumerate", SEED, "--flag", "split_repr=sequence")
    seqs = [[(s["unit"], s["damage"]) for s in x["sequence"]] for x in data["sides"]["defender"]["splits"]]
    assert sorted(seqs) == [[("A1", 1), ("A4", 2)], [("A4", 3)]]
    _, out, _ = run(capsys, "enumerate", SEED, "--flag", "split_repr=sequence")
    assert "A1 1 -> A4 2" in out and "2 legal sequences" in out


def test_listing_too_many_is_refused_up_front(capsys, tmp_path):
    text = (EX / "eight_defenders.yaml").read_text().replace("might: 10}", "might: 1}").replace(
        "might: 9}", "might: 1}").replace("might: 8}\n    - {name: D9", "might: 1}\n    - {name: D9")
    p = tmp_path / "many.yaml"
    p.write_text(text)
    code, _, err = run(capsys, "enumerate", str(p), "--side", "attacker", "--max-list", "50")
    assert code == 2 and "too many to list (the limit is 50)" in err and "--count" in err
    assert run(capsys, "enumerate", str(p), "--side", "attacker", "--count")[0] == 0


def test_odds_seed(capsys):
    data = run_json(capsys, "odds", SEED)
    assert data["outcome"] == "conquer" and data["died"] == ["A1", "D3"] and data["scores"]
    assert data["probability"] == {"exact": "1/1", "decimal": 1.0}
    assert data["splits"]["defender"]["chosen"] == "scenario"
    assert data["death_share"]["A1"] == {"exact": "1/2", "decimal": 0.5}
    _, out, _ = run(capsys, "odds", SEED)
    assert "Combat cleanup: killed A1 (1 >= 1), D3 (5 >= 3)" in out
    assert "[RB-RES-3, RB-RES-4, RB-RES-5, RB-RES-7]" in out


def test_odds_without_splits_uses_the_best(capsys):
    data = run_json(capsys, "odds", str(EX / "galio_holds_the_line.yaml"))
    assert data["outcome"] == "recall" and data["splits"]["attacker"]["chosen"] == "best (kills_then_might)"
    assert data["survivors"] == {"attacker": ["Laurent Duelist"],
                                 "defender": ["Galio - Indefatigable", "Enthusiastic Promoter"]}


def test_odds_plot(capsys, tmp_path):
    out = tmp_path / "kills.png"
    code, text, _ = run(capsys, "odds", SEED, "--plot", str(out))
    assert code == 0 and out.stat().st_size > 1000 and "kill counts drawn to" in text


def test_optimize_json_and_protect(capsys):
    data = run_json(capsys, "optimize", str(EX / "dune_surfer.yaml"))
    assert data["sides"]["attacker"]["kills"] == ["Lecturing Yordle", "Black Rose Dignitary"]
    data = run_json(capsys, "optimize", str(EX / "dune_surfer.yaml"), "--protect", "Black Rose Dignitary")
    assert data["protect"] == ["Black Rose Dignitary"]
    # sparing the Dignitary, one kill is the most: Galio's 6 Might beats the Yordle's 2
    assert data["sides"]["attacker"]["kills"] == ["Galio - Indefatigable"]
    assert data["joint"]["outcome"] == "recall"


def test_optimize_objectives_disagree(capsys, tmp_path):
    src = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "riftbound" / "best_split.yaml"
    kills = run_json(capsys, "optimize", str(src))
    might = run_json(capsys, "optimize", str(src), "--objective", "might_then_kills")
    assert kills["sides"]["attacker"]["kills"] == ["D2", "D3"]
    assert might["sides"]["attacker"]["kills"] == ["D6"]


def test_tree_graphml_and_dot(capsys, tmp_path):
    for ext in ("graphml", "dot"):
        out = tmp_path / f"t.{ext}"
        code, text, _ = run(capsys, "tree", SEED, "-o", str(out))
        assert code == 0 and out.exists() and "4 nodes, 3 edges" in text


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_tree_png(capsys, tmp_path):
    out = tmp_path / "t.png"
    code, _, _ = run(capsys, "tree", SEED, "-o", str(out))
    assert code == 0 and out.read_bytes()[:4] == b"\x89PNG"


def test_verify_exit_code_when_expectation_fails(capsys, tmp_path):
    p = tmp_path / "claims.yaml"
    p.write_text(Path(SEED).read_text() + "claims:\n  - {claim: the defender keeps the battlefield, expect: true}\n")
    code, out, _ = run(capsys, "verify", str(p))
    assert code == 1 and "NOT MET" in out


@pytest.mark.parametrize("args, message", [
    (["enumerate", SEED, "--traces"], "--traces is not an option of enumerate for riftbound scenarios"),
    (["replay", SEED], "replay is not available for riftbound scenarios"),
    (["enumerate", SEED, "--flag", "excess_damag=last"], "did you mean 'excess_damage'?"),
    (["enumerate", SEED, "--flag", "excess_damage=lats"], "allowed: 'free', 'last'"),
    (["optimize", SEED, "--objective", "killz"], "--objective: one of kills_then_might, might_then_kills, custom"),
    (["optimize", SEED, "--protect", "Zed"], "--protect: 'Zed' is not a unit of this combat"),
    (["optimize", SEED, "--objective", "custom"], "no unit of this scenario has one"),
    (["tree", SEED, "-o", "x.txt"], "the extension must be .graphml, .dot or .png"),
    (["verify", SEED], "claims: the scenario has no claims to verify"),
])
def test_bad_options(capsys, args, message):
    code, _, err = run(capsys, *args)
    assert code == 2 and message in err and "Traceback" not in err


UNITS = "attacker:\n  units: [{name: A, custom: true, might: 2}]\ndefender:\n  units: [{name: X, custom: true, might: 2}]\n"


@pytest.mark.parametrize("text, message", [
    ("game: riftbound\nattacker:\n  units: [Stalwart Porro]\ndefender:\n  units: [Recruit]\n",
     "attacker.units[0].name: unknown unit card 'Stalwart Porro'; did you mean 'Stalwart Poro'"),
    ("game: riftbound\nattacker:\n  units: [{name: A, custom: true, might: 2, keyword: [Tank]}]\n"
     "defender:\n  units: [Recruit]\n", "attacker.units[0].keyword: unknown field 'keyword'"),
    ("game: riftbound\nattacker:\n  units: [{name: A, custom: true, might: 2, keywords: [Tnak]}]\n"
     "defender:\n  units: [Recruit]\n", "attacker.units[0].keywords[0]: unknown keyword 'Tnak'; did you mean 'Tank'?"),
    ("game: riftbound\nattacker:\n  units: [{name: A, custom: true, might: 2, keywords: [Tank 2]}]\n"
     "defender:\n  units: [Recruit]\n", "attacker.units[0].keywords[0]: Tank takes no number"),
    ("game: riftbound\n" + UNITS + "rules: {excess_damage: lats}\n", "rules.excess_damage: 'lats' is not an allowed"),
    ("game: riftbound\nattacker:\n  units: [{name: A, custom: true, might: 2, damage: 2}]\n"
     "defender:\n  units: [Recruit]\n", "attacker.units[0].damage: 2 damage marked is lethal for its Might 2"),
    ("game: riftbound\n" + UNITS + "showdown:\n  - {stun: Z}\n", "showdown[0].stun: 'Z' is not a unit of this combat"),
    ("game: riftbound\n" + UNITS + "showdown:\n  - {stun: X, might: 2, unit: X}\n",
     "showdown[0]: a showdown effect has exactly one of"),
    ("game: riftbound\n" + UNITS + "showdown:\n  - {kill: X}\n  - {stun: X}\n",
     "showdown[1]: X is no longer at the battlefield (it was killed earlier in the showdown)"),
    ("game: riftbound\n" + UNITS + "showdown:\n  - {give: Tonk, unit: X}\n", "showdown[0].give: can give Tank"),
    ("game: riftbound\nattacker:\n  units: [{name: A, custom: true, might: 2}]\ndefender:\n  units: []\n",
     "defender.units: the defender needs at least one unit at the battlefield (RB-COMB-1)"),
    ("game: riftbound\nattacker:\n  units: [Recruit]\ndefender:\n  units: [Recruit]\n",
     "defender.units[0].name: 'Recruit' is on both sides; give one of them a `label`"),
    ("game: riftbound\nattackers:\n  units: [Recruit]\n", "attackers: unknown field 'attackers'; did you mean 'attacker'?"),
    ("game: riftbound\n" + UNITS + "splits:\n  attacker: {X: -1}\n", "splits.attacker.X: damage must be at least 0"),
    ("game: riftbound\n" + UNITS + "splits:\n  attacker: {Q: 1}\n", "splits.attacker.Q: 'Q' is not a unit of this combat"),
    ("game: riftbound\n" + UNITS + "battlefield: {name: Hill, scored: true}\n",
     "battlefield.scored: unknown field 'scored' in battlefield; did you mean 'scored_this_turn'?"),
    ("game: riftbound\nattacker:\n  units: [{name: A, custom: true}]\ndefender:\n  units: [Recruit]\n",
     "attacker.units[0].might: a custom unit (custom: true) needs `might`"),
    ("game: riftbound\nattacker:\n  units: [Mech]\ndefender:\n  units: [Recruit]\n",
     "attacker.units[0].might: Mech has no fixed Might in the card data; give `might`"),
    # RB-CARD-26: the Attacker's card hidden at another battlefield enters there: the one place to give
    ("game: riftbound\n" + UNITS + "showdown:\n  - {play: Teemo - Scout, by: attacker, facedown: true}\n",
     "showdown[0].to: Teemo - Scout: give `to:` where the attacker plays it: elsewhere ("),
])
def test_bad_scenarios_name_file_field_and_reason(capsys, tmp_path, text, message):
    p = tmp_path / "bad.yaml"
    p.write_text(text)
    code, _, err = run(capsys, "enumerate", str(p))
    assert code == 2, err
    assert f"{p}: " in err and message in err, err
    assert "Traceback" not in err


def test_illegal_split_in_the_file_is_a_clear_error(capsys, tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("game: riftbound\n" + UNITS.replace("defender:\n  units: [{name: X, custom: true, might: 2}]",
                                                     "defender:\n  units: [{name: X, custom: true, might: 2}, "
                                                     "{name: Y, custom: true, might: 2}]")
                 + "splits:\n  attacker: {X: 1, Y: 1}\n")
    code, _, err = run(capsys, "odds", str(p))
    assert code == 2 and "splits.attacker: X 1, Y 1 is not a legal split of the attacker's damage (RB-DMG-6" in err


def test_official_comma_names(capsys):
    """Official names use a comma ("Caitlyn, Patrolling"), the data a hyphen; both are accepted."""
    data = run_json(capsys, "enumerate", str(EX / "caitlyn_given_tank.yaml"), "--count")
    assert data["sides"]["attacker"]["count"] == 3


def test_meccg_refuses_riftbound_options(capsys):
    code, _, err = run(capsys, "enumerate", "--side", "attacker")
    assert code == 2 and "--side is not an option of enumerate for meccg scenarios" in err
