"""The least noise multiplier for an ε goal, on the 0.01 grid, certified.

Properties checked:
- σ* meets the goal (its bracket's upper end is at most it) and σ* − 0.01 does not (its upper
  end exceeds it), and σ* is a multiple of 0.01;
- at q = 1 (the Gaussian, exact ε in closed form) σ* is the true least grid value, or the next
  one when the true ε there is within a bracket's width of the goal;
- a goal every σ meets answers the grid's first value, and a bad goal is refused.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest

from generator.core.input_limits import MIN_SIGMA
from generator.core.noise_calibration import SIGMA_GRID, smallest_sigma
from tests.core.sampled_gaussian_oracle import to_mpf

DELTA = Fraction(1, 10**5)


def gaussian_delta(sigma: Fraction, steps: int, epsilon: Fraction) -> mpmath.mpf:
    """δ(ε) of T Gaussian steps: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), μ = √T/σ (Balle and Wang 2018)."""
    with mpmath.workdps(30):
        mu = mpmath.sqrt(steps) / to_mpf(sigma)
        e = to_mpf(epsilon)
        return mpmath.ncdf(-e / mu + mu / 2) - mpmath.exp(e) * mpmath.ncdf(-e / mu - mu / 2)


def test_the_gaussians_least_sigma() -> None:
    goal, steps = Fraction(2), 4
    found = smallest_sigma(Fraction(1), steps, DELTA, goal)
    assert (found.sigma / SIGMA_GRID).denominator == 1
    assert found.bracket.epsilon.upper <= goal
    assert found.below is not None
    assert found.below.epsilon.upper > goal
    assert found.below.mechanism.sigma == found.sigma - SIGMA_GRID
    # the truth: (goal, δ) holds at σ exactly when δ(goal) <= δ
    truth = next(
        s
        for s in (MIN_SIGMA + k * SIGMA_GRID for k in range(2000))
        if gaussian_delta(s, steps, goal) <= to_mpf(DELTA)
    )
    assert found.sigma in (truth, truth + SIGMA_GRID)
    assert found.proven_least == (found.below.epsilon.lower > goal)


def test_a_subsampled_case() -> None:
    goal = Fraction(3, 2)
    found = smallest_sigma(Fraction(1, 2), 3, Fraction(1, 1000), goal)
    assert found.bracket.epsilon.upper <= goal
    assert found.below is not None
    assert found.below.epsilon.upper > goal
    assert found.bracket.epsilon.width <= Fraction(1, 10**4)


def test_a_goal_every_sigma_meets() -> None:
    found = smallest_sigma(Fraction(1, 100), 1, Fraction(1, 10), Fraction(50))
    assert found.sigma == MIN_SIGMA
    assert found.below is None
    assert found.proven_least


def test_a_bad_goal_is_refused() -> None:
    with pytest.raises(ValueError, match="goal must be positive"):
        smallest_sigma(Fraction(1, 2), 3, DELTA, Fraction(0))
