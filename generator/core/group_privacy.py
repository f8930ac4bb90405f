"""Group privacy: what a guarantee for one person says about a group of g who change together.

If neighbouring datasets differing in one person satisfy (ε, δ), datasets D₀ and D_g that
differ in g people are joined by a chain D₀, D₁, …, D_g of neighbours. For pure DP the
factors multiply: P(S) <= e^ε P₁(S) <= … <= e^{gε} Q(S), so the group gets (gε, 0), in
α = e^ε the α^g of :func:`pure_chain`. With δ each link adds its δ scaled by what comes after:

    P(S) <= e^ε P₁(S) + δ <= e^{2ε} P₂(S) + e^ε δ + δ <= … <= e^{gε} Q(S) + δ Σ_{i<g} e^{iε},

and bounding each e^{iε} by e^{(g-1)ε} gives the textbook (gε, g e^{(g-1)ε} δ) of
:func:`approximate_chain` (the sum itself is the tighter :func:`geometric_chain`).

When each of the g people gives one randomized response at p, the group change flips all g
answers, and the other people's answers have the same law in both worlds, so they cancel:
the group's channel is g fresh responses (:func:`generator.core.channels.fresh_counts`), whose
exact pure ε is g·ln(p/(1 - p)) and whose exact profile the chain bounds can be held against.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.core.profile import check_alpha


@dataclass(frozen=True)
class GroupBound:
    """The group's guarantee (ln alpha, delta) derived from one person's."""

    alpha: Fraction
    delta: Fraction


def _check(alpha: Fraction, delta: Fraction, group: int) -> None:
    check_alpha(alpha)
    if not isinstance(delta, Fraction) or not 0 <= delta <= 1:
        raise ValueError(f"δ must be an exact rational in [0, 1], got {delta!r}")
    if isinstance(group, bool) or not isinstance(group, int) or group < 1:
        raise ValueError(f"the group size must be an integer of at least 1, got {group!r}")


def pure_chain(alpha: Fraction, group: int) -> Fraction:
    """(ε, 0) for one person gives (gε, 0) for g: α^g."""
    _check(alpha, Fraction(0), group)
    return alpha**group


def approximate_chain(alpha: Fraction, delta: Fraction, group: int) -> GroupBound:
    """(ε, δ) for one person gives (gε, g e^{(g-1)ε} δ) for g, capped at δ = 1."""
    _check(alpha, delta, group)
    return GroupBound(alpha**group, min(Fraction(1), group * alpha ** (group - 1) * delta))


def geometric_chain(alpha: Fraction, delta: Fraction, group: int) -> GroupBound:
    """The chain's own sum: (gε, δ Σ_{i<g} e^{iε}), capped at δ = 1; at most the textbook bound."""
    _check(alpha, delta, group)
    return GroupBound(alpha**group, min(Fraction(1), delta * sum(alpha**i for i in range(group))))
