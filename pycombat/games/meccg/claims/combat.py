"""MECCG claims about the attack's structure, strikes, body checks and marshalling points.

These complement the card-play claims of :mod:`claims` (decided in ASP check mode): each kind
below is a rule check in Python on the scenario (and, where the claim is about what happened,
on the replay of its ``combat:`` block), citing the digest's rule ids in comments and in its
verdict. Sentences are matched by :data:`TEMPLATES`; ``kind:`` with fields works too.

>>> describe("excess_count", {"count": 1})
'the attack has 1 excess strikes'
"""
from __future__ import annotations

import re
from typing import Any, Callable

from pycombat.in_force import in_force
from pycombat.names import did_you_mean, normalize, normalize_id
from ..assignment.legal import judge_attack
from ..cards.database import load_carddb
from . import lookups
from .check_roll import TEMPLATES as CHECK_ROLL, check_roll, describe as check_roll_sentence  # MECCG-FX-31
from .after_attack import DECIDERS as AFTER_ATTACK, TEMPLATES as AFTER, describe as after_sentence  # MECCG-FX-32
from ..model import Member, Scenario

_Build = Callable[[re.Match], tuple[str, dict]]


def _t(pattern: str, kind: str, **fixed: Any) -> tuple[re.Pattern, _Build]:
    rx = re.compile(pattern, re.I)
    return rx, lambda m: (kind, {**fixed, **{k: v for k, v in m.groupdict().items() if v is not None}})


TEMPLATES: list[tuple[re.Pattern, _Build]] = [
    _t(r"^the (?P<role>attacking|defending) company is (?P<status>overt|covert)(?: (?:after|once) (?P<after>.+?) "
       r"(?:is|has been) (?:eliminated|discarded|removed)| for the whole attack)?$", "company_status"),
    _t(r"^(?P<attacker>.+?) commits a strike$", "commits_strike"),
    _t(r"^the attack has (?P<count>\d+) excess strikes?$", "excess_count"),
    _t(r"^the attack has (?P<count>\d+) strikes?(?: after (?P<card>.+?)(?: discards (?P<discarded>.+))?)?$",
       "strike_count"),
    _t(r"^(?P<attacker>.+?)'s (?:excess )?strike may be cancelled$", "strike_cancellable"),
    _t(r"^(?P<defender>.+?) may be attacked$", "is_target"),
    _t(r"^(?P<supporter>.+?) may support (?P<character>.+?)(?: in strike (?P<strike>\d+))?$", "may_support"),
    _t(r"^the (?P<role>attacker|defender) (?P<action>chooses the (?:order of the strikes|strike order)|allocates "
       r"(?:the )?excess strikes|rolls first|makes the body check against (?P<character>.+)|assigns strikes in "
       r"phase (?P<phase>I{1,3}|[123])|taps characters in support)$", "actor"),
    _t(r"^if (?P<defender>.+?) takes (?P<attacker>.+?)'s strike in phase (?:I|1), the attacker (?:must|may) "
       r"assign (?P<count>\d+) strikes? in phase (?:II|2)$", "phase2_count"),
    _t(r"^strike (?P<strike>\d+) (?P<result>succeeds|fails|is ineffectual|is cancelled)$", "strike_result"),
    _t(r"^(?P<character>.+?) (?P<effect>is wounded|taps|is eliminated|is discarded|is put off to the side|"
       r"returns to (?:its player's )?hand)"
       r" in strike (?P<strike>\d+)$", "strike_effect"),
    _t(r"^(?P<character>.+?) (?P<effect>survives) (?:in )?strike (?P<strike>\d+)$", "strike_effect"),
    _t(r"^a body[- ]check roll of (?P<roll>\d+) (?P<result>eliminates|discards|returns|spares) (?P<character>.+?)"
       r"(?: to (?:its player's )?hand)?$", "body_check"),
    _t(r"^eliminating (?P<character>.+?) (?:gives|is worth) (?:to )?the (?P<role>attacker|defender|attacking player|"
       r"defending player) (?P<value>[-+]?\d+) (?:kill )?(?:MPs?|marshalling points?)$", "elimination_mp"),
    _t(r"^(?P<taker>.+?) may take (?P<character>.+?) as a trophy$", "trophy"),
    _t(r"^(?P<taker>.+?) may take (?P<item>.+?) from (?P<character>.+?)$", "takes_item"),
    _t(r"^(?P<character>.+?)'s (?P<what>-3|−3|support bonus|support|excess penalty|tapped penalty|wounded penalty|"
       r"wound|tapping) lasts after (?:the|his|her|its) strike$", "lasts"),
    _t(r"^the (?P<role>attacker|defender) may steal an item$", "steal_item"),
    _t(r"^(?P<card>.+?) has (?:an )?effect (?:in|on) this combat$", "hazard_effect"),
    *CHECK_ROLL,
    *AFTER,
]


def describe(kind: str, a: dict) -> str | None:
    """The sentence for a claim given by ``kind:`` and fields (None: not one of these kinds)."""
    g = a.get
    return {
        "company_status": f"the {g('role')} company is {g('status')}"
                          + (f" after {g('after')} is eliminated" if g("after") else ""),
        "commits_strike": f"{g('attacker')} commits a strike",
        "strike_count": f"the attack has {g('count')} strikes" + (f" after {g('card')}" if g("card") else ""),
        "excess_count": f"the attack has {g('count')} excess strikes",
        "strike_cancellable": f"{g('attacker')}'s strike may be cancelled",
        "is_target": f"{g('defender')} may be attacked",
        "may_support": f"{g('supporter')} may support {g('character')}",
        "actor": f"the {g('role')} {g('action')}",
        "phase2_count": f"if {g('defender')} takes {g('attacker')}'s strike in phase I, the attacker must assign "
                        f"{g('count')} strikes in phase II",
        "strike_result": f"strike {g('strike')} {g('result')}",
        "strike_effect": f"{g('character')} {g('effect')} in strike {g('strike')}",
        "body_check": f"a body-check roll of {g('roll')} {g('result')} {g('character')}",
        "elimination_mp": f"eliminating {g('character')} gives the {g('role')} {g('value')} MP",
        "trophy": f"{g('taker')} may take {g('character')} as a trophy",
        "takes_item": f"{g('taker')} may take {g('item')} from {g('character')}",
        "lasts": f"{g('character')}'s {g('what')} lasts after the strike",
        "steal_item": f"the {g('role')} may steal an item",
        "hazard_effect": f"{g('card')} has an effect in this combat",
    }.get(kind) or check_roll_sentence(kind, a) or after_sentence(kind, a)


# ---- helpers ------------------------------------------------------------------------------
def _v(claim, verdict: bool, rules: list[str], notes: list[str] | None = None, details: list | None = None,
       parts: dict | None = None):
    return lookups.Verdict(claim, verdict, rules, details or [], notes or [], parts=dict(parts or {}))


def _strike_part(result: str) -> dict:
    """The sub-item of MECCG-SEQ-10 that gave the strike's result."""
    return {"MECCG-SEQ-10": lookups.STRIKE_ITEMS[result]} if result in lookups.STRIKE_ITEMS else {}


def _err(s: Scenario, claim, msg: str):
    return lookups._err(s, claim, msg)


def _find(s: Scenario, claim, key: str, role: str | None = None) -> tuple[str, Member]:
    """``(role, member)`` for the member named by ``claim.args[key]``."""
    name = lookups._member(s, claim, key, role)
    for c in (s.attacker, s.defender):
        for m in c.members:
            if m.name == name:
                return c.role, m
    raise AssertionError(name)  # _member already checked it


def _int(s: Scenario, claim, key: str, low: int = 0) -> int:
    raw = claim.args.get(key)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise _err(s, claim, f"{key}: a whole number, not {raw!r}") from None
    if value < low:
        raise _err(s, claim, f"{key}: at least {low}, not {value}")
    return value


def _role(s: Scenario, claim) -> str:
    raw = str(claim.args.get("role", "")).lower()
    table = {"attacker": "attacker", "attacking": "attacker", "attacking player": "attacker",
             "defender": "defender", "defending": "defender", "defending player": "defender"}
    if raw not in table:
        raise _err(s, claim, f"role: attacker or defender, not {raw!r}")
    return table[raw]


def _setup(s: Scenario, claim, n: int):
    from ..combat.strikes import setup_strikes

    setups = setup_strikes(s)
    if not 1 <= n <= len(setups):
        raise _err(s, claim, f"strike: a strike number from 1 to {len(setups)} (the combat: block's order)")
    return setups[n - 1]


def _replayed(s: Scenario, claim, n: int, result_only: bool = False):
    """(setup, outcome) of strike ``n`` replayed with the combat block's rolls. A strike's roll or body-check
    roll the file does not give for a strike after ``n`` is not needed. ``result_only``: the claim
    reads the strike's result alone (MECCG-SEQ-10), so a body-check roll the file does not give (one a
    reading of a flag needs where the file's reading does not, e.g. ``aiglos_doors_of_night``) is not needed
    for strike ``n`` or the strikes before it: their outcomes as far as the dice decide them."""
    from ..combat.before_outcomes import used_under_other_reading
    from ..combat.strikes import BodyRollMissing, CardRollsMissing, Outcome, StrikeRollsMissing, _with_checked
    from ..combat.strikes import attack_cancel
    from ..combat.strikes import replay as replay_block
    from ..combat.strikes import setup_strikes

    def replay(sc, **kw):
        try:
            return replay_block(sc, other_reading=used_under_other_reading, **kw)
        except CardRollsMissing as missing:
            if missing.strike < n:  # strike n rests on it only when that strike can change it
                raise _asked_for(sc, claim, n, missing) from None
            raise
        except (BodyRollMissing, StrikeRollsMissing) as missing:
            if missing.strike < n:  # an earlier strike's die: needed only when that strike can change strike n
                filled = _without_its_die(sc, claim, n, missing)
                if filled is not None:
                    return replay(filled, **kw)
            if missing.strike > n:  # a die of a later strike: strikes resolve in order (MECCG-SEQ-1), so
                # strike n and those before it are resolved as the file's dice decide them
                return _Partial([(st, steps, _with_checked(o, st) if st.checked else o)
                                 for st, steps, o in missing.before])
            if not isinstance(missing, BodyRollMissing) or not result_only or n > missing.strike:
                raise
            return _Partial(list(missing.before) + [(missing.setup, [], missing.outcome)])

    _setup(s, claim, n)
    cancel = attack_cancel(s)
    # the attack cancelled before strikes are assigned (MECCG-PRE-1): no strike is resolved, whatever the
    # check its cancel costs does (MECCG-FX-30); a cancel on a roll is decided by the file's `cancel_roll:`
    beside = False
    if cancel is None or cancel.chance < 1:  # the check before the assignment rolled (MECCG-FX-31): its strike
        from .rolled_check import rolled, strike_after_check

        got = strike_after_check(s, n)
        if got is not None:
            return got
        # a strike the check's roll does not fix: the block replayed as given beside the strikes after the
        # check, with the same dice (one this reading leaves unused is used by the other: not refused here)
        beside = rolled(s) is not None
    rep = None if cancel is not None and cancel.chance == 1 else replay(s, refuse_unused=not beside)
    if rep is None or not rep.strikes:
        return setup_strikes(s)[n - 1], Outcome("cancelled", None, None, 0, 0, 0, 0)
    setup, _steps, outcome = rep.strikes[n - 1]
    return setup, outcome


def _strike_names(s: Scenario, st) -> set[str]:
    """Everyone strike ``st`` touches or reads: its two characters, a payer, a check's maker
    (:func:`..combat.strikes.strike_members`), its supporters (those the file names too), a member a card played
    here untaps, pays for, taps for (MECCG-FX-28) or is the ability of (:func:`..combat.strikes.card_sources`), an
    attacker whose excess strike it takes (MECCG-SEQ-3); and the allies of each and the controlling character of
    each ally (MECCG-BODY-4)."""
    from ..combat.strikes import card_sources, strike_members

    ch = st.choice
    names = {*strike_members(st), *st.supporters, *ch.support, *st.aside_taps, *st.tap_watch, *ch.untaps,
             *ch.payers, *(n for n, _c in st.untaps_others), *(n for _c, n in st.payers), *ch.excess,
             *st.forced_excess, *(n for n, _r in st.support_at_risk), *(w for _r, _c, w in card_sources(s, ch))}
    for name in list(names):
        member = next((m for c in (s.attacker, s.defender) for m in c.members if m.name == name), None)
        if member is not None and member.ally_of:
            names.add(member.ally_of)
        names |= {m.name for c in (s.attacker, s.defender) for m in c.members if m.ally_of == name}
    return names


def reaching(s: Scenario, n: int) -> dict[int, str]:
    """The strikes before strike ``n`` whose outcome can change how strike ``n`` resolves, each with why: one that
    shares a member with it (leaving play, wounded or tapped there, he is not the same in strike ``n``: MECCG-SEQ-1,
    MECCG-SEQ-6, MECCG-SEQ-10, MECCG-BODY-1..4, MECCG-FX-24/25/28), one that plays a card (its cost or effect may
    last after its strike), one that can change such a strike; every earlier strike when cards are played or a
    check made before strikes are assigned (MECCG-PRE-1, MECCG-FX-31). A strike not listed cannot change strike
    ``n``: its dice are not needed to resolve it."""
    from ..cards.interpreter import model
    from ..combat.before import pre_check
    from ..combat.strikes import attack_cancel, setup_strikes

    if s.combat is None:
        return {}
    if s.combat.before_assignment or s.combat.cost_payers or attack_cancel(s) is not None or pre_check(s) is not None:
        return {k: "cards are played before strikes are assigned" for k in range(1, n)}
    setups = setup_strikes(s)
    names = {st.index: _strike_names(s, st) for st in setups[:n]}
    why: dict[int, str] = {}
    for k in range(n - 1, 0, -1):
        ch = setups[k - 1].choice
        cards = [model(c.partition("#")[0]).name for c in (*ch.attacker_cards, *ch.defender_cards)]
        for j in [n, *sorted(why)]:
            shared = sorted(names[k] & names[j])
            if shared:
                said = f"{', '.join(shared)} {'is' if len(shared) == 1 else 'are'} in strike {k} and in strike {j}"
            elif cards or ch.discards:
                said = (f"strike {k} plays {', '.join(dict.fromkeys(cards)) or 'a card'}: a card's cost or effect may "
                        "last after its strike")
            else:
                continue
            why[k] = said + ("" if j == n else f", and strike {j} can change strike {n}")
            break
    return why


def _asked_for(s: Scenario, claim, n: int, missing):
    """``missing`` (a die of a strike before strike ``n`` the file does not give), saying which claim needs it and
    why that strike can change strike ``n`` (:func:`reaching`)."""
    why = reaching(s, n).get(missing.strike, f"strike {missing.strike} can change strike {n}")
    where = claim.path or f"claim {claim.id}"
    said = f"{missing.message}: {where} ({claim.text!r}) rests on it: {why}"
    if len(said) > 280:  # the message is one short line: the reason goes under it
        missing.help = (*missing.help, f"{where} ({claim.text!r}) rests on it: {why}")
        said = f"{missing.message}: {where} rests on it"
    missing.message = said
    return missing


def _body_values(s: Scenario, missing) -> list[int]:
    """A body-check roll for each fate the check of ``missing`` (:class:`BodyRollMissing`) can give its loser
    (MECCG-BODY-1..3)."""
    from ..combat.strikes import body_result

    won = missing.outcome.result == "fails"  # the defender won: the attacker checks his body
    loser = missing.setup.attacker if won else missing.setup.defender
    scorer = s.defender.alignment if won else s.attacker.alignment
    by_fate: dict[str, int] = {}
    for v in range(2, 13):
        by_fate.setdefault(body_result(loser, v, scorer, s.flags)[0], v)
    return list(by_fate.values())


def _strike_roll_values(s: Scenario, missing) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``(attacker's rolls, defender's rolls)`` for each result the strike of ``missing``
    (:class:`StrikeRollsMissing`) can have (MECCG-SEQ-9/10: the higher total wins, equal ones tie), a roll the
    file gives kept."""
    ch = s.combat.strikes[missing.strike - 1]
    a, d = missing.setup.attacker, missing.setup.defender
    given_a, given_d = (ch.rolls.attacker, ch.rolls.defender) if ch.rolls else ((), ())
    a_opts = [given_a] if given_a else [(v,) * a.rolls for v in range(2, 13)]
    d_opts = [given_d] if given_d else [(v,) * d.rolls for v in range(2, 13)]
    by_result: dict[int, tuple] = {}
    for ra in a_opts:
        for rd in d_opts:
            diff = d.prowess + max(rd) - a.prowess - max(ra)
            by_result.setdefault((diff > 0) - (diff < 0), (ra, rd))
    return list(by_result.values())


def _with_rolls(s: Scenario, strike: int, **rolls) -> Scenario:
    """``s`` with the ``rolls`` (fields of :class:`~..model.Rolls`) given for strike ``strike`` (1-based) of its
    combat block."""
    from dataclasses import replace

    from ..model import Rolls

    strikes = list(s.combat.strikes)
    ch = strikes[strike - 1]
    strikes[strike - 1] = replace(ch, rolls=replace(ch.rolls or Rolls(), **rolls))
    return replace(s, combat=replace(s.combat, strikes=tuple(strikes)))


def _without_its_die(s: Scenario, claim, n: int, missing) -> Scenario | None:
    """``s`` with a value given for the die of an earlier strike that ``missing`` asks for, when that strike cannot
    change strike ``n`` (:func:`reaching`): any value resolves strike ``n`` alike (MECCG-SEQ-1). Else ``missing``
    is raised, naming the claim and why."""
    from ..combat.strikes import BodyRollMissing

    if missing.strike in reaching(s, n):
        raise _asked_for(s, claim, n, missing)
    if isinstance(missing, BodyRollMissing):
        return _with_rolls(s, missing.strike, body=_body_values(s, missing)[0])
    ways = _strike_roll_values(s, missing)
    ch, a, d = s.combat.strikes[missing.strike - 1], missing.setup.attacker, missing.setup.defender
    # a way that uses the dice the file gives: a lost strike for a body-check roll given, else a tie (no body check)
    body = ch.rolls is not None and ch.rolls.body is not None
    ra, rd = min(ways, key=lambda w: (d.prowess + max(w[1]) == a.prowess + max(w[0])) == body)
    return _with_rolls(s, missing.strike, attacker=ra, defender=rd)


class _Partial:
    """The strikes a replay resolved up to a body-check roll the file does not give (``strikes`` as
    :attr:`Replay.strikes`, the last of them resolved up to its result)."""

    def __init__(self, strikes: list):
        self.strikes = strikes


# ---- the attack ---------------------------------------------------------------------------
def company_status(s: Scenario, claim):
    """MECCG-ALIGN-6 (overt/covert from the composition); MECCG-INIT-5 (fixed for the attack)."""
    role = _role(s, claim)
    status = str(claim.args.get("status", "")).lower()
    if status not in ("overt", "covert"):
        raise _err(s, claim, f"status: overt or covert, not {status!r}")
    jv = judge_attack(s)
    actual = "overt" if role in jv.overt else "covert"
    why = [f"{m} ({w})" for r, w, m in jv.overt_by if r == role]
    notes = [f"the {role}'s company is {actual}" + (f": {', '.join(why)}" if why else ": no member makes it overt")]
    rules = ["MECCG-ALIGN-6"]
    after = claim.args.get("after")
    if after or "whole attack" in claim.text:
        if after:
            gone = lookups._member_named(s, claim, str(after), "after", role)
            # without MECCG-INIT-5 the status would follow the members left after the elimination
            now = actual if in_force("MECCG-INIT-5") else _status_without(s, role, gone)
            if now == actual:
                notes.append(f"losing {after} during the attack does not change it: status is fixed when the "
                             "attack begins")
            else:
                actual = now
                notes.append(f"without {gone} the {role}'s company is {now}")
        rules.append("MECCG-INIT-5")  # MECCG-INIT-5: composition and status fixed for the whole attack
    return _v(claim, actual == status, rules, notes,
              parts=lookups.overt_parts(jv.overt_by, role, actual == "overt"))


def _status_without(s: Scenario, role: str, name: str) -> str:
    """The ``role`` company's status (MECCG-ALIGN-6) computed from its members other than ``name``."""
    from dataclasses import replace

    company = s.company(role)
    left = replace(company, members=tuple(m for m in company.members if m.name != name))
    jv = judge_attack(replace(s, **{role: left}))
    return "overt" if role in jv.overt else "covert"


def commits_strike(s: Scenario, claim):
    """MECCG-STRUCT-1 (one strike per attacking member), MECCG-STRUCT-2 (site-barred allies)."""
    _role_, m = _find(s, claim, "attacker", "attacker")
    jv = judge_attack(s)
    if m.name in jv.strikes:
        rules = ["MECCG-STRUCT-1"]
        if m.may_not_face_strikes_at_site:  # the seed's reading [site_barred_ally_strikes=strike]
            rules.append("MECCG-STRUCT-2")
        return _v(claim, True, rules)
    why = [r for n, r in jv.no_strike if n == m.name] or ["MECCG-STRUCT-2"]
    note = (f"{m.name} may not be attacked, so may not face a strike" if "MECCG-STRUCT-1" in why
            else f"{m.name} may not face strikes at a site")
    return _v(claim, False, list(dict.fromkeys(["MECCG-STRUCT-1"] + why)), [note])


def strike_count(s: Scenario, claim):
    """MECCG-STRUCT-1/2; MECCG-CARD-3 (allies discarded before assignment); MECCG-STRUCT-6."""
    want = _int(s, claim, "count")
    jv = judge_attack(s)
    strikes = list(jv.strikes)
    rules = ["MECCG-STRUCT-1"] + (["MECCG-STRUCT-2"] if jv.no_strike or any(
        m.may_not_face_strikes_at_site for m in s.attacker.members) else [])
    notes = [f"{len(strikes)} strikes: {', '.join(strikes)}"]
    discarded = claim.args.get("discarded")
    if discarded:
        names = discarded if isinstance(discarded, list) else [x.strip() for x in str(discarded).split(" and ")]
        allies = []
        for name in names:
            who = lookups._member_named(s, claim, str(name), "discarded", "attacker")
            member = next(m for m in s.attacker.members if m.name == who)
            if member.card_type != "ally":
                raise _err(s, claim, f"discarded: {who} is not an ally ({claim.args.get('card') or 'the card'} "
                                     "discards allies)")
            allies.append(member)
        card_name, part = _discarding(s, claim)
        for member in allies:
            if part.get("ally_unique") is False and _card_unique(member):
                raise _err(s, claim, f"discarded: {member.name} is unique ({card_name} discards non-unique allies)")
            if member.name in strikes:  # MECCG-CARD-3: a discarded ally is no longer a member, no strike
                strikes.remove(member.name)
        rules.append("MECCG-CARD-3")
        notes.append(f"after the discard: {len(strikes)}")
    card = claim.args.get("card")
    if card and not discarded:
        c = load_carddb().card(str(card), file=s.file, path=f"{claim.path}.card")
        records = [e for e in getattr(c, "effects", ()) or () if e.get("effect") == "strikes"]
        if records:
            rules.append("MECCG-STRUCT-6")
            if s.flags["strike_count_modifiers"] != "apply":
                notes.append(f"{c.name} cannot change the number of strikes [strike_count_modifiers=no_effect]")
                return _v(claim, len(strikes) == want, rules, notes)
            n, open_ = _strikes_after(s, c, records, len(strikes))
            if open_:
                return lookups.Verdict(claim, None, rules + ["MECCG-FX-10"], [], notes, unmodelled=[
                    {"card": c.name, "id": c.id, "what": "the condition of its strike count", "why": open_,
                     "where": claim.path}])
            notes.append(f"{c.name} {'changes the count to ' + str(n) if n != len(strikes) else 'leaves the count'}"
                         " [strike_count_modifiers=apply]")
            return _v(claim, n == want, rules, notes)
    return _v(claim, len(strikes) == want, rules, notes)


def _discarding(s: Scenario, claim) -> tuple[str, dict[str, Any]]:
    """The card whose unmodelled part the allies a claim names settle (card_effects.yaml ``settled_by: discarded``:
    Bow of the Galadhrim, MECCG-CARD-3), borne in the attacked company (MECCG-PRE-10) by a member its part's
    ``bearer`` allows; its name and that part. A clear error when the claim's card discards none, or no member of
    the attacked company bears it as it must be borne."""
    from ..cards import interpreter as cardfx

    named = claim.args.get("card")
    items = {i.id: i.name for m in s.defender.members for i in m.items}
    ids = [load_carddb().card(str(named), file=s.file, path=f"{claim.path}.card").id] if named else list(items)
    found = [(cid, u) for cid in ids for u in cardfx.model(cid).unmodelled if u.get("settled_by") == "discarded"]
    if not found:
        raise _err(s, claim, f"discarded: {named or 'no card of the attacked company'} discards no ally before "
                             "strikes are assigned (MECCG-CARD-3)")
    cid, part = found[0]
    name = cardfx.model(cid).name
    bearers = [m for m in s.defender.members if any(i.id == cid for i in m.items)]
    if not bearers:
        raise _err(s, claim, f"discarded: no member of the attacked company bears {name}, so it discards no ally "
                             "(MECCG-CARD-3, MECCG-PRE-10)")
    want = part.get("bearer") or {}
    if not any((not want.get("race") or (m.race or "").casefold() == want["race"].casefold())
               and (not want.get("skill") or want["skill"].casefold() in {k.casefold() for k in m.skills})
               for m in bearers):
        raise _err(s, claim, f"discarded: {bearers[0].name} bears {name} but is no "
                             f"{' '.join(v for v in (want.get('race'), (want.get('skill') or '').lower()) if v)}: "
                             "its roll to discard allies is such a bearer's (MECCG-CARD-3)")
    return name, part


def _card_unique(member: Member) -> bool:
    """Whether the member's card is unique (the shipped data's ``unique``; a custom member: not known to be)."""
    if member.card_id is None:
        return False
    return load_carddb().character(member.card_id).unique


def _in_play(s: Scenario) -> set[str]:
    cards = list(s.in_play) + list(s.attacker.in_play) + list(s.defender.in_play)
    return {c.name.casefold() for c in cards}


def _strikes_after(s: Scenario, card, records: list[dict], n: int) -> tuple[int, str | None]:
    """The strike count after ``card``'s structured ``strikes`` records (combat_cards.json): halved
    rounding up, or set to a value; each only when its condition holds: a card in play ("Gates of
    Morning in play"), or every attacker of the races it names. A condition the scenario cannot
    settle is returned as the reason the count is not decided."""
    from ..cards.interpreter import model, race_is

    m = model(card.id)
    if m.flag is not None and s.flags.get(m.flag, "no_effect") == "no_effect":
        return n, None  # an unclear card under its no_effect reading (MECCG-FX-14)
    for e in records:
        cond = str(e.get("condition") or "")
        if cond:
            found = re.fullmatch(r"(.+) in play", cond)
            if found is None:
                return n, f"{cond!r} is not in the scenario"
            if found.group(1).casefold() not in _in_play(s):
                continue
        if e.get("races") and not all(race_is(a, e["races"]) for a in s.attacker.members):
            continue
        if e.get("mode") == "halve_round_up":
            n = (n + 1) // 2
        elif e.get("mode") == "set":
            n = int(e["value"])
    return n, None


def excess_count(s: Scenario, claim):
    """MECCG-STRUCT-9 / MECCG-ASSIGN-5: strikes left after every target has one (ASSIGN-4)."""
    want = _int(s, claim, "count")
    jv = judge_attack(s)
    rules = ["MECCG-STRUCT-9", "MECCG-ASSIGN-4", "MECCG-ASSIGN-5"]
    if not in_force("MECCG-ASSIGN-4"):
        counts = _excess_without_phase3(s, jv)
        return _v(claim, counts == {want}, rules, [f"{len(jv.strikes)} strikes, {len(jv.targets)} targets, no phase "
                                                   f"III: {' or '.join(map(str, sorted(counts)))} excess"])
    n = max(0, len(jv.strikes) - len(jv.targets))
    return _v(claim, n == want, rules, [f"{len(jv.strikes)} strikes, {len(jv.targets)} targets: {n} excess"])


def _excess_without_phase3(s: Scenario, jv) -> set[int]:
    """The numbers of strikes left unassigned (MECCG-ASSIGN-5) when phase III (MECCG-ASSIGN-4) does
    not place the rest: phase I gives any k of the defender's untapped targets a strike each, j of
    them from untapped attacking members (MECCG-ASSIGN-2); phase II places min(untapped strikes left,
    targets left), or up to that many [phase2_assignment=optional] (MECCG-ASSIGN-3)."""
    attackers = {m.name: m for m in s.attacker.members}
    strikes = len(jv.strikes)
    untapped = sum(1 for n in jv.strikes if attackers[n].status == "untapped")
    targets = len(jv.targets)
    open_targets = sum(1 for t in jv.targets if s.defender.member(t).untapped)
    out = set()
    for k in range(min(open_targets, strikes) + 1):
        for j in range(max(0, k - (strikes - untapped)), min(k, untapped) + 1):
            most = min(untapped - j, targets - k)
            placed = range(most + 1) if s.flags["phase2_assignment"] == "optional" else (most,)
            out |= {strikes - k - p for p in placed}
    return out


def strike_cancellable(s: Scenario, claim):
    """MECCG-ASSIGN-5 (excess strikes cannot be cancelled); MECCG-SEQ-7 (until it is rolled)."""
    _r, m = _find(s, claim, "attacker", "attacker")
    jv = judge_attack(s)
    if m.name not in jv.strikes:
        return _v(claim, False, ["MECCG-STRUCT-2"], [f"{m.name} commits no strike"])
    excess = set(s.combat.excess) if s.combat else set()
    if s.combat is None and len(jv.strikes) > len(jv.targets):
        raise _err(s, claim, "which strikes are excess? give the `combat:` block")
    if m.name in excess and in_force("MECCG-ASSIGN-5"):  # MECCG-ASSIGN-5: excess strikes cannot be cancelled
        return _v(claim, False, ["MECCG-ASSIGN-5"], [f"{m.name}'s strike is an excess strike"])
    return _v(claim, True, ["MECCG-SEQ-7", "MECCG-SEQ-12"], ["a strike may be cancelled until it is rolled"])


def is_target(s: Scenario, claim):
    """MECCG-ASSIGN-1: the defending members that may be attacked."""
    _r, m = _find(s, claim, "defender", "defender")
    jv = judge_attack(s)
    if m.name in jv.targets:
        return _v(claim, True, ["MECCG-ASSIGN-1"])
    return _v(claim, False, ["MECCG-ASSIGN-1"] + [r for n, r in jv.no_target if n == m.name])


def may_support(s: Scenario, claim):
    """MECCG-STRUCT-10 / MECCG-SEQ-6: an untapped defending member with no strike taps for +1."""
    role_s, sup = _find(s, claim, "supporter")
    role_c, char = _find(s, claim, "character")
    if role_s == "attacker" or role_c == "attacker":  # MECCG-SEQ-6: the attacker never gets support
        return _v(claim, False, ["MECCG-SEQ-6"], ["only the defender's characters get support"])
    if sup.name == char.name:  # MECCG-STRUCT-10: support comes from another character, one not struck
        return _v(claim, False, ["MECCG-STRUCT-10", "MECCG-SEQ-6"], [f"{sup.name} cannot support himself"])
    if s.combat is None and sup.status != "untapped":  # MECCG-STRUCT-10: an untapped defending character
        return _v(claim, False, ["MECCG-STRUCT-10", "MECCG-SEQ-6"], [f"{sup.name} is {sup.status}"])
    if s.combat is None and not _struck_apart(s, char.name, sup.name):
        # MECCG-STRUCT-10 with the assignment rules: no legal complete assignment strikes the one and not the other
        return _v(claim, False, ["MECCG-STRUCT-10", "MECCG-SEQ-6", "MECCG-ASSIGN-4"],
                  [f"no legal complete assignment gives {char.name} a strike and leaves {sup.name} without one"])
    if s.combat is not None:
        struck = {st.defender for st in s.combat.strikes}
        if sup.name in struck:  # MECCG-STRUCT-10: not the target of any strike
            return _v(claim, False, ["MECCG-STRUCT-10", "MECCG-SEQ-6"], [f"{sup.name} faces a strike"])
        if char.name not in struck:
            return _v(claim, False, ["MECCG-SEQ-6"], [f"{char.name} faces no strike"])
        n = [st.defender for st in s.combat.strikes].index(char.name) + 1
        # the combat block's own check (MECCG-SEQ-6): who may support is settled before any die of the strike
        # is rolled, so the claim needs the file's rolls only when a check before the assignment (MECCG-FX-31)
        # decides which assignment is fought
        from ..combat.before import pre_check

        setup = _setup(s, claim, n) if pre_check(s) is None else _replayed(s, claim, n)[0]
        why = dict(setup.support_barred).get(sup.name)
        if why:  # tapped, or tapped earlier in the attack (supporting, or for a card or an ability)
            return _v(claim, False, ["MECCG-STRUCT-10", "MECCG-SEQ-6"], [f"{sup.name} {why}"])
        gone = _left_play_before(s, claim, n, sup.name)
        if gone is not None:  # MECCG-SEQ-6: only a member in play taps for +1
            return _v(claim, False, ["MECCG-SEQ-6", gone], [f"{sup.name} left play in a strike before strike {n}"])
    notes = [f"{sup.name} may not be attacked but may still support"] if sup.may_not_be_attacked else []
    return _v(claim, True, ["MECCG-STRUCT-10", "MECCG-SEQ-6"], notes)


def _struck_apart(s: Scenario, struck: str, free: str) -> bool:
    """Whether some legal complete assignment (MECCG-ASSIGN-1..4) gives ``struck`` a strike and ``free`` none."""
    import json

    from pycombat.solver import Solver, rule_files
    from ..assignment.facts import scenario_facts
    from ..assignment.legal import COMPLETE, RULES, consts

    text = (f"support_struck(T) :- assign(_, T).\n:- not support_struck({json.dumps(struck)}).\n"
            f":- support_struck({json.dumps(free)}).\n")
    solver = Solver(files=rule_files(RULES, COMPLETE), consts=consts(s), facts=scenario_facts(s), texts=[text])
    return any(True for _ in solver.models(limit=1))


# who does what: (action pattern, the role that does it, rule id)
_ACTORS = [
    (r"chooses the (?:order of the strikes|strike order)", "defender", "MECCG-SEQ-1"),
    (r"allocates (?:the )?excess strikes", "attacker", "MECCG-SEQ-3"),
    (r"rolls first", "attacker", "MECCG-SEQ-9"),
    (r"taps characters in support", "defender", "MECCG-SEQ-6"),
]


def actor(s: Scenario, claim):
    """Who does what in CvCC (MECCG-SEQ-1/3/6/9, MECCG-ASSIGN-2..4, MECCG-BODY-1)."""
    role = _role(s, claim)
    action = str(claim.args.get("action", ""))
    if claim.args.get("phase"):
        p = lookups._phase(claim, s)
        who, rule = {1: ("defender", "MECCG-ASSIGN-2"), 2: ("attacker", "MECCG-ASSIGN-3"),
                     3: ("defender", "MECCG-ASSIGN-4")}[p]
        return _v(claim, role == who, [rule])
    if claim.args.get("character"):
        owner, m = _find(s, claim, "character")
        # MECCG-BODY-1: the player who does not control the character makes its body check
        who = "defender" if owner == "attacker" else "attacker"
        return _v(claim, role == who, ["MECCG-BODY-1"], [f"{m.name} is the {owner}'s: the {who} rolls"])
    for pattern, who, rule in _ACTORS:
        if re.fullmatch(pattern, action, re.I):
            return _v(claim, role == who, [rule])
    raise _err(s, claim, f"action: {action!r} is not one this claim knows")


def phase2_count(s: Scenario, claim):
    """MECCG-ASSIGN-3/6: after a phase-I pick, the attacker places min(untapped strikes, targets)."""
    want = _int(s, claim, "count")
    _r, d = _find(s, claim, "defender", "defender")
    _r, a = _find(s, claim, "attacker", "attacker")
    jv = judge_attack(s)
    if not d.phase1_target or d.name not in jv.targets or a.name not in jv.strikes:
        raise _err(s, claim, f"{d.name} may not take {a.name}'s strike in phase I (see the takes_strike_in_phase "
                             "claim)")
    members = {m.name: m for m in s.attacker.members}
    untapped = [n for n in jv.strikes if n != a.name and members[n].status == "untapped"]
    targets = [t for t in jv.targets if t != d.name]
    n = min(len(untapped), len(targets))
    rules = ["MECCG-ASSIGN-3", "MECCG-ASSIGN-6"]
    notes = [f"{len(untapped)} untapped attacking strikes remain and {len(targets)} targets: {n} in phase II"]
    if not in_force("MECCG-ASSIGN-3"):  # the rule that makes phase II: without it the attacker places none
        n, notes = 0, ["no phase II: the attacker places no strike"]
    if s.flags["phase2_assignment"] == "optional" and n:  # MECCG-ASSIGN-3 [optional]: he may place none of them
        notes.append(f"phase II is optional here: he must assign none and may assign up to {n} "
                     "[phase2_assignment=optional]")
        n = 0
    return _v(claim, n == want, rules, notes)


# ---- strikes and their results --------------------------------------------------------------
_RESULT = {"succeeds": "succeeds", "fails": "fails", "is ineffectual": "tie", "is cancelled": "cancelled"}


def strike_result(s: Scenario, claim):
    """MECCG-SEQ-10 (compare), MECCG-SEQ-12 (cancelled), MECCG-SEQ-13 (two rolls), on the file's rolls."""
    n = _int(s, claim, "strike", 1)
    setup, outcome = _replayed(s, claim, n, result_only=True)
    want = _RESULT[str(claim.args.get("result", "")).lower()]
    rules = ["MECCG-SEQ-12"] if "cancelled" in (want, outcome.result) else ["MECCG-SEQ-9", "MECCG-SEQ-10"]
    if outcome.result == "cancelled" and setup.cancelled_by is None and not setup.rolled:
        rules = ["MECCG-PRE-1"]  # no card on the strike: the attack was cancelled before strikes were assigned
    if (setup.attacker.rolls > 1 or setup.defender.rolls > 1) and _best_roll_decides(s, n, setup, outcome):
        rules.append("MECCG-SEQ-13")
    if outcome.result == "corrupted":  # the bearer's failed corruption check: the strike is not resolved
        rules.append(_corruption_rule(setup))
    if outcome.result == "absent":  # one of its characters left play in an earlier strike
        rules.append(_absent_rule(s, claim, n, setup))
    if outcome.result in ("tie", "fails", "succeeds") and getattr(setup, "ineffectual_by", None) is None:
        rules += _deciding_modifications(s, claim, n, setup, outcome.result == want)
    words = {**{v: k for k, v in _RESULT.items()}, "corrupted": "is not resolved (a failed corruption check)",
             "absent": "is not resolved (one of its characters left play earlier in the attack)"}
    return _v(claim, outcome.result == want, rules, [f"strike {n} {words[outcome.result]}"],
              parts=_strike_part(outcome.result))


def _deciding_modifications(s: Scenario, claim, n: int, setup, verdict: bool) -> list[str]:
    """The rules of the prowess modifications of strike ``n``'s two sides (:func:`.lookups.prowess_rules`: a race
    bonus MECCG-FX-4, support MECCG-SEQ-6, an item MECCG-FX-3, a weapon's maximum MECCG-FX-2 ...) on which the
    claim's verdict on its result rests: the strike replayed with the rule's effect taken away
    (:func:`pycombat.in_force.removed`; :func:`..combat.strikes.acts` switches it where it modifies) gives a
    result that changes the verdict, or cannot be reached."""
    from pycombat.errors import PycombatError
    from pycombat.in_force import removed

    from ..combat.strikes import NOT_SWITCHED

    want = _RESULT[str(claim.args.get("result", "")).lower()]
    candidates = [r for side in (setup.attacker, setup.defender) for r in lookups.prowess_rules(side)
                  if r not in NOT_SWITCHED]
    out = []
    for rule in dict.fromkeys(candidates):
        with removed(rule):
            try:
                got = _replayed(s, claim, n, result_only=True)[1].result == want
            except PycombatError:  # the strike cannot be resolved without the rule
                got = None
        if got != verdict:
            out.append(rule)
    return out


def _absent_rule(s: Scenario, claim, n: int, setup) -> str:
    """The rule by which strike ``n`` is not resolved: one of its characters left play in an earlier strike, an
    ally with its controlling character (MECCG-BODY-4), else a member who paid a card's cost or made the check it
    cost (MECCG-FX-24/25)."""
    return _gone_before(s, claim, n, {setup.attacker.member.name, setup.defender.member.name})[1] or "MECCG-FX-25"


def _left_play_before(s: Scenario, claim, n: int, name: str) -> str | None:
    """The rule by which member ``name`` left play in a strike before strike ``n`` (the file's dice), or None. Only a
    member whose fate an earlier strike decides besides its own (a payer or a check's maker, MECCG-FX-24/25; an
    ally with its controlling character, MECCG-BODY-4; the loser of his own strike) may have: only then are the
    earlier strikes replayed, and a die they need that the file does not give asked for."""
    from ..combat.strikes import setup_strikes, strike_members

    setups = setup_strikes(s)
    decided = {m for k in range(min(n, len(setups) + 1) - 1) for m in strike_members(setups[k])}
    if name not in decided and s.member(name).ally_of not in decided:
        return None
    return _gone_before(s, claim, n, {name})[1]


def _gone_before(s: Scenario, claim, n: int, names) -> tuple[str | None, str | None]:
    """(who, rule): the first of ``names`` who left play in a strike before strike ``n`` (the file's dice), and the
    rule by which he did: an ally with its controlling character (MECCG-BODY-4), the member who paid a card's cost
    and lost his body check (MECCG-FX-24), the one who failed the corruption check a card cost (MECCG-FX-25), the
    loser of his own strike (eliminated, discarded, returned to hand: MECCG-BODY-1/2/3; put off to the side:
    MECCG-FX-28). (None, None): none did."""
    from ..combat.strikes import ALLY_RULE, LEAVES_PLAY

    for k in range(1, n):
        setup_k, o = _replayed(s, claim, k)
        payers = {p.member.name for _r, p, _c in setup_k.payer_checks}
        for name, f in o.also:
            if name in names and f in LEAVES_PLAY:
                return name, ("MECCG-FX-24" if name in payers else ALLY_RULE if s.member(name).ally_of
                              else "MECCG-FX-25")
        if o.loser in names and (o.fate in LEAVES_PLAY or o.aside == o.loser):
            rule = {"eliminated": "MECCG-BODY-1", "discarded": "MECCG-BODY-2", "returned": "MECCG-BODY-3"}.get(
                o.fate, "MECCG-FX-28")
            return o.loser, "MECCG-FX-28" if o.aside == o.loser else rule
    return None, None


def _corruption_rule(setup) -> str:
    """The rule of the failed corruption check that left strike ``setup`` unresolved: a check the
    card costs (its record's ``cost_check``, MECCG-FX-25), else a card whose use is the check
    (The One Ring, MECCG-FX-22)."""
    from ..cards.interpreter import all_models

    card = setup.corrupted[2] if setup.corrupted else None
    costs = any(m.cost_check for m in all_models().values() if m.name == card)
    return "MECCG-FX-25" if costs else "MECCG-FX-22"


def _best_roll_decides(s: Scenario, n: int, setup, outcome) -> bool:
    """Whether keeping the best of several rolls (MECCG-SEQ-13) gave strike ``n`` its result: with the
    file's rolls, the first roll of each side compared alone (MECCG-SEQ-9/10) gives another result.
    Rolls taken from elsewhere (``--rolls``) are not known here: the rule is cited."""
    ch = s.combat.strikes[n - 1] if s.combat and n <= len(s.combat.strikes) else None
    rolls = getattr(ch, "rolls", None)
    if not rolls or not rolls.attacker or not rolls.defender or outcome.result not in ("tie", "fails", "succeeds"):
        return True
    if getattr(setup, "ineffectual_by", None) is not None:  # ineffectual before any roll
        return False
    a, d = setup.attacker.prowess + rolls.attacker[0], setup.defender.prowess + rolls.defender[0]
    return ("tie" if a == d else "fails" if d > a else "succeeds") != outcome.result


#: the effects of a strike by which a character leaves play: "X survives strike N" holds when none happens to him
_LEAVING = ("is eliminated", "is discarded", "is put off to the side", "returns to hand")


def strike_effect(s: Scenario, claim):
    """What happens to a character in a strike: MECCG-SEQ-10 (taps, wounded), MECCG-SEQ-12,
    MECCG-BODY-1/2/3 (body-check fates), MECCG-FX-28 (put off to the side instead); "survives": he
    stays in play (none of :data:`_LEAVING`), on the rules of the one that happened or, if none did,
    of his elimination's."""
    if str(claim.args.get("effect", "")).lower() == "survives":
        from dataclasses import replace

        each = [strike_effect(s, replace(claim, args={**claim.args, "effect": e})) for e in _LEAVING]
        gone = next((v for v in each if v.verdict), None)
        n = _int(s, claim, "strike", 1)
        if gone is None and _replayed(s, claim, n)[1].result == "absent":
            # the strike is not resolved because one of its characters left play earlier: he does not stay in
            # play (left, rule), the other does
            _r, m = _find(s, claim, "character")
            who, rule = _gone_before(s, claim, n, {m.name})
            if who is not None:
                return _v(claim, False, [rule], [f"{m.name} left play in a strike before strike {n}"])
        shown = gone or each[0]
        return _v(claim, gone is None, shown.rules, shown.notes, shown.details, shown.parts)
    n = _int(s, claim, "strike", 1)
    setup, o = _replayed(s, claim, n)
    _r, m = _find(s, claim, "character")
    side = {setup.attacker.member.name: setup.attacker, setup.defender.member.name: setup.defender}.get(m.name)
    effect = str(claim.args.get("effect", "")).lower()
    in_strike = (setup.attacker.member.name, setup.defender.member.name)
    if side is None and m.name in setup.supporters and (
            effect == "taps" or not (m.discarded_with_controller and m.ally_of in in_strike)):
        # MECCG-SEQ-6: a defending member who supports the strike taps at step 5 for +1; he faces no strike of
        # his own, so nothing else happens to him in it (no wound, no body check; an ally discarded with his
        # wounded controller is MECCG-FX-19's, below); a strike not resolved (one of its characters left play
        # earlier, MECCG-FX-24/25) has no step 5
        if o.result == "absent":
            return _v(claim, False, [_absent_rule(s, claim, n, setup)],
                      [f"strike {n} is not resolved: a character of it left play earlier"])
        if effect == "taps":
            return _v(claim, True, ["MECCG-SEQ-6"],
                      [f"{m.name} taps to support {setup.defender.member.name} (+1) at step 5"])
        return _v(claim, False, ["MECCG-SEQ-6"],
                  [f"{m.name} supports {setup.defender.member.name} in strike {n}: he taps, and faces no strike"])
    if side is None and m.discarded_with_controller and m.ally_of in (setup.attacker.member.name,
                                                                       setup.defender.member.name):
        # MECCG-FX-19: the ally is discarded after its controller's strike if he is wounded in it
        hit = o.result != "cancelled" and o.loser == m.ally_of
        return _v(claim, effect == "is discarded" and hit, ["MECCG-FX-19", "MECCG-SEQ-10"],
                  [f"{m.ally_of} {'is' if hit else 'is not'} wounded in strike {n}"])
    payer = next((p for _r, p, _c in setup.payer_checks if p.member.name == m.name), None)
    if side is None and payer is not None:
        # MECCG-FX-24: the member who tapped to pay the card's cost makes a body check when the character
        # he paid for loses the strike (he taps when he pays; no wound of his own)
        got = dict(o.also).get(m.name)
        if effect == "taps":
            return _v(claim, payer.member.status == "untapped", ["MECCG-FX-24"],
                      [f"{m.name} taps to pay {next(c for _r, p, c in setup.payer_checks if p is payer)}"])
        if effect == "is wounded":
            return _v(claim, False, ["MECCG-FX-24"], [f"{m.name} pays the card's cost; he faces no strike"])
        fate = {"is eliminated": "eliminated", "is discarded": "discarded",
                "is put off to the side": "aside"}.get(effect, "returned")
        rule = {"eliminated": "MECCG-BODY-1", "survives": "MECCG-BODY-1", "discarded": "MECCG-BODY-2",
                "returned": "MECCG-BODY-3"}.get(got)
        return _v(claim, got == fate, ["MECCG-FX-24"] + ([rule] if rule else []),
                  [f"{m.name}: {got or 'no body check'}"], parts=_strike_part(o.result))
    from ..combat.strikes import card_rolls

    checked = next((x for x in getattr(setup, "checked", ()) if x[0] == m.name), None)
    if side is None and (checked is not None or m.name in {w.name for _c, w, _r in card_rolls(setup, s)}):
        # MECCG-FX-25: he made the corruption check a card played here cost; failed, he leaves play
        got = checked[1] if checked else None
        fate = {"is eliminated": "eliminated", "is discarded": "discarded"}.get(effect)
        return _v(claim, fate is not None and got == fate, ["MECCG-FX-25"],
                  [f"{m.name}: " + (f"fails the corruption check {checked[2]} cost: {got}" if checked
                                    else "passes the corruption check a card played here cost")],
                  parts=_strike_part(o.result))
    if side is None and m.ally_of in in_strike and o.result != "absent":
        # MECCG-BODY-4: an ally of one of the strike's two characters, neither struck nor supporting here, leaves
        # play with him when he does (discarded, ``with_allies_gone``); nothing else happens to it in this strike
        from ..combat.strikes import ALLY_RULE

        gone = (m.name, "discarded") in o.also
        return _v(claim, effect == "is discarded" and gone, [ALLY_RULE],
                  [f"{m.name} leaves play with {m.ally_of}, its controlling character, in strike {n}" if gone
                   else f"{m.ally_of}, its controlling character, stays in play in strike {n}"],
                  parts=_strike_part(o.result))
    if side is None:
        raise _err(s, claim, f"{m.name} is not in strike {n}")
    if o.result == "absent":  # MECCG-FX-24/25, MECCG-BODY-4: he or his opponent left play earlier: not resolved
        return _v(claim, False, [_absent_rule(s, claim, n, setup)],
                  [f"strike {n} is not resolved: a character of it left play earlier"])
    if o.result == "corrupted":  # MECCG-FX-22/25: he failed a corruption check: the strike is not resolved
        fate = {"is eliminated": "eliminated", "is discarded": "discarded"}.get(effect)
        got = o.fate if o.loser == m.name else None
        return _v(claim, fate is not None and got == fate, [_corruption_rule(setup)],
                  [f"strike {n} is not resolved: " + (f"{m.name} fails a corruption check: {got}" if got
                                                      else f"{o.loser} fails a corruption check")],
                  parts=_strike_part(o.result))
    if o.result == "cancelled":  # MECCG-SEQ-12: never rolled: no wound, no body check
        from ..combat.strikes import cancelled_tappers

        # (untapped as the strike began, MECCG-FX-1; not one who took -3 not to tap, MECCG-SEQ-4/5)
        taps = m.name in cancelled_tappers(setup, s)
        why = ["MECCG-SEQ-4" if side.role == "attacker" else "MECCG-SEQ-5"] if (
            effect == "taps" and side.stays_untapped and s.flags["cancelled_strike_taps"] == "yes") else []
        return _v(claim, effect == "taps" and taps, ["MECCG-SEQ-12"] + why,
                  [f"strike {n} is cancelled" + (f"; {m.name} took -3 not to tap" if why else "")])
    lost = {"succeeds": "defender", "fails": "attacker"}.get(o.result) == side.role
    if effect == "taps":  # MECCG-SEQ-10: the winner (both on a tie) taps unless it took -3, or
        # played a card by which it does not tap unless wounded (MECCG-FX-1: Block, Dodge)
        won = not lost
        if lost and o.loser is None:  # not wounded (Sable Shield, MECCG-FX-17): [unwounded_loser_taps]
            taps = (s.flags.get("unwounded_loser_taps", "yes") == "yes" and side.untapped
                    and not side.stays_untapped)
            return _v(claim, taps, ["MECCG-SEQ-10", "MECCG-FX-17"],
                      [f"{m.name} loses the strike unwounded; unwounded_loser_taps="
                       f"{s.flags.get('unwounded_loser_taps', 'yes')}"])
        # (untapped as the strike resolves: tapped earlier in the attack, or untapped by a card, MECCG-FX-1)
        taps = won and side.untapped and not side.stays_untapped and not side.no_tap
        why = (["MECCG-SEQ-4" if side.role == "attacker" else "MECCG-SEQ-5"] if side.stays_untapped
               else ["MECCG-FX-1"] if won and side.untapped and (side.no_tap or side.untapped_by_card) else [])
        notes = []
        if won and not side.untapped:  # only an untapped character taps: his status as the strike begins
            status = side.member.status
            notes = [f"{m.name} is already {status} as strike {n} is resolved: only an untapped character taps"
                     + (" (a wounded character is tapped: his -2 replaces the tapped -1)" if status == "wounded"
                        else "")]
            why = ["MECCG-SEQ-9"] if status == "wounded" else why
        return _v(claim, taps, ["MECCG-SEQ-10"] + why, notes, parts=_strike_part(o.result))
    if lost and o.loser is None:  # not wounded by the strike he lost: no body check (MECCG-FX-17)
        return _v(claim, False, ["MECCG-SEQ-10", "MECCG-FX-17"],
                  [f"{side.unwounded_by[0]}: {m.name} is not wounded by the strike he loses, so no body check"])
    if effect == "is wounded":
        return _v(claim, o.loser == m.name, ["MECCG-SEQ-10"], parts=_strike_part(o.result))
    fate = {"is eliminated": "eliminated", "is discarded": "discarded",
            "is put off to the side": "aside"}.get(effect, "returned")
    if o.aside == m.name:  # an opposing card put him off to the side instead of his body check (MECCG-FX-28)
        return _v(claim, fate == "aside", ["MECCG-SEQ-10", "MECCG-FX-28"],
                  [f"{m.name}: no body check, put off to the side by {side.off_to_side}"],
                  parts=_strike_part(o.result))
    got = o.fate if o.loser == m.name else None
    # the body-check rule of the fate that happened (MECCG-BODY-1 elimination or survival, BODY-2
    # discard, BODY-3 return to hand); no body check: only the comparison that spared it (SEQ-10)
    rule = {"eliminated": "MECCG-BODY-1", "survives": "MECCG-BODY-1", "discarded": "MECCG-BODY-2",
            "returned": "MECCG-BODY-3"}.get(got)
    rules = ["MECCG-SEQ-10"] + ([rule] if rule else [])
    if got == "discarded" and side.discarded_if_survives and not side.discard_on:
        # survived the body check (BODY-1), then discarded by the opposing card (Mount Slain, FX-14)
        rules = ["MECCG-SEQ-10", "MECCG-BODY-1", "MECCG-FX-14"]
    return _v(claim, got == fate, rules, [f"{m.name}: {got or 'no body check'}"],
              parts=_strike_part(o.result))


def body_check(s: Scenario, claim):
    """MECCG-BODY-1 (roll > body, +1 if wounded before), MECCG-BODY-2 (exactly N discards),
    MECCG-BODY-3 (a Ringwraith on an unmodified 7 or 8)."""
    from ..combat.strikes import body_result

    roll = _int(s, claim, "roll", 2)
    if roll > 12:
        raise _err(s, claim, f"roll: a 2d6 total, 2 to 12, not {roll}")
    _r, m = _find(s, claim, "character")
    side = None
    if s.combat is not None:
        from ..combat.strikes import setup_strikes

        for st in setup_strikes(s):
            for x in (st.attacker, st.defender):
                if x.member.name == m.name:
                    side = x
    if side is None:
        raise _err(s, claim, f"{m.name} faces no strike in the `combat:` block (a body check follows a strike)")
    opponent = "defender" if side.role == "attacker" else "attacker"
    fate, _kmp, _pen = body_result(side, roll, s.company(opponent).alignment, s.flags)
    want = {"eliminates": "eliminated", "discards": "discarded", "returns": "returned", "spares": "survives"}[
        str(claim.args.get("result", "")).lower()]
    total = roll + (1 if side.prewounded else 0) + side.body_roll_mod
    # only the rules this roll's result rests on: a discard number (BODY-2) or a Ringwraith's 7/8
    # (BODY-3) when the roll meets it or the claim is about it; card effects that changed the body
    # or the roll; a card that kept the character from its discard number when the roll met it
    rules = ["MECCG-BODY-1"]
    if side.discard_on and (total in side.discard_on or want == "discarded"):
        rules.append("MECCG-BODY-2")
    # BODY-3 decides when the claim is about a return, or when its return replaces what BODY-1/2 alone would
    # give: an elimination (the roll above the body), a discard, or the character spared
    if side.ringwraith and (want == "returned" or fate == "returned" and (
            want == "survives" or total > side.body or total in side.discard_on)):
        rules.append("MECCG-BODY-3")
    rules += [m.rule for m in side.body_mods if m.amount]  # card effects on body (MECCG-FX)
    shift = side.body - (side.member.body or 0)
    if side.body_roll_mod or (not side.discard_on and total in {n + shift for n in side.member.discard_on_body_check}):
        rules.append("MECCG-FX-9")
    mod = f" {side.body_roll_mod:+d} (cards)" if side.body_roll_mod else ""
    return _v(claim, fate == want, list(dict.fromkeys(rules)),
              [f"{roll}{' + 1 (wounded before)' if side.prewounded else ''}{mod} = {total} against body {side.body}: "
               f"{fate}"])


def elimination_mp(s: Scenario, claim):
    """MECCG-BODY-5 (the opponent's kill MPs), MECCG-BODY-8 (Fallen-wizard: 1, cited when it cuts
    the printed value), MECCG-BODY-7/9 (what the owner loses) [elimination_mp_clauses]."""
    from ..combat.strikes import kill_mp, owner_penalty

    owner, m = _find(s, claim, "character")
    role = _role(s, claim)
    want = _int(s, claim, "value", -99)
    if role != owner:  # MECCG-BODY-5: the opposing player scores its printed MP
        got = kill_mp(m, s.company(role).alignment)
        rules = ["MECCG-BODY-5"]
        if got != max(m.mp or 0, 0):  # MECCG-BODY-8: a Fallen-wizard player's 1 for a card worth more
            rules.append("MECCG-BODY-8")
        return _v(claim, got == want, rules, [f"{got} kill MP to the {role}"])
    got = -owner_penalty(m, s.flags)
    rules = (["MECCG-BODY-7"] if m.avatar else []) + (["MECCG-BODY-9"] if m.mp_if_eliminated else [])
    return _v(claim, got == want, rules or ["MECCG-BODY-5"], [f"the owner's MP change: {got:+d}"])


def trophy(s: Scenario, claim):
    """MECCG-BODY-6: no trophies in CvCC."""
    _find(s, claim, "taker")
    _find(s, claim, "character")
    return _v(claim, False, ["MECCG-BODY-6"])


def takes_item(s: Scenario, claim):
    """MECCG-BODY-4: an unwounded character of the eliminated one's company takes one item; an ally is not a
    character and bears no items (MECCG-FX-3), so takes none."""
    role_t, t = _find(s, claim, "taker")
    role_c, c = _find(s, claim, "character")
    item = str(claim.args.get("item", ""))
    carried = [i for i in c.items if normalize(i.name) == normalize(item) or normalize_id(i.id) == normalize_id(item)]
    if not carried:
        raise _err(s, claim, f"item: {c.name} carries no {item!r}{did_you_mean(item, [i.name for i in c.items])}")
    if role_t != role_c:  # an opponent: that would be a trophy or a theft, neither allowed here
        return _v(claim, False, ["MECCG-BODY-4", "MECCG-BODY-6"], [f"{t.name} is not in {c.name}'s company"])
    if t.name == c.name:
        return _v(claim, False, ["MECCG-BODY-4"], [f"another character of {c.name}'s company takes his items"])
    if t.card_type == "ally" and in_force("MECCG-FX-3"):  # MECCG-FX-3: an ally is not a character, bears no items
        return _v(claim, False, ["MECCG-BODY-4", "MECCG-FX-3"],
                  [f"{t.name} is an ally, not a character: an ally bears no items, so takes none"])
    if t.status == "wounded":
        return _v(claim, False, ["MECCG-BODY-4"], [f"{t.name} is wounded"])
    if s.combat is not None and s.combat.strikes:  # the combat block's dice: who it eliminated, who it wounded
        # MECCG-BODY-4 "when a character is eliminated": the taker must be unwounded at that moment, so only
        # the strikes up to and including the one that eliminated him count (a wound later comes too late)
        lost: dict[str, tuple[int, str | None]] = {}  # name -> (strike he lost, fate), the first such strike
        for n in range(1, len(s.combat.strikes) + 1):
            _setup_n, o = _replayed(s, claim, n)
            for name, fate in ([(o.loser, o.fate)] if o.loser else []) + list(o.also):
                lost.setdefault(name, (n, fate))
        gone = lost.get(c.name)
        when = gone[0] if gone is not None and gone[1] == "eliminated" else None
        if t.name in lost and (when is None or lost[t.name][0] <= when):  # wounded (or worse) by then
            n_t, fate = lost[t.name]
            by = f" (strike {n_t}, {c.name} eliminated in strike {when})" if when is not None else ""
            return _v(claim, False, ["MECCG-BODY-4", "MECCG-SEQ-10"],
                      [f"{t.name} lost his strike in this combat{by}: " + ("wounded" if fate in (None, "survives")
                                                                           else fate)])
        if when is None:  # the rule read for the case it speaks of
            return _v(claim, True, ["MECCG-BODY-4"], [f"{c.name} is not eliminated in this combat: were he, "
                                                      f"{t.name}, unwounded, could take it"])
        return _v(claim, True, ["MECCG-BODY-4"],
                  [f"{c.name} is eliminated in strike {when}; {t.name} is unwounded then"
                   + (f" (his strike {lost[t.name][0]} comes later)" if t.name in lost else "")])
    return _v(claim, True, ["MECCG-BODY-4"])


_TEMPORARY = {"-3", "−3", "support bonus", "support", "excess penalty", "tapped penalty", "wounded penalty"}


def lasts(s: Scenario, claim):
    """MECCG-SEQ-11: -3, support, status penalties and excess -1 last only within the sequence;
    the wound and the tapping (MECCG-SEQ-10) stay."""
    _find(s, claim, "character")
    what = str(claim.args.get("what", "")).lower()
    if what in _TEMPORARY:
        return _v(claim, False, ["MECCG-SEQ-11"], [f"the {what} is a temporary modification of this strike"])
    return _v(claim, True, ["MECCG-SEQ-11", "MECCG-SEQ-10"], [f"the {what} is a lasting result of the strike"])


def steal_item(s: Scenario, claim):
    """MECCG-OPT-1 [steal_item]: after the combat, if the opponent's company only has wounded characters (Seed
    Optional 1; the rule's "every character of the opponent's company that took part": the company took part,
    so every character of it still in play after the strikes, whether he faced a strike or not, an attacker
    whose strike was excess too; an ally is not a character, MECCG-FX-3), the winner may steal an item: he taps
    one of his own characters of the company that took part (so one is untapped after the strikes,
    MECCG-SEQ-10: the winner of a strike taps unless he took -3, MECCG-SEQ-4/5), and the opponent discards one
    item of that company (so one is there, in play)."""
    from ..combat.before_outcomes import used_under_other_reading
    from ..combat.strikes import after_costs, replay

    role = _role(s, claim)
    if s.flags["steal_item"] != "on":
        return _v(claim, False, ["MECCG-OPT-1"], ["the optional rule is off [steal_item=off]"])
    if s.combat is None:
        raise _err(s, claim, "needs the `combat:` block with its rolls (who ended wounded)")
    rep = replay(s, other_reading=used_under_other_reading)
    other = "defender" if role == "attacker" else "attacker"
    gone = _gone_after(rep)
    wounded = {m.name for m in s.company(other).members if m.status == "wounded"}
    for st, _steps, o in rep.strikes:
        if o.loser == getattr(st, other).member.name:  # MECCG-SEQ-10: the loser of a strike is wounded
            wounded.add(o.loser)
    characters = [m.name for m in s.company(other).members if m.card_type != "ally" and m.name not in gone]
    missing = [n for n in characters if n not in wounded]
    if missing:
        return _v(claim, False, ["MECCG-OPT-1"], [f"the {other}'s company has characters not wounded: "
                                                  f"{', '.join(missing)}"])
    notes = [f"every character of the {other}'s company left after the strikes is wounded"]
    untapped = _untapped_after(s, rep, role)
    if not untapped:
        mine = [m.name for m in s.company(role).members if m.card_type != "ally" and m.name not in gone]
        return _v(claim, False, ["MECCG-OPT-1"],
                  notes + [f"no character of the {role}'s company is untapped to tap for it "
                           f"({', '.join(mine) or 'none left'}: tapped, wounded or gone after the strikes)"])
    items = _items_left(s, rep, other, after_costs)
    if not items:
        return _v(claim, False, ["MECCG-OPT-1"],
                  notes + [f"the {other}'s company has no item in play left to discard"])
    return _v(claim, True, ["MECCG-OPT-1"],
              notes + [f"{sorted(untapped)[0]} may tap for it; items to take: {', '.join(items)}"])


def _gone_after(rep) -> set[str]:
    """The members no longer in play after the strikes: eliminated, discarded, returned or put aside
    (MECCG-BODY-1..3), a payer's body check too (MECCG-FX-24)."""
    gone = set()
    for _st, _steps, o in rep.strikes:
        if o.loser is not None and o.fate not in (None, "survives"):
            gone.add(o.loser)
        if o.aside:
            gone.add(o.aside)
        gone |= {who for who, fate in o.also if fate != "survives"}
    return gone


def _untapped_after(s: Scenario, rep, role: str) -> set[str]:
    """The characters (not allies) of ``role``'s company untapped after the strikes. One who faced a strike:
    untapped as it resolved and not tapped by it (MECCG-SEQ-10: the winner, both on a tie, tap unless one took
    -3, MECCG-SEQ-4/5, or played a card by which he does not tap, MECCG-FX-1; a cancelled strike:
    MECCG-SEQ-12). One who faced none (a defender no strike was assigned to, an attacker whose strike was
    excess): untapped as the last strike began (:func:`..combat.strikes.attack_so_far`). Neither tapped for a
    cost or support later."""
    from ..combat.strikes import attack_so_far, cancelled_tappers

    out, tapped, faced = set(), set(), set()
    for st, _steps, o in rep.strikes:
        x = getattr(st, role)
        tapped |= {who for _card, who in st.payers} | (set(st.supporters) if role == "defender" else set())
        name = x.member.name
        faced.add(name)
        if x.member.card_type == "ally" or not x.untapped:
            continue
        if o.result == "cancelled":
            if name not in cancelled_tappers(st, s):
                out.add(name)
            continue
        if o.result in ("absent", "corrupted"):  # not resolved: nothing taps (MECCG-FX-22/25)
            if o.loser != name:
                out.add(name)
            continue
        lost = {"succeeds": "defender", "fails": "attacker"}.get(o.result) == x.role
        if not lost and (x.stays_untapped or x.no_tap):
            out.add(name)
    now = attack_so_far(s, len(s.combat.strikes)).now if s.combat.strikes else {}
    gone = _gone_after(rep)
    out |= {m.name for m in s.company(role).members if m.card_type != "ally" and m.name not in faced
            and m.name not in gone and now.get(m.name, m.status) == "untapped"}
    return out - tapped


def _items_left(s: Scenario, rep, role: str, after_costs) -> list[str]:
    """The items borne by ``role``'s members still in play after the strikes (not eliminated, discarded,
    returned or put aside; an item a card discarded in a strike is gone, MECCG-FX-26)."""
    gone, dropped = _gone_after(rep), set()
    for st, _steps, o in rep.strikes:
        dropped |= {(who, item) for who, item, _card in st.items_discarded}
    return [f"{i.name} ({m.name})" for m in after_costs(s).company(role).members if m.name not in gone
            for i in m.items if (m.name, i.name) not in dropped]


def hazard_effect(s: Scenario, claim):
    """Whether a hazard has an effect in this combat: this combat's cards only, for no hazard may be played
    during it (MECCG-STRUCT-7), so one not in play has none. In play, MECCG-STRUCT-8 [hazard_scope]: one
    affecting attacks or strikes has none unless it names CvCC (seed: no hazard has one); one that modifies
    characters (MECCG-FX-11) has one when it modifies a member of either company, as every strike's side reads
    it (:func:`..combat.strikes.standing_effects`: where its own conditions hold); one with no modification of
    its own that other cards read (Doors of Night, MECCG-CARD-13) has one only where a card of this combat
    changes because of it (:func:`_switch_effect`)."""
    from ..cards import interpreter as cardfx

    c = load_carddb().card(str(claim.args.get("card")), file=s.file, path=f"{claim.path}.card")
    if getattr(c, "type", None) != "hazard":  # the sentence is a hazard's (MECCG-STRUCT-8); a bad claim is refused
        raise _err(s, claim, f"card: {c.name} is not a hazard: \"... has an effect in this combat\" asks it of a "
                             f"hazard (MECCG-STRUCT-8); ask whether {c.name} may be played, or what it changes")
    placed = c.name.casefold() in _in_play(s)
    if not placed and in_force("MECCG-STRUCT-7"):
        return _v(claim, False, ["MECCG-STRUCT-7"],
                  [f"{c.name} is not in play in this combat, and no hazard may be played during it"])
    if (getattr(c, "cvcc", None) or "") == "mentions-cvcc":
        return _v(claim, True, ["MECCG-STRUCT-8"], [f"{c.name} names company vs. company combat"])
    neutral = in_force("MECCG-STRUCT-8")  # the rule that takes a hazard's effect away in CvCC
    m = cardfx.model(c.id)
    modifies = m.play == "in_play" and bool(m.fx)
    if neutral and s.flags["hazard_scope"] == "all":
        if getattr(c, "cvcc_relevant", None) == "yes" and modifies:
            return _v(claim, False, ["MECCG-STRUCT-8", "MECCG-FX-11"], ["no hazard has an effect [hazard_scope=all]"])
        return _v(claim, False, ["MECCG-STRUCT-8"], ["no hazard has an effect [hazard_scope=all]"])
    if getattr(c, "cvcc_relevant", None) == "yes" and in_force("MECCG-FX-11"):
        if not modifies:  # an environment that only switches other cards' conditions (Doors of Night)
            if in_force("MECCG-FX-7"):
                return _switch_effect(s, claim, c)
            return _v(claim, True, ["MECCG-STRUCT-8"],
                      [f"{c.name} does not affect an attack or a strike ({c.cvcc_note})"])
        if not placed:  # (only when MECCG-STRUCT-7 is taken away: it could be played, and would act)
            return _v(claim, True, ["MECCG-STRUCT-8", "MECCG-FX-11"],
                      [f"{c.name} modifies characters, not an attack or a strike ({c.cvcc_note})"])
        from ..combat.strikes import standing_effects, unmet_text

        reach = standing_effects(s, c.name)
        on = [f"{e.member} ({', '.join(e.acts)})" for e in reach if e.acts]
        if on:
            return _v(claim, True, ["MECCG-STRUCT-8", "MECCG-FX-11"],
                      [f"{c.name} modifies characters, not an attack or a strike: it acts on {'; '.join(on)}"])
        # on the defending company, a hazard lasting the turn ended with an earlier one (MECCG-FX-7, whose text
        # names MECCG-INIT-1, the attack in the attacker's own turn)
        ended = ["MECCG-FX-7"] if any(e.ended for e in reach) else []
        return _v(claim, False, ["MECCG-FX-11"] + ended,
                  [f"{c.name} modifies no character in this combat: {unmet_text(reach)}"])
    tags = " ".join(getattr(c, "effect_tags", ()) or ())
    combat = any(k in tags for k in ("prowess", "body", "strike", "attack", "heal"))
    if not neutral:
        return _v(claim, True, ["MECCG-STRUCT-8"], [f"nothing takes {c.name}'s effect away in this combat"])
    return _v(claim, not combat, ["MECCG-STRUCT-8"],
              [f"{c.name} affects attacks or strikes" if combat else f"{c.name} does not affect attacks or strikes"])


def _switch_effect(s: Scenario, claim, c):
    """MECCG-FX-7: an environment has no combat effect of its own; it only switches other cards' conditions
    (Doors of Night). So it has an effect in this combat only where a card of this combat changes because it
    is in play (:func:`..combat.strikes.switched_by`): TRUE on the rules of what changed and MECCG-STRUCT-8
    (it affects no attack or strike, so nothing takes it away: hazard_scope), else FALSE, with the rule that
    keeps a card of the combat from reading it (MECCG-SEQ-14 [aiglos_doors_of_night])."""
    from ..combat.strikes import switched_by

    found = switched_by(s, c.name)
    acting = [x for x in found if x.acts]
    if acting:
        rules = ["MECCG-STRUCT-8", "MECCG-FX-7"] + [r for x in acting for r in x.act_rules]
        return _v(claim, True, list(dict.fromkeys(rules)),
                  [f"{c.name} has no combat effect of its own; cards of this combat change because it is in "
                   f"play: {'; '.join(x.text() for x in acting)}"])
    rules, note = unswitched(found, f"{c.name} has no combat effect of its own, and no card of this combat changes "
                                    "because it is in play")
    return _v(claim, False, rules, [note])


def unswitched(found, said: str) -> tuple[list[str], str]:
    """The rules and note of a FALSE verdict on an environment that switches nothing here (MECCG-FX-7), from what
    :func:`..combat.strikes.switched_by` found: the rules of the cards that read it but are held (MECCG-SEQ-14),
    named after ``said``."""
    held = [x for x in found if x.held]
    rules = list(dict.fromkeys(["MECCG-FX-7"] + [r for x in held for r in x.held_rules]))
    return rules, said + (f" ({'; '.join(x.text() for x in held)})" if held else "")


DECIDERS = {
    "company_status": company_status, "commits_strike": commits_strike, "strike_count": strike_count,
    "excess_count": excess_count, "strike_cancellable": strike_cancellable, "is_target": is_target,
    "may_support": may_support, "actor": actor, "phase2_count": phase2_count, "strike_result": strike_result,
    "strike_effect": strike_effect, "body_check": body_check, "elimination_mp": elimination_mp, "trophy": trophy,
    "takes_item": takes_item, "lasts": lasts, "steal_item": steal_item, "hazard_effect": hazard_effect,
    "check_roll": check_roll, **AFTER_ATTACK,
}
