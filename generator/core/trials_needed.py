"""How many trials an audit needs: the least n at which it succeeds with probability ≥ 1/2.

A test with true rates (FPR, TPR) = (f, t) is run on n trials with the target and n without
(:mod:`generator.core.audit`): TP ~ Bin(n, t) and FP ~ Bin(n, f), independent. With the
Clopper–Pearson bounds at level h = a/2, the audit certifies ε ≥ ln α (α > 1) exactly when

    max( (p_L(TP) − δ)/p_U(FP), (1 − p_U(FP) − δ)/(1 − p_L(TP)) ) ≥ α
    ⇔  p_L(TP) ≥ b(p_U(FP)),   b(u) = min(α·u + δ, 1 − (1 − δ − u)/α),

the second form solving each ratio for p_L: the pessimistic point (p_U, p_L) lies on or
above the upper edge of R(α, δ) (:mod:`generator.core.dp_region`; the edge's cap at 1 is
never binding, since p_L < 1). p_L grows with the count of successes and p_U with the count
of failures, so for each fp there is a least tp that certifies, s*(fp), and it does not fall
as fp grows (a staircase). The chance of success is

    P(n) = Σ_fp P(FP = fp)·P(TP ≥ s*(fp)),

a rational number, enclosed here by arb balls (:func:`success_probability`): the sum runs
over a window of fp that holds all but a proven sliver of FP's mass, and s*(fp) is found
inside a window of tp by comparing the enclosures of p_L(tp) and b(p_U(fp)).

**When no n is enough.** If the test's own α, least_alpha((f, t), δ) of
:func:`generator.core.audit.least_alpha`, is at most the target, then t ≤ b(f), and P(n) ≤ a
for every n: success needs p_L(TP) ≥ b(p_U(FP)); when p_U(FP) > f, b(p_U(FP)) ≥ b(f) ≥ t, so
p_L(TP) ≥ t. Hence success lies in {p_U(FP) ≤ f} ∪ {p_L(TP) ≥ t}, and each has probability at
most h: p_L(TP) ≥ t means TP ≥ x_t, the least count with P(TP ≥ x_t | t) ≤ h, so its
probability is that tail; the other is its mirror image. With a < 1/2 the answer is "never"
(:attr:`Reason.INSIDE`). A mechanism's own e^ε at δ bounds every test's α, so a target at or
above it is always this case. Otherwise t > b(f): the bounds converge to t and f, P(n) → 1,
and some n works, though maybe above the limit (:attr:`Reason.LIMIT`).

**P(n) is not monotone in n.** The counts are integers, so P(n) saws up and down as n grows
(by about one percent near 1/2 in the tests), and bisection on n could return an n above the
least one. The search is a scan that never passes an n it has not excluded by proof:

* below n₀, the least n at which tp = n, fp = 0 certifies, nothing does: P(n) = 0. Both
  p_L(n of n) = h^(1/n) and p_U(0 of n) = 1 − h^(1/n) move the good way as n grows, so n₀
  is found by bisection.
* one staircase bounds P on a whole range n₁ ≤ n ≤ n₂. More trials with the same count
  give a larger tail at every p (X_{N+1} ≥ X_N), so p_L(s of n) ≤ p_L(s of n₁) (read as 1
  when s > n₁) and p_U(x of n) ≥ p_U(x of n₂). Success at n then implies
  p_L(TP of n₁) ≥ b(p_U(FP of n₂)), that is TP ≥ s**(FP) for the staircase s** of these
  two sets of bounds, and

      P(n) ≤ Q(n) = Σ_fp P(FP = fp)·P(TP ≥ s**(fp))   (the laws at n),

  each Q(n) a cheap sum once s** is known. The scan tries a range, excludes every n whose
  Q(n) < 1/2 before the first that is not, and widens the next range after a success and
  narrows it after a failure; a range of one n is P(n) itself, decided exactly.

The bound loses about (n₂ − n₁)·max(t, α·f) counts against P, so the ranges grow with the
distance of P from 1/2 and shrink to single n only close to the answer. Each range costs two
runs of Clopper–Pearson roots over windows of about σ = √n counts, each root a few binomial
tails of about σ terms; the ranges number about √N for an answer N, so the cost grows about
as N^1.5 (the benchmark measures it).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from flint import arb

from generator.core import clopper_pearson
from generator.core.audit import least_alpha
from generator.core.binomial_tails import term, upper_tail
from generator.core.certified import Enclosure, UncertifiedError, enclosure, exact, precision
from generator.core.claim import check_delta
from generator.core.clopper_pearson import binomial_tail
from generator.core.dp_region import Region, check_rate
from generator.core.events import TradeoffPoint

WORK_BITS = 128  # arb precision of the probabilities
ROOT_BITS = 24  # cells 2^-24 narrower than 1/n, the spacing of the roots, before a tie is refined
MAX_ROOT_BITS = 1024
SPREADS = (4, 8)  # windows of about 4, then 8 standard deviations past the mean, then all counts
DEFAULT_LIMIT = 100_000


class Reason(enum.StrEnum):
    """Why no number of trials is given."""

    INSIDE = "inside"  # the test's own α is at most the target: P(n) ≤ a < 1/2 for all n
    LIMIT = "limit"  # no n up to the limit


@dataclass(frozen=True)
class TrialsNeeded:
    """The least n with P(n) ≥ 1/2 and its P(n), or None and the reason."""

    trials: int | None
    probability: Enclosure | None
    reason: Reason | None


@dataclass(frozen=True)
class AuditPlan:
    """An audit to plan: the test's true rates, the target α (ε = ln α), δ and the level a
    (the audit's statement holds with probability ≥ 1 − a; each bound at a/2)."""

    point: TradeoffPoint
    target: Fraction
    delta: Fraction
    level: Fraction

    def __post_init__(self) -> None:
        check_rate("the false-positive rate", self.point.fpr)
        check_rate("the true-positive rate", self.point.tpr)
        check_delta(self.delta)
        if not isinstance(self.target, Fraction) or self.target <= 1:
            raise ValueError(f"the target α must be an exact rational above 1, got {self.target!r}")
        if not isinstance(self.level, Fraction) or not 0 < self.level < Fraction(1, 2):
            raise ValueError(f"the level must be an exact rational in (0, 1/2), got {self.level!r}")

    @property
    def region(self) -> Region:
        return Region(self.target, self.delta)


def _window(trials: int, rate: Fraction, spread: int | None) -> tuple[int, int]:
    """The counts from about ``spread`` standard deviations below the mean n·r to as far
    above it (a few more for small n), or all counts when ``spread`` is None."""
    if spread is None:
        return 0, trials
    mean = trials * rate
    reach = spread * (math.isqrt(math.ceil(mean * (1 - rate))) + 1)
    return max(0, math.floor(mean) - reach), min(trials, math.ceil(mean) + reach)


def _root_bits(trials: int) -> int:
    return trials.bit_length() + ROOT_BITS


class _Staircase:
    """s**(fp) for the bounds p_L(· of n₁) and p_U(· of n₂), n₁ ≤ n₂, on windows that cover
    every n in [n₁, n₂]; n₁ = n₂ = n is the exact staircase s* of P(n).

    ``steps[i]`` is s**(x0 + i) when it lies in (s0, s1]; s0 when s** ≤ s0 (then the chance
    P(TP ≥ s**) is only known to lie in [P(TP ≥ s0), 1]); s1 + 1 when s** > s1 (in
    [0, P(TP > s1)]).
    """

    def __init__(self, plan: AuditPlan, low: int, high: int, spread: int | None) -> None:
        self.plan, self.low, self.high = plan, low, high
        first, last = _window(low, plan.point.fpr, spread), _window(high, plan.point.fpr, spread)
        self.x0, self.x1 = first[0], last[1]
        first, last = _window(low, plan.point.tpr, spread), _window(high, plan.point.tpr, spread)
        self.s0, self.s1 = first[0], last[1]

    @cached_property
    def steps(self) -> list[int]:
        """s** on the fp window; past the first fp whose s** is above the tp window the rest
        are too (s** does not fall), so their roots are never computed."""
        half, bits, top = self.plan.level / 2, _root_bits(self.high), min(self.s1, self.low)
        lows = clopper_pearson.lower_bounds(self.s0, self.low, half, bits)
        highs = clopper_pearson.upper_bounds(self.x0, self.high, half, bits)
        steps, s, low = [], self.s0, next(lows)
        for x in range(self.x0, self.x1 + 1):
            if s <= top:
                high = next(highs)
                while s <= top and not _certifies(self.plan, (self.low, s, low), (self.high, x, high)):
                    s += 1
                    low = next(lows) if s <= self.low else low
            steps.append(s)
        return steps

    def chance(self, trials: int) -> Enclosure:
        """P(n) for n = low = high, enclosed; for low ≤ n ≤ high only the upper end holds,
        and it bounds Q(n) ≥ P(n)."""
        f, t = self.plan.point.fpr, self.plan.point.tpr
        with precision(WORK_BITS):
            masses = _pmfs(trials, self.x0, self.x1, f)
            survival = [_survival(trials, self.s0, t)]
            for mass in _pmfs(trials, self.s0, self.s1, t):
                survival.append(survival[-1] - mass)
            low, high = arb(0), 1 - sum(masses, arb(0))
            for mass, s in zip(masses, self.steps, strict=True):
                chance = survival[s - self.s0]
                low += mass * (0 if s > self.s1 else chance)
                high += mass * (1 if s == self.s0 else chance)
            return Enclosure(enclosure(low).lower, enclosure(high).upper)


def _certifies(plan: AuditPlan, tp: tuple[int, int, Enclosure], fp: tuple[int, int, Enclosure]) -> bool:
    """Whether p_L(s of n₁) ≥ b(p_U(x of n₂)), for tp = (n₁, s, cell of p_L) and fp = (n₂, x,
    cell of p_U): decided by the cells, narrowed while they do not decide."""
    (low_trials, s, low), (high_trials, x, high) = tp, fp
    edge, bits, half = plan.region.max_tpr, _root_bits(high_trials), plan.level / 2
    while bits <= MAX_ROOT_BITS:
        if low.lower >= edge(high.upper):
            return True
        if low.upper < edge(high.lower):
            return False
        bits *= 2
        low = clopper_pearson.lower_bound(s, low_trials, half, bits)
        high = clopper_pearson.upper_bound(x, high_trials, half, bits)
    raise UncertifiedError(
        f"p_L({s} of {low_trials}) and b(p_U({x} of {high_trials})) are closer than 2^-{MAX_ROOT_BITS}"
    )


def _pmfs(n: int, first: int, last: int, rate: Fraction) -> list[arb]:
    """P(X = x) for X ~ Bin(n, rate) and x = first … last (0 beyond n), from one log-gamma
    term and the ratios P(X = x + 1)/P(X = x) = (n − x)·rate/((x + 1)(1 − rate)); exact 0s
    and 1s when the rate is 0 or 1."""
    if rate in (0, 1) or first > n:
        return [arb(int(x == (n if rate == 1 else 0))) for x in range(first, last + 1)]
    p = exact(rate)
    odds = p / (1 - p)
    mass = (arb(n + 1).lgamma() - arb(first + 1).lgamma() - arb(n - first + 1).lgamma()).exp()
    mass *= p**first * (1 - p) ** (n - first)
    masses = []
    for x in range(first, last + 1):
        masses.append(mass if x <= n else arb(0))
        mass = mass * odds * (n - x) / (x + 1)
    return masses


def _survival(n: int, x: int, rate: Fraction) -> arb:
    """P(X ≥ x) for X ~ Bin(n, rate)."""
    if x <= 0:
        return arb(1)
    if x > n:
        return arb(0)
    if rate in (0, 1):
        return arb(int(rate == 1))
    return binomial_tail(n, x, exact(rate))[0]


def _exact_probability(staircase: _Staircase) -> Fraction:
    """P(n) as an exact rational, from the full staircase (for P(n) on a hair of 1/2)."""
    f, t, n = staircase.plan.point.fpr, staircase.plan.point.tpr, staircase.low
    total = Fraction(0)
    for x, s in zip(range(n + 1), staircase.steps, strict=True):
        chance = Fraction(upper_tail(n, s, t.numerator, t.denominator - t.numerator), t.denominator**n)
        total += Fraction(term(n, x, f.numerator, f.denominator - f.numerator), f.denominator**n) * chance
    return total


def success_probability(plan: AuditPlan, trials: int) -> Enclosure:
    """P(n): the chance that the audit on n trials each way certifies ε ≥ ln(target)."""
    clopper_pearson.check_counts(0, trials)
    return _Staircase(plan, trials, trials, SPREADS[-1]).chance(trials)


def _reaches_half(plan: AuditPlan, trials: int) -> tuple[bool, Enclosure]:
    """Whether P(n) ≥ 1/2, decided: the narrow windows first, wider ones and then all counts
    while they do not decide, the exact rational when even the balls over all counts hold 1/2."""
    half = Fraction(1, 2)
    for spread in (*SPREADS, None):
        staircase = _Staircase(plan, trials, trials, spread)
        found = staircase.chance(trials)
        if found.lower >= half or found.upper < half:
            return found.lower >= half, found
    value = _exact_probability(staircase)
    return value >= half, Enclosure(value, value)


def _least(predicate: Callable[[int], bool], low: int, high: int) -> int | None:
    """The least n in [low, high] with a monotone predicate true, or None."""
    if not predicate(high):
        return None
    while low < high:
        middle = (low + high) // 2
        if predicate(middle):
            high = middle
        else:
            low = middle + 1
    return low


def trials_needed(plan: AuditPlan, limit: int = DEFAULT_LIMIT) -> TrialsNeeded:
    """The least n ≤ limit with P(n) ≥ 1/2, by the scan of the module's docstring."""
    clopper_pearson.check_counts(0, limit)
    own = least_alpha(plan.point, plan.delta)
    if own is not None and own <= plan.target:
        return TrialsNeeded(None, None, Reason.INSIDE)
    half = plan.level / 2

    def possible(n: int) -> bool:
        low = clopper_pearson.lower_bound(n, n, half, _root_bits(n))
        return _certifies(plan, (n, n, low), (n, 0, clopper_pearson.upper_bound(0, n, half, _root_bits(n))))

    n, width = _least(possible, 1, limit), 1
    while n is not None and n <= limit:
        if width == 0:
            reached, found = _reaches_half(plan, n)
            if reached:
                return TrialsNeeded(n, found, None)
            n, width = n + 1, 1
            continue
        top = min(n + width, limit)
        staircase = _Staircase(plan, n, top, SPREADS[0])
        unexcluded = next((m for m in range(n, top + 1) if staircase.chance(m).upper >= Fraction(1, 2)), None)
        if unexcluded is None:
            n, width = top + 1, 2 * width
        elif unexcluded == n:
            width //= 2
        else:
            n, width = unexcluded, unexcluded - n
    return TrialsNeeded(None, None, Reason.LIMIT)
