"""Which rules are in force: the switch a Python rule check reads, so that a rule's effect can be taken away.

A rule a game's answer-set programs carry is removed by removing its statements (``tools/asp_mutants.py``).
A rule a game applies in Python reads :func:`in_force` at the place it acts; every rule is in force
unless :func:`removed` takes it away for the duration of a ``with`` block. The tests use it to prove
that a verdict's cited rule is one whose effect, removed, changes the verdict (the counterfactual
check of minimal reasons), and the mutation battery to see each Python rule check fail a test.

A verdict is always given under every rule of the digest. Besides the tests, a claim may decide itself
again inside :func:`removed` to see whether its verdict depends on a rule (and so cites it); what is
remembered from a computation that reads :func:`in_force` is kept under :func:`removed_rules` too.

>>> in_force("WOTR-END-4")
True
>>> with removed("WOTR-END-4"):
...     in_force("WOTR-END-4"), in_force("WOTR-END-3")
(False, True)
>>> in_force("WOTR-END-4")
True
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

__all__ = ["in_force", "removed", "removed_rules"]

_REMOVED: ContextVar[frozenset[str]] = ContextVar("pycombat_removed_rules", default=frozenset())


def in_force(rule_id: str) -> bool:
    """Whether the rule ``rule_id`` applies (always, unless a test removed it with :func:`removed`)."""
    removed_now = _REMOVED.get()
    return not removed_now or rule_id not in removed_now


def removed_rules() -> frozenset[str]:
    """The rules taken away now (empty outside a :func:`removed` block): part of the key of what a memo keeps
    from a computation that reads :func:`in_force`."""
    return _REMOVED.get()


@contextlib.contextmanager
def removed(*rule_ids: str) -> Iterator[None]:
    """Take the effect of ``rule_ids`` away inside the block (the Python checks that read :func:`in_force`)."""
    token = _REMOVED.set(_REMOVED.get() | frozenset(rule_ids))
    try:
        yield
    finally:
        _REMOVED.reset(token)
