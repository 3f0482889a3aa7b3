"""MECCG-FX-20 for the cards a company has in play: a resource in a company's ``in_play:`` is its
player's, so of his alignment (a hero company with the minion Well-preserved is refused, instead of
giving its -1 body to a hero); hazards there are the opponent's and are not checked."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.cards.play import own_card_alignments
from pycombat.games.meccg.schema import scenario_from_dict


def _doc(alignment: str, card):
    return {"game": "meccg",
            "attacker": {"alignment": "minion" if alignment != "minion" else "hero", "site": "Moria",
                         "members": ["Lagduf" if alignment != "minion" else "Aragorn II"]},
            "defender": {"alignment": alignment, "site": "Moria",
                         "members": ["Gimli" if alignment != "minion" else "Shagrat"], "in_play": [card]}}


@pytest.mark.parametrize("alignment, card, refused", [
    ("hero", {"card": "Well-preserved", "member": "Gimli"}, True),  # a minion resource
    ("minion", {"card": "Well-preserved", "member": "Shagrat"}, False),
    ("hero", "Praise to Elbereth", False),  # a hero resource
    ("minion", "Praise to Elbereth", True),
    ("hero", "Doors of Night", False),  # a hazard: the opponent's card
])
def test_a_company_holds_only_resources_of_its_alignment(alignment, card, refused):
    if refused:
        with pytest.raises(ScenarioError, match=r"defender.in_play\[0\].*MECCG-FX-20"):
            scenario_from_dict(_doc(alignment, card), file="<t>")
    else:
        scenario_from_dict(_doc(alignment, card), file="<t>")


def test_the_table_is_derive_lps():
    assert own_card_alignments("hero") == ("hero", "neutral", "dual")
    assert set(own_card_alignments("balrog")) == {"balrog", "minion", "neutral", "dual"}
