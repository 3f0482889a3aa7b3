"""[Deflect] (RB-MIGHT-10): "an extra Power cost on opponents' spells and abilities that choose the unit", read with
`card_costs=stated` (RB-CARD-2): printed, stated in `keywords:`, held under a condition the scenario states
([Empowered], the times Empowered, [Level N]), given by a static ability or a card during the showdown. Checked
against a brute force of the rule on drawn boards, and on each source."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

#: showdown spells choosing units, with their printed (Energy, Power) and how many units they choose
SPELLS = {"Frigid Touch": ((2, 0), 1), "Feral Strength": ((2, 0), 1), "Challenge": ((2, 1), 2)}


def _doc(att, dfn, showdown, rules=None):
    return {"game": "riftbound", "rules": {"card_costs": "stated"} if rules is None else rules,
            "attacker": {"units": att}, "defender": {"units": dfn}, "showdown": showdown}


def _plays(doc) -> bool:
    try:
        play_showdown(scenario_from_dict(doc, file="<t>"))
    except ScenarioError as e:
        assert "RB-CARD-2" in str(e) and e.path.endswith(".paid"), str(e)
        return False
    return True


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=3), st.lists(st.integers(0, 3), min_size=1, max_size=3),
       st.sampled_from(sorted(SPELLS)), st.data())
def test_the_power_tax_against_the_rule(att_d, dfn_d, spell, data):
    unit = lambda n, d: {"name": n, "custom": True, "might": 5, **({"keywords": [f"Deflect {d}"]} if d else {})}  # noqa
    att = [unit(f"A{i}", d) for i, d in enumerate(att_d)]
    dfn = [unit(f"D{i}", d) for i, d in enumerate(dfn_d)]
    deflect = {u["name"]: d for u, d in zip(att + dfn, att_d + dfn_d)}
    (energy, power), n = SPELLS[spell]
    if spell == "Challenge":  # "Choose a friendly unit and an enemy unit"
        targets = [data.draw(st.sampled_from([u["name"] for u in att])), data.draw(st.sampled_from(list(deflect)[len(att):]))]
    else:
        targets = [data.draw(st.sampled_from(sorted(deflect)))]
    tax = sum(deflect[t] for t in targets if t.startswith("D"))  # the attacker plays it: the defender's units tax it
    paid = data.draw(st.integers(0, 4))
    ok = _plays(_doc(att, dfn, [{"play": spell, "by": "attacker", "target": targets,
                                 "paid": {"energy": energy, "power": power + paid}}]))
    assert ok == (paid >= tax), (targets, deflect, paid)
    # the default reading of costs (ignore) asks for nothing
    assert _plays(_doc(att, dfn, [{"play": spell, "by": "attacker", "target": targets}], rules={}))


def test_a_printed_deflect_and_one_repeated_choice_count_once():
    poro = "Pouty Poro"  # [Deflect] printed
    doc = _doc([{"name": "A", "custom": True, "might": 5}], [poro], [
        {"play": "Frigid Touch", "by": "attacker", "target": poro, "repeat": True, "paid": {"energy": 4}}])
    with pytest.raises(ScenarioError) as e:
        play_showdown(scenario_from_dict(doc, file="<t>"))
    assert "1 Power for Pouty Poro [Deflect 1] (RB-MIGHT-10)" in str(e.value)
    doc["showdown"][0]["paid"] = {"energy": 4, "power": 1}
    assert _plays(doc)


@pytest.mark.parametrize("unit, stated, tax", [
    ("Kayle, Justified", {"empowered": 3}, 3), ("Kayle, Justified", {"empowered": 2}, 0),
    ("Solari Sunhawk", {"empowered": True}, 2), ("Solari Sunhawk", {"empowered": False}, 0),
    ("Mosstomper", {"xp": 3}, 1), ("Mosstomper", {"xp": 2}, 0)])
def test_a_conditional_deflect_follows_what_the_scenario_states(unit, stated, tax):
    me = {"name": unit, **{k: v for k, v in stated.items() if k != "xp"}}
    side = {"units": [me], **({"xp": stated["xp"]} if "xp" in stated else {})}
    doc = _doc([{"name": "A", "custom": True, "might": 5}], [], [])
    doc["defender"] = side
    for power in range(4):
        doc["showdown"] = [{"play": "Frigid Touch", "by": "attacker", "target": unit,
                            "paid": {"energy": 2, "power": power}}]
        assert _plays(doc) == (power >= tax), (unit, stated, power)


def test_a_conditional_deflect_not_stated_is_named_only_when_costs_are_read():
    doc = _doc([{"name": "A", "custom": True, "might": 5}], ["Solari Sunhawk"], [])
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert any("RB-MIGHT-10" in u.why for u in sd.unmodelled)
    doc["rules"] = {}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert not any("RB-MIGHT-10" in u.why for u in sd.unmodelled)


def test_a_deflect_given_by_a_static_ability_taxes_too():
    """Allay, Eager Admirer: "While I'm at a battlefield, other friendly units here have [Deflect]"."""
    doc = _doc([{"name": "A", "custom": True, "might": 5}],
               ["Allay, Eager Admirer", {"name": "D", "custom": True, "might": 3}], [])
    for power, ok in ((0, False), (1, True)):
        doc["showdown"] = [{"play": "Frigid Touch", "by": "attacker", "target": "D",
                            "paid": {"energy": 2, "power": power}}]
        assert _plays(doc) == ok


def test_the_showdown_game_pays_the_tax():
    """`optimize` with `hand:` and `card_costs=stated`: the search pays a unit's [Deflect] when it chooses it."""
    doc = _doc([{"name": "A", "custom": True, "might": 4}], ["Pouty Poro", {"name": "D", "custom": True, "might": 2}],
               [])
    doc["hand"] = {"attacker": ["Frigid Touch"], "defender": []}
    report = verbs.optimize(scenario_from_dict(doc, file="<t>"))
    labels = {o.label for _, d in report.solution.decisions for o in d.options}
    assert {"attacker plays Frigid Touch on Pouty Poro", "attacker plays Frigid Touch on D"} <= labels
