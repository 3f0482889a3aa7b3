"""Cards a unit's ability plays (RB-CARD-27): Ava Achiever ("When I attack, you may pay [mind rune] to play a card
with [Hidden] from your hand, ignoring its cost. If it's a unit, play it here.") and Rek'Sai, Swarm Queen ("When I
attack, you may reveal the top 2 cards of your Main Deck. You may banish one, then play it. If it is a unit, you may
play it here."), their clauses structured in data/effects_overlay.yaml. The trigger's entry names the card,
``{trigger: UNIT, plays: {play: CARD, ...}}``; it resolves right after the trigger, before the combat triggers still
on the chain; its speed is not checked; "ignoring its cost" pays none of it; a unit enters where the ability lets it.

A brute force written from the printed texts checks random boards: who is at the battlefield after the showdown, each
unit's Might and whether it is stunned."""
from __future__ import annotations

import json
from importlib.resources import files

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

AVA, REK = "Ava Achiever", "Rek'Sai - Swarm Queen"


def _printed() -> dict[str, dict]:
    """The unit records as shipped (the brute force reads the printed Might from them, not from the model)."""
    raw = files("pycombat.games.riftbound.data").joinpath("units.json").read_text(encoding="utf-8")
    return {r["name"]: r for r in json.loads(raw)["records"]}


PRINTED = _printed()


def _doc(att, dfd, showdown, **extra):
    return {"game": "riftbound", "attacker": {"units": list(att)}, "defender": {"units": list(dfd)},
            "showdown": list(showdown), **extra}


def _run(att, dfd, showdown, **extra):
    return play_showdown(scenario_from_dict(_doc(att, dfd, showdown, **extra), file="<t>"))


def _custom(name, might):
    return {"name": name, "custom": True, "might": might}


# ---- the brute force ---------------------------------------------------------------------------------------------
def _expected(ava: str, att: list[tuple[str, int]], dfd: list[tuple[str, int]], choice):
    """Each unit at the battlefield as the showdown ends, ``name -> (Might, stunned)``, from the printed texts:
    Hidden Blade "Kill a unit at a battlefield"; Back Off "[Stun] a unit"; Pakaa Cub (3, no text); Teemo, Scout
    (1, "When you play me, give me +3 Might this turn"); a unit played by Ava enters here for the Attacker."""
    here = {n: [m, False] for n, m in [(ava, PRINTED[ava]["might"])] + att + dfd}
    if choice is None:
        return {n: tuple(v) for n, v in here.items()}
    card, target = choice
    if card == "Hidden Blade":
        del here[target]
    elif card == "Back Off":
        here[target][1] = True
    elif card == "Pakaa Cub":
        here[card] = [PRINTED[card]["might"], False]
    elif card == "Teemo - Scout":
        here[card] = [PRINTED[card]["might"] + 3, False]
    return {n: tuple(v) for n, v in here.items()}


def _seen(sd) -> dict:
    return {u.name: (u.current_might, u.stunned) for u in sd.board.attacker + sd.board.defender}


@st.composite
def _boards(draw):
    att = [(f"A{i}", draw(st.integers(1, 6))) for i in range(draw(st.integers(0, 2)))]
    dfd = [(f"D{i}", draw(st.integers(1, 8))) for i in range(draw(st.integers(1, 3)))]
    everyone = [AVA] + [n for n, _ in att + dfd]
    card = draw(st.sampled_from([None, "Hidden Blade", "Back Off", "Pakaa Cub", "Teemo - Scout"]))
    choice = None if card is None else (card, draw(st.sampled_from(everyone)) if card in ("Hidden Blade", "Back Off")
                                        else None)
    return att, dfd, choice


@settings(max_examples=60, deadline=None)
@given(_boards())
def test_ava_plays_a_hidden_card_as_the_brute_force_says(board):
    att, dfd, choice = board
    if choice is None:
        entry = {"trigger": AVA, "decline": True}
    else:
        card, target = choice
        entry = {"trigger": AVA, "plays": {"play": card, **({"target": target} if target else {})}}
    sd = _run([AVA] + [_custom(n, m) for n, m in att], [_custom(n, m) for n, m in dfd], [entry])
    assert _seen(sd) == _expected(AVA, att, dfd, choice)
    assert not sd.unmodelled


# ---- the chain, the speed, the cost ------------------------------------------------------------------------------
def test_the_card_resolves_right_after_the_trigger_before_the_next_combat_trigger():
    """Ava's Hidden Blade kills D before Sinister Poro's trigger resolves: Poro's target is gone, and it resolves
    with no effect (RB-CARD-11), which it would not if the card waited until the combat chain had resolved."""
    poro = "Sinister Poro"
    sd = _run([AVA, poro], [_custom("D", 5), _custom("E", 2)],
              [{"trigger": AVA, "plays": {"play": "Hidden Blade", "target": "D"}},
               {"trigger": poro, "target": "D"}])
    text = [ln.text for ln in sd.lines]
    ava = next(i for i, t in enumerate(text) if t.startswith(f"{AVA}'s"))
    assert text[ava + 1].startswith("Attacker (attacker) plays Hidden Blade: D is killed")
    poro_line = next(t for t in text if t.startswith(f"{poro}'s"))
    assert "D" not in _seen(sd) and "E" in _seen(sd) and "moved" not in poro_line
    closed = [i for i, t in enumerate(text) if t.startswith("The combat chain closed")]
    assert len(closed) == 1 and closed[0] > text.index(poro_line)


def test_speed_is_not_checked_but_what_the_ability_asks_is():
    """Guards! is normal speed: refused played in the showdown by its player, played by Ava's ability it is not
    (RB-CARD-27, RB-SHOW-4); a card without [Hidden] is refused (RB-CARD-27)."""
    att, dfd = [AVA], [_custom("D", 5)]
    with pytest.raises(ScenarioError, match="RB-SHOW-4"):
        _run(att, dfd, [{"play": "Guards!", "by": "attacker", "to": "base", "condition": False}])
    sd = _run(att, dfd, [{"trigger": AVA, "plays": {"play": "Guards!", "to": "base", "condition": False}}])
    assert any("Sand Soldier" in ln.text for ln in sd.lines)
    with pytest.raises(ScenarioError, match=r"plays a card with \[Hidden\] \(RB-CARD-27\)"):
        _run(att, dfd, [{"trigger": AVA, "plays": {"play": "Blood Rush", "target": AVA}}])


def test_where_a_unit_it_plays_enters():
    """Ava: "play it here", the Attacker's unit at the Defender's battlefield (CR 352.2.b), never at its base;
    Rek'Sai: "you may play it here", or where its player may play units (his base)."""
    dfd = [_custom("D", 9)]
    with pytest.raises(ScenarioError, match="plays it here"):
        _run([AVA], dfd, [{"trigger": AVA, "plays": {"play": "Pakaa Cub", "to": "base"}}])
    here = _run([REK], dfd, [{"trigger": REK, "plays": {"play": "Mountain Drake", "to": "battlefield"}}])
    base = _run([REK], dfd, [{"trigger": REK, "plays": {"play": "Mountain Drake", "to": "base"}}])
    drake = PRINTED["Mountain Drake"]["might"]
    assert _seen(here)["Mountain Drake"] == (drake, False) and "Mountain Drake" not in _seen(base)
    assert sum(u.current_might for u in here.board.attacker) == PRINTED[REK]["might"] + drake
    with pytest.raises(ScenarioError, match="give `to:`"):
        _run([REK], dfd, [{"trigger": REK, "plays": {"play": "Mountain Drake"}}])
    # a unit played by Rek'Sai at the battlefield is one later entries may name
    sd = _run([REK], dfd, [{"trigger": REK, "plays": {"play": "Mountain Drake", "to": "battlefield"}},
                           {"play": "Back Off", "by": "defender", "target": "Mountain Drake"}])
    assert _seen(sd)["Mountain Drake"] == (drake, True)


def test_costs_under_card_costs_stated():
    """Ava's trigger costs 1 mind rune (its `paid:`), the card it plays nothing; Rek'Sai's card costs its own."""
    rules = {"rules": {"card_costs": "stated"}}
    dfd = [_custom("D", 5)]
    with pytest.raises(ScenarioError, match=r"give `paid: \{energy: 0, power: 1\}`"):
        _run([AVA], dfd, [{"trigger": AVA, "plays": {"play": "Hidden Blade", "target": "D"}}], **rules)
    sd = _run([AVA], dfd, [{"trigger": AVA, "plays": {"play": "Hidden Blade", "target": "D"}, "paid": {"power": 1}}],
              **rules)
    assert "D" not in _seen(sd)
    teemo = {"play": "Teemo - Scout", "to": "battlefield"}
    with pytest.raises(ScenarioError, match="RB-CARD-2"):
        _run([REK], dfd, [{"trigger": REK, "plays": teemo}], **rules)
    sd = _run([REK], dfd, [{"trigger": REK, "plays": {**teemo, "paid": {"energy": PRINTED["Teemo - Scout"]
                                                                           ["energy_cost"]}}}], **rules)
    assert _seen(sd)["Teemo - Scout"] == (4, False)


def test_the_card_is_played_a_spell_fires_when_you_play_a_spell():
    """Ravenbloom Student: "When you play a spell, give me +1 Might this turn": the spell Ava plays is one."""
    student = "Ravenbloom Student"
    sd = _run([AVA, student], [_custom("D", 5)], [{"trigger": AVA, "plays": {"play": "Back Off", "target": "D"}}])
    assert _seen(sd)[student] == (PRINTED[student]["might"] + 1, False)


def test_stating_it():
    dfd = [_custom("D", 5)]
    unstated = _run([AVA], dfd, [])
    assert [u.card for u in unstated.unmodelled] == [AVA]
    assert "plays: {play: CARD, ...}" in unstated.unmodelled[0].why
    assert not card_report(AVA)["unmodelled"] and not card_report(REK)["unmodelled"]
    bare = _run([AVA], dfd, [{"trigger": AVA}])  # stated with no card: not used, nothing paid
    assert _seen(bare) == _seen(_run([AVA], dfd, [{"trigger": AVA, "decline": True}]))
    with pytest.raises(ScenarioError, match="a declined trigger chooses nothing"):
        _run([AVA], dfd, [{"trigger": AVA, "decline": True, "plays": {"play": "Back Off", "target": "D"}}])
    with pytest.raises(ScenarioError, match="stated without `plays:`"):
        _run([AVA], dfd, [{"trigger": AVA, "paid": {"power": 1}}])
    with pytest.raises(ScenarioError, match="plays no card"):
        _run(["Sinister Poro"], dfd, [{"trigger": "Sinister Poro", "target": "D",
                                       "plays": {"play": "Back Off", "target": "D"}}])
    with pytest.raises(ScenarioError, match="unknown field 'by'"):
        _run([AVA], dfd, [{"trigger": AVA, "plays": {"play": "Back Off", "by": "attacker", "target": "D"}}])


def test_the_example_s_verdicts_cite_the_rule_that_removed_the_unit():
    """examples/riftbound/ability_plays.yaml: Leona dies by the Hidden Blade Ava's trigger plays (RB-CARD-27, the
    card's kill RB-CARD-7; not a cleanup's lethal damage, RB-MIGHT-1, nor a player's timing, RB-SHOW-4); played by
    its player, the same kill cites the timing of the play instead."""
    from pycombat.games.riftbound.schema import load_scenario, example_path
    from pycombat.games.riftbound.verbs import verify

    s = load_scenario(example_path("ability_plays.yaml"))
    dies, conquers = verify(s).verdicts
    assert (dies.verdict, conquers.verdict) == (True, True) and not play_showdown(s).unmodelled
    assert dies.rules == ["RB-CARD-27", "RB-CARD-7"]
    akshan = _seen(play_showdown(s))["Akshan - Mischievous"]
    assert akshan == (PRINTED["Akshan - Mischievous"]["might"] + 2, False)  # Long Sword's +2 moved to him
    own = scenario_from_dict(_doc([AVA], ["Leona - Determined"],
                                  [{"trigger": AVA, "decline": True},
                                   {"play": "Hidden Blade", "by": "attacker", "target": "Leona - Determined"}],
                                  claims=[{"claim": "Leona - Determined dies"}]), file="<t>")
    assert verify(own).verdicts[0].rules == ["RB-SHOW-4", "RB-CARD-7"]


def test_an_equipment_played_from_hand_enters_unattached():
    """Edge of Night ([Hidden] Equipment, "When you play this from face down, attach it to a unit you control
    (here)") played by Ava from hand is not played from face down: it enters attached to no unit, under the Attacker,
    where a later card of his may attach it (Angle Shot: +2 to A2)."""
    att, dfd = [AVA, _custom("A2", 2)], [_custom("D5", 5)]
    sd = _run(att, dfd, [{"trigger": AVA, "plays": {"play": "Edge of Night"}}])
    assert _seen(sd) == {AVA: (4, False), "A2": (2, False), "D5": (5, False)} and not sd.unmodelled
    with pytest.raises(ScenarioError, match="left over"):
        _run(att, dfd, [{"trigger": AVA, "plays": {"play": "Edge of Night", "target": "A2"}}])
    later = _run(att, dfd, [{"trigger": AVA, "plays": {"play": "Edge of Night"}},
                            {"play": "Angle Shot", "by": "attacker", "target": "A2", "attach": "Edge of Night"}])
    assert _seen(later)["A2"] == (4, False)
