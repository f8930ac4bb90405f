"""The exact parameters of a noise mechanism or a conversion, checked at the door.

A sensitivity, a noise scale, an order or a ρ is a positive rational; an ε is a
non-negative one; a δ lies in [0, 1) or (0, 1); a number of releases is a positive int.
Floats (and bools, which Python counts as ints) are refused, so that every value the core
computes from them is fixed by exact inputs alone. Each check returns the value as a
``Fraction`` (or an ``int``), ready to store in a frozen dataclass.
"""

from __future__ import annotations

from fractions import Fraction


def _exact(name: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError(f"{name} must be an exact rational (int or Fraction), got {value!r}")
    return Fraction(value)


def positive(name: str, value: Fraction | int) -> Fraction:
    """``value`` as a Fraction, when it is an exact rational > 0."""
    exact = _exact(name, value)
    if exact <= 0:
        raise ValueError(f"{name} must be positive, got {value!r}")
    return exact


def nonnegative(name: str, value: Fraction | int) -> Fraction:
    """``value`` as a Fraction, when it is an exact rational >= 0."""
    exact = _exact(name, value)
    if exact < 0:
        raise ValueError(f"{name} must be at least 0, got {value!r}")
    return exact


def probability(name: str, value: Fraction | int, *, zero: bool) -> Fraction:
    """``value`` as a Fraction in [0, 1) (``zero=True``) or in (0, 1) (``zero=False``)."""
    exact = _exact(name, value)
    if not (0 <= exact < 1 if zero else 0 < exact < 1):
        interval = "[0, 1)" if zero else "(0, 1)"
        raise ValueError(f"{name} must lie in {interval}, got {value!r}")
    return exact


def order(name: str, value: Fraction | int) -> Fraction:
    """A Rényi order: an exact rational > 1."""
    exact = _exact(name, value)
    if exact <= 1:
        raise ValueError(f"{name} must be greater than 1, got {value!r}")
    return exact


def count(name: str, value: int) -> int:
    """A number of releases: an int >= 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be an int of at least 1, got {value!r}")
    return value
