"""RAPPOR: a Bloom filter, a permanent and an instantaneous randomized response, exactly.

Erlingsson, Pihur and Korolova, "RAPPOR: Randomized Aggregatable Privacy-Preserving Ordinal
Response" (ACM CCS 2014), Sec. 3. A client hashes its value v onto a Bloom filter B of k bits
with h hash functions (Chrome: k = 128, h = 2), then, for each bit B_i:

1. Permanent randomized response (PRR), drawn once per value and memoised:
   B'_i = 1 with probability f/2, 0 with probability f/2, and B_i with probability 1 - f.
   So P(B'_i = 1 | B_i = 1) = 1 - f/2 and P(B'_i = 1 | B_i = 0) = f/2.
2. Instantaneous randomized response (IRR), drawn afresh for every report:
   S_i = 1 with probability q if B'_i = 1, and with probability p if B'_i = 0.

One report's bit, marginally over B'_i, is 1 with probability

    q* = P(S_i = 1 | B_i = 1) = (1 - f/2)·q + (f/2)·p = ½f(p + q) + (1 - f)q,
    p* = P(S_i = 1 | B_i = 0) = (f/2)·q + (1 - f/2)·p = ½f(p + q) + (1 - f)p.

The guarantees (the paper's Sec. 3, derived here). Two values differ in at most
2h Bloom bits: h that only v₁ sets and h that only v₂ sets. Bits are randomized
independently, so the likelihood ratio of the whole filter is the product of the bits', and
its largest value is the product of each bit's largest ratio.

* PRR: a bit's ratio is (1 - f/2)/(f/2) or its inverse, in either direction, so
  ε∞ = 2h·ln((1 - f/2)/(f/2)). Every later report is computed from B' alone, so by
  post-processing no number of reports of the same value ever exceeds ε∞.
* One IRR report: a bit set only by v₁ has largest ratio max(q*/p*, (1 - q*)/(1 - p*)) = q*/p*
  (q* - p* = (1 - f)(q - p) >= 0), and a bit set only by v₂ has (1 - p*)/(1 - q*). With h of each,
  ε₁ = h·ln(q*(1 - p*)/(p*(1 - q*))).

Repeated reports of one value, m of them. Per bit the count T of ones among the m reports is
sufficient (given what drives them, the reports are independent and identically distributed),
so it carries the whole transcript's privacy:

* without memoisation (a fresh PRR each time) T ~ Binomial(m, q*) against Binomial(m, p*); the
  ratio (q*/p*)^t((1 - q*)/(1 - p*))^(m-t) makes the filter's ε exactly m·ε₁: basic composition
  is tight here, and averaging many reports reveals the value;
* with memoisation T is the mixture (1 - f/2)·Bin(m, q) + (f/2)·Bin(m, p) against
  (f/2)·Bin(m, q) + (1 - f/2)·Bin(m, p); writing R(t) for its ratio, the filter's ε is
  h·ln(max R / min R), equal to ε₁ at m = 1 and growing towards ε∞ as m grows, never above.

The Chrome homepage collection is published with ε₁ = 0.5343; h = 2, f = 3/4, p = 1/2,
q = 3/4 give q* = 21/32, p* = 19/32 and ε₁ = 2·ln(273/209) = 0.53432…, with
ε∞ = 4·ln(5/3) = 2.0433… (:data:`HOMEPAGE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce

from generator.core.finite_channel import FiniteChannel, from_rows, product
from generator.core.logarithm import ln_decimal


def _integer_rows(row0: Sequence[Fraction], row1: Sequence[Fraction]) -> FiniteChannel:
    """The channel of two rows of probabilities, over the least common denominator."""
    common = math.lcm(*(value.denominator for value in (*row0, *row1)))
    return from_rows(
        [int(value * common) for value in row0],
        [int(value * common) for value in row1],
        [str(t) for t in range(len(row0))],
    )


def _binomial(m: int, chance: Fraction) -> list[Fraction]:
    return [math.comb(m, t) * chance**t * (1 - chance) ** (m - t) for t in range(m + 1)]


@dataclass(frozen=True)
class Rappor:
    """RAPPOR's parameters: h hash functions, the PRR's f and the IRR's p < q."""

    hashes: int
    f: Fraction
    p: Fraction
    q: Fraction

    def __post_init__(self) -> None:
        h, f, p, q = self.hashes, self.f, self.p, self.q
        if isinstance(h, bool) or not isinstance(h, int) or h < 1:
            raise ValueError(f"the number of hash functions must be an integer of at least 1, got {h!r}")
        if not isinstance(f, Fraction) or not 0 < f <= 1:
            raise ValueError(f"f must be an exact rational in (0, 1], got {f!r}")
        if not isinstance(p, Fraction) or not isinstance(q, Fraction) or not 0 <= p < q <= 1:
            raise ValueError(f"p and q must be exact rationals with 0 <= p < q <= 1, got {p!r}, {q!r}")

    @property
    def q_star(self) -> Fraction:
        """q* = P(S_i = 1 | B_i = 1) = ½f(p + q) + (1 - f)q."""
        return self.f * (self.p + self.q) / 2 + (1 - self.f) * self.q

    @property
    def p_star(self) -> Fraction:
        """p* = P(S_i = 1 | B_i = 0) = ½f(p + q) + (1 - f)p."""
        return self.f * (self.p + self.q) / 2 + (1 - self.f) * self.p

    @property
    def permanent_alpha(self) -> Fraction:
        """e^ε∞ = ((1 - f/2)/(f/2))^(2h)."""
        return ((2 - self.f) / self.f) ** (2 * self.hashes)

    @property
    def instantaneous_alpha(self) -> Fraction:
        """e^ε₁ = (q*(1 - p*)/(p*(1 - q*)))^h."""
        q, p = self.q_star, self.p_star
        return (q * (1 - p) / (p * (1 - q))) ** self.hashes

    def epsilon_infinity(self, places: int = 4) -> str:
        """ε∞, correctly rounded."""
        return ln_decimal(self.permanent_alpha, places)

    def epsilon_one(self, places: int = 4) -> str:
        """ε₁, correctly rounded."""
        return ln_decimal(self.instantaneous_alpha, places)

    def permanent_bit(self) -> FiniteChannel:
        """B'_i for B_i = 0 (x = 0) and B_i = 1 (x = 1), outputs "0" and "1"."""
        half = self.f / 2
        return _integer_rows([1 - half, half], [half, 1 - half])

    def bit_channel(self, reports: int = 1, memoised: bool = True) -> FiniteChannel:
        """The count of ones among ``reports`` reports of one Bloom bit, for B_i = 0 (x = 0)
        and B_i = 1 (x = 1); outputs "0".."m". One report is the same either way."""
        if isinstance(reports, bool) or not isinstance(reports, int) or reports < 1:
            raise ValueError(f"the number of reports must be an integer of at least 1, got {reports!r}")
        if not memoised:
            return _integer_rows(_binomial(reports, self.p_star), _binomial(reports, self.q_star))
        half = self.f / 2
        high, low = _binomial(reports, self.q), _binomial(reports, self.p)
        row1 = [(1 - half) * a + half * b for a, b in zip(high, low, strict=True)]
        row0 = [half * a + (1 - half) * b for a, b in zip(high, low, strict=True)]
        return _integer_rows(row0, row1)

    def filter_channel(self, bit: FiniteChannel) -> FiniteChannel:
        """Two values whose Bloom bits are disjoint: h bits go 0 -> 1 (``bit`` itself) and h go
        1 -> 0 (``bit`` with its laws swapped), all independent, released together.

        The outputs are the bits' outputs side by side; their number is (outputs of ``bit``)^(2h),
        so this is for small filters and few reports.
        """
        order = bit.ratio_order[::-1]
        swapped = FiniteChannel(bit.labels, bit.weights1, bit.weights0, bit.denominator, order)
        return reduce(product, [bit] * self.hashes + [swapped] * self.hashes)

    def repeated_alpha(self, reports: int, memoised: bool) -> Fraction:
        """e^ε of ``reports`` reports of one value, exactly: (max R / min R)^h over the counts
        of one bit's channel, where R(t) = P(t | B_i = 1)/P(t | B_i = 0) (the module)."""
        bit = self.bit_channel(reports, memoised)
        # f > 0 gives both laws the same support (each mixes both binomials with positive weight)
        ratios = [Fraction(b, a) for a, b in zip(bit.weights0, bit.weights1, strict=True) if a]
        return (max(ratios) / min(ratios)) ** self.hashes


HOMEPAGE = Rappor(hashes=2, f=Fraction(3, 4), p=Fraction(1, 2), q=Fraction(3, 4))
"""Parameters that reproduce the Chrome homepage collection's published ε₁ = 0.5343."""
