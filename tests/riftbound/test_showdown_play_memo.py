"""What the showdown game remembers, against the plays read and played from the start.

* A chain resolving is applied through the states its first plays reached (each a memo shared by
  every chain that resolves through them, :meth:`Lines.run`): on hypothesis-drawn lines of real plays,
  every group of plays gives the same board, narration, NOT MODELLED list and state as the whole
  ``showdown:`` list played from the start (:func:`play_showdown`), and a refusal the same error
  (message and path).
* A position's board is worked out once (:meth:`ShowdownGame.board_key`): every state the search
  reached has the board the showdown ended there has.
* A state made by the search (``game._state``) is the dataclass's own, field for field.
* The legal actions remembered for a position are handed out as a fresh list; listed as the search needs them
  (``legal_actions_as_needed``) they are the same actions in the same order, and the search finds the same
  values, line and options with fewer plays read.
* The search valuing the options of the line first (``line_first``) finds what the root search first finds.
* A board's kill classes, remembered by its content across scenarios, are never another board's: the same unit
  names with other Might or keywords give the classes worked out afresh.
"""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Entry, Lines, Reached
from pycombat.games.riftbound.play.game import PASS, ShowdownGame, ShowdownState, _state
from pycombat.games.riftbound.schema import example_path, load_scenario, scenario_from_dict

UNITS = ["Sharkling", "Jinx - Demolitionist", "Blue Sentinel", "Leona - Determined", "Stalwart Poro",
         "Trevor Snoozebottom"]
#: real spells (damage, Might, keywords, Stun, kill, prevention, a counter) and units played from hand
CARDS = ["Cleave", "Blood Rush", "Defy", "Disintegrate", "Rune Prison", "Smoke Screen", "Hidden Blade",
         "Unyielding Spirit", "Lotus Trap", "Back to Back", "Stand United", "Shen - Kinkou", "Chakram Dancer"]
FROM_HAND = ("Shen - Kinkou", "Chakram Dancer")
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def chains(draw):
    """A board of real units, plays resolved before, and a group of plays resolving after them: any
    entries (the reader and the interpreter may refuse them), or, half the time, only plays the list
    played from the start accepts."""
    att = draw(st.lists(st.sampled_from(UNITS[:3]), min_size=1, max_size=2, unique=True))
    dfn = draw(st.lists(st.sampled_from(UNITS[3:]), min_size=1, max_size=2, unique=True))
    names = att + dfn
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
           "defender": {"player": "Bo", "units": dfn}}
    accepted = draw(st.booleans())
    plays: list[Entry] = []
    for _ in range(draw(st.integers(1, 6))):
        card = draw(st.sampled_from(CARDS))
        by = draw(st.sampled_from(["attacker", "defender"]))
        if card == "Defy":  # a counter names a card played before
            play = Entry(card, by, (draw(st.sampled_from([p.card for p in plays] or ["Cleave"])),), counter=True)
        else:
            n = draw(st.sampled_from([1, 1, 1, 0, 2]))
            targets = tuple(draw(st.lists(st.sampled_from(names), min_size=n, max_size=n, unique=True)))
            to = draw(st.sampled_from(["battlefield", "base"])) if card in FROM_HAND else None
            play = Entry(card, by, targets, to=to)
        if not accepted or not isinstance(_from_the_start(doc, tuple(plays) + (play,)), ScenarioError):
            plays.append(play)
    assume(plays)
    cut = draw(st.integers(0, len(plays) - 1))
    return doc, tuple(plays[:cut]), tuple(plays[cut:]), draw(st.booleans())


def _from_the_start(doc: dict, plays: tuple[Entry, ...]):
    """The showdown of ``plays`` read and played from the start, or the error."""
    try:
        return play_showdown(scenario_from_dict({**doc, "showdown": [e.as_dict() for e in plays]}))
    except ScenarioError as exc:
        return exc


@SETTINGS
@given(chains())
def test_a_chain_through_shared_steps_is_the_chain_played_from_the_start(drawn):
    doc, resolved, group, warm = drawn
    lines = Lines(scenario_from_dict({**doc, "hand": {}}))  # the game's reading: plays after the file's
    if warm:  # the states the group's first plays reach, met first (as the search meets them)
        for k in range(1, len(group)):
            lines.run(resolved, group[:k])
    before = lines.run(resolved)
    assume(not isinstance(before, ScenarioError))  # the game extends only the states its plays reached
    want = _from_the_start(doc, resolved + group)
    got = lines.run(resolved, group, before)
    event(f"{len(group)} plays resolving, " + ("refused" if isinstance(want, ScenarioError) else "reached"))
    if isinstance(want, ScenarioError):
        assert isinstance(got, ScenarioError), got
        assert (got.message, got.path) == (want.message, want.path)
        return
    assert isinstance(got, Reached), got
    sd = got.showdown
    assert sd.board == want.board
    assert [(x.text, x.rules) for x in sd.lines] == [(x.text, x.rules) for x in want.lines]
    assert sd.unmodelled_json() == want.unmodelled_json()
    # and the state it reached is the one the list played from the start reaches
    again = Lines(scenario_from_dict({**doc, "hand": {}, "showdown": [e.as_dict() for e in resolved + group]})).root()
    assert got.progress.key() == again.progress.key()
    assert got.final_board == sd.board  # the board worked out without the narration


def test_every_position_has_the_board_its_showdown_ends_with():
    s = load_scenario(example_path("showdown_hands.yaml"))
    game = ShowdownGame(Lines(s), dict(s.hands), Objective())
    todo, keys, seen = [game.new_initial_state()], set(), 0
    while todo:  # every showdown state of the game once; each state's board checked as the search reads it
        state = todo.pop()
        if not isinstance(state, ShowdownState) or state.key() in keys:
            continue
        keys.add(state.key())
        at = state.at
        if at.board is None:
            number = game.board_key(at)  # a position met before: its board's number, not worked out again
            ended = at.progress.finish().board
            assert at.final_board == ended
            assert game._ids[("board", _numbers(game, ended.attacker), _numbers(game, ended.defender))] == number
            seen += 1
        todo += [state.child(a) for a in state.legal_actions()]
    assert len(keys) > 1000 and seen > 100


def _numbers(game, units):
    """The units by number, equal units alike whichever play of the line brought them (a unit played from hand is
    read with its entry's path): each number stands for one unit value, without that path."""
    from pycombat.games.riftbound.cards.showdown import unpathed

    out = tuple(map(game.lines.unit_number, units))
    by_number = {}
    for u, n in zip(units, out):
        assert by_number.setdefault(n, unpathed(u)) == unpathed(u)
    return out


def test_a_state_made_by_the_search_is_the_dataclass_s_own():
    args = (None, (Entry("Cleave", "attacker", ("X",)),), (), (("Cleave",), ("Defy",)), "attacker", "defender", 1,
            (), None)
    made, want = _state(*args), ShowdownState(*args)
    assert [f.name for f in dataclasses.fields(ShowdownState)] == list(vars(made))
    assert vars(made) == vars(want) and made == want and hash(made) == hash(want) and repr(made) == repr(want)


def test_the_legal_actions_remembered_are_handed_out_fresh():
    s = load_scenario(example_path("showdown_hands.yaml"))
    game = ShowdownGame(Lines(s), dict(s.hands), Objective())
    root = game.new_initial_state()
    first = root.legal_actions()
    assert first[0] == PASS and len(first) > 1
    first.clear()
    again = root.legal_actions()
    assert again and again == game.new_initial_state().legal_actions()


def test_the_live_view_follows_the_state_s_containers():
    """A state's view of its units with static abilities (RB-CARD-9) reads its containers as they are,
    a copy's its own."""
    from pycombat.games.riftbound.cards.showdown import Progress

    s = scenario_from_dict({"game": "riftbound", "attacker": {"player": "Ann", "units": ["Jinx - Demolitionist"]},
                            "defender": {"player": "Bo", "units": ["Stalwart Poro", "Blue Sentinel"]}})
    run, _ = Progress.begin(s)
    assert sorted(run.live) == ["Blue Sentinel", "Jinx - Demolitionist", "Stalwart Poro"]
    copy = run.copy()
    copy.units.pop("Stalwart Poro")
    copy.present.remove("Stalwart Poro")
    assert "Stalwart Poro" not in copy.live and "Stalwart Poro" in run.live
    run.present = ["Jinx - Demolitionist"]  # a container replaced: the view is made again
    assert run.live.present is run.present


def _every_showdown_state(game, limit: int = 400):
    todo, seen = [game.new_initial_state()], {}
    while todo and len(seen) < limit:
        state = todo.pop()
        if not isinstance(state, ShowdownState) or state.key() in seen:
            continue
        seen[state.key()] = state
        todo += [state.child(a) for a in state.legal_actions()]
    return list(seen.values())


def test_the_actions_listed_as_needed_are_the_legal_actions_in_order():
    s = load_scenario(example_path("showdown_hands.yaml"))
    listed = ShowdownGame(Lines(s), dict(s.hands), Objective())
    states = _every_showdown_state(ShowdownGame(Lines(s), dict(s.hands), Objective()))
    assert len(states) >= 400
    for state in states:  # on a game that has not listed them yet, then on one that has
        fresh = _state(listed, state.resolved, state.chain, state.hands, state.focus, state.mover, state.passes,
                       state.fizzled, listed.showdown(state.resolved), state.aims)
        assert list(fresh.legal_actions_as_needed()) == state.legal_actions()
        assert list(fresh.legal_actions_as_needed()) == fresh.legal_actions() == state.legal_actions()


def _solved(s, line_first: bool = False):
    """What ``optimize`` shows of the game (its value, line, every decision on it with every option's value), the
    states searched and the plays read."""
    from pycombat.games.riftbound.play.triggers import initial_state
    from pycombat.tree import solve_zero_sum
    from pycombat.tree.options import decisions_along

    game = ShowdownGame(Lines(s), dict(s.hands), Objective())
    root, choices = initial_state(game)
    sol = solve_zero_sum(root, line_first=line_first)
    line = [(str(state), step.action) for state, step in sol.line_states()]
    decisions = [(d.player, d.state, d.options) for d in decisions_along(sol)]
    return (sol.value, line, decisions), sol.stats.nodes, game.lines.reads + choices.reads()


def test_the_search_listing_as_needed_finds_what_listing_all_finds(monkeypatch):
    for name in ("showdown_hands.yaml", "trigger_choices.yaml"):
        s = load_scenario(example_path(name))
        lazy, nodes, reads = _solved(s)
        with monkeypatch.context() as m:
            m.delattr(ShowdownState, "legal_actions_as_needed")  # every decision's actions listed as it is reached
            eager, all_nodes, all_reads = _solved(s)
        assert lazy == eager and nodes == all_nodes
        assert reads < all_reads  # the plays of a decision cut before them are never read


def test_valuing_the_line_s_options_first_finds_what_the_root_search_finds():
    docs = [{"game": "riftbound", "attacker": {"player": "Ann", "units": att},
             "defender": {"player": "Bo", "units": dfn}, "hand": {"attacker": ha, "defender": hd}}
            for att, dfn, ha, hd in [(["Jinx - Demolitionist", "Sharkling"], ["Blue Sentinel", "Leona - Determined"],
                                      ["Rune Prison", "Cleave"], ["Defy", "Unyielding Spirit"]),
                                     (["Sharkling"], ["Stalwart Poro", "Blue Sentinel"], ["Blood Rush", "Defy"],
                                      ["Smoke Screen", "Cleave"]),
                                     (["Trevor Snoozebottom"], ["Leona - Determined"], ["Disintegrate"],
                                      ["Back to Back", "Defy"])]]
    for s in [scenario_from_dict(d) for d in docs] + [load_scenario(example_path("trigger_choices.yaml"))]:
        first, _, _ = _solved(s, line_first=True)
        root, _, _ = _solved(s, line_first=False)
        assert first == root


def test_kill_classes_remembered_by_board_content_are_never_another_board_s():
    """Same unit names, other Might or keywords: the classes are those worked out with nothing remembered."""
    from pycombat import solver
    from pycombat.games.riftbound.damage.game import JointGame, kill_classes

    def board(mights, keywords=()):
        units = [{"name": n, "might": m} for n, m in zip(("Jinx - Demolitionist", "Sharkling", "Blue Sentinel",
                                                           "Leona - Determined"), mights)]
        for u, k in zip(units, keywords):
            u["keywords"] = list(k)
        return play_showdown(scenario_from_dict({"game": "riftbound", "attacker": {"player": "Ann", "units": units[:2]},
                                                 "defender": {"player": "Bo", "units": units[2:]}})).board

    def shown(b):
        classes = {side: [(c.killed, c.count, [x.label() for x in c.splits]) for c in kill_classes(b, side)]
                   for side in ("attacker", "defender")}
        game = JointGame(b, Objective())  # its classes ordered best first for each assigner
        return classes, {side: [c.label() for c in game.classes[side]] for side in game.classes}

    boards = [board((4, 1, 4, 4)), board((1, 6, 2, 9)), board((4, 1, 4, 4), [(), (), ("Tank",)]), board((8, 8, 1, 1)),
              board((4, 1, 4, 4))]
    fresh = []
    for b in boards:
        solver.clear_caches(keep_parsed=True)
        fresh.append(shown(b))
    solver.clear_caches(keep_parsed=True)
    for b, want in zip(boards, fresh):  # each board met with the others' classes remembered
        assert shown(b) == want
    assert len({repr(c) for c in fresh}) >= 3  # the boards do differ in what their splits kill
    kill_classes(boards[0], "attacker").clear()  # a caller's list is its own
    assert shown(boards[0]) == fresh[0]
