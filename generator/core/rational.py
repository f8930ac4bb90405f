"""Exact rationals at the edges: writing what files hold, and reading it back.

An exact value leaves as a reduced fraction string (``"57/10"``, :func:`fraction_str`), of any
length: an integer's digits come from GMP, which CPython's digit limit does not bind.
The only way out to a float-like form is :func:`decimal_str`, which names its rounding
(half-up at a fixed number of places) and is meant for people to read, never for
decisions. What people type is read by :mod:`generator.core.fields`.
"""

from __future__ import annotations

from fractions import Fraction

import gmpy2


def integer_text(value: int) -> str:
    """An integer's decimal digits, however many: CPython refuses int -> str beyond 4,300
    digits (a guard against hostile input that these computed integers are not), and GMP's
    conversion has no such limit, so long integers go through it with no process-wide switch."""
    if value.bit_length() < _SHORT_BITS:
        return str(value)
    return str(gmpy2.mpz(value).digits(10))


# Below this many bits an integer has fewer than 4,300 decimal digits (CPython's limit):
# 14_000 · log10(2) ≈ 4 214.
_SHORT_BITS = 14_000


def fraction_str(value: Fraction | int) -> str:
    """The reduced fraction string of an exact value: ``"3/8"``, ``"0"``, ``"1"``."""
    if not isinstance(value, (Fraction, int)) or isinstance(value, bool):
        raise TypeError(f"exact value expected, got {type(value).__name__}")
    # A Fraction is reduced already, and an int is its own numerator over 1: no new Fraction.
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return integer_text(numerator)
    return f"{integer_text(numerator)}/{integer_text(denominator)}"


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
    digits = integer_text(whole).rjust(places + 1, "0")
    whole_part, fraction_part = digits[: len(digits) - places], digits[len(digits) - places :]
    fraction_part = fraction_part.rstrip("0")
    return f"{whole_part}.{fraction_part}" if fraction_part else whole_part
