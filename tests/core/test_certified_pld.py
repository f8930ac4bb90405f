"""The certified bracket on DP-SGD's optimal ε, against independent oracles and the accountants.

Properties checked:
- for T = 1, 2, 3, in both directions and two settings, each direction's proven ends bracket its
  ε_d: δ_T(lower) >= δ >= δ_T(upper) by the oracle (mpmath in closed form at T = 1; Gauss–Legendre
  integration at T = 2 and 3, itself checked against mpmath's recursion at T = 2);
- q = 1 is the Gaussian, whose composed ε solves Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ with
  μ = √T/σ (Balle and Wang 2018, Thm 8): the bracket holds it for T up to 300;
- the bracket is at most the asked width, and consistent with ε* falling in σ and rising in q and
  T (a bracket of a more private setting never lies wholly above one of a less private setting);
- a direction that cannot matter is not refined (Abadi et al.'s add direction);
- long (``COMPOSITION_LAB_LONG=1``): for Abadi et al.'s example and (q, σ, T) = (0.01, 1.1, 1000),
  (0.01, 4, 1000), the lower end is at most dp_accounting's pessimistic PLD estimate at
  discretization 10⁻⁵ and the upper end at least prv_accountant's lower end.
"""

from __future__ import annotations

import math
import os
import warnings
from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest

from generator.core.certified_pld import Accuracy, direction_bound, epsilon_bracket
from generator.core.lattice_pld import Side
from generator.core.subsampled_gaussian import Direction, SubsampledGaussian
from tests.core.sampled_gaussian_oracle import Pair, delta_at, float_delta, to_mpf

LONG = os.environ.get("COMPOSITION_LAB_LONG") == "1"
DELTA = Fraction(1, 1000)
SETTINGS = [(Fraction(1, 2), Fraction(1)), (Fraction(1, 10), Fraction(3, 5))]


def ends(q: Fraction, sigma: Fraction, direction: Direction, steps: int) -> tuple[Fraction, Fraction]:
    """One direction's two proven ends at a lattice step that gives a bracket about 10⁻⁴ wide."""
    step = Fraction(1, math.isqrt(25_000 * steps) + 1)
    accuracy = Accuracy.for_query(steps, DELTA, Fraction(1, 10**4))
    mechanism = SubsampledGaussian(q, sigma)
    lower = direction_bound(mechanism, direction, Side.LOWER, steps, DELTA, step, accuracy)
    upper = direction_bound(mechanism, direction, Side.UPPER, steps, DELTA, step, accuracy)
    assert upper is not None
    assert lower is not None
    assert lower <= upper
    return lower, upper


@pytest.mark.parametrize(("q", "sigma"), SETTINGS)
@pytest.mark.parametrize("direction", list(Direction))
def test_one_step_is_bracketed(q: Fraction, sigma: Fraction, direction: Direction) -> None:
    lower, upper = ends(q, sigma, direction, 1)
    oracle = Pair(q, sigma, str(direction))
    assert delta_at(oracle, 1, lower) >= to_mpf(DELTA) >= delta_at(oracle, 1, upper)


@pytest.mark.parametrize(("q", "sigma"), SETTINGS)
@pytest.mark.parametrize("direction", list(Direction))
@pytest.mark.parametrize("steps", [2, 3])
def test_two_and_three_steps_are_bracketed(
    q: Fraction, sigma: Fraction, direction: Direction, steps: int
) -> None:
    lower, upper = ends(q, sigma, direction, steps)
    assert upper - lower < Fraction(1, 10**2)  # wider near the add loss's ceiling (T·ceiling = 0.32)
    # the oracle's relative error (below 10⁻⁷) is far below δ's change across the bracket
    above = float_delta(q, sigma, str(direction), steps, float(lower))
    below = float_delta(q, sigma, str(direction), steps, float(upper))
    assert above >= float(DELTA) * (1 + 1e-6) or lower == 0
    assert below <= float(DELTA) * (1 - 1e-6)


@pytest.mark.parametrize("direction", list(Direction))
def test_the_float_oracle_is_mpmaths_recursion_at_two_steps(direction: Direction) -> None:
    q, sigma, epsilon = Fraction(1, 10), Fraction(3, 5), Fraction(1, 10)
    exact = delta_at(Pair(q, sigma, str(direction)), 2, epsilon)
    found = float_delta(q, sigma, str(direction), 2, float(epsilon))
    assert abs(found - float(exact)) <= 1e-7 * float(exact)


def gaussian_epsilon(sigma: Fraction, steps: int, delta: Fraction) -> mpmath.mpf:
    with mpmath.workdps(30):
        mu = mpmath.sqrt(steps) * sigma.denominator / sigma.numerator
        target = to_mpf(delta)

        def excess(e: mpmath.mpf) -> mpmath.mpf:
            return mpmath.ncdf(-e / mu + mu / 2) - mpmath.exp(e) * mpmath.ncdf(-e / mu - mu / 2) - target

        low, high = mpmath.mpf(0), 4 * mu + 10  # excess(low) > 0 > excess(high): bisect
        for _ in range(120):
            middle = (low + high) / 2
            low, high = (middle, high) if excess(middle) > 0 else (low, middle)
        return low


@pytest.mark.parametrize(("sigma", "steps"), [(Fraction(1), 1), (Fraction(2), 10), (Fraction(8), 300)])
def test_the_full_batch_is_the_gaussian_mechanism(sigma: Fraction, steps: int) -> None:
    found = epsilon_bracket(SubsampledGaussian(Fraction(1), sigma), steps, Fraction(1, 10**5))
    truth = gaussian_epsilon(sigma, steps, Fraction(1, 10**5))
    assert to_mpf(found.epsilon.lower) <= truth <= to_mpf(found.epsilon.upper)
    assert found.epsilon.width <= Fraction(1, 10**4)
    remove, add = found.directions
    assert (remove.lower, remove.upper) == (add.lower, add.upper)  # one pair, computed once


@pytest.mark.parametrize("width", [Fraction(1, 100), Fraction(1, 10**5)])
def test_the_bracket_is_as_narrow_as_asked(width: Fraction) -> None:
    found = epsilon_bracket(
        SubsampledGaussian(Fraction(1, 20), Fraction(3, 2)), 100, Fraction(1, 10**5), width
    )
    assert 0 < found.epsilon.width <= width


def bracket(q: Fraction, sigma: Fraction, steps: int) -> tuple[Fraction, Fraction]:
    found = epsilon_bracket(SubsampledGaussian(q, sigma), steps, Fraction(1, 10**5), Fraction(1, 10**4))
    return found.epsilon.lower, found.epsilon.upper


def test_more_privacy_never_brackets_above_less() -> None:
    base = bracket(Fraction(1, 20), Fraction(3, 2), 50)
    for other in (
        bracket(Fraction(1, 20), Fraction(8, 5), 50),  # more noise
        bracket(Fraction(1, 25), Fraction(3, 2), 50),  # a smaller batch
        bracket(Fraction(1, 20), Fraction(3, 2), 40),  # fewer steps
    ):
        assert other[0] <= base[1]
        assert other[1] < base[1]  # and at these gaps the bracket moves the same way


def test_a_direction_below_the_other_is_not_refined() -> None:
    found = epsilon_bracket(SubsampledGaussian(Fraction(1, 100), Fraction(4)), 1000, Fraction(1, 10**5))
    remove, add = found.directions
    assert add.lower == 0
    assert add.upper is not None
    assert add.upper < remove.lower
    assert found.epsilon.lower == remove.lower
    assert found.epsilon.upper == remove.upper


def test_bad_input_is_refused() -> None:
    mechanism = SubsampledGaussian(Fraction(1, 2), Fraction(1))
    with pytest.raises(ValueError, match="steps"):
        epsilon_bracket(mechanism, 0, DELTA)
    with pytest.raises(ValueError, match="delta"):
        epsilon_bracket(mechanism, 3, Fraction(0))
    with pytest.raises(ValueError, match="width"):
        epsilon_bracket(mechanism, 3, DELTA, Fraction(0))


PEERS = [(Fraction(1, 100), Fraction(4), 10_000), (Fraction(1, 100), Fraction(11, 10), 1000)]
PEERS.append((Fraction(1, 100), Fraction(4), 1000))


@pytest.mark.skipif(not LONG, reason="long: set COMPOSITION_LAB_LONG=1")
@pytest.mark.parametrize(("q", "sigma", "steps"), PEERS)
def test_the_peers_estimates_lie_where_they_must(q: Fraction, sigma: Fraction, steps: int) -> None:
    from dp_accounting import dp_event
    from dp_accounting.pld import pld_privacy_accountant
    from prv_accountant import (  # type: ignore[import-untyped]
        PoissonSubsampledGaussianMechanism,
        PRVAccountant,
    )

    found = epsilon_bracket(SubsampledGaussian(q, sigma), steps, Fraction(1, 10**5), Fraction(1, 10**5))
    event = dp_event.PoissonSampledDpEvent(float(q), dp_event.GaussianDpEvent(float(sigma)))
    pld = pld_privacy_accountant.PLDAccountant(value_discretization_interval=1e-5)
    pld.compose(dp_event.SelfComposedDpEvent(event, steps))
    pessimistic = pld.get_epsilon(1e-5)  # an upper estimate, from floats: at least our lower end
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mechanism = PoissonSubsampledGaussianMechanism(
            noise_multiplier=float(sigma), sampling_probability=float(q)
        )
        prv = PRVAccountant(
            prvs=[mechanism], eps_error=0.002, delta_error=1e-8, max_self_compositions=[steps]
        )
        prv_lower, _, prv_upper = prv.compute_epsilon(delta=1e-5, num_self_compositions=[steps])
    assert float(found.epsilon.lower) <= pessimistic
    assert float(found.epsilon.upper) >= prv_lower
    assert float(found.epsilon.lower) <= prv_upper
