"""Certified values: enclosures that hold the value, and decimals shown only when proven."""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from flint import arb, ctx
from hypothesis import given
from hypothesis import strategies as st

from generator.core.certified import (
    Enclosure,
    UncertifiedError,
    ceil_decimal,
    certified_exact,
    certify,
    enclose,
    enclosure,
    exact,
    fixed_decimal,
    floor_decimal,
    precision,
    sign,
)


def test_ln_two_is_certified_to_three_decimals() -> None:
    shown = certify(lambda: arb(2).log())
    assert shown.decimal == "0.693"
    # ln 2 = 0.69314718055994530941723…
    assert shown.lower <= Fraction(6931471805599453095, 10**19)
    assert shown.upper >= Fraction(6931471805599453094, 10**19)


def test_trailing_zeros_are_kept() -> None:
    # e^{ln 1.2} = 1.2 in arb is a ball around 1.2, never exactly 1.2: it still shows 1.200.
    assert certify(lambda: exact(Fraction(6, 5)).log().exp()).decimal == "1.200"


def test_precision_is_restored() -> None:
    before = ctx.prec
    with precision(300):
        assert ctx.prec == 300
    assert ctx.prec == before
    certify(lambda: arb(3).sqrt())
    assert ctx.prec == before


def test_enclosure_ends_are_exact_and_hold_the_value() -> None:
    with precision(200):
        found = enclosure(arb(2).sqrt())
    assert found.lower**2 <= 2 <= found.upper**2
    assert found.width < Fraction(1, 2**190)


def test_enclose_meets_its_width() -> None:
    found = enclose(lambda: arb.pi(), Fraction(1, 10**40))
    assert found.width <= Fraction(1, 10**40)
    # π = 3.14159265358979323846264338327950288419716939937…
    assert found.lower <= Fraction(314159265358979323846264338327950288419717, 10**41)
    assert found.upper >= Fraction(314159265358979323846264338327950288419716, 10**41)


def test_an_empty_enclosure_is_refused() -> None:
    with pytest.raises(ValueError, match="empty"):
        Enclosure(Fraction(1), Fraction(0))


@pytest.mark.parametrize(
    ("value", "floor", "ceil"),
    [
        (Fraction(1, 3), "0.333", "0.334"),
        (Fraction(-1, 3), "-0.334", "-0.333"),
        (Fraction(1, 2), "0.500", "0.500"),
        (Fraction(0), "0.000", "0.000"),
    ],
)
def test_outward_decimals(value: Fraction, floor: str, ceil: str) -> None:
    assert floor_decimal(value, 3) == floor
    assert ceil_decimal(value, 3) == ceil


def test_fixed_decimal_keeps_places() -> None:
    assert fixed_decimal(Fraction(6, 5), 3) == "1.200"
    assert fixed_decimal(Fraction(2), 0) == "2"


@given(st.fractions(min_value=Fraction(1, 100), max_value=Fraction(10**6)))
def test_certified_log_agrees_with_mpmath_at_fifty_digits(value: Fraction) -> None:
    shown = certify(lambda: exact(value).log())
    with mpmath.workdps(50):
        truth = mpmath.log(mpmath.mpf(value.numerator) / value.denominator)
        sign, mantissa, exponent, _ = truth._mpf_
        as_fraction = (-1) ** sign * int(mantissa) * Fraction(2) ** int(exponent)
    assert shown.lower <= as_fraction + Fraction(1, 10**45)
    assert as_fraction - Fraction(1, 10**45) <= shown.upper
    assert shown.decimal == fixed_decimal(as_fraction, 3)


def test_sign_is_proven_even_for_a_tiny_gap() -> None:
    # e^{-10⁴}·10^{4000} = e^{-790}: a tiny product of a tiny and a huge factor, below 1;
    # 1 + 2^-200 - 1 > 0 needs more than the 64 starting bits
    assert sign(lambda: arb(-10_000).exp() * arb(10) ** 4000 - 1) == -1
    assert sign(lambda: (1 + arb(2) ** -200) - 1) == 1
    assert sign(lambda: arb.pi() - 3) == 1


def test_sign_of_zero_is_refused() -> None:
    with pytest.raises(UncertifiedError, match="sign"):
        sign(lambda: arb(2).sqrt() ** 2 - 2)


def test_certified_exact_has_zero_width() -> None:
    shown = certified_exact(Fraction(9, 2))
    assert shown.lower == shown.upper == Fraction(9, 2)
    assert shown.decimal == "4.500"
