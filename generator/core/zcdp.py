"""Zero-concentrated DP (Bun & Steinke 2016): one number ρ, added up, then read as (ε, δ).

**Definition** (BS16, Def 1.1). A mechanism is ρ-zCDP when D_α(M(x)‖M(x′)) <= αρ for every
order α > 1 and every pair of neighbours: its Rényi curve lies under the line α ↦ αρ.

**The Gaussian** (BS16, Prop 1.6): D_α = αΔ²/(2σ²) (:mod:`generator.core.renyi`), so it is
ρ-zCDP with ρ = Δ²/(2σ²), exactly, and no smaller ρ holds.

**Composition** (BS16, Lemma 1.7): the ρ's add, so k Gaussian releases are kΔ²/(2σ²)-zCDP.

**To (ε, δ)-DP.**
  - BS16, Prop 1.3: ε = ρ + 2√(ρ ln(1/δ)). It is Mironov's conversion ε = αρ + ln(1/δ)/(α - 1)
    at its best real order α* = 1 + √(ln(1/δ)/ρ) (:func:`generator.core.renyi.classic_bound`
    evaluates it at a rational order next to α*, a hair above this). Solving for ρ, with
    L = ln(1/δ): (√ρ + √L)² = ε + L, so the largest ρ that gives ε is (√(ε + L) - √L)².
    Read the other way, at a given ε: δ = e^{-(ε - ρ)²/(4ρ)} for ε > ρ, and no δ below 1
    for ε <= ρ (the square root is then 0 at best).
  - Canonne, Kamath & Steinke 2020, Cor 13 (their Prop 12 at every order of the zCDP curve):
    ε = inf over α > 1 of αρ + ln(1 - 1/α) - (ln δ + ln α)/(α - 1), evaluated at a rational
    order next to the optimum (:func:`generator.core.renyi.tight_bound`). The 2020 US Census
    converted its ρ to ε this way, at δ = 10⁻¹⁰ (:mod:`generator.core.zcdp_deployments`).
    Its inverse: the order α proves (ε, δ) for every ρ <= R(α) =
    (ε - ln(1 - 1/α) + (ln δ + ln α)/(α - 1))/α, so the largest ρ that gives ε is the sup of
    R over α. At the best order, α also minimises the forward conversion, where
    (α - 1)²ρ = ln(1/(αδ)); putting ρ = ln(1/(αδ))/(α - 1)² into the forward ε gives
    F(α) = α ln(1/(αδ))/(α - 1)² + ln(1/(αδ))/(α - 1) + ln(1 - 1/α), which falls from +∞
    at α -> 1 to ln(1 - δ) < 0 at α = 1/δ; the best order is the root of F(α) = ε in
    (1, 1/δ), found by bisection, and R there (certified) is a lower bound of the sup that a
    search cannot make wrong, only a hair smaller.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import Certified, certify, exact, floor_decimal
from generator.core.gaussian import GaussianMechanism
from generator.core.parameters import nonnegative, positive, probability
from generator.core.renyi import RdpBound, root, short_order, tight_bound


@dataclass(frozen=True)
class RhoBound:
    """The ρ that a conversion needs for (ε, δ): every ρ up to ``rho`` proves (ε, δ)-DP
    (through RDP at ``order``, for the tighter conversion)."""

    order: Fraction | None  # None for Prop 1.3, which has a closed form
    rho: Certified

    @property
    def claim(self) -> str:
        """ρ rounded down at its places: the largest short ρ that still proves (ε, δ)."""
        return floor_decimal(self.rho.lower, self.rho.places)


@dataclass(frozen=True)
class Zcdp:
    """A ρ-zCDP guarantee, ρ an exact positive rational."""

    rho: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "rho", positive("ρ", self.rho))

    @classmethod
    def from_gaussian(cls, mechanism: GaussianMechanism) -> Zcdp:
        """kΔ²/(2σ²)-zCDP: the Gaussian's, composed k times."""
        return cls(mechanism.rho)

    def compose(self, *others: Zcdp) -> Zcdp:
        """ρ's add (BS16, Lemma 1.7)."""
        return Zcdp(self.rho + sum((other.rho for other in others), Fraction(0)))

    def epsilon(self, delta: Fraction, places: int = 3) -> Certified:
        """BS16, Prop 1.3: ε = ρ + 2√(ρ ln(1/δ)), certified (an upper bound on the exact ε)."""
        delta = probability("δ", delta, zero=False)
        rho = self.rho
        return certify(lambda: exact(rho) + 2 * (exact(rho) * exact(1 / delta).log()).sqrt(), places)

    def delta_ball(self, epsilon: Fraction) -> arb:
        """Prop 1.3 read at ε: e^{-(ε - ρ)²/(4ρ)} for ε > ρ, else 1, at the working precision."""
        epsilon = nonnegative("ε", epsilon)
        if epsilon <= self.rho:
            return arb(1)
        return exact(-((epsilon - self.rho) ** 2) / (4 * self.rho)).exp()

    def tight_epsilon(self, delta: Fraction, places: int = 3) -> RdpBound:
        """CKS20, Cor 13, at a rational order next to the best one."""
        return tight_bound(self.rho, delta, places)


def rho_for_epsilon(epsilon: Fraction, delta: Fraction, places: int = 3) -> RhoBound:
    """The largest ρ for which Prop 1.3 gives ε at δ: (√(ε + L) - √L)², L = ln(1/δ)."""
    epsilon = positive("ε", epsilon)
    delta = probability("δ", delta, zero=False)

    def rho() -> arb:
        log = exact(1 / delta).log()
        return ((exact(epsilon) + log).sqrt() - log.sqrt()) ** 2

    return RhoBound(None, certify(rho, places))


def _largest_rho(alpha: Fraction, epsilon: Fraction, delta: Fraction) -> arb:
    """R(α) = (ε - ln(1 - 1/α) + (ln δ + ln α)/(α - 1))/α: the ρ up to which α proves ε."""
    log_ratio = exact((alpha - 1) / alpha).log()
    return (exact(epsilon) - log_ratio + exact(delta * alpha).log() / exact(alpha - 1)) / exact(alpha)


def tight_rho_for_epsilon(epsilon: Fraction, delta: Fraction, places: int = 3) -> RhoBound:
    """The ρ for which CKS20 Cor 13 gives ε at δ: R at the best order (see the module)."""
    epsilon = positive("ε", epsilon)
    delta = probability("δ", delta, zero=False)

    def falling(alpha: Fraction) -> arb:
        log = exact(1 / (alpha * delta)).log()
        value = exact(alpha) * log / exact((alpha - 1) ** 2) + log / exact(alpha - 1)
        return value + exact((alpha - 1) / alpha).log() - exact(epsilon)

    alpha = short_order(root(lambda a: -falling(a), Fraction(1), 1 / delta))
    return RhoBound(alpha, certify(lambda: _largest_rho(alpha, epsilon, delta), places))
