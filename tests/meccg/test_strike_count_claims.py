"""MECCG-STRUCT-6 under strike_count_modifiers=apply: "the attack has N strikes after <card>" reads the
card's structured ``strikes`` records (combat_cards.json), each only when its condition holds: the
Quarrels' halving is their alternative with Gates of Morning / Skies of Fire in play; Foul Trophies
sets one strike against Elves, Dwarves, Dúnedain or Men; a condition outside the scenario leaves the
claim undecided."""
from __future__ import annotations

import pytest

from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim


def _verdict(attackers, card, count, *, in_play=(), flags=None):
    doc = {"game": "meccg", "rules": {"strike_count_modifiers": "apply", **(flags or {})},
           "attacker": {"alignment": "hero", "site": "Moria", "members": list(attackers)},
           "defender": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Shagrat", "Gorbag"]},
           "in_play": list(in_play)}
    s = scenario_from_dict(doc, file="<t>")
    return verify(s, [Claim(id="c", kind="strike_count", text="", args={"count": count, "card": card})])[0]


FOUR = ["Aragorn II", "Gimli", "Legolas", "Faramir"]


@pytest.mark.parametrize("card, in_play, count", [
    ("Orc Quarrels", (), 4),                     # no Skies of Fire: no halving
    ("Orc Quarrels", ("Skies of Fire",), 2),     # its alternative: halved, rounding up
    ("Dark Quarrels", (), 4),
    ("Dark Quarrels", ("Gates of Morning",), 2),
])
def test_the_count_follows_the_records_and_their_conditions(card, in_play, count):
    flags = {"foul_trophies": "applies"} if card == "Foul Trophies" else {}
    v = _verdict(FOUR, card, count, in_play=in_play, flags=flags)
    assert v.verdict is True, (v.notes, v.rules)
    assert _verdict(FOUR, card, count + 1, in_play=in_play, flags=flags).verdict is False


def test_foul_trophies_needs_every_attacker_of_its_races_and_its_flag():
    """One strike against Elves, Dwarves, Dúnedain or Men: the count is computed (and said), but its
    +3 prowess and -2 body to that strike are not modelled, so the verdict waits on them."""
    v = _verdict(FOUR, "Foul Trophies", 1, flags={"foul_trophies": "applies"})
    assert v.verdict is None and any("changes the count to 1" in n for n in v.notes)
    v = _verdict(FOUR + ["Frodo"], "Foul Trophies", 5, flags={"foul_trophies": "applies"})  # a Hobbit too
    assert v.verdict is None and any("leaves the count" in n for n in v.notes)
    assert _verdict(FOUR, "Foul Trophies", 4).verdict is True  # foul_trophies=no_effect (the default)


def test_a_condition_outside_the_scenario_is_not_decided():
    v = _verdict(FOUR, "Adûnaphel Unleashed", 1, flags={"adunaphel_unleashed": "applies"})
    assert v.verdict is None and v.unmodelled


def test_the_bows_roll_is_settled_by_the_allies_it_discarded():
    """Bow of the Galadhrim's roll is not modelled (MECCG-CARD-3): a claim that names the allies it
    discarded does not hang on it; one that does not name them waits on it."""
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria", "members": ["Shagrat", {"name": "War-warg", "ally_of": "Shagrat"}]},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Legolas", "items": ["Bow of the Galadhrim"]}, "Gimli"]}}
    s = scenario_from_dict(doc, file="<t>")
    settled = Claim(id="c", kind="strike_count", text="", args={"count": 1, "card": "Bow of the Galadhrim",
                                                                "discarded": "War-warg"})
    open_ = Claim(id="d", kind="strike_count", text="", args={"count": 2, "card": "Bow of the Galadhrim"})
    got = verify(s, [settled, open_])
    assert got[0].verdict is True and "MECCG-CARD-3" in got[0].rules
    assert got[1].verdict is None and "roll" in got[1].unmodelled[0]["what"]


@pytest.mark.parametrize("ally, decided", [(None, True), ("Blackbole", True), ("War-warg", False)])
def test_the_bows_roll_matters_only_with_an_ally_it_can_discard(ally, decided):
    """The Bow's roll discards non-unique minion allies of the company facing its bearer's (MECCG-CARD-3): with
    none there it does nothing, so "Legolas may take Shagrat's strike in phase I" is decided; Blackbole is unique,
    so it cannot discard him; with a War-warg there, who may be discarded before strikes are assigned, the claim
    waits on the roll."""
    members = ["Shagrat", "Gorbag"] + ([{"name": ally, "ally_of": "Shagrat"}] if ally else [])
    doc = {"game": "meccg", "rules": {"site_barred_ally_strikes": "strike"},
           "attacker": {"alignment": "minion", "site": "Moria", "members": members},
           "defender": {"alignment": "hero", "site": "Moria",
                        "members": [{"name": "Legolas", "items": ["Bow of the Galadhrim"]}, "Gimli"]}}
    s = scenario_from_dict(doc, file="<t>")
    claim = Claim(id="c", kind="takes_strike_in_phase", text="",
                  args={"defender": "Legolas", "attacker": "Shagrat", "phase": 1})
    v = verify(s, [claim])[0]
    assert (v.verdict is True) if decided else (v.verdict is None and "roll" in v.unmodelled[0]["what"]), v


@pytest.mark.parametrize("bearer, ally, message", [
    (None, "War-warg", "no member of the attacked company bears Bow of the Galadhrim"),
    ("Frodo", "War-warg", "Frodo bears Bow of the Galadhrim but is no Elf warrior"),
    ("Legolas", "Stinker", "Stinker is unique"),
])
def test_the_bow_discards_only_what_it_can(bearer, ally, message):
    """MECCG-CARD-3 (AS-68: its Elf warrior bearer rolls to discard non-unique minion allies), MECCG-PRE-10 (from the
    attacked company): a claim naming a discard the Bow cannot make is refused with the reason."""
    from pycombat.errors import ScenarioError

    members = [{"name": n, **({"items": ["Bow of the Galadhrim"]} if n == bearer else {})}
               for n in ("Legolas", "Frodo")]
    doc = {"game": "meccg", "attacker": {"alignment": "minion", "site": "Moria",
                                          "members": ["Shagrat", {"name": ally, "ally_of": "Shagrat"}]},
           "defender": {"alignment": "hero", "site": "Moria", "members": members}}
    s = scenario_from_dict(doc, file="<t>")
    claim = Claim(id="c", kind="strike_count", text="", args={"count": 1, "card": "Bow of the Galadhrim",
                                                              "discarded": ally})
    with pytest.raises(ScenarioError, match=message):
        verify(s, [claim])
