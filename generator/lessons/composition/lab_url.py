"""The lab's URL state for a catalogue example: ``mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0``.

DESIGN.md fixes the parameters: ``mode``, ``k``, ``p`` (integer percent), ``alpha`` and
``alpha0`` with one decimal, ``delta`` as a decimal. Every text is written from the exact
value with integer arithmetic, by :func:`field_text`, which the lab's engine mirrors
(``canonicalNumber``): a value on a field's grid keeps exactly that many decimals, and a
value with no grid is written as its shortest decimal, or as its reduced fraction when no
finite decimal equals it (δ = 1/3 is ``1/3``, never a rounded ``0.333``). A value off its
field's grid is refused rather than rounded.
"""

from __future__ import annotations

from fractions import Fraction

from generator.core.input_limits import LAB_ALPHA, LAB_ALPHA0, LAB_DELTA, LAB_K, FieldLimit, P
from generator.core.rational import fraction_str
from generator.lessons.composition.catalogue import Example


def fixed_decimal(value: Fraction, places: int) -> str:
    """A value on the 10^-places grid with exactly ``places`` decimals: (3, 1) -> "3.0",
    (57/10, 1) -> "5.7"; refuses a value off that grid."""
    scaled = value * 10**places
    if scaled.denominator != 1:
        raise ValueError(f"{value} has no exact {places}-decimal form")
    whole, rest = divmod(scaled.numerator, 10**places)
    return f"{whole}.{rest:0{places}d}" if places else str(whole)


def exact_decimal(value: Fraction) -> str:
    """The shortest decimal equal to a value: 0 -> "0", 18/25 -> "0.72", 187/500 -> "0.374".

    A reduced fraction has a finite decimal exactly when its denominator is 2^a 5^b; then
    10^n · value is an integer for n = max(a, b), and the trailing zeros are dropped.
    """
    rest, twos, fives = value.denominator, 0, 0
    while rest % 2 == 0:
        rest, twos = rest // 2, twos + 1
    while rest % 5 == 0:
        rest, fives = rest // 5, fives + 1
    if rest != 1:
        raise ValueError(f"{value} has no finite decimal form")
    places = max(twos, fives)
    digits = str(value.numerator * 10**places // value.denominator).rjust(places + 1, "0")
    if places == 0:
        return digits
    whole, fraction = digits[:-places], digits[-places:].rstrip("0")
    return f"{whole}.{fraction}" if fraction else whole


def field_text(limit: FieldLimit, value: Fraction) -> str:
    """A field's value as the URL holds it: "3", "5.7", "0.374", "1/3"."""
    if limit.grid is not None:
        return fixed_decimal(value, limit.grid)
    try:
        return exact_decimal(value)
    except ValueError:
        return fraction_str(value)


def lab_query(example: Example) -> str:
    """The query string that opens the lab on an example's inputs."""
    fields = (
        ("mode", str(example.mode)),
        ("k", field_text(LAB_K, Fraction(example.k))),
        ("p", field_text(P, Fraction(example.p))),
        ("alpha", field_text(LAB_ALPHA, example.alpha)),
        ("delta", field_text(LAB_DELTA, example.delta)),
        ("alpha0", field_text(LAB_ALPHA0, example.alpha0)),
    )
    return "&".join(f"{name}={text}" for name, text in fields)
