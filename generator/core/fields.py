"""What people type, read exactly: one rule per kind of field, and one reader per kind.

Every exact value a person types, on the command line, in a lab's fields or in its URL
parameters, is read by a *limit*: a frozen rule that knows its kind, its interval and its
grammar. Each limit reads a text into a value or answers the :class:`Refusal` that says
why not (:meth:`read`), writes a value back as the canonical text the address keeps
(:meth:`text`), and describes itself as JSON for the browser (:meth:`as_json`), whose
reader (``exact/fields.mjs``) dispatches on the same ``kind`` and obeys the same rule; the
golden vectors' parse cases hold the two readers equal, text by text.

The kinds:

========  =======================================  =========================  ===============
kind      grammar                                  value                      canonical text
========  =======================================  =========================  ===============
count     plain digits (k, p)                      ``int``                    ``"20"``
number    the exact-number grammar (α, δ, α₀)      ``Fraction``               ``"3.0"``, ``"1/3"``
integer   digits with an optional leading ``-``    ``int``                    ``"-3"``
choice    one of a few names (a radio group)       ``str``                    the name
list      entries of a count or an integer, ``,``  ``tuple[int, ...]``        ``"9,6,1"``
pairs     entries ``a:b`` of two numbers, ``,``    ``tuple[(a, b), ...]``     ``"3:0,2:0.01"``
matrix    rows ``;`` of entries ``,``              ``tuple[tuple[...], ...]`` ``"1,0;0,1"``
========  =======================================  =========================  ===============

The exact-number grammar (:func:`parse_rational`): a plain decimal (``3``, ``5.7``, ``.5``), a
ratio of plain integers (``57/10``), or a plain decimal in scientific notation (``1e-5`` is
exactly 1/100000, ``2.5E3`` is 2500; the exponent has at most three digits, so no text can
ask for a number of more than a thousand digits). Signs, spaces, ``nan`` and ``inf`` are
refused. At most :data:`MAX_NUMBER_CHARS` characters are read.

Every reader checks in a fixed order, so the reason is the first rule broken and a field's
message never depends on luck: empty, length, grammar, then the kind's own rules (number
of entries, grid, interval, repeats, sums), in the order each class's docstring gives.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar, Protocol

# The longest text any field accepts. Long enough for every number the core prints back
# (the composition lab's largest composed α, (999/10)^100, is 402 characters); short enough
# that parsing stays far below CPython's 4,300-digit int limit.
MAX_NUMBER_CHARS = 1000

_DECIMAL = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_PLAIN_DECIMAL = re.compile(_DECIMAL)
_SCIENTIFIC = re.compile(rf"(?P<mantissa>{_DECIMAL})[eE](?P<exponent>[+-]?[0-9]{{1,3}})")
_RATIO = re.compile(r"[0-9]+/[0-9]+")
_DIGITS = re.compile(r"[0-9]+")
_INTEGER = re.compile(r"-?[0-9]+")
_SIGNED_DECIMAL = re.compile(rf"-?{_DECIMAL}")


class Refusal(StrEnum):
    """Why a typed field was refused (a lab shows one message per reason and field)."""

    EMPTY = "empty"  # nothing typed, or the URL parameter is missing
    TOO_LONG = "too-long"  # more than MAX_NUMBER_CHARS characters
    SYNTAX = "syntax"  # not the field's grammar: letters, signs, spaces, a zero denominator
    STEP = "step"  # off the field's grid (k = 2.5, α = 3.05)
    RANGE = "range"  # outside the field's interval
    COUNT = "count"  # fewer or more entries (or rows, or columns) than the field allows
    REPEAT = "repeat"  # an entry listed twice where each may appear once (an event)
    ZERO_SUM = "zero-sum"  # a row of weights that sums to 0
    SHAPE = "shape"  # matrix rows of different lengths
    ROW_SUM = "row-sum"  # a matrix row of fractions that does not sum to 1


class RationalSyntaxError(ValueError):
    """A text that is not the exact-number grammar."""


class NumberTooLongError(RationalSyntaxError):
    """A text longer than :data:`MAX_NUMBER_CHARS`, whatever it holds."""


def parse_rational(text: str) -> Fraction:
    """``3``, ``5.7``, ``57/10`` or ``1e-5`` as an exact, non-negative ``Fraction``."""
    if not isinstance(text, str):
        raise TypeError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_NUMBER_CHARS:
        raise NumberTooLongError(
            f"too long: {len(text):,} characters, at most {MAX_NUMBER_CHARS:,} are accepted"
        )
    if _PLAIN_DECIMAL.fullmatch(text):
        return Fraction(text)
    if scientific := _SCIENTIFIC.fullmatch(text):
        # m·10^e exactly: Fraction reads the mantissa's decimal digits, the power is an integer.
        return Fraction(scientific["mantissa"]) * Fraction(10) ** int(scientific["exponent"])
    if _RATIO.fullmatch(text):
        numerator, denominator = (int(part) for part in text.split("/"))
        if denominator == 0:
            raise RationalSyntaxError("zero denominator")
        return Fraction(numerator, denominator)
    raise RationalSyntaxError(f"not a decimal, a fraction or a decimal with an exponent: {text!r}")


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


def number_text(value: Fraction) -> str:
    """An exact number as the address keeps it when it has no grid: its shortest decimal
    ("0.374"), or its reduced fraction when no finite decimal equals it ("1/3")."""
    try:
        return exact_decimal(value)
    except ValueError:
        return f"{value.numerator}/{value.denominator}"


class Kind(StrEnum):
    """How a :class:`FieldLimit`'s text is read."""

    COUNT = "count"  # plain digits: k, p
    NUMBER = "number"  # the exact-number grammar: α, δ, α₀


@dataclass(frozen=True)
class FieldLimit:
    """A count or an exact number: its kind, its closed interval, and the grid it lies on.

    ``grid`` is the number of decimals a value may have (0: an integer, 1: tenths) or
    ``None`` when any exact value in the interval is allowed. ``high`` is ``None`` for an
    interval with no upper end (α on the command line). Checks: empty, length, grammar,
    grid, interval. A count's value is an ``int``, a number's a ``Fraction``.

    The canonical text of a number keeps exactly ``grid`` decimals ("3.0") when ``fixed``,
    else it is the shortest decimal ("1.1") or the reduced fraction ("1/3").
    """

    name: str
    kind: Kind
    low: Fraction
    high: Fraction | None
    grid: int | None
    fixed: bool = True

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

    def read_exact(self, text: str) -> Fraction | Refusal:
        """The exact value of the text, a count's too, or why it was refused."""
        if text == "":
            return Refusal.EMPTY
        if len(text) > MAX_NUMBER_CHARS:
            return Refusal.TOO_LONG
        try:
            value = parse_rational(text)
        except RationalSyntaxError:
            return Refusal.SYNTAX
        if self.kind is Kind.COUNT and not _DIGITS.fullmatch(text):
            return Refusal.STEP if _PLAIN_DECIMAL.fullmatch(text) else Refusal.SYNTAX
        if not self.on_grid(value):
            return Refusal.STEP
        if not self.in_range(value):
            return Refusal.RANGE
        return value

    def read(self, text: str) -> int | Fraction | Refusal:
        value = self.read_exact(text)
        if isinstance(value, Fraction) and self.kind is Kind.COUNT:
            return value.numerator
        return value

    @property
    def places(self) -> int | None:
        """The decimals the canonical text keeps (None: the shortest exact form)."""
        return self.grid if self.fixed and self.grid else None

    def text(self, value: object) -> str:
        if self.kind is Kind.COUNT:
            return str(_whole(value))
        exact = _fraction(value)
        return number_text(exact) if self.places is None else fixed_decimal(exact, self.places)

    def as_json(self) -> dict[str, object]:
        """The limit as the browser reads it: bounds as exact strings, ``None`` as null."""
        return {
            "name": self.name,
            "kind": str(self.kind),
            "low": str(self.low),
            "high": None if self.high is None else str(self.high),
            "grid": self.grid,
            "places": self.places,
            "max_chars": MAX_NUMBER_CHARS,
        }


@dataclass(frozen=True)
class IntegerLimit:
    """A signed integer typed as plain digits with an optional leading ``-``, in [low, high].

    A signed decimal ("2.5") is off the grid ("step"); "+2", "2e1" and "−2" (not the ASCII
    minus) are not the grammar. Checks: empty, length, grammar, interval.
    """

    name: str
    low: int
    high: int
    kind: ClassVar[str] = "integer"

    def read(self, text: str) -> int | Refusal:
        if text == "":
            return Refusal.EMPTY
        if len(text) > MAX_NUMBER_CHARS:
            return Refusal.TOO_LONG
        if not _INTEGER.fullmatch(text):
            return Refusal.STEP if _SIGNED_DECIMAL.fullmatch(text) else Refusal.SYNTAX
        value = int(text)
        return value if self.low <= value <= self.high else Refusal.RANGE

    def text(self, value: object) -> str:
        return str(_whole(value))

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "low": str(self.low),
            "high": str(self.high),
            "grid": 0,
            "max_chars": MAX_NUMBER_CHARS,
        }


@dataclass(frozen=True)
class ChoiceLimit:
    """One of a few names (a radio group): "empty" for nothing, "syntax" for any other text."""

    name: str
    choices: tuple[str, ...]
    kind: ClassVar[str] = "choice"

    def read(self, text: str) -> str | Refusal:
        if text == "":
            return Refusal.EMPTY
        return text if text in self.choices else Refusal.SYNTAX

    def text(self, value: object) -> str:
        return str(value)

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "choices": list(self.choices),
            "max_chars": MAX_NUMBER_CHARS,
        }


EntryLimit = FieldLimit | IntegerLimit

_SPACED = re.compile(r" *([^ ,;:]+) *")


@dataclass(frozen=True)
class ListLimit:
    """Entries of a count or a signed integer separated by ",", spaces (U+0020) around an
    entry dropped: a row of weights ("9,6,1"), an event ("0,1"), a database ("3,-1,7").

    The list may be empty (``min_items`` 0: the text "" or only spaces), may have to list each
    entry once (``distinct``: an event is a set, written in increasing order) and may have to
    sum to more than 0 (``positive_sum``: a row of weights is a law only up to its sum).
    Checks: empty, length, grammar (every entry), number of entries, each entry's own rule in
    order, repeats, sum.
    """

    name: str
    item: EntryLimit
    min_items: int
    max_items: int
    distinct: bool = False
    positive_sum: bool = False
    kind: ClassVar[str] = "list"

    def __post_init__(self) -> None:
        if isinstance(self.item, FieldLimit) and self.item.kind is not Kind.COUNT:
            raise ValueError(f"{self.name}: a list holds counts or integers")
        if not 0 <= self.min_items <= self.max_items:
            raise ValueError(f"{self.name}: bad number of entries {self.min_items}..{self.max_items}")

    def read(self, text: str) -> tuple[int, ...] | Refusal:
        if text.strip(" ") == "":
            return () if self.min_items == 0 and len(text) <= MAX_NUMBER_CHARS else Refusal.EMPTY
        if len(text) > MAX_NUMBER_CHARS:
            return Refusal.TOO_LONG
        entries = _entries(text, ",", _INTEGER if isinstance(self.item, IntegerLimit) else _DIGITS)
        if entries is None:
            return Refusal.SYNTAX
        if not self.min_items <= len(entries) <= self.max_items:
            return Refusal.COUNT
        values: list[int] = []
        for entry in entries:
            value = self.item.read(entry)
            if isinstance(value, Refusal):
                return value
            values.append(_whole(value))
        if self.distinct and len(set(values)) != len(values):
            return Refusal.REPEAT
        if self.positive_sum and sum(values) == 0:
            return Refusal.ZERO_SUM
        return tuple(sorted(values)) if self.distinct else tuple(values)

    def text(self, value: object) -> str:
        return ",".join(str(_whole(entry)) for entry in _items(value))

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "item": self.item.as_json(),
            "min_items": self.min_items,
            "max_items": self.max_items,
            "distinct": self.distinct,
            "positive_sum": self.positive_sum,
            "max_chars": MAX_NUMBER_CHARS,
        }


@dataclass(frozen=True)
class PairsLimit:
    """Entries "a:b" of two exact numbers separated by ",": the steps "3:0, 2:0.01" of a
    composition (each α by ``first``, each δ by ``second``). Checks: empty, length, grammar
    (every entry), number of entries, then each entry's a and b in order."""

    name: str
    first: FieldLimit
    second: FieldLimit
    max_items: int
    kind: ClassVar[str] = "pairs"

    def read(self, text: str) -> tuple[tuple[Fraction, Fraction], ...] | Refusal:
        if text.strip(" ") == "":
            return Refusal.EMPTY
        if len(text) > MAX_NUMBER_CHARS:
            return Refusal.TOO_LONG
        pairs = [part.split(":") for part in text.split(",")]
        if any(len(pair) != 2 or not all(_SPACED.fullmatch(side) for side in pair) for pair in pairs):
            return Refusal.SYNTAX
        if not 1 <= len(pairs) <= self.max_items:
            return Refusal.COUNT
        values = []
        for a, b in pairs:
            first = self.first.read_exact(a.strip(" "))
            if isinstance(first, Refusal):
                return first
            second = self.second.read_exact(b.strip(" "))
            if isinstance(second, Refusal):
                return second
            values.append((first, second))
        return tuple(values)

    def text(self, value: object) -> str:
        return ",".join(f"{self.first.text(a)}:{self.second.text(b)}" for a, b in _pairs(value))

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "first": self.first.as_json(),
            "second": self.second.as_json(),
            "min_items": 1,
            "max_items": self.max_items,
            "max_chars": MAX_NUMBER_CHARS,
        }


@dataclass(frozen=True)
class MatrixLimit:
    """A matrix "1,0; 1/2,1/2": rows separated by ";", entries by ",", spaces around an entry
    dropped, every entry an exact number. A row of plain integers is weights (each at most
    ``weight``'s high end; divided by their sum, which must not be 0); any other row is exact
    fractions that must sum to 1. Checks: empty, length, grammar (every entry), number of rows
    and of columns, equal row lengths, then each row in order (a weight's own rule, its sum)."""

    name: str
    weight: FieldLimit
    max_rows: int
    max_columns: int
    kind: ClassVar[str] = "matrix"

    def read(self, text: str) -> tuple[tuple[Fraction, ...], ...] | Refusal:
        if text.strip(" ") == "":
            return Refusal.EMPTY
        if len(text) > MAX_NUMBER_CHARS:
            return Refusal.TOO_LONG
        rows = [_entries(row, ",", None) for row in text.split(";")]
        if any(row is None for row in rows):
            return Refusal.SYNTAX
        typed = [row for row in rows if row is not None]
        try:
            values = [tuple(parse_rational(entry) for entry in row) for row in typed]
        except RationalSyntaxError:
            return Refusal.SYNTAX
        if not 1 <= len(typed) <= self.max_rows or any(
            not 1 <= len(row) <= self.max_columns for row in typed
        ):
            return Refusal.COUNT
        if len({len(row) for row in typed}) != 1:
            return Refusal.SHAPE
        for entries, numbers in zip(typed, values, strict=True):
            if all(_DIGITS.fullmatch(entry) for entry in entries):
                for entry in entries:
                    if isinstance(read := self.weight.read(entry), Refusal):
                        return read
                if sum(numbers) == 0:
                    return Refusal.ZERO_SUM
            elif sum(numbers) != 1:
                return Refusal.ROW_SUM
        return tuple(values)

    def text(self, value: object) -> str:
        return ";".join(
            ",".join(number_text(_fraction(entry)) for entry in _items(row)) for row in _items(value)
        )

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind,
            "weight": self.weight.as_json(),
            "max_rows": self.max_rows,
            "max_columns": self.max_columns,
            "max_chars": MAX_NUMBER_CHARS,
        }


class Limit(Protocol):
    """What every kind of field rule offers (the classes above)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...

    def read(self, text: str) -> object: ...

    def text(self, value: object) -> str: ...

    def as_json(self) -> dict[str, object]: ...


AnyLimit = FieldLimit | IntegerLimit | ChoiceLimit | ListLimit | PairsLimit | MatrixLimit


def read_field(limit: FieldLimit, text: str) -> Fraction | Refusal:
    """The exact value of a count or a number (a count's too), or why it was refused."""
    return limit.read_exact(text)


def _entries(text: str, separator: str, grammar: re.Pattern[str] | None) -> list[str] | None:
    """The entries of ``text`` split at ``separator``, spaces around each dropped; None when
    an entry is empty or (given a ``grammar``) does not match it."""
    entries = []
    for part in text.split(separator):
        spaced = _SPACED.fullmatch(part)
        if spaced is None or (grammar is not None and not grammar.fullmatch(spaced.group(1))):
            return None
        entries.append(spaced.group(1))
    return entries


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) or int(value) != value:
        raise TypeError(f"an integer value expected, got {value!r}")
    return int(value)


def _fraction(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise TypeError(f"an exact value expected, got {value!r}")
    return Fraction(value)


def _items(value: object) -> tuple[object, ...]:
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"a sequence expected, got {value!r}")
    return tuple(value)


def _pairs(value: object) -> tuple[tuple[object, object], ...]:
    pairs = []
    for pair in _items(value):
        a, b = _items(pair)
        pairs.append((a, b))
    return tuple(pairs)
