"""The exact privacy profile δ*(α) of a channel, and its maximal event.

For distributions P (x = 0) and Q (x = 1) and α = e^ε >= 1, the smallest δ with
P(S) <= α Q(S) + δ for every event S is found by putting into S exactly the outputs
where P_z - α Q_z > 0: adding any other output can only lower P(S) - α Q(S). Both
directions must hold, so

    δ*(α) = max( Σ_z [P_z - α Q_z]_+ ,  Σ_z [Q_z - α P_z]_+ ).

With P_z = a_z / D, Q_z = b_z / D and α = n / d, a term is (d a_z - n b_z) / (D d), so
every comparison is an integer cross-product. The fast path walks the channel's
``ratio_order`` (non-increasing a/b): the outputs with a_z/b_z > α form a prefix and
those with b_z/a_z > α a suffix. Prefix sums of a and b then give each direction's sum
in O(1) once a binary search finds the cut, so a grid of m values of α costs O(k) big
additions plus O(m log k) cross-products.
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import Generic, TypeVar

from generator.core.finite_channel import FiniteChannel

C = TypeVar("C", bound=FiniteChannel)


class Direction(enum.StrEnum):
    """Which inequality an event violates: "0→1" bounds P(S | x=0) by α P(S | x=1)."""

    ZERO_TO_ONE = "0→1"
    ONE_TO_ZERO = "1→0"


@dataclass(frozen=True)
class MaximalEvent:
    """The event that needs the most δ, with its direction.

    Ties are broken by a fixed rule: when both directions need the same δ, the 0→1
    direction is reported. Within a direction the event holds exactly the outputs with
    a strictly positive excess, in output order (empty when δ* = 0).
    """

    direction: Direction
    outputs: tuple[int, ...]


@dataclass(frozen=True)
class ProfilePoint:
    alpha: Fraction
    delta: Fraction
    event: MaximalEvent


def check_alpha(alpha: Fraction) -> None:
    if not isinstance(alpha, Fraction) or alpha < 1:
        raise ValueError(f"α must be an exact rational of at least 1, got {alpha!r}")


class Profile(Generic[C]):
    """The fast evaluator of δ*(α) for one channel; build once, ask for many α."""

    def __init__(self, channel: C) -> None:
        self.channel = channel
        order = channel.ratio_order
        self._order = order
        self._a = [channel.weights0[i] for i in order]
        self._b = [channel.weights1[i] for i in order]
        # _sum_a[m] = a_0 + ... + a_{m-1} along the ratio order, likewise _sum_b.
        self._sum_a = [0, *accumulate(self._a)]
        self._sum_b = [0, *accumulate(self._b)]

    def _prefix_length(self, n: int, d: int) -> int:
        """How many leading outputs have d·a > n·b, that is a/b > α = n/d."""
        keys = range(len(self._order))
        return bisect.bisect_left(keys, True, key=lambda j: not d * self._a[j] > n * self._b[j])

    def _suffix_start(self, n: int, d: int) -> int:
        """Where the trailing outputs with d·b > n·a (b/a > α) begin."""
        keys = range(len(self._order))
        return bisect.bisect_left(keys, True, key=lambda j: d * self._b[j] > n * self._a[j])

    def excesses(self, alpha: Fraction) -> tuple[int, int, int, int, int]:
        """Integer form of both directions: (num_01, num_10, scale, cut, start).

        The 0→1 excess is num_01 / scale over the first ``cut`` outputs in ratio order,
        the 1→0 excess is num_10 / scale over the outputs from ``start`` on.
        """
        check_alpha(alpha)
        n, d = alpha.numerator, alpha.denominator
        cut = self._prefix_length(n, d)
        start = self._suffix_start(n, d)
        total_a, total_b = self._sum_a[-1], self._sum_b[-1]
        num_01 = d * self._sum_a[cut] - n * self._sum_b[cut]
        num_10 = d * (total_b - self._sum_b[start]) - n * (total_a - self._sum_a[start])
        return num_01, num_10, d * self.channel.denominator, cut, start

    def delta(self, alpha: Fraction) -> Fraction:
        """δ*(α), exactly."""
        num_01, num_10, scale, _, _ = self.excesses(alpha)
        return Fraction(max(num_01, num_10), scale)

    def point(self, alpha: Fraction) -> ProfilePoint:
        """δ*(α) with its maximal event."""
        num_01, num_10, scale, cut, start = self.excesses(alpha)
        if num_01 >= num_10:
            event = MaximalEvent(Direction.ZERO_TO_ONE, tuple(sorted(self._order[:cut])))
        else:
            event = MaximalEvent(Direction.ONE_TO_ZERO, tuple(sorted(self._order[start:])))
        return ProfilePoint(alpha, Fraction(max(num_01, num_10), scale), event)

    def deltas(self, alphas: Iterable[Fraction]) -> list[Fraction]:
        return [self.delta(alpha) for alpha in alphas]

    def smallest_alpha(self, delta: Fraction) -> Fraction | None:
        """The smallest α >= 1 with δ*(α) <= δ, or None when no α is enough.

        δ*(α) falls as α grows, and it is the larger of the two directions, so the answer is
        the larger of each direction's own smallest α (:func:`_smallest_alpha`). The 1→0
        direction reads the ratio order backwards with the laws swapped: its first m
        outputs are the last m of the order.
        """
        if not isinstance(delta, Fraction) or delta < 0:
            raise ValueError(f"δ must be an exact rational of at least 0, got {delta!r}")
        count = len(self._order)
        total_a, total_b = self._sum_a[-1], self._sum_b[-1]
        forward = _smallest_alpha(self._a, self._b, self._sum_a, self._sum_b, self.channel.denominator, delta)
        backward = _smallest_alpha(
            self._b[::-1],
            self._a[::-1],
            [total_b - self._sum_b[count - m] for m in range(count + 1)],
            [total_a - self._sum_a[count - m] for m in range(count + 1)],
            self.channel.denominator,
            delta,
        )
        if forward is None or backward is None:
            return None
        return max(forward, backward)


def _smallest_alpha(
    a: Sequence[int],
    b: Sequence[int],
    sum_a: Sequence[int],
    sum_b: Sequence[int],
    denominator: int,
    delta: Fraction,
) -> Fraction | None:
    """One direction's smallest α >= 1 with Σ_z [P_z - α Q_z]_+ <= δ.

    With the outputs in non-increasing a/b, write A_m, B_m for the sums of the first m. On
    α between the ratios of outputs m and m - 1 the positive part is A_m - α B_m (over D),
    a line, and at α = a_m/b_m the value is h(m) = A_m - (a_m/b_m) B_m, which grows with m.
    The outputs with b = 0 come first; if their mass alone exceeds δ, no α is enough.
    Otherwise the last m with a_m/b_m > 1 and h(m) <= δD, found by binary search, bounds
    the answer's line: α = (A_{m+1} - δD) / B_{m+1}, and 1 when that falls below 1.
    """
    n, d = delta.numerator, delta.denominator
    infinite = bisect.bisect_left(range(len(a)), True, key=lambda m: b[m] > 0)
    if d * sum_a[infinite] > n * denominator:
        return None
    above_one = bisect.bisect_left(range(len(a)), True, key=lambda m: not a[m] > b[m])

    def within(m: int) -> bool:
        return d * (b[m] * sum_a[m] - a[m] * sum_b[m]) <= n * denominator * b[m]

    cut = bisect.bisect_left(range(infinite, above_one), True, key=lambda m: not within(m)) + infinite
    # Outputs [0, cut) are those with a ratio above the answer; cut == infinite means only
    # the b = 0 outputs are, and then δ is met by the first finite ratio or below it.
    if sum_b[cut] == 0:
        return Fraction(1)
    return max(Fraction(1), Fraction(sum_a[cut] * d - n * denominator, d * sum_b[cut]))


INTEGER_GRID: Sequence[Fraction] = tuple(Fraction(a) for a in range(1, 101))


def delta_star(channel: FiniteChannel, alpha: Fraction) -> Fraction:
    """δ*(α) of a channel, exactly (one-off form of :class:`Profile`)."""
    return Profile(channel).delta(alpha)
