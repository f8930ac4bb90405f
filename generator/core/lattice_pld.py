"""Privacy loss distributions on a lattice, held as exact integers: composed and inverted with proof.

**The hockey stick as a functional of the PLD.** For a pair (P, Q) the privacy loss
L = ln(P/Q)(Y) under Y ∼ P has a law ω, the privacy loss distribution (PLD; Dwork and Rothblum
2016; Sommer, Meiser and Mohammadi 2019), with an atom at +∞ for P's mass where Q is 0, and

    δ(ε) = sup_S P(S) − e^ε Q(S) = ∫ (P − e^ε Q)₊ = E_ω[(1 − e^{ε − L})₊],            (1)

with (1 − e^{ε − ∞})₊ = 1. The T-fold product (P^T, Q^T) has loss L₁ + … + L_T with the Lᵢ
independent, so its PLD is the T-fold convolution ω^{*T}.

**Lemma (monotone functional).** Let ω be a finite non-negative measure on (−∞, ∞] (not
necessarily a probability, nor the PLD of any pair), f(ω) = ∫ (1 − e^{ε−l})₊ dω(l) and
f_T(ω) = f(ω^{*T}). Then f_T can only grow (a) when a mass of ω grows, and (b) when mass of ω
moves to a larger loss (+∞ included); it can only shrink under the reverse moves.
*Proof.* (a) Convolution of non-negative measures is monotone in each factor and the
integrand is >= 0. (b) Moving mass up is a coupling L' >= L of the one-step losses; summing T
independent copies keeps L'₁ + … + L'_T >= L₁ + … + L_T pointwise, and (1 − e^{ε−s})₊ is
non-decreasing in s. ∎

So an *upper* measure (every mass rounded up, truncated tails sent to +∞ or raised to the
lowest kept loss) gives δ(ε) no smaller than the true one at every ε, and a *lower* measure
(masses rounded down, tails dropped) gives it no larger. This module keeps such a measure on
the lattice {origin + i·step}, with masses as integers in units of 2^-bits (a polynomial with
``fmpz`` coefficients, so composing is exact polynomial multiplication by FLINT), and applies
only moves of the lemma's kind for its side:

- after each product the coefficients (units 2^-2·bits) are divided by 2^bits, rounded up on the
  upper side and down on the lower side;
- the tails that hold at most ``slack`` units at either end are cut: on the upper side the top
  tail goes to +∞ and the bottom tail onto the lowest kept coefficient; on the lower side both
  are dropped.

**Inverting at δ.** With masses cᵢ at losses lᵢ = origin + i·h and c_∞ at +∞, (1) at ε = l_k is

    δ(l_k) = c_∞ + S_k − G_k,  S_k = Σ_{i>k} cᵢ,  G_k = Σ_{i>k} cᵢ e^{−(i−k)h},

and on [l_k, l_{k+1}] it is c_∞ + S_k − e^{ε − l_k}·G_k, so δ(ε) = δ* there at
ε = l_k + ln((c_∞ + S_k − δ*)/G_k). The scan runs from the top, with G_k by Horner's rule
G_{k−1} = e^{−h}(c_k + G_k) in fixed point (2^-extra of a unit), rounded down for one bound
of G and up for the other, and stops at the first k where δ(l_k) <= δ* is not proven (upper
side) or where δ(l_k) > δ* is proven (lower side); the last step is one arb logarithm. The
upper side's answer ε_U has δ(ε_U) <= δ* proven, so the true ε is at most ε_U; the lower side's
ε_L has δ(ε) > δ* for every ε < ε_L, so the true ε is at least ε_L. ε below 0 is reported as 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from flint import arb, fmpz_poly

from generator.core.certified import enclosure, exact, precision

_EXTRA_BITS = 64  # fixed-point bits below a mass unit in the inversion's Horner sums


class Side(StrEnum):
    """Which way every rounding goes: δ(ε) only grows (upper) or only shrinks (lower)."""

    UPPER = "upper"
    LOWER = "lower"


@dataclass(frozen=True)
class LatticePLD:
    """Masses ``masses[i]``·2^-bits at loss origin + i·step, and ``infinity``·2^-bits at +∞.

    Built by :meth:`from_masses`, which checks every mass; composed by :meth:`compose` and
    :meth:`power`, each rounding toward its ``side``; inverted by :meth:`epsilon`.
    """

    side: Side
    origin: Fraction
    step: Fraction
    bits: int
    masses: fmpz_poly
    infinity: int

    def __post_init__(self) -> None:
        if self.step <= 0:
            raise ValueError(f"the lattice step must be positive, got {self.step}")
        if self.bits < 1:
            raise ValueError(f"a mass unit is 2^-bits with bits >= 1, got {self.bits}")
        if self.infinity < 0 or (self.side is Side.LOWER and self.infinity):
            raise ValueError("a mass at +∞ must be >= 0, and 0 on the lower side")

    @classmethod
    def from_masses(
        cls, side: Side, origin: Fraction, step: Fraction, bits: int, masses: Sequence[int], infinity: int = 0
    ) -> LatticePLD:
        """A lattice PLD from its masses (integers >= 0, in units of 2^-bits)."""
        if any(m < 0 for m in masses):
            raise ValueError("masses must be >= 0")
        return cls(Side(side), Fraction(origin), Fraction(step), bits, fmpz_poly(list(masses)), infinity)

    @property
    def total(self) -> int:
        """The finite masses' sum, in units."""
        return int(self.masses(1))

    def _rescaled(self, product: fmpz_poly, infinity: int, origin: Fraction, slack: int) -> LatticePLD:
        """A product (units 2^-2·bits) back to units of 2^-bits, rounded toward the side, then cut.

        ``fmpz_poly // d`` is FLINT's polynomial division by a constant, which on a coefficient
        c >= 0 is floor(c/d) (it is not floor on negative ones, which never arise here): the
        lower side divides, the upper side divides c + d − 1, which gives ceil(c/d).
        """
        unit = 1 << self.bits
        if self.side is Side.UPPER:
            masses = (product + (unit - 1) * _ones(product.length())) // unit
            infinity = -(-infinity // unit)
        else:
            masses, infinity = product // unit, 0
        return _cut(LatticePLD(self.side, origin, self.step, self.bits, masses, infinity), slack)

    def compose(self, other: LatticePLD, slack: int = 0) -> LatticePLD:
        """The PLD of the product pair: the convolution, rounded toward the side, tails cut at ``slack``."""
        if (other.side, other.step, other.bits) != (self.side, self.step, self.bits):
            raise ValueError("only lattice PLDs of one side, step and unit compose")
        # mass at +∞: a +∞ step with anything, or anything finite with a +∞ step
        infinity = self.infinity * (other.total + other.infinity) + self.total * other.infinity
        return self._rescaled(self.masses * other.masses, infinity, self.origin + other.origin, slack)

    def power(self, steps: int, slack: int = 0) -> LatticePLD:
        """The T-fold composition by repeated squaring (about 2·log₂ T products, each rounded and cut)."""
        if steps < 1:
            raise ValueError(f"a composition has at least one step, got {steps}")
        result: LatticePLD | None = None
        base = self
        while True:
            if steps & 1:
                result = base if result is None else result.compose(base, slack)
            steps >>= 1
            if not steps:
                assert result is not None
                return result
            base = base.compose(base, slack)

    def epsilon(self, delta: Fraction) -> Fraction | None:
        """The side's proven bound on the least ε with δ(ε) <= delta (see the module docstring):
        an upper bound on the upper side (None when the mass at +∞ alone exceeds delta), a lower
        bound on the lower side; never below 0."""
        if not 0 < delta < 1:
            raise ValueError(f"delta must lie in (0, 1), got {delta}")
        target = Fraction(delta) * (1 << self.bits)  # δ* in mass units
        upper = self.side is Side.UPPER
        if upper and self.infinity >= target:
            return None
        scale = 1 << _EXTRA_BITS
        with precision(2 * _EXTRA_BITS + self.bits):
            decay = enclosure(exact(-self.step).exp())
        decay_low = decay.lower.numerator * scale // decay.lower.denominator
        decay_high = -(-decay.upper.numerator * scale // decay.upper.denominator)
        # δ(l_k)·2^extra > δ*·2^extra, as integers: excess·d > n·2^extra for δ* = n/d
        bound, denominator = target.numerator * scale, target.denominator
        above = self.infinity  # c_∞ + S_k, exact units
        low = high = 0  # G_k·2^extra, rounded down and up
        k = self.masses.length() - 1
        while k >= 0:
            # upper side: go on while δ(l_k) <= δ* is proven; lower side: until δ(l_k) > δ* is
            excess = above * scale - (low if upper else high)
            if excess * denominator > bound:
                break
            mass = int(self.masses[k])
            low = ((mass << _EXTRA_BITS) + low) * decay_low >> _EXTRA_BITS
            high = -(-((mass << _EXTRA_BITS) + high) * decay_high >> _EXTRA_BITS)
            above += mass
            k -= 1
        # ε lies in [l_k, l_{k+1}] (k = -1: at most l_0), where δ(ε) = above − e^{ε − l_k}·G_k
        return max(Fraction(0), self._segment_root(k, above, low if upper else high, target))

    def _segment_root(self, k: int, above: int, weight_units: int, target: Fraction) -> Fraction:
        """The side's bound on ε on [l_k, l_{k+1}], where the scan stopped: ``above`` is
        c_∞ + S_k, ``weight_units`` the side's bound on G_k·2^extra (low for the upper side)."""
        upper = self.side is Side.UPPER
        lattice = self.origin + k * self.step
        room = above - target  # c_∞ + S_k − δ*, in units
        if room <= 0:
            # only when the scan ran through (k = −1): δ(ε) <= δ* at every ε, so ε = 0
            return Fraction(0)
        stop = lattice + self.step if k + 1 < self.masses.length() else None
        if weight_units == 0:  # (upper side) no lower bound on G_k: its segment's right end
            assert upper
            assert stop is not None
            return stop
        with precision(2 * _EXTRA_BITS + self.bits):
            root = enclosure(exact(lattice) + (exact(room * (1 << _EXTRA_BITS)) / weight_units).log())
        value = root.upper if upper else root.lower
        if k >= 0:
            value = max(value, lattice)
        return value if stop is None else min(value, stop)


_ONES: list[fmpz_poly] = [fmpz_poly([1])]  # 1 + x + … + x^(n−1) for the longest n asked so far


def _ones(length: int) -> fmpz_poly:
    """1 + x + … + x^(length−1), cut from a cached longer one."""
    if _ONES[0].length() < length:
        _ONES[0] = fmpz_poly([1] * max(length, 2 * _ONES[0].length()))
    return _ONES[0].truncate(length)


def units_up(mass: arb, bits: int) -> int:
    """The least number of units 2^-bits at or above every point of the ball (>= 0)."""
    found = (mass * arb(2) ** bits).upper().ceil().unique_fmpz()
    if found is None:  # an end too large for the precision to hold as an integer: exactly
        scaled = enclosure(mass).upper * (1 << bits)
        return max(0, -(-scaled.numerator // scaled.denominator))
    return max(0, int(found))


def units_down(mass: arb, bits: int) -> int:
    """The greatest number of units 2^-bits at or below every point of the ball, floored at 0."""
    found = (mass * arb(2) ** bits).lower().floor().unique_fmpz()
    if found is None:
        scaled = enclosure(mass).lower * (1 << bits)
        return max(0, scaled.numerator // scaled.denominator)
    return max(0, int(found))


def index_below(value: arb, origin: Fraction, step: Fraction) -> int:
    """The largest i with origin + i·step <= every point of the ball ``value``."""
    scaled = (enclosure(value).lower - origin) / step
    return scaled.numerator // scaled.denominator


def index_above(value: arb, origin: Fraction, step: Fraction) -> int:
    """The least i with origin + i·step > every point of the ball ``value``."""
    scaled = (enclosure(value).upper - origin) / step
    return scaled.numerator // scaled.denominator + 1


def _cut(pld: LatticePLD, slack: int) -> LatticePLD:
    """The tails holding at most ``slack`` units cut at both ends (see the module docstring)."""
    masses, length = pld.masses, pld.masses.length()
    top, removed_top = length - 1, 0
    while top > 0 and removed_top + int(masses[top]) <= slack:
        removed_top += int(masses[top])
        top -= 1
    bottom, removed_bottom = 0, 0
    while bottom < top and removed_bottom + int(masses[bottom]) <= slack:
        removed_bottom += int(masses[bottom])
        bottom += 1
    if top == length - 1 and bottom == 0:
        return pld
    kept = masses.right_shift(bottom).truncate(top - bottom + 1) if bottom else masses.truncate(top + 1)
    infinity = pld.infinity
    if pld.side is Side.UPPER:
        kept += removed_bottom  # raised onto the lowest kept loss
        infinity += removed_top  # sent to +∞
    return LatticePLD(pld.side, pld.origin + bottom * pld.step, pld.step, pld.bits, kept, infinity)
