""""The defender scores" is false when he controlled the battlefield as the combat began (RB-RES-5, RB-RES-6); the note
that he can keep it, scoring nothing now, is given only where some pair of legal splits leaves it to him (he keeps it,
or the attackers are recalled), not where every pair leaves it nobody's (RB-MODEL-5: equal totals)."""
from __future__ import annotations

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict

KEEP_NOTE = "he can keep it"


def _notes(attacker_might: int) -> list[str]:
    doc = {"game": "riftbound", "title": "the defender scores?",
           "attacker": {"player": "Ann", "units": [{"name": "A", "custom": True, "might": attacker_might}]},
           "defender": {"player": "Bo", "units": [{"name": "D5", "custom": True, "might": 5}]},
           "claims": [{"id": "ds", "claim": "the defender scores"}]}
    (verdict,) = verbs.verify(scenario_from_dict(doc)).verdicts
    assert verdict.verdict is False
    return verdict.notes


def test_no_keep_note_when_the_battlefield_is_nobodys():
    assert not any(KEEP_NOTE in n for n in _notes(5))


def test_the_keep_note_when_he_keeps_it():
    assert any(KEEP_NOTE in n for n in _notes(3))
