"""The post-processing lesson's lab records: everything each of its two labs shows of a state.

**The post-processing lab.** A channel M (``source`` ``fresh``: k fresh responses at truth
probability p, released as their count; ``rows``: two typed rows of weights), a map f typed
as a matrix, one row per output of M, and the point α. When ``reads`` is ticked f reads x:
``map`` is F⁰ (used when x = 0) and ``map1`` is F¹. The record puts the image f∘M beside M:

- δ*_{f∘M}(α) and δ*_M(α), and whether δ*_{f∘M}(α) <= δ*_M(α) (it must, for a map of the
  output alone: an event S of f∘M pulls back to the event T = f⁻¹(S) of M for a
  deterministic f, and a randomized f is a mixture of deterministic ones,
  :mod:`generator.core.post_processing`);
- both profiles on the integer grid 1..N, N = min(20, ⌈largest e^ε of the two⌉) (20 when
  either pure ε is ∞): from there on both are 0;
- the first α of the grid (or the chosen α) where the image needs more δ than M, with the
  image's maximal event there; only a map that reads x can make one;
- the pure ε of both, and whether f is invertible on M's support (then δ* is unchanged).

**The group lab.** One person's randomized response at p, a group of g, and one person's
point α₁ <= p/(1 − p) with its δ₁ = δ*_RR(α₁). The group change flips g responses, so the
group's channel is g fresh responses (the others cancel, :mod:`generator.core.group_privacy`);
its δ* at α₁^g is beside the chain bounds g α₁^{g−1} δ₁ and δ₁ Σ_{i<g} α₁^i (each capped at 1),
and its pure ε is g·ln(p/(1 − p)). The curve runs α₁ over 1 + i(r − 1)/10, i = 0..10,
r = p/(1 − p).

The labs' modules (``lab/postprocessing.mjs``, ``lab/group.mjs``) return records of the same
shapes, which the golden vectors hold equal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel, from_rows
from generator.core.group_privacy import approximate_chain, geometric_chain
from generator.core.post_processing import StochasticMap, is_invertible_on, post_process_by_input
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureEpsilon, PureKind, channel_pure_epsilon
from generator.course.records import Law, Maximal, Pure, law, maximal, pure

GRID_END = 20
CURVE_STEPS = 10

Matrix = tuple[tuple[Fraction, ...], ...]


def stochastic(rows: Matrix) -> StochasticMap:
    """The map of a typed matrix: each row divided by its sum (a row of fractions sums to 1)."""
    return StochasticMap(tuple(tuple(entry / sum(row) for entry in row) for row in rows))


def matrix(rows: StochasticMap) -> list[list[Fraction]]:
    return [list(row) for row in rows.rows]


@dataclass(frozen=True)
class PostState:
    source: str
    p: Fraction
    k: int
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    map0: Matrix
    reads: bool
    map1: Matrix
    alpha: Fraction

    def channel(self) -> FiniteChannel:
        if self.source == "fresh":
            return fresh_counts(self.p, self.k)
        return from_rows(self.weights0, self.weights1)

    def maps(self) -> tuple[StochasticMap, StochasticMap]:
        """F⁰ and F¹ (the same map unless f reads x)."""
        first = stochastic(self.map0)
        return first, stochastic(self.map1) if self.reads else first

    def image(self) -> FiniteChannel:
        """f∘M: F⁰ applied to the output under x = 0, F¹ under x = 1."""
        return post_process_by_input(self.channel(), *self.maps())


class GridRow(TypedDict):
    """One α of the grid: both profiles, their difference δ*_M − δ*_{f∘M}, and whether it is ≥ 0."""

    alpha: Fraction
    channel: Fraction
    image: Fraction
    difference: Fraction
    holds: bool


class Violation(TypedDict):
    """The first α where the image needs more δ than the channel, with the image's event there."""

    alpha: Fraction
    channel: Fraction
    image: Fraction
    event: Maximal


class PostRecord(TypedDict):
    reads_x: bool
    channel: Law
    image: Law
    map0: list[list[Fraction]]
    map1: list[list[Fraction]]
    alpha: Fraction
    delta_image: Fraction
    delta_channel: Fraction
    difference: Fraction
    passes: bool
    max_event: Maximal
    pure_channel: Pure
    pure_image: Pure
    invertible: bool
    grid: list[GridRow]
    violation: Violation | None


def grid_end(*pures: PureEpsilon) -> int:
    """N = min(20, ⌈largest e^ε⌉) (20 when one ε is ∞): at α >= e^ε a channel needs no δ."""
    ratios = [value.max_likelihood_ratio for value in pures]
    if any(ratio is None for ratio in ratios):
        return GRID_END
    return max(1, min(GRID_END, max(math.ceil(ratio) for ratio in ratios if ratio is not None)))


def post_record(state: PostState) -> PostRecord:
    """Everything the post-processing lab shows of one state (the module's notes)."""
    channel, image = state.channel(), state.image()
    map0, map1 = state.maps()
    before, after = Profile(channel), Profile(image)
    pures = channel_pure_epsilon(channel), channel_pure_epsilon(image)
    grid = [Fraction(alpha) for alpha in range(1, grid_end(*pures) + 1)]
    rows: list[GridRow] = []
    for alpha in grid:
        old, new = before.delta(alpha), after.delta(alpha)
        rows.append(
            {"alpha": alpha, "channel": old, "image": new, "difference": old - new, "holds": new <= old}
        )
    violation: Violation | None = None
    for alpha in sorted({*grid, state.alpha}):
        needed, found = before.delta(alpha), after.point(alpha)
        if found.delta > needed:
            violation = {
                "alpha": alpha,
                "channel": needed,
                "image": found.delta,
                "event": maximal(image, found.event),
            }
            break
    point = after.point(state.alpha)
    channel_delta = before.delta(state.alpha)
    return {
        "reads_x": state.reads,
        "channel": law(channel),
        "image": law(image),
        "map0": matrix(map0),
        "map1": matrix(map1),
        "alpha": state.alpha,
        "delta_image": point.delta,
        "delta_channel": channel_delta,
        "difference": channel_delta - point.delta,
        "passes": point.delta <= channel_delta,
        "max_event": maximal(image, point.event),
        "pure_channel": pure(pures[0]),
        "pure_image": pure(pures[1]),
        "invertible": not state.reads and is_invertible_on(channel, map0),
        "grid": rows,
        "violation": violation,
    }


@dataclass(frozen=True)
class GroupState:
    p: Fraction
    g: int
    alpha1: Fraction

    @property
    def ratio(self) -> Fraction:
        """p/(1 − p): one person's e^ε, the largest α₁ the lab takes (there δ₁ = 0)."""
        return self.p / (1 - self.p)

    def single(self) -> FiniteChannel:
        """One person's randomized response."""
        return fresh_counts(self.p, 1)

    def group(self) -> FiniteChannel:
        """The group change: g fresh responses, all flipped (the others' answers cancel)."""
        return fresh_counts(self.p, self.g)

    def pure(self) -> PureEpsilon:
        """The group's exact pure ε, g·ln(p/(1 − p)): the pure chain's (gε, 0) is exact here."""
        value = PureEpsilon(PureKind.FINITE, self.g, self.ratio)
        if value.max_likelihood_ratio != channel_pure_epsilon(self.group()).max_likelihood_ratio:
            raise AssertionError("the group's pure ε is not g·ln(p/(1 − p))")
        return value


class CurvePoint(TypedDict):
    """One person's (α₁, δ₁), the group's α = α₁^g with its exact δ*, and both chain bounds."""

    alpha1: Fraction
    alpha: Fraction
    single: Fraction
    exact: Fraction
    textbook: Fraction
    sum: Fraction


class GroupRecord(TypedDict):
    p: Fraction
    g: int
    ratio: Fraction
    alpha1: Fraction
    alpha: Fraction
    delta_single: Fraction
    delta_required: Fraction
    chain_textbook: Fraction
    chain_sum: Fraction
    max_event: Maximal
    pure: Pure
    pure_single: Pure
    curve: list[CurvePoint]


def _curve_point(
    single: Profile[FiniteChannel], group: Profile[FiniteChannel], alpha1: Fraction, g: int
) -> CurvePoint:
    delta1 = single.delta(alpha1)
    alpha = alpha1**g
    return {
        "alpha1": alpha1,
        "alpha": alpha,
        "single": delta1,
        "exact": group.delta(alpha),
        "textbook": approximate_chain(alpha1, delta1, g).delta,
        "sum": geometric_chain(alpha1, delta1, g).delta,
    }


def group_record(state: GroupState) -> GroupRecord:
    """Everything the group lab shows of one state (the module's notes)."""
    group_channel = state.group()
    single, group = Profile(state.single()), Profile(group_channel)
    ratio = state.ratio
    chosen = _curve_point(single, group, state.alpha1, state.g)
    curve = [
        _curve_point(single, group, 1 + (ratio - 1) * step / CURVE_STEPS, state.g)
        for step in range(CURVE_STEPS + 1)
    ]
    return {
        "p": state.p,
        "g": state.g,
        "ratio": ratio,
        "alpha1": chosen["alpha1"],
        "alpha": chosen["alpha"],
        "delta_single": chosen["single"],
        "delta_required": chosen["exact"],
        "chain_textbook": chosen["textbook"],
        "chain_sum": chosen["sum"],
        "max_event": maximal(group_channel, group.point(chosen["alpha"]).event),
        "pure": pure(state.pure()),
        "pure_single": pure(PureEpsilon(PureKind.FINITE, 1, ratio)),
        "curve": curve,
    }
