"""The basic and advanced composition theorems beside the exact optimum.

Properties (each a test below):
  A1  basic composition multiplies the steps' α and adds their δ; a step with no finite ε
      has no finite basic α.
  A2  the optimum is at most the basic and the advanced theorem wherever they apply
      (hypothesis). The advanced theorem's ε′ itself is held to 200-digit decimals in
      tests/core/test_logarithm.py.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.advanced_composition import advanced_epsilon, basic_composition
from generator.core.composition import pure_bound
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import OptimalComposition, Step


def test_basic_composition_of_pure_steps_multiplies_their_alphas() -> None:
    assert pure_bound([Fraction(3), Fraction(3)]) == 9
    assert pure_bound([Fraction(3), Fraction(1), Fraction(57, 10)]) == Fraction(171, 10)
    assert pure_bound([Fraction(3), None]) is None
    assert pure_bound([]) == 1
    with pytest.raises(ValueError, match="α must be"):
        pure_bound([Fraction(1, 2)])
    bound = basic_composition([Step(Fraction(3), Fraction(1, 10)), Step(Fraction(57, 10), Fraction(1, 100))])
    assert (bound.alpha, bound.delta) == (Fraction(171, 10), Fraction(11, 100))


def _not_above(a: str, b: str) -> bool:
    return Decimal(a) <= Decimal(b)


@settings(max_examples=80, deadline=None)
@given(
    st.fractions(min_value=Fraction(101, 100), max_value=3, max_denominator=100),
    st.sampled_from([Fraction(0), Fraction(1, 10**7), Fraction(1, 10**4)]),
    st.integers(min_value=1, max_value=60),
    st.sampled_from([Fraction(1, 10**5), Fraction(1, 100), Fraction(1, 3)]),
)
def test_the_optimum_is_within_both_theorems(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    optimal = OptimalComposition(alpha0, delta0, k)
    alpha = optimal.smallest_alpha(delta)
    basic = basic_composition(optimal.steps)
    if basic.delta <= delta:
        assert alpha is not None
        assert alpha <= basic.alpha
    if delta - basic.delta > 0:
        assert alpha is not None
        assert _not_above(ln_decimal(alpha), advanced_epsilon(optimal.steps, delta - basic.delta))
