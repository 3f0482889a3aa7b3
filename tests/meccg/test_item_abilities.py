"""Item abilities read from items.json tags (MECCG-FX-3): a skill the bearer gains (the Magic Rings of
Courage, Stealth, Nature and their minion versions) counts for every card and rule that asks for it,
and a bonus "only if the bearer is already a warrior" asks for his own skill; a strike against the
bearer that fails costs the striker on his body check (Scabbard of Chalcedony, Stabbing Tongue of
Fire)."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _doc(member, items, *, attacker="Lagduf", attacker_items=(), hero=True):
    me = {"name": member, "items": list(items)}
    foe = {"name": attacker, "items": list(attacker_items)}
    heroes = {"alignment": "hero", "site": "Moria", "members": [me, "Aragorn II"]}
    minions = {"alignment": "minion", "site": "Moria", "members": [foe]}
    return {"game": "meccg", "attacker": minions, "defender": heroes,
            "combat": {"strikes": [{"defender": member, "attacker": attacker}]}}


def _setup(doc):
    return combat_odds(scenario_from_dict(doc, file="<t>")).setups[0]


@pytest.mark.parametrize("member, warrior", [("Frodo", False), ("Gimli", True)])
def test_the_ring_of_courage_makes_a_warrior_and_gives_a_warrior_its_plus_two(member, warrior):
    s = scenario_from_dict(_doc(member, ["Magic Ring of Courage"]), file="<t>")
    assert "Warrior" in s.defender.member(member).skills
    gain = _setup(_doc(member, ["Magic Ring of Courage"])).defender.prowess - _setup(_doc(member, [])).defender.prowess
    assert gain == (2 if warrior else 0)
    risky = Claim(id="c", kind="playable_at_step", text="", args={"card": "Risky Blow", "step": 6, "defender": member,
                                                                  "attacker": "Lagduf"})
    assert verify(s, [risky])[0].verdict is True
    if not warrior:
        plain = scenario_from_dict(_doc(member, []), file="<t>")
        assert verify(plain, [risky])[0].verdict is False


def test_the_ring_of_stealth_makes_a_scout_who_can_pay_a_scouts_cost():
    """Concealment costs "tap a scout" (MECCG-FX-15): Gimli may pay it only with the ring."""
    claim = Claim(id="c", kind="cancels_attack", text="", args={"card": "Concealment", "from": "Gimli"})
    doc = _doc("Gimli", ["Magic Ring of Stealth"])
    assert verify(scenario_from_dict(doc, file="<t>"), [claim])[0].verdict is True
    assert verify(scenario_from_dict(_doc("Gimli", []), file="<t>"), [claim])[0].verdict is False


def test_a_failed_strike_against_the_bearer_costs_the_striker_on_his_body_check():
    with_ = _setup(_doc("Aragorn II", ["Scabbard of Chalcedony"], attacker="Lagduf"))
    plain = _setup(_doc("Aragorn II", [], attacker="Lagduf"))
    assert with_.attacker.body == plain.attacker.body - 1
    doc = {"game": "meccg",
           "attacker": {"alignment": "balrog", "site": "Moria",
                        "members": [{"name": "BA-3", "items": ["Stabbing Tongue of Fire"]}]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "The Balrog"}]}}
    s = _setup(doc)
    doc["attacker"]["members"] = ["BA-3"]
    assert s.defender.body_roll_mod == _setup(doc).defender.body_roll_mod + 1


@pytest.mark.parametrize("status", ["untapped", "tapped"])
def test_an_items_unmodelled_cancel_leaves_its_claim_undecided(status):
    """The Iron Crown's bearer taps to cancel an Orc, Troll or Man attack: the tap is not modelled, so
    whether the Crown cancels is not decided (a tapped bearer could not pay it), never TRUE."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Aragorn II", "status": status, "items": ["The Iron Crown"]}]}}
    s = scenario_from_dict(doc, file="<t>")
    v = verify(s, [Claim(id="c", kind="cancels_attack", text="", args={"card": "The Iron Crown"})])[0]
    assert v.verdict is None and any("cancel-attack" in u["what"] for u in v.unmodelled)


def _two(defender_items=(), attacker_items=(), defender_cards=(), attacker_cards=(), status="untapped", **choice):
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria",
                        "members": [{"name": "Shagrat", "items": list(attacker_items)}]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Gimli", "status": status, "items": list(defender_items)}]},
           "combat": {"strikes": [{"defender": "Gimli", "attacker": "Shagrat", "defender_cards": list(defender_cards),
                                   "attacker_cards": list(attacker_cards), **choice}]}}
    return scenario_from_dict(doc, file="<t>")


def test_items_used_as_cards_act_once_when_used():
    """The Magic Ring of Stealth: its scout bearer taps to cancel a strike against him; Poison is
    discarded for -1/-2 to one strike against its bearer, and does nothing while only carried."""
    from pycombat.errors import ScenarioError

    assert combat_odds(_two(["Magic Ring of Stealth"], defender_cards=["Magic Ring of Stealth"])).setups[0].cancelled_by
    with pytest.raises(ScenarioError, match="untapped"):
        combat_odds(_two(["Magic Ring of Stealth"], defender_cards=["Magic Ring of Stealth"], status="tapped"))
    plain = combat_odds(_two()).setups[0]
    carried = combat_odds(_two(attacker_items=["Poison"])).setups[0]
    used = combat_odds(_two(attacker_items=["Poison"], attacker_cards=["Poison"])).setups[0]
    assert (carried.defender.prowess, carried.defender.body) == (plain.defender.prowess, plain.defender.body)
    assert (used.defender.prowess, used.defender.body) == (plain.defender.prowess - 1, plain.defender.body - 2)


def test_the_mechanical_bow_lowers_the_body_of_a_strike_its_bearer_taps_to_face():
    def attacker_body(**choice):
        doc = {"game": "meccg",
               "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
               "defender": {"alignment": "minion", "site": "Moria",
                            "members": [{"name": "Lagduf", "items": ["Mechanical Bow"]}]},
               "combat": {"strikes": [{"defender": "Lagduf", "attacker": "Shagrat", **choice}]}}
        return combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].attacker.body
    assert attacker_body() == attacker_body(defender_untapped=True) - 1
