"""RB-SHOW-3 with RB-CARD-10: a player who plays a card on an empty chain without Focus had it passed to him, and the
narration says so ("Bo passes; Focus passes to Ann.") before anything that play did: before the line of a trigger it
fires that resolves ahead of it (Ravenbloom Student's "When you play a spell, give me +1 Might this turn"), not between
that trigger and the card."""
from __future__ import annotations

import pycombat


def test_the_pass_comes_before_the_triggers_the_play_fires():
    doc = {"game": "riftbound",
           "attacker": {"player": "Ann", "units": ["Ravenbloom Student"]},
           "defender": {"player": "Bo", "units": [{"name": "X", "custom": True, "might": 6}]},
           "showdown": [{"play": "Blood Rush", "by": "attacker", "target": "Ravenbloom Student"},
                        {"play": "Incinerate", "by": "attacker", "target": "X"}]}
    texts = [s["text"] for s in pycombat.load(doc).run("odds").to_json()["steps"]]
    passed = texts.index("Bo passes; Focus passes to Ann.")
    fired = [i for i, t in enumerate(texts) if t.startswith("Ann playing a spell (Incinerate) triggers")]
    played = [i for i, t in enumerate(texts) if t.startswith("Ann (attacker) plays Incinerate")]
    assert len(fired) == 1 and len(played) == 1
    assert texts[passed - 1] == "The chain resolved and Focus passes."
    assert passed < fired[0] < played[0]
