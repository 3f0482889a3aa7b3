"""MECCG card effects as data (MECCG-FX), nothing silently ignored, the weapon maximum,
card flags for the unclear cards, card lookup.

Every CvCC-relevant event gets a scenario built from its own requirements in which it changes an
answer (a strike's numbers, a cancel verdict, or verify's decidedness); every card the data marks
as having no effect in CvCC gets one in which it changes nothing.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from pycombat.cli import main
from pycombat.games.meccg.cards import interpreter as cardfx
from pycombat.games.meccg.cards.database import load_carddb
from pycombat.games.meccg.cards.lookup import card_lines, card_report
from pycombat.games.meccg.verbs import verify as _verify_verb
from pycombat.games.meccg.cards.coverage import unmodelled
from pycombat.games.meccg.schema import scenario_from_dict
from pycombat.games.meccg.combat.strikes import combat_odds, lasts_the_turn, setup_strikes

DATA = Path(__file__).resolve().parents[2] / "pycombat" / "games" / "meccg" / "data"
DB = load_carddb()
_RAW = yaml.safe_load((DATA / "card_effects.yaml").read_text(encoding="utf-8"))
YAML, TAGS = _RAW["cards"], _RAW["item_tags"]
RELEVANT = [c for c in DB.combat_cards if c.cvcc_relevant == "yes"]
UNCLEAR = [c for c in DB.combat_cards if c.cvcc_relevant == "unclear"]
BARRED = [c for c in DB.combat_cards if c.cvcc_relevant == "no"]


def test_the_data_counts():
    assert (len(RELEVANT), len(BARRED), len(UNCLEAR)) == (87, 59, 9)


# ---- nothing silently ignored -------------------------------------------------------------------
def _accounted(m: cardfx.CardModel) -> bool:
    """A model exists (effect records, bonuses, a 'no effect' verdict, a cancel decided by cards.lp,
    an environment) or an unmodelled entry says what is not modelled."""
    return bool(m.fx or m.variants or m.no_effect or m.unmodelled or m.wound_rolls or m.play in ("cancel", "state", "mode"))


@pytest.mark.parametrize("card", [c for c in DB.combat_cards if not c.card_kind.endswith("item")],
                         ids=lambda c: c.id)
def test_every_event_has_a_model_or_an_unmodelled_entry(card):
    m = cardfx.model(card.id)
    assert _accounted(m), f"{card.id} {card.name}: neither modelled nor listed as unmodelled"
    if card.cvcc_relevant in ("yes", "unclear"):
        assert card.id in YAML, f"{card.id} {card.name} has no entry in card_effects.yaml"
    if card.cvcc_relevant == "unclear":
        assert m.flag in cardfx_flags(), card.id


def cardfx_flags() -> set[str]:
    from pycombat.rulebook import load_rulebook

    return set(load_rulebook("meccg").flags)


@pytest.mark.parametrize("item", DB.items, ids=lambda i: i.id)
def test_every_item_bonus_and_tag_is_modelled_or_listed(item):
    m = cardfx.model(item.id)
    stats = {v.stat for v in m.variants}
    if item.prowess_bonus is not None:
        assert "prowess" in stats
    if item.body_bonus is not None:
        assert "body" in stats
    tags = TAGS
    listed = " ".join(u["what"] for u in m.unmodelled)
    for t in item.combat_tags:
        granted = t.startswith(cardfx.GRANT_TAG) and m.grants_skill == t[len(cardfx.GRANT_TAG):]
        assert item.id in YAML or t in tags or t in listed or granted, f"{item.name}: tag {t!r} silently ignored"
    for cb in item.conditional_bonuses:
        assert any(v.cond for v in m.variants) or listed, f"{item.name}: {cb} silently ignored"


@pytest.mark.parametrize("char", [c for c in DB.characters if c.combat_effects or c.prowess_mods],
                         ids=lambda c: c.id)
def test_every_character_ability_is_modelled_or_listed(char):
    """Each ability that can apply in CvCC is an effect record, a YAML entry or an unmodelled entry."""
    m = cardfx.model(char.id)
    for pm in char.prowess_mods:
        assert any(f.what == "prowess" and f.amount == pm["value"] for f in m.fx), (char.name, pm)
    relevant = [e for e in char.combat_effects if e.get("cvcc") is not False
                and e["effect"] not in ("prowess", "may_not_be_attacked")]
    # read by the assignment rules from the member (MECCG-FX-18): the member built from the card has it
    member_flags = {"assignable_as_untapped": "assignable_as_untapped", "must_be_assigned_first": "struck_before_controller",
                    "discarded_if_controller_wounded": "discarded_with_controller"}
    for e in [e for e in relevant if e["effect"] in member_flags]:
        s = scenario_from_dict({"game": "meccg",
                                "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
                                "defender": {"alignment": char.alignment if char.alignment in ("hero", "minion")
                                             else "hero", "site": "Moria", "members": [char.name]}}, file="<t>")
        assert getattr(s.defender.members[0], member_flags[e["effect"]]) is True, (char.name, e)
    relevant = [e for e in relevant if e["effect"] not in member_flags]
    for e in relevant:
        assert char.id in YAML or m.unmodelled or any(f.what == "halve_opponent_body" for f in m.fx), (char.name, e)


# ---- the weapon maximum (CoE 3.V.vii, MECCG-FX-2) ----------------------------------------------
def _one(att, dfn, strike, flags=None, **extra):
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": att},
            "defender": {"alignment": "hero", "site": "Moria", "members": dfn},
            "combat": {"strikes": [strike]}, **extra}
    if flags:
        data["rules"] = flags
    return scenario_from_dict(data, file="<test>")


def _final(s, who="defender"):
    st = setup_strikes(s)[0]
    return getattr(st, who)


@pytest.mark.parametrize("printed,expected", [(5, 8), (6, 8), (7, 8), (8, 8), (9, 9), (11, 11)])
def test_weapon_maximum_never_lowers_prowess(printed, expected):
    """Glamdring +3 max 8 against a Man: below the maximum it is capped, at or above it gives 0."""
    s = _one([{"name": "Horseman in the Night"}],
             [{"name": "Hero", "custom": True, "prowess": printed, "body": 8, "items": ["Glamdring"]}],
             {"defender": "Hero", "attacker": "Horseman in the Night"})
    side = _final(s)
    assert side.prowess == expected
    assert side.prowess >= printed  # never a penalty
    gain = next(m for m in side.prowess_mods if m.what.startswith("Glamdring"))
    assert gain.amount == max(0, min(3, 8 - printed))


@pytest.mark.parametrize("order,expected", [("weapon_first", 10), ("cap_total", 9)])
def test_weapon_max_order_keeps_its_meaning(order, expected):
    """The digest's example: Gimli (+2 vs Orcs) with Glamdring (+3, max 9 vs Orcs) facing an Orc."""
    s = _one([{"name": "Lagduf"}], [{"name": "Gimli", "items": ["Glamdring"]}],
             {"defender": "Gimli", "attacker": "Lagduf"}, flags={"weapon_max_order": order})
    assert _final(s).prowess == expected


def test_weapon_bonus_formula():
    for before in range(0, 14):
        for bonus in range(1, 6):
            for maximum in range(6, 13):
                got = cardfx.weapon_bonus(before, bonus, maximum)
                assert 0 <= got <= bonus
                assert before + got <= max(maximum, before)
                assert got == bonus or before + got == maximum or (before >= maximum and got == 0)


# ---- each card changes an answer, or not ---------------------------------------------------------
def _custom(name, race="Man", skills=(), prowess=5, body=8, **kw):
    return {"name": name, "custom": True, "race": race, "skills": list(skills), "prowess": prowess, "body": body, **kw}


def _member_for(m: cardfx.CardModel) -> tuple[dict, list[dict]]:
    """A defending character meeting the card's requirements, and the companions it needs."""
    req = dict(m.requires)
    if req.get("any_of"):  # one of several sets of conditions: the first
        req = {**{k: v for k, v in req.items() if k != "any_of"}, **req["any_of"][0]}
    companions: list[dict] = []
    # an untapping card shows only on a tapped character
    status = (req.get("status") or (["tapped"] if any(f.what == "untap" for f in m.fx) else ["untapped"]))[0]
    if req.get("bearer"):
        me = {"name": req["bearer"], "status": status}
    else:
        race = (req.get("race") or ["Man"])[0]
        if race == "Nazgûl":
            race = "Ringwraith"
        skills = [req["skill"]] if req.get("skill") else []
        me = _custom("Hero", race=race, skills=skills, status=status)
        if req.get("keyword"):
            me["keywords"] = [req["keyword"]]
    if req.get("carries"):  # a card for the bearer of one of these items (Biter and Beater!: Orcrist ...)
        carried = req["carries"]
        me.setdefault("items", []).append(carried if isinstance(carried, str) else carried[0])
    have = req.get("company_has")
    if have:
        if have in ("Scout", "Diplomat", "Warrior", "Ranger", "Sage"):
            companions.append(_custom("Helper", skills=[have]))
        elif have == "Leader":
            companions.append(_custom("Helper", keywords=["Leader"]))
        elif " " in have or have.startswith("The"):
            if have in [c.name for c in DB.combat_cards]:
                companions.append({"in_play": have})
            else:
                companions.append({"name": have})
        else:
            companions.append(_custom("Helper", race=have))
    if req.get("untapped_member"):  # a member by card name, untapped (Scourge of Fire: The Balrog)
        companions.append({"name": req["untapped_member"], "status": "untapped"})
    if req.get("company_size_min"):
        companions += [_custom(f"Friend {i}") for i in range(int(req["company_size_min"]))]
    if req.get("not_self"):  # Fatty Bolger's ability: for another Hobbit
        pass
    return me, companions


def _site(m) -> dict:
    """Company fields for a site meeting the card's conditions on it (its kind, region, Under-deeps)."""
    out = {}
    for cond in [m.requires] + [f.cond for f in m.fx]:
        for key in ("site_kind", "site_region"):
            if key in cond:
                out[key] = cond[key][0]
        if "under_deeps" in cond:
            out["under_deeps"] = bool(cond["under_deeps"])
    return out


def _scenario(card, m, with_card: bool):
    me, companions = _member_for(m)
    in_play = [c["in_play"] for c in companions if "in_play" in c]
    companions = [c for c in companions if "in_play" not in c]
    own, opp = (card.alignment, "minion" if card.alignment != "minion" else "hero")
    if own == "stage":  # a Fallen-wizard's stage card (Bow of Alatar): his own (MECCG-FX-20)
        own, opp = "fallen-wizard", "minion"
    elif own not in ("hero", "minion", "balrog", "fallen-wizard"):
        own, opp = "hero", "minion"
    if m.requires.get("own_alignment"):
        own = m.requires["own_alignment"][0]
    if m.requires.get("bearer") == "The Balrog" or m.requires.get("untapped_member") == "The Balrog":
        own = "balrog"  # a card on The Balrog (Glance of Arien, a hazard), or one he must be untapped for
    if m.requires.get("opponent_alignment"):
        opp = m.requires["opponent_alignment"][0]
    if own == opp:
        opp = "minion" if own != "minion" else "hero"
    # a card in play lasting the turn acts on the attacking company only (MECCG-FX-7): its company attacks
    turn = m.play == "in_play" and lasts_the_turn(m)
    if turn and own == "balrog":
        opp = "hero"  # a Balrog company attacks Wizard companies (MECCG-ALIGN-3)
    # the opposing race a record asks for (Mount Slain: a Ringwraith's strike), else an Orc
    foe_race = next((f.cond["opponent_race"][0] for f in m.fx if f.cond.get("opponent_race")
                     and f.what.startswith("opponent_discarded")), "Orc")
    attacker = [_custom("Foe", race=foe_race, prowess=6, body=8)]
    if m.wound_rolls:  # played against a company with a Wizard (Crowned with Storm, MECCG-FX-31)
        attacker[0].update(race="Wizard", type="avatar")
    if m.requires.get("opponent_bears_item"):  # an item of the opposing character to discard (MECCG-FX-26)
        attacker[0]["items"] = ["Dagger of Westernesse" if opp != "minion" else "Orc-draughts"]
    strike = {"defender": me["name"] if not me.get("custom") else "Hero", "attacker": "Foe"}
    defender = {"alignment": own, "site": "Moria", "members": [me] + companions, "in_play": list(in_play), **_site(m)}
    if with_card:
        if m.play == "strike":
            if m.source in ("ally", "member"):
                defender["members"].append({"name": card.name})
            if m.source == "item":
                me.setdefault("items", []).append(card.name)
            if m.source == "placed":  # in play on a member who taps to use it (MECCG-FX-15): one of its race
                race = (m.carrier_requires.get("race") or ["Man"])[0]
                defender["members"].append(_custom("Bearer", race=race))
                defender["in_play"].append({"card": card.name, "member": "Bearer"})
            strike["defender_cards"] = [card.id]
        elif m.play == "in_play":
            defender["in_play"].append(card.id)
        elif m.play == "mode":
            me.update({"name": "Khamûl the Ringwraith", "mode": m.mode})
            me.pop("custom", None)
            for k in ("race", "skills", "prowess", "body"):
                me.pop(k, None)
            strike["defender"] = "Khamûl the Ringwraith"
    elif m.play == "mode":
        me.update({"name": "Khamûl the Ringwraith", "mode": "normal"})
        for k in ("custom", "race", "skills", "prowess", "body"):
            me.pop(k, None)
        strike["defender"] = "Khamûl the Ringwraith"
    if any(f.what == "no_discard" for f in m.fx):  # shows only on a character with a discard number
        me["discard_on_body_check"] = [8]
    data = {"game": "meccg", "attacker": {"alignment": opp, "site": "Moria", "members": attacker, **_site(m)},
            "defender": defender, "combat": {"strikes": [strike]}}
    if turn:
        data["attacker"], data["defender"] = data["defender"], data["attacker"]
        strike["defender"], strike["attacker"] = strike["attacker"], strike["defender"]
    if any(f.cond.get("doors_of_night") for f in m.fx):  # Praise to Elbereth: +1 with Doors of Night
        data["in_play"] = ["TW-28"]
    if m.play == "before_assignment":
        data["rules"] = {"pre_assignment_attack_effects": "allowed", "strike_count_modifiers": "apply"}
        if with_card:
            data["combat"]["before_assignment"] = [card.id]
    if m.flag:
        data.setdefault("rules", {})[m.flag] = "applies"
    for u in m.unmodelled:  # a part open only under a reading (only_if): read it so
        data.setdefault("rules", {}).update(u.get("only_if") or {})
    return scenario_from_dict(data, file="<test>")


def _answer(s):
    """What a card can change: each strike's numbers and odds, and what is not modelled."""
    co = combat_odds(s)
    nums = [(x.attacker.prowess, x.attacker.body, x.attacker.rolls, x.defender.prowess, x.defender.body,
             x.defender.rolls, x.defender.body_roll_mod, x.defender.no_tap, x.defender.discard_on,
             x.cancelled_by is not None) for x in co.setups]
    return nums, [dict(d) for d in co.per_strike], [(u["id"], u["what"]) for u in unmodelled(s)]


def _cancel_verdict(card, m) -> bool | None:
    """Verify's verdict on "<card> cancels the attack" in a position built from the card's records."""
    races = next((e.get("races") for e in card.effects if e.get("effect") == "cancel_attack" and e.get("races")),
                 None)
    race = (races or ["Orc"])[0]
    me, companions = _member_for(m)
    own = card.alignment if card.alignment in ("hero", "minion", "balrog") else "hero"
    opp = "minion" if own == "hero" else "hero"
    if card.id == "AS-44" or "minion company attacks a hero" in str(card.effects):
        own, opp = "hero", "minion"
    members = [me] + [c for c in companions if "in_play" not in c]
    from pycombat.games.meccg.cards.play import cost_discards

    if cost_discards(card.id):  # its cost discards an item of that class (Token of Goodwill): one to discard,
        # and its diplomat to roll
        members.append({"name": "Envoy", "custom": True, "prowess": 2, "body": 7, "skills": ["Diplomat"],
                        "items": ["Dagger of Westernesse"]})
    if m.requires.get("company_size_max"):  # Wizard's River-horses: the Wizard alone
        members = members[::-1][:int(m.requires["company_size_max"])]
    defender = {"alignment": own, "site": "Moria", "members": members, **_site(m)}
    data = {"game": "meccg",
            "attacker": {"alignment": opp, "site": "Moria", "members": [_custom("Foe", race=race)], **_site(m)},
            "defender": defender, "claims": [{"id": "c", "kind": "cancels_attack", "card": card.id}]}
    s = scenario_from_dict(data, file="<test>")
    return _verify_verb(s).verdicts[0].verdict


@pytest.mark.parametrize("card", RELEVANT + UNCLEAR, ids=lambda c: f"{c.id} {c.name}")
def test_every_relevant_card_changes_an_answer(card):
    m = cardfx.model(card.id)
    if m.play == "cancel":
        verdict = _cancel_verdict(card, m)
        assert verdict is None or verdict is True, f"{card.name} cancels nothing (verdict {verdict})"
        return
    if m.play == "state":
        # an environment switches other cards: Doors of Night gives Aiglos its bonus under the flag
        if card.name == "Doors of Night":
            s0 = _one([{"name": "Lagduf"}], [{"name": "Aragorn II", "items": ["Aiglos"]}],
                      {"defender": "Aragorn II", "attacker": "Lagduf"}, flags={"aiglos_doors_of_night": "applies"})
            s1 = _one([{"name": "Lagduf"}], [{"name": "Aragorn II", "items": ["Aiglos"]}],
                      {"defender": "Aragorn II", "attacker": "Lagduf"}, flags={"aiglos_doors_of_night": "applies"},
                      in_play=[card.id])
            assert _final(s0).prowess != _final(s1).prowess
        elif card.name == "Prone to Violence":
            v = [_ptv(with_card) for with_card in (False, True)]
            assert v == [False, True]
        else:  # Gates of Morning, Skies of Fire: they switch an alternative of another card
            user = {"Gates of Morning": "The Sun Unveiled", "Skies of Fire": "Orc Quarrels"}[card.name]
            assert card.name in str(DB.card(user).effects)
        return
    before = _answer(_scenario(card, m, with_card=False))
    after = _answer(_scenario(card, m, with_card=True))
    assert before != after, f"{card.name} changes nothing"


def _ptv(with_card: bool) -> bool:
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"],
                         "in_play": ["Prone to Violence"] if with_card else []},
            "defender": {"alignment": "minion", "site": "Moria", "members": ["Shagrat"]},
            "claims": [{"id": "a", "kind": "may_attack"}]}
    s = scenario_from_dict(data, file="<test>")
    return _verify_verb(s).verdicts[0].verdict


@pytest.mark.parametrize("card", BARRED, ids=lambda c: f"{c.id} {c.name}")
def test_every_barred_card_changes_nothing(card):
    """In play, a card with no effect in CvCC changes no number and leaves nothing unmodelled;
    played before assignment it cancels nothing."""
    base = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Old Troll"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": ["Gimli", "Frodo"]},
            "combat": {"strikes": [{"defender": "Gimli", "attacker": "Lagduf"},
                                   {"defender": "Frodo", "attacker": "Old Troll"}]}}
    s0 = scenario_from_dict(base, file="<test>")
    s1 = scenario_from_dict({**base, "in_play": [card.id]}, file="<test>")
    assert _answer(s0) == _answer(s1)
    assert cardfx.model(card.id).no_effect
    claim = scenario_from_dict({**base, "claims": [{"id": "c", "kind": "cancels_attack", "card": card.id}]},
                               file="<test>")
    assert _verify_verb(claim).verdicts[0].verdict is False


# ---- unmodelled: output and verify -----------------------------------------------------------------
def _write(tmp_path, data) -> str:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(p)


UNMODELLED_SCENARIO = {
    "game": "meccg",
    "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
    "defender": {"alignment": "hero", "site": "Moria", "members": [{"name": "Gimli", "items": ["Wormsbane"]},
                                                                    "Frodo"],
                 "in_play": ["Gloom"]},
    "combat": {"strikes": [{"defender": "Gimli", "attacker": "Lagduf"}]},
    "claims": [{"id": "p", "claim": "the final prowess of Gimli in strike 1 is 9"},
               {"id": "a", "kind": "may_attack"}],
}


def test_unmodelled_cards_are_named_by_every_verb(tmp_path, capsys):
    path = _write(tmp_path, UNMODELLED_SCENARIO)
    for verb in (["odds"], ["replay", "--rolls", "7,7,7"], ["enumerate"]):
        assert main([*verb, path, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert {u["card"] for u in out["unmodelled"]} == {"Gloom"}, verb
        assert all({"card", "what", "why"} <= set(u) for u in out["unmodelled"])
        assert main([*verb, path]) == 0
        assert "Not modelled" in capsys.readouterr().out


def test_verify_does_not_decide_what_an_unmodelled_card_could_change(tmp_path, capsys):
    path = _write(tmp_path, UNMODELLED_SCENARIO)
    main(["verify", path, "--json"])
    claims = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert claims["p"]["verdict"] is None and claims["p"]["decided"] is False
    # the verify loop's note (pycombat.verdicts, as for every game): what is not interpreted, and
    # the verdict if it changed nothing; the verdict's unmodelled list names the card
    (note,) = [n for n in claims["p"]["notes"] if n.startswith("not decided")]
    assert "the model does not interpret (Gloom:" in note and "the verdict would be True" in note
    assert {u["card"] for u in claims["p"]["unmodelled"]} == {"Gloom"}
    assert claims["p"]["reasons"][0]["rule"] == "MECCG-FX-10"
    assert claims["a"]["verdict"] is True  # the attack's legality does not depend on Gloom
    main(["verify", path])
    assert "NOT DECIDED the final prowess of Gimli" in capsys.readouterr().out
    # without the card, the same claim is decided
    clean = json.loads(json.dumps(UNMODELLED_SCENARIO))
    clean["defender"]["in_play"] = []
    main(["verify", _write(tmp_path, clean), "--json"])
    claims = {c["id"]: c for c in json.loads(capsys.readouterr().out)["claims"]}
    assert claims["p"]["verdict"] is True  # 5 + Wormsbane (+2, max 9) + 2 against an Orc


def test_card_flag_is_reported_and_settable(tmp_path, capsys):
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": ["Éowyn"],
                         "in_play": ["Helm of Her Secrecy"]},
            "combat": {"strikes": [{"defender": "Éowyn", "attacker": "Lagduf"}]},
            "claims": [{"id": "p", "claim": "the final prowess of Éowyn in strike 1 is 2"}]}
    path = _write(tmp_path, data)
    main(["verify", path, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["flags"]["helm_of_her_secrecy"] == "no_effect"
    c = out["claims"][0]
    assert c["verdict"] is True and c["decided_by_flags"] == {"helm_of_her_secrecy": "no_effect"}
    main(["verify", path, "--json", "--flag", "helm_of_her_secrecy=applies"])
    c = json.loads(capsys.readouterr().out)["claims"][0]
    assert c["verdict"] is False  # 2 + 2 = 4 under `applies`


def test_ringwraith_modes(tmp_path):
    """Fell Rider: the card's +2 and the avatar's own modifier; Heralded Lord: -2 to the company."""
    def prowess(mode):
        data = {"game": "meccg",
                "attacker": {"alignment": "minion", "site": "Moria",
                             "members": [{"name": "Akhôrahil the Ringwraith", "mode": mode}, "Lagduf"]},
                "defender": {"alignment": "hero", "site": "Moria", "members": ["Gimli", "Frodo"]},
                "combat": {"strikes": [{"defender": "Gimli", "attacker": "Akhôrahil the Ringwraith"},
                                       {"defender": "Frodo", "attacker": "Lagduf"}]}}
        setups = setup_strikes(scenario_from_dict(data, file="<test>"))
        return setups[0].attacker.prowess, setups[1].attacker.prowess
    base, lagduf = DB.character("Akhôrahil the Ringwraith").prowess, DB.character("Lagduf").prowess
    assert prowess("normal") == (base, lagduf)
    assert prowess("fell-rider") == (base + 2 + 1, lagduf)  # Fell Rider +2, Akhôrahil's own +1
    assert prowess("heralded-lord") == (base - 2, lagduf - 2)  # every character in his company


def test_card_report():
    r = card_report("Orcrist")
    c = r["cards"][0]
    assert c["stats"]["prowess_bonus"] == 3 and c["stats"]["prowess_max"] == 9
    assert {"stat": "prowess", "bonus": 4, "maximum": 10, "if": {"opponent_race": ["Orc"]}} in c["bonuses"]
    assert any(line.startswith("Orcrist (TW-295") for line in card_lines(r))
    assert card_report("Frodo Baggins")["suggestions"][0] == "Frodo"
    assert card_report("Aragorn the Twelfth")["suggestions"][0] == "Aragorn II"
    kept = card_report("Staff Asunder")["cards"][0]  # its -2 to the attack's body is not modelled
    assert kept["unmodelled"] and "NOT MODELLED" in "\n".join(card_lines(card_report("Staff Asunder")))
    assert json.dumps(card_report("Éowyn"), ensure_ascii=False)  # JSON-ready


def test_exact_odds_are_fractions_summing_to_one():
    s = _one([{"name": "Lagduf"}], [{"name": "Gimli", "items": ["Glamdring"]}],
             {"defender": "Gimli", "attacker": "Lagduf", "defender_cards": ["Lucky Strike"]})
    co = combat_odds(s)
    assert sum(co.per_strike[0].values()) == 1
    assert all(isinstance(p, Fraction) for p in co.per_strike[0].values())


def test_cards_listed_where_they_do_not_act_are_reported():
    """A mode card without a member in that mode, a strike card listed as in play, and a resource
    in play under no company are not applied, so they are listed (MECCG-FX-10)."""
    data = {"game": "meccg", "in_play": ["Fellowship"],
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Akhôrahil the Ringwraith"],
                         "in_play": ["Fell Rider"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": ["Gimli"], "in_play": ["Dodge"]},
            "combat": {"strikes": [{"defender": "Gimli", "attacker": "Akhôrahil the Ringwraith"}]}}
    s = scenario_from_dict(data, file="<test>")
    assert {u["card"] for u in unmodelled(s)} == {"Fell Rider", "Dodge", "Fellowship"}
    st = setup_strikes(s)[0]
    assert (st.attacker.prowess, st.defender.prowess) == (8, 5)  # none of the three applied
    data["attacker"]["members"] = [{"name": "Akhôrahil the Ringwraith", "mode": "fell-rider"}]
    s = scenario_from_dict(data, file="<test>")
    assert "Fell Rider" not in {u["card"] for u in unmodelled(s)}
    assert setup_strikes(s)[0].attacker.prowess == 8 + 2 + 1


def test_an_unmodelled_item_blocks_only_the_claims_about_its_strike():
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf", "Old Troll"]},
            "defender": {"alignment": "hero", "site": "Moria",
                         "members": [{"name": "Gimli", "items": ["Horn of Defiance"]}, "Aragorn II"]},
            "combat": {"strikes": [{"defender": "Gimli", "attacker": "Lagduf"},
                                   {"defender": "Aragorn II", "attacker": "Old Troll"}]},
            "claims": [{"id": "g", "claim": "the final prowess of Gimli in strike 1 is 7"},
                       {"id": "a", "claim": "the final prowess of Aragorn II in strike 2 is 6"}]}
    s = scenario_from_dict(data, file="<test>")
    # facing every strike meets MECCG-STRUCT-5: no effect under the default reading ...
    assert unmodelled(s) == []
    assert {x.claim.id: x.verdict for x in _verify_verb(s).verdicts} == {"g": True, "a": True}
    # ... and not modelled where the card's text wins
    s = scenario_from_dict({**data, "rules": {"one_strike_per_character": "card"}}, file="<test>")
    assert [u["card"] for u in unmodelled(s)] == ["Horn of Defiance"]
    v = {x.claim.id: x.verdict for x in _verify_verb(s).verdicts}
    assert v == {"g": None, "a": True}


@pytest.mark.parametrize("ent", ["Treebeard", "Leaflock", "Skinbark", "Quickbeam"])
def test_the_ents_may_be_attacked_in_cvcc(ent):
    """The refreshed data: the Ents' "may not be attacked" covers automatic-attacks and hazards keyed
    to their site only (may_not_be_attacked_scope), so in CvCC they are targets; Goldberry is not."""
    card = DB.character(ent)
    assert not card.may_not_be_attacked and "automatic" in card.may_not_be_attacked_scope
    data = {"game": "meccg",
            "attacker": {"alignment": "minion", "site": "Moria", "members": ["Lagduf"]},
            "defender": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II", ent, "Goldberry"]},
            "claims": [{"id": "e", "claim": f"{ent} may be attacked"},
                       {"id": "g", "claim": "Goldberry may be attacked"}]}
    s = scenario_from_dict(data, file="<test>")
    assert {v.claim.id: v.verdict for v in _verify_verb(s).verdicts} == {"e": True, "g": False}


@pytest.mark.parametrize("members, playable", [(["The Balrog", "Lagduf"], True), (["Shagrat"], True),
                                               (["Lagduf"], False)])
def test_foe_dismayed_needs_a_leaders_or_the_balrogs_company(members, playable):
    """Foe Dismayed (BA-59): "all characters in a leader's or The Balrog's company" (condition any_of); "Balrog
    specific": a Balrog player's company in every case."""
    from pycombat.games.meccg.claims.verify import verify
    from pycombat.verdicts import Claim

    s = scenario_from_dict({"game": "meccg",
                            "attacker": {"alignment": "hero", "site": "Moria", "members": ["Aragorn II"]},
                            "defender": {"alignment": "balrog", "site": "Moria", "members": members}}, file="<t>")
    claim = Claim(id="c", kind="playable_at_step", text="", args={"card": "Foe Dismayed", "step": 6,
                                                                 "defender": members[-1], "attacker": "Aragorn II"})
    v = verify(s, [claim])[0]
    assert v.verdict is playable and not v.unmodelled
