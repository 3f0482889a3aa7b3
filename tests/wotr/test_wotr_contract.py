"""War of the Ring on the game contract: the registered verbs, their declared options, the
reports' JSON against the command's, claims read after the scenario is built, and the package's imports."""
from __future__ import annotations

import ast
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.wotr import verbs
from pycombat.games.wotr.claims.battle import book, read
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.registry import get
from pycombat.report import Report, VerifyReport
from pycombat.scenario import Node

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "wotr"
PKG = ROOT / "pycombat" / "games" / "wotr"


def test_every_option_a_verb_reads_is_declared_with_its_default():
    game = get("wotr")
    assert set(game.verbs) == {"enumerate", "odds", "optimize", "replay", "verify", "tree"}
    for name, verb in game.verbs.items():
        params = inspect.signature(verb.resolve_run()).parameters
        reads = {p for p in params if p not in ("scenario", "progress")}
        assert reads == {o.dest for o in verb.options}, name
        for o in verb.options:  # the CLI's defaults are the API's
            if params[o.dest].default is not inspect.Parameter.empty:
                assert params[o.dest].default == o.default, (name, o.dest)
        assert callable(verb.resolve_present())
    assert game.verbs["tree"].defaults()["max_nodes"] == 2_000_000
    assert any(o.kwargs.get("required") for o in game.verbs["tree"].options if "--output" in o.flags)


def _cli_json(capsys, *argv) -> dict:
    code = main([*argv, "--json"])
    assert code == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("verb,file,options", [
    ("enumerate", "skirmish.yaml", {"limit": 2}),
    ("enumerate", "moves_companions.yaml", {"count": True}),
    ("odds", "skirmish.yaml", {}),
    ("replay", "replay_cards.yaml", {}),
])
def test_report_json_is_the_commands_json(capsys, verb, file, options):
    s = load_scenario(EX / file)
    report = getattr(verbs, verb)(s, **options)
    assert isinstance(report, Report) and report.game == "wotr" and report.verb == verb
    argv = [verb, str(EX / file)]
    for k, v in options.items():
        argv += [f"--{k.replace('_', '-')}"] + ([] if v is True else [str(v)])
    assert json.loads(json.dumps(report.to_json(), ensure_ascii=False)) == _cli_json(capsys, *argv)


def test_tree_writes_its_file_and_reports_plain_json(tmp_path):
    out = tmp_path / "t.dot"
    report = verbs.tree(load_scenario(EX / "skirmish.yaml"), output=str(out), depth=2)
    data = json.loads(json.dumps(report.to_json()))
    assert out.read_text().startswith("digraph") and data["output"] == str(out)
    whole = verbs.tree(load_scenario(EX / "skirmish.yaml"), output=str(tmp_path / "w.graphml"))
    v = whole.value
    assert 0 < v < 1 and whole.to_json()["value"]["exact"] == f"{v.numerator}/{v.denominator}"
    # the cut tree's nodes carry the whole battle's values (it fits in --max-nodes)
    assert data["stats"]["nodes"] > 1 and data["value"] == whole.to_json()["value"]


def test_claims_are_read_after_the_scenario_is_built():
    s = load_scenario(ROOT / "examples" / "rulings" / "wotr" / "splits.yaml")
    assert s.claims and all(isinstance(n, Node) for n in s.claims)
    claims = read(s)
    assert len(claims) == len(s.claims) and all(c.path == n.path for c, n in zip(claims, s.claims))
    report = verbs.verify(s)
    assert isinstance(report, VerifyReport) and [v.claim.id for v in report.verdicts] == [c.id for c in claims]
    assert book().kinds != book("position").kinds


def test_a_bad_claim_is_an_error_for_every_verb_but_only_once_read():
    data = {"game": "wotr", "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 2}}},
            "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 1}}},
            "claims": ["the attacker may attack", {"claim": "the attacker's Combat Strength is 2",
                                                   "attacking": {"units": {"Sauron": {"regulars": 3}}}}]}
    s = scenario_from_dict(data, file="bad.yaml")  # the reader keeps the claims as they are
    for run in (verbs.enumerate, verbs.odds, verbs.verify):
        with pytest.raises(ScenarioError) as exc:
            run(s)
        assert str(exc.value).startswith("bad.yaml: claims[1].attacking") and "not all in the attacking Army" in str(
            exc.value)


def test_verify_without_claims_is_an_error():
    with pytest.raises(Exception, match="claims: the scenario has no claims to verify"):
        verbs.verify(load_scenario(EX / "skirmish.yaml"))


def test_the_package_is_light_and_imports_no_front_end():
    code = "import sys, pycombat.games.wotr; print('clingo' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "False"
    for f in PKG.rglob("*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        names = {(n.level, n.module or "") for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any("cli" in m.split(".")[-1] for _, m in names), f.name


def test_no_import_cycle_among_the_game_modules():
    """Every import between the modules of the package (function-level ones too) goes one way."""
    def name(p: Path) -> str:
        rel = p.relative_to(PKG).with_suffix("").parts
        return ".".join(rel[:-1] if rel[-1] == "__init__" else rel)

    paths = {name(p): p for p in PKG.rglob("*.py")}
    mods = set(paths)
    graph: dict[str, set[str]] = {}
    for m, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        here = m.split(".") if path.name == "__init__.py" else m.split(".")[:-1]
        deps = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and n.level:
                base = here[:len(here) - n.level + 1] if n.level > 1 else list(here)
                if n.level - 1 > len(here):
                    continue  # above the package: the engine
                prefix = [x for x in base + (n.module.split(".") if n.module else []) if x]
                targets = [".".join(prefix + [a.name]) for a in n.names] + [".".join(prefix)]
                deps |= {t for t in targets if t in mods and t != m}
        graph[m] = deps

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(d == goal or (d not in seen and not seen.add(d) and reaches(d, goal, seen)) for d in graph[start])

    assert graph["verbs"] and graph["present"]  # the walk sees imports at all
    cycles = [m for m in mods if reaches(m, m, set())]
    assert not cycles, cycles
