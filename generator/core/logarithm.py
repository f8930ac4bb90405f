"""Natural logarithms and square roots of exact values, rounded to a few decimals exactly.

A value such as ε = ln(α) is irrational for every rational α ≠ 1, so the page can only
show it rounded; this module rounds it by integer arithmetic alone, never a float.

Each quantity is carried as an interval [lo, hi] of integers in units of 2^-W that holds
the true value. For x = n/d > 0, write x = 2^e·m with 1 <= m < 2; then

    ln x = e·ln 2 + ln m,    ln m = 2·atanh(y) = 2·Σ_i y^(2i+1)/(2i+1),   y = (m - 1)/(m + 1) < 1/3,

and ln 2 = 2·atanh(1/3). Every truncated product or quotient of the series loses less than
one unit, and the terms fall by 9 each, so a sum of t terms is short by at most 3t units,
and the tail past the last term is below one unit. Products, sums and square roots
of non-negative intervals keep an interval by rounding lo down and hi up.

To round to P decimals, both ends are rounded half up at 10^-P. When they agree, that is
the answer, because the true value lies between them; when they differ, the value is
close to a rounding boundary and W grows by 64 bits. A transcendental value is never on a
boundary, so the loop ends; the cap only guards against a value that is exactly a tie.

A chart places a point at a double, and this module's one exit to a float is that double
(:func:`nearest_float`): both ends of the interval are rounded to the nearest double (an
integer division in Python rounds correctly), and when they agree, so does every value
between them, the true one included; else W grows as above. The float decides nothing: it
is the point's place, the nearest double to the exact value (the browser's twin,
``exact/logarithm.mjs``'s ``nearestNumber``, finds the same double by its own arithmetic).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

_START_BITS = 64
_MORE_BITS = 64
_MAX_BITS = 8192


@dataclass(frozen=True)
class Interval:
    """lo/2^bits <= value <= hi/2^bits, with lo <= hi."""

    lo: int
    hi: int
    bits: int

    def __add__(self, other: Interval) -> Interval:
        return Interval(self.lo + other.lo, self.hi + other.hi, self.bits)

    def __mul__(self, other: Interval) -> Interval:
        """The product of two non-negative intervals, rounded outwards."""
        if self.lo < 0 or other.lo < 0:
            raise ValueError("interval products are taken of non-negative intervals only")
        return Interval((self.lo * other.lo) >> self.bits, -((-self.hi * other.hi) >> self.bits), self.bits)

    def scaled(self, factor: Fraction) -> Interval:
        """The interval times an exact rational factor >= 0, rounded outwards."""
        n, d = factor.numerator, factor.denominator
        return Interval(self.lo * n // d, -(-self.hi * n // d), self.bits)

    def sqrt(self) -> Interval:
        """√value for a non-negative interval, rounded outwards."""
        low = isqrt(self.lo << self.bits)
        high = isqrt(self.hi << self.bits)
        return Interval(low, high if high * high == self.hi << self.bits else high + 1, self.bits)


def _atanh(numerator: int, denominator: int, bits: int) -> Interval:
    """atanh(y) for 0 <= y = numerator/denominator <= 1/3, in units of 2^-bits."""
    term = (numerator << bits) // denominator
    square_n, square_d = numerator * numerator, denominator * denominator
    total, count, index = 0, 0, 0
    while term:
        total += term // (2 * index + 1)
        term = term * square_n // square_d
        count, index = count + 1, index + 1
    # A power is short of y^(2i+1) by less than 1 + 1/9 + 1/81 + … < 1.2 units (each product
    # truncates once, and older errors shrink by y^2 <= 1/9), and its quotient loses < 1 more.
    # The tail past the first zero power is below 1.2·(1/9)/(1 - 1/9) < 1 unit.
    return Interval(total, total + 3 * count + 1, bits)


def ln_interval(value: Fraction, bits: int) -> Interval:
    """An interval of units 2^-bits holding ln(value) for a rational value >= 1."""
    if value < 1:
        raise ValueError(f"ln_interval takes a value of at least 1, got {value}")
    if value == 1:
        return Interval(0, 0, bits)
    n, d = value.numerator, value.denominator
    shift = n.bit_length() - d.bit_length()  # 2^shift <= n/d·2 and n/d < 2^(shift + 1)
    if n < d << shift:
        shift -= 1
    # m = n / (d·2^shift) lies in [1, 2), and y = (m - 1)/(m + 1) = (n - d·2^shift)/(n + d·2^shift).
    guard = bits + max(shift, 1).bit_length() + 4
    base = d << shift
    log_m = _atanh(n - base, n + base, guard)
    log_2 = _atanh(1, 3, guard)
    lo = 2 * (shift * log_2.lo + log_m.lo)
    hi = 2 * (shift * log_2.hi + log_m.hi)
    excess = guard - bits
    return Interval(lo >> excess, -((-hi) >> excess), bits)


def _rounded(units: int, bits: int, places: int) -> int:
    """round-half-up(units / 2^bits · 10^places) for units >= 0."""
    return int(((units * 10**places >> (bits - 1)) + 1) >> 1)


def decimal_text(compute: Callable[[int], Interval], places: int = 3) -> str:
    """The correctly rounded decimal of a value >= 0 given as intervals of growing precision."""
    bits = _START_BITS
    while bits <= _MAX_BITS:
        interval = compute(bits)
        if interval.hi == 0:
            return "0"
        low, high = _rounded(interval.lo, bits, places), _rounded(interval.hi, bits, places)
        if low == high:
            whole, fraction = divmod(low, 10**places)
            return f"{whole}.{fraction:0{places}d}" if places else str(whole)
        bits += _MORE_BITS
    raise ValueError("the value lies on a rounding boundary")


def ln_decimal(value: Fraction, places: int = 3) -> str:
    """ln(value) rounded half up to ``places`` decimals: ln(11/10) -> "0.095", ln(1) -> "0".

    A value below 1 gives the negative of ln(1/value).
    """
    if not isinstance(value, Fraction) or value <= 0:
        raise ValueError(f"ln takes a positive exact rational, got {value!r}")
    if value < 1:
        return "-" + ln_decimal(1 / value, places)
    return decimal_text(lambda bits: ln_interval(value, bits), places)


def ln_directed(value: Fraction, places: int, *, up: bool) -> Fraction:
    """ln(value) for a rational value >= 1 rounded at ``places`` decimals toward −∞, or toward
    +∞ when ``up``: an exact decimal, the nearest on that side (ln 1 = 0 exactly). Both ends of
    the interval are rounded the same way; when they agree, so does the true value between
    them, which is never on a boundary (ln of a rational other than 1 is irrational)."""
    if not isinstance(value, Fraction) or value < 1:
        raise ValueError(f"ln_directed takes an exact rational of at least 1, got {value!r}")
    scale = 10**places
    if value == 1:
        return Fraction(0)
    bits = _START_BITS
    while bits <= _MAX_BITS:
        interval = ln_interval(value, bits)
        ends = [
            (units * scale) >> bits if not up else -((-units * scale) >> bits)
            for units in (interval.lo, interval.hi)
        ]
        if ends[0] == ends[1]:
            return Fraction(ends[0], scale)
        bits += _MORE_BITS
    raise ValueError("the value lies on a rounding boundary")


def nearest_float(compute: Callable[[int], Interval]) -> float:
    """The double nearest to a real value given as intervals of growing precision (a chart
    coordinate; see the module's notes). The interval may be negative."""
    bits = _START_BITS
    while bits <= _MAX_BITS:
        interval = compute(bits)
        low, high = interval.lo / (1 << interval.bits), interval.hi / (1 << interval.bits)
        if low == high:
            return low
        bits += _MORE_BITS
    raise ValueError("the value lies halfway between two doubles")


def ln_float(value: Fraction) -> float:
    """ln(value) of a positive rational as the nearest double (a chart coordinate): for a
    value below 1, the negative of ln(1/value)'s, so that ln(1/2) is exactly −ln(2)'s double."""
    if not isinstance(value, Fraction) or value <= 0:
        raise ValueError(f"ln takes a positive exact rational, got {value!r}")
    if value < 1:
        return -ln_float(1 / value)
    return nearest_float(lambda bits: ln_interval(value, bits))
