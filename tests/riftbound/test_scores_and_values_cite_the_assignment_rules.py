"""Who scores, whether the combat has a result, an outcome read over one side's legal splits, a side's best split and
optimize's value cite the assignment rules they turn on, as fate and outcome verdicts do.

Each of those answers is read over the legal splits; the rules that make a split legal (the whole total assigned
RB-DMG-3, lethal-first RB-DMG-6, no overkill RB-DMG-7, the leftover RB-DMG-9, Tank RB-ORD-2, Backline RB-ORD-3) are
cited where, taken away (:func:`pycombat.in_force.removed`, read by :mod:`pycombat.games.riftbound.damage.switched`),
they let other splits give another answer, and only there.
"""
from __future__ import annotations

from budget import examples  # noqa: E402
from hypothesis import HealthCheck, given, settings

import yaml

from pycombat import api
from pycombat.cli import main
from pycombat.games.riftbound.damage.game import JointGame, Objective
from pycombat.games.riftbound.damage.splits import best_splits
from pycombat.games.riftbound.damage.switched import best, best_score
from pycombat.tree import build_tree, solve
from test_riftbound_bruteforce import boards


def _verify(doc: dict, claims: list[str]) -> dict[str, tuple[bool | None, list[str]]]:
    doc = {"game": "riftbound", "battlefield": "X", **doc,
           "claims": [{"id": str(i), "claim": c} for i, c in enumerate(claims)]}
    return {c["claim"]: (c["verdict"], [r["rule"] for r in c["reasons"]])
            for c in api.load(doc).verify().to_json()["claims"]}


def _unit(name: str, might: int, *keywords: str) -> dict:
    return {"name": name, "custom": True, "might": might, **({"keywords": list(keywords)} if keywords else {})}


#: A5 against D2 and E2: every legal Attacker split kills both (5 >= 4), the Defender's 4 cannot kill A5: conquer
FIVE_ON_TWO = {"attacker": {"player": "Ann", "units": [_unit("A5", 5)]},
               "defender": {"player": "Bo", "units": [_unit("D2", 2), _unit("E2", 2)]}}


def test_who_scores_cites_the_rules_that_make_every_split_a_wipe():
    """Without no overkill (RB-DMG-7) D2 4 / E2 1 is legal and E2 survives: a recall, nobody scores; without the
    whole total assigned (RB-DMG-3) the Attacker may assign nothing. "the attacker scores" (a Conquer) turns on
    both, as "the attacker conquers" does; the Defender's scoring does not (he never scores here, with any split)."""
    got = _verify(FIVE_ON_TWO, ["the attacker scores", "the attacker conquers", "the defender scores"])
    assert got["the attacker scores"] == (True, ["RB-RES-5", "RB-MODEL-4", "RB-DMG-3", "RB-DMG-7"])
    assert got["the attacker conquers"][1][-2:] == ["RB-DMG-3", "RB-DMG-7"]
    assert got["the defender scores"] == (False, ["RB-RES-5", "RB-MODEL-4", "RB-RES-4"])


def test_an_outcome_over_one_sides_legal_splits_cites_that_sides_assignment_rules():
    """The Attacker's split stated (D4 4: lethal, the Defender wiped out); the Defender's 4 against A2 and B2 (2
    each) wipes the attackers out in its one legal split, A2 2 / B2 2: nobody's. Without no overkill (RB-DMG-7) A2 4 / B2 1 leaves
    B2, and the Attacker conquers; without RB-DMG-3, too. The stated split's own rules are not the question."""
    doc = {"attacker": {"player": "Ann", "units": [_unit("A2", 2), _unit("B2", 2)]},
           "defender": {"player": "Bo", "units": [_unit("D4", 4)]},
           "splits": {"attacker": {"D4": 4}}}
    verdict, rules = _verify(doc, ["the battlefield is nobody's"])["the battlefield is nobody's"]
    assert verdict is True
    assert rules[-2:] == ["RB-DMG-3", "RB-DMG-7"] and rules.count("RB-DMG-3") == 1


TANK_FIRST = {"attacker": {"player": "Ann", "units": [_unit("A4", 4)]},
              "defender": {"player": "Bo", "units": [_unit("T3", 3, "Tank"), _unit("D4", 4)]}}


def test_optimize_names_the_assignment_rules_its_value_turns_on(tmp_path, capsys):
    """A4 against T3 [Tank] and D4: Tank makes the Attacker kill T3 (T3 3, D4 1); without it he kills D4 (D4 4),
    one more point of Might: the value (the Attacker's best score minus the Defender's, RB-MODEL-7) turns on RB-ORD-2.
    The Defender's 7 kills A4 with any rule taken away. FIVE_ON_TWO: every rule taken away leaves the value."""
    doc = {"game": "riftbound", "battlefield": "X", **TANK_FIRST}
    joint = api.load(doc).optimize().to_json()["joint"]
    assert joint["value"] == "-1" and joint["value_rules"] == ["RB-ORD-2"]
    assert api.load({"game": "riftbound", "battlefield": "X", **FIVE_ON_TWO}).optimize().to_json()["joint"][
        "value_rules"] == []
    path = tmp_path / "tank.yaml"
    path.write_text(yaml.safe_dump(doc))
    assert main(["optimize", str(path)]) == 0
    assert "the value turns on the assignment rules RB-ORD-2 (taken away" in capsys.readouterr().out


def test_a_best_split_verdict_cites_the_assignment_rules_it_turns_on():
    """On TANK_FIRST the Attacker's best split is T3 3, D4 1 (RB-MODEL-7) because Tank (RB-ORD-2) makes it kill T3:
    without Tank, D4 4 kills a unit of more Might. The Defender's A4 7 stays best with any rule taken away (less
    assigned, A4 4, kills A4 as well: a tie)."""
    got = _verify(TANK_FIRST, ["the attacker's best split is T3 3, D4 1", "the defender's best split is A4 7"])
    assert got == {"the attacker's best split is T3 3, D4 1": (True, ["RB-MODEL-7", "RB-ORD-2"]),
                   "the defender's best split is A4 7": (True, ["RB-MODEL-7"])}


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_with_every_rule_in_force_the_best_scores_give_the_joint_value(board):
    """The value the counterfactuals compare against: each side's best score over the switched model's vectors, the
    Attacker's minus the Defender's, equals the joint game's value solved on the verbs' kill classes."""
    game = JointGame(board, Objective())
    value = solve(build_tree(game.new_initial_state()))[0]
    best = {s: best_score(board, s, lambda k, s=s: game.score(s, k)) for s in ("attacker", "defender")}
    assert best["attacker"] - best["defender"] == value, board


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_defenders=3))
def test_with_every_rule_in_force_the_best_vectors_are_the_best_splits(board):
    """The splits the best-split counterfactuals compare against (the switched model's vectors of the most score,
    as the joint game scores them) are the solver's best splits (RB-MODEL-7), with every rule in force."""
    objective = board.flags.get("best_split_objective", "kills_then_might")
    game = JointGame(board, Objective(objective))
    for side in ("attacker", "defender"):
        got = best(board, side, lambda k, s=side: game.score(s, k))
        want = {frozenset(sp.amounts) for sp in best_splits(board, side, objective=objective).splits}
        assert got[1] == want, (side, board)


def test_the_value_rules_come_in_one_order_whatever_the_hash_seed():
    """optimize's ``joint.value_rules`` in the order of the assignment rules, the same in every process (the CLI, the
    page and a batch answer one file alike): under a hash seed that iterates a set of the rules the other way too."""
    import json
    import os
    import subprocess
    import sys

    from pycombat.games.riftbound.schema import example_path

    got = set()
    for seed in ("3", "6"):  # (3 lists a set {RB-ORD-2, RB-ORD-3} the other way round from 6)
        out = subprocess.run([sys.executable, "-m", "pycombat", "optimize", str(example_path("galio_holds_the_line.yaml")),
                              "--json"], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        got.add(tuple(json.loads(out.stdout)["joint"]["value_rules"]))
    assert got == {("RB-ORD-2", "RB-ORD-3")}, got
