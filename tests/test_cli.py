"""The `pycombat enumerate` verb: text and JSON output, --count, --limit, --traces, --flag."""
from __future__ import annotations

import json
import subprocess
import sys

from pycombat.cli import main
from pycombat.games.meccg.assignment.legal import example_path

WIND = str(example_path("wind_throne.yaml"))


def run_json(capsys, *args):
    assert main(["enumerate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_lists_every_option(capsys):
    data = run_json(capsys, WIND)
    assert data["count"] == 288 and len(data["options"]) == 288 and "truncated" not in data
    assert data["attack"]["legal"] is True
    assert data["flags"]["phase2_assignment"] == "mandatory"
    assert data["flags"]["site_barred_ally_strikes"] == "strike"
    first = data["options"][0]
    assert set(first) == {"pairs", "excess"}
    assert set(first["pairs"][0]) == {"attacker", "defender"}
    # every option is a distinct one-to-one matching over the 5 targets, one excess strike
    seen = set()
    for o in data["options"]:
        pairs = frozenset((p["attacker"], p["defender"]) for p in o["pairs"])
        assert len(pairs) == 5 and len({a for a, _ in pairs}) == 5 and len(o["excess"]) == 1
        seen.add(pairs)
    assert len(seen) == 288


def test_json_limit_marks_truncation(capsys):
    data = run_json(capsys, WIND, "--limit", "7")
    assert data["count"] == 288 and len(data["options"]) == 7 and data["truncated"] is True


def test_flag_on_the_command_line_wins(capsys):
    data = run_json(capsys, WIND, "--count", "--flag", "phase2_assignment=optional")
    assert data["count"] == 720 and "options" not in data
    assert data["flags"]["phase2_assignment"] == "optional"


def test_traces_json(capsys):
    data = run_json(capsys, WIND, "--traces", "--limit", "3")
    assert data["notion"] == "trace" and data["count"] == 1008 and data["truncated"] is True
    for o in data["options"]:
        for p in o["pairs"]:
            assert p["by"] == ("attacker" if p["phase"] == 2 else "defender")


def test_illegal_attack_says_why(capsys, tmp_path):
    import yaml

    doc = yaml.safe_load(open(WIND, encoding="utf-8"))
    # Jim a Wizard player: his company holds hero characters (MECCG-FX-20), none of Bob's (MECCG-FX-33)
    doc["attacker"].update(alignment="hero", members=["Beorn", "Faramir", {"name": "Boromir II", "status": "tapped"}])
    doc.pop("combat", None)  # (its strikes are the minions')
    path = tmp_path / "heroes.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    data = run_json(capsys, str(path))
    assert data["attack"]["legal"] is False and data["count"] == 0 and data["options"] == []
    assert [r["rule"] for r in data["attack"]["reasons"]] == ["MECCG-ALIGN-1"]
    assert data["attack"]["reasons"][0]["source"].startswith("CoE 3.V.1.W1")
    assert main(["enumerate", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The attack is not legal" in out and "MECCG-ALIGN-1 [cannot_attack(hero, hero)]" in out


def test_a_verb_refusing_an_illegal_attack_lists_every_broken_rule_uncut(capsys):
    """optimize and tree refuse an illegal attack in one line naming the rules broken, each rule's words
    on a line of its own under it (four of them would not fit the one line)."""
    ruling = str(example_path("../rulings/meccg/attack_conditions.yaml"))
    for verb in ("optimize", "tree"):
        assert main([verb, ruling] + (["-o", "never-written.graphml"] if verb == "tree" else [])) == 2
        err = capsys.readouterr().err.splitlines()
        assert "the attack is not legal (MECCG-INIT-1, MECCG-INIT-2, MECCG-INIT-3, MECCG-INIT-4)" in err[0]
        assert not err[0].endswith("...")
        assert [line.split(" [")[0].strip() for line in err[1:]] == [f"MECCG-INIT-{k}" for k in (1, 2, 3, 4)]
        assert err[4].endswith("so there is at most one CvCC per player per turn.")


def test_text_output(capsys):
    assert main(["enumerate", WIND, "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert "288 legal complete assignments" in out
    assert "Goldberry is no target: MECCG-CARD-6" in out
    assert "... 285 more" in out


def test_default_file_is_the_wind_throne(capsys):
    assert main(["enumerate", "--count"]) == 0
    out = capsys.readouterr().out
    assert "built-in example" in out and "288 legal complete assignments" in out


def test_console_script_runs_and_logs_nothing_on_stderr():
    """The installed entry point; clingo's messages go to logging, not to the terminal."""
    proc = subprocess.run([sys.executable, "-m", "pycombat", "enumerate", WIND, "--count"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "288 legal complete assignments" in proc.stdout


def test_version_names_pycombat_clingo_and_each_digest(capsys):
    import hashlib
    import re
    from importlib import resources

    import pytest

    import pycombat

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    out = capsys.readouterr().out.splitlines()
    assert re.fullmatch(rf"pycombat {re.escape(pycombat.__version__)} \(clingo 5\.8\.\d+\)", out[0])
    for game in ("meccg", "riftbound", "wotr"):
        data = resources.files("pycombat.rules").joinpath(f"{game}.md").read_bytes()
        line = next(ln for ln in out if f"rules digest {game}:" in ln)
        assert hashlib.sha256(data).hexdigest()[:12] in line
        assert re.search(r": (\d+) rules", line) and int(re.search(r": (\d+) rules", line).group(1)) > 20


def test_enumerate_json_names_what_its_count_counts():
    """`counted` (shown by the web page beside the count, as the text says it): MECCG's complete assignments
    or traces, WotR's rearguard splits."""
    import pycombat

    wind = pycombat.example("meccg", "wind_throne.yaml")
    assert pycombat.load(wind).enumerate(limit=1).to_json()["counted"] == "complete assignments"
    assert pycombat.load(wind).enumerate(limit=1, traces=True).to_json()["counted"] == "assignment traces"
    assert pycombat.load(pycombat.example("wotr", "skirmish.yaml")).enumerate().to_json()["counted"] == "splits"
    assert pycombat.load(pycombat.example("wotr", "moves_companions.yaml")).enumerate(count=True).to_json()["counted"] \
        == "moves"


def test_every_verbs_help_names_the_rule_digest_shipped_in_the_package(capsys):
    """`--help` of a verb says where the interpretation flags are listed: the digest inside the package
    (pycombat/rules/<game>.md, which an installed pycombat has), never the project's own folders."""
    from importlib import resources

    import pytest

    from pycombat import registry

    assert resources.files("pycombat.rules").joinpath("meccg.md").is_file()
    verbs = sorted({v for g in registry.all_games() for v in g.verbs})
    for verb in verbs:
        with pytest.raises(SystemExit) as exc:
            main([verb, "--help"])
        assert exc.value.code == 0
        out = capsys.readouterr().out
        assert "pycombat/rules/<game>.md" in out and "shared/rules" not in out, verb
        assert "block). \n" not in out  # (no dangling space where the built-in example is not named)


def test_readings_are_refused_on_a_saved_ruling_not_ignored(capsys, tmp_path):
    """A saved ruling is checked as saved (per claim STANDS or CHANGED): --readings, like --flag, is
    refused there with one clear error, never silently dropped; on a scenario it is read."""
    import pycombat

    scenario = str(pycombat.example("meccg", "wind_throne.yaml").parent.parent / "rulings/meccg/great_bats.yaml")
    ruling = tmp_path / "ruling.json"
    assert main(["verify", scenario, "--save", str(ruling), "--json"]) == 0
    capsys.readouterr()
    assert main(["verify", str(ruling)]) == 0
    capsys.readouterr()
    for value in ("all", "deciding"):
        assert main(["verify", str(ruling), "--readings", value]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"pycombat: {ruling} is a saved ruling") and "--readings" in err
    assert main(["verify", scenario, "--readings", "all", "--json"]) == 0
    claims = json.loads(capsys.readouterr().out)["claims"]
    assert claims and all("readings" in c for c in claims)


def test_count_with_a_bound_on_the_listing_is_refused_not_ignored(capsys):
    """``--count`` lists nothing, so ``--limit`` (and ``--max-list``) beside it would be ignored: refused, exit 2,
    naming the option; ``--count`` alone still counts."""
    import pycombat
    from pycombat.errors import PycombatError

    for bound in (["--limit", "3"], ["--max-list", "5"]):
        assert main(["enumerate", WIND, "--count", *bound]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"pycombat: {bound[0]} ") and "--count" in err and "Traceback" not in err
    assert run_json(capsys, WIND, "--count")["count"] == 288
    for game, example in (("meccg", "wind_throne.yaml"), ("wotr", "helms_deep.yaml"),
                          ("riftbound", "seed_example.yaml")):
        scenario = pycombat.load(pycombat.example(game, example))
        try:
            scenario.run("enumerate", count=True, limit=2)
        except PycombatError as exc:
            assert str(exc).startswith("--limit ")
        else:
            raise AssertionError(f"{game}: enumerate count=True, limit=2 was run")
