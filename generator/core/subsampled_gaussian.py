"""The Poisson-subsampled Gaussian mechanism of DP-SGD and its two dominating pairs.

One step of DP-SGD draws each record into the batch independently with probability q, sums
the batch's gradients clipped to norm 1 (so one record moves the sum by at most 1) and adds
N(0, σ²·I). Neighbouring datasets differ by one record added or removed. Zhu, Dong and Wang
(2022, "Optimal accounting of differential privacy via characteristic function", AISTATS,
Sec. 5, their theorem on Poisson subsampling) build the dominating pairs of a Poisson-subsampled
mechanism under add/remove from a dominating pair (P₀, Q₀) of the mechanism it subsamples:
((1 − q)Q₀ + qP₀, Q₀) for removing a record and the mirror (Q₀, (1 − q)Q₀ + qP₀) for adding one.
The Gaussian's pair is P₀ = N(1, σ²), Q₀ = N(0, σ²) (Balle and Wang 2018: the hockey stick of two
Gaussians depends only on the distance of their means over σ, at most 1/σ here), so every
neighbouring pair of datasets is, in each of the two directions, a post-processing of a pair of
distributions on the real line:

    remove   P = (1 − q)·N(0, σ²) + q·N(1, σ²)   against   Q = N(0, σ²)
    add      P = N(0, σ²)                         against   Q = (1 − q)·N(0, σ²) + q·N(1, σ²)

and each pair is attained (a batch sum that is 0 without the record and 1 with it), so the
smallest ε at a δ of the T-fold composition is the larger of the two directions' smallest ε,
each computed for the T-fold product of its pair (dominating pairs compose, adaptively too: Zhu,
Dong and Wang's composition theorem; Koskela, Jälkö and Honkela 2020, "Computing tight
differential privacy guarantees using FFT", derive the same pairs for the subsampled Gaussian).
dp_accounting's ``privacy_loss_mechanism`` (its ``mu_upper``/``mu_lower`` for Poisson
subsampling) holds the same two pairs.

Each pair is written on a coordinate t in which its privacy loss L(t) = ln(P(t)/Q(t))
increases: t = x for remove, t = −x for add (mirroring the add pair turns its Q into
(1 − q)·N(0, σ²) + q·N(−1, σ²)). With s = +1 (remove) or −1 (add) and u = (2st − 1)/(2σ²),
the ratio N(1, σ²)/N(0, σ²) at x = st is e^u, so

    L(t) = s · ln(1 − q + q·e^u) = s · log1p(q · expm1(u)),
    L⁻¹(l) = s · (1/2 + σ² · log1p(expm1(s·l)/q)),

the second defined for l above ln(1 − q) (remove) or below −ln(1 − q) (add): the remove loss
lies in (ln(1 − q), ∞), the add loss in (−∞, −ln(1 − q)); at q = 1 both are the Gaussian's
loss (2t ∓ 1)/(2σ²) on the whole line.

Masses of intervals are differences of Gaussian tails, each held as erfc of a non-negative
argument (the small tail, never 1 minus it) so that the mass of a short interval far out
keeps its relative precision; every value is an arb ball, rounded outward.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from flint import arb, ctx

from generator.core.certified import enclosure, exact


class Direction(StrEnum):
    """Which neighbour holds the record: the pair's P is the dataset with it (remove) or without it."""

    REMOVE = "remove"
    ADD = "add"


def _exact_rational(value: object, name: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (Fraction, int)):
        raise TypeError(f"{name} must be an exact Fraction or int, got {type(value).__name__}")
    return Fraction(value)


@dataclass(frozen=True)
class SubsampledGaussian:
    """One DP-SGD step: sampling rate q in (0, 1], noise multiplier σ > 0 (sensitivity 1)."""

    q: Fraction
    sigma: Fraction

    def __post_init__(self) -> None:
        q = _exact_rational(self.q, "q")
        sigma = _exact_rational(self.sigma, "sigma")
        if not 0 < q <= 1:
            raise ValueError(f"the sampling rate q must lie in (0, 1], got {q}")
        if sigma <= 0:
            raise ValueError(f"the noise multiplier sigma must be positive, got {sigma}")
        object.__setattr__(self, "q", q)
        object.__setattr__(self, "sigma", sigma)

    def pair(self, direction: Direction) -> DominatingPair:
        return DominatingPair(self, Direction(direction))


class Tail(NamedTuple):
    """The Gaussian tails at one point t for X ~ N(μ, σ²): P(X > t) = value/2 if ``upper``,
    else P(X < t) = value/2; value = erfc(|t − μ|/(σ√2)) (the smaller tail, up to rounding
    at t = μ, where either form is exact)."""

    upper: bool
    value: arb


def _gaussian_mass(left: Tail, right: Tail) -> arb:
    """P(left < X < right) for left <= right, from the two tails without cancelling against 1."""
    if left.upper:  # both points above the mean
        return (left.value - right.value) / 2
    if not right.upper:  # both below
        return (right.value - left.value) / 2
    return 1 - (left.value + right.value) / 2


class Cut(NamedTuple):
    """A point of the line (or ±∞): its coordinate, if finite, and the tail of each mean of the pair."""

    at: arb | None
    tails: tuple[Tail, ...]


@dataclass(frozen=True)
class _Numbers:
    """A pair's constants as arb balls at one working precision (computed once per precision)."""

    q: arb
    sigma2: arb  # σ²
    erfc_scale: arb  # 1/(σ√2)
    norm: arb  # 1/(σ√(2π)), the Gaussian density's factor
    means: tuple[arb, arb]
    p_weights: tuple[arb, arb]
    q_weights: tuple[arb, arb]


@dataclass(frozen=True)
class DominatingPair:
    """One direction's pair (P, Q) on the coordinate t in which its privacy loss increases."""

    mechanism: SubsampledGaussian
    direction: Direction
    # the constants as balls, one set per working precision (filled on first use)
    _cache: dict[int, _Numbers] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def sign(self) -> int:
        return 1 if self.direction is Direction.REMOVE else -1

    @property
    def means(self) -> tuple[int, int]:
        """The means of the two Gaussians the pair mixes: 0 and s."""
        return (0, self.sign)

    def _weights(self, with_record: bool) -> tuple[Fraction, Fraction]:
        """The mixture weights over :attr:`means` of the distribution with (or without) the record."""
        q = self.mechanism.q
        return (1 - q, q) if with_record else (Fraction(1), Fraction(0))

    @property
    def p_weights(self) -> tuple[Fraction, Fraction]:
        return self._weights(self.direction is Direction.REMOVE)

    @property
    def q_weights(self) -> tuple[Fraction, Fraction]:
        return self._weights(self.direction is Direction.ADD)

    def _numbers(self) -> _Numbers:
        found = self._cache.get(ctx.prec)
        if found is None:
            found = self._cache[ctx.prec] = _numbers(self)
        return found

    def loss(self, t: arb) -> arb:
        """L(t) = s·log1p(q·expm1(u)), u = (2st − 1)/(2σ²)."""
        n, sign = self._numbers(), self.sign
        u = (2 * sign * t - 1) / (2 * n.sigma2)
        if self.mechanism.q == 1:
            return sign * u
        return sign * (n.q * u.expm1()).log1p()

    def edge(self, loss: arb) -> arb:
        """L⁻¹(l) = s·(1/2 + σ²·log1p(expm1(s·l)/q)), for l inside the loss's range."""
        n, sign = self._numbers(), self.sign
        if self.mechanism.q == 1:
            return sign * (arb(1) / 2) + n.sigma2 * loss
        return sign * (arb(1) / 2 + n.sigma2 * ((sign * loss).expm1() / n.q).log1p())

    @property
    def loss_floor(self) -> arb | None:
        """inf L = ln(1 − q) for remove with q < 1; None when the loss is unbounded below."""
        q = self.mechanism.q
        return exact(1 - q).log() if self.direction is Direction.REMOVE and q < 1 else None

    @property
    def loss_ceiling(self) -> arb | None:
        """sup L = −ln(1 − q) for add with q < 1; None when the loss is unbounded above."""
        q = self.mechanism.q
        return -exact(1 - q).log() if self.direction is Direction.ADD and q < 1 else None

    def beyond(self, upper: bool, mass: Fraction) -> Fraction:
        """A point c (a dyadic rational) with P(t > c) <= mass (``upper``) or P(t < c) <= mass.

        Each Gaussian of P has P(X > μ + zσ) <= e^{−z²/2}/2 for z >= 0 (the Chernoff bound of the
        normal tail), so the mean farthest out plus z·σ with z = √(2 ln(1/(2·mass))) will do.
        """
        if not 0 < mass < Fraction(1, 2):
            raise ValueError(f"a tail mass must lie in (0, 1/2), got {mass}")
        means = [m for m, w in zip(self.means, self.p_weights, strict=True) if w]
        z = (2 * (1 / exact(2 * mass)).log()).sqrt() * exact(self.mechanism.sigma)
        found = enclosure(max(means) + z) if upper else enclosure(min(means) - z)
        return found.upper if upper else found.lower

    def cut(self, t: arb) -> Cut:
        """The tails at a finite point t (a ball, usually exact)."""
        n = self._numbers()
        tails = []
        for mean in n.means:
            z = (t - mean) * n.erfc_scale
            upper = z.mid() >= 0
            tails.append(Tail(upper, (z if upper else -z).erfc()))
        return Cut(t, tuple(tails))

    def end(self, upper: bool) -> Cut:
        """The cut at +∞ (``upper``) or −∞: every tail beyond it is 0."""
        return Cut(None, (Tail(upper, arb(0)), Tail(upper, arb(0))))

    def masses(self, left: Cut, right: Cut) -> tuple[arb, arb]:
        """(P, Q) of the interval between two cuts, left <= right."""
        n = self._numbers()
        zero, shifted = (_gaussian_mass(a, b) for a, b in zip(left.tails, right.tails, strict=True))
        return (
            n.p_weights[0] * zero + n.p_weights[1] * shifted,
            n.q_weights[0] * zero + n.q_weights[1] * shifted,
        )

    def densities(self, t: arb) -> tuple[tuple[arb, arb, arb], tuple[arb, arb, arb]]:
        """The densities p and q at t with their first two derivatives: ((p, p', p''), (q, q', q'')).

        For N(μ, σ²), φ' = −(t − μ)/σ²·φ and φ'' = ((t − μ)²/σ² − 1)/σ²·φ.
        """
        n = self._numbers()
        values = []
        for mean in n.means:
            offset = (t - mean) / n.sigma2
            density = n.norm * (-(t - mean) * offset / 2).exp()
            values.append((density, -offset * density, (offset * offset - 1 / n.sigma2) * density))

        def mix(weights: tuple[arb, arb]) -> tuple[arb, arb, arb]:
            return (
                weights[0] * values[0][0] + weights[1] * values[1][0],
                weights[0] * values[0][1] + weights[1] * values[1][1],
                weights[0] * values[0][2] + weights[1] * values[1][2],
            )

        return mix(n.p_weights), mix(n.q_weights)


def _numbers(pair: DominatingPair) -> _Numbers:
    sigma = pair.mechanism.sigma
    return _Numbers(
        q=exact(pair.mechanism.q),
        sigma2=exact(sigma * sigma),
        erfc_scale=1 / (exact(sigma) * arb(2).sqrt()),
        norm=1 / (exact(sigma) * (2 * arb.pi()).sqrt()),
        means=(arb(pair.means[0]), arb(pair.means[1])),
        p_weights=(exact(pair.p_weights[0]), exact(pair.p_weights[1])),
        q_weights=(exact(pair.q_weights[0]), exact(pair.q_weights[1])),
    )
