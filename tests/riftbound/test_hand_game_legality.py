"""What the showdown game from both hands may do, against the rules directly (not a brute force):

* a card chooses its units among those in play as it is played (RB-CARD-1): a unit killed, or returned to its
  owner's hand, before the card is played is none to choose. (Only a card already on the chain when its target
  leaves has no effect on it, RB-CARD-11.) An illegal play on a gone unit still counted as "a spell played" for
  "When you play a spell" triggers, which changed the value;
* verify reads the ``showdown:`` list as given: with hands in the file it names them and decides no claim about
  the board they could change (RB-CARD-4), as odds says.
"""
from __future__ import annotations

import itertools

import pycombat
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import PASS, ShowdownGame
from pycombat.games.riftbound.schema import scenario_from_dict

KILLS = Objective("kills_then_might")


def _game(doc: dict) -> ShowdownGame:
    s = scenario_from_dict(doc)
    return ShowdownGame(Lines(s), dict(s.hands), KILLS)


def _targets(actions) -> set[tuple[str, str]]:
    return {(a.card, t) for a in actions if a != PASS for t in a.targets}


def test_a_card_chooses_no_unit_that_died_before_it_was_played():
    doc = {"game": "riftbound", "attacker": {"units": ["Petty Officer"]},
           "defender": {"units": ["Vanguard Sergeant", "Pouty Poro"]},
           "hand": {"attacker": ["Incinerate", "Blood Money"], "defender": []}}
    game = _game(doc)
    st = game.new_initial_state()
    assert ("Blood Money", "Pouty Poro") in _targets(st.legal_actions())
    kill = next(a for a in st.legal_actions() if a != PASS and a.card == "Incinerate" and a.targets == ("Pouty Poro",))
    st = st.child(kill).child(PASS).child(PASS)  # the chain resolves: Pouty Poro is killed (RB-SHOW-3)
    assert not st.chain and st.mover == "defender"
    st = st.child(PASS)  # the defender holds no card; the attacker acts
    assert ("Blood Money", "Pouty Poro") not in _targets(st.legal_actions())
    assert ("Blood Money", "Vanguard Sergeant") not in _targets(st.legal_actions())  # Might 4: more than 2


def test_a_unit_returned_to_hand_is_no_target_and_fires_no_spell_trigger():
    """Gust returns Student A; Blood Money naming it afterwards would be illegal, yet it fired Student B's "When you
    play a spell" (+1) and changed the value: the optimum is now the one without Blood Money at all."""
    board = {"attacker": {"units": ["Garen - Commander", {"name": "Ravenbloom Student", "label": "Student A"},
                                    {"name": "Ravenbloom Student", "label": "Student B"}]},
             "defender": {"units": [{"name": "D9", "custom": True, "might": 9}]}}
    with_card = pycombat.load({"game": "riftbound", **board, "hand": {"attacker": ["Blood Money"],
                                                                        "defender": ["Gust"]}}).run("optimize")
    without = pycombat.load({"game": "riftbound", **board, "hand": {"attacker": [], "defender": ["Gust"]}}).run(
        "optimize")
    # Blood Money has no legal target on this board at any point (every unit in play has Might above 2)
    assert with_card.solution.value == without.solution.value
    assert not any("Blood Money" in o.label for _, d in with_card.solution.decisions for o in d.options)


def test_verify_with_hands_decides_no_board_claim():
    doc = {"game": "riftbound", "attacker": {"units": ["Petty Officer"]}, "defender": {"units": ["Vanguard Sergeant"]},
           "hand": {"attacker": ["Incinerate"], "defender": ["Incinerate"]},
           "claims": ["the attacker conquers", "the attacker assigns first"]}
    rep = pycombat.load(doc).run("verify")
    out = rep.to_json()
    assert [u["card"] for u in out["unmodelled"]] == ["hand"]
    assert [c["verdict"] for c in out["claims"]] == [None, True]  # the procedure is decided all the same
    odds = pycombat.load({k: v for k, v in doc.items() if k != "claims"}).run("odds").to_json()
    assert [u["card"] for u in odds["unmodelled"]] == ["hand"]


def test_the_units_a_play_may_name_are_those_in_play():
    """Every legal play of the first position names only units in play; the same after each line of two plays."""
    doc = {"game": "riftbound", "attacker": {"units": ["Petty Officer", "Pouty Poro"]},
           "defender": {"units": ["Vanguard Sergeant", "Stalwart Poro"]},
           "hand": {"attacker": ["Incinerate", "Gust"], "defender": ["Incinerate"]}}
    game = _game(doc)
    root = game.new_initial_state()
    seen = 0
    for a, b in itertools.product(root.legal_actions(), repeat=2):
        st = root
        for x in (a, PASS, PASS):
            if x not in st.legal_actions():
                break
            st = st.child(x)
        else:
            if not hasattr(st, "chain") or st.chain:
                continue
            progress = st.at.progress
            in_play = {*progress.present, *progress.base, *progress.away}
            for act in st.legal_actions():
                if act != PASS and not act.counter:
                    assert set(act.targets) <= in_play, (a, act)
                    seen += 1
    assert seen > 0


def test_a_card_countered_back_to_hand_may_be_played_again():
    """Abandon: "Counter a spell. Return it to its owner's hand instead of putting it in their trash" (RB-CARD-3).
    Incinerate on Daring Poro, countered back to Ann's hand; Bo has nothing left, so Ann plays it again: Daring Poro
    dies and Vanguard Sergeant (4) kills Stalwart Poro (3): the Attacker conquers whatever Bo does."""
    doc = {"game": "riftbound", "attacker": {"units": ["Vanguard Sergeant"]},
           "defender": {"units": ["Stalwart Poro", "Daring Poro"]},
           "hand": {"attacker": ["Incinerate"], "defender": ["Abandon"]}}
    game = _game(doc)
    st = game.new_initial_state()
    play = next(a for a in st.legal_actions() if a != PASS and a.targets == ("Daring Poro",))
    st = st.child(play).child(PASS)  # Ann keeps priority, then passes it (CR 337.1.c.3)
    abandon = next(a for a in st.legal_actions() if a != PASS and a.card == "Abandon")
    st = st.child(abandon).child(PASS).child(PASS)  # the chain resolves: Incinerate countered, back in Ann's hand
    assert st.hands == (("Incinerate",), ())
    assert "goes back to its owner's hand" in " ".join(ln.text for ln in st.at.showdown.lines)
    assert pycombat.load(doc).run("optimize", objective="conquer").solution.value == 1


def test_a_decree_of_rage_is_never_countered():
    """Decree of Rage: "This can't be countered. Deal 4 to an enemy Calm unit" (RB-CARD-3): Defy resolves and does
    nothing to it."""
    doc = {"game": "riftbound", "attacker": {"units": ["Vanguard Sergeant"]},
           "defender": {"units": ["Stalwart Poro", "Sunlit Guardian"]},
           "showdown": [{"play": "Decree of Rage", "by": "attacker", "target": "Sunlit Guardian"},
                        {"play": "Defy", "by": "defender", "target": "Decree of Rage"}]}
    from pycombat.games.riftbound.cards.showdown import play_showdown

    sd = play_showdown(scenario_from_dict(doc))
    assert "Sunlit Guardian" not in [u.name for u in sd.board.defender]
    assert any("can't be countered (its own text, RB-CARD-3)" in ln.text for ln in sd.lines)
    hands = {k: v for k, v in doc.items() if k != "showdown"}
    value = pycombat.load({**hands, "hand": {"attacker": ["Decree of Rage"], "defender": ["Defy"]}}).run(
        "optimize", objective="conquer").solution.value
    assert value == 1


def test_a_unit_returned_to_hand_may_be_played_again_by_its_owner():
    """Gust returns Soulspinner ([Ambush]: "play me as a [Reaction] to a battlefield where you have units") to Bo's
    hand (RB-CARD-7); Bo plays it again there (RB-CARD-16): 4 + 3 = 7 against Petty Officer's 6, so Gust does not
    win the battlefield, and the Attacker's best is worth 0."""
    doc = {"game": "riftbound", "attacker": {"units": ["Petty Officer"]},
           "defender": {"units": ["Vanguard Sergeant", "Soulspinner"]},
           "hand": {"attacker": ["Gust"], "defender": []}}
    game = _game(doc)
    st = game.new_initial_state()
    gust = next(a for a in st.legal_actions() if a != PASS and a.targets == ("Soulspinner",))
    st = st.child(gust).child(PASS).child(PASS)
    assert st.hands == ((), ("Soulspinner",)) and st.mover == "defender"
    assert any(a != PASS and a.card == "Soulspinner" for a in st.legal_actions())
    assert pycombat.load(doc).run("optimize", objective="conquer").solution.value == 0


def test_the_players_pools_are_named_under_stated_costs():
    """RB-CARD-2 with RB-CARD-4: under card_costs=stated the search pays every play in full; the players' Energy and
    runes are not in the scenario, which optimize names (under the default, costs are left out by the flag)."""
    doc = {"game": "riftbound", "attacker": {"units": ["Vanguard Sergeant"]},
           "defender": {"units": ["Pouty Poro", "Daring Poro"]}, "hand": {"attacker": ["Incinerate"], "defender": []}}
    stated = pycombat.load({**doc, "rules": {"card_costs": "stated"}}).run("optimize").to_json()
    assert any(u["what"].startswith("the Energy and runes") for u in stated["unmodelled"])
    default = pycombat.load(doc).run("optimize").to_json()
    assert not any(u["what"].startswith("the Energy and runes") for u in default["unmodelled"])


def test_a_swap_ability_is_offered_with_the_unit_it_swaps_with():
    """Azir, Ascendant: "[Action] — Choose a unit you control. Move me to its location and it to my original
    location" (RB-CARD-17, RB-CARD-7): the unit it chooses is the swap's other unit (the data's ``with``). Azir (5)
    alone against A7, D9 at the base: the Defender swaps D9 in, which kills A7 and keeps the battlefield."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A7", "custom": True, "might": 7}]},
           "defender": {"units": ["Azir - Ascendant"], "base": [{"name": "D9", "custom": True, "might": 9}]},
           "hand": {"attacker": [], "defender": []}}
    out = pycombat.load(doc).run("optimize").to_json()
    assert "defender uses Azir - Ascendant's ability on D9" in [step["action"] for step in out["line"]]
    assert out["outcome"] == "keep"
