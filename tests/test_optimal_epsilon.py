"""The smallest α that meets a target δ, the heterogeneous composition, and the theorems beside it.

Properties (each a test below):
  E1  hand values: two (ln 3, 0.6) steps meet δ = 21/25 from α = 9 on; one pure step meets
      δ = 0 at α₀; a target above the reveal mass alone is never met.
  E2  the oracle: with the responses merged by count and the reveals as two outputs, the
      smallest α is the least of the candidate lines' roots that meets δ by the naive sum.
  E3  the binomial-tail path equals the generic inverse of the responses' profile, at k up to
      2 000 (both exact; they share no code past the threshold τ).
  E4  the heterogeneous composition of k equal steps is the homogeneous one, and of any
      steps it is the explicit product of the revealing mechanisms (hypothesis).
  E5  the optimum is at most the basic and the advanced theorem wherever they apply, and it
      grows with k, δ₀ and α₀.
  E6  the answer meets δ, and nothing smaller does.
"""

from __future__ import annotations

import itertools
import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.advanced_composition import advanced_epsilon, basic_composition
from generator.core.channels import fresh_counts
from generator.core.logarithm import ln_decimal
from generator.core.optimal_composition import HeterogeneousComposition, OptimalComposition, Step
from generator.core.profile import Profile
from tests.oracles import naive_delta_of
from tests.test_optimal_composition import revealing_mechanism

step_alphas = st.fractions(min_value=1, max_value=5, max_denominator=10)
step_deltas = st.fractions(min_value=0, max_value=Fraction(1, 2), max_denominator=20)
targets = st.fractions(min_value=0, max_value=1, max_denominator=1000)


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
@given(step_alphas, step_deltas, st.integers(min_value=1, max_value=9), targets)
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
@given(st.lists(st.tuples(step_alphas, step_deltas), min_size=1, max_size=3), targets)
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
@given(step_alphas, step_deltas, st.integers(min_value=1, max_value=8), targets)
def test_equal_steps_are_the_homogeneous_composition(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    same = OptimalComposition(alpha0, delta0, k)
    mixed = HeterogeneousComposition(same.steps)
    assert mixed.smallest_alpha(delta) == same.smallest_alpha(delta)
    assert mixed.support_size == same.support_size
    assert mixed.loss() == same.loss()
    assert sum(same.loss().probabilities) + same.loss().infinite == 1


def _not_above(a: str, b: str) -> bool:
    return Decimal(a) <= Decimal(b)


@settings(max_examples=80, deadline=None)
@given(
    st.fractions(min_value=Fraction(101, 100), max_value=3, max_denominator=100),
    st.sampled_from([Fraction(0), Fraction(1, 10**7), Fraction(1, 10**4)]),
    st.integers(min_value=1, max_value=60),
    st.sampled_from([Fraction(1, 10**5), Fraction(1, 100), Fraction(1, 3)]),
)
def test_the_optimum_is_within_both_theorems(
    alpha0: Fraction, delta0: Fraction, k: int, delta: Fraction
) -> None:
    optimal = OptimalComposition(alpha0, delta0, k)
    alpha = optimal.smallest_alpha(delta)
    basic = basic_composition(optimal.steps)
    if basic.delta <= delta:
        assert alpha is not None
        assert alpha <= basic.alpha
    if delta - basic.delta > 0:
        assert alpha is not None
        assert _not_above(ln_decimal(alpha), advanced_epsilon(optimal.steps, delta - basic.delta))


@settings(max_examples=80, deadline=None)
@given(step_alphas, step_deltas, st.integers(min_value=1, max_value=30), targets)
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
@given(step_alphas, step_deltas, st.integers(min_value=1, max_value=40), targets)
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
