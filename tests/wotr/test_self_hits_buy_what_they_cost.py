"""Hits a Combat card makes its player take on his own Army (Relentless Assault, Onslaught) buy what the
card gives for them (WOTR-CARDX-2, WOTR-CARD-6, WOTR-CARD-7, WOTR-CAS-10): Onslaught rolls one die per
hit its Army took, also when those hits eliminate it; Relentless Assault takes no hit that would leave
its Army no unit for the Combat roll the hits are for; a `self_hits` the Army can never take is refused
when the file is read, naming the field. Every number is checked against a face-by-face count written
here."""
from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

from pycombat.cli import main
from pycombat.games.wotr.battle.process import Policy
from pycombat.games.wotr.battle.setup import battle_setup
from pycombat.games.wotr.cards.battle import card_round_dist
from pycombat.games.wotr.cards.combat_round import round_marginals
from pycombat.games.wotr.schema import scenario_from_dict

ONSLAUGHT = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 5}}
  nazgul: 2
  card: {name: Onslaught, self_hits: 2}
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 4, leaders: 1}}
  retreat_to: []
rules: {casualty_policy: regulars_first, max_rounds: 1}
"""


def _hits_dist(n: int, p: Fraction, lead: int) -> dict[int, Fraction]:
    """Hits of n dice hitting with chance p, the misses re-rolled up to ``lead`` (WOTR-HIT-9)."""
    out: dict[int, Fraction] = {}
    for faces in product((True, False), repeat=n):
        q = Fraction(1)
        for f in faces:
            q *= p if f else 1 - p
        k = sum(faces)
        r = min(lead, n - k)
        for rr in product((True, False), repeat=r):
            q2 = q
            for f in rr:
                q2 *= p if f else 1 - p
            out[k + sum(rr)] = out.get(k + sum(rr), Fraction(0)) + q2
    return out


def _onslaught_by_hand() -> dict[str, Fraction]:
    """Round 1 of ONSLAUGHT face by face: 5 dice (re-roll 2) against 4 dice (re-roll 1), hitting on 5+;
    casualties Regulars first; then Onslaught: min(2, Regulars left) hits on the Shadow Army and as many
    dice hitting on 4+, removed at once (WOTR-CARD-6)."""
    third, half = Fraction(1, 3), Fraction(1, 2)
    out: dict[str, Fraction] = {}
    for ah, pa in _hits_dist(5, third, 2).items():
        for dh, pd in _hits_dist(4, third, 1).items():
            a, d = 5 - min(dh, 5), 4 - min(ah, 4)
            if d == 0:
                out["attacker_wins"] = out.get("attacker_wins", Fraction(0)) + pa * pd
                continue
            k = min(2, a)
            a -= k
            for faces in product((True, False), repeat=k):
                q = pa * pd * half ** k
                d2 = max(0, d - sum(faces))
                kind = ("both_destroyed" if a == 0 and d2 == 0 else "defender_holds" if a == 0 else
                        "attacker_wins" if d2 == 0 else "round_limit")
                out[kind] = out.get(kind, Fraction(0)) + q
    return out


def _odds(tmp_path, text: str, capsys) -> dict:
    path = tmp_path / "battle.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["odds", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_onslaught_rolls_a_die_for_each_hit_that_eliminated_its_own_army(tmp_path, capsys):
    data = _odds(tmp_path, ONSLAUGHT, capsys)
    got = {k: Fraction(v["exact"]) for k, v in data["policies"]["regulars_first"]["outcomes"].items()}
    want = {k: v for k, v in _onslaught_by_hand().items() if v}
    assert got == want
    assert want["both_destroyed"] > 0  # the dice its last units paid for can take the defender with it


def test_onslaught_replay_narrates_the_hits_paid_and_the_dice_they_bought(tmp_path, capsys):
    path = tmp_path / "replay.yaml"
    path.write_text(ONSLAUGHT + """rolls:
  - attacker: {combat: [6, 2, 2, 2, 2], reroll: [2, 2], card_attack_after: [4, 3]}
    defender: {combat: [6, 6, 6, 2], reroll: [2]}
""", encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    rnd = json.loads(capsys.readouterr().out)["rounds"][0]
    attack, = rnd["attacker"]["card_attacks"]
    assert attack["self_hits"] == 2 and attack["faces"] == [4, 3] and attack["hits"] == 1
    assert attack["own_units_before"] == [[2, 0]] and attack["own_units_after"] == [[0, 0]]
    assert attack["units_before"] == [[3, 0]] and attack["units_after"] == [[2, 0]]
    assert not any("no hit taken" in c["text"] for c in rnd.get("card_steps", []))


def test_onslaught_self_hits_beyond_what_the_army_can_take_are_refused(tmp_path, capsys):
    path = tmp_path / "battle.yaml"
    path.write_text(ONSLAUGHT.replace("regulars: 5", "regulars: 2").replace("self_hits: 2", "self_hits: 3"),
                    encoding="utf-8")
    for verb in ("odds", "optimize", "enumerate"):
        assert main([verb, str(path)]) == 2
        err = capsys.readouterr().err
        assert "attacker.card.self_hits" in err and "Traceback" not in err
        assert "at most 2" in err and "WOTR-CAS-10" in err


RELENTLESS_ALONE = """game: wotr
politics: {Gondor: at_war, Sauron: at_war}
attacker:
  region: Ash Mountains
  units: {Sauron: {regulars: 1}}
  nazgul: 2
  card: {name: Relentless Assault, self_hits: 2}
defender:
  region: Dagorlad
  units: {Gondor: {regulars: 3, leaders: 1}}
  retreat_to: []
rules: {casualty_policy: regulars_first, max_rounds: 1}
"""


def test_relentless_assault_that_leaves_no_unit_for_its_roll_is_refused(tmp_path, capsys):
    path = tmp_path / "battle.yaml"
    path.write_text(RELENTLESS_ALONE, encoding="utf-8")
    for verb in ("odds", "optimize", "enumerate"):
        assert main([verb, str(path)]) == 2
        err = capsys.readouterr().err
        assert "attacker.card.self_hits" in err and "Traceback" not in err
        assert "at most 0" in err and "WOTR-CAS-7" in err


RELENTLESS_AFTER_SUDDEN_STRIKE = {
    "game": "wotr", "politics": {"Gondor": "at_war", "Sauron": "at_war"},
    "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2}},
                 "card": {"name": "Relentless Assault", "self_hits": 1}},
    "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 1, "leaders": 2}}, "retreat_to": [],
                 "card": "Sudden Strike"},
    "rules": {"casualty_policy": "regulars_first", "max_rounds": 1}}


def test_relentless_assault_takes_no_hit_that_would_leave_no_unit_after_an_earlier_attack_roll():
    """Sudden Strike (initiative 2) rolls 2 dice before Relentless Assault (initiative 3) acts: after one
    hit the Shadow's last Regular is kept, and rolls without the +1 (WOTR-CARD-4, WOTR-CARDX-2)."""
    s = scenario_from_dict(RELENTLESS_AFTER_SUDDEN_STRIKE)
    setup = battle_setup(s)
    cr, ends = card_round_dist(s, setup, s.card_plan, Policy.from_flags(s.flags, "regulars_first"))
    third = Fraction(1, 3)
    ss = {0: (1 - third) ** 2, 1: 2 * third * (1 - third), 2: third ** 2}
    marg = round_marginals(cr.tallies, "attacker")
    assert marg["self_hits"] == {0: ss[1] + ss[2], 1: ss[0]}
    # the Combat roll: one die, hitting on 4+ with the +1 (no Sudden Strike hit), on 5+ without it
    assert marg["combat"] == {0: ss[1] * (1 - third) + ss[0] * Fraction(1, 2) + ss[2],
                              1: ss[1] * third + ss[0] * Fraction(1, 2)}
    assert sum(p for _, p in ends) == 1
