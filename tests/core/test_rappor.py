"""RAPPOR's guarantees, held to the published ε₁, mpmath, enumeration and post-processing.

Properties (each a test below):
  P1  the homepage parameters: q* = 21/32, p* = 19/32, e^ε₁ = (273/209)², ε₁ = 0.5343 as
      published; e^ε∞ = (5/3)⁴, ε∞ = 2.0433.
  P2  ε₁ and ε∞ against mpmath at 50 digits from the paper's formulas in f, p, q.
  P3  one bit's channels equal an enumeration of the PRR and IRR coins, memoised (one PRR
      for all reports) or not (one PRR per report).
  P4  the filter's pure ε is the exact one of repeated_alpha; without memoisation it is
      m·ε₁ (basic composition, tight); with it, ε₁ at m = 1, non-decreasing in m, below ε∞.
  P5  post-processing: the instantaneous bit's δ*(α) never exceeds the permanent bit's, and
      memoised reports of the whole filter never exceed the permanent filter's.
  P6  bad parameters are refused with ValueError.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.profile import Profile
from generator.core.pure_epsilon import channel_pure_epsilon
from generator.core.rappor import HOMEPAGE, Rappor

probabilities = st.fractions(min_value=0, max_value=1, max_denominator=8)


@st.composite
def parameters(draw: st.DrawFn) -> Rappor:
    f = draw(st.fractions(min_value=Fraction(1, 8), max_value=1, max_denominator=8))
    p, q = sorted(draw(st.lists(probabilities, min_size=2, max_size=2, unique=True)))
    return Rappor(draw(st.integers(min_value=1, max_value=3)), f, p, q)


def test_homepage_reproduces_the_published_epsilon_one() -> None:
    assert (HOMEPAGE.q_star, HOMEPAGE.p_star) == (Fraction(21, 32), Fraction(19, 32))
    assert HOMEPAGE.instantaneous_alpha == Fraction(273, 209) ** 2
    assert HOMEPAGE.epsilon_one() == "0.5343"
    assert HOMEPAGE.permanent_alpha == Fraction(5, 3) ** 4
    assert HOMEPAGE.epsilon_infinity() == "2.0433"


def mp(value: Fraction) -> mpmath.mpf:
    return mpmath.mpf(value.numerator) / value.denominator


@settings(max_examples=60)
@given(rappor=parameters())
def test_epsilons_against_mpmath(rappor: Rappor) -> None:
    with mpmath.workdps(50):
        f, p, q, h = mp(rappor.f), mp(rappor.p), mp(rappor.q), rappor.hashes
        q_star = f * (p + q) / 2 + (1 - f) * q
        p_star = f * (p + q) / 2 + (1 - f) * p
        one = h * mpmath.log(q_star * (1 - p_star) / (p_star * (1 - q_star)))
        infinity = 2 * h * mpmath.log((1 - f / 2) / (f / 2))
        assert abs(mpmath.log(mp(rappor.instantaneous_alpha)) - one) < mpmath.mpf(10) ** -40
        assert abs(mpmath.log(mp(rappor.permanent_alpha)) - infinity) < mpmath.mpf(10) ** -40


def enumerated_counts(rappor: Rappor, bit: int, reports: int, memoised: bool) -> list[Fraction]:
    """P(count of ones = t) by enumerating every PRR outcome and every IRR coin."""
    half = rappor.f / 2
    prr = {1: (1 - half) if bit else half, 0: half if bit else (1 - half)}  # P(B' = b' | B = bit)
    irr = {1: rappor.q, 0: rappor.p}  # P(S = 1 | B' = b')
    law = [Fraction(0)] * (reports + 1)
    draws = [(b,) * reports for b in (0, 1)] if memoised else list(itertools.product((0, 1), repeat=reports))
    for permanent in draws:
        weight = (
            math.prod((prr[b] for b in permanent), start=Fraction(1)) if not memoised else prr[permanent[0]]
        )
        for sent in itertools.product((0, 1), repeat=reports):
            chance = math.prod(
                (irr[b] if s else 1 - irr[b] for b, s in zip(permanent, sent, strict=True)), start=Fraction(1)
            )
            law[sum(sent)] += weight * chance
    return law


@pytest.mark.parametrize("reports", [1, 2, 3, 4])
@pytest.mark.parametrize("memoised", [True, False])
@pytest.mark.parametrize(
    "rappor",
    [
        HOMEPAGE,
        Rappor(1, Fraction(1, 2), Fraction(0), Fraction(1)),
        Rappor(2, Fraction(1), Fraction(1, 4), Fraction(1, 3)),
    ],
)
def test_bit_channel_is_the_enumeration(rappor: Rappor, reports: int, memoised: bool) -> None:
    channel = rappor.bit_channel(reports, memoised)
    assert list(channel.distribution0) == enumerated_counts(rappor, 0, reports, memoised)
    assert list(channel.distribution1) == enumerated_counts(rappor, 1, reports, memoised)


def test_one_report_is_q_star_against_p_star() -> None:
    channel = HOMEPAGE.bit_channel()
    assert channel.distribution1[1] == HOMEPAGE.q_star
    assert channel.distribution0[1] == HOMEPAGE.p_star
    assert HOMEPAGE.bit_channel(1, memoised=False) == channel


@pytest.mark.parametrize("rappor", [HOMEPAGE, Rappor(1, Fraction(1, 3), Fraction(1, 5), Fraction(4, 5))])
@pytest.mark.parametrize("reports", [1, 2, 3])
def test_filter_pure_epsilon_is_repeated_alpha(rappor: Rappor, reports: int) -> None:
    for memoised in (True, False):
        channel = rappor.filter_channel(rappor.bit_channel(reports, memoised))
        assert channel_pure_epsilon(channel).max_likelihood_ratio == rappor.repeated_alpha(reports, memoised)


@settings(max_examples=40)
@given(rappor=parameters(), reports=st.integers(min_value=1, max_value=12))
def test_memoisation_caps_repeated_reports(rappor: Rappor, reports: int) -> None:
    assert rappor.repeated_alpha(reports, memoised=False) == rappor.instantaneous_alpha**reports
    memoised = rappor.repeated_alpha(reports, memoised=True)
    assert rappor.repeated_alpha(1, memoised=True) == rappor.instantaneous_alpha
    assert rappor.repeated_alpha(reports + 1, memoised=True) >= memoised
    assert memoised <= rappor.permanent_alpha


def test_memoised_reports_approach_epsilon_infinity() -> None:
    # m = 50 memoised homepage reports: within 10⁻⁴ of ε∞ in the ratio, still strictly below it.
    alpha = HOMEPAGE.repeated_alpha(50, memoised=True)
    assert alpha < HOMEPAGE.permanent_alpha
    assert HOMEPAGE.permanent_alpha / alpha < 1 + Fraction(1, 10**4)


ALPHAS = [Fraction(1), Fraction(6, 5), Fraction(3, 2), Fraction(2), Fraction(5, 2), Fraction(4)]


@settings(max_examples=40)
@given(rappor=parameters(), alpha=st.fractions(min_value=1, max_value=8, max_denominator=10))
def test_instantaneous_bit_is_a_post_processing_of_the_permanent_bit(rappor: Rappor, alpha: Fraction) -> None:
    assert Profile(rappor.bit_channel()).delta(alpha) <= Profile(rappor.permanent_bit()).delta(alpha)


@pytest.mark.parametrize("reports", [1, 2, 3])
def test_memoised_filter_never_exceeds_the_permanent_filter(reports: int) -> None:
    permanent = Profile(HOMEPAGE.filter_channel(HOMEPAGE.permanent_bit()))
    memoised = Profile(HOMEPAGE.filter_channel(HOMEPAGE.bit_channel(reports, memoised=True)))
    for alpha in ALPHAS:
        assert memoised.delta(alpha) <= permanent.delta(alpha)


def test_fresh_reports_pass_epsilon_infinity() -> None:
    # 5·ε₁ = 2.67 > ε∞ = 2.04: at α = e^ε∞ the permanent filter and 5 memoised reports need no δ,
    # 5 reports with a fresh PRR each do.
    alpha = HOMEPAGE.permanent_alpha
    assert Profile(HOMEPAGE.filter_channel(HOMEPAGE.permanent_bit())).delta(alpha) == 0
    assert Profile(HOMEPAGE.filter_channel(HOMEPAGE.bit_channel(5, memoised=True))).delta(alpha) == 0
    assert Profile(HOMEPAGE.filter_channel(HOMEPAGE.bit_channel(5, memoised=False))).delta(alpha) > 0


@pytest.mark.parametrize(
    ("hashes", "f", "p", "q", "message"),
    [
        (0, Fraction(1, 2), Fraction(1, 2), Fraction(3, 4), "hash"),
        (True, Fraction(1, 2), Fraction(1, 2), Fraction(3, 4), "hash"),
        (2, Fraction(0), Fraction(1, 2), Fraction(3, 4), "f must"),
        (2, Fraction(3, 2), Fraction(1, 2), Fraction(3, 4), "f must"),
        (2, Fraction(1, 2), Fraction(3, 4), Fraction(1, 2), "p and q"),
        (2, Fraction(1, 2), Fraction(1, 2), Fraction(1, 2), "p and q"),
        (2, Fraction(1, 2), 0.5, Fraction(3, 4), "p and q"),
    ],
)
def test_bad_parameters_are_refused(hashes: int, f: Fraction, p: Fraction, q: Fraction, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rappor(hashes, f, p, q)


def test_bad_report_count_is_refused() -> None:
    with pytest.raises(ValueError, match="reports"):
        HOMEPAGE.bit_channel(0)
