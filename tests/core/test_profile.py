"""The privacy profile δ*(α) of a release (generator/core/profile.py), against the reference's
hand computations, the naive definition and its properties.

Properties (each a test below):
  P1  δ*(α) lies in [0, 1].
  P2  δ* is non-increasing in α.
  P3  δ* is convex in α (midpoint form).
  P4  δ*(1) is the total variation distance ½·Σ|P − Q|.
  P8  deterministic post-processing of the outputs never increases δ*.
  P9  the fast path equals the naive definition (sum of positive excesses, both ways).
  P10 the maximal event attains δ* and no event does better (all subsets, small supports).
Neighbours are built by named operations: ``merge`` (a deterministic map of outputs into bins).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.profile import Direction, Profile
from tests.oracles import naive_delta, naive_delta_of

F = Fraction
modes = st.sampled_from(["fresh", "copy", "xor"])
percents = st.integers(min_value=0, max_value=100)
small_k = st.integers(min_value=1, max_value=30)
alphas = st.fractions(min_value=1, max_value=200, max_denominator=1000)


def profile(mode: str, p: int, k: int) -> Profile[channels.Channel]:
    return Profile(channels.build(mode, p, k))


def test_fresh_k2_needs_three_eighths_at_alpha_3_on_event_zero() -> None:
    point = profile("fresh", 75, 2).point(F(3))
    assert point.delta == F(3, 8)  # 9/16 − 3·1/16
    assert point.event.direction is Direction.ZERO_TO_ONE  # tie with {2} in 1→0: 0→1 wins
    assert point.event.outputs == (0,)


def test_fresh_k2_needs_nothing_from_alpha_9() -> None:
    fresh = profile("fresh", 75, 2)
    assert fresh.delta(F(9)) == 0
    assert fresh.delta(F(9) - F(1, 10**6)) > 0


def test_fresh_k3_still_needs_three_eighths() -> None:
    point = profile("fresh", 75, 3).point(F(3))
    assert point.delta == F(3, 8)  # 27/64 − 3/64 = 24/64; output 1: 27 − 3·9 = 0
    assert point.event.outputs == (0,)  # zero excess is not part of the event


def test_exercise_1_alpha_1_is_one_half() -> None:
    assert profile("fresh", 75, 2).delta(F(1)) == F(1, 2)  # differences (8, 0, −8)/16


def test_xor_needs_everything_at_every_alpha() -> None:
    xor = profile("xor", 75, 2)
    assert all(xor.delta(F(a)) == 1 for a in (1, 3, 100, 10**9))


@pytest.mark.parametrize("k", [1, 2, 5])
def test_p50_is_free_and_p100_costs_everything(k: int) -> None:
    for mode in ("fresh", "copy"):
        assert profile(mode, 50, k).delta(F(1)) == 0
        assert profile(mode, 100, k).delta(F(10**6)) == 1


def test_k1_fresh_and_copy_agree() -> None:
    for alpha in (F(1), F(2), F(3), F(57, 10)):
        assert profile("fresh", 75, 1).delta(alpha) == profile("copy", 75, 1).delta(alpha)


def test_huge_k_keeps_exact_values() -> None:
    delta = profile("fresh", 75, 10_000).delta(F(3))
    assert 0 < delta < 1
    assert delta.denominator.bit_length() > 10_000  # 4^10 000 scale, not a float


def merge(dist: tuple[Fraction, ...], bins: list[int]) -> list[Fraction]:
    """The law of f(output) for the deterministic map output i -> bins[i]."""
    merged = [F(0)] * (max(bins) + 1)
    for i, prob in enumerate(dist):
        merged[bins[i]] += prob
    return merged


@given(modes, percents, small_k, alphas)
def test_p1_delta_in_unit_interval(mode: str, p: int, k: int, alpha: Fraction) -> None:
    assert 0 <= profile(mode, p, k).delta(alpha) <= 1


@given(modes, percents, small_k, alphas, alphas)
def test_p2_non_increasing(mode: str, p: int, k: int, a: Fraction, b: Fraction) -> None:
    low, high = sorted((a, b))
    release = profile(mode, p, k)
    assert release.delta(low) >= release.delta(high)


@given(modes, percents, small_k, alphas, alphas)
def test_p3_convex(mode: str, p: int, k: int, a: Fraction, b: Fraction) -> None:
    release = profile(mode, p, k)
    assert 2 * release.delta((a + b) / 2) <= release.delta(a) + release.delta(b)


@given(modes, percents, small_k)
def test_p4_total_variation_at_one(mode: str, p: int, k: int) -> None:
    channel = channels.build(mode, p, k)
    tv = sum(abs(a - b) for a, b in zip(channel.distribution0, channel.distribution1, strict=True)) / 2
    assert Profile(channel).delta(F(1)) == tv


@given(modes, percents, st.integers(min_value=1, max_value=12), alphas, st.data())
def test_p8_post_processing_never_increases(
    mode: str, p: int, k: int, alpha: Fraction, data: st.DataObject
) -> None:
    channel = channels.build(mode, p, k)
    n = len(channel.labels)
    bins = data.draw(st.lists(st.integers(min_value=0, max_value=n - 1), min_size=n, max_size=n))
    merged = naive_delta_of(merge(channel.distribution0, bins), merge(channel.distribution1, bins), alpha)
    assert merged <= Profile(channel).delta(alpha)


@given(modes, percents, small_k, alphas)
def test_p9_fast_equals_naive(mode: str, p: int, k: int, alpha: Fraction) -> None:
    channel = channels.build(mode, p, k)
    expected = naive_delta(channel.weights0, channel.weights1, channel.denominator, alpha)
    assert Profile(channel).delta(alpha) == expected


@given(modes, percents, st.integers(min_value=1, max_value=8), alphas)
def test_p10_maximal_event_is_maximal(mode: str, p: int, k: int, alpha: Fraction) -> None:
    channel = channels.build(mode, p, k)
    point = Profile(channel).point(alpha)
    first, second = channel.distribution0, channel.distribution1
    if point.event.direction is Direction.ONE_TO_ZERO:
        first, second = second, first
    attained = sum((first[z] - alpha * second[z] for z in point.event.outputs), F(0))
    assert attained == point.delta
    assert all(first[z] > alpha * second[z] for z in point.event.outputs)
    outputs = range(len(channel.labels))
    best = max(
        sum((a[z] - alpha * b[z] for z in subset), F(0))
        for a, b in ((first, second), (second, first))
        for size in range(len(outputs) + 1)
        for subset in itertools.combinations(outputs, size)
    )
    assert best == point.delta
