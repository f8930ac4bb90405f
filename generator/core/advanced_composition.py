"""The two composition theorems that bound k steps from their (εᵢ, δᵢ) alone.

Basic composition adds the parameters: steps that are (εᵢ, δᵢ)-DP compose to
(Σ εᵢ, Σ δᵢ)-DP, so in α = e^ε the composed α is the product Π αᵢ, an exact rational.

Advanced composition (Dwork, Rothblum and Vadhan 2010; the heterogeneous form of Kairouz,
Oh and Viswanath 2015, Thm 3.5) trades a little δ for a √k growth of ε. The privacy loss of
step i has mean at most εᵢ(e^{εᵢ} - 1) and lies in [-εᵢ, εᵢ], so by Azuma's inequality the
sum of the losses exceeds its mean by more than √(2 ln(1/δ′) Σ εᵢ²) with probability at
most δ′. Hence for any δ′ in (0, 1) the steps compose to

    ε′ = √(2 ln(1/δ′) Σ εᵢ²) + Σ εᵢ (e^{εᵢ} - 1),   δ = Σ δᵢ + δ′,

which for k equal steps is ε₀√(2k ln(1/δ′)) + k ε₀ (e^{ε₀} - 1). ε′ is irrational, so it is
given as a decimal, computed by the interval arithmetic of :mod:`generator.core.logarithm`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from generator.core.composition import pure_bound
from generator.core.logarithm import Interval, decimal_text, ln_interval
from generator.core.optimal_composition import Step


@dataclass(frozen=True)
class BasicBound:
    """Basic composition: (ln α, δ) with α = Π αᵢ and δ = Σ δᵢ."""

    alpha: Fraction
    delta: Fraction


def basic_composition(steps: Sequence[Step]) -> BasicBound:
    """Π αᵢ and Σ δᵢ, exactly."""
    alpha = pure_bound([step.alpha for step in steps])
    assert alpha is not None  # every step has a finite α
    return BasicBound(alpha, sum((step.delta for step in steps), Fraction(0)))


def advanced_interval(steps: Sequence[Step], delta_prime: Fraction, bits: int) -> Interval:
    """An interval of units 2^-bits that holds the advanced theorem's ε′ (equal αᵢ share one ln)."""
    if not 0 < delta_prime < 1:
        raise ValueError(f"δ′ must lie in (0, 1), got {delta_prime}")
    zero = Interval(0, 0, bits)
    squares, drift = zero, zero
    for alpha, count in Counter(step.alpha for step in steps).items():
        log = ln_interval(alpha, bits)
        squares = squares + (log * log).scaled(Fraction(count))
        drift = drift + log.scaled(count * (alpha - 1))
    return (ln_interval(1 / delta_prime, bits) * squares).scaled(Fraction(2)).sqrt() + drift


def advanced_epsilon(steps: Sequence[Step], delta_prime: Fraction, places: int = 3) -> str:
    """ε′ of the advanced theorem at δ′, correctly rounded to ``places`` decimals."""
    return decimal_text(lambda bits: advanced_interval(steps, delta_prime, bits), places)
