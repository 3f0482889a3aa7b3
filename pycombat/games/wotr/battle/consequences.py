"""What an attack changes around the battle: two Armies and one die (WOTR-ATK-4, WOTR-DICE-2/3),
the Political Track (WOTR-POL-1/2/3/6/7, WOTR-CAPT-1), sieges and relief (WOTR-SITE, WOTR-SIEGE-7).

JSON-ready data and text lines for ``odds``; the legality of a second Army on the same die is
decided in ASP (``attack.lp``, ``also_activated/3``).

A battle file may list the other Armies an action activates::

    battle:
      action: army
      also_activates:
        - {army: {region: Ithilien, units: {Sauron: {regulars: 3}}}, does: attack, die: same}   # illegal
        - {army: {region: Ithilien, units: {Sauron: {regulars: 3}}}, does: attack, die: own}    # a second die

With ``die: own`` and ``does: attack`` the second battle follows the first (actions are resolved one
at a time, WOTR-ROUND-1): :func:`sequenced_odds` fights it against what is left of the defender.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pycombat.in_force import in_force
from fractions import Fraction
from typing import Any

from pycombat.dice import as_json
from ..board import SIDE_NAMES, load_nations
from ..model import Army, Contingent, Force
from ..spec import ACTIVATION, ACTIVATION_DIE, ACTIVATION_DOES
from .fates import LIFTED, STACKING_LIMIT  # Army units a region holds (WOTR-STACK-1)
from .politics import VICTORY_POINTS, attacked_nation, captured_settlement, entered_nation, track_step_text
from .process import region_won_kinds
from .setup import besieger_keeps_units

DOES, DIE = ACTIVATION_DOES, ACTIVATION_DIE


@dataclass(frozen=True)
class Activation:
    army: Army
    does: str  #: attack | move
    die: str  #: same (the action of the battle) | own (another action die)
    path: str = ""


def read_activations(battle, read_army, attacker: Army) -> tuple[Activation, ...]:
    """``battle.also_activates``; ``read_army(node)`` reads each Army block (the battle reader's)."""
    out = []
    for n in battle.list("also_activates", []):
        n._mapping()
        army = read_army(n.child("army"))
        if army.side != attacker.side:
            raise n.error(f"the Army is {army.side.replace('_', ' ')}: the action activates the attacker's own "
                          "Armies", "army")
        does = n.str("does", "attack", choices=DOES)
        die = n.str("die", "same", choices=DIE)
        n.finish(ACTIVATION.keys)
        out.append(Activation(army, does, die, n.path))
    return tuple(out)


# ---- politics -----------------------------------------------------------------------------------------
def politics_effect(s, result=None) -> list[dict]:
    """Each Nation with units in the defending Army: the attack activates it (WOTR-POL-1, Free Peoples)
    and advances its counter one step unless At War (WOTR-POL-2; a passive Nation reaches At War only
    once active, WOTR-POL-6). An Event card's attack counts too (WOTR-ATK-9, WOTR-POL-3). With a
    result, the chance that the battle frees the region for the attacker to capture a Settlement there
    (WOTR-CAPT-1, WOTR-POL-2 second trigger; advancing is optional, WOTR-END-7), and the owner's counter
    if it is captured (advancing into a passive Free Peoples Nation's region activates it, WOTR-POL-1/7)."""
    nations = load_nations().nations
    out = []
    region = s.battle_region
    for c in s.defender.force.contingents:
        if not c.units:
            continue
        pol = s.politics[c.nation]
        n = nations[c.nation]
        steps, active, rules = attacked_nation(pol, n.side, s.flags)
        if s.action == "event":
            rules += ["WOTR-ATK-9", "WOTR-POL-3"]
        text = (f"{n.name}: attacked, " + ("becomes active and " if active != pol.active else "")
                + ("already At War" if pol.steps == 0 else
                   f"stays {steps} step from At War (a passive Nation cannot reach it, WOTR-POL-6)" if steps == pol.steps
                   else f"advances one step ({pol.steps} -> {steps} from At War)"))
        row: dict[str, Any] = {"nation": n.name, "before": {"steps": pol.steps, "active": pol.active},
                               "after_attack": {"steps": steps, "active": active}, "text": text, "rules": rules}
        out.append(row)
    if result is not None and region.settlement in ("town", "city", "stronghold") and region.nation:
        owner = nations[region.nation]
        kinds = result.by_kind()
        captor = None
        if owner.side == s.defender.side and s.controller(region) == s.defender.side:
            captor = "attacker"
            p = kinds.get("attacker_wins", Fraction(0)) + kinds.get("defender_retreated", Fraction(0))
            if s.kind == "siege":
                # WOTR-CAPT-1 second case: the besieger is in the region already; nobody advances (WOTR-END-7/8
                # are the field battle's); his rearguard there captures it even when the attacking part is
                # eliminated with the defenders
                if besieger_keeps_units(s):
                    p += kinds.get("both_destroyed", Fraction(0))
                rules = ["WOTR-CAPT-1", "WOTR-POL-2"]
                note = "if its defenders are eliminated with the besieger still in the region"
            else:
                rules = ["WOTR-CAPT-1", "WOTR-POL-2", "WOTR-END-7"]
                note = ("if the attacker advances (optional); a Stronghold is captured only if empty, otherwise it "
                        "is besieged (WOTR-END-8)") if region.settlement == "stronghold" else \
                    "if the attacker advances (optional)"
        elif (s.kind == "sortie" and region.settlement == "stronghold" and owner.side == s.attacker.side
              and s.controller(region) == s.attacker.side and _sortie_leaves_nobody_inside(s)):
            # WOTR-CAPT-1 second case, WOTR-SITE-6: the whole garrison sortied; its elimination, the besieger
            # surviving in the region, captures the Stronghold (mutual elimination captures nothing, WOTR-END-9)
            captor = "defender"
            p = kinds.get("defender_holds", Fraction(0))
            rules = ["WOTR-CAPT-1", "WOTR-SITE-6", "WOTR-POL-2"]
            note = ("by the besieger: the whole garrison sortied, and its elimination with the besieger still in the "
                    "region captures the Stronghold")
        elif (owner.side == s.attacker.side and s.controller(region) == s.defender.side
              and s.kind in ("field", "siege")):
            out.append(_recapture_row(s, region, owner, result.by_kind()))
        if captor == "defender" and not p:
            captor = None  # a sortie's Army that survives or returns: nothing to capture, nothing to report
        if captor is not None:
            # the track after the attack (the owner's row above, else his counter as it is), then the capture's step
            before = next((r["after_attack"] for r in out if r["nation"] == owner.name and "after_attack" in r),
                          {"steps": s.politics[region.nation].steps, "active": s.politics[region.nation].active})
            steps, active = before["steps"], before["active"]
            # the field battle's winner captures by advancing into the region (WOTR-END-7): an enemy Army's entry
            # that activates a passive Free Peoples owner (WOTR-POL-1) as the capture advances his counter
            entered = captor == "attacker" and s.kind != "siege"
            after, after_active, more = captured_settlement(steps, active, owner.side, entered, s.flags)
            rules += more
            step = track_step_text(owner.name, steps, active, after, after_active, counted=True)
            out.append({"nation": owner.name, "settlement": region.name, "kind": region.settlement,
                        **({"captor": captor} if captor == "defender" else {}), "p_region_won": as_json(p),
                        "track": {"captured": {"p": as_json(p), "steps": after, "active": after_active},
                                  "not_captured": {"p": as_json(1 - p), "steps": steps, "active": active}},
                        "text": f"{region.name} ({region.settlement}) may be captured with probability "
                                f"{float(p):.4f} {note}: {step}", "rules": rules})
    if result is not None:
        entry = _entry_row(s, out, result)
        if entry is not None:
            out.append(entry)
    return out


def _recapture_row(s, region, owner, kinds: dict) -> dict:
    """The original owner's Army takes back its own Settlement the enemy controls (WOTR-CAPT-4): by advancing
    into the region the battle won (WOTR-END-7; an enemy-controlled Settlement without enemy units is entered
    and taken, WOTR-MOVE-3, WOTR-CAPT-1), or, besieging it, by eliminating its defenders with the besieger in
    the region (WOTR-CAPT-1 second case). The Control marker is removed and the side that held it loses the
    Victory Points it gave (WOTR-CAPT-3); the owner's counter does not move (WOTR-POL-2 counts a capture of
    his Settlements, not his taking one back)."""
    p = kinds.get("attacker_wins", Fraction(0)) + kinds.get("defender_retreated", Fraction(0))
    if s.kind == "siege":
        if besieger_keeps_units(s):
            p += kinds.get("both_destroyed", Fraction(0))
        rules = ["WOTR-CAPT-4", "WOTR-CAPT-1", "WOTR-CAPT-3"]
        note = "if its defenders are eliminated with the besieger still in the region"
    else:
        rules = ["WOTR-CAPT-4", "WOTR-CAPT-1", "WOTR-CAPT-3", "WOTR-MOVE-3", "WOTR-END-7"]
        note = ("if the attacker advances (optional); a Stronghold still holding enemy units is besieged instead "
                "(WOTR-END-8)") if region.settlement == "stronghold" else "if the attacker advances (optional)"
    pol = s.politics[region.nation]
    loser = SIDE_NAMES[s.defender.side]
    vp = VICTORY_POINTS.get(region.settlement, 0)
    track = {"steps": pol.steps, "active": pol.active}
    return {"nation": owner.name, "settlement": region.name, "kind": region.settlement, "recapture": True,
            "controlled_by": s.defender.side, "p_region_won": as_json(p),
            "track": {"captured": {"p": as_json(p), **track}, "not_captured": {"p": as_json(1 - p), **track}},
            "text": f"{region.name} ({region.settlement}), controlled by the {loser}, may be recaptured by "
                    f"{owner.name} with probability {float(p):.4f} {note}: its Control marker is removed and the "
                    f"{loser} loses the {vp} Victory Point{'s' if vp != 1 else ''} it gave; {owner.name}'s counter "
                    "does not move", "rules": rules}


#: the ends of a field battle after which the attacker may advance into the battle's region: the defender
#: eliminated or retreated (WOTR-END-7), or retreated into his Stronghold, the attacker then besieging it
#: (WOTR-SITE-4)
ADVANCE_ENDS = ("attacker_wins", "defender_retreated", "retreated_into_siege")


def _entry_row(s, rows: list[dict], result) -> dict | None:
    """The Free Peoples Nation whose region the winning attacker may advance into (WOTR-END-7, WOTR-SITE-4):
    an enemy Army's entry activates it if it is still passive after the attack (WOTR-POL-1), with or without
    a Settlement, and moves no step (WOTR-POL-2). None when the attacker cannot advance (a siege's besieger
    is in the region already, a sortie never leaves it, WOTR-SIEGE-6), the region is no Nation's or not
    an enemy's, the owner is active after the attack, or a capture row already counts the entry."""
    region = s.battle_region
    if s.kind != "field" or not region.nation:
        return None
    owner = load_nations().nations[region.nation]
    if any(r["nation"] == owner.name and "settlement" in r for r in rows):
        return None  # the capture's row: the entry that captures activates him there (captured_settlement)
    before = next((r["after_attack"] for r in rows if r["nation"] == owner.name and "after_attack" in r),
                  {"steps": s.politics[region.nation].steps, "active": s.politics[region.nation].active})
    steps, active = before["steps"], before["active"]
    after_active, rules = entered_nation(active, owner.side, s.attacker.side)
    if after_active == active:
        return None
    kinds = result.by_kind()
    p = sum((kinds.get(k, Fraction(0)) for k in ADVANCE_ENDS), Fraction(0))
    what = (f"{region.settlement}, controlled by the {(s.controller(region) or '').replace('_', ' ')}"
            if region.settlement in ("town", "city", "stronghold") else region.settlement or "no Settlement")
    return {"nation": owner.name, "region": region.name, "entry": True, "p_region_won": as_json(p),
            "track": {"entered": {"p": as_json(p), "steps": steps, "active": after_active},
                      "not_entered": {"p": as_json(1 - p), "steps": steps, "active": active}},
            "text": f"{region.name} ({what}), a region of {owner.name}, may be entered with probability "
                    f"{float(p):.4f} if the attacker advances (optional): {owner.name} becomes active; its "
                    f"counter stays {steps} step{'s' if steps != 1 else ''} from At War (an entry is no step)",
            "rules": rules + ["WOTR-END-7", "WOTR-POL-2"]}


def _sortie_leaves_nobody_inside(s) -> bool:
    """Whether a sortie takes every Army unit of the besieged Army out of the Stronghold (no rearguard with
    units inside, WOTR-SIEGE-6), so that its elimination leaves the Stronghold without defenders."""
    from .setup import attacking_part

    return attacking_part(s).units >= s.attacker.force.units


# ---- sieges and relief --------------------------------------------------------------------------------
def siege_info(s, setup, result=None) -> dict | None:
    """Relief (WOTR-SIEGE-7), siege battles (WOTR-SIEGE-2..4), retreat into a siege (WOTR-SITE-2/4/5)."""
    region = s.battle_region
    out: dict[str, Any] = {}
    garrison = getattr(s, "garrison", None)
    if s.kind == "field" and region.settlement == "stronghold" and s.defender.side != s.attacker.side \
            and (s.controller(region) == s.attacker.side or garrison is not None):
        out["relief"] = {"text": f"relief battle: the {s.attacker.side.replace('_', ' ')} Army attacks the "
                                 f"besiegers of {region.name} under the normal rules; the besieged Army does not take "
                                 "part; the relieving Army may advance only if the besiegers are destroyed or "
                                 "retreat; the siege ends when the besiegers are eliminated or leave the region",
                         "rules": ["WOTR-SIEGE-7", "WOTR-SITE-6"]}
        if garrison is not None:
            room = max(0, STACKING_LIMIT - garrison.units)
            out["relief"]["garrison"] = {
                "units": garrison.units, "advance_room": room,
                "text": f"the garrison ({garrison.units} unit{'s' if garrison.units != 1 else ''}) returns to "
                        f"{region.name} when the siege ends; the relieving Army may then advance with at most "
                        f"{room} unit{'s' if room != 1 else ''} beside it (advancing is optional)",
                "rules": ["WOTR-SITE-6", "WOTR-END-7", "WOTR-STACK-1"]}
        if result is not None:
            k = result.by_kind()
            p = sum((k.get(kind, Fraction(0)) for kind in LIFTED), Fraction(0))
            out["relief"]["p_siege_lifted"] = as_json(p)
            adv = k.get("attacker_wins", Fraction(0)) + k.get("defender_retreated", Fraction(0))
            out["relief"]["p_may_advance"] = as_json(adv)
    if s.kind == "siege":
        out["siege_battle"] = {"text": "siege battle: the besieger hits on 6, the besieged on 5; one round unless "
                                       "the attacker reduces an Elite; Leaders and Characters inside add their "
                                       "Leadership", "rules": ["WOTR-SIEGE-2", "WOTR-SIEGE-3", "WOTR-STR-4"]}
        if result is not None:
            k = result.by_kind()
            out["siege_battle"]["p_siege_goes_on"] = as_json(k.get("siege_goes_on", Fraction(0)))
            out["siege_battle"]["p_stronghold_falls"] = as_json(
                sum((k.get(kind, Fraction(0)) for kind in region_won_kinds(setup)), Fraction(0)))
    if setup.siege_retreat:
        out["retreat_into_siege"] = {
            "text": f"before every round the defender may retreat into the Stronghold of {region.name}: at most 5 "
                    "units go in (the rest return to the reinforcements), all Leaders and Characters go in; the "
                    "attacker may then advance and besiege it; if the attacker ceases instead, the defender stays "
                    "in the region, not besieged", "rules": ["WOTR-SITE-2", "WOTR-SITE-4", "WOTR-SITE-5",
                                                              "WOTR-END-2"]}
        if result is not None:
            out["retreat_into_siege"]["p"] = as_json(result.by_kind().get("retreated_into_siege", Fraction(0)))
    return out or None


def siege_lines(info: dict | None) -> list[str]:
    if not info or "relief" not in info:
        return []
    r = info["relief"]
    line = f"  - {r['text']} ({', '.join(r['rules'])})"
    if "p_siege_lifted" in r:
        line += (f"; the siege is lifted with probability {r['p_siege_lifted']['decimal']:.4f} (the relieving "
                 f"Army may advance with probability {r['p_may_advance']['decimal']:.4f})")
    out = [line]
    if "garrison" in r:
        g = r["garrison"]
        out.append(f"  - {g['text']} ({', '.join(g['rules'])})")
    return out


# ---- two Armies --------------------------------------------------------------------------------------------
def activation_json(s, verdict) -> list[dict]:
    from .splits import describe_force

    out = []
    for i, act in enumerate(s.also_activates, start=1):
        rules = [v for v in verdict.violations if isinstance(v.detail, tuple) and len(v.detail) > 1
                 and v.detail[-1] == i]
        row = {"army": f"{describe_force(act.army.force)} in {act.army.region.name}", "does": act.does,
               "die": act.die, "legal": not rules, "rules": [v.rule for v in rules] or (
                   ["WOTR-ATK-4", "WOTR-DICE-2"] if act.die == "own" else ["WOTR-DICE-2"])}
        if act.die == "own" and act.does == "attack":
            row["sequencing"] = ("fought after this battle, with its own action die, against what is left of the "
                                 "defender (WOTR-ATK-4, WOTR-ROUND-1)")
        if s.action == "event":
            row["unmodelled"] = {"card": s.card or "Event card", "what": "how many Armies the card activates",
                                 "why": "the card's own text decides; card texts are not modelled for attacks"}
        out.append(row)
    return out


#: end positions in which the defender is still in its region with units, and a second attack can follow
FOLLOW_UP = ("attack_ceased", "sortie_returned", "defender_holds", "round_limit")


def sequenced_odds(s, first_result, act: Activation, policy) -> dict:
    """The second attack (its own die) against what is left of the defender after each end of the first
    battle; outcome kinds of the two attacks together (exact). The second battle starts fresh (round 1:
    WOTR-SITE-1 applies again) with the defender's replacement pool as the file gives it."""
    from .process import battle_odds
    from .setup import battle_setup
    from .splits import judge_attack

    after: dict[str, Fraction] = {}
    cache: dict = {}
    for o, p in first_result.outcomes.items():
        if o.kind not in FOLLOW_UP:
            key = f"first: {o.kind}"
            after[key] = after.get(key, Fraction(0)) + p
            continue
        d_units = o.defender
        got = cache.get(d_units)
        if got is None:
            contingents = tuple(Contingent(c.nation, r, e, c.leaders)
                                for c, (r, e) in zip(s.defender.force.contingents, d_units))
            defender = replace(s.defender, force=Force(contingents, s.defender.force.nazgul,
                                                       s.defender.force.characters))
            s2 = replace(s, attacker=act.army, defender=defender, also_activates=(), card_plan=None, cards=(),
                         kind="field" if act.army.region.id != s.defender.region.id else s.kind)
            v = judge_attack(s2)
            if not v.legal:
                got = {"second attack not legal": Fraction(1)}
            else:
                res = battle_odds(battle_setup(s2, v.attacking), policy)
                got = {f"second: {k}": q for k, q in res.by_kind().items()}
            cache[d_units] = got
        for k, q in got.items():
            after[k] = after.get(k, Fraction(0)) + p * q
    return {"army": act.army.region.name, "outcomes": {k: as_json(v) for k, v in sorted(after.items())},
            "total": as_json(sum(after.values(), Fraction(0))), "rules": ["WOTR-ATK-4", "WOTR-ROUND-1"]}
