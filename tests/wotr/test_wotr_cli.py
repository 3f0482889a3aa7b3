"""`pycombat` verbs on WotR scenarios: text and JSON output, options, and bad input (one clear
message naming the file, the field and what is wrong; exit code 2; no traceback)."""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.cli import main

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "wotr"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_odds_json(capsys):
    code, out, err = run(capsys, "odds", EX / "osgiliath.yaml", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data["policies"]) == {"regulars_first", "downgrade_first"}
    for pol in data["policies"].values():
        assert Fraction(pol["total"]["exact"]) == 1
        assert sum(Fraction(v["exact"]) for v in pol["outcomes"].values()) == 1
        assert sum(Fraction(d["p"]["exact"]) for d in pol["detail"]) == 1
    assert data["attacking"]["attacker"] == {"strength": 7, "dice": 5, "leadership": 3, "reroll_dice": 3}
    assert {"text": "Osgiliath has a Fortification: the attacker hits only on 6 in the first round",
            "rule": "WOTR-SITE-1"} in data["notes"]


def test_odds_one_policy_and_flags(capsys):
    code, out, _ = run(capsys, "odds", EX / "skirmish.yaml", "--flag", "casualty_policy=regulars_first")
    assert code == 0
    assert "7400971/10996687 (0.6730)" in out
    assert "downgrade_first" not in out.split("Outcome of the battle")[1]
    assert "casualty_policy=regulars_first (command line)" in out


def test_odds_monte_carlo_and_plot(capsys, tmp_path):
    png = tmp_path / "b.png"
    code, out, _ = run(capsys, "odds", EX / "skirmish.yaml", "--monte-carlo", "3000", "--seed", "3", "--plot", png)
    assert code == 0 and png.stat().st_size > 10_000
    assert "Monte Carlo (regulars_first, 3,000 battles, seed 3)" in out
    assert "all within 4 standard errors" in out


def test_odds_monte_carlo_json_keeps_probabilities_exact(capsys):
    """Each Monte Carlo check compares an estimate with a probability given as "n/d" and a decimal,
    the same probability the exact distribution of the report gives for that outcome."""
    code, out, _ = run(capsys, "odds", EX / "skirmish.yaml", "--monte-carlo", "500", "--seed", "3", "--json",
                       "--flag", "casualty_policy=regulars_first")
    assert code == 0
    pol = json.loads(out)["policies"]["regulars_first"]
    checks = pol["monte_carlo"]["checks"]
    assert checks
    by_kind = {k: Fraction(v["exact"]) for k, v in pol["outcomes"].items()}
    for c in checks:
        p = c["probability"]
        assert isinstance(p["exact"], str) and abs(float(Fraction(p["exact"])) - p["decimal"]) < 1e-6
        assert 0 <= Fraction(p["exact"]) <= 1
        if c["outcome"] in by_kind:
            assert Fraction(p["exact"]) == by_kind[c["outcome"]]


def test_odds_exact_prints_long_fractions(capsys):
    _, out, _ = run(capsys, "odds", EX / "osgiliath.yaml")
    assert "--exact prints them" in out
    _, out2, _ = run(capsys, "odds", EX / "osgiliath.yaml", "--exact")
    assert "* exact values:" in out2


def test_enumerate_text_and_json(capsys):
    code, out, _ = run(capsys, "enumerate", EX / "edoras_allies.yaml")
    assert code == 0
    assert "Rearguard (out of the battle, WOTR-SPLIT-4): Rohan: 2 Regulars, 1 Elite, 1 Leader" in out
    code, out, _ = run(capsys, "enumerate", EX / "edoras_allies.yaml", "--json")
    data = json.loads(out)
    assert data["attack"]["legal"] and data["notion"] == "compositions"
    assert data["count"] == len(data["splits"]) == data["counts"]["compositions"]
    assert all("Rohan" not in s["attacking"] for s in data["splits"])  # WOTR-SPLIT-5
    code, out, _ = run(capsys, "enumerate", EX / "ten_vs_ten.yaml", "--count", "--flag", "split_count=labeled")
    assert "32,705 legal splits (every figure distinct" in out and "205 with identical figures" in out


def test_enumerate_illegal_attack_says_why(capsys, tmp_path):
    text = (EX / "skirmish.yaml").read_text().replace("Sauron: at_war", "Sauron: {steps: 1}")
    p = tmp_path / "peace.yaml"
    p.write_text(text)
    code, out, _ = run(capsys, "enumerate", p)
    assert code == 0 and "This attack is not legal" in out and "WOTR-ATK-2" in out and "0 legal splits" in out
    code, _, err = run(capsys, "odds", p)
    assert code == 2 and "the attack is not legal (WOTR-ATK-2, WOTR-ATK-8)" in err.splitlines()[0]
    assert "  WOTR-ATK-2 [no_unit_of_a_nation_at_war]: Only Armies of a Nation" in err  # each rule's words under it


def test_optimize_and_tree(capsys, tmp_path):
    code, out, _ = run(capsys, "optimize", EX / "skirmish.yaml", "--objective", "losses")
    assert code == 0 and "Best split" in out and "Principal line" in out
    code, out, _ = run(capsys, "optimize", EX / "skirmish.yaml", "--json")
    data = json.loads(out)
    assert data["objective"] == "win" and Fraction(data["value"]["exact"]) == Fraction(183312623449, 255947889925)
    g = tmp_path / "t.graphml"
    code, out, _ = run(capsys, "tree", EX / "skirmish.yaml", "-o", g)
    assert code == 0 and g.exists() and "183312623449/255947889925" in out


def test_verify_exit_code_and_json(capsys):
    code, out, _ = run(capsys, "verify", ROOT / "examples" / "rulings" / "wotr" / "splits.yaml", "--json")
    assert code == 0
    data = json.loads(out)
    assert all(c["as_expected"] for c in data["claims"])


@pytest.mark.parametrize("argv,message", [
    (["enumerate", "{f}", "--traces"], "--traces is not an option of enumerate for wotr scenarios"),
    (["optimize", "{f}", "--objective", "kill_mp"], "for WotR one of win, destroy, losses"),
    (["replay", "{f}"], "replay needs the dice: a `rolls:` list in the file or --rolls"),
    (["odds", "{f}", "--flag", "attacker_continue=callback"], "needs a decision function"),
    (["odds", "{f}", "--flag", "max_rounds=0"], "'none' or an integer ≥ 1"),
    (["tree", "{f}", "-o", "x.svg"], "the extension must be .graphml, .dot or .png"),
    (["optimize", "{f}", "--decide", "attacker"], "casualty_policy"),
])
def test_cli_refusals(capsys, argv, message):
    argv = [a.replace("{f}", str(EX / "skirmish.yaml")) for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


GOOD = textwrap.dedent("""\
    game: wotr
    politics: {Sauron: at_war, Gondor: at_war}
    attacker:
      region: Dagorlad
      units: {Sauron: {regulars: 2, elites: 1}}
      nazgul: 1
    defender:
      region: North Ithilien
      units: {Gondor: {regulars: 2, leaders: 1}}
      characters: [Boromir]
    """)

BAD = [
    (("Dagorlad", "Dagorlat"), "attacker.region", "unknown region 'Dagorlat'; did you mean 'Dagorlad'?"),
    (("[Boromir]", "[Boromi]"), "defender.characters[0]", "did you mean 'Boromir'?"),
    (("Gondor: at_war", "Gondr: at_war"), "politics.Gondr", "did you mean 'Gondor'?"),
    (("elites: 1", "elits: 1"), "attacker.units.Sauron.elits", "did you mean 'elites'?"),
    (("regulars: 2, elites", "regulars: two, elites"), "attacker.units.Sauron.regulars", "whole number"),
    (("nazgul: 1", "nazgul: 1\n  rearguard: {nazgul: 2}"), "attacker.rearguard", "figures of the attacking Army"),
    (("attacker:", "atacker:"), "attacker", "is required"),
    (("  nazgul: 1\n", "  nazgul: 1\n  retreat_to: [Osgiliath]\n"), "attacker.retreat_to", "only the defender retreats"),
    (("[Boromir]", "[Boromir]\n  retreat_to: [Morannon]"), "defender.retreat_to[0]", "not adjacent"),
    (("{Sauron: {regulars: 2, elites: 1}}", "{Sauron: {regulars: 2, elites: 1}, Gondor: {regulars: 1}}"),
     "attacker", "figures of one side only"),
    (("[Boromir]", "[Boromir, Saruman]"), "defender", "figures of one side only"),
    (("game: wotr", "game: wotr\nbattle: {action: walk}"), "battle.action", "'walk' is not one of"),
    (("game: wotr", "game: wotr\nbattle: {cards: [{round: 1, by: attacker, attacker: {combat_rol: 1}}]}"),
     "battle.cards[0].attacker.combat_rol", "did you mean 'combat_roll'?"),
    (("game: wotr", "game: wotr\nbattle: {cards: [{round: 1, by: attacker, attacker: {hit: 9}}]}"),
     "battle.cards[0].attacker.hit", "hit number"),
    (("game: wotr", "game: wotr\nbattle: {cards: [{round: 1, by: attacker, attacker: {combat_roll: 1}}, "
                    "{round: 1, by: attacker, defender: {reroll: -1}}]}"), "battle.cards[1]", "WOTR-CARD-2"),
    (("game: wotr", "game: wotr\nbattle: {white_rider: true}"), "battle.white_rider", "Gandalf the White"),
    (("game: wotr", "game: wotr\nrules: {replacement_pool: some}"), "rules.replacement_pool", "'tracked'"),
    (("game: wotr", "game: wotr\ncontrol: {Dagorlad: shadow}"), "control.Dagorlad", "no Settlement"),
    (("  region: North Ithilien", "  region: North Ithilien\n  besieged: true"), "defender.besieged",
     "no Stronghold"),
    (("[Boromir]", "[Saruman]"), "", "figures of one side"),
    (("game: wotr", "game: wotr\nbogus: 1"), "bogus", "unknown field 'bogus'"),
    (("game: wotr", "game: wotr\nclaims: [{claim: Gandalf is the best}]"), "claims[0].claim", "cannot read the claim"),
]


@pytest.mark.parametrize("edit,path,words", BAD, ids=[b[1] or b[2] for b in BAD])
def test_bad_input_is_one_clear_message(tmp_path, capsys, edit, path, words):
    old, new = edit
    assert old in GOOD
    p = tmp_path / "s.yaml"
    p.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    code, out, err = run(capsys, "odds", p)
    assert code == 2 and out == ""
    assert err.startswith(f"pycombat: {p}: {path}") and words in err, err
    # one error line; what is accepted may follow as the program's own indented lines
    assert "Traceback" not in err and len([ln for ln in err.splitlines() if not ln.startswith("  ")]) == 1


def test_saruman_never_leaves_orthanc(tmp_path, capsys):
    text = GOOD.replace("Sauron: at_war", "Isengard: at_war").replace(
        "{Sauron: {regulars: 2, elites: 1}}\n  nazgul: 1", "{Isengard: {regulars: 2}}\n  characters: [Saruman]")
    p = tmp_path / "s.yaml"
    p.write_text(text)
    code, _, err = run(capsys, "odds", p)
    assert code == 2 and "WOTR-CHMOVE-8" in err


def test_good_file_runs(tmp_path, capsys):
    p = tmp_path / "s.yaml"
    p.write_text(GOOD)
    code, out, err = run(capsys, "odds", p)
    assert code == 0 and err == "" and "Combat Strength 3, 3 dice; Leadership 2" in out  # Boromir (WOTR-STR-8)


# ---- position scenarios -------------------------------------------------------------------------------------
def test_enumerate_moves_text_and_json(capsys):
    code, out, err = run(capsys, "enumerate", EX / "moves_companions.yaml")
    assert code == 0 and err == ""
    assert "2,135 legal moves: 16 of Armies, 2,119 of Characters on their own" in out
    assert "Gandalf the White, Peregrin Took in Fangorn: 264 ways" in out
    assert "every legal move" in out and "Edoras -> Folde: Rohan: 1 Regular, 1 Elite, 1 Leader; Gimli" in out
    code, out, _ = run(capsys, "enumerate", EX / "moves_companions.yaml", "--json")
    data = json.loads(out)
    assert data["kind"] == "position" and data["count"] == {"total": 2135, "armies": 16, "characters": 2119}
    assert len(data["moves"]) == 2135
    assert data["destinations"]["Peregrin Took (Fangorn)"] == ["Eastemnet", "Fords of Isen", "Parth Celebrant",
                                                                "Westemnet"]


def test_enumerate_moves_count_limit_and_refusal(capsys):
    code, out, _ = run(capsys, "enumerate", EX / "moves_setup_shadow_army.yaml", "--count")
    assert code == 0 and "46,305 legal moves: 46,305 of Armies" in out and "every legal move" not in out
    code, out, _ = run(capsys, "enumerate", EX / "moves_setup_shadow_character.yaml")
    assert code == 0 and "88,529,391 legal moves" in out
    assert "Not listed: 88,529,391 legal moves: more than --max-list 100,000" in out
    code, out, _ = run(capsys, "enumerate", EX / "moves_setup_shadow_character.yaml", "--limit", "3", "--json")
    data = json.loads(out)
    assert len(data["moves"]) == 3 and data["truncated"] and data["count"]["total"] == 88529391
    code, out, _ = run(capsys, "enumerate", EX / "moves_siege_of_minas_tirith.yaml", "--max-list", "10")
    assert code == 0 and "Not listed: 4,605 legal moves: more than --max-list 10" in out


def test_position_scenarios_refuse_battle_verbs(capsys):
    code, _, err = run(capsys, "odds", EX / "moves_companions.yaml")
    assert code == 2 and "a position scenario (position/action) answers `enumerate`" in err
    assert "Traceback" not in err


def test_verify_position_claims(capsys, tmp_path):
    path = ROOT / "examples" / "rulings" / "wotr" / "moves_companions.yaml"
    code, out, _ = run(capsys, "verify", path)
    assert code == 0
    assert "FALSE Strider may move from Lorien to Hollin  (through-moria)" in out
    assert "WOTR-CHMOVE-5: A Companion must stop when it enters a region with a Shadow-controlled Stronghold." in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(path.read_text().split("claims:")[0] + "claims:\n  - claim: Legolas may move from Lorien to Fangron\n")
    code, _, err = run(capsys, "verify", bad)
    assert code == 2 and "claims[0].claim: unknown region 'Fangron'; did you mean 'Fangorn'" in err


def test_plot_units_left_axes_are_whole_units(tmp_path, monkeypatch):
    """The units-left panels tick whole units only (one tick per count the battle can leave)."""
    import matplotlib.pyplot as plt

    from pycombat.games.wotr.battle.odds import battle_report
    from pycombat.games.wotr.battle.plot import plot_battle
    from pycombat.games.wotr.schema import load_scenario

    seen = []
    monkeypatch.setattr(plt, "close", lambda fig: seen.append(fig))
    rep = battle_report(load_scenario(EX / "skirmish.yaml"))
    plot_battle(rep, tmp_path / "p.png")
    axes = seen[0].axes
    for ax, role in ((axes[1], "attacker"), (axes[2], "defender")):
        labels = [t.get_text() for t in ax.get_xticklabels()]
        want = sorted({k for res in rep.results.values() for k in res.survivors(role)})
        assert labels == [str(k) for k in want]
