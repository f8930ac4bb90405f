"""The Laplace mechanism: pure ε, the profile δ(ε′) = 1 - e^{(ε′ - ε₀)/2}, its inverse, √2·b.

Properties checked:
  - hand values: δ(0) = 1 - e^{-ε₀/2}, δ(ε₀) = 0, ε′(0) = ε₀, ε′(δ) = ε₀ + 2 ln(1 - δ);
  - a second route: the hockey-stick divergence ∫ (p - e^{ε′} q)₊ by 50-digit quadrature;
  - a peer: dp_accounting's LaplacePrivacyLoss (floats);
  - δ(ε′) falls in ε′, ε′(δ) falls in δ, and the inverse undoes the profile.
"""

from __future__ import annotations

import random
from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from dp_accounting.pld import privacy_loss_mechanism
from hypothesis import given
from hypothesis import strategies as st

from generator.core.certified import fixed_decimal
from generator.core.laplace import LaplaceMechanism
from tests.core.mp_oracles import holds, laplace_delta, mp, to_fraction

HALF = LaplaceMechanism(Fraction(1), Fraction(1, 2))  # ε₀ = 2

rationals = st.fractions(min_value=Fraction(1, 10), max_value=Fraction(10), max_denominator=100)


def test_pure_epsilon_is_exact() -> None:
    assert HALF.epsilon == 2
    assert LaplaceMechanism(Fraction(3), Fraction(7, 2)).epsilon == Fraction(6, 7)
    assert LaplaceMechanism.from_epsilon(Fraction(2), Fraction(1, 4)).scale == 8


def test_delta_at_zero_is_the_total_variation() -> None:
    # 1 - e^{-1} = 0.632120558828557678404476229838539…
    shown = HALF.delta(Fraction(0))
    assert shown.decimal == "0.632"
    assert shown.lower <= Fraction(632120558828557678405, 10**21)
    assert shown.upper >= Fraction(632120558828557678404, 10**21)


def test_delta_vanishes_from_the_pure_epsilon_on() -> None:
    assert HALF.delta(Fraction(2)).enclosure.upper == 0
    assert HALF.delta(Fraction(5)).enclosure.upper == 0
    assert HALF.delta(Fraction(199, 100)).lower > 0


def test_inverse_hand_values() -> None:
    assert HALF.epsilon_for_delta(Fraction(0)).decimal == "2.000"
    # 2 + 2 ln(0.99) = 1.979899328…
    assert HALF.epsilon_for_delta(Fraction(1, 100)).decimal == "1.980"
    # δ = 0.7 >= δ(0) = 0.632…: no ε′ > 0 is needed
    assert HALF.epsilon_for_delta(Fraction(7, 10)).enclosure.upper == 0


def test_standard_deviation() -> None:
    assert HALF.standard_deviation().decimal == "0.707"
    assert LaplaceMechanism(Fraction(1), Fraction(3)).standard_deviation(6).decimal == "4.242641"


def test_profile_agrees_with_the_integrated_divergence() -> None:
    rng = random.Random(7)
    for _ in range(6):
        sensitivity = Fraction(rng.randint(1, 100), 10)
        scale = Fraction(rng.randint(1, 1000), 10)
        mechanism = LaplaceMechanism(sensitivity, scale)
        epsilon = mechanism.epsilon * Fraction(rng.randint(0, 120), 100)
        found = mechanism.delta(epsilon, 45).enclosure
        assert holds(found, laplace_delta(sensitivity, scale, epsilon))


def test_inverse_agrees_with_the_integrated_divergence() -> None:
    mechanism = LaplaceMechanism(Fraction(3, 2), Fraction(1, 3))  # ε₀ = 9/2
    for delta in (Fraction(1, 10**12), Fraction(1, 1000), Fraction(1, 10)):
        epsilon = mechanism.epsilon_for_delta(delta, 45)
        with mpmath.workdps(50):
            truth = mp(mechanism.epsilon) + 2 * mpmath.log(1 - mp(delta))
        assert holds(epsilon.enclosure, truth)
        # and the integrated divergence at the two ends of a 6-decimal enclosure brackets δ
        coarse = mechanism.epsilon_for_delta(delta, 6)
        assert to_fraction(laplace_delta(mechanism.l1_sensitivity, mechanism.scale, coarse.lower)) > delta
        assert to_fraction(laplace_delta(mechanism.l1_sensitivity, mechanism.scale, coarse.upper)) < delta


@pytest.mark.parametrize("epsilon", [Fraction(0), Fraction(1, 2), Fraction(3, 2), Fraction(2), Fraction(3)])
def test_dp_accounting_peer(epsilon: Fraction) -> None:
    peer = privacy_loss_mechanism.LaplacePrivacyLoss(0.5, sensitivity=1.0).get_delta_for_epsilon(
        float(epsilon)
    )
    shown = HALF.delta(epsilon, 12)
    assert abs(float(shown.lower) - peer) < 1e-12


@given(rationals, rationals, st.fractions(min_value=0, max_value=20), st.fractions(min_value=0, max_value=20))
def test_delta_falls_in_epsilon(sensitivity: Fraction, scale: Fraction, one: Fraction, two: Fraction) -> None:
    mechanism = LaplaceMechanism(sensitivity, scale)
    low, high = sorted((one, two))
    assert mechanism.delta(high).lower <= mechanism.delta(low).upper


@given(rationals, rationals, st.fractions(min_value=0, max_value=Fraction(99, 100)))
def test_inverse_undoes_the_profile(sensitivity: Fraction, scale: Fraction, delta: Fraction) -> None:
    mechanism = LaplaceMechanism(sensitivity, scale)
    epsilon = mechanism.epsilon_for_delta(delta, 6)
    assert epsilon.lower >= 0
    assert epsilon.lower <= mechanism.epsilon
    if epsilon.lower > 0:
        # δ(ε′) at the ends of ε′'s enclosure brackets δ
        assert mechanism.delta(epsilon.lower, 6).upper >= delta - Fraction(1, 10**6)
        assert mechanism.delta(epsilon.upper, 6).lower <= delta + Fraction(1, 10**6)
    assert fixed_decimal(epsilon.lower, 6) == fixed_decimal(epsilon.upper, 6)


@pytest.mark.parametrize(("sensitivity", "scale"), [(0, 1), (1, -1), (1.0, 1), (1, True), (Fraction(1), "1")])
def test_bad_parameters_are_refused(sensitivity: object, scale: object) -> None:
    with pytest.raises(ValueError, match="must be"):
        LaplaceMechanism(sensitivity, scale)  # type: ignore[arg-type]


def test_bad_delta_is_refused() -> None:
    with pytest.raises(ValueError, match=r"\[0, 1\)"):
        HALF.epsilon_for_delta(Fraction(1))
    with pytest.raises(ValueError, match="at least 0"):
        HALF.delta(Fraction(-1))
