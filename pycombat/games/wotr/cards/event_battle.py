"""What an Event card played to start a battle does to it (WOTR-EVT-9): ``battle: {action: event,
card: TITLE}`` names a shipped Event card, whose ``event_battle_tags`` (cards.json) say whether it
starts an attack at all (``attack``, ``attack_option``) and what else it changes in that battle: a
siege battle of several rounds (``siege_rounds``), no Free Peoples Combat card in round 1 unless a
Companion is in the battle (``fp_no_combat_card_first_round``). A tag this module does not apply is
named as not modelled. A title that is no shipped card is taken as the file describes it (noted).

>>> e = event_card("Grond, Hammer of the Underworld")
>>> starts_attack(e), siege_rounds(e), bans_fp_first_round(e)
(True, 3, True)
>>> event_card("an Event card that allows an Army to attack") is None
True
"""
from __future__ import annotations

import functools
from importlib import resources
from typing import Any, Mapping

import yaml

from pycombat.names import normalize
from .requirements import DATA, event_records

RULE = "WOTR-EVT-9"
TABLE_RULE = "WOTR-EVT-10"
#: the tags of a card on the table applied here (the others: named as not modelled, or spent when played)
TABLE_APPLIED = ("no_shadow_attack", "fp_no_combat_cards")
#: the tags applied to the battle here; the others are named as not modelled
APPLIED = ("attack", "attack_option", "siege_rounds", "fp_no_combat_card_first_round")


def event_card(name: str | None) -> Mapping[str, Any] | None:
    """The shipped Event card with this title (or id), or None."""
    if not name:
        return None
    key = normalize(name)
    return next((r for t, r in event_records().items() if normalize(t) == key or normalize(r["id"]) == key), None)


def tags(rec: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    return list((rec or {}).get("event_battle_tags") or ())


def starts_attack(rec: Mapping[str, Any]) -> bool:
    return any(t.get("tag") in ("attack", "attack_option") for t in tags(rec))


@functools.cache
def _political_battles() -> frozenset[str]:
    """data/event_attackers.yaml ``political_battles:``: the titles of the cards that count as battles in
    which the enemy cannot fight back (WOTR-POL-3); a title that is no shipped card fails loudly."""
    text = resources.files(DATA).joinpath("event_attackers.yaml").read_text(encoding="utf-8")
    table = yaml.safe_load(text)["political_battles"]
    titles = {normalize(t) for t in event_records()}
    bad = [t for t in table["cards"] if normalize(t) not in titles]
    if bad or table.get("rule") != "WOTR-POL-3":
        raise ValueError(f"event_attackers.yaml: political_battles: unknown cards {bad} or rule")
    return frozenset(normalize(t) for t in table["cards"])


def political_battle(rec: Mapping[str, Any] | None) -> bool:
    """Whether the card counts as a battle in which the enemy cannot fight back, an attack on the
    Political Track though it starts no attack by an Army (WOTR-POL-3).

    >>> political_battle(event_card("Dead Men of Dunharrow")), political_battle(event_card("Faramir's Rangers"))
    (True, False)
    """
    return rec is not None and normalize(rec["title"]) in _political_battles()


#: the keys of an entry of data/event_attackers.yaml, and of its `with:` figures
ATTACKER_KEYS = ("side", "kind", "relief", "with", "cannot_cease", "open")
FIGURE_KEYS = ("character", "nazgul", "unit_of")


@functools.cache
def _attackers() -> dict[str, dict[str, Any]]:
    """data/event_attackers.yaml: each attacking card's ``who`` as structured conditions (our own data:
    a typo fails loudly)."""
    text = resources.files(DATA).joinpath("event_attackers.yaml").read_text(encoding="utf-8")
    table = yaml.safe_load(text)["attackers"]
    for who, cond in table.items():
        bad = [k for k in cond if k not in ATTACKER_KEYS] + [k for f in cond.get("with", ()) for k in f
                                                             if k not in FIGURE_KEYS]
        if bad or cond.get("cannot_cease", "always") not in ("always", "unless_defender_besieged"):
            raise ValueError(f"event_attackers.yaml: {who!r}: unknown keys {bad} or cannot_cease value")
    return table


def attacker_conditions(rec: Mapping[str, Any] | None) -> list[tuple[str, Mapping[str, Any]]]:
    """``[(who, conditions)]``: the Army each attacking tag of the card lets attack (WOTR-EVT-9,
    WOTR-ATK-1), structured by data/event_attackers.yaml; [] for a card that starts no attack. A tag
    whose ``who`` the table does not structure is an error of the shipped data."""
    out = []
    for t in tags(rec):
        if t.get("tag") in ("attack", "attack_option") and t.get("who"):
            cond = _attackers().get(t["who"])
            if cond is None:
                raise ValueError(f"event_attackers.yaml has no entry for {t['who']!r} ({rec['title']})")
            out.append((t["who"], cond))
    return out


def cannot_cease(rec: Mapping[str, Any] | None, defender_besieged: bool) -> bool:
    """Whether the card's attacker may not cease the attack it starts (WOTR-EVT-9, WOTR-ROUND-3 step 1):
    Corsairs of Umbar, unless the attacked Army was already besieged."""
    for _who, cond in attacker_conditions(rec):
        rule = cond.get("cannot_cease")
        if rule == "always" or (rule == "unless_defender_besieged" and not defender_besieged):
            return True
    return False


def figure_words(f: Mapping[str, Any]) -> str:
    """A ``with:`` figure in words: "The Witch-king", "a Nazgûl", "an Isengard unit"."""
    from ..board import load_nations
    from ..characters import load_characters

    if "character" in f:
        return load_characters().characters[f["character"]].name
    if f.get("nazgul"):
        return "a Nazgûl"
    name = load_nations().nations[f["unit_of"]].name
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} unit"


def figure_matches(f: Mapping[str, Any], kind: str, nation: str | None, character: str | None) -> bool:
    """Whether a group of figures (``kind`` regular | elite | leader | nazgul | character) is the figure
    ``f`` of a ``with:`` list (a character that counts as a Nazgûl is one, WOTR-STR-10)."""
    from ..characters import load_characters

    if "character" in f:
        return kind == "character" and character == f["character"]
    if f.get("nazgul"):
        return kind == "nazgul" or (kind == "character" and load_characters().characters[character].counts_as_nazgul)
    return kind in ("regular", "elite") and nation == f["unit_of"]


def battle_requirement_unmet(rec: Mapping[str, Any] | None, s) -> list[str]:
    """The parts of the card's printed requirement (``play_requirement``, structured in
    data/event_requirements.yaml, WOTR-EVT-8) that the battle scenario ``s`` shows not to hold: characters
    in play (``in_play:`` and the figures of both Armies), Nations At War. The other parts (an Army
    besieging a Stronghold) are what the Army the card lets attack says (:func:`attacker_conditions`)."""
    from .requirements import requirement_of

    req = requirement_of((rec or {}).get("play_requirement"))
    if req is None or req.get("open"):
        return []

    def one(c) -> bool | None:
        if "in_play" in c:
            return bool(set(c["in_play"]) & s.characters_in_play())
        if "at_war" in c:
            return all(s.at_war(n) for n in c["at_war"])
        return None

    if "all" in req:
        return [req["text"]] if any(one(c) is False for c in req["all"]) else []
    got = [one(c) for c in req.get("any", ())]
    return [req["text"]] if got and all(g is False for g in got) else []


def attacker_unchecked(rec: Mapping[str, Any] | None) -> list[dict[str, str]]:
    """The parts of the Army the card lets attack that a battle scenario cannot state (``open:``)."""
    return [{"card": rec["title"], "what": f"who attacks: {who}: {cond['open']}",
             "why": "not checked: the scenario does not state it"}
            for who, cond in attacker_conditions(rec) if cond.get("open")]


def siege_rounds(rec: Mapping[str, Any] | None) -> int:
    """The rounds a siege battle started by this card lasts before the attacker must reduce an Elite
    to go on (1 without the card, WOTR-SIEGE-3)."""
    return max([int(t["value"]) for t in tags(rec) if t.get("tag") == "siege_rounds"] + [1])


def bans_fp_first_round(rec: Mapping[str, Any] | None) -> bool:
    return any(t.get("tag") == "fp_no_combat_card_first_round" for t in tags(rec))


def garrison_dice_loss(rec: Mapping[str, Any] | None, garrison) -> int:
    """Help Unlooked For: the besiegers' Combat roll loses one die per unit of the besieged garrison, for
    the whole battle (0 without the card or without a garrison)."""
    if garrison is None:
        return 0
    return sum(int(t.get("value", 1)) * garrison.units for t in tags(rec)
               if t.get("tag") == "dice_reduction" and t.get("per") == "fp_unit_in_besieged_stronghold")


def unmodelled(rec: Mapping[str, Any] | None, garrison=None) -> list[dict[str, str]]:
    """``[{card, what, why}]``: the card's battle tags this module does not apply (the garrison's dice loss
    is applied when the battle names its ``garrison:``), and the parts of the Army it lets attack that
    cannot be checked (:func:`attacker_unchecked`)."""
    out = attacker_unchecked(rec) if rec is not None else []
    for t in tags(rec):
        if t.get("tag") in APPLIED:
            continue
        if t.get("tag") == "dice_reduction" and t.get("per") == "fp_unit_in_besieged_stronghold" and garrison is not None:
            continue
        why = ("give the besieged Army as `battle.garrison:`" if t.get("per") == "fp_unit_in_besieged_stronghold"
               else "this part of the Event is not applied to the battle")
        out.append({"card": rec["title"], "what": f"{t.get('tag')}: " + ", ".join(f"{k} {v}" for k, v in t.items()
                                                                             if k != "tag"), "why": why})
    return out


def table_protected(table) -> list[tuple[str, str]]:
    """``(region id, card title)`` for every region a card on the table protects from Shadow attacks."""
    from ..board import load_board

    board = load_board()
    out = []
    for title in table:
        for t in tags(event_card(title)):
            if t.get("tag") == "no_shadow_attack":
                out += [(board.region(r).id, title) for r in t.get("regions", ())]
    return out


def table_bans(table, region: str) -> dict[str, tuple[str, str]]:
    """Sides barred from Combat cards in a battle in ``region`` by the cards on the table (Denethor's Folly:
    no Free Peoples Combat card in Minas Tirith)."""
    from ..board import load_board

    board = load_board()
    for title in table:
        for t in tags(event_card(title)):
            if t.get("tag") == "fp_no_combat_cards" and board.region(t["where"]).id == region:
                return {"free_peoples": (f"{title} is on the table: no Free Peoples Combat card in {t['where']}",
                                         TABLE_RULE)}
    return {}


def table_unmodelled(table) -> list[dict[str, str]]:
    """The battle parts of the cards on the table not applied while they lie there (an effect of the
    moment they were played, e.g. Denethor's Folly's eliminated Leader, is already in the position)."""
    out = []
    for title in table:
        for t in tags(event_card(title)):
            if t.get("tag") in TABLE_APPLIED or t.get("when") == "played":
                continue
            out.append({"card": title, "what": f"{t.get('tag')}: " + ", ".join(f"{k} {v}" for k, v in t.items()
                                                                              if k != "tag"),
                        "why": "this part of the card on the table is not applied to the battle"})
    return out
