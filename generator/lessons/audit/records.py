"""The auditing lesson's records: what it shows of one setting, every value from the core.

A setting has three parts, each computed by the core from the fields it reads:

- ``rates`` (the mechanism and the test: α₀, k, the threshold θ, δ): the test "member when the
  count of ones is ≥ θ" on k fresh randomized responses at α₀ has exact rates FPR and TPR
  (:class:`generator.core.tradeoff.FreshTradeoff`), its advantage TPR − FPR, and against the
  composed guarantee α = α₀^k the tight advantage bound (α − 1 + 2δ)/(α + 1) of the region
  R(α, δ) and Yeom et al.'s α − 1 (:mod:`generator.core.dp_region`); ``own`` is the least α
  the test itself reveals (:func:`generator.core.audit.least_alpha`), "" when none is finite;
- ``audit`` (the counts: n, tp, fp, δ and the confidence 1 − a): the Clopper–Pearson bounds
  TPR_low and FPR_high, each at a/2, as certified cells, and ε_audit
  (:func:`generator.core.audit.audit`), "" when the counts certify nothing;
- ``plan`` (the mechanism, the test, δ, the confidence and the target α): the least n at which
  the audit of this test certifies ε ≥ ln target with probability ≥ 1/2
  (:func:`generator.core.trials_needed.trials_needed`), or "" and the reason.

Every rational value is a reduced fraction string. A Clopper–Pearson bound leaves as its cell
rounded outward at :data:`BOUND_PLACES` places and is shown on the safe side at
:data:`RATE_PLACES` places (TPR_low rounded down, FPR_high rounded up). ε_audit leaves as
ln of the ends of the α enclosure that decided it (``Audit.alpha``, exact), rounded outward at
:data:`BOUND_PLACES` places, and is shown at :data:`PLACES` places rounded down, so the decimal
shown is itself a lower bound the counts prove; every string is fixed by exact values, so the
browser (exact/audit.mjs) writes the same.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypedDict

from flint import arb

from generator.core.audit import audit, least_alpha
from generator.core.certified import Enclosure, ceil_decimal, certify, floor_decimal
from generator.core.dp_region import Region, yeom_bound
from generator.core.group_privacy import pure_chain
from generator.core.logarithm import ln_directed
from generator.core.rational import fraction_str
from generator.core.tradeoff import FreshTradeoff
from generator.core.trials_needed import AuditPlan, trials_needed

PLACES = 3  # decimals of ε_audit
RATE_PLACES = 4  # decimals of a Clopper–Pearson bound shown
BOUND_PLACES = 10  # decimals of data-lower and data-upper

INSIDE = "inside"  # the test's own α is at most the target: no n certifies it
LIMIT = "limit"  # no n up to the limit does


class Rates(TypedDict):
    """The test's exact rates on the mechanism and the bounds of the composed guarantee."""

    alpha: str  # α₀^k, the basic composition's e^ε
    fpr: str
    tpr: str
    advantage: str
    advantage_bound: str
    yeom_bound: str
    own: str  # the least α the test's exact rates reveal at δ ("" when none is finite)
    curve: list[list[str]]  # the trade-off curve's vertices [FPR, TPR], by growing FPR
    region: list[list[str]]  # the upper edge of R(α₀^k, δ), by growing FPR
    region_lower: list[list[str]]  # its lower edge, the upper one with the inputs swapped


class Bound(TypedDict):
    """A certified Clopper–Pearson bound: shown on its safe side, and its cell."""

    value: str
    lower: str
    upper: str


class AuditPart(TypedDict):
    """What the counts prove: the two bounds and ε_audit ("" in each field when nothing)."""

    tpr_lower: Bound
    fpr_upper: Bound
    epsilon: Bound


class PlanPart(TypedDict):
    """The least n that certifies ln target with probability ≥ 1/2, or "" and the reason."""

    trials: str
    reason: str


class StateRecord(TypedDict):
    """What the lab shows of a point of its grid."""

    rates: Rates
    audit: AuditPart
    plan: PlanPart


def _cell(found: Enclosure) -> tuple[str, str]:
    return found.bounds_text(BOUND_PLACES)


def rates_record(alpha0: Fraction, k: int, threshold: int, delta: Fraction) -> Rates:
    """The threshold test's exact rates, its advantage and the two advantage bounds at α₀^k."""
    mechanism = FreshTradeoff(alpha0, k)
    test = mechanism.threshold_test(threshold)
    alpha = alpha0**k
    own = least_alpha(test.point, delta)
    edge = Region(alpha, delta).upper_edge()
    return {
        "alpha": fraction_str(alpha),
        "fpr": fraction_str(test.fpr),
        "tpr": fraction_str(test.tpr),
        "advantage": fraction_str(test.advantage),
        "advantage_bound": fraction_str(Region(alpha, delta).advantage_bound()),
        "yeom_bound": fraction_str(yeom_bound(alpha)),
        "own": "" if own is None else fraction_str(own),
        "curve": [_pair(point.fpr, point.tpr) for point in mechanism.curve()],
        "region": [_pair(point.fpr, point.tpr) for point in edge],
        "region_lower": [_pair(point.tpr, point.fpr) for point in edge],
    }


def _pair(fpr: Fraction, tpr: Fraction) -> list[str]:
    return [fraction_str(fpr), fraction_str(tpr)]


def audit_record(trials: int, tp: int, fp: int, delta: Fraction, level: Fraction) -> AuditPart:
    """The counts' Clopper–Pearson bounds and ε_audit at confidence 1 − level."""
    found = audit(trials, tp, fp, delta, level, PLACES)
    low, high = found.tpr_low, found.fpr_high
    low_ends, high_ends = _cell(low), _cell(high)
    epsilon: Bound = {"value": "", "lower": "", "upper": ""}
    if found.alpha is not None:
        lower, upper = found.alpha.lower, found.alpha.upper
        epsilon = {
            "value": floor_decimal(ln_directed(lower, PLACES, up=False), PLACES),
            "lower": floor_decimal(ln_directed(lower, BOUND_PLACES, up=False), BOUND_PLACES),
            "upper": ceil_decimal(ln_directed(upper, BOUND_PLACES, up=True), BOUND_PLACES),
        }
    return {
        "tpr_lower": {
            "value": floor_decimal(low.lower, RATE_PLACES),
            "lower": low_ends[0],
            "upper": low_ends[1],
        },
        "fpr_upper": {
            "value": ceil_decimal(high.upper, RATE_PLACES),
            "lower": high_ends[0],
            "upper": high_ends[1],
        },
        "epsilon": epsilon,
    }


def plan_record(
    alpha0: Fraction, k: int, threshold: int, delta: Fraction, level: Fraction, target: Fraction
) -> PlanPart:
    """The least number of trials each way for the audit of this test to certify ln target."""
    test = FreshTradeoff(alpha0, k).threshold_test(threshold)
    found = trials_needed(AuditPlan(test.point, target, delta, level))
    if found.trials is None:
        return {"trials": "", "reason": str(found.reason)}
    return {"trials": str(found.trials), "reason": ""}


class Curve(TypedDict):
    """The mechanism's whole trade-off curve and its best test."""

    fprs: list[str]
    tprs: list[str]
    best_threshold: int
    best_advantage: str  # the largest TPR − FPR of any test: δ*(1), the total variation


def curve_record(alpha0: Fraction, k: int) -> Curve:
    mechanism = FreshTradeoff(alpha0, k)
    best = mechanism.best_test()
    return {
        "fprs": [fraction_str(point.fpr) for point in mechanism.curve()],
        "tprs": [fraction_str(point.tpr) for point in mechanism.curve()],
        "best_threshold": best.threshold,
        "best_advantage": fraction_str(best.advantage),
    }


BIG_EPSILON = 8  # the ε at which Yeom et al.'s bound says nothing (the reference's example)
POISONED = 5  # a handful of poisoned samples, a group that changes together


class BoundsRecord(TypedDict):
    """The two advantage bounds at a large ε, certified, and group privacy for poisoning."""

    big_epsilon: int
    yeom_reaches_one: Fraction  # the α at which Yeom et al.'s α − 1 reaches 1, the most any advantage is
    yeom_big: str  # e^8 − 1, certified to a whole number
    tight_big: str  # (e^8 − 1)/(e^8 + 1) = tanh 4, certified to five places
    poisoned: int
    alpha0: Fraction
    poisoned_alpha: Fraction  # α₀^g, the group's e^(gε) by group privacy


def bounds_record(alpha0: Fraction) -> BoundsRecord:
    yeom = certify(lambda: arb(BIG_EPSILON).exp() - 1, 0)
    tight = certify(lambda: (arb(BIG_EPSILON).exp() - 1) / (arb(BIG_EPSILON).exp() + 1), 5)
    return {
        "big_epsilon": BIG_EPSILON,
        "yeom_reaches_one": Fraction(1) + 1,
        "yeom_big": yeom.decimal,
        "tight_big": tight.decimal,
        "poisoned": POISONED,
        "alpha0": alpha0,
        "poisoned_alpha": pure_chain(alpha0, POISONED),
    }
