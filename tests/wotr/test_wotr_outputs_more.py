"""WotR ``odds``, ``replay`` and ``optimize`` outputs, checked against brute forces written here:

* the units a relief removes over the stacking limit (WOTR-STACK-2, ``stacking_check=trim_at_end``) are a
  fate of their own in ``odds`` and ``replay`` (text and JSON), counted as every dice roll gives them;
* ``odds`` gives each side's move after the battle and the capture's political step with their exact
  chances, the sum of ``replay``'s moves over every roll of the dice;
* ``optimize`` names no Combat card as not modelled when none is named, held, on the table or starting
  the attack, and keeps the note where one truly is not modelled.
"""
from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from pycombat.cli import main
from pycombat.games.wotr import verbs
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.odds_details import after_json, fates_json, odds_extra_lines
from pycombat.games.wotr.battle.replay import replay
from pycombat.games.wotr.schema import scenario_from_dict

ROOT = Path(__file__).resolve().parents[2]
SIXTH = Fraction(1, 6)
ADVANCING = ("attacker_wins", "defender_retreated")


def _relief(attacker, defender, garrison, stacking="trim_at_end", rolls=None, **rules):
    d = {"game": "wotr", "title": "relief", "politics": {"Rohan": "at_war", "Gondor": "at_war", "Sauron": "at_war"},
         "control": {"Minas Tirith": "free_peoples"},
         "attacker": {"region": "Druadan Forest", "units": {"Rohan": attacker}},
         "defender": {"region": "Minas Tirith", "units": {"Sauron": defender}, "retreat_to": []},
         "battle": {"garrison": {"units": {"Gondor": garrison}}},
         "rules": {"casualty_policy": "regulars_first", "stacking_check": stacking, **rules}}
    if rolls is not None:
        d["rolls"] = rolls
    return scenario_from_dict(d, file="relief.yaml")


def _row(rows, figure):
    (row,) = [r for r in rows if r["figure"] == figure]
    return row


def _exact(d: dict) -> dict:
    return {k: Fraction(v["exact"]) for k, v in d.items()}


# ---- 1. the stacking limit's removals ---------------------------------------------------------------
def _one_round_brute_force(n_att: int, room: int):
    """Every face of one round: Rohan's n_att Regulars (5 dice at most) against one Sauron Regular (one
    die), both hitting on 5+ (a field battle in a Stronghold region, WOTR-SITE-3); the attacker loses a
    Regular per hit, the defender his Regular at the first hit. After a win the whole relief advances
    and the units above ``room`` go (WOTR-STACK-2). -> expected (casualties, with the Army, removed) of
    the attacker's Regulars, and the chance of each number removed."""
    dice = min(n_att, 5)
    cas = with_army = removed = Fraction(0)
    dist: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=dice + 1):
        p = SIXTH ** (dice + 1)
        a_hits = sum(1 for f in faces[:dice] if f >= 5)
        d_hits = 1 if faces[dice] >= 5 else 0
        left = n_att - d_hits
        won = a_hits >= 1 and left > 0
        gone = max(0, left - room) if won else 0
        cas += p * (n_att - left)
        with_army += p * (left - gone)
        removed += p * gone
        dist[gone] = dist.get(gone, Fraction(0)) + p
    return (cas, with_army, removed), dist


@pytest.mark.parametrize("n_att, garrison", [(7, {"regulars": 3, "elites": 2}), (6, {"regulars": 5}),
                                            (9, {"regulars": 5})])
def test_units_over_the_stacking_limit_are_their_own_fate(n_att, garrison):
    """The relief advancing whole beside the garrison back in Minas Tirith: the Regulars above 10 are
    removed (WOTR-STACK-2), apart from the casualties, exactly as often as the dice give it."""
    s = _relief({"regulars": n_att}, {"regulars": 1}, garrison, max_rounds=1)
    rep = battle_report(s)
    room = 10 - sum(garrison.values())
    (cas, with_army, removed), dist = _one_round_brute_force(n_att, room)
    fates = fates_json(rep)["regulars_first"]
    row = _row(fates["attacker"], "Rohan Regular")
    got = _exact(row["expected"])
    assert got.get("casualties_out_of_game", 0) == cas
    assert got.get("with_army", 0) == with_army
    assert got.get("removed_over_stacking_limit", 0) == removed > 0
    assert sum(got.values()) == n_att
    assert fates["rules"]["removed_over_stacking_limit"] == "WOTR-STACK-2"
    st = after_json(rep)["regulars_first"]["stacking"]
    assert {int(k): Fraction(v["exact"]) for k, v in st["removed_units"].items()} == {k: v for k, v in dist.items()
                                                                                       if v}
    assert Fraction(st["expected_removed"]["exact"]) == removed and "WOTR-STACK-2" in st["rules"]
    text = "\n".join(odds_extra_lines(rep))
    assert "removed over stacking limit" in text and "over the stacking limit, WOTR-STACK-2" in text


def test_without_the_rule_nothing_is_removed():
    """WOTR-STACK-2 taken away (the mutation battery's switch): no unit removed, so the fate is the rule's."""
    from pycombat.in_force import removed

    with removed("WOTR-STACK-2"):
        rep = battle_report(_relief({"regulars": 7}, {"regulars": 1}, {"regulars": 3, "elites": 2}, max_rounds=1))
        assert "removed_over_stacking_limit" not in json.dumps(fates_json(rep))


def test_forbid_move_removes_nothing_and_limits_the_advance():
    """Under the default reading the advance itself stops at 10 (WOTR-STACK-1): no unit removed."""
    s = _relief({"regulars": 7}, {"regulars": 1}, {"regulars": 3, "elites": 2}, stacking="forbid_move",
                max_rounds=1)
    rep = battle_report(s)
    fates = fates_json(rep)["regulars_first"]
    assert "removed_over_stacking_limit" not in json.dumps(fates)
    after = after_json(rep)["regulars_first"]
    assert "stacking" not in after
    (adv,) = [m for m in after["moves"]["attacker"] if m["move"] == "may_advance"]
    assert "at most 5 units beside the garrison's 5" in adv["text"] and "WOTR-STACK-1" in adv["rules"]


def test_several_rounds_remove_regulars_first():
    """A longer relief with Elites: over every end position of the exact battle, the units above the
    limit are the owner's Regulars first, then Elites (WOTR-STACK-2), counted apart from the casualties."""
    s = _relief({"regulars": 4, "elites": 4, "leaders": 1}, {"regulars": 2, "elites": 1}, {"regulars": 4})
    rep = battle_report(s)
    res = rep.results["regulars_first"]
    want_r = want_e = Fraction(0)
    for o, p in res.outcomes.items():
        (r, e), = o.attacker
        over = max(0, r + e - 6) if o.kind in ADVANCING else 0
        want_r += p * min(r, over)
        want_e += p * (over - min(r, over))
    fates = fates_json(rep)["regulars_first"]
    reg, eli = _row(fates["attacker"], "Rohan Regular"), _row(fates["attacker"], "Rohan Elite")
    assert Fraction(reg["expected"]["removed_over_stacking_limit"]["exact"]) == want_r > 0
    assert Fraction(eli["expected"].get("removed_over_stacking_limit", {"exact": "0"})["exact"]) == want_e
    for row in fates["attacker"]:
        assert sum(_exact(row["expected"]).values()) == row["count"]
        assert sum(_exact(row["per_figure"]).values()) == 1
    st = after_json(rep)["regulars_first"]["stacking"]
    assert Fraction(st["expected_removed"]["exact"]) == want_r + want_e
    assert sum(Fraction(v["exact"]) for v in st["removed_units"].values()) == 1


def test_replay_tells_the_removal(capsys, tmp_path):
    """One roll: 8 Rohan units win beside the garrison's 5: 3 Regulars removed (WOTR-STACK-2)."""
    rolls = [{"attacker": {"combat": [6, 5, 3, 2, 1], "reroll": [4]}, "defender": {"combat": [2, 1]}}]
    s = _relief({"regulars": 5, "elites": 3, "leaders": 1}, {"regulars": 2}, {"regulars": 3, "elites": 2},
                rolls=rolls)
    r = replay(s)
    data = r.json()
    assert data["result"]["kind"] == "attacker_wins"
    reg = _row(data["fates"]["attacker"], "Rohan Regular")
    assert reg["fates"] == {"with_army": 2, "removed_over_stacking_limit": 3}
    assert _row(data["fates"]["attacker"], "Rohan Elite")["fates"] == {"with_army": 3}
    assert data["fates"]["rules"]["removed_over_stacking_limit"] == "WOTR-STACK-2"
    st = data["after_the_battle"]["stacking"]
    assert st["removed"] == [[3, 0]] and st["removed_units"] == 3 and st["advancing_units"] == 8
    assert data["after_the_battle"]["each_side"]["attacker"]["move"] == "advances"
    text = "\n".join(r.lines())
    assert "removed over stacking limit 3 (WOTR-STACK-2)" in text
    assert "3 above the limit of 10 removed (3 Regulars of Rohan)" in text
    # the same battle under forbid_move: nothing removed, the advance limited (WOTR-STACK-1)
    r2 = replay(_relief({"regulars": 5, "elites": 3, "leaders": 1}, {"regulars": 2}, {"regulars": 3, "elites": 2},
                        stacking="forbid_move", rolls=rolls)).json()
    assert _row(r2["fates"]["attacker"], "Rohan Regular")["fates"] == {"with_army": 5}
    assert "stacking" not in r2["after_the_battle"]


# ---- 2. the moves after the battle in odds = replay summed over the dice --------------------------
def _all_rolls(make, faces=range(1, 7), weight=lambda f: SIXTH):
    """Every roll of the dice, round by round, replayed: (replay JSON, probability). A round's dice are
    the Combat roll of both sides (no Leaders: no re-roll); a replay that asks for more dice goes on."""
    out = []

    def go(prefix, p):
        r = replay(make(prefix))
        if r.result is not None:
            out.append((r.json(), p))
            return
        rep_round = len(prefix)
        a, d = _dice(r, rep_round)
        for fs in itertools.product(faces, repeat=a + d):
            q = p
            for f in fs:
                q *= weight(f)
            go(prefix + [{"attacker": {"combat": list(fs[:a])}, "defender": {"combat": list(fs[a:])}}], q)

    go([], Fraction(1))
    return out


def _dice(r, index: int) -> tuple[int, int]:
    """The dice of round ``index + 1``: 5 at most per side, one per unit left (WOTR-STR-3)."""
    if index == 0:
        s = r.scenario
        return (min(5, s.attacker.force.units), min(5, s.defender.force.units))
    last = r.rounds[-1]
    return tuple(min(5, sum(x + y for x, y in last[role]["units_after_casualties"])) for role in ("attacker", "defender"))


def _summed(runs):
    moves: dict = {}
    politics: dict = {}
    stacking: dict = {}
    for data, p in runs:
        after = data["after_the_battle"]
        for who, m in after["each_side"].items():
            key = (who, m["move"], m["text"])
            moves[key] = moves.get(key, Fraction(0)) + p
        for row in after["politics"]:
            key = (row["settlement"], row["region_won"], row["text"])
            politics[key] = politics.get(key, Fraction(0)) + p
        if "stacking" in after:
            n = after["stacking"]["removed_units"]
            stacking[n] = stacking.get(n, Fraction(0)) + p
    return moves, politics, stacking


def _odds_moves(dist):
    moves = {(who, m["move"], m["text"]): Fraction(m["p"]["exact"]) for who, rows in dist["moves"].items()
             for m in rows}
    politics = {(r["settlement"], r["region_won"], r["text"]): Fraction(r["p"]["exact"]) for r in dist["politics"]}
    return moves, politics


def _folde(rolls):
    return scenario_from_dict({
        "game": "wotr", "title": "Folde", "politics": {"Isengard": "at_war", "Rohan": {"steps": 2, "active": True}},
        "attacker": {"region": "Westemnet", "units": {"Isengard": {"regulars": 1}}},
        "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}, "retreat_to": []},
        "rules": {"casualty_policy": "regulars_first", "max_rounds": 2}, "rolls": rolls}, file="folde.yaml")


def test_odds_moves_are_replay_summed_over_every_roll():
    """Isengard's Regular against Rohan's in the Folde, two rounds: every roll replayed (replay's
    ``each_side`` and political step), weighted by its chance, gives odds' ``after_the_battle`` exactly;
    each side's moves sum to 1, and the region won or not too."""
    runs = _all_rolls(_folde)
    assert sum(p for _, p in runs) == 1
    moves, politics, _ = _summed(runs)
    rep = battle_report(_folde([]))
    dist = after_json(rep)["regulars_first"]
    got_moves, got_politics = _odds_moves(dist)
    assert got_moves == moves
    assert got_politics == politics
    for who in ("attacker", "defender"):
        assert sum(p for (w, _, _), p in moves.items() if w == who) == 1
    assert sum(politics.values()) == 1
    kinds = {m["move"] for m in dist["moves"]["attacker"]}
    assert kinds == {"may_advance", "none", "eliminated", "stays"}  # win, both gone, held, max_rounds
    (won,) = [r for r in dist["politics"] if r["region_won"]]
    assert "Rohan moves to At War" in won["text"] and "WOTR-CAPT-3" in won["rules"]


def test_odds_relief_moves_and_removals_are_replay_summed():
    """A relief over the stacking limit (trim_at_end), one round: 6 Rohan Regulars (5 dice) against one
    Sauron Regular, the garrison's 5 in Minas Tirith. The dice are replayed by class (a miss, 2, for the
    four faces 1-4; a hit, 5, for 5 and 6: nothing here reads a face beyond hitting on 5+), weighted by
    their chances; the sums are odds' moves, the garrison's, and the units removed (WOTR-STACK-2)."""
    def make(rolls):
        return _relief({"regulars": 6}, {"regulars": 1}, {"regulars": 5}, rolls=rolls, max_rounds=1)
    runs = _all_rolls(make, faces=(2, 5), weight=lambda f: Fraction(4, 6) if f == 2 else Fraction(2, 6))
    assert sum(p for _, p in runs) == 1
    moves, _, stacking = _summed(runs)
    rep = battle_report(make(None))
    dist = after_json(rep)["regulars_first"]
    assert _odds_moves(dist)[0] == moves
    want = dict(stacking)  # the ends without an advance remove nothing
    want[0] = want.get(0, Fraction(0)) + 1 - sum(stacking.values())
    assert {int(k): Fraction(v["exact"]) for k, v in dist["stacking"]["removed_units"].items()} == want
    assert max(want) == 1 and want[1] > 0
    assert {w for w, _, _ in moves} == {"attacker", "defender", "garrison"}


def test_odds_text_has_the_moves_after_the_figures(tmp_path, capsys, monkeypatch):
    path = tmp_path / "folde.yaml"
    path.write_text(json.dumps({
        "game": "wotr", "title": "Folde", "politics": {"Isengard": "at_war", "Rohan": {"steps": 2, "active": True}},
        "attacker": {"region": "Westemnet", "units": {"Isengard": {"regulars": 2}}},
        "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}, "retreat_to": []},
        "rules": {"casualty_policy": "regulars_first", "max_rounds": 2}}))
    assert main(["odds", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.index("Where the figures go") < text.index("After the battle (regulars_first")
    assert "politics " in text and "Rohan moves to At War" in text
    assert main(["odds", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    dist = data["after_the_battle"]["regulars_first"]
    assert Fraction(dist["total"]["exact"]) == 1
    for rows in dist["moves"].values():
        assert sum(Fraction(m["p"]["exact"]) for m in rows) == 1
        assert all(abs(m["p"]["decimal"] - float(Fraction(m["p"]["exact"]))) < 1e-6 for m in rows)


# ---- 3. optimize's notes on Combat cards --------------------------------------------------------------
def _small(**extra):
    d = {"game": "wotr", "title": "small", "politics": {"Isengard": "at_war", "Rohan": "at_war"},
         "attacker": {"region": "Westemnet", "units": {"Isengard": {"regulars": 2}}},
         "defender": {"region": "Folde", "units": {"Rohan": {"regulars": 1}}, "retreat_to": []},
         "rules": {"casualty_policy": "regulars_first"}}
    for k, v in extra.items():
        if k in ("attacker", "defender"):
            d[k] = {**d[k], **v}
        else:
            d[k] = v
    return d


def _optimize(tmp_path, capsys, data) -> tuple[str, dict]:
    path = tmp_path / "b.yaml"
    path.write_text(json.dumps(data))
    assert main(["optimize", str(path)]) == 0
    text = capsys.readouterr().out
    assert main(["optimize", str(path), "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


def test_optimize_without_cards_names_nothing_unmodelled(tmp_path, capsys):
    text, data = _optimize(tmp_path, capsys, _small())
    assert "not modelled" not in text and data["unmodelled"] == [] and "named_cards" not in data
    assert verbs.optimize(scenario_from_dict(_small(), file="b.yaml")).unmodelled == []


def test_optimize_keeps_the_note_where_a_card_is_not_modelled(tmp_path, capsys):
    """A named Combat card without a hand: optimize solves the play without it (said); a card on the
    table with a part the battle does not apply (WOTR-EVT-10) is named too."""
    text, data = _optimize(tmp_path, capsys, _small(attacker={"card": "Relentless Assault"}))
    assert [u["card"] for u in data["unmodelled"]] == ["Relentless Assault"]
    assert "! not modelled: Relentless Assault" in text
    text, data = _optimize(tmp_path, capsys, _small(table=["Balrog of Moria"]))
    assert [u["card"] for u in data["unmodelled"]] == ["Balrog of Moria"]
    assert "! not modelled: Balrog of Moria" in text


def test_odds_json_names_the_table_cards_parts_not_applied(tmp_path, capsys):
    """A card on the table whose battle part is not applied (WOTR-EVT-10) is named in the odds text and
    JSON alike, also when the attack is not an Event's."""
    path = tmp_path / "b.yaml"
    path.write_text(json.dumps(_small(table=["Balrog of Moria"])))
    assert main(["odds", str(path)]) == 0
    assert "! not modelled: Balrog of Moria" in capsys.readouterr().out
    assert main(["odds", str(path), "--json"]) == 0
    assert [u["card"] for u in json.loads(capsys.readouterr().out)["unmodelled"]] == ["Balrog of Moria"]
    path.write_text(json.dumps(_small()))
    assert main(["odds", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unmodelled"] == []


def test_the_example_tells_the_removal_in_odds_and_replay(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = "examples/wotr/relief_over_the_limit.yaml"
    assert main(["odds", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    row = _row(data["fates"]["regulars_first"]["attacker"], "Rohan Regular")
    assert Fraction(row["expected"]["removed_over_stacking_limit"]["exact"]) > 0
    assert "stacking" in data["after_the_battle"]["regulars_first"]
    assert main(["replay", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["after_the_battle"]["stacking"]["removed_units"] == 3
    assert main(["replay", path]) == 0
    assert "stacking: 8 advancing units and the garrison's 5 in Minas Tirith: 13" in capsys.readouterr().out
