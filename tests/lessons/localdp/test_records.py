"""The central-and-local lesson's records held to hand values and to routes of their own.

- hand values for four users (α₀ = 3, π = 1/2): Var(π̂) = 1/4, P(|π̂ − π| <= 1/4) = 3/8, the
  central variance 5/32 and its accuracy 19/27, the shuffled δ*(1) and one report's δ*(1);
- a brute force over all 2ⁿ report vectors (n <= 10), and over every pair of a true bit and a
  coin for each user (4ⁿ, n <= 4), gives the law, the mean, the variance and the accuracy of π̂
  that the binomial route gives; E[π̂] = π exactly;
- the central accuracy against a sum over the true count and a finite range of noise values;
- the shuffled count's δ*(α) against a direct enumeration of every report vector, grouped into
  multisets (counts of ones), for every choice of the others' bits (n <= 7);
- the page's published numbers: RAPPOR's ε₁ reproduces 0.5343, Apple's day is the basic
  composition of its donations, the shuffle example's exact ε is below the clone bound.
The lab's rules are held in test_lab.py.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from generator.core.rate_estimation import LocalEstimate
from generator.lessons.localdp import example_record, record
from generator.lessons.localdp.records import (
    DeploymentsRecord,
    ShuffleRecord,
    State,
    StateRecord,
    significant_tex,
    state_record,
)

F = Fraction
ONE = F(1)


def _state(
    n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction, ones: int = 0, alpha: Fraction = ONE
) -> StateRecord:
    return state_record(State(alpha0, n, rate, tolerance, ones, alpha))


# ---------------------------------------------------------------------------------------
# Hand values


def test_four_users_by_hand() -> None:
    """α₀ = 3: p = 3/4, and at π = 1/2 a report is 1 with probability 1/2, so C ~ Bin(4, 1/2).
    Var(π̂) = ρ(1 − ρ)/(n(2p − 1)²) = (1/4)/(4·1/4) = 1/4; the window |C/4 − 1/2| <= 1/8 holds
    C = 2 alone, with probability 6/16 = 3/8. Centrally Var = 1/16 + 2·3/(16·4) = 5/32."""
    found = example_record("hand")
    assert found["truth"] == F(3, 4)
    assert found["report_rate"] == F(1, 2)
    assert found["sampling_variance"] == F(1, 16)
    assert found["estimate_privacy"] == F(3, 16)
    assert found["estimate_variance"] == F(1, 4)
    assert (found["window_lo"], found["window_hi"]) == (2, 2)
    assert found["within"] == F(3, 8)
    assert found["central_variance"] == F(5, 32)
    assert found["privacy_ratio"] == F(2)  # n/2
    assert found["local_delta"] == F(1, 2)  # (α₀ − 1)/(α₀ + 1) at α = 1
    assert found["eps_local"] == "1.099"


def test_the_four_users_central_accuracy_by_hand() -> None:
    """C' ~ Bin(4, 1/2) plus Z with P(Z = z) = (1/2)(1/3)^|z|; the window is s in {1, 2, 3}.
    P(Z in [a, b]) for the five values of C' summed by hand gives 19/27."""
    r = F(1, 3)

    def noise(z: int) -> Fraction:
        return (1 - r) / (1 + r) * r ** abs(z)

    total = sum(F(math.comb(4, c), 16) * sum(noise(s - c) for s in (1, 2, 3)) for c in range(5))
    assert total == F(19, 27) == example_record("hand")["within_central"]


def test_the_four_users_shuffled_delta_by_hand() -> None:
    """Three others all hold 0: under x = 0 the count is Bin(4, 1/4); under x = 1 it is
    Bin(3, 1/4) + Bern(3/4). δ*(1) is the total variation distance between the two."""
    law0 = [F(math.comb(4, k)) * F(1, 4) ** k * F(3, 4) ** (4 - k) for k in range(5)]
    others = [F(math.comb(3, k)) * F(1, 4) ** k * F(3, 4) ** (3 - k) for k in range(4)] + [F(0)]
    law1 = [others[k] * F(1, 4) + (others[k - 1] * F(3, 4) if k else F(0)) for k in range(5)]
    tv = sum(max(F(0), a - b) for a, b in zip(law0, law1, strict=True))
    assert tv == F(27, 128) == example_record("hand")["shuffled_delta"]


# ---------------------------------------------------------------------------------------
# Brute force over report vectors


def _brute_force(
    n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction
) -> tuple[dict[Fraction, Fraction], Fraction]:
    """The law of π̂ over every report vector, each with its probability ∏ ρ^r (1 − ρ)^(1−r),
    and P(|π̂ − π| <= t), summed vector by vector."""
    p = alpha0 / (1 + alpha0)
    rho = rate * p + (1 - rate) * (1 - p)
    law: dict[Fraction, Fraction] = {}
    within = F(0)
    for reports in itertools.product((0, 1), repeat=n):
        chance = math.prod((rho if r else 1 - rho) for r in reports)
        estimate = (F(sum(reports), n) - (1 - p)) / (2 * p - 1)
        law[estimate] = law.get(estimate, F(0)) + chance
        if abs(estimate - rate) <= tolerance:
            within += chance
    return law, within


CASES = [
    (n, rate, alpha0, tolerance)
    for n in (1, 2, 3, 5, 8)
    for rate in (F(0), F(3, 10), F(1, 2), F(1))
    for alpha0 in (F(11, 10), F(3), F(57, 10))
    for tolerance in (F(0), F(1, 10), F(1, 3))
]


@pytest.mark.parametrize(
    ("n", "rate", "alpha0", "tolerance"),
    [*CASES[::3], (10, F(3, 10), F(3), F(1, 10)), (10, F(1, 2), F(11, 10), F(0))],
)
def test_every_report_vector_gives_the_binomial_route(
    n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction
) -> None:
    law, within = _brute_force(n, rate, alpha0, tolerance)
    estimate = LocalEstimate(n, rate, alpha0)
    binomial = {outcome.estimate: outcome.probability for outcome in estimate.law() if outcome.probability}
    assert {k: v for k, v in law.items() if v} == binomial
    mean = sum(value * chance for value, chance in law.items())
    assert mean == rate  # unbiased, exactly
    variance = sum((value - mean) ** 2 * chance for value, chance in law.items())
    found = _state(n, rate, alpha0, tolerance)
    assert variance == found["estimate_variance"]
    assert within == found["within"]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_true_bit_and_coin_gives_the_same_law(n: int) -> None:
    """Each user draws a true bit (1 with probability π) and a coin (the truth with
    probability p): 4ⁿ joint outcomes, the report the bit or its flip."""
    rate, alpha0 = F(2, 7), F(5, 2)
    p = alpha0 / (1 + alpha0)
    law: dict[int, Fraction] = {}
    for outcome in itertools.product(((0, True), (0, False), (1, True), (1, False)), repeat=n):
        chance = math.prod((rate if bit else 1 - rate) * (p if keep else 1 - p) for bit, keep in outcome)
        ones = sum(bit if keep else 1 - bit for bit, keep in outcome)
        law[ones] = law.get(ones, F(0)) + chance
    assert [law[c] for c in range(n + 1)] == [o.probability for o in LocalEstimate(n, rate, alpha0).law()]


@pytest.mark.parametrize("n", [1, 7, 40])
def test_the_estimate_is_unbiased_exactly(n: int) -> None:
    for rate in (F(0), F(1, 3), F(1234, 10000), F(1)):
        law = LocalEstimate(n, rate, F(3)).law()
        assert sum(o.probability for o in law) == 1
        assert sum(o.estimate * o.probability for o in law) == rate


# ---------------------------------------------------------------------------------------
# The central accuracy by a second route


@pytest.mark.parametrize(
    ("n", "rate", "alpha0", "tolerance"),
    [
        (1, F(1, 2), F(3), F(0)),
        (3, F(1, 3), F(2), F(1, 3)),
        (6, F(3, 10), F(11, 10), F(1, 10)),
        (9, F(1), F(5), F(1, 2)),
    ],
)
def test_the_central_accuracy_sums_over_counts_and_noise(
    n: int, rate: Fraction, alpha0: Fraction, tolerance: Fraction
) -> None:
    """Σ_c P(C' = c)·P(A − c <= Z <= B − c), the noise's window summed value by value."""
    r = 1 / alpha0
    lo, hi = math.ceil(n * (rate - tolerance)), math.floor(n * (rate + tolerance))
    total = F(0)
    for c in range(n + 1):
        count = math.comb(n, c) * rate**c * (1 - rate) ** (n - c)
        total += count * sum((1 - r) / (1 + r) * r ** abs(s - c) for s in range(lo, hi + 1))
    found = _state(n, rate, alpha0, tolerance)
    assert found["within_central"] == total
    assert found["central_variance"] == rate * (1 - rate) / n + 2 * alpha0 / (n**2 * (alpha0 - 1) ** 2)


# ---------------------------------------------------------------------------------------
# The shuffled count by enumerating multisets


def _enumerated_delta(n: int, ones: int, alpha0: Fraction, alpha: Fraction) -> Fraction:
    """Both laws of the multiset of n reports (the count of ones) from every report vector:
    the target is user 0 with bit x, users 1..ones hold 1 and the rest 0."""
    p = alpha0 / (1 + alpha0)
    laws = []
    for x in (0, 1):
        bits = (x, *([1] * ones), *([0] * (n - 1 - ones)))
        law = [F(0)] * (n + 1)
        for reports in itertools.product((0, 1), repeat=n):
            law[sum(reports)] += math.prod(
                (p if r == b else 1 - p) for r, b in zip(reports, bits, strict=True)
            )
        laws.append(law)
    first, second = laws
    forward = sum((max(F(0), a - alpha * b) for a, b in zip(first, second, strict=True)), F(0))
    backward = sum((max(F(0), b - alpha * a) for a, b in zip(first, second, strict=True)), F(0))
    return max(forward, backward)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7])
def test_the_shuffled_delta_is_the_multisets(n: int) -> None:
    for ones in range(n):
        for alpha0, alpha in ((F(3), F(1)), (F(3), F(2)), (F(11, 10), F(1)), (F(57, 10), F(3)), (F(2), F(5))):
            found = _state(n, F(1, 2), alpha0, F(0), ones, alpha)
            assert found["shuffled_delta"] == _enumerated_delta(n, ones, alpha0, alpha), (
                n,
                ones,
                alpha0,
                alpha,
            )
            assert found["shuffled_delta"] <= found["local_delta"]


# ---------------------------------------------------------------------------------------
# The page's numbers


def _deployments() -> DeploymentsRecord:
    found = record("deployments")
    assert isinstance(found, dict)
    assert "rappor_q_star" in found
    return found  # type: ignore[return-value]


def _shuffle() -> ShuffleRecord:
    found = record("shuffle")
    assert isinstance(found, dict)
    assert "clone_epsilon" in found
    return found  # type: ignore[return-value]


def test_rappor_reproduces_its_published_epsilon() -> None:
    found = _deployments()
    assert found["rappor_epsilon_one"] == found["rappor_published"] == "0.5343"
    assert found["rappor_q_star"] == F(21, 32)
    assert found["rappor_p_star"] == F(19, 32)
    # e^ε₁ = (q*(1 − p*)/(p*(1 − q*)))^2 = (21·13/(19·11))^2; e^ε∞ = (5/3)^4
    assert found["rappor_alpha_one"] == F(21 * 13, 19 * 11) ** 2
    assert found["rappor_alpha_infinity"] == F(5, 3) ** 4
    memoised, infinity, fresh = (
        F(found["rappor_memoised"]),
        F(found["rappor_epsilon_infinity"]),
        F(found["rappor_fresh"]),
    )
    assert memoised < infinity < fresh


def test_apples_days_are_the_basic_composition_of_its_donations() -> None:
    found = _deployments()
    for key, epsilon, donations in (("emoji", 4, 1), ("quicktype", 8, 2), ("health", 2, 1)):
        case = found[key]  # type: ignore[literal-required]
        assert (case["epsilon"], case["donations"]) == (epsilon, donations)
        assert case["per_day"] == epsilon * donations
        assert case["week"] == found["days"] * epsilon * donations


def test_the_shuffle_example_sits_between_exact_and_published() -> None:
    found = _shuffle()
    assert found["worst_epsilon"] == "0.142"
    assert found["clone_epsilon"] == "0.624"
    assert found["worst_ones"] == "0, 999"
    assert found["tv_worst_ones"] == "5, 14"
    assert found["tv_delta"] > found["tv_agree_delta"]


def test_the_local_variance_is_n_over_two_times_the_central_one() -> None:
    for slug in ("survey", "many-users", "weak-noise", "crowd"):
        found = example_record(slug)
        assert found["privacy_ratio"] == F(found["n"], 2)


@pytest.mark.parametrize(
    ("value", "tex"),
    [
        (F(27, 128), "0.211"),
        (F(1, 3), "0.333"),
        (F(1, 1000), "0.001"),
        (F(119, 5 * 10**12), "2.38\\times10^{-11}"),
        (F(9996, 10), "1\\times10^{3}"),
        (F(1, 7 * 10**4000), "1.43\\times10^{-4001}"),
    ],
)
def test_significant_digits_in_tex(value: Fraction, tex: str) -> None:
    assert significant_tex(value) == tex
