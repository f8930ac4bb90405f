"""Exact parsing and writing at the edges of the core."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.rational import RationalSyntaxError, decimal_str, fraction_str, parse_rational


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3", Fraction(3)),
        ("5.7", Fraction(57, 10)),
        ("57/10", Fraction(57, 10)),
        ("0.374", Fraction(374, 1000)),
        ("0", Fraction(0)),
        (".5", Fraction(1, 2)),
        ("2.", Fraction(2)),
        ("6/16", Fraction(3, 8)),
    ],
)
def test_parse_exact(text: str, value: Fraction) -> None:
    assert parse_rational(text) == value


@pytest.mark.parametrize(
    "text", ["", " 3", "abc", "1e5", "nan", "inf", "-1", "+1", "3/0", "1/2/3", "0x10", "١", "9" * 65]
)
def test_parse_refuses(text: str) -> None:
    with pytest.raises(RationalSyntaxError):
        parse_rational(text)


def test_parse_refuses_floats() -> None:
    with pytest.raises(TypeError):
        parse_rational(0.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(3, 8), "3/8"), (Fraction(6, 16), "3/8"), (Fraction(0), "0"), (Fraction(1), "1"), (7, "7")],
)
def test_fraction_str_is_reduced(value: Fraction, text: str) -> None:
    assert fraction_str(value) == text


def test_fraction_str_refuses_floats_and_bools() -> None:
    for bad in (0.5, True):
        with pytest.raises(TypeError):
            fraction_str(bad)  # type: ignore[arg-type]


def test_fraction_str_writes_past_the_limit_and_restores_it() -> None:
    limit = sys.get_int_max_str_digits()
    huge = Fraction(3**20_000, 4**10_000)
    assert len(fraction_str(huge)) > 10_000
    assert sys.get_int_max_str_digits() == limit


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(3, 8), "0.375"),
        (Fraction(18, 25), "0.72"),
        (Fraction(1), "1"),
        (Fraction(1, 3), "0.333"),
        (Fraction(2, 3), "0.667"),
        (Fraction(1, 2000), "0.001"),
        (Fraction(1, 2001), "0"),
        (Fraction(-3, 8), "-0.375"),
    ],
)
def test_decimal_str_rounds_half_up(value: Fraction, text: str) -> None:
    assert decimal_str(value) == text


@given(st.fractions(min_value=0, max_value=10**6))
def test_decimal_is_within_half_a_unit(value: Fraction) -> None:
    assert abs(Fraction(decimal_str(value)) - value) <= Fraction(1, 2000)


@given(st.fractions(min_value=0, max_value=10**6))
def test_fraction_round_trip(value: Fraction) -> None:
    assert parse_rational(fraction_str(value)) == value
