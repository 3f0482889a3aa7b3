"""Shared test set-up: the two tiers of the suite and the hypothesis profiles.

``make test`` runs the quick tier: every test except those marked ``long``, hypothesis tests at the
``dev`` profile's scale (10% of their written example counts, :mod:`budget`). ``make
test-long`` runs the long tier: the tests marked ``long`` (listed in :data:`LONG`, each with what it
covers) and every hypothesis test again at the ``ci`` profile (half their written counts). CI runs
both; ``HYPOTHESIS_SCALE=1`` draws the full counts.

Both CI profiles are derandomized: each test draws the same examples on every run of the same code, so a
suite green here is green on a clean clone. ``make test-explore`` (the ``explore`` profile) draws fresh
random examples, twice the written counts, and prints the blob that reproduces a failure: run it to look
for new counterexamples, then keep each one as an ``@example`` or a fix.
"""
from __future__ import annotations

import os
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=True)
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          print_blob=True, derandomize=True)
settings.register_profile("explore", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev"))

#: The long tier (``pytest -m long``): node-id prefixes, and what those tests cover.
LONG = {
    "tests/test_oversized.py::": "oversized inputs refused up front or answered, each as a `python -m pycombat` "
                                 "subprocess under a hang limit",
    "tests/test_mutants.py::": "a sample of the mutation battery: rules removed, each mutant running the tests "
                               "that must turn red",
    "tests/test_web_e2e.py::": "the web page end to end in headless Chromium",
    "tests/riftbound/test_verify_agrees.py::test_verify_agrees_with_the_board_on_spells_and_gear":
        "verify against the showdown's board on the spells-and-gear oracle's boards (the quick tier keeps the "
        "units' oracle's boards)",
    "tests/test_reasons_minimal.py::": "minimal reasons: every verdict of every ruling example cites exactly the "
                                       "rules it rests on (counterfactuals computed per claim)",
    "tests/test_reasons_counterfactual.py::test_each_cited_rule_changes_the_verdict_when_removed":
        "minimal reasons by counterfactual: each cited rule's ASP statements removed (or its Python check's "
        "counterfactual), the verdict must change",
    "tests/test_hostile_input.py::": "hostile input: every bad-input file and the seeded fuzz campaign through every "
                                    "verb (tests/test_bad_input.py, in the quick tier, holds one case per field)",
    # the engine against plain expectiminimax: the quick tier keeps the kill-MP objective on the plain
    # scenario, the long tier adds the other objectives and the variants
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[phase2-optional":
        "plain expectiminimax: phase II optional",
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[no-mp-clauses":
        "plain expectiminimax: without the elimination MP clauses",
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[as-is-survive":
        "plain expectiminimax: the survive objective",
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[as-is-eliminations":
        "plain expectiminimax: the eliminations objective",
    # War of the Ring movement: the quick tier keeps the random positions against the brute-force
    # generator, `enumerate` and `verify` on positions through the documented commands
    "tests/wotr/test_wotr_rulings.py::": "every WotR ruling example's expected verdicts, each movement, dice and "
                                         "card rule deciding a true and a false claim, the flags that flip them",
    "tests/wotr/test_wotr_moves.py::test_setup_army_moves_listed_equal_brute_force":
        "every Army move of the setup positions listed, against the brute-force generator",
    "tests/wotr/test_wotr_cli.py::test_verify_position_claims": "`pycombat verify` on position claims",
    "tests/wotr/test_wotr_cli.py::test_enumerate_moves_count_limit_and_refusal":
        "`enumerate` on positions: counts, --limit and the refusal of a long listing",
    "tests/wotr/test_wotr_moves.py::test_setup_counts": "the move counts of the setup positions (count fixtures)",
    "tests/wotr/test_wotr_combat_cards.py::test_one_round_matches_face_by_face":
        "each Combat card's round against an independent face-by-face enumeration",
    "tests/meccg/test_card_effects.py::test_every_barred_card_changes_nothing":
        "every card the interpreter bars leaves every answer unchanged",
    "tests/wotr/test_wotr_named_card_with_hand.py::test_round_two_hits_claims_against_two_rounds_face_by_face":
        "round-2 hits claims with a Combat card named for round 2, against two rounds played face by face "
        "(tests/wotr/test_wotr_later_round_hits.py checks the same positions without a card in the quick tier)",
    "tests/meccg/test_after_attack_claims.py::test_may_after_the_rolls_before_strikes_are_assigned":
        "\"may\" claims about the strike after the attack over Crowned with Storm's outcomes, against the brute force "
        "(the quick tier keeps the claims on given dice and Crowned with Storm's own brute force)",
    "tests/meccg/test_after_attack_claims.py::test_may_and_cannot_from_the_odds":
        "\"may / cannot\" claims about the strike after the attack on drawn companies, against the possible rolls",
    "tests/riftbound/test_unit_oracle.py::test_declined_triggers_against_the_oracle":
        "declined optional triggers on drawn boards, against the oracle (tests/riftbound/test_declined_triggers.py "
        "holds the fixed cases)",
    "tests/meccg/test_listing_order.py::test_batch_lists_as_the_api_does[traces-large]":
        "`pycombat batch` lists the traces of the three largest MECCG examples as the API does",
    "tests/riftbound/test_instances.py::test_batch_with_prefetch_writes_the_lines_of_each_scenario_alone":
        "`pycombat batch` with the Riftbound prefetch, against each scenario alone, per verb",
    # the heaviest searches and drawn boards; the quick tier keeps a smaller check of each subject
    "tests/meccg/test_matching_survive.py::test_ten_against_ten_with_hands_":
        "the 10 v 10 with three cards a hand: survive solved, kill_mp refused naming the cards (the quick tier "
        "keeps the strikes' values against the engine on drawn hands)",
    "tests/meccg/test_matching_survive.py::test_first_groups_with_hands_are_the_engines":
        "the first decision's options grouped by outcome with hands, against the full game on drawn hands",
    "tests/meccg/test_matching_survive.py::test_only_pairs_a_card_can_change_are_carried":
        "which strike pairs a hand can change, carried under each objective",
    "tests/meccg/test_matching_survive.py::test_one_sided_hands_are_an_allocation":
        "one side's cards as an allocation, against the full game on drawn hands",
    "tests/meccg/test_matching_both_hands.py::test_both_hands_equal_the_full_game":
        "cards in both hands, the matching solver against the full game on drawn companies",
    "tests/meccg/test_tree_depth.py::test_cli_depth_marks_unsolved_nodes":
        "`tree --depth` through the CLI on the Wind Throne and a hand (the quick tier keeps the API's depth cuts)",
    "tests/riftbound/test_unit_oracle.py::test_every_unit_with_combat_text_changes_an_answer_or_is_named":
        "every unit with combat text changes an answer or is named NOT MODELLED, on both sides (the quick tier "
        "keeps the coverage listing's tests)",
    "tests/riftbound/test_unit_oracle.py::test_units_on_events_and_guards_against_the_oracle":
        "units on showdown events and guards on drawn boards, against the oracle",
    "tests/riftbound/test_unit_oracle.py::test_units_whose_readings_meet_against_the_oracle":
        "units whose readings meet on drawn boards, against the oracle",
    "tests/riftbound/test_unit_oracle.py::test_units_that_moved_this_turn_against_the_oracle":
        "units that moved this turn on drawn boards, against the oracle (the quick tier keeps the drawn boards of "
        "units with abilities)",
    "tests/riftbound/test_unit_costs_splits.py::test_costs_splits_and_board_conditions_against_the_oracle":
        "trigger costs, splits and board conditions on drawn boards, against the oracle",
    "tests/riftbound/test_showdown_play.py::test_example_value_and_every_first_option_against_brute_force":
        "the showdown example's value and every first option against a brute-force game search (the quick tier "
        "keeps the drawn small boards)",
    "tests/riftbound/test_showdown_play_choices.py::test_units_from_hand_agree_with_brute_force":
        "units played from hand in the showdown game, against the brute force on drawn boards",
    "tests/wotr/test_wotr_attack_judge.py::test_diverse_battles_one_after_another_are_judged_as_alone":
        "diverse battles judged one after another as each alone (the quick tier keeps every example and its splits)",
    "tests/wotr/test_wotr_later_round_hits.py::test_enumerate_decides_over_the_positions_of_every_casualty_choice":
        "later-round hits decided over every casualty choice's positions",
    "tests/wotr/test_wotr_unlimited_cards.py::test_tolerance_option_widens_or_narrows_the_interval":
        "the unlimited card game's tolerance option",
    "tests/wotr/test_wotr_judge_closed.py::test_closed_judge_equals_the_check_program_on_drawn_facts":
        "the closed attack judge against the check program on drawn fact sets (the quick tier keeps the examples)",
    "tests/wotr/test_wotr_combat_cards.py::test_round_two_numbers_match_two_rounds_face_by_face":
        "round-2 numbers with Combat cards against two rounds face by face",
    "tests/meccg/test_possession.py::test_the_table_finds_an_item_exactly_when_the_rules_refuse_one":
        "the possession table against the rules over every item pairing",
    "tests/meccg/test_after_attack_claims.py::test_on_the_dice":
        "claims about the strike after the attack on every given roll",
    "tests/meccg/test_matching_hands.py::test_hands_equal_the_full_game":
        "one hand, the matching solver against the full game on drawn companies",
    "tests/meccg/test_matching_survive.py::test_survive_equals_the_full_game":
        "the survive objective, the matching solver against the full game on drawn companies",
    "tests/meccg/test_listing_order.py::test_batch_lists_as_the_api_does[traces]":
        "`pycombat batch` lists traces as the API does",
    "tests/test_contract.py::test_every_search_on_the_other_examples[":
        "the contract of the searching verbs (enumerate, optimize, tree) on every example past each game's first (the "
        "quick tier runs every verb on each game's first example and odds, replay and verify on every example)",
    "tests/test_contract.py::test_every_verb_on_every_example[wotr-replay_card_steps-":
        "every verb on the WotR example with Combat cards step by step (the quick tier keeps the other examples)",
    "tests/test_readable_notes.py::test_no_note_or_violation_prints_a_tuple_an_id_or_a_term[wotr/moves_":
        "readable notes of the WotR movement rulings (tests/wotr/test_wotr_rulings.py checks their verdicts)",
    "tests/test_citations.py::test_every_citation_holds[rulings/wotr/moves_":
        "citations of the WotR movement rulings",
    "tests/test_citations.py::test_every_citation_holds[rulings/wotr/seed_fr_moves":
        "citations of the WotR movement rulings (the seed's)",
    "tests/test_citations.py::test_no_lead_in_only_rule_text[rulings/wotr/moves_":
        "no lead-in-only rule text in the WotR movement rulings",
    "tests/test_citations.py::test_no_lead_in_only_rule_text[rulings/wotr/seed_fr_moves":
        "no lead-in-only rule text in the WotR movement rulings (the seed's)",
    # every verb's `unmodelled` list: the quick tier keeps every battle and position example of examples/wotr
    "tests/wotr/test_every_verb_lists_unmodelled.py::test_every_verb_json_has_an_unmodelled_list[examples/rulings/wotr/moves_":
        "every verb's `unmodelled` list on the WotR movement rulings",
    "tests/wotr/test_every_verb_lists_unmodelled.py::test_every_verb_json_has_an_unmodelled_list[examples/rulings/wotr/seed_fr_moves":
        "every verb's `unmodelled` list on the seed's WotR movement ruling",
    # brute-force sweeps of the Riftbound claims and showdown (hypothesis: the long tier runs them at the ci
    # profile; the quick tier keeps the unit oracle, the closed forms, the prefetch and the other showdown checks)
    "tests/riftbound/test_open_facts.py::test_a_verdict_is_decided_exactly_when_no_value_of_the_open_facts_changes_it":
        "verify on open facts (runes, Empowered, counts) decided exactly when no value changes the verdict",
    "tests/riftbound/test_open_facts.py::test_a_count_read_against_thresholds_is_decided_exactly_when_no_count_changes_it":
        "a count read against a card's thresholds decided exactly when no count changes it",
    "tests/riftbound/test_showdown_play_choices.py::test_three_targets_agree_with_brute_force":
        "the showdown from both hands with three-target cards against the brute force",
    "tests/riftbound/test_verify_agrees.py::test_verify_agrees_with_the_board_on_units_abilities":
        "verify against the showdown's board on the units' oracle's boards",
    # every verb's `unmodelled` list on examples/wotr, each verb run in full (the quick tier's contract test checks the
    # list of every verb on every example, with its cheap options; the quick tier keeps the rulings here)
    "tests/wotr/test_every_verb_lists_unmodelled.py::test_every_verb_json_has_an_unmodelled_list[examples/wotr/":
        "every verb's `unmodelled` list on the examples of examples/wotr, every verb run in full",
    "tests/test_contract.py::test_every_verb_on_every_example[wotr-replay_card_effects-odds]":
        "the contract of odds on the replay with Combat card effects",
    "tests/test_claim_patterns.py::test_every_claim_pattern_answers_hostile_text_quickly":
        "every claim pattern against long hostile text under a budget (tests/test_claim_errors.py keeps the errors)",
    "tests/wotr/test_wotr_combat_cards.py::test_random_armies_and_card_pairs_match_face_by_face":
        "Combat cards on random Armies against the face-by-face brute force (the quick tier keeps each card's cases)",
    "tests/meccg/test_meccg_verify_agrees.py::test_verify_decides_the_phases_the_traces_list":
        "verify's phase claims against the listed traces on diverse drawn attacks (the quick tier keeps the "
        "brute-force assignment tests and the phase claims of the rulings)",
    "tests/riftbound/test_trigger_choices.py::test_examples_agree_with_brute_force[att3-":
        "the 2 v 2 showdown with a hand each side and combat triggers against the brute force (the quick tier keeps "
        "the other three boards)",
    "tests/meccg/test_attack_judge.py::test_diverse_scenarios_one_after_another_are_judged_as_alone":
        "MECCG attack judges over diverse scenarios in a row (the quick tier judges every example alone)",
    "tests/wotr/test_wotr_unlimited_cards.py::test_the_solvers_own_long_finite_horizon_is_below_the_upper_bound":
        "the unlimited-rounds card game's long finite horizon against its upper bound",
    "tests/wotr/test_wotr_unlimited_cards.py::test_cli_reports_the_interval_in_text_and_json":
        "the value interval of the unlimited-rounds card game in the CLI's text and JSON",

    # citations of later rounds' hit claims with a named Combat card (each claim's positions played with and without
    # the card): the quick tier keeps round 1's cases; tests/test_reasons_counterfactual.py proves the rules too
    "tests/wotr/test_hit_claims_cite_natural_rolls_and_rerolls_where_they_decide.py::"
    "test_no_leader_re_roll_under_foul_stench_cites_no_re_roll_rule":
        "Foul Stench in rounds 1 and 2: the re-roll rules cited only for the side that keeps its re-roll",
    "tests/wotr/test_hit_claims_cite_combat_cards_only_where_they_change_the_roll.py::"
    "test_foul_stench_taking_a_re_roll_cites_the_card_played_not_a_modifier[2]":
        "round 2's Foul Stench taking a re-roll: the card played cited, not a modifier",
    "tests/wotr/test_hit_claims_cite_combat_cards_only_where_they_change_the_roll.py::"
    "test_foul_stench_taking_no_re_roll_cites_no_card_rule[2]":
        "round 2's Foul Stench taking no re-roll: no card rule cited",
    "tests/wotr/test_leader_reroll_rules_cited_where_they_decide.py::"
    "test_the_re_roll_bounds_and_die_chance_are_switches_of_the_card_interpreter":
        "WOTR-STR-5, WOTR-HIT-6 and WOTR-HIT-8 switched off in the Combat-card interpreter change the answers",
    "tests/wotr/test_leader_reroll_rules_cited_where_they_decide.py::"
    "test_eliminated_cites_the_re_roll_bounds_only_where_they_change_the_answer":
        "eliminated claims cite the re-roll bounds only where they change the answer",
    "tests/meccg/test_reports_carry_game_verb_title_and_flags.py::test_optimize_json_says_the_reading_its_value_is_under":
        "the Wind Throne's optimize under two readings: each JSON names its flags (the quick tier checks every other "
        "verb's heading)",
    "tests/meccg/test_optimize.py::test_engine_equals_plain_expectiminimax_without_pruning[as-is-kill_mp-":
        "the engine against plain expectiminimax on the shipped company as it is (the quick tier keeps the others)",
    "tests/wotr/test_wotr_judge_closed.py::test_closed_judge_equals_the_check_program_on_the_examples_and_their_splits":
        "the closed WotR attack judge on every example and its splits (the quick tier keeps drawn facts and battles)",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.nodeid.startswith(prefix) for prefix in LONG):
            item.add_marker(pytest.mark.long)


def pytest_configure(config: pytest.Config) -> None:
    """The session's folder of shared verify runs (tests/verify_runs.py), made once, before any worker starts (the
    workers inherit it)."""
    if "PYTEST_XDIST_WORKER" not in os.environ and not os.environ.get("PYCOMBAT_TEST_RUNS"):
        folder = tempfile.mkdtemp(prefix="pycombat-verify-runs-")
        os.environ["PYCOMBAT_TEST_RUNS"] = folder
        config._pycombat_runs = folder  # removed at the end of the session


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = getattr(config, "_pycombat_runs", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("PYCOMBAT_TEST_RUNS", None)
