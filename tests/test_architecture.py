"""The three layers (docs/architecture.md): imports only go downward, no cycles, no generic module names a game.

Every ``import`` of the package is read from the source (module level and inside functions alike:
an import moved into a function to dodge a cycle is still a cycle).
"""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from pycombat import registry
import source_tree  # noqa: E402

PKG = Path(__file__).resolve().parent.parent / "pycombat"
GAMES = registry.names()


def _modules() -> dict[str, Path]:
    out = {}
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(module: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The package modules an import statement of ``module`` brings in."""
    is_pkg = MODULES[module].name == "__init__.py"
    out = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".") if is_pkg else module.split(".")[:-1]
            base = base[:len(base) - node.level + 1]
            prefix = ".".join(base + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in MODULES else prefix for a in node.names]
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name:
            out.append(name)
    return out


@functools.cache
def _graph() -> nx.DiGraph:
    """The import graph of the package's modules, built when a test first reads it (not at collection)."""
    g = nx.DiGraph()
    for module, path in MODULES.items():
        g.add_node(module)
        for node in source_tree.nodes(path):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _resolve(module, node):
                    if target != module and not module.startswith(target + "."):  # a package's own __init__
                        g.add_edge(module, target)
    return g


def _layer(module: str) -> int:
    if module in ("pycombat.cli", "pycombat.__main__", "pycombat.batch") or module == "pycombat.web" \
            or module.startswith("pycombat.web."):
        return 1
    if module in ("pycombat", "pycombat.api"):
        return 1.5
    if module.startswith("pycombat.games.") or module.startswith("pycombat.asp_rules"):
        return 2
    return 3


def test_the_graph_sees_known_imports():
    assert _graph().has_edge("pycombat.api", "pycombat.registry")
    assert _graph().has_edge("pycombat.games.meccg.verbs", "pycombat.report")


def test_no_import_cycles():
    cycles = [sorted(c) for c in nx.strongly_connected_components(_graph()) if len(c) > 1]
    assert cycles == []


def test_imports_only_go_downward():
    upward = [(a, b) for a, b in _graph().edges if _layer(b) < _layer(a)]
    assert upward == []


@pytest.mark.parametrize("game", GAMES)
def test_games_do_not_import_each_other(game):
    own = f"pycombat.games.{game}"
    foreign = [(a, b) for a, b in _graph().edges
               if a.startswith(own) and b.startswith("pycombat.games.") and not b.startswith(own)
               and b != "pycombat.games"]
    assert foreign == []


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """Identifiers and string constants of a module, docstrings excluded."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.alias):
            out.append((getattr(node, "lineno", 0), node.name))
    return out


GENERIC = sorted(m for m in MODULES if _layer(m) != 2 and m != "pycombat.games")


@pytest.mark.parametrize("module", GENERIC)
def test_no_generic_module_names_a_game(module):
    named = [(line, text) for line, text in _code_strings(MODULES[module])
             if any(g in text.lower().replace("-", "_").split(".") or g == text.lower() or f"games.{g}" in text
                    for g in GAMES)]
    assert named == []


def test_help_imports_no_game_solver():
    code = ("import sys; from pycombat.cli import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if m == 'clingo' or m.startswith('pycombat.games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = eval(out)  # noqa: S307 - our own print of a list of module names
    assert "clingo" not in loaded
    assert all(m.count(".") == 2 for m in loaded), loaded  # only the games' light __init__ modules


@pytest.mark.parametrize("entry", [["-m", "pycombat"], ["-m", "pycombat.cli"]])
def test_module_entry_points_run(entry):
    done = subprocess.run([sys.executable, *entry, "enumerate", "--count"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "288 legal complete assignments" in done.stdout


def test_every_decorator_sits_on_what_it_decorates():
    """A decorator is on the line right above the next decorator or the ``def``/``class`` it applies to:
    a function put between a decorator and its target (with blank lines, which Python accepts) takes the
    decorator from it (``solve_game`` once lost its pause of the cycle collector that way)."""
    misplaced = []
    for module, path in sorted(MODULES.items()):
        for node in source_tree.nodes(path):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.decorator_list:
                after = [d.lineno for d in node.decorator_list[1:]] + [node.lineno]
                misplaced += [f"{module}: line {d.lineno}, above {node.name} (line {node.lineno})"
                              for d, nxt in zip(node.decorator_list, after) if d.end_lineno + 1 != nxt]
    assert misplaced == []


def test_every_test_file_has_a_basename_of_its_own():
    """The test folders are no packages: two test files of one name (in two games' folders) cannot both be
    collected (pytest's import file mismatch), so a fresh clone's suite would stop at collection."""
    root = Path(__file__).resolve().parent
    names: dict[str, list[str]] = {}
    for f in root.rglob("test_*.py"):
        names.setdefault(f.name, []).append(str(f.relative_to(root)))
    assert {n: p for n, p in names.items() if len(p) > 1} == {}
