"""The choices the showdown game searches beyond a spell's one or two targets, each against the
brute-force game search of ``test_showdown_play`` (its own statement of the choices, every line read
as a plain ``showdown:`` list): units played from hand (real [Reaction] and [Ambush] units), [Hidden]
cards played from facedown, Equipment attached and detached (``attach:`` / ``detach:``), and more than
two targets."""
from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines, target_bound
from pycombat.games.riftbound.play.game import PASS, ShowdownGame
from pycombat.games.riftbound.play.hands import hand_card
from pycombat.games.riftbound.schema import scenario_from_dict
from test_showdown_play import Brute, _doc

#: real units that may be played from hand in a showdown: [Reaction] (Shen) and [Ambush]
REACTION_UNITS = ["Shen - Kinkou", "Chakram Dancer", "Stalking Wolf", "Inferna"]
SPELLS = ["Cleave", "Rune Prison", "Disintegrate", "Unyielding Spirit", "Hidden Blade", "Defy"]
SETTINGS = settings(max_examples=examples(16), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _labels(report) -> set[str]:
    return {o.label for _, d in report.solution.decisions for o in d.options}


@SETTINGS
@given(st.sampled_from(["Sharkling", "Jinx - Demolitionist"]), st.sampled_from(["Stalwart Poro", "Blue Sentinel"]),
       st.lists(st.sampled_from(REACTION_UNITS + SPELLS), min_size=1, max_size=2),
       st.lists(st.sampled_from(REACTION_UNITS + SPELLS), min_size=1, max_size=2))
# both players play an Inferna: the second to resolve is "Inferna (2)", whom Cleave must be able to name
@example(att="Sharkling", dfn="Stalwart Poro", hand_a=["Inferna", "Cleave"], hand_d=["Inferna", "Cleave"])
def test_units_from_hand_agree_with_brute_force(att, dfn, hand_a, hand_d):
    """RB-CARD-16: real [Reaction] / [Ambush] units played from hand (to the battlefield or the base),
    with spells, on a 1 v 1 board: the value is the brute force's, and the first decision lists one
    option per legal play the brute force finds."""
    doc = _doc([att], [dfn], hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    brute = Brute(doc)
    assert report.solution.value == brute.value()
    first = report.solution.decisions[0][1]
    # its three units take one effect each alike: one option a set of units (the brute force tries every order)
    sets = {tuple(sorted((k, tuple(sorted(v)) if k in ("target", "repeat") else v) for k, v in e))
            for e in brute.plays("attacker", brute.hands["attacker"], (), ())}
    assert len(first.options) == 1 + len(sets)


def test_a_unit_from_hand_changes_the_outcome():
    """Chakram Dancer ([Ambush]) joins the Defender's side: the Defender plays it (a real choice)."""
    doc = _doc(["Jinx - Demolitionist"], ["Stalwart Poro"], [], ["Chakram Dancer"])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == Brute(doc).value()
    assert "defender plays Chakram Dancer to the battlefield" in _labels(report)


# ---- [Hidden] from facedown ---------------------------------------------------------------------------
def test_hidden_cards_are_played_from_facedown():
    """RB-SHOW-4: a [Hidden] unit without [Reaction] / [Ambush] and a Normal-speed [Hidden] gear are
    played from facedown (they then have Reaction); a [Hidden] Action spell is played as it is."""
    unit = hand_card("Teemo - Scout", None, "hand.defender[0]")
    assert unit.facedown and unit.speed == "reaction" and unit.kind == "unit"
    gear = hand_card("Edge of Night", None, "hand.defender[0]")
    assert gear.facedown and gear.speed == "reaction"
    assert not hand_card("Hidden Blade", None, "hand.defender[0]").facedown


def test_hidden_unit_from_facedown_agrees_with_brute_force():
    doc = _doc(["Sharkling"], ["Stalwart Poro"], ["Cleave"], ["Teemo - Scout"])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == Brute(doc).value()
    labels = _labels(report)
    assert any(lab.startswith("defender plays Teemo - Scout") and lab.endswith("from facedown") for lab in labels)
    # on an open chain (a Closed State) it may be played: from facedown it has Reaction (RB-SHOW-4)
    game = ShowdownGame(Lines(scenario_from_dict(doc)), dict(scenario_from_dict(doc).hands), Objective())
    root = game.new_initial_state()
    cleave = next(a for a in root.legal_actions() if a != PASS and a.card == "Cleave")
    on_chain = root.child(cleave).child(PASS)  # the attacker keeps priority, then passes it (CR 337.1.c.3)
    assert on_chain.chain and on_chain.mover == "defender"
    assert any(a != PASS and a.card == "Teemo - Scout" and a.facedown for a in on_chain.legal_actions())


# ---- Equipment: attach / detach ----------------------------------------------------------------------
EQUIP = {"game": "riftbound",
         "attacker": {"player": "Ann", "units": ["Petty Officer", {"name": "A2", "custom": True, "might": 2}]},
         "defender": {"player": "Bo", "units": [{"name": "Sunlit Guardian", "equipment": ["Sterak's Gage"]},
                                                {"name": "D1", "custom": True, "might": 1}]}}


def test_equipment_choices_are_searched():
    """RB-CARD-14: Angle Shot's `detach:` / `attach:` (from the unit the Equipment is on) are choices of
    the search, no longer named NOT MODELLED; the value is the brute force's."""
    doc = {**EQUIP, "hand": {"attacker": ["Angle Shot"], "defender": ["Angle Shot"]}}
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == Brute(doc).value()
    labels = _labels(report)
    assert "attacker plays Angle Shot on Sunlit Guardian detaching Sterak's Gage" in labels
    assert "attacker plays Angle Shot on D1 attaching Sterak's Gage from Sunlit Guardian" in labels
    assert not any("attach" in u["what"] for u in report.solution.unmodelled)


def test_detached_equipment_can_be_attached_again():
    """After the Attacker detaches Sterak's Gage it is in play unattached: the Defender's Angle Shot may
    attach it to D1 (no `from:`)."""
    doc = {**EQUIP, "hand": {"attacker": ["Angle Shot"], "defender": ["Angle Shot"]},
           "showdown": [{"play": "Angle Shot", "by": "attacker", "target": ["Sunlit Guardian"],
                         "detach": "Sterak's Gage"}]}
    scenario = scenario_from_dict({**doc, "hand": {"attacker": [], "defender": ["Angle Shot"]}})
    report = verbs.optimize(scenario)
    assert "defender plays Angle Shot on D1 attaching Sterak's Gage" in _labels(report)


# ---- more than two targets ----------------------------------------------------------------------------
def test_target_bound_reads_the_data():
    """The most targets tried is read from the card's data, not capped at two: Bellows Breath takes up
    to three units; a reference to a unit chosen before takes none; "any number" is every unit, tried
    as sets (one effect on each), as are units given one effect each alike (Bellows Breath's "Deal 1 to up to
    three units", Back to Back's "two friendly units each +2")."""
    assert target_bound("Bellows Breath", 5) == (3, False)
    assert target_bound("Back to Back", 3) == (2, False)
    assert target_bound("Cleave", 5) == (1, True)
    assert target_bound("Lotus Trap", 5) == (1, True)
    assert target_bound("Emperor's Divide", 4) == (4, False)
    assert target_bound("Bellows Breath", 2) == (2, False)


def test_three_targets_agree_with_brute_force():
    """Bellows Breath on three units: options with three targets are found, and the value is the brute
    force's with up to three targets."""
    doc = _doc(["Jinx - Demolitionist", "Sharkling"], ["Stalwart Poro", "Trevor Snoozebottom"],
               ["Bellows Breath"], [])
    report = verbs.optimize(scenario_from_dict(doc))
    first = report.solution.decisions[0][1]
    assert any(o.label.count(",") == 2 for o in first.options), [o.label for o in first.options]
    brute = Brute(doc, max_targets=3)
    assert report.solution.value == brute.value()
    # its three units take one effect each alike: one option a set of units (the brute force tries every order)
    sets = {tuple(sorted((k, tuple(sorted(v)) if k in ("target", "repeat") else v) for k, v in e))
            for e in brute.plays("attacker", brute.hands["attacker"], (), ())}
    assert len(first.options) == 1 + len(sets)


def test_unit_plays_name_at_most_one_unit():
    """Why a unit card's play is tried with none or one target: the "When you play me" abilities of
    every unit that may be played in a showdown ([Reaction], [Ambush], [Hidden] from facedown) name at
    most one unit in the data (the others reach "all" units or the unit itself)."""
    from pycombat.games.riftbound.cards import unitplay
    from pycombat.games.riftbound.cards.units import load_units

    units = load_units()
    seen = 0
    for name in units.names:
        card = units.unit(name)
        for facedown in (False, True)[: 2 if unitplay.hidden(card) else 1]:
            if not facedown and not unitplay.ways(card):
                continue
            ability, _ = unitplay.play_card(card, "battlefield", facedown, None)
            named = 0
            for e in (ability.effects if ability else ()):
                spec = e.get("target")
                if isinstance(spec, dict) and "ref" not in spec and spec.get("count") != "all":
                    named += spec.get("count_max", spec.get("count", 1))
            assert named <= 1, (name, facedown)
            seen += 1
    assert seen >= 19
    assert target_bound("Shen - Kinkou", 4) == (1, True)


def test_stalking_wolf_is_searched_with_the_unit_its_cost_kills():
    """Stalking Wolf ([Ambush]; "As an additional cost to play me, kill a Bird, Cat, Dog, or Poro you control"): the
    game tries each unit as the one killed (`kills:`, RB-CARD-16), as the brute force does from the printed text."""
    doc = _doc(["Jinx - Demolitionist"], ["Stalwart Poro"], [], ["Stalking Wolf"])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == Brute(doc).value()
    assert any("Stalking Wolf" in x and "killing Stalwart Poro" in x for x in _labels(report))


def test_a_token_card_is_tried_where_its_player_may_play_the_tokens():
    """Flurry of Feathers (mode 2: four 1-Might Birds): the game tries it to the battlefield and to the base for the
    Defender, who controls this battlefield, and only to the base for the Attacker (RB-CARD-15, CR 352.2.a)."""
    def labels(side):
        hands = ([], ["Flurry of Feathers"]) if side == "defender" else (["Flurry of Feathers"], [])
        doc = _doc(["Jinx - Demolitionist"], ["Stalwart Poro"], *hands)
        return {x.split(" plays ", 1)[1] for x in _labels(verbs.optimize(scenario_from_dict(doc)))
                if " plays Flurry of Feathers (mode 2)" in x}

    assert labels("defender") == {"Flurry of Feathers (mode 2) to the battlefield",
                                  "Flurry of Feathers (mode 2) to the base"}
    assert labels("attacker") == {"Flurry of Feathers (mode 2) to the base"}

