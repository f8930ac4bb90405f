"""Exact rounding of ln and of the advanced theorem's ε′, held to the decimal module at 200 digits."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.advanced_composition import advanced_epsilon, advanced_interval, basic_composition
from generator.core.logarithm import ln_decimal, ln_directed, ln_float, ln_interval, nearest_float
from generator.core.optimal_composition import Step


def decimal_ln(value: Fraction) -> Decimal:
    with localcontext() as context:
        context.prec = 200
        return Decimal(value.numerator).ln() - Decimal(value.denominator).ln()


def in_units(value: Decimal, bits: int) -> Decimal:
    with localcontext() as context:
        context.prec = 200
        return value * Decimal(2) ** bits


def rounded(value: Decimal, places: int = 3) -> str:
    if value == 0:
        return "0"
    return str(value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def decimal_advanced(steps: list[Step], delta_prime: Fraction) -> Decimal:
    with localcontext() as context:
        context.prec = 200
        logs = [decimal_ln(step.alpha) for step in steps]
        spread = (2 * decimal_ln(1 / delta_prime) * sum(log * log for log in logs)).sqrt()
        drift = sum(
            log * Decimal(step.alpha.numerator - step.alpha.denominator) / Decimal(step.alpha.denominator)
            for log, step in zip(logs, steps, strict=True)
        )
        return spread + drift


def test_hand_values() -> None:
    assert ln_decimal(Fraction(11, 10)) == "0.095"
    assert ln_decimal(Fraction(3)) == "1.099"
    assert ln_decimal(Fraction(9)) == "2.197"
    assert ln_decimal(Fraction(1)) == "0"
    assert ln_decimal(Fraction(10, 11)) == "-0.095"
    assert ln_decimal(Fraction(2), 10) == "0.6931471806"
    # 100 steps of ln 1.1 at δ′ = 1e-5: 0.0953·√(200 ln 1e5) + 100·0.0953·0.1
    assert advanced_epsilon([Step(Fraction(11, 10), Fraction(0))] * 100, Fraction(1, 10**5)) == "5.527"
    assert basic_composition([Step(Fraction(3), Fraction(1, 10))] * 2) == (
        basic_composition([Step(Fraction(9), Fraction(1, 5))])
    )


@given(st.fractions(min_value=1, max_value=10**6, max_denominator=10**6), st.integers(0, 12))
def test_ln_is_the_decimal_modules_rounded(value: Fraction, places: int) -> None:
    assert ln_decimal(value, places) == rounded(decimal_ln(value), places)


@given(st.integers(1, 3000), st.integers(1, 10**9))
def test_ln_of_huge_values(digits: int, tail: int) -> None:
    value = Fraction(10**digits + tail, tail)
    assert ln_decimal(value) == rounded(decimal_ln(value))


@given(st.fractions(min_value=1, max_value=1000, max_denominator=10**4), st.sampled_from([64, 100, 300]))
def test_the_interval_holds_ln(value: Fraction, bits: int) -> None:
    interval = ln_interval(value, bits)
    exact = in_units(decimal_ln(value), bits)
    assert interval.lo <= exact <= interval.hi
    assert interval.hi - interval.lo <= 64


@given(
    st.lists(st.fractions(min_value=1, max_value=20, max_denominator=1000), min_size=1, max_size=12),
    st.fractions(min_value=Fraction(1, 10**12), max_value=Fraction(999, 1000), max_denominator=10**12),
)
def test_advanced_epsilon_is_the_decimal_modules_rounded(
    alphas: list[Fraction], delta_prime: Fraction
) -> None:
    steps = [Step(alpha, Fraction(0)) for alpha in alphas]
    assert advanced_epsilon(steps, delta_prime) == rounded(decimal_advanced(steps, delta_prime))
    interval = advanced_interval(steps, delta_prime, 128)
    assert interval.lo <= in_units(decimal_advanced(steps, delta_prime), 128) <= interval.hi


@pytest.mark.parametrize("bad", [Fraction(0), Fraction(-1), 2.0])
def test_ln_refuses_what_has_no_real_log(bad: object) -> None:
    with pytest.raises(ValueError, match="positive exact rational"):
        ln_decimal(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [Fraction(0), Fraction(1), Fraction(3, 2)])
def test_advanced_refuses_a_delta_prime_outside_0_1(bad: Fraction) -> None:
    with pytest.raises(ValueError, match="δ′ must lie in"):
        advanced_epsilon([Step(Fraction(2), Fraction(0))], bad)


def nearest_double(value: Decimal) -> float:
    """The double nearest to a 200-digit value: Fraction of the decimal, then one correct rounding."""
    return float(Fraction(value))


@pytest.mark.parametrize(
    "value",
    [
        "11/10",
        "3",
        "1001/1000",
        "1000001/1000000",
        "100",
        "57/10",
        str(Fraction(11, 10) ** 1000),
        "1/2",
        "9/10",
    ],
)
def test_ln_float_is_the_nearest_double(value: str) -> None:
    exact = Fraction(value)
    expected = nearest_double(decimal_ln(exact))
    assert ln_float(exact) == expected
    assert ln_float(1 / exact) == -expected
    assert ln_float(Fraction(1)) == 0.0


@given(st.fractions(min_value=Fraction(1, 1000), max_value=1000, max_denominator=10**6))
def test_ln_float_is_the_nearest_double_of_any_positive_rational(value: Fraction) -> None:
    assert ln_float(value) == nearest_double(decimal_ln(value))


def test_nearest_float_of_the_advanced_interval() -> None:
    steps = [Step(Fraction(11, 10), Fraction(0))] * 100
    delta_prime = Fraction(1, 10**5)
    found = nearest_float(lambda bits: advanced_interval(steps, delta_prime, bits))
    assert found == nearest_double(decimal_advanced(steps, delta_prime))
    assert f"{found:.3f}" == advanced_epsilon(steps, delta_prime) == "5.527"


def test_ln_float_refuses_what_is_not_a_positive_rational() -> None:
    for bad in (Fraction(0), Fraction(-1), 0.5):
        with pytest.raises(ValueError, match="positive exact rational"):
            ln_float(bad)  # type: ignore[arg-type]


@given(st.fractions(min_value=1, max_value=10**6).filter(lambda x: x.denominator < 10**6), st.integers(0, 12))
def test_ln_directed_is_the_nearest_decimal_on_each_side(value: Fraction, places: int) -> None:
    """Against mpmath at 60 digits: down <= ln x <= up, one step of 10^-places apart (or equal
    at ln 1 = 0)."""
    import mpmath

    with mpmath.workdps(60):
        true = mpmath.log(mpmath.mpf(value.numerator) / value.denominator)
        down, up = ln_directed(value, places, up=False), ln_directed(value, places, up=True)
        assert (down * 10**places).denominator == 1
        assert (up * 10**places).denominator == 1
        assert (
            mpmath.mpf(down.numerator) / down.denominator <= true <= mpmath.mpf(up.numerator) / up.denominator
        )
        assert up - down == (0 if value == 1 else Fraction(1, 10**places))


def test_ln_directed_refuses_a_value_below_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        ln_directed(Fraction(1, 2), 3, up=False)
