"""Reading a Riftbound scenario, claims included: the game's registered reader (``Game.read``).

The scenario reader (:mod:`.schema`) and the claims (:mod:`.claims`) are kept apart; they meet here. The
``claims:`` entries are read (:func:`pycombat.verdicts.parse_claims`, with the claim book's checks of each kind's
fields) as soon as the scenario is built, so a bad entry is refused by every verb and by ``pycombat.load()``, not
only by ``verify``.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...verdicts import parse_claims
from .claims import book
from .model import Scenario
from .schema import scenario_from_dict as _scenario_from_dict


def scenario_from_dict(data: Mapping[str, Any], *, file: str | None = None,
                       flag_overrides: Mapping[str, str] | None = None) -> Scenario:
    """:func:`.schema.scenario_from_dict`, then its claims read (an error names the entry and field)."""
    scenario = _scenario_from_dict(data, file=file, flag_overrides=flag_overrides)
    if scenario.claims:
        parse_claims(scenario.claims, book(), scenario)
    return scenario
