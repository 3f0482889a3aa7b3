"""ASP facts about cards, for the play check's programs (``asp_rules/meccg/cards.lp`` before strikes
are assigned, ``strike_cards.lp`` during a strike sequence): each card's side, alignment, what
it cancels or changes and what it needs, from its structured effect records (combat_cards.json
``effects``) or, for items, its curated tags.
"""
from __future__ import annotations

import re

from clorm import ConstantField, IntegerField, Predicate, StringField

from pycombat.solver import predicate

from ..assignment.facts import asp_const


# ---- card facts ---------------------------------------------------------------------------
def _pred(name: str, arity: int):
    """A card fact: ``name(card)`` or ``name(card, value)``."""
    return predicate(name, card=StringField, **({"value": ConstantField} if arity == 2 else {}))


SIDE, ALIGN, RACES, CVCC, COND, BARRED, NAMES, ATTACK_FX, COUNT_FX = (
    _pred("card_side", 2), _pred("card_alignment", 2), _pred("cancels_races", 2), _pred("cancels_cvcc", 1),
    _pred("cancel_condition", 2), _pred("barred_in_cvcc", 1), _pred("names_cvcc", 1), _pred("attack_effect", 1),
    _pred("strike_count_effect", 1))
NEEDS_SKILL, NEEDS_RACE, AFFECTS, INDIRECT = (_pred("needs_skill", 2), _pred("needs_race", 2),
                                               _pred("affects_strike", 1), _pred("indirect_effect", 1))
#: a card played during a strike sequence, at step 1 or 6 (card_effects.yaml ``play: strike``; MECCG-SEQ-2/7)
STRIKE_CARD = _pred("strike_card", 1)
#: using the card is a corruption check (The One Ring, MECCG-FX-22): the flag corruption_check_in_strike
#: decides whether MECCG-SEQ-8 bars it (strike_cards.lp)
CHECK_USE = _pred("corruption_check_use", 1)


class StrikeOf(Predicate):
    attacker = StringField
    defender = StringField

    class Meta:
        name = "strike_of"


class StepPlay(Predicate):
    card = StringField
    step = IntegerField

    class Meta:
        name = "step_play"


_DIRECT = ("prowess", "body", "cancel-strike", "untap", "heal", "roll-twice", "no-tap", "remain-untapped",
           "ineffectual")
_INDIRECT = ("corruption-check", "ring-test", "twilight")


def strike_card_facts(card) -> list[Predicate]:
    """Extra facts for ``strike_cards.lp``: the card's requirements on the character it is played
    for and whether it affects a strike directly, from its effect records (:mod:`..cards.interpreter`)."""
    from ..cards.interpreter import model

    out = card_facts(card)
    m = model(card.id)
    skill = getattr(card, "required_skill", None) or m.needs_skill
    race = getattr(card, "required_race", None) or m.needs_race
    if skill:
        out.append(NEEDS_SKILL(card=card.id, value=asp_const(skill)))
    if race:
        out.append(NEEDS_RACE(card=card.id, value=asp_const(race)))
    tags = list(getattr(card, "effect_tags", ()) or ())
    if m.play == "strike" or (not getattr(card, "effects", ()) and any(k in t for t in tags for k in _DIRECT)):
        out.append(AFFECTS(card=card.id))
    if any(k in t for t in tags for k in _INDIRECT):
        # a card whose corruption check is its use (MECCG-FX-22) is read by the flag corruption_check_in_strike
        out.append(CHECK_USE(card=card.id) if "corruption_check" in (m.roll or {}) else INDIRECT(card=card.id))
    return out


UNTAP, EVENT = _pred("untap_effect", 1), _pred("event_card", 1)


class PlayedFrom(Predicate):
    card = StringField
    entity = StringField

    class Meta:
        name = "played_from"


class Played(Predicate):
    card = StringField
    company = ConstantField

    class Meta:
        name = "played"


_RACES = re.compile(r"cancel-attack(?P<roll> on roll>5)? races=\[(?P<races>[^\]]*)\](?P<covert> if defending company covert)?")
_ATTACK_FX = ("attack prowess", "one-attack", "all attacks", "strike-assignment", "may face any number of strikes",
              "attack-prowess")


CANCELS_ANY = _pred("cancels_attack", 1)
#: an item's tag cancelling any attack (``ranger:tap:cancel-attack``, ``tap:cancel-attack (bearer taps too)``)
_BARE_CANCEL = re.compile(r"(?:^|:)cancel-attack(?:$| \()")


class CancelNeeds(Predicate):
    card = StringField
    kind = ConstantField
    value = ConstantField

    class Meta:
        name = "cancel_needs"


#: structured effects that change the attack as a whole (MECCG-PRE-5)
_ATTACK_KINDS = ("attack_prowess", "attack_body", "choose_defenders", "assign_all_strikes", "face_extra_strikes",
                 "no_strikes_to")
_SKILLS = ("warrior", "scout", "ranger", "sage", "diplomat")


def _record_facts(card) -> list[Predicate]:
    """Facts from a card's structured effect records (combat_cards.json ``effects``)."""
    from ..cards.interpreter import race_is  # noqa: F401  (the same vocabulary as the interpreter)
    from ..cards.interpreter import model

    out: list[Predicate] = []
    tags = list(getattr(card, "effect_tags", ()) or ())
    cvcc_cancel = any(t.startswith("cancel-cvcc-attack") for t in tags)
    cancels = any(e.get("effect") == "cancel_attack" and not e.get("alternative") for e in card.effects)
    # a card used for its "Alternatively, cancel the attack" option (card_effects.yaml play: cancel):
    # that option is the play, its other one is not (Darkness Wielded, Great Fissure)
    cancel_option = not cancels and model(card.id).play == "cancel" and any(
        e.get("effect") == "cancel_attack" for e in card.effects)
    for e in card.effects:
        if cancel_option:
            if e.get("effect") != "cancel_attack":
                continue
        elif e.get("alternative"):  # an "Alternatively" clause: not the card's main effect
            continue
        if cancels and e.get("effect") != "cancel_attack" and e.get("condition"):
            continue  # the other branch of a conditional cancel (Not Slay Needlessly against an overt company)
        kind = e.get("effect")
        if kind == "cancel_attack" and "not CvCC attacker" in str(e.get("note") or ""):
            continue  # it cancels only attacks no company makes (Praise to Elbereth: Nazgûl creatures)
        if kind == "cancel_attack":
            roll = e.get("roll") or {}
            if e.get("races"):
                for r in e["races"]:
                    out.append(RACES(card=card.id, value=asp_const(r)))
                if isinstance(roll.get("greater_than"), int):
                    out.append(COND(card=card.id, value=f"roll_gt_{roll['greater_than']}"))
            elif cvcc_cancel:
                out.append(CVCC(card=card.id))
            else:
                out.append(CANCELS_ANY(card=card.id))
            if "covert" in str(e.get("condition", "")):  # "if the defending company is covert" (MECCG-ALIGN-6)
                out.append(COND(card=card.id, value="defender_covert"))
            # the scout, Wizard or diplomat the cancel needs in the attacked company (MECCG-PRE-10)
            need = model(card.id).requires.get("company_has") or e.get("needs_skill") or e.get("needs_race")
            if need and asp_const(need) in _SKILLS:
                out.append(CancelNeeds(card=card.id, kind="skill", value=asp_const(need)))
            elif need and need[:1].isupper() and " " not in need:
                out.append(CancelNeeds(card=card.id, kind="race", value=asp_const(need)))
        elif kind in _ATTACK_KINDS or e.get("scope") == "one_attack":
            out.append(ATTACK_FX(card=card.id))
        elif kind == "strikes":
            out.append(COUNT_FX(card=card.id))
        elif kind == "untap":
            out.append(UNTAP(card=card.id))
    return list(dict.fromkeys(out))


def card_facts(card) -> list[Predicate]:
    """Facts about one card for ``asp_rules/meccg/cards.lp``: from its structured effect records
    when it has them (every event), else from its curated tags (items)."""
    out: list[Predicate] = [SIDE(card=card.id, value=asp_const(getattr(card, "type", None) or "resource")),
                            ALIGN(card=card.id, value=asp_const(card.alignment))]
    # an event's or item's effect tags; an ally's or character's ability: its combat tags
    tags = list(getattr(card, "effect_tags", None) or getattr(card, "combat_tags", ()) or ())
    if getattr(card, "effects", ()):
        out += _record_facts(card)
    else:
        from ..cards.interpreter import model

        m_ = model(card.id)
        dead = {u["what"].partition(": ")[2] for u in m_.no_cvcc}
        for t in tags:
            if t in dead:  # an ability for attacks no company makes (MECCG-FX-17)
                continue
            if m_.play == "cancel" and any(k in t for k in _ATTACK_FX):
                continue  # an item used to cancel: its other ability is not this play (MECCG-FX-17)
            if _BARE_CANCEL.search(t):
                out.append(CANCELS_ANY(card=card.id))
            m = _RACES.search(t)
            if m and not t.startswith("alt("):
                for r in m.group("races").split(","):
                    out.append(RACES(card=card.id, value=asp_const(r.strip())))
                if m.group("roll"):
                    out.append(COND(card=card.id, value="roll_gt_5"))
                if m.group("covert"):
                    out.append(COND(card=card.id, value="defender_covert"))
            if t.startswith("cancel-cvcc-attack"):
                out.append(CVCC(card=card.id))
            if any(k in t for k in _ATTACK_FX):
                out.append(ATTACK_FX(card=card.id))
            if "strikes" in t and any(k in t for k in ("halve-strikes", "strikes+", "strikes-")):
                out.append(COUNT_FX(card=card.id))
        if any(t == "untap" or "untap-" in t or t.endswith(":untap") for t in tags):
            out.append(UNTAP(card=card.id))
    if str(getattr(card, "subtype", "") or "").endswith("event"):
        out.append(EVENT(card=card.id))
    cvcc = getattr(card, "cvcc", None) or ""
    if cvcc == "barred-by-card-text":
        out.append(BARRED(card=card.id))
    if cvcc == "mentions-cvcc":
        out.append(NAMES(card=card.id))
    return out
