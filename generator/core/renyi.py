"""Rényi DP (Mironov 2017) of the Gaussian mechanism, and its conversions to (ε, δ)-DP.

**Definition.** A mechanism is (α, τ)-RDP when the Rényi divergence of order α > 1,
D_α(P‖Q) = ln(∫ p^α q^{1-α})/(α - 1), is at most τ for every pair of neighbours.

**The Gaussian** (Mironov 2017, Sec. VI; derived here). For P = N(0, σ²), Q = N(Δ, σ²) the exponent of
p^α q^{1-α} is -(α x² + (1 - α)(x - Δ)²)/(2σ²) = -((x - (1 - α)Δ)² - α(α - 1)Δ²)/(2σ²)
(complete the square), so ∫ p^α q^{1-α} = e^{α(α-1)Δ²/(2σ²)} and D_α = αΔ²/(2σ²), exact for
rational α, Δ, σ.

**Composition** (Mironov 2017, Prop 1): the orders add, D_α of k releases is the sum of
theirs, so k releases of the Gaussian are (α, αρ)-RDP with ρ = kΔ²/(2σ²) for every α. This
line α ↦ αρ is also the curve that defines ρ-zCDP (:mod:`generator.core.zcdp`).

**To (ε, δ)-DP**, at any single order α with value τ:
  - classic (Mironov 2017, Prop 3): ε = τ + ln(1/δ)/(α - 1);
  - tighter (Canonne, Kamath & Steinke 2020, Prop 12; the same as Asoodeh et al. 2020, Eq. 20
    and Balle et al. 2020, Thm 21), the one
    dp_accounting uses (``rdp/rdp_privacy_accountant.py``, ``compute_epsilon``):
    ε = τ + ln(1 - 1/α) - (ln δ + ln α)/(α - 1), which is the classic ε minus
    ln(α) /(α - 1) - ln(1 - 1/α) > 0. An ε below 0 still proves (0, δ)-DP (δ(ε) only grows
    as ε falls to 0), so it is reported as 0.

**Choosing the order.** Each order gives a valid bound, so the bound is reported at one
rational order near the best one, computed there in arb, as an upper bound: the order is
chosen by the arithmetic below on arb midpoints, which can make the bound only a little
looser, never wrong. On the Gaussian's curve τ = αρ, with L = ln(1/δ):
  - classic: ε(α) = αρ + L/(α - 1) is convex with ε′(α) = ρ - L/(α - 1)², so its minimum
    over real α is at α* = 1 + √(L/ρ) and equals ρ + 2√(ρL), Bun & Steinke's Prop 1.3;
  - tighter: ε′(α) = ρ + (ln δ + ln α)/(α - 1)² (the ln(1 - 1/α) and -ln α/(α - 1) terms'
    derivatives cancel), zero where g(α) = (α - 1)²ρ + ln α + ln δ = 0. g increases from
    g(1) = ln δ < 0 and g(α*) = ln α* > 0, so the root is unique and lies in (1, α*):
    bisection finds it.
The order is then α = 1 + (α - 1 rounded to :data:`ORDER_DIGITS` significant decimals), a
short exact decimal to show; the bound moves by a relative 10^-12 or so.

**The other way: δ at a given ε.** Solving the tighter conversion for δ gives
δ(α) = e^{(α-1)(τ-ε)}·(1 - 1/α)^{α-1}/α (CKS20, Prop 12 as they write it). On the curve
τ = αρ its logarithm h(α) = (α - 1)(αρ - ε) + (α - 1) ln(1 - 1/α) - ln α has
h′(α) = 2αρ - ρ - ε + ln(1 - 1/α) (the 1/α terms cancel), which increases from -∞ at α -> 1.
At α = max((ε + ρ)/(2ρ), 1) + 1 + 1/ρ, writing t for α - (ε + ρ)/(2ρ) >= 1 + 1/ρ, it is at
least 2ρt - 1/(α - 1) >= 2ρt - 1/t > 0 (ln(1 - 1/α) >= -1/(α - 1)), so bisection finds the
best order below there; δ there, certified and capped at 1, is the bound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import Certified, ceil_decimal, certify, enclosure, exact, precision
from generator.core.parameters import count, nonnegative, order, positive, probability

ORDER_DIGITS = 6
SEARCH_BITS = 64
SEARCH_STEPS = 80


def gaussian_rdp(alpha: Fraction, sensitivity: Fraction, sigma: Fraction, compositions: int = 1) -> Fraction:
    """D_α of k Gaussian releases: kαΔ²/(2σ²), exact."""
    alpha = order("the order α", alpha)
    sensitivity, sigma = positive("the sensitivity Δ", sensitivity), positive("σ", sigma)
    return count("the number of releases k", compositions) * alpha * sensitivity**2 / (2 * sigma**2)


def compose(values: Iterable[Fraction]) -> Fraction:
    """RDP values at one order compose by addition (Mironov 2017, Prop 1)."""
    return sum((nonnegative("an RDP value", value) for value in values), Fraction(0))


def classic_conversion(alpha: Fraction, rdp: Fraction, delta: Fraction) -> arb:
    """Mironov's ε = τ + ln(1/δ)/(α - 1) at the working precision."""
    alpha, rdp = order("the order α", alpha), nonnegative("the RDP value τ", rdp)
    delta = probability("δ", delta, zero=False)
    return exact(rdp) + exact(1 / delta).log() / exact(alpha - 1)


def tight_conversion(alpha: Fraction, rdp: Fraction, delta: Fraction) -> arb:
    """Canonne, Kamath & Steinke's ε = τ + ln(1 - 1/α) - (ln δ + ln α)/(α - 1), floored at 0."""
    alpha, rdp = order("the order α", alpha), nonnegative("the RDP value τ", rdp)
    delta = probability("δ", delta, zero=False)
    epsilon = exact(rdp) + exact((alpha - 1) / alpha).log() - exact(delta * alpha).log() / exact(alpha - 1)
    return epsilon.max(arb(0))


@dataclass(frozen=True)
class RdpBound:
    """An (ε, δ) upper bound proven through RDP at one rational order."""

    order: Fraction
    epsilon: Certified

    @property
    def claim(self) -> str:
        """The bound rounded up at its places: the shortest ε that may be claimed."""
        return ceil_decimal(self.epsilon.upper, self.epsilon.places)


def short_order(near: Fraction) -> Fraction:
    """1 + (near - 1) rounded to :data:`ORDER_DIGITS` significant decimals, for ``near`` > 1."""
    excess = near - 1
    assert excess > 0, "an order above 1"
    exponent = 0
    while excess * Fraction(10) ** exponent < 10 ** (ORDER_DIGITS - 1):
        exponent += 1
    while excess * Fraction(10) ** exponent >= 10**ORDER_DIGITS:
        exponent -= 1
    scale = Fraction(10) ** exponent
    return 1 + Fraction(round(excess * scale)) / scale


def root(increasing: Callable[[Fraction], arb], low: Fraction, high: Fraction) -> Fraction:
    """A point near the root of an increasing function on (low, high): bisection on the signs
    of the balls' midpoints at :data:`SEARCH_BITS` bits. Only a search: its answer is a
    place to evaluate at, never a proven value."""
    with precision(SEARCH_BITS):
        for _ in range(SEARCH_STEPS):
            middle = (low + high) / 2
            if increasing(middle).mid() > 0:
                high = middle
            else:
                low = middle
    return (low + high) / 2


def _optimal_classic_order(rho: Fraction, delta: Fraction) -> Fraction:
    """α* = 1 + √(ln(1/δ)/ρ), the classic conversion's best order on the curve αρ, to about
    :data:`SEARCH_BITS` bits (the midpoint of its ball)."""
    with precision(SEARCH_BITS):
        ball = 1 + (exact(1 / delta).log() / exact(rho)).sqrt()
        middle = enclosure(ball.mid()).lower
    return middle


def classic_bound(rho: Fraction, delta: Fraction, places: int = 3) -> RdpBound:
    """The classic conversion of the curve α ↦ αρ at a rational order next to α*."""
    rho, delta = positive("ρ", rho), probability("δ", delta, zero=False)
    alpha = short_order(_optimal_classic_order(rho, delta))
    return RdpBound(alpha, certify(lambda: classic_conversion(alpha, alpha * rho, delta), places))


def tight_order(rho: Fraction, delta: Fraction) -> Fraction:
    """A rational order next to the root of g(α) = (α - 1)²ρ + ln α + ln δ (see the module)."""
    rho, delta = positive("ρ", rho), probability("δ", delta, zero=False)
    near = root(
        lambda alpha: exact((alpha - 1) ** 2 * rho) + exact(alpha * delta).log(),
        Fraction(1),
        _optimal_classic_order(rho, delta) + 1,
    )
    return short_order(near)


def tight_delta_conversion(alpha: Fraction, rdp: Fraction, epsilon: Fraction) -> arb:
    """CKS20's δ = e^{(α-1)(τ-ε)}·(1 - 1/α)^{α-1}/α at the working precision."""
    alpha, rdp = order("the order α", alpha), nonnegative("the RDP value τ", rdp)
    epsilon = nonnegative("ε", epsilon)
    power = exact((alpha - 1) / alpha).log() * exact(alpha - 1)
    return (exact((alpha - 1) * (rdp - epsilon)) + power).exp() / exact(alpha)


def tight_delta_order(rho: Fraction, epsilon: Fraction) -> Fraction:
    """A rational order next to the root of h′(α) = 2αρ - ρ - ε + ln(1 - 1/α) (see the module)."""
    rho, epsilon = positive("ρ", rho), nonnegative("ε", epsilon)
    high = max((epsilon + rho) / (2 * rho), Fraction(1)) + 1 + 1 / rho
    near = root(
        lambda alpha: exact(2 * alpha * rho - rho - epsilon) + exact((alpha - 1) / alpha).log(),
        Fraction(1),
        high,
    )
    return short_order(near)


def tight_bound(rho: Fraction, delta: Fraction, places: int = 3) -> RdpBound:
    """The tighter conversion of the curve α ↦ αρ at a rational order next to its optimum."""
    alpha = tight_order(rho, delta)
    return RdpBound(alpha, certify(lambda: tight_conversion(alpha, alpha * rho, delta), places))
