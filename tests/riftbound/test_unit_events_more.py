"""Units' triggers on a friendly unit's death in the showdown (RB-CARD-10 with RB-MIGHT-1 and RB-CARD-19), against
Might worked out in the test from the card text: Spectral Centaur (5), "When another friendly unit dies, give me
+2 Might this turn"."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from pycombat.errors import ScenarioError

from pycombat.games.riftbound.cards.coverage import rows
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict

from earlier_this_turn import none_before  # noqa: E402  (nothing fired before the showdown)

CENTAUR = "Spectral Centaur"
#: printed Might, and the Might "When another friendly unit dies" gives (from the card text, not the model)
CENTAUR_MIGHT, PER_DEATH = 5, 2


def _custom(name, might, **more):
    return {"name": name, "custom": True, "might": might, **more}


def _sd(attacker, defender, showdown=()):
    doc = {"game": "riftbound", "attacker": {"units": none_before(attacker)},
           "defender": {"units": none_before(defender)}, "showdown": list(showdown)}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd, name):
    return next(u.current_might for u in sd.board.attacker + sd.board.defender if u.name == name)


def test_a_friendly_unit_killed_by_damage_or_by_a_kill_gives_two_each():
    """Hextech Ray (3 damage) on A2: killed at the cleanup (RB-MIGHT-1): 7; Hidden Blade kills A1: 9."""
    sd = _sd([CENTAUR, _custom("A2", 2), _custom("A1", 1)], [_custom("D6", 6)],
             [{"play": "Hextech Ray", "by": "defender", "target": "A2"},
              {"play": "Hidden Blade", "by": "defender", "target": "A1"}])
    assert _might(sd, CENTAUR) == 9 and sd.unmodelled_json() == []
    assert sum("RB-CARD-10" in ln.rules and CENTAUR in ln.text for ln in sd.lines) == 2


def test_an_enemy_death_a_surviving_friend_and_a_unit_returned_to_hand_give_nothing():
    sd = _sd([CENTAUR, _custom("A4", 4), _custom("A1", 1)], [_custom("D2", 2), _custom("D9", 9)],
             [{"play": "Hextech Ray", "by": "attacker", "target": "D2"},  # an enemy dies
              {"play": "Hextech Ray", "by": "defender", "target": "A4"},  # 3 damage on 4 Might: survives
              {"play": "Gust", "by": "defender", "target": "A1"}])  # leaves, does not die
    assert _might(sd, CENTAUR) == CENTAUR_MIGHT and sd.unmodelled_json() == []


def test_the_trigger_changes_the_combat_totals():
    """Centaur and A1 against D6: A1 killed in the showdown; the Centaur deals 7, enough to kill D6 (not 5)."""
    sd = _sd([CENTAUR, _custom("A1", 1)], [_custom("D6", 6)],
             [{"play": "Hidden Blade", "by": "defender", "target": "A1"}])
    assert derive(sd.board).pool["attacker"] == CENTAUR_MIGHT + PER_DEATH


def test_the_centaur_itself_dying_fires_nothing_and_an_enemy_centaur_counts_its_own_side():
    sd = _sd([CENTAUR, _custom("A1", 1)], [_custom("D9", 9)],
             [{"play": "Hidden Blade", "by": "defender", "target": CENTAUR}])
    assert [u.name for u in sd.board.attacker] == ["A1"]
    sd = _sd([_custom("A1", 1), _custom("A9", 9)], [CENTAUR, _custom("D1", 1)],
             [{"play": "Hidden Blade", "by": "defender", "target": "A1"},
              {"play": "Hidden Blade", "by": "attacker", "target": "D1"}])
    assert _might(sd, CENTAUR) == CENTAUR_MIGHT + PER_DEATH


@given(st.lists(st.tuples(st.sampled_from(["Hidden Blade", "Hextech Ray", "Gust"]), st.integers(0, 5),
                          st.sampled_from(["attacker", "defender"])), max_size=5))
def test_the_centaurs_might_is_five_plus_two_per_friendly_death(plays):
    """Brute force: friendly A0..A2 (Might 1, 2, 4), enemy D0..D2 (1, 2, 4); each play names a unit still there;
    Hidden Blade kills, Hextech Ray deals 3 (kills a unit of Might 3 or less), Gust returns a unit of Might 3 or
    less to hand (no death). Expected: 5 + 2 per friendly unit that died."""
    mights = {"A0": 1, "A1": 2, "A2": 4, "D0": 1, "D1": 2, "D2": 4}
    there, marked, deaths, showdown = set(mights), dict.fromkeys(mights, 0), 0, []
    for card, i, by in plays:
        name = sorted(there)[i % len(there)] if there else None
        if name is None or card == "Gust" and mights[name] > 3:
            continue
        showdown.append({"play": card, "by": by, "target": name})
        marked[name] += 3 if card == "Hextech Ray" else 0
        if card == "Hidden Blade" or marked[name] >= mights[name]:
            there.discard(name)
            deaths += name.startswith("A")
        elif card == "Gust":
            there.discard(name)
    sd = _sd([CENTAUR] + [_custom(n, m) for n, m in mights.items() if n[0] == "A"],
             [_custom(n, m) for n, m in mights.items() if n[0] == "D"], showdown)
    assert _might(sd, CENTAUR) == CENTAUR_MIGHT + PER_DEATH * deaths
    assert sd.unmodelled_json() == []


def test_coverage_reads_the_centaur():
    row = next(r for r in rows() if r["name"] == CENTAUR)
    assert row["status"] == "modelled" and row["unmodelled"] == []


# ---- "When an opponent plays a unit while I'm at a battlefield, [Stun] it. They can't move it this turn." ----------
VEX = "Vex - Apathetic"
SHEN = "Shen - Kinkou"


def _stunned(sd):
    return sorted(u.name for u in sd.board.attacker + sd.board.defender if u.stunned)


def test_vex_stuns_the_unit_an_opponent_plays_to_the_battlefield_and_it_adds_nothing():
    sd = _sd([VEX], [_custom("D4", 4)], [{"play": SHEN, "by": "defender", "to": "battlefield"}])
    assert _stunned(sd) == [SHEN] and sd.unmodelled_json() == []
    assert derive(sd.board).pool["defender"] == 4  # Shen's Might (5) not added (RB-MIGHT-3)
    assert any("RB-CARD-10" in ln.rules and VEX in ln.text for ln in sd.lines)


def test_vex_fires_on_each_token_an_opponent_plays_and_on_a_unit_played_to_base():
    """Flurry of Feathers plays four Bird tokens to the defender's base: four units played, each Stunned."""
    sd = _sd([VEX], [_custom("D4", 4)], [{"play": "Flurry of Feathers", "by": "defender", "mode": 2, "to": "base"}])
    birds = [u.name for u in sd.board.defender if u.token] if hasattr(sd.board.defender[0], "token") else []
    lines = [ln for ln in sd.lines if VEX in ln.text and "triggers" in ln.text]
    assert len(lines) == 4 and sd.unmodelled_json() == []
    assert all(b in _stunned(sd) for b in birds)
    sd = _sd([VEX], [_custom("D4", 4)], [{"play": SHEN, "by": "defender", "to": "base"}])
    assert sum(VEX in ln.text and "triggers" in ln.text for ln in sd.lines) == 1


def test_vex_at_its_base_or_a_unit_of_its_own_player_fires_nothing():
    doc = {"game": "riftbound", "attacker": {"units": [_custom("A9", 9)], "base": [VEX]},
           "defender": {"units": [_custom("D4", 4)]}, "showdown": [{"play": SHEN, "by": "defender", "to": "battlefield"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert _stunned(sd) == [] and derive(sd.board).pool["defender"] == 9
    sd = _sd([_custom("A9", 9)], [VEX], [{"play": SHEN, "by": "defender", "to": "battlefield"}])
    assert _stunned(sd) == []


def test_its_controller_cant_move_it_this_turn_but_the_opponent_can():
    shen = {"play": SHEN, "by": "defender", "to": "battlefield"}
    with pytest.raises(ScenarioError, match="can't be moved by its controller"):
        _sd([VEX], [_custom("D4", 4)], [shen, {"play": "Fight or Flight", "by": "defender", "target": SHEN}])
    sd = _sd([VEX], [_custom("D4", 4)], [shen, {"play": "Fight or Flight", "by": "attacker", "target": SHEN}])
    assert SHEN not in [u.name for u in sd.board.defender]
    sd = _sd([VEX], [_custom("D4", 4)], [shen, {"play": "Fight or Flight", "by": "defender", "target": "D4"}])
    assert [u.name for u in sd.board.defender] == [SHEN]


def test_coverage_reads_vex_apathetic():
    row = next(r for r in rows() if r["name"] == VEX)
    assert row["status"] == "modelled" and row["unmodelled"] == []


# ---- "When a unit you control becomes [Mighty], you may pay [Order] to ready it." (a unit is Mighty at 5+ Might) --
FIORA = "Fiora - Worthy"
FELINE = "Fretful Feline"  # 5 Might, "When I become ready, give me +2 Might this turn"


def _fiora_lines(sd):
    return [ln for ln in sd.lines if FIORA in ln.text and ("triggers" in ln.text or "triggered by" in ln.text)]


def test_a_friendly_unit_reaching_five_might_fires_fiora_which_changes_nothing_unless_readying_matters():
    """A4 +1 Might: 5, Mighty: Fiora triggers; readying A4 (ready, or exhausted with no trigger on it) changes no
    combat damage, so nothing is named. +0 (4 Might) or an enemy unit reaching 5: no trigger."""
    for exhausted in (False, True):
        sd = _sd([FIORA, _custom("A4", 4, exhausted=exhausted)], [_custom("D9", 9)],
                 [{"might": 1, "unit": "A4", "by": "attacker"}])
        assert len(_fiora_lines(sd)) == 1 and sd.unmodelled_json() == []
    sd = _sd([FIORA, _custom("A3", 3)], [_custom("D4", 4)], [{"might": 1, "unit": "A3", "by": "attacker"},
                                                              {"might": 1, "unit": "D4", "by": "defender"}])
    assert _fiora_lines(sd) == []


def test_fiora_herself_becoming_mighty_fires_once_and_a_unit_already_mighty_does_not():
    """Fiora (3) +2: 5: fires; +1 more (6): still Mighty, no second firing; A6, Mighty from the start: nothing."""
    sd = _sd([FIORA, _custom("A6", 6)], [_custom("D9", 9)],
             [{"might": 2, "unit": FIORA, "by": "attacker"}, {"might": 1, "unit": FIORA, "by": "attacker"},
              {"might": 1, "unit": "A6", "by": "attacker"}])
    assert len(_fiora_lines(sd)) == 1


def test_readying_an_exhausted_unit_with_a_ready_trigger_is_the_players_choice():
    """Fretful Feline (5, exhausted) lowered by Eclipse (-4: 1) then +4 (5): it becomes Mighty. Readying it fires its
    "+2 when I become ready": not stated, named NOT MODELLED; stated, 5 + 2 = 7; declined, 5."""
    base = [{"play": "Eclipse", "by": "defender", "target": FELINE}, {"might": 4, "unit": FELINE, "by": "attacker"}]
    board = ([FIORA, {"name": FELINE, "exhausted": True}], [_custom("D9", 9)])
    sd = _sd(*board, base)
    assert len(_fiora_lines(sd)) == 1 and [u["card"] for u in sd.unmodelled_json()] == [FIORA]
    sd = _sd(*board, base + [{"trigger": FIORA, "when": "mighty", "target": FELINE}])
    assert _might(sd, FELINE) == 7 and sd.unmodelled_json() == []
    sd = _sd(*board, base + [{"trigger": FIORA, "when": "mighty", "decline": True}])
    assert _might(sd, FELINE) == 5 and sd.unmodelled_json() == []


@given(st.lists(st.tuples(st.sampled_from(["A2", "A4", FIORA, "D4"]), st.integers(-3, 3)), max_size=6))
def test_fiora_fires_once_per_friendly_unit_each_time_it_crosses_to_five(changes):
    """Brute force: Might changes applied one at a time; a firing for each friendly unit whose Might goes from
    below 5 to 5 or more (D4 is the enemy's)."""
    might = {"A2": 2, "A4": 4, FIORA: 3, "D4": 4}
    fired, showdown = 0, []
    for unit, delta in changes:
        if delta == 0:
            continue
        showdown.append({"might": delta, "unit": unit, "by": "defender" if unit == "D4" else "attacker"})
        before, might[unit] = might[unit], might[unit] + delta
        fired += unit != "D4" and before < 5 <= might[unit]
    sd = _sd([FIORA, _custom("A2", 2), _custom("A4", 4)], [_custom("D4", 4)], showdown)
    assert len(_fiora_lines(sd)) == fired and sd.unmodelled_json() == []


def test_coverage_reads_fiora_worthy():
    row = next(r for r in rows() if r["name"] == FIORA)
    assert row["status"] == "modelled" and row["unmodelled"] == []


# ---- "When you [Stun] an enemy unit at a battlefield, you may move me to that battlefield." -----------------------
MOCKING = "Vex - Mocking"  # 5 Might, [Shield], [Tank]


def _mocking(showdown, here=False):
    doc = {"game": "riftbound", "attacker": {"units": [_custom("A3", 3)]},
           "defender": {"units": [_custom("D4", 4)] + ([MOCKING] if here else []), "base": [] if here else [MOCKING]},
           "showdown": [{"play": "Rune Prison", "by": "defender", "target": "A3"}] + showdown}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def test_vex_mocking_moves_in_when_stated_and_fights_with_shield():
    """Stated: Vex moves from base into the battlefield; as a defender it has 5 + Shield 1 = 6: the defender's total
    is D4's 4 + 6 = 10 (the stunned A3 adds 0). Declined: 4. Not stated: named NOT MODELLED."""
    sd = _mocking([{"trigger": MOCKING, "when": "stun"}])
    assert derive(sd.board).pool == {"attacker": 0, "defender": 4 + 5 + 1} and sd.unmodelled_json() == []
    sd = _mocking([{"trigger": MOCKING, "when": "stun", "decline": True}])
    assert derive(sd.board).pool["defender"] == 4 and sd.unmodelled_json() == []
    assert [u["card"] for u in _mocking([]).unmodelled_json()] == [MOCKING]


def test_vex_mocking_at_the_battlefield_already_has_nothing_to_choose():
    sd = _mocking([], here=True)
    assert sd.unmodelled_json() == [] and derive(sd.board).pool["defender"] == 4 + 5 + 1


def test_vex_mocking_does_not_fire_on_the_enemys_stun_or_a_friendly_stun():
    doc = {"game": "riftbound", "attacker": {"units": [_custom("A3", 3)]},
           "defender": {"units": [_custom("D4", 4)], "base": [MOCKING]},
           "showdown": [{"play": "Rune Prison", "by": "attacker", "target": "D4"},
                        {"play": "Rune Prison", "by": "defender", "target": "D4"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert sd.unmodelled_json() == [] and not any(MOCKING in ln.text for ln in sd.lines[2:])


def test_coverage_reads_vex_mocking():
    row = next(r for r in rows() if r["name"] == MOCKING)
    assert row["status"] == "modelled" and row["unmodelled"] == []
