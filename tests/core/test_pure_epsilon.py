"""The least pure ε of a release (generator/core/pure_epsilon.py): the reference's values, the
edges, and the property that it is the zero of the profile."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.channels import Mode
from generator.core.profile import Profile
from generator.core.pure_epsilon import PureKind, pure_epsilon


def test_two_fresh_responses_need_ln_9() -> None:
    pure = pure_epsilon(channels.fresh(75, 2))
    assert pure.describe() == "2·ln(3)"
    assert pure.max_likelihood_ratio == 9
    assert pure.decimal() == "2.197"
    assert pure_epsilon(channels.copy(75, 2)).describe() == "ln(3)"
    assert pure_epsilon(channels.copy(75, 2)).max_likelihood_ratio == 3


def test_the_edges() -> None:
    assert pure_epsilon(channels.fresh(50, 5)).kind is PureKind.ZERO
    assert pure_epsilon(channels.fresh(100, 2)).kind is PureKind.INFINITE
    assert pure_epsilon(channels.fresh(0, 2)).decimal() == "inf"
    assert pure_epsilon(channels.xor(50, 7)).kind is PureKind.INFINITE
    assert pure_epsilon(channels.fresh(25, 3)).describe() == "3·ln(3)"  # p < 1/2 by symmetry


@pytest.mark.parametrize(
    ("mode", "p", "k", "exact", "decimal"),
    [
        ("fresh", 75, 2, "2·ln(3)", "2.197"),
        ("fresh", 10, 3, "3·ln(9)", "6.592"),
        ("copy", 75, 100, "ln(3)", "1.099"),
        ("fresh", 50, 9, "0", "0"),
        ("fresh", 100, 2, "∞", "inf"),
        ("xor", 50, 1, "∞", "inf"),
    ],
)
def test_exact_text_and_decimal(mode: str, p: int, k: int, exact: str, decimal: str) -> None:
    pure = pure_epsilon(channels.build(Mode(mode), p, k))
    assert (pure.describe(), pure.decimal()) == (exact, decimal)


@given(
    st.sampled_from(["fresh", "copy", "xor"]),
    st.integers(min_value=0, max_value=100),
    st.integers(min_value=1, max_value=30),
)
def test_pure_epsilon_is_the_zero_of_the_profile(mode: str, p: int, k: int) -> None:
    channel = channels.build(mode, p, k)
    pure = pure_epsilon(channel)
    profile = Profile(channel)
    ratio = pure.max_likelihood_ratio
    if pure.kind is PureKind.INFINITE:
        assert ratio is None
        assert profile.delta(Fraction(10**12)) > 0
        return
    assert ratio is not None
    assert profile.delta(ratio) == 0
    if pure.kind is PureKind.FINITE:
        assert profile.delta(ratio - Fraction(1, 10**9)) > 0
