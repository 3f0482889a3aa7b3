"""The showdown applied step by step (:class:`pycombat.games.riftbound.cards.showdown.Progress`: one
effect, or one chain, applied to a copy of the state reached) against the whole ``showdown:`` list
played from the start (:func:`play_showdown`): on hypothesis-drawn lines of real plays, cut into
steps anywhere, every state reached gives the same board, narration and NOT MODELLED list, and a step
refused gives the same error (message and path) as the list played from the start."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.interpreter import countered
from pycombat.games.riftbound.cards.showdown import Progress, Retroactive, play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

UNITS = ["Sharkling", "Jinx - Demolitionist", "Blue Sentinel", "Leona - Determined", "Stalwart Poro",
         "Trevor Snoozebottom"]
#: real spells (damage, Might, keywords, Stun, kill, prevention, counters) and units played from hand
CARDS = ["Cleave", "Blood Rush", "Defy", "Disintegrate", "Rune Prison", "Smoke Screen", "Hidden Blade",
         "Unyielding Spirit", "Lotus Trap", "Back to Back", "Stand United", "Shen - Kinkou", "Chakram Dancer"]
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _entry(card: str, by: str, targets: list[str], to: str) -> dict:
    e: dict = {"play": card, "by": by}
    if targets:
        e["target"] = targets
    if card in ("Shen - Kinkou", "Chakram Dancer"):
        e["to"] = to
    return e


@st.composite
def lines(draw):
    """A board of real units and a line of plays the reader accepts (each entry read where it stands),
    with the points where it is cut into steps."""
    att = draw(st.lists(st.sampled_from(UNITS[:3]), min_size=1, max_size=2, unique=True))
    dfn = draw(st.lists(st.sampled_from(UNITS[3:]), min_size=1, max_size=2, unique=True))
    names = att + dfn
    plays = []
    for _ in range(draw(st.integers(1, 5))):
        card = draw(st.sampled_from(CARDS))
        by = draw(st.sampled_from(["attacker", "defender"]))
        if card == "Defy":  # a counter names a card played before
            targets = [draw(st.sampled_from([p["play"] for p in plays] or ["Cleave"]))]
        else:
            n = draw(st.sampled_from([1, 1, 1, 0, 2]))  # most cards here take one unit
            targets = draw(st.lists(st.sampled_from(names), min_size=n, max_size=n, unique=True))
        plays.append(_entry(card, by, targets, draw(st.sampled_from(["battlefield", "base"]))))
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
           "defender": {"player": "Bo", "units": dfn}}
    while plays:  # the longest prefix the reader accepts (a later entry does not change an earlier one's reading)
        try:
            scenario = scenario_from_dict({**doc, "showdown": plays})
            break
        except ScenarioError as exc:
            k = int(exc.path.split("[")[1].split("]")[0])
            plays = plays[:k]
    else:
        scenario = scenario_from_dict(doc)
    cuts = sorted(set(draw(st.lists(st.integers(0, len(plays)), max_size=3))) | {len(plays)})
    return doc, plays, scenario, cuts


def _same(a, b) -> None:
    assert a.board == b.board
    assert [(x.text, x.rules) for x in a.lines] == [(x.text, x.rules) for x in b.lines]
    assert a.unmodelled_json() == b.unmodelled_json()


@SETTINGS
@given(lines())
def test_steps_give_the_showdown_played_from_the_start(drawn):
    doc, plays, scenario, cuts = drawn
    run, effects = Progress.begin(scenario)  # no file triggers here: the effects are the plays in order
    assert len(effects) == len(plays)
    done = 0
    for cut in cuts:
        prefix = scenario_from_dict({**doc, "showdown": plays[:cut]})
        try:
            want = play_showdown(prefix)
        except ScenarioError as exc:
            want = exc
        step = run.copy()
        try:
            step.extend(list(effects[done:cut]))
            got = step.finish()
        except ScenarioError as exc:
            got = exc
        except Retroactive:
            # only when a counter names a play resolved in an earlier step: it then reaches back
            before = [e for e in effects[:done]]
            gone_then, _ = countered(before)
            gone_now, _ = countered(list(effects[:cut]))
            assert any((i in gone_now) != (i in gone_then) for i in range(done))
            return
        if isinstance(want, ScenarioError):
            assert isinstance(got, ScenarioError), got
            assert (got.message, got.path) == (want.message, want.path)
            return
        assert not isinstance(got, ScenarioError), got
        _same(got, want)
        # the state a step leaves is unchanged by the steps taken from its copies
        again = run.copy()
        again.extend(list(effects[done:cut]))
        _same(again.finish(), want)
        run, done = step, cut


def test_a_copy_is_independent():
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Jinx - Demolitionist"]},
           "defender": {"player": "Bo", "units": ["Stalwart Poro"]},
           "showdown": [{"play": "Disintegrate", "by": "attacker", "target": ["Stalwart Poro"]}]}
    scenario = scenario_from_dict(doc)
    run, effects = Progress.begin(scenario)
    before = run.finish()
    step = run.copy()
    step.extend(effects)
    assert [u.name for u in step.finish().board.defender] != [u.name for u in before.board.defender] or \
        step.finish().board.defender[0].marked > 0
    _same(run.finish(), before)  # the original is as it was
    _same(step.finish(), play_showdown(scenario))


def test_equal_states_have_equal_keys_and_orders_transpose():
    """Two independent plays in either order reach one state (the search merges them); a different
    play reaches another."""
    base = {"game": "riftbound", "attacker": {"player": "Ann", "units": ["Jinx - Demolitionist", "Sharkling"]},
            "defender": {"player": "Bo", "units": ["Stalwart Poro", "Blue Sentinel"]}}
    cleave = {"play": "Cleave", "by": "attacker", "target": ["Sharkling"]}
    rush = {"play": "Rune Prison", "by": "attacker", "target": ["Blue Sentinel"]}
    keys = []
    for plays in ([cleave, rush], [rush, cleave], [cleave]):
        run, effects = Progress.begin(scenario_from_dict({**base, "showdown": plays}))
        for e in effects:
            run.extend([e])
        keys.append(run.key())
    assert keys[0] == keys[1] != keys[2]
