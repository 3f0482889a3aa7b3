"""The showdown game's chain resolves one item at a time (RB-SHOW-3; CR 336, 337.1.c, 340, 347.4), against the rules
directly:

* both players passing in turn resolves the newest item on the chain only; if the chain is not empty, the
  controller of its newest item then has priority and both may add Reactions again before the next item resolves;
* the player who adds an item keeps priority (CR 337.1.c.3);
* a counter takes the card it counters off the chain as it resolves (RB-CARD-3); a counter whose card left the
  chain before it resolves has no effect (RB-CARD-11);
* when the chain empties Focus passes to the other player, and passing with Focus on an empty chain passes Focus
  too (CR 337.1.c.1.a, CR 347.4): the position's label names who has it.
"""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import PASS, ShowdownGame
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.tree import solve_zero_sum

#: Gust (return a unit of Might 3 or less to its owner's hand) waits on the chain while Against the Odds (+2 a
#: enemy unit: D 3 -> 7) resolves; the Attacker then answers with Smoke Screen (-4: D 7 -> 3) before Gust resolves
GUST_WAITS = {
    "game": "riftbound",
    "attacker": {"player": "Ann", "units": [{"name": "A1", "custom": True, "might": 1, "value": 10},
                                            {"name": "A2", "custom": True, "might": 1, "value": 10}]},
    "defender": {"player": "Bo", "units": [{"name": "D", "custom": True, "might": 3, "value": 1},
                                           {"name": "D2", "custom": True, "might": 10, "stunned": True, "value": 1}]},
    "hand": {"attacker": ["Gust", "Smoke Screen"], "defender": ["Against the Odds"]},
}
CUSTOM = Objective("custom")


def _game(doc: dict, objective: Objective = Objective()) -> ShowdownGame:
    s = scenario_from_dict(doc)
    return ShowdownGame(Lines(s), dict(s.hands), objective)


def _play(state, label: str):
    """The child of ``state`` after the action whose text is ``label``."""
    acts = {state.action_to_string(a): a for a in state.legal_actions()}
    assert label in acts, sorted(acts)
    return state.child(acts[label])


def test_gust_waits_while_against_the_odds_resolves_and_smoke_screen_answers():
    report = verbs.optimize(scenario_from_dict(GUST_WAITS), objective="custom")
    assert report.solution.value == 0  # nobody loses anything: D goes back to Bo's hand
    first = report.solution.decisions[0][1]
    assert [o.value for o in first.options if o.label == "attacker plays Gust on D"] == [0]

    st = _game(GUST_WAITS, CUSTOM).new_initial_state()
    st = _play(st, "attacker plays Gust on D")
    assert st.mover == "attacker"  # he keeps priority (CR 337.1.c.3)
    st = _play(st, "attacker passes")
    st = _play(st, "defender plays Against the Odds on D")
    st = _play(_play(st, "defender passes"), "attacker passes")
    # only Against the Odds resolved: Gust waits, and its controller has priority (CR 337.1.c.3)
    assert [e.card for e in st.resolved] == ["Against the Odds"]
    assert [e.card for e in st.live] == ["Gust"] and st.mover == "attacker" and st.focus == "attacker"
    assert st.at.progress.units["D"].current_might == 7
    st = _play(st, "attacker plays Smoke Screen on D")  # a Reaction while Gust waits
    assert solve_zero_sum(st).value_of(st)[0] == 0
    st = _play(_play(st, "attacker passes"), "defender passes")
    assert [e.card for e in st.resolved] == ["Against the Odds", "Smoke Screen"] and st.mover == "attacker"
    assert st.at.progress.units["D"].current_might == 3
    st = _play(_play(st, "attacker passes"), "defender passes")
    # Gust resolves on D (3): back to Bo's hand; the chain is empty and Focus passes to Bo (RB-SHOW-3)
    assert [e.card for e in st.resolved] == ["Against the Odds", "Smoke Screen", "Gust"] and not st.fizzled
    assert "D" not in st.at.progress.present
    assert not st.chain and st.focus == st.mover == "defender"
    assert str(st) == "defender to act (defender has Focus, chain empty)"
    assert solve_zero_sum(st).value_of(st)[0] == 0


def test_the_line_listed_as_it_resolved_is_the_shown_showdown():
    """The same line as a stated ``showdown:`` list (the order the items resolved) reads the same: D back in hand."""
    from pycombat.games.riftbound.cards.showdown import play_showdown

    doc = {k: v for k, v in GUST_WAITS.items() if k != "hand"}
    sd = play_showdown(scenario_from_dict({**doc, "showdown": [
        {"play": "Against the Odds", "by": "defender", "target": "D"},
        {"play": "Smoke Screen", "by": "attacker", "target": "D"},
        {"play": "Gust", "by": "attacker", "target": "D"}]}))
    assert "D" not in [u.name for u in sd.board.defender]


CLEAVE_BOARD = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Sharkling"]},
                "defender": {"player": "Bo", "units": ["Stalwart Poro"]}}


def test_a_counter_takes_its_card_off_the_chain_and_the_rest_waits():
    """Cleave, Bo's Smoke Screen on Sharkling, Ann's Abandon on Smoke Screen: Abandon resolves with it (off the chain,
    back to Bo's hand, RB-CARD-3); Cleave still waits, Ann (its controller) has priority, and Bo may play Smoke Screen
    again before Cleave resolves."""
    doc = {**CLEAVE_BOARD, "hand": {"attacker": ["Abandon", "Cleave"], "defender": ["Smoke Screen"]}}
    st = _game(doc).new_initial_state()
    st = _play(_play(st, "attacker plays Cleave on Sharkling"), "attacker passes")
    st = _play(_play(st, "defender plays Smoke Screen on Sharkling"), "defender passes")
    st = _play(_play(st, "attacker plays Abandon countering Smoke Screen"), "attacker passes")
    st = _play(st, "defender passes")
    assert [(e.card, e.by) for e in st.resolved] == [("Smoke Screen", "defender"), ("Abandon", "attacker")]
    assert [e.card for e in st.live] == ["Cleave"] and st.mover == "attacker" and st.passes == 0
    assert st.hands == ((), ("Smoke Screen",))
    st = _play(st, "attacker passes")
    st = _play(_play(st, "defender plays Smoke Screen on Sharkling"), "defender passes")
    st = _play(st, "attacker passes")
    assert [e.card for e in st.resolved] == ["Smoke Screen", "Abandon", "Smoke Screen"] and st.mover == "attacker"
    st = _play(_play(st, "attacker passes"), "defender passes")
    assert [e.card for e in st.resolved][-1] == "Cleave" and not st.chain and not st.fizzled
    assert st.focus == st.mover == "defender"


def test_a_counter_whose_card_left_the_chain_has_no_effect():
    """Cleave, then Bo's Defy and Abandon both naming it: Abandon resolves first and returns Cleave to Ann's hand;
    Defy then finds no card to counter and has no effect (RB-CARD-11); the chain is empty and Focus passes from Ann,
    who opened it, to Bo."""
    doc = {**CLEAVE_BOARD, "hand": {"attacker": ["Cleave"], "defender": ["Abandon", "Defy"]}}
    st = _game(doc).new_initial_state()
    st = _play(_play(st, "attacker plays Cleave on Sharkling"), "attacker passes")
    st = _play(st, "defender plays Defy countering Cleave")
    st = _play(_play(st, "defender plays Abandon countering Cleave"), "defender passes")
    st = _play(st, "attacker passes")
    assert [e.card for e in st.resolved] == ["Cleave", "Abandon"] and [e.card for e in st.live] == ["Defy"]
    assert st.hands[0] == ("Cleave",) and st.mover == "defender"
    st = _play(_play(st, "defender passes"), "attacker passes")
    assert [e.card for e in st.fizzled] == ["Defy"] and [e.card for e in st.resolved] == ["Cleave", "Abandon"]
    assert not st.chain and st.focus == st.mover == "defender"


def test_passing_with_focus_on_an_empty_chain_passes_focus():
    """CR 347.4: the Attacker passes with Focus on an empty chain; the Defender then has it (the label says so), and a
    chain he opens then closes hands it back to the Attacker."""
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": [{"name": "A1", "custom": True, "might": 2}]},
           "defender": {"player": "Bo", "units": [{"name": "D", "custom": True, "might": 3}]},
           "hand": {"attacker": ["Discipline"], "defender": ["Defy"]}}
    report = verbs.optimize(scenario_from_dict(doc))
    states = [d.state for _, d in report.solution.decisions]
    assert states[:2] == ["attacker to act (attacker has Focus, chain empty)",
                          "defender to act (defender has Focus, chain empty)"]
    assert report.solution.value == Fraction(-12)

    doc = {**CLEAVE_BOARD, "hand": {"attacker": [], "defender": ["Cleave"]}}
    st = _play(_game(doc).new_initial_state(), "attacker passes")
    assert st.focus == st.mover == "defender"
    st = _play(st, "defender plays Cleave on Sharkling")
    st = _play(_play(st, "defender passes"), "attacker passes")
    assert [e.card for e in st.resolved] == ["Cleave"] and st.focus == st.mover == "attacker"
