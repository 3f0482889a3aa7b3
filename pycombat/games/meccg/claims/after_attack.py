"""Claims about the strikes after the attack that a card played in it costs (MECCG-FX-32: Our Own Wolves,
each Wolf ally still in play strikes its controller at its printed prowess +3).

* "<ally>'s strike after the attack eliminates / discards / wounds <controller>", "... fails / succeeds /
  is ineffectual": decided on the combat block's dice (its strikes' rolls, then ``after_attack: [{ally,
  roll, body}]``), as ``replay`` resolves them;
* "<ally>'s strike after the attack may eliminate / ... <controller>" (negated: "cannot ..."): possible
  exactly when its probability, as ``odds`` computes it over every way the attack goes (and over every
  outcome of a chance node before strikes are assigned, MECCG-FX-31), is above 0;
* "<controller> faces a strike after the attack" (on the dice; "may face": from the odds).

A verdict cites MECCG-FX-32 (the strike exists while the ally and its controller are in play), MECCG-SEQ-10
where the strike's result decides, MECCG-BODY-1 (MECCG-BODY-2/3) where the body check does.

>>> describe("after_attack_strike", {"ally": "War-warg", "result": "eliminates", "character": "Wormtongue"})
"War-warg's strike after the attack eliminates Wormtongue"
>>> describe("after_attack_strike", {"ally": "War-warg", "result": "eliminates", "may": True})
"War-warg's strike after the attack may eliminate"
>>> describe("faces_after_strike", {"character": "Wormtongue", "may": "may"})
'Wormtongue may face a strike after the attack'
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from . import lookups

STRIKE, FACES = "after_attack_strike", "faces_after_strike"
KINDS = (STRIKE, FACES)
#: the claim's verb (definite and after "may") -> what happened to the strike: its result or the body check's fate
_WORDS = {"eliminates": "eliminated", "eliminate": "eliminated", "discards": "discarded", "discard": "discarded",
          "returns": "returned", "return": "returned", "wounds": "wounded", "wound": "wounded",
          "fails": "fails", "fail": "fails", "succeeds": "wounded", "succeed": "wounded",
          "is ineffectual": "tie", "be ineffectual": "tie"}
_VERB = "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True))
TEMPLATES = [
    (re.compile(rf"^(?P<ally>.+?)'s strike after the attack (?:(?P<may>may) )?(?P<result>{_VERB})"
                rf"(?: (?:against )?(?P<character>.+?))?$", re.I),
     lambda m: (STRIKE, {k: v for k, v in m.groupdict().items() if v is not None})),
    (re.compile(r"^(?P<character>.+?) (?:(?P<may>may) face|faces) a strike after the attack$", re.I),
     lambda m: (FACES, {k: v for k, v in m.groupdict().items() if v is not None})),
]
RULE = "MECCG-FX-32"


def describe(kind: str, a: dict[str, Any]) -> str | None:
    if kind == STRIKE:
        who = f" {a.get('character')}" if a.get("character") else ""
        verb = str(a.get("result"))
        if a.get("may"):  # "may eliminate", "may be ineffectual"
            verb = {"is ineffectual": "be ineffectual"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
        return f"{a.get('ally')}'s strike after the attack {'may ' if a.get('may') else ''}{verb}{who}"
    if kind == FACES:
        return f"{a.get('character')} {'may face' if a.get('may') else 'faces'} a strike after the attack"
    return None


def _strikes(s, claim):
    """The strikes after the attack the combat block's cards cost (refused when there is none)."""
    from ..combat.after_attack import after_strikes
    from ..combat.strikes import setup_strikes

    if s.combat is None:
        raise lookups._err(s, claim, f"a strike after the attack ({RULE}) needs the `combat:` block")
    return after_strikes(s, setup_strikes(s))


def _theirs(s, claim, strikes, key: str, field: str):
    """The strike after the attack whose ``field`` (ally, controller) is the member the claim's ``key`` names."""
    name = lookups._member(s, claim, key, "defender")
    got = [i for i, a in enumerate(strikes) if getattr(a, field) == name]
    if not got:
        said = ", ".join(f"{a.ally} against {a.controller}" for a in strikes) or "none"
        raise lookups._err(s, claim, f"{key}: {name} {'makes' if field == 'ally' else 'faces'} no strike after the "
                                     f"attack ({RULE}); the strikes after it: {said}")
    return name, got


def _rolled(s):
    """``{ally: (AfterStrike, steps, AfterResult)}`` of the combat block replayed with its dice."""
    from ..combat.after_attack import replay_after
    from ..combat.before_outcomes import replay

    rep, _outcome, _roll = replay(s, None, after_attack=replay_after)
    return {a.ally: (a, steps, res) for a, steps, res in rep.after_attack}


def _odds(s):
    """The exact odds of the strikes after the attack (:class:`..combat.after_attack.AfterOdds`) as ``odds``
    gives them: over a check before strikes are assigned (MECCG-FX-31) each of its outcomes' own, mixed by
    their chances; None when no outcome has one."""
    from ..combat.after_attack import after_odds
    from ..combat.before_outcomes import check_odds
    from ..combat.strikes import attack_cancel, setup_strikes

    check = check_odds(s)
    if check is not None:
        return check.after_attack
    cancel = attack_cancel(s)
    return after_odds(s, setup_strikes(s), cancel.chance if cancel is not None else Fraction(0))


def _chances(s, ally: str) -> dict[str, Fraction]:
    """``AfterOdds.per_strike`` of ``ally``'s strike after the attack (every chance on "none" when it is made in
    no outcome of a check before the assignment)."""
    o = _odds(s)
    at = [i for i, a in enumerate(o.strikes) if a.ally == ally] if o is not None else []
    if not at:
        return {"none": Fraction(1), "fails": Fraction(0), "tie": Fraction(0), "wounded": Fraction(0),
                "eliminated": Fraction(0), "discarded": Fraction(0), "returned": Fraction(0)}
    return o.per_strike(at[0])


def _event(res, want: str) -> bool:
    """Whether one afterwards strike's result (:class:`AfterResult`) is what the claim names."""
    if want in ("fails", "tie"):
        return res.result == want
    if want == "wounded":
        return res.result == "succeeds"
    return res.fate == want


def _rules(want: str, struck: bool, lost: bool, fate: str | None) -> list[str]:
    """The rules a verdict rests on: the strike (FX-32); its result when it was resolved (SEQ-10); the
    body check when the claim is about its fate and the controller lost (BODY-1, and BODY-2/3 for a
    discard number or a Ringwraith's return)."""
    rules = [RULE]
    if struck:
        rules.append("MECCG-SEQ-10")
    if lost and want in ("eliminated", "discarded", "returned"):
        rules.append("MECCG-BODY-1")
        if "discarded" in (want, fate):
            rules.append("MECCG-BODY-2")
        if "returned" in (want, fate):
            rules.append("MECCG-BODY-3")
    return rules


def after_attack_strike(s, claim):
    """MECCG-FX-32 (the strike), MECCG-SEQ-10 (its result), MECCG-BODY-1..3 (the body check against the
    controller): on the combat block's dice, or, with "may", possible when its probability is above 0."""
    strikes = _strikes(s, claim)
    ally, (i,) = _theirs(s, claim, strikes, "ally", "ally")
    a = strikes[i]
    said = str(claim.args.get("result", "")).lower()
    if said not in _WORDS:
        raise lookups._err(s, claim, f"result: one of {', '.join(_WORDS)}, not {said!r}")
    want = _WORDS[said]
    if claim.args.get("character"):
        who = lookups._member(s, claim, "character", "defender")
        if who != a.controller:
            raise lookups._err(s, claim, f"character: {ally}'s strike after the attack is against {a.controller}, "
                                         f"the character it is an ally of, not {who}")
    if claim.args.get("may"):
        p = _chances(s, ally)
        got = p["wounded"] if want == "wounded" else p[want]
        chances = "; ".join(f"{k} {v}" for k, v in p.items() if v)
        notes = [f"{ally}'s strike after the attack against {a.controller} at {a.prowess}: {chances}",
                 f"P({want}) = {got}"]
        # what the verdict rests on: a strike resolved at all (SEQ-10 when it is, with some chance, resolved),
        # the body check when he may lose it
        struck = p["none"] < 1
        lost = p["wounded"] > 0
        return lookups.Verdict(claim, got > 0, _rules(want, struck, lost, None), notes=notes)
    got = _rolled(s).get(ally)
    if got is None:  # not reached (the replay names why)
        raise lookups._err(s, claim, f"{ally}'s strike after the attack is not resolved by the combat block")
    _a, _steps, res = got
    happened = {"none": f"{ally} or {a.controller} has left play: no strike", "fails": "the strike fails",
                "tie": "the strike is ineffectual", "succeeds": f"the strike succeeds, {a.controller} is wounded"
                + (f", body check: {res.fate}" if res.fate else "")}[res.result]
    notes = [f"{ally}'s strike after the attack against {a.controller} at {a.prowess}: {happened}"]
    parts = {"MECCG-SEQ-10": lookups.STRIKE_ITEMS[res.result]} if res.result in lookups.STRIKE_ITEMS else {}
    return lookups.Verdict(claim, _event(res, want), _rules(want, res.result != "none", res.result == "succeeds",
                                                            res.fate), notes=notes, parts=parts)


def faces_after_strike(s, claim):
    """MECCG-FX-32: the controller faces his ally's strike once every strike of the attack is resolved if
    he and the ally are still in play: on the combat block's dice, or, with "may", from the odds."""
    strikes = _strikes(s, claim)
    who, idx = _theirs(s, claim, strikes, "character", "controller")
    if claim.args.get("may"):
        o = _odds(s)
        mine = [i for i, a in enumerate(o.strikes) if a.controller == who] if o is not None else []
        p = 1 - o.goes_on * o.joint.prob(lambda t: all(t[i].result == "none" for i in mine)) if mine else Fraction(0)
        return lookups.Verdict(claim, p > 0, [RULE], notes=[f"P({who} faces a strike after the attack) = {p}"])
    rolled = _rolled(s)
    faced = [strikes[i].ally for i in idx if rolled.get(strikes[i].ally) and rolled[strikes[i].ally][2].result
             != "none"]
    notes = [f"{who} faces {', '.join(faced)}'s strike after the attack" if faced else
             f"{who} faces no strike after the attack: "
             + ", ".join(f"{strikes[i].ally} or {who} has left play" for i in idx)]
    return lookups.Verdict(claim, bool(faced), [RULE], notes=notes)


DECIDERS = {STRIKE: after_attack_strike, FACES: faces_after_strike}


def unblocked(s, claim, entries: list[dict]) -> list[dict]:
    """``entries`` (the unmodelled parts that could change ``claim``) without the strikes after the attack
    for a claim about them: it resolves them."""
    if claim.kind not in KINDS:
        return entries
    return [e for e in entries if f"({RULE})" not in e["what"]]
