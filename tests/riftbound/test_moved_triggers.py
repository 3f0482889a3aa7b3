"""A unit's triggers on its own move ("When I move", "When I move to a battlefield", "The first time I move
each turn") resolved before the showdown through the one interpreter (RB-CARD-10, RB-COMB-2): an attacker
moved in (RB-COMB-1); a defender or a unit at its base as `moved:` states, and then only its Might and
keyword changes (the rest is the board as stated). One that needs a choice is stated as
`{trigger: UNIT, when: move, ...}` before the other entries; not stated, or not read, it stays NOT MODELLED
with the reason. Each card below gives another answer with its trigger than without it."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict


def _doc(att, dfd, base=()):
    return {"game": "riftbound", "attacker": {"units": att},
            "defender": {"units": dfd, "base": list(base)}, "showdown": []}


def _run(doc):
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd


PLAIN = {"name": "P", "custom": True, "might": 1}


def test_an_attacker_moved_in_and_its_trigger_applies_narrated():
    got, sd = _run(_doc([{"name": "Akali, Silent"}], [PLAIN]))
    assert got["Akali, Silent"] == 4 + 2 and not sd.unmodelled
    assert any("When I move to a battlefield" in ln.text and "RB-CARD-10" in ln.rules for ln in sd.lines)


@pytest.mark.parametrize("moved, might, open_", [(True, 6, False), (False, 4, False), (None, 4, True)])
def test_a_defender_as_stated(moved, might, open_):
    me = {"name": "Akali, Silent", **({} if moved is None else {"moved": moved})}
    got, sd = _run(_doc([PLAIN], [me]))
    assert got["Akali, Silent"] == might
    assert bool([u for u in sd.unmodelled if "moved: true|false" in u.why]) == open_


def test_at_its_base_a_move_to_a_battlefield_is_not_stated():
    _, sd = _run(_doc([PLAIN], [PLAIN | {"name": "Q"}], [{"name": "Akali, Silent", "moved": True}]))
    assert any("to a battlefield is not in the scenario" in u.why for u in sd.unmodelled)
    _, sd = _run(_doc([PLAIN], [PLAIN | {"name": "Q"}], [{"name": "Akali, Silent", "moved": False}]))
    assert not sd.unmodelled


def test_an_option_set_by_a_card_drawn_and_a_burn_cost_are_stated():
    """Hwei: "draw 1, then discard 1 ... Unit: give me +3 Might this turn" (the only option that changes a
    combat): the entry states whether the discarded card was a unit (`condition:`); Shadow Order Disciple: "you
    may [Burn 1] to give me +1 Might" (the cards burned change no combat number): stated, it is used."""
    for cond, might in ((True, 8), (False, 5)):
        got, sd = _att([{"name": "Hwei - Brooding Painter"}], [PLAIN],
                       [{"trigger": "Hwei - Brooding Painter", "when": "move", "condition": cond}])
        assert got["Hwei - Brooding Painter"] == might and not sd.unmodelled
    got, sd = _att([{"name": "Shadow Order Disciple"}], [PLAIN], [{"trigger": "Shadow Order Disciple"}])
    assert got["Shadow Order Disciple"] == 3 and not sd.unmodelled
    for name, hint in (("Hwei - Brooding Painter", "condition: true|false"), ("Shadow Order Disciple", "target")):
        got, sd = _run(_doc([{"name": name}], [PLAIN]))
        assert [u for u in sd.unmodelled if hint in u.why], name


def _att(units, dfd, showdown=(), **extra):
    doc = _doc(units, dfd)
    doc["showdown"] = list(showdown)
    doc.update(extra)
    return _run(doc)


X = {"name": "X", "custom": True, "might": 2}
Q4 = {"name": "Q", "custom": True, "might": 4}


def test_the_trigger_is_narrated_as_resolving_before_the_showdown():
    _, sd = _run(_doc([{"name": "Akali, Silent"}], [PLAIN]))
    texts = [ln.text for ln in sd.lines]
    i = next(i for i, t in enumerate(texts) if t.startswith("Akali, Silent's \"When I move to a battlefield\" ability "
                                                               "resolves: Akali, Silent gets +2 Might"))
    assert {"RB-CARD-10", "RB-COMB-2"} <= set(sd.lines[i].rules)
    assert i < next(i for i, t in enumerate(texts) if t.startswith("The showdown begins"))
    assert not any("Focus passes" in t for t in texts[:i + 1])


def test_tokens_played_here_fight_for_the_attacker():
    """Corina Veraza: three 1 Might Recruits here; Noxian Drummer: one. They count in the Attacker's total."""
    for name, n in (("Corina Veraza", 3), ("Noxian Drummer", 1)):
        got, sd = _run(_doc([{"name": name}], [Q4]))
        assert sorted(u.name for u in sd.board.attacker) == sorted([name] + [f"Recruit {k}" for k in range(1, n + 1)])
        assert all(got[f"Recruit {k}"] == 1 for k in range(1, n + 1)) and not sd.unmodelled
    # a later card may name a token played so (Incinerate: 2 damage kills Recruit 1)
    _, sd = _att([{"name": "Noxian Drummer"}], [Q4], [{"play": "Incinerate", "by": "defender", "target": "Recruit 1"}])
    assert [u.name for u in sd.board.attacker] == ["Noxian Drummer"]


def test_a_token_played_there_is_where_the_attacker_moved_from():
    """Lillia, Fae Fawn: "When I move from a location, play a 3 Might Sprite unit token with [Temporary] there":
    "there" is where she moved from. Attacking without [Ganking], she moved in from her base: the Sprite is played at
    her base, out of the combat (RB-CARD-15, RB-CARD-7); against a 4 Might defender she fights alone: the Defender
    keeps the battlefield."""
    got, sd = _run(_doc([{"name": "Lillia - Fae Fawn"}], [Q4]))
    assert got == {"Lillia - Fae Fawn": 3, "Q": 4} and not sd.unmodelled
    assert sd.units["Sprite 1"].current_might == 3 and "Temporary" in sd.units["Sprite 1"].keywords
    assert any("Sprite 1" in ln.text and "to its base" in ln.text for ln in sd.lines)
    from pycombat.games.riftbound.verbs import odds

    report = odds(scenario_from_dict(_doc([{"name": "Lillia - Fae Fawn"}], [Q4]))).to_json()
    assert report["outcome"] == "keep" and report["death_share"]["Lillia - Fae Fawn"]["exact"] == "1/1"


def test_a_defender_that_moved_earlier_keeps_the_board_as_stated():
    """A defender's move was before the combat was staged: the Recruits it played then are units the scenario
    lists, so Corina Veraza plays none now; Ribbon Dancer's +1 Might this turn is not on the board: it applies."""
    _, sd = _run(_doc([PLAIN], [{"name": "Corina Veraza", "moved": True}]))
    assert [u.name for u in sd.board.defender] == ["Corina Veraza"] and not sd.unmodelled
    got, sd = _att([PLAIN], [{"name": "Ribbon Dancer", "moved": True}, Q4],
                   [{"trigger": "Ribbon Dancer", "when": "move", "target": "Q"}])
    assert got["Q"] == 5
    got, sd = _att([PLAIN], [{"name": "Ribbon Dancer", "moved": False}, Q4])
    assert got["Q"] == 4 and not sd.unmodelled


@pytest.mark.parametrize("units, dfd, entry, check", [
    # Ribbon Dancer: another friendly unit +1 Might this turn
    ([{"name": "Ribbon Dancer"}, X], [Q4], {"target": "X"}, lambda got, sd: got["X"] == 3),
    # Akali, Deadly Weapon: 1 damage to a unit here (2 instead if Empowered)
    ([{"name": "Akali, Deadly Weapon", "empowered": False}], [Q4], {"target": "Q"},
     lambda got, sd: [u.marked for u in sd.board.defender] == [1]),
    ([{"name": "Akali, Deadly Weapon", "empowered": True}], [Q4], {"target": "Q"},
     lambda got, sd: [u.marked for u in sd.board.defender] == [2]),
    ([{"name": "Akali, Deadly Weapon", "empowered": False}], [PLAIN, Q4], {"target": "P"},
     lambda got, sd: [u.name for u in sd.board.defender] == ["Q"]),
    # Pakaa Protector: +2 Might if the revealed card is not a unit (stated)
    ([{"name": "Pakaa Protector"}], [Q4], {"condition": True}, lambda got, sd: got["Pakaa Protector"] == 6),
    ([{"name": "Pakaa Protector"}], [Q4], {"condition": False}, lambda got, sd: got["Pakaa Protector"] == 4),
    # Imposing Challenger: an enemy unit here with less Might than it moves to another battlefield
    ([{"name": "Imposing Challenger"}], [PLAIN, Q4], {"target": "Q"},
     lambda got, sd: [u.name for u in sd.board.defender] == ["P"]),
])
def test_a_stated_move_trigger_changes_the_board(units, dfd, entry, check):
    got, sd = _att(units, dfd, [{"trigger": units[0]["name"], "when": "move", **entry}])
    assert check(got, sd) and not sd.unmodelled, (got, sd.unmodelled)


def test_kato_gives_his_keywords_and_might_to_the_unit_he_chooses():
    """Kato the Arm: "give another friendly unit my keywords and +[my Might] Might this turn", read as it resolves
    (RB-CARD-13): with Assault 2 and Tank stated, X gets Assault 2, Tank and +3: Kato's Might as his move trigger
    resolves, before the combat begins, is 3 (no Attacker designation yet, so no Assault, RB-COMB-4, RB-MIGHT-4);
    in the combat X has 2 +3 +2 Assault."""
    got, sd = _att([{"name": "Kato the Arm", "keywords": ["Assault 2", "Tank"]}, X], [Q4],
                   [{"trigger": "Kato the Arm", "target": "X"}])
    x = next(u for u in sd.board.attacker if u.name == "X")
    assert (got["X"], x.tank, x.assault) == (2 + 3 + 2, True, (2,)) and not sd.unmodelled
    got, sd = _att([{"name": "Kato the Arm"}], [Q4], [])  # alone: no unit to choose, it does nothing
    assert got["Kato the Arm"] == 3 and not sd.unmodelled


def test_units_moved_in_from_a_base_fight():
    """Irresistible Faefolk moves an enemy unit at its base into the battlefield (it defends); Fae Porter,
    for a rune, a friendly one (it attacks)."""
    doc = _doc([{"name": "Irresistible Faefolk"}], [Q4], [X])
    doc["defender"]["base"] = [X]
    doc["showdown"] = [{"trigger": "Irresistible Faefolk", "when": "move", "target": "X"}]
    _, sd = _run(doc)
    assert sorted(u.name for u in sd.board.defender) == ["Q", "X"]
    doc = _doc([{"name": "Fae Porter"}], [Q4])
    doc["attacker"]["base"] = [X]
    doc["rules"] = {"card_costs": "stated"}
    doc["showdown"] = [{"trigger": "Fae Porter", "when": "move", "target": "X", "paid": {"power": 1}}]
    _, sd = _run(doc)
    assert sorted(u.name for u in sd.board.attacker) == ["Fae Porter", "X"]
    doc["showdown"][0].pop("paid")
    with pytest.raises(ScenarioError, match="paid"):
        _run(doc)


def test_a_choice_not_stated_is_not_modelled_and_declining_does_nothing():
    _, sd = _run(_doc([{"name": "Miss Fortune - Captain"}, X | {"exhausted": True}], [Q4]))
    assert any("when: move" in u.why for u in sd.unmodelled)
    _, sd = _att([{"name": "Miss Fortune - Captain"}, X | {"exhausted": True}], [Q4],
                 [{"trigger": "Miss Fortune - Captain", "when": "move", "target": "X"}])
    assert not sd.unmodelled and any("X is readied" in ln.text for ln in sd.lines)
    _, sd = _att([{"name": "Miss Fortune - Captain"}], [Q4], [{"trigger": "Miss Fortune - Captain", "when": "move"}])
    assert not sd.unmodelled


def test_a_unit_killed_by_a_move_trigger_does_not_defend():
    """Its "When I defend" trigger does not fire: it is not at the battlefield as the showdown begins."""
    move = {"trigger": "Akali, Deadly Weapon", "when": "move", "target": "Overzealous Fan"}
    _, sd = _att([{"name": "Akali, Deadly Weapon", "empowered": True}], [{"name": "Overzealous Fan"}], [move])
    assert sd.board.defender == () and any("not held" in ln.text for ln in sd.lines)
    assert not sd.unmodelled  # its "you may" trigger would otherwise wait for an entry
    _, sd = _att([{"name": "Akali, Deadly Weapon", "empowered": False}], [{"name": "Overzealous Fan"}], [move])
    assert any("Overzealous Fan" in u.what for u in sd.unmodelled)  # 1 damage: it lives, and defends
    with pytest.raises(ScenarioError, match="left the battlefield before the showdown"):
        _att([{"name": "Akali, Deadly Weapon", "empowered": True}], [{"name": "Overzealous Fan"}],
             [move, {"trigger": "Overzealous Fan", "target": "Akali, Deadly Weapon"}])


@pytest.mark.parametrize("units, dfd, showdown, words", [
    ([{"name": "Imposing Challenger"}], [{"name": "R", "custom": True, "might": 6}],
     [{"trigger": "Imposing Challenger", "when": "move", "target": "R"}], "not less than"),
    ([{"name": "Miss Fortune - Captain"}, X], [Q4], [{"trigger": "Miss Fortune - Captain", "target": "X"}],
     "not exhausted"),
    ([PLAIN], [{"name": "Corina Veraza"}], [{"trigger": "Corina Veraza", "when": "move"}], "give it `moved: true`"),
    ([PLAIN], [{"name": "Corina Veraza", "moved": True}], [{"trigger": "Corina Veraza"}], "the board as the scenario"),
    ([{"name": "Ribbon Dancer"}, X], [Q4], [{"play": "Blood Rush", "by": "attacker", "target": "X"},
                                           {"trigger": "Ribbon Dancer", "target": "X"}], "before the combat triggers"),
    ([{"name": "Akali, Silent"}], [Q4], [{"trigger": "Akali, Silent", "when": "combat"}], "no \"When I attack\""),
    ([{"name": "Yasuo - Remorseful"}], [Q4], [{"trigger": "Yasuo - Remorseful", "when": "move"}], "no \"When I move\""),
])
def test_bad_move_trigger_entries_are_refused(units, dfd, showdown, words):
    with pytest.raises(ScenarioError) as exc:
        _att(units, dfd, showdown)
    assert words in str(exc.value) and "showdown[" in str(exc.value)


@pytest.mark.parametrize("unit, words", [
    ({"name": "Akali, Silent", "moved": 1}, "moved"),
    ({"name": "Akali, Silent", "moved": False}, "RB-COMB-1"),
])
def test_bad_moved_is_refused(unit, words):
    with pytest.raises(ScenarioError) as exc:
        scenario_from_dict(_doc([unit], [PLAIN]))
    assert "moved" in str(exc.value) and words in str(exc.value)


def test_a_unit_a_card_moves_later_fires_its_own_trigger():
    """Fae Porter moves Akali, Silent in from its base: her own "When I move to a battlefield" fires as she moves
    and resolves right after Fae Porter's ability (RB-CARD-10): her Might is 4 + 2 (tests/riftbound/test_units_more.py
    has the rest)."""
    doc = _doc([{"name": "Fae Porter"}], [Q4])
    doc["attacker"]["base"] = [{"name": "Akali, Silent", "moved": False}]
    doc["showdown"] = [{"trigger": "Fae Porter", "when": "move", "target": "Akali, Silent"}]
    got, sd = _run(doc)
    assert got["Akali, Silent"] == 6 and not sd.unmodelled
