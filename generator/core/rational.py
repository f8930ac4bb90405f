"""Exact rationals at the edges: parsing what people type, writing what files hold.

Floats are refused at the door. A value typed as ``3``, ``5.7`` or ``57/10`` becomes a
:class:`~fractions.Fraction` by exact decimal or integer-ratio parsing, and leaves as a
reduced fraction string (``"57/10"``). The only way out to a float-like form is
:func:`decimal_str`, which names its rounding (half-up at a fixed number of places) and
is meant for people to read, never for decisions.

:func:`read_field` is the one reader of a typed field against its
:class:`~generator.core.input_limits.FieldLimit`; it answers a value or the :class:`Refusal`
that says why not. The lab's engine mirrors it, and the golden vectors hold the two equal.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from enum import StrEnum
from fractions import Fraction

from generator.core.fields import NumberTooLongError, RationalSyntaxError, parse_rational
from generator.core.input_limits import MAX_NUMBER_CHARS, FieldLimit, Kind

__all__ = ["NumberTooLongError", "RationalSyntaxError", "parse_rational"]

_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_DIGITS = re.compile(r"[0-9]+")


class Refusal(StrEnum):
    """Why a typed field was refused (the lab shows one Korean message per reason)."""

    EMPTY = "empty"  # nothing typed, or the URL parameter is missing
    TOO_LONG = "too-long"  # more than MAX_NUMBER_CHARS characters
    SYNTAX = "syntax"  # not the field's grammar: letters, signs, exponents, spaces, a zero denominator
    STEP = "step"  # off the field's grid (k = 2.5, α = 3.05)
    RANGE = "range"  # outside the field's interval
    # Lists of counts (:mod:`generator.core.list_fields`) and the lab states they make up:
    COUNT = "count"  # more entries than the list allows
    REPEAT = "repeat"  # an entry listed twice where each may appear once
    ZERO_SUM = "zero-sum"  # a row of weights that sums to 0
    MISMATCH = "mismatch"  # two rows of weights of different lengths
    NO_OUTPUT = "no-output"  # an event index beyond the channel's outputs


def read_field(limit: FieldLimit, text: str) -> Fraction | Refusal:
    """The exact value of a typed field, or why it was refused.

    A count (k, p) is plain digits; a decimal such as ``2.5`` is off its grid rather than
    bad syntax. A number (α, δ, α₀) is :func:`parse_rational`'s grammar. The checks run in
    a fixed order, so the reason is the first rule broken: empty, length, grammar, grid,
    interval.
    """
    if text == "":
        return Refusal.EMPTY
    if len(text) > MAX_NUMBER_CHARS:
        return Refusal.TOO_LONG
    try:
        value = parse_rational(text)
    except RationalSyntaxError:
        return Refusal.SYNTAX
    if limit.kind is Kind.COUNT and not _DIGITS.fullmatch(text):
        return Refusal.STEP if _DECIMAL.fullmatch(text) else Refusal.SYNTAX
    if not limit.on_grid(value):
        return Refusal.STEP
    if not limit.in_range(value):
        return Refusal.RANGE
    return value


# Below this many bits an integer has fewer than 4,300 decimal digits (CPython's default
# limit): 14_000 · log10(2) ≈ 4 214.
_SAFE_BITS = 14_000
_SAFE_DIGITS = 4_000


@contextmanager
def _lifted_digit_limit(needed: bool) -> Iterator[None]:
    # CPython refuses int <-> str beyond 4,300 digits to stop quadratic-time parsing of
    # hostile input. We only convert integers we computed ourselves (k = 10 000 gives
    # numerators of ~20 000 digits), so for those the limit is lifted here and restored
    # after; small ones skip the (global) switch.
    if not needed:
        yield
        return
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(previous)


def _unlimited_int_digits(*values: int) -> AbstractContextManager[None]:
    return _lifted_digit_limit(any(value.bit_length() >= _SAFE_BITS for value in values))


def fraction_of(text: str) -> Fraction:
    """The value of a fraction string that :func:`fraction_str` wrote, however long it is.

    Only for the course's own strings (records, templates): typed text is read by
    :func:`parse_rational` and its length limit.
    """
    with _lifted_digit_limit(len(text) >= _SAFE_DIGITS):
        return Fraction(text)


def fraction_str(value: Fraction | int) -> str:
    """The reduced fraction string of an exact value: ``"3/8"``, ``"0"``, ``"1"``."""
    if not isinstance(value, (Fraction, int)) or isinstance(value, bool):
        raise TypeError(f"exact value expected, got {type(value).__name__}")
    value = Fraction(value)
    with _unlimited_int_digits(value.numerator, value.denominator):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value.numerator}/{value.denominator}"


def decimal_str(value: Fraction, places: int = 3) -> str:
    """A decimal for reading, rounded half-up at ``places`` digits, trailing zeros dropped.

    3/8 -> ``"0.375"``, 18/25 -> ``"0.72"``, 1 -> ``"1"``, 1/3 -> ``"0.333"``. The rounding
    is done on integers, ``floor(v * 10**places + 1/2)``, so the text is fixed by the
    exact value alone and never passes through a float.
    """
    if value < 0:
        return "-" + decimal_str(-value, places)
    scaled = value * 10**places
    whole = int(scaled + Fraction(1, 2))  # floor(x + 1/2) rounds half up for x >= 0
    with _unlimited_int_digits(whole):
        digits = str(whole).rjust(places + 1, "0")
    whole_part, fraction_part = digits[: len(digits) - places], digits[len(digits) - places :]
    fraction_part = fraction_part.rstrip("0")
    return f"{whole_part}.{fraction_part}" if fraction_part else whole_part
