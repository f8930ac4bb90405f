"""The connect-the-dots PLD dominates one step of each pair, and only by O(h²).

Properties checked against the mpmath oracle (``tests/core/sampled_gaussian_oracle``):
- at every ε tried, δ of the one-step PLD is at least the pair's δ₁(ε), and at the grid's own
  values it is δ₁ itself, up to the rounding of the masses (between them it is the chord of δ₁
  as a function of e^ε, which is where the second-order loss comes from; rounding every loss up
  instead, as plain pessimistic rounding does, is off by O(h) at every ε);
- it keeps all of P (rounded up) and, being a post-processing's source, no more than Q's mass
  in e^{−l}-weighted form, Σ cᵢ e^{−gᵢ} <= 1;
- the grid is {i·h} and both unbounded and bounded losses (q = 1, q < 1) are handled.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest

from generator.core.connect_dots import connect_the_dots
from generator.core.lattice_pld import Side
from generator.core.subsampled_gaussian import Direction, SubsampledGaussian
from tests.core.sampled_gaussian_oracle import (
    BITS,
    CASES,
    EPSILONS,
    TAIL,
    Pair,
    pld_delta,
    to_mpf,
    weighted_mass,
)


@pytest.mark.parametrize(("q", "sigma"), CASES)
@pytest.mark.parametrize("direction", list(Direction))
@pytest.mark.parametrize("step", [Fraction(1, 100), Fraction(1, 300)])
def test_one_step_is_dominated_and_exact_on_the_grid(
    q: Fraction, sigma: Fraction, direction: Direction, step: Fraction
) -> None:
    pld = connect_the_dots(SubsampledGaussian(q, sigma).pair(direction), step, BITS, TAIL)
    assert pld.side is Side.UPPER
    assert (pld.origin / step).denominator == 1
    oracle = Pair(q, sigma, str(direction))
    delta = pld_delta(pld)
    grid = [k * step for k in (-7, -1, 0, 1, 3, 40, 300)]
    with mpmath.workdps(40):
        for epsilon in EPSILONS + grid:
            value = mpmath.mpf(epsilon.numerator) / epsilon.denominator
            truth = oracle.one_step(value)
            found = delta(value)
            assert truth <= found, epsilon
            if epsilon in grid:
                assert found - truth <= mpmath.mpf(10) ** -15, epsilon


@pytest.mark.parametrize(("q", "sigma"), CASES)
@pytest.mark.parametrize("direction", list(Direction))
def test_it_keeps_p_and_no_more_than_q(q: Fraction, sigma: Fraction, direction: Direction) -> None:
    pld = connect_the_dots(SubsampledGaussian(q, sigma).pair(direction), Fraction(1, 500), BITS, TAIL)
    unit = 1 << BITS
    total = pld.total + pld.infinity
    assert unit <= total <= unit + 2 * pld.masses.length() + 2
    # the split keeps Q's mass (1 at most); each mass rounded up adds at most one unit·e^{−l}
    slack = Fraction(pld.masses.length(), 1 << BITS) * 3 ** (-pld.origin.__floor__())
    with mpmath.workdps(40):
        assert weighted_mass(pld) <= 1 + to_mpf(slack) + mpmath.mpf(10) ** -30


def test_bad_step_is_refused() -> None:
    pair = SubsampledGaussian(Fraction(1, 2), Fraction(1)).pair(Direction.REMOVE)
    with pytest.raises(ValueError, match="step must be positive"):
        connect_the_dots(pair, Fraction(0), BITS, TAIL)
