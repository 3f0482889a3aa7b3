"""A counter may counter a counter still on the chain (RB-CARD-3: the chain resolves last in, first out, and a
countered counter counters nothing): the showdown game from both hands offers it exactly as a ``showdown:`` list
reads it, and its values agree with a brute force written here from the rules alone (no scenario reader, no
interpreter): Focus, priority, the chain resolving its newest item each time both pass (RB-SHOW-1, RB-SHOW-3,
RB-SHOW-4), and the damage step of units with no keywords (RB-DMG-3, RB-MODEL-4)."""
from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from functools import lru_cache

import pytest

from pycombat.games.riftbound import verbs
from pycombat.games.riftbound.damage.game import Objective
from pycombat.games.riftbound.play.entries import Lines
from pycombat.games.riftbound.play.game import ShowdownGame
from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.schema import scenario_from_dict

#: units with no keywords or abilities: their printed Might
UNITS = {"Vanguard Sergeant": 4, "Playful Phantom": 5, "Shipyard Skulker": 3, "Mega-Mech": 8}
#: card -> (speed, effect, value, (Energy, Power) cost), from their printed text
CARDS = {
    "Defy": ("reaction", "counter", (4, 1), (1, 1)),  # Counter a spell that costs no more than 4 Energy and 1 Power
    "Wind Wall": ("reaction", "counter", None, (3, 2)),  # Counter a spell
    "Discipline": ("reaction", "might", 2, (2, 0)),  # Give a unit +2 Might this turn
    "Stupefy": ("reaction", "least", -1, (1, 0)),  # Give a unit -1 Might this turn, to a minimum of 1
    "Punch First": ("action", "might", 5, (1, 2)),  # Give a unit +5 Might this turn
}
OTHER = {"attacker": "defender", "defender": "attacker"}


class Brute:
    """Minimax over every line of play. A chain item is ``(player, card, target)``: a unit's name, or for a counter
    the index on the chain of the card it counters (the newest card of each name, as an entry names it). A counter
    resolving takes its card off the chain if it is still there, else does nothing."""

    def __init__(self, att: list[str], dfn: list[str], hands: dict[str, list[str]], weight: int):
        self.names = att + dfn
        self.side = {n: "attacker" for n in att} | {n: "defender" for n in dfn}
        self.hands = (tuple(sorted(hands["attacker"])), tuple(sorted(hands["defender"])))
        self.weight = weight

    def value(self) -> Fraction:
        return self._value((0,) * len(self.names), self.hands, (), "attacker", "attacker", 0)

    def _options(self, mods, hands, chain, mover):
        hand = hands[0 if mover == "attacker" else 1]
        out = []
        for card in sorted(set(hand)):
            speed, effect, value, _ = CARDS[card]
            if chain and speed != "reaction":  # a Closed State: Reaction only (RB-SHOW-4)
                continue
            if effect == "counter":
                newest = {}
                for i, item in enumerate(chain):
                    if item is not None:
                        newest[item[1]] = i
                for i in sorted(newest.values()):
                    energy, power = CARDS[chain[i][1]][3]
                    if value is None or energy <= value[0] and power <= value[1]:
                        out.append((card, i))
            else:
                out += [(card, n) for n in self.names]
        return out

    @lru_cache(maxsize=None)
    def _value(self, mods, hands, chain, focus, mover, passes) -> Fraction:
        best = None
        pick = max if mover == "attacker" else min
        # pass
        if passes == 1 and not any(chain):
            v = self._damage(mods)
        elif passes == 1:
            mods2, chain2 = self._resolve(mods, chain)
            v = self._value(mods2, hands, chain2, focus, chain2[-1][0], 0) if chain2 else \
                self._value(mods2, hands, (), OTHER[focus], OTHER[focus], 0)
        elif not chain:
            v = self._value(mods, hands, chain, OTHER[focus], OTHER[focus], 1)
        else:
            v = self._value(mods, hands, chain, focus, OTHER[mover], 1)
        best = v
        for card, target in self._options(mods, hands, chain, mover):
            k = 0 if mover == "attacker" else 1
            rest = list(hands[k])
            rest.remove(card)
            hands2 = (tuple(rest), hands[1]) if k == 0 else (hands[0], tuple(rest))
            v = self._value(mods, hands2, chain + ((mover, card, target),), focus, mover, 0)
            best = pick(best, v)
        return best

    def might(self, mods, n) -> int:
        return UNITS[n] + mods[self.names.index(n)]

    def _resolve(self, mods, chain):
        player, card, target = chain[-1]
        rest = list(chain[:-1])
        _, effect, value, _ = CARDS[card]
        mods = list(mods)
        if effect == "counter":
            if rest[target] is not None:
                rest[target] = None
        else:
            k = self.names.index(target)
            if effect == "might":
                mods[k] += value
            else:  # to a minimum of 1
                mods[k] += max(value, 1 - (UNITS[target] + mods[k]))
        while rest and rest[-1] is None:
            rest.pop()
        return tuple(mods), tuple(rest)

    def _damage(self, mods) -> Fraction:
        """Each side's best split on units with no keywords: lethal damage in any order, the excess on a unit it
        does not kill (RB-DMG-3..7); a unit lost scores ``weight`` plus its Might."""
        def best(side) -> int:
            total = sum(self.might(mods, n) for n in self.names if self.side[n] == side)
            foes = [self.might(mods, n) for n in self.names if self.side[n] != side]
            got = 0
            for r in range(len(foes) + 1):
                for killed in itertools.combinations(range(len(foes)), r):
                    used = sum(foes[i] for i in killed)
                    left = [foes[i] for i in range(len(foes)) if i not in killed]
                    if used > total or left and total - used > 0 and not any(m > total - used for m in left):
                        continue
                    got = max(got, sum(self.weight + foes[i] for i in killed))
            return got
        return Fraction(best("attacker") - best("defender"))


def _doc(att, dfn, hand_a, hand_d) -> dict:
    return {"game": "riftbound", "attacker": {"player": "Ann", "units": list(att)},
            "defender": {"player": "Bo", "units": list(dfn)}, "hand": {"attacker": list(hand_a), "defender": list(hand_d)}}


def _optimize(doc, objective=None):
    return verbs.optimize(scenario_from_dict(doc), objective=objective)


def _play(state, label: str):
    """The child of ``state`` after the action whose text is ``label``."""
    acts = {state.action_to_string(a): a for a in state.legal_actions()}
    assert label in acts, sorted(acts)
    return state.child(acts[label])


def test_a_counter_countered_by_a_counter_lets_its_card_resolve():
    """Discipline (+2) on Vanguard Sergeant (4); the Attacker's Defy on it; the Defender's Defy on that Defy (it
    costs 1 Energy + 1 Power, within Defy's reach): Discipline resolves, the Sergeant (6) kills Playful Phantom (5)
    and survives it."""
    doc = _doc(["Playful Phantom"], ["Vanguard Sergeant"], ["Defy"], ["Discipline", "Defy"])
    assert _optimize(doc).solution.value == -19  # the Defender kills the Phantom: -(14 + 5)
    assert _optimize(doc, "conquer").solution.value == 0

    s = scenario_from_dict(doc)
    st = ShowdownGame(Lines(s), dict(s.hands), Objective()).new_initial_state()
    st = _play(_play(st, "attacker passes"), "defender plays Discipline on Vanguard Sergeant")
    st = _play(_play(st, "defender passes"), "attacker plays Defy countering Discipline")
    st = _play(_play(st, "attacker passes"), "defender plays Defy countering Defy")
    st = _play(_play(st, "defender passes"), "attacker passes")  # the Defender's Defy resolves, with the other
    assert [e.card for e in st.live] == ["Discipline"] and [(e.by, e.card) for e in st.resolved] == [
        ("attacker", "Defy"), ("defender", "Defy")]
    st = _play(_play(st, "defender passes"), "attacker passes")  # Discipline resolves
    assert not st.chain and st.at.progress.units["Vanguard Sergeant"].current_might == 6


def test_wind_wall_on_wind_wall_lets_punch_first_through():
    doc = _doc(["Vanguard Sergeant"], ["Playful Phantom"], ["Punch First", "Wind Wall"], ["Wind Wall"])
    assert _optimize(doc).solution.value == 25  # the Sergeant (9) kills the Phantom (5): 20 + 5


def test_the_showdown_list_of_a_counter_on_a_counter_is_read_as_the_game_plays_it():
    """The same plays as a ``showdown:`` list, in the order they resolve in the game (the two Defys leave the chain
    first, Discipline resolves after): the countered Defy names a card listed after it."""
    doc = _doc(["Playful Phantom"], ["Vanguard Sergeant"], [], [])
    del doc["hand"]
    doc["showdown"] = [{"play": "Defy", "by": "attacker", "target": "Discipline"},
                       {"play": "Defy", "by": "defender", "target": "Defy"},
                       {"play": "Discipline", "by": "defender", "target": "Vanguard Sergeant"}]
    board = play_showdown(scenario_from_dict(doc)).board
    assert [u.current_might for u in board.defender] == [6]


def _boards(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        att = rng.sample(sorted(UNITS), rng.randint(1, 2))
        dfn = rng.sample([u for u in sorted(UNITS) if u not in att], rng.randint(1, 2))
        yield att, dfn, [rng.choice(sorted(CARDS)) for _ in range(rng.randint(1, 2))], \
            [rng.choice(sorted(CARDS)) for _ in range(rng.randint(1, 2))]


BOARDS = [
    (["Shipyard Skulker"], ["Mega-Mech", "Vanguard Sergeant"], ["Defy", "Stupefy"], ["Discipline", "Defy", "Stupefy"]),
    (["Playful Phantom"], ["Vanguard Sergeant"], ["Defy", "Wind Wall"], ["Discipline", "Defy"]),
    (["Vanguard Sergeant", "Shipyard Skulker"], ["Playful Phantom"], ["Punch First", "Defy"], ["Defy", "Wind Wall"]),
] + list(_boards(7, 6))


@pytest.mark.parametrize("att, dfn, hand_a, hand_d", BOARDS)
def test_values_agree_with_brute_force_with_counters_on_counters(att, dfn, hand_a, hand_d):
    report = _optimize(_doc(att, dfn, hand_a, hand_d))
    weight = int(re.search(r"a unit lost counts (\d+)", report.solution.scale).group(1))
    assert report.solution.value == Brute(att, dfn, {"attacker": hand_a, "defender": hand_d}, weight).value()
