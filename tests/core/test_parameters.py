"""The door of the noise modules: exact rationals in, floats and bools out."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core.parameters import count, nonnegative, order, positive, probability


def test_exact_values_pass_as_fractions() -> None:
    assert positive("Δ", 3) == Fraction(3)
    assert isinstance(positive("Δ", 3), Fraction)
    assert nonnegative("ε", 0) == 0
    assert probability("δ", Fraction(1, 10), zero=False) == Fraction(1, 10)
    assert probability("δ", 0, zero=True) == 0
    assert order("α", Fraction(3, 2)) == Fraction(3, 2)
    assert count("k", 7) == 7


@pytest.mark.parametrize("value", [0.5, True, "1", None, Fraction(-1), 0])
def test_positive_refuses(value: object) -> None:
    with pytest.raises(ValueError, match="Δ must be"):
        positive("Δ", value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "zero"), [(0, False), (1, True), (Fraction(3, 2), True), (-1, True), (0.1, True)]
)
def test_probability_refuses(value: object, zero: bool) -> None:
    with pytest.raises(ValueError, match="δ must"):
        probability("δ", value, zero=zero)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [1, Fraction(1, 2), 2.0])
def test_order_refuses(value: object) -> None:
    with pytest.raises(ValueError, match="α must"):
        order("α", value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, -3, True, 2.0, Fraction(2)])
def test_count_refuses(value: object) -> None:
    with pytest.raises(ValueError, match="k must"):
        count("k", value)  # type: ignore[arg-type]


def test_nonnegative_refuses_a_negative() -> None:
    with pytest.raises(ValueError, match="at least 0"):
        nonnegative("ε", Fraction(-1, 3))
