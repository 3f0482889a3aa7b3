"""Cards in play placed on one member (``{card, member}``, MECCG-FX-7/9/11): Gloom, Freeze the Flesh,
By the Ringwraith's Word and To Fealty Sworn act on that member only; To Fealty Sworn's warrior
skill counts for every card that asks for it; a card listed without its member is named as not
modelled and applied to nobody."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

HEROES = ["Aragorn II", "Gimli", "Frodo", "Legolas"]


def _doc(placed=(), hero_placed=(), strikes=None):
    strikes = strikes or [{"defender": "Gimli", "attacker": "Lagduf"}, {"defender": "Frodo", "attacker": "Shagrat"},
                          {"defender": "Aragorn II", "attacker": "Gorbag"}]
    return {"game": "meccg", "in_play": list(placed),
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat", "Gorbag"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": HEROES[:3], "in_play": list(hero_placed)},
            "combat": {"strikes": strikes}}


def _prowess(doc) -> dict:
    co = combat_odds(scenario_from_dict(doc, file="<t>"))
    return {s.defender.member.name: (s.defender.prowess, s.defender.body) for s in co.setups}


@settings(max_examples=examples(20), deadline=None)
@given(st.sampled_from(HEROES[:3]), st.sampled_from(["Gloom", "Freeze the Flesh"]))
def test_a_placed_card_acts_on_its_member_only(member, card):
    plain = _prowess(_doc())
    got = _prowess(_doc(placed=[{"card": card, "member": member}]))
    # Gloom lasts until the end of the turn: on a defending member it ended with an earlier turn (MECCG-FX-7)
    change = {"Gloom": (0, 0), "Freeze the Flesh": (-1, -2)}[card]
    for name, (p, b) in got.items():
        want = (plain[name][0] + change[0], plain[name][1] + change[1]) if name == member else plain[name]
        assert (p, b) == want, name


def test_a_card_without_its_member_acts_on_nobody_and_is_named():
    doc = _doc(placed=["Gloom"])
    assert _prowess(doc) == _prowess(_doc())
    s = scenario_from_dict(doc, file="<t>")
    assert [(u["card"], u["what"]) for u in unmodelled(s)] == [("Gloom", "on which member")]
    c = Claim(id="c", kind="final_prowess", text="", args={"character": "Gimli", "strike": 1, "value": 6})
    assert verify(s, [c])[0].verdict is None


def test_to_fealty_sworn_makes_its_hobbit_a_warrior_for_every_card():
    risky = Claim(id="c", kind="playable_at_step", text="", args={"card": "Risky Blow", "step": 6,
                                                                  "defender": "Frodo", "attacker": "Shagrat"})
    plain = scenario_from_dict(_doc(), file="<t>")
    sworn = scenario_from_dict(_doc(hero_placed=[{"card": "To Fealty Sworn", "member": "Frodo"}]), file="<t>")
    assert verify(plain, [risky])[0].verdict is False
    assert verify(sworn, [risky])[0].verdict is True
    assert "Warrior" in sworn.defender.member("Frodo").skills
    assert _prowess(_doc(hero_placed=[{"card": "To Fealty Sworn", "member": "Frodo"}]))["Frodo"][0] == \
        _prowess(_doc())["Frodo"][0] + 2
    with pytest.raises(ScenarioError, match="To Fealty Sworn is not played on Gimli: it needs race=Hobbit"):
        scenario_from_dict(_doc(hero_placed=[{"card": "To Fealty Sworn", "member": "Gimli"}]), file="<t>")


def test_by_the_ringwraiths_word_keeps_its_orc_from_his_discard_number():
    doc = _doc(placed=[{"card": "By the Ringwraith's Word", "member": "Lagduf"}])
    co = combat_odds(scenario_from_dict(doc, file="<t>"))
    plain = combat_odds(scenario_from_dict(_doc(), file="<t>"))
    assert plain.setups[0].attacker.discard_on and not co.setups[0].attacker.discard_on


def test_a_placed_card_names_a_member_and_is_one_that_is_placed():
    with pytest.raises(ScenarioError, match="'Gimly' is not a member; did you mean 'Gimli'"):
        scenario_from_dict(_doc(placed=[{"card": "Gloom", "member": "Gimly"}]), file="<t>")
    with pytest.raises(ScenarioError, match="Doors of Night is not placed on a member"):
        scenario_from_dict(_doc(placed=[{"card": "Doors of Night", "member": "Gimli"}]), file="<t>")


def test_a_scenario_with_placed_cards_pickles_and_copies():
    """Batch workers and the web page's worker processes receive scenarios pickled."""
    import copy
    import pickle

    s = scenario_from_dict(_doc(placed=[{"card": "Gloom", "member": "Gimli"}]), file="<t>")
    for t in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
        assert (t.in_play[0].name, t.in_play[0].on) == ("Gloom", "Gimli") and t == s


def test_the_card_lookup_says_how_a_card_is_placed_and_what_it_gives():
    from pycombat.games.meccg.cards.lookup import card_lines, card_report

    text = "\n".join(card_lines(card_report("To Fealty Sworn")))
    assert "{card: To Fealty Sworn, member: <member>}" in text and "gives its member the Warrior skill" in text
    assert "gives its bearer the Scout skill" in "\n".join(card_lines(card_report("Magic Ring of Stealth")))


@pytest.mark.parametrize("prowess, expected", [(6, 11), (3, 8), (9, 11), (11, 12)])
def test_anduril_placed_with_narsil_gives_its_bearer_four_up_to_eleven(prowess, expected):
    """Andúril (TW-192), placed with Narsil: +4 to its bearer after Narsil's +1, never past 11 and never lowering (MECCG-FX-2/7)."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Aragorn II", "prowess": prowess, "items": ["Narsil"]}],
                        "in_play": [{"card": "Andúril, the Flame of the West", "member": "Aragorn II"}]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Lagduf"}]}}
    assert _prowess(doc)["Aragorn II"][0] == expected
    assert unmodelled(scenario_from_dict(doc, file="<t>")) == []
    doc["defender"]["members"][0]["items"] = []
    with pytest.raises(ScenarioError, match="carries=Narsil"):
        scenario_from_dict(doc, file="<t>")
