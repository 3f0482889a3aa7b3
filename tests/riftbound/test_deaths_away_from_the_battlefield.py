"""RB-MIGHT-1: a unit killed at its base or at another battlefield during the showdown dies, as one killed at the
battlefield does, for every verb: `verify`'s "X dies" / "X survives" / "X can survive" read the showdown's removals
through one function (:func:`pycombat.games.riftbound.model.died`), and so does the showdown game's score. That holds
for a unit a card's damage kills at its base (Final Spark), one a fight kills there (Marching Orders, Challenge) and
one a card kills there outright (Deathgrip); a unit returned to its hand from its base did not die."""
from __future__ import annotations

import pytest
import yaml

import pycombat
from pycombat.games.riftbound.model import died
from pycombat.games.riftbound.play.score import showdown_losses
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

A2 = {"name": "A2", "custom": True, "might": 2}
D5 = {"name": "D5", "custom": True, "might": 5}


def _doc(showdown, base=None, defenders=(D5,), claims=()):
    return {"game": "riftbound", "battlefield": "Zaun Warrens",
            "attacker": {"player": "Ann", "units": [A2], "base": [base or {"name": "AB", "custom": True, "might": 4}]},
            "defender": {"player": "Bo", "units": list(defenders)}, "showdown": list(showdown),
            "claims": [{"claim": c} for c in claims]}


def _verdicts(tmp_path, doc):
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(doc, sort_keys=False))
    return [v.verdict for v in pycombat.load(str(f)).verify().verdicts]


FATE = ("AB dies", "AB survives", "AB can survive", "AB can die")


@pytest.mark.parametrize("showdown,defenders", [
    ([{"play": "Final Spark", "by": "defender", "target": "AB"}], (D5,)),  # 8 damage at its base
    ([{"play": "Marching Orders", "by": "attacker", "target": ["AB", "D5"]}], (D5,)),  # a fight at its base: 5 on 4
    ([{"play": "Challenge", "by": "defender", "target": ["D5", "AB"]}], (D5,)),  # the same, by the defender
    ([{"play": "Deathgrip", "by": "attacker", "target": ["AB", "A2"]}], (D5,)),  # killed outright, at its base
], ids=["final_spark", "marching_orders", "challenge", "deathgrip"])
def test_a_unit_killed_at_its_base_dies(tmp_path, showdown, defenders):
    assert _verdicts(tmp_path, _doc(showdown, defenders=defenders, claims=FATE)) == [True, False, False, True]


def test_a_unit_returned_to_hand_from_its_base_survives(tmp_path):
    doc = _doc([{"play": "Retreat", "by": "attacker", "target": "AB"}], claims=FATE)
    assert _verdicts(tmp_path, doc) == [False, True, True, False]


def test_the_showdown_records_a_kill_at_a_base_as_a_death():
    sd = play_showdown(scenario_from_dict(_doc([{"play": "Deathgrip", "by": "attacker", "target": ["AB", "A2"]}]),
                                          file="<t>"))
    assert ("AB", "attacker", "killed at its base") in sd.board.removed
    sd = play_showdown(scenario_from_dict(_doc([{"play": "Retreat", "by": "attacker", "target": "AB"}]), file="<t>"))
    assert ("AB", "attacker", "returned to its owner's hand") in sd.board.removed


@pytest.mark.parametrize("how,dead", [("killed", True), ("killed at its base", True),
                                      ("killed at another battlefield", True), ("recalled", False),
                                      ("recalled instead of dying", False), ("returned to its owner's hand", False),
                                      ("banished", False), ("put into its deck", False)])
def test_which_removals_are_deaths(how, dead):
    assert died(how) is dead


def test_the_showdown_game_counts_a_kill_at_a_base_as_a_loss():
    class Progress:  # the state the game reads: the showdown's removals and the units' records
        def __init__(self, sd):
            self.removed, self.units = sd.board.removed, sd.units

    sd = play_showdown(scenario_from_dict(_doc([{"play": "Deathgrip", "by": "attacker", "target": ["AB", "A2"]}]),
                                          file="<t>"))
    lost = showdown_losses(Progress(sd))
    assert [(x.name, x.might) for x in lost["attacker"]] == [("AB", 4)] and lost["defender"] == ()
