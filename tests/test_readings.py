"""Readings side by side: for every interpretation flag that flips a verdict, ``verify`` shows the
verdict under each value of the flag, the rules (and sources) each rests on, and which value the
file or the default chose; ``--readings all`` shows every flag the claim was decided under again.

Each reading is checked against an independent run: the same file verified with
``--flag NAME=VALUE`` (a fresh scenario read under that value) gives that reading's verdict.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat import api, cli
from pycombat.rulebook import load_rulebook
from pycombat.verdicts import readings_shown

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "examples" / "rulings"
#: a ruling file of each game with a claim decided by a flag (found with `verify FILE | grep "decided by"`)
DECIDED = [("meccg", RULINGS / "meccg" / "sable_shield.yaml", "unwounded_loser_taps"),
           ("wotr", RULINGS / "wotr" / "dice_and_cards.yaml", "stacking_check"),
           ("riftbound", RULINGS / "riftbound" / "kayn_dumpable.yaml", "immune_targets")]
IDS = [g for g, _p, _f in DECIDED]


def _claims(path: Path, flags: dict | None = None, readings: str = "deciding") -> list[dict]:
    with readings_shown(readings):
        return api.load(path, flags or {}).verify().to_json()["claims"]


@pytest.mark.parametrize("game, path, flag", DECIDED, ids=IDS)
def test_each_reading_is_the_verdict_of_verify_under_that_flag(game, path, flag):
    claims = _claims(path)
    scenario = api.load(path)
    seen = set()
    for c in claims:
        for t in c.get("readings", []):
            seen.add(t["flag"])
            chosen = [r for r in t["readings"] if r["chosen"]]
            assert len(chosen) == 1 and chosen[0]["value"] == scenario.flags[t["flag"]] == t["chosen"]
            assert chosen[0]["verdict"] == c["verdict"]
            assert [x["rule"] for x in chosen[0]["rules"]] == [r["rule"] for r in c["reasons"]]
            for r in t["readings"]:
                if r["chosen"]:
                    continue
                again = {x["id"]: x for x in _claims(path, {t["flag"]: r["value"]})}[c["id"]]
                assert r["verdict"] == again["verdict"], (c["id"], t["flag"], r["value"])
                assert {x["rule"] for x in r["rules"]} <= {x["rule"] for x in again["reasons"]}, (c["id"], r)
            # the flag flips it: some reading's verdict differs from the one in force
            assert t["flips"] and any(r["verdict"] != c["verdict"] for r in t["readings"])
    assert flag in seen, f"{path.name}: no claim shows the readings of {flag}"


@pytest.mark.parametrize("game, path, flag", DECIDED, ids=IDS)
def test_readings_are_shown_for_exactly_the_deciding_flags_with_the_digest_row(game, path, flag):
    book = load_rulebook(game)
    scenario = api.load(path)
    for c in _claims(path):
        table = c.get("readings", [])
        assert [t["flag"] for t in table] == list(c.get("decided_by_flags", {}))
        for t in table:
            row = book.flags[t["flag"]]
            assert t["why"] == row.why and t["default"] == row.default
            assert t["chosen_by"] == scenario.model.flag_origin.get(t["flag"], "default")
            assert t["cited_by"] and all(t["flag"] in book.rules[r].flags for r in t["cited_by"])
            assert {r["value"] for r in t["readings"]} == set(row.values) | {t["chosen"]}
            for r in t["readings"]:
                assert set(r) >= {"value", "verdict", "chosen", "rules"}
                for x in r["rules"]:
                    assert x["rule"] in book.rules and set(x) == {"rule", "source"}
                    assert isinstance(x["source"], str)


def test_the_file_or_the_command_line_choosing_a_value_is_named():
    path = RULINGS / "riftbound" / "kayn_dumpable.yaml"  # sets immune_targets in its rules:
    t = next(t for c in _claims(path) for t in c.get("readings", []) if t["flag"] == "immune_targets")
    assert t["chosen_by"] == "scenario" and t["chosen"] == "dumpable"
    path = RULINGS / "meccg" / "sable_shield.yaml"
    t = next(t for c in _claims(path, {"unwounded_loser_taps": "no"}) for t in c.get("readings", []))
    assert t["chosen_by"] == "command line" and t["chosen"] == "no"


@pytest.mark.parametrize("game, path, flag", DECIDED, ids=IDS)
def test_readings_all_reads_every_flag_and_keeps_the_verdicts(game, path, flag):
    few, every = _claims(path), _claims(path, readings="all")
    book = load_rulebook(game)
    for c, a in zip(few, every):
        assert (c["id"], c["verdict"], c.get("decided_by_flags")) == (a["id"], a["verdict"], a.get("decided_by_flags"))
        if not a["decided"]:
            continue
        flags = {t["flag"]: t for t in a.get("readings", [])}
        assert set(c.get("decided_by_flags", {})) == {n for n, t in flags.items() if t["flips"]}
        for name, t in flags.items():
            assert {r["value"] for r in t["readings"]} == set(book.flags[name].values) | {t["chosen"]}
            assert t["flips"] == any(r["verdict"] != a["verdict"] and not r.get("error") for r in t["readings"])
    assert any(len(a.get("readings", [])) > len(c.get("readings", [])) for c, a in zip(few, every))


def test_the_cli_prints_both_readings_and_takes_readings_all(capsys):
    path = str(RULINGS / "meccg" / "sable_shield.yaml")
    assert cli.main(["verify", path]) == 0
    text = capsys.readouterr().out
    assert "readings of unwounded_loser_taps (in force: yes, the default; read by MECCG-FX-17):" in text
    lines = text.splitlines()
    at = lines.index("    readings of unwounded_loser_taps (in force: yes, the default; read by MECCG-FX-17):")
    assert lines[at + 1].split()[:3] == ["yes", "(chosen)", "TRUE,"]
    assert lines[at + 2].split()[:2] == ["no", "FALSE,"]
    assert lines[at + 3].startswith("      why two readings: ") and load_rulebook("meccg").flags[
        "unwounded_loser_taps"].why in lines[at + 3]
    assert cli.main(["verify", path, "--readings", "all", "--json"]) == 0
    claims = json.loads(capsys.readouterr().out)["claims"]
    assert all(c["readings"] for c in claims)
    assert cli.main(["verify", path, "--readings", "all"]) == 0
    assert "readings of phase2_assignment: the same verdict under every value (mandatory, chosen: TRUE; " \
           "optional: TRUE)" in capsys.readouterr().out


def test_readings_is_a_verify_option_only(capsys):
    with pytest.raises(SystemExit) as e:
        cli.main(["verify", str(RULINGS / "meccg" / "sable_shield.yaml"), "--readings", "some"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        cli.main(["enumerate", str(ROOT / "examples" / "meccg" / "two_on_two.yaml"), "--readings", "all"])
    assert e.value.code == 2
    capsys.readouterr()


def test_a_claim_not_decided_is_decided_by_no_flag():
    """A claim something unmodelled could change is NOT DECIDED: no flag "decides" it and no reading is
    shown (here q6 was printed "decided by phase2_assignment=mandatory" under NOT DECIDED); the same
    claim without the unmodelled card is decided by that flag."""
    scenario = {
        "game": "meccg",
        "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                     "members": ["Lagduf", "Shagrat", "Odoacer", "Horseman in the Night"]},
        "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                     "members": ["Aragorn II", "Éomer", "Gimli"]},
        "in_play": ["Gates of Morning"],
        "rules": {"strike_count_modifiers": "apply", "pre_assignment_attack_effects": "allowed"},
        "claims": [{"id": "q6", "claim": "if Aragorn II takes Lagduf's strike in phase I, the attacker must "
                                         "assign 2 strikes in phase II"}],
        "combat": {"before_assignment": ["Dark Quarrels"],
                   "strikes": [{"defender": "Aragorn II", "attacker": "Lagduf"}]},
    }
    with readings_shown("all"):
        got = api.load(scenario).verify().to_json()["claims"][0]
        assert got["verdict"] is None, got
        assert not got.get("decided_by_flags") and not got.get("readings"), got
        del scenario["combat"]["before_assignment"]
        plain = api.load(scenario).verify().to_json()["claims"][0]
    assert plain["verdict"] is not None and "phase2_assignment" in plain["decided_by_flags"], plain
