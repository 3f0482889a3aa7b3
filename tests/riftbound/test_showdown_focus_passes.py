"""RB-SHOW-1, RB-SHOW-3: only the player with Focus plays a card or uses an ability on an empty chain. The showdown's
narration says the passes that hand Focus over: Focus begins with the Attacker, passes to the other player when a
chain resolves, and a player who acts without it had it passed by the holder ("Ann passes; Focus passes to Bo.")."""
from __future__ import annotations

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

ANN, BO = "Ann (attacker)", "Bo (defender)"


def _texts(showdown: list[dict], battlefield=None) -> list[str]:
    doc = {"game": "riftbound", "title": "focus",
           "attacker": {"player": "Ann", "units": [{"name": "A3", "custom": True, "might": 3}]},
           "defender": {"player": "Bo", "units": [{"name": "D1", "custom": True, "might": 1},
                                                 {"name": "D2", "custom": True, "might": 2}]},
           "showdown": showdown}
    lines = play_showdown(scenario_from_dict(doc)).lines
    begin = next(i for i, ln in enumerate(lines) if ln.text.startswith("The showdown begins"))
    return [ln.text.split(":")[0] if " plays " in ln.text else ln.text for ln in lines[begin + 1:]]


def test_each_handover_of_focus_is_narrated():
    got = _texts([{"by": "defender", "card": "Buff", "might": 1, "unit": "D1"},
                  {"by": "defender", "card": "Buff2", "might": 1, "unit": "D2"},
                  {"by": "attacker", "card": "Buff3", "might": 1, "unit": "A3"},
                  {"by": "attacker", "card": "Buff4", "might": 1, "unit": "A3"}])
    closed = "The chain resolved and Focus passes."
    assert got == ["Ann passes; Focus passes to Bo.", f"{BO} plays Buff", closed,
                   "Ann passes; Focus passes to Bo.", f"{BO} plays Buff2", closed,
                   f"{ANN} plays Buff3", closed,
                   "Bo passes; Focus passes to Ann.", f"{ANN} plays Buff4", closed,
                   "Both players pass in turn: the showdown ends."]


def test_the_attacker_acting_first_needs_no_pass():
    got = _texts([{"by": "attacker", "card": "Buff3", "might": 1, "unit": "A3"}])
    assert not any("passes; Focus passes to" in t for t in got)


def test_a_recall_by_the_defender_follows_the_attackers_pass():
    got = _texts([{"by": "defender", "card": "Retreat", "recall": "D1"}])
    assert got[:2] == ["Ann passes; Focus passes to Bo.", f"{BO} plays Retreat"]
