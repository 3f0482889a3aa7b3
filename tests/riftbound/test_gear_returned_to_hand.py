"""A gear returned to its owner's hand (Factory Recall: "Return a gear to its owner's hand", RB-CARD-22) is a card of
that hand again: in the showdown game from both hands (optimize, tree) its player may play it again when a showdown
lets him (a Quick-Draw Equipment has Reaction, RB-SHOW-4; a Normal-speed one only with a unit giving his Equipment
[Quick-Draw], RB-CARD-9), as a card countered back to its hand may (RB-CARD-3). The game and verify reading the same
line written out in ``showdown:`` agree on the outcome."""
from __future__ import annotations

import pycombat
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import PASS, ShowdownGame
from pycombat.games.riftbound.schema import scenario_from_dict

KILLS = Objective("kills_then_might")


def _doc(equipment: str = "Long Sword", attacker_hand=(), base=()) -> dict:
    doc = {"game": "riftbound", "battlefield": "Zaun Warrens",
           "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3,
                                                    "equipment": [equipment]}]},
           "defender": {"player": "Bo", "units": [{"name": "D4", "custom": True, "might": 4}]},
           "hand": {"attacker": list(attacker_hand), "defender": ["Factory Recall"]}}
    if base:
        doc["attacker"]["base"] = list(base)
    return doc


def _after_recall(doc: dict):
    """The game once Bo played Factory Recall on A3's Equipment and the chain resolved."""
    s = scenario_from_dict(doc)
    st = ShowdownGame(Lines(s), dict(s.hands), KILLS).new_initial_state().child(PASS)  # Ann passes Focus
    recall = next(a for a in st.legal_actions() if a != PASS and a.card == "Factory Recall")
    return st.child(recall).child(PASS).child(PASS)


def test_a_quick_draw_equipment_returned_to_hand_is_in_its_owners_hand():
    st = _after_recall(_doc())
    assert st.hands == (("Long Sword",), ())
    assert st.mover == "attacker"
    replay = [a for a in st.legal_actions() if a != PASS and a.card == "Long Sword"]
    assert [a.targets for a in replay] == [("A3",)]


def test_the_owner_plays_the_returned_quick_draw_equipment_again():
    """A3 (3) with Long Sword (+2) against D4: Factory Recall takes the Sword off, Ann plays it again (Reaction): A3 at
    Might 5 kills D4 and survives. Worth 18 to the Attacker (D4 lost: 14 + 4), conquering."""
    game = pycombat.load(_doc())
    assert game.run("optimize").solution.value == 18
    assert game.run("optimize", objective="conquer").solution.value == 1


def test_the_returned_equipment_is_offered_beside_the_other_hand_cards():
    """With Stupefy in Ann's hand too, the Sword is still hers to play again: the Attacker's best is 18, not 0."""
    assert pycombat.load(_doc(attacker_hand=["Stupefy"])).run("optimize").solution.value == 18


def test_the_game_and_verify_agree_on_the_line_written_out():
    doc = _doc()
    del doc["hand"]
    doc["showdown"] = [{"play": "Factory Recall", "by": "defender", "target": "Long Sword", "from": "A3"},
                       {"play": "Long Sword", "by": "attacker", "target": "A3"}]
    doc["claims"] = [{"claim": "the attacker conquers"}]
    verdicts = pycombat.load(doc).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [True]
    assert pycombat.load(_doc()).run("optimize", objective="conquer").solution.value == 1


def test_a_normal_speed_equipment_returned_to_hand_offers_no_play():
    """B.F. Sword (+3, no [Quick-Draw]) cannot be played in a showdown (RB-SHOW-4): back in Ann's hand it is no card
    she may play, and A3 at 3 loses to D4."""
    st = _after_recall(_doc("B.F. Sword"))
    assert not [a for a in st.legal_actions() if a != PASS and a.card == "B.F. Sword"]
    assert pycombat.load(_doc("B.F. Sword")).run("optimize", objective="conquer").solution.value == 0


def test_a_normal_speed_equipment_returned_with_a_quick_draw_giver_may_be_played_again():
    """Jax, Unmatched (at Ann's base) gives her Equipment [Quick-Draw] (RB-CARD-9): B.F. Sword back in her hand has
    Reaction and she plays it again on A3 (6 against 4)."""
    doc = _doc("B.F. Sword", base=["Jax - Unmatched"])
    st = _after_recall(doc)
    assert ("A3",) in [a.targets for a in st.legal_actions() if a != PASS and a.card == "B.F. Sword"]
    assert pycombat.load(doc).run("optimize", objective="conquer").solution.value == 1
