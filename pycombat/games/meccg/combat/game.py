"""MECCG company-vs-company combat as a two-player game, on the engine's state API.

Player 0 is the defender (the hazard player), player 1 the attacker. The game follows the
rules digest move by move:

* phase I (defender), phase II (attacker), phase III (defender): each phase is one decision,
  the set of pairs made in it; the legal sets come from the ASP traces (``trace.lp``,
  MECCG-ASSIGN-2..4), so the game never re-implements the assignment rules;
* the strike order (defender, MECCG-SEQ-1): which remaining strike is resolved next;
* in each strike, the attacker's steps 1-3 as one decision (cards from his ``hand:``, how many
  excess strikes to allocate, all of them on the last strike, and -3 not to tap;
  MECCG-SEQ-2/3/4), then the defender's steps 4-6 (-3, how many supporters tap, cards;
  MECCG-SEQ-5/6/7);
* chance: both 2d6 rolls and the body check, as the strike's aggregated outcomes
  (:func:`strike.strike_outcomes`, MECCG-SEQ-9/10, MECCG-BODY);
* once every strike is resolved, the strikes after the attack that a card played in it costs (Our Own
  Wolves: each Wolf ally still in play strikes its controller, MECCG-FX-32) as one more chance node
  (stage ``after``), from the state the strikes left the allies and their controllers in.

Excess strikes are interchangeable (each is -1) and so are supporters (each +1 and then tapped),
so a decision allocates *how many*, in the file's order: this loses no outcome and merges
states that differ only in names. Rewards are paid on the chance edges (the kill MPs a strike
scores), so states with the same future merge whatever happened before.

>>> from pycombat.api import read_scenario as load_scenario
>>> from pycombat.games.meccg.assignment.legal import example_path
>>> g = CvccGame(load_scenario(example_path("wind_throne.yaml")))
>>> s = g.new_initial_state()
>>> s.current_player(), len(s.legal_actions())   # the defender's phase-I choices
(0, 43)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations, product
from typing import Any, NamedTuple

from pycombat.errors import ScenarioError
from pycombat.tree import CHANCE, TERMINAL
from ..assignment.legal import LegalTraces
from ..cards import interpreter as cardfx, play
from ..cards.strike_effects import load_effects
from ..model import Member, Scenario, StrikeChoice
from . import before
from .strikes import (LEAVES_PLAY, Outcome, copy_key, StrikeSetup, after_costs, attack_cancel, build_side, discard_items, gone_members, ineffectual, leaves_play,
                      member_ctx, payer_sides, status_after, strike_outcomes, untapped_earlier, with_card_rolls, acting_copies)

def own_strike_items(reg, scenario: Scenario, m: Member) -> tuple:
    """The ids of the items ``m`` carries whose ability he may use for the strike he faces himself (MECCG-FX-17,
    MECCG-FX-22): one its bearer uses (``carrier: bearer``), and one a member uses for any character of his
    company (``carrier: company``: Healing Herbs heals a wounded bearer too) when ``m`` meets its terms on who
    uses it (Athelas: a Dúnadan). Its use for another character is not offered (cards/coverage.py names it)."""
    out = []
    for item in m.items:
        e = reg.effects.get(item.id)
        if e is None or e.play != "strike" or e.source != "item":
            continue
        if e.carrier == "bearer":
            out.append(e.id)
        elif e.carrier == "company":
            company = scenario.attacker if any(x.name == m.name for x in scenario.attacker.members) else scenario.defender
            if cardfx.holds(e.carrier_requires, cardfx.Ctx(me=m, company=company, scenario=scenario)) is None:
                out.append(e.id)
    return tuple(dict.fromkeys(out))


#: the two outcomes of a cancel played before strikes are assigned (MECCG-PRE-1, MECCG-FX-16)
CANCELLED, GOES_ON = "the attack is cancelled", "the attack goes on"

DEFENDER, ATTACKER = 0, 1
OBJECTIVES = ("kill_mp", "survive", "eliminations")


@dataclass(frozen=True)
class Objective:
    """What the players play for. Values are from the defender's side (player 0), except
    ``survive``, whose value is the probability that ``character`` survives: that he stays in play
    in his company to the end of the attack, neither eliminated (MECCG-BODY-1) nor discarded
    (MECCG-BODY-2, MECCG-FX-14/19/25), returned to hand (MECCG-BODY-3) or put off to the side
    (MECCG-FX-28); the meaning of ``verify``'s "X survives strike N"."""

    name: str = "kill_mp"
    character: str | None = None  #: for ``survive``
    owner: int | None = None  #: the player who controls ``character``

    def describe(self) -> str:
        return {"kill_mp": "kill-MP difference (defending player's MPs minus attacking player's; MECCG-BODY-5..9)",
                "eliminations": "eliminations (attacking members eliminated minus defending members eliminated)",
                "survive": f"the probability that {self.character} survives (stays in play: not eliminated, "
                           f"discarded, returned to hand or put off to the side)"}[self.name]


class AttackerStep(NamedTuple):
    """Steps 1-3 of a strike: cards, excess strikes allocated here, -3 not to tap."""

    cards: tuple[str, ...] = ()
    excess: int = 0
    untap: bool = False


class DefenderStep(NamedTuple):
    """Steps 4-6: -3 not to tap, supporters tapping, cards."""

    untap: bool = False
    support: int = 0
    cards: tuple[str, ...] = ()


class OutcomeClass(NamedTuple):
    """The outcomes of one strike that have the same effect on the game: the same reward (what
    the objective counts) and, under ``survive``, the same fate for the character. Chance
    branches on these classes: an exact aggregation (every member leads to the same position
    with the same payoff), like the 11 totals of 2d6 instead of 36 faces."""

    outcomes: tuple  #: ((Outcome, probability), ...) in the order strike_outcomes gives them
    paid: tuple  #: the reward of each member, per player
    kills: bool  #: the ``survive`` objective's character leaves play (:meth:`CvccGame._kills`)
    index: tuple  #: each member's position among all the strike's outcomes
    #: members besides the strike's two who left play in it (a failed check a card cost, MECCG-FX-25;
    #: a payer's body check, MECCG-FX-24): a strike of theirs still to come is not resolved
    gone: frozenset = frozenset()
    #: what the strike adds to the state the strikes after the attack start from (MECCG-FX-32): ``(gone,
    #: wounded, tapped)`` among the Wolf allies and their controllers; () when the game has none
    post: tuple = ()


class AfterClass(NamedTuple):
    """The ways the strikes after the attack go (MECCG-FX-32) that pay the same and, under ``survive``,
    decide the character's fate alike: one chance branch."""

    outcomes: tuple  #: ((results, probability), ...): a tuple of :class:`.after_attack.AfterResult` each
    paid: tuple  #: the reward, per player
    kills: bool  #: the ``survive`` objective's character leaves play
    strikes: tuple  #: the :class:`.after_attack.AfterStrike` s, in order


_FIELDS = ("stage", "p1", "p2", "remaining", "excess_left", "support_left", "hand_a", "hand_d", "current",
           "a_step", "d_step", "alive", "lasting", "struck", "post")


_SLOTS = ("game", "reward", "_key", "_legal", "_next", "_copies") + _FIELDS

#: the decision stages inside the strikes (MECCG-SEQ-1..7), each followed by the next
_STEPS = frozenset({"order", "attacker", "defender"})
#: who moves at each stage (MECCG-ASSIGN-2..4: phases I and III the defender's, II the attacker's;
#: MECCG-SEQ-1: the strike order the defender's; MECCG-SEQ-2..7: steps 1-3 the attacker's, 4-6 the
#: defender's; MECCG-SEQ-9/10: the rolls chance)
_TO_MOVE = {"cancel": CHANCE, "check": CHANCE, "phase1": DEFENDER, "phase2": ATTACKER, "phase3": DEFENDER,
            "order": DEFENDER, "attacker": ATTACKER, "defender": DEFENDER, "resolve": CHANCE, "after": CHANCE,
            "end": TERMINAL}


class CvccState:
    """One position of the combat (immutable; :meth:`child` returns a new one).

    ``stage`` is cancel | check | phase1 | phase2 | phase3 | order | attacker | defender | resolve | end
    (``cancel``: the chance a cancel played before strikes are assigned works; ``check``: a corruption
    check a card played then costs, the attack going on, MECCG-FX-31); ``p1``
    and ``p2`` are the pairs (attacker, defender) made in phases I and II; ``remaining`` the
    strikes not yet resolved; ``excess_left`` the excess strikes not yet allocated;
    ``support_left`` the defending members who may still tap to support; ``hand_a``/``hand_d``
    the cards left in hand; ``current``, ``a_step``, ``d_step`` the strike being resolved and
    the choices made in it; ``alive`` whether the ``survive`` objective's character still is;
    ``reward`` what the move into this state paid (per player). Plain slots, not a dataclass:
    the tree makes hundreds of thousands of these.
    """

    __slots__ = _SLOTS

    def __init__(self, game: "CvccGame", stage: str, p1: tuple = (), p2: tuple = (), remaining: tuple = (),
                 excess_left: tuple = (), support_left: tuple = (), hand_a: tuple = (), hand_d: tuple = (),
                 current: tuple | None = None, a_step: AttackerStep | None = None,
                 d_step: DefenderStep | None = None, alive: bool = True, reward: tuple = (0, 0),
                 lasting: tuple = (), struck: frozenset = frozenset(), post: tuple | None = None):
        self.game, self.stage, self.p1, self.p2, self.remaining = game, stage, p1, p2, remaining
        #: what cards played earlier still do: ``(role, card id, None)`` for a card that lasts the attack
        #: (MECCG-FX-8), ``(role, card id, member)`` for a member it untapped (Narya, MECCG-FX-1)
        self.lasting = lasting
        self.struck = struck  #: the defending members assigned a strike (MECCG-SEQ-6: they may not support)
        #: for the strikes after the attack (MECCG-FX-32), None when no card in hand can cost one: ``(gone,
        #: wounded, tapped, played)``, the Wolf allies and controllers out of play, wounded and tapped so far
        #: (frozensets of names) and the card ids played that cost such strikes
        self.post = post if post is not None else game.post0
        self.excess_left, self.support_left, self.hand_a, self.hand_d = excess_left, support_left, hand_a, hand_d
        self.current, self.a_step, self.d_step, self.alive, self.reward = current, a_step, d_step, alive, reward
        self._key = self._legal = self._next = self._copies = None

    def _with(self, **changes) -> "CvccState":
        new = self._copy()
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def _copy(self) -> "CvccState":
        """The same position, not yet keyed, having paid nothing."""
        new = CvccState.__new__(CvccState)
        new.game, new.reward, new._key, new._legal, new._next, new._copies = self.game, (0, 0), None, None, None, None
        new.stage, new.p1, new.p2, new.remaining = self.stage, self.p1, self.p2, self.remaining
        new.excess_left, new.support_left, new.hand_a, new.hand_d = (self.excess_left, self.support_left,
                                                                     self.hand_a, self.hand_d)
        new.current, new.a_step, new.d_step, new.alive = self.current, self.a_step, self.d_step, self.alive
        new.lasting, new.struck, new.post = self.lasting, self.struck, self.post
        return new

    def __eq__(self, other) -> bool:
        return isinstance(other, CvccState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"CvccState({self})"

    # -- the state API ---------------------------------------------------------------------
    def current_player(self) -> int:
        return _TO_MOVE[self.stage]

    def is_terminal(self) -> bool:
        return self.stage == "end"

    def key(self):
        if self._key is None:
            # Excess strikes (-1 each) and supporters (+1 each) are interchangeable: only how
            # many are left shapes the future, so the key counts them.
            # ``tag``: which company the assignment is made by after a check before it (MECCG-FX-31)
            # (by name when the strikes after the attack read who tapped to support, MECCG-FX-32)
            self._key = (self.stage, self.p1, self.p2, self.remaining, len(self.excess_left),
                         len(self.support_left) if self.post is None else self.support_left, self.hand_a, self.hand_d, self.current, self.a_step, self.d_step,
                         self.alive, self.lasting, self.struck, self.game.tag, self.post)
        return self._key

    def rewards(self) -> tuple:
        return self.reward

    def returns(self) -> tuple:
        obj = self.game.objective
        if obj.name != "survive":
            return (0, 0)
        v = 1 if self.alive else 0
        return (v, 1 - v) if obj.owner == DEFENDER else (1 - v, v)

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._legal_actions()
        return self._legal

    def _legal_actions(self) -> list:
        g = self.game
        if self.stage == "phase1":
            return sorted(g.phases)
        if self.stage == "phase2":
            return sorted(g.phases[self.p1])
        if self.stage == "phase3":
            return sorted(g.phases[self.p1][self.p2])
        if self.stage == "order":
            if g.prune and not (self.excess_left or self.support_left or self.hand_a or self.hand_d
                                or g.allies_linked(self.remaining)):
                # Nothing shared is left: the strikes are independent and the order changes no
                # outcome (see CvccGame.prune), so one canonical order stands for all of them.
                return [self.remaining[0]]
            return list(self.remaining)
        if self.stage == "attacker":
            return g.attacker_steps(self)
        if self.stage == "defender":
            return g.defender_steps(self)
        return []

    def chance_outcomes(self) -> list[tuple[OutcomeClass | Outcome | str, Fraction]]:
        if self.stage == "cancel":  # the cancel's chance, and the check its cost is (MECCG-FX-16/30)
            return [(o, q) for o, q, _out in self.game.cancel.branches()]
        if self.stage == "check":  # a check before strikes are assigned, the attack going on (MECCG-FX-31)
            return [(label, q) for label, q, _fate in self.game.pre.branches()]
        if self.stage == "after":  # the strikes after the attack (MECCG-FX-32)
            return self.game.after_outcome_items(self)
        return self.game.outcome_items(self)

    def child(self, action) -> "CvccState":
        if self.stage == "resolve":
            return self.game.after(self, action)
        if self.stage == "after":  # MECCG-FX-32: what they paid, and the end
            return self._with(stage="end", reward=action.paid, alive=self.alive and not action.kills)
        if self.stage == "check":
            return self.game.after_check(self, action)
        if self.stage == "cancel":
            if action == GOES_ON:
                return self._with(stage="check" if self.game.pre is not None else "phase1")
            o = self.game.cancel.outcome_of(action)  # cancelled: the check's fate and MP penalty (MECCG-FX-30)
            return self._with(stage="end", reward=self.game.reward(o), alive=self.alive and not self.game._kills(o))
        return self._child(action)._skip_forced()

    def _skip_forced(self) -> "CvccState":
        """A step in which the player to move has exactly one thing to do is no decision: take it
        (e.g. no excess strike, no supporter and no card left in a strike). ``self`` is a state just
        made, not keyed and held by no one yet, so it takes the steps in place (keeping its reward)."""
        while self.stage in _STEPS:
            only = self.legal_actions()
            if len(only) != 1:
                break
            self._step(only[0])
            self._legal = None
        return self

    def _step(self, action) -> None:
        """Take ``action`` at a step inside a strike, in place (on a state just made)."""
        stage = self.stage
        if stage == "order":  # MECCG-SEQ-1: the defender picks the strike resolved next
            self.stage, self.current = "attacker", action
        elif stage == "attacker":  # MECCG-SEQ-2/3/4
            self.stage, self.a_step = "defender", action
        else:  # MECCG-SEQ-5/6/7
            self.stage, self.d_step = "resolve", action

    def _child(self, action) -> "CvccState":
        if self.stage in _STEPS:  # the common case, inside the strikes
            new = self._copy()
            new._step(action)
            return new
        g = self.game
        if self.stage == "phase1":
            return self._with(stage="phase2", p1=action)
        if self.stage == "phase2":
            return self._with(stage="phase3", p2=action)
        if self.stage == "phase3":
            pairs, excess = action
            everything = tuple(sorted(self.p1 + self.p2 + pairs))
            struck = {d for _, d in everything}
            support = tuple(m.name for m in g.scenario.defender.members
                            if m.status == "untapped" and m.name not in struck)
            if g.post_ctrl:  # MECCG-FX-32: a controller facing a strike after the attack supports last (see prune)
                support = tuple(sorted(support, key=lambda n: n in g.post_ctrl))
            nxt = self._with(stage="order", p1=(), p2=(), remaining=everything, excess_left=excess,
                          support_left=support, hand_a=g.hand_a, hand_d=g.hand_d, struck=frozenset(struck))
            return nxt if everything else nxt._with(stage="end")
        raise ValueError(f"no action at a terminal state: {self}")

    def action_to_string(self, action) -> str:
        if self.stage == "resolve":  # the common case: a strike outcome, labelled once (see CvccGame)
            got = self.game._labels.get(id(action))
            if got is not None and got[0] is action:
                return got[1]
        return self.game.action_to_string(self, action)

    def __str__(self) -> str:
        if self.stage == "cancel":
            return f"{self.game.cancel.card} played before strikes are assigned"
        if self.stage == "check":
            pre = self.game.pre
            what = "wound rolls" if pre.who is None else f"{pre.who}'s corruption check"  # MECCG-FX-31
            return f"{pre.card} played before strikes are assigned: {what}"
        if self.stage in ("phase1", "phase2", "phase3"):
            made = ", ".join(f"{a}->{d}" for a, d in self.p1 + self.p2)
            by = f" ({self.game.tag})" if self.game.tag and self.game.tag != "the company" else ""  # MECCG-FX-31
            return f"{self.stage.replace('phase', 'phase ')}{by}" + (f" after {made}" if made else "")
        if self.stage == "end":
            return "end of the attack"
        if self.stage == "after":
            return "the strikes after the attack (MECCG-FX-32)"
        left = len(self.remaining)
        if self.current is None:
            return f"{left} strike{'s' if left != 1 else ''} to resolve"
        names = self.game._names  # (a tree has many states of each strike and step: each words made once)
        got = names.get((self.current, self.stage))
        if got is None:
            a, d = self.current
            got = names[(self.current, self.stage)] = f"strike {a} -> {d} ({self.stage})"
        return got


def _now(s: CvccState) -> tuple[tuple[str, str], ...]:
    """Each member's status as it stands at ``s`` where cards played earlier in the attack changed it, in
    the order they were played: a payer tapped (MECCG-FX-24), a supporter tapped (MECCG-SEQ-6, kept when a
    cost may need him), a member a card untapped (MECCG-FX-1). What the
    play check and -3 read (MECCG-SEQ-1), as replay's :func:`..combat.strikes.setup_strikes` does."""
    if not s.lasting:
        return ()
    now: dict[str, str] = {}
    members = s.game.members
    for r, _c, who in s.lasting:
        if who is None or who not in members or r == ONCE:
            continue
        if r in (PAID, STRUCK, SUPPORTED):
            if now.get(who, members[who].status) != "wounded":
                now[who] = "tapped"
        elif now.get(who, members[who].status) == "tapped":
            now[who] = "untapped"
    return tuple(sorted((n, st) for n, st in now.items() if st != members[n].status))


def _tapped_earlier(s: CvccState) -> frozenset:
    """The members who cannot tap to pay a card's cost at ``s`` (MECCG-FX-24), as replay's
    :func:`..combat.strikes.setup_strikes` reads them: those tapped as the attack stands (a cost paid, an
    earlier strike of their own resolved, a tap to support an earlier strike: :func:`_now`; not one a card
    untapped since) and the defenders whose strike is gone before it was resolved. A defender whose strike is
    still to come may pay: he then faces it tapped (MECCG-SEQ-9)."""
    pending = {n for p in s.remaining for n in p} | set(s.current or ())
    out = {n for n, st in _now(s) if st != "untapped"}
    out |= set(s.struck) - pending  # resolved, or gone before their strike (no longer in ``remaining``)
    return frozenset(out)


def _untapped_earlier(s: CvccState, name: str) -> bool:
    """A card played earlier in the attack untapped ``name`` (Narya, MECCG-FX-1)."""
    return bool(s.lasting) and any(who == name for r, _c, who in s.lasting
                                   if r not in (PAID, STRUCK, SUPPORTED, ONCE))


#: a ``lasting`` entry ``(ONCE, card, role)``: ``role``'s player played ``card``, which cannot be duplicated
#: against a given attack (card_effects.yaml ``no_duplicate``) and acts on no later strike (MECCG-FX-8)
ONCE = "once"


def _played_once(s: CvccState, role: str) -> set[str]:
    """The cards ``role``'s player played earlier in this attack that cannot be duplicated against it
    (MECCG-FX-8): in :attr:`CvccState.lasting` as a card acting on later strikes, or as :data:`ONCE`."""
    eff = s.game.reg.effects
    return {c for r, c, who in s.lasting if (r == role and who is None or r == ONCE and who == role)
            and c in eff and eff[c].no_duplicate}


def _hand_now(s: CvccState, role: str, hand: tuple) -> tuple:
    """``hand`` without the cards its player may not play again in this attack (MECCG-FX-8: "cannot be
    duplicated against a given attack"), as the play check refuses them (:func:`..cards.play.check`)."""
    done = _played_once(s, role) if hand and s.lasting else ()
    return tuple(c for c in hand if c not in done) if done else hand


#: a ``lasting`` entry ``(PAID, card, member)``: the member tapped to pay a card's cost (MECCG-FX-24)
PAID = "paid"
#: a ``lasting`` entry ``(STRUCK, "", member)``: the member's own strike is resolved, so he is tapped or wounded
#: (that one who took -3 and won is untapped is not assumed); kept only when a card in hand reads another
#: member's status (Scourge of Fire: The Balrog untapped, MECCG-SEQ-1)
STRUCK = "struck"
#: a ``lasting`` entry ``(SUPPORTED, "", member)``: the member tapped to support a strike (MECCG-SEQ-6); kept only
#: when a card in hand has a cost another member taps to pay (MECCG-FX-24), who must be untapped
SUPPORTED = "supported"
#: no member left play besides a strike's two (the key of :meth:`CvccGame.after` when none did)
_NOBODY: frozenset = frozenset()


class CvccGame:
    """The combat of a scenario as a game; ``objective`` picks what the players play for.

    ``prune`` (the default) leaves out two kinds of moves that cannot change the value of any
    objective offered here, which makes the tree many times smaller:

    * taking -3 not to tap (MECCG-SEQ-4/5): after its strike a member neither strikes again nor
      supports, so staying untapped changes no later outcome, while -3 lowers its own odds: the
      move is never better than not taking it;
    * the strike order once nothing shared is left (no excess strike to allocate, no supporter,
      no card in hand, no ally whose controlling character faces another strike left: he may take it
      out of play with him, MECCG-BODY-4): the strikes are then independent, and any order gives the
      same value;
    * supporting with fewer than every supporter left on the last strike (MECCG-SEQ-6): each
      supporter adds +1 to the defender's prowess (MECCG-SEQ-6) and nothing comes after, and a
      higher defender total never makes a strike's result worse for the defender under any
      objective offered here (fail beats tie beats success for him).

    With strikes after the attack that a card in hand may cost (MECCG-FX-32), a strike against a Wolf ally
    or its controller is not pruned (how it ends shapes the strike after the attack: a player may want the
    ally to lose, or the controller untapped), and a controller is the last to support (tapped, he fares
    worse in that strike; supporters are otherwise interchangeable, so the defender loses nothing).

    ``prune=False`` keeps every move; the tests check that both give the same value.
    ``group_outcomes`` (the default) makes chance branch on :class:`OutcomeClass` es rather than
    on each distinct strike outcome; ``group_outcomes=False`` is the reference the tests compare to.
    """

    def __init__(self, scenario: Scenario, objective: Objective | None = None, *, prune: bool = True,
                 group_outcomes: bool = True, tag: str | None = None):
        self.scenario = scenario
        #: None, or (in a game made after a check before strikes are assigned) the company the check left,
        #: in words: the check is made, not rolled again (MECCG-FX-31)
        self.tag = tag
        self.group_outcomes = group_outcomes
        self.objective = objective or Objective()
        self.prune = prune
        if self.objective.name == "survive":
            name = self.objective.character
            owner = next((r for r, c in ((DEFENDER, scenario.defender), (ATTACKER, scenario.attacker))
                          for m in c.members if m.name == name), None)
            if owner is None:
                raise ScenarioError(f"--character: {name!r} is not a member of either company")
            self.objective = replace(self.objective, owner=owner)
        #: the controlling character of the ``survive`` objective's character when he is an ally discarded if
        #: his controller is wounded (MECCG-FX-19), else None
        self.survivor_controller = next((m.ally_of for m in scenario.attacker.members + scenario.defender.members
                                         if self.objective.name == "survive" and m.name == self.objective.character
                                         and m.discarded_with_controller and m.ally_of), None)
        self.reg = load_effects()
        self.members = {m.name: m for m in scenario.attacker.members + scenario.defender.members}
        self.hand_a = tuple(sorted(scenario.attacker.hand))
        self.hand_d = tuple(sorted(scenario.defender.hand))
        # a card in hand whose terms read another member's status (Scourge of Fire: The Balrog untapped), or
        # whose cost taps another member (No Waiting to Wonder, MECCG-FX-24): the members whose strike is
        # resolved are tracked as tapped (:data:`STRUCK`); for a cost, the supporters too (:data:`SUPPORTED`)
        self.track_payers = any(play.cost_taps(c) for c in self.hand_a + self.hand_d)
        self.track_struck = self.track_payers or any("untapped_member" in self.reg.effects[c].requires
                                                     for c in self.hand_a + self.hand_d if c in self.reg.effects)
        self._phase_tree: dict | None = None  # built on first use (the ASP traces; see phases)
        self._outcomes: dict = {}
        self._outcome_items: dict = {}  # the outcome key -> the items of its outcomes (see outcome_items)
        self._after_items: dict = {}  # ``post`` -> the items of the strikes after the attack's branches
        self._steps: dict = {}  # (side, the state's relevant part) -> the legal steps
        self._cards: dict = {}  # (hand, member) -> playable card sets
        self._usable_cache: dict = {}  # (card, member, opponent) -> the play check's answer
        # a card its player can never play here is refused, not left unplayed (the check every verb makes);
        # after a check before strikes are assigned (MECCG-FX-31) a card its maker was needed for is just
        # never playable
        if tag is None:
            play.refuse_hands(scenario)
        self._after: dict = {}  # the fields of a position after a strike -> that position
        self._labels: dict = {}  # id(strike outcome) -> (that outcome, its label)
        self._step_labels: dict = {}  # (id(step), the names its label reads) -> (that step, its label)
        self._names: dict = {}  # (strike, stage) -> the words of a state resolving that strike
        # a cancel played before strikes are assigned: chance first (made already in a game after a check
        # before the assignment, MECCG-FX-31, whose scenario is already without the item its cost discarded)
        self.cancel = attack_cancel(scenario) if tag is None else None
        # the strikes are fought without an item that cancel's cost discarded (MECCG-FX-27)
        self.scenario = after_costs(scenario) if tag is None else scenario
        self.members = {m.name: m for m in self.scenario.attacker.members + self.scenario.defender.members}
        # a check a card played before strikes are assigned costs, the attack going on: chance before
        # the assignment, each outcome followed by the assignment of the company it leaves (MECCG-FX-31)
        self.pre = before.pre_check(scenario) if tag is None else None
        self._post_setup()
        self._games: dict = {}  # the company the check leaves, in words -> its game (discarded or eliminated: one)

    def after_check(self, s: CvccState, label: str) -> CvccState:
        """The position after outcome ``label`` of the check before strikes are assigned (MECCG-FX-31):
        the assignment by the company it leaves, in a game of its own (paying the eliminated maker's
        MP penalty on this edge, MECCG-BODY-7/9); the end when nobody is left to strike or the
        ``survive`` objective's character is the maker who left."""
        pre = self.pre
        fate = next(f for lab, _q, f in pre.branches() if lab == label)
        storm = isinstance(pre, before.StormNode)  # wound rolls (MECCG-FX-31): the companies as they stand
        if storm:
            gone = pre.outcome(fate)
        else:
            gone = Outcome("check", pre.who, fate, 0, 0, pre.penalty if fate == "eliminated" else 0, 0) \
                if fate != "passes" else None
        paid = self.reward(gone) if gone is not None else (0, 0)
        obj = self.objective
        after = pre.scenario_after(self.scenario, fate)
        out = {n for n, _f in gone.also} if storm and gone is not None else {pre.who}
        if gone is not None and (obj.name == "survive" and obj.character in out
                                 or not after.defender.members or not after.attacker.members):
            return s._with(stage="end", reward=paid, alive=s.alive and not self._kills(gone))
        if storm:
            left = pre.company_words(fate)
        else:
            left = "the company" if gone is None else f"the company without {pre.who}"  # discarded or eliminated alike
        game = self._games.get(left)
        if game is None:
            game = self._games[left] = CvccGame(after, obj, prune=self.prune, group_outcomes=self.group_outcomes,
                                                tag=left)
        nxt = game.new_initial_state()
        nxt.reward, nxt.alive = paid, s.alive
        return nxt

    def release(self) -> None:
        """Forget the positions remembered after strikes. Each refers back to the game (a reference
        cycle), so without this they wait for the cycle collector, which takes far longer over the
        tens of thousands a large tree remembers (about 0.2 s of ``tree wind_throne``, at exit)
        than reference counting does once the cycle is broken. The game still works afterwards."""
        self._after.clear()

    def allies_linked(self, remaining: tuple) -> bool:
        """An ally in one of the ``remaining`` strikes whose controlling character is in another: if he leaves
        play first, it leaves with him and its strike is not resolved (MECCG-BODY-4), so the order matters."""
        names = {n for pair in remaining for n in pair}
        return any(m.ally_of in names and m.name in names
                   and not any(m.name in pair and m.ally_of in pair for pair in remaining)
                   for m in self.scenario.attacker.members + self.scenario.defender.members if m.ally_of)

    def new_initial_state(self) -> CvccState:
        if self.cancel is not None and self.cancel.chance > 0:
            return CvccState(self, "cancel")
        return CvccState(self, "check" if self.pre is not None else "phase1")

    def num_players(self) -> int:
        return 2

    # -- assignment (from the ASP traces) -------------------------------------------------------
    @property
    def phases(self) -> dict:
        """The assignment phases from the ASP traces, enumerated on first use (the strike-by-strike
        solver of :mod:`.matching` never needs them)."""
        if self._phase_tree is None:
            self._phase_tree = self._phases()
        return self._phase_tree

    def _phases(self) -> dict:
        """phase-I set -> phase-II set -> {(phase-III set, excess)}, from the legal traces."""
        tree: dict = {}
        for t in LegalTraces(self.scenario):
            by_phase: dict[int, list] = {1: [], 2: [], 3: []}
            for a, d, p in t.steps:
                by_phase[p].append((a, d))
            p1, p2, p3 = (tuple(sorted(by_phase[i])) for i in (1, 2, 3))
            tree.setdefault(p1, {}).setdefault(p2, set()).add((p3, t.excess))
        return tree

    # -- decisions inside a strike -----------------------------------------------------------
    def _role(self, m: Member) -> str:
        return "attacker" if any(x.name == m.name for x in self.scenario.attacker.members) else "defender"

    def _usable(self, card: str, m: Member, opponent: str | None = None, now: tuple = (),
                cancelled: str | None = None) -> bool:
        """Whether ``card`` from the hand may be played for ``m`` facing ``opponent`` (the one play check),
        with the members' status as it stands (``now``, :func:`_now`) and ``cancelled`` the card that
        cancelled this strike at step 1, if any."""
        key = (card, m.name, opponent, now, cancelled)
        got = self._usable_cache.get(key)
        if got is None and opponent is not None and any(f.what == "discard_opponent_item" for f in self.reg.effects[card].fx) \
                and len(self.members[opponent].items) > 1:
            # which of several items it discards is a choice the game does not offer (named in optimize's
            # unmodelled, coverage.unoffered); with one item there is nothing to choose (MECCG-FX-26)
            got = self._usable_cache[key] = False
        if got is None:
            role = self._role(m)
            got = self._usable_cache[key] = play.check(
                self.scenario, [play.Play(card, role, 1 if role == "attacker" else 6, facing=m.name,
                                          opponent=opponent)], now=dict(now), cancelled=cancelled).legal
        return got

    def _card_sets(self, hand: tuple, m: Member, opponent: str | None = None, now: tuple = (),
                   cancelled: str | None = None) -> list[tuple]:
        """Sets of distinct hand cards playable together for ``m`` facing ``opponent`` at one step
        (``cancelled``: the card that cancelled the strike at step 1, see :meth:`_usable`)."""
        got = self._cards.get((hand, m.name, opponent, now, cancelled))
        if got is None:
            got = self._cards[hand, m.name, opponent, now, cancelled] = self._card_sets_of(hand, m, opponent, now,
                                                                                         cancelled)
        return got

    def _own_items(self, m: Member) -> tuple:
        """The abilities of items ``m`` carries that he may use for the strike he faces (MECCG-FX-17,
        MECCG-FX-22): his player's decision like a card from the hand. Each is his alone and he faces
        one strike, so using one there spends nothing another strike could use."""
        return own_strike_items(self.reg, self.scenario, m)

    def _card_sets_of(self, hand: tuple, m: Member, opponent: str | None = None, now: tuple = (),
                      cancelled: str | None = None) -> list[tuple]:
        pool = tuple(dict.fromkeys(hand + self._own_items(m)))
        first = {c for c in pool if self._usable(c, m, opponent, now, cancelled)}
        # cards at one step act in the order played (MECCG-SEQ-1): one that untaps or heals him (Cram) played
        # first lets a card that needs him so follow it (Magic Ring of Stealth), as replay takes them in order
        mine = dict(now).get(m.name, m.status)
        changers = {c for c in first if status_after(mine, [self.reg.effects[c]]) != mine}
        after: dict[str, set] = {}
        for c in changers:
            st = status_after(mine, [self.reg.effects[c]])
            later = tuple(sorted({**dict(now), m.name: st}.items()))
            for x in pool:
                if x not in first and self._usable(x, m, opponent, later, cancelled):
                    after.setdefault(x, set()).add(c)
        usable = sorted(first | set(after))
        clashes: set[frozenset] = set()
        if len(usable) > 1:  # each card is playable alone: the rules that bar cards together are pairwise
            role = self._role(m)
            together = play.check(self.scenario, [play.Play(c, role, 1 if role == "attacker" else 6, facing=m.name,
                                                            opponent=opponent) for c in usable], now=dict(now),
                                  cancelled=cancelled)
            clashes = {frozenset(p) for p in together.clashes()}
        out = []
        for k in range(len(usable) + 1):
            for combo in combinations(usable, k):
                if any(x in after and not after[x] & set(combo) for x in combo):
                    continue  # it needs a card that changes his status played before it, and none is
                if not any(pair <= set(combo) for pair in clashes):
                    out.append(combo)
        return out + self._with_copies(out, hand, first, m, opponent, now, cancelled)

    def _with_copies(self, sets: list[tuple], hand: tuple, first: set, m: Member, opponent: str | None,
                     now: tuple, cancelled: str | None = None) -> list[tuple]:
        """The card sets of :meth:`_card_sets_of` with more copies of a card the hand holds several of, played
        together at one step (each copy acts, and makes its own roll or check, MECCG-FX-16/22/25): for each card
        two copies of which pass the one play check together (not one that "cannot be duplicated", MECCG-FX-8)."""
        role = self._role(m)
        spare = {}
        for c in sorted(set(hand) & first):
            n = hand.count(c)
            if n > 1 and play.check(self.scenario, [play.Play(c, role, 1 if role == "attacker" else 6, facing=m.name,
                                                              opponent=opponent)] * 2, now=dict(now),
                                    cancelled=cancelled).legal:
                spare[c] = n - 1
        out = []
        for combo in sets:
            dup = [c for c in combo if c in spare]
            for ks in product(*(range(spare[c] + 1) for c in dup)):
                if any(ks):
                    out.append(tuple(sorted(combo + tuple(c for c, k in zip(dup, ks) for _ in range(k)))))
        return out

    def attacker_steps(self, s: CvccState) -> list[AttackerStep]:
        k = ("a", s.current, len(s.remaining) == 1, len(s.excess_left), _hand_now(s, "attacker", s.hand_a),
             _untapped_earlier(s, s.current[0]), self._payer_state(s), _now(s))
        got = self._steps.get(k)
        if got is None:
            got = self._steps[k] = self._attacker_steps(s)
        return got

    def defender_steps(self, s: CvccState) -> list[DefenderStep]:
        k = ("d", s.current, len(s.support_left), _hand_now(s, "defender", s.hand_d), len(s.remaining) == 1,
             _untapped_earlier(s, s.current[1]),
             self._payer_state(s), _now(s), s.support_left if s.post is not None else (),  # who supports (MECCG-FX-32)
             self._cancelled_by(s))
        got = self._steps.get(k)
        if got is None:
            got = self._steps[k] = self._defender_steps(s)
        return got

    def _attacker_steps(self, s: CvccState) -> list[AttackerStep]:
        a, _d = s.current
        m = self.members[a]
        last = len(s.remaining) == 1
        n = len(s.excess_left)
        excess_options = [n] if last else range(n + 1)  # MECCG-SEQ-3: all the rest on the last strike
        out = []
        now = _now(s)
        for cards in self._card_sets(_hand_now(s, "attacker", s.hand_a), m, _d, now):
            # -3 at step 3: untapped as he stands after the cards of step 1 (MECCG-SEQ-1, MECCG-SEQ-4, MECCG-FX-1)
            at3 = status_after(dict(now).get(m.name, m.status), [self.reg.effects[c] for c in cards])
            untaps = ((False, True) if at3 == "untapped"
                      and (not self.prune or self._reaches_post(s)) else (False,))  # MECCG-SEQ-4, MECCG-FX-1
            if not self._payable(s, "attacker", cards, ()):
                continue
            for k in excess_options:
                for u in untaps:
                    out.append(AttackerStep(cards, k, u))
        return out

    def _payer_state(self, s: CvccState) -> tuple:
        """What decides who can pay a card's tap cost (MECCG-FX-24): () when no card in hand has one."""
        if not self.track_payers or not any(play.cost_taps(c) for c in s.hand_a + s.hand_d):
            return ()  # (the hands only shrink: none in the first hands, none ever)
        return (_tapped_earlier(s), s.support_left)

    def _payable(self, s: CvccState, role: str, cards: tuple, supporters: tuple) -> bool:
        """Every card in ``cards`` whose cost taps another member has someone to pay it (MECCG-FX-24):
        not tapped earlier in the attack (see :func:`_tapped_earlier`), not in this strike, not supporting it."""
        busy = set(_tapped_earlier(s)) | set(s.current) | set(supporters)
        me = s.current[0] if role == "attacker" else s.current[1]
        for c in cards:
            if play.cost_taps(c):
                who = play.default_payer(play.at_moment(self.scenario, _now(s)), role, c, me, busy)
                if who is None:
                    return False
                busy.add(who)
        return True

    def _cancelled_by(self, s: CvccState) -> str | None:
        """The card the attacker played at step 1 of the current strike that cancels it, if any: the
        defender may not cancel it again at step 6 (the play check, MECCG-SEQ-7/12)."""
        cards = s.a_step.cards if s.a_step is not None else ()
        return play.cancelling(cards) if cards else None

    def _defender_steps(self, s: CvccState) -> list[DefenderStep]:
        _a, d = s.current
        m = self.members[d]
        out = []
        now = _now(s)
        cancelled = self._cancelled_by(s)
        # -3 at step 4: untapped as he stands then; a card of step 6 comes after it (MECCG-SEQ-1, MECCG-SEQ-5)
        at4 = dict(now).get(m.name, m.status)
        for cards in self._card_sets(_hand_now(s, "defender", s.hand_d), m, _a, now, cancelled):
            untaps = ((False, True) if at4 == "untapped"
                      and (not self.prune or self._reaches_post(s)) else (False,))  # MECCG-SEQ-5, MECCG-FX-1
            for u in untaps:
                n = len(s.support_left)
                # MECCG-SEQ-6: any number of supporters; on the last strike all of them (see prune)
                # (not when a supporter could pay a card's cost instead, MECCG-FX-24)
                whole = (self.prune and len(s.remaining) == 1 and not self._payer_state(s)
                         and not self._reaches_post(s) and not set(s.support_left) & self.post_ctrl)
                for k in ([n] if whole else range(n + 1)):
                    if self._payable(s, "defender", cards, s.support_left[:k]):
                        out.append(DefenderStep(u, k, cards))
        return out

    # -- chance ---------------------------------------------------------------------------------
    def setup(self, s: CvccState) -> StrikeSetup:
        a, d = s.current
        sa, sd = s.a_step, s.d_step
        excess = s.excess_left[:sa.excess]
        support = s.support_left[:sd.support]
        choice = StrikeChoice(defender=d, attacker=a, attacker_cards=sa.cards, excess=excess,
                              attacker_untapped=sa.untap, defender_untapped=sd.untap, support=support,
                              defender_cards=sd.cards)
        a_cards = tuple(self.reg.effects[c] for c in sa.cards)
        d_cards = tuple(self.reg.effects[c] for c in sd.cards)
        a_m, d_m = self.members[a], self.members[d]
        paid_earlier = {who for r, _c, who in s.lasting if r == PAID}
        # a member who tapped to pay a card's cost earlier in the attack is tapped now (MECCG-FX-24)
        a_m, d_m = (replace(m, status="tapped") if m.name in paid_earlier and m.status == "untapped" else m
                    for m in (a_m, d_m))
        paid = self._paid_copies(s)
        # the cards played earlier that last the attack, for the member whose requirements they meet (MECCG-FX-8)
        a_last = tuple(self.reg.effects[c] for r, c, who in s.lasting if r == "attacker" and who is None
                       and cardfx.holds(self.reg.effects[c].requires, member_ctx(self.scenario, "attacker", a_m)) is None)
        d_last = tuple(self.reg.effects[c] for r, c, who in s.lasting if r == "defender" and who is None
                       and cardfx.holds(self.reg.effects[c].requires, member_ctx(self.scenario, "defender", d_m)) is None)
        untapped = {who: self.reg.effects[c] for r, c, who in s.lasting if who is not None and r not in (PAID, STRUCK, SUPPORTED, ONCE)}
        a_last += untapped_earlier(untapped, a_m)
        d_last += untapped_earlier(untapped, d_m)

        def make(failed, a_m=a_m, d_m=d_m):
            a_m, d_m, dropped = discard_items(self.scenario, choice, a_m, d_m, a_cards, d_cards, failed)
            a_side = build_side(self.scenario, choice, "attacker", a_m, d_m, (), (), a_cards, d_cards, a_last, d_last,
                                failed=failed)
            d_side = build_side(self.scenario, choice, "defender", d_m, a_m, excess, support, d_cards, a_cards,
                                d_last, a_last, failed=failed)
            cancel = next((c for c in acting_copies(d_cards, "defender", failed) + acting_copies(a_cards, "attacker", failed)
                           if c.cancel_strike), None)
            return StrikeSetup(index=0, choice=choice, attacker=a_side, defender=d_side, cancelled_by=cancel,
                               supporters=support, forced_excess=(),
                               ineffectual_by=ineffectual(self.scenario, d_cards, a_cards, failed),
                               payer_checks=payer_sides(self.scenario, choice, paid,
                                                        (("attacker", a_m, d_m, a_cards),
                                                         ("defender", d_m, a_m, d_cards)), failed),
                               items_discarded=dropped)

        return with_card_rolls(make(frozenset()), a_cards + d_cards, make, self.scenario)

    def _paid_copies(self, s: CvccState) -> dict[str, str]:
        """Each copy's key (:func:`..combat.strikes.copy_key`) -> the member who tapped to pay its cost: each
        copy of a card has its own payer (MECCG-FX-24), as :func:`..combat.strikes.setup_strikes` records them."""
        return {copy_key(role, c, n): who for role, c, n, who in self._payer_rows(s)}

    def _payers(self, s: CvccState) -> tuple:
        """``(card id, member)`` for each card played in the strike at ``s`` whose cost taps another
        member: the first who can, in company order (MECCG-FX-24; its player's choice in a file's
        ``payers:``): not struck, not paid earlier, not facing this strike; each copy its own."""
        return tuple((c, who) for _role, c, _n, who in self._payer_rows(s))

    def _payer_rows(self, s: CvccState) -> tuple:
        """``(role, card id, copy number, member)`` of :meth:`_payers`."""
        if not (s.a_step.cards or s.d_step.cards):
            return ()
        busy = set(_tapped_earlier(s)) | set(s.current) \
            | set(s.support_left[:s.d_step.support])  # this strike's supporters tapped at step 5
        out = []
        for role, step, me in (("attacker", s.a_step, s.current[0]), ("defender", s.d_step, s.current[1])):
            seen: dict[str, int] = {}
            for c in step.cards:
                seen[c] = seen.get(c, 0) + 1
                if play.cost_taps(c):
                    who = play.default_payer(play.at_moment(self.scenario, _now(s)), role, c, me, busy)
                    if who is not None:
                        busy.add(who)
                        out.append((role, c, seen[c], who))
        return tuple(out)

    def outcomes(self, s: CvccState) -> dict:
        """The strike's chance outcomes with their exact probabilities (MECCG-SEQ-9/10, MECCG-BODY):
        :class:`OutcomeClass` es, or each :class:`~.strikes.Outcome` without ``group_outcomes``."""
        # Excess strikes and supporters are interchangeable (-1 and +1 each; see the state key), so
        # the steps' counts say all the distribution depends on, with the cards that last (MECCG-FX-8).
        key = self._outcome_key(s)
        got = self._outcomes.get(key)
        if got is None:
            setup = self.setup(s)
            dist = dict(strike_outcomes(setup, self.scenario).items())
            post = {o: self._delta(s, setup, o) for o in dist} if self.post0 is not None else {}
            self._deltas[key] = post
            if self.group_outcomes:
                classes: dict = {}
                for i, (o, p) in enumerate(dist.items()):
                    classes.setdefault((self.reward(o), self._kills(o), gone_members(o), post.get(o, ())),
                                       []).append((o, p, i))
                dist = {OutcomeClass(tuple((o, p) for o, p, _ in ms), paid, kills, tuple(i for *_, i in ms), gone,
                                     delta):
                        sum((p for _, p, _ in ms), Fraction(0)) for (paid, kills, gone, delta), ms in classes.items()}
            got = self._outcomes[key] = dist
        return got

    def outcome_items(self, s: CvccState) -> tuple:
        """:meth:`outcomes` as ``((outcome, probability), ...)``, one tuple for every strike with the same
        outcomes (a tree's chance states share it)."""
        key = self._outcome_key(s)
        got = self._outcome_items.get(key)
        if got is None:
            got = self._outcome_items[key] = tuple(self.outcomes(s).items())
        return got

    def after_outcome_items(self, s: CvccState) -> tuple:
        """:meth:`after_outcomes` as ``((branch, probability), ...)``, one tuple per ``s.post``."""
        got = self._after_items.get(s.post)
        if got is None:
            got = self._after_items[s.post] = tuple(self.after_outcomes(s).items())
        return got

    def _outcome_key(self, s: CvccState) -> tuple:
        """What a strike's outcomes depend on; with strikes after the attack (MECCG-FX-32) also who
        supports and who pays a card's cost in it, whom they leave tapped."""
        key = (s.current, s.a_step, s.d_step, s.lasting)
        if self.post0 is not None:
            key += (s.support_left[:s.d_step.support], self._payers(s))
        return key

    # -- the strikes after the attack (MECCG-FX-32) -------------------------------------------------
    def _post_setup(self) -> None:
        """The Wolf allies whose strike after the attack a card in the defender's hand can cost, and their
        controllers (MECCG-FX-32): the state tracks how the strikes leave them (``post``); none: no tracking."""
        from . import after_attack

        self.post_cards = frozenset(c for c in self.hand_d if self.reg.effects.get(c) is not None
                                    and self.reg.effects[c].after_attack_strike)
        strikes = after_attack.strikes_of(self.scenario, [self.reg.effects[c] for c in self.post_cards])
        self.post_names = frozenset(n for a in strikes for n in (a.ally, a.controller))
        self.post_ctrl = frozenset(a.controller for a in strikes)
        self._deltas: dict = {}  # the outcome key -> {strike outcome: what it adds to ``post``}
        self._after_dists: dict = {}  # ``post`` -> the strikes after the attack's chance branches
        d = self.scenario.defender
        self.post0 = None if not strikes else (
            frozenset(), frozenset(m.name for m in d.members if m.status == "wounded" and m.name in self.post_names),
            frozenset(m.name for m in d.members if m.status == "tapped" and m.name in self.post_names), frozenset())

    def _reaches_post(self, s: CvccState) -> bool:
        """The strike at ``s`` is against a Wolf ally or its controller whose strike after the attack a card
        in hand can cost (MECCG-FX-32): whether they stay in play, wounded or tapped shapes that strike, so
        neither player's -3 nor the defender's support is pruned there (see :class:`CvccGame`)."""
        return s.post is not None and s.current[1] in self.post_names

    def _delta(self, s: CvccState, setup: StrikeSetup, o: Outcome) -> tuple:
        """What strike outcome ``o`` adds to ``post``: ``(gone, wounded, tapped)`` among the tracked members."""
        from .after_attack import strike_delta

        return tuple(x & self.post_names for x in strike_delta(setup, o, self._payers(s)))

    def _post_after(self, s: CvccState, o) -> tuple | None:
        """``s.post`` once the strike at ``s`` went as ``o`` (an outcome or its class)."""
        if s.post is None:
            return None
        delta = o.post if type(o) is OutcomeClass else self._deltas[self._outcome_key(s)][o]
        gone, wounded, tapped, played = s.post
        played = played | frozenset(c for c in s.d_step.cards if c in self.post_cards)
        return gone | delta[0], wounded | delta[1], tapped | delta[2], played

    def _after_due(self, post: tuple | None) -> bool:
        """Some strike after the attack is to be made: a card that costs one was played, and an ally of it
        and his controller are still in play (MECCG-FX-32)."""
        if post is None or not post[3]:
            return False
        from .after_attack import strikes_of

        return any(a.ally not in post[0] and a.controller not in post[0]
                   for a in strikes_of(self.scenario, [self.reg.effects[c] for c in sorted(post[3])]))

    def after_outcomes(self, s: CvccState) -> dict:
        """The chance branches of the strikes after the attack from ``s.post`` (MECCG-FX-32): each way
        they go, exactly (:func:`.after_attack.joint`), grouped by what it pays (and, under ``survive``,
        whether the character is eliminated) unless ``group_outcomes`` is off."""
        got = self._after_dists.get(s.post)
        if got is not None:
            return got
        from .after_attack import joint, strikes_of

        gone, wounded, tapped, played = s.post
        strikes = tuple(strikes_of(self.scenario, [self.reg.effects[c] for c in sorted(played)]))
        classes: dict = {}
        for i, (results, p) in enumerate(joint(self.scenario, list(strikes), (gone, wounded, tapped)).items()):
            paid, kills = self._after_reward(strikes, results)
            classes.setdefault((paid, kills) if self.group_outcomes else i, []).append((results, p, paid, kills))
        got = self._after_dists[s.post] = {
            AfterClass(tuple((r, p) for r, p, _pd, _k in ms), ms[0][2], ms[0][3], strikes):
            sum((p for _r, p, _pd, _k in ms), Fraction(0)) for ms in classes.values()}
        return got

    def _after_reward(self, strikes: tuple, results: tuple) -> tuple[tuple, bool]:
        """``(reward, kills)`` of one way the strikes after the attack went: the attacking player scores the
        kill MPs of a controller eliminated (MECCG-BODY-5), his owner loses his penalty (MECCG-BODY-7/9)."""
        name = self.objective.name
        out = [a.controller for a, r in zip(strikes, results) if r.fate == "eliminated"]
        kills = name == "survive" and any(a.controller == self.objective.character and r.fate in LEAVES_PLAY
                                          for a, r in zip(strikes, results))
        if name == "kill_mp":
            v = -sum(r.kill_mp + r.penalty for r in results)
        elif name == "eliminations":  # every controller is a defending member
            v = -len(out)
        else:
            v = 0
        return (v, -v), kills

    @staticmethod
    def after_label(action: AfterClass) -> str:
        """The words of one chance branch of the strikes after the attack."""
        words = {"none": "no strike", "fails": "fails", "tie": "ineffectual", "succeeds": "wounded"}

        def one(results) -> str:
            return ", ".join(f"{a.ally}'s strike on {a.controller}: "
                             + (f"wounded, {r.fate}" if r.fate and r.fate != "survives" else words[r.result])
                             for a, r in zip(action.strikes, results))
        return "after the attack: " + " or ".join(one(r) for r, _p in action.outcomes)

    def _kills(self, o: Outcome) -> bool:
        """The ``survive`` objective's character leaves play in outcome ``o`` (:func:`.strikes.leaves_play`:
        eliminated, discarded, returned to hand or put off to the side), or, an ally discarded if his
        controlling character is wounded, his controller loses the strike (MECCG-FX-19)."""
        obj = self.objective
        if obj.name != "survive":
            return False
        if leaves_play(o, obj.character):
            return True
        return self.survivor_controller is not None and o.loser == self.survivor_controller and \
            o.result != "cancelled"

    def after(self, s: CvccState, o: Outcome) -> CvccState:
        """The state after outcome ``o`` of the strike at ``s``, with the single-move steps that
        follow already taken (see :meth:`CvccState.child`). Every outcome of one strike leads to
        the same next position except for what it paid (and, under ``survive``, whether the
        character lives), so that position is computed once per strike state and copied."""
        if type(o) is OutcomeClass:
            paid, alive, gone = o.paid, s.alive and not o.kills, o.gone
        else:
            paid, alive, gone = self.reward(o), s.alive and not self._kills(o), gone_members(o)
        # a member who left play in this strike besides its two characters faces no strike of his own
        # later, nor supports one: those strikes are not resolved (MECCG-FX-24/25)
        if gone:
            gone = frozenset(n for n in gone if any(n in p for p in s.remaining if p != s.current)
                             or n in s.support_left) or _NOBODY
        else:
            gone = _NOBODY
        # the state the strikes after the attack start from (MECCG-FX-32)
        post = None if s.post is None else self._post_after(s, o)
        nxt = s._next
        if nxt is None:
            nxt = s._next = {}  # by (alive, gone, post): the position reached (the same for every such outcome)
        # (whether the character lives alone when nobody else left play and no strike follows the attack)
        got = alive if gone is _NOBODY and post is None else (alive, gone, post)
        template = nxt.get(got)
        if template is None:
            current = s.current
            remaining = tuple([p for p in s.remaining if p != current and not (gone and gone.intersection(p))])
            hand_a, hand_d = s.hand_a, s.hand_d
            if s.a_step.cards or s.d_step.cards:
                hand_a, hand_d = list(hand_a), list(hand_d)
                for c in s.a_step.cards:  # an item's ability is not in the hand (see _own_items)
                    if c in hand_a:
                        hand_a.remove(c)
                for c in s.d_step.cards:
                    if c in hand_d:
                        hand_d.remove(c)
                hand_a, hand_d = tuple(hand_a), tuple(hand_d)
            played = s.a_step.cards or s.d_step.cards
            lasting = s.lasting
            if played:  # (no card played in the strike: none lasts, untaps or costs anything)
                lasting += tuple((role, c, None) for role, step in (("attacker", s.a_step), ("defender", s.d_step))
                                 for c in step.cards if self.reg.effects[c].lasts_for_company)
                # a card its player may not play again in this attack that no entry above keeps (MECCG-FX-8)
                lasting += tuple((ONCE, c, role) for role, step in (("attacker", s.a_step), ("defender", s.d_step))
                                 for c in step.cards if self.reg.effects[c].no_duplicate
                                 and not self.reg.effects[c].lasts_for_company)
            support_left = s.support_left[s.d_step.support:]
            if gone:
                support_left = tuple(x for x in support_left if x not in gone)
            others = self._untaps_others(s) if played else ()
            if others:
                lasting += others
            if self.track_struck:  # both tapped or wounded now (MECCG-SEQ-10), for a card reading their status
                lasting += tuple((STRUCK, "", who) for who in s.current if who not in gone)
            if self.track_payers:  # the supporters tapped at step 5 (MECCG-SEQ-6): none of them pays a cost later
                lasting += tuple((SUPPORTED, "", who) for who in s.support_left[:s.d_step.support])
            payers = self._payers(s) if played else ()
            if payers:
                lasting += tuple((PAID, c, who) for c, who in payers)
                tapped = {who for _c, who in payers}
                support_left = tuple(x for x in support_left if x not in tapped)
            # a defending member untapped who faces no strike may support a later strike (MECCG-SEQ-6)
            if others:
                support_left += tuple(who for role, _c, who in others if role == "defender" and who not in s.struck
                                      and who not in support_left)
            fields = (remaining, s.excess_left[s.a_step.excess:], support_left, hand_a, hand_d,
                      alive, lasting, s.struck, post)
            template = self._after.get(fields)  # many strikes lead to one position: build it once
            if template is None:
                stage = "order" if remaining else "after" if self._after_due(post) else "end"
                template = CvccState(self, stage, remaining=remaining,
                                     excess_left=fields[1], support_left=fields[2], hand_a=hand_a, hand_d=hand_d,
                                     alive=alive, lasting=lasting, struck=s.struck, post=post)._skip_forced()
                template.key()
                template.legal_actions()
                template._copies = {}  # paid -> the state reached with that reward (states are immutable: shared)
                self._after[fields] = template
            nxt[got] = template
        if paid == (0, 0):
            return template  # it paid nothing: the position itself (states are immutable, so shared)
        new = template._copies.get(paid)
        if new is None:
            t = template
            new = CvccState.__new__(CvccState)
            new.game, new.reward, new._key, new._legal, new._next = self, paid, t._key, t._legal, None
            new._copies = None
            new.stage, new.p1, new.p2, new.remaining, new.excess_left = t.stage, t.p1, t.p2, t.remaining, t.excess_left
            new.support_left, new.hand_a, new.hand_d, new.current = t.support_left, t.hand_a, t.hand_d, t.current
            new.a_step, new.d_step, new.alive, new.lasting, new.struck = t.a_step, t.d_step, t.alive, t.lasting, t.struck
            new.post = t.post
            template._copies[paid] = new
        return new

    def _untaps_others(self, s: CvccState) -> tuple:
        """``(role, card id, member)`` for each member the cards played in the strike at ``s`` untap
        besides the one they were played for (Narya: every unwounded character of the company,
        MECCG-FX-1); a card whose player chooses whom (Waybread) is no hand card, so never here."""
        out = []
        before = {who for r, _c, who in s.lasting if who is not None and r not in (PAID, STRUCK, SUPPORTED, ONCE)}
        for role, step, me in (("attacker", s.a_step, s.current[0]), ("defender", s.d_step, s.current[1])):
            for c in step.cards:
                for f in self.reg.effects[c].fx:
                    if f.what != "untap_others":
                        continue
                    for m in self.scenario.company(role).members:
                        if (m.name != me and m.status == "tapped" and m.name not in before
                                and cardfx.holds(f.cond, member_ctx(self.scenario, role, m)) is None):
                            out.append((role, c, m.name))
        return tuple(out)

    def reward(self, o: Outcome) -> tuple:
        name = self.objective.name
        if name == "kill_mp":  # MECCG-BODY-5..9: net MPs, the defending player's minus the attacking player's
            v = (o.kill_mp_defender_player - o.penalty_defender_player) - (o.kill_mp_attacker_player
                                                                          - o.penalty_attacker_player)
            return (v, -v)
        if name == "eliminations":  # the loser's, and a payer's body check (MECCG-FX-24)
            attackers = {m.name for m in self.scenario.attacker.members}
            out = [n for n, f in ((o.loser, o.fate), *o.also) if f == "eliminated"]
            v = sum(1 if n in attackers else -1 for n in out)
            return (v, -v)
        return (0, 0)

    # -- labels -----------------------------------------------------------------------------------
    def action_to_string(self, s: CvccState, action: Any) -> str:
        if s.stage == "cancel":
            return f"{self.cancel.card}: {action}"
        if s.stage == "check":
            return f"{self.pre.card}: {action}"
        if s.stage == "after":  # MECCG-FX-32
            return self.after_label(action)
        if s.stage in ("phase1", "phase2"):
            return ", ".join(f"{d} takes {a}'s strike" for a, d in action) or "no pairs"
        if s.stage == "phase3":
            pairs, excess = action
            text = ", ".join(f"{d} takes {a}'s strike" for a, d in pairs) or "no pairs"
            return text + (f"; excess: {', '.join(excess)}" if excess else "")
        if s.stage == "order":
            a, d = action
            return f"{d} faces {a}'s strike next"
        if s.stage in ("attacker", "defender"):
            # the steps of a strike are made once (see attacker_steps): labelled once each, by identity (with the
            # names the label reads), the step kept alive with its label
            k = (id(action), s.current, s.excess_left[:action.excess] if s.stage == "attacker"
                 else s.support_left[:action.support])
            got = self._step_labels.get(k)
            if got is not None and got[0] is action:
                return got[1]
            label = self._step_label(s, action)
            self._step_labels[k] = (action, label)
            return label
        if s.stage == "resolve":
            # a strike's outcomes are made once (see outcomes) and labelled once: by identity, the
            # outcome kept alive with its label (hashing an outcome would cost more than the label)
            got = self._labels.get(id(action))
            if got is not None and got[0] is action:
                return got[1]
            if type(action) is OutcomeClass:
                label = " or ".join(self.outcome_label(o) for o, _ in action.outcomes)
            else:
                label = self.outcome_label(action)
            self._labels[id(action)] = (action, label)
            return label
        return str(action)

    def _step_label(self, s: CvccState, action: Any) -> str:
        """The words of an attacker's or defender's step ``action`` at ``s``."""
        if s.stage == "attacker":
            parts = [f"plays {', '.join(self.reg.effects[c].name for c in action.cards)}"] if action.cards else []
            if action.excess:
                parts.append(f"allocates {', '.join(s.excess_left[:action.excess])}'s excess strike"
                             + ("s" if action.excess > 1 else ""))
            if action.untap:
                parts.append(f"{s.current[0]} takes -3 not to tap")
            return "; ".join(parts) or "nothing"
        if s.stage == "defender":
            parts = [f"{s.current[1]} takes -3 not to tap"] if action.untap else []
            if action.support:
                parts.append(f"{', '.join(s.support_left[:action.support])} support{'s' if action.support == 1 else ''}")
            if action.cards:
                parts.append(f"plays {', '.join(self.reg.effects[c].name for c in action.cards)}")
            return "; ".join(parts) or "nothing"
        return str(action)

    @staticmethod
    def outcome_label(o: Outcome) -> str:
        if o.result == "cancelled":
            return "cancelled"
        if o.result == "tie":
            return "ineffectual"
        also = "".join(f", {n} {f}" for n, f in o.also)  # a payer's body check (MECCG-FX-24)
        if o.loser is None:  # an item kept the loser unwounded: no body check (MECCG-FX-17)
            return f"{o.result}: nobody wounded (MECCG-FX-17){also}"
        fate = "put off to the side" if o.aside else o.fate if o.fate != "survives" else "wounded"
        return f"{o.result}: {o.loser} {fate}{also}"
