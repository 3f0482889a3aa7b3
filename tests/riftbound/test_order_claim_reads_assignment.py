"""RB-ORD-2, RB-ORD-4: "X must get lethal damage before Y gets any" is about the order of assignment, also when the
damage kills every target: with a Tank T, "T before N" holds (RB-ORD-2) and "N before T" does not; two units of one
priority may be taken in either order (RB-ORD-4), so neither "must" claim holds."""
from __future__ import annotations

import pytest

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict


def _verdicts(defenders, claims):
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A5", "custom": True, "might": 5}]},
           "defender": {"units": defenders}, "claims": [{"id": str(i), "claim": c} for i, c in enumerate(claims)]}
    return [(v.verdict, tuple(v.rules)) for v in verbs.verify(scenario_from_dict(doc, file="<t>")).verdicts]


def test_a_tank_comes_first_even_when_every_target_dies():
    got = _verdicts([{"name": "T", "custom": True, "might": 2, "keywords": ["Tank"]},
                     {"name": "N", "custom": True, "might": 2}],
                    ["T must get lethal damage before N gets any", "N must get lethal damage before T gets any"])
    assert [v for v, _ in got] == [True, False]
    assert all("RB-ORD-2" in rules for _, rules in got)


@pytest.mark.parametrize("claim", ["A3 must get lethal damage before A2 gets any",
                                   "A2 must get lethal damage before A3 gets any"])
def test_units_of_one_priority_need_no_order_even_when_both_die(claim):
    got = _verdicts([{"name": "A3", "custom": True, "might": 3}, {"name": "A2", "custom": True, "might": 2}],
                    [claim, "A3 and A2 may be assigned damage in either order"])
    assert [v for v, _ in got] == [False, True]
    assert "RB-ORD-4" in got[0][1]
