"""How an exact value reads: a short fraction as it is, a long one in a few digits.

A reduced fraction is the truth, but at k = 100 one δ* has about 120 digits and a composed
α = 3^100 has 48: nobody reads that. :func:`readable` gives each exact value

- ``exact``: the reduced fraction string, always (it stays in ``data-exact``);
- ``approx``: a short reading, or ``None`` for a short integer, which needs none;
- ``equal``: whether ``approx`` is the value exactly ("=") or rounded ("≈");
- ``long``: whether ``exact`` is longer than :data:`SHORT_CHARS`, so that ``approx`` is
  shown first and the fraction one action away.

The reading never says "≈ 1" or "≈ 0" for a value that is neither. Let n be the value rounded
half-up at 3 decimals (:func:`~generator.core.rational.decimal_str`):

- below 1/100, or from 10^6 on, the value is written in scientific notation with
  :data:`SIGNIFICANT` significant digits: 1/10⁴ → "1 × 10⁻⁴", 3^100 → "5.15 × 10⁴⁷";
- when n is a whole number that is not the value, the distance is written instead:
  0.99999987 → "1 − 1.3 × 10⁻⁷" (the reader sees that it is not 1);
- otherwise n itself: 3/8 → "0.375", 1/3 → "0.333".

Scientific notation is found on integers alone. For v = a/b > 0 the exponent e with
10^e ≤ v < 10^(e+1) starts from the digit counts of a and b (it is one of two neighbours)
and is settled by exact comparison; the mantissa is floor(v·10^(s−1−e) + 1/2), an integer
of s digits, or 10^s when the rounding carries, which moves e up by one. No float is made.

:func:`output_set_text` writes an event, a set of outputs, with runs of three or more
consecutive whole-number outputs as a range: {0, 1, …, 49} reads "{0, …, 49}".

:func:`reading` is the short reading alone; :func:`certified_reading` proves one for an
irrational value given as a ball, and :func:`reading_up` reads a bound rounded up, so that the
text shown is itself a bound.

The lab's engine mirrors both (``site_overrides/assets/javascripts/lab/exact/readable.mjs``),
and the composition lab's golden vectors (``readable_cases``) hold the two equal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import Enclosure, ceil_decimal, settle
from generator.core.rational import decimal_str, fraction_str

SHORT_CHARS = 13  # "1023/1048576" (k = 10) is shown in full; a 36-digit α is not
SIGNIFICANT = 3
POINT_DIGITS = 6  # significant digits of a chart coordinate (point_text)
_SMALL = Fraction(1, 100)
_LARGE = 10**6
_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
MINUS = "\u2212"
RUN = 3  # consecutive outputs from which a set is written as a range
_WHOLE = re.compile(r"0|[1-9][0-9]*")


def power_of_ten(exponent: int) -> str:
    """10 to an integer power, written with superscripts: 10⁴⁷, 10⁻⁶."""
    return "10" + str(exponent).translate(_SUPERSCRIPT)


@dataclass(frozen=True)
class Readable:
    """An exact value with its short reading (see the module's rules)."""

    exact: str
    approx: str | None
    equal: bool
    long: bool

    @property
    def text(self) -> str:
        """Plain text: "3/8 = 0.375", "1/3 ≈ 0.333", "2", or for a long value "≈ 5.15 × 10⁴⁷"."""
        if self.approx is None:
            return self.exact
        relation = "=" if self.equal else "≈"
        if self.long:
            return self.approx if self.equal else f"{relation} {self.approx}"
        return f"{self.exact} {relation} {self.approx}"

    def as_json(self) -> dict[str, object]:
        return {"exact": self.exact, "approx": self.approx, "equal": self.equal, "long": self.long}


def _digit_count(number: int) -> int:
    """How many decimal digits a positive integer has, without writing it out.

    Its bit length b gives n >= 2^(b-1), so d >= ⌊(b - 1)·0.30102⌋ + 1 (0.30102 < log₁₀ 2);
    exact comparisons with powers of 10 count up from there, once or twice below 60 000 bits.
    """
    digits = (number.bit_length() - 1) * 30102 // 100000 + 1
    while number >= 10**digits:
        digits += 1
    return digits


def _exponent(value: Fraction) -> int:
    """The e with 10^e ≤ value < 10^(e+1), for value > 0."""
    numerator, denominator = value.numerator, value.denominator
    exponent = _digit_count(numerator) - _digit_count(denominator)  # e is this or one less
    if value < Fraction(10) ** exponent:
        exponent -= 1
    return exponent


def _scientific(value: Fraction, up: bool = False) -> tuple[str, Fraction]:
    """value > 0 as "m.mm × 10^e" with SIGNIFICANT digits (the mantissa rounded half-up, or
    up when ``up``), and the number that text names."""
    exponent = _exponent(value)
    scale = Fraction(10) ** (SIGNIFICANT - 1 - exponent)
    scaled = value * scale
    mantissa = -(-scaled.numerator // scaled.denominator) if up else int(scaled + Fraction(1, 2))
    if mantissa == 10**SIGNIFICANT:  # 9.995 × 10^e rounds up to 1.00 × 10^(e+1)
        mantissa, exponent = 10 ** (SIGNIFICANT - 1), exponent + 1
        scale /= 10
    shown = Fraction(mantissa) / scale
    digits = str(mantissa)
    head, tail = digits[0], digits[1:].rstrip("0")
    text = f"{head}.{tail}" if tail else head
    return f"{text} × {power_of_ten(exponent)}", shown


def _approximation(value: Fraction) -> tuple[str, Fraction]:
    """value ≠ 0: its reading and the number that reading names."""
    size = abs(value)
    if size < _SMALL or size >= _LARGE:
        text, shown = _scientific(size)
        return ("-" + text, -shown) if value < 0 else (text, shown)
    decimal = decimal_str(value)  # "-2" for -2.00001: the distance then goes further down
    rounded = Fraction(decimal)
    if rounded.denominator == 1 and rounded != value:
        distance, shown = _scientific(abs(value - rounded))
        if value < rounded:
            return f"{decimal} {MINUS} {distance}", rounded - shown
        return f"{decimal} + {distance}", rounded + shown
    return decimal, rounded


def reading(value: Fraction | int) -> str:
    """The short reading of a value, by the module's rules, even where :func:`readable` needs
    none: 3/8 -> "0.375", 2 -> "2", 1/10⁴ -> "1 × 10⁻⁴"."""
    value = Fraction(value)
    return "0" if value == 0 else _approximation(value)[0]


def point_text(value: Fraction) -> str:
    """A value >= 0 as the E-notation a chart reads, 6 significant digits rounded half-up
    (a coordinate only, never a shown number): 1/3 -> "333333e-6", 0 -> "0". Python's
    ``Fraction`` and the browser's ``Number`` both read it."""
    if value <= 0:
        return "0"
    exponent = _exponent(value) - (POINT_DIGITS - 1)
    return f"{int(value / Fraction(10) ** exponent + Fraction(1, 2))}e{exponent}"


def reading_up(value: Fraction) -> str:
    """A reading of a bound on a probability that is itself a bound: ``value`` rounded up, at
    3 decimals from 1/100 on and in scientific notation below; "1" from 1 on, where every
    probability lies. 0.0123 -> "0.013", 1.3e-7 -> "1.3 × 10⁻⁷", 0.9996 -> "1"."""
    if value >= 1:
        return "1"
    if value >= _SMALL:
        return ceil_decimal(value, 3).rstrip("0").rstrip(".")
    return _scientific(value, up=True)[0] if value > 0 else "0"


def certified_reading(compute: Callable[[], arb]) -> tuple[Enclosure, str]:
    """The short reading of an irrational value, proven: ``compute()`` is its arb ball, and the
    precision rises (:func:`~generator.core.certified.settle`) until both ends of the ball
    have one :func:`reading`. δ(ε) of a Gaussian, about 1.27 × 10⁻⁹, reads "1.27 × 10⁻⁹"
    only once every point of its enclosure does."""

    def read(found: Enclosure) -> str | None:
        low, high = reading(found.lower), reading(found.upper)
        return low if low == high else None

    return settle(compute, read, "reading")


def certified_reading_up(compute: Callable[[], arb]) -> tuple[Enclosure, str]:
    """The reading of an upper bound given as a ball: its upper end rounded up
    (:func:`reading_up`), once both ends of the ball round up to the same text, so that the
    text is the value's own rounding up and is itself an upper bound."""

    def read(found: Enclosure) -> str | None:
        low, high = reading_up(found.lower), reading_up(found.upper)
        return high if low == high else None

    return settle(compute, read, "reading rounded up")


def readable(value: Fraction | int) -> Readable:
    """The reading of an exact value; a negative one starts with "-", as decimal_str writes it."""
    value = Fraction(value)
    exact = fraction_str(value)
    long = len(exact) > SHORT_CHARS
    if value == 0 or (value.denominator == 1 and not long):
        return Readable(exact, None, True, long)
    text, shown = _approximation(value)
    return Readable(exact, text, shown == value, long)


def output_set_text(labels: Sequence[str]) -> str:
    """An event as a set: "{0}", "{00, 11}", "{0, …, 49}", or "∅" for the empty event.

    A run of at least :data:`RUN` whole-number labels, each one more than the last, is
    written by its ends; any other label stands for itself."""
    if not labels:
        return "∅"
    parts: list[str] = []
    run: list[str] = []

    def close() -> None:
        parts.extend([f"{run[0]}, …, {run[-1]}"] if len(run) >= RUN else run)
        run.clear()

    def follows(label: str, last: str) -> bool:
        return bool(_WHOLE.fullmatch(label) and _WHOLE.fullmatch(last)) and int(label) == int(last) + 1

    for label in labels:
        if run and not follows(label, run[-1]):
            close()
        run.append(label)
    close()
    return "{" + ", ".join(parts) + "}"
