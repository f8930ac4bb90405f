"""The (ε, δ)-DP region of tests and the attacker's advantage bounds.

Properties (each a test below):
  R1  hand values of the edges, the corner and the advantage bound.
  R2  the edges are the four inequalities of Kairouz, Oh and Viswanath, checked point by point
      on a grid: a point is inside exactly when all four hold.
  R3  the advantage bound is the largest TPR − FPR over the region: no grid point of the
      region exceeds it and the corner reaches it.
  R4  the region is symmetric under (f, t) -> (1 − t, 1 − f), and grows with α and δ.
  R5  the tight bound is below Yeom's α − 1 for α > 1, by the factor α + 1 at δ = 0.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.dp_region import Region, yeom_bound
from generator.core.events import TradeoffPoint

alphas = st.fractions(min_value=1, max_value=30, max_denominator=20)
deltas = st.fractions(min_value=0, max_value=1, max_denominator=20)
rates = st.fractions(min_value=0, max_value=1, max_denominator=40)
GRID = [Fraction(i, 12) for i in range(13)]


def test_hand_values_at_alpha_three() -> None:
    region = Region(Fraction(3), Fraction(0))
    assert region.max_tpr(Fraction(1, 8)) == Fraction(3, 8)  # 3·(1/8)
    assert region.max_tpr(Fraction(1, 2)) == Fraction(5, 6)  # 1 − (1/2)/3
    assert region.min_tpr(Fraction(1, 2)) == Fraction(1, 6)
    assert region.corner() == TradeoffPoint(Fraction(1, 4), Fraction(3, 4))
    assert region.advantage_bound() == Fraction(1, 2)  # tanh(ln 3 / 2) = 2/4
    assert yeom_bound(Fraction(3)) == 2


def test_hand_values_with_delta() -> None:
    region = Region(Fraction(2), Fraction(1, 10))
    # corner ((1 − δ)/(α + 1), (α + δ)/(α + 1)) = (3/10, 7/10); advantage (1 + 1/5)/3 = 2/5
    assert region.corner() == TradeoffPoint(Fraction(3, 10), Fraction(7, 10))
    assert region.advantage_bound() == Fraction(2, 5)
    assert region.max_tpr(Fraction(0)) == Fraction(1, 10)
    assert region.upper_edge() == [
        TradeoffPoint(Fraction(0), Fraction(1, 10)),
        TradeoffPoint(Fraction(3, 10), Fraction(7, 10)),
        TradeoffPoint(Fraction(9, 10), Fraction(1)),
        TradeoffPoint(Fraction(1), Fraction(1)),
    ]


def test_alpha_one_and_no_delta_is_the_diagonal() -> None:
    region = Region(Fraction(1), Fraction(0))
    assert all(region.max_tpr(f) == region.min_tpr(f) == f for f in GRID)
    assert region.upper_edge() == [
        TradeoffPoint(Fraction(0), Fraction(0)),
        TradeoffPoint(Fraction(1, 2), Fraction(1, 2)),
        TradeoffPoint(Fraction(1), Fraction(1)),
    ]
    assert region.advantage_bound() == 0


def four_inequalities(region: Region, f: Fraction, t: Fraction) -> bool:
    a, d = region.alpha, region.delta
    return t <= a * f + d and 1 - f <= a * (1 - t) + d and f <= a * t + d and 1 - t <= a * (1 - f) + d


@given(alphas, deltas)
def test_edges_are_the_four_inequalities(alpha: Fraction, delta: Fraction) -> None:
    region = Region(alpha, delta)
    for f in GRID:
        for t in GRID:
            assert region.contains(TradeoffPoint(f, t)) == four_inequalities(region, f, t)


@given(alphas, deltas)
def test_the_advantage_bound_is_the_maximum_over_the_region(alpha: Fraction, delta: Fraction) -> None:
    region = Region(alpha, delta)
    bound = region.advantage_bound()
    corner = region.corner()
    assert region.contains(corner)
    assert corner.tpr - corner.fpr == bound
    assert all(region.max_tpr(f) - f <= bound for f in GRID)
    # The upper edge's vertices are where a linear function on a polygon peaks.
    assert max(p.tpr - p.fpr for p in region.upper_edge()) == bound


@given(alphas, deltas, rates, rates)
def test_the_region_is_symmetric(alpha: Fraction, delta: Fraction, f: Fraction, t: Fraction) -> None:
    region = Region(alpha, delta)
    assert region.contains(TradeoffPoint(f, t)) == region.contains(TradeoffPoint(1 - t, 1 - f))
    assert region.min_tpr(f) == 1 - region.max_tpr(1 - f)


@given(alphas, alphas, deltas, deltas, rates)
def test_the_region_grows_with_alpha_and_delta(
    a: Fraction, b: Fraction, d: Fraction, e: Fraction, f: Fraction
) -> None:
    small, large = Region(min(a, b), min(d, e)), Region(max(a, b), max(d, e))
    assert small.max_tpr(f) <= large.max_tpr(f)
    assert small.advantage_bound() <= large.advantage_bound()


@given(alphas)
def test_the_tight_bound_is_below_yeom(alpha: Fraction) -> None:
    tight = Region(alpha, Fraction(0)).advantage_bound()
    assert tight * (alpha + 1) == yeom_bound(alpha)
    assert tight < 1
    if alpha > 1:
        assert tight < yeom_bound(alpha)


@pytest.mark.parametrize(
    ("alpha", "delta"),
    [
        (Fraction(1, 2), Fraction(0)),
        (Fraction(2), Fraction(-1, 10)),
        (Fraction(2), Fraction(11, 10)),
        (2.0, Fraction(0)),
    ],
)
def test_bad_parameters_are_refused(alpha: object, delta: Fraction) -> None:
    with pytest.raises(ValueError, match="must be an exact rational"):
        Region(alpha, delta)  # type: ignore[arg-type]


def test_a_rate_outside_the_square_is_refused() -> None:
    with pytest.raises(ValueError, match="false-positive rate"):
        Region(Fraction(2), Fraction(0)).max_tpr(Fraction(3, 2))
