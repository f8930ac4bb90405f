"""Every limit on what people type, defined once.

One grammar reads every exact number a person types, on the command line, in the lab's
fields and in its URL parameters (:func:`generator.core.rational.parse_rational`): a plain
decimal (``3``, ``5.7``, ``.5``) or a ratio of plain integers (``57/10``), at most
:data:`MAX_NUMBER_CHARS` characters long. Counts (k, p) are plain digits. What differs from
place to place is only the interval a value must lie in and the grid it must sit on; each
such rule is one :class:`FieldLimit` here.

The lab's limits reach the browser as data: the page writes each field's
:meth:`FieldLimit.as_json` into the field's markup, and the golden vectors carry them to the
engine's tests, so the BigInt engine never types a limit of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

# The longest text any field accepts. Long enough for every number the core prints back:
# the lab's largest composed α, α₀^q = (999/10)^100, is 300 + 1 + 101 = 402 characters.
# Short enough that parsing stays far below CPython's 4,300-digit int limit.
MAX_NUMBER_CHARS = 1000


class Kind(StrEnum):
    """How a field's text is read."""

    COUNT = "count"  # plain digits: k, p
    NUMBER = "number"  # the exact-number grammar: α, δ, α₀


@dataclass(frozen=True)
class FieldLimit:
    """One field's rule: its kind, its closed interval, and the grid it must lie on.

    ``grid`` is the number of decimals a value may have (0: an integer, 1: tenths) or
    ``None`` when any exact value in the interval is allowed. ``high`` is ``None`` for an
    interval with no upper end (α on the command line).
    """

    name: str
    kind: Kind
    low: Fraction
    high: Fraction | None
    grid: int | None

    def __post_init__(self) -> None:
        if self.high is not None and self.high < self.low:
            raise ValueError(f"{self.name}: empty interval [{self.low}, {self.high}]")
        if self.kind is Kind.COUNT and self.grid != 0:
            raise ValueError(f"{self.name}: a count lies on the integer grid")

    def on_grid(self, value: Fraction) -> bool:
        """Is ``value`` a multiple of 10^-grid? (always, without a grid)"""
        return self.grid is None or (value * 10**self.grid).denominator == 1

    def in_range(self, value: Fraction) -> bool:
        return self.low <= value and (self.high is None or value <= self.high)

    def as_json(self) -> dict[str, object]:
        """The limit as the browser reads it: bounds as exact strings, ``None`` as null."""
        return {
            "name": self.name,
            "kind": str(self.kind),
            "low": str(self.low),
            "high": None if self.high is None else str(self.high),
            "grid": self.grid,
            "max_chars": MAX_NUMBER_CHARS,
        }


def _count(name: str, low: int, high: int) -> FieldLimit:
    return FieldLimit(name, Kind.COUNT, Fraction(low), Fraction(high), 0)


P = _count("p", 0, 100)  # an integer percent, everywhere

# The lab (fields and URL). k stops at 100 so that every update stays interactive; α and α₀
# lie on the 0.1 grid, which is what the URL writes (one decimal) and the stepper keeps.
LAB_K = _count("k", 1, 100)
LAB_ALPHA = FieldLimit("alpha", Kind.NUMBER, Fraction(1), Fraction(100), 1)
LAB_DELTA = FieldLimit("delta", Kind.NUMBER, Fraction(0), Fraction(1), None)
LAB_ALPHA0 = FieldLimit("alpha0", Kind.NUMBER, Fraction(1), Fraction(100), 1)
LAB_FIELDS: tuple[FieldLimit, ...] = (LAB_K, P, LAB_ALPHA, LAB_DELTA, LAB_ALPHA0)

# The command line answers one query at a time, so it goes further: k up to 100 000 (beyond
# that one query takes minutes and gigabytes) and any exact α >= 1.
CLI_K = _count("k", 1, 100_000)
CLI_ALPHA = FieldLimit("alpha", Kind.NUMBER, Fraction(1), None, None)

# The SCORM pass mark, in percent of correct answers.
MASTERY = _count("mastery", 0, 100)

# The events lab: a channel typed as two rows of non-negative integer weights over at most
# MAX_OUTPUTS outputs (2^8 = 256 events, each drawn), and an event listing output indices.
MAX_OUTPUTS = 8
WEIGHT = _count("weight", 0, 1_000_000)
OUTPUT_INDEX = _count("output", 0, MAX_OUTPUTS - 1)
