"""Rényi DP of the Gaussian (Mironov 2017) and its two conversions to (ε, δ).

Properties checked:
  - hand values: D_α = kαΔ²/(2σ²); the conversions at one order;
  - a second route: D_α by 50-digit quadrature of ∫ p^α q^{1-α};
  - the classic conversion's best real order is α* = 1 + √(ln(1/δ)/ρ) with value
    ρ + 2√(ρ ln(1/δ)); the chosen rational order is next to it and its bound a hair above;
  - the tighter conversion's chosen order is next to mpmath's minimiser;
  - exact ε <= tighter RDP bound <= classic RDP bound, on the seeded sample;
  - a peer: dp_accounting's RDP accountant (its order grid is coarser, so it is >= ours).
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import mpmath  # type: ignore[import-untyped]
import pytest
from dp_accounting import dp_event
from dp_accounting.rdp import rdp_privacy_accountant
from hypothesis import given
from hypothesis import strategies as st

from generator.core.certified import certify
from generator.core.certified import exact as ball
from generator.core.gaussian import GaussianMechanism
from generator.core.renyi import (
    RdpBound,
    classic_bound,
    classic_conversion,
    compose,
    gaussian_rdp,
    tight_bound,
    tight_conversion,
    tight_delta_conversion,
    tight_delta_order,
)
from generator.core.zcdp import Zcdp
from tests.core.mp_oracles import Case, gaussian_delta, gaussian_renyi, holds, mp, sample, to_fraction

FIVE = Fraction(1, 10**5)
SAMPLE = sample(8, seed=3)


def test_gaussian_rdp_hand_values() -> None:
    assert gaussian_rdp(Fraction(2), Fraction(1), Fraction(1)) == 1
    assert gaussian_rdp(Fraction(3, 2), Fraction(2), Fraction(3), 3) == 1
    assert compose([Fraction(1, 3), Fraction(1, 6), Fraction(1, 2)]) == 1


@pytest.mark.parametrize(
    ("alpha", "sensitivity", "sigma"),
    [
        (Fraction(2), Fraction(1), Fraction(1)),
        (Fraction(11, 10), Fraction(1, 10), Fraction(7)),
        (Fraction(32), Fraction(3), Fraction(5, 2)),
    ],
)
def test_gaussian_rdp_agrees_with_quadrature(alpha: Fraction, sensitivity: Fraction, sigma: Fraction) -> None:
    truth = to_fraction(gaussian_renyi(alpha, sensitivity, sigma))
    assert abs(truth - gaussian_rdp(alpha, sensitivity, sigma)) < Fraction(1, 10**40)


def test_conversions_at_one_order() -> None:
    # α = 2, τ = 1, δ = 10⁻⁵: classic 1 + ln 10⁵ = 12.5129…; tight 1 - 2 ln 2 + ln 10⁵ = 11.1267…
    assert certify(lambda: classic_conversion(Fraction(2), Fraction(1), FIVE)).decimal == "12.513"
    assert certify(lambda: tight_conversion(Fraction(2), Fraction(1), FIVE)).decimal == "11.127"
    # a negative ε still proves (0, δ): it is floored at 0
    assert certify(lambda: tight_conversion(Fraction(2), Fraction(0), Fraction(9, 10))).upper == 0


def _classic_minimum(rho: Fraction, delta: Fraction) -> tuple[mpmath.mpf, mpmath.mpf]:
    with mpmath.workdps(50):
        log = mpmath.log(1 / mp(delta))
        return 1 + mpmath.sqrt(log / mp(rho)), mp(rho) + 2 * mpmath.sqrt(mp(rho) * log)


def _tight_minimum(rho: Fraction, delta: Fraction) -> tuple[mpmath.mpf, mpmath.mpf]:
    """mpmath's minimiser of the tighter conversion on α ↦ αρ: findroot of its derivative."""
    with mpmath.workdps(50):
        r, d = mp(rho), mp(delta)

        def value(a: mpmath.mpf) -> mpmath.mpf:
            return a * r + mpmath.log(1 - 1 / a) - (mpmath.log(d) + mpmath.log(a)) / (a - 1)

        start, _ = _classic_minimum(rho, delta)
        high = min(start, 1 / d)  # the minimiser lies below both
        low = mpmath.mpf(1)
        for _ in range(170):  # bisection on the sign of mpmath's numerical derivative
            middle = (low + high) / 2
            if mpmath.diff(value, middle) > 0:
                high = middle
            else:
                low = middle
        return low, value(low)


@pytest.mark.parametrize("rho", [Fraction(1, 1000), Fraction(1, 5), Fraction(2), Fraction(5 * 10**6)])
@pytest.mark.parametrize("delta", [Fraction(1, 10**12), FIVE, Fraction(1, 10)])
def test_classic_order_is_next_to_the_closed_form(rho: Fraction, delta: Fraction) -> None:
    alpha, minimum = _classic_minimum(rho, delta)
    found = classic_bound(rho, delta, 9)
    assert abs(to_fraction(alpha) - found.order) <= (found.order - 1) / 10**5
    assert to_fraction(minimum) <= found.epsilon.lower + Fraction(1, 10**30)
    assert found.epsilon.upper - to_fraction(minimum) < to_fraction(minimum) / 10**9 + Fraction(1, 10**9)


@pytest.mark.parametrize("rho", [Fraction(1, 1000), Fraction(1, 5), Fraction(2), Fraction(5 * 10**6)])
@pytest.mark.parametrize("delta", [Fraction(1, 10**12), FIVE, Fraction(1, 10)])
def test_tight_order_is_next_to_mpmaths_minimiser(rho: Fraction, delta: Fraction) -> None:
    alpha, minimum = _tight_minimum(rho, delta)
    found = tight_bound(rho, delta, 9)
    if minimum <= 0:  # every order near the best proves (0, δ)
        assert found.epsilon.upper == 0
        return
    assert abs(to_fraction(alpha) - found.order) <= (found.order - 1) / 10**5
    assert to_fraction(minimum) <= found.epsilon.lower + Fraction(1, 10**30)
    assert found.epsilon.upper - to_fraction(minimum) < to_fraction(minimum) / 10**9 + Fraction(1, 10**9)


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_exact_below_tight_below_classic(case: Case) -> None:
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    exact = mechanism.epsilon(case.delta)
    tight = tight_bound(mechanism.rho, case.delta)
    classic = classic_bound(mechanism.rho, case.delta)
    assert exact.upper <= tight.epsilon.lower
    assert tight.epsilon.upper <= classic.epsilon.lower


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_dp_accounting_rdp_accountant_peer(case: Case) -> None:
    accountant = rdp_privacy_accountant.RdpAccountant()
    accountant.compose(dp_event.GaussianDpEvent(float(case.sigma / case.sensitivity)), case.compositions)
    peer = accountant.get_epsilon(float(case.delta))
    ours = tight_bound(GaussianMechanism(case.sensitivity, case.sigma, case.compositions).rho, case.delta)
    # the peer minimises over a fixed grid of orders (1.25 … 256, plus more), we over all
    assert peer >= float(ours.epsilon.lower) * (1 - 1e-9)
    orders, values = accountant.orders, accountant.rdp
    rho = GaussianMechanism(case.sensitivity, case.sigma, case.compositions).rho
    for order, value in zip(orders[:5], values[:5], strict=True):
        assert abs(value - float(order) * float(rho)) <= 1e-9 * float(order * rho)


def test_claim_rounds_the_bound_up() -> None:
    found = RdpBound(Fraction(2), certify(lambda: classic_conversion(Fraction(2), Fraction(1), FIVE)))
    assert found.claim == "12.513"  # 12.51292546… rounds up to 12.513
    assert Fraction(found.claim) >= found.epsilon.upper


rhos = st.fractions(min_value=Fraction(1, 10**4), max_value=Fraction(10**4), max_denominator=10**4)
deltas = st.sampled_from([Fraction(1, 10**12), Fraction(1, 10**8), FIVE, Fraction(1, 100)])


@given(rhos, rhos, deltas)
def test_bounds_grow_in_rho(one: Fraction, two: Fraction, delta: Fraction) -> None:
    low, high = sorted((one, two))
    assert tight_bound(low, delta).epsilon.lower <= tight_bound(high, delta).epsilon.upper
    assert classic_bound(low, delta).epsilon.lower <= classic_bound(high, delta).epsilon.upper


@given(rhos, deltas)
def test_any_other_order_gives_no_better_bound(rho: Fraction, delta: Fraction) -> None:
    found = tight_bound(rho, delta, 9)
    for step in (Fraction(1, 2), Fraction(2)):
        other = 1 + (found.order - 1) * step
        value = certify(partial(tight_conversion, other, other * rho, delta), 9)
        assert found.epsilon.lower <= value.upper


@pytest.mark.parametrize(
    ("alpha", "rdp", "delta"),
    [
        (Fraction(1), Fraction(1), FIVE),
        (Fraction(2), Fraction(-1), FIVE),
        (Fraction(2), Fraction(1), Fraction(0)),
    ],
)
def test_bad_conversion_inputs_are_refused(alpha: Fraction, rdp: Fraction, delta: Fraction) -> None:
    with pytest.raises(ValueError, match="must"):
        classic_conversion(alpha, rdp, delta)
    with pytest.raises(ValueError, match="must"):
        tight_conversion(alpha, rdp, delta)


def _tight_delta_minimum(rho: Fraction, epsilon: Fraction) -> tuple[mpmath.mpf, mpmath.mpf]:
    """mpmath's minimiser and minimum of CKS20's δ(α) on the curve αρ at ε, at 50 digits."""
    with mpmath.workdps(50):

        def log_delta(alpha: mpmath.mpf) -> mpmath.mpf:
            return (
                (alpha - 1) * (alpha * mp(rho) - mp(epsilon))
                + (alpha - 1) * mpmath.log(1 - 1 / alpha)
                - mpmath.log(alpha)
            )

        start = max((mp(epsilon) + mp(rho)) / (2 * mp(rho)), mpmath.mpf(1)) + 1
        alpha = mpmath.findroot(lambda a: mpmath.diff(log_delta, a), start)
        return alpha, mpmath.exp(log_delta(alpha))


@pytest.mark.parametrize(
    ("rho", "epsilon"),
    [
        (Fraction(1, 2), Fraction(1)),
        (Fraction(1, 2), Fraction(4)),
        (Fraction(1, 800), Fraction(1, 5)),
        (Fraction(2000), Fraction(2300)),
    ],
)
def test_tight_delta_order_is_next_to_mpmaths_minimiser(rho: Fraction, epsilon: Fraction) -> None:
    alpha, minimum = _tight_delta_minimum(rho, epsilon)
    order = tight_delta_order(rho, epsilon)
    assert abs(to_fraction(alpha) - order) <= (order - 1) / 10**5
    found = certify(
        lambda: tight_delta_conversion(order, order * rho, epsilon) / ball(to_fraction(minimum)), 9
    )
    # the rounded order gives a bound above the minimum by a relative 10⁻⁹ at most
    assert Fraction(1) - Fraction(1, 10**9) <= found.lower
    assert found.upper <= Fraction(1) + Fraction(1, 10**9)


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_the_delta_bounds_lie_above_the_exact_delta_and_in_order(case: Case) -> None:
    """At the exact ε rounded to 3 decimals: exact δ <= CKS20's δ <= Prop 1.3's δ, each a
    certified ball, the exact one holding mpmath's 50-digit value."""
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    epsilon, rho = Fraction(mechanism.epsilon(case.delta).decimal), mechanism.rho
    order = tight_delta_order(rho, epsilon)
    exact = certify(lambda: mechanism.delta_ball(ball(epsilon)), 30)
    rdp = certify(lambda: tight_delta_conversion(order, order * rho, epsilon), 30)
    zcdp = certify(lambda: Zcdp(rho).delta_ball(epsilon), 30)
    assert holds(exact.enclosure, gaussian_delta(mechanism.mu_squared, epsilon))
    assert exact.upper <= rdp.lower
    assert rdp.upper <= zcdp.lower or zcdp.lower == 1


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_dp_accounting_compute_delta_peer(case: Case) -> None:
    """dp_accounting's compute_delta minimises the same conversion over a fixed list of
    orders: at its chosen order our δ is its δ, and our order's δ is never above it."""
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    epsilon, rho = Fraction(mechanism.epsilon(case.delta).decimal), mechanism.rho
    orders = [1 + x / 100 for x in range(1, 1000)] + list(range(11, 257))
    peer, peer_order = rdp_privacy_accountant.compute_delta(
        orders, [a * float(rho) for a in orders], float(epsilon)
    )
    order = tight_delta_order(rho, epsilon)
    ours = certify(lambda: tight_delta_conversion(order, order * rho, epsilon), 30)
    assert peer >= float(ours.lower) * (1 - 1e-9)
    if peer < 1:
        alpha = Fraction(peer_order)
        at_peer = certify(lambda: tight_delta_conversion(alpha, alpha * rho, epsilon), 30)
        assert abs(float(at_peer.lower) - peer) <= 1e-9 * peer
