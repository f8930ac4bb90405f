"""The composition panel (generator/core/composition.py): the basic theorem's bound beside the
exact δ, on the reference's exercise, and the property that the bound is never below the exact
value."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels
from generator.core.composition import compose, pure_bound
from generator.core.profile import Profile

F = Fraction


def profile(mode: str, p: int, k: int) -> Profile[channels.Channel]:
    return Profile(channels.build(mode, p, k))


def test_exercise_4_composition_at_p90_is_06_then_1_then_072() -> None:
    panel = compose(profile("fresh", 90, 2), F(3))
    assert panel.delta0 == F(6, 10)  # 0.9 − 3·0.1
    assert panel.queries == 2
    assert panel.composed_alpha == 9
    assert panel.theorem_delta == 1  # min(1, 1.2)
    assert panel.exact_delta == F(72, 100)  # 0.81 − 9·0.01


def test_copy_composes_as_one_query() -> None:
    panel = compose(profile("copy", 75, 12), F(3))
    assert panel.queries == 1
    assert panel.exact_delta == profile("fresh", 75, 1).delta(F(3))


def test_xor_has_no_bound() -> None:
    panel = compose(profile("xor", 75, 2), F(3))
    assert not panel.applies
    assert panel.theorem_delta is None
    assert panel.exact_delta is None


def test_pure_steps_multiply_their_ratios() -> None:
    assert pure_bound([F(3), F(3)]) == 9
    assert pure_bound([F(3), None]) is None
    assert pure_bound([]) == 1


@given(
    st.sampled_from(["fresh", "copy"]),
    st.integers(min_value=0, max_value=100),
    st.integers(min_value=1, max_value=30),
    st.fractions(min_value=1, max_value=200, max_denominator=1000),
)
def test_the_theorem_is_never_below_the_exact_value(mode: str, p: int, k: int, alpha0: Fraction) -> None:
    panel = compose(profile(mode, p, k), alpha0)
    assert panel.theorem_delta is not None
    assert panel.exact_delta is not None
    assert panel.theorem_delta >= panel.exact_delta
