"""Units' activated abilities in the showdown game from both hands (RB-CARD-17, RB-SHOW-4): against the brute force
of ``test_showdown_play`` taught them here (the unit's controller may use it, with no target or one unit of the
board, on an empty chain for an [Action] one; each unit's once, as the search does when its runes are not known;
kept when the scenario reader accepts it), and what the report says."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples  # noqa: E402
from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.schema import scenario_from_dict
from test_showdown_play import Brute, _doc
from test_trigger_choices import brute_value, chain_value

#: units with an activated [Action] ability usable in a showdown, and the cards in hand drawn with them
ABLE = ["Shadow", "Ezreal - Dashing"]
PLAIN = ["Sharkling", "Blue Sentinel", "Stalwart Poro"]
CARDS = ["Cleave", "Rune Prison", "Discipline"]


class AbilityBrute(Brute):
    def __init__(self, doc: dict, prefix: list[dict] = ()):
        super().__init__(doc, max_targets=1, prefix=prefix)  # (the combat trigger entries stated first)
        self.side_of = {(u if isinstance(u, str) else u["name"]): s for s in ("attacker", "defender")
                        for u in doc[s]["units"]}

    def plays(self, side, hand, resolved, chain):
        out = super().plays(side, hand, resolved, chain)
        if chain:  # every ability here is of [Action] speed: not on an open chain (RB-SHOW-4)
            return out
        used = {dict(e).get("ability") for e in tuple(resolved) + tuple(chain)}
        for unit in ABLE:
            if self.side_of.get(unit) != side or unit in used:
                continue
            for t in [()] + [(n,) for n in self.names(resolved)]:
                e = (("ability", unit),) + ((("target", t),) if t else ())
                if not isinstance(self.read(list(resolved) + [e]), Exception):
                    out.append(e)
        return out

    def hands_after(self, hands, mover, e):
        return hands if "ability" in dict(e) else super().hands_after(hands, mover, e)

    def names(self, resolved):
        played = [dict(e)["play"] for e in resolved if "play" in dict(e)]
        from pycombat.games.riftbound.cards.spells import load_cards
        return list(dict.fromkeys(self.units + [p for p in played if load_cards().find(p) is None]))


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ABLE), st.sampled_from(PLAIN), st.sampled_from(PLAIN), st.booleans(),
       st.lists(st.sampled_from(CARDS), max_size=1), st.lists(st.sampled_from(CARDS), max_size=1))
@pytest.mark.long
def test_value_agrees_with_brute_force(able, mine, theirs, defending, hand_a, hand_d):
    if mine == theirs:
        theirs = "Stalwart Poro" if mine != "Stalwart Poro" else "Sharkling"
    # Shadow stuns a unit attacking: it defends; with a hand a side, one unit besides Ezreal's side (the brute force has
    # no transpositions)
    defending = defending or able == "Shadow"
    att, dfn = ([mine], [able, theirs]) if defending else ([able, mine], [theirs])
    if hand_a and hand_d:
        att, dfn = att[:1] if not defending else att, dfn if defending else dfn[:1]
    doc = _doc(att, dfn, hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == value(doc)


def value(doc):
    """The brute force's value; Ezreal, Dashing's combat trigger ("deal damage equal to my Might to an enemy unit
    here") stated with each enemy unit, its player choosing the best; on the combat chain, where either player may
    answer it with a Reaction card before it resolves (``chain_value``, RB-SHOW-2)."""
    side = next((s for s in ("attacker", "defender") if "Ezreal - Dashing" in doc[s]["units"]), None)
    if side is None:
        return AbilityBrute(doc).value()
    enemy = doc["defender" if side == "attacker" else "attacker"]["units"]
    vals = [chain_value(doc, [{"trigger": "Ezreal - Dashing", "target": [n]}], AbilityBrute) for n in enemy]
    return max(vals) if side == "attacker" else min(vals)


@pytest.mark.parametrize("att, dfn, hand_a, hand_d", [
    (["Blue Sentinel", "Sharkling"], ["Shadow"], ["Cleave"], []),
    (["Sharkling"], ["Shadow", "Stalwart Poro"], ["Rune Prison"], ["Discipline"]),
])
def test_shadows_stun_is_searched(att, dfn, hand_a, hand_d):
    """Shadow: "[Action] 1 Energy, 1 rune, exhaust: Stun an attacking unit": the Defender may use it; its exhaust cost
    leaves it used once."""
    doc = _doc(att, dfn, hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    labels = {o.label for _, d in report.solution.decisions for o in d.options}
    assert any(label.startswith("defender uses Shadow's ability on ") for label in labels)
    assert report.solution.value == value(doc)
    assert not [u for u in report.solution.unmodelled if "activated ability" in u["what"]]  # its exhaust limits it


def test_a_reaction_answers_ezreals_trigger_on_the_combat_chain():
    """Ezreal's trigger (3 damage) would kill Stalwart Poro (Might 3 with its Shield) before the damage step: a kill
    of the whole combat (play/score.py), the Attacker losing nothing. One scale for the game: the Attacker can lose
    2 units of 3 + 4 + 2 (Blue Sentinel's Shield) + 2 (Discipline) = 11 Might, the Defender 1 of 3 + 1 + 2 = 6, so a
    unit lost counts 1 + 11 + 6 = 18: the kill is worth 18 + 3 = 21. Discipline (+2) on the Poro in answer, before the
    trigger resolves, keeps it alive (5 Might, 3 damage) for the damage step: Blue Sentinel's 4 kill it (18 + 5), its
    5 kill Blue Sentinel (18 + 4): 1 for the Attacker; only answering on the combat chain reaches it (RB-SHOW-2)."""
    doc = _doc(["Ezreal - Dashing", "Blue Sentinel"], ["Stalwart Poro"], [], ["Discipline"])
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == value(doc) == 1
    assert ("combat chain", "defender plays Discipline on Stalwart Poro in response") in report.solution.line
    # the same game with the trigger resolved before anyone may answer it: the Poro dies in the showdown
    assert AbilityBrute(doc, [{"trigger": "Ezreal - Dashing", "target": ["Stalwart Poro"]}]).value() == 21


def test_an_ability_its_runes_limit_is_used_once_and_named():
    doc = _doc(["Ezreal - Dashing", "Sharkling"], ["Blue Sentinel"], [], [])
    report = verbs.optimize(scenario_from_dict(doc))
    named = [u for u in report.solution.unmodelled if u["what"] == "Ezreal - Dashing's activated ability used more "
                                                                   "than once"]
    assert named and "at most once" in named[0]["why"]
    assert report.solution.value == value(doc)


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["Leona - Determined", "Crackshot Corsair", "Sinister Poro"]), st.sampled_from(PLAIN),
       st.lists(st.sampled_from(["Cleave", "Discipline"]), max_size=1),
       st.lists(st.sampled_from(["Unyielding Spirit", "Discipline", "Smoke Screen"]), max_size=1))
@pytest.mark.long
def test_triggers_reactions_and_abilities_together(trigger, other, hand_a, hand_d):
    """A combat trigger the file leaves open (chosen by the Attacker), Reactions on the combat chain, and Shadow's
    stun (the Defender's [Action] ability) in one game, against the brute forces taught all three."""
    doc = _doc([trigger], ["Shadow", other], hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    assert report.solution.value == brute_value(doc, AbilityBrute)


HEIM = "Heimerdinger - Inventor"


class BorrowBrute(AbilityBrute):
    """:class:`AbilityBrute` with Heimerdinger, Inventor's use of each friendly unit's exhaust ability (``of:``, RB-CARD-17),
    no target or one unit of the board, on an empty chain ([Action]), kept when the reader accepts it (his exhaust
    cost leaves it to one use)."""

    def plays(self, side, hand, resolved, chain):
        out = super().plays(side, hand, resolved, chain)
        if chain or self.side_of.get(HEIM) != side:
            return out
        for unit in ABLE:
            if self.side_of.get(unit) != side:
                continue
            for t in [()] + [(n,) for n in self.names(resolved)]:
                e = (("ability", HEIM), ("of", unit)) + ((("target", t),) if t else ())
                if not isinstance(self.read(list(resolved) + [e]), Exception):
                    out.append(e)
        return out


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PLAIN), st.lists(st.sampled_from(CARDS), max_size=1), st.lists(st.sampled_from(CARDS), max_size=1))
@pytest.mark.long
def test_heimerdinger_borrowing_agrees_with_brute_force(mine, hand_a, hand_d):
    """Heimerdinger, Inventor and Shadow defend: either may stun an attacking unit with Shadow's ability (each
    exhausting itself), against the brute force."""
    doc = _doc([mine, "Sharkling" if mine != "Sharkling" else "Stalwart Poro"] if not (hand_a and hand_d) else [mine],
               [HEIM, "Shadow"], hand_a, hand_d)
    report = verbs.optimize(scenario_from_dict(doc))
    labels = {o.label for _, d in report.solution.decisions for o in d.options}
    assert any(label.startswith(f"defender uses {HEIM}'s ability (of Shadow)") for label in labels), labels
    assert report.solution.value == BorrowBrute(doc).value()
