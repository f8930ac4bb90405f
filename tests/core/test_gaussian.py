"""The Gaussian mechanism: the exact profile (Balle & Wang 2018, Thm 8), k-fold, and exact ε.

Properties checked:
  - hand values: δ(0) = 2Φ(μ/2) - 1; k releases with σ equal one release with σ/√k;
  - a second route: δ(ε) = E_P[(1 - e^{ε - L})₊] by 50-digit quadrature of the privacy loss;
  - the exact ε's enclosure holds mpmath's 50-digit root on a seeded sample of the lesson's
    domain (σ in [0.1, 100], Δ in [0.1, 10], k in 1..1000, δ in [10⁻¹², 0.1]), and is
    narrow: both ends round to the same 3 decimals;
  - peers (floats): dp_accounting's analytic Gaussian and its PLD, autodp's analytic Gaussian;
  - ε falls in σ and in δ, and grows in k and in Δ.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from autodp import dp_bank  # type: ignore[import-untyped]
from dp_accounting import gaussian_mechanism
from dp_accounting.pld import privacy_loss_distribution
from hypothesis import given
from hypothesis import strategies as st

from generator.core.certified import fixed_decimal
from generator.core.gaussian import GaussianMechanism
from tests.core.mp_oracles import Case, gaussian_delta, gaussian_epsilon, holds, sample, to_fraction

ONE = GaussianMechanism(Fraction(1), Fraction(1))
SAMPLE = sample(10, seed=2026)


def test_mu_and_rho_are_exact() -> None:
    mechanism = GaussianMechanism(Fraction(3), Fraction(2), 5)
    assert mechanism.mu_squared == Fraction(45, 4)
    assert mechanism.rho == Fraction(45, 8)


def test_delta_at_zero_is_the_total_variation() -> None:
    # 2Φ(1/2) - 1 = erf(1/(2√2)) = 0.382924922548026200…
    shown = ONE.delta(Fraction(0), 15)
    assert shown.decimal == "0.382924922548026"
    # μ = 2: 2Φ(1) - 1 = 0.682689492137085897…
    assert GaussianMechanism(Fraction(2), Fraction(1)).delta(Fraction(0)).decimal == "0.683"


def test_k_releases_are_one_release_with_sigma_over_root_k() -> None:
    four = GaussianMechanism(Fraction(1), Fraction(2), 4)
    assert four.mu_squared == ONE.mu_squared
    for epsilon in (Fraction(0), Fraction(1, 3), Fraction(2)):
        assert four.delta(epsilon, 20) == ONE.delta(epsilon, 20)
    assert four.epsilon(Fraction(1, 10**5)) == ONE.epsilon(Fraction(1, 10**5))


def test_exact_epsilon_hand_value() -> None:
    # σ = Δ = 1, δ = 10⁻⁵: ε = 4.3771780956812… (dp_accounting and autodp agree to 1e-12)
    shown = ONE.epsilon(Fraction(1, 10**5), 9)
    assert shown.decimal == "4.377178096"


@pytest.mark.parametrize("case", SAMPLE[:5], ids=str)
def test_profile_agrees_with_the_integrated_privacy_loss(case: Case) -> None:
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    for epsilon in (Fraction(0), mechanism.epsilon(case.delta).lower, 2 * mechanism.rho):
        truth = gaussian_delta(mechanism.mu_squared, epsilon)
        width = max(to_fraction(truth), Fraction(1, 10**300)) / 10**45
        assert holds(mechanism.delta_enclosure(epsilon, width), truth)


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_exact_epsilon_holds_the_fifty_digit_root_and_is_narrow(case: Case) -> None:
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    found = mechanism.epsilon(case.delta)
    assert holds(found.enclosure, gaussian_epsilon(mechanism.mu_squared, case.delta))
    assert fixed_decimal(found.lower, 3) == fixed_decimal(found.upper, 3) == found.decimal


def test_exact_epsilon_is_zero_when_delta_covers_delta_at_zero() -> None:
    wide = GaussianMechanism(Fraction(1, 10), Fraction(100))  # δ(0) ≈ 0.0004
    assert wide.epsilon(Fraction(1, 10)).enclosure.upper == 0
    assert wide.epsilon(Fraction(1, 10**6)).lower > 0


@pytest.mark.parametrize("case", SAMPLE, ids=str)
def test_analytic_peers(case: Case) -> None:
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    delta = float(case.delta)
    noise = float(1 / mechanism.mu_squared) ** 0.5  # σ/(Δ√k): one release with Δ = 1
    ours = mechanism.epsilon(case.delta, 9)
    tolerance = 1e-7 * max(1.0, float(ours.upper))
    assert abs(gaussian_mechanism.get_epsilon_gaussian(noise, delta) - float(ours.lower)) < tolerance
    assert abs(dp_bank.get_eps_ana_gaussian(noise, delta) - float(ours.lower)) < tolerance


@pytest.mark.parametrize(
    ("sigma", "k", "delta"), [(Fraction(1), 1, Fraction(1, 10**5)), (Fraction(5), 10, Fraction(1, 10**8))]
)
def test_pld_peer_is_a_little_pessimistic(sigma: Fraction, k: int, delta: Fraction) -> None:
    mechanism = GaussianMechanism(Fraction(1), sigma, k)
    distribution = privacy_loss_distribution.from_gaussian_mechanism(
        float(sigma), sensitivity=1.0, value_discretization_interval=1e-4
    ).self_compose(k)
    peer = distribution.get_epsilon_for_delta(float(delta))
    ours = mechanism.epsilon(delta, 6)
    assert float(ours.lower) - 1e-9 <= peer <= float(ours.upper) + 2e-3


positive = st.fractions(min_value=Fraction(1, 10), max_value=Fraction(10), max_denominator=50)
deltas = st.sampled_from([Fraction(1, 10**12), Fraction(1, 10**8), Fraction(1, 10**5), Fraction(1, 100)])


@given(positive, positive, positive, st.integers(1, 1000), deltas)
def test_epsilon_falls_in_sigma(
    sensitivity: Fraction, one: Fraction, two: Fraction, k: int, delta: Fraction
) -> None:
    low, high = sorted((one, two))
    quieter = GaussianMechanism(sensitivity, high, k).epsilon(delta)
    louder = GaussianMechanism(sensitivity, low, k).epsilon(delta)
    assert quieter.lower <= louder.upper


@given(positive, positive, st.integers(1, 1000), st.integers(1, 1000), deltas)
def test_epsilon_grows_in_k(
    sensitivity: Fraction, sigma: Fraction, one: int, two: int, delta: Fraction
) -> None:
    fewer, more = sorted((one, two))
    assert (
        GaussianMechanism(sensitivity, sigma, fewer).epsilon(delta).lower
        <= GaussianMechanism(sensitivity, sigma, more).epsilon(delta).upper
    )


@given(positive, positive, positive, deltas)
def test_epsilon_grows_in_sensitivity(one: Fraction, two: Fraction, sigma: Fraction, delta: Fraction) -> None:
    low, high = sorted((one, two))
    assert (
        GaussianMechanism(low, sigma).epsilon(delta).lower
        <= GaussianMechanism(high, sigma).epsilon(delta).upper
    )


@given(positive, positive, st.integers(1, 100), deltas, deltas)
def test_epsilon_falls_in_delta(
    sensitivity: Fraction, sigma: Fraction, k: int, one: Fraction, two: Fraction
) -> None:
    mechanism = GaussianMechanism(sensitivity, sigma, k)
    low, high = sorted((one, two))
    assert mechanism.epsilon(high).lower <= mechanism.epsilon(low).upper


@given(positive, positive, st.integers(1, 100), deltas)
def test_the_enclosure_brackets_the_target(
    sensitivity: Fraction, sigma: Fraction, k: int, delta: Fraction
) -> None:
    mechanism = GaussianMechanism(sensitivity, sigma, k)
    found = mechanism.epsilon(delta)
    if found.upper > 0:
        assert mechanism.delta_enclosure(found.lower, delta / 10**6).lower > delta
        assert mechanism.delta_enclosure(found.upper, delta / 10**6).upper < delta


@pytest.mark.parametrize("delta", [Fraction(0), Fraction(1), Fraction(-1, 2)])
def test_a_delta_outside_the_open_unit_interval_is_refused(delta: Fraction) -> None:
    with pytest.raises(ValueError, match=r"\(0, 1\)"):
        ONE.epsilon(delta)


@pytest.mark.parametrize(
    ("sensitivity", "sigma", "k"), [(0, 1, 1), (1, 0, 1), (1.5, 1, 1), (1, 1, 0), (1, 1, True)]
)
def test_bad_parameters_are_refused(sensitivity: object, sigma: object, k: object) -> None:
    with pytest.raises(ValueError, match="must be"):
        GaussianMechanism(sensitivity, sigma, k)  # type: ignore[arg-type]
