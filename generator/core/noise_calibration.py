"""The smallest noise multiplier for an ε goal: Opacus's ``make_private_with_epsilon``, certified.

Opacus (``opacus.accountants.utils.get_noise_multiplier``) bisects σ until its accountant's ε at
δ is within a tolerance of the goal (``epsilon_tolerance`` 0.01), with floats. Here σ runs over
the grid of multiples of :data:`SIGMA_GRID` (0.01) from :data:`MIN_SIGMA` on, and the question is
answered with proof: σ* is a grid value whose certified upper end of ε*
(:func:`generator.core.certified_pld.epsilon_bracket` at the given width) is at most the goal, so
T steps at σ* are proven (goal, δ)-DP, while at σ* − 0.01 that upper end exceeds the goal.

The true ε* falls as σ grows (more noise is a post-processing of less: add independent
N(0, σ₂² − σ₁²) to the output), so bisection applies. Each certified upper end lies within the
width of ε*, so a grid value below σ* may still meet the goal with a finer bracket; when the
lower end at σ* − 0.01 exceeds the goal, σ* is proven the least grid value that does
(:attr:`NoiseCalibration.proven_least`).

The two brackets reported, at σ* and σ* − 0.01, are then narrowed to the asked width (the
overlap of the deciding bracket and a fine one, both proven). Each grid value is first tried
with a coarse bracket (goal/64 wide, on a lattice some 8 times
coarser), which decides it unless ε* is that close to the goal. The search starts from the RDP
accountant (:mod:`generator.core.subsampled_rdp`, improved
conversion), whose ε is an upper bound as well and costs milliseconds: the least grid σ that it
accepts is accepted by the bracket too unless ε* is within a width of the goal, and the bisection
runs below it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from generator.core.certified import Enclosure
from generator.core.certified_pld import DEFAULT_WIDTH, EpsilonBracket, epsilon_bracket
from generator.core.input_limits import MIN_SIGMA
from generator.core.subsampled_gaussian import SubsampledGaussian
from generator.core.subsampled_rdp import rdp_epsilon

SIGMA_GRID = Fraction(1, 100)


@dataclass(frozen=True)
class NoiseCalibration:
    """σ* meets the goal (its bracket's upper end is at most it); ``below`` is the bracket at
    σ* − grid, whose upper end exceeds it (None when σ* is :data:`MIN_SIGMA`)."""

    epsilon_goal: Fraction
    sigma: Fraction
    bracket: EpsilonBracket
    below: EpsilonBracket | None

    @property
    def proven_least(self) -> bool:
        """Is σ* proven the least grid value that meets the goal (the lower end below it exceeds it)?"""
        return self.below is None or self.below.epsilon.lower > self.epsilon_goal


def _least(accepts: Callable[[int], bool], start: int) -> int:
    """The least grid index >= 1 accepted, by doubling up from ``start`` and bisecting (``accepts``
    is monotone, or treated as such: the answer is accepted and the one below it is not)."""
    high = start
    while not accepts(high):
        high *= 2
    low = high // 2
    while low >= 1 and accepts(low):
        high, low = low, low // 2
    # accepts(high) holds; accepts(low) fails or low = 0
    while high - low > 1:
        middle = (low + high) // 2
        if accepts(middle):
            high = middle
        else:
            low = middle
    return high


def smallest_sigma(
    q: Fraction,
    steps: int,
    delta: Fraction,
    epsilon_goal: Fraction,
    width: Fraction = DEFAULT_WIDTH,
) -> NoiseCalibration:
    """The least σ on the grid (from :data:`MIN_SIGMA`) whose certified ε at δ is at most the goal."""
    goal = Fraction(epsilon_goal)
    if goal <= 0:
        raise ValueError(f"the ε goal must be positive, got {goal}")
    first = MIN_SIGMA / SIGMA_GRID  # the grid index of MIN_SIGMA
    assert first.denominator == 1
    offset = int(first) - 1

    def sigma(index: int) -> Fraction:
        return (offset + index) * SIGMA_GRID

    def by_rdp(index: int) -> bool:
        return rdp_epsilon(SubsampledGaussian(q, sigma(index)), steps, delta).epsilon.upper <= goal

    brackets: dict[int, EpsilonBracket] = {}

    def bracket(index: int) -> EpsilonBracket:
        """The bracket at σ(index) that decides it against the goal: a coarse one (goal/64 wide,
        cheap) when that decides, else one at the asked width."""
        if index not in brackets:
            mechanism = SubsampledGaussian(q, sigma(index))
            found = epsilon_bracket(mechanism, steps, delta, max(width, goal / 64), goal)
            if not (found.epsilon.upper <= goal or found.epsilon.lower > goal):
                found = epsilon_bracket(mechanism, steps, delta, width, goal)
            brackets[index] = found
        return brackets[index]

    index = _least(lambda i: bracket(i).epsilon.upper <= goal, _least(by_rdp, 1))

    def shown(index: int) -> EpsilonBracket:
        """The deciding bracket narrowed to the asked width: both are proven, so is their overlap."""
        decided = bracket(index)
        fine = epsilon_bracket(decided.mechanism, steps, delta, width)
        both = Enclosure(
            max(decided.epsilon.lower, fine.epsilon.lower), min(decided.epsilon.upper, fine.epsilon.upper)
        )
        return replace(fine, epsilon=both)

    below = shown(index - 1) if index > 1 else None
    return NoiseCalibration(goal, sigma(index), shown(index), below)
