"""An independent oracle for DP-SGD's optimal ε: mpmath integration of the two dominating pairs.

Written on the original output x, with nothing taken from ``generator`` (a lattice PLD is only
read, by :func:`pld_delta`):

    remove  P(x) = (1 − q)φ(x) + qφ(x − 1)   Q(x) = φ(x)      (loss increasing in x)
    add     P(x) = φ(x)   Q(x) = (1 − q)φ(x) + qφ(x − 1)      (loss decreasing in x)

with φ the N(0, σ²) density. One step's hockey stick δ₁(c) = ∫ (P − e^c Q)₊ is a sum of normal
tails past the point where P/Q = e^c, found in closed form from
(P/Q)(x) = 1 − q + q·e^{(2x − 1)/(2σ²)} (remove) or its inverse (add). Compositions follow
δ_{T+1}(ε) = ∫ P(x)·δ_T(ε − L(x)) dx (the loss of the first step, then T more), integrated
by mpmath's quadrature with the kinks of the integrand as breakpoints.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

import mpmath  # type: ignore[import-untyped]

if TYPE_CHECKING:
    from generator.core.lattice_pld import LatticePLD

DIGITS = 20

# The settings the two discretizations' tests share (tests/core/test_connect_dots.py and
# test_aligned_bins.py): mass units, cut tails, pairs (q, σ) and the ε at which δ is compared.
BITS = 80
TAIL = Fraction(1, 10**20)
CASES = [(Fraction(1, 2), Fraction(1)), (Fraction(1, 100), Fraction(4)), (Fraction(1), Fraction(2))]
EPSILONS = [Fraction(k, d) for k, d in ((-1, 2), (-1, 100), (0, 1), (1, 200), (1, 20), (1, 2), (2, 1))]


def _mp(value: Fraction | int) -> mpmath.mpf:
    value = Fraction(value)
    return mpmath.mpf(value.numerator) / value.denominator


class Pair:
    """One direction's pair for the sampled Gaussian at (q, σ)."""

    def __init__(self, q: Fraction, sigma: Fraction, direction: str) -> None:
        self.rate, self.noise, self.remove = Fraction(q), Fraction(sigma), direction == "remove"

    @property
    def q(self) -> mpmath.mpf:  # at the working precision of the call, not of the construction
        return _mp(self.rate)

    @property
    def sigma(self) -> mpmath.mpf:
        return _mp(self.noise)

    def ratio(self, x: mpmath.mpf) -> mpmath.mpf:
        """(1 − q)φ(x) + qφ(x − 1) over φ(x)."""
        return 1 - self.q + self.q * mpmath.exp((2 * x - 1) / (2 * self.sigma**2))

    def p_density(self, x: mpmath.mpf) -> mpmath.mpf:
        phi = mpmath.npdf(x, 0, self.sigma)
        return phi * self.ratio(x) if self.remove else phi

    def loss(self, x: mpmath.mpf) -> mpmath.mpf:
        value = mpmath.log(self.ratio(x))
        return value if self.remove else -value

    def crossing(self, c: mpmath.mpf) -> mpmath.mpf | None:
        """The x where the loss equals c, None when c is outside the loss's range."""
        level = mpmath.exp(c if self.remove else -c) - 1 + self.q  # q·e^{(2x−1)/(2σ²)}
        if level <= 0:
            return None
        return mpmath.mpf(1) / 2 + self.sigma**2 * mpmath.log(level / self.q)

    def one_step(self, c: mpmath.mpf) -> mpmath.mpf:
        """δ₁(c) = P(loss > c) − e^c Q(loss > c)."""
        x = self.crossing(c)
        s, q = self.sigma, self.q
        if self.remove:
            if x is None:  # c below the loss's floor: every x counts
                return 1 - mpmath.exp(c)
            above0, above1 = 1 - mpmath.ncdf(x / s), 1 - mpmath.ncdf((x - 1) / s)
            return (1 - q) * above0 + q * above1 - mpmath.exp(c) * above0
        if x is None:  # c above the loss's ceiling
            return mpmath.mpf(0)
        below0, below1 = mpmath.ncdf(x / s), mpmath.ncdf((x - 1) / s)
        return below0 - mpmath.exp(c) * ((1 - q) * below0 + q * below1)

    def _breaks(self, epsilon: mpmath.mpf) -> list[mpmath.mpf]:
        """Where the integrand of the next composition bends: the loss's floor (ceiling) crossed."""
        floor = mpmath.log(1 - self.q) if self.q < 1 else None
        points = [mpmath.mpf(0), mpmath.mpf(1)]
        if floor is not None:
            kink = self.crossing(epsilon - floor if self.remove else epsilon + floor)
            if kink is not None:
                points.append(kink)
        reach = 12 * self.sigma  # beyond it P holds less than 10^-32
        return sorted(p for p in {*points, -reach, 1 + reach} if -reach <= p <= 1 + reach)

    def composed(self, steps: int, epsilon: mpmath.mpf) -> mpmath.mpf:
        """δ_T(ε) for T = ``steps`` (1, 2 or 3)."""
        if steps == 1:
            return self.one_step(epsilon)

        def inner(x: mpmath.mpf) -> mpmath.mpf:
            return self.p_density(x) * self.composed(steps - 1, epsilon - self.loss(x))

        return mpmath.quad(inner, self._breaks(epsilon), method="gauss-legendre")


def optimal_epsilon(pair: Pair, steps: int, delta: Fraction) -> mpmath.mpf:
    """The least ε with δ_T(ε) <= δ: δ_T falls strictly where it is positive, so the root of
    δ_T(ε) − δ, bracketed by doubling and found by the Illinois method."""
    with mpmath.workdps(DIGITS):
        target = _mp(delta)

        def excess(e: mpmath.mpf) -> mpmath.mpf:
            return pair.composed(steps, e) - target

        low, high = mpmath.mpf(0), mpmath.mpf(1)
        while excess(high) > 0:
            low, high = high, 2 * high
        return mpmath.findroot(excess, (low, high), solver="illinois")


def delta_at(pair: Pair, steps: int, epsilon: Fraction) -> mpmath.mpf:
    with mpmath.workdps(DIGITS):
        return pair.composed(steps, _mp(epsilon))


def to_mpf(value: Fraction) -> mpmath.mpf:
    with mpmath.workdps(DIGITS):
        return _mp(value)


def float_delta(
    q: Fraction, sigma: Fraction, direction: str, steps: int, epsilon: float, panels: int = 150
) -> float:
    """δ_T(ε) in floats for T <= 3: the same recursion with the integrals over x ∈ [−12σ, 1 + 12σ]
    taken by Gauss–Legendre panels (20 nodes on each), nested as matrices (N² entries for T = 3).

    At T = 2 it agrees with the mpmath recursion to about 10⁻⁸ of δ with 150 panels (the
    integrand is sharpest there; tests/core/test_certified_pld.py checks it), and the smoother
    T = 3 integrand changes by less than 10⁻¹⁰ of δ from 150 to 300 panels."""
    import numpy as np
    from scipy.special import ndtr  # type: ignore[import-untyped]

    qf, s = float(q), float(sigma)
    remove = direction == "remove"
    nodes, weights = np.polynomial.legendre.leggauss(20)
    edges = np.linspace(-12 * s, 1 + 12 * s, panels + 1)
    half = (edges[1:] - edges[:-1]) / 2
    xs = ((edges[:-1] + edges[1:]) / 2)[:, None] + half[:, None] * nodes[None, :]
    ws = half[:, None] * weights[None, :]
    xs, ws = xs.ravel(), ws.ravel()
    ratio = 1 - qf + qf * np.exp((2 * xs - 1) / (2 * s * s))
    phi = np.exp(-xs * xs / (2 * s * s)) / (s * np.sqrt(2 * np.pi))
    density = phi * ratio if remove else phi
    loss = np.log(ratio) if remove else -np.log(ratio)

    def one_step(c: np.ndarray) -> np.ndarray:
        level = np.exp(c if remove else -c) - 1 + qf
        safe = np.where(level > 0, level, 1.0)
        x = 0.5 + s * s * np.log(safe / qf)
        if remove:
            above0, above1 = ndtr(-x / s), ndtr(-(x - 1) / s)
            inside = (1 - qf) * above0 + qf * above1 - np.exp(c) * above0
            found: np.ndarray = np.where(level > 0, inside, 1 - np.exp(c))
            return found
        below0, below1 = ndtr(x / s), ndtr((x - 1) / s)
        inside = below0 - np.exp(c) * ((1 - qf) * below0 + qf * below1)
        result: np.ndarray = np.where(level > 0, inside, 0.0)
        return result

    def composed(count: int, c: np.ndarray) -> np.ndarray:
        if count == 1:
            return one_step(c)
        shifted = c[..., None] - loss  # one more step's loss on a new last axis
        summed: np.ndarray = (composed(count - 1, shifted) * (ws * density)).sum(axis=-1)
        return summed

    return float(composed(steps, np.array(epsilon)))


def weighted_mass(pld: LatticePLD) -> mpmath.mpf:
    """Σ cᵢ·e^{−lᵢ}·2^-bits: for the PLD of a pair (P, Q), the Q-mass where P > 0 (40 digits)."""
    with mpmath.workdps(40):
        unit = mpmath.mpf(2) ** -pld.bits
        total = mpmath.mpf(0)
        for index, mass in enumerate(pld.masses.coeffs()):
            if mass:
                total += int(mass) * unit * mpmath.exp(-_mp(pld.origin + index * pld.step))
        return total


def pld_delta(pld: LatticePLD) -> Callable[[mpmath.mpf], mpmath.mpf]:
    """ε ↦ δ(ε) of a lattice PLD's masses (:func:`lattice_delta`)."""
    masses = [int(c) for c in pld.masses.coeffs()]
    return lattice_delta(pld.origin, pld.step, pld.bits, masses, pld.infinity)


def lattice_delta(
    origin: Fraction, step: Fraction, bits: int, masses: list[int], infinity: int
) -> Callable[[mpmath.mpf], mpmath.mpf]:
    """ε ↦ δ(ε) = c_∞ + Σ_{lᵢ > ε} cᵢ(1 − e^{ε − lᵢ}) of masses cᵢ·2^-bits at lᵢ = origin + i·step,
    in mpmath (the weights e^{−lᵢ} computed once)."""
    with mpmath.workdps(DIGITS + 10):
        unit = mpmath.mpf(2) ** -bits
        terms = [(_mp(origin + i * step), m * unit) for i, m in enumerate(masses) if m]
        weighted = [(loss, mass, mass * mpmath.exp(-loss)) for loss, mass in terms]

    def delta(epsilon: mpmath.mpf) -> mpmath.mpf:
        with mpmath.workdps(DIGITS + 10):
            above = [(mass, weight) for loss, mass, weight in weighted if loss > epsilon]
            total = infinity * unit + sum((m for m, _ in above), mpmath.mpf(0))
            return total - mpmath.exp(epsilon) * sum((w for _, w in above), mpmath.mpf(0))

    return delta
