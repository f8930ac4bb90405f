"""Two published zCDP deployments, and the other side of each of their numbers.

**The 2020 US Census, redistricting data (P.L. 94-171).** The published total is ε = 19.61,
the sum of 17.14 for the persons file and 2.47 for the housing-units file (the reference
article: "총 ε = 19.61(인구 17.14, 주택 2.47)"). The Bureau accounted in zCDP and converted:
its production code (github.com/uscensusbureau/DAS_2020_Redistricting_Production_Code,
``source/configs/production/pl94/person_default.ini``) sets the persons run's
``global_scale = 339/542``, with ρ = 1/global_scale² (``source/programs/engine/budget.py``),
so ρ_persons = (542/339)² = 293764/114921 ≈ 2.556; ``prod_default.ini`` sets
``approx_dp_delta = 1e-10``; and ``programs/engine/curve.py`` converts with Canonne, Kamath
& Steinke's Corollary 13. At that ρ and δ the conversion gives 17.14, the published
figure. The housing-units run's configuration is not in that repository; its ρ is computed
here as the one Cor 13 needs for 2.47. Adding the two ε's is basic composition (their δ's
add too, to 2·10⁻¹⁰); adding the ρ's and converting once is tighter.

**Gboard** (Xu et al. 2023, "Federated Learning of Gboard Language Models with Differential
Privacy", ACL Industry): more than twenty language models trained with DP-FTRL, each
ρ-zCDP with ρ in (0.2, 2). The paper's δ for reading ρ as (ε, δ) is not cited here: we
*assume* δ = 10⁻¹⁰, the Census's, and the one Google reports for Gboard's
out-of-vocabulary word discovery (Sun et al. 2024, arXiv 2404.11607: ε = 0.315 at
δ = 10⁻¹⁰).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from generator.core.certified import Certified
from generator.core.renyi import RdpBound
from generator.core.zcdp import RhoBound, Zcdp, rho_for_epsilon, tight_rho_for_epsilon

CENSUS_DELTA = Fraction(1, 10**10)  # prod_default.ini: approx_dp_delta = 1e-10
CENSUS_PERSONS_RHO = Fraction(542, 339) ** 2  # 1/global_scale², person_default.ini
CENSUS_PERSONS_EPSILON = Fraction(1714, 100)
CENSUS_HOUSING_EPSILON = Fraction(247, 100)
CENSUS_TOTAL_EPSILON = CENSUS_PERSONS_EPSILON + CENSUS_HOUSING_EPSILON  # 19.61

GBOARD_RHOS = (Fraction(1, 5), Fraction(2))  # ρ in (0.2, 2)
GBOARD_DELTA = Fraction(1, 10**10)  # our assumption, not cited (see the module)


@dataclass(frozen=True)
class EpsilonReading:
    """A ρ read as ε at δ by both conversions: Prop 1.3 and the tighter CKS20 Cor 13."""

    rho: Fraction
    delta: Fraction
    bs16: Certified
    cks20: RdpBound


@dataclass(frozen=True)
class RhoReading:
    """The ρ each conversion needs to give ε at δ."""

    epsilon: Fraction
    delta: Fraction
    bs16: RhoBound
    cks20: RhoBound


def read_rho(rho: Fraction, delta: Fraction, places: int = 3) -> EpsilonReading:
    """ρ-zCDP as (ε, δ)-DP, both ways."""
    guarantee = Zcdp(rho)
    return EpsilonReading(
        guarantee.rho, delta, guarantee.epsilon(delta, places), guarantee.tight_epsilon(delta, places)
    )


def read_epsilon(epsilon: Fraction, delta: Fraction, places: int = 3) -> RhoReading:
    """The ρ behind (ε, δ)-DP, both ways."""
    return RhoReading(
        epsilon, delta, rho_for_epsilon(epsilon, delta, places), tight_rho_for_epsilon(epsilon, delta, places)
    )


def census_persons(places: int = 3) -> EpsilonReading:
    """The persons file's ρ at the Census's δ (CKS20 gives the published 17.14)."""
    return read_rho(CENSUS_PERSONS_RHO, CENSUS_DELTA, places)


def census_rhos(places: int = 3) -> tuple[RhoReading, RhoReading, RhoReading]:
    """The ρ behind 17.14 (persons), 2.47 (housing units) and the total 19.61, at δ = 10⁻¹⁰."""
    return (
        read_epsilon(CENSUS_PERSONS_EPSILON, CENSUS_DELTA, places),
        read_epsilon(CENSUS_HOUSING_EPSILON, CENSUS_DELTA, places),
        read_epsilon(CENSUS_TOTAL_EPSILON, CENSUS_DELTA, places),
    )


def gboard(places: int = 3) -> tuple[EpsilonReading, ...]:
    """Gboard's ρ = 0.2 and 2 as ε at our assumed δ = 10⁻¹⁰."""
    return tuple(read_rho(rho, GBOARD_DELTA, places) for rho in GBOARD_RHOS)
