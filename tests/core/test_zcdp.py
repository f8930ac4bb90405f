"""zCDP (Bun & Steinke 2016): ρ of the Gaussian, composition, and both conversions both ways.

Properties checked:
  - hand values: ρ = kΔ²/(2σ²), ρ's add, Prop 1.3's ε;
  - Prop 1.3 is the classic RDP conversion at its best real order (and a hair below the
    rational order's); the tighter conversion is the RDP one on the line αρ;
  - the inverses: the ρ found gives back ε (Prop 1.3 exactly, Cor 13 at its order), and a
    slightly larger ρ gives more than ε, so the ρ is (nearly) the largest;
  - a second route: Prop 1.3 and its inverse in mpmath at 50 digits.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.certified import certify, enclosure, precision
from generator.core.gaussian import GaussianMechanism
from generator.core.renyi import classic_bound, tight_bound, tight_conversion
from generator.core.zcdp import Zcdp, rho_for_epsilon, tight_rho_for_epsilon
from tests.core.mp_oracles import holds, mp

FIVE = Fraction(1, 10**5)
TEN = Fraction(1, 10**10)


def test_rho_of_the_gaussian_and_composition() -> None:
    mechanism = GaussianMechanism(Fraction(2), Fraction(3), 4)
    assert Zcdp.from_gaussian(mechanism).rho == Fraction(8, 9)  # 4·4/(2·9)
    assert Zcdp(Fraction(1, 3)).compose(Zcdp(Fraction(1, 6)), Zcdp(Fraction(1, 2))).rho == 1


def test_prop_1_3_hand_value() -> None:
    # ρ = 1, δ = 10⁻⁵: 1 + 2√(ln 10⁵) = 7.78620…
    assert Zcdp(Fraction(1)).epsilon(FIVE).decimal == "7.786"


@pytest.mark.parametrize("rho", [Fraction(1, 10**4), Fraction(1, 5), Fraction(2), Fraction(10**4)])
@pytest.mark.parametrize("delta", [Fraction(1, 10**12), TEN, FIVE])
def test_prop_1_3_is_the_classic_rdp_minimum(rho: Fraction, delta: Fraction) -> None:
    closed = Zcdp(rho).epsilon(delta, 12)
    with mpmath.workdps(50):
        truth = mp(rho) + 2 * mpmath.sqrt(mp(rho) * mpmath.log(1 / mp(delta)))
    assert holds(closed.enclosure, truth)
    at_order = classic_bound(rho, delta, 12).epsilon
    assert closed.lower <= at_order.upper
    assert at_order.lower - closed.upper <= closed.upper / 10**10
    assert Zcdp(rho).tight_epsilon(delta, 12) == tight_bound(rho, delta, 12)


@pytest.mark.parametrize("epsilon", [Fraction(1, 10), Fraction(1), Fraction(1961, 100), Fraction(1000)])
@pytest.mark.parametrize("delta", [Fraction(1, 10**12), TEN, FIVE])
def test_prop_1_3_inverse(epsilon: Fraction, delta: Fraction) -> None:
    found = rho_for_epsilon(epsilon, delta, 12)
    with mpmath.workdps(50):
        log = mpmath.log(1 / mp(delta))
        truth = (mpmath.sqrt(mp(epsilon) + log) - mpmath.sqrt(log)) ** 2
    assert holds(found.rho.enclosure, truth)
    assert (
        Zcdp(found.rho.lower).epsilon(delta, 12).lower
        <= epsilon
        <= Zcdp(found.rho.upper).epsilon(delta, 12).upper
    )
    assert found.order is None


@pytest.mark.parametrize("epsilon", [Fraction(1, 10), Fraction(1), Fraction(1961, 100), Fraction(1000)])
@pytest.mark.parametrize("delta", [Fraction(1, 10**12), TEN, FIVE])
def test_tight_inverse_is_the_largest_rho(epsilon: Fraction, delta: Fraction) -> None:
    found = tight_rho_for_epsilon(epsilon, delta, 9)
    assert found.order is not None
    order = found.order
    # at its order, ρ = R(α) converts to exactly ε …
    back = certify(lambda: tight_conversion(order, order * found.rho.lower, delta), 9)
    assert back.lower <= epsilon + Fraction(1, 10**8)
    # … and a ρ one part in 10⁶ larger gives more than ε, even at its own best order
    larger = tight_bound(found.rho.upper * (1 + Fraction(1, 10**6)), delta, 9)
    assert larger.epsilon.lower > epsilon
    # the tighter conversion allows a larger ρ than Prop 1.3
    assert found.rho.lower > rho_for_epsilon(epsilon, delta, 9).rho.upper


def test_claims_round_toward_safety() -> None:
    found = tight_rho_for_epsilon(Fraction(1714, 100), TEN)
    assert Fraction(found.claim) <= found.rho.lower
    assert Fraction(Zcdp(Fraction(found.claim)).tight_epsilon(TEN).claim) >= Fraction(1714, 100) - Fraction(
        1, 100
    )


rhos = st.fractions(min_value=Fraction(1, 1000), max_value=Fraction(1000), max_denominator=1000)


@given(rhos, rhos, st.sampled_from([Fraction(1, 10**12), TEN, FIVE, Fraction(1, 10)]))
def test_tight_never_worse_than_prop_1_3(one: Fraction, two: Fraction, delta: Fraction) -> None:
    composed = Zcdp(one).compose(Zcdp(two))
    assert composed.tight_epsilon(delta).epsilon.lower <= composed.epsilon(delta).upper
    assert composed.epsilon(delta).lower <= (Zcdp(one).epsilon(delta).upper + Zcdp(two).epsilon(delta).upper)


@pytest.mark.parametrize("rho", [0, -1, 0.5])
def test_bad_rho_is_refused(rho: object) -> None:
    with pytest.raises(ValueError, match="must be"):
        Zcdp(rho)  # type: ignore[arg-type]


def test_bad_epsilon_is_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        rho_for_epsilon(Fraction(0), FIVE)
    with pytest.raises(ValueError, match="positive"):
        tight_rho_for_epsilon(Fraction(-1), FIVE)


def test_prop_1_3_read_at_epsilon_is_its_inverse() -> None:
    """δ = e^{-(ε - ρ)²/(4ρ)}: at ρ = 1/2, ε = 4 it is e^{-6.125}; at ε <= ρ no δ below 1;
    and at the ε that Prop 1.3 gives for δ it gives δ back."""
    zcdp = Zcdp(Fraction(1, 2))
    with mpmath.workdps(50):
        assert holds(enclosure(zcdp.delta_ball(Fraction(4))), mpmath.exp(mpmath.mpf("-6.125")))
    assert zcdp.delta_ball(Fraction(1, 2)) == 1
    assert zcdp.delta_ball(Fraction(0)) == 1
    target = Fraction(1, 10**5)
    found = zcdp.epsilon(target, 30)
    # δ falls as ε rises: δ at the upper end is below the target, at the lower end above it
    with precision(256):
        assert (
            enclosure(zcdp.delta_ball(found.upper)).upper
            <= target
            <= enclosure(zcdp.delta_ball(found.lower)).lower
        )
