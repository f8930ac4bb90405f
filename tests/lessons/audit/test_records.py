"""The auditing lesson's records held to hand values and to independent routes.

- hand values: the one-response and three-response tests' exact rates, advantages and bounds;
  e^8 − 1 and tanh 4 at a large ε; the group of poisoned samples;
- the trade-off curve against a brute force over every event of the 2^k transcripts (k ≤ 3):
  no event's (FPR, TPR) lies above the curve, and every vertex of the curve is an event's;
- the Clopper–Pearson bounds against the root of mpmath's regularized incomplete beta
  function at 50 digits (a bracketing root finder), and the certified cells contain it; the
  audit's ε recomputed from those roots lies in its enclosure;
- an audit never certifies more than the mechanism's true ε (hypothesis): counts at the test's
  own rates (tp rounded down, fp rounded up) give ε_audit ≤ ln α₀^k.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import mpmath  # type: ignore[import-untyped]
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.audit import audit
from generator.core.tradeoff import FreshTradeoff
from generator.lessons.audit import example_record, record
from generator.lessons.audit.lab import RATES
from generator.lessons.audit.records import audit_record


def test_one_response_by_hand() -> None:
    rates = example_record("one-response")["rates"]
    # α₀ = 3: a response is truthful with 3/4, so "member when it says 1" has FPR 1/4, TPR 3/4.
    assert (rates["fpr"], rates["tpr"], rates["advantage"]) == ("1/4", "3/4", "1/2")
    # (α − 1)/(α + 1) at α = 3 is 1/2: the one test reaches the region's corner; Yeom: α − 1 = 2.
    assert (rates["advantage_bound"], rates["yeom_bound"], rates["own"]) == ("1/2", "2", "3")


def test_three_responses_by_hand() -> None:
    found = example_record("three-responses")
    rates = found["rates"]
    # x = 0: each response is 1 with 1/3; P(T ≥ 2) = 3·(1/3)²·(2/3) + (1/3)³ = 7/27.
    assert (rates["fpr"], rates["tpr"], rates["advantage"]) == ("7/27", "20/27", "13/27")
    assert (rates["alpha"], rates["advantage_bound"], rates["yeom_bound"]) == ("8", "7/9", "7")
    assert found["curve"]["best_threshold"] == 2
    assert found["curve"]["best_advantage"] == "13/27"


def test_the_bounds_at_a_large_epsilon() -> None:
    found = record("bounds")
    assert isinstance(found, dict)
    with mpmath.workdps(50):
        big = mpmath.exp(8)
        assert found["yeom_big"] == str(int(mpmath.nint(big - 1)))  # type: ignore[typeddict-item]
        assert abs(mpmath.mpf(found["tight_big"]) - mpmath.tanh(4)) <= mpmath.mpf("5e-6")  # type: ignore[typeddict-item]
    assert found["poisoned_alpha"] == Fraction(3) ** 5  # type: ignore[typeddict-item]


def test_the_target_out_of_reach_has_no_trials() -> None:
    plan = example_record("out-of-reach")["plan"]
    assert plan == {"trials": "", "reason": "inside"}


def _events(alpha0: Fraction, k: int) -> list[tuple[Fraction, Fraction]]:
    """(FPR, TPR) of every event of the 2^k transcripts, by brute force."""
    p = alpha0 / (1 + alpha0)
    transcripts = list(product((0, 1), repeat=k))

    def chance(transcript: tuple[int, ...], x: int) -> Fraction:
        result = Fraction(1)
        for bit in transcript:
            result *= p if bit == x else 1 - p
        return result

    points = []
    for chosen in product((False, True), repeat=len(transcripts)):
        member = [t for t, keep in zip(transcripts, chosen, strict=True) if keep]
        points.append(
            (
                sum((chance(t, 0) for t in member), Fraction(0)),
                sum((chance(t, 1) for t in member), Fraction(0)),
            )
        )
    return points


@pytest.mark.parametrize(
    ("alpha0", "k"), [(Fraction(2), 1), (Fraction(3), 2), (Fraction(2), 3), (Fraction(3, 2), 3)]
)
def test_the_curve_is_the_upper_edge_of_every_event(alpha0: Fraction, k: int) -> None:
    mechanism = FreshTradeoff(alpha0, k)
    events = _events(alpha0, k)
    assert all(tpr <= mechanism.max_tpr(fpr) for fpr, tpr in events)
    assert {(point.fpr, point.tpr) for point in mechanism.curve()} <= set(events)


def _root(x: int, n: int, level: mpmath.mpf, near: str) -> mpmath.mpf:
    """The p with I_p(x, n − x + 1) = level: P(X ≥ x | p) = level, bracketed within 10⁻³ of
    ``near`` (the root finder checks the root; the bracket only starts it)."""
    guess = mpmath.mpf(near)
    bracket = (
        max(guess - mpmath.mpf("1e-3"), mpmath.mpf("1e-30")),
        min(guess + mpmath.mpf("1e-3"), 1 - mpmath.mpf("1e-30")),
    )
    return mpmath.findroot(
        lambda p: mpmath.betainc(x, n - x + 1, 0, p, regularized=True) - level, bracket, solver="illinois"
    )


@pytest.mark.parametrize(
    ("trials", "tp", "fp"),
    [(100, 75, 25), (1000, 750, 250), (1000, 1000, 0), (10000, 7500, 2500), (877, 601, 129), (30, 30, 0)],
)
def test_the_clopper_pearson_cells_hold_mpmaths_roots(trials: int, tp: int, fp: int) -> None:
    with mpmath.workdps(50):
        half = mpmath.mpf(1) / 40  # confidence 0.95: each bound at a/2
        found = audit_record(trials, tp, fp, Fraction(0), Fraction(1, 20))
        low = _root(tp, trials, half, found["tpr_lower"]["lower"])
        # p_U(x) solves P(X ≤ x | p) = a/2, that is P(X ≥ x + 1 | p) = 1 − a/2; p_U(n) = 1.
        high = mpmath.mpf(1) if fp == trials else _root(fp + 1, trials, 1 - half, found["fpr_upper"]["lower"])
        assert mpmath.mpf(found["tpr_lower"]["lower"]) <= low <= mpmath.mpf(found["tpr_lower"]["upper"])
        assert mpmath.mpf(found["fpr_upper"]["lower"]) <= high <= mpmath.mpf(found["fpr_upper"]["upper"])
        epsilon = mpmath.log(max(low / high, (1 - high) / (1 - low)))
        assert mpmath.mpf(found["epsilon"]["lower"]) <= epsilon <= mpmath.mpf(found["epsilon"]["upper"])
        assert mpmath.mpf(found["epsilon"]["value"]) <= epsilon  # shown rounded down


def test_the_rates_grid_keys_a_bad_threshold_apart() -> None:
    assert RATES.point({"alpha0": "2", "k": "1", "threshold": "4", "delta": "0"}).key == "rates|-"


@settings(max_examples=40, deadline=None)
@given(
    alpha0=st.sampled_from([Fraction(3, 2), Fraction(2), Fraction(3)]),
    k=st.integers(1, 4),
    data=st.data(),
    trials=st.integers(1, 2000),
    delta=st.sampled_from([Fraction(0), Fraction(1, 100000)]),
    level=st.sampled_from([Fraction(1, 10), Fraction(1, 20), Fraction(1, 100)]),
)
def test_an_audit_never_certifies_more_than_the_true_epsilon(
    alpha0: Fraction, k: int, data: st.DataObject, trials: int, delta: Fraction, level: Fraction
) -> None:
    """At the test's own rates (tp = ⌊n·TPR⌋, fp = ⌈n·FPR⌉) the pessimistic point lies inside
    the test's region, since p_L(x) ≤ x/n and p_U(x) ≥ x/n for a level below 1/2."""
    threshold = data.draw(st.integers(0, k + 1))
    test = FreshTradeoff(alpha0, k).threshold_test(threshold)
    tp = (trials * test.tpr).__floor__()
    fp = (trials * test.fpr).__ceil__()
    found = audit(trials, tp, fp, delta, level)
    if found.epsilon is not None:
        with mpmath.workdps(50):
            truth = k * mpmath.log(mpmath.mpf(alpha0.numerator) / alpha0.denominator)
            lower = found.epsilon.lower
            assert mpmath.mpf(lower.numerator) / lower.denominator <= truth
