"""A file without ``rearguard:`` attacks with its default split (the whole Army less the figures that must
stay out, WOTR-SPLIT-5). When that split breaks a rule but legal splits exist, every verb says the same:
the default split is not legal (which one, and the rule), the Army may attack with the legal splits
(which), named as the file's ``rearguard:``; optimize chooses among them itself."""
from __future__ import annotations

import pytest

from pycombat.errors import PycombatError
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.optimize import optimize
from pycombat.games.wotr.battle.splits import default_split_note, judge_attack
from pycombat.games.wotr.claims.battle import read, verify
from pycombat.games.wotr.schema import scenario_from_dict

LONE_LEADER = {
    "game": "wotr", "title": "Gondor units with a lone Rohan Leader (Rohan not At War)",
    "politics": {"Gondor": "at_war", "Rohan": "active", "Sauron": "at_war"},
    "attacker": {"region": "Minas Tirith", "units": {"Gondor": {"regulars": 2}, "Rohan": {"leaders": 1}}},
    "defender": {"region": "Osgiliath", "units": {"Sauron": {"regulars": 2}}},
    "claims": [{"id": "legal", "claim": "the attack is legal"}],
}
NOTE = ("the file gives no rearguard: its default split, the rearguard Rohan: 1 Leader (the figures that must stay "
        "out, WOTR-SPLIT-5), is not legal (WOTR-SPLIT-2); the Army may attack with the 1 legal split (WOTR-SPLIT-1, "
        "WOTR-SPLIT-2, WOTR-SPLIT-5): attacking part Gondor: 1 Regular, rearguard Gondor: 1 Regular; Rohan: 1 Leader")


def test_every_verb_names_the_illegal_default_and_the_legal_split():
    s = scenario_from_dict(LONE_LEADER)
    assert default_split_note(s, judge_attack(s), ask=False) == NOTE
    with pytest.raises(PycombatError) as e:
        battle_report(s)
    assert "default split is not legal" in str(e.value) and NOTE + "; give it as the attacker's `rearguard:`" in e.value.help
    (v,) = verify(s, read(s))
    assert v.verdict is False and NOTE + "; give it as the attacker's `rearguard:`" in v.notes
    assert optimize(s).default_split == NOTE


def test_a_file_rearguard_or_a_legal_default_gets_no_note():
    s = scenario_from_dict({**LONE_LEADER, "attacker": {**LONE_LEADER["attacker"], "rearguard": {
        "units": {"Rohan": {"leaders": 1}}}}})
    assert default_split_note(s, judge_attack(s)) is None
    legal = scenario_from_dict({**LONE_LEADER, "politics": {"Gondor": "at_war", "Rohan": "at_war", "Sauron": "at_war"}})
    assert judge_attack(legal).legal and default_split_note(legal, judge_attack(legal)) is None
