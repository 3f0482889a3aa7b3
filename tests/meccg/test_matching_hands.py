"""Cards in hand in the strike-by-strike solver (pycombat/games/meccg/combat/matching.py).

When every card in the hands acts on the strike it is played in only, a strike's dice leave the
next position unchanged, so the strikes after phase III are a game without chance over the cards
(MECCG-SEQ-1/2/7). Hypothesis draws small combats (1-3 members a side, 0-2 strike cards a hand)
and checks the solver against the engine's full game (:func:`solve_combat`, exact expectiminimax
over every move and roll): the same value, and the same value for every phase-I choice, as
Fractions. The cards that make strikes depend on each other are refused, each with its reason.
"""
from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st
import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.legal import judge_attack
from pycombat.games.meccg.combat.game import CvccGame, Objective
from pycombat.games.meccg.combat.matching import _Matching, fast_reason, hand_reason, solve_fast
from pycombat.games.meccg.combat.optimize import first_choices, solve_combat
from pycombat.games.meccg.schema import scenario_from_dict
from budget import examples  # noqa: E402

STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])
ATTACKER_CARDS = ["Swift Strokes", "Bold Thrust", "Orc Stealth"]
DEFENDER_CARDS = ["Risky Blow", "Dodge", "Lucky Strike"]


@st.composite
def combats(draw):
    def member(prefix, i, race, skills):
        return {"name": f"{prefix}{i}", "custom": True, "status": draw(STATUS), "prowess": draw(st.integers(1, 8)),
                "body": draw(st.integers(5, 9)), "race": race, "mp": draw(st.integers(0, 3)),
                "skills": draw(st.lists(st.sampled_from(skills), unique=True, max_size=2))}

    att = [member("A", i, "Orc", ["Warrior", "Scout"]) for i in range(draw(st.integers(1, 3)))]
    dfn = [member("D", i, "Man", ["Warrior", "Ranger"]) for i in range(draw(st.integers(1, 3)))]
    # every card must be playable by someone of its side (a card never playable is refused)
    att[0]["skills"] = ["Warrior", "Scout"]
    dfn[0]["skills"] = ["Warrior"]
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att,
                         "hand": draw(st.lists(st.sampled_from(ATTACKER_CARDS), max_size=2))},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn,
                         "hand": draw(st.lists(st.sampled_from(DEFENDER_CARDS), max_size=2))},
            "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"]))}}
    return scenario_from_dict(data, file="<hypothesis>")


@settings(max_examples=examples(160), deadline=None)
@given(combats(), st.sampled_from(["kill_mp", "eliminations"]))
def test_hands_equal_the_full_game(scenario, objective):
    obj = Objective(objective)
    assert fast_reason(scenario, obj) is None
    try:
        old = solve_combat(scenario, obj, max_nodes=400_000)
    except ScenarioError:  # a card its player can never play here (the game refuses it)
        assume(False)
    new = solve_fast(scenario, obj, max_nodes=400_000)
    assert new.value == old.value
    assert first_choices(new) == first_choices(old)  # every phase-I choice: label, exact value, best, order


def _two(hand_a=(), hand_d=()):
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"], "hand": list(hand_a)},
        "defender": {"alignment": "hero", "site": "Moria", "members": ["Gandalf", "Aragorn II"],
                     "hand": list(hand_d)}}, file="<t>")


def test_two_on_two_example_with_hands_is_exact():
    from pycombat.api import read_scenario
    from pycombat.games.meccg.assignment.legal import example_path

    import dataclasses

    s = read_scenario(str(example_path("two_on_two.yaml")))
    # Goldberry leaves play with Éomer, whose ally she is (MECCG-BODY-4), and her support with her: the pairs
    # are not independent, the engine solves it; without her the matching solver does
    assert "MECCG-BODY-4" in fast_reason(s, Objective("kill_mp"))
    s = dataclasses.replace(s, defender=dataclasses.replace(
        s.defender, members=tuple(m for m in s.defender.members if m.name != "Goldberry")))
    for objective in ("kill_mp", "eliminations"):
        assert fast_reason(s, Objective(objective)) is None
        new, old = solve_fast(s, Objective(objective), max_nodes=100_000), solve_combat(s, Objective(objective),
                                                                                         max_nodes=100_000)
        assert new.value == old.value and first_choices(new) == first_choices(old)


@pytest.mark.parametrize("card, rule", [("Kindling of the Spirit", "MECCG-FX-8"), ("Narya", "MECCG-FX-1")])
def test_cards_that_reach_later_strikes_go_to_the_engine(card, rule):
    """A card lasting the attack or untapping others changes later strikes: refused with its rule,
    and optimize still answers (the engine), with the full game's value."""
    s = _two(hand_d=[card])
    why = fast_reason(s, Objective("kill_mp"))
    assert why is not None and rule in why and hand_reason(s) == why
    rep = verbs.optimize(s)
    assert rep.value == solve_combat(s, Objective("kill_mp"), max_nodes=400_000).value
    assert fast_reason(_two(hand_d=["Risky Blow"]), Objective("kill_mp")) is None  # the other way


def test_survive_is_a_sum_over_strikes_too():
    """The character faces one strike at most: his chance is one minus that strike's chance to eliminate
    him, so the matching solver takes survive (checked against the full game in test_matching_survive.py)."""
    s = _two(hand_d=["Risky Blow"])
    obj = Objective("survive", "Gandalf")
    assert fast_reason(s, obj) is None
    obj = CvccGame(s, obj).objective  # with its owner
    assert solve_fast(s, obj, max_nodes=100_000).value == solve_combat(s, obj, max_nodes=100_000).value


def test_a_card_never_worth_playing_leaves_the_hand():
    """Dodge (no tap, -1 body) never raises a strike's kill-MP value for the defender: the solver's
    game drops it, Risky Blow stays; the value is still the engine's (checked above by hypothesis)."""
    s = _two(hand_d=["Dodge", "Risky Blow"])
    game = CvccGame(s, Objective("kill_mp"))
    v = judge_attack(s)
    m = _Matching(game, v.strikes, v.targets, 100_000, None, str)
    names = {game.reg.effects[c].name for c in m.hd}
    assert names == {"Risky Blow"}
    assert solve_fast(s, Objective("kill_mp"), max_nodes=100_000).value == \
        solve_combat(s, Objective("kill_mp"), max_nodes=100_000).value


@pytest.mark.parametrize("hand", [[], ["Risky Blow"]])
def test_an_item_ability_is_offered_as_the_engine_offers_it(hand):
    """Shield of Iron-bound Ash (+1 prowess when used for a strike, MECCG-FX-17): the solver offers it
    in its bearer's strike, with or without a hand, and agrees with the full game."""
    s = scenario_from_dict({
        "game": "meccg", "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
        "defender": {"alignment": "hero", "site": "Moria", "hand": hand,
                     "members": [{"name": "Aragorn II", "items": ["Shield of Iron-bound Ash"]}, "Gimli"]}}, file="<t>")
    obj = Objective("kill_mp")
    assert fast_reason(s, obj) is None
    new, old = solve_fast(s, obj, max_nodes=100_000), solve_combat(s, obj, max_nodes=400_000)
    assert new.value == old.value and first_choices(new) == first_choices(old)


def test_an_outcome_removing_a_later_striker_falls_back_to_the_full_game(monkeypatch):
    """No Waiting to Wonder taps a Hobbit for its cost, and the payer makes a body check (MECCG-FX-24):
    refused up front; and were it let through, the per-strike values see the outcome that removes
    another member and refuse (NotIndependent), so optimize still gives the full game's value."""
    from pycombat.games.meccg.combat import matching

    s = scenario_from_dict({
        "game": "meccg", "attacker": {"alignment": "minion", "site": "Moria",
                                      "members": [{"name": "Lagduf", "prowess": 8}, "Shagrat"]},
        "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Frodo", "Sam Gamgee"],
                     "hand": ["No Waiting to Wonder"]}}, file="<t>")
    obj = Objective("kill_mp")
    assert "MECCG-FX-24" in fast_reason(s, obj)
    monkeypatch.setattr(matching, "hand_reason", lambda scenario: None)
    assert fast_reason(s, obj) is None
    with pytest.raises(matching.NotIndependent):
        solve_fast(s, obj, max_nodes=100_000)
    assert verbs.optimize(s).value == solve_combat(s, obj, max_nodes=1_000_000).value
