"""A card's own printed cost changes (RB-CARD-2 with ``card_costs = stated``), data read by one reader: the overlay's
``cost_changes`` on a card (``data/effects_overlay.yaml``), and the [Hidden] keyword's "react with later for
[0 Energy]" (a card played from facedown costs no Energy: its hide cost was paid as it was hidden, RB-CARD-26).

Each change is ``{energy_less: N | highest_might_you_control, if: CONDITION}`` (its Energy cost less that, to a
minimum of 0), ``{ignore_cost: true, if: CONDITION}`` (none of its Energy or Power paid) or ``{ignore_deflect: true}``
("Ignore [Deflect] while paying this spell's cost": no Power for the [Deflect] of the units it chooses, RB-MIGHT-10,
:func:`ignores_deflect`, read by every verb's cost: the interpreter's check and the showdown game's payments). ``if``
(none: always) is a fact read from the board as the card is played:

* ``you control something Empowered``: a unit of its player stated ``empowered: true``; a gear or his legend being
  [Empowered] is not on the board (not modelled, as ``card`` says): without such a unit the full cost is paid.
* ``you spend a buff``: the player's additional cost, possible only when a unit of his is buffed; the entry's `paid:`
  says whether he used it; which unit spends its buff (and so loses its +1 Might) is not stated: named NOT MODELLED
  when the payment relies on it.
* ``played from anywhere other than your hand``: a card played from facedown (a showdown entry is otherwise played
  from its player's hand).
"""
from __future__ import annotations

from typing import Any, Mapping


RULE = "RB-CARD-2"
#: the reduction amounts the reader computes from the board
AMOUNTS = ("highest_might_you_control",)
#: the conditions the reader reads (see the module text)
CONDITIONS = ("you control something Empowered", "you spend a buff", "played from anywhere other than your hand")
KEYS = {"energy_less", "ignore_cost", "ignore_deflect", "if"}


def check_record(c: Any) -> str | None:
    """Why an overlay ``cost_changes`` item is not one this reader reads, or None."""
    if not isinstance(c, dict) or set(c) - KEYS \
            or ["energy_less" in c, c.get("ignore_cost") is True, c.get("ignore_deflect") is True].count(True) != 1:
        return ("give `energy_less: N | highest_might_you_control`, `ignore_cost: true` or `ignore_deflect: true`, with "
                "an optional `if`")
    if c.get("ignore_deflect") and c.get("if") is not None:
        return "`ignore_deflect` holds always: give no `if`"
    if "energy_less" in c and not (isinstance(c["energy_less"], int) or c["energy_less"] in AMOUNTS):
        return f"`energy_less` is a number or one of {', '.join(AMOUNTS)}"
    if c.get("if") is not None and c["if"] not in CONDITIONS:
        return f"`if` is one of {'; '.join(CONDITIONS)}"
    return None


def describe(c: Mapping[str, Any]) -> str:
    """What a cost change does, as ``card`` shows it."""
    if c.get("ignore_deflect"):
        return ("no Power is paid for the [Deflect] of the units it chooses (RB-MIGHT-10), checked with "
                f"card_costs=stated ({RULE})")
    what = "none of its cost is paid" if c.get("ignore_cost") else (
        "its Energy cost is reduced by the highest Might among its player's units in play"
        if c.get("energy_less") == "highest_might_you_control" else f"its Energy cost is {c['energy_less']} less")
    when = {None: "", "you control something Empowered": " if its player controls something [Empowered]: a unit "
            "stated `empowered: true` (a gear or legend being [Empowered] is not modelled: not on the board)",
            "you spend a buff": " if its player spends a buff of one of his units (the entry's `paid:` says; which "
            "unit's buff is not followed)",
            "played from anywhere other than your hand": " when played from facedown (not from hand)"}[c.get("if")]
    return f"{what}{when}, checked with card_costs=stated ({RULE})"


def ignores_deflect(card: Any) -> bool:
    """Whether the card ignores [Deflect] while its cost is paid ("Ignore [Deflect] while paying this spell's cost"):
    its player pays no Power for the [Deflect] of the units it chooses (RB-MIGHT-10). ``card``: its record (or None)."""
    return any(c.get("ignore_deflect") for c in getattr(card, "cost_changes", ()) or ())


def hidden(card: Any) -> bool:
    """Whether a spell, gear or unit card has [Hidden] (a spell's keywords are (name, value) pairs, a unit's names)."""
    return any((k[0] if isinstance(k, tuple) else str(k).split()[0] if str(k) else "") == "Hidden"
               for k in getattr(card, "keywords", ()))


def _mine(play: Any, board: Any) -> list:
    return [u for n, u in board.units.items() if u.side == play.by and board.where(n) is not None]


def reduced(play: Any, board: Any, energy: int, power: int) -> tuple[int, int, list[str], list[tuple[str, str, str]]]:
    """The card's cost (Energy, Power) after its own cost changes, for the play ``play`` on the board ``board``
    (:class:`.plays.Play`, :class:`.plays.Board` or None), what changed it (for the message) and what it leaves
    undecided, as ``(card, what, why)`` (named NOT MODELLED by the caller)."""
    card, why, open_ = play.card, [], []
    if play.facedown and hidden(card):  # [Hidden]: "react with later for [0 Energy]"
        energy, power = 0, 0
        why.append("played from facedown: [Hidden] reacts for 0 Energy")
    for c in getattr(card, "cost_changes", ()):
        if c.get("ignore_deflect"):  # no change to the printed cost: the [Deflect] tax is waived (:func:`ignores_deflect`)
            continue
        cond = c.get("if")
        if cond == "played from anywhere other than your hand" and not play.facedown:
            continue
        if cond == "you control something Empowered":
            if board is None or not any(u.empowered for u in _mine(play, board)):
                continue  # no unit of his stated `empowered: true` (a gear's or legend's is not on the board)
        if cond == "you spend a buff":
            if board is None or not any(u.buffed for u in _mine(play, board)):
                continue  # no buffed unit of his: he has no buff to spend
        if c.get("ignore_cost"):
            new = (0, 0)
        else:
            less = c["energy_less"]
            if less == "highest_might_you_control":
                if board is None:
                    continue
                less = max([u.current_might for u in _mine(play, board)] or [0])
            new = (max(0, energy - int(less)), power)
        if new != (energy, power):
            why.append(describe(c).split(", checked")[0])
            if cond == "you spend a buff" and play.paid is not None and (play.paid[0] < energy or play.paid[1] < power):
                open_.append((card.name, "the buff spent for its additional cost", "which of its player's buffed "
                              f"units spends its buff (losing its +1 Might) is not stated or followed ({RULE})"))
            energy, power = new
    return energy, power, why, open_
