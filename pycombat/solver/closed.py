"""The one switch of the games' Python evaluations of their deterministic programs (each game's
``judge_closed`` module: the same rules read over the same facts, checked equal to a grounding by the
game's tests).

An evaluation is used only when :func:`closed_forms` says so: not inside :func:`asp_only` (the tests of
the ASP paths), and not when the rules are read from another folder than the shipped one
(:data:`~pycombat.solver.programs.RULES_DIR_VARIABLE`: a changed copy of the rules, the mutation
battery's, is judged by itself).

>>> closed_forms()
True
>>> with asp_only():
...     closed_forms()
False
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from .programs import RULES_DIR_VARIABLE

_ON = [True]


def closed_forms() -> bool:
    """Whether a game may answer from its Python evaluation of a program rather than a grounding."""
    return _ON[0] and not os.environ.get(RULES_DIR_VARIABLE)


@contextlib.contextmanager
def asp_only() -> Iterator[None]:
    """Inside the block every game answers from the ASP (its Python evaluations are off)."""
    was, _ON[0] = _ON[0], False
    try:
        yield
    finally:
        _ON[0] = was
