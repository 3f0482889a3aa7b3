"""The choice of a unit's trigger fired during the showdown, stated by an entry right after what fires it:
``{trigger: UNIT, when: play|stun|ready|chosen|buffed|discard, target: ...}`` (RB-CARD-10).

Katarina - Reckless: "When you play a card from face down, deal 2 to an enemy unit." Her player's Wages of
Pain played from face down ("Deal 3 to a unit at a battlefield") fires her; the trigger goes on the chain
above the card and resolves first. Every legal and illegal target is tried and compared with a brute force
written here from the card text: 2 damage on the chosen enemy unit, a cleanup, then 3 on the spell's target
(gone if the trigger's 2 killed it)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

KAT = "Katarina - Reckless"
KAT_MIGHT = 5
FIRED = 'its ability "When you play a card from face down"'


def _custom(name, might, **more):
    return {"name": name, "custom": True, "might": might, **more}


def _doc(defenders, showdown, friends=()):
    # Katarina defends: her player's hidden cards are at this battlefield, which he controls (RB-CARD-26)
    return {"game": "riftbound", "attacker": {"units": list(defenders)}, "defender": {"units": [KAT, *friends]},
            "showdown": list(showdown)}


def _play(doc):
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _wages(target):
    return {"play": "Wages of Pain", "by": "defender", "target": target, "facedown": True}


def _trigger(target=None, **more):
    return {"trigger": KAT, "when": "play", **({"target": target} if target is not None else {}), **more}


def _fired_unmodelled(sd):
    return [u for u in sd.unmodelled_json() if FIRED in u["what"]]


def _brute(mights: dict[str, int], damage: dict[str, int], friends: set[str], chosen: str, spell_target: str):
    """The board after the trigger (2 to ``chosen``) and Wages of Pain (3 to ``spell_target``), or None when
    ``chosen`` is not a legal target (RB-CARD-1: an enemy unit)."""
    if chosen == KAT or chosen in friends:
        return None
    marked = dict(damage)
    marked[chosen] += 2
    alive = {n for n in marked if marked[n] < mights[n]}  # cleanup (RB-MIGHT-1)
    if spell_target in alive:
        marked[spell_target] += 3
        alive = {n for n in alive if marked[n] < mights[n]}
    return {n: marked[n] for n in alive}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 5)), min_size=1, max_size=3),
       st.integers(0, 2), st.data())
def test_every_target_against_a_brute_force(defs, n_friends, data):
    mights, damage = {}, {}
    defenders = []
    for i, (m, d) in enumerate(defs):
        d = min(d, m - 1)  # a unit whose damage is already lethal died before (RB-MIGHT-1)
        name = f"D{i + 1}"
        mights[name], damage[name] = m, d
        defenders.append(_custom(name, m, damage=d))
    friends = [_custom(f"A{i + 1}", 2) for i in range(n_friends)]
    spell_target = data.draw(st.sampled_from(sorted(mights)))
    for chosen in [KAT, *(f["name"] for f in friends), *sorted(mights)]:
        want = _brute(mights, damage, {f["name"] for f in friends}, chosen, spell_target)
        doc = _doc(defenders, [_wages(spell_target), _trigger(chosen)], friends)
        if want is None:
            with pytest.raises(ScenarioError) as exc:
                _play(doc)
            assert "showdown[1]" in str(exc.value) and "RB-CARD-1" in str(exc.value)
            continue
        sd = _play(doc)
        got = {u.name: u.marked for u in sd.board.attacker}
        assert got == want, (chosen, spell_target)
        assert _fired_unmodelled(sd) == []
        assert [u.name for u in sd.board.defender] == [KAT, *(f["name"] for f in friends)]


def test_not_stated_it_is_named_and_changes_nothing():
    sd = _play(_doc([_custom("D2", 2), _custom("D9", 9)], [_wages("D9")]))
    (missing,) = _fired_unmodelled(sd)
    assert "when: play" in missing["why"] and "its target" in missing["why"]
    assert {u.name: u.marked for u in sd.board.attacker} == {"D2": 0, "D9": 3}


def test_the_trigger_resolves_before_the_card_that_fired_it():
    """2 from the trigger on D4 (4 Might, 2 damage) kills it before Wages of Pain resolves: the spell's
    target is gone (RB-CARD-11) and D9 is untouched."""
    sd = _play(_doc([_custom("D4", 4, damage=2), _custom("D9", 9)], [_wages("D4"), _trigger("D4")]))
    assert {u.name: u.marked for u in sd.board.attacker} == {"D9": 0}
    assert any("left the battlefield before it resolved" in ln.text for ln in sd.lines)


@pytest.mark.parametrize("showdown, where, words", [
    # it does not fire: the card was played from hand, not from face down
    ([{**_wages("D9"), "facedown": False}, _trigger("D2")], "showdown[1]", "did not fire"),
    # stated before anything that could fire it
    ([_trigger("D2"), _wages("D9")], "showdown[0]", "RB-CARD-10"),
    # she has no trigger on a stun
    ([_wages("D9"), {"trigger": KAT, "when": "stun", "target": "D2"}], "showdown[1].when", "no trigger on `stun`"),
    # stated twice for one firing
    ([_wages("D9"), _trigger("D2"), _trigger("D9")], "showdown[2]", "did not fire"),
    # "deal 2" has no "you may": it cannot be declined
    ([_wages("D9"), _trigger(decline=True)], "showdown[1]", "cannot be declined"),
])
def test_refused_entries_name_the_entry_and_the_rule(showdown, where, words):
    with pytest.raises(ScenarioError) as exc:
        _play(_doc([_custom("D2", 2), _custom("D9", 9)], showdown))
    text = str(exc.value)
    assert f"<t>: {where}" in text and words in text and "RB-CARD-" in text


def test_the_cli_refuses_it_with_exit_2_on_one_line(tmp_path, capsys):
    path = Path(tmp_path) / "kat.yaml"
    path.write_text("game: riftbound\ndefender: {units: [\"Katarina - Reckless\"]}\n"
                    "attacker: {units: [{name: D2, custom: true, might: 2}, {name: D9, custom: true, might: 9}]}\n"
                    "showdown:\n  - {play: Wages of Pain, by: defender, target: D9}\n"
                    "  - {trigger: Katarina - Reckless, when: play, target: D2}\n")
    assert main(["odds", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "showdown[1]" in err[0] and "RB-CARD-10" in err[0]


def test_verify_names_the_firing_only_while_it_is_not_stated(tmp_path, capsys):
    """D2 (2 Might) dies only if the trigger chooses it. Not stated, the firing is among what verify does not
    interpret, and the claim is undecided (its verdict "if they changed nothing" is read); stated, it is not, the
    board has D2 dead and the claim is decided. (Katarina's "When you hide a card, ready me" cannot fire in a combat:
    a card is hidden only outside a showdown, CR 811.1.b.)"""
    import json

    head = ("game: riftbound\ndefender: {units: [\"Katarina - Reckless\"]}\n"
            "attacker: {units: [{name: D2, custom: true, might: 2}, {name: D9, custom: true, might: 9}]}\n"
            "showdown:\n  - {play: Wages of Pain, by: defender, target: D9, facedown: true}\n")
    claims = "claims:\n  - {claim: \"D2 dies\"}\n"
    for extra, stated in (("", False), ("  - {trigger: Katarina - Reckless, when: play, target: D2}\n", True)):
        path = Path(tmp_path) / "kat.yaml"
        path.write_text(head + extra + claims)
        main(["verify", str(path), "--json"])
        data = json.loads(capsys.readouterr().out)
        fired = [u for u in data["unmodelled"] if FIRED in u["what"]]
        assert bool(fired) != stated
        (claim,) = data["claims"]
        note = claim["notes"][-1]
        if stated:
            assert claim["decided"] is True and claim["verdict"] is True, claim
        else:
            assert claim["decided"] is False and note.endswith("would be False"), note
