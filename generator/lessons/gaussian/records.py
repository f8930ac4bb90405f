"""The Gaussian lesson's records: what it shows of one setting, every value certified by the core.

A setting is either k releases of the Gaussian mechanism (noise σ, L2 sensitivity Δ) or one
release of the Laplace mechanism (scale b, L1 sensitivity Δ), at a target δ. Its record holds

- ``exact``: the exact (optimal) ε at δ. For the Gaussian, k releases compose exactly into one
  Gaussian with σ/√k (:mod:`generator.core.gaussian`, Balle & Wang 2018, Thm 8; Dong, Roth &
  Su 2022, Cor 3.3), so the least ε with δ(ε) <= δ is found by proven bisection on the exact
  profile; for the Laplace, ε(δ) = ε₀ + 2 ln(1 - δ) (:mod:`generator.core.laplace`);
- ``pure`` (Laplace only): ε₀ = Δ/b, exact;
- ``classic`` (Gaussian only): √(2 ln(1.25/δ))·Δ√k/σ, which Dwork & Roth's Thm A.1 covers only
  below 1 (:mod:`generator.core.gaussian_classic`); ``classic_reason`` says which case holds;
- ``rdp``: the RDP curve α ↦ αρ read as (ε, δ) by Canonne, Kamath & Steinke's conversion at a
  rational order next to the best one (:func:`generator.core.renyi.tight_bound`), and
  ``rdp_classic`` the same curve by Mironov's Prop 3 (:func:`generator.core.renyi.classic_bound`);
- ``zcdp``: ρ + 2√(ρ ln(1/δ)), ρ = kΔ²/(2σ²) (Bun & Steinke 2016, Prop 1.3);
- ``curve``: the δ curve around the exact ε shown, ε̂: one row per ε = ε̂ + j·s for j = -2 … 2
  (those at least 0), the step s being μ/2 rounded down at 3 decimals for the Gaussian (the
  privacy loss's standard deviation is μ = √k·Δ/σ, so δ moves by a few times per step at any
  scale) and ε₀/4 for the Laplace. Each row holds the exact δ(ε)
  (:func:`~generator.core.readable.certified_reading`) and, for the Gaussian, the δ that the
  RDP curve proves there through CKS20's conversion
  (:func:`~generator.core.renyi.tight_delta_conversion`) and the one zCDP's Prop 1.3 proves,
  each rounded up (:func:`~generator.core.readable.certified_reading_up`). At ε̂ itself the
  exact δ reads about the target δ, the two bounds more. The record holds the rows as columns
  (:class:`Curve`).

Every value is a decimal at :data:`PLACES` places that both ends of its arb enclosure round to,
with the enclosure rounded outward at :data:`BOUND_PLACES` places (``lower``, ``upper``). An
upper bound (RDP, zCDP) is shown as its claim: the upper end rounded up at :data:`PLACES`
places, so the decimal shown is itself a valid ε. A value the setting does not have is "".
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt
from typing import TypedDict

from generator.core.certified import Certified, Enclosure, ceil_decimal
from generator.core.certified import exact as exact_ball
from generator.core.gaussian import GaussianMechanism
from generator.core.gaussian_classic import classic_calibration
from generator.core.laplace import LaplaceMechanism
from generator.core.rational import decimal_str, fraction_str
from generator.core.readable import certified_reading, certified_reading_up, point_text
from generator.core.renyi import (
    RdpBound,
    classic_bound,
    tight_bound,
    tight_delta_conversion,
    tight_delta_order,
)
from generator.core.zcdp import Zcdp
from generator.core.zcdp_deployments import (
    CENSUS_DELTA,
    CENSUS_HOUSING_EPSILON,
    CENSUS_PERSONS_EPSILON,
    CENSUS_PERSONS_RHO,
    CENSUS_TOTAL_EPSILON,
    GBOARD_DELTA,
    census_persons,
    census_rhos,
    gboard,
)

PLACES = 3  # decimals of every ε shown
BOUND_PLACES = 10  # decimals of data-lower and data-upper
ORDER_PLACES = 12  # an order is 1 + a six-digit decimal, so this writes it exactly
CURVE_STEPS = range(-2, 3)  # the curve's rows: ε̂ + j·s
CURVE_PLACES = 3  # ε̂ and s have 3 decimals, so every row's ε is written exactly

COVERED = "covered"  # ε_classic < 1: the theorem applies
OVER_ONE = "over-one"  # ε_classic >= 1: the theorem does not apply
NOT_GAUSSIAN = "laplace"  # the Laplace mechanism has no classic Gaussian calibration


class Ball(TypedDict):
    """A certified value: its decimal, and its enclosure rounded outward ("" when absent)."""

    value: str
    lower: str
    upper: str


class Bound(Ball):
    """An upper bound on the exact ε through RDP at ``order`` ("" for zCDP's closed form)."""

    order: str


class CurveRow(TypedDict):
    """δ at one ε: exact, and as the RDP and zCDP bounds prove it ("" for the Laplace); each
    ``*_point`` is where the chart draws it (:func:`~generator.core.readable.point_text`: the
    exact δ's enclosure's midpoint, a bound's upper end)."""

    epsilon: str
    exact: str
    rdp: str
    zcdp: str
    exact_point: str
    rdp_point: str
    zcdp_point: str


class Curve(TypedDict):
    """The curve's rows as columns, one entry per ε (:class:`CurveRow`'s fields): the page
    carries a curve for every point of the grid, and columns name each field once."""

    epsilon: list[str]
    exact: list[str]
    rdp: list[str]
    zcdp: list[str]
    exact_point: list[str]
    rdp_point: list[str]
    zcdp_point: list[str]


def columns(rows: list[CurveRow]) -> Curve:
    """The curve's rows as columns."""
    return {
        "epsilon": [row["epsilon"] for row in rows],
        "exact": [row["exact"] for row in rows],
        "rdp": [row["rdp"] for row in rows],
        "zcdp": [row["zcdp"] for row in rows],
        "exact_point": [row["exact_point"] for row in rows],
        "rdp_point": [row["rdp_point"] for row in rows],
        "zcdp_point": [row["zcdp_point"] for row in rows],
    }


def curve_rows(curve: Curve) -> list[CurveRow]:
    """The curve's columns as rows again, one per ε."""
    return [
        {
            "epsilon": epsilon,
            "exact": curve["exact"][i],
            "rdp": curve["rdp"][i],
            "zcdp": curve["zcdp"][i],
            "exact_point": curve["exact_point"][i],
            "rdp_point": curve["rdp_point"][i],
            "zcdp_point": curve["zcdp_point"][i],
        }
        for i, epsilon in enumerate(curve["epsilon"])
    ]


class StateRecord(TypedDict):
    """What the lab shows of a point of its grid."""

    mechanism: str
    exact: Ball
    pure: str  # the Laplace's ε₀ = Δ/b as a reduced fraction, "" for the Gaussian
    pure_decimal: str
    classic: Ball
    classic_reason: str
    rdp: Bound
    zcdp: Bound
    rho: str  # kΔ²/(2σ²) as a reduced fraction, "" for the Laplace
    curve: Curve


EMPTY: Bound = {"value": "", "lower": "", "upper": "", "order": ""}


def ball(found: Certified) -> Ball:
    lower, upper = found.enclosure.bounds_text(BOUND_PLACES)
    return {"value": found.decimal, "lower": lower, "upper": upper}


def bound(found: Certified, order: Fraction | None) -> Bound:
    """An upper bound shown as its claim (rounded up), with its enclosure and order."""
    lower, upper = found.enclosure.bounds_text(BOUND_PLACES)
    shown = ceil_decimal(found.upper, found.places)
    return {
        "value": shown,
        "lower": lower,
        "upper": upper,
        "order": "" if order is None else decimal_str(order, ORDER_PLACES),
    }


def rdp_bound(found: RdpBound) -> Bound:
    return bound(found.epsilon, found.order)


def curve_epsilons(shown: str, step: Fraction) -> list[Fraction]:
    """The curve's ε: ε̂ + j·s for j in :data:`CURVE_STEPS`, those at least 0."""
    return [epsilon for j in CURVE_STEPS if (epsilon := Fraction(shown) + j * step) >= 0]


def gaussian_step(mechanism: GaussianMechanism) -> Fraction:
    """μ/2 rounded down at 3 decimals (at least 1/1000): ⌊√(μ²·10⁶)⌋/2000, on integers."""
    scaled = mechanism.mu_squared * 10**6
    return Fraction(max(isqrt(scaled.numerator // scaled.denominator), 2), 2000)


def _middle(found: Enclosure) -> str:
    return point_text((found.lower + found.upper) / 2)


def gaussian_row(mechanism: GaussianMechanism, epsilon: Fraction) -> CurveRow:
    """The exact δ(ε) of k releases, and the RDP and zCDP bounds on it, at one ε."""
    rho = mechanism.rho
    alpha = tight_delta_order(rho, epsilon)
    exact, exact_text = certified_reading(lambda: mechanism.delta_ball(exact_ball(epsilon)))
    rdp, rdp_text = certified_reading_up(lambda: tight_delta_conversion(alpha, alpha * rho, epsilon))
    zcdp, zcdp_text = certified_reading_up(lambda: Zcdp(rho).delta_ball(epsilon))
    return {
        "epsilon": decimal_str(epsilon, CURVE_PLACES),
        "exact": exact_text,
        "rdp": rdp_text,
        "zcdp": zcdp_text,
        "exact_point": _middle(exact),
        "rdp_point": point_text(rdp.upper),
        "zcdp_point": point_text(zcdp.upper),
    }


def laplace_row(mechanism: LaplaceMechanism, epsilon: Fraction) -> CurveRow:
    """The Laplace's exact δ(ε′) at one ε (no RDP or zCDP bound is drawn for it)."""
    exact, exact_text = certified_reading(lambda: mechanism.delta_ball(epsilon))
    return {
        "epsilon": decimal_str(epsilon, CURVE_PLACES),
        "exact": exact_text,
        "rdp": "",
        "zcdp": "",
        "exact_point": _middle(exact),
        "rdp_point": "",
        "zcdp_point": "",
    }


def gaussian_record(mechanism: GaussianMechanism, delta: Fraction) -> StateRecord:
    """Every ε of k Gaussian releases at δ (see the module)."""
    classic = classic_calibration(mechanism, delta, PLACES)
    rho = mechanism.rho
    exact = ball(mechanism.epsilon(delta, PLACES))
    return {
        "mechanism": "gaussian",
        "exact": exact,
        "pure": "",
        "pure_decimal": "",
        "classic": ball(classic.epsilon),
        "classic_reason": COVERED if classic.covered else OVER_ONE,
        "rdp": rdp_bound(tight_bound(rho, delta, PLACES)),
        "zcdp": bound(Zcdp(rho).epsilon(delta, PLACES), None),
        "rho": fraction_str(rho),
        "curve": columns(
            [
                gaussian_row(mechanism, epsilon)
                for epsilon in curve_epsilons(exact["value"], gaussian_step(mechanism))
            ]
        ),
    }


def laplace_record(mechanism: LaplaceMechanism, delta: Fraction) -> StateRecord:
    """The Laplace's exact ε at δ and its pure ε₀."""
    exact = ball(mechanism.epsilon_for_delta(delta, PLACES))
    return {
        "mechanism": "laplace",
        "exact": exact,
        "pure": fraction_str(mechanism.epsilon),
        "pure_decimal": decimal_str(mechanism.epsilon, PLACES),
        "classic": {"value": "", "lower": "", "upper": ""},
        "classic_reason": NOT_GAUSSIAN,
        "rdp": EMPTY,
        "zcdp": EMPTY,
        "rho": "",
        "curve": columns(
            [
                laplace_row(mechanism, epsilon)
                for epsilon in curve_epsilons(exact["value"], mechanism.epsilon / 4)
            ]
        ),
    }


class ExampleRecord(StateRecord):
    """A worked example's record: its setting and state, and what the prose adds."""

    slug: str
    title: str
    noise: Fraction
    sensitivity: Fraction
    k: int
    delta: Fraction
    mu_squared: Fraction  # kΔ²/σ² (Gaussian) or 0
    rdp_classic: Bound  # Mironov's conversion of the same curve (Gaussian)
    classic_true_delta_ratio: str  # δ(ε_classic)/δ, certified (Gaussian)
    deviation: str  # the noise's standard deviation: σ, or √2·b certified


def example_extras(
    mechanism: GaussianMechanism | LaplaceMechanism, delta: Fraction
) -> tuple[Fraction, Bound, str, str]:
    """(μ², the classic RDP conversion, the classic calibration's true-δ ratio, the noise's
    standard deviation) of a worked example."""
    if isinstance(mechanism, LaplaceMechanism):
        return Fraction(0), EMPTY, "", mechanism.standard_deviation(PLACES).decimal
    classic = classic_calibration(mechanism, delta, PLACES)
    return (
        mechanism.mu_squared,
        rdp_bound(classic_bound(mechanism.rho, delta, PLACES)),
        classic.ratio.decimal,
        decimal_str(mechanism.sigma, PLACES),
    )


class Reading(TypedDict):
    """A published number and the other side of it that we computed."""

    published: str
    computed: str
    computed_lower: str
    computed_upper: str
    order: str


class DeploymentsRecord(TypedDict):
    """The Census and Gboard numbers (:mod:`generator.core.zcdp_deployments`)."""

    census_delta: Fraction
    census_total: Fraction
    census_persons: Fraction
    census_housing: Fraction
    census_persons_rho: Fraction  # the production code's ρ for the persons file
    census_persons_rho_decimal: str
    census_persons_epsilon: Reading  # ρ_persons -> ε by CKS20 (computed), 17.14 published
    census_persons_epsilon_bs16: str  # the same ρ by BS16 Prop 1.3
    census_housing_rho: Reading  # 2.47 published -> ρ by CKS20 (computed)
    census_total_rho: Reading  # 19.61 -> ρ by CKS20 (computed)
    census_rho_sum: str  # ρ_persons + ρ_housing, rounded down at PLACES
    census_joint_epsilon: str  # that ρ sum read once by CKS20 at δ = 10⁻¹⁰, rounded up
    gboard_delta: Fraction
    gboard_low: Reading  # ρ = 0.2 published -> ε by CKS20 (computed)
    gboard_high: Reading  # ρ = 2 published -> ε by CKS20 (computed)
    gboard_low_bs16: str
    gboard_high_bs16: str


def _reading(published: Fraction, found: Certified, order: Fraction | None, places: int) -> Reading:
    lower, upper = found.enclosure.bounds_text(BOUND_PLACES)
    return {
        "published": decimal_str(published, places),
        "computed": found.decimal,
        "computed_lower": lower,
        "computed_upper": upper,
        "order": "" if order is None else decimal_str(order, ORDER_PLACES),
    }


def deployments_record() -> DeploymentsRecord:
    """Each deployment's published side and the side we computed from it, at its δ."""
    persons = census_persons(2)
    _, housing, total = census_rhos(PLACES)
    low, high = gboard(PLACES)
    rho_sum = CENSUS_PERSONS_RHO + housing.cks20.rho.lower
    return {
        "census_delta": CENSUS_DELTA,
        "census_total": CENSUS_TOTAL_EPSILON,
        "census_persons": CENSUS_PERSONS_EPSILON,
        "census_housing": CENSUS_HOUSING_EPSILON,
        "census_persons_rho": CENSUS_PERSONS_RHO,
        "census_persons_rho_decimal": decimal_str(CENSUS_PERSONS_RHO, PLACES),
        "census_persons_epsilon": _reading(
            CENSUS_PERSONS_EPSILON, persons.cks20.epsilon, persons.cks20.order, 2
        ),
        "census_persons_epsilon_bs16": persons.bs16.decimal,
        "census_housing_rho": _reading(CENSUS_HOUSING_EPSILON, housing.cks20.rho, housing.cks20.order, 2),
        "census_total_rho": _reading(CENSUS_TOTAL_EPSILON, total.cks20.rho, total.cks20.order, 2),
        "census_rho_sum": decimal_str(rho_sum - rho_sum % Fraction(1, 10**PLACES), PLACES),
        "census_joint_epsilon": Zcdp(rho_sum).tight_epsilon(CENSUS_DELTA, 2).claim,
        "gboard_delta": GBOARD_DELTA,
        "gboard_low": _reading(low.rho, low.cks20.epsilon, low.cks20.order, 1),
        "gboard_high": _reading(high.rho, high.cks20.epsilon, high.cks20.order, 1),
        "gboard_low_bs16": low.bs16.decimal,
        "gboard_high_bs16": high.bs16.decimal,
    }
