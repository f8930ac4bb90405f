"""The smallest ε for which a channel is (ε, 0)-DP, as an exact description.

Pure DP at ε needs P_z <= e^ε Q_z and Q_z <= e^ε P_z for every output, so the least ε
is the log of the largest likelihood ratio, or ∞ when one distribution puts mass where
the other has none. With one response reporting the truth with probability p:

    fresh  the ratio of a count t is (p/(1-p))^(k-2t), largest at t = 0 or t = k, so
           ε = k·ln(p/(1-p)) for p > 1/2, and by the symmetry p <-> 1-p, k·ln((1-p)/p) below;
    copy   the count is 0 or k with the ratio of one response: ε = ln(p/(1-p));
    both   ε = 0 at p = 1/2 and ε = ∞ at p = 0 or 1, where the supports are disjoint;
    xor    x = 0 and x = 1 give disjoint pairs, so ε = ∞ whatever p and k are.

Any other finite channel with weights a (x = 0) and b (x = 1) has ε = ln(max_z max(a_z/b_z,
b_z/a_z)) over its support (:func:`channel_pure_epsilon`), and ∞ when some output has
weight under one input only.

The value is kept as ``multiplier · ln(ratio)`` with an integer multiplier and a rational
ratio > 1; its decimal, for reading, is that value correctly rounded, by integer arithmetic.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from generator.core.channels import Channel, Mode
from generator.core.finite_channel import FiniteChannel
from generator.core.logarithm import ln_decimal


class PureKind(enum.StrEnum):
    ZERO = "zero"
    FINITE = "finite"
    INFINITE = "infinite"


@dataclass(frozen=True)
class PureEpsilon:
    kind: PureKind
    multiplier: int = 0
    ratio: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if self.kind is PureKind.FINITE and not (self.multiplier >= 1 and self.ratio > 1):
            raise ValueError("a finite pure ε needs multiplier >= 1 and ratio > 1")

    @property
    def max_likelihood_ratio(self) -> Fraction | None:
        """e^ε exactly, or None for ∞."""
        if self.kind is PureKind.INFINITE:
            return None
        return self.ratio**self.multiplier

    def describe(self) -> str:
        """Exact text: ``"0"``, ``"∞"``, ``"ln(3)"`` or ``"2·ln(3)"``."""
        if self.kind is PureKind.ZERO:
            return "0"
        if self.kind is PureKind.INFINITE:
            return "∞"
        log = f"ln({self.ratio})"
        return log if self.multiplier == 1 else f"{self.multiplier}·{log}"

    def decimal(self, places: int = 3) -> str:
        """For reading: ``"2.197"``, ``"0"`` or ``"inf"`` (the lab's ``data-value``), correctly
        rounded from ln(ratio^multiplier) by :func:`generator.core.logarithm.ln_decimal`."""
        if self.kind is PureKind.ZERO:
            return "0"
        if self.kind is PureKind.INFINITE:
            return "inf"
        return ln_decimal(self.ratio**self.multiplier, places)


def pure_epsilon(channel: Channel) -> PureEpsilon:
    """The minimum pure ε of a channel."""
    if channel.mode is Mode.XOR or channel.p in (0, 100):
        return PureEpsilon(PureKind.INFINITE)
    if channel.p == 50:
        return PureEpsilon(PureKind.ZERO)
    ratio = Fraction(max(channel.p, 100 - channel.p), min(channel.p, 100 - channel.p))
    multiplier = channel.k if channel.mode is Mode.FRESH else 1
    return PureEpsilon(PureKind.FINITE, multiplier, ratio)


def channel_pure_epsilon(channel: FiniteChannel) -> PureEpsilon:
    """The minimum pure ε of any finite channel, from its largest likelihood ratio."""
    pairs = [(a, b) for a, b in zip(channel.weights0, channel.weights1, strict=True) if a or b]
    if any(a == 0 or b == 0 for a, b in pairs):
        return PureEpsilon(PureKind.INFINITE)
    ratio = max(Fraction(max(a, b), min(a, b)) for a, b in pairs)
    return PureEpsilon(PureKind.ZERO) if ratio == 1 else PureEpsilon(PureKind.FINITE, 1, ratio)
