"""How exact values read (generator/core/readable.py), against hand values and an oracle.

The oracle is Python's ``decimal`` module at a precision far above the values' sizes, rounding
half-up: the scientific form of a value is ``format(Decimal(a) / Decimal(b), ".2E")``, written
with "×" and superscripts. Properties: a reading names a number within half a unit of its last
digit of the value; "=" only when it is the value; a reading that is a bare whole number is
that value (never "1" for 0.99999987); long is exactly "more than 13 characters"; a set's
text lists the same outputs, runs and all. A bound's reading rounded up names a number at
least the bound; a certified reading is the reading of mpmath's 50-digit value. A chart's
point names a number within half a unit of its sixth significant digit of the value.
"""

from __future__ import annotations

import re
import sys
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.certified import exact as ball
from generator.core.gaussian import GaussianMechanism
from generator.core.readable import (
    SHORT_CHARS,
    certified_reading,
    certified_reading_up,
    output_set_text,
    point_text,
    readable,
    reading_up,
)
from generator.core.readable import reading as short_reading
from generator.course.templates import number_html, reading
from tests.core.mp_oracles import to_fraction
from tests.harness.readings import named


def oracle_scientific(value: Fraction) -> str:
    """value > 0 in 3 significant digits by the decimal module, as readable writes it."""
    with localcontext() as context:
        context.prec = 2 * (len(str(value.numerator)) + len(str(value.denominator))) + 20
        context.rounding = ROUND_HALF_UP
        mantissa, exponent = format(Decimal(value.numerator) / Decimal(value.denominator), ".2E").split("E")
    mantissa = mantissa.rstrip("0").rstrip(".")
    return f"{mantissa} × 10{str(int(exponent)).translate(str.maketrans('0123456789-', '⁰¹²³⁴⁵⁶⁷⁸⁹⁻'))}"


HAND = [
    ("3/8", "3/8 = 0.375"),
    ("1/3", "1/3 ≈ 0.333"),
    ("2", "2"),
    ("0", "0"),
    ("18/25", "18/25 = 0.72"),
    ("1/10000", "1/10000 = 1 × 10⁻⁴"),
    ("1023/1048576", "1023/1048576 ≈ 9.76 × 10⁻⁴"),
    ("1999/2000", "1999/2000 = 1 − 5 × 10⁻⁴"),
    ("200001/100000", "200001/100000 = 2 + 1 × 10⁻⁵"),
    ("-200001/100000", "-2 − 1 × 10⁻⁵"),
    ("99999999/100000000", "1 − 1 × 10⁻⁸"),
    (str(3**100), "≈ 5.15 × 10⁴⁷"),
    (f"{3**60 - 1}/{3**60}", "≈ 1 − 2.36 × 10⁻²⁹"),
    ("10000000000000", "1 × 10¹³"),
]


@pytest.mark.parametrize(("exact", "text"), HAND)
def test_hand_values_read_as_written(exact: str, text: str) -> None:
    assert reading(Fraction(exact)) == text


def test_the_k100_verdict_value_reads_as_its_distance_from_1() -> None:
    """0.99999987…, the issue's example: the decimal at 3 places would say "1"."""
    value = 1 - Fraction(13, 10**8) - Fraction(1, 3**70)
    shown = readable(value)
    assert shown.long
    assert shown.approx == "1 − 1.3 × 10⁻⁷"
    assert not shown.equal


def test_a_long_value_shows_its_reading_and_keeps_its_fraction_one_click_away() -> None:
    exact = f"{3**60 - 1}/{3**60}"
    html = str(number_html(Fraction(exact)))
    assert html.startswith('<details class="cl-exact"><summary>≈ 1 − 2.36 × 10⁻²⁹</summary>')
    assert f'<span class="cl-fraction" tabindex="0">{exact}</span><span class="cl-digits">' in html
    assert len(str(3**60)) == 29
    assert html.endswith('<span class="cl-digits">분자 29자리, 분모 29자리</span></details>')
    assert str(number_html(Fraction(3, 8))) == '3/8 <span class="cl-decimal">= 0.375</span>'
    assert str(number_html(7)) == "7"


fractions = st.builds(
    lambda n, d, sign: Fraction(sign * n, d),
    st.integers(0, 10**40),
    st.integers(1, 10**40),
    st.sampled_from((1, 1, 1, -1)),
)


@given(fractions)
def test_a_reading_names_a_number_close_to_the_value_and_says_whether_it_is_the_value(
    value: Fraction,
) -> None:
    shown = readable(value)
    assert shown.exact == (str(value.numerator) if value.denominator == 1 else str(value))
    assert shown.long == (len(shown.exact) > SHORT_CHARS)
    if shown.approx is None:
        assert value.denominator == 1
        assert not shown.long
        return
    number = named(shown.approx)
    assert shown.equal == (number == value)
    size = abs(value)
    if size < Fraction(1, 100) or size >= 10**6:
        assert shown.approx.lstrip("-") == oracle_scientific(size)
        assert abs(number - value) <= size / 100 * Fraction(1, 2) + size / 10**3
    else:
        assert abs(number - value) <= Fraction(1, 2000)
    if re.fullmatch(r"-?[0-9]+", shown.approx):
        assert number == value  # a bare whole number is never a rounding: no "≈ 1" for 0.9999


@given(st.integers(1, 10**30), st.integers(1, 10**30))
def test_values_just_below_one_read_as_a_distance(gap: int, scale: int) -> None:
    value = 1 - Fraction(gap, gap * 2000 + scale)
    shown = readable(value)
    assert shown.approx is not None
    assert shown.approx.startswith("1 − ") or float(shown.approx) < 1
    assert named(shown.approx) <= 1


@given(st.sets(st.integers(0, 60), max_size=40))
def test_a_set_text_lists_exactly_its_outputs(outputs: set[int]) -> None:
    labels = [str(i) for i in sorted(outputs)]
    text = output_set_text(labels)
    if not labels:
        assert text == "∅"
        return
    listed: list[int] = []
    for part in text[1:-1].split(", "):
        listed.append(-1 if part == "…" else int(part))
    expanded: list[int] = []
    for i, item in enumerate(listed):
        if item == -1:
            expanded.extend(range(listed[i - 1] + 1, listed[i + 1]))
        else:
            expanded.append(item)
    assert expanded == sorted(outputs)
    assert "…" not in text or len(outputs) >= 3


def test_set_texts_by_hand() -> None:
    assert output_set_text([str(i) for i in range(50)]) == "{0, …, 49}"
    assert output_set_text(["0", "1"]) == "{0, 1}"
    assert output_set_text(["00", "01", "10"]) == "{00, 01, 10}"
    assert output_set_text(["0", "1", "2", "5", "7", "8", "9", "10"]) == "{0, …, 2, 5, 7, …, 10}"
    assert output_set_text([]) == "∅"


@given(st.integers(min_value=8, max_value=20_000))
def test_a_value_of_any_length_is_read_without_writing_its_digits(digits: int) -> None:
    value = Fraction(10**digits + 7, 3)
    with_limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        expected = len(str(value.numerator)) - len(str(value.denominator))
    finally:
        sys.set_int_max_str_digits(with_limit)
    shown = readable(value)
    exponent = expected if value >= Fraction(10) ** expected else expected - 1
    assert shown.approx is not None
    assert shown.approx.endswith("10" + str(exponent).translate(str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")))


def test_templates_show_values_past_the_int_digit_limit() -> None:
    from generator.core.rational import fraction_str
    from generator.course.templates import number_html, reading

    value = Fraction(11, 10) ** 5000 - 1  # 207 digits before the point, 5 000 after the slash
    text = fraction_str(value)
    assert len(text) > 4300
    assert reading(value) == "≈ 9.19 × 10²⁰⁶"
    html = str(number_html(value))
    assert "<summary>≈ 9.19 × 10²⁰⁶</summary>" in html
    assert text in html


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(3, 8), "0.375"), (Fraction(2), "2"), (Fraction(0), "0"), (Fraction(1, 10**4), "1 × 10⁻⁴")],
)
def test_the_short_reading_of_hand_values(value: Fraction, text: str) -> None:
    assert short_reading(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(123, 10**4), "0.013"),
        (Fraction(1, 100), "0.01"),
        (Fraction(13, 10**8), "1.3 × 10⁻⁷"),
        (Fraction(1301, 10**11), "1.31 × 10⁻⁸"),
        (Fraction(9996, 10**4), "1"),
        (Fraction(3, 2), "1"),
        (Fraction(0), "0"),
    ],
)
def test_a_bound_reads_rounded_up(value: Fraction, text: str) -> None:
    assert reading_up(value) == text


@given(st.fractions(min_value=Fraction(1, 10**40), max_value=Fraction(2)))
def test_a_bound_rounded_up_names_a_number_at_least_the_bound(value: Fraction) -> None:
    shown = reading_up(value)
    assert named(shown) >= min(value, Fraction(1))
    assert named(shown) <= 1


@pytest.mark.parametrize("epsilon", [Fraction(1, 4), Fraction(1), Fraction(4), Fraction(40)])
def test_a_certified_reading_is_the_reading_of_the_fifty_digit_value(epsilon: Fraction) -> None:
    mechanism = GaussianMechanism(Fraction(1), Fraction(1))
    found, text = certified_reading(lambda: mechanism.delta_ball(ball(epsilon)))
    with mpmath.workdps(50):
        half, eps = mpmath.mpf(1) / 2, mpmath.mpf(epsilon.numerator) / epsilon.denominator
        truth = to_fraction(mpmath.ncdf(half - eps) - mpmath.exp(eps) * mpmath.ncdf(-half - eps))
    slack = truth / 10**40
    assert found.lower - slack <= truth <= found.upper + slack
    assert text == short_reading(found.lower) == short_reading(found.upper)
    assert (
        text
        == {
            Fraction(1, 4): "0.308",
            Fraction(1): "0.127",
            Fraction(4): "4.71 × 10⁻⁵",
            Fraction(40): "3.91 × 10⁻³⁴³",
        }[epsilon]
    )


def test_a_certified_bound_reads_its_own_rounding_up() -> None:
    found, text = certified_reading_up(lambda: ball(Fraction(13, 10**8)) + ball(Fraction(1, 10**20)))
    assert text == "1.31 × 10⁻⁷"
    assert found.lower <= Fraction(13, 10**8) + Fraction(1, 10**20) <= found.upper


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(1, 3), "333333e-6"),
        (Fraction(2, 3), "666667e-6"),
        (Fraction(1, 10**12), "100000e-17"),
        (Fraction(123456789), "123457e3"),
        (Fraction(9999995, 10**7), "1000000e-6"),
        (Fraction(0), "0"),
    ],
)
def test_a_chart_point_of_hand_values(value: Fraction, text: str) -> None:
    assert point_text(value) == text


@given(st.fractions(min_value=Fraction(1, 10**300), max_value=Fraction(10**300)))
def test_a_chart_point_names_the_value_to_six_significant_digits(value: Fraction) -> None:
    named_value = Fraction(point_text(value))
    assert abs(named_value - value) <= value * Fraction(1, 2 * 10**5)
    assert float(named_value) == float(point_text(value))  # a double reads it as Fraction does
