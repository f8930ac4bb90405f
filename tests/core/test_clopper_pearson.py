"""Clopper–Pearson bounds as proven dyadic cells.

Properties (each a test below):
  C1  hand values: p_L(n of n) = a^(1/n) and p_U(0 of n) = 1 − a^(1/n); a dyadic root comes
      back as the exact point (the exact polynomial decides it); p_L(0) = 0, p_U(n) = 1.
  C2  every cell holds the root found by mpmath at 50 digits (regularized incomplete beta and a
      bracketing root finder), and is exactly 2^-bits wide.
  C3  the tail balls hold mpmath's sums of binomial terms.
  C4  a run of bounds (each search started from the one before) gives the same cells as
      separate searches: the cell does not depend on the guesses.
  C5  the monotonicities the audit planner uses: more successes raise p_L and p_U; more trials
      with the same count lower both; one more trial and one more success raise p_L.
  C6  coverage: for a grid of true rates, P(p_L(X) ≤ p) ≥ 1 − a, exactly.
  C7  at n = 100 000 the cells agree with scipy's betaincinv (a float peer) to its precision.
  C8  bad input is refused.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import islice

import mpmath  # type: ignore[import-untyped]
import pytest
from flint import arb
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import betaincinv  # type: ignore[import-untyped]

from generator.core.binomial_tails import term
from generator.core.certified import Enclosure, precision
from generator.core.clopper_pearson import (
    _CELLS,
    binomial_tail,
    lower_bound,
    lower_bounds,
    upper_bound,
    upper_bounds,
)

levels = st.sampled_from([Fraction(1, 40), Fraction(1, 20), Fraction(1, 10), Fraction(1, 3), Fraction(7, 10)])


@st.composite
def counts(draw: st.DrawFn, most: int = 300) -> tuple[int, int]:
    trials = draw(st.integers(min_value=1, max_value=most))
    return draw(st.integers(min_value=0, max_value=trials)), trials


def mp_lower(successes: int, trials: int, level: Fraction) -> mpmath.mpf:
    """The root of I_p(x, n − x + 1) = level at 50 digits, by a bracketing solver."""
    with mpmath.workdps(50):
        target = mpmath.mpf(level.numerator) / level.denominator
        return mpmath.findroot(
            lambda p: mpmath.betainc(successes, trials - successes + 1, 0, p, regularized=True) - target,
            (mpmath.mpf(0), mpmath.mpf(1)),
            solver="illinois",
            tol=mpmath.mpf(10) ** -45,
        )


def as_fraction(value: mpmath.mpf) -> Fraction:
    return Fraction(mpmath.nstr(value, 48, min_fixed=-1000, max_fixed=1000))


def test_the_corner_counts() -> None:
    a = Fraction(1, 20)
    assert lower_bound(0, 7, a) == Enclosure(Fraction(0), Fraction(0))
    assert upper_bound(7, 7, a) == Enclosure(Fraction(1), Fraction(1))
    # P(X ≥ 3 | p) = p³ = a gives p_L = a^(1/3); P(X ≤ 0 | p) = (1 − p)³ = a mirrors it.
    low, high = lower_bound(3, 3, a), upper_bound(0, 3, a)
    assert low.lower**3 < a < low.upper**3
    assert (1 - high.upper) ** 3 < a < (1 - high.lower) ** 3
    assert low.width == high.width == Fraction(1, 2**64)


def test_a_dyadic_root_is_the_exact_point() -> None:
    # p² = 1/4 and (1 − p)² = 1/4: the roots 1/2 are dyadic, decided by the exact polynomial.
    half = Enclosure(Fraction(1, 2), Fraction(1, 2))
    assert lower_bound(2, 2, Fraction(1, 4)) == upper_bound(0, 2, Fraction(1, 4)) == half
    # One trial: P(X ≥ 1 | p) = p, so p_L(1 of 1) = a itself.
    assert lower_bound(1, 1, Fraction(3, 8)) == Enclosure(Fraction(3, 8), Fraction(3, 8))


@settings(max_examples=40)
@given(counts(), levels)
def test_cells_hold_mpmath_roots(pair: tuple[int, int], level: Fraction) -> None:
    successes, trials = pair
    if successes == 0:
        return
    cell = lower_bound(successes, trials, level)
    root = as_fraction(mp_lower(successes, trials, level))
    assert cell.lower - Fraction(1, 10**45) <= root <= cell.upper + Fraction(1, 10**45)
    assert cell.width in (0, Fraction(1, 2**64))


@settings(max_examples=40)
@given(counts(), levels)
def test_upper_bounds_mirror_the_lower_ones(pair: tuple[int, int], level: Fraction) -> None:
    # The failures n − X have rate 1 − p: p_U(x of n) = 1 − p_L(n − x of n).
    failures, trials = pair
    if failures == trials:
        return
    cell = upper_bound(failures, trials, level, 40)
    mirror = lower_bound(trials - failures, trials, level, 40)
    assert (cell.lower, cell.upper) == (1 - mirror.upper, 1 - mirror.lower)


@pytest.mark.parametrize(
    ("n", "x", "p"),
    [
        (400, 288, Fraction(7, 10)),
        (400, 100, Fraction(7, 10)),
        (10, 1, Fraction(1, 3)),
        (5000, 4990, Fraction(999, 1000)),
    ],
)
def test_tail_balls_hold_the_sums(n: int, x: int, p: Fraction) -> None:
    with mpmath.workdps(60):
        q = mpmath.mpf(p.numerator) / p.denominator
        tail = mpmath.fsum(mpmath.binomial(n, c) * q**c * (1 - q) ** (n - c) for c in range(x, n + 1))
        at_x = mpmath.binomial(n, x) * q**x * (1 - q) ** (n - x)
        texts = mpmath.nstr(tail, 50), mpmath.nstr(at_x, 50)
    with precision(120):
        ball, point = binomial_tail(n, x, arb(p.numerator) / p.denominator)
        assert ball.contains(arb(texts[0]))
        assert point.contains(arb(texts[1]))
        assert ball.rad() < arb(2) ** -100


@given(st.integers(min_value=2, max_value=400), levels, st.data())
def test_a_run_gives_the_separate_cells(trials: int, level: Fraction, data: st.DataObject) -> None:
    first = data.draw(st.integers(min_value=0, max_value=trials - 1))
    last = data.draw(st.integers(min_value=first, max_value=min(trials, first + 6)))
    count = last - first + 1
    lows = list(islice(lower_bounds(first, trials, level, 30), count))
    highs = list(islice(upper_bounds(first, trials, level, 30), count))
    _CELLS.clear()  # the separate searches start cold, from x/n
    assert lows == [lower_bound(x, trials, level, 30) for x in range(first, last + 1)]
    assert highs == [upper_bound(x, trials, level, 30) for x in range(first, last + 1)]


@given(counts(200), levels)
def test_the_monotonicities(pair: tuple[int, int], level: Fraction) -> None:
    x, n = pair
    bits = 40
    if x < n:
        assert lower_bound(x, n, level, bits).upper <= lower_bound(x + 1, n, level, bits).lower
        assert upper_bound(x, n, level, bits).upper <= upper_bound(x + 1, n, level, bits).lower
    # n + 1 trials, the same count: both bounds fall.
    assert lower_bound(x, n + 1, level, bits).lower <= lower_bound(x, n, level, bits).upper
    assert upper_bound(x, n + 1, level, bits).lower <= upper_bound(x, n, level, bits).upper
    # n + 1 trials and one more count: both bounds rise.
    assert lower_bound(x + 1, n + 1, level, bits).upper >= lower_bound(x, n, level, bits).lower
    assert upper_bound(x + 1, n + 1, level, bits).upper >= upper_bound(x, n, level, bits).lower


@pytest.mark.parametrize("trials", [1, 7, 30])
@pytest.mark.parametrize("level", [Fraction(1, 20), Fraction(1, 3)])
def test_coverage_at_every_rate(trials: int, level: Fraction) -> None:
    cells = list(lower_bounds(0, trials, level, 48))
    for p in [Fraction(i, 37) for i in range(38)]:
        # P(p_L(X) ≤ p): the counts whose cell lies below p (no cell straddles these p).
        assert all(not cell.lower < p < cell.upper for cell in cells)
        covered = sum(
            Fraction(term(trials, x, p.numerator, p.denominator - p.numerator), p.denominator**trials)
            for x, cell in enumerate(cells)
            if cell.upper <= p
        )
        assert covered >= 1 - level


@pytest.mark.parametrize(("x", "n"), [(70_000, 100_000), (5, 100_000), (100_000, 100_000)])
def test_large_counts_agree_with_scipy(x: int, n: int) -> None:
    cell = lower_bound(x, n, Fraction(1, 40))
    peer = Fraction(float(betaincinv(x, n - x + 1, 1 / 40)))
    assert abs(cell.lower - peer) <= peer * Fraction(1, 10**10)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: lower_bound(3, 2, Fraction(1, 20)), "count"),
        (lambda: lower_bound(1, 0, Fraction(1, 20)), "trials"),
        (lambda: upper_bound(1, 2, Fraction(0)), "level"),
        (lambda: upper_bound(1, 2, 0.05), "level"),  # type: ignore[arg-type]
        (lambda: next(lower_bounds(3, 2, Fraction(1, 2))), "count"),
        (lambda: lower_bound(1, 2, Fraction(1, 2), 0), "bits"),
    ],
)
def test_bad_input_is_refused(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
