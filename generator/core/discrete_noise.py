"""Noise mechanisms whose every probability is rational: geometric, k-ary response, exponential.

Two-sided geometric (discrete Laplace) noise with ratio r = 1/α₀ adds Z to the true answer
t with P(Z = z) = (1 - r)/(1 + r)·r^|z|. On a finite output range [lo, hi] ∋ t the tails are
folded onto the ends, so that no output is lost and every weight stays rational:

    P(Y = y) = (1 - r)/(1 + r)·r^|y - t|   for lo < y < hi,
    P(Y = lo) = r^(t - lo)/(1 + r),   P(Y = hi) = r^(hi - t)/(1 + r)

(the end weight is the geometric tail Σ_{z >= m} (1 - r)/(1 + r)·r^z = r^m/(1 + r)). Two
answers t, t' give laws whose likelihood ratio is α₀^(|y-t'| - |y-t|) inside and the same at
the folded ends, never above α₀^|t - t'|: the mechanism is (|t - t'|·ln α₀, 0)-DP, so
Δ·ln α₀ for a query of sensitivity Δ. Multiplying every weight by (1 + r)·α₀^(hi - lo)
makes them integers: (α₀ - 1)·α₀^(hi-lo-|y-t|) inside and α₀^(hi-lo-(t-lo))·α₀ at an end, over
(α₀ + 1)·α₀^(hi - lo) (with α₀ = n/d everything is scaled by d^(hi-lo+1) once more).

k-ary randomized response tells the true category with probability α₀/(α₀ + k - 1) and each
other one with 1/(α₀ + k - 1): every ratio is 1 or α₀^±1, so it is (ln α₀, 0)-DP, ε-local
DP when each person runs it on their own value; k = 2 is the binary p = e^ε/(e^ε + 1).

The exponential mechanism picks candidate c with probability ∝ α^u(c) for a score u of
sensitivity 1. Between neighbours each weight changes by at most α^±1 and so does the
normaliser, so it is (2 ln α, 0)-DP; when every score moves the same way (a monotone score)
the two factors cannot both be extreme, and it is (ln α, 0)-DP.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.profile import check_alpha


def _check_range(lo: int, hi: int, *answers: int) -> None:
    if lo > hi:
        raise ValueError(f"the output range [{lo}, {hi}] is empty")
    for value in answers:
        if not lo <= value <= hi:
            raise ValueError(f"the answer {value} lies outside the output range [{lo}, {hi}]")


def geometric_weights(answer: int, lo: int, hi: int, alpha0: Fraction) -> tuple[int, ...]:
    """Integer weights of the folded geometric law around ``answer`` on lo..hi (see the module).

    With α₀ = n/d and m = hi - lo, the weight of y is proportional to
    (α₀ - 1)·α₀^(m - |y - t|) inside and α₀^(m - |y - t| + 1) at an end; times d^(m + 1) these
    are the integers (n - d)·n^(m-|y-t|)·d^(|y-t|) and n^(m-|y-t|+1)·d^(|y-t|). For α₀ = 1 the
    noise is infinite: every output is equally likely, which the inside formula would zero.
    """
    check_alpha(alpha0)
    _check_range(lo, hi, answer)
    if alpha0 == 1:
        return (1,) * (hi - lo + 1)
    n, d, m = alpha0.numerator, alpha0.denominator, hi - lo
    weights = []
    for y in range(lo, hi + 1):
        distance = abs(y - answer)
        if lo < y < hi:
            weights.append((n - d) * n ** (m - distance) * d**distance)
        elif lo == hi:
            weights.append(1)
        else:
            weights.append(n ** (m - distance + 1) * d**distance)
    return tuple(weights)


def geometric_channel(answer0: int, answer1: int, lo: int, hi: int, alpha0: Fraction) -> FiniteChannel:
    """The folded geometric mechanism on two neighbours' answers, outputs labelled lo..hi."""
    _check_range(lo, hi, answer0, answer1)
    labels = [str(y) for y in range(lo, hi + 1)]
    return from_rows(
        geometric_weights(answer0, lo, hi, alpha0), geometric_weights(answer1, lo, hi, alpha0), labels
    )


def k_ary_weights(value: int, k: int, alpha0: Fraction) -> tuple[int, ...]:
    """k-ary randomized response on ``value`` in 0..k-1: weights n for it and d for the others."""
    check_alpha(alpha0)
    if isinstance(k, bool) or not isinstance(k, int) or k < 2 or not 0 <= value < k:
        raise ValueError(f"k-ary response needs k >= 2 and a value in 0..k-1, got k={k!r}, value={value!r}")
    return tuple(alpha0.numerator if c == value else alpha0.denominator for c in range(k))


def k_ary_channel(value0: int, value1: int, k: int, alpha0: Fraction) -> FiniteChannel:
    """k-ary randomized response on two neighbours' categories."""
    return from_rows(k_ary_weights(value0, k, alpha0), k_ary_weights(value1, k, alpha0))


def exponential_weights(scores: Sequence[int], alpha: Fraction) -> tuple[int, ...]:
    """Integer weights ∝ α^u(c): with α = n/d and u_min the lowest score, n^(u-u_min)·d^(u_max-u)."""
    check_alpha(alpha)
    if not scores:
        raise ValueError("the exponential mechanism needs at least one candidate")
    low, high = min(scores), max(scores)
    return tuple(alpha.numerator ** (u - low) * alpha.denominator ** (high - u) for u in scores)


def exponential_channel(scores0: Sequence[int], scores1: Sequence[int], alpha: Fraction) -> FiniteChannel:
    """The exponential mechanism on two neighbours' scores of the same candidates."""
    if len(scores0) != len(scores1):
        raise ValueError("both neighbours must score the same candidates")
    return from_rows(exponential_weights(scores0, alpha), exponential_weights(scores1, alpha))


def within(distribution: Sequence[Fraction], lo: int, answer: int, tolerance: int) -> Fraction:
    """P(|Y - answer| <= tolerance) for a law over the outputs lo, lo + 1, …: the accuracy."""
    if tolerance < 0:
        raise ValueError(f"the tolerance must be at least 0, got {tolerance!r}")
    return sum((p for y, p in enumerate(distribution, start=lo) if abs(y - answer) <= tolerance), Fraction(0))


def rate_estimate(ones: int, total: int, truth: Fraction) -> Fraction:
    """The unbiased estimate of the true rate π from ``ones`` reports of 1 among ``total``.

    Each report is 1 with probability λ = πp + (1 - π)(1 - p), so π = (λ - (1 - p))/(2p - 1),
    and putting the observed fraction λ̂ = ones/total in gives an unbiased estimate (it may
    fall outside [0, 1] on a small sample). p = 1/2 tells nothing: no estimate exists.
    """
    if truth == Fraction(1, 2):
        raise ValueError("at p = 1/2 the reports say nothing about the rate")
    if total < 1 or not 0 <= ones <= total:
        raise ValueError(f"need 0 <= ones <= total and total >= 1, got {ones}, {total}")
    return (Fraction(ones, total) - (1 - truth)) / (2 * truth - 1)
