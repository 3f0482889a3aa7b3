"""One Combat round with real Combat cards, exactly (WOTR-ROUND-1, WOTR-CARD, WOTR-HIT, WOTR-CAS).

:func:`card_round` plays the first round of a battle in which each side may play one Combat card
named in the data (:mod:`.catalog`). It is one interpreter of the effect records: each
effect *kind* has one handler, applied at its step of the round and, within a step, in Initiative
order (lower first, the defender's first on a tie, WOTR-CARD-4). The steps:

0. play: requirements (WOTR-CARD-5), cancels of the opponent's card (initiative 0 first), costs
   (forfeited Leadership does not count this round), Words of Power, Scouts;
1. before the Combat roll: the cards' own attack rolls (removed at once, WOTR-CARD-6) and
   Relentless Assault's self-hits;
2. the Combat roll (dice caps and reductions, modifiers, Confusion's natural 1s);
3. before the Leader re-roll: Mighty Attack / Andúril turn missed dice into hits;
4. the Leader re-roll: min(Leadership, 5, misses) dice (WOTR-STR-5, WOTR-HIT-6), unless cancelled;
5. after the re-roll: bonus hits and eliminations (Fateful Strike, Black Breath, Blade of Westernesse);
6. before casualties: Shield-wall, Heroic Death;
7. casualties, the attacker first (WOTR-CAS-2), by the casualty policy;
8. after casualties: We Come to Kill, Onslaught, Great Host (removed at once);
9. the end of the round (cease / retreat) is left to the battle (:mod:`.battle`).

The result is an exact distribution (:class:`fractions.Fraction`) over :class:`RoundEnd`: the units
and pools after the round, the figures each side lost to card effects, and an early end (a side
eliminated, Scouts). Choices a card leaves open are fixed by :class:`Choices` (defaults in
``card_flags.md``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Mapping

from pycombat.dice import binomial
from ..battle.dice import hit_chance, naturals_decide
from pycombat.errors import ScenarioError
from pycombat.in_force import in_force, removed, removed_rules
from ..battle.casualties import hit_points, unit_count
from ..characters import load_characters
from .catalog import COMBAT_ABILITIES, CombatCard
from ..battle.strength import MAX_DICE, SideProfile

ROLES = ("attacker", "defender")
#: the Combat card effects whose number of self-hits the card's text leaves to its player (WOTR-CARDX-2), and when
#: the text makes that choice: Relentless Assault's, Onslaught's (cards.json ``max_self_hits``)
SELF_HIT_EFFECTS = {
    "self_hits_for_roll_modifier": "after both Combat cards are revealed, before the Combat roll",
    "self_hits_for_extra_attack": "after the casualties of the Combat roll and the Leader re-roll",
}


def other(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


# ---- the battle as the cards see it ------------------------------------------------------------------
@dataclass(frozen=True)
class CardContext:
    """What card requirements and effects look at, besides the units."""

    sides: Mapping[str, str]  #: role -> free_peoples | shadow
    profiles: Mapping[str, SideProfile]
    nation_ids: Mapping[str, tuple[str, ...]]  #: role -> Nations in unit order
    region_id: str
    region_nation: str | None
    region_nation_side: str | None
    settlement: str | None
    kind: str  #: field | siege | sortie
    base_hit: Mapping[str, int]  #: role -> hit number of round 1 (WOTR-HIT-1, WOTR-SITE-1, WOTR-SIEGE-2)
    can_retreat: bool = False
    siege_retreat: bool = False
    fellowship_region: str | None = None
    dice_reduction_target: str = "dice"
    flags: Mapping[str, str] = field(default_factory=dict)  #: the card flags (card_flags.md)
    #: sides that may play no Combat card this round: (why, rule) (WOTR-EVT-9/10)
    banned: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def flag(self, name: str, default: str) -> str:
        return self.flags.get(name, default)

    def role_of(self, side: str) -> str:
        return next(r for r in ROLES if self.sides[r] == side)


@dataclass(frozen=True)
class Choices:
    """Choices a card leaves to its player (None: the default of ``card_flags.md``)."""

    self_hits: int | None = None  #: Relentless Assault, Onslaught
    forfeit: int | None = None  #: Dread and Despair: Nazgûl Leadership points forfeited
    sacrifice: str | None = None  #: Heroic Death: leader | companion | none


def nazgul_leadership(prof: SideProfile) -> int:
    """Nazgûl Leadership: each Nazgûl 1, the Witch-king 2 (WOTR-STR-10), none if cancelled (WOTR-STR-11)."""
    if prof.nazgul_cancelled:
        return 0
    chars = load_characters().characters
    return prof.nazgul + sum(chars[c].leadership for c in prof.characters if chars[c].counts_as_nazgul)


def companions(prof: SideProfile) -> list:
    chars = load_characters().characters
    return [chars[c] for c in prof.characters if chars[c].kind == "companion"]


def minions(prof: SideProfile) -> list:
    chars = load_characters().characters
    return [chars[c] for c in prof.characters if chars[c].kind == "minion"]


def counted_leadership(prof: SideProfile, cid: str) -> int:
    """The Leadership character ``cid`` adds in this battle (0 if forfeited or cancelled, WOTR-STR-11)."""
    c = load_characters().characters[cid]
    if (c.counts_as_nazgul and prof.nazgul_cancelled) or (c.white_rider and prof.forfeited):
        return 0
    return c.leadership


def forfeitable(prof: SideProfile, used: tuple = ()) -> list:
    """The Companions in the battle whose Leadership a card's cost may still forfeit: not cancelled or
    forfeited earlier this round (``used``), nor for the whole battle (the White Rider's, WOTR-STR-11).
    Leadership already cancelled or forfeited cannot be forfeited (WOTR-CARD-5, WOTR-CARDX-4)."""
    return [c for c in companions(prof) if c.id not in used and counted_leadership(prof, c.id) > 0]


def forfeit_gone_why(prof: SideProfile, used: tuple = ()) -> list[tuple[str, str]]:
    """``(id, why)`` for each Companion in the battle whose Leadership cannot be forfeited (WOTR-CARDX-4)."""
    out = []
    for c in companions(prof):
        if c.id in used:
            out.append((c.id, f"{c.name}: Leadership already cancelled or forfeited this round"))
        elif counted_leadership(prof, c.id) == 0:
            out.append((c.id, f"{c.name}: Leadership forfeited for the White Rider for the whole battle (WOTR-STR-11)"))
    return out


# ---- requirements (WOTR-CARD-5) ----------------------------------------------------------------------
def _units_of(ctx: CardContext, role: str, units, nation: str | None = None) -> tuple[int, int]:
    r = e = 0
    for n, (rr, ee) in zip(ctx.nation_ids[role], units):
        if nation is None or n == nation:
            r, e = r + rr, e + ee
    return r, e


#: A Combat card requirement's ``in_battle`` tokens, in the cards' words.
_IN_BATTLE_WORDS = {
    "hobbit": "a Hobbit",
    "companion": "a Companion",
    "gandalf": "Gandalf",
    "strider_or_aragorn": "Strider or Aragorn",
    "fp_leader_or_companion": "a Free Peoples Leader or Companion",
    "fp_elite_unit": "a Free Peoples Elite unit",
    "nazgul": "a Nazgûl",
    "isengard_army_unit": "an Isengard Army unit",
    "southrons_easterlings_elite_unit": "a Southrons & Easterlings Elite unit",
    "shadow_elite_unit": "a Shadow Elite unit",
}
#: the battle kinds, in words (a sortie is a field battle, WOTR-SIEGE-6)
_KIND_WORDS = {"field": "a field battle", "siege": "a siege battle", "sortie": "a sortie (a field battle)"}
#: ``defender_in`` places, in the cards' words.
_WHERE_WORDS = {
    "rohan_region": "in a region of Rohan",
    "fp_nation": "inside the borders of a Free Peoples Nation",
    "stronghold": "in a Stronghold",
}


def condition_holds(cond: Mapping[str, Any], role: str, ctx: CardContext, a, d) -> tuple[bool | None, str]:
    """``(holds, text)`` for one structured condition of a card played by ``role``; None: not modelled."""
    from ..board import load_board, load_nations

    units = {"attacker": a, "defender": d}
    fp = ctx.role_of("free_peoples")
    sh = ctx.role_of("shadow")
    fp_prof, sh_prof = ctx.profiles[fp], ctx.profiles[sh]
    chars = load_characters().characters
    c = cond.get("cond")
    if c == "in_battle":
        what = cond.get("what")
        fpc = [chars[x] for x in fp_prof.characters]
        tests = {
            "hobbit": lambda: any(x.hobbit for x in fpc),
            "companion": lambda: any(x.kind == "companion" for x in fpc),
            "gandalf": lambda: any(x.id in ("gandalf-grey", "gandalf-white") for x in fpc),
            "strider_or_aragorn": lambda: any(x.id in ("strider", "aragorn") for x in fpc),
            "fp_leader_or_companion": lambda: fp_prof.leaders > 0 or any(x.kind == "companion" for x in fpc),
            "fp_elite_unit": lambda: _units_of(ctx, fp, units[fp])[1] > 0,
            "nazgul": lambda: sh_prof.nazgul > 0 or any(chars[x].counts_as_nazgul for x in sh_prof.characters),
            "isengard_army_unit": lambda: sum(_units_of(ctx, sh, units[sh], "isengard")) > 0,
            "southrons_easterlings_elite_unit": lambda: _units_of(ctx, sh, units[sh], "southrons")[1] > 0,
            "shadow_elite_unit": lambda: _units_of(ctx, sh, units[sh])[1] > 0,
        }
        if what not in tests:
            return None, f"in the battle: {what} (not modelled)"
        return tests[what](), f"{_IN_BATTLE_WORDS.get(what, what.replace('_', ' '))} in the battle"
    if c == "defender_in":
        board = load_board()
        region = board.regions[ctx.region_id]
        ok = False
        for w in cond.get("where", ()):
            if w == "rohan_region":
                ok |= ctx.region_nation == "rohan"
            elif w == "fp_nation":
                ok |= ctx.region_nation_side == "free_peoples"
            elif w == "stronghold":
                # WOTR-CARD-5 (WOTR-SITE-4: the figures that retreat into a siege "are now inside the
                # Stronghold"): an Army is in a Stronghold only while besieged in it, i.e. the defender of a
                # siege battle; a field battle in a Stronghold region, a sortie's besiegers and the
                # besiegers a relieving Army attacks stand in the region, outside the Stronghold.
                ok |= ctx.kind == "siege" and ctx.settlement == "stronghold"
            else:
                ok |= region.name == w or region.id == board.region(w).id
        places = " or ".join(_WHERE_WORDS.get(w, f"in {w}") for w in cond.get("where", ()))
        nations = load_nations().nations
        nation = nations[ctx.region_nation].name if ctx.region_nation in nations else None
        here = f"{region.name}: " + (f"a region of {nation}" if nation else "no Nation") + (
            f", a {ctx.settlement}" if ctx.settlement else "")
        if "stronghold" in cond.get("where", ()) and ctx.settlement == "stronghold":
            here += "; besieged in it" if ctx.kind == "siege" else f"; outside it, {_KIND_WORDS[ctx.kind]}"
        return ok, f"the defending Army {places} ({here})"
    if c == "defender_in_fellowship_region":
        what = "the defending Army in the Fellowship's region"
        if ctx.fellowship_region is None:  # a fact the file does not state: not decided, never read as "elsewhere"
            return None, f"{what} (not given: battle.fellowship_region)"
        board = load_board()
        return ctx.fellowship_region == ctx.region_id, \
            f"{what} (the Fellowship is in {board.regions[ctx.fellowship_region].name})"
    if c == "defender_within_regions_of":
        board = load_board()
        near = board.distances(cond["where"], limit=int(cond["distance"]))
        return ctx.region_id in near, f"the defending Army within {cond['distance']} regions of {cond['where']}"
    if c == "nazgul_leadership_at_least":
        n = nazgul_leadership(sh_prof)
        return n >= int(cond["value"]), f"Nazgûl Leadership {cond['value']} or more (has {n}" + (
            ": cancelled by the White Rider)" if sh_prof.nazgul_cancelled else ")")
    if c == "own_army_defending_field_battle":
        # WOTR-SIEGE-6: a sortie is a field battle; the besiegers it attacks defend in it
        return role == "defender" and ctx.kind in ("field", "sortie"), \
            f"its own Army defending in a field battle ({_KIND_WORDS[ctx.kind]}, the {role})"
    return None, f"condition {c} (not modelled)"


#: the requirements decided by a fact the file states (``{cond: (field, what it says)}``): a file that does
#: not give the field leaves the card's play not decided (WOTR-CARD-5), never read as the requirement failing
STATED_BY = {"defender_in_fellowship_region": ("battle.fellowship_region", "where the Fellowship is")}


def unmet(reasons: list[dict], holds=(False,)) -> str:
    """The requirements not met, as a refusal says them: "needs X (has Y) (rule)" for a requirement
    (WOTR-CARD-5), the reason's own words for the rest (a card of the other side, a banned card)."""
    return "; ".join(("needs " if r["rule"] == "WOTR-CARD-5" else "") + f"{r['text']} ({r['rule']})"
                     for r in reasons if r["holds"] in holds)


def not_stated(reasons: list[dict]) -> str:
    """What the file should give for the requirements it leaves undecided ("" when none)."""
    fields = list(dict.fromkeys(r["unstated"] for r in reasons if r["holds"] is None and r.get("unstated")))
    return "; ".join(f"give {f} ({what}) to decide it" for f, what in fields)


def playable(card: CombatCard, role: str, ctx: CardContext, a, d) -> tuple[bool | None, list[dict]]:
    """May ``role`` play ``card`` here? ``(verdict or None when undecidable, [{rule, text, holds}])``."""
    reasons = []
    side_ok = ctx.sides[role] == card.side
    reasons.append({"rule": "WOTR-EVT-1", "holds": side_ok,
                    "text": f"{card.name} is a {card.side.replace('_', ' ')} card; the {role} plays "
                            f"{ctx.sides[role].replace('_', ' ')} cards"})
    verdict: bool | None = side_ok
    if card.side in ctx.banned:  # WOTR-EVT-9/10: the battle's Event, or a card on the table, bans it this round
        text, rule = ctx.banned[card.side]
        reasons.append({"rule": rule, "holds": False, "text": text})
        verdict = False
    for cond in card.conditions:
        ok, text = condition_holds(cond, role, ctx, a, d)
        reasons.append({"rule": "WOTR-CARD-5", "holds": ok, "text": text})
        if ok is False and cond.get("cond") == "nazgul_leadership_at_least":
            sh_prof = ctx.profiles[ctx.role_of("shadow")]
            if sh_prof.nazgul_cancelled and nazgul_leadership(replace(sh_prof, nazgul_cancelled=False)) >= int(
                    cond["value"]):  # the White Rider's cancelling fails it: that rule decides it too
                reasons.append({"rule": "WOTR-STR-11", "holds": False,
                                "text": "the White Rider cancels all Nazgûl Leadership, the Witch-king's included, "
                                        "for the whole battle"})
        if ok is None and cond.get("cond") in STATED_BY:
            reasons[-1]["unstated"] = STATED_BY[cond["cond"]]
        if ok is None:
            verdict = None if verdict is not False else False
        elif not ok:
            verdict = False
    if not card.conditions:
        reasons.append({"rule": "WOTR-CARD-5", "holds": True, "text": "no requirement"})
    return verdict, reasons


# ---- the round ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundEnd:
    """The state after a card round's casualties (before cease / retreat)."""

    a: tuple
    pa: Any
    d: tuple
    pd: Any
    lost_a: tuple[str, ...] = ()  #: figures the attacker lost to card effects: leader, nazgul, character ids
    lost_d: tuple[str, ...] = ()
    early: str | None = None  #: defender_retreated | retreated_into_siege (Scouts)


@dataclass(frozen=True)
class Tally:
    """One side's numbers in a round (WOTR-ROUND-1 steps, WOTR-CARD-6/7): the dice of its Combat roll
    and Leader re-roll and the hits each scored (missed dice a card turns into hits count with the
    Combat roll), the hits of its card's own attack rolls (removed at once, WOTR-CARD-6), its bonus
    hits, the hits it took from itself (Relentless Assault, Onslaught, Confusion's natural 1s) and the
    hits it took at casualties (after cancels: Shield-wall, Heroic Death)."""

    dice: int = 0
    combat: int = 0
    rerolled: int = 0
    reroll: int = 0
    own: int = 0
    bonus: int = 0
    self_hits: int = 0
    taken: int = 0

    FIELDS = ("dice", "combat", "rerolled", "reroll", "own", "bonus", "self_hits", "taken")

    @property
    def scored(self) -> int:
        """The hits of its Combat roll and Leader re-roll (a card's own attack and bonus hits apart)."""
        return self.combat + self.reroll


def round_marginals(tallies: Mapping[tuple, Fraction], role: str) -> dict[str, dict[int, Fraction]]:
    """``{field: {value: probability}}`` for ``role``'s :class:`Tally` over a round's outcomes."""
    i = _i(role)
    out: dict[str, dict[int, Fraction]] = {f: {} for f in Tally.FIELDS + ("scored",)}
    for pair, p in tallies.items():
        t = pair[i]
        for f in Tally.FIELDS + ("scored",):
            v = getattr(t, f)
            out[f][v] = out[f].get(v, Fraction(0)) + p
    return {f: dict(sorted(d.items())) for f, d in out.items()}


@dataclass(frozen=True)
class _Sit:
    a: tuple
    pa: Any
    d: tuple
    pd: Any
    lost: tuple = ((), ())
    scored: tuple = (0, 0)  #: hits each role scored on the other, pending casualties
    combat: tuple = (0, 0)  #: hits of the Combat roll (with missed dice turned into hits)
    reroll: tuple = (0, 0)  #: hits of the Leader re-roll
    pre: tuple = (0, 0)  #: hits of card attack rolls before the Combat roll
    misses: tuple = (0, 0)  #: missed dice that may be re-rolled
    ones: tuple = (0, 0)  #: Confusion: natural 1s that hit the roller's own Army
    lead: tuple = (0, 0)  #: Leadership forfeited or cancelled this round
    used: tuple = ((), ())  #: characters whose Leadership is forfeited or cancelled (cannot be forfeited again)
    end: str | None = None
    # the round's numbers, per role (:class:`Tally`): dice of the Combat roll and of the re-roll, hits of
    # the cards' own attack rolls after the casualties, bonus hits, self-hits, hits taken at casualties
    dice: tuple = (0, 0)
    rerolled: tuple = (0, 0)
    post: tuple = (0, 0)
    bonus: tuple = (0, 0)
    selfhit: tuple = (0, 0)
    taken: tuple = (0, 0)
    #: the roll modifiers a card's self-hits bought (Relentless Assault), per role: (Combat roll, Leader
    #: re-roll); in the situation, as the hits the Army could take differ from branch to branch
    selfmod: tuple = ((0, 0), (0, 0))
    #: hits taken and not yet removed, in order ((role, hits), ...), and the card effect of the step
    #: to play next: used when the casualties are decisions (:class:`.decided.DecidingRound`)
    pending: tuple = ()
    fx: int = 0
    #: a card's self-hits left open (``Choices.self_hits`` None) when the card game leaves them to its player
    #: (:class:`.decided.DecidingRound`): ``ask`` = (role, the most he may take) is the decision to make before
    #: the effect acts, ``pick`` the number chosen, which the effect acting next takes
    ask: tuple = ()
    pick: int | None = None

    def units(self, role):
        return (self.a, self.pa) if role == "attacker" else (self.d, self.pd)

    def set_units(self, role, u, p):
        return replace(self, a=u, pa=p) if role == "attacker" else replace(self, d=u, pd=p)


def _i(role: str) -> int:
    return 0 if role == "attacker" else 1


def _set(pair: tuple, role: str, value) -> tuple:
    return (value, pair[1]) if role == "attacker" else (pair[0], value)


def _add(pair: tuple, role: str, value) -> tuple:
    return _set(pair, role, pair[_i(role)] + value)


Branches = list[tuple[_Sit, Fraction]]


def _merge(items) -> Branches:
    acc: dict[_Sit, Fraction] = {}
    for s, p in items:
        if p:
            acc[s] = acc.get(s, Fraction(0)) + p
    return list(acc.items())


@dataclass
class Play:
    """One side's card in the round, after cancels: which effects act and the static numbers."""

    role: str
    card: CombatCard | None
    active: bool = False
    cancelled_by: str | None = None
    log: list = field(default_factory=list)  #: (text, rule)


#: the bounds of the Leader re-roll's dice (:meth:`CardRound._reroll_dice`): Leadership (WOTR-STR-5) and the
#: missed dice (WOTR-HIT-6)
REROLL_CAPS = frozenset({"leadership", "missed"})


def _die_chance(hit: int, modifier: int) -> Fraction:
    """The chance one die of a roll hits (WOTR-HIT-8: the faces that reach the number, the natural 1 and 6
    apart); a roll has no chance to give without the rule."""
    if not in_force("WOTR-HIT-8"):
        raise ScenarioError("no per-die hit chance: WOTR-HIT-8 is not in force")
    return hit_chance(hit, modifier)


class CardRound:
    """The first round with ``cards`` ({role: CombatCard | None}); ``casualties(role, units, pool, hits)``
    is the casualty policy (WOTR-CAS-12)."""

    def __init__(self, ctx: CardContext, cards: Mapping[str, CombatCard | None], casualties: Callable,
                 choices: Mapping[str, Choices] | None = None):
        if not in_force("WOTR-CARD-2"):  # WOTR-CARD-2: a Combat card is played at the start of a round, or never
            cards = {}
        self.ctx, self.cards, self.cas = ctx, dict(cards), casualties
        self.choices = {r: (choices or {}).get(r) or Choices() for r in ROLES}
        self.log: list[tuple[str, str]] = []
        self.effects: list[tuple[int, int, str, CombatCard, Mapping]] = []  # (initiative, defender-first, role, ...)
        self.active: dict[str, bool] = {r: False for r in ROLES}
        self.no_card = {r: cards.get(r) is None for r in ROLES}
        #: what bounds each side's Leader re-roll dice besides five: its Leadership (WOTR-STR-5) and its missed
        #: dice (WOTR-HIT-6); a claim drops one to see whether its answer depends on that bound
        self.reroll_caps: dict[str, frozenset[str]] = {r: REROLL_CAPS for r in ROLES}

    # -- static part -------------------------------------------------------------------------------
    def _order(self):
        out = []
        for role in ROLES:
            card = self.cards.get(role)
            if card is None:
                continue
            for e in card.effects:
                out.append((card.effect_initiative(e), 0 if role == "defender" else 1, role, card, e))
        return sorted(out, key=lambda x: (x[0], x[1]))

    def _leadership(self, s: _Sit, role: str) -> int:
        u, _ = s.units(role)
        return max(0, self.ctx.profiles[role].leadership(u) - s.lead[_i(role)])

    def _strength_delta(self, role: str) -> int:
        return self.strength_delta.get(role, 0)

    def start(self, a, pa, d, pd) -> Branches:
        s = _Sit(a, pa, d, pd)
        self.begun = (a, pa, d, pd)  #: the position the round starts from (:meth:`without_cards` plays it again)
        self.mods = {r: {"combat_roll": 0, "leader_reroll": 0} for r in ROLES}
        #: (hit number, modifier) of every roll of at least one die the round makes, per role (Combat roll
        #: and Leader re-roll, on any branch): what :meth:`naturals_decide` reads
        self.rolled: dict[str, set[tuple[int, int]]] = {r: set() for r in ROLES}
        self.max_dice: dict[str, int] = {}
        self.reduction: dict[str, int] = {}
        self.strength_delta: dict[str, int] = {}
        self.no_reroll: dict[str, bool] = {r: False for r in ROLES}
        #: a card took away a Leader re-roll the side would have made on some branch (WOTR-HIT-7)
        self.reroll_denied: dict[str, bool] = {r: False for r in ROLES}
        self.confusion: dict[str, bool] = {r: False for r in ROLES}  # role's own natural 1s hit itself
        self.self_hits_mod: dict[str, int] = {}  # Relentless Assault: the self-hits chosen, per role
        cancelled: set[str] = set()
        self.paid = None  # Onslaught: (role, self-hits chosen, taken, the Army before, after) of the last one played
        order = self._order()
        # WOTR-CARD-4: cancels (initiative 0) first, the defender's first on a tie
        for init, _, role, card, e in order:
            if role in cancelled or e.get("effect") != "cancel_opponent_card":
                continue
            opp = other(role)
            cost = e.get("cost") or {}
            if cost.get("forfeit_leadership") == "all_companions_in_battle":
                prof = self.ctx.profiles[role]
                forfeit = [c.id for c in forfeitable(prof, s.used[_i(role)])]
                if not forfeit:  # WOTR-CARD-5: Leadership already cancelled or forfeited cannot pay the cost
                    gone = "; ".join(w for _, w in forfeit_gone_why(prof, s.used[_i(role)])) or "no Companion in the battle"
                    self.log.append((f"{card.name}: no effect, no Companion has Leadership left to forfeit ({gone})",
                                     "WOTR-CARDX-4"))
                    continue
                pts = sum(counted_leadership(prof, c) for c in forfeit)
                s = replace(s, lead=_add(s.lead, role, pts), used=_set(s.used, role, tuple(forfeit)))
                self.log.append((f"{card.name}: the {role} forfeits the Leadership of "
                                 f"{', '.join(load_characters().characters[c].name for c in forfeit)} ({pts})",
                                 "WOTR-CARD-5"))
            if self.cards.get(opp) is not None and opp not in cancelled:
                cancelled.add(opp)
                self.log.append((f"{card.name} (initiative {init}) cancels the {opp}'s {self.cards[opp].name}",
                                 "WOTR-CARD-4"))
        for role in ROLES:
            self.active[role] = self.cards.get(role) is not None and role not in cancelled
        self.cancelled = cancelled
        for role in sorted(cancelled):  # WOTR-CARDX-4: a cost is paid when its effect acts; a cancelled card's never
            if any((e.get("cost") or {}).get("forfeit_leadership") for e in self.cards[role].effects):
                self.log.append((f"{self.cards[role].name}: cancelled before it acts, so the {role} forfeits no "
                                 "Leadership for it", "WOTR-CARDX-4"))
        if self.ctx.flag("cancelled_card_counts_as_played", "yes") == "no":  # WOTR-CARDX flag
            self.no_card = {r: self.no_card[r] or r in cancelled for r in ROLES}
        self.order = [x for x in order if self.active[x[2]]]
        for init, _, role, card, e in self.order:
            s = self._static(s, init, role, card, e)
        self._note_idle_auto_hits(s)
        return [(s, Fraction(1))]

    def _note_idle_auto_hits(self, s: _Sit) -> None:
        """A card turning missed dice into hits (Mighty Attack, Andúril) whose Companions all had their
        Leadership cancelled or forfeited, earlier this round or for the whole battle (the White Rider), has
        nothing to forfeit (WOTR-CARDX-4): say so."""
        alternatives: dict[tuple[str, str], list[Mapping]] = {}
        for _init, _, role, card, e in self.order:
            if e.get("step") == "before_leader_reroll" and e.get("effect") == "auto_hit":
                alternatives.setdefault((role, card.name), []).append(e)
        for (role, name), effects in alternatives.items():
            if not any(self._auto_hit_candidates(s, role, e) for e in effects):
                named = {str((e.get("cost") or {}).get("forfeit_leadership")).lower() for e in effects}
                gone = [why for cid, why in forfeit_gone_why(self.ctx.profiles[role], s.used[_i(role)])
                        if "one_companion_in_battle" in named or cid in named]
                why = "; ".join(gone) if gone else "no Companion it names is in the battle"
                self.log.append((f"{name}: no effect, no die turned into a hit ({why})", "WOTR-CARDX-4"))

    def _static(self, s: _Sit, init: int, role: str, card: CombatCard, e: Mapping) -> _Sit:
        kind = e.get("effect")
        opp = other(role)
        ctx = self.ctx
        cost = e.get("cost") or {}
        if kind == "roll_modifier":
            cond = e.get("if") or {}
            if cond.get("opponent_played_no_card") and not self.no_card[opp]:
                self.log.append((f"{card.name}: no +{e['value']} (the {opp} played a card)", "WOTR-CARD-7"))
                return s
            if "forfeit_nazgul_leadership" in cost:
                pts = int(cost["forfeit_nazgul_leadership"])
                s = replace(s, lead=_add(s.lead, role, pts))
                self.log.append((f"{card.name}: the {role} forfeits {pts} Nazgûl Leadership", "WOTR-CARD-5"))
            whose = {"own": (role,), "opponent": (opp,), "both": ROLES}[e.get("whose", "own")]
            for w in whose:
                for roll in e.get("rolls", ()):
                    self.mods[w][roll] += int(e["value"])
            self.log.append((f"{card.name}: {int(e['value']):+d} to the {' and '.join(whose)}'s "
                             f"{' and '.join(r.replace('_', ' ') for r in e.get('rolls', ()))}", "WOTR-CARD-7"))
        elif kind == "max_dice":
            self.max_dice[opp] = min(self.max_dice.get(opp, MAX_DICE), int(e["value"]))
            self.log.append((f"{card.name}: the {opp} rolls at most {e['value']} dice", "WOTR-STR-6"))
        elif kind == "dice_reduction":
            if e.get("per") == "companion_in_battle":
                n = len(companions(self.ctx.profiles[role])) * int(e["value"])
            else:  # per Nazgûl Leadership point forfeited (Dread and Despair)
                avail = nazgul_leadership(self.ctx.profiles[role])
                opp_dice = self._dice(s, opp, reduced=False)
                want = self.choices[role].forfeit
                n = max(1, min(avail, opp_dice - 1)) if want is None else want
                if n > avail or n < 1:
                    raise ScenarioError(f"{card.name}: forfeit {n} Nazgûl Leadership points, but the {role} has "
                                        f"{avail} (WOTR-CARD-5)")
                s = replace(s, lead=_add(s.lead, role, n))
                self.log.append((f"{card.name}: the {role} forfeits {n} Nazgûl Leadership", "WOTR-CARD-5"))
                n *= int(e["value"])
            self.reduction[opp] = self.reduction.get(opp, 0) + n
            self.log.append((f"{card.name}: the {opp} rolls {n} {'die' if n == 1 else 'dice'} fewer (at least one; "
                             f"dice_reduction_target={ctx.dice_reduction_target})", "WOTR-STR-3"))
        elif kind == "cancel_opponent_leader_reroll":
            cond = e.get("if") or {}
            if cond.get("nazgul_leadership_gte_fp_leadership"):
                mine = nazgul_leadership(self.ctx.profiles[role])
                theirs = self._leadership(s, opp)
                if mine < theirs:
                    self.log.append((f"{card.name}: no effect (Nazgûl Leadership {mine} < {theirs})", "WOTR-CARD-5"))
                    return s
            self.no_reroll[opp] = True
            self.log.append((f"{card.name}: the {opp} has no Leader re-roll", "WOTR-HIT-7"))
        elif kind == "cancel_companion":
            prof = self.ctx.profiles[opp]
            chars = load_characters().characters
            cands = [c for c in companions(prof) if c.id not in s.used[_i(opp)]]
            if cands:
                c = max(cands, key=lambda c: (counted_leadership(prof, c.id), c.captain_of_the_west, c.level or 0))
                s = replace(s, lead=_add(s.lead, opp, counted_leadership(prof, c.id)),
                            used=_set(s.used, opp, s.used[_i(opp)] + (c.id,)))
                if c.captain_of_the_west:
                    self.strength_delta[opp] = self.strength_delta.get(opp, 0) - 1
                idle = [a for a in chars[c.id].abilities if a not in COMBAT_ABILITIES]
                self.log.append((f"{card.name}: {chars[c.id].name}'s Leadership"
                                 + (" and Captain of the West" if c.captain_of_the_west else "")
                                 + " cancelled this round"
                                 + (f" (his other abilities, {', '.join(idle)}, do not act in a Combat round)"
                                    if idle else ""), "WOTR-CARD-3"))
        elif kind == "retreat_before_combat":
            if ctx.can_retreat:
                s = replace(s, end="defender_retreated")
                self.log.append((f"{card.name}: the defender retreats before the Combat roll", "WOTR-END-3"))
            elif ctx.siege_retreat:
                s = replace(s, end="retreated_into_siege")
                self.log.append((f"{card.name}: the defender withdraws into the Stronghold", "WOTR-SITE-4"))
            else:
                self.log.append((f"{card.name}: no free region to retreat to and no Stronghold: no effect",
                                 "WOTR-END-3"))
        elif kind == "opponent_ones_hit_themselves":
            self.confusion[opp] = True
            self.log.append((f"{card.name}: each natural 1 of the {opp}'s Combat roll hits his own Army and is "
                             "not re-rolled", "WOTR-HIT-4"))
        elif kind == "self_hits_for_roll_modifier":
            k = self.choices[role].self_hits
            default = k is None
            if default:  # WOTR-CARDX-2: as many as the Army can take and keep a unit (WOTR-CAS-5)
                k = self._default_self_hits(s, role, int(e["max_self_hits"]))
            if k > int(e["max_self_hits"]):
                raise ScenarioError(f"{card.name}: at most {e['max_self_hits']} self-hits, not {k}")
            self.self_hits_mod[role] = k  # taken before the Combat roll, with the modifier they buy
            self.log.append((f"{card.name}: the {role} takes {k} hit{'s' if k != 1 else ''} on his own Army for "
                             f"{k:+d} to his Combat roll"
                             + (" (by default the most his Army can take and keep a unit, WOTR-CARDX-2)"
                                if default else ""), "WOTR-CARD-7"))
        return s

    def _default_self_hits(self, s: _Sit, role: str, cap: int) -> int:
        """WOTR-CARDX-2: the self-hits a card takes when the file does not say: the most the card allows
        while the Army keeps a unit, the replacement pool counted (WOTR-CAS-5); with a casualty policy,
        the hits as that policy removes them."""
        from ..battle.casualties import most_hits_kept

        u, p = s.units(role)
        take = (lambda u_, p_, h: self.cas(role, u_, p_, h)) if self.cas is not None else None
        return most_hits_kept(u, p, cap, take)

    # -- numbers --------------------------------------------------------------------------------------
    def _dice(self, s: _Sit, role: str, reduced: bool = True) -> int:
        u, _ = s.units(role)
        prof = self.ctx.profiles[role]
        strength = prof.strength(u)
        if strength == 0:
            return 0
        strength += self._strength_delta(role)
        red = self.reduction.get(role, 0) if reduced else 0
        if red and self.ctx.dice_reduction_target == "strength":
            n = min(max(1, strength - red), MAX_DICE)
        else:
            n = min(strength, MAX_DICE)
            if red:
                n = max(1, n - red)
        if prof.dice_lost:  # an Event's loss for the whole battle (WOTR-EVT-9), at least one die left
            n = max(1, n - prof.dice_lost)
        return max(1, min(n, self.max_dice.get(role, MAX_DICE)))

    # -- the steps -----------------------------------------------------------------------------------------
    def run(self, a, pa, d, pd) -> list[tuple[RoundEnd, Fraction]]:
        sits = self.start(a, pa, d, pd)
        for step in (self.before_combat, self.combat_roll, self.before_reroll, self.leader_reroll,
                     self.after_reroll, self.before_casualties, self.casualties, self.after_casualties):
            nxt = []
            for s, p in sits:
                if s.end is not None:
                    nxt.append((s, p))
                    continue
                nxt.extend((s2, p * q) for s2, q in step(s))
            sits = _merge(nxt)
        tallies: dict[tuple, Fraction] = {}
        for s, p in sits:  # the round's numbers (what odds' round table and verify's hit claims read)
            key = tuple(Tally(s.dice[i], s.combat[i], s.rerolled[i], s.reroll[i], s.pre[i] + s.post[i], s.bonus[i],
                              s.selfhit[i], s.taken[i]) for i in (0, 1))
            tallies[key] = tallies.get(key, Fraction(0)) + p
        self.tallies = tallies
        out: dict[RoundEnd, Fraction] = {}
        for s, p in sits:
            early = s.end if s.end in ("defender_retreated", "retreated_into_siege") else None
            r = RoundEnd(s.a, s.pa, s.d, s.pd, tuple(sorted(s.lost[0])), tuple(sorted(s.lost[1])), early)
            out[r] = out.get(r, Fraction(0)) + p
        return list(out.items())

    def without_cards(self) -> "CardRound":
        """The same round from the same position with no Combat card played (the same context and
        casualty policy): what a claim compares with to see whether the round's cards decide it (played
        once: every claim that asks reads the same round)."""
        if not any(self.cards.values()):  # no card played: the round is its own
            return self
        made = self.__dict__.setdefault("_without", {})
        base = made.get(removed_rules())
        if base is None:
            base = made[removed_rules()] = CardRound(self.ctx, {}, self.cas)
            base.run(*self.begun)
        return base

    def without_rule(self, rule: str) -> "CardRound":
        """The same round, from the same position with the same cards and choices, played with ``rule`` taken
        away (:func:`pycombat.in_force.removed`): what a claim compares with to see whether the rule decides it
        (played once per rule and rules in force)."""
        made = self.__dict__.setdefault("_without_rule", {})
        key = (rule, removed_rules())
        base = made.get(key)
        if base is None:
            with removed(rule):
                base = CardRound(self.ctx, self.cards, self.cas, self.choices)
                base.reroll_caps = dict(self.reroll_caps)
                base.run(*self.begun)
            made[key] = base
        return base

    def naturals_decide(self, role: str) -> bool:
        """Whether the natural 1 and 6 (WOTR-HIT-4) change the chance of some die ``role`` rolled this
        round (its Combat roll or Leader re-roll, with the cards' modifiers), after :meth:`run`."""
        return any(naturals_decide(hit, mod) for hit, mod in self.rolled[role])

    def _step_effects(self, step: str):
        for init, _, role, card, e in self.order:
            st = e.get("step")
            if e.get("effect") == "bonus_eliminate" or e.get("effect") == "spend_hit_to_eliminate":
                st = st or "after_leader_reroll"
            if st == step:
                yield init, role, card, e

    def note(self, text: str, rule: str) -> None:
        """A line about what a card did in some of the round's branches (said once)."""
        if (text, rule) not in self.log:
            self.log.append((text, rule))

    def _take(self, s: _Sit, role: str, hits: int) -> _Sit:
        """``role`` takes ``hits`` at once (casualty policy, WOTR-CAS-3..5); ends the battle if wiped out."""
        if hits <= 0:
            return s
        u, p = s.units(role)
        u2, p2 = self.cas(role, u, p, hits)
        s = s.set_units(role, u2, p2)
        if unit_count(s.a) == 0 or unit_count(s.d) == 0:  # WOTR-CAS-7, WOTR-END-1
            s = replace(s, end="eliminated")
        return s

    def _attack(self, s: _Sit, role: str, n: int, hit_on: int, pre: bool) -> Branches:
        """A card's own attack roll: ``n`` dice hitting on ``hit_on`` with no modifier (WOTR-CARD-6: the
        opponent's card modifiers are ignored, no re-roll), the casualties removed at once."""
        if n <= 0:
            return [(s, Fraction(1))]
        out = []
        for h, q in binomial(n, _die_chance(hit_on, 0)).items():
            s2 = replace(s, pre=_add(s.pre, role, h)) if pre else replace(s, post=_add(s.post, role, h))
            out.append((self._take(s2, other(role), h), q))
        return out

    def applied(self, step: str, role: str, card: CombatCard, e: Mapping, before: _Sit, after: Branches) -> None:
        """Called after each card effect acts at ``step`` (WOTR-CARDX-1) with the situation before it and
        the branches it led to; the exact round does nothing here (a replay narrates it)."""

    def _step(self, s: _Sit, step: str, play: Callable[[_Sit, str, Mapping], Branches]) -> Branches:
        """Play every card effect of ``step`` in initiative order on each branch still running;
        ``play(situation, role, effect)`` gives the branches one effect leads to."""
        sits: Branches = [(s, Fraction(1))]
        for _init, role, card, e in self._step_effects(step):
            nxt = []
            for s1, p in sits:
                if s1.end is not None:
                    nxt.append((s1, p))
                    continue
                got = play(s1, role, e)
                self.applied(step, role, card, e, s1, got)
                nxt.extend((s2, p * q) for s2, q in got)
            sits = _merge(nxt)
        return sits

    def _extra_attack(self, s: _Sit, role: str, e: Mapping, *, pre: bool) -> Branches:
        n = self._attack_dice(s, role, e)
        hit_on = self.ctx.base_hit[role] if e.get("hit_on") == "combat_roll_base" else int(e["hit_on"])
        return self._attack(s, role, n, hit_on, pre=pre)

    def before_combat(self, s: _Sit) -> Branches:
        def play(s1: _Sit, role: str, e: Mapping) -> Branches:
            kind = e.get("effect")
            if kind == "extra_attack":
                return self._extra_attack(s1, role, e, pre=True)
            if kind == "self_hits_for_roll_modifier":
                return [(self._self_hits_for_modifier(s1, role, e), Fraction(1))]
            return [(s1, Fraction(1))]

        return self._step(s, "before_combat_roll", play)

    def most_self_hits(self, s: _Sit, role: str, e: Mapping) -> int:
        """The most self-hits worth choosing when the effect acts (WOTR-CARDX-2): the card's bound, and the
        hits the Army takes for them (:meth:`self_hits_taken`: a hit more buys nothing)."""
        return self.self_hits_taken(s, role, e, int(e["max_self_hits"]))

    def self_hits_taken(self, s: _Sit, role: str, e: Mapping, chosen: int) -> int:
        """The self-hits of ``chosen`` that ``role``'s Army takes now (WOTR-CARDX-2): a hit buys what the
        card gives for it or is not taken. Relentless Assault's +1 is for the Combat roll, which an Army
        with no unit left does not make (WOTR-CAS-7): at most the hits that keep a unit. Onslaught's die
        is rolled for every hit the Army took, the hits that eliminate it too; a hit beyond what the
        Army can absorb is wasted (WOTR-CAS-10) and buys no die: at most its Regulars plus twice its
        Elites."""
        u, _ = s.units(role)
        if e.get("effect") == "self_hits_for_roll_modifier":
            return self._default_self_hits(s, role, chosen)
        return min(chosen, hit_points(u))

    def _self_hits_for_modifier(self, s: _Sit, role: str, e: Mapping) -> _Sit:
        """Relentless Assault before the Combat roll: the hits taken on the Army and +1 per hit taken."""
        chosen = self.self_hits_mod.get(role, 0) if s.pick is None else s.pick
        k = self.self_hits_taken(s, role, e, chosen)
        if k < chosen:
            self.note(f"{self.cards[role].name}: where the {role}'s Army cannot take {chosen} hit"
                      f"{'s' if chosen != 1 else ''} and keep a unit for its Combat roll (WOTR-CAS-7; an earlier "
                      "attack roll took units), it takes only the hits it can, and the modifier is for those",
                      "WOTR-CARDX-2")
        per = k * int(e.get("value_per_self_hit", 1))
        rolls = e.get("rolls", ("combat_roll",))
        mine = s.selfmod[_i(role)]
        mine = (mine[0] + (per if "combat_roll" in rolls else 0), mine[1] + (per if "leader_reroll" in rolls else 0))
        s = replace(s, selfhit=_add(s.selfhit, role, k), selfmod=_set(s.selfmod, role, mine))
        return self._take(s, role, k)

    def roll_modifier(self, s: _Sit, role: str, roll: str) -> int:
        """``role``'s modifier to ``roll`` (combat_roll | leader_reroll): the cards' (WOTR-CARD-7) and what
        its self-hits bought on this branch; none without WOTR-CARD-7 (no rule puts a modifier on a roll)."""
        if not in_force("WOTR-CARD-7"):
            return 0
        return self.mods[role][roll] + s.selfmod[_i(role)][0 if roll == "combat_roll" else 1]

    def _attack_dice(self, s: _Sit, role: str, e: Mapping) -> int:
        dice = e.get("dice")
        u, _ = s.units(role)
        if dice == "own_leadership":
            n = self._leadership(s, role)
        elif dice == "own_elite_units":
            n = sum(el for _, el in u)
        else:
            n = int(dice)
        return min(n, int(e.get("max_dice", MAX_DICE)))

    def combat_roll(self, s: _Sit) -> Branches:
        per_role = {}
        dice = (self._dice(s, "attacker"), self._dice(s, "defender"))
        for role in ROLES:
            n = dice[_i(role)]
            hit = self.ctx.base_hit[role]
            mod = self.roll_modifier(s, role, "combat_roll")
            if n:
                self.rolled[role].add((hit, mod))
            per_role[role] = _roll(n, hit, mod, self.confusion[role])
        out = []
        for (ha, ma, oa), pa_ in per_role["attacker"].items():
            for (hd, md, od), pd_ in per_role["defender"].items():
                out.append((replace(s, combat=(ha, hd), scored=(s.scored[0] + ha, s.scored[1] + hd),
                                    misses=(ma, md), ones=(oa, od), dice=dice), pa_ * pd_))
        return out

    def before_reroll(self, s: _Sit) -> Branches:
        done: set[str] = set()  # alternatives of one card (Andúril: Strider or Aragorn): one is used
        for init, role, card, e in self._step_effects("before_leader_reroll"):
            if e.get("effect") != "auto_hit" or role in done:
                continue
            s2 = self._auto_hit(s, role, card, e)
            if s2 is not None:
                s = s2
                done.add(role)
        return [(s, Fraction(1))]

    def _auto_hit(self, s: _Sit, role: str, card: CombatCard, e: Mapping) -> _Sit | None:
        """Mighty Attack / Andúril: missed dice become hits; the named figure's Leadership is forfeited.
        None when this alternative cannot be used."""
        prof = self.ctx.profiles[role]
        used = s.used[_i(role)]
        cands = self._auto_hit_candidates(s, role, e)
        if not cands:
            return None
        count = int(e.get("count", e.get("count_max", 1)))
        k = min(count, s.misses[_i(role)])
        if k == 0:
            return s  # nothing to turn: the Leadership is kept
        c = cands[0]
        return replace(s, combat=_add(s.combat, role, k), scored=_add(s.scored, role, k),
                       misses=_add(s.misses, role, -k), lead=_add(s.lead, role, counted_leadership(prof, c.id)),
                       used=_set(s.used, role, used + (c.id,)))

    def _auto_hit_candidates(self, s: _Sit, role: str, e: Mapping) -> list:
        """The Companions whose Leadership an auto-hit alternative may forfeit, the one it forfeits first."""
        prof = self.ctx.profiles[role]
        who = (e.get("cost") or {}).get("forfeit_leadership")
        used = s.used[_i(role)]
        if who == "one_companion_in_battle":
            cands = forfeitable(prof, used)
            cands.sort(key=lambda c: (counted_leadership(prof, c.id), c.captain_of_the_west, c.level or 0))
            return cands
        return [c for c in forfeitable(prof, used) if c.id == str(who).lower()]

    def leader_reroll(self, s: _Sit) -> Branches:
        per_role = {}
        n = {}
        for role in ROLES:
            r = self._reroll_dice(s, role)
            if self.no_reroll[role]:
                self.reroll_denied[role] |= r > 0  # WOTR-HIT-7: the card takes away a re-roll of r dice
                per_role[role], n[role] = {0: Fraction(1)}, 0
                continue
            hit, mod = self.ctx.base_hit[role], self.roll_modifier(s, role, "leader_reroll")
            if r:
                self.rolled[role].add((hit, mod))
            per_role[role], n[role] = binomial(r, _die_chance(hit, mod)), r
        out = []
        for ha, qa in per_role["attacker"].items():
            for hd, qd in per_role["defender"].items():
                out.append((replace(s, reroll=(ha, hd), scored=(s.scored[0] + ha, s.scored[1] + hd),
                                    rerolled=(n["attacker"], n["defender"])), qa * qd))
        return out

    def _reroll_dice(self, s: _Sit, role: str) -> int:
        """The dice of the side's Leader re-roll: at most five, at most its Leadership (WOTR-STR-5), and only
        dice that missed in the Combat roll (WOTR-HIT-6; without it, at most the dice the Combat roll used)."""
        i = _i(role)
        r = MAX_DICE
        if "leadership" in self.reroll_caps[role] and in_force("WOTR-STR-5"):
            r = min(r, self._leadership(s, role))
        if "missed" in self.reroll_caps[role] and in_force("WOTR-HIT-6"):
            r = min(r, s.misses[i])
        return max(0, min(r, s.dice[i]))

    def after_reroll(self, s: _Sit) -> Branches:
        done: set[tuple[str, str]] = set()
        for init, role, card, e in self._step_effects("after_leader_reroll"):
            before = s
            s = self._after_reroll_effect(s, role, card, e, done)
            self.applied("after_leader_reroll", role, card, e, before, [(s, Fraction(1))])
        return [(s, Fraction(1))]

    def _after_reroll_effect(self, s: _Sit, role: str, card: CombatCard, e: Mapping, done: set) -> _Sit:
        """One effect after the Leader re-roll: bonus hits, a re-roll hit spent, a figure eliminated (WOTR-CARDX-3)."""
        kind = e.get("effect")
        opp = other(role)
        i = _i(role)
        if kind == "bonus_hits":
            if _bonus_condition(s, role, e.get("if") or {}):
                s = replace(s, scored=_add(s.scored, role, int(e["value"])), bonus=_add(s.bonus, role, int(e["value"])))
        elif kind == "spend_hit_to_eliminate":
            if s.reroll[i] >= 1 and s.scored[i] >= 1:
                prof = self.ctx.profiles[opp]
                cands = [m for m in minions(prof) if m.id not in s.lost[_i(opp)]]
                if cands:
                    m = max(cands, key=lambda m: (m.leadership, m.id))
                    s = replace(s, scored=_add(s.scored, role, -1), lost=_add_lost(s.lost, opp, m.id))
        elif kind == "bonus_eliminate":
            if (role, card.name) in done:
                return s
            fig = self._eliminate_target(s, role, card, e)
            if fig is not None:
                s = replace(s, lost=_add_lost(s.lost, opp, fig))
                done.add((role, card.name))
        return s

    def _eliminate_target(self, s: _Sit, role: str, card: CombatCard, e: Mapping) -> str | None:
        """Fateful Strike / Black Breath: which enemy figure goes (``card_flags.md``: the alternative
        needing more hits is taken when it holds)."""
        opp = other(role)
        prof = self.ctx.profiles[opp]
        lost = s.lost[_i(opp)]
        rr = s.reroll[_i(role)]
        chars = load_characters().characters
        alts = [x for x in card.effects if x.get("effect") == "bonus_eliminate"]
        for alt in sorted(alts, key=lambda x: 0 if x.get("instead_of") else 1):
            cond = alt.get("if") or {}
            target = alt.get("target")
            if target == "companion_in_battle":
                if self.ctx.flag("black_breath_companion_hits", "leader_reroll") == "all":
                    hits = s.combat[_i(role)] + rr
                else:
                    hits = rr
                cands = [c for c in companions(prof) if c.id not in lost and (c.level or 0) <= hits and rr >= 1]
                if cands:
                    return max(cands, key=lambda c: (c.level or 0, c.leadership, c.id)).id
                continue
            need = int(cond.get("leader_reroll_hits_at_least", 1))
            if rr < need:
                continue
            if target == "minion_in_battle":
                cands = [m for m in minions(prof) if m.id not in lost]
                if cands:
                    return max(cands, key=lambda m: (m.leadership, m.id)).id
            elif target == "nazgul_in_battle":
                if prof.nazgul - lost.count("nazgul") > 0:
                    return "nazgul"
                wk = [c for c in prof.characters if chars[c].counts_as_nazgul and c not in lost]
                # WOTR-STR-10: the Witch-king counts as a Nazgûl for card references
                if wk and self.ctx.flag("witch_king_as_nazgul_target", "yes") == "yes" and in_force("WOTR-STR-10"):
                    return wk[0]
            elif target == "fp_leader_in_battle":
                if prof.leaders - lost.count("leader") > 0:
                    return "leader"
        return None

    def before_casualties(self, s: _Sit) -> Branches:
        for init, role, card, e in self._step_effects("before_remove_casualties"):
            kind = e.get("effect")
            opp = other(role)
            j = _i(opp)
            before = s
            if kind == "cancel_hits":
                cond = e.get("if") or {}
                need = int(cond.get("opponent_hits_at_least", 0))
                # WOTR-CARDX-8: the hits the opponent scored in the rolls ``from`` names (its Combat roll and
                # Leader re-roll), never a card's extra hit nor a card attack roll's
                rolls = {"combat_roll": s.combat[j], "leader_reroll": s.reroll[j]}
                if sum(rolls[r] for r in cond.get("from", tuple(rolls))) >= need:
                    s = replace(s, scored=_add(s.scored, opp, -min(int(e["value"]), s.scored[j])))
            elif kind == "cancel_hits_by_sacrifice":
                s = self._sacrifice(s, role, e)
            self.applied("before_remove_casualties", role, card, e, before, [(s, Fraction(1))])
        return [(s, Fraction(1))]

    def _sacrifice(self, s: _Sit, role: str, e: Mapping) -> _Sit:
        opp = other(role)
        j = _i(opp)
        if s.scored[j] <= 0:
            return s
        prof = self.ctx.profiles[role]
        lost = s.lost[_i(role)]
        want = self.choices[role].sacrifice
        leaders_left = prof.leaders - lost.count("leader")
        if want is None:
            want = "leader" if leaders_left > 0 else "none"
        if want == "leader" and leaders_left > 0:
            return replace(s, scored=_add(s.scored, opp, -1), lost=_add_lost(s.lost, role, "leader"))
        if want == "companion":
            cands = [c for c in companions(prof) if c.id not in lost]
            if cands:  # the Companion whose Level cancels the most hits, the lowest Level among those
                need = s.scored[j]
                c = min(cands, key=lambda c: (-min(c.level or 0, need), c.level or 0, c.id))
                k = min(c.level or 0, need)
                return replace(s, scored=_add(s.scored, opp, -k), lost=_add_lost(s.lost, role, c.id))
        if want in ("leader", "companion"):  # (the file's choice is refused up front when never possible)
            self.note(f"{self.cards[role].name}: where no {'Leader' if want == 'leader' else 'Companion'} of the "
                      f"{role} is left in the battle (an earlier card eliminated it), nothing is sacrificed and no "
                      "hit cancelled", "WOTR-CARDX-2")
        return s

    def casualties(self, s: _Sit) -> Branches:
        # WOTR-CAS-1/2: the attacker takes his casualties first; both come from this round's rolls
        taken = (s.scored[1] + s.ones[0], s.scored[0] + s.ones[1])
        ua, pa = self.cas("attacker", s.a, s.pa, taken[0])
        ud, pd = self.cas("defender", s.d, s.pd, taken[1])
        s = replace(s, a=ua, pa=pa, d=ud, pd=pd, scored=(0, 0), taken=taken,
                    selfhit=(s.selfhit[0] + s.ones[0], s.selfhit[1] + s.ones[1]))
        if unit_count(ua) == 0 or unit_count(ud) == 0:
            s = replace(s, end="eliminated")
        return [(s, Fraction(1))]

    def after_casualties(self, s: _Sit) -> Branches:
        def play(s1: _Sit, role: str, e: Mapping) -> Branches:
            kind = e.get("effect")
            if kind == "extra_attack":
                return self._extra_attack(s1, role, e, pre=False)
            if kind == "self_hits_for_extra_attack":
                chosen = self.choices[role].self_hits if s1.pick is None else s1.pick
                if chosen is None:  # WOTR-CARDX-2: as many as the Army can take and keep a unit (WOTR-CAS-5)
                    chosen = self._default_self_hits(s1, role, int(e["max_self_hits"]))
                chosen = min(chosen, int(e["max_self_hits"]))
                k = self.self_hits_taken(s1, role, e, chosen)
                card = self.cards[role]
                if k < chosen:
                    self.note(f"{card.name}: where the {role}'s Army can absorb fewer than {chosen} hits after the "
                              "casualties (WOTR-CAS-10), it takes the hits it can absorb and rolls one die for each",
                              "WOTR-CARDX-2")
                u1, p1 = s1.units(role)
                if k and (unit_count(self.cas(role, u1, p1, k)[0]) == 0 if self.cas is not None
                          else k >= hit_points(u1)):
                    self.note(f"{card.name}: where the hits the {role} takes on his own Army eliminate it (WOTR-CAS-7), "
                              "the dice they paid for are still rolled, and the battle ends after them",
                              "WOTR-CARDX-2")
                # the dice are rolled for the hits taken, also when they eliminated the Army (WOTR-CARDX-2)
                s2 = self._take(replace(s1, selfhit=_add(s1.selfhit, role, k)), role, k)
                self.paid = (role, chosen, k, s1.units(role)[0], s2.units(role)[0])
                n = k * int(e.get("dice_per_self_hit", 1))
                return self._attack(s2, role, n, int(e["hit_on"]), pre=False)
            if kind == "bonus_hits":
                cond = e.get("if") or {}
                ok = True
                if "own_army_units_at_least_times_enemy" in cond:
                    mine, theirs = unit_count(s1.units(role)[0]), unit_count(s1.units(other(role))[0])
                    ok = mine >= int(cond["own_army_units_at_least_times_enemy"]) * theirs
                if not ok:
                    return [(s1, Fraction(1))]
                return [(self._take(replace(s1, bonus=_add(s1.bonus, role, int(e["value"]))), other(role),
                                    int(e["value"])), Fraction(1))]
            return [(s1, Fraction(1))]

        return self._step(s, "after_remove_casualties", play)


def _add_lost(lost: tuple, role: str, fig: str) -> tuple:
    return _set(lost, role, lost[_i(role)] + (fig,))


def _bonus_condition(s: _Sit, role: str, cond: Mapping) -> bool:
    i, j = _i(role), 1 - _i(role)
    if "own_hits_at_least" in cond:
        return s.combat[i] + s.reroll[i] >= int(cond["own_hits_at_least"])
    if cond.get("own_total_hits_more_than_opponent"):
        theirs = s.scored[j] + (s.pre[j] if cond.get("counts_fp_pre_combat_card_attack_hits") else 0)
        return s.scored[i] > theirs
    return True


def _roll(n: int, hit: int, mod: int, confusion: bool):
    """``{(hits, re-rollable misses, natural 1s hitting the roller): p}`` for the Combat roll
    (WOTR-HIT-3/4; Confusion: the natural 1s are not re-rolled)."""
    if not confusion:
        return {(h, n - h, 0): q for h, q in binomial(n, _die_chance(hit, mod)).items()}
    # faces: 1 (own hit), a hit among 2..6, a miss among 2..6
    p_hit = _die_chance(hit, mod)
    p_one = Fraction(1, 6)
    p_miss = 1 - p_hit - p_one
    out: dict = {}
    from math import comb

    for ones in range(n + 1):
        for h in range(n - ones + 1):
            m = n - ones - h
            q = comb(n, ones) * comb(n - ones, h) * p_one ** ones * p_hit ** h * p_miss ** m
            if q:
                out[(h, m, ones)] = out.get((h, m, ones), Fraction(0)) + q
    return out
