"""RB-CARD-9: static abilities that read what a side states of its player and his turn.

The side's ``points``, ``trash``, ``runes``, ``spent_this_turn: {power, spell_energy}``, ``gained_xp_this_turn``,
``tokens_elsewhere`` and ``gear_elsewhere`` and the scenario's ``turn`` are read by the units' abilities as their
records say (Draven - Showboat, Dr. Mundo - Expert, Master Yi - Meditative, Sivir - Mercenary, Wily Newtfish,
Prepared Neophyte, Illaoi, Ornn - Forge God, Repair Specialist, Esteemed Hierophant, Ambessa, The Wolf, Evelynn -
Entrancing). Each expected number below is worked out here from the printed card text; without its field, each
ability stays NOT MODELLED, naming the field to give; a bad value is refused (exit 2, naming the field). A small
brute force draws boards of token units and gear and counts them here.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.cli import main
from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.coverage import rows
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.statics import damage_prevented
from pycombat.games.riftbound.schema import scenario_from_dict

#: printed Mights (card text), and Long Sword's printed Equipment bonus
PRINTED = {"Draven - Showboat": 3, "Dr. Mundo - Expert": 6, "Master Yi - Meditative": 4, "Sivir - Mercenary": 4,
           "Wily Newtfish": 4, "Prepared Neophyte": 1, "Illaoi, Prophet of the Great Kraken": 4,
           "Ornn - Forge God": 4, "Repair Specialist": 3, "Esteemed Hierophant": 5}
SWORD = 2


def _custom(name, might, **kw):
    return {"name": name, "custom": True, "might": might, **kw}


def _doc(att, dfd=None, showdown=(), att_side=None, dfd_side=None, **top):
    return {"game": "riftbound", "attacker": {"units": list(att), **(att_side or {})},
            "defender": {"units": list(dfd or [_custom("D", 30)]), **(dfd_side or {})},
            "showdown": list(showdown), **top}


def _run(doc):
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    return {u.name: u.current_might for u in sd.board.attacker + sd.board.defender}, sd


#: (unit, the side's facts, Might with them): each worked out from the card's text
CASES = [
    ("Draven - Showboat", {"points": 4}, 3 + 4),  # "My Might is increased by your points."
    ("Draven - Showboat", {"points": 0}, 3),
    ("Dr. Mundo - Expert", {"trash": 5}, 6 + 5),  # "... by the number of cards in your trash."
    ("Master Yi - Meditative", {"runes": 8}, 4 + 4),  # "While you have 8+ runes, I have +4 Might."
    ("Master Yi - Meditative", {"runes": 7}, 4),
    ("Sivir - Mercenary", {"spent_this_turn": {"power": 2}}, 4 + 2),  # "spent at least [rainbow][rainbow]": +2
    ("Sivir - Mercenary", {"spent_this_turn": {"power": 1}}, 4),
    ("Wily Newtfish", {"gained_xp_this_turn": True}, 4 + 1),  # "If you've gained XP this turn": +1
    ("Wily Newtfish", {"gained_xp_this_turn": False}, 4),
    ("Prepared Neophyte", {"spent_this_turn": {"spell_energy": 4}}, 1 + 4),  # "spent [4] or more ... a spell": +4
    ("Prepared Neophyte", {"spent_this_turn": {"spell_energy": 3, "power": 9}}, 1),
    ("Illaoi, Prophet of the Great Kraken", {"tokens_elsewhere": 3}, 4 + 3),  # "+1 for each token unit you control"
    ("Ornn - Forge God", {"gear_elsewhere": 2}, 4 + 2),  # "+1 Might for each friendly gear"
    ("Repair Specialist", {"gear_elsewhere": 2}, 3 + 2),  # [Assault] per gear you control: +1 each as attacker
]


@pytest.mark.parametrize("card, facts, might", CASES, ids=[f"{c}-{f}" for c, f, _ in CASES])
def test_the_players_facts_change_the_might(card, facts, might):
    got, sd = _run(_doc([card], att_side=facts))
    assert got[card] == might and not sd.unmodelled_json()
    text = "\n".join(ln.text for ln in sd.lines if "RB-CARD-9" in ln.rules)
    assert card in text  # narrated with its rule id, and what the scenario states
    if might != PRINTED[card]:
        assert any(f"{card}: " in ln.text and "its player" in ln.text for ln in sd.lines if "RB-CARD-9" in ln.rules)


def test_a_might_read_from_the_player_changes_who_wins(tmp_path, capsys):
    """Master Yi (4, +4 with 8+ runes) against a 6-Might defender: the runes decide the battlefield."""
    import json

    import yaml

    for runes, outcome, died in ((8, "conquer", ["D"]), (7, "keep", ["Master Yi - Meditative"])):
        p = tmp_path / f"y{runes}.yaml"
        p.write_text(yaml.safe_dump(_doc(["Master Yi - Meditative"], [_custom("D", 6)], att_side={"runes": runes})))
        assert main(["odds", str(p), "--json"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert (got["outcome"], got["died"], got["unmodelled"]) == (outcome, died, [])


@pytest.mark.parametrize("card, key", [
    ("Draven - Showboat", "points: N"), ("Dr. Mundo - Expert", "trash: N"), ("Master Yi - Meditative", "runes: N"),
    ("Sivir - Mercenary", "spent_this_turn: {power: N}"), ("Wily Newtfish", "gained_xp_this_turn: true|false"),
    ("Prepared Neophyte", "spent_this_turn: {spell_energy: N}"),
    ("Illaoi, Prophet of the Great Kraken", "tokens_elsewhere: N"), ("Ornn - Forge God", "gear_elsewhere: N"),
    ("Repair Specialist", "gear_elsewhere: N"), ("Esteemed Hierophant", "runes: N")])
def test_without_its_field_the_ability_is_not_modelled(card, key):
    # a token and a gear in the scenario: still no count without the side's field (exactly as before it was read)
    got, sd = _run(_doc([{"name": card, "equipment": ["Long Sword"]}, _custom("T", 1, token=True)],
                        att_side={"points": 9} if key != "points: N" else {}))
    named = [u for u in sd.unmodelled_json() if u["card"] == card]
    assert len(named) == 1 and f"`{key}`" in named[0]["why"] and "RB-CARD-9" in named[0]["why"]
    assert got[card] == PRINTED[card] + SWORD


def test_the_coverage_lists_them_modelled():
    status = {r["name"]: r["status"] for r in rows()}
    assert {n: status[n] for n in [*PRINTED, "Ambessa, The Wolf", "Evelynn - Entrancing"]} == \
        {n: "modelled" for n in [*PRINTED, "Ambessa, The Wolf", "Evelynn - Entrancing"]}
    # "for each time I'm [Empowered]": the unit's own `empowered: N` (test_empowered_units.py), not its player's
    assert status["Kayle, Justified"] == "modelled"


# ---- counts from the board and the side: a brute force ------------------------------------------------------------
@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_token_and_gear_counts_against_a_count_written_here(data):
    """Illaoi (+1 per token unit her player controls), Ornn (+1 per friendly gear) and Repair Specialist
    ([Assault] per gear you control) on a side drawn with token units here and at its base, Equipment on its units,
    unattached gear and the counts stated elsewhere; the other side has tokens and gear too (not counted)."""
    side = data.draw(st.sampled_from(["attacker", "defender"]))
    other = "defender" if side == "attacker" else "attacker"
    tokens_here, tokens_base, foe_tokens = (data.draw(st.integers(0, 2)) for _ in range(3))
    swords_on_ornn, swords_on_token = data.draw(st.integers(0, 2)), data.draw(st.integers(0, 1))
    loose, foe_gear = data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2))
    t_else, g_else = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 3))
    mine = [{"name": "Illaoi, Prophet of the Great Kraken"},
            {"name": "Ornn - Forge God", "equipment": ["Long Sword"] * swords_on_ornn}, {"name": "Repair Specialist"}]
    mine += [_custom(f"T{i}", 1, token=True, **({"equipment": ["Long Sword"]} if i == 0 and swords_on_token else {}))
             for i in range(tokens_here)]
    doc = {"game": "riftbound",
           side: {"units": mine, "base": [_custom(f"B{i}", 1, token=True) for i in range(tokens_base)],
                  "gear": ["Long Sword"] * loose, "tokens_elsewhere": t_else, "gear_elsewhere": g_else},
           other: {"units": [_custom("E", 40)] + [_custom(f"F{i}", 1, token=True) for i in range(foe_tokens)],
                   "gear": ["Long Sword"] * foe_gear, "tokens_elsewhere": 5, "gear_elsewhere": 5}}
    got, sd = _run(doc)
    tokens = tokens_here + tokens_base + t_else
    gear = swords_on_ornn + (swords_on_token if tokens_here else 0) + loose + g_else
    assert got["Illaoi, Prophet of the Great Kraken"] == 4 + tokens
    assert got["Ornn - Forge God"] == 4 + SWORD * swords_on_ornn + gear
    assert got["Repair Specialist"] == 3 + (gear if side == "attacker" else 0)  # Assault counts only attacking
    assert not sd.unmodelled_json()


# ---- what the showdown may change -------------------------------------------------------------------------------
VOID = {"play": "Void Seeker", "by": "attacker", "target": "D"}  # 4 damage to a unit


@pytest.mark.parametrize("card, facts, named", [
    ("Dr. Mundo - Expert", {"trash": 3}, "`trash`"),  # a spell resolved goes to the trash
    ("Master Yi - Meditative", {"runes": 9}, "`runes`"),  # Power paid recycles runes
    ("Sivir - Mercenary", {"spent_this_turn": {"power": 0}}, "`spent_this_turn`"),
    ("Sivir - Mercenary", {"spent_this_turn": {"power": 2}}, None),  # already holds: spending more keeps it
    ("Wily Newtfish", {"gained_xp_this_turn": False}, "`gained_xp_this_turn`"),
    ("Draven - Showboat", {"points": 2}, None),  # no showdown entry scores
])
def test_what_the_showdown_may_change_is_named(card, facts, named):
    _, sd = _run(_doc([card], [_custom("D", 9)], [VOID], att_side=facts))
    why = [u["why"] for u in sd.unmodelled_json() if u["card"] == card]
    assert (named in why[0] if why else None) if named else not why


def test_gear_played_or_taken_in_the_showdown_is_named():
    base = _doc(["Ornn - Forge God"], att_side={"gear": ["Long Sword"], "gear_elsewhere": 0})
    _, sd = _run(base)
    assert not sd.unmodelled_json()
    _, sd = _run({**base, "showdown": [{"play": "Thermo Beam", "by": "defender"}]})
    assert any("gear" in u["why"] and u["card"] == "Ornn - Forge God" for u in sd.unmodelled_json())


# ---- static prevention ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("runes, by, marked", [(7, "attacker", 0), (6, "attacker", 4), (7, "defender", 4)])
def test_hierophant_prevents_enemy_spell_damage_with_7_runes(runes, by, marked):
    """"While you control 7 or more runes, prevent all damage that enemy spells and abilities would deal to me."""
    _, sd = _run(_doc([_custom("A", 1)], ["Esteemed Hierophant"],
                      [{"play": "Void Seeker", "by": by, "target": "Esteemed Hierophant"}], dfd_side={"runes": runes}))
    (h,) = [u for u in sd.board.defender if u.name == "Esteemed Hierophant"]
    assert h.marked == marked
    # 4 marked and 1 combat damage kill it (Might 5); prevented, it survives
    assert (h.marked + 1 >= 5) is (marked == 4)
    if not marked:
        assert any("prevented by its own static ability" in ln.text and "RB-CARD-9" in ln.rules for ln in sd.lines)


def test_ambessa_cant_be_dealt_damage_out_of_combat_while_empowered():
    """"[Empowered] I ... can't be dealt damage unless I'm in combat" (combat damage: only to units in combat)."""
    for where, empowered, stopped in (("base", True, True), ("units", True, False), ("base", False, False)):
        amb = {"name": "Ambessa, The Wolf", "empowered": empowered}
        s = scenario_from_dict(_doc([_custom("A", 1)] + ([amb] if where == "units" else []),
                                    att_side={"base": [amb]} if where == "base" else {}), file="<t>")
        units = {u.name: u for u in s.attacker.units + s.defender.units + s.reserve}
        present = [u.name for u in s.attacker.units + s.defender.units]
        assert bool(damage_prevented(units, present, "Ambessa, The Wolf", "defender")) is stopped


# ---- whose turn ---------------------------------------------------------------------------------------------------
def _evelynn(turn, target=True):
    doc = _doc([_custom("A", 4)], [_custom("D", 3)],
               [{"play": "Evelynn - Entrancing", "by": "defender", "facedown": True, "to": "battlefield",
                 **({"target": "Big"} if target else {})}], att_side={"base": [_custom("Big", 6)]})
    return doc | ({"turn": turn} if turn else {})


def test_evelynn_moves_an_enemy_in_when_played_from_face_down_on_her_players_turn():
    got, sd = _run(_evelynn("defender"))
    assert "Big" in got and not sd.unmodelled_json()  # moved in from its base: it fights
    with pytest.raises(ScenarioError, match="RB-CARD-1"):  # not her player's turn: the ability does not fire
        _run(_evelynn("attacker"))
    got, sd = _run(_evelynn("attacker", target=False))
    assert "Big" not in got and not sd.unmodelled_json()
    got, sd = _run(_evelynn(None, target=False))
    assert "Big" not in got and any("`turn: attacker|defender`" in u["why"] for u in sd.unmodelled_json())


# ---- bad values ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("side, path", [
    ({"runes": 13}, "attacker.runes"), ({"points": -1}, "attacker.points"), ({"trash": "many"}, "attacker.trash"),
    ({"spent_this_turn": {"power": -2}}, "attacker.spent_this_turn.power"),
    ({"spent_this_turn": {"energy": 4}}, "attacker.spent_this_turn"),
    ({"gained_xp_this_turn": 1}, "attacker.gained_xp_this_turn"), ({"gear_elsewhere": 1.5}, "attacker.gear_elsewhere"),
    ({"tokens_elsewhere": None}, "attacker.tokens_elsewhere"),
])
def test_bad_values_are_refused_naming_the_field(side, path, tmp_path, capsys):
    import yaml

    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(_doc(["Draven - Showboat"], att_side=side)))
    assert main(["verify", str(p)]) == 2
    err = capsys.readouterr().err
    assert path in err and "Traceback" not in err
    p.write_text(yaml.safe_dump(_doc(["Draven - Showboat"], turn="nobody")))
    assert main(["verify", str(p)]) == 2 and "turn" in capsys.readouterr().err


def test_the_example_verifies():
    from pycombat.games.riftbound.schema import example_path

    assert main(["verify", str(example_path("player_state.yaml"))]) == 0
