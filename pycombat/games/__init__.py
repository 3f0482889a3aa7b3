"""Per-game packages: each registers itself with :mod:`pycombat.registry` (see docs/architecture.md).

This package's ``__init__`` names no game: the registry lists its subpackages without importing them,
and :func:`pycombat.load` reads a scenario of any of them.
"""
