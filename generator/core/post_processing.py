"""Post-processing by a randomized map, and why it never costs privacy.

A post-processing map f from the n outputs of a channel to m outputs is a row-stochastic
matrix: F[z][y] = P(f(z) = y) >= 0 and every row sums to 1. Releasing f(Z) gives the laws

    P'_y = Σ_z P_z F[z][y],   Q'_y = Σ_z Q_z F[z][y].

For a deterministic f (each row one 1) and any event S of its outputs, the event
T = f⁻¹(S) of the channel has P'(S) = P(T) and Q'(S) = Q(T), so P'(S) - αQ'(S) <= δ*(α):
no event of f(Z) needs more δ than the channel does. A randomized f is a convex combination
of deterministic maps (:func:`deterministic_parts`: choose each row's image independently,
with weight Π_z F[z][y_z]), and the excess of a mixture is at most the mixture of the
excesses, so the bound holds for it too, at every α: δ*_{f∘M}(α) <= δ*_M(α).

Two things break the argument. A map that reads x again, F⁰ under x = 0 and F¹ under
x = 1 (:func:`post_process_by_input`), is no function of the output alone: the events of
its image are not events of the channel, and δ* can grow. And a second computation on the
data is composition, not post-processing.

Equality holds for an invertible f: a permutation of the outputs, or any deterministic f
that is one-to-one on the support, only relabels them (:func:`is_invertible_on`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from generator.core.finite_channel import FiniteChannel, order_by_ratio


@dataclass(frozen=True)
class StochasticMap:
    """A row-stochastic matrix of exact fractions: ``rows[z][y]`` = P(f(z) = y)."""

    rows: tuple[tuple[Fraction, ...], ...]

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise ValueError("a map needs at least one row and one column")
        width = len(self.rows[0])
        for index, row in enumerate(self.rows):
            if len(row) != width:
                raise ValueError(f"row {index} has {len(row)} entries, not {width}")
            if any(not isinstance(entry, Fraction) or entry < 0 for entry in row):
                raise ValueError(f"row {index} must hold exact fractions of at least 0")
            if sum(row) != 1:
                raise ValueError(f"row {index} sums to {sum(row)}, not 1")

    @classmethod
    def from_weights(cls, rows: Sequence[Sequence[int]]) -> StochasticMap:
        """Rows of non-negative integer weights, each divided by its sum (which must not be 0)."""
        normalized = []
        for index, row in enumerate(rows):
            total = sum(row)
            if any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in row) or total == 0:
                raise ValueError(f"row {index} must be non-negative integers with a positive sum")
            normalized.append(tuple(Fraction(w, total) for w in row))
        return cls(tuple(normalized))

    @classmethod
    def deterministic(cls, images: Sequence[int], width: int) -> StochasticMap:
        """The map sending output z to ``images[z]`` with certainty."""
        return cls(tuple(tuple(Fraction(int(y == image)) for y in range(width)) for image in images))

    @property
    def width(self) -> int:
        return len(self.rows[0])


def _apply(weights: Sequence[int], rows: StochasticMap, scale: int) -> tuple[int, ...]:
    """Σ_z w_z F[z][y]·scale for each y, as integers (scale clears every denominator)."""
    return tuple(
        sum(w * int(row[y] * scale) for w, row in zip(weights, rows.rows, strict=True))
        for y in range(rows.width)
    )


def post_process_by_input(channel: FiniteChannel, map0: StochasticMap, map1: StochasticMap) -> FiniteChannel:
    """The release of F⁰ applied to the output under x = 0 and F¹ under x = 1.

    With L the least common multiple of every entry's denominator, the weights
    Σ_z a_z F⁰[z][y]·L and Σ_z b_z F¹[z][y]·L are integers over D·L. Outputs are labelled
    "0", "1", ….
    """
    for rows in (map0, map1):
        if len(rows.rows) != len(channel.labels):
            raise ValueError(f"the map has {len(rows.rows)} rows for {len(channel.labels)} outputs")
    if map0.width != map1.width:
        raise ValueError("both maps must have the same outputs")
    scale = math.lcm(*(entry.denominator for rows in (map0, map1) for row in rows.rows for entry in row))
    weights0 = _apply(channel.weights0, map0, scale)
    weights1 = _apply(channel.weights1, map1, scale)
    common = math.gcd(channel.denominator * scale, *weights0, *weights1)
    weights0 = tuple(w // common for w in weights0)
    weights1 = tuple(w // common for w in weights1)
    return FiniteChannel(
        tuple(str(y) for y in range(map0.width)),
        weights0,
        weights1,
        channel.denominator * scale // common,
        order_by_ratio(weights0, weights1),
    )


def post_process_randomized(channel: FiniteChannel, rows: StochasticMap) -> FiniteChannel:
    """The release f(Z) of a randomized map of the output alone: F⁰ = F¹ = F."""
    return post_process_by_input(channel, rows, rows)


def deterministic_parts(rows: StochasticMap) -> Iterator[tuple[Fraction, tuple[int, ...]]]:
    """F as a convex combination of deterministic maps: (weight, images) pairs, weights summing to 1.

    Picking each row's image y_z independently with probability F[z][y_z] is the same random
    map, so F = Σ_{(y_z)} Π_z F[z][y_z] · (the deterministic map z ↦ y_z). Only images of
    positive probability are listed, so there are Π_z |support of row z| parts.
    """
    choices = [[(entry, y) for y, entry in enumerate(row) if entry] for row in rows.rows]
    for picks in itertools.product(*choices):
        yield math.prod((entry for entry, _ in picks), start=Fraction(1)), tuple(y for _, y in picks)


def is_invertible_on(channel: FiniteChannel, rows: StochasticMap) -> bool:
    """Whether F is deterministic and one-to-one on the outputs either law can produce."""
    images = []
    for z in channel.ratio_order:
        row = rows.rows[z]
        if sorted(row) != [0] * (len(row) - 1) + [1]:
            return False
        images.append(row.index(Fraction(1)))
    return len(set(images)) == len(images)
