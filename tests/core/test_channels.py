"""The randomized response of any rational truth probability (``fresh_counts``).

Properties: it is the fresh mode at an integer percent, it follows the binomial law at any
rational truth probability, and it refuses what it cannot order.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core import channels


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
