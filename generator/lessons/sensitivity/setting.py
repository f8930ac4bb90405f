"""A setting of the noise-mechanism lesson: a small database D, the query a mechanism answers
on it, the neighbour relation, and the mechanism; its worst neighbour D′ and the two exact laws.

A setting holds:

- ``values``: the database, one or more integers (for the k-ary and exponential mechanisms,
  categories 0..k-1: each record is one person's answer);
- ``query`` and ``mechanism``, in one of three pairings (:data:`QUERIES`): ``geometric`` on
  ``count`` or ``sum`` (clipped to [-B, B] when ``bound`` is set, unclipped when it is None),
  ``k-ary`` on ``answer`` (the first record's category: randomized response run by that
  person on their own answer), ``exponential`` on ``mode`` (pick the most common category,
  with score u(c) = the number of records in category c);
- ``neighbour``: add-remove or replace (k-ary response is local: replace only);
- ``alpha0`` >= 1 (the geometric ratio is 1/α₀, k-ary response's truth odds are α₀, the
  exponential weights are α₀^u);
- the outputs [lo, hi]: for the categories [0, k - 1], for the geometric mechanism a range
  that holds both neighbours' answers;
- ``k``, the number of categories (None for the geometric mechanism), and ``tolerance``, τ
  of the accuracy P(|Y - t| <= τ) on D (0 for the categories: the chance to release the true
  one).

:meth:`Setting.neighbours` builds the worst neighbour D′ of D for the relation (see there),
:meth:`Setting.channel` the mechanism's two exact laws on D and D′
(:mod:`generator.core.discrete_noise`), and :meth:`Setting.guarantee` the pure ε the
mechanism meets over every pair of neighbours.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from generator.core.discrete_noise import exponential_channel, geometric_channel, k_ary_channel
from generator.core.finite_channel import FiniteChannel
from generator.core.profile import check_alpha
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.core.sensitivity import Neighbour, Query, answer, clip, sensitivity


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


def geometric_neighbours(
    values: tuple[int, ...], query: Query, bound: int | None, neighbour: Neighbour
) -> Neighbours:
    """D and its worst neighbour D′ for a count or a sum, whatever the output range.

    Add/remove: one record is added at the bound B, which moves a clipped sum by Δ = B;
    without a bound it is a copy of the record of largest |value| (the count moves by 1
    whatever it is; an unclipped sum moves by that value, and a larger record would move it
    further: Δ = ∞). Replace: the record of largest |clip(value)| (the first of them) becomes
    the opposite end, -B or B, which moves the sum by up to 2B, exactly 2B when the record is
    at the bound; unclipped it becomes its negative.
    """
    if neighbour is Neighbour.ADD_REMOVE:
        other = (*values, bound if bound is not None else max(values, key=abs))
    else:
        moved = [abs(v) if bound is None else abs(clip(v, bound)) for v in values]
        index = moved.index(max(moved))
        old = values[index] if bound is None else clip(values[index], bound)
        new = -old if bound is None else (-bound if old >= 0 else bound)
        other = (*values[:index], new, *values[index + 1 :])
    return Neighbours(values, other, answer(query, values, bound), answer(query, other, bound))


def _pure(multiplier: int, ratio: Fraction) -> PureEpsilon:
    if multiplier == 0 or ratio == 1:
        return PureEpsilon(PureKind.ZERO)
    return PureEpsilon(PureKind.FINITE, multiplier, ratio)


@dataclass(frozen=True)
class Setting:
    """One setting of the lesson (see the module's notes); refuses one that is not."""

    values: tuple[int, ...]
    query: str
    bound: int | None  # B of the clipped sum; None: no clipping
    neighbour: Neighbour
    mechanism: Mechanism
    alpha0: Fraction
    lo: int
    hi: int
    k: int | None  # the number of categories (k-ary and exponential settings)
    tolerance: int

    def __post_init__(self) -> None:
        check_alpha(self.alpha0)
        if not self.values:
            raise ValueError("a database holds at least one record")
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
            raise ValueError("the geometric mechanism has no categories")
        return self.k

    @property
    def categorical(self) -> bool:
        return self.mechanism is not Mechanism.GEOMETRIC

    def sensitivity(self) -> int | None:
        """Δ of the released value: the query's Δf for the geometric mechanism (None = ∞), the
        score's Δu = 1 for the exponential one (one record moves one or two counts by 1).
        k-ary response releases a category, which has no distance: it has no Δ."""
        if self.mechanism is Mechanism.GEOMETRIC:
            return sensitivity(Query(self.query), self.neighbour, self.bound)
        if self.mechanism is Mechanism.EXPONENTIAL:
            return 1
        raise ValueError("k-ary response releases a category: it has no sensitivity")

    def guarantee(self) -> PureEpsilon:
        """The pure ε the mechanism meets over every pair of neighbours (the lesson's theory,
        :mod:`generator.core.discrete_noise`): Δ·ln α₀ for the geometric one (∞ for Δ = ∞: no
        α₀ calibrates a query of infinite sensitivity), ln α₀ for k-ary response, and for the
        exponential one 2 ln α₀ with a general score (replace: one count rises, one falls) and
        ln α₀ with a monotone one (add/remove: one count moves)."""
        if self.mechanism is Mechanism.GEOMETRIC:
            delta = self.sensitivity()
            return PureEpsilon(PureKind.INFINITE) if delta is None else _pure(delta, self.alpha0)
        if self.mechanism is Mechanism.EXPONENTIAL and self.neighbour is Neighbour.REPLACE:
            return _pure(2, self.alpha0)
        return _pure(1, self.alpha0)

    def _answer(self, values: tuple[int, ...]) -> int:
        if self.mechanism is Mechanism.K_ARY:
            return values[0]
        return mode(values, self.categories)

    def _pair(self, database1: tuple[int, ...]) -> Neighbours:
        return Neighbours(self.values, database1, self._answer(self.values), self._answer(database1))

    def neighbours(self) -> Neighbours:
        """D (the setting's values) and its worst neighbour D′ under the relation.

        Geometric: :func:`geometric_neighbours`. k-ary: the first person's answer v becomes
        (v + 1) mod k. Exponential: of every neighbour (a record added to or removed from a
        category; or moved from one category to another) the one whose laws have the largest
        likelihood ratio, the first of them.
        """
        values = self.values
        if self.mechanism is Mechanism.GEOMETRIC:
            return geometric_neighbours(values, Query(self.query), self.bound, self.neighbour)
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
