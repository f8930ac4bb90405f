"""The local and central rate estimates, held to hand values, brute force, mpmath and scipy.

Properties (each a test below):
  E1  hand values: the law, variance and accuracy of tiny cases, worked on paper.
  E2  the law equals a brute force over all 2^n input vectors and all 2^n report vectors.
  E3  the law sums to 1, its mean is π (unbiased) and its variance is the closed form.
  E4  the accuracy is the law's mass within t of π, at every t, including t = 0 and 1.
  E5  binomial_window equals the plain sum over any window, whichever route it takes.
  E6  Var(Z) = 2α₀/(α₀ - 1)², against mpmath's sum of z²·P(Z = z) at 50 digits.
  E7  the central accuracy equals a direct double sum over C' and the window of Z.
  E8  the scales: the local privacy variance is n/2 times the central one; the certified
      standard deviation holds the square root.
  E9  at n = 10 000 both accuracies agree with scipy's floats (a peer).
  E10 bad input is refused with ValueError.
"""

from __future__ import annotations

import itertools
import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from generator.core.rate_estimation import CentralEstimate, LocalEstimate, VarianceSplit, binomial_window

rates = st.fractions(min_value=0, max_value=1, max_denominator=12)
alphas0 = st.fractions(min_value=Fraction(11, 10), max_value=6, max_denominator=10)
tolerances = st.fractions(min_value=0, max_value=1, max_denominator=20)
small_n = st.integers(min_value=1, max_value=12)


def test_hand_values_local() -> None:
    # n = 1, π = 1/2, α₀ = 3: p = 3/4, ρ = 1/2; π̂ = (c - 1/4)/(1/2) is -1/2 or 3/2.
    one = LocalEstimate(1, Fraction(1, 2), Fraction(3))
    assert [(o.count, o.estimate, o.probability) for o in one.law()] == [
        (0, Fraction(-1, 2), Fraction(1, 2)),
        (1, Fraction(3, 2), Fraction(1, 2)),
    ]
    assert one.variance == 1  # E[π̂²] - π² = (1/4 + 9/4)/2 - 1/4
    # n = 2, π = 0: ρ = 1/4, counts 0, 1, 2 with 9/16, 6/16, 1/16 and estimates -1/2, 1/2, 3/2.
    two = LocalEstimate(2, Fraction(0), Fraction(3))
    assert [o.probability for o in two.law()] == [Fraction(9, 16), Fraction(3, 8), Fraction(1, 16)]
    assert [o.estimate for o in two.law()] == [Fraction(-1, 2), Fraction(1, 2), Fraction(3, 2)]
    assert two.accuracy(Fraction(1, 2)) == Fraction(15, 16)
    assert two.accuracy(Fraction(0)) == 0  # no count estimates exactly 0
    assert two.variance_split() == VarianceSplit(Fraction(0), Fraction(3, 8))


def test_hand_values_central() -> None:
    # n = 1, π = 0, α₀ = 3 (r = 1/3): P(Z = 0) = (1 - r)/(1 + r) = 1/2, P(|Z| <= 1) = 1/2 + 2·(1/2)(1/3).
    one = CentralEstimate(1, Fraction(0), Fraction(3))
    assert one.accuracy(Fraction(0)) == Fraction(1, 2)
    assert one.accuracy(Fraction(1)) == Fraction(5, 6)
    assert one.noise_variance == Fraction(3, 2)  # 2·3/(3 - 1)²
    assert CentralEstimate(4, Fraction(1, 2), Fraction(3)).variance == Fraction(1, 16) + Fraction(3, 32)


def brute_force_law(n: int, rate: Fraction, alpha0: Fraction) -> dict[int, Fraction]:
    """P(count of reported ones = c), summed over every input vector and every report vector."""
    truth = alpha0 / (1 + alpha0)
    law = dict.fromkeys(range(n + 1), Fraction(0))
    for bits in itertools.product((0, 1), repeat=n):
        weight = math.prod((rate if b else 1 - rate for b in bits), start=Fraction(1))
        for reports in itertools.product((0, 1), repeat=n):
            chance = math.prod(
                (truth if r == b else 1 - truth for b, r in zip(bits, reports, strict=True)),
                start=Fraction(1),
            )
            law[sum(reports)] += weight * chance
    return law


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7])
@pytest.mark.parametrize(
    ("rate", "alpha0"), [(Fraction(3, 10), Fraction(3)), (Fraction(1), Fraction(11, 10))]
)
def test_law_is_the_brute_force(n: int, rate: Fraction, alpha0: Fraction) -> None:
    estimate = LocalEstimate(n, rate, alpha0)
    expected = brute_force_law(n, rate, alpha0)
    assert {o.count: o.probability for o in estimate.law()} == expected


@settings(max_examples=60)
@given(n=small_n, rate=rates, alpha0=alphas0)
def test_law_is_unbiased_with_the_closed_form_variance(n: int, rate: Fraction, alpha0: Fraction) -> None:
    estimate = LocalEstimate(n, rate, alpha0)
    law = estimate.law()
    assert sum(o.probability for o in law) == 1
    mean = sum(o.probability * o.estimate for o in law)
    assert mean == rate
    assert sum(o.probability * (o.estimate - rate) ** 2 for o in law) == estimate.variance
    # the report rate's own form: ρ(1 - ρ)/(n(2p - 1)²)
    rho, p = estimate.report_rate, estimate.truth
    assert estimate.variance == rho * (1 - rho) / (n * (2 * p - 1) ** 2)


@settings(max_examples=80)
@given(n=small_n, rate=rates, alpha0=alphas0, tolerance=tolerances)
def test_accuracy_is_the_mass_within_t(n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction) -> None:
    estimate = LocalEstimate(n, rate, alpha0)
    inside = sum((o.probability for o in estimate.law() if abs(o.estimate - rate) <= tolerance), Fraction(0))
    assert estimate.accuracy(tolerance) == inside


def test_accuracy_at_the_ends() -> None:
    estimate = LocalEstimate(9, Fraction(1, 3), Fraction(3))
    assert estimate.accuracy(Fraction(1)) < 1  # π̂ ranges over [-1/2, 3/2]: some counts miss by more
    assert LocalEstimate(9, Fraction(1, 2), Fraction(3)).accuracy(Fraction(1)) == 1


@settings(max_examples=150)
@given(
    n=st.integers(min_value=0, max_value=30),
    lo=st.integers(min_value=-3, max_value=33),
    width=st.integers(min_value=-2, max_value=34),
    u=st.integers(min_value=0, max_value=9),
    v=st.integers(min_value=0, max_value=9),
)
def test_binomial_window_is_the_plain_sum(n: int, lo: int, width: int, u: int, v: int) -> None:
    hi = lo + width
    expected = sum(math.comb(n, c) * u**c * v ** (n - c) for c in range(max(lo, 0), min(hi, n) + 1))
    assert binomial_window(n, lo, hi, u, v) == expected


def geometric(z: int, alpha0: Fraction) -> Fraction:
    r = 1 / alpha0
    return (1 - r) / (1 + r) * r ** abs(z)


@pytest.mark.parametrize("alpha0", [Fraction(11, 10), Fraction(3), Fraction(7, 2)])
def test_noise_variance_against_mpmath(alpha0: Fraction) -> None:
    with mpmath.workdps(50):
        r = mpmath.mpf(alpha0.denominator) / alpha0.numerator
        second = 2 * mpmath.nsum(lambda z: z**2 * (1 - r) / (1 + r) * r**z, [1, mpmath.inf])
        variance = CentralEstimate(1, Fraction(0), alpha0).noise_variance
        assert abs(second - mpmath.mpf(variance.numerator) / variance.denominator) < mpmath.mpf(10) ** -40


@settings(max_examples=60)
@given(n=st.integers(min_value=1, max_value=9), rate=rates, alpha0=alphas0, tolerance=tolerances)
def test_central_accuracy_is_the_double_sum(
    n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction
) -> None:
    lo, hi = math.ceil(n * (rate - tolerance)), math.floor(n * (rate + tolerance))
    expected = sum(
        (
            math.comb(n, c) * rate**c * (1 - rate) ** (n - c) * geometric(z, alpha0)
            for c in range(n + 1)
            for z in range(lo - c, hi - c + 1)
        ),
        Fraction(0),
    )
    assert CentralEstimate(n, rate, alpha0).accuracy(tolerance) == expected


@given(n=st.integers(min_value=1, max_value=10_000), rate=rates, alpha0=alphas0)
def test_local_privacy_variance_is_n_over_2_times_central(n: int, rate: Fraction, alpha0: Fraction) -> None:
    local = LocalEstimate(n, rate, alpha0).variance_split()
    central = CentralEstimate(n, rate, alpha0).variance_split()
    assert local.sampling == central.sampling == rate * (1 - rate) / n
    assert local.privacy == Fraction(n, 2) * central.privacy
    # counts: n·α₀/(α₀ - 1)² against 2α₀/(α₀ - 1)², the √n/ε against 1/ε of the scales
    assert n**2 * local.privacy == n * alpha0 / (alpha0 - 1) ** 2
    assert n**2 * central.privacy == 2 * alpha0 / (alpha0 - 1) ** 2


def test_standard_deviation_is_certified() -> None:
    split = LocalEstimate(100, Fraction(3, 10), Fraction(3)).variance_split()
    shown = split.standard_deviation(6)
    with mpmath.workdps(50):
        root = mpmath.sqrt(mpmath.mpf(split.total.numerator) / split.total.denominator)
        assert mpmath.mpf(shown.lower.numerator) / shown.lower.denominator <= root
        assert root <= mpmath.mpf(shown.upper.numerator) / shown.upper.denominator
        expected = Decimal(mpmath.nstr(root, 40)).quantize(Decimal("0.000001"), rounding=ROUND_HALF_UP)
    assert shown.decimal == str(expected)


@pytest.mark.parametrize(
    ("rate", "alpha0"), [(Fraction(3, 10), Fraction(3)), (Fraction(1234, 10000), Fraction(11, 10))]
)
@pytest.mark.parametrize("tolerance", [Fraction(1, 100), Fraction(1, 20)])
def test_large_n_agrees_with_scipy(rate: Fraction, alpha0: Fraction, tolerance: Fraction) -> None:
    n = 10_000
    local = LocalEstimate(n, rate, alpha0)
    lo, hi = local.count_window(tolerance)
    binomial = stats.binom(n, float(local.report_rate))
    assert float(local.accuracy(tolerance)) == pytest.approx(
        binomial.cdf(hi) - binomial.cdf(lo - 1), abs=1e-9
    )


def test_central_large_n_agrees_with_a_float_convolution() -> None:
    n, rate, alpha0, tolerance = 2_000, Fraction(3, 10), Fraction(11, 10), Fraction(1, 100)
    central = CentralEstimate(n, rate, alpha0)
    lo, hi = central.sum_window(tolerance)
    r = 1 / float(alpha0)
    pmf = stats.binom(n, float(rate)).pmf(range(n + 1))

    def noise_between(low: int, high: int) -> float:  # P(low <= Z <= high), Z two-sided geometric
        def cdf(z: int) -> float:
            return 1 - r ** (z + 1) / (1 + r) if z >= 0 else r ** (-z) / (1 + r)

        return cdf(high) - cdf(low - 1)

    expected = sum(pmf[c] * noise_between(lo - c, hi - c) for c in range(n + 1))
    assert float(central.accuracy(tolerance)) == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize(
    ("n", "rate", "alpha0"),
    [
        (0, Fraction(1, 2), Fraction(3)),
        (True, Fraction(1, 2), Fraction(3)),
        (3, Fraction(3, 2), Fraction(3)),
        (3, 0.5, Fraction(3)),
        (3, Fraction(1, 2), Fraction(1)),
        (3, Fraction(1, 2), 3),
    ],
)
def test_bad_input_is_refused(n: int, rate: Fraction, alpha0: Fraction) -> None:
    for kind in (LocalEstimate, CentralEstimate):
        with pytest.raises(ValueError, match="must be"):
            kind(n, rate, alpha0)


@pytest.mark.parametrize("tolerance", [Fraction(-1, 10), Fraction(11, 10), 0.1])
def test_bad_tolerance_is_refused(tolerance: Fraction) -> None:
    with pytest.raises(ValueError, match="tolerance"):
        LocalEstimate(3, Fraction(1, 2), Fraction(3)).accuracy(tolerance)
    with pytest.raises(ValueError, match="tolerance"):
        CentralEstimate(3, Fraction(1, 2), Fraction(3)).accuracy(tolerance)
