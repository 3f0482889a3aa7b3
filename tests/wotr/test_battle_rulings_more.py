"""Rulings a demanding judge checks, each pinned to its rule (pycombat/rules/wotr.md and
pycombat/games/wotr/card_flags.md): the default self-hits of Relentless Assault and Onslaught with no replacement
Regular (WOTR-CARDX-2, WOTR-CAS-5); a card claim in a later round (WOTR-EVT-9); the Army an Event card lets attack
(WOTR-EVT-8/9); the regions free for a retreat (WOTR-END-3, WOTR-MOVE-3); Corsairs of Umbar's attack that cannot
cease; the Shadow die's faces (WOTR-DICE-1); a sortie that loses the garrison (WOTR-CAPT-1); a Nation with only a
Leader in the attacked Army (WOTR-STR-7); re-rolls under leader_reroll=choose (WOTR-HIT-7); the White Rider in the
rearguard (WOTR-STR-11); an ambiguous character name; closest card names; the self-hits field's error."""
from __future__ import annotations

import json
import textwrap
from fractions import Fraction

from pycombat.cli import main


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(textwrap.dedent(text))
    return p


def outcomes(out):
    pol = json.loads(out)["policies"]["regulars_first"]
    return {k: Fraction(v["exact"]) for k, v in pol["outcomes"].items()}


# ---- 1. WOTR-CARDX-2 / WOTR-CAS-5: default self-hits keep a unit, the replacement pool counted ----------------
RELENTLESS = """\
    game: wotr
    politics: {Sauron: at_war, Gondor: at_war}
    attacker:
      region: Dagorlad
      units: {Sauron: {elites: 1}}
      replacements: {Sauron: 0}
      card: Relentless Assault
    defender:
      region: North Ithilien
      units: {Gondor: {regulars: 2}}
      retreat_to: []
    rules: {casualty_policy: regulars_first, max_rounds: 1}
"""


def test_relentless_default_keeps_the_lone_elite_without_replacement(capsys, tmp_path):
    f = write(tmp_path, "c31.yaml", RELENTLESS)
    code, out, err = run(capsys, "odds", f)
    assert code == 0, err
    assert "takes 0 hits on his own Army" in out and "WOTR-CARDX-2" in out
    code, out, err = run(capsys, "odds", f, "--json")
    got = outcomes(out)
    # one Elite, one die against two: the attacker is eliminated only if the defender hits (1 - (2/3)^2)
    assert got["defender_holds"] == Fraction(5, 9)


def test_relentless_default_with_a_replacement_takes_one(capsys, tmp_path):
    f = write(tmp_path, "c31b.yaml", RELENTLESS.replace("{Sauron: 0}", "{Sauron: 1}"))
    code, out, err = run(capsys, "odds", f)
    assert code == 0, err
    assert "takes 1 hit on his own Army for +1" in out


def test_onslaught_default_two_elites_no_pool_never_self_destroys(capsys, tmp_path):
    f = write(tmp_path, "c32.yaml", RELENTLESS.replace("{elites: 1}", "{elites: 2}")
              .replace("Relentless Assault", "Onslaught").replace("regulars: 2", "regulars: 4"))
    code, out, err = run(capsys, "odds", f)
    assert code == 0, err
    line = next(x for x in out.splitlines() if "attacker self-hits" in x)
    assert " 3:" not in line and " 1:" not in line and " 2:" in line  # two Elites, no pool: 2 hits at most
    code, out, err = run(capsys, "odds", f, "--json")
    assert outcomes(out)["defender_holds"] < 1


def test_most_hits_kept():
    from pycombat.games.wotr.battle.casualties import most_hits_kept, regulars_first
    assert most_hits_kept(((0, 1),), (0,), 2) == 0
    assert most_hits_kept(((0, 1),), (1,), 2) == 1
    assert most_hits_kept(((0, 2),), (0,), 4) == 2
    assert most_hits_kept(((1, 1),), (0,), 4) == 2
    assert most_hits_kept(((0, 2),), (0,), 4, regulars_first) == 2


# ---- 2. card_playable reads its round: the same decision as odds (WOTR-EVT-9, WOTR-CARDX-7, WOTR-CARD-5) -------
def verdicts(capsys, f):
    code, out, err = run(capsys, "verify", f, "--json")
    assert err == "", err
    return {c["id"]: c for c in json.loads(out)["claims"]}


GROND = """\
    game: wotr
    politics: {Sauron: at_war, Gondor: at_war}
    attacker:
      region: Minas Tirith
      units: {Sauron: {regulars: 5, elites: 2}}
      characters: [The Witch-king]
    defender:
      region: Minas Tirith
      besieged: true
      units: {Gondor: {regulars: 4, leaders: 1}}
    battle: {kind: siege, action: event, card: "Grond, Hammer of the Underworld"}
    rules: {casualty_policy: regulars_first}
    claims:
      - {id: sw1, kind: card_playable, role: defender, combat_card: Shield-wall, expect: false}
      - {id: sw2, kind: card_playable, role: defender, combat_card: Shield-wall, round: 2, expect: true}
"""


def test_grond_bans_fp_cards_in_round_one_only(capsys, tmp_path):
    got = verdicts(capsys, write(tmp_path, "ev10.yaml", GROND))
    assert got["sw1"]["verdict"] is False and "WOTR-EVT-9" in [r["rule"] for r in got["sw1"]["reasons"]]
    assert got["sw2"]["verdict"] is True and got["sw2"]["decided"]
    assert "WOTR-CARDX-7" in [r["rule"] for r in got["sw2"]["reasons"]]


CHARGE = """\
    game: wotr
    politics: {Sauron: at_war, Gondor: at_war}
    attacker:
      region: Dagorlad
      units: {Sauron: {regulars: 5}}
    defender:
      region: North Ithilien
      units: {Gondor: {regulars: 1, elites: 1}}
      card: {name: Charge, round: 2}
      retreat_to: []
    claims:
      - {id: r1, kind: card_playable, role: defender, combat_card: Charge, round: 1}
      - {id: r2, kind: card_playable, role: defender, combat_card: Charge, round: 2}
"""


def test_charge_round_two_depends_on_round_one_like_odds(capsys, tmp_path):
    f = write(tmp_path, "v06.yaml", CHARGE)
    got = verdicts(capsys, f)
    assert got["r1"]["verdict"] is True
    assert got["r2"]["decided"] is False  # the only Elite may be gone by round 2
    assert any("cannot be played" in n and "WOTR-CARD-5" in n for n in got["r2"]["notes"])
    code, out, _ = run(capsys, "odds", f)
    assert "round 2: the defender's Charge cannot be played in some positions" in out


def test_card_round_never_fought_is_false(capsys, tmp_path):
    text = CHARGE.replace("retreat_to: []", "retreat_to: []\n    rules: {max_rounds: 2}") \
        + "      - {id: r9, kind: card_playable, role: defender, combat_card: Charge, round: 9}\n"
    f = write(tmp_path, "v07.yaml", text)
    got = verdicts(capsys, f)
    assert got["r9"]["verdict"] is False and got["r9"]["decided"]
    assert "WOTR-ROUND-1" in [r["rule"] for r in got["r9"]["reasons"]]


# ---- 3. the Army an Event card lets attack (WOTR-EVT-9, WOTR-EVT-8, WOTR-ATK-1; data/event_attackers.yaml) ------
def _legal(capsys, tmp_path, text):
    f = write(tmp_path, "ev.yaml", text + "claims:\n  - {id: legal, claim: \"the attack is legal\"}\n")
    return verdicts(capsys, f)["legal"]


EV_FIELD = """\
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Dagorlad
  units: {Sauron: {regulars: 5}}
ATTACKER_EXTRA
defender:
  region: North Ithilien
  units: {Gondor: {regulars: 2}}
"""


def ev_field(extra: str, card: str) -> str:
    return "game: wotr\n" + EV_FIELD.replace("ATTACKER_EXTRA\n", extra) + f'battle: {{action: event, card: "{card}"}}\n'


def test_grond_refused_for_a_field_battle(capsys, tmp_path):
    got = _legal(capsys, tmp_path, ev_field("  characters: [The Witch-king]\n", "Grond, Hammer of the Underworld"))
    assert got["verdict"] is False
    assert any("card attacks only in" in n and "siege" in n for n in got["notes"])


def test_grond_needs_the_witch_king_in_the_attacking_army(capsys, tmp_path):
    text = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Minas Tirith
  units: {Sauron: {regulars: 5, elites: 2}}
  nazgul: 2
defender:
  region: Minas Tirith
  besieged: true
  units: {Gondor: {regulars: 2, leaders: 1}}
in_play: [The Witch-king]
battle: {kind: siege, action: event, card: "Grond, Hammer of the Underworld"}
"""
    got = _legal(capsys, tmp_path, text)
    assert got["verdict"] is False and any("lacks" in n and "Witch-king" in n for n in got["notes"])
    ok = _legal(capsys, tmp_path, text.replace("  nazgul: 2\n", "  characters: [The Witch-king]\n")
                .replace("in_play: [The Witch-king]\n", ""))
    assert ok["verdict"] is True


def test_black_captain_and_ringwraiths_need_their_figures(capsys, tmp_path):
    got = _legal(capsys, tmp_path, ev_field("", "The Black Captain Commands").replace(
        "politics:", "in_play: [The Witch-king]\npolitics:"))
    assert got["verdict"] is False and "WOTR-EVT-9" in [r["rule"] for r in got["reasons"]]
    got = _legal(capsys, tmp_path, ev_field("", "The Ringwraiths Are Abroad"))
    assert got["verdict"] is False and any("Nazgûl" in n for n in got["notes"])
    got = _legal(capsys, tmp_path, ev_field("  nazgul: 1\n", "The Ringwraiths Are Abroad"))
    assert got["verdict"] is True


def test_uruk_hai_needs_saruman_in_play_and_an_isengard_unit(capsys, tmp_path):
    text = """\
game: wotr
politics: {Sauron: at_war, Rohan: at_war, Isengard: at_war}
attacker:
  region: Helm's Deep
  units: {Sauron: {regulars: 5, elites: 1}}
defender:
  region: Helm's Deep
  besieged: true
  units: {Rohan: {regulars: 2}}
battle: {kind: siege, action: event, card: "The Fighting Uruk-hai"}
"""
    got = _legal(capsys, tmp_path, text)
    rules = [r["rule"] for r in got["reasons"]]
    assert got["verdict"] is False and "WOTR-EVT-8" in rules and "WOTR-EVT-9" in rules


def test_help_unlooked_for_needs_a_relief(capsys, tmp_path):
    text = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: North Ithilien
  units: {Gondor: {regulars: 3}}
defender:
  region: Dagorlad
  units: {Sauron: {regulars: 2}}
battle: {action: event, card: "Help Unlooked For"}
"""
    got = _legal(capsys, tmp_path, text)
    assert got["verdict"] is False and any("relieve a siege" in n for n in got["notes"])


def test_illegal_event_attack_refused_by_odds(capsys, tmp_path):
    f = write(tmp_path, "ev06.yaml", ev_field("  characters: [The Witch-king]\n", "Grond, Hammer of the Underworld"))
    code, out, err = run(capsys, "odds", f)
    assert code == 2 and "WOTR-EVT-9" in err and "Traceback" not in err


# ---- 5. Corsairs of Umbar: the attacker cannot cease (WOTR-EVT-9, WOTR-ROUND-3); its movement named unchecked ----
CORSAIRS = """\
game: wotr
politics: {Southrons: at_war, Gondor: at_war}
attacker:
  region: West Harondor
  units: {Southrons: {regulars: 4}}
defender:
  region: Pelargir
  units: {Gondor: {regulars: 2}}
battle: {action: event, card: "Corsairs of Umbar"}
rules: {attacker_continue: never, casualty_policy: regulars_first}
"""


def test_corsairs_attacker_cannot_cease(capsys, tmp_path):
    f = write(tmp_path, "ev05.yaml", CORSAIRS)
    code, out, err = run(capsys, "odds", f, "--json")
    assert code == 0, err
    data = json.loads(out)
    got = outcomes(out)
    assert got.get("attack_ceased", 0) == 0
    assert sum(got.values()) == 1
    assert any("cannot cease" in n["text"] and n["rule"] == "WOTR-EVT-9" for n in data["notes"])
    assert any(u["card"] == "Corsairs of Umbar" and "Umbar" in u["what"] for u in data["unmodelled"])
    # the same battle started by an Army die may cease (control)
    g = write(tmp_path, "army.yaml", CORSAIRS.replace('battle: {action: event, card: "Corsairs of Umbar"}\n', ""))
    code, out, err = run(capsys, "odds", g, "--json")
    assert outcomes(out)["attack_ceased"] > 0


# ---- 4. retreat_to keeps only regions free for the defender (WOTR-END-3, WOTR-MOVE-3) ------------------------
RETREAT = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Dagorlad
  units: {Sauron: {regulars: 4}}
defender:
  region: North Ithilien
  units: {Gondor: {regulars: 2}}
  retreat_to: [WHERE]
claims:
  - {id: r, claim: "the defender may retreat"}
"""


def test_retreat_to_the_attackers_region_is_not_free(capsys, tmp_path):
    got = verdicts(capsys, write(tmp_path, "g05b.yaml", RETREAT.replace("WHERE", "Dagorlad")))["r"]
    assert got["verdict"] is False
    assert any("Dagorlad holds the attacking Army" in n for n in got["notes"])


def test_retreat_to_an_enemy_stronghold_is_not_free(capsys, tmp_path):
    f = write(tmp_path, "g05.yaml", RETREAT.replace("WHERE", "Minas Morgul"))
    got = verdicts(capsys, f)["r"]
    assert got["verdict"] is False and "WOTR-MOVE-3" in [r["rule"] for r in got["reasons"]]
    code, out, err = run(capsys, "odds", f)
    assert "the defender has no free region to retreat to" in out and "Minas Morgul" in out


def test_retreat_to_keeps_the_free_ones(capsys, tmp_path):
    f = write(tmp_path, "g05c.yaml", RETREAT.replace("WHERE", "Dagorlad, Osgiliath"))
    got = verdicts(capsys, f)["r"]
    assert got["verdict"] is True and any(n == "free regions: Osgiliath" for n in got["notes"])


# ---- 6. the Shadow die has no Will of the West face (WOTR-DICE-1) ---------------------------------------------
def test_shadow_attack_with_will_of_the_west_is_illegal(capsys, tmp_path):
    text = ev_field("", "x").replace('battle: {action: event, card: "x"}', "battle: {action: will_of_the_west}")
    got = _legal(capsys, tmp_path, text)
    assert got["verdict"] is False and "WOTR-DICE-1" in [r["rule"] for r in got["reasons"]]
    fp = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: North Ithilien
  units: {Gondor: {regulars: 3}}
defender:
  region: Dagorlad
  units: {Sauron: {regulars: 2}}
battle: {action: will_of_the_west}
"""
    assert _legal(capsys, tmp_path, fp)["verdict"] is True  # the Free Peoples die has it (WOTR-DICE-6)


# ---- 7. a sortie of the whole garrison, eliminated: the besieger captures the Stronghold (WOTR-CAPT-1, SITE-6) --
SORTIE = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Minas Tirith
  besieged: true
  units: {Gondor: {regulars: GARRISON}}
REARGUARD
defender:
  region: Minas Tirith
  units: {Sauron: {regulars: 5}}
battle: {kind: sortie}
rules: {casualty_policy: regulars_first}
"""


def _capture_row(capsys, f):
    code, out, err = run(capsys, "odds", f, "--json")
    assert code == 0, err
    rows = [r for r in json.loads(out)["politics"] if r.get("settlement") == "Minas Tirith"]
    return rows[0] if rows else None, outcomes(out)


def test_sortie_of_the_whole_garrison_eliminated_is_a_capture(capsys, tmp_path):
    row, got = _capture_row(capsys, write(tmp_path, "g07.yaml", SORTIE.replace("GARRISON", "1")
                                          .replace("REARGUARD\n", "")))
    assert row is not None and row["captor"] == "defender"
    assert Fraction(row["p_region_won"]["exact"]) == got["defender_holds"] > 0
    assert "WOTR-CAPT-1" in row["rules"]


def test_sortie_with_a_rearguard_inside_captures_nothing(capsys, tmp_path):
    row, _ = _capture_row(capsys, write(tmp_path, "g07b.yaml", SORTIE.replace("GARRISON", "2").replace(
        "REARGUARD\n", "  rearguard: {units: {Gondor: {regulars: 1}}}\n")))
    assert row is None


# ---- 8. a Nation with only a Leader in the attacked Army is not attacked (WOTR-STR-7, WOTR-POL-1/2) ---------------
def test_leader_only_nation_gets_no_politics_note(capsys, tmp_path):
    text = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war, Rohan: {steps: 2, active: false}}
attacker:
  region: Dead Marshes
  units: {Sauron: {regulars: 3}}
defender:
  region: Druadan Forest
  units: {Gondor: {regulars: 2}, Rohan: {leaders: 1}}
rules: {casualty_policy: regulars_first}
claims:
  - {id: rohan, claim: "after the attack, Rohan is 2 steps from At War", expect: true}
"""
    f = write(tmp_path, "pol01.yaml", text)
    code, out, err = run(capsys, "odds", f, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert not any("Rohan" in n["text"] and n["rule"] == "WOTR-POL-2" for n in data["notes"])
    assert [r["nation"] for r in data["politics"]] == ["Gondor"]
    assert verdicts(capsys, f)["rohan"]["verdict"] is True


# ---- 9. replay with leader_reroll=choose: the side re-rolls any number up to its allowance (WOTR-HIT-7) ------------
REPLAY = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: South Ithilien
  units: {Sauron: {regulars: 4, elites: 1}}
  nazgul: 1
  characters: [The Witch-king]
defender:
  region: Osgiliath
  units: {Gondor: {regulars: 2, elites: 1, leaders: 1}}
  retreat_to: []
rules: {casualty_policy: regulars_first, leader_reroll: CHOICE}
rolls:
  - attacker: {combat: [6, 5, 3, 1, 2], reroll: [6]}
    defender: {combat: [5, 2, 1], reroll: [6]}
  - attacker: {combat: [5, 3, 2], reroll: [1, 5]}
    defender: {combat: [6]}
"""


def test_replay_reroll_choose_takes_fewer_dice(capsys, tmp_path):
    code, out, err = run(capsys, "replay", write(tmp_path, "r05.yaml", REPLAY.replace("CHOICE", "choose")), "--json")
    assert code == 0, err
    lr = json.loads(out)["rounds"][0]["attacker"]["leader_reroll"]
    assert lr["rerolled"] == 1 and lr["declined"] == 2 and "WOTR-HIT-7" in lr["rules"]


def test_replay_reroll_full_still_needs_every_die(capsys, tmp_path):
    code, out, err = run(capsys, "replay", write(tmp_path, "r04.yaml", REPLAY.replace("CHOICE", "full")))
    assert code == 2 and "rolls[0].attacker.reroll" in err and "leader_reroll: choose" in err
    too_many = REPLAY.replace("CHOICE", "choose").replace("reroll: [6]}\n    defender: {combat: [5",
                                                         "reroll: [6, 6, 6, 6]}\n    defender: {combat: [5")
    code, out, err = run(capsys, "replay", write(tmp_path, "r03.yaml", too_many))
    assert code == 2 and "at most 3" in err and "Traceback" not in err


# ---- 10. battle.white_rider with Gandalf the White in the rearguard is said not to apply (WOTR-STR-11, SPLIT-4) ---
def test_white_rider_in_the_rearguard_is_noted(capsys, tmp_path):
    text = """\
game: wotr
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: North Ithilien
  units: {Gondor: {regulars: 4}}
  characters: [Gandalf the White]
  rearguard: {units: {Gondor: {regulars: 1}}, characters: [Gandalf the White]}
defender:
  region: Dagorlad
  units: {Sauron: {regulars: 3}}
  nazgul: 2
  characters: [The Witch-king]
  retreat_to: []
battle: {white_rider: true}
rules: {casualty_policy: regulars_first}
claims:
  - {id: lead, claim: "the defender's Leadership is 4", expect: true}
"""
    f = write(tmp_path, "s04.yaml", text)
    code, out, err = run(capsys, "odds", f, "--json")
    assert code == 0, err
    assert any(n["rule"] == "WOTR-STR-11" and "not applied" in n["text"] for n in json.loads(out)["notes"])
    got = verdicts(capsys, f)["lead"]
    assert got["verdict"] is True and any("white_rider is not applied" in n for n in got["notes"])


# ---- 11. "Gandalf" names two characters: refused, listing them ---------------------------------------------------
def test_ambiguous_gandalf_is_refused(capsys, tmp_path):
    text = ev_field("", "x").replace('battle: {action: event, card: "x"}\n', "").replace(
        "  units: {Gondor: {regulars: 2}}\n", "  units: {Gondor: {regulars: 2}}\n  characters: [Gandalf]\n")
    code, out, err = run(capsys, "odds", write(tmp_path, "t14.yaml", text))
    assert code == 2 and "defender.characters[0]" in err
    assert "'Gandalf the Grey'" in err and "'Gandalf the White'" in err and "Traceback" not in err
    from pycombat.games.wotr.characters import load_characters
    assert load_characters().character("Gandalf Grey").id == "gandalf-grey"


# ---- 12. `card` suggests the titles a word of the name is in -----------------------------------------------------
def test_card_lookup_suggests_on_words(capsys):
    code, out, err = run(capsys, "card", "Grond", "--game", "wotr")
    assert code == 2 and "did you mean 'Grond, Hammer of the Underworld'" in err


# ---- 13. too many self-hits: the error names the field path -----------------------------------------------------
def test_self_hits_over_the_card_bound_names_the_field(capsys, tmp_path):
    text = RELENTLESS.replace("card: Relentless Assault", "card: {name: Relentless Assault, self_hits: 5}")
    code, out, err = run(capsys, "odds", write(tmp_path, "t09.yaml", text))
    assert code == 2 and "t09.yaml: attacker.card.self_hits:" in err and "at most 2 self-hits" in err
    assert "Traceback" not in err
