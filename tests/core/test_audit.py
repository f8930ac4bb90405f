"""The audit's lower bound on ε, certified.

Properties (each a test below):
  A1  hand values of the least α of a test's exact rates, and its "no α" cases.
  A2  the certified ε_audit holds the value computed by mpmath at 50 digits from its
      Clopper–Pearson bounds (each at a/2), and is None when the counts certify nothing.
  A3  with the exact rates of any threshold test of k fresh responses and no sampling error,
      the bound never exceeds the mechanism's own ε at δ (the smallest α of its profile); the
      test on count k alone reaches the pure ε of the mechanism, k·ln α₀.
  A4  more true positives never lower ε_audit, more false positives never raise it.
  A5  bad input is refused.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.audit import audit, least_alpha
from generator.core.certified import fixed_decimal
from generator.core.events import TradeoffPoint
from generator.core.profile import Profile
from generator.core.tradeoff import FreshTradeoff

deltas = st.sampled_from([Fraction(0), Fraction(1, 100), Fraction(1, 10)])


def test_least_alpha_by_hand() -> None:
    assert least_alpha(TradeoffPoint(Fraction(1, 4), Fraction(3, 4)), Fraction(0)) == 3
    # (0.6 − 0.1)/0.2 = 5/2 against (1 − 0.2 − 0.1)/(1 − 0.6) = 7/4
    assert least_alpha(TradeoffPoint(Fraction(1, 5), Fraction(3, 5)), Fraction(1, 10)) == Fraction(5, 2)
    # The mirrored form wins when TPR is near 1: (0.99 − 0)/0.5 < (1 − 0.5)/0.01
    assert least_alpha(TradeoffPoint(Fraction(1, 2), Fraction(99, 100)), Fraction(0)) == 50
    assert least_alpha(TradeoffPoint(Fraction(1, 2), Fraction(1, 3)), Fraction(0)) == 1
    assert least_alpha(TradeoffPoint(Fraction(0), Fraction(1, 2)), Fraction(0)) is None
    assert least_alpha(TradeoffPoint(Fraction(0), Fraction(1, 2)), Fraction(1, 2)) == 1
    assert least_alpha(TradeoffPoint(Fraction(1, 2), Fraction(1)), Fraction(0)) is None


def mp_epsilon(trials: int, tp: int, fp: int, delta: Fraction, level: Fraction) -> mpmath.mpf | None:
    """ε_audit at 50 digits: the Clopper–Pearson roots by mpmath, then the formula."""
    half = mpmath.mpf(level.numerator) / level.denominator / 2
    d = mpmath.mpf(delta.numerator) / delta.denominator

    def root(function: object) -> mpmath.mpf:
        return mpmath.findroot(
            function, (mpmath.mpf(0), mpmath.mpf(1)), solver="illinois", tol=mpmath.mpf(10) ** -45
        )

    low = (
        mpmath.mpf(0)
        if tp == 0
        else root(lambda p: mpmath.betainc(tp, trials - tp + 1, 0, p, regularized=True) - half)
    )
    high = (
        mpmath.mpf(1)
        if fp == trials
        else root(lambda p: mpmath.betainc(fp + 1, trials - fp, 0, p, regularized=True) - (1 - half))
    )
    best = max((low - d) / high, (1 - high - d) / (1 - low))
    return mpmath.log(best) if best > 1 else None


@settings(max_examples=30)
@given(st.integers(min_value=1, max_value=200), deltas, st.data())
def test_the_certified_bound_holds_mpmath(trials: int, delta: Fraction, data: st.DataObject) -> None:
    tp = data.draw(st.integers(min_value=0, max_value=trials))
    fp = data.draw(st.integers(min_value=0, max_value=trials))
    level = data.draw(st.sampled_from([Fraction(1, 20), Fraction(1, 10)]))
    found = audit(trials, tp, fp, delta, level)
    with mpmath.workdps(50):
        expected = mp_epsilon(trials, tp, fp, delta, level)
        if expected is None:
            assert found.epsilon is None
            return
        text = mpmath.nstr(expected, 45)
    assert found.epsilon is not None
    assert found.epsilon.lower <= Fraction(text) <= found.epsilon.upper
    assert found.epsilon.decimal == fixed_decimal(Fraction(text), 3)


def test_a_hand_audit() -> None:
    # 80 of 100 and 20 of 100 at a = 1/20: by symmetry FPR_high = 1 − TPR_low, so both forms
    # give ln(p_L/(1 − p_L)) with p_L = p_L(80 of 100) at 1/40 = 0.70815731…
    found = audit(100, 80, 20, Fraction(0), Fraction(1, 20))
    assert found.epsilon is not None
    assert found.epsilon.decimal == "0.886"
    assert found.tpr_low.lower < Fraction(70815732, 10**8) < found.tpr_low.upper + Fraction(1, 10**8)
    assert (found.fpr_high.lower, found.fpr_high.upper) == (1 - found.tpr_low.upper, 1 - found.tpr_low.lower)


def test_counts_that_certify_nothing() -> None:
    assert audit(100, 30, 40, Fraction(0), Fraction(1, 20)).epsilon is None
    assert audit(10, 5, 5, Fraction(0), Fraction(1, 20)).epsilon is None
    # A large δ swallows a clear difference: TPR_low ≈ 0.69 − 0.6 is below FPR_high ≈ 0.31.
    assert audit(10, 10, 0, Fraction(3, 5), Fraction(1, 20)).epsilon is None


@given(
    st.fractions(min_value=1, max_value=9, max_denominator=5),
    st.integers(min_value=1, max_value=6),
    st.sampled_from([Fraction(0), Fraction(1, 50), Fraction(1, 5)]),
)
def test_exact_rates_never_exceed_the_mechanism(alpha0: Fraction, k: int, delta: Fraction) -> None:
    tradeoff = FreshTradeoff(alpha0, k)
    mechanism = Profile(tradeoff.channel).smallest_alpha(delta)
    assert mechanism is not None
    for test in tradeoff.threshold_tests():
        found = least_alpha(test.point, delta)
        assert found is not None
        assert found <= mechanism
    assert (
        least_alpha(tradeoff.threshold_test(k).point, Fraction(0))
        == alpha0**k
        == Profile(tradeoff.channel).smallest_alpha(Fraction(0))
    )


@settings(max_examples=25)
@given(st.integers(min_value=2, max_value=120), st.data())
def test_more_true_positives_help_more_false_positives_hurt(trials: int, data: st.DataObject) -> None:
    tp = data.draw(st.integers(min_value=0, max_value=trials - 1))
    fp = data.draw(st.integers(min_value=1, max_value=trials))
    a = Fraction(1, 20)

    def lower_end(tp: int, fp: int) -> Fraction:
        found = audit(trials, tp, fp, Fraction(0), a).epsilon
        return Fraction(0) if found is None else found.lower

    def upper_end(tp: int, fp: int) -> Fraction:
        found = audit(trials, tp, fp, Fraction(0), a).epsilon
        return Fraction(0) if found is None else found.upper

    assert upper_end(tp + 1, fp) >= lower_end(tp, fp)
    assert upper_end(tp, fp - 1) >= lower_end(tp, fp)


def test_large_counts() -> None:
    found = audit(100_000, 70_000, 25_000, Fraction(0), Fraction(1, 20))
    assert found.epsilon is not None
    assert found.epsilon.decimal == "1.015"  # ln(0.69715/0.25270)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((10, 11, 0, Fraction(0), Fraction(1, 20)), "count"),
        ((10, 1, -1, Fraction(0), Fraction(1, 20)), "count"),
        ((10, 1, 0, Fraction(2), Fraction(1, 20)), "δ"),
        ((10, 1, 0, Fraction(0), Fraction(1)), "level"),
        ((0, 0, 0, Fraction(0), Fraction(1, 20)), "trials"),
    ],
)
def test_bad_input_is_refused(arguments: tuple[int, int, int, Fraction, Fraction], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        audit(*arguments)
