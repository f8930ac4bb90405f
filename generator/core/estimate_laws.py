"""The laws of the two rate estimates as chart points, each within 10⁻⁶ of the exact density.

The lab draws, for n users, the true rate π and α₀ = N/D, the law of the local estimate π̂
(:class:`~generator.core.rate_estimation.LocalEstimate`) beside the law of the central one
(:class:`~generator.core.rate_estimation.CentralEstimate`). They live on different lattices,
so each point is a probability divided by its lattice's step (a density), and both read on
one axis:

- local: π̂(c) = (c(N + D) − nD)/(n(N − D)) for the count c = 0..n of ones reported, with
  P(C = c) of Bin(n, ρ), ρ = πp + (1 − π)(1 − p), step 1/(n(2p − 1)) = (N + D)/(n(N − D));
- central: π̂_c = s/n for S = C′ + Z, C′ ~ Bin(n, π) and Z two-sided geometric of ratio
  r = D/N, P(Z = z) = (1 − r)/(1 + r)·r^|z|, step 1/n. With P the law of C′,

      P(S = s) = (1 − r)/(1 + r)·(L(s) + R(s)),
      L(s) = Σ_{c <= s} P(c)·r^(s − c),   R(s) = Σ_{c > s} P(c)·r^(c − s),

  and both sums walk along s with one multiplication by r each: L(s) = r·L(s − 1) + P(s)
  forward and R(s − 1) = r·(P(s) + R(s)) backward (each contracts: r < 1).

Both densities are a value times n(N − D)/(N + D) (for the central one, (1 − r)/(1 + r) =
(N − D)/(N + D) and the step's n).

**Exact start, fixed-point walks.** The exact probabilities at n = 10 000 are fractions of
some 10⁵ bits; the chart needs six decimals. So each law is walked in fixed point at
:data:`BITS` bits, every value an integer x standing for x·2^−BITS and every step a floor,
which keeps every value a lower bound. The binomial starts at its mode m = ⌊(n + 1)u/(u + v)⌋
(clamped to n), the one exact division ⌊C(n, m)u^m v^(n−m)·2^BITS/(u + v)^n⌋, and walks out by
the term ratios (n − c)u/((c + 1)v) up and c·v/((n − c + 1)u) down, both at most 1 away from
the mode; a step adds under one unit to an error it does not grow, so the error at c is under
|c − m| + 1 <= n + 1 units. L and R add at most that plus one unit per step to an error they
shrink by r, so each is off by under (n + 2)/(1 − r) = (n + 2)N/(N − D) units. Times the
density's scale, the local density is off by under n(n + 1)·2^−BITS and the central one by
under 2n(n + 2)·2^−BITS: below 10⁻³⁰ for n <= 10 000.

**Points.** Each density is rounded half up to 10⁻⁶ (:data:`PLACES`), so a point is within
0.5·10⁻⁶ + 10⁻³⁰ of the exact density. A law keeps its points from the first to the last
whose value is at least 1/:data:`CUTOFF` of its peak, every ``stride``-th, so that at most
:data:`MAX_POINTS` are drawn. The central law is walked over s = −E..n + E, E the least e >= 1
with N^e > CUTOFF·D^e: outside 0..n its density falls by r per step, so every point beyond
is below the cutoff.

A lab's engine that runs the same integer steps in the browser draws the same points, to the
last digit (the golden vectors hold the two equal).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.core.binomial_tails import term

BITS = 128
PLACES = 6
CUTOFF = 1000
MAX_POINTS = 200


@dataclass(frozen=True)
class LawPoint:
    """One point of a law: the estimate's value and its density, rounded to 10⁻⁶."""

    estimate: Fraction
    density: Fraction


def binomial_fixed(n: int, u: int, v: int) -> list[int]:
    """x_c <= P(c)·2^BITS < x_c + |c − m| + 1 for c = 0..n, P(c) = C(n, c)u^c v^(n−c)/(u + v)^n
    (u, v >= 0, u + v > 0), walked from the mode m (see the module)."""
    mode = min((n + 1) * u // (u + v), n)
    values = [0] * (n + 1)
    values[mode] = (term(n, mode, u, v) << BITS) // (u + v) ** n
    for c in range(mode, n):
        values[c + 1] = values[c] * (n - c) * u // ((c + 1) * v)
    for c in range(mode, 0, -1):
        values[c - 1] = values[c] * c * v // ((n - c + 1) * u)
    return values


def tail_reach(big: int, small: int) -> int:
    """E, the least e >= 1 with big^e > CUTOFF·small^e: how far past 0..n the central law is walked."""
    reach = 1
    while big**reach <= CUTOFF * small**reach:
        reach += 1
    return reach


def blurred_fixed(masses: list[int], big: int, small: int) -> tuple[int, list[int]]:
    """(−E, [y_s for s = −E..n + E]) with y_s <= (L(s) + R(s))·2^BITS over the fixed masses of
    C′ (``masses``, c = 0..n) and r = small/big (see the module)."""
    n = len(masses) - 1
    reach = tail_reach(big, small)
    first, size = -reach, n + 2 * reach + 1

    def mass(s: int) -> int:
        return masses[s] if 0 <= s <= n else 0

    left, right = [0] * size, [0] * size
    running = 0
    for i in range(size):  # L(s) = r·L(s − 1) + P(s), from L(−E − 1) = 0
        running = running * small // big + mass(first + i)
        left[i] = running
    running = 0
    for i in range(size - 1, 0, -1):  # R(s − 1) = r·(P(s) + R(s)), from R(n + E) = 0
        running = (mass(first + i) + running) * small // big
        right[i - 1] = running
    return first, [x + y for x, y in zip(left, right, strict=True)]


def _rounded(value: int, scale: Fraction) -> Fraction:
    """value·2^−BITS·scale rounded half up to 10^−PLACES."""
    top, bottom = scale.numerator * 10**PLACES, scale.denominator << BITS
    return Fraction((2 * value * top + bottom) // (2 * bottom), 10**PLACES)


def visible(values: list[int]) -> range:
    """The indices a law draws: from the first to the last value at least 1/CUTOFF of the peak,
    every stride-th so that at most MAX_POINTS remain."""
    peak = max(values)
    kept = [i for i, x in enumerate(values) if CUTOFF * x >= peak]
    first, last = kept[0], kept[-1]
    stride = -(-(last - first + 1) // MAX_POINTS)
    return range(first, last + 1, stride)


def local_points(n: int, rate: Fraction, alpha0: Fraction) -> list[LawPoint]:
    """The local estimate's law (see the module), α₀ > 1."""
    big, small = alpha0.numerator, alpha0.denominator
    report = (rate * big + (1 - rate) * small) / (big + small)  # ρ
    values = binomial_fixed(n, report.numerator, report.denominator - report.numerator)
    scale = Fraction(n * (big - small), big + small)
    return [
        LawPoint(Fraction(c * (big + small) - n * small, n * (big - small)), _rounded(values[c], scale))
        for c in visible(values)
    ]


def central_points(n: int, rate: Fraction, alpha0: Fraction) -> list[LawPoint]:
    """The central estimate's law (see the module), α₀ > 1."""
    big, small = alpha0.numerator, alpha0.denominator
    masses = binomial_fixed(n, rate.numerator, rate.denominator - rate.numerator)
    first, values = blurred_fixed(masses, big, small)
    scale = Fraction(n * (big - small), big + small)
    return [LawPoint(Fraction(first + i, n), _rounded(values[i], scale)) for i in visible(values)]
