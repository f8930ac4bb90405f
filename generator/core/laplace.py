"""The Laplace mechanism: its pure ε, its whole privacy profile, and its noise's spread.

A scalar query f of L1 sensitivity Δ is released as f(x) + Z with Z ~ Lap(b), of density
e^{-|z|/b}/(2b). Between neighbours the two output laws are P = Lap(0, b) and Q = Lap(Δ, b)
(up to a shift and a reflection, which change no divergence), so everything below is
about that one pair (a pair of answers closer than Δ has the same profile with a smaller ε₀,
lower everywhere, so the pair at distance Δ is the worst; for a vector query the loss is a
sum over coordinates and its profile is another one). Their privacy loss at an output x is

    L(x) = ln p(x)/q(x) = (|x - Δ| - |x|)/b  =  ε₀ for x <= 0,  (Δ - 2x)/b on [0, Δ],  -ε₀ for x >= Δ,

with ε₀ = Δ/b. It never exceeds ε₀, so the mechanism is (ε₀, 0)-DP (Dwork & Roth 2014,
Thm 3.6), and no smaller pure ε holds: L = ε₀ on the half-line x <= 0, of probability 1/2.

**The profile.** The least δ with which it is (ε′, δ)-DP is the hockey-stick divergence
δ(ε′) = ∫ (p - e^{ε′} q)₊ = P(L > ε′) - e^{ε′} Q(L > ε′) (the same in the other direction,
by the reflection x -> Δ - x that swaps P and Q). For 0 <= ε′ < ε₀ the event {L > ε′} is
{x < x₀} with (Δ - 2x₀)/b = ε′, so x₀/b = (ε₀ - ε′)/2 lies in (0, ε₀/2], and

    P(X < x₀) = 1 - e^{-x₀/b}/2,   Q(X < x₀) = e^{(x₀ - Δ)/b}/2,
    δ(ε′) = 1 - e^{-(ε₀-ε′)/2}/2 - e^{ε′}·e^{(ε₀-ε′)/2 - ε₀}/2 = 1 - e^{(ε′ - ε₀)/2},

while for ε′ >= ε₀ the event is empty and δ(ε′) = 0. The curve starts at
δ(0) = 1 - e^{-ε₀/2} (the total variation distance of P and Q) and falls to 0 at ε₀.
dp_accounting computes the same divergence (``pld.privacy_loss_mechanism.LaplacePrivacyLoss
.get_delta_for_epsilon``: mu_upper_cdf(x) - e^ε mu_lower_cdf(x) at x = L⁻¹(ε)).

**The inverse.** Solving δ = 1 - e^{(ε′ - ε₀)/2} gives ε′(δ) = ε₀ + 2 ln(1 - δ), the least
ε′ at which the mechanism is (ε′, δ)-DP, for δ < δ(0); for δ >= δ(0) it is 0, and for δ = 0
it is ε₀ itself. 1 - δ is rational and e^{-ε₀/2} is irrational (Lindemann: e^q is irrational
for rational q ≠ 0), so δ = δ(0) never happens and the branch is decided by a proven sign.

The noise's standard deviation is √(2)·b: Var Z = 2b².
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import Certified, certified_exact, certify, exact, sign
from generator.core.parameters import nonnegative, positive, probability


@dataclass(frozen=True)
class LaplaceMechanism:
    """Lap(b) noise on a query of L1 sensitivity Δ (both exact and positive)."""

    l1_sensitivity: Fraction
    scale: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "l1_sensitivity", positive("the L1 sensitivity Δ", self.l1_sensitivity))
        object.__setattr__(self, "scale", positive("the scale b", self.scale))

    @classmethod
    def from_epsilon(cls, l1_sensitivity: Fraction | int, epsilon: Fraction | int) -> LaplaceMechanism:
        """The mechanism calibrated to pure ε: b = Δ/ε."""
        sensitivity = positive("the L1 sensitivity Δ", l1_sensitivity)
        return cls(sensitivity, sensitivity / positive("ε", epsilon))

    @property
    def epsilon(self) -> Fraction:
        """The pure ε₀ = Δ/b, exact: the least ε with (ε, 0)-DP."""
        return self.l1_sensitivity / self.scale

    def standard_deviation(self, places: int = 3) -> Certified:
        """√2·b, certified to ``places`` decimals."""
        return certify(lambda: exact(self.scale) * arb(2).sqrt(), places)

    def delta_ball(self, epsilon: Fraction) -> arb:
        """δ(ε′) at the working precision: -expm1((ε′ - ε₀)/2) below ε₀, exactly 0 from ε₀ on
        (expm1 keeps the relative accuracy when ε′ is close to ε₀)."""
        epsilon = nonnegative("ε′", epsilon)
        if epsilon >= self.epsilon:
            return arb(0)
        return -exact((epsilon - self.epsilon) / 2).expm1()

    def delta(self, epsilon: Fraction, places: int = 3) -> Certified:
        """The exact δ(ε′) of the profile, certified to ``places`` decimals (exactly 0 from ε₀ on)."""
        if nonnegative("ε′", epsilon) >= self.epsilon:
            return certified_exact(0, places)
        return certify(lambda: self.delta_ball(epsilon), places)

    def epsilon_for_delta(self, delta: Fraction, places: int = 3) -> Certified:
        """The least ε′ with (ε′, δ)-DP: ε₀ + 2 ln(1 - δ), or 0 when δ >= δ(0) = 1 - e^{-ε₀/2}."""
        delta = probability("δ", delta, zero=True)
        if delta == 0:
            return certified_exact(self.epsilon, places)
        if sign(lambda: exact(delta) - self.delta_ball(Fraction(0))) > 0:
            return certified_exact(0, places)
        return certify(lambda: exact(self.epsilon) + 2 * exact(-delta).log1p(), places)
