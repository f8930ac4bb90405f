"""A finite channel: two exact laws over the same outputs, as integer weights.

A mechanism run on two neighbouring datasets (x = 0 and x = 1) gives two distributions P
and Q over finitely many outputs. Written over one common denominator D, P_z = a_z / D and
Q_z = b_z / D with non-negative integers a, b that each sum to D, so every probability,
every event mass and every excess below is an integer over D: comparisons are integer
cross-products and no float decides anything.

Two rows of weights with different sums r = Σa and s = Σb describe the same laws as
(a·s, b·r) over r·s; dividing every weight and D by their gcd keeps the numbers small.

``ratio_order`` lists the outputs either law can produce by non-increasing likelihood ratio
a/b (b = 0 counts as infinitely likely under x = 0). For every α the outputs with
a > α·b form a prefix of it and those with b > α·a a suffix, which is what makes the
privacy profile (:mod:`generator.core.profile`) and the trade-off boundary
(:mod:`generator.core.events`) cheap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class FiniteChannel:
    """Two output distributions over the same labelled outputs.

    ``weights0[i] / denominator`` is P(output i | x = 0), ``weights1`` the same for x = 1.
    """

    labels: tuple[str, ...]
    weights0: tuple[int, ...]
    weights1: tuple[int, ...]
    denominator: int
    ratio_order: tuple[int, ...]

    def __post_init__(self) -> None:
        n = len(self.labels)
        if len(self.weights0) != n or len(self.weights1) != n:
            raise ValueError("labels and weights differ in length")
        if self.denominator <= 0 or any(w < 0 for w in (*self.weights0, *self.weights1)):
            raise ValueError("weights must be non-negative over a positive denominator")
        if sum(self.weights0) != self.denominator or sum(self.weights1) != self.denominator:
            raise ValueError("each distribution must sum to one")
        support = {i for i in range(n) if self.weights0[i] or self.weights1[i]}
        if set(self.ratio_order) != support or len(self.ratio_order) != len(support):
            raise ValueError("ratio_order must list the support exactly once")
        # That the order is sorted is checked by the tests: re-checking it here would
        # cost O(n) big multiplications on every construction.

    @property
    def distribution0(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(w, self.denominator) for w in self.weights0)

    @property
    def distribution1(self) -> tuple[Fraction, ...]:
        return tuple(Fraction(w, self.denominator) for w in self.weights1)


def order_by_ratio(weights0: Sequence[int], weights1: Sequence[int]) -> tuple[int, ...]:
    """The support of either law, by non-increasing w0/w1, ties in output order."""
    support = [i for i in range(len(weights0)) if weights0[i] or weights1[i]]
    # The key w0/(w0+w1) orders exactly like w0/w1, with no division by 0.
    return tuple(
        sorted(support, key=lambda i: Fraction(weights0[i], weights0[i] + weights1[i]), reverse=True)
    )


def from_rows(
    weights0: Sequence[int], weights1: Sequence[int], labels: Sequence[str] | None = None
) -> FiniteChannel:
    """The channel of two rows of non-negative integer weights (each row's sum may differ).

    Refuses rows of different lengths, a negative or non-integer weight and a row that
    sums to 0 (it is no distribution). Labels default to the output indices "0", "1", ….
    """
    if len(weights0) != len(weights1) or not weights0:
        raise ValueError("the two rows must have the same, positive number of outputs")
    if any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in (*weights0, *weights1)):
        raise ValueError("weights must be non-negative integers")
    total0, total1 = sum(weights0), sum(weights1)
    if total0 == 0 or total1 == 0:
        raise ValueError("a row of weights must not sum to 0")
    scaled0 = [w * total1 for w in weights0]
    scaled1 = [w * total0 for w in weights1]
    denominator = total0 * total1
    common = math.gcd(denominator, *scaled0, *scaled1)
    a = tuple(w // common for w in scaled0)
    b = tuple(w // common for w in scaled1)
    names = tuple(labels) if labels is not None else tuple(str(i) for i in range(len(a)))
    return FiniteChannel(names, a, b, denominator // common, order_by_ratio(a, b))


def product(first: FiniteChannel, second: FiniteChannel) -> FiniteChannel:
    """Two channels run independently on the same input, released together.

    Independence is the product rule: P(i, j) = P₁(i)·P₂(j | i) = P₁(i)·P₂(j), so the pair's
    weights are a_i·a'_j over D·D'. Output (i, j) is labelled by the two labels side by side
    ("0" and "1" give "01") and indexed i·n₂ + j.
    """
    return adaptive(first, [second] * len(first.labels))


def adaptive(first: FiniteChannel, second: Sequence[FiniteChannel]) -> FiniteChannel:
    """A first step, then a second step chosen by what the first one released.

    ``second[i]`` is the channel run after output i of ``first``, on the same input, with
    fresh randomness; every one of them has the same number n₂ of outputs. The chain rule
    P(i, j) = P₁(i)·P₂⁽ⁱ⁾(j | i) gives the pair's law: with L the least common multiple of
    the second denominators D⁽ⁱ⁾, the weight of (i, j) is a_i·a⁽ⁱ⁾_j·(L / D⁽ⁱ⁾) over D·L.
    Output (i, j) is labelled by the two labels side by side and indexed i·n₂ + j.
    """
    if len(second) != len(first.labels) or not second:
        raise ValueError("give one second channel for each output of the first")
    width = len(second[0].labels)
    if any(len(channel.labels) != width for channel in second):
        raise ValueError("every second channel must have the same number of outputs")
    common = math.lcm(*(channel.denominator for channel in second))
    pairs = [(i, j) for i in range(len(first.labels)) for j in range(width)]

    def weight(first_weights: Sequence[int], i: int, j: int, x: int) -> int:
        step = second[i]
        return first_weights[i] * (step.weights1 if x else step.weights0)[j] * (common // step.denominator)

    weights0 = tuple(weight(first.weights0, i, j, 0) for i, j in pairs)
    weights1 = tuple(weight(first.weights1, i, j, 1) for i, j in pairs)
    labels = tuple(first.labels[i] + second[i].labels[j] for i, j in pairs)
    denominator = first.denominator * common
    return FiniteChannel(labels, weights0, weights1, denominator, order_by_ratio(weights0, weights1))


def post_process(channel: FiniteChannel, function: Callable[[str], str]) -> FiniteChannel:
    """The release f(Z) of a deterministic function f of the output, given on labels.

    Outputs with the same image f(label) merge into one, labelled f(label), and their
    weights add: P(f(Z) = y) = Σ_{z: f(z) = y} P(z). The images keep the order in which the
    outputs first reach them. Merging never adds excess, since a sum of positive parts is at
    least the positive part of the sum, so δ* of the image is at most that of the channel.
    """
    images: dict[str, tuple[int, int]] = {}
    for label, a, b in zip(channel.labels, channel.weights0, channel.weights1, strict=True):
        a0, b0 = images.get(function(label), (0, 0))
        images[function(label)] = (a0 + a, b0 + b)
    weights0 = tuple(a for a, _ in images.values())
    weights1 = tuple(b for _, b in images.values())
    return FiniteChannel(
        tuple(images), weights0, weights1, channel.denominator, order_by_ratio(weights0, weights1)
    )
