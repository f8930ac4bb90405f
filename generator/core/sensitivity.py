"""Global sensitivity of the lesson's queries, for both kinds of neighbours, and clipping.

The global sensitivity of a query f is Δf = max |f(D) - f(D')| over neighbouring datasets.
Two neighbour relations are in use: adding or removing one record, and replacing one
record by another value. On a list of integer values:

    count           add/remove changes the count by 1; replacing keeps it: Δ = 1 and 0;
    clipped sum     each value is clipped to [-B, B] first, so one record moves the sum by
                    at most B when it comes or goes, and by up to 2B when it changes from
                    -B to B: Δ = B and 2B, replacing doubles it (it is a removal, then an
                    addition);
    sum             unclipped, one record can move it by any amount: Δ = ∞ (None here).

Clipping is what makes the sum's sensitivity finite; the price is bias, for every value
outside [-B, B] is moved to its end before it is summed.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence


class Query(enum.StrEnum):
    COUNT = "count"
    SUM = "sum"  # clipped to [-B, B] when a bound is given


class Neighbour(enum.StrEnum):
    ADD_REMOVE = "add-remove"
    REPLACE = "replace"


def clip(value: int, bound: int) -> int:
    """The value moved into [-bound, bound]."""
    if bound < 1:
        raise ValueError(f"a clipping bound must be a positive integer, got {bound!r}")
    return max(-bound, min(bound, value))


def answer(query: Query, values: Sequence[int], bound: int | None) -> int:
    """f(D): the count, or the sum of the values clipped to [-B, B] (unclipped without B)."""
    if query is Query.COUNT:
        return len(values)
    return sum(values) if bound is None else sum(clip(value, bound) for value in values)


def sensitivity(query: Query, neighbour: Neighbour, bound: int | None) -> int | None:
    """Δf for the relation, or None when it is unbounded (a sum without clipping)."""
    if query is Query.COUNT:
        return 1 if neighbour is Neighbour.ADD_REMOVE else 0
    if bound is None:
        return None
    if bound < 1:
        raise ValueError(f"a clipping bound must be a positive integer, got {bound!r}")
    return bound if neighbour is Neighbour.ADD_REMOVE else 2 * bound
