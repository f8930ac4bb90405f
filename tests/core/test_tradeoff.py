"""The exact trade-off curve of k fresh randomized responses.

Properties (each a test below):
  T1  hand values: one response at α₀ = 3 is the corner of R(3, 0); two responses' thresholds.
  T2  the curve is the upper edge of the convex hull of every event of the full k-fold channel
      (all 2^(2^k) sets of transcripts, k ≤ 4), computed by brute force: the randomized tests.
  T3  the threshold points are the core's Neyman–Pearson boundary (events.upper_boundary, by
      the mirror symmetry t -> k − t) and the best advantage is δ*(1).
  T4  the randomized test at f has FPR f and the curve's TPR; the curve is concave and rises.
  T5  the curve lies in R(α₀^k, 0) and touches it; it lies in every R(α, δ_opt(α)) and is the
      upper edge of their intersection (Dong, Roth and Su's duality, on the profile's kinks).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.channels import fresh_counts
from generator.core.events import TradeoffPoint, upper_boundary
from generator.core.finite_channel import FiniteChannel, product
from generator.core.profile import delta_star
from generator.core.tradeoff import FreshTradeoff

alpha0s = st.fractions(min_value=1, max_value=9, max_denominator=7)
ks = st.integers(min_value=1, max_value=6)
rates = st.fractions(min_value=0, max_value=1, max_denominator=50)


def test_one_response_at_three() -> None:
    tradeoff = FreshTradeoff(Fraction(3), 1)
    assert tradeoff.curve() == [
        TradeoffPoint(Fraction(0), Fraction(0)),
        TradeoffPoint(Fraction(1, 4), Fraction(3, 4)),
        TradeoffPoint(Fraction(1), Fraction(1)),
    ]
    assert tradeoff.max_tpr(Fraction(1, 8)) == Fraction(3, 8)
    assert tradeoff.max_tpr(Fraction(1, 2)) == Fraction(5, 6)
    best = tradeoff.best_test()
    assert (best.threshold, best.advantage) == (1, Fraction(1, 2))


def test_two_responses_at_three() -> None:
    # P(T = t | x = 0) = 9/16, 6/16, 1/16 for t = 0, 1, 2; x = 1 mirrors it.
    tradeoff = FreshTradeoff(Fraction(3), 2)
    tests = {test.threshold: (test.fpr, test.tpr) for test in tradeoff.threshold_tests()}
    assert tests == {
        3: (Fraction(0), Fraction(0)),
        2: (Fraction(1, 16), Fraction(9, 16)),
        1: (Fraction(7, 16), Fraction(15, 16)),
        0: (Fraction(1), Fraction(1)),
    }
    test = tradeoff.neyman_pearson(Fraction(1, 4))  # γ = (1/4 − 1/16)/(6/16) = 1/2
    assert (test.threshold, test.gamma, test.tpr) == (2, Fraction(1, 2), Fraction(9, 16) + Fraction(3, 16))
    assert tradeoff.best_test().advantage == Fraction(1, 2)  # 15/16 − 7/16 = 9/16 − 1/16


def full_channel(alpha0: Fraction, k: int) -> FiniteChannel:
    one = fresh_counts(alpha0 / (1 + alpha0), 1)
    channel = one
    for _ in range(k - 1):
        channel = product(channel, one)
    return channel


def upper_hull(points: set[tuple[Fraction, Fraction]]) -> list[tuple[Fraction, Fraction]]:
    """The upper convex hull, left to right (Andrew's monotone chain, exact)."""
    hull: list[tuple[Fraction, Fraction]] = []
    for p in sorted(points):
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1) >= 0:
                hull.pop()
            else:
                break
        hull.append(p)
    return hull


def hull_value(hull: list[tuple[Fraction, Fraction]], f: Fraction) -> Fraction:
    for (x1, y1), (x2, y2) in pairwise(hull):
        if x1 <= f <= x2:
            return y1 if x1 == x2 else y1 + (y2 - y1) * (f - x1) / (x2 - x1)
    raise AssertionError(f"{f} is off the hull")


@pytest.mark.parametrize(
    ("alpha0", "k"),
    [(Fraction(3), 1), (Fraction(3), 2), (Fraction(2), 3), (Fraction(7, 5), 3), (Fraction(3), 4)],
)
def test_the_curve_is_the_hull_of_every_event(alpha0: Fraction, k: int) -> None:
    channel = full_channel(alpha0, k)
    d, n = channel.denominator, len(channel.labels)
    assert n == 2**k
    points = set()
    for size in range(n + 1):
        for event in combinations(range(n), size):
            # "member" on the event: FPR = P(S | x = 0), TPR = P(S | x = 1)
            points.add(
                (
                    Fraction(sum(channel.weights0[i] for i in event), d),
                    Fraction(sum(channel.weights1[i] for i in event), d),
                )
            )
    hull = upper_hull(points)
    tradeoff = FreshTradeoff(alpha0, k)
    for f in {x for x, _ in hull} | {p.fpr for p in tradeoff.curve()}:
        assert tradeoff.max_tpr(f) == hull_value(hull, f)


@given(alpha0s, ks)
def test_threshold_points_are_the_neyman_pearson_boundary(alpha0: Fraction, k: int) -> None:
    tradeoff = FreshTradeoff(alpha0, k)
    assert tradeoff.curve() == upper_boundary(tradeoff.channel)
    assert tradeoff.best_test().advantage == delta_star(tradeoff.channel, Fraction(1))
    assert tradeoff.best_test().threshold == k // 2 + 1 or alpha0 == 1


@given(alpha0s, ks, rates)
def test_the_randomized_test_meets_its_rate(alpha0: Fraction, k: int, f: Fraction) -> None:
    tradeoff = FreshTradeoff(alpha0, k)
    test = tradeoff.neyman_pearson(f)
    assert test.fpr == f
    assert 0 <= test.gamma < 1
    threshold = tradeoff.threshold_test(test.threshold)
    if test.gamma:
        previous = tradeoff.threshold_test(test.threshold - 1)
        assert test.fpr == threshold.fpr + test.gamma * (previous.fpr - threshold.fpr)
        assert test.tpr == threshold.tpr + test.gamma * (previous.tpr - threshold.tpr)
    else:
        assert (test.fpr, test.tpr) == (threshold.fpr, threshold.tpr)


@given(alpha0s, ks, rates, rates)
def test_the_curve_is_concave_and_rises(alpha0: Fraction, k: int, f: Fraction, g: Fraction) -> None:
    tradeoff = FreshTradeoff(alpha0, k)
    low, high = min(f, g), max(f, g)
    assert tradeoff.max_tpr(low) <= tradeoff.max_tpr(high)
    middle = (low + high) / 2
    assert tradeoff.max_tpr(middle) >= (tradeoff.max_tpr(low) + tradeoff.max_tpr(high)) / 2
    assert tradeoff.max_tpr(f) >= f


@given(alpha0s, ks)
def test_the_curve_lies_in_the_basic_region_and_touches_it(alpha0: Fraction, k: int) -> None:
    tradeoff = FreshTradeoff(alpha0, k)
    region = tradeoff.basic_region()
    assert all(region.contains(point) for point in tradeoff.curve())
    first = tradeoff.curve()[1]  # count k alone: on the line TPR = α₀^k·FPR
    assert first.tpr == region.max_tpr(first.fpr)


@given(alpha0s, ks, rates)
def test_the_curve_is_the_edge_of_the_optimal_regions(alpha0: Fraction, k: int, f: Fraction) -> None:
    tradeoff = FreshTradeoff(alpha0, k)
    # The profile's kinks are the likelihood ratios α₀^j; between them δ_opt is linear in α
    # and so is each region's edge at fixed f, so the kinks reach the envelope's minimum.
    kinks = sorted({alpha0**j for j in range(k + 1)})
    regions = [tradeoff.optimal_region(alpha) for alpha in kinks]
    assert all(region.contains(point) for region in regions for point in tradeoff.curve())
    assert min(region.max_tpr(f) for region in regions) == tradeoff.max_tpr(f)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="k must be"):
        FreshTradeoff(Fraction(3), 0)
    with pytest.raises(ValueError, match="α must be"):
        FreshTradeoff(Fraction(1, 2), 1)
    with pytest.raises(ValueError, match="threshold"):
        FreshTradeoff(Fraction(3), 2).threshold_test(4)
