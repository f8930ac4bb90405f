"""Exact parsing and writing at the edges of the core."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.fields import (
    MAX_NUMBER_CHARS,
    NumberTooLongError,
    RationalSyntaxError,
    Refusal,
    parse_rational,
    read_field,
)
from generator.core.input_limits import (
    CLI_ALPHA,
    LAB_ALPHA,
    LAB_DELTA,
    LAB_FIELDS,
    LAB_K,
    P,
)
from generator.core.rational import decimal_str, fraction_str


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
        ("1e5", Fraction(100000)),
        ("1e-5", Fraction(1, 100000)),
    ],
)
def test_parse_exact(text: str, value: Fraction) -> None:
    assert parse_rational(text) == value


@pytest.mark.parametrize(
    "text",
    ["", " 3", "abc", "1e", "1e1000", "nan", "inf", "-1", "+1", "3/0", "1/2/3", "0x10", "١", "9" * 1001],
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


def test_a_too_long_text_is_refused_for_its_length_only() -> None:
    assert parse_rational("1" * MAX_NUMBER_CHARS) == int("1" * MAX_NUMBER_CHARS)
    for text in ("1" * (MAX_NUMBER_CHARS + 1), "x" * (MAX_NUMBER_CHARS + 1)):
        with pytest.raises(NumberTooLongError, match=f"at most {MAX_NUMBER_CHARS:,}"):
            parse_rational(text)


def test_every_composed_alpha_of_the_lab_is_read_back() -> None:
    """α₀^q for every α₀ = 1.0..100.0 at the largest q = 100: the core prints them all."""
    composed = [Fraction(tenths, 10) ** 100 for tenths in range(10, 1001)]
    assert max(len(fraction_str(alpha)) for alpha in composed) == 402
    assert all(read_field(CLI_ALPHA, fraction_str(alpha)) == alpha for alpha in composed)


@pytest.mark.parametrize(
    ("limit", "text", "answer"),
    [
        (LAB_ALPHA, "57/10", Fraction(57, 10)),
        (LAB_ALPHA, "114/20", Fraction(57, 10)),
        (LAB_ALPHA, "5.7", Fraction(57, 10)),
        (LAB_ALPHA, "1/3", Refusal.STEP),
        (LAB_ALPHA, "5.75", Refusal.STEP),
        (LAB_ALPHA, "0.9", Refusal.RANGE),
        (LAB_ALPHA, "1001/10", Refusal.RANGE),
        (LAB_ALPHA, "NaN", Refusal.SYNTAX),
        (LAB_ALPHA, "3/0", Refusal.SYNTAX),
        (LAB_ALPHA, "", Refusal.EMPTY),
        (LAB_ALPHA, "9" * (MAX_NUMBER_CHARS + 1), Refusal.TOO_LONG),
        (LAB_DELTA, "1/3", Fraction(1, 3)),
        (LAB_DELTA, "0.374", Fraction(187, 500)),
        (LAB_DELTA, "4/3", Refusal.RANGE),
        (LAB_K, "007", Fraction(7)),
        (LAB_K, "2.0", Refusal.STEP),
        (LAB_K, "6/2", Refusal.SYNTAX),
        (LAB_K, "101", Refusal.RANGE),
        (P, "0", Fraction(0)),
        (P, "-1", Refusal.SYNTAX),
        (CLI_ALPHA, "123456789/1000", Fraction(123456789, 1000)),
        (CLI_ALPHA, "1/2", Refusal.RANGE),
    ],
)
def test_read_field_gives_the_value_or_the_first_rule_broken(
    limit: object, text: str, answer: Fraction | Refusal
) -> None:
    assert read_field(limit, text) == answer  # type: ignore[arg-type]


@given(st.sampled_from(LAB_FIELDS), st.fractions(min_value=0, max_value=100))
def test_a_field_accepts_exactly_its_values_on_its_grid(limit: object, value: Fraction) -> None:
    answer = read_field(limit, fraction_str(value))  # type: ignore[arg-type]
    on_grid = limit.on_grid(value) and limit.in_range(value)  # type: ignore[attr-defined]
    if limit.kind == "count" and value.denominator != 1:  # type: ignore[attr-defined]
        assert answer is Refusal.SYNTAX  # "7/2" is no count
    else:
        assert (answer == value) if on_grid else isinstance(answer, Refusal)
