"""Units' abilities on what happens in the showdown, against boards worked out by hand from the card text:
triggers on a card played or a unit stunned (RB-CARD-10), and the static abilities that stop a target, a move
or a play, set a unit's combat damage to nothing, or let it have any number of buffs (RB-CARD-9)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.coverage import rows
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.damage.splits import derive
from pycombat.games.riftbound.schema import scenario_from_dict

from earlier_this_turn import none_before  # noqa: E402  (nothing fired before the showdown)


def _custom(name, might, **more):
    return {"name": name, "custom": True, "might": might, **more}


def _sd(attacker, defender, showdown=(), **extra):
    doc = {"game": "riftbound", "attacker": {"units": none_before(attacker)},
           "defender": {"units": none_before(defender)}, "showdown": list(showdown), **extra}
    return play_showdown(scenario_from_dict(doc, file="<t>"))


def _might(sd, name):
    return next(u.current_might for u in sd.board.attacker + sd.board.defender if u.name == name)


# ---- RB-CARD-10: "When you play a spell", "When you stun an enemy unit", "When you play another unit" ----------
def test_a_spell_of_its_player_gives_might_once_per_spell_and_not_the_enemys():
    """Ravenbloom Student (2): "When you play a spell, give me +1 Might this turn": two Rune Prisons of its
    player make 4; the enemy's spell gives nothing."""
    student = "Ravenbloom Student"
    sd = _sd([student], [_custom("D3", 3), _custom("D2", 2)],
             [{"play": "Rune Prison", "by": "attacker", "target": "D3"},
              {"play": "Rune Prison", "by": "attacker", "target": "D2"}])
    assert _might(sd, student) == 4 and sd.unmodelled_json() == []
    assert any("RB-CARD-10" in ln.rules and student in ln.text for ln in sd.lines)
    sd = _sd([student], [_custom("D3", 3)], [{"play": "Rune Prison", "by": "defender", "target": student}])
    assert _might(sd, student) == 2


def test_the_trigger_resolves_before_the_spell_that_fired_it():
    """Diana - No Longer Human (3): "When you play a spell, give me +2 Might": her own Hextech Ray (3 damage)
    on her: the trigger, on the chain above the spell, resolves first (5 Might), so 3 damage does not kill
    her; read the other way (3 >= 3) she would die."""
    diana = "Diana - No Longer Human"
    sd = _sd([diana], [_custom("D9", 9)], [{"play": "Hextech Ray", "by": "attacker", "target": diana}])
    assert [u.name for u in sd.board.attacker] == [diana]
    assert _might(sd, diana) == 5 and next(u.marked for u in sd.board.attacker) == 3


def test_stunning_an_enemy_unit_fires_once_per_enemy_stunned():
    """Eclipse Herald (7): "When you stun an enemy unit, ready me and give me +1 Might": its player's Rune
    Prison on an enemy: 8; on a friendly unit, or on an enemy already stunned: 7."""
    h = "Eclipse Herald"
    sd = _sd([h, _custom("A1", 1)], [_custom("D3", 3), _custom("D4", 4, stunned=True)],
             [{"play": "Rune Prison", "by": "attacker", "target": "D3"}])
    assert _might(sd, h) == 8 and sd.unmodelled_json() == []
    for target in ("A1", "D4"):
        sd = _sd([h, _custom("A1", 1)], [_custom("D3", 3), _custom("D4", 4, stunned=True)],
                 [{"play": "Rune Prison", "by": "attacker", "target": target}])
        assert _might(sd, h) == 7, target
    # the enemy stunning: nothing for the Herald
    sd = _sd([h], [_custom("D3", 3)], [{"play": "Rune Prison", "by": "defender", "target": h}])
    assert _might(sd, h) == 7


def test_a_unit_its_player_plays_buffs_cithria_and_raises_the_leader():
    """Cithria of Cloudfield (1): "When you play another unit, buff me" -> 2; Reluctant Leader (3): "give me
    +2 Might" -> 5, as Shen - Kinkou is played by their player; the enemy's unit gives nothing."""
    sd = _sd([_custom("A4", 4)], ["Cithria of Cloudfield", "Reluctant Leader"],
             [{"play": "Shen - Kinkou", "by": "defender", "to": "battlefield"}])
    assert (_might(sd, "Cithria of Cloudfield"), _might(sd, "Reluctant Leader")) == (2, 5)
    sd = _sd(["Cithria of Cloudfield"], [_custom("D4", 4)],
             [{"play": "Shen - Kinkou", "by": "defender", "to": "battlefield"}])
    assert _might(sd, "Cithria of Cloudfield") == 1


def test_the_second_card_of_the_turn_counts_the_cards_played_before():
    """Darius - Trifarian (5): "When you play your second card in a turn, give me +2 Might": with one card played
    before the showdown, the first spell is the second card (7, once: the third does not fire again); with none,
    the second spell; with two before, neither spell is, and the +2 of the second, before the showdown, lasts this
    turn (RB-CARD-9); not stated, it is named NOT MODELLED."""
    spells = [{"play": "Rune Prison", "by": "attacker", "target": "D6"},
              {"play": "Rune Prison", "by": "attacker", "target": "D4"}]
    foes = [_custom("D6", 6), _custom("D4", 4)]
    for before in (0, 1):
        doc = {"game": "riftbound", "attacker": {"units": ["Darius - Trifarian"], "cards_played": before},
               "defender": {"units": foes}, "showdown": spells}
        sd = play_showdown(scenario_from_dict(doc, file="<t>"))
        assert _might(sd, "Darius - Trifarian") == 7 and sd.unmodelled_json() == []
        fired = [i for i, ln in enumerate(sd.lines) if "second card this turn" in ln.text]
        plays = [i for i, ln in enumerate(sd.lines) if "plays Rune Prison" in ln.text]
        assert len(fired) == 1 and fired[0] < plays[1 - before]  # before the card that fired it
    doc = {"game": "riftbound", "attacker": {"units": ["Darius - Trifarian"], "cards_played": 2},
           "defender": {"units": foes}, "showdown": spells}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert _might(sd, "Darius - Trifarian") == 7 and not [ln for ln in sd.lines if "second card this turn" in ln.text]
    sd = _sd(["Darius - Trifarian"], foes, spells)
    assert any("cards_played" in u["why"] for u in sd.unmodelled_json())


def test_becoming_ready_fires_after_what_readied_it():
    """Fretful Feline (5): "When I become ready, give me +2 Might": exhausted, Wallop readies it: 7; ready
    already: 5. Last Breath readies it and it deals damage equal to its Might: 5, the trigger resolving after the
    spell. Maduli the Gatekeeper "can't be readied"; an enemy Mageseeker Warden at the battlefield stops spells
    readying it; its `exhausted:` not stated, it is named NOT MODELLED."""
    feline = {"name": "Fretful Feline", "exhausted": True}
    sd = _sd([feline], [_custom("D9", 9)], [{"play": "Wallop", "by": "attacker", "target": "Fretful Feline"}])
    assert _might(sd, "Fretful Feline") == 7 and sd.unmodelled_json() == []
    sd = _sd([{**feline, "exhausted": False}], [_custom("D9", 9)],
             [{"play": "Wallop", "by": "attacker", "target": "Fretful Feline"}])
    assert _might(sd, "Fretful Feline") == 5
    breath = {"play": "Last Breath", "by": "attacker", "target": ["Fretful Feline", "D9"]}
    sd = _sd([feline], [_custom("D9", 9)], [breath])
    assert _might(sd, "Fretful Feline") == 7 and sd.board.defender[0].marked == 5
    sd = _sd([feline], ["Mageseeker Warden"], [{"play": "Wallop", "by": "attacker", "target": "Fretful Feline"}])
    assert _might(sd, "Fretful Feline") == 5
    assert any("can't ready its enemy units" in ln.text for ln in sd.lines)
    sd = _sd([_custom("A3", 3)], [{"name": "Maduli the Gatekeeper", "exhausted": True}],
             [{"play": "Wallop", "by": "defender", "target": "Maduli the Gatekeeper"}])
    assert sd.board.defender[0].exhausted
    sd = _sd(["Fretful Feline"], [_custom("D9", 9)])
    assert any("exhausted: true|false" in u["why"] for u in sd.unmodelled_json())


def test_a_costly_spell_a_facedown_card_a_discard_and_tokens():
    """Lux - Illuminated (5): "When you play a spell that costs 5 or more, +3": Falling Comet (5): 8, Hextech Ray (1):
    5. Ember Monk (4): "When you play a card from [Hidden], +2": Wages of Pain from facedown: 6, from hand: 4.
    Jinx - Rebel: "When you discard one or more cards, ready me and +1": Get Excited! discarding a card: +1.
    Lillia - Protector of Dreams (4): "When you play a token unit, +1": Flurry of Feathers plays four Birds: 8;
    Reluctant Leader (3) "+2 when you play another unit": 3 + 4 x 2 = 11."""
    def might(unit, entries, foes=(_custom("D9", 9),)):
        return _might(_sd([unit], list(foes), entries), unit)

    assert might("Lux - Illuminated", [{"play": "Falling Comet", "by": "attacker", "target": "D9"}]) == 8
    assert might("Lux - Illuminated", [{"play": "Hextech Ray", "by": "attacker", "target": "D9"}]) == 5
    wages = {"play": "Wages of Pain", "by": "attacker", "target": "D9"}
    assert might("Ember Monk", [wages]) == 4
    # from face down: the Defender's card, hidden at this battlefield (RB-CARD-26)
    assert _might(_sd([_custom("D9", 9)], ["Ember Monk"], [{**wages, "by": "defender", "facedown": True}]),
                  "Ember Monk") == 6
    jinx = next(u for u in rows() if u["name"].startswith("Jinx - Rebel"))["name"]
    printed = might(jinx, [])
    excited = {"play": "Get Excited!", "by": "attacker", "target": "D9", "discard": "Rune Prison"}
    assert might(jinx, [excited]) == printed + 1
    flurry = [{"play": "Flurry of Feathers", "by": "defender", "mode": 2, "to": "base"}]
    sd = _sd([_custom("A3", 3)], ["Lillia - Protector of Dreams", "Reluctant Leader"], flurry)
    assert (_might(sd, "Lillia - Protector of Dreams"), _might(sd, "Reluctant Leader")) == (8, 11)


def test_a_conditional_ready_resolves_with_no_effect_and_names_nothing():
    """Revna the Lorekeeper: "When you play a spell, if you spent 4 or more, ready me": readying changes no
    combat damage, so the condition (not stated) decides nothing and nothing is named NOT MODELLED."""
    sd = _sd(["Revna the Lorekeeper"], [_custom("D3", 3)], [{"play": "Rune Prison", "by": "attacker", "target": "D3"}])
    assert sd.unmodelled_json() == [] and _might(sd, "Revna the Lorekeeper") == 7


def test_what_stays_not_modelled_says_why():
    by = {r["name"]: r for r in rows()}
    jayce = by["Jayce, Hammer in Hand"]
    assert jayce["status"] == "modelled" and jayce["unmodelled"] == []
    assert "which option is the player's" in " ".join(m["how"] for m in card_report("Jayce, Hammer in Hand")["modelled"])
    # RB-CARD-9: a keyword held "while Empowered" follows the unit's stated `empowered:`, as its static abilities do
    for name in ("Shadow Fiend", "Baccai Sandspinner", "Serene Ascetic", "Grumpy Rockbear",
                 "Ambessa, Respected and Feared"):
        assert by[name]["status"] == "modelled", name
        assert any("Empowered" in m and "conditional keyword" in m for m in by[name]["modelled"]), name
    for name in ("Ravenbloom Student", "Darius - Trifarian", "Fretful Feline", "Maduli the Gatekeeper",
                 "Eclipse Herald", "Cithria of Cloudfield", "Pit Crew", "Ruin Runner", "Vilemaw",
                 "Sacred Protector", "Determined Sentry", "Mageseeker Warden"):
        assert by[name]["status"] == "modelled", name


# ---- RB-CARD-9: "can't be chosen by enemy spells and abilities" ---------------------------------------------
def test_an_untargetable_unit_is_refused_to_the_enemy_only():
    with pytest.raises(ScenarioError, match=r"Ruin Runner can't be chosen by enemy spells and abilities.*RB-CARD-9"):
        _sd(["Ruin Runner"], [_custom("D3", 3)], [{"play": "Rune Prison", "by": "defender", "target": "Ruin Runner"}])
    sd = _sd(["Ruin Runner"], [_custom("D3", 3)], [{"play": "Rune Prison", "by": "attacker", "target": "Ruin Runner"}])
    assert sd.board.attacker[0].stunned
    # an effect on all units chooses nobody: it reaches Ruin Runner (Flurry of Blades: 1 to each unit here)
    sd = _sd(["Ruin Runner"], [_custom("D3", 3)], [{"play": "Flurry of Blades", "by": "defender"}])
    assert sd.board.attacker[0].marked == 1


@pytest.mark.parametrize("victim", ["Ruin Runner", "D1"])
def test_a_unit_its_own_controller_picks_is_not_chosen_by_the_enemy(victim):
    """Atakhan: "When I attack, the defender must kill one of their units here": the defender picks, so his Ruin
    Runner ("I can't be chosen by enemy spells and abilities") may be the one killed, as any other of his units."""
    sd = _sd([{"name": "Atakhan", "stunned": True}], ["Ruin Runner", _custom("D1", 1)],
             [{"trigger": "Atakhan", "target": victim}])
    assert sorted(u.name for u in sd.board.defender) == sorted({"Ruin Runner", "D1"} - {victim})


def test_alpha_wildclaw_guards_its_units_here_with_less_might():
    """Alpha Wildclaw (7): "Your units here with less Might than me can't be chosen by enemy spells": A6 is
    guarded, A7 (not less) and the Wildclaw itself are not."""
    att = ["Alpha Wildclaw", _custom("A6", 6), _custom("A7", 7)]
    with pytest.raises(ScenarioError, match="A6 can't be chosen"):
        _sd(att, [_custom("D3", 3)], [{"play": "Rune Prison", "by": "defender", "target": "A6"}])
    for t in ("A7", "Alpha Wildclaw"):
        sd = _sd(att, [_custom("D3", 3)], [{"play": "Rune Prison", "by": "defender", "target": t}])
        assert next(u for u in sd.board.attacker if u.name == t).stunned


def test_optimize_never_offers_an_untargetable_unit():
    doc = {"game": "riftbound", "attacker": {"units": ["Ruin Runner", _custom("A1", 1)]},
           "defender": {"units": [_custom("D5", 5)]}, "hand": {"defender": ["Rune Prison"]}}
    labels = {o.label for _, d in verbs.optimize(scenario_from_dict(doc)).solution.decisions for o in d.options}
    assert "defender plays Rune Prison on A1" in labels
    assert not any("Rune Prison on Ruin Runner" in x for x in labels)


# ---- RB-CARD-9: "don't deal combat damage" ------------------------------------------------------------------
def test_vilemaw_silences_enemy_units_with_less_might():
    """Vilemaw (8): "Enemy units here with less Might than me don't deal combat damage": A7 adds 0, A8 adds 8;
    +2 Might given to A7 (9, more than Vilemaw) makes it deal 9."""
    sd = _sd([_custom("A7", 7), _custom("A8", 8)], ["Vilemaw"])
    assert derive(sd.board).pool["attacker"] == 8
    sd = _sd([_custom("A7", 7), _custom("A8", 8)], ["Vilemaw"], [{"might": 2, "unit": "A7", "by": "attacker"}])
    assert derive(sd.board).pool["attacker"] == 17


def test_sacred_protector_deals_damage_only_with_exactly_one_other_unit():
    def pool(friends):
        sd = _sd(["Sacred Protector"] + [_custom(f"A{i}", 1) for i in range(friends)], [_custom("D9", 9)])
        return derive(sd.board).pool["attacker"]

    assert (pool(0), pool(1), pool(2)) == (0, 6 + 1, 2)


# ---- RB-CARD-9: "can't move to base", any number of buffs, "opponents can only play units to their base" -----
def test_a_unit_that_cant_move_to_base_stays():
    sd = _sd(["Determined Sentry", _custom("A3", 3)], [_custom("D3", 3)],
             [{"play": "Fight or Flight", "by": "defender", "target": "Determined Sentry"}])
    assert "Determined Sentry" in [u.name for u in sd.board.attacker]
    assert any("can't move to base" in ln.text and "RB-CARD-9" in ln.rules for ln in sd.lines)
    # Minotaur Reckoner: "Units can't move to base": an enemy unit too
    sd = _sd(["Minotaur Reckoner"], [_custom("D3", 3)], [{"play": "Fight or Flight", "by": "defender", "target": "D3"}])
    assert [u.name for u in sd.board.defender] == ["D3"]
    sd = _sd([_custom("A5", 5)], [_custom("D3", 3)], [{"play": "Fight or Flight", "by": "defender", "target": "D3"}])
    assert sd.board.defender == ()


def test_lee_sin_can_have_any_number_of_buffs():
    """Lee Sin - Ascetic (5, Shield): buffed (6), Stand United buffs him again: 7 (+1 Shield as defender);
    another unit already buffed gets no more (RB-CARD-6)."""
    sd = _sd([_custom("A3", 3)], [{"name": "Lee Sin - Ascetic", "buffed": True}, _custom("D2", 2, buffed=True)],
             [{"play": "Stand United", "by": "defender", "target": "Lee Sin - Ascetic"}])
    assert _might(sd, "Lee Sin - Ascetic") == 5 + 1 + 1 + 1 + 1  # printed, two buffs, Shield, Stand United's bonus
    sd = _sd([_custom("A3", 3)], [_custom("L5", 5, buffed=True)],
             [{"play": "Stand United", "by": "defender", "target": "L5"}])
    assert _might(sd, "L5") == 5 + 1 + 1


def test_mageseeker_warden_keeps_enemy_units_off_the_battlefield():
    with pytest.raises(ScenarioError, match=r"Mageseeker Warden is at a battlefield.*RB-CARD-9"):
        _sd(["Mageseeker Warden"], [_custom("D3", 3)],
            [{"play": "Shen - Kinkou", "by": "defender", "to": "battlefield"}])
    sd = _sd(["Mageseeker Warden"], [_custom("D3", 3)], [{"play": "Shen - Kinkou", "by": "defender", "to": "base"}])
    assert [u.name for u in sd.board.defender] == ["D3"]


@pytest.mark.parametrize("order", [("K2", "K3"), ("K3", "K2")])
def test_one_players_triggers_fired_together_resolve_in_the_order_his_entries_state(order):
    """Three of Bo's Katarina - Reckless ("When you play a card from face down, deal 2 to an enemy unit") fire on his
    Wages of Pain from face down; his entries state K2's and K3's, which kill A4 (Might 4): they resolve first, in
    the entries' order, and K1's then has no enemy unit to choose (nothing to state). Resolved in the board's order,
    K1's would come first and ask for a target."""
    kat = [{"name": "Katarina - Reckless", "label": k} for k in ("K1", "K2", "K3")]
    sd = play_showdown(scenario_from_dict(
        {"game": "riftbound", "attacker": {"units": [{"name": "A4", "custom": True, "might": 4}]},
         "defender": {"units": kat},
         "showdown": [{"play": "Wages of Pain", "by": "defender", "facedown": True, "target": "K1"}]
         + [{"trigger": k, "when": "play", "target": "A4"} for k in order]}, file="<t>"))
    assert sd.unmodelled_json() == []
    assert [n for n, _, how in sd.board.removed if how == "killed"] == ["A4"]
    fired = [ln.text for ln in sd.lines if "Katarina - Reckless's" in ln.text or "triggers K" in ln.text]
    assert [next(k for k in ("K1", "K2", "K3") if f"triggers {k}'s" in t) for t in fired] == [*order, "K1"]
    assert "no unit in play fits its target" in fired[-1]


def test_a_unit_that_cant_be_moved_may_still_be_recalled():
    """Vex, Apathetic stuns Disciple of Shen as Ava Achiever's trigger plays it ("They can't move it this turn"); Ann's
    Incinerate would kill it, and Soraka, Wanderer recalls it instead: a recall is no move (RB-COMB-6), not refused."""
    sd = play_showdown(scenario_from_dict(
        {"game": "riftbound", "attacker": {"units": ["Ava Achiever", "Soraka - Wanderer"]},
         "defender": {"units": ["Vex - Apathetic", {"name": "D9", "custom": True, "might": 9}]},
         "showdown": [{"trigger": "Ava Achiever", "plays": {"play": "Disciple of Shen", "to": "battlefield"}},
                      {"play": "Incinerate", "by": "attacker", "target": "Disciple of Shen"}]}, file="<t>"))
    assert ("Disciple of Shen", "attacker", "healed, exhausted and recalled instead of dying") in sd.board.removed
