"""A card played from facedown chooses its targets only at the battlefield where it was hidden (RB-CARD-26, CR 811.1.d.2):
the Defender's at this battlefield (he controls it), the Attacker's at another one (he controls none where this combat
is). Checked against a brute force written here from the rule, with the card's own restriction ("at a battlefield")."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pycombat.errors import ScenarioError
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

#: [Hidden] spells and where each one's own text lets it choose ("at a battlefield": this one or another)
SPELLS = {"Hidden Blade": ("bf", "elsewhere"), "Wages of Pain": ("bf", "elsewhere"),
          "Back Off": ("bf", "elsewhere", "base")}
#: a card moving a unit of the Attacker's to another battlefield ("Ride The Wind", `to: elsewhere`)
AWAY = "Ride The Wind"


def _unit(name, might=4):
    return {"name": name, "custom": True, "might": might}


def _run(doc):
    return play_showdown(scenario_from_dict(doc, file="<t>"))


@settings(max_examples=60, deadline=None)
@given(spell=st.sampled_from(sorted(SPELLS)), by=st.sampled_from(["attacker", "defender"]),
       away=st.booleans(), hidden=st.sampled_from([None, "here", "elsewhere"]), data=st.data())
def test_a_facedown_spell_chooses_only_where_it_was_hidden(spell, by, away, hidden, data):
    """Where it was hidden: as the entry's `hidden:` says, by default the Defender's here and the Attacker's at another
    battlefield; the Attacker's never here (he controls no battlefield where this combat is, CR 187.4.b)."""
    where = {"A1": "bf", "A2": "bf", "AB": "base", "D1": "bf", "DB": "base"}
    showdown = []
    if away:  # the Attacker's A2 goes to another battlefield first
        showdown.append({"play": AWAY, "by": "attacker", "target": "A2", "to": "elsewhere"})
        where["A2"] = "elsewhere"
    target = data.draw(st.sampled_from(sorted(where)))
    showdown.append({"play": spell, "by": by, "target": target, "facedown": True,
                     **({"hidden": hidden} if hidden else {})})
    doc = {"game": "riftbound", "attacker": {"units": [_unit("A1"), _unit("A2")], "base": [_unit("AB")]},
           "defender": {"units": [_unit("D1", 9)], "base": [_unit("DB")]}, "showdown": showdown}
    if by == "attacker" and hidden == "here":
        with pytest.raises(ScenarioError, match=r"showdown\[\d\]\.hidden: the attacker does not control"):
            _run(doc)
        return
    # the brute force: RB-CARD-26, then the card's own text
    hidden_at = "bf" if hidden == "here" or (hidden is None and by == "defender") else "elsewhere"
    legal = where[target] == hidden_at and where[target] in SPELLS[spell]
    if not legal:
        with pytest.raises(ScenarioError) as exc:
            _run(doc)
        assert f"showdown[{len(showdown) - 1}].target" in str(exc.value)
        # the card's own text is checked first
        assert ("RB-CARD-1" if where[target] not in SPELLS[spell] else "RB-CARD-26") in str(exc.value)
        return
    sd = _run(doc)
    left = {u.name for u in sd.board.attacker + sd.board.defender}
    if spell == "Hidden Blade" and where[target] == "bf":
        assert target not in left  # killed here
    if where[target] == "bf" and spell == "Back Off":
        assert next(u for u in sd.board.attacker + sd.board.defender if u.name == target).stunned


def test_the_same_spell_from_hand_chooses_anywhere_its_text_allows():
    doc = {"game": "riftbound", "attacker": {"units": [_unit("A1")]}, "defender": {"units": [_unit("D1")]},
           "showdown": [{"play": "Hidden Blade", "by": "attacker", "target": "D1"}]}
    assert not _run(doc).board.defender  # from hand (an [Action]): no restriction
    doc["showdown"][0]["facedown"] = True
    with pytest.raises(ScenarioError, match="RB-CARD-26"):
        _run(doc)


@pytest.mark.parametrize("by, to, target, legal", [
    ("defender", "battlefield", "A1", True),     # hidden here, played here: a unit here
    ("defender", "battlefield", "DB", False),    # not one at its base
    ("attacker", "elsewhere", "D1", False),      # hidden at another battlefield: none of this combat's
])
def test_a_hidden_unit_s_play_effect_chooses_where_it_was_hidden(by, to, target, legal):
    """Blastcone Fae: "When you play me, give a unit -2 Might this turn, to a minimum of 1" (CR 811.1.d.2's example)."""
    doc = {"game": "riftbound", "attacker": {"units": [_unit("A1")]},
           "defender": {"units": [_unit("D1")], "base": [_unit("DB")]},
           "showdown": [{"play": "Blastcone Fae", "by": by, "facedown": True, "to": to, "target": target}]}
    if not legal:
        with pytest.raises(ScenarioError, match="RB-CARD-26"):
            _run(doc)
        return
    assert _run(doc).board.unit(target).current_might == 2


def test_an_attacker_s_hidden_unit_elsewhere_chooses_a_unit_there_itself_among_them():
    """Played at the other battlefield, the only unit there is the Fae: it must choose it (the entry names it)."""
    doc = {"game": "riftbound", "attacker": {"units": [_unit("A1")]}, "defender": {"units": [_unit("D1")]},
           "showdown": [{"play": "Blastcone Fae", "by": "attacker", "facedown": True, "to": "elsewhere"}]}
    with pytest.raises(ScenarioError, match="needs 1 more target"):
        _run(doc)
    doc["showdown"][0]["target"] = "Blastcone Fae"
    sd = _run(doc)
    assert [u.current_might for u in sd.board.attacker + sd.board.defender] == [4, 4] and not sd.unmodelled


def test_an_equipment_from_facedown_with_no_unit_where_it_was_hidden_attaches_to_nothing():
    """Edge of Night: "When you play this from face down, attach it to a unit you control (here)": the Attacker's,
    hidden at another battlefield where none of his units is, enters there and attaches to nothing (a triggered
    ability with no unit to choose does nothing, RB-CARD-10); the Defender's must name a unit of his here."""
    def run(by, target=None):
        doc = {"game": "riftbound", "attacker": {"units": [_unit("A", 3)]}, "defender": {"units": [_unit("D", 3)]},
               "showdown": [{"play": "Edge of Night", "by": by, "facedown": True,
                             **({"target": target} if target else {})}]}
        return _run(doc)

    sd = run("attacker")
    assert [u.current_might for u in sd.board.attacker + sd.board.defender] == [3, 3] and not sd.unmodelled
    with pytest.raises(ScenarioError, match="needs 1 more target"):
        run("defender")
    assert run("defender", "D").board.unit("D").current_might == 5


def test_a_card_hidden_elsewhere_plays_nothing_into_this_combat_but_is_played():
    """The Defender's Guards! hidden at another battlefield he controls (`hidden: elsewhere`): its Sand Soldier is
    played there, not here; Ravenbloom Student's "When you play a spell" fires all the same; an Attacker's Noxus
    Saboteur ("Your opponents' [Hidden] cards can't be revealed here") does not stop it there."""
    def doc(**extra):
        return {"game": "riftbound", "attacker": {"units": ["Noxus Saboteur"]},
                "defender": {"units": ["Ravenbloom Student"]},
                "showdown": [{"play": "Guards!", "by": "defender", "facedown": True, "condition": False, **extra}]}
    sd = _run(doc(hidden="elsewhere", to="elsewhere"))
    assert [(u.name, u.current_might) for u in sd.board.defender] == [("Ravenbloom Student", 3)]
    with pytest.raises(ScenarioError, match="RB-CARD-26"):
        _run(doc(hidden="elsewhere", to="battlefield"))
    with pytest.raises(ScenarioError, match="can't be revealed here"):
        _run(doc(to="battlefield"))
    with pytest.raises(ScenarioError, match=r"give `facedown: true`"):
        _run({**doc(), "showdown": [{"play": "Back Off", "by": "defender", "target": "Noxus Saboteur",
                                     "hidden": "elsewhere"}]})
