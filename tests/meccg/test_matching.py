"""The strike-by-strike solver (pycombat/games/meccg/combat/matching.py) against the engine.

Hypothesis draws small combats (custom members with random prowess, body, status; allies that may
not be attacked; both readings of phase II; cards in hand; more strikes than targets and the
reverse, so excess strikes and supporters occur) and checks that ``optimize`` (which uses the
matching solver unless the objective is ``survive`` or a card reaches later strikes) gives the
engine's value, the engine's best phase-I choice and the engine's value for every phase-I choice,
in the engine's order (more cards in hand: tests/meccg/test_matching_hands.py). The solver also
re-solves its principal line's strikes with the engine and asserts the values agree.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from pycombat.api import read_scenario
from pycombat.errors import TooLargeError
from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.legal import example_path
from pycombat.games.meccg.combat.game import Objective
from pycombat.games.meccg.combat.matching import fast_reason, solve_fast
from pycombat.games.meccg.combat.optimize import first_choices, solve_combat
from pycombat.games.meccg.schema import scenario_from_dict
from budget import examples  # noqa: E402

STATUS = st.sampled_from(["untapped", "untapped", "tapped", "wounded"])


@st.composite
def combats(draw):
    n_att = draw(st.integers(1, 3))
    n_def = draw(st.integers(1, 3))

    def member(prefix, i, race):
        m = {"name": f"{prefix}{i}", "custom": True, "status": draw(STATUS), "prowess": draw(st.integers(1, 8)),
             "body": draw(st.integers(5, 9)), "race": race, "mp": draw(st.integers(0, 3))}
        if prefix == "D" and i > 0 and draw(st.integers(0, 4)) == 0:
            m.update(type="ally", may_not_be_attacked=True)
            del m["race"]
        elif prefix == "D" and draw(st.integers(0, 4)) == 0:  # MECCG-FX-18 (Great Troll): a phase-I target
            m["assignable_as_untapped"] = True
        return m

    att = [member("A", i, "Orc") for i in range(n_att)]
    dfn = [member("D", i, "Man") for i in range(n_def)]
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn},
            "rules": {"phase2_assignment": draw(st.sampled_from(["mandatory", "optional"]))}}
    if draw(st.integers(0, 3)) == 0:
        data["defender"]["hand"] = ["Risky Blow"]
    return scenario_from_dict(data, file="<hypothesis>")


@settings(max_examples=examples(20), deadline=None)
@given(combats(), st.sampled_from(["kill_mp", "eliminations"]))
def test_optimize_equals_engine(scenario, objective):
    reason = fast_reason(scenario, Objective(objective))
    assert reason is None  # Risky Blow acts on its own strike only: the strikes' game over the cards
    try:
        old = solve_combat(scenario, Objective(objective), max_nodes=200_000)
    except Exception as exc:  # an attack the engine cannot play is not this test's business
        pytest.skip(f"engine: {exc}")
    new = verbs.optimize(scenario, objective=objective)
    assert new.value == old.value
    assert new.choices == first_choices(old)  # every phase-I choice: label, value, best, same order


@pytest.mark.parametrize("objective", ["kill_mp", "eliminations"])
def test_fixed_independent_combat(objective):
    """3 v 3, all untapped on both sides: the solver is used and agrees with the engine, line and all."""
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": [
                {"name": f"A{i}", "custom": True, "prowess": p, "body": b, "race": "Orc", "mp": 1}
                for i, (p, b) in enumerate([(7, 8), (5, 6), (5, 6)])]},
            "defender": {"alignment": "hero", "site": "Moria", "members": [
                {"name": f"D{i}", "custom": True, "prowess": p, "body": b, "race": "Man", "mp": 2,
                 "status": s} for i, (p, b, s) in enumerate([(6, 8, "untapped"), (4, 7, "tapped"), (3, 9, "untapped")])]}}
    scenario = scenario_from_dict(data, file="<test>")
    obj = Objective(objective)
    assert fast_reason(scenario, obj) is None
    old = solve_combat(scenario, obj, max_nodes=200_000)
    new = solve_fast(scenario, obj, max_nodes=200_000)
    assert new.value == old.value
    assert first_choices(new) == first_choices(old)
    # The principal line: every step's value is the engine's value of that position.
    old_line, new_line = old.solution.principal_line(), new.solution.principal_line()
    assert [s.value for s in new_line][:1] == [s.value for s in old_line][:1]
    assert new_line[-1].kind == "terminal" and len(new_line) >= 3 + 3


def test_not_additive_or_shared_goes_to_the_engine():
    eight = read_scenario(str(example_path("eight_vs_eight.yaml")))
    assert fast_reason(eight, Objective("kill_mp")) is None
    assert fast_reason(eight, Objective("survive", "Gimli")) is None  # one strike decides the character's fate
    # Blackbole, Shagrat's ally, and Goldberry, Éomer's, leave play with them (MECCG-BODY-4): their strikes and
    # support hang on an earlier strike, so these go to the engine
    assert "MECCG-BODY-4" in fast_reason(read_scenario(str(example_path("wind_throne.yaml"))), Objective())
    assert "MECCG-BODY-4" in fast_reason(read_scenario(str(example_path("two_on_two.yaml"))), Objective())


def test_refuses_up_front_and_reports_progress():
    ten = read_scenario(str(example_path("ten_vs_ten.yaml")))
    with pytest.raises(TooLargeError) as err:
        verbs.optimize(ten, max_nodes=1000)
    text = str(err.value)
    assert "ten_vs_ten.yaml" in text and "--max-nodes" in text and "63,591" in text
    with pytest.raises(TooLargeError) as err:  # fewer choices than the bound, too many positions besides
        verbs.optimize(ten, max_nodes=70_000)
    assert "ten_vs_ten.yaml" in str(err.value) and "--max-nodes 70,000" in str(err.value)
    eight = read_scenario(str(example_path("eight_vs_eight.yaml")))
    seen = []
    verbs.optimize(eight, progress=seen.append)
    assert seen and seen == sorted(seen)


def test_excess_and_support_add_up_to_one_modifier():
    """The solver values a strike by (supporters - excess strikes) only: check every count pair on
    the Wind Throne (one excess strike, up to two supporters) with the engine's own strikes."""
    from pycombat.games.meccg.combat.game import CvccGame
    from pycombat.games.meccg.combat.matching import strike_value

    wind = read_scenario(str(example_path("wind_throne.yaml")))
    game = CvccGame(wind)
    excess = ("Odoacer", "Lagduf")
    helpers = ("Goldberry", "Éomer")
    for a, d in (("Horseman in the Night", "Aragorn II"), ("Old Troll", "Gimli")):
        by_net: dict = {}
        for e in range(3):
            for t in range(3):
                by_net.setdefault(t - e, set()).add(strike_value(game, a, d, excess[:e], helpers[:t]))
        assert all(len(v) == 1 for v in by_net.values()), by_net
        assert len({v for vs in by_net.values() for v in vs}) > 1  # the counts do change the value

