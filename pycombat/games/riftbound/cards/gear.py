"""Gear on the board killed or returned to hand by a card (RB-CARD-22), read by the one interpreter.

The gear in play a scenario names is each side's unattached gear (``gear:``) and the Equipment
attached to its units (``equipment:``). A ``kill`` or ``return_to_hand`` effect whose target is of
kind ``gear`` takes gear from there:

* ``count: all`` ("Kill all gear", Thermo Beam): every gear the scenario has in play;
* ``count: 1`` / ``count_max: 1`` ("Return a gear to its owner's hand", Factory Recall; "You may kill
  up to one gear", Salvage): the gear the entry's ``target`` names (none: "up to one", declined);
* ``chooser: each player, own gear`` ("Each player kills one of their gear", Acceptable Losses): the
  entry's ``target`` names at most one gear of each player. A player whose gear the entry does not name
  kills one the scenario does not list (one that changes no combat damage) only when the scenario allows
  him such gear (his side's ``gear_elsewhere`` not stated, or more than 0); with ``gear_elsewhere: 0`` he
  must kill one of his gear the scenario lists: his only one is killed, and among several the entry must
  name his choice (refused otherwise); with none at all he kills nothing.

The gear whose [Action] ability an entry uses (Divining Shells: "[Action] Kill this, exhaust: ...", RB-CARD-17) is one
in play of its player (:func:`ability_source`): his `gear:` lists it, or it is one the scenario does not list, which his
side's ``gear_elsewhere`` allows (not stated, or more than the gear not listed already gone); "Kill this" in its cost
kills it as the ability is used, so a listed one is used once and a card killing gear later finds it gone.

A gear is named by its card name; an Equipment attached to a unit, by its name and, when several are
in play, the unit (``from: UNIT``). An attached Equipment killed or returned is detached first: its
unit loses its Might bonus (RB-CARD-5, RB-CARD-14); a gear with a death replacement (Zhonya's
Hourglass, RB-CARD-18) gone from play saves no one.
"""
from __future__ import annotations

from typing import Any, Mapping

from .plays import Board, Change, Play, play_error as _err
from .spells import Card, load_cards

RULE = "RB-CARD-22"
EACH_PLAYER = "each player, own gear"
#: how a gear returned to hand leaves play: it is in its owner's hand again, where he may play it again (a Quick-Draw
#: Equipment has Reaction, RB-SHOW-4; :meth:`..play.game.ShowdownGame.back_to_hands`)
TO_HAND = "returned to its owner's hand"
_HOW = {"kill": "killed", "return_to_hand": TO_HAND, "banish": "banished"}


def is_gear_effect(e: Mapping[str, Any]) -> bool:
    tgt = e.get("target")
    return isinstance(tgt, dict) and tgt.get("kind") == "gear"


def takes(card: Card) -> bool:
    """Whether the card's targets name gear (read as card names, not units)."""
    return any(is_gear_effect(e) for e in card.effects)


def support(e: Mapping[str, Any]) -> tuple[bool, str]:
    tgt = e.get("target") or {}
    k = e.get("effect")
    if k not in _HOW or set(tgt) - {"kind", "count", "count_max", "chooser"}:
        return False, "gear on the board: only killing it or returning it to hand is modelled"
    what = f"{_HOW[k]}: an Equipment attached gives its unit its Might bonus no more, a gear saving units saves no one"
    if tgt.get("count") == "all":
        return True, f"every gear in play the scenario names is {what} ({RULE})"
    if tgt.get("chooser") == EACH_PLAYER:
        return True, (f"the gear of each player the entry names (`target`, at most one each) is {what}; a player "
                      "whose gear it does not name kills one the scenario does not list, or, with his side's "
                      f"`gear_elsewhere: 0`, his only gear in play (among several: name his choice) ({RULE})")
    if tgt.get("count", 1) == 1 or tgt.get("count_max") == 1:
        return True, (f"the gear the entry names (`target`; `from: UNIT` for an Equipment on a unit) is {what}"
                      + (" (up to one: none named, none)" if tgt.get("count_max") else "") + f" ({RULE})")
    return False, f"gear targets {tgt} are not modelled"


def _in_play(board: Board) -> list[tuple[str, str, str | None]]:
    """Every gear in play: (name, its controller, the unit it is attached to or None)."""
    out = [(g, side, None) for side in ("attacker", "defender") for g in board.gear.get(side, ())]
    for n, u in board.units.items():
        if board.where(n) is not None:
            out += [(g, u.side, n) for g in u.equipment]
    return out


def _find(play: Play, board: Board, name: str) -> tuple[str, str, str | None]:
    card = load_cards().find(name)
    if card is None or card.type != "gear":
        raise _err(play, f"{name!r} is not a gear card", "RB-CARD-1", "target")
    hits = [h for h in _in_play(board) if h[0] == card.name]
    if play.attach_from is not None and any(h[2] == play.attach_from for h in hits):
        hits = [h for h in hits if h[2] == play.attach_from]
    if not hits:
        raise _err(play, f"no {card.name} in play (a side's `gear:` or a unit's `equipment:`)", "RB-CARD-1",
                   "target")
    if len(set(hits)) > 1:
        raise _err(play, f"several {card.name} in play ("
                   + ", ".join(f"on {u}" if u else f"the {s}'s unattached" for _, s, u in hits)
                   + "): give `from: UNIT` for the one on a unit", "RB-CARD-1", "from")
    return hits[0]


#: the key of :attr:`.plays.Board.gear` counting ``side``'s gear not listed that left play (killed by "Each player kills
#: one of their gear", or by its own ability's "Kill this"): ``ELSEWHERE_GONE + side``
ELSEWHERE_GONE = "gone, not listed: "


def _elsewhere_left(board: Board, side: str) -> int | None:
    """How many gear not listed ``side``'s player still controls (None: his ``gear_elsewhere`` not stated)."""
    n = gear_elsewhere(board, side)
    return None if n is None else n - len(board.gear.get(ELSEWHERE_GONE + side, ()))


def ability_source(play: Play, board: Board) -> list[Change]:
    """RB-CARD-17 with RB-CARD-22: the gear whose [Action] ability ``play`` uses (:func:`.plays.event_of` is
    ``gear_ability``) is one its player controls in play: one his ``gear:`` lists (first), or one the scenario does not
    list, which his side's ``gear_elsewhere`` must allow (not stated, or more than those not listed already gone);
    refused otherwise (``gear_elsewhere: 0`` with none listed, or the listed one killed or returned earlier). "Kill this"
    in the ability's cost kills it as it is used (RB-CARD-2): it leaves play. Any other play: no change."""
    from .plays import event_of

    if event_of(play) != "gear_ability" or play.by not in ("attacker", "defender"):
        return []
    name, side = play.card.name, play.by
    printed = str(next((e["activated"] for e in play.card.effects if e.get("activated")), ""))
    kills = "kill this" in printed.lower()
    if name in board.gear.get(side, ()):
        if not kills:
            return []
        return [Change("gear_gone", keyword=name, how=side, note="killed: its ability's cost (\"Kill this\")",
                       rules=("RB-CARD-2", RULE))]
    left = _elsewhere_left(board, side)
    if left is not None and left <= 0:
        stated = gear_elsewhere(board, side)
        raise _err(play, f"no {name} of the {side}'s in play (`{side}.gear` lists none or it left play; "
                   + (f"`gear_elsewhere: {stated}`: no gear not listed" if stated == 0 else
                      f"`gear_elsewhere: {stated}`: all gone") + ") to use its [Action] ability",
                   "RB-CARD-17", "play")
    why = "not stated" if left is None else f"{left} not listed still in play"
    out = [Change("none", note=f"{name} is a gear of the {side}'s the scenario does not list (his `gear_elsewhere`: "
                  f"{why})" + ("; killed: its ability's cost (\"Kill this\")" if kills else ""), rules=(RULE,))]
    if kills:
        out.append(Change("gear_gone", keyword=name, how=ELSEWHERE_GONE + side, note="gone", rules=("RB-CARD-2",)))
    return out


def gear_elsewhere(board: Board, side: str) -> int | None:
    """The gear ``side``'s player controls that the scenario does not list (his side's ``gear_elsewhere``; None: not
    stated)."""
    return next((u.player.gear_elsewhere for u in board.units.values() if u.side == side and u.player is not None),
                None)


def listed(board: Board, side: str) -> list[tuple[str, str, str | None]]:
    """The gear of ``side``'s player in play that the scenario lists (his ``gear:`` and the Equipment on his units in
    play), each once."""
    return list(dict.fromkeys(h for h in _in_play(board) if h[1] == side))


def _unnamed_choice(e: Mapping[str, Any], play: Play, board: Board, side: str) -> list[Change]:
    """RB-CARD-22: what ``side``'s player kills for "Each player kills one of their gear" when the entry names none of
    his: a gear the scenario does not list, which changes no combat damage, when it allows him one (his
    ``gear_elsewhere`` not stated, or more than 0); with ``gear_elsewhere: 0`` his only gear in play (none: nothing);
    among several, his choice, which the entry must state (refused)."""
    mine = listed(board, side)
    elsewhere = gear_elsewhere(board, side)
    left = _elsewhere_left(board, side)
    if left is None or left > 0:
        why = "not stated" if left is None else f"{left} not listed in play"
        said = [Change("none", note=f"the {side} kills a gear the scenario does not list (his `gear_elsewhere`: "
                       f"{why})" + (", none of his in play" if mine else ""), rules=(RULE,))] \
            if mine or left is not None else []
        return said + ([Change("gear_gone", keyword="a gear not listed", how=ELSEWHERE_GONE + side, note="gone",
                               rules=(RULE,))] if left is not None else [])
    why = "`gear_elsewhere: 0`" if elsewhere == 0 else f"`gear_elsewhere: {elsewhere}`, each gone already"
    if len(mine) > 1:
        raise _err(play, f"the {side} controls no gear but {', '.join(_words(h) for h in mine)} (his "
                   f"{why}): he must kill one of them, his choice; name it in `target`", RULE, "target")
    if not mine:
        return [Change("none", note=f"the {side} controls no gear (his {why}): he kills none",
                       rules=(RULE,))]
    return [Change("none", note=f"the {side} controls no gear but {_words(mine[0])} (his {why}): he "
                   "must kill it", rules=(RULE,))] + _gone(e, mine[0], board)


def _words(hit: tuple[str, str, str | None]) -> str:
    name, _, unit = hit
    return f"{name} (on {unit})" if unit else name


def _gone(e: Mapping[str, Any], hit: tuple[str, str, str | None], board: Board) -> list[Change]:
    name, side, unit = hit
    how = _HOW[e["effect"]]
    out = []
    if unit is not None:  # detached first: its unit loses the bonus (RB-CARD-14)
        gear = load_cards().find(name)
        out.append(Change("equip", unit, gear.equip_might_bonus if gear else None, keyword=name, how="detach",
                          rules=("RB-CARD-14", RULE)))
    out.append(Change("gear_gone", keyword=name, how=side, note=how, rules=(RULE,)))
    return out


def changes(e: Mapping[str, Any], play: Play, board: Board, queue: list[str]) -> list[Change]:
    """The changes a gear effect makes; the gear it names are taken from ``queue`` (the entry's targets)."""
    tgt = e.get("target") or {}
    if tgt.get("count") == "all":
        out: list[Change] = []
        for hit in _in_play(board):
            out += _gone(e, hit, board)
        return out or [Change("none", note="no gear in play the scenario names", rules=(RULE,))]
    if tgt.get("chooser") == EACH_PLAYER:
        names, queue[:] = queue[:2], queue[2:]
        hits = [_find(play, board, n) for n in names]
        sides = [s for _, s, _ in hits]
        if len(set(sides)) != len(sides):
            raise _err(play, "each player kills one of his own gear: name at most one gear of each player",
                       "RB-CARD-1", "target")
        out = []
        for hit in hits:
            out += _gone(e, hit, board)
        for side in ("attacker", "defender"):  # a player whose gear the entry does not name
            if side not in sides:
                out += _unnamed_choice(e, play, board, side)
        return out or [Change("none", note="no gear the scenario names is killed", rules=(RULE,))]
    if not queue:
        if tgt.get("count_max") == 1:
            return [Change("none", note="no gear chosen", rules=(RULE,))]
        raise _err(play, "name the gear in `target`", "RB-CARD-1", "target")
    return _gone(e, _find(play, board, queue.pop(0)), board)
