"""The deployments table, held to hand arithmetic and mpmath.

Properties (each a test below):
  T1  Apple: a day's ε is donations a day × ε per donation (4, 16, 2), d days d times that.
  T2  Apple's flip probability 1/(1 + e^(ε/2)) and the Census's e^19.61 against mpmath.
  T3  the Census's persons and housing parts sum to its total, exactly.
  T4  the zCDP conversion ρ + 2√(ρ ln(1/δ)) against mpmath, and bad ρ or δ refused.
  T5  the rows: their order, models and units; RAPPOR's recomputed ε₁ is the published one.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest

from generator.core.certified import Certified
from generator.core.deployment_table import APPLE, AppleUseCase, Model, Quantity, Unit, deployments
from generator.core.zcdp_deployments import (
    CENSUS_HOUSING_EPSILON,
    CENSUS_PERSONS_EPSILON,
    CENSUS_TOTAL_EPSILON,
    read_rho,
)

DELTA = Fraction(1, 10**10)


def mp(value: Fraction) -> mpmath.mpf:
    return mpmath.mpf(value.numerator) / value.denominator


def holds(shown: Certified, value: mpmath.mpf) -> bool:
    return bool(mp(shown.lower) <= value <= mp(shown.upper))


def test_apple_days_compose_basically() -> None:
    assert [(case.key, case.per_day) for case in APPLE] == [
        ("emoji", Fraction(4)),
        ("quicktype", Fraction(16)),
        ("health", Fraction(2)),
    ]
    assert APPLE[1].over_days(30) == 480
    with pytest.raises(ValueError, match="days"):
        APPLE[0].over_days(0)


@pytest.mark.parametrize("case", APPLE, ids=[case.key for case in APPLE])
def test_flip_probability_against_mpmath(case: AppleUseCase) -> None:
    with mpmath.workdps(50):
        assert holds(case.flip_probability(6), 1 / (1 + mpmath.exp(mp(case.epsilon) / 2)))
    assert APPLE[0].flip_probability().decimal == "0.1192"  # 1/(1 + e²)


def test_census_parts_and_likelihood_ratio() -> None:
    assert CENSUS_PERSONS_EPSILON + CENSUS_HOUSING_EPSILON == CENSUS_TOTAL_EPSILON == Fraction(1961, 100)
    census = next(row for row in deployments(DELTA) if row.key == "census-2020")
    ratio = next(q for q in census.computed if q.name == "likelihood_ratio")
    assert ratio.certified is not None
    with mpmath.workdps(50):
        assert holds(ratio.certified, mpmath.exp(mp(CENSUS_TOTAL_EPSILON)))
    persons = next(q for q in census.computed if q.name == "epsilon_persons_from_rho").certified
    assert persons is not None
    assert persons.decimal == "17.144"


def value_of(row: tuple[Quantity, ...], name: str) -> Quantity:
    return next(q for q in row if q.name == name)


def test_rows() -> None:
    rows = deployments(DELTA)
    assert [(row.key, row.model) for row in rows] == [
        ("rappor", Model.LOCAL),
        ("apple-emoji", Model.LOCAL),
        ("apple-quicktype", Model.LOCAL),
        ("apple-health", Model.LOCAL),
        ("census-2020", Model.CENTRAL),
        ("gboard", Model.FEDERATED),
    ]
    rappor = rows[0]
    published = value_of(rappor.published, "epsilon_one")
    computed = value_of(rappor.computed, "epsilon_one")
    assert computed.certified is not None
    assert published.exact == Fraction("0.5343")
    assert computed.certified.decimal == "0.5343"
    assert value_of(rappor.computed, "epsilon_infinity").unit is Unit.VALUE
    assert value_of(rows[2].computed, "epsilon_per_day").exact == 16
    gboard = rows[-1]
    low = value_of(gboard.computed, "epsilon_low").certified
    assert low == read_rho(Fraction(1, 5), DELTA).cks20.epsilon


def test_a_quantity_is_exact_or_certified() -> None:
    with pytest.raises(ValueError, match="either"):
        Quantity("nothing", None)
    with pytest.raises(ValueError, match="either"):
        Quantity("both", None, exact=Fraction(1), certified=read_rho(Fraction(1), DELTA).cks20.epsilon)
