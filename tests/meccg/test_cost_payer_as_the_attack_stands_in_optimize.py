"""Who may pay a card's tap cost in ``optimize`` (MECCG-FX-24, MECCG-SEQ-6): the member who taps to pay
No Waiting to Wonder's cost ("tap an untapped Hobbit") must be untapped as the attack stands when it is
played, as ``odds``, ``replay`` and ``verify`` read it (combat/strikes.py ``setup_strikes``):

* a Hobbit who tapped to support an earlier strike cannot pay it (he is tapped);
* a Hobbit whose own strike is still to come can: he pays, and then faces his strike tapped.

Board: Shagrat and Lagduf attack Aragorn II, Éomer and Sam Gamgee (the company's only Hobbit); Bob holds
No Waiting to Wonder. The values are checked against ``odds`` of the line written out."""
from __future__ import annotations

from fractions import Fraction

from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict

NWTW = "No Waiting to Wonder"


def _doc(strikes=None, hand=(NWTW,)):
    doc = {"game": "meccg",
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": ["Shagrat", "Lagduf"]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria",
                        "members": ["Aragorn II", "Éomer", "Sam Gamgee"], "hand": list(hand)}}
    if strikes is not None:
        del doc["defender"]["hand"]
        doc["combat"] = {"strikes": strikes}
    return doc


def _solved():
    s = scenario_from_dict(_doc(), file="<t>")
    return solve_combat(s, objective_from("kill_mp", None, s), max_nodes=200_000)


def _worth(doc) -> Fraction:
    """Kill-MP difference (defending player's minus attacking player's) of a combat block, by ``odds``."""
    odds = combat_odds(scenario_from_dict(doc, file="<t>"))
    return sum(p * ((o.kill_mp_defender_player - o.penalty_defender_player)
                    - (o.kill_mp_attacker_player - o.penalty_attacker_player))
               for dist in odds.per_strike for o, p in dist.items())


def _to_defender_step(solution, state, wanted: dict, defender: str):
    """Follow the game from ``state``: at a decision the option labelled as ``wanted`` says for its stage (else
    the best one), at chance the first outcome, until the defender's step of ``defender``'s strike; the
    defender's options there (a single one is taken by the game itself: then the strike's roll is reached)."""
    while not (state.stage in ("defender", "resolve") and state.current and state.current[1] == defender):
        if state.current_player() < 0:
            state = state.child(state.chance_outcomes()[0][0])
            continue
        alts = solution.alternatives(state)
        label = wanted.get(state.stage)
        pick = next((a for a in alts if a.label == label), None) or next(a for a in alts if a.best)
        state = state.child(pick.action)
    if state.stage == "resolve":
        return [" ".join(state.d_step.cards)]
    return [a.label for a in solution.alternatives(state)]


def test_a_hobbit_who_supported_an_earlier_strike_cannot_pay_a_later_cost():
    solved = _solved()
    sol = solved.solution
    start = sol.root.child(next(a.action for a in sol.alternatives(sol.root)
                                if a.label == "Éomer takes Lagduf's strike, Aragorn II takes Shagrat's strike"))
    order = {"order": "Éomer faces Lagduf's strike next"}
    offered = _to_defender_step(sol, start, {**order, "defender": "Sam Gamgee supports"}, "Aragorn II")
    assert not any(NWTW in o or "DM-151" in o for o in offered), offered
    # Sam not supporting Éomer: he may pay for Aragorn (the test can fail)
    rested = _to_defender_step(sol, start, {**order, "defender": "nothing"}, "Aragorn II")
    assert any(NWTW in o for o in rested), rested


def test_a_hobbit_whose_strike_is_still_to_come_may_pay_and_then_faces_it_tapped():
    solved = _solved()
    line = [{"defender": "Aragorn II", "attacker": "Shagrat", "support": ["Éomer"], "defender_cards": [NWTW],
             "payers": ["Sam Gamgee"]},
            {"defender": "Sam Gamgee", "attacker": "Lagduf"}]
    best = _worth(_doc(line))
    assert best == Fraction(3449845, 11337408)
    assert solved.value == best
    # the line that had the supporter pay is not a legal one, and worth less than the best
    assert solved.value > _worth(_doc([{"defender": "Éomer", "attacker": "Lagduf", "support": ["Sam Gamgee"]},
                                       {"defender": "Aragorn II", "attacker": "Shagrat"}]))
