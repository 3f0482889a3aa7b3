"""Banish a unit, then its owner plays it anew (RB-CARD-24), read by the one interpreter.

A ``banish_replay`` effect (Portal Rescue, Arcane Shift, Thrill of the Hunt, Temporal Breach; the
records are the project's, ``data/effects_overlay.yaml``, each citing the printed clause) banishes its
target: the unit leaves play with its damage, buffs, Might changes and every effect on it (RB-CARD-7;
no Deathknell: it did not die), and the Equipment attached to it stays in play unattached under its
controller (RB-CARD-14). Then its owner plays a fresh unit of the same card, ignoring its cost: its
printed Might and keywords, no damage, no buff, its player's facts (his XP, which its "[Level N]"
abilities read, and what the side states of him, RB-CARD-9), exhausted unless the replaying card plays it
ready or its card says it enters ready (:func:`enters_ready`: "I enter ready", "If you play me to a
battlefield, I enter ready", "[Level N] ... enter ready" with its player's XP, a friendly unit's "Other
friendly units enter ready"), where the card says (``to``: the location it left; where its owner may
play a unit, his base or a battlefield he controls, CR 355.2.a; or the places listed, among which the
entry's ``to:`` chooses; not given, the one of them that is not another battlefield, if only one is). At
the battlefield it fights for its owner's side (its designation at the next cleanup,
RB-COMB-4). It is a unit played: its owner's "When you play a unit" triggers fire, and its own "When you play me"
(:mod:`.events`, RB-CARD-10). A token
banished ceases to exist: nothing is played. The fresh unit is built by the scenario reader from the
card data (the entry carries it: ``Play.replayed``); its name is the entry's ``label:``, else
``"<unit> (replayed)"``.
"""
from __future__ import annotations

from typing import Any, Mapping

from pycombat.frozen import replace
from .plays import Board, Change, Play, play_error as _err
from . import statics as _statics

RULE = "RB-CARD-24"
KIND = "banish_replay"
#: the record keys of a replay effect (beyond the interpreter's own)
KEYS = {"ready"}
#: where the fresh unit goes: ``same`` (where the unit was), ``played`` (its owner's valid locations), or a list
WHERE = ("same", "played")
PLACES = ("base", "battlefield", "elsewhere")
SUFFIX = " (replayed)"


def support(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(modelled, how or why not)`` for a ``banish_replay`` record."""
    to = e.get("to")
    if not (to in WHERE or isinstance(to, (list, tuple)) and to and set(to) <= set(PLACES)):
        return False, f"where its owner plays it ({to}) is not read"
    where = {"same": "to the location it left", "played": "where its owner may play a unit (his base or a "
             "battlefield he controls)"}.get(to) if isinstance(to, str) else "to " + " or ".join(to)
    return True, (f"the unit is banished (its damage, buffs and Might changes go with it; attached Equipment stays "
                  f"in play unattached), then its owner plays a fresh one {where}, ignoring its cost: printed Might, "
                  f"no damage, {'ready' if e.get('ready') else 'exhausted unless its card says it enters ready'}; "
                  "\"When you play a unit\" triggers fire "
                  f"({RULE}; the printed clause as structured by the project, data/effects_overlay.yaml)")


def allowed(e: Mapping[str, Any], played: tuple[str, ...]) -> tuple[str, ...]:
    """The places the effect lets the fresh unit go, ``played`` being where its owner may play a unit."""
    to = e.get("to")
    return PLACES if to == "same" else played if to == "played" else tuple(p for p in PLACES if p in to)


def replay(e, play: Play, board: Board, name, names) -> list[Change]:
    """The banish of ``name`` and the fresh unit its owner plays (a change ``replay`` carrying it)."""
    where = board.where(name)
    out = [Change("remove", name, how="banished", rules=("RB-CARD-7", RULE),
                  note="" if where == "battlefield" else "not at this battlefield: no effect on this combat's totals")]
    fresh = {t: (u, places) for t, u, places in play.replayed}.get(name)
    if fresh is None:  # a token leaving play ceases to exist (RB-CARD-15)
        out.append(Change("none", name, note=f"{name} is a token: banished, it ceases to exist and nothing is played",
                          rules=(RULE, "RB-CARD-15")))
        return out
    new, places = fresh
    if e.get("to") == "same":
        dest = where
        if play.to is not None and play.to != dest:
            raise _err(play, f"{name} is played anew where it was ({where}), not to {play.to}", RULE, "to")
    elif play.to is not None:
        dest = play.to
    elif len(near := [p for p in places if p != "elsewhere"]) == 1:  # as a unit played from hand (RB-CARD-16)
        dest = near[0]
    else:
        raise _err(play, f"give `to:` where the {new.side} plays {name} anew: " + " or ".join(near), RULE, "to")
    if dest not in places:
        raise _err(play, f"{name} cannot be played anew to {dest}: the card lets its owner play it to "
                   + " or ".join(places), RULE, "to")
    if dest in ("battlefield", "elsewhere") and (why := _statics.play_refused(
            board.units, board.present + board.away, new.side)) is not None:
        out.append(Change("none", name, note=f"{why}: {name} is not played anew (it stays banished)",
                          rules=(RULE, "RB-CARD-9")))
        return out
    # RB-CARD-2: its player's XP now (an XP cost spent earlier in the showdown), which its "[Level N]" abilities read
    now = _statics.side_xp(board.units, new.side)
    if now is not None:
        new = replace(new, xp=now)
    ready = enters_ready(e, new, dest, board)
    new = replace(new, exhausted=not ready)
    out.append(Change("replay", new.name, new.current_might, keyword=name, how=dest, new=new,
                      rules=(RULE,) + (("RB-COMB-4",) if dest == "battlefield" else ())
                      + (("RB-CARD-9",) if ready and not e.get("ready") else ())))
    return out


#: the "I enter ready" condition read from where the unit is played
TO_A_BATTLEFIELD = "If you play me to a battlefield"


def enters_ready(e: Mapping[str, Any], new, dest: str, board: Board) -> bool:
    """Whether the fresh unit ``new``, played anew to ``dest``, enters ready (a unit enters play exhausted unless a
    card says "ready", RB-CARD-9): the replaying card plays it ready (``ready``), or :func:`ready_as_it_enters`."""
    return bool(e.get("ready")) or ready_as_it_enters(new, dest, board.units, board.present + board.base + board.away)


def ready_as_it_enters(new, dest: str, units: Mapping[str, Any], in_play) -> bool:
    """Whether the unit ``new``, entering play at ``dest`` (played from hand or anew), enters ready rather than
    exhausted (RB-CARD-9): its own "I enter ready" (no condition; "If you play me to a battlefield"; "[Level N]",
    its player's XP now), or the "Other friendly units enter ready" of a friendly unit among ``in_play`` (names in
    ``units``). An "I enter ready" under another condition is not decided: it enters exhausted, and the scenario
    reader names it when that could change the showdown (:func:`undecided`)."""
    from .units import load_units

    if new.card_id is None:  # a custom unit: no card text
        return False
    for x in load_units().unit(new.card_id).entering:
        cond = x.get("condition")
        if x.get("effect") == "enters_ready" and (
                cond is None or cond == TO_A_BATTLEFIELD and dest in ("battlefield", "elsewhere")
                or bool(_statics.level_holds(cond, new.xp))):
            return True
    for m in in_play:  # "Other friendly units enter ready" (a unit in play)
        u = units[m]
        if m == new.name or u.side != new.side or u.card_id is None:
            continue
        for x in load_units().unit(u.card_id).entering:
            t = x.get("target") or {}
            if x.get("effect") == "units_enter_ready" and not x.get("condition") and t.get("side") == "friendly" \
                    and not t.get("token"):
                return True
    return False


def undecided(card, xp: int | None) -> list[str]:
    """The conditions of the unit card's "I enter ready" abilities that :func:`enters_ready` does not decide (its
    player's XP ``xp`` not stated, for "[Level N]")."""
    return [str(c) for x in card.entering if x.get("effect") == "enters_ready" and (c := x.get("condition")) is not None
            and c != TO_A_BATTLEFIELD and _statics.level_holds(c, xp) is None]


def replayed_name(target: str, label: str | None) -> str:
    return label or f"{target}{SUFFIX}"


def choices(card_name: str) -> tuple[str | None, ...]:
    """The entry's ``to:`` values worth trying for a card played by the showdown game (:mod:`..play`): None (the
    default place) and, for a card that lets the player choose where a unit is played anew, this battlefield and
    the base (another battlefield is out of this combat, as the base is)."""
    from .spells import load_cards

    card = load_cards().find(card_name)
    chooses = card is not None and any(e.get("effect") == KIND and e.get("to") != "same" for e in card.effects)
    return (None, "battlefield", "base") if chooses else (None,)


HANDLERS = {KIND: replay}
