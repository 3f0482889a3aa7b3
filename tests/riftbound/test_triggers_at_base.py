"""Triggers the showdown fires for units away from the fight or on what else happens in it (RB-CARD-10), each
checked against what the printed text says, worked out here:

* Loyal Pup (3): "When you defend at a battlefield, you may move me there." Its player defends: from his base it
  joins the combat as the showdown begins (a combat trigger, RB-SHOW-2; stated `{trigger: Loyal Pup}` or declined).
* Stealthy Pursuer (4): "When a friendly unit moves from my location, I may be moved with it."
* Jayce, Brilliant Inventor: "When you play me or the first time you play a non-token gear each turn, you may ready
  something besides me that's exhausted." Fretful Feline (5): "When I become ready, give me +2 Might this turn."
* Spectral Centaur (5): "When another friendly unit dies, give me +2 Might this turn", for a unit killed at its base.
* Ribbon Dancer: "When I move to a battlefield, give another friendly unit +1 Might this turn", moved in mid-showdown:
  its target stated by `{trigger: Ribbon Dancer, when: move, target: ...}` right after the card that moved it.

A brute force written from the printed texts of Loyal Pup and Stealthy Pursuer plays small boards (a Pup and a
Pursuer at the Defender's base or at the battlefield, Ride The Wind moving friendly units) and compares who is at
the battlefield when the showdown ends."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from budget import examples
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict

from earlier_this_turn import none_before  # noqa: E402  (nothing fired before the showdown)

PUP, PURSUER, JAYCE, FELINE, CENTAUR, DANCER = ("Loyal Pup", "Stealthy Pursuer", "Jayce, Brilliant Inventor",
                                                "Fretful Feline", "Spectral Centaur", "Ribbon Dancer")
#: printed Might (the card text, not the model)
MIGHT = {PUP: 3, PURSUER: 4, FELINE: 5, CENTAUR: 5, DANCER: 3}


def _c(name, might, **more):
    return {"name": name, "custom": True, "might": might, **more}


def _doc(att, dfd, showdown=(), att_base=(), dfd_base=(), **sides):
    return {"game": "riftbound", "attacker": {"units": none_before(att), "base": none_before(att_base),
                                             **sides.get("a", {})},
            "defender": {"units": none_before(dfd), "base": none_before(dfd_base), **sides.get("d", {})},
            "showdown": list(showdown)}


def _sd(doc):
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _here(sd, side):
    return sorted(u.name for u in getattr(sd.board, side))


def _might(sd, name):
    return next(u.current_might for u in sd.board.attacker + sd.board.defender if u.name == name)


def _refused(doc, where, *words):
    with pytest.raises(ScenarioError) as exc:
        _sd(doc)
    text = str(exc.value)
    assert where in text and all(w in text for w in words), text


# ---- Loyal Pup -------------------------------------------------------------------------------------------------
def test_loyal_pup_joins_the_combat_from_its_base_when_stated():
    """3 + 2 = 5 against A5: the Defender's total reaches 5 only with the Pup in (RB-DMG-2)."""
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}], dfd_base=[PUP]))
    assert _here(sd, "defender") == ["D2", PUP] and sd.unmodelled_json() == []
    assert derive(sd.board).pool["defender"] == 2 + MIGHT[PUP]
    line = next(ln for ln in sd.lines if ln.text.startswith(f"{PUP}'s \"When you defend at a battlefield\""))
    assert "moves into the battlefield" in line.text and {"RB-SHOW-2", "RB-CARD-10"} <= set(line.rules)


def test_loyal_pup_declined_or_not_stated():
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP, "decline": True}], dfd_base=[PUP]))
    assert _here(sd, "defender") == ["D2"] and sd.unmodelled_json() == []
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], dfd_base=[PUP]))
    (missing,) = sd.unmodelled_json()
    assert missing["card"] == PUP and "`{trigger: Loyal Pup}`" in missing["why"] and "RB-SHOW-2" in missing["why"]
    assert _here(sd, "defender") == ["D2"]


def test_loyal_pup_at_the_battlefield_is_there_already_and_the_attackers_does_not_fire():
    sd = _sd(_doc([_c("A5", 5)], [PUP]))
    assert sd.unmodelled_json() == [] and _here(sd, "defender") == [PUP]
    assert any("is at the battlefield already" in ln.text and "RB-CARD-7" in ln.rules for ln in sd.lines)
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], att_base=[PUP]))  # its player attacks: no trigger, nothing named
    assert sd.unmodelled_json() == [] and _here(sd, "attacker") == ["A5"]


@pytest.mark.parametrize("doc, where, words", [
    (_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}], att_base=[PUP]), "showdown[0]", ("RB-SHOW-2",)),
    (_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP, "to": "base"}], dfd_base=[PUP]), "showdown[0].to",
     ("RB-CARD-10",)),
    (_doc([_c("A5", 5)], [_c("D2", 2)], [{"play": "Hextech Ray", "by": "attacker", "target": "D2"}, {"trigger": PUP}],
          dfd_base=[PUP]), "showdown[1]", ("RB-SHOW-2",)),
])
def test_loyal_pup_refused_entries(doc, where, words):
    _refused(doc, where, *words)


def test_the_command_line_exits_2_and_the_json_narrates_it(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}], att_base=[PUP])))
    assert main(["odds", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "showdown[0]" in err and "RB-SHOW-2" in err and "Traceback" not in err
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}], dfd_base=[PUP])))
    assert main(["odds", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert any(PUP in s["text"] and "RB-CARD-10" in s["rules"] for s in data["steps"]) and data["unmodelled"] == []


# ---- Stealthy Pursuer ------------------------------------------------------------------------------------------
def test_stealthy_pursuer_follows_the_pup_in_or_declines_or_is_named():
    base = dict(dfd_base=[PUP, PURSUER])
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}, {"trigger": PURSUER, "when": "move"}], **base))
    assert _here(sd, "defender") == ["D2", PUP, PURSUER] and sd.unmodelled_json() == []
    assert derive(sd.board).pool["defender"] == 2 + MIGHT[PUP] + MIGHT[PURSUER]
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}, {"trigger": PURSUER, "when": "move",
                                                                     "decline": True}], **base))
    assert _here(sd, "defender") == ["D2", PUP] and sd.unmodelled_json() == []
    sd = _sd(_doc([_c("A5", 5)], [_c("D2", 2)], [{"trigger": PUP}], **base))
    (missing,) = sd.unmodelled_json()
    assert missing["card"] == PURSUER and "when: move" in missing["why"]


def test_stealthy_pursuer_follows_a_friend_out_and_ignores_enemies_and_other_places():
    rtw = {"play": "Ride The Wind", "by": "attacker", "target": "A3", "to": "base"}
    sd = _sd(_doc([_c("A3", 3), PURSUER, _c("A1", 1)], [_c("D9", 9)], [rtw, {"trigger": PURSUER, "when": "move"}]))
    assert _here(sd, "attacker") == ["A1"] and sd.unmodelled_json() == []
    assert any("triggers Stealthy Pursuer's" in ln.text and "RB-CARD-10" in ln.rules for ln in sd.lines)
    # the enemy's unit moving, or a friend moving from where the Pursuer is not: nothing fires
    sd = _sd(_doc([_c("A3", 3)], [_c("D9", 9), _c("D1", 1)], [{**rtw, "by": "defender", "target": "D1"}],
                  dfd_base=[PURSUER]))
    sd2 = _sd(_doc([_c("A3", 3), _c("A1", 1)], [_c("D9", 9)], [rtw], att_base=[PURSUER]))
    for s in (sd, sd2):
        assert s.unmodelled_json() == [] and not any("Stealthy Pursuer's" in ln.text for ln in s.lines)


def test_stealthy_pursuer_at_another_battlefield_is_named():
    """The model holds one place for every other battlefield: a friend moving from there is named, not guessed."""
    away = {"play": "Ride The Wind", "by": "attacker", "target": "A3", "to": "elsewhere"}
    sd = _sd(_doc([_c("A3", 3), PURSUER, _c("A1", 1)], [_c("D9", 9)],
                  [away, {"trigger": PURSUER, "when": "move"}, {**away, "to": "base"}]))
    assert _here(sd, "attacker") == ["A1"]
    (missing,) = sd.unmodelled_json()
    assert missing["card"] == PURSUER and "another battlefield" in missing["why"]


@pytest.mark.parametrize("showdown, where, words", [
    ([{"play": "Ride The Wind", "by": "attacker", "target": "A3", "to": "base"},
      {"trigger": PURSUER, "when": "move", "to": "battlefield"}], "showdown[1].to", ("RB-CARD-10",)),
    ([{"play": "Hextech Ray", "by": "attacker", "target": "D9"}, {"trigger": PURSUER, "when": "move"}], "showdown[1]",
     ("did not fire", "RB-CARD-10")),
    ([{"play": "Ride The Wind", "by": "attacker", "target": "A3", "to": "base"},
      {"trigger": PURSUER, "when": "move", "target": "A3"}], "showdown[1]", ("RB-CARD-1",)),
])
def test_stealthy_pursuer_refused_entries(showdown, where, words):
    _refused(_doc([_c("A3", 3), PURSUER, _c("A1", 1)], [_c("D9", 9)], showdown), where, *words)


# ---- Jayce, Brilliant Inventor -------------------------------------------------------------------------------------
def _jayce(showdown, played=None, feline=True):
    sides = {"a": {"cards_played": played}} if played is not None else {}
    return _doc([JAYCE] + ([{"name": FELINE, "exhausted": True}] if feline else []), [_c("D9", 9)], showdown, **sides)


SWORD = {"play": "Long Sword", "by": "attacker", "target": JAYCE}


def test_jayce_readies_on_the_first_gear_of_the_turn():
    """Readying the exhausted Feline fires its "When I become ready": 5 + 2 = 7."""
    sd = _sd(_jayce([SWORD, {"trigger": JAYCE, "when": "play", "target": FELINE}], played=0))
    assert _might(sd, FELINE) == MIGHT[FELINE] + 2 and sd.unmodelled_json() == []
    # not the first gear of the showdown: it does not fire, the entry is refused
    _refused(_jayce([SWORD, {"trigger": JAYCE, "when": "play", "decline": True}, SWORD,
                     {"trigger": JAYCE, "when": "play", "target": FELINE}], played=0), "showdown[3]", "did not fire")
    # cards played before the showdown not stated: whether this gear is the first this turn is the entry's
    for holds, might in ((True, MIGHT[FELINE] + 2), (False, MIGHT[FELINE])):
        sd = _sd(_jayce([SWORD, {"trigger": JAYCE, "when": "play", "target": FELINE, "condition": holds}]))
        assert _might(sd, FELINE) == might and sd.unmodelled_json() == []
    sd = _sd(_jayce([SWORD, {"trigger": JAYCE, "when": "play", "target": FELINE}]))
    assert any("condition: true|false" in u["why"] for u in sd.unmodelled_json())


def test_jayce_not_stated_is_named_only_when_readying_could_matter():
    sd = _sd(_jayce([SWORD], played=0))
    assert [u["card"] for u in sd.unmodelled_json()] == [JAYCE] and _might(sd, FELINE) == MIGHT[FELINE]
    sd = _sd(_jayce([SWORD], played=0, feline=False))
    assert sd.unmodelled_json() == [] and any("readying changes nothing" in ln.text for ln in sd.lines)


@pytest.mark.parametrize("target, words", [(JAYCE, "another unit"), ("D9", "not a friendly unit")])
def test_jayce_readies_something_else_of_its_players(target, words):
    doc = _jayce([SWORD, {"trigger": JAYCE, "when": "play", "target": target}], played=0)
    doc["attacker"]["units"][0] = {"name": JAYCE, "exhausted": True, "keywords": []}
    doc["defender"]["units"][0] = _c("D9", 9, exhausted=True)
    _refused(doc, "showdown[1].target", words, "RB-CARD-1")


# ---- First Mate, played anew: "When you play me, ready another unit" -------------------------------------------------
MATE, IRELIA = "First Mate", "Irelia, Fervent"  # Irelia, Fervent (4): "When you choose or ready me, give me +1 Might"
RESCUE = {"play": "Portal Rescue", "by": "defender", "target": [MATE], "to": "base"}  # First Mate played anew
MATE_READIES = {"trigger": f"{MATE} (replayed)", "when": "played"}


@pytest.mark.parametrize("irelia", [{"name": IRELIA, "label": "I", "exhausted": False}, None])
def test_first_mate_choosing_a_ready_irelia_is_the_players_choice(irelia):
    """Readying a ready unit changes nothing, but choosing Irelia, Fervent fires her "When you choose me": +1 Might.
    With her on the board, whether First Mate's trigger readies her is the player's (named); stated, she gets +1 as
    the ability chooses her. Without her, nothing its player's waits on it: "readying changes nothing"."""
    dfd = [MATE, irelia] if irelia else [MATE, _c("D4", 4)]
    sd = _sd(_doc([_c("A5", 5)], dfd, [RESCUE]))
    assert [u["card"] for u in sd.unmodelled_json()] == ([MATE] if irelia else [])
    assert any("readying changes nothing" in ln.text for ln in sd.lines) == (irelia is None)
    if irelia:
        sd = _sd(_doc([_c("A5", 5)], dfd, [RESCUE, {**MATE_READIES, "target": "I"}]))
        assert sd.unmodelled_json() == [] and _might(sd, "I") == 4 + 1
        assert any("choosing I with First Mate (replayed)'s" in ln.text for ln in sd.lines)


@pytest.mark.parametrize("exhausted", [True, False])
def test_first_mate_may_ready_an_exhausted_enemy_feline(exhausted):
    """First Mate readies "another unit", an enemy's too: the attacker's exhausted Fretful Feline ("When I become
    ready, give me +2 Might this turn") would get +2, so the choice is the player's; a ready Feline changes nothing."""
    att = [_c("A5", 5), {"name": FELINE, "exhausted": exhausted}]
    sd = _sd(_doc(att, [MATE, _c("D2", 2)], [RESCUE]))
    assert [u["card"] for u in sd.unmodelled_json()] == ([MATE] if exhausted else [])
    if exhausted:
        sd = _sd(_doc(att, [MATE, _c("D2", 2)], [RESCUE, {**MATE_READIES, "target": FELINE}]))
        assert sd.unmodelled_json() == [] and _might(sd, FELINE) == MIGHT[FELINE] + 2


# ---- Spectral Centaur ----------------------------------------------------------------------------------------------
def test_spectral_centaur_counts_a_friend_killed_at_its_base():
    """Deathgrip kills B3 at its base and gives the Centaur B3's 3; its own trigger +2: 5 + 3 + 2 = 10."""
    sd = _sd(_doc([CENTAUR], [_c("D9", 9)], [{"play": "Deathgrip", "by": "attacker", "target": ["B3", CENTAUR]}],
                  att_base=[_c("B3", 3)]))
    assert _might(sd, CENTAUR) == MIGHT[CENTAUR] + 3 + 2 and sd.unmodelled_json() == []
    assert any("B3's death (a friendly unit, at its base)" in ln.text and "RB-CARD-10" in ln.rules for ln in sd.lines)
    # an enemy killed at its base gives nothing
    sd = _sd(_doc([CENTAUR], [_c("D9", 9)], [{"play": "Deathgrip", "by": "defender", "target": ["B3", "D9"]}],
                  dfd_base=[_c("B3", 3)]))
    assert _might(sd, CENTAUR) == MIGHT[CENTAUR]


# ---- a "When I move" fired mid-showdown, its choice stated -------------------------------------------------------
def _dancer(showdown):
    return _doc([_c("A", 2)], [_c("Q", 9)], showdown, att_base=[{"name": DANCER, "moved": False}])


RIDE_IN = {"play": "Ride The Wind", "by": "attacker", "target": DANCER, "to": "battlefield"}


def test_a_move_trigger_fired_mid_showdown_takes_its_stated_target():
    sd = _sd(_dancer([RIDE_IN, {"trigger": DANCER, "when": "move", "target": "A"}]))
    assert _might(sd, "A") == 3 and sd.unmodelled_json() == []
    sd = _sd(_dancer([RIDE_IN]))
    (missing,) = sd.unmodelled_json()
    assert "when: move" in missing["why"] and _might(sd, "A") == 2


@pytest.mark.parametrize("showdown, where, words", [
    ([RIDE_IN, {"trigger": DANCER, "when": "move", "target": "Q"}], "showdown[1].target", ("RB-CARD-1",)),
    ([{"trigger": DANCER, "when": "move", "target": "A"}, RIDE_IN], "showdown[0]", ("RB-CARD-10",)),
    ([RIDE_IN, {"trigger": DANCER, "when": "move", "target": "A"}, {"trigger": DANCER, "when": "move", "target": "A"}],
     "showdown[2]", ("did not fire", "RB-CARD-10")),
])
def test_a_move_trigger_fired_mid_showdown_refused_entries(showdown, where, words):
    _refused(_dancer(showdown), where, *words)


# ---- brute force: Loyal Pup and Stealthy Pursuer, from their printed text --------------------------------------------
def _brute(places: dict[str, str], pup_uses: bool | None, moves: list[tuple[str, str]], follows: list[bool]):
    """Each defender unit's place after the showdown, and the Pursuer's choices asked for (in the order it is
    triggered): "When you defend at a battlefield, you may move me there" (the Pup, its player defending); "When a
    friendly unit moves from my location, I may be moved with it" (the Pursuer: another defender unit, from where the
    Pursuer is). ``follows``: its answer each time it is triggered."""
    at = dict(places)
    asked = iter(follows)
    entries: list[list[dict]] = []

    def move(unit, to):
        frm = at[unit]
        at[unit] = to
        if PURSUER in at and unit != PURSUER and at[PURSUER] == frm:  # "a friendly unit moves from my location"
            yes = next(asked)
            entries[-1].append({"trigger": PURSUER, "when": "move", **({} if yes else {"decline": True})})
            if yes:
                move(PURSUER, to)  # "I may be moved with it"

    if pup_uses is not None:
        entries.append([{"trigger": PUP, **({} if pup_uses else {"decline": True})}])
        if pup_uses:
            move(PUP, "bf")
    for unit, to in moves:
        entries.append([{"play": "Ride The Wind", "by": "defender", "target": unit,
                         "to": "battlefield" if to == "bf" else "base"}])
        move(unit, to)
    return at, [e for group in entries for e in group]


@st.composite
def boards(draw):
    places = {"D1": "bf"}
    for name in (PUP, PURSUER, "B2"):
        where = draw(st.sampled_from(["bf", "base", None]))
        if where is not None:
            places[name] = where
    pup_uses = draw(st.booleans()) if places.get(PUP) == "base" else None
    moves = draw(st.lists(st.sampled_from(sorted(places)), max_size=2))
    follows = draw(st.lists(st.booleans(), min_size=6, max_size=6))
    return places, pup_uses, moves, follows


def _check(places, pup_uses, moves, follows):
    # each card moves its unit to where it is not then: the brute force, played up to that card, says where it is
    chosen: list[tuple[str, str]] = []
    for unit in moves:
        where, _ = _brute(places, pup_uses, chosen, follows)
        chosen.append((unit, "base" if where[unit] == "bf" else "bf"))
    want, showdown = _brute(places, pup_uses, chosen, follows)
    dfd = [_c("D1", 1)] + [({"name": n} if n in (PUP, PURSUER) else _c(n, 2)) for n, w in places.items()
                           if w == "bf" and n != "D1"]
    base = [({"name": n} if n in (PUP, PURSUER) else _c(n, 2)) for n, w in places.items() if w == "base"]
    sd = _sd(_doc([_c("A9", 9)], dfd, showdown, dfd_base=base))
    assert sd.unmodelled_json() == [], (places, pup_uses, chosen, showdown)
    assert _here(sd, "defender") == sorted(n for n, w in want.items() if w == "bf"), (places, pup_uses, chosen)


@settings(max_examples=examples(30), deadline=None)
@given(boards())
def test_pup_and_pursuer_against_the_printed_text(board):
    _check(*board)


@pytest.mark.long
@settings(max_examples=examples(400), deadline=None)
@given(boards())
def test_pup_and_pursuer_against_the_printed_text_long(board):
    _check(*board)
