"""The optimal composition of (ln αᵢ, δᵢ)-DP steps, held to hand values and naive oracles.

Properties (each a test below):
  O1  hand values: two (ln 3, 0.6) steps at α = 9 need exactly 21/25 = 0.84 and meet δ = 21/25
      from α = 9 on; with δ₀ = 0 the optimum is the profile of k fresh responses; one step at
      α₀ needs δ₀; α₀ = 1 gives 1 − (1 − δ₀)^k at every α; a target below the reveal mass
      alone is never met.
  O2  the oracle: the explicit k-fold product of Kairouz, Oh and Viswanath's four-output
      mechanism (reveal x with probability δ₀, else a randomized response with p/(1 − p) = α₀),
      its δ* summed output by output in both directions, equals the core's value (hypothesis).
  O3  that mechanism is itself (ln α₀, δ₀)-DP, and no less: its δ*(α₀) is δ₀.
  O4  the sandwich: k fresh responses whose single response needs δ₀ at α₀ need at most the
      optimum at every α, and the optimum at α₀^k is at most the basic theorem's min(1, kδ₀).
  O5  the optimum does not increase with α, and it is an exact Fraction.
  O6  the smallest α: with the responses merged by count and the reveals as two outputs, it
      is the least of the candidate lines' roots that meets δ by the naive sum; the
      binomial-tail path equals the generic inverse of the responses' profile at k up to 2 000.
  O7  steps of their own: k equal steps are the homogeneous composition, and any steps are
      the explicit product of the revealing mechanisms (hypothesis).
  O8  the optimum grows with k, δ₀ and α₀; the answer meets δ, and nothing smaller does.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import channels
from generator.core.channels import fresh_counts
from generator.core.composition import compose
from generator.core.optimal_composition import (
    HeterogeneousComposition,
    OptimalComposition,
    Step,
    optimal_delta,
)
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
    assert panel.theorem_delta is not None
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


targets = st.fractions(min_value=0, max_value=1, max_denominator=1000)
small_alphas = st.fractions(min_value=1, max_value=5, max_denominator=10)
small_deltas = st.fractions(min_value=0, max_value=Fraction(1, 2), max_denominator=20)


def merged_law(alpha0: Fraction, delta0: Fraction, k: int) -> tuple[list[Fraction], list[Fraction]]:
    """The k-fold worst case with the responses merged by count and the reveals by side."""
    responses = fresh_counts(alpha0 / (1 + alpha0), k)
    keep = (1 - delta0) ** k
    law0 = [keep * p for p in responses.distribution0] + [1 - keep, Fraction(0)]
    law1 = [keep * q for q in responses.distribution1] + [Fraction(0), 1 - keep]
    return law0, law1


def naive_smallest_alpha(law0: list[Fraction], law1: list[Fraction], delta: Fraction) -> Fraction | None:
    """Every root of a line A_S - α B_S = δ over prefixes S in ratio order, in both directions,
    and α = 1: the least candidate whose naive δ* is at most δ."""
    candidates = {Fraction(1)}
    for first, second in ((law0, law1), (law1, law0)):
        order = sorted(
            (i for i in range(len(first)) if first[i] or second[i]),
            key=lambda i: Fraction(first[i], first[i] + second[i]),
            reverse=True,
        )
        for m in range(1, len(order) + 1):
            a = sum(first[i] for i in order[:m])
            b = sum(second[i] for i in order[:m])
            if b and (a - delta) / b >= 1:
                candidates.add((a - delta) / b)
    meeting = [alpha for alpha in candidates if naive_delta_of(law0, law1, alpha) <= delta]
    return min(meeting) if meeting else None


def test_two_steps_of_ln3_and_0_6_meet_21_25_from_9_on() -> None:
    optimal = OptimalComposition(Fraction(3), Fraction(3, 5), 2)
    assert optimal.smallest_alpha(Fraction(21, 25)) == 9
    # On [1, 9] δ*_RR(α) = (9 - α)/16, so δ_opt(α) = 1 - (4/25)(7 + α)/16 = 1 - (7 + α)/100.
    assert optimal.smallest_alpha(Fraction(22, 25)) == 5
    # The reveals alone need 1 - (4/25) = 21/25.
    assert optimal.smallest_alpha(Fraction(21, 25) - Fraction(1, 10**9)) is None
    assert OptimalComposition(Fraction(3), Fraction(0), 1).smallest_alpha(Fraction(0)) == 3
    assert OptimalComposition(Fraction(3), Fraction(0), 1).smallest_alpha(Fraction(1, 2)) == 1


@settings(max_examples=150, deadline=None)
@given(small_alphas, small_deltas, st.integers(min_value=1, max_value=9), targets)
def test_the_smallest_alpha_is_the_naive_one(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    law0, law1 = merged_law(alpha0, delta0, k)
    assert OptimalComposition(alpha0, delta0, k).smallest_alpha(delta) == naive_smallest_alpha(
        law0, law1, delta
    )


@pytest.mark.parametrize(
    ("alpha0", "k"),
    [(Fraction(11, 10), 100), (Fraction(11, 10), 2000), (Fraction(3), 500), (Fraction(1001, 1000), 999)],
)
@pytest.mark.parametrize("delta", [Fraction(0), Fraction(1, 10**5), Fraction(1, 10**12), Fraction(1, 3)])
def test_the_tail_path_equals_the_generic_inverse(alpha0: Fraction, k: int, delta: Fraction) -> None:
    optimal = OptimalComposition(alpha0, Fraction(0), k)
    responses = Profile(fresh_counts(alpha0 / (1 + alpha0), k))
    alpha = optimal.smallest_alpha(delta)
    assert alpha == responses.smallest_alpha(delta)
    assert alpha is not None
    for probe in (Fraction(1), alpha, alpha * 2, Fraction(7, 2)):
        assert optimal.delta(probe) == responses.delta(probe)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(small_alphas, small_deltas), min_size=1, max_size=3), targets)
def test_heterogeneous_steps_are_the_product_of_revealing_mechanisms(
    pairs: list[tuple[Fraction, Fraction]], delta: Fraction
) -> None:
    steps = tuple(Step(alpha, d) for alpha, d in pairs)
    laws = [revealing_mechanism(alpha, d) for alpha, d in pairs]
    outputs = list(itertools.product(range(4), repeat=len(steps)))
    law0 = [math.prod((laws[i][0][z[i]] for i in range(len(z))), start=Fraction(1)) for z in outputs]
    law1 = [math.prod((laws[i][1][z[i]] for i in range(len(z))), start=Fraction(1)) for z in outputs]
    composition = HeterogeneousComposition(steps)
    for alpha in (Fraction(1), Fraction(2), Fraction(9, 2), Fraction(40)):
        assert composition.delta(alpha) == naive_delta_of(law0, law1, alpha)
    assert composition.smallest_alpha(delta) == naive_smallest_alpha(law0, law1, delta)
    assert composition.support_size <= 2 ** len(steps)


@settings(max_examples=60, deadline=None)
@given(small_alphas, small_deltas, st.integers(min_value=1, max_value=8), targets)
def test_equal_steps_are_the_homogeneous_composition(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    same = OptimalComposition(alpha0, delta0, k)
    mixed = HeterogeneousComposition(same.steps)
    assert mixed.smallest_alpha(delta) == same.smallest_alpha(delta)
    assert mixed.support_size == same.support_size
    assert mixed.loss() == same.loss()
    assert sum(same.loss().probabilities) + same.loss().infinite == 1


@settings(max_examples=80, deadline=None)
@given(small_alphas, small_deltas, st.integers(min_value=1, max_value=30), targets)
def test_the_optimum_grows_with_k_delta0_and_alpha0(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    def order(alpha: Fraction | None) -> Fraction:
        return Fraction(10**100) if alpha is None else alpha

    base = order(OptimalComposition(alpha0, delta0, k).smallest_alpha(delta))
    assert base <= order(OptimalComposition(alpha0, delta0, k + 1).smallest_alpha(delta))
    assert base <= order(
        OptimalComposition(alpha0, min(delta0 + Fraction(1, 50), Fraction(1)), k).smallest_alpha(delta)
    )
    assert base <= order(OptimalComposition(alpha0 + Fraction(1, 10), delta0, k).smallest_alpha(delta))


@settings(max_examples=80, deadline=None)
@given(small_alphas, small_deltas, st.integers(min_value=1, max_value=40), targets)
def test_the_answer_meets_delta_and_nothing_smaller_does(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    optimal = OptimalComposition(alpha0, delta0, k)
    alpha = optimal.smallest_alpha(delta)
    if alpha is None:
        assert optimal.delta(Fraction(10**60)) > delta
        return
    assert optimal.delta(alpha) <= delta
    if alpha > 1:
        assert optimal.delta(alpha - (alpha - 1) / 10**6) > delta
