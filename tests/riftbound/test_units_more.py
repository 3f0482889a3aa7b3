"""Units and spells the one interpreter reads beyond the combat's start (RB-CARD-10, RB-CARD-8, RB-CARD-9,
RB-CARD-15, RB-CARD-19):

* a unit a card or ability moves during the showdown (or a move trigger before it) fires its own "When I move"
  triggers as it moves, right after what moved it; one that needs a choice is named NOT MODELLED;
* "When I move from a battlefield" (Harpoon Squad): on the Attacker's move in, where it came from is stated by the
  trigger's entry (`condition:`); on a move during the showdown it is known;
* a unit token enters exhausted unless the card plays it ready; Guards!' "you may pay [rune] to ready it" is a
  condition the entry states (`condition:`), and not stated it changes no combat number;
* Rally the Troops: each friendly unit played later this turn gets a buff;
* Raging Soul's [Assault] "if you've discarded a card this turn" holds from a card its player discards in the
  showdown; Repair Specialist's [Assault] "equal to the number of gear you control" is stated as `keywords:`
  (`conditions_hold: true` is refused);
* a Deathknell at the combat cleanup is named only for a unit some legal split can kill.

The first test checks the showdown against a brute force written here: the places each unit goes through, and the
card texts' "+2 Might this turn" on a move to / from a battlefield.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import rows
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

Q = {"name": "Q", "custom": True, "might": 4}


def _doc(att, dfd, showdown=(), att_base=(), dfd_base=(), **extra):
    return {"game": "riftbound", "attacker": {"units": list(att), "base": list(att_base)},
            "defender": {"units": list(dfd), "base": list(dfd_base)}, "showdown": list(showdown), **extra}


def _run(doc):
    sd = play_showdown(scenario_from_dict(doc))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd


# ---- a brute force: units moved during the showdown --------------------------------------------------------------
#: the card texts, read here: Akali, Silent "When I move to a battlefield, give me +2 Might this turn"; Harpoon Squad
#: "When I move from a battlefield, give me +2 Might this turn"; printed Might 4 each
TO_BF, FROM_BF = "Akali, Silent", "Harpoon Squad"
PRINTED = {TO_BF: 4, FROM_BF: 4, "P": 3}


@st.composite
def moves(draw):
    """A board of the Attacker's units at the battlefield and at its base, the defender's at the battlefield, and up
    to four Ride The Wind ("Move a friendly unit") by either player, each to a place."""
    att = draw(st.lists(st.sampled_from([TO_BF, FROM_BF, "P"]), min_size=1, max_size=3, unique=True))
    rest = [c for c in (TO_BF, FROM_BF, "P") if c not in att]
    base = draw(st.lists(st.sampled_from(rest), max_size=1)) if rest else []
    dfd = draw(st.lists(st.sampled_from([TO_BF, FROM_BF]), max_size=2, unique=True))
    from_bf = draw(st.booleans())  # where the Attacker's Harpoon Squad came from as it moved in
    plays = draw(st.lists(st.tuples(st.sampled_from(["attacker", "defender"]), st.integers(0, 3),
                                    st.sampled_from(["battlefield", "base", "elsewhere"])), max_size=4))
    return att, base, dfd, from_bf, plays


def _label(side: str, card: str) -> str:
    return f"{side[0].upper()} {card}"


def _brute(att, base, dfd, from_bf, plays):
    """Each unit's place and Might, moving it as each play says; the showdown entries of the plays that move a unit
    (a play naming a unit it cannot move is left out of the scenario)."""
    units = {}
    for side, cards, where in (("attacker", att, "bf"), ("attacker", base, "base"), ("defender", dfd, "bf")):
        for c in cards:
            might = PRINTED[c]
            if side == "attacker" and where == "bf":  # it moved in, staging the combat (from its base or elsewhere)
                might += 2 if c == TO_BF or c == FROM_BF and from_bf else 0
            units[_label(side, c)] = {"side": side, "card": c, "where": where, "might": might}
    entries = []
    for side, k, to in plays:
        mine = [n for n, u in units.items() if u["side"] == side]
        if not mine:
            continue
        n = mine[k % len(mine)]
        u = units[n]
        src = u["where"]
        dst = {"battlefield": "bf", "base": "base", "elsewhere": "else"}[to]
        entries.append({"play": "Ride The Wind", "by": side, "target": n, "to": to})
        if src == dst and dst != "else":
            continue  # no move
        u["where"] = dst
        if u["card"] == TO_BF and dst != "base" or u["card"] == FROM_BF and src != "base":
            u["might"] += 2
    return units, entries


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves())
def test_units_moved_during_the_showdown_against_a_brute_force(case):
    att, base, dfd, from_bf, plays = case
    units, entries = _brute(att, base, dfd, from_bf, plays)
    entry = ([{"trigger": _label("attacker", FROM_BF), "when": "move", "condition": from_bf}] if FROM_BF in att
             else [])

    def unit(side, c, **more):
        return {"name": c, "label": _label(side, c), **more} if c != "P" else \
            {"name": _label(side, c), "custom": True, "might": PRINTED["P"]}

    doc = _doc([unit("attacker", c) for c in att], [unit("defender", c, moved=False) for c in dfd] or [Q],
               entry + entries, att_base=[unit("attacker", c, moved=False) for c in base])
    got, sd = _run(doc)
    want = {n: u["might"] for n, u in units.items() if u["where"] == "bf"}
    if not dfd:
        want["Q"] = 4
    assert got == want, (doc, [ln.text for ln in sd.lines])
    assert not sd.unmodelled


def test_the_trigger_resolves_right_after_what_moved_the_unit():
    doc = _doc([{"name": "Harpoon Squad"}], [Q], [{"trigger": "Harpoon Squad", "when": "move", "condition": False},
                                                  {"play": "Ride The Wind", "by": "attacker", "target": "Harpoon Squad",
                                                   "to": "base"}])
    _, sd = _run(doc)
    texts = [ln.text for ln in sd.lines]
    i = next(i for i, t in enumerate(texts) if t.startswith("Attacker (attacker) plays Ride The Wind"))
    assert texts[i + 1].startswith("Ride The Wind moving Harpoon Squad triggers its \"When I move from a battlefield\"")
    assert "Harpoon Squad gets +2 Might (now 6)" in texts[i + 1] and "RB-CARD-10" in sd.lines[i + 1].rules
    assert texts[i + 2] == "The chain resolved and Focus passes."


# ---- tokens, choices, the first move of a turn --------------------------------------------------------------------
def test_tokens_a_moved_unit_plays_are_where_it_is_and_may_be_named():
    """Noxian Drummer: "When I move to a battlefield, play a 1 Might Recruit here": moved in from its base by Fae
    Porter's trigger, its Recruit fights and a later entry names it; moved away, its Recruit is at the other
    battlefield. Lillia, Fae Fawn: "When I move from a location, play a 3 Might Sprite ... there": moved in from her base,
    her Sprite is played at her base; moved from the battlefield to her base, her Sprite is played at the battlefield,
    where it fights for her player."""
    drummer = {"name": "Noxian Drummer", "moved": False}
    doc = _doc([{"name": "Fae Porter"}], [Q], [{"trigger": "Fae Porter", "when": "move", "target": "Noxian Drummer"}],
               att_base=[drummer])
    got, sd = _run(doc)
    assert got == {"Fae Porter": 4, "Noxian Drummer": 3, "Recruit 1": 1, "Q": 4} and not sd.unmodelled
    doc["showdown"].append({"play": "Incinerate", "by": "defender", "target": "Recruit 1"})
    got, _ = _run(doc)
    assert "Recruit 1" not in got
    got, sd = _run(_doc([{"name": "Noxian Drummer"}, {"name": "P", "custom": True, "might": 1}], [Q],
                        [{"play": "Ride The Wind", "by": "attacker", "target": "Noxian Drummer", "to": "elsewhere"}]))
    assert sorted(got) == ["P", "Q", "Recruit 1"]  # the Recruit of its move in stays here, the second is elsewhere
    assert any("Recruit 2" in ln.text and "another battlefield" in ln.text for ln in sd.lines)
    got, sd = _run(_doc([{"name": "Lillia - Fae Fawn"}, {"name": "P", "custom": True, "might": 1}], [Q],
                        [{"play": "Ride The Wind", "by": "attacker", "target": "Lillia - Fae Fawn", "to": "base"}]))
    assert got == {"P": 1, "Q": 4, "Sprite 2": 3}  # the Sprite of her move in is at her base; the second here
    assert any("Sprite 1" in ln.text and "to its base" in ln.text for ln in sd.lines) and not sd.unmodelled
    assert any("Sprite 2" in ln.text and "to the battlefield" in ln.text for ln in sd.lines)


def test_a_trigger_needing_a_choice_is_named_and_the_first_move_as_stated():
    """Ribbon Dancer moved in mid-showdown: "another friendly unit +1 Might" needs a target no entry states then.
    Miss Fortune, Captain's "The first time I move each turn": after `moved: true` it does not fire; `moved` not
    stated, whether this move is the first is named."""
    _, sd = _run(_doc([Q | {"name": "A"}], [Q], [{"play": "Ride The Wind", "by": "attacker", "target":
                                                    "Ribbon Dancer", "to": "battlefield"}],
                      att_base=[{"name": "Ribbon Dancer", "moved": False}]))
    assert [u.what for u in sd.unmodelled] == ["ability When I move to a battlefield: might_modifier value=1 "
                                               "(unit Ribbon Dancer)"]
    assert "no showdown entry states it" in sd.unmodelled[0].why
    flee = [{"play": "Ride The Wind", "by": "defender", "target": "Miss Fortune - Captain", "to": "base"}]
    for moved, named in ((True, None), (None, "is its first move this turn is not stated"),
                         (False, "no showdown entry states it")):
        mf = {"name": "Miss Fortune - Captain", **({} if moved is None else {"moved": moved})}
        _, sd = _run(_doc([Q | {"name": "A"}], [mf, Q], flee))
        whys = [u.why for u in sd.unmodelled if "The first time I move" in u.what and "Ride The Wind" in u.why]
        assert (whys == []) if named is None else (len(whys) == 1 and named in whys[0]), (moved, whys)


# ---- Harpoon Squad ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("att, dfd, showdown, might, named", [
    ([{"name": "Harpoon Squad"}], [Q], [], 4, "where it moved from"),
    ([{"name": "Harpoon Squad"}], [Q], [{"trigger": "Harpoon Squad", "when": "move", "condition": True}], 6, None),
    ([{"name": "Harpoon Squad"}], [Q], [{"trigger": "Harpoon Squad", "when": "move", "condition": False}], 4, None),
    ([Q | {"name": "A"}], [{"name": "Harpoon Squad", "moved": False}], [], 4, None),
    ([Q | {"name": "A"}], [{"name": "Harpoon Squad", "moved": True}], [], 4, "where it moved from"),
    ([Q | {"name": "A"}], [{"name": "Harpoon Squad", "moved": True}],
     [{"trigger": "Harpoon Squad", "when": "move", "condition": True}], 6, None),
])
def test_harpoon_squad_where_it_came_from(att, dfd, showdown, might, named):
    got, sd = _run(_doc(att, dfd, showdown))
    assert got["Harpoon Squad"] == might
    whys = [u.why for u in sd.unmodelled]
    assert (whys == []) if named is None else (len(whys) == 1 and named in whys[0]
                                               and "condition: true|false" in whys[0])


def test_harpoon_squad_at_its_base_after_moving_came_from_a_battlefield():
    """At its base with `moved: true`: its last move ended there, so it came from a battlefield; moved in from its
    base later, it does not fire again."""
    got, sd = _run(_doc([Q | {"name": "A"}], [Q], [{"play": "Ride The Wind", "by": "attacker",
                                                    "target": "Harpoon Squad", "to": "battlefield"}],
                        att_base=[{"name": "Harpoon Squad", "moved": True}]))
    assert got["Harpoon Squad"] == 6 and not sd.unmodelled


# ---- Guards!, tokens entering exhausted, Rally the Troops ---------------------------------------------------------
def _sand_soldier(sd):
    return next(u for u in sd.board.defender if u.name == "Sand Soldier 1")


@pytest.mark.parametrize("condition, exhausted", [(None, True), (True, False), (False, True)])
def test_guards_token_enters_exhausted_and_is_readied_when_paid(condition, exhausted):
    entry = {"play": "Guards!", "by": "defender", "facedown": True, "to": "battlefield",
             **({} if condition is None else {"condition": condition})}
    got, sd = _run(_doc([Q | {"name": "A"}], [Q], [entry]))
    assert _sand_soldier(sd).exhausted is exhausted and got["Sand Soldier 1"] == 2
    assert not sd.unmodelled  # readying changes no combat number: not stated, nothing is left open


def test_guards_paid_rune_is_checked_with_stated_costs():
    entry = {"play": "Guards!", "by": "defender", "facedown": True, "to": "battlefield", "condition": True,
             "paid": {"energy": 3, "power": 0}}
    doc = _doc([Q | {"name": "A"}], [Q], [entry], rules={"card_costs": "stated"})
    with pytest.raises(ScenarioError, match=r"paid.*option the entry says was paid") as exc:
        _run(doc)
    assert "showdown[0].paid" in str(exc.value)
    entry["paid"] = {"energy": 3, "power": 1}
    _, sd = _run(doc)
    assert _sand_soldier(sd).exhausted is False


def test_tokens_enter_exhausted_unless_played_ready():
    _, sd = _run(_doc([Q | {"name": "A"}], [Q], [{"play": "Flurry of Feathers", "by": "defender", "mode": 2,
                                                  "to": "battlefield"}]))
    assert all(u.exhausted for u in sd.board.defender if u.name.startswith("Bird"))


def test_rally_the_troops_buffs_the_units_its_player_plays_later():
    """Its player's tokens played after it get a buff; the other player's do not; a unit card played from hand
    (Soulspinner, [Ambush], Might 3) does too."""
    flurry = {"play": "Flurry of Feathers", "by": "defender", "mode": 2, "to": "battlefield"}
    for rally_by, buffed in (("defender", True), ("attacker", False)):
        got, sd = _run(_doc([Q | {"name": "A"}], [Q], [{"play": "Rally the Troops", "by": rally_by}, flurry]))
        birds = [u for u in sd.board.defender if u.name.startswith("Bird")]
        assert len(birds) == 4 and all(u.buffed is buffed and u.current_might == 1 + buffed for u in birds)
        assert not sd.unmodelled
    got, _ = _run(_doc([Q | {"name": "A"}], [Q], [flurry, {"play": "Rally the Troops", "by": "defender"}]))
    assert got["Bird 1"] == 1  # played before it
    got, sd = _run(_doc([Q | {"name": "A"}], [Q], [{"play": "Rally the Troops", "by": "defender"},
                                                   {"play": "Soulspinner", "by": "defender", "to": "battlefield"}]))
    assert got["Soulspinner"] == 4 and any("Rally the Troops's" in ln.text and "RB-CARD-10" in ln.rules
                                           for ln in sd.lines)


# ---- Raging Soul, Repair Specialist, Kog'Maw ----------------------------------------------------------------
EXCITED = {"play": "Get Excited!", "by": "attacker", "target": "Q", "discard": "Rune Prison"}


@pytest.mark.parametrize("hold, discards, might, named", [
    (False, 0, 4, False), (False, 1, 5, False), (False, 2, 5, False), (True, 1, 5, False), (None, 1, 5, True),
])
def test_raging_soul_holds_from_a_discard(hold, discards, might, named):
    soul = {"name": "Raging Soul", **({} if hold is None else {"conditions_hold": hold})}
    got, sd = _run(_doc([soul], [Q | {"might": 9}], [EXCITED] * discards))
    assert got["Raging Soul"] == might and bool(sd.unmodelled) is named


@pytest.mark.parametrize("discarded, discards, might, named", [
    (False, 0, 4, False), (True, 0, 5, False), (False, 1, 5, False), (True, 1, 5, False), (None, 0, 4, True)])
def test_raging_soul_reads_what_the_side_states_of_its_player(discarded, discards, might, named):
    """"If you've discarded a card this turn, I have [Assault]": the side's `discarded_this_turn:` before the showdown
    (RB-CARD-9), a discard in the showdown from then on (RB-CARD-21); not stated, named NOT MODELLED."""
    doc = _doc(["Raging Soul"], [Q | {"might": 9}], [EXCITED] * discards)
    if discarded is not None:
        doc["attacker"]["discarded_this_turn"] = discarded
    got, sd = _run(doc)
    assert got["Raging Soul"] == might and bool(sd.unmodelled) is named
    assert not named or "discarded_this_turn" in sd.unmodelled[0].why


def test_repair_specialist_count_is_stated_as_keywords(capsys, tmp_path):
    got, sd = _run(_doc([{"name": "Repair Specialist", "conditions_hold": False, "keywords": ["Assault 2"]}], [Q]))
    assert got["Repair Specialist"] == 3 + 2 and not sd.unmodelled
    _, sd = _run(_doc([{"name": "Repair Specialist"}], [Q]))
    assert "keywords: [Assault N]" in sd.unmodelled[0].why
    p = tmp_path / "r.yaml"
    p.write_text("game: riftbound\nattacker:\n  units: [{name: Repair Specialist, conditions_hold: true}]\n"
                 "defender:\n  units: [{name: Q, custom: true, might: 4}]\n")
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert "attacker.units[0].conditions_hold" in err and "keywords: [Assault N]" in err


@pytest.mark.parametrize("enemy, named", [
    ({"might": 3}, True),  # Kog'Maw (Might 1) dies to any damage
    ({"might": 3, "stunned": True}, False),  # no enemy damage: it cannot die in combat
])
def test_kogmaw_deathknell_at_the_cleanup_is_named_only_when_it_may_die(enemy, named):
    _, sd = _run(_doc([{"name": "Kog'Maw - Caustic"}], [{"name": "E", "custom": True, **enemy}]))
    assert bool([u for u in sd.unmodelled if "combat cleanup" in u.why]) is named


def test_coverage_rows_moved():
    status = {r["name"]: r["status"] for r in rows()}
    assert (status["Harpoon Squad"], status["Guards!"], status["Rally the Troops"]) == ("modelled",) * 3
    # Repair Specialist's count: the gear the scenario lists and the side's `gear_elsewhere` (test_player_state.py)
    # Raging Soul: the side's `discarded_this_turn` (test_raging_soul_reads_what_the_side_states_of_its_player)
    assert (status["Raging Soul"], status["Repair Specialist"]) == ("modelled", "modelled")


def test_the_example_runs():
    from pycombat.games.riftbound.schema import example_path

    path = Path(example_path("moved_mid_showdown.yaml"))
    assert main(["verify", str(path)]) == 0


# ---- a combat no longer staged (RB-COMB-2, CR 456.2) ------------------------------------------------------------
def _moved_away(showdown=()):
    """Imposing Challenger's "When I move" moves the only defender (Might 2, less than its 4) to a different
    battlefield before the showdown; Twilight Reveler's "When I attack, ready another friendly unit" then has no
    combat to trigger in."""
    return _doc([{"name": "Imposing Challenger"}, {"name": "Twilight Reveler"},
                 {"name": "P", "custom": True, "might": 3, "exhausted": True}],
                [{"name": "D", "custom": True, "might": 2}],
                [{"trigger": "Imposing Challenger", "when": "move", "target": "D"}, *showdown])


def test_no_combat_trigger_fires_once_a_side_has_left():
    might, sd = _run(_moved_away())
    assert "D" not in might
    assert sd.unmodelled_json() == []  # Twilight Reveler's target choice would be the player's: no trigger, no choice
    text = "\n".join(line.text for line in sd.lines)
    assert "the staged combat is not held" in text and "Twilight Reveler (attacker" not in text
    assert next(u for u in sd.board.attacker if u.name == "P").exhausted  # nothing readied it


def test_a_stated_combat_trigger_is_refused_when_the_combat_is_not_held():
    with pytest.raises(ScenarioError, match=r"not held \(RB-COMB-2"):
        _run(_moved_away([{"trigger": "Twilight Reveler", "target": "P"}]))


def test_harpoon_squad_dead_before_its_trigger_resolves_does_nothing():
    """Darius - Executioner's +1 keeps Harpoon Squad (4 + 1) alive with 4 damage at the battlefield; moved to its
    base it has 4 Might and dies at the cleanup after Fight or Flight resolves, before "give me +2 Might" resolves:
    the trigger acts only on the unit, which left play, so it does nothing and nothing is named (RB-CARD-11)."""
    doc = _doc([Q | {"name": "A"}], [{"name": "Darius - Executioner"}, {"name": "Harpoon Squad", "moved": False}],
               [{"play": "Shock Blast", "by": "attacker", "target": "Harpoon Squad"},
                {"play": "Fight or Flight", "by": "attacker", "target": "Harpoon Squad"}])
    got, sd = _run(doc)
    texts = [ln.text for ln in sd.lines]
    assert "Harpoon Squad" not in got and not sd.unmodelled, texts
    line = next(ln for ln in sd.lines if "left play before it resolved" in ln.text)
    assert "does nothing" in line.text and line.rules == ("RB-CARD-11",)


def test_a_unit_a_card_moves_to_its_base_is_moved_not_recalled():
    """Ride The Wind moving a unit to its base is a move (RB-CARD-7): its line cites no recall rule (RB-COMB-6)."""
    _, sd = _run(_doc([Q | {"name": "A"}, {"name": "P", "custom": True, "might": 2}], [Q],
                      [{"play": "Ride The Wind", "by": "attacker", "target": "P", "to": "base"}]))
    line = next(ln for ln in sd.lines if "plays Ride The Wind" in ln.text)
    assert "moved to its base" in line.text and "RB-CARD-7" in line.rules and "RB-COMB-6" not in line.rules
