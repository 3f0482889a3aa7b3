"""A combat trigger that must stun "an enemy unit here" (Leona, Determined) resolves by itself only when the one unit it
changes takes the stun: when that unit's own replacement turns the stun into +3 Might (Gangplank, Naval, Empowered,
RB-CARD-9), an enemy unit stunned already is a legal choice as well (RB-CARD-1), so the target is the player's."""
from __future__ import annotations

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(**extra) -> dict:
    return {"game": "riftbound", "title": "Leona against Gangplank and a stunned unit",
            "attacker": {"player": "Ann", "units": ["Leona - Determined", {"name": "A4", "custom": True, "might": 4}]},
            "defender": {"player": "Bo", "units": [{"name": "Gangplank, Naval", "empowered": True},
                                                   {"name": "D2", "custom": True, "might": 2, "stunned": True}]},
            **extra}


def test_the_target_is_the_players_not_forced_onto_the_replacing_unit():
    sd = play_showdown(scenario_from_dict(_doc()))
    assert [u["card"] for u in sd.unmodelled_json()] == ["Leona - Determined"]
    assert next(u for u in sd.board.defender if u.name == "Gangplank, Naval").might == 6


def test_verify_does_not_decide_the_outcome_the_choice_changes():
    doc = _doc(claims=[{"id": "c", "claim": "the attacker conquers the battlefield"}])
    (verdict,) = verbs.verify(scenario_from_dict(doc)).verdicts
    assert verdict.verdict is None  # not decided: stunning D2 conquers, stunning Gangplank does not


def test_optimize_offers_both_targets_and_stuns_the_stunned_unit():
    report = verbs.optimize(scenario_from_dict(_doc(hand={"attacker": [], "defender": []})))
    first = report.solution.decisions[0][1]
    values = {o.label: o.value for o in first.options}
    assert set(values) == {"attacker states Leona - Determined's combat trigger on D2",
                           "attacker states Leona - Determined's combat trigger on Gangplank, Naval"}
    # on D2: Gangplank stays 6, 8 >= 6 + 2 and 6 < 4 + 4: the Attacker kills both (2 x 35 + 8) and loses Leona (35 + 4)
    assert report.solution.value == 34
    assert values["attacker states Leona - Determined's combat trigger on D2"] == 34
