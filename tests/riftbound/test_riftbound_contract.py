"""Riftbound on the game contract: its registered verbs, their options, report objects,
claims read by ``verify`` (not by the scenario reader) and a light package ``__init__``."""
from __future__ import annotations

import ast
import inspect
import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from pycombat import registry
from pycombat.cli import main
from pycombat.errors import PycombatError, ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import example_path, load_scenario, scenario_from_dict
from pycombat.report import Report, VerifyReport
from pycombat.scenario import Node

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "pycombat" / "games" / "riftbound"
GAME = registry.get("riftbound")
SEED = example_path("seed_example.yaml")
RULING = ROOT / "examples" / "rulings" / "riftbound" / "excess_on_a_tank.yaml"


def test_importing_the_game_loads_neither_clingo_nor_its_verbs():
    code = ("import sys, pycombat.games.riftbound; "
            "print(sorted(m for m in sys.modules if m == 'clingo' or m.startswith('pycombat.games.riftbound.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", sorted(GAME.verbs))
def test_every_keyword_of_a_verb_is_a_declared_option(name):
    """The CLI passes every declared option; the verb must read exactly those (and progress if declared)."""
    verb = GAME.verbs[name]
    params = inspect.signature(verb.resolve_run()).parameters
    keywords = {p for p, v in params.items() if v.kind == v.KEYWORD_ONLY}
    assert keywords - {"progress"} == set(verb.defaults())
    assert ("progress" in keywords) == verb.progress
    for p, v in params.items():  # the Python API's defaults are the command line's
        if p in verb.defaults() and v.default is not inspect.Parameter.empty:
            assert v.default == verb.defaults()[p] or (v.default is None and verb.defaults()[p] == []), p


def test_the_tree_verb_requires_output_and_max_nodes_defaults_to_two_million():
    opts = {o.dest: o for o in GAME.verbs["tree"].options}
    assert opts["output"].kwargs.get("required") is True
    assert opts["max_nodes"].default == 2_000_000 == GAME.verbs["optimize"].defaults()["max_nodes"]


def test_no_module_of_the_game_imports_the_cli_and_schema_and_claims_are_apart():
    imports: dict[str, set[str]] = {}
    for f in PKG.rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names.add("." * node.level + (node.module or ""))
            elif isinstance(node, ast.Import):
                names |= {a.name for a in node.names}
        imports[f.relative_to(PKG).with_suffix("").as_posix()] = names
    for stem, names in imports.items():
        assert not any("cli" in n.split(".")[-1] for n in names), (stem, names)
    assert ".claims" not in imports["schema"] and ".schema" not in imports["claims"]
    assert ".refs" in imports["schema"] and ".refs" in imports["claims"]


def _cli_json(*argv: str) -> tuple[int, dict]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main([*argv, "--json"])
    return code, json.loads(buf.getvalue())


@pytest.mark.parametrize("verb, options", [("enumerate", {"side": "defender", "limit": 1}), ("odds", {}),
                                           ("optimize", {"protect": ["A1"]})])
def test_reports_are_what_the_command_line_prints(verb, options):
    report = GAME.verbs[verb].resolve_run()(load_scenario(SEED), **options)
    assert isinstance(report, Report) and report.game == "riftbound" and report.verb == verb
    argv = [verb, str(SEED)] + [a for k, v in options.items()
                                for a in ([f"--{k}", str(v)] if not isinstance(v, list) else [f"--{k}", *v])]
    code, printed = _cli_json(*argv)
    got = json.loads(json.dumps(report.to_json()))
    printed.pop("seconds", None), got.pop("seconds", None)
    assert code == report.exit_code == 0 and got == printed


def test_enumerate_report_fields():
    r = verbs.enumerate(load_scenario(SEED), side="defender")
    d = r.sides["defender"]
    assert set(r.sides) == {"defender"} and d.count == len(d.splits) == 2 and not d.truncated
    # every listed split assigns the defender's whole total (RB-DMG-3), and its kills are the units it gives lethal
    for sp, kills in zip(d.splits, d.kills):
        assert sum(a for _, a in sp.amounts) == d.derived.to_assign["defender"]
        assert kills == [n for n, a in sp.amounts if d.derived.lethal.get(n) is not None and a >= d.derived.lethal[n]]
    assert r.count == {"defender": 2}


def test_claims_are_kept_unread_until_verify(tmp_path):
    text = SEED.read_text(encoding="utf-8") + "claims:\n  - the defender keeps the battlefield\n  - {claim: nonsense here}\n"
    p = tmp_path / "c.yaml"
    p.write_text(text, encoding="utf-8")
    s = load_scenario(p)  # the reader does not read the claims: a bad one is no error here
    assert len(s.claims) == 2 and all(isinstance(n, Node) for n in s.claims)
    with pytest.raises(ScenarioError) as exc:
        verbs.verify(s)
    assert exc.value.file == str(p) and exc.value.path == "claims[1].claim"
    assert "cannot read the claim 'nonsense here'" in exc.value.message


def test_verify_report_exit_code_and_json():
    s = load_scenario(RULING, {"excess_damage": "last"})
    r = verbs.verify(s)
    assert isinstance(r, VerifyReport)
    missed = [v.claim.id for v in r.verdicts if v.claim.expect is not None and v.claim.expect != v.verdict]
    assert "tank-excess" in missed and r.exit_code == 1
    code, printed = _cli_json("verify", str(RULING), "--flag", "excess_damage=last")
    assert code == 1 and printed == json.loads(json.dumps(r.to_json()))


def test_verify_without_claims_is_refused():
    s = scenario_from_dict({"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 1}]},
                            "defender": {"units": [{"name": "D", "custom": True, "might": 1}]}}, file="x.yaml")
    with pytest.raises(PycombatError, match="x.yaml: claims: the scenario has no claims to verify"):
        verbs.verify(s)
