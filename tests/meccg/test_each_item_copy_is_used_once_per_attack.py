"""An item's ability is used once an attack per copy (MECCG-FX-17): uses are counted per copy, by its bearer,
never per name, in the one play check, so a non-unique item borne by two members (Iron Shield of Old AS-127,
Shield of Iron-bound Ash: ``unique: false``) is used once by each, in odds, replay, verify and optimize alike."""
from __future__ import annotations

from pycombat.games.meccg.cards import play
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import combat_odds, replay
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _doc(cards=True, combat=True):
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": [
               {"name": "Lagduf", "items": ["Iron Shield of Old"]}, {"name": "Ufthak", "items": ["Iron Shield of Old"]}]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Éomer"]}}
    if combat:
        c = ["Iron Shield of Old"] if cards else []
        doc["combat"] = {"strikes": [{"attacker": "Lagduf", "defender": "Aragorn II", "attacker_cards": c},
                                     {"attacker": "Ufthak", "defender": "Éomer", "attacker_cards": list(c)}]}
    return scenario_from_dict(doc, file="<t>")


def test_two_bearers_each_use_their_own_copy():
    co = combat_odds(_doc())
    # Iron Shield of Old makes a strike against its warrior bearer ineffectual: both strikes tie, nothing rolled
    assert [d.prob(lambda o: o.result == "tie") for d in co.per_strike] == [1, 1]
    assert [o.result for _s, _st, o in replay(_doc(), []).strikes] == ["tie", "tie"]
    got = verify(_doc(), [Claim(id="c", kind="playable_at_step", args={"card": "Iron Shield of Old", "step": 1,
                                                                        "defender": "Éomer"}, text="", path="c")])[0]
    assert got.verdict is True


def test_a_copy_once_used_is_spent_for_its_bearer_only():
    s = _doc(combat=False)
    shield = next(i.id for i in s.attacker.member("Lagduf").items)
    lagduf, ufthak = s.attacker.member("Lagduf"), s.attacker.member("Ufthak")
    spent = [f"attacker/{shield}@Lagduf"]
    assert play.item_user([lagduf], "attacker", shield, spent) is None
    assert play.item_user([ufthak], "attacker", shield, spent) == "Ufthak"
    assert play.item_user([ufthak], "attacker", shield, spent + [f"attacker/{shield}@Ufthak"]) is None
    facing = play.check(s, [play.Play(shield, "attacker", 1, facing="Ufthak")], spent=spent)
    assert facing.legal
