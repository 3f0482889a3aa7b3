"""Count fixtures (like python-chess's perft tables) for the shipped MECCG scenarios.

Complete-assignment counts per flag setting; trace counts for the Wind Throne. The small
ones are also recomputed by the brute-force replay of tests/meccg/oracle_meccg.py.
"""
from __future__ import annotations

import math

import pytest

from oracle_meccg import replay, strikes_and_targets
from pycombat.games.meccg.assignment.legal import LegalAssignments, LegalTraces, example_path
from pycombat.games.meccg.schema import load_scenario

# (file, phase2_assignment, site_barred_ally_strikes) -> (complete assignments, traces or None)
PERFT = {
    ("wind_throne.yaml", "mandatory", "strike"): (288, 1008),  # the digest's 288 (MECCG-ASSIGN-7)
    ("wind_throne.yaml", "optional", "strike"): (720, 20832),  # the digest's 720
    ("wind_throne.yaml", "mandatory", "none"): (120, 480),  # CoE: Blackbole commits no strike
    ("wind_throne.yaml", "optional", "none"): (120, 2760),
    # traces counted from orbit sizes; each number also counted answer by answer by clingo (16 s and 143 s)
    ("eight_vs_eight.yaml", "mandatory", "none"): (math.factorial(8), 645_120),
    ("eight_vs_eight.yaml", "optional", "none"): (math.factorial(8), 5_944_896),
    ("ten_vs_ten.yaml", "mandatory", "none"): (math.factorial(10), None),
}


def load(name, p2, sb):
    return load_scenario(example_path(name), {"phase2_assignment": p2, "site_barred_ally_strikes": sb})


@pytest.mark.parametrize("key", list(PERFT), ids=lambda k: "-".join(k))
def test_perft_counts(key):
    complete, traces = PERFT[key]
    s = load(*key)
    assert LegalAssignments(s).count() == complete
    if traces is not None:
        assert LegalTraces(s).count() == traces


@pytest.mark.parametrize("key", [k for k, v in PERFT.items() if v[1] is not None and v[1] < 100_000],
                         ids=lambda k: "-".join(k))
def test_perft_small_counts_by_bruteforce(key):
    """The fixture numbers themselves, recomputed by replaying the phases."""
    name, p2, sb = key
    s = load(*key)
    members = lambda c: [{"name": m.name, "status": m.status, "site_barred": m.may_not_face_strikes_at_site,
                          "may_not_be_attacked": m.may_not_be_attacked} for m in c.members]
    strikes, targets = strikes_and_targets(members(s.attacker), members(s.defender), sb)
    completes, traces = replay(strikes, targets, p2)
    assert (len(completes), len(traces)) == PERFT[key]


def test_wind_throne_288_breakdown():
    """MECCG-ASSIGN-7: of the 288, 240 leave a tapped member's strike as the excess and 48 an
    untapped one (Bob gave Aragorn and Éomer the two tapped strikes in phase I)."""
    s = load("wind_throne.yaml", "mandatory", "strike")
    tapped = {m.name for m in s.attacker.members if m.status != "untapped"}
    options = list(LegalAssignments(s))
    assert len(options) == 288
    assert all(len(o.excess) == 1 for o in options)
    by_tapped = sum(1 for o in options if o.excess[0] in tapped)
    assert (by_tapped, len(options) - by_tapped) == (240, 48)
    for o in options:
        if o.excess[0] not in tapped:
            assert {o.target_of(t) for t in tapped} == {"Aragorn II", "Éomer"}


def test_wind_throne_seed_assignment_is_legal():
    """The seed's own assignment (Aragorn <- Shagrat, Éomer <- Horseman, Frodo <- Blackbole,
    Gimli <- Old Troll, Gandalf <- Lagduf; Odoacer excess) is among them."""
    from pycombat.games.meccg.assignment.legal import Assignment

    s = load("wind_throne.yaml", "mandatory", "strike")
    seed = Assignment((("Lagduf", "Gandalf"), ("Old Troll", "Gimli"), ("Shagrat", "Aragorn II"),
                       ("Blackbole", "Frodo"), ("Horseman in the Night", "Éomer")), ("Odoacer",))
    view = LegalAssignments(s)
    assert seed in view
    assert seed in set(view)
