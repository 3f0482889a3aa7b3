"""No Better Use (BA-41, MECCG-FX-28): in play on one of a player's characters, used at step 1 or 6 of
a strike by tapping him (once an attack), it replaces the body check of the opposing character who
loses that strike: he is put off to the side (leaves play, no kill MP, not eliminated).

Checked against a count over the dice written here from the printed numbers (Aragorn II prowess 6,
body 9; Shagrat prowess 6), with and without the card, and in ``replay`` (no body die is used)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import odds, replay, verify

ROLLS = [a + b for a, b in product(range(1, 7), repeat=2)]
ARAGORN = {"prowess": 6, "body": 9}  # printed (characters.json)
SHAGRAT = {"prowess": 6}


def _doc(*, played=True, bearer_status="untapped", wounded_aragorn=False, claims=()):
    aragorn = {"name": "Aragorn II", "status": "wounded"} if wounded_aragorn else "Aragorn II"
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria",
                         "in_play": [{"card": "No Better Use", "member": "Lagduf"}],
                         "members": ["Shagrat", {"name": "Lagduf", "status": bearer_status}]},
            "defender": {"alignment": "hero", "site": "Moria", "members": [aragorn]},
            "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Shagrat",
                                    "attacker_cards": ["No Better Use"] if played else [], "excess": ["Lagduf"]}]},
            "claims": list(claims)}


def _brute(played: bool, wounded: bool) -> dict[str, Fraction]:
    """Aragorn's fates over Shagrat's and Aragorn's 2d6 (and the body check's, where one is made);
    Lagduf's excess strike gives Aragorn -1 (MECCG-SEQ-3), wounded -2 (MECCG-SEQ-9)."""
    mine = ARAGORN["prowess"] - 1 - (2 if wounded else 0)
    out = {"aside": Fraction(0), "eliminated": Fraction(0), "survives": Fraction(0), "unhurt": Fraction(0)}
    for ra, rs in product(ROLLS, ROLLS):
        p = Fraction(1, 36 * 36)
        if mine + ra >= SHAGRAT["prowess"] + rs:
            out["unhurt"] += p
        elif played:
            out["aside"] += p
        else:
            for b in ROLLS:
                total = b + (1 if wounded else 0)
                out["eliminated" if total > ARAGORN["body"] else "survives"] += p / 36
    return out


@settings(max_examples=8, deadline=None)
@given(played=st.booleans(), wounded=st.booleans())
def test_the_loser_is_put_off_to_the_side_instead_of_his_body_check(played, wounded):
    rep = odds(scenario_from_dict(_doc(played=played, wounded_aragorn=wounded), file="<t>"))
    fate = rep.odds.fates["Aragorn II"]
    want = _brute(played, wounded)
    for k, v in want.items():
        assert fate.get(k, 0) == v, k
    assert sum(fate.values()) == 1
    if played:  # put off to the side: no kill MP for the attacking player, whatever the dice
        assert rep.kill_mp[1].prob(lambda k: k == 0) == 1


def test_replay_rolls_no_body_die_for_the_replaced_check():
    s = scenario_from_dict(_doc(), file="<t>")
    r = replay(s, rolls=[12, 2])  # Shagrat 6 + 12 against Aragorn 5 + 2: he loses; no body die
    (_setup, steps, o), = r.replay.strikes if hasattr(r, "replay") else r.strikes
    assert o.loser == "Aragorn II" and o.aside == "Aragorn II" and o.fate is None
    assert any("MECCG-FX-28" in st_.rules for st_ in steps)
    with pytest.raises(ScenarioError):
        replay(s, rolls=[12, 2, 7])  # a third die would be a body check the card replaced


@pytest.mark.parametrize("bearer_status, playable", [("untapped", True), ("tapped", False)])
def test_its_bearer_taps_to_use_it(bearer_status, playable):
    claim = {"id": "c", "claim": "No Better Use may be played at step 1 of the strike against Aragorn II"}
    v, = verify(scenario_from_dict(_doc(bearer_status=bearer_status, claims=[claim]), file="<t>")).verdicts
    assert v.verdict is playable


def test_no_better_use_is_modelled_whole():
    from pycombat.games.meccg.cards.lookup import card_report

    (card,) = card_report("No Better Use")["cards"]
    assert card["unmodelled"] == []
    assert "MECCG-FX-28" in [r["rule"] for r in card["rules"]]
