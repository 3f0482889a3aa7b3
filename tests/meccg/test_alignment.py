"""MECCG-ALIGN-1..8 and MECCG-INIT-2..4: who may attack whom.

The expected matrix is written here straight from the digest's words (section 2), not
derived from the ASP, and compared for every pair of company kinds, with and without
Prone to Violence (BA-42).
"""
from __future__ import annotations

import itertools

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.assignment.legal import judge_attack
from pycombat.games.meccg.schema import scenario_from_dict

KINDS = ("hero", "ringwraith", "balrog", "fw_overt", "fw_covert")

# MECCG-ALIGN-1..5, read off the digest:
EXPECTED = {
    "hero": {"ringwraith", "balrog", "fw_overt"},  # ALIGN-1
    "ringwraith": {"hero", "fw_overt", "fw_covert"},  # ALIGN-2
    "balrog": {"hero", "fw_overt", "fw_covert"},  # ALIGN-3
    "fw_covert": {"ringwraith", "balrog", "fw_overt"},  # ALIGN-4 (+ ALIGN-5: anyone may attack an overt FW)
    "fw_overt": set(KINDS),  # ALIGN-5
}
MINION_KINDS = {"ringwraith", "balrog"}  # ALIGN-7: companies of Ringwraith or Balrog players


def company(kind: str, *, ptv: bool = False, members=None, **extra) -> dict:
    base = {
        "hero": {"alignment": "hero", "members": [{"name": "Aragorn II"}]},
        "ringwraith": {"alignment": "minion", "members": [{"name": "Odoacer"}]},
        "balrog": {"alignment": "balrog", "members": [{"name": "Lagduf"}]},
        # overt: an Orc in the company (MECCG-ALIGN-6)
        "fw_overt": {"alignment": "fallen-wizard", "members": [{"name": "Lagduf"}, {"name": "Odoacer"}]},
        # covert: only Men
        "fw_covert": {"alignment": "fallen-wizard", "members": [{"name": "Odoacer"}]},
    }[kind]
    out = {"site": "Moria", **base, **extra}
    if members is not None:
        out["members"] = members
    if ptv:
        out["in_play"] = ["Prone to Violence"]
    return out


#: the defending company's member for each of :func:`company`'s: one of the same race and alignment (a unique
#: character is in play once at most, MECCG-FX-33)
DEFENDING = {"Aragorn II": "Legolas", "Odoacer": "Horseman in the Night", "Lagduf": "Orc Captain"}


def scenario(att: dict, dfn: dict, **flags):
    dfn = {**dfn, "members": [{**m, "name": DEFENDING.get(m["name"], m["name"])} for m in dfn["members"]]}
    return scenario_from_dict({"game": "meccg", "attacker": att, "defender": dfn, "rules": flags}, file="<test>")


@pytest.mark.parametrize("att,dfn", list(itertools.product(KINDS, KINDS)))
@pytest.mark.parametrize("ptv", [False, True])
def test_alignment_matrix(att, dfn, ptv):
    """MECCG-ALIGN-1..5 for every pair of kinds; MECCG-ALIGN-7 when Prone to Violence is in
    play (neither company here holds a Ringwraith). A hero company holding the minion card is
    refused when the scenario is read (MECCG-FX-20)."""
    if ptv and att == "hero":
        with pytest.raises(ScenarioError, match="MECCG-FX-20"):
            scenario(company(att, ptv=ptv), company(dfn))
        return
    verdict = judge_attack(scenario(company(att, ptv=ptv), company(dfn)))
    assert verdict.kinds == (att, dfn)
    expected = dfn in EXPECTED[att] or (ptv and att in MINION_KINDS and dfn in MINION_KINDS)
    assert verdict.legal == expected, verdict.violations
    if not expected:
        rules = {v.rule for v in verdict.violations}
        assert rules & {"MECCG-ALIGN-1", "MECCG-ALIGN-2", "MECCG-ALIGN-3", "MECCG-ALIGN-4"}
        if ptv and att in MINION_KINDS:
            assert "MECCG-ALIGN-7" in rules  # says which PtV condition failed
    else:
        assert verdict.allowed_by


def test_align_7_ptv_blocked_by_a_ringwraith_in_either_company():
    """MECCG-ALIGN-7: neither company may contain a Ringwraith."""
    wk = [{"name": "The Witch-king"}, {"name": "Odoacer"}]
    v = judge_attack(scenario(company("ringwraith", ptv=True, members=wk), company("ringwraith")))
    assert not v.legal
    assert ("MECCG-ALIGN-7", "attacker_has_ringwraith") in {(x.rule, x.detail) for x in v.violations}
    v = judge_attack(scenario(company("ringwraith", ptv=True), company("ringwraith", members=wk)))
    assert ("MECCG-ALIGN-7", "defender_has_ringwraith") in {(x.rule, x.detail) for x in v.violations}


def test_align_7_ptv_attacker_may_contain_the_balrog():
    """MECCG-ALIGN-7: the attacking company may contain The Balrog."""
    att = company("balrog", ptv=True, members=[{"name": "The Balrog"}, {"name": "Lagduf"}])
    assert judge_attack(scenario(att, company("ringwraith"))).legal


@pytest.mark.parametrize("flag,legal", [("allowed", True), ("forbidden", False)])
def test_align_7_ptv_defender_balrog_flag(flag, legal):
    """MECCG-ALIGN-7 [ptv_defender_balrog]: may the defending company hold The Balrog?"""
    dfn = company("balrog", members=[{"name": "The Balrog"}])
    v = judge_attack(scenario(company("ringwraith", ptv=True), dfn, ptv_defender_balrog=flag))
    assert v.legal == legal
    if not legal:
        assert ("MECCG-ALIGN-7", "defender_has_balrog") in {(x.rule, x.detail) for x in v.violations}


@pytest.mark.parametrize("flag,stage,legal", [("off", 11, False), ("on", 11, True), ("on", 10, False)])
def test_align_8_fallen_wizard_over_10_stage_points(flag, stage, legal):
    """MECCG-ALIGN-8 [fw_stage_gt10]: a covert FW company with its Fallen-wizard and more than
    10 stage points may attack a hero company (normally forbidden, ALIGN-4)."""
    att = company("fw_covert", members=[{"name": "Saruman"}, {"name": "Odoacer"}], stage_points=stage)
    v = judge_attack(scenario(att, company("hero"), fw_stage_gt10=flag))
    assert v.legal == legal
    assert ("MECCG-ALIGN-8" in v.allowed_by) == legal


@pytest.mark.parametrize("members,overt", [
    ([{"name": "Odoacer"}], False),  # Men only: covert
    ([{"name": "Sly Southerner"}, {"name": "Odoacer"}], False),  # Half-orc with a Man: covert
    ([{"name": "Sly Southerner"}, {"name": "Elladan"}], True),  # Half-orc with an Elf: overt
    ([{"name": "Old Troll"}], True),  # a Troll
    ([{"name": "Odoacer", "race": "Orc"}], True),  # an Orc (race overridden inline)
])
def test_align_6_overt(members, overt):
    """MECCG-ALIGN-6: overt or covert decides whether a hero company may attack (ALIGN-1)."""
    att = company("hero")
    dfn = {"alignment": "fallen-wizard", "site": "Moria", "members": members}
    v = judge_attack(scenario(att, dfn))
    assert v.kinds[1] == ("fw_overt" if overt else "fw_covert")
    assert v.legal == overt


def test_align_6_declared_covert_but_overt_is_an_error():
    dfn = {"alignment": "fallen-wizard", "site": "Moria", "status": "covert", "members": [{"name": "Old Troll"}]}
    with pytest.raises(ScenarioError, match="MECCG-ALIGN-6"):
        judge_attack(scenario(company("hero"), dfn))


def test_align_6_declared_overt_stands():
    """A card the data does not know may make the company overt: the declaration stands."""
    dfn = {"alignment": "fallen-wizard", "site": "Moria", "status": "overt", "members": [{"name": "Odoacer"}]}
    assert judge_attack(scenario(company("hero"), dfn)).legal


@pytest.mark.parametrize("extra,rule", [
    ({"site": "Bree"}, "MECCG-INIT-2"),
    ({"entered_site": False}, "MECCG-INIT-2"),
    ({"influence_attempt_this_turn": True}, "MECCG-INIT-3"),
    ({"attacked_this_turn": True}, "MECCG-INIT-4"),
])
def test_init_rules(extra, rule):
    """MECCG-INIT-2..4: same site and entered; no influence attempt; one attack a turn."""
    v = judge_attack(scenario(company("ringwraith", **extra), company("hero")))
    assert not v.legal
    assert rule in {x.rule for x in v.violations}


def test_init_2_same_site_whatever_the_spelling():
    """MECCG-INIT-2 note: the same named site, whatever the alignment version or the case."""
    v = judge_attack(scenario(company("ringwraith", site="the wind throne"), company("hero", site="The Wind Throne")))
    assert v.legal
