"""Exact upper tails of a binomial law by binary splitting, against the term-by-term sum.

Properties: hand values; every tail Σ_{c=m}^{k} C(k,c) u^c v^(k-c) equals the naive sum of
``math.comb`` terms (hypothesis), the whole sum is (u + v)^k, and a tail past k is 0.
"""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from generator.core.binomial_tails import term, upper_tail


def naive_tail(k: int, m: int, u: int, v: int) -> int:
    return sum(math.comb(k, c) * u**c * v ** (k - c) for c in range(m, k + 1))


def test_hand_values() -> None:
    # k = 3, u = 11, v = 10: the terms 1000, 3300, 3630, 1331
    assert [term(3, c, 11, 10) for c in range(4)] == [1000, 3300, 3630, 1331]
    assert upper_tail(3, 2, 11, 10) == 3630 + 1331
    assert upper_tail(3, 3, 11, 10) == 1331
    assert upper_tail(3, 4, 11, 10) == 0
    assert upper_tail(3, 0, 11, 10) == 21**3


@given(st.integers(1, 300), st.integers(0, 301), st.integers(1, 1000), st.integers(1, 1000))
def test_every_tail_is_the_naive_sum(k: int, m: int, u: int, v: int) -> None:
    assert upper_tail(k, m, u, v) == naive_tail(k, m, u, v)
    assert upper_tail(k, 0, u, v) == (u + v) ** k
