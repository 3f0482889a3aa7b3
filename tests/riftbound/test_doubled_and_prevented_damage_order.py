"""CR 372 (RB-CARD-18): damage dealt to a unit that is both doubled (Lotus Trap, RB-MIGHT-7) and partly prevented
(Ki Barrier's "prevent the next 7", RB-MIGHT-6) is replaced by both; the unit's controller chooses which applies
first. Prevention first deals less (6 assigned to a 3-Might unit: (6 - 6) x 2 = 0, it lives; doubling first:
6 x 2 - 7 = 5, it dies), so the order decides kills. The model applies the doubling first and names the choice NOT
MODELLED (RB-CARD-4): verify decides no claim it could change. A prevention of all of the damage (Counter Strike)
leaves nothing to order."""
from __future__ import annotations

from pycombat import api

WHAT = "the order of the doubling and the prevention of the damage dealt to D3"


def _doc(*showdown: dict) -> dict:
    return {"game": "riftbound", "battlefield": "X",
            "attacker": {"player": "Ann", "units": [{"name": "A4", "custom": True, "might": 4},
                                                    {"name": "A2", "custom": True, "might": 2}]},
            "defender": {"player": "Bo", "units": [{"name": "D3", "custom": True, "might": 3},
                                                   {"name": "D2", "custom": True, "might": 2}]},
            "showdown": list(showdown),
            "claims": [{"id": "dies", "claim": "D3 can die"}, {"id": "role", "claim": "the attacker assigns first"}]}


TRAP = {"by": "attacker", "card": "Lotus Trap", "double_damage": "D3"}
BARRIER = {"play": "Ki Barrier", "by": "defender", "target": "D3"}


def _named(doc: dict) -> list[str]:
    return [u["what"] for u in api.load(doc).odds().to_json()["unmodelled"]]


def test_combat_damage_doubled_and_partly_prevented_names_the_order():
    """The Attacker's 6 may all go on D3: dealt 5 (doubling first) or 0 (prevention first). "D3 can die" is not
    decided; a claim about the procedure still is."""
    doc = _doc(TRAP, BARRIER)
    assert _named(doc) == [WHAT]
    got = {c["id"]: c["verdict"] for c in api.load(doc).verify().to_json()["claims"]}
    assert got == {"dies": None, "role": True}


def test_a_cards_damage_doubled_and_partly_prevented_names_the_order():
    """Disintegrate's 3 to D3 in the showdown: 3 x 2 - 7 (none dealt, 1 prevention left) or (3 - 3) x 2 (none dealt,
    4 left): the combat damage after it then kills D3 or not."""
    doc = _doc(TRAP, BARRIER, {"play": "Disintegrate", "by": "attacker", "target": "D3"})
    assert _named(doc) == [WHAT]


def test_nothing_to_order_without_both_or_with_all_of_it_prevented():
    """Doubling alone, prevention alone, or the doubling with Counter Strike (the next damage prevented in full):
    one order only; the verdicts are decided."""
    for showdown in ((TRAP,), (BARRIER,), (TRAP, {"play": "Counter Strike", "by": "defender", "target": "D3"})):
        doc = _doc(*showdown)
        assert _named(doc) == [], showdown
        assert all(c["verdict"] is not None for c in api.load(doc).verify().to_json()["claims"]), showdown
