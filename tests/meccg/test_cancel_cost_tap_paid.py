"""A cancel's cost that taps a member is paid when it is played (MECCG-FX-15/27): where the attacker's card
keeps the attack (Indûr Unleashed, MECCG-FX-29) the scout who tapped for Concealment is tapped for the
assignment and his strike, in odds, verify and enumerate alike; its player names him
(`{card: Concealment, member: X}`), else the first scout pays."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.verbs import enumerate as enumerate_verb
from pycombat.verdicts import Claim


def _doc(cancel="Concealment", heroes=("Gimli", "Frodo"), strikes=None, lagduf=False):
    members = ["Indûr the Ringwraith", "Shagrat"] + ([{"name": "Lagduf", "status": "tapped"}] if lagduf else [])
    return scenario_from_dict({
        "game": "meccg",
        "attacker": {"player": "Jim", "alignment": "minion", "site": "Moria", "in_play": ["Indûr Unleashed"],
                     "members": members},
        "defender": {"player": "Bob", "alignment": "hero", "site": "Moria", "members": list(heroes)},
        "combat": {"before_assignment": [cancel],
                   "strikes": strikes if strikes is not None else [
                       {"defender": "Gimli", "attacker": "Indûr the Ringwraith"},
                       {"defender": "Frodo", "attacker": "Shagrat"}]}}, file="<t>")


def test_the_scout_who_paid_faces_his_strike_tapped():
    odds = combat_odds(_doc())
    frodo = odds.setups[1].defender
    assert frodo.prowess == 0  # 1, tapped -1 (MECCG-SEQ-9)
    # Frodo 0 vs Shagrat 6, body 9
    assert [odds.per_strike[1].prob(lambda o, r=r: o.result == r) for r in ("fails", "tie", "succeeds")] == [
        Fraction(35, 1296), Fraction(35, 1296), Fraction(613, 648)]
    claim = Claim(id="c", kind="final_prowess", args={"character": "Frodo", "strike": 2, "value": 0}, text="",
                  path="c")
    assert verify(_doc(), [claim])[0].verdict is True


def test_enumerate_assigns_with_the_payer_tapped():
    got = enumerate_verb(_doc(strikes=[], lagduf=True), count=True)
    assert got.result.count == 4  # as with Frodo tapped in the file (6 with him untapped)


def test_the_payer_is_named_and_must_be_able_to_pay():
    heroes = ("Gimli", "Frodo", "Aragorn II")
    strikes = [{"defender": "Gimli", "attacker": "Indûr the Ringwraith", "support": ["Frodo"]},
               {"defender": "Aragorn II", "attacker": "Shagrat"}]
    with pytest.raises(ScenarioError, match="not untapped"):  # the first scout, Frodo, paid: he cannot support
        combat_odds(_doc(heroes=heroes, strikes=strikes))
    odds = combat_odds(_doc({"card": "Concealment", "member": "Aragorn II"}, heroes=heroes, strikes=strikes))
    assert (odds.setups[0].defender.prowess, odds.setups[1].defender.prowess) == (6, 5)
    with pytest.raises(ScenarioError, match="Gimli cannot pay Concealment's cost"):
        combat_odds(_doc({"card": "Concealment", "member": "Gimli"}, heroes=heroes, strikes=strikes))


def test_a_defaulted_payer_is_said_and_optimize_names_the_choice_it_does_not_weigh(tmp_path):
    """The file leaves Concealment's payer to the default (the first scout, Aragorn II) while Frodo could pay:
    odds states the default with the other payer, and optimize, which plays the default and does not weigh the
    choice, names it as not modelled; a file naming the payer gets neither."""
    import pycombat

    ruling = Path(pycombat.__file__).resolve().parent.parent / "examples" / "rulings" / "meccg" / "attack_kept.yaml"
    s = pycombat.load(ruling)
    assert ("Concealment's cost taps Aragorn II, the first who can pay it (MECCG-FX-24); Frodo could pay it instead: "
            "name the payer as {card: Concealment, member: NAME}") in s.odds().to_json()["defaults"]
    assert [u["what"] for u in s.optimize().to_json()["unmodelled"] if u["card"] == "Concealment"] == [
        "who pays its cost: Aragorn II by default (Frodo could instead)"]
    text = ruling.read_text(encoding="utf-8").replace("before_assignment: [Concealment]",
                                                      "before_assignment: [{card: Concealment, member: Frodo}]")
    assert "{card: Concealment, member: Frodo}" in text
    named = tmp_path / "named.yaml"
    named.write_text(text, encoding="utf-8")
    t = pycombat.load(named)
    assert not any("Concealment" in d for d in t.odds().to_json()["defaults"])
    assert not any(u["card"] == "Concealment" for u in t.optimize().to_json()["unmodelled"])
