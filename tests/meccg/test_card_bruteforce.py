"""Card effects by brute force: random strikes with random cards, items, modes and cards in play from the
shipped data; the final prowess and body and the exact odds of each strike are recomputed here,
step by step, from the raw records (characters.json, items.json, card_effects.yaml) as the rules
describe them (MECCG-SEQ-9/10, MECCG-BODY-1..3, MECCG-FX-1..9, MECCG-FX-12), without calling the
card interpreter, and compared with the strike model's answers.
"""
from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.combat.strikes import setup_strikes, strike_outcomes
from budget import examples  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "meccg" / "data"


def _records(name):
    return json.loads((DATA / name).read_text(encoding="utf-8"))["records"]


CHARS = {}
for r in _records("characters.json"):
    CHARS.setdefault(r["name"], r)
ITEMS = {}
for r in _records("items.json"):
    ITEMS.setdefault(r["name"], r)
CARDS = yaml.safe_load((DATA / "card_effects.yaml").read_text(encoding="utf-8"))["cards"]
BY_NAME = {v["name"]: (k, v) for k, v in CARDS.items()}

ATTACKERS = ["Lagduf", "Shagrat", "Old Troll", "Bûrat", "Akhôrahil the Ringwraith", "Khamûl the Ringwraith",
             "Horseman in the Night", "Lieutenant of Angmar"]
DEFENDERS = ["Gimli", "Éowyn", "Aragorn II", "Frodo", "Balin", "Glorfindel II", "Galva", "Elladan"]
HERO_ITEMS = ["Glamdring", "Orcrist", "Sting", "Dwarven Axe", "The Mithril-coat", "Dwarven Ring of Barin’s Tribe"]
MINION_ITEMS = ["Saw-toothed Blade", "Black Mace", "Broad-headed Spear", "High Helm"]
STRIKE_CARDS = ["Swift Strokes", "Bold Thrust", "Risky Blow", "Lucky Strike", "Dodge", "Blow Turned", "Block",
                "Under His Blow", "Halfling Stealth"]
MODES = ["normal", "fell-rider", "heralded-lord"]

# ---- the rules, written out -----------------------------------------------------------------------


def _is(race: str | None, races) -> bool:
    """A race in a list (a Ringwraith is a Nazgûl)."""
    names = set(races if isinstance(races, list) else [races])
    if "Nazgûl" in names:
        names.add("Ringwraith")
    return race in names


def _capped(before: int, bonus: int, maximum) -> int:
    """CoE 3.V.vii: a maximum caps the bonus and never turns it into a penalty."""
    if maximum is None or bonus <= 0:
        return bonus
    return max(0, min(bonus, maximum - before))


def _item_bonus(item, stat, me, opp):
    """(bonus, maximum) of an item for ``stat`` under the raw items.json fields, or None."""
    bonus, maximum = item.get(f"{stat}_bonus"), item.get(f"{stat}_max")
    if bonus is None:
        return None
    if item.get(f"{stat}_warrior_only") and "Warrior" not in me["skills"]:
        return None
    for cb in item.get("conditional_bonuses") or ():
        hit = ("against" in cb and isinstance(cb["against"], list) and _is(opp["race"], cb["against"])) or \
            ("bearer_race" in cb and me["race"] == cb["bearer_race"]) or \
            ("bearer_skill" in cb and cb["bearer_skill"] in me["skills"])
        if hit and stat == "prowess" and ("prowess_bonus" in cb or "prowess_max" in cb):
            bonus, maximum = cb.get("prowess_bonus", bonus), cb.get("prowess_max", maximum)
    return bonus, maximum


def _side(me, opp, items, cards, opp_cards, status, took, mode, company_modes, morgul_on_opp, morgul_on_me):
    """(prowess, body, rolls, body-roll modifier, discard numbers, cancels) of one side."""
    base, body0 = me["prowess"], me["body"]
    # 1. the weapon (the best one), with its maximum
    weapons = [_item_bonus(i, "prowess", me, opp) for i in items if "Weapon" in (i.get("item_keywords") or [])]
    gains = [_capped(base, b, m) for b, m in [w for w in weapons if w]]
    prowess = base + (max(gains) if gains else 0)
    after_weapon = prowess
    # other items: slotless ones all apply (capped after the weapon); one armor/helmet for body
    for i in items:
        kw = i.get("item_keywords") or []
        if any(k in kw for k in ("Weapon", "Armor", "Shield", "Helmet")):
            continue
        v = _item_bonus(i, "prowess", me, opp)
        if v:
            prowess += _capped(after_weapon, *v)
    body = body0
    for slot in ("Armor", "Helmet", "Shield"):
        options = [_item_bonus(i, "body", me, opp) for i in items if slot in (i.get("item_keywords") or [])]
        got = [_capped(body0, b, m) for b, m in [o for o in options if o]]
        body += max(got) if got else 0
    helm_p = [_item_bonus(i, "prowess", me, opp) for i in items if "Helmet" in (i.get("item_keywords") or [])]
    helm_p = [_capped(after_weapon, b, m) for b, m in [h for h in helm_p if h]]
    prowess += max(helm_p) if helm_p else 0
    # 2. the other modifications
    fx = [f for c in cards for f in BY_NAME[c][1].get("fx", [])]
    untapped_by_card = any(f["what"] == "untap" for f in fx)
    if status == "wounded":
        prowess -= 2
    elif status == "tapped" and not untapped_by_card:
        prowess -= 1
    if took:
        prowess -= 3
    prowess += sum(f.get("amount", 0) for f in fx if f["what"] == "prowess")
    body += sum(f.get("amount", 0) for f in fx if f["what"] == "body")
    for pm in me.get("prowess_mods") or ():
        if pm.get("against") and _is(opp["race"], pm["against"]):
            prowess += pm["value"]
        if pm.get("mode") == "Fell Rider" and mode == "fell-rider":
            prowess += pm["value"]
    if mode == "fell-rider":
        prowess += 2  # the Fell Rider card
    if "heralded-lord" in company_modes:
        prowess -= 2  # every character in a Heralded Lord's company
    if morgul_on_me:  # Morgul-blade: the strike against the opponent's Ringwraith is weaker
        prowess -= 1
        body -= 1
    if opp["name"] == "Khamûl the Ringwraith" and me["race"] == "Elf":
        body -= 2
    shift = body - body0
    # Éowyn and the like halve a Ringwraith's body (round up) after the rest
    for pm in opp.get("prowess_mods") or ():
        if pm.get("also") and _is(me["race"], pm["against"]):
            body = -(-body // 2)
            shift = body - body0
    rolls = max([f.get("amount", 1) for f in fx if f["what"] == "rolls"] + [1])
    roll_mod = sum(f.get("amount", 0) for f in fx if f["what"] == "body_check_roll")
    discard = tuple(n + shift for n in (me.get("discard_on_body_check") or ()))
    cancels = any(f["what"] == "cancel_strike" for f in fx)
    return prowess, body, rolls, roll_mod, discard, cancels


def _totals(n: int) -> Counter:
    """Best of ``n`` rolls of 2d6, counted over every face combination."""
    out: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=2 * n):
        out[max(faces[2 * i] + faces[2 * i + 1] for i in range(n))] += 1
    return out


def _odds(a, d, a_prewounded, d_prewounded, a_rw, d_rw):
    """(result, loser, fate) -> exact probability, step by step: both roll, compare, body check."""
    (pa, ba, ra, ma, da, ca), (pd, bd, rd, md, dd, cd) = a, d
    if ca or cd:
        return {("cancelled", None, None): Fraction(1)}
    ta, td, body = _totals(ra), _totals(rd), _totals(1)
    na, nd = sum(ta.values()), sum(td.values())
    out: Counter = Counter()
    for xa, wa in ta.items():
        for xd, wd in td.items():
            w = Fraction(wa * wd, na * nd)
            if pd + xd == pa + xa:
                out[("tie", None, None)] += w
                continue
            loser_is_a = pd + xd > pa + xa
            lb, lm, ldis, lpre, lrw = (ba, ma, da, a_prewounded, a_rw) if loser_is_a else (bd, md, dd, d_prewounded, d_rw)
            for roll, wb in body.items():
                result = roll + (1 if lpre else 0) + lm
                if lrw and roll in (7, 8):
                    fate = "returned"
                elif result in ldis:
                    fate = "discarded"
                elif result > lb:
                    fate = "eliminated"
                else:
                    fate = "survives"
                out[("fails" if loser_is_a else "succeeds", "A" if loser_is_a else "D", fate)] += w * Fraction(wb, 36)
    return dict(out)


# ---- random strikes ---------------------------------------------------------------------------------
#: each strike card's printed alignment (combat_cards.json): a player plays only his own (MECCG-FX-20)
ALIGNMENT = {r["name"]: r["alignment"] for r in json.loads(
    (Path(__file__).parents[2] / "pycombat" / "games" / "meccg" / "data" / "combat_cards.json").read_text(encoding="utf-8"))[
    "records"]}


def _qualifies(card: str, char, status: str) -> bool:
    if ALIGNMENT.get(card, "neutral") not in (char["alignment"], "neutral", "dual"):
        return False  # MECCG-FX-20
    req = BY_NAME[card][1].get("requires") or {}
    if req.get("status") and status not in req["status"]:
        return False
    if req.get("skill") and req["skill"] not in char["skills"]:
        return False
    if req.get("race") and char["race"] not in req["race"]:
        return False
    return True


@st.composite
def strikes(draw):
    a = CHARS[draw(st.sampled_from(ATTACKERS))]
    d = CHARS[draw(st.sampled_from(DEFENDERS))]
    a_items = draw(st.lists(st.sampled_from(MINION_ITEMS), max_size=2, unique=True))
    d_items = draw(st.lists(st.sampled_from(HERO_ITEMS), max_size=2, unique=True))
    a_status = draw(st.sampled_from(["untapped", "untapped", "tapped", "wounded"]))
    d_status = draw(st.sampled_from(["untapped", "untapped", "tapped", "wounded"]))
    a_ok = [c for c in STRIKE_CARDS if _qualifies(c, a, a_status)]
    d_ok = [c for c in STRIKE_CARDS if _qualifies(c, d, d_status)]
    a_cards = draw(st.lists(st.sampled_from(a_ok), max_size=1)) if a_ok else []
    d_cards = draw(st.lists(st.sampled_from(d_ok), max_size=2, unique=True)) if d_ok else []
    if sum(1 for c in d_cards if (BY_NAME[c][1].get("requires") or {}).get("skill")) > 1:
        d_cards = d_cards[:1]  # MECCG-SEQ-7: one skill card per step
    a_took = a_status == "untapped" and draw(st.booleans())
    d_took = d_status == "untapped" and draw(st.booleans())
    mode = draw(st.sampled_from(MODES)) if a["race"] == "Ringwraith" else None
    morgul = a["race"] == "Ringwraith" and draw(st.booleans())
    return a, d, a_items, d_items, a_status, d_status, a_cards, d_cards, a_took, d_took, mode, morgul


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strikes())
def test_random_strikes_against_a_step_by_step_evaluation(case):
    a, d, a_items, d_items, a_status, d_status, a_cards, d_cards, a_took, d_took, mode, morgul = case
    amember = {"name": a["name"], "status": a_status, "items": a_items}
    if mode:
        amember["mode"] = mode
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": [amember],
                         "in_play": ["Morgul-blade"] if morgul else []},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [{"name": d["name"], "status": d_status, "items": d_items}]},
            "combat": {"strikes": [{"defender": d["name"], "attacker": a["name"], "attacker_cards": a_cards,
                                    "defender_cards": d_cards, "attacker_untapped": a_took,
                                    "defender_untapped": d_took}]}}
    s = scenario_from_dict(data, file="<random>")
    setup = setup_strikes(s)[0]
    modes = {mode} if mode else set()
    want_a = _side(a, d, [ITEMS[i] for i in a_items], a_cards, d_cards, a_status, a_took, mode, modes, False, False)
    want_d = _side(d, a, [ITEMS[i] for i in d_items], d_cards, a_cards, d_status, d_took, None, set(), False, morgul)
    got_a = (setup.attacker.prowess, setup.attacker.body, setup.attacker.rolls, setup.attacker.body_roll_mod,
             setup.attacker.discard_on, setup.cancelled_by is not None and setup.cancelled_by.name in a_cards)
    got_d = (setup.defender.prowess, setup.defender.body, setup.defender.rolls, setup.defender.body_roll_mod,
             setup.defender.discard_on, setup.cancelled_by is not None and setup.cancelled_by.name in d_cards)
    assert got_a == want_a, (setup.attacker.prowess_mods, setup.attacker.body_mods)
    assert got_d == want_d, (setup.defender.prowess_mods, setup.defender.body_mods)
    want = _odds(want_a, want_d, a_status == "wounded", d_status == "wounded", a["race"] == "Ringwraith",
                 d["race"] == "Ringwraith")
    dist = strike_outcomes(setup, s)
    got: Counter = Counter()
    for o, p in dist.items():
        loser = None if o.loser is None else ("A" if o.loser == a["name"] else "D")
        got[(o.result, loser, o.fate)] += p
    assert sum(got.values()) == 1
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in want.items() if v}


# ---- race cancels: cards.lp facts from the records against the rule written out ---------------------
RACE_CANCELS = ["Dark Quarrels", "Trickery"]
CANCEL_ATTACKERS = ["Lagduf", "Old Troll", "Horseman in the Night", "Akhôrahil the Ringwraith", "Blackbole",
                    "Ill-favoured Fellow", "Lieutenant of Morgul"]
EVENTS = {r["name"]: r for r in _records("combat_cards.json") if r.get("effects")}


@settings(max_examples=examples(25), deadline=None)
@given(st.sampled_from(RACE_CANCELS), st.lists(st.sampled_from(CANCEL_ATTACKERS), min_size=1, max_size=3, unique=True),
       st.booleans())
def test_race_cancels_against_the_rule(card, attackers, with_scout):
    """MECCG-PRE-3: a race cancel works only if every attacking member has a listed race (allies have
    none); MECCG-PRE-10: a cancel needing a scout needs one in the attacked company."""
    rec = next(e for e in EVENTS[card]["effects"] if e["effect"] == "cancel_attack")
    defenders = ["Aragorn II", "Gimli"] if with_scout else ["Gimli", "Glorfindel II"]
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": attackers},
            "defender": {"alignment": "hero", "site": "Moria", "members": defenders},
            "claims": [{"id": "c", "claim": f"{card} cancels the attack"}]}
    s = scenario_from_dict(data, file="<random>")
    from pycombat.games.meccg.verbs import verify as _verify_verb

    races_ok = all(CHARS[a]["race"] in rec["races"] for a in attackers)
    skill = EVENTS[card].get("required_skill")
    scout_ok = skill is None or any(skill in CHARS[d]["skills"] for d in defenders)
    assert _verify_verb(s).verdicts[0].verdict is (races_ok and scout_ok)
