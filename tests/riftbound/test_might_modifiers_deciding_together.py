"""RB-MIGHT-3 (Stun), RB-MIGHT-4 (Assault): an outcome or survival verdict cites the Might rules that decide it, found
by taking their effect off the units. Where one rule alone flips the verdict, only that rule is cited; where neither
alone does but taking several off together does (either one is enough to decide it), every member of the smallest
such sets is cited: without both the verdict flips, so each is a reason."""
from __future__ import annotations

from pycombat import api

MODIFIERS = {"RB-MIGHT-3", "RB-MIGHT-4", "RB-MIGHT-5", "RB-MIGHT-6", "RB-MIGHT-7", "RB-MIGHT-8"}


def _cited(stunned_might: int, other_might: int) -> dict[str, tuple]:
    """A (Might 3, Assault: 4 attacking) against D (Stunned: counts 0) and E (Tank)."""
    doc = {"game": "riftbound", "title": "modifiers",
           "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": 3, "keywords": ["Assault"]}]},
           "defender": {"player": "Bo", "units": [
               {"name": "D", "custom": True, "might": stunned_might, "stunned": True},
               {"name": "E", "custom": True, "might": other_might, "keywords": ["Tank"]}]},
           "claims": [{"id": "surv", "claim": "A survives"}, {"id": "dies", "claim": "A dies"},
                      {"id": "cans", "claim": "A can survive"}, {"id": "att", "claim": "the attacker conquers"}]}
    return {c["id"]: (c["verdict"], {r["rule"] for r in c["reasons"]} & MODIFIERS)
            for c in api.load(doc).verify().to_json()["claims"]}


def test_either_modifier_alone_saving_the_attacker_cites_both():
    """D (Might 1, Stunned), E (Might 2): the Defender deals 2. A survives with Stun and Assault (2 < 4), with Stun
    alone (2 < 3) and with Assault alone (3 < 4); without both, 3 kills it. Neither alone decides, both together do."""
    got = _cited(1, 2)
    assert got["surv"] == (True, {"RB-MIGHT-3", "RB-MIGHT-4"})
    assert got["dies"] == (False, {"RB-MIGHT-3", "RB-MIGHT-4"})
    assert got["cans"] == (True, {"RB-MIGHT-3", "RB-MIGHT-4"})


def test_one_modifier_that_decides_alone_is_cited_alone():
    """D (Might 3, Stunned), E (Might 2): without Stun the Defender deals 5 and kills A (lethal 4); without Assault
    it still deals only 2. Stun alone decides: Assault is no reason."""
    got = _cited(3, 2)
    assert got["surv"] == (True, {"RB-MIGHT-3"})


def test_two_modifiers_each_needed_are_both_cited():
    """D (Might 1, Stunned), E (Might 3): the Defender deals 3 < 4; without Stun 4 kills A, without Assault 3 does."""
    got = _cited(1, 3)
    assert got["surv"] == (True, {"RB-MIGHT-3", "RB-MIGHT-4"})


def test_minimal_sets_leave_out_a_rule_only_a_larger_set_holds():
    from pycombat.games.riftbound.claims import minimal_deciding_sets

    rules = ["X", "Y", "Z"]
    # the answer flips when X goes, or when Y and Z go together: {X} and {Y, Z}; not {X, Y} (it holds {X})
    flips = lambda gone: "X" in gone or {"Y", "Z"} <= gone  # noqa: E731
    assert minimal_deciding_sets(rules, flips) == [("X",), ("Y", "Z")]
    assert minimal_deciding_sets(rules, lambda gone: False) == []
