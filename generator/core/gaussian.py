"""The Gaussian mechanism: its exact privacy profile, for one release or k, and its exact ε.

A query f of L2 sensitivity Δ is released as f(x) + Z with Z ~ N(0, σ²I). Rotating and
scaling by σ, the two output laws of neighbours become P = N(0, 1) and Q = N(μ, 1) on the
line through them, μ = Δ/σ (the orthogonal coordinates have the same law under both and
cancel). The privacy loss at an output x is

    L(x) = ln p(x)/q(x) = ((x - μ)² - x²)/2 = μ²/2 - μx,

so under P it is N(μ²/2, μ²) and under Q it is N(-μ²/2, μ²).

**The profile** (Balle & Wang 2018, Thm 8; Dong, Roth & Su 2022, Cor. 2.13). The least δ
with which the mechanism is (ε, δ)-DP is δ(ε) = P(L > ε) - e^ε Q(L > ε). {L > ε} is
{x < μ/2 - ε/μ}, so with Φ the standard normal CDF

    δ(ε) = Φ(μ/2 - ε/μ) - e^ε Φ(-μ/2 - ε/μ),   μ = Δ/σ,

which is Balle and Wang's Φ(Δ/(2σ) - εσ/Δ) - e^ε Φ(-Δ/(2σ) - εσ/Δ). Its derivative is
-e^ε Φ(-μ/2 - ε/μ) < 0 (the two density terms cancel, since e^ε φ(-μ/2 - ε/μ) = φ(μ/2 - ε/μ)),
so δ decreases strictly on ε >= 0, from δ(0) = 2Φ(μ/2) - 1 (the total variation distance)
towards 0, which it never reaches: the mechanism is (ε, δ)-DP for no δ = 0.

**k releases.** k releases with independent noise, each of a query of sensitivity Δ and even
chosen adaptively, have a privacy loss that is the sum of k independent N(μ²/2, μ²) laws,
N(kμ²/2, kμ²): the loss of one release with μ√k. So they compose exactly into one Gaussian
mechanism with σ/√k, and μ = Δ√k/σ is the only parameter of the k-fold profile (μ-GDP
composes to √k·μ-GDP: Dong, Roth & Su 2022, Cor. 3.3). Only μ² = kΔ²/σ² is rational.

**Arithmetic.** Φ(x) = erfc(-x/√2)/2 with arb's erfc. The two terms of δ(ε) nearly cancel
when ε/μ is large (both are about φ(μ/2 - ε/μ)/|μ/2 - ε/μ|) or μ is small; the balls carry
the loss, and :func:`~generator.core.certified.certify` and
:func:`~generator.core.certified.sign` raise the precision until the answer is proven.

**The exact ε at δ** is the least ε >= 0 with δ(ε) <= δ: 0 when δ(0) <= δ, else the root
of δ(ε) = δ. Bisection on dyadic ε keeps lo with δ(lo) > δ and hi with δ(hi) < δ, every
comparison a proven sign, until lo and hi round to the same decimal. The first hi is the
zCDP bound ρ + 2√(ρ ln(1/δ)) with ρ = μ²/2 (Bun & Steinke 2016, Props 1.3 and 1.6), rounded up
to an integer; it is checked like every other point, and doubled if it were too small.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import (
    Certified,
    Enclosure,
    UncertifiedError,
    certified_exact,
    certify,
    enclose,
    exact,
    sign,
)
from generator.core.parameters import count, nonnegative, positive, probability

MAX_BISECTIONS = 400


def normal_cdf(x: arb) -> arb:
    """Φ(x) = erfc(-x/√2)/2, as a ball."""
    return (-x / arb(2).sqrt()).erfc() / 2


@dataclass(frozen=True)
class GaussianMechanism:
    """N(0, σ²) noise on a query of L2 sensitivity Δ, released ``compositions`` times."""

    l2_sensitivity: Fraction
    sigma: Fraction
    compositions: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "l2_sensitivity", positive("the L2 sensitivity Δ", self.l2_sensitivity))
        object.__setattr__(self, "sigma", positive("σ", self.sigma))
        count("the number of releases k", self.compositions)

    @property
    def mu_squared(self) -> Fraction:
        """μ² = kΔ²/σ², exact: the k-fold profile's only parameter, squared."""
        return self.compositions * self.l2_sensitivity**2 / self.sigma**2

    @property
    def rho(self) -> Fraction:
        """ρ = kΔ²/(2σ²) = μ²/2: the zCDP parameter (Bun & Steinke 2016, Prop 1.6)."""
        return self.mu_squared / 2

    def delta_ball(self, epsilon: arb) -> arb:
        """δ(ε) = Φ(μ/2 - ε/μ) - e^ε Φ(-μ/2 - ε/μ) at the working precision, for a ball ε
        (a ball, so that an irrational ε such as the classic calibration's fits in)."""
        mu = exact(self.mu_squared).sqrt()
        shift = epsilon / mu
        return normal_cdf(mu / 2 - shift) - epsilon.exp() * normal_cdf(-mu / 2 - shift)

    def delta(self, epsilon: Fraction, places: int = 3) -> Certified:
        """The exact δ(ε), certified to ``places`` decimals."""
        epsilon = nonnegative("ε", epsilon)
        return certify(lambda: self.delta_ball(exact(epsilon)), places)

    def delta_enclosure(self, epsilon: Fraction, width: Fraction) -> Enclosure:
        """The exact δ(ε) in an enclosure at most ``width`` wide (for a δ far below 10^-3)."""
        epsilon = nonnegative("ε", epsilon)
        return enclose(lambda: self.delta_ball(exact(epsilon)), width)

    def _excess(self, epsilon: Fraction, delta: Fraction) -> int:
        """The proven sign of δ(ε) - δ."""
        return sign(lambda: self.delta_ball(exact(epsilon)) - exact(delta))

    def epsilon(self, delta: Fraction, places: int = 3) -> Certified:
        """The exact ε at δ: the least ε >= 0 with δ(ε) <= δ, certified to ``places`` decimals
        by bisection (see the module)."""
        delta = probability("δ", delta, zero=False)
        if self._excess(Fraction(0), delta) <= 0:
            return certified_exact(0, places)
        zcdp = enclose(
            lambda: exact(self.rho) + 2 * (exact(self.rho) * exact(1 / delta).log()).sqrt(),
            Fraction(1),
        )
        low, high = Fraction(0), Fraction(-(-zcdp.upper.numerator // zcdp.upper.denominator))
        while self._excess(high, delta) > 0:
            low, high = high, 2 * high
        for _ in range(MAX_BISECTIONS):
            found = Enclosure(low, high)
            shown = found.decimal(places)
            if shown is not None:
                return Certified(found, shown, places)
            middle = (low + high) / 2
            if self._excess(middle, delta) > 0:
                low = middle
            else:
                high = middle
        raise UncertifiedError(f"no {places}-decimal ε after {MAX_BISECTIONS} bisections")
