"""The optimal composition of k (ε₀, δ₀)-DP steps: the exact privacy profile of the worst case.

Kairouz, Oh and Viswanath (2015, "The composition theorem for differential privacy",
Thm 3.3 and its proof) show that for one neighbouring pair every (ε₀, δ₀)-DP mechanism is
a post-processing of one four-output mechanism M̃. With α₀ = e^{ε₀} and p = α₀/(1 + α₀),
so that p/(1 - p) = α₀, M̃ is

    output       "x is 0"   "says 0"        "says 1"        "x is 1"
    P (x = 0)    δ₀         (1 - δ₀)·p      (1 - δ₀)(1 - p)  0
    Q (x = 1)    0          (1 - δ₀)(1 - p)  (1 - δ₀)·p      δ₀

a coin of bias δ₀ that either reveals x or hands over a randomized response. The k-fold
composition of (ε₀, δ₀)-DP steps, adaptive or not, is then a post-processing of the k-fold
product of M̃, and that product is itself such a composition, so its profile is the
optimal one: no composition needs more δ at any α, and this one needs exactly that much.

The product's profile, for α >= 1. Under x = 0 an output in which some step revealed holds
an "x is 0", which Q never gives, so all of it is excess: mass 1 - (1 - δ₀)^k. The other
outputs are k fresh randomized responses scaled by (1 - δ₀)^k in both worlds, so their
excess is (1 - δ₀)^k · δ*_RR,k(α), where δ*_RR,k is the profile of k fresh responses
(their count suffices, :mod:`generator.core.transcripts`). The direction x = 1 mirrors it:

    δ_opt(α) = 1 - (1 - δ₀)^k + (1 - δ₀)^k · δ*_RR,k(α) = 1 - (1 - δ₀)^k (1 - δ*_RR,k(α)).

With α₀ and δ₀ rational every value is an exact Fraction: two (ln 3, 0.6) steps at α = 9
give δ*_RR,2(9) = 0 and δ_opt = 1 - 0.4² = 0.84, against the basic theorem's min(1, 1.2) = 1.

Steps with different (ln αᵢ, δᵢ) compose the same way (Kairouz, Oh and Viswanath, Thm 3.5):
the worst case is the product of the M̃ᵢ, and δ_opt(α) = 1 - Π(1 - δᵢ)·(1 - δ*_RR(α)) with
δ*_RR the profile of the product of the responses. Computing it is #P-complete in general
(Murtagh and Vadhan 2016): the product has up to 2^k distinct likelihood ratios.

The privacy loss L = ln(P(Z)/Q(Z)) of the worst case, under x = 0, is +∞ with probability
1 - Π(1 - δᵢ) (some step revealed x) and otherwise the loss of the responses; δ_opt(α) is
E_P[(1 - α e^{-L})_+], the hockey-stick divergence that accountants approximate.

The smallest α that meets a target δ inverts the profile: δ_opt(α) <= δ exactly when
δ*_RR(α) <= τ = 1 - (1 - δ)/Π(1 - δᵢ); a negative τ means no α is enough (ε = ∞).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, reduce

from generator.core.binomial_tails import term, upper_tail
from generator.core.finite_channel import FiniteChannel, order_by_ratio
from generator.core.profile import Profile, check_alpha


@dataclass(frozen=True)
class Step:
    """One (ln α, δ)-DP step."""

    alpha: Fraction
    delta: Fraction

    def __post_init__(self) -> None:
        check_alpha(self.alpha)
        if not isinstance(self.delta, Fraction) or not 0 <= self.delta <= 1:
            raise ValueError(f"δ must be an exact rational in [0, 1], got {self.delta!r}")


@dataclass(frozen=True)
class PrivacyLoss:
    """The law of L under x = 0: P(L = ln ratios[i]) = probabilities[i], P(L = +∞) = infinite."""

    ratios: tuple[Fraction, ...]
    probabilities: tuple[Fraction, ...]
    infinite: Fraction


def _log(value: Fraction) -> float:
    """ln of a positive rational as a float, for estimates only (no overflow for huge values)."""
    return math.log(value.numerator) - math.log(value.denominator)


def _log_add(a: float, b: float) -> float:
    """ln(e^a + e^b), without overflow."""
    if a < b:
        a, b = b, a
    return a if b == -math.inf else a + math.log1p(math.exp(b - a))


def _no_reveal(steps: Sequence[Step]) -> Fraction:
    return reduce(lambda product, step: product * (1 - step.delta), steps, Fraction(1))


def _optimal_delta(no_reveal: Fraction, rr_delta: Fraction) -> Fraction:
    return 1 - no_reveal * (1 - rr_delta)


def _response_threshold(no_reveal: Fraction, delta: Fraction) -> Fraction | None:
    """τ with δ_opt(α) <= δ ⇔ δ*_RR(α) <= τ; None when no α is enough."""
    if not isinstance(delta, Fraction) or not 0 <= delta <= 1:
        raise ValueError(f"the target δ must be an exact rational in [0, 1], got {delta!r}")
    if delta == 1:
        return Fraction(1)
    if no_reveal == 0 or no_reveal < 1 - delta:
        return None
    return 1 - (1 - delta) / no_reveal


@dataclass(frozen=True)
class OptimalComposition:
    """k steps, each (ln α₀, δ₀)-DP: the exact optimal δ at every α (:meth:`delta`).

    The responses' profile comes from binomial tails (:mod:`generator.core.binomial_tails`):
    with α₀ = n/d, count c of the k responses has weight C(k,c) n^c d^(k-c) under x = 0 and
    C(k,c) d^c n^(k-c) under x = 1, over (n + d)^k, and the ratio α₀^(2c-k). The outputs
    whose ratio exceeds α are the counts c >= m for one m, so δ*_RR(α) needs only the two
    tails from m, and the law is symmetric, so one direction is the whole profile.
    """

    alpha0: Fraction
    delta0: Fraction
    k: int

    def __post_init__(self) -> None:
        Step(self.alpha0, self.delta0)
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise ValueError(f"k must be an integer of at least 1, got {self.k!r}")

    @property
    def steps(self) -> tuple[Step, ...]:
        return (Step(self.alpha0, self.delta0),) * self.k

    @property
    def truth_probability(self) -> Fraction:
        """p = α₀/(1 + α₀): the randomized response whose likelihood ratio is α₀."""
        return self.alpha0 / (1 + self.alpha0)

    @property
    def no_reveal(self) -> Fraction:
        """(1 - δ₀)^k: the chance that no step of M̃'s product reveals x."""
        return (1 - self.delta0) ** self.k

    @property
    def support_size(self) -> int:
        """The number of finite values of L: one per count, or one when α₀ = 1."""
        return self.k + 1 if self.alpha0 > 1 else 1

    def _tails(self, m: int) -> tuple[int, int]:
        """(Σ_{c>=m} weight under x = 0, Σ_{c>=m} weight under x = 1)."""
        n, d = self.alpha0.numerator, self.alpha0.denominator
        return upper_tail(self.k, m, n, d), upper_tail(self.k, m, d, n)

    def _exceeds(self, c: int, alpha: Fraction) -> bool:
        """Whether the ratio of count c, α₀^(2c-k), is above α."""
        n, d, j = self.alpha0.numerator, self.alpha0.denominator, 2 * c - self.k
        if j < 0:
            return bool(alpha.numerator * n ** (-j) < alpha.denominator * d ** (-j))
        return bool(alpha.denominator * n**j > alpha.numerator * d**j)

    def rr_delta(self, alpha: Fraction) -> Fraction:
        """δ*_RR,k(α) of the k responses, exactly."""
        check_alpha(alpha)
        if self.alpha0 == 1:
            return Fraction(0)
        # The first count whose ratio is above α, from a float guess settled exactly.
        guess = (self.k + _log(alpha) / math.log(self.alpha0)) / 2
        m = min(self.k + 1, max(0, math.floor(guess)))
        while m <= self.k and not self._exceeds(m, alpha):
            m += 1
        while m > 0 and self._exceeds(m - 1, alpha):
            m -= 1
        above0, above1 = self._tails(m)
        scale = (self.alpha0.numerator + self.alpha0.denominator) ** self.k
        return Fraction(above0 * alpha.denominator - above1 * alpha.numerator, scale * alpha.denominator)

    def delta(self, alpha: Fraction) -> Fraction:
        """δ_opt(α) = 1 - (1 - δ₀)^k (1 - δ*_RR,k(α)), exactly."""
        return _optimal_delta(self.no_reveal, self.rr_delta(alpha))

    def _guess_cut(self, tau: Fraction) -> int:
        """A float estimate of the least count c > k/2 whose ratio meets τ (see below).

        The tails are kept as logarithms, so no term under- or overflows; at count c the
        excess is T₀ - ρ_c T₁ = T₀·(1 - e^t) with t = ln ρ_c + ln T₁ - ln T₀ < 0. Above the
        mode the weights fall with c, so the sum starts where they rise past τ·e^-60 (found
        by bisection): the counts above add less than k·τ·e^-60 and cannot move the estimate.
        """
        k, p = self.k, float(self.truth_probability)
        log_ratio = math.log(self.alpha0)
        log_tau = _log(tau) if tau > 0 else -math.inf

        def log_weight(c: int) -> float:
            return (
                math.lgamma(k + 1)
                - math.lgamma(c + 1)
                - math.lgamma(k - c + 1)
                + c * math.log(p)
                + (k - c) * math.log1p(-p)
            )

        falling = range(max(k // 2 + 1, math.floor((k + 1) * p)), k + 1)
        first = falling[0] + bisect.bisect_left(falling, True, key=lambda c: log_weight(c) < log_tau - 60)
        tail0 = tail1 = -math.inf
        best = min(first, k)
        for c in range(min(first, k), k // 2, -1):
            ratio_log = (2 * c - k) * log_ratio
            if tail0 > -math.inf:
                t = min(ratio_log + tail1 - tail0, 0.0)
                if t < 0 and tail0 + math.log(-math.expm1(t)) > log_tau:
                    break
            best = c
            weight = log_weight(c)
            tail0 = _log_add(tail0, weight)
            tail1 = _log_add(tail1, weight - ratio_log)
        return best

    def _meets(self, c: int, above0: int, above1: int, tau: Fraction) -> bool:
        """Whether δ*_RR at the ratio of count c, with tails (above0, above1) over counts > c, is <= τ."""
        n, d, j = self.alpha0.numerator, self.alpha0.denominator, 2 * c - self.k
        scale = (n + d) ** self.k
        return bool(tau.denominator * (above0 * d**j - above1 * n**j) <= tau.numerator * scale * d**j)

    def _rr_smallest_alpha(self, tau: Fraction) -> Fraction:
        """The smallest α >= 1 with δ*_RR,k(α) <= τ, for τ >= 0.

        At the ratio of count c the excess is the tails over counts above c, and it grows as
        c falls: the least c > k/2 that still meets τ, c*, bounds the answer's line, on which
        the positive part is the tails from c*: α = (tail₀(c*) - τ(n + d)^k) / tail₁(c*). A
        float estimate picks c*; exact comparisons then confirm it, stepping one count at a
        time when it was off, so the estimate can only cost time, never change the answer.
        """
        if self.alpha0 == 1:
            return Fraction(1)
        k, n, d = self.k, self.alpha0.numerator, self.alpha0.denominator
        lowest = k // 2 + 1
        cut = self._guess_cut(tau)
        above0, above1 = self._tails(cut)
        while True:
            if not self._meets(cut, above0 - term(k, cut, n, d), above1 - term(k, cut, d, n), tau):
                above0, above1 = above0 - term(k, cut, n, d), above1 - term(k, cut, d, n)
                cut += 1
            elif cut > lowest and self._meets(cut - 1, above0, above1, tau):
                cut -= 1
                above0, above1 = above0 + term(k, cut, n, d), above1 + term(k, cut, d, n)
            else:
                break
        scale = (n + d) ** k
        alpha = Fraction(above0 * tau.denominator - tau.numerator * scale, tau.denominator * above1)
        return max(Fraction(1), alpha)

    def smallest_alpha(self, delta: Fraction) -> Fraction | None:
        """The smallest α >= 1 with δ_opt(α) <= δ; None when no α is enough (ε = ∞)."""
        tau = _response_threshold(self.no_reveal, delta)
        return None if tau is None else self._rr_smallest_alpha(tau)

    def loss(self) -> PrivacyLoss:
        """The law of L under x = 0: ln α₀^(2c-k) with the weight of count c, and the reveals."""
        n, d, k = self.alpha0.numerator, self.alpha0.denominator, self.k
        scale = (n + d) ** k
        if self.alpha0 == 1:
            return PrivacyLoss((Fraction(1),), (self.no_reveal,), 1 - self.no_reveal)
        return PrivacyLoss(
            tuple(self.alpha0 ** (2 * c - k) for c in range(k + 1)),
            tuple(Fraction(term(k, c, n, d), scale) * self.no_reveal for c in range(k + 1)),
            1 - self.no_reveal,
        )


@dataclass(frozen=True)
class HeterogeneousComposition:
    """Steps with their own (ln αᵢ, δᵢ): the exact optimal δ through the responses' product.

    The product of the steps' randomized responses is built one step at a time, and outputs
    with the same likelihood ratio are merged: a merge keeps the profile (both laws are
    scaled alike, so every excess adds up unchanged), and it keeps the support at most 2^k.
    """

    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if not self.steps or not all(isinstance(step, Step) for step in self.steps):
            raise ValueError("give at least one step")

    @property
    def no_reveal(self) -> Fraction:
        """Π(1 - δᵢ): the chance that no step reveals x."""
        return _no_reveal(self.steps)

    @cached_property
    def responses(self) -> FiniteChannel:
        """The responses' product, one output per likelihood ratio, in ascending ratio."""
        law: dict[Fraction, tuple[int, int]] = {Fraction(1): (1, 1)}
        denominator = 1
        for step in self.steps:
            n, d = step.alpha.numerator, step.alpha.denominator
            merged: dict[Fraction, tuple[int, int]] = {}
            for ratio, (a, b) in law.items():
                for new_ratio, a_new, b_new in (
                    (ratio * step.alpha, a * n, b * d),
                    (ratio / step.alpha, a * d, b * n),
                ):
                    old_a, old_b = merged.get(new_ratio, (0, 0))
                    merged[new_ratio] = (old_a + a_new, old_b + b_new)
            law, denominator = merged, denominator * (n + d)
        ratios = sorted(law)
        weights0 = tuple(law[ratio][0] for ratio in ratios)
        weights1 = tuple(law[ratio][1] for ratio in ratios)
        return FiniteChannel(
            tuple(str(ratio) for ratio in ratios),
            weights0,
            weights1,
            denominator,
            order_by_ratio(weights0, weights1),
        )

    @cached_property
    def _profile(self) -> Profile[FiniteChannel]:
        return Profile(self.responses)

    @property
    def support_size(self) -> int:
        return len(self.responses.labels)

    def rr_delta(self, alpha: Fraction) -> Fraction:
        """δ*_RR(α) of the responses' product, exactly."""
        return self._profile.delta(alpha)

    def delta(self, alpha: Fraction) -> Fraction:
        """δ_opt(α) = 1 - Π(1 - δᵢ)(1 - δ*_RR(α)), exactly."""
        return _optimal_delta(self.no_reveal, self.rr_delta(alpha))

    def smallest_alpha(self, delta: Fraction) -> Fraction | None:
        """The smallest α >= 1 with δ_opt(α) <= δ; None when no α is enough (ε = ∞)."""
        tau = _response_threshold(self.no_reveal, delta)
        return None if tau is None else self._profile.smallest_alpha(tau)

    def loss(self) -> PrivacyLoss:
        """The law of L under x = 0: each ratio of the product with its weight, and the reveals."""
        channel = self.responses
        return PrivacyLoss(
            tuple(Fraction(label) for label in channel.labels),
            tuple(p * self.no_reveal for p in channel.distribution0),
            1 - self.no_reveal,
        )


def optimal_delta(alpha0: Fraction, delta0: Fraction, k: int, alpha: Fraction) -> Fraction:
    """The optimal composition's δ at α for k (ln α₀, δ₀)-DP steps (one-off form)."""
    return OptimalComposition(alpha0, delta0, k).delta(alpha)
