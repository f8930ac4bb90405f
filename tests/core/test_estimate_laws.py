"""The estimates' laws as chart points, against the exact laws summed naively in fractions."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.estimate_laws import (
    BITS,
    CUTOFF,
    MAX_POINTS,
    LawPoint,
    binomial_fixed,
    blurred_fixed,
    central_points,
    local_points,
    tail_reach,
    visible,
)

UNIT = Fraction(1, 2**BITS)
HALF_STEP = Fraction(1, 2 * 10**6)


def binomial(n: int, rate: Fraction) -> list[Fraction]:
    return [math.comb(n, c) * rate**c * (1 - rate) ** (n - c) for c in range(n + 1)]


def report_rate(rate: Fraction, alpha0: Fraction) -> Fraction:
    return (rate * alpha0 + 1 - rate) / (alpha0 + 1)


def exact_local(n: int, rate: Fraction, alpha0: Fraction) -> dict[Fraction, Fraction]:
    """π̂(c) = (c/n − (1 − p))/(2p − 1) -> P(C = c)·n(2p − 1), p = α₀/(1 + α₀)."""
    p = alpha0 / (1 + alpha0)
    return {
        (Fraction(c, n) - (1 - p)) / (2 * p - 1): mass * n * (2 * p - 1)
        for c, mass in enumerate(binomial(n, report_rate(rate, alpha0)))
    }


def exact_central(n: int, rate: Fraction, alpha0: Fraction, s: int) -> Fraction:
    """P(C′ + Z = s)·n, summed over C′ with the geometric noise's P(Z = z) = (1 − r)/(1 + r)·r^|z|."""
    r = 1 / alpha0
    noise = (1 - r) / (1 + r)
    return n * sum((mass * noise * r ** abs(s - c) for c, mass in enumerate(binomial(n, rate))), Fraction(0))


def test_one_user_gives_the_two_reports_by_hand() -> None:
    # ρ = (0.3·3 + 0.7)/4 = 2/5; the two estimates (0 − 1/4)/(1/2) = −1/2 and (1 − 1/4)/(1/2) = 3/2
    # carry 3/5 and 2/5 over the step 1/(n(2p − 1)) = 2
    assert local_points(1, Fraction(3, 10), Fraction(3)) == [
        LawPoint(Fraction(-1, 2), Fraction(3, 10)),
        LawPoint(Fraction(3, 2), Fraction(1, 5)),
    ]


def test_the_tails_reach_as_far_as_the_noise_stays_above_the_cutoff() -> None:
    assert tail_reach(11, 10) == 73  # 1.1^72 ≈ 955.6 <= 1000 < 1.1^73 ≈ 1051.1
    assert tail_reach(3, 1) == 7  # 3^6 = 729 <= 1000 < 3^7 = 2187
    assert tail_reach(1001, 10) == 2  # 100.1 <= 1000 < 100.1² ≈ 10020


@pytest.mark.parametrize(
    ("n", "rate"), [(1, Fraction(3, 10)), (9, Fraction(0)), (9, Fraction(1)), (25, Fraction(2, 7))]
)
def test_the_fixed_binomial_is_a_lower_bound_off_by_less_than_its_distance_from_the_mode(
    n: int, rate: Fraction
) -> None:
    values = binomial_fixed(n, rate.numerator, rate.denominator - rate.numerator)
    mode = min((n + 1) * rate.numerator // rate.denominator, n)
    for c, mass in enumerate(binomial(n, rate)):
        gap = mass / UNIT - values[c]
        assert 0 <= gap < abs(c - mode) + 1, (n, rate, c)


@pytest.mark.parametrize(
    ("n", "rate", "alpha0"), [(1, Fraction(1, 2), Fraction(11, 10)), (12, Fraction(3, 10), Fraction(3))]
)
def test_the_blurred_law_is_a_lower_bound_within_its_proven_error(
    n: int, rate: Fraction, alpha0: Fraction
) -> None:
    big, small = alpha0.numerator, alpha0.denominator
    first, values = blurred_fixed(
        binomial_fixed(n, rate.numerator, rate.denominator - rate.numerator), big, small
    )
    assert first == -tail_reach(big, small)
    assert len(values) == n + 1 - 2 * first
    scale = Fraction(n * (big - small), big + small)  # from L + R to the density
    bound = 2 * (n + 2) * Fraction(big, big - small)
    for i, value in enumerate(values):
        gap = exact_central(n, rate, alpha0, first + i) / scale / UNIT - value
        assert 0 <= gap < bound, (first + i, gap)


ALPHA0 = st.integers(11, 1000).map(lambda tenths: Fraction(tenths, 10))
RATE = st.integers(1, 12).flatmap(lambda d: st.integers(0, d).map(lambda a: Fraction(a, d)))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 24), rate=RATE, alpha0=ALPHA0)
def test_every_point_is_within_half_a_millionth_of_the_exact_density(
    n: int, rate: Fraction, alpha0: Fraction
) -> None:
    local = exact_local(n, rate, alpha0)
    slack = HALF_STEP + Fraction(1, 10**30)
    for point in local_points(n, rate, alpha0):
        assert abs(point.density - local[point.estimate]) <= slack
        assert point.density.denominator <= 10**6
        assert 10**6 % point.density.denominator == 0
    central = central_points(n, rate, alpha0)
    for point in central:
        s = point.estimate * n
        assert s.denominator == 1
        assert abs(point.density - exact_central(n, rate, alpha0, int(s))) <= slack


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 24), rate=RATE, alpha0=ALPHA0)
def test_a_law_runs_in_order_and_draws_at_most_the_charts_points(
    n: int, rate: Fraction, alpha0: Fraction
) -> None:
    for points in (local_points(n, rate, alpha0), central_points(n, rate, alpha0)):
        xs = [point.estimate for point in points]
        assert xs == sorted(xs)
        assert len(set(xs)) == len(xs)
        assert 1 <= len(points) <= MAX_POINTS


def test_a_long_law_is_thinned_to_at_most_the_points_a_chart_draws() -> None:
    values = [min(i, 1000 - i) for i in range(1001)]  # a tent of peak 500
    kept = visible(values)
    assert kept.start == 1
    assert kept.stop - 1 <= 999
    assert len(kept) <= MAX_POINTS
    assert kept.step == math.ceil(999 / MAX_POINTS)
    assert CUTOFF * values[kept.start] >= max(values)


def test_ten_thousand_users_draw_a_bounded_chart_around_the_truth() -> None:
    rate, alpha0 = Fraction(3, 10), Fraction(3)
    for points in (local_points(10_000, rate, alpha0), central_points(10_000, rate, alpha0)):
        assert 100 <= len(points) <= MAX_POINTS
        peak = max(points, key=lambda point: point.density)
        assert abs(peak.estimate - rate) < Fraction(1, 100)
