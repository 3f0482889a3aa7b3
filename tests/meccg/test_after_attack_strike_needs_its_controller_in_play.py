"""The strike after the attack that Our Own Wolves (AS-95) costs (MECCG-FX-32) is faced only by a
controller still in play: Wormtongue, who casts the card, makes the corruption check it costs (2d6 - 3
against his 0 corruption points, MECCG-FX-25) and is discarded on 2 or 3; then "afterwards each Wolf
ally's controller faces one strike" strikes nobody. ``replay`` and ``verify`` on the file's dice agree
with ``odds`` (which counts no strike for that way), and an ``after_attack:`` die for it is refused."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import replay, verify


def _doc(check_roll: int, after: list | None = None, claims: list[str] = ()) -> dict:
    combat = {"strikes": [{"defender": "War-warg", "attacker": "Aragorn II",
                           "defender_cards": [{"card": "Our Own Wolves", "member": "Wormtongue"}],
                           "rolls": {"cards": [check_roll], "attacker": 7, "defender": 7}}]}
    if after is not None:
        combat["after_attack"] = after
    return {"game": "meccg",
            "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
            "defender": {"alignment": "minion", "site": "Moria",
                         "members": [{"name": "Wormtongue", "status": "wounded", "corruption_points": 0},
                                     {"name": "War-warg", "ally_of": "Wormtongue"}]},
            "combat": combat,
            "claims": [{"id": f"c{i}", "claim": c} for i, c in enumerate(claims)]}


@pytest.mark.parametrize("check_roll", range(2, 13))
def test_a_controller_discarded_by_the_cards_check_faces_no_strike_after_the_attack(check_roll):
    discarded = check_roll - 3 <= 0  # the check fails at his corruption points or one less
    after = None if discarded else [{"ally": "War-warg", "roll": 4, "body": 9}]
    rep = replay(scenario_from_dict(_doc(check_roll, after), file="<t>")).replay
    [(_a, _steps, res)] = rep.after_attack
    if discarded:
        assert res.result == "none" and res.kill_mp == 0
        assert rep.kill_mp == (0, 0)
    else:  # 1 - 2 + 4 = 3 < 6: wounded; body check 9 + 1 = 10 > 8: eliminated, his 2 MP to Bob
        assert (res.result, res.fate, res.kill_mp) == ("succeeds", "eliminated", 2)
        assert rep.kill_mp == (0, 2)


@pytest.mark.parametrize("check_roll", [2, 3])
def test_dice_for_the_strike_of_a_discarded_controller_are_refused(check_roll):
    doc = _doc(check_roll, [{"ally": "War-warg", "roll": 4, "body": 9}])
    with pytest.raises(ScenarioError) as exc:
        replay(scenario_from_dict(doc, file="<t>"))
    assert exc.value.path == "combat.after_attack[0].roll" and "has left play" in str(exc.value)


def test_verify_says_a_discarded_controller_faces_no_strike_after_the_attack():
    claims = ["Wormtongue faces a strike after the attack",
              "War-warg's strike after the attack eliminates Wormtongue",
              "War-warg's strike after the attack fails"]
    verdicts = [v.verdict for v in verify(scenario_from_dict(_doc(2, None, claims), file="<t>")).verdicts]
    assert verdicts == [False, False, False]
    alive = [v.verdict for v in verify(scenario_from_dict(
        _doc(9, [{"ally": "War-warg", "roll": 4, "body": 9}], claims), file="<t>")).verdicts]
    assert alive == [True, True, False]
