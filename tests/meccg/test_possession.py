"""The possession check (MECCG-FX-20: a player's characters bear only items of his own alignment;
MECCG-FX-3: an ally bears no items) is decided by ``play_terms.lp``; the reader skips its grounding
when :func:`may_break_possession` (a table of derive.lp's ``own_alignment/2``) finds no item it could
refuse. Here both are compared on generated companies: any player alignment, characters and allies,
items of every alignment the data has (hero, minion, stage, dual)."""
from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.meccg.cards.database import load_carddb
from pycombat.games.meccg.cards.play import may_break_possession, possession, possession_by_rules
from pycombat.games.meccg.model import ALIGNMENTS
from pycombat.games.meccg.schema import scenario_from_dict

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])

BASE = {
    "game": "meccg",
    "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria",
                 "members": [{"name": "Shagrat"}, {"name": "Lagduf"}, {"name": "Old Troll"}]},
    "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                 "members": [{"name": "Aragorn II"}, {"name": "Frodo"}, {"name": "Gimli"}]},
}


def _items_by_alignment() -> dict[str, list]:
    out: dict[str, list] = {}
    for item in load_carddb().items:
        out.setdefault(item.alignment, []).append(item)
    return {a: sorted(v, key=lambda i: i.id)[:6] for a, v in sorted(out.items())}


ITEMS = _items_by_alignment()


@st.composite
def scenarios(draw):
    base = scenario_from_dict(BASE)
    companies = []
    for company in (base.attacker, base.defender):
        members = []
        for m in company.members:
            kind = draw(st.sampled_from(["character", "character", "ally"]))
            alignments = draw(st.lists(st.sampled_from(sorted(ITEMS)), max_size=3))
            items = tuple(draw(st.sampled_from(ITEMS[a])) for a in alignments)
            members.append(dataclasses.replace(m, card_type=kind, items=items))
        companies.append(dataclasses.replace(company, alignment=draw(st.sampled_from(ALIGNMENTS)),
                                             members=tuple(members)))
    return dataclasses.replace(base, attacker=companies[0], defender=companies[1])


def test_the_data_has_items_of_several_alignments():
    assert {"hero", "minion"} <= set(ITEMS) and len(ITEMS) >= 3


@SETTINGS
@given(scenarios())
def test_the_table_finds_an_item_exactly_when_the_rules_refuse_one(s):
    refused = possession_by_rules(s)
    assert may_break_possession(s) == bool(refused)
    assert possession(s) == refused


def test_a_refused_item_is_named_with_its_rule():
    base = scenario_from_dict(BASE)
    minion_item = ITEMS["minion"][0]
    frodo = dataclasses.replace(base.defender.members[1], items=(minion_item,))
    s = dataclasses.replace(base, defender=dataclasses.replace(
        base.defender, members=(base.defender.members[0], frodo, base.defender.members[2])))
    assert may_break_possession(s)
    (role, index, refusal), = possession(s)
    assert (role, index, refusal.rule) == ("defender", 1, "MECCG-FX-20")
    assert minion_item.name in refusal.text
