"""Lattice PLDs: exact integer composition rounded toward a side, tails cut, inversion at δ.

Properties checked, against exact Fraction convolution and an mpmath hockey stick
(``tests/core/sampled_gaussian_oracle.pld_delta``):
- a product's upper masses are at least the exact ones and less than one unit above; lower ones
  at most and less than one unit below; the mass at +∞ composes as a +∞ step with anything;
- cuts move at most ``slack`` units per end: up to +∞ / onto the lowest kept loss (upper side,
  the total kept) or away (lower side);
- the upper side's ε meets δ at it (δ(ε_U) <= δ), the lower side's does not below it
  (δ(ε_L) >= δ), and on the same masses the two differ by almost nothing;
- a two-point PLD's ε is the hand formula ε = l₁ + ln(1 − δ/p₁).
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from flint import arb
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.certified import precision
from generator.core.lattice_pld import LatticePLD, Side, index_above, index_below, units_down, units_up
from tests.core.sampled_gaussian_oracle import pld_delta

BITS = 24
STEP = Fraction(1, 8)


def mp(value: Fraction) -> mpmath.mpf:
    return mpmath.mpf(value.numerator) / value.denominator


def laws(pld: LatticePLD) -> dict[Fraction, int]:
    """Loss -> units, the zero masses left out."""
    coefficients = [int(c) for c in pld.masses.coeffs()]
    return {pld.origin + i * pld.step: c for i, c in enumerate(coefficients) if c}


def hockey_stick(pld: LatticePLD, epsilon: mpmath.mpf) -> mpmath.mpf:
    return pld_delta(pld)(epsilon)


def exact_delta(law: dict[Fraction, Fraction], epsilon: mpmath.mpf) -> mpmath.mpf:
    """δ(ε) of exact masses (probabilities) at exact losses."""
    return sum(
        (mp(m) * (1 - mpmath.exp(epsilon - mp(loss))) for loss, m in law.items() if mp(loss) > epsilon),
        mpmath.mpf(0),
    )


masses = st.lists(st.integers(min_value=0, max_value=1 << BITS), min_size=1, max_size=12)
origins = st.integers(min_value=-20, max_value=10).map(lambda i: i * STEP)


def exact_product(a: LatticePLD, b: LatticePLD) -> dict[Fraction, Fraction]:
    found: dict[Fraction, Fraction] = {}
    unit = Fraction(1, 1 << a.bits)
    for la, ma in laws(a).items():
        for lb, mb in laws(b).items():
            found[la + lb] = found.get(la + lb, Fraction(0)) + ma * mb * unit * unit
    return found


@settings(max_examples=60)
@given(masses, masses, origins, origins)
def test_a_product_rounds_each_mass_toward_its_side(
    a: list[int], b: list[int], oa: Fraction, ob: Fraction
) -> None:
    unit = Fraction(1, 1 << BITS)
    for side in Side:
        first = LatticePLD.from_masses(side, oa, STEP, BITS, a)
        second = LatticePLD.from_masses(side, ob, STEP, BITS, b)
        exact = exact_product(first, second)
        found = {loss: c * unit for loss, c in laws(first.compose(second)).items()}
        for loss in set(exact) | set(found):
            gap = found.get(loss, Fraction(0)) - exact.get(loss, Fraction(0))
            assert (0 <= gap < unit) if side is Side.UPPER else (-unit < gap <= 0)


def test_the_mass_at_infinity_composes() -> None:
    unit = 1 << BITS
    first = LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, [unit // 2], unit // 4)
    second = LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, [unit // 4, unit // 4], unit // 2)
    product = first.compose(second)
    # (1/4)(1/2 + 1/2) + (1/2)(1/2) = 1/2 at +∞; the finite part is (1/2)(1/4, 1/4)
    assert product.infinity == unit // 2
    assert laws(product) == {Fraction(0): unit // 8, STEP: unit // 8}
    with pytest.raises(ValueError, match="0 on the lower side"):
        LatticePLD.from_masses(Side.LOWER, Fraction(0), STEP, BITS, [1], 1)


def test_cuts_move_at_most_the_slack() -> None:
    one = LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, [1 << BITS])
    spread = [1, 1, 1, 1000, 1, 1, 1]
    upper = LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, spread).compose(one, slack=2)
    # the top two units go to +∞, the bottom two onto the third coefficient
    assert upper.infinity == 2
    assert laws(upper) == {2 * STEP: 3, 3 * STEP: 1000, 4 * STEP: 1}
    lower = LatticePLD.from_masses(Side.LOWER, Fraction(0), STEP, BITS, spread).compose(
        LatticePLD.from_masses(Side.LOWER, Fraction(0), STEP, BITS, [1 << BITS]), slack=2
    )
    assert lower.infinity == 0
    assert laws(lower) == {2 * STEP: 1, 3 * STEP: 1000, 4 * STEP: 1}


@settings(max_examples=30)
@given(masses, origins, st.integers(min_value=2, max_value=5))
def test_a_power_brackets_the_exact_composition(law: list[int], origin: Fraction, steps: int) -> None:
    upper = LatticePLD.from_masses(Side.UPPER, origin, STEP, BITS, law).power(steps)
    lower = LatticePLD.from_masses(Side.LOWER, origin, STEP, BITS, law).power(steps)
    unit = Fraction(1, 1 << BITS)
    exact = {origin + i * STEP: m * unit for i, m in enumerate(law) if m}
    composed = dict(exact)
    for _ in range(steps - 1):
        following: dict[Fraction, Fraction] = {}
        for la, ma in composed.items():
            for lb, mb in exact.items():
                following[la + lb] = following.get(la + lb, Fraction(0)) + ma * mb
        composed = following
    with mpmath.workdps(50):
        for epsilon in (mpmath.mpf(-1), mpmath.mpf(0), mpmath.mpf(1) / 3, mpmath.mpf(2)):
            truth = exact_delta(composed, epsilon)
            # The three sums round at 50 digits; where the bracket is tight (a side equals the
            # truth) they may differ in the last digits, far below the bracket's own width.
            slack = mpmath.mpf(10) ** -40 * abs(truth)
            assert hockey_stick(lower, epsilon) - slack <= truth <= hockey_stick(upper, epsilon) + slack


def normalised(law: list[int]) -> list[int]:
    """Integer masses scaled to sum to about one (2^BITS units), so that δ < 1 is meaningful."""
    total = sum(law) or 1
    return [m * (1 << BITS) // total for m in law]


@settings(max_examples=80)
@given(masses, origins, st.fractions(min_value=Fraction(1, 10**6), max_value=Fraction(1, 2)))
def test_the_inverted_ε_meets_δ_from_its_side(law: list[int], origin: Fraction, delta: Fraction) -> None:
    units = normalised(law)
    upper = LatticePLD.from_masses(Side.UPPER, origin, STEP, BITS, units)
    lower = LatticePLD.from_masses(Side.LOWER, origin, STEP, BITS, units)
    high, low = upper.epsilon(delta), lower.epsilon(delta)
    assert high is not None
    assert low is not None
    assert low <= high <= low + Fraction(1, 10**12)
    with mpmath.workdps(50):
        assert hockey_stick(upper, mp(high)) <= mp(delta)
        if low > 0:
            assert hockey_stick(upper, mp(low)) >= mp(delta) * (1 - mpmath.mpf(10) ** -40)
        else:
            assert hockey_stick(upper, mpmath.mpf(0)) <= mp(delta) * (1 + mpmath.mpf(10) ** -9)


def test_a_two_point_pld_by_hand() -> None:
    # P-mass 1/2 at loss 1 and 1/2 at loss −1 (step 1): on [−1, 1], δ(ε) = (1/2)(1 − e^{ε − 1}),
    # so δ = 1/10 is met at ε = 1 + ln(4/5) = 0.776856…
    half = 1 << (BITS - 1)
    for side in Side:
        pld = LatticePLD.from_masses(side, Fraction(-1), Fraction(2), BITS, [half, half])
        found = pld.epsilon(Fraction(1, 10))
        assert found is not None
        with mpmath.workdps(50):  # its own precision, not whatever an earlier test left
            error = mp(found) - (1 + mpmath.log(mpmath.mpf(4) / 5))
            # Each side's bound is proven (never on the wrong side of the truth) and, found in
            # _EXTRA_BITS-bit fixed point, close to it.
            assert (error >= 0) if side is Side.UPPER else (error <= 0), (side, error)
            assert abs(error) < mpmath.mpf(10) ** -15, (side, error)
    # a δ the mass at +∞ alone exceeds has no finite ε
    assert (
        LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, [half], half).epsilon(Fraction(1, 4))
        is None
    )


def test_unit_and_lattice_roundings() -> None:
    with precision(64):
        third = arb(1) / 3
        assert units_up(third, 4) == 6
        assert units_down(third, 4) == 5
        assert units_down(-third, 4) == 0
        assert index_below(third, Fraction(0), Fraction(1, 10)) == 3
        assert index_above(third, Fraction(0), Fraction(1, 10)) == 4
        assert index_below(arb(1), Fraction(0), Fraction(1, 2)) == 2  # an exact grid value is below
        assert index_above(arb(1), Fraction(0), Fraction(1, 2)) == 3


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="masses must be >= 0"):
        LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, [1, -1])
    with pytest.raises(ValueError, match="step must be positive"):
        LatticePLD.from_masses(Side.UPPER, Fraction(0), Fraction(0), BITS, [1])
    pld = LatticePLD.from_masses(Side.UPPER, Fraction(0), STEP, BITS, [1])
    with pytest.raises(ValueError, match="one side, step and unit"):
        pld.compose(LatticePLD.from_masses(Side.LOWER, Fraction(0), STEP, BITS, [1]))
    with pytest.raises(ValueError, match="at least one step"):
        pld.power(0)
    with pytest.raises(ValueError, match="delta"):
        pld.epsilon(Fraction(0))
