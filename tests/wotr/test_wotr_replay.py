"""WotR replay with given dice: golden files (text and JSON) for the shipped examples, the narration
checked against the faces independently (hits recounted here by WOTR-HIT-1..4, re-roll counts by
WOTR-STR-5), fates summing to the figures, and one clear error for a wrong number of dice."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.errors import PycombatError, ScenarioError
from pycombat.games.wotr.battle.replay import parse_rolls_text, replay
from pycombat.games.wotr.schema import load_scenario

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
#: the replay examples whose text and JSON are golden files (the last three tell the end of the battle:
#: tests/wotr/test_wotr_replay_aftermath.py checks what they tell)
EXAMPLES = ["replay_osgiliath", "replay_cards", "replay_card_steps", "replay_card_effects",
            "replay_folde_capture", "replay_sortie_returns", "replay_relief_stopped"]
#: how the examples end where the attacker does not win
ENDS = {"replay_sortie_returns": "sortie_returned", "replay_relief_stopped": "round_limit"}


def _cli(argv, capsys, monkeypatch) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)  # the scenario path in the output is relative to the repository
    code = main(argv)
    return code, capsys.readouterr().out


@pytest.mark.parametrize("name", EXAMPLES)
def test_replay_golden(name, capsys, monkeypatch):
    """`pycombat replay FILE` (text) and `pycombat replay FILE --json` against the golden files."""
    path = f"examples/wotr/{name}.yaml"
    code, text = _cli(["replay", path], capsys, monkeypatch)
    assert code == 0
    code, out = _cli(["replay", path, "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    gt, gj = GOLDEN / f"wotr_{name}.txt", GOLDEN / f"wotr_{name}.json"
    if os.environ.get("UPDATE_GOLDEN"):
        gt.write_text(text, encoding="utf-8")
        gj.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    assert text == gt.read_text(encoding="utf-8")
    assert data == json.loads(gj.read_text(encoding="utf-8"))
    assert data["scenario"] == path
    # the report the CLI prints is the replay's own after the title and the battle's header (the API
    # and the CLI agree)
    r = replay(load_scenario(ROOT / path))
    head = text[: len(text) - len("\n".join(r.lines()) + "\n")]
    assert text.endswith("\n".join(r.lines()) + "\n")
    assert head.splitlines()[0] == load_scenario(ROOT / path).title and "Attacker (" in head and "Defender (" in head
    # (the report adds what every report carries, its verb and flags, and what is not modelled)
    assert data["flags"] == dict(load_scenario(ROOT / path).flags)
    assert {**r.json(), "scenario": path, "verb": "replay", "flags": data["flags"], "unmodelled": []} == data


def test_replay_rolls_option(capsys, monkeypatch):
    """--rolls replaces the file's dice; a wrong count is one line on stderr and exit 2."""
    path = "examples/wotr/replay_osgiliath.yaml"
    data = json.loads(_cli(["replay", path, "--json"], capsys, monkeypatch)[1])
    rolls = json.dumps(load_scenario(ROOT / path).rolls[:1])
    code, out = _cli(["replay", path, "--json", "--rolls", rolls], capsys, monkeypatch)
    assert code == 0
    short = json.loads(out)
    assert short["rounds"] == data["rounds"][:1] and short["result"]["kind"] == "dice_exhausted"
    code = main(["replay", path, "--rolls", "[{attacker: {combat: [6, 5]}}]"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--rolls[0].attacker.combat" in err


def _hits(faces, hit, mod):
    n = 0
    for f in faces:
        if f == 6:
            n += 1
        elif f != 1 and f + mod >= hit:
            n += 1
    return n


@pytest.mark.parametrize("name", EXAMPLES)
def test_replay_numbers_follow_the_faces(name):
    s = load_scenario(ROOT / "examples" / "wotr" / f"{name}.yaml")
    data = replay(s).json()
    for rd in data["rounds"]:
        for role in ("attacker", "defender"):
            r = rd[role]
            cr, lr = r["combat_roll"], r["leader_reroll"]
            assert cr["hits"] == _hits(cr["faces"], cr["hit_on"], cr["modifier"])
            assert cr["natural_1"] == cr["faces"].count(1) and cr["natural_6"] == cr["faces"].count(6)
            if lr["cancelled"]:  # Foul Stench (WOTR-HIT-7)
                assert lr["rerolled"] == 0 and lr["faces"] == []
                continue
            assert lr["rerolled"] == min(lr["leadership"], 5, lr["missed"])  # WOTR-STR-5
            assert lr["allowance"] <= cr["dice"]
            assert lr["hits"] == _hits(lr["faces"], lr["hit_on"], lr["modifier"])
            assert len(lr["faces"]) == lr["rerolled"]
    for role in ("attacker", "defender"):
        for row in data["fates"][role]:
            assert sum(row["fates"].values()) == row["count"]
    assert data["result"]["kind"] == ENDS.get(name, "attacker_wins")


def test_every_card_step_is_narrated_in_the_order_it_applies():
    """Own attack rolls before the Combat roll in initiative order (a tie: the defender's first,
    WOTR-CARD-4), Mighty Attack's converted die between the Combat roll and the Leader re-roll, the
    attack rolls after casualties after the casualty lines, Onslaught's hits on its own Army; each
    card attack's hits follow its faces."""
    s = load_scenario(ROOT / "examples" / "wotr" / "replay_card_steps.yaml")
    r = replay(s)
    lines = r.lines()
    data = r.json()

    def at(text, start=0):
        return next(k for k in range(start, len(lines)) if text in lines[k])

    r1, r2, r3 = at("Round 1:"), at("Round 2:"), at("Round 3:")
    charge, bane = at("defender card attack (Charge) before the Combat roll", r1), at("(Durin's Bane)", r1)
    assert r1 < charge < bane < at("attacker Combat roll", r1) < r2  # both initiative 2: the defender's first
    combat, mighty, reroll = at("defender Combat roll", r2), at("defender Mighty Attack", r2), at("defender Leader", r2)
    assert combat < mighty < reroll < r3
    assert "1 missed die of [6, 3, 2] turned into a hit" in lines[mighty] and "Legolas forfeits" in lines[mighty]
    assert at("defender takes", r2) < at("attacker card attack (We Come to Kill) after casualties", r2) < r3
    assert at("defender takes", r3) < at("(Onslaught) after casualties: 1 hit taken on his own Army for 1 die", r3)
    for rd in data["rounds"]:
        for role in ("attacker", "defender"):
            for ca in rd[role].get("card_attacks", []):
                assert ca["hits"] == _hits(ca["faces"], ca["hit_on"], 0) and ca["rule"] == "WOTR-CARD-6"
            cv = rd[role].get("missed_dice_converted")
            if cv:
                misses = len(cv["faces"]) - rd[role]["combat_roll"]["hits"]
                assert cv["dice"] == min(1, misses) and cv["hits_after"] == cv["hits_before"] + cv["dice"]
                assert rd[role]["leader_reroll"]["missed"] == misses - cv["dice"]
    orders = [ca["order"] for ca in data["rounds"][0]["defender"]["card_attacks"] + data["rounds"][0]["attacker"]["card_attacks"]]
    assert orders == [1, 2]
    assert data["rounds"][2]["attacker"]["card_attacks"][0]["self_hits"] == 1


def test_wrong_number_of_dice_is_one_clear_error():
    s = load_scenario(ROOT / "examples" / "wotr" / "replay_osgiliath.yaml")
    with pytest.raises(ScenarioError) as e:
        replay(s, parse_rolls_text("[{attacker: {combat: [6, 5]}, defender: {combat: [5, 2, 1]}}]"), origin="--rolls")
    assert "rolls 5 dice (combat), 2 given (WOTR-STR-3)" in str(e.value)
    assert "--rolls[0].attacker.combat" in str(e.value)
    with pytest.raises(ScenarioError, match="a die face is 1 to 6"):
        replay(s, parse_rolls_text("[{attacker: {combat: [7, 5, 5, 5, 5]}}]"), origin="--rolls")
    with pytest.raises(PycombatError):
        parse_rolls_text("[{attacker: ")


def test_short_rolls_leave_the_battle_going_on():
    s = load_scenario(ROOT / "examples" / "wotr" / "replay_osgiliath.yaml")
    r = replay(s, s.rolls[:1])
    assert r.result is None and r.json()["result"]["kind"] == "dice_exhausted"
    assert r.lines()[-1] == "No more dice given: the battle goes on."


def _steps(rd, card):
    return [c for c in rd.get("card_steps", []) if c["card"] == card]


def test_extra_hits_confusion_and_fixed_effects_at_their_step():
    """replay_card_effects: Mûmakil's +1 just before the Shadow Combat roll and its extra hit after the
    Leader re-roll exactly when the Shadow scored more; Confusion's self-hits right after that roll, one
    per natural 1 and in the casualties; Foul Stench before the re-roll it cancels; Shield-wall before
    casualties; Daylight at the capped roll; Great Host after casualties exactly when twice the units.
    The numbers are recomputed here from the faces."""
    s = load_scenario(ROOT / "examples" / "wotr" / "replay_card_effects.yaml")
    r = replay(s)
    lines, data = r.lines(), r.json()

    def at(text, start=0):
        return next(k for k in range(start, len(lines)) if text in lines[k])

    r1, r2, r3 = at("Round 1:"), at("Round 2:"), at("Round 3:")
    assert r1 < at("Mûmakil: +1", r1) < at("attacker Combat roll", r1) < at("Confusion: 1 natural 1", r1) \
        < at("attacker Leader re-roll", r1) < at("defender Leader re-roll", r1) < at("Mûmakil: 1 extra hit", r1) \
        < at("  attacker takes ", r1) < r2
    assert at("defender Combat roll", r2) < at("Foul Stench", r2) < at("defender Leader re-roll: cancelled", r2) \
        < at("Shield-wall: 1 of the attacker's 2 hits cancelled", r2) < at("attacker takes", r2) < r3
    assert r3 < at("Daylight", r3) < at("attacker Combat roll, 3 dice", r3) < at("defender takes", r3) \
        < at("Great Host: no extra hit", r3)
    rd = data["rounds"][0]
    att, dfd = rd["attacker"], rd["defender"]
    ones = att["combat_roll"]["faces"].count(1)
    conf, = [c for c in _steps(rd, "Confusion") if "self_hits" in c]
    assert conf["self_hits"] == ones == att["own_hits_taken"] == 1
    scored_d = _hits(dfd["combat_roll"]["faces"], 5, 0) + _hits(dfd["leader_reroll"]["faces"], 5, 0)
    assert att["hits_taken"] == scored_d + ones
    scored_a = _hits(att["combat_roll"]["faces"], 5, 1) + _hits(att["leader_reroll"]["faces"], 5, 0)
    mum, = [c for c in _steps(rd, "Mûmakil") if c["effect"] == "bonus_hits"]
    assert mum["bonus_hits"] == (1 if scored_a > scored_d else 0) == 1
    assert dfd["hits_taken"] == scored_a + 1
    gh, = _steps(data["rounds"][2], "Great Host")
    units = lambda us: sum(r + e for r, e in us)  # noqa: E731
    after = data["rounds"][2]
    assert gh["bonus_hits"] == int(units(after["attacker"]["units_after_casualties"])
                                   >= 2 * units(after["defender"]["units_after_casualties"])) == 0
    assert data["result"]["kind"] == "attacker_wins"


def test_sacrifices_self_hits_and_eliminations_at_their_step(tmp_path):
    """Relentless Assault's hits on its own Army before the Combat roll, Heroic Death's sacrificed Leader
    before casualties (one hit fewer, one Leadership fewer next round), Fateful Strike and Black Breath
    after the Leader re-roll when it hit (the defender's first on the tie of Initiative 6, WOTR-CARD-4)."""
    path = tmp_path / "sacrifice.yaml"
    path.write_text("""
game: wotr
title: sacrifices and eliminations
politics: {Sauron: at_war, Gondor: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 4, elites: 2}}
  nazgul: 2
  card: [{name: Relentless Assault, round: 1, self_hits: 1}, {name: Black Breath, round: 2}]
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 3, elites: 2, leaders: 2}}
  card: [{name: Heroic Death, round: 1}, {name: Fateful Strike, round: 2}]
  retreat_to: []
rules: {casualty_policy: regulars_first}
rolls:
  - attacker: {combat: [5, 4, 2, 2, 3], reroll: [1, 1]}
    defender: {combat: [5, 2, 2, 2, 3], reroll: [2, 2]}
  - attacker: {combat: [5, 4, 2, 2], reroll: [5, 1]}
    defender: {combat: [5, 2, 2, 2], reroll: [6]}
""", encoding="utf-8")
    r = replay(load_scenario(path))
    lines, data = r.lines(), r.json()

    def at(text, start=0):
        return next(k for k in range(start, len(lines)) if text in lines[k])

    r1, r2 = at("Round 1:"), at("Round 2:")
    assert r1 < at("Relentless Assault: 1 hit taken on his own Army: 4R 2E -> 3R 2E", r1) \
        < at("attacker Combat roll, 5 dice hitting on 5+ (modifier +1)", r1) \
        < at("Heroic Death: the defender sacrifices a Leader: 1 of the attacker's hits cancelled", r1) \
        < at("  attacker takes ", r1) < r2
    assert at("defender Leader re-roll", r2) < at("Fateful Strike: the attacker loses a Nazgûl", r2) \
        < at("Black Breath: the defender loses a Leader", r2) < at("  attacker takes ", r2)
    rd1, rd2 = data["rounds"]
    att_hits = _hits(rd1["attacker"]["combat_roll"]["faces"], 5, 1) + _hits(rd1["attacker"]["leader_reroll"]["faces"], 5, 0)
    assert rd1["defender"]["hits_taken"] == att_hits - 1  # Heroic Death cancels one
    assert rd2["defender"]["leader_reroll"]["leadership"] == 1  # the Leader sacrificed in round 1
    fs, = _steps(rd2, "Fateful Strike")
    bb, = _steps(rd2, "Black Breath")
    assert fs["eliminated"] == (["nazgul"] if _hits(rd2["defender"]["leader_reroll"]["faces"], 5, 0) else [])
    assert bb["eliminated"] == (["leader"] if _hits(rd2["attacker"]["leader_reroll"]["faces"], 5, 0) else [])
    assert fs["order"] < bb["order"]
