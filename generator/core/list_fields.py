"""Lists of counts that people type: a row of weights ("9,6,1") or an event ("0,1").

A list is entries of plain digits separated by commas; spaces around an entry are allowed
and dropped. Each entry obeys the list's :class:`generator.core.input_limits.FieldLimit` (a
count), and the list itself has a number of entries, may have to list each entry once
(an event is a set), and may have to sum to more than 0 (a row of weights is a law only
up to its sum, which must not be 0). The checks run in a fixed order, so the reason is the
first rule broken: empty, length, grammar, number of entries, each entry's range, repeats,
sum. The browser reads the same rule from :meth:`ListLimit.as_json`, and the golden
vectors hold its reader to this one.

The canonical text of a list (what the address keeps) is its entries joined by ","; an
event is written in increasing order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from generator.core.input_limits import MAX_NUMBER_CHARS, MAX_OUTPUTS, OUTPUT_INDEX, WEIGHT, FieldLimit, Kind
from generator.core.rational import Refusal, read_field

_ENTRY = re.compile(r" *([0-9]+) *")


@dataclass(frozen=True)
class ListLimit:
    """One list field's rule."""

    name: str
    item: FieldLimit
    min_items: int  # 0: the empty list (text "") is allowed
    max_items: int
    distinct: bool  # each entry at most once, written in increasing order
    positive_sum: bool  # the entries must not all be 0

    def __post_init__(self) -> None:
        if self.item.kind is not Kind.COUNT:
            raise ValueError(f"{self.name}: a list holds counts")
        if not 0 <= self.min_items <= self.max_items:
            raise ValueError(f"{self.name}: bad number of entries {self.min_items}..{self.max_items}")

    def as_json(self) -> dict[str, object]:
        """The rule as the browser reads it."""
        return {
            "name": self.name,
            "kind": "list",
            "item": self.item.as_json(),
            "min_items": self.min_items,
            "max_items": self.max_items,
            "distinct": self.distinct,
            "positive_sum": self.positive_sum,
            "max_chars": MAX_NUMBER_CHARS,
        }


def read_list(limit: ListLimit, text: str) -> tuple[int, ...] | Refusal:
    """The entries of a typed list, or why it was refused."""
    if text.strip(" ") == "":
        return () if limit.min_items == 0 and len(text) <= MAX_NUMBER_CHARS else Refusal.EMPTY
    if len(text) > MAX_NUMBER_CHARS:
        return Refusal.TOO_LONG
    parts = text.split(",")
    matches = [_ENTRY.fullmatch(part) for part in parts]
    if any(match is None for match in matches):
        return Refusal.SYNTAX
    if not limit.min_items <= len(parts) <= limit.max_items:
        return Refusal.COUNT
    values: list[int] = []
    for match in matches:
        assert match is not None
        value = read_field(limit.item, match.group(1))
        if not isinstance(value, Fraction):
            return value
        values.append(int(value))
    if limit.distinct and len(set(values)) != len(values):
        return Refusal.REPEAT
    if limit.positive_sum and sum(values) == 0:
        return Refusal.ZERO_SUM
    return tuple(sorted(values)) if limit.distinct else tuple(values)


def list_text(values: tuple[int, ...]) -> str:
    """The canonical text of a valid list: "9,6,1", "" for the empty event."""
    return ",".join(str(value) for value in values)


def _weights(name: str) -> ListLimit:
    return ListLimit(name, WEIGHT, 1, MAX_OUTPUTS, distinct=False, positive_sum=True)


WEIGHTS0 = _weights("weights0")
WEIGHTS1 = _weights("weights1")
EVENT = ListLimit("event", OUTPUT_INDEX, 0, MAX_OUTPUTS, distinct=True, positive_sum=False)
