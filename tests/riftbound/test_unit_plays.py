"""Units played from hand in a showdown (RB-CARD-16), units' activated abilities (RB-CARD-17) and the
replacement effects on the board (RB-CARD-18). The oracle for unit plays is written here from the
rules and the data's fields (keywords, Might, Assault, Shield), not taken from the reader."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data" / "units.json"
RECORDS = [r for r in json.loads(DATA.read_text())["records"] if not r.get("reprint_of")]


def _kw(r: dict) -> set[str]:
    return {k.split()[0] for k in r.get("keywords") or ()}


#: every unit card with [Reaction] or [Ambush] and no "When you play me" ability (its Might and keywords only)
PLAIN = [r for r in RECORDS if _kw(r) & {"Reaction", "Ambush"} and r.get("might") is not None
         and not any(str(e.get("trigger", "")).startswith("When you play me") for e in r.get("effects") or ())
         and not r.get("unparsed_clauses")
         and r["name"] != "Stalking Wolf"]  # its cost, a unit killed (`kills:`): test_stalking_wolf_kills_a_unit_...
PERMITTED = {"a battlefield you're attacking": ("attacker",),
             "a battlefield where there are enemy units (with Ambush), even if you don't have units there":
                 ("attacker", "defender")}


def _doc(showdown, claims=None, **extra) -> dict:
    doc = {"game": "riftbound",
           "attacker": {"units": [{"name": "A3", "custom": True, "might": 3}]},
           "defender": {"units": [{"name": "D2", "custom": True, "might": 2}]},
           "showdown": showdown, **({"claims": claims} if claims else {})}
    for side, more in extra.items():
        doc[side] = {**doc[side], **more}
    return doc


def _oracle(r: dict, by: str, to: str, controller: str = "defender") -> tuple[bool, int | None]:
    """(legal, the Might it adds to its side's total at the battlefield): RB-SHOW-4 / CR 355.2 written out."""
    kws = _kw(r)
    allowed = set()
    if "Reaction" in kws:
        allowed |= {"base", "elsewhere"}
        if by == controller or any(e.get("effect") == "play_location" and by in PERMITTED.get(e.get("where"), ())
                                   for e in r.get("effects") or ()):
            allowed.add("battlefield")
    if "Ambush" in kws:
        allowed.add("battlefield")  # its player has units there (A3, D2)
    if to not in allowed:
        return False, None
    if to != "battlefield":
        return True, 0
    bonus = r.get("assault") or 0 if by == "attacker" else r.get("shield") or 0
    return True, max(0, r["might"] + bonus)


def _total(sd, side: str) -> int:
    return sum(u.contribution for u in (sd.board.attacker if side == "attacker" else sd.board.defender))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PLAIN), st.sampled_from(["attacker", "defender"]), st.sampled_from(["battlefield", "base"]),
       st.sampled_from(["defender", "nobody"]))
def test_a_unit_played_from_hand_enters_where_the_rules_allow(r, by, to, controller):
    doc = _doc([{"play": r["id"], "by": by, "to": to}])
    doc["battlefield"] = {"name": "Here", "controlled_by": controller}
    legal, adds = _oracle(r, by, to, None if controller == "nobody" else controller)
    if not legal:
        with pytest.raises(ScenarioError, match="RB-CARD-16"):
            play_showdown(scenario_from_dict(doc))
        return
    sd = play_showdown(scenario_from_dict(doc))
    before = {"attacker": 3, "defender": 2}
    assert _total(sd, by) == before[by] + adds
    assert any("RB-CARD-16" in ln.rules for ln in sd.lines)


def test_a_unit_without_reaction_is_refused_and_hidden_needs_facedown():
    with pytest.raises(ScenarioError, match=r"Sunlit Guardian.*without \[Reaction\].*RB-SHOW-4"):
        scenario_from_dict(_doc([{"play": "Sunlit Guardian", "by": "defender", "to": "battlefield"}]))
    with pytest.raises(ScenarioError, match=r"Hidden.*facedown.*RB-SHOW-4"):
        scenario_from_dict(_doc([{"play": "Pakaa Cub", "by": "defender"}]))
    sd = play_showdown(scenario_from_dict(_doc([{"play": "Pakaa Cub", "by": "defender", "facedown": True,
                                                 "to": "battlefield"}])))
    assert [u.name for u in sd.board.defender] == ["D2", "Pakaa Cub"]
    with pytest.raises(ScenarioError, match="RB-CARD-16"):  # hidden at a battlefield he did not control
        scenario_from_dict(_doc([{"play": "Pakaa Cub", "by": "attacker", "facedown": True, "to": "battlefield"}]))


def test_the_location_is_the_players_choice_and_ambush_needs_units_there():
    with pytest.raises(ScenarioError, match=r"give `to:`.*battlefield or base"):
        scenario_from_dict(_doc([{"play": "Shen - Kinkou", "by": "defender"}]))
    # the attacker's only unit there is killed first: [Ambush] has nowhere to go
    doc = _doc([{"kill": "A3"}, {"play": "Inferna", "by": "attacker"}])
    with pytest.raises(ScenarioError, match=r"Ambush.*none there now.*RB-CARD-16"):
        play_showdown(scenario_from_dict(doc))


def test_play_triggers_resolve_as_the_unit_enters_and_later_entries_name_it():
    doc = _doc([{"play": "Chakram Dancer", "by": "defender"},
                {"play": "Chakram Dancer", "by": "defender"},
                {"stun": "Chakram Dancer (2)"}])
    sd = play_showdown(scenario_from_dict(doc))
    d = {u.name: u for u in sd.board.defender}
    # each Dancer gives the *other* friendly units here Shield 1: D2 twice, the first Dancer once
    assert d["D2"].current_might == 2 + 2 and d["Chakram Dancer"].current_might == 3 + 1
    assert d["Chakram Dancer (2)"].stunned and d["Chakram Dancer (2)"].current_might == 3
    # Janna: heal your units here, then move up to one enemy unit from here to its base
    doc = _doc([{"play": "Janna - Savior", "by": "defender", "to": "battlefield", "target": "A3"}])
    doc["defender"]["units"][0]["damage"] = 1
    sd = play_showdown(scenario_from_dict(doc))
    assert sd.board.attacker == () and {u.name: u.marked for u in sd.board.defender} == {"D2": 0, "Janna - Savior": 0}


def test_costs_are_checked_as_a_cards():
    doc = _doc([{"play": "Shen - Kinkou", "by": "defender", "to": "base", "paid": {"energy": 3}}])
    doc["rules"] = {"card_costs": "stated"}
    with pytest.raises(ScenarioError, match=r"paid 3 Energy \+ 0 Power.*RB-CARD-2"):
        play_showdown(scenario_from_dict(doc))
    doc["showdown"][0]["paid"] = {"energy": 3, "power": 1}
    play_showdown(scenario_from_dict(doc))


# ---- activated abilities (RB-CARD-17) ------------------------------------------------------------------
def test_azir_swaps_places_and_may_take_the_equipment_once_a_turn():
    doc = _doc([{"ability": "Azir - Ascendant", "target": "D2", "attach": "Long Sword"}],
               defender={"base": ["Azir - Ascendant"]})
    doc["defender"]["units"][0]["equipment"] = ["Long Sword"]
    sd = play_showdown(scenario_from_dict(doc))
    (azir,) = sd.board.defender
    assert azir.name == "Azir - Ascendant" and azir.equipment == ("Long Sword",)
    assert azir.current_might == 6 + 2  # Long Sword's bonus moved with it (RB-CARD-14)
    doc["showdown"].append({"ability": "Azir - Ascendant", "target": "D2"})
    with pytest.raises(ScenarioError, match=r"only once per turn.*RB-CARD-17"):
        play_showdown(scenario_from_dict(doc))


def test_shadow_stuns_an_attacker_once_it_is_ready_and_costs_are_paid():
    doc = _doc([{"ability": "Shadow", "target": "A3"}], defender={"units": ["Shadow"]})
    sd = play_showdown(scenario_from_dict(doc))
    assert sd.board.attacker[0].stunned
    doc["defender"]["units"] = [{"name": "Shadow", "exhausted": True}]
    with pytest.raises(ScenarioError, match=r"exhausted.*RB-CARD-17"):
        play_showdown(scenario_from_dict(doc))
    doc["defender"]["units"] = ["Shadow"]
    doc["rules"] = {"card_costs": "stated"}
    doc["showdown"][0]["paid"] = {"energy": 1}
    with pytest.raises(ScenarioError, match=r"ability costs 1 Energy \+ 1 Power.*RB-CARD-2"):
        play_showdown(scenario_from_dict(doc))
    with pytest.raises(ScenarioError, match=r"neither \[Action\] nor \[Reaction\].*RB-SHOW-4"):
        scenario_from_dict(_doc([{"ability": "Caitlyn - Patrolling"}], defender={"units": ["Caitlyn - Patrolling"]}))


def test_ezreal_moves_himself_to_base():
    doc = _doc([{"ability": "Ezreal - Dashing"}], attacker={"units": ["Ezreal - Dashing", "Stalwart Poro"]})
    doc["showdown"] = [{"trigger": "Ezreal - Dashing", "target": "D2"}] + doc["showdown"]
    sd = play_showdown(scenario_from_dict(doc))
    assert [u.name for u in sd.board.attacker] == ["Stalwart Poro"]


# ---- replacement effects (RB-CARD-18) --------------------------------------------------------------------
def _soraka(showdown, poro_damage=1, soraka_damage=0):
    return _doc(showdown, defender={"units": [{"name": "Soraka - Wanderer", "damage": soraka_damage},
                                              {"name": "Stalwart Poro", "damage": poro_damage}, "Sunlit Guardian"]},
                attacker={"units": [{"name": "A9", "custom": True, "might": 9}]})


def test_soraka_saves_a_smaller_friendly_unit_even_as_she_dies():
    sd = play_showdown(scenario_from_dict(_soraka([{"play": "Cannon Barrage", "by": "attacker"}], soraka_damage=3)))
    gone = {n: how for n, _, how in sd.board.removed}
    assert gone["Soraka - Wanderer"] == "killed"  # 5 >= 4
    assert gone["Stalwart Poro"].startswith("healed, exhausted and recalled")  # 3 >= 3, Might 3 < 4
    # Sunlit Guardian (Might 4 = Soraka's): not less, not saved at the combat cleanup either
    sd = play_showdown(scenario_from_dict(_soraka([])))
    d = {u.name: u for u in sd.board.defender}
    assert d["Stalwart Poro"].death_replacement and not d["Sunlit Guardian"].death_replacement


def test_zhonyas_hourglass_saves_the_next_friendly_unit_and_is_killed():
    doc = _doc([{"play": "Incinerate", "by": "attacker", "target": "D2"},
                {"play": "Incinerate", "by": "attacker", "target": "D1"}],
               defender={"units": [{"name": "D2", "custom": True, "might": 2},
                                   {"name": "D1", "custom": True, "might": 1},
                                   {"name": "D5", "custom": True, "might": 5}], "gear": ["Zhonya's Hourglass"]})
    sd = play_showdown(scenario_from_dict(doc))
    gone = {n: how for n, _, how in sd.board.removed}
    assert gone == {"D2": "healed, exhausted and recalled instead of dying", "D1": "killed"}
    assert not sd.unmodelled_json()  # D5 alone afterwards: the gear is gone, nothing left open
    # played from facedown, with two friendly units at the combat: which it saves is open
    doc = _doc([{"play": "Zhonya's Hourglass", "by": "defender", "facedown": True}],
               defender={"units": [{"name": "D2", "custom": True, "might": 2},
                                   {"name": "D5", "custom": True, "might": 5}]})
    sd = play_showdown(scenario_from_dict(doc))
    assert [u["what"] for u in sd.unmodelled_json()] == ["which unit it saves at the combat cleanup"]
    with pytest.raises(ScenarioError, match=r"Blood Rush is not Equipment.*RB-CARD-18"):
        scenario_from_dict(_doc([], defender={"gear": ["Blood Rush"]}))


def test_the_next_time_it_would_be_dealt_damage():
    first = [{"play": "Counter Strike", "by": "defender", "target": "D2"}]
    sd = play_showdown(scenario_from_dict(_doc(first + [{"play": "Incinerate", "by": "attacker", "target": "D2"}])))
    (d2,) = sd.board.defender
    assert d2.marked == 0 and not d2.prevent_all  # the spell's damage was the next time: combat damage lands
    sd = play_showdown(scenario_from_dict(_doc(first)))
    (d2,) = sd.board.defender
    assert d2.prevent_all and d2.lethal({}) is None  # the combat damage is the next time (RB-DMG-4)


def test_spell_and_ability_damage_prevented_for_the_turn_but_not_combat_damage():
    doc = _doc([{"play": "Unyielding Spirit", "by": "defender"},
                {"play": "Incinerate", "by": "attacker", "target": "D2"}])
    sd = play_showdown(scenario_from_dict(doc))
    (d2,) = sd.board.defender
    assert d2.marked == 0 and d2.lethal({}) == 2


# ---- an oracle for the board's death replacements (RB-CARD-18), written from the card texts -------------
SORAKA_MIGHT = 4  # Soraka, Wanderer: "if it has less Might than me"


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 5)), min_size=1, max_size=3),
       st.integers(0, 3), st.booleans(), st.booleans())
def test_death_replacements_on_random_boards(others, soraka_damage, with_soraka, with_zhonya):
    """Cannon Barrage deals 2 to every defender; every unit it leaves with lethal damage would die at
    once. Soraka (in play as they would die, dying or not) saves each other one with less Might than
    4; Zhonya's Hourglass saves the one left if exactly one is left, else its choice is open. At the
    combat cleanup the same replacements stand over the units still there."""
    units = [{"name": f"D{i}", "custom": True, "might": m, "damage": min(d, m - 1)} for i, (m, d) in enumerate(others)]
    if with_soraka:
        units.insert(0, {"name": "Soraka - Wanderer", "damage": soraka_damage})
    defender = {"units": units, **({"gear": ["Zhonya's Hourglass"]} if with_zhonya else {})}
    doc = _doc([{"play": "Cannon Barrage", "by": "attacker"}], defender=defender,
               attacker={"units": [{"name": "A9", "custom": True, "might": 9}]})
    sd = play_showdown(scenario_from_dict(doc))
    might = {u["name"]: (SORAKA_MIGHT if u["name"].startswith("Soraka") else u["might"]) for u in units}
    marked = {u["name"]: u["damage"] + 2 for u in units}
    dying = [n for n in might if marked[n] >= might[n]]
    saved = {n for n in dying if with_soraka and n != "Soraka - Wanderer" and might[n] < SORAKA_MIGHT}
    left = [n for n in dying if n not in saved]
    zhonya_used = with_zhonya and len(left) == 1
    if zhonya_used:
        saved |= set(left)
    want = {n: ("healed, exhausted and recalled instead of dying" if n in saved else "killed") for n in dying}
    assert {n: how for n, _, how in sd.board.removed} == want
    open_choice = with_zhonya and len(left) > 1
    # at the combat cleanup (RB-CARD-18): the replacements standing over the units still there
    still = [n for n in might if n not in dying]
    soraka_there = with_soraka and "Soraka - Wanderer" in still
    zhonya_there = with_zhonya and not zhonya_used
    for u in sd.board.defender:
        expect = []
        if soraka_there and u.name != "Soraka - Wanderer" and might[u.name] < SORAKA_MIGHT:
            expect = ["Soraka - Wanderer"]
        elif zhonya_there and len(still) == 1:
            expect = ["Zhonya's Hourglass"]
        assert [src for _, src in u.death_replacement] == expect, u.name
    whats = [x["what"] for x in sd.unmodelled_json()]
    assert any(w.startswith("which of") for w in whats) == open_choice
    needs_choice_later = zhonya_there and len(still) > 1 and any(
        not (soraka_there and n != "Soraka - Wanderer" and might[n] < SORAKA_MIGHT) for n in still)
    assert ("which unit it saves at the combat cleanup" in whats) == needs_choice_later


def test_a_unit_played_is_reached_by_static_abilities_and_names_what_it_does_not_read():
    # Garen, Commander: "other friendly units here have +1 Might" reaches Shen once he is there (RB-CARD-9)
    doc = _doc([{"play": "Shen - Kinkou", "by": "defender", "to": "battlefield"}],
               defender={"units": ["Garen, Commander"]})
    sd = play_showdown(scenario_from_dict(doc))
    shen = next(u for u in sd.board.defender if u.name == "Shen - Kinkou")
    assert shen.current_might == 3 + 2 + 1
    # Vilemaw's "enemy units here with less Might than me don't deal combat damage" reaches A3 (3 < 8) once
    # Vilemaw is there (RB-CARD-9)
    sd = play_showdown(scenario_from_dict(_doc([{"play": "Vilemaw", "by": "defender"}])))
    a3 = next(u for u in sd.board.attacker if u.name == "A3")
    assert a3.no_combat_damage and a3.contribution == 0
    assert not any(u["card"] == "Vilemaw" for u in sd.unmodelled_json())


def test_late_designation_triggers_reading():
    """RB-READ-6: Vi, Peacekeeper played with [Ambush] does not stun as she arrives (the default); under
    `late_designation_triggers=yes` her "When I attack" resolves with the entry's target."""
    entry = {"play": "Vi - Peacekeeper", "by": "attacker", "target": "D2"}
    with pytest.raises(ScenarioError, match=r"left over.*RB-READ-6"):
        play_showdown(scenario_from_dict(_doc([entry])))
    doc = _doc([entry])
    doc["rules"] = {"late_designation_triggers": "yes"}
    sd = play_showdown(scenario_from_dict(doc))
    assert sd.board.defender[0].stunned
    assert any("RB-READ-6" in ln.rules for ln in sd.lines)


def test_a_hidden_unit_is_played_from_face_down_on_its_players_turn_as_the_scenario_states():
    """RB-CARD-16: Evelynn - Entrancing played from face down ("When you play me from face down on your turn, you may
    move an enemy unit at a different location to my battlefield"): the narration says face down, not from hand; her
    move is read only when `turn:` is stated, and a target given for it with the turn open is refused saying why."""
    entry = {"play": "Evelynn - Entrancing", "by": "defender", "facedown": True, "to": "battlefield", "target": "A2"}
    doc = _doc([entry], attacker={"units": [{"name": "A1", "custom": True, "might": 6}],
                                  "base": [{"name": "A2", "custom": True, "might": 1}]})
    with pytest.raises(ScenarioError, match=r"A2 left over \(its ability .* is not read: whose turn it is is not "
                                            r"stated: give the scenario's `turn: attacker\|defender`\)"):
        play_showdown(scenario_from_dict(doc))
    sd = play_showdown(scenario_from_dict({**doc, "turn": "defender"}))
    assert [u.name for u in sd.board.attacker] == ["A1", "A2"]
    played = next(ln.text for ln in sd.lines if "plays Evelynn" in ln.text)
    assert "plays Evelynn - Entrancing from facedown ([Hidden]" in played and "from hand" not in played


def test_claims_name_a_unit_played_from_hand():
    from pycombat.games.riftbound.verbs import verify

    doc = _doc([{"play": "Shen - Kinkou", "by": "defender", "to": "battlefield"}],
               claims=[{"id": "t", "claim": "the defender's total is 7", "expect": True},
                       {"id": "s", "claim": "Shen - Kinkou can survive", "expect": True}])
    s = scenario_from_dict(doc)
    assert [v.verdict for v in verify(s).verdicts] == [True, True]


def test_two_replacements_for_one_death_are_the_controllers_choice():
    """CR 372: Smite (banish) and Soraka (recall) both apply to the Poro's death: which one is open."""
    sd = play_showdown(scenario_from_dict(_soraka([{"play": "Smite", "by": "attacker", "target": "Stalwart Poro"},
                                                   {"play": "Incinerate", "by": "attacker",
                                                    "target": "Stalwart Poro"}])))
    assert [u["what"] for u in sd.unmodelled_json()] == ["whether it or Smite replaces Stalwart Poro's death"]
    sd = play_showdown(scenario_from_dict(_soraka([{"play": "Tactical Retreat", "by": "defender",
                                                    "target": "Stalwart Poro"},
                                                   {"play": "Incinerate", "by": "attacker",
                                                    "target": "Stalwart Poro"}])))
    assert not sd.unmodelled_json()  # the same result either way


def test_morgana_deals_damage_equal_to_the_damage_marked_on_it():
    doc = _doc([{"play": "Morgana, Vindictive", "by": "defender", "target": "A3"}])
    doc["attacker"]["units"][0]["damage"] = 1
    sd = play_showdown(scenario_from_dict(doc))
    assert sd.board.attacker[0].marked == 2 and not sd.unmodelled_json()
    doc["attacker"]["units"][0]["damage"] = 0  # none marked: none dealt
    assert play_showdown(scenario_from_dict(doc)).board.attacker[0].marked == 0


def test_stalking_wolf_kills_a_unit_for_its_cost_and_may_enter_where_it_was():
    """Stalking Wolf: "[Ambush]. As an additional cost to play me, kill a Bird, Cat, Dog, or Poro you control. You may
    play me to its battlefield (even if you don't have other units there)." (the cost structured in
    data/effects_overlay.yaml): the entry names the unit killed (`kills:`), killed as the Wolf is played (RB-CARD-16,
    RB-CARD-2); the Wolf may enter where it was, with no other unit of its player there."""
    def run(defenders, entry, base=()):
        doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 5}]},
               "defender": {"units": defenders, "base": list(base)},
               "showdown": [{"play": "Stalking Wolf", "by": "defender", **entry}]}
        return play_showdown(scenario_from_dict(doc, file="<t>"))

    d2 = {"name": "D", "custom": True, "might": 2}
    sd = run([d2, "Stalwart Poro"], {"to": "battlefield", "kills": "Stalwart Poro"})
    assert [u.name for u in sd.board.defender] == ["D", "Stalking Wolf"] and not sd.unmodelled
    assert ("Stalwart Poro", "defender", "killed") in sd.board.removed
    # the Poro was his only unit here: the Wolf still enters there (its permission); [Ambush] alone would refuse it
    sd = run(["Stalwart Poro"], {"to": "battlefield", "kills": "Stalwart Poro"})
    assert [u.name for u in sd.board.defender] == ["Stalking Wolf"]
    # the Poro at his base: the Wolf enters here by [Ambush] (D is here), not at another battlefield
    sd = run([d2], {"to": "battlefield", "kills": "Stalwart Poro"}, base=["Stalwart Poro"])
    assert [u.name for u in sd.board.defender] == ["D", "Stalking Wolf"]
    with pytest.raises(ScenarioError, match="where the unit killed for its cost was"):
        run([d2], {"to": "elsewhere", "kills": "Stalwart Poro"}, base=["Stalwart Poro"])
    # the cost must be stated, and be a Bird, Cat, Dog or Poro he controls
    with pytest.raises(ScenarioError, match="kills: UNIT"):
        run([d2, "Stalwart Poro"], {"to": "battlefield"})
    with pytest.raises(ScenarioError, match="RB-CARD-1"):
        run([d2, "Stalwart Poro"], {"to": "battlefield", "kills": "D"})
    with pytest.raises(ScenarioError, match="RB-CARD-1"):
        run([d2, "Stalwart Poro"], {"to": "battlefield", "kills": "A"})