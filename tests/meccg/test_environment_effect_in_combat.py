"""MECCG-FX-7, MECCG-CARD-13, MECCG-SEQ-14: an environment (Doors of Night) has no combat effect of its own; it
only switches other cards' conditions. "Doors of Night has an effect in this combat" and "Doors of Night
applies to X's prowess" are TRUE only where a card of this combat changes because it is in play (The Sun Shone
Fiercely -1 instead of -2, Praise to Elbereth +1, Aiglos +5 under aiglos_doors_of_night=applies), on the rules
of what changed; FALSE otherwise, on MECCG-FX-7 (and MECCG-SEQ-14 where Aiglos is held to its normal bonus),
never on MECCG-STRUCT-8, which takes away only hazards that affect attacks or strikes."""
from __future__ import annotations

import pycombat

EFFECT = "Doors of Night has an effect in this combat"
PROWESS = "Doors of Night applies to Aragorn II's prowess"


def _doc(in_play, *, attacker="Shagrat", defender="Aragorn II", claims=(EFFECT,), defender_in_play=(),
         combat=True):
    doc = {"game": "meccg", "in_play": list(in_play),
           "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "members": [attacker]},
           "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": [defender],
                        "in_play": list(defender_in_play)},
           "claims": [{"claim": c} for c in claims]}
    if combat:
        name = defender if isinstance(defender, str) else defender["name"]
        doc["combat"] = {"strikes": [{"defender": name, "attacker": attacker}]}
    return doc


def _claims(doc, flags=None):
    return pycombat.load(doc, flags=flags or {}).run("verify").to_json()["claims"]


def _rules(c):
    return [r["rule"] for r in c["reasons"]]


AIGLOS = {"name": "Aragorn II", "items": ["Aiglos"]}


def test_doors_of_night_that_no_card_reads_has_no_effect():
    effect, prowess = _claims(_doc(["Doors of Night"], claims=(EFFECT, PROWESS)))
    assert (effect["verdict"], _rules(effect)) == (False, ["MECCG-FX-7"])
    assert (prowess["verdict"], _rules(prowess)) == (False, ["MECCG-FX-7"])
    assert effect.get("decided_by_flags", {}) == {}
    # without a combat block: each member's cards in play and items, read the same way
    alone = _claims(_doc(["Doors of Night"], combat=False))[0]
    assert (alone["verdict"], _rules(alone)) == (False, ["MECCG-FX-7"])
    with_aiglos = _doc(["Doors of Night"], defender=AIGLOS, combat=False)
    assert _claims(with_aiglos, {"aiglos_doors_of_night": "applies"})[0]["verdict"] is True


def test_doors_of_night_has_an_effect_through_aiglos_only_under_its_flag():
    doc = _doc(["Doors of Night"], defender=AIGLOS, claims=(EFFECT, PROWESS))
    for c in _claims(doc):  # the seed's default: Aiglos keeps its normal bonus, Doors of Night changes nothing
        assert c["verdict"] is False
        assert "MECCG-SEQ-14" in _rules(c) and "MECCG-STRUCT-8" not in _rules(c)
        assert c.get("decided_by_flags") == {"aiglos_doors_of_night": "ignored"}
    for c in _claims(doc, {"aiglos_doors_of_night": "applies"}):  # Aiglos +5 because Doors of Night is in play
        assert c["verdict"] is True
        assert "MECCG-SEQ-14" in _rules(c)
        assert any("+5" in n for n in c["notes"])


def test_doors_of_night_has_an_effect_through_praise_to_elbereth():
    # Praise to Elbereth's +1 lasts until the end of the turn: in force on the company attacking in its player's
    # own turn (MECCG-FX-7), here Bob's, who attacks Jim
    doc = _doc(["Doors of Night"], defender_in_play=["Praise to Elbereth"])
    doc["attacker"], doc["defender"] = doc["defender"], doc["attacker"]
    doc["combat"]["strikes"] = [{"defender": "Shagrat", "attacker": "Aragorn II"}]
    c = _claims(doc)[0]
    assert c["verdict"] is True and "MECCG-FX-14" in _rules(c)
    assert _claims(doc, {"praise_to_elbereth": "no_effect"})[0]["verdict"] is False
    assert _claims(doc, {"hazard_scope": "all"})[0]["verdict"] is False  # the seed: no hazard acts at all
    # on the defending company it was played in an earlier turn: nothing reads Doors of Night
    assert _claims(_doc(["Doors of Night"], defender_in_play=["Praise to Elbereth"]))[0]["verdict"] is False


def test_doors_of_night_has_an_effect_through_the_sun_shone_fiercely_on_an_orc():
    orc = _doc(["Doors of Night", "The Sun Shone Fiercely"])
    c = _claims(orc)[0]
    assert c["verdict"] is True and "MECCG-FX-11" in _rules(c)
    assert any("Shagrat" in n and "-1" in n for n in c["notes"]), c["notes"]
    men = _doc(["Doors of Night", "The Sun Shone Fiercely"], attacker="Odoacer")  # neither side an Orc
    assert _claims(men)[0]["verdict"] is False


def test_replay_says_what_doors_of_night_switches(tmp_path, capsys):
    """replay's "In play" line for an environment with no effect of its own says what the cards that read it do
    in this combat (MECCG-FX-7), never that STRUCT-8 takes it away."""
    from pathlib import Path

    from pycombat.cli import main

    text = (Path(__file__).resolve().parents[2] / "examples" / "meccg" / "wind_throne.yaml").read_text(encoding="utf-8")
    assert "    - {name: Aragorn II}\n" in text
    path = tmp_path / "aiglos.yaml"
    path.write_text(text.replace("    - {name: Aragorn II}\n", "    - {name: Aragorn II, items: [Aiglos]}\n"),
                    encoding="utf-8")
    lines = {}
    for reading in ("applies", "ignored"):
        assert main(["replay", str(path), "--flag", f"aiglos_doors_of_night={reading}"]) == 0
        lines[reading] = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("In play: Doors of Night"))
    assert "the cards that read it change: Aragorn II in strike 3: Aiglos (Doors of Night in play): +5" \
        in lines["applies"] and "MECCG-FX-7" in lines["applies"] and "MECCG-STRUCT-8" not in lines["applies"]
    assert "read but held" in lines["ignored"] and "normal bonus only" in lines["ignored"]
