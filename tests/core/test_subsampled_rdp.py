"""Certified RDP of DP-SGD: the finite sum, its direction, its conversions, beside dp_accounting and Opacus.

Properties checked:
- q = 1 is the Gaussian: ε(α) = α/(2σ²) exactly inside the ball;
- A_α equals E_Q[(P/Q)^α] integrated by mpmath, and bounds the add direction's B_α = E_P[(Q/P)^α];
- at every integer order the ball holds dp_accounting's and Opacus's float RDP (to 10⁻¹² relative);
- the converted ε and its order are dp_accounting's over its integer orders, and Abadi et al.'s
  example gives 1.2586 at order 20 (classic) and 1.0355 at order 17 (improved);
- bad input is refused.
"""

from __future__ import annotations

import warnings
from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import numpy as np
import pytest
from dp_accounting import dp_event
from dp_accounting.rdp import rdp_privacy_accountant
from flint import arb

from generator.core.certified import enclosure, precision
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.core.subsampled_rdp import RDP_ORDERS, Conversion, log_moment, rdp, rdp_epsilon
from tests.harness.opacus import accountants as opacus_accountants

opacus_rdp = opacus_accountants().analysis.rdp
ABADI = SubsampledGaussian(Fraction(1, 100), Fraction(4))
DELTA = Fraction(1, 10**5)
CASES = [
    (Fraction(1, 100), Fraction(4)),
    (Fraction(1, 100), Fraction(11, 10)),
    (Fraction(1, 10), Fraction(3, 2)),
    (Fraction(1, 2), Fraction(7, 10)),
]


def close(ball: arb, value: float, relative: float = 1e-12) -> bool:
    found = enclosure(ball)
    middle = float((found.lower + found.upper) / 2)
    return abs(middle - value) <= relative * max(1.0, abs(value)) and float(found.width) < 1e-20


def test_the_full_batch_is_the_gaussian() -> None:
    mechanism = SubsampledGaussian(Fraction(1), Fraction(3, 2))
    with precision(128):
        for alpha in (2, 7, 64, 1024):
            found = enclosure(rdp(mechanism, alpha))
            assert found.contains(Fraction(alpha) / (2 * Fraction(9, 4)))
            assert found.width < Fraction(1, 10**30)


@pytest.mark.parametrize("alpha", [2, 3, 8])
def test_the_sum_is_the_remove_directions_moment_and_bounds_the_add_direction(alpha: int) -> None:
    q, sigma = Fraction(1, 5), Fraction(4, 5)
    with mpmath.workdps(30):
        s, rate = mpmath.mpf(4) / 5, mpmath.mpf(1) / 5

        def p(x: mpmath.mpf) -> mpmath.mpf:
            return (1 - rate) * mpmath.npdf(x, 0, s) + rate * mpmath.npdf(x, 1, s)

        def q0(x: mpmath.mpf) -> mpmath.mpf:
            return mpmath.npdf(x, 0, s)

        a = mpmath.quad(lambda x: q0(x) * (p(x) / q0(x)) ** alpha, [-mpmath.inf, 0, 1, mpmath.inf])
        b = mpmath.quad(lambda x: p(x) * (q0(x) / p(x)) ** alpha, [-mpmath.inf, 0, 1, mpmath.inf])
        with precision(128):
            found = enclosure(log_moment(SubsampledGaussian(q, sigma), alpha))
        value = mpmath.log(a)
        assert (
            abs(value - (mpmath.mpf(found.lower.numerator) / found.lower.denominator)) < mpmath.mpf(10) ** -25
        )
        assert b <= a  # Mironov, Talwar and Zhang, Thm 5: the remove direction is the larger


@pytest.mark.parametrize(("q", "sigma"), CASES)
def test_every_integer_order_matches_dp_accounting_and_opacus(q: Fraction, sigma: Fraction) -> None:
    mechanism = SubsampledGaussian(q, sigma)
    orders = list(RDP_ORDERS)
    theirs = rdp_privacy_accountant._compute_rdp_poisson_subsampled_gaussian(float(q), float(sigma), orders)
    opacus = opacus_rdp.compute_rdp(q=float(q), noise_multiplier=float(sigma), steps=1, orders=orders)
    with precision(128):
        for alpha, google, meta in zip(orders, theirs, opacus, strict=True):
            ours = rdp(mechanism, alpha)
            assert close(ours, float(google)), (alpha, ours, google)
            assert close(ours, float(meta)), (alpha, ours, meta)


def accountant(q: Fraction, sigma: Fraction, steps: int) -> rdp_privacy_accountant.RdpAccountant:
    integers = [o for o in rdp_privacy_accountant.DEFAULT_RDP_ORDERS if float(o).is_integer()]
    assert [int(o) for o in integers] == list(RDP_ORDERS)  # the orders are dp_accounting's integers
    found = rdp_privacy_accountant.RdpAccountant(orders=integers)
    event = dp_event.PoissonSampledDpEvent(float(q), dp_event.GaussianDpEvent(float(sigma)))
    found.compose(dp_event.SelfComposedDpEvent(event, steps))
    return found


@pytest.mark.parametrize(("q", "sigma"), CASES)
@pytest.mark.parametrize("steps", [1, 1000, 10_000])
def test_the_improved_conversion_is_dp_accountings(q: Fraction, sigma: Fraction, steps: int) -> None:
    ours = rdp_epsilon(SubsampledGaussian(q, sigma), steps, DELTA)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        epsilon, order = accountant(q, sigma, steps).get_epsilon_and_optimal_order(float(DELTA))
    assert ours.order == order
    assert abs(float(ours.epsilon.upper) - epsilon) <= 1e-12 * max(1.0, epsilon)
    assert ours.epsilon.width < Fraction(1, 10**25)


def test_the_classic_conversion_is_mironovs_proposition_3() -> None:
    ours = rdp_epsilon(ABADI, 1000, DELTA, Conversion.CLASSIC)
    curve = np.array(rdp_privacy_accountant._compute_rdp_poisson_subsampled_gaussian(0.01, 4.0, RDP_ORDERS))
    epsilons = 1000 * curve + np.log(1e5) / (np.array(RDP_ORDERS) - 1)
    assert ours.order == RDP_ORDERS[int(np.argmin(epsilons))]
    assert abs(float(ours.epsilon.upper) - float(np.min(epsilons))) < 1e-12


def test_abadis_example() -> None:
    classic = rdp_epsilon(ABADI, 10_000, DELTA, Conversion.CLASSIC)
    improved = rdp_epsilon(ABADI, 10_000, DELTA)
    assert (classic.order, improved.order) == (20, 17)
    assert Fraction(12585, 10**4) < classic.epsilon.lower < classic.epsilon.upper < Fraction(12586, 10**4)
    assert Fraction(10354, 10**4) < improved.epsilon.lower < improved.epsilon.upper < Fraction(10355, 10**4)


def test_a_tiny_ε_converts_to_0_when_δ_covers_the_total_variation() -> None:
    # T·ε(α) is so small that δ² > 1 − e^{−r}: (0, δ)-DP by Bretagnolle–Huber
    found = rdp_epsilon(SubsampledGaussian(Fraction(1, 10**6), Fraction(50)), 1, Fraction(1, 10))
    assert found.epsilon.upper == 0


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="order"):
        rdp(ABADI, 1)
    with pytest.raises(ValueError, match="steps"):
        rdp_epsilon(ABADI, 0, DELTA)
    with pytest.raises(ValueError, match="delta"):
        rdp_epsilon(ABADI, 10, Fraction(1))
    with pytest.raises(ValueError, match="order"):
        rdp_epsilon(ABADI, 10, DELTA, orders=())
