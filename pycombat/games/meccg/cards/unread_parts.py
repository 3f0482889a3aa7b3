"""A card's parts the interpreter does not model, as the data declares them (``unmodelled`` of card_effects.yaml),
and which of them can act in a scenario: under its flags (``only_if``) and with the card they need in play
(``in_play``): what :mod:`.coverage` lists and :mod:`.play` names beside a refusal (MECCG-FX-10)."""
from __future__ import annotations

from typing import Any

from . import interpreter as cardfx
from ..model import Scenario


def entries(m: cardfx.CardModel, where: str, member: str | None = None) -> list[dict[str, Any]]:
    """The card's parts not modelled, each ``{card, id, what, why, where}`` with what it can touch (``member``: the
    member it is on)."""
    out = []
    for u in m.unmodelled:
        e = {"card": m.name, "id": m.id, "what": u["what"], "why": u["why"], "where": where}
        for key in ("limits_play", "narrows", "widens", "grants", "settled_by", "only_if", "touches", "acts_on",
                    "alternative", "in_play", "ends_below"):  # what it can touch (``touches: []``: no number)
            if u.get(key) or (key == "touches" and key in u):
                e[key] = u[key]
        if member:
            e["member"] = member
        out.append(e)
    return out


def readings(s: Scenario, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries that can act under the scenario's flags: a part marked ``only_if: {flag: value}``
    has no effect under the flag's other readings (e.g. an attack-wide change while
    ``pre_assignment_attack_effects=forbidden``, MECCG-PRE-5), so it is not listed then."""
    return [e for e in parts if all(s.flags.get(f) == v for f, v in (e.get("only_if") or {}).items())
            and (not e.get("in_play") or in_play(s, e["in_play"]))]


def in_play(s: Scenario, name: str) -> bool:
    """Whether a card named ``name`` is in play (the scenario's or either company's ``in_play:``): the
    condition of an alternative such as Dark Quarrels's "with Gates of Morning in play" (MECCG-CARD-8)."""
    cards = list(s.in_play) + list(s.attacker.in_play) + list(s.defender.in_play)
    return any(getattr(c, "name", "").casefold() == name.casefold() for c in cards)


def active_alternative(s: Scenario, card_id: str) -> dict[str, Any] | None:
    """The unmodelled alternative of ``card_id`` (``alternative: true`` in card_effects.yaml) that can act in
    ``s`` under its flags and its card in play, or None: a play refused for its modelled option may be made
    for it, which is not modelled (MECCG-FX-10; Dark Quarrels's halving of strikes, MECCG-CARD-8)."""
    try:
        m = cardfx.model(card_id)
    except Exception:  # noqa: BLE001 - not a modelled card: no alternative
        return None
    got = readings(s, [e for e in entries(m, "") if e.get("alternative")])
    return got[0] if got else None
