"""Group privacy on randomized response, where the group really is g people.

Properties (each a test below):
  G1  hand values for g = 2 at p = 3/4: the group's channel, its exact δ* at the chain's α,
      and the chain bounds beside it.
  G2  the exact pure ε of the group is g·ln(p/(1 - p)), the pure chain's (gε, 0) exactly.
  G3  every chain bound holds against the exact profile of the group, for every p, g and
      single-person point (α₁, δ*(α₁)) on a grid (hypothesis), and the sum is at most the
      textbook bound.
  G4  the people outside the group cancel: adding their responses changes no δ*.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.channels import fresh_counts
from generator.core.finite_channel import FiniteChannel, product
from generator.core.group_privacy import approximate_chain, geometric_chain, pure_chain
from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon


def rr(p: Fraction) -> FiniteChannel:
    return fresh_counts(p, 1)


def test_two_people_at_three_quarters() -> None:
    group = fresh_counts(Fraction(3, 4), 2)
    assert group.distribution0 == (Fraction(9, 16), Fraction(6, 16), Fraction(1, 16))
    exact = Profile(group)
    assert pure_chain(Fraction(3), 2) == 9
    assert exact.delta(Fraction(9)) == 0
    # One person at α₁ = 5/2 needs δ₁ = 3/4 - (5/2)(1/4) = 1/8.
    assert Profile(rr(Fraction(3, 4))).delta(Fraction(5, 2)) == Fraction(1, 8)
    assert approximate_chain(Fraction(5, 2), Fraction(1, 8), 2).delta == 2 * Fraction(5, 2) * Fraction(1, 8)
    assert geometric_chain(Fraction(5, 2), Fraction(1, 8), 2).delta == (1 + Fraction(5, 2)) / 8
    assert exact.delta(Fraction(25, 4)) == (Fraction(9, 16) - Fraction(25, 4) / 16) == Fraction(11, 64)
    # At α₁ = 2 (δ₁ = 1/4) the textbook bound is 2·2·(1/4) = 1: it says nothing; exactly 5/16.
    assert approximate_chain(Fraction(2), Fraction(1, 4), 2).delta == 1
    assert exact.delta(Fraction(4)) == Fraction(5, 16)


@given(
    st.fractions(min_value=Fraction(1, 2), max_value=Fraction(99, 100), max_denominator=100),
    st.integers(1, 8),
)
def test_the_groups_pure_epsilon_is_g_times_one_persons(p: Fraction, g: int) -> None:
    single = channel_pure_epsilon(rr(p)).max_likelihood_ratio
    assert single == p / (1 - p)
    assert channel_pure_epsilon(fresh_counts(p, g)).max_likelihood_ratio == pure_chain(single, g)


@settings(max_examples=150, deadline=None)
@given(
    st.fractions(min_value=Fraction(51, 100), max_value=Fraction(99, 100), max_denominator=100),
    st.integers(1, 8),
    st.fractions(min_value=0, max_value=1, max_denominator=20),
)
def test_every_chain_bound_holds_against_the_exact_group(p: Fraction, g: int, share: Fraction) -> None:
    # A single-person point on the way from α₁ = 1 to the pure α = p/(1 - p).
    alpha1 = 1 + share * (p / (1 - p) - 1)
    delta1 = Profile(rr(p)).delta(alpha1)
    exact = Profile(fresh_counts(p, g)).delta(alpha1**g)
    tight, textbook = geometric_chain(alpha1, delta1, g), approximate_chain(alpha1, delta1, g)
    assert tight.alpha == textbook.alpha == alpha1**g
    assert exact <= tight.delta <= textbook.delta


def test_people_outside_the_group_cancel() -> None:
    group = fresh_counts(Fraction(3, 4), 2)
    others = FiniteChannel(("0", "1"), (2, 3), (2, 3), 5, (0, 1))  # the same law in both worlds
    with_others = Profile(product(group, others))
    for alpha in (Fraction(1), Fraction(2), Fraction(4), Fraction(9)):
        assert with_others.delta(alpha) == Profile(group).delta(alpha)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: pure_chain(Fraction(1, 2), 2), "α must be"),
        (lambda: approximate_chain(Fraction(2), Fraction(2), 2), "δ must be"),
        (lambda: geometric_chain(Fraction(2), Fraction(0), 0), "group size"),
    ],
)
def test_bad_groups_are_refused(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]
