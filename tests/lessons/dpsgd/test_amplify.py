"""The amplification lab's records (generator/lessons/dpsgd/records.py's ``amplify_record``),
held to hand values and to the subsampling lemma.

- the catalogue rows by hand: at α₀ = 3, q = 1/100 the sampled answer is 1 with probability
  51/200 against 1/4, so δ*(1) is their distance 1/200, the amplified α is 51/50, and without
  sampling δ*(1) = 3/4 − 1/4 = 1/2;
- the lemma, derived: with P_s = (1 − q)Q + qP against Q,
  Σ[P_s − αQ]₊ = q·Σ[P − (1 + (α − 1)/q)Q]₊ <= q·δ*(α), and the other direction likewise, so
  δ*_sampled(α) <= q·δ*_unsampled(α) for every α >= 1; and δ*_sampled(α) = 0 from
  α = 1 + q(α₀ − 1) on, the pure ε being ln of that α exactly.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from generator.lessons.dpsgd import LESSON
from generator.lessons.dpsgd.records import amplify_record


def test_the_catalogue_rows_by_hand() -> None:
    shown = LESSON.record("amplify-abadi")
    assert shown["required"] == Fraction(1, 200)
    assert shown["required_unsampled"] == Fraction(1, 2)
    assert shown["ratio"] == Fraction(51, 50)
    assert shown["sampled"]["exact"] == "ln(51/50)"
    assert shown["unsampled"]["exact"] == "ln(3)"
    half = LESSON.record("amplify-half")  # q = 1/2: P_s(1) = 1/2 against 1/4
    assert half["ratio"] == 2
    assert half["required"] == Fraction(1, 8)  # 1/2 − 1.5 · 1/4 at the output 1


alphas0 = st.integers(1000, 100_000).map(lambda n: Fraction(n, 1000))
rates = st.integers(1, 1000).map(lambda n: Fraction(n, 1000))
alphas = st.integers(10, 1000).map(lambda n: Fraction(n, 10))


@given(alphas0, rates, alphas)
def test_sampling_shrinks_the_profile_by_q_at_least(alpha0: Fraction, q: Fraction, alpha: Fraction) -> None:
    shown = amplify_record(alpha0, q, alpha)
    assert 0 <= shown["required"] <= q * shown["required_unsampled"]
    if alpha >= shown["ratio"]:
        assert shown["required"] == 0
    assert shown["sampled"]["max_ratio"] == shown["ratio"] or alpha0 == 1
