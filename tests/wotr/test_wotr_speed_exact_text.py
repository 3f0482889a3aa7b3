"""The exact figures' text made from integer numerators (process.exact_pair, exact_pairs): the same text as
``pycombat.dice.as_json`` of the reduced Fraction, a figure's chance per figure reduced from its expected
number without a second gcd of large numbers, the denominators' decimal text kept in a bounded cache
(process._DEN_TEXT) shared by every battle of a process; and the after-the-battle distribution summed over a
result's own numerators (aftermath.aftermath_distribution) equal to the one summed over its Fractions.
Each check holds with the cache cold and warm, and with the battles solved in another order."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pycombat.dice import as_json
from pycombat.games.wotr.battle import process
from pycombat.games.wotr.battle.aftermath import aftermath_distribution
from pycombat.games.wotr.battle.odds import battle_report
from pycombat.games.wotr.battle.process import exact_pair, exact_pairs
from pycombat.games.wotr.schema import load_scenario
from pycombat.games.wotr.verbs import odds

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "wotr"
#: small battles: a field battle, a relief over the stacking limit (WOTR-STACK-2), a sortie (WOTR-SIEGE-6)
FILES = ("skirmish.yaml", "relief_over_the_limit.yaml", "sortie.yaml")


def _as_pair(p: Fraction) -> tuple[str, float]:
    j = as_json(p)
    return j["exact"], j["decimal"]


# denominators as the forward pass makes them: powers of 6 times fold factors 6**K - n, and any other
dens = st.one_of(st.builds(lambda k, f: 6 ** k * f, st.integers(0, 120), st.integers(1, 6 ** 12)),
                 st.integers(1, 10 ** 160))


@settings(max_examples=60, deadline=None)
@given(dens, st.integers(0, 10 ** 6), st.integers(1, 12), st.booleans())
def test_exact_text_is_as_json_of_the_reduced_fraction(d, k, count, cold):
    n = (k * d) // 10 ** 6  # 0 <= n <= d, often sharing factors with d
    if cold:
        process._DEN_TEXT.clear()
    first, per_figure = exact_pairs(n, d, count)
    assert first == exact_pair(n, d) == _as_pair(Fraction(n, d))
    assert per_figure == _as_pair(Fraction(n, d * count))
    assert exact_pairs(n, d, count) == (first, per_figure)  # the same again, the text now cached


def test_denominator_text_cache_is_bounded_and_right():
    process._DEN_TEXT.clear()
    base = 6 ** 60
    for i in range(process._DEN_TEXT_LIMIT + 500):
        d = base + 2 * i + 1
        assert exact_pair(1, d) == (f"1/{d}", round(1 / d, 6))
        assert len(process._DEN_TEXT) <= process._DEN_TEXT_LIMIT
    assert exact_pair(2, base + 1) == (f"2/{base + 1}", round(2 / (base + 1), 6))  # after emptying


def _odds_json(name: str) -> str:
    return json.dumps(odds(load_scenario(EXAMPLES / name)).to_json(), sort_keys=False)


def test_odds_json_alike_cold_warm_and_in_another_order():
    process.clear_caches()
    cold = {name: _odds_json(name) for name in FILES}
    warm = {name: _odds_json(name) for name in FILES}
    process.clear_caches()
    reverse = {name: _odds_json(name) for name in reversed(FILES)}
    assert cold == warm == reverse
    assert len(process._DEN_TEXT) <= process._DEN_TEXT_LIMIT


def test_aftermath_over_numerators_is_the_one_over_fractions():
    for name in FILES:
        rep = battle_report(load_scenario(EXAMPLES / name))
        for res in rep.results.values():
            plain = aftermath_distribution(rep.scenario, rep.setup, res.outcomes)
            over = aftermath_distribution(rep.scenario, rep.setup, res.outcomes, res.numerators())
            assert over == plain
            # every chance is the exact sum of the end positions' probabilities it covers
            for rows in plain["moves"].values():
                assert sum(Fraction(r["p"]["exact"]) for r in rows) == 1
