"""The real War of the Ring Combat cards, by name, from the shipped data (``data/cards.json``).

Every Event card has a combat half (WOTR-CARD-1); the 96 base-game Event cards carry 38 distinct
Combat cards. A record gives the card's initiative (WOTR-CARD-4), its requirement as structured
``combat_conditions`` (WOTR-CARD-5) and its ``combat_effects``, which :mod:`.combat_round`
interprets (one interpreter: a handler per effect *kind*, never per card).

Nothing is silently dropped: an effect kind without a handler, a condition without a check, or a
part of a card the model does not carry is listed by :func:`unmodelled` as ``{card, what, why}``,
and ``verify`` then cannot decide a claim about that card.

>>> db = load_combat_cards()
>>> len(db.cards)
38
>>> db.card("Elven Cloaks").name, db.card("it is a gift").initiative
('It Is a Gift', 3)
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping

from pycombat.errors import UnknownNameError
from pycombat.names import closest, normalize

DATA_PACKAGE = "pycombat.games.wotr.data"

#: the effect kinds :mod:`.combat_round` interprets (the step at which each acts)
MODELLED_EFFECTS = {
    "roll_modifier": "combat roll / leader re-roll modifier (WOTR-CARD-7, WOTR-HIT-3)",
    "max_dice": "cap on the opponent's Combat roll dice (WOTR-STR-6)",
    "dice_reduction": "fewer Combat roll dice, minimum one (flag dice_reduction_target)",
    "auto_hit": "missed dice turned into hits before the Leader re-roll, Leadership forfeited (WOTR-CARD-5)",
    "extra_attack": "the card's own attack roll, casualties removed at once (WOTR-CARD-6)",
    "bonus_hits": "extra hits when a condition holds",
    "cancel_hits": "hits cancelled before casualties",
    "cancel_hits_by_sacrifice": "hits cancelled by eliminating one's own Leader or Companion",
    "cancel_opponent_card": "the opponent's Combat card cancelled (WOTR-CARD-4: lower initiative first)",
    "cancel_opponent_leader_reroll": "no Leader re-roll for the opponent",
    "cancel_companion": "one Companion's Leadership and Captain of the West cancelled for the round",
    "bonus_eliminate": "a Leader, Nazgul, Companion or Minion eliminated after the Leader re-roll",
    "spend_hit_to_eliminate": "a re-roll hit spent to eliminate a Minion",
    "opponent_ones_hit_themselves": "each natural 1 of the opponent's Combat roll hits his own Army",
    "retreat_before_combat": "the defender retreats (or withdraws into the siege) before rolling",
    "self_hits_for_roll_modifier": "hits taken on one's own Army for +1 per hit to the Combat roll",
    "self_hits_for_extra_attack": "hits taken on one's own Army for one attack die per hit",
}

#: conditions (``combat_conditions``) :func:`check_requirements` decides
MODELLED_CONDITIONS = ("in_battle", "defender_in", "defender_in_fellowship_region", "defender_within_regions_of",
                       "nazgul_leadership_at_least", "own_army_defending_field_battle")
IN_BATTLE = ("hobbit", "companion", "gandalf", "strider_or_aragorn", "fp_leader_or_companion", "fp_elite_unit",
             "nazgul", "isengard_army_unit", "southrons_easterlings_elite_unit", "shadow_elite_unit")

#: parts of cards the interpreter does not carry (listed in the output of every query that uses them)
UNMODELLED_PARTS: tuple[dict[str, str], ...] = ()
#: Companion abilities that act in a Combat round (Words of Power cancels them); the others (Emissary from the
#: West, Heir to Isildur, Shadowfax, Take Them Alive! ...) act outside battle, and the White Rider is decided
#: before it (WOTR-STR-11)
COMBAT_ABILITIES = ("Captain of the West",)


@dataclass(frozen=True)
class CombatCard:
    name: str  #: combat title as printed
    side: str  #: free_peoples | shadow
    initiative: int
    initiative_printed: str
    requirement: str | None
    conditions: tuple[Mapping[str, Any], ...]
    effects: tuple[Mapping[str, Any], ...]
    note: str | None = None
    events: tuple[str, ...] = ()  #: the Event titles whose bottom half it is
    ids: tuple[str, ...] = ()

    def effect_initiative(self, effect: Mapping[str, Any]) -> int:
        """WOTR-CARD-4: a card with differently-timed effects has a number for each (Mumakil 3-5)."""
        return int(effect.get("initiative", self.initiative))


@dataclass
class CombatCardDB:
    cards: dict[str, CombatCard] = field(default_factory=dict)  #: by combat title
    _index: dict[str, str] = field(default_factory=dict)  #: normalised combat or event title -> combat title

    def card(self, name: str, *, file: str | None = None, path: str | None = None) -> CombatCard:
        key = self._index.get(normalize(name))
        if key is None:
            raise UnknownNameError("Combat card", name, closest(name, self.names()), file=file, path=path)
        return self.cards[key]

    def names(self) -> list[str]:
        return sorted(self.cards) + sorted({e for c in self.cards.values() for e in c.events})


@functools.cache
def load_combat_cards() -> CombatCardDB:
    text = resources.files(DATA_PACKAGE).joinpath("cards.json").read_text(encoding="utf-8")
    records = json.loads(text)["records"]
    db = CombatCardDB()
    for r in records:
        name = r["combat_card"]
        got = db.cards.get(name)
        if got is None:
            got = CombatCard(name=name, side=r["side"], initiative=int(r["initiative"]),
                             initiative_printed=str(r.get("initiative_printed", r["initiative"])),
                             requirement=r.get("combat_requirement"),
                             conditions=tuple(r.get("combat_conditions") or ()),
                             effects=tuple(r.get("combat_effects") or ()), note=r.get("combat_note"))
        from dataclasses import replace

        got = replace(got, events=got.events + (r["title"],), ids=got.ids + (r["id"],))
        db.cards[name] = got
        for alias in (name, r.get("combat_card_ascii") or name, r["title"], r.get("title_ascii") or r["title"],
                      *(r.get("aliases") or ())):
            db._index.setdefault(normalize(alias), name)
    return db


def unmodelled(card: CombatCard) -> list[dict[str, str]]:
    """``[{card, what, why}]``: the parts of ``card`` the interpreter does not carry."""
    out = [dict(p) for p in UNMODELLED_PARTS if p["card"] == card.name]
    for e in card.effects:
        if e.get("effect") not in MODELLED_EFFECTS:
            out.append({"card": card.name, "what": f"effect {e.get('effect')}",
                        "why": "no handler for this effect kind in the Combat-card interpreter"})
    for c in card.conditions:
        unknown_what = c.get("cond") == "in_battle" and c.get("what") not in IN_BATTLE
        if c.get("cond") not in MODELLED_CONDITIONS or unknown_what:
            out.append({"card": card.name, "what": f"requirement {c}", "why": "no check for this condition"})
    return out


def card_flags_text() -> str:
    """The interpretation flags for unclear card texts (``card_flags.md``, merged by the rulebook loader)."""
    return resources.files("pycombat.games.wotr").joinpath("card_flags.md").read_text(encoding="utf-8")
