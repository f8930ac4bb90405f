"""Estimating a rate under local and under central DP: exact laws, variances and accuracies.

The model. n users; user i holds a bit X_i drawn independently with P(X_i = 1) = π, the
true rate (an exact rational in [0, 1]). The privacy parameter is α₀ = e^ε₀ > 1, rational.

Local. Each user sends a randomized response: the true bit with probability
p = α₀/(1 + α₀), the flipped bit otherwise, which is (ln α₀)-local DP (p/(1 - p) = α₀). A
report is 1 with probability ρ = πp + (1 - π)(1 - p), independently of the others (X_i and
the coin are independent, and users are independent), so the count C of ones is
Binomial(n, ρ). Since ρ = (1 - p) + π(2p - 1), the server's estimate

    π̂ = (C/n - (1 - p)) / (2p - 1)

has E[π̂] = (ρ - (1 - p))/(2p - 1) = π: it is unbiased (it may leave [0, 1]; clipping
it would bias it). Its variance is Var(C)/(n(2p - 1))² = ρ(1 - ρ)/(n(2p - 1)²), and
expanding ρ(1 - ρ) = [(1 - p) + π(2p - 1)][p - π(2p - 1)] = p(1 - p) + π(1 - π)(2p - 1)²
splits it into the sampling part and the part privacy adds:

    Var(π̂) = π(1 - π)/n + p(1 - p)/(n(2p - 1)²) = π(1 - π)/n + α₀/(n(α₀ - 1)²),

using p(1 - p) = α₀/(1 + α₀)² and 2p - 1 = (α₀ - 1)/(α₀ + 1).

Central. A trusted curator holds the true count C' = Σ X_i ~ Binomial(n, π) and adds
two-sided geometric noise Z, P(Z = z) = (1 - r)/(1 + r)·r^|z| with r = 1/α₀ (the geometric
mechanism of :mod:`generator.core.discrete_noise`, (ln α₀)-DP for a count of sensitivity 1),
unfolded because an estimate may fall anywhere. π̂_c = (C' + Z)/n is unbiased (E[Z] = 0), and

    E[Z²] = 2·(1 - r)/(1 + r)·Σ_{z>=1} z² r^z = 2·(1 - r)/(1 + r)·r(1 + r)/(1 - r)³ = 2r/(1 - r)²,

which is 2α₀/(α₀ - 1)² at r = 1/α₀, so Var(π̂_c) = π(1 - π)/n + 2α₀/(n²(α₀ - 1)²).

The scales. For the count, the privacy part of the variance is n·α₀/(α₀ - 1)² locally and
2α₀/(α₀ - 1)² centrally; as ε₀ → 0, α₀ - 1 ~ ε₀, so their standard deviations grow like
√n/ε₀ and √2/ε₀. Divided by n, the rate's privacy error is ~1/(ε₀√n) locally against
~√2/(ε₀ n) centrally: the local variance is n/2 times the central one, at every α₀.

Exactness and cost. With ρ = a/b in lowest terms, P(C = c) = C(n, c)·a^c·(b - a)^(n-c)/b^n,
so every probability is one integer over b^n, about n·log₂ b bits; any window of counts is
a sum of binomial terms, summed by the binary splitting of
:mod:`generator.core.binomial_tails` over the window (or its complement) rather than term by
term: at n = 10 000 the cost is that of a few n-th powers and one product tree.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction

from generator.core.binomial_tails import binomial_window, term
from generator.core.certified import Certified, certify, exact
from generator.core.discrete_noise import rate_estimate


def _check_tolerance(tolerance: Fraction) -> None:
    if not isinstance(tolerance, Fraction) or not 0 <= tolerance <= 1:
        raise ValueError(f"the tolerance must be an exact rational in [0, 1], got {tolerance!r}")


def _ceil(value: Fraction) -> int:
    return -math.floor(-value)


@dataclass(frozen=True)
class VarianceSplit:
    """A variance as the sampling part π(1 - π)/n plus the part that privacy adds."""

    sampling: Fraction
    privacy: Fraction

    @property
    def total(self) -> Fraction:
        return self.sampling + self.privacy

    def standard_deviation(self, places: int = 3) -> Certified:
        """√total, certified to ``places`` decimals."""
        return certify(lambda: exact(self.total).sqrt(), places)


@dataclass(frozen=True)
class Outcome:
    """One value of the local estimate: the count of ones, π̂ for it, and its probability."""

    count: int
    estimate: Fraction
    probability: Fraction


@dataclass(frozen=True)
class RateSetting(ABC):
    """n users, the true rate π and the privacy parameter α₀ = e^ε₀ > 1, validated."""

    n: int
    rate: Fraction
    alpha0: Fraction

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise ValueError(f"the number of users must be an integer of at least 1, got {self.n!r}")
        if not isinstance(self.rate, Fraction) or not 0 <= self.rate <= 1:
            raise ValueError(f"the true rate must be an exact rational in [0, 1], got {self.rate!r}")
        if not isinstance(self.alpha0, Fraction) or self.alpha0 <= 1:
            raise ValueError(f"α₀ must be an exact rational above 1, got {self.alpha0!r}")

    @property
    @abstractmethod
    def privacy_variance(self) -> Fraction:
        """The part of the estimate's variance that privacy adds."""

    def variance_split(self) -> VarianceSplit:
        """π(1 - π)/n, the sampling part both estimates share, and the privacy part."""
        return VarianceSplit(self.rate * (1 - self.rate) / self.n, self.privacy_variance)

    @property
    def variance(self) -> Fraction:
        return self.variance_split().total


@dataclass(frozen=True)
class LocalEstimate(RateSetting):
    """π̂ from n randomized responses with truth probability α₀/(1 + α₀) (see the module)."""

    @property
    def truth(self) -> Fraction:
        """p = α₀/(1 + α₀)."""
        return self.alpha0 / (1 + self.alpha0)

    @property
    def report_rate(self) -> Fraction:
        """ρ = πp + (1 - π)(1 - p), the chance that one report is 1."""
        p = self.truth
        return self.rate * p + (1 - self.rate) * (1 - p)

    def estimate(self, count: int) -> Fraction:
        """π̂ when ``count`` of the n reports are 1."""
        return rate_estimate(count, self.n, self.truth)

    def law(self) -> tuple[Outcome, ...]:
        """The whole law of π̂, one outcome per count 0..n (zero-probability ones included).

        Every probability has the denominator b^n, so the law holds about n²·log₂ b bits:
        meant for a chart at small n, not for n in the thousands.
        """
        rho = self.report_rate
        a, b = rho.numerator, rho.denominator
        scale = b**self.n
        return tuple(
            Outcome(c, self.estimate(c), Fraction(term(self.n, c, a, b - a), scale))
            for c in range(self.n + 1)
        )

    @property
    def privacy_variance(self) -> Fraction:
        """α₀/(n(α₀ - 1)²)."""
        return self.alpha0 / (self.n * (self.alpha0 - 1) ** 2)

    def count_window(self, tolerance: Fraction) -> tuple[int, int]:
        """The counts c with |π̂(c) - π| <= t: an interval lo..hi (empty when lo > hi).

        |π̂ - π| <= t  ⇔  |C/n - ρ| <= t(2p - 1)  ⇔  n(ρ - t(2p - 1)) <= C <= n(ρ + t(2p - 1)),
        since π̂ - π = (C/n - ρ)/(2p - 1) and 2p - 1 > 0.
        """
        _check_tolerance(tolerance)
        spread = tolerance * (2 * self.truth - 1)
        rho = self.report_rate
        return max(0, _ceil(self.n * (rho - spread))), min(self.n, math.floor(self.n * (rho + spread)))

    def accuracy(self, tolerance: Fraction) -> Fraction:
        """P(|π̂ - π| <= t), exactly: the binomial window of :meth:`count_window` over b^n."""
        lo, hi = self.count_window(tolerance)
        rho = self.report_rate
        a, b = rho.numerator, rho.denominator
        return Fraction(binomial_window(self.n, lo, hi, a, b - a), b**self.n)


@dataclass(frozen=True)
class CentralEstimate(RateSetting):
    """π̂_c = (C' + Z)/n with two-sided geometric Z of ratio 1/α₀ (see the module)."""

    @property
    def noise_variance(self) -> Fraction:
        """Var(Z) = 2α₀/(α₀ - 1)²."""
        return 2 * self.alpha0 / (self.alpha0 - 1) ** 2

    @property
    def privacy_variance(self) -> Fraction:
        """Var(Z)/n² = 2α₀/(n²(α₀ - 1)²)."""
        return self.noise_variance / self.n**2

    def sum_window(self, tolerance: Fraction) -> tuple[int, int]:
        """The values s of C' + Z with |s/n - π| <= t: the integers A..B, A = ⌈n(π - t)⌉, B = ⌊n(π + t)⌋."""
        _check_tolerance(tolerance)
        return _ceil(self.n * (self.rate - tolerance)), math.floor(self.n * (self.rate + tolerance))

    def accuracy(self, tolerance: Fraction) -> Fraction:
        """P(|π̂_c - π| <= t) = G(B) - G(A - 1), exactly, with G(m) = P(C' + Z <= m).

        The noise's distribution function has a closed form (a geometric series): for z >= 0,
        F(z) = 1 - r^(z+1)/(1 + r), and for z <= -1, F(z) = r^(-z)/(1 + r). Conditioning on C',

            G(m) = Σ_c P(C' = c)·F(m - c)
                 = P(C' <= m) - (1/(1 + r))·Σ_{c<=m} P(c)·r^(m+1-c) + (1/(1 + r))·Σ_{c>m} P(c)·r^(c-m).

        With π = a/b and α₀ = N/D (r = D/N), P(c)·r^(-c) and P(c)·r^c are binomial terms again:
        C(n,c)(aN)^c((b-a)D)^(n-c)/(D^n b^n) and C(n,c)(aD)^c((b-a)N)^(n-c)/(N^n b^n). Writing
        W, W₊, W₋ for the windows of these three binomials (:func:`binomial_window`),

            G(m)·(N + D)·b^n = (N + D)·W(0..m) - N^(-m)·D^(m+1-n)·W₊(0..m) + N^(m+1-n)·D^(-m)·W₋(m+1..n),

        which holds for every integer m (an empty window is 0). The powers of N and D may be
        negative, so all terms are brought over one denominator before the one division.
        """
        lo, hi = self.sum_window(tolerance)
        if lo > hi:
            return Fraction(0)
        a, b = self.rate.numerator, self.rate.denominator
        big, small = self.alpha0.numerator, self.alpha0.denominator
        n = self.n
        # (sign, integer, power of N, power of D) over (N + D)·b^n
        terms: list[tuple[int, int, int, int]] = []
        for sign, m in ((1, hi), (-1, lo - 1)):
            terms.append((sign, (big + small) * binomial_window(n, 0, m, a, b - a), 0, 0))
            terms.append((-sign, binomial_window(n, 0, m, a * big, (b - a) * small), -m, m + 1 - n))
            terms.append((sign, binomial_window(n, m + 1, n, a * small, (b - a) * big), m + 1 - n, -m))
        terms = [entry for entry in terms if entry[1]]
        if not terms:
            return Fraction(0)
        low_n = min(i for _, _, i, _ in terms)
        low_d = min(j for _, _, _, j in terms)
        numerator = sum(s * x * big ** (i - low_n) * small ** (j - low_d) for s, x, i, j in terms)
        denominator = (big + small) * b**n * big ** (-low_n) * small ** (-low_d)
        return Fraction(numerator, denominator)
