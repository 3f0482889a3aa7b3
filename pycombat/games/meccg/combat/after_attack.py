"""Strikes after the attack's strikes that a card played in it costs (MECCG-FX-32). Our Own Wolves
(card_effects.yaml ``after_attack_strike: {from: [...], prowess_plus: 3}``): "afterwards each Wolf ally's
controller faces one strike at the ally's prowess +3". Once every strike of the attack is resolved, each
ally of the playing company named in ``from`` that is still in play makes one strike against the
character it is an ally of (``ally_of:``), if he is still in play, at the ally's printed prowess plus the
card's number. It is not a strike of the attack (MECCG-STRUCT-5 is not broken): nobody assigns it, and
nobody rolls for the ally, whose number is the strike's fixed prowess. The controller rolls 2d6 and adds
his prowess as it stands after the attack: printed, his weapon and items and the cards in play on him
(MECCG-SEQ-9 (1)), -2 if wounded, else -1 if tapped (MECCG-SEQ-9 (2)); none of the attack's own
modifications last (MECCG-SEQ-11). Higher than the strike's prowess: it fails (nothing happens to the
ally: the strike has no body); equal: ineffectual; lower: he is wounded and the opposing player makes
the body check against him (MECCG-BODY-1..3, +1 if he was wounded before), an elimination scoring his
kill MPs for the opposing player (MECCG-BODY-5) and his owner's MP penalty (MECCG-BODY-7/9).

What the controller's status is after the attack comes from the strikes themselves: he is wounded if
he lost a strike (or a payer's body check he survived), tapped if he faced a strike and did not take -3
or a card's no-tap, supported one or paid a card's cost; he or the ally is out of play after a body
check or a failed corruption check (MECCG-FX-24/25). The strikes are walked in order over every way
each goes, so the afterwards strikes' chances are exact and joint with the attack.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ....dice import Dist, two_d6
from ....errors import ScenarioError
from ....in_force import in_force
from ..cards import interpreter as cardfx
from ..model import Member, Scenario
from . import strikes as S

RULE = "MECCG-FX-32"
#: the rules each afterwards strike is resolved by
RULES = (RULE, "MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-BODY-1", "MECCG-BODY-5")


@dataclass(frozen=True)
class AfterStrike:
    """One strike after the attack's strikes: ``ally`` against its controller at ``prowess``."""

    card: str  #: the card that costs it
    ally: str
    controller: str
    prowess: int  #: the strike's: the ally's printed prowess + the card's number


def after_strikes(scenario: Scenario, setups: list[S.StrikeSetup]) -> list[AfterStrike]:
    """The strikes after the attack's strikes that the cards the defender played in it cost, in the
    order of the defending company's members (one per ally, however many times the card is played).
    Without MECCG-FX-32 no card costs one."""
    return strikes_of(scenario, [c for s in setups for c in s.defender.cards])


def strikes_of(scenario: Scenario, cards) -> list[AfterStrike]:
    """:func:`after_strikes` of the defender's ``cards`` (card models) played in the attack."""
    if not in_force(RULE):
        return []
    played = [c for c in cards if c.after_attack_strike]
    out: list[AfterStrike] = []
    seen: set[str] = set()
    for card in played:
        names = {cardfx.normalize(n) for n in card.after_attack_strike["from"]}
        for m in scenario.defender.members:
            if m.name in seen or not m.ally_of or cardfx.normalize(m.card_name) not in names:
                continue
            seen.add(m.name)
            out.append(AfterStrike(card.name, m.name, m.ally_of,
                                   (m.prowess or 0) + int(card.after_attack_strike["prowess_plus"])))
    return out


def controller_side(scenario: Scenario, ctrl: Member, ally: Member) -> S.Side:
    """The controller as he faces an afterwards strike, at his status then (``ctrl.status``): printed
    prowess, his weapon and items, the cards in play on him, the status penalty (MECCG-SEQ-9)."""
    ctx = cardfx.Ctx(me=ctrl, company=scenario.defender, scenario=scenario, opponent=ally,
                     opp_company=scenario.defender, taps=True)
    mine = S._records(S.standing_cards(scenario, "defender", ctrl), ctx, scenario)
    mine += S._own_items(scenario, ctrl, ctx, None)
    others = [S.Mod(f.amount, S._label(c, f, ctrl), f.rule or c.rule)
              for f, c in mine if f.what == "prowess" and f.maximum is None]
    if ctrl.status == "wounded":
        others.append(S.Mod(-2, "wounded", "MECCG-SEQ-9"))
    elif ctrl.status == "tapped":
        others.append(S.Mod(-1, "tapped", "MECCG-SEQ-9"))
    base = ctrl.prowess or 0
    weapon, rest, body = S._item_mods(scenario, ctrl, ctx, None, base, others,
                                      [(f, c) for f, c in mine if f.what == "weapon_prowess"])
    body += [S.Mod(f.amount, S._label(c, f, ctrl), f.rule or c.rule)
             for f, c in mine if f.what == "body" and f.maximum is None]
    mods = weapon + rest + others
    total_body = (ctrl.body or 0) + sum(m.amount for m in body)
    shift = total_body - (ctrl.body or 0)
    return S.Side(member=ctrl, role="defender", prowess=base + sum(m.amount for m in mods), prowess_mods=tuple(mods),
                  body=total_body, body_mods=tuple(body), rolls=1, stays_untapped=False,
                  prewounded=ctrl.status == "wounded",
                  discard_on=tuple(n + shift for n in ctrl.discard_on_body_check),
                  ringwraith=S._race(ctrl) == "ringwraith", cards=(),
                  body_roll_mod=sum(f.amount for f, _ in mine if f.what == "body_check_roll"))


@dataclass(frozen=True)
class AfterResult:
    """How one afterwards strike went: ``result`` none (the ally or its controller is out of play),
    fails, tie or succeeds; ``fate`` the body check's when it succeeds."""

    result: str
    fate: str | None = None
    kill_mp: int = 0  #: to the opposing (attacking) player (MECCG-BODY-5)
    penalty: int = 0  #: MPs the controller's owner loses (MECCG-BODY-7/9)


def compare(total: int, strike_prowess: int) -> str | None:
    """The result of an afterwards strike the controller's ``total`` (2d6 + prowess) meets (MECCG-SEQ-10):
    higher fails, equal is ineffectual, lower succeeds; None without MECCG-SEQ-10 (no result)."""
    if not in_force("MECCG-SEQ-10"):
        return None
    return "fails" if total > strike_prowess else "tie" if total == strike_prowess else "succeeds"


def resolve(scenario: Scenario, side: S.Side, strike_prowess: int, roll: int, body_roll: int | None) -> AfterResult:
    """One afterwards strike with the controller's 2d6 ``roll`` (and ``body_roll``, the body check's 2d6
    when he loses): MECCG-SEQ-10, MECCG-BODY-1..9 (without MECCG-BODY-1 he is wounded, no body check)."""
    result = compare(roll + side.prowess, strike_prowess)
    if result is None:
        return AfterResult("none")
    if result != "succeeds":
        return AfterResult(result)
    if not in_force("MECCG-BODY-1"):
        return AfterResult("succeeds")
    if body_roll is None:
        raise ValueError("the controller lost the strike: a body roll is needed")
    fate, kmp, pen = S.body_result(side, body_roll, scenario.attacker.alignment, scenario.flags)
    return AfterResult("succeeds", fate, kmp, pen)


def strike_dist(scenario: Scenario, side: S.Side, strike_prowess: int) -> Dist:
    """Every way one afterwards strike goes (:class:`AfterResult`), exact."""
    body = two_d6()
    return two_d6().bind(lambda r: Dist.point(resolve(scenario, side, strike_prowess, r, None))
                         if r + side.prowess >= strike_prowess
                         else body.map(lambda b, r=r: resolve(scenario, side, strike_prowess, r, b)))


# ---- the state after the attack ---------------------------------------------------------------
def _after_outcome(s: S.StrikeSetup, o: S.Outcome, state: tuple) -> tuple:
    """``(gone, wounded, tapped)`` (frozensets of names) after strike ``s`` went as ``o``."""
    gone, wounded, tapped = (set(x) for x in state)
    if o.result == "absent":
        return state
    # the strike's two characters, its payers and checkers, and whoever else the outcome names a fate for
    # (a failed corruption check a card cost, MECCG-FX-25, on a strike whose card rolls are resolved)
    for n in dict.fromkeys(S.strike_members(s) + tuple(n for n, _f in o.also)):
        f = S._fate_of(o, n)
        if f in S.LEAVES_PLAY:
            gone.add(n)
        elif o.loser == n or f == "survives":
            wounded.add(n)
    d = s.defender
    if o.result in ("fails", "tie", "succeeds") and not d.stays_untapped and not (d.no_tap and o.loser != d.member.name):
        tapped.add(d.member.name)
    tapped |= set(s.supporters)
    tapped |= {who for _card, who in s.payers}
    return frozenset(gone), frozenset(wounded), frozenset(tapped)


def strike_delta(s: S.StrikeSetup, o: S.Outcome, payers=()) -> tuple:
    """``(gone, wounded, tapped)`` (frozensets of names) that strike ``s`` going as ``o`` adds to the state
    after the attack (``payers``: ``(card, member)`` who tapped to pay a card's cost in it, MECCG-FX-24)."""
    gone, wounded, tapped = _after_outcome(s, o, (frozenset(), frozenset(), frozenset()))
    return gone, wounded, tapped | frozenset(who for _c, who in payers)


def joint(scenario: Scenario, strikes: list[AfterStrike], state: tuple) -> Dist:
    """Every way the ``strikes`` after the attack go from its end ``state`` (``(gone, wounded, tapped)``):
    a Dist of tuples of :class:`AfterResult`, one per strike, exact."""
    return run(scenario, strikes, state, lambda i, side, a: strike_dist(scenario, side, a.prowess))


def attack_end(scenario: Scenario, setups: list[S.StrikeSetup]) -> Dist:
    """The joint ``(gone, wounded, tapped)`` of the members once every strike of the attack is resolved:
    a strike whose character left play before it is not resolved (MECCG-FX-24/25)."""
    d = scenario.defender
    state = Dist.point((frozenset(), frozenset(m.name for m in d.members if m.status == "wounded"),
                        frozenset(m.name for m in d.members if m.status == "tapped")))
    absent = S.Outcome("absent", None, None, 0, 0, 0, 0)
    for s in setups:
        dist = S.strike_outcomes(s, scenario)
        pair = {s.attacker.member.name, s.defender.member.name}
        state = state.bind(lambda st, d=dist, s=s, pair=pair: (Dist.point(absent) if st[0] & pair else d).map(
            lambda o, st=st, s=s: _after_outcome(s, o, st)))
    return state


def _status(name: str, wounded: frozenset, tapped: frozenset) -> str:
    return "wounded" if name in wounded else "tapped" if name in tapped else "untapped"


def run(scenario: Scenario, strikes: list[AfterStrike], state: tuple, rolled) -> tuple:
    """Every afterwards strike in order from the attack's end ``state``; ``rolled(i, side, strike)`` gives
    the :class:`AfterResult` (a Dist, for odds, or a point, for replay). Returns a Dist of tuples of results."""
    by = {m.name: m for m in scenario.defender.members}

    def step(i: int, st: tuple, done: tuple) -> Dist:
        if i == len(strikes):
            return Dist.point(done)
        a = strikes[i]
        gone, wounded, tapped = st
        if a.ally in gone or a.controller in gone or a.controller not in by:
            return step(i + 1, st, done + (AfterResult("none"),))
        ctrl = by[a.controller]
        side = controller_side(scenario, replace(ctrl, status=_status(ctrl.name, wounded, tapped)), by[a.ally])
        return rolled(i, side, a).bind(lambda r: step(i + 1, _after(st, a.controller, r), done + (r,)))

    return step(0, state, ())


def _after(st: tuple, name: str, r: AfterResult) -> tuple:
    gone, wounded, tapped = st
    if r.fate in S.LEAVES_PLAY:
        return gone | {name}, wounded, tapped
    if r.result == "succeeds":
        return gone, wounded | {name}, tapped
    if r.result in ("fails", "tie"):
        return gone, wounded, tapped | {name}
    return st


@dataclass
class AfterOdds:
    """The afterwards strikes' exact chances over every way the attack went."""

    strikes: list[AfterStrike]
    joint: Dist  #: tuples of :class:`AfterResult`, one per strike
    goes_on: Fraction  #: the chance the attack is not cancelled before strikes are assigned

    def per_strike(self, i: int) -> dict[str, Fraction]:
        on = self.goes_on
        d = self.joint
        return {"none": 1 - on + on * d.prob(lambda t: t[i].result == "none"),
                "fails": on * d.prob(lambda t: t[i].result == "fails"),
                "tie": on * d.prob(lambda t: t[i].result == "tie"),
                "wounded": on * d.prob(lambda t: t[i].result == "succeeds"),
                **{f: on * d.prob(lambda t, f=f: t[i].fate == f) for f in ("eliminated", "discarded", "returned")}}

    def kill_mp(self) -> Dist:
        """The attacking player's kill MPs from the afterwards strikes (MECCG-BODY-5)."""
        on = self.goes_on
        items = {k: on * p for k, p in self.joint.map(lambda t: sum(r.kill_mp for r in t)).items()}
        items[0] = items.get(0, Fraction(0)) + 1 - on  # the attack cancelled: no card played, no strike
        return Dist({k: p for k, p in items.items() if p})

    def owner_mp_lost(self) -> Fraction:
        """The expected MPs the controllers' owner loses through them (MECCG-BODY-7/9)."""
        return self.goes_on * self.joint.expectation(lambda t: sum(r.penalty for r in t))

    def as_json(self) -> dict:
        from ....dice import as_json

        return {"rules": list(RULES),
                "strikes": [{"card": a.card, "ally": a.ally, "controller": a.controller, "prowess": a.prowess,
                             "probabilities": {k: as_json(v) for k, v in self.per_strike(i).items()}}
                            for i, a in enumerate(self.strikes)],
                "kill_mp_attacker_player": {str(k): as_json(v) for k, v in self.kill_mp().items()},
                "expected_kill_mp_attacker_player": as_json(self.kill_mp().expectation()),
                "expected_owner_mp_lost_defender_player": as_json(self.owner_mp_lost())}


def after_odds(scenario: Scenario, setups: list[S.StrikeSetup], cancel_chance: Fraction = Fraction(0)) -> AfterOdds | None:
    """The exact odds of the afterwards strikes, None when the combat has none."""
    strikes = after_strikes(scenario, setups)
    if not strikes:
        return None
    end = attack_end(scenario, setups)
    joint = end.bind(lambda st: run(scenario, strikes, st,
                                    lambda i, side, a: strike_dist(scenario, side, a.prowess)))
    return AfterOdds(strikes, joint, 1 - cancel_chance)


# ---- replay ----------------------------------------------------------------------------------
def resolved(entries: list[dict]) -> list[dict]:
    """``entries`` (unmodelled parts, MECCG-FX-10) without the strikes after the attack, for ``replay``,
    which resolves them."""
    return [e for e in entries if f"({RULE})" not in e["what"]]


def _given(scenario: Scenario, strikes: list[AfterStrike]) -> dict[str, tuple]:
    """The combat block's ``after_attack:`` dice by ally; an entry for an ally that makes no such strike
    is refused (never ignored)."""
    allies = {cardfx.normalize(a.ally): a.ally for a in strikes}
    out: dict[str, tuple] = {}
    for ally, roll, body, path in scenario.combat.after_attack:
        key = cardfx.normalize(ally)
        if key not in allies:
            raise ScenarioError(f"{ally} makes no strike after the attack ({RULE}): the strikes after it are "
                                  f"{', '.join(a.ally for a in strikes) or 'none'}", file=scenario.file, path=path)
        if allies[key] in out:
            raise ScenarioError(f"{ally}'s strike after the attack is given twice", file=scenario.file, path=path)
        out[allies[key]] = (roll, body, path)
    return out


def _mods_text(side: S.Side) -> str:
    return S._fmt_mods(side.member.prowess or 0, side.prowess_mods)


def replay_after(src: S.RollSource, scenario: Scenario, fought: list) -> list[tuple[AfterStrike, list, AfterResult]]:
    """``replay``'s strikes after the attack (MECCG-FX-32), once the attack's strikes ``fought`` (``(setup,
    steps, outcome)`` each) are resolved: the controller's roll (the ``after_attack:`` entry's ``roll``, or
    the next value of --rolls) and, when he loses, the body check's (``body``, or the next one)."""
    strikes = after_strikes(scenario, [s for s, _st, _o in fought])
    given = _given(scenario, strikes)
    if not strikes:
        return []
    d = scenario.defender
    state = (frozenset(), frozenset(m.name for m in d.members if m.status == "wounded"),
             frozenset(m.name for m in d.members if m.status == "tapped"))
    for s, _st, o in fought:
        state = _after_outcome(s, o, state)
    path = f"{scenario.combat.path}.after_attack"
    out: list[tuple[AfterStrike, list, AfterResult]] = []

    def rolled(i: int, side: S.Side, a: AfterStrike) -> Dist:
        roll, body, where = given.get(a.ally, (None, None, path))
        if src.flat is None and roll is None:
            raise ScenarioError(f"{a.ally}'s strike after the attack against {a.controller} ({RULE}) needs "
                                  f"{a.controller}'s 2d6 total: give `after_attack: [{{ally: {a.ally}, roll: N}}]` "
                                  "(or every roll with --rolls)",
                                  file=scenario.file, path=path)
        r = src.take((roll,) if roll is not None else (), 1, f"{a.ally}'s strike after the attack (roll)",
                     where, scenario.file, field="roll")[0]
        total = r + side.prowess
        steps = [S.ReplayStep(f"After the attack: {a.card} costs {a.ally}'s strike against {a.controller}, the "
                              f"character it is an ally of, at {a.prowess} ({a.ally}'s printed prowess + the card's); "
                              "nobody assigns it and nobody rolls for it", (RULE,))]
        text = (f"{a.controller} ({side.member.status}) rolls {r}: {_mods_text(side)} + {r} = {total} against "
                f"{a.prowess}: ")
        result = compare(total, a.prowess)
        if result is None:  # no strike result without MECCG-SEQ-10
            steps.append(S.ReplayStep(text + "no result", ("MECCG-SEQ-9",)))
            res = AfterResult("none")
        elif result == "fails":
            steps.append(S.ReplayStep(text + "the strike fails", ("MECCG-SEQ-9", "MECCG-SEQ-10")))
            res = AfterResult("fails")
        elif result == "tie":
            steps.append(S.ReplayStep(text + "ineffectual, nobody is wounded", ("MECCG-SEQ-9", "MECCG-SEQ-10")))
            res = AfterResult("tie")
        elif not in_force("MECCG-BODY-1"):  # wounded, and no body check without the rule
            steps.append(S.ReplayStep(text + f"the strike succeeds, {a.controller} is wounded",
                                      ("MECCG-SEQ-9", "MECCG-SEQ-10")))
            res = AfterResult("succeeds")
        else:
            steps.append(S.ReplayStep(text + f"the strike succeeds, {a.controller} is wounded and the opposing "
                                      "player makes the body check", ("MECCG-SEQ-9", "MECCG-SEQ-10", "MECCG-BODY-1")))
            if src.flat is None and body is None:
                raise ScenarioError(f"{a.controller} lost {a.ally}'s strike after the attack ({RULE}): give the "
                                      "body check's 2d6 total as its `body:`", file=scenario.file, path=f"{where}.body")
            b = src.take((body,) if body is not None else (), 1, f"{a.ally}'s strike after the attack (body)",
                         where, scenario.file, field="body")[0]
            res = resolve(scenario, side, a.prowess, r, b)
            result = b + (1 if side.prewounded else 0) + side.body_roll_mod
            plus = f" + 1 (wounded before) = {result}" if side.prewounded and not side.body_roll_mod else (
                f" = {result}" if result != b else "")
            said = {"eliminated": f"eliminated; {res.kill_mp} kill MP to the attacking player",
                    "discarded": "discarded (his discard number), no kill MP",
                    "returned": "returned to his player's hand, no kill MP",
                    "survives": "survives, wounded"}.get(res.fate, res.fate)
            steps.append(S.ReplayStep(f"Body check: {b}{plus} against body {side.body}: {a.controller} is {said}"
                                      if res.fate != "survives" else
                                      f"Body check: {b}{plus} is not greater than body {side.body}: "
                                      f"{a.controller} {said}",
                                      ("MECCG-BODY-1",) + {"eliminated": ("MECCG-BODY-5",),
                                                            "discarded": ("MECCG-BODY-2",),
                                                            "returned": ("MECCG-BODY-3",)}.get(res.fate, ())))
            if res.penalty:
                m = side.member  # an avatar (MECCG-BODY-7), an "if eliminated" clause (MECCG-BODY-9)
                steps.append(S.ReplayStep(
                    f"{a.controller}'s player loses {res.penalty} MP [elimination_mp_clauses="
                    f"{scenario.flags['elimination_mp_clauses']}]",
                    (("MECCG-BODY-7",) if m.avatar else ()) + (("MECCG-BODY-9",) if m.mp_if_eliminated else ())))
        out.append((a, steps, res))
        return Dist.point(res)

    done = run(scenario, strikes, state, rolled)
    results = next(iter(done.items()))[0]
    for a, r in zip(strikes, results):  # no strike: the ally or its controller left play
        if r.result == "none":
            out.insert(strikes.index(a), (a, [S.ReplayStep(
                f"After the attack: {a.ally} or {a.controller} has left play: {a.card} costs no strike", (RULE,))], r))
    if src.flat is None:  # a roll the strikes after the attack never needed is refused, never ignored
        for a, r in zip(strikes, results):
            roll, body, where = given.get(a.ally, (None, None, path))
            for field, value in (("roll", roll), ("body", body)):
                if value is None or (where, field) in src.used:
                    continue
                why = (f"{a.ally} or {a.controller} has left play, so {a.card} costs no strike" if r.result == "none"
                       else f"{a.controller} does not lose it ({'ineffectual' if r.result == 'tie' else 'it fails'}): "
                            "nobody is wounded, so no body check (MECCG-SEQ-10)")
                raise ScenarioError(f"{a.ally}'s strike after the attack ({RULE}) needs no "
                                    f"{'roll' if field == 'roll' else 'body-check roll'}: {why}; the file gives "
                                    f"{field}: {value}", file=scenario.file, path=f"{where}.{field}")
    return out
