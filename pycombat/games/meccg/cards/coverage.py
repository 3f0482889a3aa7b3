"""Nothing silently ignored (MECCG-FX-10): what in a scenario the card interpreter does not model.

:func:`unmodelled` walks every card a scenario puts on the table (members' abilities and modes,
carried items, cards in play, hands, cards played in the combat) and collects the parts whose
effect :mod:`.interpreter` does not apply, as ``{card, id, what, why, where}``. Every verb's output
names them (:func:`unmodelled_json`, :func:`unmodelled_lines`) and ``verify`` does not decide a
claim they could change (:func:`blocking`).

>>> from pycombat.games.meccg.schema import scenario_from_dict
>>> s = scenario_from_dict({"game": "meccg",
...     "attacker": {"alignment": "minion", "site": "X", "members": [{"name": "Khamûl the Ringwraith", "mode": "black-rider"}]},
...     "defender": {"alignment": "hero", "site": "X", "members": ["Gimli"]}})
>>> [(u["card"], u["why"]) for u in unmodelled(s)]
[('Khamûl the Ringwraith', 'Black Rider mode has no combat modifier in the data; none is applied')]
"""
from __future__ import annotations

from typing import Any, Iterable

from . import interpreter as cardfx
from .unread_parts import entries as _entries, readings as _readings
from ..model import Scenario

#: Claim kinds about whether a card may be played (and, for a cancel, whether it cancels): only a part
#: that limits playing a card it names (``limits_play``: a condition, cost or alternative) or gives a
#: character it names a skill or race (``grants``) can change them; a card's unmodelled effects, and
#: a named member's other abilities, cannot.
PLAY_KINDS = ("playable_before_assignment", "playable_at_step", "cancels_attack")
#: Claim kinds whose verdict depends on the strikes' numbers (prowess, body, rolls, body checks).
COMBAT_KINDS = ("final_prowess", "modifier_applies", "strike_result", "strike_effect", "body_check",
                "elimination_mp", "strike_cancellable")
#: what each of those verdicts can be changed by: an unmodelled part whose ``touches`` (card_effects.yaml)
#: meet none of these cannot change it (a part without ``touches`` can change anything). "assignment"
#: (who faces which strike, how many) can change every one.
DEPENDS = {
    "final_prowess": {"prowess", "status", "assignment"},
    "modifier_applies": {"prowess", "status", "assignment"},
    "strike_result": {"prowess", "status", "strike_cancel", "attack_cancel", "assignment"},
    "strike_effect": {"prowess", "body", "body_check", "status", "strike_cancel", "attack_cancel", "assignment", "after"},
    "body_check": {"body", "body_check", "assignment"},
    "elimination_mp": {"body_check", "assignment"},
    "strike_cancellable": {"strike_cancel", "attack_cancel", "assignment"},
}


def can_change(e: dict[str, Any], kind: str) -> bool:
    """Whether the unmodelled part ``e`` can change a verdict of claim kind ``kind`` (MECCG-FX-10)."""
    touches = e.get("touches")
    return kind not in DEPENDS or touches is None or bool(set(touches) & DEPENDS[kind])




def _site_unknown(m: cardfx.CardModel, where: str, companies, member: str | None = None) -> list[dict[str, Any]]:
    """The card hangs on the site (its kind, region, Under-deeps) and a company it acts in does not
    know it: named, so no verdict rests on the effect being dropped."""
    if not cardfx.site_conditions(m):
        return []
    conds = [m.requires] + [f.cond for f in m.fx]
    keys = [k for k in cardfx.SITE_KEYS if any(k in c for c in conds)]
    for company in companies:
        missing = [k for k in keys if getattr(company, k) is None]
        if missing:
            e = {"card": m.name, "id": m.id, "what": f"its condition on the site ({', '.join(missing)})",
                 "why": f"{company.site!r} is no site card: give the {company.role}'s "
                        f"{', '.join('`' + k + ':`' for k in missing)}", "where": where}
            if any(k in m.requires for k in missing):
                e["limits_play"] = True
            if member:
                e["member"] = member
            return [e]
    return []


#: a player's alignment -> the card alignments he plays (MECCG-FX-20)
_PLAYS = {"hero": ("hero",), "minion": ("minion",), "balrog": ("balrog", "minion"),
          "fallen-wizard": ("fallen-wizard", "hero", "minion", "stage")}


def _avatar_unknown(m: cardfx.CardModel, where: str, companies) -> list[dict[str, Any]]:
    """The card hangs on its player's avatar in play, wherever it is ("your Ringwraith is in play"), and the
    company that would play it neither holds an avatar nor states ``avatar_in_play:``: named (a requirement, it can
    only bar the play: ``limits_play``, ``narrows``), so no verdict rests on it."""
    from .database import load_carddb

    want = next((m.requires.get(k) for k in cardfx.AVATAR_KEYS if m.requires.get(k) is not None), None)
    if want is None:
        return []
    try:
        alignment = load_carddb().card(m.id).alignment
    except Exception:  # noqa: BLE001 - not a card of combat_cards.json: any company's
        alignment = None
    for company in companies:
        if m.side == "defender" and company.role != "defender" and len(companies) > 1:
            continue
        if alignment and len(companies) > 1 and alignment not in _PLAYS.get(company.alignment, ()) + ("neutral", "dual"):
            continue
        if getattr(company, "avatar_in_play", None) is None:
            return [{"card": m.name, "id": m.id, "what": f"its condition on its player's avatar ({want} in play, in "
                     "any of his companies)",
                     "why": f"the {company.role}'s company holds no avatar and the file does not say whether "
                            f"{company.player}'s avatar is in play elsewhere: state the {company.role}'s "
                            "`avatar_in_play:` (his avatar's card name, or `none`)",
                     "where": where, "limits_play": True, "narrows": True}]
    return []


def _unplaced(m: cardfx.CardModel, card, where: str) -> list[dict[str, Any]]:
    """A card that acts on the one member it is placed on, listed without that member."""
    if not m.placed_on or getattr(card, "on", None) is not None:
        return []
    if m.placed_with:  # placed with one item of a member (Map to Mithril with a weapon, MECCG-FX-3)
        e = {"card": m.name, "id": m.id, "what": "with which item of which member",
             "why": f"list it as {{card: {m.name}, member: <member>, item: <the item>}}: it acts on that item only",
             "where": where, "touches": ["prowess"]}
        return [e]
    e = {"card": m.name, "id": m.id, "what": "on which member",
         "why": f"list it as {{card: {m.name}, member: <member>}}: it acts on that member only", "where": where}
    if m.grants_skill:
        e["grants"] = True
    return [e]


def _flag_off(s: Scenario, m: cardfx.CardModel) -> bool:
    return m.flag is not None and s.flags.get(m.flag, "no_effect") == "no_effect"


def ended_with_its_turn(m: cardfx.CardModel, role: str) -> bool:
    """A card in play lasting the turn that gives the company of ``role`` nothing (MECCG-FX-7)."""
    from ..combat.strikes import ended_with_its_turn as ended

    return ended(m, role)


def unmodelled(s: Scenario) -> list[dict[str, Any]]:
    """Every part of a card in the scenario that the interpreter does not model (no duplicates). An
    attacker's card against a cancel whose terms his company does not meet is refused here, as every
    verb names what is not modelled (MECCG-FX-29)."""
    from .keeps import attack_kept

    attack_kept(s)
    out: list[dict[str, Any]] = []
    for company in (s.attacker, s.defender):
        role = company.role
        for mem in company.members:
            if mem.card_id:
                out += _entries(cardfx.model(mem.card_id), f"{role}.members", mem.name)
                out += _site_unknown(cardfx.model(mem.card_id), f"{role}.members", [company], mem.name)
            if mem.discarded_with_controller and not mem.ally_of:
                out.append({"card": mem.card_name, "id": mem.card_id, "what": "discarded if its controller is wounded",
                            "why": "whose ally it is decides when it is discarded: give its `ally_of:` (MECCG-FX-19)",
                            "where": f"{role}.members", "member": mem.name, "touches": ["after"]})
            if mem.struck_before_controller and not mem.ally_of and role == "defender":
                out.append({"card": mem.card_name, "id": mem.card_id, "what": "a strike before its controller's",
                            "why": "whose ally it is decides which member it must be struck before: give its "
                                   "`ally_of:` (MECCG-FX-18)", "where": f"{role}.members", "member": mem.name,
                            "touches": ["assignment"]})
            if mem.mode == "black-rider":
                out.append({"card": mem.card_name, "id": mem.card_id, "what": "Black Rider mode",
                            "why": "Black Rider mode has no combat modifier in the data; none is applied",
                            "where": f"{role}.members", "member": mem.name})
            for item in mem.items:
                out += _entries(cardfx.model(item.id), f"{role}.members.items", mem.name)
                out += _site_unknown(cardfx.model(item.id), f"{role}.members.items", [company], mem.name)
        for card in company.in_play:
            m = cardfx.model(card.id)
            if not _flag_off(s, m):
                out += _entries(m, f"{role}.in_play")
                # lasting the turn, on the defending company it ended with an earlier one: no site of it matters
                out += [] if ended_with_its_turn(m, role) else _site_unknown(m, f"{role}.in_play", [company])
                out += _unplaced(m, card, f"{role}.in_play")
                out += _misplaced(m, f"{role}.in_play", company)
        for cid in company.hand:
            out += _entries(cardfx.model(cid), f"{role}.hand")
            out += _site_unknown(cardfx.model(cid), f"{role}.hand", [company])
            out += _avatar_unknown(cardfx.model(cid), f"{role}.hand", [company])
            out += _maker_unnamed(cardfx.model(cid), f"{role}.hand", company)
    for card in s.in_play:
        m = cardfx.model(card.id)
        if not _flag_off(s, m):
            out += _entries(m, "in_play")
            out += _site_unknown(m, "in_play", [c for c in (s.attacker, s.defender)
                                                if not ended_with_its_turn(m, c.role)])  # (MECCG-FX-7)
            out += _unplaced(m, card, "in_play")
            if m.play == "in_play" and m.fx and m.kind == "event" and getattr(card, "type", None) == "resource" \
                    and not (m.placed_on and getattr(card, "on", None)):
                out.append({"card": m.name, "id": m.id, "what": "a resource in play under no company",
                            "why": "whose card it is decides whom it modifies; list it in a company's in_play",
                            "where": "in_play"})
            else:
                out += _misplaced(m, "in_play", None)
    if s.combat is not None:
        for st in s.combat.strikes:
            for role, ids in (("attacker", st.attacker_cards), ("defender", st.defender_cards)):
                for cid in ids:
                    m = cardfx.model(cid)
                    # a condition of playing a card that acts on its own character only (targets: character):
                    # unmet, it changes his strike alone, so it is his (MECCG-FX-8, MECCG-FX-10)
                    own = st.attacker if role == "attacker" else st.defender
                    out += [{**e, "member": own} if e.get("limits_play") and m.targets == "character" else e
                            for e in _entries(m, f"{st.path}.{role}_cards")]
                    out += _maker_unnamed(cardfx.model(cid), f"{st.path}.{role}_cards", s.company(role))
                    out += _site_unknown(cardfx.model(cid), f"{st.path}.{role}_cards", [s.company(role)])
                    out += _avatar_unknown(cardfx.model(cid), f"{st.path}.{role}_cards", [s.company(role)])
        for cid in s.combat.before_assignment:
            out += _avatar_unknown(cardfx.model(cid), f"{s.combat.path}.before_assignment", [s.defender])
            out += _maker_unnamed(cardfx.model(cid), f"{s.combat.path}.before_assignment", s.defender, s.flags)
            out += _roller_check(s, cardfx.model(cid))
            out += _wound_rolls(s, cardfx.model(cid))
        if s.combat.before_assignment and any(cardfx.model(c).play == "cancel" for c in s.combat.before_assignment):
            kept = attack_kept(s)
            for cid in s.combat.before_assignment if kept is not None else ():
                m = cardfx.model(cid)  # the attack goes on (MECCG-FX-29): a cost shown as outside it is inside it
                out += [{"card": m.name, "id": m.id, "what": u["what"], "where": f"{s.combat.path}.before_assignment",
                         "why": f"the attack goes on ({kept.text(m.name)}): what this cost does to the strikes "
                                "is not modelled", "touches": ["status", "assignment"]}
                        for u in m.outside if m.play == "cancel"]
                if m.play == "cancel" and m.cost_check and not _unnamed(m, s.defender):  # (MECCG-FX-30/31)
                    out.append({"card": m.name, "id": m.id, "what": "the corruption check it costs",
                                "where": f"{s.combat.path}.before_assignment",
                                "why": f"the attack goes on ({kept.text(m.name)}): verify's claims about the strikes "
                                       "read the one assignment the combat block names, the company's if he passes; "
                                       "after a failed check he is in no assignment and the players assign anew (odds, "
                                       "replay, optimize, tree and enumerate branch on it, MECCG-FX-31)",
                                "touches": ["strike_cancel", "body_check"]})
        for cid in s.combat.before_assignment:
            # a condition of playing it that holds under every reading (The Tormented Earth's "Playable on a
            # sorcery-using character"): whether it is played at all, so whether the attack goes on, hangs on it
            m = cardfx.model(cid)
            out += [e for e in _entries(m, f"{s.combat.path}.before_assignment")
                    if e.get("limits_play") and not e.get("only_if")]
            # a cancel is played under every reading: what it does in this combat that is not modelled (the wound
            # Escape costs the character it is played for, MECCG-FX-15) is named wherever it is played
            if m.play == "cancel":
                goes_on = attack_kept(s)
                for e in _entries(m, f"{s.combat.path}.before_assignment"):
                    if e.get("limits_play") or e.get("only_if"):
                        continue
                    if goes_on is not None:  # the attack goes on (MECCG-FX-29): the cost acts on the strikes
                        e = {**e, "why": f"the attack goes on ({goes_on.text(m.name)}): what this cost does to the "
                                         "strikes is not modelled", "touches": ["status", "assignment"]}
                    out.append(e)
        if s.flags.get("pre_assignment_attack_effects") == "allowed":
            for cid in s.combat.before_assignment:
                m = cardfx.model(cid)
                if not _flag_off(s, m):
                    out += _entries(m, f"{s.combat.path}.before_assignment")
    seen, unique = set(), []
    for e in _readings(s, out):
        if _idle(s, e):
            continue
        key = (e["id"], e["what"], e.get("member"))
        if key not in seen:
            seen.add(key)
            unique.append(e)
    return unique


def _strike_count(s: Scenario) -> int:
    """The strikes of the attack: the combat block's, else one per attacking character (MECCG-STRUCT-1)."""
    if s.combat is not None and s.combat.strikes:
        return len(s.combat.strikes)
    return len(s.attacker.members)


def _cannot_end(s: Scenario, e: dict[str, Any]) -> bool:
    """A card in play whose condition is its company's size (``ends_below: N``: Fellowship, "a company of four or
    more", TW-240) ends when a member leaves play in an earlier strike; that can matter only when the company has N
    or more members and could fall below N before its last strike is resolved: each strike before the last can
    take one member of it (eliminated, discarded: MECCG-BODY). Otherwise the part cannot act here."""
    n = e.get("ends_below")
    if n is None:
        return False
    role = e["where"].split(".")[0]
    companies = [s.company(role)] if role in ("attacker", "defender") else [s.attacker, s.defender]
    leave = max(_strike_count(s) - 1, 0)
    return not any(int(n) <= len(c.members) < int(n) + leave for c in companies)


def _idle(s: Scenario, e: dict[str, Any]) -> bool:
    """MECCG-CARD-3: a part that acts only on the allies of the company facing its card's company (Bow of the
    Galadhrim's roll to discard minion allies, ``acts_on: opposing_allies``) does nothing when that company has
    none it can act on (non-unique ones only, ``ally_unique: false``), so it is not an open part of this
    scenario."""
    if _cannot_end(s, e):
        return True
    role = e["where"].split(".")[0]
    if e.get("acts_on") != "opposing_allies" or role not in ("attacker", "defender"):
        return False
    return not ally_targets(s, e)


def _part(e: dict[str, Any]) -> dict[str, Any]:
    """The card_effects.yaml ``unmodelled`` record an entry was made from."""
    return next((u for u in cardfx.model(e["id"]).unmodelled if u["what"] == e["what"]), {})


def ally_targets(s: Scenario, e: dict[str, Any]) -> list[Any]:
    """The members a part acting on the opposing company's allies (``acts_on: opposing_allies``) can remove: the
    allies of the company facing its card's, the unique ones left out where it acts on non-unique allies only
    (``ally_unique: false``, MECCG-CARD-3); none when the member bearing the card is not the bearer its part
    asks for (``bearer: {race, skill}``: an Elf warrior). Empty for any other part."""
    from .database import load_carddb

    role = e["where"].split(".")[0]
    if e.get("acts_on") != "opposing_allies" or role not in ("attacker", "defender"):
        return []
    want = _part(e).get("bearer") or {}
    bearer = next((m for c in (s.attacker, s.defender) for m in c.members if m.name == e.get("member")), None)
    if bearer is not None and want and not (  # only such a bearer makes the roll (MECCG-CARD-3)
            (not want.get("race") or (bearer.race or "").casefold() == want["race"].casefold())
            and (not want.get("skill") or want["skill"].casefold() in {k.casefold() for k in bearer.skills})):
        return []
    other = s.defender if role == "attacker" else s.attacker
    unique_too = _part(e).get("ally_unique", True) is not False
    return [m for m in other.members if m.card_type == "ally"
            and (unique_too or m.card_id is None or not load_carddb().character(m.card_id).unique)]


def _unnamed(m: cardfx.CardModel, company) -> bool:
    """The check ``m`` costs is made by the character its player names, and none is named."""
    return bool((m.cost_check or {}).get("stated")) and m.name not in dict(company.makers)


def _maker_unnamed(m: cardfx.CardModel, where: str, company, flags=None) -> list[dict[str, Any]]:
    """The corruption check a card costs whose maker its player chooses (its caster, ``cost_check:
    {stated: true}``), listed where the scenario does not name him (MECCG-FX-25/30/31), under the flag
    readings it is made in (``only_if``)."""
    if not _unnamed(m, company) or any((flags or {}).get(f) != v for f, v in (m.cost_check.get("only_if") or {}).items()):
        return []
    cost = m.cost_check
    unless = f" (unless a {' or '.join(cost['unless_race'])})" if cost.get("unless_race") else ""
    rule = "MECCG-FX-30" if m.play == "cancel" else "MECCG-FX-31" if m.play == "before_assignment" else "MECCG-FX-25"
    return [{"card": m.name, "id": m.id, "what": f"the corruption check {cost['corruption_check']:+d}{unless} it costs",
             "why": f"its player chooses who makes it: name him as {{card: {m.name}, member: <the character>}} "
                    f"where it is played ({rule})", "where": where,
             "touches": ["status", "body_check"] + (["strike_cancel"] if m.play != "cancel" else [])}]


def _wound_rolls(s: Scenario, m: cardfx.CardModel) -> list[dict[str, Any]]:
    """The wound rolls a card played before strikes are assigned makes (Crowned with Storm, MECCG-FX-31): the verbs
    that branch on them drop this entry (:func:`..combat.before.modelled_here`); verify's claims about the strikes
    read the one assignment the combat block names, with every member as the scenario gives him."""
    if not m.wound_rolls:
        return []
    return [{"card": m.name, "id": m.id, "what": "wound rolls before strikes are assigned (members wounded, "
             "eliminated, discarded, tapped)", "where": f"{s.combat.path}.before_assignment",
             "why": "they change the companies before strikes are assigned: verify decides a claim they could change "
                    "where every outcome gives one verdict or the combat's wound_rolls give every roll (odds, replay, "
                    "optimize, tree and enumerate branch on them, MECCG-FX-31)",
             "touches": ["prowess", "body_check", "status", "assignment"]}]


def _roller_check(s: Scenario, m: cardfx.CardModel) -> list[dict[str, Any]]:
    """The corruption check a cancel on a roll costs its roller (Token of Goodwill's diplomat), where the roll
    can fail and the check can too: after a failed roll the attack goes on, and a maker who failed has left
    before strikes are assigned (MECCG-FX-31). The verbs that branch on it drop this entry
    (:func:`..combat.before.modelled_here`); verify's claims about the strikes read one assignment."""
    from .rolls import cancel_roll, strike_roll

    if m.play != "cancel" or not (m.cost_check or {}).get("roller"):
        return []
    r = cancel_roll(s, m.id, "defender")
    if r is None or r.roller is None or r.chance is None or r.chance >= 1:
        return []
    check = strike_roll(m, s.defender.member(r.roller), s.defender)
    if check is None or set(check.fates()) <= {"passes"}:
        return []
    return [{"card": m.name, "id": m.id, "what": "the corruption check it costs", "where": f"{s.combat.path}.before_assignment",
             "why": "where its roll fails the attack goes on: verify's claims about the strikes read the one assignment "
                    "the combat block names, the company's if he passes; after a failed check he is in no assignment "
                    "and the players assign anew (odds, replay, optimize, tree and enumerate branch on it, MECCG-FX-31)",
             "touches": ["strike_cancel", "body_check"]}]








def _misplaced(m: cardfx.CardModel, where: str, company) -> list[dict[str, Any]]:
    """A card listed as in play whose effect comes another way (a mode card without a member in
    that mode, a card played during the combat): listed, since it is not applied from there."""
    if m.play == "mode":
        if company is not None and any(x.mode == m.mode for x in company.members):
            return []
        return [{"card": m.name, "id": m.id, "what": f"in play, but no Ringwraith is in {m.mode} mode",
                 "why": f"a mode card acts through the member's `mode: {m.mode}` (MECCG-FX-6)", "where": where}]
    if m.kind == "item" and (m.lasts != "turn" or company is None):
        why = ("it acts for a company: list it in that company's `in_play:` (used earlier this turn)"
               if m.lasts == "turn" else "an item acts from the `items:` of the member who carries it")
        return [{"card": m.name, "id": m.id, "what": "listed as in play", "why": why, "where": where}]
    if m.source == "placed" and company is not None:  # in play on its bearer, used from there (MECCG-FX-23)
        return []
    if m.keeps_attack and company is not None and company.role == "attacker":  # played against a cancel (MECCG-FX-29)
        return []
    if m.play == "in_play" and m.side == "defender" and company is not None and company.role != "defender":
        return [{"card": m.name, "id": m.id, "what": "in play in the attacking company",
                 "why": "only the company facing an attack plays it (MECCG-STRUCT-3): it gives the attacking "
                        "company nothing", "where": where}]
    if m.play in ("strike", "before_assignment", "cancel") and m.kind == "event":
        return [{"card": m.name, "id": m.id, "what": "listed as in play",
                 "why": f"it is played during the combat ({m.play}); list it in the `combat:` block", "where": where}]
    return []


def unmodelled_json(s: Scenario) -> list[dict[str, Any]]:
    """The JSON form: ``[{card, what, why, ...}]`` (the verbs add it as ``"unmodelled"``)."""
    return [dict(e) for e in unmodelled(s)]


def unmodelled_lines(s: Scenario) -> list[str]:
    """Text lines for the verbs' output (empty if everything is modelled)."""
    return lines_of(unmodelled(s))


def lines_of(entries: list[dict[str, Any]]) -> list[str]:
    """The text lines of unmodelled entries (empty if there are none)."""
    if not entries:
        return []
    lines = [f"Not modelled ({len(entries)}; results ignore these effects, MECCG-FX-10):"]
    for e in entries:
        who = f" ({e['member']})" if e.get("member") else ""
        lines.append(f"  - {e['card']}{who}: {e['what']}: {e['why']}")
    return lines


def _names(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)] if isinstance(value, str) else []


def blocking(s: Scenario, claim, entries: Iterable[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The unmodelled entries that could change ``claim``'s verdict: those of a card or member
    the claim names, and, for claims about the strikes' numbers, every one attached to a member
    of either company or in play whose ``touches`` meet what the claim depends on (:data:`DEPENDS`).
    Whether a card may be played (:data:`PLAY_KINDS`) hangs only on the parts that limit playing
    it or grant a skill or race."""
    return [e for e, could in _weighed(s, claim, entries) if could]


def _condition_keys(names: Any) -> set[str]:
    """The condition keys of card_effects.yaml naming the cards called ``names`` (``Doors of Night``:
    ``doors_of_night``), as a card that reads a card in play states its condition."""
    return {"_".join(str(n).casefold().replace("-", " ").split()) for n in _names(names)}


def reads_condition(card_id: str | None, keys: set[str]) -> bool:
    """Whether the card ``card_id``'s modelled effects (or its requirements) have a condition on one of ``keys``
    (:func:`_condition_keys`): The Sun Shone Fiercely's ``doors_of_night``."""
    if not card_id or not keys:
        return False
    try:
        m = cardfx.model(card_id)
    except KeyError:  # (not a card of the effects data: it reads no card in play)
        return False
    conds = [getattr(f, "cond", None) or {} for group in (m.fx, m.company_fx, m.turn_fx, m.variants) for f in group]
    conds.append(getattr(m, "requires", None) or {})
    return any(k in keys for cond in conds if isinstance(cond, dict) or hasattr(cond, "keys") for k in cond)


def _weighed(s: Scenario, claim, entries: Iterable[dict[str, Any]] | None = None) -> list[tuple[dict[str, Any], bool]]:
    """``(entry, could change the verdict)`` for every unmodelled entry near the claim (see :func:`blocking`)."""
    from pycombat.names import normalize

    entries = list(unmodelled(s) if entries is None else entries)
    named = {normalize(n) for key in ("card", "modifier", "defender", "attacker", "character", "supporter",
                                       "taker", "from") for n in _names(claim.args.get(key))}
    if claim.kind != "hazard_effect":  # whether a hazard acts at all does not hang on its details
        present = {(e["card"], e["what"]) for e in entries}  # a part the scenario names already (for a member)
        entries += [e for e in _named_cards(s, claim) if (e["card"], e["what"]) not in present]
    seen: set = set()  # a card in the scenario and named by the claim: its parts once
    entries = [e for e in entries if not ((e["card"], e["what"], e.get("member")) in seen
                                          or seen.add((e["card"], e["what"], e.get("member"))))]
    # the members whose strike the claim is about (its strike number, or the characters it names)
    involved = set(named)
    n = claim.args.get("strike")
    if s.combat is not None and isinstance(n, int) and 1 <= n <= len(s.combat.strikes):
        st = s.combat.strikes[n - 1]
        involved |= {normalize(st.attacker), normalize(st.defender)}
    out = []
    for e in entries:
        if claim.kind == "hazard_effect":
            # whether a hazard acts hangs on its own parts: a site its condition reads that is not known, the
            # member it is placed on not named (MECCG-FX-11); an environment, which only switches the conditions
            # of the cards that read it (MECCG-FX-7, MECCG-CARD-13: Doors of Night and The Sun Shone Fiercely), on
            # theirs too: what it changes is what they do
            if normalize(e["card"]) in named or normalize(e.get("id") or "") in named \
                    or reads_condition(e.get("id"), _condition_keys(claim.args.get("card"))):
                out.append((e, True))
            continue
        if e.get("settled_by") and claim.args.get(e["settled_by"]) not in (None, "", []):
            continue  # the claim states this part's result (e.g. the allies a roll discarded)
        if e.get("ends_below") and s.combat is not None and isinstance(n, int) and 1 <= n <= len(s.combat.strikes):
            # a card in play ending when its company falls below a size (Fellowship): the first strike, and a strike
            # no member of its company takes part in, see it whole
            role = e["where"].split(".")[0]
            own = {normalize(m.name) for c in ([s.company(role)] if role in ("attacker", "defender")
                                               else [s.attacker, s.defender]) for m in c.members}
            st = s.combat.strikes[n - 1]
            about = named or {normalize(st.attacker), normalize(st.defender)}
            size = max((len(c.members) for c in (s.attacker, s.defender)
                        if {normalize(m.name) for m in c.members} <= own), default=0)
            # each strike before this one can take one member of it (MECCG-BODY)
            if not about & own or size - (n - 1) >= int(e["ends_below"]):
                out.append((e, False))
                continue
        card_named = bool({normalize(e["card"]), normalize(e.get("id") or "")} & named)
        member_named = normalize(e.get("member") or "") in named
        removed = ally_targets(s, e)
        if removed and claim.kind not in PLAY_KINDS:  # it may remove allies, and their strikes, before assignment
            out.append((e, card_named or member_named or _removal_changes(claim.kind, removed, involved, named)))
            continue
        if claim.kind in PLAY_KINDS:
            # an alternative of the card (Dark Quarrels halving the strikes) may be what it is played for, but
            # it cancels nothing: it can change whether the card may be played, not whether it cancels
            alt = e.get("alternative") and claim.kind != "cancels_attack"
            could = (card_named and (e.get("limits_play") or alt)) or ((card_named or member_named) and e.get("grants"))
            if card_named or member_named:
                out.append((e, bool(could)))
            continue
        # a card's alternative that changes the strike count (Dark Quarrels halving it) and may be played here:
        # the number of strikes hangs on it, and which members' strikes it removes is covered by no rule, so
        # every claim about the strikes as a whole or one member's strike does too (MECCG-STRUCT-6, MECCG-FX-10)
        count = claim.kind in _STRIKES_AS_A_WHOLE + ("commits_strike",) and e.get("alternative") and \
            "assignment" in (e.get("touches") or ())
        near = card_named or member_named or count or (
            claim.kind in COMBAT_KINDS and (not e.get("member") or normalize(e["member"]) in involved
                                            or not involved - named and not named))
        if near:  # a member-less entry (cards in play, played cards) or one of this strike's members
            out.append((e, can_change(e, claim.kind)))
    return out


#: Claim kinds a member's removal before strikes are assigned cannot change: the attack and the companies' kinds
#: are fixed when it is declared (MECCG-INIT, MECCG-ALIGN), a member's being a target is his card's, who does
#: what is the rules', a kill's MP its card's (the claim supposes the kill), and a hazard's effect its own.
_BEFORE_ASSIGNMENT = ("may_attack", "company_status", "is_target", "actor", "elimination_mp", "trophy", "hazard_effect")
#: Claim kinds about the attack's strikes as a whole: a strike fewer can change each of them.
_STRIKES_AS_A_WHOLE = ("strike_count", "excess_count", "assignment_legal", "phase2_count", "takes_strike_in_phase",
                       "may_support")


def _removal_changes(kind: str, removed: list, involved: set[str], named: set[str]) -> bool:
    """MECCG-CARD-3, MECCG-FX-10: whether removing the allies ``removed`` before strikes are assigned (each one
    strike fewer, MECCG-STRUCT-1; and what it gave the member it is an ally of) can change a claim of ``kind``
    about the members ``involved`` (those it names, and its strike's): the attack's strikes as a whole, yes;
    the facts of the attack's declaration, no; a claim about one strike or member, when it is about one of those
    allies or (but for a claim about his own strike) a member one of them is an ally of (an unnamed one: yes)."""
    from pycombat.names import normalize

    if kind in _BEFORE_ASSIGNMENT:
        return False
    if kind in _STRIKES_AS_A_WHOLE:
        return True
    touched = {normalize(m.name) for m in removed}
    if kind not in _OWN_STRIKE:  # what the ally gave the member it is an ally of (War-warg's +2 body) goes too
        touched |= {normalize(m.ally_of) for m in removed if m.ally_of}
    return not involved or bool(touched & involved)


#: Claim kinds about a member's own strike: another's removal leaves it as it is.
_OWN_STRIKE = ("commits_strike", "strike_cancellable")


def _named_cards(s: Scenario, claim) -> list[dict[str, Any]]:
    """The unmodelled parts of the cards a claim names (``card:``), present in the scenario or not."""
    from pycombat.errors import PycombatError
    from .database import load_carddb

    out = []
    for name in _names(claim.args.get("card")):
        try:
            card = load_carddb().card(name)
        except PycombatError:
            continue
        m = cardfx.model(card.id)
        if not _flag_off(s, m):
            out += _entries(m, f"{claim.path}.card")
            out += _site_unknown(m, f"{claim.path}.card", [s.attacker, s.defender])
            out += _avatar_unknown(m, f"{claim.path}.card", [s.attacker, s.defender])
    return _readings(s, out)


def present_card_flags(s: Scenario) -> set[str]:
    """The card flags (card_flags.md) of the cards present in the scenario."""
    ids = [m.card_id for c in (s.attacker, s.defender) for m in c.members if m.card_id]
    ids += [c.id for c in s.in_play] + [c.id for co in (s.attacker, s.defender) for c in co.in_play]
    ids += [cid for co in (s.attacker, s.defender) for cid in co.hand]
    if s.combat is not None:
        ids += list(s.combat.before_assignment)
        ids += [cid for st in s.combat.strikes for cid in st.attacker_cards + st.defender_cards]
    ids += [i.id for co in (s.attacker, s.defender) for m in co.members for i in m.items]
    out = {cardfx.model(i).flag for i in ids if cardfx.model(i).flag}
    if any("struck" in c for i in ids for c in [cardfx.model(i).requires] + [f.cond for f in cardfx.model(i).fx]):
        out.add(cardfx.AGAINST_FLAG)  # a card that says "a strike against X" is here
    if any(f.what == "no_wound" for i in ids for f in cardfx.model(i).fx):
        out.add(cardfx.UNWOUNDED_TAPS_FLAG)  # an item that keeps its bearer unwounded is here
    out |= {f.flag for i in ids for f in cardfx.model(i).fx if f.flag}  # a record's own reading (a weapon's maximum)
    out |= {cardfx.model(i).wound_rolls["reach_flag"] for i in ids if (cardfx.model(i).wound_rolls or {}).get("reach_flag")}
    return out


def card_flag_names() -> set[str]:
    """Every card flag (one per unclear card)."""
    return {m.flag for m in cardfx.all_models().values() if m.flag} | {cardfx.AGAINST_FLAG, cardfx.UNWOUNDED_TAPS_FLAG} \
        | {f.flag for m in cardfx.all_models().values() for f in m.fx if f.flag} \
        | {m.wound_rolls["reach_flag"] for m in cardfx.all_models().values() if (m.wound_rolls or {}).get("reach_flag")}


def not_blocking(s: Scenario, claim) -> list[dict[str, Any]]:
    """The unmodelled parts near a claim (of the cards and members it names, or of its strike) that
    cannot change its verdict: the verdict is decided, and its note names them."""
    out, seen = [], set()
    for e, could in _weighed(s, claim):
        key = (e["id"], e["what"], e.get("member"))
        if not could and key not in seen:
            seen.add(key)
            out.append(e)
    return out


# ---- what optimize does not offer as a decision -------------------------------------------------
#: why optimize leaves a company's strike ability out of its decisions (the game offers the hands'
#: cards and the items a character uses for the strike he faces, MECCG-FX-17/22)
UNOFFERED_WHY = ("optimize offers as decisions only the cards in a hand (`hand:`) and the items a character "
                 "uses for the strike he faces; the best play it reports is without this one")


def _strike_model(cid: str | None) -> "cardfx.CardModel | None":
    m = cardfx.all_models().get(cid) if cid else None
    return m if m is not None and m.play == "strike" else None


def unoffered(s: Scenario) -> list[dict[str, Any]]:
    """The abilities of a company's allies, members and placed cards, and the items any member may use
    for another (``carrier: company``), that may be used in a strike but that ``optimize`` does not offer
    as a decision of the player who makes it: each named (MECCG-FX-10), so its best play never
    silently leaves an option out."""
    out: list[dict[str, Any]] = []
    for company in (s.attacker, s.defender):
        role = company.role

        def add(m, where: str, member: str | None, what: str) -> None:
            if m.side == "defender" and role != "defender":
                return
            out.append({"card": m.name, "id": m.id, "what": what, "why": UNOFFERED_WHY, "where": where,
                        **({"member": member} if member else {}), "touches": ["prowess", "body", "status",
                                                                              "strike_cancel", "body_check"]})
        for mem in company.members:
            m = _strike_model(mem.card_id)
            if m is not None and m.source in ("ally", "member"):
                add(m, f"{role}.members", mem.name, f"{mem.name}'s ability used in a strike")
            for item in mem.items:
                m = _strike_model(item.id)
                if m is not None and m.source == "item" and m.carrier == "company":
                    add(m, f"{role}.members.items", mem.name, f"{item.name} used by {mem.name} for another character")
        opposing = s.defender if role == "attacker" else s.attacker
        for cid in company.hand:  # MECCG-FX-26: which of several items the card discards
            m = _strike_model(cid)
            if m is not None and any(f.what == "discard_opponent_item" for f in m.fx) \
                    and any(len(x.items) > 1 for x in opposing.members):
                add(m, f"{role}.hand", None, f"{m.name} against a character bearing several items (which one it "
                                             "discards is its player's choice)")
        for card in company.in_play:
            m = _strike_model(card.id)
            if m is not None and m.source == "placed":
                add(m, f"{role}.in_play", getattr(card, "on", None), f"{m.name} used by the member it is on")
    seen, unique = set(), []
    for e in out:
        key = (e["id"], e.get("member"))
        if key not in seen:
            seen.add(key)
            unique.append(e)
    return unique
