"""Unit tokens played in a showdown (RB-CARD-15): named so later entries can choose them, at the base
(out of the combat until moved in) or at the battlefield (fighting for their side). Random boards
against the brute force: test_riftbound_cards.py (test_unit_tokens_against_the_oracle)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import coverage
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict

FLURRY = {"play": "Flurry of Feathers", "by": "defender", "mode": 2}


def _doc(showdown):
    return {"game": "riftbound", "attacker": {"units": ["Petty Officer"]},
            "defender": {"units": ["Stalwart Poro"]}, "showdown": showdown}


def _board(showdown):
    sd = play_showdown(scenario_from_dict(_doc(showdown)))
    assert not sd.unmodelled
    return sd


def test_tokens_at_the_base_do_not_fight_until_moved_in():
    sd = _board([{**FLURRY, "to": "base"}])
    assert [u.name for u in sd.board.defender] == ["Stalwart Poro"] and derive(sd.board).pool["defender"] == 3
    sd = _board([{**FLURRY, "to": "base"}, {"play": "Ride The Wind", "by": "defender", "target": "Bird 3"}])
    assert [u.name for u in sd.board.defender] == ["Stalwart Poro", "Bird 3"]
    assert derive(sd.board).pool["defender"] == 4


def test_tokens_at_the_battlefield_fight_and_are_numbered_on():
    sd = _board([{**FLURRY, "to": "base"}, {**FLURRY, "to": "battlefield"}])
    assert [u.name for u in sd.board.defender] == ["Stalwart Poro", "Bird 5", "Bird 6", "Bird 7", "Bird 8"]
    bird = sd.board.defender[1]
    assert (bird.might, bird.side, bird.keywords, bird.tags) == (1, "defender", ("Deflect",), ("Bird",))
    assert derive(sd.board).pool["defender"] == 7
    assert any("Bird 5 (Bird token, Might 1, Deflect) is played to the battlefield" in ln.text for ln in sd.lines)


def test_a_token_is_a_target_like_any_unit():
    sd = _board([{**FLURRY, "to": "battlefield"},
                 {"play": "Incinerate", "by": "attacker", "target": "Bird 2"}])
    assert "Bird 2" not in [u.name for u in sd.board.defender]


def test_where_the_tokens_go_must_be_said_when_the_card_does_not():
    with pytest.raises(ScenarioError, match=r"give `to: base`, `to: battlefield`.*RB-CARD-15"):
        play_showdown(scenario_from_dict(_doc([FLURRY])))


@pytest.mark.parametrize("by, to, legal", [
    ("defender", "battlefield", True), ("defender", "base", True), ("defender", "elsewhere", True),
    ("attacker", "battlefield", False), ("attacker", "base", True), ("attacker", "elsewhere", True)])
def test_tokens_go_where_their_player_may_play_units(by, to, legal):
    """A unit token is played as a unit is (CR 179.1.a, 352.2.a): to its player's base or a battlefield he controls;
    during the combat this battlefield stays the Defender's (CR 187.4.b), so the Attacker's tokens cannot enter it."""
    doc = _doc([{**FLURRY, "by": by, "to": to}])
    if not legal:
        with pytest.raises(ScenarioError, match=r"does not control this battlefield.*RB-CARD-15"):
            play_showdown(scenario_from_dict(doc))
        return
    sd = play_showdown(scenario_from_dict(doc))
    side = sd.board.defender if by == "defender" else sd.board.attacker
    assert sum(u.name.startswith("Bird") for u in side) == (4 if to == "battlefield" else 0)


@pytest.mark.parametrize("by, to, legal", [("defender", None, True), ("defender", "battlefield", True),
                                           ("defender", "base", False), ("attacker", None, True),
                                           ("attacker", "battlefield", False), ("attacker", "elsewhere", True)])
def test_a_hidden_card_plays_its_tokens_where_it_was_hidden(by, to, legal):
    """Guards! from facedown ("Play a 2 Might Sand Soldier unit token"): at the battlefield where it was hidden
    (RB-CARD-26): the Defender's here, the Attacker's at another battlefield."""
    guards = {"play": "Guards!", "by": by, "facedown": True, "condition": False, **({"to": to} if to else {})}
    doc = _doc([guards])
    if not legal:
        with pytest.raises(ScenarioError, match="RB-CARD-26"):
            play_showdown(scenario_from_dict(doc))
        return
    sd = play_showdown(scenario_from_dict(doc))
    here = [u.name for u in sd.board.attacker + sd.board.defender if u.name.startswith("Sand Soldier")]
    assert here == (["Sand Soldier 1"] if by == "defender" else [])


def test_the_other_mode_plays_no_token_and_a_later_name_is_unknown():
    doc = _doc([{"play": "Blood Rush", "by": "attacker", "target": "Petty Officer"},
                {"play": "Flurry of Feathers", "by": "defender", "mode": 1, "target": "Blood Rush"},
                {"play": "Incinerate", "by": "attacker", "target": "Bird 1"}])
    with pytest.raises(ScenarioError, match="Bird 1"):
        scenario_from_dict(doc)


def test_coverage_of_token_cards():
    rows = {c["name"]: c for c in coverage().cards}
    assert rows["Flurry of Feathers"]["status"] == "modelled"
    # [Hidden]: played from facedown; its token (exhausted) and its "you may pay a rune to ready it" are read
    assert rows["Guards!"]["status"] == "modelled"
    assert any("token=Sand Soldier" in m for m in rows["Guards!"]["modelled"])
    # Arise! is normal speed: nothing of it acts in a showdown (RB-SHOW-4)
    assert rows["Arise!"]["status"] == "none"


# ---- the units that join the combat in the showdown, named in claims, splits and --protect ------------------------
def _verdicts(doc, claims):
    import pycombat

    report = pycombat.load({**doc, "claims": [{"claim": c} for c in claims]}).run("verify").to_json()
    assert not report["unmodelled"]
    return [(c["claim"], c["verdict"]) for c in report["claims"]]


def test_claims_name_the_tokens_a_card_played():
    """RB-CARD-15: the Birds Flurry of Feathers plays fight for the defender (odds shows them): claims about them are
    decided like those about any unit, never refused as naming no unit of the combat."""
    doc = _doc([{**FLURRY, "to": "battlefield"}])
    assert _verdicts(doc, ["Bird 1's might is 1", "Bird 2's might is 2", "Bird 1's lethal damage is 1",
                           "Bird 3 can die", "Bird 3 must survive", "Bird 1 and Bird 4 may be assigned damage in either order",
                           "the attacker may assign Stalwart Poro 3, Bird 1 1, Bird 2 1, Bird 4 1",
                           "the attacker may assign Stalwart Poro 2, Bird 1 4"]) == [
        ("Bird 1's might is 1", True), ("Bird 2's might is 2", False), ("Bird 1's lethal damage is 1", True),
        ("Bird 3 can die", True), ("Bird 3 must survive", False),
        ("Bird 1 and Bird 4 may be assigned damage in either order", True),
        # Petty Officer's 6 to split; a Bird needs 1 (RB-DMG-7: no overkill while others remain)
        ("the attacker may assign Stalwart Poro 3, Bird 1 1, Bird 2 1, Bird 4 1", True),
        ("the attacker may assign Stalwart Poro 2, Bird 1 4", False)]
    with pytest.raises(ScenarioError, match="'Bird 9' is not a unit of this combat; did you mean 'Bird 1'"):
        _verdicts(doc, ["Bird 9 can die"])


def test_claims_name_the_tokens_a_units_trigger_played():
    """RB-CARD-15, RB-CARD-10: the Recruits Corina Veraza's "When I move to a battlefield" plays fight for the attacker."""
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "Corina Veraza", "moved": True}]},
           "defender": {"units": [{"name": "D3", "custom": True, "might": 3}]},
           "showdown": [{"trigger": "Corina Veraza", "when": "move"}]}
    assert _verdicts(doc, ["Recruit 3's might is 1", "the attacker's total is 9", "Recruit 2 can die",
                           "the defender may assign Recruit 1 1, Recruit 2 1, Recruit 3 1"]) == [
        ("Recruit 3's might is 1", True), ("the attacker's total is 9", True), ("Recruit 2 can die", True),
        ("the defender may assign Recruit 1 1, Recruit 2 1, Recruit 3 1", True)]


def test_splits_and_protect_name_a_unit_moved_in_from_its_base():
    """A unit at its base that a card moves in fights (RB-COMB-4): the scenario's `splits:`, a claim's split and
    optimize's --protect may name it; a split naming a unit killed in the showdown is judged illegal (RB-DMG-3)."""
    import pycombat

    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A4", "custom": True, "might": 4}],
                                             "base": [{"name": "Runner", "custom": True, "might": 2}]},
           "defender": {"units": [{"name": "D3", "custom": True, "might": 3}, {"name": "D1", "custom": True, "might": 1}]},
           "showdown": [{"play": "Ride The Wind", "by": "attacker", "target": "Runner"},
                        {"play": "Incinerate", "by": "defender", "target": "D1"}]}
    assert _verdicts(doc, ["the defender may assign Runner 2, A4 1", "the defender may assign A4 3"]) == [
        ("the defender may assign Runner 2, A4 1", True), ("the defender may assign A4 3", True)]
    report = pycombat.load({**doc, "splits": {"defender": {"Runner": 2, "A4": 1}}}).run("odds").to_json()
    assert report["splits"]["defender"]["damage"] == {"A4": 1, "Runner": 2} and report["died"] == ["Runner", "D3"]
    protect = pycombat.load(doc).run("optimize", protect=["Runner"]).to_json()
    assert protect["protect"] == ["Runner"]
    with pytest.raises(ScenarioError, match="not a legal split"):
        pycombat.load({**doc, "splits": {"attacker": {"D1": 1, "D3": 5}}}).run("odds")
