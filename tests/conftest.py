"""Shared test set-up: the two tiers of the suite and the hypothesis profiles.

``make test`` runs the quick tier: every test except those marked ``long``, hypothesis tests at the
``dev`` profile's scale (a quarter of their written example counts, :mod:`budget`). ``make
test-long`` runs the long tier: the tests marked ``long`` (listed in :data:`LONG`, each with what it
covers) and every hypothesis test again at the ``ci`` profile (half their written counts). CI runs
both; ``HYPOTHESIS_SCALE=1`` draws the full counts.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev"))

#: The long tier (``pytest -m long``): node-id prefixes, and what those tests cover.
LONG = {
    "tests/test_hostile_input.py::test_seeded_fuzz_cases": "the seeded hostile-input campaign: mutated examples "
                                                           "through every verb in forked children",
    "tests/test_oversized.py::": "oversized inputs refused up front or answered, each as a `python -m pycombat` "
                                 "subprocess under a hang limit",
    "tests/test_mutants.py::": "a sample of the mutation battery: rules removed, each mutant running the tests "
                               "that must turn red",
    "tests/test_web_e2e.py::": "the web page end to end in headless Chromium",
    "tests/test_reasons_minimal.py::": "minimal reasons: every verdict of every ruling example cites exactly the "
                                       "rules it rests on (counterfactuals computed per claim)",
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[phase2-optional":
        "the engine against plain expectiminimax on the largest variants (the others run in the quick tier)",
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[no-mp-clauses":
        "the engine against plain expectiminimax on the largest variants (the others run in the quick tier)",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.nodeid.startswith(prefix) for prefix in LONG):
            item.add_marker(pytest.mark.long)
