"""A cancelled strike under ``cancelled_strike_taps=no`` (MECCG-SEQ-12): the flag covers the strike's two
characters only, so ``replay`` names them as not tapping; a supporter who tapped at step 5 (MECCG-SEQ-6)
still taps, and the replay never says "nobody taps" beside his tapping."""
from __future__ import annotations

from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import replay, verify

DOC = {"game": "meccg",
       "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
       "defender": {"alignment": "hero", "site": "Moria", "members": ["Frodo", "Aragorn II"]},
       "combat": {"strikes": [{"defender": "Frodo", "attacker": "Shagrat", "support": ["Aragorn II"],
                               "defender_cards": ["Halfling Stealth"]}]},
       "claims": [{"id": "a", "claim": "Aragorn II taps in strike 1"},
                  {"id": "b", "claim": "Frodo taps in strike 1"}]}


def test_cancelled_strike_with_a_supporter_names_the_two_characters_that_do_not_tap():
    s = scenario_from_dict(DOC, file="<t>")
    [(_s, steps, outcome)] = replay(s).replay.strikes
    assert outcome.result == "cancelled"
    text = "\n".join(st.text for st in steps)
    assert "neither Frodo nor Shagrat taps [cancelled_strike_taps=no]" in text
    assert "nobody taps" not in text
    assert "Aragorn II taps to support Frodo" in text
    assert [v.verdict for v in verify(s).verdicts] == [True, False]
