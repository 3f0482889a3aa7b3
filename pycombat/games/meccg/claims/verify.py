"""MECCG rulings: claims about a scenario, checked in the solver's check mode.

A claim is a statement ("Orc Quarrels cancels the attack", "this complete assignment is
legal", "Aragorn II may take Shagrat's strike in phase 1", ...). Each is decided by adding it
as facts to the relevant ASP program and reading the rule ids it violates; the verdict
comes with those rules (text and source) and, where sources disagree, with the
interpretation flags whose other value would change it.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from clorm import ConstantField, IntegerField, Predicate, StringField

from pycombat.names import did_you_mean, normalize
from pycombat.sentences import guard
from pycombat.errors import PycombatError, ScenarioError
from pycombat.in_force import in_force
from pycombat.rulebook import load_rulebook
from pycombat.verdicts import Claim, ClaimBook, positive, verify_claims
from pycombat.solver import Solver, check, rule_files
from ..assignment.legal import BASE, RULES, TRACE, Assignment, LegalAssignments, consts, judge_attack
from ..cards import play, rolls
from ..cards.keeps import RULE as keeps_rule, attack_kept
from ..cards.database import load_carddb
from ..cards.interpreter import model as cardfx_model
from ..cards.play_facts import (SIDE, ALIGN, RACES, CVCC, COND, BARRED, NAMES, ATTACK_FX, COUNT_FX, NEEDS_SKILL, NEEDS_RACE, AFFECTS, INDIRECT, StrikeOf, StepPlay, UNTAP, EVENT, PlayedFrom, Played, CANCELS_ANY, CancelNeeds, card_facts, strike_card_facts)
from ..assignment.facts import BeforeController, asp_const, scenario_facts
from .combat import DECIDERS, TEMPLATES as MORE, describe, unswitched
from .combat import _body_values, _strike_roll_values, _with_rolls  # noqa: F401
from .lookups import Verdict, _err, _member, _member_named, _phase, capped, overt_parts, prowess_rules  # noqa: F401
from ..model import Scenario

CLAIM_KINDS = ("may_attack", "cancels_attack", "playable_before_assignment", "playable_at_step", "assignment_legal",
               "takes_strike_in_phase", "final_prowess", "modifier_applies",
               # claims/combat.py
               "company_status", "commits_strike", "strike_count", "excess_count", "strike_cancellable",
               "is_target", "may_support", "actor", "phase2_count", "strike_result", "strike_effect", "body_check",
               "elimination_mp", "takes_item", "trophy", "lasts", "steal_item", "hazard_effect", "check_roll",
               # claims/after_attack.py (MECCG-FX-32)
               "after_attack_strike", "faces_after_strike")
#: Card-specific rules (digest section 8), cited whenever a claim is about that card.
CARD_RULES = {"BA-3": "MECCG-CARD-1", "AS-75": "MECCG-CARD-2", "AS-68": "MECCG-CARD-3", "AS-44": "MECCG-CARD-4",
              "TW-321": "MECCG-CARD-5", "TW-354": "MECCG-CARD-5", "TW-245": "MECCG-CARD-6", "LE-152": "MECCG-CARD-7",
              "LE-216": "MECCG-CARD-8", "TW-207": "MECCG-CARD-8", "TW-208": "MECCG-CARD-8", "TW-252": "MECCG-CARD-9",
              "TW-319": "MECCG-CARD-10", "LE-238": "MECCG-CARD-11", "DM-80": "MECCG-CARD-12", "TW-28": "MECCG-CARD-13",
              "LE-110": "MECCG-CARD-13"}


# ---- claims -------------------------------------------------------------------------------
TEMPLATES: list[tuple[re.Pattern, Callable[[re.Match], tuple[str, dict]]]] = [
    (re.compile(r"^(?P<card>.+?) cancels the attack$", re.I), lambda m: ("cancels_attack", {"card": m["card"]})),
    (re.compile(r"^(?P<card>.+?) may be played at step (?P<step>\d) of the strike against (?P<d>.+)$", re.I),
     lambda m: ("playable_at_step", {"card": m["card"], "step": int(m["step"]), "defender": m["d"]})),
    (re.compile(r"^(?P<card>.+?) may be played before strikes are assigned$", re.I),
     lambda m: ("playable_before_assignment", {"card": m["card"]})),
    (re.compile(r"^the attack is legal$|^(?:the )?attacker may attack(?: the defender)?$", re.I),
     lambda m: ("may_attack", {})),
    (re.compile(r"^(?P<d>.+?) may take (?P<a>.+?)'s strike in phase (?P<p>I{1,3}|[123])$", re.I),
     lambda m: ("takes_strike_in_phase", {"defender": m["d"], "attacker": m["a"], "phase": m["p"]})),
    (re.compile(r"^(?P<mod>.+?) applies to (?P<c>.+?)'s prowess$", re.I),
     lambda m: ("modifier_applies", {"modifier": m["mod"], "character": m["c"]})),
    (re.compile(r"^the final prowess of (?P<c>.+?) in strike (?P<n>\d+) is (?P<v>-?\d+)$", re.I),
     lambda m: ("final_prowess", {"character": m["c"], "strike": int(m["n"]), "value": int(m["v"])})),
]


# A negative sentence is read as its positive form with the verdict flipped:
# "Sacrifice of Form may not be played ..." is true exactly when "... may be played ..." is false.
# "does not <verb>" is read with the verb in the third person, whatever the verb ("strike 2 does not succeed":
# "strike 2 succeeds"; "a body-check roll of 7 does not spare X"; "X does not tap in strike 2").
_NEGATIONS: list[tuple[re.Pattern, str]] = [
    (re.compile(r"\b(?:may not|cannot|can not|can't|can’t|may never)\b", re.I), "may"),
    (re.compile(r"\b(?:does not|doesn't|doesn’t) ([a-z]+)\b", re.I), None),
    (re.compile(r"\b(?:is not|isn't|isn’t)\b", re.I), "is"),
]


class _ThirdPersonVerbs(dict):
    """A verb's third person singular ("apply": "applies", "succeed": "succeeds", "have": "has"), for any verb."""

    def __missing__(self, verb: str) -> str:
        if re.search(r"[^aeiou]y$", verb):
            return verb[:-1] + "ies"
        if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
            return verb + "es"
        return verb + "s"


_THIRD_PERSON = _ThirdPersonVerbs({"have": "has"})


def _positive(text: str) -> tuple[str, bool]:
    """``(positive sentence, negated?)`` for a claim sentence."""
    return positive(text, _NEGATIONS, _THIRD_PERSON)


_ARG_KEYS = ("card", "by", "defender", "attacker", "phase", "character", "modifier", "strike", "value", "pairs",
             "excess", "step", "from", "role", "status", "after", "discarded", "count", "supporter", "action",
             "roll", "result", "effect", "taker", "item", "what", "ally", "may")


def book() -> ClaimBook:
    """MECCG's claims: the sentences above and those of :mod:`.combat`, and the ``kind:`` claims."""
    from .fields import check, typed

    templates = [(pattern, lambda m, build=build: typed(build(m))) for pattern, build in TEMPLATES + MORE]
    return ClaimBook(game="meccg", kinds=CLAIM_KINDS, templates=guard(templates), arg_keys=_ARG_KEYS,
                     negations=guard(_NEGATIONS), third_person=_THIRD_PERSON, describe=_describe, check=check,
                     example='"<card> cancels the attack"')


def verify(s: Scenario, claims: list[Claim]) -> list[Verdict]:
    """Decide every claim; name the flags whose other values would change a verdict."""
    from ..cards.coverage import blocking, card_flag_names, present_card_flags
    from .rolled_check import unblocked  # a check before the assignment whose roll is given (MECCG-FX-31)

    skip = card_flag_names() - present_card_flags(s)  # card flags of cards not in the scenario
    names = [n for n in load_rulebook("meccg").flags if n not in skip]
    from .after_attack import unblocked as resolved  # the strikes after the attack, resolved (MECCG-FX-32)
    from ..combat.before_outcomes import under_reading  # wound rolls a reading does not make, left out

    aside: dict[int, list[dict]] = {}  # per claim: the parts tried and found unable to change it

    def open_parts(sc: Scenario, c: Claim) -> list[dict]:
        entries = resolved(sc, c, unblocked(sc, c, _narrowing(sc, c, blocking(sc, c))))
        entries, tried = _tried(sc, c, entries)
        aside[id(c)] = tried
        return entries

    out = verify_claims(s, claims, decide, game="meccg", relevant_flags=lambda sc, c: names,
                        with_flags=lambda sc, flags: under_reading(replace(sc, flags=flags)),
                        unmodelled=open_parts, unmodelled_rule="MECCG-FX-10")
    from ..cards.coverage import not_blocking

    from .rolled_check import RULE as CHECK_RULE, note as check_note

    from ..combat.before import StormNode, pre_check

    pre = pre_check(s) if s.combat is not None else None
    storm = pre.card_id if isinstance(pre, StormNode) else None
    for v, c in zip(out, claims):  # decided: the parts not modelled that could not change it, named
        rolled = check_note(s, c) if v.decided else None
        if rolled:  # decided on the check rolled before the assignment (MECCG-FX-31)
            v.notes = list(v.notes) + [rolled]
            v.rules = list(v.rules) + ([CHECK_RULE] if CHECK_RULE not in v.rules else [])
        if v.decided:  # (the wound rolls before the assignment are modelled: a node, never "not modelled")
            idle = [e for e in not_blocking(s, c) if e.get("id") != storm]
            idle += [e for e in aside.get(id(c), ()) if (e["card"], e["what"]) not in {(x["card"], x["what"]) for x in idle}]
            if idle:
                v.notes = list(v.notes) + ["not modelled, and unable to change this verdict: " + "; ".join(
                    f"{e['card']}: {e['what']}" for e in idle)]
    for v in out:  # a flag under one value of which the claim is not decided, or cannot be read, does not
        # give "the same verdict under every value": its readings are shown side by side (each value's verdict,
        # or why the scenario cannot be read so), never summed up as the same verdict
        for table in getattr(v, "readings", None) or ():
            if not table.flips and any(r.error or r.verdict != v.verdict for r in table.readings):
                table.flips = True
    book = load_rulebook("meccg")
    for v in out:  # a flag whose other reading flips the verdict: the rule that flag reads is a reason
        for flag in v.deciding_flags:
            if not any(flag in book.rules[r].flags for r in v.rules):
                v.rules += [r.id for r in book.rules.values() if flag in r.flags]
    return out


def attack_body_changes(e: dict) -> tuple[int, ...]:
    """The changes to the attack's body an unmodelled part can make (MECCG-FX-10): when the part can change
    the body alone (``touches: [body]``) and its card's data gives the change as numbers for the attack
    (combat_cards.json ``attack_body`` records, not an alternative: Staff Asunder's -2), those numbers;
    else none (the part is not one a claim can be tried under)."""
    if list(e.get("touches") or ()) != ["body"] or not e.get("id"):
        return ()
    try:
        card = load_carddb().card(e["id"])
    except PycombatError:
        return ()
    return tuple(int(r["value"]) for r in getattr(card, "effects", ()) or ()
                 if r.get("effect") == "attack_body" and isinstance(r.get("value"), int) and not r.get("alternative"))


def _attack_body_shifted(s: Scenario, delta: int) -> Scenario:
    """The scenario with every member of the attacking company (the attack) ``delta`` body."""
    members = tuple(replace(m, body=m.body + delta) if m.body is not None else m for m in s.attacker.members)
    return replace(s, attacker=replace(s.attacker, members=members))


#: claim kinds about one strike (its ``strike:``), decided from the strikes up to it alone: those a card's end in
#: the attack that the model does not interpret (``ends_below``) is tried for (:func:`_ending_strikes`)
_ONE_STRIKE = ("strike_result", "strike_effect", "final_prowess")


def _ending_strikes(s: Scenario, claim: Claim, e: dict) -> tuple[int, ...]:
    """The strikes from which a card in play whose condition is its company's size (``ends_below``: Fellowship)
    may no longer act, for a claim about strike ``n`` (:data:`_ONE_STRIKE`): each strike from the second to ``n``
    (a member who leaves play in an earlier strike may take the company below the size; from then on it stays
    below). Empty when the claim is not one such a trial reads, or the combat has a check before strikes are
    assigned (its assignment after the check is another block)."""
    n = claim.args.get("strike")
    combat = s.combat
    if (not e.get("ends_below") or not e.get("id") or claim.kind not in _ONE_STRIKE or not isinstance(n, int)
            or combat is None or not 1 <= n <= len(combat.strikes) or combat.check_roll is not None
            or combat.after_check is not None or combat.wound_rolls or combat.before_assignment):
        return ()
    return tuple(range(2, n + 1))


def _ended_from(s: Scenario, e: dict, k: int) -> Scenario:
    """The scenario with the card of entry ``e`` no longer acting from strike ``k`` on (the combat's
    ``ended_in_play``)."""
    role = e["where"].split(".")[0]
    role = role if role in ("attacker", "defender") else "in_play"
    return replace(s, combat=replace(s.combat, ended_in_play=s.combat.ended_in_play + ((role, e["id"], k),)))


def _readings(s: Scenario, claim: Claim, e: dict) -> list[Callable[[Scenario], Scenario]]:
    """The other readings of the unmodelled part ``e`` a claim can be decided under, each a change of the
    scenario: a change of the attack's body by numbers the data gives (:func:`attack_body_changes`), or a card's
    end in the attack from each strike it may come at (:func:`_ending_strikes`); empty: none can be computed."""
    body = attack_body_changes(e)
    if body:
        return [lambda sc, d=d: _attack_body_shifted(sc, d) for d in body]
    return [lambda sc, k=k: _ended_from(sc, e, k) for k in _ending_strikes(s, claim, e)]


def _tried(s: Scenario, claim: Claim, entries: list[dict]) -> tuple[list[dict], list[dict]]:
    """MECCG-FX-10: ``(still open, set aside)``. When every unmodelled part that could change the claim has other
    readings that can be computed (:func:`_readings`: the attack's body changed by numbers the data gives, a
    body B read at B and B-2 for Staff Asunder's -2; Fellowship ending from any strike up to the claim's, its +1
    taken from that strike on), the claim is decided again under every combination of them: one verdict under
    all of them, and the parts cannot change it; they are set aside (the verdict names them)."""
    if not entries:
        return entries, []
    changes = [_readings(s, claim, e) for e in entries]
    if not all(changes):
        return entries, []
    from itertools import product

    try:
        base = decide(s, claim).verdict
        for combo in product(*[[None] + c for c in changes]):
            if all(x is None for x in combo):
                continue
            other = s
            for change in combo:
                other = other if change is None else change(other)
            if decide(other, claim).verdict != base:
                return entries, []
    except PycombatError:  # not readable under a change: it stays open
        return entries, []
    return [], entries


def _narrowing(s: Scenario, claim: Claim, entries: list[dict]) -> list[dict]:
    """MECCG-FX-10: the unmodelled parts that could change whether a card may be played, less those that can
    only bar a play (a requirement the data cannot check, ``narrows: true``) when the model already refuses it
    for a rule it does model: unmet or met, the play stays refused (a second Driven as by a Madness)."""
    from ..cards.coverage import PLAY_KINDS

    if not entries or claim.kind not in PLAY_KINDS:
        return entries
    if all(e.get("narrows") for e in entries):
        return [] if _decide_positive(s, claim).verdict is False else entries
    # a reach the model gives the card only in part (Whip of Many Thongs outside its bearer's strike, ``widens:
    # true``) can only allow a play the model refuses: a play the model allows stays allowed
    if all(e.get("widens") for e in entries):
        return [] if _decide_positive(s, claim).verdict is True else entries
    return entries


def _describe(kind: str, a: dict, negated: bool = False) -> str:
    if isinstance(a.get("card"), list):
        a = {**a, "card": " and ".join(map(str, a["card"]))}
    text = describe(kind, a)
    if text is not None:
        return ("it is not so that " if negated else "") + text
    return ("it is not so that " if negated else "") + {
        "may_attack": "the attacker may attack the defender",
        "cancels_attack": f"{a.get('card')} cancels the attack",
        "playable_before_assignment": f"{a.get('card')} may be played before strikes are assigned",
        "playable_at_step": f"{a.get('card')} may be played at step {a.get('step')} of the strike against "
                            f"{a.get('defender')}",
        "assignment_legal": "this complete assignment is legal",
        "takes_strike_in_phase": f"{a.get('defender')} may take {a.get('attacker')}'s strike in phase {a.get('phase')}",
        "final_prowess": f"the final prowess of {a.get('character')} in strike {a.get('strike')} is {a.get('value')}",
        "modifier_applies": f"{a.get('modifier')} applies to {a.get('character')}'s prowess",
    }[kind]


def decide(s: Scenario, claim: Claim) -> Verdict:
    """The verdict on one claim under the scenario's flags (negative claims flipped), with the
    card-specific rules (digest section 8) of every card the claim names.  (What an unmodelled card
    could change is left undecided by the verify loop: :func:`verify`, MECCG-FX-10.)"""
    v = _decide_positive(s, claim)
    extra = [r for r in (CARD_RULES[c] for c in _cards_named(s, claim) if c in CARD_RULES)
             if card_rule_decides(r, claim.kind, v)]
    v.rules = list(dict.fromkeys(list(v.rules) + extra))
    if claim.negated and v.verdict is not None:  # an undecided claim stays undecided
        v.verdict = not v.verdict
    return v


#: Card rules (digest section 8) that state who may be attacked, support or commit a strike: the
#: claim kinds each of them decides when the claim names its card (the others: card_rule_decides).
CARD_RULE_KINDS = {"MECCG-CARD-3": {"strike_count"},
                   "MECCG-CARD-6": {"is_target", "takes_strike_in_phase", "may_support"},
                   "MECCG-CARD-7": {"commits_strike", "strike_count"}}


def rule_refs(rule_id: str) -> set[str]:
    """The rule ids a digest rule's text refers to ("MECCG-SEQ-4/5", "STRUCT-1", "PRE-3" ...)."""
    text = load_rulebook("meccg").rule(rule_id).text
    out = set()
    for m in re.finditer(r"\b(?:MECCG-)?([A-Z]+)-(\d+(?:/\d+)*)\b", text):
        for n in m.group(2).split("/"):
            out.add(f"MECCG-{m.group(1)}-{n}")
    return out - {rule_id}


#: Card rules that only restate, for their cards, the general rule their text names: they decide
#: only the claim kinds listed. MECCG-CARD-8 (Orc and Dark Quarrels): option 1 is MECCG-PRE-3's
#: race-based cancel, which decides it; the card rule adds that option 2 changes no strike count
#: (and that a hero may not play Orc Quarrels, which check mode cites where a play breaks it).
CARD_RULE_ONLY_KINDS = {"MECCG-CARD-8": {"strike_count"}}


def card_rule_decides(rule_id: str, kind: str, v: Verdict) -> bool:
    """Whether the card rule ``rule_id`` of a card the claim names is one the verdict rests on: the
    general rule it specialises is among the verdict's rules (its text names it); it says the card
    is a hazard and the verdict rests on the hazard rules (MECCG-STRUCT-7/8); or the claim kind is one
    the rule decides (a strike card's own requirement is cited by :func:`_at_step` itself)
    (:data:`CARD_RULE_KINDS`; a rule of :data:`CARD_RULE_ONLY_KINDS` only for its kinds)."""
    if rule_id in CARD_RULE_ONLY_KINDS:
        return kind in CARD_RULE_ONLY_KINDS[rule_id]
    if rule_refs(rule_id) & set(v.rules):
        return True
    text = load_rulebook("meccg").rule(rule_id).text
    if "is a hazard" in text and {"MECCG-STRUCT-7", "MECCG-STRUCT-8"} & set(v.rules):
        return True
    return kind in CARD_RULE_KINDS.get(rule_id, ())


def _cards_named(s: Scenario, claim: Claim) -> list[str]:
    """Card ids the claim is about: its cards, and the members it names."""
    db = load_carddb()
    ids = []
    for key in ("card", "modifier"):
        raw = claim.args.get(key)
        for name in (raw if isinstance(raw, list) else [raw] if raw else []):
            try:
                card = db.find_card(str(name))
            except PycombatError:  # a name two cards share: no one card rule
                continue
            if card is not None:  # else not a card (e.g. "support"): no card rule
                ids.append(card.id)
    for key in ("defender", "attacker", "character", "supporter", "taker"):
        name = claim.args.get(key)
        if isinstance(name, str):
            for c in (s.attacker, s.defender):
                for m in c.members:
                    if normalize(name) in (normalize(m.name), normalize(m.card_name)) and m.card_id:
                        ids.append(m.card_id)
    return ids


#: claim kinds about what happens in the combat (its strikes, assignment, prowess, cards played or acting in
#: it, body checks, what follows it): with the attack not legal (MECCG-INIT-2..4, MECCG-ALIGN-1..8) there is
#: no combat, so each is false on the rules that make it illegal, as ``odds``, ``replay`` and ``optimize``
#: refuse to play it out. The others are about who may attack (may_attack, company_status) or state a rule
#: whatever the combat (lasts, trophy, elimination_mp, actor).
NEEDS_COMBAT = frozenset(CLAIM_KINDS) - {"may_attack", "company_status", "lasts", "trophy", "elimination_mp", "actor"}


def _no_combat(s: Scenario, claim: Claim) -> Verdict | None:
    """FALSE, on the rules that make the attack illegal, for a claim about the combat when there is none;
    None when the attack is legal (or the claim is about the scenario after a change it names)."""
    if claim.kind not in NEEDS_COMBAT or claim.args.get("after") or claim.args.get("discarded"):
        return None
    jv = judge_attack(s)
    if jv.legal:
        return None
    rules = list(dict.fromkeys(x.rule for x in jv.violations))
    return Verdict(claim, False, rules, [x.detail for x in jv.violations],
                   [f"the attack is not legal ({', '.join(rules)}): there is no combat, so no strike, prowess, "
                    f"card played or acting, or body check in it"])


def _decide_positive(s: Scenario, claim: Claim) -> Verdict:
    kind = claim.kind
    gone = _no_combat(s, claim)
    if gone is not None:
        return gone
    if kind in DECIDERS:
        return DECIDERS[kind](s, claim)
    if kind == "may_attack":
        v = judge_attack(s)
        rules = [x.rule for x in v.violations] if not v.legal else list(v.allowed_by) + list(v.conditions_met)
        parts = {}
        if any(k.startswith("fw_") for k in v.kinds):  # overtness decided the Fallen-wizard's kind
            rules.append("MECCG-ALIGN-6")
            for role, k in zip(("attacker", "defender"), v.kinds):
                if k.startswith("fw_"):
                    parts = overt_parts(v.overt_by, role, k == "fw_overt")
        return Verdict(claim, v.legal, rules, [x.detail for x in v.violations], parts=parts)
    if kind in ("cancels_attack", "playable_before_assignment"):
        return _cancels(s, claim)
    if kind == "assignment_legal":
        return _assignment(s, claim)
    if kind == "playable_at_step":
        return _at_step(s, claim)
    if kind == "takes_strike_in_phase":
        return _phase_claim(s, claim)
    if kind in ("final_prowess", "modifier_applies"):
        return _prowess_claim(s, claim)
    raise _err(s, claim, f"unknown claim kind {kind!r}")


def _claimed_cards(s: Scenario, claim: Claim, by: str) -> list:
    db = load_carddb()
    names = claim.args.get("card")
    names = names if isinstance(names, list) else [names]
    out = []
    for n in names:
        alignment, path = s.company(by).alignment, f"{claim.path}.card"
        card = db.find_card(str(n), prefer_alignment=alignment, file=s.file, path=path)
        if card is not None:
            out.append(card)
            continue
        try:  # a character's or ally's ability (Fatty Bolger, Noble Steed)
            out.append(db.character(str(n), prefer_alignment=alignment))
        except PycombatError:  # neither: the card's error, with the closest card names
            db.card(str(n), prefer_alignment=alignment, file=s.file, path=path)
            raise
    return out


def _cancels(s: Scenario, claim: Claim) -> Verdict:
    """"<card> cancels the attack" / "... may be played before strikes are assigned": the play check."""
    by = str(claim.args.get("by", "defender"))
    if by not in ("attacker", "defender"):
        raise _err(s, claim, f"by: must be attacker or defender, not {by!r}")
    cards = _claimed_cards(s, claim, by)
    if by == "attacker" and cards and all(cardfx_model(c.id).keeps_attack for c in cards):
        return _keeps(s, claim, cards)
    source = claim.args.get("from")
    got = play.check(s, [play.Play(c.id, by, play.BEFORE, source=None if source is None else str(source))
                         for c in cards])
    facts = [f for c in cards for f in card_facts(c)]
    notes = got.notes
    # an item's ability (MECCG-FX-17): its bearer carries it and meets its terms
    items = [cardfx_model(c.id).rule for c in cards if cardfx_model(c.id).source == "item"]
    if not got.legal:
        own = [r for r in items if any(isinstance(x.detail, tuple) and x.detail[0] in ("unmet_requirement", "not_carried")
                                       for x in got.refusals)]
        return Verdict(claim, False, list(dict.fromkeys(got.rules + own)), [r.detail for r in got.refusals],
                       notes + got.texts(play.STATED_REFUSALS))
    if claim.kind == "cancels_attack" and not any(isinstance(f, (RACES, CVCC, CANCELS_ANY)) for f in facts):
        # playable here (e.g. an attack effect allowed by the flag), but it does not cancel
        return Verdict(claim, False, ["MECCG-PRE-1", "MECCG-PRE-5"], notes=["the card changes the attack; it does not cancel it"])
    if cards and all(cardfx_model(c.id).wound_rolls for c in cards):  # its text names CvCC and its player (MECCG-FX-31)
        return Verdict(claim, claim.kind != "cancels_attack", ["MECCG-FX-31", "MECCG-FX-20"], notes=notes)
    if by == "attacker":  # allowed by the seed's reading of MECCG-PRE-8
        return Verdict(claim, True, ["MECCG-PRE-8"], notes=notes)
    rules = ["MECCG-PRE-1", "MECCG-STRUCT-3", "MECCG-STRUCT-11"]
    if any(isinstance(f, RACES) for f in facts):
        rules.append("MECCG-PRE-3")  # every attacker has a listed race
        if len(cards) > 1:
            rules.append("MECCG-PRE-4")  # several cards named: each must cancel on its own
    if any(isinstance(f, CVCC) for f in facts):
        rules += ["MECCG-PRE-2"]
    if any(isinstance(f, CancelNeeds) for f in facts):
        rules.append("MECCG-PRE-10")  # the card's scout, Wizard or diplomat is in the attacked company
    if any(isinstance(f, ATTACK_FX) for f in facts):
        rules.append("MECCG-PRE-5")
    if source is not None and not any(isinstance(f, EVENT) for f in facts):
        rules.append("MECCG-PRE-10")
    if any(play.cost_taps(c.id) for c in cards):
        rules.append("MECCG-FX-15")  # someone (the one named) can pay its cost
    rules += items
    kept = attack_kept(s)
    if kept is not None:  # the attacker's card keeps the attack (MECCG-FX-29): played, it does not cancel
        if claim.kind == "cancels_attack":
            return Verdict(claim, False, [keeps_rule, "MECCG-PRE-1"], [("attack_kept", kept.card)],
                           notes + [kept.text(" and ".join(c.name for c in cards))])
        return Verdict(claim, True, rules, notes=notes + [f"it may be played, but does not cancel: {kept.text()}"])
    from ..combat.strikes import CANCEL_CHECK_RULE, _cancel_check

    for c in cards:  # the corruption check its cost is (MECCG-FX-30): the cancel stands whatever it does
        check, _role, _pen = _cancel_check(s, cardfx_model(c.id))
        if check is not None:
            rules.append(CANCEL_CHECK_RULE)
            notes = notes + [f"its cost, {check.text()}: " + ", ".join(
                f"{f} {p}" for f, p in check.fates().items()) + "; the cancel stands whatever it does"]
    return _on_a_roll(s, claim, cards, None if source is None else str(source), rules, notes)


def _keeps(s: Scenario, claim: Claim, cards: list) -> Verdict:
    """The attacker's card against the defender's cancel (Indûr Unleashed, Great Fissure; MECCG-FX-29):
    "may be played before strikes are assigned" holds when the attacking company meets its terms (the
    card's text names an attack by a company, so CvCC, which MECCG-PRE-7/8 leave the attacker no other
    way to reach); "cancels the attack" never does (MECCG-PRE-7: the attacker does not cancel his own
    attack, and this use of the card keeps it)."""
    got = play.check(s, [play.Play(c.id, "attacker", play.BEFORE) for c in cards])
    if not got.legal:  # the one play check: its terms (MECCG-FX-29), its alignment (MECCG-FX-20)
        return Verdict(claim, False, got.rules, [r.detail for r in got.refusals], got.notes)
    if claim.kind == "cancels_attack":
        return Verdict(claim, False, ["MECCG-PRE-7", keeps_rule], [("attacker_plays", c.name) for c in cards],
                       ["played by the attacker, it keeps his attack from being cancelled; it does not cancel it"])
    return Verdict(claim, True, [keeps_rule], notes=[
        "; ".join(f"{c.name}: a defender's cancel of this attack does not cancel it" for c in cards)])


def _on_a_roll(s: Scenario, claim: Claim, cards: list, roller: str | None, rules: list[str],
               notes: list[str]) -> Verdict:
    """A legal cancel that works only on a roll (MECCG-FX-16): "may be played" holds whatever the
    roll; "cancels the attack" holds unless the roll cannot succeed, and the verdict carries its exact
    chance (undecided when the card gives no single number for the attackers)."""
    got = None
    for c in cards:
        try:
            got = rolls.cancel_roll(s, c.id, "defender", roller) or got
        except PycombatError as exc:
            raise _err(s, claim, str(exc)) from None
    if got is None:
        return Verdict(claim, True, rules, notes=notes)
    roll = got.as_json()
    if claim.kind != "cancels_attack":
        return Verdict(claim, True, rules, notes=notes + [f"its cancel then hangs on a roll: {got.text()} "
                                                          f"({rolls.RULE})"], roll=roll)
    if got.chance is None:
        return Verdict(claim, None, rules + [rolls.RULE], notes=notes, roll=roll,
                       unmodelled=[{"card": got.card, "what": "the number its roll must beat", "why": got.why,
                                    "where": claim.path}])
    if got.chance == 0:
        return Verdict(claim, False, [rolls.RULE], [("roll_cannot_succeed", got.card)],
                       notes + [got.text() if got.why else f"the roll cannot succeed: {got.text()}"], roll=roll)
    return Verdict(claim, True, rules + [rolls.RULE], notes=notes + [f"cancels on a roll: {got.text()}"], roll=roll)


def _at_step(s: Scenario, claim: Claim) -> Verdict:
    """"<card> may be played at step <x> of the strike against <defender>": the play check."""
    d = _member(s, claim, "defender", "defender")
    if claim.args.get("attacker"):
        a = _member(s, claim, "attacker", "attacker")
    elif s.combat is not None and any(st.defender == d for st in s.combat.strikes):
        a = next(st.attacker for st in s.combat.strikes if st.defender == d)
    else:
        raise _err(s, claim, f"which strike is against {d}? give `attacker:` or a `combat:` block")
    step = claim.args.get("step")
    if not isinstance(step, int) or not 1 <= step <= 8:
        raise _err(s, claim, f"step: a step of the strike sequence, 1 to 8, not {step!r}")
    by = "attacker" if step == 1 else "defender"
    cards = _claimed_cards(s, claim, by)
    source = claim.args.get("from")
    facing = a if by == "attacker" else d
    so_far, mine = _so_far(s, d, a, by, facing, [c.id for c in cards])
    got = play.check(s, [play.Play(c.id, by, step, facing=facing, source=None if source is None else str(source),
                                   now=mine) for c in cards],
                     used=so_far.used, struck=so_far.struck, spent=so_far.spent, now=so_far.now,
                     cancelled=_cancelled_at_step_1(s, d, a) if by == "defender" else None)
    # the card's own requirement on the character ("warrior only", "a Hobbit") is stated by its
    # card rule (digest section 8): cited when a requirement was broken, or met by a legal play
    required = {c.id for c in cards if {"skill", "race"} & set(cardfx_model(c.id).requires)}
    if not got.legal:
        broke = {str(r.detail[1]) for r in got.refusals if isinstance(r.detail, tuple) and len(r.detail) > 1
                 and r.detail[0] == "unmet_requirement"}
        own = [cardfx_model(c.id).rule for c in cards if cardfx_model(c.id).source == "item" and any(
            isinstance(r.detail, tuple) and r.detail[0] in ("unmet_requirement", "not_carried") for r in got.refusals)]
        # the card's own rule states its requirement, as the refusal odds and replay give cites it (play._words)
        own += [cardfx_model(str(r.detail[1]).partition("#")[0]).rule for r in got.refusals
                if isinstance(r.detail, tuple) and len(r.detail) > 1 and str(r.detail[0]) == "unmet_requirement"]
        # a condition on a player's alignment names a fact of the scenario the card's rule does not: written beside it
        players = list(dict.fromkeys(r.text for r in got.refusals if isinstance(r.detail, tuple) and len(r.detail) > 3
                                     and str(r.detail[0]) == "unmet_requirement"
                                     and str(r.detail[3]).partition("=")[0] in ("opponent_alignment", "own_alignment")))
        return Verdict(claim, False, list(dict.fromkeys(got.rules + [CARD_RULES[c] for c in sorted(broke)
                                                                      if c in CARD_RULES] + own)),
                       [r.detail for r in got.refusals], got.texts(play.STATED_REFUSALS) + players)
    if s.combat is not None and any(st.defender == d for st in s.combat.strikes):
        # MECCG-FX-4: a member's own card (an ally's or a character's ability, one placed on him) is used by him
        # in play: one who left play in an earlier strike (the file's dice; MECCG-BODY-4 for an ally with its
        # controlling character) uses none
        from .combat import _left_play_before

        n = next(i for i, st in enumerate(s.combat.strikes, start=1) if st.defender == d)
        for c in cards:
            m = cardfx_model(c.id)
            srcs = play._source_members(s, by, m) if m.source in ("ally", "member", "placed") else []
            gone = _left_play_before(s, claim, n, srcs[0].name) if srcs else None
            if gone is not None:
                return Verdict(claim, False, ["MECCG-FX-23" if m.source == "placed" else "MECCG-FX-4", gone],
                               notes=[f"{srcs[0].name} left play in a strike before strike {n}: {c.name} cannot be "
                                      "used"])
    items = [cardfx_model(c.id).rule for c in cards if cardfx_model(c.id).source == "item"]  # carried (MECCG-FX-17)
    return Verdict(claim, True, list(dict.fromkeys(["MECCG-SEQ-2" if step == 1 else "MECCG-SEQ-7", "MECCG-SEQ-8"]
                                                   + [CARD_RULES[c] for c in sorted(required) if c in CARD_RULES]
                                                   + items)))


def _cancelled_at_step_1(s: Scenario, d: str, a: str) -> str | None:
    """The card the ``combat:`` block's attacker plays at step 1 of the strike of ``a`` against ``d`` that
    cancels it, if any: the strike is then not cancelled again at step 6 (the play check, MECCG-SEQ-7/12)."""
    if s.combat is None:
        return None
    st = next((x for x in s.combat.strikes if x.defender == d and x.attacker == a), None)
    return play.cancelling(st.attacker_cards) if st is not None else None


def _so_far(s: Scenario, d: str, a: str, by: str, facing: str, ids: list[str]):
    """The attack as it stands when a card is played in the strike of ``a`` against ``d``: what the
    ``combat:`` block's earlier strikes did (who tapped, who faced his strike, the items used, each
    member's status, :func:`..combat.strikes.attack_so_far`), and ``(facing, status)`` when cards the
    block plays before the claimed ones at the same step changed the status of the character they are
    played for (Strange Rations before Under His Blow). The same state replay and odds check the play
    in (MECCG-SEQ-1): a play one verb refuses, the other does too."""
    from ..combat.strikes import AttackSoFar, attack_so_far, status_after

    none = AttackSoFar({}, frozenset(), frozenset(), ())
    if s.combat is None:
        return none, ()
    index = next((i for i, st in enumerate(s.combat.strikes, start=1) if st.defender == d and st.attacker == a), None)
    if index is None:
        return none, ()
    so_far = attack_so_far(s, index)
    listed = list(s.combat.strikes[index - 1].attacker_cards if by == "attacker"
                  else s.combat.strikes[index - 1].defender_cards)
    first = min((listed.index(i) for i in ids if i in listed), default=0)
    start = so_far.now.get(facing, s.member(facing).status)
    st = status_after(start, [cardfx_model(c) for c in listed[:first]])
    return so_far, (((facing, st),) if st != start else ())


def _pairs(s: Scenario, claim: Claim) -> Assignment:
    raw = claim.args.get("pairs")
    if not isinstance(raw, dict):
        raise _err(s, claim, "pairs: a mapping defender: attacker")
    pairs = []
    for d, a in raw.items():
        pairs.append((_member_named(s, claim, str(a), "pairs", "attacker"),
                      _member_named(s, claim, str(d), "pairs", "defender")))
    excess = claim.args.get("excess")
    if excess is not None:
        excess = [_member_named(s, claim, str(e), "excess", "attacker") for e in excess]
    return Assignment(tuple(pairs), tuple(excess) if excess is not None else ())


def _assignment(s: Scenario, claim: Claim) -> Verdict:
    cand = _pairs(s, claim)
    violations = LegalAssignments(s).violations(cand)
    if violations:  # the violated rules (check mode) alone
        return Verdict(claim, False, [v.rule for v in violations], [v.detail for v in violations])
    return Verdict(claim, True, ["MECCG-ASSIGN-7", "MECCG-ASSIGN-2", "MECCG-ASSIGN-3", "MECCG-ASSIGN-4",
                                 "MECCG-STRUCT-5"])


_LOCAL = {"phase1_target_not_untapped", "phase2_strike_not_untapped", "not_a_target", "commits_no_strike",
          "not_defending_member", "not_attacking_member"}


def _phase_claim(s: Scenario, claim: Claim) -> Verdict:
    d = _member(s, claim, "defender", "defender")
    a = _member(s, claim, "attacker", "attacker")
    p = _phase(claim, s)
    # local rules: check the single pair alone (trace.lp in check mode)
    partial = check(rule_files(RULES, BASE + ("trace.lp",)), scenario_facts(s) + [_tassign(a, d, p)], consts=consts(s))
    local = [v for v in partial if isinstance(v.detail, tuple) and v.detail[0] in _LOCAL]
    if local:
        return Verdict(claim, False, [v.rule for v in local], [v.detail for v in local])
    # global: is there a whole legal trace with this pair made in this phase? (brave consequences)
    solver = Solver(files=rule_files(RULES, TRACE), consts=consts(s), facts=scenario_facts(s))
    possible = solver.brave() or []
    if ("tassign", a, d, p) in possible:  # brave atoms, decoded by solver.to_python
        rules = {1: ["MECCG-ASSIGN-2"], 2: ["MECCG-ASSIGN-3"], 3: ["MECCG-ASSIGN-4"]}[p]
        member = s.defender.member(d)
        if p == 1 and not member.untapped:  # a phase-I target only as if untapped (Great Troll)
            rules = rules + ["MECCG-FX-18"]
        return Verdict(claim, True, rules)
    # MECCG-FX-18: an ally that must be struck before its controller is what rules the pair out
    # when, without that ordering, some legal sequence makes it
    facts = [f for f in scenario_facts(s) if not isinstance(f, BeforeController)]
    if len(facts) < len(scenario_facts(s)):
        freed = Solver(files=rule_files(RULES, TRACE), consts=consts(s), facts=facts).brave() or []
        if ("tassign", a, d, p) in freed:
            first = [m.name for m in s.defender.members if m.struck_before_controller and m.ally_of == d]
            return Verdict(claim, False, ["MECCG-FX-18"], notes=[
                f"{d} may take a strike only after {', '.join(first) or 'its ally'}, and no legal sequence of the "
                "three phases gives one first here"])
    return Verdict(claim, False, ["MECCG-ASSIGN-3", "MECCG-ASSIGN-4"],
                   notes=["no legal sequence of the three phases makes this pair in this phase"])


def _tassign(a: str, d: str, p: int):
    from ..assignment.facts import TAssign

    return TAssign(strike=a, target=d, phase=p)


def _with_supporters_gone(s: Scenario, claim: Claim, st):
    """Strike ``st`` as the file's dice leave it: a supporter who may leave play in an earlier strike (an ally
    with his controlling character, MECCG-BODY-4; a payer or a check's maker, MECCG-FX-24/25) gives no
    support once he has (MECCG-SEQ-6), so the earlier strikes are replayed with the file's dice. A die they
    need and the file does not give is asked for, naming why, only where its value could change which of
    those supporters is still in play (:func:`_supporters_gone_before`)."""
    if not st.support_at_risk:
        return st
    at_risk = frozenset(n for n, _r in st.support_at_risk)
    try:
        gone = _supporters_gone_before(s, claim, st.index, at_risk)
    except ScenarioError as e:
        who = ", ".join(n for n, _r in st.support_at_risk)
        rules = ", ".join(dict.fromkeys(["MECCG-SEQ-6"] + [r for _n, rs in st.support_at_risk for r in rs]))
        k = getattr(e, "strike", None)
        if not isinstance(k, int):  # the die's field names its strike: combat.strikes[<k - 1>].rolls
            at = re.match(r"combat\.strikes\[(\d+)\]", e.path or "")
            k = int(at.group(1)) + 1 if at else None
        where = f"strike {k}" if k else "an earlier strike"
        raise ScenarioError(f"{e.message}: {who}, who supports strike {st.index}, may leave play in {where} "
                            f"({rules})", file=e.file, path=e.path) from None
    return st.without_supporters(gone)


def _with_aside_taps(s: Scenario, st):
    """Strike ``st`` as the file's dice leave it: a member who tapped in an earlier strike to put its loser off to
    the side instead of his body check (No Better Use, MECCG-FX-28) faces it tapped and supports it no more
    (:meth:`..combat.strikes.StrikeSetup.with_tapped`). The earlier strikes are replayed with the file's dice; a
    die they need and the file does not give is asked for, naming why."""
    if not st.tap_watch:
        return st
    from ..combat.strikes import replay as replay_block

    try:
        done = replay_block(s, refuse_unused=False).strikes
    except ScenarioError as e:
        k = getattr(e, "strike", None)
        if not isinstance(k, int) or k >= st.index:  # the strikes before this one are resolved
            done = getattr(e, "before", None)
            if done is None:
                raise
        else:
            raise ScenarioError(f"{e.message}: {', '.join(sorted(st.tap_watch))} in strike {st.index} may have tapped "
                                f"in strike {k} to put its loser off to the side, as its result decides (MECCG-FX-28)",
                                file=e.file, path=e.path) from None
    tapped = {x.aside_taps[0] for x, _steps, o in list(done)[:st.index - 1] if o.aside and x.aside_taps}
    return st.with_tapped(tapped)


def _supporters_gone_before(s: Scenario, claim: Claim, index: int, at_risk: frozenset) -> frozenset:
    """Those of ``at_risk`` who left play in a strike before strike ``index``, replayed with the file's dice
    (MECCG-SEQ-6, MECCG-BODY-4, MECCG-FX-24/25). A strike's roll, a body check or a card's roll or check the file
    does not give (MECCG-SEQ-9, MECCG-BODY-1, MECCG-FX-16/22/25) is not needed when it comes in strike ``index``
    or later, nor when every way it can go (the strike's three results, the fates a body check can give its
    loser, each way the cards' rolls and checks can go) leaves the same of them in play; only then is it asked
    for (the replay's refusal)."""
    from ..combat.strikes import BodyRollMissing, CardRollsMissing, StrikeRollsMissing, gone_members
    from .combat import _replayed

    missing_die = (BodyRollMissing, StrikeRollsMissing, CardRollsMissing)
    try:
        gone: set[str] = set()
        for k in range(1, index):
            _setup_k, o = _replayed(s, claim, k)
            gone |= gone_members(o)
        return frozenset(gone) & at_risk
    except missing_die as missing:
        if isinstance(missing, BodyRollMissing):
            ways = [_with_rolls(s, missing.strike, body=v) for v in _body_values(s, missing)]
        elif isinstance(missing, CardRollsMissing):
            ways = [_with_rolls(s, missing.strike, cards=v) for v in _card_roll_values(missing)]
        else:
            ways = [_with_rolls(s, missing.strike, attacker=ka, defender=kd)
                    for ka, kd in _strike_roll_values(s, missing)]
        found: set[frozenset] = set()
        for way in ways:
            try:
                found.add(_supporters_gone_before(way, claim, index, at_risk))
            except missing_die:
                raise missing from None  # another die is missing too: the first the file lacks is asked for
            except ScenarioError:
                continue  # a way the file's own dice rule out (one they give is then never rolled)
            if len(found) > 1 or missing.strike >= index:
                break
        if len(found) == 1:
            return found.pop()
        raise missing from None


def _card_roll_values(missing) -> list[tuple[int, ...]]:
    """One die per copy for each way the rolls and checks of the cards played in the strike of ``missing``
    (:class:`CardRollsMissing`) can go: each copy's roll passes or fails, a corruption check passes or
    discards or eliminates its maker (MECCG-FX-16/22/25); what the strike and its members then do hangs on
    those fates alone."""
    from itertools import product

    from ..combat.strikes import card_rolls

    per_copy = []
    for _c, _m, r in card_rolls(missing.setup):
        by_fate: dict[str, int] = {}
        for v in range(2, 13):
            by_fate.setdefault(r.fate(v), v)
        per_copy.append(list(by_fate.values()))
    return list(product(*per_copy))


def _prowess_claim(s: Scenario, claim: Claim) -> Verdict:
    from ..combat.strikes import COST_RULE, cost_item_paid, ended_note, item_gone_rule, setup_strikes

    char = _member(s, claim, "character")
    setups = setup_strikes(s)
    if claim.kind == "final_prowess":
        n = claim.args.get("strike")
        if not isinstance(n, int) or not 1 <= n <= len(setups):
            raise _err(s, claim, f"strike: a strike number from 1 to {len(setups)}")
        st = _with_aside_taps(s, _with_supporters_gone(s, claim, setups[n - 1]))
        left = [(name, rules) for name, rules in setups[n - 1].support_at_risk if name not in st.supporters]
        side = {st.attacker.member.name: st.attacker, st.defender.member.name: st.defender}.get(char)
        if side is None:
            raise _err(s, claim, f"{char!r} is not in strike {n}")
        value = claim.args.get("value")
        gone = _left_before_the_strike(s, claim, n, st)
        if gone is not None:  # the strike is not resolved: no step 7, no final prowess (MECCG-SEQ-9)
            who, rule = gone
            return Verdict(claim, False, [rule], notes=[
                f"strike {n} is not resolved: {who} left play in a strike before it ({char} would have been at "
                f"{side.prowess})"])
        rules = prowess_rules(side)
        if left and side.role == "defender":  # a supporter gone earlier gave no +1 (MECCG-SEQ-6)
            rules = [r for r in rules if r != "MECCG-SEQ-9" or any(m.rule == r and m.amount for m in side.prowess_mods)]
            rules = list(dict.fromkeys(rules + ["MECCG-SEQ-6"] + [r for _n, rs in left for r in rs]))
        if side.role == "attacker" and s.combat is not None and s.combat.before_assignment and \
                s.flags.get("pre_assignment_attack_effects") != "allowed":
            # the defender's attack-wide cards did not apply: MECCG-PRE-5 [pre_assignment_attack_effects]
            rules = [r for r in rules if r != "MECCG-SEQ-9" or any(m.rule == r and m.amount for m in side.prowess_mods)]
            rules.append("MECCG-PRE-5")
        lost = [(item, card) for who, item, card in getattr(st, "items_discarded", ()) if who == char]
        paid = cost_item_paid(s)
        if paid is not None and paid[0] == char:  # a cancel's cost discarded his item (MECCG-FX-27): noted
            lost.append((paid[1], f"{paid[2]}'s cost"))
        note = f"{char}'s final prowess in strike {n} is {side.prowess}: " + \
               " ".join([str(side.member.prowess or 0)] + [f"{m.amount:+d} ({m.what})" for m in side.prowess_mods if m.amount])
        note += "".join(f"; {m.what}" for m in side.prowess_mods if ended_note(m))  # MECCG-FX-7
        note += "".join(f"; {name} left play earlier in the attack: no support" for name, _r in left
                        if side.role == "defender")
        note += "".join(f"; {item} gone to its player's MP pile as {card}, paid when the card was played"
                        if item_gone_rule(card) == COST_RULE else f"; {item} discarded by {card} before the roll"
                        for item, card in lost)
        return Verdict(claim, side.prowess == value, rules, notes=[note])
    # an item of his discarded before the strikes (a cancel's cost, MECCG-FX-27) or before the roll of his
    # strike (Scourge of Fire, MECCG-FX-26) gives him nothing
    paid = cost_item_paid(s)
    gone = [(i, c, item_gone_rule(c)) for st in setups for who, i, c in st.items_discarded if who == char]
    gone += [(paid[1], f"{paid[2]}'s cost", "MECCG-FX-27")] if paid is not None and paid[0] == char else []
    mods = [m for st in setups for side in (st.attacker, st.defender) if side.member.name == char
            for m in side.prowess_mods]
    mod = _modifier_named(s, claim, char, mods, [item for item, _c, _r in gone])
    for item, card, rule in gone:
        if normalize(item) == normalize(mod):
            return Verdict(claim, False, [rule], notes=[f"{item} was discarded by {card}: it gives {char} nothing"])
    for m in mods:
        if normalize(mod) in map(normalize, modification_names(m, s.member(char))):
            return Verdict(claim, m.amount != 0, [m.rule], notes=[f"{m.what}: {m.amount:+d}"])
    in_play = [c for c in s.in_play if normalize(c.name) == normalize(mod)]
    from ..combat.strikes import switches_only

    if in_play and switches_only(in_play[0]) and in_force("MECCG-FX-7") and not (
            getattr(in_play[0], "type", None) == "hazard" and in_force("MECCG-STRUCT-8")
            and s.flags.get("hazard_scope") == "all"):
        return _switched_prowess(s, claim, char, in_play[0])
    if in_play and getattr(in_play[0], "type", None) == "hazard":
        if in_force("MECCG-STRUCT-8"):  # a hazard affecting attacks or strikes has no effect in CvCC
            return Verdict(claim, False, ["MECCG-STRUCT-8"],
                           notes=[f"{in_play[0].name} is a hazard that does not name company vs. company combat"])
        tags = " ".join(getattr(in_play[0], "effect_tags", ()) or ())
        if "prowess" in tags:  # the hazard acts: its bonus is not modelled (the rule always takes it away)
            return Verdict(claim, None, ["MECCG-STRUCT-8"], unmodelled=[
                {"card": in_play[0].name, "id": in_play[0].id, "what": "its prowess modification", "why": tags,
                 "where": claim.path}])
    return Verdict(claim, False, ["MECCG-SEQ-9"], notes=[f"nothing called {mod!r} modifies {char}'s prowess"])


def _left_before_the_strike(s: Scenario, claim: Claim, n: int, st) -> tuple[str, str] | None:
    """(who, rule): one of strike ``n``'s two characters left play in a strike before it as the file's dice have
    it (:func:`.combat._left_play_before`: a payer's body check MECCG-FX-24, a check a card cost MECCG-FX-25, an
    ally with its controlling character MECCG-BODY-4, the loser of his own strike MECCG-BODY-1/2/3, MECCG-FX-28),
    so that the strike is not resolved. None when neither did, or when a die the file does not give decides it:
    the prowess is then the strike's as it is set up, decided without the dice."""
    from .combat import _left_play_before

    for name in (st.defender.member.name, st.attacker.member.name):
        try:
            rule = _left_play_before(s, claim, n, name)
        except ScenarioError:  # a die not given (or what the replay refuses, said by the claims on the strike)
            return None
        if rule is not None:
            return name, rule
    return None


def _switched_prowess(s: Scenario, claim: Claim, char: str, card) -> Verdict:
    """"<environment> applies to X's prowess" (Doors of Night): MECCG-FX-7, an environment has no modification of
    its own; it applies to X's prowess only through a card of this combat that changes X's prowess because it is
    in play (:func:`..combat.strikes.switched_by`: Aiglos +5, MECCG-SEQ-14 [aiglos_doors_of_night]), else not,
    with the rule that keeps such a card from reading it. MECCG-STRUCT-8 is cited where it acts: a hazard it
    does not take away (hazard_scope)."""
    from ..combat.strikes import switched_by

    mine = [x for x in switched_by(s, card.name) if x.member == char]
    hazard = getattr(card, "type", None) == "hazard"
    acts = [x for x in mine if any(not a.startswith(("body: ", "no body: ")) for a in x.acts)]
    if acts:
        rules = (["MECCG-STRUCT-8"] if hazard else []) + ["MECCG-FX-7"] + [r for x in acts for r in x.act_rules]
        return Verdict(claim, True, list(dict.fromkeys(rules)), notes=[
            f"{card.name} has no modification of its own; because it is in play: {'; '.join(x.text() for x in acts)}"])
    rules, note = unswitched(mine, f"{card.name} has no modification of its own, and no card changes {char}'s "
                                   "prowess because it is in play")
    return Verdict(claim, False, rules, notes=[note])


def modification_names(m, member) -> list[str]:
    """The names a prowess modification's label gives what made it: the card, item or character before its
    condition ("Glamdring (against Orc): +3, max 9": Glamdring; "Gimli: +2 against Orc": Gimli); a card adding
    to a carried weapon's bonus as well as the weapon ("Dagger of Westernesse with Barrow-blade: +1":
    both); a rule's own modification as named ("tapped", "support of Goldberry"; "support" and "Goldberry" too)."""
    carried = {normalize(i.name) for i in member.items}
    out = []
    for part in m.what.split("; "):
        head = re.split(r" \(|: ", part, maxsplit=1)[0].strip()
        weapon, sep, card = head.partition(" with ")
        if sep and normalize(weapon) in carried:
            out += [weapon, card]
            continue
        out.append(head)
        if head[:1].islower() and " of " in head:  # "support of Goldberry": "support" and "Goldberry" name it too
            out += head.split(" of ", 1)
    return out


def _modifier_named(s: Scenario, claim: Claim, char: str, mods: list, gone: list[str]) -> str:
    """The modification a "M applies to X's prowess" claim names, as the names of the scenario and of the
    card data are matched everywhere (:func:`pycombat.names.normalize`: case, accents, apostrophes): one of
    ``char``'s modifications or discarded items, else a card, item or character of the data (by name or id),
    whose canonical name is returned. Anything else is refused, with the closest name: never a prefix of
    a name taken for it."""
    raw = str(claim.args.get("modifier", "")).strip()
    member = s.member(char)
    here = [n for m in mods for n in modification_names(m, member)] + list(gone)
    for n in here:
        if normalize(n) == normalize(raw):
            return n
    db = load_carddb()
    suggested: list[str] = []
    for find in (db.card, db.character):
        try:
            return find(raw).name
        except PycombatError as exc:
            suggested += getattr(exc, "suggestions", [])
    known = list(dict.fromkeys(here + [m.name for c in (s.attacker, s.defender) for m in c.members]
                               + [i.name for c in (s.attacker, s.defender) for m in c.members for i in m.items]
                               + [c.name for c in s.in_play]))
    hint = did_you_mean(raw, known) or did_you_mean(raw, suggested)
    raise _err(s, claim, f"modifier: no card, item or modification called {raw!r} in the data or in {char}'s "
                         f"prowess{hint}")
