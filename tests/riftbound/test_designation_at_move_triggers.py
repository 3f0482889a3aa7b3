"""RB-COMB-2, RB-COMB-4 with RB-MIGHT-4/5: the Attacker's "When I move" triggers resolve before the combat begins
(the combat is held once that chain is empty), and the Attacker and Defender designations are given only as it
begins. So while a move trigger resolves no unit has Assault or Shield Might: a target's "less Might than me", a
"+[my Might]" and the lethal damage of a unit dealt damage then are read without them. Once the combat begins, the
units at the battlefield have their Assault and Shield again."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.claims import book, verify
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.verdicts import parse_claims


def _doc(att, dfd, showdown, claims=()):
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": att},
            "defender": {"player": "Bo", "units": dfd}, "showdown": showdown, "claims": list(claims)}


def _board(doc):
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd


def test_shield_adds_nothing_while_a_move_trigger_deals_damage():
    """Akali, Deadly Weapon (not Empowered) deals 1 to Mutated Mouser (Might 1, Shield 2) as she moves in: 1 is
    lethal then (no Defender designation yet), so it dies at that cleanup and the combat is Akali (3) against D2
    alone: the Attacker conquers."""
    doc = _doc([{"name": "Akali, Deadly Weapon", "empowered": False}],
               ["Mutated Mouser", {"name": "D2", "custom": True, "might": 2}],
               [{"trigger": "Akali, Deadly Weapon", "when": "move", "target": "Mutated Mouser", "condition": False}],
               ["Mutated Mouser dies", "the attacker conquers", "Mutated Mouser's might is 3"])
    got, sd = _board(doc)
    assert got == {"Akali, Deadly Weapon": 3, "D2": 2}
    assert ("Mutated Mouser", "defender", "killed") in sd.board.removed
    s = scenario_from_dict(doc)
    verdicts = [v.verdict for v in verify(s, parse_claims(s.claims, book(), s))]
    assert verdicts == [True, True, False]


def test_a_target_with_shield_is_compared_without_it():
    """Imposing Challenger (5) moves "an enemy unit here with less Might than me": Leona - Determined is 4 then
    (her Shield counts only once she defends): legal; she is moved away, and D1 defends alone."""
    got, _ = _board(_doc(["Imposing Challenger"], ["Leona - Determined", {"name": "D1", "custom": True, "might": 1}],
                         [{"trigger": "Imposing Challenger", "when": "move", "target": "Leona - Determined"}]))
    assert set(got) == {"Imposing Challenger", "D1"}


def test_the_movers_assault_is_not_counted_for_less_might_than_me():
    """With Captain Farron, Imposing Challenger has Assault in the combat, but as its move trigger resolves it is 5:
    a 5-Might defender is not less, and the entry is refused (RB-CARD-1)."""
    doc = _doc(["Imposing Challenger", "Captain Farron"],
               [{"name": "D5", "custom": True, "might": 5}, {"name": "D1", "custom": True, "might": 1}],
               [{"trigger": "Imposing Challenger", "when": "move", "target": "D5"}])
    with pytest.raises(ScenarioError, match="not less than Imposing Challenger's 5"):
        _board(doc)
    doc["defender"]["units"][0]["might"] = 4
    got, _ = _board(doc)
    assert "D5" not in got and got["Imposing Challenger"] > 5  # its Assault counts once the combat begins


def test_my_might_given_by_a_move_trigger_leaves_out_assault():
    """Kato the Arm gives Daring Poro +[Kato's Might] as he moves in: 3 (Captain Farron's Assault counts only once
    the combat begins); in the combat Poro is 2 +3 and its own Assault."""
    got, sd = _board(_doc(["Kato the Arm", "Daring Poro", "Captain Farron"], [{"name": "D20", "custom": True,
                                                                               "might": 20}],
                          [{"trigger": "Kato the Arm", "when": "move", "target": "Daring Poro"}]))
    poro = next(u for u in sd.board.attacker if u.name == "Daring Poro")
    assert poro.might_changes == (3,) and got["Daring Poro"] == 2 + 3 + sum(poro.assault)
    assert all(u.designated for u in sd.board.attacker + sd.board.defender)


def test_while_defending_alone_holds_only_once_the_combat_begins():
    """Wielder of Water (2; "While I'm attacking or defending alone, I have +2 Might") is not defending while Akali,
    Deadly Weapon's move trigger (Empowered: 2 damage) resolves: 2 is lethal, it dies, and no combat is held."""
    move = {"trigger": "Akali, Deadly Weapon", "when": "move", "target": "Wielder of Water", "condition": True}
    got, sd = _board(_doc([{"name": "Akali, Deadly Weapon", "empowered": True}], ["Wielder of Water"], [move]))
    assert ("Wielder of Water", "defender", "killed") in sd.board.removed and "Wielder of Water" not in got
    got, sd = _board(_doc([{"name": "A1", "custom": True, "might": 1}], ["Wielder of Water"], []))
    assert got["Wielder of Water"] == 4  # defending alone in the combat
