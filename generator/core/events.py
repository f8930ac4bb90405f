"""One event of a finite channel checked against the DP inequality, and the trade-off region.

(ε, δ)-DP asks, for α = e^ε and every event S (a set of outputs), both

    P(S) ≤ α·Q(S) + δ   and   Q(S) ≤ α·P(S) + δ,

so one event S needs δ ≥ max(0, P(S) − α·Q(S), Q(S) − α·P(S)), its two *excesses*. The
event that needs the most holds exactly the outputs with a positive excess in one
direction, and its δ is δ*(α) (:mod:`generator.core.profile`); any other event needs no
more. At α = 1 both directions give the total variation distance
TV(P, Q) = max_S (P(S) − Q(S)) = δ*(1).

A test that decides "x = 0" when the output falls in S has true-positive rate P(S) and
false-positive rate Q(S), so each event is a point (Q(S), P(S)) of the unit square, and its
advantage TPR − FPR is at most TV. The points of all 2^n events fill a region whose upper
boundary joins the events made of the first m outputs of the ratio order (most likely under
x = 0 first, m = 0 … n): that chain of segments is concave and every event lies on or below
it (Neyman–Pearson). The lower boundary is the same chain taken from the other end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate, combinations

from generator.core.finite_channel import FiniteChannel
from generator.core.profile import check_alpha

MAX_OUTPUTS_FOR_ALL_EVENTS = 8  # 2^8 = 256 events: the region is drawn point by point


@dataclass(frozen=True)
class EventCheck:
    """One event's masses under both inputs and its excesses at α."""

    outputs: tuple[int, ...]
    alpha: Fraction
    mass0: Fraction  # P(S)
    mass1: Fraction  # Q(S)

    @property
    def excess_01(self) -> Fraction:
        """P(S) − α·Q(S): positive when the 0→1 inequality needs δ for this event."""
        return self.mass0 - self.alpha * self.mass1

    @property
    def excess_10(self) -> Fraction:
        """Q(S) − α·P(S): the same for the 1→0 inequality."""
        return self.mass1 - self.alpha * self.mass0

    @property
    def required(self) -> Fraction:
        """The least δ this one event allows: max(0, both excesses)."""
        return max(Fraction(0), self.excess_01, self.excess_10)


def check_outputs(channel: FiniteChannel, outputs: Iterable[int]) -> tuple[int, ...]:
    """The event as sorted output indices; refuses an index that is no output, or a repeat."""
    chosen = tuple(outputs)
    n = len(channel.labels)
    if any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n for i in chosen):
        raise ValueError(f"an event lists output indices 0 to {n - 1}, got {chosen!r}")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"an event lists each output once, got {chosen!r}")
    return tuple(sorted(chosen))


def check_event(channel: FiniteChannel, outputs: Iterable[int], alpha: Fraction) -> EventCheck:
    """P(S), Q(S) and both excesses of the event S at α, exactly."""
    check_alpha(alpha)
    chosen = check_outputs(channel, outputs)
    mass0 = Fraction(sum(channel.weights0[i] for i in chosen), channel.denominator)
    mass1 = Fraction(sum(channel.weights1[i] for i in chosen), channel.denominator)
    return EventCheck(chosen, alpha, mass0, mass1)


def all_events(channel: FiniteChannel) -> list[tuple[int, ...]]:
    """Every event of a channel with at most 8 outputs, by size then index order."""
    n = len(channel.labels)
    if n > MAX_OUTPUTS_FOR_ALL_EVENTS:
        raise ValueError(f"a channel of {n} outputs has too many events to list")
    return [event for size in range(n + 1) for event in combinations(range(n), size)]


@dataclass(frozen=True)
class TradeoffPoint:
    """A test's (false-positive rate, true-positive rate) = (Q(S), P(S))."""

    fpr: Fraction
    tpr: Fraction


def _chain(channel: FiniteChannel, order: Sequence[int]) -> list[TradeoffPoint]:
    d = channel.denominator
    masses0 = accumulate((channel.weights0[i] for i in order), initial=0)
    masses1 = accumulate((channel.weights1[i] for i in order), initial=0)
    return [TradeoffPoint(Fraction(b, d), Fraction(a, d)) for a, b in zip(masses0, masses1, strict=True)]


def upper_boundary(channel: FiniteChannel) -> list[TradeoffPoint]:
    """The best tests: prefixes of the ratio order, from (0, 0) to (1, 1)."""
    return _chain(channel, channel.ratio_order)


def lower_boundary(channel: FiniteChannel) -> list[TradeoffPoint]:
    """The worst tests: prefixes of the reversed ratio order, from (0, 0) to (1, 1)."""
    return _chain(channel, channel.ratio_order[::-1])
