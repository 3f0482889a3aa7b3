"""WOTR-DICE-4, WOTR-EVT-6 (RB p.22, p.26: figures are "taken from the player's available
reinforcements"): a Muster die or a card brings into play only the acting player's own figures,
never a Nation of the other side (Nazgûl are Sauron's)."""
from __future__ import annotations

import pycombat

POLITICS = {"Gondor": "at_war", "Sauron": "at_war"}


def _verdicts(side: str, claims: list[dict], hand=()) -> dict[str, dict]:
    doc = {"game": "wotr", "politics": POLITICS,
           "position": {"regions": {"Minas Tirith": {"units": {"Gondor": {"regulars": 3}}},
                                    "Barad-dur": {"units": {"Sauron": {"regulars": 4}}}}},
           "action": {"side": side, "die": "muster"}, "hand": list(hand), "claims": claims}
    return {c["id"]: c for c in pycombat.load(doc).verify().to_json()["claims"]}


def test_the_shadow_never_recruits_free_peoples_figures():
    got = _verdicts("shadow", [
        {"id": "die", "claim": "a Muster die may recruit 1 Gondor Regular in Minas Tirith"},
        {"id": "card", "claim": "Shadow recruit card may bring 1 Gondor Regular into Minas Tirith"},
        {"id": "elves", "claim": "Shadow recruit card may bring 2 Elves Elites into Lorien"},
        {"id": "own", "claim": "a Muster die may recruit 1 Sauron Regular in Barad-dur"}],
        hand=[{"name": "Shadow recruit card", "type": "muster", "musters": True}])
    assert [got[k]["verdict"] for k in ("die", "card", "elves", "own")] == [False, False, False, True]
    assert {r["rule"] for r in got["die"]["reasons"]} == {"WOTR-DICE-4"}
    assert {r["rule"] for r in got["card"]["reasons"]} == {"WOTR-EVT-6"}
    assert any("not your nation: Gondor" in n for n in got["die"]["notes"])


def test_the_free_peoples_never_recruit_shadow_figures():
    got = _verdicts("free_peoples", [
        {"id": "nazgul", "claim": "a Muster die may recruit 1 Nazgûl in Barad-dur"},
        {"id": "sauron", "claim": "a Muster die may recruit 1 Sauron Regular in Barad-dur"},
        {"id": "own", "claim": "a Muster die may recruit 1 Gondor Regular in Dol Amroth"}])
    assert [got[k]["verdict"] for k in ("nazgul", "sauron", "own")] == [False, False, True]
    assert any("not your nation: Sauron" in n for n in got["nazgul"]["notes"])
