"""The release channels of one bit (generator/core/channels.py), against the reference's hand
computations and against laws built without them.

Properties:
- the reference's laws: fresh, p = 75: (9, 6, 1)/16 for k = 2 and (27, 27, 9, 1)/64 for
  k = 3; a copy (3/4, 0, 1/4); xor's coordinates are each a fair coin;
- the laws, δ*(α) on the integer grid and the maximal events equal those of an oracle that
  builds the released law by enumerating transcripts (or by the binomial formula for large
  k) and takes δ*(α) as the sum of positive excesses in both directions, the maximal event
  as the positive-excess outputs of the larger direction (0→1 on ties);
- the count is sufficient: for small k, δ* of the count equals δ* of all 2^k transcripts;
- copy has the profile of one response whatever k; p and 100 − p give the same profile;
  fresh weights are the binomial formula; the ratio order is sorted by likelihood ratio;
- the randomized response of any rational truth probability (``fresh_counts``) is the fresh
  mode at an integer percent, follows the binomial law at any rational truth probability, and
  refuses what it cannot order.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.channels import Mode
from generator.core.profile import INTEGER_GRID, Direction, Profile
from tests.oracles import binomial_counts, transcript_delta, transcript_laws

F = Fraction
modes = st.sampled_from(["fresh", "copy", "xor"])
percents = st.integers(min_value=0, max_value=100)
small_k = st.integers(min_value=1, max_value=30)
alphas = st.fractions(min_value=1, max_value=200, max_denominator=1000)


def test_fresh_k2_is_9_6_1_over_16() -> None:
    channel = channels.fresh(75, 2)
    assert channel.distribution0 == (F(9, 16), F(6, 16), F(1, 16))
    assert channel.distribution1 == (F(1, 16), F(6, 16), F(9, 16))


def test_fresh_k3_is_27_27_9_1_over_64() -> None:
    assert [w * 64 for w in channels.fresh(75, 3).distribution0] == [27, 27, 9, 1]


def test_copy_k2_is_three_quarters_zero_one_quarter() -> None:
    channel = channels.copy(75, 2)
    assert channel.distribution0 == (F(3, 4), F(0), F(1, 4))
    assert channel.distribution1 == (F(1, 4), F(0), F(3, 4))


def test_xor_marginals_are_fair_coins() -> None:
    channel = channels.xor(0, 1)
    # output 2R + (x XOR R): first coordinate R = output // 2, second = output % 2
    for coordinate in (lambda z: z // 2, lambda z: z % 2):
        for distribution in (channel.distribution0, channel.distribution1):
            ones = sum(prob for z, prob in enumerate(distribution) if coordinate(z) == 1)
            assert ones == F(1, 2)


# ---------------------------------------------------------------------------------------
# The naive definition, as an oracle


def oracle_law(mode: str, p: int, k: int) -> tuple[list[str], list[Fraction], list[Fraction]]:
    """Labels and both laws of the released output, without the core's channels."""
    if mode == "fresh" and k > 8:
        dist0, dist1 = binomial_counts(p, k)
        return [str(t) for t in range(k + 1)], dist0, dist1
    laws = transcript_laws(mode, p, k)

    def label(transcript: tuple[int, ...]) -> str:
        # fresh and copy release the count of ones; xor the pair (R, x XOR R) itself.
        return "".join(map(str, transcript)) if mode == "xor" else str(sum(transcript))

    labels = ["00", "01", "10", "11"] if mode == "xor" else [str(t) for t in range(k + 1)]
    released = [dict.fromkeys(labels, F(0)) for _ in (0, 1)]
    for x in (0, 1):
        for transcript, chance in laws[x].items():
            released[x][label(transcript)] += chance
    return labels, [released[0][name] for name in labels], [released[1][name] for name in labels]


def oracle_point(
    dist0: Sequence[Fraction], dist1: Sequence[Fraction], alpha: Fraction
) -> tuple[Fraction, Direction, tuple[int, ...]]:
    """δ*(α) as the sum of positive excesses, with the outputs of the larger direction."""
    forward = [i for i, (p, q) in enumerate(zip(dist0, dist1, strict=True)) if p - alpha * q > 0]
    backward = [i for i, (p, q) in enumerate(zip(dist0, dist1, strict=True)) if q - alpha * p > 0]
    need_forward = sum((dist0[i] - alpha * dist1[i] for i in forward), F(0))
    need_backward = sum((dist1[i] - alpha * dist0[i] for i in backward), F(0))
    if need_forward >= need_backward:
        return need_forward, Direction.ZERO_TO_ONE, tuple(forward)
    return need_backward, Direction.ONE_TO_ZERO, tuple(backward)


ORACLE_CASES = [
    ("fresh", 75, 2),
    ("fresh", 75, 3),
    ("fresh", 90, 2),
    ("fresh", 0, 5),
    ("fresh", 100, 4),
    ("fresh", 50, 6),
    ("fresh", 37, 100),
    ("fresh", 99, 100),
    ("copy", 75, 2),
    ("copy", 0, 3),
    ("copy", 50, 1),
    ("copy", 99, 100),
    ("xor", 75, 2),
    ("xor", 0, 1),
    ("xor", 13, 100),
]


@pytest.mark.parametrize(("mode", "p", "k"), ORACLE_CASES)
def test_laws_profile_and_events_equal_the_naive_definition(mode: str, p: int, k: int) -> None:
    labels, dist0, dist1 = oracle_law(mode, p, k)
    channel = channels.build(Mode(mode), p, k)
    assert list(channel.labels) == labels
    assert (list(channel.distribution0), list(channel.distribution1)) == (dist0, dist1)
    profile = Profile(channel)
    for alpha in INTEGER_GRID:
        point = profile.point(alpha)
        assert (point.delta, point.event.direction, point.event.outputs) == oracle_point(dist0, dist1, alpha)


def test_fresh_p75_k2_needs_nine_minus_alpha_over_16_up_to_9() -> None:
    """δ*(α) = 1/2 at α = 1 (the total variation), (9 − α)/16 for 1 <= α <= 9, then 0."""
    expected = [F(1, 2)] + [max(F(9 - a, 16), F(0)) for a in range(2, 101)]
    assert expected[:3] == [F(1, 2), F(7, 16), F(3, 8)]
    assert Profile(channels.fresh(75, 2)).deltas(INTEGER_GRID) == expected


def test_xor_ignores_p_and_k() -> None:
    laws = {
        (channel.labels, channel.weights0, channel.weights1)
        for channel in (channels.xor(*pk) for pk in itertools.product((0, 50, 75, 100), (1, 2, 100)))
    }
    assert len(laws) == 1


# ---------------------------------------------------------------------------------------
# The count is sufficient


TRANSCRIPT_ALPHAS = [F(1), F(3, 2), F(2), F(3), F(57, 10), F(9), F(81)]


@pytest.mark.parametrize("mode", ["fresh", "copy", "xor"])
@pytest.mark.parametrize("p", [0, 10, 37, 50, 75, 90, 100])
@pytest.mark.parametrize("k", [1, 2, 3, 4, 6])
def test_count_profile_equals_transcript_profile(mode: str, p: int, k: int) -> None:
    profile = Profile(channels.build(mode, p, k))
    for alpha in TRANSCRIPT_ALPHAS:
        assert profile.delta(alpha) == transcript_delta(mode, p, k, alpha), alpha


def test_fresh_k8_on_the_whole_grid() -> None:
    profile = Profile(channels.fresh(75, 8))
    assert profile.deltas(INTEGER_GRID) == [transcript_delta("fresh", 75, 8, alpha) for alpha in INTEGER_GRID]


# ---------------------------------------------------------------------------------------
# Properties; neighbours by named operations (mirror: p -> 100 − p)


def mirror(p: int) -> int:
    return 100 - p


@given(percents, small_k, alphas)
def test_copy_is_one_response(p: int, k: int, alpha: Fraction) -> None:
    assert Profile(channels.copy(p, k)).delta(alpha) == Profile(channels.fresh(p, 1)).delta(alpha)


@given(modes, percents, small_k, alphas)
def test_mirror_symmetry(mode: str, p: int, k: int, alpha: Fraction) -> None:
    assert Profile(channels.build(mode, p, k)).delta(alpha) == Profile(
        channels.build(mode, mirror(p), k)
    ).delta(alpha)


@given(percents, small_k)
def test_fresh_weights_equal_the_binomial_formula(p: int, k: int) -> None:
    channel = channels.fresh(p, k)
    assert (list(channel.distribution0), list(channel.distribution1)) == binomial_counts(p, k)


@given(modes, percents, small_k)
def test_ratio_order_is_sorted(mode: str, p: int, k: int) -> None:
    channel = channels.build(mode, p, k)
    a, b = channel.weights0, channel.weights1
    for i, j in itertools.pairwise(channel.ratio_order):
        assert a[i] * b[j] >= a[j] * b[i]


@pytest.mark.parametrize(("p", "k"), [(101, 2), (-1, 2), (75, 0), (True, 2)])
def test_bad_parameters_are_refused(p: int, k: int) -> None:
    with pytest.raises(ValueError, match="must be an integer"):
        channels.fresh(p, k)


# ---------------------------------------------------------------------------------------
# Any rational truth probability


@pytest.mark.parametrize("p", [50, 51, 75, 90, 100])
@pytest.mark.parametrize("k", [1, 2, 5])
def test_fresh_counts_is_the_fresh_mode_at_an_integer_percent(p: int, k: int) -> None:
    general = channels.fresh_counts(Fraction(p, 100), k)
    fresh = channels.fresh(p, k)
    assert (general.distribution0, general.distribution1) == (fresh.distribution0, fresh.distribution1)
    assert general.ratio_order == fresh.ratio_order


@given(st.fractions(min_value=Fraction(1, 2), max_value=1, max_denominator=40), st.integers(1, 6))
def test_fresh_counts_follows_the_binomial_law(truth: Fraction, k: int) -> None:
    channel = channels.fresh_counts(truth, k)
    expected0 = [math.comb(k, t) * (1 - truth) ** t * truth ** (k - t) for t in range(k + 1)]
    assert list(channel.distribution0) == expected0
    assert list(channel.distribution1) == expected0[::-1]


@pytest.mark.parametrize(
    ("truth", "k", "message"),
    [(Fraction(1, 3), 2, "truth probability"), (0.75, 2, "truth probability"), (Fraction(3, 4), 0, "k must")],
)
def test_fresh_counts_refuses_what_it_cannot_order(truth: object, k: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        channels.fresh_counts(truth, k)  # type: ignore[arg-type]
