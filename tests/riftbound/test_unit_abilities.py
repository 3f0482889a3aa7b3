"""Nothing a unit prints is silently ignored (RB-CARD-4): every ability in units.json that could act
in this combat (not an activated ability of normal speed, CR 806.1.c; not a trigger that cannot fire
here: "when you play me" for a unit already on the board, holding, conquering, "when I attack" on a
defender, "when I defend" on an attacker), and every clause the data could not structure, is named
NOT MODELLED, and `verify` then decides no claim. Checked over every unit of the data, as an attacker
and as a defender."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycombat.errors import PycombatError

from pycombat.games.riftbound.cards.showdown import play_showdown
from pycombat.games.riftbound.cards.units import SCORING_WHY, load_units, result_scoring
from pycombat.games.riftbound.cards.spells import clauses_of, overlay
from pycombat.games.riftbound.verbs import verify
from pycombat.games.riftbound.schema import scenario_from_dict

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "riftbound" / "data" / "units.json"
UNITS = [r for r in json.loads(DATA.read_text())["records"] if r.get("might") is not None and not r.get("reprint_of")]
#: the unit clauses structured by the project's overlay (``data/effects_overlay.yaml``, `kind: unit`)
#: the unit clauses the project's overlay structures (a record with `not_modelled` leaves its clause unread, named
#: with that reason)
STRUCTURED = {c for o in overlay() if o.get("kind") == "unit" and o.get("effects") for c in clauses_of(o)}
#: (what "At the start of your Beginning Phase" gives the unit itself "this turn" lasts through a combat on its
#: player's turn: named when the scenario does not state it, RB-CARD-9: tests/riftbound/test_turn_start_effects.py)
TURN_START = "At the start of your Beginning Phase"
NEVER_HERE = {"When you play me", "When you play me to a battlefield", "When I hold",
              # a unit already in play is not played again: its play triggers fire only as it is played (RB-CARD-16)
              "When you play me from face down", "When you play me from face down on your turn",
              "When I conquer", "When I'm played and when I conquer",
              # conquering comes after the combat's outcome (RB-RES-5): it cannot change this combat
              "The first time I conquer each turn", "When I conquer a battlefield that was uncontrolled",
              "When I conquer after an attack",
              # holding is scored in the Beginning Phase (RB-RES-6); a combat's end comes after its outcome (RB-RES-8)
              "When I hold (resolves at the start of your next Main Phase)", "When a combat that I was in ends",
              # a card is hidden on its player's turn in an Open State, never in a showdown (CR 811.1.b)
              "When you hide a card"}


def _acting(r: dict, role: str) -> list[dict]:
    """The unit's abilities that could act in a combat where it is on ``role``'s side (written out
    here from the data's fields, not taken from the reader)."""
    out = []
    for e in r.get("effects") or ():
        if e.get("effect") not in (r.get("combat_effects") or ()):
            continue
        if not e.get("condition") and (
                (e.get("effect") == "no_combat_damage" and r.get("no_combat_damage")
                 and (e.get("target") or {}).get("ref") == "self")
                or (e.get("effect") == "ignore_tank" and r.get("ignores_tank_here"))):
            continue  # read from the card's flags (another unit's, or a conditional one, is not: Vilemaw)
        if e.get("effect") == "prevent_damage" and r.get("damage_immunity_text"):
            continue  # the scenario's `immune:` states it
        if e.get("activated") and e.get("speed") == "normal":
            continue
        if e.get("effect") == "play_location":
            continue  # where the card may be played from hand: the unit on the board was played already
        if e.get("effect") == "death_replacement" and e.get("duration") == "static" and \
                (e.get("target") or {}).get("might_less_than") == "self" and not e.get("condition"):
            continue  # Soraka's "another unit you control here ... less Might than me": RB-CARD-18
        if e.get("activated") and _ability_read(e):
            continue  # used by an `ability:` entry (RB-CARD-17): tests/riftbound/test_unit_plays.py
        if _static_read(e):
            continue  # a static ability the board decides (RB-CARD-9: tests/riftbound/test_unit_statics.py)
        if _static_read_elsewhere(e):
            continue  # read from the board too (RB-CARD-9): tests/riftbound/test_unit_costs_splits.py
        if _guard_read(e):
            continue  # no combat damage, can't be chosen, can't move to base, buffs, plays, readying (RB-CARD-9):
            # tests/riftbound/test_unit_events.py
        if e.get("trigger") in ("When you play a spell", "When you play a gear", "When you play another unit",
                                "When you stun an enemy unit", "When you play your second card in a turn",
                                "When I become ready", "When you play a card from [Hidden]",
                                "When you play a card from face down", "When you play a token unit",
                                "When you play a spell that costs :rb_energy_5: or more",
                                "When you discard one or more cards", "When you choose or ready me",
                                "When you buff me") \
                and (e.get("target") or {}) == {"ref": "self"} \
                and e.get("effect") in ("might_modifier", "buff", "ready") and not e.get("mode_option"):
            continue  # fired as it happens in the showdown (RB-CARD-10): tests/riftbound/test_unit_events.py
        if e.get("trigger") == "When you attach an Equipment to me" and e.get("effect") == "buff" \
                and e.get("mode_rule") == "choose one that hasn't been chosen this turn":
            continue  # fired as an Equipment is attached to it, its option stated by an entry: test_attach_trigger.py
        if e.get("trigger") == "When you play a card from face down" and e.get("effect") == "deal_damage" \
                and (e.get("target") or {}).get("count") == 1 and not e.get("mode_option"):
            continue  # fired as it happens, its target stated by an entry (RB-CARD-10): test_trigger_entries.py
        if (e.get("trigger"), e.get("effect")) in (("When another friendly unit dies", "might_modifier"), (
                "When an opponent plays a unit while I'm at a battlefield", "stun"), (
                "When an opponent plays a unit while I'm at a battlefield", "movement_restriction"), (
                "When a unit you control becomes [Mighty]", "ready"), ("When you [Stun] an enemy unit at a battlefield",
                                                                       "move")):
            continue  # fired as it happens in the showdown (RB-CARD-10): tests/riftbound/test_unit_events_more.py
        if (e.get("trigger"), e.get("effect")) in (("When you defend at a battlefield", "move"), (
                "When a friendly unit moves from my location", "move"), (
                "When you play me or the first time you play a non-token gear each turn", "ready")):
            continue  # fired in the showdown (RB-CARD-10, RB-SHOW-2): tests/riftbound/test_triggers_at_base.py
        if (e.get("trigger"), e.get("effect")) in (("When my Might becomes 10 or more", "empower"), (
                "When I become [Empowered]", "banish")):
            continue  # fired at the cleanup that finds it so (RB-CARD-10): tests/riftbound/test_becoming_triggers.py
        if (e.get("trigger"), e.get("effect")) == ("When you recycle one or more cards to your Main Deck", "buff"):
            continue  # fired by a card's `recycled: true` (RB-CARD-10): tests/riftbound/test_recycle.py
        if e.get("trigger") == "When you use an activated ability of a gear" and e.get("effect") == "might_modifier":
            continue  # fired as its player uses a gear's [Action] ability (RB-CARD-10): tests/riftbound/test_gear_ability.py
        if e.get("trigger") == "When an opponent plays a gear" and e.get("cost") == "banish me":
            continue  # fired as an opponent's gear is played (RB-CARD-10): tests/riftbound/test_gear_banished.py
        if e.get("trigger") == "When you discard me":
            continue  # fired from the trash by a card's `discard:` (RB-CARD-10): tests/riftbound/test_discarded_card.py
        if e.get("trigger") == "When I become ready" and e.get("mode_option"):
            continue  # its option stated by a `when: ready` entry (RB-CARD-10): tests/riftbound/test_units_read_more.py
        if e.get("trigger") == "When I die (Deathknell)" and (e.get("target") or {}).get("count") == 1:
            continue  # its target stated by a `when: dies` entry (RB-CARD-19): tests/riftbound/test_units_read_more.py
        t = e.get("trigger")
        if t == TURN_START and not (e.get("duration") == "this_turn" and e.get("target") == {"ref": "self"}):
            continue  # what it does happens at the turn's start, and does not last on the unit
        if t in NEVER_HERE or (t in ("When I attack", "When you play me or I attack") and role == "defender") \
                or (t == "When I defend" and role == "attacker"):
            continue
        out.append(e)
    return out


#: RB-CARD-10: the triggers on the unit's own move
MOVE_TRIGGERS = ("When I move", "When I move to a battlefield", "The first time I move each turn",
                 "When I move from a location", "When I move from a battlefield")
#: RB-SHOW-2: the triggers of a combat, and the side whose units they fire for
COMBAT_TRIGGERS = {"When I attack": ("attacker",), "When I defend": ("defender",),
                   "When I attack or defend": ("attacker", "defender"), "When you play me or I attack": ("attacker",),
                   "When I attack or defend one on one": ("attacker", "defender")}


#: RB-CARD-8: conditions on the units at the trigger's battlefield, which the board decides (no choice)
BOARD_READ = ("an enemy unit is alone here", "if there is a ready enemy unit here")


def _needs_choice(e: dict) -> bool:
    """RB-CARD-10, from the rule: a target other than the unit itself or "all", an option, a
    condition not read off the board, an optional use or a split is the player's choice."""
    t = e.get("target") or {}
    # alone on its side here, a unit card: no other unit, nor a token unit, to choose (a "you may" use of it neither)
    none = bool(t) and t.get("side") == "friendly" and bool(t.get("other") or t.get("token"))
    return bool(e.get("mode_option") or e.get("optional") and not none
                or e.get("condition") not in (None, *BOARD_READ) or e.get("split")
                or (t and t.get("ref") != "self" and t.get("count") != "all" and not none))


def _one_enemy_here(triggers: list[dict]) -> bool:
    """RB-CARD-10 with RB-CARD-1, from the rule: the trigger's only choice is one enemy unit (here, or at a battlefield),
    every part choosing that same unit, with no "you may", cost, option, split or condition the board does not
    decide: on a board where one enemy unit (with no [Deflect]) stands against the unit, that unit is the only one it
    may choose, and the trigger resolves on it by itself."""
    choosing = [e for e in triggers if (e.get("target") or {}).get("ref") != "self"
                and (e.get("target") or {}).get("count") != "all"]
    if not choosing or any(e.get("mode_option") or e.get("optional") or e.get("split") or e.get("cost")
                           or e.get("condition") not in (None, *BOARD_READ) for e in triggers):
        return False
    t = choosing[0].get("target") or {}
    return all(e.get("target") == t for e in choosing) and t.get("count") == 1 and t.get("side") == "enemy" \
        and set(t) <= {"count", "side", "kind", "location"} and t.get("kind") in (None, "unit") \
        and t.get("location") in (None, "same_location", "battlefield")


def _ability_read(e: dict) -> bool:
    """RB-CARD-17, written out: an [Action] / [Reaction] ability whose cost is Energy, runes and exhaust
    and whose effect is one the interpreter reads (a swap of locations, a move of the unit itself,
    Stun, attaching the chosen unit's Equipment)."""
    parts = [p.strip() for p in str(e.get("activated")).split(",")]
    cost_read = all(p == "exhaust" or p.endswith((" energy", " rune", " runes")) for p in parts)
    effect_read = e.get("effect") in ("swap_locations", "stun", "move") or (
        e.get("effect") == "attach_equipment" and e.get("what") == "one of the chosen unit's Equipment")
    return e.get("speed") in ("action", "reaction") and cost_read and effect_read


def _static_read(e: dict) -> bool:
    """RB-CARD-9, written out from the rule: a static Might change of a fixed amount, or a granted
    keyword, to the unit itself or to every unit of a side (other, of a tag, buffed or stunned, here or
    anywhere), under no condition or one the board decides."""
    if e.get("duration") != "static" or e.get("trigger") or e.get("activated"):
        return False
    if e.get("target") == {"ref": "self"} and not e.get("condition") and (
            e.get("effect") == "equipment_might_double"
            or (e.get("effect") == "might_modifier" and type(e.get("value_per")) is int
                and e.get("per") in ("buffed friendly unit at my battlefield",
                                     "other unit you control here with my name"))):
        return True  # Gearhead; Sett, Spiderling: counted from the board
    t = e.get("target") or {}
    if e.get("effect") == "cost_modifier" and e.get("condition") == "While I'm in combat" \
            and t.get("kind") == "spell" and t.get("side") in ("friendly", "enemy") and set(t) == {"kind", "side"}:
        return True  # Vex, Cheerless: spells' costs while it is at the battlefield (checked with card_costs)
    if e.get("effect") == "grant_keyword" and e.get("keyword") == "Repeat" and t == {
            "count": "all", "side": "friendly", "kind": "spell"} and e.get("condition") == "While I'm in a showdown":
        return True  # Syndra, Transcendent: a [Repeat] more for its player's spells (RB-CARD-25: test_repeat.py)
    if not ((e.get("effect") == "might_modifier" and type(e.get("value")) is int) or
            (e.get("effect") == "grant_keyword" and e.get("keyword") in
             ("Assault", "Shield", "Tank", "Backline", "Deflect", "Ganking", "Vision"))):
        return False
    if e.get("condition") not in (None, "While I'm attacking or defending alone", "While I'm buffed",
                                  "While you have another unit here", "While I'm at a battlefield",
                                  "While there's a stunned enemy unit here"):
        return False
    t = e.get("target") or {}
    return t == {"ref": "self"} or (t.get("count") == "all" and t.get("kind") == "unit"
                                    and t.get("side") in ("friendly", "enemy")
                                    and t.get("location") in (None, "same_location")
                                    and t.get("state") in (None, "buffed", "stunned")
                                    and set(t) <= {"count", "kind", "side", "other", "tag", "state", "location"})


def _static_read_elsewhere(e: dict) -> bool:
    """RB-CARD-9, written out: the static abilities checked elsewhere (test_unit_costs_splits.py; Karthus, Annie:
    test_extra_deathknell.py, test_bonus_damage.py): "+2 Might while I'm
    attacking with another unit", "your token units have +1 Might / [Tank]", "+1 Might for each of your units
    with [Temporary] at my battlefield", "your Equipment everywhere have [Quick-Draw]"."""
    if e.get("duration") != "static" or e.get("trigger") or e.get("activated"):
        return False
    t = e.get("target") or {}
    if e.get("effect") == "grant_keyword" and e.get("keyword") == "Quick-Draw":
        return not e.get("condition") and t == {"count": "all", "side": "friendly", "kind": "gear",
                                                "tag": "Equipment", "location": "anywhere"}
    if e.get("effect") == "extra_trigger":  # "Your [Deathknell] effects trigger an additional time"
        return e.get("what") == "Deathknell effects" and t == {"side": "friendly"} and not e.get("condition")
    if e.get("effect") == "bonus_damage":  # "Your spells and abilities deal 1 Bonus Damage"
        return e.get("scope") == "your spells and abilities" and not t and not e.get("condition")
    if e.get("effect") == "might_modifier" and t == {"ref": "self"} and e.get("value_per") == 1:
        return e.get("per") == "your units with [Temporary] at my battlefield" and not e.get("condition")
    if e.get("effect") == "might_modifier" and t == {"ref": "self"} and type(e.get("value")) is int:
        return e.get("condition") == "while I'm attacking with another unit"
    return t == {"count": "all", "kind": "unit", "side": "friendly", "token": True} and not e.get("condition") and (
        (e.get("effect") == "might_modifier" and type(e.get("value")) is int)
        or (e.get("effect") == "grant_keyword" and e.get("keyword") in ("Tank", "Assault", "Shield", "Backline")))


def _guard_read(e: dict) -> bool:
    """RB-CARD-9, written out: "don't deal combat damage" (under "unless I'm at a battlefield with exactly one
    other unit you control", or on enemy units here with less Might), "can't be chosen by enemy spells and
    abilities" (itself, or friendly units here with less Might), "can't move to base", any number of buffs,
    "opponents can only play units to their base"; and what changes no combat: a ready restriction, a cost on
    moving several units at once (standard moves, RB-COMB-5)."""
    if e.get("duration") != "static" or e.get("trigger") or e.get("activated"):
        return False
    k, t, c = e.get("effect"), e.get("target") or {}, e.get("condition")
    less = t.get("might_less_than") == "self" and t.get("location") == "same_location"
    if k == "no_combat_damage":
        return (t == {"ref": "self"} and c == "unless I'm at a battlefield with exactly one other unit you control") \
            or (less and t.get("side") == "enemy" and not c)
    if k == "untargetable":
        return e.get("by") == "enemy spells and abilities" and (
            (t == {"ref": "self"} and c in (None, "unless I'm in combat"))  # [Level N]: named without `xp:`
            or (less and t.get("side") == "friendly" and not c))
    if k == "movement_restriction":
        return e.get("restriction") == "can't move to base" or "to move multiple units" in str(e.get("restriction"))
    return k in ("unlimited_buffs", "ready_restriction") or (
        k == "play_restriction" and e.get("restriction") == "can only play units to their base")


def _board(r: dict, role: str) -> dict:
    me = {"name": r["id"], "immune": False} if r.get("damage_immunity_text") else r["id"]
    other = "Stalwart Poro"
    sides = {role: {"units": [me]}, ("defender" if role == "attacker" else "attacker"): {"units": [other]}}
    return {"game": "riftbound", **sides}


@pytest.mark.parametrize("role", ["attacker", "defender"])
def test_every_unit_ability_that_could_act_is_named(role):
    missed, named = [], 0
    for r in UNITS:
        doc = _board(r, role)
        try:
            s = scenario_from_dict(doc, file="<t>")
        except PycombatError:  # e.g. a unit with no fixed Might, or a board the reader refuses
            continue
        sd = play_showdown(s)
        got = sd.unmodelled_json()
        ours = [u for u in got if u["card"] == r["name"]]
        acting = _acting(r, role)
        triggers = [e for e in acting if role in COMBAT_TRIGGERS.get(e.get("trigger"), ())]
        # the attacker moved in: its move triggers resolve before the showdown (RB-CARD-10, RB-COMB-2), or are named
        moves = [e for e in acting if role == "attacker" and e.get("trigger") in MOVE_TRIGGERS]
        # (a turn-start ability giving the unit Might and a keyword is one ability)
        kinds = {(e.get("trigger"), None if e.get("trigger") == TURN_START else e.get("effect"))
                 for e in acting if e not in triggers and e not in moves}
        if moves and not any(u["what"].startswith(("its move trigger", "ability " + moves[0]["trigger"]))
                             for u in ours) and not any("ability resolves" in ln.text for ln in sd.lines):
            missed.append((r["name"], "move trigger neither named nor resolved", moves))
        # a clause the project's overlay structures (a `kind: unit` record) is read (test_play_restrictions.py)
        clauses = len(set(r.get("unparsed_clauses") or ()) - STRUCTURED)
        # RB-CARD-4, RB-RES-5: its clauses scoring points by the combat's result, each named once
        scoring = [u for u in ours if u["why"] == SCORING_WHY]
        if len(scoring) != len(result_scoring(load_units().unit(r["id"]))):
            missed.append((r["name"], "scoring clause not named", [u["what"] for u in scoring]))
        # (a "this turn" trigger that may have fired before the showdown is named on its own, RB-CARD-9:
        # test_bonuses_from_earlier_in_the_turn.py)
        said = [u["what"] for u in ours if u["what"].startswith(("ability", "clause")) and u not in scoring
                and "(earlier this turn)" not in u["what"]
                and not (moves and u["what"].startswith(tuple(f"ability {t}" for t in MOVE_TRIGGERS)))]
        # each ability once (two printed the same read the same), each clause once
        if len([w for w in said if w.startswith("ability")]) < len(kinds) or \
                len([w for w in said if w.startswith("clause")]) != clauses or (
                    not kinds and not clauses and said and not set(r.get("unparsed_clauses") or ()) & STRUCTURED):
            missed.append((r["name"], kinds, said))
        # RB-CARD-10: a combat trigger that needs the player's choice is named; one that needs none resolves
        if triggers:
            # (the board has one enemy unit, Stalwart Poro: a trigger that must choose one enemy unit has no choice)
            if any(_needs_choice(e) for e in triggers) and not _one_enemy_here(triggers):
                if not any(u["what"].startswith("its combat trigger") for u in ours):
                    missed.append((r["name"], "trigger not named", [u["what"] for u in ours]))
            elif not any("ability resolves" in ln.text for ln in sd.lines):
                missed.append((r["name"], "trigger did not resolve", triggers))
        named += len(kinds) + clauses + len(triggers) + len(moves)
    assert not missed, missed[:5]
    assert named > 50  # the data has about eighty such abilities not read from the board (fewer as more are read)


def test_a_named_ability_leaves_verify_undecided():
    """An attacker whose ability could act: it is named, and no claim about the combat is decided."""
    r = next(r for r in UNITS if _acting(r, "attacker") and not r.get("damage_immunity_text"))
    doc = {**_board(r, "attacker"),
           "claims": [{"id": "c", "claim": "the battlefield is nobody's", "expect": True}]}
    s = scenario_from_dict(doc, file="<t>")
    assert any(u["card"] == r["name"] for u in play_showdown(s).unmodelled_json())
    assert verify(s).verdicts[0].verdict is None


def test_the_card_lookup_names_what_a_board_would():
    """`pycombat card`: an ability that could act is NOT MODELLED (with the side it acts on); one that
    cannot act in a combat is listed as having no effect there."""
    from pycombat.games.riftbound.cards.acting import LETHAL_ANY
    from pycombat.games.riftbound.cards.lookup import card_report

    warwick = card_report("Warwick - Hunter")  # its "When I attack" trigger: read (RB-CARD-10)
    assert not warwick["unmodelled"] and any("RB-CARD-10" in m["how"] for m in warwick["modelled"])
    mundo = card_report("Dr. Mundo - Expert")  # Might counted from the trash, as the side's `trash:` states (RB-CARD-9)
    assert not mundo["unmodelled"] and any("trash" in m["what"] and "RB-CARD-9" in m["how"] for m in mundo["modelled"])
    kayle = card_report("Kayle, Justified")  # counted from the times it is Empowered, as stated (RB-CARD-9)
    assert not kayle["unmodelled"] and any("each time" in m["what"] for m in kayle["modelled"])
    dragon = card_report("Elder Dragon")  # a rules question the digest does not settle (RB-CARD-4)
    assert [u["why"] for u in dragon["unmodelled"]] == [LETHAL_ANY]
    # conquering comes after the combat's outcome: listed as having no effect, with that reason (RB-RES-5)
    lucian = card_report("Lucian - Merciless")
    assert not lucian["unmodelled"] and any("RB-RES-5" in m["how"] for m in lucian["modelled"])
    # a Deathknell is open for a named rules question, not "not modelled" bare
    kog = card_report("Kog'Maw - Caustic")
    assert any("Resolution Step" in u["why"] for u in kog["unmodelled"])
    caitlyn = card_report("Caitlyn - Patrolling")
    assert not caitlyn["unmodelled"] and any("CR 806.1.c" in m["how"] for m in caitlyn["modelled"])


@pytest.mark.parametrize("name, rule", [("Iascylla", "RB-RES-6"), ("Mournful Witness", "RB-RES-8")])
def test_a_trigger_after_the_combat_leaves_verify_deciding(name, rule):
    """"When I hold, at the start of your next Main Phase ..." (holding is scored in the Beginning Phase, RB-RES-6)
    and "When a combat that I was in ends, empower me" (the combat's end comes after its outcome, RB-RES-8) cannot
    change this combat's answer: nothing is named, the claim is decided, and the card lookup says why."""
    from pycombat.games.riftbound.cards.lookup import card_report

    for role in ("attacker", "defender"):
        other = "defender" if role == "attacker" else "attacker"
        doc = {"game": "riftbound", role: {"units": [{"name": name, "empowered": False}]},
               other: {"units": [{"name": "W", "custom": True, "might": 1}]},
               "claims": [{"id": "c", "claim": "the battlefield is nobody's", "expect": False}]}
        s = scenario_from_dict(doc, file="<t>")
        assert not play_showdown(s).unmodelled_json(), (name, role)
        assert verify(s).verdicts[0].verdict is False, (name, role)  # decided: one side is left
    report = card_report(name)
    assert not report["unmodelled"] and any(rule in m["how"] for m in report["modelled"])
