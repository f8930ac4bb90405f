"""Properties of the exact core, checked by hypothesis.

Properties (each a test below):
  P1  δ*(α) lies in [0, 1].
  P2  δ* is non-increasing in α.
  P3  δ* is convex in α (midpoint form).
  P4  δ*(1) is the total variation distance ½·Σ|P − Q|.
  P5  copy mode has the profile of a single response, whatever k.
  P6  swapping p with 100 − p changes no δ*.
  P7  the composition theorem's δ is never below the exact δ at the composed α.
  P8  deterministic post-processing of the outputs never increases δ*.
  P9  the fast path equals the naive definition (sum of positive excesses, both ways).
  P10 the maximal event attains δ* and no event does better (all subsets, small supports).
  P11 the channel's ratio order is sorted by likelihood ratio (cross-products).
  P12 pure ε: δ*(e^ε) = 0 exactly at the max likelihood ratio, and > 0 just below it.
  P13 a claim passes exactly when δ >= δ*(α).
Neighbours are built by named operations: ``mirror`` (p -> 100 − p) and ``merge`` (a
deterministic map of outputs into bins).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.channels import Channel
from generator.core.claim import check_claim
from generator.core.composition import compose
from generator.core.profile import Direction, Profile
from generator.core.pure_epsilon import PureKind, pure_epsilon
from tests.oracles import binomial_counts, naive_delta, naive_delta_of

modes = st.sampled_from(["fresh", "copy", "xor"])
percents = st.integers(min_value=0, max_value=100)
small_k = st.integers(min_value=1, max_value=30)
alphas = st.fractions(min_value=1, max_value=200, max_denominator=1000)
deltas = st.fractions(min_value=0, max_value=1, max_denominator=10**6)


def mirror(p: int) -> int:
    return 100 - p


def merge(dist: tuple[Fraction, ...], bins: list[int]) -> list[Fraction]:
    """The law of f(output) for the deterministic map output i -> bins[i]."""
    merged = [Fraction(0)] * (max(bins) + 1)
    for i, prob in enumerate(dist):
        merged[bins[i]] += prob
    return merged


def channel_of(mode: str, p: int, k: int) -> Channel:
    return channels.build(mode, p, k)


@given(modes, percents, small_k, alphas)
def test_p1_delta_in_unit_interval(mode: str, p: int, k: int, alpha: Fraction) -> None:
    assert 0 <= Profile(channel_of(mode, p, k)).delta(alpha) <= 1


@given(modes, percents, small_k, alphas, alphas)
def test_p2_non_increasing(mode: str, p: int, k: int, a: Fraction, b: Fraction) -> None:
    low, high = sorted((a, b))
    profile = Profile(channel_of(mode, p, k))
    assert profile.delta(low) >= profile.delta(high)


@given(modes, percents, small_k, alphas, alphas)
def test_p3_convex(mode: str, p: int, k: int, a: Fraction, b: Fraction) -> None:
    profile = Profile(channel_of(mode, p, k))
    assert 2 * profile.delta((a + b) / 2) <= profile.delta(a) + profile.delta(b)


@given(modes, percents, small_k)
def test_p4_total_variation_at_one(mode: str, p: int, k: int) -> None:
    channel = channel_of(mode, p, k)
    tv = sum(abs(a - b) for a, b in zip(channel.distribution0, channel.distribution1, strict=True)) / 2
    assert Profile(channel).delta(Fraction(1)) == tv


@given(percents, small_k, alphas)
def test_p5_copy_is_one_response(p: int, k: int, alpha: Fraction) -> None:
    assert Profile(channels.copy(p, k)).delta(alpha) == Profile(channels.fresh(p, 1)).delta(alpha)


@given(modes, percents, small_k, alphas)
def test_p6_mirror_symmetry(mode: str, p: int, k: int, alpha: Fraction) -> None:
    assert Profile(channel_of(mode, p, k)).delta(alpha) == Profile(channel_of(mode, mirror(p), k)).delta(
        alpha
    )


@given(st.sampled_from(["fresh", "copy"]), percents, small_k, alphas)
def test_p7_theorem_never_below_exact(mode: str, p: int, k: int, alpha0: Fraction) -> None:
    panel = compose(Profile(channel_of(mode, p, k)), alpha0)
    assert panel.theorem_delta is not None
    assert panel.exact_delta is not None
    assert panel.theorem_delta >= panel.exact_delta


@given(modes, percents, st.integers(min_value=1, max_value=12), alphas, st.data())
def test_p8_post_processing_never_increases(
    mode: str, p: int, k: int, alpha: Fraction, data: st.DataObject
) -> None:
    channel = channel_of(mode, p, k)
    n = len(channel.labels)
    bins = data.draw(st.lists(st.integers(min_value=0, max_value=n - 1), min_size=n, max_size=n))
    merged = naive_delta_of(merge(channel.distribution0, bins), merge(channel.distribution1, bins), alpha)
    assert merged <= Profile(channel).delta(alpha)


@given(modes, percents, small_k, alphas)
def test_p9_fast_equals_naive(mode: str, p: int, k: int, alpha: Fraction) -> None:
    channel = channel_of(mode, p, k)
    expected = naive_delta(channel.weights0, channel.weights1, channel.denominator, alpha)
    assert Profile(channel).delta(alpha) == expected


@given(percents, small_k)
def test_p9_fresh_weights_equal_the_binomial_formula(p: int, k: int) -> None:
    channel = channels.fresh(p, k)
    assert (list(channel.distribution0), list(channel.distribution1)) == binomial_counts(p, k)


@given(modes, percents, st.integers(min_value=1, max_value=8), alphas)
def test_p10_maximal_event_is_maximal(mode: str, p: int, k: int, alpha: Fraction) -> None:
    channel = channel_of(mode, p, k)
    point = Profile(channel).point(alpha)
    first, second = channel.distribution0, channel.distribution1
    if point.event.direction is Direction.ONE_TO_ZERO:
        first, second = second, first
    attained = sum((first[z] - alpha * second[z] for z in point.event.outputs), Fraction(0))
    assert attained == point.delta
    assert all(first[z] > alpha * second[z] for z in point.event.outputs)
    outputs = range(len(channel.labels))
    best = max(
        sum((a[z] - alpha * b[z] for z in subset), Fraction(0))
        for a, b in ((first, second), (second, first))
        for size in range(len(outputs) + 1)
        for subset in itertools.combinations(outputs, size)
    )
    assert best == point.delta


@given(modes, percents, small_k)
def test_p11_ratio_order_is_sorted(mode: str, p: int, k: int) -> None:
    channel = channel_of(mode, p, k)
    a, b = channel.weights0, channel.weights1
    for i, j in itertools.pairwise(channel.ratio_order):
        assert a[i] * b[j] >= a[j] * b[i]


@given(modes, percents, small_k)
def test_p12_pure_epsilon_is_the_zero_of_the_profile(mode: str, p: int, k: int) -> None:
    channel = channel_of(mode, p, k)
    pure = pure_epsilon(channel)
    profile = Profile(channel)
    ratio = pure.max_likelihood_ratio
    if pure.kind is PureKind.INFINITE:
        assert ratio is None
        assert profile.delta(Fraction(10**12)) > 0
        return
    assert ratio is not None
    assert profile.delta(ratio) == 0
    if pure.kind is PureKind.FINITE:
        assert profile.delta(ratio - Fraction(1, 10**9)) > 0


@given(modes, percents, small_k, alphas, deltas)
def test_p13_claim_passes_iff_delta_covers(
    mode: str, p: int, k: int, alpha: Fraction, delta: Fraction
) -> None:
    profile = Profile(channel_of(mode, p, k))
    assert check_claim(profile, alpha, delta).passes == (delta >= profile.delta(alpha))
