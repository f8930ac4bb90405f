"""The sampled randomized response: hand values, the bound attained, δ*(α) against a brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.profile import delta_star
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.subsampled_response import amplified_ratio, subsampled_response


def test_hand_values_at_alpha0_3_and_q_one_tenth() -> None:
    channel = subsampled_response(Fraction(3), Fraction(1, 10))
    # r = 1/4; with the record: 1/10·3/4 + 9/10·1/4 = 3/10.
    assert channel.distribution0 == (Fraction(3, 4), Fraction(1, 4))
    assert channel.distribution1 == (Fraction(7, 10), Fraction(3, 10))
    assert amplified_ratio(Fraction(3), Fraction(1, 10)) == Fraction(6, 5)
    assert channel_pure_epsilon(channel).max_likelihood_ratio == Fraction(6, 5)
    # At α = 1: the total variation distance 3/10 − 1/4.
    assert delta_star(channel, Fraction(1)) == Fraction(1, 20)


def test_without_sampling_it_is_randomized_response() -> None:
    channel = subsampled_response(Fraction(3), Fraction(1))
    assert channel_pure_epsilon(channel).max_likelihood_ratio == Fraction(3)


def _brute_delta(p: tuple[Fraction, ...], q: tuple[Fraction, ...], alpha: Fraction) -> Fraction:
    """max over every event S of P(S) − αQ(S) and Q(S) − αP(S), by listing the events."""
    best = Fraction(0)
    for chosen in product((False, True), repeat=len(p)):
        in_p = sum((x for x, c in zip(p, chosen, strict=True) if c), Fraction(0))
        in_q = sum((x for x, c in zip(q, chosen, strict=True) if c), Fraction(0))
        best = max(best, in_p - alpha * in_q, in_q - alpha * in_p)
    return best


alphas0 = st.fractions(min_value=1, max_value=100, max_denominator=10)
rates = st.fractions(min_value=0, max_value=1, max_denominator=1000).filter(lambda q: q > 0)


@given(alphas0, rates, st.fractions(min_value=1, max_value=5, max_denominator=20))
def test_the_bound_is_attained_and_the_profile_is_the_brute_force(
    alpha0: Fraction, q: Fraction, alpha: Fraction
) -> None:
    channel = subsampled_response(alpha0, q)
    ratio = amplified_ratio(alpha0, q)
    pure = channel_pure_epsilon(channel).max_likelihood_ratio
    assert pure == (ratio if ratio > 1 else 1)
    brute = _brute_delta(channel.distribution0, channel.distribution1, alpha)
    assert delta_star(channel, alpha) == brute
    assert (delta_star(channel, alpha) == 0) == (alpha >= ratio)


@pytest.mark.parametrize(("alpha0", "q"), [(Fraction(1, 2), Fraction(1, 2)), (Fraction(3), Fraction(0))])
def test_bad_settings_are_refused(alpha0: Fraction, q: Fraction) -> None:
    with pytest.raises(ValueError, match=r"α₀ must be at least 1|the sampling rate q"):
        subsampled_response(alpha0, q)
