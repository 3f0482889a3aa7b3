"""Items restored by Reforging (MECCG-FX-3): a member's ``restored:`` names them, and their restored
form acts: Ringil's "+5 prowess, maximum 11" replaces its +1 (maximum 8); restored Belegennon keeps a
warrior from the -3 he takes not to tap. An item with no restored form, or one he does not carry, is
refused."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(member="Aragorn II", items=("Ringil",), restored=(), *, untapped=False, prowess=None):
    me = {"name": member, "items": list(items), "restored": list(restored)}
    if prowess is not None:
        me["prowess"] = prowess
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": [me]},
            "combat": {"strikes": [{"defender": member, "attacker": "Lagduf", "defender_untapped": untapped}]}}


def _prowess(doc):
    return combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].defender.prowess


@settings(max_examples=examples(25), deadline=None)
@given(prowess=st.integers(min_value=0, max_value=14))
def test_restored_ringil_replaces_its_bonus_and_maximum(prowess):
    """Brute force of the weapon rule (MECCG-FX-2) on the two printed forms: max(0, min(bonus, max - prowess))."""
    def weapon(bonus, maximum):
        return prowess + max(0, min(bonus, maximum - prowess))

    assert _prowess(_doc(items=("Ringil",), prowess=prowess)) == weapon(1, 8)
    assert _prowess(_doc(items=("Ringil",), restored=("Ringil",), prowess=prowess)) == weapon(5, 11)


@pytest.mark.parametrize("member, restored, penalty", [
    ("Aragorn II", ("Belegennon",), 0),   # a warrior, restored: no -3
    ("Aragorn II", (), 3),                # not restored: -3
    ("Frodo", ("Belegennon",), 3),        # restored, but no warrior: -3
])
def test_restored_belegennon_spares_a_warrior_the_minus_three(member, restored, penalty):
    taps = _prowess(_doc(member, ("Belegennon",), restored))
    stays = _prowess(_doc(member, ("Belegennon",), restored, untapped=True))
    assert taps - stays == penalty


def test_nothing_is_left_unmodelled_once_the_scenario_says_it():
    s = scenario_from_dict(_doc(items=("Ringil", "Belegennon"), restored=("Ringil",)), file="<t>")
    assert not [e for e in unmodelled(s) if e["card"] in ("Ringil", "Belegennon")]


@pytest.mark.parametrize("items, restored, message", [
    (("Glamdring",), ("Glamdring",), "Glamdring has no restored form"),
    (("Ringil",), ("Belegennon",), "'Belegennon' is not one of this member's items"),
])
def test_a_restored_item_must_be_carried_and_have_a_restored_form(items, restored, message):
    with pytest.raises(ScenarioError, match=message) as err:
        scenario_from_dict(_doc(items=items, restored=restored), file="<t>")
    assert "defender.members[0].restored[0]" in str(err.value)
