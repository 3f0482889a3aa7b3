"""Units' restrictions on what their opponents play (RB-CARD-9, the clauses structured in ``data/effects_overlay.yaml``).
Noxus Saboteur: "Your opponents' [Hidden] cards can't be revealed here": at its battlefield its opponents play no card
from facedown (playing a [Hidden] card reveals it, RB-SHOW-4); its own player may; at its base it stops nothing here.
The one play check refuses it, so the showdown game never offers it. (A card is hidden at a battlefield its player
controls: the Defender's cards here.) Fallen Feline: "opponents can't play spells with that name", the name it
stated (`named:`)."""
from __future__ import annotations

import pytest

from pycombat.errors import DataError, ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.lookup import card_report
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.units import with_overlay
from pycombat.games.riftbound.schema import scenario_from_dict

SAB = "Noxus Saboteur"
D = {"name": "D", "custom": True, "might": 5}


def _doc(saboteur_at, showdown, **more):
    attacker = {"units": [SAB]} if saboteur_at == "battlefield" else {"units": [{"name": "A", "custom": True,
                                                                                   "might": 2}], "base": [SAB]}
    return {"game": "riftbound", "attacker": attacker, "defender": {"units": [D]}, "showdown": showdown, **more}


@pytest.mark.parametrize("entry", [
    {"play": "Hidden Blade", "by": "defender", "facedown": True},  # a [Hidden] spell
    {"play": "Teemo - Strategist", "by": "defender", "facedown": True, "to": "battlefield"},  # a [Hidden] unit
])
def test_its_opponents_play_nothing_from_facedown_at_its_battlefield(entry):
    target = {"target": SAB} if entry["play"] == "Hidden Blade" else {}
    with pytest.raises(ScenarioError) as e:
        play_showdown(scenario_from_dict(_doc("battlefield", [{**entry, **target}]), file="<t>"))
    assert "can't be revealed here" in str(e.value) and "RB-CARD-9" in str(e.value)
    assert e.value.path == "showdown[0].facedown"
    # at its base it is not here
    target = {"target": "A"} if entry["play"] == "Hidden Blade" else {}
    sd = play_showdown(scenario_from_dict(_doc("base", [{**entry, **target}]), file="<t>"))
    assert not [u for u in sd.unmodelled if u.card == SAB]


def test_its_own_player_may():
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 2}]},
           "defender": {"units": [SAB]}, "showdown": [{"play": "Hidden Blade", "by": "defender", "facedown": True,
                                                      "target": "A"}]}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [u.name for u in sd.board.attacker] == [] and not sd.unmodelled


def test_the_showdown_game_does_not_offer_it_and_the_card_is_modelled():
    def labels(at):
        doc = _doc(at, [], hand={"attacker": [], "defender": ["Teemo - Strategist"]})
        return {o.label for _, d in verbs.optimize(scenario_from_dict(doc, file="<t>")).solution.decisions
                for o in d.options}

    assert not any("from facedown" in x for x in labels("battlefield"))
    assert any("Teemo - Strategist" in x and "from facedown" in x for x in labels("base"))
    assert not card_report(SAB)["unmodelled"]


def test_an_overlay_record_the_data_no_longer_fits_is_refused():
    rec = {"id": "OGN-018", "name": SAB, "text": "Something else.", "effects": [], "unparsed_clauses": []}
    overlay = ({"kind": "unit", "id": "OGN-018", "name": SAB, "clause": "Your opponents' [Hidden] cards can't be "
                "revealed here.", "effects": [{"effect": "play_restriction"}]},)
    with pytest.raises(DataError, match="no longer contains"):
        with_overlay([rec], overlay)
    with pytest.raises(DataError, match="no unit card"):
        with_overlay([{**rec, "id": "X-1"}], overlay)


FELINE = "Fallen Feline"


@pytest.mark.parametrize("where", ["battlefield", "base"])
def test_fallen_felines_opponents_cant_play_the_spell_it_named(where):
    """"When you play me, name a spell. While I'm at a battlefield, opponents can't play spells with that name"
    (RB-CARD-9): the spell it named is its `named:`; at this battlefield or another one its opponents can't play that
    spell (another they can, and so can its own player); at its base it stops nothing."""
    feline = {"name": FELINE, "named": "Frigid Touch"}
    defender = {"units": [D, feline]} if where == "battlefield" else {"units": [D], "base": [feline]}
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 5}]},
           "defender": defender}
    showdown, refused = [], where == "battlefield"
    for spell, by, target, stopped in (("Frigid Touch", "attacker", "D", refused), ("Feral Strength", "attacker", "A",
                                       False), ("Frigid Touch", "defender", "A", False)):
        doc["showdown"] = showdown + [{"play": spell, "by": by, "target": target}]
        if stopped:
            with pytest.raises(ScenarioError) as e:
                play_showdown(scenario_from_dict(doc, file="<t>"))
            assert "named Frigid Touch" in str(e.value) and "RB-CARD-9" in str(e.value)
        else:
            assert not play_showdown(scenario_from_dict(doc, file="<t>")).unmodelled


def test_fallen_feline_naming_nothing_stated_is_named_and_a_bad_name_is_refused():
    doc = {"game": "riftbound", "attacker": {"units": [{"name": "A", "custom": True, "might": 5}]},
           "defender": {"units": [FELINE]}}
    sd = play_showdown(scenario_from_dict(doc, file="<t>"))
    assert [u.why for u in sd.unmodelled] == ["which spell it named as it was played: give `named: SPELL` (RB-CARD-9)"]
    for named, words in (("Frigid Tuch", "did you mean"), ("Long Sword", "not a spell")):
        doc["defender"] = {"units": [{"name": FELINE, "named": named}]}
        with pytest.raises(ScenarioError) as e:
            scenario_from_dict(doc, file="<t>")
        assert words in str(e.value) and e.value.path.startswith("defender.units[0].named"), str(e.value)
    doc["defender"] = {"units": [{"name": "Stalwart Poro", "named": "Frigid Touch"}]}
    with pytest.raises(ScenarioError, match="names no spell"):
        scenario_from_dict(doc, file="<t>")
