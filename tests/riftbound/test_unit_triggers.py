"""RB-CARD-10 / RB-SHOW-2: units' combat triggers ("When I attack", "When I defend", "When I attack
or defend") go on the chain as the showdown begins and resolve through the card interpreter: the
Defender's first, each stated where it needs the player's choice, by itself where it needs none, and
named NOT MODELLED when a choice is needed and not stated."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict
from pycombat.games.riftbound.verbs import verify

D = [{"name": "D3", "custom": True, "might": 3}, {"name": "D1", "custom": True, "might": 1},
     {"name": "D5", "custom": True, "might": 5}]


def _sd(attacker, defender=D, showdown=(), **extra):
    doc = {"game": "riftbound", "attacker": {"units": list(attacker)}, "defender": {"units": list(defender)},
           "showdown": list(showdown), **extra}
    return scenario_from_dict(doc, file="<t>")


def test_a_trigger_on_every_enemy_resolves_by_itself():
    """Anivia, Primal: "When I attack, deal 3 to all enemy units here": no choice, so it resolves."""
    sd = play_showdown(_sd(["Anivia - Primal"]))
    left = {u.name: u.marked for u in sd.board.defender}
    assert left == {"D5": 3}  # D3 and D1 are killed at the cleanup
    assert sorted(n for n, _, how in sd.board.removed if how == "killed") == ["D1", "D3"]
    assert sd.unmodelled_json() == []


def test_a_trigger_with_a_target_is_stated_and_applied():
    sd = play_showdown(_sd(["Crackshot Corsair"], showdown=[{"trigger": "Crackshot Corsair", "target": "D5"}]))
    assert {u.name: u.marked for u in sd.board.defender} == {"D3": 0, "D1": 0, "D5": 1}
    assert any("RB-CARD-10" in ln.rules for ln in sd.lines)


def test_a_trigger_whose_choice_is_not_stated_is_not_modelled_and_verify_does_not_decide():
    s = _sd(["Crackshot Corsair"], claims=[{"id": "c", "claim": "the attacker conquers", "expect": True}])
    got = play_showdown(s).unmodelled_json()
    assert [u["card"] for u in got] == ["Crackshot Corsair"] and "trigger: Crackshot Corsair" in got[0]["why"]
    assert verify(s).to_json()["claims"][0]["verdict"] is None


def test_the_defenders_triggers_resolve_first():
    s = _sd(["Crackshot Corsair"], ["Ezreal - Dashing", {"name": "D5", "custom": True, "might": 5}],
            showdown=[{"trigger": "Ezreal - Dashing", "target": "Crackshot Corsair"},
                      {"trigger": "Crackshot Corsair", "target": "D5"}])
    text = [ln.text for ln in play_showdown(s).lines]
    ez = next(i for i, t in enumerate(text) if t.startswith("Ezreal - Dashing's"))
    cc = next(i for i, t in enumerate(text) if t.startswith("Crackshot Corsair's"))
    assert ez < cc


@pytest.mark.parametrize("showdown, message", [
    ([{"trigger": "Crackshot Corsair", "target": "D5"}, {"trigger": "Ezreal - Dashing", "target": "Crackshot Corsair"}],
     "the Defender's combat triggers resolve before the Attacker's"),
    ([{"stun": "D5", "by": "defender"}, {"trigger": "Crackshot Corsair", "target": "D5"}],
     "list it before the other entries"),
    ([{"trigger": "Crackshot Corsair", "target": "D5"}, {"trigger": "Crackshot Corsair", "target": "D5"}],
     "listed twice"),
    ([{"trigger": "D5"}], "D5 has no \"When I defend\" ability"),
])
def test_misplaced_or_impossible_triggers_are_one_error(showdown, message):
    with pytest.raises(ScenarioError, match=message) as got:
        _sd(["Crackshot Corsair"], ["Ezreal - Dashing", {"name": "D5", "custom": True, "might": 5}], showdown=showdown)
    assert "RB-SHOW-2" in got.value.message


def test_an_attack_trigger_does_not_fire_for_a_defender():
    """Crackshot Corsair defending: its "When I attack" ability cannot fire (RB-SHOW-2)."""
    with pytest.raises(ScenarioError, match='has no "When I defend" ability'):
        _sd([{"name": "A5", "custom": True, "might": 5}], ["Crackshot Corsair"],
            showdown=[{"trigger": "Crackshot Corsair", "target": "A5"}])
    assert play_showdown(_sd([{"name": "A5", "custom": True, "might": 5}], ["Crackshot Corsair"])).unmodelled_json() == []


def test_amounts_read_from_the_board_as_they_resolve():
    """RB-CARD-13: "equal to my Might" (Yasuo, 6), "equal to my Assault" (Lucian, 1), and "it deals damage
    equal to its Might" of a card choosing a friendly unit (Last Breath: Yasuo, 6)."""
    s = _sd(["Yasuo - Remorseful", "Lucian - Gunslinger"],
            [{"name": "D7", "custom": True, "might": 7}, {"name": "D9", "custom": True, "might": 9}],
            showdown=[{"trigger": "Yasuo - Remorseful", "target": "D7"},
                      {"trigger": "Lucian - Gunslinger", "target": "D9"},
                      {"play": "Last Breath", "by": "attacker", "target": ["Yasuo - Remorseful", "D9"]}])
    sd = play_showdown(s)
    assert {u.name: u.marked for u in sd.board.defender} == {"D7": 6, "D9": 1 + 6}
    assert sd.unmodelled_json() == []


def test_damage_split_among_units_is_not_modelled():
    s = _sd(["Volibear - Furious"], showdown=[{"trigger": "Volibear - Furious", "target": ["D3", "D5"]}])
    got = play_showdown(s).unmodelled_json()
    assert any("split" in u["why"] for u in got)


def test_a_claim_about_the_procedure_is_decided_beside_an_unmodelled_clause():
    """RB-CARD-4: the unstated trigger can change which units die, not who assigns first."""
    s = _sd(["Crackshot Corsair"], claims=[{"id": "first", "claim": "the attacker assigns combat damage first"},
                                           {"id": "dies", "claim": "D3 dies"}])
    got = {c["id"]: c for c in verify(s).to_json()["claims"]}
    assert got["first"]["verdict"] is True and any("unable to change" in n for n in got["first"]["notes"])
    assert got["dies"]["verdict"] is None


@pytest.mark.parametrize("enemy, named", [("Ruin Runner", False), ({"name": "D5", "custom": True, "might": 5}, True)])
def test_a_conditional_trigger_with_no_unit_to_choose_does_nothing_whatever_its_condition(enemy, named):
    """Daisy!: "When I attack while your units have all 4 tags, [Stun] an enemy unit here". With only an enemy that
    can't be chosen by enemy abilities (Ruin Runner, RB-CARD-9), it stuns nobody whether the condition holds or not:
    nothing to state, nothing named, and verify decides; with an enemy it may stun, the condition and the target are
    the player's (named NOT MODELLED until an entry states them)."""
    s = _sd(["Daisy!"], [enemy], claims=[{"id": "c", "claim": "the defender keeps the battlefield", "expect": True}])
    sd = play_showdown(s)
    got = sd.unmodelled_json()
    assert [u["card"] for u in got] == (["Daisy!"] if named else []), got
    idle = [ln for ln in sd.lines if ln.text.startswith("Daisy!'s") and "it does nothing" in ln.text]
    assert len(idle) == (0 if named else 1) and all("RB-CARD-1" in ln.rules for ln in idle)
    assert (verify(s).to_json()["claims"][0]["verdict"] is None) == named


@pytest.mark.parametrize("stunned", [True, False])
def test_a_stun_whose_only_choice_is_stunned_already_does_nothing(stunned):
    """Kennen, Keeper of Balance: "When you play me or I attack, you may pay 2 energy to [Stun] a unit". Against Ruin
    Runner (it can't be chosen by enemy abilities) he may only stun himself: stunned already, that changes nothing, so
    nothing is named and verify decides; not stunned, stunning himself would change his damage: the player's."""
    s = _sd([{"name": "Kennen, Keeper of Balance", "label": "K", "stunned": stunned}], ["Ruin Runner"],
            claims=[{"id": "c", "claim": "the defender keeps the battlefield", "expect": True}])
    sd = play_showdown(s)
    assert [u["card"] for u in sd.unmodelled_json()] == ([] if stunned else ["Kennen, Keeper of Balance"])
    assert (verify(s).to_json()["claims"][0]["verdict"] is None) == (not stunned)
    assert any(ln.text.startswith("K's") and "it does nothing" in ln.text for ln in sd.lines) == stunned


@pytest.mark.parametrize("other, changes", [
    ({"name": "Gangplank, Naval", "label": "G", "stunned": True, "empowered": True}, True),  # +3 Might instead
    ({"name": "Gangplank, Naval", "label": "G", "stunned": True, "empowered": False}, False),
    ({"name": "Gangplank, Naval", "label": "G", "stunned": False, "empowered": False}, True),
])
def test_a_stun_on_a_stunned_unit_with_a_replacement_is_the_players_choice(other, changes):
    """Kennen, Keeper of Balance, stunned, may stun a unit: Gangplank, Naval, stunned already, is one to choose only
    while Empowered ("If a spell or ability that chooses me would stun me, ... give me +3 Might instead",
    RB-CARD-9): the choice is then the player's and named; stunned and not Empowered, nothing can change."""
    sd = play_showdown(_sd([{"name": "Kennen, Keeper of Balance", "label": "K", "stunned": True}], [other]))
    assert [u["card"] for u in sd.unmodelled_json()] == (["Kennen, Keeper of Balance"] if changes else [])
    if other["empowered"] and other["stunned"]:  # stated, the replacement applies: G gets +3 Might
        sd = play_showdown(_sd([{"name": "Kennen, Keeper of Balance", "label": "K", "stunned": True}], [other],
                               showdown=[{"trigger": "K", "target": "G"}]))
        assert any(ln.text.startswith("K's") and "G gets +3 Might" in ln.text for ln in sd.lines)


def test_a_stun_on_a_stunned_unit_that_triggers_on_being_chosen_is_the_players_choice():
    """Kennen, stunned, with Irelia, Fervent, stunned ("When you choose or ready me, give me +1 Might this turn"),
    against Ruin Runner: choosing Irelia gives her +1 Might, so using the stun is the player's choice (named)."""
    kennen = {"name": "Kennen, Keeper of Balance", "label": "K", "stunned": True}
    sd = play_showdown(_sd([kennen, {"name": "Irelia, Fervent", "label": "I", "stunned": True}], ["Ruin Runner"]))
    assert "Kennen, Keeper of Balance" in [u["card"] for u in sd.unmodelled_json()]
    sd = play_showdown(_sd([kennen, {"name": "Irelia, Fervent", "label": "I", "stunned": True}], ["Ruin Runner"],
                           showdown=[{"trigger": "K", "target": "I"}]))
    assert any("triggers I's" in ln.text and "I gets +1 Might" in ln.text for ln in sd.lines)
