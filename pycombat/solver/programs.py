"""The ASP programs: where a game's rule files are (:func:`rule_files`, or a folder named by
``$PYCOMBAT_ASP_RULES``), and each file or text parsed once per process into clingo's AST
(:func:`parse_rules`); clingo's messages go to the ``pycombat.solver`` logger, never printed."""
from __future__ import annotations

import logging
import os
from importlib.resources import files as _resource_files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Sequence

import clingo
import clingo.ast

from ..errors import SolverError
from .cache import _ENABLED, _FILE_CACHE, _STATS, _TEXT_CACHE

log = logging.getLogger("pycombat.solver")


def _clingo_logger(code: clingo.MessageCode, message: str) -> None:
    log.info("clingo %s: %s", code.name, message.strip())


def clingo_version() -> str:
    """The version of the clingo library in use (``5.8.0`` and the like)."""
    return clingo.__version__


#: the package that holds every game's rule folder (``asp_rules/`` of the checkout)
ASP_PACKAGE = "pycombat.asp_rules"
#: a folder laid out like ``asp_rules/`` (one folder a game) whose ``.lp`` files are read instead of
#: the installed ones: ``tools/mutants.py`` runs the tests against a changed copy this way
RULES_DIR_VARIABLE = "PYCOMBAT_ASP_RULES"


def _rules_root(package: str) -> Traversable | Path:
    """Where ``package``'s ``.lp`` files are: the installed resources, or the folder of the same
    name under ``$PYCOMBAT_ASP_RULES`` when that variable is set."""
    override = os.environ.get(RULES_DIR_VARIABLE)
    if override and package.startswith(ASP_PACKAGE + "."):
        return Path(override, *package[len(ASP_PACKAGE) + 1:].split("."))
    return _resource_files(package)


def rule_files(package: str, names: Sequence[str]) -> list[Traversable]:
    """The ``.lp`` resources ``names`` of ``package`` (works from a wheel and a checkout).

    >>> [f.name for f in rule_files("pycombat.asp_rules.meccg", ["input.lp"])]
    ['input.lp']
    """
    key = (package, tuple(names), os.environ.get(RULES_DIR_VARIABLE))  # (a copy named later is its own)
    got = _RULE_FILES.get(key)
    if got is not None:
        return list(got)
    root = _rules_root(package)
    out = []
    for name in names:
        res = root.joinpath(name)
        if not res.is_file():
            raise SolverError(f"rule file {package}/{name} is missing from the installation")
        out.append(res)
    _RULE_FILES[key] = tuple(out)
    return out


_RULE_FILES: dict[tuple[str, tuple[str, ...], str | None], tuple] = {}
#: parsed texts kept at most (the least recently used go first)
_TEXT_CACHE_MAX = 512


def _parse(text: str) -> list:
    out: list = []
    try:
        clingo.ast.parse_string(text, out.append, logger=_clingo_logger, message_limit=100)
    except RuntimeError as exc:  # a syntax error in an encoding: our bug, not the user's
        raise SolverError(f"ASP program does not parse: {exc}") from exc
    _STATS["parsed"] += 1
    # comments are statements of clingo's AST too (222 of the 352 statements of a Riftbound board
    # program): added to every control they only cost time
    return [s for s in out if s.ast_type != clingo.ast.ASTType.Comment]


def parse_rules(package: str) -> int:
    """Parse every ``.lp`` file of ``package`` into this process's cache of parsed rules (what the
    loaded solver would parse at the first query that needs each); the number of files.  ``pycombat
    batch`` does it in a pool's parent before it forks the workers, which then start with them.

    >>> parse_rules("pycombat.asp_rules.riftbound") >= 10
    True
    """
    n = 0
    for res in _rules_root(package).iterdir():
        if res.name.endswith(".lp") and res.is_file():
            _file_statements(res)
            n += 1
    return n


def _file_key(f: Traversable | Path) -> tuple[str, int, int]:
    name = str(f)
    try:
        st = os.stat(name)
        return name, st.st_mtime_ns, st.st_size
    except OSError:  # a resource that is not a plain file (a zip): its name is its identity
        return name, 0, 0


def _file_statements(f: Traversable | Path) -> tuple[tuple, list]:
    key = _file_key(f)
    got = _FILE_CACHE.get(key) if _ENABLED[0] else None
    if got is None:
        text = Path(f).read_text() if isinstance(f, (str, Path)) else f.read_text()
        got = _parse(text)
        if _ENABLED[0]:
            _FILE_CACHE[key] = got
    else:
        _STATS["parse_hits"] += 1
    return key, got


def _text_statements(text: str) -> list:
    got = _TEXT_CACHE.get(text)
    if got is None:
        got = _parse(text)
        if not _ENABLED[0]:
            return got
        _TEXT_CACHE[text] = got
        if len(_TEXT_CACHE) > _TEXT_CACHE_MAX:
            _TEXT_CACHE.popitem(last=False)
    else:
        _STATS["parse_hits"] += 1
        _TEXT_CACHE.move_to_end(text)
    return got
