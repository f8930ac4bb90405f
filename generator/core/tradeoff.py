"""The exact trade-off of an attacker against k fresh randomized responses.

The mechanism is the composition lesson's: k independent randomized responses of one bit x,
each telling the truth with probability p = α₀/(1 + α₀), so that one response is
(ln α₀, 0)-DP and its likelihood ratio is α₀. Their count of ones T is sufficient
(:mod:`generator.core.transcripts`): with α₀ = a/b in lowest terms a response is truthful
with weight a and flipped with weight b over s = a + b, and

    P(T = t | x = 0) = C(k, t)·b^t·a^(k−t)/s^k,   P(T = t | x = 1) = P(T = k − t | x = 0)

(:func:`generator.core.channels.fresh_counts`). A membership-inference attacker answers
"member" (x = 1) or "not a member" (x = 0).

**The threshold tests.** "Member when T ≥ θ" has FPR(θ) = P(T ≥ θ | x = 0) and
TPR(θ) = P(T ≥ θ | x = 1), for θ = k + 1 (never "member": the point (0, 0)) down to θ = 0
(always: (1, 1)). The likelihood ratio of count t, P(t | x = 1)/P(t | x = 0) = α₀^(2t−k),
grows with t, so by the Neyman–Pearson lemma (Neyman and Pearson 1933; Lehmann and
Romano, "Testing statistical hypotheses", Thm 3.2.1) the most powerful test at any
false-positive rate f says "member" for the largest counts: with θ the least threshold whose
FPR(θ) ≤ f, it answers "member" when T ≥ θ, and with probability

    γ = (f − FPR(θ)) / P(T = θ − 1 | x = 0)

when T = θ − 1 (:meth:`FreshTradeoff.neyman_pearson`). Its TPR is TPR(θ) + γ·P(T = θ − 1 | x = 1),
linear in f between the two threshold tests' points: the trade-off curve, the best TPR at each
FPR, is the chain of segments joining the threshold points (:meth:`FreshTradeoff.max_tpr`).
No test of the full transcript does better, since the count is sufficient; randomized tests
fill the convex hull of the deterministic ones, and this chain is its upper edge. The trade-off
function of Dong, Roth and Su (2022, "Gaussian differential privacy", Def. 2.1) is
f ↦ 1 − max_tpr(f), the least miss rate.

**Against the guarantees.** Every point lies in the region of any (ε, δ) the mechanism
satisfies (:mod:`generator.core.dp_region`): basic composition gives (k·ln α₀, 0), the region
R(α₀^k, 0), which the curve touches along its first segment (count k alone, slope α₀^k). The
optimal composition gives R(α, δ_opt(α)) at every α (:mod:`generator.core.optimal_composition`);
k fresh responses are the worst case of that theorem, so the curve touches each of those
regions too, and it is their intersection's upper edge (Dong, Roth and Su 2022, Prop. 2.12).
The best advantage, TPR − FPR, is reached by "member when T > k/2" and equals the total
variation distance δ*(1) (:func:`generator.core.profile.delta_star`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import accumulate

from generator.core.channels import fresh_counts
from generator.core.dp_region import Region, check_rate
from generator.core.events import TradeoffPoint
from generator.core.finite_channel import FiniteChannel
from generator.core.optimal_composition import OptimalComposition
from generator.core.profile import check_alpha


@dataclass(frozen=True)
class ThresholdTest:
    """ "Member when the count of ones is at least ``threshold``", with its exact rates."""

    threshold: int
    fpr: Fraction
    tpr: Fraction

    @property
    def point(self) -> TradeoffPoint:
        return TradeoffPoint(self.fpr, self.tpr)

    @property
    def advantage(self) -> Fraction:
        """TPR − FPR (Yeom et al. 2018, Def. 4)."""
        return self.tpr - self.fpr


@dataclass(frozen=True)
class RandomizedTest:
    """ "Member" when T ≥ ``threshold``, and with probability ``gamma`` (0 ≤ γ < 1) when
    T = threshold − 1: the Neyman–Pearson test at its false-positive rate."""

    threshold: int
    gamma: Fraction
    fpr: Fraction
    tpr: Fraction


@dataclass(frozen=True)
class FreshTradeoff:
    """k fresh randomized responses, each (ln α₀, 0)-DP, seen by a membership attacker."""

    alpha0: Fraction
    k: int

    def __post_init__(self) -> None:
        check_alpha(self.alpha0)
        self.channel  # noqa: B018 (fresh_counts refuses a k that is no count of responses)

    @cached_property
    def channel(self) -> FiniteChannel:
        """The count of ones: weights0 under x = 0 (not a member), weights1 under x = 1."""
        return fresh_counts(self.alpha0 / (1 + self.alpha0), self.k)

    @cached_property
    def _tails(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(Σ_{t ≥ θ} weights0[t], Σ_{t ≥ θ} weights1[t]) for θ = 0 … k + 1."""
        channel = self.channel
        tail0 = tuple(accumulate(reversed(channel.weights0), initial=0))[::-1]
        tail1 = tuple(accumulate(reversed(channel.weights1), initial=0))[::-1]
        return tail0, tail1

    def threshold_test(self, threshold: int) -> ThresholdTest:
        """ "Member when T ≥ threshold", for a threshold from 0 (always) to k + 1 (never)."""
        if isinstance(threshold, bool) or not isinstance(threshold, int) or not 0 <= threshold <= self.k + 1:
            raise ValueError(f"the threshold must be an integer from 0 to {self.k + 1}, got {threshold!r}")
        tail0, tail1 = self._tails
        d = self.channel.denominator
        return ThresholdTest(threshold, Fraction(tail0[threshold], d), Fraction(tail1[threshold], d))

    def threshold_tests(self) -> list[ThresholdTest]:
        """Every threshold test by growing FPR: θ = k + 1, k, …, 0, from (0, 0) to (1, 1)."""
        return [self.threshold_test(threshold) for threshold in range(self.k + 1, -1, -1)]

    def curve(self) -> list[TradeoffPoint]:
        """The trade-off curve's vertices: the threshold tests' points by growing FPR."""
        return [test.point for test in self.threshold_tests()]

    def neyman_pearson(self, fpr: Fraction) -> RandomizedTest:
        """The most powerful test whose false-positive rate is exactly ``fpr``."""
        check_rate("the false-positive rate", fpr)
        tail0, tail1 = self._tails
        d = self.channel.denominator
        # FPR(θ) falls as θ grows; the least θ with FPR(θ) ≤ f, from θ = k + 1 (FPR 0) down.
        threshold = self.k + 1
        while threshold > 0 and Fraction(tail0[threshold - 1], d) <= fpr:
            threshold -= 1
        base = self.threshold_test(threshold)
        if base.fpr == fpr:
            return RandomizedTest(threshold, Fraction(0), base.fpr, base.tpr)
        mass0 = Fraction(tail0[threshold - 1] - tail0[threshold], d)  # P(T = θ − 1 | x = 0) > 0
        mass1 = Fraction(tail1[threshold - 1] - tail1[threshold], d)
        gamma = (fpr - base.fpr) / mass0
        return RandomizedTest(threshold, gamma, fpr, base.tpr + gamma * mass1)

    def max_tpr(self, fpr: Fraction) -> Fraction:
        """The trade-off curve: the best TPR of any test at this FPR, exactly."""
        return self.neyman_pearson(fpr).tpr

    def best_test(self) -> ThresholdTest:
        """The threshold test of the largest advantage (the smallest FPR among ties)."""
        return max(self.threshold_tests(), key=lambda test: test.advantage)

    def basic_region(self) -> Region:
        """The region of basic composition's guarantee (k·ln α₀, 0): R(α₀^k, 0)."""
        return Region(self.alpha0**self.k, Fraction(0))

    def optimal_region(self, alpha: Fraction) -> Region:
        """The region of the optimal composition's guarantee at α: R(α, δ_opt(α))."""
        return Region(alpha, OptimalComposition(self.alpha0, Fraction(0), self.k).delta(alpha))
