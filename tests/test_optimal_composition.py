"""The optimal composition of k (ln α₀, δ₀)-DP steps, held to hand values and a naive oracle.

Properties (each a test below):
  O1  hand values: two (ln 3, 0.6) steps at α = 9 need exactly 21/25 = 0.84; with δ₀ = 0 the
      optimum is the profile of k fresh responses; one step at α₀ needs δ₀; α₀ = 1 gives
      1 − (1 − δ₀)^k at every α.
  O2  the oracle: the explicit k-fold product of Kairouz, Oh and Viswanath's four-output
      mechanism (reveal x with probability δ₀, else a randomized response with p/(1 − p) = α₀),
      its δ* summed output by output in both directions, equals the core's value (hypothesis).
  O3  that mechanism is itself (ln α₀, δ₀)-DP, and no less: its δ*(α₀) is δ₀.
  O4  the sandwich: k fresh responses whose single response needs δ₀ at α₀ need at most the
      optimum at every α, and the optimum at α₀^k is at most the basic theorem's min(1, kδ₀).
  O5  the optimum does not increase with α, and it is an exact Fraction.
  O6  fresh_counts, its randomized response, is the fresh mode at an integer percent and the
      binomial law at any rational truth probability.
  O7  basic composition of pure steps multiplies their α; a step with no finite ε has none.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.composition import compose, pure_bound
from generator.core.optimal_composition import OptimalComposition, optimal_delta
from generator.core.profile import Profile
from tests.oracles import naive_delta_of

alphas = st.fractions(min_value=1, max_value=30, max_denominator=12)
step_alphas = st.fractions(min_value=1, max_value=9, max_denominator=6)
step_deltas = st.fractions(min_value=0, max_value=1, max_denominator=10)


def revealing_mechanism(alpha0: Fraction, delta0: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """Kairouz et al.'s worst (ln α₀, δ₀) step: outputs "x is 0", "says 0", "says 1", "x is 1"."""
    p = alpha0 / (1 + alpha0)
    keep = 1 - delta0
    law0 = [delta0, keep * p, keep * (1 - p), Fraction(0)]
    law1 = [Fraction(0), keep * (1 - p), keep * p, delta0]
    return law0, law1


def product_delta(alpha0: Fraction, delta0: Fraction, k: int, alpha: Fraction) -> Fraction:
    """δ*(α) of k independent copies of the revealing mechanism, over all 4^k outputs."""
    law0, law1 = revealing_mechanism(alpha0, delta0)
    outputs = list(itertools.product(range(4), repeat=k))
    dist0 = [math.prod((law0[i] for i in z), start=Fraction(1)) for z in outputs]
    dist1 = [math.prod((law1[i] for i in z), start=Fraction(1)) for z in outputs]
    return naive_delta_of(dist0, dist1, alpha)


def test_two_steps_of_ln3_and_0_6_at_ln9_need_21_25() -> None:
    optimal = OptimalComposition(Fraction(3), Fraction(3, 5), 2)
    assert optimal.truth_probability == Fraction(3, 4)
    assert optimal.no_reveal == Fraction(4, 25)  # (1 − 0.6)²
    assert optimal.rr_delta(Fraction(9)) == 0
    assert optimal.delta(Fraction(9)) == Fraction(21, 25)
    assert optimal_delta(Fraction(3), Fraction(3, 5), 2, Fraction(9)) == Fraction(21, 25)
    assert product_delta(Fraction(3), Fraction(3, 5), 2, Fraction(9)) == Fraction(21, 25)


def test_the_lessons_example_sits_between_its_channel_and_the_basic_theorem() -> None:
    panel = compose(Profile(channels.fresh(90, 2)), Fraction(3))
    assert (panel.delta0, panel.composed_alpha) == (Fraction(3, 5), Fraction(9))
    assert panel.exact_delta == Fraction(18, 25) < Fraction(21, 25) < panel.theorem_delta == 1


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_with_no_delta_the_optimum_is_k_fresh_responses(k: int) -> None:
    optimal = OptimalComposition(Fraction(3), Fraction(0), k)
    fresh = Profile(channels.fresh(75, k))
    for alpha in (Fraction(1), Fraction(2), Fraction(3), Fraction(9), Fraction(27), Fraction(100)):
        assert optimal.delta(alpha) == fresh.delta(alpha), alpha


def test_one_step_needs_its_delta_at_its_own_alpha_and_alpha0_one_reveals_only() -> None:
    assert optimal_delta(Fraction(57, 10), Fraction(1, 7), 1, Fraction(57, 10)) == Fraction(1, 7)
    for alpha in (Fraction(1), Fraction(5), Fraction(1000)):
        assert optimal_delta(Fraction(1), Fraction(1, 10), 3, alpha) == 1 - Fraction(9, 10) ** 3


@given(step_alphas, step_deltas, st.integers(min_value=1, max_value=3), alphas)
def test_the_core_equals_the_explicit_product_of_the_revealing_mechanism(
    alpha0: Fraction, delta0: Fraction, k: int, alpha: Fraction
) -> None:
    assert optimal_delta(alpha0, delta0, k, alpha) == product_delta(alpha0, delta0, k, alpha)


@given(step_alphas, step_deltas)
def test_the_revealing_mechanism_is_exactly_an_alpha0_delta0_step(alpha0: Fraction, delta0: Fraction) -> None:
    law0, law1 = revealing_mechanism(alpha0, delta0)
    assert naive_delta_of(law0, law1, alpha0) == delta0


@given(st.integers(min_value=0, max_value=100), st.integers(min_value=1, max_value=5), step_alphas, alphas)
def test_any_fresh_release_needs_at_most_the_optimum_which_needs_at_most_the_bound(
    p: int, k: int, alpha0: Fraction, alpha: Fraction
) -> None:
    delta0 = Profile(channels.fresh(p, 1)).delta(alpha0)
    optimal = OptimalComposition(alpha0, delta0, k)
    assert Profile(channels.fresh(p, k)).delta(alpha) <= optimal.delta(alpha)
    assert optimal.delta(alpha0**k) <= min(Fraction(1), k * delta0)


@given(step_alphas, step_deltas, st.integers(min_value=1, max_value=6), alphas, alphas)
def test_the_optimum_does_not_grow_with_alpha(
    alpha0: Fraction, delta0: Fraction, k: int, a: Fraction, b: Fraction
) -> None:
    low, high = sorted((a, b))
    optimal = OptimalComposition(alpha0, delta0, k)
    assert isinstance(optimal.delta(low), Fraction)
    assert optimal.delta(high) <= optimal.delta(low)


@pytest.mark.parametrize(
    ("alpha0", "delta0", "k", "message"),
    [
        (0.5, Fraction(0), 1, "α must be an exact rational"),
        (Fraction(1, 2), Fraction(0), 1, "α must be an exact rational"),
        (Fraction(3), 0.1, 2, "δ must be an exact rational"),
        (Fraction(3), Fraction(2), 2, "δ must be an exact rational"),
        (Fraction(3), Fraction(0), 0, "k must be an integer"),
        (Fraction(3), Fraction(0), True, "k must be an integer"),
    ],
)
def test_bad_steps_are_refused(alpha0: object, delta0: object, k: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        OptimalComposition(alpha0, delta0, k)  # type: ignore[arg-type]


@pytest.mark.parametrize("p", [50, 51, 75, 90, 100])
@pytest.mark.parametrize("k", [1, 2, 5])
def test_fresh_counts_is_the_fresh_mode_at_an_integer_percent(p: int, k: int) -> None:
    general = channels.fresh_counts(Fraction(p, 100), k)
    fresh = channels.fresh(p, k)
    assert (general.distribution0, general.distribution1) == (fresh.distribution0, fresh.distribution1)
    assert general.ratio_order == fresh.ratio_order


@given(st.fractions(min_value=Fraction(1, 2), max_value=1, max_denominator=40), st.integers(1, 6))
def test_fresh_counts_follows_the_binomial_law(truth: Fraction, k: int) -> None:
    channel = channels.fresh_counts(truth, k)
    expected0 = [math.comb(k, t) * (1 - truth) ** t * truth ** (k - t) for t in range(k + 1)]
    assert list(channel.distribution0) == expected0
    assert list(channel.distribution1) == expected0[::-1]


@pytest.mark.parametrize(
    ("truth", "k", "message"),
    [(Fraction(1, 3), 2, "truth probability"), (0.75, 2, "truth probability"), (Fraction(3, 4), 0, "k must")],
)
def test_fresh_counts_refuses_what_it_cannot_order(truth: object, k: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        channels.fresh_counts(truth, k)  # type: ignore[arg-type]


def test_basic_composition_of_pure_steps_multiplies_their_alphas() -> None:
    assert pure_bound([Fraction(3), Fraction(3)]) == 9
    assert pure_bound([Fraction(3), Fraction(1), Fraction(57, 10)]) == Fraction(171, 10)
    assert pure_bound([Fraction(3), None]) is None
    assert pure_bound([]) == 1
    with pytest.raises(ValueError, match="α must be"):
        pure_bound([Fraction(1, 2)])
