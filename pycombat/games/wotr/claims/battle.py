"""WotR rulings: claims about a battle, decided by the ASP encodings and the exact dice.

A claim is a sentence ("the attack is legal", "the attacker's Combat Strength is 8", "the
attacker hits on 6 in round 1", ...) or a ``kind:`` with fields. Legality, Strength and
Leadership claims are decided in the solver's check mode (``attack.lp``, ``split_legal.lp``,
``strength.lp``); hit-number and hit-probability claims by :mod:`..battle.process` and
:func:`pycombat.games.wotr.battle.dice.combat_roll_dist`; a figure eliminated in round 1 ("the Witch-king is
eliminated in round 1 with probability 8/27", "the defender may lose a Companion in round 1") by the
Combat-card round (:func:`..cards.battle.card_round_dist`); "the attacker may extend the siege battle" / "the
siege battle may go on to round r" over the positions every casualty choice reaches (WOTR-SIEGE-3); "the X
may decline the Leader re-roll" by the re-roll the side has and the flag ``leader_reroll`` (WOTR-HIT-7).
Each verdict comes with the rule ids that decide it and, where a flag's other value would flip it, the flag.
"""
from __future__ import annotations

from .words import NoteFractions, detail_words

import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable

from pycombat.sentences import guard
from pycombat.errors import ScenarioError, TooLargeError
from pycombat.in_force import in_force, removed
from pycombat.scenario import Node
from pycombat.verdicts import ClaimBook, parse_claims, verify_claims
from . import position as move_claims
from ..spec import MAX_ROUNDS
from ..board import load_nations
from ..battle.casualties import allocations
from ..characters import load_characters
from .claim import NEGATIONS, THIRD_PERSON, Claim, Verdict
from ..model import ACTIONS, Scenario
from ..reading import _force

CLAIM_KINDS = ("attack_legal", "split_legal", "strength", "dice", "leadership", "reroll_dice", "hit_number",
               "hits", "split_count", "casualty_options", "may_retreat", "may_retreat_into_siege", "card_playable",
               "politics_after", "politics_active", "eliminated", "siege_extension", "reroll_choice")
ROLE = r"(?P<role>attacker|defender)"
PROB = r"(?P<p>\d+(?:/\d+)?)"


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
    (re.compile(rf"^the {ROLE} loses (?P<fig>.+?) in round (?P<r>\d+) with probability {PROB}$", re.I),
     lambda m: ("eliminated", {"role": m["role"].lower(), "figure": m["fig"].strip(), "round": _int(m["r"]),
                               "probability": m["p"]})),
    (re.compile(rf"^the {ROLE} may lose (?P<fig>.+?) in round (?P<r>\d+)$", re.I),
     lambda m: ("eliminated", {"role": m["role"].lower(), "figure": m["fig"].strip(), "round": _int(m["r"])})),
    (re.compile(rf"^(?P<fig>.+?) is eliminated in round (?P<r>\d+) with probability {PROB}$", re.I),
     lambda m: ("eliminated", {"figure": m["fig"].strip(), "round": _int(m["r"]), "probability": m["p"]})),
    (re.compile(r"^(?P<fig>.+?) may be eliminated in round (?P<r>\d+)$", re.I),
     lambda m: ("eliminated", {"figure": m["fig"].strip(), "round": _int(m["r"])})),
    (re.compile(r"^the attacker may extend the siege(?: battle)?(?: by reducing an elite)?$", re.I),
     lambda m: ("siege_extension", {})),
    (re.compile(r"^the siege battle may go on to round (?P<r>\d+)$", re.I),
     lambda m: ("siege_extension", {"round": _int(m["r"])})),
    (re.compile(rf"^the {ROLE} may (?:decline the leader re-?roll|re-?roll fewer (?:dice|die) than (?:allowed|its "
                r"leadership allows))(?: in round 1)?$", re.I),
     lambda m: ("reroll_choice", {"role": m["role"].lower()})),
    (re.compile(r"^there (?:is|are) (?P<v>\d+) legal splits?$", re.I), lambda m: ("split_count", {"value": _int(m["v"])})),
    (re.compile(r"^the defender may retreat into (?:the|its) stronghold$", re.I),
     lambda m: ("may_retreat_into_siege", {})),
    (re.compile(r"^the defender may retreat$", re.I), lambda m: ("may_retreat", {})),
    (re.compile(rf"^the {ROLE} may play (?P<card>.+?)(?: here)?(?: as a combat card)?(?: in round (?P<r>\d+))?$",
                re.I),
     lambda m: ("card_playable", {"role": m["role"].lower(), "combat_card": m["card"].strip(),
                                  **({"round": _int(m["r"])} if m["r"] else {})})),
    (re.compile(r"^(?P<card>.+?) may be played(?: here)?(?: as a combat card)?(?: in round (?P<r>\d+))?$", re.I),
     lambda m: ("card_playable", {"combat_card": m["card"].strip(), **({"round": _int(m["r"])} if m["r"] else {})})),
    (re.compile(r"^after the attack,? (?P<nation>.+?) is (?:(?P<v>\d+) steps? (?:from|away from|before) at war|"
                r"(?P<war>at war))$", re.I),
     lambda m: ("politics_after", {"nation": m["nation"].strip(), "value": 0 if m["war"] else _int(m["v"])})),
    (re.compile(r"^(?:after the attack|(?P<adv>if the attacker advances(?: into (?:the|its) region)?)),? "
                r"(?P<nation>.+?) (?:is|becomes|stays) (?P<state>active|passive)$", re.I),
     lambda m: ("politics_active", {"nation": m["nation"].strip(), "state": m["state"].lower(),
                                    "advance": bool(m["adv"])})),
    (re.compile(rf"^the {ROLE} has (?P<v>\d+) ways? to take (?P<k>\d+) hits?$", re.I),
     lambda m: ("casualty_options", {"role": m["role"].lower(), "value": _int(m["v"]), "hits": _int(m["k"])})),
]
_ARG_KEYS = ("role", "value", "round", "hits", "compare", "probability", "attacking", "rearguard", "labeled",
             "action", "card", "combat_card", "nation", "figure", "state", "advance")


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
                         + (f" by the {a['role']}" if a.get("role") else "")
                         + (f" in round {a['round']}" if a.get("round", 1) != 1 else ""),
        "politics_after": f"after the attack, {a.get('nation')} is " + (
            "At War" if a.get("value") == 0 else f"{a.get('value')} steps from At War"),
        "politics_active": ("if the attacker advances, " if a.get("advance") else "after the attack, ")
                           + f"{a.get('nation')} is {a.get('state')}",
        "eliminated": ((f"the {a['role']} loses {a.get('figure')}" if a.get("role") else
                        f"{a.get('figure')} is eliminated") + f" in round {a.get('round', 1)} with probability "
                       f"{a['probability']}" if a.get("probability") is not None else
                       (f"the {a['role']} may lose {a.get('figure')}" if a.get("role") else
                        f"{a.get('figure')} may be eliminated") + f" in round {a.get('round', 1)}"),
        "siege_extension": f"the siege battle may go on to round {a['round']}" if a.get("round")
                           else "the attacker may extend the siege battle",
        "reroll_choice": f"the {a.get('role')} may re-roll fewer dice than allowed",
    }[kind]
    if a.get("action"):
        text += f" with action {a['action']}" + (f" ({a['card']})" if a.get("card") else "")
    return ("it is not so that " if negated else "") + text


def _n_hits(k: int) -> str:
    """``1 hit``, ``2 hits``, ``0 hits``."""
    return f"{k} hit{'' if k == 1 else 's'}"


def _err(s: Scenario, c: Claim, message: str) -> ScenarioError:
    return ScenarioError(message, file=s.file, path=c.path)


def _check_args(s: Scenario, c: Claim) -> None:
    a = c.args
    if "action" in a and a["action"] not in ACTIONS:
        raise _err(s, c, f"action: one of {', '.join(ACTIONS)}, not {a['action']!r}")
    if "card" in a and a.get("action") != "event":
        raise _err(s, c, "card: the Event card that allows the attack goes with `action: event`")
    if c.kind in ("strength", "dice", "leadership", "reroll_dice", "hit_number", "hits", "casualty_options",
                  "reroll_choice") or (c.kind == "eliminated" and "role" in a):
        if a.get("role") not in ("attacker", "defender"):
            raise _err(s, c, f"role: attacker or defender, not {a.get('role')!r}")
    for key in ("value", "round", "hits"):
        if key in a and (isinstance(a[key], bool) or not isinstance(a[key], int) or a[key] < 0):
            least = "a round number, 1 or more" if key == "round" else "a whole number, 0 or more"
            raise _err(s, c, f"{key}: {least}, not {a[key]!r}")
    if a.get("round") == 0:  # WOTR-ROUND-1: a battle's rounds are counted from 1; every claim kind refuses round 0
        raise _err(s, c, "round: a round number, 1 or more, not 0 (a battle's first round is round 1, WOTR-ROUND-1)")
    if isinstance(a.get("round"), int) and a["round"] > MAX_ROUNDS:  # refused before any work (docs/limits.md)
        raise _err(s, c, f"round: {a['round']} is beyond the {MAX_ROUNDS} rounds a battle may be asked about (the cap "
                         f"on `max_rounds`, docs/limits.md): claim a round from 1 to {MAX_ROUNDS}")
    if c.kind == "card_playable":
        from ..cards.catalog import load_combat_cards

        if not isinstance(a.get("combat_card"), str):
            raise _err(s, c, "combat_card: the name of a Combat card (or of its Event)")
        load_combat_cards().card(a["combat_card"], file=s.file, path=f"{c.path}.claim")
    if c.kind == "eliminated":
        if not isinstance(a.get("figure"), str):
            raise _err(s, c, "figure: a character's name, or a Leader, a Nazgûl, a Companion or a Minion")
        _figure(s, c)  # an unknown name is an error here, naming the claim
        if a.get("round", 1) != 1:
            raise _err(s, c, f"round: a figure's elimination is claimed for round 1 only (where the Combat cards that "
                             f"eliminate figures act), not round {a['round']}: drop 'in round {a['round']}'; whether a "
                             f"figure is lost in the whole battle is in `pycombat odds`' fates")
        if a.get("probability") is not None:
            try:
                Fraction(str(a["probability"]))
            except (ValueError, ZeroDivisionError):
                raise _err(s, c, f"probability: an exact fraction such as 8/27, not {a['probability']!r}") from None
    if c.kind in ("politics_after", "politics_active") and not isinstance(a.get("nation"), str):
        raise _err(s, c, "nation: the name of a Nation")
    if c.kind == "politics_active":
        if a.get("state") not in ("active", "passive"):
            raise _err(s, c, f"state: active or passive, not {a.get('state')!r}")
        if not isinstance(a.get("advance", False), bool):
            raise _err(s, c, f"advance: true or false, not {a.get('advance')!r}")
    if c.kind == "siege_extension" and "round" in a and a["round"] < 2:
        raise _err(s, c, "round: 2 or more (the round the siege battle would go on to)")
    if c.kind == "hits":
        if a.get("compare", "at least") not in ("at least", "exactly", "at most"):
            raise _err(s, c, "compare: at least, exactly or at most")
        try:
            Fraction(str(a.get("probability")))
        except (ValueError, ZeroDivisionError):
            raise _err(s, c, f"probability: an exact fraction such as 11/27, not {a.get('probability')!r}") from None


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
            notes = []
            if s.action == "muster":  # a Muster result attacks only as the Mouth of Sauron's Army result (CH)
                rules.append("WOTR-ATK-6")
                notes.append("WOTR-ATK-6: the Mouth of Sauron is in play: the Shadow uses the Muster result as an "
                             "Army result (CH, once per turn)")
            from ..cards.event_battle import event_card, table_protected

            if s.action == "event" and event_card(s.card) is not None:
                rules.append("WOTR-EVT-9")  # a shipped Event card that starts an attack
            if s.attacker.side == "shadow" and table_protected(s.table):
                rules.append("WOTR-EVT-10")  # the cards on the table protect other regions than this one
            return Verdict(c, True, rules, notes=notes)
        from ..battle.splits import default_split_note

        note = default_split_note(s, v) if c.kind == "attack_legal" and c.split is None else None
        return Verdict(c, False, [x.rule for x in v.violations],
                       notes=[f"{x.rule}: {detail_words(x.detail)}" for x in v.violations]
                       + ([note] if note is not None else []))
    if c.kind in ("dice", "reroll_dice") and _named_cards(s, 1):
        return _round_one_dice(s, c)
    if c.kind == "hits":
        return _hits(s, c)
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
        eff = setup.effects.get(1)
        if c.kind in ("dice", "reroll_dice") and eff:  # round 1's typed Combat card effects (battle.cards)
            p = setup.params(a["role"], units, 1)
            carded = p.dice if c.kind == "dice" else p.rerolls
            if carded != got:  # the dice or the re-roll a card played in round 1 changes (WOTR-CARD-2)
                lines.append(f"with round 1's Combat card effects (battle.cards): {carded}, not {got} (WOTR-CARD-2)")
                got = carded
                rules.append("WOTR-CARD-2")
        # battle.white_rider with Gandalf the White in the rearguard: not applied, and said so
        lines += [f"{text} ({rule})" for text, rule in setup.notes if text.startswith("battle.white_rider")]
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
        named = _named_cards(s, rnd)
        with removed("WOTR-CARD-2"):  # the round without its Combat cards: a typed card may change the number
            bare = battle_setup(s, v.attacking)
            plain = bare.params(a["role"], bare.start[0] if a["role"] == "attacker" else bare.start[2], rnd).hit
        if plain != got:
            rules.append("WOTR-CARD-2")  # a card played at the round's start changes the number needed
        if len(rules) > 1:  # sites, sieges and cards change the number needed (WOTR-HIT-2)
            rules.insert(1, "WOTR-HIT-2")
        notes = [f"the {a['role']} hits on {got} in round {rnd} ({region.name}, {s.kind} battle)"]
        if named:  # a Combat card modifies the roll (WOTR-HIT-3), never the number needed
            notes.append(f"{', '.join(named)}: modifiers to the roll, not the number needed (WOTR-HIT-3)")
        unfought = _never_fought(s, setup, rnd)
        if unfought is not None:  # no roll in a round never fought: it has no hit number, as it scores no hit
            return Verdict(c, False, [_unfought_rule(s)], notes=[unfought])
        if got == a["value"] and s.kind == "siege" and rnd > 1:
            rules.append("WOTR-SIEGE-3")  # a siege battle's later round is fought only by reducing an Elite
        return Verdict(c, got == a["value"], rules, notes=notes)
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
    if c.kind == "eliminated":
        return _eliminated(s, c)
    if c.kind == "siege_extension":
        return _siege_extension(s, c)
    if c.kind == "reroll_choice":
        return _reroll_choice(s, c)
    if c.kind == "politics_after":
        return _politics_after(s, c)
    if c.kind == "politics_active":
        return _politics_active(s, c)
    if c.kind == "may_retreat":
        from ..battle.setup import retreat_not_free, retreat_regions, settlement_blocked

        setup = battle_setup(s)
        if (s.kind == "siege" or s.defender.besieged) and (in_force("WOTR-END-4") or in_force("WOTR-SIEGE-5")):
            # WOTR-END-4 and WOTR-SIEGE-5 each say it: a besieged Army never retreats
            return Verdict(c, False, ["WOTR-END-4", "WOTR-SIEGE-5"], notes=["a besieged Army never retreats"])
        regions = retreat_regions(s)
        # WOTR-MOVE-3 is cited when it kept him from a region next to him (an enemy Settlement)
        refused = retreat_not_free(s)  # regions of the file's retreat_to that are not free for him
        rules = ["WOTR-END-3", "WOTR-ROUND-3"] + (["WOTR-MOVE-3"] if settlement_blocked(s) or any(
            r == "WOTR-MOVE-3" for _, r in refused) else [])
        return Verdict(c, setup.can_retreat, rules,
                       notes=["free regions: " + (", ".join(_region_names(regions)) or "none")]
                       + [f"retreat_to: {text}: not free for the defender ({rule})" for text, rule in refused],
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


def _hits(s: Scenario, c: Claim) -> Verdict:
    """"the X scores at least / exactly / at most k hits in round r with probability P": decided by
    :func:`_hits_of`, citing besides the site or siege rule that fixes the side's hit number
    (:func:`_hit_number_rules`) where the verdict depends on it."""
    v = _hits_of(s, c)
    cited, notes = _hit_number_rules(s, c, v)
    if cited:
        at = v.rules.index("WOTR-HIT-8") if "WOTR-HIT-8" in v.rules else len(v.rules)
        v.rules = list(dict.fromkeys(v.rules[:at] + cited + v.rules[at:]))
        v.notes += notes
    return v


#: the rules that fix a side's hit number by where the battle is fought, as they act on the Army's own
#: roll (:meth:`..battle.process.BattleSetup.roll_fields`): rule -> (battle kind, the Settlements it needs
#: or None, the side whose number it sets, what it says)
HIT_NUMBER_RULES = {
    "WOTR-SITE-1": ("field", ("city", "fortification"), "attacker",
                    "{region} has a City or Fortification: the attacker hits only on 6 in round 1"),
    "WOTR-SIEGE-2": ("siege", None, "attacker", "a siege battle: the attacker hits only on 6 in every round"),
}


def _hit_number_rules(s: Scenario, c: Claim, v: Verdict) -> tuple[list[str], list[str]]:
    """(rules, notes): the site and siege rules that fix the hit number of a side's roll
    (:data:`HIT_NUMBER_RULES`) that decide the hits claim ``c``: the claim decided again with the rule's
    effect taken away (:func:`pycombat.in_force.removed`) is decided otherwise. In round 1 only the rule
    of the side claimed can; in a later round the other side's too, through the positions the rounds
    before it leave."""
    from pycombat.in_force import removed

    rnd, role = c.args.get("round", 1), c.args["role"]
    out, notes = [], []
    for rule, (kind, settlements, side, words) in HIT_NUMBER_RULES.items():
        if s.kind != kind or (settlements is not None and s.battle_region.settlement not in settlements):
            continue
        if rnd == 1 and role != side:
            continue  # round 1 is rolled by the Army as it starts: the other side's number is not in it
        with removed(rule):
            try:
                other = _hits_of(s, c).verdict
                without = {True: "TRUE", False: "FALSE", None: "not decided"}[other]
            except ScenarioError:  # the claim cannot be decided without the rule
                other, without = "unreached", "not reached"
        if other != v.verdict:
            out.append(rule)
            notes.append(f"{rule}: {words.format(region=s.battle_region.name)}; without it the claim would be "
                         f"{without}")
    return out, notes


def _hits_of(s: Scenario, c: Claim) -> Verdict:
    """The hits claim over round r's roll: with round 1's named Combat cards (:func:`_round_one_hits`),
    from the positions round r >= 2 starts from (:func:`_later_round_hits`), or the Army's own roll with
    the round's typed card effects (`battle.cards`): the Combat card rules where the effects change the
    chance claimed (WOTR-CARD-2; WOTR-CARD-7 where a modifier changes the roll)."""
    from ..battle.setup import battle_setup

    a = c.args
    if a.get("round", 1) == 1 and _named_cards(s, 1):
        return _round_one_hits(s, c)
    if a.get("round", 1) > 1 and _named_cards(s, a["round"]):
        return _later_round_hits(s, c)
    v = _verdict_of(s, c)
    setup = battle_setup(s, v.attacking)
    rnd = a.get("round", 1)
    units = setup.start[0] if a["role"] == "attacker" else setup.start[2]
    named_before = s.card_plan is not None and any(r < rnd for r in s.card_plan.rounds())
    if rnd > 1 and (rnd not in setup.effects or not named_before):
        # over the positions round r starts from (WOTR-ROUND-1), whatever the Army's size: round r may
        # never be fought, and even one unit may roll otherwise (a Saruman's Elite replaced by a
        # Regular is no longer a Leader, WOTR-STR-9, WOTR-CAS-3)
        return _later_round_hits(s, c)
    if rnd > 1 and sum(r + e for r, e in units) > 1:
        # the Army rolling in round r is the one the rounds before it left (WOTR-ROUND-1): with more than
        # one unit it may have lost some, so its hits in round r are not one distribution
        return Verdict(c, None, ["WOTR-ROUND-1", "WOTR-HIT-8", "WOTR-HIT-9"], notes=[
            f"not decided: the {a['role']} starts with {sum(r + e for r, e in units)} units, and the Army that "
            f"rolls in round {rnd} is the one the rounds before it leave (WOTR-ROUND-1); round {rnd} has typed "
            f"card effects (`battle.cards`) and a Combat card is named for an earlier round, whose positions "
            f"are not followed into a round of typed effects; the hits of each round, from every position it "
            f"starts from, are in `pycombat odds`' round table (with `max_rounds`)"])
    params = setup.params(a["role"], units, rnd)
    dist = params.dist()
    k, cmp = a["hits"], a.get("compare", "at least")
    test = {"at least": lambda x: x >= k, "exactly": lambda x: x == k, "at most": lambda x: x <= k}[cmp]
    got = dist.prob(test)
    want = Fraction(str(a["probability"]))
    rules = ["WOTR-HIT-8", "WOTR-HIT-9"]
    if _naturals_decide(params):
        rules.append("WOTR-HIT-4")  # a natural 1 misses and a 6 hits whatever the modifier
    if params.rerolls:
        rules += ["WOTR-HIT-6", "WOTR-STR-5"]  # the Leader re-roll of missed dice
        if params.reroll_hit is not None and params.reroll_hit != params.hit:
            rules.append("WOTR-HIT-5")  # a card changed the re-roll's hit number
    if _typed_reroll_denied(setup, a["role"], units, rnd):
        rules.append("WOTR-HIT-7")  # a card takes away the re-roll the side would have made
    if rnd in setup.effects:  # the round's typed card effects, against the same roll without them
        rules += _card_rules_of(_typed_card_decides(setup, params, a["role"], units, rnd, test))
    return Verdict(c, got == want, rules,
                   notes=[f"P({cmp} {_n_hits(k)}) = {got} = {float(got):.6f}: {params.dice} "
                          f"{'die' if params.dice == 1 else 'dice'} hitting on {params.hit}+ (modifier "
                          f"{params.roll_modifier:+d}), then up to {params.rerolls} missed "
                          f"{'die' if params.rerolls == 1 else 'dice'} re-rolled (modifier "
                          f"{params.reroll_modifier:+d})"])


#: the breakdown lines (:meth:`..battle.strength.SideProfile.breakdown`) each number claim rests on
NUMBER_LINES = {"strength": ("Combat Strength",), "dice": ("Combat Strength", "Combat roll dice"),
                "leadership": ("Leadership",), "reroll_dice": ("Leadership", "Leader re-roll dice")}


def _politics_after(s: Scenario, c: Claim) -> Verdict:
    """"after the attack, X is N steps from At War": the attack's step on the Political Track
    (WOTR-POL-1/2/6; the order of activation and advance, WOTR-POL-7). What the winner's optional advance
    would add (a capture, an entry) is a note."""
    from ..board import load_nations
    from ..battle.consequences import politics_effect

    nation = load_nations().nation(str(c.args["nation"]), file=s.file, path=f"{c.path}.claim")
    row = next((r for r in politics_effect(s) if r["nation"] == nation.name and "after_attack" in r), None)
    later = [f"after the battle: {text}" for text, _, _ in _if_advancing(s, nation.name)]
    if row is None:
        steps = s.politics[nation.id].steps
        return Verdict(c, steps == c.args["value"], ["WOTR-POL-2"],
                       notes=[f"{nation.name} has no units in the attacked Army: its counter stays at {steps}"]
                       + later)
    got = row["after_attack"]["steps"]
    return Verdict(c, got == c.args["value"], list(row["rules"]), notes=[row["text"]] + later)


def _if_advancing(s: Scenario, nation: str) -> list[tuple[str, dict, list[str]]]:
    """What the winner of a field battle advancing into the battle's region does to ``nation`` (WOTR-END-7):
    ``(text, track after it, rules)`` for a Settlement's capture (WOTR-CAPT-1, WOTR-POL-2) or an enemy Army's
    entry (WOTR-POL-1), from :func:`..battle.consequences.politics_effect` at the end "attacker wins". None in a
    siege (the besieger is in the region already) or a sortie (it never leaves it, WOTR-SIEGE-6)."""
    from ..battle.aftermath import _OneEnd
    from ..battle.consequences import politics_effect

    if s.kind != "field":
        return []
    out = []
    for r in politics_effect(s, _OneEnd("attacker_wins")):
        if r["nation"] != nation or "after_attack" in r:
            continue
        track = r["track"].get("entered") or r["track"]["captured"]
        how = (f"{'recaptures' if r.get('recapture') else 'captures'} {r['settlement']} ({r['kind']})"
               if "settlement" in r else f"enters {r['region']}")
        state = ("active" if track["active"] else "passive") + (
            ", At War" if track["steps"] == 0 else f", {track['steps']} step{'s' if track['steps'] != 1 else ''} "
                                                   "from At War")
        # a recapture (WOTR-CAPT-4) moves nothing on the owner's track: its rules decide no claim about it
        out.append((f"if the attacker wins and advances (optional, WOTR-END-7), he {how}: {nation} is then {state} "
                    f"({', '.join(r['rules'])})", track, [] if r.get("recapture") else list(r["rules"])))
    return out


def _politics_active(s: Scenario, c: Claim) -> Verdict:
    """"after the attack, X is active" (the attack on its units activates a passive Free Peoples Nation,
    WOTR-POL-1) or "if the attacker advances, X is active" (the winning attacker's optional advance into the
    battle's region, WOTR-END-7, is an enemy Army's entry into it, which activates its passive Free Peoples
    owner, WOTR-POL-1, with or without a Settlement; it may capture a Settlement too, WOTR-CAPT-1)."""
    from ..board import load_nations
    from ..battle.consequences import politics_effect

    nation = load_nations().nation(str(c.args["nation"]), file=s.file, path=f"{c.path}.claim")
    attack = next((r for r in politics_effect(s) if r["nation"] == nation.name and "after_attack" in r), None)
    active = attack["after_attack"]["active"] if attack else s.politics[nation.id].active
    rules = list(attack["rules"]) if attack else ["WOTR-POL-1"]
    notes = [attack["text"] if attack else
             f"{nation.name} has no units in the attacked Army: the attack leaves it {'active' if active else 'passive'}"]
    later = _if_advancing(s, nation.name)
    if c.args.get("advance"):
        for _, track, more in later:
            active = track["active"]
            rules += [x for x in more if x not in rules]
        if not any(more for _, _, more in later):
            rules.append("WOTR-END-7")
        if not later:
            notes.append(f"advancing into {s.battle_region.name} changes nothing for {nation.name}" if s.kind == "field"
                         else f"the attacker of a {s.kind} battle does not advance (WOTR-SIEGE-6, WOTR-CAPT-1)")
    notes += [f"after the battle: {text}" for text, _, _ in later]
    return Verdict(c, active == (c.args["state"] == "active"), rules, notes=notes)


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


def _card_decides(cr, role: str, chance: Callable) -> tuple[bool, bool]:
    """Whether the Combat cards of the round ``cr`` (a :class:`..cards.combat_round.CardRound`) decide the
    number a claim reads of ``role``'s roll (``chance(tallies)``): (it differs from the same round's with no
    card played, WOTR-CARD-2; it differs from the same round's with the cards' modifiers on no roll,
    WOTR-CARD-7), each the round played again with that rule taken away."""
    base = cr.without_cards()
    if base is cr:  # no card played in the round: nothing for a card to decide
        return False, False
    now = chance(cr.tallies)
    return now != chance(base.tallies), now != chance(cr.without_rule("WOTR-CARD-7").tallies)


def _typed_card_decides(setup, params, role: str, units, rnd: int, test: Callable) -> tuple[bool, bool]:
    """:func:`_card_decides` for the typed card effects (`battle.cards`) of round ``rnd``: whether the chance
    of ``test`` on ``role``'s roll ``params`` differs without the round's cards (WOTR-CARD-2) and with their
    modifiers on no roll (WOTR-CARD-7), as the set-up gives them with each rule taken away."""
    got = params.dist().prob(test)
    base = replace(setup, effects={r: e for r, e in setup.effects.items() if r != rnd}).params(role, units, rnd)
    bare = replace(params, roll_modifier=0, reroll_modifier=0)  # what WOTR-CARD-7's switch leaves of the roll
    return base.dist().prob(test) != got, bare.dist().prob(test) != got


def _card_rules_of(decides: tuple[bool, bool]) -> list[str]:
    """The card rules a typed round decides (:func:`_typed_card_decides`)."""
    changed, modified = decides
    return (["WOTR-CARD-2"] if changed else []) + (["WOTR-CARD-7"] if modified else [])


def _card_rules(cr, changed: bool, modified: bool) -> list[str]:
    """A round's Combat cards where they decide the claim (:func:`_card_decides`): the card played at the
    round's start (WOTR-CARD-2) and the order of a cancelled card (WOTR-CARD-4) when the cards change the
    number, a card's modifier on the Combat roll or the re-roll (WOTR-CARD-7) when the modifiers do."""
    return ((["WOTR-CARD-2"] if changed else []) + (["WOTR-CARD-7"] if modified else [])
            + (["WOTR-CARD-4"] if changed and getattr(cr, "cancelled", ()) else []))


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
        rules = ["WOTR-STR-4", "WOTR-STR-5", "WOTR-HIT-6"]
        if max(round_marginals(cr.without_rule("WOTR-CARD-7").tallies, a["role"])[field]) != max(d):
            rules.append("WOTR-CARD-7")  # a card's modifier on the Combat roll leaves other dice to re-roll
        if cr.reroll_denied[a["role"]]:
            rules.append("WOTR-CARD-2")  # the card played takes the re-roll away: the most dice re-rolled is its
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

    def chance(tallies) -> Fraction:
        return sum((p for x, p in round_marginals(tallies, a["role"])["scored"].items() if test(x)), Fraction(0))

    rules = (_hit_rules(cr.naturals_decide(a["role"]), any(n > 0 for n in marg["rerolled"]),
                        cr.reroll_denied[a["role"]]) + _card_rules(cr, *_card_decides(cr, a["role"], chance)))
    apart = [f"{w}: {dict((x, str(p)) for x, p in marg[f].items())}" for f, w in
             (("own", "its card's own attack roll"), ("bonus", "bonus hits"), ("self_hits", "self-hits"))
             if set(marg[f]) != {0}]
    return Verdict(c, got == want, rules,
                   notes=[f"P({cmp} {_n_hits(k)}) = {got} = {float(got):.6f}: the Combat roll and Leader re-roll with "
                          f"{', '.join(_named_cards(s, 1))}"]
                   + ([f"{text} ({rule})" for text, rule in cr.log if rule == "WOTR-HIT-7"]
                      if cr.reroll_denied[a["role"]] else [])
                   + [f"apart: {x}" for x in apart])


def _naturals_decide(params) -> bool:
    """WOTR-HIT-4 bears on a roll's hits: some die of its Combat roll or Leader re-roll has a chance the
    natural 1 or 6 changes (the modifier brings the 1 up to the number needed or the 6 below it, or the
    number is above 6: :func:`..battle.dice.naturals_decide`)."""
    from ..battle.dice import naturals_decide

    reroll_hit = params.hit if params.reroll_hit is None else params.reroll_hit
    return bool((params.dice and naturals_decide(params.hit, params.roll_modifier))
                or (params.rerolls and naturals_decide(reroll_hit, params.reroll_modifier)))


def _hit_rules(naturals: bool, rerolled: bool, denied: bool = False) -> list[str]:
    """The rules a hits claim rests on: the per-die chance and a side's hits (WOTR-HIT-8/9), the natural 1
    and 6 where they change a die's chance (WOTR-HIT-4), the Leader re-roll where a die is re-rolled
    (WOTR-HIT-6, WOTR-STR-5), and the re-roll being one a card may take away (WOTR-HIT-7) where a card
    takes away dice the side would have re-rolled."""
    return (["WOTR-HIT-8", "WOTR-HIT-9"] + (["WOTR-HIT-4"] if naturals else [])
            + (["WOTR-HIT-6", "WOTR-STR-5"] if rerolled else []) + (["WOTR-HIT-7"] if denied else []))


def _typed_reroll_denied(setup, role: str, units, rnd: int) -> bool:
    """Typed card effects (`battle.cards`) of round ``rnd`` take away (``no_reroll``) a Leader re-roll of
    at least one die the side would otherwise have (WOTR-HIT-7)."""
    eff = setup.effects.get(rnd)
    e = (eff[0] if role == "attacker" else eff[1]) if eff else None
    if e is None or not e.no_reroll:
        return False
    prof = setup.attacker if role == "attacker" else setup.defender
    dice = prof.dice(units, e.dice, setup.dice_reduction_target)
    return prof.reroll_dice(units, e.leadership, dice) > 0


def _later_round_hits(s: Scenario, c: Claim) -> Verdict:
    """"the X scores ... k hits in round r with probability P" (r >= 2), with round r's Combat card (a card
    named for it, or typed card effects, or none): the hits of round r's Combat roll and Leader re-roll,
    from the Army as it stands at the start of round r, which depends on the rounds before it
    (WOTR-ROUND-1). Each position round r can start from has its own probability of the hits claimed.

    Under a casualty policy (``regulars_first``, ``downgrade_first``) the positions are those it reaches,
    each with its chance. Under ``casualty_policy=enumerate`` (the owner chooses, WOTR-CAS-12) they are
    every position reachable by any dice with a chance and any casualty choice of either side (the other
    decisions, cease, retreat and siege extension, as the flags give them), where no Combat card is named
    for a round before r; with one named (its effects act on each casualty policy's positions), the
    positions the two casualty policies reach, and the notes say so.

    TRUE when every position gives P; FALSE when none does and the chance given that round r is fought
    cannot be P either (it is each policy's mix, and none is P; with casualty choices that change the
    positions, P lies outside the positions' range); otherwise not decided (true of some positions only).
    Each probability is in the notes."""
    from ..battle.odds import policies_for
    from ..battle.process import Policy
    from ..battle.setup import battle_setup
    from ..cards.battle import CardPlan, card_battle_odds, check_plan
    from ..cards.combat_round import round_marginals

    a = c.args
    rnd, k, cmp = a["round"], a["hits"], a.get("compare", "at least")
    test = {"at least": lambda x: x >= k, "exactly": lambda x: x == k, "at most": lambda x: x <= k}[cmp]
    want = Fraction(str(a["probability"]))
    setup = battle_setup(s, _verdict_of(s, c).attacking)
    plan = s.card_plan or CardPlan()
    if s.card_plan is not None:
        check_plan(s, setup, plan)
    typed = rnd in setup.effects  # typed card effects (`battle.cards`) in round r: in its roll's numbers
    named_now = bool(_named_cards(s, rnd))
    names = ", ".join(_named_cards(s, rnd)) or ("its typed card effects" if typed else "no Combat card")
    # over the rolls of round r from every position it starts from
    rolled = {"naturals": False, "rerolled": False, "denied": False, "card": False, "modified": False}

    def played(naturals: bool, rerolled: bool, denied: bool = False, card: tuple[bool, bool] = (False, False)) -> None:
        rolled["naturals"] |= naturals
        rolled["rerolled"] |= rerolled
        rolled["denied"] |= denied
        rolled["card"] |= card[0]
        rolled["modified"] |= card[1]

    def rules_now() -> list[str]:
        """WOTR-HIT-4 where a die's chance in round r depends on the natural 1 or 6 (the card's modifier
        counted), the re-roll rules where a die is re-rolled in round r; the card rules where the round's
        card changes the chance claimed from some position (WOTR-CARD-7 where its modifier changes the roll)."""
        return (["WOTR-ROUND-1"] + _hit_rules(rolled["naturals"], rolled["rerolled"], rolled["denied"])
                + (["WOTR-CARD-2"] if rolled["card"] else []) + (["WOTR-CARD-7"] if rolled["modified"] else [])
                + extra)

    extra: list[str] = []

    def _rerolls_in(tallies) -> bool:
        return any(n > 0 for n in round_marginals(tallies, a["role"])["rerolled"])

    def chance_at(tallies) -> Fraction:
        return sum((q for x, q in round_marginals(tallies, a["role"])["scored"].items() if test(x)), Fraction(0))

    def chance_from(pos, pol: str) -> Fraction:
        """P(the hits claimed) in round r from the position ``pos`` = (a, pa, d, pd)."""
        if named_now:
            cr = _card_round_at(s, setup, plan, pos, rnd, pol)
            played(cr.naturals_decide(a["role"]), _rerolls_in(cr.tallies), cr.reroll_denied[a["role"]],
                   _card_decides(cr, a["role"], chance_at))
            return chance_at(cr.tallies)
        units = pos[0] if a["role"] == "attacker" else pos[2]
        params = setup.params(a["role"], units, rnd)
        got = params.dist().prob(test)
        card = (False, False)
        if typed:  # the round's typed card effects, against the same roll without them
            card = _typed_card_decides(setup, params, a["role"], units, rnd, test)
        played(_naturals_decide(params), params.rerolls > 0, _typed_reroll_denied(setup, a["role"], units, rnd), card)
        return got

    notes, verdicts, mixes, fought_any, undecided = [], [], [], False, []
    fractions = NoteFractions()  # a long chance in a note: its decimal, the exact value in `exact`
    pols = policies_for(s)
    for pol in pols:
        by_p: dict[Fraction, Fraction] = {}  # P(claimed hits) at a position -> the chance of those positions
        log: list = []
        if typed:
            for pos, reach in _positions(s, setup, rnd, pol)[0].items():
                got = chance_from(pos, pol)
                by_p[got] = by_p.get(got, Fraction(0)) + reach
        else:
            positions: list = []
            log = card_battle_odds(s, setup, plan, Policy.from_flags(s.flags, pol), positions=positions,
                                   marks=(rnd,)).log
            for r, _, _, reach, tallies, cr in positions:
                if r == rnd:
                    played(cr.naturals_decide(a["role"]), _rerolls_in(tallies), cr.reroll_denied[a["role"]],
                           _card_decides(cr, a["role"], chance_at))
                    got = chance_at(tallies)
                    by_p[got] = by_p.get(got, Fraction(0)) + reach
        fought = sum(by_p.values(), Fraction(0))
        head = f"{pol}: " if len(pols) > 1 else ""
        if not fought:  # no roll in a round never fought: no hit is scored in it, with any chance claimed
            notes.append(f"{head}round {rnd} is never fought: there is no roll in it, so no hit is scored in it")
            verdicts.append(False)
            continue
        fought_any = True
        mixed = sum((p * q for p, q in by_p.items()), Fraction(0)) / fought
        mixes.append(mixed)
        notes.append(f"{head}round {rnd} is fought with chance "
                     f"{fractions.with_decimal(fought, f'{head}round {rnd} is fought with chance')}; "
                     f"P({cmp} {_n_hits(k)}) from the positions it starts from: " + ", ".join(
                         f"{fractions.with_decimal(p, f'{head}P({cmp} {_n_hits(k)}) from a position of round {rnd}')} "
                         f"(chance {fractions.text(q, f'{head}chance of the positions of round {rnd} giving that')})"
                         for p, q in sorted(by_p.items()))
                     + f"; given that round {rnd} is fought: "
                       f"{fractions.with_decimal(mixed, f'{head}P({cmp} {_n_hits(k)}) given that round {rnd} is fought')} "
                       f"(with {names})")
        notes += [f"{head}{text} ({rule})" for text, rule in log if text.startswith(f"round {rnd}")]
        if set(by_p) == {want}:
            verdicts.append(True)
        elif want not in by_p and mixed != want:
            verdicts.append(False)
        else:
            undecided.append(f"{head}not decided: P = {want} holds from some positions round {rnd} starts from and "
                             "not from others (the Army at round " f"{rnd} depends on the rounds before it)")
            verdicts.append(None)
    before = [r for r in plan.rounds() if r < rnd]
    if s.flags["casualty_policy"] == "enumerate" and before:
        notes.append(f"the positions are those the casualty policies {' and '.join(pols)} reach: with a Combat "
                     f"card named for round {', '.join(map(str, before))}, other casualty choices are not "
                     "enumerated (WOTR-CAS-12)")
    elif s.flags["casualty_policy"] == "enumerate" and fought_any:
        found = _positions(s, setup, rnd, None)
        if found is None:
            notes.append(f"the positions are those the casualty policies {' and '.join(pols)} reach: those of every "
                         f"casualty choice are too many to list (WOTR-CAS-12)")
        else:
            states, choice = found
            values = sorted({chance_from(pos, pol) for pos in states for pol in (pols if named_now else pols[:1])})
            notes.append(f"with any casualty choice (WOTR-CAS-12) round {rnd} can start from {len(states)} "
                         f"position(s); P({cmp} {_n_hits(k)}) from them: "
                         + ", ".join(fractions.with_decimal(p, f"P({cmp} {_n_hits(k)}) from a position of round "
                                                                  f"{rnd}") for p in values)
                         + ("; the casualty choices change the positions, so the chance given that round "
                            f"{rnd} is fought depends on them" if choice else ""))
            if values == [want]:
                verdict = True
            elif want not in values and (want < values[0] or want > values[-1]
                                         or (not choice and mixes and all(m != want for m in mixes))):
                verdict = False
            else:
                verdict = None
                notes.append(f"not decided: P = {want} holds from some positions round {rnd} can start from and not "
                             "from others" if want in values else
                             f"not decided: no position gives P = {want}, but the chance given that round {rnd} is "
                             "fought does" if not choice else
                             f"not decided: no position gives P = {want}, but it lies between their probabilities "
                             f"and the casualty choices decide how the positions mix (the chance given that round "
                             f"{rnd} is fought)")
            if choice:
                extra.append("WOTR-CAS-12")
            return Verdict(c, verdict, rules_now(), notes=notes + [x for x in [fractions.footnote()] if x],
                           exact=fractions.kept)
    notes += undecided
    verdict = verdicts[0] if len(set(verdicts)) == 1 else None
    if len(set(verdicts)) > 1:
        notes.append("not decided: the casualty policies give different verdicts (WOTR-CAS-12)")
        extra.append("WOTR-CAS-12")
    if fractions.footnote():
        notes.append(fractions.footnote())
    if not fought_any:  # never fought under any policy: no roll decides it, only what ends the battle before it
        return Verdict(c, False, [_unfought_rule(s)], notes=notes, exact=fractions.kept)
    return Verdict(c, verdict, rules_now(), notes=notes, exact=fractions.kept)


#: the most positions, and pairs of casualty results, :func:`_positions` follows with every casualty
#: choice before giving up (the notes then say the positions are the casualty policies')
MAX_POSITIONS = 20_000
MAX_PAIRS = 2_000_000


def _unfought_rule(s: Scenario) -> str:
    """The rule that decides a claim about a round the battle never reaches: a siege battle lasts one round
    unless the attacker reduces an Elite (WOTR-SIEGE-3); otherwise the battle's rounds (WOTR-ROUND-1)."""
    return "WOTR-SIEGE-3" if s.kind == "siege" else "WOTR-ROUND-1"


def _never_fought(s: Scenario, setup, rnd: int) -> str | None:
    """Why round ``rnd`` is never fought under the flags' policies (cease, retreat, siege extension,
    WOTR-ROUND-3, WOTR-SIEGE-3; the casualty policies of :func:`..battle.odds.policies_for`): a battle that
    always ends before it reaches no position to start it from (:func:`_positions`, as for the hits claimed
    in it). None when it may be fought, in round 1, or with a Combat card named for an earlier round (whose
    positions those claims follow otherwise)."""
    from ..battle.odds import policies_for

    if rnd <= 1 or (s.card_plan is not None and any(r < rnd for r in s.card_plan.rounds())):
        return None
    for pol in policies_for(s):
        found = _positions(s, setup, rnd, pol)
        if found is None or found[0]:
            return None
    why = (f"siege_extension={s.flags['siege_extension']}: a siege battle lasts one round unless the attacker "
           "reduces an Elite (WOTR-SIEGE-3)" if s.kind == "siege" else
           f"the battle always ends before it (attacker_continue={s.flags['attacker_continue']}, "
           f"defender_retreat={s.flags['defender_retreat']})")
    return f"round {rnd} is never fought ({why}): there is no roll in it, so no hit number"


def _positions(s: Scenario, setup, rnd: int, pol: str | None):
    """The positions (a, pa, d, pd) the battle can start round ``rnd`` from, with no Combat card named for a
    round before it (typed card effects act through the rolls' numbers). ``pol``: a casualty policy,
    giving ``({position: chance}, False)``; None: every casualty choice of either side (WOTR-CAS-12),
    giving ``({position: None}, whether a choice ever leads to different positions)``, or None when they
    are more than :data:`MAX_POSITIONS`. Cease, retreat and siege extension are the flags' (WOTR-ROUND-3)."""
    from ..battle.odds import policies_for
    from ..battle.process import Decisions, Outcome, Policy, end_of_round, joint

    dec = Decisions(setup, Policy.from_flags(s.flags, pol or policies_for(s)[0]))
    states: dict = {setup.start[:4]: Fraction(1)}
    choice = False
    work = 0
    cache: dict = {}

    def every(units, pool, hits):
        got = cache.get((units, pool, hits))
        if got is None:
            got = cache[(units, pool, hits)] = allocations(units, pool, hits)
        return got

    for r in range(1, rnd):
        nxt: dict = {}
        for (a, pa, d, pd), p0 in states.items():
            if setup.siege_retreat and dec.into_siege((a, pa, d, pd, r, True)):  # WOTR-SITE-2: no round
                continue
            for ha, hd, p in joint(setup.params("attacker", a, r), setup.params("defender", d, r)):
                if not p:
                    continue
                if pol is None:
                    aa, dd = every(a, pa, hd), every(d, pd, ha)
                    choice = choice or len(aa) > 1 or len(dd) > 1
                    work += len(aa) * len(dd)
                    if work > MAX_PAIRS:
                        return None
                else:
                    aa = [dec.casualties("attacker", a, pa, hd, None)]
                    dd = [dec.casualties("defender", d, pd, ha, None)]
                for a2, pa2 in aa:
                    for d2, pd2 in dd:
                        out = end_of_round(setup, dec, a2, pa2, d2, pd2, r)
                        if not isinstance(out, Outcome):
                            key = out[:4]
                            nxt[key] = None if pol is None else nxt.get(key, Fraction(0)) + p0 * p
        if pol is None and len(nxt) > MAX_POSITIONS:
            return None
        states = nxt
    return states, choice


def _card_round_at(s: Scenario, setup, plan, pos, rnd: int, pol: str):
    """Round ``rnd`` with its named Combat cards played from the position ``pos`` = (a, pa, d, pd) under the
    casualty policy ``pol`` (a card whose requirement fails there is not played, WOTR-CARD-5)."""
    from ..battle.process import Decisions, Policy
    from ..cards.battle import card_context
    from ..cards.combat_round import CardRound, playable

    a, pa, d, pd = pos
    dec = Decisions(setup, Policy.from_flags(s.flags, pol))
    ctx = card_context(s, setup, plan, units=(a, d), rnd=rnd)
    cards, choices = plan.round_cards(rnd)
    usable = {role: cd for role, cd in cards.items() if cd is not None and playable(cd, role, ctx, a, d)[0]}
    cr = CardRound(ctx, usable, lambda role, u, q, h: dec.casualties(role, u, q, h, None), choices)
    cr.run(a, pa, d, pd)
    return cr


#: a kind of figure a claim may name -> (the side it belongs to, its kind)
FIGURE_KINDS = {"leader": ("free_peoples", "leader"), "companion": ("free_peoples", "companion"),
                "nazgul": ("shadow", "nazgul"), "minion": ("shadow", "minion")}
#: card effects that eliminate figures: of the card player's opponent, or (a sacrifice) of his own
ELIMINATING = {"bonus_eliminate": "opponent", "spend_hit_to_eliminate": "opponent", "cancel_hits_by_sacrifice": "own"}


def _figure(s: Scenario, c: Claim) -> tuple[str, str, str]:
    """The figure an ``eliminated`` claim names: (the role it fights for, a character id or a kind of
    :data:`FIGURE_KINDS`, its name in words)."""
    words = str(c.args["figure"]).strip()
    key = re.sub(r"^(?:a|an|one|any)\s+", "", words, flags=re.I).casefold().replace("û", "u")
    key = {"nazgul": "nazgul", "leader": "leader", "leaders": "leader", "companion": "companion",
           "companions": "companion", "minion": "minion", "minions": "minion"}.get(key, "")
    role = c.args.get("role")
    sides = {"attacker": s.attacker.side, "defender": s.defender.side}
    if key:
        side, what = FIGURE_KINDS[key]
        label = words
    else:
        ch = _character(s, c, words)
        side, what, label = ch.side, ch.id, ch.name
    if role is None:
        role = next((r for r, sd in sides.items() if sd == side), "attacker")
    elif sides[role] != side:
        raise _err(s, c, f"figure: {label} fights for the {side.replace('_', ' ')}, not for the {role} "
                         f"({sides[role].replace('_', ' ')})")
    return role, what, label


def _character(s: Scenario, c: Claim, words: str):
    """The character a claim names ("the Witch-king", "Boromir"), as named or without its "the"."""
    from pycombat.errors import UnknownNameError

    try:
        return load_characters().character(words, file=s.file, path=f"{c.path}.claim")
    except UnknownNameError:
        if not re.match(r"the\s", words, re.I):
            raise
        return load_characters().character(words[4:].strip(), file=s.file, path=f"{c.path}.claim")


def _figure_lost(what: str, prof, lost: tuple, wiped: bool) -> bool:
    """Whether ``what`` (a character id or a kind of figure) is among the figures ``lost`` to cards,
    or, the side's Army wiped out, among those with it (WOTR-CAS-7)."""
    chars = load_characters().characters
    present = {x: chars[x] for x in prof.characters}
    gone = {x: chars[x] for x in lost if x in chars}
    if wiped:
        gone.update(present)
    if what == "leader":
        return "leader" in lost or (wiped and prof.leaders > 0)
    if what == "nazgul":  # the Witch-king counts as a Nazgûl (WOTR-STR-10)
        return ("nazgul" in lost or (wiped and prof.nazgul > 0)
                or any(ch.counts_as_nazgul for ch in gone.values()))
    if what in ("companion", "minion"):
        return any(ch.kind == what for ch in gone.values())
    return what in gone


def _eliminated(s: Scenario, c: Claim) -> Verdict:
    """"X is eliminated in round 1 with probability P" / "X may be eliminated in round 1": a figure
    (a character, or a Leader, Nazgûl, Companion or Minion of a side) leaves the battle in round 1, taken
    by a Combat card of round 1 (WOTR-CARDX-3) or with its Army wiped out (WOTR-CAS-7); exactly, over
    the round's dice, under each casualty policy the flags give (WOTR-CAS-12)."""
    from ..battle.casualties import unit_count
    from ..battle.odds import policies_for
    from ..battle.process import Policy
    from ..battle.setup import battle_setup
    from ..cards.battle import CardPlan, card_round_dist, check_plan
    from ..cards.combat_round import REROLL_CAPS

    a = c.args
    role, what, label = _figure(s, c)
    setup = battle_setup(s, _verdict_of(s, c).attacking)
    if 1 in setup.effects:
        return Verdict(c, None, ["WOTR-CARD-2"], notes=[
            "not decided: round 1 has typed card effects (`battle.cards`), which eliminate no figure by name; "
            "name the Combat cards (`card:`) for the card interpreter to play the round"])
    plan = s.card_plan or CardPlan()
    if s.card_plan is not None:
        check_plan(s, setup, plan)
    i = 0 if role == "attacker" else 1
    prof = setup.attacker if role == "attacker" else setup.defender
    want = None if a.get("probability") is None else Fraction(str(a["probability"]))
    cards = {r: cd for r, cd in plan.round_cards(1)[0].items() if cd is not None}
    acting = [(r, cd) for r, cd in cards.items() for e in cd.effects if e.get("effect") in ELIMINATING
              and (r == role) == (ELIMINATING[e["effect"]] == "own")]
    rows, verdicts, by_wipe, by_card, cancelled, arises = [], [], False, False, False, False
    names = ", ".join(dict.fromkeys(cd.name for _, cd in acting))

    def chances(pol: str, caps=None):
        """(the Combat-card round, P(lost to a card), P(lost with the Army wiped out)) under ``pol``, the
        Leader re-roll bounded by ``caps`` (all its bounds by default)."""
        cr, ends = card_round_dist(s, setup, plan, Policy.from_flags(s.flags, pol), reroll_caps=caps)
        card_p = wipe_p = Fraction(0)
        for rend, q in ends:
            lost = rend.lost_a if i == 0 else rend.lost_d
            wiped = rend.early is None and unit_count(rend.a if i == 0 else rend.d) == 0
            if in_force("WOTR-CARDX-3") and _figure_lost(what, prof, lost, False):
                card_p += q  # a figure a card eliminated takes no further part (WOTR-CARDX-3)
            elif wiped and in_force("WOTR-CAS-7") and _figure_lost(what, prof, lost, True):
                wipe_p += q  # the figures with an Army wiped out go with it (WOTR-CAS-7)
        return cr, card_p, wipe_p

    def answer(got: Fraction):
        """What the claim asks of a chance: the chance itself, or (no chance claimed) whether there is one."""
        return got > 0 if want is None else got

    gots: list[Fraction] = []
    rerollers: set[str] = set()  # the sides that re-roll a die on some branch
    for pol in policies_for(s):
        cr, card_p, wipe_p = chances(pol)
        rerollers |= {r for k, r in enumerate(("attacker", "defender")) if any(t[k].rerolled for t in cr.tallies)}
        cancelled = cancelled or bool(getattr(cr, "cancelled", ()))
        arises = arises or any(_alternative_arises(s, cr, r, cd, setup) for r, cd in acting)
        by_wipe, by_card = by_wipe or wipe_p > 0, by_card or card_p > 0
        got = card_p + wipe_p
        gots.append(got)
        rows.append((pol, f"P({label} eliminated in round 1) = {got} = {float(got):.6f}"
                     + (f": by {names} {card_p}" if acting else "")
                     + (f", with the {role}'s Army wiped out {wipe_p} (WOTR-CAS-7)" if wipe_p else "")))
        verdicts.append(got > 0 if want is None else got == want)
    notes = ([rows[0][1]] if len({x for _, x in rows}) == 1 else [f"{pol}: {x}" for pol, x in rows])
    rules: list[str] = []
    if acting:
        if by_card:
            rules.append("WOTR-CARDX-3")  # the card's eliminations, beside the hits
        effects = [e for _, cd in acting for e in cd.effects if e.get("effect") in ELIMINATING]
        if arises:
            rules.append("WOTR-CARDX-2")  # which of its alternatives it takes, where both could act
        if any(e.get("target") == "nazgul_in_battle" for e in effects) and any(
                load_characters().characters[x].counts_as_nazgul for x in prof.characters):
            rules.append("WOTR-STR-10")  # the Witch-king counts as a Nazgûl for card references
        if cancelled:
            rules.append("WOTR-CARD-4")
    else:
        notes.append(f"no Combat card of round 1 eliminates figures of the {role}"
                     + (f" ({', '.join(cd.name for cd in cards.values())} played)" if cards else ""))
    if by_wipe or not acting:
        rules.append("WOTR-CAS-7")  # the figures with an Army wiped out go with it
    if by_wipe and s.flags["casualty_policy"] == "enumerate":
        notes.append(f"the {role}'s Army wiped out under each casualty policy ({', '.join(policies_for(s))}); "
                     "other casualty choices are not played in a Combat-card round (WOTR-CAS-12)")
    # the bounds of the Leader re-roll (Leadership, WOTR-STR-5; the missed dice, WOTR-HIT-6) of a side that
    # re-rolls, where the answer depends on them: the chance (or, with none claimed, whether there is one)
    # differs with the bound lifted, through a card's condition on the re-roll's hits or the hits that wipe
    # the Army out
    for rule, cap in (("WOTR-STR-5", "leadership"), ("WOTR-HIT-6", "missed")) if rerollers else ():
        lifted = [chances(pol, {r: REROLL_CAPS - {cap} for r in rerollers}) for pol in policies_for(s)]
        if any(answer(got) != answer(cp + wp) for got, (_, cp, wp) in zip(gots, lifted)):
            rules.append(rule)
    if want is not None and any(0 < got < 1 for got in gots):
        rules.append("WOTR-HIT-8")  # the chance comes from the dice
    if not _figure_lost(what, prof, (), True):
        notes.append(f"{label} is not in the {role}'s part of the battle")
    verdict = verdicts[0] if len(set(verdicts)) == 1 else None
    if verdict is None:
        notes.append("not decided: the casualty policies give different verdicts (WOTR-CAS-12)")
        rules.append("WOTR-CAS-12")
    return Verdict(c, verdict, rules, notes=notes)


def _alternative_arises(s: Scenario, cr, role: str, card, setup) -> bool:
    """Whether a card's eliminating alternative that needs more hits ("instead of", WOTR-CARDX-2) can hold
    in some outcome of the round: its re-roll hits (or, for a Companion's Level, the hits
    black_breath_companion_hits counts) reach what it needs and its target is in the battle."""
    chars = load_characters().characters
    prof = setup.defender if role == "attacker" else setup.attacker
    tallies = [pair[0 if role == "attacker" else 1] for pair, p in cr.tallies.items() if p]
    for alt in card.effects:
        if alt.get("effect") != "bonus_eliminate" or not alt.get("instead_of"):
            continue
        cond = alt.get("if") or {}
        kind = {"minion_in_battle": "minion", "companion_in_battle": "companion"}.get(alt.get("target"))
        levels = [chars[x].level or 0 for x in prof.characters if chars[x].kind == kind]
        if not levels:
            continue
        if cond.get("hits_at_least") == "companion_level":
            both = s.flags.get("black_breath_companion_hits", "leader_reroll") == "all"
            most = max(((t.combat if both else 0) + t.reroll for t in tallies if t.reroll >= 1), default=0)
            if most >= min(levels):
                return True
        elif max((t.reroll for t in tallies), default=0) >= int(cond.get("leader_reroll_hits_at_least", 1)):
            return True
    return False


def _siege_extension(s: Scenario, c: Claim) -> Verdict:
    """"the attacker may extend the siege battle" / "the siege battle may go on to round r": some
    position the rounds before it can reach, by any dice with a chance and any casualty choice
    (WOTR-CAS-12), lets the battle go on: within the rounds an Event gives it (WOTR-EVT-9), or by the
    attacker reducing a participating Elite (WOTR-SIEGE-3; with a Regular of its Nation available under
    siege_reduction_needs_regular=yes)."""
    from ..battle.casualties import unit_count
    from ..battle.process import joint, siege_reductions
    from ..battle.setup import battle_setup

    if s.kind != "siege":
        raise _err(s, c, "this claim is about a siege battle (`battle: {kind: siege}`), not a "
                         f"{s.kind} battle")
    setup = battle_setup(s, _verdict_of(s, c).attacking)
    target = c.args.get("round") or setup.siege_rounds + 1
    named = [r for r in (s.card_plan.rounds() if s.card_plan is not None else []) if r < target]
    rules = ["WOTR-SIEGE-3"] + (["WOTR-EVT-9"] if setup.siege_rounds > 1 else [])
    if named:
        return Verdict(c, None, rules + ["WOTR-CARD-2"], notes=[
            f"not decided: Combat cards are named for round(s) {', '.join(map(str, named))}; the positions "
            "they lead to are not enumerated with every casualty choice for this claim"])
    a0, pa0, d0, pd0, _, _ = setup.start
    states = {(a0, pa0, d0, pd0)}
    blocked: set = set()  # end-of-round positions where an Elite could not be reduced for want of a Regular
    for rnd in range(1, target):
        if setup.max_rounds is not None and rnd >= setup.max_rounds:
            states = set()
            rules.append("WOTR-END-1")
            break
        nxt = set()
        for a, pa, d, pd in states:
            for ha, hd, p in joint(setup.params("attacker", a, rnd), setup.params("defender", d, rnd)):
                if not p:
                    continue
                for a2, pa2 in allocations(a, pa, hd):  # the attacker takes the defender's hits
                    for d2, pd2 in allocations(d, pd, ha):
                        if unit_count(a2) == 0 or unit_count(d2) == 0:
                            continue
                        if rnd < setup.siege_rounds:
                            nxt.add((a2, pa2, d2, pd2))
                            continue
                        opts = siege_reductions(setup, a2, pa2)
                        if not opts and any(e for _, e in a2):
                            blocked.add((a2, pa2, d2, pd2))
                        nxt.update((a3, pa3, d2, pd2) for _, a3, pa3 in opts)
        states = nxt
    if blocked:
        rules.append("WOTR-CAS-5")  # no Regular of the Elite's Nation available
    ok = bool(states)
    notes = [f"{len(states)} position(s) the siege battle can start round {target} from"
             + (f"; an Elite kept but no Regular of its Nation available in {len(blocked)} end-of-round position(s) "
                "(siege_reduction_needs_regular=yes)" if blocked else "")]
    return Verdict(c, ok, rules, notes=notes)


def _reroll_choice(s: Scenario, c: Claim) -> Verdict:
    """"the X may decline the Leader re-roll" / "may re-roll fewer dice than allowed" (round 1): the
    re-roll is optional (WOTR-HIT-7); leader_reroll=full reads it as every allowed missed die re-rolled
    (no card reads how many dice were re-rolled, only their hits, and more hits never turn against the
    roller), choose as the count left to the side. False either way when the side never has a die to
    re-roll (no Leadership, its re-roll cancelled)."""
    from ..battle.setup import battle_setup
    from ..cards.combat_round import round_marginals

    role = c.args["role"]
    if s.card_plan is not None and any(s.card_plan.cards.values()):
        most = max(round_marginals(_round_one(s, c).tallies, role)["rerolled"])
        with_ = f" with {', '.join(_named_cards(s, 1))}"
    else:
        setup = battle_setup(s, _verdict_of(s, c).attacking)
        units = setup.start[0] if role == "attacker" else setup.start[2]
        most, with_ = setup.params(role, units, 1).rerolls, ""
    if most == 0:
        return Verdict(c, False, ["WOTR-STR-5", "WOTR-HIT-6"],
                       notes=[f"the {role} never has a missed die to re-roll in round 1{with_}"])
    choose = s.flags["leader_reroll"] == "choose"
    return Verdict(c, choose, ["WOTR-HIT-7"], notes=[
        f"the {role} may re-roll up to {most} missed {'die' if most == 1 else 'dice'} in round 1{with_}; "
        f"leader_reroll={s.flags['leader_reroll']}: "
        + ("the side chooses how many" if choose else "every allowed die is re-rolled")])


def _card_check(s: Scenario, c: Claim, fractions: NoteFractions | None = None):
    """The card of a ``card_playable`` claim, whether it may be played in the claim's round (None: a
    requirement is not modelled, or it holds in some positions of that round and not in others), the
    reasons (:func:`..cards.combat_round.playable`, the one place the odds decide it too) and notes (the
    chances in them written by ``fractions``, which keeps the exact value of a long one).

    Round 1 is played from the start. A later round is played from every position the battle reaches at
    its start (under each casualty policy of the scenario, as ``odds`` plays a card named for it), with
    what the cards see there (WOTR-CARDX-7): the Event that started the battle bars cards in its first
    round only (WOTR-EVT-9), a requirement is read on the Army as it stands then (WOTR-CARD-5)."""
    from ..battle.odds import policies_for
    from ..battle.process import Policy
    from ..cards.battle import CardPlan, card_battle_odds, card_context, check_plan
    from ..cards.combat_round import playable, unmet
    from ..cards.catalog import load_combat_cards
    from ..battle.setup import battle_setup

    fractions = fractions if fractions is not None else NoteFractions()
    card = load_combat_cards().card(c.args["combat_card"])
    role = c.args.get("role")
    if role is None:
        role = "attacker" if s.attacker.side == card.side else "defender"
    rnd = c.args.get("round", 1)  # 1 or more (:func:`_check_args`, WOTR-ROUND-1)
    v = _verdict_of(s, c)
    setup = battle_setup(s, v.attacking)
    plan = s.card_plan or CardPlan()
    if rnd == 1:
        ctx = card_context(s, setup, plan)
        ok, reasons_ = playable(card, role, ctx, setup.start[0], setup.start[2])
        return card, ok, reasons_, []
    if s.card_plan is not None:
        check_plan(s, setup, plan)
    notes: list[str] = []
    seen: dict[tuple, dict] = {}  # (verdict, the reasons' texts) -> {chance, reasons}
    fought = {}
    pols = policies_for(s)
    for pol in pols:
        fought[pol] = Fraction(0)

        def probe(r, ctx, a, d, p, pol=pol):
            if r != rnd:
                return
            ok_, why = playable(card, role, ctx, a, d)
            fought[pol] += p
            k = (ok_, tuple((x["rule"], x["text"], x["holds"]) for x in why))
            got = seen.setdefault(k, {"reasons": why, "chance": {}})
            got["chance"][pol] = got["chance"].get(pol, Fraction(0)) + p

        card_battle_odds(s, setup, plan, Policy.from_flags(s.flags, pol), marks=(rnd,), probe=probe)
    head = (lambda pol: f"{pol}: ") if len(pols) > 1 else (lambda pol: "")
    never = [pol for pol in pols if not fought[pol]]
    if len(never) == len(pols):
        return card, False, [{"rule": _unfought_rule(s), "holds": False,
                              "text": f"round {rnd} is never fought in this battle (no Combat card can be played "
                                      f"in it, WOTR-CARD-2)"}], []
    for pol in never:
        notes.append(f"{head(pol)}round {rnd} is never fought")
    verdicts = {k[0] for k in seen}
    for (ok_, _), got in seen.items():
        failed = unmet(got["reasons"], (False, None))
        notes.append(f"round {rnd}: " + ", ".join(f"{head(pol)}chance "
                                                 f"{fractions.with_decimal(q, f'round {rnd}: {head(pol)}chance')}"
                                                 for pol, q in got["chance"].items())
                     + (f": may be played" if ok_ else f": cannot be played ({failed})" if ok_ is False
                        else f": not decided ({failed})"))
    if len(verdicts) == 1:
        ((ok, _), got), = list(seen.items())[:1]
        return card, ok, got["reasons"], notes
    # some positions of round r allow it and some do not: a claim true of some positions only
    reasons_ = [dict(x) for got in seen.values() for x in got["reasons"]]
    reasons_ = [x for i, x in enumerate(reasons_) if x not in reasons_[:i]]
    notes.append(f"not decided: {card.name} may be played in some positions round {rnd} starts from and not in "
                 f"others (the Army at round {rnd} depends on the rounds before it, WOTR-CARD-5)")
    return card, ("mixed" if None not in verdicts else None), reasons_, notes


def _decide_card(s: Scenario, c: Claim) -> Verdict:
    """"CARD may be played here [in round N]": its side (WOTR-EVT-1), one card per round (WOTR-CARD-2), the
    Event that started the battle (WOTR-EVT-9) and its requirement (WOTR-CARD-5), on the battle as the
    file sets it up, in the claim's round (:func:`_card_check`); a condition the interpreter cannot check
    makes the claim not decided (:func:`unmodelled_for`, never guessed), and so does a card playable in
    some positions of a later round and not in others."""
    from ..cards.catalog import unmodelled
    from ..cards.combat_round import not_stated

    fractions = NoteFractions()
    card, ok, reasons_, extra = _card_check(s, c, fractions)
    rnd = c.args.get("round", 1)
    notes = [f"{r['rule']}: {r['text']}: " + {True: "yes", False: "no", None: "cannot decide"}[r["holds"]]
             for r in reasons_]
    notes += extra
    notes.append(f"{card.name} (initiative {card.initiative_printed}; the bottom half of "
                 f"{', '.join(card.events)}; WOTR-CARD-1)")
    # minimal reasons: a card that may not be played cites what failed (its side, WOTR-EVT-1, or a
    # requirement, WOTR-CARD-5); one that may, what allowed it (an Event card played as a Combat
    # card, WOTR-CARD-1; the right side; its requirements met, if it has any)
    if ok is False or ok == "mixed":
        rules = list(dict.fromkeys(r["rule"] for r in reasons_ if r["holds"] is False))
    elif ok is None:  # a requirement the file gives no fact for (or the interpreter has no check for)
        rules = list(dict.fromkeys(r["rule"] for r in reasons_ if r["holds"] is None))
        told = not_stated(reasons_)
        if told:
            notes.append(f"not decided: {told}")
    else:
        rules = ["WOTR-CARD-1", "WOTR-EVT-1"] + (["WOTR-CARD-5"] if card.conditions else [])
    if rnd != 1:
        rules += ["WOTR-CARDX-7"]
    for u in unmodelled(card):
        notes.append(f"unmodelled: {u['what']} ({u['why']})")
    if fractions.footnote():
        notes.append(fractions.footnote())
    return Verdict(c, None if ok in ("mixed", None) else bool(ok), rules, notes=notes, exact=fractions.kept)


def unmodelled_for(s: Scenario, c: Claim) -> list[dict]:
    """What a claim depends on and the model does not interpret (``{card, what, why}``; the verify
    loop then says "not decided"): a Combat card's requirement with no check (``card_playable``)."""
    if c.args.get("action"):
        s = replace(s, action=c.args["action"], card=c.args.get("card"))
    if c.kind == "card_playable":
        card, ok, reasons_, _ = _card_check(s, c)
        if ok is not None:
            return []
        # a requirement on a fact the file does not state is the file's to give (the verdict's note names
        # the field), not something the model does not interpret
        return [{"card": card.name, "what": f"requirement: {r['text']}", "why": "no check for this condition "
                 "in the Combat-card interpreter (WOTR-CARD-5)"} for r in reasons_
                if r["holds"] is None and not r.get("unstated")]
    return []  # a hits claim is decided with the named cards of its round (round 1's, or a later round's)


#: the flags whose other values may change a verdict of these kinds
RELEVANT_FLAGS = ("non_at_war_leaders", "split_count", "dice_reduction_target", "replacement_pool",
                  "siege_reduction_needs_regular", "political_activation_order")
#: the claim kinds about one round's roll: a round a siege battle never reaches (WOTR-SIEGE-3) has none, so
#: ``siege_extension`` may decide them
ROUND_KINDS = ("hit_number", "hits", "eliminated")
#: the readings of Combat-card texts (``card_flags.md``, WOTR-CARDX), decided again where a named card acts
CARD_FLAGS = ("cancelled_card_counts_as_played", "witch_king_as_nazgul_target", "black_breath_companion_hits")


def relevant_flags(s: Scenario, c: Claim) -> tuple[str, ...]:
    """The flags a claim of ``s`` is decided again under: :data:`RELEVANT_FLAGS`,
    :data:`CARD_FLAGS` when the battle names Combat cards, and ``leader_reroll`` for a claim about
    declining the re-roll (the one kind it changes: the model re-rolls every allowed die)."""
    return (RELEVANT_FLAGS + (CARD_FLAGS if s.card_plan is not None and s.card_plan.any() else ())
            + (("leader_reroll",) if c.kind == "reroll_choice" else ())
            + (("siege_extension",) if s.kind == "siege" and c.kind in ROUND_KINDS and c.args.get("round", 1) > 1
               else ()))


def _refuse_unplayable_cards(s: Scenario) -> None:
    """A Combat card named in the file that its side may not play here is refused before any claim is
    decided, as `odds` refuses it (:func:`..cards.battle.check_plan`, WOTR-CARD-5, WOTR-EVT-1/9/10). An
    attack that is not legal fights no round: its cards are not checked (the claims say why)."""
    from ..cards.battle import refuse_unplayable

    refuse_unplayable(s)


#: the claim kinds about a later round's roll that follow the battle to it (:func:`_later_round_hits`)
FOLLOWING_KINDS = ("hits", "hit_number")


def _refuse_too_large(s: Scenario, claims: list[Claim]) -> None:
    """A claim about a later round's roll follows every position the battle can reach up to that round
    (:func:`_later_round_hits`, :func:`_positions`): estimated before any claim is decided
    (:func:`..battle.budget.round_work`), and the file refused over :data:`..battle.budget.MAX_ROUND_WORK`,
    naming the claim and what to change."""
    from ..battle.budget import MAX_ROUND_WORK, round_work
    from ..battle.setup import battle_setup
    from ..battle.splits import judge_attack

    later = [c for c in claims if c.kind in FOLLOWING_KINDS and c.args.get("round", 1) > 1]
    if not later:
        return
    verdict = judge_attack(s)
    if not verdict.legal:
        return
    setup = battle_setup(s, verdict.attacking)
    c = max(later, key=lambda c: c.args["round"])
    rnd = c.args["round"]
    states, work = round_work(setup, rnd)
    if work <= MAX_ROUND_WORK:
        return
    fits = max((r for r in range(1, rnd) if round_work(setup, r)[1] <= MAX_ROUND_WORK), default=1)
    rounds = min(rnd, setup.max_rounds or rnd)
    raise TooLargeError(
        f"{s.file or 'the scenario'}: {c.path}: verify: round {rnd}: about {work:,} positions to follow, more than "
        f"{MAX_ROUND_WORK:,}; " + (f"claim round {fits} or earlier" if fits > 1 else "claim round 1 (read from the "
                                   "Armies alone)") + ", or a smaller battle",
        help=(f"why: a claim about round {rnd}'s roll follows every position the battle can reach up to it "
              f"(WOTR-ROUND-1): {states:,} battle states a round can start from x {rounds} rounds x "
              f"{work // (states * rounds):,} hit outcomes, estimated before any claim is decided",
              "`pycombat odds` gives each round's hits in its round table"))


def verify(s: Scenario, claims: list[Claim]) -> list[Verdict]:
    """Decide every claim; name the flags whose other value would flip a verdict."""
    _refuse_unplayable_cards(s)
    _refuse_too_large(s, claims)
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
