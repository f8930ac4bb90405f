"""The sensitivity lesson's reference examples: a small database, a query, a neighbour, a mechanism.

The rows are the ``catalogue`` section of ``lesson.json``, read strictly into :class:`Example`;
a bad row is an error that names the file and the row. Every row holds the same keys:

- ``values``: the database, 1 to :data:`MAX_RECORDS` integers (for the k-ary and exponential
  mechanisms, categories 0..k-1: each record is one person's answer);
- ``query`` and ``mechanism``, in one of three pairings (:data:`QUERIES`):
  ``geometric`` on ``count`` or ``sum`` (clipped to [-B, B] when ``bound`` is set, unclipped
  when it is null), ``k-ary`` on ``answer`` (the first record's category: randomized
  response run by that person on their own answer), ``exponential`` on ``mode`` (pick the
  most common category, with score u(c) = the number of records in category c);
- ``neighbour``: ``add-remove`` or ``replace`` (k-ary response is local: ``replace`` only);
- ``alpha0``: the exact string α₀ >= 1 (the geometric ratio is 1/α₀, k-ary response's truth
  odds are α₀, the exponential weights are α₀^u);
- ``range``: the outputs [lo, hi]; for the categories it is [0, k - 1], and for the
  geometric mechanism it must hold both neighbours' answers;
- ``k``: the number of categories, null for the geometric mechanism;
- ``tolerance``: τ of the accuracy P(|Y - t| <= τ) on D (0 for the categories: the chance to
  release the true one); ``preset``: shown as a preset button of the lab.

:meth:`Example.neighbours` builds the worst neighbour D′ of the database D for the relation
(see there), and :meth:`Example.channel` the mechanism's two exact laws on D and D′.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from generator.core.discrete_noise import exponential_channel, geometric_channel, k_ary_channel
from generator.core.finite_channel import FiniteChannel
from generator.core.profile import check_alpha
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.rational import parse_rational
from generator.core.sensitivity import Neighbour, Query, answer, clip, sensitivity
from generator.course.lesson_data import BOOL, INT, INTS, STR, slugged_rows
from generator.lessons.sensitivity.data import FILE

MAX_RECORDS = 10
INT_OR_NULL = "an integer or null"  # checked by _example: lesson_data knows no nullable kinds


class Mechanism(enum.StrEnum):
    GEOMETRIC = "geometric"
    K_ARY = "k-ary"
    EXPONENTIAL = "exponential"


ANSWER, MODE = "answer", "mode"
QUERIES: dict[Mechanism, tuple[str, ...]] = {
    Mechanism.GEOMETRIC: (Query.COUNT.value, Query.SUM.value),
    Mechanism.K_ARY: (ANSWER,),
    Mechanism.EXPONENTIAL: (MODE,),
}


@dataclass(frozen=True)
class Neighbours:
    """D and D′ and the answers the mechanism is run on (for ``mode``: the true mode of each)."""

    database0: tuple[int, ...]
    database1: tuple[int, ...]
    answer0: int
    answer1: int


def histogram(values: tuple[int, ...], k: int) -> tuple[int, ...]:
    """The exponential mechanism's scores: u(c) = how many records are in category c."""
    return tuple(values.count(c) for c in range(k))


def mode(values: tuple[int, ...], k: int) -> int:
    """The most common category (the lowest one on a tie)."""
    scores = histogram(values, k)
    return scores.index(max(scores))


@dataclass(frozen=True)
class Example:
    slug: str
    title: str
    values: tuple[int, ...]
    query: str
    bound: int | None  # B of the clipped sum; None: no clipping
    neighbour: Neighbour
    mechanism: Mechanism
    alpha0: Fraction
    lo: int
    hi: int
    k: int | None  # the number of categories (k-ary and exponential rows)
    tolerance: int
    preset: bool

    def __post_init__(self) -> None:
        check_alpha(self.alpha0)
        if not 1 <= len(self.values) <= MAX_RECORDS:
            raise ValueError(f"a database holds 1 to {MAX_RECORDS} records, not {len(self.values)}")
        if self.query not in QUERIES[self.mechanism]:
            expected = QUERIES[self.mechanism]
            raise ValueError(f"the {self.mechanism} mechanism answers {expected}, not {self.query!r}")
        if self.bound is not None and (self.query != Query.SUM or self.bound < 1):
            raise ValueError("a clipping bound is a positive integer, and only a sum has one")
        if self.tolerance < 0:
            raise ValueError(f"the tolerance must be at least 0, got {self.tolerance}")
        if self.mechanism is Mechanism.GEOMETRIC:
            if self.k is not None:
                raise ValueError("the geometric mechanism has no categories: k must be null")
        else:
            if self.k is None or self.k < 2 or any(not 0 <= v < self.k for v in self.values):
                raise ValueError("categories need k >= 2 and every value in 0..k-1")
            if (self.lo, self.hi) != (0, self.k - 1):
                raise ValueError(f"the outputs of categories are [0, {self.k - 1}]")
            if self.mechanism is Mechanism.K_ARY and self.neighbour is not Neighbour.REPLACE:
                raise ValueError("k-ary response is local: its neighbour replaces the person's answer")
        pair = self.neighbours()
        for value in (pair.answer0, pair.answer1):
            if not self.lo <= value <= self.hi:
                raise ValueError(f"the answer {value} lies outside the output range [{self.lo}, {self.hi}]")

    @property
    def categories(self) -> int:
        if self.k is None:
            raise ValueError(f"{self.slug!r} has no categories")
        return self.k

    def sensitivity(self) -> int | None:
        """Δ of the released value: the query's Δf for the geometric mechanism (None = ∞), the
        score's Δu = 1 for the exponential one (one record moves one or two counts by 1).
        k-ary response releases a category, which has no distance: it has no Δ."""
        if self.mechanism is Mechanism.GEOMETRIC:
            return sensitivity(Query(self.query), self.neighbour, self.bound)
        if self.mechanism is Mechanism.EXPONENTIAL:
            return 1
        raise ValueError("k-ary response releases a category: it has no sensitivity")

    def _answer(self, values: tuple[int, ...]) -> int:
        if self.mechanism is Mechanism.GEOMETRIC:
            return answer(Query(self.query), values, self.bound)
        if self.mechanism is Mechanism.K_ARY:
            return values[0]
        return mode(values, self.categories)

    def _pair(self, database1: tuple[int, ...]) -> Neighbours:
        return Neighbours(self.values, database1, self._answer(self.values), self._answer(database1))

    def neighbours(self) -> Neighbours:
        """D (the row's values) and its worst neighbour D′ under the relation.

        Geometric, add/remove: one record is added at the bound B, which moves a clipped sum
        by Δ = B; without a bound it is a copy of the record of largest |value| (the count
        moves by 1 whatever it is; an unclipped sum moves by that value, and a larger record
        would move it further: Δ = ∞). Replace: the record of largest |clip(value)| (the
        first of them) becomes the opposite end, -B or B, which moves the sum by up to 2B,
        exactly 2B when the record is at the bound; unclipped it becomes its negative.
        k-ary: the first person's answer v becomes (v + 1) mod k. Exponential: of every
        neighbour (a record added to or removed from a category; or moved from one category
        to another) the one whose laws have the largest likelihood ratio, the first of them.
        """
        values = self.values
        if self.mechanism is Mechanism.GEOMETRIC:
            bound = self.bound
            if self.neighbour is Neighbour.ADD_REMOVE:
                added = bound if bound is not None else max(values, key=abs)
                return self._pair((*values, added))
            moved = [abs(v) if bound is None else abs(clip(v, bound)) for v in values]
            index = moved.index(max(moved))
            old = values[index] if bound is None else clip(values[index], bound)
            new = -old if bound is None else (-bound if old >= 0 else bound)
            return self._pair((*values[:index], new, *values[index + 1 :]))
        k = self.categories
        if self.mechanism is Mechanism.K_ARY:
            return self._pair(((values[0] + 1) % k, *values[1:]))
        firsts = [i for i in range(len(values)) if values.index(values[i]) == i]  # one per category
        others: list[tuple[int, ...]]
        if self.neighbour is Neighbour.ADD_REMOVE:
            others = [(*values, c) for c in range(k)] + [values[:i] + values[i + 1 :] for i in firsts]
        else:
            others = [(*values[:i], c, *values[i + 1 :]) for i in firsts for c in range(k) if c != values[i]]
        pairs = [self._pair(other) for other in others if other]
        return max(pairs, key=self._worst_ratio)

    def _worst_ratio(self, pair: Neighbours) -> Fraction:
        ratio = channel_pure_epsilon(self._channel(pair)).max_likelihood_ratio
        if ratio is None:  # the exponential weights are all positive
            raise AssertionError("the exponential mechanism's laws share their support")
        return ratio

    def _channel(self, pair: Neighbours) -> FiniteChannel:
        if self.mechanism is Mechanism.GEOMETRIC:
            return geometric_channel(pair.answer0, pair.answer1, self.lo, self.hi, self.alpha0)
        k = self.categories
        if self.mechanism is Mechanism.K_ARY:
            return k_ary_channel(pair.answer0, pair.answer1, k, self.alpha0)
        return exponential_channel(histogram(pair.database0, k), histogram(pair.database1, k), self.alpha0)

    def channel(self) -> FiniteChannel:
        """The mechanism's exact laws on D (row 0) and D′ (row 1)."""
        return self._channel(self.neighbours())


EXAMPLE_KEYS = {
    "slug": STR,
    "title": STR,
    "values": INTS,
    "query": STR,
    "bound": INT_OR_NULL,
    "neighbour": STR,
    "mechanism": STR,
    "alpha0": STR,
    "range": INTS,
    "k": INT_OR_NULL,
    "tolerance": INT,
    "preset": BOOL,
}


def _int_or_null(values: dict[str, Any], name: str) -> int | None:
    value = values[name]
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f"{name!r} must be {INT_OR_NULL}, not {value!r}")
    return value


def _example(values: dict[str, Any]) -> Example:
    if len(values["range"]) != 2:
        raise ValueError(f"'range' is [lo, hi], not {values['range']!r}")
    lo, hi = values["range"]
    return Example(
        values["slug"],
        values["title"],
        values=tuple(values["values"]),
        query=values["query"],
        bound=_int_or_null(values, "bound"),
        neighbour=Neighbour(values["neighbour"]),
        mechanism=Mechanism(values["mechanism"]),
        alpha0=parse_rational(values["alpha0"]),
        lo=lo,
        hi=hi,
        k=_int_or_null(values, "k"),
        tolerance=values["tolerance"],
        preset=values["preset"],
    )


def catalogue_from_data(section: Any, where: str) -> tuple[Example, ...]:
    """The catalogue from the data file's ``catalogue`` section; ``where`` names the section."""
    return slugged_rows(section, where, EXAMPLE_KEYS, _example)


CATALOGUE: tuple[Example, ...] = catalogue_from_data(FILE.data["catalogue"], f"{FILE.path}: catalogue")
BY_SLUG: dict[str, Example] = {example.slug: example for example in CATALOGUE}
