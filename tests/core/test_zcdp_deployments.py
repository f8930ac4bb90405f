"""The Census's and Gboard's zCDP numbers, read the other way.

Properties checked:
  - the Census persons file's ρ = (542/339)² at δ = 10⁻¹⁰ gives the published ε = 17.14 by
    CKS20 Cor 13 (and not by Prop 1.3, which gives 17.90);
  - the ρ behind 17.14, 2.47 and 19.61, by both conversions, and the gap between adding ε's
    and adding ρ's;
  - Gboard's ρ = 0.2 and 2 as ε at the assumed δ = 10⁻¹⁰;
  - a peer: the Census's own float recipe (Cor 13, minimised with scipy).
"""

from __future__ import annotations

import math
from fractions import Fraction

from scipy.optimize import minimize_scalar  # type: ignore[import-untyped]

from generator.core import zcdp_deployments as deployments
from generator.core.zcdp import Zcdp


def _census_recipe(rho: float, delta: float) -> float:
    """ε from Cor 13 as curve.py's get_zcdp_delta inverts it, in floats (a peer)."""

    def epsilon(alpha: float) -> float:
        return alpha * rho + math.log1p(-1 / alpha) - (math.log(delta) + math.log(alpha)) / (alpha - 1)

    return float(
        minimize_scalar(epsilon, bounds=(1.0001, 1e4), method="bounded", options={"xatol": 1e-10}).fun
    )


def test_census_persons_gives_the_published_epsilon() -> None:
    persons = deployments.census_persons(places=2)
    assert persons.rho == Fraction(293764, 114921)
    assert persons.cks20.epsilon.decimal == "17.14"
    assert persons.bs16.decimal == "17.90"
    peer = _census_recipe(float(persons.rho), 1e-10)
    assert abs(peer - float(persons.cks20.epsilon.lower)) < 1e-6


def test_the_rho_behind_the_census_epsilons() -> None:
    persons, housing, total = deployments.census_rhos()
    assert persons.cks20.rho.decimal == "2.555"  # 17.14 is 17.144 rounded, so ρ a hair below 2.556
    assert housing.cks20.rho.decimal == "0.075"
    assert total.cks20.rho.decimal == "3.214"
    assert total.bs16.rho.decimal == "2.997"
    # one zCDP release of the summed ρ's costs less ε than the summed ε's
    summed = Zcdp(deployments.CENSUS_PERSONS_RHO).compose(Zcdp(housing.cks20.rho.lower))
    assert summed.tight_epsilon(deployments.CENSUS_DELTA).epsilon.upper < deployments.CENSUS_TOTAL_EPSILON
    assert Fraction(1961, 100) == deployments.CENSUS_TOTAL_EPSILON


def test_gboard_rhos_as_epsilons() -> None:
    low, high = deployments.gboard()
    assert (low.rho, high.rho) == (Fraction(1, 5), Fraction(2))
    assert (low.cks20.epsilon.decimal, low.bs16.decimal) == ("4.167", "4.492")
    assert (high.cks20.epsilon.decimal, high.bs16.decimal) == ("14.871", "15.572")
    for reading in (low, high):
        assert abs(_census_recipe(float(reading.rho), 1e-10) - float(reading.cks20.epsilon.lower)) < 1e-6
