"""The lab's URL state for a catalogue example: ``mode=fresh&k=2&p=75&alpha=3.0&delta=0&alpha0=3.0``.

DESIGN.md fixes the parameters: ``mode``, ``k``, ``p`` (integer percent), ``alpha`` and
``alpha0`` with one decimal, ``delta`` as a decimal. Every text is written from the exact
value with integer arithmetic. A value the lab could not hold exactly, an α off the
0.1 grid or a δ with no finite decimal expansion, is refused rather than rounded.
"""

from __future__ import annotations

from fractions import Fraction

from generator.catalogue import Example


def one_decimal(value: Fraction) -> str:
    """α as the lab writes it: 3 -> "3.0", 57/10 -> "5.7"; refuses α off the 0.1 grid."""
    tenths = value * 10
    if tenths.denominator != 1:
        raise ValueError(f"α = {value} has no exact one-decimal form")
    whole, tenth = divmod(tenths.numerator, 10)
    return f"{whole}.{tenth}"


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


def lab_query(example: Example) -> str:
    """The query string that opens the lab on an example's inputs."""
    fields = (
        ("mode", str(example.mode)),
        ("k", str(example.k)),
        ("p", str(example.p)),
        ("alpha", one_decimal(example.alpha)),
        ("delta", exact_decimal(example.delta)),
        ("alpha0", one_decimal(example.alpha0)),
    )
    return "&".join(f"{name}={text}" for name, text in fields)
