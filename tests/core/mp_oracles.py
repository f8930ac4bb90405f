"""Second routes for the certified core, at 50 digits with mpmath: quadrature of the
definitions (hockey-stick divergence, Rényi divergence) rather than their closed forms, and
the seeded sample of the lesson's domain that the containment tests share.

Each oracle integrates the definition directly: δ(ε) = ∫ (p - e^ε q)₊ and
D_α = ln(∫ p^α q^{1-α})/(α - 1), with the integrand written only from the two densities.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

import mpmath  # type: ignore[import-untyped]

from generator.core.certified import Enclosure

DIGITS = 50
SLACK = Fraction(1, 10**40)  # relative: quadrature at 50 digits is good to ~45


def to_fraction(value: mpmath.mpf) -> Fraction:
    """The exact rational value of a finite mpf (read from its bits: no re-rounding)."""
    sign, mantissa, exponent, _ = value._mpf_
    return Fraction((-1) ** int(sign) * int(mantissa)) * Fraction(2) ** int(exponent)


def mp(value: Fraction | int) -> mpmath.mpf:
    value = Fraction(value)
    return mpmath.mpf(value.numerator) / value.denominator


def holds(found: Enclosure, value: mpmath.mpf) -> bool:
    """``value`` lies in ``found``, up to the oracle's own relative error."""
    truth = to_fraction(value)
    slack = SLACK * max(abs(truth), Fraction(1, 10**300))
    return found.lower - slack <= truth <= found.upper + slack


def gaussian_delta(mu_squared: Fraction, epsilon: Fraction | mpmath.mpf) -> mpmath.mpf:
    """∫ (φ(x) - e^ε φ(x - μ))₊ dx over the region where the integrand is positive,
    x < x₀ = μ/2 - ε/μ, written as x = x₀ - t: φ(x₀ - t)(1 - e^{-μt})."""
    with mpmath.workdps(DIGITS):
        mu = mpmath.sqrt(mp(mu_squared))
        eps = mpmath.mpf(epsilon) if isinstance(epsilon, mpmath.mpf) else mp(epsilon)
        start = mu / 2 - eps / mu
        # mpmath's quad stops at an absolute error of 10^-50, so the integrand is taken
        # relative to φ(b), b = min(x₀, 0), the largest φ on the range:
        # φ(x₀ - t)/φ(b) = e^{(b² - (x₀ - t)²)/2}. Break the line on the scales where the
        # integrand changes: 1/|x₀| and 1/μ near t = 0, and unit steps around x = 0.
        base = min(start, mpmath.mpf(0))
        scale = 1 / (abs(start) + mu + 1)
        steps = {scale * 2**j for j in range(12)} | {start + j for j in range(-12, 13) if start + j > 0}
        points = [0, *sorted(steps), mpmath.inf]

        def relative(t: mpmath.mpf) -> mpmath.mpf:
            return mpmath.exp((base**2 - (start - t) ** 2) / 2) * -mpmath.expm1(-mu * t)

        return mpmath.npdf(base) * mpmath.quad(relative, points)


def laplace_delta(sensitivity: Fraction, scale: Fraction, epsilon: Fraction) -> mpmath.mpf:
    """∫ (p - e^ε q)₊ for p = Lap(0, b), q = Lap(Δ, b), split at the kinks 0 and Δ."""
    with mpmath.workdps(DIGITS):
        b, shift, eps = mp(scale), mp(sensitivity), mp(epsilon)

        def excess(x: mpmath.mpf) -> mpmath.mpf:
            p = mpmath.exp(-abs(x) / b) / (2 * b)
            q = mpmath.exp(-abs(x - shift) / b) / (2 * b)
            return max(p - mpmath.exp(eps) * q, mpmath.mpf(0))

        crossing = (shift - b * eps) / 2  # where the loss (Δ - 2x)/b meets ε
        points = sorted({mpmath.mpf(0), shift, min(max(crossing, mpmath.mpf(0)), shift)})
        return mpmath.quad(excess, [-mpmath.inf, *points, mpmath.inf])


def gaussian_renyi(alpha: Fraction, sensitivity: Fraction, sigma: Fraction) -> mpmath.mpf:
    """ln(∫ p^α q^{1-α})/(α - 1) for p = N(0, σ²), q = N(Δ, σ²)."""
    with mpmath.workdps(DIGITS):
        a, shift, s = mp(alpha), mp(sensitivity), mp(sigma)

        def integrand(x: mpmath.mpf) -> mpmath.mpf:
            return mpmath.exp(
                a * mpmath.log(mpmath.npdf(x, 0, s)) + (1 - a) * mpmath.log(mpmath.npdf(x, shift, s))
            )

        centre = (1 - a) * shift
        total = mpmath.quad(integrand, [-mpmath.inf, centre - 10 * s, centre, centre + 10 * s, mpmath.inf])
        return mpmath.log(total) / (a - 1)


def gaussian_epsilon(mu_squared: Fraction, delta: Fraction) -> mpmath.mpf:
    """The root of δ(ε) = δ by mpmath's own normal CDF and findroot (a second implementation
    of the closed form, whose agreement with the quadrature is tested separately)."""
    with mpmath.workdps(DIGITS):
        mu, target = mpmath.sqrt(mp(mu_squared)), mp(delta)

        def profile(eps: mpmath.mpf) -> mpmath.mpf:
            return mpmath.ncdf(mu / 2 - eps / mu) - mpmath.exp(eps) * mpmath.ncdf(-mu / 2 - eps / mu)

        if profile(mpmath.mpf(0)) <= target:
            return mpmath.mpf(0)
        rho = mu**2 / 2
        high = rho + 2 * mpmath.sqrt(rho * mpmath.log(1 / target)) + 1
        return mpmath.findroot(
            lambda e: mpmath.log(profile(e)) - mpmath.log(target), (0, high), solver="anderson"
        )


@dataclass(frozen=True)
class Case:
    """One point of the lesson's domain: Δ in [0.1, 10], σ in [0.1, 100], k in 1..1000,
    δ in [10^-12, 0.1] (log-uniform, rounded to short rationals)."""

    sensitivity: Fraction
    sigma: Fraction
    compositions: int
    delta: Fraction


def _log_uniform(rng: random.Random, low: float, high: float, digits: int) -> Fraction:
    value = low * (high / low) ** rng.random()
    return Fraction(f"{value:.{digits}g}")


def sample(count: int, seed: int) -> list[Case]:
    """A seeded sample of :class:`Case` (floats only to draw the points; the points are exact)."""
    rng = random.Random(seed)
    return [
        Case(
            _log_uniform(rng, 0.1, 10, 3),
            _log_uniform(rng, 0.1, 100, 3),
            rng.choice([1, rng.randint(1, 1000)]),
            _log_uniform(rng, 1e-12, 0.1, 2),
        )
        for _ in range(count)
    ]
