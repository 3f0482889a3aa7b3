"""The showdown game with cards whose play reads a hand: a spell that plays a unit card from its player's
hand or the opponent's (Here to Help, Bone Skewer: ``play_unit``, RB-CARD-16) is offered with each unit card
of that hand, and the unit leaves the hand; a card whose optional payment decides what it does (Rebuttal:
pay to take the spell, else counter it, RB-CARD-20) is offered both ways. Checked against the brute force of
``test_showdown_play`` with its own statement of these choices (every line read as a plain ``showdown:``
list)."""
from __future__ import annotations

import pytest

from pycombat.errors import ScenarioError
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.cards.spells import load_cards
from pycombat.games.riftbound.schema import scenario_from_dict
from test_showdown_play import OTHER, Brute, _doc


def _effects(name: str) -> set:
    card = load_cards().find(name) and load_cards().card(name)
    return {e.get("effect") for e in card.effects} if card else set()


class HandBrute(Brute):
    """The brute force, with the plays that read both hands stated from the printed text: "play a unit from
    hand" / "an opponent ... plays that unit" names a unit card of that hand (or none: "you may"), to this
    battlefield or another; "You may pay [rune]. If you do, gain control of it ...; otherwise, counter it"
    is stated paid or not."""

    def hand_plays(self, side, hands, resolved, chain):
        out = []
        for name in sorted(set(hands[side])):
            kinds = _effects(name)
            card = load_cards().find(name) and load_cards().card(name)
            face = () if card is None or card.showdown_playable else ((("facedown", True),))
            if "play_unit" in kinds:
                rec = next(e for e in card.effects if e.get("effect") == "play_unit")
                whose = side if rec["from"] == "hand" else OTHER[side]
                units = sorted({n for n in hands[whose] if load_cards().find(n) is None})
                tried = [(("play", name), ("by", side)) + face]
                tried += [(("play", name), ("by", side), ("target", (u,)), ("to", to)) + face
                          for u in units for to in ("battlefield", "elsewhere")]
            elif "gain_control_spell" in kinds:
                tried = [(("play", name), ("by", side), ("target", (dict(v)["play"],)), ("condition", paid)) + face
                         for v in dict.fromkeys(chain) for paid in (False, True)]
                out += [e for e in tried if not isinstance(self.read(list(resolved) + list(chain) + [e]),
                                                           ScenarioError)]
                continue
            else:
                continue
            out += [e for e in tried if not isinstance(self.read(list(resolved) + [e]), ScenarioError)]
        return out

    def reorders(self, name: str) -> bool:
        """A counter, or a card taking a spell of the chain (it names that spell first)."""
        return bool(_effects(name) & {"counter", "gain_control_spell"})

    def plays(self, side, hand, resolved, chain):
        own = [e for e in super().plays(side, [n for n in hand if not _effects(n) & {"play_unit", "gain_control_spell"}],
                                        resolved, chain)]
        return own + self.hand_plays(side, self._hands, resolved, chain)

    def hands_after(self, hands: dict, mover: str, e) -> dict:
        """Its card leaves the mover's hand, and the unit card a spell plays from a hand leaves that hand."""
        d = dict(e)
        rest = {s: list(h) for s, h in hands.items()}
        rest[mover].remove(d["play"])
        rec = next((x for x in load_cards().card(d["play"]).effects if x.get("effect") == "play_unit"), None) \
            if load_cards().find(d["play"]) else None
        if rec is not None and d.get("target"):
            rest[mover if rec["from"] == "hand" else OTHER[mover]].remove(d["target"][0])
        return {s: tuple(h) for s, h in rest.items()}

BOARDS = [
    (["Sharkling"], ["Stalwart Poro"], ["Here to Help", "Shen - Kinkou"], ["Cleave"]),
    (["Jinx - Demolitionist"], ["Blue Sentinel"], ["Bone Skewer"], ["Shen - Kinkou", "Inferna"]),
    (["Sharkling"], ["Blue Sentinel"], ["Cleave"], ["Rebuttal"]),
    (["Jinx - Demolitionist"], ["Stalwart Poro"], ["Rune Prison"], ["Rebuttal", "Here to Help"]),
]


@pytest.mark.parametrize("att, dfn, hand_a, hand_d", BOARDS)
def test_value_and_first_options_agree_with_brute_force(att, dfn, hand_a, hand_d):
    doc = _doc(att, dfn, hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    brute = HandBrute(doc)
    assert report.solution.value == brute.value()
    for _, d in report.solution.decisions:
        assert d.options[0].difference == 0 and all(o.difference >= 0 for o in d.options)


def test_a_unit_played_by_a_spell_comes_from_that_hand_and_leaves_it():
    """Bone Skewer names a unit card of the Defender's hand, never a unit in play; once Shen is played by it, the
    Defender can no longer play Shen."""
    report = verbs.optimize(scenario_from_dict(_doc(["Jinx - Demolitionist"], ["Blue Sentinel"], ["Bone Skewer"],
                                                    ["Shen - Kinkou", "Inferna"])))
    first = [o.label for o in report.solution.decisions[0][1].options]
    assert any("Bone Skewer on Shen - Kinkou" in x for x in first)
    assert any("Bone Skewer on Inferna" in x for x in first)
    assert not any("Bone Skewer on Jinx" in x or "Bone Skewer on Blue Sentinel" in x for x in first)
    from pycombat.games.riftbound.damage.game import Objective
    from pycombat.games.riftbound.play.entries import Entry, Lines
    from pycombat.games.riftbound.play.game import ShowdownGame

    s = scenario_from_dict(_doc(["Jinx - Demolitionist"], ["Blue Sentinel"], ["Bone Skewer"],
                                ["Shen - Kinkou", "Inferna"]))
    root = ShowdownGame(Lines(s), dict(s.hands), Objective()).new_initial_state()
    skewer = next(a for a in root.legal_actions() if isinstance(a, Entry) and a.targets[:1] == ("Shen - Kinkou",))
    after = root.child(skewer)
    assert after.hands == ((), ("Inferna",))  # Bone Skewer played, Shen gone from the Defender's hand
    assert not any(isinstance(a, Entry) and a.card == "Shen - Kinkou" for a in after.legal_actions())


def test_rebuttal_is_tried_paid_and_not_paid():
    from pycombat.games.riftbound.damage.game import Objective
    from pycombat.games.riftbound.play.entries import Entry, Lines
    from pycombat.games.riftbound.play.game import PASS, ShowdownGame

    s = scenario_from_dict(_doc(["Sharkling"], ["Blue Sentinel"], ["Cleave"], ["Rebuttal"]))
    game = ShowdownGame(Lines(s), dict(s.hands), Objective())
    state = game.new_initial_state()
    cleave = next(a for a in state.legal_actions() if isinstance(a, Entry) and a.card == "Cleave")
    after = state.child(cleave).child(PASS)  # the attacker keeps priority, then passes it (CR 337.1.c.3)
    rebuttals = [a for a in after.legal_actions() if isinstance(a, Entry) and a.card == "Rebuttal"]
    assert {a.condition for a in rebuttals} == {False, True}
    assert {a.as_dict().get("condition") for a in rebuttals} == {False, True}


def test_the_new_choices_of_a_spell_taken_are_named_not_modelled():
    """The search does not try every new choice for a spell Rebuttal takes: named, text and JSON (RB-CARD-4)."""
    with_it = verbs.optimize(scenario_from_dict(_doc(["Sharkling"], ["Blue Sentinel"], ["Cleave"], ["Rebuttal"])))
    without = verbs.optimize(scenario_from_dict(_doc(["Sharkling"], ["Blue Sentinel"], ["Cleave"], ["Defy"])))
    assert [u["card"] for u in with_it.to_json()["unmodelled"]] == ["Rebuttal"]
    assert without.to_json()["unmodelled"] == []
