"""The canonical texts of exact numbers (generator/core/fields.py): a value on a field's grid
keeps exactly its decimals, a value with no grid is its shortest decimal or, when none is
finite, its reduced fraction, and nothing is rounded."""

from __future__ import annotations

from fractions import Fraction

import pytest

from generator.core.fields import exact_decimal, fixed_decimal, number_text, parse_rational
from generator.core.input_limits import LAB_ALPHA, LAB_DELTA


@pytest.mark.parametrize(
    ("value", "text"),
    [("1", "1.0"), ("3", "3.0"), ("57/10", "5.7"), ("100", "100.0"), ("11/10", "1.1")],
)
def test_one_decimal(value: str, text: str) -> None:
    assert fixed_decimal(Fraction(value), 1) == text
    assert LAB_ALPHA.text(Fraction(value)) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("0", "0"),
        ("1", "1"),
        ("18/25", "0.72"),
        ("187/500", "0.374"),
        ("3/8", "0.375"),
        ("1/1024", "0.0009765625"),
        ("7/5", "1.4"),
    ],
)
def test_exact_decimal(value: str, text: str) -> None:
    assert exact_decimal(Fraction(value)) == text
    assert Fraction(text) == Fraction(value)


@pytest.mark.parametrize("value", ["301/100", "1/3", "22/7"])
def test_a_value_off_the_tenth_grid_has_no_one_decimal_form(value: str) -> None:
    with pytest.raises(ValueError, match="1-decimal"):
        fixed_decimal(Fraction(value), 1)


@pytest.mark.parametrize("value", ["1/3", "1/6", "2/7"])
def test_a_value_without_a_finite_decimal_has_no_decimal_form(value: str) -> None:
    with pytest.raises(ValueError, match="finite decimal"):
        exact_decimal(Fraction(value))


@pytest.mark.parametrize(("value", "text"), [("1/3", "1/3"), ("2/7", "2/7"), ("3/8", "0.375"), ("1", "1")])
def test_delta_is_written_exactly_as_a_decimal_or_else_a_fraction(value: str, text: str) -> None:
    assert number_text(Fraction(value)) == text
    assert LAB_DELTA.text(Fraction(value)) == text
    assert parse_rational(text) == Fraction(value)
