"""MECCG-FX-11, MECCG-STRUCT-7/8: "X has an effect in this combat" is decided where odds and replay decide
whether the card acts (combat/strikes.py ``standing_effects``): a hazard not in play has none (no hazard may be
played during the combat, MECCG-STRUCT-7); in play, a hazard that modifies characters has one only when its own
conditions hold for a member of either company (Glance of Arien: The Balrog away from the Under-deeps; The Sun
Shone Fiercely: Orcs, Trolls, Dwarves and Ringwraiths away from the Under-deeps). Replay names the condition
that keeps such a card off the characters."""
from __future__ import annotations

import pycombat


def _doc(site, attacker, defender, in_play, claims, *, alignments=("minion", "hero"), strike=None):
    a, d = alignments
    return {"game": "meccg", "in_play": in_play,
            "attacker": {"player": "Jim", "alignment": a, "site": site, "members": [attacker]},
            "defender": {"player": "Bob", "alignment": d, "site": site, "members": [defender]},
            "combat": {"strikes": [{"defender": defender, "attacker": attacker,
                                    "rolls": {"attacker": 7, "defender": 7, "body": 2}}]},
            "claims": claims}


def _verify(doc, flags=None):
    return pycombat.load(doc, flags=flags or {}).run("verify").to_json()


def _replay_text(doc):
    return "\n".join(s["text"] for s in _steps(pycombat.load(doc).run("replay").to_json()))


def _steps(rep):
    out = list(rep.get("preamble", ()))
    for st in rep.get("strikes", ()):
        out += st.get("steps", ())
    return out


GLANCE_UNDER_DEEPS = _doc("The Under-gates", "Aragorn II", "The Balrog", ["Glance of Arien"],
                          [{"claim": "Glance of Arien has an effect in this combat"},
                           {"claim": "the final prowess of The Balrog in strike 1 is 8"}],
                          alignments=("hero", "balrog"))


def test_glance_of_arien_at_an_under_deeps_site_has_no_effect():
    got = _verify(GLANCE_UNDER_DEEPS)["claims"]
    assert [c["verdict"] for c in got] == [False, True]  # the prowess claim: unmodified, as the verdict says
    assert [r["rule"] for r in got[0]["reasons"]] == ["MECCG-FX-11"]
    assert any("The Under-gates is an Under-deeps site" in n for n in got[0]["notes"])


def test_glance_of_arien_away_from_the_under_deeps_acts_on_the_balrog():
    # played on The Balrog's company in its player's turn, the turn he attacks in (MECCG-FX-7)
    doc = _doc("Moria", "The Balrog", "Aragorn II", ["Glance of Arien"],
               [{"claim": "Glance of Arien has an effect in this combat"},
                {"claim": "the final prowess of The Balrog in strike 1 is 6"}], alignments=("balrog", "hero"))
    got = _verify(doc)["claims"]
    assert [c["verdict"] for c in got] == [True, True]
    assert "MECCG-FX-11" in [r["rule"] for r in got[0]["reasons"]]
    assert any("The Balrog (prowess -2, body -1)" in n for n in got[0]["notes"])
    # on a defending Balrog it lasted until the end of an earlier turn, his player's
    doc = _doc("Moria", "Aragorn II", "The Balrog", ["Glance of Arien"],
               [{"claim": "Glance of Arien has an effect in this combat"},
                {"claim": "the final prowess of The Balrog in strike 1 is 8"}], alignments=("hero", "balrog"))
    got = _verify(doc)["claims"]
    assert [c["verdict"] for c in got] == [False, True]
    assert [r["rule"] for r in got[0]["reasons"]] == ["MECCG-FX-11", "MECCG-FX-7"]


def test_the_sun_shone_fiercely_acts_only_on_its_races_away_from_the_under_deeps():
    claim = [{"claim": "The Sun Shone Fiercely has an effect in this combat"}]
    moria = _doc("Moria", "Shagrat", "Gimli", ["The Sun Shone Fiercely"], claim)
    gates = _doc("The Under-gates", "Shagrat", "Gimli", ["The Sun Shone Fiercely"], claim)
    men = _doc("Moria", "Odoacer", "Éomer", ["The Sun Shone Fiercely"], claim)
    assert [_verify(d)["claims"][0]["verdict"] for d in (moria, gates, men)] == [True, False, False]
    notes = _verify(men)["claims"][0]["notes"]
    assert any("of race Orc, Troll, Dwarf or Ringwraith" in n for n in notes), notes
    # the seed's reading: no hazard has an effect anywhere
    assert _verify(moria, {"hazard_scope": "all"})["claims"][0]["verdict"] is False


def test_a_hazard_not_in_play_has_no_effect():
    doc = _doc("Moria", "Odoacer", "Éomer", [], [{"claim": "Gloom has an effect in this combat"},
                                                  {"claim": "Glance of Arien has an effect in this combat"}])
    got = _verify(doc)["claims"]
    assert [(c["verdict"], [r["rule"] for r in c["reasons"]]) for c in got] == [(False, ["MECCG-STRUCT-7"])] * 2
    # Gloom, played on the attacking company in its player's turn (MECCG-FX-7): Odoacer 4 - 1
    placed = _doc("Moria", "Odoacer", "Éomer", [{"card": "Gloom", "member": "Odoacer"}],
                  [{"claim": "Gloom has an effect in this combat"},
                   {"claim": "the final prowess of Odoacer in strike 1 is 3"}])
    assert [c["verdict"] for c in _verify(placed)["claims"]] == [True, True]


def test_a_site_not_known_leaves_the_effect_undecided():
    doc = _doc("Some Cave", "Shagrat", "Gimli", ["The Sun Shone Fiercely"],
               [{"claim": "The Sun Shone Fiercely has an effect in this combat"}])
    got = _verify(doc)
    assert got["claims"][0]["decided"] is False
    assert [u["card"] for u in got["unmodelled"]] == ["The Sun Shone Fiercely"]
    doc["defender"]["under_deeps"] = False
    assert _verify(doc)["claims"][0]["verdict"] is True


def test_replay_names_the_condition_that_keeps_the_card_off():
    text = _replay_text(GLANCE_UNDER_DEEPS)
    assert "Glance of Arien: a hazard that modifies characters; it acts on no one in this combat" in text
    assert "it acts only away from the Under-deeps, and The Under-gates is an Under-deeps site" in text
    assert "they act" not in text and "gives nothing (a hazard)" not in text
    moria = _doc("Moria", "Shagrat", "Gimli", ["The Sun Shone Fiercely"], [])
    text = _replay_text(moria)
    assert "they act [hazard_scope=attack_or_strike]: The Sun Shone Fiercely on Shagrat, Gimli" in text
    assert "gives nothing" not in text
