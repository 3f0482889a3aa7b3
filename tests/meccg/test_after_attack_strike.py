"""The strike after the attack's strikes that Our Own Wolves (AS-95) costs (MECCG-FX-32): "afterwards each
Wolf ally's controller faces one strike at the ally's prowess +3". ``odds`` gives its exact chances, joint
with how the attack went (the ally or its controller out of play: no strike; the controller wounded: -2,
tapped: -1, +1 to the body check against him).

Every figure is checked against a brute force written here from the rules' words over the rolls of two
dice: each strike of the attack (both players roll, MECCG-SEQ-9/10; the loser's body check, MECCG-BODY-1/2),
then the controller's own 2d6 + prowess against the ally's prowess + 3 and his body check."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.meccg.cards import interpreter as cardfx
from pycombat.games.meccg.combat.after_attack import after_odds
from pycombat.games.meccg.combat.strikes import setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds

SETTINGS = settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: 2d6 totals and their chances
TOTALS: dict[int, Fraction] = {}
for _a, _b in product(range(1, 7), repeat=2):
    TOTALS[_a + _b] = TOTALS.get(_a + _b, Fraction(0)) + Fraction(1, 36)
PRINTED = {"Lagduf": (5, 8, 1, (8,)), "Deallus": (2, 7, 1, ()), "Wormtongue": (1, 8, 2, ()),  # characters.json
           "War-wolf": (2, 7, 1, ()), "War-warg": (3, 6, 1, ()), "The Warg-king": (4, 8, 2, ())}


def _doc(ctrl: str, ally: str, status: str, struck: bool, supports: bool = False) -> dict:
    strikes = [{"defender": ally, "attacker": "Aragorn II", "defender_cards": ["Our Own Wolves"]}]
    if supports:  # he taps to support his ally's strike (MECCG-SEQ-6): tapped afterwards
        strikes[0]["support"] = [ctrl]
    if struck:
        strikes.append({"defender": ctrl, "attacker": "Legolas"})
    return {"game": "meccg",
            "attacker": {"alignment": "hero", "site": "Moria",
                         "members": ["Aragorn II", "Legolas"] if struck else ["Aragorn II"]},
            "defender": {"alignment": "minion", "site": "Moria",
                         "members": [{"name": ctrl, "status": status}, {"name": ally, "ally_of": ctrl}]},
            "combat": {"strikes": strikes}}


def _strike(a_prowess: int, d_prowess: int, a_body: int, d_body: int, d_discard=()) -> dict:
    """One strike of the attack by brute force: ``{(defender's end: out|wounded|tapped), p}``; the
    attacker's fate does not matter here. D > A fails (the defender taps), D = A tie (he taps), D < A he is
    wounded and the body check (2d6 > body, or exactly a discard number) takes him out."""
    out: dict[str, Fraction] = {}
    for (ra, pa), (rd, pd) in product(TOTALS.items(), repeat=2):
        p = pa * pd
        if rd + d_prowess >= ra + a_prowess:
            out["tapped"] = out.get("tapped", Fraction(0)) + p
            continue
        for rb, pb in TOTALS.items():
            end = "out" if rb > d_body or rb in d_discard else "wounded"
            out[end] = out.get(end, Fraction(0)) + p * pb
    return out


def brute(doc: dict, ctrl: str, ally: str, status: str, struck: bool, setups, supports: bool = False) -> dict[str, Fraction]:
    """The afterwards strike's result by brute force: none, fails, tie, wounded (survives), out."""
    wolf = next(s for s in setups if s.defender.member.name == ally)
    ally_end = _strike(wolf.attacker.prowess, wolf.defender.prowess, wolf.attacker.body, wolf.defender.body)
    if struck:
        cs = next(s for s in setups if s.defender.member.name == ctrl)
        ctrl_end = _strike(cs.attacker.prowess, cs.defender.prowess, cs.attacker.body, cs.defender.body,
                           PRINTED[ctrl][3])
    else:
        ctrl_end = {"tapped" if supports else status: Fraction(1)}
    prowess, body, _mp, discard = PRINTED[ctrl]
    strike_prowess = PRINTED[ally][0] + 3
    out: dict[str, Fraction] = {}

    def add(k, p):
        out[k] = out.get(k, Fraction(0)) + p

    for (a_end, pa), (c_end, pc) in product(ally_end.items(), ctrl_end.items()):
        p = pa * pc
        if a_end == "out" or c_end == "out":
            add("none", p)
            continue
        was_wounded = c_end == "wounded"
        mine = prowess - (2 if was_wounded else 1 if c_end == "tapped" else 0)
        for r, pr in TOTALS.items():
            if r + mine > strike_prowess:
                add("fails", p * pr)
            elif r + mine == strike_prowess:
                add("tie", p * pr)
            else:
                for rb, pb in TOTALS.items():
                    res = rb + (1 if was_wounded else 0)
                    add("out" if res in discard or res > body else "wounded", p * pr * pb)
    return out


@SETTINGS
@given(st.sampled_from(["Lagduf", "Deallus", "Wormtongue"]), st.sampled_from(["War-wolf", "War-warg", "The Warg-king"]),
       st.sampled_from(["untapped", "tapped", "wounded"]), st.sampled_from(["struck", "supports", "aside"]))
def test_afterwards_strike_matches_brute_force(ctrl, ally, status, role):
    struck, supports = role == "struck", role == "supports"
    if struck or supports:
        status = "untapped"
    s = scenario_from_dict(_doc(ctrl, ally, status, struck, supports), file="<t>")
    setups = setup_strikes(s)
    got = after_odds(s, setups)
    assert got is not None and [(a.ally, a.controller, a.prowess) for a in got.strikes] == \
        [(ally, ctrl, PRINTED[ally][0] + 3)]
    p = got.per_strike(0)
    assert (ctrl in setups[0].supporters) == supports
    want = brute(_doc(ctrl, ally, status, struck, supports), ctrl, ally, status, struck, setups, supports)
    out = p["eliminated"] + p["discarded"]
    assert p["none"] == want.get("none", 0)
    assert p["fails"] == want.get("fails", 0)
    assert p["tie"] == want.get("tie", 0)
    assert p["wounded"] - out == want.get("wounded", 0)  # wounded and survives
    assert out == want.get("out", 0)
    # the kill MPs the opposing player scores: the controller's printed MP when he is eliminated (MECCG-BODY-5)
    assert got.kill_mp().expectation() == p["eliminated"] * PRINTED[ctrl][2]
    assert sum(p[k] for k in ("none", "fails", "tie", "wounded")) == 1


def test_odds_reports_it_and_no_card_no_strike():
    s = scenario_from_dict(_doc("Wormtongue", "The Warg-king", "wounded", False), file="<t>")
    j = odds(s).to_json()["strikes_after_attack"]
    assert j["strikes"][0]["ally"] == "The Warg-king" and j["strikes"][0]["prowess"] == 7
    assert "MECCG-FX-32" in j["rules"]
    doc = _doc("Wormtongue", "The Warg-king", "wounded", False)
    doc["combat"]["strikes"][0]["defender_cards"] = []
    assert "strikes_after_attack" not in odds(scenario_from_dict(doc, file="<t>")).to_json()


def test_card_data_names_the_wolf_allies():
    m = cardfx.model("AS-95")
    assert m.after_attack_strike == {"from": ["War-wolf", "War-warg", "The Warg-king"], "prowess_plus": 3}
    assert not any("MECCG-FX-32" in u["what"] for u in m.unmodelled)  # every verb resolves it


def test_ruling_example_with_the_casters_check():
    """examples/rulings/meccg/our_own_wolves_afterwards_strike.yaml: Wormtongue casts the card (corruption
    check 2d6 - 3 against 0: discarded on 2 or 3, MECCG-FX-25) and faces War-warg's strike at 6 afterwards,
    wounded (1 - 2), unless the check or War-warg's own strike took one of them out of play."""
    from pathlib import Path

    from pycombat.games.meccg.schema import load_scenario

    path = Path(__file__).resolve().parents[2] / "examples" / "rulings" / "meccg" / "our_own_wolves_afterwards_strike.yaml"
    s = load_scenario(str(path))
    setups = setup_strikes(s)
    warg = setups[0]
    ally_out = _strike(warg.attacker.prowess, warg.defender.prowess, warg.attacker.body, warg.defender.body)["out"]
    check_out = sum(p for r, p in TOTALS.items() if r - 3 <= 0)  # at his 0 corruption points or one less
    on = (1 - ally_out) * (1 - check_out)
    lose = sum(p for r, p in TOTALS.items() if r + 1 - 2 < 6)
    elim = sum(p for r, p in TOTALS.items() if r + 1 > 8)
    p = odds(s).after_attack.per_strike(0)
    assert p["none"] == 1 - on
    assert p["fails"] == on * sum(pr for r, pr in TOTALS.items() if r - 1 > 6)
    assert p["tie"] == on * TOTALS[7]
    assert p["wounded"] == on * lose and p["eliminated"] == on * lose * elim

