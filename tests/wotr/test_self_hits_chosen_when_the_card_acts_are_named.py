"""Relentless Assault lets the Shadow choose its self-hits after both Combat cards are revealed, and
Onslaught after the casualties of the rolls (WOTR-CARDX-2; each effect acts in initiative order,
WOTR-CARD-4). With the casualties the players' (``casualty_policy: enumerate``) optimize's card game
makes that number a decision of the round, taken when the effect acts, with every option valued: its
value is checked here against an exact brute force written below (one round, objective win), which
chooses the self-hits knowing the card revealed (and, for Relentless Assault, the attack roll of a Sudden
Strike, whose Initiative is lower) and, for Onslaught, the casualties. With a casualty
policy named, the card game still fixes the number with the card (one option of the secret card choice
per number, WOTR-CARD-2) and names that in `unmodelled`."""
from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from math import comb

import pytest

from pycombat.cli import main

BATTLE = """game: wotr
title: a card whose self-hits are chosen when it acts
politics: {Sauron: at_war, Gondor: at_war}
attacker: {region: Ash Mountains, units: {Sauron: {regulars: %d, elites: %d}}, nazgul: 1, hand: [%s]}
defender: {region: Dagorlad, units: {Gondor: {regulars: %d, elites: %d, leaders: 1}}, hand: [%s]}
battle: {action: army}
rules: {max_rounds: 1, replacement_pool: unlimited%s}
"""


def _optimize(capsys, tmp_path, a=(4, 0), d=(2, 1), card="Onslaught", fp_card="Shield-wall", policy=None, *args):
    path = tmp_path / "battle.yaml"
    path.write_text(BATTLE % (*a, card, *d, fp_card, f", casualty_policy: {policy}" if policy else ""))
    assert main(["optimize", str(path), *args]) == 0
    return capsys.readouterr().out


# ---- the brute force: one round, the attacker's objective win, field battle (hit on 5+), each side one
# ---- Leadership (a Nazgûl; a Leader), replacement pool unlimited (an Elite may be replaced by a Regular)
def _p(hit: int, mod: int) -> Fraction:
    """One die hits: a natural 6 always, a natural 1 never, else die + modifier >= hit."""
    return Fraction(sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f + mod >= hit)), 6)


def _binom(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _hits(units: int, mod: int) -> dict[int, Fraction]:
    """The Combat roll (min(units, 5) dice, +mod) and the Leader re-roll of one Leadership (its misses)."""
    out: dict[int, Fraction] = {}
    n = min(units, 5)
    for h, q in _binom(n, _p(5, mod)).items():
        for h2, q2 in _binom(min(1, n - h), _p(5, 0)).items():
            out[h + h2] = out.get(h + h2, Fraction(0)) + q * q2
    return out


def _after(army: tuple[int, int], hits: int) -> set[tuple[int, int]]:
    """Every way to take ``hits``: a Regular removed or an Elite replaced by a Regular per hit."""
    r, e = army
    if hits >= r + 2 * e:
        return {(0, 0)}
    left = r + 2 * e - hits
    return {(left - 2 * e2, e2) for e2 in range(e + 1) if 0 <= left - 2 * e2 <= r + (e - e2)}


def _won(a, d) -> Fraction:
    return Fraction(int(sum(d) == 0 and sum(a) > 0))


@lru_cache(maxsize=None)
def _onslaught(a, d) -> Fraction:
    """After the casualties: the attacker takes k hits (his choice of units), rolls k dice hitting on 4+."""
    best = Fraction(0)
    for k in range(min(4, a[0] + 2 * a[1]) + 1):
        for a2 in _after(a, k):
            v = sum((q * min(_won(a2, d2) for d2 in _after(d, h)) for h, q in _binom(k, _p(4, 0)).items()),
                    Fraction(0))
            best = max(best, v)
    return best


def _cell(a, d, card, fp_card) -> Fraction:
    if fp_card == "Sudden Strike":  # initiative 2, before Relentless Assault's 3: one die (the Leader's) on 5+,
        return sum((q * max(_card(a2, d, card, fp_card) if sum(a2) else Fraction(0) for a2 in _after(a, h))
                    for h, q in _binom(1, _p(5, 0)).items()), Fraction(0))  # its hit removed at once
    return _card(a, d, card, fp_card)


def _card(a, d, card, fp_card) -> Fraction:
    if card == "Relentless Assault":  # after the cards are revealed: k hits kept a unit, +k to the Combat roll
        return max(_rolls(a2, d, k, None, fp_card) for k in range(min(2, a[0] + 2 * a[1] - 1) + 1)
                   for a2 in _after(a, k) if sum(a2))
    return _rolls(a, d, 0, card, fp_card)


def _rolls(a, d, mod, card, fp_card) -> Fraction:
    tot = Fraction(0)
    for ha, pa in _hits(sum(a), mod).items():
        for hd, pd in _hits(sum(d), 0).items():
            h = ha - 1 if fp_card == "Shield-wall" and ha >= 2 else ha
            best = None
            for a2 in _after(a, hd):  # the attacker removes his casualties first, then the defender
                worst = None
                for d2 in _after(d, h):
                    if not sum(a2) or not sum(d2):
                        v = _won(a2, d2)
                    else:
                        v = _onslaught(a2, d2) if card == "Onslaught" else Fraction(0)
                    worst = v if worst is None else min(worst, v)
                best = worst if best is None else max(best, worst)
            tot += pa * pd * best
    return tot


def _game(m) -> Fraction:
    """The value of a 2 x 2 zero-sum game (rows maximise), exactly."""
    (a, b), (c, d) = m
    lo, hi = max(min(a, b), min(c, d)), min(max(a, c), max(b, d))
    if lo == hi:
        return lo
    return (a * d - b * c) / (a + d - b - c)


def brute(a, d, card, fp_card) -> Fraction:
    return _game([[_cell(a, d, x, y) for y in (None, fp_card)] for x in (None, card)])


def test_the_brute_force_gives_the_reviewed_value():
    assert brute((4, 0), (2, 1), "Onslaught", "Shield-wall") == Fraction(1510, 19683)


@pytest.mark.parametrize("a, d, card, fp_card", [
    ((4, 0), (2, 1), "Onslaught", "Shield-wall"),
    ((3, 1), (2, 0), "Onslaught", "Shield-wall"),
    ((2, 0), (1, 1), "Onslaught", "Shield-wall"),
    ((3, 0), (1, 1), "Onslaught", "Sudden Strike"),
    ((4, 0), (2, 1), "Relentless Assault", "Shield-wall"),
    ((2, 1), (3, 0), "Relentless Assault", "Shield-wall"),
    ((2, 1), (2, 0), "Relentless Assault", "Sudden Strike"),
])
def test_the_card_game_chooses_the_self_hits_when_the_card_acts(capsys, tmp_path, a, d, card, fp_card):
    body = json.loads(_optimize(capsys, tmp_path, a, d, card, fp_card, None, "--json"))
    cards = body["combat_cards"]
    assert Fraction(cards["value"]["exact"]) == brute(a, d, card, fp_card)
    assert cards["attacker_options"] == ["no card", card]
    assert not [u for u in body["unmodelled"] if "self-hits" in u["what"]]


def test_the_self_hits_are_a_decision_with_every_option_valued(capsys, tmp_path):
    body = json.loads(_optimize(capsys, tmp_path, (4, 0), (2, 1), "Onslaught",
                                "Shield-wall", None, "--json"))
    found = [x for x in body["combat_cards"]["decisions"]["decisions"] if x["decision"] == "attacker_self_hits"
             and x["attacker_units"] == "Sauron 4R 0E, 1 Nazgûl" and x["defender_units"] == "Gondor 3R 0E, 1 Leader"]
    assert len(found) == 1
    (dec,) = found
    assert dec["rules"] == ["WOTR-CARDX-2", "WOTR-CARD-4"]
    # after the casualties, a Gondor Army of 3 hit points left: 3 self-hits (keep a unit), 3 dice on 4+ all hit
    assert [(o["option"], Fraction(o["value"]["exact"])) for o in dec["options"]] == [
        ("3 self-hits (Onslaught)", Fraction(1, 8))] + [
        (f"{k} self-hit{'s' if k != 1 else ''} (Onslaught)", Fraction(0)) for k in (0, 1, 2, 4)]
    text = _optimize(capsys, tmp_path, (4, 0), (2, 1), "Onslaught", "Shield-wall")
    assert "the attacker takes up to 4 hits on his own Army for his Combat card" in text


@pytest.mark.parametrize("card, when", [
    ("Onslaught", "after the casualties of the Combat roll and the Leader re-roll"),
    ("Relentless Assault", "after both Combat cards are revealed, before the Combat roll"),
])
def test_with_a_casualty_policy_the_self_hits_fixed_with_the_card_are_named(capsys, tmp_path, card, when):
    body = json.loads(_optimize(capsys, tmp_path, (4, 0), (2, 1), card, "Shield-wall", "regulars_first", "--json"))
    entry = {"card": card, "what": f"the number of self-hits, which its text chooses {when}",
             "why": "with casualty_policy=regulars_first the card game fixes it with the card, before the cards are "
                    "revealed: each number is one option of the secret card choice (WOTR-CARD-2)"}
    assert entry in body["unmodelled"]
    text = _optimize(capsys, tmp_path, (4, 0), (2, 1), card, "Shield-wall", "regulars_first")
    assert f"! not modelled: {card}: the number of self-hits, which its text chooses {when}" in text


def test_with_a_casualty_policy_the_value_is_that_of_the_self_hits_fixed_with_the_card(capsys, tmp_path):
    body = json.loads(_optimize(capsys, tmp_path, (4, 0), (2, 1), "Onslaught", "Shield-wall", "regulars_first",
                                "--json"))
    assert Fraction(body["combat_cards"]["value"]["exact"]) == Fraction(292, 6561)
    assert body["combat_cards"]["attacker_options"] == ["no card"] + [
        f"Onslaught ({k} self-hit{'s' if k > 1 else ''})" for k in range(1, 5)]


def test_no_entry_for_cards_that_choose_nothing_when_they_act(capsys, tmp_path):
    body = json.loads(_optimize(capsys, tmp_path, (4, 0), (2, 1), "Deadly Strife", "Shield-wall", "regulars_first",
                                "--json"))
    assert not [u for u in body["unmodelled"] if "self-hits" in u["what"]]
