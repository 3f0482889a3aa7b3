"""From a scenario (and a rearguard split) to the battle the solver plays (:class:`.process.BattleSetup`).

Each derived fact carries its rule id, and :func:`battle_setup` records them as notes that the
CLI prints: hit numbers (WOTR-SITE-1, WOTR-SIEGE-2), retreat options (WOTR-END-3/4, WOTR-SITE-2),
the replacement pools (WOTR-CAS-5), the Combat cards per round (WOTR-CARD-2/3).
"""
from __future__ import annotations

from dataclasses import replace

from pycombat.in_force import in_force, removed_rules
from pycombat.solver import is_loaded, memo
from pycombat.errors import ScenarioError
from .process import BattleSetup
from ..spec import MAX_ROUNDS
from ..board import load_board, load_nations
from ..characters import load_characters
from .casualties import cap_pool
from .politics import attacked_nation
from ..model import Contingent, Effects, Force, Scenario, content_key
from .strength import profile_of


def compulsory_rearguard(s: Scenario) -> Force:
    """The figures that must stay out of the attack (WOTR-SPLIT-5): every figure of a Nation not At
    War; its Leaders too with [non_at_war_leaders=rearguard]. Nazgûl, Companions and Minions are
    always At War (WOTR-POL-5)."""
    out = []
    for c in s.attacker.force.contingents:
        if s.at_war(c.nation):
            continue
        leaders = c.leaders if s.flags["non_at_war_leaders"] == "rearguard" else 0
        out.append(Contingent(c.nation, c.regulars, c.elites, leaders))
    return Force(tuple(out))


def attacking_part(s: Scenario) -> Force:
    """The attacking part: the whole Army less the file's rearguard, or less the compulsory one."""
    rearguard = s.attacker.rearguard if s.attacker.rearguard is not None else compulsory_rearguard(s)
    return s.attacker.force.minus(rearguard)


def besieger_keeps_units(s: Scenario, attacking: Force | None = None) -> bool:
    """Whether a siege battle's besieger keeps Army units in the region out of the battle: its rearguard
    (``attacking``: the attacking part, default :func:`attacking_part`) has Army units. A siege battle is
    fought inside one region (WOTR-SIEGE-1) and the rearguard takes no part in it (WOTR-SPLIT-4), so the
    besieging Army still has units in the region whatever the battle does to the attacking part: the
    besieged Army's elimination captures the Stronghold (WOTR-CAPT-1), and the attacking part's leaves the
    siege going on (WOTR-SITE-6)."""
    if s.kind != "siege" or not in_force("WOTR-CAPT-1"):
        return False
    attacking = attacking_part(s) if attacking is None else attacking
    return s.attacker.force.units > attacking.units


def retreat_regions(s: Scenario) -> list[str]:
    """Region ids the defender may retreat to (WOTR-END-3): of the file's ``retreat_to`` (or, without it,
    of the adjacent regions) those free for him: without the attacking Army, without another enemy Army
    the file names (``also_activates``) and without a Settlement the enemy controls (WOTR-MOVE-3),
    assuming no other enemy Army nearby (:func:`retreat_not_free` says why a region is left out). A
    besieged Army never retreats (WOTR-END-4)."""
    d = s.defender
    if d.besieged or s.kind == "siege":
        return []
    if not (in_force("WOTR-ROUND-3") and in_force("WOTR-END-3")):  # no retreat without step 5's choice
        return []
    board = load_board()
    cands = list(d.retreat_to) if d.retreat_to is not None else [r.id for r in board.neighbours(d.region)]
    return [r for r in cands if _not_free(s, board.regions[r]) is None]


#: the Settlements whose control bars a retreat (WOTR-MOVE-3); a Fortification is none (as for movement)
SETTLEMENTS = ("town", "city", "stronghold")


def _not_free(s: Scenario, r) -> tuple[str, str] | None:
    """Why region ``r`` is not free for the defender's retreat, as ``(text, rule)``; None when it is
    (WOTR-END-3: a region free for him; WOTR-MOVE-3: no enemy Army, no Settlement the enemy controls)."""
    if r.id == s.attacker.region.id:
        return f"{r.name} holds the attacking Army", "WOTR-END-3"
    if any(act.army.region.id == r.id for act in s.also_activates):
        return f"{r.name} holds another enemy Army (battle.also_activates)", "WOTR-MOVE-3"
    if in_force("WOTR-MOVE-3") and r.settlement in SETTLEMENTS and s.controller(r) not in (None, s.defender.side):
        return (f"{r.name} has a {r.settlement.title()} the {s.controller(r).replace('_', ' ')} controls",
                "WOTR-MOVE-3")
    return None


def retreat_not_free(s: Scenario) -> list[tuple[str, str]]:
    """``(text, rule)`` for each region of the file's ``retreat_to`` that is not free for the defender
    (left out of :func:`retreat_regions`, WOTR-END-3, WOTR-MOVE-3)."""
    d = s.defender
    if d.retreat_to is None or d.besieged or s.kind == "siege":
        return []
    board = load_board()
    return [why for why in (_not_free(s, board.regions[r]) for r in d.retreat_to) if why is not None]


def retreat_region_names(s: Scenario) -> list[str]:
    """The names of the regions the defender may retreat to (:func:`retreat_regions`, WOTR-END-3)."""
    board = load_board()
    return [board.regions[r].name for r in retreat_regions(s)]


def settlement_blocked(s: Scenario) -> list[str]:
    """Region ids next to the defender that WOTR-MOVE-3 alone keeps him from retreating to (a
    Settlement the enemy controls), when :func:`retreat_regions` reads the board."""
    d = s.defender
    if d.besieged or s.kind == "siege":
        return []
    board = load_board()
    cands = [board.regions[r] for r in d.retreat_to] if d.retreat_to is not None else board.neighbours(d.region)
    enemy = {s.attacker.region.id} | {act.army.region.id for act in s.also_activates}
    return [r.id for r in cands if r.id not in enemy and r.settlement in SETTLEMENTS
            and s.controller(r) not in (None, d.side)]


def units_of(force: Force) -> tuple[tuple[int, int], ...]:
    return tuple((c.regulars, c.elites) for c in force.contingents)


def _pool(s: Scenario, role: str, force: Force):
    if s.flags["replacement_pool"] == "unlimited":
        return None
    army = s.army(role)
    pool = tuple(army.replacements.get(n, 0) for n in force.nations)
    return cap_pool(units_of(force), pool)


def _effects(s: Scenario) -> dict[int, tuple[Effects, Effects]]:
    out: dict[int, tuple[Effects, Effects]] = {}
    if not in_force("WOTR-CARD-2"):  # WOTR-CARD-2: a Combat card is played at the start of a round, or never
        return out
    # WOTR-CARD-4: the lower Initiative applies first, the defender's first on a tie (a later hit number wins)
    ordered = sorted(s.cards, key=lambda c: (c.round, c.initiative if c.initiative is not None else 99,
                                             c.by != "defender"))
    for c in ordered:  # WOTR-CARD-2/3 (per round): for the round it is played in
        a, d = out.get(c.round, (Effects(), Effects()))
        out[c.round] = (a.plus(c.attacker), d.plus(c.defender))
    if not in_force("WOTR-CARD-7"):  # WOTR-CARD-7: no rule puts a card's modifier on the Combat roll or the re-roll
        out = {r: tuple(replace(e, combat_roll=0, reroll=0) for e in pair) for r, pair in out.items()}
    return out


def battle_setup(s: Scenario, attacking: Force | None = None) -> BattleSetup:
    """The battle of ``attacking`` (default: :func:`attacking_part`) against the whole defending Army
    (WOTR-SPLIT-6). With the loaded solver, remembered under the scenario's content
    (:func:`..model.content_key`), ``attacking`` and the rules in force (emptied with the solver's caches)."""
    content = content_key(s) if is_loaded() else None
    return _SETUPS.remember(None if content is None else (content, attacking, removed_rules()),
                            lambda: _battle_setup(s, attacking))


_SETUPS = memo(limit=4096)


def _battle_setup(s: Scenario, attacking: Force | None) -> BattleSetup:
    attacking = attacking_part(s) if attacking is None else attacking
    # drop Nations without units or Leaders in the attack (their figures are all in the rearguard)
    attacking = Force(tuple(c for c in attacking.contingents if not c.is_empty()), attacking.nazgul,
                      attacking.characters)
    defending = s.defender.force
    saruman = "saruman" in s.characters_in_play()
    # WOTR-STR-11: the White Rider needs Gandalf the White in the battle (not in the rearguard)
    rider = s.white_rider and "gandalf-white" in attacking.characters + defending.characters
    pa = profile_of(attacking, s.attacker.side, saruman_in_play=saruman, white_rider=rider)
    pd = profile_of(defending, s.defender.side, saruman_in_play=saruman, white_rider=rider)
    region = s.battle_region
    notes: list[tuple[str, str]] = []
    if rider:  # WOTR-STR-11: what the choice made at the start of the battle changes, said where the numbers are
        shadow = pa if pa.side == "shadow" else pd
        chars = load_characters().characters
        wk = [chars[ch].name for ch in shadow.characters if chars[ch].counts_as_nazgul]
        lost = shadow.nazgul + sum(chars[ch].leadership for ch in shadow.characters if chars[ch].counts_as_nazgul)
        cancelled = ", ".join(x for x in ([f"{shadow.nazgul} Nazgûl"] if shadow.nazgul else []) + wk) or "none here"
        notes.append((f"the White Rider: Gandalf the White forfeits his Leadership ({pa.forfeited + pd.forfeited}) to "
                      f"cancel all Nazgûl Leadership for the whole battle (cancelled: {cancelled}; the Shadow's "
                      f"Leadership {lost} lower)", "WOTR-STR-11"))
    if s.white_rider and not rider:  # said, never silently dropped
        notes.append(("battle.white_rider is not applied: Gandalf the White is in the rearguard, which takes no "
                      "part in the battle (WOTR-SPLIT-4), so he cannot forfeit his Leadership to cancel the Nazgûl's",
                      "WOTR-STR-11"))
    city = s.kind == "field" and region.settlement in ("city", "fortification") and in_force("WOTR-SITE-1")
    if city:
        notes.append((f"{region.name} has a {region.settlement.title()}: the attacker hits only on 6 in the first "
                      "round", "WOTR-SITE-1"))
    elif s.kind == "field" and region.settlement == "stronghold":
        notes.append((f"{region.name} has a Stronghold: a field battle there is fought normally (no 6+ for the "
                      "attacker)", "WOTR-SITE-3"))
    if s.kind == "siege":
        notes.append(("siege battle: the attacker hits on 6, the besieged on 5, in every round; it lasts one "
                      "round unless the attacker reduces an Elite", "WOTR-SIEGE-2"))
    if s.kind == "sortie":
        notes.append(("sortie: a field battle in which both sides hit on 5", "WOTR-SIEGE-6"))
        notes.append(("sortie: if the attacker ceases, his Army moves back into the Stronghold and the siege goes on "
                      "(attacker_continue decides); a winning sortie does not advance out of the region",
                      "WOTR-SIEGE-6"))
    siege_retreat = (s.kind == "field" and region.settlement == "stronghold"
                     and s.controller(region) == s.defender.side and not s.defender.besieged)
    if siege_retreat:
        notes.append((f"the defender may retreat into the Stronghold of {region.name} before every round "
                      "(defender_retreat decides)", "WOTR-SITE-2"))
    retreat = retreat_regions(s) if s.kind in ("field", "sortie") else []
    if s.kind in ("field", "sortie"):
        board = load_board()
        if retreat:
            notes.append(("the defender could retreat to " + ", ".join(board.regions[r].name for r in retreat)
                          + " (defender_retreat decides)", "WOTR-END-3"))
        else:
            notes.append(("the defender has no free region to retreat to", "WOTR-END-3"))
        for text, rule in retreat_not_free(s):  # a region of the file's retreat_to that is not free for him
            notes.append((f"retreat_to: {text}: not free for the defender, left out", rule))
    if s.flags["replacement_pool"] == "tracked":
        for role, force in (("attacker", attacking), ("defender", defending)):
            army = s.army(role)
            for c in force.contingents:
                if c.elites:
                    notes.append((f"{role}: {army.replacements.get(c.nation, 0)} {c.nation.title()} Regulars available "
                                  f"to replace Elites ({army.replacements_origin.get(c.nation, 'default')})",
                                  "WOTR-CAS-5"))
    for c in s.cards:
        notes.append((f"round {c.round}: the {c.by} plays {c.name}", "WOTR-CARD-2"))
    if s.flags["leader_reroll"] == "choose":
        notes.append(("leader_reroll=choose: Combat cards here only change numbers and dice, so re-rolling every "
                      "allowed die is never worse; the solver re-rolls them all", "WOTR-HIT-7"))

    for c in defending.contingents:  # WOTR-POL-1/2: attacking an Army with a Nation's units moves its counter
        if not c.units:  # WOTR-STR-7: Leaders are not Army units; a Nation with Leaders only is not attacked
            continue
        pol = s.politics[c.nation]
        if not pol.at_war:
            nation = load_nations().nations[c.nation]
            steps, active, _ = attacked_nation(pol, nation.side, s.flags)  # WOTR-POL-1/2/6/7
            becomes = active and not pol.active
            if steps < pol.steps:
                text = f"politics: {nation.name} is attacked: its counter advances one step" + (
                    " and it becomes active" if becomes else "")
            else:  # one step away, still passive when it would advance: WOTR-POL-6 stops it there
                order = s.flags.get("political_activation_order", "activate_first")
                text = (f"politics: {nation.name} is attacked: its counter stays {pol.steps} step from At War (a "
                        f"passive Nation cannot reach it; political_activation_order={order})"
                        + (", then it becomes active" if becomes else ""))
            notes.append((text, "WOTR-POL-2" if steps < pol.steps else "WOTR-POL-6"))
    max_rounds = None if s.flags["max_rounds"] == "none" else int(s.flags["max_rounds"])
    if max_rounds is not None and max_rounds > MAX_ROUNDS:  # refused before any work (docs/limits.md)
        where = "--flag max_rounds" if s.flag_origin.get("max_rounds") == "command line" else "rules.max_rounds"
        raise ScenarioError(f"{max_rounds:,} rounds, more than the {MAX_ROUNDS} a cap may give (each round is more "
                            "states to solve); give `none` for a battle without a cap, solved exactly",
                            file=s.file, path=where)
    from ..cards.event_battle import event_card, siege_rounds

    rec = event_card(s.card) if s.action == "event" else None
    rounds = siege_rounds(rec) if s.kind == "siege" else 1
    from ..cards.event_battle import garrison_dice_loss

    lost = garrison_dice_loss(rec, s.garrison)  # WOTR-EVT-9: Help Unlooked For, for the whole battle
    if lost:
        pd = replace(pd, dice_lost=lost)
        notes.append((f"{rec['title']}: the besiegers roll {lost} {'die' if lost == 1 else 'dice'} fewer in every "
                      "round (one per unit of the besieged garrison; at least one die)", "WOTR-EVT-9"))
    if s.garrison is not None:
        notes.append((f"the besieged garrison ({s.garrison.units} units) does not take part in the relief battle",
                      "WOTR-SIEGE-7"))
    if s.action == "event" and s.card and rec is None:
        notes.append((f"{s.card!r} is not the title of a shipped Event card: taken as an Event that allows this "
                      "attack, with no other effect on the battle", "WOTR-EVT-9"))
    from ..cards.event_battle import cannot_cease

    no_cease = cannot_cease(rec, s.defender.besieged)
    if no_cease:
        notes.append((f"{rec['title']}: the attacker cannot cease the attack (the Free Peoples Army was not already "
                      f"besieged); attacker_continue={s.flags['attacker_continue']} does not apply", "WOTR-EVT-9"))
    if rounds > 1:
        notes.append((f"{rec['title']}: the siege battle lasts {rounds} rounds before the attacker must reduce an "
                      "Elite to go on", "WOTR-EVT-9"))
    stays = besieger_keeps_units(s, attacking)
    if stays:
        kept = s.attacker.force.units - attacking.units
        notes.append((f"the besieger's rearguard ({kept} Army unit{'s' if kept != 1 else ''}) stays in {region.name} out "
                      "of the battle: if the besieged Army is eliminated, even with the attacking part in the same "
                      "round, the Stronghold is captured; if only the attacking part is, the siege goes on",
                      "WOTR-CAPT-1"))
    start = (units_of(attacking), _pool(s, "attacker", attacking), units_of(defending),
             _pool(s, "defender", defending), 1, False)
    return BattleSetup(kind=s.kind, attacker=pa, defender=pd, start=start, city_first_round=city,
                       besieger_hits_on_6=in_force("WOTR-SIEGE-2"),
                       siege_retreat=siege_retreat, can_retreat=bool(retreat), effects=_effects(s),
                       max_rounds=max_rounds, siege_rounds=rounds, dice_reduction_target=s.flags["dice_reduction_target"],
                       siege_reduction_needs_regular=s.flags["siege_reduction_needs_regular"] == "yes",
                       leader_reroll=s.flags["leader_reroll"], no_cease=no_cease, besieger_stays=stays,
                       notes=tuple(notes))
