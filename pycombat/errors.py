"""Typed errors shared by every layer.

A :class:`ScenarioError` is the user's mistake: the CLI prints it as one clear message
(file, field path, reason) and exits with code 2, never with a traceback.
"""
from __future__ import annotations


class PycombatError(Exception):
    """Base class of every error pycombat raises on purpose."""


class ScenarioError(PycombatError):
    """A scenario file (or a command-line override) is wrong.

    >>> str(ScenarioError("what is wrong", file="a.yaml", path="attacker.members[2].name"))
    'a.yaml: attacker.members[2].name: what is wrong'
    """

    def __init__(self, message: str, *, file: str | None = None, path: str | None = None):
        self.message = message
        self.file = file
        self.path = path
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [p for p in (self.file, self.path) if p]
        return ": ".join(parts + [self.message])


class UnknownNameError(ScenarioError):
    """A card, character or region name that the shipped data does not know."""

    def __init__(self, kind: str, name: str, suggestions: list[str], **kw):
        self.kind = kind
        self.name = name
        self.suggestions = list(suggestions)
        hint = ""
        if self.suggestions:
            hint = "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(f"unknown {kind} {name!r}{hint}", **kw)


class TooLargeError(PycombatError):
    """An input is refused up front because solving it would exceed a limit."""


class SolverError(PycombatError):
    """The ASP solver failed (a bug in an encoding, not the user's input)."""
