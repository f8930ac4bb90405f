"""Published deployments of DP as data: model, unit of protection, parameter, and what follows.

Each row holds what a deployment published and what the course computes from it, exactly or
certified. The facts are those of the course's reference article on DP (its table of
deployments), with the primary sources named on each row:

* Google RAPPOR in Chrome (Erlingsson, Pihur and Korolova, CCS 2014): local model; a Bloom
  filter of 128 bits and 2 hash functions, a permanent and an instantaneous randomized
  response; ε₁ = 0.5343 for the homepage collection, about 14 million opted-in users a day.
  The course recomputes ε₁ and ε∞ from the parameters (:mod:`generator.core.rappor`).
* Apple (iOS 10, macOS Sierra; Apple, "Differential Privacy Technical Overview"): local
  model, count-mean sketch and Hadamard count-mean sketch; ε per donation 4 for
  emoji (1 donation a day), 8 for QuickType (2 a day), 2 for health types (1 a day). Each
  coordinate is flipped with probability 1/(1 + e^(ε/2)).
* US Census Bureau, 2020 Census redistricting data (P.L. 94-171): central model (the
  TopDown Algorithm); total ε = 19.61, of which 17.14 for persons and 2.47 for housing units;
  the persons' ε read again from the Bureau's ρ (:mod:`generator.core.zcdp_deployments`).
* Google Gboard (Xu et al., "Federated Learning of Gboard Language Models with Differential
  Privacy", ACL 2023 Industry Track): federated learning with DP-FTRL; more than twenty
  models with ρ-zCDP, ρ between 0.2 and 2, read as ε at the page's δ by Canonne, Kamath and
  Steinke's conversion (:mod:`generator.core.zcdp`).

Units of protection. A guarantee protects a unit, and numbers for different units do not
compare. Apple states ε per donation; a day's donations of one use case compose, by the
basic theorem, to (donations a day)·ε, and d days to d times that, with nothing capping the
total (keeping data three months bounds storage, not the guarantee). RAPPOR's ε₁ is one
report's, and memoisation caps all reports of one value at ε∞. The Census's ε is the whole
release's for one person's record. Gboard's ρ bounds what one device's whole participation
in training reveals (the reference article does not name the unit; this row takes it from
the DP-FTRL setting, where each device's contributions are bounded).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from flint import arb

from generator.core.certified import Certified, certify, exact
from generator.core.rappor import HOMEPAGE
from generator.core.zcdp_deployments import (
    CENSUS_HOUSING_EPSILON,
    CENSUS_PERSONS_EPSILON,
    CENSUS_TOTAL_EPSILON,
    GBOARD_RHOS,
    census_persons,
    read_rho,
)


class Model(enum.StrEnum):
    """Where the noise is added, and whom the users must trust."""

    LOCAL = "local"  # on each device, before anything leaves it
    CENTRAL = "central"  # by a trusted curator holding the raw data
    SHUFFLE = "shuffle"  # on each device, then an anonymous shuffler
    FEDERATED = "federated"  # devices train locally; a server adds noise to aggregated updates


class Unit(enum.StrEnum):
    """What one guarantee protects."""

    REPORT = "report"  # one report (a donation)
    DAY = "day"  # all of one day's reports of one use case
    VALUE = "value"  # every report a client ever sends about one value
    PERSON = "person"  # one person's record in the whole release
    DEVICE = "device"  # one device's participation in training


@dataclass(frozen=True)
class Quantity:
    """One named number of a row: exact, or certified when irrational."""

    name: str
    unit: Unit | None
    exact: Fraction | None = None
    certified: Certified | None = None

    def __post_init__(self) -> None:
        if (self.exact is None) == (self.certified is None):
            raise ValueError("a quantity is either exact or certified")


@dataclass(frozen=True)
class Deployment:
    key: str
    organisation: str
    model: Model
    published: tuple[Quantity, ...]
    computed: tuple[Quantity, ...]


@dataclass(frozen=True)
class AppleUseCase:
    """One of Apple's collections: ε per donation and donations a day."""

    key: str
    epsilon: Fraction
    donations_per_day: int

    @property
    def per_day(self) -> Fraction:
        """A day's ε by the basic composition theorem: donations a day × ε per donation."""
        return self.donations_per_day * self.epsilon

    def over_days(self, days: int) -> Fraction:
        """d days' ε by basic composition, d·(ε per day): it grows without bound."""
        if isinstance(days, bool) or not isinstance(days, int) or days < 1:
            raise ValueError(f"the number of days must be an integer of at least 1, got {days!r}")
        return days * self.per_day

    def flip_probability(self, places: int = 4) -> Certified:
        """The chance 1/(1 + e^(ε/2)) that one sketch coordinate is flipped, certified."""
        return certify(lambda: 1 / (1 + (exact(self.epsilon) / 2).exp()), places)


APPLE = (
    AppleUseCase("emoji", Fraction(4), 1),
    AppleUseCase("quicktype", Fraction(8), 2),
    AppleUseCase("health", Fraction(2), 1),
)


def _exp(value: Fraction, places: int) -> Certified:
    return certify(lambda: exact(value).exp(), places)


def _rappor() -> Deployment:
    published = (
        Quantity("epsilon_one", Unit.REPORT, exact=Fraction("0.5343")),
        Quantity("bloom_bits", None, exact=Fraction(128)),
        Quantity("hashes", None, exact=Fraction(HOMEPAGE.hashes)),
        Quantity("users_per_day", None, exact=Fraction(14_000_000)),
    )

    def ln(value: Fraction) -> arb:
        return exact(value).log()

    computed = (
        Quantity("alpha_one", Unit.REPORT, exact=HOMEPAGE.instantaneous_alpha),
        Quantity("epsilon_one", Unit.REPORT, certified=certify(lambda: ln(HOMEPAGE.instantaneous_alpha), 4)),
        Quantity("alpha_infinity", Unit.VALUE, exact=HOMEPAGE.permanent_alpha),
        Quantity("epsilon_infinity", Unit.VALUE, certified=certify(lambda: ln(HOMEPAGE.permanent_alpha), 4)),
    )
    return Deployment("rappor", "Google", Model.LOCAL, published, computed)


def _apple(case: AppleUseCase) -> Deployment:
    published = (
        Quantity("epsilon", Unit.REPORT, exact=case.epsilon),
        Quantity("donations_per_day", None, exact=Fraction(case.donations_per_day)),
    )
    computed = (
        Quantity("epsilon_per_day", Unit.DAY, exact=case.per_day),
        Quantity("flip_probability", Unit.REPORT, certified=case.flip_probability()),
    )
    return Deployment(f"apple-{case.key}", "Apple", Model.LOCAL, published, computed)


def _census() -> Deployment:
    published = (
        Quantity("epsilon", Unit.PERSON, exact=CENSUS_TOTAL_EPSILON),
        Quantity("epsilon_persons", Unit.PERSON, exact=CENSUS_PERSONS_EPSILON),
        Quantity("epsilon_housing", Unit.PERSON, exact=CENSUS_HOUSING_EPSILON),
    )
    computed = (
        Quantity("epsilon_sum", Unit.PERSON, exact=CENSUS_PERSONS_EPSILON + CENSUS_HOUSING_EPSILON),
        Quantity("likelihood_ratio", Unit.PERSON, certified=_exp(CENSUS_TOTAL_EPSILON, 0)),
        Quantity("epsilon_persons_from_rho", Unit.PERSON, certified=census_persons().cks20.epsilon),
    )
    return Deployment("census-2020", "US Census Bureau", Model.CENTRAL, published, computed)


def _gboard(delta: Fraction) -> Deployment:
    low, high = GBOARD_RHOS
    published = (
        Quantity("rho_low", Unit.DEVICE, exact=low),
        Quantity("rho_high", Unit.DEVICE, exact=high),
    )
    computed = (
        Quantity("delta", Unit.DEVICE, exact=delta),
        Quantity("epsilon_low", Unit.DEVICE, certified=read_rho(low, delta).cks20.epsilon),
        Quantity("epsilon_high", Unit.DEVICE, certified=read_rho(high, delta).cks20.epsilon),
    )
    return Deployment("gboard", "Google", Model.FEDERATED, published, computed)


def deployments(zcdp_delta: Fraction) -> tuple[Deployment, ...]:
    """The table's rows in order; Gboard's ε is given at the δ the page chooses."""
    return (_rappor(), *(_apple(case) for case in APPLE), _census(), _gboard(zcdp_delta))
