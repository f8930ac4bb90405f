"""Certified Rényi DP of DP-SGD: the sampled Gaussian's RDP at integer orders, composed and converted.

**RDP of one step.** For the remove pair P = (1 − q)·N(0, σ²) + q·N(1, σ²), Q = N(0, σ²)
(:mod:`generator.core.subsampled_gaussian`) the likelihood ratio is
P/Q(x) = 1 − q + q·e^{(2x − 1)/(2σ²)}. At an integer order α >= 2 the binomial theorem and
E_{x∼N(0,σ²)}[e^{kx/σ²}] = e^{k²/(2σ²)} give the finite sum of Mironov, Talwar and Zhang (2019,
"Rényi differential privacy of the sampled Gaussian mechanism", Sec. 3.3):

    A_α = E_Q[(P/Q)^α] = Σ_{k=0}^{α} C(α, k) (1 − q)^{α−k} q^k e^{(k² − k)/(2σ²)},
    ε(α) = D_α(P‖Q) = ln(A_α)/(α − 1).

A_α is the remove direction, D_α(P‖Q). The add direction is D_α(Q‖P) = ln(B_α)/(α − 1) with
B_α = E_P[(Q/P)^α], and their Thm 5 proves A_α >= B_α for every α >= 1 (tests/core check it
against mpmath integration), so ε(α) bounds both directions, which is what RDP under
add/remove neighbours asks (their Thm 4: the mechanism is (α, ln max(A_α, B_α)/(α − 1))-RDP).
At q = 1 only k = α is left: ε(α) = α/(2σ²), the Gaussian's RDP.

**Composition** of T steps multiplies it by T (Mironov 2017, "Rényi differential privacy",
Prop. 1, adaptive composition).

**Conversion to (ε, δ).** For a composed RDP r = T·ε(α):

- classic (Mironov 2017, Prop. 3): ε = r + ln(1/δ)/(α − 1);
- improved (Canonne, Kamath and Steinke 2020, "The discrete Gaussian for differential privacy",
  Prop. 12; Balle et al. 2020, "Hypothesis testing interpretations and Rényi differential
  privacy", Thm 21): ε = r + ln((α − 1)/α) − (ln δ + ln α)/(α − 1), floored at 0, and ε = 0
  when δ² > 1 − e^{−r} (then δ >= √(1 − e^{−KL}) >= the total variation, the Bretagnolle–Huber
  bound, since KL <= D_α). This is what dp_accounting's ``rdp_privacy_accountant.compute_epsilon``
  and Opacus's ``get_privacy_spent`` compute, in floats.

The minimum is taken over :data:`RDP_ORDERS`, the integer orders among dp_accounting's default
orders (``DEFAULT_RDP_ORDERS``: 2 to 63, 128, 256, 512 and 1024; its other orders are
fractional, 1.1 to 10.9; Opacus's defaults hold the integers 2 to 10 and 12 to 63). Every value
is an arb ball; the answer's upper end is a proven (ε, δ) guarantee, and the order is the one
whose upper end is least.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import comb

from flint import arb

from generator.core.certified import Enclosure, enclosure, exact, precision
from generator.core.subsampled_gaussian import SubsampledGaussian

RDP_ORDERS: tuple[int, ...] = (*range(2, 64), 128, 256, 512, 1024)
BITS = 128


class Conversion(StrEnum):
    """How an RDP curve becomes an ε at a δ."""

    CLASSIC = "classic"  # Mironov 2017, Prop. 3
    IMPROVED = "improved"  # Canonne, Kamath and Steinke 2020, Prop. 12


def _check_order(alpha: int) -> None:
    if isinstance(alpha, bool) or not isinstance(alpha, int) or alpha < 2:
        raise ValueError(f"an RDP order must be an integer of at least 2, got {alpha!r}")


def log_moment(mechanism: SubsampledGaussian, alpha: int) -> arb:
    """ln A_α, A_α = Σ_k C(α, k)(1 − q)^{α−k} q^k e^{(k² − k)/(2σ²)} (each term a rational
    times an exponential, all positive, so the sum loses nothing to cancellation)."""
    _check_order(alpha)
    q, sigma = mechanism.q, mechanism.sigma
    scale = 1 / exact(2 * sigma * sigma)
    if q == 1:  # only k = α is left
        return scale * (alpha * alpha - alpha)
    sampled, skipped = exact(q), exact(1 - q)
    total = arb(0)
    for k in range(alpha + 1):
        weight = arb(comb(alpha, k)) * sampled**k * skipped ** (alpha - k)
        total += weight * (scale * (k * k - k)).exp()
    return total.log()


def rdp(mechanism: SubsampledGaussian, alpha: int) -> arb:
    """ε(α) = ln(A_α)/(α − 1), one step's RDP at the integer order α (both directions)."""
    return log_moment(mechanism, alpha) / (alpha - 1)


def _converted(composed: arb, alpha: int, delta: Fraction, conversion: Conversion) -> arb:
    log_delta = exact(delta).log()
    if conversion is Conversion.CLASSIC:
        return composed - log_delta / (alpha - 1)
    if exact(delta * delta) > -(-composed).expm1():  # Bretagnolle–Huber: (0, δ) already
        return arb(0)
    value = composed + exact(Fraction(alpha - 1, alpha)).log() - (log_delta + arb(alpha).log()) / (alpha - 1)
    return value.nonnegative_part()  # a ball holding max(0, ε)


@dataclass(frozen=True)
class RdpEpsilon:
    """The RDP accountant's ε at δ: the enclosure at the best order, and that order."""

    epsilon: Enclosure
    order: int
    conversion: Conversion


def rdp_epsilon(
    mechanism: SubsampledGaussian,
    steps: int,
    delta: Fraction,
    conversion: Conversion = Conversion.IMPROVED,
    orders: Sequence[int] = RDP_ORDERS,
) -> RdpEpsilon:
    """The least certified (ε, δ) over ``orders`` for T = ``steps`` composed steps: the order
    whose enclosure has the least upper end, and that enclosure."""
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise ValueError(f"the number of steps must be a positive integer, got {steps!r}")
    delta = Fraction(delta)
    if not 0 < delta < 1:
        raise ValueError(f"delta must lie in (0, 1), got {delta}")
    if not orders:
        raise ValueError("at least one RDP order is needed")
    best: tuple[Enclosure, int] | None = None
    with precision(BITS):
        for alpha in orders:
            found = enclosure(_converted(steps * rdp(mechanism, alpha), alpha, delta, conversion))
            if best is None or found.upper < best[0].upper:
                best = (found, alpha)
    assert best is not None
    return RdpEpsilon(best[0], best[1], Conversion(conversion))
