"""The optimal composition of k (ε₀, δ₀)-DP steps: the exact privacy profile of the worst case.

Kairouz, Oh and Viswanath (2015, "The composition theorem for differential privacy",
Thm 3.3 and its proof) show that for one neighbouring pair every (ε₀, δ₀)-DP mechanism is
a post-processing of one four-output mechanism M̃. With α₀ = e^{ε₀} and p = α₀/(1 + α₀),
so that p/(1 - p) = α₀, M̃ is

    output       "x is 0"   "says 0"        "says 1"        "x is 1"
    P (x = 0)    δ₀         (1 - δ₀)·p      (1 - δ₀)(1 - p)  0
    Q (x = 1)    0          (1 - δ₀)(1 - p)  (1 - δ₀)·p      δ₀

a coin of bias δ₀ that either reveals x or hands over a randomized response. The k-fold
composition of (ε₀, δ₀)-DP steps, adaptive or not, is then a post-processing of the k-fold
product of M̃, and that product is itself such a composition, so its profile is the
optimal one: no composition needs more δ at any α, and this one needs exactly that much.

The product's profile, for α >= 1. Under x = 0 an output in which some step revealed holds
an "x is 0", which Q never gives, so all of it is excess: mass 1 - (1 - δ₀)^k. The other
outputs are k fresh randomized responses scaled by (1 - δ₀)^k in both worlds, so their
excess is (1 - δ₀)^k · δ*_RR,k(α), where δ*_RR,k is the profile of k fresh responses
(their count suffices, :mod:`generator.core.transcripts`). The direction x = 1 mirrors it:

    δ_opt(α) = 1 - (1 - δ₀)^k + (1 - δ₀)^k · δ*_RR,k(α) = 1 - (1 - δ₀)^k (1 - δ*_RR,k(α)).

With α₀ and δ₀ rational every value is an exact Fraction: two (ln 3, 0.6) steps at α = 9
give δ*_RR,2(9) = 0 and δ_opt = 1 - 0.4² = 0.84, against the basic theorem's min(1, 1.2) = 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel
from generator.core.profile import Profile, check_alpha


@dataclass(frozen=True)
class OptimalComposition:
    """k steps, each (ln α₀, δ₀)-DP: the exact optimal δ at every α (:meth:`delta`)."""

    alpha0: Fraction
    delta0: Fraction
    k: int

    def __post_init__(self) -> None:
        check_alpha(self.alpha0)
        if not isinstance(self.delta0, Fraction) or not 0 <= self.delta0 <= 1:
            raise ValueError(f"δ₀ must be an exact rational in [0, 1], got {self.delta0!r}")
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise ValueError(f"k must be an integer of at least 1, got {self.k!r}")

    @property
    def truth_probability(self) -> Fraction:
        """p = α₀/(1 + α₀): the randomized response whose likelihood ratio is α₀."""
        return self.alpha0 / (1 + self.alpha0)

    @property
    def no_reveal(self) -> Fraction:
        """(1 - δ₀)^k: the chance that no step of M̃'s product reveals x."""
        return (1 - self.delta0) ** self.k

    @cached_property
    def randomized_response(self) -> Profile[FiniteChannel]:
        """The profile of k fresh randomized responses at p = α₀/(1 + α₀), by their count."""
        return Profile(fresh_counts(self.truth_probability, self.k))

    def delta(self, alpha: Fraction) -> Fraction:
        """δ_opt(α) = 1 - (1 - δ₀)^k (1 - δ*_RR,k(α)), exactly."""
        return 1 - self.no_reveal * (1 - self.randomized_response.delta(alpha))


def optimal_delta(alpha0: Fraction, delta0: Fraction, k: int, alpha: Fraction) -> Fraction:
    """The optimal composition's δ at α for k (ln α₀, δ₀)-DP steps (one-off form)."""
    return OptimalComposition(alpha0, delta0, k).delta(alpha)
