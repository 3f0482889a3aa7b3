"""How many examples each hypothesis test draws: its full count scaled by the profile.

The full counts are written in the tests (``examples(520)``); the ``dev`` profile (the default)
draws 10% of them (at least 10), the ``ci`` profile (``CI=true``) half, the ``explore`` profile (fresh random
examples, ``make test-explore``) twice, and ``HYPOTHESIS_SCALE=1`` (or more) the full count.
"""
from __future__ import annotations

import os

_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev")
SCALE = float(os.environ.get("HYPOTHESIS_SCALE") or {"ci": 0.5, "explore": 2.0}.get(_PROFILE, 0.1))


def examples(n: int) -> int:
    """``n`` scaled by the profile, at least 10 (or ``n`` when it is smaller)."""
    return max(min(n, 10), round(n * SCALE))
