"""A claim (α, δ) checked against δ*(α) (generator/core/claim.py): the reference's exercises,
and the property that a claim passes exactly when δ >= δ*(α), decided by exact comparison."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.claim import check_claim
from generator.core.fields import parse_rational
from generator.core.profile import Profile

F = Fraction


def test_fresh_k2_claim_delta_zero_fails_at_alpha_3() -> None:
    result = check_claim(Profile(channels.fresh(75, 2)), F(3), F(0))
    assert not result.passes
    assert result.required.delta == F(3, 8)


def test_exercise_2_delta_0374_fails_and_0375_passes() -> None:
    fresh = Profile(channels.fresh(75, 2))
    assert not check_claim(fresh, F(3), parse_rational("0.374")).passes
    assert check_claim(fresh, F(3), parse_rational("0.375")).passes


@pytest.mark.parametrize(
    ("alpha", "delta", "named"), [(F(1, 2), F(0), "α"), (F(3), F(3, 2), "δ"), (F(3), F(-1), "δ")]
)
def test_a_claim_outside_its_domain_is_refused(alpha: Fraction, delta: Fraction, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        check_claim(Profile(channels.fresh(75, 2)), alpha, delta)


@given(
    st.sampled_from(["fresh", "copy", "xor"]),
    st.integers(min_value=0, max_value=100),
    st.integers(min_value=1, max_value=30),
    st.fractions(min_value=1, max_value=200, max_denominator=1000),
    st.fractions(min_value=0, max_value=1, max_denominator=10**6),
)
def test_a_claim_passes_iff_delta_covers(mode: str, p: int, k: int, alpha: Fraction, delta: Fraction) -> None:
    profile = Profile(channels.build(mode, p, k))
    assert check_claim(profile, alpha, delta).passes == (delta >= profile.delta(alpha))
