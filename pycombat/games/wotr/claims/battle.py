"""WotR rulings: claims about a battle, decided by the ASP encodings and the exact dice.

A claim is a sentence ("the attack is legal", "the attacker's Combat Strength is 8", "the
attacker hits on 6 in round 1", ...) or a ``kind:`` with fields. Legality, Strength and
Leadership claims are decided in the solver's check mode (``attack.lp``, ``split_legal.lp``,
``strength.lp``); hit-number and hit-probability claims by :mod:`..battle.process` and
:func:`pycombat.games.wotr.battle.dice.combat_roll_dist`. Each verdict comes with the rule ids that decide it and,
where a flag's other value would flip it, the flag.
"""
from __future__ import annotations

from .words import detail_words

import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable

from pycombat.sentences import guard
from pycombat.errors import ScenarioError
from pycombat.in_force import in_force
from pycombat.scenario import Node
from pycombat.verdicts import ClaimBook, parse_claims, verify_claims
from . import position as move_claims
from ..board import load_nations
from ..battle.casualties import allocations
from ..characters import load_characters
from .claim import NEGATIONS, THIRD_PERSON, Claim, Verdict
from ..model import ACTIONS, Scenario
from ..reading import _force

CLAIM_KINDS = ("attack_legal", "split_legal", "strength", "dice", "leadership", "reroll_dice", "hit_number",
               "hits", "split_count", "casualty_options", "may_retreat", "may_retreat_into_siege", "card_playable",
               "politics_after")
ROLE = r"(?P<role>attacker|defender)"


def _int(x: str) -> int:
    return int(x)


TEMPLATES: list[tuple[re.Pattern, Callable[[re.Match], tuple[str, dict]]]] = [
    (re.compile(r"^(?:the )?attack is legal$|^the attacker may attack$", re.I), lambda m: ("attack_legal", {})),
    (re.compile(r"^(?:this|the) split is legal$", re.I), lambda m: ("split_legal", {})),
    (re.compile(rf"^the {ROLE}(?:'s)? combat strength is (?P<v>\d+)$", re.I),
     lambda m: ("strength", {"role": m["role"].lower(), "value": _int(m["v"])})),
    (re.compile(rf"^the {ROLE} rolls (?P<v>\d+) (?:dice|die)(?: in the combat roll)?$", re.I),
     lambda m: ("dice", {"role": m["role"].lower(), "value": _int(m["v"])})),
    (re.compile(rf"^the {ROLE}(?:'s)? leadership is (?P<v>\d+)$", re.I),
     lambda m: ("leadership", {"role": m["role"].lower(), "value": _int(m["v"])})),
    (re.compile(rf"^the {ROLE} re-?rolls up to (?P<v>\d+) (?:dice|die)$", re.I),
     lambda m: ("reroll_dice", {"role": m["role"].lower(), "value": _int(m["v"])})),
    (re.compile(rf"^the {ROLE} hits on (?P<v>\d)\+?(?: in round (?P<r>\d+))?$", re.I),
     lambda m: ("hit_number", {"role": m["role"].lower(), "value": _int(m["v"]), "round": _int(m["r"] or 1)})),
    (re.compile(rf"^the {ROLE} scores (?P<cmp>at least|exactly|at most) (?P<k>\d+) hits?(?: in round (?P<r>\d+))? "
                r"with probability (?P<p>\d+(?:/\d+)?)$", re.I),
     lambda m: ("hits", {"role": m["role"].lower(), "compare": m["cmp"].lower(), "hits": _int(m["k"]),
                         "round": _int(m["r"] or 1), "probability": m["p"]})),
    (re.compile(r"^there (?:is|are) (?P<v>\d+) legal splits?$", re.I), lambda m: ("split_count", {"value": _int(m["v"])})),
    (re.compile(r"^the defender may retreat into (?:the|its) stronghold$", re.I),
     lambda m: ("may_retreat_into_siege", {})),
    (re.compile(r"^the defender may retreat$", re.I), lambda m: ("may_retreat", {})),
    (re.compile(rf"^the {ROLE} may play (?P<card>.+?)(?: here)?(?: as a combat card)?$", re.I),
     lambda m: ("card_playable", {"role": m["role"].lower(), "combat_card": m["card"].strip()})),
    (re.compile(r"^(?P<card>.+?) may be played here(?: as a combat card)?$", re.I),
     lambda m: ("card_playable", {"combat_card": m["card"].strip()})),
    (re.compile(r"^after the attack,? (?P<nation>.+?) is (?:(?P<v>\d+) steps? (?:from|away from|before) at war|"
                r"(?P<war>at war))$", re.I),
     lambda m: ("politics_after", {"nation": m["nation"].strip(), "value": 0 if m["war"] else _int(m["v"])})),
    (re.compile(rf"^the {ROLE} has (?P<v>\d+) ways? to take (?P<k>\d+) hits?$", re.I),
     lambda m: ("casualty_options", {"role": m["role"].lower(), "value": _int(m["v"]), "hits": _int(m["k"])})),
]
_ARG_KEYS = ("role", "value", "round", "hits", "compare", "probability", "attacking", "rearguard", "labeled",
             "action", "card", "combat_card", "nation")


def _describe(kind: str, a: dict, negated: bool) -> str:
    text = {
        "attack_legal": "the attack is legal",
        "split_legal": "this split is legal",
        "strength": f"the {a.get('role')}'s Combat Strength is {a.get('value')}",
        "dice": f"the {a.get('role')} rolls {a.get('value')} dice",
        "leadership": f"the {a.get('role')}'s Leadership is {a.get('value')}",
        "reroll_dice": f"the {a.get('role')} re-rolls up to {a.get('value')} dice",
        "hit_number": f"the {a.get('role')} hits on {a.get('value')} in round {a.get('round', 1)}",
        "hits": f"the {a.get('role')} scores {a.get('compare', 'at least')} {a.get('hits')} hits in round "
                f"{a.get('round', 1)} with probability {a.get('probability')}",
        "split_count": f"there are {a.get('value')} legal splits",
        "casualty_options": f"the {a.get('role')} has {a.get('value')} ways to take {a.get('hits')} hits",
        "may_retreat": "the defender may retreat",
        "may_retreat_into_siege": "the defender may retreat into the Stronghold",
        "card_playable": f"{a.get('combat_card')} may be played here"
                         + (f" by the {a['role']}" if a.get("role") else ""),
        "politics_after": f"after the attack, {a.get('nation')} is " + (
            "At War" if a.get("value") == 0 else f"{a.get('value')} steps from At War"),
    }[kind]
    if a.get("action"):
        text += f" with action {a['action']}" + (f" ({a['card']})" if a.get("card") else "")
    return ("it is not so that " if negated else "") + text


def _err(s: Scenario, c: Claim, message: str) -> ScenarioError:
    return ScenarioError(message, file=s.file, path=c.path)


def _check_args(s: Scenario, c: Claim) -> None:
    a = c.args
    if "action" in a and a["action"] not in ACTIONS:
        raise _err(s, c, f"action: one of {', '.join(ACTIONS)}, not {a['action']!r}")
    if "card" in a and a.get("action") != "event":
        raise _err(s, c, "card: the Event card that allows the attack goes with `action: event`")
    if c.kind in ("strength", "dice", "leadership", "reroll_dice", "hit_number", "hits", "casualty_options"):
        if a.get("role") not in ("attacker", "defender"):
            raise _err(s, c, f"role: attacker or defender, not {a.get('role')!r}")
    for key in ("value", "round", "hits"):
        if key in a and (isinstance(a[key], bool) or not isinstance(a[key], int) or a[key] < 0):
            raise _err(s, c, f"{key}: a whole number, 0 or more, not {a[key]!r}")
    if c.kind == "card_playable":
        from ..cards.catalog import load_combat_cards

        if not isinstance(a.get("combat_card"), str):
            raise _err(s, c, "combat_card: the name of a Combat card (or of its Event)")
        load_combat_cards().card(a["combat_card"], file=s.file, path=f"{c.path}.claim")
    if c.kind == "hits":
        if a.get("compare", "at least") not in ("at least", "exactly", "at most"):
            raise _err(s, c, "compare: at least, exactly or at most")
        try:
            Fraction(str(a.get("probability")))
        except (ValueError, ZeroDivisionError):
            raise _err(s, c, f"probability: an exact fraction such as 11/27, not {a.get('probability')!r}") from None
    if c.kind == "round" and a.get("round", 1) < 1:
        raise _err(s, c, "round: 1 or more")


# ---- deciding -------------------------------------------------------------------------------------
def _named_cards(s: Scenario, rnd: int = 1) -> list[str]:
    plan = s.card_plan
    return [c.name for c in plan.round_cards(rnd)[0].values() if c is not None] if plan is not None else []


def decide(s: Scenario, c: Claim) -> Verdict:
    if c.args.get("action"):  # the claim asks about another action than the file's
        s = replace(s, action=c.args["action"], card=c.args.get("card"))
    named = _named_cards(s, 1)
    v = _decide_positive(s, c)
    if named and c.kind in ("strength", "leadership"):
        v.notes.append(f"the Army's own numbers, before the Combat cards of round 1 ({', '.join(named)})")
    if c.negated and v.verdict is not None:  # (None: not decided, either way)
        v.verdict = not v.verdict
    return v


# The deciders import the solver's modules (splits, setup: clingo) when a claim is decided, not when
# the claim book is read (reading claims, e.g. for the JSON Schema, loads no solver).
def _verdict_of(s: Scenario, c: Claim):
    from ..battle.splits import judge_attack

    return judge_attack(s, c.split)


def _decide_positive(s: Scenario, c: Claim) -> Verdict:
    from ..battle.setup import battle_setup
    from ..battle.splits import ALLOWED_BY, LegalSplits

    a = c.args
    if c.kind in ("attack_legal", "split_legal"):
        v = _verdict_of(s, c)
        if v.legal:
            # Only the rules the verdict rests on (minimal reasons): the permission to attack
            # (ATK-1/2/3, ATK-8), and the split rules only where a rearguard exists or a Nation not
            # At War has figures in the Army; a rule whose condition does not arise decides nothing.
            force = s.attacker.force
            idle = [n for n in force.nations if not force.contingent(n).is_empty() and not s.at_war(n)]
            rules = [r for r in ALLOWED_BY if r.startswith("WOTR-ATK")]
            if not v.rearguard.is_empty():
                rules += ["WOTR-SPLIT-1", "WOTR-SPLIT-2"]
            if idle:
                rules.append("WOTR-SPLIT-5")
            if s.action == "character":
                rules.append("WOTR-ATK-5")
            from ..cards.event_battle import event_card, table_protected

            if s.action == "event" and event_card(s.card) is not None:
                rules.append("WOTR-EVT-9")  # a shipped Event card that starts an attack
            if s.attacker.side == "shadow" and table_protected(s.table):
                rules.append("WOTR-EVT-10")  # the cards on the table protect other regions than this one
            return Verdict(c, True, rules)
        return Verdict(c, False, [x.rule for x in v.violations],
                       notes=[f"{x.rule}: {detail_words(x.detail)}" for x in v.violations])
    if c.kind in ("dice", "reroll_dice") and _named_cards(s, 1):
        return _round_one_dice(s, c)
    if c.kind == "hits" and a.get("round", 1) == 1 and _named_cards(s, 1):
        return _round_one_hits(s, c)
    if c.kind == "hits" and a.get("round", 1) > 1 and _named_cards(s, a["round"]):
        return _later_round_hits(s, c)
    if c.kind in ("strength", "dice", "leadership", "reroll_dice"):
        v = _verdict_of(s, c)
        idx = 0 if a["role"] == "attacker" else 1
        n = v.numbers
        got = {"strength": n.strength, "dice": n.dice, "leadership": n.leadership, "reroll_dice": n.reroll}[c.kind][idx]
        setup = battle_setup(s, v.attacking)
        prof = setup.attacker if idx == 0 else setup.defender
        units = setup.start[0] if idx == 0 else setup.start[2]
        rules = {"strength": ["WOTR-STR-1", "WOTR-STR-2"], "dice": ["WOTR-STR-2", "WOTR-STR-3"],
                 "leadership": ["WOTR-STR-1", "WOTR-STR-4"], "reroll_dice": ["WOTR-STR-4", "WOTR-STR-5"]}[c.kind]
        breakdown = prof.breakdown(units)
        lines = [f"{what}: {amount} ({rule})" for what, amount, rule in breakdown]
        # only the breakdown lines of the number claimed (minimal reasons): Strength for
        # Strength, Strength and dice for dice, Leadership for Leadership and for the re-roll
        rules += [rule for what, _, rule in breakdown if what in NUMBER_LINES[c.kind]]
        if c.kind == "dice" and s.cards:
            rules.append("WOTR-STR-6")  # card modifiers never lift the dice past five
        return Verdict(c, got == a["value"], list(dict.fromkeys(rules)), notes=[f"it is {got}"] + lines)
    if c.kind == "hit_number":
        v = _verdict_of(s, c)
        setup = battle_setup(s, v.attacking)
        rnd = a.get("round", 1)
        units = setup.start[0] if a["role"] == "attacker" else setup.start[2]
        got = setup.params(a["role"], units, rnd).hit
        rules = ["WOTR-HIT-1"]
        region = s.battle_region
        # the site and siege rules of the side they bear on: a siege (both sides), a sortie (both
        # hit on 5), a City or Fortification and a Stronghold's field battle (the attacker's number)
        if s.kind == "siege":
            rules.append("WOTR-SIEGE-2")
        elif s.kind == "sortie":
            rules.append("WOTR-SIEGE-6")
        elif region.settlement in ("city", "fortification") and a["role"] == "attacker":
            rules.append("WOTR-SITE-1")
        elif region.settlement == "stronghold" and a["role"] == "attacker":
            rules.append("WOTR-SITE-3")
        if any(card.round == rnd for card in s.cards):
            rules.append("WOTR-CARD-7")
        named = _named_cards(s, rnd)
        if len(rules) > 1:  # sites, sieges and cards change the number needed (WOTR-HIT-2)
            rules.insert(1, "WOTR-HIT-2")
        notes = [f"the {a['role']} hits on {got} in round {rnd} ({region.name}, {s.kind} battle)"]
        if named:  # a Combat card modifies the roll (WOTR-HIT-3), never the number needed
            notes.append(f"{', '.join(named)}: modifiers to the roll, not the number needed (WOTR-HIT-3)")
        return Verdict(c, got == a["value"], rules, notes=notes)
    if c.kind == "hits":
        v = _verdict_of(s, c)
        setup = battle_setup(s, v.attacking)
        rnd = a.get("round", 1)
        units = setup.start[0] if a["role"] == "attacker" else setup.start[2]
        if rnd > 1 and sum(r + e for r, e in units) > 1 and rnd not in setup.effects:
            return _later_round_hits(s, c)  # over the positions round r starts from (WOTR-ROUND-1)
        if rnd > 1 and sum(r + e for r, e in units) > 1:
            # the Army rolling in round r is the one the rounds before it left (WOTR-ROUND-1): with more than
            # one unit it may have lost some, so its hits in round r are not one distribution
            return Verdict(c, None, ["WOTR-ROUND-1", "WOTR-HIT-8", "WOTR-HIT-9"], notes=[
                f"not decided: the {a['role']} starts with {sum(r + e for r, e in units)} units, and the Army that "
                f"rolls in round {rnd} is the one the rounds before it leave (WOTR-ROUND-1); the hits of each "
                f"round, from every position it starts from, are in `pycombat odds`' round table (with "
                f"`max_rounds`); a Combat card named for round {rnd} decides the claim over those positions"])
        params = setup.params(a["role"], units, rnd)
        dist = params.dist()
        k, cmp = a["hits"], a.get("compare", "at least")
        test = {"at least": lambda x: x >= k, "exactly": lambda x: x == k, "at most": lambda x: x <= k}[cmp]
        got = dist.prob(test)
        want = Fraction(str(a["probability"]))
        rules = ["WOTR-HIT-8", "WOTR-HIT-9"]
        if params.roll_modifier or params.reroll_modifier or params.hit > 6:
            rules.append("WOTR-HIT-4")  # a natural 1 misses and a 6 hits whatever the modifier
        if params.rerolls:
            rules += ["WOTR-HIT-6", "WOTR-STR-5"]  # the Leader re-roll of missed dice
            if params.reroll_hit is not None and params.reroll_hit != params.hit:
                rules.append("WOTR-HIT-5")  # a card changed the re-roll's hit number
        return Verdict(c, got == want, rules,
                       notes=[f"P({cmp} {k} hits) = {got} = {float(got):.6f}: {params.dice} dice hitting on "
                              f"{params.hit}+ (modifier {params.roll_modifier:+d}), then up to {params.rerolls} "
                              f"missed dice re-rolled (modifier {params.reroll_modifier:+d})"])
    if c.kind == "split_count":
        counts = LegalSplits(s).counts()
        notion = "labeled" if a.get("labeled") else s.flags["split_count"]
        got = counts[notion]
        force = s.attacker.force
        idle = [n for n in force.nations if not force.contingent(n).is_empty() and not s.at_war(n)]
        rules = ["WOTR-SPLIT-7", "WOTR-SPLIT-1", "WOTR-SPLIT-2"] + (["WOTR-SPLIT-5"] if idle else [])
        return Verdict(c, got == a["value"], rules,
                       notes=[f"{counts['compositions']} compositions, {counts['labeled']} labelled subsets "
                              f"(split_count={notion})"])
    if c.kind == "casualty_options":
        v = _verdict_of(s, c)
        setup = battle_setup(s, v.attacking)
        idx = 0 if a["role"] == "attacker" else 2
        units, pool = setup.start[idx], setup.start[idx + 1]
        opts = allocations(units, pool, a["hits"])
        rules = ["WOTR-CAS-3", "WOTR-CAS-4", "WOTR-CAS-5", "WOTR-CAS-10", "WOTR-CAS-12"]
        return Verdict(c, len(opts) == a["value"], rules,
                       notes=[f"{len(opts)} distinct results: " + "; ".join(
                           "/".join(f"{r}R {e}E" for r, e in u) for u, _ in opts)])
    if c.kind == "card_playable":
        return _decide_card(s, c)
    if c.kind == "politics_after":
        return _politics_after(s, c)
    if c.kind == "may_retreat":
        from ..battle.setup import retreat_regions, settlement_blocked

        setup = battle_setup(s)
        if (s.kind == "siege" or s.defender.besieged) and (in_force("WOTR-END-4") or in_force("WOTR-SIEGE-5")):
            # WOTR-END-4 and WOTR-SIEGE-5 each say it: a besieged Army never retreats
            return Verdict(c, False, ["WOTR-END-4", "WOTR-SIEGE-5"], notes=["a besieged Army never retreats"])
        regions = retreat_regions(s)
        # WOTR-MOVE-3 is cited when it kept him from a region next to him (an enemy Settlement)
        rules = ["WOTR-END-3", "WOTR-ROUND-3"] + (["WOTR-MOVE-3"] if settlement_blocked(s) else [])
        return Verdict(c, setup.can_retreat, rules,
                       notes=["free regions: " + (", ".join(_region_names(regions)) or "none")],
                       parts={"WOTR-ROUND-3": "If he continues, the defender may retreat"})
    if c.kind == "may_retreat_into_siege":
        setup = battle_setup(s)
        rules = ["WOTR-SITE-2", "WOTR-END-6"]
        region = s.battle_region
        if s.kind != "field":
            rules.append("WOTR-SIEGE-6" if s.kind == "sortie" else "WOTR-SIEGE-1")
        note = (f"{region.name}: {region.settlement or 'no Settlement'}, controlled by "
                f"{(s.controller(region) or 'nobody').replace('_', ' ')}; the defender is "
                f"{s.defender.side.replace('_', ' ')}")
        return Verdict(c, setup.siege_retreat, rules, notes=[note])
    raise _err(s, c, f"unknown claim kind {c.kind!r}")


#: the breakdown lines (:meth:`..battle.strength.SideProfile.breakdown`) each number claim rests on
NUMBER_LINES = {"strength": ("Combat Strength",), "dice": ("Combat Strength", "Combat roll dice"),
                "leadership": ("Leadership",), "reroll_dice": ("Leadership", "Leader re-roll dice")}


def _politics_after(s: Scenario, c: Claim) -> Verdict:
    """"after the attack, X is N steps from At War": the attack's step on the Political Track
    (WOTR-POL-1/2/6; the order of activation and advance, WOTR-POL-7)."""
    from ..board import load_nations
    from ..battle.consequences import politics_effect

    nation = load_nations().nation(str(c.args["nation"]), file=s.file, path=f"{c.path}.claim")
    row = next((r for r in politics_effect(s) if r["nation"] == nation.name and "after_attack" in r), None)
    if row is None:
        steps = s.politics[nation.id].steps
        return Verdict(c, steps == c.args["value"], ["WOTR-POL-2"],
                       notes=[f"{nation.name} has no units in the attacked Army: its counter stays at {steps}"])
    got = row["after_attack"]["steps"]
    return Verdict(c, got == c.args["value"], list(row["rules"]), notes=[row["text"]])


def _round_one(s: Scenario, c: Claim):
    """Round 1's numbers with its named Combat cards ({(attacker's Tally, defender's): p}, :mod:`..battle.round_table`)."""
    from ..battle.odds import policies_for
    from ..battle.process import Policy
    from ..battle.setup import battle_setup
    from ..cards.battle import card_round_dist, check_plan

    setup = battle_setup(s, _verdict_of(s, c).attacking)
    check_plan(s, setup, s.card_plan)
    cr, _ = card_round_dist(s, setup, s.card_plan, Policy.from_flags(s.flags, policies_for(s)[0]))
    return cr


def _card_rules(cr) -> list[str]:
    return ["WOTR-CARD-2", "WOTR-CARD-7"] + (["WOTR-CARD-4"] if getattr(cr, "cancelled", ()) else [])


def _round_one_dice(s: Scenario, c: Claim) -> Verdict:
    """"the X rolls N dice" / "re-rolls up to N dice" with round 1's named cards: the dice its Combat roll
    has once the cards' caps, reductions and own attacks have acted (WOTR-STR-3/6, WOTR-CARD-6), and the
    most it may re-roll (WOTR-STR-5); a number that depends on the dice is true only if it always holds."""
    from ..cards.combat_round import round_marginals

    cr = _round_one(s, c)
    a = c.args
    field = "dice" if c.kind == "dice" else "rerolled"
    d = round_marginals(cr.tallies, a["role"])[field]
    names = ", ".join(_named_cards(s, 1))
    if field == "dice":
        ok = d.get(a["value"], Fraction(0)) == 1
        note = (f"with {names}: {', '.join(f'{k} dice: {p}' for k, p in d.items())}")
        rules = ["WOTR-STR-2", "WOTR-STR-3", "WOTR-STR-6"]  # STR-6: the cards' modifiers never lift it past five
    else:
        ok = max(d) == a["value"]
        note = f"with {names}: up to {max(d)} dice ({', '.join(f'{k}: {p}' for k, p in d.items())} re-rolled)"
        rules = ["WOTR-STR-4", "WOTR-STR-5", "WOTR-HIT-6", "WOTR-CARD-7"]  # CARD-7: a card's change to the re-roll
    return Verdict(c, ok, rules, notes=[note])


def _round_one_hits(s: Scenario, c: Claim) -> Verdict:
    """"the X scores ... k hits in round 1" with round 1's named cards: the hits of its Combat roll and
    Leader re-roll (missed dice a card turns into hits included; a card's own attack roll, bonus hits and
    self-hits are apart, in odds' round table)."""
    from ..cards.combat_round import round_marginals

    cr = _round_one(s, c)
    a = c.args
    marg = round_marginals(cr.tallies, a["role"])
    d = marg["scored"]
    k, cmp = a["hits"], a.get("compare", "at least")
    test = {"at least": lambda x: x >= k, "exactly": lambda x: x == k, "at most": lambda x: x <= k}[cmp]
    got = sum((p for x, p in d.items() if test(x)), Fraction(0))
    want = Fraction(str(a["probability"]))
    rules = ["WOTR-HIT-8", "WOTR-HIT-9", "WOTR-HIT-6", "WOTR-STR-5"] + _card_rules(cr)
    apart = [f"{w}: {dict((x, str(p)) for x, p in marg[f].items())}" for f, w in
             (("own", "its card's own attack roll"), ("bonus", "bonus hits"), ("self_hits", "self-hits"))
             if set(marg[f]) != {0}]
    return Verdict(c, got == want, rules,
                   notes=[f"P({cmp} {k} hits) = {got} = {float(got):.6f}: the Combat roll and Leader re-roll with "
                          f"{', '.join(_named_cards(s, 1))}"] + [f"apart: {x}" for x in apart])


def _later_round_hits(s: Scenario, c: Claim) -> Verdict:
    """"the X scores ... k hits in round r with probability P" (r >= 2) with a Combat card named for
    round r: the hits of round r's Combat roll and Leader re-roll, with the cards, from the Army as it
    stands at the start of round r, which depends on the rounds before it (WOTR-ROUND-1). Each position
    round r can start from (under each casualty policy the flags give, WOTR-CAS-12) has its own
    probability of the hits claimed: the claim is TRUE when every one of them is P (then so is the
    chance given that round r is fought), FALSE when none is P and neither is that chance, and otherwise
    not decided (the claim is true of some positions only), each probability in the notes."""
    from ..battle.odds import policies_for
    from ..battle.process import Policy
    from ..battle.setup import battle_setup
    from ..cards.battle import card_battle_odds, check_plan
    from ..cards.combat_round import round_marginals

    a = c.args
    rnd, k, cmp = a["round"], a["hits"], a.get("compare", "at least")
    test = {"at least": lambda x: x >= k, "exactly": lambda x: x == k, "at most": lambda x: x <= k}[cmp]
    want = Fraction(str(a["probability"]))
    from ..cards.battle import CardPlan

    setup = battle_setup(s, _verdict_of(s, c).attacking)
    plan = s.card_plan or CardPlan()
    if s.card_plan is not None:
        check_plan(s, setup, plan)
    names = ", ".join(_named_cards(s, rnd)) or "no Combat card"
    rules = ["WOTR-ROUND-1", "WOTR-HIT-8", "WOTR-HIT-9", "WOTR-HIT-6", "WOTR-STR-5"]
    if _named_cards(s, rnd):  # the card of round r modifies its roll
        rules += ["WOTR-CARD-2", "WOTR-CARD-7"]
    notes, verdicts = [], []
    for pol in policies_for(s):
        positions: list = []
        log = card_battle_odds(s, setup, plan, Policy.from_flags(s.flags, pol), positions=positions,
                               marks=(rnd,)).log
        by_p: dict[Fraction, Fraction] = {}  # P(claimed hits) at a position -> the chance of those positions
        for r, _, _, reach, tallies in positions:
            if r == rnd:
                got = sum((q for x, q in round_marginals(tallies, a["role"])["scored"].items() if test(x)),
                          Fraction(0))
                by_p[got] = by_p.get(got, Fraction(0)) + reach
        fought = sum(by_p.values(), Fraction(0))
        head = f"{pol}: " if len(policies_for(s)) > 1 else ""
        if not fought:
            notes.append(f"{head}round {rnd} is never fought: there is no roll to claim about")
            verdicts.append(None)
            continue
        mixed = sum((p * q for p, q in by_p.items()), Fraction(0)) / fought
        notes.append(f"{head}round {rnd} is fought with chance {fought} = {float(fought):.6f}; P({cmp} {k} hits) "
                     f"from the positions it starts from: " + ", ".join(
                         f"{p} = {float(p):.6f} (chance {q})" for p, q in sorted(by_p.items()))
                     + f"; given that round {rnd} is fought: {mixed} = {float(mixed):.6f} (with {names})")
        notes += [f"{head}{text} ({rule})" for text, rule in log if text.startswith(f"round {rnd}")]
        if set(by_p) == {want}:
            verdicts.append(True)
        elif want not in by_p and mixed != want:
            verdicts.append(False)
        else:
            notes.append(f"{head}not decided: P = {want} holds from some positions round {rnd} starts from and "
                         "not from others (the Army at round " f"{rnd} depends on the rounds before it)")
            verdicts.append(None)
    verdict = verdicts[0] if len(set(verdicts)) == 1 else None
    if len(set(verdicts)) > 1:
        notes.append("not decided: the casualty policies give different verdicts (WOTR-CAS-12)")
        rules.append("WOTR-CAS-12")
    return Verdict(c, verdict, rules, notes=notes)


def _card_check(s: Scenario, c: Claim):
    """The card of a ``card_playable`` claim, whether it may be played (None: a requirement is not
    modelled) and the reasons (:func:`..cards.combat_round.playable`)."""
    from ..cards.battle import CardPlan, card_context
    from ..cards.combat_round import playable
    from ..cards.catalog import load_combat_cards
    from ..battle.setup import battle_setup

    card = load_combat_cards().card(c.args["combat_card"])
    role = c.args.get("role")
    if role is None:
        role = "attacker" if s.attacker.side == card.side else "defender"
    v = _verdict_of(s, c)
    setup = battle_setup(s, v.attacking)
    plan = s.card_plan or CardPlan()
    ctx = card_context(s, setup, plan)
    ok, reasons_ = playable(card, role, ctx, setup.start[0], setup.start[2])
    return card, ok, reasons_


def _decide_card(s: Scenario, c: Claim) -> Verdict:
    """"CARD may be played here": its side (WOTR-EVT-1), one card per round (WOTR-CARD-2) and its
    requirement (WOTR-CARD-5), on the battle as the file sets it up; a condition the interpreter
    cannot check makes the claim not decided (:func:`unmodelled_for`, never guessed)."""
    from ..cards.catalog import unmodelled

    card, ok, reasons_ = _card_check(s, c)
    notes = [f"{r['rule']}: {r['text']}: " + {True: "yes", False: "no", None: "cannot decide"}[r["holds"]]
             for r in reasons_]
    notes.append(f"{card.name} (initiative {card.initiative_printed}; the bottom half of "
                 f"{', '.join(card.events)}; WOTR-CARD-1)")
    # minimal reasons: a card that may not be played cites what failed (its side, WOTR-EVT-1, or a
    # requirement, WOTR-CARD-5); one that may, what allowed it (an Event card played as a Combat
    # card, WOTR-CARD-1; the right side; its requirements met, if it has any)
    if ok is False:
        rules = list(dict.fromkeys(r["rule"] for r in reasons_ if r["holds"] is False))
    else:
        rules = ["WOTR-CARD-1", "WOTR-EVT-1"] + (["WOTR-CARD-5"] if card.conditions else [])
    for u in unmodelled(card):
        notes.append(f"unmodelled: {u['what']} ({u['why']})")
    return Verdict(c, bool(ok), rules, notes=notes)


def unmodelled_for(s: Scenario, c: Claim) -> list[dict]:
    """What a claim depends on and the model does not interpret (``{card, what, why}``; the verify
    loop then says "not decided"): a Combat card's requirement with no check (``card_playable``)."""
    if c.args.get("action"):
        s = replace(s, action=c.args["action"], card=c.args.get("card"))
    if c.kind == "card_playable":
        card, ok, reasons_ = _card_check(s, c)
        if ok is not None:
            return []
        return [{"card": card.name, "what": f"requirement: {r['text']}", "why": "no check for this condition "
                 "in the Combat-card interpreter (WOTR-CARD-5)"} for r in reasons_ if r["holds"] is None]
    return []  # a hits claim is decided with the named cards of its round (round 1's, or a later round's)


#: the flags whose other values may change a verdict of these kinds
RELEVANT_FLAGS = ("non_at_war_leaders", "split_count", "dice_reduction_target", "replacement_pool",
                  "siege_reduction_needs_regular", "political_activation_order")
#: the readings of Combat-card texts (``card_flags.md``, WOTR-CARDX), decided again where a named card acts
CARD_FLAGS = ("cancelled_card_counts_as_played", "witch_king_as_nazgul_target", "black_breath_companion_hits")


def relevant_flags(s: Scenario, c: Claim) -> tuple[str, ...]:
    """The flags a claim of ``s`` is decided again under: :data:`RELEVANT_FLAGS`, and
    :data:`CARD_FLAGS` when the battle names Combat cards."""
    return RELEVANT_FLAGS + (CARD_FLAGS if s.card_plan is not None and s.card_plan.any() else ())


def verify(s: Scenario, claims: list[Claim]) -> list[Verdict]:
    """Decide every claim; name the flags whose other value would flip a verdict."""
    out = verify_claims(s, claims, decide, game="wotr", with_flags=lambda sc, flags: replace(sc, flags=flags),
                        relevant_flags=relevant_flags, unmodelled=unmodelled_for,
                        unmodelled_rule="WOTR-CARDX-1")
    for v in out:  # a Leader of a Nation not At War: the rule that the flag reads is a reason
        if "non_at_war_leaders" in v.deciding_flags and "WOTR-SPLIT-5" not in v.rules:
            v.rules.append("WOTR-SPLIT-5")
    return out


# ---- reading ----------------------------------------------------------------------------------------
def _split(n: Node, s: Scenario, args: dict) -> dict:
    """``attacking:`` or ``rearguard:`` (figures as in an Army): the attacking part the claim is about."""
    split = None
    for key in ("attacking", "rearguard"):
        if n.has(key):
            if split is not None:
                raise n.error("give `attacking:` or `rearguard:`, not both", key)
            sub = n.child(key)
            sub._mapping()
            force = _force(sub, load_nations(), load_characters(), top=False)
            if not s.attacker.force.contains(force):
                raise sub.error("these figures are not all in the attacking Army")
            split = force if key == "attacking" else s.attacker.force.minus(force)
    return {"split": split, "sentence": n.raw("claim", None) is not None}


def _make(*, sentence: bool, text: str, args: dict, **kw: Any) -> Claim:
    if sentence and args.get("action"):  # the claim asks about another action than the file's
        text += f" (with {args['action']}" + (f": {args['card']}" if args.get("card") else "") + ")"
    return Claim(text=text, args=args, **kw)


#: battle claims: a sentence or ``{kind: ..., fields}``; either may name a split with ``attacking:``
#: or ``rearguard:``
BOOK = ClaimBook(game="wotr", kinds=CLAIM_KINDS, templates=guard(TEMPLATES), arg_keys=_ARG_KEYS, negations=guard(NEGATIONS),
                 third_person=THIRD_PERSON, example="\"the attacker's Combat Strength is 8\"", fields=_split,
                 own_keys=("attacking", "rearguard"), check=_check_args, describe=_describe, make=_make)


def book(kind: str = "battle") -> ClaimBook:
    """The claim book of a scenario kind: battle claims (the default), or ``"position"`` claims
    (moves, dice and cards, :mod:`.position`).

    >>> book().kinds[0], book("position").kinds[0]
    ('attack_legal', 'move')
    """
    return move_claims.BOOK if kind == "position" else BOOK


def read(s: Any) -> list[Claim]:
    """The scenario's ``claims:`` entries, read with its kind's book (a bad one is a ScenarioError
    naming the file and the claim's field path)."""
    return parse_claims(s.claims, book(getattr(s, "kind", "battle")), s)


def _region_names(ids) -> list[str]:
    """Regions as the board names them (an id the board does not hold, as given)."""
    from ..board import load_board

    regions = load_board().regions
    return [regions[r].name if r in regions else r for r in ids]
