"""The aligned-bins PLD is dominated by one step of each pair, and its bins sit on the lattice.

Properties checked against the mpmath oracle (``tests/core/sampled_gaussian_oracle``):
- at every ε tried, δ of the one-step PLD is at most the pair's δ₁(ε);
- the bins' losses are their lattice values up to 2^-24 of a step: the PLD's e^{−l}-weighted mass
  Σ cᵢ e^{−gᵢ} is within 2^-20·h of the Q-mass the bins cover (at most 1), where rounding each
  bin's loss down to the lattice would leave it about h/2 above;
- it keeps all of P but the cut tails (P-mass at most ``tail`` each) and the unit roundings;
- the lattice starts half a step above the loss at the start of the line.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest

from generator.core.aligned_bins import aligned_bins
from generator.core.certified import enclosure, exact, precision
from generator.core.lattice_pld import Side
from generator.core.subsampled_gaussian import Direction, SubsampledGaussian
from tests.core.sampled_gaussian_oracle import BITS, CASES, EPSILONS, TAIL, Pair, pld_delta, weighted_mass


def mp(value: Fraction) -> mpmath.mpf:
    return mpmath.mpf(value.numerator) / value.denominator


@pytest.mark.parametrize(("q", "sigma"), CASES)
@pytest.mark.parametrize("direction", list(Direction))
@pytest.mark.parametrize("step", [Fraction(1, 100), Fraction(1, 300)])
def test_one_step_dominates_it(q: Fraction, sigma: Fraction, direction: Direction, step: Fraction) -> None:
    pld = aligned_bins(SubsampledGaussian(q, sigma).pair(direction), step, BITS, TAIL)
    assert pld.side is Side.LOWER
    assert pld.infinity == 0
    oracle = Pair(q, sigma, str(direction))
    delta = pld_delta(pld)
    lattice = [pld.origin + k * step for k in (0, 3, 10, 100)]
    with mpmath.workdps(40):
        for epsilon in EPSILONS + lattice:
            assert delta(mp(epsilon)) <= oracle.one_step(mp(epsilon)), epsilon


# lattice steps well below each pair's spread of one step's loss (0.6, 0.0025 and 0.5): a step
# comparable to the spread leaves a last bin of some mass, whose loss is rounded down by up to h
FINE = [(Fraction(1, 2), Fraction(1), Fraction(1, 500)), (Fraction(1, 100), Fraction(4), Fraction(1, 20_000))]
FINE.append((Fraction(1), Fraction(2), Fraction(1, 500)))


@pytest.mark.parametrize(("q", "sigma", "step"), FINE)
@pytest.mark.parametrize("direction", list(Direction))
def test_the_bins_sit_on_their_lattice_values(
    q: Fraction, sigma: Fraction, step: Fraction, direction: Direction
) -> None:
    pair = SubsampledGaussian(q, sigma).pair(direction)
    pld = aligned_bins(pair, step, BITS, TAIL)
    unit = Fraction(1, 1 << BITS)
    with mpmath.workdps(40):
        weighted = weighted_mass(pld)
        # Σ P(B)e^{−g} = Σ Q(B)e^{ℓ − g}: between the covered Q-mass (<= 1) and (1 + 2^-24·h) times it
        assert weighted <= 1 + mp(step) * mpmath.mpf(2) ** -20
        assert weighted >= 1 - mpmath.mpf(10) ** -6  # nothing but far tails (and a last bin) is lost
    total = Fraction(pld.total, 1 << BITS)
    assert 1 - 2 * TAIL - pld.masses.length() * unit <= total <= 1
    start = pair.loss_floor
    if start is None:
        with precision(128):
            start = pair.loss(exact(pair.beyond(False, TAIL)))
    offset = pld.origin - enclosure(start).lower
    assert Fraction(49, 100) * step < offset < Fraction(51, 100) * step


def test_bad_step_is_refused() -> None:
    pair = SubsampledGaussian(Fraction(1, 2), Fraction(1)).pair(Direction.ADD)
    with pytest.raises(ValueError, match="step must be positive"):
        aligned_bins(pair, Fraction(-1), BITS, TAIL)
