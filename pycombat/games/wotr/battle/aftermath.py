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

The capture's political step is :func:`.consequences.politics_effect` at this end (WOTR-CAPT-1,
WOTR-POL-2), with the Settlement's Victory Points (WOTR-CAPT-3).
"""
from __future__ import annotations

from fractions import Fraction

from .process import KIND_TEXT

#: Victory Points a captured Settlement is worth to its captor (WOTR-CAPT-3)
VICTORY_POINTS = {"city": 1, "stronghold": 2, "town": 0}


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
    moves = []

    def move(who, what, text, *rules):
        moves.append({"who": who, "move": what, "text": text, "rules": list(rules)})

    if kind == "attack_ceased":
        move("attacker", "stays", f"the attacker's surviving units stay in {there}, where they were when the "
                                  "battle began", "WOTR-END-2")
    elif kind == "sortie_returned":
        move("attacker", "back_into_stronghold", f"the sortie's Army moves back into the Stronghold of {here}; the "
                                                 "siege goes on", "WOTR-SIEGE-6")
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
    elif kind == "both_destroyed":
        move("attacker", "none", "both Armies are eliminated: nobody advances and nothing is captured",
             "WOTR-END-9", "WOTR-CAPT-6")
    elif kind == "defender_holds":
        move("defender", "stays", f"the defending Army stays in {here}; the attacking Army is eliminated",
             "WOTR-END-1")
    elif kind == "siege_goes_on":
        move("attacker", "stays", f"both Armies stay in {here}: the siege continues", "WOTR-SIEGE-4")
    elif kind == "round_limit":
        move("attacker", "stays", "both Armies stay where they are (the scenario's max_rounds stops the battle)")
    if kind in ("attacker_wins", "defender_retreated"):
        if setup.kind == "sortie":
            move("attacker", "stays", f"a winning sortie does not advance out of {here}", "WOTR-SIEGE-6")
        elif setup.kind == "siege":
            move("attacker", "stays", f"the besieger holds {here}: the Stronghold's defenders are eliminated",
                 "WOTR-CAPT-1")
        elif garrison is not None:
            from .consequences import STACKING_LIMIT

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
        if "settlement" not in row:
            continue
        won = Fraction(row["p_region_won"]["exact"]) == 1
        cap, keep = row["track"]["captured"], row["track"]["not_captured"]
        if not won:
            text = f"{row['settlement']} ({row['kind']}) is not captured: the attacker did not win the region"
        else:
            how = ("captured (its defenders eliminated, the besieger in the region)" if setup.kind == "siege" else
                   "captured if the attacker advances into it (optional)")
            if row["kind"] == "stronghold" and setup.kind != "siege":
                how += "; a Stronghold still holding enemy units is besieged instead"
            step = (f"{row['nation']} is already At War: no step" if keep["steps"] == 0 else
                    f"{row['nation']} stays one step from At War until active (WOTR-POL-6)"
                    if cap["steps"] == keep["steps"] else
                    f"{row['nation']} moves to At War (from {keep['steps']} step away)" if cap["steps"] == 0 else
                    f"{row['nation']} moves from {keep['steps']} to {cap['steps']} "
                    f"step{'s' if cap['steps'] != 1 else ''} from At War")
            vp = VICTORY_POINTS.get(row["kind"], 0)
            text = (f"{row['settlement']} ({row['kind']}) {how}: {step}; worth {vp} Victory "
                    f"Point{'s' if vp != 1 else ''} to the captor")
        rules = row["rules"] + (["WOTR-CAPT-3"] if won else [])
        politics.append({"nation": row["nation"], "settlement": row["settlement"], "kind": row["kind"],
                         "region_won": won, "track_if_captured": cap, "track_otherwise": keep,
                         "victory_points": VICTORY_POINTS.get(row["kind"], 0) if won else 0,
                         "text": text, "rules": rules})
    return {"end": kind, "end_text": KIND_TEXT[kind], "moves": moves, "politics": politics}


def aftermath_lines(info: dict) -> list[str]:
    """The moves and the political step as text lines."""
    out = ["After the battle:"]
    for m in info["moves"]:
        out.append(f"  {m['who']}: {m['text']}" + (f" ({', '.join(m['rules'])})" if m["rules"] else ""))
    for p in info["politics"]:
        out.append(f"  politics: {p['text']} ({', '.join(p['rules'])})")
    return out
