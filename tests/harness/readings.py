"""The number a reading on a page names, read back: what a test compares with the core's value.

A reading (generator/core/readable.py) writes a value as "0.375", "1 × 10⁻⁴", "1 − 1.3 × 10⁻⁷"
or "-2 − 1 × 10⁻⁵"; :func:`named` is the exact number that text says, so a test can hold a
shown reading to an exact or certified value.
"""

from __future__ import annotations

import re
from fractions import Fraction

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SCIENTIFIC = re.compile(r"(?P<mantissa>[0-9](?:\.[0-9]+)?) × 10(?P<exponent>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_DISTANCE = re.compile(r"(?P<whole>-?[0-9]+) (?P<sign>[−+]) (?P<distance>.+)")


def named(text: str) -> Fraction:
    """The number a reading names: "0.375", "1 × 10⁻⁴", "1 − 1.3 × 10⁻⁷", "-2 − 1 × 10⁻⁵"."""
    if text.startswith("-") and not _DISTANCE.fullmatch(text):
        return -named(text[1:])
    if distance := _DISTANCE.fullmatch(text):
        gap = named(distance["distance"])
        whole = Fraction(distance["whole"])
        return whole - gap if distance["sign"] == "−" else whole + gap
    if scientific := _SCIENTIFIC.fullmatch(text):
        exponent = int(scientific["exponent"].translate(SUPERSCRIPTS))
        return Fraction(scientific["mantissa"]) * Fraction(10) ** exponent
    assert re.fullmatch(r"[0-9]+(?:\.[0-9]{1,3})?", text), text
    return Fraction(text)
