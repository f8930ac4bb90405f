"""The local-DP lesson's records: what it shows of one state, and the page's published numbers,
every value computed by the core.

A state (:class:`State`) is n users, the true rate π, α₀ = e^ε₀ of one randomized response,
the tolerance t, how many of the other n − 1 users hold a 1 (``ones``) and a claim α. Its
record (:func:`state_record`) holds

- the local estimate π̂ (:class:`~generator.core.rate_estimation.LocalEstimate`): the truth
  probability p = α₀/(1 + α₀), the chance ρ that a report is 1, Var(π̂) split into its sampling
  and privacy parts, the window of counts with |π̂ − π| <= t and its exact probability;
- the central estimate (:class:`~generator.core.rate_estimation.CentralEstimate`, the geometric
  mechanism at α₀ on the count, divided by n): its variance split and P(|π̂_c − π| <= t);
- the shuffled count (:func:`~generator.core.shuffle.shuffled_count`): δ*(α) for one user's
  change with the others' bits as ``ones`` says, beside one report's δ*(α) = [α₀ − α]_+/(1 + α₀);
- ε₀ = ln α₀ to three decimals (correctly rounded, :func:`~generator.core.logarithm.ln_decimal`).

The page's own numbers (RAPPOR, Apple's budgets, the Census, the shuffle bound) are
:func:`deployments_record` and :func:`shuffle_record`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict

from generator.core.certified import Certified
from generator.core.deployment_table import APPLE
from generator.core.logarithm import ln_decimal
from generator.core.profile import delta_star
from generator.core.rappor import HOMEPAGE
from generator.core.rate_estimation import CentralEstimate, LocalEstimate
from generator.core.rational import decimal_str
from generator.core.shuffle import clone_bound, shuffled_count, worst_case, worst_smallest_alpha
from generator.core.zcdp_deployments import (
    CENSUS_HOUSING_EPSILON,
    CENSUS_PERSONS_EPSILON,
    CENSUS_TOTAL_EPSILON,
)

PLACES = 3  # decimals of ε₀ = ln α₀


@dataclass(frozen=True)
class State:
    alpha0: Fraction
    n: int
    rate: Fraction
    tolerance: Fraction
    ones: int
    alpha: Fraction


class StateRecord(TypedDict):
    alpha0: Fraction
    n: int
    rate: Fraction
    tolerance: Fraction
    ones: int
    alpha: Fraction
    truth: Fraction  # p = α₀/(1 + α₀)
    report_rate: Fraction  # ρ = πp + (1 − π)(1 − p)
    sampling_variance: Fraction  # π(1 − π)/n, shared by both estimates
    estimate_privacy: Fraction  # α₀/(n(α₀ − 1)²)
    estimate_variance: Fraction
    window_lo: int  # the counts c with |π̂(c) − π| <= t are window_lo..window_hi
    window_hi: int
    within: Fraction
    central_privacy: Fraction  # 2α₀/(n²(α₀ − 1)²)
    central_variance: Fraction
    within_central: Fraction
    shuffled_delta: Fraction
    local_delta: Fraction  # one report's δ*(α) = [α₀ − α]_+/(1 + α₀)
    eps_local: str


def state_record(state: State) -> StateRecord:
    """What the lab shows of one state (see the module)."""
    local = LocalEstimate(state.n, state.rate, state.alpha0)
    central = CentralEstimate(state.n, state.rate, state.alpha0)
    lo, hi = local.count_window(state.tolerance)
    split = local.variance_split()
    central_split = central.variance_split()
    channel = shuffled_count(state.n, state.ones, state.alpha0)
    return {
        "alpha0": state.alpha0,
        "n": state.n,
        "rate": state.rate,
        "tolerance": state.tolerance,
        "ones": state.ones,
        "alpha": state.alpha,
        "truth": local.truth,
        "report_rate": local.report_rate,
        "sampling_variance": split.sampling,
        "estimate_privacy": split.privacy,
        "estimate_variance": split.total,
        "window_lo": lo,
        "window_hi": hi,
        "within": local.accuracy(state.tolerance),
        "central_privacy": central_split.privacy,
        "central_variance": central_split.total,
        "within_central": central.accuracy(state.tolerance),
        "shuffled_delta": delta_star(channel, state.alpha),
        "local_delta": max(Fraction(0), state.alpha0 - state.alpha) / (1 + state.alpha0),
        "eps_local": ln_decimal(state.alpha0, PLACES),
    }


class ExampleRecord(StateRecord):
    """A worked example's record: its state and title, and what the prose adds."""

    slug: str
    title: str
    privacy_ratio: Fraction  # the local privacy variance over the central one: n/2
    standard_deviation: str  # √Var(π̂), certified to four decimals
    central_deviation: str  # √Var(π̂_c)
    shuffled_approx: str  # δ*(α) of the shuffled count to three significant digits, as TeX


SIGNIFICANT = 3


def significant_tex(value: Fraction, digits: int = SIGNIFICANT) -> str:
    """value > 0 rounded half up to ``digits`` significant digits, in TeX: "2.38\\times10^{-11}",
    "0.211" for a value from 10⁻³ up to 1 (trailing zeros dropped)."""
    if value <= 0:
        raise ValueError(f"only a positive value has significant digits, got {value}")
    # a first guess from the bit lengths (log₁₀ 2 < 30103/100000), then exact steps to
    # 10^exponent <= value < 10^(exponent + 1)
    exponent = (value.numerator.bit_length() - value.denominator.bit_length()) * 30103 // 100000
    while value < Fraction(10) ** exponent:
        exponent -= 1
    while value >= Fraction(10) ** (exponent + 1):
        exponent += 1
    scale = Fraction(10) ** (digits - 1 - exponent)
    mantissa = math.floor(value * scale + Fraction(1, 2))
    if mantissa == 10**digits:  # 9.995 rounds up to 10.0
        mantissa, exponent = 10 ** (digits - 1), exponent + 1
    if -3 <= exponent < 0:
        return decimal_str(Fraction(mantissa, 10 ** (digits - 1 - exponent)), digits - 1 - exponent)
    head, tail = str(mantissa)[0], str(mantissa)[1:].rstrip("0")
    return f"{head}.{tail}\\times10^{{{exponent}}}" if tail else f"{head}\\times10^{{{exponent}}}"


def _decimal(found: Certified) -> str:
    return found.decimal


class AppleCase(TypedDict):
    epsilon: Fraction
    donations: int
    per_day: Fraction
    week: Fraction  # seven days by basic composition
    flip: str  # 1/(1 + e^(ε/2)), certified to four decimals


class DeploymentsRecord(TypedDict):
    """RAPPOR's, Apple's and the Census's numbers (:mod:`generator.core.deployment_table`)."""

    rappor_published: str  # ε₁ as published, "0.5343"
    rappor_bits: int
    rappor_hashes: int
    rappor_users: int
    rappor_f: Fraction
    rappor_p: Fraction
    rappor_q: Fraction
    rappor_q_star: Fraction
    rappor_p_star: Fraction
    rappor_alpha_one: Fraction  # e^ε₁ = (q*(1 − p*)/(p*(1 − q*)))^h
    rappor_epsilon_one: str
    rappor_alpha_infinity: Fraction  # e^ε∞ = ((1 − f/2)/(f/2))^(2h)
    rappor_epsilon_infinity: str
    rappor_reports: int  # m reports of one value
    rappor_fresh: str  # ε of m reports with a fresh PRR each time: m·ε₁
    rappor_memoised: str  # ε of m reports with the PRR memoised: below ε∞
    emoji: AppleCase
    quicktype: AppleCase
    health: AppleCase
    days: int
    census_total: Fraction
    census_persons: Fraction
    census_housing: Fraction


REPORTS = 10
RAPPOR_PUBLISHED = Fraction("0.5343")  # the homepage collection's ε₁ (reference's table of deployments)
DAYS = 7


def _apple(key: str) -> AppleCase:
    case = next(case for case in APPLE if case.key == key)
    return {
        "epsilon": case.epsilon,
        "donations": case.donations_per_day,
        "per_day": case.per_day,
        "week": case.over_days(DAYS),
        "flip": case.flip_probability().decimal,
    }


def deployments_record() -> DeploymentsRecord:
    """The published deployments' numbers and what the course computes from them."""
    rappor = HOMEPAGE
    return {
        "rappor_published": decimal_str(RAPPOR_PUBLISHED, 4),
        "rappor_bits": 128,
        "rappor_hashes": rappor.hashes,
        "rappor_users": 14_000_000,
        "rappor_f": rappor.f,
        "rappor_p": rappor.p,
        "rappor_q": rappor.q,
        "rappor_q_star": rappor.q_star,
        "rappor_p_star": rappor.p_star,
        "rappor_alpha_one": rappor.instantaneous_alpha,
        "rappor_epsilon_one": rappor.epsilon_one(),
        "rappor_alpha_infinity": rappor.permanent_alpha,
        "rappor_epsilon_infinity": rappor.epsilon_infinity(),
        "rappor_reports": REPORTS,
        "rappor_fresh": ln_decimal(rappor.repeated_alpha(REPORTS, memoised=False), 4),
        "rappor_memoised": ln_decimal(rappor.repeated_alpha(REPORTS, memoised=True), 4),
        "emoji": _apple("emoji"),
        "quicktype": _apple("quicktype"),
        "health": _apple("health"),
        "days": DAYS,
        "census_total": CENSUS_TOTAL_EPSILON,
        "census_persons": CENSUS_PERSONS_EPSILON,
        "census_housing": CENSUS_HOUSING_EPSILON,
    }


class ShuffleRecord(TypedDict):
    """The shuffled count of n reports at α₀ and a target δ: the exact worst ε over the other
    users' bits, beside the local ε₀ and Feldman, McMillan and Talwar's bound."""

    n: int
    alpha0: Fraction
    delta: Fraction
    eps_local: str
    worst_alpha: Fraction  # the smallest α that every choice of the others meets at δ
    worst_epsilon: str  # ln of it, rounded up at three decimals
    worst_ones: str  # the counts of ones among the others that need it, "0, 999"
    clone_epsilon: str  # the published bound, certified
    tv_n: int  # a smaller crowd where the worst others at α = 1 are mixed
    tv_alpha0: Fraction
    tv_worst_ones: str  # the counts of ones among the others that are worst at α = 1
    tv_delta: Fraction  # that worst δ*(1)
    tv_agree_delta: Fraction  # δ*(1) when the others all hold 0


SHUFFLE_N = 1000
SHUFFLE_ALPHA0 = Fraction(3)
SHUFFLE_DELTA = Fraction(1, 10**6)
TV_N = 20


def shuffle_record() -> ShuffleRecord:
    """The amplification example of the page (n = 1 000, α₀ = 3, δ = 10⁻⁶)."""
    worst = worst_case(TV_N, SHUFFLE_ALPHA0, Fraction(1))
    alpha, ones = worst_smallest_alpha(SHUFFLE_N, SHUFFLE_ALPHA0, SHUFFLE_DELTA)
    bound = clone_bound(SHUFFLE_N, SHUFFLE_ALPHA0, SHUFFLE_DELTA)
    if bound is None:  # pragma: no cover - the example is chosen where the theorem applies
        raise ValueError("the clone bound does not apply to the page's example")
    return {
        "n": SHUFFLE_N,
        "alpha0": SHUFFLE_ALPHA0,
        "delta": SHUFFLE_DELTA,
        "eps_local": ln_decimal(SHUFFLE_ALPHA0, PLACES),
        "worst_alpha": alpha,
        "worst_epsilon": ln_decimal(alpha, PLACES),
        "worst_ones": ", ".join(str(count) for count in ones),
        "clone_epsilon": _decimal(bound),
        "tv_n": TV_N,
        "tv_alpha0": SHUFFLE_ALPHA0,
        "tv_worst_ones": ", ".join(str(count) for count in worst.ones),
        "tv_delta": worst.delta,
        "tv_agree_delta": delta_star(shuffled_count(TV_N, 0, SHUFFLE_ALPHA0), Fraction(1)),
    }
