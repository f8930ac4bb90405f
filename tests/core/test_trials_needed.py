"""How many trials an audit needs, against a brute force over every count and every n.

Properties (each a test below):
  N1  the brute force: for every n up to the answer, P(n) summed exactly over all pairs
      (tp, fp), with the Clopper–Pearson roots from scipy (a float peer, its decisions held
      away from ties), finds the same least n; the certified P(n) holds the exact rational.
  N2  P(n) is not monotone: an example where P(32) ≥ 1/2 > P(33).
  N3  the range bound Q(n) of the scan is at least the exact P(n) at every n of its range.
  N4  a target at or above the test's own α is refused with the reason "inside", and then
      P(n) ≤ a at every n (the docstring's proof, checked).
  N5  the limit: no n up to it gives the reason "limit".
  N6  the exact rational path agrees with the brute force.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from scipy.special import betaincinv  # type: ignore[import-untyped]

from generator.core.binomial_tails import term
from generator.core.events import TradeoffPoint
from generator.core.trials_needed import (
    SPREADS,
    AuditPlan,
    Reason,
    _exact_probability,
    _Staircase,
    success_probability,
    trials_needed,
)

TIE_MARGIN = 1e-9  # scipy's roots decide a pair only when they are this far apart


@cache
def brute_probability(plan: AuditPlan, n: int) -> Fraction:
    """P(n) = Σ over all (tp, fp) that certify of P(TP = tp)·P(FP = fp), exactly."""
    half = float(plan.level / 2)
    lows = [0.0] + [float(betaincinv(s, n - s + 1, half)) for s in range(1, n + 1)]
    highs = [float(betaincinv(x + 1, n - x, 1 - half)) for x in range(n)] + [1.0]
    edge = plan.region.max_tpr
    f, t = plan.point.fpr, plan.point.tpr
    total = Fraction(0)
    for x, high in enumerate(highs):
        bound = float(edge(Fraction(high)))
        for s, low in enumerate(lows):
            assert abs(low - bound) > TIE_MARGIN or s == 0
            if low >= bound:
                fp_mass = Fraction(term(n, x, f.numerator, f.denominator - f.numerator), f.denominator**n)
                tp_mass = Fraction(term(n, s, t.numerator, t.denominator - t.numerator), t.denominator**n)
                total += fp_mass * tp_mass
    return total


def brute_least(plan: AuditPlan, limit: int) -> int | None:
    return next((n for n in range(1, limit + 1) if brute_probability(plan, n) >= Fraction(1, 2)), None)


PLANS = [
    # Tests of k fresh responses (one at α₀ = 9, three at α₀ = 3 on counts ≥ 2 or = 3, one at
    # α₀ = 4) with small answers; the first (least n = 32) falls below 1/2 again at n = 33 … 36.
    AuditPlan(TradeoffPoint(Fraction(1, 10), Fraction(9, 10)), Fraction(4), Fraction(0), Fraction(1, 10)),
    AuditPlan(
        TradeoffPoint(Fraction(1, 10), Fraction(9, 10)), Fraction(3, 2), Fraction(1, 20), Fraction(1, 10)
    ),
    AuditPlan(TradeoffPoint(Fraction(5, 32), Fraction(27, 32)), Fraction(2), Fraction(0), Fraction(1, 10)),
    AuditPlan(
        TradeoffPoint(Fraction(1, 64), Fraction(27, 64)), Fraction(3, 2), Fraction(1, 20), Fraction(1, 5)
    ),
    AuditPlan(TradeoffPoint(Fraction(1, 5), Fraction(4, 5)), Fraction(5, 2), Fraction(0), Fraction(1, 5)),
]


@pytest.mark.parametrize("plan", PLANS)
def test_the_scan_finds_the_brute_force_answer(plan: AuditPlan) -> None:
    found = trials_needed(plan, 60)
    assert found.trials == brute_least(plan, 60)
    assert found.trials is not None
    assert found.probability is not None
    assert found.probability.contains(brute_probability(plan, found.trials))


def test_the_chance_is_not_monotone() -> None:
    plan = PLANS[0]
    at_32, at_33 = success_probability(plan, 32), success_probability(plan, 33)
    assert at_32.lower >= Fraction(1, 2) > at_33.upper
    assert at_32.contains(brute_probability(plan, 32))
    assert at_33.contains(brute_probability(plan, 33))
    assert trials_needed(plan, 60).trials == 32


@pytest.mark.parametrize("plan", PLANS[:3])
def test_the_range_bound_holds_the_exact_chance(plan: AuditPlan) -> None:
    low, high = 12, 28
    staircase = _Staircase(plan, low, high, SPREADS[0])
    for n in range(low, high + 1):
        assert staircase.chance(n).upper >= brute_probability(plan, n)


def test_the_one_response_case_at_its_answer() -> None:
    plan = AuditPlan(TradeoffPoint(Fraction(1, 4), Fraction(3, 4)), Fraction(2), Fraction(0), Fraction(1, 20))
    found = trials_needed(plan)
    assert found.trials == 108
    assert found.probability is not None
    assert Fraction(1, 2) <= found.probability.lower
    assert success_probability(plan, 107).upper < Fraction(1, 2)


def test_a_target_inside_the_tests_region_is_never_reached() -> None:
    # The test's own α is 9 (FPR 1/10, TPR 9/10); a target of 9 or more cannot be certified.
    plan = AuditPlan(
        TradeoffPoint(Fraction(1, 10), Fraction(9, 10)), Fraction(9), Fraction(0), Fraction(1, 10)
    )
    assert trials_needed(plan) == trials_needed(plan, 5)
    found = trials_needed(plan)
    assert (found.trials, found.reason) == (None, Reason.INSIDE)
    for n in (20, 60, 200):
        assert success_probability(plan, n).upper <= plan.level


def test_the_limit() -> None:
    found = trials_needed(PLANS[0], 31)
    assert (found.trials, found.reason) == (None, Reason.LIMIT)


def test_the_exact_path() -> None:
    plan = PLANS[2]
    staircase = _Staircase(plan, 25, 25, None)
    assert _exact_probability(staircase) == brute_probability(plan, 25)
    assert staircase.chance(25).contains(brute_probability(plan, 25))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((Fraction(1), Fraction(0), Fraction(1, 10)), "target"),
        ((Fraction(2), Fraction(0), Fraction(1, 2)), "level"),
        ((Fraction(2), Fraction(3, 2), Fraction(1, 10)), "δ"),
    ],
)
def test_bad_plans_are_refused(arguments: tuple[Fraction, Fraction, Fraction], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AuditPlan(TradeoffPoint(Fraction(1, 10), Fraction(9, 10)), *arguments)
