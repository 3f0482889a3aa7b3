"""pycombat.dice.Dist, built and combined in integers, against the plain Fraction arithmetic written here: the
same outcomes, the same exact probabilities, in the same order, and the same errors."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycombat.dice import Dist, _sort_key, best_of, binomial, die, two_d6


def reference(pairs) -> dict:
    """The distribution as Fractions added one by one, zero dropped, sorted as a Dist lists it."""
    acc: dict = {}
    for k, p in pairs:
        p = Fraction(p)
        if p < 0:
            raise ValueError(f"negative probability {p} for {k!r}")
        if p:
            acc[k] = acc.get(k, Fraction(0)) + p
    total = sum(acc.values(), Fraction(0))
    if total != 1:
        raise ValueError(f"probabilities sum to {total}, not 1")
    return dict(sorted(acc.items(), key=lambda kv: _sort_key(kv[0])))


@st.composite
def distributions(draw, keys=st.integers(-3, 6) | st.sampled_from(["a", "b", "c"])):
    """A list of (outcome, probability) pairs summing to 1: random weights over random denominators, outcomes that
    repeat, some probabilities zero."""
    n = draw(st.integers(1, 6))
    dens = draw(st.lists(st.sampled_from([1, 2, 3, 4, 6, 12, 36, 7, 1296]), min_size=n, max_size=n))
    weights = [Fraction(draw(st.integers(0, 5)), d) for d in dens]
    if not any(weights):
        weights[0] = Fraction(1)
    total = sum(weights)
    outcomes = draw(st.lists(keys, min_size=n, max_size=n))
    return [(k, w / total) for k, w in zip(outcomes, weights)]


def same(d: Dist, want: dict) -> None:
    assert list(d.items()) == list(want.items())  # the outcomes, their order and their exact probabilities
    assert all(type(p) is Fraction for p in d.values())
    den, nums = d.integers()
    assert [(k, Fraction(n, den)) for k, n in nums] == list(want.items())


@given(distributions())
def test_a_dist_is_the_fractions_summed(pairs):
    same(Dist(pairs), reference(pairs))
    same(Dist(dict(reference(pairs))), reference(pairs))


@given(distributions(), distributions())
def test_combine_is_the_product_of_two_independent_outcomes(x, y):
    a, b = Dist(x), Dist(y)
    fn = lambda u, v: (u, v) if isinstance(u, str) or isinstance(v, str) else u + v  # noqa: E731
    same(a.combine(b, fn), reference((fn(u, v), p * q) for u, p in reference(x).items()
                                     for v, q in reference(y).items()))


@given(distributions(), distributions(), distributions())
def test_bind_chains_a_step_that_depends_on_the_first(x, y, z):
    a, b, c = Dist(x), Dist(y), Dist(z)
    step = lambda k: b if isinstance(k, str) or k % 2 else c  # noqa: E731
    want = reference((k2, p * p2) for k, p in reference(x).items() for k2, p2 in reference(
        y if isinstance(k, str) or k % 2 else z).items())
    same(a.bind(step), want)


@given(distributions())
def test_map_merges_the_outcomes_it_makes_alike(x):
    fn = lambda k: "word" if isinstance(k, str) else k % 3  # noqa: E731
    same(Dist(x).map(fn), reference((fn(k), p) for k, p in reference(x).items()))


def test_the_same_errors():
    for bad in ([("a", Fraction(1, 2))], [("a", Fraction(3, 2)), ("b", Fraction(-1, 2))], []):
        with pytest.raises(ValueError) as want:
            reference(bad)
        with pytest.raises(ValueError) as got:
            Dist(bad)
        assert str(got.value) == str(want.value)


def test_known_dice():
    assert two_d6()[7] == Fraction(1, 6) and two_d6()[2] == Fraction(1, 36) and sum(two_d6().values()) == 1
    assert best_of(two_d6(), 2)[12] == Fraction(71, 1296)
    assert dict(binomial(3, Fraction(1, 2)).items()) == {0: Fraction(1, 8), 1: Fraction(3, 8), 2: Fraction(3, 8),
                                                         3: Fraction(1, 8)}
    assert die().integers() == (6, tuple((k, 1) for k in range(1, 7)))


def test_a_mapping_that_is_no_dist_is_still_taken():
    """combine and bind also take plain mappings of probabilities (added as Fractions then)."""
    half = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert dict(Dist(half).combine(half, lambda a, b: a + b).items()) == {0: Fraction(1, 4), 1: Fraction(1, 2),
                                                                        2: Fraction(1, 4)}
    assert dict(Dist(half).bind(lambda k: half).items()) == half
