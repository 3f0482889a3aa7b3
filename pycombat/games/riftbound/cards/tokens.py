"""Unit tokens played by a card in a showdown (RB-CARD-15), read by the one interpreter.

A ``create_unit_token`` effect ("Play four 1 Might Bird unit tokens with [Deflect]", Flurry of
Feathers) puts that many new units of the stated Might into play for the player of the card, named
``Bird 1``, ``Bird 2``, ... (the first numbers not yet used), so that later entries can name them. A
token played to its player's base does not fight, unless a later card moves it in (RB-CARD-7); one
played to the battlefield fights for its side and adds to its total. Where it goes is the card's
(``to: base``; ``here``, the battlefield, for a unit's ability there), or, when the card does not
say, the entry's ``to: base | battlefield`` (the player's choice where he plays it). Tokens that "become
copies of me" (Keeper of Masks: Might ``copy of me``) are played, then become copies of the ability's unit as
its card is printed: its printed Might, keywords, tags and abilities (its card's), with none of what happened
to it (no damage, buff, Might change, Equipment, stun); as units they are tokens, and were played as tokens, so
the card's "When you play me" does not fire for them (:data:`COPY`). A count the data does not give as a number
("one per Equipment you control") is not modelled (RB-CARD-4).

>>> token_names("Bird", 2, {"Bird 1", "D3"})
['Bird 2', 'Bird 3']
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from pycombat.frozen import replace
from ..model import Unit
from .plays import Board, Change, Play, play_error as _err
from . import statics as _statics
from .copies import without_grants

#: the record keys of a token effect (beyond the interpreter's own)
KEYS = {"count", "might", "token", "ready", "temporary"}
#: keywords a token may be played with, none of which changes combat damage here
NO_EFFECT = ("Deflect", "Temporary")
#: a token's place "there" of "When I move from a location, play ... there": the location the unit moved from
MOVED_FROM = "moved_from"
#: a token's Might "copy of me": the tokens become copies of the ability's unit, as its card is printed (RB-CARD-15)
COPY = "copy of me"


def support(e: Mapping[str, Any]) -> tuple[bool, str]:
    """``(modelled, how or why not)`` for a ``create_unit_token`` record."""
    if not isinstance(e.get("count"), int):
        return False, f"its number of tokens ({e.get('count')}) is not read"
    if not isinstance(e.get("might"), int) and e.get("might") != COPY:
        return False, f"the tokens' Might ({e.get('might')}) is not read"
    if e.get("keyword") not in (None, *NO_EFFECT):
        return False, f"a token with {e['keyword']} is not modelled"
    where = {"base": "to its player's base", "here": "here, at the battlefield",
             MOVED_FROM: "at the location its unit moved from (\"there\"): this battlefield only when it moved away "
                         "from it"}.get(e.get("to"),
                                                                                "where the entry says (`to:`; for a unit "
                                                                                "card's own play ability, `tokens_to:`)")
    if e.get("might") == COPY:
        return True, (f"{e['count']} {token_name(e)} token unit(s) played {where}, then they become copies of its unit: "
                      "the Might, keywords, tags and abilities printed on its card (none of its damage, buff, Might "
                      "changes or Equipment; played as tokens, its \"When you play me\" does not fire for them); at "
                      "the battlefield they fight for its player (RB-CARD-15, RB-CARD-7)")
    return True, (f"{e['count']} {e.get('token')} token unit(s) of Might {e['might']} played {where}; at the "
                  "battlefield they fight for its player (RB-CARD-15, RB-CARD-7)")


def token_name(e: Mapping[str, Any]) -> str:
    """The token's name, without the data's note that it becomes a copy ("Reflection (copy of me)")."""
    return re.sub(r"\s*\(copy of me\)$", "", str(e.get("token")))


def copy_of(src: Unit, name: str, ready: bool) -> Unit:
    """A token ``name`` become a copy of ``src`` as its card is printed (:data:`COPY`): its printed Might, keywords,
    tags, domains and abilities (its card's, read from it as for the unit), none of what happened to it."""
    fresh = Unit(name=name, side=src.side, might=src.might)
    changed = {f: getattr(fresh, f) for f in ("marked", "stunned", "buffed", "equipment", "stated_bonus", "moved",
                                               "might_changes", "prevent", "prevent_all", "prevent_next", "doubled",
                                               "kill_on_damage", "doomed", "static", "immune", "unstated", "value")}
    return replace(without_grants(src), **changed, name=name, token=True, exhausted=not ready,  # (its card's keywords)
                   card_name=f"{src.card_name or src.name} (a copy, token)")


def token_names(token: str, count: int, used: Iterable[str]) -> list[str]:
    """The names of ``count`` new ``token`` units: ``"<token> <k>"`` for the first unused ``k``."""
    taken, out, k = set(used), [], 0
    while len(out) < count:
        k += 1
        if f"{token} {k}" not in taken:
            out.append(f"{token} {k}")
    return out


def destination(e: Mapping[str, Any], play: Play, board: Board) -> str:
    """``base``, ``battlefield`` or ``elsewhere`` (another battlefield): the card's place for the tokens, else the
    entry's ``to:``."""
    to = e.get("to")
    if to == "base":
        return "base"
    if to == MOVED_FROM:  # "When I move from a location, play ... there": where the unit moved from
        # (not known: a unit with [Ganking] staging the combat came from its base or another battlefield, named by the
        # move chain; either way not this battlefield)
        return play.moved_from or "elsewhere"
    if to == "here":  # a unit's ability: the unit's own location (another battlefield: out of this combat)
        where = board.where(play.source_unit) if play.source_unit else None
        return where if where in ("battlefield", "elsewhere") else "base"
    if play.unit is not None:  # a unit card's own play ability: its tokens go where the entry's `tokens_to:` says
        if play.tokens_to is None:
            raise _err(play, f"{play.unit.name}'s play ability does not say where its tokens are played: give "
                       "`tokens_to: base`, `tokens_to: battlefield` (a battlefield its player controls) or `tokens_to: "
                       "elsewhere` (`to:` is where the unit itself enters)", "RB-CARD-15", "tokens_to")
        play = replace(play, to=play.tokens_to)
    elif play.facedown and not (play.trigger_of or play.ability_of):  # RB-CARD-26: where the card was hidden
        at = "battlefield" if play.revealed_here else "elsewhere"
        if play.to not in (None, at):
            raise _err(play, f"played from facedown, its tokens are played at the battlefield where it was hidden ("
                       + ("this one" if at == "battlefield" else "another one: `to: elsewhere`") + ")",
                       "RB-CARD-26", "to")
        play = replace(play, to=at)
    elif play.to == "battlefield" and play.controls_here is False:  # CR 355.2.a
        raise _err(play, f"the {play.by} does not control this battlefield (CR 187.4.b): its tokens are played to his "
                   "base or a battlefield he controls (`to: base` or `to: elsewhere`)", "RB-CARD-15", "to")
    if play.to in ("battlefield", "elsewhere") and (why := _statics.play_refused(board.units, board.present + board.away,
                                                                                  play.by)):
        raise _err(play, f"{why}: its tokens cannot be played to a battlefield", "RB-CARD-15", "to")
    if play.to in ("base", "battlefield", "elsewhere"):
        return play.to
    raise _err(play, "the card does not say where its tokens are played: give `to: base`, `to: battlefield` (a "
               "battlefield its player controls) or `to: elsewhere` (where the player plays them)", "RB-CARD-15", "to")


def zileans(play: Play, board: Board) -> list[str]:
    """The units of ``play``'s player at a battlefield (this one or another) whose static ability lets him play an
    additional copy of a token unit (Zilean, Time Mage, :data:`.statics.TOKEN_COPY`)."""
    return [n for n in list(board.present) + list(board.away) if board.units[n].side == play.by
            and any(s.get("effect") == _statics.TOKEN_COPY for s in board.units[n].statics)]


def _count(e: Mapping[str, Any], play: Play, board: Board) -> int:
    """How many tokens the effect plays: its count, one more with the entry's ``extra_copy: true`` (Zilean, Time
    Mage's "you may play that token and an additional copy of it instead", refused with no Zilean of its player at
    a battlefield)."""
    n = int(e["count"])
    if play.extra_copy and not zileans(play, board):
        raise _err(play, "`extra_copy: true`: its player has no Zilean, Time Mage at a battlefield (\"if you would "
                   "play a token unit while I'm at a battlefield\")", "RB-CARD-15", "extra_copy")
    return n + 1 if play.extra_copy else n


def create(e, play: Play, board: Board, name, names) -> list[Change]:
    """The token units the effect plays, each a change of kind ``token`` carrying the new unit."""
    where = destination(e, play, board)
    e = {**e, "count": _count(e, play, board)}
    if e.get("might") == COPY:  # they become copies of the ability's unit, as its card is printed
        token, src = token_name(e), board.units[play.source_unit]
        return [Change("token", n, src.might, keyword=token, how=where, rules=("RB-CARD-15",) + (
            ("RB-CARD-7",) if where == "battlefield" else ()), new=copy_of(src, n, bool(e.get("ready"))),
            note=f"a copy of {src.name}") for n in token_names(token, int(e["count"]), board.units)]
    token, might = str(e.get("token")), int(e["might"])
    kws = tuple(dict.fromkeys([*([e["keyword"]] if e.get("keyword") else []),
                               *(["Temporary"] if e.get("temporary") else []), *printed(token)]))
    out = []
    for n in token_names(token, int(e["count"]), board.units):
        # a unit enters play exhausted unless the card plays it ready ("play a ready 3 Might Sprite")
        unit = Unit(name=n, side=play.by, might=might, card_name=f"{token} token", tags=(token,),
                    keywords=kws, deflect=1 if "Deflect" in kws else 0, token=True, exhausted=not e.get("ready"))
        out.append(Change("token", n, might, keyword=token, how=where, rules=("RB-CARD-15",) + (
            ("RB-CARD-7",) if where == "battlefield" else ()), new=unit))
    return out


def printed(token: str) -> tuple[str, ...]:
    """The keywords of the token unit of the data called ``token`` (the Bird's [Deflect]), if any; none of
    them changes combat damage (:data:`NO_EFFECT`)."""
    from .units import load_units

    found = [c for c in load_units().cards if c.name == token and c.supertype == "token"]
    return tuple(k for k in (found[0].keywords if found else ()) if k in NO_EFFECT)


HANDLERS = {"create_unit_token": create}
