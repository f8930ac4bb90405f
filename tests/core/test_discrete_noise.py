"""The discrete noise mechanisms (generator/core/discrete_noise.py), held to hand values and
properties; the sensitivity of the queries they answer is tests/core/test_sensitivity.py's.

Properties (each a test below):
  N1  the folded geometric law sums to 1, matches the two-sided geometric density inside and
      its tails at the ends (hand values at α₀ = 3 on 0..4).
  N2  its exact pure ε is |t - t'|·ln α₀, so Δ·ln α₀ for every clipped query (hypothesis).
  N3  k-ary response is (ln α₀, 0)-DP and at k = 2 is the binary p = α₀/(1 + α₀).
  N4  the exponential mechanism stays within 2 ln α, within ln α for a monotone score, and a
      non-monotone score goes beyond ln α.
  N5  accuracy P(|Y - t| <= τ) grows with α₀ and with τ; the rate estimate is unbiased.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.discrete_noise import (
    exponential_channel,
    geometric_channel,
    geometric_weights,
    k_ary_channel,
    rate_estimate,
    within,
)
from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.sensitivity import Neighbour, Query, answer, sensitivity

alphas0 = st.fractions(min_value=Fraction(11, 10), max_value=5, max_denominator=10)


def law(weights: tuple[int, ...]) -> list[Fraction]:
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


def test_the_folded_geometric_law_by_hand() -> None:
    # α₀ = 3, r = 1/3, t = 2 on 0..4: inside (1-r)/(1+r)·r^|y-t| = (1/2)(1/3)^|y-t|, ends r^2/(1+r) = 1/12.
    assert law(geometric_weights(2, 0, 4, Fraction(3))) == [
        Fraction(1, 12),
        Fraction(1, 6),
        Fraction(1, 2),
        Fraction(1, 6),
        Fraction(1, 12),
    ]
    assert law(geometric_weights(0, 0, 2, Fraction(3))) == [Fraction(3, 4), Fraction(1, 6), Fraction(1, 12)]
    assert law(geometric_weights(1, 1, 1, Fraction(3))) == [1]
    assert law(geometric_weights(0, 0, 3, Fraction(1))) == [Fraction(1, 4)] * 4


@given(alphas0, st.integers(0, 6), st.integers(0, 6))
def test_the_folded_law_is_the_geometric_density_with_its_tails(alpha0: Fraction, t: int, span: int) -> None:
    lo, hi = 0, max(t, span)
    r = 1 / alpha0
    expected = []
    for y in range(lo, hi + 1):
        if lo < y < hi:
            expected.append((1 - r) / (1 + r) * r ** abs(y - t))
        elif lo == hi:
            expected.append(Fraction(1))
        else:
            expected.append(r ** abs(y - t) / (1 + r))
    assert law(geometric_weights(t, lo, hi, alpha0)) == expected
    assert sum(expected) == 1


@settings(max_examples=150)
@given(
    alphas0,
    st.lists(st.integers(-8, 8), min_size=1, max_size=6),
    st.integers(1, 4),
    st.sampled_from(list(Neighbour)),
)
def test_the_geometric_mechanism_costs_delta_ln_alpha0(
    alpha0: Fraction, values: list[int], bound: int, relation: Neighbour
) -> None:
    delta_f = sensitivity(Query.SUM, relation, bound)
    assert delta_f is not None
    t = answer(Query.SUM, values, bound)
    worst = t + delta_f if t + delta_f <= bound * (len(values) + 1) else t - delta_f
    lo, hi = min(t, worst) - 2, max(t, worst) + 2
    channel = geometric_channel(t, worst, lo, hi, alpha0)
    epsilon = channel_pure_epsilon(channel)
    if delta_f == 0:
        assert epsilon.max_likelihood_ratio == 1
    else:
        assert epsilon.max_likelihood_ratio == alpha0**delta_f
        assert Profile(channel).delta(alpha0**delta_f) == 0
        assert Profile(channel).delta(alpha0 ** (delta_f - 1)) > 0


@given(alphas0, st.integers(2, 6), st.data())
def test_k_ary_response_is_ln_alpha0_dp(alpha0: Fraction, k: int, data: st.DataObject) -> None:
    a = data.draw(st.integers(0, k - 1))
    b = data.draw(st.integers(0, k - 1).filter(lambda v: v != a))
    channel = k_ary_channel(a, b, k, alpha0)
    assert channel_pure_epsilon(channel).max_likelihood_ratio == alpha0
    assert channel.distribution0[a] == alpha0 / (alpha0 + k - 1)
    if k == 2:
        assert channel.distribution0[a] == alpha0 / (1 + alpha0)


@settings(max_examples=100)
@given(alphas0, st.lists(st.integers(0, 3), min_size=2, max_size=6), st.data())
def test_the_exponential_mechanism_within_two_ln_alpha(
    alpha: Fraction, scores: list[int], data: st.DataObject
) -> None:
    moves = data.draw(st.lists(st.integers(-1, 1), min_size=len(scores), max_size=len(scores)))
    other = [u + m for u, m in zip(scores, moves, strict=True)]
    ratio = channel_pure_epsilon(exponential_channel(scores, other, alpha)).max_likelihood_ratio
    assert ratio is not None
    assert ratio <= alpha**2
    if all(m >= 0 for m in moves) or all(m <= 0 for m in moves):
        assert ratio <= alpha


def test_a_non_monotone_score_costs_more_than_ln_alpha() -> None:
    alpha = Fraction(2)
    scores0, scores1 = [1, 0, 0, 0, 0], [0, 1, 1, 1, 1]
    ratio = channel_pure_epsilon(exponential_channel(scores0, scores1, alpha)).max_likelihood_ratio
    assert ratio == alpha * (1 + 4 * alpha) / (alpha + 4)  # candidate 0: 2/6 against 1/9
    assert alpha < ratio < alpha**2


@given(alphas0, st.integers(0, 4))
def test_accuracy_grows_with_alpha0_and_tolerance(alpha0: Fraction, tolerance: int) -> None:
    def accuracy(a: Fraction, tau: int) -> Fraction:
        return within(law(geometric_weights(5, 0, 10, a)), 0, 5, tau)

    assert accuracy(alpha0, tolerance) <= accuracy(alpha0 + Fraction(1, 2), tolerance)
    assert accuracy(alpha0, tolerance) <= accuracy(alpha0, tolerance + 1)
    assert accuracy(alpha0, 5) == 1
    # α₀ = 3 at τ = 0: P(Y = t) = (1 - r)/(1 + r) = 1/2.
    assert accuracy(Fraction(3), 0) == Fraction(1, 2)


@given(
    st.fractions(min_value=Fraction(51, 100), max_value=1, max_denominator=100), st.integers(1, 6), st.data()
)
def test_the_rate_estimate_is_unbiased(truth: Fraction, n: int, data: st.DataObject) -> None:
    rate = data.draw(st.fractions(min_value=0, max_value=1, max_denominator=10))
    one = rate * truth + (1 - rate) * (1 - truth)  # the chance a report is 1
    expected = sum(
        math.comb(n, ones) * one**ones * (1 - one) ** (n - ones) * rate_estimate(ones, n, truth)
        for ones in range(n + 1)
    )
    assert expected == rate


def test_bad_mechanisms_are_refused() -> None:
    with pytest.raises(ValueError, match="outside the output range"):
        geometric_channel(0, 5, 0, 4, Fraction(2))
    with pytest.raises(ValueError, match="is empty"):
        geometric_weights(0, 3, 2, Fraction(2))
    with pytest.raises(ValueError, match="k >= 2"):
        k_ary_channel(0, 1, 1, Fraction(2))
    with pytest.raises(ValueError, match="say nothing"):
        rate_estimate(1, 2, Fraction(1, 2))
    with pytest.raises(ValueError, match="same candidates"):
        exponential_channel([1], [1, 2], Fraction(2))
