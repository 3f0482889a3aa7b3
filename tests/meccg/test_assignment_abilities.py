"""MECCG-FX-18: abilities that change the strike assignment, read from the cards' structured
abilities (characters.json ``combat_effects``) by the assignment rules.

Great Troll and Noble Hound may be assigned strikes as if untapped (phase-I targets while tapped or
wounded); Noble Hound must be assigned a strike before the character it is an ally of. The
hypothesis comparisons against the brute-force replay live in test_assign_bruteforce.py (members of
both kinds are drawn there); these tests pin the cards themselves.
"""
from __future__ import annotations

from pycombat.games.meccg import verbs
from pycombat.games.meccg.assignment.legal import Assignment, LegalAssignments, LegalTraces
from pycombat.games.meccg.cards import coverage, interpreter as cardfx
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.matching import fast_reason
from pycombat.games.meccg.combat.optimize import Objective
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _orc(name):
    return {"name": name, "custom": True, "prowess": 5, "body": 7, "race": "Orc", "mp": 1}


def _scenario(defenders, n_strikes=1, *, alignment="hero", attacker="minion"):
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"alignment": attacker, "site": "Moria", "members": [_orc(f"Orc {i}") for i in range(n_strikes)]},
        "defender": {"alignment": alignment, "site": "Moria", "members": defenders}}, file="<t>")


def test_the_cards_carry_the_abilities_and_nothing_is_left_unmodelled():
    s = _scenario([{"name": "Aragorn II"}, {"name": "Noble Hound", "ally_of": "Aragorn II", "status": "tapped"}])
    hound = s.defender.member("Noble Hound")
    assert hound.assignable_as_untapped and hound.struck_before_controller and hound.phase1_target
    assert not s.defender.member("Aragorn II").assignable_as_untapped
    for name in ("Noble Hound", "Great Troll"):
        assert cardfx.card_model(name).unmodelled == ()
    assert coverage.unmodelled(s) == []


def test_a_tapped_great_troll_is_a_phase_one_target():
    troll = {"name": "Great Troll", "status": "tapped"}
    s = _scenario([{"name": "Orc Captain", "status": "tapped"}, troll], alignment="minion", attacker="hero")
    traces = {frozenset(t.steps) for t in LegalTraces(s)}
    # the defender may give the strike to the tapped Troll in phase I; not to the tapped Orc Captain
    assert frozenset({("Orc 0", "Great Troll", 1)}) in traces
    assert not any(p == 1 and d == "Orc Captain" for t in traces for _, d, p in t)
    claim = Claim(id="c", kind="takes_strike_in_phase", text="",
                  args={"defender": "Great Troll", "attacker": "Orc 0", "phase": 1})
    assert verify(s, [claim])[0].verdict is True
    # without the ability (overridden), it is no phase-I target (MECCG-ASSIGN-2)
    plain = _scenario([{"name": "Orc Captain", "status": "tapped"}, dict(troll, assignable_as_untapped=False)],
                      alignment="minion", attacker="hero")
    v = verify(plain, [claim])[0]
    assert v.verdict is False and "MECCG-ASSIGN-2" in v.rules


def test_a_tapped_great_troll_stays_tapped_in_its_strike():
    """As if untapped for the assignment only: it still fights tapped (-1, MECCG-SEQ-8)."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "hero", "site": "Moria", "members": [_orc("Orc 0")]},
           "defender": {"alignment": "minion", "site": "Moria", "members": [{"name": "Great Troll", "status": "tapped"}]},
           "combat": {"strikes": [{"defender": "Great Troll", "attacker": "Orc 0"}]}}
    from pycombat.games.meccg.combat.strikes import combat_odds
    side = combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].defender
    assert side.prowess == 6 - 1


def test_noble_hound_is_struck_before_its_controller():
    hound = {"name": "Noble Hound", "ally_of": "Aragorn II"}
    s = _scenario([{"name": "Aragorn II"}, hound])
    view = LegalAssignments(s)
    assert {a.pairs for a in view} == {(("Orc 0", "Noble Hound"),)}
    bad = view.violations(Assignment((("Orc 0", "Aragorn II"),), ("",)[:0]))
    assert [v.rule for v in bad] == ["MECCG-FX-18"]
    # two strikes: both are struck, the Hound first in any phase order the rules allow
    s2 = _scenario([{"name": "Aragorn II"}, hound], n_strikes=2)
    for t in LegalTraces(s2):
        phase = {d: p for _, d, p in t.steps}
        assert phase["Noble Hound"] <= phase["Aragorn II"]
    # another ally's controller is not bound by it
    s3 = _scenario([{"name": "Aragorn II"}, {"name": "Legolas"}, dict(hound)])
    assert {a.pairs for a in LegalAssignments(s3)} == {(("Orc 0", "Noble Hound"),), (("Orc 0", "Legolas"),)}


def test_noble_hound_without_its_controller_is_named_unmodelled():
    s = _scenario([{"name": "Aragorn II"}, {"name": "Noble Hound"}])
    got = coverage.unmodelled(s)
    assert [(u["card"], u["touches"]) for u in got] == [("Noble Hound", ["assignment"])]
    assert "ally_of" in got[0]["why"]


def test_optimize_with_noble_hound_plays_the_phases_and_agrees_with_the_matching_solver_without_it():
    hound = {"name": "Noble Hound", "ally_of": "Aragorn II"}
    s = _scenario([{"name": "Aragorn II"}, hound], n_strikes=1)
    assert fast_reason(s, Objective("kill_mp")) is not None  # the pairs are not independent
    got = verbs.optimize(s, objective="kill_mp")
    # the one strike can only go to the Hound, Aragorn supporting: as when Aragorn may not be attacked
    only = _scenario([{"name": "Aragorn II", "may_not_be_attacked": True}, {"name": "Noble Hound"}], n_strikes=1)
    assert fast_reason(only, Objective("kill_mp")) is None
    assert got.value == verbs.optimize(only, objective="kill_mp").value



def test_creature_of_an_older_world_gives_its_ringwraith_two():
    """Creature of an Older World (AS-73): +2 prowess to the Ringwraith of its company while in play
    (MECCG-FX-4, ``company_fx``); nobody else in the company gets it."""
    from pycombat.games.meccg.combat.strikes import combat_odds

    def prowess(members, defender):
        doc = {"game": "meccg",
               "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
               "defender": {"alignment": "minion", "site": "Moria", "members": members},
               "combat": {"strikes": [{"attacker": "Aragorn II", "defender": defender}]}}
        return combat_odds(scenario_from_dict(doc, file="<t>")).setups[0].defender.prowess

    creature = {"name": "Creature of an Older World", "ally_of": "Khamûl the Ringwraith"}
    assert prowess(["Khamûl the Ringwraith", creature], "Khamûl the Ringwraith") == \
        prowess(["Khamûl the Ringwraith"], "Khamûl the Ringwraith") + 2
    assert prowess(["Khamûl the Ringwraith", "Shagrat", creature], "Shagrat") == \
        prowess(["Khamûl the Ringwraith", "Shagrat"], "Shagrat")
