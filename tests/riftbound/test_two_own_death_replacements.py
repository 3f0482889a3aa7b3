"""CR 372 (RB-CARD-12): two death replacements a unit was given (Smite's "If it would die this turn, banish it
instead", Highlander's "The next time it would die this turn, heal it, exhaust it, and recall it instead") both apply
to its death; its controller chooses which. With different results (banished or recalled) the choice is NOT
MODELLED (RB-CARD-4), as it is for a unit's own replacement and one on the board (Smite and Soraka). Either way the
unit does not die: a claim that it dies is decided all the same. With the same result (Highlander and Tactical
Retreat both recall it) there is nothing to choose."""
from __future__ import annotations

from pycombat import api

WHAT = "whether it or Smite replaces D5's death"


def _doc(second: str) -> dict:
    """Smite's 3 leaves D5 (Might 5) alive; the second card marks it too; A4's combat damage would kill it."""
    return {"game": "riftbound", "battlefield": "X",
            "attacker": {"player": "Ann", "units": [{"name": "A4", "custom": True, "might": 4}]},
            "defender": {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]},
            "showdown": [{"play": "Smite", "by": "attacker", "target": "D5"},
                         {"play": second, "by": "defender", "target": "D5"}],
            "claims": [{"id": "dies", "claim": "D5 dies"}]}


def test_banish_or_recall_is_its_controllers_choice_and_named():
    doc = _doc("Highlander")
    items = api.load(doc).odds().to_json()["unmodelled"]
    assert [(u["card"], u["what"]) for u in items] == [("Highlander", WHAT)]
    [claim] = api.load(doc).verify().to_json()["claims"]
    assert claim["verdict"] is False
    assert any("either replacement takes the place of D5's death" in n for n in claim["notes"])


def test_the_same_result_leaves_nothing_to_choose():
    """Tactical Retreat and Highlander on a unit Smite did not mark: both recall it, one result."""
    doc = _doc("Highlander")
    doc["showdown"] = [{"play": "Tactical Retreat", "by": "defender", "target": "D5"},
                       {"play": "Highlander", "by": "defender", "target": "D5"}]
    assert api.load(doc).odds().to_json()["unmodelled"] == []
