"""RB-CARD-4: `verify` withholds only the claims a clause it does not model could change. A clause that changes only
some units' Might (an Equipment's Might bonus in no source, a "+4 instead if it's [Empowered]" on a unit whose
Empowered status is not stated) cannot change another unit's Might when nothing in the showdown carries one unit's
Might into another's: such a claim is decided, with a note naming the clause set aside; the claim on the unit it acts
on, and an outcome, stay NOT DECIDED, and so does another unit's Might once a card reads the first unit's
(Deathgrip)."""
from __future__ import annotations

import yaml

import pycombat


def _verify(tmp_path, attackers, defenders, showdown, claims):
    doc = {"game": "riftbound", "attacker": {"player": "Ann", "units": attackers},
           "defender": {"player": "Bo", "units": defenders}, "showdown": showdown,
           "claims": [{"claim": c} for c in claims]}
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(doc, sort_keys=False))
    return pycombat.load(str(f)).verify().verdicts


def _unit(name, might, **more):
    return {"name": name, "custom": True, "might": might, **more}


def test_an_equipment_bonus_in_no_source_leaves_other_units_might_decided(tmp_path):
    got = _verify(tmp_path, [_unit("A4", 4)], [_unit("D4", 4), _unit("D1", 1)],
                  [{"play": "Spinning Axe", "by": "attacker", "target": "A4"},
                   {"play": "Cloth Armor", "by": "defender", "target": "D1"}],
                  ["A4's might is 7", "D4's might is 4", "D1's might is 1", "the attacker conquers"])
    assert [v.verdict for v in got] == [True, True, None, None]
    assert any("Cloth Armor: Equipment Might bonus (attached: D1)" in n and "unable to change" in n
               for n in got[0].notes)
    assert "RB-CARD-4" in got[0].rules


def test_an_unstated_empowered_condition_on_another_unit_leaves_a_might_decided(tmp_path):
    got = _verify(tmp_path, [_unit("A2", 2, empowered=True), _unit("A1", 1)], [_unit("D6", 6)],
                  [{"play": "Guttural Roar", "by": "attacker", "target": "A2"},
                   {"play": "Guttural Roar", "by": "attacker", "target": "A1"}],
                  ["A2's might is 6", "A1's might is 3"])
    assert [v.verdict for v in got] == [True, None]


def test_a_card_reading_the_units_might_keeps_the_claim_undecided(tmp_path):
    # Deathgrip kills A1 and gives A2 its Might: 3 or 5 as A1 is or is not Empowered
    got = _verify(tmp_path, [_unit("A2", 2), _unit("A1", 1)], [_unit("D6", 6)],
                  [{"play": "Guttural Roar", "by": "attacker", "target": "A1"},
                   {"play": "Deathgrip", "by": "attacker", "target": ["A1", "A2"]}],
                  ["A2's might is 5"])
    assert [v.verdict for v in got] == [None]


def test_a_unit_with_abilities_keeps_the_claim_undecided(tmp_path):
    # a unit card with abilities in play may read other units' Might: nothing is set aside
    got = _verify(tmp_path, [_unit("A4", 4), "Petal Pixie"], [_unit("D4", 4), _unit("D1", 1)],
                  [{"play": "Cloth Armor", "by": "defender", "target": "D1"}], ["A4's might is 4"])
    assert [v.verdict for v in got] == [None]
