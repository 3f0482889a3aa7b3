"""A chance in a verdict's note is printed as ``odds`` prints a fraction: in full while short (``8/27``), else
as a decimal marked ``*`` (in scientific notation below 0.001, where six places would print 0.000000) with a
note saying how many digits the exact fraction has; ``--json`` keeps the exact value (the verdict's
``exact``). A Combat card claimed for a late round (WOTR-CARDX-7) and a later round's hits (WOTR-ROUND-1) are
reached with chances whose denominators run to dozens of digits."""
from __future__ import annotations

import re
from fractions import Fraction

import pycombat
from pycombat.games.wotr.claims.words import NoteFractions, scientific

DAGORLAD = {"game": "wotr", "title": "Relentless Assault against a Shield-wall on Dagorlad",
            "politics": {"Gondor": "at_war", "Sauron": "at_war"},
            "attacker": {"region": "Ash Mountains", "units": {"Sauron": {"regulars": 4, "elites": 1}}, "nazgul": 1,
                         "card": {"name": "Relentless Assault", "self_hits": 1}},
            "defender": {"region": "Dagorlad", "units": {"Gondor": {"regulars": 2, "elites": 1, "leaders": 1}},
                         "card": "Shield-wall", "retreat_to": []},
            "rules": {"casualty_policy": "regulars_first"},
            "claims": [{"id": "late", "claim": "Relentless Assault may be played in round 40"},
                       {"id": "second", "claim": "Relentless Assault may be played in round 2"},
                       {"id": "hits", "claim": "the attacker scores at least 1 hit in round 40 with probability 1/2"}]}


def _claims() -> dict[str, dict]:
    return {c["id"]: c for c in pycombat.load(DAGORLAD).verify().to_json()["claims"]}


def test_a_late_rounds_chance_is_printed_short_and_kept_exact_in_json():
    got = _claims()
    late = got["late"]
    assert late["verdict"] is True
    (kept,) = late["exact"]
    exact = Fraction(kept["exact"])
    assert 0 < exact < Fraction(1, 10 ** 20)
    assert kept["decimal"] == scientific(exact) and re.fullmatch(r"\d\.\d{4}e-\d+", kept["decimal"])
    assert kept["denominator_digits"] == len(str(exact.denominator))
    assert f"round 40: chance {kept['decimal']} *: may be played" in late["notes"]
    assert (f"* exact fraction of {kept['denominator_digits']:,} digits in the denominator: --json gives it "
            "(`exact`)") in late["notes"]
    assert all(len(n) < 300 and str(exact.denominator) not in n for n in late["notes"])
    # the same chance as the hits claim's: round 40 is fought from the start as the card's claim reaches it
    fought = [x for x in got["hits"]["exact"] if x["what"] == "round 40 is fought with chance"]
    assert [Fraction(x["exact"]) for x in fought] == [exact]


def test_a_short_chance_is_printed_in_full_with_no_exact_list():
    second = _claims()["second"]
    assert "round 2: chance 1 = 1.000000: may be played" in second["notes"]
    assert "exact" not in second and not any(n.startswith("* exact") for n in second["notes"])


def test_note_fractions_print_in_full_up_to_thirty_characters():
    f = NoteFractions()
    short = Fraction(10 ** 14 - 1, 10 ** 14)  # 30 characters
    assert f.with_decimal(short) == f"{short} = {float(short):.6f}" and not f.kept
    longer = Fraction(10 ** 15 - 1, 10 ** 15)  # 32 characters
    assert f.with_decimal(longer) == "1.000000 *"
    assert Fraction(f.kept[0]["exact"]) == longer and f.kept[0]["denominator_digits"] == 16
    tiny = Fraction(1, 7 ** 2000)
    assert f.text(tiny) == scientific(tiny) + " *" and f.kept[1]["denominator_digits"] == 1691
