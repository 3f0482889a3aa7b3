"""WOTR-STR-11: Gandalf the White's White Rider is the Free Peoples player's choice at the start of the
battle, before any Combat card. `optimize` solves the card game under each choice (the cards each side
may play under it from the one play check, WOTR-CARD-5) and takes the defender's best; it reports that
choice in the text and the JSON. With `--decide attacker` the defender's choice is the file's
(`battle.white_rider`, default off), never optimised. Every value is checked against a backward
induction over the dice written here."""
from __future__ import annotations

import json
from fractions import Fraction as F
from math import comb

from pycombat.cli import main
from pycombat.games.wotr.cards.optimize import choose_cards
from pycombat.games.wotr.schema import scenario_from_dict
from pycombat.games.wotr import verbs

# ---- the brute force ---------------------------------------------------------------------------------


def _p_hit(hit: int, mod: int) -> F:
    """A die hits on hit+ (a natural 1 always misses, a 6 always hits), with +mod to the roll."""
    return F(sum(1 for f in range(2, 7) if f == 6 or f + mod >= hit), 6)


def _binom(n: int, p: F) -> dict[int, F]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _hits(dice: int, leadership: int, p_roll: F, p_reroll: F) -> dict[int, F]:
    """Hits of a Combat roll and its Leadership re-roll (up to ``leadership`` missed dice)."""
    out: dict[int, F] = {}
    for k, pk in _binom(dice, p_roll).items():
        for j, pj in _binom(min(leadership, dice - k), p_reroll).items():
            out[k + j] = out.get(k + j, F(0)) + pk * pj
    return out


def _one_round_win(att: int, dfn: int, la: int, ld: int, hit_a: int, mod: int) -> F:
    """One round, Regulars only, objective win: the defender's Army eliminated, the attacker's not.
    ``mod`` is added to every roll and re-roll of both sides (Deadly Strife's +2, WOTR-CARD-5 table)."""
    pa = _hits(min(att, 5), la, _p_hit(hit_a, mod), _p_hit(hit_a, mod))
    pd = _hits(min(dfn, 5), ld, _p_hit(5, mod), _p_hit(5, mod))
    return sum((p for h, p in pa.items() if h >= dfn), F(0)) * sum((p for h, p in pd.items() if h < att), F(0))


def _battle(hand: list[str], **battle) -> dict:
    """Edoras (a City: the attacker hits on 6 in round 1, WOTR-CITY-1) attacked from Folde by 2 Sauron
    Regulars and the Witch-king (Leadership 2), held by 2 Rohan Regulars and Gandalf the White
    (Leadership 1), one round."""
    return {"game": "wotr", "title": "White Rider against the Witch-king",
            "politics": {"Sauron": "at_war", "Rohan": "at_war"},
            "attacker": {"region": "Folde", "units": {"Sauron": {"regulars": 2}}, "characters": ["The Witch-king"],
                         "hand": hand},
            "defender": {"region": "Edoras", "units": {"Rohan": {"regulars": 2}},
                         "characters": ["Gandalf the White"], "retreat_to": []},
            "rules": {"max_rounds": 1, "replacement_pool": "unlimited"}, "battle": {"action": "army", **battle}}


# With the White Rider both Leaderships are 0 (WOTR-STR-11); without it 2 and 1.
NO_CARD = {True: _one_round_win(2, 2, 0, 0, 6, 0), False: _one_round_win(2, 2, 2, 1, 6, 0)}
DEADLY_STRIFE = {True: _one_round_win(2, 2, 0, 0, 6, 2), False: _one_round_win(2, 2, 2, 1, 6, 2)}


def test_brute_force_numbers():
    assert NO_CARD == {True: F(2, 81), False: F(605, 8748)}
    assert DEADLY_STRIFE == {True: F(5, 36), False: F(7, 48)}


def test_cruel_as_death_is_not_played_when_the_white_rider_is_chosen():
    """Cruel as Death needs the Nazgûl's Leadership, 0 under the White Rider: the defender uses it, the
    card cannot be played, and the card game's value is the battle without cards under the White Rider."""
    s = scenario_from_dict(_battle(["Cruel as Death"]), file="c.yaml")
    cc = choose_cards(s, "win")
    assert cc.white_rider is True
    assert cc.value == NO_CARD[True] == F(2, 81)
    assert cc.rows == ["no card"]
    assert [e["card"] for e in cc.excluded] == ["Cruel as Death"] and "WOTR-CARD-5" in cc.excluded[0]["why"]
    # the other choice (no White Rider, the card playable) is worth more to the attacker
    assert cc.white_rider_other is not None and cc.white_rider_other > cc.value
    assert cc.white_rider_other == choose_cards(s, "win", decide="attacker").value  # the file's choice: off


def test_deadly_strife_value_is_the_defenders_best_white_rider_choice():
    s = scenario_from_dict(_battle(["Deadly Strife"]), file="c.yaml")
    cc = choose_cards(s, "win")
    per_choice = {r: max(NO_CARD[r], DEADLY_STRIFE[r]) for r in (True, False)}
    assert cc.value == min(per_choice.values()) == F(5, 36)
    assert cc.white_rider is True and cc.white_rider_other == per_choice[False] == F(7, 48)


def test_optimize_reports_the_card_games_white_rider_in_text_and_json(tmp_path, capsys):
    import yaml

    path = tmp_path / "rider.yaml"
    path.write_text(yaml.safe_dump(_battle(["Cruel as Death"]), allow_unicode=True), encoding="utf-8")
    assert main(["optimize", str(path), "--json"]) == 0
    cards = json.loads(capsys.readouterr().out)["combat_cards"]
    assert cards["value"]["exact"] == "2/81" and cards["white_rider"] is True
    assert F(cards["white_rider_other_value"]["exact"]) > F(2, 81)
    assert main(["optimize", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Value under optimal play with the Combat cards in hand: 2/81" in out
    assert "Gandalf the White uses the White Rider in the card game (WOTR-STR-11" in out


def test_cruel_as_death_under_the_white_rider_agrees_with_verify():
    """The play check the card game uses is verify's: under the White Rider the claim is FALSE."""
    data = _battle([], white_rider=True)
    del data["attacker"]["hand"]
    data["claims"] = [{"id": "cad", "claim": "the attacker may play Cruel as Death"}]
    rep = verbs.verify(scenario_from_dict(data, file="v.yaml"))
    assert rep.to_json()["claims"][0]["verdict"] is False


# ---- --decide attacker: the defender's White Rider is the file's ---------------------------------------


def _decide_attacker_brute(rounds: int) -> F:
    """Sauron 2 Regulars, 1 Elite, a Nazgûl and the Witch-king (Leadership 3) attack Gondor 2 Regulars, a
    Leader and Gandalf the White (Leadership 2) in Dagorlad, no White Rider (the file's default). The
    attacker chooses his casualties (remove a Regular or reduce an Elite per hit, WOTR-CAS-3..5) and
    always goes on (ceasing is worth 0 to win); the defender takes regulars_first and never retreats."""
    from functools import lru_cache

    def options(r: int, e: int, h: int) -> set:
        if h == 0 or r + e == 0:
            return {(r, e) if r + e else (0, 0)}
        out = set()
        if r:
            out |= options(r - 1, e, h - 1)
        if e:
            out |= options(r + 1, e - 1, h - 1)
            if h >= 2:
                out |= options(r, e - 1, h - 2)
        return out

    @lru_cache(None)
    def value(a: tuple, d: tuple, rnd: int) -> F:
        pa = _hits(min(sum(a), 5), 3, _p_hit(5, 0), _p_hit(5, 0))
        pd = _hits(min(sum(d), 5), 2, _p_hit(5, 0), _p_hit(5, 0))
        total = F(0)
        for x, px in pa.items():
            for y, py in pd.items():
                best = None
                for a2 in options(*a, y):
                    d2 = _regulars_first(*d, x)
                    if sum(d2) == 0:
                        v = F(1) if sum(a2) else F(0)
                    elif sum(a2) == 0 or rnd == rounds:
                        v = F(0)
                    else:
                        v = value(a2, d2, rnd + 1)
                    best = v if best is None else max(best, v)
                total += px * py * best
        return total

    return value((2, 1), (2, 0), 1)


def _regulars_first(r: int, e: int, h: int) -> tuple:
    """WOTR-CAS-12's regulars_first: Regulars first, then an Elite per 2 hits (a single hit reduces it)."""
    k = min(r, h)
    r, h = r - k, h - k
    while h > 0 and e > 0:
        if h >= 2:
            e, h = e - 1, h - 2
        else:
            e, r, h = e - 1, r + 1, h - 1
    return r, e


def test_decide_attacker_keeps_the_files_white_rider():
    data = {"game": "wotr", "title": "decide attacker", "politics": {"Sauron": "at_war", "Gondor": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 2, "elites": 1}}, "nazgul": 1,
                         "characters": ["The Witch-king"]},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "leaders": 1}},
                         "characters": ["Gandalf the White"], "retreat_to": ["North Ithilien"]},
            "rules": {"max_rounds": 2, "replacement_pool": "unlimited", "casualty_policy": "regulars_first"},
            "battle": {"action": "army"}}
    s = scenario_from_dict(data, file="w.yaml")
    rep = verbs.optimize(s, decide="attacker")
    body = rep.to_json()
    assert body["white_rider"] is False
    assert F(body["value"]["exact"]) == _decide_attacker_brute(2) == F(353839625, 387420489)
    both = verbs.optimize(s).to_json()  # both sides optimal: the defender uses it (worth less to the attacker)
    assert both["white_rider"] is True and F(both["value"]["exact"]) < F(353839625, 387420489)
