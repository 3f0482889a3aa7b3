"""RB-CARD-2 with RB-CARD-8: an entry's `condition:` contradicting its player's XP after an XP cost spent earlier in
the showdown is refused naming the XP the file states and what is left after whose spend."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound import verbs


def test_the_refusal_names_the_stated_xp_and_the_spend():
    doc = {"game": "riftbound",
           "attacker": {"player": "Ann", "xp": 7,
                        "units": ["Kha'Zix, Evolving Hunter", {"name": "A2", "custom": True, "might": 2}]},
           "defender": {"player": "Bo", "units": [{"name": "D9", "custom": True, "might": 9},
                                                  {"name": "D3", "custom": True, "might": 3}]},
           "showdown": [{"trigger": "Kha'Zix, Evolving Hunter", "target": "D3", "paid": {"xp": 3}},
                        {"play": "Combat Experience", "by": "attacker", "target": "A2", "condition": True}]}
    with pytest.raises(ScenarioError, match=r"attacker\.xp: 7, 4 after Kha'Zix, Evolving Hunter's spend of 3 "
                                            r"\(\"Level 6\" does not hold\)"):
        verbs.odds(scenario_from_dict(doc))
