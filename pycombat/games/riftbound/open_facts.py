"""The facts a scenario leaves open about its units, and whether they can change a verdict (RB-CARD-4).

A unit's clause that the model reads only from a fact the scenario states is named NOT MODELLED when the fact is not
given: the unit's ``conditions_hold:``, ``empowered:``, ``exhausted:``, ``immune:`` or ``fired_this_turn:`` (a trigger
firing at most once a turn: 0 or 1), or its ``keywords:`` for the
option a "When I become ready, choose one" gave it before the showdown (none, or each option); its side's ``xp:`` (a
"[Level N]" ability), ``gained_xp_this_turn:``, ``discarded_this_turn:`` and the counts that cards read only against
a threshold (``runes:``, ``spent_this_turn: {power, spell_energy}``); the scenario's ``turn:`` (whose turn it is:
"When you play a card on an opponent's turn", "When you play me from face down on your turn"). ``verify`` decides
no claim such a clause could change. Whether it could is checked here by reading the scenario again with every
open fact stated, each with every value it can take (a yes/no fact both ways, the turn each player's; XP as 0 and
each Level the unit data names, a count as 0 and each threshold the card data names: the values between them meet
the same conditions). When every one of those readings is fully modelled and gives the verdict the scenario gives,
the open facts cannot change that verdict, and it is decided (a unit at its base that nothing moves in, a bonus
too small to matter).

Anything else left open (a clause the data does not parse, a count read as an amount: ``points:``, ``trash:``,
``tokens_elsewhere:``, ``gear_elsewhere:``; a choice of a trigger) is not a fact of this kind: the claim stays
undecided, as does one whose readings are too many (:data:`MAX_READINGS`).
"""
from __future__ import annotations

import copy
import functools
import itertools
import re
from typing import Any, Callable, Iterable, Mapping

#: a unit's open facts, each a key of its scenario entry and the values it can take
#: (``fired_this_turn``: asked as a fact, ``0|1``, only for a trigger that fires at most once a turn, RB-CARD-9)
UNIT_FACTS: dict[str, tuple[Any, ...]] = {"conditions_hold": (True, False), "empowered": (True, False),
                                         "exhausted": (True, False), "immune": (True, False),
                                         "fired_this_turn": (0, 1)}
#: the side's open facts: its player's XP (values from :func:`xp_values`), and what he did this turn (yes or no)
SIDE_XP = "xp"
SIDE_FACTS: dict[str, tuple[Any, ...]] = {"gained_xp_this_turn": (True, False), "discarded_this_turn": (True, False)}
#: the side's counts that cards read only against a threshold ("While you control 7 or more runes", "If you've spent
#: at least ... this turn"): the :func:`~.cards.statics.player_condition` field (whose reason asks for
#: ``statics.PLAYER_KEYS[field]``; its thresholds are its values, :func:`count_values`) -> the side's key (dotted:
#: inside a mapping)
SIDE_COUNTS: dict[str, str] = {"runes": "runes", "power_spent": "spent_this_turn.power",
                               "spell_energy": "spent_this_turn.spell_energy"}
#: the scenario's open facts (at the root of the document, path ``""``): whose turn it is
SCENARIO_FACTS: dict[str, tuple[Any, ...]] = {"turn": ("attacker", "defender")}
#: the most readings tried for one claim; above it the claim stays undecided
MAX_READINGS = 64


@functools.cache
def _records() -> str:
    """The cards' records as one text: the units' abilities and conditional keywords, the spells' and gear's effects."""
    import json

    from .cards.spells import load_cards
    from .cards.units import load_units

    db = load_units()
    units = db.cards.values() if isinstance(db.cards, Mapping) else db.cards
    records = [[c.abilities, c.conditional_keywords] for c in units] + [c.effects for c in load_cards().cards]
    return json.dumps(records, default=str)


@functools.cache
def xp_values() -> tuple[int, ...]:
    """0 and each N of a "[Level N]" condition of the cards' records: between two of them, every XP meets the same
    conditions."""
    return (0, *sorted({int(n) for n in re.findall(r"Level (\d+)", _records())}))


@functools.cache
def count_values(field: str) -> tuple[int, ...]:
    """0 and each threshold N of a condition on the player's ``field`` (:func:`~.cards.statics.player_condition`) in
    the cards' records: between two of them, every count meets the same conditions."""
    from .cards.statics import player_condition

    found = (player_condition(m) for m in re.findall(r'"((?:While|If) you[^"]*)"', _records()))
    return (0, *sorted({n for f, n in filter(None, found) if f == field and n > 0}))


def open_facts(items: Iterable[Any], card_of: Callable[[str], Any] = lambda path: None
               ) -> list[tuple[str, str, tuple[Any, ...]]] | None:
    """``[(entry path, key, values)]``: the facts whose statement would settle ``items`` (the showdown's
    :class:`~.cards.plays.Unmodelled`), or None when one of them is not such a fact. ``card_of(entry path)``: the unit
    card of the entry (None: a custom unit), whose ``conditions_hold:`` must state one fact (:func:`holds_alike`)."""
    from .cards.events import ready_options
    from .cards.statics import PLAYER_KEYS

    out: dict[tuple[str, str], tuple[Any, ...]] = {}
    for it in items:
        scenario = [k for k in SCENARIO_FACTS if f"`{k}:" in it.why]
        if scenario:  # the document's own key (`turn:`), whatever the entry that reads it
            out.update({("", k): SCENARIO_FACTS[k] for k in scenario})
            continue
        path = getattr(it, "unit_path", None)
        if not path:
            return None
        # the key its reason asks for (schema.py); of several it offers, the unit's (Raging Soul: the side's
        # `discarded_this_turn:` "or `conditions_hold:`"), which is enough: if it is not, a reading stays not modelled
        keys = [k for k in UNIT_FACTS if f"`{k}:" in it.why]
        side = [] if keys else [k for k in (SIDE_XP, *SIDE_FACTS) if f"`{k}:" in it.why]
        counts = [] if keys or side else [(key, field) for field, key in SIDE_COUNTS.items()
                                          if f"`{PLAYER_KEYS[field]}`" in it.why]
        # RB-CARD-10: the option of a "When I become ready, choose one" chosen before the showdown: its unit's
        # `keywords:`, none or one of the options (:func:`~.cards.events.ready_options`)
        options = ready_options(card_of(path)) if not keys and not side and not counts \
            and "`keywords:`" in it.why and card_of(path) is not None else ()
        if not keys and not side and not counts and not options:
            return None
        if options:
            out[(path, "keywords")] = ([],) + tuple([o] for o in options)
        if "conditions_hold" in keys and not ((card := card_of(path)) is not None and holds_alike(card)):
            return None  # its two values do not cover every state of the unit
        for k in keys:
            out[(path, k)] = UNIT_FACTS[k]
        for k in side:
            out[(path.split(".", 1)[0], k)] = xp_values() if k == SIDE_XP else SIDE_FACTS[k]
        for k, field in counts:
            out[(path.split(".", 1)[0], k)] = count_values(field)
    return [(p, k, v) for (p, k), v in out.items()]


def cards_by_path(scenario: Any) -> Callable[[str], Any]:
    """The unit card of each unit entry of ``scenario`` by its path (None: a custom unit, or no such entry)."""
    from .cards.units import load_units

    units = {u.path: u for u in scenario.attacker.units + scenario.defender.units + scenario.reserve}

    def card_of(path: str) -> Any:
        u = units.get(path)
        return load_units().unit(u.card_id) if u is not None and u.card_id is not None else None

    return card_of


def holds_alike(card: Any) -> bool:
    """Whether a unit card's ``conditions_hold:`` states one fact: every conditional keyword it covers has the same
    condition, none the board decides (stated, the scenario's value would override those too). Else its two values
    do not cover every state of the unit, and it is not read again."""
    from .cards.statics import CONDITIONAL_COMBAT, keyword_static

    conditional = [ck for ck in card.conditional_keywords if ck.get("keyword") in CONDITIONAL_COMBAT]
    return len({str(ck.get("condition")) for ck in conditional}) <= 1 \
        and all(keyword_static(ck) is None for ck in conditional)


def _entry(doc: dict, path: str) -> tuple[Any, Any]:
    """The container and index of the entry at ``path`` (``attacker.base[0]``, ``defender``; ``""``: the document)."""
    if not path:
        return {"": doc}, ""
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    parent: Any = None
    key: Any = None
    node: Any = doc
    for p in parts:
        parent, key = node, int(p[1:-1]) if p.startswith("[") else p
        node = parent[key]
    return parent, key


def stated(doc: Mapping[str, Any], facts: Iterable[tuple[str, str, Any]]) -> dict:
    """A copy of ``doc`` with each ``(entry path, key, value)`` stated.

    >>> stated({"attacker": {"base": ["Scorchclaw"]}}, [("attacker.base[0]", "immune", False), ("attacker", "xp", 3)])
    {'attacker': {'base': [{'name': 'Scorchclaw', 'immune': False}], 'xp': 3}}
    >>> stated({"game": "riftbound"}, [("", "turn", "defender")])
    {'game': 'riftbound', 'turn': 'defender'}
    >>> stated({"attacker": {"spent_this_turn": {"power": 1}}}, [("attacker", "spent_this_turn.spell_energy", 4)])
    {'attacker': {'spent_this_turn': {'power': 1, 'spell_energy': 4}}}
    """
    out = copy.deepcopy(dict(doc))
    for path, key, value in facts:
        parent, at = _entry(out, path)
        entry = parent[at]
        if isinstance(entry, str):  # a unit named by its card alone
            entry = parent[at] = {"name": entry}
        if "." in key:  # a key inside a mapping of the entry (`spent_this_turn: {power: N}`)
            outer, key = key.split(".", 1)
            entry = entry.setdefault(outer, {})
        entry[key] = value
    return out


def readings(facts: list[tuple[str, str, tuple[Any, ...]]]) -> list[list[tuple[str, str, Any]]] | None:
    """Every combination of the facts' values, or None when there are more than :data:`MAX_READINGS`.

    >>> readings([("attacker", "xp", (0, 3)), ("attacker.units[0]", "immune", (True, False))])[1]
    [('attacker', 'xp', 0), ('attacker.units[0]', 'immune', False)]
    >>> readings([(f"attacker.units[{k}]", "immune", (True, False)) for k in range(7)]) is None
    True
    """
    count = 1
    for _, _, values in facts:
        count *= len(values)
    if count > MAX_READINGS:
        return None
    return [[(p, k, v) for (p, k, _), v in zip(facts, combo)]
            for combo in itertools.product(*(values for _, _, values in facts))]


def cannot_change(doc: Mapping[str, Any], facts: list[tuple[str, str, tuple[Any, ...]]], verdict: Any,
                  decide: Callable[[dict], tuple[Any, list]]) -> bool:
    """Whether the open ``facts`` cannot change ``verdict``: ``decide(document)`` gives a reading's verdict and what
    it leaves not modelled; every reading must be fully modelled and give ``verdict``. A reading refused (its
    facts do not fit together) leaves the question open."""
    from pycombat.errors import PycombatError

    combos = readings(facts)
    if combos is None:
        return False
    for combo in combos:
        try:
            got, missing = decide(stated(doc, combo))
        except PycombatError:
            return False
        if missing or got != verdict:
            return False
    return True
