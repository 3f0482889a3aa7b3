"""Banish a unit, then its owner plays it anew (RB-CARD-24): Portal Rescue, Arcane Shift, Thrill of the Hunt,
Temporal Breach, their clause structured by the project's overlay (``data/effects_overlay.yaml``).

The brute force below is written from the four cards' printed text and the rules the model takes: the unit
leaves with its damage, buff, Might changes (Blood Rush's Assault) and Equipment (which stays in play
unattached); a fresh unit of its card enters with its printed Might, no damage, no buff, exhausted, where
the card says; its owner's "When you play another unit" (Reluctant Leader: +2 Might) fires."""
from __future__ import annotations

from importlib.resources import files

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.interpreter import effect_support
from pycombat.games.riftbound.cards.showdown import Progress
from pycombat.games.riftbound.cards.spells import OVERLAY, load_cards, with_overlay
from pycombat.games.riftbound.cards.units import DATA_PACKAGE
from pycombat.games.riftbound.schema import scenario_from_dict

CHOMPERS, LEADER = "Flame Chompers", "Reluctant Leader"  # 3 Might, no ability; +2 when you play another unit
FRESH = f"{CHOMPERS} (replayed)"
CARDS = ("Portal Rescue", "Arcane Shift", "Thrill of the Hunt", "Temporal Breach")


def _raw(name):
    import json

    return json.loads(files(DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8"))["records"]


def test_the_overlay_cards_exist_and_their_text_still_holds_the_clause():
    records = [o for o in yaml.safe_load(files(DATA_PACKAGE).joinpath(OVERLAY).read_text(encoding="utf-8"))["records"]
               if any(e.get("effect") == "banish_replay" for e in o.get("effects") or ())]
    raw = {r["id"]: r for r in _raw("spells.json")}
    assert sorted(o["name"] for o in records) == sorted(CARDS)
    for o in records:
        r = raw[o["id"]]
        assert r["name"] == o["name"] and " ".join(o["clause"].split()) in " ".join(r["text"].split())
        assert r["unparsed_clauses"] == 1  # the clause the overlay structures is the data's only unparsed one
        card = load_cards().card(o["name"])
        assert card.unparsed == 0 and all(effect_support(e)[0] for e in card.effects), o["name"]


def test_an_overlay_whose_clause_left_the_text_is_refused():
    raw = _raw("spells.json")
    changed = [{**r, "text": r["text"].replace("its owner plays it", "you play it")} if r["name"] == "Portal Rescue"
               else r for r in raw]
    overlay = tuple(o for o in yaml.safe_load(files(DATA_PACKAGE).joinpath(OVERLAY).read_text(encoding="utf-8"))[
        "records"] if o.get("kind") != "unit")  # the spells' and gear's records (a unit's: cards/units.py)
    with pytest.raises(ValueError, match="Portal Rescue.*no longer contains the clause"):
        with_overlay(changed, overlay)
    with pytest.raises(ValueError, match="no card"):
        with_overlay([r for r in raw if r["name"] != "Arcane Shift"], overlay)


def _run(doc):
    sc = scenario_from_dict(doc, file="<t>")
    run, effects = Progress.begin(sc)
    run.extend(effects)
    return run, run.finish()


def _where_allowed(card, by, controller="defender"):
    """Where the card lets the owner play the fresh unit, from the printed text (CR 355.2.a for "plays it")."""
    return {"Portal Rescue": ["base"], "Thrill of the Hunt": ["battlefield", "elsewhere"],
            "Arcane Shift": ["base", "battlefield", "elsewhere"] if by == controller else ["base", "elsewhere"],
            "Temporal Breach": ["battlefield"]}[card]


@settings(max_examples=80, deadline=None)
@given(card=st.sampled_from(CARDS), damage=st.integers(0, 2), buffed=st.booleans(), sword=st.booleans(),
       blood_rush=st.booleans(), leader=st.booleans(), enemy_leader=st.booleans(),
       to=st.sampled_from([None, "base", "battlefield", "elsewhere"]))
def test_replayed_unit_against_a_brute_force(card, damage, buffed, sword, blood_rush, leader, enemy_leader, to):
    chomp = {"name": CHOMPERS, "damage": damage, "buffed": buffed, **({"equipment": ["Long Sword"]} if sword else {})}
    attackers = [chomp] + ([{"name": LEADER, "fired_this_turn": 0}] if leader else [])  # (none before: RB-CARD-9)
    defenders = [{"name": "D5", "custom": True, "might": 5}] + (
        [{"name": LEADER, "label": "EL", "fired_this_turn": 0}] if enemy_leader else [])
    # Temporal Breach from face down: the Defender's (the Attacker's hidden cards are at another battlefield, RB-CARD-26)
    by = "defender" if card == "Temporal Breach" else "attacker"
    entry = {"play": card, "by": by, "target": [CHOMPERS] + (["D5"] if card == "Arcane Shift" else [])}
    if card == "Temporal Breach":
        entry["facedown"] = True  # [Hidden]: from face down it has Reaction
    if to is not None:
        entry["to"] = to
    showdown = ([{"play": "Blood Rush", "by": "attacker", "target": CHOMPERS}] if blood_rush else []) + [entry]
    doc = {"game": "riftbound", "attacker": {"units": attackers}, "defender": {"units": defenders},
           "showdown": showdown}
    # the brute force: where it goes, or the entry is refused
    allowed = _where_allowed(card, "attacker")
    near = [p for p in allowed if p != "elsewhere"]
    dest = to if to is not None else (near[0] if len(near) == 1 else None)
    if dest is None or dest not in allowed:
        with pytest.raises(ScenarioError) as exc:
            _run(doc)
        assert "RB-CARD-24" in str(exc.value) and "showdown[" in str(exc.value)
        return
    run, sd = _run(doc)
    names = {u.name for u in sd.board.attacker}
    assert CHOMPERS not in names  # banished: it and all it had are gone
    assert (FRESH in names) == (dest == "battlefield")
    where = {"battlefield": run.present, "base": run.base, "elsewhere": run.away}[dest]
    assert FRESH in where
    fresh = run.units[FRESH]
    assert (fresh.current_might, fresh.marked, fresh.buffed, fresh.exhausted, fresh.equipment) == (3, 0, False, True,
                                                                                                  ())
    assert run.loose["attacker"] == (["Long Sword"] if sword else [])  # attached Equipment stays, unattached
    if leader:  # its owner played another unit: +2 once
        assert run.units[LEADER].current_might == 5
    if enemy_leader:  # the enemy played nothing
        assert next(u for u in sd.board.defender if u.name == "EL").current_might == 3
    d5 = next(u for u in sd.board.defender if u.name == "D5")
    assert d5.marked == (3 if card == "Arcane Shift" else 0)
    total = sum(u.current_might for u in sd.board.attacker)
    assert total == (3 if dest == "battlefield" else 0) + (5 if leader else 0)
    assert sd.unmodelled_json() == []


def test_a_token_banished_is_gone_and_nothing_is_played():
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "R1", "custom": True, "might": 1, "token": True},
                                                       {"name": "A2", "custom": True, "might": 2}]},
           "defender": {"units": [{"name": "D5", "custom": True, "might": 5}]},
           "showdown": [{"play": "Portal Rescue", "by": "attacker", "target": "R1"}]}
    run, sd = _run(doc)
    assert [u.name for u in sd.board.attacker] == ["A2"] and run.base == []
    assert any("ceases to exist" in ln.text for ln in sd.lines)


def test_later_entries_name_the_fresh_unit_and_label_renames_it():
    doc = {"game": "riftbound", "attacker": {"units": [CHOMPERS]},
           "defender": {"units": [{"name": "D5", "custom": True, "might": 5}]},
           "showdown": [{"play": "Thrill of the Hunt", "by": "attacker", "target": CHOMPERS, "label": "Chomp"},
                        {"play": "Blood Rush", "by": "attacker", "target": "Chomp"}]}
    _, sd = _run(doc)
    (chomp,) = sd.board.attacker
    assert chomp.name == "Chomp" and chomp.current_might == 5  # printed 3, Assault 2 while attacking
    with pytest.raises(ScenarioError, match="label"):
        _run({**doc, "showdown": [{"play": "Blood Rush", "by": "attacker", "target": CHOMPERS, "label": "X"}]})


def test_a_trigger_of_the_fresh_unit_is_stated_by_its_new_name():
    """Katarina - Reckless played anew (Thrill of the Hunt, to the battlefield) is a new unit: her face-down
    trigger's entry names her new name."""
    kat = "Katarina - Reckless"
    doc = {"game": "riftbound", "defender": {"units": [kat]},
           "attacker": {"units": [{"name": "D2", "custom": True, "might": 2}, {"name": "D9", "custom": True,
                                                                               "might": 9}]},
           "showdown": [{"play": "Thrill of the Hunt", "by": "defender", "target": kat, "label": "Kat"},
                        {"play": "Wages of Pain", "by": "defender", "target": "D9", "facedown": True},
                        {"trigger": "Kat", "when": "play", "target": "D2"}]}
    _, sd = _run(doc)
    assert [u.name for u in sd.board.attacker] == ["D9"] and [u.name for u in sd.board.defender] == ["Kat"]


def test_the_showdown_game_tries_where_the_unit_is_played_anew(tmp_path, capsys):
    from pycombat.cli import main

    path = tmp_path / "hand.yaml"
    path.write_text("game: riftbound\nattacker: {units: [{name: A5, custom: true, might: 5}]}\n"
                    "defender: {units: [{name: Magma Wurm, damage: 6}, Reluctant Leader]}\n"
                    "hand: {defender: [Arcane Shift]}\n")
    assert main(["optimize", str(path)]) == 0
    out = capsys.readouterr().out
    assert "defender plays Arcane Shift on Magma Wurm, A5 to the battlefield" in out
    assert "defender plays Arcane Shift on Magma Wurm, A5 to the base" in out


# -- its own "When you play me" abilities, fired as it is played anew (RB-CARD-24, RB-CARD-10) -----------------------
def _anew(unit, to, *after, by="defender"):
    foe = "attacker" if by == "defender" else "defender"
    doc = {"game": "riftbound", by: {"units": [unit]},
           foe: {"units": [{"name": "E4", "custom": True, "might": 4}, {"name": "E9", "custom": True, "might": 9}]},
           "showdown": [{"play": "Thrill of the Hunt", "by": by, "target": unit, "to": to}, *after]}
    return _run(doc)


def _named(sd, name):
    return [u for u in sd.unmodelled_json() if name in u["what"]]


def test_a_play_ability_needing_no_choice_resolves_as_the_unit_is_played_anew():
    # Teemo - Scout (1): "When you play me, give me +3 Might this turn"
    _, sd = _anew("Teemo - Scout", "battlefield")
    assert {u.name: u.current_might for u in sd.board.defender} == {"Teemo - Scout (replayed)": 4}
    assert not _named(sd, "Teemo - Scout (replayed)")


def test_a_play_ability_choosing_a_target_is_stated_by_an_entry_or_named():
    # Riptide Rex (6): "When you play me, deal 6 to an enemy unit at a battlefield"
    fresh = "Riptide Rex (replayed)"
    _, sd = _anew("Riptide Rex", "battlefield", {"trigger": fresh, "when": "played", "target": "E9"})
    assert {u.name: u.marked for u in sd.board.attacker} == {"E4": 0, "E9": 6}
    _, sd = _anew("Riptide Rex", "battlefield")
    (named,) = _named(sd, fresh)
    assert "when: played" in named["why"] and {u.name: u.marked for u in sd.board.attacker} == {"E4": 0, "E9": 0}


def test_to_a_battlefield_fires_only_when_it_enters_one():
    # Mischievous Marai: "When you play me to a battlefield, deal 2 to an enemy unit here"
    fresh = "Mischievous Marai (replayed)"
    _, sd = _anew("Mischievous Marai", "battlefield", {"trigger": fresh, "when": "played", "target": "E4"})
    assert {u.name: u.marked for u in sd.board.attacker} == {"E4": 2, "E9": 0}
    doc = {"game": "riftbound", "defender": {"units": ["Mischievous Marai"]},
           "attacker": {"units": [{"name": "E4", "custom": True, "might": 4}]},
           "showdown": [{"play": "Portal Rescue", "by": "defender", "target": "Mischievous Marai"}]}
    _, sd = _run(doc)  # played anew to its base: it fires nothing, names nothing
    assert not _named(sd, fresh)
    with pytest.raises(ScenarioError, match="did not fire|does not fire|not fire"):
        _run({**doc, "showdown": doc["showdown"] + [{"trigger": fresh, "when": "played", "target": "E4"}]})


def test_tokens_with_no_stated_place_are_the_players_choice():
    """Illaoi, Prophet of the Great Kraken's "When you play me ..., play a 1 Might Tentacle unit token" does not say
    where: not stated, the trigger is named (the player's choice), not an error on an entry that is not there; stated
    `to:`, the token goes there (and Illaoi's "+1 Might for each token unit you control" counts it)."""
    illaoi = "Illaoi, Prophet of the Great Kraken"
    fresh = f"{illaoi} (replayed)"
    _, sd = _anew(illaoi, "battlefield")
    assert any("where its tokens are played" in u["why"] and "when: played" in u["why"] for u in _named(sd, fresh))
    _, sd = _anew(illaoi, "battlefield", {"trigger": fresh, "when": "played", "to": "battlefield"},
                  by="defender")
    assert {u.name: u.current_might for u in sd.board.defender} == {fresh: 4, "Tentacle 1": 1}


def test_a_played_entry_for_a_unit_not_played_anew_is_refused():
    doc = {"game": "riftbound", "defender": {"units": ["Riptide Rex"]},
           "attacker": {"units": [{"name": "E4", "custom": True, "might": 4}]},
           "showdown": [{"play": "Blood Rush", "by": "defender", "target": "Riptide Rex"},
                        {"trigger": "Riptide Rex", "when": "played", "target": "E4"}]}
    with pytest.raises(ScenarioError, match="Riptide Rex"):
        _run(doc)
    with pytest.raises(ScenarioError, match="no trigger on `played`"):
        _run({**doc, "defender": {"units": [CHOMPERS]},
              "showdown": [{"trigger": CHOMPERS, "when": "played", "target": "E4"}]})


def _play_me_units():
    from pycombat.games.riftbound.cards.events import triggered, PLAYED_ME_AT
    from pycombat.games.riftbound.cards.units import load_units
    from pycombat.games.riftbound.model import Unit

    db = load_units()
    cards = db.cards.values() if isinstance(db.cards, dict) else db.cards
    return sorted({c.name for c in cards if c.might is not None
                   and triggered(Unit(name=c.name, side="defender", might=c.might, card_id=c.id), PLAYED_ME_AT)})


@pytest.mark.parametrize("unit", _play_me_units())
def test_every_play_ability_played_anew_resolves_or_is_named(unit):
    """Each unit card with a "When you play me" ability, played anew to the battlefield with nothing stated: its
    abilities resolve by themselves or are named NOT MODELLED with the entry that would state them; never an error."""
    fresh = f"{unit} (replayed)"
    _, sd = _anew(unit, "battlefield")
    text = "\n".join(line.text for line in sd.lines)
    named = _named(sd, fresh)
    assert f"triggers {fresh}'s" in text or any("when: played" in u["why"] for u in named), (unit, text)
