"""The combat showdown from both hands, then the Combat Damage Step, as one two-player game on the
engine's state API (:mod:`pycombat.tree`). Player 0 is the Attacker, player 1 the Defender; there is
no chance: with both hands given it is a game of perfect information.

* The showdown begins with Focus on the Attacker (RB-SHOW-1). With the chain empty, the player with
  Focus plays an Action or Reaction card (or a unit card his rules let him play, RB-CARD-16) or passes,
  and passing on an empty chain passes Focus to the other player (CR 347.4); with a chain open (a
  Closed State) only Reaction cards (RB-SHOW-4). A spell or ability played opens or adds to the chain and its
  player, the controller of the newest item, keeps priority (CR 337.1.c.3): he may add more, or pass. A unit or
  gear card leaves the chain as it is finalized and enters at once (CR 337.1.c, 359.2): then the controller of
  the newest item left has priority, or, the chain empty, Focus passes to the other player (CR 337.1.c.1.a).
* Both players passing in turn on an open chain resolves its newest item only (CR 336, 340; a counter
  takes the card it counters off the chain as it resolves, RB-CARD-3; an item whose targets no longer
  fit has no effect, RB-CARD-11). If the chain is not empty, the controller of its newest item then has
  priority and both may add Reactions again (CR 337.1.c.3); when it empties, Focus passes to the other
  player (RB-SHOW-3, CR 337.1.c.1.a). Both passing in turn with the chain empty ends the showdown
  (RB-SHOW-3).
* A trigger a chain item's resolution fires whose choice is its player's and not stated (a Deathknell, RB-CARD-19;
  another trigger on an event, RB-CARD-10) is his decision as it goes on the chain, right after the item resolved
  (:class:`FiredState`): each option a trigger entry ``{trigger: UNIT, when: KIND, ...}`` the reader takes right after
  that item (:meth:`ShowdownGame.fired_choice`); none taken, it stays named NOT MODELLED.
* The Combat Damage Step follows on the board the showdown leaves: the Attacker's split, then the
  Defender's knowing it (RB-DMG-3), as :class:`~..damage.game.JointGame` (RB-MODEL-7 objectives).

The payoff is zero-sum: under the objective (RB-MODEL-7), the Attacker's score minus the Defender's,
each read over the whole combat (the units the other side lost in the showdown and in the damage step,
each with its Might as it died) on one scale for the whole game (:mod:`.score`: the weights come from
bounds read from the scenario up front, checked at every end position); or with ``conquer`` 1 when the
Attacker conquers the battlefield and 0 otherwise (the Defender plays to hold it, RB-RES-7).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Hashable, Iterator

from ..damage.game import JointGame, JointState, Objective
from ..model import SIDES, other
from ..cards.abilities import borrows
from .entries import (Entry, Lines, ability_choices, aim, candidates, counter_text, equipment_choices,
                      gear_choices, target_bound)
from .hands import HandCard
from .score import Scale, bounds, combat_losses, showdown_losses

PASS = "pass"
#: the kinds of card that are permanents: played, they leave the chain and enter at once (CR 337.1.c, 359.2)
PERMANENTS = frozenset({"unit", "gear"})
#: how a unit the showdown returned to its owner's hand left the battlefield (:mod:`..cards.interpreter`)
RETURNED = "returned to its owner's hand"
#: the Defender is player 1, the Attacker player 0
PLAYER = {"attacker": 0, "defender": 1}


class ShowdownGame:
    """The game's fixed parts: the scenario's lines (:class:`.entries.Lines`), the hands, the objective."""

    def __init__(self, lines: Lines, hands: dict[str, tuple[HandCard, ...]], objective: Objective,
                 conquer: bool = False, *, shared: "ShowdownGame | None" = None):
        self.lines, self.hands, self.objective, self.conquer = lines, hands, objective, conquer
        #: the weights every end position is scored with (:mod:`.score`): one for the whole game, shared by the
        #: games of its trigger choices (made larger, in place, when an end position breaks its bounds)
        self.scale: list[Scale] = shared.scale if shared is not None else [Scale(objective, bounds(lines.scenario,
                                                                                                 objective))]
        #: the trigger entries the search stated for this game (:class:`.triggers.Stated`; none for the file's own)
        self.triggers: tuple = ()
        #: the plays made on the chains of the triggers (the move triggers', then the combat triggers'), as their
        #: ``showdown:`` entries, in the order they resolved (.responses)
        self.responses: tuple[dict, ...] = ()
        self.fizzled: tuple[Entry, ...] = ()  #: those of them that resolved with no effect (RB-CARD-11)
        # a game of one set of combat trigger choices the search makes (.triggers) shares the tables of the file's
        # own, ``shared``: its lines number their positions alike (:class:`.entries.Lines`), and what is worked out
        # once a position (the legal plays, the board, the damage game) is the same whichever choices reached it
        self._joint: dict[Hashable, JointGame] = shared._joint if shared is not None else {}
        self._modes: dict[str, int] = shared._modes if shared is not None else {}
        self._ids: dict[Hashable, int] = shared._ids if shared is not None else {}  #: boards, numbered as first met
        #: a position's number -> its board's (:meth:`board_key`)
        self._boards: dict[int, int] = shared._boards if shared is not None else {}
        self._plays: dict[Hashable, list[Entry]] = shared._plays if shared is not None else {}
        #: (card, units) -> its target bound and Equipment choices
        self._shapes: dict[tuple, tuple] = shared._shapes if shared is not None else {}
        #: (card, by, names, Equipment or chain) -> the entries to try
        self._tried: dict[tuple, list[Entry]] = shared._tried if shared is not None else {}
        #: (position, chain, hand(s), mover) -> the legal actions
        self._actions: dict[tuple, list] = shared._actions if shared is not None else {}
        #: a hand holds a card that plays a unit from a hand: the legal actions depend on both hands
        self.reads_hands = any(h.plays_unit for side in SIDES for h in hands.get(side, ()))
        #: (side, name) -> the hand card of a card that went back to a hand during the showdown and was not in it
        #: as the game began (a unit returned to its owner's hand, RB-CARD-7; a card countered back, RB-CARD-3)
        self.returned: dict[tuple[str, str], HandCard] = shared.returned if shared is not None else {}
        #: ids of the states whose fired triggers' choices the search made (:meth:`fired_choice`): what such a state
        #: leaves unstated is weighed on the states its options reach
        self.searched_firings: set[int] = shared.searched_firings if shared is not None else set()

    def hand_card(self, side: str, name: str) -> HandCard:
        """The card ``name`` of ``side``'s hand: one the hand held as the game began, or one that came back to it."""
        for h in self.hands.get(side, ()):
            if h.name == name:
                return h
        return self.returned[(side, name)]

    def back_to_hands(self, hands: tuple[tuple[str, ...], tuple[str, ...]], before, after
                      ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The hands once a chain resolved from the state ``before`` to ``after``: each card countered back to its
        owner's hand (Abandon, RB-CARD-3), each gear returned to its owner's hand (Factory Recall, RB-CARD-22), and
        the card of each unit returned to its owner's hand (Gust, RB-CARD-7) that its player may play in a showdown
        ([Reaction], [Ambush]: RB-CARD-16, RB-SHOW-4), are in that hand again, where its player may play it again as
        one of the hand's cards (a Quick-Draw Equipment has Reaction, RB-SHOW-4). A card that cannot be played in a
        showdown (a Normal-speed gear) is in that hand but offers no play. A unit token ceases to exist (RB-CARD-15)
        and a custom unit has no card: neither comes back."""
        from ..cards import unitplay
        from ..cards.units import load_units

        p0, p1 = before.progress, after.progress
        back = list(p1.to_hand[len(p0.to_hand):])
        for name, side, how in p1.removed[len(p0.removed):]:
            u = p1.units.get(name)
            if how != RETURNED or u is None or u.card_id is None or getattr(u, "token", False):
                continue
            card = load_units().unit(u.card_id)
            if unitplay.ways(card):
                self.returned.setdefault((side, card.name), HandCard(card.name, "unit", "reaction"))
                back.append((side, card.name))
        if not back:
            return hands
        out = [list(hands[0]), list(hands[1])]
        for side, name in back:
            if not any(h.name == name for h in self.hands.get(side, ())) and (side, name) not in self.returned:
                self.returned[(side, name)] = self._came_back(side, name)
            if self.returned.get((side, name), True) is None:
                continue  # in that hand, but not a card a showdown lets him play (RB-SHOW-4): no play to offer
            out[PLAYER[side]].append(name)
        return tuple(sorted(out[0])), tuple(sorted(out[1]))

    def _came_back(self, side: str, name: str) -> HandCard | None:
        """The hand card of ``name``, back in ``side``'s hand during the showdown, read as a ``hand:`` card is (with a
        unit of his giving his Equipment [Quick-Draw], RB-CARD-9: whether it is in play as he plays the card is the
        one play check's); None when a showdown does not let him play it (RB-SHOW-4)."""
        from pycombat.errors import ScenarioError
        from ..cards.statics import gives_quick_draw
        from .hands import hand_card

        sc = self.lines.scenario
        giver = next((u.name for u in sc.attacker.units + sc.defender.units + tuple(sc.reserve)
                      if u.side == side and gives_quick_draw(u)), None)
        try:
            return hand_card(name, None, "hand", giver)
        except ScenarioError:
            return None

    def modes(self, name: str) -> int:
        """How many "Choose one" modes a spell or gear card has (0: none)."""
        if name not in self._modes:
            from ..cards.spells import load_cards

            card = load_cards().find(name) and load_cards().card(name)
            self._modes[name] = sum(1 for e in card.effects if e.get("mode_option")) if card else 0
        return self._modes[name]

    def showdown(self, resolved: tuple[Entry, ...]):
        """The state ``resolved`` reached (:class:`.entries.Reached`)."""
        out = self.lines.run(resolved)
        if isinstance(out, Exception):
            raise out
        return out

    def board_key(self, at) -> int:
        """The units at the battlefield (every number of each) in the state ``at`` when the showdown
        ends there, as a number (equal units, equal numbers). Worked out once a position: the board is
        read from what the position holds (:meth:`position`)."""
        if at.board is None:
            position = self.position(at)
            got = self._boards.get(position)
            if got is None:
                board = at.final_board
                # its units by number (equal units, equal numbers: :meth:`.entries.Lines.unit_number`; a unit played
                # from hand is the same unit whichever play of the line brought it, as in the positions' keys)
                number = self.lines.unit_number
                got = self._boards[position] = self._ids.setdefault(
                    ("board", tuple(map(number, board.attacker)), tuple(map(number, board.defender))), len(self._ids))
            at.board = got
        return at.board

    def position(self, at) -> int:
        """What the rest of the showdown depends on, as a number: the state the plays resolved reached
        (:meth:`..cards.showdown.Progress.key`: every unit, where each is, the turn's effects, the
        cards resolved). Two lines of play that reach the same state are one position."""
        return self.lines.state(at)

    def plays(self, resolved: tuple[Entry, ...], at, card: HandCard, by: str, names: list[str]) -> list[Entry]:
        """``card``'s legal plays by ``by`` on the position ``resolved`` leaves (``at``: the state it
        reached; not counters): the reader's check (:meth:`.entries.Lines.legal`), once a position."""
        key = (self.position(at), card.name, by)
        if key not in self._plays:
            shape = (card.name, len(names))
            if shape not in self._shapes:  # what the card's data allows: read once a card and board size
                self._shapes[shape] = target_bound(card.name, len(names)) + (equipment_choices(card.name),)
            most, ordered, ways = self._shapes[shape]
            own = gear_choices(card.name, by, at.progress)  # a card whose targets are gear names gear (RB-CARD-22)
            tried = (card.name, by, tuple(names), at.equipment, own)
            if tried not in self._tried:  # the entries to try: one object each, whatever the position
                self._tried[tried] = candidates(card, by, names, (), most, self.modes(card.name), at.equipment,
                                                ordered, ways, own)
            self._plays[key] = [e for e in self._tried[tried] if self.lines.legal(resolved, e, (), at)]
        return self._plays[key]

    def unit_plays(self, resolved: tuple[Entry, ...], at, card: HandCard, by: str,
                   units: tuple[str, ...]) -> list[Entry]:
        """The legal plays by ``by`` of ``card``, which plays a unit card from a hand (RB-CARD-16): none
        played (its "you may"), or one of ``units`` (the unit cards in that hand) to this battlefield or
        another: the reader's check (:meth:`.entries.Lines.legal`), once a position and those units."""
        key = (self.position(at), card.name, by, units)
        got = self._plays.get(key)
        if got is None:
            tried = [Entry(card.name, by, facedown=card.facedown)] + [
                Entry(card.name, by, (u,), to=to, facedown=card.facedown)
                for u in units for to in ("battlefield", "elsewhere")]
            got = self._plays[key] = [e for e in tried if self.lines.legal(resolved, e, (), at)]
        return got

    def ability_plays(self, resolved: tuple[Entry, ...], at, by: str, closed: bool) -> list[Entry]:
        """The activated abilities ``by``'s units in play may use now (RB-CARD-17): each unit whose card has one of
        [Action] speed on an empty chain, or [Reaction] speed (RB-SHOW-4), with each choice of targets (up to what its
        effects choose), destination and Equipment; the reader's check (:meth:`.entries.Lines.legal`: the unit in
        play, ready for an exhaust cost, once a turn), once a position. An ability whose cost does not limit it is
        used at most once in the game (its runes are not tracked; named by the search)."""
        key = (self.position(at), "ability", by, closed)
        got = self._plays.get(key)
        if got is None:
            got = []
            progress = at.progress
            names = at.names
            gear = [None] + list(dict.fromkeys(g for g, _ in at.equipment))
            in_play = progress.present + progress.base
            for n in in_play:
                u = progress.units[n]
                if u.side != by or u.card_id is None:
                    continue
                # its own ability, and (Heimerdinger, Inventor) each other friendly unit's exhaust ability it has
                owners = [(None, u.card_id)] + ([(m, progress.units[m].card_id) for m in in_play
                                                 if m != n and progress.units[m].side == by
                                                 and progress.units[m].card_id is not None] if borrows(u) else [])
                for of, card in owners:
                    shape = ability_choices(card, borrowed=of is not None)
                    if shape is None or closed and shape[0] != "reaction" or not shape[4] and progress.used.get(n):
                        continue
                    _, most, moves, attaches, _ = shape
                    targets = [()] + [t for k in range(1, min(most, len(names)) + 1)
                                      for t in itertools.permutations(names, k)]
                    tried = [Entry(n, by, t, to=to, attach=g, ability=True, of=of) for t in targets
                             for to in (("battlefield", "base", "elsewhere") if moves else (None,))
                             for g in (gear if attaches else (None,))]
                    got += [e for e in tried if self.lines.legal(resolved, e, (), at)]
            got += self._gear_ability_plays(resolved, at, by, closed)
            self._plays[key] = got
        return got

    def _gear_ability_plays(self, resolved: tuple[Entry, ...], at, by: str, closed: bool) -> list[Entry]:
        """RB-CARD-17: the uses of the [Action] ability of each gear ``by``'s ``gear:`` lists that is still in play
        (Divining Shells: "[Action] Kill this, exhaust: ..."; its "Kill this" takes it out of play as it resolves), at
        most once a copy listed, with each choice of targets the reader allows (:meth:`.entries.Lines.legal`)."""
        from ..cards.plays import gear_ability
        from ..cards.spells import load_cards

        loose = at.progress.loose.get(by, ())
        listed = self.lines.scenario.gear.get(by, ())
        out: list[Entry] = []
        for name in dict.fromkeys(loose):
            card = load_cards().card(name)
            used = sum(1 for e in resolved if e.in_play and e.by == by and e.card == name)
            if not gear_ability(card) or closed and card.speed != "reaction" \
                    or used >= listed.count(name):  # (each copy listed used at most once)
                continue
            most = target_bound(name, len(at.names))[0]
            targets = [()] + [t for k in range(1, min(most, len(at.names)) + 1)
                              for t in itertools.permutations(at.names, k)]
            out += [e for e in (Entry(name, by, t, in_play=True) for t in targets)
                    if self.lines.legal(resolved, e, (), at)]
        return out

    def counters(self, resolved: tuple[Entry, ...], at, card: HandCard, by: str, names: list[str],
                 chain: tuple[Entry, ...]) -> list[Entry]:
        """Counter ``card``'s legal plays by ``by`` on a card of ``chain`` (RB-CARD-3), on the position
        ``resolved`` leaves: the reader's check (:meth:`.entries.Lines.legal`), once a position and chain."""
        key = (self.position(at), card.name, by, chain)
        got = self._plays.get(key)
        if got is None:
            tried = (card.name, by, tuple(names), chain)
            if tried not in self._tried:
                self._tried[tried] = candidates(card, by, names, chain)
            got = self._plays[key] = [e for e in self._tried[tried] if self.lines.legal(resolved, e, chain, at)]
        return got

    def fired_choice(self, resolved: tuple[Entry, ...], kept: tuple[Entry, ...], before, at) -> "Fired | None":
        """The first trigger fired as ``kept`` (a chain item, with the trigger choices made so far) resolved after
        ``resolved`` (from the state ``before`` to ``at``) whose choice is its player's and not stated (RB-CARD-10,
        RB-CARD-19), with its options: each trigger entry (:func:`.triggers.entries`) the reader takes right after
        ``kept`` that states that firing; None when there is none, or no entry is taken (it stays named NOT
        MODELLED). Worked out once a line."""
        key = ("fired", id(self.lines), resolved, kept)  # (the tables are shared by the games of trigger choices)
        if key in self._plays:
            return self._plays[key]
        from pycombat.errors import ScenarioError
        from .trigger_entries import Awaiting, _sided, entries

        out = None
        done = len(before.progress.unmodelled)
        first = next((u for u in at.progress.unmodelled[done:] if u.fired is not None), None)
        if first is not None:
            side, unit, kind = first.fired
            a = Awaiting(side, unit, kind, tuple(first.fired_effects))
            names = list(dict.fromkeys(before.names + at.names))
            unstated = sum(u.fired == first.fired for u in at.progress.unmodelled[done:])
            options = []
            for entry in entries(a, _sided(a, names, at.progress.units), dict(self.lines.scenario.flags)):
                play = Entry.of_fired(side, entry)
                got = self.lines.run(resolved, kept + (play,), before)
                if not isinstance(got, ScenarioError) and sum(
                        u.fired == first.fired for u in got.progress.unmodelled[done:]) < unstated:
                    options.append((play, got))
            if options:
                out = Fired(a.chooser, unit, kind, tuple(options))
                self.searched_firings.add(id(at))
        self._plays[key] = out
        return out

    def lost(self, at) -> dict:
        """Side -> the units it lost in the showdown up to the state ``at`` (:func:`.score.showdown_losses`),
        worked out once a state."""
        got = at.lost
        if got is None:
            got = at.lost = showdown_losses(at.progress)
        return got

    def lost_key(self, at) -> Hashable:
        """What the value of the rest of the game reads of the showdown's losses so far (the units lost and the
        Might each had as it died; a state's :meth:`position` keeps only the names of units no longer in play)."""
        got = at.lost_key
        if got is None:  # worked out once a state (asked at every visit of every state of the search)
            lost = self.lost(at)
            got = at.lost_key = tuple(tuple((x.name, x.might) for x in lost[s]) for s in SIDES)
        return got

    def joint(self, at) -> JointGame:
        """The damage step's game on the board the state ``at`` leaves (one a board)."""
        key = self.board_key(at)
        if key not in self._joint:
            self._joint[key] = JointGame(at.final_board, self.objective)
        return self._joint[key]

    def new_initial_state(self) -> "ShowdownState":
        return ShowdownState(self, (), (), tuple(tuple(sorted(h.name for h in self.hands[s])) for s in SIDES),
                             "attacker", "attacker", 0, (), self.showdown(()))


@dataclass(frozen=True)
class ShowdownState:
    game: ShowdownGame = field(compare=False, hash=False, repr=False)
    resolved: tuple[Entry, ...]  #: the plays resolved so far, in the order they resolved
    chain: tuple[Entry, ...]  #: the open chain, first played first
    hands: tuple[tuple[str, ...], tuple[str, ...]]  #: the cards left in each hand (Attacker's, Defender's)
    focus: str  #: who holds Focus (RB-SHOW-1, RB-SHOW-3)
    mover: str  #: who acts now
    passes: int  #: passes in turn since the last play or resolution
    fizzled: tuple[Entry, ...] = ()  #: plays whose targets no longer fit as they resolved (RB-CARD-11)
    #: the state ``resolved`` reached (:class:`.entries.Reached`)
    at: Any = field(default=None, compare=False, hash=False, repr=False)
    #: for each item of ``chain``, the index in ``chain`` of the card it counters (RB-CARD-3: the newest card of
    #: the name it gives on the chain as it was played), or None; an item countered is None in ``chain`` until
    #: the items above it resolved (its place kept, so that these indexes stay)
    aims: tuple[int | None, ...] = ()

    @property
    def live(self) -> tuple[Entry, ...]:
        """The items on the chain, first played first (those countered off it left out)."""
        return tuple(e for e in self.chain if e is not None) if None in self.chain else self.chain

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return PLAYER[self.mover]

    def chance_outcomes(self):
        return []

    def _card(self, name: str) -> HandCard:
        return self.game.hand_card(self.mover, name)

    def legal_actions(self) -> list[Hashable]:
        """Pass, then every legal play of the mover (RB-SHOW-3, RB-SHOW-4), in hand order (worked out
        once a position, chain, mover and his hand)."""
        key = self._actions_key()
        got = self.game._actions.get(key)
        if got is None:
            got = self.game._actions[key] = list(self._listing())
        return list(got)

    def legal_actions_as_needed(self) -> Iterator[Hashable] | list[Hashable]:
        """:meth:`legal_actions` one at a time, each card's plays worked out only when the search comes to them
        (:func:`pycombat.tree.solve_zero_sum`: a play cut off is never read), remembered once all were asked; or a
        new list of them, when they were."""
        key = self._actions_key()
        got = self.game._actions.get(key)
        return list(got) if got is not None else self._listed(key)

    def _listed(self, key: tuple) -> Iterator[Hashable]:
        out = []
        for action in self._listing():
            out.append(action)
            yield action
        self.game._actions[key] = out

    def _actions_key(self) -> tuple:
        g = self.game
        # a card playing a unit from a hand (RB-CARD-16) reads both hands: the unit cards it may play
        return (g.position(self.at), self.live, self.hands if g.reads_hands else self.hands[PLAYER[self.mover]],
                self.mover)

    def _listing(self) -> Iterator[Hashable]:
        """Pass, then the mover's legal plays, card by card (each card's worked out as it is reached)."""
        g = self.game
        names = self._names()
        yield PASS
        for name in dict.fromkeys(self.hands[PLAYER[self.mover]]):
            card = self._card(name)
            if self.chain and card.speed != "reaction":  # a Closed State: Reaction only (RB-SHOW-4)
                continue
            if card.counter and not self.chain:
                continue
            if card.counter:
                yield from g.counters(self.resolved, self.at, card, self.mover, names, self.live)
            elif card.plays_unit:
                yield from g.unit_plays(self.resolved, self.at, card, self.mover, self._units_in(card))
            else:
                yield from g.plays(self.resolved, self.at, card, self.mover, names)
        yield from g.ability_plays(self.resolved, self.at, self.mover, bool(self.chain))

    def _units_in(self, card: HandCard) -> tuple[str, ...]:
        """The unit cards of the hand ``card`` plays a unit from (RB-CARD-16), each once."""
        side = PLAYER[self.mover] if card.plays_unit == "hand" else 1 - PLAYER[self.mover]
        by = SIDES[side]
        return tuple(dict.fromkeys(n for n in self.hands[side] if self.game.hand_card(by, n).kind == "unit"))

    def _names(self) -> list[str]:
        return self.at.names

    def child(self, action: Hashable):
        side = PLAYER[self.mover]
        if isinstance(action, str) and action == PASS:  # (a play is an Entry: not compared field by field)
            if self.passes + 1 < 2:
                # passing on an empty chain passes Focus to the other player (RB-SHOW-3, CR 347.4); on an open chain it
                # passes priority only
                focus = self.focus if self.chain else other(self.focus)
                return _state(self.game, self.resolved, self.chain, self.hands, focus, other(self.mover),
                              self.passes + 1, self.fizzled, self.at, self.aims)
            if not self.chain:  # both passed in turn with the chain empty: the showdown ends (RB-SHOW-3)
                joint = self.game.joint(self.at)
                # RB-DMG-1: with one side left with no unit at the battlefield there is no Combat Damage Step: the
                # game ends with the showdown, no split made
                inner = joint.new_initial_state() if joint.board.damage_step else JointState(joint, "end")
                return DamageState(self.game, self.resolved, self.fizzled, inner, self.at)
            return self._resolve_newest()
        if action.ability or action.in_play:  # an activated ability (a unit's, a gear's, RB-CARD-17): no card played
            hands = self.hands
        else:
            card = self._card(action.card)
            hands = played_from(self.hands, side, action.card)
            if card.plays_unit and action.targets:  # the unit card it plays leaves its hand (RB-CARD-16)
                hands = played_from(hands, side if card.plays_unit == "hand" else 1 - side, action.targets[0])
        # the card it counters (RB-CARD-3): the newest card on the chain of the name it gives, as Lines.legal reads it
        aimed = aim(self.chain, action) if action.counter else None
        # the player who added the newest item keeps priority (CR 337.1.c.3): he may add more before passing
        out = _state(self.game, self.resolved, self.chain + (action,), hands, self.focus, self.mover, 0,
                     self.fizzled, self.at, self.aims + (aimed,))
        if not (action.ability or action.in_play) and card.kind in PERMANENTS:
            # a unit or gear card leaves the chain as it is finalized and enters at once (CR 337.1.c, 359.2): no one
            # may answer it before it enters; then the controller of the newest item left has priority, or, the
            # chain empty, Focus passes (CR 337.1.c.1.a, 337.1.c.3)
            return out._resolve_newest()
        return out

    def _resolve_newest(self) -> "ShowdownState":
        """Both players passed in turn on an open chain: its newest item resolves, alone (RB-SHOW-3; CR 336, 340). A
        counter resolves with the card it counters, which leaves the chain (RB-CARD-3); a counter whose card left the
        chain before, and an item whose targets no longer fit, has no effect (RB-CARD-11). Then the controller of the
        newest item left has priority (CR 337.1.c.3), or, the chain empty, Focus passes to the other player
        (RB-SHOW-3, CR 337.1.c.1.a)."""
        g = self.game
        top, aimed = self.chain[-1], self.aims[-1]
        chain, aims = list(self.chain[:-1]), list(self.aims[:-1])
        if top.counter and (aimed is None or chain[aimed] is None):  # what it counters is no longer on the chain
            kept, fizzled, at = (), (top,), self.at
        else:
            kept, fizzled, at = g.lines.resolve_newest(self.resolved, ((chain[aimed],) if top.counter else ()) + (top,),
                                                       self.at)
            if top.counter and kept:
                chain[aimed] = None  # countered: off the chain (its place kept for the other counters' indexes)
        while chain and chain[-1] is None:
            chain.pop()
            aims.pop()
        if kept:  # RB-CARD-10, RB-CARD-19: a trigger its resolution fires whose choice is its player's, as it fires
            fired = g.fired_choice(self.resolved, kept, self.at, at)
            if fired is not None:
                return FiredState(self, tuple(chain), tuple(aims), kept, at, fired)
        return self._resolved(tuple(chain), tuple(aims), kept, fizzled, at)

    def _resolved(self, chain: tuple, aims: tuple, kept: tuple, fizzled: tuple, at) -> "ShowdownState":
        """The state once the chain's newest item resolved (``kept``: it, with the choices of the triggers it fired,
        reaching ``at``): the controller of the newest item left has priority (CR 337.1.c.3), or, the chain empty,
        Focus passes to the other player (RB-SHOW-3, CR 337.1.c.1.a)."""
        g = self.game
        hands = g.back_to_hands(self.hands, self.at, at) if kept else self.hands  # (RB-CARD-3, RB-CARD-7)
        if chain:
            focus, mover = self.focus, chain[-1].by
        else:
            focus = mover = other(self.focus)
        return _state(g, self.resolved + kept, chain, hands, focus, mover, 0, self.fizzled + fizzled, at, aims)

    def returns(self):
        raise ValueError("the showdown is never terminal: the damage step follows")

    def action_to_string(self, action: Hashable) -> str:
        if action == PASS:
            return f"{self.mover} passes"
        which = counter_text(action, self.chain) if action.counter else ""  # which card of that name (RB-CARD-3)
        if action.in_play:  # a gear's ability (RB-CARD-17)
            return f"{self.mover} uses {action.card}'s [Action] ability" + (
                f" on {', '.join(action.targets)}" if action.targets else "")
        return f"{self.mover} {'uses' if action.ability else 'plays'} {action.label()}{which}"

    def key(self) -> Hashable:
        return ("showdown", self.game.position(self.at), self.game.lost_key(self.at), self.chain, self.aims,
                self.hands, self.focus, self.mover, self.passes)

    def __str__(self) -> str:
        chain = f"chain: {', '.join(e.card for e in self.live)}" if self.chain else "chain empty"
        return f"{self.mover} to act ({self.focus} has Focus, {chain})"


@dataclass(frozen=True)
class Fired:
    """A trigger the resolution of a chain item fired whose choice its player makes as it goes on the chain
    (RB-CARD-10; a Deathknell, RB-CARD-19): who chooses, and each option with the state it reaches."""

    chooser: str
    unit: str
    kind: str
    options: tuple  #: ((the trigger entry as a play, the state the item and it reach), ...)


@dataclass(frozen=True)
class FiredState:
    """The choice of a trigger fired as the newest chain item resolved (:class:`Fired`): its player's decision, each
    option a trigger entry the reader takes right after that item (the one legality check); then the state that
    follows the resolution (:meth:`ShowdownState._resolved`), or the next such choice."""

    before: ShowdownState = field(repr=False)  #: the state whose chain's newest item resolved
    chain: tuple
    aims: tuple
    kept: tuple  #: the item resolved, with the trigger choices made so far
    at: Any = field(compare=False, hash=False, repr=False)  #: the state it reached
    fired: Fired = field(compare=False, hash=False, repr=False)

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return PLAYER[self.fired.chooser]

    def chance_outcomes(self):
        return []

    def legal_actions(self) -> list[Hashable]:
        return [e for e, _ in self.fired.options]

    def child(self, action: Hashable):
        at = next(r for e, r in self.fired.options if e == action)
        kept = self.kept + (action,)
        nxt = self.before.game.fired_choice(self.before.resolved, kept, self.before.at, at)
        if nxt is not None:
            return FiredState(self.before, self.chain, self.aims, kept, at, nxt)
        return self.before._resolved(self.chain, self.aims, kept, (), at)

    def returns(self):
        raise ValueError("a trigger's choice is never terminal: the showdown goes on")

    def action_to_string(self, action: Hashable) -> str:
        return f"{self.fired.chooser} states {action.label()}"

    def key(self) -> Hashable:
        return ("fired", self.before.key(), self.kept)

    def __str__(self) -> str:
        rule = "RB-CARD-19" if self.fired.kind == "dies" else "RB-CARD-10"
        return f"{self.fired.chooser} states {self.fired.unit}'s \"{self.fired.kind}\" trigger as it goes on the chain ({rule})"


def played_from(hands: tuple[tuple[str, ...], tuple[str, ...]], side: int, card: str):
    """The hands (the Attacker's, the Defender's) once ``card`` left player ``side``'s."""
    rest = list(hands[side])
    rest.remove(card)
    return (tuple(rest), hands[1]) if side == 0 else (hands[0], tuple(rest))


def _state(game, resolved, chain, hands, focus, mover, passes, fizzled, at, aims=()) -> ShowdownState:
    """``ShowdownState(...)`` made without the frozen dataclass's field-by-field ``__init__`` (a new
    state at every move of the search): the same fields, the same value."""
    out = _new(ShowdownState)
    _set(out, "__dict__", {"game": game, "resolved": resolved, "chain": chain, "hands": hands, "focus": focus,
                           "mover": mover, "passes": passes, "fizzled": fizzled, "at": at, "aims": aims})
    return out


_new, _set = object.__new__, object.__setattr__


@dataclass(frozen=True)
class DamageState:
    """The Combat Damage Step after the showdown ``resolved`` (RB-DMG-3), the joint game's state inside."""

    game: ShowdownGame = field(compare=False, hash=False, repr=False)
    resolved: tuple[Entry, ...]
    fizzled: tuple[Entry, ...]
    inner: JointState
    at: Any = field(default=None, compare=False, hash=False, repr=False)  #: the state the showdown ended in

    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return self.inner.current_player()

    def legal_actions(self):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return []

    def child(self, action: Hashable) -> "DamageState":
        return DamageState(self.game, self.resolved, self.fizzled, self.inner.child(action), self.at)

    def outcome(self) -> str:
        return self.inner.outcome()

    def returns(self) -> tuple[Fraction, Fraction]:
        if self.game.conquer:
            v = Fraction(1) if self.inner.outcome() == "conquer" else Fraction(0)
            return (v, -v)
        # the whole combat on the game's one scale (.score): the showdown's losses, then the damage step's
        g = self.game
        lost = combat_losses(g.lost(self.at), self.inner.game.board, self.inner.killed())
        v = g.scale[0].value(lost)
        return (v, -v)

    def action_to_string(self, action: Hashable) -> str:
        who = "attacker" if self.inner.stage == "attacker" else "defender"
        return f"{who} splits: {self.inner.action_to_string(action)}"

    def key(self) -> Hashable:
        return ("damage", self.game.board_key(self.at), self.game.lost_key(self.at), self.inner.key())

    def __str__(self) -> str:
        return str(self.inner)
