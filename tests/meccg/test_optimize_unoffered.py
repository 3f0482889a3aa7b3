"""What ``optimize`` does not offer as a decision is named in its ``unmodelled`` (MECCG-FX-10): the
abilities of a company's allies and members, its placed cards (Lore of the Ages) and the items any
member may use for another (``carrier: company``). The game offers the hands' cards and the items a
character uses for his own strike; its best play is without the others, and says so."""
from __future__ import annotations

from pycombat.games.meccg.cards.coverage import unoffered
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import optimize


def _doc(*, in_play=(), members=("Legolas", "Gimli"), hand=(), alignment="hero"):
    return {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"alignment": alignment, "site": "Moria", "members": list(members),
                         "in_play": list(in_play), "hand": list(hand)}}


def _s(doc):
    return scenario_from_dict(doc, file="<t>")


def test_a_placed_card_used_by_tapping_its_bearer_is_named():
    s = _s(_doc(in_play=[{"card": "Lore of the Ages", "member": "Legolas"}]))
    named = unoffered(s)
    assert [(e["card"], e["member"], e["where"]) for e in named] == [("Lore of the Ages", "Legolas", "defender.in_play")]
    rep = optimize(s, objective="kill_mp")
    assert any(e["card"] == "Lore of the Ages" for e in rep.to_json()["unmodelled"])
    # and the best play is the one without it: the same value as the position without the card
    assert rep.value == optimize(_s(_doc()), objective="kill_mp").value


def test_an_ally_ability_and_a_company_item_are_named_hand_cards_are_not():
    s = _s(_doc(members=("Radagast", {"name": "Radagast's Black Bird", "ally_of": "Radagast"},
                         {"name": "Aragorn II", "items": ["Athelas"]}), hand=["Risky Blow"],
                alignment="fallen-wizard"))  # (the Black Bird is a Fallen-wizard's stage card, MECCG-FX-20)
    got = [(e["card"], e.get("member"), e["where"]) for e in unoffered(s)]
    assert got == [("Radagast’s Black Bird", "Radagast’s Black Bird", "defender.members"),
                   ("Athelas", "Aragorn II", "defender.members.items")]  # not Risky Blow, a hand card


def test_nothing_is_named_without_such_abilities():
    assert unoffered(_s(_doc(members=("Gimli", "Aragorn II"), hand=["Risky Blow"]))) == []
