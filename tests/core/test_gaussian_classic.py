"""The classic calibration σ >= √(2 ln(1.25/δ))·Δ/ε (Dwork & Roth 2014, Thm A.1), checked
against the exact profile.

Properties checked:
  - hand values of ε_classic, and whether the theorem covers it (ε < 1);
  - the theorem itself: wherever it covers the claim, the exact δ(ε_classic) <= δ;
  - where the claim breaks: at δ = 10⁻⁵ it still holds at ε ≈ 8.35 and fails at ε ≈ 8.50;
  - a second route: ε_classic in mpmath, and δ(ε_classic) by quadrature of the privacy loss.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest

from generator.core.gaussian import GaussianMechanism
from generator.core.gaussian_classic import classic_calibration
from tests.core.mp_oracles import Case, gaussian_delta, holds, mp, sample, to_fraction

FIVE = Fraction(1, 10**5)


def test_hand_value_inside_the_theorem() -> None:
    # √(2 ln 125000)/10 = 0.484481…
    found = classic_calibration(GaussianMechanism(Fraction(1), Fraction(10)), FIVE)
    assert found.epsilon.decimal == "0.484"
    assert found.covered
    assert found.holds
    assert found.ratio.upper < Fraction(1, 100)


def test_the_theorem_does_not_cover_epsilon_one_and_more() -> None:
    # σ = 4: ε = 1.2112…
    found = classic_calibration(GaussianMechanism(Fraction(1), Fraction(4)), FIVE)
    assert found.epsilon.decimal == "1.211"
    assert not found.covered
    assert found.holds  # not covered, yet still true here


@pytest.mark.parametrize(
    ("sigma", "shown", "holds"),
    [(Fraction(58, 100), "8.353", True), (Fraction(57, 100), "8.500", False)],
)
def test_where_the_classic_claim_breaks(sigma: Fraction, shown: str, holds: bool) -> None:
    found = classic_calibration(GaussianMechanism(Fraction(1), sigma), FIVE)
    assert found.epsilon.decimal == shown
    assert found.holds is holds
    assert (found.ratio.lower > 1) is not holds


def test_far_outside_the_claim_understates_delta_by_a_large_factor() -> None:
    # σ = 1/4, δ = 10⁻⁵: ε_classic = 19.38, the true δ there is over 100 times the claim
    found = classic_calibration(GaussianMechanism(Fraction(1), Fraction(1, 4)), FIVE)
    assert found.epsilon.decimal == "19.379"
    assert found.ratio.lower > 100


@pytest.mark.parametrize("case", sample(8, seed=11), ids=str)
def test_covered_claims_hold_and_agree_with_mpmath(case: Case) -> None:
    mechanism = GaussianMechanism(case.sensitivity, case.sigma, case.compositions)
    found = classic_calibration(mechanism, case.delta, 40)
    with mpmath.workdps(50):
        epsilon = mpmath.sqrt(2 * mpmath.log(mp(Fraction(5, 4) / case.delta)) * mp(mechanism.mu_squared))
    assert holds(found.epsilon.enclosure, epsilon)
    truth = gaussian_delta(mechanism.mu_squared, epsilon)
    if to_fraction(truth) > Fraction(1, 10**30):  # 40 places hold 10 digits of it at least
        assert holds(found.true_delta.enclosure, truth)
    if found.covered:
        assert found.holds
        assert found.ratio.upper < 1


def test_a_bad_delta_is_refused() -> None:
    with pytest.raises(ValueError, match=r"\(0, 1\)"):
        classic_calibration(GaussianMechanism(Fraction(1), Fraction(1)), Fraction(0))
