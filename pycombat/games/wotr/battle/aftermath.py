"""What one end of a battle moves and changes: each Army's move (or that it stays) and the Political
Track step a Settlement's capture gives, with their rule ids (``replay``: the battle ends one way).

The moves, by the end (:data:`.process.KIND_TEXT`):

* the attacker ceases: his surviving units stay where they were (WOTR-END-2); a sortie's Army moves back
  into its Stronghold and the siege goes on (WOTR-SIEGE-6);
* the defender retreats: his entire Army moves to one adjacent free region, his choice among those
  listed (WOTR-END-3), a Level-0 Character stays behind (WOTR-END-5); the attacker may then advance;
* the defender retreats into his Stronghold: his figures are inside it, at most five Army units
  (WOTR-SITE-4, WOTR-SITE-5), and the attacker may advance into the region, besieging it (WOTR-SITE-4);
* the defending Army is eliminated: the attacker may move all or part of the attacking Army into the
  region, the rearguard never (WOTR-END-7); a winning sortie does not advance out of the region
  (WOTR-SIEGE-6); a relieving Army advances only once the besiegers are destroyed or gone
  (WOTR-SIEGE-7), the garrison then back in the region (WOTR-SITE-6);
* both Armies eliminated: nobody advances, nothing is captured (WOTR-END-9, WOTR-CAPT-6);
* otherwise both Armies stay (the attacking Army eliminated; a siege battle with both left, WOTR-SIEGE-4;
  the scenario's ``max_rounds``).

Each side (and a relief battle's garrison) has exactly one move at every end, an eliminated Army's
included, so :func:`aftermath_distribution` (``odds``) gives each side's moves as a distribution summing
to 1. Under ``stacking_check=trim_at_end`` a relieving Army that may advance advances whole, beside the
garrison back in the region, and the units above 10 are removed at the end of the action (WOTR-STACK-2,
:func:`.fates.stacking_removed`); under ``forbid_move`` the advance stops at 10 (WOTR-STACK-1).

The capture's political step is :func:`.consequences.politics_effect` at this end (WOTR-CAPT-1,
WOTR-POL-2), with the Settlement's Victory Points (WOTR-CAPT-3); so is the activation of a passive Free
Peoples Nation whose region the winning attacker may advance into, Settlement or not (WOTR-POL-1).
"""
from __future__ import annotations

from fractions import Fraction
from math import gcd

from pycombat.dice import as_json
from .fates import STACKING_LIMIT, stacking_removed, stacking_room
from .politics import VICTORY_POINTS, track_step_text
from .process import KIND_TEXT, exact_pair


class _OneEnd:
    """One end of a battle as the distribution :func:`.consequences.politics_effect` reads."""

    def __init__(self, kind: str):
        self.kind = kind

    def by_kind(self) -> dict[str, Fraction]:
        return {self.kind: Fraction(1)}


def aftermath(s, setup, outcome) -> dict:
    """``{end, moves: [{who, move, text, rules}], politics: [...]}`` at ``outcome`` (an end of the
    battle of scenario ``s`` with set-up ``setup``)."""
    from .consequences import politics_effect
    from .setup import retreat_region_names

    kind = outcome.kind
    here = s.battle_region.name
    there = s.attacker.region.name
    garrison = getattr(s, "garrison", None)
    stays = setup.besieger_stays  # a besieger's rearguard in the region (WOTR-CAPT-1, WOTR-SITE-6)
    moves = []

    filled = []  # the move of a side the ``moves`` above leave implicit (an eliminated Army, one that stays)

    def move(who, what, text, *rules):
        moves.append({"who": who, "move": what, "text": text, "rules": list(rules)})

    def also(who, what, text, *rules):
        filled.append({"who": who, "move": what, "text": text, "rules": list(rules)})

    if kind == "attack_ceased":
        move("attacker", "stays", f"the attacker's surviving units stay in {there}, where they were when the "
                                  "battle began", "WOTR-END-2")
        also("defender", "stays", f"the defending Army stays in {here}", "WOTR-END-1", "WOTR-END-2")
    elif kind == "sortie_returned":
        move("attacker", "back_into_stronghold", f"the sortie's Army moves back into the Stronghold of {here}; the "
                                                 "siege goes on", "WOTR-SIEGE-6")
        also("defender", "stays", f"the besieging Army stays in {here}: the siege goes on", "WOTR-SIEGE-6")
    elif kind == "defender_retreated":
        from ..characters import load_characters

        regions = retreat_region_names(s)
        where = ("to " + (regions[0] if len(regions) == 1 else "one of " + ", ".join(regions) + " (his choice)")
                 if regions else "to an adjacent free region")
        chars = load_characters().characters
        behind = [chars[c].name for c in s.defender.force.characters if chars[c].level == 0]
        if behind:
            move("defender", "retreats", f"the defender's entire Army moves {where}; {', '.join(behind)} "
                                         f"(Level 0) stays behind in {here}", "WOTR-END-3", "WOTR-END-5")
        else:
            move("defender", "retreats", f"the defender's entire Army moves {where}", "WOTR-END-3")
    elif kind == "retreated_into_siege":
        move("defender", "into_stronghold", f"the defender's figures are inside the Stronghold of {here} (at most "
                                            "five Army units, the others removed to the reinforcements)",
             "WOTR-SITE-4", "WOTR-SITE-5")
        move("attacker", "may_advance", f"the attacker may advance into {here} at once: the Stronghold is then "
                                        "under siege", "WOTR-SITE-4")
    elif kind == "both_destroyed" and stays:
        move("attacker", "rearguard_holds", f"the attacking part and the besieged Army are eliminated together; the "
                                            f"besieger's rearguard, out of the battle, is still in {here}: the "
                                            "Stronghold's defenders are eliminated with the besieger in the region",
             "WOTR-CAPT-1", "WOTR-SPLIT-4")
        also("defender", "eliminated", f"the besieged Army is eliminated in {here}, with the attacking part",
             "WOTR-CAS-7", "WOTR-END-1")
    elif kind == "both_destroyed":
        move("attacker", "none", "both Armies are eliminated: nobody advances and nothing is captured",
             "WOTR-END-9", "WOTR-CAPT-6")
        also("defender", "eliminated", f"the defending Army is eliminated in {here}, with the attacking Army",
             "WOTR-CAS-7", "WOTR-END-9")
    elif kind == "defender_holds" and stays:
        also("attacker", "rearguard_besieges", f"the attacking part is eliminated; the besieger's rearguard stays in "
                                               f"{here}: the siege goes on", "WOTR-CAS-7", "WOTR-SITE-6")
        move("defender", "besieged", f"the besieged Army stays in the Stronghold of {here}; the besieging Army is not "
                                     "completely eliminated (its rearguard is in the region): the siege goes on",
             "WOTR-SITE-6")
    elif kind == "defender_holds" and setup.kind == "siege":
        also("attacker", "eliminated", "the besieging Army is eliminated: the siege ends", "WOTR-CAS-7",
             "WOTR-SITE-6")
        move("defender", "stays", f"the defending Army stays in {here}; the besieging Army is eliminated: the siege "
                                  "ends and the besieged Army returns to the region", "WOTR-END-1", "WOTR-SITE-6")
    elif kind == "defender_holds":
        also("attacker", "eliminated", "the attacking Army is eliminated", "WOTR-CAS-7", "WOTR-END-1")
        move("defender", "stays", f"the defending Army stays in {here}; the attacking Army is eliminated",
             "WOTR-END-1")
    elif kind == "siege_goes_on":
        move("attacker", "stays", f"both Armies stay in {here}: the siege continues", "WOTR-SIEGE-4")
        also("defender", "besieged", f"the besieged Army stays in the Stronghold of {here}", "WOTR-SIEGE-4")
    elif kind == "round_limit":
        move("attacker", "stays", "both Armies stay where they are (the scenario's max_rounds stops the battle)")
        also("defender", "stays", f"the defending Army stays in {here} (the scenario's max_rounds stops the battle)")
    elif kind == "attacker_wins":
        also("defender", "eliminated", f"the defending Army is eliminated in {here}", "WOTR-CAS-7", "WOTR-END-1")
    room = stacking_room(s)
    stacking = None
    if kind in ("attacker_wins", "defender_retreated"):
        if setup.kind == "sortie":
            move("attacker", "stays", f"a winning sortie does not advance out of {here}", "WOTR-SIEGE-6")
        elif setup.kind == "siege":
            move("attacker", "stays", f"the besieger holds {here}: the Stronghold's defenders are eliminated",
                 "WOTR-CAPT-1")
        elif garrison is not None and room is not None:  # stacking_check=trim_at_end (WOTR-STACK-2)
            move("attacker", "advances", f"the besiegers are gone: the whole relieving Army advances into {here} "
                                         "(stacking_check=trim_at_end: the move is not limited; the rearguard never "
                                         f"advances) beside the garrison's {garrison.units} unit"
                                         f"{'s' if garrison.units != 1 else ''} back in the region; the units above "
                                         f"{STACKING_LIMIT} are removed at the end of the action and return to the "
                                         "reinforcements",
                 "WOTR-SIEGE-7", "WOTR-END-7", "WOTR-STACK-2")
            stacking = _stacking(s, setup, outcome, room, kind)
        elif garrison is not None:
            room = max(0, STACKING_LIMIT - garrison.units)
            move("attacker", "may_advance", f"the besiegers are gone: the relieving Army may advance into {here} "
                                            f"(optional, the rearguard never) with at most {room} "
                                            f"unit{'s' if room != 1 else ''} beside the garrison's {garrison.units} "
                                            f"(at most {STACKING_LIMIT} Army units a region)",
                 "WOTR-SIEGE-7", "WOTR-END-7", "WOTR-STACK-1")
        else:
            move("attacker", "may_advance", f"the attacker may move all or part of the attacking Army into {here} "
                                            "(optional, the rearguard never)", "WOTR-END-7")
    if garrison is not None:
        lifted = kind in ("attacker_wins", "defender_retreated", "both_destroyed")
        move("garrison", "back_in_region" if lifted else "besieged",
             f"the siege of {here} ends: the garrison returns to the region" if lifted else
             f"the garrison stays besieged in {here}", "WOTR-SITE-6")
    politics = []
    for row in politics_effect(s, _OneEnd(kind)):
        if row.get("entry"):
            politics.append(_entry_at_end(row))
            continue
        if "settlement" not in row:
            continue
        won = Fraction(row["p_region_won"]["exact"]) == 1
        cap, keep = row["track"]["captured"], row["track"]["not_captured"]
        if row.get("recapture"):
            politics.append(_recapture_at_end(row, won, setup.kind, kind))
            continue
        if not won:
            text = (f"{row['settlement']} ({row['kind']}) is not captured: the garrison was not eliminated with the "
                    "besieger left in the region" if row.get("captor") == "defender" else
                    f"{row['settlement']} ({row['kind']}) is not captured: its defenders were eliminated, but so was "
                    "the whole besieging Army: nobody is left in the region to capture it"
                    if setup.kind == "siege" and kind == "both_destroyed" else
                    f"{row['settlement']} ({row['kind']}) is not captured: its defenders were not eliminated with the "
                    "besieger left in the region" if setup.kind == "siege" else
                    f"{row['settlement']} ({row['kind']}) is not captured: the attacker did not win the region")
        else:
            how = ("captured by the besieger (the whole garrison sortied and was eliminated, the besieger in the "
                   "region)" if row.get("captor") == "defender" else
                   "captured (its defenders eliminated, the besieger in the region)" if setup.kind == "siege" else
                   "captured if the attacker advances into it (optional)")
            if row["kind"] == "stronghold" and setup.kind != "siege" and row.get("captor") != "defender":
                how += "; a Stronghold still holding enemy units is besieged instead"
            step = track_step_text(row["nation"], keep["steps"], keep["active"], cap["steps"], cap["active"])
            vp = VICTORY_POINTS.get(row["kind"], 0)
            text = (f"{row['settlement']} ({row['kind']}) {how}: {step}; worth {vp} Victory "
                    f"Point{'s' if vp != 1 else ''} to the captor")
        # the entry's and the track's rules are the capture's: a region not won is neither entered nor captured
        rules = row["rules"] + ["WOTR-CAPT-3"] if won else \
            [r for r in row["rules"] if r not in ("WOTR-POL-1", "WOTR-POL-6", "WOTR-POL-7")] + (
                ["WOTR-END-9", "WOTR-CAPT-6"] if setup.kind == "siege" and kind == "both_destroyed" else [])
        politics.append({"nation": row["nation"], "settlement": row["settlement"], "kind": row["kind"],
                         "region_won": won, "track_if_captured": cap, "track_otherwise": keep,
                         "victory_points": VICTORY_POINTS.get(row["kind"], 0) if won else 0,
                         "text": text, "rules": rules})
    roles = ("attacker", "defender") + (("garrison",) if garrison is not None else ())
    each = {who: next(m for m in moves + filled if m["who"] == who) for who in roles}
    out = {"end": kind, "end_text": KIND_TEXT[kind], "moves": moves, "politics": politics,
           "each_side": {who: {k: v for k, v in m.items() if k != "who"} for who, m in each.items()}}
    if stacking is not None:
        out["stacking"] = stacking
    return out


def _recapture_at_end(row: dict, won: bool, battle: str, kind: str) -> dict:
    """At one end: the original owner's Army takes back its Settlement (WOTR-CAPT-4): the Control marker
    removed and the Victory Points it gave lost by the side that held it, or not (the region not won)."""
    name = f"{row['settlement']} ({row['kind']})"
    from ..board import SIDE_NAMES

    loser = SIDE_NAMES[row["controlled_by"]]
    vp = VICTORY_POINTS.get(row["kind"], 0)
    if won:
        how = ("recaptured (its defenders eliminated, the besieger in the region)" if battle == "siege" else
               "recaptured if the attacker advances into it (optional)")
        if row["kind"] == "stronghold" and battle != "siege":
            how += "; a Stronghold still holding enemy units is besieged instead"
        text = (f"{name} {how}: its Control marker is removed and the {loser} loses the {vp} Victory "
                f"Point{'s' if vp != 1 else ''} it gave; {row['nation']}'s counter does not move")
        rules = list(row["rules"])
    else:
        mutual = battle == "siege" and kind == "both_destroyed"
        text = (f"{name} is not recaptured: its defenders were eliminated, but so was the whole besieging Army"
                if mutual else
                f"{name} is not recaptured: its defenders were not eliminated with the besieger left in the region"
                if battle == "siege" else f"{name} is not recaptured: the attacker did not win the region")
        text += f"; it stays controlled by the {loser}"
        rules = [r for r in row["rules"] if r not in ("WOTR-CAPT-3", "WOTR-MOVE-3")] + (
            ["WOTR-END-9", "WOTR-CAPT-6"] if mutual else [])
    return {"nation": row["nation"], "settlement": row["settlement"], "kind": row["kind"], "region_won": won,
            "recapture": True, "track_if_captured": row["track"]["captured"],
            "track_otherwise": row["track"]["not_captured"], "victory_points": 0,
            "victory_points_lost": {"side": row["controlled_by"], "points": vp if won else 0},
            "text": text, "rules": rules}


def _entry_at_end(row: dict) -> dict:
    """At one end: the winning attacker's optional advance into a passive Free Peoples Nation's region
    activates it (WOTR-POL-1), no step on its counter; an end without the advance enters nothing."""
    won = Fraction(row["p_region_won"]["exact"]) == 1
    ent, keep = row["track"]["entered"], row["track"]["not_entered"]
    text = (f"if the attacker advances into {row['region']} (optional): {row['nation']} becomes active; its counter "
            f"stays {keep['steps']} step{'s' if keep['steps'] != 1 else ''} from At War" if won else
            f"{row['region']} is not entered: the attacker did not win the region; {row['nation']} stays passive")
    return {"nation": row["nation"], "region": row["region"], "entry": True, "region_won": won,
            "track_if_entered": ent, "track_otherwise": keep, "text": text,
            "rules": row["rules"] if won else ["WOTR-END-7"]}


def _stacking(s, setup, outcome, room: int, kind: str) -> dict:
    """The advancing relief and the garrison in the region at the end of the action, and the units removed
    over the limit (WOTR-STACK-2), per Nation."""
    from ..board import load_nations

    nations = load_nations().nations
    units = outcome.attacker
    removed = stacking_removed(units, room, kind)
    garrison = s.garrison.units
    advancing = sum(r + e for r, e in units)
    n = sum(r + e for r, e in removed)
    names = setup.attacker.nations
    parts = [f"{k} {label}{'s' if k != 1 else ''} of {nations[nat].name}"
             for nat, (r, e) in zip(names, removed) for k, label in ((r, "Regular"), (e, "Elite")) if k]
    text = (f"{advancing} advancing unit{'s' if advancing != 1 else ''} and the garrison's {garrison} in "
            f"{s.battle_region.name}: {advancing + garrison}, "
            + (f"{n} above the limit of {STACKING_LIMIT} removed ({', '.join(parts)}) and back to the "
               "reinforcements" if n else f"within the limit of {STACKING_LIMIT}"))
    return {"region": s.battle_region.name, "advancing_units": advancing, "garrison_units": garrison,
            "limit": STACKING_LIMIT, "removed": [list(x) for x in removed], "removed_units": n, "text": text,
            "rules": ["WOTR-STACK-1", "WOTR-STACK-2"]}


def aftermath_distribution(s, setup, outcomes, numerators: tuple | None = None, memo: dict | None = None) -> dict:
    """Over the end positions ``outcomes`` (Outcome -> exact probability): each side's move after the battle
    with its probability (one move per side at every end: a distribution summing to the total), the
    capture's political step (region won or not), and under ``stacking_check=trim_at_end`` an advancing
    relief's units removed over the limit (WOTR-STACK-2): the chance of each number and the expected one.
    ``numerators``: the same end positions as ``(D, ((outcome, n), ...))``, each probability ``n / D``
    (:meth:`.process.BattleResult.numerators`), when the caller has them. ``memo``: :func:`aftermath` by kind of
    end (with the keys its moves and political step are summed under), for the distributions of one scenario
    and set-up (e.g. one per casualty policy; an end whose moves depend on its units, a relief's advance over
    the stacking limit, is worked out every time)."""
    # summed as integer numerators over a common denominator, made Fractions at the end
    if numerators is not None:
        den, weighted = numerators
    else:
        den = 1
        for p in outcomes.values():
            den = den * p.denominator // gcd(den, p.denominator)
        weighted = tuple((o, p.numerator * (den // p.denominator)) for o, p in outcomes.items())
    moves: dict[str, dict[tuple, int]] = {}
    texts: dict[tuple, dict] = {}
    politics: dict[tuple, int] = {}
    removed: dict[int, int] = {}
    by_kind: dict[str, tuple] = {} if memo is None else memo  # kind -> (aftermath, its moves' keys, politics')
    total = 0
    for o, n in weighted:
        total += n
        got = by_kind.get(o.kind)
        if got is None or "stacking" in got[0]:
            info = aftermath(s, setup, o)
            got = by_kind[o.kind] = (info, [(who, (who, m["move"], m["text"], tuple(m["rules"])), m)
                                            for who, m in info["each_side"].items()],
                                     [((row.get("settlement", row.get("region")), row["region_won"], row["text"]),
                                       row) for row in info["politics"]])
        info, side_keys, politics_keys = got
        for who, key, m in side_keys:
            texts[key] = m
            side = moves.get(who)
            if side is None:
                side = moves[who] = {}
            side[key] = side.get(key, 0) + n
        for key, row in politics_keys:
            texts[key] = row
            politics[key] = politics.get(key, 0) + n
        if "stacking" in info:
            k = info["stacking"]["removed_units"]
            removed[k] = removed.get(k, 0) + n

    def p_json(q: int) -> dict:  # as_json(Fraction(q, den)), from the numerator (process.exact_pair)
        exact, decimal = exact_pair(q, den)
        return {"exact": exact, "decimal": decimal}

    moves = {who: moves[who] for who in ("attacker", "defender", "garrison") if who in moves}
    out: dict = {"moves": {who: [{"move": texts[k]["move"], "text": texts[k]["text"], "rules": texts[k]["rules"],
                                  "p": p_json(q)} for k, q in rows.items()] for who, rows in moves.items()},
                 "politics": [dict(texts[k], p=p_json(q)) if texts[k].get("entry") else
                              {"settlement": texts[k]["settlement"], "nation": texts[k]["nation"],
                               "kind": texts[k]["kind"], "region_won": texts[k]["region_won"],
                               "victory_points": texts[k]["victory_points"],
                               "track_if_captured": texts[k]["track_if_captured"],
                               "track_otherwise": texts[k]["track_otherwise"], "text": texts[k]["text"],
                               "rules": texts[k]["rules"], "p": p_json(q),
                               **{f: texts[k][f] for f in ("recapture", "victory_points_lost") if f in texts[k]}}
                              for k, q in politics.items()],
                 "total": p_json(total)}
    if removed:
        removed = {k: Fraction(q, den) for k, q in removed.items()}
        total = Fraction(total, den)
        rest = total - sum(removed.values(), Fraction(0))  # the ends without an advance: nothing removed
        if rest:
            removed[0] = removed.get(0, Fraction(0)) + rest
        out["stacking"] = {"removed_units": {str(n): as_json(q) for n, q in sorted(removed.items())},
                           "expected_removed": as_json(sum((n * q for n, q in removed.items()), Fraction(0))),
                           "rules": ["WOTR-STACK-1", "WOTR-STACK-2"]}
    return out


def distribution_lines(dist: dict, policy: str) -> list[str]:
    """:func:`aftermath_distribution` as text: each side's moves with their exact chance, the capture's step,
    the stacking limit's removals."""
    out = [f"After the battle ({policy}; each side's move with its exact chance):"]
    for who, rows in dist["moves"].items():
        for m in rows:
            out.append(f"  {who} {_chance(m['p'])}: {m['text']}" + (f" ({', '.join(m['rules'])})" if m["rules"] else ""))
    for row in dist["politics"]:
        out.append(f"  politics {_chance(row['p'])}: {row['text']} ({', '.join(row['rules'])})")
    st = dist.get("stacking")
    if st:
        out.append("  over the stacking limit, units removed: " + ", ".join(
            f"{n}: {_chance(q)}" for n, q in st["removed_units"].items())
            + f"; expected {_chance(st['expected_removed'])} ({', '.join(st['rules'])})")
    return out


def _chance(p: dict) -> str:
    """``n/d (0.dddddd)`` when the fraction is short, else the decimal (a chance below one in a million in
    scientific notation, never shown as 0)."""
    exact = p["exact"][:-2] if p["exact"].endswith("/1") else p["exact"]
    v = Fraction(p["exact"])
    dec = f"{float(v):.6f}" if v == 0 or v >= Fraction(1, 10 ** 6) else f"{float(v):.2e}"
    return f"{exact} ({dec})" if len(exact) <= 21 else dec


def aftermath_lines(info: dict) -> list[str]:
    """The moves and the political step as text lines."""
    out = ["After the battle:"]
    told = {m["who"] for m in info["moves"]}
    for m in info["moves"] + [dict(m, who=who) for who, m in info.get("each_side", {}).items() if who not in told]:
        out.append(f"  {m['who']}: {m['text']}" + (f" ({', '.join(m['rules'])})" if m["rules"] else ""))
    for p in info["politics"]:
        out.append(f"  politics: {p['text']} ({', '.join(p['rules'])})")
    if "stacking" in info:
        st = info["stacking"]
        out.append(f"  stacking: {st['text']} ({', '.join(st['rules'])})")
    return out
