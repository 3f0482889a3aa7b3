"""Cards whose CvCC use was open: Our Own Wolves (AS-95: +3 prowess to every Wolf ally for the rest of
the attack, MECCG-FX-8; its cost's check and the strike after the attack named as not modelled) and
Creature of an Older World (AS-73: its choice of the Ringwraith's strike assignment, the card flag
``older_world_assignment``, MECCG-FX-18).

The prowess is checked against the printed values read here from characters.json, plus 3 for exactly
the names the card lists."""
from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.meccg.cards import coverage
from pycombat.games.meccg.claims.verify import verify
from pycombat.games.meccg.combat.strikes import setup_strikes
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.verdicts import Claim

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "meccg" / "data"
PRINTED = {r["name"]: r["prowess"] for r in json.loads((DATA / "characters.json").read_text())["records"]
           if r["alignment"] == "minion"}
WOLVES = ("War-wolf", "War-warg", "The Warg-king")  # combat_cards.json AS-95 effects[0].target
SETTINGS = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(st.sampled_from(WOLVES), min_size=1, max_size=3, unique=True), st.booleans())
def test_our_own_wolves_gives_every_wolf_ally_three(wolves, lord_struck):
    """Played for the first Wolf ally's strike, it lasts the attack for every Wolf ally of the company and
    for no one else (MECCG-FX-8)."""
    defenders = list(wolves) + (["Shagrat"] if lord_struck else [])
    attackers = ["Aragorn II", "Gimli", "Legolas", "Faramir"][:len(defenders)]
    strikes = [{"defender": d, "attacker": a} for d, a in zip(defenders, attackers)]
    strikes[0]["defender_cards"] = ["Our Own Wolves"]
    doc = {"game": "meccg",
           "attacker": {"alignment": "hero", "site": "Moria", "members": attackers},
           "defender": {"alignment": "minion", "site": "Moria",
                        "members": ["Shagrat"] + [{"name": w, "ally_of": "Shagrat"} for w in wolves]},
           "combat": {"strikes": strikes}}
    s = scenario_from_dict(doc, file="<t>")
    for st_ in setup_strikes(s):
        name = st_.defender.member.name
        assert st_.defender.prowess == PRINTED[name] + (3 if name in WOLVES else 0), name
    open_ = [e["what"] for e in coverage.unmodelled(s) if e["card"] == "Our Own Wolves"]
    # its caster's corruption check is open (no caster named); the strike after the attack is modelled (MECCG-FX-32)
    assert len(open_) == 1 and any("corruption check" in w for w in open_)


def _older_world(flag: str | None):
    doc = {"game": "meccg",
           "attacker": {"alignment": "minion", "site": "Moria",
                        "members": ["Indûr the Ringwraith",
                                    {"name": "Creature of an Older World", "ally_of": "Indûr the Ringwraith"}]},
           "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", "Gimli"]},
           "combat": {"strikes": [{"defender": "Aragorn II", "attacker": "Indûr the Ringwraith"},
                                  {"defender": "Gimli", "attacker": "Creature of an Older World"}]}}
    if flag:
        doc["rules"] = {"older_world_assignment": flag}
    return scenario_from_dict(doc, file="<t>")


def test_older_world_choice_is_open_only_under_the_card_reading():
    """`rule` (default): the choice changes nothing in CvCC, and a claim on the card's +2 to the Ringwraith
    is decided; `card`: the choice is named as not modelled, with the flag, and that claim, which the
    assignment could change, is not decided (MECCG-FX-10)."""
    claim = Claim(id="c", kind="modifier_applies", text="",
                  args={"modifier": "Creature of an Older World", "character": "Indûr the Ringwraith"}, path="claims[0]")
    plain = _older_world(None)
    assert not [e for e in coverage.unmodelled(plain) if "assignment" in e["what"]]
    assert verify(plain, [claim])[0].verdict is True
    card = _older_world("card")
    named = [e for e in coverage.unmodelled(card) if e["card"] == "Creature of an Older World"]
    assert named and "older_world_assignment" in named[0]["why"]
    assert verify(card, [claim])[0].verdict is None
