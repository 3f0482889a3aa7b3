"""The package's source as syntax trees, each module read and parsed once per test process: the architecture
tests (imports, layers, decorators) of every game walk all of them."""
from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pycombat"


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at ``path`` (``ast.walk`` order). Read them, never change them: other tests
    of the process get the same ones."""
    return tuple(ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))))


def imports(path: Path) -> set[str]:
    """The modules ``path`` imports (function-level imports too), a relative one with its leading dots."""
    out: set[str] = set()
    for node in nodes(path):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def modules() -> list[Path]:
    """Every module file of the package, in a stable order."""
    return sorted(PACKAGE.rglob("*.py"))
