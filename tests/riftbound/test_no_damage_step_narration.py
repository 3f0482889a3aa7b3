"""RB-DMG-1 in the verify and odds notes: when the showdown leaves a side with no unit at the battlefield there is no
Combat Damage Step, so the notes say so and which side is gone (one side, or both), never that "every legal split
wipes out" a side with "0 >= their total lethal 0"."""
from __future__ import annotations

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.damage.outcome import outcome_classes, resolve
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.cards.showdown import play_showdown


def _doc(plays):
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": [{"name": "A2", "custom": True, "might": 2}]},
            "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1}]},
            "showdown": plays, "claims": [{"kind": "outcome", "outcome": "keep"}]}


ONE = _doc([{"play": "Gust", "by": "defender", "target": "A2"}])
BOTH = _doc([{"play": "Gust", "by": "defender", "target": "A2"}, {"play": "Gust", "by": "attacker", "target": "D1"}])


def _why(doc):
    s = scenario_from_dict(doc)
    return outcome_classes(play_showdown(s).board).explain(), [ln.text for ln in resolve(s).lines]


def test_one_side_gone_names_that_side_and_no_split():
    why, lines = _why(ONE)
    assert why == ("no Combat Damage Step, so no split is made: the attackers have no units left at the "
                   "battlefield (RB-DMG-1)")
    assert "total lethal" not in why
    assert "No damage step: the attackers have no units left at the battlefield." in lines


def test_both_sides_gone_says_both():
    why, lines = _why(BOTH)
    assert why == "no Combat Damage Step, so no split is made: neither side has units left at the battlefield (RB-DMG-1)"
    assert "No damage step: neither side has units left at the battlefield." in lines


def test_verify_note_reads_the_missing_damage_step():
    report = verbs.verify(scenario_from_dict(ONE))
    notes = " ".join(n for v in report.verdicts for n in v.notes)
    assert "0 >= their total lethal 0" not in notes and "no Combat Damage Step" in notes
