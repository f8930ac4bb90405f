"""Certified values: an irrational number is held as a proven enclosure, never as a float.

A value such as Φ(1/2 − 2), e^ε or √(2 ln(1.25/δ)) is irrational, so the course can show it
only rounded, and only when the rounding is proven. Every such value is computed as a ball
of FLINT's ``arb`` (python-flint): a midpoint m and a radius r with the guarantee that the
true value lies in [m − r, m + r], every operation rounding outward (Johansson, "Arb:
efficient arbitrary-precision midpoint-radius interval arithmetic", IEEE Trans. Computers
66, 2017). Both ends are dyadic rationals, so they leave arb exactly as ``Fraction``s
(:func:`enclosure`).

A decimal is shown only when both ends of the enclosure round (half up) to it
(:meth:`Enclosure.decimal`). When they do not, the value is close to a rounding boundary or
the working precision is too low: :func:`certify` recomputes the value at a precision
that doubles each time, until the two ends agree. An irrational value is never on a
boundary, so the loop ends; its cap only guards against a value that is exactly a tie.

The precision of arb is a process-wide setting (``flint.ctx.prec``); :func:`precision` sets
it for one computation and restores it after, so no caller leaks its precision to another.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction

from flint import arb, ctx

from generator.core.rational import decimal_str

START_BITS = 64
MAX_BITS = 1 << 14


class UncertifiedError(ArithmeticError):
    """A value whose enclosure stayed too wide (or not finite) at every precision tried."""


@contextmanager
def precision(bits: int) -> Iterator[None]:
    """arb's working precision set to ``bits`` for the block, and restored after it."""
    previous = ctx.prec
    ctx.prec = bits
    try:
        yield
    finally:
        ctx.prec = previous


def exact(value: Fraction | int) -> arb:
    """An exact rational as an arb ball: exact when the denominator is a power of two, else a
    ball of the working precision around p/q (arb divides with outward rounding)."""
    value = Fraction(value)
    return arb(value.numerator) / arb(value.denominator)


def _dyadic(ball: arb) -> Fraction:
    """The exact value of an arb ball of zero radius (a ball's midpoint, or its radius)."""
    man, exp = ball.man_exp()
    mantissa, exponent = int(man), int(exp)
    return Fraction(mantissa * 2**exponent) if exponent >= 0 else Fraction(mantissa, 2**-exponent)


@dataclass(frozen=True)
class Enclosure:
    """lower <= value <= upper, both ends exact rationals: a proven home of one real value."""

    lower: Fraction
    upper: Fraction

    def __post_init__(self) -> None:
        if self.lower > self.upper:
            raise ValueError(f"empty enclosure [{self.lower}, {self.upper}]")

    @property
    def width(self) -> Fraction:
        return self.upper - self.lower

    def contains(self, value: Fraction) -> bool:
        return self.lower <= value <= self.upper

    def decimal(self, places: int = 3) -> str | None:
        """The half-up decimal at ``places`` that both ends round to, or None when they differ."""
        low, high = fixed_decimal(self.lower, places), fixed_decimal(self.upper, places)
        return low if low == high else None

    def bounds_text(self, places: int = 10) -> tuple[str, str]:
        """The enclosure as two decimal strings, rounded outward at ``places`` decimals: the
        first at most the lower end, the second at least the upper end (``data-lower``,
        ``data-upper``)."""
        return floor_decimal(self.lower, places), ceil_decimal(self.upper, places)


def enclosure(ball: arb) -> Enclosure:
    """The exact ends of a finite arb ball."""
    if not ball.is_finite():
        raise UncertifiedError(f"the ball {ball} is not finite")
    middle, radius = _dyadic(ball.mid()), _dyadic(ball.rad())
    return Enclosure(middle - radius, middle + radius)


@dataclass(frozen=True)
class Certified:
    """A value shown as ``decimal``, proven: both ends of ``enclosure`` round to it."""

    enclosure: Enclosure
    decimal: str
    places: int

    @property
    def lower(self) -> Fraction:
        return self.enclosure.lower

    @property
    def upper(self) -> Fraction:
        return self.enclosure.upper


def certified_exact(value: Fraction | int, places: int = 3) -> Certified:
    """A rational value as a Certified of zero width (a value that is exact needs no ball)."""
    value = Fraction(value)
    return Certified(Enclosure(value, value), fixed_decimal(value, places), places)


def settle(
    compute: Callable[[], arb], read: Callable[[Enclosure], str | None], what: str
) -> tuple[Enclosure, str]:
    """The enclosure of ``compute()`` (an arb ball at the current working precision) and its
    text, proven: the precision doubles from :data:`START_BITS` until ``read`` gives the
    enclosure a text (both of its ends read alike); ``what`` names the text in the error."""
    bits = START_BITS
    while bits <= MAX_BITS:
        with precision(bits):
            ball = compute()
        if ball.is_finite():
            found = enclosure(ball)
            shown = read(found)
            if shown is not None:
                return found, shown
        bits *= 2
    raise UncertifiedError(f"no certified {what} up to {MAX_BITS} bits")


def certify(compute: Callable[[], arb], places: int = 3) -> Certified:
    """The value ``compute()`` rounded to ``places`` decimals, proven: both ends of its ball
    round to the same decimal (:func:`settle`)."""
    found, shown = settle(compute, lambda found: found.decimal(places), f"{places}-decimal value")
    return Certified(found, shown, places)


def enclose(compute: Callable[[], arb], width: Fraction) -> Enclosure:
    """An enclosure of ``compute()`` at most ``width`` wide, the precision doubling until it is."""
    bits = START_BITS
    while bits <= MAX_BITS:
        with precision(bits):
            ball = compute()
        if ball.is_finite():
            found = enclosure(ball)
            if found.width <= width:
                return found
        bits *= 2
    raise UncertifiedError(f"no enclosure {width} wide up to {MAX_BITS} bits")


def sign(compute: Callable[[], arb]) -> int:
    """The sign of the nonzero value ``compute()``, proven: -1 or 1, the precision doubling
    from :data:`START_BITS` until the ball lies wholly on one side of 0. A comparison of two
    reals, x < y, is ``sign(lambda: y - x) > 0``. A value that is exactly 0 never leaves 0's
    side of the ball, so the cap raises for it: callers settle exact ties before asking."""
    bits = START_BITS
    while bits <= MAX_BITS:
        with precision(bits):
            ball = compute()
        if ball > 0:
            return 1
        if ball < 0:
            return -1
        bits *= 2
    raise UncertifiedError(f"no proven sign up to {MAX_BITS} bits (is the value 0?)")


def fixed_decimal(value: Fraction, places: int) -> str:
    """Half-up rounding at ``places`` decimals, keeping trailing zeros: 1.2 -> "1.200"."""
    text = decimal_str(value, places)
    if places == 0:
        return text
    whole, _, fraction = text.partition(".")
    return f"{whole}.{fraction.ljust(places, '0')}"


def _scaled_text(units: int, places: int) -> str:
    sign = "-" if units < 0 else ""
    digits = str(abs(units)).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def floor_decimal(value: Fraction, places: int) -> str:
    """The largest ``places``-decimal number at most ``value`` (rounded toward −∞)."""
    scaled = value * 10**places
    return _scaled_text(scaled.numerator // scaled.denominator, places)


def ceil_decimal(value: Fraction, places: int) -> str:
    """The smallest ``places``-decimal number at least ``value`` (rounded toward +∞)."""
    scaled = value * 10**places
    return _scaled_text(-(-scaled.numerator // scaled.denominator), places)
