"""The digest's worked examples (../shared/rules/wotr.md section 20) and its list of what existing
software gets wrong (section 18 "Fixed rules", section 21): each pinned by a test."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from pycombat.games.wotr.battle.dice import combat_roll_dist
from pycombat.games.wotr.battle.process import Optimal, Outcome, Policy, battle_odds
from pycombat.games.wotr.battle.casualties import allocations, regulars_first
from pycombat.games.wotr.battle.game import BattleGame
from pycombat.games.wotr.schema import load_scenario, scenario_from_dict
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.battle.splits import judge_attack
from pycombat.rulebook import load_rulebook

EX = Path(__file__).resolve().parents[2] / "examples" / "wotr"


def test_wotr_example_1_three_regulars_one_elite():
    """Section 20, example 1: Combat Strength 3 + 1 = 4 (WOTR-STR-2), 4 dice (WOTR-STR-3)."""
    s = load_scenario(EX / "seed_three_and_one.yaml")
    n = judge_attack(s).numbers
    assert (n.strength[0], n.dice[0]) == (4, 4)


def test_wotr_example_2_six_regulars_two_elites():
    """Section 20, example 2: Strength 8, not capped; 5 dice; after 3 hits taken as Regular removals,
    Strength 5 and still 5 dice."""
    s = load_scenario(EX / "seed_six_and_two.yaml")
    n = judge_attack(s).numbers
    assert (n.strength[0], n.dice[0]) == (8, 5)
    setup = battle_setup(s)
    units, pool = regulars_first(setup.start[0], setup.start[1], 3)
    assert units == ((3, 2),)
    assert setup.attacker.strength(units) == 5 and setup.params("attacker", units, 2).dice == 5


def test_digest_flags_and_rules_are_loaded():
    book = load_rulebook("wotr")
    assert book.defaults()["casualty_policy"] == "enumerate" and book.flags["max_rounds"].allows_int


# ---- section 18 "Fixed rules that earlier software got wrong" ----------------------------------------
def test_natural_1_and_6_override_modifiers_in_both_rolls():
    assert combat_roll_dist(1, 1, 5, roll_modifier=9, reroll_modifier=9)[0] == Fraction(1, 36)
    assert combat_roll_dist(1, 1, 5, roll_modifier=-9, reroll_modifier=-9)[0] == Fraction(25, 36)


def test_retreat_into_a_siege_is_offered_before_every_round():
    """WOTR-SITE-2 (JC §14: offered only once): the choice is there at the start of later rounds too."""
    s = load_scenario(EX / "helms_deep.yaml")
    setup = battle_setup(s)
    game = BattleGame(setup)
    root = game.new_initial_state()
    labels = [root.action_to_string(a) for a in root.legal_actions()]
    assert "retreat into the Stronghold" in labels
    later = game.new_initial_state().__class__(game, ("start", setup.start[:4] + (1, True))).forward()
    assert "retreat into the Stronghold" in [later.action_to_string(a) for a in later.legal_actions()]
    calls = []

    def retreat_when_down(setup_, state, what):
        calls.append(what)
        return what == "into_siege" and sum(map(sum, state[2])) < 3

    policy = Policy.from_flags({**s.flags, "defender_retreat": "callback"}, "regulars_first",
                               {"defender_retreat": retreat_when_down})
    res = battle_odds(setup, policy)
    assert 0 < res.by_kind().get("retreated_into_siege", 0) < 1  # only after losses, in a later round


def test_mutual_elimination_and_no_capture():
    s = load_scenario(EX / "ten_vs_ten.yaml")
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "downgrade_first"))
    assert res.by_kind()["both_destroyed"] > 0


def test_retreating_units_are_not_casualties():
    """JC §14: retreating units were reported as casualties. A retreat keeps the Army as it was."""
    s = load_scenario(EX / "skirmish.yaml")
    setup = battle_setup(s)

    def retreat_always(setup_, state, what):
        return what == "retreat"

    res = battle_odds(setup, Policy.from_flags({**s.flags, "defender_retreat": "callback"}, "regulars_first",
                                               {"defender_retreat": retreat_always}))
    for o in res.outcomes:
        if o.kind == "defender_retreated":
            assert sum(map(sum, o.defender)) > 0


def test_elite_reduction_keeps_count_of_figures():
    """JC §14: Elite reduction lost track of figure counts. Two hits on two Elites:
    with one Regular available, replace an Elite (the pool is empty now), then remove that Regular
    (back to the pool) or eliminate the other Elite (none to replace it); or two hits remove an Elite;
    with none available, a hit eliminates an Elite; with two, both may be replaced."""
    assert dict(allocations(((0, 2),), (1,), 2)) == {((0, 1),): (1,), ((1, 0),): (0,)}
    assert dict(allocations(((0, 2),), (0,), 2)) == {((0, 1),): (0,), ((0, 0),): (0,)}
    assert dict(allocations(((0, 2),), (2,), 2)) == {((0, 1),): (1,), ((2, 0),): (0,)}


def test_lone_leader_cannot_attack_and_overstacked_army_cannot_attack():
    base = {"game": "wotr", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "defender": {"region": "North Ithilien", "units": {"Gondor": {"regulars": 1}}}}
    lone = scenario_from_dict({**base, "attacker": {"region": "Dagorlad", "nazgul": 2}}, file="x")
    assert "WOTR-ATK-8" in {v.rule for v in judge_attack(lone).violations}
    big = scenario_from_dict({**base, "attacker": {"region": "Dagorlad", "units": {"Sauron": {"regulars": 11}}}},
                             file="x")
    assert "WOTR-STACK-2" in {v.rule for v in judge_attack(big).violations}


def test_leadership_counts_character_ratings_not_just_leaders():
    """j-feigner's utility re-rolled min(misses, Leaders): Characters' ratings count (WOTR-STR-4)."""
    s = load_scenario(EX / "sortie.yaml")
    n = judge_attack(s).numbers
    assert n.leadership[0] == 2 + 2  # two Leaders + Aragorn's 2


def test_advancing_is_not_forced():
    """WOTR-END-7: the battle ends with the attacker's win; advancing is a later, optional move, so the
    outcome keeps every surviving attacking unit where it was."""
    s = load_scenario(EX / "osgiliath.yaml")
    res = battle_odds(battle_setup(s), Policy.from_flags(s.flags, "regulars_first"))
    assert all(isinstance(o, Outcome) for o in res.outcomes)


def test_optimal_is_a_game_value_between_the_fixed_policies_bounds():
    s = load_scenario(EX / "seed_three_and_one.yaml")
    setup = battle_setup(s)
    v = Optimal(setup, "win", None).value()
    assert 0 < v < 1
