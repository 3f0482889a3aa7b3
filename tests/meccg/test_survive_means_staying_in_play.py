"""One meaning of "survives": a character survives when he stays in play in his company, neither
eliminated (MECCG-BODY-1), discarded (MECCG-BODY-2: an Orc's discard number), returned to hand
(MECCG-BODY-3: a Ringwraith on an unmodified 7 or 8) nor put off to the side (MECCG-FX-28); an ally
"discarded if its controlling character is wounded" (MECCG-FX-19) leaves with his controller's wound.

``verify``'s "X survives strike N" and ``optimize --objective survive --character X`` (the full game,
:mod:`pycombat.games.meccg.combat.game`, and the strike-by-strike matching solver,
:mod:`pycombat.games.meccg.combat.matching`) must agree. The expected values are a count over the dice
written here from the printed numbers (characters.json): Faramir 5/8, Lagduf 5/8 (discarded on a body
check of exactly 8), Ren the Ringwraith 8/10, Aragorn II 6, Shagrat 6.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import pycombat
from pycombat.games.meccg.combat.matching import fast_reason, solve_fast
from pycombat.games.meccg.combat.optimize import objective_from, solve_combat
from pycombat.games.meccg.schema import scenario_from_dict

TOTALS: dict[int, Fraction] = {}
for _a, _b in product(range(1, 7), repeat=2):
    TOTALS[_a + _b] = TOTALS.get(_a + _b, Fraction(0)) + Fraction(1, 36)


def _doc(attacker: str, rolls: dict | None = None, claims=()) -> dict:
    """Faramir (hero) faces ``attacker``'s strike (minion), as the scenario files v4/v5 state it."""
    strike = {"defender": "Faramir", "attacker": attacker}
    if rolls is not None:
        strike["rolls"] = rolls
    return {"game": "meccg",
            "attacker": {"player": "A", "alignment": "minion", "site": "Moria", "members": [{"name": attacker}]},
            "defender": {"player": "D", "alignment": "hero", "site": "Moria", "members": [{"name": "Faramir"}]},
            "combat": {"strikes": [strike]},
            "claims": list(claims)}


def _leaves(attacker: str, body_roll: int) -> bool:
    """The wounded attacker's body check of ``body_roll`` takes him out of play (the rules' words)."""
    if attacker == "Lagduf":  # body 8, "discard on a body check result of 8" (MECCG-BODY-1/2)
        return body_roll > 8 or body_roll == 8
    # Ren the Ringwraith: body 10; returned to hand on an unmodified 7 or 8 (MECCG-BODY-1/3)
    return body_roll > 10 or body_roll in (7, 8)


def brute_survives(attacker: str) -> Fraction:
    """P(the attacker stays in play): 1 - P(he loses the strike and his body check takes him out)."""
    prowess = {"Lagduf": 5, "Ren the Ringwraith": 8}[attacker]
    faramir = 5
    loses = sum((pa * pd for (a, pa), (d, pd) in product(TOTALS.items(), TOTALS.items())
                 if faramir + d > prowess + a), Fraction(0))
    out = sum((p for b, p in TOTALS.items() if _leaves(attacker, b)), Fraction(0))
    return 1 - loses * out


def brute_eliminated_only(attacker: str) -> Fraction:
    """The reading that counted elimination alone (a discard or a return to hand as surviving)."""
    prowess, body = {"Lagduf": (5, 8), "Ren the Ringwraith": (8, 10)}[attacker]
    loses = sum((pa * pd for (a, pa), (d, pd) in product(TOTALS.items(), TOTALS.items())
                 if 5 + d > prowess + a), Fraction(0))
    return 1 - loses * sum((p for b, p in TOTALS.items() if b > body and not (
        attacker == "Lagduf" and b == 8) and not (attacker != "Lagduf" and b in (7, 8))), Fraction(0))


@pytest.mark.parametrize("attacker, want", [("Lagduf", Fraction(12677, 15552)),
                                            ("Ren the Ringwraith", Fraction(10943, 11664))])
def test_optimize_survive_counts_discard_and_return_as_leaving_play(attacker, want):
    s = scenario_from_dict(_doc(attacker), file="<t>")
    obj = objective_from("survive", attacker, s)
    assert brute_survives(attacker) == want
    assert want != brute_eliminated_only(attacker)  # 20453/23328 and 7673/7776 under elimination alone
    assert solve_combat(s, obj, max_nodes=10_000).value == want  # the full game
    assert fast_reason(s, obj) is None
    assert solve_fast(s, obj, max_nodes=10_000).value == want  # the matching solver


def test_the_cli_prints_the_value_and_says_what_surviving_is(tmp_path, capsys):
    import json

    import yaml

    from pycombat.cli import main

    path = tmp_path / "lagduf.yaml"
    path.write_text(yaml.safe_dump(_doc("Lagduf")), encoding="utf-8")
    assert main(["optimize", str(path), "--objective", "survive", "--character", "Lagduf", "--json"]) == 0
    assert Fraction(json.loads(capsys.readouterr().out)["value"]) == Fraction(12677, 15552)
    assert main(["optimize", str(path), "--objective", "survive", "--character", "Lagduf"]) == 0
    assert "not eliminated, discarded, returned to hand or put off to the side" in capsys.readouterr().out


@pytest.mark.parametrize("attacker", ["Lagduf", "Ren the Ringwraith"])
def test_verify_and_optimize_agree_on_surviving(attacker):
    """verify's "X survives strike 1" over every way the dice go, weighted by their chances, is
    optimize's value: one dice line per result of the strike (the defender wins, a tie, the attacker
    wins) and, where the attacker loses, every body-check roll."""
    prowess = {"Lagduf": 5, "Ren the Ringwraith": 8}[attacker]
    lines = []  # (attacker's roll, defender's roll, chance of that result)
    for result in ("fails", "tie", "succeeds"):
        p = sum((pa * pd for (a, pa), (d, pd) in product(TOTALS.items(), TOTALS.items())
                 if (5 + d > prowess + a, 5 + d == prowess + a) == (result == "fails", result == "tie")),
                Fraction(0))
        a, d = next((a, d) for a, d in product(range(2, 13), repeat=2)
                    if (5 + d > prowess + a, 5 + d == prowess + a) == (result == "fails", result == "tie"))
        lines.append((a, d, p, result))
    total = Fraction(0)
    for a, d, p, result in lines:
        # the body check: the attacker's where he loses (every roll), Faramir's where he does (any roll: it
        # does not touch the attacker), none on a tie (nobody is wounded, MECCG-SEQ-10)
        bodies = TOTALS.items() if result == "fails" else [(2 if result == "succeeds" else None, Fraction(1))]
        for b, pb in bodies:
            rolls = {"attacker": a, "defender": d, **({"body": b} if b is not None else {})}
            doc = _doc(attacker, rolls, [f"{attacker} survives strike 1"])
            [v] = pycombat.load(doc).run("verify").to_json()["claims"]
            assert v["verdict"] is (result != "fails" or not _leaves(attacker, b)), (rolls, v)
            total += p * pb * (1 if v["verdict"] else 0)
    s = scenario_from_dict(_doc(attacker), file="<t>")
    assert total == solve_combat(s, objective_from("survive", attacker, s), max_nodes=10_000).value


def test_an_ally_discarded_with_his_wounded_controller_does_not_survive():
    """Great Bats (AS-74, MECCG-FX-19) support Shagrat against Aragorn II: the Bats stay in play unless
    Shagrat (6 + 1) loses his strike to Aragorn (6); verify says so of a line where he loses."""
    doc = {"game": "meccg",
           "attacker": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
           "defender": {"player": "Jim", "alignment": "minion", "site": "Moria",
                        "members": ["Shagrat", {"name": "Great Bats", "ally_of": "Shagrat"}]}}
    s = scenario_from_dict(doc, file="<t>")
    loses = sum((pa * pd for (a, pa), (d, pd) in product(TOTALS.items(), TOTALS.items()) if 6 + a > 6 + 1 + d),
                Fraction(0))
    obj = objective_from("survive", "Great Bats", s)
    assert solve_combat(s, obj, max_nodes=10_000).value == 1 - loses == Fraction(287, 432)
    assert solve_fast(s, obj, max_nodes=10_000).value == 1 - loses
    doc["combat"] = {"strikes": [{"attacker": "Aragorn II", "defender": "Shagrat", "support": ["Great Bats"],
                                  "rolls": {"attacker": 9, "defender": 5, "body": 4}}]}
    doc["claims"] = ["Great Bats survives strike 1", "Great Bats is discarded in strike 1"]
    assert [v["verdict"] for v in pycombat.load(doc).run("verify").to_json()["claims"]] == [False, True]
