"""The shuffled count, held to enumeration, brute-force maxima, mpmath and its guarantees.

Properties (each a test below):
  S1  the recurrence's g equals the product of the two binomial polynomials, multiplied out.
  S2  the shuffled count's laws equal an enumeration of all 2^n report vectors, each mapped
      to its multiset (the sorted reports), for n <= 10, and so does δ*(α) over the multisets.
  S3  the outputs 0..n are in ratio order (non-increasing likelihood ratio).
  S4  ones and n - 1 - ones give the same δ*(α) (mirrored outputs, swapped laws).
  S5  the shuffled δ*(α) never exceeds one report's, [α₀ - α]_+/(1 + α₀) (hypothesis).
  S6  δ*(α) never grows with n: for the same others plus one user, and for the worst case.
  S7  worst_case is the maximum over every ones, with every maximiser; n = 1 is one report.
  S8  worst_smallest_alpha meets δ for every ones, and no smaller α does.
  S9  the clone bound: its condition by hand at the boundary, its value against mpmath at
      50 digits, and it holds above the exact shuffled ε where it applies.
  S10 bad input is refused with ValueError.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.logarithm import ln_interval
from generator.core.profile import Profile
from generator.core.shuffle import (
    clone_bound,
    clone_bound_applies,
    local_report,
    others_weights,
    shuffled_count,
    worst_case,
    worst_smallest_alpha,
)
from tests.oracles import naive_delta_of

alphas0 = st.fractions(min_value=1, max_value=5, max_denominator=10)
alphas = st.fractions(min_value=1, max_value=6, max_denominator=20)


@st.composite
def crowds(draw: st.DrawFn, most: int = 25) -> tuple[int, int, Fraction]:
    """(n, ones, α₀): n users, ``ones`` of the n - 1 others holding 1."""
    n = draw(st.integers(min_value=1, max_value=most))
    return n, draw(st.integers(min_value=0, max_value=n - 1)), draw(alphas0)


GRID = [Fraction(1), Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(3)]


def polynomial(factors: list[tuple[int, int]]) -> list[int]:
    """Coefficients of Π (c₀ + c₁·x), multiplied out."""
    out = [1]
    for c0, c1 in factors:
        out = [
            (out[k] if k < len(out) else 0) * c0 + (out[k - 1] if k else 0) * c1 for k in range(len(out) + 1)
        ]
    return out


@settings(max_examples=80)
@given(crowd=crowds(15))
def test_recurrence_is_the_product(crowd: tuple[int, int, Fraction]) -> None:
    n, ones, alpha0 = crowd
    u, v = alpha0.numerator, alpha0.denominator
    expected = polynomial([(v, u)] * ones + [(u, v)] * (n - 1 - ones))
    assert others_weights(n, ones, alpha0) == expected


def enumerated(n: int, ones: int, alpha0: Fraction) -> dict[int, dict[tuple[int, ...], Fraction]]:
    """The law of the multiset of n reports for target bit x, by enumerating every report vector."""
    truth = alpha0 / (1 + alpha0)
    bits = [1] * ones + [0] * (n - 1 - ones)
    laws: dict[int, dict[tuple[int, ...], Fraction]] = {}
    for x in (0, 1):
        law: dict[tuple[int, ...], Fraction] = {}
        for reports in itertools.product((0, 1), repeat=n):
            chance = math.prod(
                (truth if r == b else 1 - truth for b, r in zip([x, *bits], reports, strict=True)),
                start=Fraction(1),
            )
            multiset = tuple(sorted(reports))
            law[multiset] = law.get(multiset, Fraction(0)) + chance
        laws[x] = law
    return laws


@pytest.mark.parametrize("alpha0", [Fraction(3), Fraction(11, 10)])
@pytest.mark.parametrize(("n", "ones"), [(1, 0), (2, 1), (3, 0), (4, 2), (6, 1), (8, 5), (10, 0), (10, 4)])
def test_the_count_is_the_enumerated_multiset(n: int, ones: int, alpha0: Fraction) -> None:
    channel = shuffled_count(n, ones, alpha0)
    laws = enumerated(n, ones, alpha0)
    for x, row in ((0, channel.distribution0), (1, channel.distribution1)):
        assert {sum(multiset): chance for multiset, chance in laws[x].items()} == dict(enumerate(row))
    keys = sorted(laws[0])
    profile = Profile(channel)
    for alpha in GRID:
        naive = naive_delta_of([laws[0][k] for k in keys], [laws[1][k] for k in keys], alpha)
        assert profile.delta(alpha) == naive


@settings(max_examples=60)
@given(crowd=crowds())
def test_outputs_are_in_ratio_order(crowd: tuple[int, int, Fraction]) -> None:
    n, ones, alpha0 = crowd
    channel = shuffled_count(n, ones, alpha0)
    ratios = [Fraction(a, b) for a, b in zip(channel.weights0, channel.weights1, strict=True)]
    assert all(ratios[k] >= ratios[k + 1] for k in range(n))


@settings(max_examples=60)
@given(crowd=crowds(), alpha=alphas)
def test_mirrored_others_give_the_same_delta(crowd: tuple[int, int, Fraction], alpha: Fraction) -> None:
    n, ones, alpha0 = crowd
    channel, mirror = shuffled_count(n, ones, alpha0), shuffled_count(n, n - 1 - ones, alpha0)
    assert channel.weights0 == mirror.weights1[::-1]
    assert Profile(channel).delta(alpha) == Profile(mirror).delta(alpha)


@settings(max_examples=80)
@given(crowd=crowds(), alpha=alphas)
def test_shuffling_never_costs_privacy(crowd: tuple[int, int, Fraction], alpha: Fraction) -> None:
    n, ones, alpha0 = crowd
    local = Profile(local_report(alpha0)).delta(alpha)
    assert local == max(alpha0 - alpha, Fraction(0)) / (1 + alpha0)
    assert Profile(shuffled_count(n, ones, alpha0)).delta(alpha) <= local


@settings(max_examples=60)
@given(crowd=crowds(), alpha=alphas)
def test_another_user_never_raises_delta(crowd: tuple[int, int, Fraction], alpha: Fraction) -> None:
    n, ones, alpha0 = crowd
    before = Profile(shuffled_count(n, ones, alpha0)).delta(alpha)
    assert Profile(shuffled_count(n + 1, ones, alpha0)).delta(alpha) <= before  # a new user holding 0
    assert Profile(shuffled_count(n + 1, ones + 1, alpha0)).delta(alpha) <= before  # a new user holding 1


@pytest.mark.parametrize("alpha0", [Fraction(3), Fraction(6, 5)])
def test_worst_case_falls_with_n(alpha0: Fraction) -> None:
    for alpha in GRID:
        deltas = [worst_case(n, alpha0, alpha).delta for n in range(1, 30)]
        assert all(deltas[i] >= deltas[i + 1] for i in range(len(deltas) - 1))


@pytest.mark.parametrize("alpha0", [Fraction(3), Fraction(2), Fraction(11, 10)])
@pytest.mark.parametrize("n", range(1, 13))
def test_worst_case_is_the_maximum_over_every_ones(n: int, alpha0: Fraction) -> None:
    for alpha in GRID:
        deltas = [Profile(shuffled_count(n, ones, alpha0)).delta(alpha) for ones in range(n)]
        found = worst_case(n, alpha0, alpha)
        assert found.delta == max(deltas)
        assert found.ones == tuple(ones for ones, delta in enumerate(deltas) if delta == max(deltas))


def test_worst_case_by_hand() -> None:
    # n = 1 is one report: δ*(1) = (α₀ - 1)/(α₀ + 1) = 1/2 at α₀ = 3.
    assert worst_case(1, Fraction(3), Fraction(1)).delta == Fraction(1, 2)
    # n = 2, α₀ = 3, the other user holding 0: the count's laws over 16 are (3 + x)² = (9, 6, 1)
    # and (1 + 3x)(3 + x) = (3, 10, 3); δ*(1) = 6/16 = 3/8 either way, and ones = 1 mirrors it.
    two = worst_case(2, Fraction(3), Fraction(1))
    assert (two.delta, two.ones) == (Fraction(3, 8), (0, 1))
    assert shuffled_count(2, 0, Fraction(3)).weights0 == (9, 6, 1)


@pytest.mark.parametrize(("n", "alpha0"), [(5, Fraction(3)), (12, Fraction(2)), (30, Fraction(11, 10))])
@pytest.mark.parametrize("delta", [Fraction(0), Fraction(1, 1000), Fraction(1, 10)])
def test_worst_smallest_alpha_meets_delta_for_every_ones(n: int, alpha0: Fraction, delta: Fraction) -> None:
    alpha, needing = worst_smallest_alpha(n, alpha0, delta)
    profiles = [Profile(shuffled_count(n, ones, alpha0)) for ones in range(n)]
    assert all(profile.delta(alpha) <= delta for profile in profiles)
    assert all(profiles[ones].smallest_alpha(delta) == alpha for ones in needing)
    if alpha > 1:
        below = alpha - Fraction(1, 10**12)
        assert any(profile.delta(below) > delta for profile in profiles)


def test_clone_condition_at_its_boundary() -> None:
    # 16·3·ln(2·10⁶) = 696.42…: n = 696 is outside the theorem, n = 697 inside.
    million = Fraction(1, 10**6)
    assert not clone_bound_applies(696, Fraction(3), million)
    assert clone_bound_applies(697, Fraction(3), million)
    assert clone_bound(696, Fraction(3), million) is None


@pytest.mark.parametrize(
    ("n", "alpha0", "delta"),
    [
        (697, Fraction(3), Fraction(1, 10**6)),
        (10**5, Fraction(3), Fraction(1, 10**6)),
        (5000, Fraction(11, 10), Fraction(1, 100)),
    ],
)
def test_clone_bound_against_mpmath(n: int, alpha0: Fraction, delta: Fraction) -> None:
    shown = clone_bound(n, alpha0, delta, 8)
    assert shown is not None
    with mpmath.workdps(50):
        a = mpmath.mpf(alpha0.numerator) / alpha0.denominator
        d = mpmath.mpf(delta.numerator) / delta.denominator
        value = mpmath.log(
            1 + (a - 1) / (a + 1) * (8 * mpmath.sqrt(a * mpmath.log(4 / d)) / mpmath.sqrt(n) + 8 * a / n)
        )
        assert mpmath.mpf(shown.lower.numerator) / shown.lower.denominator <= value
        assert value <= mpmath.mpf(shown.upper.numerator) / shown.upper.denominator


@pytest.mark.parametrize(
    ("n", "alpha0", "delta"), [(465, Fraction(2), Fraction(1, 10**6)), (300, Fraction(3), Fraction(1, 100))]
)
def test_clone_bound_holds_above_the_exact_epsilon(n: int, alpha0: Fraction, delta: Fraction) -> None:
    bound = clone_bound(n, alpha0, delta, 6)
    assert bound is not None
    exact_alpha, _ = worst_smallest_alpha(n, alpha0, delta)
    # ln(exact α) < the bound's lower end, proven with the interval logarithm
    bits = 128
    assert Fraction(ln_interval(exact_alpha, bits).hi, 2**bits) < bound.lower


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: shuffled_count(0, 0, Fraction(3)), "users"),
        (lambda: shuffled_count(3, 3, Fraction(3)), "ones"),
        (lambda: shuffled_count(3, -1, Fraction(3)), "ones"),
        (lambda: shuffled_count(3, 1, Fraction(1, 2)), "α"),
        (lambda: worst_case(3, Fraction(3), Fraction(1, 2)), "α"),
        (lambda: clone_bound(1000, Fraction(3), Fraction(0)), "δ"),
        (lambda: clone_bound_applies(1000, Fraction(3), Fraction(1)), "δ"),
    ],
)
def test_bad_input_is_refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
