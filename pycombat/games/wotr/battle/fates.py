"""Where the figures go (WOTR-CAS-5..7, WOTR-END-3/5, WOTR-SITE-4/5, WOTR-CARDX-3).

For every starting figure of both sides, its fate at the end of the battle:

* Army units that survive stay with their Army (``with_army``; after a retreat ``retreated``, inside
  the Stronghold after a retreat into a siege, WOTR-SITE-4; a sortie's Army that ceases moves back
  into its Stronghold, ``back_in_stronghold``, WOTR-SIEGE-6); a besieged Army's figures stay inside the
  Stronghold, still besieged, while the besieging Army keeps units in the region (``besieged``: the siege
  battle ends with units on both sides, or only the attacking part is eliminated and the rearguard stays,
  WOTR-SIEGE-4), and are back in the region, the siege over, when the whole besieging Army is eliminated
  (``siege_lifted``, WOTR-SITE-6);
* eliminated Regulars and Elites (removed, or an Elite replaced by a Regular) go to the casualties,
  out of the game, for the Free Peoples, and back to the reinforcements for the Shadow (WOTR-CAS-5/6;
  a Free Peoples casualty may come back only as a replacement Regular). Replacement Regulars that
  joined are not starting figures and are counted apart (``replacements_joined``);
* under ``stacking_check=trim_at_end`` (WOTR-STACK-2) a relieving Army that wins advances whole into the
  region its garrison returns to (WOTR-SIEGE-7, WOTR-SITE-6): the units above 10 there are removed at the end
  of the action and return to the reinforcements, Free Peoples units too (RB p.26), their owner's Regulars
  first (``removed_over_stacking_limit``, apart from the casualties; under ``forbid_move`` the advance itself
  stops at 10, WOTR-STACK-1, and nothing is removed);
* Leaders, Nazgûl and Characters go with the Army's last unit (WOTR-CAS-7): Free Peoples Leaders
  out of the game, Nazgûl to the reinforcements (they may re-enter), Companions and Minions
  eliminated for good; a Combat card may eliminate one earlier (WOTR-CARDX-3); a Level-0 Character
  stays behind when his Army retreats (WOTR-END-5).

:func:`outcome_fates` gives the fates at one end of a battle (``replay``); :func:`fate_distribution`
the exact distribution over the end positions of ``odds`` (per figure: the probability of each fate,
summing to 1; per group: the expected number in each fate, summing to the figures).
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm

from pycombat.dice import as_json
from pycombat.in_force import in_force
from ..board import load_nations
from ..characters import load_characters
from .process import exact_pair, exact_pairs

RULES = {"with_army": "WOTR-END-1", "retreated": "WOTR-END-3", "in_stronghold": "WOTR-SITE-4",
         "casualties_out_of_game": "WOTR-CAS-6", "reinforcements": "WOTR-CAS-6",
         "out_of_game": "WOTR-CAS-7", "eliminated": "WOTR-CAS-7", "left_behind": "WOTR-END-5",
         "eliminated_by_card": "WOTR-CARDX-3", "left_out_of_the_siege": "WOTR-SITE-5"}
#: the fate of a sortie's figures when it ceases (listed with the rules only where it occurs)
BACK_IN = {"back_in_stronghold": "WOTR-SIEGE-6"}
#: units removed because their region holds more than 10 at the end of the action (WOTR-STACK-2, listed with
#: the rules only where it occurs)
STACKED = {"removed_over_stacking_limit": "WOTR-STACK-2"}
#: Army units a region holds (WOTR-STACK-1)
STACKING_LIMIT = 10
#: the ends after which the attacker may advance into the battle region (WOTR-END-7)
ADVANCING = ("attacker_wins", "defender_retreated")
#: a relief battle's garrison (``battle.garrison``, WOTR-SIEGE-7: it does not fight): the siege ends when the
#: besieging Army is eliminated or leaves the region, and the garrison returns to the region (WOTR-SITE-6);
#: otherwise it stays besieged (listed with the rules only where there is a garrison)
GARRISON = {"siege_lifted": "WOTR-SITE-6", "besieged": "WOTR-SITE-6"}
#: the ends of a relief battle that lift the siege: the besiegers eliminated (also with the relieving Army,
#: WOTR-END-9) or retreated out of the region (WOTR-END-3)
LIFTED = ("attacker_wins", "defender_retreated", "both_destroyed")
#: the fates of a siege battle's besieged Army (listed with the rules only where they occur): still inside the
#: Stronghold while the besieger has units in the region (WOTR-SIEGE-4), back in the region once the whole
#: besieging Army is eliminated (WOTR-SITE-6)
BESIEGED = {"besieged": "WOTR-SIEGE-4", "siege_lifted": "WOTR-SITE-6"}
ROLES = ("attacker", "defender", "garrison")


def stacking_room(s) -> int | None:
    """The Army units a relieving Army keeps when it advances, under ``stacking_check=trim_at_end``: the
    garrison returns to the region when the siege ends (WOTR-SITE-6), so 10 less the garrison's units are
    kept and the rest is removed at the end of the action (WOTR-STACK-2). None when no advance can take a
    region over 10 (no garrison: the battle region is empty after the defender), or under ``forbid_move``
    (the advance stops at 10, WOTR-STACK-1)."""
    garrison = getattr(s, "garrison", None)
    if garrison is None or s.kind != "field" or s.flags.get("stacking_check") != "trim_at_end" \
            or not in_force("WOTR-STACK-2"):
        return None
    return max(0, STACKING_LIMIT - garrison.units)


def stacking_removed(units_end, room: int | None, kind: str) -> tuple[tuple[int, int], ...]:
    """Per contingent, the ``(Regulars, Elites)`` removed over the stacking limit at an end of ``kind``
    (WOTR-STACK-2): the units above ``room``, Regulars first, contingent by contingent (the owner keeps his
    Elites); none where the Army does not advance."""
    excess = (max(0, sum(r + e for r, e in units_end) - room)
              if room is not None and kind in ADVANCING else 0)
    if not excess:
        return ((0, 0),) * len(units_end)
    out = []
    for r, _ in units_end:
        k = min(r, excess)
        excess -= k
        out.append([k, 0])
    for row, (_, e) in zip(out, units_end):
        k = min(e, excess)
        excess -= k
        row[1] = k
    return tuple((r, e) for r, e in out)


def besieged_defender(s, attacking) -> bool | None:
    """None unless the defender is a besieged Army in a siege battle (WOTR-SIEGE-1); then whether the besieger
    keeps Army units in the region out of the battle (its rearguard, :func:`..setup.besieger_keeps_units`), so
    that the siege goes on even if the attacking part is eliminated (WOTR-SITE-6)."""
    if s.kind != "siege":
        return None
    from .setup import besieger_keeps_units

    return besieger_keeps_units(s, attacking)


def _besieged_where(kind: str, rearguard: bool) -> str:
    """Where a besieged Army's surviving figures are at an end of ``kind``: back in the region when the whole
    besieging Army is eliminated (WOTR-SITE-6), else still besieged in the Stronghold (WOTR-SIEGE-4)."""
    return "siege_lifted" if kind == "defender_holds" and not rearguard else "besieged"


def garrison_fates(garrison, kind: str) -> list[dict]:
    """The garrison's figures at an end of ``kind``: all back in the region or all still besieged."""
    chars = load_characters().characters
    nations = load_nations().nations
    fate = "siege_lifted" if kind in LIFTED else "besieged"
    out = []
    for c in _nonempty(garrison):
        name = nations[c.nation].name
        for label, n in (("Regular", c.regulars), ("Elite", c.elites), ("Leader", c.leaders)):
            if n:
                out.append({"figure": f"{name} {label}", "count": n, "fates": {fate: n}})
    if garrison.nazgul:
        out.append({"figure": "Nazgûl", "count": garrison.nazgul, "fates": {fate: garrison.nazgul}})
    for ch in garrison.characters:
        out.append({"figure": chars[ch].name, "count": 1, "fates": {fate: 1}})
    return out


def _nonempty(force):
    return [c for c in force.contingents if not c.is_empty()]


def _side_fates(role: str, side: str, force, units_end, kind: str, lost_figs: tuple[str, ...],
                left_out=(), room: int | None = None, besieged: bool | None = None) -> list[dict]:
    """Each figure group's fates on one side at an end position, as ``{figure, count, fates}`` (and
    ``replacements_joined`` for Regulars): :func:`_side_rows` as dicts."""
    return [{"figure": fig, "count": n, "fates": dict(fates),
             **({"replacements_joined": joined} if joined is not None else {})}
            for fig, n, fates, joined in _side_rows(role, side, _nonempty(force), force, units_end, kind,
                                                    lost_figs, left_out, room, besieged)]


def _side_rows(role: str, side: str, contingents, force, units_end, kind: str, lost_figs: tuple[str, ...],
               left_out=(), room: int | None = None, besieged: bool | None = None) -> list[tuple]:
    """:func:`_side_fates` as ``(figure, count, ((fate, number), ...), replacements joined)`` rows (the
    fates of number zero left out; the Regulars' replacements joined, else None), ``contingents`` the
    force's non-empty ones (:func:`_nonempty`). ``besieged``: None, or the side is a besieged Army in a siege
    battle and this says whether the besieger keeps a rearguard in the region (:func:`besieged_defender`)."""
    chars = load_characters().characters
    nations = load_nations().nations
    army_gone = not any(map(any, units_end))
    retreat = role == "defender" and kind == "defender_retreated"
    siege = role == "defender" and kind == "retreated_into_siege"
    back = role == "attacker" and kind == "sortie_returned"  # WOTR-SIEGE-6
    where = "retreated" if retreat else "in_stronghold" if siege else "back_in_stronghold" if back else "with_army"
    if besieged is not None and role == "defender":  # a besieged Army never leaves its Stronghold but by a sortie
        where = _besieged_where(kind, besieged)
    lost_unit = "casualties_out_of_game" if side == "free_peoples" else "reinforcements"
    out = []
    card_leaders = lost_figs.count("leader") if lost_figs else 0
    outs = (list(left_out) + [(0, 0)] * (len(contingents) - len(left_out)) if left_out
            else _NO_UNITS * len(contingents))
    # an advancing relief's units above the stacking limit (WOTR-STACK-2), the attacker's only
    stacked = stacking_removed(units_end, room if role == "attacker" else None, kind)
    for c, (r, e), (lr, le), (sr, se) in zip(contingents, units_end, outs, stacked):
        name = nations[c.nation].name
        # units above five left out of the Stronghold go to the reinforcements (WOTR-SITE-5), and units above
        # ten removed at the end of the action too (WOTR-STACK-2), apart from the battle's casualties; the
        # starting Regulars are counted as kept first, so a Regular left out or removed may be a replacement
        if c.regulars or r or lr:
            kept = min(c.regulars, r - sr)
            gone_out = min(lr, c.regulars - kept)
            over = min(sr, c.regulars - kept - gone_out)
            out.append((f"{name} Regular", c.regulars,
                        _nonzero(((where, kept), ("left_out_of_the_siege", gone_out),
                                  ("removed_over_stacking_limit", over),
                                  (lost_unit, c.regulars - kept - gone_out - over))),
                        max(0, r + lr - c.regulars)))
        if c.elites:
            out.append((f"{name} Elite", c.elites,
                        _nonzero(((where, e - se), ("left_out_of_the_siege", le), ("removed_over_stacking_limit", se),
                                  (lost_unit, c.elites - e - le))), None))
        if c.leaders:
            by_card = min(card_leaders, c.leaders)
            card_leaders -= by_card
            rest = c.leaders - by_card
            out.append((f"{name} Leader", c.leaders,
                        _nonzero((("eliminated_by_card", by_card), ("out_of_game" if army_gone else where, rest))),
                        None))
    if force.nazgul:
        by_card = lost_figs.count("nazgul") if lost_figs else 0
        rest = force.nazgul - by_card
        f = (("reinforcements", by_card + (rest if army_gone else 0)),) + (() if army_gone else ((where, rest),))
        out.append(("Nazgûl", force.nazgul, _nonzero(f), None))
    for ch in force.characters:
        c = chars[ch]
        if ch in lost_figs:
            fate = "eliminated_by_card"
        elif army_gone:
            fate = "eliminated"
        elif retreat and c.level == 0:
            fate = "left_behind"
        else:
            fate = where
        out.append((c.name, 1, ((fate, 1),), None))
    return out


_NO_UNITS = ((0, 0),)


def _nonzero(pairs: tuple) -> tuple:
    """The ``(fate, number)`` pairs of a non-zero number, in order (as a dict of them filtered keeps them:
    the fates of one row are distinct)."""
    return tuple(p for p in pairs if p[1])


def outcome_fates(s, attacking, outcome, lost=((), ())) -> dict:
    """``{attacker: [...], defender: [...], rules}``: each figure group's fates at ``outcome``."""
    out = {"attacker": _side_fates("attacker", s.attacker.side, attacking, outcome.attacker, outcome.kind, lost[0],
                                   room=stacking_room(s)),
           "defender": _side_fates("defender", s.defender.side, s.defender.force, outcome.defender, outcome.kind,
                                   lost[1], getattr(outcome, "left_out", ()),
                                   besieged=besieged_defender(s, attacking)),
           "rules": {**RULES, **BACK_IN} if outcome.kind == "sortie_returned" else RULES}
    if any(k in BESIEGED for row in out["defender"] for k in row["fates"]):
        out["rules"] = {**out["rules"], **BESIEGED}
    if any("removed_over_stacking_limit" in row["fates"] for row in out["attacker"]):
        out["rules"] = {**out["rules"], **STACKED}
    garrison = getattr(s, "garrison", None)
    if garrison is not None:
        out["garrison"] = garrison_fates(garrison, outcome.kind)
        out["rules"] = {**out["rules"], **GARRISON}
    return out


def fate_distribution(s, attacking, joint) -> dict:
    """``joint``: (lost_a, lost_d) -> {Outcome: p}. Per side and figure group: the exact probability
    of each fate per figure and the expected number of figures in each fate."""
    return fate_json(fate_totals(s, attacking, joint))


def fate_json(totals: dict) -> dict:
    """:func:`fate_totals` as JSON (what :func:`fate_distribution` returns)."""
    return rows_json(fate_rows(totals))


def fate_rows(totals: dict) -> tuple:
    """:func:`fate_totals` per figure group, rendered for JSON once (:func:`pycombat.dice.as_json`'s
    ``exact`` and ``decimal``): ``(role, figure, count, ((fate, expected number, probability per
    figure), ...), expected replacement Regulars joined or None)``."""
    def render(p):
        j = as_json(p)
        return j["exact"], j["decimal"]

    def fates(count, expected):
        out = []
        for k, v in expected.items():
            e = render(v)  # one figure: its chance is its expected number
            out.append((k, e, (e if count == 1 else render(v / count)) if count else None))
        return tuple(out)

    return tuple((role, fig, slot["count"], fates(slot["count"], slot["expected"]),
                  render(slot["replacements_joined"]) if slot.get("replacements_joined") else None)
                 for (role, fig), slot in totals.items())


def rows_json(rows: tuple) -> dict:
    """:func:`fate_rows` as JSON (new dicts every time)."""
    back = any(k in BACK_IN for _, _, _, fates, _ in rows for k, _, _ in fates)
    out: dict = {"attacker": [], "defender": [], "rules": {**RULES, **BACK_IN} if back else RULES}
    if any(k in STACKED for _, _, _, fates, _ in rows for k, _, _ in fates):
        out["rules"] = {**out["rules"], **STACKED}
    if any(k in BESIEGED for role, _, _, fates, _ in rows if role == "defender" for k, _, _ in fates):
        out["rules"] = {**out["rules"], **BESIEGED}
    if any(role == "garrison" for role, *_ in rows):
        out["garrison"] = []
        out["rules"] = {**out["rules"], **GARRISON}
    for role, fig, n, fates, joined in rows:
        out[role].append({"figure": fig, "count": n,
                          "expected": {k: {"exact": e[0], "decimal": e[1]} for k, e, _ in fates},
                          "per_figure": {k: {"exact": q[0], "decimal": q[1]} for k, _, q in fates} if n else {},
                          **({"replacements_joined": {"exact": joined[0], "decimal": joined[1]}} if joined else {})})
    return out


def result_fate_rows(s, attacking, result, memo: dict | None = None) -> tuple:
    """:func:`fate_rows` of a battle fought without named Combat cards (``result``: its
    :class:`~.process.BattleResult`), kept with the result: the fates depend on the sides, the two
    fighting forces and the end positions only (``memo``: see :func:`fate_totals`)."""
    key = ("fates", s.attacker.side, s.defender.side, attacking, s.defender.force, getattr(s, "garrison", None),
           stacking_room(s), besieged_defender(s, attacking))
    def make():
        den, nums = result.numerators()  # the outcomes' numerators over a common denominator, made once
        return _int_fate_rows(_summed(s, attacking, den, (((), (), o, n) for o, n in nums), memo, integers=True),
                              den)

    return result.derived(key, make)


def fate_totals(s, attacking, joint, memo: dict | None = None) -> dict:
    """The expected fates as exact Fractions: (role, figure) -> {"count": figures, "expected": {fate:
    expected number}} (what :func:`fate_distribution` writes as JSON). Summed in integers over the
    probabilities' least common denominator; each total is made a Fraction once, at the end.

    Each side's fates at an end position depend on its units left, whether the kind of end moves its
    figures (a retreat, a retreat into the Stronghold, a sortie back in it) and the figures a card
    eliminated only (its *key*): the end positions' weights are first summed per key, and each
    key's rows are worked out once, in ``memo`` (pass the same dict for several distributions of the
    same scenario and attacking force, e.g. one per casualty policy), and counted once with the
    key's total weight. The rows and their fates come in the order in which the end positions meet
    them (end position by end position, the attacker's rows, the defender's, the garrison's)."""
    den = lcm(*(p.denominator for outs in joint.values() for p in outs.values()))
    return _summed(s, attacking, den, ((lost[0], lost[1], o, p.numerator * (den // p.denominator))
                                       for lost, outs in joint.items() for o, p in outs.items()), memo)


#: the kinds of end that change where a side's figures go (:func:`_side_fates`); the others leave them with
#: their Army (or gone with its last unit)
_ATTACKER_KINDS = ("sortie_returned",)
_DEFENDER_KINDS = ("defender_retreated", "retreated_into_siege")


def _summed(s, attacking, den: int, weighted, memo: dict | None, integers: bool = False) -> dict:
    """:func:`fate_totals` from ``(cards' eliminations of the attacker, of the defender, end position,
    numerator over den)``, in the end positions' order (``integers``: each expected number left as its
    numerator over ``den``)."""
    memo = {} if memo is None else memo
    garrison = getattr(s, "garrison", None)
    # an advancing relief may lose units over the stacking limit (WOTR-STACK-2): its advancing ends keep their kind
    moving = _ATTACKER_KINDS + (ADVANCING if stacking_room(s) is not None else ())
    # a besieged Army's figures are back in the region only when the besieging Army is eliminated (WOTR-SITE-6)
    staying = _DEFENDER_KINDS + (("defender_holds",) if besieged_defender(s, attacking) is not None else ())
    weight: dict = {}  # key -> the summed numerators of the end positions it belongs to, in the order met
    for lost_a, lost_d, o, w in weighted:
        kind = o.kind
        for key in (("attacker", o.attacker, kind if kind in moving else "", lost_a),
                    ("defender", o.defender, kind if kind in staying else "", lost_d,
                     getattr(o, "left_out", ())),
                    ("garrison", kind)):
            weight[key] = weight.get(key, 0) + w
    acc: dict = {}
    for key, w in weight.items():
        for slot_key, count, fates, joined in _key_rows(s, attacking, garrison, key, memo):
            slot = acc.get(slot_key)
            if slot is None:
                slot = acc[slot_key] = {"count": count, "expected": {}}
            expected = slot["expected"]
            for fate, n in fates:
                expected[fate] = expected.get(fate, 0) + w * n
            if joined:  # replacement Regulars from the reinforcements (WOTR-CAS-5), counted apart
                slot["replacements_joined"] = slot.get("replacements_joined", 0) + w * joined
    if not integers:
        for slot in acc.values():
            slot["expected"] = {fate: Fraction(v, den) for fate, v in slot["expected"].items()}
            if "replacements_joined" in slot:
                slot["replacements_joined"] = Fraction(slot["replacements_joined"], den)
    return acc


def _int_fate_rows(totals: dict, den: int) -> tuple:
    """:func:`fate_rows` of :func:`_summed`'s totals left as numerators over ``den`` (the same rows: each
    figure rendered as ``as_json`` renders the reduced Fraction, :func:`_exact`)."""
    def fates(count, expected):
        out = []
        for k, v in expected.items():
            if count:  # the expected number, and one figure's chance: the expected number over the figures
                out.append((k, *exact_pairs(v, den, count)))
            else:
                out.append((k, exact_pair(v, den), None))
        return tuple(out)

    return tuple((role, fig, slot["count"], fates(slot["count"], slot["expected"]),
                  exact_pair(slot["replacements_joined"], den) if slot.get("replacements_joined") else None)
                 for (role, fig), slot in totals.items())


def _key_rows(s, attacking, garrison, key: tuple, memo: dict) -> tuple:
    """The rows of :func:`outcome_fates` of one side at an end position, from its key (see
    :func:`fate_totals`), each row as ``((role, figure), count, ((fate, n), ...))``, kept in ``memo``."""
    rows = memo.get(key)
    if rows is None:
        role = key[0]
        if role == "garrison":
            made = garrison_fates(garrison, key[1]) if garrison is not None else []
            rows = memo[key] = tuple(((role, row["figure"]), row["count"], tuple(row["fates"].items()), 0)
                                     for row in made)
            return rows
        force = attacking if role == "attacker" else s.defender.force
        side = s.attacker.side if role == "attacker" else s.defender.side
        # the force's non-empty contingents, once per memo (the memo is of one scenario and attacking force)
        held = memo.get(("contingents", role))
        if held is None or held[0] is not force:
            held = memo[("contingents", role)] = (force, _nonempty(force))
        if role == "attacker":
            made = _side_rows("attacker", side, held[1], force, key[1], key[2], key[3], room=stacking_room(s))
        else:
            made = _side_rows("defender", side, held[1], force, key[1], key[2], key[3], key[4],
                              besieged=besieged_defender(s, attacking))
        rows = memo[key] = tuple(((role, fig), n, fates, joined or 0) for fig, n, fates, joined in made)
    return rows


def outcome_fate_lines(fates: dict) -> list[str]:
    """:func:`outcome_fates` as text: each figure group's fates, with the rule of each (the heading cites
    none: each line carries the rules of the fates it gives)."""
    rules = fates["rules"]
    out = ["Where the figures go:"]
    for role in ROLES:
        for row in fates.get(role, ()):
            parts = [f"{k.replace('_', ' ')} {v} ({rules[k]})" for k, v in row["fates"].items()]
            joined = row.get("replacements_joined", 0)
            extra = (f"; {joined} replacement Regular{'s' if joined != 1 else ''} joined from the reinforcements "
                     "(WOTR-CAS-5)" if joined else "")
            out.append(f"  {role} {row['figure']} x{row['count']}: " + ", ".join(parts) + extra)
    return out
