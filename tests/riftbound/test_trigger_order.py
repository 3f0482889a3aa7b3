"""Each player orders his own combat triggers (RB-SHOW-2, RB-CARD-10). Warwick - Hunter's "When I attack, kill all
damaged enemy units here" and Anivia - Primal's "When I attack, deal 3 to all enemy units here": Anivia's first, the
Attacker conquers; Warwick's first, it kills nothing and the battlefield is nobody's. A scenario that does not order
them has its order named NOT MODELLED (verify then decides nothing it could change; the showdown game from both hands
orders them itself, the Attacker's decision); entries `{trigger: UNIT}` state it; two triggers whose order changes
nothing (two Anivias) are not named."""
from __future__ import annotations

import pytest

import pycombat
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.outcome import outcome_classes
from pycombat.games.riftbound.schema import scenario_from_dict

WARWICK, ANIVIA = "Warwick - Hunter", "Anivia - Primal"


def _doc(units, showdown=(), **more):
    return {"game": "riftbound", "attacker": {"units": list(units)},
            "defender": {"units": ["Mountain Drake", "Vanguard Sergeant"]}, "showdown": list(showdown), **more}


@pytest.mark.parametrize("units", [[WARWICK, ANIVIA], [ANIVIA, WARWICK]])
def test_an_order_that_changes_the_board_is_named_whatever_the_listing(units):
    sd = play_showdown(scenario_from_dict(_doc(units)))
    assert [u.what for u in sd.unmodelled] == [f"the order of the attacker's combat triggers ({', '.join(units)})"]
    i = next(i for i, ln in enumerate(sd.lines) if ln.text.startswith("The combat triggers go on"))
    assert sd.lines[i + 1].text.startswith("  not modelled: the order of the attacker's combat triggers")
    verdicts = pycombat.load(_doc(units, claims=["the attacker conquers", f"{ANIVIA} dies"])).run("verify").verdicts
    assert [v.verdict for v in verdicts] == [None, None]


@pytest.mark.parametrize("order, outcome", [((ANIVIA, WARWICK), "conquer"), ((WARWICK, ANIVIA), "nobody")])
def test_an_order_stated_is_played_and_not_named(order, outcome):
    for units in ([WARWICK, ANIVIA], [ANIVIA, WARWICK]):
        sd = play_showdown(scenario_from_dict(_doc(units, [{"trigger": n} for n in order])))
        assert sd.unmodelled == [] and outcome_classes(sd.board).outcomes == {outcome}


def test_an_order_that_changes_nothing_is_not_named():
    units = [{"name": ANIVIA, "label": "A1"}, {"name": ANIVIA, "label": "A2"}]
    sd = play_showdown(scenario_from_dict(_doc(units)))
    assert sd.unmodelled == [] and sd.board.defender[0].marked == 6


def test_the_showdown_game_orders_them_itself():
    doc = _doc([WARWICK, ANIVIA], hand={"attacker": ["Incinerate"], "defender": ["Incinerate"]})
    report = pycombat.load(doc).run("optimize")
    got = report.to_json()
    assert not any(u["what"].startswith("the order of the attacker's combat triggers") for u in got["unmodelled"])
    first = report.solution.decisions[0][1]
    assert {o.label for o in first.options} == {f"attacker states {ANIVIA}'s combat trigger",
                                                f"attacker states {WARWICK}'s combat trigger"}
    assert first.options[0].label == f"attacker states {ANIVIA}'s combat trigger"  # the best: Anivia first
