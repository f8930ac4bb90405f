"""The tests that (ε, δ)-DP allows: a region of the (false-positive, true-positive) square.

An attacker who sees one release and answers "member" (the target is in the data, x = 1)
or "not a member" (x = 0) runs a test. Its false-positive rate FPR is the chance of
"member" when x = 0 and its true-positive rate TPR the chance when x = 1. Kairouz, Oh and
Viswanath (2015, "The composition theorem for differential privacy", Thm 2.1, after
Wasserman and Zhou 2010) show that a mechanism is (ε, δ)-DP exactly when every test, for
every neighbouring pair, has a false alarm rate P_FA = FPR and a miss rate P_MD = 1 − TPR with

    P_FA + e^ε·P_MD ≥ 1 − δ   and   e^ε·P_FA + P_MD ≥ 1 − δ.

With α = e^ε the second reads TPR ≤ α·FPR + δ, and the first 1 − FPR ≤ α·(1 − TPR) + δ: the
event "member" is bounded by the DP inequality, and so is its complement the other way.
Neighbours are unordered, so the same holds with the two inputs swapped, which gives the two
mirror images FPR ≤ α·TPR + δ and 1 − TPR ≤ α·(1 − FPR) + δ. The four half-planes cut out of
the unit square the region R(α, δ) (:class:`Region`), symmetric under (FPR, TPR) ->
(1 − TPR, 1 − FPR).

Its upper edge is the best TPR at a given FPR = f:

    max TPR(f) = min(1, α·f + δ, 1 − (1 − δ − f)/α),

a concave chain from (0, δ) through the corner where the two lines meet to (1 − δ, 1), then
along TPR = 1. For α and δ rational every value here is an exact ``Fraction``.

**The tight bound on an attacker's advantage.** A membership-inference attacker's advantage
is TPR − FPR (Yeom, Giacomelli, Fredrikson and Jha 2018, "Privacy risk in machine learning",
Def. 4); their Thm 1 bounds it by e^ε − 1 for ε-DP training. The region gives the exact
maximum (:meth:`Region.advantage_bound`): TPR − FPR is linear and the upper edge is concave
with slopes α, then 1/α, then 0, so for α > 1 the maximum sits where the slope crosses 1,
at the corner of the two lines. Setting α·f + δ = 1 − (1 − δ − f)/α,

    α²f + αδ = α − 1 + δ + f   ⇒   f* = (α − 1)(1 − δ)/(α² − 1) = (1 − δ)/(α + 1),

and TPR* = α·f* + δ = (α + δ)/(α + 1) ≤ 1, so the corner lies in the square, and

    max (TPR − FPR) = (α + δ − 1 + δ)/(α + 1) = (α − 1 + 2δ)/(α + 1).

At α = 1 the edge is min(1, f + δ) and the maximum δ agrees with the formula. With δ = 0 it
is (α − 1)/(α + 1) = tanh(ε/2), below Yeom's α − 1 for every α > 1 (their ratio is α + 1),
and below 1 always, while α − 1 reaches 1 at ε = ln 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.core.events import TradeoffPoint
from generator.core.optimal_composition import Step
from generator.core.profile import check_alpha


@dataclass(frozen=True)
class Region:
    """R(α, δ): the (FPR, TPR) points that an (ln α, δ)-DP mechanism's tests can reach."""

    alpha: Fraction
    delta: Fraction

    def __post_init__(self) -> None:
        Step(self.alpha, self.delta)  # refuses α < 1 and δ outside [0, 1]

    def max_tpr(self, fpr: Fraction) -> Fraction:
        """The upper edge: min(1, α·f + δ, 1 − (1 − δ − f)/α)."""
        check_rate("the false-positive rate", fpr)
        return min(Fraction(1), self.alpha * fpr + self.delta, 1 - (1 - self.delta - fpr) / self.alpha)

    def min_tpr(self, fpr: Fraction) -> Fraction:
        """The lower edge, the upper one mirrored: max(0, (f − δ)/α, 1 − α·(1 − f) − δ)."""
        check_rate("the false-positive rate", fpr)
        return max(Fraction(0), (fpr - self.delta) / self.alpha, 1 - self.alpha * (1 - fpr) - self.delta)

    def contains(self, point: TradeoffPoint) -> bool:
        """Whether a test at ``point`` is allowed: all four inequalities hold."""
        return self.min_tpr(point.fpr) <= point.tpr <= self.max_tpr(point.fpr)

    def corner(self) -> TradeoffPoint:
        """Where the upper edge's two lines meet: ((1 − δ)/(α + 1), (α + δ)/(α + 1))."""
        return TradeoffPoint(
            (1 - self.delta) / (self.alpha + 1), (self.alpha + self.delta) / (self.alpha + 1)
        )

    def upper_edge(self) -> list[TradeoffPoint]:
        """The upper edge's vertices, by FPR: (0, δ), the corner, (1 − δ, 1), (1, 1); a
        vertex that repeats the one before (δ = 0 or δ = 1) is left out."""
        points = [TradeoffPoint(Fraction(0), self.delta), self.corner()]
        points += [TradeoffPoint(1 - self.delta, Fraction(1)), TradeoffPoint(Fraction(1), Fraction(1))]
        return [point for i, point in enumerate(points) if i == 0 or point != points[i - 1]]

    def advantage_bound(self) -> Fraction:
        """The largest TPR − FPR in the region: (α − 1 + 2δ)/(α + 1), at :meth:`corner`."""
        return (self.alpha - 1 + 2 * self.delta) / (self.alpha + 1)


def check_rate(name: str, value: Fraction) -> None:
    """Refuse a test's rate (FPR or TPR) that is not an exact rational in [0, 1]."""
    if not isinstance(value, Fraction) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be an exact rational in [0, 1], got {value!r}")


def yeom_bound(alpha: Fraction) -> Fraction:
    """Yeom et al.'s bound on the advantage against (ln α)-DP: α − 1 (2018, Thm 1)."""
    check_alpha(alpha)
    return alpha - 1
