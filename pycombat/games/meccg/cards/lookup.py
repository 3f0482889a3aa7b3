"""Card lookup: a card's stats, its modelled effects (with rule ids) and what is not modelled.

:func:`card_report` returns JSON-ready data, :func:`card_lines` the text; ``pycombat card NAME
--game meccg [--json]`` prints them. Unknown names get suggestions that also match on words
("Frodo Baggins" -> "Frodo", "Aragorn the Twelfth" -> "Aragorn II").

>>> r = card_report("Glamdring")
>>> r["found"], r["cards"][0]["id"], r["cards"][0]["stats"]["prowess_bonus"]
(True, 'TW-244', 3)
>>> card_report("Frodo Baggins")["suggestions"][0]
'Frodo'
>>> card_report("Aragorn the Twelfth")["suggestions"][0]
'Aragorn II'
"""
from __future__ import annotations

import difflib
from typing import Any

from pycombat.names import closest, normalize
from pycombat.rulebook import load_rulebook
from .database import CharacterCard, ItemCard, load_carddb
from .interpreter import model

_STOP = {"the", "of", "a", "an", "and", "in", "to", "from"}


def _words(name: str) -> set[str]:
    return {w for w in normalize(name).replace("'", " ").split() if w not in _STOP}


def suggest(query: str, n: int = 5) -> list[str]:
    """Card names close to ``query``: by spelling, and by the words they share with it."""
    db = load_carddb()
    names = list(dict.fromkeys([c.name for c in db.characters] + [i.name for i in db.items]
                               + [c.name for c in db.combat_cards]))
    q = _words(query)
    scored = []
    for name in names:
        w = _words(name)
        shared = len(q & w)
        if not shared:
            continue
        # all of the name's words in the query ("Frodo" in "Frodo Baggins") ranks first
        whole = 1 if w <= q else 0
        ratio = difflib.SequenceMatcher(None, normalize(query), normalize(name)).ratio()
        scored.append((-whole, -shared, -ratio, name))
    by_words = [name for *_, name in sorted(scored)]
    spelled = closest(query, names, n=n)
    return list(dict.fromkeys(by_words[:n] + spelled))[:n]


def _find(query: str) -> list[Any]:
    db = load_carddb()
    hits: list[Any] = []
    for lookup in (db._characters.lookup, db._items.lookup, db._combat.lookup):
        hits += lookup(query)
    seen, out = set(), []
    for c in hits:  # items are also combat cards: one entry per id
        if c.id not in seen:
            seen.add(c.id)
            out.append(c)
    return out


#: the rule of an item's bearer terms
BEARER_RULE = "MECCG-FX-35"


def _bearer_terms(card: ItemCard) -> dict[str, Any]:
    """Who may bear the item (data/item_terms.yaml, MECCG-FX-35): ``bearer`` (race, card, min_prowess) and
    ``one_per_character`` ("cannot be duplicated on a given character"); empty when it has no such term."""
    out: dict[str, Any] = {}
    terms = card.bearer_requires or {}
    who = (f"a character of race {'/'.join(terms['race'])}" if terms.get("race") else str(terms["card"])
           if terms.get("card") else "a character")
    if terms.get("min_prowess") is not None:
        who += f" with a prowess of {terms['min_prowess']} or more"
    if terms:
        out["bearer"] = f"{who} only ({BEARER_RULE})"
    if card.no_duplicate == "character":
        out["one_per_character"] = f"cannot be duplicated on a given character ({BEARER_RULE})"
    return out


def _stats(card: Any) -> dict[str, Any]:
    if isinstance(card, CharacterCard):
        return {"type": card.card_type, "alignment": card.alignment, "race": card.race, "skills": list(card.skills),
                "prowess": card.prowess, "body": card.body, "mind": card.mind, "mp": card.mp,
                "discard_on_body_check": list(card.discard_on_body_check) or None,
                "may_not_be_attacked": card.may_not_be_attacked,
                "may_not_be_attacked_scope": card.may_not_be_attacked_scope,
                "mp_if_eliminated": card.mp_if_eliminated}
    if isinstance(card, ItemCard):
        return {"type": f"{card.item_class} item", "alignment": card.alignment, "keywords": list(card.item_keywords),
                "prowess_bonus": card.prowess_bonus, "prowess_max": card.prowess_max,
                "warrior_only": card.prowess_warrior_only, "body_bonus": card.body_bonus, "body_max": card.body_max,
                "mp": card.mp, **_bearer_terms(card)}
    return {"type": card.card_kind, "alignment": card.alignment, "required_skill": card.required_skill,
            "required_race": card.required_race, "cvcc_relevant": card.cvcc_relevant, "cvcc_use": card.cvcc_use,
            "cvcc_note": card.cvcc_note}


#: the abilities of a character or ally that the assignment and strike rules read from characters.json (not
#: the card interpreter's records): (field or ``combat_effects`` kind, what it does, rule)
ABILITY_TEXT = {
    "may_not_be_attacked": ("may not be attacked: never a target of a strike; it may still support", "MECCG-ASSIGN-1"),
    "may_not_face_strikes_at_site": ("may not face strikes at a site: as an attacker it commits no strike "
                                     "(flag site_barred_ally_strikes), as a defender it is no target", "MECCG-STRUCT-2"),
    "makes_company_overt": ("makes its company overt", "MECCG-ALIGN-6"),
    "assignable_as_untapped": ("may be assigned strikes as if untapped: a phase-I target of the defender while "
                               "tapped or wounded; it fights with its own status", "MECCG-FX-18"),
    "must_be_assigned_first": ("must be assigned a strike before its controlling character (`ally_of:`)",
                               "MECCG-FX-18"),
    "discarded_if_controller_wounded": ("discarded if its controlling character (`ally_of:`) is wounded",
                                        "MECCG-FX-19"),
}


def _abilities(card: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A character's or ally's abilities read by the assignment and strike rules (``may_not_be_attacked``,
    MECCG-FX-18/19 ``combat_effects``), each with its rule; and its ``combat_effects`` marked ``cvcc: false``
    (no effect in company vs. company combat)."""
    if not isinstance(card, CharacterCard):
        return [], []
    from ..claims.verify import CARD_RULES

    kinds = [k for k in ("may_not_be_attacked", "may_not_face_strikes_at_site", "makes_company_overt")
             if getattr(card, k)]
    kinds += [e.get("effect") for e in card.combat_effects if e.get("cvcc") is not False
              and e.get("effect") in ABILITY_TEXT and e.get("effect") not in kinds]
    out = []
    for k in kinds:
        text, rule = ABILITY_TEXT[k]
        rules = [rule] + ([CARD_RULES[card.id]] if card.id in CARD_RULES and k.startswith("may_not") else [])
        out.append({"what": k, "text": text, "rules": rules})
    if card.check_modifier:  # his printed modifier to all of his corruption checks (data/character_terms.yaml)
        out.append({"what": "corruption_check", "amount": card.check_modifier,
                    "text": f"{card.check_modifier:+d} to every corruption check he makes in the combat: a card's use "
                            f"(The One Ring) or its cost [{'; '.join(t for t in card.terms_source if 'corruption' in t)}]",
                    "rules": ["MECCG-FX-22", "MECCG-FX-25"]})
    if card.balrog_specific:
        out.append({"what": "balrog_specific",
                    "text": "Balrog specific: only a Balrog player's company holds him "
                            f"[{'; '.join(t for t in card.terms_source if 'Balrog specific' in t)}]",
                    "rules": ["MECCG-FX-20"]})
    dead = [{"what": e.get("effect") + (f" ({e['target']})" if e.get("target") else ""),
             "why": "the data marks it as having no effect in company vs. company combat"}
            for e in card.combat_effects if e.get("cvcc") is False]
    return out, dead


def _cancel_of(card: Any, m: Any) -> dict[str, Any] | None:
    """The cancel of the attack the play check reads from a card's own records (combat_cards.json
    ``cancel_attack``, cards.lp) when the card is used otherwise too (Great Shadow, in play: "The Balrog may tap
    to cancel an attack against his company"): what ``verify`` decides "X cancels the attack" by (MECCG-PRE-1),
    with its cost (MECCG-FX-15). None for a card used as a cancel (its ``play``) or one that cancels nothing."""
    from .play_facts import CANCELS_ANY, CVCC, RACES, card_facts
    from .play import cost_taps

    if m.play == "cancel" or not getattr(card, "effects", None):
        return None
    facts = card_facts(card)
    races = [str(f.value) for f in facts if isinstance(f, RACES)]
    if not any(isinstance(f, (CANCELS_ANY, CVCC, RACES)) for f in facts):
        return None
    costs = [str(c) for e in card.effects if e.get("effect") == "cancel_attack" for c in e.get("cost") or ()]
    return {"what": "cancels the attack before strikes are assigned", "races": races or None,
            "costs": costs, "cost_rule": "MECCG-FX-15" if cost_taps(card.id) else None, "rule": "MECCG-PRE-1"}


def _card_entry(card: Any) -> dict[str, Any]:
    m = model(card.id)
    cancel = _cancel_of(card, m)
    abilities, dead = _abilities(card)
    book = load_rulebook("meccg")
    effects = m.as_json()
    rolled = [] if not m.roll else ["MECCG-FX-22"] if "corruption_check" in m.roll else ["MECCG-FX-16"]
    rolled += ["MECCG-FX-25"] if m.cost_check else []
    rolled += ["MECCG-FX-15"] if m.pays_item else []
    rolled += ["MECCG-FX-32"] if m.after_attack_strike else []
    rolled += [r for r in (cancel["rule"], cancel["cost_rule"]) if r] if cancel else []
    rules = list(dict.fromkeys([m.rule] + [f.rule for f in m.fx if f.rule] + rolled
                               + (["MECCG-FX-17"] if m.no_cvcc else [])))
    if m.kind == "character" and not (m.fx or m.unmodelled or m.play != "ability"):
        rules = []  # a character with no combat ability of the interpreter's: only the abilities' rules
    rules = list(dict.fromkeys(rules + [r for a in abilities for r in a["rules"]]))
    if _ends_with_turn(m):  # in play, it acts on the attacking company only (MECCG-FX-7)
        rules = list(dict.fromkeys([*rules, "MECCG-FX-7", "MECCG-INIT-1"]))
    if isinstance(card, ItemCard) and _bearer_terms(card):
        rules = list(dict.fromkeys([*rules, BEARER_RULE]))  # who may bear it (MECCG-FX-35)
    return {"id": card.id, "name": card.name, "set": card.set, "stats": _stats(card),
            "play": m.play, "requires": dict(m.requires) or None, "effects": effects["effects"],
            "bonuses": effects.get("bonuses", []), "flag": m.flag, "no_effect_in_cvcc": m.no_effect,
            "outside_combat": [dict(u) for u in m.outside], "unmodelled": [dict(u) for u in m.unmodelled],
            "no_effect_in_cvcc_parts": [dict(u) for u in m.no_cvcc] + dead,
            "abilities": abilities,
            "roll": dict(m.roll) if m.roll else None, "cost_check": dict(m.cost_check) if m.cost_check else None,
            "wound_rolls": dict(m.wound_rolls) if m.wound_rolls else None,
            "after_attack_strike": dict(m.after_attack_strike) if m.after_attack_strike else None,
            "placed_on": m.placed_on, "grants_skill": m.grants_skill,
            "affects_only": (dict(card.affects_requires) or None) if isinstance(card, ItemCard) else None,
            "lasts": m.lasts if m.lasts != "strike" else None,
            "targets": m.targets if m.lasts != "strike" else None, "no_duplicate": m.no_duplicate,
            "pays_item": list(m.pays_item), "cancels_attack": cancel,
            "placed_with": dict(m.placed_with) if m.placed_with else None,
            "used_earlier_this_turn": [f.as_json() for f in m.turn_fx],
            "in_play_ends_with_turn": _ends_with_turn(m),
            "rules": [{"rule": r, "text": book.rule(r).summary} for r in rules]}


def _ends_with_turn(m) -> str | None:
    """For a card in play (or a member's ability used on a company) lasting until the end of the turn: whom it
    acts on in company vs. company combat (MECCG-FX-7), else None."""
    from ..combat.strikes import TURN_RULE, lasts_the_turn

    if not lasts_the_turn(m) or m.play not in ("in_play", "ability", "strike") or (m.play == "strike" and m.kind != "item"):
        return None
    return ("in play (listed in a company's in_play:), it lasts until the end of the turn it was played or used in: "
            "in company vs. company combat, made in the attacker's turn, it acts on the attacking company only; on "
            f"the defending company it ended with an earlier turn and gives nothing ({TURN_RULE}, MECCG-INIT-1)")


def card_report(name: str) -> dict[str, Any]:
    """Everything pycombat knows about the card(s) named ``name`` (an id or a name)."""
    cards = _find(name)
    out: dict[str, Any] = {"game": "meccg", "query": name, "found": bool(cards),
                           "cards": [_card_entry(c) for c in cards]}
    if not cards:
        out["suggestions"] = suggest(name)
    return out


#: effects whose amount is no modifier, in words
WHAT_TEXT = {"no_wound": "a strike its bearer loses does not wound him (no body check); "
                         "then a roll above {amount} discards the item",
             "opponent_discarded_if_survives": "the opposing character who loses his strike and survives "
                                               "the body check is discarded (no kill MP)",
             "opponent_off_to_side": "the opposing character who loses his strike makes no body check: he is "
                                     "put off to the side (no kill MP)",
             "weapon_prowess": "{amount:+d} to the weapon's prowess bonus, under its maximum (MECCG-FX-2)",
             "corruption_check": "{amount:+d} to every corruption check a member of its company makes in the combat "
                                 "(MECCG-FX-22, MECCG-FX-25, MECCG-FX-30, MECCG-FX-31)"}


def _fmt_cond(cond: dict | None) -> str:
    if not cond:
        return ""
    return " if " + _cond_text(cond)


def _cond_text(cond: dict) -> str:
    """Conditions in words: ``key=value``, lists joined by ``/``, ``any_of`` as alternatives in brackets."""
    out = []
    for k, v in cond.items():
        if k == "any_of":
            out.append("(" + " or ".join(_cond_text(sub) for sub in v) + ")")
        else:
            out.append(f"{k}={'/'.join(map(str, v)) if isinstance(v, list) else v}")
    return ", ".join(out)


def card_lines(report: dict[str, Any]) -> list[str]:
    """The text form of :func:`card_report`."""
    if not report["found"]:
        hint = ", ".join(repr(s) for s in report.get("suggestions", []))
        return [f"no card named {report['query']!r}" + (f"; did you mean {hint}?" if hint else "")]
    lines: list[str] = []
    for c in report["cards"]:
        st = {k: v for k, v in c["stats"].items() if v not in (None, [], False)}
        lines.append(f"{c['name']} ({c['id']}, {c['set']})")
        lines.append("  " + ", ".join(f"{k} {'/'.join(map(str, v)) if isinstance(v, list) else v}"
                                      for k, v in st.items()))
        if c["no_effect_in_cvcc"]:
            lines.append(f"  no effect in company vs. company combat: {c['no_effect_in_cvcc']}")
        if c["play"] == "ability" and not (c["effects"] or c["unmodelled"] or c.get("abilities")):
            lines.append("  no combat ability in the data (printed prowess and body only)")
        elif c["play"] == "ability" and not (c["effects"] or c["unmodelled"]):
            pass  # its abilities, read by the assignment and strike rules, follow
        else:
            lines.append(f"  used: {c['play']}" + (_fmt_cond(c["requires"]).replace(' if ', ', needs ')
                                                     if c["requires"] else "")
                         + (f", lasts the {c['lasts']}" if c.get("lasts") else "")
                         + (" for the character it is played for only" if c.get("targets") == "character" else "")
                         + (f", cannot be duplicated {'on a given turn' if c.get('no_duplicate') == 'turn' else 'against a given attack'}"
                            " (MECCG-FX-8)" if c.get("no_duplicate")
                            else ""))
        for a in c.get("abilities", ()):
            lines.append(f"  ability: {a['text']} ({', '.join(a['rules'])})")
        for b in c["bonuses"]:
            cap = f", max {b['maximum']}" if b["maximum"] is not None else ""
            lines.append(f"  {b['stat']} {b['bonus']:+d}{cap}{_fmt_cond(b['if'])}")
        for e in c["effects"]:
            amount = f" {e['amount']:+d}" if e["amount"] else ""
            what = WHAT_TEXT[e["what"]].format(**e) if e["what"] in WHAT_TEXT else f"{e['what']}{amount}"
            lines.append(f"  effect: {what}{_fmt_cond(e.get('if'))}" +
                         (f" ({e['rule']})" if e.get("rule") else "") +
                         (f"; whether the maximum rises: card flag {e['flag']}" if e.get("flag") else ""))
        if c.get("cancels_attack"):  # read from the card's records by the play check (MECCG-PRE-1)
            k = c["cancels_attack"]
            by = f" by {'/'.join(k['races'])}" if k.get("races") else ""
            cost = f"; its cost: {', '.join(k['costs'])}" + (f" ({k['cost_rule']})" if k.get("cost_rule") else "") \
                if k.get("costs") else ""
            lines.append(f"  effect: {k['what'].replace('the attack', 'an attack' + by)}{cost} ({k['rule']})")
        if c.get("wound_rolls"):
            w = c["wound_rolls"]
            lines.append(f"  effect: before strikes are assigned, each character with mind < {w['mind_below']} and each "
                         f"ally worth < {w['ally_mp_below']} MP rolls 2d6: above his body + {w['minus']} he is wounded "
                         "(eliminated if already wounded); allies with no body discarded; every untapped ally and "
                         f"character with a mind taps; played against a company with a "
                         f"{w['against'].get('company_has') or _cond_text(w['against'])}; "
                         f"whom it reaches: card flag {w['reach_flag']} (MECCG-FX-31)")
        for item in c.get("pays_item") or ():  # MECCG-FX-15
            lines.append(f"  costs: {item}, borne by the character it is played for, goes to its player's marshalling "
                         "point pile when it is played: its bonuses and corruption points are gone for the strike "
                         "and the rest of the attack (MECCG-FX-15)")
        if c.get("cost_check"):
            lines.append(f"  costs: {_cost_check_text(c['cost_check'])}")
        if c.get("after_attack_strike"):  # MECCG-FX-32
            a = c["after_attack_strike"]
            lines.append(f"  costs, after the attack: each {' or '.join(a['from'])} ally still in play strikes the "
                         f"character it is an ally of at its printed prowess {a['prowess_plus']:+d} (MECCG-FX-32)")
        if c.get("roll"):
            lines.append(f"  cancels on a roll: {_roll_text(c['roll'])}" if c["play"] == "cancel"
                         else f"  acts only on a roll: {_roll_text(c['roll'])}")
        if c.get("used_earlier_this_turn"):
            what = ", ".join(f"{e['what']} {e['amount']:+d}" for e in c["used_earlier_this_turn"])
            lines.append(f"  used earlier in the turn on a company ({what} to its every member): list "
                         f"{c['name']} in that company's in_play")
        if c.get("in_play_ends_with_turn"):
            lines.append(f"  {c['in_play_ends_with_turn']}")
        if c.get("placed_with"):
            w = c["placed_with"]
            kind = " or ".join(w["names"]) if w.get("names") else \
                ("non-unique " if w.get("unique") is False else "") + str(w.get("slot", "item"))
            lines.append(f"  placed with one {kind} a member carries: list it as "
                         f"{{card: {c['name']}, member: <member>, item: <the item>}}")
        elif c.get("placed_on"):
            lines.append(f"  placed on one member: list it as {{card: {c['name']}, member: <member>}}")
        if c.get("grants_skill"):
            g = c["grants_skill"]
            whom = "member" if c.get("placed_on") else "bearer"
            # "if the bearer is already a scout": its own terms ask for the skill he has without it
            own = [x for x in [c["requires"] or {}] + [b["if"] or {} for b in c["bonuses"]] if x.get("own_skill") == g]
            lines.append(f"  gives its {whom} the {g} skill, for every card and rule that asks for it"
                         + (f" but its own terms: those ask for a {whom} already a {g} without it (own_skill)"
                            if own else ""))
        if c.get("affects_only"):  # "This item only affects a Ringwraith" (item_terms.yaml `affects`)
            races = "/".join(c["affects_only"].get("race") or ())
            lines.append(f"  acts only for a {races} bearer: every part of it needs one; another character may carry "
                         "it, and it gives him nothing (MECCG-FX-17)")
        if c["flag"]:
            lines.append(f"  decided by the card flag {c['flag']}")
        for u in c["outside_combat"]:
            lines.append(f"  outside combat: {u['what']}")
        for u in c.get("no_effect_in_cvcc_parts", ()):
            lines.append(f"  no effect in company vs. company combat: {u['what']}: {u['why']}")
        for u in c["unmodelled"]:
            only = "".join(f" (only under {f}={v}; under the other readings it has no effect)"
                           for f, v in (u.get("only_if") or {}).items())
            lines.append(f"  NOT MODELLED: {u['what']}: {u['why']}{only}")
        for r in c["rules"]:
            lines.append(f"  {r['rule']}: {r['text']}")
    return lines


def _cost_check_text(cost: dict) -> str:
    """The corruption check a card costs, in words (MECCG-FX-25)."""
    mod = int(cost["corruption_check"])
    who = (f"the {cost['by']} of the company" if cost.get("by") else
           "the character its player names ({card: X, member: <him>} where it is played; none named: not "
           "modelled)" if cost.get("stated") else
           "the member who makes its roll, rolled beside it (MECCG-FX-30/31)" if cost.get("roller") else
           "the character it is played for")
    text = f"a corruption check by {who}, 2d6{f' {mod:+d}' if mod else ''} > his corruption points"
    for kind, m in (cost.get("at_site") or {}).items():
        text += f" ({m:+d} at a {kind})"
    if cost.get("unless_race"):
        text += f", unless a {' or '.join(cost['unless_race'])}"
    return text + "; the card acts whatever it does; failed, he is discarded or eliminated (MECCG-FX-25)"


def _roll_text(roll: dict) -> str:
    """``2d6 + rangers in the company > 7`` from a card's roll record (MECCG-FX-16), or the corruption
    check it calls for (MECCG-FX-22)."""
    if "corruption_check" in roll:
        mod = int(roll["corruption_check"])
        adds = f" {'+' if mod >= 0 else '-'} {abs(mod)}" if mod else ""
        return (f"a corruption check, 2d6{adds} > the character's corruption points; failed, he is discarded "
                "(at his points or one less) or eliminated (lower), and the strike is not resolved (MECCG-FX-22)")
    adds = []
    for a in roll.get("adds") or ():
        if "count" in a:
            adds.append(f"{str(a['count']).lower()}s in the company")
        elif a.get("unused_influence"):
            adds.append("the roller's unused direct influence")
        elif "skill" in a:
            adds.append(f"{a['amount']} if the roller is a {str(a['skill']).lower()}")
    gt = roll["greater_than"]
    beat = gt if isinstance(gt, int) else ", ".join(f"{n} against {r}" for r, n in gt.items())
    who = "" if roll.get("roller") is None else (" (a character of the company rolls)" if roll["roller"] == "any"
                                                 else f" (a {str(roll['roller']).lower()} rolls)")
    return f"2d6{''.join(' + ' + a for a in adds)} > {beat}{who}"
