"""Units played from hand during a showdown (RB-CARD-16), read from the unit data.

A showdown entry ``{play: Shen - Kinkou, by: defender, to: battlefield}`` names a unit card. Only a
unit that may be played at Reaction speed can be played in a showdown (RB-SHOW-4): one with
[Reaction], one with [Ambush] ("You may play me as a [Reaction] to a battlefield where you have
units"), or a [Hidden] one played from facedown (``facedown: true``). It enters where its player puts
it among the valid locations (CR 355.2): by default its player's base or a battlefield he controls
(CR 355.2.a; during the combat the battlefield stays the Defender's, CR 187.4.b, unless nobody
controlled it, ``battlefield: {controlled_by: nobody}``); [Ambush] plays it only to a battlefield where
its player has units; a card's permission adds a location (CR 355.2.b: Rengar, Pouncing "to a
battlefield you're attacking"; Rengar, Trophy Hunter "where there are enemy units"). Played to the
battlefield it fights for its side (its designation at the next cleanup, RB-COMB-4) and adds to the
total; at its base it is out of the combat, where a card may still move it in (RB-CARD-7). From then
on its static abilities act (RB-CARD-9), and its "When you play me" ability resolves through the one
interpreter right after it enters, with the entry's targets (RB-CARD-10). Its "When I attack/defend"
abilities do not fire: they trigger as the combat begins (RB-SHOW-2). A "When you play me" ability's additional cost
of Energy or runes ("you may pay 2 Energy to [Stun] a unit", Kennen, Keeper of Balance) is paid as it resolves: the
entry states whether its player paid (``condition: true|false``, RB-CARD-8; not stated: NOT MODELLED, RB-CARD-4), and
with ``card_costs = stated`` its ``paid:`` covers the unit's cost and that one (RB-CARD-2).

>>> from pycombat.games.riftbound.cards.units import load_units
>>> ways(load_units().unit("Shen - Kinkou")), ways(load_units().unit("Inferna")), ways(load_units().unit("Pakaa Cub"))
(('reaction',), ('ambush',), ())
>>> locations(load_units().unit("Shen - Kinkou"), "reaction", "attacker", "defender")
('base', 'elsewhere')
>>> locations(load_units().unit("Rengar - Pouncing"), "reaction", "attacker", "defender")
('base', 'battlefield', 'elsewhere')
"""
from __future__ import annotations

from typing import Any, Mapping

from pycombat.frozen import replace
from .spells import Card
from .triggers import as_ability
from .units import COMPOUND_PLAY, UnitCard

RULE = "RB-CARD-16"
#: the "When you play me" triggers and when they fire: always, played to a battlefield (this one or
#: another), played from facedown. A trigger with a second event ("When you play me or when I conquer") fires
#: as the unit is played all the same (its other event is read by :mod:`.units` and :mod:`.events`)
PLAY_TRIGGERS = {"When you play me": "always", "When you play me or I attack": "always",
                 **dict.fromkeys(COMPOUND_PLAY, "always"),
                 "When you play me or the first time you play a non-token gear each turn": "always",
                 "When you play me to a battlefield": "battlefield", "When you play me from face down": "facedown",
                 "When you play me from face down on your turn": "facedown_own_turn"}
#: a card's permission to be played to a location that is not normally valid (CR 355.2.b), as the data
#: words it -> (who may use it: attacker | defender | both, whether it needs no unit of its player there)
PERMISSIONS = {"a battlefield you're attacking": ("attacker", True),
               "a battlefield where there are enemy units (with Ambush), even if you don't have units there":
                   ("both", True)}


#: a permission that holds while one enemy unit is alone at the battlefield (CR 355.2.b): Arachnoid Horror's "I can be
#: played to an occupied battlefield if an enemy unit is alone there" (its own), and its static ability "Friendly units
#: can be played to ..." (its player's unit cards, while it is in play): checked on the board as the unit enters
ALONE = "an occupied battlefield if an enemy unit is alone there"


def alone_permission(card: UnitCard) -> bool:
    """Whether the unit card may itself be played where one enemy unit is alone (:data:`ALONE`)."""
    return any(e.get("effect") == "play_location" and e.get("where") == ALONE and not e.get("target")
               for e in card.abilities)


def grants_alone(card: UnitCard) -> bool:
    """Whether the unit card's static ability lets its player's units be played where one enemy unit is alone."""
    return any(e.get("effect") == "play_location" and e.get("where") == ALONE
               and (e.get("target") or {}).get("side") == "friendly" for e in card.abilities)


#: the permission tied to a cost of killing a unit of its player's (Stalking Wolf): "You may play me to its
#: battlefield (even if you don't have other units there)", where the unit killed was
KILLED_ONES = "the killed unit's battlefield (even if you don't have other units there)"
#: the additional cost "kill a <tag> you control" as the project's overlay structures it (data/effects_overlay.yaml)
KILL_COST = "play_cost_kill"


def kill_cost(card: UnitCard) -> dict | None:
    """The card's additional cost of killing a unit its player controls, as played ("As an additional cost to play
    me, kill a Bird, Cat, Dog, or Poro you control"), or None."""
    return next((e for e in card.abilities if e.get("effect") == KILL_COST), None)


def killed_place(card: UnitCard) -> bool:
    """Whether the card may be played where the unit killed for its cost was (:data:`KILLED_ONES`)."""
    return any(e.get("effect") == "play_location" and e.get("where") == KILLED_ONES for e in card.abilities)


def ways(card: UnitCard) -> tuple[str, ...]:
    """How the unit may be played in a showdown without facedown: ``reaction`` ([Reaction]),
    ``ambush`` ([Ambush]: as a Reaction, to a battlefield where its player has units)."""
    kws = {k.split()[0] for k in card.keywords}
    return tuple(w for w, k in (("reaction", "Reaction"), ("ambush", "Ambush")) if k in kws)


def hidden(card: UnitCard) -> bool:
    return any(k.split()[0] == "Hidden" for k in card.keywords)


def permission(card: UnitCard, by: str) -> tuple[str, bool] | None:
    """The card's permission to be played to the combat's battlefield (CR 355.2.b), if ``by`` may use
    it: ``(its words, whether it needs no unit of the player there)``."""
    for e in card.abilities:
        if e.get("effect") == "play_location" and e.get("where") in PERMISSIONS:
            who, alone = PERMISSIONS[e["where"]]
            if who in ("both", by):
                return e["where"], alone
    return None


def locations(card: UnitCard, way: str, by: str, controller: str | None, granted: bool = False) -> tuple[str, ...]:
    """Where the unit played ``way`` (reaction | ambush | facedown) by ``by`` may enter: ``base``,
    ``battlefield`` (this combat's) and ``elsewhere`` (another battlefield its player controls), before
    the board is checked (an [Ambush] needs its player's units there as it resolves; a permission while an enemy unit
    is alone there, its own or ``granted`` by a unit of its player's, that one enemy unit, :data:`ALONE`)."""
    if way == "facedown":  # a hidden card is played from where it was hidden: a battlefield its player controlled
        return ("battlefield", "elsewhere") if by == controller else ("elsewhere",)
    if way == "ambush":  # and where the unit killed for its cost was, another battlefield too (checked as it enters)
        return ("battlefield", "elsewhere") if killed_place(card) else ("battlefield",)
    out = ["base"]
    if by == controller or permission(card, by) or alone_permission(card) or granted:
        out.append("battlefield")
    return (*out, "elsewhere")


def play_card(card: UnitCard, to: str, facedown: bool, role: str | None = None,
              own_turn: bool | None = None) -> tuple[Card, list[tuple[dict, str]]]:
    """The unit card as the interpreter reads it when played: its "When you play me" abilities that
    fire for this play (as abilities of the unit, ``ref: self`` -> the unit), then, when ``role`` is
    given (RB-READ-6 [late_designation_triggers=yes], played to the battlefield), its "When I attack /
    defend" abilities of that side; its cost and Reaction speed; and the play triggers that fire but
    whose trigger the model cannot decide, with why. ``own_turn``: whether it is played on its player's turn (the
    scenario's ``turn:``; None: not stated), for "When you play me from face down on your turn"."""
    effects, unread = [], []
    for e in card.abilities:
        if e.get("effect") == "play_location" and e.get("where") not in PERMISSIONS and e.get("where") != ALONE \
                and not (e.get("where") == KILLED_ONES and kill_cost(card)):  # RB-CARD-4, named as it is played
            unread.append((e, f"where it lets the unit be played ({e.get('where')}), and the additional cost the card's "
                              "text ties to it, are not modelled: the play is taken as stated, nothing paid"))
            continue
        when = PLAY_TRIGGERS.get(e.get("trigger"))
        if when is None or e.get("activated"):
            continue
        if when == "battlefield" and to == "base" or when == "facedown" and not facedown:
            continue
        if when == "facedown_own_turn" and not (facedown and own_turn):
            if facedown and own_turn is None:
                unread.append((e, "whose turn it is is not stated: give the scenario's `turn: attacker|defender`"))
            continue
        effects.append(as_ability(e))
    if role is not None and to == "battlefield":  # RB-READ-6: its designation fires its combat trigger
        effects += [{**as_ability(e), "_late": True} for e in card.combat_triggers(role)]
    return Card(id=f"{card.id}/play", name=card.name, type="unit", speed="reaction", showdown_playable=True,
                energy_cost=card.energy_cost, power_cost=card.power_cost, effects=tuple(effects), unparsed=0,
                domains=card.domains, keywords=tuple((k.split()[0], None) for k in card.keywords)), unread


def paid_as_played(e: Mapping[str, Any]) -> bool:
    """Whether ``e``, a "When you play me" ability, has an additional cost the model reads as the unit is played from
    hand: "you may pay N Energy / runes to ...", whether paid stated by the entry (``condition:``, RB-CARD-8).

    >>> from pycombat.games.riftbound.cards.units import load_units
    >>> [paid_as_played(e) for e in load_units().unit("Kennen, Keeper of Balance").abilities]
    [True, False]
    """
    from .interpreter import paid_option

    if PLAY_TRIGGERS.get(e.get("trigger")) is None or e.get("activated"):
        return False
    read = as_ability(e)
    return paid_option(read) is not read


#: what the card lookup says of a "When you play me" ability's additional cost read as the unit is played
PAID_AS_PLAYED = ("as the unit is played from hand, its additional cost ({cost}) is paid as the ability resolves: the "
                  "play's `condition: true|false` states whether its player paid (not stated: NOT MODELLED, RB-CARD-4; "
                  "not paid: it does nothing), and with card_costs=stated its `paid:` covers the unit's cost and that "
                  "one (RB-CARD-8, RB-CARD-2, RB-CARD-16)")


def has_units(units: Mapping[str, Any], present: list[str], side: str) -> bool:
    return any(units[n].side == side for n in present)


def enter(play, units: dict, present: list[str], base: list[str], away: list[str], killed_at: str | None = None) -> str:
    """Put the unit ``play`` plays into play where its entry says (checked against the board: an
    [Ambush] needs its player's units at the battlefield, RB-CARD-16); the narration. Raises a
    ScenarioError naming the entry."""
    from pycombat.errors import ScenarioError
    from .units import load_units

    u, to, by = play.unit, play.to, play.by
    card = load_units().unit(u.card_id)
    how = {"reaction": "[Reaction]", "ambush": "[Ambush], as a Reaction", "facedown": "from facedown ([Hidden]: "
           "it has Reaction)", "ability": f"{play.played_by}'s ability"}[play.play_as]
    # how it is played, after its name (a hidden card is played from face down, not from hand)
    how = {"facedown": how, "ability": f"with {how}"}.get(play.play_as, f"from hand with {how}")
    if killed_place(card) and to in ("battlefield", "elsewhere") and to != killed_at and (
            to == "elsewhere" or not has_units(units, present, by)):
        raise ScenarioError(f"{card.name}: [Ambush] plays it to a battlefield where its player has units, or where the "
                            f"unit killed for its cost was ({killed_at or 'none'}) ({RULE})", path=f"{play.path}.to")
    if to == "battlefield" and play.play_as == "ambush" and not (killed_place(card) and killed_at == to):
        perm = permission(card, by)
        if not has_units(units, present, by) and not (perm and perm[1]):
            raise ScenarioError(f"{card.name}: [Ambush] plays it to a battlefield where its player has units; the {by} "
                                f"has none there now ({RULE})", path=f"{play.path}.to")
    via = ""  # the permission it enters by, said in the narration
    if to == "battlefield" and play.play_as in ("reaction", "ambush") and not play.controls_here \
            and not permission(card, by):  # CR 355.2.b: the permission while one enemy unit is alone there (ALONE)
        granting = [n for n in present + base + away if units[n].side == by and units[n].card_id is not None
                    and grants_alone(load_units().unit(units[n].card_id))]
        enemies = [n for n in present if units[n].side != by]
        if play.play_as == "reaction" and not (alone_permission(card) or granting):
            raise ScenarioError(f"{card.name}: units go to their base or a battlefield their player controls, and "
                                f"this one is not the {by}'s ({RULE})", path=f"{play.path}.to")
        if play.play_as == "reaction" and len(enemies) != 1:
            whose = "its own" if alone_permission(card) else f"{', '.join(granting)}'s"
            raise ScenarioError(f"{card.name}: {whose} permission plays it to an occupied battlefield only if an enemy "
                                f"unit is alone there; there are {len(enemies)} now ({RULE})", path=f"{play.path}.to")
        if play.play_as == "reaction":
            via = (f" ({'its own' if alone_permission(card) else ', '.join(granting) + chr(39) + 's'} permission: an "
                   f"enemy unit, {enemies[0]}, is alone there)")
    from .statics import play_refused, side_xp

    if to in ("battlefield", "elsewhere") and (why := play_refused(units, present + away, by)) is not None:
        raise ScenarioError(f"{card.name}: {why}: it cannot be played to a battlefield", path=f"{play.path}.to")
    # RB-CARD-2: its player's XP now (an XP cost spent earlier in the showdown), which its "[Level N]" abilities read
    now = side_xp(units, by)
    if now is not None and u.xp is not None and now != u.xp:
        u = replace(u, xp=now)
    from .replay import ready_as_it_enters

    # RB-CARD-9: a unit enters play exhausted unless a card says it enters ready
    u = replace(u, exhausted=not ready_as_it_enters(u, to, units, present + base + away), designated=to == "battlefield")
    units[u.name] = u
    if to == "battlefield":
        present.append(u.name)
        return (f"{u.name} {how} to the battlefield{via}: it fights for the {by} (its "
                "designation at the next cleanup) and its abilities act from now on")
    (base if to == "base" else away).append(u.name)
    where = "its base" if to == "base" else "another battlefield its player controls"
    return (f"{u.name} {how} to {where}: not in this combat unless a card moves it in; its "
            "abilities act from now on")
